/*
 * ruleset_yaml.c - steps 1 and 2 of reading a rule set (see ruleset.c):
 * the file into memory, screened, refused beyond 1 MiB; then libyaml's
 * events into a small tree of mappings, lists and scalars with 1-based
 * positions, refusing what a rule file never needs and what makes YAML
 * dangerous to read from strangers (deep nesting, anchors, aliases, tags,
 * merge keys, more than one document) and finding duplicate keys, which
 * libyaml accepts silently.  What the tree means is ruleset.c's.
 */
#include "rs_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "text_guard.h"

/* More YAML nodes than this in one file is not a rule file. */
#define DK_RULESET_MAX_NODES 20000

/*
 * The text screen every reader shares (text_guard.h): a NUL or another
 * control character, a line over 64 KiB, bytes that are no UTF-8 are
 * refused at their line and column, naming nothing of the content.
 */
static int screen_text(const char *buf, size_t len, const char *path, dk_diag *diag)
{
	dk_text_guard g;

	/* UTF-16 has its own message (build_tree) */
	if (len >= 2 && (((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe) ||
			 ((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff)))
		return 0;
	dk_text_guard_init(&g, false);
	if (dk_text_guard_feed(&g, buf, len) == 0 && dk_text_guard_finish(&g) == 0)
		return 0;
	dk_diag_error(diag, path, g.error_loc, "%s", g.error);
	return -1;
}

/*
 * Read path into *out (malloc'd, NUL-terminated, caller frees) and its
 * length into *len.  Returns 0, or -1 with an error in diag.
 */
int rs_read_file(char **out, size_t *len, const char *path, dk_diag *diag)
{
	struct stat st;
	size_t cap = 8192, n = 0;
	char *buf = NULL;
	int fd, rc = -1;

	*out = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer; the file is
	 * refused below unless it is a regular file, and a regular file
	 * reads the same either way */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		dk_diag_error(diag, NULL, rs_no_loc, "cannot open '%s': %s",
			      rs_show_str(path).s, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0)
		st.st_mode = 0;
	if (S_ISDIR(st.st_mode)) {
		dk_diag_error(diag, path, rs_no_loc,
			      "is a directory, not a rule set file");
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		dk_diag_error(diag, path, rs_no_loc,
			      "is not a regular file (a FIFO, device or socket is never read as a rule set)");
		goto out;
	}
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > DK_RULESET_MAX_BYTES) {
		dk_diag_error(diag, path, rs_no_loc,
			      "file is larger than 1 MiB, the limit for rule set files");
		goto out;
	}
	buf = dk_xmalloc(cap);
	for (;;) {
		ssize_t got;

		if (n == cap - 1) {
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			dk_diag_error(diag, path, rs_no_loc, "cannot read file: %s",
				      strerror(errno));
			goto out;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > DK_RULESET_MAX_BYTES) {
			dk_diag_error(diag, path, rs_no_loc,
				      "file is larger than 1 MiB, the limit for rule set files");
			goto out;
		}
	}
	buf[n] = '\0';
	if (screen_text(buf, n, path, diag) < 0)
		goto out;
	*out = buf;
	*len = n;
	buf = NULL;
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Step 2: libyaml events into a tree                                  */
/* ------------------------------------------------------------------ */

typedef struct builder {
	dk_arena *arena;
	const char *file;
	dk_diag *diag;
	node *stack[DK_RULESET_MAX_DEPTH];
	size_t depth;
	size_t nodes;
	int documents;
	node *root;
	bool failed;        /* an error that did not stop the reading */
} builder;

static dk_loc mark_loc(yaml_mark_t m)
{
	dk_loc loc = { (uint32_t)m.line + 1, (uint32_t)m.column + 1 };
	return loc;
}

/* libyaml's reader reports a byte offset only: count lines and characters. */
static dk_loc offset_loc(const char *buf, size_t len, size_t offset)
{
	dk_loc loc = { 1, 1 };

	if (offset > len)
		offset = len;
	for (size_t i = 0; i < offset; i++) {
		if (buf[i] == '\n') {
			loc.line++;
			loc.col = 1;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80) {
			loc.col++;
		}
	}
	return loc;
}

const char *rs_kind_name(const node *n)
{
	switch (n->kind) {
	case NODE_MAP:
		return "a mapping";
	case NODE_SEQ:
		return "a list";
	case NODE_SCALAR:
		break;
	}
	return "a string";
}

static void report_yaml_error(const yaml_parser_t *p, const char *buf,
			      size_t len, const char *file, dk_diag *diag)
{
	const char *problem = p->problem ? p->problem : "syntax error";

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		dk_diag_error(diag, file, rs_no_loc, "out of memory while reading yaml");
		break;
	case YAML_READER_ERROR:
		if (p->problem_value != -1)
			dk_diag_error(diag, file,
				      offset_loc(buf, len, p->problem_offset),
				      "invalid yaml: %s (0x%02x)", problem,
				      (unsigned)p->problem_value);
		else
			dk_diag_error(diag, file,
				      offset_loc(buf, len, p->problem_offset),
				      "invalid yaml: %s", problem);
		break;
	default:
		if (p->context) {
			dk_loc c = mark_loc(p->context_mark);
			dk_diag_error(diag, file, mark_loc(p->problem_mark),
				      "invalid yaml: %s (%s at %u:%u)", problem,
				      p->context, (unsigned)c.line,
				      (unsigned)c.col);
		} else {
			dk_diag_error(diag, file, mark_loc(p->problem_mark),
				      "invalid yaml: %s", problem);
		}
		break;
	}
}

/* Anchors and tags are refused on every node. */
static int check_properties(builder *b, const yaml_char_t *anchor,
			    const yaml_char_t *tag, dk_loc loc)
{
	if (anchor) {
		dk_diag_error(b->diag, b->file, loc,
			      "anchors ('&%s') are not allowed in rule set files",
			      rs_show_str((const char *)anchor).s);
		return -1;
	}
	if (tag) {
		/* libyaml hands over "!!bool" resolved: show it as written */
		static const char core[] = "tag:yaml.org,2002:";
		const char *t = (const char *)tag;
		bool is_core = strncmp(t, core, sizeof(core) - 1) == 0;

		dk_diag_error(b->diag, b->file, loc,
			      "tags ('%s%s') are not allowed in rule set files",
			      is_core ? "!!" : "",
			      rs_show_str(is_core ? t + sizeof(core) - 1 : t).s);
		return -1;
	}
	return 0;
}

static node *new_node(builder *b, node_kind kind, dk_loc loc)
{
	node *n;

	if (b->nodes++ == DK_RULESET_MAX_NODES) {
		dk_diag_error(b->diag, b->file, loc,
			      "more than %d yaml nodes; this is no rule set file",
			      DK_RULESET_MAX_NODES);
		return NULL;
	}
	n = dk_arena_alloc(b->arena, sizeof(*n));
	n->kind = kind;
	n->loc = loc;
	return n;
}

static void append_child(node *parent, node *n)
{
	if (parent->last)
		parent->last->next = n;
	else
		parent->first = n;
	parent->last = n;
	parent->count++;
}

/* Hang n into the open mapping or list, or make it the root. */
static int attach(builder *b, node *n)
{
	node *parent;

	if (b->depth == 0) {
		b->root = n;
		return 0;
	}
	parent = b->stack[b->depth - 1];
	if (parent->kind == NODE_SEQ) {
		append_child(parent, n);
		return 0;
	}
	if (parent->open_key) {
		parent->open_key->value = n;
		parent->open_key = NULL;
		return 0;
	}
	if (n->kind != NODE_SCALAR) {
		dk_diag_error(b->diag, b->file, n->loc,
			      "a key must be a string, not %s", rs_kind_name(n));
		return -1;
	}
	if (!n->quoted && rs_text_eq(n->text, n->len, "<<")) {
		dk_diag_error(b->diag, b->file, n->loc,
			      "merge keys ('<<') are not allowed in rule set files");
		return -1;
	}
	append_child(parent, n);
	parent->open_key = n;
	return 0;
}

static int compare_keys(const void *pa, const void *pb)
{
	const node *a = *(const node *const *)pa;
	const node *b = *(const node *const *)pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->text, b->text, n);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	return a->loc.col < b->loc.col ? -1 : a->loc.col > b->loc.col;
}

typedef struct duplicate {
	const node *again;
	const node *first;
} duplicate;

static int compare_duplicates(const void *pa, const void *pb)
{
	const duplicate *a = pa, *b = pb;

	if (a->again->loc.line != b->again->loc.line)
		return a->again->loc.line < b->again->loc.line ? -1 : 1;
	return a->again->loc.col < b->again->loc.col ? -1 :
	       a->again->loc.col > b->again->loc.col;
}

/*
 * libyaml accepts a key twice and a naive reader keeps the last value.
 * Sorting makes the check O(n log n) even for a hostile mapping.
 */
static void check_duplicates(builder *b, const node *map)
{
	node **sorted;
	duplicate *dups;
	size_t i = 0, ndups = 0, start = 0;

	if (map->count < 2)
		return;
	sorted = dk_xmalloc(map->count * sizeof(*sorted));
	dups = dk_xmalloc(map->count * sizeof(*dups));
	for (node *k = map->first; k; k = k->next)
		sorted[i++] = k;
	qsort(sorted, map->count, sizeof(*sorted), compare_keys);
	for (i = 1; i < map->count; i++) {
		const node *a = sorted[start], *k = sorted[i];
		if (a->len == k->len && memcmp(a->text, k->text, k->len) == 0) {
			dups[ndups].again = k;
			dups[ndups].first = a;
			ndups++;
		} else {
			start = i;
		}
	}
	qsort(dups, ndups, sizeof(*dups), compare_duplicates);
	for (i = 0; i < ndups; i++) {
		dk_diag_error(b->diag, b->file, dups[i].again->loc,
			      "duplicate key '%s' (first at %u:%u)",
			      rs_show(dups[i].again->text, dups[i].again->len).s,
			      (unsigned)dups[i].first->loc.line,
			      (unsigned)dups[i].first->loc.col);
		b->failed = true;
	}
	free(dups);
	free(sorted);
}

/*
 * The byte screen saw the file; a double-quoted scalar's escapes ("\e",
 * "\x9b", "\u202e") it did not.  What they wrote may not reach a message
 * that quotes the text: a control character other than tab and line feed,
 * or a bidirectional control, is refused where the scalar starts.
 */
static int scalar_refused(builder *b, const yaml_event_t *ev, dk_loc loc)
{
	uint32_t cp;
	size_t len = ev->data.scalar.length;
	if (dk_text_refused((const char *)ev->data.scalar.value, len, true, &cp) == len)
		return 0;
	char what[64];
	dk_text_refused_what(what, sizeof(what), cp);
	dk_diag_error(b->diag, b->file, loc, "%s is not accepted (an escape in a quoted "
		      "text wrote it)", what);
	return -1;
}

/*
 * A source, or a title, as reports quote it: on one line.  One written
 * over several lines (a YAML block, an escape) has its line breaks and
 * tabs as spaces, so that no line of it looks like a line of the report
 * that quotes it (`rules show` wraps a source anew).
 */
char *rs_one_line(char *s)
{
	for (char *p = s; p && *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	return s;
}

/* One event.  Returns 0 to go on, 1 at the end of the stream, -1 to stop. */
static int on_event(builder *b, const yaml_event_t *ev)
{
	dk_loc loc = mark_loc(ev->start_mark);
	node *n;

	switch (ev->type) {
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
		return 0;
	case YAML_STREAM_END_EVENT:
		return 1;
	case YAML_DOCUMENT_START_EVENT:
		if (b->documents++ > 0) {
			dk_diag_error(b->diag, b->file, loc,
				      "a second yaml document; a rule set file holds one");
			return -1;
		}
		if (ev->data.document_start.tag_directives.start !=
		    ev->data.document_start.tag_directives.end) {
			dk_diag_error(b->diag, b->file, loc,
				      "tag directives ('%%TAG') are not allowed in rule set files");
			return -1;
		}
		return 0;
	case YAML_ALIAS_EVENT:
		dk_diag_error(b->diag, b->file, loc,
			      "aliases ('*%s') are not allowed in rule set files",
			      rs_show_str((const char *)ev->data.alias.anchor).s);
		return -1;
	case YAML_SCALAR_EVENT:
		if (check_properties(b, ev->data.scalar.anchor,
				     ev->data.scalar.tag, loc) < 0)
			return -1;
		if (scalar_refused(b, ev, loc) < 0)
			return -1;
		n = new_node(b, NODE_SCALAR, loc);
		if (!n)
			return -1;
		n->text = dk_arena_strndup(b->arena,
					   (const char *)ev->data.scalar.value,
					   ev->data.scalar.length);
		n->len = ev->data.scalar.length;
		n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		return attach(b, n);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (ev->type == YAML_SEQUENCE_START_EVENT
		    ? check_properties(b, ev->data.sequence_start.anchor,
				       ev->data.sequence_start.tag, loc) < 0
		    : check_properties(b, ev->data.mapping_start.anchor,
				       ev->data.mapping_start.tag, loc) < 0)
			return -1;
		if (b->depth == DK_RULESET_MAX_DEPTH) {
			dk_diag_error(b->diag, b->file, loc,
				      "nesting deeper than %d levels",
				      DK_RULESET_MAX_DEPTH);
			return -1;
		}
		n = new_node(b, ev->type == YAML_SEQUENCE_START_EVENT
				 ? NODE_SEQ : NODE_MAP, loc);
		if (!n || attach(b, n) < 0)
			return -1;
		b->stack[b->depth++] = n;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth == 0)
			return -1;  /* libyaml never does this */
		n = b->stack[--b->depth];
		if (n->kind == NODE_MAP)
			check_duplicates(b, n);
		return 0;
	}
	return 0;
}

/*
 * Parse buf as one YAML document into a tree allocated in arena.  *out gets
 * the root, or NULL for a file without a document.  Returns 0, or -1 with
 * errors in diag.
 */
int rs_build_tree(node **out, bool *bytes_bad, dk_arena *arena,
		  const char *buf, size_t len, const char *file, dk_diag *diag)
{
	builder b = { .arena = arena, .file = file, .diag = diag };
	yaml_parser_t parser;
	int rc = 0;

	*out = NULL;
	*bytes_bad = false;
	if (len >= 2 && (((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe) ||
			 ((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff))) {
		dk_diag_error(diag, file, rs_no_loc,
			      "file is utf-16; rule set files must be utf-8");
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		dk_diag_error(diag, file, rs_no_loc, "out of memory while reading yaml");
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (rc == 0) {
		yaml_event_t ev;

		if (!yaml_parser_parse(&parser, &ev)) {
			/* bytes that are no UTF-8 text, found before the
			 * tokens: the message names the byte and its place */
			*bytes_bad = parser.error == YAML_READER_ERROR;
			report_yaml_error(&parser, buf, len, file, diag);
			rc = -1;
			break;
		}
		rc = on_event(&b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	*out = b.root;  /* as far as it was read, also after an error */
	return rc < 0 || b.failed ? -1 : 0;
}


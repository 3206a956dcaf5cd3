/*
 * reader.c - every game of a record with its rule set; see reader.h.
 *
 * Moved here from the CLI (src/cli/common.c and freedoko.c), which now
 * loops over this reader and prints what it reports, so that the library
 * and the program read files alike.
 */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "check.h"
#include "fmt_doko.h"
#include "fmt_freedoko.h"
#include "fmt_sheet.h"
#include "io.h"
#include "ruleset.h"

/* ---- rule sets, cached per file ------------------------------------------ */

#define CACHE_SIZE 8

typedef struct rules_cache {
	struct {
		char *key;
		bool ok;
		dk_ruleset rs;
	} e[CACHE_SIZE];
	int count;
} rules_cache;

/* ---- rule sets shared by the readers of a file's pieces ------------------ */

/* A file read in pieces on several threads (audit --jobs) loads each rule
 * set once for all of them.  What loading it said is kept: the caller,
 * who puts the pieces in the file's order, says it at its first use. */
typedef struct shared_entry {
	char *key;
	bool ok;
	dk_ruleset rs;
	dk_diag said;               /* the diagnostics of loading it */
	bool said_taken;
} shared_entry;

struct dk_rules_shared {
	pthread_mutex_t mu;
	shared_entry **e;           /* an entry stays where it is: readers keep
				       pointers to its rules */
	size_t n, cap;
};

dk_rules_shared *dk_rules_shared_new(void)
{
	dk_rules_shared *sh = dk_xcalloc(1, sizeof(*sh));
	pthread_mutex_init(&sh->mu, NULL);
	return sh;
}

void dk_rules_shared_free(dk_rules_shared *sh)
{
	if (!sh)
		return;
	for (size_t i = 0; i < sh->n; i++) {
		free(sh->e[i]->key);
		dk_ruleset_release(&sh->e[i]->rs);
		dk_diag_release(&sh->e[i]->said);
		free(sh->e[i]);
	}
	free(sh->e);
	pthread_mutex_destroy(&sh->mu);
	free(sh);
}

void dk_rules_shared_take_said(dk_rules_shared *sh, size_t i, dk_diag *d)
{
	pthread_mutex_lock(&sh->mu);
	if (i < sh->n && !sh->e[i]->said_taken) {
		const dk_diag *said = &sh->e[i]->said;
		for (size_t k = 0; k < said->count; k++) {
			const dk_diag_item *it = &said->items[k];
			dk_diag_add(d, it->severity, it->file, it->loc, "%s", it->message);
		}
		d->dropped += said->dropped;
		sh->e[i]->said_taken = true;
	}
	pthread_mutex_unlock(&sh->mu);
}

typedef enum kind { K_XML, K_DOKO, K_FD, K_SHEET } kind;

struct dk_reader {
	kind kind;
	dk_read_opts opts;
	char *path;                 /* as given: record-relative rule set paths */
	void *mem;                  /* the bytes of a record opened from memory */
	const char **dirs;          /* the rule set search path, read once */
	dk_xml_reader *xml;
	dk_doko_reader *doko;
	dk_fd_reader *fd;
	dk_reader_status status;
	bool finished;

	rules_cache cache;
	bool cli_rules_loaded;
	bool cli_rules_ok;
	dk_ruleset cli_rules;
	bool warned_no_rules;

	/* the game last returned */
	bool shared_used;           /* its rule set is entry shared_entry of
				       opts.shared_rules, said at shared_at */
	size_t shared_entry, shared_at;
	dk_ruleset fresh;           /* its own rule set (overrides, a FreeDoko game's) */
	bool fresh_used;
	const dk_rules *rules;
	bool ok;

	/* FreeDoko */
	dk_ruleset fd_rs;
	bool fd_have_rules;
	bool fd_in_session;
	bool fd_game_pending;       /* a session start was returned before it */
	bool fd_end_pending;        /* a session end was returned before the end */

	/* a score sheet (fmt_sheet.h), read whole: no games, no cards */
	char *sheet;
	size_t sheet_len;
	int sheet_fmt;
};

static void worsen(dk_reader *r, dk_reader_status s)
{
	if (r->status == DK_READER_SYSTEM || s == DK_READER_SYSTEM)
		r->status = DK_READER_SYSTEM;
	else if (s > r->status)
		r->status = s;
}


static void cache_release(rules_cache *c)
{
	for (int i = 0; i < c->count; i++) {
		free(c->e[i].key);
		dk_ruleset_release(&c->e[i].rs);
	}
	c->count = 0;
}

/* a rule set path in a record is relative to the record's directory */
static char *resolve_path(const char *record, const char *path)
{
	if (path[0] == '/' || strcmp(record, "-") == 0)
		return dk_xstrdup(path);
	const char *slash = strrchr(record, '/');
	if (!slash)
		return dk_xstrdup(path);
	size_t dir = (size_t)(slash - record) + 1;
	char *out = dk_xmalloc(dir + strlen(path) + 1);
	memcpy(out, record, dir);
	strcpy(out + dir, path);
	return out;
}

/* rule set key as dk_ruleset_load takes it: a name, or a path with a '/' */
static char *rules_key(const char *record, const dk_rules_ref *ref)
{
	if (ref->name)
		return dk_xstrdup(ref->name);
	char *p = resolve_path(record, ref->path);
	if (!strchr(p, '/')) {
		char *q = dk_xmalloc(strlen(p) + 3);
		memcpy(q, "./", 2);
		strcpy(q + 2, p);
		free(p);
		return q;
	}
	return p;
}

/* rule set key (--rules: is_cli) from the shared cache, loaded there if
 * it is not yet; what loading said stays in the cache */
static int shared_rules_for(dk_reader *r, const char *key, bool is_cli, const char *file,
			    const dk_rules_ref *ref, const dk_rules **out, dk_diag *d)
{
	dk_rules_shared *sh = r->opts.shared_rules;
	pthread_mutex_lock(&sh->mu);
	size_t i;
	for (i = 0; i < sh->n; i++)
		if (strcmp(sh->e[i]->key, key) == 0)
			break;
	if (i == sh->n) {
		if (sh->n == sh->cap) {
			sh->cap = sh->cap ? 2 * sh->cap : 8;
			sh->e = dk_xrealloc(sh->e, sh->cap * sizeof(sh->e[0]));
		}
		shared_entry *e = dk_xcalloc(1, sizeof(*e));
		e->key = dk_xstrdup(key);
		dk_ruleset_init(&e->rs);
		dk_diag_init(&e->said);
		e->ok = dk_ruleset_load(&e->rs, key, r->dirs, &e->said) == 0;
		if (!e->ok && !is_cli) {
			if (e->said.errors == 0)
				dk_diag_error(&e->said, file, ref->loc, "cannot load rule set '%s'", key);
			else
				dk_diag_error(&e->said, file, ref->loc,
					      "the record's rule set '%s' cannot be used",
					      ref->name ? ref->name : ref->path);
		}
		sh->e[sh->n++] = e;
	}
	shared_entry *e = sh->e[i];
	pthread_mutex_unlock(&sh->mu);
	r->shared_used = true;
	r->shared_entry = i;
	r->shared_at = d->count;
	if (!e->ok)
		return -1;
	*out = &e->rs.rules;
	return 0;
}

/* the rules for game g: a pointer into the cache or into r->fresh */
static int rules_for(dk_reader *r, const dk_game *g, const char *file, const dk_rules **out,
		     dk_diag *d)
{
	*out = NULL;
	if (r->opts.rules_given) {
		*out = r->opts.rules_given;
		return 0;
	}
	if (r->opts.rules && r->opts.shared_rules)
		return shared_rules_for(r, r->opts.rules, true, file, NULL, out, d);
	if (r->opts.rules) {
		if (!r->cli_rules_loaded) {
			r->cli_rules_loaded = true;
			dk_ruleset_init(&r->cli_rules);
			r->cli_rules_ok = dk_ruleset_load(&r->cli_rules, r->opts.rules, r->dirs, d) == 0;
		}
		if (!r->cli_rules_ok)
			return -1;
		*out = &r->cli_rules.rules;
		return 0;
	}
	const dk_rules_ref *ref = dk_game_rules(g);
	if (!ref || (!ref->name && !ref->path)) {
		if (r->opts.need_rules) {
			dk_diag_error(d, file, g->loc, "game %zu names no rule set (give <rules> "
				      "in the record or --rules)", g->index);
			return -1;
		}
		if (!r->warned_no_rules) {
			r->warned_no_rules = true;
			dk_diag_warning(d, file, g->loc, "game %zu names no rule set; the deck is "
					"taken from the hand size and equal cards follow 'first wins' "
					"(give <rules> or --rules)", g->index);
		}
		return 0;
	}
	char *key = rules_key(r->path, ref);
	if (ref->override_count) {
		dk_ruleset_init(&r->fresh);
		r->fresh_used = true;
		int rc = dk_ruleset_load(&r->fresh, key, r->dirs, d);
		for (size_t i = 0; rc == 0 && i < ref->override_count; i++)
			rc = dk_ruleset_override(&r->fresh, ref->overrides[i].key,
						 ref->overrides[i].value, file,
						 ref->overrides[i].loc, d);
		if (rc == 0)  /* the overrides must agree with the rest */
			rc = dk_ruleset_check(&r->fresh, d);
		free(key);
		if (rc != 0)
			return -1;
		*out = &r->fresh.rules;
		return 0;
	}
	if (r->opts.shared_rules) {
		int rc = shared_rules_for(r, key, false, file, ref, out, d);
		free(key);
		return rc;
	}
	rules_cache *c = &r->cache;
	for (int i = 0; i < c->count; i++) {
		if (strcmp(c->e[i].key, key) == 0) {
			free(key);
			if (!c->e[i].ok)
				return -1;  /* reported when first loaded */
			*out = &c->e[i].rs.rules;
			return 0;
		}
	}
	if (c->count == CACHE_SIZE) {
		free(c->e[0].key);
		dk_ruleset_release(&c->e[0].rs);
		memmove(&c->e[0], &c->e[1], (CACHE_SIZE - 1) * sizeof(c->e[0]));
		c->count--;
	}
	int slot = c->count++;
	c->e[slot].key = key;
	dk_ruleset_init(&c->e[slot].rs);
	size_t before = d->errors;
	c->e[slot].ok = dk_ruleset_load(&c->e[slot].rs, key, r->dirs, d) == 0;
	if (!c->e[slot].ok) {
		if (d->errors == before)
			dk_diag_error(d, file, ref->loc, "cannot load rule set '%s'", key);
		else
			dk_diag_error(d, file, ref->loc, "the record's rule set '%s' cannot be used",
				      ref->name ? ref->name : ref->path);
		return -1;
	}
	*out = &c->e[slot].rs.rules;
	return 0;
}

/* ---- format recognition ------------------------------------------------------ */

bool dk_reader_read_head(const char *path, uint64_t max_size, char *buf, size_t cap,
			 size_t *len)
{
	dk_input *in = NULL;
	char err[300];
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK)
		return false;
	*len = 0;
	while (*len < cap) {
		ssize_t n = dk_input_read(in, buf + *len, cap - *len);
		if (n <= 0)
			break;
		*len += (size_t)n;
	}
	dk_input_free(in);
	return true;
}

/*
 * Where the blank and comment lines ('#') at the start of data[0..len) end:
 * the offset of the first other line, with *found, or of the last line not
 * yet whole.  The notation and a score sheet may open with any number of
 * them, so each is known by what follows them, not by its first bytes.
 */
static size_t comments_end(const char *data, size_t len, bool *found)
{
	size_t at = 0;
	*found = false;
	while (at < len) {
		size_t i = at;
		while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r'))
			i++;
		if (i < len && data[i] != '#' && data[i] != '\n') {
			*found = true;
			return at;
		}
		const char *nl = memchr(data + i, '\n', len - i);
		if (!nl)
			return at;
		at = (size_t)(nl - data) + 1;
	}
	return at;
}

/* the first cap bytes of path after its byte order mark and the blank and
 * comment lines it opens with (read, up to max_size, and let go) */
static bool read_head_past_comments(const char *path, uint64_t max_size, char *buf,
				    size_t cap, size_t *len)
{
	dk_input *in = NULL;
	char err[300];
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK)
		return false;
	bool skipping = true, first = true;
	*len = 0;
	while (*len < cap) {
		ssize_t n = dk_input_read(in, buf + *len, cap - *len);
		if (n <= 0)
			break;
		*len += (size_t)n;
		if (first && *len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
			memmove(buf, buf + 3, *len - 3);
			*len -= 3;
		}
		first = false;
		if (skipping) {
			bool found;
			size_t k = comments_end(buf, *len, &found);
			memmove(buf, buf + k, *len - k);
			*len -= k;
			/* a comment line longer than cap: no more skipping */
			skipping = !found && *len < cap;
		}
	}
	dk_input_free(in);
	return true;
}

bool dk_reader_is_doko(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return false;  /* standard input is looked at when it is opened */
	char *buf = dk_xmalloc(65536);
	size_t len;
	bool yes = read_head_past_comments(path, max_size, buf, 65536, &len) &&
		   dk_doko_sniff(buf, len);
	free(buf);
	return yes;
}

bool dk_reader_is_freedoko(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return false;  /* standard input is looked at when it is opened */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return false;  /* so is a pipe or FIFO (<(zcat ...)): it can be read once */
	char *buf = dk_xmalloc(65536);
	size_t len;
	bool yes = dk_reader_read_head(path, max_size, buf, 65536, &len) &&
		   dk_fd_sniff(buf, len) != DK_FD_NONE;
	free(buf);
	return yes;
}

int dk_reader_sheet_format(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return -1;  /* standard input is looked at when it is opened */
	char *buf = dk_xmalloc(4096);
	size_t len;
	int fmt = read_head_past_comments(path, max_size, buf, 4096, &len)
		? dk_sheet_sniff(buf, len) : -1;
	free(buf);
	return fmt;
}

/* ---- FreeDoko rule blocks ------------------------------------------------------ */

void dk_reader_rule_set_name(char *out, size_t size, const char *path, const char *suffix)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t n = strlen(b);
	if (n > 5 && strcmp(b + n - 5, ".yaml") == 0)
		n -= 5;
	if (n > 2 && b[0] == '<' && b[n - 1] == '>') {
		/* a name that stands for no file, as "<stdin>": what it says */
		b++;
		n -= 2;
	}
	size_t k = 0, room = size - strlen(suffix) - 1;
	for (size_t i = 0; i < n && k + 1 < room; i++) {
		char c = b[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  (k > 0 && (c == '.' || c == '_' || c == '-'));
		out[k] = ok ? c : k == 0 ? 'x' : '-';
		k++;
	}
	if (k == 0)
		out[k++] = 'x';
	strcpy(out + k, suffix);
}

int dk_reader_freedoko_ruleset(dk_ruleset *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
			       const char *file, const char *base, const char *const *dirs,
			       dk_diag *d)
{
	dk_buf y;
	dk_buf_init(&y);
	char name[256];
	dk_reader_rule_set_name(name, sizeof(name), file, ".rules");
	int rc = dk_fd_rules_to_yaml(&y, map, rules, base, name, file, d);
	if (rc == 0) {
		/* the name the values cite: the FreeDoko file with ".rules" */
		const char *slash = strrchr(file, '/');
		size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
		char *display = dk_xmalloc(dir + strlen(name) + 1);
		memcpy(display, file, dir);
		strcpy(display + dir, name);
		rc = dk_ruleset_load_text(out, y.data, y.len, display, dirs, d);
		free(display);
	} else {
		dk_ruleset_init(out);
	}
	dk_buf_release(&y);
	return rc;
}

/* the options that can change a verdict, as errors unless accepted */
static void report_unmapped(const dk_fd_rule_map *map, const char *file, bool accepted,
			    dk_diag *d)
{
	for (size_t i = 0; i < map->unmapped_count; i++) {
		const dk_fd_unmapped *u = &map->unmapped[i];
		if (!u->verdict)
			continue;
		dk_diag_add(d, accepted ? DK_SEV_WARNING : DK_SEV_ERROR, file, u->loc,
			    "FreeDoko rule '%s = %s'%s cannot be expressed: %s%s", u->key, u->value,
			    u->loc.line ? "" : " (its default)", u->why,
			    accepted ? " (accepted)" : " (--accept-rule-differences to judge anyway)");
	}
}

/* the rule set a game written by dokoref names ("# dokoref rules: ddv") */
static int named_rules(dk_reader *r, const dk_game *g, const char *file, dk_diag *d)
{
	const dk_rules_ref *ref = &g->rules;
	const char *path = r->path;
	char *key;
	if (ref->name) {
		key = dk_xstrdup(ref->name);
	} else {
		/* a path is relative to the file's directory */
		const char *slash = strrchr(path, '/');
		size_t dir = slash && ref->path[0] != '/' ? (size_t)(slash - path) + 1 : 0;
		key = dk_xmalloc(dir + strlen(ref->path) + 3);
		memcpy(key, path, dir);
		strcpy(key + dir, ref->path);
		if (!strchr(key, '/')) {
			memmove(key + 2, key, strlen(key) + 1);
			memcpy(key, "./", 2);
		}
	}
	dk_ruleset *rs = &r->fresh;
	r->fresh_used = true;
	int rc = dk_ruleset_load(rs, key, r->dirs, d);
	free(key);
	for (size_t i = 0; rc == 0 && i < ref->override_count; i++)
		rc = dk_ruleset_override(rs, ref->overrides[i].key, ref->overrides[i].value, file,
					 ref->overrides[i].loc, d);
	if (rc == 0)
		rc = dk_ruleset_check(rs, d);
	return rc;
}

/* the rule set of a FreeDoko file: --rules, or its own rule block */
static int fd_setup(dk_reader *r, dk_diag *d)
{
	dk_fd_reader *fr = r->fd;
	const char *file = dk_fd_reader_file(fr);
	const dk_read_opts *opts = &r->opts;
	dk_fd_rule_map map;
	if (opts->rules_given) {
		r->fd_have_rules = true;
	} else if (opts->rules) {
		r->fd_have_rules = dk_ruleset_load(&r->fd_rs, opts->rules, r->dirs, d) == 0;
		if (!r->fd_have_rules)
			dk_ruleset_release(&r->fd_rs);
	} else if (dk_fd_reader_rules(fr)->count || dk_fd_reader_kind(fr) != DK_FD_RULES) {
		/* FreeDoko's defaults stand for a block that is missing */
		r->fd_have_rules = dk_reader_freedoko_ruleset(&r->fd_rs, &map,
							      dk_fd_reader_rules(fr), file, "ddv",
							      r->dirs, d) == 0;
		for (size_t i = 0; r->fd_have_rules && opts->fd_unexpressed &&
				   i < map.unmapped_count; i++)
			if (map.unmapped[i].verdict)
				dk_buf_printf(opts->fd_unexpressed, "FreeDoko rule '%s = %s' (no "
					      "dokoref rule)\n", map.unmapped[i].key,
					      map.unmapped[i].value);
		if (!r->fd_have_rules) {
			dk_ruleset_release(&r->fd_rs);
		} else if (opts->judge) {
			report_unmapped(&map, file, opts->accept_rule_differences, d);
			if (map.verdict_count && !opts->accept_rule_differences) {
				dk_ruleset_release(&r->fd_rs);
				r->fd_have_rules = false;
			}
		}
	}
	if (!r->fd_have_rules && dk_fd_reader_kind(fr) == DK_FD_DEBUG_LOG)
		return DK_READER_INVALID;
	return 0;
}

/* ---- opening ------------------------------------------------------------------ */

/* r a FreeDoko file of the len bytes at data (copied), named name */
static int fd_from_memory(dk_reader *r, const void *data, size_t len, const char *name,
			  dk_diag *d)
{
	r->kind = K_FD;
	int rc = dk_fd_reader_open_memory(&r->fd, data, len, name, d);
	return rc == 0 ? fd_setup(r, d) : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
}

static dk_reader *reader_new(const char *path, const dk_read_opts *opts)
{
	dk_reader *r = dk_xcalloc(1, sizeof(*r));
	if (opts)
		r->opts = *opts;
	r->opts.piece = NULL;   /* for dk_reader_open only: not kept */
	r->path = dk_xstrdup(path);
	r->dirs = dk_ruleset_dirs_new();
	dk_ruleset_init(&r->fd_rs);
	return r;
}

/* read in whole, up to the size limit (0: the default); a diagnostic and a
 * status on failure */
static int read_rest(dk_input *in, const char *name, const char *what, uint64_t limit,
		     char **buf, size_t *len, size_t *cap, dk_diag *d)
{
	char err[300];
	dk_io_status st = dk_input_read_whole(in, what, limit, buf, len, cap, NULL, NULL, err,
					      sizeof(err));
	if (st == DK_IO_OK)
		return 0;
	dk_diag_error(d, name, DK_LOC_NONE, "%s", err);
	return st == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
}

/* the sheet whose first len bytes are in buf (cap long; NULL and 0: none
 * yet): the rest of in read to it, in freed; r's sheet from then on */
static int sheet_from(dk_reader *r, dk_input *in, const char *name, int fmt, char *buf,
		      size_t len, size_t cap, dk_diag *d)
{
	int rc = read_rest(in, name, "a score sheet", r->opts.max_size, &buf, &len, &cap, d);
	dk_input_free(in);
	if (rc != 0) {
		free(buf);
		return rc;
	}
	r->kind = K_SHEET;
	r->sheet = buf;
	r->sheet_len = len;
	r->sheet_fmt = fmt;
	return 0;
}

/* standard input, or a pipe or FIFO given by name, read once: its start is
 * looked at as a file's is; a score sheet, a FreeDoko file and the
 * notation are read whole, anything else goes on as XML with the bytes
 * looked at given back */
static int open_stream(dk_reader *r, dk_diag *d)
{
	const char *path = r->path;
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, path, r->opts.max_size, err, sizeof(err)) != DK_IO_OK) {
		dk_diag_error(d, NULL, DK_LOC_NONE, "%s", err);
		return DK_READER_SYSTEM;
	}
	size_t cap = 65536, len = 0, skip;
	char *buf = dk_xmalloc(cap);
	for (;;) {
		while (len < cap) {
			ssize_t n = dk_input_read(in, buf + len, cap - len);
			if (n <= 0)
				break;
			len += (size_t)n;
		}
		/* nothing but comment lines so far: the notation or a sheet
		 * may open with any number of them, read on (the size limit
		 * holds) */
		bool found;
		skip = comments_end(buf, len, &found);
		if (found || len < cap)
			break;
		cap *= 2;
		buf = dk_xrealloc(buf, cap);
	}
	int sheet_fmt = dk_sheet_sniff(buf + skip, len - skip);
	if (sheet_fmt >= 0)
		return sheet_from(r, in, name, sheet_fmt, buf, len, cap, d);
	if (dk_fd_sniff(buf, len) != DK_FD_NONE) {
		int rc = read_rest(in, name, "a FreeDoko file", r->opts.max_size, &buf, &len, &cap,
				   d);
		dk_input_free(in);
		if (rc == 0)
			rc = fd_from_memory(r, buf, len, name, d);
		free(buf);
		return rc;
	}
	if (!dk_doko_sniff(buf + skip, len - skip)) {
		dk_input_unread(in, buf, len);
		free(buf);
		r->kind = K_XML;
		int rc = dk_xml_reader_open_input(&r->xml, in, name, d);
		return rc == 0 ? 0 : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
	}
	int rc = read_rest(in, name, "a notation file", r->opts.max_size, &buf, &len, &cap, d);
	dk_input_free(in);
	if (rc == 0) {
		r->kind = K_DOKO;
		rc = dk_doko_reader_open_memory(&r->doko, buf, len, name, d) == 0
			? 0 : DK_READER_INVALID;
	}
	free(buf);
	return rc;
}

/* a score sheet by name, read whole up to the size limit */
static int open_sheet(dk_reader *r, int fmt, dk_diag *d)
{
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, r->path, r->opts.max_size, err, sizeof(err)) != DK_IO_OK) {
		dk_diag_error(d, NULL, DK_LOC_NONE, "%s", err);
		return DK_READER_SYSTEM;
	}
	return sheet_from(r, in, r->path, fmt, NULL, 0, 0, d);
}

int dk_reader_open(dk_reader **out, const char *path, const dk_read_opts *opts, dk_diag *d)
{
	*out = NULL;
	dk_reader *r = reader_new(path, opts);
	uint64_t max = r->opts.max_size;
	struct stat sb;
	/* a pipe or FIFO can be read only once: looked at as standard input */
	bool stream = strcmp(path, "-") == 0 ||
		      (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode));
	const dk_read_piece *piece = opts ? opts->piece : NULL;
	int rc, sheet_fmt;
	if (piece) {
		/* a piece of an XML file (audit --jobs), numbered as in the file */
		r->kind = K_XML;
		rc = dk_xml_reader_open_input_at(&r->xml, piece->in,
						 strcmp(path, "-") == 0 ? "<stdin>" : path,
						 piece->origin, d);
		rc = rc == 0 ? 0 : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
	} else if (stream) {
		rc = open_stream(r, d);
	} else if ((sheet_fmt = dk_reader_sheet_format(path, max)) >= 0) {
		rc = open_sheet(r, sheet_fmt, d);
	} else if (dk_reader_is_freedoko(path, max)) {
		r->kind = K_FD;
		rc = dk_fd_reader_open(&r->fd, path, NULL, max, d);
		rc = rc == 0 ? fd_setup(r, d) : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM
								  : DK_READER_INVALID;
	} else if (dk_reader_is_doko(path, max)) {
		r->kind = K_DOKO;
		rc = dk_doko_reader_open(&r->doko, path, NULL, max, d);
		rc = rc == 0 ? 0 : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
	} else {
		r->kind = K_XML;
		rc = dk_xml_reader_open(&r->xml, path, NULL, max, d);
		rc = rc == 0 ? 0 : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
	}
	if (rc != 0) {
		dk_reader_free(r);
		return rc;
	}
	*out = r;
	return 0;
}

int dk_reader_open_memory(dk_reader **out, const void *data, size_t len, const char *name,
			  const dk_read_opts *opts, dk_diag *d)
{
	*out = NULL;
	dk_reader *r = reader_new(name, opts);
	int rc;
	/* gzip: inflated whole first (up to the size limit), so that every
	 * format is recognised in it as in a file */
	const unsigned char *u = data;
	if (len >= 2 && u[0] == 0x1f && u[1] == 0x8b) {
		dk_input *in = NULL;
		size_t cap = 0, got = 0;
		char *buf = NULL;
		dk_input_open_memory(&in, data, len, r->opts.max_size);
		rc = read_rest(in, name, "gzip data in memory", r->opts.max_size, &buf, &got, &cap, d);
		dk_input_free(in);
		if (rc != 0) {
			free(buf);
			dk_reader_free(r);
			return rc;
		}
		r->mem = buf;
		data = buf;
		len = got;
	}
	size_t head = len < 65536 ? len : 65536;
	/* the notation and a sheet are known by what follows the comment
	 * lines they open with, however long */
	bool found;
	size_t skip = comments_end(data, len, &found);
	const char *after = (const char *)data + skip;
	size_t rest = len - skip;
	int sheet_fmt = dk_sheet_sniff(after, rest < 4096 ? rest : 4096);
	if (sheet_fmt >= 0) {
		r->kind = K_SHEET;
		r->sheet = dk_xmalloc(len ? len : 1);
		memcpy(r->sheet, data, len);
		r->sheet_len = len;
		r->sheet_fmt = sheet_fmt;
		rc = 0;
	} else if (dk_fd_sniff(data, head) != DK_FD_NONE) {
		rc = fd_from_memory(r, data, len, name, d);
	} else if (dk_doko_sniff(after, rest < 65536 ? rest : 65536)) {
		r->kind = K_DOKO;
		rc = dk_doko_reader_open_memory(&r->doko, data, len, name, d) == 0
			? 0 : DK_READER_INVALID;
	} else {
		r->kind = K_XML;
		/* the XML reader reads the bytes as it goes: keep a copy */
		if (!r->mem) {
			r->mem = dk_xmalloc(len ? len : 1);
			memcpy(r->mem, data, len);
		}
		rc = dk_xml_reader_open_memory(&r->xml, r->mem, len, name, r->opts.max_size, d);
		rc = rc == 0 ? 0 : rc == DK_IO_SYSTEM ? DK_READER_SYSTEM : DK_READER_INVALID;
	}
	if (rc != 0) {
		dk_reader_free(r);
		return rc;
	}
	*out = r;
	return 0;
}

/* ---- reading ------------------------------------------------------------------ */

static void forget_game(dk_reader *r)
{
	if (r->fresh_used) {
		dk_ruleset_release(&r->fresh);
		r->fresh_used = false;
	}
	r->rules = NULL;
	r->ok = false;
	r->shared_used = false;
}

/* the FreeDoko game last read: its rule set, then checked */
static void fd_game(dk_reader *r, dk_diag *d)
{
	const dk_game *g = dk_fd_reader_game(r->fd);
	const char *file = dk_fd_reader_file(r->fd);
	bool ok = dk_fd_reader_game_ok(r->fd);
	const dk_rules *rules = r->opts.rules_given ? r->opts.rules_given
			      : r->fd_have_rules ? &r->fd_rs.rules : NULL;
	/* a game that names its rule set is judged under it */
	if (ok && g->has_rules && !r->opts.rules && !r->opts.rules_given) {
		dk_ruleset_init(&r->fresh);
		if (named_rules(r, g, file, d) != 0)
			ok = false;
		else
			rules = &r->fresh.rules;
	}
	if (ok && !rules)
		ok = false;  /* the rule block's errors were reported when it was opened */
	if (ok && dk_record_check(g, rules, file, d))
		ok = false;
	r->ok = ok;
	r->rules = ok ? rules : NULL;
	if (!ok)
		worsen(r, DK_READER_INVALID);
}

static dk_read_item next_fd(dk_reader *r, dk_diag *d)
{
	if (r->fd_game_pending) {
		r->fd_game_pending = false;
		fd_game(r, d);
		return DK_READ_GAME;
	}
	if (r->fd_end_pending) {
		r->fd_end_pending = false;
		r->finished = true;
		return DK_READ_END;
	}
	dk_read_item item = dk_fd_reader_next(r->fd, d);
	if (item == DK_READ_ERROR) {
		worsen(r, DK_READER_INVALID);
		r->finished = true;
		return item;
	}
	if (item == DK_READ_END) {
		if (r->fd_in_session) {
			r->fd_in_session = false;
			r->fd_end_pending = true;
			return DK_READ_SESSION_END;
		}
		r->finished = true;
		return item;
	}
	/* a debug log is one session: Bock carries from game to game */
	const dk_game *g = dk_fd_reader_game(r->fd);
	if (!r->fd_in_session && g->session) {
		r->fd_in_session = true;
		r->fd_game_pending = true;
		r->ok = true;
		return DK_READ_SESSION_START;
	}
	fd_game(r, d);
	return DK_READ_GAME;
}

static dk_read_item next_stream(dk_reader *r, dk_diag *d)
{
	bool doko = r->kind == K_DOKO;
	if (doko)
		dk_doko_reader_set_lang(r->doko, r->opts.lang);
	dk_read_item item = doko ? dk_doko_reader_next(r->doko, d) : dk_xml_reader_next(r->xml, d);
	const char *file = doko ? dk_doko_reader_file(r->doko) : dk_xml_reader_file(r->xml);
	if (item == DK_READ_ERROR) {
		worsen(r, !doko && dk_xml_reader_status(r->xml) == DK_IO_SYSTEM
				  ? DK_READER_SYSTEM : DK_READER_INVALID);
		r->finished = true;
		return item;
	}
	if (item == DK_READ_END) {
		r->finished = true;
		return item;
	}
	bool ok = doko ? dk_doko_reader_game_ok(r->doko) : dk_xml_reader_game_ok(r->xml);
	if (item == DK_READ_SESSION_START) {
		if (dk_session_check(dk_reader_session(r), file, d))
			ok = false;
		r->ok = ok;
		if (!ok)
			worsen(r, DK_READER_INVALID);
		return item;
	}
	if (item == DK_READ_SESSION_END)
		return item;
	const dk_game *g = dk_reader_game(r);
	const dk_rules *rules = NULL;
	if (ok && rules_for(r, g, file, &rules, d) < 0)
		ok = false;
	if (ok && doko && dk_doko_reader_resolve(r->doko, rules, d) < 0)
		ok = false;
	if (ok && dk_record_check(g, rules, file, d))
		ok = false;
	r->ok = ok;
	r->rules = ok ? rules : NULL;
	if (!ok)
		worsen(r, DK_READER_INVALID);
	return item;
}

dk_read_item dk_reader_next(dk_reader *r, dk_diag *d)
{
	forget_game(r);
	if (r->finished)
		return DK_READ_END;
	if (r->kind == K_SHEET) {
		/* nothing to judge: the caller audits it (dk_reader_sheet) */
		static const char *const fmt_names[] = { "dokoref CSV", "DapfiDuck CSV",
							 "QtDoppelKopf JSON" };
		dk_diag_error(d, dk_reader_file(r), DK_LOC_NONE,
			      "a score sheet (%s) has no cards; 'dokoref audit' checks it",
			      fmt_names[r->sheet_fmt >= 0 && r->sheet_fmt < 3 ? r->sheet_fmt : 0]);
		worsen(r, DK_READER_INVALID);
		r->finished = true;
		return DK_READ_ERROR;
	}
	return r->kind == K_FD ? next_fd(r, d) : next_stream(r, d);
}

const dk_game *dk_reader_game(const dk_reader *r)
{
	switch (r->kind) {
	case K_XML: return dk_xml_reader_game(r->xml);
	case K_DOKO: return dk_doko_reader_game(r->doko);
	case K_FD: return dk_fd_reader_game(r->fd);
	case K_SHEET: return NULL;
	}
	return NULL;
}

const dk_rules *dk_reader_rules(const dk_reader *r)
{
	return r->rules;
}

bool dk_reader_game_ok(const dk_reader *r)
{
	return r->ok;
}

const dk_session *dk_reader_session(const dk_reader *r)
{
	switch (r->kind) {
	case K_XML: return dk_xml_reader_session(r->xml);
	case K_DOKO: return dk_doko_reader_session(r->doko);
	case K_FD: return dk_fd_reader_game(r->fd)->session;
	case K_SHEET: return NULL;
	}
	return NULL;
}

dk_reader_status dk_reader_status_of(const dk_reader *r)
{
	return r->status;
}

bool dk_reader_shared_use(const dk_reader *r, size_t *entry, size_t *at)
{
	if (!r->shared_used)
		return false;
	*entry = r->shared_entry;
	*at = r->shared_at;
	return true;
}

dk_xml_reader *dk_reader_xml(dk_reader *r)
{
	return r->xml;
}

const char *dk_reader_file(const dk_reader *r)
{
	switch (r->kind) {
	case K_XML: return dk_xml_reader_file(r->xml);
	case K_DOKO: return dk_doko_reader_file(r->doko);
	case K_FD: return dk_fd_reader_file(r->fd);
	case K_SHEET: return strcmp(r->path, "-") == 0 ? "<stdin>" : r->path;
	}
	return NULL;
}

int dk_reader_sheet(const dk_reader *r, const char **data, size_t *len)
{
	if (r->kind != K_SHEET) {
		*data = NULL;
		*len = 0;
		return -1;
	}
	*data = r->sheet;
	*len = r->sheet_len;
	return r->sheet_fmt;
}

const char *dk_reader_text(const dk_reader *r, size_t *len)
{
	if (r->kind != K_DOKO) {
		*len = 0;
		return NULL;
	}
	return dk_doko_reader_text(r->doko, len);
}

void dk_reader_free(dk_reader *r)
{
	if (!r)
		return;
	forget_game(r);
	dk_xml_reader_free(r->xml);
	dk_doko_reader_free(r->doko);
	dk_fd_reader_free(r->fd);
	cache_release(&r->cache);
	if (r->cli_rules_loaded)
		dk_ruleset_release(&r->cli_rules);
	dk_ruleset_release(&r->fd_rs);
	free(r->path);
	free(r->dirs);
	free(r->mem);
	free(r->sheet);
	free(r);
}

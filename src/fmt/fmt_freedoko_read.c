/*
 * fmt_freedoko_read.c - FreeDoko's bug reports and --debug gameplay logs
 * into the record model.
 *
 * The file is read whole and cut into lines (trimmed, with their line
 * numbers); a bug report is then read block by block, a debug log game by
 * game.  What FreeDoko wrote is kept as it happened: the reservations as
 * bids, the exchange of a poverty, every card, announcement and swine in
 * order, and FreeDoko's own score as the record's foreign score.  Where a
 * file cannot tell something (the cards passed in a poverty of a debug log,
 * the condition a bride chose there) the game says so in a note and the
 * deal is marked instead of guessed.  formats/freedoko.md lists every line
 * this reader knows and the quirks of FreeDoko's files it undoes.
 *
 * This file opens a file, tells its kind, reads its rules and hands out
 * its games; fmt_freedoko_bugreport.c and fmt_freedoko_debuglog.c read a
 * game of each kind, fmt_freedoko_game.c puts it together, and
 * fmt_freedoko_lines.c cuts lines into what they hold.
 */
#include "fmt_freedoko_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_guard.h"

/* ---- sniffing ---------------------------------------------------------- */

dk_fd_kind dk_fd_sniff(const char *data, size_t len)
{
	size_t i = 0;
	if (len >= 3 && (unsigned char)data[0] == 0xef && (unsigned char)data[1] == 0xbb &&
	    (unsigned char)data[2] == 0xbf)
		i = 3;
	const char *p = data + i;
	size_t n = len - i;
#define HAS_PREFIX(lit) (n >= sizeof(lit) - 1 && memcmp(p, lit, sizeof(lit) - 1) == 0)
	if (HAS_PREFIX("# FreeDoko Bugreport") || HAS_PREFIX("# FreeDoko Reference"))
		return DK_FD_BUGREPORT;
	if (HAS_PREFIX("#!FreeDoko") || HAS_PREFIX("# FreeDoko rules") ||
	    HAS_PREFIX("# FreeDoko party"))
		return DK_FD_RULES;
#undef HAS_PREFIX
	/* the debug log: "party start" or "game open: " at the start of a line */
	static const char *const marks[] = { "\nparty start\n", "\ngame open: " };
	for (size_t m = 0; m < 2; m++) {
		size_t k = strlen(marks[m]);
		if (n >= k - 1 && memcmp(p, marks[m] + 1, k - 1) == 0)
			return DK_FD_DEBUG_LOG;
		for (size_t j = 0; j + k <= n; j++)
			if (p[j] == '\n' && memcmp(p + j, marks[m], k) == 0)
				return DK_FD_DEBUG_LOG;
	}
	return DK_FD_NONE;
}
/* "key = value" lines of a rule block from line i to end into r->rules */
static void read_rules(dk_fd_reader *r, size_t i, size_t end)
{
	size_t cap = 0;
	r->rules.loc = i < r->nlines ? fd_line_loc(&r->lines[i]) : DK_LOC_NONE;
	for (; i < end; i++) {
		const fd_line *l = &r->lines[i];
		char key[128];
		const char *value;
		if (!l->s[0] || l->s[0] == '#' || l->s[0] == '{' || l->s[0] == '}')
			continue;
		if (strcmp(l->s, "!end") == 0)
			break;
		if (!fd_split_eq(l->s, key, sizeof(key), &value))
			continue;
		if (r->rules.count == cap) {
			cap = cap ? cap * 2 : 128;
			dk_fd_rule *n = dk_arena_alloc(&r->rules_arena, cap * sizeof(*n));
			if (r->rules.count)
				memcpy(n, r->rules.items, r->rules.count * sizeof(*n));
			r->rules.items = n;
		}
		dk_fd_rule *x = &r->rules.items[r->rules.count++];
		x->key = dk_arena_strdup(&r->rules_arena, key);
		x->value = dk_arena_strdup(&r->rules_arena, value);
		x->loc = fd_line_loc(l);
	}
}

/* ---- the reader ------------------------------------------------------------- */

static int setup(dk_fd_reader *r, dk_diag *diag)
{
	r->diag = diag;
	r->kind = dk_fd_sniff(r->data, r->len);
	fd_split_lines(r);
	if (r->kind == DK_FD_NONE) {
		dk_diag_error(diag, r->file, DK_LOC_NONE, "not a FreeDoko file (no bug report, "
			      "debug log, rule or party file)");
		return DK_IO_INVALID;
	}
	if (r->kind == DK_FD_DEBUG_LOG) {
		size_t i = 0;
		while (i < r->nlines && strcmp(r->lines[i].s, "party start") != 0 &&
		       !fd_starts(r->lines[i].s, "game open:"))
			i++;
		size_t e = i;
		while (e < r->nlines && !fd_starts(r->lines[e].s, "game open:"))
			e++;
		if (i < r->nlines)
			read_rules(r, i + 1, e);
		r->pos = e;
	} else if (r->kind == DK_FD_BUGREPORT) {
		/* the rules of the party the game belongs to */
		size_t party = fd_find_block(r, 0, "party");
		if (party < r->nlines) {
			size_t after = fd_block_end(r, party + 1);
			size_t rules = fd_find_block(r, party + 2, "rules");
			if (rules < after)
				read_rules(r, rules + 1, fd_block_end(r, rules + 1) - 1);
		}
	} else if (r->kind == DK_FD_RULES) {
		size_t rb = fd_find_block(r, 0, "rules");
		if (rb < r->nlines)
			read_rules(r, rb + 1, fd_block_end(r, rb + 1) - 1);
		else
			read_rules(r, 0, r->nlines);
	}
	return 0;
}

/* a reader of len bytes at data (malloc'ed, len + 1 long), which it takes over */
static int open_adopted(dk_fd_reader **out, char *data, size_t len, const char *display_name,
			dk_diag *diag)
{
	dk_fd_reader *r = dk_xcalloc(1, sizeof(*r));
	r->file = dk_xstrdup(display_name ? display_name : "<memory>");
	r->data = data;
	r->data[len] = '\0';
	r->len = len;
	dk_arena_init(&r->arena);
	dk_arena_init(&r->rules_arena);
	int rc = setup(r, diag);
	if (rc != 0) {
		dk_fd_reader_free(r);
		*out = NULL;
		return rc;
	}
	*out = r;
	return 0;
}

/* the shared text screen (guard.h) over len more bytes; on a refusal the
 * error, at its line and column, is in diag */
static int screen(dk_text_guard *g, const char *data, size_t len, bool end,
		  const char *name, dk_diag *diag)
{
	if (dk_text_guard_feed(g, data, len) == 0 && (!end || dk_text_guard_finish(g) == 0))
		return 0;
	dk_diag_error(diag, name, g->error_loc, "%s", g->error);
	return -1;
}

int dk_fd_reader_open_memory(dk_fd_reader **out, const void *data, size_t len,
			     const char *display_name, dk_diag *diag)
{
	dk_text_guard g;
	dk_text_guard_init(&g, true);
	*out = NULL;
	if (screen(&g, data, len, true, display_name ? display_name : "<memory>", diag) < 0)
		return DK_IO_INVALID;
	char *copy = dk_xmalloc(len + 1);
	if (len)
		memcpy(copy, data, len);
	return open_adopted(out, copy, len, display_name, diag);
}

/* screen as dk_input_read_whole's look at each block read (n 0: the end) */
typedef struct screening {
	dk_text_guard g;
	const char *name;
	dk_diag *diag;
} screening;

static int screen_block(void *ctx, const char *data, size_t n)
{
	screening *sc = ctx;
	return screen(&sc->g, data, n, n == 0, sc->name, sc->diag);
}

int dk_fd_reader_open(dk_fd_reader **out, const char *path, const char *display_name,
		      uint64_t max_size, dk_diag *diag)
{
	char err[300];
	dk_input *in = NULL;
	const char *name = display_name ? display_name : strcmp(path, "-") == 0 ? "<stdin>" : path;
	*out = NULL;
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK) {
		dk_diag_error(diag, NULL, DK_LOC_NONE, "%s", err);
		return DK_IO_SYSTEM;
	}
	/* Latin-1 allowed: FreeDoko before 0.6 wrote names in it */
	screening sc = { .name = name, .diag = diag };
	dk_text_guard_init(&sc.g, true);
	size_t cap = 0, len = 0;
	char *buf = NULL;
	dk_io_status st = dk_input_read_whole(in, "a FreeDoko file", max_size, &buf, &len, &cap,
					      screen_block, &sc, err, sizeof(err));
	if (st != DK_IO_OK) {
		if (err[0])
			dk_diag_error(diag, name, DK_LOC_NONE, "%s", err);
		dk_input_free(in);
		free(buf);
		return st;
	}
	dk_input_free(in);
	return open_adopted(out, buf, len, name, diag);
}

dk_read_item dk_fd_reader_next(dk_fd_reader *r, dk_diag *diag)
{
	r->diag = diag;
	if (r->failed)
		return DK_READ_ERROR;
	dk_arena_reset(&r->arena);
	memset(&r->game, 0, sizeof(r->game));
	r->game_ok = false;
	dk_read_item item = DK_READ_END;
	if (r->kind == DK_FD_BUGREPORT && !r->done)
		item = fd_read_bugreport(r);
	else if (r->kind == DK_FD_DEBUG_LOG)
		item = fd_read_debug_game(r);
	if (item == DK_READ_ERROR) {
		r->failed = true;
		r->status = DK_IO_INVALID;
	}
	return item;
}

const dk_game *dk_fd_reader_game(const dk_fd_reader *r) { return &r->game; }
bool dk_fd_reader_game_ok(const dk_fd_reader *r) { return r->game_ok; }
dk_io_status dk_fd_reader_status(const dk_fd_reader *r) { return r->status; }
dk_fd_kind dk_fd_reader_kind(const dk_fd_reader *r) { return r->kind; }
const char *dk_fd_reader_file(const dk_fd_reader *r) { return r->file; }
const dk_fd_rules *dk_fd_reader_rules(const dk_fd_reader *r) { return &r->rules; }
const dk_session *dk_fd_reader_session(const dk_fd_reader *r)
{
	return r->session_made ? &r->session : NULL;
}

void dk_fd_reader_free(dk_fd_reader *r)
{
	if (!r)
		return;
	for (int i = 0; i < 4; i++)
		free(r->names[i]);
	free(r->lines);
	free(r->data);
	free(r->file);
	dk_arena_release(&r->arena);
	dk_arena_release(&r->rules_arena);
	free(r);
}

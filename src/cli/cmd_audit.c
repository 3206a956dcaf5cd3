/*
 * cmd_audit.c - `dokoref audit`: judge whole evenings and archives.
 *
 * Every game is judged into the one verdict `check` renders too
 * (src/core/verdict.h), which follows it through its session
 * (src/core/session.c): dealer, who sits out, Bock, the correct
 * entry and running standings, the score sheet against them.  The output
 * is one summary for the whole input; with the default text a line per
 * game that has something wrong, with --verbose or --game the full verdict.
 *
 * Memory stays flat: the reader streams, a session is a fixed-size state,
 * and what grows is only the table of game ids for finding duplicates (16
 * bytes per game) and the standings per player name.
 *
 * Selection (like pgn-extract's): --player, --date, --table, --ruleset
 * decide before a game is judged; --type and --code after; --first and
 * --last count among the games the other criteria let through.  Every
 * game of a session is judged whether selected or not, because Bock and
 * standings depend on all of them.  --last needs the count first: the
 * input is read twice (not possible with standard input).
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "audit_summary.h"
#include "audit_json.h"
#include "audit_text.h"
#include "buf.h"
#include "check_text.h"
#include "cli.h"
#include "gameid.h"
#include "json_out.h"
#include "lang.h"
#include "pieces.h"
#include "replay.h"
#include "score.h"
#include "session.h"
#include "shown.h"
#include "verdict.h"
#include "verdict_text.h"
#include "view_words.h"

#define MAX_SELECT 16        /* values of one repeatable option */
#define MAX_DUPS_LISTED 20
#define MAX_PLAYERS 4096     /* names in the overall standings */
#define PROGRESS_MIN_BYTES (1u << 20)
#define PIECE_SIZE (1u << 20)  /* --jobs: a piece of about 1 MiB, ~350 games */

/* --jobs: a game of a piece read on a worker thread, whose being a
 * duplicate the taker decides (in the file's order) */
typedef struct deferred {
	uint64_t id;
	size_t index;
	size_t at, len;              /* its output in the piece's output */
	bool wrong;                  /* something wrong besides a duplicate */
	bool always;                 /* the output is printed even if not a duplicate */
} deferred;

typedef struct id_slot {
	uint64_t id;             /* 0 = empty (an id of 0 is stored as 1) */
	uint32_t file;
	uint32_t index;
} id_slot;

typedef struct audit_state {
	dk_cli *cli;
	dk_lang lang;
	bool json, verbose, summary_only, progress_off;
	bool jsonl;                  /* --format jsonl: a line per session (audit.h) */
	long want_game;
	/* selection */
	const char *players[MAX_SELECT];
	int nplayers;
	const char *date_from, *date_to;
	const char *table;
	const char *ruleset;
	unsigned types;              /* bits of dk_game_type; 0 = any */
	const char *codes[MAX_SELECT];
	int ncodes;
	long first, last;
	bool counting;               /* the first pass of --last: count only */
	size_t selected_total;       /* from the counting pass */
	size_t selected_seen;
	/* the file */
	char *const *files;
	int file_no;
	const char *path;
	dk_xml_reader *reader;
	uint64_t file_size;
	bool progress;
	size_t file_games;
	/* the session */
	bool in_session;
	size_t session_no;
	dk_session_state ss;
	bool session_selected, session_totals, session_totals_wrong;
	char cur_sig[DK_MAX_SEATS * 64];     /* the session's players, sorted */
	char prev_sig[DK_MAX_SEATS * 64];    /* ... of the session before */
	long prev_pending;           /* Bock games it left, -1 = none yet */
	char names[DK_MAX_SEATS + 1][64];
	bool seat_known[DK_MAX_SEATS + 1];
	long final[DK_MAX_SEATS + 1];
	long rec_final[DK_MAX_SEATS + 1];
	bool rec_final_known;
	/* the summary */
	dk_audit_summary sum;
	/* score sheets without cards (audit_sheet.c); they read opts too */
	size_t sheets, sheet_findings;
	dk_audit_dup dups[MAX_DUPS_LISTED];
	id_slot *ids;
	size_t id_cap, id_count;
	dk_audit_standing standings[MAX_PLAYERS];
	char *standing_names[MAX_PLAYERS];
	size_t nstandings;
	dk_verdict *v;               /* the current game's, reused */
	dk_buf wrong_sessions;       /* text: correct and recorded finals of wrong sessions */
	size_t wrong_sessions_listed;
	bool any_session_finding;
	/* the duty soli's rule as the session's games had it, for its end
	 * (the rule set itself may be gone by then) */
	char duty_rules[64];
	char duty_cite[DK_DUTY_KINDS][512];
	bool duty_overridden[DK_DUTY_KINDS];
	int duty_soli;               /* duty_soli.per_player of its last game */
	dk_buf buf;
	/* --format jsonl: the part (a session, or a game outside one) being
	 * read: the summary when it began, what the summary's sums cannot say */
	dk_audit_summary part_base;
	long part_off_max;
	size_t part_off_max_index, part_first_wrong;
	bool part_finding;           /* a finding other than a duplicate */
	bool part_carried;           /* began with Bocks of the session before */
	dk_buf part_ids;             /* "id:index" of its selected games */
	dk_buf part_out;             /* its games' and findings' JSON objects */
	size_t file_parts, file_sessions;
	/* --jobs */
	int jobs;
	const dk_read_opts *opts;
	uint64_t progress_at;        /* bytes of the file read when no reader is at hand */
	bool piece_mode;             /* the reader at hand reads a piece in memory */
	dk_buf *sink;                /* a worker's: the piece's output */
	bool defer;                  /* a worker's: duplicates are the taker's */
	deferred *defs;
	size_t ndefs, defs_cap;
	bool bock_set;               /* a selected session ended: sum.bock_pending is set */
	bool first_session_seen;     /* the piece's first session began */
	char first_sig[DK_MAX_SEATS * 64];
} audit_state;

#define BOLD "\033[1m"
#define RED "\033[31m"
#define RESET "\033[0m"

/* ---- duplicates ------------------------------------------------------ */

static uint64_t slot_hash(uint64_t id)
{
	return id * 0x9E3779B97F4A7C15ULL;
}

/* remember id; returns the earlier slot with the same id, or NULL */
static const id_slot *remember(audit_state *st, uint64_t id, uint32_t file, uint32_t index)
{
	if (id == 0)
		id = 1;
	if (2 * (st->id_count + 1) > st->id_cap) {
		size_t cap = st->id_cap ? 2 * st->id_cap : 1024;
		id_slot *n = dk_xcalloc(cap, sizeof(id_slot));
		for (size_t i = 0; i < st->id_cap; i++) {
			if (!st->ids[i].id)
				continue;
			size_t h = slot_hash(st->ids[i].id) & (cap - 1);
			while (n[h].id)
				h = (h + 1) & (cap - 1);
			n[h] = st->ids[i];
		}
		free(st->ids);
		st->ids = n;
		st->id_cap = cap;
	}
	size_t h = slot_hash(id) & (st->id_cap - 1);
	while (st->ids[h].id) {
		if (st->ids[h].id == id)
			return &st->ids[h];
		h = (h + 1) & (st->id_cap - 1);
	}
	st->ids[h].id = id;
	st->ids[h].file = file;
	st->ids[h].index = index;
	st->id_count++;
	return NULL;
}

/* ---- standings by name ----------------------------------------------- */

static void add_standing(audit_state *st, const char *name, long points)
{
	for (size_t i = 0; i < st->nstandings; i++)
		if (strcmp(st->standings[i].name, name) == 0) {
			st->standings[i].points += points;
			return;
		}
	if (st->nstandings == MAX_PLAYERS)
		return;
	char *copy = strdup(name);
	if (!copy)
		return;
	st->standing_names[st->nstandings] = copy;
	st->standings[st->nstandings].name = copy;
	st->standings[st->nstandings].points = points;
	st->nstandings++;
}

static int by_points(const void *a, const void *b)
{
	const dk_audit_standing *x = a, *y = b;
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* ---- selection --------------------------------------------------------- */

static bool has_player(const dk_game *g, const char *name)
{
	const dk_players *pl = dk_game_players(g);
	for (size_t i = 0; pl && i < pl->count; i++)
		if (strcmp(pl->items[i].name, name) == 0)
			return true;
	return false;
}

static bool pre_selected(const audit_state *st, const dk_game *g, const dk_rules *r)
{
	if (st->want_game && (long)g->index != st->want_game)
		return false;
	if (st->nplayers) {
		bool any = false;
		for (int i = 0; i < st->nplayers && !any; i++)
			any = has_player(g, st->players[i]);
		if (!any)
			return false;
	}
	if (st->date_from) {
		const char *d = dk_game_date(g);
		if (!d)
			return false;
		if (st->date_to) {
			/* FROM..TO, either of them perhaps a prefix: 2024-11..2024-12
			 * includes all of December */
			if (strcmp(d, st->date_from) < 0 ||
			    strncmp(d, st->date_to, strlen(st->date_to)) > 0)
				return false;
		} else if (strncmp(d, st->date_from, strlen(st->date_from)) != 0) {
			return false;
		}
	}
	if (st->table) {
		const char *t = dk_game_table(g);
		if (!t || strcmp(t, st->table) != 0)
			return false;
	}
	if (st->ruleset && (!r->name || strcmp(r->name, st->ruleset) != 0))
		return false;
	return true;
}

static bool post_selected(const audit_state *st, const dk_replay *rp, const dk_session_game *sg)
{
	if (st->types && !(st->types & (1u << rp->type)))
		return false;
	if (!st->ncodes)
		return true;
	for (int i = 0; i < st->ncodes; i++) {
		for (int k = 0; k < rp->finding_count; k++)
			if (strcmp(dk_finding_code_name(rp->findings[k].code), st->codes[i]) == 0)
				return true;
		for (int k = 0; k < sg->issue_count; k++)
			if (strcmp(dk_session_issue_name(sg->issues[k].code), st->codes[i]) == 0)
				return true;
	}
	return false;
}

/* ---- progress ---------------------------------------------------------- */

static void show_progress(audit_state *st, bool done)
{
	FILE *f = st->cli->err;
	if (done) {
		fputs("\r\033[K", f);
		fflush(f);
		return;
	}
	uint64_t at = st->reader && !st->piece_mode ? dk_xml_reader_source_offset(st->reader)
						    : st->progress_at;
	int pct = st->file_size ? (int)(at * 100 / st->file_size) : 0;
	if (pct > 100)
		pct = 100;
	char bar[41];
	int fill = pct * 40 / 100;
	for (int i = 0; i < 40; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[40] = '\0';
	char *keep;
	fprintf(f, "\r%s [%s] %3d%% %zu games", dk_shown(st->path, &keep), bar, pct,
		st->file_games);
	free(keep);
	fflush(f);
}

/* ---- the loop's callbacks ---------------------------------------------- */

static int on_begin(void *ud, dk_xml_reader *r)
{
	audit_state *st = ud;
	st->reader = r;
	return 0;
}

/* whether --code names the session finding c */
static bool wants_code(const audit_state *st, dk_session_issue_code c)
{
	for (int i = 0; i < st->ncodes; i++)
		if (strcmp(dk_session_issue_name(c), st->codes[i]) == 0)
			return true;
	return false;
}

/* what a game or a session's end has to say, in b: to the output, or with
 * --format jsonl into the part's objects (one per line in b) */
static void emit(audit_state *st, const dk_buf *b)
{
	if (!b->len)
		return;
	if (st->jsonl) {
		for (size_t at = 0; at < b->len;) {
			const char *nl = memchr(b->data + at, '\n', b->len - at);
			size_t len = nl ? (size_t)(nl - (b->data + at)) : b->len - at;
			if (st->part_out.len)
				dk_buf_putc(&st->part_out, ',');
			dk_buf_put(&st->part_out, b->data + at, len);
			at += len + 1;
		}
		return;
	}
	if (st->sink) {
		dk_buf_put(st->sink, b->data, b->len);
		return;
	}
	if (st->progress)
		show_progress(st, true);
	fwrite(b->data, 1, b->len, st->cli->out);
}

/* the duty soli still owed when a session ends (dk_session_finish) */
static void duty_soli_end(audit_state *st)
{
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	int n = dk_session_finish(&st->ss, x, (int)(sizeof(x) / sizeof(x[0])));
	static const char *const keys[DK_DUTY_KINDS] = {
		"duty_soli.per_player", "duty_soli.colour_per_player",
		"duty_soli.picture_per_player",
	};
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	char *keep;
	const char *path = dk_shown(st->path, &keep);    /* in the text */
	/* each player's duty soli, then what is missing (TSR 4.2.3) */
	if (!st->json && !st->summary_only && st->duty_soli > 0) {
		const char *names[DK_MAX_SEATS + 1];
		for (int s = 0; s <= DK_MAX_SEATS; s++)
			names[s] = st->names[s];
		dk_say(b, st->lang, DK_MSG_AU_SESSION_END, path, st->session_no);
		dk_buf_putc(b, '\n');
		dk_audit_text_duty_summary(b, st->lang, &st->ss, st->duty_rules, names,
					   st->seat_known, st->duty_soli);
	}
	bool seen = false;
	for (int i = 0; i < n; i++) {
		int kind = 0;
		for (int k = 0; k < DK_DUTY_KINDS; k++)
			if (strcmp(x[i].rule_key, keys[k]) == 0)
				kind = k;
		st->any_session_finding = true;
		st->part_finding = true;
		if (!seen)
			st->sum.sx_count[DK_SX_DUTY_SOLO_MISSING]++;
		seen = true;
		const char *name = st->seat_known[x[i].seat] ? st->names[x[i].seat] : "?";
		if (st->json || st->jsonl) {
			dk_audit_json_session_issue(b, st->path, st->session_no, &x[i], name,
						    st->duty_rules);
			continue;
		}
		if (st->summary_only)
			continue;
		if (i == 0 && b->len == 0) {
			dk_say(b, st->lang, DK_MSG_AU_SESSION_END, path, st->session_no);
			dk_buf_putc(b, '\n');
		}
		dk_buf_printf(b, "  %s:%u:%u: %s: ", path, x[i].loc.line, x[i].loc.col,
			      dk_view_issue_name(st->lang, x[i].code));
		dk_audit_text_duty(b, st->lang, &x[i], name);
		dk_buf_puts(b, "\n      ");
		dk_say(b, st->lang, DK_MSG_RS_RULE, x[i].rule_key);
		dk_say(b, st->lang, DK_MSG_RS_OF, st->duty_rules);
		if (st->duty_overridden[kind])
			dk_say(b, st->lang, DK_MSG_RS_OVERRIDDEN);
		if (st->duty_cite[kind][0])
			dk_buf_printf(b, ": %s", st->duty_cite[kind]);
		dk_buf_putc(b, '\n');
	}
	free(keep);
	emit(st, b);
}

static void json_counts(dk_buf *b, const size_t *now, const size_t *base, int n,
			const char *(*name)(int))
{
	dk_buf_putc(b, '{');
	for (int i = 0, k = 0; i < n; i++)
		if (now[i] != base[i]) {
			if (k++)
				dk_buf_putc(b, ',');
			dk_json_put_string(b, name(i));
			dk_buf_printf(b, ":%zu", now[i] - base[i]);
		}
	dk_buf_putc(b, '}');
}

static const char *finding_name(int c);
static const char *issue_name(int c);

/* --format jsonl: the line of a part that ended (audit.h) */
static void part_line(audit_state *st)
{
	const dk_audit_summary *s = &st->sum, *o = &st->part_base;
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	st->file_parts++;
	if (st->in_session)
		st->file_sessions++;
	dk_buf_puts(b, "{\"file\":");
	dk_json_put_string(b, st->path);
	dk_buf_printf(b, ",\"part\":%zu,\"session\":%zu,\"players\":", st->file_parts,
		      st->in_session ? st->file_sessions : 0);
	dk_json_put_string(b, st->in_session ? st->cur_sig : "");
	dk_buf_printf(b, ",\"carried\":%s,\"bock_end\":%ld,\"selected\":%s",
		      st->part_carried ? "true" : "false", dk_session_bock_pending(&st->ss),
		      st->session_selected ? "true" : "false");
	dk_buf_printf(b, ",\"games\":%zu,\"with_findings\":%zu,\"with_sheet\":%zu,\"findings\":",
		      s->games - o->games, s->with_findings - o->with_findings,
		      s->with_sheet - o->with_sheet);
	json_counts(b, s->code_count, o->code_count, DK_F_CODE_COUNT, finding_name);
	dk_buf_puts(b, ",\"session_findings\":");
	json_counts(b, s->sx_count, o->sx_count, DK_SX_CODE_COUNT, issue_name);
	dk_buf_printf(b, ",\"scores_right\":%zu,\"scores_wrong\":%zu,\"off_total\":%ld,"
		      "\"off_max\":%ld,\"off_max_index\":%zu,\"first_wrong_index\":%zu,"
		      "\"totals\":%s,\"totals_wrong\":%s,\"finding\":%s,\"final\":[",
		      s->scores_right - o->scores_right, s->scores_wrong - o->scores_wrong,
		      s->off_total - o->off_total, st->part_off_max, st->part_off_max_index,
		      st->part_first_wrong, st->session_totals ? "true" : "false",
		      st->session_totals_wrong ? "true" : "false",
		      st->part_finding ? "true" : "false");
	for (int seat = 1, k = 0; seat <= DK_MAX_SEATS; seat++) {
		if (!st->seat_known[seat])
			continue;
		dk_buf_puts(b, k++ ? ",[" : "[");
		dk_json_put_string(b, st->names[seat]);
		dk_buf_printf(b, ",%ld", st->final[seat]);
		if (st->rec_final_known)
			dk_buf_printf(b, ",%ld", st->rec_final[seat]);
		dk_buf_putc(b, ']');
	}
	dk_buf_puts(b, "],\"ids\":[");
	dk_buf_put(b, st->part_ids.data ? st->part_ids.data : "", st->part_ids.len);
	dk_buf_puts(b, "],\"out\":[");
	dk_buf_put(b, st->part_out.data ? st->part_out.data : "", st->part_out.len);
	dk_buf_puts(b, "]}\n");
	fwrite(b->data, 1, b->len, st->cli->out);
}

static void session_finish(audit_state *st)
{
	if (!st->ss.started)
		return;
	if (st->in_session && !st->counting &&
	    (st->session_selected || wants_code(st, DK_SX_DUTY_SOLO_MISSING)))
		duty_soli_end(st);
	if (st->in_session) {
		/* what the next session of the same players starts with */
		memcpy(st->prev_sig, st->cur_sig, sizeof(st->prev_sig));
		st->prev_pending = dk_session_bock_pending(&st->ss);
	}
	if (st->counting) {
		st->ss.started = false;
		return;
	}
	if (st->session_selected) {
		for (int s = 1; s <= DK_MAX_SEATS; s++)
			if (st->seat_known[s])
				add_standing(st, st->names[s], st->final[s]);
		st->sum.bock_pending = dk_session_bock_pending(&st->ss);
		st->bock_set = true;
		if (st->session_totals)
			st->sum.sessions_with_totals++;
		if (st->session_totals_wrong) {
			st->sum.sessions_totals_wrong++;
			if (st->wrong_sessions_listed < 10) {
				const char *names[DK_MAX_SEATS];
				long final[DK_MAX_SEATS], rec[DK_MAX_SEATS];
				size_t n = 0;
				for (int s = 1; s <= DK_MAX_SEATS; s++)
					if (st->seat_known[s]) {
						names[n] = st->names[s];
						final[n] = st->final[s];
						rec[n++] = st->rec_final[s];
					}
				dk_audit_wrong_session(&st->wrong_sessions, st->lang, st->path,
						       st->session_no, names, final,
						       st->rec_final_known ? rec : NULL, n);
			}
			st->wrong_sessions_listed++;
		}
	}
	if (st->jsonl)
		part_line(st);
	st->ss.started = false;
}

static void session_start_state(audit_state *st, const dk_session *s)
{
	dk_session_begin(&st->ss, s);
	st->part_base = st->sum;
	st->part_off_max = 0;
	st->part_off_max_index = st->part_first_wrong = 0;
	st->part_finding = st->part_carried = false;
	dk_buf_clear(&st->part_ids);
	dk_buf_clear(&st->part_out);
	st->session_selected = st->session_totals = st->session_totals_wrong = false;
	st->rec_final_known = false;
	memset(st->seat_known, 0, sizeof(st->seat_known));
	memset(st->final, 0, sizeof(st->final));
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* the players' names, sorted, as one string: who sits at the table */
static void players_sig(char *out, size_t len, const dk_players *pl)
{
	const char *v[DK_MAX_SEATS];
	size_t n = 0;
	for (size_t i = 0; pl && i < pl->count && n < DK_MAX_SEATS; i++)
		v[n++] = pl->items[i].name;
	qsort(v, n, sizeof(v[0]), by_string);
	size_t at = 0;
	out[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s\x1f", v[i]);
}

static int on_session_start(void *ud, const dk_session *s)
{
	audit_state *st = ud;
	st->in_session = true;
	st->session_no++;
	session_start_state(st, s);
	players_sig(st->cur_sig, sizeof(st->cur_sig), s->has_players ? &s->players : NULL);
	if (!st->first_session_seen) {
		st->first_session_seen = true;
		memcpy(st->first_sig, st->cur_sig, sizeof(st->first_sig));
	}
	if (st->prev_pending >= 0 && st->cur_sig[0] && strcmp(st->cur_sig, st->prev_sig) == 0) {
		dk_session_carry(&st->ss, st->prev_pending);
		st->part_carried = true;
	}
	return 0;
}

static int on_session_end(void *ud)
{
	audit_state *st = ud;
	session_finish(st);
	st->in_session = false;
	return 0;
}

/* one line for a game with something wrong: its codes */
static void brief_game(audit_state *st, dk_buf *b, const dk_game *g, const dk_replay *rp,
		       const dk_session_game *sg, const char *id, const dk_audit_dup *dup)
{
	char *keep;
	dk_say(b, st->lang, DK_MSG_CK_GAME, dk_shown(st->path, &keep), g->index);
	free(keep);
	dk_say(b, st->lang, DK_MSG_AU_ID, id);
	dk_buf_putc(b, ':');
	int n = 0;
	for (int i = 0; i < rp->finding_count; i++)
		if (rp->findings[i].kind != DK_FK_WARNING)
			dk_buf_printf(b, "%s %s", n++ ? "," : "",
				      dk_view_finding_name(st->lang, rp->findings[i].code));
	for (int i = 0; i < sg->issue_count; i++) {
		const dk_session_issue *x = &sg->issues[i];
		if (x->warning)
			continue;
		dk_buf_printf(b, "%s %s", n++ ? "," : "", dk_view_issue_name(st->lang, x->code));
		if (x->code == DK_SX_SCORE_WRONG || x->code == DK_SX_TOTAL_WRONG) {
			const dk_player *p = dk_game_player_at(g, x->seat);
			dk_say(b, st->lang, DK_MSG_AU_SHOULD_BE, p ? p->name : "?", x->found,
			       x->expected);
		}
	}
	if (dup) {
		dk_buf_printf(b, "%s duplicate (%s, %zu)", n++ ? "," : "",
			      dk_shown(dup->first_file, &keep), dup->first_index);
		free(keep);
	}
	dk_buf_putc(b, '\n');
}

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	audit_state *st = ud;
	st->file_games++;
	if (st->progress && !st->counting && (st->file_games & 255) == 0)
		show_progress(st, false);
	if (!rules)
		return 0;
	if (!st->in_session)
		session_start_state(st, NULL);

	/* the verdict; the cost of an irregularity only where the record
	 * shows an objection, which selects the reading "reclaimed" (the
	 * search is paid for only there) */
	static const dk_verdict_opts objected_only = { DK_VP_OBJECTED, 0 };
	dk_verdict *v = st->v;
	dk_verdict_judge(v, &st->ss, st->in_session, g, rules, &objected_only);
	const dk_replay *rp = &v->rp;
	const dk_session_game *sgp = &v->sg;

	/* the duty soli's rule, for the session's end */
	snprintf(st->duty_rules, sizeof(st->duty_rules), "%s", rules->name ? rules->name : "?");
	st->duty_soli = rules->duty_soli;
	const dk_rule_source *duty_src[DK_DUTY_KINDS] = {
		&rules->duty_soli_src, &rules->duty_colour_soli_src, &rules->duty_picture_soli_src
	};
	for (int k = 0; k < DK_DUTY_KINDS; k++) {
		snprintf(st->duty_cite[k], sizeof(st->duty_cite[k]), "%s",
			 duty_src[k]->cite ? duty_src[k]->cite : "");
		st->duty_overridden[k] = duty_src[k]->overridden;
	}

	/* the session's last known standings and names, for its summary */
	const dk_players *pl = dk_game_players(g);
	for (size_t i = 0; pl && i < pl->count; i++) {
		int seat = pl->items[i].seat;
		size_t len = strlen(pl->items[i].name);
		if (len >= sizeof(st->names[seat]))
			len = sizeof(st->names[seat]) - 1;
		memcpy(st->names[seat], pl->items[i].name, len);
		st->names[seat][len] = '\0';
		st->seat_known[seat] = true;
	}
	memcpy(st->final, sgp->total, sizeof(st->final));
	if (g->recorded.present && g->recorded.total_count) {
		st->session_totals = true;
		st->rec_final_known = true;
		for (size_t i = 0; i < g->recorded.total_count; i++)
			st->rec_final[g->recorded.totals[i].seat] = g->recorded.totals[i].points;
	}

	bool selected = pre_selected(st, g, rules) && post_selected(st, rp, sgp);
	if (selected) {
		st->selected_seen++;
		if (st->first && (long)st->selected_seen > st->first)
			selected = false;
		if (st->last && !st->counting &&
		    st->selected_seen + (size_t)st->last <= st->selected_total)
			selected = false;
	}
	if (!selected || st->counting)
		return 0;
	st->session_selected = true;

	/* the summary */
	dk_audit_summary *s = &st->sum;
	s->games++;
	/* games by code: a game with a code twice counts once */
	int real = 0;
	bool seen[DK_F_CODE_COUNT] = { false }, seen_sx[DK_SX_CODE_COUNT] = { false };
	for (int i = 0; i < rp->finding_count; i++)
		if (rp->findings[i].kind != DK_FK_WARNING) {
			real++;
			if (!seen[rp->findings[i].code])
				s->code_count[rp->findings[i].code]++;
			seen[rp->findings[i].code] = true;
		}
	if (real)
		s->with_findings++;
	int sheet = 0;
	for (int i = 0; i < sgp->issue_count; i++) {
		if (!seen_sx[sgp->issues[i].code])
			s->sx_count[sgp->issues[i].code]++;
		seen_sx[sgp->issues[i].code] = true;
		if (!sgp->issues[i].warning)
			sheet++;
	}
	if (sheet)
		s->with_sheet++;
	if (v->scored && g->recorded.present && g->recorded.score_count) {
		if (sgp->recorded_score_wrong) {
			s->scores_wrong++;
			s->off_total += sgp->score_off;
			if (sgp->score_off > s->off_max) {
				s->off_max = sgp->score_off;
				s->off_max_file = st->path;
				s->off_max_index = g->index;
			}
			if (sgp->score_off > st->part_off_max) {
				st->part_off_max = sgp->score_off;
				st->part_off_max_index = g->index;
			}
		} else {
			s->scores_right++;
		}
	} else if (v->foreign_compared) {
		/* a game another program scored (a FreeDoko log): its score is
		 * the record; right when it is the ruling's or differs only
		 * by rules dokoref was told to accept */
		if (v->foreign.unexplained)
			s->scores_wrong++;
		else
			s->scores_right++;
	}
	if (sgp->recorded_total_wrong) {
		if (!st->part_first_wrong)
			st->part_first_wrong = g->index;
		if (!st->session_totals_wrong && !s->first_wrong_file) {
			s->first_wrong_file = st->path;
			s->first_wrong_index = g->index;
		}
		st->session_totals_wrong = true;
	}

	/* the id and duplicates */
	uint64_t idv = dk_game_id(g);
	char id[DK_GAME_ID_HEX];
	dk_game_id_format(id, idv);
	const id_slot *prev = st->defer ? NULL
					: remember(st, idv, (uint32_t)st->file_no, (uint32_t)g->index);
	if (st->jsonl)
		dk_buf_printf(&st->part_ids, "%s\"%s:%zu\"", st->part_ids.len ? "," : "", id,
			      g->index);
	dk_audit_dup dup_here;
	if (prev) {
		dup_here.file = st->path;
		dup_here.index = g->index;
		dup_here.first_file = st->files[prev->file];
		if (strcmp(dup_here.first_file, "-") == 0)
			dup_here.first_file = "<stdin>";
		dup_here.first_index = prev->index;
		memcpy(dup_here.id, id, sizeof(dup_here.id));
		if (s->dup_count < MAX_DUPS_LISTED)
			st->dups[s->dup_count++] = dup_here;
		s->duplicates++;
	}

	/* the output */
	bool wrong = sheet || real || prev;
	if (wrong)
		st->any_session_finding = true;
	if (sheet || real)
		st->part_finding = true;
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	/* a worker writes what a duplicate would print too: only the taker
	 * knows whether the game is one */
	bool always = st->verbose || st->want_game || wrong;
	if (st->json) {
		if (always || st->defer)
			dk_audit_json_game(b, st->path, id, st->in_session ? st->session_no : 0, g,
					   rules, rp, sgp, prev ? dup_here.first_file : NULL,
					   prev ? dup_here.first_index : 0);
	} else if (st->verbose || st->want_game) {
		dk_text_verdict_audit(b, st->lang, v, st->path, id, st->cli->color,
				      dk_cli_text_width(st->cli->out));
		if (prev) {
			char *keep;
			dk_say(b, st->lang, DK_MSG_AU_DUPLICATE, dk_shown(dup_here.first_file, &keep),
			       dup_here.first_index);
			free(keep);
			dk_buf_putc(b, '\n');
		}
	} else if (!st->summary_only && (wrong || st->defer)) {
		brief_game(st, b, g, rp, sgp, id, prev ? &dup_here : NULL);
	}
	if (st->defer) {
		if (st->ndefs == st->defs_cap) {
			st->defs_cap = st->defs_cap ? 2 * st->defs_cap : 512;
			st->defs = dk_xrealloc(st->defs, st->defs_cap * sizeof(st->defs[0]));
		}
		st->defs[st->ndefs++] = (deferred){ idv, g->index, st->sink->len, b->len,
						    wrong, always };
	}
	emit(st, b);
	if (!st->in_session)
		session_finish(st);
	return 0;
}

/* ---- the summary ------------------------------------------------------- */

static const char *finding_name(int c)
{
	return dk_finding_code_name((dk_finding_code)c);
}

static const char *issue_name(int c)
{
	return dk_session_issue_name((dk_session_issue_code)c);
}

/* ---- --jobs: a file read in pieces on several threads -------------------- */

/* a score sheet: judged on its own (audit_sheet.c) */
static int on_sheet(void *ud, const char *name, const char *data, size_t len, int format)
{
	audit_state *st = ud;
	size_t findings = 0;
	int rc = dk_audit_sheet(st->cli, st->opts, st->lang, st->json, !st->jsonl, st->verbose,
				name, data, len, format, &findings);
	st->sheets++;
	st->sheet_findings += findings;
	return rc == DK_EXIT_FINDINGS ? 0 : rc;
}

static const dk_each_fns audit_fns = { .begin = on_begin, .session_start = on_session_start,
				       .game = on_game, .session_end = on_session_end,
				       .sheet = on_sheet };

/* what a worker found in a piece, for the taker */
typedef struct piece_result {
	int status;
	dk_cli_piece_end end;
	char *err;                   /* its diagnostics */
	size_t err_len;
	dk_buf out;                  /* its output, the games' in defs */
	deferred *defs;
	size_t ndefs;
	dk_audit_summary sum;        /* its sums (no duplicates) */
	char **names;                /* its standings, in order of appearance */
	long *points;
	size_t nstandings;
	dk_buf wrong;                /* its first ten sessions with wrong totals */
	size_t wrong_count;
	bool any_finding, bock_set;
	bool first_session_seen;
	char first_sig[DK_MAX_SEATS * 64];
	char last_sig[DK_MAX_SEATS * 64];
	long last_pending;           /* -1: no session ended in it */
	size_t session_no;
} piece_result;

typedef struct jobs_run {
	audit_state *st;             /* the taker's */
	const char *path;
	size_t session_base;         /* st->session_no when the file began */
	dk_cli_reading *rd;          /* the rule sets, for the workers and the taker */
} jobs_run;

typedef struct audit_worker {
	audit_state st;
	dk_cli cli;
	dk_buf sink;
} audit_worker;

static void *worker_new(void *ud)
{
	jobs_run *jr = ud;
	dk_xml_thread_init();
	audit_worker *w = dk_xcalloc(1, sizeof(*w));
	audit_state *st = &w->st;
	*st = *jr->st;               /* the options; nothing owned is shared: */
	memset(&st->sum, 0, sizeof(st->sum));
	st->ids = NULL;
	st->id_cap = st->id_count = 0;
	st->nstandings = 0;
	st->defs = NULL;
	st->ndefs = st->defs_cap = 0;
	st->reader = NULL;
	st->progress = false;
	st->v = dk_xcalloc(1, sizeof(*st->v));
	dk_buf_init(&st->buf);
	dk_buf_init(&st->wrong_sessions);
	dk_buf_init(&st->part_ids);
	dk_buf_init(&st->part_out);
	dk_buf_init(&w->sink);
	w->cli = *jr->st->cli;
	st->cli = &w->cli;
	st->sink = &w->sink;
	st->defer = true;
	return w;
}

static void worker_free(void *ud, void *wp)
{
	(void)ud;
	audit_worker *w = wp;
	audit_state *st = &w->st;
	for (size_t i = 0; i < st->nstandings; i++)
		free(st->standing_names[i]);
	free(st->v);
	free(st->defs);
	dk_buf_release(&st->buf);
	dk_buf_release(&st->wrong_sessions);
	dk_buf_release(&st->part_ids);
	dk_buf_release(&st->part_out);
	dk_buf_release(&w->sink);
	free(w);
}

static void discard(void *ud, void *result)
{
	(void)ud;
	piece_result *r = result;
	free(r->err);
	dk_buf_release(&r->out);
	free(r->defs);
	for (size_t i = 0; i < r->nstandings; i++)
		free(r->names[i]);
	free(r->names);
	free(r->points);
	dk_buf_release(&r->wrong);
	free(r);
}

/* a worker reads and judges piece p as the whole file's reading would,
 * but for duplicates */
static void work(void *ud, void *wp, dk_piece *p)
{
	jobs_run *jr = ud;
	audit_worker *w = wp;
	audit_state *st = &w->st;
	piece_result *r = dk_xcalloc(1, sizeof(*r));
	/* a piece starts between two sessions */
	memset(&st->sum, 0, sizeof(st->sum));
	for (size_t i = 0; i < st->nstandings; i++)
		free(st->standing_names[i]);
	st->nstandings = 0;
	dk_buf_clear(&st->wrong_sessions);
	st->wrong_sessions_listed = 0;
	st->any_session_finding = st->bock_set = st->first_session_seen = false;
	st->session_no = jr->session_base + (p->first ? 0 : p->origin.sessions);
	st->prev_pending = -1;
	st->prev_sig[0] = '\0';
	st->in_session = st->ss.started = false;
	st->ndefs = 0;
	st->file_games = 0;
	dk_buf_clear(&w->sink);
	FILE *ef = open_memstream(&r->err, &r->err_len);
	dk_input *in = NULL;
	if (!ef || dk_input_open_memory(&in, p->data, p->len, 0) != DK_IO_OK) {
		r->status = DK_EXIT_SYSTEM;   /* the taker reads it itself */
		r->end.read_error = true;
	} else {
		w->cli.err = ef;
		r->status = dk_cli_each_game_piece(&w->cli, jr->rd, true, in,
						   p->first ? NULL : &p->origin,
						   &audit_fns, st, &r->end);
	}
	if (st->in_session) {
		session_finish(st);
		st->in_session = false;
	}
	if (ef)
		fclose(ef);
	r->out = w->sink;
	dk_buf_init(&w->sink);
	r->defs = st->defs;
	r->ndefs = st->ndefs;
	st->defs = NULL;
	st->ndefs = st->defs_cap = 0;
	r->sum = st->sum;
	r->nstandings = st->nstandings;
	r->names = dk_xcalloc(st->nstandings + 1, sizeof(r->names[0]));
	r->points = dk_xcalloc(st->nstandings + 1, sizeof(r->points[0]));
	for (size_t i = 0; i < st->nstandings; i++) {
		r->names[i] = st->standing_names[i];
		r->points[i] = st->standings[i].points;
	}
	st->nstandings = 0;
	r->wrong = st->wrong_sessions;
	dk_buf_init(&st->wrong_sessions);
	r->wrong_count = st->wrong_sessions_listed;
	r->any_finding = st->any_session_finding;
	r->bock_set = st->bock_set;
	r->first_session_seen = st->first_session_seen;
	memcpy(r->first_sig, st->first_sig, sizeof(r->first_sig));
	memcpy(r->last_sig, st->prev_sig, sizeof(r->last_sig));
	r->last_pending = st->prev_pending;
	r->session_no = st->session_no;
	p->result = r;
}

/* the taker prints a deferred game, now that it knows whether it is a
 * duplicate */
static void print_deferred(audit_state *st, const deferred *d, const char *text)
{
	FILE *out = st->cli->out;
	const id_slot *prev = remember(st, d->id, (uint32_t)st->file_no, (uint32_t)d->index);
	if (!prev) {
		if (d->always)
			fwrite(text, 1, d->len, out);
		return;
	}
	dk_audit_dup dup;
	dup.file = st->path;
	dup.index = d->index;
	dup.first_file = st->files[prev->file];
	if (strcmp(dup.first_file, "-") == 0)
		dup.first_file = "<stdin>";
	dup.first_index = prev->index;
	dk_game_id_format(dup.id, d->id);
	if (st->sum.dup_count < MAX_DUPS_LISTED)
		st->dups[st->sum.dup_count++] = dup;
	st->sum.duplicates++;
	st->any_session_finding = true;
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	static const char json_none[] = "null}\n";
	size_t nl = sizeof(json_none) - 1;
	if (st->json) {
		if (d->len < nl || memcmp(text + d->len - nl, json_none, nl) != 0)
			return;  /* cannot be: the object ends with "duplicate_of":null */
		dk_buf_put(b, text, d->len - nl);
		dk_buf_puts(b, "{\"file\":");
		dk_json_put_string(b, dup.first_file);
		dk_buf_printf(b, ",\"index\":%zu}}\n", dup.first_index);
	} else if (st->verbose || st->want_game) {
		char *keep;
		dk_buf_put(b, text, d->len);
		dk_say(b, st->lang, DK_MSG_AU_DUPLICATE, dk_shown(dup.first_file, &keep),
		       dup.first_index);
		free(keep);
		dk_buf_putc(b, '\n');
	} else if (!st->summary_only && d->len) {
		char *keep;
		dk_buf_put(b, text, d->len - 1);
		dk_buf_printf(b, "%s duplicate (%s, %zu)\n", d->wrong ? "," : "",
			      dk_shown(dup.first_file, &keep), dup.first_index);
		free(keep);
	}
	fwrite(b->data ? b->data : "", 1, b->len, out);
}

/* the taker reads piece p itself (its first session carries Bocks over) */
static bool take_here(jobs_run *jr, dk_piece *p)
{
	audit_state *st = jr->st;
	dk_input *in = NULL;
	if (dk_input_open_memory(&in, p->data, p->len, 0) != DK_IO_OK)
		return false;
	dk_cli_piece_end end;
	st->piece_mode = true;
	/* it read cleanly on a worker, so it does here */
	dk_cli_each_game_piece(st->cli, jr->rd, false, in, p->first ? NULL : &p->origin, &audit_fns, st,
			       &end);
	st->piece_mode = false;
	st->reader = NULL;
	return true;
}

/* the taker takes piece p's result, in the file's order; false: the rest
 * of the file is read on this thread from p on */
static bool take(void *ud, dk_piece *p)
{
	jobs_run *jr = ud;
	audit_state *st = jr->st;
	piece_result *r = p->result;
	if (!r || r->status != DK_EXIT_OK || r->end.read_error)
		return false;
	if (!p->last && (r->end.line != p->end.line + 1 || r->end.games != p->end.games ||
			 r->end.sessions != p->end.sessions))
		return false;    /* the counting was fooled (a comment holding "<game") */
	st->progress_at = p->source_offset;
	if (r->first_session_seen && r->first_sig[0] && st->prev_pending > 0 &&
	    strcmp(r->first_sig, st->prev_sig) == 0)
		return take_here(jr, p);
	if (st->progress && (r->err_len || r->out.len))
		show_progress(st, true);
	if (r->err_len) {
		dk_cli_reading_write_err(jr->rd, st->cli, r->err, r->err_len);
		fflush(st->cli->err);
	}
	const char *o = r->out.data ? r->out.data : "";
	size_t pos = 0;
	for (size_t i = 0; i < r->ndefs; i++) {
		const deferred *d = &r->defs[i];
		fwrite(o + pos, 1, d->at - pos, st->cli->out);
		print_deferred(st, d, o + d->at);
		pos = d->at + d->len;
	}
	fwrite(o + pos, 1, r->out.len - pos, st->cli->out);

	dk_audit_summary *s = &st->sum;
	const dk_audit_summary *x = &r->sum;
	s->games += x->games;
	s->with_findings += x->with_findings;
	s->with_sheet += x->with_sheet;
	for (int i = 0; i < DK_F_CODE_COUNT; i++)
		s->code_count[i] += x->code_count[i];
	for (int i = 0; i < DK_SX_CODE_COUNT; i++)
		s->sx_count[i] += x->sx_count[i];
	s->scores_right += x->scores_right;
	s->scores_wrong += x->scores_wrong;
	s->off_total += x->off_total;
	if (x->off_max > s->off_max) {
		s->off_max = x->off_max;
		s->off_max_file = x->off_max_file;
		s->off_max_index = x->off_max_index;
	}
	if (!s->first_wrong_file && x->first_wrong_file) {
		s->first_wrong_file = x->first_wrong_file;
		s->first_wrong_index = x->first_wrong_index;
	}
	s->sessions_with_totals += x->sessions_with_totals;
	s->sessions_totals_wrong += x->sessions_totals_wrong;
	if (r->bock_set) {
		s->bock_pending = x->bock_pending;
		st->bock_set = true;
	}
	size_t k = 0;
	for (size_t at = 0; at < r->wrong.len; k++) {
		const char *nl = memchr(r->wrong.data + at, '\n', r->wrong.len - at);
		size_t len = nl ? (size_t)(nl - (r->wrong.data + at)) + 1 : r->wrong.len - at;
		if (st->wrong_sessions_listed < 10)
			dk_buf_put(&st->wrong_sessions, r->wrong.data + at, len);
		st->wrong_sessions_listed++;
		at += len;
	}
	st->wrong_sessions_listed += r->wrong_count - k;
	for (size_t i = 0; i < r->nstandings; i++)
		add_standing(st, r->names[i], r->points[i]);
	if (r->any_finding)
		st->any_session_finding = true;
	st->session_no = r->session_no;
	if (r->last_pending >= 0) {
		memcpy(st->prev_sig, r->last_sig, sizeof(st->prev_sig));
		st->prev_pending = r->last_pending;
	}
	st->file_games = r->end.games;
	if (st->progress)
		show_progress(st, false);
	return true;
}

/* whether path is read in pieces: an XML file (plain or gzip) that is not
 * standard input, with nothing that counts games across the file */
static bool use_jobs(const audit_state *st, const char *path, const dk_read_opts *opts)
{
	struct stat sb;
	if (st->jobs < 2 || st->counting || st->first || st->last || st->jsonl ||
	    strcmp(path, "-") == 0 || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return false;
	return !dk_cli_is_freedoko(path, opts->max_size) && !dk_cli_is_doko(path, opts->max_size) &&
	       dk_cli_sheet_format(path, opts->max_size) < 0;
}

static int run_file_jobs(audit_state *st, const dk_read_opts *opts, const char *path)
{
	static const dk_pieces_fns pf = { worker_new, work, worker_free, take, discard };
	jobs_run jr = { st, path, st->session_no, dk_cli_reading_new(path, opts) };
	dk_piece from;
	int status = DK_EXIT_OK;
	st->opts = opts;
	dk_ruleset_default_dirs();   /* asked once here: the workers ask too */
	if (!dk_pieces_run(path, opts->max_size, st->jobs, PIECE_SIZE, &pf, &jr, &from)) {
		/* the rest of the file on this thread, as without --jobs */
		if (from.first) {
			status = dk_cli_each_game(st->cli, path, opts, &audit_fns, st);
		} else {
			dk_input *in = dk_pieces_reopen(path, opts->max_size, &from);
			if (!in) {
				dk_cli_err_printf(st->cli, "dokoref: error: cannot read '%s' again\n",
						  path);
				status = DK_EXIT_SYSTEM;
			} else {
				dk_cli_piece_end end;
				status = dk_cli_each_game_piece(st->cli, jr.rd, false, in, &from.origin,
								&audit_fns, st, &end);
			}
		}
	}
	st->reader = NULL;
	dk_cli_reading_free(jr.rd);
	return status;
}

/* ---- running ----------------------------------------------------------- */

static int run_files(audit_state *st, dk_read_opts *opts, int from, int argc, char **argv)
{
	opts->lang = st->lang;
	int status = DK_EXIT_OK;
	size_t sessions_before = st->session_no;
	st->opts = opts;
	for (int i = from; i < argc; i++) {
		st->file_no = i;
		st->path = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
		st->file_games = 0;
		st->file_size = 0;
		struct stat sb;
		if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0)
			st->file_size = (uint64_t)sb.st_size;
		st->progress = !st->progress_off && !st->json && !st->counting &&
			       st->file_size >= PROGRESS_MIN_BYTES && isatty(fileno(st->cli->err));
		st->file_parts = st->file_sessions = 0;
		int rc = use_jobs(st, argv[i], opts) ? run_file_jobs(st, opts, argv[i])
						     : dk_cli_each_game(st->cli, argv[i], opts, &audit_fns, st);
		st->reader = NULL;
		if (st->in_session) {    /* the file broke off inside a session */
			session_finish(st);
			st->in_session = false;
		}
		if (st->jsonl && !st->counting) {
			dk_buf_clear(&st->buf);
			dk_buf_puts(&st->buf, "{\"file\":");
			dk_json_put_string(&st->buf, st->path);
			dk_buf_printf(&st->buf, ",\"status\":%d,\"parts\":%zu,\"end\":true}\n",
				      rc, st->file_parts);
			fwrite(st->buf.data, 1, st->buf.len, st->cli->out);
		}
		if (st->progress)
			show_progress(st, true);
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}
	st->sum.files = (size_t)(argc - from);
	st->sum.sessions = st->session_no - sessions_before;
	return status;
}

static bool parse_count(const char *s, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end || v < 1)
		return false;
	*out = v;
	return true;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "game", required_argument, NULL, 'g' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "summary", no_argument, NULL, 's' },
		{ "format", required_argument, NULL, 'f' },
		{ "lang", required_argument, NULL, 'l' },
		{ "player", required_argument, NULL, 'P' },
		{ "date", required_argument, NULL, 'D' },
		{ "table", required_argument, NULL, 'T' },
		{ "ruleset", required_argument, NULL, 'R' },
		{ "type", required_argument, NULL, 'y' },
		{ "code", required_argument, NULL, 'C' },
		{ "first", required_argument, NULL, 'F' },
		{ "last", required_argument, NULL, 'L' },
		{ "no-progress", no_argument, NULL, 'N' },
		{ "max-input-size", required_argument, NULL, 'm' },
		{ "color", required_argument, NULL, 'c' },
		{ "accept-rule-differences", no_argument, NULL, 'A' },
		{ "merge", no_argument, NULL, 'M' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const dk_command *cmd = &dk_cmd_audit;
	dk_read_opts opts = { 0 };
	opts.judge = true;
	audit_state *st = dk_xcalloc(1, sizeof(*st));
	st->v = dk_xcalloc(1, sizeof(*st->v));
	st->cli = cli;
	st->prev_pending = -1;
	st->lang = dk_lang_from_env();
	const char *color = "auto";
	char *date_copy = NULL;
	bool merge = false;
	int status = DK_EXIT_OK;
	int c;
	optind = 0;
	opterr = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	st->jobs = cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
	while ((c = getopt_long(argc, argv, ":g:j:vsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': opts.rules = optarg; break;
		case 'A': opts.accept_rule_differences = true; break;
		case 'g':
			if (!parse_count(optarg, &st->want_game)) {
				status = dk_cli_usage_error(cli, cmd,
					"--game takes a game number from 1 on, not '%s'", optarg);
				goto out;
			}
			break;
		case 'v': st->verbose = true; break;
		case 's': st->summary_only = true; break;
		case 'N': st->progress_off = true; break;
		case 'M': merge = true; break;
		case 'j': {
			long n;
			if (!parse_count(optarg, &n) || n > 1024) {
				status = dk_cli_usage_error(cli, cmd,
					"--jobs takes a number of threads from 1 to 1024, not '%s'", optarg);
				goto out;
			}
			st->jobs = (int)n;
			break;
		}
		case 'f':
			if (strcmp(optarg, "text") == 0) {
				st->json = false;
			} else if (strcmp(optarg, "json") == 0) {
				st->json = true;
			} else if (strcmp(optarg, "jsonl") == 0) {
				st->json = st->jsonl = true;
			} else {
				status = dk_cli_usage_error(cli, cmd,
					"--format takes text, json or jsonl, not '%s'", optarg);
				goto out;
			}
			break;
		case 'l':
			if (!dk_lang_parse(optarg, &st->lang)) {
				status = dk_cli_usage_error(cli, cmd,
					"--lang takes de or en, not '%s'", optarg);
				goto out;
			}
			break;
		case 'P':
		case 'C': {
			const char **list = c == 'P' ? st->players : st->codes;
			int *n = c == 'P' ? &st->nplayers : &st->ncodes;
			if (*n == MAX_SELECT) {
				status = dk_cli_usage_error(cli, cmd, "at most %d --%s options",
							    MAX_SELECT, c == 'P' ? "player" : "code");
				goto out;
			}
			list[(*n)++] = optarg;
			break;
		}
		case 'D': {
			free(date_copy);
			date_copy = strdup(optarg);
			if (!date_copy) {
				status = DK_EXIT_SYSTEM;
				goto out;
			}
			char *dots = strstr(date_copy, "..");
			st->date_from = date_copy;
			st->date_to = NULL;
			if (dots) {
				*dots = '\0';
				st->date_to = dots + 2;
			}
			if (!*st->date_from || (dots && !*st->date_to)) {
				status = dk_cli_usage_error(cli, cmd,
					"--date takes DATE, a prefix such as 2024-11, or FROM..TO, not '%s'",
					optarg);
				goto out;
			}
			break;
		}
		case 'T': st->table = optarg; break;
		case 'R': st->ruleset = optarg; break;
		case 'y': {
			int t;
			for (t = 0; t < DK_GT_COUNT; t++)
				if (strcmp(dk_game_type_name((dk_game_type)t), optarg) == 0)
					break;
			if (t == DK_GT_COUNT) {
				status = dk_cli_usage_error(cli, cmd,
					"--type takes normal, marriage, silent-marriage, poverty, "
					"solo, ramsch, thrown-in or redeal, not '%s'", optarg);
				goto out;
			}
			st->types |= 1u << t;
			break;
		}
		case 'F':
		case 'L':
			if (!parse_count(optarg, c == 'F' ? &st->first : &st->last)) {
				status = dk_cli_usage_error(cli, cmd, "--%s takes a count from 1 on, not '%s'",
							    c == 'F' ? "first" : "last", optarg);
				goto out;
			}
			break;
		case 'h':
			dk_cli_print_usage(cli, cmd);
			goto out;
		default: {
			int rc = dk_cli_common_option(cli, cmd, c, argv, &opts, &color);
			if (rc < 0)
				rc = dk_cli_common_option(cli, cmd, '?', argv, &opts, NULL);
			if (rc) {
				status = rc;
				goto out;
			}
			break;
		}
		}
	}
	if (merge) {
		if (st->jsonl) {
			status = dk_cli_usage_error(cli, cmd, "--merge prints text or json");
			goto out;
		}
		status = dk_audit_merge(cli, st->lang, st->json, argv + optind, argc - optind);
		goto out;
	}
	if (optind >= argc) {
		status = dk_cli_usage_error(cli, cmd, "no file given");
		goto out;
	}
	for (int i = 0; i < st->ncodes; i++) {
		bool known = false;
		for (int k = 0; k < DK_F_CODE_COUNT && !known; k++)
			known = strcmp(dk_finding_code_name((dk_finding_code)k), st->codes[i]) == 0;
		for (int k = 0; k < DK_SX_CODE_COUNT && !known; k++)
			known = strcmp(dk_session_issue_name((dk_session_issue_code)k), st->codes[i]) == 0;
		if (!known) {
			status = dk_cli_usage_error(cli, cmd, "--code: no finding is called '%s'",
						    st->codes[i]);
			goto out;
		}
	}
	if (st->last) {
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") == 0) {
				status = dk_cli_usage_error(cli, cmd,
					"--last reads the input twice, so it cannot read standard input");
				goto out;
			}
	}
	cli->color = dk_cli_want_color(cli->out, color);
	opts.need_rules = true;
	st->files = argv;
	dk_buf_init(&st->buf);
	dk_buf_init(&st->wrong_sessions);
	dk_buf_init(&st->part_ids);
	dk_buf_init(&st->part_out);
	if (st->last) {
		/* the first pass counts the selected games; its diagnostics go
		 * nowhere, the second pass prints them */
		dk_cli quiet = *cli;
		FILE *null = fopen("/dev/null", "w");
		if (!null) {
			status = DK_EXIT_SYSTEM;
			goto release;
		}
		quiet.err = null;
		quiet.out = null;
		st->cli = &quiet;
		st->counting = true;
		run_files(st, &opts, optind, argc, argv);
		fclose(null);
		st->cli = cli;
		st->counting = false;
		st->selected_total = st->selected_seen;
		st->selected_seen = 0;
		st->session_no = 0;
		st->prev_pending = -1;
	}
	status = run_files(st, &opts, optind, argc, argv);
	qsort(st->standings, st->nstandings, sizeof(st->standings[0]), by_points);
	st->sum.standings = st->standings;
	st->sum.standing_count = st->nstandings;
	st->sum.dups = st->dups;
	if (st->sheets && !st->sum.games) {
		/* score sheets only: each had its own summary */
	} else if (st->json && !st->jsonl) {
		dk_buf_clear(&st->buf);
		dk_audit_json_summary(&st->buf, &st->sum);
		fwrite(st->buf.data, 1, st->buf.len, cli->out);
	} else if (!st->jsonl && !(st->sum.games == 0 && status != DK_EXIT_OK)) {
		/* (no count line when nothing could be read: "0 games" would
		 * read as a clean result) */
		dk_buf_clear(&st->buf);
		dk_audit_summary_text(&st->buf, st->lang, &st->sum, &st->wrong_sessions);
		fwrite(st->buf.data, 1, st->buf.len, cli->out);
	}
	if (status == DK_EXIT_OK && st->sheet_findings)
		status = DK_EXIT_FINDINGS;
	if (status == DK_EXIT_OK && st->any_session_finding)
		status = DK_EXIT_FINDINGS;
	if (status == DK_EXIT_OK && st->sum.scores_wrong)
		status = DK_EXIT_FINDINGS;
release:
	dk_buf_release(&st->buf);
	dk_buf_release(&st->wrong_sessions);
	dk_buf_release(&st->part_ids);
	dk_buf_release(&st->part_out);
out:
	for (size_t i = 0; i < st->nstandings; i++)
		free(st->standing_names[i]);
	free(st->ids);
	free(st->v);
	free(st);
	free(date_copy);
	return status;
}

const dk_command dk_cmd_audit = {
	"audit", run, "judge whole sessions and archives: Bock, standings, score sheets",
	"usage: dokoref audit [options] FILE...\n"
	"\n"
	"Replay and score every game of each FILE (dokoref XML, plain or gzip, the\n"
	"dokoref notation, or a FreeDoko log, recognised by content; '-' is\n"
	"standard input) as `check` does, and follow each session game by game\n"
	"under its rule set: who should have dealt, who sits out at a table\n"
	"of five or six, the Bock rounds (their triggers, appended or stacked, a\n"
	"solo in a Bock round, Bocks pending from an earlier evening), each game's\n"
	"correct entry with Bock and the running standings (with the sign flip\n"
	"when the rules have it), and the score sheet against them: wrong entries,\n"
	"entries that do not add up to 0 or break the even/odd rule, running\n"
	"totals that are wrong or not the previous total plus the entry.\n"
	"\n"
	"A FILE may be a score sheet without cards (dokoref's CSV, DapfiDuck's CSV\n"
	"or QtDoppelKopf's JSON log, recognised by content): it is checked as far\n"
	"as a sheet allows, and audit says what it cannot check (dokoref-sheet(5)).\n"
	"\n"
	"Output: a line per game with something wrong (FILE, game N [id ID]:\n"
	"codes), then one summary: games checked, games with findings by code,\n"
	"recorded scores right and wrong and by how much, where the running\n"
	"totals first go wrong and the correct final standings of such sessions,\n"
	"duplicate games, the correct standings over all sessions, Bocks pending\n"
	"at the end.  The id (16 hex digits) names what was dealt and played, so\n"
	"the same game in two files or twice in one has the same id.\n"
	"\n"
	"Options:\n"
	"  -v, --verbose         every selected game's full verdict\n"
	"  -g, --game N          only the N-th game of each file, in full\n"
	"  -s, --summary         the summary only\n"
	"  --format FORMAT       text (default) or json: one object per game with\n"
	"                        findings (every game with --verbose) and line,\n"
	"                        then {\"summary\": ...}; or jsonl: a line per\n"
	"                        session with its sums and game ids, for --merge\n"
	"  --merge               read --format jsonl lines (FILE... or standard\n"
	"                        input, any order) and print the summary and exit\n"
	"                        status of one audit of all their files\n"
	"  -j, --jobs N          read and judge on N threads (default: the\n"
	"                        processors online); the output is the same\n"
	"  --rules NAME|PATH     judge under this rule set instead of the record's\n"
	"  --lang LANG           en or de (default from LC_ALL, LC_MESSAGES, LANG)\n"
	"  --no-progress         no progress bar (shown on stderr for files of\n"
	"                        1 MiB or more when stderr is a terminal)\n"
	"  --max-input-size SIZE refuse gzip inflated or files read whole past SIZE\n"
	"  --color WHEN          auto (default), always, never\n"
	"  --accept-rule-differences\n"
	"                        judge a FreeDoko file although its rules have\n"
	"                        options dokoref cannot express that can change\n"
	"                        a verdict (each is named in a warning)\n"
	"  -h, --help            show this help\n"
	"\n"
	"Selecting games (all must hold; every game of a session is still judged,\n"
	"for Bock and standings):\n"
	"  --player NAME         a game NAME sits at (repeatable: any of them)\n"
	"  --date DATE           a date, a prefix (2024-11) or FROM..TO\n"
	"  --table TABLE         the table as recorded\n"
	"  --ruleset NAME        games judged under the rule set NAME\n"
	"  --type TYPE           normal, marriage, silent-marriage, poverty, solo,\n"
	"                        ramsch, thrown-in, redeal (repeatable)\n"
	"  --code CODE           games with this finding, of the play or of the\n"
	"                        session (repeatable: any of them)\n"
	"  --first N, --last N   the first or last N games that the rest selects\n"
	"                        (--last reads the input twice)\n"
	"\n"
	"Exit status: 0 nothing wrong, 1 findings (warnings alone do not count),\n"
	"a wrong recorded score or a session finding, 3 invalid input, 4 I/O\n"
	"error, 2 usage.\n",
	NULL,
};

/*
 * audit_jobs.c - `dokoref audit --jobs N`: a file read in pieces of about
 * 1 MiB, each read and judged on a worker thread (pieces.h) as the whole
 * file's reading would judge it, and taken in the file's order by the
 * taker, who decides duplicates and adds the sums up, so that the output
 * is the same as on one thread.  A piece whose first session carries Bocks
 * over from the piece before is read again by the taker.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audit.h"
#include "audit_json.h"
#include "audit_run.h"
#include "audit_text.h"
#include "buf.h"
#include "cli.h"
#include "gameid.h"
#include "pieces.h"

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
	st->out = w->cli.out;
	st->err = w->cli.err;
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
						   &dk_audit_fns, st, &r->end);
	}
	if (st->in_session) {
		dk_audit_session_finish(st);
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
	const id_slot *prev = dk_audit_remember(st, d->id, (uint32_t)st->file_no, (uint32_t)d->index);
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
	if (st->json) {
		if (!dk_audit_json_with_duplicate(b, text, d->len, dup.first_file, dup.first_index))
			return;  /* cannot be: the object ends with "duplicate_of":null */
	} else if (st->verbose || st->want_game) {
		dk_buf_put(b, text, d->len);
		dk_audit_text_duplicate(b, st->lang, dup.first_file, dup.first_index);
	} else if (!st->summary_only && d->len) {
		dk_buf_put(b, text, d->len - 1);
		dk_audit_text_dup_code(b, d->wrong, dup.first_file, dup.first_index);
		dk_buf_putc(b, '\n');
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
	dk_cli_each_game_piece(st->cli, jr->rd, false, in, p->first ? NULL : &p->origin, &dk_audit_fns, st,
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
		dk_audit_show_progress(st, true);
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
		dk_audit_add_standing(st, r->names[i], r->points[i]);
	if (r->any_finding)
		st->any_session_finding = true;
	st->session_no = r->session_no;
	if (r->last_pending >= 0) {
		memcpy(st->prev_sig, r->last_sig, sizeof(st->prev_sig));
		st->prev_pending = r->last_pending;
	}
	st->file_games = r->end.games;
	if (st->progress)
		dk_audit_show_progress(st, false);
	return true;
}

/* whether path is read in pieces: an XML file (plain or gzip) that is not
 * standard input, with nothing that counts games across the file */
bool dk_audit_use_jobs(const audit_state *st, const char *path, const dk_read_opts *opts)
{
	struct stat sb;
	if (st->jobs < 2 || st->counting || st->first || st->last || st->jsonl ||
	    strcmp(path, "-") == 0 || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return false;
	return !dk_cli_is_freedoko(path, opts->max_size) && !dk_cli_is_doko(path, opts->max_size) &&
	       dk_cli_sheet_format(path, opts->max_size) < 0;
}

int dk_audit_run_file_jobs(audit_state *st, const dk_read_opts *opts, const char *path)
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
			status = dk_cli_each_game(st->cli, path, opts, &dk_audit_fns, st);
		} else {
			dk_input *in = dk_pieces_reopen(path, opts->max_size, &from);
			if (!in) {
				dk_cli_err_printf(st->cli, "dokoref: error: cannot read '%s' again\n",
						  path);
				status = DK_EXIT_SYSTEM;
			} else {
				dk_cli_piece_end end;
				status = dk_cli_each_game_piece(st->cli, jr.rd, false, in, &from.origin,
								&dk_audit_fns, st, &end);
			}
		}
	}
	st->reader = NULL;
	dk_cli_reading_free(jr.rd);
	return status;
}

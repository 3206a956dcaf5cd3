/*
 * audit_run.c - `dokoref audit` game by game, for the program and for the
 * library (dokoref_audit_json): judge each game with its session
 * (src/judge/verdict.h, src/core/session.c), select it, find duplicates by
 * id, keep the sums and standings, and hand what is to be said to the
 * renderers in src/report/.
 *
 * Selection (like pgn-extract's): --player, --date, --table, --ruleset
 * decide before a game is judged; --type and --code after; --first and
 * --last count among the games the other criteria let through.  Every
 * game of a session is judged whether selected or not, because Bock and
 * standings depend on all of them.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit_json.h"
#include "audit_run.h"
#include "audit_summary.h"
#include "audit_text.h"
#include "buf.h"
#include "gameid.h"
#include "replay.h"
#include "session.h"
#include "shown.h"
#include "verdict.h"
#include "verdict_text.h"

/* ---- duplicates ------------------------------------------------------ */

static uint64_t slot_hash(uint64_t id)
{
	return id * 0x9E3779B97F4A7C15ULL;
}

/* remember id (audit_run.h) */
const id_slot *dk_audit_remember(audit_state *st, uint64_t id, uint32_t file, uint32_t index)
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

void dk_audit_add_standing(audit_state *st, const char *name, long points)
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

void dk_audit_summary_close(audit_state *st)
{
	qsort(st->standings, st->nstandings, sizeof(st->standings[0]), by_points);
	st->sum.standings = st->standings;
	st->sum.standing_count = st->nstandings;
	st->sum.dups = st->dups;
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

void dk_audit_show_progress(audit_state *st, bool done)
{
	FILE *f = st->err;
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

/* ---- the run's steps ---------------------------------------------------- */

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
		dk_audit_show_progress(st, true);
	fwrite(b->data, 1, b->len, st->out);
}

/* the duty soli still owed when a session ends (dk_session_finish) */
static void duty_soli_end(audit_state *st)
{
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	int n = dk_session_finish(&st->ss, x, (int)(sizeof(x) / sizeof(x[0])));
	if (n) {
		st->any_session_finding = true;
		st->part_finding = true;
		st->sum.sx_count[DK_SX_DUTY_SOLO_MISSING]++;
	}
	const char *names[DK_MAX_SEATS + 1], *cite[DK_DUTY_KINDS];
	for (int s = 0; s <= DK_MAX_SEATS; s++)
		names[s] = st->names[s];
	for (int k = 0; k < DK_DUTY_KINDS; k++)
		cite[k] = st->duty_cite[k];
	dk_audit_session_end e = { st->path, st->session_no, &st->ss, names, st->seat_known,
				   st->duty_rules, cite, st->duty_overridden, st->duty_soli };
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	if (st->json)
		dk_audit_json_session_end(b, &e);
	else if (!st->summary_only)
		dk_audit_text_session_end(b, st->lang, &e);
	emit(st, b);
}

/* --format jsonl: the line of a part that ended (audit.h) */
static void part_line(audit_state *st)
{
	st->file_parts++;
	if (st->in_session)
		st->file_sessions++;
	const char *names[DK_MAX_SEATS + 1];
	for (int s = 0; s <= DK_MAX_SEATS; s++)
		names[s] = st->names[s];
	dk_audit_part p = {
		.file = st->path,
		.part = st->file_parts,
		.session = st->in_session ? st->file_sessions : 0,
		.players = st->in_session ? st->cur_sig : "",
		.carried = st->part_carried,
		.bock_end = dk_session_bock_pending(&st->ss),
		.selected = st->session_selected,
		.totals = st->session_totals,
		.totals_wrong = st->session_totals_wrong,
		.finding = st->part_finding,
		.sum = &st->sum,
		.base = &st->part_base,
		.off_max = st->part_off_max,
		.off_max_index = st->part_off_max_index,
		.first_wrong = st->part_first_wrong,
		.names = names,
		.seat_known = st->seat_known,
		.final = st->final,
		.rec_final = st->rec_final_known ? st->rec_final : NULL,
		.ids = &st->part_ids,
		.out = &st->part_out,
	};
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	dk_audit_json_part(b, &p);
	fwrite(b->data, 1, b->len, st->out);
}

void dk_audit_session_finish(audit_state *st)
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
				dk_audit_add_standing(st, st->names[s], st->final[s]);
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

int dk_audit_step_session_start(audit_state *st, const dk_session *s)
{
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

int dk_audit_step_session_end(audit_state *st)
{
	dk_audit_session_finish(st);
	st->in_session = false;
	return 0;
}

int dk_audit_step_game(audit_state *st, const dk_game *g, const dk_rules *rules)
{
	st->file_games++;
	if (st->progress && !st->counting && (st->file_games & 255) == 0)
		dk_audit_show_progress(st, false);
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
					: dk_audit_remember(st, idv, (uint32_t)st->file_no, (uint32_t)g->index);
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
			dk_audit_json_game(b, st->path, id, st->in_session ? st->session_no : 0, v,
					   st->lang, prev ? dup_here.first_file : NULL,
					   prev ? dup_here.first_index : 0);
	} else if (st->verbose || st->want_game) {
		dk_text_verdict_audit(b, st->lang, v, st->path, id, st->color,
				      st->width);
		if (prev)
			dk_audit_text_duplicate(b, st->lang, dup_here.first_file,
						dup_here.first_index);
	} else if (!st->summary_only && (wrong || st->defer)) {
		dk_audit_text_brief(b, st->lang, st->path, g, rp, sgp, id, prev ? &dup_here : NULL);
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
		dk_audit_session_finish(st);
	return 0;
}



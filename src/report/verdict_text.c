/*
 * verdict_text.c - a dk_verdict as text; see verdict_text.h.
 *
 * Every sentence comes from the catalogue in lang.c; the pieces (a
 * finding, a penalty, the score items) are check_text.c's.  This file
 * only decides their order and what a verdict shows.
 */
#include "verdict_text.h"

#include <stdlib.h>

#include "audit_text.h"
#include "check_text.h"
#include "foreign_text.h"
#include "ruling_text.h"
#include "shown.h"
#include "view_words.h"

#define BOLD "\033[1m"
#define RED "\033[31m"
#define YELLOW "\033[33m"
#define RESET "\033[0m"

/* "FILE, game N: normal game, rules ddv", the ruling, and the parties with
 * their points */
static void header(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
		   const char *id, bool color)
{
	const dk_replay *rp = &v->rp;
	dk_buf_puts(b, color ? BOLD : "");
	dk_say(b, lang, DK_MSG_CK_GAME, path, v->game->index);
	if (id)
		dk_say(b, lang, DK_MSG_AU_ID, id);
	dk_buf_printf(b, "%s: ", color ? RESET : "");
	dk_text_game_type_in(b, lang, v->game, rp);
	/* Pflichtsolo or Lustsolo, where the rules know duty soli or the record says it */
	if (rp->type == DK_GT_SOLO && rp->solo_as != DK_SOLO_AS_UNSAID) {
		dk_say(b, lang, rp->solo_as == DK_SOLO_AS_DUTY	   ? DK_MSG_CK_SOLO_AS_DUTY
				: rp->solo_as == DK_SOLO_AS_FORCED ? DK_MSG_CK_SOLO_AS_FORCED
								   : DK_MSG_CK_SOLO_AS_LUST);
		if (rp->solo_as_assumed)
			dk_say(b, lang, DK_MSG_CK_SOLO_AS_ASSUMED);
	}
	dk_say(b, lang, DK_MSG_CK_RULES, v->rules->name);
	dk_buf_puts(b, "\n  ");
	dk_buf_puts(b, color ? BOLD : "");
	dk_text_ruling(b, lang, v);
	dk_buf_puts(b, color ? RESET : "");
	dk_buf_puts(b, "\n  ");
	if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL) {
		dk_text_parties_in(b, lang, v->game, rp);
		dk_say(b, lang, DK_MSG_CK_CARD_POINTS, rp->points[DK_PARTY_RE],
		       rp->points[DK_PARTY_KONTRA]);
	}
	dk_buf_putc(b, '\n');
}

/* one finding: where, its code, what happened, the rule; then what it
 * changes (dk_text_at_finding), its cost when asked for, with the search's
 * proofs when verbose */
static void finding(dk_buf *b, dk_lang lang, const dk_verdict *v, int i, const char *path,
		    bool color, bool warn_colour, bool cost, bool verbose)
{
	const dk_finding *x = &v->rp.findings[i];
	bool warn = warn_colour && x->kind == DK_FK_WARNING;
	dk_buf_printf(b, "  %s:%u:%u: %s%s%s", path, x->loc.line, x->loc.col,
		      color ? (warn ? YELLOW : RED) : "", dk_view_finding_name(lang, x->code),
		      color ? RESET : "");
	dk_buf_printf(b, " (%s", dk_view_finding_kind(lang, x->kind));
	if (x->trick)
		dk_say(b, lang, DK_MSG_CK_TRICK_CARD, x->trick, x->card);
	else
		dk_say(b, lang, DK_MSG_CK_GAME_FINDING);
	dk_buf_puts(b, "): ");
	dk_text_finding(b, lang, x, v->game, &v->rp, v->rules);
	dk_buf_putc(b, '\n');
	if (x->rule_key) {
		dk_buf_puts(b, "      ");
		dk_text_rule_source(b, lang, x, v->rules);
		dk_buf_putc(b, '\n');
	}
	dk_text_at_finding(b, lang, v, i, cost, verbose);
}

void dk_text_at_finding(dk_buf *b, dk_lang lang, const dk_verdict *v, int i, bool cost,
			bool proofs)
{
	const dk_finding *x = &v->rp.findings[i];
	dk_text_reclaim(b, lang, x, v->game, v->rules);
	if (!cost || !(v->penalties_assessed || v->penalty_stands) ||
	    v->penalties[i].cls == DK_PC_NONE)
		return;
	dk_buf head;
	dk_buf_init(&head);
	dk_text_ruling_at(&head, lang, v, i);
	dk_text_penalty(b, lang, &v->penalties[i], v->game, &v->rp, head.data, proofs);
	dk_buf_release(&head);
}

/* "PLAYER +N, ..." for the four playing seats */
static void seats(dk_buf *b, const dk_verdict *v, const long *per_seat)
{
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		const dk_player *pl = dk_game_player_at(v->game, v->rp.seats[k]);
		dk_buf_printf(b, "%s %s %+ld", k ? "," : "", pl ? pl->name : "?",
			      per_seat[v->rp.seats[k]]);
	}
}

/* the table's record against the entry, and what each must change by */
static void recorded(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	if (!v->recorded_compared)
		return;
	const dk_recorded *rec = &v->game->recorded;
	dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_RECORDED));
	for (size_t i = 0; i < rec->score_count; i++) {
		const dk_seat_points *sp = &rec->scores[i];
		const dk_player *pl = dk_game_player_at(v->game, sp->seat);
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", pl ? pl->name : "?", sp->points);
		if (sp->points != v->entry[sp->seat])
			dk_say(b, lang, DK_MSG_CK_SHOULD_BE, v->entry[sp->seat]);
	}
	int wrong = v->recorded_wrong;
	if (wrong)
		dk_say(b, lang, dk_msg_n(wrong, DK_MSG_CK_WRONG_ONE, DK_MSG_CK_WRONG_MANY), wrong);
	else
		dk_say(b, lang, DK_MSG_CK_RIGHT);
	dk_buf_putc(b, '\n');
	if (!wrong)
		return;
	dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_CORRECTION));
	for (size_t i = 0; i < rec->score_count; i++) {
		const dk_seat_points *sp = &rec->scores[i];
		const dk_player *pl = dk_game_player_at(v->game, sp->seat);
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", pl ? pl->name : "?",
			      v->entry[sp->seat] - sp->points);
	}
	dk_buf_putc(b, '\n');
}

/* a record that stops early: the search's answer from where it stops, with
 * its continuations when verbose */
static void stopped(dk_buf *b, dk_lang lang, const dk_verdict *v, bool verbose)
{
	const dk_search_result *s = &v->stopped_search;
	dk_buf_puts(b, "  ");
	if (v->stopped_hands_unknown) {
		dk_say(b, lang, DK_MSG_CK_STOPPED_NO_HANDS);
	} else if (v->stopped_parties_unknown) {
		dk_say(b, lang, DK_MSG_CK_STOPPED_NO_PARTIES);
	} else if (!s->reach_known[DK_PARTY_RE] || !s->reach_known[DK_PARTY_KONTRA]) {
		dk_say(b, lang, DK_MSG_CK_STOPPED_UNKNOWN, s->nodes);
	} else if (s->can_reach[DK_PARTY_RE] && s->can_reach[DK_PARTY_KONTRA]) {
		dk_buf tre, tko;
		dk_buf_init(&tre);
		dk_buf_init(&tko);
		dk_text_target(&tre, v->stopped_target[DK_PARTY_RE]);
		dk_text_target(&tko, v->stopped_target[DK_PARTY_KONTRA]);
		dk_say(b, lang, DK_MSG_CK_STOPPED_OPEN, v->stopped_tricks_left, tre.data, tko.data);
		dk_buf_release(&tre);
		dk_buf_release(&tko);
	} else if (s->can_reach[DK_PARTY_RE] || s->can_reach[DK_PARTY_KONTRA]) {
		dk_say(b, lang, DK_MSG_CK_STOPPED_ONE, v->stopped_tricks_left,
		       dk_msg_text(lang, s->can_reach[DK_PARTY_RE] ? DK_MSG_PARTY_RE
								 : DK_MSG_PARTY_KONTRA));
	} else {
		dk_say(b, lang, DK_MSG_CK_STOPPED_NEITHER, v->stopped_tricks_left);
	}
	dk_buf_putc(b, '\n');
	if (verbose && v->stopped_searched && s->reach_known[DK_PARTY_RE] &&
	    s->reach_known[DK_PARTY_KONTRA])
		dk_text_search_lines_by_trick(b, lang, s, v->stopped_target,
					      v->rp.cards_played % DK_PLAYING_SEATS, v->game, &v->rp);
}

static void verdict_score(dk_buf *b, dk_lang lang, const dk_verdict *v, bool verbose)
{
	const dk_replay *rp = &v->rp;
	if (!v->scored) {
		/* a record may stop at the disputed point: say plainly why there
		 * is no score */
		if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL &&
		    rp->cards_played < rp->hand_size * DK_PLAYING_SEATS) {
			dk_buf_puts(b, "  ");
			dk_say(b, lang, DK_MSG_CK_UNFINISHED, rp->cards_played,
			       rp->hand_size * DK_PLAYING_SEATS);
			dk_buf_putc(b, '\n');
		}
		if (v->stopped && (v->stopped_searched || v->stopped_hands_unknown ||
				   v->stopped_parties_unknown))
			stopped(b, lang, v, verbose);
		return;
	}
	/* the score as played; then the entry a recorded objection makes (the
	 * penalty alone, or on top), then Bock, then the record against it */
	dk_text_score(b, lang, &v->sc, v->played, v->game, &v->rp);
	if (v->objected) {
		/* a penalty without a reclaim deadline is the verdict: say what the
		 * score was as played, and whether the table may agree on another */
		bool stands = v->objected->stands && !v->objected->objected;
		dk_buf_printf(b, "  %s", dk_msg_text(lang, stands ? DK_MSG_CK_STANDS_SCORE
								   : DK_MSG_CK_OBJECTED_SCORE));
		seats(b, v, v->objected_score);
		dk_buf_putc(b, '\n');
		if (stands) {
			dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_AS_PLAYED_SCORE));
			seats(b, v, v->played);
			dk_buf_putc(b, '\n');
		}
		if (stands && v->rules->penalty_revoke_table_may_agree) {
			const char *cite = v->rules->penalty_revoke_table_may_agree_src.cite;
			dk_buf_printf(b, "  %s%s\n", dk_msg_text(lang, DK_MSG_CK_TABLE_MAY_AGREE),
				      cite ? cite : "");
		}
	}
	if (v->bock_applies) {
		dk_say(b, lang, DK_MSG_AU_BOCK, v->sg.multiplier);
		dk_buf_putc(b, '\n');
	}
	recorded(b, lang, v);
}

void dk_text_verdict_score(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	verdict_score(b, lang, v, true);
}

/* check's verdict unwrapped */
static void verdict(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
		    const dk_text_opts *o)
{
	const dk_replay *rp = &v->rp;
	char *keep;
	path = dk_shown(path, &keep);
	header(b, lang, v, path, NULL, o->color);
	if (rp->finding_count == 0)
		dk_buf_printf(b, "  %s\n", dk_msg_text(lang, DK_MSG_CK_NO_FINDINGS));
	for (int i = 0; i < rp->finding_count; i++)
		finding(b, lang, v, i, path, o->color, true, true, o->verbose);
	if (rp->findings_dropped) {
		dk_buf_puts(b, "  ");
		dk_say(b, lang, DK_MSG_CK_MORE_FINDINGS, rp->findings_dropped);
		dk_buf_putc(b, '\n');
	}
	verdict_score(b, lang, v, o->verbose);
	/* an imported game: what its file could not tell, and the other
	 * program's score against this one */
	if (v->game->imported_from)
		dk_text_notes(b, lang, v->game);
	if (v->foreign_compared)
		dk_text_foreign(b, lang, &v->foreign, v->game);
	free(keep);
}

void dk_text_verdict_opts(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
			  const dk_text_opts *o)
{
	dk_buf t;
	dk_buf_init(&t);
	verdict(&t, lang, v, path, o);
	dk_text_wrap(b, t.data ? t.data : "", t.len, o->width);
	dk_buf_release(&t);
}

void dk_text_verdict(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path, bool color)
{
	dk_text_opts o = { color, false, 0 };
	dk_text_verdict_opts(b, lang, v, path, &o);
}

void dk_text_verdict_audit(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
			   const char *id, bool color, int width)
{
	char *keep;
	path = dk_shown(path, &keep);
	dk_buf t;
	dk_buf_init(&t);
	header(&t, lang, v, path, id, color);
	for (int i = 0; i < v->rp.finding_count; i++)
		finding(&t, lang, v, i, path, color, false, false, false);
	if (v->scored)
		dk_text_score(&t, lang, &v->sc, v->played, v->game, &v->rp);
	dk_audit_text_session(&t, lang, path, v->game, v->rules, &v->sg);
	dk_text_wrap(b, t.data ? t.data : "", t.len, width);
	dk_buf_release(&t);
	free(keep);
}

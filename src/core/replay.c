/*
 * replay.c - play a recorded game back under a rule set; see replay.h.
 *
 * Three steps:
 *   1. the game finding: which reservation wins, whether it was justified,
 *      the poverty exchange (the hands are changed by it);
 *   2. the play, card by card: turn, hand, following suit, swines,
 *      hyperswines and Genscher, trick winners, when a marriage decides
 *      the parties; each announcement is noted with the counts its
 *      deadline depends on;
 *   3. the announcements, checked in order once the parties are known.
 * Every finding carries the record position of what caused it; at the end
 * they are put in record order.
 *
 * This file drives the steps and tidies the findings up; step 1 is
 * replay_bid.c, step 2 replay_trick.c (the cards) and replay_declare.c
 * (swines, Genscher and the like), step 3 replay_announce.c (which also
 * notes each announcement in step 2).  replay_steps.h is what they
 * share.
 *
 * Nothing here depends on the name of a rule set: every difference is a
 * field of dk_rules.
 */
#include "replay.h"

#include <stdlib.h>

#include "reclaim.h"
#include "replay_steps.h"

/* the previous playing seat, to the right */
static int prev_seat(const dk_replay *o, int seat)
{
	int i = rp_index_of_seat(o, seat);
	if (i >= 0)
		return o->seats[(i + DK_PLAYING_SEATS - 1) % DK_PLAYING_SEATS];
	for (int k = DK_PLAYING_SEATS - 1; k >= 0; k--)
		if (o->seats[k] < seat)
			return o->seats[k];
	return o->seats[DK_PLAYING_SEATS - 1];
}

/*
 * A card not in the hand leaves a card in the hand that the record never
 * shows played: the card the player put down in its place, as far as the
 * record tells.  A later revoke that only that card could have avoided
 * (every card that could have followed is still in the hand when the game
 * ends) is no slip of its own: it follows from the card the record got
 * wrong.  Such revokes are taken out and counted on the first card not in
 * the hand of that seat, which names the cards the hand kept.
 */
static void explain_by_missing_cards(rp_state *st)
{
	dk_replay *o = st->out;
	/* only a game played to its end shows which cards were never played */
	if (o->cards_played != o->hand_size * DK_PLAYING_SEATS)
		return;
	int kept = 0;
	for (int i = 0; i < o->finding_count; i++) {
		dk_finding *f = &o->findings[i];
		bool explained = false;
		if (f->code == DK_F_REVOKE && f->demanded_count < DK_FINDING_CARDS) {
			dk_finding *slip = NULL;
			int slips = 0;
			for (int k = 0; k < o->finding_count; k++) {
				dk_finding *m = &o->findings[k];
				if (m->code == DK_F_CARD_NOT_IN_HAND && !m->expected_seat &&
				    m->seat == f->seat && m->seq < f->seq) {
					slip = slip ? slip : m;
					slips++;
				}
			}
			/* each card that could have followed is one the record put
			 * a wrong card in place of: never played, and no more of
			 * them than cards not in the hand before the revoke */
			explained = slip && f->demanded_count <= slips;
			for (int d = 0; explained && d < f->demanded_count; d++) {
				int want = 0;
				for (int k = 0; k < f->demanded_count; k++)
					want += f->demanded[k] == f->demanded[d];
				explained = rp_count_card(st, f->seat, f->demanded[d]) >= want;
			}
			if (explained)
				slip->followed++;
		}
		if (!explained)
			o->findings[kept++] = *f;
	}
	o->finding_count = kept;
	for (int i = 0; i < o->finding_count; i++) {
		dk_finding *f = &o->findings[i];
		if (f->code != DK_F_CARD_NOT_IN_HAND || f->expected_seat)
			continue;
		int n = st->hand_n[f->seat] < DK_FINDING_CARDS ? st->hand_n[f->seat]
							       : DK_FINDING_CARDS;
		memcpy(f->demanded, st->hand[f->seat], (size_t)n);
		f->demanded_count = n;
	}
}

/* noted calls kept on the stack: a game of 12-card hands has 48 cards and a
 * few announcements and declarations */
#define LOCAL_CALLS 96

/* ---- the whole replay ---------------------------------------------------------- */

static int by_seq(const void *a, const void *b)
{
	const dk_finding *x = a, *y = b;
	if (x->seq != y->seq)
		return x->seq - y->seq;
	return (int)x->code - (int)y->code;
}

static int leader_by(const rp_state *st, dk_lead lead)
{
	const dk_replay *o = st->out;
	int dealer = st->g->deal.dealer;
	switch (lead) {
	case DK_LEAD_SOLOIST:
		if (o->declarer)
			return o->declarer;
		return rp_next_seat(o, dealer);
	case DK_LEAD_RIGHT_OF_DEALER:
		return prev_seat(o, dealer);
	default:
		return rp_next_seat(o, dealer);
	}
}

static int first_leader(const rp_state *st)
{
	const dk_replay *o = st->out;
	const dk_rules *r = st->r;
	if (o->type != DK_GT_SOLO)
		return leader_by(st, r->lead_normal);
	return leader_by(st, rp_duty_lead(o) ? r->lead_duty_solo : r->lead_solo);
}

/* the first card's seat, 0 = none */
static int first_card_seat(const dk_game *g)
{
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_CARD)
			return g->events[i].seat;
	return 0;
}

/* A solo: Pflichtsolo or Lustsolo (the reading in rulesets/ddv.yaml at
 * duty_soli.round_games).  The record's word first; without it, no duty
 * soli make every solo a Lustsolo (left unsaid); in a session
 * a player vorgeführt plays his forced solo, one who owes a duty solo plays
 * it (TSR 4.3.1: a Lustsolo only after it), anybody else a Lustsolo; a game
 * on its own is read from who led: the Pflichtsolo's leader makes it one. */
static void solo_kind_as(rp_state *st)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	if (o->type != DK_GT_SOLO || st->solo_bid < 0)
		return;
	dk_solo_as said = st->g->bids[st->solo_bid].as;
	int s = o->declarer;
	if (said != DK_SOLO_AS_UNSAID) {
		o->solo_as = said;
		return;
	}
	if (r->duty_soli == 0)
		return;   /* no duty soli: every solo is a Lustsolo, unsaid */
	o->solo_as = DK_SOLO_AS_LUST;
	o->solo_as_assumed = true;
	if (st->ctx) {
		if (s > 0 && s == st->ctx->forced_seat)
			o->solo_as = DK_SOLO_AS_FORCED;
		else if (s > 0 && s <= DK_MAX_SEATS && st->ctx->owes[s])
			o->solo_as = DK_SOLO_AS_DUTY;
		return;
	}
	int led = first_card_seat(st->g);
	if (led && led == leader_by(st, r->lead_duty_solo) && led != leader_by(st, r->lead_solo))
		o->solo_as = DK_SOLO_AS_DUTY;
}

bool dk_replay_hands_match(const dk_replay *rp)
{
	const dk_trick *open = rp->trick_count < DK_MAX_TRICKS ? &rp->tricks[rp->trick_count]
							       : NULL;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i], want = rp->hand_size - rp->trick_count;
		for (int k = 0; open && k < open->count; k++)
			want -= open->seats[k] == seat;
		if (rp->hand_n[seat] != want)
			return false;
	}
	return true;
}

bool dk_replay_turns_match(const dk_replay *rp)
{
	if (rp->trick_count >= DK_MAX_TRICKS)
		return true;
	const dk_trick *t = &rp->tricks[rp->trick_count];
	int s = rp->next_seat;
	for (int k = t->count; k > 0 && k < 4; k++, s = rp_next_seat(rp, s))
		if (rp_played_in(t, s))
			return false;
	return true;
}

void dk_replay_run(dk_replay *out, const dk_game *g, const dk_rules *r)
{
	dk_replay_run_in(out, g, r, NULL);
}

void dk_replay_run_in(dk_replay *out, const dk_game *g, const dk_rules *r,
		      const dk_replay_ctx *ctx)
{
	/* the findings are written whole by rp_add() before they count: only the
	 * fields around them are cleared (the array is most of the struct) */
	memset(out, 0, offsetof(dk_replay, findings));
	memset((char *)out + offsetof(dk_replay, finding_count), 0,
	       sizeof(*out) - offsetof(dk_replay, finding_count));
	rp_state st;
	memset(&st, 0, sizeof(st));
	st.g = g;
	st.r = r;
	st.out = out;
	st.ctx = ctx;
	/* room for every announcement and bid call; on the stack for a game of
	 * ordinary length (note_call writes every field of what it notes) */
	rp_noted_call local_calls[LOCAL_CALLS];
	st.call_alloc = (int)g->event_count + DK_MAX_BID_CALLS;
	if (st.call_alloc <= LOCAL_CALLS) {
		st.calls = local_calls;
	} else {
		st.calls = malloc((size_t)st.call_alloc * sizeof(rp_noted_call));
		if (!st.calls)
			abort();
	}
	for (int p = 0; p < 3; p++) {
		out->calls[p].highest = -1;
		out->calls[p].reply = -1;
	}

	/* the four playing seats in table order, and their hands */
	int n = 0;
	for (int s = 1; s <= DK_MAX_SEATS && n < DK_PLAYING_SEATS; s++) {
		const dk_hand *h = rp_dealt(g, s);
		if (!h)
			continue;
		out->seats[n++] = s;
		memcpy(st.hand[s], h->cards, (size_t)h->count);
		st.hand_n[s] = h->count;
	}
	out->hand_size = g->deal.hand_count ? g->deal.hands[0].count : 0;

	rp_resolve(&st);
	solo_kind_as(&st);
	dk_solo_kind kind = out->type == DK_GT_SOLO || out->type == DK_GT_SILENT_MARRIAGE
				    ? out->solo : DK_SOLO_NONE;
	dk_order_init_rules(&out->order, kind, r);
	rp_set_parties(&st);
	/* TSR 5.5.1: a solo's announcement and a poverty's bidding show every party */
	out->parties_clear_seq = out->type == DK_GT_SOLO || out->type == DK_GT_POVERTY ? 0 : -1;
	rp_swines_shown(&st);
	rp_automatic_swines(&st);
	/* Klopfen only where the game finding does not show the parties */
	out->calls_per_player = r->announce_per_player &&
				(out->type == DK_GT_NORMAL || out->type == DK_GT_SILENT_MARRIAGE);

	bool no_game = out->type == DK_GT_THROWN_IN || out->type == DK_GT_REDEAL;
	size_t cards = dk_game_card_count(g);
	if (no_game && cards > 0) {
		const dk_event *first = NULL;
		for (size_t i = 0; i < g->event_count && !first; i++)
			if (g->events[i].kind == DK_EV_CARD)
				first = &g->events[i];
		dk_finding *f = rp_add(&st, DK_F_SHOULD_HAVE_BEEN_REDEALT, DK_FK_IRREGULARITY, 1,
				       first->loc, out->declarer);
		f->count = (int)out->type;
		if (out->type == DK_GT_THROWN_IN && out->poverty_thrown) {
			f->rule_key = r->poverty_exchange ? "poverty.throw_in_max_trumps"
							  : "poverty.exchange";
			f->rule = r->poverty_exchange ? &r->poverty_throw_in_max_trumps_src
						      : &r->poverty_exchange_src;
		} else if (out->type == DK_GT_THROWN_IN) {
			f->rule_key = "throw_in.reasons";
			f->rule = &r->throw_in_reasons_src;
		} else if (rp_count_bids(g, DK_BID_POVERTY) > 1 &&
			   r->poverty_double != DK_DOUBLE_FIRST_ASKED) {
			f->rule_key = "poverty.double";
			f->rule = &r->poverty_double_src;
		} else if (rp_find_bid(g, DK_BID_MARRIAGE, 0) &&
			   r->poverty_marriage == DK_PM_POVERTY_ONLY) {
			f->rule_key = "poverty.with_marriage";
			f->rule = &r->poverty_marriage_src;
		} else {
			f->rule_key = "poverty.refused";
			f->rule = &r->poverty_refused_src;
		}
	}

	/* announcements said with the winning solo bid are the soloist's */
	dk_event *bid_calls = st.bid_calls;
	if (st.solo_bid >= 0) {
		const dk_bid *b = &g->bids[st.solo_bid];
		for (int k = 0; k < b->call_count; k++) {
			memset(&bid_calls[k], 0, sizeof(bid_calls[k]));
			bid_calls[k].kind = DK_EV_ANNOUNCE;
			bid_calls[k].seat = b->seat;
			bid_calls[k].call = b->calls[k];
			bid_calls[k].loc = b->loc;
			rp_note_call(&st, &bid_calls[k], 0, true);
		}
	}

	int expected = first_leader(&st);
	st.lead_due = expected;
	st.last_slip = -1;
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		int seq = (int)i + 1;
		switch (e->kind) {
		case DK_EV_CARD:
			rp_play_card(&st, e, seq, &expected);
			break;
		case DK_EV_ANNOUNCE:
			rp_note_call(&st, e, seq, false);
			break;
		case DK_EV_OBJECTION:
			break;
		default:
			rp_declaration(&st, i, seq);
			break;
		}
	}
	if (!no_game && out->cards_played < out->hand_size * DK_PLAYING_SEATS) {
		dk_finding *f = rp_add(&st, DK_F_GAME_INCOMPLETE, DK_FK_RECORD_DEFECT,
				       (int)g->event_count + 1,
				       g->has_play ? g->play_loc : g->loc, 0);
		f->count = out->cards_played;
		f->limit = out->hand_size * DK_PLAYING_SEATS;
		f->rule_key = "deal";
	}

	explain_by_missing_cards(&st);

	/* step 3, in record order, with the parties as they ended */
	rp_check_calls(&st);
	rp_check_mandatory(&st);

	for (int t = 0; t < out->trick_count; t++)
		out->points[out->party[out->tricks[t].winner]] += out->tricks[t].points;
	memcpy(out->hand, st.hand, sizeof(out->hand));
	memcpy(out->hand_n, st.hand_n, sizeof(out->hand_n));
	out->next_seat = expected;
	/* when each could be reclaimed, and what the objections did */
	dk_reclaim_judge(out, g, r);
	qsort(out->findings, (size_t)out->finding_count, sizeof(dk_finding), by_seq);
	if (st.calls != local_calls)
		free(st.calls);
}

const char *dk_game_type_name(dk_game_type t)
{
	static const char *const names[DK_GT_COUNT] = {
		"normal", "marriage", "silent-marriage", "poverty", "solo", "ramsch",
		"thrown-in", "redeal",
	};
	return (unsigned)t < DK_GT_COUNT ? names[t] : NULL;
}

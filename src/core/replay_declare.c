/*
 * replay_declare.c - step 2 of the replay, the declarations in the play:
 * swines (shown in the bidding, declared in the play or counting without a
 * word), hyperswines, Genscher and a partner pick (Wende-Genscher), each
 * checked against the hand, the game and the moment, and the card order
 * and parties each makes from then on.
 */
#include "replay_steps.h"

#define DK_ DK_CARD_MAKE(DK_DIAMONDS, DK_KING)
#define DJ DK_CARD_MAKE(DK_DIAMONDS, DK_JACK)

/* swines shown in the bidding (<swine> among the bids): before the
 * poverty's return they are shown before the exchange.  A seat shows
 * swines it holds in its hand as dealt, or, the taker, both among the cards
 * passed to it; one of each is no swine shown (esslingen-2002 §6: not one
 * "erst durch das Kartenaufnehmen aus 2 Füchsen"), a false declaration */
void rp_swines_shown(rp_state *st)
{
	const dk_game *g = st->g;
	dk_replay *o = st->out;
	dk_card ace = o->order.trump_ace;
	bool exchanged = false;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind == DK_BID_POVERTY_RETURN)
			exchanged = true;
		if (b->kind != DK_BID_SWINE_SHOWN)
			continue;
		int n = 0, passed = 0;
		const dk_hand *h = rp_dealt(g, b->seat);
		for (int k = 0; h && k < h->count; k++)
			n += h->cards[k] == ace;
		const dk_bid *pass = o->type == DK_GT_POVERTY && b->seat == o->partner
				     ? rp_find_bid(g, DK_BID_POVERTY_PASS, o->declarer) : NULL;
		for (int k = 0; pass && k < pass->card_count; k++)
			passed += pass->cards[k] == ace;
		if (passed > n)
			n = passed;
		if (ace == DK_CARD_NONE || n < 2 || st->r->swines == DK_SWINES_NONE) {
			dk_finding *f = rp_add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, 0, b->loc,
					       b->seat);
			RULE(f, "swines.kind", swines);
			f->played = ace;
			f->count = n;
			continue;
		}
		if (!exchanged)
			st->swine_shown[b->seat] = true;
	}
}

/* swines can count in this game (swines.kind, swines.solos, swines.in_poverty,
 * swines.in_silent_marriage) */
static bool swines_here(const rp_state *st)
{
	const dk_rules *r = st->r;
	const dk_replay *o = st->out;
	if (r->swines == DK_SWINES_NONE || o->order.trump_ace == DK_CARD_NONE)
		return false;
	if (o->type == DK_GT_POVERTY && r->swines_poverty == DK_SWINES_POVERTY_NONE)
		return false;
	if (o->solo == DK_SOLO_NONE)
		return true;
	if (o->type == DK_GT_SILENT_MARRIAGE && r->swines_silent_marriage)
		return true;  /* swines.in_silent_marriage: as in a normal game */
	return DK_SET_HAS(r->swines_solos, o->solo);
}

/* swines.in_poverty re-only-if-shown: in a poverty a swine of the Re side
 * counts only when it was shown in the bidding, before the exchange */
static bool swine_unshown_re(const rp_state *st, int seat)
{
	const dk_replay *o = st->out;
	return o->type == DK_GT_POVERTY &&
	       st->r->swines_poverty == DK_SWINES_POVERTY_RE_IF_SHOWN &&
	       o->party[seat] == DK_PARTY_RE && !st->swine_shown[seat];
}

/* swines.only_second: the first trump ace of the seat went to its own party */
static bool first_ace_kept(const rp_state *st, int seat)
{
	int w = st->first_ace_winner;
	return w && (w == seat || st->out->party[w] == st->out->party[seat]);
}

/* how many of card c the seat held: in the hand now plus played */
static int held(const rp_state *st, int seat, dk_card c)
{
	return rp_count_card(st, seat, c) + st->played_card[seat][c];
}

/* is the seat's card c the one that makes its swines count when played? */
bool rp_swine_card(const rp_state *st, int seat, dk_card c)
{
	dk_card ace = st->out->order.trump_ace;
	if (c != ace || !swines_here(st) || held(st, seat, ace) != 2 || swine_unshown_re(st, seat))
		return false;
	if (st->r->swines_only_second)
		return st->played_card[seat][ace] == 1 && first_ace_kept(st, seat);
	return st->played_card[seat][ace] == 0;
}

/* hyperswines can count in this game (hyperswines.kind, .solos, .in_poverty) */
static bool hyperswines_here(const rp_state *st)
{
	const dk_rules *r = st->r;
	const dk_replay *o = st->out;
	if (r->hyperswines == DK_SWINES_NONE || o->order.hyperswine == DK_CARD_NONE ||
	    !swines_here(st))
		return false;
	if (o->type == DK_GT_POVERTY && !r->hyperswines_poverty)
		return false;
	if (o->solo == DK_SOLO_NONE)
		return true;
	return DK_SET_HAS(r->hyperswines_solos, o->solo);
}

/* why the seat's hyperswines cannot count: 0 none in this game, 1 not both
 * cards, 2 no swines declared or in play, 3 the seat has the swines too and
 * hyperswines.with_swines is false; -1 they can */
int rp_hyperswines_refused(const rp_state *st, int seat)
{
	const dk_replay *o = st->out;
	dk_card ace = o->order.trump_ace;
	if (!hyperswines_here(st))
		return 0;
	if (held(st, seat, o->order.hyperswine) < 2)
		return 1;
	int holder = 0;
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (held(st, o->seats[i], ace) == 2)
			holder = o->seats[i];
	bool swines = holder && !swine_unshown_re(st, holder) &&
		      (st->swine_said[holder] || o->swines_active ||
		       st->r->swines == DK_SWINES_AUTOMATIC);
	if (!swines)
		return 2;
	if (holder == seat && !st->r->hyperswines_with_swines)
		return 3;
	return -1;
}

void rp_activate_swines(rp_state *st, int seat)
{
	st->out->swines_active = true;
	st->out->order.swines = true;
	st->out->swine_seat = seat;
}

void rp_activate_hyperswines(rp_state *st, int seat)
{
	st->out->hyperswines_active = true;
	st->out->order.hyperswines = true;
	st->out->hyperswine_seat = seat;
}

/* swines and hyperswines that count without a word (kind automatic) rank
 * as such from the first card: the order of every position has them */
void rp_automatic_swines(rp_state *st)
{
	const dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = o->seats[i];
		if (st->r->swines == DK_SWINES_AUTOMATIC && !st->r->swines_only_second &&
		    rp_swine_card(st, seat, o->order.trump_ace))
			rp_activate_swines(st, seat);
	}
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = o->seats[i];
		if (st->r->hyperswines == DK_SWINES_AUTOMATIC &&
		    rp_hyperswines_refused(st, seat) < 0)
			rp_activate_hyperswines(st, seat);
	}
}

static bool genscher_game(const dk_replay *o)
{
	return o->type == DK_GT_NORMAL || o->type == DK_GT_MARRIAGE ||
	       o->type == DK_GT_SILENT_MARRIAGE;
}

/* may a partner be picked in this game (wende_genscher.bride_alone) */
static bool pick_game(const rp_state *st)
{
	const dk_replay *o = st->out;
	if (!genscher_game(o))
		return false;
	bool bride_alone = o->type == DK_GT_SILENT_MARRIAGE ||
			   (o->type == DK_GT_MARRIAGE && o->alone);
	return !bride_alone || st->r->wende_genscher_bride_alone;
}

/* is the next card of the game the seat's card c (its first of them)? */
static bool with_first(const rp_state *st, size_t i, int seat, dk_card c)
{
	const dk_game *g = st->g;
	for (size_t j = i + 1; j < g->event_count; j++) {
		const dk_event *e = &g->events[j];
		if (e->kind == DK_EV_CARD)
			return e->seat == seat && e->card == c && st->played_card[seat][c] == 0;
	}
	return false;
}

void rp_declaration(rp_state *st, size_t i, int seq)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	const dk_event *e = &st->g->events[i];
	int seat = e->seat;
	dk_finding *f;
	switch (e->kind) {
	case DK_EV_SWINE: {
		dk_card ace = o->order.trump_ace;
		bool second = r->swines_only_second;
		if (!swines_here(st) || ace == DK_CARD_NONE || held(st, seat, ace) < 2) {
			f = rp_add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "swines.kind", swines);
			f->hidden = swines_here(st) && ace != DK_CARD_NONE;
			if (o->type == DK_GT_POVERTY && r->swines != DK_SWINES_NONE &&
			    r->swines_poverty == DK_SWINES_POVERTY_NONE)
				RULE(f, "swines.in_poverty", swines_poverty);
			f->played = ace;
			f->count = ace == DK_CARD_NONE ? 0 : held(st, seat, ace);
			break;
		}
		/* why else it is false: 1 the first ace went to the opponents,
		 * 2 not shown before the poverty exchange */
		int why = swine_unshown_re(st, seat) ? 2
			  : second && st->played_card[seat][ace] && st->first_ace_winner &&
			    !first_ace_kept(st, seat) ? 1 : 0;
		if (why) {
			f = rp_add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, why == 2 ? "swines.in_poverty" : "swines.only_second",
			     swines_poverty);
			if (why == 1)
				f->rule = &r->swines_only_second_src;
			f->played = ace;
			f->count = 2;
			f->limit = why;
			break;
		}
		/* with swines.only_second: after the trick of the first ace, before the second */
		bool late = second ? st->played_card[seat][ace] != 1 || !st->first_ace_winner
			    : r->swines == DK_SWINES_AT_START ? o->cards_played > 0
			    : !with_first(st, i, seat, ace);
		if (late) {
			f = rp_add(st, DK_F_SWINE_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, second ? "swines.only_second" : "swines.kind", swines);
			if (second)
				f->rule = &r->swines_only_second_src;
			f->played = ace;
			f->count = st->played_card[seat][ace];
			f->limit = second;
		}
		if (st->played_card[seat][ace] < (second ? 2 : 1)) {
			st->swine_said[seat] = true;
			o->order.swines_declared = true;
			/* from the declaration on the order is the one they make (the
			 * search of a position after it sees them); with only_second
			 * the first ace has gone, the second is the swine */
			if (!second || first_ace_kept(st, seat))
				rp_activate_swines(st, seat);
		}
		break;
	}
	case DK_EV_HYPERSWINE: {
		dk_card nine = o->order.hyperswine;
		int why = rp_hyperswines_refused(st, seat);
		if (why >= 0) {
			f = rp_add(st, DK_F_HYPERSWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc,
				   seat);
			RULE(f, why == 3 ? "hyperswines.with_swines" : "hyperswines.kind",
			     hyperswines);
			f->hidden = why == 1;
			if (why == 3)
				f->rule = &r->hyperswines_with_swines_src;
			f->played = nine;
			f->count = nine == DK_CARD_NONE ? 0 : held(st, seat, nine);
			f->limit = why;
			break;
		}
		if (r->hyperswines == DK_SWINES_AT_START ? o->cards_played > 0
							 : !with_first(st, i, seat, nine)) {
			f = rp_add(st, DK_F_HYPERSWINE_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc,
				   seat);
			RULE(f, "hyperswines.kind", hyperswines);
			f->played = nine;
			f->count = st->played_card[seat][nine];
			f->limit = r->hyperswines == DK_SWINES_AT_START;
		}
		if (!st->played_card[seat][nine]) {
			st->hyper_said[seat] = true;
			rp_activate_hyperswines(st, seat);
		}
		break;
	}
	case DK_EV_GENSCHER:
		if (!r->genscher || !genscher_game(o) || held(st, seat, DK_) < 2) {
			f = rp_add(st, DK_F_GENSCHER_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "genscher.enabled", genscher);
			f->hidden = r->genscher && genscher_game(o);
			f->played = DK_;
			f->count = held(st, seat, DK_);
			break;
		}
		if (!with_first(st, i, seat, DK_)) {
			f = rp_add(st, DK_F_GENSCHER_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc,
				   seat);
			RULE(f, "genscher.enabled", genscher);
			f->played = DK_;
			f->count = st->played_card[seat][DK_];
		}
		/* as played, the order turns round from the call on */
		o->genscher_active = true;
		o->order.reversed = true;
		break;
	case DK_EV_WENDE_GENSCHER: {
		/* a partner pick: the card, the parties it makes and what becomes
		 * of the announcements are rule data (wende_genscher.*) */
		dk_card card = r->wende_genscher_card == DK_PICK_DIAMOND_KING ? DK_ : DJ;
		bool game_ok = r->wende_genscher && pick_game(st);
		/* why it is false: 0 the game, 1 the cards, 2 the partner, 3 the moment */
		int why = !game_ok ? 0 : held(st, seat, card) < 2 ? 1
			  : e->partner == seat || rp_index_of_seat(o, e->partner) < 0 ? 2
			  : !with_first(st, i, seat, card) ? 3 : -1;
		if (why >= 0) {
			f = rp_add(st, DK_F_WENDE_GENSCHER_FALSE, DK_FK_IRREGULARITY, seq, e->loc,
				   seat);
			RULE(f, "wende_genscher.enabled", wende_genscher);
			f->hidden = why == 1;
			f->played = card;
			f->count = held(st, seat, card);
			f->limit = why;
			if (!game_ok || held(st, seat, card) < 2 || e->partner == seat ||
			    rp_index_of_seat(o, e->partner) < 0)
				break;
		}
		memcpy(st->party_at_pick, o->party, sizeof(st->party_at_pick));
		if (!st->pick_seq)
			st->pick_seq = seq;
		/* caller-keeps-party: the caller keeps his party, the chosen player
		 * joins it, the former partners change sides; caller-and-partner-re:
		 * the two are Re.  D24: the final parties own all tricks */
		dk_party mine = r->wende_genscher_parties == DK_PICK_CALLER_RE ? DK_PARTY_RE
										: o->party[seat];
		dk_party other = mine == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		for (int k = 0; k < DK_PLAYING_SEATS; k++) {
			int s = o->seats[k];
			o->party[s] = s == seat ? mine : other;
		}
		o->party[e->partner] = mine;
		/* the parties are known now; a marriage not yet decided stays
		 * undecided (marriage_step looks no further) */
		for (int k = 0; k < DK_PLAYING_SEATS; k++)
			st->known[o->seats[k]] = true;
		rp_parties_clear(st, seq);
		if (o->type == DK_GT_SILENT_MARRIAGE) {
			o->type = DK_GT_NORMAL;  /* esslingen: the silent marriage becomes normal */
			o->solo = DK_SOLO_NONE;
		}
		break;
	}
	default:
		break;
	}
}

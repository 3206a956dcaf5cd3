/*
 * replay_trick.c - step 2 of the replay, the play of a card: whose turn it
 * is (one slip is one finding: the table plays on around a card out of
 * turn), whether the card was in the hand, whether suit was followed, the
 * swines a card makes count, the trick's winner; and the parties: as the
 * game finding sets them, shown by a card (TSR 5.5.1), decided by a
 * marriage's clarifying trick.  The declarations in the play are
 * replay_declare.c's, the announcements replay_announce.c's.
 */
#include "replay_steps.h"

/* the index of the first card c in the seat's hand, -1 if it holds none */
static int find_card(const rp_state *st, int seat, dk_card c)
{
	for (int i = 0; i < st->hand_n[seat]; i++)
		if (st->hand[seat][i] == c)
			return i;
	return -1;
}

/* ---- parties ----------------------------------------------------------------- */

void rp_set_parties(rp_state *st)
{
	dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int s = o->seats[i];
		o->party[s] = DK_PARTY_KONTRA;
		st->known[s] = true;
	}
	switch (o->type) {
	case DK_GT_SOLO:
	case DK_GT_SILENT_MARRIAGE:
		o->party[o->declarer] = DK_PARTY_RE;
		break;
	case DK_GT_MARRIAGE:
		o->party[o->declarer] = DK_PARTY_RE;
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			if (o->seats[i] != o->declarer)
				st->known[o->seats[i]] = false;
		break;
	case DK_GT_POVERTY: {
		dk_party pair = st->r->poverty_party == DK_POVERTY_PAIR_RE ? DK_PARTY_RE
									   : DK_PARTY_KONTRA;
		dk_party rest = pair == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			o->party[o->seats[i]] = rest;
		o->party[o->declarer] = pair;
		if (o->partner)
			o->party[o->partner] = pair;
		break;
	}
	default:
		/* normal game, Ramsch, and what is played after a redeal: the ♣Q */
		for (int i = 0; i < DK_PLAYING_SEATS; i++) {
			int s = o->seats[i];
			if (rp_count_card(st, s, CQ) > 0)
				o->party[s] = DK_PARTY_RE;
		}
		break;
	}
}

/* does a trick led with a card of suit led (DK_SUIT_TRUMP for a trump)
 * decide the marriage under condition c? */
static bool deciding_lead(dk_marriage_cond c, int led)
{
	switch (c) {
	case DK_MARRIAGE_FIRST_TRICK: return true;
	case DK_MARRIAGE_FIRST_FEHL_TRICK: return led != DK_SUIT_TRUMP;
	case DK_MARRIAGE_FIRST_TRUMP_TRICK: return led == DK_SUIT_TRUMP;
	case DK_MARRIAGE_FIRST_CLUB_TRICK: return led == DK_CLUBS;
	case DK_MARRIAGE_FIRST_SPADE_TRICK: return led == DK_SPADES;
	case DK_MARRIAGE_FIRST_HEART_TRICK: return led == DK_HEARTS;
	case DK_MARRIAGE_UNSAID:
	case DK_MARRIAGE_COND_COUNT: break;
	}
	return false;
}

/* can any card still in a hand lead a trick that decides the marriage? */
static bool deciding_lead_left(const rp_state *st)
{
	const dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int s = o->seats[i];
		for (int k = 0; k < st->hand_n[s]; k++)
			if (deciding_lead(o->condition, dk_order_suit(&o->order, st->hand[s][k])))
				return true;
	}
	return false;
}

/* after a complete trick of a marriage that is not decided yet: a trick
 * led as the condition says decides it, won by another player (the
 * partner) or, under marriage.bride_meets_condition alone, by the bride
 * (FreeDoko's "marriage first one decides"); the bride plays alone when
 * the deadline passes or no card left in any hand can lead a deciding
 * trick (a ♣ trick with no fehl ♣ left: FreeDoko's Game::determine_marriage
 * decides it there too) */
static void marriage_step(rp_state *st, const dk_trick *t, int number)
{
	dk_replay *o = st->out;
	if (o->type != DK_GT_MARRIAGE || o->clarified_trick || o->alone || st->pick_seq)
		return;
	bool counts = deciding_lead(o->condition, dk_order_suit(&o->order, t->cards[0]));
	if (counts && t->winner != o->declarer) {
		o->partner = t->winner;
		o->clarified_trick = number;
		o->party[t->winner] = DK_PARTY_RE;
	} else if ((counts && st->r->marriage_self == DK_SELF_ALONE) ||
		   number >= st->r->marriage_deadline_trick || !deciding_lead_left(st)) {
		o->alone = true;
		o->clarified_trick = number;
	}
	if (o->clarified_trick)
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			st->known[o->seats[i]] = true;
}

/* ---- the play of a card ---------------------------------------------------------- */

/* the first seat from `from` on, clockwise and `from` included, that has
 * not played in trick t and whose turn in it no other seat's second card
 * took (that seat played in its place); seats with an empty hand are
 * passed over while
 * another one still holds cards (after a seat played twice in a trick, the
 * one it played for has its card left over for the last trick) */
static int first_unplayed(const rp_state *st, const dk_trick *t, int from)
{
	const dk_replay *o = st->out;
	int s = from;
	for (int k = 0; k < DK_PLAYING_SEATS; k++, s = rp_next_seat(o, s))
		if (!rp_played_in(t, s) && !(st->taken & 1u << s) && st->hand_n[s] > 0)
			return s;
	s = from;
	for (int k = 0; k < DK_PLAYING_SEATS; k++, s = rp_next_seat(o, s))
		if (st->hand_n[s] > 0)
			return s;
	return from;
}

/*
 * Whose card may come next, given the cards of the trick so far.  One slip
 * is one finding: after a card out of turn the table plays on around it,
 * and the cards that follow from it are no slips of their own.  Two seats
 * are in turn: `due`, the first seat in the trick's rightful order (from
 * the seat due to lead it) that has not played yet, which is the player
 * the slip passed over making up his card; and `on`, the first seat after
 * the card before that has not played yet, the table going on from the
 * slip.  Without a slip both are the same seat.
 */
static void in_turn(const rp_state *st, const dk_trick *t, int *due, int *on)
{
	*due = t->count == 0 ? st->lead_due : first_unplayed(st, t, st->lead_due);
	*on = t->count == 0 ? *due
			    : first_unplayed(st, t, rp_next_seat(st->out, t->seats[t->count - 1]));
}

/* a seat showed the table its party (TSR 5.5.1); in a game that looks
 * normal, two Re or three Kontra shown make every party clear */
void rp_show_party(rp_state *st, int seat, dk_party p, int seq)
{
	dk_replay *o = st->out;
	if (o->type != DK_GT_NORMAL && o->type != DK_GT_SILENT_MARRIAGE)
		return;
	st->shown[seat] = p;
	int re = 0, kontra = 0;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		re += st->shown[o->seats[i]] == DK_PARTY_RE;
		kontra += st->shown[o->seats[i]] == DK_PARTY_KONTRA;
	}
	if (re == 2 || kontra == 3 || re + kontra == DK_PLAYING_SEATS)
		rp_parties_clear(st, seq);
}

void rp_play_card(rp_state *st, const dk_event *e, int seq, int *expected)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	dk_trick *t = &o->tricks[o->trick_count];
	int seat = e->seat;
	dk_finding *f;
	int due, on;
	in_turn(st, t, &due, &on);
	int at = find_card(st, seat, e->card);  /* where the hand holds it, -1 = not */

	/* a card of the seat in turn, recorded under a seat that neither is in
	 * turn nor holds it: the record put the wrong seat.  One finding, the
	 * card not in the hand, naming whose card and turn it was; the card is
	 * taken as that seat's, so the hands and the order stay in step */
	int owner = 0;
	if (seat != due && seat != on && at < 0)
		owner = find_card(st, due, e->card) >= 0  ? due
			: find_card(st, on, e->card) >= 0 ? on : 0;
	if (owner) {
		f = rp_add(st, DK_F_CARD_NOT_IN_HAND, DK_FK_RECORD_DEFECT, seq, e->loc, seat);
		f->played = e->card;
		f->expected_seat = owner;
		f->rule_key = "deal";
		seat = owner;
		at = find_card(st, seat, e->card);
	} else if (seat != due && seat != on) {
		bool first = o->cards_played == 0;
		dk_finding_kind kind = first && r->lead_wrong_severity == DK_RULE_SEV_WARNING
					       ? DK_FK_WARNING : DK_FK_IRREGULARITY;
		st->last_slip = o->finding_count;
		f = rp_add(st, first ? DK_F_WRONG_LEAD : DK_F_OUT_OF_TURN, kind, seq, e->loc, seat);
		if (o->finding_count == st->last_slip)
			st->last_slip = -1;  /* beyond the limit */
		f->expected_seat = due;
		f->played = e->card;
		if (rp_played_in(t, seat))   /* a second card: it takes the turn of the seat due */
			st->taken |= 1u << due;
		if (first) {
			bool solo_lead = o->type == DK_GT_SOLO;
			RULE(f, solo_lead ? "lead.solo" : "lead.normal", lead_normal);
			if (rp_duty_lead(o)) {
				f->rule_key = "lead.duty_solo";
				f->rule = &r->lead_duty_solo_src;
			} else if (solo_lead) {
				f->rule = &r->lead_solo_src;
			}
		} else {
			f->rule_key = "play";
		}
	} else if (seat != *expected && st->last_slip >= 0) {
		/* in turn only given the slip: part of that finding */
		o->findings[st->last_slip].followed++;
	}
	if (at < 0) {
		f = rp_add(st, DK_F_CARD_NOT_IN_HAND, DK_FK_RECORD_DEFECT, seq, e->loc, seat);
		f->played = e->card;
		f->rule_key = "deal";
	} else if (t->count > 0 && r->follow_suit) {
		int led = dk_order_suit(&o->order, t->cards[0]);
		if (dk_order_suit(&o->order, e->card) != led) {
			dk_card could[DK_FINDING_CARDS];
			int n = 0;
			for (int i = 0; i < st->hand_n[seat] && n < DK_FINDING_CARDS; i++)
				if (dk_order_suit(&o->order, st->hand[seat][i]) == led)
					could[n++] = st->hand[seat][i];
			if (n) {
				f = rp_add(st, DK_F_REVOKE, DK_FK_IRREGULARITY, seq, e->loc, seat);
				RULE(f, "play.follow_suit", follow_suit);
				f->played = e->card;
				memcpy(f->demanded, could, (size_t)n);
				f->demanded_count = n;
				f->count = led;   /* the suit that was led (DK_SUIT_TRUMP = trump) */
			}
		}
	}
	/* swines: the first trump ace of a hand holding both (the second with
	 * swines.only_second) */
	if (rp_swine_card(st, seat, e->card)) {
		if (r->swines == DK_SWINES_AUTOMATIC || st->swine_said[seat])
			rp_activate_swines(st, seat);
		if (r->swines == DK_SWINES_AUTOMATIC && !st->swine_said[seat]) {
			f = rp_add(st, DK_F_SWINE_NOT_DECLARED, DK_FK_IRREGULARITY, seq, e->loc,
				   seat);
			RULE(f, "swines.kind", swines);
			f->played = e->card;
		}
	}
	/* hyperswines: the first hyperswine card of a hand holding both */
	if (e->card == o->order.hyperswine && !st->played_card[seat][e->card] &&
	    rp_hyperswines_refused(st, seat) < 0) {
		if (r->hyperswines == DK_SWINES_AUTOMATIC || st->hyper_said[seat])
			rp_activate_hyperswines(st, seat);
		if (r->hyperswines == DK_SWINES_AUTOMATIC && !st->hyper_said[seat]) {
			f = rp_add(st, DK_F_HYPERSWINE_NOT_DECLARED, DK_FK_IRREGULARITY, seq,
				   e->loc, seat);
			RULE(f, "hyperswines.kind", hyperswines);
			f->played = e->card;
		}
	}
	if (at >= 0) {
		/* as take_card: the last card of the hand fills the gap */
		st->hand[seat][at] = st->hand[seat][--st->hand_n[seat]];
		st->played_card[seat][e->card]++;
	}
	st->played[seat]++;
	if (!rp_played_in(t, seat))
		st->tricks_in[seat]++;
	if (t->count < 4) {
		t->cards[t->count] = e->card;
		t->seats[t->count] = seat;
		t->count++;
	}
	/* TSR 5.5.1: a ♣Q played shows Re, a fehl card to a trump lead Kontra */
	if (e->card == CQ)
		rp_show_party(st, seat, DK_PARTY_RE, seq);
	else if (t->count > 1 && dk_order_suit(&o->order, t->cards[0]) == DK_SUIT_TRUMP &&
		 dk_order_suit(&o->order, e->card) != DK_SUIT_TRUMP)
		rp_show_party(st, seat, DK_PARTY_KONTRA, seq);
	o->cards_played++;
	*expected = rp_next_seat(o, seat);
	if (t->count == 4) {
		bool last = o->trick_count == o->hand_size - 1;
		int w = dk_order_winner(&o->order, t->cards, 4, last);
		t->winner = t->seats[w];
		t->winner_index = w;
		t->points = 0;
		for (int i = 0; i < 4; i++)
			t->points += dk_card_points(t->cards[i]);
		o->trick_count++;
		*expected = t->winner;
		st->lead_due = t->winner;
		st->taken = 0;
		if (!st->first_ace_winner && o->order.trump_ace != DK_CARD_NONE)
			for (int i = 0; i < 4; i++)
				if (t->cards[i] == o->order.trump_ace)
					st->first_ace_winner = t->winner;
		marriage_step(st, t, o->trick_count);
		if (o->type == DK_GT_MARRIAGE && o->clarified_trick)
			rp_parties_clear(st, seq);
	}
}

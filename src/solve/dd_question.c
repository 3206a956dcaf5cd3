/*
 * dd_question.c - a question set up for the double-dummy solver: the
 * tables of the position's card order, the position itself and the
 * parties (who counts, who plays to raise the value); and the threshold
 * questions (dk_dd_reach, dk_dd_bound) that search.c asks.  The search
 * that answers them is dd.c's.
 */
#include "dd_internal.h"

#include <string.h>

/* the order of the position, looked up once (the table's keys need no
 * salt for it: see key_of) */
static void set_order(dk_dd *dd, const dk_order *o)
{
	dd->order = *o;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		dd->trump[k] = dk_order_is_trump(o, (dk_card)k);
		dd->strength[k] = dk_order_strength(o, (dk_card)k);
		dd->suit[k] = dk_order_suit(o, (dk_card)k);
		dd->points[k] = dk_card_points((dk_card)k);
	}
	/* the order decides the winners of the two ♥10 and of equal cards
	 * by dk_order_winner alone; equal strengths of different cards are
	 * told apart by the places below */
	int by_place[DK_CARD_KINDS], n = 0;
	for (int suit = 0; suit <= DK_SUIT_TRUMP; suit++) {
		int first = n;
		for (int k = 0; k < DK_CARD_KINDS; k++) {
			if (dd->suit[k] != suit)
				continue;
			int j = n++;
			while (j > first && dd->strength[by_place[j - 1]] > dd->strength[k]) {
				by_place[j] = by_place[j - 1];
				j--;
			}
			by_place[j] = k;
		}
	}
	memset(dd->suit_places, 0, sizeof(dd->suit_places));
	dd->first_trump_place = DK_CARD_KINDS;
	for (int i = 0; i < DK_CARD_KINDS; i++) {
		int k = by_place[i];
		dd->place[k] = i;
		dd->by_place[i] = (dk_card)k;
		dd->level[i] = (unsigned)dd->suit[k] << 16 | ((unsigned)dd->strength[k] & 0xffffu);
		dd->suit_places[dd->suit[k]] |= 1u << i;
		if (dd->trump[k] && i < dd->first_trump_place)
			dd->first_trump_place = i;
	}
	dd->fehl_places = 0;
	for (int s = 0; s < DK_SUIT_TRUMP; s++)
		dd->fehl_places |= dd->suit_places[s];
	for (int i = 0; i < DK_CARD_KINDS; i++) {
		dd->at_or_below[i] = 0;
		for (int j = 0; j < DK_CARD_KINDS; j++)
			if (dd->suit[by_place[j]] == dd->suit[by_place[i]] &&
			    dd->strength[by_place[j]] <= dd->strength[by_place[i]])
				dd->at_or_below[i] |= 1u << j;
	}
	for (int last = 0; last < 2; last++)
		for (int b = 0; b < DK_CARD_KINDS; b++)
			for (int c = 0; c < DK_CARD_KINDS; c++) {
				dk_card two[2] = { (dk_card)b, (dk_card)c };
				dd->takes[last][b][c] = dk_order_winner(o, two, 2, last) == 1;
			}
	memset(dd->takers, 0, sizeof(dd->takers));
	for (int last = 0; last < 2; last++)
		for (int b = 0; b < DK_CARD_KINDS; b++)
			for (int c = 0; c < DK_CARD_KINDS; c++)
				if (dd->takes[last][b][c])
					dd->takers[last][b] |= 1u << dd->place[c];
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		unsigned char code = 0;   /* a card's points are one of code_points */
		while (code < 5 && code_points[code] != dd->points[k])
			code++;
		dd->points_code[k] = code;
	}
	memset(dd->code_places, 0, sizeof(dd->code_places));
	memset(dd->code_bits, 0, sizeof(dd->code_bits));
	memset(dd->suit_bits, 0, sizeof(dd->suit_bits));
	dd->tie_places[0] = dd->tie_places[1] = dd->level_places = 0;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		uint32_t at = 1u << dd->place[k];
		dd->code_places[dd->points_code[k]] |= at;
		for (int b = 0; b < 3; b++) {
			if (dd->points_code[k] >> b & 1)
				dd->code_bits[b] |= at;
			if ((unsigned)dd->suit[k] >> b & 1)
				dd->suit_bits[b] |= at;
		}
		for (int last = 0; last < 2; last++)
			if (dd->takes[last][k][k])
				dd->tie_places[last] |= at;
	}
	for (int i = 1; i < DK_CARD_KINDS; i++)
		if (dd->level[i] == dd->level[i - 1])
			dd->level_places |= 1u << i;
	dk_card h10 = DK_CARD_MAKE(DK_HEARTS, DK_TEN);
	dd->h10_place = dd->trump[h10] ? 1u << dd->place[h10] : 0;
	int n_cheap = 0;
	for (int pts = 0; pts <= 11; pts++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (dd->points[k] == pts)
				dd->cheap[n_cheap++] = (dk_card)k;
}

/* the position where rp stopped; seat_of[i] is the seat of player i */
static void position_of(const dk_dd *dd, pos *p, int seat_of[4], const dk_replay *rp)
{
	memset(p, 0, sizeof(*p));
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		seat_of[i] = seat;
		for (int k = 0; k < rp->hand_n[seat]; k++) {
			dk_card c = rp->hand[seat][k];
			if (p->hand[i][c] < 2)
				p->hand[i][c]++;
			p->left += dk_card_points(c);
		}
		if (seat == rp->next_seat)
			p->turn = i;
	}
	if (rp->trick_count < DK_MAX_TRICKS) {
		const dk_trick *t = &rp->tricks[rp->trick_count];
		if (t->count > 0 && t->count < 4) {
			for (int i = 0; i < t->count; i++) {
				p->trick[i] = t->cards[i];
				p->left += dk_card_points(t->cards[i]);
				for (int k = 0; k < DK_PLAYING_SEATS; k++)
					if (seat_of[k] == t->seats[i])
						p->tseat[i] = k;
			}
			p->tn = t->count;
			bool last = rp->trick_count == rp->hand_size - 1;
			for (int i = 1; i < p->tn; i++)
				if (dd->takes[last][p->trick[p->win]][p->trick[i]])
					p->win = i;
		}
	}
	p->tricks_done = rp->trick_count;
	p->hand_size = rp->hand_size;
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[i][k]) {
				p->held[i] |= 1u << dd->place[k];
				if (p->hand[i][k] == 2)
					p->both[i] |= 1u << dd->place[k];
			}
}

/* the solver set for the game between the parties at rp's position,
 * which goes into *p (Re's card points counted); false, with the solver
 * stopped, where rp's hands do not match its tricks */
bool dd_game_at(dk_dd *dd, pos *p, const dk_replay *rp)
{
	if (!dk_replay_hands_match(rp) || !dk_replay_turns_match(rp)) {
		dd->stopped = true;
		return false;
	}
	set_order(dd, &rp->order);
	int seat_of[4];
	position_of(dd, p, seat_of, rp);
	bool ramsch = rp->type == DK_GT_RAMSCH;
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == DK_PARTY_RE;
		dd->maxer[i] = dd->mine[i] != ramsch;
	}
	dd->tricks = false;
	dd_key_salt(dd);
	dd->nodes = 0;
	dd->stopped = false;
	return true;
}

bool dk_dd_reach(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks, int need,
		 dk_line *line, long *nodes)
{
	set_order(dd, &rp->order);
	pos p;
	int seat_of[4];
	position_of(dd, &p, seat_of, rp);
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == party;
		dd->maxer[i] = true;
	}
	dd->tricks = tricks;
	dd_key_salt(dd);
	dd->nodes = 0;
	dd->stopped = false;
	if (line)
		line->count = 0;
	if (need > 0 && (!dk_replay_hands_match(rp) || !dk_replay_turns_match(rp))) {
		dd->stopped = true;
		if (nodes)
			*nodes = 0;
		return false;
	}
	bool yes = need <= 0 || dd_ab(dd, &p, need - 1, need) >= need;
	long used = dd->nodes;
	if (dd->stopped)
		yes = false;
	else if (yes && line) {
		dd->nodes = 0;
		dd_line_of(dd, p, need > 0 ? need : 0, line);
		used += dd->nodes;
		dd->stopped = false;
	}
	if (nodes)
		*nodes = used;
	return yes;
}

/* dd set for rp's card order and rp's position into *p, for the tests of
 * the bounds between tricks; false where rp did not stop between tricks
 * or its hands do not match its tricks */
static bool bound_at(dk_dd *dd, pos *p, int seat_of[4], const dk_replay *rp)
{
	set_order(dd, &rp->order);
	position_of(dd, p, seat_of, rp);
	return p->tn == 0 && dk_replay_hands_match(rp);
}

int dk_dd_bound(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks)
{
	pos p;
	int seat_of[4];
	if (!bound_at(dd, &p, seat_of, rp))
		return -1;
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == party;
		dd->maxer[i] = true;
	}
	dd->tricks = tricks;
	if (p.tricks_done >= p.hand_size)
		return 0;
	return dd_upper_bound(dd, &p, dd->mine);
}

int dk_dd_sure(dk_dd *dd, const dk_replay *rp, bool tricks)
{
	pos p;
	int seat_of[4];
	if (!bound_at(dd, &p, seat_of, rp))
		return -1;
	dd->tricks = tricks;
	if (p.tricks_done >= p.hand_size)
		return 0;
	return dd_sure_gain(dd, &p);
}

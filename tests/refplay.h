/*
 * refplay.h - the reference the solver's tests compare with: a position
 * played card by card with nothing cut, nothing remembered and nothing
 * shared with src/solve/dd*.c beyond the card order (who wins a trick,
 * which cards follow a suit) and the cards' points.
 *
 *   ref_from_replay(&p, rp);       the position where rp stopped
 *   ref_legal(&p, k), ref_play(&p, k, &won)
 *   ref_random_play(g, keep, r, &n)  g's events up to keep, then random
 *                                  legal cards to the end (a fixed seed)
 *
 * For test_dd.c and test_search.c; each keeps its own minimax over it.
 */
#ifndef DK_TEST_REFPLAY_H
#define DK_TEST_REFPLAY_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

typedef struct ref_pos {
	const dk_order *order;
	int hand[4][DK_CARD_KINDS];
	dk_party party[4];
	dk_card trick[4];
	int tseat[4];
	int tn, turn, tricks_done, hand_size;
	int points[3], tricks[3];    /* taken by each party since the caller cleared them */
} ref_pos;

static inline bool ref_legal(const ref_pos *p, dk_card k)
{
	if (!p->hand[p->turn][k])
		return false;
	if (p->tn == 0)
		return true;
	int led = dk_order_suit(p->order, p->trick[0]);
	if (dk_order_suit(p->order, k) == led)
		return true;
	for (int x = 0; x < DK_CARD_KINDS; x++)
		if (p->hand[p->turn][x] && dk_order_suit(p->order, (dk_card)x) == led)
			return false;
	return true;
}

/* play k; where it ends the trick, the trick's card points and (*won) the
 * party that takes it, counted in points[] and tricks[] too; else 0 and
 * DK_PARTY_NONE */
static inline int ref_play(ref_pos *p, dk_card k, dk_party *won)
{
	*won = DK_PARTY_NONE;
	p->hand[p->turn][k]--;
	p->trick[p->tn] = k;
	p->tseat[p->tn++] = p->turn;
	p->turn = (p->turn + 1) % 4;
	if (p->tn < 4)
		return 0;
	bool last = p->tricks_done == p->hand_size - 1;
	int w = p->tseat[dk_order_winner(p->order, p->trick, 4, last)];
	int pts = 0;
	for (int i = 0; i < 4; i++)
		pts += dk_card_points(p->trick[i]);
	*won = p->party[w];
	p->points[*won] += pts;
	p->tricks[*won]++;
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	return pts;
}

/* the position where rp stopped, seats as the solver numbers them */
static inline void ref_from_replay(ref_pos *p, const dk_replay *rp)
{
	memset(p, 0, sizeof(*p));
	p->order = &rp->order;
	for (int i = 0; i < 4; i++) {
		int seat = rp->seats[i];
		for (int k = 0; k < rp->hand_n[seat]; k++)
			p->hand[i][rp->hand[seat][k]]++;
		p->party[i] = rp->party[seat];
		if (seat == rp->next_seat)
			p->turn = i;
	}
	const dk_trick *t = &rp->tricks[rp->trick_count];
	if (rp->trick_count < DK_MAX_TRICKS && t->count < 4) {
		for (int i = 0; i < t->count; i++) {
			p->trick[i] = t->cards[i];
			for (int s = 0; s < 4; s++)
				if (rp->seats[s] == t->seats[i])
					p->tseat[i] = s;
		}
		p->tn = t->count;
	}
	p->tricks_done = rp->trick_count;
	p->hand_size = rp->hand_size;
}

/* g played up to (not with) events[i], into *rp, with the parties as
 * the whole game (full) ended, as penalty.c asks; false where the cut
 * game has findings other than being incomplete */
static inline bool ref_cut(const dk_game *g, const dk_event *events, size_t i,
			   const dk_replay *full, const dk_rules *r, dk_replay *rp)
{
	dk_game cut = *g;
	cut.events = (dk_event *)events;
	cut.event_count = i;
	dk_replay_run(rp, &cut, r);
	for (int f = 0; f < rp->finding_count; f++)
		if (rp->findings[f].code != DK_F_GAME_INCOMPLETE)
			return false;
	memcpy(rp->party, full->party, sizeof(rp->party));
	return true;
}

static uint64_t ref_rng = 0x2545F4914F6CDD1Dull;

static inline unsigned ref_rnd(unsigned n)
{
	ref_rng ^= ref_rng << 13;
	ref_rng ^= ref_rng >> 7;
	ref_rng ^= ref_rng << 17;
	return (unsigned)(ref_rng % n);
}

/* the events of g up to keep, then random legal cards to the end of the
 * game (the caller frees them); *out_count gets the number of events */
static inline dk_event *ref_random_play(const dk_game *g, size_t keep, const dk_rules *r,
					size_t *out_count)
{
	dk_event *ev = calloc(keep + 4 * DK_MAX_TRICKS + 1, sizeof(dk_event));
	cr_assert_not_null(ev);
	memcpy(ev, g->events, keep * sizeof(dk_event));
	dk_game cut = *g;
	cut.events = ev;
	cut.event_count = keep;
	dk_replay rp;
	dk_replay_run(&rp, &cut, r);
	ref_pos p;
	ref_from_replay(&p, &rp);
	size_t n = keep;
	while (p.tricks_done < p.hand_size) {
		dk_card legal[DK_CARD_KINDS];
		unsigned nl = 0;
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (ref_legal(&p, (dk_card)k))
				legal[nl++] = (dk_card)k;
		cr_assert_gt(nl, 0);
		dk_card k = legal[ref_rnd(nl)];
		ev[n].kind = DK_EV_CARD;
		ev[n].seat = rp.seats[p.turn];
		ev[n].card = k;
		n++;
		dk_party won;
		ref_play(&p, k, &won);
	}
	*out_count = n;
	return ev;
}

#endif

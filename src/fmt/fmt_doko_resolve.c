/*
 * fmt_doko_resolve.c - the second step of reading the notation: who played
 * each card, and the hands that were not written (see fmt_doko.h).
 *
 * The leader of each trick is asked of the replay (src/core/replay.c) for
 * the game so far, so that the rule set's lead rule, trump order, swines,
 * Genscher and heart-ten rule decide, and not a second idea of them here.
 * Hands not written are the cards their player played, with a poverty's
 * exchange undone; as they feed the replay, the leaders are asked again
 * until they no longer change.  Then the typing errors that need the
 * players are reported: a short trick that is not the last, a card its
 * player's written hand does not hold, a game that stops early without
 * its hands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "fmt_doko_internal.h"
#include "order.h"
#include "replay.h"

/* ---- resolving: who played each card, and the hands ---------------------- */

/* the playing seats in table order (4), from the hands or the players */
static int playing_seats(dk_doko_reader *r, int seats[4])
{
	const dk_players *ps = doko_players(r);
	if (r->nhands == DK_PLAYING_SEATS) {
		int n = 0;
		for (int s = 1; s <= DK_MAX_SEATS; s++)
			for (int i = 0; i < r->nhands; i++)
				if (r->hands[i].seat == s)
					seats[n++] = s;
		return 0;
	}
	if (ps && ps->count == DK_PLAYING_SEATS) {
		for (int i = 0; i < 4; i++)
			seats[i] = ps->items[i].seat;
		return 0;
	}
	doko_err(r, r->game.loc, DK_MSG_NT_SEATS_NEED_HANDS,
	    ps ? ps->count : 0);
	return -1;
}

static int next_of(const int seats[4], int seat)
{
	for (int i = 0; i < 4; i++)
		if (seats[i] == seat)
			return seats[(i + 1) % 4];
	return seats[0];
}

static given_hand *given(dk_doko_reader *r, int seat)
{
	for (int i = 0; i < r->nhands; i++)
		if (r->hands[i].seat == seat)
			return &r->hands[i];
	return NULL;
}

static bool take(dk_card *cards, int *n, dk_card c)
{
	for (int i = 0; i < *n; i++)
		if (cards[i] == c) {
			cards[i] = cards[--*n];
			return true;
		}
	return false;
}

/* the poor player and the taker of a poverty's exchange, 0 if none */
static void exchange_seats(const dk_doko_reader *r, int *poor, int *taker)
{
	*poor = *taker = 0;
	for (size_t i = 0; i < r->nbids; i++) {
		if (r->bids[i].kind == DK_BID_POVERTY_PASS && !*poor)
			*poor = r->bids[i].seat;
		if ((r->bids[i].kind == DK_BID_POVERTY_ACCEPT ||
		     r->bids[i].kind == DK_BID_POVERTY_RETURN) && !*taker)
			*taker = r->bids[i].seat;
	}
}

#define WORK_CARDS (DK_MAX_HAND + 2 * DK_MAX_PASS + 4)

/* the hands: as written, or what the seat played with the poverty's
 * exchange undone; false (with an error when final) if that cannot be */
static bool make_hands(dk_doko_reader *r, const int seats[4], dk_hand out[4], bool final)
{
	dk_card work[4][WORK_CARDS];
	int n[4];
	for (int i = 0; i < 4; i++) {
		given_hand *g = given(r, seats[i]);
		memset(&out[i], 0, sizeof(out[i]));
		n[i] = 0;
		if (g) {
			out[i] = g->hand;
			continue;
		}
		out[i].seat = seats[i];
		out[i].loc = r->game.loc;
		for (size_t k = 0; k < r->nev; k++)
			if (r->ev[k].kind == DK_EV_CARD && r->ev[k].seat == seats[i] &&
			    n[i] < WORK_CARDS - 2 * DK_MAX_PASS)
				work[i][n[i]++] = r->ev[k].card;
	}
	int poor, taker;
	exchange_seats(r, &poor, &taker);
	int ip = -1, it = -1;
	for (int i = 0; i < 4; i++) {
		if (seats[i] == poor && !given(r, poor))
			ip = i;
		if (seats[i] == taker && !given(r, taker))
			it = i;
	}
	for (size_t i = 0; poor && taker && !r->game.exchange_unknown && i < r->nbids; i++) {
		const dk_bid *b = &r->bids[i];
		bool pass = b->kind == DK_BID_POVERTY_PASS && b->seat == poor;
		bool ret = b->kind == DK_BID_POVERTY_RETURN && b->seat == taker;
		if (!pass && !ret)
			continue;
		int from = pass ? ip : it, to = pass ? it : ip;
		for (int k = 0; k < b->card_count; k++) {
			/* dealt to the giver, played by the receiver */
			if (to >= 0 && !take(work[to], &n[to], b->cards[k]) && final) {
				doko_err(r, b->loc, pass ? DK_MSG_NT_PASS_NEVER_PLAYED
					 : DK_MSG_NT_RETURN_NEVER_PLAYED, doko_player_name(r, b->seat),
				    dk_card_code(b->cards[k]),
				    doko_player_name(r, pass ? taker : poor));
				return false;
			}
			if (from >= 0)
				work[from][n[from]++] = b->cards[k];
		}
	}
	for (int i = 0; i < 4; i++) {
		if (given(r, seats[i]))
			continue;
		if (n[i] > DK_MAX_HAND) {
			if (final) {
				doko_err(r, r->game.loc, DK_MSG_NT_PLAYS_TOO_MANY_MAX,
				    doko_player_name(r, seats[i]), n[i], DK_MAX_HAND);
				return false;
			}
			n[i] = DK_MAX_HAND;
		}
		memcpy(out[i].cards, work[i], (size_t)n[i]);
		out[i].count = n[i];
		/* as a player holds them (and as records are usually written) */
		dk_normal_sort(out[i].cards, n[i]);
	}
	return true;
}

int dk_doko_reader_resolve(dk_doko_reader *r, const dk_rules *rules, dk_diag *diag)
{
	r->diag = diag;
	if (!r->game_ok)
		return -1;
	if (r->resolved)
		return 0;
	int seats[4];
	if (playing_seats(r, seats) < 0)
		return -1;
	int hs = rules ? dk_rules_hand_size(rules) : r->nhands ? r->hands[0].hand.count : 12;
	for (int i = 0; i < r->nhands; i++)
		if (r->hands[i].hand.count != hs) {
			doko_err(r, r->hands[i].name_loc, dk_msg_n(r->hands[i].hand.count,
			    DK_MSG_NT_HAND_SIZE_ONE, DK_MSG_NT_HAND_SIZE_MANY),
			    doko_player_name(r, r->hands[i].seat), r->hands[i].hand.count, hs);
			return -1;
		}
	int cards = 0;
	for (int k = 0; k < r->ntricks; k++)
		cards += r->tricks[k].cards;
	if (r->ntricks > hs) {
		doko_err(r, r->tricks[hs].loc, DK_MSG_NT_TRICKS_PER_HAND,
		    hs + 1, hs, hs);
		return -1;
	}
	/* the leaders, asked of the replay trick by trick until they settle */
	bool need_replay = false;
	for (int k = 0; k < r->ntricks; k++)
		for (size_t e = r->tricks[k].first_ev; e < r->tricks[k].end_ev; e++)
			if (r->ev[e].kind == DK_EV_CARD) {
				need_replay = need_replay || !r->aux[e].named;
				break;
			}
	if (need_replay && !rules) {
		doko_err(r, r->ntricks ? r->tricks[0].loc : r->game.loc, DK_MSG_NT_NO_RULES_NAMES);
		return -1;
	}
	int leader[DK_MAX_TRICKS];
	int left = next_of(seats, r->game.deal.dealer);
	for (int k = 0; k < DK_MAX_TRICKS; k++)
		leader[k] = left;
	dk_replay *rp = need_replay ? dk_xmalloc(sizeof(*rp)) : NULL;
	dk_game g = r->game;
	g.deal.hand_count = 4;
	bool settled = false;
	for (int pass = 0; pass < 6 && !settled; pass++) {
		settled = true;
		for (int k = 0; k < r->ntricks; k++) {
			const trick_info *ti = &r->tricks[k];
			/* the player of each card of the trick */
			size_t first_card = ti->first_ev;
			while (r->ev[first_card].kind != DK_EV_CARD)
				first_card++;
			int lead;
			if (r->aux[first_card].named) {
				lead = r->ev[first_card].seat;
			} else {
				make_hands(r, seats, g.deal.hands, false);
				g.event_count = ti->first_ev;
				dk_replay_run(rp, &g, rules);
				lead = rp->next_seat;
			}
			if (lead != leader[k] && pass > 0)
				settled = false;
			leader[k] = lead;
			int s = lead;
			for (size_t e = first_card; e < ti->end_ev; e++) {
				if (r->ev[e].kind != DK_EV_CARD)
					continue;
				if (r->aux[e].named)
					s = r->ev[e].seat;
				else
					r->ev[e].seat = s;
				s = next_of(seats, s);
			}
			/* what was said takes the seat of the next card on its line */
			for (size_t e = ti->first_ev; e < ti->end_ev; e++) {
				if (!r->aux[e].from_next)
					continue;
				for (size_t j = e + 1; j < ti->end_ev; j++)
					if (r->ev[j].kind == DK_EV_CARD) {
						r->ev[e].seat = r->ev[j].seat;
						break;
					}
			}
		}
		if (!need_replay)
			break;
		if (pass == 0)
			settled = false;
	}
	free(rp);
	if (!settled) {
		doko_err(r, r->tricks[0].loc, DK_MSG_NT_LEADERS_UNSETTLED);
		return -1;
	}
	/* a trick short of cards that is not the last */
	for (int k = 0; k + 1 < r->ntricks; k++) {
		const trick_info *ti = &r->tricks[k];
		if (ti->cards == 4)
			continue;
		int last = 0;
		for (size_t e = ti->first_ev; e < ti->end_ev; e++)
			if (r->ev[e].kind == DK_EV_CARD)
				last = r->ev[e].seat;
		int missing = next_of(seats, last);
		doko_err(r, ti->end, dk_msg_n(ti->cards, DK_MSG_NT_SHORT_TRICK_ONE,
		    DK_MSG_NT_SHORT_TRICK_MANY), k + 1, ti->cards, doko_player_name(r, missing));
		return -1;
	}
	bool complete = cards == 4 * hs;
	if (!complete && r->nhands < 4 && !r->game.exchange_unknown) {
		int missing = 0;
		for (int i = 0; i < 4 && !missing; i++)
			if (!given(r, seats[i]))
				missing = seats[i];
		dk_loc at = r->ntricks ? r->tricks[r->ntricks - 1].end : r->game.loc;
		doko_err(r, at, DK_MSG_NT_STOPS_WITHOUT_HAND, cards, 4 * hs,
		    doko_player_name(r, missing), doko_player_name(r, missing));
		return -1;
	}
	/* every card in its player's written hand */
	dk_hand hands[4];
	if (!make_hands(r, seats, hands, true))
		return -1;
	{
		/* what each written hand still holds, the exchange applied */
		dk_card held[4][DK_MAX_HAND + DK_MAX_PASS];
		int n[4];
		int poor, taker;
		exchange_seats(r, &poor, &taker);
		for (int i = 0; i < 4; i++) {
			given_hand *gh = given(r, seats[i]);
			n[i] = gh ? gh->hand.count : 0;
			if (gh)
				memcpy(held[i], gh->hand.cards, (size_t)n[i]);
			for (size_t b = 0; gh && poor && taker && b < r->nbids &&
			     !r->game.exchange_unknown; b++) {
				const dk_bid *bid = &r->bids[b];
				bool pass = bid->kind == DK_BID_POVERTY_PASS && bid->seat == poor;
				bool ret = bid->kind == DK_BID_POVERTY_RETURN && bid->seat == taker;
				if (!pass && !ret)
					continue;
				int receiver = pass ? taker : poor;
				for (int c = 0; c < bid->card_count; c++) {
					if (bid->seat == seats[i])
						take(held[i], &n[i], bid->cards[c]);
					else if (receiver == seats[i] && n[i] < DK_MAX_HAND + DK_MAX_PASS)
						held[i][n[i]++] = bid->cards[c];
				}
			}
		}
		for (size_t e = 0; e < r->nev; e++) {
			const dk_event *ev = &r->ev[e];
			int i = 0;
			while (i < 4 && seats[i] != ev->seat)
				i++;
			if (ev->kind != DK_EV_CARD || i == 4)
				continue;
			given_hand *gh = given(r, seats[i]);
			if (!gh || take(held[i], &n[i], ev->card))
				continue;
			const char *holder = NULL;
			for (int j = 0; j < r->nhands && !holder; j++)
				for (int c = 0; c < r->hands[j].hand.count; c++)
					if (r->hands[j].hand.cards[c] == ev->card &&
					    r->hands[j].seat != seats[i])
						holder = doko_player_name(r, r->hands[j].seat);
			/* (the other holder's name is an extra argument at the end) */
			doko_err(r, ev->loc, holder ? DK_MSG_NT_NOT_HELD_OTHER : DK_MSG_NT_NOT_HELD,
			    doko_player_name(r, seats[i]), dk_card_code(ev->card), r->aux[e].trick,
			    doko_player_name(r, seats[i]), gh->line, holder);
			return -1;
		}
	}
	for (int i = 0; i < 4; i++)
		if (hands[i].count != hs) {
			doko_err(r, r->game.loc, DK_MSG_NT_PLAYS_TOO_MANY, doko_player_name(r, seats[i]),
			    hands[i].count, hs);
			return -1;
		}
	memcpy(r->game.deal.hands, hands, sizeof(hands));
	r->game.deal.hand_count = 4;
	r->resolved = true;
	return 0;
}

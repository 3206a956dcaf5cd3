/*
 * check.c - consistency of a record; see check.h.
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

static bool is_player(const dk_game *g, int seat)
{
	return seat != DK_NO_SEAT && dk_game_player_at(g, seat) != NULL;
}

static const dk_hand *hand_of(const dk_game *g, int seat)
{
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat == seat)
			return &g->deal.hands[i];
	return NULL;
}

static size_t check_players(const dk_players *ps, const char *file, dk_diag *d)
{
	size_t errors = 0;
	if (ps->count > 0 && ps->count < DK_PLAYING_SEATS) {
		dk_diag_error(d, file, ps->loc, "%zu player%s at the table; a game needs at least %d",
			      ps->count, ps->count == 1 ? "" : "s", DK_PLAYING_SEATS);
		errors++;
	}
	return errors;
}

size_t dk_session_check(const dk_session *s, const char *file, dk_diag *d)
{
	return s->has_players ? check_players(&s->players, file, d) : 0;
}

/* the seat of a play event must be one of the four that hold a hand */
/* what: an element name, shown as <what> if tag (put together only for a
 * message: this runs for every bid and card) */
static size_t check_seat_in_game(const dk_game *g, int seat, dk_loc loc, const char *what,
				 bool tag, const char *file, dk_diag *d)
{
	if (seat == DK_NO_SEAT)
		return 0;
	if (!hand_of(g, seat)) {
		dk_diag_error(d, file, loc, "%s%s%s names seat %d, which has no hand in this game",
			      tag ? "<" : "", what, tag ? ">" : "", seat);
		return 1;
	}
	return 0;
}

static size_t check_deal(const dk_game *g, const dk_rules *rules, const char *file, dk_diag *d)
{
	size_t errors = 0;
	const dk_deal *deal = &g->deal;
	if (deal->dealer != DK_NO_SEAT && dk_game_players(g) && !is_player(g, deal->dealer)) {
		dk_diag_error(d, file, deal->loc, "the dealer, seat %d, is not among the players",
			      deal->dealer);
		errors++;
	}
	if (deal->hand_count != DK_PLAYING_SEATS) {
		dk_diag_error(d, file, deal->loc, "the deal holds %d hand%s; a game has %d",
			      deal->hand_count, deal->hand_count == 1 ? "" : "s", DK_PLAYING_SEATS);
		errors++;
	}
	for (int i = 0; i < deal->hand_count; i++) {
		const dk_hand *h = &deal->hands[i];
		if (h->seat == DK_NO_SEAT)
			continue;
		if (dk_game_players(g) && !is_player(g, h->seat)) {
			dk_diag_error(d, file, h->loc, "hand of seat %d: no player sits there", h->seat);
			errors++;
		}
		for (int j = 0; j < i; j++)
			if (deal->hands[j].seat == h->seat) {
				dk_diag_error(d, file, h->loc, "seat %d is dealt two hands", h->seat);
				errors++;
			}
	}
	/* the deck: with nines 12 cards a hand, without 10 */
	int size;
	bool nines;
	if (rules) {
		size = dk_rules_hand_size(rules);
		nines = rules->deck_nines;
	} else {
		size = deal->hand_count ? deal->hands[0].count : 0;
		nines = size == 12;
		if (size != 10 && size != 12)
			size = 0;  /* reported below against the first hand */
	}
	/* all hands the same wrong size: one message for the deal */
	bool uniform = deal->hand_count > 0;
	for (int i = 1; i < deal->hand_count; i++)
		if (deal->hands[i].count != deal->hands[0].count)
			uniform = false;
	bool sizes_ok = true;
	if (uniform && size && deal->hands[0].count != size && rules) {
		dk_diag_error(d, file, deal->loc, "every hand has %d cards, but rule set '%s' "
			      "plays %s: %d cards a hand", deal->hands[0].count, rules->name,
			      nines ? "with nines" : "without nines", size);
		errors++;
		sizes_ok = false;
	} else {
		for (int i = 0; i < deal->hand_count; i++) {
			const dk_hand *h = &deal->hands[i];
			if (size && h->count != size) {
				dk_diag_error(d, file, h->loc, "the hand of seat %d has %d card%s; %s",
					      h->seat, h->count, h->count == 1 ? "" : "s",
					      rules ? (nines ? "the rule set plays with nines: 12 a hand"
							     : "the rule set plays without nines: 10 a hand")
						    : "every hand must have as many as the first");
				errors++;
				sizes_ok = false;
			} else if (!size && i == 0) {
				dk_diag_error(d, file, h->loc, "the hand of seat %d has %d card%s; a hand "
					      "has 12 cards (with nines) or 10 (without)", h->seat,
					      h->count, h->count == 1 ? "" : "s");
				errors++;
				sizes_ok = false;
			}
		}
	}
	int seen[DK_CARD_KINDS] = { 0 };
	for (int i = 0; i < deal->hand_count; i++) {
		const dk_hand *h = &deal->hands[i];
		for (int k = 0; k < h->count; k++) {
			dk_card c = h->cards[k];
			if (!nines && DK_CARD_RANK(c) == DK_NINE && sizes_ok) {
				dk_diag_error(d, file, h->card_loc[k],
					      "'%s' in the hand of seat %d: the deck %s has no nines",
					      dk_card_code(c), h->seat,
					      rules ? "of this rule set" : "of 10-card hands");
				errors++;
			} else if (++seen[c] == 3) {
				dk_diag_error(d, file, h->card_loc[k],
					      "'%s' is dealt a third time (hand of seat %d); the deck "
					      "has each card twice", dk_card_code(c), h->seat);
				errors++;
			}
		}
	}
	return errors;
}

/* the seats 0 to 31 that hold a hand, as bits: asked for every bid and card,
 * where a walk over the hands cost more than the rest of the check */
static unsigned seats_with_hands(const dk_game *g)
{
	unsigned m = 0;
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat >= 0 && g->deal.hands[i].seat < 32)
			m |= 1u << g->deal.hands[i].seat;
	return m;
}

/* seat holds a hand (or is no seat): what check_seat_in_game finds in order */
static bool seat_ok(const dk_game *g, unsigned with_hands, int seat)
{
	if (seat == DK_NO_SEAT)
		return true;
	if (seat >= 0 && seat < 32)
		return with_hands & (1u << seat);
	return hand_of(g, seat) != NULL;
}

static size_t check_bids(const dk_game *g, unsigned with_hands, const char *file, dk_diag *d)
{
	size_t errors = 0;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		if (!seat_ok(g, with_hands, b->seat))
			errors += check_seat_in_game(g, b->seat, b->loc, dk_bid_kind_name(b->kind),
						     true, file, d);
	}
	return errors;
}

static size_t check_play(const dk_game *g, unsigned with_hands, const char *file, dk_diag *d)
{
	size_t errors = 0;
	int size = g->deal.hand_count ? g->deal.hands[0].count : 0;
	size_t cards = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		/* the element's name is looked up only for the message */
		if (!seat_ok(g, with_hands, e->seat))
			errors += check_seat_in_game(g, e->seat, e->loc,
						     dk_event_kind_name(e->kind), true, file, d);
		if (e->kind == DK_EV_WENDE_GENSCHER) {
			errors += check_seat_in_game(g, e->partner, e->loc, "the partner of "
						     "<wende-genscher>", false, file, d);
			if (e->partner == e->seat) {
				dk_diag_error(d, file, e->loc, "<wende-genscher>: seat %d names itself "
					      "as partner", e->seat);
				errors++;
			}
		}
		if (e->kind == DK_EV_CARD && ++cards == (size_t)size * DK_PLAYING_SEATS + 1) {
			dk_diag_error(d, file, e->loc, "more cards are played than were dealt (%d)",
				      size * DK_PLAYING_SEATS);
			errors++;
		}
	}
	return errors;
}

static size_t check_recorded(const dk_game *g, const char *file, dk_diag *d)
{
	size_t errors = 0;
	const dk_recorded *r = &g->recorded;
	if (!r->present)
		return 0;
	if (r->re_points >= 0 && r->kontra_points >= 0 && r->re_points + r->kontra_points != 240) {
		dk_diag_error(d, file, r->loc, "recorded card points %d + %d do not make 240",
			      r->re_points, r->kontra_points);
		errors++;
	}
	const dk_seat_points *lists[2] = { r->scores, r->totals };
	size_t counts[2] = { r->score_count, r->total_count };
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < counts[l]; i++)
			if (dk_game_players(g) && !is_player(g, lists[l][i].seat)) {
				dk_diag_error(d, file, lists[l][i].loc, "<%s> for seat %d: no player "
					      "sits there", l ? "total" : "score", lists[l][i].seat);
				errors++;
			}
	return errors;
}

size_t dk_record_check(const dk_game *g, const dk_rules *rules, const char *file, dk_diag *d)
{
	size_t errors = 0;
	if (g->has_players)
		errors += check_players(&g->players, file, d);
	errors += check_deal(g, rules, file, d);
	unsigned with_hands = seats_with_hands(g);
	errors += check_bids(g, with_hands, file, d);
	errors += check_play(g, with_hands, file, d);
	errors += check_recorded(g, file, d);
	return errors;
}

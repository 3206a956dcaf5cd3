/*
 * test_cascade.c - one slip is one finding (issue 16, item 1).
 *
 * A card out of turn, a wrong lead, a seat playing twice in a trick, a card
 * not in the hand: the cards that follow such a slip and are legal given it
 * are no findings of their own, and neither are its effects on later tricks
 * (who leads, the hand sizes at the end).  Two slips stay two findings.
 *
 * Every game is built in memory under ddv from one deal in which the play
 * is mechanical: seats 1 and 2 (Re, one ♣Q each) hold the same twelve
 * trumps and play them in the same order, so the first of the two wins
 * every trick (equal cards: the first wins, TSR 5.3.3, the ♥10 included)
 * and leads the next; seat 3 holds the two ♦9, which it plays to the first
 * two tricks, and clubs and spades; seat 4 holds no trump at all.  Nobody
 * can ever follow a trump lead but seats 1, 2 and, in tricks 1 and 2, 3,
 * so every discard of seats 3 and 4 is legal.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "leakcheck.h"
#include "replay.h"
#include "shipped_rules.h"

TestSuite(cascade, .fini = dk_leak_check);

/* each seat's cards in the order the legal game plays them */
static const char *const order[4][12] = {
	{ "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "H10", "DA", "D10", "DK" },
	{ "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "H10", "DA", "D10", "DK" },
	{ "D9", "D9", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA" },
	{ "S10", "S10", "SK", "SK", "S9", "S9", "HA", "HA", "HK", "HK", "H9", "H9" },
};

typedef struct play {
	int seat;
	const char *card;
	dk_call call;                /* said by the seat right before its card */
} play;

typedef struct built {
	dk_game g;
	dk_player players[4];
	dk_bid bids[4];
	dk_event events[49];
	play plays[48];
	int n;
} built;

static dk_card card(const char *s)
{
	dk_card c = DK_CARD_NONE;
	cr_assert(dk_card_parse(&c, s, strlen(s)), "'%s' should be a card", s);
	return c;
}

/* the legal game: trick t is seat 1, 2, 3, 4 with each seat's card t */
static void legal_plays(built *b)
{
	b->n = 0;
	for (int t = 0; t < 12; t++)
		for (int s = 0; s < 4; s++)
			b->plays[b->n++] = (play){ s + 1, order[s][t], DK_CALL_NONE };
}

/* the record of b->plays: dealer seat 4, so seat 1 leads */
static void build(built *b)
{
	dk_game *g = &b->g;
	memset(g, 0, sizeof(*g));
	g->index = 1;
	static const char *const names[4] = { "One", "Two", "Three", "Four" };
	for (int s = 0; s < 4; s++)
		b->players[s] = (dk_player){ s + 1, names[s], { 0, 0 } };
	g->has_players = true;
	g->players.items = b->players;
	g->players.count = 4;
	g->deal.dealer = 4;
	g->deal.hand_count = 4;
	for (int s = 0; s < 4; s++) {
		dk_hand *h = &g->deal.hands[s];
		h->seat = s + 1;
		for (int k = 0; k < 12; k++)
			h->cards[h->count++] = card(order[s][k]);
	}
	g->has_bidding = true;
	g->bids = b->bids;
	for (int s = 1; s <= 4; s++)
		b->bids[g->bid_count++] = (dk_bid){ .kind = DK_BID_HEALTHY, .seat = s,
						    .trumps = -1 };
	g->has_play = true;
	g->events = b->events;
	for (int i = 0; i < b->n; i++) {
		dk_event *e = &b->events[g->event_count++];
		memset(e, 0, sizeof(*e));
		if (b->plays[i].call != DK_CALL_NONE) {
			e->kind = DK_EV_ANNOUNCE;
			e->seat = b->plays[i].seat;
			e->call = b->plays[i].call;
			e->loc = (dk_loc){ (uint32_t)(10 + i), 1 };
			e = &b->events[g->event_count++];
			memset(e, 0, sizeof(*e));
		}
		e->kind = DK_EV_CARD;
		e->seat = b->plays[i].seat;
		e->card = card(b->plays[i].card);
		e->loc = (dk_loc){ (uint32_t)(10 + i), 1 };
	}
	g->recorded.re_points = g->recorded.kontra_points = -1;
}

/* ddv with the overrides key=value, ...; NULL-terminated (NULL: none) */
static void run_with(dk_replay *rp, built *b, const char *const *kv)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	dk_diag d;
	dk_diag_init(&d);
	for (size_t i = 0; kv && kv[i]; i += 2)
		cr_assert_eq(dk_ruleset_override(&rs, kv[i], kv[i + 1], "test", DK_LOC_NONE, &d), 0,
			     "%s: %s", kv[i], d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
	build(b);
	dk_replay_run(rp, &b->g, &rs.rules);
	dk_ruleset_release(&rs);
}

static void run(dk_replay *rp, built *b)
{
	run_with(rp, b, NULL);
}

/* set trick t (1-based) to the four plays given */
static void set_trick(built *b, int t, play a, play c, play d, play e)
{
	play *p = &b->plays[(t - 1) * 4];
	p[0] = a, p[1] = c, p[2] = d, p[3] = e;
}

/* seat s's card of trick t in the legal game */
static play of(int s, int t)
{
	return (play){ s, order[s - 1][t - 1], DK_CALL_NONE };
}

static void expect_one(const dk_replay *rp, dk_finding_code code, int seat, int trick)
{
	cr_assert_eq(rp->finding_count, 1, "one finding expected, got %d (first: %s)",
		     rp->finding_count,
		     rp->finding_count ? dk_finding_code_name(rp->findings[0].code) : "-");
	cr_expect_eq(rp->findings[0].code, code, "%s", dk_finding_code_name(rp->findings[0].code));
	cr_expect_eq(rp->findings[0].seat, seat);
	cr_expect_eq(rp->findings[0].trick, trick);
}

static void expect_hands_empty(const dk_replay *rp)
{
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(rp->hand_n[s], 0, "seat %d keeps %d cards", s, rp->hand_n[s]);
}

Test(cascade, the_mechanical_game_is_legal)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	run(rp, b);
	cr_expect_eq(rp->finding_count, 0);
	cr_expect_eq(rp->trick_count, 12);
	for (int t = 0; t < 12; t++)
		cr_expect_eq(rp->tricks[t].winner, 1, "trick %d", t + 1);
	cr_expect_eq(rp->points[DK_PARTY_RE], 240);
	expect_hands_empty(rp);
	free(rp);
	free(b);
}

/* trick 3, seat 1 leads: seat 3 plays before seat 2, then seat 2 makes up
 * its card and seat 4 plays last.  Before: three findings (seat 3, then
 * seat 2 "out of turn" after seat 3, then seat 4 after seat 2). */
Test(cascade, out_of_turn_then_the_passed_over_player)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 3, of(1, 3), of(3, 3), of(2, 3), of(4, 3));
	run(rp, b);
	expect_one(rp, DK_F_OUT_OF_TURN, 3, 3);
	cr_expect_eq(rp->findings[0].card, 10);
	cr_expect_eq(rp->findings[0].expected_seat, 2);   /* in the place of seat 2 */
	cr_expect_eq(rp->findings[0].followed, 2);        /* seat 2's and seat 4's card */
	cr_expect_eq(rp->tricks[2].winner, 1);
	cr_expect_eq(rp->points[DK_PARTY_RE], 240);
	expect_hands_empty(rp);
	free(rp);
	free(b);
}

/* trick 3: seat 3 before seat 2, then the table goes on from seat 3: seat
 * 4, and seat 2 last.  Before: two findings (seat 3, and seat 2 after seat
 * 4, where seat 1 would have been next). */
Test(cascade, out_of_turn_then_the_table_plays_on)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 3, of(1, 3), of(3, 3), of(4, 3), of(2, 3));
	run(rp, b);
	expect_one(rp, DK_F_OUT_OF_TURN, 3, 3);
	cr_expect_eq(rp->findings[0].expected_seat, 2);
	cr_expect_eq(rp->findings[0].followed, 1);        /* seat 2's card */
	free(rp);
	free(b);
}

/* trick 3: seat 4 plays for seat 2, then seat 3 too, before seat 2: two
 * slips, two findings, each in the place of seat 2 */
Test(cascade, two_slips_stay_two_findings)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 3, of(1, 3), of(4, 3), of(3, 3), of(2, 3));
	run(rp, b);
	cr_assert_eq(rp->finding_count, 2);
	cr_expect_eq(rp->findings[0].code, DK_F_OUT_OF_TURN);
	cr_expect_eq(rp->findings[0].seat, 4);
	cr_expect_eq(rp->findings[0].expected_seat, 2);
	cr_expect_eq(rp->findings[0].followed, 0);
	cr_expect_eq(rp->findings[1].code, DK_F_OUT_OF_TURN);
	cr_expect_eq(rp->findings[1].seat, 3);
	cr_expect_eq(rp->findings[1].expected_seat, 2);
	cr_expect_eq(rp->findings[1].followed, 1);
	free(rp);
	free(b);
}

/* seat 2 leads trick 1 (seat 1 was due), seat 1 makes up its card, then
 * seats 3 and 4.  Seat 2's ♣Q comes first and wins; seat 2 leads every
 * later trick (2, 3, 4, 1) and wins it with the first of the equal cards:
 * the lead that follows from the slip is no finding either.  Before:
 * three findings in trick 1 (the lead, seat 1 and seat 3). */
Test(cascade, wrong_lead_and_the_leads_that_follow)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 1, of(2, 1), of(1, 1), of(3, 1), of(4, 1));
	for (int t = 2; t <= 12; t++)
		set_trick(b, t, of(2, t), of(3, t), of(4, t), of(1, t));
	run(rp, b);
	expect_one(rp, DK_F_WRONG_LEAD, 2, 1);
	cr_expect_eq(rp->findings[0].expected_seat, 1);
	cr_expect_eq(rp->findings[0].followed, 2);        /* seat 1's and seat 3's card */
	for (int t = 0; t < 12; t++)
		cr_expect_eq(rp->tricks[t].winner, 2, "trick %d", t + 1);
	expect_hands_empty(rp);
	free(rp);
	free(b);
}

/* seat 3 plays two cards to trick 5 and seat 4 none: one finding.  Seat 3
 * has no card left for trick 12, where seat 4 plays its last two: that
 * follows from the slip (the hand sizes it left), no finding, no card
 * "not in the hand", no game "incomplete". */
Test(cascade, a_seat_plays_twice_and_its_hand_runs_out_early)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 5, of(1, 5), of(2, 5), of(3, 5), of(3, 6));
	for (int t = 6; t <= 11; t++)
		set_trick(b, t, of(1, t), of(2, t), of(3, t + 1), of(4, t - 1));
	set_trick(b, 12, of(1, 12), of(2, 12), of(4, 11), of(4, 12));
	run(rp, b);
	expect_one(rp, DK_F_OUT_OF_TURN, 3, 5);
	cr_expect_eq(rp->findings[0].expected_seat, 4);
	cr_expect_eq(rp->findings[0].followed, 2);        /* seat 4's two cards in trick 12 */
	cr_expect_eq(rp->cards_played, 48);
	expect_hands_empty(rp);
	free(rp);
	free(b);
}

/* seat 3 puts down a ♠K it does not hold in trick 1 (a ♦9 was due: trump
 * led, two ♦9 in the hand); in trick 2 it follows with a ♦9, in tricks 3
 * to 12 it discards to the trump led while the record leaves a ♦9 in its
 * hand.  That ♦9 is never played: the ten revokes (before: ten findings)
 * follow from the record's wrong card. */
Test(cascade, card_not_in_hand_explains_the_revoke)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	static const char *const three[12] = { "SK", "D9", "CA", "CA", "C10", "C10",
					       "CK", "CK", "C9", "C9", "SA", "SA" };
	for (int t = 0; t < 12; t++)
		b->plays[t * 4 + 2].card = three[t];
	run(rp, b);
	expect_one(rp, DK_F_CARD_NOT_IN_HAND, 3, 1);
	cr_expect_eq(rp->findings[0].followed, 10, "followed %d", rp->findings[0].followed);
	cr_assert_eq(rp->findings[0].demanded_count, 1);  /* the ♦9 kept */
	cr_expect_eq(rp->findings[0].demanded[0], card("D9"));
	free(rp);
	free(b);
}

/* the same wrong ♠K, but the first discard comes in trick 2, while both
 * ♦9 are in the hand: one of them is played in trick 3, so the hand could
 * have followed whichever card the ♠K stood for: a revoke of its own.  The
 * nine discards of tricks 4 to 12 over the ♦9 left follow from the ♠K. */
Test(cascade, a_revoke_the_slip_does_not_explain_stays)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	static const char *const three[12] = { "SK", "CA", "D9", "CA", "C10", "C10",
					       "CK", "CK", "C9", "C9", "SA", "SA" };
	for (int t = 0; t < 12; t++)
		b->plays[t * 4 + 2].card = three[t];
	run(rp, b);
	cr_assert_eq(rp->finding_count, 2);
	cr_expect_eq(rp->findings[0].code, DK_F_CARD_NOT_IN_HAND);
	cr_expect_eq(rp->findings[0].followed, 9, "followed %d", rp->findings[0].followed);
	cr_expect_eq(rp->findings[1].code, DK_F_REVOKE);
	cr_expect_eq(rp->findings[1].trick, 2);
	cr_expect_eq(rp->findings[1].demanded_count, 2);
	free(rp);
	free(b);
}

/* a record that stops after trick 3 cannot show that the ♦9 was never
 * played: the revoke stays */
Test(cascade, an_unfinished_game_explains_nothing)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	b->plays[2].card = "SK";
	b->plays[6].card = "D9";
	b->plays[10].card = "CA";
	b->n = 12;
	run(rp, b);
	cr_assert_eq(rp->finding_count, 3);
	cr_expect_eq(rp->findings[0].code, DK_F_CARD_NOT_IN_HAND);
	cr_expect_eq(rp->findings[0].demanded_count, 0);
	cr_expect_eq(rp->findings[1].code, DK_F_REVOKE);
	cr_expect_eq(rp->findings[2].code, DK_F_GAME_INCOMPLETE);
	free(rp);
	free(b);
}

/* announce.model left-neighbour-cards, Re at most while the left neighbour
 * has played 1 card (wattenscheid-2016's §7 on 12-card hands).  Seat 1 is
 * due to lead trick 2; seat 2, its left neighbour, leads it out of turn
 * with its second card, and seat 1 says "re" before its own card: in the
 * rightful order seat 2 would still have held 11 cards, so the Re is in
 * time given the slip: one finding, the wrong lead.  Seat 2 wins trick 2
 * (the first of the equal ♠Q) and leads the rest (2, 3, 4, 1). */
Test(cascade, a_left_neighbour_out_of_turn_takes_no_time_away)
{
	static const char *const kv[] = { "announce.model", "left-neighbour-cards",
					  "announce.max_played", "[1, 1, 1, 1, 1]", NULL };
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	play re = of(1, 2);
	re.call = DK_CALL_RE;
	set_trick(b, 2, of(2, 2), re, of(3, 2), of(4, 2));
	for (int t = 3; t <= 12; t++)
		set_trick(b, t, of(2, t), of(3, t), of(4, t), of(1, t));
	run_with(rp, b, kv);
	expect_one(rp, DK_F_OUT_OF_TURN, 2, 2);
	cr_expect_eq(rp->findings[0].expected_seat, 1);
	cr_expect_eq(rp->findings[0].followed, 2);        /* seat 1 making up, seat 3 after it */
	cr_expect(rp->calls[DK_PARTY_RE].made[0]);
	/* without a slip, a Re before seat 1's card of trick 3 is late: seat 2
	 * has played 2 cards by right */
	legal_plays(b);
	b->plays[8].call = DK_CALL_RE;
	run_with(rp, b, kv);
	expect_one(rp, DK_F_ANNOUNCE_TOO_LATE, 1, 3);
	free(rp);
	free(b);
}

/* seat 2 plays the second and the third card of trick 1: its second card
 * takes seat 3's turn, and seat 4 goes on: one finding.  Seat 1 says Re
 * before its card of trick 2: under left-neighbour-cards (at most 1) the
 * second card seat 2 put into trick 1 does not count, so the Re is in
 * time.  The record stops after trick 2. */
Test(cascade, a_second_card_takes_a_turn_and_no_time)
{
	static const char *const kv[] = { "announce.model", "left-neighbour-cards",
					  "announce.max_played", "[1, 1, 1, 1, 1]", NULL };
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	set_trick(b, 1, of(1, 1), of(2, 1), of(2, 2), of(4, 1));
	play re = of(1, 2);
	re.call = DK_CALL_RE;
	set_trick(b, 2, re, of(2, 3), of(3, 1), of(4, 2));
	b->n = 8;
	run_with(rp, b, kv);
	cr_assert_eq(rp->finding_count, 2);
	cr_expect_eq(rp->findings[0].code, DK_F_OUT_OF_TURN);
	cr_expect_eq(rp->findings[0].seat, 2);
	cr_expect_eq(rp->findings[0].expected_seat, 3);
	cr_expect_eq(rp->findings[0].followed, 1);         /* seat 4, after seat 3's turn */
	cr_expect_eq(rp->findings[1].code, DK_F_GAME_INCOMPLETE);
	cr_expect_eq(rp->tricks[0].winner, 1);
	cr_expect_eq(rp->tricks[1].winner, 1);
	cr_expect(rp->calls[DK_PARTY_RE].made[0]);
	free(rp);
	free(b);
}

/* trick 3: seat 2's ♥Q is recorded under seat 3, who is not in turn and
 * does not hold it; seat 3 then plays its own card and seat 4 follows.
 * The record names the wrong player: one finding, the card not in the
 * hand, naming seat 2; the card counts as seat 2's, so nothing follows.
 * Before: three findings (the card not in the hand and out of turn, and
 * seat 3's own card out of turn). */
Test(cascade, a_card_under_the_wrong_seat_is_one_record_defect)
{
	built *b = calloc(1, sizeof(*b));
	dk_replay *rp = calloc(1, sizeof(*rp));
	legal_plays(b);
	b->plays[9].seat = 3;                  /* trick 3, card 2: ♥Q, seat 2's */
	run(rp, b);
	expect_one(rp, DK_F_CARD_NOT_IN_HAND, 3, 3);
	cr_expect_eq(rp->findings[0].expected_seat, 2);
	cr_expect_eq(rp->findings[0].demanded_count, 0);
	cr_expect_eq(rp->tricks[2].seats[1], 2);
	cr_expect_eq(rp->tricks[2].winner, 1);
	expect_hands_empty(rp);
	free(rp);
	free(b);
}

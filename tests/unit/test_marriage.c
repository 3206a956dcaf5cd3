/*
 * test_marriage.c - which trick decides a marriage (RULES.md §6): FreeDoko's
 * single-colour conditions (first club / spade / heart trick, a ♣Q led
 * being a trump, not a club), a bride who wins the first trick of her
 * condition herself (marriage.bride_meets_condition: skipped or alone, the
 * latter FreeDoko's "marriage first one decides", also under first-trick),
 * and a condition no card left in any hand can meet any more (FreeDoko's
 * Game::determine_marriage: the bride plays alone from that trick on).
 *
 * Every game is built in memory from a deal and the first tricks only; the
 * replay decides the marriage after each complete trick, so the rest of
 * the play is not needed.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "leakcheck.h"
#include "replay.h"
#include "shipped_rules.h"

TestSuite(marriage, .fini = dk_leak_check);

/*
 * Seat 1 is the bride: both ♣Q and all eight fehl clubs.  Seats 2 to 4 hold
 * no club; each holds two of the six fehl hearts.  Seat 1 leads (seat 4
 * deals).  Trick 1 and 2: ♣A led, each other seat discards a heart, so the
 * bride wins both and no fehl heart is left after trick 2.  Trick 3 (seat
 * 1 leads): ♣Q, seat 2's ♥10 wins it.
 */
static const char *const hands[4] = {
	"CQ CQ CA CA C10 C10 CK CK C9 C9 SA SA",
	"HA HA H10 H10 SQ SQ HQ HQ DQ DQ S10 S10",
	"HK HK CJ CJ SJ SJ HJ HJ DJ DJ SK SK",
	"H9 H9 DA DA D10 D10 DK DK D9 D9 S9 S9",
};
static const char *const tricks[][4] = {
	{ "CA", "HA", "HK", "H9" },
	{ "CA", "HA", "HK", "H9" },
	{ "CQ", "H10", "CJ", "DA" },
};

typedef struct built {
	dk_game g;
	dk_player players[4];
	dk_bid bids[5];
	dk_event events[12];
} built;

static dk_card card(const char *s)
{
	dk_card c = DK_CARD_NONE;
	cr_assert(dk_card_parse(&c, s, strlen(s)), "'%s' should be a card", s);
	return c;
}

/* the marriage of seat 1 under condition cond, played for n tricks */
static void build(built *b, dk_marriage_cond cond, int n)
{
	memset(b, 0, sizeof(*b));
	dk_game *g = &b->g;
	g->index = 1;
	static const char *const names[4] = { "Bride", "Two", "Three", "Four" };
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
		const char *p = hands[s];
		while (*p) {
			size_t len = strcspn(p, " ");
			cr_assert(dk_card_parse(&h->cards[h->count++], p, len));
			p += len;
			p += *p == ' ';
		}
		cr_assert_eq(h->count, 12);
	}
	g->has_bidding = true;
	g->bids = b->bids;
	for (int s = 1; s <= 4; s++)
		b->bids[g->bid_count++] = (dk_bid){ .kind = s == 1 ? DK_BID_RESERVATION
								   : DK_BID_HEALTHY,
						    .seat = s, .trumps = -1 };
	b->bids[g->bid_count++] = (dk_bid){ .kind = DK_BID_MARRIAGE, .seat = 1,
					    .condition = cond, .trumps = -1 };
	g->has_play = true;
	g->events = b->events;
	int lead = 1;
	for (int t = 0; t < n; t++) {
		for (int k = 0; k < 4; k++) {
			dk_event *e = &b->events[g->event_count++];
			e->kind = DK_EV_CARD;
			e->seat = (lead - 1 + k) % 4 + 1;
			e->card = card(tricks[t][k]);
			e->loc = (dk_loc){ (uint32_t)(10 + t), (uint32_t)(1 + k) };
		}
		lead = t < 2 ? 1 : 2;   /* the bride wins tricks 1 and 2, seat 2 trick 3 */
	}
	g->recorded.re_points = g->recorded.kontra_points = -1;
}

/* ddv with the overrides key=value, ...; NULL-terminated */
static void rules_with(dk_ruleset *rs, const char *const *kv)
{
	load_shipped(rs, "ddv");
	dk_diag d;
	dk_diag_init(&d);
	for (size_t i = 0; kv[i]; i += 2)
		cr_assert_eq(dk_ruleset_override(rs, kv[i], kv[i + 1], "test", DK_LOC_NONE, &d), 0,
			     "%s: %s", kv[i], d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
}

#define CONDITIONS "[first-trick, first-fehl-trick, first-club-trick, first-spade-trick, " \
		   "first-heart-trick]"

static void replay(dk_replay *rp, dk_marriage_cond cond, int n, const char *const *kv)
{
	dk_ruleset rs;
	rules_with(&rs, kv);
	built *b = calloc(1, sizeof(*b));
	cr_assert_not_null(b);
	build(b, cond, n);
	dk_replay_run(rp, &b->g, &rs.rules);
	cr_expect_eq(rp->type, DK_GT_MARRIAGE);
	cr_expect_eq(rp->declarer, 1);
	cr_expect_eq(rp->condition, cond);
	free(b);
	dk_ruleset_release(&rs);
}

/* the hearts run out in trick 2 without a heart led: alone from trick 2,
 * not only at the deadline (ddv's trick 3, or FreeDoko's 12) */
Test(marriage, alone_when_no_card_can_meet_the_condition)
{
	static const char *const kv[] = { "marriage.conditions", CONDITIONS,
					  "marriage.deadline_trick", "12", NULL };
	dk_replay *rp = calloc(1, sizeof(*rp));
	replay(rp, DK_MARRIAGE_FIRST_HEART_TRICK, 1, kv);
	cr_expect_not(rp->alone);           /* one ♥ card still in each of seats 2-4 */
	cr_expect_eq(rp->clarified_trick, 0);
	replay(rp, DK_MARRIAGE_FIRST_HEART_TRICK, 2, kv);
	cr_expect(rp->alone);
	cr_expect_eq(rp->clarified_trick, 2);
	cr_expect_eq(rp->partner, 0);
	/* the clubs are still there: the first-club-trick marriage waits */
	replay(rp, DK_MARRIAGE_FIRST_CLUB_TRICK, 3, kv);
	cr_expect_not(rp->alone);
	cr_expect_eq(rp->clarified_trick, 0);
	free(rp);
}

/* trick 3 is led with the ♣Q: a trump, no club trick; seat 2 wins it */
Test(marriage, club_queen_led_is_no_club_trick)
{
	static const char *const kv[] = { "marriage.conditions", CONDITIONS,
					  "marriage.deadline_trick", "12", NULL };
	dk_replay *rp = calloc(1, sizeof(*rp));
	replay(rp, DK_MARRIAGE_FIRST_CLUB_TRICK, 3, kv);
	cr_expect_eq(rp->partner, 0);
	/* under first-trick trick 3 is the first one won by another player */
	replay(rp, DK_MARRIAGE_FIRST_TRICK, 3, kv);
	cr_expect_eq(rp->partner, 2);
	cr_expect_eq(rp->clarified_trick, 3);
	cr_expect_not(rp->alone);
	free(rp);
}

/* the bride wins trick 1, a club trick and the game's first trick */
Test(marriage, bride_meets_her_own_condition)
{
	static const char *const skipped[] = { "marriage.conditions", CONDITIONS, NULL };
	static const char *const alone[] = { "marriage.conditions", CONDITIONS,
					     "marriage.bride_meets_condition", "alone", NULL };
	dk_replay *rp = calloc(1, sizeof(*rp));
	/* skipped (ddv): the trick decides nothing */
	replay(rp, DK_MARRIAGE_FIRST_CLUB_TRICK, 1, skipped);
	cr_expect_not(rp->alone);
	cr_expect_eq(rp->clarified_trick, 0);
	/* alone: she plays alone from trick 1 ... */
	replay(rp, DK_MARRIAGE_FIRST_CLUB_TRICK, 1, alone);
	cr_expect(rp->alone);
	cr_expect_eq(rp->clarified_trick, 1);
	/* ... under first-trick too, as FreeDoko's "marriage first one
	 * decides" with "first foreign" */
	replay(rp, DK_MARRIAGE_FIRST_TRICK, 1, alone);
	cr_expect(rp->alone);
	cr_expect_eq(rp->clarified_trick, 1);
	/* a trick of another kind is not hers to meet: first-spade-trick waits */
	replay(rp, DK_MARRIAGE_FIRST_SPADE_TRICK, 1, alone);
	cr_expect_not(rp->alone);
	cr_expect_eq(rp->clarified_trick, 0);
	free(rp);
}

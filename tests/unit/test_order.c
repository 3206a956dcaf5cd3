/*
 * test_order.c - the card order of every game type against RULES.md §2,
 * the ♥10 tie rules (§3, D20), swines and Genscher (§9).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "leakcheck.h"
#include "order.h"

TestSuite(gameorder, .fini = dk_leak_check);

static dk_card parse(const char *s)
{
	dk_card c = DK_CARD_NONE;
	cr_assert(dk_card_parse(&c, s, strlen(s)), "'%s' should be a card", s);
	return c;
}

/* the trumps of o from high to low must be exactly seq; no other trumps */
static void trumps_are(dk_solo_kind kind, const char *const *seq, int n)
{
	dk_order o;
	dk_order_init(&o, kind, DK_TIE_FIRST_WINS);
	for (int i = 0; i < n; i++) {
		cr_expect(dk_order_is_trump(&o, parse(seq[i])), "%s: %s should be a trump",
			  dk_solo_kind_name(kind), seq[i]);
		if (i)
			cr_expect_gt(dk_order_strength(&o, parse(seq[i - 1])),
				     dk_order_strength(&o, parse(seq[i])), "%s: %s above %s",
				     dk_solo_kind_name(kind), seq[i - 1], seq[i]);
	}
	int trumps = 0;
	for (dk_card c = 0; c < DK_CARD_KINDS; c++)
		trumps += dk_order_is_trump(&o, c);
	cr_expect_eq(trumps, n, "%s has %d trump kinds, not %d", dk_solo_kind_name(kind), trumps, n);
}

#define TRUMPS(kind, ...)                                                   \
	do {                                                                \
		const char *const seq[] = { __VA_ARGS__ };                  \
		trumps_are(kind, seq, (int)(sizeof(seq) / sizeof(seq[0]))); \
	} while (0)

Test(gameorder, trumps_of_every_game_type)
{
	TRUMPS(DK_SOLO_NONE, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10",
	       "DK", "D9");
	TRUMPS(DK_SOLO_TRUMPS, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10",
	       "DK", "D9");
	TRUMPS(DK_SOLO_DIAMONDS, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA",
	       "D10", "DK", "D9");
	TRUMPS(DK_SOLO_CLUBS, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "CA", "C10",
	       "CK", "C9");
	TRUMPS(DK_SOLO_SPADES, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "SA", "S10",
	       "SK", "S9");
	/* in the hearts solo the ♥10 stays on top: two trumps fewer */
	TRUMPS(DK_SOLO_HEARTS, "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "HA", "HK",
	       "H9");
	TRUMPS(DK_SOLO_QUEENS, "CQ", "SQ", "HQ", "DQ");
	TRUMPS(DK_SOLO_JACKS, "CJ", "SJ", "HJ", "DJ");
	TRUMPS(DK_SOLO_PURE_CLUBS, "CA", "C10", "CK", "CQ", "CJ", "C9");
	TRUMPS(DK_SOLO_PURE_HEARTS, "HA", "H10", "HK", "HQ", "HJ", "H9");
	TRUMPS(DK_SOLO_KOEHLER, "CK", "SK", "HK", "DK", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ",
	       "DJ");
	/* FreeDoko's picture solos (Game::update_cards lists them low to high:
	 * ♦ ♥ ♠ ♣ of the lower rank, then of the higher) */
	TRUMPS(DK_SOLO_KINGS, "CK", "SK", "HK", "DK");
	TRUMPS(DK_SOLO_QUEENS_JACKS, "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ");
	TRUMPS(DK_SOLO_KINGS_JACKS, "CK", "SK", "HK", "DK", "CJ", "SJ", "HJ", "DJ");
	TRUMPS(DK_SOLO_KINGS_QUEENS, "CK", "SK", "HK", "DK", "CQ", "SQ", "HQ", "DQ");
}

Test(gameorder, fleischlos_has_no_trumps)
{
	dk_order o;
	dk_order_init(&o, DK_SOLO_FLEISCHLOS, DK_TIE_FIRST_WINS);
	for (dk_card c = 0; c < DK_CARD_KINDS; c++)
		cr_expect_not(dk_order_is_trump(&o, c), "%s", dk_card_code(c));
	/* A 10 K D B 9 */
	const char *seq[] = { "SA", "S10", "SK", "SQ", "SJ", "S9" };
	for (int i = 1; i < 6; i++)
		cr_expect_gt(dk_order_strength(&o, parse(seq[i - 1])), dk_order_strength(&o, parse(seq[i])));
}

static int win(dk_solo_kind kind, dk_heart10_tie tie, bool last, const char *a, const char *b,
	       const char *c, const char *d)
{
	dk_order o;
	dk_order_init(&o, kind, tie);
	dk_card t[4] = { parse(a), parse(b), parse(c), parse(d) };
	return dk_order_winner(&o, t, 4, last);
}

Test(gameorder, fehl_orders)
{
	/* queens solo: fehl A 10 K B 9; the jack is fehl and follows its suit */
	cr_expect_eq(win(DK_SOLO_QUEENS, DK_TIE_FIRST_WINS, false, "DJ", "D9", "DK", "CA"), 2);
	cr_expect_eq(win(DK_SOLO_QUEENS, DK_TIE_FIRST_WINS, false, "DJ", "HQ", "DA", "DK"), 1);
	/* jacks solo: the queen is fehl, below the king */
	cr_expect_eq(win(DK_SOLO_JACKS, DK_TIE_FIRST_WINS, false, "HQ", "HK", "H9", "HQ"), 1);
	/* Koehler: fehl A 10 only */
	cr_expect_eq(win(DK_SOLO_KOEHLER, DK_TIE_FIRST_WINS, false, "S10", "SA", "DJ", "S10"), 2);
	/* pure clubs: ♦ queen is plain fehl */
	cr_expect_eq(win(DK_SOLO_PURE_CLUBS, DK_TIE_FIRST_WINS, false, "DQ", "DA", "C9", "DK"), 2);
	/* king solo: fehl A 10 Q J 9; the queen beats the jack and the nine of
	 * its suit, a king of another suit trumps, the ♥10 is a plain heart */
	cr_expect_eq(win(DK_SOLO_KINGS, DK_TIE_FIRST_WINS, false, "SJ", "SQ", "S9", "CA"), 1);
	cr_expect_eq(win(DK_SOLO_KINGS, DK_TIE_FIRST_WINS, false, "HA", "H10", "DK", "HQ"), 2);
	cr_expect_eq(win(DK_SOLO_KINGS, DK_TIE_FIRST_WINS, false, "H10", "HQ", "HJ", "H10"), 0);
	/* queen-jack: fehl A 10 K 9; ♦Q beats ♣J, the king is fehl below the 10 */
	cr_expect_eq(win(DK_SOLO_QUEENS_JACKS, DK_TIE_FIRST_WINS, false, "CJ", "DQ", "SJ", "CA"), 1);
	cr_expect_eq(win(DK_SOLO_QUEENS_JACKS, DK_TIE_FIRST_WINS, false, "CK", "C10", "C9", "CK"), 1);
	/* king-jack: ♦K beats ♣J; the queen is fehl below the king's place,
	 * above the nine: ♠Q led, ♠9 and ♠A follow, the ♠A wins */
	cr_expect_eq(win(DK_SOLO_KINGS_JACKS, DK_TIE_FIRST_WINS, false, "CJ", "SJ", "DK", "HJ"), 2);
	cr_expect_eq(win(DK_SOLO_KINGS_JACKS, DK_TIE_FIRST_WINS, false, "SQ", "S9", "SA", "DA"), 2);
	/* king-queen: any king beats any queen, the ♥K the ♦K; the jack is
	 * fehl: ♥J led, ♥9 follows, ♦J
	 * is discarded, the ♥J wins */
	cr_expect_eq(win(DK_SOLO_KINGS_QUEENS, DK_TIE_FIRST_WINS, false, "CQ", "DK", "SQ", "HK"), 3);
	cr_expect_eq(win(DK_SOLO_KINGS_QUEENS, DK_TIE_FIRST_WINS, false, "HJ", "H9", "DJ", "C10"), 0);
}

/* the tricks of FreeDoko's log that show the picture solos' order
 * (tests/freedoko/partyC.gameplay-debug.log, games 9 and 32) */
Test(gameorder, picture_solos_as_freedoko_played_them)
{
	/* game 9, solo queen-jack, trick 4: ♠B ♠K ♣10 ♥D, Carl's ♥D wins */
	cr_expect_eq(win(DK_SOLO_QUEENS_JACKS, DK_TIE_SECOND_WINS, false, "SJ", "SK", "C10", "HQ"),
		     3);
	/* trick 5: ♦A led, Dora's ♣B trumps it */
	cr_expect_eq(win(DK_SOLO_QUEENS_JACKS, DK_TIE_SECOND_WINS, false, "DA", "CJ", "DK", "D9"),
		     1);
	/* game 32, solo king-queen, trick 2: ♠K ♣B ♠D ♣K, Anna's ♣K wins */
	cr_expect_eq(win(DK_SOLO_KINGS_QUEENS, DK_TIE_SECOND_WINS, false, "SK", "CJ", "SQ", "CK"),
		     3);
	/* trick 3: ♥A ♥9 ♥10 ♥B, the ♥A wins: the ♥10 is a plain heart */
	cr_expect_eq(win(DK_SOLO_KINGS_QUEENS, DK_TIE_SECOND_WINS, false, "HA", "H9", "H10", "HJ"),
		     0);
	/* trick 10: ♠10 led, Bert trumps with ♥D */
	cr_expect_eq(win(DK_SOLO_KINGS_QUEENS, DK_TIE_SECOND_WINS, false, "S10", "HQ", "S9", "S10"),
		     1);
}

Test(gameorder, heart_ten_ties_only_where_it_is_a_trump)
{
	/* D20: in the normal game the tie rule applies ... */
	cr_expect_eq(win(DK_SOLO_NONE, DK_TIE_SECOND_WINS, false, "H10", "H10", "CQ", "DA"), 1);
	cr_expect_eq(win(DK_SOLO_NONE, DK_TIE_SECOND_WINS_EXCEPT_LAST, true, "H10", "H10", "CQ",
			 "DA"), 0);
	/* ... in a queens solo the ♥10 is a plain heart: first wins */
	cr_expect_eq(win(DK_SOLO_QUEENS, DK_TIE_SECOND_WINS, false, "H10", "H10", "HK", "H9"), 0);
	/* dirty hearts solo keeps the ♥10 a trump */
	cr_expect_eq(win(DK_SOLO_HEARTS, DK_TIE_SECOND_WINS, false, "H10", "H10", "HA", "H9"), 1);
}

Test(gameorder, swines_and_genscher)
{
	dk_order o;
	dk_order_init(&o, DK_SOLO_NONE, DK_TIE_FIRST_WINS);
	dk_card t[4] = { parse("H10"), parse("DA"), parse("CQ"), parse("DK") };
	cr_expect_eq(dk_order_winner(&o, t, 4, false), 0);
	o.swines = true;          /* both ♦A above the ♥10 */
	cr_expect_eq(dk_order_winner(&o, t, 4, false), 1);
	o.swines = false;
	o.reversed = true;        /* Genscher: ♦K highest, ♥10 lowest */
	cr_expect_eq(dk_order_winner(&o, t, 4, false), 3);
	o.swines = true;          /* with swines, they become the lowest */
	dk_card u[4] = { parse("DA"), parse("H10"), parse("S9"), parse("C9") };
	cr_expect_eq(dk_order_winner(&o, u, 4, false), 1);
	/* in a clubs solo the swines are the two ♣A (D9) */
	dk_order_init(&o, DK_SOLO_CLUBS, DK_TIE_FIRST_WINS);
	cr_expect_eq(o.trump_ace, parse("CA"));
}

/* the order of kind under a rule set that differs from the defaults only in
 * the fields the card order reads */
static void init_with(dk_order *o, dk_solo_kind kind, dk_heart10_tie tie, bool nines,
		      bool heart10_trump, bool first_with_swines)
{
	dk_rules r;
	memset(&r, 0, sizeof(r));
	r.deck_nines = nines;
	r.heart10_tie = tie;
	r.heart10_trump = heart10_trump;
	r.heart10_first_with_swines = first_with_swines;
	dk_order_init_rules(o, kind, &r);
}

static int winner_of(const dk_order *o, bool last, const char *a, const char *b, const char *c,
		     const char *d)
{
	dk_card t[4] = { parse(a), parse(b), parse(c), parse(d) };
	return dk_order_winner(o, t, 4, last);
}

Test(gameorder, hyperswines)
{
	dk_order o;
	init_with(&o, DK_SOLO_NONE, DK_TIE_FIRST_WINS, true, true, false);
	cr_expect_eq(o.hyperswine, parse("D9"));
	/* ♦A ♦9 ♥10 ♣D: plain, the ♥10 (2); with swines the ♦A (0); with
	 * hyperswines too the ♦9 (1) */
	cr_expect_eq(winner_of(&o, false, "DA", "D9", "H10", "CQ"), 2);
	o.swines = true;
	cr_expect_eq(winner_of(&o, false, "DA", "D9", "H10", "CQ"), 0);
	o.hyperswines = true;
	cr_expect_eq(winner_of(&o, false, "DA", "D9", "H10", "CQ"), 1);
	/* the first of the two hyperswines wins */
	cr_expect_eq(winner_of(&o, false, "D9", "DA", "D9", "H10"), 0);
	/* a fehl lead: the hyperswine trumps it */
	cr_expect_eq(winner_of(&o, false, "CA", "C10", "D9", "CK"), 2);
	/* Genscher turns the order round: hyperswines below the swines, ♦K on top */
	o.reversed = true;
	cr_expect_eq(winner_of(&o, false, "D9", "DA", "S9", "C9"), 1);
	cr_expect_eq(winner_of(&o, false, "D9", "DA", "DK", "C9"), 2);

	/* without nines the hyperswines are the two kings of the trump suit */
	init_with(&o, DK_SOLO_NONE, DK_TIE_FIRST_WINS, false, true, false);
	cr_expect_eq(o.hyperswine, parse("DK"));
	o.swines = o.hyperswines = true;
	cr_expect_eq(winner_of(&o, false, "DA", "H10", "DK", "CQ"), 2);
	/* in a spades solo: the ♠9 (♠K without nines) */
	init_with(&o, DK_SOLO_SPADES, DK_TIE_FIRST_WINS, true, true, false);
	cr_expect_eq(o.hyperswine, parse("S9"));
	o.swines = o.hyperswines = true;
	cr_expect_eq(winner_of(&o, false, "SA", "S9", "H10", "DA"), 1);
	/* no trump ace, no hyperswine */
	init_with(&o, DK_SOLO_QUEENS, DK_TIE_FIRST_WINS, true, true, false);
	cr_expect_eq(o.hyperswine, DK_CARD_NONE);
}

Test(gameorder, heart10_not_a_trump)
{
	dk_order o;
	init_with(&o, DK_SOLO_NONE, DK_TIE_SECOND_WINS, true, false, false);
	cr_expect_not(dk_order_is_trump(&o, parse("H10")));
	cr_expect_eq(dk_order_suit(&o, parse("H10")), DK_HEARTS);
	/* 12 trump kinds: the queens, jacks, ♦A 10 K 9 */
	int trumps = 0;
	for (dk_card c = 0; c < DK_CARD_KINDS; c++)
		trumps += dk_order_is_trump(&o, c);
	cr_expect_eq(trumps, 12);
	/* ♥9 ♥10 ♥A ♥K: the ♥A (2); two ♥10 under second-wins: the first (no tie
	 * rule for a fehl card); a ♦9 trumps the ♥10 */
	cr_expect_eq(winner_of(&o, false, "H9", "H10", "HA", "HK"), 2);
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "H9", "HK"), 0);
	cr_expect_eq(winner_of(&o, false, "H10", "D9", "HA", "HK"), 1);
	/* a hearts solo: the ♥10 a trump between ♥K and ♥A */
	init_with(&o, DK_SOLO_HEARTS, DK_TIE_SECOND_WINS, true, false, false);
	cr_expect(dk_order_is_trump(&o, parse("H10")));
	cr_expect_eq(winner_of(&o, false, "HK", "H10", "H9", "SA"), 1);
	cr_expect_eq(winner_of(&o, false, "H10", "HA", "HK", "H9"), 1);
	cr_expect_eq(winner_of(&o, false, "H10", "DJ", "HA", "H9"), 1);
	/* ... and, not being a Dulle, the first of two wins */
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "HK", "H9"), 0);
	/* with Dullen (trumps.heart10 true) the hearts solo keeps it on top */
	init_with(&o, DK_SOLO_HEARTS, DK_TIE_SECOND_WINS, true, true, false);
	cr_expect_eq(winner_of(&o, false, "H10", "DJ", "HA", "H9"), 0);
}

Test(gameorder, heart10_first_wins_with_swines)
{
	dk_order o;
	init_with(&o, DK_SOLO_NONE, DK_TIE_SECOND_WINS, true, true, true);
	/* no swines yet: the second ♥10 wins */
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "CQ", "DA"), 1);
	/* swines declared (the ♦A not played yet): the first */
	o.swines_declared = true;
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "CQ", "D9"), 0);
	o.swines_declared = false;
	o.swines = true;
	cr_expect_eq(winner_of(&o, false, "CQ", "H10", "H10", "D9"), 1);
	/* second-wins-except-last: the first wins in the last trick anyway, and
	 * with swines in every trick */
	init_with(&o, DK_SOLO_NONE, DK_TIE_SECOND_WINS_EXCEPT_LAST, true, true, true);
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "CQ", "D9"), 1);
	cr_expect_eq(winner_of(&o, true, "H10", "H10", "CQ", "D9"), 0);
	o.swines_declared = true;
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "CQ", "D9"), 0);
	/* without the rule swines change nothing about the ♥10 */
	init_with(&o, DK_SOLO_NONE, DK_TIE_SECOND_WINS, true, true, false);
	o.swines = o.swines_declared = true;
	cr_expect_eq(winner_of(&o, false, "H10", "H10", "CQ", "D9"), 1);
}

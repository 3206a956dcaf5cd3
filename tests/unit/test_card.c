/*
 * test_card.c - card notation, card points and the normal game's order.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "card.h"
#include "order.h"
#include "view_words.h"
#include "leakcheck.h"

TestSuite(order, .fini = dk_leak_check);
TestSuite(card, .fini = dk_leak_check);

static dk_card parse(const char *s)
{
	dk_card c = DK_CARD_NONE;
	cr_assert(dk_card_parse(&c, s, strlen(s)), "'%s' should be a card", s);
	return c;
}

static void refuse(const char *s)
{
	dk_card c;
	cr_expect_not(dk_card_parse(&c, s, strlen(s)), "'%s' should not be a card", s);
}

Test(card, every_notation_of_the_club_queen)
{
	const char *forms[] = { "CQ", "cq", "CD", "KrD", "krd", "KRD", "KreuzD", "Kreuz-D",
				"\xe2\x99\xa3" "D", "\xe2\x99\xa3" "Q", "\xe2\x99\xa7" "D" };
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		cr_expect_eq(parse(forms[i]), DK_CARD_MAKE(DK_CLUBS, DK_QUEEN), "%s", forms[i]);
}

Test(card, tens_jacks_and_diamonds)
{
	cr_expect_eq(parse("H10"), DK_CARD_MAKE(DK_HEARTS, DK_TEN));
	cr_expect_eq(parse("HT"), DK_CARD_MAKE(DK_HEARTS, DK_TEN));
	cr_expect_eq(parse("He10"), DK_CARD_MAKE(DK_HEARTS, DK_TEN));
	cr_expect_eq(parse("Herz10"), DK_CARD_MAKE(DK_HEARTS, DK_TEN));
	cr_expect_eq(parse("\xe2\x99\xa5" "10"), DK_CARD_MAKE(DK_HEARTS, DK_TEN));
	cr_expect_eq(parse("PiB"), DK_CARD_MAKE(DK_SPADES, DK_JACK));
	cr_expect_eq(parse("SJ"), DK_CARD_MAKE(DK_SPADES, DK_JACK));
	cr_expect_eq(parse("KaA"), DK_CARD_MAKE(DK_DIAMONDS, DK_ACE));
	cr_expect_eq(parse("DA"), DK_CARD_MAKE(DK_DIAMONDS, DK_ACE));
	cr_expect_eq(parse("KaroK"), DK_CARD_MAKE(DK_DIAMONDS, DK_KING));
	cr_expect_eq(parse("Pik-10"), DK_CARD_MAKE(DK_SPADES, DK_TEN));
	cr_expect_eq(parse("Ka-A"), DK_CARD_MAKE(DK_DIAMONDS, DK_ACE));
	cr_expect_eq(parse("D9"), DK_CARD_MAKE(DK_DIAMONDS, DK_NINE));
	cr_expect_eq(parse("\xe2\x99\xa6" "B"), DK_CARD_MAKE(DK_DIAMONDS, DK_JACK));
}

Test(card, refuses_what_is_no_card)
{
	refuse("");
	refuse("C");
	refuse("KA");     /* neither Karo-A (needs "Ka") nor a suit letter */
	refuse("X7");
	refuse("C11");
	refuse("CQQ");
	refuse("10");
	refuse("Kr");
	refuse("\xe2\x99\xa3");
	refuse("\xe2\x99");  /* a cut-off symbol */
	refuse("H 10");
	refuse("H-10");   /* no hyphen after an English suit letter */
	refuse("\xe2\x99\xa5" "-10");
}

Test(card, canonical_code_round_trips)
{
	for (dk_card c = 0; c < DK_CARD_KINDS; c++) {
		const char *code = dk_card_code(c);
		cr_expect_eq(parse(code), c, "%s", code);
		/* what a person reads, in either language, reads back */
		for (int l = 0; l < DK_LANG_COUNT; l++) {
			const char *said = dk_view_card((dk_lang)l, c);
			cr_expect_eq(parse(said), c, "%s", said);
		}
	}
	cr_expect_str_eq(dk_card_code(DK_CARD_MAKE(DK_HEARTS, DK_TEN)), "H10");
}

Test(card, letters_follow_the_language)
{
	dk_card cq = DK_CARD_MAKE(DK_CLUBS, DK_QUEEN), dj = DK_CARD_MAKE(DK_DIAMONDS, DK_JACK);
	dk_card sk = DK_CARD_MAKE(DK_SPADES, DK_KING), da = DK_CARD_MAKE(DK_DIAMONDS, DK_ACE);
	cr_expect_str_eq(dk_view_card(DK_LANG_EN, cq), "\xe2\x99\xa3" "Q");
	cr_expect_str_eq(dk_view_card(DK_LANG_EN, dj), "\xe2\x99\xa6" "J");
	cr_expect_str_eq(dk_view_card(DK_LANG_EN, sk), "\xe2\x99\xa0" "K");
	cr_expect_str_eq(dk_view_card(DK_LANG_EN, da), "\xe2\x99\xa6" "A");
	cr_expect_str_eq(dk_view_card(DK_LANG_DE, cq), "\xe2\x99\xa3" "D");
	cr_expect_str_eq(dk_view_card(DK_LANG_DE, dj), "\xe2\x99\xa6" "B");
	cr_expect_str_eq(dk_view_card(DK_LANG_DE, sk), "\xe2\x99\xa0" "K");
	cr_expect_str_eq(dk_view_card(DK_LANG_DE, DK_CARD_MAKE(DK_HEARTS, DK_TEN)),
			 "\xe2\x99\xa5" "10");
	cr_expect_str_eq(dk_view_card(DK_LANG_EN, DK_CARD_NONE), "?");
}

Test(card, points_make_240_in_a_deck_with_nines)
{
	int sum = 0;
	for (dk_card c = 0; c < DK_CARD_KINDS; c++)
		sum += 2 * dk_card_points(c);
	cr_expect_eq(sum, 240);
	cr_expect_eq(dk_card_points(parse("DA")), 11);
	cr_expect_eq(dk_card_points(parse("C10")), 10);
	cr_expect_eq(dk_card_points(parse("SK")), 4);
	cr_expect_eq(dk_card_points(parse("HQ")), 3);
	cr_expect_eq(dk_card_points(parse("DJ")), 2);
	cr_expect_eq(dk_card_points(parse("C9")), 0);
}

Test(order, normal_game_has_26_trumps_with_nines)
{
	int trumps = 0;
	for (dk_card c = 0; c < DK_CARD_KINDS; c++)
		if (dk_normal_is_trump(c))
			trumps += 2;
	cr_expect_eq(trumps, 26);
	cr_expect(dk_normal_is_trump(parse("H10")));
	cr_expect_not(dk_normal_is_trump(parse("HA")));
	cr_expect_not(dk_normal_is_trump(parse("C10")));
}

Test(order, trump_sequence)
{
	const char *seq[] = { "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ",
			      "DA", "D10", "DK", "D9" };
	for (size_t i = 1; i < sizeof(seq) / sizeof(seq[0]); i++)
		cr_expect_gt(dk_normal_strength(parse(seq[i - 1])), dk_normal_strength(parse(seq[i])),
			     "%s above %s", seq[i - 1], seq[i]);
}

static int winner(const char *a, const char *b, const char *c, const char *d,
		  dk_heart10_tie tie, bool last)
{
	dk_card t[4] = { parse(a), parse(b), parse(c), parse(d) };
	return dk_normal_trick_winner(t, 4, tie, last);
}

Test(order, trick_winners)
{
	cr_expect_eq(winner("CA", "CK", "C10", "C9", DK_TIE_FIRST_WINS, false), 0);
	cr_expect_eq(winner("CK", "CA", "DJ", "C10", DK_TIE_FIRST_WINS, false), 2);  /* trumped */
	cr_expect_eq(winner("HA", "SA", "CA", "HK", DK_TIE_FIRST_WINS, false), 0);  /* off-suit aces */
	cr_expect_eq(winner("SA", "SA", "S10", "SK", DK_TIE_FIRST_WINS, false), 0); /* equal: first */
	cr_expect_eq(winner("D9", "DK", "CQ", "H10", DK_TIE_FIRST_WINS, false), 3);
}

Test(order, heart_ten_tie_rules)
{
	/* two ♥10 in one trick: RULES.md §3 */
	cr_expect_eq(winner("H10", "CQ", "H10", "DA", DK_TIE_FIRST_WINS, false), 0);
	cr_expect_eq(winner("H10", "CQ", "H10", "DA", DK_TIE_SECOND_WINS, false), 2);
	cr_expect_eq(winner("H10", "CQ", "H10", "DA", DK_TIE_SECOND_WINS, true), 2);
	cr_expect_eq(winner("H10", "CQ", "H10", "DA", DK_TIE_SECOND_WINS_EXCEPT_LAST, false), 2);
	cr_expect_eq(winner("H10", "CQ", "H10", "DA", DK_TIE_SECOND_WINS_EXCEPT_LAST, true), 0);
	/* the tie rule is only about the ♥10: other equal cards, first wins */
	cr_expect_eq(winner("CQ", "CQ", "DA", "D9", DK_TIE_SECOND_WINS, false), 0);
}

Test(order, sort_puts_trumps_first)
{
	dk_card h[6] = { parse("HA"), parse("D9"), parse("C10"), parse("H10"), parse("SK"),
			 parse("CQ") };
	dk_normal_sort(h, 6);
	const char *want[6] = { "H10", "CQ", "D9", "C10", "SK", "HA" };
	for (int i = 0; i < 6; i++)
		cr_expect_str_eq(dk_card_code(h[i]), want[i]);
}

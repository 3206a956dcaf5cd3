/*
 * test_position.c - the game after any card (src/judge/position.c), on the
 * revoke record of the findings corpus, worked by hand from its tricks:
 *   1: ♠10 Monika, ♠9 Norbert, ♠A Ottilie, ♠9 Peter - Ottilie 21
 *   2: ♥A Ottilie, ♥9 Peter, ♥9 Monika, ♣B Norbert - Norbert 13
 *   3: ♣10 Norbert, ♣K Ottilie, ♣A Peter, ♦K Monika - Monika 29
 *   4: ♠A Monika, ♣9 Norbert, ♦A Ottilie, ♠K Peter - Ottilie 26
 *   5: ♥K Ottilie, ♥K Peter, ♥A Monika, ♣9 Norbert - Monika 19
 *   6: ♦A Monika, ♣A Norbert (the revoke, card 22), ...
 *   7: ♣D Ottilie (card 25) ...
 * Re: Ottilie, Peter.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "fmt_xml.h"
#include "judged.h"
#include "leakcheck.h"
#include "position.h"
#include "ruleset.h"

TestSuite(position, .init = dk_xml_global_init, .fini = dk_leak_check);


enum { MONIKA = 1, NORBERT, OTTILIE, PETER };

static void with_game(void (*fn)(const dk_verdict *v))
{
	dk_test_with_verdict(DK_SOURCE_ROOT "/tests/check/findings/revoke--ddv--trump-not-followed.xml", "ddv", fn);
}

static void at_start(const dk_verdict *v)
{
	dk_position p;
	dk_position_at(&p, v, 0);
	cr_expect_eq(p.total, 48);
	cr_expect_eq(p.card, 0);
	cr_expect_null(p.table);
	cr_expect_eq(p.next_seat, MONIKA);
	for (int s = MONIKA; s <= PETER; s++) {
		cr_expect_eq(p.hand_n[s], 12, "seat %d", s);
		cr_expect_eq(p.played_n[s], 0, "seat %d", s);
		cr_expect_eq(p.known[s], DK_PARTY_NONE, "seat %d", s);
	}
	dk_position_at(&p, v, -5);
	cr_expect_eq(p.card, 0, "clamped");
	dk_position_at(&p, v, 99);
	cr_expect_eq(p.card, 48, "clamped");
	cr_expect_eq(p.next_seat, 0, "the game is over");
	cr_expect_eq(p.party_points[DK_PARTY_RE] + p.party_points[DK_PARTY_KONTRA], 240);
}

Test(position, before_the_first_card_and_clamped)
{
	with_game(at_start);
}

static void at_the_revoke(const dk_verdict *v)
{
	dk_position p;
	dk_position_at(&p, v, 22);
	cr_expect_eq(p.trick, 6);
	cr_expect(!p.trick_done);
	cr_assert_not_null(p.table);
	cr_expect_eq(p.table_n, 2);
	cr_expect_eq(p.table_best, 0, "Monika's ♦A (trump) beats Norbert's ♣A");
	cr_expect_eq(p.next_seat, OTTILIE);
	static const int held[5] = { 0, 6, 6, 7, 7 };
	static const int tricks[5] = { 0, 2, 1, 2, 0 };
	static const int points[5] = { 0, 48, 13, 47, 0 };
	for (int s = MONIKA; s <= PETER; s++) {
		cr_expect_eq(p.hand_n[s], held[s], "seat %d holds %d", s, p.hand_n[s]);
		cr_expect_eq(p.played_n[s], 12 - held[s], "seat %d", s);
		cr_expect_eq(p.tricks_won[s], tricks[s], "seat %d", s);
		cr_expect_eq(p.points_won[s], points[s], "seat %d", s);
		cr_expect_eq(p.known[s], DK_PARTY_NONE, "no ♣Q played, nothing said: seat %d", s);
	}
	cr_expect_eq(p.party_points[DK_PARTY_RE], 47);
	cr_expect_eq(p.party_points[DK_PARTY_KONTRA], 61);
	cr_expect_eq(p.findings, 1, "the revoke has happened");
	dk_position_at(&p, v, 21);
	cr_expect_eq(p.findings, 0, "not yet");
	cr_expect_eq(dk_position_next_finding(v, 0), 22);
	cr_expect_eq(dk_position_next_finding(v, 22), 0);
	cr_expect_eq(dk_position_prev_finding(v, 30), 22);
	cr_expect_eq(dk_position_prev_finding(v, 22), 0);
}

Test(position, at_the_revoke)
{
	with_game(at_the_revoke);
}

static void queen_shows_the_party(const dk_verdict *v)
{
	dk_position p;
	dk_position_at(&p, v, 25);
	cr_expect_eq(p.trick, 7);
	cr_expect_eq(p.known[OTTILIE], DK_PARTY_RE, "Ottilie has played a ♣Q");
	cr_expect_eq(p.known[PETER], DK_PARTY_NONE);
	dk_position_at(&p, v, 20);
	cr_expect(p.trick_done, "card 20 completes trick 5");
	cr_expect_eq(p.table->winner, MONIKA);
	cr_expect_eq(p.next_seat, MONIKA);
}

Test(position, a_club_queen_shows_the_party)
{
	with_game(queen_shows_the_party);
}

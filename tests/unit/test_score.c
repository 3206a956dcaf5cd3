/*
 * test_score.c - who wins and what a game is worth: the 62 cases of the
 * shared scoring cross-check under ddv, and the worked examples of the house
 * rule documents (RULES.md §12) under their own sets.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <stdlib.h>

#include "leakcheck.h"
#include "order.h"
#include "shipped_rules.h"
#include "ruleset.h"
#include "score.h"

TestSuite(score, .fini = dk_leak_check);

struct xcase {
	const char *id;
	int solo, re, kontra, re_trick, kontra_trick, said_re, said_kontra;
	int sp_re[3], sp_kontra[3];
	int winner, value;
};

static const struct xcase xcases[] = {
#include "score_cases.inc"
};

static void fill(dk_score_input *in, const struct xcase *c)
{
	memset(in, 0, sizeof(*in));
	in->solo = c->solo;
	in->solo_kind = c->solo ? DK_SOLO_QUEENS : DK_SOLO_NONE;
	in->points[DK_PARTY_RE] = c->re;
	in->points[DK_PARTY_KONTRA] = c->kontra;
	in->took_trick[DK_PARTY_RE] = c->re_trick;
	in->took_trick[DK_PARTY_KONTRA] = c->kontra_trick;
	for (int l = 0; l < DK_LEVELS; l++) {
		in->said[DK_PARTY_RE][l] = (c->said_re >> l) & 1;
		in->said[DK_PARTY_KONTRA][l] = (c->said_kontra >> l) & 1;
	}
	in->doppelkopf[DK_PARTY_RE] = c->sp_re[0];
	in->fox[DK_PARTY_RE] = c->sp_re[1];
	in->karlchen[DK_PARTY_RE] = c->sp_re[2];
	in->doppelkopf[DK_PARTY_KONTRA] = c->sp_kontra[0];
	in->fox[DK_PARTY_KONTRA] = c->sp_kontra[1];
	in->karlchen[DK_PARTY_KONTRA] = c->sp_kontra[2];
}

Test(score, crosscheck_cases_under_ddv)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	size_t n = sizeof(xcases) / sizeof(xcases[0]), failed = 0;
	for (size_t i = 0; i < n; i++) {
		const struct xcase *c = &xcases[i];
		dk_score_input in;
		fill(&in, c);
		dk_score s;
		dk_score_compute(&s, &in, &rs.rules);
		int value = c->solo ? s.value * s.factor : s.value;
		if ((int)s.winner != c->winner || value != c->value) {
			cr_log_error("%s: winner %d value %d, expected winner %d value %d", c->id,
				     (int)s.winner, value, c->winner, c->value);
			failed++;
		}
	}
	cr_expect_eq(n, 62);
	cr_expect_eq(failed, 0, "%zu of %zu cases differ", failed, n);
	dk_ruleset_release(&rs);
}

/* one worked example: card points, who said what, specials; the expected
 * value for Re (negative: for Kontra) and the soloist factor */
static void example(const char *set, bool solo, int re, int kontra, const char *said_re,
		    const char *said_kontra, dk_party first, int fox_kontra, int karlchen_kontra,
		    int want_value, const char *what)
{
	dk_ruleset rs;
	load_shipped(&rs, set);
	dk_score_input in;
	memset(&in, 0, sizeof(in));
	in.solo = solo;
	in.solo_kind = solo ? DK_SOLO_JACKS : DK_SOLO_NONE;
	in.points[DK_PARTY_RE] = re;
	in.points[DK_PARTY_KONTRA] = kontra;
	in.took_trick[DK_PARTY_RE] = re > 0;
	in.took_trick[DK_PARTY_KONTRA] = kontra > 0;
	for (int l = 0; l < DK_LEVELS; l++) {
		in.said[DK_PARTY_RE][l] = said_re[l] == '1';
		in.said[DK_PARTY_KONTRA][l] = said_kontra[l] == '1';
	}
	in.first_call = first;
	in.fox[DK_PARTY_KONTRA] = fox_kontra;
	in.karlchen[DK_PARTY_KONTRA] = karlchen_kontra;
	dk_score s;
	dk_score_compute(&s, &in, &rs.rules);
	cr_expect_eq(s.value, want_value, "%s %s: value %d, expected %d (base %d x%d + %d)", set,
		     what, s.value, want_value, s.base, s.multiplier, s.specials);
	dk_ruleset_release(&rs);
}

Test(score, worked_examples_of_the_house_documents)
{
	/* turnier-2022, Normalspiel: Re + keine 90, Kontra 90 and a Fuchs,
	 * Re 150: 1 + 1 + 0 + 1 = 3, x2 = 6, +1 = 7 for Kontra */
	example("turnier-2022", false, 150, 90, "11000", "00000", DK_PARTY_RE, 1, 0, -7,
		"normal game");
	/* turnier-2022, Solo: 3, +1 (Re) = 4 per Kontra player, soloist -12 */
	example("turnier-2022", true, 150, 90, "11000", "00000", DK_PARTY_RE, 0, 0, -4, "solo");
	/* unsere-2024: Kontra wins, Re under 90, gegen die Alten, Kontra said:
	 * 3 x2 = 6, + Fuchs = 7 */
	example("unsere-2024", false, 80, 160, "00000", "10000", DK_PARTY_KONTRA, 1, 0, -7,
		"Kontra wins with a Fuchs");
	/* unsere-2024: Re wins, Kontra under 90, Re said: 2 x2 = 4; the
	 * opponents' Karlchen: 3 */
	example("unsere-2024", false, 160, 80, "10000", "00000", DK_PARTY_RE, 0, 1, 3,
		"Re wins, Karlchen for Kontra");
	/* esslingen-2002: Re said keine 90, Kontra then Kontra.  Re wins with
	 * Kontra under 30: 6 (Feigheit caps at keine 60), lost counter x2 = 12 */
	example("esslingen-2002", false, 215, 25, "11000", "10000", DK_PARTY_RE, 0, 0, 12,
		"Re wins, Kontra under 30");
	/* Kontra reaches 90 and wins: 5 */
	example("esslingen-2002", false, 150, 90, "11000", "10000", DK_PARTY_RE, 0, 0, -5,
		"Kontra reaches 90");
	/* Kontra takes 155 and wins: 6 */
	example("esslingen-2002", false, 85, 155, "11000", "10000", DK_PARTY_RE, 0, 0, -6,
		"Kontra takes 155");
}

/* ---- FreeDoko's extra points and counting (score.*, standings.*) -------- */

#define C(suit, rank) DK_CARD_MAKE(DK_##suit, DK_##rank)

/* ddv with the given overrides, "key=value" each */
static void load_with(dk_ruleset *rs, const char *const *set)
{
	load_shipped(rs, "ddv");
	for (size_t i = 0; set && set[i]; i++) {
		char key[80];
		const char *eq = strchr(set[i], '=');
		cr_assert_not_null(eq);
		snprintf(key, sizeof(key), "%.*s", (int)(eq - set[i]), set[i]);
		dk_diag d;
		dk_diag_init(&d);
		cr_assert_eq(dk_ruleset_override(rs, key, eq + 1, "test", DK_LOC_NONE, &d), 0,
			     "%s: %s", set[i], d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
	}
}

/* a game without calls: Re took re card points; the value for Re */
static int value_of(const dk_score_input *given, const char *const *set, int *items)
{
	dk_ruleset rs;
	load_with(&rs, set);
	dk_score s;
	dk_score_compute(&s, given, &rs.rules);
	if (items)
		*items = s.item_count;
	dk_ruleset_release(&rs);
	return s.value;
}

static void plain(dk_score_input *in, int re)
{
	memset(in, 0, sizeof(*in));
	in->points[DK_PARTY_RE] = re;
	in->points[DK_PARTY_KONTRA] = 240 - re;
	in->took_trick[DK_PARTY_RE] = in->took_trick[DK_PARTY_KONTRA] = true;
}

#define SET(...) ((const char *const[]){ __VA_ARGS__, NULL })

Test(score, fox_last_trick_and_both)
{
	/* Kontra wins 130:110: won 1 + gegen die Alten 1 for Kontra; Re's ♦A
	 * won the last trick with the partner's ♦A in it */
	dk_score_input in;
	plain(&in, 110);
	in.fox_last_trick[DK_PARTY_RE] = 1;
	in.fox_last_trick_both[DK_PARTY_RE] = 1;
	cr_expect_eq(value_of(&in, NULL, NULL), -2);                      /* ddv: no such point */
	cr_expect_eq(value_of(&in, SET("score.fox_last_trick=true"), NULL), -1);
	cr_expect_eq(value_of(&in, SET("score.fox_last_trick=true",
				       "score.fox_last_trick_both=true"), NULL), 0);
	/* the second point needs the first */
	cr_expect_eq(value_of(&in, SET("score.fox_last_trick_both=true"), NULL), -2);
}

Test(score, fox_caught_in_the_last_trick)
{
	/* Re wins 121: won 1, Kontra's ♦A caught in the last trick: Fuchs 1
	 * and, with the key, 1 more */
	dk_score_input in;
	plain(&in, 121);
	in.fox[DK_PARTY_RE] = 1;
	in.fox_caught_last_trick[DK_PARTY_RE] = 1;
	cr_expect_eq(value_of(&in, NULL, NULL), 2);
	cr_expect_eq(value_of(&in, SET("score.fox_caught_last_trick=true"), NULL), 3);
}

Test(score, heart10_caught)
{
	/* Re wins 130: won 1; Re's ♥10 beat Kontra's ♥10 twice, Kontra's once */
	dk_score_input in;
	plain(&in, 130);
	in.heart10_caught[DK_PARTY_RE] = 2;
	in.heart10_caught[DK_PARTY_KONTRA] = 1;
	int n = 0;
	cr_expect_eq(value_of(&in, NULL, &n), 1);
	cr_expect_eq(n, 1);
	cr_expect_eq(value_of(&in, SET("score.heart10_caught=true"), &n), 2);
	cr_expect_eq(n, 4);   /* won and three special points, netted 2 - 1 */
}

Test(score, heart_trick)
{
	/* Re said Re and wins 125: won 1 + Re 2 = 3; Kontra won two heart
	 * tricks: 3 - 2 = 1 */
	dk_score_input in;
	plain(&in, 125);
	in.said[DK_PARTY_RE][0] = true;
	in.first_call = DK_PARTY_RE;
	in.heart_trick[DK_PARTY_KONTRA] = 2;
	cr_expect_eq(value_of(&in, NULL, NULL), 3);
	cr_expect_eq(value_of(&in, SET("score.heart_trick=true"), NULL), 1);
}

Test(score, karlchen_both)
{
	/* Re wins 121: won 1, Karlchen 1, the partner's ♣J in the trick 1 */
	dk_score_input in;
	plain(&in, 121);
	in.karlchen[DK_PARTY_RE] = 1;
	in.karlchen_both[DK_PARTY_RE] = 1;
	cr_expect_eq(value_of(&in, NULL, NULL), 2);
	cr_expect_eq(value_of(&in, SET("score.karlchen_both=true"), NULL), 3);
	cr_expect_eq(value_of(&in, SET("score.karlchen=false", "score.karlchen_both=true"), NULL), 1);
}

Test(score, karlchen_caught_both_and_by_diamond_queen)
{
	/* Re wins 121: won 1; both ♣J of Re caught by Kontra in the last
	 * trick, which a ♦Q of Kontra's did not win (say, a ♥10) */
	dk_score_input in;
	plain(&in, 121);
	in.karlchen_caught[DK_PARTY_KONTRA] = 2;
	cr_expect_eq(value_of(&in, NULL, NULL), 1);   /* ddv: catching Karlchen counts nothing */
	cr_expect_eq(value_of(&in, SET("score.karlchen_caught=true"), NULL), -1);   /* 1 - 2 */
	cr_expect_eq(value_of(&in, SET("score.karlchen_caught=true",
				       "score.karlchen_caught_both=false"), NULL), 0);   /* 1 - 1 */
	cr_expect_eq(value_of(&in, SET("score.karlchen_caught=true",
				       "score.karlchen_caught_by_diamond_queen=true"), NULL), 1);
	in.last_trick_diamond_queen = true;
	cr_expect_eq(value_of(&in, SET("score.karlchen_caught=true",
				       "score.karlchen_caught_by_diamond_queen=true"), NULL), -1);
}

Test(score, against_old_doubled_by_re_kontra)
{
	/* FreeDoko's "contra doubles against re": Kontra said Kontra and wins
	 * 130: won 1, gegen die Alten 1; doubled with the rest (1 + 1) x 2 = 4,
	 * or added after 1 x 2 + 1 = 3 */
	dk_score_input in;
	plain(&in, 110);
	in.said[DK_PARTY_KONTRA][0] = true;
	in.first_call = DK_PARTY_KONTRA;
	cr_expect_eq(value_of(&in, SET("score.model=doubling", "score.against_old_doubled=true"),
			      NULL), -4);
	cr_expect_eq(value_of(&in, SET("score.model=doubling", "score.against_old_doubled=false"),
			      NULL), -3);
}

/* ---- the special points a replayed trick makes ---------------------------- */

/* a game of two tricks at seats 1-4, Re = seats 1 and 2; the second trick
 * is the last; the winner of each as dk_order_winner finds it */
static dk_replay *two_tricks(const dk_card first[4], const dk_card last[4])
{
	dk_replay *rp = calloc(1, sizeof(*rp));
	cr_assert_not_null(rp);
	rp->type = DK_GT_NORMAL;
	dk_order_init(&rp->order, DK_SOLO_NONE, DK_TIE_SECOND_WINS);
	rp->hand_size = 2;
	rp->trick_count = 2;
	for (int s = 1; s <= 4; s++) {
		rp->seats[s - 1] = s;
		rp->party[s] = s <= 2 ? DK_PARTY_RE : DK_PARTY_KONTRA;
	}
	const dk_card *cards[2] = { first, last };
	for (int t = 0; t < 2; t++) {
		dk_trick *k = &rp->tricks[t];
		k->count = 4;
		for (int i = 0; i < 4; i++) {
			k->cards[i] = cards[t][i];
			k->seats[i] = i + 1;
		}
		k->winner_index = dk_order_winner(&rp->order, k->cards, 4, t == 1);
		k->winner = k->seats[k->winner_index];
	}
	return rp;
}

Test(score, specials_of_the_tricks)
{
	/* trick 1: seat 1 ♥A, seat 2 ♥K, seat 3 ♥A, seat 4 ♥K: four hearts, none
	 * a trump, seat 1 wins (the first ♥A);
	 * last trick: seat 1 ♦A, seat 2 ♦A, seat 3 ♦K, seat 4 ♦10: the first ♦A
	 * wins with the partner's ♦A in it */
	static const dk_card h[4] = { C(HEARTS, ACE), C(HEARTS, KING), C(HEARTS, ACE),
				      C(HEARTS, KING) };
	static const dk_card f[4] = { C(DIAMONDS, ACE), C(DIAMONDS, ACE), C(DIAMONDS, KING),
				      C(DIAMONDS, TEN) };
	dk_replay *rp = two_tricks(h, f);
	dk_score_input in;
	dk_score_input_from_replay(&in, rp, NULL);
	cr_expect_eq(rp->tricks[0].winner, 1);
	cr_expect_eq(in.heart_trick[DK_PARTY_RE], 1);
	cr_expect_eq(rp->tricks[1].winner, 1);
	cr_expect_eq(in.fox_last_trick[DK_PARTY_RE], 1);
	cr_expect_eq(in.fox_last_trick_both[DK_PARTY_RE], 1);
	cr_expect_eq(in.fox[DK_PARTY_RE], 0);   /* the own foxes are not caught */
	cr_expect_eq(in.fox_caught_last_trick[DK_PARTY_RE], 0);
	/* a declared swine of seat 1 is no fox */
	rp->swines_active = true;
	rp->swine_seat = 1;
	dk_score_input_from_replay(&in, rp, NULL);
	cr_expect_eq(in.fox_last_trick[DK_PARTY_RE], 0);
	free(rp);

	/* trick 1: seat 1 (Re) ♥10, seat 2 ♣A, seat 3 (Kontra) ♥10, seat 4 ♦A
	 * (Kontra's fox): the second ♥10 beats the first (ties.heart10
	 * second-wins), Kontra's ♥10 has caught Re's.  Last trick: seat 1 ♦Q
	 * wins, seat 2 ♦K, seats 3 and 4 (Kontra) ♣J, ♣J: both Karlchen caught */
	static const dk_card d[4] = { C(HEARTS, TEN), C(CLUBS, ACE), C(HEARTS, TEN),
				      C(DIAMONDS, ACE) };
	static const dk_card k[4] = { C(DIAMONDS, QUEEN), C(DIAMONDS, KING), C(CLUBS, JACK),
				      C(CLUBS, JACK) };
	rp = two_tricks(d, k);
	dk_score_input_from_replay(&in, rp, NULL);
	cr_expect_eq(rp->tricks[0].winner, 3);   /* seat 3 played the second ♥10 */
	cr_expect_eq(in.heart10_caught[DK_PARTY_KONTRA], 1);
	cr_expect_eq(in.heart10_caught[DK_PARTY_RE], 0);
	cr_expect_eq(in.fox[DK_PARTY_KONTRA], 0);   /* seat 4's own fox, won by his partner */
	cr_expect_eq(in.heart_trick[DK_PARTY_RE] + in.heart_trick[DK_PARTY_KONTRA], 0);
	cr_expect_eq(rp->tricks[1].winner, 1);
	cr_expect_eq(in.karlchen_caught[DK_PARTY_RE], 2);
	cr_expect(in.last_trick_diamond_queen);
	cr_expect_eq(in.karlchen[DK_PARTY_RE] + in.karlchen[DK_PARTY_KONTRA], 0);
	free(rp);

	/* last trick: seat 1 ♣J, seat 2 ♣J, seat 3 ♦K, seat 4 ♦A (Kontra's
	 * fox): Re's first ♣J wins with the second in it and catches the fox */
	static const dk_card any[4] = { C(SPADES, ACE), C(SPADES, KING), C(SPADES, KING),
					C(SPADES, ACE) };
	static const dk_card j[4] = { C(CLUBS, JACK), C(CLUBS, JACK), C(DIAMONDS, KING),
				      C(DIAMONDS, ACE) };
	rp = two_tricks(any, j);
	dk_score_input_from_replay(&in, rp, NULL);
	cr_expect_eq(rp->tricks[1].winner, 1);
	cr_expect_eq(in.karlchen[DK_PARTY_RE], 1);
	cr_expect_eq(in.karlchen_both[DK_PARTY_RE], 1);
	cr_expect_eq(in.fox[DK_PARTY_RE], 1);
	cr_expect_eq(in.fox_caught_last_trick[DK_PARTY_RE], 1);
	cr_expect_eq(in.fox_last_trick[DK_PARTY_RE], 0);
	cr_expect_not(in.last_trick_diamond_queen);
	free(rp);
}

/* ---- standings.counting: each seat's entry -------------------------------- */

static void entries(long out[5], int value, dk_party winner, int factor, dk_counting counting,
		    bool for_all)
{
	dk_score s;
	memset(&s, 0, sizeof(s));
	s.value = value;
	s.winner = winner;
	s.factor = factor;
	s.counting = counting;
	s.factor_for_all = for_all;
	dk_replay *rp = calloc(1, sizeof(*rp));
	cr_assert_not_null(rp);
	for (int i = 1; i <= 4; i++) {
		rp->seats[i - 1] = i;
		/* a solo: seat 1 alone; else seats 1 and 2 are Re */
		rp->party[i] = i == 1 || (factor == 1 && i == 2) ? DK_PARTY_RE : DK_PARTY_KONTRA;
	}
	long per_seat[DK_MAX_SEATS + 1];
	dk_score_per_seat(per_seat, &s, rp);
	for (int i = 1; i <= 4; i++)
		out[i] = per_seat[i];
	free(rp);
}

#define EXPECT_ENTRIES(got, a, b, c, d)                                                   \
	do {                                                                               \
		const long want_[5] = { 0, a, b, c, d };                                   \
		for (int i_ = 1; i_ <= 4; i_++)                                            \
			cr_expect_eq(got[i_], want_[i_], "line %d seat %d: %ld, expected %ld", \
				     __LINE__, i_, got[i_], want_[i_]);                     \
	} while (0)

Test(score, counting_normal_game)
{
	long e[5];
	/* Re (seats 1, 2) wins 5 */
	entries(e, 5, DK_PARTY_RE, 1, DK_COUNTING_PLUS_MINUS, false);
	EXPECT_ENTRIES(e, 5, 5, -5, -5);
	entries(e, 5, DK_PARTY_RE, 1, DK_COUNTING_PLUS, false);
	EXPECT_ENTRIES(e, 5, 5, 0, 0);
	entries(e, 5, DK_PARTY_RE, 1, DK_COUNTING_MINUS, false);
	EXPECT_ENTRIES(e, 0, 0, -5, -5);
	/* nobody won, 3 for Kontra: plus gives it to Kontra, minus takes it
	 * from Re */
	entries(e, -3, DK_PARTY_NONE, 1, DK_COUNTING_PLUS_MINUS, false);
	EXPECT_ENTRIES(e, -3, -3, 3, 3);
	entries(e, -3, DK_PARTY_NONE, 1, DK_COUNTING_PLUS, false);
	EXPECT_ENTRIES(e, 0, 0, 3, 3);
	entries(e, -3, DK_PARTY_NONE, 1, DK_COUNTING_MINUS, false);
	EXPECT_ENTRIES(e, -3, -3, 0, 0);
	/* Kontra wins 2 but Re's special points make the value 1 for Re: the
	 * winners still get it (FreeDoko's GameSummary::points) */
	entries(e, 1, DK_PARTY_KONTRA, 1, DK_COUNTING_PLUS, false);
	EXPECT_ENTRIES(e, 0, 0, 1, 1);
}

Test(score, counting_solo)
{
	long e[5];
	/* the soloist (seat 1) wins 4, x3 */
	entries(e, 4, DK_PARTY_RE, 3, DK_COUNTING_PLUS_MINUS, false);
	EXPECT_ENTRIES(e, 12, -4, -4, -4);
	entries(e, 4, DK_PARTY_RE, 3, DK_COUNTING_PLUS_MINUS, true);   /* no effect */
	EXPECT_ENTRIES(e, 12, -4, -4, -4);
	entries(e, 4, DK_PARTY_RE, 3, DK_COUNTING_PLUS, false);
	EXPECT_ENTRIES(e, 12, 0, 0, 0);
	entries(e, 4, DK_PARTY_RE, 3, DK_COUNTING_MINUS, false);
	EXPECT_ENTRIES(e, 0, -4, -4, -4);
	entries(e, 4, DK_PARTY_RE, 3, DK_COUNTING_MINUS, true);
	EXPECT_ENTRIES(e, 0, -12, -12, -12);
	/* the soloist loses 2 */
	entries(e, -2, DK_PARTY_KONTRA, 3, DK_COUNTING_PLUS_MINUS, false);
	EXPECT_ENTRIES(e, -6, 2, 2, 2);
	entries(e, -2, DK_PARTY_KONTRA, 3, DK_COUNTING_PLUS, false);
	EXPECT_ENTRIES(e, 0, 2, 2, 2);
	entries(e, -2, DK_PARTY_KONTRA, 3, DK_COUNTING_PLUS, true);
	EXPECT_ENTRIES(e, 0, 6, 6, 6);
	entries(e, -2, DK_PARTY_KONTRA, 3, DK_COUNTING_MINUS, false);
	EXPECT_ENTRIES(e, -6, 0, 0, 0);
}

/* announce.per_player (Klopfen, FreeDoko's knocking): each player's Re
 * counts.  FreeDoko's summary gives one "no 120 said" per player, each
 * doubling: Re 160 (both Re players said Re), Kontra 80 (one Kontra):
 * won 1 + Kontra under 90 1 = 2, x2 x2 x2 = 16 for Re; counted once per
 * party it would be 2 x2 x2 = 8. */
Test(score, each_player_counts_with_per_player)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "score.model", "doubling", "t", DK_LOC_NONE, &d), 0);
	cr_assert_eq(dk_ruleset_override(&rs, "announce.per_player", "true", "t", DK_LOC_NONE, &d),
		     0);
	dk_score_input in;
	memset(&in, 0, sizeof(in));
	in.points[DK_PARTY_RE] = 160;
	in.points[DK_PARTY_KONTRA] = 80;
	in.took_trick[DK_PARTY_RE] = in.took_trick[DK_PARTY_KONTRA] = true;
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_KONTRA][0] = true;
	in.said_count[DK_PARTY_RE][0] = 2;
	in.said_count[DK_PARTY_KONTRA][0] = 1;
	in.first_call = DK_PARTY_RE;
	dk_score s;
	dk_score_compute(&s, &in, &rs.rules);
	cr_expect_eq(s.winner, DK_PARTY_RE);
	cr_expect_eq(s.multiplier, 8);
	cr_expect_eq(s.value, 16);
	in.said_count[DK_PARTY_RE][0] = 1;
	dk_score_compute(&s, &in, &rs.rules);
	cr_expect_eq(s.value, 8);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

/* ---- announce.strict_limit (FreeDoko's "announcement strict limit") ----- */

/* the score under ddv, with or without the strict limit */
static dk_score strict_score(const dk_score_input *in, bool strict)
{
	dk_ruleset rs;
	load_with(&rs, strict ? SET("announce.strict_limit=true") : NULL);
	dk_score s;
	dk_score_compute(&s, in, &rs.rules);
	dk_ruleset_release(&rs);
	return s;
}

Test(score, strict_limit_no_winner)
{
	/* Re and Kontra said, 120:120.  ddv (TSR 7.1.2 3.): Kontra wins with
	 * 120: won 1 + Re 2 + Kontra 2 + gegen die Alten 1 = 6 for Kontra.
	 * Strict: both said a bid of 121 and both missed: nobody wins, and
	 * (score.no_winner levels-and-specials) nobody is under 90 and no
	 * limit was said: 0 */
	dk_score_input in;
	plain(&in, 120);
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_KONTRA][0] = true;
	in.first_call = DK_PARTY_RE;
	dk_score s = strict_score(&in, false);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	cr_expect_eq(s.value, -6);
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_NONE);
	cr_expect_eq(s.target[DK_PARTY_RE], 121);
	cr_expect_eq(s.target[DK_PARTY_KONTRA], 121);
	cr_expect_eq(s.value, 0);
	/* Re said keine 90 (needs 151), Kontra said Kontra (needs 121); Re
	 * takes 135: both miss, nobody wins; Re's fox is a special point
	 * that still counts: +1 for Re */
	plain(&in, 135);
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_RE][1] = true;
	in.said[DK_PARTY_KONTRA][0] = true;
	in.fox[DK_PARTY_RE] = 1;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_NONE);
	cr_expect_eq(s.target[DK_PARTY_RE], 151);
	cr_expect_eq(s.value, 1);
	/* without the strict limit Kontra's Kontra is no bid: against keine
	 * 90 it needs 90 and has 105, so Kontra wins (Re needs 151, has 135) */
	s = strict_score(&in, false);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	/* a party that said nothing wins when the other misses its bid: only
	 * Re said, 120:120: Kontra needs 120 as under ddv */
	plain(&in, 120);
	in.said[DK_PARTY_RE][0] = true;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	/* only Kontra said, 120:120: Kontra needs 121, Re wins with 120 */
	plain(&in, 120);
	in.said[DK_PARTY_KONTRA][0] = true;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_RE);
}

Test(score, strict_limit_reply_bid)
{
	/* Re said Re, Kontra answered "no 120 reply" (claims 120); 120:120.
	 * Re needs 121 and misses; Kontra needs 120 and wins: won 1 + Re
	 * said 2 + the reply 1 + gegen die Alten 1 = 5 for Kontra */
	dk_score_input in;
	plain(&in, 120);
	in.said[DK_PARTY_RE][0] = true;
	in.first_call = DK_PARTY_RE;
	in.replied[DK_PARTY_KONTRA] = 1;
	dk_score s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	cr_expect_eq(s.target[DK_PARTY_KONTRA], 120);
	cr_expect_eq(s.value, -5);
	int replies = 0;
	for (int i = 0; i < s.item_count; i++)
		if (s.items[i].kind == DK_SI_REPLY) {
			replies++;
			cr_expect_eq(s.items[i].points, 1);
			cr_expect_eq(s.items[i].level, 0);
			cr_expect_eq(s.items[i].detail, DK_PARTY_KONTRA);
			cr_expect_eq(s.items[i].party, DK_PARTY_KONTRA);
		}
	cr_expect_eq(replies, 1);
	/* Re said Re and keine 90, Kontra answered "no 90 reply" (claims 90).
	 * Kontra takes 90: it wins: won 1 + Re 2 + keine 90 1 + reply 1 +
	 * gegen die Alten 1 = 6 for Kontra */
	plain(&in, 150);
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_RE][1] = true;
	in.first_call = DK_PARTY_RE;
	in.replied[DK_PARTY_KONTRA] = 2;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	cr_expect_eq(s.target[DK_PARTY_RE], 151);
	cr_expect_eq(s.target[DK_PARTY_KONTRA], 90);
	cr_expect_eq(s.value, -6);
	/* Kontra takes 85: Re wins: won 1 + Kontra under 90 1 + Re 2 + keine
	 * 90 1 + reply 1 = 6 for Re */
	plain(&in, 155);
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_RE][1] = true;
	in.first_call = DK_PARTY_RE;
	in.replied[DK_PARTY_KONTRA] = 2;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_RE);
	cr_expect_eq(s.value, 6);
	/* "no 0 reply" against schwarz: one trick wins */
	plain(&in, 238);
	in.said[DK_PARTY_RE][0] = in.said[DK_PARTY_RE][1] = in.said[DK_PARTY_RE][2] = true;
	in.said[DK_PARTY_RE][3] = in.said[DK_PARTY_RE][4] = true;
	in.replied[DK_PARTY_KONTRA] = 5;
	s = strict_score(&in, true);
	cr_expect_eq(s.winner, DK_PARTY_KONTRA);
	cr_expect_eq(s.target[DK_PARTY_KONTRA], 0);
}

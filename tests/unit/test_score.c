/*
 * test_score.c - who wins and what a game is worth: the 62 cases of the
 * shared scoring cross-check under ddv, and the worked examples of the house
 * rule documents (RULES.md §12) under their own sets.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "leakcheck.h"
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

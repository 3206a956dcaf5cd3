/*
 * test_penalty.c - the DDV classes of the irregularities in the findings
 * corpus: every irregularity gets a class, its points add up to zero, and
 * the classes of some files are known.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <string.h>

#include "fmt_xml.h"
#include "leakcheck.h"
#include "penalty.h"
#include "ruleset.h"
#include "score.h"

TestSuite(penalty, .fini = dk_leak_check);

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

/* the first game of a file of the findings corpus, its rule set and its
 * replay; release with close_game() */
static const dk_game *open_game(const char *name, dk_xml_reader **r, dk_ruleset *rs,
				dk_replay *rp, dk_diag *d)
{
	char path[1024];
	snprintf(path, sizeof(path), DK_SOURCE_ROOT "/tests/check/findings/%s", name);
	dk_diag_init(d);
	cr_assert_eq(dk_xml_reader_open(r, path, NULL, 0, d), 0, "%s", name);
	cr_assert_eq(dk_xml_reader_next(*r, d), DK_READ_GAME, "%s", name);
	const dk_game *g = dk_xml_reader_game(*r);
	cr_assert_eq(dk_ruleset_load(rs, dk_game_rules(g)->name, dirs, d), 0);
	dk_replay_run(rp, g, &rs->rules);
	return g;
}

static void close_game(dk_xml_reader *r, dk_ruleset *rs, dk_diag *d)
{
	dk_ruleset_release(rs);
	dk_xml_reader_free(r);
	dk_diag_release(d);
}

/* the class of the first irregularity of a file, checking every one */
static dk_penalty_class classify(const char *name, int *irregularities)
{
	dk_diag d;
	dk_xml_reader *r;
	dk_ruleset rs;
	dk_replay rp;
	const dk_game *g = open_game(name, &r, &rs, &rp, &d);
	dk_penalty_class first = DK_PC_NONE;
	for (int i = 0; i < rp.finding_count; i++) {
		dk_penalty p;
		dk_penalty_assess(&p, g, &rs.rules, &rp, &rp.findings[i], 1000000);
		if (rp.findings[i].kind != DK_FK_IRREGULARITY)
			continue;
		if (rp.findings[i].code != DK_F_SHOULD_HAVE_BEEN_REDEALT && rp.findings[i].seat) {
			(*irregularities)++;
			cr_expect_neq(p.cls, DK_PC_NONE, "%s: an irregularity without a class", name);
		}
		long sum = 0;
		for (int s = 0; s <= DK_MAX_SEATS; s++)
			sum += p.per_seat[s];
		cr_expect_eq(sum, 0, "%s: the penalty points add up to %ld", name, sum);
		if (first == DK_PC_NONE)
			first = p.cls;
	}
	close_game(r, &rs, &d);
	return first;
}

Test(penalty, every_irregularity_of_the_corpus, .init = dk_xml_global_init)
{
	DIR *dp = opendir(DK_SOURCE_ROOT "/tests/check/findings");
	cr_assert_not_null(dp);
	struct dirent *e;
	int files = 0, irregularities = 0;
	while ((e = readdir(dp))) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".xml") != 0)
			continue;
		classify(e->d_name, &irregularities);
		files++;
	}
	closedir(dp);
	cr_expect_geq(files, 70);
	cr_expect_geq(irregularities, 60);
}

Test(penalty, known_classes, .init = dk_xml_global_init)
{
	int n = 0;
	/* a revoke in trick 6 with both parties still able to win */
	cr_expect_eq(classify("revoke--ddv--trump-not-followed.xml", &n), DK_PC_SERIOUS);
	/* a late announcement is void when reclaimed: minor (D19) */
	cr_expect_eq(classify("announce-too-late--ddv--own-cards.xml", &n), DK_PC_MINOR);
	/* late revokes: only Kontra can still reach its target, with 2 tricks
	 * left; Re had its 121 before it; a party takes every trick left */
	cr_expect_eq(classify("revoke--ddv--cannot-decide-the-winner.xml", &n), DK_PC_MINOR);
	cr_expect_eq(classify("revoke--ddv--game-already-decided.xml", &n), DK_PC_DECIDED);
	cr_expect_eq(classify("revoke--ddv--irrelevant-late.xml", &n), DK_PC_IRRELEVANT);
	/* a Kontra player's revoke in a solo that each party could still win */
	cr_expect_eq(classify("revoke--unsere-2024--queens-solo-heart-jack.xml", &n), DK_PC_SERIOUS);
}

/* the penalty points of the first irregularity of a file, per seat */
static dk_penalty first_penalty(const char *name)
{
	dk_diag d;
	dk_xml_reader *r;
	dk_ruleset rs;
	dk_replay rp;
	const dk_game *g = open_game(name, &r, &rs, &rp, &d);
	cr_assert_geq(rp.finding_count, 1, "%s", name);
	dk_penalty p;
	dk_penalty_assess(&p, g, &rs.rules, &rp, &rp.findings[0], 1000000);
	close_game(r, &rs, &d);
	return p;
}

/*
 * The house rules' own revoke penalties, worked by hand from the texts.
 * Both games: Re and keine 90 by Re, Kontra by Kontra, before the first
 * card; the revoke in trick 3, before which no special point was won.
 */
Test(penalty, house_rule_opponents_win, .init = dk_xml_global_init)
{
	/* turnier-2022: Quirin (seat 1, Re) revokes, so Kontra wins with its
	 * target (90 against keine 90) and nothing more: won 1, "keine 90"
	 * said 1, against the old 1; doubled by Re and by Kontra: 12 */
	dk_penalty p = first_penalty("revoke--turnier-2022--announced-game.xml");
	cr_assert_eq(p.cls, DK_PC_FORFEIT);
	cr_expect_eq(p.rule_value, DK_REVOKE_OPPONENTS_WIN);
	cr_expect_eq(p.forfeit.winner, DK_PARTY_KONTRA);
	cr_expect_eq(p.forfeit.multiplier, 4);
	cr_expect_eq(p.forfeit.value, -12);
	cr_expect(p.game_void);
	const long want[5] = { 0, -12, -12, 12, 12 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(p.per_seat[s], want[s], "seat %d: %ld", s, p.per_seat[s]);
}

Test(penalty, house_rule_lost_plus_one_level, .init = dk_xml_global_init)
{
	/* esslingen-2002: Ulrike (seat 1, Kontra) revokes; Re announced
	 * keine 90, so it wins one level beyond, Kontra under 60: 120 won 1,
	 * under 90 1, under 60 1, Re 1, keine 90 1, Kontra 1 = 6; Kontra said
	 * second and lost, so the game counts double: 12 */
	dk_penalty p = first_penalty("revoke--esslingen-2002--announced-game.xml");
	cr_assert_eq(p.cls, DK_PC_FORFEIT);
	cr_expect_eq(p.rule_value, DK_REVOKE_LOST_PLUS_ONE_LEVEL);
	cr_expect_eq(p.forfeit_under, 2);
	cr_expect_eq(p.forfeit.winner, DK_PARTY_RE);
	cr_expect(p.forfeit.counter_doubled);
	cr_expect_not(p.forfeit.feigheit_capped);
	cr_expect_eq(p.forfeit.value, 12);
	const long want[5] = { 0, -12, -12, 12, 12 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(p.per_seat[s], want[s], "seat %d: %ld", s, p.per_seat[s]);
}

/*
 * test_decided.c - a threshold question that once stayed undecided, now
 * decided by the double-dummy solver without a limit (docs/performance.md,
 * "The penalty search"): the silent marriage of
 * tests/search/ddv--silent-marriage-11-left.xml cannot take the 121 card
 * points the soloist needs after its first trick, whatever everybody
 * plays, asked as check asks it without a limit (dk_search_run).  The
 * proof takes about 490 million positions and two minutes of an
 * optimised build with the 256 MiB table, so this test is in the suite
 * "slow", which the sanitizer run of .ci/run leaves out (the same search
 * runs there on smaller questions, tests/unit/test_dd.c and
 * test_search.c).  The other silent marriage of tests/search/ can reach
 * 121; test_search.c replays the continuation.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "dd.h"
#include "fmt_xml.h"
#include "leakcheck.h"
#include "records.h"
#include "ruleset.h"

TestSuite(decided, .fini = dk_leak_check);

Test(decided, silent_marriage_game_5_cannot_reach_121, .init = dk_xml_global_init,
     .timeout = 1800)
{
	dk_ruleset rs;
	dk_xml_reader *r;
	const dk_game *g;
	size_t keep;
	dk_test_open_cut(DK_SOURCE_ROOT "/tests/search/ddv--silent-marriage-11-left.xml", 4,
			 &rs, &r, &g, &keep);
	dk_replay full, rp;
	dk_replay_run(&full, g, &rs.rules);
	dk_game cut = *g;
	cut.event_count = keep;
	dk_replay_run(&rp, &cut, &rs.rules);
	/* the soloist is known from the whole game (a silent marriage says
	 * nothing) */
	memcpy(rp.party, full.party, sizeof(rp.party));
	cr_assert_eq(full.type, DK_GT_SILENT_MARRIAGE);
	cr_assert_eq(rp.hand_size - rp.trick_count, 11);
	cr_assert_eq(rp.points[DK_PARTY_RE], 0);
	/* what check asks (its search, --search-limit 0): Re's 121 and
	 * Kontra's 120, and whether either takes every trick */
	int target[3] = { 0, 121, 120 };
	dk_search_result res;
	dk_search_run(&res, &rp, target, 0);
	cr_assert(res.complete);
	cr_assert(res.reach_known[DK_PARTY_RE]);
	cr_expect(!res.can_reach[DK_PARTY_RE], "the soloist reaches 121 after all");
	cr_expect(res.can_reach[DK_PARTY_KONTRA]);
	cr_expect(!res.takes_all[DK_PARTY_RE] && !res.takes_all[DK_PARTY_KONTRA]);
	cr_log_info("%ld positions", res.nodes);
	dk_ruleset_release(&rs);
	dk_xml_reader_free(r);
}

/*
 * test_search.c - the search of what can still happen (D16, D17), checked
 * against games that really happened.
 *
 * For every legal sample and example, cut before each of the last six
 * tricks: the party that won the game must be able to reach its target
 * (the real play proves it), the continuation the search returns must be
 * legal (replayed, it gives no finding) and must really reach the target,
 * and a party said to take every remaining trick must have done so.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_xml.h"
#include "leakcheck.h"
#include "ruleset.h"
#include "score.h"
#include "search.h"

TestSuite(search, .fini = dk_leak_check);

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

/* replay g cut after `keep` events, then the continuation line as cards */
static void replay_with_line(dk_replay *out, const dk_game *g, size_t keep, const dk_line *line,
			     const dk_rules *r)
{
	dk_game cut = *g;
	dk_event *ev = calloc(keep + DK_LINE_MAX + 1, sizeof(dk_event));
	memcpy(ev, g->events, keep * sizeof(dk_event));
	dk_replay start;
	cut.events = ev;
	cut.event_count = keep;
	dk_replay_run(&start, &cut, r);
	for (int i = 0; i < line->count; i++) {
		dk_event *e = &ev[keep + (size_t)i];
		e->kind = DK_EV_CARD;
		e->seat = start.seats[line->seats[i]];
		e->card = line->cards[i];
	}
	cut.event_count = keep + (size_t)line->count;
	dk_replay_run(out, &cut, r);
	free(ev);
}

static int checked, undecided;

static void check_game(const dk_game *g, const dk_rules *r, const char *name)
{
	dk_replay full;
	dk_replay_run(&full, g, r);
	if (full.finding_count || full.cards_played != 4 * full.hand_size ||
	    full.type == DK_GT_RAMSCH)
		return;
	dk_score_input in;
	dk_score_input_from_replay(&in, &full, g);
	dk_score sc;
	dk_score_compute(&sc, &in, r);
	size_t cards = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		if (g->events[i].kind != DK_EV_CARD)
			continue;
		int left = full.hand_size - (int)(cards / 4);
		if (cards % 4 == 0 && left <= 6) {
			dk_game cut = *g;
			cut.event_count = i;
			dk_replay rp;
			dk_replay_run(&rp, &cut, r);
			dk_search_result res;
			dk_search_run(&res, &rp, sc.target, 300000);
			if (!res.complete) {
				undecided++;
				cards++;
				continue;
			}
			checked++;
			if (sc.winner != DK_PARTY_NONE)
				cr_expect(res.can_reach[sc.winner], "%s, %d tricks left: the winner "
					  "cannot reach its target", name, left);
			for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
				if (!res.can_reach[p])
					continue;
				dk_replay end;
				replay_with_line(&end, g, i, &res.line[p], r);
				cr_expect_eq(end.finding_count, 0, "%s: the continuation for party %d "
					     "is not legal", name, p);
				cr_expect_eq(end.cards_played, 4 * end.hand_size, "%s: the "
					     "continuation does not end the game", name);
				int t = sc.target[p];
				if (t > 0 && t != DK_TARGET_ALL_TRICKS)
					cr_expect_geq(end.points[p], t, "%s, %d left: the continuation "
						      "gives party %d only %d of %d", name, left, p,
						      end.points[p], t);
			}
			for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++)
				if (res.takes_all[p])
					for (int t = rp.trick_count; t < full.trick_count; t++)
						cr_expect_eq(full.party[full.tricks[t].winner], (dk_party)p,
							     "%s: party %d was to take every trick", name, p);
		}
		cards++;
	}
}

static void run_dir(const char *dir)
{
	DIR *dp = opendir(dir);
	cr_assert_not_null(dp, "%s", dir);
	struct dirent *e;
	while ((e = readdir(dp))) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".xml") != 0)
			continue;
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		dk_diag d;
		dk_diag_init(&d);
		dk_xml_reader *r;
		if (dk_xml_reader_open(&r, path, NULL, 0, &d) != 0) {
			dk_diag_release(&d);
			continue;
		}
		dk_read_item it;
		while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
			if (it != DK_READ_GAME || !dk_xml_reader_game_ok(r))
				continue;
			const dk_game *g = dk_xml_reader_game(r);
			const dk_rules_ref *ref = dk_game_rules(g);
			if (!ref || !ref->name)
				continue;
			dk_ruleset rs;
			if (dk_ruleset_load(&rs, ref->name, dirs, &d) == 0)
				check_game(g, &rs.rules, e->d_name);
			dk_ruleset_release(&rs);
		}
		dk_xml_reader_free(r);
		dk_diag_release(&d);
	}
	closedir(dp);
}

Test(search, continuations_of_real_games, .init = dk_xml_global_init)
{
	run_dir(DK_SOURCE_ROOT "/samples");
	run_dir(DK_SOURCE_ROOT "/tests/check/legal");
	cr_log_info("%d positions checked, %d undecided within the budget", checked, undecided);
	cr_expect_geq(checked, 500, "only %d positions were decided", checked);
}

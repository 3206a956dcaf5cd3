/*
 * search_bench.c - how long the "could it decide the winner" search takes.
 *
 *   search_bench [-n POSITIONS] FILE...
 *
 * Each question may visit at most POSITIONS positions (default 2,000,000;
 * 0 = no limit); a position where one was cut is printed as "undecided".
 *
 * For every game of each file (its rule set looked up in
 * $DOKOREF_RULES_PATH) the search runs from the position before the first
 * card (12 or 10 tricks left), after 4 cards, and before the last 4 tricks;
 * it prints the answers it found, the positions visited and the processor
 * time, then a summary: how many positions were decided, the slowest
 * decided one, and per number of tricks left the median, 90th percentile
 * and slowest time.  Figures only: nothing here passes or fails.
 *
 * Measured on a release build (2-core machine, shared) over the records
 * of samples/, tests/check/ and tests/search/ (README.md has the command):
 * 675 positions, 674 decided (at 12 tricks left median 9.3 ms, 90th
 * percentile 12.9 ms); the slowest decided one 0.41 s, every other one
 * under 20 ms.  The one undecided is the silent marriage kept in
 * tests/search/ for being undecided.  On `gen_archive -n 300 -s 7`: 899 of
 * 900 decided, slowest 23 ms (12 tricks left: median 9.0 ms, 90th
 * percentile 11.2 ms); on `gen_archive -n 1000 -s 11`: 2,998 of 3,000,
 * slowest 44 ms (12 tricks left: median 8.9 ms, 90th percentile 11.2 ms).
 * The three undecided positions are silent marriages in which the search
 * can neither find 121 for the soloist nor rule it out (1.3 to 2.1 s each
 * with the default limit).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "fmt_xml.h"
#include "ruleset.h"
#include "score.h"
#include "search.h"

/* processor time of this process: the machine may be shared */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define MAX_POSITIONS 100000

typedef struct timing {
	int left;
	double ms;
} timing;

static int by_ms(const void *a, const void *b)
{
	double x = ((const timing *)a)->ms, y = ((const timing *)b)->ms;
	return (x > y) - (x < y);
}

/* the decided positions' times per number of tricks left */
static void summary(timing *t, int n, int undecided)
{
	qsort(t, (size_t)n, sizeof(timing), by_ms);
	printf("%d positions: %d decided, %d undecided; slowest decided %.3f ms\n",
	       n + undecided, n, undecided, n ? t[n - 1].ms : 0.0);
	for (int left = 12; left >= 1; left--) {
		double ms[MAX_POSITIONS];
		int m = 0;
		for (int i = 0; i < n; i++)
			if (t[i].left == left)
				ms[m++] = t[i].ms;
		if (m)
			printf("%2d tricks left: %4d decided, median %.3f ms, 90th percentile "
			       "%.3f ms, slowest %.3f ms\n", left, m, ms[(m - 1) / 2],
			       ms[(9 * m + 9) / 10 - 1], ms[m - 1]);
	}
}

static const char *answer(const dk_search_result *res, dk_party p)
{
	return !res->reach_known[p] ? "undecided" : res->can_reach[p] ? "can reach" : "cannot reach";
}

int main(int argc, char **argv)
{
	dk_xml_global_init();
	long budget = 2000000;  /* positions per question */
	int a = 1;
	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		budget = atol(argv[2]);
		a = 3;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	static timing times[MAX_POSITIONS];
	int n_times = 0, undecided = 0;
	for (; a < argc; a++) {
		dk_diag d;
		dk_diag_init(&d);
		dk_xml_reader *r;
		if (dk_xml_reader_open(&r, argv[a], NULL, 0, &d) != 0) {
			fprintf(stderr, "%s: cannot open\n", argv[a]);
			continue;
		}
		dk_read_item it;
		while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
			if (it != DK_READ_GAME || !dk_xml_reader_game_ok(r))
				continue;
			const dk_game *g = dk_xml_reader_game(r);
			const dk_rules_ref *ref = dk_game_rules(g);
			dk_ruleset rs;
			dk_ruleset_init(&rs);
			if (!ref || !ref->name ||
			    dk_ruleset_load(&rs, ref->name, dk_ruleset_default_dirs(), &d) != 0) {
				dk_ruleset_release(&rs);
				continue;
			}
			/* the targets that applied in the end */
			dk_replay full;
			dk_replay_run(&full, g, &rs.rules);
			dk_score_input in;
			dk_score_input_from_replay(&in, &full, g);
			dk_score sc;
			dk_score_compute(&sc, &in, &rs.rules);
			size_t cards_at[3] = { 0, 4, (size_t)-1 };
			for (int k = 0; k < 3; k++) {
				/* cut the game before the n-th card */
				dk_game cut = *g;
				size_t n = 0, want = cards_at[k];
				if (want == (size_t)-1) {
					int hs = g->deal.hand_count ? g->deal.hands[0].count : 0;
					want = (size_t)(4 * (hs - 4));
				}
				cut.event_count = 0;
				for (size_t i = 0; i < g->event_count; i++) {
					if (g->events[i].kind == DK_EV_CARD && n++ == want)
						break;
					cut.event_count = i + 1;
				}
				dk_replay rp;
				dk_replay_run(&rp, &cut, &rs.rules);
				dk_search_result res;
				double t0 = now();
				dk_search_run(&res, &rp, sc.target, budget);
				double dt = now() - t0;
				if (!res.complete)
					undecided++;
				else if (n_times < MAX_POSITIONS)
					times[n_times++] = (timing){ rp.hand_size - rp.trick_count, dt * 1000 };
				if (!res.complete)
					printf("undecided ");
				printf("%-48s game %zu, %2d tricks left: Re %s %3d, Kontra %s %3d, "
				       "%8ld positions, %8.3f ms\n", argv[a], g->index,
				       rp.hand_size - rp.trick_count,
				       answer(&res, DK_PARTY_RE), sc.target[DK_PARTY_RE],
				       answer(&res, DK_PARTY_KONTRA),
				       sc.target[DK_PARTY_KONTRA], res.nodes, dt * 1000);
			}
			dk_ruleset_release(&rs);
		}
		dk_xml_reader_free(r);
		dk_diag_release(&d);
	}
	summary(times, n_times, undecided);
	return 0;
}

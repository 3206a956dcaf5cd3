/*
 * search_bench.c - how long the double-dummy solver (dd.h) takes: the
 * exact value of a position, the DDV's threshold questions, and the
 * analysis of a whole game card by card.
 *
 *   search_bench [-t TRICKS_LEFT,...] [-g GAMES] [-a TRICKS] FILE...
 *
 * For every game of each file (its rule set looked up in
 * $DOKOREF_RULES_PATH; at most GAMES games per file with -g) the game is
 * cut before each trick with the given numbers of tricks left (default:
 * every trick, 12 down to 1).  At each cut, with the solver's table
 * cleared first so that each position is timed on its own:
 *   (a) the exact value (dk_dd_solve, with its best continuation),
 *   (b) each threshold question search.c asks: can Re reach its target,
 *       can Kontra reach its target, can Re win a trick, can Kontra win a
 *       trick (dk_dd_reach, every player playing for the party asked).
 * Then (c) the analysis of the whole game card by card (dk_dd_analyse,
 * one table for the game; with -a only the cards of its last TRICKS
 * tricks).  It prints, per game type and in total, per
 * number of tricks left the median, 90th and 99th percentile and slowest
 * processor time and positions visited for (a) and (b), how many were
 * decided (the solver has no limit, so all are), and for (c) the same per
 * game.  (d) times search.c's own search of the same questions (the one
 * check uses, with its budget of positions), with how many it decided.
 * Figures only: nothing here passes or fails.  The table: one of
 * DK_DD_TABLE_BYTES, allocated once.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "dd.h"
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

#define MAX_SAMPLES 200000
#define KINDS 4  /* exact, threshold, analysis, search.c */

typedef struct sample {
	signed char kind;
	signed char type;            /* dk_game_type */
	signed char left;            /* tricks left; 0 for a whole game */
	double ms;
	long nodes;
	bool decided;
} sample;

static sample samples[MAX_SAMPLES];
static int n_samples;

static void add(int kind, dk_game_type type, int left, double ms, long nodes, bool decided)
{
	if (n_samples < MAX_SAMPLES)
		samples[n_samples++] = (sample){ (signed char)kind, (signed char)type,
						 (signed char)left, ms, nodes, decided };
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double at(const double *v, int n, int per_mille)
{
	int i = (int)(((long)n * per_mille + 999) / 1000) - 1;
	return v[i < 0 ? 0 : i];
}

static double ms_v[MAX_SAMPLES], nodes_v[MAX_SAMPLES];

/* one line: the samples of kind and left (-1: any) and type (-1: any) */
static void line(const char *label, int kind, int type, int left)
{
	int n = 0, decided = 0;
	for (int i = 0; i < n_samples; i++) {
		const sample *s = &samples[i];
		if (s->kind != kind || (type >= 0 && s->type != type) ||
		    (left >= 0 && s->left != left))
			continue;
		decided += s->decided;
		ms_v[n] = s->ms;
		nodes_v[n] = (double)s->nodes;
		n++;
	}
	if (n == 0)
		return;
	qsort(ms_v, (size_t)n, sizeof(double), by_double);
	qsort(nodes_v, (size_t)n, sizeof(double), by_double);
	printf("  %-10s %6d, %6d decided | ms median %8.3f p90 %8.3f p99 %8.3f max %9.3f "
	       "| positions median %9.0f p90 %9.0f p99 %9.0f max %10.0f\n", label, n, decided,
	       at(ms_v, n, 500), at(ms_v, n, 900), at(ms_v, n, 990), ms_v[n - 1],
	       at(nodes_v, n, 500), at(nodes_v, n, 900), at(nodes_v, n, 990), nodes_v[n - 1]);
}

static void report(const char *title, int type)
{
	static const char *const kind_name[KINDS] = {
		"(a) exact value", "(b) threshold questions (dk_dd_reach, one question each)",
		"(c) analysis of a whole game (with -a: of its last tricks)",
		"(d) search.c's dk_search_run, all four questions, 2,000,000 positions each"
	};
	printf("%s\n", title);
	for (int k = 0; k < KINDS; k++) {
		bool any = false;
		for (int i = 0; i < n_samples && !any; i++)
			any = samples[i].kind == k && (type < 0 || samples[i].type == type);
		if (!any)
			continue;
		printf(" %s\n", kind_name[k]);
		if (k == 2) {
			line("per game", k, type, -1);
			continue;
		}
		for (int left = 12; left >= 1; left--) {
			char label[32];
			snprintf(label, sizeof(label), "%d left", left);
			line(label, k, type, left);
		}
	}
}

static double timed_reach(dk_dd *dd, const dk_replay *rp, dk_party p, bool tricks, int need,
			  long *nodes)
{
	dk_dd_clear(dd);
	dk_line l;
	double t0 = now();
	dk_dd_reach(dd, rp, p, tricks, need, &l, nodes);
	return (now() - t0) * 1000;
}

int main(int argc, char **argv)
{
	dk_xml_global_init();
	bool want_left[13];
	for (int i = 0; i <= 12; i++)
		want_left[i] = true;
	long max_games = 0;
	int analyse_tricks = 0;  /* -a N: analyse the last N tricks only */
	int a = 1;
	while (a + 1 < argc && argv[a][0] == '-') {
		if (strcmp(argv[a], "-t") == 0) {
			memset(want_left, 0, sizeof(want_left));
			for (char *s = argv[a + 1]; *s;) {
				long v = strtol(s, &s, 10);
				if (v >= 0 && v <= 12)
					want_left[v] = true;
				if (*s == ',')
					s++;
				else if (*s)
					break;
			}
		} else if (strcmp(argv[a], "-g") == 0) {
			max_games = atol(argv[a + 1]);
		} else if (strcmp(argv[a], "-a") == 0) {
			analyse_tricks = atoi(argv[a + 1]);
		} else {
			break;
		}
		a += 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	dk_dd *dd = dk_dd_new();
	if (!dd)
		return 1;
	int games_seen[DK_GT_COUNT] = { 0 };
	for (; a < argc; a++) {
		dk_diag d;
		dk_diag_init(&d);
		dk_xml_reader *r;
		if (dk_xml_reader_open(&r, argv[a], NULL, 0, &d) != 0) {
			fprintf(stderr, "%s: cannot open\n", argv[a]);
			dk_diag_release(&d);
			continue;
		}
		long games = 0;
		dk_read_item it;
		while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
			if (it != DK_READ_GAME || !dk_xml_reader_game_ok(r))
				continue;
			if (max_games > 0 && games >= max_games)
				break;
			const dk_game *g = dk_xml_reader_game(r);
			const dk_rules_ref *ref = dk_game_rules(g);
			dk_ruleset rs;
			dk_ruleset_init(&rs);
			if (!ref || !ref->name ||
			    dk_ruleset_load(&rs, ref->name, dk_ruleset_default_dirs(), &d) != 0) {
				dk_ruleset_release(&rs);
				continue;
			}
			dk_replay full;
			dk_replay_run(&full, g, &rs.rules);
			if (full.type == DK_GT_THROWN_IN || full.type == DK_GT_REDEAL ||
			    full.cards_played == 0) {
				dk_ruleset_release(&rs);
				continue;
			}
			games++;
			games_seen[full.type]++;
			dk_score_input in;
			dk_score_input_from_replay(&in, &full, g);
			dk_score sc;
			dk_score_compute(&sc, &in, &rs.rules);
			int cards = 0;
			for (size_t i = 0; i <= g->event_count; i++) {
				bool card = i < g->event_count && g->events[i].kind == DK_EV_CARD;
				if (i < g->event_count && !card)
					continue;
				if (cards % 4 == 0 && cards < full.cards_played) {
					int left = full.hand_size - cards / 4;
					if (left >= 1 && left <= 12 && want_left[left]) {
						dk_game cut = *g;
						cut.event_count = i;
						dk_replay rp;
						dk_replay_run(&rp, &cut, &rs.rules);
						memcpy(rp.party, full.party, sizeof(rp.party));
						rp.points[DK_PARTY_RE] = rp.points[DK_PARTY_KONTRA] = 0;
						for (int t = 0; t < rp.trick_count; t++)
							rp.points[rp.party[rp.tricks[t].winner]] +=
								rp.tricks[t].points;
						dk_dd_clear(dd);
						dk_dd_value v;
						double t0 = now();
						dk_dd_solve(dd, &v, &rp);
						double ms = (now() - t0) * 1000;
						add(0, full.type, left, ms, v.nodes, true);
						printf("%s game %zu (%s), %2d left: Re %3d Kontra %3d, %9ld "
						       "positions, %8.3f ms\n", argv[a], g->index,
						       dk_game_type_name(full.type), left,
						       v.points[DK_PARTY_RE], v.points[DK_PARTY_KONTRA],
						       v.nodes, ms);
						dk_search_result res;
						t0 = now();
						dk_search_run(&res, &rp, sc.target, 2000000);
						add(3, full.type, left, (now() - t0) * 1000, res.nodes,
						    res.complete);
						for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
							int tgt = sc.target[p];
							long nodes;
							double t;
							if (tgt == DK_TARGET_ALL_TRICKS)
								t = timed_reach(dd, &rp, (dk_party)p, true,
										left, &nodes);
							else if (tgt == DK_TARGET_ONE_TRICK)
								t = timed_reach(dd, &rp, (dk_party)p, true, 1,
										&nodes);
							else
								t = timed_reach(dd, &rp, (dk_party)p, false,
										tgt - rp.points[p], &nodes);
							add(1, full.type, left, t, nodes, true);
							t = timed_reach(dd, &rp, (dk_party)p, true, 1, &nodes);
							add(1, full.type, left, t, nodes, true);
						}
					}
				}
				if (card)
					cards++;
			}
			dk_dd_clear(dd);
			dk_dd_game *an = malloc(sizeof(*an));
			double t0 = now();
			dk_dd_analyse(dd, an, g, &rs.rules, analyse_tricks);
			double ms = (now() - t0) * 1000;
			add(2, full.type, 0, ms, an->nodes, true);
			printf("%s game %zu (%s): analysis of %d cards, %ld positions, %.3f ms\n",
			       argv[a], g->index, dk_game_type_name(full.type), an->cards - an->first,
			       an->nodes, ms);
			free(an);
			dk_ruleset_release(&rs);
		}
		dk_xml_reader_free(r);
		dk_diag_release(&d);
	}
	printf("\ntable: %u bytes (%u MiB), allocated once\n", DK_DD_TABLE_BYTES,
	       DK_DD_TABLE_BYTES >> 20);
	for (int t = 0; t < DK_GT_COUNT; t++) {
		if (!games_seen[t])
			continue;
		char title[64];
		snprintf(title, sizeof(title), "%s: %d games", dk_game_type_name((dk_game_type)t),
			 games_seen[t]);
		report(title, t);
	}
	report("all game types", -1);
	dk_dd_free(dd);
	return 0;
}

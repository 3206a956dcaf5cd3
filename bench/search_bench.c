/*
 * search_bench.c - how long the double-dummy solver (dd.h) takes: the
 * exact value of a position, the DDV's threshold questions, and the
 * analysis of a whole game card by card.
 *
 *   search_bench [-b | -x] [-t TRICKS_LEFT,...] [-s SKIP] [-g GAMES] [-a TRICKS]
 *                [-l LIMIT] [-m MIB] [-M MIB] [-j THREADS] [-c SECONDS] [-k DIR [-r SOLVER]]
 *                [-p] [-q] [-v] FILE...
 *
 * FILE is any record dokoref reads (dokoref XML, the .doko notation,
 * FreeDoko's files), each game under its own rule set with the record's
 * overrides (the library's reader; rule sets looked up in
 * $DOKOREF_RULES_PATH); at most GAMES games per file with -g, after
 * leaving out the first SKIP games of each file with -s.  Each game
 * is cut before each trick with the given numbers of tricks left (default:
 * every trick, 12 down to 1).  At each cut, with the solver's table
 * cleared first so that each position is timed on its own:
 *   (a) the exact value (dk_dd_solve, with its best continuation),
 *   (b) each threshold question search.c asks: can Re reach its target,
 *       can Kontra reach its target, can Re win a trick, can Kontra win a
 *       trick (dk_dd_reach, every player playing for the party asked).
 * Then (c) the analysis of the whole game card by card (dk_dd_analyse,
 * one table for the game; with -a only the cards of its last TRICKS
 * tricks).  (d) times dk_search_run (dd.h), the four questions of a
 * position as check asks them, each with 2,000,000 positions at most.
 *
 * -l LIMIT bounds every question of the solver to LIMIT positions
 * (dk_dd_set_limit; 0, the default, is no limit): a question that needs
 * more counts as not decided, an analysis as not decided when a position
 * went over it (it then starts later in the game).  -m MIB gives the
 * solver a table of MIB MiB (dk_dd_new_sized; default DK_DD_TABLE_BYTES,
 * 16 MiB, what check's questions use); -M MIB lets it grow in an analysis
 * up to MIB MiB (dk_dd_set_table_max).  -j THREADS works out each exact
 * value with that many threads on the one table (dk_dd_set_threads; at
 * most 16); the times are then on the wall, and the line per analysis
 * gives the processor's too.  -c SECONDS stops each analysis (c) after
 * that much processor time, at the position it is solving (dk_dd_stop;
 * the analysis then starts after it, marked "(stopped)").  -k DIR keeps
 * the table of an analysis so stopped in DIR (dk_dd_save; NAME.table,
 * NAME the record's path with '/' as '%', '#' and the game's number,
 * with NAME.runs, a line per stopped run: its positions and processor
 * seconds), and an analysis of that game with -k DIR goes on from it
 * (dk_dd_load), printing "in all: R runs, P positions, processor S s";
 * the table is taken only for the same record (a hash of its bytes) and
 * the same SOLVER (-r, a name for the build, e.g. its commit), and
 * removed when the game is analysed.  SIGUSR1 or SIGTERM stops the
 * analysis being run the way -c does (its table kept with -k), or the
 * question being asked (not counted), and ends the program after it
 * with the tables of what was done: a long run so ended (`timeout`)
 * loses nothing it solved.
 * -v prints, after each analysis, Re's card
 * points after each card analysed; -p the positions it took to solve each
 * position of the game (where the time of a long one goes: the positions
 * in and right after the first trick).  -q leaves out the line
 * per position and game (and per threshold question not decided) and
 * prints the tables only.  -x asks the questions
 * only: (b) and (d), no exact value (a), no analysis (c); -b times the
 * threshold questions (b) only.
 *
 * It prints, per rule set and game type (a solo by its kind, "+swines",
 * "+hyperswines", "+genscher", "+wende-genscher" when declared), per rule set, per
 * game type over all sets, and in total: per number of tricks left the
 * median, 90th and 99th percentile and slowest processor time and
 * positions visited for (a), (b) and (d), how many were decided of how
 * many, and for (c) the same per game.  At the end: the solver's table
 * (allocated once) and the process's peak resident
 * memory (getrusage).  Figures only: nothing here passes or fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "dd.h"
#include "reader.h"
#include "ruleset.h"
#include "score.h"

static bool wall;                /* -j N, N > 1: times by the clock on the wall */

static double clock_of(clockid_t which)
{
	struct timespec ts;
	clock_gettime(which, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* processor time of this process (the machine may be shared), or with
 * several threads the time on the wall */
static double now(void)
{
	return clock_of(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID);
}

#define KINDS 4  /* exact, threshold, analysis, dk_search_run */

/* a group of games: a rule set and a game type */
#define MAX_GROUPS 256
typedef struct group {
	char set[64];
	char type[64];
	int games;
} group;

static group groups[MAX_GROUPS];
static int n_groups;
static bool only_b;              /* -b: the threshold questions only */
static bool values;              /* -v: the value after each card analysed */
static int irregular_cuts;       /* positions left out: their hands do not match the tricks */

typedef struct sample {
	signed char kind;
	signed char left;            /* tricks left; 0 for a whole game */
	short group;
	double ms;
	long nodes;
	bool decided;
} sample;

static sample *samples;
static int n_samples, cap_samples;

static void add(int kind, int grp, int left, double ms, long nodes, bool decided)
{
	if (n_samples == cap_samples) {
		cap_samples = cap_samples ? 2 * cap_samples : 4096;
		sample *s = realloc(samples, (size_t)cap_samples * sizeof(*s));
		if (!s) {
			fprintf(stderr, "search_bench: out of memory\n");
			abort();
		}
		samples = s;
	}
	samples[n_samples++] = (sample){ (signed char)kind, (signed char)left, (short)grp, ms,
					 nodes, decided };
}

/* the group of a rule set and type, made on first use */
static int group_of(const char *set, const char *type)
{
	for (int i = 0; i < n_groups; i++)
		if (strcmp(groups[i].set, set) == 0 && strcmp(groups[i].type, type) == 0)
			return i;
	if (n_groups == MAX_GROUPS)
		return MAX_GROUPS - 1;  /* lumped into the last one */
	group *gr = &groups[n_groups];
	snprintf(gr->set, sizeof(gr->set), "%s", set);
	snprintf(gr->type, sizeof(gr->type), "%s", type);
	return n_groups++;
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

static double *ms_v, *nodes_v;

/* does sample s belong to the selection (set or type NULL: any)? */
static bool selected(const sample *s, const char *set, const char *type)
{
	const group *gr = &groups[s->group];
	return (!set || strcmp(gr->set, set) == 0) && (!type || strcmp(gr->type, type) == 0);
}

/* one line: the samples of kind and left (-1: any) in the selection */
static void line(const char *label, int kind, const char *set, const char *type, int left)
{
	int n = 0, decided = 0;
	for (int i = 0; i < n_samples; i++) {
		const sample *s = &samples[i];
		if (s->kind != kind || (left >= 0 && s->left != left) || !selected(s, set, type))
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
	printf("  %-9s %6d/%-6d decided (%5.1f %%) | ms median %8.3f p90 %8.3f p99 %9.3f "
	       "max %9.3f | positions median %9.0f p90 %9.0f p99 %10.0f max %10.0f\n", label,
	       decided, n, 100.0 * decided / n, at(ms_v, n, 500), at(ms_v, n, 900),
	       at(ms_v, n, 990), ms_v[n - 1], at(nodes_v, n, 500), at(nodes_v, n, 900),
	       at(nodes_v, n, 990), nodes_v[n - 1]);
}

static void report(const char *title, const char *set, const char *type, long limit)
{
	static const char *const kind_name[KINDS] = {
		"(a) exact value (dk_dd_solve)",
		"(b) threshold questions (dk_dd_reach, one question each)",
		"(c) analysis of a whole game (with -a: of its last tricks)",
		"(d) dk_search_run as check asks it: a position's four questions, 2,000,000 positions each"
	};
	int games = 0;
	for (int i = 0; i < n_groups; i++)
		if ((!set || strcmp(groups[i].set, set) == 0) &&
		    (!type || strcmp(groups[i].type, type) == 0))
			games += groups[i].games;
	printf("\n%s: %d games\n", title, games);
	for (int k = 0; k < KINDS; k++) {
		bool any = false;
		for (int i = 0; i < n_samples && !any; i++)
			any = samples[i].kind == k && selected(&samples[i], set, type);
		if (!any)
			continue;
		if (k < 3 && limit > 0)
			printf(" %s, at most %ld positions a question\n", kind_name[k], limit);
		else
			printf(" %s\n", kind_name[k]);
		if (k == 2) {
			line("per game", k, set, type, -1);
			continue;
		}
		for (int left = 12; left >= 1; left--) {
			char label[32];
			snprintf(label, sizeof(label), "%d left", left);
			line(label, k, set, type, left);
		}
	}
}

/* the game type as the groups name it: a solo by its kind, and the
 * declarations that change the order or the parties */
static void type_label(char *out, size_t size, const dk_replay *rp, const dk_game *g)
{
	bool pick = false;
	for (size_t i = 0; i < g->event_count; i++)
		pick |= g->events[i].kind == DK_EV_WENDE_GENSCHER;
	size_t n;
	if (rp->type == DK_GT_SOLO && dk_solo_kind_name(rp->solo))
		n = (size_t)snprintf(out, size, "solo-%s", dk_solo_kind_name(rp->solo));
	else
		n = (size_t)snprintf(out, size, "%s", dk_game_type_name(rp->type));
	if (rp->swines_active && n < size)
		n += (size_t)snprintf(out + n, size - n, "+swines");
	if (rp->hyperswines_active && n < size)
		n += (size_t)snprintf(out + n, size - n, "+hyperswines");
	if (rp->genscher_active && n < size)
		n += (size_t)snprintf(out + n, size - n, "+genscher");
	if (pick && n < size)
		snprintf(out + n, size - n, "+wende-genscher");
}

/* the rule set as the groups name it: its name, "+overrides" when the
 * record changes it */
static void set_label(char *out, size_t size, const dk_game *g, const dk_rules *r)
{
	const dk_rules_ref *ref = dk_game_rules(g);
	snprintf(out, size, "%s%s", r->name ? r->name : "?",
		 ref && ref->override_count ? "+overrides" : "");
}

/* --- -c and -k: an analysis stopped after so much processor time, its
 * table kept to go on from in a later run --------------------------------- */

static double cap_seconds;       /* -c: processor seconds an analysis may take (0: no cap) */
static const char *keep_dir;     /* -k: where a stopped analysis's table is kept */
static const char *solver_id = "unnamed";  /* -r: the solver's build, in the tag */

typedef struct spent spent;

typedef struct capped {
	dk_dd *dd;
	double c0;                   /* processor time as the analysis began */
	spent *spent;                /* -p, or NULL */
} capped;

/* -p: the positions each of the game's positions took to solve, from
 * the progress told as each is begun */
static bool per_position;

typedef struct spent {
	long at[DK_LINE_MAX + 1];    /* by position (after this many cards) */
	int card;                    /* the position being solved, -1: none yet */
	long nodes;                  /* the analysis's positions as it was begun */
} spent;

/* SIGUSR1 or SIGTERM: stop the analysis at the position it is solving,
 * as the cap does, or the question being asked, not counted (dk_dd_stop:
 * one atomic store, so safe here), and run nothing more */
static volatile sig_atomic_t asked_to_stop;
static dk_dd *bench_dd;

static void on_stop_signal(int sig)
{
	(void)sig;
	asked_to_stop = 1;
	if (bench_dd)
		dk_dd_stop(bench_dd);
}

static void cap_tick(void *ctx, const dk_dd_progress *at)
{
	capped *c = ctx;
	if (c->spent && at->card != c->spent->card) {
		if (c->spent->card >= 0)
			c->spent->at[c->spent->card] += at->nodes - c->spent->nodes;
		c->spent->card = at->card;
		c->spent->nodes = at->nodes;
	}
	if (asked_to_stop ||
	    (cap_seconds > 0 && clock_of(CLOCK_PROCESS_CPUTIME_ID) - c->c0 >= cap_seconds))
		dk_dd_stop(c->dd);
}

typedef struct keeping {
	dk_dd *dd;
	char table[4096];            /* DIR/NAME.table, NAME the record's path with '/'
					as '%', '#' and the game's number */
	char runs[4096];             /* DIR/NAME.runs: a line per stopped run, its
					positions and processor seconds */
	char tag[256];
	int runs_before;
	long positions_before;
	double seconds_before;
	bool loaded;
} keeping;

/* FNV-1a of the record's bytes: the tag changes with the record */
static uint64_t file_print(const char *path)
{
	uint64_t h = 0xcbf29ce484222325ull;
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	int c;
	while ((c = getc(f)) != EOF)
		h = (h ^ (unsigned char)c) * 0x100000001b3ull;
	fclose(f);
	return h;
}

static void keep_begin(keeping *k, dk_dd *dd, const char *file, size_t index)
{
	char name[3000];
	snprintf(name, sizeof(name), "%s#%zu", file, index);
	for (char *c = name; *c; c++)
		if (*c == '/')
			*c = '%';
	snprintf(k->table, sizeof(k->table), "%s/%s.table", keep_dir, name);
	snprintf(k->runs, sizeof(k->runs), "%s/%s.runs", keep_dir, name);
	snprintf(k->tag, sizeof(k->tag), "search_bench solver %s record %016llx game %zu",
		 solver_id, (unsigned long long)file_print(file), index);
	FILE *f = fopen(k->table, "rb");
	if (!f)
		return;
	const char *why = NULL;
	if (dk_dd_load(dd, f, k->tag, &why) != 0) {
		printf("  kept table %s not used: %s; the analysis starts afresh\n", k->table, why);
		fclose(f);
		dk_dd_clear(dd);
		remove(k->table);
		remove(k->runs);
		return;
	}
	fclose(f);
	k->loaded = true;
	FILE *r = fopen(k->runs, "r");
	long pos;
	double secs;
	while (r && fscanf(r, "%ld %lf", &pos, &secs) == 2) {
		k->runs_before++;
		k->positions_before += pos;
		k->seconds_before += secs;
	}
	if (r)
		fclose(r);
	printf("  going on from the table kept in %s (%d run%s before: %ld positions, "
	       "processor %.1f s)\n", k->table, k->runs_before, k->runs_before == 1 ? "" : "s",
	       k->positions_before, k->seconds_before);
}

static void keep_end(keeping *k, const dk_dd_game *an, double seconds)
{
	int runs = k->runs_before + 1;
	long positions = k->positions_before + an->nodes;
	double total = k->seconds_before + seconds;
	if (!an->stopped) {
		if (k->loaded || an->analysed)
			printf("  in all: %d run%s, %ld positions, processor %.1f s\n", runs,
			       runs == 1 ? "" : "s", positions, total);
		remove(k->table);
		remove(k->runs);
		return;
	}
	/* written aside and renamed: a run killed while writing leaves the
	 * last table whole */
	char tmp[4200];
	snprintf(tmp, sizeof(tmp), "%s.tmp", k->table);
	FILE *f = fopen(tmp, "wb");
	bool ok = f && dk_dd_save(k->dd, f, k->tag) == 0;
	if (f && fclose(f) != 0)
		ok = false;
	if (ok && rename(tmp, k->table) != 0)
		ok = false;
	FILE *r = ok ? fopen(k->runs, "a") : NULL;
	if (r) {
		fprintf(r, "%ld %.1f\n", an->nodes, seconds);
		ok = fclose(r) == 0;
	} else {
		ok = false;
	}
	if (!ok) {
		perror(tmp);
		remove(tmp);
		printf("  table not kept (%s)\n", k->table);
		return;
	}
	printf("  stopped after processor %.1f s; in all: %d run%s, %ld positions, processor "
	       "%.1f s; table kept in %s\n", seconds, runs, runs == 1 ? "" : "s", positions, total,
	       k->table);
}

static double timed_reach(dk_dd *dd, const dk_replay *rp, dk_party p, bool tricks, int need,
			  long *nodes, bool *decided)
{
	dk_dd_clear(dd);
	dk_line l;
	double t0 = now();
	dk_dd_reach(dd, rp, p, tricks, need, &l, nodes);
	double ms = (now() - t0) * 1000;
	*decided = !dk_dd_stopped(dd);
	return ms;
}

/* (a): the exact value of the position rp stopped at, timed on its own */
static void time_exact(dk_dd *dd, const dk_replay *rp, const char *file, const dk_game *g,
		       const char *set, const char *type, int grp, int left, bool quiet)
{
	dk_dd_clear(dd);
	dk_dd_value v;
	double t0 = now();
	dk_dd_solve(dd, &v, rp);
	double ms = (now() - t0) * 1000;
	if (asked_to_stop) {
		printf("%s game %zu (%s, %s), %2d left: exact value stopped by a signal after "
		       "%ld positions, %.3f ms (not counted)\n", file, g->index, set, type, left,
		       v.nodes, ms);
		return;
	}
	add(0, grp, left, ms, v.nodes, v.settled);
	if (quiet)
		return;
	if (v.settled)
		printf("%s game %zu (%s, %s), %2d left: Re %3d Kontra %3d, %9ld positions, "
		       "%8.3f ms\n", file, g->index, set, type, left, v.points[DK_PARTY_RE],
		       v.points[DK_PARTY_KONTRA], v.nodes, ms);
	else
		printf("%s game %zu (%s, %s), %2d left: not settled, %9ld positions, %8.3f ms\n",
		       file, g->index, set, type, left, v.nodes, ms);
}

static const char *party_name(int p)
{
	return p == DK_PARTY_RE ? "Re" : "Kontra";
}

/* time the questions at one cut of g, rp the position there */
static void time_cut(dk_dd *dd, const char *file, const dk_game *g, const char *set,
		     const char *type, int grp, int left, const dk_replay *rp, const dk_score *sc,
		     bool quiet, bool questions_only)
{
	if (!questions_only && !only_b)
		time_exact(dd, rp, file, g, set, type, grp, left, quiet);
	if (!only_b && !asked_to_stop) {
		dk_search_result res;
		double t0 = now();
		dk_search_run(&res, rp, sc->target, 2000000);
		add(3, grp, left, (now() - t0) * 1000, res.nodes, res.complete);
	}
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA && !asked_to_stop; p++) {
		int tgt = sc->target[p];
		long nodes;
		bool decided;
		double t;
		if (tgt == DK_TARGET_ALL_TRICKS)
			t = timed_reach(dd, rp, (dk_party)p, true, left, &nodes,
					&decided);
		else if (tgt == DK_TARGET_ONE_TRICK)
			t = timed_reach(dd, rp, (dk_party)p, true, 1, &nodes,
					&decided);
		else
			t = timed_reach(dd, rp, (dk_party)p, false,
					tgt - rp->points[p], &nodes, &decided);
		if (asked_to_stop)
			return;
		add(1, grp, left, t, nodes, decided);
		if (!decided && !quiet)
			printf("%s game %zu (%s, %s), %2d left: %s's target not decided, %ld "
			       "positions\n", file, g->index, set, type, left, party_name(p), nodes);
		t = timed_reach(dd, rp, (dk_party)p, true, 1, &nodes, &decided);
		if (asked_to_stop)
			return;
		add(1, grp, left, t, nodes, decided);
		if (!decided && !quiet)
			printf("%s game %zu (%s, %s), %2d left: %s's trick not decided, %ld "
			       "positions\n", file, g->index, set, type, left, party_name(p), nodes);
	}
}

/* time the questions at each wanted cut of g, then its analysis */
static void bench_game(dk_dd *dd, const char *file, const dk_game *g, const dk_rules *rules,
		       const bool *want_left, int analyse_tricks, bool quiet, bool questions_only)
{
	dk_replay full;
	dk_replay_run(&full, g, rules);
	if (full.type == DK_GT_THROWN_IN || full.type == DK_GT_REDEAL || full.cards_played == 0)
		return;
	char set[64], type[64];
	set_label(set, sizeof(set), g, rules);
	type_label(type, sizeof(type), &full, g);
	int grp = group_of(set, type);
	groups[grp].games++;
	dk_score_input in;
	dk_score_input_from_replay(&in, &full, g);
	dk_score sc;
	dk_score_compute(&sc, &in, rules);
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
				dk_replay_run(&rp, &cut, rules);
				memcpy(rp.party, full.party, sizeof(rp.party));
				rp.points[DK_PARTY_RE] = rp.points[DK_PARTY_KONTRA] = 0;
				for (int t = 0; t < rp.trick_count; t++)
					rp.points[rp.party[rp.tricks[t].winner]] += rp.tricks[t].points;
				/* after a seat played twice in a trick every
				 * question is refused without a search: not timed */
				if (dk_replay_hands_match(&rp))
					time_cut(dd, file, g, set, type, grp, left, &rp, &sc, quiet,
						 questions_only);
				else
					irregular_cuts++;
				if (asked_to_stop)
					return;
			}
		}
		if (card)
			cards++;
	}
	if (questions_only || only_b || asked_to_stop)
		return;
	dk_dd_clear(dd);
	dk_dd_game *an = malloc(sizeof(*an));
	if (!an) {
		fprintf(stderr, "search_bench: out of memory\n");
		abort();
	}
	keeping k = { .dd = dd };
	if (keep_dir)
		keep_begin(&k, dd, file, g->index);
	spent sp = { .card = -1 };
	capped cap = { .dd = dd, .c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID),
		       .spent = per_position ? &sp : NULL };
	dk_dd_set_progress(dd, cap_tick, &cap);
	double t0 = now(), c0 = clock_of(CLOCK_PROCESS_CPUTIME_ID);
	dk_dd_analyse(dd, an, g, rules, analyse_tricks);
	double ms = (now() - t0) * 1000;
	double cpu = (clock_of(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1000;
	dk_dd_set_progress(dd, NULL, NULL);
	if (an->analysed)
		add(2, grp, 0, ms, an->nodes, !an->limited);
	if (!quiet) {
		printf("%s game %zu (%s, %s): analysis of %d cards%s", file, g->index, set, type,
		       an->cards - an->first,
		       an->stopped ? " (stopped)" : an->limited ? " (limited)" : "");
		/* the positions that could not be searched: the cards beside
		 * them have no value on that side */
		if (an->irregular)
			printf(" (irregular: %d positions not searched)", an->irregular_count);
		printf(", %ld positions, %.3f ms", an->nodes, ms);
		if (wall || cap_seconds > 0 || keep_dir)
			printf(" (processor %.3f ms)", cpu);
		printf("\n");
	}
	if (keep_dir)
		keep_end(&k, an, cpu / 1000);
	if (per_position && an->analysed && sp.card >= 0) {
		/* the last position begun took the rest */
		sp.at[sp.card] += an->nodes - sp.nodes;
		printf("  positions to solve the position after card n, n = %d..%d:",
		       an->first, an->cards);
		for (int i = an->first; i <= an->cards; i++)
			printf(" %ld", sp.at[i]);
		printf("\n");
	}
	if (values && an->analysed) {
		printf("  Re's card points: %d before card %d;", an->start, an->first + 1);
		for (int i = an->first; i < an->cards; i++)
			printf(" %d", an->card[i].after);
		printf("\n");
	}
	free(an);
}

static void usage(void)
{
	fprintf(stderr, "usage: search_bench [-b | -x] [-t TRICKS_LEFT,...] [-s SKIP] "
		"[-g GAMES] [-a TRICKS] [-l LIMIT] [-m MIB] [-M MIB] [-j THREADS] [-c SECONDS] "
		"[-k DIR [-r SOLVER]] [-p] [-q] [-v] FILE...\n");
}

int main(int argc, char **argv)
{
	dk_xml_global_init();
	bool want_left[13];
	for (int i = 0; i <= 12; i++)
		want_left[i] = true;
	long max_games = 0, skip_games = 0, limit = 0, table_mib = DK_DD_TABLE_BYTES >> 20;
	long table_max_mib = 0;
	int analyse_tricks = 0;  /* -a N: analyse the last N tricks only */
	int threads = 1;
	bool quiet = false, questions_only = false;
	int a = 1;
	while (a < argc && argv[a][0] == '-' && argv[a][1]) {
		if (strcmp(argv[a], "-b") == 0) {
			only_b = true;
			a++;
			continue;
		}
		if (strcmp(argv[a], "-v") == 0) {
			values = true;
			a++;
			continue;
		}
		if (strcmp(argv[a], "-p") == 0) {
			per_position = true;
			a++;
			continue;
		}
		if (strcmp(argv[a], "-q") == 0) {
			quiet = true;
			a++;
			continue;
		}
		if (strcmp(argv[a], "-x") == 0) {
			questions_only = true;
			a++;
			continue;
		}
		if (a + 1 >= argc) {
			usage();
			return 2;
		}
		if (strcmp(argv[a], "-t") == 0) {
			memset(want_left, 0, sizeof(want_left));
			for (char *s = argv[a + 1]; *s;) {
				long v = strtol(s, &s, 10);
				long to = v;
				if (*s == '-' || (s[0] == '.' && s[1] == '.')) {
					s += *s == '-' ? 1 : 2;
					to = strtol(s, &s, 10);
				}
				for (long k = v < to ? v : to; k <= (v < to ? to : v); k++)
					if (k >= 0 && k <= 12)
						want_left[k] = true;
				if (*s == ',')
					s++;
				else if (*s)
					break;
			}
		} else if (strcmp(argv[a], "-s") == 0) {
			skip_games = atol(argv[a + 1]);
		} else if (strcmp(argv[a], "-g") == 0) {
			max_games = atol(argv[a + 1]);
		} else if (strcmp(argv[a], "-a") == 0) {
			analyse_tricks = atoi(argv[a + 1]);
		} else if (strcmp(argv[a], "-l") == 0) {
			limit = atol(argv[a + 1]);
		} else if (strcmp(argv[a], "-j") == 0) {
			threads = atoi(argv[a + 1]);
			if (threads < 1 || threads > DK_DD_THREADS_MAX) {
				usage();
				return 2;
			}
			wall = threads > 1;
		} else if (strcmp(argv[a], "-c") == 0) {
			cap_seconds = atof(argv[a + 1]);
			if (cap_seconds <= 0) {
				usage();
				return 2;
			}
		} else if (strcmp(argv[a], "-k") == 0) {
			keep_dir = argv[a + 1];
		} else if (strcmp(argv[a], "-r") == 0) {
			solver_id = argv[a + 1];
		} else if (strcmp(argv[a], "-M") == 0) {
			table_max_mib = atol(argv[a + 1]);
			if (table_max_mib < 1) {
				usage();
				return 2;
			}
		} else if (strcmp(argv[a], "-m") == 0) {
			table_mib = atol(argv[a + 1]);
			if (table_mib < 1) {
				usage();
				return 2;
			}
		} else {
			usage();
			return 2;
		}
		a += 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	dk_dd *dd = dk_dd_new_sized((size_t)table_mib << 20);
	if (!dd)
		return 1;
	dk_dd_set_limit(dd, limit > 0 ? limit : 0);
	if (table_max_mib > 0)
		dk_dd_set_table_max(dd, (size_t)table_max_mib << 20);
	dk_dd_set_threads(dd, threads);
	bench_dd = dd;
	struct sigaction sa = { .sa_handler = on_stop_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	for (; a < argc && !asked_to_stop; a++) {
		dk_diag d;
		dk_diag_init(&d);
		dk_read_opts opts = { .need_rules = true, .judge = true,
				      .accept_rule_differences = true };
		dk_reader *r;
		if (dk_reader_open(&r, argv[a], &opts, &d) != 0) {
			fprintf(stderr, "%s: cannot open\n", argv[a]);
			dk_diag_release(&d);
			continue;
		}
		long games = 0, seen = 0;
		dk_read_item it;
		while ((it = dk_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
			if (it != DK_READ_GAME || !dk_reader_game_ok(r) || !dk_reader_rules(r))
				continue;
			if ((max_games > 0 && games >= max_games) || asked_to_stop)
				break;
			if (seen++ < skip_games)
				continue;
			games++;
			bench_game(dd, argv[a], dk_reader_game(r), dk_reader_rules(r), want_left,
				   analyse_tricks, quiet, questions_only);
		}
		dk_reader_free(r);
		dk_diag_release(&d);
	}
	if (asked_to_stop)
		printf("stopped by a signal: nothing after it was run (a question it stopped "
		       "is not counted, an analysis is, as \"(stopped)\")\n");
	ms_v = malloc(((size_t)n_samples + 1) * sizeof(double));
	nodes_v = malloc(((size_t)n_samples + 1) * sizeof(double));
	if (!ms_v || !nodes_v) {
		fprintf(stderr, "search_bench: out of memory\n");
		abort();
	}
	/* per rule set and type, per rule set, per type, in total; in the
	 * order first met */
	for (int i = 0; i < n_groups; i++) {
		bool first_of_set = true;
		for (int j = 0; j < i; j++)
			first_of_set &= strcmp(groups[j].set, groups[i].set) != 0;
		if (!first_of_set)
			continue;
		for (int j = i; j < n_groups; j++) {
			if (strcmp(groups[j].set, groups[i].set) != 0)
				continue;
			char title[160];
			snprintf(title, sizeof(title), "== %.63s, %.63s", groups[j].set, groups[j].type);
			report(title, groups[j].set, groups[j].type, limit);
		}
		char title[160];
		snprintf(title, sizeof(title), "== %.63s, every game type", groups[i].set);
		report(title, groups[i].set, NULL, limit);
	}
	for (int i = 0; i < n_groups; i++) {
		bool first_of_type = true;
		for (int j = 0; j < i; j++)
			first_of_type &= strcmp(groups[j].type, groups[i].type) != 0;
		if (!first_of_type)
			continue;
		char title[160];
		snprintf(title, sizeof(title), "== every rule set, %.63s", groups[i].type);
		report(title, NULL, groups[i].type, limit);
	}
	report("== every rule set, every game type", NULL, NULL, limit);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	if (irregular_cuts)
		printf("\npositions left out: %d, their hands do not match the tricks (a seat played "
		       "twice in a trick)\n", irregular_cuts);
	printf("\nsolver table: %zu bytes (%zu MiB), allocated once; peak resident memory of "
	       "the process: %ld KiB (%.1f MiB)\n", dk_dd_table_bytes(dd),
	       dk_dd_table_bytes(dd) >> 20, ru.ru_maxrss, ru.ru_maxrss / 1024.0);
	free(ms_v);
	free(nodes_v);
	free(samples);
	dk_dd_free(dd);
	return 0;
}

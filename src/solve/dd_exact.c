/*
 * dd_exact.c - the exact double-dummy value of a position: null-window
 * questions of the search (dd.c), the first at a guess, then halving what
 * is still open or going a move at a time; each question on one thread
 * or shared by several on the one table.  And dk_dd_solve, a position's
 * value with its best line.  The search itself is dd.c's.
 */
#include "dd_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int shared_ab(dk_dd *dd, const pos *p, int alpha, int beta);

/* the averages of p's kind of position (dk_dd's cost) */
static double *cost_of(dk_dd *dd, const pos *p)
{
	int left = p->hand_size - p->tricks_done;
	left = left < 0 ? 0 : left > DK_MAX_TRICKS ? DK_MAX_TRICKS : left;
	return dd->cost[left][p->tn & 3];
}

/* the null-window question "is p's value at least b?" (fail-soft: the
 * value found, at least b for yes), its positions counted into the
 * averages of its answer */
static int at_least(dk_dd *dd, const pos *p, int b)
{
	long before = dd->nodes;
	int v = shared_ab(dd, p, b - 1, b);
	if (dd->stopped)
		return v;   /* no answer: nothing to count */
	double took = (double)(dd->nodes - before);
	double *cost = &cost_of(dd, p)[v >= b];
	*cost = *cost == 0 ? took : 0.75 * *cost + 0.25 * took;
	return v;
}

/* one null-window probe of p, the value known to be in *lo..*hi: "at
 * least g?" (g moved into *lo + 1..*hi); *lo or *hi moved to the
 * fail-soft value found, which is returned; -1 when over the limit */
static int probe(dk_dd *dd, const pos *p, int *lo, int *hi, int g)
{
	int beta = g <= *lo ? *lo + 1 : g > *hi ? *hi : g;
	int v = at_least(dd, p, beta);
	if (dd->stopped)
		return -1;
	if (v < beta)
		*hi = v;
	else
		*lo = v;
	return v;
}

/*
 * The value of p, known to be in lo..hi: probes, the first at g, then
 * each where it splits what is still open by what the answers cost.  A
 * "yes" and a "no" may cost very differently: in a solo, "can the
 * soloist reach b?" is cheap to deny (each of the three opponents needs
 * one good card) and dear to grant (every card of all three refuted);
 * in one position of `unsere-2024--solo-koehler` "yes" took 10 to 15
 * million positions and "no" a few hundred.  So a probe goes nearer the
 * end a dear answer would leave: where "yes" costs r times "no", at
 * r / (1 + r) of the way up (the middle where they cost alike, r at
 * most COST_RATIO_MAX either way).  The costs are the solver's moving
 * averages over its recent questions at positions with as many tricks
 * left and cards in the trick (at_least): one average over all of them
 * mixed the costs of small and large positions and helped less
 * (docs/double-dummy.md, "Halving by what the answers cost").
 */
#define COST_RATIO_MAX 64.0

static int bisect(dk_dd *dd, const pos *p, int lo, int hi, int g)
{
	while (lo < hi) {
		if (probe(dd, p, &lo, &hi, g) < 0)
			return -1;
		g = lo + (hi - lo + 1) / 2;
		const double *cost = cost_of(dd, p);
		if (lo < hi && cost[0] > 0 && cost[1] > 0) {
			double r = cost[1] / cost[0];
			if (r > COST_RATIO_MAX)
				r = COST_RATIO_MAX;
			if (r < 1 / COST_RATIO_MAX)
				r = 1 / COST_RATIO_MAX;
			g = lo + 1 + (int)((hi - lo - 1) * r / (1 + r));
		}
	}
	return lo;
}

/*
 * Does move k of p do better for the player to move than best (more for
 * a maxer, less for the others)?  One null-window probe of the position
 * after it; if so, its value worked out there (bisect) into *v.  1 if it
 * does, 0 if not, -1 when the question went over the limit.
 */
static int move_beats(dk_dd *dd, const pos *p, dk_card k, int best, int *v)
{
	pos q = *p;
	int gain = dd_play(dd, &q, k);
	int most = dd->tricks ? q.hand_size - q.tricks_done : q.left;
	int from = 0, to = most;
	if (dd->maxer[p->turn]) {
		int need = best + 1 - gain;
		if (need > most)
			return 0;
		if (need > 0)
			from = shared_ab(dd, &q, need - 1, need);
		if (dd->stopped)
			return -1;
		if (from < need)
			return 0;
		*v = bisect(dd, &q, from, most, from + 1);
	} else {
		int need = best - 1 - gain;
		if (need < 0)
			return 0;
		if (need < most)
			to = shared_ab(dd, &q, need, need + 1);
		if (dd->stopped)
			return -1;
		if (to > need)
			return 0;
		*v = bisect(dd, &q, 0, to, to);
	}
	if (*v < 0)
		return -1;
	*v += gain;
	return 1;
}

/* p's moves in the search's order (the table's best lead first), as
 * by_moves tries them */
static int moves_in_order(dk_dd *dd, const pos *p, dk_card *m)
{
	dk_card hint = DK_CARD_NONE;
	if (p->tn == 0) {
		tkey tk;
		key_of(dd, p, &tk);
		int a = 0, b = INF;
		unsigned char rank = 0xff;
		dd_tt_bounds(dd, &tk, &a, &b, &rank);
		if (rank != 0xff)
			hint = dd_card_of_rank(dd, p, rank);
	}
	return dd_ordered_moves(dd, p, m, hint, DK_CARD_NONE);
}

static int by_moves(dk_dd *dd, const pos *p, int lo, int hi);

/* the exact value of p: null-window probes, the first at the guess (an
 * analysis guesses the value after the card played, which most cards
 * keep; a position on its own, line_guess), the second next to it; when
 * they leave the value open (the card played cost something), a move at
 * a time (by_moves);
 * -1 when the question went over the limit */
static int exact(dk_dd *dd, const pos *p, int guess)
{
	int lo = 0, hi = dd->tricks ? p->hand_size - p->tricks_done : p->left;
	int g = guess < lo ? lo : guess > hi ? hi : guess;
	if (lo == hi)
		return lo;
	int first = probe(dd, p, &lo, &hi, g);
	if (first < 0)
		return -1;
	/* the other side of the guess: at the bound found, or above it */
	if (lo < hi && probe(dd, p, &lo, &hi, first == hi ? first : first + 1) < 0)
		return -1;
	return lo < hi ? by_moves(dd, p, lo, hi) : lo;
}

/* dd's i-th helper, made ready for dd's question: dd's settings and
 * killer moves copied, its own stack of ways, dd's table */
static dk_dd *helper_for(dk_dd *dd, int i)
{
	dk_dd *h = dd->helper[i];
	if (!h && !(h = dd->helper[i] = calloc(1, sizeof(*h))))
		return NULL;
	struct way *ways = h->ways;
	size_t cap = h->cap_ways;
	memcpy(h, dd, sizeof(*h));
	h->ways = ways;
	h->cap_ways = cap;
	h->n_ways = 0;
	h->tt_mem = NULL;
	h->threads = 1;
	memset(h->helper, 0, sizeof(h->helper));
	h->nodes = 0;
	h->progress = h->telling = NULL;
	return h;
}

typedef struct crew_arg {
	void (*work)(void *job, int me);
	void *job;
	int me;
} crew_arg;

static void *crew_thread(void *arg)
{
	crew_arg *c = arg;
	c->work(c->job, c->me);
	return NULL;
}

/* solver[0] = dd and its helpers made ready (*n of them), then work(job,
 * i) with solver i on a thread each, dd's on this one; their positions
 * added to dd's */
static void on_threads(dk_dd *dd, dk_dd **solver, int *n, void (*work)(void *, int),
		       void *job)
{
	solver[0] = dd;
	*n = 1;
	while (*n < dd->threads && (solver[*n] = helper_for(dd, *n - 1)))
		(*n)++;
	pthread_t tid[DK_DD_THREADS_MAX];
	crew_arg arg[DK_DD_THREADS_MAX];
	int running = 0;
	for (int i = 1; i < *n; i++) {
		arg[running] = (crew_arg){ work, job, i };
		if (pthread_create(&tid[running], NULL, crew_thread, &arg[running]) == 0)
			running++;   /* else one solver fewer at work */
	}
	work(job, 0);
	for (int i = 0; i < running; i++)
		pthread_join(tid[i], NULL);
	for (int i = 1; i < *n; i++)
		dd->nodes += solver[i]->nodes;
}

/*
 * The value of p, known to be in lo..hi, a move at a time: the moves in
 * the search's order, each first asked whether it does better than the
 * best so far, and only then its own value worked out (move_beats).  A
 * probe of p itself that says "at least" must refute every move; here
 * only the moves worked out are searched near their values.  -1 when the
 * question went over the limit.
 */
static int by_moves(dk_dd *dd, const pos *p, int lo, int hi)
{
	dk_card m[DK_CARD_KINDS];
	int n = moves_in_order(dd, p, m);
	if (n == 0)
		return 0;   /* a record where a seat played twice in a trick */
	bool up = dd->maxer[p->turn];
	int best = up ? lo - 1 : hi + 1;
	for (int i = 0; i < n && (up ? best < hi : best > lo); i++) {
		int v;
		int r = move_beats(dd, p, m[i], best, &v);
		if (r < 0)
			return -1;
		if (r)
			best = v;
	}
	return best;
}

/*
 * One null-window question shared by dd's threads (dk_dd_set_threads):
 * each searches the whole of it on its own solver, all on the one table,
 * and the first to finish answers it (the others are called off).  They
 * do not all search the same cards at once: near the question's root
 * (SHARE_CARDS in dd.c) a thread leaves to later a card whose position
 * another thread is searching, and finds it in the table when it gets
 * there; a helper leaves even the first card so (ab_keyed in dd.c,
 * after Weill's ABDADA).  Threads that each probed another value instead
 * saved less: the dear probes near the value came one after another
 * (docs/double-dummy.md, "One question, all threads").  A question with
 * fewer than SHARE_FROM tricks left is not worth the threads' start: one
 * thread asks it.
 */
#define SHARE_FROM 5

typedef struct shared_probe {
	pthread_mutex_t mu;
	const pos *p;
	int alpha, beta;
	int v;                       /* the answer, once done */
	bool done, over;
	dk_dd *solver[DK_DD_THREADS_MAX];
	int n;
	uint64_t busy[DD_BUSY_SLOTS];  /* the positions being searched (dd.c) */
} shared_probe;

static void shared_job(void *job, int me)
{
	shared_probe *s = job;
	dk_dd *dd = s->solver[me];
	dd->busy = s->busy;
	dd->root_cards = s->p->tricks_done * 4 + s->p->tn;
	dd->helping = me > 0;
	int v = dd_ab(dd, s->p, s->alpha, s->beta);
	pthread_mutex_lock(&s->mu);
	/* the first to end answers: with the value, or over the limit (a
	 * thread called off ends after the first, never before it) */
	if (!s->done && !__atomic_load_n(&dd->cancel, __ATOMIC_RELAXED)) {
		s->done = true;
		s->over = dd->stopped;
		s->v = v;
		for (int i = 0; i < s->n; i++)
			if (i != me)
				__atomic_store_n(&s->solver[i]->cancel, 1, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&s->mu);
	dd->busy = NULL;
	dd->helping = false;
}

/* dd_ab(dd, p, alpha, beta), with dd's threads where it has several */
static int shared_ab(dk_dd *dd, const pos *p, int alpha, int beta)
{
	if (dd->threads < 2 || p->hand_size - p->tricks_done < SHARE_FROM)
		return dd_ab(dd, p, alpha, beta);
	shared_probe *s = calloc(1, sizeof(*s));
	if (!s)
		return dd_ab(dd, p, alpha, beta);   /* on one thread, then */
	s->p = p;
	s->alpha = alpha;
	s->beta = beta;
	pthread_mutex_init(&s->mu, NULL);
	on_threads(dd, s->solver, &s->n, shared_job, s);
	pthread_mutex_destroy(&s->mu);
	__atomic_store_n(&dd->cancel, 0, __ATOMIC_RELAXED);
	dd->stopped = s->over || !s->done;
	int v = s->v;
	free(s);
	return v;
}

/*
 * A guess at the value of p that is mostly right: the greedy line from p
 * (every player plays the card ordered_moves puts first), its positions
 * solved exactly from the end back to the one after p's first card, each
 * value the guess for the position before it, as an analysis goes; the
 * guess is the value after that card plus what it gains.  The later
 * positions cost little and leave the table full of what p's search
 * needs.  -1 when a position went over the limit.
 */
static int line_guess(dk_dd *dd, const pos *p)
{
	pos at[DK_LINE_MAX + 1];
	int gain[DK_LINE_MAX];
	int m = 0;
	at[0] = *p;
	while (m < DK_LINE_MAX && !(at[m].tn == 0 && at[m].tricks_done >= at[m].hand_size)) {
		dk_card first[DK_CARD_KINDS];
		if (dd_ordered_moves(dd, &at[m], first, DK_CARD_NONE, DK_CARD_NONE) == 0)
			break;
		at[m + 1] = at[m];
		gain[m] = dd_play(dd, &at[m + 1], first[0]);
		m++;
	}
	int v = 0;
	for (int i = m - 1; i >= 1; i--) {
		v = exact(dd, &at[i], v + gain[i]);
		if (v < 0)
			return -1;
	}
	return m > 0 ? v + gain[0] : 0;
}

/* card points of each party in rp's complete tricks, with rp's parties */
void dd_points_now(int out[3], const dk_replay *rp)
{
	out[0] = out[1] = out[2] = 0;
	for (int t = 0; t < rp->trick_count; t++)
		out[rp->party[rp->tricks[t].winner]] += rp->tricks[t].points;
}

/*
 * What p's value depends on, hashed: the hands, the trick so far and who
 * played it, who is to play, the tricks done, and the question as
 * dd_game_at set it up (the card order's tables, the points, who counts
 * and who raises the value).  Never 0 (an empty slot).
 */
uint64_t dd_position_print(const dk_dd *dd, const pos *p)
{
	uint64_t h = dd_sum(0, p->hand, sizeof(p->hand));
	int at[4] = { p->tn, p->turn, p->tricks_done, p->hand_size };
	h = dd_sum(h, at, sizeof(at));
	for (int i = 0; i < p->tn; i++) {
		int played[2] = { (int)p->trick[i], p->tseat[i] };
		h = dd_sum(h, played, sizeof(played));
	}
	h = dd_sum(h, &dd->salt, sizeof(dd->salt));
	h = dd_sum(h, dd->takes, sizeof(dd->takes));
	h = dd_sum(h, dd->points, sizeof(dd->points));
	h = dd_sum(h, dd->suit, sizeof(dd->suit));
	h = dd_sum(h, dd->trump, sizeof(dd->trump));
	bool who[9] = { dd->mine[0], dd->mine[1], dd->mine[2], dd->mine[3], dd->maxer[0],
			dd->maxer[1], dd->maxer[2], dd->maxer[3], dd->tricks };
	h = dd_sum(h, who, sizeof(who));
	return h ? h : 1;
}

bool dd_leads_to(const dk_dd *dd, const pos *p, uint64_t to)
{
	for (uint32_t legal = dd_legal(dd, p); legal; legal &= legal - 1) {
		pos q = *p;
		dd_play(dd, &q, dd->by_place[__builtin_ctz(legal)]);
		if (dd_position_print(dd, &q) == to)
			return true;
	}
	return false;
}

static const dd_solved *solved_find(const dk_dd *dd, uint64_t print)
{
	for (int i = 0; i < DD_SOLVED; i++)
		if (dd->solved[i].print == print)
			return &dd->solved[i];
	return NULL;
}

/* p's value v and its whole line kept (the oldest kept replaced) */
static void solved_keep(dk_dd *dd, uint64_t print, int v, const dk_line *line)
{
	if (solved_find(dd, print))
		return;
	dd_solved *s = &dd->solved[dd->solved_next];
	dd->solved_next = (dd->solved_next + 1) % DD_SOLVED;
	s->print = print;
	s->value = v;
	s->line = *line;
}

int dd_solve_re(dk_dd *dd, dk_dd_value *out, const dk_replay *rp, int guess)
{
	memset(out, 0, sizeof(*out));
	pos p;
	if (!dd_game_at(dd, &p, rp))
		return -1;
	dd_points_now(out->now, rp);
	uint64_t print = dd_position_print(dd, &p);
	const dd_solved *known = solved_find(dd, print);
	if (known) {
		out->settled = true;
		out->line = known->line;
		out->points[DK_PARTY_RE] = out->now[DK_PARTY_RE] + known->value;
		out->points[DK_PARTY_KONTRA] = out->now[DK_PARTY_KONTRA] + p.left - known->value;
		return out->points[DK_PARTY_RE];
	}
	if (guess < 0) {
		int g = line_guess(dd, &p);
		if (g < 0) {
			out->nodes = dd->nodes;
			return -1;
		}
		guess = out->now[DK_PARTY_RE] + g;
	}
	int v = exact(dd, &p, guess - out->now[DK_PARTY_RE]);
	out->nodes = dd->nodes;
	if (v < 0)
		return -1;
	out->settled = true;
	/* the line has a limit of its own: the table holds most of it (the
	 * progress told counts on from the value's positions) */
	dd->at.nodes += dd->nodes;
	dd->nodes = 0;
	dd_line_of(dd, p, v, &out->line);
	out->nodes += dd->nodes;
	dd->stopped = false;
	/* kept only with its whole line: one cut short by the limit or a
	 * stop is worked out again next time */
	int cards_left = 4 * (p.hand_size - p.tricks_done) - p.tn;
	if (out->line.count == cards_left)
		solved_keep(dd, print, v, &out->line);
	out->points[DK_PARTY_RE] = out->now[DK_PARTY_RE] + v;
	out->points[DK_PARTY_KONTRA] = out->now[DK_PARTY_KONTRA] + p.left - v;
	return out->points[DK_PARTY_RE];
}

void dk_dd_solve(dk_dd *dd, dk_dd_value *out, const dk_replay *rp)
{
	dd_solve_re(dd, out, rp, -1);
}

/*
 * search.h - what can still happen in a game: the most and the fewest card
 * points Re can still take, and whether a party must take every remaining
 * trick, over all legal continuations with every hand known.
 *
 * This answers the DDV's questions about an irregularity (RULES.md D16,
 * D17): a violation "can decide the winner" when, in the position just
 * before it, each party can still reach the target that applies; a party
 * takes the remaining tricks "zwangsläufig" when it wins every one of them
 * in every legal continuation.  Both are searches over legal plays only,
 * maximum and minimum, not a game between two sides.  The card order is
 * the one of the position (declared swines and Genscher as they stand);
 * declarations still to come are not searched.
 *
 * A depth-first search with a transposition table at trick boundaries and
 * bound pruning; it also returns a continuation that proves each answer.
 */
#ifndef DK_SEARCH_H
#define DK_SEARCH_H

#include <stdbool.h>

#include "replay.h"

#define DK_LINE_MAX 48

typedef struct dk_line {
	dk_card cards[DK_LINE_MAX];
	int seats[DK_LINE_MAX];
	int count;
} dk_line;

typedef struct dk_search_result {
	int re_now;                  /* card points Re has in complete tricks */
	int max_re, min_re;          /* what Re can take at most / at least in the end */
	dk_line max_line, min_line;  /* continuations that reach them */
	bool re_takes_all;           /* Re wins every remaining trick in every continuation */
	bool kontra_takes_all;
	long nodes;                  /* positions visited, for the benchmark */
	bool complete;               /* the search finished (not cut by its node budget) */
} dk_search_result;

/**
 * Search from where the replay rp stopped (rp made by dk_replay_run on a
 * game cut before the event in question).  max_nodes bounds the work
 * (0 = no bound); when it is reached, complete is false and the figures are
 * the best found so far.
 */
void dk_search_run(dk_search_result *out, const dk_replay *rp, long max_nodes);

#endif

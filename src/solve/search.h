/*
 * search.h - what can still happen in a game, over all legal continuations
 * with every hand known.
 *
 * This answers the DDV's questions about an irregularity (readings D16
 * and D17 of dokoref-readings(7)): a violation "can decide the winner" when, in the position just
 * before it, each party can still reach the target that applies in some
 * legal continuation; a party takes the remaining tricks "zwangsläufig"
 * when it wins every one of them in every legal continuation.  Both are
 * searches over legal plays only (every player may choose as the question
 * needs), not a game between two sides.  The card order is the one of the
 * position (declared swines and Genscher as they stand); declarations still
 * to come are not searched.
 *
 * Each question is a threshold query answered by the double-dummy solver
 * (dd.h, dk_dd_reach: every player plays for the party asked, so the
 * answer is that of an exhaustive search over legal plays; the tests
 * compare it with a plain enumeration).  A "yes" comes with the
 * continuation that proves it, a "no" with the number of positions the
 * search visited.
 */
#ifndef DK_SEARCH_H
#define DK_SEARCH_H

#include <stdbool.h>

#include "dd.h"
#include "replay.h"

#define DK_TARGET_ALL_TRICKS 241  /* a target: every remaining trick */
#define DK_TARGET_ONE_TRICK 0     /* a target: at least one trick */

typedef struct dk_search_result {
	int points_now[3];           /* card points of each party in complete tricks */
	bool can_reach[3];           /* the party can still reach its target */
	bool reach_known[3];         /* can_reach was answered within the node budget */
	dk_line line[3];             /* a continuation in which it does */
	bool takes_all[3];           /* the party wins every remaining trick, whatever is played */
	dk_line breaks_all[3];       /* a continuation in which the other party wins one */
	long nodes;                  /* positions visited (see max_nodes), for the benchmark */
	bool complete;               /* every question was answered within the node budget */
	bool irregular;              /* the hands did not match the tricks (a seat played
					twice in a trick): only what needs no search was
					answered */
} dk_search_result;

/**
 * Search from where the replay rp stopped (rp made by dk_replay_run on a
 * game cut before the event in question).  target[DK_PARTY_RE] and
 * target[DK_PARTY_KONTRA] are the card points each party needs in the end,
 * or DK_TARGET_ALL_TRICKS / DK_TARGET_ONE_TRICK (dk_score's targets).
 * max_nodes bounds the work per question, in positions the solver visits
 * (one per card tried; 0 = no bound).  The solver's table is 16 MiB; a
 * question without a bound, or with one above DK_SEARCH_LARGE, that needs
 * more than 20,000,000 positions there is asked again with 256 MiB.
 */
#define DK_SEARCH_LARGE 100000000L

void dk_search_run(dk_search_result *out, const dk_replay *rp, const int target[3],
		   long max_nodes);

/**
 * dk_search_run on a solver the caller keeps (made by dk_dd_new, so with
 * the 16 MiB table): it is cleared first, so the answers, the positions
 * and the continuations are those of a fresh solver, but its table is
 * not made and freed again.  For a caller that asks of many positions in
 * turn (a solver made for each costs the kernel its table's pages each
 * time, under AddressSanitizer more than the search); one thread at a
 * time.
 */
void dk_search_run_on(dk_dd *solver, dk_search_result *out, const dk_replay *rp,
		      const int target[3], long max_nodes);

#endif

/*
 * search.c - can a party still reach its target; see dd.h.
 *
 * Every question goes to the double-dummy solver (dd.h): dk_dd_reach with
 * every player playing for the party asked is "is there a legal
 * continuation in which the party gains this much".  "The party takes
 * every remaining trick whatever is played" is the same question turned
 * round: the other players cannot win a single trick in any continuation.
 * One solver (and its table) serves the four questions of a position.
 */
#include "dd.h"

#include <stdlib.h>
#include <string.h>

/*
 * The replay with the players of party on one side and everybody else on
 * the other (a seat of no known party joins the others), so that
 * dk_dd_reach can ask about either side.
 */
static void sides_of(dk_replay *out, const dk_replay *rp, dk_party party)
{
	*out = *rp;
	dk_party other = party == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		if (rp->party[seat] != party)
			out->party[seat] = other;
	}
}

/*
 * The solvers of a question set: a small table first; a question without
 * a limit, or with one above DK_SEARCH_LARGE, that needs more than
 * DK_SEARCH_SMALL positions there is asked again with a large one.  A
 * long proof thrashes in a small table, re-searching what it no longer
 * holds: a silent marriage's "cannot reach 121" took 492 million
 * positions with 256 MiB, 1.3 billion with 64 MiB and was not settled in
 * 2.5 billion with 16 MiB (docs/performance.md, "The penalty search"); while most questions
 * take a few thousand positions, for which a large table would cost more
 * in pages than it saves.
 */
typedef struct solvers {
	dk_dd *small;
	dk_dd *large;                /* made when first needed */
	long max_nodes;
	bool irregular;              /* the hands do not match the tricks: ask nothing */
} solvers;

#define DK_SEARCH_SMALL 20000000L

/* dk_dd_reach on the solvers; *known: answered within the limit */
static bool ask(solvers *sv, const dk_replay *rp, dk_party party, bool tricks, int need,
		dk_line *line, long *nodes, bool *known)
{
	if (sv->irregular) {
		*known = need <= 0;    /* answered without a search */
		return need <= 0;
	}
	bool grow = sv->max_nodes == 0 || sv->max_nodes > DK_SEARCH_LARGE;
	dk_dd_set_limit(sv->small, grow ? DK_SEARCH_SMALL : sv->max_nodes);
	long n = 0;
	bool yes = dk_dd_reach(sv->small, rp, party, tricks, need, line, &n);
	*nodes += n;
	/* a question answered without a search leaves no stop behind */
	*known = n == 0 || !dk_dd_stopped(sv->small);
	if (*known || !grow)
		return yes;
	if (!sv->large && !(sv->large = dk_dd_new_sized(DK_DD_ANALYSE_TABLE_BYTES)))
		abort();    /* 256 MiB, for a question that runs for minutes */
	dk_dd_set_limit(sv->large, sv->max_nodes ? sv->max_nodes - n : 0);
	n = 0;
	yes = dk_dd_reach(sv->large, rp, party, tricks, need, line, &n);
	*nodes += n;
	*known = n == 0 || !dk_dd_stopped(sv->large);
	return yes;
}

void dk_search_run(dk_search_result *out, const dk_replay *rp, const int target[3],
		   long max_nodes)
{
	dk_dd *small = dk_dd_new();
	if (!small)
		abort();    /* 16 MiB, once per question set: as the engine's other tables */
	dk_search_run_on(small, out, rp, target, max_nodes);
	dk_dd_free(small);
}

void dk_search_run_on(dk_dd *solver, dk_search_result *out, const dk_replay *rp,
		      const int target[3], long max_nodes)
{
	memset(out, 0, sizeof(*out));
	out->irregular = !dk_replay_hands_match(rp) || !dk_replay_turns_match(rp);
	dk_dd_clear(solver);
	solvers sv = { solver, NULL, max_nodes, out->irregular };
	dk_replay *sides = malloc(sizeof(*sides));
	if (!sides)
		abort();
	int tricks_left = rp->hand_size - rp->trick_count;
	bool complete = true;
	for (dk_party party = DK_PARTY_RE; party <= DK_PARTY_KONTRA; party++) {
		dk_party other = party == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		sides_of(sides, rp, party);
		int won_tricks = 0;
		for (int t = 0; t < rp->trick_count; t++)
			won_tricks += rp->party[rp->tricks[t].winner] == party;
		out->points_now[party] = rp->points[party];
		int tgt = target[party];
		long nodes = 0;
		bool yes, known = true;
		if (tgt == DK_TARGET_ALL_TRICKS)
			yes = won_tricks == rp->trick_count &&
			      ask(&sv, sides, party, true, tricks_left, &out->line[party], &nodes,
				  &known);
		else if (tgt == DK_TARGET_ONE_TRICK)
			yes = won_tricks > 0 ||
			      ask(&sv, sides, party, true, 1, &out->line[party], &nodes, &known);
		else
			yes = ask(&sv, sides, party, false, tgt - rp->points[party],
				  &out->line[party], &nodes, &known);
		out->can_reach[party] = yes && known;
		out->reach_known[party] = known;
		out->nodes += nodes;
		complete = complete && known;
		/* does the other side win at least one trick in some continuation? */
		nodes = 0;
		bool broken = ask(&sv, sides, other, true, 1, &out->breaks_all[party], &nodes,
				  &known);
		out->takes_all[party] = !broken && known;  /* unknown is not "yes" */
		out->nodes += nodes;
		complete = complete && known;
	}
	out->complete = complete;
	free(sides);
	dk_dd_free(sv.large);
}

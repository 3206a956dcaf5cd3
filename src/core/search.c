/*
 * search.c - can a party still reach its target; see search.h.
 *
 * Every question goes to the double-dummy solver (dd.h): dk_dd_reach with
 * every player playing for the party asked is "is there a legal
 * continuation in which the party gains this much".  "The party takes
 * every remaining trick whatever is played" is the same question turned
 * round: the other players cannot win a single trick in any continuation.
 * One solver (and its table) serves the four questions of a position.
 */
#include "search.h"

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

void dk_search_run(dk_search_result *out, const dk_replay *rp, const int target[3],
		   long max_nodes)
{
	memset(out, 0, sizeof(*out));
	dk_dd *dd = dk_dd_new();
	dk_replay *sides = malloc(sizeof(*sides));
	if (!dd || !sides)
		abort();    /* 16 MiB, once per question set: as the engine's other tables */
	dk_dd_set_limit(dd, max_nodes);
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
		bool yes;
		if (tgt == DK_TARGET_ALL_TRICKS)
			yes = won_tricks == rp->trick_count &&
			      dk_dd_reach(dd, sides, party, true, tricks_left, &out->line[party],
					  &nodes);
		else if (tgt == DK_TARGET_ONE_TRICK)
			yes = won_tricks > 0 ||
			      dk_dd_reach(dd, sides, party, true, 1, &out->line[party], &nodes);
		else
			yes = dk_dd_reach(dd, sides, party, false, tgt - rp->points[party],
					  &out->line[party], &nodes);
		/* a question answered without a search leaves no stop behind */
		bool known = nodes == 0 || !dk_dd_stopped(dd);
		out->can_reach[party] = yes && known;
		out->reach_known[party] = known;
		out->nodes += nodes;
		complete = complete && known;
		/* does the other side win at least one trick in some continuation? */
		nodes = 0;
		bool broken = dk_dd_reach(dd, sides, other, true, 1, &out->breaks_all[party],
					  &nodes);
		known = !dk_dd_stopped(dd);
		out->takes_all[party] = !broken && known;  /* unknown is not "yes" */
		out->nodes += nodes;
		complete = complete && known;
	}
	out->complete = complete;
	free(sides);
	dk_dd_free(dd);
}

/*
 * penalty.c - the DDV's classes of an irregularity; see penalty.h.
 */
#include "penalty.h"

#include <string.h>

#include "score.h"

static bool is_announcement(dk_finding_code c)
{
	switch (c) {
	case DK_F_ANNOUNCE_TOO_LATE:
	case DK_F_ANNOUNCE_WRONG_PARTY:
	case DK_F_ANNOUNCE_PARTY_UNKNOWN:
	case DK_F_ANNOUNCE_SKIPPED_LEVEL:
	case DK_F_ANNOUNCE_REPEATED:
	case DK_F_LIMIT_WITHOUT_CALL:
	case DK_F_SOLOIST_RE_UNANSWERED:
	case DK_F_KONTRA_NOT_A_REPLY:
	case DK_F_REPLY_NOT_ALLOWED:
	case DK_F_MANDATORY_MISSED:
		return true;
	default:
		return false;
	}
}

/* a party has already reached its target with complete tricks */
static bool already_won(const dk_replay *rp, const int target[3], dk_party p)
{
	int t = target[p];
	if (t == DK_TARGET_ALL_TRICKS)
		return false;
	if (t == DK_TARGET_ONE_TRICK) {
		for (int i = 0; i < rp->trick_count; i++)
			if (rp->party[rp->tricks[i].winner] == p)
				return true;
		return false;
	}
	return rp->points[p] >= t;
}

/*
 * A house rule's own penalty for a revoke: the game counts as won by the
 * offender's opponents (theirs).  The play stops at the revoke, so the
 * card points that decide the items are made up: with opponents-win the
 * opponents have just their target (nothing beyond winning is reached);
 * with lost-plus-one-level the offenders end one level under what the
 * opponents announced (under 90 when they announced no limit), which is
 * as far as a Feigheit cap lets a win count.  What was announced before
 * the revoke and the special points of the tricks complete by then
 * count as the rule set counts them.
 */
static void forfeit(dk_penalty *out, const dk_score_input *now, const dk_rules *r,
		    const dk_replay *rp, dk_party theirs)
{
	static const int under[DK_LEVELS] = { 0, 89, 59, 29, 0 };
	dk_party mine = theirs == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
	dk_score_input in = *now;
	int t = out->target[theirs];
	int level = -1;         /* the level the offenders end under; -1 none */
	if (r->penalty_revoke == DK_REVOKE_LOST_PLUS_ONE_LEVEL) {
		level = 1;
		for (int l = 1; l < DK_LEVELS; l++)
			if (in.said[theirs][l])
				level = l + 1 < DK_LEVELS ? l + 1 : l;
	} else if (t == DK_TARGET_ALL_TRICKS) {
		level = DK_LEVELS - 1;
	}
	if (level == DK_LEVELS - 1) {
		in.points[theirs] = 240;
		in.took_trick[theirs] = true;
		in.took_trick[mine] = false;
	} else if (level > 0) {
		in.points[theirs] = 240 - under[level];
		in.took_trick[theirs] = in.took_trick[mine] = true;
	} else {
		in.points[theirs] = t == DK_TARGET_ONE_TRICK ? 0 : t;
		in.took_trick[theirs] = in.took_trick[mine] = true;
	}
	in.points[mine] = 240 - in.points[theirs];
	out->cls = DK_PC_FORFEIT;
	out->rule = &r->penalty_revoke_src;
	out->rule_value = r->penalty_revoke;
	out->forfeit_under = level > 0 ? level : 0;
	out->game_void = true;   /* the penalty replaces the score as played */
	dk_score_compute(&out->forfeit, &in, r);
	dk_score_per_seat(out->per_seat, &out->forfeit, rp);
}

void dk_penalty_assess(dk_penalty *out, const dk_game *g, const dk_rules *r,
		       const dk_replay *full, const dk_finding *f, long max_nodes)
{
	memset(out, 0, sizeof(*out));
	/* an objection recorded in time (reclaim.c, TSR 9.6.3) selects the
	 * reading "reclaimed" */
	out->objected = f->objection == DK_OBJ_IN_TIME;
	out->objection_seq = f->objection_seq;
	out->stands = dk_penalty_stands(r, f);
	if (f->kind != DK_FK_IRREGULARITY || f->seat == DK_NO_SEAT ||
	    f->code == DK_F_SHOULD_HAVE_BEEN_REDEALT)
		return;
	int offender = f->seat;
	dk_party mine = full->party[offender];
	dk_party theirs = mine == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
	out->offender_party = mine;

	/* the position just before it, with the parties as the game ended */
	dk_game cut = *g;
	cut.event_count = f->seq > 0 ? (size_t)(f->seq - 1) : 0;
	dk_replay rp;
	dk_replay_run(&rp, &cut, r);
	memcpy(rp.party, full->party, sizeof(rp.party));
	rp.points[DK_PARTY_RE] = rp.points[DK_PARTY_KONTRA] = 0;
	for (int t = 0; t < rp.trick_count; t++)
		rp.points[rp.party[rp.tricks[t].winner]] += rp.tricks[t].points;
	out->tricks_left = rp.hand_size - rp.trick_count;
	out->trick_cards = rp.cards_played % DK_PLAYING_SEATS;
	for (int l = 1; l < DK_LEVELS; l++)
		if (rp.calls[theirs].made[l])
			out->limits_of_opponents++;

	/* the targets that applied at that moment: announcements made later
	 * (and the one in question, void when reclaimed) do not count */
	dk_score_input in;
	dk_score_input_from_replay(&in, &rp, g);
	dk_score now;
	dk_score_compute(&now, &in, r);
	memcpy(out->target, now.target, sizeof(out->target));
	const int *target = out->target;
	out->announcement = is_announcement(f->code);
	if (f->code == DK_F_REVOKE && r->penalty_revoke != DK_REVOKE_DDV_CLASSES &&
	    !in.ramsch) {
		forfeit(out, &in, r, &rp, theirs);
		return;
	}
	dk_search_run(&out->search, &rp, target, max_nodes);
	const dk_search_result *s = &out->search;
	/* where the hands do not match the tricks, whether a party takes every
	 * remaining trick (irrelevant, before decided) cannot be asked */
	if (s->irregular || (!s->complete && !already_won(&rp, target, DK_PARTY_RE) &&
			     !already_won(&rp, target, DK_PARTY_KONTRA)))
		out->cls = DK_PC_UNDECIDED;
	else if (s->takes_all[DK_PARTY_RE] || s->takes_all[DK_PARTY_KONTRA])
		out->cls = DK_PC_IRRELEVANT;
	else if (already_won(&rp, target, DK_PARTY_RE) || already_won(&rp, target, DK_PARTY_KONTRA))
		out->cls = DK_PC_DECIDED;
	else if (is_announcement(f->code))
		out->cls = DK_PC_MINOR;   /* D19: void when reclaimed, no card changes */
	else if (s->can_reach[DK_PARTY_RE] && s->can_reach[DK_PARTY_KONTRA])
		out->cls = DK_PC_SERIOUS;
	else
		out->cls = DK_PC_MINOR;

	bool solo = full->type == DK_GT_SOLO || full->type == DK_GT_SILENT_MARRIAGE ||
		    (full->type == DK_GT_MARRIAGE && full->alone);
	int soloist = solo ? full->declarer : 0;
	bool against_soloist = solo && offender != soloist;
	int k = out->limits_of_opponents;
	switch (out->cls) {
	case DK_PC_MINOR:
	case DK_PC_DECIDED:
		out->per_seat[offender] = -3;
		if (against_soloist && s->can_reach[DK_PARTY_KONTRA]) {
			out->per_seat[soloist] = 3;        /* TSR 9.3.3 (b1) */
		} else {
			for (int i = 0; i < DK_PLAYING_SEATS; i++)
				if (full->seats[i] != offender)
					out->per_seat[full->seats[i]] = 1;
		}
		break;
	case DK_PC_SERIOUS:
		out->per_seat[offender] = -(12 + 3 * k);
		if (against_soloist) {
			out->per_seat[soloist] = 12 + 3 * k; /* TSR 9.4.4 */
		} else {
			out->game_void = true;               /* TSR 9.4.3 */
			for (int i = 0; i < DK_PLAYING_SEATS; i++)
				if (full->seats[i] != offender)
					out->per_seat[full->seats[i]] = 4 + k;
		}
		break;
	default:
		break;
	}
}

bool dk_penalty_stands(const dk_rules *r, const dk_finding *f)
{
	return f->kind == DK_FK_IRREGULARITY && f->code == DK_F_REVOKE &&
	       f->seat != DK_NO_SEAT && r->penalty_revoke_reclaim_deadline == DK_RECLAIM_NONE;
}

const dk_penalty *dk_penalty_objected(const dk_penalty *pens, int n)
{
	/* TSR 9.6.6: the first reclaimed is punished, not the first committed;
	 * of those reclaimed together the first committed (the earlier index) */
	const dk_penalty *best = NULL;
	for (int i = 0; i < n; i++) {
		const dk_penalty *p = &pens[i];
		if (!(p->objected || p->stands) || p->cls == DK_PC_NONE || p->cls == DK_PC_UNDECIDED)
			continue;
		int at = p->objected ? p->objection_seq : 0;
		int best_at = best && best->objected ? best->objection_seq : 0;
		if (!best || (best_at && (!at || at < best_at)))
			best = p;
	}
	return best;
}

void dk_penalty_apply(long per_seat[DK_MAX_SEATS + 1], const dk_penalty *p)
{
	for (int s = 0; s <= DK_MAX_SEATS; s++)
		per_seat[s] = (p->game_void ? 0 : per_seat[s]) + p->per_seat[s];
}

const char *dk_penalty_class_name(dk_penalty_class c)
{
	static const char *const names[DK_PC_COUNT] = {
		NULL, "irrelevant", "minor", "serious", "decided", "undecided", "forfeit",
	};
	return (unsigned)c < DK_PC_COUNT ? names[c] : NULL;
}

/*
 * penalty.h - what an irregularity costs if it is reclaimed when it
 * happens, under the DDV's classes (TSR 9).
 *
 * A record cannot show whether anybody reclaimed, so a verdict gives two
 * readings: as played (the irregularity stands, the score is the one of
 * the play) and if reclaimed (this).  The class comes from the position
 * just before the irregularity:
 *   - unerheblich (irrelevant): a party takes every remaining trick
 *     whatever is played (D17, TSR 9.2.2) - 0 points;
 *   - bereits entschieden (already decided): a party has already reached
 *     its target with complete tricks (TSR 9.5.1) - the remaining tricks go
 *     to the other party, and the violation counts as geringfügig too;
 *   - schwerwiegend (serious): each party can still reach its target (D16,
 *     TSR 9.4.1) - the game counts as not played, the offender -12 and -3
 *     per limit the opponents had said, the others +4 (+1 per such limit);
 *     a Kontra player's in a solo: the soloist gets them (TSR 9.4.4);
 *   - geringfügig (minor): the winner cannot be decided by it (TSR 9.3) -
 *     the offender -3, the others +1 (a Kontra player's in a solo that can
 *     hurt the soloist: the soloist +3, TSR 9.3.3 b1).
 * An announcement that breaks a rule is void when reclaimed (D19); it
 * changes no card, so it is geringfügig unless a party takes every trick.
 * Record defects and warnings get no class.
 *
 * Where a house rule names its own penalty for a revoke (penalty.revoke
 * opponents-win: turnier-2022; lost-plus-one-level: esslingen-2002) the
 * DDV classes do not apply: the game counts as lost by the offender's
 * party and is scored by the rule set's own model (class "forfeit").
 *
 * A revoke can be reclaimed until the deadline penalty.revoke_reclaim_deadline
 * names: at once (TSR 9.6.3, from when every player could see it: see
 * reclaim.h; it stands as played if nobody does), or none
 * (a house text that writes its own penalty without a deadline: that
 * penalty is the verdict whether or not the record shows an objection,
 * and the score as played is what the table may agree instead where
 * penalty.revoke_table_may_agree says so).
 */
#ifndef DK_PENALTY_H
#define DK_PENALTY_H

#include <stdbool.h>

#include "dd.h"
#include "finding.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "score.h"

typedef enum dk_penalty_class {
	DK_PC_NONE = 0,              /* not an irregularity of play */
	DK_PC_IRRELEVANT,            /* unerheblich */
	DK_PC_MINOR,                 /* geringfügig */
	DK_PC_SERIOUS,               /* schwerwiegend */
	DK_PC_DECIDED,               /* bereits entschieden, plus geringfügig */
	DK_PC_UNDECIDED,             /* the search could not settle it */
	DK_PC_FORFEIT,               /* the house rule's own penalty: the offenders lose */
	DK_PC_COUNT
} dk_penalty_class;

typedef struct dk_penalty {
	dk_penalty_class cls;
	dk_party offender_party;
	int limits_of_opponents;     /* limits the opponents had said before it */
	long per_seat[DK_MAX_SEATS + 1]; /* the penalty points if reclaimed */
	bool game_void;              /* the game counts as not played */
	dk_search_result search;     /* the proof of the class */
	int tricks_left;
	int trick_cards;             /* cards already in the trick at that position */
	int target[3];               /* the targets the search asked about */
	bool announcement;           /* void when reclaimed (D19) */
	const dk_rule_source *rule;  /* DK_PC_FORFEIT: the house rule's text */
	dk_revoke_penalty rule_value; /* DK_PC_FORFEIT: which house rule penalty */
	dk_score forfeit;            /* DK_PC_FORFEIT: the game as the opponents' win */
	int forfeit_under;           /* DK_PC_FORFEIT: level the offenders end under, 0 none */
	bool objected;               /* the record shows an objection in time (reclaim.h) */
	int objection_seq;           /* that objection's record position */
	bool stands;                 /* no reclaim deadline: it counts without an objection */
} dk_penalty;

/**
 * Class and cost of finding f of game g (replayed whole into full), with
 * the targets that applied just before it.  max_nodes bounds the search.
 */
void dk_penalty_assess(dk_penalty *out, const dk_game *g, const dk_rules *r,
		       const dk_replay *full, const dk_finding *f, long max_nodes);

/**
 * Whether the consequence of finding f under r has no reclaim deadline
 * (penalty.revoke_reclaim_deadline none): it is then the verdict whether
 * or not anybody objected, and must be assessed even where other
 * penalties are not.
 */
bool dk_penalty_stands(const dk_rules *r, const dk_finding *f);

/**
 * The penalty that counts: of the n penalties with an objection in time,
 * or without a reclaim deadline (stands), and a class that has points,
 * the one reclaimed first (TSR 9.6.6; a standing one before any).  The entry to write down is then per_seat with it applied
 * (see dk_penalty_apply); NULL when none counts.
 */
const dk_penalty *dk_penalty_objected(const dk_penalty *pens, int n);

/** per_seat as the entry with p: p's points alone when it voids the game,
 *  else added to the score as played. */
void dk_penalty_apply(long per_seat[DK_MAX_SEATS + 1], const dk_penalty *p);

/** "irrelevant", "minor", "serious", "decided", "undecided", "forfeit"; NULL for none. */
const char *dk_penalty_class_name(dk_penalty_class c);

#endif

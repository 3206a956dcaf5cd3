/*
 * reclaim.h - when an irregularity can be reclaimed, and what the record's
 * objections did (TSR 9.6).
 *
 * For every finding of a replay: when every player could see it (the
 * clock of TSR 9.6.3 starts there, penalty.reclaim_from), who may reclaim
 * it (TSR 9.6.1, penalty.reclaim_by), and until when each of them may
 * (penalty.reclaim_until: his own next card or announcement).  Then each
 * recorded objection is read against them: in time for an irregularity,
 * late, or by a player who may not make it.  An objection that reclaims
 * nothing becomes a finding of its own (objection-late,
 * objection-not-entitled, objection-groundless), so none is dropped.
 *
 * It does not decide what a reclaimed irregularity costs (penalty.c) and
 * words nothing.
 */
#ifndef DK_RECLAIM_H
#define DK_RECLAIM_H

#include "finding.h"
#include "record.h"
#include "replay.h"
#include "rules.h"

/**
 * The moment from which every player could see finding f of game g,
 * replayed into rp: fills f->visible, visible_seq, visible_trick and
 * visible_card.  Reads only g's events, rp's order and f's own fields.
 */
void dk_reclaim_visible(dk_finding *f, const dk_game *g, const dk_replay *rp);

/**
 * Fill every finding's visibility, the seats that may reclaim it and what
 * the record's objections did, and add a finding for each objection that
 * reclaims nothing.  Called by the replay once the play is replayed; the
 * findings are then put in record order again by the caller.
 */
void dk_reclaim_judge(dk_replay *rp, const dk_game *g, const dk_rules *r);

/** Is finding f one a player can reclaim (not an objection, not the
 *  record stopping early)? */
bool dk_reclaim_objectable(const dk_finding *f);

/**
 * The rule set key the reclaiming of finding f rests on, for a ruling to
 * cite, with its source in *src (may be NULL): penalty.revoke_reclaim_deadline
 * for a revoke whose consequence has no deadline, penalty.reclaim_by for
 * an objection by a player who may not make it, penalty.reclaim_until for
 * a late one, else penalty.reclaim_from.  Static strings; never NULL.
 */
const char *dk_reclaim_rule(const dk_finding *f, const dk_rules *r, const dk_rule_source **src);

#endif

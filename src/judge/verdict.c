/*
 * verdict.c - one game judged whole; see verdict.h.
 *
 * The steps, each the business of its own module: the replay (replay.c),
 * the score as played (score.c), the cost of each irregularity if
 * reclaimed (penalty.c, which may search), the reading a recorded
 * objection selects, the session (session.c: dealer, Bock, the correct
 * entry and standings), the record against the entry, and the other
 * program's score against this one (foreign.c); and last the ruling,
 * which of all these stands and why.  Nothing here words or prints
 * anything.
 */
#include "verdict.h"

#include "reclaim.h"

#include <stdlib.h>
#include <string.h>

/* a game that was played to its end can be scored; a thrown-in or redealt
 * game and a record that stops early cannot */
static bool can_score(const dk_replay *rp)
{
	return rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL &&
	       rp->cards_played == rp->hand_size * DK_PLAYING_SEATS;
}

/* a record that stops early: from where it stops, can each party still
 * reach its target in some legal continuation (the question of reading D16,
 * dokoref-readings(7),
 * asked of the same search as a penalty's, over the rest of the play) */
static void search_stopped(dk_verdict *v, const dk_verdict_opts *o)
{
	const dk_replay *rp = &v->rp;
	v->stopped = !v->scored && rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL &&
		     rp->cards_played < rp->hand_size * DK_PLAYING_SEATS;
	v->stopped_searched = v->stopped_parties_unknown = v->stopped_hands_unknown = false;
	v->stopped_tricks_left = 0;
	if (!v->stopped || (o && o->penalties != DK_VP_ALL))
		return;
	v->stopped_tricks_left = rp->hand_size - rp->trick_count;
	if (v->game->deal.hand_count < DK_PLAYING_SEATS) {
		v->stopped_hands_unknown = true;
		return;
	}
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (rp->party[rp->seats[i]] == DK_PARTY_NONE) {
			v->stopped_parties_unknown = true;
			return;
		}
	dk_score_input in;
	dk_score_input_from_replay(&in, rp, v->game);
	dk_score now;
	dk_score_compute(&now, &in, v->rules);
	memcpy(v->stopped_target, now.target, sizeof(v->stopped_target));
	long nodes = o && o->search_nodes > 0 ? o->search_nodes : DK_VERDICT_SEARCH_NODES;
	dk_search_run(&v->stopped_search, rp, v->stopped_target, nodes);
	v->stopped_searched = true;
}

static bool has_objection(const dk_game *g)
{
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_OBJECTION)
			return true;
	return false;
}

/* the cost of each finding: of all, or in a game with a recorded objection,
 * as asked; a consequence without a reclaim deadline always (it is the
 * verdict, and it needs no search) */
static void assess(dk_verdict *v, const dk_verdict_opts *o)
{
	long nodes = o && o->search_nodes > 0 ? o->search_nodes : DK_VERDICT_SEARCH_NODES;
	dk_verdict_penalties which = o ? o->penalties : DK_VP_ALL;
	v->penalties_assessed = which == DK_VP_ALL ||
				(which == DK_VP_OBJECTED && v->scored && has_objection(v->game));
	v->penalty_stands = false;
	for (int i = 0; i < v->rp.finding_count; i++) {
		const dk_finding *f = &v->rp.findings[i];
		bool stands = v->scored && dk_penalty_stands(v->rules, f);
		if (v->penalties_assessed || stands)
			dk_penalty_assess(&v->penalties[i], v->game, v->rules, &v->rp, f, nodes);
		else
			memset(&v->penalties[i], 0, sizeof(v->penalties[i]));
		v->penalty_stands = v->penalty_stands || stands;
	}
}

/* which objection applies to each finding: the replay judged each by
 * visibility (reclaim.c, TSR 9.6) */
static void find_objections(dk_verdict *v)
{
	for (int i = 0; i < v->rp.finding_count; i++)
		v->objection[i] = v->rp.findings[i].objection;
}

/* whether the game goes on after p is punished: after a minor or an
 * irrelevant violation; a serious one, one in a game already decided
 * (TSR 9.5.1) and a house penalty end it */
static bool game_goes_on(const dk_penalty *p)
{
	return p->cls == DK_PC_MINOR || p->cls == DK_PC_IRRELEVANT;
}

/* a reclaimed before b: a standing one first, then by the objection, of
 * those reclaimed together the first committed (the earlier index) */
static bool reclaimed_before(const dk_penalty *a, int ia, const dk_penalty *b, int ib)
{
	int at = a->objected ? a->objection_seq : 0, bt = b->objected ? b->objection_seq : 0;
	return at != bt ? at < bt : ia < ib;
}

/* the penalties that count, of those whose objection is in time, or that
 * stand without a deadline, with a class that has points: the one
 * reclaimed first (dk_penalty_objected, TSR 9.6.6), and while the last one
 * counted lets the game go on, the next reclaimed after it ("kann der
 * zweite Regelverstoß erneut reklamiert werden"); marks v->counts and
 * v->counts_last, returns the first, -1 none */
static int counting_penalties(dk_verdict *v)
{
	memset(v->counts, 0, sizeof(v->counts));
	v->counts_last = -1;
	if (!v->scored || !(v->penalties_assessed || v->penalty_stands))
		return -1;
	const dk_penalty *p = dk_penalty_objected(v->penalties, v->rp.finding_count);
	if (!p)
		return -1;
	int first = (int)(p - v->penalties), last = first;
	v->counts[first] = true;
	while (game_goes_on(&v->penalties[last])) {
		int next = -1;
		for (int i = 0; i < v->rp.finding_count; i++) {
			const dk_penalty *q = &v->penalties[i];
			if (v->counts[i] || !(q->objected || q->stands) || q->cls == DK_PC_NONE ||
			    q->cls == DK_PC_UNDECIDED ||
			    !reclaimed_before(&v->penalties[last], last, q, i))
				continue;
			if (next < 0 || reclaimed_before(q, i, &v->penalties[next], next))
				next = i;
		}
		if (next < 0)
			break;
		v->counts[next] = true;
		last = next;
	}
	v->counts_last = last;
	return first;
}

/* the entry with every penalty that counts: their points added to the
 * score as played, or alone when one of them voids the game */
static void apply_counted(dk_verdict *v)
{
	long points[DK_MAX_SEATS + 1] = { 0 };
	bool void_game = false;
	for (int i = 0; i < v->rp.finding_count; i++) {
		if (!v->counts[i])
			continue;
		void_game = void_game || v->penalties[i].game_void;
		for (int s = 0; s <= DK_MAX_SEATS; s++)
			points[s] += v->penalties[i].per_seat[s];
	}
	for (int s = 0; s <= DK_MAX_SEATS; s++)
		v->objected_score[s] = (void_game ? 0 : v->played[s]) + points[s];
}

static void compare_recorded(dk_verdict *v)
{
	const dk_recorded *rec = &v->game->recorded;
	v->recorded_compared = v->scored && rec->present && rec->score_count > 0;
	v->recorded_wrong = 0;
	if (!v->recorded_compared)
		return;
	for (size_t i = 0; i < rec->score_count; i++)
		if (rec->scores[i].points != v->entry[rec->scores[i].seat])
			v->recorded_wrong++;
}

/* a finding a player can reclaim: an irregularity with an offender */
static bool reclaimable(const dk_finding *f)
{
	return f->kind == DK_FK_IRREGULARITY && f->seat != DK_NO_SEAT;
}

/* the ruling on the penalty of finding i that counts */
static void rule_penalty(dk_verdict *v, int i)
{
	dk_ruling *ru = &v->ruling;
	const dk_penalty *p = &v->penalties[i];
	const dk_finding *f = &v->rp.findings[i];
	ru->basis = p->stands ? DK_RB_HOUSE_PENALTY : DK_RB_PENALTY;
	ru->finding = i;
	ru->objection = v->objection[i];
	ru->penalty = p;
	if (f->code == DK_F_REVOKE) {
		ru->rule_key = "penalty.revoke";
		ru->rule = &v->rules->penalty_revoke_src;
	} else {
		ru->rule_key = f->rule_key;
		ru->rule = f->rule;
	}
	ru->game_void = p->game_void;
	if (p->cls == DK_PC_FORFEIT) {
		ru->winner = p->forfeit.winner;
		ru->value = p->forfeit.value;
	} else if (p->game_void) {
		ru->winner = DK_PARTY_NONE;
		ru->value = 0;
	}
	ru->table_may_agree = p->stands && v->rules->penalty_revoke_table_may_agree;
}

/* the ruling: the score that stands (the entry) and the basis it rests on */
static void rule(dk_verdict *v, int counted)
{
	dk_ruling *ru = &v->ruling;
	memset(ru, 0, sizeof(*ru));
	ru->finding = -1;
	const dk_replay *rp = &v->rp;
	if (rp->type == DK_GT_THROWN_IN || rp->type == DK_GT_REDEAL) {
		ru->basis = DK_RB_NOT_COUNTED;
		return;
	}
	if (!v->scored) {
		ru->basis = DK_RB_CANNOT_RULE;
		ru->missing = DK_RM_PLAY;
		return;
	}
	int undecided = -1, standing = -1;
	for (int i = 0; i < rp->finding_count; i++) {
		const dk_finding *f = &rp->findings[i];
		if (!reclaimable(f) || v->penalties[i].stands)
			continue;
		if (v->objection[i] != DK_OBJ_IN_TIME) {
			if (standing < 0)
				standing = i;
		} else if (v->penalties[i].cls == DK_PC_UNDECIDED && undecided < 0) {
			undecided = i;
		}
	}
	if (counted < 0 && undecided >= 0) {
		ru->basis = DK_RB_CANNOT_RULE;
		ru->missing = DK_RM_CLASS;
		ru->finding = undecided;
		ru->objection = v->objection[undecided];
		ru->penalty = &v->penalties[undecided];
		return;
	}
	ru->scored = true;
	ru->winner = v->sc.winner;
	ru->value = v->sc.value;
	if (counted >= 0) {
		rule_penalty(v, counted);
		/* a later one that counts too and ends the game decides the
		 * winner (TSR 9.6.6) */
		const dk_penalty *end = &v->penalties[v->counts_last];
		if (v->counts_last != counted && end->game_void) {
			ru->game_void = true;
			ru->winner = end->cls == DK_PC_FORFEIT ? end->forfeit.winner : DK_PARTY_NONE;
			ru->value = end->cls == DK_PC_FORFEIT ? end->forfeit.value : 0;
		}
	} else if (standing >= 0) {
		ru->basis = DK_RB_NOT_RECLAIMED;
		ru->finding = standing;
		ru->objection = v->objection[standing];
		ru->penalty = v->penalties_assessed ? &v->penalties[standing] : NULL;
		/* the key the deadline rests on (reclaim.c): when to object,
		 * until when, and who may */
		ru->rule_key = dk_reclaim_rule(&rp->findings[standing], v->rules, &ru->rule);
	} else {
		ru->basis = DK_RB_AS_PLAYED;
	}
	memcpy(ru->score, v->entry, sizeof(ru->score));
	ru->differs_from_played = memcmp(v->objected_score, v->played, sizeof(v->played)) != 0;

	const dk_recorded *rec = &v->game->recorded;
	/* the winner and the value as a sheet holds them ("kontra 3"): the
	 * value is what each player of the larger party scores, the soloist's
	 * opponents in a solo, every player in a normal game */
	ru->sheet_value = 0;
	for (int s = 0; s < DK_PLAYING_SEATS; s++) {
		long x = labs(ru->score[rp->seats[s]]);
		if (x && (!ru->sheet_value || x < ru->sheet_value))
			ru->sheet_value = x;
	}
	/* (a game the penalty voids has no winner or value to compare: its
	 * points per player are the whole entry) */
	bool wrote_winner = rec->present && !ru->game_void &&
			    (rec->winner != DK_PARTY_NONE || rec->winner_none);
	if (wrote_winner)
		ru->sheet_winner_wrong = rec->winner != ru->winner;
	if (rec->present && rec->has_value && !ru->game_void)
		ru->sheet_value_wrong = rec->value != ru->sheet_value;
	ru->sheet_compared = v->recorded_compared ||
			     (rec->present && !ru->game_void && (wrote_winner || rec->has_value));
	ru->sheet_ok = ru->sheet_compared && !ru->sheet_winner_wrong && !ru->sheet_value_wrong &&
		       !(v->recorded_compared && v->recorded_wrong);
	if (ru->sheet_compared)
		for (size_t i = 0; i < rec->score_count; i++)
			ru->correction[rec->scores[i].seat] =
				v->entry[rec->scores[i].seat] - rec->scores[i].points;
}

void dk_verdict_judge(dk_verdict *out, dk_session_state *ss, bool in_session,
		      const dk_game *g, const dk_rules *r, const dk_verdict_opts *opts)
{
	dk_verdict *v = out;
	v->game = g;
	v->rules = r;
	v->in_session = in_session;
	/* a solo whose kind the record does not say: the session decides it
	 * (in a session), else who led (rulesets/ddv.yaml, duty_soli.round_games) */
	dk_replay_ctx ctx;
	if (in_session)
		dk_session_replay_ctx(ss, g, r, &ctx);
	dk_replay_run_in(&v->rp, g, r, in_session ? &ctx : NULL);
	v->errors = 0;
	for (int i = 0; i < v->rp.finding_count; i++)
		if (v->rp.findings[i].kind != DK_FK_WARNING)
			v->errors++;
	v->warnings = v->rp.finding_count - v->errors;

	/* the score as played */
	v->scored = can_score(&v->rp);
	memset(v->played, 0, sizeof(v->played));
	if (v->scored) {
		dk_score_input_from_replay(&v->in, &v->rp, g);
		dk_score_compute(&v->sc, &v->in, r);
		dk_score_per_seat(v->played, &v->sc, &v->rp);
	}

	/* if reclaimed, and the reading a recorded objection (or a
	 * consequence without a reclaim deadline) selects: the entry is then
	 * the penalty (a serious violation voids the game) or the score as
	 * played with the penalty on top */
	assess(v, opts);
	find_objections(v);
	int counted = counting_penalties(v);
	v->objected = counted >= 0 ? &v->penalties[counted] : NULL;
	memcpy(v->objected_score, v->played, sizeof(v->played));
	if (v->objected)
		apply_counted(v);

	/* the session: Bock and the entry to write down */
	dk_session_judge(ss, &v->sg, g, r, &v->rp, v->scored ? &v->in : NULL,
			 v->scored ? &v->sc : NULL, v->scored ? v->objected_score : NULL);
	v->bock = in_session && r->bock_kind != DK_BOCK_NONE ? v->sg.multiplier : 0;
	v->bock_applies = v->scored && (v->sg.multiplier != 1 || v->sg.bock_moved_back);
	memcpy(v->entry, v->bock_applies ? v->sg.score : v->objected_score, sizeof(v->entry));
	compare_recorded(v);

	/* an imported game: the other program's score */
	v->foreign_compared = v->scored && g->foreign;
	if (v->foreign_compared)
		dk_foreign_compare_bock(&v->foreign, &v->sc, &v->rp, g->foreign, v->bock);

	/* a record that stops early: could the rest still decide the winner */
	search_stopped(v, opts);

	rule(v, counted);
}

const char *dk_ruling_basis_name(dk_ruling_basis b)
{
	static const char *const names[DK_RB_COUNT] = {
		"as-played", "not-reclaimed", "penalty", "house-penalty", "not-counted",
		"cannot-rule",
	};
	return (unsigned)b < DK_RB_COUNT ? names[b] : NULL;
}

const char *dk_ruling_missing_name(dk_ruling_missing m)
{
	static const char *const names[DK_RM_COUNT] = { NULL, "play", "class" };
	return (unsigned)m < DK_RM_COUNT ? names[m] : NULL;
}

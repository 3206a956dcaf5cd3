/*
 * reclaim.c - when an irregularity can be reclaimed, and what the record's
 * objections did; see reclaim.h.
 *
 * The moment every player could see it, by what it is: a card on the
 * table and a word said aloud at once; a revoke when the offender later
 * plays a card of the suit (or a trump) he did not give; a declaration
 * the hand did not allow when the card it needed comes from another hand;
 * a call for the wrong party when the partnerships are clear; what only
 * the hands show (a poverty's cards, the trumps reported) at the count.
 * Where nothing later shows it, at the count.
 *
 * Which irregularity an objection concerns the record does not say: it
 * reclaims every irregularity before it for which it is in time, and the
 * first reclaimed is punished (TSR 9.6.6, penalty.c).  One that is in time
 * for none concerns the latest irregularity before it, and is a finding
 * of its own.
 */
#include "reclaim.h"

#include <limits.h>
#include <string.h>

#define AT_COUNT INT_MAX

/* cards among the first seq events of the record */
static int cards_before(const dk_game *g, int seq)
{
	int n = 0;
	for (size_t i = 0; i < (size_t)seq && i < g->event_count; i++)
		n += g->events[i].kind == DK_EV_CARD;
	return n;
}

static void later(dk_finding *f, const dk_game *g, int seq)
{
	f->visible = DK_VIS_LATER;
	f->visible_seq = seq;
	f->visible_card = cards_before(g, seq);
	f->visible_trick = f->visible_card ? (f->visible_card - 1) / DK_PLAYING_SEATS + 1 : 0;
}

/* the first card after record position from that seat plays (own) or
 * another seat plays (!own): card c, or any card of suit when suit >= 0;
 * 0 = none */
static int next_card(const dk_game *g, const dk_replay *rp, int from, int seat, bool own,
		     dk_card c, int suit)
{
	for (size_t i = from > 0 ? (size_t)from : 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		if (e->kind != DK_EV_CARD || (e->seat == seat) != own)
			continue;
		if (suit >= 0 ? dk_order_suit(&rp->order, e->card) == suit : e->card == c)
			return (int)i + 1;
	}
	return 0;
}

static bool key_is(const dk_finding *f, const char *key)
{
	return f->rule_key && strcmp(f->rule_key, key) == 0;
}

/* what shows a finding: 0 at once, -1 at the count, else the record
 * position of the card (or call) that shows it */
static int shown_at(const dk_finding *f, const dk_game *g, const dk_replay *rp)
{
	if (f->hidden)  /* the card the declaration needed, from another hand */
		return next_card(g, rp, f->seq, f->seat, false, f->played, -1);
	switch (f->code) {
	case DK_F_REVOKE:   /* the suit he did not give, from his own hand */
		return next_card(g, rp, f->seq, f->seat, true, DK_CARD_NONE, f->count);
	case DK_F_SWINE_NOT_DECLARED:
	case DK_F_HYPERSWINE_NOT_DECLARED:   /* the second of the pair, from his hand */
		return next_card(g, rp, f->seq, f->seat, true, f->played, -1);
	case DK_F_ANNOUNCE_WRONG_PARTY:   /* the caller's party, once every party is clear */
		if (rp->parties_clear_seq >= 0 && rp->parties_clear_seq < f->seq)
			return 0;
		return rp->parties_clear_seq > 0 ? rp->parties_clear_seq : -1;
	case DK_F_MANDATORY_MISSED: {  /* the play goes on without the call */
		for (size_t i = (size_t)f->seq - 1; i < g->event_count; i++)
			if (g->events[i].kind == DK_EV_CARD)
				return (int)i + 1;
		return -1;
	}
	case DK_F_RESERVATION_UNJUSTIFIED:  /* a poverty's trumps: the hand at the count */
		return key_is(f, "poverty.max_trumps") ? -1 : 0;
	case DK_F_POVERTY_PASS_WRONG:       /* the count is seen, the cards are not */
		return f->count != f->limit ? 0 : -1;
	case DK_F_POVERTY_RETURN_WRONG:
		return f->limit >= 0 && f->count != f->limit ? 0 : -1;
	case DK_F_POVERTY_REPORT_WRONG:
	case DK_F_GAME_INCOMPLETE:
		return -1;
	default:
		return 0;
	}
}

void dk_reclaim_visible(dk_finding *f, const dk_game *g, const dk_replay *rp)
{
	int at = shown_at(f, g, rp);
	f->visible_trick = f->visible_card = 0;
	if (at > 0) {
		later(f, g, at);
	} else if (at == 0 && !f->hidden && f->code != DK_F_REVOKE &&
		   f->code != DK_F_SWINE_NOT_DECLARED && f->code != DK_F_HYPERSWINE_NOT_DECLARED) {
		f->visible = DK_VIS_AT_ONCE;
		f->visible_seq = f->seq;
	} else {
		f->visible = DK_VIS_AT_COUNT;
		f->visible_seq = AT_COUNT;
	}
}

bool dk_reclaim_objectable(const dk_finding *f)
{
	return f->kind != DK_FK_OBJECTION && f->code != DK_F_GAME_INCOMPLETE;
}

const char *dk_reclaim_rule(const dk_finding *f, const dk_rules *r, const dk_rule_source **src)
{
	const dk_rule_source *s = &r->penalty_reclaim_from_src;
	const char *key = "penalty.reclaim_from";
	if (f->code == DK_F_REVOKE && r->penalty_revoke_reclaim_deadline == DK_RECLAIM_NONE) {
		s = &r->penalty_revoke_reclaim_deadline_src;
		key = "penalty.revoke_reclaim_deadline";
	} else if (f->objection == DK_OBJ_INVALID) {
		s = &r->penalty_reclaim_by_src;
		key = "penalty.reclaim_by";
	} else if (f->objection == DK_OBJ_LATE) {
		s = &r->penalty_reclaim_until_src;
		key = "penalty.reclaim_until";
	}
	if (src)
		*src = s;
	return key;
}

/* TSR 9.6.1: once the partnerships are clear only the offender's
 * opponents, before that every player but the offender */
static unsigned entitled(const dk_finding *f, const dk_replay *rp, const dk_rules *r)
{
	bool clear = r->penalty_reclaim_by == DK_RECLAIM_BY_OPPONENTS_ONCE_CLEAR && f->seat &&
		     rp->parties_clear_seq >= 0 && rp->parties_clear_seq < f->seq;
	unsigned m = 0;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int s = rp->seats[i];
		if (s == f->seat || (clear && rp->party[s] == rp->party[f->seat]))
			continue;
		m |= 1u << s;
	}
	return m;
}

/* the record position of what ends seat's right to reclaim f: its first
 * card or announcement after the clock starts (penalty.reclaim_until), or
 * anybody's next card; AT_COUNT when the record holds none */
static int deadline(const dk_finding *f, const dk_game *g, const dk_rules *r, int seat)
{
	int from = r->penalty_reclaim_from == DK_RECLAIM_FROM_VISIBLE ? f->visible_seq : f->seq;
	if (from == AT_COUNT)
		return AT_COUNT;
	bool any = r->penalty_reclaim_until == DK_RECLAIM_UNTIL_NEXT_CARD;
	for (size_t i = (size_t)from; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		if (any ? e->kind == DK_EV_CARD
			: (e->kind == DK_EV_CARD || e->kind == DK_EV_ANNOUNCE) && e->seat == seat)
			return (int)i + 1;
	}
	return AT_COUNT;
}

/* the latest deadline of the seats that may reclaim f: an objection not
 * naming who made it could have been made by any of them */
static int last_deadline(const dk_finding *f, const dk_game *g, const dk_rules *r, int seat)
{
	if (seat)
		return deadline(f, g, r, seat);
	int last = 0;
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		if (f->entitled & 1u << s) {
			int d = deadline(f, g, r, s);
			last = d > last ? d : last;
		}
	return last;
}

static int rank(dk_objection o)
{
	switch (o) {
	case DK_OBJ_IN_TIME: return 3;
	case DK_OBJ_LATE: return 2;
	case DK_OBJ_INVALID: return 1;
	default: return 0;
	}
}

static void note(dk_finding *f, dk_objection o, int q, int seat)
{
	if (rank(o) <= rank(f->objection))
		return;
	f->objection = o;
	f->objection_seq = q;
	f->objection_seat = seat;
}

/* an objection that reclaims nothing, about target (NULL: nothing before it) */
static void objection_finding(dk_replay *rp, const dk_game *g, const dk_rules *r, size_t j,
			      const dk_finding *target, dk_objection o)
{
	if (rp->finding_count == DK_MAX_FINDINGS) {
		rp->findings_dropped++;
		return;
	}
	const dk_event *e = &g->events[j];
	dk_finding *f = &rp->findings[rp->finding_count++];
	memset(f, 0, sizeof(*f));
	f->kind = DK_FK_OBJECTION;
	f->seq = (int)j + 1;
	f->loc = e->loc;
	f->seat = e->seat;
	f->played = DK_CARD_NONE;
	f->card = cards_before(g, f->seq);
	f->trick = f->card ? (f->card - 1) / DK_PLAYING_SEATS + 1 : 1;
	f->visible = DK_VIS_AT_ONCE;
	f->visible_seq = f->seq;
	if (!target) {
		f->code = DK_F_OBJECTION_GROUNDLESS;
		f->rule_key = "penalty.reclaim_from";
		f->rule = &r->penalty_reclaim_from_src;
		return;
	}
	f->about = target->code;
	f->about_seat = target->seat;
	f->about_trick = target->trick;
	f->about_card = target->card;
	f->entitled = target->entitled;
	if (o == DK_OBJ_LATE) {
		f->code = DK_F_OBJECTION_LATE;
		f->rule_key = "penalty.reclaim_until";
		f->rule = &r->penalty_reclaim_until_src;
		int d = last_deadline(target, g, r, e->seat);
		f->deadline_card = d == AT_COUNT ? 0 : cards_before(g, d);
		if (d != AT_COUNT && g->events[d - 1].kind != DK_EV_CARD)
			f->deadline_card++;  /* an announcement before that card */
	} else {
		f->code = DK_F_OBJECTION_NOT_ENTITLED;
		f->rule_key = "penalty.reclaim_by";
		f->rule = &r->penalty_reclaim_by_src;
	}
}

void dk_reclaim_judge(dk_replay *rp, const dk_game *g, const dk_rules *r)
{
	int n = rp->finding_count;
	for (int i = 0; i < n; i++) {
		dk_finding *f = &rp->findings[i];
		dk_reclaim_visible(f, g, rp);
		f->entitled = dk_reclaim_objectable(f) ? entitled(f, rp, r) : 0;
		f->objection = DK_OBJ_NONE;
		f->objection_seq = f->objection_seat = 0;
	}
	for (size_t j = 0; j < g->event_count; j++) {
		const dk_event *e = &g->events[j];
		if (e->kind != DK_EV_OBJECTION)
			continue;
		int q = (int)j + 1, seat = e->seat;
		bool counted = false;
		int latest = -1;
		dk_objection latest_o = DK_OBJ_NONE;
		for (int i = 0; i < n; i++) {
			dk_finding *f = &rp->findings[i];
			if (!dk_reclaim_objectable(f) || f->seq >= q)
				continue;
			dk_objection o = seat && !(f->entitled & 1u << seat) ? DK_OBJ_INVALID
					 : q < last_deadline(f, g, r, seat) ? DK_OBJ_IN_TIME
									    : DK_OBJ_LATE;
			if (o == DK_OBJ_IN_TIME) {
				counted = true;
				note(f, o, q, seat);
			} else if (latest < 0 || f->seq >= rp->findings[latest].seq) {
				latest = i;
				latest_o = o;
			}
		}
		if (counted)
			continue;
		if (latest >= 0)
			note(&rp->findings[latest], latest_o, q, seat);
		objection_finding(rp, g, r, j, latest >= 0 ? &rp->findings[latest] : NULL,
				  latest_o);
	}
}

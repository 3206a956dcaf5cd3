/*
 * replay_announce.c - the announcements: each is noted in the play (step
 * 2) with the counts its deadline depends on, and checked in step 3, in
 * record order, once the parties are known: the party, the deadline under
 * the rule set's model, a marriage's shift of it, levels passed over,
 * replies, repeats, a partner pick that cuts them down, and the duty to
 * announce after a rich first trick.
 */
#include "replay_steps.h"

void rp_note_call(rp_state *st, const dk_event *e, int seq, bool from_bid)
{
	if (st->call_count == st->call_alloc)
		return;  /* cannot happen: room for every event and bid call */
	dk_replay *o = st->out;
	rp_noted_call *c = &st->calls[st->call_count++];
	c->ev = e;
	c->seq = seq;
	c->cards = o->cards_played;
	c->own = st->played[e->seat];
	int left = rp_next_seat(o, e->seat);
	/* one slip is one finding: the left neighbour's slips take no time away
	 * from the announcer.  A second card it played to one trick does not
	 * count, nor does a card it played out of turn in this trick before the
	 * announcer's turn (the neighbour did not lead it by right, the
	 * announcer has not played to it) */
	c->left = st->tricks_in[left];
	const dk_trick *t = &o->tricks[o->trick_count < DK_MAX_TRICKS ? o->trick_count : 0];
	if (o->trick_count < DK_MAX_TRICKS && rp_played_in(t, left) && !rp_played_in(t, e->seat) &&
	    left != st->lead_due && c->left > 0)
		c->left--;
	c->trick = o->cards_played / 4;
	c->party = st->known[e->seat] ? o->party[e->seat] : DK_PARTY_NONE;
	c->from_bid = from_bid;
	/* TSR 5.5.1 (4): in a normal game an announcement shows the party */
	if (!from_bid && o->type == DK_GT_NORMAL)
		rp_show_party(st, e->seat, o->party[e->seat], seq);
}

/* ---- step 3: announcements --------------------------------------------------- */

static int level_of(dk_call c)
{
	if (c >= DK_CALL_REPLY_120)
		return (int)c - (int)DK_CALL_REPLY_120;  /* the level a reply answers */
	return c == DK_CALL_RE || c == DK_CALL_KONTRA ? 0 : (int)c - (int)DK_CALL_KONTRA;
}

static bool is_reply_call(dk_call c)
{
	return c >= DK_CALL_REPLY_120 && c <= DK_CALL_REPLY_0;
}

/* the count the deadline model measures for a noted call */
static int measured(const rp_state *st, const rp_noted_call *c)
{
	switch (st->r->announce_model) {
	case DK_MODEL_OWN_CARDS: return c->own;
	case DK_MODEL_GAME_CARDS: return c->cards;
	case DK_MODEL_LEFT_NEIGHBOUR_CARDS: return c->left;
	/* right after a trick's fourth card the announcement still falls in it */
	case DK_MODEL_GAME_TRICKS: return c->cards == 0 ? 0 : (c->cards - 1) / 4;
	case DK_MODEL_COUNT: break;
	}
	return c->cards;
}

/* the latest count at which level may be said by party p now; *chained
 * tells whether announce.trick_by_trick set it */
static int deadline(const rp_state *st, int level, const rp_noted_call *c, dk_party p,
		    bool *chained)
{
	const dk_rules *r = st->r;
	const dk_replay *o = st->out;
	int limit = r->announce_max_played[level];
	/* a marriage decided in trick k moves the deadlines */
	if (o->type == DK_GT_MARRIAGE && o->clarified_trick > 1) {
		int k = o->clarified_trick;
		if (r->marriage_shift == DK_SHIFT_BY_CLARIFYING_TRICK)
			limit += k - 1;
		else if (r->marriage_shift == DK_SHIFT_CATCH_UP && c->cards == 4 * k &&
			 r->announce_model == DK_MODEL_GAME_CARDS && limit < 4 * k)
			limit = 4 * k;  /* due ones may be caught up before the next card */
	}
	/* trick by trick: the next level is due in the trick after the last call */
	const dk_party_calls *pc = &o->calls[p];
	if (r->announce_chain && pc->highest >= 0 && level > pc->highest) {
		int chain = 4 * (pc->last_cards / 4 + 1) + 1;
		if (r->announce_model == DK_MODEL_GAME_CARDS && chain < limit) {
			limit = chain;
			if (chained)
				*chained = true;
		}
	}
	return limit;
}

/* a Re or Kontra answering the opponents may come later under announce.reply */
static bool reply_in_time(const rp_state *st, const rp_noted_call *c, int count, dk_party p)
{
	const dk_rules *r = st->r;
	const dk_party_calls *opp = &st->out->calls[p == DK_PARTY_RE ? DK_PARTY_KONTRA
								  : DK_PARTY_RE];
	if (opp->highest < 0)
		return false;
	if (r->announce_reply == DK_REPLY_ONE_CARD_LATER)
		return count <= r->announce_max_played[opp->highest] + 1;
	if (r->announce_reply == DK_REPLY_IMMEDIATE)
		return c->cards == opp->last_cards;
	return false;
}

static void record_call(dk_replay *o, dk_party p, int level, int cards, int seat)
{
	dk_party_calls *pc = &o->calls[p];
	if (o->first_caller == DK_PARTY_NONE)
		o->first_caller = p;
	if (pc->highest < 0)
		pc->first_seat = seat;
	for (int l = 0; l <= level; l++)
		pc->made[l] = true;  /* skipped levels count as said (TSR 6.4.3) */
	if (level > pc->highest)
		pc->highest = level;
	pc->last_cards = cards;
}

/* check one announcement as made by party p */
static void check_call(rp_state *st, const rp_noted_call *c, dk_party p)
{
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	const dk_event *e = c->ev;
	int seat = e->seat;
	int level = level_of(e->call);
	dk_finding *f;
#define CALL_FINDING(code, key, field)                                              \
	do {                                                                        \
		f = rp_add(st, (code), DK_FK_IRREGULARITY, c->seq, e->loc, seat);      \
		f->call = e->call;                                                  \
		f->trick = c->trick + 1;                                            \
		f->card = c->cards + 1;                                             \
		RULE(f, key, field);                                                \
	} while (0)

	if (c->from_bid) {
		record_call(o, p, level, 0, seat);
		return;
	}
	/* no announcement before the clarifying trick is over, the bride's
	 * included (TSR 6.4.2 "Eine Erstansage ist immer erst nach Beendigung
	 * des Klärungsstiches erlaubt") where the rules say so */
	bool before_clarified = o->type == DK_GT_MARRIAGE &&
		(o->clarified_trick == 0 || c->cards < 4 * o->clarified_trick);
	if ((before_clarified || c->party == DK_PARTY_NONE) &&
	    !r->marriage_announce_before_clarified) {
		CALL_FINDING(DK_F_ANNOUNCE_PARTY_UNKNOWN, "marriage.announce_before_clarified",
			     marriage_announce_before_clarified);
	}
	dk_party said = e->call == DK_CALL_RE ? DK_PARTY_RE
			: e->call == DK_CALL_KONTRA ? DK_PARTY_KONTRA : DK_PARTY_NONE;
	if (said != DK_PARTY_NONE && said != p) {
		CALL_FINDING(DK_F_ANNOUNCE_WRONG_PARTY, "announce.model", announce_model);
		f->rule_key = "parties";
		f->rule = NULL;
	}
	dk_party_calls *pc = &o->calls[p];
	/* announce.strict_limit: a reply answers the opponents' highest
	 * announcement, only while the party has said nothing, until one card
	 * after the opponents' deadline for it (announce.reply), and ends the
	 * party's announcements */
	if (is_reply_call(e->call) || pc->reply >= 0) {
		const dk_party_calls *opp = &o->calls[p == DK_PARTY_RE ? DK_PARTY_KONTRA
									: DK_PARTY_RE];
		int why = pc->reply >= 0 ? 4 : !r->announce_strict_limit ? 1
			  : pc->highest >= 0 ? 2 : opp->highest != level ? 3 : 0;
		if (why) {
			CALL_FINDING(DK_F_REPLY_NOT_ALLOWED, "announce.strict_limit",
				     announce_strict_limit);
			f->count = why;
			f->limit = opp->highest;
			return;
		}
		int count = measured(st, c);
		if (!reply_in_time(st, c, count, p)) {
			CALL_FINDING(DK_F_ANNOUNCE_TOO_LATE, "announce.reply", announce_reply);
			f->count = count;
			f->limit = r->announce_reply == DK_REPLY_IMMEDIATE ? opp->last_cards
				   : r->announce_max_played[level] + 1;
			return;
		}
		pc->reply = level;
		pc->last_cards = c->cards;
		return;
	}
	/* Klopfen: a player's own announcements, not his party's, are what he
	 * may not repeat and what his further ones build on */
	bool own = o->calls_per_player;
	const bool *made = own ? st->seat_made[seat] : pc->made;
	if (made[level]) {
		CALL_FINDING(DK_F_ANNOUNCE_REPEATED, "announce.skip", announce_skip);
		f->rule_key = "announce";
		f->rule = NULL;
		return;
	}
	int count = measured(st, c);
	/* a soloist's Re only after the opponents said something; in a forced
	 * solo where Kontra waits for the soloist, her Re may come first */
	bool forced = o->type == DK_GT_MARRIAGE && o->alone;
	if (r->announce_soloist_re_needs_opposition && level == 0 &&
	    (o->type == DK_GT_SOLO || o->type == DK_GT_SILENT_MARRIAGE ||
	     (forced && !r->announce_forced_solo_kontra_reply)) &&
	    seat == o->declarer && o->calls[DK_PARTY_KONTRA].highest < 0) {
		CALL_FINDING(DK_F_SOLOIST_RE_UNANSWERED, "announce.soloist_re_needs_opposition",
			     announce_soloist_re_needs_opposition);
	}
	/* a forced solo: Kontra only in answer to the soloist */
	if (r->announce_forced_solo_kontra_reply && forced && level == 0 &&
	    p == DK_PARTY_KONTRA && o->calls[DK_PARTY_RE].highest < 0) {
		CALL_FINDING(DK_F_KONTRA_NOT_A_REPLY, "announce.forced_solo_kontra_only_as_reply",
			     announce_forced_solo_kontra_reply);
	}
	/* a Re/Kontra that was in time only as a reply does not carry limits
	 * (TSR 6.4.4: "Eine Absage der eigenen Partei danach ist nur dann
	 * regelgerecht, wenn die Erwiderung auch als Erstansage rechtzeitig
	 * erfolgt wäre") */
	if (level > 0 && (!made[0] || pc->reply_only) && r->announce_limit_needs_call) {
		CALL_FINDING(DK_F_LIMIT_WITHOUT_CALL, "announce.limit_needs_re_kontra",
			     announce_limit_needs_call);
	}
	/* levels passed over */
	int from = r->announce_limit_needs_call ? 1 : 0;
	for (int l = from; l < level; l++) {
		if (made[l])
			continue;
		bool ok = r->announce_skip == DK_SKIP_IF_EACH_IN_TIME &&
			  count <= deadline(st, l, c, p, NULL);
		if (!ok) {
			CALL_FINDING(DK_F_ANNOUNCE_SKIPPED_LEVEL, "announce.skip", announce_skip);
			f->count = l;   /* the level passed over */
			f->limit = count;
			break;
		}
	}
	/* the deadline itself */
	bool chained = false;
	int limit = deadline(st, level, c, p, &chained);
	bool as_reply = false;
	if (count > limit) {
		/* announce.strict_limit: a late Re/Kontra is no reply */
		if (level == 0 && !r->announce_strict_limit && reply_in_time(st, c, count, p)) {
			as_reply = true;
		} else {
			if (chained)
				CALL_FINDING(DK_F_ANNOUNCE_TOO_LATE, "announce.trick_by_trick",
					     announce_chain);
			else
				CALL_FINDING(DK_F_ANNOUNCE_TOO_LATE, "announce.max_played",
					     announce_max_played);
			f->count = count;
			f->limit = limit;
		}
	}
	record_call(o, p, level, c->cards, seat);
	if (level == 0)
		pc->reply_only = as_reply;
	for (int l = 0; own && l <= level; l++) {
		if (!st->seat_made[seat][l])
			o->said_count[p][l]++;
		st->seat_made[seat][l] = true;
	}
#undef CALL_FINDING
}

/* wende_genscher.announcements reduced-to-re-kontra: what was announced
 * before the pick is gone but for a Re/Kontra of each announcer's new party */
static void reduce_at_pick(rp_state *st)
{
	dk_replay *o = st->out;
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
		memset(&o->calls[p], 0, sizeof(o->calls[p]));
		o->calls[p].highest = -1;
		o->calls[p].reply = -1;
	}
	o->first_caller = DK_PARTY_NONE;
	memset(o->said_count, 0, sizeof(o->said_count));
	memset(st->seat_made, 0, sizeof(st->seat_made));
	for (int i = 0; i < st->call_count; i++) {
		const rp_noted_call *c = &st->calls[i];
		int seat = c->ev->seat;
		if (c->seq >= st->pick_seq && !c->from_bid)
			break;
		record_call(o, o->party[seat], 0, c->cards, seat);
		if (o->calls_per_player && !st->seat_made[seat][0])
			o->said_count[o->party[seat]][0]++;
		st->seat_made[seat][0] = true;
	}
}

/* step 3, in record order, with the parties as they ended; where a partner
 * pick cuts the announcements down, those before it are judged with the
 * parties they were made in */
void rp_check_calls(rp_state *st)
{
	bool reduce = st->pick_seq && st->r->wende_genscher_announcements == DK_PICK_REDUCED;
	bool reduced = false;
	for (int i = 0; i < st->call_count; i++) {
		const rp_noted_call *c = &st->calls[i];
		bool before = c->from_bid || c->seq < st->pick_seq;
		if (reduce && !before && !reduced) {
			reduce_at_pick(st);
			reduced = true;
		}
		dk_party p = reduce && before ? st->party_at_pick[c->ev->seat]
					      : st->out->party[c->ev->seat];
		check_call(st, c, p);
	}
	if (reduce && !reduced)
		reduce_at_pick(st);
}

/* esslingen: a party that took >= N card points in trick 1 must announce */
void rp_check_mandatory(rp_state *st)
{
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	if (r->announce_mandatory_points <= 0 || o->trick_count < 1)
		return;
	if (r->announce_mandatory_games == DK_MANDATORY_NORMAL_GAMES &&
	    o->type != DK_GT_NORMAL && o->type != DK_GT_MARRIAGE)
		return;
	if (r->announce_mandatory_games == DK_MANDATORY_NORMAL_NO_MARRIAGE &&
	    o->type != DK_GT_NORMAL)
		return;
	const dk_trick *t = &o->tricks[0];
	if (t->points < r->announce_mandatory_points)
		return;
	dk_party p = o->party[t->winner];
	/* announced before the first trick was complete: one level more is due */
	bool before = false, any_before = false;
	for (int i = 0; i < st->call_count; i++) {
		const rp_noted_call *c = &st->calls[i];
		if (c->cards < 4 || c->from_bid) {
			any_before = true;
			if (o->party[c->ev->seat] == p)
				before = true;
		}
	}
	/* FreeDoko's "only first": no duty once anybody has announced */
	if (any_before && r->announce_mandatory_only_first)
		return;
	int need = before && r->announce_mandatory_raise ? 1 : 0;
	if (o->calls[p].highest >= need)
		return;
	dk_finding *f = rp_add(st, DK_F_MANDATORY_MISSED, DK_FK_IRREGULARITY, 0, st->g->play_loc,
			       t->winner);
	RULE(f, "announce.mandatory_first_trick_points", announce_mandatory_points);
	f->trick = 1;
	f->card = 4;
	f->count = t->points;
	f->limit = need;
	/* order it after the first trick */
	for (size_t i = 0, cards = 0; i < st->g->event_count; i++) {
		if (st->g->events[i].kind == DK_EV_CARD && ++cards == 4) {
			f->seq = (int)i + 2;
			f->loc = st->g->events[i].loc;
			break;
		}
	}
}

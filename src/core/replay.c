/*
 * replay.c - play a recorded game back under a rule set; see replay.h.
 *
 * Three steps:
 *   1. the game finding: which reservation wins, whether it was justified,
 *      the poverty exchange (the hands are changed by it);
 *   2. the play, card by card: turn, hand, following suit, swines,
 *      hyperswines and Genscher, trick winners, when a marriage decides
 *      the parties; each announcement is noted with the counts its
 *      deadline depends on;
 *   3. the announcements, checked in order once the parties are known.
 * Every finding carries the record position of what caused it; at the end
 * they are put in record order.
 *
 * Nothing here depends on the name of a rule set: every difference is a
 * field of dk_rules.
 */
#include "replay.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "reclaim.h"

#define CQ DK_CARD_MAKE(DK_CLUBS, DK_QUEEN)
#define DK_ DK_CARD_MAKE(DK_DIAMONDS, DK_KING)
#define DJ DK_CARD_MAKE(DK_DIAMONDS, DK_JACK)
#define DA DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)

/* what step 2 notes about an announcement for step 3 */
typedef struct noted_call {
	const dk_event *ev;
	int seq;
	int cards;                   /* cards of the game played before it */
	int own;                     /* cards the announcer had played */
	int left;                    /* cards the left neighbour had played */
	int trick;                   /* 0-based trick it fell in */
	dk_party party;              /* the announcer's party then; NONE = unknown */
	bool from_bid;               /* said with a solo bid */
} noted_call;

typedef struct state {
	const dk_game *g;
	const dk_rules *r;
	dk_replay *out;
	dk_card hand[DK_MAX_SEATS + 1][DK_MAX_HAND + DK_MAX_PASS];
	int hand_n[DK_MAX_SEATS + 1];
	int played[DK_MAX_SEATS + 1];      /* cards each seat has played */
	int tricks_in[DK_MAX_SEATS + 1];   /* tricks each seat has played to: its cards,
					      but a second card in one trick (a slip)
					      not counted again */
	bool swine_said[DK_MAX_SEATS + 1];
	bool swine_shown[DK_MAX_SEATS + 1]; /* shown in the bidding, before the exchange */
	bool hyper_said[DK_MAX_SEATS + 1];
	int first_ace_winner;              /* swines.only_second: who won the trick of the
					      first trump ace; 0 = not played yet */
	unsigned char played_card[DK_MAX_SEATS + 1][DK_CARD_KINDS];
	bool known[DK_MAX_SEATS + 1];      /* the seat's party is known */
	noted_call *calls;
	int call_count, call_alloc;
	dk_finding overflow;               /* where findings beyond the limit go */
	int first_trick_points_party;      /* the party that won trick 1, for the mandatory call */
	bool made_before_trick1[3];        /* a party announced before trick 1 was complete */
	bool made_level0_before_trick1[3];
	int solo_bid;                      /* index of the winning solo bid, -1 */
	const dk_replay_ctx *ctx;          /* what the session knows, NULL = nothing */
	int pick_seq;                      /* the partner pick (Wende-Genscher), 0 = none */
	bool seat_made[DK_MAX_SEATS + 1][DK_LEVELS]; /* announce.per_player: each seat's own */
	dk_party party_at_pick[DK_MAX_SEATS + 1]; /* the parties just before it */
	dk_event bid_calls[DK_MAX_BID_CALLS];
	int lead_due;                      /* who was due to lead the current trick */
	unsigned taken;                    /* seats (bits) whose turn in the current trick
					      another seat's second card took */
	int last_slip;                     /* the latest finding that moved the order of
					      play (out of turn, wrong lead), -1 = none */
	dk_party shown[DK_MAX_SEATS + 1];  /* the party each seat has shown the table
					      (TSR 5.5.1), NONE = not yet */
} state;

/* ---- small helpers ------------------------------------------------------------ */

static dk_finding *add(state *st, dk_finding_code code, dk_finding_kind kind, int seq,
		       dk_loc loc, int seat)
{
	dk_replay *o = st->out;
	if (o->finding_count == DK_MAX_FINDINGS) {
		o->findings_dropped++;
		memset(&st->overflow, 0, sizeof(st->overflow));
		return &st->overflow;
	}
	dk_finding *f = &o->findings[o->finding_count++];
	memset(f, 0, sizeof(*f));
	f->code = code;
	f->kind = kind;
	f->seq = seq;
	f->loc = loc;
	f->seat = seat;
	f->played = DK_CARD_NONE;
	f->trick = seq ? o->trick_count + 1 : 0;
	f->card = seq ? o->cards_played + 1 : 0;
	return f;
}

/* the finding's rule: key name and its source in the rules */
#define RULE(f, key, field) ((f)->rule_key = (key), (f)->rule = &st->r->field##_src)

static int index_of_seat(const dk_replay *o, int seat)
{
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (o->seats[i] == seat)
			return i;
	return -1;
}

/* the next playing seat to the left (clockwise) */
static int next_seat(const dk_replay *o, int seat)
{
	int i = index_of_seat(o, seat);
	if (i >= 0)
		return o->seats[(i + 1) % DK_PLAYING_SEATS];
	for (int k = 0; k < DK_PLAYING_SEATS; k++)
		if (o->seats[k] > seat)
			return o->seats[k];
	return o->seats[0];
}

static int prev_seat(const dk_replay *o, int seat)
{
	int i = index_of_seat(o, seat);
	if (i >= 0)
		return o->seats[(i + DK_PLAYING_SEATS - 1) % DK_PLAYING_SEATS];
	for (int k = DK_PLAYING_SEATS - 1; k >= 0; k--)
		if (o->seats[k] < seat)
			return o->seats[k];
	return o->seats[DK_PLAYING_SEATS - 1];
}

static int count_card(const state *st, int seat, dk_card c)
{
	int n = 0;
	for (int i = 0; i < st->hand_n[seat]; i++)
		if (st->hand[seat][i] == c)
			n++;
	return n;
}

/* the index of the first card c in the seat's hand, -1 if it holds none */
static int find_card(const state *st, int seat, dk_card c)
{
	for (int i = 0; i < st->hand_n[seat]; i++)
		if (st->hand[seat][i] == c)
			return i;
	return -1;
}

static bool take_card(state *st, int seat, dk_card c)
{
	for (int i = 0; i < st->hand_n[seat]; i++) {
		if (st->hand[seat][i] == c) {
			st->hand[seat][i] = st->hand[seat][--st->hand_n[seat]];
			return true;
		}
	}
	return false;
}

static void give_card(state *st, int seat, dk_card c)
{
	if (st->hand_n[seat] < DK_MAX_HAND + DK_MAX_PASS)
		st->hand[seat][st->hand_n[seat]++] = c;
}

/* trumps of the normal game in a list of cards */
static int normal_trumps(const dk_card *cards, int n)
{
	int t = 0;
	for (int i = 0; i < n; i++)
		if (dk_normal_is_trump(cards[i]))
			t++;
	return t;
}

static const dk_hand *dealt(const dk_game *g, int seat)
{
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat == seat)
			return &g->deal.hands[i];
	return NULL;
}

static int count_in(const dk_hand *h, dk_card c)
{
	int n = 0;
	for (int i = 0; h && i < h->count; i++)
		if (h->cards[i] == c)
			n++;
	return n;
}

static int count_rank(const dk_hand *h, dk_rank r)
{
	int n = 0;
	for (int i = 0; h && i < h->count; i++)
		if (DK_CARD_RANK(h->cards[i]) == r)
			n++;
	return n;
}

/* how far after the dealer a seat is asked (1 = left of the dealer) */
static int asking_rank(const dk_replay *o, int dealer, int seat)
{
	int s = next_seat(o, dealer);
	for (int k = 1; k <= DK_PLAYING_SEATS; k++) {
		if (s == seat)
			return k;
		s = next_seat(o, s);
	}
	return DK_PLAYING_SEATS + 1;
}

/* ---- step 1: the game finding ------------------------------------------------ */

/* card points (Augen) in a hand */
static int hand_points(const dk_hand *h)
{
	int p = 0;
	for (int i = 0; h && i < h->count; i++)
		p += dk_card_points(h->cards[i]);
	return p;
}

/* no trump of the normal game ranks above the ♦A: no queen, jack or ♥10
 * (FreeDoko's "fox highest trump"; a pair of foxes as swines is still the
 * fox) */
static bool fox_highest_trump(const dk_hand *h)
{
	for (int i = 0; h && i < h->count; i++) {
		dk_card c = h->cards[i];
		if (DK_CARD_RANK(c) == DK_QUEEN || DK_CARD_RANK(c) == DK_JACK ||
		    c == DK_CARD_MAKE(DK_HEARTS, DK_TEN))
			return false;
	}
	return true;
}

/* whether the hand h allows throwing in for reason under r */
static bool throw_justified(const dk_rules *r, const dk_hand *h, dk_throw_reason reason)
{
	switch (reason) {
	case DK_THROW_FIVE_KINGS:
		return count_rank(h, DK_KING) >= r->throw_in_min_kings;
	case DK_THROW_FIVE_NINES:
		return count_rank(h, DK_NINE) >= r->throw_in_min_nines;
	case DK_THROW_FEW_TRUMPS:
		return h && normal_trumps(h->cards, h->count) <= r->throw_in_few_trumps;
	case DK_THROW_NINES_AND_KINGS:
		return count_rank(h, DK_NINE) + count_rank(h, DK_KING) >=
		       r->throw_in_min_nines_and_kings;
	case DK_THROW_RICHNESS:
		return h && hand_points(h) >= r->throw_in_min_richness;
	case DK_THROW_FOX_HIGHEST_TRUMP:
		return h && fox_highest_trump(h);
	case DK_THROW_UNSAID:
	case DK_THROW_REASON_COUNT:
		break;
	}
	return false;
}

/* whether seat declared swines anywhere in the play */
static bool swines_declared(const dk_game *g, int seat)
{
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_SWINE && g->events[i].seat == seat)
			return true;
	return false;
}

/* the foxes (♦A) of the poor player's hand that poverty.foxes_not_counted
 * leaves out of the trumps: all of them, unless he has both and declared
 * them as swines (FreeDoko: "unless swines were announced") */
static int uncounted_foxes(const dk_rules *r, const dk_game *g, const dk_hand *h)
{
	if (!r->poverty_foxes_not_counted || !h)
		return 0;
	int foxes = count_in(h, DA);
	if (foxes == 2 && r->swines != DK_SWINES_NONE && swines_declared(g, h->seat))
		return 0;
	return foxes;
}

static bool poverty_hand(const dk_rules *r, const dk_game *g, const dk_hand *h)
{
	int trumps = normal_trumps(h->cards, h->count) - uncounted_foxes(r, g, h);
	if (trumps <= r->poverty_max_trumps)
		return true;
	/* unsere-2024: max + 1 trumps of which exactly one is a ♦A */
	return r->poverty_fox_extra && trumps == r->poverty_max_trumps + 1 && count_in(h, DA) == 1;
}

/* an unjustified throwing in for a named reason: the rule with the count
 * that was missed, what the hand had (count) and what was needed (limit);
 * for fox-highest-trump the trump above the fox (played) */
static void throw_shortfall(state *st, dk_finding *f, const dk_hand *h, dk_throw_reason reason)
{
	const dk_rules *r = st->r;
	switch (reason) {
	case DK_THROW_FIVE_NINES:
		RULE(f, "throw_in.min_nines", throw_in_min_nines);
		f->count = count_rank(h, DK_NINE);
		f->limit = r->throw_in_min_nines;
		break;
	case DK_THROW_FIVE_KINGS:
		RULE(f, "throw_in.min_kings", throw_in_min_kings);
		f->count = count_rank(h, DK_KING);
		f->limit = r->throw_in_min_kings;
		break;
	case DK_THROW_NINES_AND_KINGS:
		RULE(f, "throw_in.min_nines_and_kings", throw_in_min_nines_and_kings);
		f->count = count_rank(h, DK_NINE) + count_rank(h, DK_KING);
		f->limit = r->throw_in_min_nines_and_kings;
		break;
	case DK_THROW_RICHNESS:
		RULE(f, "throw_in.min_richness", throw_in_min_richness);
		f->count = hand_points(h);
		f->limit = r->throw_in_min_richness;
		break;
	case DK_THROW_FEW_TRUMPS:
		RULE(f, "throw_in.few_trumps_max", throw_in_few_trumps);
		f->count = h ? normal_trumps(h->cards, h->count) : 0;
		f->limit = r->throw_in_few_trumps;
		break;
	case DK_THROW_FOX_HIGHEST_TRUMP:
		for (int i = 0; h && i < h->count; i++) {
			dk_card c = h->cards[i];
			if (DK_CARD_RANK(c) == DK_QUEEN || DK_CARD_RANK(c) == DK_JACK ||
			    c == DK_CARD_MAKE(DK_HEARTS, DK_TEN))
				f->played = c;
		}
		break;
	case DK_THROW_UNSAID:
	case DK_THROW_REASON_COUNT:
		break;
	}
}

/* check each named game against the hand and the rules */
static void check_declarations(state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		const dk_hand *h = dealt(g, b->seat);
		dk_finding *f;
		switch (b->kind) {
		case DK_BID_SOLO:
			if (!DK_SET_HAS(r->solo_kinds, b->solo)) {
				f = add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "solo.kinds", solo_kinds);
				f->count = (int)b->solo;
			}
			break;
		case DK_BID_MARRIAGE: {
			if (!r->marriage) {
				f = add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "marriage.enabled", marriage);
				break;
			}
			if (count_in(h, CQ) < 2) {
				f = add(st, DK_F_RESERVATION_UNJUSTIFIED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "marriage.enabled", marriage);
				f->hidden = true;
				f->played = CQ;
				f->count = count_in(h, CQ);
				f->limit = 2;
			}
			dk_marriage_cond c = b->condition ? b->condition
							  : (dk_marriage_cond)r->marriage_default_condition;
			if (b->condition && !DK_SET_HAS(r->marriage_conditions, c)) {
				f = add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "marriage.conditions", marriage_conditions);
				f->count = (int)c;
			}
			break;
		}
		case DK_BID_POVERTY:
			if (!r->poverty) {
				f = add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "poverty.enabled", poverty);
			} else if (h && !poverty_hand(r, g, h)) {
				f = add(st, DK_F_RESERVATION_UNJUSTIFIED, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "poverty.max_trumps", poverty_max_trumps);
				f->count = normal_trumps(h->cards, h->count) -
					   uncounted_foxes(r, g, h);
				f->limit = r->poverty_max_trumps;
			}
			break;
		case DK_BID_THROW_IN: {
			bool ok = false, allowed = false;
			for (int reason = 1; reason < DK_THROW_REASON_COUNT; reason++) {
				if (b->reason && b->reason != (dk_throw_reason)reason)
					continue;
				if (!DK_SET_HAS(r->throw_in_reasons, reason))
					continue;
				allowed = true;
				if (throw_justified(r, h, (dk_throw_reason)reason))
					ok = true;
			}
			if (!allowed || !ok) {
				f = add(st, allowed ? DK_F_RESERVATION_UNJUSTIFIED
						    : DK_F_RESERVATION_NOT_ALLOWED,
					DK_FK_IRREGULARITY, 0, b->loc, b->seat);
				RULE(f, "throw_in.reasons", throw_in_reasons);
				f->count = (int)b->reason;
				if (allowed && b->reason)
					throw_shortfall(st, f, h, b->reason);
			}
			break;
		}
		default:
			break;
		}
	}
}

/* priority of a reservation kind under reservations.order: lower is higher */
static int res_priority(const dk_rules *r, dk_reservation k)
{
	for (int i = 0; i < r->reservation_order_count; i++)
		if (r->reservation_order[i] == (int)k)
			return i;
	return DK_RES_COUNT + (int)k;  /* not in the rules: after all that are */
}

/* the same for a reservation named in this deal: a poverty thrown in
 * ranks as a throw-in where that is higher */
static int named_priority(const dk_rules *r, int k, bool poverty_thrown)
{
	int p = res_priority(r, (dk_reservation)k);
	if (k == DK_RES_POVERTY && poverty_thrown && res_priority(r, DK_RES_THROW_IN) < p)
		p = res_priority(r, DK_RES_THROW_IN);
	return p;
}

static int solo_priority(const dk_rules *r, dk_solo_kind k)
{
	for (int i = 0; i < r->solo_priority_count; i++)
		if (r->solo_priority[i] == (int)k)
			return i;
	return DK_SOLO_SLOTS + (int)k;
}

/*
 * Whether the solo bid at index i comes too late under solo.after_poverty:
 * after the poverty's cards were passed (never), or after every player
 * asked refused the poverty (until-refused).
 */
static bool solo_too_late(const dk_game *g, const dk_rules *r, size_t i)
{
	if (r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_ANY_TIME)
		return false;
	int declines = 0;
	for (size_t k = 0; k < i; k++) {
		dk_bid_kind kind = g->bids[k].kind;
		if (kind == DK_BID_POVERTY_PASS && r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_NEVER)
			return true;
		if (kind == DK_BID_POVERTY_DECLINE)
			declines++;
		else if (kind == DK_BID_POVERTY_ACCEPT)
			declines = -DK_PLAYING_SEATS;  /* taken: it was not refused */
	}
	return declines >= DK_PLAYING_SEATS - 1;
}

/* index of the solo bid that gets the game, -1 if none */
static int winning_solo(const state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	int best = -1;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind != DK_BID_SOLO || solo_too_late(g, r, i))
			continue;
		if (best < 0) {
			best = (int)i;
			continue;
		}
		const dk_bid *w = &g->bids[best];
		int better = 0;  /* >0: b beats w */
		if (r->solo_outbid && b->call_count != w->call_count)
			better = b->call_count - w->call_count;
		else if (r->solo_clash == DK_SOLO_CLASH_TYPE)
			better = solo_priority(r, w->solo) - solo_priority(r, b->solo);
		if (better == 0)
			better = asking_rank(st->out, g->deal.dealer, w->seat) -
				 asking_rank(st->out, g->deal.dealer, b->seat);
		if (better > 0)
			best = (int)i;
	}
	return best;
}

static const dk_bid *find_bid(const dk_game *g, dk_bid_kind kind, int seat)
{
	for (size_t i = 0; i < g->bid_count; i++)
		if (g->bids[i].kind == kind && (seat == 0 || g->bids[i].seat == seat))
			return &g->bids[i];
	return NULL;
}

static int count_bids(const dk_game *g, dk_bid_kind kind)
{
	int n = 0;
	for (size_t i = 0; i < g->bid_count; i++)
		if (g->bids[i].kind == kind)
			n++;
	return n;
}

/* the bride who meets a poverty: the seat of the named marriage, or a
 * player other than the poor one dealt both ♣Q ("wenn beides gleichzeitig
 * vorkommt": the marriage need not be named); 0 if none */
static int bride_of(const dk_game *g, const dk_bid *marriage, int poor)
{
	if (marriage)
		return marriage->seat;
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat != poor && count_in(&g->deal.hands[i], CQ) == 2)
			return g->deal.hands[i].seat;
	return 0;
}

/* the poverty exchange: check it and apply it to the hands.  bride is the
 * seat that takes it without being asked (poverty.with_marriage
 * play-together), 0 when the players are asked in turn. */
static void poverty_exchange(state *st, const dk_bid *pov, int bride)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	int poor = pov->seat;
	const dk_hand *h = dealt(g, poor);
	dk_finding *f;

	/* an imported record that knows only the hands after the exchange
	 * (FreeDoko's debug log): the taker from the bids, nothing to move or
	 * to judge */
	if (g->exchange_unknown) {
		const dk_bid *acc = find_bid(g, DK_BID_POVERTY_ACCEPT, 0);
		o->partner = bride ? bride : acc ? acc->seat : 0;
		return;
	}

	/* what must be passed: the trumps, filled up with fehl in one variant */
	int trumps = h ? normal_trumps(h->cards, h->count) : 0;
	int want = r->poverty_pass == DK_PASS_TRUMPS_ONLY ? trumps
		   : r->poverty_pass_count + (trumps > r->poverty_max_trumps ? 1 : 0);
	if (r->poverty_pass == DK_PASS_TRUMPS_FILLED && r->poverty_foxes_not_counted) {
		/* all trumps, at least pass_count cards; with foxes_passed_extra
		 * the uncounted foxes on top of pass_count */
		int base = r->poverty_pass_count +
			   (r->poverty_foxes_passed_extra ? uncounted_foxes(r, g, h) : 0);
		want = trumps > base ? trumps : base;
	}
	const dk_bid *pass = find_bid(g, DK_BID_POVERTY_PASS, poor);
	int passed_trumps = pass ? normal_trumps(pass->cards, pass->card_count) : 0;
	if (!pass) {
		f = add(st, DK_F_POVERTY_PASS_WRONG, DK_FK_RECORD_DEFECT, 0, pov->loc, poor);
		RULE(f, "poverty.pass", poverty_pass);
		f->count = 0;
		f->limit = want;
	} else {
		bool in_hand = true;
		for (int i = 0; i < pass->card_count; i++)
			if (count_in(h, pass->cards[i]) == 0)
				in_hand = false;
		if (pass->card_count != want || passed_trumps != trumps || !in_hand) {
			f = add(st, DK_F_POVERTY_PASS_WRONG, in_hand ? DK_FK_IRREGULARITY
					: DK_FK_RECORD_DEFECT, 0, pass->loc, poor);
			RULE(f, r->poverty_pass == DK_PASS_TRUMPS_ONLY ? "poverty.pass"
								   : "poverty.pass_count",
			     poverty_pass);
			if (r->poverty_pass != DK_PASS_TRUMPS_ONLY)
				f->rule = &r->poverty_pass_count_src;
			if (r->poverty_pass != DK_PASS_TRUMPS_ONLY && r->poverty_foxes_passed_extra &&
			    uncounted_foxes(r, g, h) > 0)
				RULE(f, "poverty.foxes_passed_extra", poverty_foxes_passed_extra);
			f->count = pass->card_count;
			f->limit = want;
			for (int i = 0; h && i < h->count && f->demanded_count < DK_FINDING_CARDS; i++)
				if (dk_normal_is_trump(h->cards[i]))
					f->demanded[f->demanded_count++] = h->cards[i];
		}
	}

	/* asked in turn from the poor player's left; or nobody asked, when the
	 * bride takes it (then only another player's taking is out of order) */
	int expect = bride ? bride : next_seat(o, poor), taker = bride;
	for (size_t i = 0; i < g->bid_count && (bride || !taker); i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind != DK_BID_POVERTY_DECLINE && b->kind != DK_BID_POVERTY_ACCEPT)
			continue;
		if (bride) {
			if (b->kind == DK_BID_POVERTY_ACCEPT && b->seat != bride) {
				f = add(st, DK_F_POVERTY_ASKED_OUT_OF_ORDER, DK_FK_IRREGULARITY, 0,
					b->loc, b->seat);
				RULE(f, "poverty.with_marriage", poverty_marriage);
				f->expected_seat = bride;
			}
			continue;
		}
		if (b->seat != expect) {
			f = add(st, DK_F_POVERTY_ASKED_OUT_OF_ORDER, DK_FK_IRREGULARITY, 0, b->loc,
				b->seat);
			RULE(f, "poverty.enabled", poverty);
			f->expected_seat = expect;
		}
		if (b->kind == DK_BID_POVERTY_ACCEPT)
			taker = b->seat;
		expect = next_seat(o, b->seat);
		if (expect == poor)
			expect = next_seat(o, poor);
	}
	if (!taker)
		return;
	o->partner = taker;

	/* move the passed cards, then the returned ones */
	for (int i = 0; pass && i < pass->card_count; i++)
		if (take_card(st, poor, pass->cards[i]))
			give_card(st, taker, pass->cards[i]);
	const dk_bid *ret = find_bid(g, DK_BID_POVERTY_RETURN, taker);
	int returned_trumps = 0;
	if (!ret) {
		f = add(st, DK_F_POVERTY_RETURN_WRONG, DK_FK_RECORD_DEFECT, 0, pov->loc, taker);
		RULE(f, "poverty.pass", poverty_pass);
		f->limit = pass ? pass->card_count : want;
	} else {
		bool in_hand = true, fehl_kept = false;
		for (int i = 0; i < ret->card_count; i++)
			if (count_card(st, taker, ret->cards[i]) == 0)
				in_hand = false;
		returned_trumps = normal_trumps(ret->cards, ret->card_count);
		/* a trump back while a fehl card stays in the taker's hand */
		if (r->poverty_return_fehl_first && returned_trumps > 0) {
			for (int i = 0; i < st->hand_n[taker]; i++) {
				dk_card c = st->hand[taker][i];
				bool back = false;
				for (int k = 0; k < ret->card_count; k++)
					if (ret->cards[k] == c)
						back = true;
				if (!dk_normal_is_trump(c) && !back)
					fehl_kept = true;
			}
		}
		int need = pass ? pass->card_count : want;
		if (ret->card_count != need || !in_hand) {
			f = add(st, DK_F_POVERTY_RETURN_WRONG, in_hand ? DK_FK_IRREGULARITY
					: DK_FK_RECORD_DEFECT, 0, ret->loc, taker);
			RULE(f, "poverty.pass", poverty_pass);
			f->count = ret->card_count;
			f->limit = need;
		} else if (fehl_kept) {
			f = add(st, DK_F_POVERTY_RETURN_WRONG, DK_FK_IRREGULARITY, 0, ret->loc, taker);
			RULE(f, "poverty.return_fehl_first", poverty_return_fehl_first);
			f->count = returned_trumps;
			f->limit = -1;  /* the order, not the count, was wrong */
		}
		for (int i = 0; i < ret->card_count; i++)
			if (take_card(st, taker, ret->cards[i]))
				give_card(st, poor, ret->cards[i]);
	}

	/* what was said about the trumps that came back */
	const dk_bid *rep = find_bid(g, DK_BID_POVERTY_REPORT, 0);
	bool must = (r->poverty_report == DK_REPORT_COUNT_OF_TRUMPS ||
		     r->poverty_report == DK_REPORT_WHETHER) &&
		    (returned_trumps > 0 || r->poverty_report_always);
	if (!rep && must) {
		f = add(st, DK_F_POVERTY_REPORT_MISSING, DK_FK_IRREGULARITY, 0,
			ret ? ret->loc : pov->loc, taker);
		if (returned_trumps > 0)
			RULE(f, "poverty.report", poverty_report);
		else
			RULE(f, "poverty.report_always", poverty_report_always);
		f->count = returned_trumps;
	} else if (rep && rep->trumps >= 0) {
		bool wrong = r->poverty_report == DK_REPORT_WHETHER
				     ? (rep->trumps > 0) != (returned_trumps > 0)
				     : rep->trumps != returned_trumps;
		if (wrong) {
			f = add(st, DK_F_POVERTY_REPORT_WRONG, DK_FK_IRREGULARITY, 0, rep->loc,
				rep->seat);
			RULE(f, "poverty.report", poverty_report);
			f->count = rep->trumps;
			f->limit = returned_trumps;
		}
	}
}

/* which game is played, from the game finding */
static void resolve(state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	check_declarations(st);
	st->solo_bid = -1;

	/* a solo named too late does not count (solo.after_poverty) */
	int solos = 0;
	for (size_t i = 0; i < g->bid_count; i++) {
		if (g->bids[i].kind != DK_BID_SOLO)
			continue;
		if (!solo_too_late(g, r, i)) {
			solos++;
			continue;
		}
		dk_finding *f = add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
				    g->bids[i].loc, g->bids[i].seat);
		RULE(f, "solo.after_poverty", solo_after_poverty);
		f->count = (int)g->bids[i].solo;
		f->limit = r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_UNTIL_REFUSED;
	}

	/* the poverty played: with two, the first asked under poverty.double */
	const dk_bid *pov = find_bid(g, DK_BID_POVERTY, 0);
	int poverties = count_bids(g, DK_BID_POVERTY);
	if (poverties > 1 && r->poverty_double == DK_DOUBLE_FIRST_ASKED) {
		for (size_t i = 0; i < g->bid_count; i++) {
			const dk_bid *b = &g->bids[i];
			if (b->kind == DK_BID_POVERTY &&
			    asking_rank(o, g->deal.dealer, b->seat) <
			    asking_rank(o, g->deal.dealer, pov->seat))
				pov = b;
		}
		poverties = 1;
	}
	/* a poverty that is thrown in rather than passed ranks as a throw-in
	 * (poverty.exchange, poverty.throw_in_max_trumps); a record that knows
	 * only the hands after the exchange shows that it was passed */
	const dk_hand *ph = pov ? dealt(g, pov->seat) : NULL;
	bool pov_thrown = pov && poverties == 1 && !g->exchange_unknown &&
		(!r->poverty_exchange ||
		 (ph && normal_trumps(ph->cards, ph->count) <= r->poverty_throw_in_max_trumps));

	/* the reservation kinds named, best first */
	bool named[DK_RES_COUNT] = {
		solos > 0, count_bids(g, DK_BID_THROW_IN) > 0,
		pov != NULL, count_bids(g, DK_BID_MARRIAGE) > 0,
	};
	int win = -1;
	for (int k = 0; k < DK_RES_COUNT; k++)
		if (named[k] && (win < 0 || named_priority(r, k, pov_thrown) <
					    named_priority(r, win, pov_thrown)))
			win = k;

	const dk_bid *marriage = find_bid(g, DK_BID_MARRIAGE, 0);
	switch (win) {
	case DK_RES_SOLO: {
		st->solo_bid = winning_solo(st);
		const dk_bid *b = &g->bids[st->solo_bid];
		o->type = DK_GT_SOLO;
		o->solo = b->solo;
		o->declarer = b->seat;
		return;
	}
	case DK_RES_THROW_IN:
		o->type = DK_GT_THROWN_IN;
		o->declarer = find_bid(g, DK_BID_THROW_IN, 0)->seat;
		return;
	case DK_RES_POVERTY: {
		o->declarer = pov->seat;
		if (poverties > 1) {
			o->type = DK_GT_REDEAL;  /* a solo would have won above */
			return;
		}
		if (pov_thrown) {
			/* no cards move: the deal is thrown in */
			o->type = DK_GT_THROWN_IN;
			o->poverty_thrown = true;
			const dk_bid *pass = find_bid(g, DK_BID_POVERTY_PASS, pov->seat);
			if (pass) {
				dk_finding *f = add(st, DK_F_POVERTY_PASS_WRONG, DK_FK_IRREGULARITY,
						    0, pass->loc, pov->seat);
				if (!r->poverty_exchange)
					RULE(f, "poverty.exchange", poverty_exchange);
				else
					RULE(f, "poverty.throw_in_max_trumps",
					     poverty_throw_in_max_trumps);
				f->count = pass->card_count;
				f->limit = 0;
			}
			return;
		}
		o->type = DK_GT_POVERTY;
		int bride = r->poverty_marriage == DK_PM_PLAY_TOGETHER
				    ? bride_of(g, marriage, pov->seat) : 0;
		if (bride) {
			/* esslingen-2002: "spielt automatisch die Armut und die
			 * Hochzeit zusammen": the holder of both ♣Q, named or not,
			 * takes it without being asked; an exchange, if the table
			 * made one, is checked as usual */
			if (find_bid(g, DK_BID_POVERTY_PASS, pov->seat))
				poverty_exchange(st, pov, bride);
			o->partner = bride;
			o->poverty_with_marriage = true;
			return;
		}
		poverty_exchange(st, pov, 0);
		if (!o->partner) {
			bool lapse = marriage && r->poverty_marriage == DK_PM_POVERTY_ONLY;
			o->type = r->poverty_refused == DK_REFUSED_RAMSCH && !lapse ? DK_GT_RAMSCH
										   : DK_GT_REDEAL;
		}
		return;
	}
	case DK_RES_MARRIAGE:
		o->type = DK_GT_MARRIAGE;
		o->declarer = marriage->seat;
		o->condition = marriage->condition ? marriage->condition
						   : (dk_marriage_cond)r->marriage_default_condition;
		return;
	default:
		break;
	}
	/* nothing named: both ♣Q in one hand is a silent marriage */
	for (int i = 0; i < g->deal.hand_count; i++) {
		if (count_in(&g->deal.hands[i], CQ) == 2) {
			o->type = DK_GT_SILENT_MARRIAGE;
			o->solo = r->marriage_silent_solo ? (dk_solo_kind)r->marriage_silent_solo
							  : DK_SOLO_TRUMPS;
			o->declarer = g->deal.hands[i].seat;
			return;
		}
	}
	o->type = DK_GT_NORMAL;
}

/* ---- parties ----------------------------------------------------------------- */

static void set_parties(state *st)
{
	dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int s = o->seats[i];
		o->party[s] = DK_PARTY_KONTRA;
		st->known[s] = true;
	}
	switch (o->type) {
	case DK_GT_SOLO:
	case DK_GT_SILENT_MARRIAGE:
		o->party[o->declarer] = DK_PARTY_RE;
		break;
	case DK_GT_MARRIAGE:
		o->party[o->declarer] = DK_PARTY_RE;
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			if (o->seats[i] != o->declarer)
				st->known[o->seats[i]] = false;
		break;
	case DK_GT_POVERTY: {
		dk_party pair = st->r->poverty_party == DK_POVERTY_PAIR_RE ? DK_PARTY_RE
									   : DK_PARTY_KONTRA;
		dk_party rest = pair == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			o->party[o->seats[i]] = rest;
		o->party[o->declarer] = pair;
		if (o->partner)
			o->party[o->partner] = pair;
		break;
	}
	default:
		/* normal game, Ramsch, and what is played after a redeal: the ♣Q */
		for (int i = 0; i < DK_PLAYING_SEATS; i++) {
			int s = o->seats[i];
			if (count_card(st, s, CQ) > 0)
				o->party[s] = DK_PARTY_RE;
		}
		break;
	}
}

/* does a trick led with a card of suit led (DK_SUIT_TRUMP for a trump)
 * decide the marriage under condition c? */
static bool deciding_lead(dk_marriage_cond c, int led)
{
	switch (c) {
	case DK_MARRIAGE_FIRST_TRICK: return true;
	case DK_MARRIAGE_FIRST_FEHL_TRICK: return led != DK_SUIT_TRUMP;
	case DK_MARRIAGE_FIRST_TRUMP_TRICK: return led == DK_SUIT_TRUMP;
	case DK_MARRIAGE_FIRST_CLUB_TRICK: return led == DK_CLUBS;
	case DK_MARRIAGE_FIRST_SPADE_TRICK: return led == DK_SPADES;
	case DK_MARRIAGE_FIRST_HEART_TRICK: return led == DK_HEARTS;
	case DK_MARRIAGE_UNSAID:
	case DK_MARRIAGE_COND_COUNT: break;
	}
	return false;
}

/* can any card still in a hand lead a trick that decides the marriage? */
static bool deciding_lead_left(const state *st)
{
	const dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int s = o->seats[i];
		for (int k = 0; k < st->hand_n[s]; k++)
			if (deciding_lead(o->condition, dk_order_suit(&o->order, st->hand[s][k])))
				return true;
	}
	return false;
}

/* after a complete trick of a marriage that is not decided yet: a trick
 * led as the condition says decides it, won by another player (the
 * partner) or, under marriage.bride_meets_condition alone, by the bride
 * (FreeDoko's "marriage first one decides"); the bride plays alone when
 * the deadline passes or no card left in any hand can lead a deciding
 * trick (a ♣ trick with no fehl ♣ left: FreeDoko's Game::determine_marriage
 * decides it there too) */
static void marriage_step(state *st, const dk_trick *t, int number)
{
	dk_replay *o = st->out;
	if (o->type != DK_GT_MARRIAGE || o->clarified_trick || o->alone || st->pick_seq)
		return;
	bool counts = deciding_lead(o->condition, dk_order_suit(&o->order, t->cards[0]));
	if (counts && t->winner != o->declarer) {
		o->partner = t->winner;
		o->clarified_trick = number;
		o->party[t->winner] = DK_PARTY_RE;
	} else if ((counts && st->r->marriage_self == DK_SELF_ALONE) ||
		   number >= st->r->marriage_deadline_trick || !deciding_lead_left(st)) {
		o->alone = true;
		o->clarified_trick = number;
	}
	if (o->clarified_trick)
		for (int i = 0; i < DK_PLAYING_SEATS; i++)
			st->known[o->seats[i]] = true;
}

/* swines shown in the bidding (<swine> among the bids): before the
 * poverty's return they are shown before the exchange.  A seat shows
 * swines it holds in its hand as dealt, or, the taker, both among the cards
 * passed to it; one of each is no swine shown (esslingen-2002 §6: not one
 * "erst durch das Kartenaufnehmen aus 2 Füchsen"), a false declaration */
static void swines_shown(state *st)
{
	const dk_game *g = st->g;
	dk_replay *o = st->out;
	dk_card ace = o->order.trump_ace;
	bool exchanged = false;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind == DK_BID_POVERTY_RETURN)
			exchanged = true;
		if (b->kind != DK_BID_SWINE_SHOWN)
			continue;
		int n = 0, passed = 0;
		const dk_hand *h = dealt(g, b->seat);
		for (int k = 0; h && k < h->count; k++)
			n += h->cards[k] == ace;
		const dk_bid *pass = o->type == DK_GT_POVERTY && b->seat == o->partner
				     ? find_bid(g, DK_BID_POVERTY_PASS, o->declarer) : NULL;
		for (int k = 0; pass && k < pass->card_count; k++)
			passed += pass->cards[k] == ace;
		if (passed > n)
			n = passed;
		if (ace == DK_CARD_NONE || n < 2 || st->r->swines == DK_SWINES_NONE) {
			dk_finding *f = add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, 0, b->loc,
					    b->seat);
			RULE(f, "swines.kind", swines);
			f->played = ace;
			f->count = n;
			continue;
		}
		if (!exchanged)
			st->swine_shown[b->seat] = true;
	}
}

/* ---- step 2: the play ---------------------------------------------------------- */

/* swines can count in this game (swines.kind, swines.solos, swines.in_poverty,
 * swines.in_silent_marriage) */
static bool swines_here(const state *st)
{
	const dk_rules *r = st->r;
	const dk_replay *o = st->out;
	if (r->swines == DK_SWINES_NONE || o->order.trump_ace == DK_CARD_NONE)
		return false;
	if (o->type == DK_GT_POVERTY && r->swines_poverty == DK_SWINES_POVERTY_NONE)
		return false;
	if (o->solo == DK_SOLO_NONE)
		return true;
	if (o->type == DK_GT_SILENT_MARRIAGE && r->swines_silent_marriage)
		return true;  /* swines.in_silent_marriage: as in a normal game */
	return DK_SET_HAS(r->swines_solos, o->solo);
}

/* swines.in_poverty re-only-if-shown: in a poverty a swine of the Re side
 * counts only when it was shown in the bidding, before the exchange */
static bool swine_unshown_re(const state *st, int seat)
{
	const dk_replay *o = st->out;
	return o->type == DK_GT_POVERTY &&
	       st->r->swines_poverty == DK_SWINES_POVERTY_RE_IF_SHOWN &&
	       o->party[seat] == DK_PARTY_RE && !st->swine_shown[seat];
}

/* swines.only_second: the first trump ace of the seat went to its own party */
static bool first_ace_kept(const state *st, int seat)
{
	int w = st->first_ace_winner;
	return w && (w == seat || st->out->party[w] == st->out->party[seat]);
}

static int held(const state *st, int seat, dk_card c);

/* is the seat's card c the one that makes its swines count when played? */
static bool swine_card(const state *st, int seat, dk_card c)
{
	dk_card ace = st->out->order.trump_ace;
	if (c != ace || !swines_here(st) || held(st, seat, ace) != 2 || swine_unshown_re(st, seat))
		return false;
	if (st->r->swines_only_second)
		return st->played_card[seat][ace] == 1 && first_ace_kept(st, seat);
	return st->played_card[seat][ace] == 0;
}

/* hyperswines can count in this game (hyperswines.kind, .solos, .in_poverty) */
static bool hyperswines_here(const state *st)
{
	const dk_rules *r = st->r;
	const dk_replay *o = st->out;
	if (r->hyperswines == DK_SWINES_NONE || o->order.hyperswine == DK_CARD_NONE ||
	    !swines_here(st))
		return false;
	if (o->type == DK_GT_POVERTY && !r->hyperswines_poverty)
		return false;
	if (o->solo == DK_SOLO_NONE)
		return true;
	return DK_SET_HAS(r->hyperswines_solos, o->solo);
}

/* why the seat's hyperswines cannot count: 0 none in this game, 1 not both
 * cards, 2 no swines declared or in play, 3 the seat has the swines too and
 * hyperswines.with_swines is false; -1 they can */
static int hyperswines_refused(const state *st, int seat)
{
	const dk_replay *o = st->out;
	dk_card ace = o->order.trump_ace;
	if (!hyperswines_here(st))
		return 0;
	if (held(st, seat, o->order.hyperswine) < 2)
		return 1;
	int holder = 0;
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (held(st, o->seats[i], ace) == 2)
			holder = o->seats[i];
	bool swines = holder && !swine_unshown_re(st, holder) &&
		      (st->swine_said[holder] || o->swines_active ||
		       st->r->swines == DK_SWINES_AUTOMATIC);
	if (!swines)
		return 2;
	if (holder == seat && !st->r->hyperswines_with_swines)
		return 3;
	return -1;
}

static void activate_swines(state *st, int seat)
{
	st->out->swines_active = true;
	st->out->order.swines = true;
	st->out->swine_seat = seat;
}

static void activate_hyperswines(state *st, int seat)
{
	st->out->hyperswines_active = true;
	st->out->order.hyperswines = true;
	st->out->hyperswine_seat = seat;
}

/* swines and hyperswines that count without a word (kind automatic) rank
 * as such from the first card: the order of every position has them */
static void automatic_swines(state *st)
{
	const dk_replay *o = st->out;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = o->seats[i];
		if (st->r->swines == DK_SWINES_AUTOMATIC && !st->r->swines_only_second &&
		    swine_card(st, seat, o->order.trump_ace))
			activate_swines(st, seat);
	}
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = o->seats[i];
		if (st->r->hyperswines == DK_SWINES_AUTOMATIC && hyperswines_refused(st, seat) < 0)
			activate_hyperswines(st, seat);
	}
}

static bool genscher_game(const dk_replay *o)
{
	return o->type == DK_GT_NORMAL || o->type == DK_GT_MARRIAGE ||
	       o->type == DK_GT_SILENT_MARRIAGE;
}

/* may a partner be picked in this game (wende_genscher.bride_alone) */
static bool pick_game(const state *st)
{
	const dk_replay *o = st->out;
	if (!genscher_game(o))
		return false;
	bool bride_alone = o->type == DK_GT_SILENT_MARRIAGE ||
			   (o->type == DK_GT_MARRIAGE && o->alone);
	return !bride_alone || st->r->wende_genscher_bride_alone;
}

static bool played_in(const dk_trick *t, int seat)
{
	for (int i = 0; i < t->count && i < 4; i++)
		if (t->seats[i] == seat)
			return true;
	return false;
}

/* the first seat from `from` on, clockwise and `from` included, that has
 * not played in trick t and whose turn in it no other seat's second card
 * took (that seat played in its place); seats with an empty hand are
 * passed over while
 * another one still holds cards (after a seat played twice in a trick, the
 * one it played for has its card left over for the last trick) */
static int first_unplayed(const state *st, const dk_trick *t, int from)
{
	const dk_replay *o = st->out;
	int s = from;
	for (int k = 0; k < DK_PLAYING_SEATS; k++, s = next_seat(o, s))
		if (!played_in(t, s) && !(st->taken & 1u << s) && st->hand_n[s] > 0)
			return s;
	s = from;
	for (int k = 0; k < DK_PLAYING_SEATS; k++, s = next_seat(o, s))
		if (st->hand_n[s] > 0)
			return s;
	return from;
}

/*
 * Whose card may come next, given the cards of the trick so far.  One slip
 * is one finding: after a card out of turn the table plays on around it,
 * and the cards that follow from it are no slips of their own.  Two seats
 * are in turn: `due`, the first seat in the trick's rightful order (from
 * the seat due to lead it) that has not played yet, which is the player
 * the slip passed over making up his card; and `on`, the first seat after
 * the card before that has not played yet, the table going on from the
 * slip.  Without a slip both are the same seat.
 */
static void in_turn(const state *st, const dk_trick *t, int *due, int *on)
{
	*due = t->count == 0 ? st->lead_due : first_unplayed(st, t, st->lead_due);
	*on = t->count == 0 ? *due
			    : first_unplayed(st, t, next_seat(st->out, t->seats[t->count - 1]));
}

/* a Pflichtsolo, forced or not, is led under lead.duty_solo */
static bool duty_lead(const dk_replay *o)
{
	return o->type == DK_GT_SOLO &&
	       (o->solo_as == DK_SOLO_AS_DUTY || o->solo_as == DK_SOLO_AS_FORCED);
}

/* the partnerships are clear to every player from record position seq on
 * (TSR 5.5.2); the first time counts */
static void parties_clear(state *st, int seq)
{
	if (st->out->parties_clear_seq < 0)
		st->out->parties_clear_seq = seq;
}

/* a seat showed the table its party (TSR 5.5.1); in a game that looks
 * normal, two Re or three Kontra shown make every party clear */
static void show_party(state *st, int seat, dk_party p, int seq)
{
	dk_replay *o = st->out;
	if (o->type != DK_GT_NORMAL && o->type != DK_GT_SILENT_MARRIAGE)
		return;
	st->shown[seat] = p;
	int re = 0, kontra = 0;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		re += st->shown[o->seats[i]] == DK_PARTY_RE;
		kontra += st->shown[o->seats[i]] == DK_PARTY_KONTRA;
	}
	if (re == 2 || kontra == 3 || re + kontra == DK_PLAYING_SEATS)
		parties_clear(st, seq);
}

static void play_card(state *st, const dk_event *e, int seq, int *expected)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	dk_trick *t = &o->tricks[o->trick_count];
	int seat = e->seat;
	dk_finding *f;
	int due, on;
	in_turn(st, t, &due, &on);
	int at = find_card(st, seat, e->card);  /* where the hand holds it, -1 = not */

	/* a card of the seat in turn, recorded under a seat that neither is in
	 * turn nor holds it: the record put the wrong seat.  One finding, the
	 * card not in the hand, naming whose card and turn it was; the card is
	 * taken as that seat's, so the hands and the order stay in step */
	int owner = 0;
	if (seat != due && seat != on && at < 0)
		owner = find_card(st, due, e->card) >= 0  ? due
			: find_card(st, on, e->card) >= 0 ? on : 0;
	if (owner) {
		f = add(st, DK_F_CARD_NOT_IN_HAND, DK_FK_RECORD_DEFECT, seq, e->loc, seat);
		f->played = e->card;
		f->expected_seat = owner;
		f->rule_key = "deal";
		seat = owner;
		at = find_card(st, seat, e->card);
	} else if (seat != due && seat != on) {
		bool first = o->cards_played == 0;
		dk_finding_kind kind = first && r->lead_wrong_severity == DK_RULE_SEV_WARNING
					       ? DK_FK_WARNING : DK_FK_IRREGULARITY;
		st->last_slip = o->finding_count;
		f = add(st, first ? DK_F_WRONG_LEAD : DK_F_OUT_OF_TURN, kind, seq, e->loc, seat);
		if (o->finding_count == st->last_slip)
			st->last_slip = -1;  /* beyond the limit */
		f->expected_seat = due;
		f->played = e->card;
		if (played_in(t, seat))   /* a second card: it takes the turn of the seat due */
			st->taken |= 1u << due;
		if (first) {
			bool solo_lead = o->type == DK_GT_SOLO;
			RULE(f, solo_lead ? "lead.solo" : "lead.normal", lead_normal);
			if (duty_lead(o)) {
				f->rule_key = "lead.duty_solo";
				f->rule = &r->lead_duty_solo_src;
			} else if (solo_lead) {
				f->rule = &r->lead_solo_src;
			}
		} else {
			f->rule_key = "play";
		}
	} else if (seat != *expected && st->last_slip >= 0) {
		/* in turn only given the slip: part of that finding */
		o->findings[st->last_slip].followed++;
	}
	if (at < 0) {
		f = add(st, DK_F_CARD_NOT_IN_HAND, DK_FK_RECORD_DEFECT, seq, e->loc, seat);
		f->played = e->card;
		f->rule_key = "deal";
	} else if (t->count > 0 && r->follow_suit) {
		int led = dk_order_suit(&o->order, t->cards[0]);
		if (dk_order_suit(&o->order, e->card) != led) {
			dk_card could[DK_FINDING_CARDS];
			int n = 0;
			for (int i = 0; i < st->hand_n[seat] && n < DK_FINDING_CARDS; i++)
				if (dk_order_suit(&o->order, st->hand[seat][i]) == led)
					could[n++] = st->hand[seat][i];
			if (n) {
				f = add(st, DK_F_REVOKE, DK_FK_IRREGULARITY, seq, e->loc, seat);
				RULE(f, "play.follow_suit", follow_suit);
				f->played = e->card;
				memcpy(f->demanded, could, (size_t)n);
				f->demanded_count = n;
				f->count = led;   /* the suit that was led (DK_SUIT_TRUMP = trump) */
			}
		}
	}
	/* swines: the first trump ace of a hand holding both (the second with
	 * swines.only_second) */
	if (swine_card(st, seat, e->card)) {
		if (r->swines == DK_SWINES_AUTOMATIC || st->swine_said[seat])
			activate_swines(st, seat);
		if (r->swines == DK_SWINES_AUTOMATIC && !st->swine_said[seat]) {
			f = add(st, DK_F_SWINE_NOT_DECLARED, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "swines.kind", swines);
			f->played = e->card;
		}
	}
	/* hyperswines: the first hyperswine card of a hand holding both */
	if (e->card == o->order.hyperswine && !st->played_card[seat][e->card] &&
	    hyperswines_refused(st, seat) < 0) {
		if (r->hyperswines == DK_SWINES_AUTOMATIC || st->hyper_said[seat])
			activate_hyperswines(st, seat);
		if (r->hyperswines == DK_SWINES_AUTOMATIC && !st->hyper_said[seat]) {
			f = add(st, DK_F_HYPERSWINE_NOT_DECLARED, DK_FK_IRREGULARITY, seq, e->loc,
				seat);
			RULE(f, "hyperswines.kind", hyperswines);
			f->played = e->card;
		}
	}
	if (at >= 0) {
		/* as take_card: the last card of the hand fills the gap */
		st->hand[seat][at] = st->hand[seat][--st->hand_n[seat]];
		st->played_card[seat][e->card]++;
	}
	st->played[seat]++;
	if (!played_in(t, seat))
		st->tricks_in[seat]++;
	if (t->count < 4) {
		t->cards[t->count] = e->card;
		t->seats[t->count] = seat;
		t->count++;
	}
	/* TSR 5.5.1: a ♣Q played shows Re, a fehl card to a trump lead Kontra */
	if (e->card == CQ)
		show_party(st, seat, DK_PARTY_RE, seq);
	else if (t->count > 1 && dk_order_suit(&o->order, t->cards[0]) == DK_SUIT_TRUMP &&
		 dk_order_suit(&o->order, e->card) != DK_SUIT_TRUMP)
		show_party(st, seat, DK_PARTY_KONTRA, seq);
	o->cards_played++;
	*expected = next_seat(o, seat);
	if (t->count == 4) {
		bool last = o->trick_count == o->hand_size - 1;
		int w = dk_order_winner(&o->order, t->cards, 4, last);
		t->winner = t->seats[w];
		t->winner_index = w;
		t->points = 0;
		for (int i = 0; i < 4; i++)
			t->points += dk_card_points(t->cards[i]);
		o->trick_count++;
		*expected = t->winner;
		st->lead_due = t->winner;
		st->taken = 0;
		if (!st->first_ace_winner && o->order.trump_ace != DK_CARD_NONE)
			for (int i = 0; i < 4; i++)
				if (t->cards[i] == o->order.trump_ace)
					st->first_ace_winner = t->winner;
		marriage_step(st, t, o->trick_count);
		if (o->type == DK_GT_MARRIAGE && o->clarified_trick)
			parties_clear(st, seq);
	}
}

/* how many of card c the seat held: in the hand now plus played */
static int held(const state *st, int seat, dk_card c)
{
	return count_card(st, seat, c) + st->played_card[seat][c];
}

/* is the next card of the game the seat's card c (its first of them)? */
static bool with_first(const state *st, size_t i, int seat, dk_card c)
{
	const dk_game *g = st->g;
	for (size_t j = i + 1; j < g->event_count; j++) {
		const dk_event *e = &g->events[j];
		if (e->kind == DK_EV_CARD)
			return e->seat == seat && e->card == c && st->played_card[seat][c] == 0;
	}
	return false;
}

static void declaration(state *st, size_t i, int seq)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	const dk_event *e = &st->g->events[i];
	int seat = e->seat;
	dk_finding *f;
	switch (e->kind) {
	case DK_EV_SWINE: {
		dk_card ace = o->order.trump_ace;
		bool second = r->swines_only_second;
		if (!swines_here(st) || ace == DK_CARD_NONE || held(st, seat, ace) < 2) {
			f = add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "swines.kind", swines);
			f->hidden = swines_here(st) && ace != DK_CARD_NONE;
			if (o->type == DK_GT_POVERTY && r->swines != DK_SWINES_NONE &&
			    r->swines_poverty == DK_SWINES_POVERTY_NONE)
				RULE(f, "swines.in_poverty", swines_poverty);
			f->played = ace;
			f->count = ace == DK_CARD_NONE ? 0 : held(st, seat, ace);
			break;
		}
		/* why else it is false: 1 the first ace went to the opponents,
		 * 2 not shown before the poverty exchange */
		int why = swine_unshown_re(st, seat) ? 2
			  : second && st->played_card[seat][ace] && st->first_ace_winner &&
			    !first_ace_kept(st, seat) ? 1 : 0;
		if (why) {
			f = add(st, DK_F_SWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, why == 2 ? "swines.in_poverty" : "swines.only_second",
			     swines_poverty);
			if (why == 1)
				f->rule = &r->swines_only_second_src;
			f->played = ace;
			f->count = 2;
			f->limit = why;
			break;
		}
		/* with swines.only_second: after the trick of the first ace, before the second */
		bool late = second ? st->played_card[seat][ace] != 1 || !st->first_ace_winner
			    : r->swines == DK_SWINES_AT_START ? o->cards_played > 0
			    : !with_first(st, i, seat, ace);
		if (late) {
			f = add(st, DK_F_SWINE_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, second ? "swines.only_second" : "swines.kind", swines);
			if (second)
				f->rule = &r->swines_only_second_src;
			f->played = ace;
			f->count = st->played_card[seat][ace];
			f->limit = second;
		}
		if (st->played_card[seat][ace] < (second ? 2 : 1)) {
			st->swine_said[seat] = true;
			o->order.swines_declared = true;
			/* from the declaration on the order is the one they make (the
			 * search of a position after it sees them); with only_second
			 * the first ace has gone, the second is the swine */
			if (!second || first_ace_kept(st, seat))
				activate_swines(st, seat);
		}
		break;
	}
	case DK_EV_HYPERSWINE: {
		dk_card nine = o->order.hyperswine;
		int why = hyperswines_refused(st, seat);
		if (why >= 0) {
			f = add(st, DK_F_HYPERSWINE_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, why == 3 ? "hyperswines.with_swines" : "hyperswines.kind",
			     hyperswines);
			f->hidden = why == 1;
			if (why == 3)
				f->rule = &r->hyperswines_with_swines_src;
			f->played = nine;
			f->count = nine == DK_CARD_NONE ? 0 : held(st, seat, nine);
			f->limit = why;
			break;
		}
		if (r->hyperswines == DK_SWINES_AT_START ? o->cards_played > 0
							 : !with_first(st, i, seat, nine)) {
			f = add(st, DK_F_HYPERSWINE_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "hyperswines.kind", hyperswines);
			f->played = nine;
			f->count = st->played_card[seat][nine];
			f->limit = r->hyperswines == DK_SWINES_AT_START;
		}
		if (!st->played_card[seat][nine]) {
			st->hyper_said[seat] = true;
			activate_hyperswines(st, seat);
		}
		break;
	}
	case DK_EV_GENSCHER:
		if (!r->genscher || !genscher_game(o) || held(st, seat, DK_) < 2) {
			f = add(st, DK_F_GENSCHER_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "genscher.enabled", genscher);
			f->hidden = r->genscher && genscher_game(o);
			f->played = DK_;
			f->count = held(st, seat, DK_);
			break;
		}
		if (!with_first(st, i, seat, DK_)) {
			f = add(st, DK_F_GENSCHER_MISTIMED, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "genscher.enabled", genscher);
			f->played = DK_;
			f->count = st->played_card[seat][DK_];
		}
		/* as played, the order turns round from the call on */
		o->genscher_active = true;
		o->order.reversed = true;
		break;
	case DK_EV_WENDE_GENSCHER: {
		/* a partner pick: the card, the parties it makes and what becomes
		 * of the announcements are rule data (wende_genscher.*) */
		dk_card card = r->wende_genscher_card == DK_PICK_DIAMOND_KING ? DK_ : DJ;
		bool game_ok = r->wende_genscher && pick_game(st);
		/* why it is false: 0 the game, 1 the cards, 2 the partner, 3 the moment */
		int why = !game_ok ? 0 : held(st, seat, card) < 2 ? 1
			  : e->partner == seat || index_of_seat(o, e->partner) < 0 ? 2
			  : !with_first(st, i, seat, card) ? 3 : -1;
		if (why >= 0) {
			f = add(st, DK_F_WENDE_GENSCHER_FALSE, DK_FK_IRREGULARITY, seq, e->loc, seat);
			RULE(f, "wende_genscher.enabled", wende_genscher);
			f->hidden = why == 1;
			f->played = card;
			f->count = held(st, seat, card);
			f->limit = why;
			if (!game_ok || held(st, seat, card) < 2 || e->partner == seat ||
			    index_of_seat(o, e->partner) < 0)
				break;
		}
		memcpy(st->party_at_pick, o->party, sizeof(st->party_at_pick));
		if (!st->pick_seq)
			st->pick_seq = seq;
		/* caller-keeps-party: the caller keeps his party, the chosen player
		 * joins it, the former partners change sides; caller-and-partner-re:
		 * the two are Re.  D24: the final parties own all tricks */
		dk_party mine = r->wende_genscher_parties == DK_PICK_CALLER_RE ? DK_PARTY_RE
										: o->party[seat];
		dk_party other = mine == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		for (int k = 0; k < DK_PLAYING_SEATS; k++) {
			int s = o->seats[k];
			o->party[s] = s == seat ? mine : other;
		}
		o->party[e->partner] = mine;
		/* the parties are known now; a marriage not yet decided stays
		 * undecided (marriage_step looks no further) */
		for (int k = 0; k < DK_PLAYING_SEATS; k++)
			st->known[o->seats[k]] = true;
		parties_clear(st, seq);
		if (o->type == DK_GT_SILENT_MARRIAGE) {
			o->type = DK_GT_NORMAL;  /* esslingen: the silent marriage becomes normal */
			o->solo = DK_SOLO_NONE;
		}
		break;
	}
	default:
		break;
	}
}

static void note_call(state *st, const dk_event *e, int seq, bool from_bid)
{
	if (st->call_count == st->call_alloc)
		return;  /* cannot happen: room for every event and bid call */
	dk_replay *o = st->out;
	noted_call *c = &st->calls[st->call_count++];
	c->ev = e;
	c->seq = seq;
	c->cards = o->cards_played;
	c->own = st->played[e->seat];
	int left = next_seat(o, e->seat);
	/* one slip is one finding: the left neighbour's slips take no time away
	 * from the announcer.  A second card it played to one trick does not
	 * count, nor does a card it played out of turn in this trick before the
	 * announcer's turn (the neighbour did not lead it by right, the
	 * announcer has not played to it) */
	c->left = st->tricks_in[left];
	const dk_trick *t = &o->tricks[o->trick_count < DK_MAX_TRICKS ? o->trick_count : 0];
	if (o->trick_count < DK_MAX_TRICKS && played_in(t, left) && !played_in(t, e->seat) &&
	    left != st->lead_due && c->left > 0)
		c->left--;
	c->trick = o->cards_played / 4;
	c->party = st->known[e->seat] ? o->party[e->seat] : DK_PARTY_NONE;
	c->from_bid = from_bid;
	/* TSR 5.5.1 (4): in a normal game an announcement shows the party */
	if (!from_bid && o->type == DK_GT_NORMAL)
		show_party(st, e->seat, o->party[e->seat], seq);
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
static int measured(const state *st, const noted_call *c)
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
static int deadline(const state *st, int level, const noted_call *c, dk_party p, bool *chained)
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
static bool reply_in_time(const state *st, const noted_call *c, int count, dk_party p)
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
static void check_call(state *st, const noted_call *c, dk_party p)
{
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	const dk_event *e = c->ev;
	int seat = e->seat;
	int level = level_of(e->call);
	dk_finding *f;
#define CALL_FINDING(code, key, field)                                              \
	do {                                                                        \
		f = add(st, (code), DK_FK_IRREGULARITY, c->seq, e->loc, seat);      \
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
static void reduce_at_pick(state *st)
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
		const noted_call *c = &st->calls[i];
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
static void check_calls(state *st)
{
	bool reduce = st->pick_seq && st->r->wende_genscher_announcements == DK_PICK_REDUCED;
	bool reduced = false;
	for (int i = 0; i < st->call_count; i++) {
		const noted_call *c = &st->calls[i];
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
static void check_mandatory(state *st)
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
		const noted_call *c = &st->calls[i];
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
	dk_finding *f = add(st, DK_F_MANDATORY_MISSED, DK_FK_IRREGULARITY, 0, st->g->play_loc,
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

/*
 * A card not in the hand leaves a card in the hand that the record never
 * shows played: the card the player put down in its place, as far as the
 * record tells.  A later revoke that only that card could have avoided
 * (every card that could have followed is still in the hand when the game
 * ends) is no slip of its own: it follows from the card the record got
 * wrong.  Such revokes are taken out and counted on the first card not in
 * the hand of that seat, which names the cards the hand kept.
 */
static void explain_by_missing_cards(state *st)
{
	dk_replay *o = st->out;
	/* only a game played to its end shows which cards were never played */
	if (o->cards_played != o->hand_size * DK_PLAYING_SEATS)
		return;
	int kept = 0;
	for (int i = 0; i < o->finding_count; i++) {
		dk_finding *f = &o->findings[i];
		bool explained = false;
		if (f->code == DK_F_REVOKE && f->demanded_count < DK_FINDING_CARDS) {
			dk_finding *slip = NULL;
			int slips = 0;
			for (int k = 0; k < o->finding_count; k++) {
				dk_finding *m = &o->findings[k];
				if (m->code == DK_F_CARD_NOT_IN_HAND && !m->expected_seat &&
				    m->seat == f->seat && m->seq < f->seq) {
					slip = slip ? slip : m;
					slips++;
				}
			}
			/* each card that could have followed is one the record put
			 * a wrong card in place of: never played, and no more of
			 * them than cards not in the hand before the revoke */
			explained = slip && f->demanded_count <= slips;
			for (int d = 0; explained && d < f->demanded_count; d++) {
				int want = 0;
				for (int k = 0; k < f->demanded_count; k++)
					want += f->demanded[k] == f->demanded[d];
				explained = count_card(st, f->seat, f->demanded[d]) >= want;
			}
			if (explained)
				slip->followed++;
		}
		if (!explained)
			o->findings[kept++] = *f;
	}
	o->finding_count = kept;
	for (int i = 0; i < o->finding_count; i++) {
		dk_finding *f = &o->findings[i];
		if (f->code != DK_F_CARD_NOT_IN_HAND || f->expected_seat)
			continue;
		int n = st->hand_n[f->seat] < DK_FINDING_CARDS ? st->hand_n[f->seat]
							       : DK_FINDING_CARDS;
		memcpy(f->demanded, st->hand[f->seat], (size_t)n);
		f->demanded_count = n;
	}
}

/* noted calls kept on the stack: a game of 12-card hands has 48 cards and a
 * few announcements and declarations */
#define LOCAL_CALLS 96

/* ---- the whole replay ---------------------------------------------------------- */

static int by_seq(const void *a, const void *b)
{
	const dk_finding *x = a, *y = b;
	if (x->seq != y->seq)
		return x->seq - y->seq;
	return (int)x->code - (int)y->code;
}

static int leader_by(const state *st, dk_lead lead)
{
	const dk_replay *o = st->out;
	int dealer = st->g->deal.dealer;
	switch (lead) {
	case DK_LEAD_SOLOIST:
		if (o->declarer)
			return o->declarer;
		return next_seat(o, dealer);
	case DK_LEAD_RIGHT_OF_DEALER:
		return prev_seat(o, dealer);
	default:
		return next_seat(o, dealer);
	}
}

static int first_leader(const state *st)
{
	const dk_replay *o = st->out;
	const dk_rules *r = st->r;
	if (o->type != DK_GT_SOLO)
		return leader_by(st, r->lead_normal);
	return leader_by(st, duty_lead(o) ? r->lead_duty_solo : r->lead_solo);
}

/* the first card's seat, 0 = none */
static int first_card_seat(const dk_game *g)
{
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_CARD)
			return g->events[i].seat;
	return 0;
}

/* A solo: Pflichtsolo or Lustsolo (the reading in rulesets/ddv.yaml at
 * duty_soli.round_games).  The record's word first; without it, no duty
 * soli make every solo a Lustsolo (left unsaid); in a session
 * a player vorgeführt plays his forced solo, one who owes a duty solo plays
 * it (TSR 4.3.1: a Lustsolo only after it), anybody else a Lustsolo; a game
 * on its own is read from who led: the Pflichtsolo's leader makes it one. */
static void solo_kind_as(state *st)
{
	dk_replay *o = st->out;
	const dk_rules *r = st->r;
	if (o->type != DK_GT_SOLO || st->solo_bid < 0)
		return;
	dk_solo_as said = st->g->bids[st->solo_bid].as;
	int s = o->declarer;
	if (said != DK_SOLO_AS_UNSAID) {
		o->solo_as = said;
		return;
	}
	if (r->duty_soli == 0)
		return;   /* no duty soli: every solo is a Lustsolo, unsaid */
	o->solo_as = DK_SOLO_AS_LUST;
	o->solo_as_assumed = true;
	if (st->ctx) {
		if (s > 0 && s == st->ctx->forced_seat)
			o->solo_as = DK_SOLO_AS_FORCED;
		else if (s > 0 && s <= DK_MAX_SEATS && st->ctx->owes[s])
			o->solo_as = DK_SOLO_AS_DUTY;
		return;
	}
	int led = first_card_seat(st->g);
	if (led && led == leader_by(st, r->lead_duty_solo) && led != leader_by(st, r->lead_solo))
		o->solo_as = DK_SOLO_AS_DUTY;
}

bool dk_replay_hands_match(const dk_replay *rp)
{
	const dk_trick *open = rp->trick_count < DK_MAX_TRICKS ? &rp->tricks[rp->trick_count]
							       : NULL;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i], want = rp->hand_size - rp->trick_count;
		for (int k = 0; open && k < open->count; k++)
			want -= open->seats[k] == seat;
		if (rp->hand_n[seat] != want)
			return false;
	}
	return true;
}

bool dk_replay_turns_match(const dk_replay *rp)
{
	if (rp->trick_count >= DK_MAX_TRICKS)
		return true;
	const dk_trick *t = &rp->tricks[rp->trick_count];
	int s = rp->next_seat;
	for (int k = t->count; k > 0 && k < 4; k++, s = next_seat(rp, s))
		if (played_in(t, s))
			return false;
	return true;
}

void dk_replay_run(dk_replay *out, const dk_game *g, const dk_rules *r)
{
	dk_replay_run_in(out, g, r, NULL);
}

void dk_replay_run_in(dk_replay *out, const dk_game *g, const dk_rules *r,
		      const dk_replay_ctx *ctx)
{
	/* the findings are written whole by add() before they count: only the
	 * fields around them are cleared (the array is most of the struct) */
	memset(out, 0, offsetof(dk_replay, findings));
	memset((char *)out + offsetof(dk_replay, finding_count), 0,
	       sizeof(*out) - offsetof(dk_replay, finding_count));
	state st;
	memset(&st, 0, sizeof(st));
	st.g = g;
	st.r = r;
	st.out = out;
	st.ctx = ctx;
	/* room for every announcement and bid call; on the stack for a game of
	 * ordinary length (note_call writes every field of what it notes) */
	noted_call local_calls[LOCAL_CALLS];
	st.call_alloc = (int)g->event_count + DK_MAX_BID_CALLS;
	if (st.call_alloc <= LOCAL_CALLS) {
		st.calls = local_calls;
	} else {
		st.calls = malloc((size_t)st.call_alloc * sizeof(noted_call));
		if (!st.calls)
			abort();
	}
	for (int p = 0; p < 3; p++) {
		out->calls[p].highest = -1;
		out->calls[p].reply = -1;
	}

	/* the four playing seats in table order, and their hands */
	int n = 0;
	for (int s = 1; s <= DK_MAX_SEATS && n < DK_PLAYING_SEATS; s++) {
		const dk_hand *h = dealt(g, s);
		if (!h)
			continue;
		out->seats[n++] = s;
		memcpy(st.hand[s], h->cards, (size_t)h->count);
		st.hand_n[s] = h->count;
	}
	out->hand_size = g->deal.hand_count ? g->deal.hands[0].count : 0;

	resolve(&st);
	solo_kind_as(&st);
	dk_solo_kind kind = out->type == DK_GT_SOLO || out->type == DK_GT_SILENT_MARRIAGE
				    ? out->solo : DK_SOLO_NONE;
	dk_order_init_rules(&out->order, kind, r);
	set_parties(&st);
	/* TSR 5.5.1: a solo's announcement and a poverty's bidding show every party */
	out->parties_clear_seq = out->type == DK_GT_SOLO || out->type == DK_GT_POVERTY ? 0 : -1;
	swines_shown(&st);
	automatic_swines(&st);
	/* Klopfen only where the game finding does not show the parties */
	out->calls_per_player = r->announce_per_player &&
				(out->type == DK_GT_NORMAL || out->type == DK_GT_SILENT_MARRIAGE);

	bool no_game = out->type == DK_GT_THROWN_IN || out->type == DK_GT_REDEAL;
	size_t cards = dk_game_card_count(g);
	if (no_game && cards > 0) {
		const dk_event *first = NULL;
		for (size_t i = 0; i < g->event_count && !first; i++)
			if (g->events[i].kind == DK_EV_CARD)
				first = &g->events[i];
		dk_finding *f = add(&st, DK_F_SHOULD_HAVE_BEEN_REDEALT, DK_FK_IRREGULARITY, 1,
				    first->loc, out->declarer);
		f->count = (int)out->type;
		if (out->type == DK_GT_THROWN_IN && out->poverty_thrown) {
			f->rule_key = r->poverty_exchange ? "poverty.throw_in_max_trumps"
							  : "poverty.exchange";
			f->rule = r->poverty_exchange ? &r->poverty_throw_in_max_trumps_src
						      : &r->poverty_exchange_src;
		} else if (out->type == DK_GT_THROWN_IN) {
			f->rule_key = "throw_in.reasons";
			f->rule = &r->throw_in_reasons_src;
		} else if (count_bids(g, DK_BID_POVERTY) > 1 &&
			   r->poverty_double != DK_DOUBLE_FIRST_ASKED) {
			f->rule_key = "poverty.double";
			f->rule = &r->poverty_double_src;
		} else if (find_bid(g, DK_BID_MARRIAGE, 0) &&
			   r->poverty_marriage == DK_PM_POVERTY_ONLY) {
			f->rule_key = "poverty.with_marriage";
			f->rule = &r->poverty_marriage_src;
		} else {
			f->rule_key = "poverty.refused";
			f->rule = &r->poverty_refused_src;
		}
	}

	/* announcements said with the winning solo bid are the soloist's */
	dk_event *bid_calls = st.bid_calls;
	if (st.solo_bid >= 0) {
		const dk_bid *b = &g->bids[st.solo_bid];
		for (int k = 0; k < b->call_count; k++) {
			memset(&bid_calls[k], 0, sizeof(bid_calls[k]));
			bid_calls[k].kind = DK_EV_ANNOUNCE;
			bid_calls[k].seat = b->seat;
			bid_calls[k].call = b->calls[k];
			bid_calls[k].loc = b->loc;
			note_call(&st, &bid_calls[k], 0, true);
		}
	}

	int expected = first_leader(&st);
	st.lead_due = expected;
	st.last_slip = -1;
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		int seq = (int)i + 1;
		switch (e->kind) {
		case DK_EV_CARD:
			play_card(&st, e, seq, &expected);
			break;
		case DK_EV_ANNOUNCE:
			note_call(&st, e, seq, false);
			break;
		case DK_EV_OBJECTION:
			break;
		default:
			declaration(&st, i, seq);
			break;
		}
	}
	if (!no_game && out->cards_played < out->hand_size * DK_PLAYING_SEATS) {
		dk_finding *f = add(&st, DK_F_GAME_INCOMPLETE, DK_FK_RECORD_DEFECT,
				    (int)g->event_count + 1, g->has_play ? g->play_loc : g->loc, 0);
		f->count = out->cards_played;
		f->limit = out->hand_size * DK_PLAYING_SEATS;
		f->rule_key = "deal";
	}

	explain_by_missing_cards(&st);

	/* step 3, in record order, with the parties as they ended */
	check_calls(&st);
	check_mandatory(&st);

	for (int t = 0; t < out->trick_count; t++)
		out->points[out->party[out->tricks[t].winner]] += out->tricks[t].points;
	memcpy(out->hand, st.hand, sizeof(out->hand));
	memcpy(out->hand_n, st.hand_n, sizeof(out->hand_n));
	out->next_seat = expected;
	/* when each could be reclaimed, and what the objections did */
	dk_reclaim_judge(out, g, r);
	qsort(out->findings, (size_t)out->finding_count, sizeof(dk_finding), by_seq);
	if (st.calls != local_calls)
		free(st.calls);
}

const char *dk_game_type_name(dk_game_type t)
{
	static const char *const names[DK_GT_COUNT] = {
		"normal", "marriage", "silent-marriage", "poverty", "solo", "ramsch",
		"thrown-in", "redeal",
	};
	return (unsigned)t < DK_GT_COUNT ? names[t] : NULL;
}

/*
 * replay_steps.h - what the steps of the replay share: the replay's state,
 * the notes step 2 keeps for step 3, the small helpers every step uses and
 * the calls one makes of another.  Private to src/core/replay*.c.
 *
 * The parts, one step each (replay.c says what the steps are):
 * - replay_bid.c, step 1: the game finding (reservations, whether each was
 *   justified, the solo that wins, the poverty exchange);
 * - replay_trick.c, step 2: the play of each card (turn, hand, following
 *   suit, the trick's winner) and the parties it shows or decides;
 * - replay_declare.c, step 2: the declarations in the play (swines,
 *   hyperswines, Genscher, a partner pick) and the card orders they make;
 * - replay_announce.c: each announcement noted in the play (step 2) and
 *   checked once the parties are known (step 3);
 * - replay.c drives them and tidies the findings up.
 */
#ifndef DK_REPLAY_STEPS_H
#define DK_REPLAY_STEPS_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "replay.h"

#define CQ DK_CARD_MAKE(DK_CLUBS, DK_QUEEN)

/* what step 2 notes about an announcement for step 3 */
typedef struct rp_noted_call {
	const dk_event *ev;
	int seq;
	int cards;                   /* cards of the game played before it */
	int own;                     /* cards the announcer had played */
	int left;                    /* cards the left neighbour had played */
	int trick;                   /* 0-based trick it fell in */
	dk_party party;              /* the announcer's party then; NONE = unknown */
	bool from_bid;               /* said with a solo bid */
} rp_noted_call;

typedef struct rp_state {
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
	rp_noted_call *calls;
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
} rp_state;

/* ---- small helpers ------------------------------------------------------------ */

/* a new finding at record position seq (0 = before the play), its other
 * fields cleared; beyond DK_MAX_FINDINGS a scratch one, counted as dropped */
static inline dk_finding *rp_add(rp_state *st, dk_finding_code code, dk_finding_kind kind,
				 int seq, dk_loc loc, int seat)
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

static inline int rp_index_of_seat(const dk_replay *o, int seat)
{
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (o->seats[i] == seat)
			return i;
	return -1;
}

/* the next playing seat to the left (clockwise) */
static inline int rp_next_seat(const dk_replay *o, int seat)
{
	int i = rp_index_of_seat(o, seat);
	if (i >= 0)
		return o->seats[(i + 1) % DK_PLAYING_SEATS];
	for (int k = 0; k < DK_PLAYING_SEATS; k++)
		if (o->seats[k] > seat)
			return o->seats[k];
	return o->seats[0];
}

static inline int rp_count_card(const rp_state *st, int seat, dk_card c)
{
	int n = 0;
	for (int i = 0; i < st->hand_n[seat]; i++)
		if (st->hand[seat][i] == c)
			n++;
	return n;
}

static inline const dk_hand *rp_dealt(const dk_game *g, int seat)
{
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat == seat)
			return &g->deal.hands[i];
	return NULL;
}

static inline const dk_bid *rp_find_bid(const dk_game *g, dk_bid_kind kind, int seat)
{
	for (size_t i = 0; i < g->bid_count; i++)
		if (g->bids[i].kind == kind && (seat == 0 || g->bids[i].seat == seat))
			return &g->bids[i];
	return NULL;
}

static inline int rp_count_bids(const dk_game *g, dk_bid_kind kind)
{
	int n = 0;
	for (size_t i = 0; i < g->bid_count; i++)
		if (g->bids[i].kind == kind)
			n++;
	return n;
}

static inline bool rp_played_in(const dk_trick *t, int seat)
{
	for (int i = 0; i < t->count && i < 4; i++)
		if (t->seats[i] == seat)
			return true;
	return false;
}

/* a Pflichtsolo, forced or not, is led under lead.duty_solo */
static inline bool rp_duty_lead(const dk_replay *o)
{
	return o->type == DK_GT_SOLO &&
	       (o->solo_as == DK_SOLO_AS_DUTY || o->solo_as == DK_SOLO_AS_FORCED);
}

/* the partnerships are clear to every player from record position seq on
 * (TSR 5.5.2); the first time counts */
static inline void rp_parties_clear(rp_state *st, int seq)
{
	if (st->out->parties_clear_seq < 0)
		st->out->parties_clear_seq = seq;
}

/* ---- step 1 (replay_bid.c) ------------------------------------------------------ */

/* which game is played, from the game finding */
void rp_resolve(rp_state *st);

/* ---- step 2: the play of a card (replay_trick.c) -------------------------------- */

/* the parties as the game finding makes them, before the first card */
void rp_set_parties(rp_state *st);

/* a seat showed the table its party (TSR 5.5.1); in a game that looks
 * normal, two Re or three Kontra shown make every party clear */
void rp_show_party(rp_state *st, int seat, dk_party p, int seq);

/* the card of event e at record position seq: turn, hand, following suit,
 * swines, the trick's winner; *expected is the seat in turn, updated */
void rp_play_card(rp_state *st, const dk_event *e, int seq, int *expected);

/* ---- step 2: declarations in the play (replay_declare.c) ------------------------ */

/* swines shown in the bidding, before the poverty's exchange */
void rp_swines_shown(rp_state *st);

/* swines and hyperswines that count without a word, from the first card */
void rp_automatic_swines(rp_state *st);

/* is the seat's card c the one that makes its swines count when played? */
bool rp_swine_card(const rp_state *st, int seat, dk_card c);

/* why the seat's hyperswines cannot count (0 to 3); -1 they can */
int rp_hyperswines_refused(const rp_state *st, int seat);

/* the order from now on has the seat's swines or hyperswines */
void rp_activate_swines(rp_state *st, int seat);
void rp_activate_hyperswines(rp_state *st, int seat);

/* the declaration of event i (swines, hyperswines, Genscher, a partner
 * pick) at record position seq */
void rp_declaration(rp_state *st, size_t i, int seq);

/* ---- announcements (replay_announce.c) ------------------------------------------ */

/* step 2: note the announcement e with the counts its deadline depends on */
void rp_note_call(rp_state *st, const dk_event *e, int seq, bool from_bid);

/* step 3: check the noted announcements with the parties as they ended */
void rp_check_calls(rp_state *st);

/* a party that took enough card points in trick 1 must announce */
void rp_check_mandatory(rp_state *st);

#endif

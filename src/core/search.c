/*
 * search.c - the most and the fewest Re can still take; see search.h.
 *
 * Each question is a maximisation over legal continuations (every player
 * chooses as suits the question): the card points Re takes, the card
 * points Kontra takes, the tricks either party wins.  A depth-first search
 * enumerates the distinct legal cards of the player to move; at trick
 * boundaries the result is kept in a transposition table keyed by a
 * Zobrist hash of the hands and the leader, and a branch stops as soon as
 * it reaches everything that is left.  A second walk follows the values to
 * write down one continuation that proves the answer.
 */
#include "search.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TT_BITS 18
#define TT_SIZE (1u << TT_BITS)

enum objective { OBJ_RE_POINTS, OBJ_KONTRA_POINTS, OBJ_RE_TRICKS, OBJ_KONTRA_TRICKS };

typedef struct pos {
	unsigned char hand[4][DK_CARD_KINDS];
	bool re[4];
	dk_card trick[4];
	int tseat[4];
	int tn;
	int turn;
	int tricks_done;
	int hand_size;
} pos;

typedef struct ctx {
	const dk_order *order;
	enum objective obj;
	uint64_t *keys;
	short *vals;
	long nodes, max_nodes;
	bool aborted;
} ctx;

static uint64_t zobrist[4][DK_CARD_KINDS][3];
static uint64_t zobrist_lead[4];

static void init_zobrist(void)
{
	static bool done;
	if (done)
		return;
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int p = 0; p < 4; p++) {
		for (int c = 0; c < DK_CARD_KINDS; c++)
			for (int k = 0; k < 3; k++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				zobrist[p][c][k] = x;
			}
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		zobrist_lead[p] = x;
	}
	done = true;
}

static uint64_t key_of(const pos *p)
{
	uint64_t k = zobrist_lead[p->turn];
	for (int i = 0; i < 4; i++)
		for (int c = 0; c < DK_CARD_KINDS; c++)
			if (p->hand[i][c])
				k ^= zobrist[i][c][p->hand[i][c]];
	return k | 1;  /* 0 marks an empty slot */
}

/* what finishing a trick won by player w with pts points is worth */
static int gain(const ctx *c, const pos *p, int w, int pts)
{
	switch (c->obj) {
	case OBJ_RE_POINTS: return p->re[w] ? pts : 0;
	case OBJ_KONTRA_POINTS: return p->re[w] ? 0 : pts;
	case OBJ_RE_TRICKS: return p->re[w] ? 1 : 0;
	case OBJ_KONTRA_TRICKS: return p->re[w] ? 0 : 1;
	}
	return 0;
}

/* the most that is left to gain: every remaining point or trick */
static int upper_bound(const ctx *c, const pos *p)
{
	if (c->obj == OBJ_RE_TRICKS || c->obj == OBJ_KONTRA_TRICKS)
		return p->hand_size - p->tricks_done;
	int pts = 0;
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			pts += p->hand[i][k] * dk_card_points((dk_card)k);
	for (int i = 0; i < p->tn; i++)
		pts += dk_card_points(p->trick[i]);
	return pts;
}

/* the distinct cards the player to move may play */
static int legal(const ctx *c, const pos *p, dk_card *out)
{
	int n = 0, me = p->turn;
	if (p->tn > 0) {
		int led = dk_order_suit(c->order, p->trick[0]);
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[me][k] && dk_order_suit(c->order, (dk_card)k) == led)
				out[n++] = (dk_card)k;
		if (n)
			return n;
	}
	for (int k = 0; k < DK_CARD_KINDS; k++)
		if (p->hand[me][k])
			out[n++] = (dk_card)k;
	return n;
}

/* play card k for the player to move; returns the gain if it ends a trick */
static int play(const ctx *c, pos *p, dk_card k)
{
	p->hand[p->turn][k]--;
	p->trick[p->tn] = k;
	p->tseat[p->tn] = p->turn;
	p->tn++;
	if (p->tn < 4) {
		p->turn = (p->turn + 1) % 4;
		return 0;
	}
	bool last = p->tricks_done == p->hand_size - 1;
	int w = p->tseat[dk_order_winner(c->order, p->trick, 4, last)];
	int pts = 0;
	for (int i = 0; i < 4; i++)
		pts += dk_card_points(p->trick[i]);
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	return gain(c, p, w, pts);
}

static int best(ctx *c, pos *p)
{
	if (p->tricks_done >= p->hand_size || c->aborted)
		return 0;
	if (++c->nodes > c->max_nodes && c->max_nodes > 0) {
		c->aborted = true;
		return 0;
	}
	uint64_t key = 0;
	unsigned slot = 0;
	if (p->tn == 0) {
		key = key_of(p);
		slot = (unsigned)(key >> (64 - TT_BITS));
		if (c->keys[slot] == key)
			return c->vals[slot];
	}
	int ub = upper_bound(c, p), top = -1;
	dk_card moves[DK_CARD_KINDS];
	int n = legal(c, p, moves);
	for (int i = 0; i < n && top < ub; i++) {
		pos q = *p;
		int g = play(c, &q, moves[i]);
		int v = g + best(c, &q);
		if (v > top)
			top = v;
	}
	if (top < 0)
		top = 0;  /* no card: a broken position */
	if (p->tn == 0 && !c->aborted) {
		c->keys[slot] = key;
		c->vals[slot] = (short)top;
	}
	return top;
}

/* write down a continuation that reaches value v from p */
static void follow(ctx *c, pos p, int v, dk_line *line)
{
	line->count = 0;
	while (p.tricks_done < p.hand_size && line->count < DK_LINE_MAX) {
		dk_card moves[DK_CARD_KINDS];
		int n = legal(c, &p, moves), chosen = -1;
		for (int i = 0; i < n && chosen < 0; i++) {
			pos q = p;
			int g = play(c, &q, moves[i]);
			if (g + best(c, &q) == v) {
				chosen = i;
				line->cards[line->count] = moves[i];
				line->seats[line->count] = p.turn;
				line->count++;
				v -= g;
				p = q;
			}
		}
		if (chosen < 0)
			break;  /* the node budget cut the search: no proof to show */
	}
}

static int run(ctx *c, const pos *start, enum objective obj, dk_line *line)
{
	c->obj = obj;
	memset(c->keys, 0, TT_SIZE * sizeof(uint64_t));
	pos p = *start;
	int v = best(c, &p);
	if (line)
		follow(c, *start, v, line);
	return v;
}

void dk_search_run(dk_search_result *out, const dk_replay *rp, long max_nodes)
{
	memset(out, 0, sizeof(*out));
	init_zobrist();
	pos p;
	memset(&p, 0, sizeof(p));
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		p.re[i] = rp->party[seat] == DK_PARTY_RE;
		for (int k = 0; k < rp->hand_n[seat]; k++)
			p.hand[i][rp->hand[seat][k]]++;
		if (seat == rp->next_seat)
			p.turn = i;
	}
	const dk_trick *t = &rp->tricks[rp->trick_count];
	if (rp->trick_count < DK_MAX_TRICKS && t->count < 4) {
		for (int i = 0; i < t->count; i++) {
			p.trick[i] = t->cards[i];
			for (int k = 0; k < DK_PLAYING_SEATS; k++)
				if (rp->seats[k] == t->seats[i])
					p.tseat[i] = k;
		}
		p.tn = t->count;
	}
	p.tricks_done = rp->trick_count;
	p.hand_size = rp->hand_size;

	ctx c;
	memset(&c, 0, sizeof(c));
	c.order = &rp->order;
	c.max_nodes = max_nodes;
	c.keys = calloc(TT_SIZE, sizeof(uint64_t));
	c.vals = calloc(TT_SIZE, sizeof(short));
	if (!c.keys || !c.vals)
		abort();

	out->re_now = rp->points[DK_PARTY_RE];
	c.obj = OBJ_RE_POINTS;
	int all = upper_bound(&c, &p);  /* the card points still to be won */
	out->max_re = out->re_now + run(&c, &p, OBJ_RE_POINTS, &out->max_line);
	out->min_re = out->re_now + all - run(&c, &p, OBJ_KONTRA_POINTS, &out->min_line);
	out->re_takes_all = run(&c, &p, OBJ_KONTRA_TRICKS, NULL) == 0;
	out->kontra_takes_all = run(&c, &p, OBJ_RE_TRICKS, NULL) == 0;
	out->nodes = c.nodes;
	out->complete = !c.aborted;
	free(c.keys);
	free(c.vals);
}

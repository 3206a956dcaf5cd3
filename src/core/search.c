/*
 * search.c - can a party still reach its target; see search.h.
 *
 * reach(p, need) asks whether some legal continuation gains at least need:
 * card points of one party, or tricks of one party.  Everybody plays as
 * the question needs, so this is the most the party can gain over all
 * legal plays, not a game between two sides.  It goes a trick at a time:
 * every way to finish the trick (one card of each set of interchangeable
 * cards per player) is listed with the bound of the position after it,
 * the ways that cannot meet need even so are dropped, and the rest are
 * tried most promising first.  It stops as soon as need is met.  A "no"
 * comes back with the bound it proved, and a transposition table at trick
 * boundaries keeps, per position, the most known to be reachable and the
 * most that can be gained, so a position is never searched twice for a
 * need it has already answered.  It does not look at the order of cards
 * already played beyond what is left in the hands.
 */
#include "search.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TT_BITS_MAX 18        /* 4 MiB each for tt and bounds: 9 or more tricks left */
#define NO_UPPER 32767

enum objective { OBJ_POINTS, OBJ_TRICKS };

typedef struct pos {
	unsigned char hand[4][DK_CARD_KINDS];
	bool mine[4];                /* the player belongs to the party asked about */
	dk_card trick[4];
	int tseat[4];
	int tn;
	int turn;
	int tricks_done;
	int hand_size;
	int left_points;             /* card points in hands and the open trick */
	uint64_t hands_key;          /* the hands hashed, kept up to date by play */
	uint32_t held[4];            /* the places (see ctx) of the cards each hand holds */
} pos;

typedef struct tt_entry {
	uint64_t key;
	short lower;                 /* a gain known to be reachable (-1: none) */
	short upper;                 /* the most that can be gained (NO_UPPER: unknown) */
	uint32_t best;               /* the trick that reached lower (packed), 0 if none */
} tt_entry;

/* a bound worked out before: the same position comes up again and again
 * after tricks played in another order */
typedef struct bound_entry {
	uint64_t key;
	short bound;
} bound_entry;

/* one way to finish a trick */
typedef struct trick_way {
	dk_card cards[4];            /* the cards still to come in it, in turn */
	unsigned char n;
	short gain;                  /* what the trick gains */
	short after;                 /* the most that can be gained after it */
} trick_way;

typedef struct ctx {
	const dk_order *order;
	/* the order looked up once: it does not change during a search */
	bool trump[DK_CARD_KINDS];
	int strength[DK_CARD_KINDS];
	int suit[DK_CARD_KINDS];
	/* place of each card in the order of the position: by suit (trumps
	 * one suit), within a suit by strength, so that cards with no other
	 * card between them have neighbouring places */
	int place[DK_CARD_KINDS];
	dk_card by_place[DK_CARD_KINDS];
	dk_card cheap[DK_CARD_KINDS];  /* the cards by points, fewest first */
	int points[DK_CARD_KINDS];
	uint32_t suit_places[DK_SUIT_TRUMP + 1];  /* the places of each suit, trumps one suit */
	int first_trump_place;
	enum objective obj;
	tt_entry *tt;
	int tt_bits;
	long nodes, max_nodes, total_nodes;
	bool aborted;
	dk_line *line;               /* the continuation being built */
	bound_entry *bounds;         /* a cache of upper_bound, as large as tt */
	trick_way *tricks;           /* a stack: each search level lists its ways on top */
	size_t n_tricks, cap_tricks;
} ctx;

static uint64_t zobrist[4][DK_CARD_KINDS][3];
static uint64_t zobrist_turn[4];
static uint64_t zobrist_obj[2][4];

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void make_zobrist(void)
{
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int p = 0; p < 4; p++) {
		for (int c = 0; c < DK_CARD_KINDS; c++)
			for (int k = 0; k < 3; k++)
				zobrist[p][c][k] = next(&x);
		zobrist_turn[p] = next(&x);
		zobrist_obj[0][p] = next(&x);
		zobrist_obj[1][p] = next(&x);
	}
}

static void init_zobrist(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;  /* audit --jobs: threads */
	pthread_once(&once, make_zobrist);
}

/* the hands hashed from scratch */
static uint64_t hands_key_of(const pos *p)
{
	uint64_t k = 0;
	for (int i = 0; i < 4; i++)
		for (int x = 0; x < DK_CARD_KINDS; x++)
			if (p->hand[i][x])
				k ^= zobrist[i][x][p->hand[i][x]];
	return k;
}

/* the hands, who leads, and which party and objective are asked about:
 * entries of different questions of one search never share a key */
static uint64_t key_of(const ctx *c, const pos *p)
{
	uint64_t k = p->hands_key ^ zobrist_turn[p->turn];
	for (int i = 0; i < 4; i++)
		if (p->mine[i])
			k ^= zobrist_obj[c->obj][i];
	return k | 1;
}

/* what the party holds, as the bounds need it */
typedef struct party_cards {
	int trumps;                  /* how many trumps */
	int top_trump;               /* strength of the highest, 0 if none */
	bool h10;                    /* holds a ♥10 */
	int suit_top[4];             /* strength of the highest card per fehl suit, -1 if none */
	int fehl;                    /* how many fehl cards */
	int trumps_from[DK_CARD_KINDS + 1];  /* trumps at this place in the order or above */
} party_cards;

static void party_cards_of(party_cards *out, const ctx *c, const pos *p)
{
	memset(out, 0, sizeof(*out));
	for (int s = 0; s < 4; s++)
		out->suit_top[s] = -1;
	int at[DK_CARD_KINDS] = { 0 };
	for (int i = 0; i < 4; i++) {
		if (!p->mine[i])
			continue;
		for (uint32_t held = p->held[i]; held; held &= held - 1) {
			int pl = __builtin_ctz(held);
			dk_card k = c->by_place[pl];
			int have = p->hand[i][k];
			if (c->trump[k]) {
				out->trumps += have;
				at[pl] += have;
				if (c->strength[k] > out->top_trump)
					out->top_trump = c->strength[k];
				if (k == DK_CARD_MAKE(DK_HEARTS, DK_TEN))
					out->h10 = true;
			} else {
				out->fehl += have;
				if (c->strength[k] > out->suit_top[c->suit[k]])
					out->suit_top[c->suit[k]] = c->strength[k];
			}
		}
	}
	for (int pl = DK_CARD_KINDS - 1; pl >= 0; pl--)
		out->trumps_from[pl] = out->trumps_from[pl + 1] + at[pl];
}

/*
 * Does an opponent's card k win every trick it is led to, whatever the
 * party plays?  A trump if the party has no higher one (nor, where the
 * second ♥10 wins, the other ♥10); a fehl card if the party has no higher
 * card of the suit and no trump at all.
 */
static bool wins_when_led(const ctx *c, const party_cards *pc, dk_card k)
{
	if (c->trump[k])
		return pc->top_trump < c->strength[k] &&
		       !(k == DK_CARD_MAKE(DK_HEARTS, DK_TEN) && pc->h10 &&
			 c->order->tie != DK_TIE_FIRST_WINS);
	return pc->trumps == 0 && pc->suit_top[c->suit[k]] <= c->strength[k];
}

/*
 * Can the party ever win a trick in which the opponent plays fehl card k?
 * Only with a trump, a card of the suit at least as high (led first), or
 * a card of another fehl suit that is led while the opponent has none of
 * it.
 */
static bool fehl_capturable(const ctx *c, const party_cards *pc, dk_card k)
{
	if (pc->trumps > 0 || pc->suit_top[c->suit[k]] >= c->strength[k])
		return true;
	for (int s = 0; s < 4; s++)
		if (s != c->suit[k] && pc->suit_top[s] >= 0)
			return true;
	return false;
}

/*
 * How many cards of an opponent's hand h can end up in the party's
 * tricks: in each such trick a card of the party beats the opponent's
 * card, a different one in each trick, so the opponent's trumps taken
 * must be matched each to a party trump at least as high (matched from
 * the highest down), and fehl cards only where fehl_capturable says.
 */
static int capturable_count(const ctx *c, const pos *p, const party_cards *pc, int h)
{
	int n = 0, matched = 0;
	for (uint32_t held = p->held[h]; held; ) {
		int pl = 31 - __builtin_clz(held);
		held &= ~(1u << pl);
		dk_card k = c->by_place[pl];
		for (int copy = 0; copy < p->hand[h][k]; copy++) {
			if (!c->trump[k])
				n += fehl_capturable(c, pc, k);
			else if (pc->trumps_from[pl] > matched)
				matched++;
		}
	}
	return n + matched;
}

/*
 * The most points of h that can end up in the party's tricks, at most w
 * cards: highest points first, each card taken if it can be captured and
 * the trumps taken so far can still be matched (the sets that can be
 * matched are the independent sets of a matroid, so taking greedily by
 * points gives the most).  Hall's condition: at every place, the trumps
 * taken there or above are no more than the party's trumps there or above.
 */
static int capturable_points(const ctx *c, const pos *p, const party_cards *pc, int h, int w)
{
	int slack[DK_CARD_KINDS];
	for (int pl = c->first_trump_place; pl < DK_CARD_KINDS; pl++)
		slack[pl] = pc->trumps_from[pl];
	int taken = 0, points = 0;
	for (int j = DK_CARD_KINDS - 1; j >= 0 && taken < w; j--) {
		dk_card k = c->cheap[j];
		for (int copy = 0; copy < p->hand[h][k] && taken < w; copy++) {
			if (!c->trump[k]) {
				if (!fehl_capturable(c, pc, k))
					break;
			} else {
				int px = c->place[k], pl = c->first_trump_place;
				while (pl <= px && slack[pl] > 0)
					pl++;
				if (pl <= px)
					break;
				for (pl = c->first_trump_place; pl <= px; pl++)
					slack[pl]--;
			}
			taken++;
			points += c->points[k];
		}
	}
	return points;
}

/*
 * The most the party can still gain, between tricks.  If an opponent leads
 * and every card of both opponents wins when led, the opponents keep the
 * lead and win every trick.  Otherwise every trick the party wins holds
 * one card of each opponent that a card of the party beats (see
 * capturable), which bounds the number of such tricks by what either
 * opponent can lose, and the gain by the opponents' cards that can be
 * taken plus the best cards of the party's own hands, one per trick.
 */
static int upper_bound(const ctx *c, const pos *p)
{
	party_cards pc;
	party_cards_of(&pc, c, p);
	if (!p->mine[p->turn]) {
		bool sweep = true;
		for (int i = 0; i < 4 && sweep; i++)
			for (int k = 0; k < DK_CARD_KINDS && sweep && !p->mine[i]; k++)
				if (p->hand[i][k] && !wins_when_led(c, &pc, (dk_card)k))
					sweep = false;
		if (sweep)
			return 0;
	}
	int w = p->hand_size - p->tricks_done;
	for (int i = 0; i < 4; i++) {
		if (!p->mine[i]) {
			int n = capturable_count(c, p, &pc, i);
			if (n < w)
				w = n;
		}
	}
	if (c->obj == OBJ_TRICKS || w == 0)
		return w;
	int points = 0;
	for (int i = 0; i < 4; i++) {
		if (!p->mine[i]) {
			points += capturable_points(c, p, &pc, i, w);
			continue;
		}
		int taken = 0;
		for (int j = DK_CARD_KINDS - 1; j >= 0 && taken < w; j--) {
			dk_card k = c->cheap[j];
			int take = p->hand[i][k] < w - taken ? p->hand[i][k] : w - taken;
			taken += take;
			points += take * c->points[k];
		}
	}
	return points;
}

/*
 * Keep one card of each set of interchangeable ones: two cards of the
 * player to move that follow the same suit, have the same points and
 * have no card of another player (in a hand or in the open trick) between
 * them or level with them in the order win and lose the same tricks
 * against every card the others can play, so exchanging them in any
 * continuation gives a legal one with the same trick winners and points.
 */
static int distinct_moves(const ctx *c, const pos *p, dk_card *m, int n)
{
	uint32_t others = 0;
	for (int i = 0; i < 4; i++)
		if (i != p->turn)
			others |= p->held[i];
	for (int i = 0; i < p->tn; i++)
		others |= 1u << c->place[p->trick[i]];
	int kept = 0;
	for (int i = 0; i < n; i++) {
		int a = c->place[m[i]];
		bool same = false;
		for (int j = 0; j < kept && !same; j++) {
			int b = c->place[m[j]];
			if (c->suit[m[i]] != c->suit[m[j]] ||
			    c->points[m[i]] != c->points[m[j]])
				continue;
			int lo = a < b ? a : b, hi = a < b ? b : a;
			uint32_t span = (uint32_t)((2ull << hi) - (1ull << lo));
			same = (others & span) == 0;
		}
		if (!same)
			m[kept++] = m[i];
	}
	return kept;
}

/* the legal cards of the player to move, one of each interchangeable set,
 * in the order of places */
static int moves(const ctx *c, const pos *p, dk_card *out)
{
	uint32_t legal = p->held[p->turn];
	if (p->tn > 0 && (legal & c->suit_places[c->suit[p->trick[0]]]))
		legal &= c->suit_places[c->suit[p->trick[0]]];
	int n = 0;
	while (legal) {
		int pl = __builtin_ctz(legal);
		legal &= legal - 1;
		out[n++] = c->by_place[pl];
	}
	return distinct_moves(c, p, out, n);
}

static int play(const ctx *c, pos *p, dk_card k)
{
	unsigned char *have = &p->hand[p->turn][k];
	p->hands_key ^= zobrist[p->turn][k][*have];
	(*have)--;
	if (*have)
		p->hands_key ^= zobrist[p->turn][k][*have];
	else
		p->held[p->turn] &= ~(1u << c->place[k]);
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
		pts += c->points[p->trick[i]];
	p->left_points -= pts;
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	if (!p->mine[w])
		return 0;
	return c->obj == OBJ_TRICKS ? 1 : pts;
}

/* count a position worked on; false when the budget is spent */
static bool visit(ctx *c)
{
	if (c->max_nodes > 0 && c->nodes >= c->max_nodes) {
		c->aborted = true;
		return false;
	}
	c->nodes++;
	return true;
}

/* upper_bound, from the cache if it is there; working it out is a
 * position visited */
static int bound_of(ctx *c, const pos *p)
{
	uint64_t key = key_of(c, p);
	bound_entry *b = &c->bounds[key >> (64 - c->tt_bits)];
	if (b->key != key) {
		if (!visit(c))
			return 0;
		b->key = key;
		b->bound = (short)upper_bound(c, p);
	}
	return b->bound;
}

/*
 * The ways to finish the open trick (all of it between tricks): the cards
 * still to come, one of each interchangeable set per player, appended to
 * c->tricks from c->n_tricks on, each with what it gains and the most that
 * can be gained after it (from the table or the cache of bounds when
 * they know it).
 */
static void finish_trick(ctx *c, const pos *p, trick_way *way, int depth, int need)
{
	if (p->tn == 0 && depth > 0) {
		if (c->n_tricks == c->cap_tricks) {
			c->cap_tricks = c->cap_tricks ? 2 * c->cap_tricks : 4096;
			c->tricks = realloc(c->tricks, c->cap_tricks * sizeof(trick_way));
			if (!c->tricks)
				abort();
		}
		/* a bound the table knows already saves working one out */
		const tt_entry *e = &c->tt[key_of(c, p) >> (64 - c->tt_bits)];
		if (p->tricks_done >= p->hand_size)
			way->after = 0;
		else if (e->key == key_of(c, p) && e->upper < need - way->gain)
			way->after = e->upper;
		else
			way->after = (short)bound_of(c, p);
		c->tricks[c->n_tricks++] = *way;
		return;
	}
	dk_card m[DK_CARD_KINDS];
	int n = moves(c, p, m);
	for (int i = 0; i < n && !c->aborted; i++) {
		pos q = *p;
		way->cards[depth] = m[i];
		way->n = (unsigned char)(depth + 1);
		way->gain = (short)play(c, &q, m[i]);
		finish_trick(c, &q, way, depth + 1, need);
	}
}

/* a way as one number, for the transposition table */
static uint32_t packed(const trick_way *w)
{
	uint32_t x = w->n;
	for (int i = 0; i < w->n; i++)
		x |= (uint32_t)(w->cards[i] + 1) << (5 + 6 * i);
	return x;
}

static int by_promise(const void *a, const void *b)
{
	const trick_way *x = a, *y = b;
	int px = x->gain + x->after, py = y->gain + y->after;
	if (px != py)
		return py - px;
	if (x->gain != y->gain)
		return y->gain - x->gain;
	return memcmp(x->cards, y->cards, sizeof(x->cards));
}

/*
 * Is a gain of at least need reachable from p?  The answer is a number: at
 * least need when it is (a gain some continuation reaches; c->line gets
 * the cards from here on, appended), below need when it is not (the most
 * any continuation can gain, or more).  Returning the bound that was found
 * rather than just "no" lets the transposition table answer later visits
 * of the position that need less.
 *
 * The search goes a trick at a time: every way to finish the open trick
 * is listed with its gain and the bound of the position after it, the
 * ways that cannot reach need even so are dropped, and the others are
 * tried most promising first.
 */
static int reach(ctx *c, pos *p, int need, int ub)
{
	if (need <= 0)
		return 0;
	if (p->tricks_done >= p->hand_size)
		return 0;
	if (ub < need)
		return ub;
	if (c->aborted)
		return need - 1;
	tt_entry *e = NULL;
	uint64_t key = 0;
	uint32_t hint = 0;
	if (p->tn == 0) {
		key = key_of(c, p);
		e = &c->tt[key >> (64 - c->tt_bits)];
		if (e->key == key) {
			if (need > e->upper)
				return e->upper;
			/* a known reachable gain still needs its line: search on,
			 * the trick that reached it first */
			if (need <= e->lower)
				hint = e->best;
		} else {
			e->key = key;
			e->lower = -1;
			e->upper = NO_UPPER;
			e->best = 0;
		}
	}
	if (!visit(c))
		return need - 1;
	size_t base = c->n_tricks;
	trick_way way;
	memset(&way, 0, sizeof(way));
	finish_trick(c, p, &way, 0, need);
	if (c->aborted) {
		c->n_tricks = base;
		return need - 1;
	}
	/* keep the ways that might reach need, most promising first; the
	 * way that reached it before goes first of all */
	int best = -1;
	size_t n = base;
	for (size_t i = base; i < c->n_tricks; i++) {
		const trick_way *w = &c->tricks[i];
		int promise = w->gain + w->after;
		if (promise >= need)
			c->tricks[n++] = *w;
		else if (promise > best)
			best = promise;
	}
	c->n_tricks = n;
	/* no way at all when the player to move holds no card (a record
	 * where a seat played twice in a trick): c->tricks may still be NULL */
	if (n - base > 1)
		qsort(&c->tricks[base], n - base, sizeof(trick_way), by_promise);
	for (size_t i = base + 1; i < n && hint; i++)
		if (packed(&c->tricks[i]) == hint) {
			trick_way h = c->tricks[i];
			memmove(&c->tricks[base + 1], &c->tricks[base], (i - base) * sizeof(trick_way));
			c->tricks[base] = h;
			break;
		}
	int mark = c->line ? c->line->count : 0;
	int v = -1;
	size_t i;
	for (i = base; i < n; i++) {
		trick_way w = c->tricks[i];
		pos q = *p;
		for (int k = 0; k < w.n; k++) {
			if (c->line && c->line->count < DK_LINE_MAX) {
				c->line->cards[c->line->count] = w.cards[k];
				c->line->seats[c->line->count] = q.turn;
				c->line->count++;
			}
			play(c, &q, w.cards[k]);
		}
		v = w.gain + reach(c, &q, need - w.gain, w.after);
		if (c->aborted || v >= need)
			break;
		if (c->line)
			c->line->count = mark;
		if (v > best)
			best = v;
	}
	uint32_t reached = i < n ? packed(&c->tricks[i]) : 0;
	c->n_tricks = base;
	if (c->aborted)
		return need - 1;
	if (v >= need) {
		if (e && e->key == key && v > e->lower) {
			e->lower = (short)v;
			e->best = reached;
		}
		return v;
	}
	if (e && e->key == key && best < e->upper)
		e->upper = (short)best;
	return best;
}

static bool ask(ctx *c, const pos *start, enum objective obj, int need, dk_line *line)
{
	c->obj = obj;
	c->line = line;
	if (line)
		line->count = 0;
	c->nodes = 0;
	pos p = *start;
	int ub = p.tn == 0 ? upper_bound(c, &p)
		 : obj == OBJ_TRICKS ? p.hand_size - p.tricks_done : p.left_points;
	bool yes = reach(c, &p, need, ub) >= need;
	c->total_nodes += c->nodes;
	if (!yes)
		return false;
	if (!line)
		return true;
	/* the line stops where the need is met: play it on, with any legal
	 * card, to the end of the game, so that it can be replayed whole */
	p = *start;
	for (int i = 0; i < line->count; i++)
		play(c, &p, line->cards[i]);
	while (p.tricks_done < p.hand_size && line->count < DK_LINE_MAX) {
		dk_card m[DK_CARD_KINDS];
		if (moves(c, &p, m) == 0)
			break;
		line->cards[line->count] = m[0];
		line->seats[line->count] = p.turn;
		line->count++;
		play(c, &p, m[0]);
	}
	return true;
}

void dk_search_run(dk_search_result *out, const dk_replay *rp, const int target[3],
		   long max_nodes)
{
	memset(out, 0, sizeof(*out));
	init_zobrist();
	pos base;
	memset(&base, 0, sizeof(base));
	int seat_of[4];
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		seat_of[i] = seat;
		for (int k = 0; k < rp->hand_n[seat]; k++) {
			base.hand[i][rp->hand[seat][k]]++;
			base.left_points += dk_card_points(rp->hand[seat][k]);
		}
		if (seat == rp->next_seat)
			base.turn = i;
	}
	if (rp->trick_count < DK_MAX_TRICKS) {
		const dk_trick *t = &rp->tricks[rp->trick_count];
		for (int i = 0; i < t->count && i < 4; i++) {
			base.trick[i] = t->cards[i];
			base.left_points += dk_card_points(t->cards[i]);
			for (int k = 0; k < DK_PLAYING_SEATS; k++)
				if (seat_of[k] == t->seats[i])
					base.tseat[i] = k;
		}
		base.tn = t->count < 4 ? t->count : 0;
	}
	base.tricks_done = rp->trick_count;
	base.hands_key = hands_key_of(&base);
	base.hand_size = rp->hand_size;
	int tricks_left = base.hand_size - base.tricks_done;

	ctx c;
	memset(&c, 0, sizeof(c));
	c.order = &rp->order;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		c.trump[k] = dk_order_is_trump(c.order, (dk_card)k);
		c.strength[k] = dk_order_strength(c.order, (dk_card)k);
		c.suit[k] = dk_order_suit(c.order, (dk_card)k);
	}
	int by_place[DK_CARD_KINDS], n_placed = 0;
	for (int suit = 0; suit <= DK_SUIT_TRUMP; suit++) {
		int first = n_placed;
		for (int k = 0; k < DK_CARD_KINDS; k++) {
			if (c.suit[k] != suit)
				continue;
			int j = n_placed++;
			while (j > first && c.strength[by_place[j - 1]] > c.strength[k]) {
				by_place[j] = by_place[j - 1];
				j--;
			}
			by_place[j] = k;
		}
	}
	c.first_trump_place = DK_CARD_KINDS;
	for (int i = 0; i < DK_CARD_KINDS; i++) {
		int k = by_place[i];
		c.place[k] = i;
		c.by_place[i] = (dk_card)k;
		c.points[k] = dk_card_points((dk_card)k);
		c.suit_places[c.suit[k]] |= 1u << i;
		if (c.trump[k] && i < c.first_trump_place)
			c.first_trump_place = i;
	}
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (base.hand[i][k])
				base.held[i] |= 1u << c.place[k];
	int n_cheap = 0;
	for (int pts = 0; pts <= 11; pts++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (dk_card_points((dk_card)k) == pts)
				c.cheap[n_cheap++] = (dk_card)k;
	c.max_nodes = max_nodes;
	/* a table that fits the position: clearing 16 MiB would cost more
	 * than searching a few tricks */
	c.tt_bits = 9 + tricks_left;
	if (c.tt_bits > TT_BITS_MAX)
		c.tt_bits = TT_BITS_MAX;
	c.tt = calloc((size_t)1 << c.tt_bits, sizeof(tt_entry));
	c.bounds = calloc((size_t)1 << c.tt_bits, sizeof(bound_entry));
	if (!c.tt || !c.bounds)
		abort();
	bool complete = true;
	for (int party = DK_PARTY_RE; party <= DK_PARTY_KONTRA; party++) {
		pos p = base;
		int won_tricks = 0;
		for (int i = 0; i < 4; i++)
			p.mine[i] = rp->party[seat_of[i]] == (dk_party)party;
		for (int t = 0; t < rp->trick_count; t++)
			if (rp->party[rp->tricks[t].winner] == (dk_party)party)
				won_tricks++;
		out->points_now[party] = rp->points[party];
		int tgt = target[party];
		c.aborted = false;
		if (tgt == DK_TARGET_ALL_TRICKS)
			out->can_reach[party] = won_tricks == rp->trick_count &&
				ask(&c, &p, OBJ_TRICKS, tricks_left, &out->line[party]);
		else if (tgt == DK_TARGET_ONE_TRICK)
			out->can_reach[party] = won_tricks > 0 ||
				ask(&c, &p, OBJ_TRICKS, 1, &out->line[party]);
		else
			out->can_reach[party] = ask(&c, &p, OBJ_POINTS, tgt - rp->points[party],
						    &out->line[party]);
		out->reach_known[party] = !c.aborted;
		complete = complete && !c.aborted;
		/* does the other party win at least one trick in some continuation? */
		pos q = base;
		for (int i = 0; i < 4; i++)
			q.mine[i] = !p.mine[i];
		c.aborted = false;
		bool broken = ask(&c, &q, OBJ_TRICKS, 1, &out->breaks_all[party]);
		out->takes_all[party] = !broken && !c.aborted;  /* unknown is not "yes" */
		complete = complete && !c.aborted;
	}
	out->nodes = c.total_nodes;
	out->complete = complete;
	free(c.tt);
	free(c.tricks);
	free(c.bounds);
}

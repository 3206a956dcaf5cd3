/*
 * search.c - can a party still reach its target; see search.h.
 *
 * reach(p, need) asks whether some legal continuation gains at least need:
 * card points of one party, or tricks of one party.  It stops as soon as
 * need is met, cuts every branch that cannot meet it even if it won every
 * point that is left, and tries first the cards that help the question
 * most (the highest cards into a trick the party wins, the lowest into one
 * it loses).  At trick boundaries a transposition table keeps, per
 * position, the most that is known to be reachable and the least that is
 * known not to be, so a position is never searched twice for a need it has
 * already answered.
 */
#include "search.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TT_BITS 19
#define TT_SIZE (1u << TT_BITS)

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
} pos;

typedef struct tt_entry {
	uint64_t key;
	short reached;               /* gain known to be reachable (-1: none) */
	short failed;                /* gain known not to be reachable (32767: none) */
} tt_entry;

typedef struct ctx {
	const dk_order *order;
	/* the order looked up once: it does not change during a search */
	bool trump[DK_CARD_KINDS];
	int strength[DK_CARD_KINDS];
	int suit[DK_CARD_KINDS];
	enum objective obj;
	tt_entry *tt;
	long nodes, max_nodes;
	bool aborted;
	dk_line *line;               /* the continuation being built */
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

static void init_zobrist(void)
{
	static bool done;
	if (done)
		return;
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int p = 0; p < 4; p++) {
		for (int c = 0; c < DK_CARD_KINDS; c++)
			for (int k = 0; k < 3; k++)
				zobrist[p][c][k] = next(&x);
		zobrist_turn[p] = next(&x);
		zobrist_obj[0][p] = next(&x);
		zobrist_obj[1][p] = next(&x);
	}
	done = true;
}

/* the hands, who leads, and which party and objective are asked about:
 * entries of different questions of one search never share a key */
static uint64_t key_of(const ctx *c, const pos *p)
{
	uint64_t k = zobrist_turn[p->turn];
	for (int i = 0; i < 4; i++) {
		if (p->mine[i])
			k ^= zobrist_obj[c->obj][i];
		for (int x = 0; x < DK_CARD_KINDS; x++)
			if (p->hand[i][x])
				k ^= zobrist[i][x][p->hand[i][x]];
	}
	return k | 1;
}

/*
 * Tricks the party cannot win: a trump of an opponent that is higher than
 * every trump the party still holds (or has put into the open trick) wins
 * the trick it falls in for the opponents, and one player's such trumps
 * fall in different tricks.  So the party loses at least as many tricks as
 * the opponent holding the most of them.
 */
static int sure_losses(const ctx *c, const pos *p)
{
	int top = 0;
	for (int i = 0; i < 4; i++) {
		if (!p->mine[i])
			continue;
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[i][k] && c->trump[k] && c->strength[k] > top)
				top = c->strength[k];
	}
	for (int i = 0; i < p->tn; i++)
		if (p->mine[p->tseat[i]] && c->trump[p->trick[i]] && c->strength[p->trick[i]] > top)
			top = c->strength[p->trick[i]];
	int most = 0;
	for (int i = 0; i < 4; i++) {
		if (p->mine[i])
			continue;
		int n = 0;
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[i][k] && c->trump[k] && c->strength[k] > top)
				n += p->hand[i][k];
		if (n > most)
			most = n;
	}
	return most;
}

/* the most that is left to gain: the tricks the party can still win, and
 * for card points, the points of as many of the highest remaining cards as
 * those tricks can hold */
static int upper_bound(const ctx *c, const pos *p)
{
	int tricks = p->hand_size - p->tricks_done - sure_losses(c, p);
	if (tricks < 0)
		tricks = 0;
	if (c->obj == OBJ_TRICKS)
		return tricks;
	if (4 * tricks >= 4 * (p->hand_size - p->tricks_done))
		return p->left_points;
	/* the 4*tricks highest cards: count them by rank (A 10 K D B 9 are
	 * also the order of their points), highest first */
	int per_rank[6] = { 0 };
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			per_rank[DK_CARD_RANK(k)] += p->hand[i][k];
	for (int i = 0; i < p->tn; i++)
		per_rank[DK_CARD_RANK(p->trick[i])]++;
	int left = 4 * tricks, sum = 0;
	for (int r = DK_ACE; r >= DK_NINE && left > 0; r--) {
		int take = per_rank[r] < left ? per_rank[r] : left;
		sum += take * dk_card_points(DK_CARD_MAKE(DK_CLUBS, r));
		left -= take;
	}
	return sum;
}

/* who would win the open trick if it ended now (index into tseat), -1 if empty */
static int leader_so_far(const ctx *c, const pos *p)
{
	return p->tn ? p->tseat[dk_order_winner(c->order, p->trick, p->tn, false)] : -1;
}

/* the distinct legal cards of the player to move, best first for the question */
static int moves(const ctx *c, const pos *p, dk_card *out)
{
	int n = 0, me = p->turn;
	if (p->tn > 0) {
		int led = c->suit[p->trick[0]];
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[me][k] && c->suit[k] == led)
				out[n++] = (dk_card)k;
	}
	if (n == 0)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[me][k])
				out[n++] = (dk_card)k;
	/* order: if the trick is going to our party, load it; else keep points back.
	 * A leader of our party plays high, of the other party low. */
	int w = leader_so_far(c, p);
	bool ours = w < 0 ? p->mine[me] : p->mine[w];
	int score[DK_CARD_KINDS];
	for (int i = 0; i < n; i++) {
		int pts = dk_card_points(out[i]), str = c->strength[out[i]];
		if (ours)
			score[i] = pts * 4 + str / 8;      /* load the trick */
		else if (p->mine[me])
			score[i] = str * 2 + pts;          /* try to take it */
		else
			score[i] = -(pts * 4) - str / 8;   /* give it little */
	}
	for (int i = 1; i < n; i++) {
		dk_card m = out[i];
		int s = score[i], j = i;
		while (j > 0 && score[j - 1] < s) {
			out[j] = out[j - 1];
			score[j] = score[j - 1];
			j--;
		}
		out[j] = m;
		score[j] = s;
	}
	return n;
}

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
	p->left_points -= pts;
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	if (!p->mine[w])
		return 0;
	return c->obj == OBJ_TRICKS ? 1 : pts;
}

/* is a gain of at least need reachable from p?  On yes, c->line gets the
 * cards from here on (appended) */
static bool reach(ctx *c, pos *p, int need)
{
	if (need <= 0)
		return true;
	/* the full bound costs a scan of the hands: only between tricks */
	int ub = p->tn == 0 ? upper_bound(c, p)
		 : c->obj == OBJ_TRICKS ? p->hand_size - p->tricks_done : p->left_points;
	if (ub < need || p->tricks_done >= p->hand_size)
		return false;
	if (c->aborted || (c->max_nodes > 0 && ++c->nodes > c->max_nodes)) {
		c->aborted = true;
		return false;
	}
	if (c->max_nodes <= 0)
		c->nodes++;
	tt_entry *e = NULL;
	uint64_t key = 0;
	if (p->tn == 0) {
		key = key_of(c, p);
		e = &c->tt[key >> (64 - TT_BITS)];
		if (e->key == key) {
			if (need >= e->failed)
				return false;
			/* a known reachable gain still needs its line: search on */
		} else {
			e->key = key;
			e->reached = -1;
			e->failed = 32767;
		}
	}
	dk_card m[DK_CARD_KINDS];
	int n = moves(c, p, m);
	int mark = c->line ? c->line->count : 0;
	for (int i = 0; i < n; i++) {
		pos q = *p;
		int g = play(c, &q, m[i]);
		if (c->line && c->line->count < DK_LINE_MAX) {
			c->line->cards[c->line->count] = m[i];
			c->line->seats[c->line->count] = p->turn;
			c->line->count++;
		}
		if (reach(c, &q, need - g)) {
			if (e && e->key == key && need > e->reached)
				e->reached = (short)need;
			return true;
		}
		if (c->line)
			c->line->count = mark;
		if (c->aborted)
			return false;
	}
	if (e && e->key == key && need < e->failed)
		e->failed = (short)need;
	return false;
}

static bool ask(ctx *c, const pos *start, enum objective obj, int need, dk_line *line)
{
	c->obj = obj;
	c->line = line;
	if (line)
		line->count = 0;
	pos p = *start;
	if (!reach(c, &p, need))
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
	c.max_nodes = max_nodes;
	c.tt = calloc(TT_SIZE, sizeof(tt_entry));
	if (!c.tt)
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
	out->nodes = c.nodes;
	out->complete = complete;
	free(c.tt);
}

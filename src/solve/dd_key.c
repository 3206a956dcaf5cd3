/*
 * dd_key.c - the key of a position in the double-dummy solver's table:
 * the pattern of the cards left, not which cards they are (see make_key),
 * made from bit masks, by the processor's pext where it has a fast one,
 * else a byte at a time from a table.  The table itself is dd.c's and
 * dd_table.c's; this file only makes keys.
 */
#include "dd_internal.h"

#include <pthread.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define DD_PEXT 1
#endif

static uint64_t zobrist_turn[4];
static uint64_t zobrist_mine[4], zobrist_maxer[4], zobrist_tricks;
/* compact8[m][x]: the bits of x where m has one, moved together (what
 * the processor's pext does, a byte at a time, for key_of) */
static unsigned char compact8[256][256];
static void key_portable(const struct dk_dd *dd, const struct pos *p, struct tkey *tk);
#ifdef DD_PEXT
static void key_pext(const struct dk_dd *dd, const struct pos *p, struct tkey *tk);
#endif
static void (*key_best)(const struct dk_dd *dd, const struct pos *p, struct tkey *tk) =
	key_portable;

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* the keys, made once for every thread (pthread_once): solvers run on
 * several threads in an audit */
static void make_zobrist(void)
{
	uint64_t x = 0x2545F4914F6CDD1Dull;
	for (int p = 0; p < 4; p++) {
		zobrist_turn[p] = next(&x);
		zobrist_mine[p] = next(&x);
		zobrist_maxer[p] = next(&x);
	}
	zobrist_tricks = next(&x);
	for (unsigned m = 0; m < 256; m++)
		for (unsigned v = 0; v < 256; v++) {
			unsigned out = 0, n = 0;
			for (unsigned b = 0; b < 8; b++)
				if (m >> b & 1)
					out |= (v >> b & 1) << n++;
			compact8[m][v] = (unsigned char)out;
		}
#ifdef DD_PEXT
	/* pext is one instruction from Intel's Haswell and AMD's Zen 3 on;
	 * Zen 1 and 2 have it in microcode, slower than the table */
	__builtin_cpu_init();
	if (__builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") &&
	    !__builtin_cpu_is("znver2"))
		key_best = key_pext;
#endif
}

static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

void dd_key_init(void)
{
	pthread_once(&zobrist_once, make_zobrist);
}

void dd_key_use_best(dk_dd *dd)
{
	dd->key_of = key_best;
}

/* the question (set mine[], maxer[] and tricks first) */
void dd_key_salt(dk_dd *dd)
{
	uint64_t s = dd->tricks ? zobrist_tricks : 0;
	for (int i = 0; i < 4; i++) {
		if (dd->mine[i])
			s ^= zobrist_mine[i];
		if (dd->maxer[i])
			s ^= zobrist_maxer[i];
	}
	dd->salt = s;
}

uint64_t dd_key_print(uint64_t h, uint64_t (*sum)(uint64_t h, const void *data, size_t n))
{
	h = sum(h, zobrist_turn, sizeof(zobrist_turn));
	h = sum(h, zobrist_mine, sizeof(zobrist_mine));
	h = sum(h, zobrist_maxer, sizeof(zobrist_maxer));
	return sum(h, &zobrist_tricks, sizeof(zobrist_tricks));
}

/*
 * The table's key of a position between tricks: not which cards are left
 * but their pattern.  The cards still held, in the order of places (by
 * suit, within a suit by strength), each with its suit, whether it is as
 * strong as the card held before it in the same suit, who takes a trick in
 * which both its copies fall (the ♥10 tie rule) and how many copies each
 * player holds; then who leads, and the question.  Who may follow with
 * what and who takes which trick depend on nothing else: "A played ♣J, B
 * played ♠J" and "A played ♥J, B played ♠J" leave the same pattern once
 * the jacks left are held alike.  (Nor does the order itself have to be
 * in the key: two orders that give the cards left the same pattern give
 * them the same tricks.)
 *
 * The points are kept beside the key, a code per place held (with the
 * copies left of each): positions of one pattern and the same points
 * have the same value, and positions of one pattern with other points
 * (♠K left where ♠9 was, the tens and aces of another suit) have values
 * that differ by at most what their points differ.  A card's points
 * decide no trick, so every way to play on from one position is a way
 * from the other, with the same tricks, each worth what its cards' points
 * differ by: for every strategy of both sides the gain moves by at most
 * the sum of the points that rise and at least minus the sum of those
 * that fall (of the cards that end with the counted side), and so does
 * the value (tt_bounds; quasi-symmetry, after Kupferschmid and Helmert's
 * Skat solver); the patterns without points are several times fewer than
 * those with.  Counting tricks, points do not count: every code is 0.
 *
 * The key is made from bit masks by place, each compacted to the places
 * held (bit i of the result: the i-th place held), as pext does in one
 * instruction: which places each player holds and holds twice, the
 * three bits of each place's suit, the ♥10 rule's places, the places
 * level with the one held before.  The points go beside it the same way,
 * a mask for each bit of the code.  Made a card at a time instead, the
 * key took a third of an analysis's instructions (docs/double-dummy.md,
 * "The key from bit masks").
 */
static inline __attribute__((always_inline)) void
make_key(const dk_dd *dd, const pos *p, tkey *tk, uint32_t (*compact)(uint32_t, uint32_t))
{
	uint32_t all = p->held[0] | p->held[1] | p->held[2] | p->held[3];
	/* by place held: who holds it and who holds both copies (two
	 * masks a word, 32 bits apart) */
	for (int i = 0; i < 2; i++) {
		tk->holders[i] = compact(p->held[2 * i], all) |
				 (uint64_t)compact(p->held[2 * i + 1], all) << 32;
		tk->holders[2 + i] = compact(p->both[2 * i], all) |
				     (uint64_t)compact(p->both[2 * i + 1], all) << 32;
	}
	uint32_t level = 0;
	if (all & dd->level_places) {
		/* a place held as strong as the place held before it: every
		 * place from that one up is as strong as the one below it */
		for (uint32_t x = all & dd->level_places; x; x &= x - 1) {
			int pl = __builtin_ctz(x);
			uint32_t below = all & ((1u << pl) - 1);
			if (!below)
				continue;
			uint32_t span = ((2u << pl) - 1) & ~((2u << (31 - __builtin_clz(below))) - 1);
			if ((dd->level_places & span) == span)
				level |= 1u << pl;
		}
		level = compact(level, all);
	}
	/* and its suit, three bits */
	uint64_t w[6] = {
		tk->holders[0], tk->holders[1], tk->holders[2], tk->holders[3],
		compact(dd->suit_bits[0], all) | (uint64_t)compact(dd->suit_bits[1], all) << 32,
		compact(dd->suit_bits[2], all) | (uint64_t)level << 32,
	};
	/* each step a bijection of what came before: words that differ in
	 * one place never meet */
	uint64_t x = dd->salt ^ zobrist_turn[p->turn];
	for (int i = 0; i < 6; i++) {
		x = (x ^ w[i]) * 0x9E3779B97F4A7C15ull;
		x ^= x >> 32;
	}
	/* the ♥10 rule's places, where there are any (so that a pattern
	 * without has one key whatever the rule) */
	uint64_t ties = 0;
	if (dd->tie_places[0] | dd->tie_places[1])
		ties = compact(dd->tie_places[0], all) |
		       (uint64_t)compact(dd->tie_places[1], all) << 32;
	if (ties) {
		x = (x ^ ties) * 0x9E3779B97F4A7C15ull;
		x ^= x >> 32;
	}
	tk->key = x | 1;
	if (dd->tricks) {
		tk->points[0] = tk->points[1] = 0;
		return;
	}
	tk->points[0] = compact(dd->code_bits[0], all) |
			(uint64_t)compact(dd->code_bits[1], all) << 32;
	tk->points[1] = compact(dd->code_bits[2], all);
}

/* the bits of x at the places of m, moved together: a byte at a time
 * from a table */
_Static_assert(DK_CARD_KINDS <= 24, "compact_table moves three bytes");

static inline uint32_t compact_table(uint32_t x, uint32_t m)
{
	uint32_t lo = compact8[m & 0xff][x & 0xff];
	uint32_t mid = compact8[m >> 8 & 0xff][x >> 8 & 0xff];
	uint32_t hi = compact8[m >> 16 & 0xff][x >> 16 & 0xff];
	int n_lo = count8[m & 0xff], n_mid = count8[m >> 8 & 0xff];
	return lo | mid << n_lo | hi << (n_lo + n_mid);
}

static void key_portable(const dk_dd *dd, const pos *p, tkey *tk)
{
	make_key(dd, p, tk, compact_table);
}

#ifdef DD_PEXT
__attribute__((target("bmi2"))) static inline uint32_t compact_pext(uint32_t x, uint32_t m)
{
	return _pext_u32(x, m);
}

__attribute__((target("bmi2"))) static void key_pext(const dk_dd *dd, const pos *p, tkey *tk)
{
	make_key(dd, p, tk, compact_pext);
}
#endif

void dk_dd_use_portable_keys(dk_dd *dd)
{
	dd->key_of = key_portable;
}

bool dk_dd_keys_by_pext(const dk_dd *dd)
{
	return dd->key_of != key_portable;
}

/*
 * dd.c - the exact double-dummy value of a position; see dd.h.
 *
 * ab() is a fail-soft alpha-beta search over single cards.  Its value is
 * what the counted players (mine[]) still gain: card points, or tricks.
 * The players in maxer[] choose to raise it, the others to lower it: in
 * the game between the parties maxer[] is mine[] (turned round in a
 * Ramsch), in a threshold question everybody is a maxer.  At every trick
 * boundary the table is looked up (by the pattern of the cards left: an
 * entry whose points differ bounds the value by that difference, see
 * key_of) and the value bounded: the counted side
 * gains at most what it can capture (a card of the other side ends in its
 * tricks only when a card of the side beats it, see upper_bound) and at
 * least what the other side cannot capture.  Where everybody is a maxer,
 * ab() hands the positions between tricks to coop_trick, which goes a
 * trick at a time.
 *
 * search.c's dk_search_run asks its threshold questions of this solver.
 */
#include "dd.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define DD_PEXT 1
#endif
#include <stdlib.h>
#include <string.h>

#include "gameid.h"
#include "score.h"

#define BUCKET 4
#define INF 10000

/*
 * A table entry as the solver reads it.  In the table it is four words
 * (tt_entry), read and written a word at a time: several threads may
 * share a table (dk_dd_set_threads), and an entry two of them wrote at
 * once must not pass for either.  The first word is the key xor the
 * other three, so an entry made of two writes does not match its key
 * (lockless hashing, after Hyatt and Mann).
 */
typedef struct tt_val {
	uint64_t key;                /* the pattern without points (see key_of) */
	uint64_t points[2];          /* ... and the points, a code by place held: its
					three bits as three compacted masks (make_key) */
	short lower;                 /* the value is at least this */
	short upper;                 /* ... and at most this */
	unsigned char best;          /* the lead that decided it, as its rank among the
					places still held (see rank_of), 0xff if none */
	unsigned char gen;           /* the generation it was written in (dk_dd_clear) */
	unsigned char left;          /* tricks left in its position */
} tt_val;

typedef struct tt_entry {
	uint64_t w[4];               /* key ^ w[1] ^ w[2] ^ w[3], the points, the rest */
} tt_entry;

_Static_assert(sizeof(tt_entry) * BUCKET == 128, "a bucket is two cache lines");

/* a position's key, as key_of makes it */
typedef struct tkey {
	uint64_t key;
	uint64_t points[2];
	uint64_t holders[4];         /* by place held: who holds it, who holds both copies
					(see make_key) */
} tkey;

/* the card points of each points code */
static const int code_points[8] = { 0, 2, 3, 4, 10, 11, 0, 0 };

typedef struct pos {
	unsigned char hand[4][DK_CARD_KINDS];
	uint32_t held[4];            /* the places of the cards each hand holds */
	uint32_t both[4];            /* ... of which it holds both copies */
	dk_card trick[4];
	int tseat[4];
	int tn;
	int win;                     /* the place in trick[] of the card winning it so far */
	int turn;
	int tricks_done;
	int hand_size;
	int left;                    /* card points in the hands and the open trick */
} pos;

struct dk_dd {
	tt_entry *tt;                /* on a bucket's boundary (128 bytes), in tt_mem */
	int tt_bits;                 /* it has 1 << tt_bits entries */
	void *tt_mem;                /* calloc'ed: the pages are zero without being touched */
	int tt_bits_max;             /* dk_dd_set_table_max: it may grow to this (an analysis) */
	int tt_bits_made;            /* ... from this, the size it was made with */
	dk_order order;
	bool trump[DK_CARD_KINDS];
	int strength[DK_CARD_KINDS];
	int suit[DK_CARD_KINDS];
	unsigned char points_code[DK_CARD_KINDS];  /* its points, as a code (see key_of) */
	unsigned level[DK_CARD_KINDS];  /* by place: suit and strength, as one number */
	/* place of each card: by suit (trumps one suit), within a suit by
	 * strength, so that cards with no card between them are neighbours */
	int place[DK_CARD_KINDS];
	dk_card by_place[DK_CARD_KINDS];
	int points[DK_CARD_KINDS];
	uint32_t suit_places[DK_SUIT_TRUMP + 1];
	uint32_t fehl_places;        /* the places of the fehl suits */
	uint32_t at_or_below[DK_CARD_KINDS];  /* by place: the places of its suit no stronger */
	dk_card cheap[DK_CARD_KINDS];  /* the cards by points, fewest first */
	uint32_t code_places[6];     /* by points code: the places of the cards with those points */
	/* what key_of takes of the places: the bits of the points codes and
	 * of the suits, the ♥10 rule (a second copy takes the trick, not in
	 * the last trick and in it), places as strong as the one below */
	uint32_t code_bits[3];
	uint32_t suit_bits[3];
	uint32_t tie_places[2];
	uint32_t level_places;
	uint32_t h10_place;          /* the place of the ♥10 where it is a trump, else 0 */
	void (*key_of)(const struct dk_dd *dd, const struct pos *p, struct tkey *tk);
	/* takes[last][b][c]: card c, played after b, takes the trick from it
	 * (in the last trick or not: the ♥10 rule may tell them apart) */
	bool takes[2][DK_CARD_KINDS][DK_CARD_KINDS];
	uint32_t takers[2][DK_CARD_KINDS];  /* the places of the cards c takes[][b][c] */
	int first_trump_place;
	bool mine[4];                /* whose tricks count */
	bool maxer[4];               /* who plays to raise the value */
	bool tricks;                 /* count tricks, not card points */
	uint64_t salt;               /* the question: parties, objective */
	long nodes;
	long limit;                  /* positions one question may visit, 0: no limit */
	bool stopped;                /* the question went over the limit */
	unsigned char gen;           /* entries of other generations are empty */
	/* by trick, player, cards in the trick before it, card winning so
	 * far: the two cards that refuted a move there last (see ab) */
	dk_card killer[DK_MAX_TRICKS][4][3][DK_CARD_KINDS][2];
	/* the ways to play a trick listed by coop_trick, a stack shared by
	 * its nested calls (grown as needed, freed with the solver) */
	struct way *ways;
	size_t n_ways, cap_ways;
	/* the exact value with more threads (dk_dd_set_threads): solvers
	 * that share this one's table, made when first needed */
	int threads;
	struct dk_dd *helper[DK_DD_THREADS_MAX - 1];
	int cancel;                  /* another thread found the probe moot (atomic) */
	int halt;                    /* dk_dd_stop: the analysis ends (atomic) */
	int *halting;                /* the flag looked at: this solver's halt, or that of
					the solver whose helper this one is */
	/* the positions a null-window question took lately (a moving
	 * average, see bisect), by the position's tricks left and cards in
	 * its trick, and by the answer: [0] "no", [1] "yes, at least b" */
	double cost[DK_MAX_TRICKS + 1][4][2];
	/* dk_dd_set_progress: called as an analysis goes (the calling
	 * solver's only, never a helper's); where it is and what it has
	 * visited before the question under way */
	dk_dd_progress_fn progress;
	void *progress_ctx;
	dk_dd_progress_fn telling;   /* progress while dk_dd_analyse runs, else NULL */
	dk_dd_progress at;
};

static uint64_t zobrist_turn[4];
static uint64_t zobrist_mine[4], zobrist_maxer[4], zobrist_tricks;
/* compact8[m][x]: the bits of x where m has one, moved together (what
 * the processor's pext does, a byte at a time, for key_of) */
static unsigned char compact8[256][256];
static unsigned char count8[256];   /* the bits of a byte */
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
			count8[m] = (unsigned char)n;
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

static void init_zobrist(void)
{
	pthread_once(&zobrist_once, make_zobrist);
}

dk_dd *dk_dd_new(void)
{
	return dk_dd_new_sized(DK_DD_TABLE_BYTES);
}

/*
 * A table as large as an analysis's is asked for on the kernel's large
 * pages (2 MiB on x86-64, Linux's transparent huge pages, where it grants
 * them): nearly every look-up lands on a page of its own, and with 4 KiB
 * pages most of them missed the processor's cache of page addresses (its
 * TLB).  Whole analyses with the 256 MiB table: 0.85 of the processor
 * time on `ddv--silent-marriage-772-reaches-121` (528 million
 * positions), 0.92 on `unsere-2024--solo-koehler` (README.md).  Not for
 * smaller tables: a solver made for one question touches little of its
 * table, and each large page touched is zeroed whole.  Advice only:
 * where it is not granted nothing changes.
 */
#define LARGE_PAGES_FROM ((size_t)64 << 20)

static void large_pages(void *mem, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t page = (uintptr_t)2 << 20;
	uintptr_t from = ((uintptr_t)mem + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)mem + bytes) & ~(page - 1);
	if (bytes >= LARGE_PAGES_FROM && to > from)
		(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)mem;
	(void)bytes;
#endif
}

/* a table has 1 << TT_BITS_MIN to 1 << TT_BITS_MAX entries (128 KiB to
 * 32 GiB) */
#define TT_BITS_MIN 12
#define TT_BITS_MAX 30

/* the largest power of two of entries that fits in bytes, within the
 * limits */
static int bits_for(size_t bytes)
{
	int bits = TT_BITS_MIN;
	while (bits < TT_BITS_MAX && (sizeof(tt_entry) << (bits + 1)) <= bytes)
		bits++;
	return bits;
}

/* a table of 1 << bits entries, *tt on a bucket's boundary in the memory
 * returned (to be freed), NULL when out of memory; calloc, not
 * aligned_alloc and memset: a solver made for one question must not
 * touch all of its table */
static void *table_of(int bits, tt_entry **tt)
{
	size_t entries = ((size_t)1 << bits) + BUCKET;
	void *mem = calloc(entries, sizeof(tt_entry));
	if (mem) {
		*tt = (tt_entry *)(((uintptr_t)mem + 127) & ~(uintptr_t)127);
		large_pages(mem, entries * sizeof(tt_entry));
	}
	return mem;
}

dk_dd *dk_dd_new_sized(size_t table_bytes)
{
	init_zobrist();
	dk_dd *dd = calloc(1, sizeof(*dd));
	if (!dd)
		return NULL;
	dd->tt_bits = bits_for(table_bytes);
	dd->tt_bits_max = dd->tt_bits_made = dd->tt_bits;
	if (!(dd->tt_mem = table_of(dd->tt_bits, &dd->tt))) {
		free(dd);
		return NULL;
	}
	dd->gen = 1;
	dd->threads = 1;
	memset(dd->killer, 0xff, sizeof(dd->killer));
	dd->key_of = key_best;
	dd->halting = &dd->halt;
	return dd;
}

/* dd's table replaced by an empty one of 1 << bits entries; false when
 * out of memory (the table as it was) */
static bool new_table(dk_dd *dd, int bits)
{
	tt_entry *tt;
	void *mem = table_of(bits, &tt);
	if (!mem)
		return false;
	free(dd->tt_mem);
	dd->tt_mem = mem;
	dd->tt = tt;
	dd->tt_bits = bits;
	dd->gen = 1;
	return true;
}

void dk_dd_clear(dk_dd *dd)
{
	memset(dd->killer, 0xff, sizeof(dd->killer));
	memset(dd->cost, 0, sizeof(dd->cost));
	/* a table grown in an analysis (or taken up from a smaller kept one)
	 * goes back to its size (or, out of memory, stays as it is) */
	if (dd->tt_bits != dd->tt_bits_made && new_table(dd, dd->tt_bits_made))
		return;
	if (++dd->gen == 0) {
		memset(dd->tt, 0, ((size_t)1 << dd->tt_bits) * sizeof(tt_entry));
		dd->gen = 1;
	}
}

/* --- keeping a table: dk_dd_save, dk_dd_load --------------------------- */

/*
 * The file: a head (save_head), the caller's tag, then the generation, the
 * killer cards, the probes' costs and the table, each as it is in memory;
 * the head's sum covers everything after it.  SAVE_FORMAT goes up when
 * what an entry means changes; the key scheme is told apart by a
 * fingerprint of the numbers the keys are made of.
 */
#define SAVE_MAGIC "dkddtab\n"
#define SAVE_FORMAT 1u
#define SAVE_CHUNK ((size_t)1 << 20)

typedef struct save_head {
	char magic[8];
	uint32_t format;
	uint32_t entry_bytes;        /* sizeof(tt_entry) */
	uint32_t tt_bits;
	uint32_t tag_bytes;
	uint64_t keys;               /* fingerprint of the key scheme (keys_print) */
	uint64_t sum;                /* of all that follows the head (sum_of) */
} save_head;

/* a checksum, eight bytes at a time (the lengths here are multiples of
 * eight but for the tag, whose tail is taken a byte at a time) */
static uint64_t sum_of(uint64_t h, const void *data, size_t n)
{
	const unsigned char *s = data;
	for (; n >= 8; n -= 8, s += 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ull;
		h ^= h >> 29;
	}
	for (; n > 0; n--, s++)
		h = (h ^ *s) * 0x100000001B3ull;
	return h;
}

static uint64_t keys_print(void)
{
	uint64_t h = sum_of(SAVE_FORMAT, zobrist_turn, sizeof(zobrist_turn));
	h = sum_of(h, zobrist_mine, sizeof(zobrist_mine));
	h = sum_of(h, zobrist_maxer, sizeof(zobrist_maxer));
	h = sum_of(h, &zobrist_tricks, sizeof(zobrist_tricks));
	uint32_t sizes[3] = { (uint32_t)sizeof(tt_entry), BUCKET, DK_CARD_KINDS };
	return sum_of(h, sizes, sizeof(sizes));
}

/* the parts after the head and the tag, in the file's order */
static void save_parts(const dk_dd *dd, const void *part[4], size_t len[4], uint64_t *gen)
{
	*gen = dd->gen;
	part[0] = gen;
	len[0] = sizeof(*gen);
	part[1] = dd->killer;
	len[1] = sizeof(dd->killer);
	part[2] = dd->cost;
	len[2] = sizeof(dd->cost);
	part[3] = dd->tt;
	len[3] = sizeof(tt_entry) << dd->tt_bits;
}

int dk_dd_save(const dk_dd *dd, FILE *f, const char *tag)
{
	init_zobrist();
	save_head h = { .format = SAVE_FORMAT, .entry_bytes = sizeof(tt_entry),
			.tt_bits = (uint32_t)dd->tt_bits, .keys = keys_print() };
	memcpy(h.magic, SAVE_MAGIC, sizeof(h.magic));
	size_t tag_len = strlen(tag);
	h.tag_bytes = (uint32_t)tag_len;
	const void *part[4];
	size_t len[4];
	uint64_t gen;
	save_parts(dd, part, len, &gen);
	h.sum = sum_of(0, tag, tag_len);
	for (int i = 0; i < 4; i++)
		h.sum = sum_of(h.sum, part[i], len[i]);
	if (fwrite(&h, sizeof(h), 1, f) != 1 || fwrite(tag, 1, tag_len, f) != tag_len)
		return -1;
	for (int i = 0; i < 4; i++)
		if (fwrite(part[i], 1, len[i], f) != len[i])
			return -1;
	return fflush(f) == 0 ? 0 : -1;
}

static int load_fails(const char **why, const char *what)
{
	if (why)
		*why = what;
	return -1;
}

int dk_dd_load(dk_dd *dd, FILE *f, const char *tag, const char **why)
{
	init_zobrist();
	save_head h;
	if (fread(&h, sizeof(h), 1, f) != 1 || memcmp(h.magic, SAVE_MAGIC, sizeof(h.magic)) != 0)
		return load_fails(why, "not a saved table");
	if (h.format != SAVE_FORMAT || h.entry_bytes != sizeof(tt_entry) ||
	    h.keys != keys_print())
		return load_fails(why, "saved by a solver that makes its keys or entries "
				       "another way");
	/* a table of another size is taken where dd's may grow as far (dd's
	 * own entries then go): one grown in the analysis saved, or kept by
	 * a solver that was let grow less */
	if (h.tt_bits < TT_BITS_MIN || h.tt_bits > TT_BITS_MAX)
		return load_fails(why, "not a saved table (its size is out of range)");
	if (h.tt_bits > (uint32_t)dd->tt_bits_max)
		return load_fails(why, "a table larger than this solver's may grow");
	size_t tag_len = strlen(tag);
	if (h.tag_bytes != tag_len)
		return load_fails(why, "saved for another game or solver (its tag differs)");
	char *saved = malloc(tag_len + 1);
	if (!saved)
		return load_fails(why, "out of memory");
	bool same = fread(saved, 1, tag_len, f) == tag_len && memcmp(saved, tag, tag_len) == 0;
	free(saved);
	if (!same)
		return load_fails(why, "saved for another game or solver (its tag differs)");
	/* the small parts read aside, the table in place (checked as it
	 * comes in; emptied if it does not add up) */
	uint64_t gen;
	dk_card(*killer)[4][3][DK_CARD_KINDS][2] = malloc(sizeof(dd->killer));
	double(*cost)[4][2] = malloc(sizeof(dd->cost));
	if (!killer || !cost) {
		free(killer);
		free(cost);
		return load_fails(why, "out of memory");
	}
	uint64_t sum = sum_of(0, tag, tag_len);
	const char *fail = NULL;
	if (h.tt_bits != (uint32_t)dd->tt_bits && !new_table(dd, (int)h.tt_bits))
		fail = "out of memory";
	else if (fread(&gen, sizeof(gen), 1, f) != 1 ||
		 fread(killer, sizeof(dd->killer), 1, f) != 1 ||
		 fread(cost, sizeof(dd->cost), 1, f) != 1 || gen == 0 || gen > UCHAR_MAX)
		fail = "cut short";
	if (!fail) {
		sum = sum_of(sum, &gen, sizeof(gen));
		sum = sum_of(sum, killer, sizeof(dd->killer));
		sum = sum_of(sum, cost, sizeof(dd->cost));
		unsigned char *t = (unsigned char *)dd->tt;
		size_t left = sizeof(tt_entry) << dd->tt_bits;
		while (left > 0 && !fail) {
			size_t n = left < SAVE_CHUNK ? left : SAVE_CHUNK;
			if (fread(t, 1, n, f) != n)
				fail = "cut short";
			sum = sum_of(sum, t, n);
			t += n;
			left -= n;
		}
		if (!fail && fgetc(f) != EOF)
			fail = "longer than a saved table";
		if (!fail && sum != h.sum)
			fail = "damaged (its checksum is wrong)";
		if (fail) {
			/* the table was read into: nothing of it is kept */
			memset(dd->tt, 0, sizeof(tt_entry) << dd->tt_bits);
			dd->gen = 1;
			memset(dd->killer, 0xff, sizeof(dd->killer));
			memset(dd->cost, 0, sizeof(dd->cost));
		}
	}
	if (!fail) {
		dd->gen = (unsigned char)gen;
		memcpy(dd->killer, killer, sizeof(dd->killer));
		memcpy(dd->cost, cost, sizeof(dd->cost));
	}
	free(killer);
	free(cost);
	return fail ? load_fails(why, fail) : 0;
}

void dk_dd_set_table_max(dk_dd *dd, size_t max_bytes)
{
	int bits = bits_for(max_bytes);
	dd->tt_bits_max = bits > dd->tt_bits ? bits : dd->tt_bits;
}

void dk_dd_set_threads(dk_dd *dd, int n)
{
	dd->threads = n < 1 ? 1 : n > DK_DD_THREADS_MAX ? DK_DD_THREADS_MAX : n;
}

void dk_dd_set_limit(dk_dd *dd, long positions)
{
	dd->limit = positions > 0 ? positions : 0;
}

void dk_dd_set_progress(dk_dd *dd, dk_dd_progress_fn fn, void *ctx)
{
	dd->progress = fn;
	dd->progress_ctx = ctx;
}

/* the progress callback, with the positions of the question under way */
static void tell_progress(dk_dd *dd)
{
	dk_dd_progress now = dd->at;
	now.nodes += dd->nodes;
	dd->telling(dd->progress_ctx, &now);
}

void dk_dd_stop(dk_dd *dd)
{
	__atomic_store_n(&dd->halt, 1, __ATOMIC_RELAXED);
}

bool dk_dd_stopped(const dk_dd *dd)
{
	return dd->stopped;
}

void dk_dd_use_portable_keys(dk_dd *dd)
{
	dd->key_of = key_portable;
}

bool dk_dd_keys_by_pext(const dk_dd *dd)
{
	return dd->key_of != key_portable;
}

size_t dk_dd_table_bytes(const dk_dd *dd)
{
	return sizeof(tt_entry) << dd->tt_bits;
}

void dk_dd_free(dk_dd *dd)
{
	if (!dd)
		return;
	for (int i = 0; i < DK_DD_THREADS_MAX - 1; i++)
		dk_dd_free(dd->helper[i]);
	free(dd->tt_mem);
	free(dd->ways);
	free(dd);
}

/* --- setting up a question ------------------------------------------- */

/* the order of the position, looked up once (the table's keys need no
 * salt for it: see key_of) */
static void set_order(dk_dd *dd, const dk_order *o)
{
	dd->order = *o;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		dd->trump[k] = dk_order_is_trump(o, (dk_card)k);
		dd->strength[k] = dk_order_strength(o, (dk_card)k);
		dd->suit[k] = dk_order_suit(o, (dk_card)k);
		dd->points[k] = dk_card_points((dk_card)k);
	}
	/* the order decides the winners of the two ♥10 and of equal cards
	 * by dk_order_winner alone; equal strengths of different cards are
	 * told apart by the places below */
	int by_place[DK_CARD_KINDS], n = 0;
	for (int suit = 0; suit <= DK_SUIT_TRUMP; suit++) {
		int first = n;
		for (int k = 0; k < DK_CARD_KINDS; k++) {
			if (dd->suit[k] != suit)
				continue;
			int j = n++;
			while (j > first && dd->strength[by_place[j - 1]] > dd->strength[k]) {
				by_place[j] = by_place[j - 1];
				j--;
			}
			by_place[j] = k;
		}
	}
	memset(dd->suit_places, 0, sizeof(dd->suit_places));
	dd->first_trump_place = DK_CARD_KINDS;
	for (int i = 0; i < DK_CARD_KINDS; i++) {
		int k = by_place[i];
		dd->place[k] = i;
		dd->by_place[i] = (dk_card)k;
		dd->level[i] = (unsigned)dd->suit[k] << 16 | ((unsigned)dd->strength[k] & 0xffffu);
		dd->suit_places[dd->suit[k]] |= 1u << i;
		if (dd->trump[k] && i < dd->first_trump_place)
			dd->first_trump_place = i;
	}
	dd->fehl_places = 0;
	for (int s = 0; s < DK_SUIT_TRUMP; s++)
		dd->fehl_places |= dd->suit_places[s];
	for (int i = 0; i < DK_CARD_KINDS; i++) {
		dd->at_or_below[i] = 0;
		for (int j = 0; j < DK_CARD_KINDS; j++)
			if (dd->suit[by_place[j]] == dd->suit[by_place[i]] &&
			    dd->strength[by_place[j]] <= dd->strength[by_place[i]])
				dd->at_or_below[i] |= 1u << j;
	}
	for (int last = 0; last < 2; last++)
		for (int b = 0; b < DK_CARD_KINDS; b++)
			for (int c = 0; c < DK_CARD_KINDS; c++) {
				dk_card two[2] = { (dk_card)b, (dk_card)c };
				dd->takes[last][b][c] = dk_order_winner(o, two, 2, last) == 1;
			}
	memset(dd->takers, 0, sizeof(dd->takers));
	for (int last = 0; last < 2; last++)
		for (int b = 0; b < DK_CARD_KINDS; b++)
			for (int c = 0; c < DK_CARD_KINDS; c++)
				if (dd->takes[last][b][c])
					dd->takers[last][b] |= 1u << dd->place[c];
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		unsigned char code = 0;   /* a card's points are one of code_points */
		while (code < 5 && code_points[code] != dd->points[k])
			code++;
		dd->points_code[k] = code;
	}
	memset(dd->code_places, 0, sizeof(dd->code_places));
	memset(dd->code_bits, 0, sizeof(dd->code_bits));
	memset(dd->suit_bits, 0, sizeof(dd->suit_bits));
	dd->tie_places[0] = dd->tie_places[1] = dd->level_places = 0;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		uint32_t at = 1u << dd->place[k];
		dd->code_places[dd->points_code[k]] |= at;
		for (int b = 0; b < 3; b++) {
			if (dd->points_code[k] >> b & 1)
				dd->code_bits[b] |= at;
			if ((unsigned)dd->suit[k] >> b & 1)
				dd->suit_bits[b] |= at;
		}
		for (int last = 0; last < 2; last++)
			if (dd->takes[last][k][k])
				dd->tie_places[last] |= at;
	}
	for (int i = 1; i < DK_CARD_KINDS; i++)
		if (dd->level[i] == dd->level[i - 1])
			dd->level_places |= 1u << i;
	dk_card h10 = DK_CARD_MAKE(DK_HEARTS, DK_TEN);
	dd->h10_place = dd->trump[h10] ? 1u << dd->place[h10] : 0;
	int n_cheap = 0;
	for (int pts = 0; pts <= 11; pts++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (dd->points[k] == pts)
				dd->cheap[n_cheap++] = (dk_card)k;
}

/* the question (set mine[], maxer[] and tricks first) */
static void set_salt(dk_dd *dd)
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

/* the position where rp stopped; seat_of[i] is the seat of player i */
static void position_of(const dk_dd *dd, pos *p, int seat_of[4], const dk_replay *rp)
{
	memset(p, 0, sizeof(*p));
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		seat_of[i] = seat;
		for (int k = 0; k < rp->hand_n[seat]; k++) {
			dk_card c = rp->hand[seat][k];
			if (p->hand[i][c] < 2)
				p->hand[i][c]++;
			p->left += dk_card_points(c);
		}
		if (seat == rp->next_seat)
			p->turn = i;
	}
	if (rp->trick_count < DK_MAX_TRICKS) {
		const dk_trick *t = &rp->tricks[rp->trick_count];
		if (t->count > 0 && t->count < 4) {
			for (int i = 0; i < t->count; i++) {
				p->trick[i] = t->cards[i];
				p->left += dk_card_points(t->cards[i]);
				for (int k = 0; k < DK_PLAYING_SEATS; k++)
					if (seat_of[k] == t->seats[i])
						p->tseat[i] = k;
			}
			p->tn = t->count;
			bool last = rp->trick_count == rp->hand_size - 1;
			for (int i = 1; i < p->tn; i++)
				if (dd->takes[last][p->trick[p->win]][p->trick[i]])
					p->win = i;
		}
	}
	p->tricks_done = rp->trick_count;
	p->hand_size = rp->hand_size;
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			if (p->hand[i][k]) {
				p->held[i] |= 1u << dd->place[k];
				if (p->hand[i][k] == 2)
					p->both[i] |= 1u << dd->place[k];
			}
}

/* --- playing --------------------------------------------------------- */

/* play card k for the player to move; what the counted side gains */
static int play(const dk_dd *dd, pos *p, dk_card k)
{
	unsigned char *have = &p->hand[p->turn][k];
	(*have)--;
	p->both[p->turn] &= ~(1u << dd->place[k]);
	if (!*have)
		p->held[p->turn] &= ~(1u << dd->place[k]);
	bool last = p->tricks_done == p->hand_size - 1;
	if (p->tn == 0)
		p->win = 0;
	else if (dd->takes[last][p->trick[p->win]][k])
		p->win = p->tn;
	p->trick[p->tn] = k;
	p->tseat[p->tn] = p->turn;
	p->tn++;
	if (p->tn < 4) {
		p->turn = (p->turn + 1) % 4;
		return 0;
	}
	int w = p->tseat[p->win];
	int pts = 0;
	for (int i = 0; i < 4; i++)
		pts += dd->points[p->trick[i]];
	p->left -= pts;
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	if (!dd->mine[w])
		return 0;
	return dd->tricks ? 1 : pts;
}

/*
 * The legal cards of the player to move, one of each interchangeable set
 * (same suit, same points, no card of another player in a hand or in the
 * open trick between them or level with them in the order: exchanging
 * them in any continuation gives a legal one with the same trick winners
 * and points), in the order of places.
 */
static int moves(const dk_dd *dd, const pos *p, dk_card *out)
{
	uint32_t legal = p->held[p->turn];
	if (p->tn > 0 && (legal & dd->suit_places[dd->suit[p->trick[0]]]))
		legal &= dd->suit_places[dd->suit[p->trick[0]]];
	uint32_t others = 0;
	for (int i = 0; i < 4; i++)
		if (i != p->turn)
			others |= p->held[i];
	for (int i = 0; i < p->tn; i++)
		others |= 1u << dd->place[p->trick[i]];
	int n = 0;
	int prev = -1;
	while (legal) {
		int pl = __builtin_ctz(legal);
		legal &= legal - 1;
		dk_card k = dd->by_place[pl];
		if (prev >= 0) {
			dk_card j = dd->by_place[prev];
			uint32_t span = (uint32_t)((2ull << pl) - (1ull << prev));
			if (dd->suit[j] == dd->suit[k] && dd->points[j] == dd->points[k] &&
			    (others & span) == 0)
				continue;   /* the same as the card kept before */
		}
		out[n++] = k;
		prev = pl;
	}
	return n;
}

/* the cards player j may play to a trick led with card k */
static uint32_t may_follow(const dk_dd *dd, const pos *p, int j, dk_card k)
{
	uint32_t can = p->held[j] & dd->suit_places[dd->suit[k]];
	return can ? can : p->held[j];
}

/* can player j take a trick led with k from it, whatever the others play? */
static bool can_take(const dk_dd *dd, const pos *p, int j, dk_card k, bool last)
{
	return (may_follow(dd, p, j, k) & dd->takers[last][k]) != 0;
}

/* can an opponent of the player to move, still to play in the trick, beat
 * card w? */
static bool opponent_beats(const dk_dd *dd, const pos *p, dk_card w, bool last)
{
	bool up = dd->maxer[p->turn];
	for (int j = 1; j < 4 - p->tn; j++) {
		int o = (p->turn + j) & 3;
		if (dd->mine[o] != up && (may_follow(dd, p, o, p->trick[0]) & dd->takers[last][w]))
			return true;
	}
	return false;
}

/* led with k by the player to move, is the trick sure to go to a partner
 * of his: one of them holds a card that may follow, takes k and is beaten
 * by no card an opponent may play (the order they play in is not looked
 * at: a guess for the move order, nothing more) */
static bool partner_takes(const dk_dd *dd, const pos *p, dk_card k, bool last)
{
	int t = p->turn;
	bool up = dd->maxer[t];
	uint32_t opponents = 0;
	for (int j = 0; j < 4; j++)
		if (j != t && dd->mine[j] != up)
			opponents |= may_follow(dd, p, j, k);
	for (int f = 0; f < 4; f++) {
		if (f == t || dd->mine[f] != up)
			continue;
		uint32_t c = may_follow(dd, p, f, k) & dd->takers[last][k];
		while (c) {
			int pl = __builtin_ctz(c);
			c &= c - 1;
			if (!(opponents & dd->takers[last][dd->by_place[pl]]))
				return true;
		}
	}
	return false;
}

/*
 * moves() tried most promising first for the player to move.  A player
 * is glad to see the trick go to a "friend": one whose tricks move the
 * value the way the player wants (in the game between the parties, the
 * partner; in a Ramsch, an opponent; in a threshold question, a player of
 * the party asked about), where no opponent still to play can beat the
 * friend's card.  In a trick, a card after which the trick is sure to go
 * to a friend goes first, the dearest first; at a lead see below (whole
 * analyses of 14 test and sample games: 0.82 of session 11's positions,
 * README.md).  hint, then hint2, go first where legal (the table's best
 * lead, the killer moves).
 */
static int ordered_moves(const dk_dd *dd, const pos *p, dk_card *m, dk_card hint, dk_card hint2)
{
	int n = moves(dd, p, m);
	if (n < 2)
		return n;
	int score[DK_CARD_KINDS];
	bool last = p->tricks_done == p->hand_size - 1;
	int t = p->turn;
	bool up = dd->maxer[t];
	bool wants_it = dd->mine[t] == up;     /* taking the trick itself is good */
	dk_card winning = p->trick[p->win];
	/* a friend wins the trick so far, and no opponent after can beat it */
	bool friend_wins = p->tn && dd->mine[p->tseat[p->win]] == up &&
			   !opponent_beats(dd, p, winning, last);
	int partners = 0;
	for (int j = 0; j < 4 && p->tn == 0; j++)
		partners += j != t && dd->mine[j] == dd->mine[t];
	bool one_partner = partners == 1;   /* at a lead */
	for (int i = 0; i < n; i++) {
		dk_card k = m[i];
		int s;
		if (p->tn == 0) {
			bool sure = true;
			for (int j = 0; j < 4 && sure; j++)
				if (j != t && dd->mine[j] != up && can_take(dd, p, j, k, last))
					sure = false;
			if (wants_it)
				/* a sure winner first, the dearest first; then a card
				 * a partner surely takes, the cheapest first; then
				 * trumps, the strongest first, or with one partner
				 * (not a soloist, nor against one) the weakest first;
				 * then cheap cards */
				s = sure ? 300 + dd->points[k]
				    : partner_takes(dd, p, k, last) ? 250 - dd->points[k]
				    : dd->trump[k] && one_partner
					? 100 + (200 - dd->strength[k]) / 4 - dd->points[k]
				    : dd->strength[k] + (dd->trump[k] ? 0 : 8) - dd->points[k];
			else
				/* a card a friend can take, the dearest first */
				s = sure ? -dd->points[k] : 100 + dd->points[k];
		} else if (wants_it && (dd->takes[last][winning][k] ? !opponent_beats(dd, p, k, last)
								    : friend_wins)) {
			s = 300 + dd->points[k];   /* the trick is ours: the dearest */
		} else {
			bool takes = dd->takes[last][winning][k];
			if (takes && wants_it && (p->tn == 3 || !friend_wins))
				s = 200 + (p->tn == 3 ? dd->points[k] : -dd->strength[k]);
			else if (takes && !wants_it)
				s = 20 - dd->points[k];
			else if (friend_wins)
				s = 100 + dd->points[k];
			else
				s = 50 - dd->points[k];
		}
		if (k == hint)
			s = 1000;
		else if (k == hint2)
			s = 900;
		score[i] = s;
	}
	for (int i = 1; i < n; i++) {
		dk_card k = m[i];
		int s = score[i], j = i;
		while (j > 0 && score[j - 1] < s) {
			m[j] = m[j - 1];
			score[j] = score[j - 1];
			j--;
		}
		m[j] = k;
		score[j] = s;
	}
	return n;
}

/* --- bounds ---------------------------------------------------------- */

/* the places in x, by count8 a byte at a time: the processor's
 * instruction is not in the x86-64 baseline this is built for, and the
 * library's function for __builtin_popcount took half of a threshold
 * question's instructions */
static inline int bits_in(uint32_t x)
{
	return count8[x & 0xff] + count8[x >> 8 & 0xff] + count8[x >> 16 & 0xff];
}

/* how many cards player i holds at the places of mask, copies counted */
static inline int cards_in(const pos *p, int i, uint32_t mask)
{
	return bits_in(p->held[i] & mask) + bits_in(p->both[i] & mask);
}

/* what the party holds, as the bounds need it */
typedef struct party_cards {
	int trumps;                  /* how many trumps */
	int top_trump;               /* strength of the highest, 0 if none */
	bool h10;                    /* holds a ♥10 */
	int suit_top[4];             /* strength of the highest card per fehl suit, -1 if none */
	int trumps_from[DK_CARD_KINDS + 1];  /* trumps at this place in the order or above */
	uint32_t capturable;         /* the fehl places whose cards it can take from an
					opponent (see party_cards_of) */
} party_cards;

/*
 * The places the players in[] hold together (*once), and those of which
 * they hold both copies (returned): one of them holds both, or two of
 * them one each.  held and both by player, as in pos.
 */
static uint32_t held_twice(const uint32_t held[4], const uint32_t both[4], const bool in[4],
			   uint32_t *once)
{
	uint32_t one = 0, two = 0;
	for (int i = 0; i < 4; i++) {
		if (in[i]) {
			two |= both[i] | (one & held[i]);
			one |= held[i];
		}
	}
	*once = one;
	return two;
}

/*
 * The party's cards.  An opponent's fehl card can end in its tricks only
 * when a card of the party beats it: a trump, a card of the suit at
 * least as high (led first), or a card of another fehl suit led while
 * the opponent has none of it; so with a trump every fehl card can, else
 * every card of a suit where the party holds another fehl suit, else
 * those up to the party's highest of the suit.
 */
static void party_cards_of(party_cards *out, const dk_dd *c, const pos *p, const bool in[4])
{
	uint32_t one;
	uint32_t two = held_twice(p->held, p->both, in, &one);
	uint32_t trumps = one & c->suit_places[DK_SUIT_TRUMP];
	out->trumps_from[DK_CARD_KINDS] = 0;
	for (int pl = DK_CARD_KINDS - 1; pl >= c->first_trump_place; pl--)
		out->trumps_from[pl] = out->trumps_from[pl + 1] + (int)(trumps >> pl & 1) +
				       (int)(two >> pl & 1);
	out->trumps = out->trumps_from[c->first_trump_place];
	out->top_trump = 0;
	if (trumps) {
		int top = c->strength[c->by_place[31 - __builtin_clz(trumps)]];
		out->top_trump = top > 0 ? top : 0;
	}
	out->h10 = (one & c->h10_place) != 0;
	unsigned suits = 0;
	int top_place[4];
	for (int s = 0; s < 4; s++) {
		uint32_t cards = one & c->suit_places[s];
		out->suit_top[s] = -1;
		if (cards) {
			top_place[s] = 31 - __builtin_clz(cards);
			int top = c->strength[c->by_place[top_place[s]]];
			out->suit_top[s] = top > -1 ? top : -1;
			suits |= 1u << s;
		}
	}
	if (out->trumps > 0) {
		out->capturable = c->fehl_places;
		return;
	}
	out->capturable = 0;
	for (int s = 0; s < 4; s++) {
		if (suits & ~(1u << s))
			out->capturable |= c->suit_places[s];
		else if (suits & 1u << s)
			out->capturable |= c->at_or_below[top_place[s]];
	}
}

/*
 * Does an opponent's card k win every trick it is led to, whatever the
 * party plays?  A trump if the party has no higher one (nor, where the
 * second ♥10 wins, the other ♥10); a fehl card if the party has no higher
 * card of the suit and no trump at all.
 */
static bool wins_when_led(const dk_dd *c, const party_cards *pc, dk_card k)
{
	if (c->trump[k])
		return pc->top_trump < c->strength[k] &&
		       !(k == DK_CARD_MAKE(DK_HEARTS, DK_TEN) && pc->h10 &&
			 c->order.tie != DK_TIE_FIRST_WINS);
	return pc->trumps == 0 && pc->suit_top[c->suit[k]] <= c->strength[k];
}

/*
 * How many cards of an opponent's hand h can end up in the party's
 * tricks: in each such trick a card of the party beats the opponent's
 * card, a different one in each trick, so the opponent's trumps taken
 * must be matched each to a party trump at least as high (matched from
 * the highest down), and fehl cards only those of pc->capturable.
 */
static int capturable_count(const dk_dd *c, const pos *p, const party_cards *pc, int h)
{
	int n = cards_in(p, h, pc->capturable);
	int matched = 0;
	for (uint32_t trumps = p->held[h] & c->suit_places[DK_SUIT_TRUMP]; trumps; ) {
		int pl = 31 - __builtin_clz(trumps);
		trumps &= ~(1u << pl);
		int have = pc->trumps_from[pl];
		for (int copy = 0; copy <= (int)(p->both[h] >> pl & 1) && have > matched; copy++)
			matched++;
	}
	return n + matched;
}

/*
 * The most points of h that can end up in the party's tricks, at most w
 * cards: highest points first, each card taken if it can be captured and
 * the trumps taken so far can still be matched (the sets that can be
 * matched are the independent sets of a matroid, so taking greedily by
 * points gives the most; of equal points, fehl cards first, then trumps
 * from the weakest).  Hall's condition: at every place, the trumps taken
 * there or above are no more than the party's trumps there or above.  It
 * need only be asked at the places of h's trumps (between two of them
 * the party's count only grows downwards): the slack at each, a nibble
 * each from the weakest, at most 15 (the 12 takes at most leave 15 at 3
 * or more), all asked and lowered at once.
 */
static int capturable_points(const dk_dd *c, const pos *p, const party_cards *pc, int h, int w)
{
	uint32_t trumps = p->held[h] & c->suit_places[DK_SUIT_TRUMP];
	uint64_t slack = 0;
	int lanes = 0;
	for (uint32_t t = trumps; t; t &= t - 1) {
		int have = pc->trumps_from[__builtin_ctz(t)];
		slack |= (uint64_t)(have < 15 ? have : 15) << (4 * lanes++);
	}
	int taken = 0, points = 0;
	/* cards without points add nothing */
	for (int code = 5; code >= 1 && taken < w; code--) {
		uint32_t at = c->code_places[code];
		if (p->held[h] & pc->capturable & at) {
			int n = cards_in(p, h, pc->capturable & at);
			int take = n < w - taken ? n : w - taken;
			taken += take;
			points += take * code_points[code];
		}
		for (uint32_t cards = trumps & at; cards && taken < w; cards &= cards - 1) {
			int px = __builtin_ctz(cards);
			int lane = bits_in(trumps & ((1u << px) - 1));
			uint64_t upto = lane >= 15 ? ~0ull : (1ull << (4 * (lane + 1))) - 1;
			uint64_t ones = 0x1111111111111111ull & upto;
			for (int copy = 0; copy <= (int)(p->both[h] >> px & 1) && taken < w; copy++) {
				uint64_t v = slack & upto;
				if ((v - ones) & ~v & 0x8888888888888888ull & upto)
					break;   /* a place at or below it has no slack left */
				slack -= ones;
				taken++;
				points += code_points[code];
			}
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
static int upper_bound(const dk_dd *c, const pos *p, const bool in[4])
{
	party_cards pc;
	party_cards_of(&pc, c, p, in);
	if (!in[p->turn]) {
		bool sweep = true;
		for (int i = 0; i < 4 && sweep; i++)
			for (uint32_t cards = in[i] ? 0 : p->held[i]; cards && sweep;
			     cards &= cards - 1)
				if (!wins_when_led(c, &pc, c->by_place[__builtin_ctz(cards)]))
					sweep = false;
		if (sweep)
			return 0;
	}
	int w = p->hand_size - p->tricks_done;
	for (int i = 0; i < 4; i++) {
		if (!in[i]) {
			int n = capturable_count(c, p, &pc, i);
			if (n < w)
				w = n;
		}
	}
	if (c->tricks || w == 0)
		return w;
	int points = 0;
	for (int i = 0; i < 4; i++) {
		if (!in[i]) {
			points += capturable_points(c, p, &pc, i, w);
			continue;
		}
		int taken = 0;
		for (int code = 5; code >= 1 && taken < w; code--) {
			uint32_t at = c->code_places[code];
			if (!(p->held[i] & at))
				continue;
			int have = cards_in(p, i, at);
			int take = have < w - taken ? have : w - taken;
			taken += take;
			points += take * code_points[code];
		}
	}
	return points;
}


/*
 * What the player on lead takes for sure by leading, one after the other,
 * the cards that win when led against every other player: each such trick
 * holds that card and one card of each other player, at least the
 * cheapest ones of their hands (the others' cards only go, so a card that
 * wins when led now wins later too).  In card points, or tricks.  The
 * partner's cards count too: a partner who must follow with a higher card
 * takes the lead, and the leader may never get it back to lead the rest
 * (found by the threshold tests: a fleischlos solo in which the partner's
 * forced ace took a king's trick).
 */
static int sure_gain(const dk_dd *dd, const pos *p)
{
	int t = p->turn;
	bool them[4];
	for (int i = 0; i < 4; i++)
		them[i] = i != t;
	party_cards pc;
	party_cards_of(&pc, dd, p, them);
	int k = 0, gain = 0;
	for (uint32_t held = p->held[t]; held; held &= held - 1) {
		dk_card c = dd->by_place[__builtin_ctz(held)];
		if (wins_when_led(dd, &pc, c)) {
			k += p->hand[t][c];
			gain += p->hand[t][c] * dd->points[c];
		}
	}
	if (k == 0 || dd->tricks)
		return k;
	for (int i = 0; i < 4; i++) {
		if (i == t)
			continue;
		int n = 0;
		for (int j = 0; j < DK_CARD_KINDS && n < k; j++) {
			dk_card c = dd->cheap[j];
			int take = p->hand[i][c] < k - n ? p->hand[i][c] : k - n;
			n += take;
			gain += take * dd->points[c];
		}
	}
	return gain;
}

/* --- the search ------------------------------------------------------ */

static int last_trick(const dk_dd *dd, pos *p)
{
	int gain = 0;
	for (int n = 0; n < 4; n++) {
		uint32_t h = p->held[p->turn];
		if (!h)
			return gain;
		gain += play(dd, p, dd->by_place[__builtin_ctz(h)]);
	}
	return gain;
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
 * Skat solver).  In 9 tricks left of three sample games, the patterns
 * without points are 3 to 10 times fewer than those with, and the search
 * visits 40 to 63 % fewer positions.  Counting tricks, points do not
 * count: every code is 0.
 *
 * The key is made from bit masks by place, each compacted to the places
 * held (bit i of the result: the i-th place held), as pext does in one
 * instruction: which places each player holds and holds twice, the
 * three bits of each place's suit, the ♥10 rule's places, the places
 * level with the one held before.  The points go beside it the same way,
 * a mask for each bit of the code.  Made a card at a time, with a random
 * number for each rank and what is there, the key took a third of the
 * instructions of an analysis; now a tenth (release build, callgrind,
 * heart10-second-wins-unsere-2024.xml: 9.02 to 6.63 billion in all).
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

static void key_of(const dk_dd *dd, const pos *p, tkey *tk)
{
	dd->key_of(dd, p, tk);
}

/* the points code of the place held at slot s of a key's points */
static int code_at(const uint64_t points[2], int s)
{
	return (int)(points[0] >> s & 1) | (int)(points[0] >> (32 + s) & 1) << 1 |
	       (int)(points[1] >> s & 1) << 2;
}

/* how much the value of tk's position can be above (*up) and below
 * (*down) that of e's, a position of the same pattern (see key_of) */
static void points_apart(const tkey *tk, const tt_val *e, int *up, int *down)
{
	*up = *down = 0;
	uint64_t d0 = tk->points[0] ^ e->points[0], d1 = tk->points[1] ^ e->points[1];
	uint32_t x = (uint32_t)d0 | (uint32_t)(d0 >> 32) | (uint32_t)d1;
	if (!x)
		return;
	/* the places of which both copies are left */
	uint32_t h[4], b[4], one;
	for (int i = 0; i < 4; i++) {
		h[i] = (uint32_t)(tk->holders[i / 2] >> 32 * (i % 2));
		b[i] = (uint32_t)(tk->holders[2 + i / 2] >> 32 * (i % 2));
	}
	static const bool everybody[4] = { true, true, true, true };
	uint32_t two = held_twice(h, b, everybody, &one);
	for (; x; x &= x - 1) {
		int s = __builtin_ctz(x);
		int d = (code_points[code_at(tk->points, s)] - code_points[code_at(e->points, s)]) *
			(1 + (int)(two >> s & 1));
		if (d > 0)
			*up += d;
		else
			*down -= d;
	}
}

/* the lead best as the table keeps it: its rank among the places held */
static unsigned char rank_of(const dk_dd *dd, const pos *p, dk_card best)
{
	uint32_t all = p->held[0] | p->held[1] | p->held[2] | p->held[3];
	return (unsigned char)__builtin_popcount(all & ((1u << dd->place[best]) - 1));
}

/* ... and back: the card of that rank, if the player on lead holds it */
static dk_card card_of_rank(const dk_dd *dd, const pos *p, unsigned rank)
{
	uint32_t all = p->held[0] | p->held[1] | p->held[2] | p->held[3];
	for (unsigned i = 0; i < rank && all; i++)
		all &= all - 1;
	if (!all || !(p->held[p->turn] & all & -all))
		return DK_CARD_NONE;
	return dd->by_place[__builtin_ctz(all)];
}

/* the table: buckets of four entries, two cache lines (the table is
 * allocated on a bucket's boundary), a bucket by pattern; a new entry takes
 * an empty one, else the one with the fewest tricks left (the least work
 * saved) */
static tt_entry *tt_bucket(const dk_dd *dd, uint64_t key)
{
	return &dd->tt[(key >> (64 - dd->tt_bits)) & ~(uint64_t)(BUCKET - 1)];
}

static void tt_prefetch(const dk_dd *dd, uint64_t key)
{
	const tt_entry *b = tt_bucket(dd, key);
	__builtin_prefetch(b);
	__builtin_prefetch(b + BUCKET / 2);
}

/* an entry a word at a time (relaxed: another thread's writes may come
 * in any order; one torn between two writes has a key that matches
 * nothing) */
static inline void tt_read(const tt_entry *e, tt_val *v)
{
	uint64_t w0 = __atomic_load_n(&e->w[0], __ATOMIC_RELAXED);
	uint64_t w1 = __atomic_load_n(&e->w[1], __ATOMIC_RELAXED);
	uint64_t w2 = __atomic_load_n(&e->w[2], __ATOMIC_RELAXED);
	uint64_t w3 = __atomic_load_n(&e->w[3], __ATOMIC_RELAXED);
	v->key = w0 ^ w1 ^ w2 ^ w3;
	v->points[0] = w1;
	v->points[1] = w2;
	v->lower = (short)(uint16_t)w3;
	v->upper = (short)(uint16_t)(w3 >> 16);
	v->best = (unsigned char)(w3 >> 32);
	v->gen = (unsigned char)(w3 >> 40);
	v->left = (unsigned char)(w3 >> 48);
}

static inline void tt_write(tt_entry *e, const tt_val *v)
{
	uint64_t w3 = (uint64_t)(uint16_t)v->lower | (uint64_t)(uint16_t)v->upper << 16 |
		      (uint64_t)v->best << 32 | (uint64_t)v->gen << 40 | (uint64_t)v->left << 48;
	__atomic_store_n(&e->w[1], v->points[0], __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[2], v->points[1], __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[3], w3, __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[0], v->key ^ v->points[0] ^ v->points[1] ^ w3, __ATOMIC_RELAXED);
}

/* the slot of tk's position itself (its pattern and its points), else
 * NULL */
static tt_entry *tt_find(dk_dd *dd, const tkey *tk)
{
	tt_entry *b = tt_bucket(dd, tk->key);
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.key == tk->key && e.points[0] == tk->points[0] &&
		    e.points[1] == tk->points[1] && e.gen == dd->gen)
			return &b[i];
	}
	return NULL;
}

/*
 * What the table knows of tk's position: *lo and *hi narrowed by every
 * entry of its pattern, each moved by what the points differ (see
 * key_of), *best the lead of the nearest such entry that has one (left
 * alone if none).  0: no entry of the pattern; 1: entries of other points
 * only; 2: the position's own entry among them.
 */
static int tt_bounds(dk_dd *dd, const tkey *tk, int *lo, int *hi, unsigned char *best)
{
	const tt_entry *b = tt_bucket(dd, tk->key);
	int found = 0, nearest = INF;
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.key != tk->key || e.gen != dd->gen)
			continue;
		int up, down;
		points_apart(tk, &e, &up, &down);
		if (e.lower - down > *lo)
			*lo = e.lower - down;
		if (e.upper + up < *hi)
			*hi = e.upper + up;
		if (e.best != 0xff && up + down < nearest) {
			nearest = up + down;
			*best = e.best;
		}
		if (e.points[0] == tk->points[0] && e.points[1] == tk->points[1])
			found = 2;
		else if (!found)
			found = 1;
	}
	return found;
}

static tt_entry *tt_slot(dk_dd *dd, uint64_t key)
{
	tt_entry *b = tt_bucket(dd, key);
	int pick = 0, fewest = INF;
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.gen != dd->gen)
			return &b[i];
		if (e.left < fewest) {
			fewest = e.left;
			pick = i;
		}
	}
	return &b[pick];
}

/* a slot for a bound no search made (left 0): an empty one or one of those */
static tt_entry *tt_spare(dk_dd *dd, uint64_t key)
{
	tt_entry *b = tt_bucket(dd, key);
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.gen != dd->gen || e.left == 0)
			return &b[i];
	}
	return NULL;
}

/* tk's position's bounds (left tricks left, best its best lead or
 * DK_CARD_NONE) into slot e */
static void tt_store(dk_dd *dd, tt_entry *e, const tkey *tk, int left, int lo, int hi,
		     unsigned char best)
{
	tt_val v = {
		.key = tk->key, .points = { tk->points[0], tk->points[1] },
		.lower = (short)lo, .upper = (short)hi, .best = best,
		.gen = dd->gen, .left = (unsigned char)left,
	};
	tt_write(e, &v);
}

/* bounds of tk's position that no search made, kept where they take no
 * search's place (tt_spare), the first to go (tt_slot) */
static void keep_bounds(dk_dd *dd, const tkey *tk, int lo, int hi)
{
	tt_entry *e = tt_spare(dd, tk->key);
	if (e)
		tt_store(dd, e, tk, 0, lo, hi, 0xff);
}

/* the share of the table in use: entries of this generation, of 4,096
 * spread evenly over it */
static double tt_in_use(const dk_dd *dd)
{
	size_t n = (size_t)1 << dd->tt_bits, step = n >> 12, used = 0;
	for (size_t i = 0; i < n; i += step) {
		tt_val e;
		tt_read(&dd->tt[i], &e);
		used += e.gen == dd->gen;
	}
	return (double)used / (double)(n / step);
}

/*
 * The table twice as large where three quarters of it are in use and it
 * may grow (dk_dd_set_table_max): in an analysis before each position,
 * and with one thread every DK_DD_PROGRESS_EVERY positions of a search
 * (ab_keyed), where no other thread is searching it.  An entry goes to
 * the bucket its key's next bit picks: a new bucket takes entries of one
 * old bucket only, so every entry finds a slot.  Out of memory: the
 * table stays.  While the entries move both tables are held: 1.5 times
 * the larger at the peak.
 */
#define GROW_IN_USE 0.75

static void tt_grow(dk_dd *dd)
{
	if (dd->tt_bits >= dd->tt_bits_max || tt_in_use(dd) < GROW_IN_USE)
		return;
	tt_entry *old = dd->tt, *tt;
	void *mem = table_of(dd->tt_bits + 1, &tt);
	if (!mem)
		return;
	size_t n = (size_t)1 << dd->tt_bits;
	void *old_mem = dd->tt_mem;
	dd->tt = tt;
	dd->tt_mem = mem;
	dd->tt_bits++;
	for (size_t i = 0; i < n; i++) {
		tt_val e;
		tt_read(&old[i], &e);
		if (e.gen != dd->gen)
			continue;
		tt_write(tt_slot(dd, e.key), &e);
	}
	free(old_mem);
}

/* --- the cooperative search ----------------------------------------- */

/*
 * In a threshold question every player plays for the party asked about:
 * the value is the most any legal continuation gains, a search with one
 * player (a maximum over all continuations).  Between tricks it goes a
 * trick at a time, as search.c does: every way to play the trick (one
 * card of each interchangeable set per player) is listed with what it
 * gains and the most the position after it can gain (from the table, or
 * upper_bound); the ways whose sum cannot beat alpha are not searched,
 * the others are searched best first.  A card at a time, the bound of a
 * trick's end is only seen when the trick is complete, and the search
 * goes deep into the first lead it tries however little it promises.
 */
typedef struct way {
	dk_card cards[4];
	short gain;                  /* what the trick gains */
	short promise;               /* gain + the most the position after it can gain */
} way;

static int ab(dk_dd *dd, const pos *p, int alpha, int beta);

static bool every_maxer(const dk_dd *dd)
{
	return dd->maxer[0] && dd->maxer[1] && dd->maxer[2] && dd->maxer[3];
}

/* the most the position q between tricks can gain: the table's upper
 * bound where it has q's own entry, else the lower of upper_bound and
 * what entries of q's pattern with other points say */
static int bound_after(dk_dd *dd, const pos *q)
{
	int left = q->hand_size - q->tricks_done;
	if (left <= 0)
		return 0;
	if (left == 1) {
		pos r = *q;
		return last_trick(dd, &r);
	}
	tkey tk;
	key_of(dd, q, &tk);
	int lo = 0, hi = INF;
	unsigned char best;
	if (tt_bounds(dd, &tk, &lo, &hi, &best) == 2)
		return hi;
	int all = dd->tricks ? left : q->left;
	int bound = upper_bound(dd, q, dd->mine);
	if (bound < hi)
		hi = bound;
	if (hi > all)
		hi = all;
	/* most positions after a way are never searched, and many come
	 * again (other tricks before them): half of the bounds of a
	 * threshold question were made again */
	keep_bounds(dd, &tk, lo, hi);
	return hi;
}

/* the ways to play the trick from p on (depth cards of it in w), each
 * with its promise: with bounded, gain plus bound_after; else gain plus
 * every card point left (cheaper, for a walk that only looks up) */
static void list_ways(dk_dd *dd, const pos *p, way *w, int depth, bool bounded)
{
	if (depth == 4) {
		dd->nodes++;   /* a position looked at: counts against the limit */
		if (dd->n_ways == dd->cap_ways) {
			dd->cap_ways = dd->cap_ways ? 2 * dd->cap_ways : 4096;
			dd->ways = realloc(dd->ways, dd->cap_ways * sizeof(way));
			if (!dd->ways)
				abort();   /* out of memory */
		}
		w->promise = (short)(w->gain + (bounded ? bound_after(dd, p) : p->left));
		dd->ways[dd->n_ways++] = *w;
		return;
	}
	dk_card m[DK_CARD_KINDS];
	int n = moves(dd, p, m);
	short gain = w->gain;
	for (int i = 0; i < n; i++) {
		pos q = *p;
		w->cards[depth] = m[i];
		w->gain = (short)(gain + play(dd, &q, m[i]));
		list_ways(dd, &q, w, depth + 1, bounded);
	}
	w->gain = gain;
}

static int by_promise(const void *a, const void *b)
{
	const way *x = a, *y = b;
	if (x->promise != y->promise)
		return y->promise - x->promise;
	if (x->gain != y->gain)
		return y->gain - x->gain;
	return memcmp(x->cards, y->cards, sizeof(x->cards));
}

/*
 * The value of p between tricks when every player is a maxer (fail-soft:
 * at most alpha, an upper bound; at least beta, a lower bound).  The ways
 * not searched count with their promise, which is at least what they can
 * gain, so a value at most alpha stays an upper bound.  *best gets the
 * lead of the best way (the table's hint); hint is tried first.
 */
static int coop_trick(dk_dd *dd, const pos *p, int alpha, int beta, dk_card hint,
		      dk_card *best)
{
	size_t base = dd->n_ways;
	way w;
	memset(&w, 0, sizeof(w));
	list_ways(dd, p, &w, 0, true);
	*best = DK_CARD_NONE;
	if (dd->n_ways == base)
		return 0;   /* a record where a seat played twice in a trick */
	*best = dd->ways[base].cards[0];
	int v = -INF;
	size_t n = base;
	for (size_t i = base; i < dd->n_ways; i++) {
		if (dd->ways[i].promise > alpha)
			dd->ways[n++] = dd->ways[i];
		else if (dd->ways[i].promise > v)
			v = dd->ways[i].promise;
	}
	dd->n_ways = n;
	if (n - base > 1)
		qsort(&dd->ways[base], n - base, sizeof(way), by_promise);
	for (size_t i = base + 1; i < n && hint != DK_CARD_NONE; i++)
		if (dd->ways[i].cards[0] == hint && dd->ways[base].cards[0] != hint) {
			way h = dd->ways[i];
			memmove(&dd->ways[base + 1], &dd->ways[base], (i - base) * sizeof(way));
			dd->ways[base] = h;
			break;
		}
	int a = alpha;
	for (size_t i = base; i < n; i++) {
		w = dd->ways[i];   /* a copy: the calls below may move the stack */
		if (w.promise <= a)
			break;     /* sorted: nor can the rest (v > a already) */
		pos q = *p;
		for (int k = 0; k < 4; k++)
			play(dd, &q, w.cards[k]);
		int r = w.gain + ab(dd, &q, a - w.gain, beta - w.gain);
		if (dd->stopped)
			break;
		if (r > v) {
			v = r;
			*best = w.cards[0];
		}
		if (v > a)
			a = v;
		if (v >= beta)
			break;
	}
	dd->n_ways = base;
	return v;
}

/* ab with the key of p (between tricks) already made, or NULL */
static int ab_keyed(dk_dd *dd, const pos *p, int alpha, int beta, const tkey *given);

static int ab(dk_dd *dd, const pos *p, int alpha, int beta)
{
	return ab_keyed(dd, p, alpha, beta, NULL);
}

static int ab_keyed(dk_dd *dd, const pos *p, int alpha, int beta, const tkey *given)
{
	dd->nodes++;
	if (__builtin_expect((dd->nodes & (DK_DD_PROGRESS_EVERY - 1)) == 0, 0)) {
		if (dd->telling)
			tell_progress(dd);
		/* the table grown in the search itself, where one thread
		 * alone searches it (a helper has no tt_mem): no other
		 * search holds a place in it, and this one takes its
		 * entries' places afresh as each position's search ends */
		if (dd->tt_bits < dd->tt_bits_max && dd->tt_mem && dd->threads == 1)
			tt_grow(dd);
	}
	if (dd->stopped || (dd->limit && dd->nodes > dd->limit) ||
	    __atomic_load_n(&dd->cancel, __ATOMIC_RELAXED) ||
	    __atomic_load_n(dd->halting, __ATOMIC_RELAXED)) {
		/* over the limit, or the probe moot (exact_together):
		 * unwind; what the callers get is not used and nothing more
		 * is stored */
		dd->stopped = true;
		return alpha;
	}
	tkey tk;
	int lo = 0, hi = INF;
	dk_card hint = DK_CARD_NONE;
	if (p->tn == 0) {
		int left = p->hand_size - p->tricks_done;
		if (left <= 0)
			return 0;
		if (left == 1) {
			pos q = *p;
			return last_trick(dd, &q);
		}
		if (given)
			tk = *given;
		else
			key_of(dd, p, &tk);
		unsigned char rank = 0xff;
		int known = tt_bounds(dd, &tk, &lo, &hi, &rank);
		if (rank != 0xff)
			hint = card_of_rank(dd, p, rank);
		if (known < 2 && lo < beta && hi > alpha) {
			/* the bounds, each only where it may cut */
			int all = dd->tricks ? left : p->left;
			int bound = all <= alpha ? all : upper_bound(dd, p, dd->mine);
			if (bound < hi)
				hi = bound;
			if (hi <= alpha) {
				keep_bounds(dd, &tk, lo, hi);
				return hi;
			}
			bool others[4];
			for (int i = 0; i < 4; i++)
				others[i] = !dd->mine[i];
			bound = all - upper_bound(dd, p, others);
			if (bound > lo)
				lo = bound;
			/* the player on lead cashes his sure tricks, where he
			 * plays to take tricks (not in a Ramsch, not for the
			 * other side in a threshold question) */
			int t = p->turn;
			if (dd->mine[t] == dd->maxer[t] && lo < beta && hi > alpha) {
				int sure = sure_gain(dd, p);
				if (dd->mine[t] && sure > lo)
					lo = sure;
				else if (!dd->mine[t] && all - sure < hi)
					hi = all - sure;
			}
			/* a position the bounds decide is looked at again
			 * after other tricks, its bounds worked out again:
			 * kept, an analysis takes 0.81 to 0.99 of the time */
			if (lo >= beta || hi <= alpha || lo == hi)
				keep_bounds(dd, &tk, lo, hi);
		}
		if (lo >= beta)
			return lo;
		if (hi <= alpha)
			return hi;
		if (lo == hi)
			return lo;
	}
	int v;
	dk_card best;
	if (p->tn == 0 && every_maxer(dd)) {
		v = coop_trick(dd, p, alpha, beta, hint, &best);
		goto searched;
	}
	dk_card m[DK_CARD_KINDS];
	/* in a trick, the two cards that last refuted a move here (killer
	 * moves): same trick, same player, same card winning the trick so
	 * far; tried first (less than half the positions; not at a lead,
	 * where they cost) */
	dk_card *killer = NULL;
	if (p->tn > 0 && p->tricks_done < DK_MAX_TRICKS) {
		killer = dd->killer[p->tricks_done][p->turn][p->tn - 1][p->trick[p->win]];
		hint = killer[0];
	}
	int n = ordered_moves(dd, p, m, hint, killer ? killer[1] : DK_CARD_NONE);
	if (n == 0)
		return 0;   /* a record where a seat played twice in a trick */
	bool up = dd->maxer[p->turn];
	/* the last card of a trick with more than three tricks left: a
	 * card whose position after the trick the table already knows
	 * well enough may end the search here (enhanced transposition
	 * cutoff: 20 % fewer positions); the buckets of all its cards are
	 * fetched before the first is read, and the keys made here serve
	 * the positions searched next (not for a single card: its own
	 * search looks it up first thing) */
	bool keyed = p->tn == 3 && n > 1 && p->hand_size - p->tricks_done > 3;
	tkey keys[DK_CARD_KINDS];
	if (keyed) {
		int gains[DK_CARD_KINDS];
		for (int i = 0; i < n; i++) {
			pos q = *p;
			gains[i] = play(dd, &q, m[i]);
			key_of(dd, &q, &keys[i]);
			tt_prefetch(dd, keys[i].key);
		}
		for (int i = 0; i < n; i++) {
			int clo = 0, chi = INF;
			unsigned char rank;
			if (!tt_bounds(dd, &keys[i], &clo, &chi, &rank))
				continue;
			if (up && gains[i] + clo >= beta)
				return gains[i] + clo;
			if (!up && gains[i] + chi <= alpha)
				return gains[i] + chi;
		}
	}
	int a = alpha, b = beta;
	v = up ? -INF : INF;
	best = m[0];
	for (int i = 0; i < n; i++) {
		pos q = *p;
		int g = play(dd, &q, m[i]);
		int r = g + ab_keyed(dd, &q, a - g, b - g, keyed ? &keys[i] : NULL);
		if (up ? r > v : r < v) {
			v = r;
			best = m[i];
		}
		if (up && v > a)
			a = v;
		if (!up && v < b)
			b = v;
		if (a >= b) {
			if (killer && killer[0] != m[i]) {
				killer[1] = killer[0];
				killer[0] = m[i];
			}
			break;
		}
	}
searched:
	if (dd->stopped)
		return v;
	if (p->tn == 0) {
		if (v <= alpha) {
			if (v < hi)
				hi = v;
		} else if (v >= beta) {
			if (v > lo)
				lo = v;
		} else {
			lo = hi = v;
		}
		tt_entry *e = tt_find(dd, &tk);
		if (!e)
			e = tt_slot(dd, tk.key);
		tt_store(dd, e, &tk, p->hand_size - p->tricks_done, lo, hi,
			 best != DK_CARD_NONE ? rank_of(dd, p, best) : 0xff);
	}
	return v;
}

static int exact_together(dk_dd *dd, const pos *p, int lo, int hi, int g);

/* the averages of p's kind of position (dk_dd's cost) */
static double *cost_of(dk_dd *dd, const pos *p)
{
	int left = p->hand_size - p->tricks_done;
	left = left < 0 ? 0 : left > DK_MAX_TRICKS ? DK_MAX_TRICKS : left;
	return dd->cost[left][p->tn & 3];
}

/* the null-window question "is p's value at least b?" (fail-soft: the
 * value found, at least b for yes), its positions counted into the
 * averages of its answer */
static int at_least(dk_dd *dd, const pos *p, int b)
{
	long before = dd->nodes;
	int v = ab(dd, p, b - 1, b);
	if (dd->stopped)
		return v;   /* no answer: nothing to count */
	double took = (double)(dd->nodes - before);
	double *cost = &cost_of(dd, p)[v >= b];
	*cost = *cost == 0 ? took : 0.75 * *cost + 0.25 * took;
	return v;
}

/* one null-window probe of p, the value known to be in *lo..*hi: "at
 * least g?" (g moved into *lo + 1..*hi); *lo or *hi moved to the
 * fail-soft value found, which is returned; -1 when over the limit */
static int probe(dk_dd *dd, const pos *p, int *lo, int *hi, int g)
{
	int beta = g <= *lo ? *lo + 1 : g > *hi ? *hi : g;
	int v = at_least(dd, p, beta);
	if (dd->stopped)
		return -1;
	if (v < beta)
		*hi = v;
	else
		*lo = v;
	return v;
}

/*
 * The value of p, known to be in lo..hi: probes, the first at g, then
 * each where it splits what is still open by what the answers cost.  A
 * "yes" and a "no" may cost very differently: in a solo, "can the
 * soloist reach b?" is cheap to deny (each of the three opponents needs
 * one good card) and dear to grant (every card of all three refuted);
 * in one position of `unsere-2024--solo-koehler` "yes" took 10 to 15
 * million positions and "no" a few hundred.  So a probe goes nearer the
 * end a dear answer would leave: where "yes" costs r times "no", at
 * r / (1 + r) of the way up (the middle where they cost alike, r at
 * most COST_RATIO_MAX either way).  The costs are the solver's moving
 * averages over its recent questions at positions with as many tricks
 * left and cards in the trick (at_least): one average over all of them
 * mixed the costs of small and large positions and helped less (14 test
 * games: 0.97 of the positions against 0.93, geometric means).
 */
#define COST_RATIO_MAX 64.0

static int bisect(dk_dd *dd, const pos *p, int lo, int hi, int g)
{
	while (lo < hi) {
		if (probe(dd, p, &lo, &hi, g) < 0)
			return -1;
		g = lo + (hi - lo + 1) / 2;
		const double *cost = cost_of(dd, p);
		if (lo < hi && cost[0] > 0 && cost[1] > 0) {
			double r = cost[1] / cost[0];
			if (r > COST_RATIO_MAX)
				r = COST_RATIO_MAX;
			if (r < 1 / COST_RATIO_MAX)
				r = 1 / COST_RATIO_MAX;
			g = lo + 1 + (int)((hi - lo - 1) * r / (1 + r));
		}
	}
	return lo;
}

/*
 * Does move k of p do better for the player to move than best (more for
 * a maxer, less for the others)?  One null-window probe of the position
 * after it; if so, its value worked out there (bisect) into *v.  1 if it
 * does, 0 if not, -1 when the question went over the limit.
 */
static int move_beats(dk_dd *dd, const pos *p, dk_card k, int best, int *v)
{
	pos q = *p;
	int gain = play(dd, &q, k);
	int most = dd->tricks ? q.hand_size - q.tricks_done : q.left;
	int from = 0, to = most;
	if (dd->maxer[p->turn]) {
		int need = best + 1 - gain;
		if (need > most)
			return 0;
		if (need > 0)
			from = ab(dd, &q, need - 1, need);
		if (dd->stopped)
			return -1;
		if (from < need)
			return 0;
		*v = bisect(dd, &q, from, most, from + 1);
	} else {
		int need = best - 1 - gain;
		if (need < 0)
			return 0;
		if (need < most)
			to = ab(dd, &q, need, need + 1);
		if (dd->stopped)
			return -1;
		if (to > need)
			return 0;
		*v = bisect(dd, &q, 0, to, to);
	}
	if (*v < 0)
		return -1;
	*v += gain;
	return 1;
}

/* p's moves in the search's order (the table's best lead first), as
 * by_moves tries them */
static int moves_in_order(dk_dd *dd, const pos *p, dk_card *m)
{
	dk_card hint = DK_CARD_NONE;
	if (p->tn == 0) {
		tkey tk;
		key_of(dd, p, &tk);
		int a = 0, b = INF;
		unsigned char rank = 0xff;
		tt_bounds(dd, &tk, &a, &b, &rank);
		if (rank != 0xff)
			hint = card_of_rank(dd, p, rank);
	}
	return ordered_moves(dd, p, m, hint, DK_CARD_NONE);
}

static int by_moves(dk_dd *dd, const pos *p, int lo, int hi);

/* the exact value of p: null-window probes, the first at the guess (an
 * analysis guesses the value after the card played, which most cards
 * keep; a position on its own, line_guess), the second next to it; when
 * they leave the value open (the card played cost something), a move at
 * a time (by_moves);
 * -1 when the question went over the limit */
static int exact(dk_dd *dd, const pos *p, int guess)
{
	int lo = 0, hi = dd->tricks ? p->hand_size - p->tricks_done : p->left;
	int g = guess < lo ? lo : guess > hi ? hi : guess;
	if (dd->threads > 1 && lo < hi)
		return exact_together(dd, p, lo, hi, g);
	if (lo == hi)
		return lo;
	int first = probe(dd, p, &lo, &hi, g);
	if (first < 0)
		return -1;
	/* the other side of the guess: at the bound found, or above it */
	if (lo < hi && probe(dd, p, &lo, &hi, first == hi ? first : first + 1) < 0)
		return -1;
	return lo < hi ? by_moves(dd, p, lo, hi) : lo;
}

/*
 * exact with several threads, a solver each, all on dd's table: each
 * thread probes where no other does, the first two at the guess and next
 * to it, then each in the middle of the widest stretch of what is still
 * open that no probe covers.  A probe that another's answer made moot is
 * called off (cancel).  When the first two are answered and the value is
 * still open, the probes are called off and the threads go on as
 * by_moves does, each taking the next move (moves_job).  The value is
 * the one exact finds; the positions visited, and so the table's
 * contents and the best line found after, depend on how the threads ran.
 * The limit holds for each solver.
 */
typedef struct together {
	pthread_mutex_t mu;
	pthread_cond_t changed;
	const pos *p;
	int lo, hi;                  /* the value is in lo..hi */
	int guess;
	int started;                 /* probes started */
	bool over;                   /* a probe went over the limit */
	int first_done;              /* of the first two probes, those answered or moot */
	bool by_moves;               /* ... both, the value still open: go on by_moves */
	int n;
	dk_dd *solver[DK_DD_THREADS_MAX];
	int beta[DK_DD_THREADS_MAX];    /* the probe of each solver ("at least beta?"), 0: none */
} together;

/* under t->mu: the next probe's beta, 0 if every one open is taken */
static int next_beta(const together *t)
{
	if (t->started == 0)
		return t->guess <= t->lo ? t->lo + 1 : t->guess;
	/* the probes under way, with lo and hi + 1 at the ends, in order */
	int at[DK_DD_THREADS_MAX + 2], n = 0;
	at[n++] = t->lo;
	for (int i = 0; i < t->n; i++)
		if (t->beta[i])
			at[n++] = t->beta[i];
	at[n++] = t->hi + 1;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && at[j] < at[j - 1]; j--) {
			int x = at[j];
			at[j] = at[j - 1];
			at[j - 1] = x;
		}
	if (t->started == 1 && t->guess + 1 > t->lo && t->guess + 1 <= t->hi) {
		bool taken = false;
		for (int i = 1; i < n - 1; i++)
			taken |= at[i] == t->guess + 1;
		if (!taken)
			return t->guess + 1;
	}
	int widest = 0, beta = 0;
	for (int i = 1; i < n; i++)
		if (at[i] - at[i - 1] - 1 > widest) {
			widest = at[i] - at[i - 1] - 1;
			beta = at[i - 1] + (at[i] - at[i - 1]) / 2;
		}
	return beta;
}

static void together_work(together *t, int me)
{
	dk_dd *dd = t->solver[me];
	pthread_mutex_lock(&t->mu);
	while (t->lo < t->hi && !t->over && !t->by_moves) {
		int beta = next_beta(t);
		if (!beta) {
			pthread_cond_wait(&t->changed, &t->mu);
			continue;
		}
		t->beta[me] = beta;
		int probe = t->started++;
		__atomic_store_n(&dd->cancel, 0, __ATOMIC_RELAXED);
		dd->stopped = false;
		pthread_mutex_unlock(&t->mu);
		int v = ab(dd, t->p, beta - 1, beta);
		pthread_mutex_lock(&t->mu);
		t->beta[me] = 0;
		bool moot = __atomic_load_n(&dd->cancel, __ATOMIC_RELAXED);
		if (!moot && dd->stopped) {
			t->over = true;
		} else if (!moot) {
			if (v < beta && v < t->hi)
				t->hi = v;
			else if (v >= beta && v > t->lo)
				t->lo = v;
		}
		/* the first two answered (or made moot by the other's answer) */
		if (probe < 2 && ++t->first_done == 2 && t->lo < t->hi && !t->over)
			t->by_moves = true;
		for (int i = 0; i < t->n; i++)
			if (t->beta[i] && (t->over || t->by_moves || t->beta[i] <= t->lo ||
					   t->beta[i] > t->hi))
				__atomic_store_n(&t->solver[i]->cancel, 1, __ATOMIC_RELAXED);
		pthread_cond_broadcast(&t->changed);
	}
	pthread_mutex_unlock(&t->mu);
}

/* dd's i-th helper, made ready for dd's question: dd's settings and
 * killer moves copied, its own stack of ways, dd's table */
static dk_dd *helper_for(dk_dd *dd, int i)
{
	dk_dd *h = dd->helper[i];
	if (!h && !(h = dd->helper[i] = calloc(1, sizeof(*h))))
		return NULL;
	struct way *ways = h->ways;
	size_t cap = h->cap_ways;
	memcpy(h, dd, sizeof(*h));
	h->ways = ways;
	h->cap_ways = cap;
	h->n_ways = 0;
	h->tt_mem = NULL;
	h->threads = 1;
	memset(h->helper, 0, sizeof(h->helper));
	h->nodes = 0;
	h->progress = h->telling = NULL;
	return h;
}

typedef struct crew_arg {
	void (*work)(void *job, int me);
	void *job;
	int me;
} crew_arg;

static void *crew_thread(void *arg)
{
	crew_arg *c = arg;
	c->work(c->job, c->me);
	return NULL;
}

/* solver[0] = dd and its helpers made ready (*n of them), then work(job,
 * i) with solver i on a thread each, dd's on this one; their positions
 * added to dd's */
static void on_threads(dk_dd *dd, dk_dd **solver, int *n, void (*work)(void *, int),
		       void *job)
{
	solver[0] = dd;
	*n = 1;
	while (*n < dd->threads && (solver[*n] = helper_for(dd, *n - 1)))
		(*n)++;
	pthread_t tid[DK_DD_THREADS_MAX];
	crew_arg arg[DK_DD_THREADS_MAX];
	int running = 0;
	for (int i = 1; i < *n; i++) {
		arg[running] = (crew_arg){ work, job, i };
		if (pthread_create(&tid[running], NULL, crew_thread, &arg[running]) == 0)
			running++;   /* else one solver fewer at work */
	}
	work(job, 0);
	for (int i = 0; i < running; i++)
		pthread_join(tid[i], NULL);
	for (int i = 1; i < *n; i++)
		dd->nodes += solver[i]->nodes;
}

static void together_job(void *job, int me)
{
	together_work(job, me);
}

/* by_moves on each thread: take the next move and ask it against the
 * best so far (with several threads the best may have grown since: the
 * move is then worked out for nothing, never wrongly left out) */
typedef struct move_share {
	pthread_mutex_t mu;
	const pos *p;
	dk_card m[DK_CARD_KINDS];
	int n, next;
	bool up;
	int lo, hi, best;
	bool over;
	dk_dd *solver[DK_DD_THREADS_MAX];
	int solvers;
} move_share;

static void moves_job(void *job, int me)
{
	move_share *s = job;
	dk_dd *dd = s->solver[me];
	dd->stopped = false;
	pthread_mutex_lock(&s->mu);
	while (!s->over && s->next < s->n && (s->up ? s->best < s->hi : s->best > s->lo)) {
		dk_card k = s->m[s->next++];
		int best = s->best, v;
		pthread_mutex_unlock(&s->mu);
		int r = move_beats(dd, s->p, k, best, &v);
		pthread_mutex_lock(&s->mu);
		if (r < 0)
			s->over = true;
		else if (r && (s->up ? v > s->best : v < s->best))
			s->best = v;
	}
	pthread_mutex_unlock(&s->mu);
}

/*
 * The value of p, known to be in lo..hi, a move at a time: the moves in
 * the search's order, each first asked whether it does better than the
 * best so far, and only then its own value worked out (move_beats); with
 * several threads each takes the next move (moves_job).  A probe of p
 * itself that says "at least" must refute every move; here only the
 * moves worked out are searched near their values.  -1 when the question
 * went over the limit.
 */
static int by_moves(dk_dd *dd, const pos *p, int lo, int hi)
{
	move_share s = { .p = p, .up = dd->maxer[p->turn], .lo = lo, .hi = hi };
	s.n = moves_in_order(dd, p, s.m);
	if (s.n == 0)
		return 0;   /* a record where a seat played twice in a trick */
	s.best = s.up ? lo - 1 : hi + 1;
	pthread_mutex_init(&s.mu, NULL);
	on_threads(dd, s.solver, &s.solvers, moves_job, &s);
	pthread_mutex_destroy(&s.mu);
	dd->stopped = s.over;
	return s.over ? -1 : s.best;
}

static int exact_together(dk_dd *dd, const pos *p, int lo, int hi, int g)
{
	together t = { .p = p, .lo = lo, .hi = hi, .guess = g };
	pthread_mutex_init(&t.mu, NULL);
	pthread_cond_init(&t.changed, NULL);
	on_threads(dd, t.solver, &t.n, together_job, &t);
	pthread_cond_destroy(&t.changed);
	pthread_mutex_destroy(&t.mu);
	__atomic_store_n(&dd->cancel, 0, __ATOMIC_RELAXED);
	dd->stopped = t.over;
	if (t.over || !t.by_moves)
		return t.over ? -1 : t.lo;
	return by_moves(dd, p, t.lo, t.hi);
}

/*
 * A guess at the value of p that is mostly right: the greedy line from p
 * (every player plays the card ordered_moves puts first), its positions
 * solved exactly from the end back to the one after p's first card, each
 * value the guess for the position before it, as an analysis goes; the
 * guess is the value after that card plus what it gains.  The later
 * positions cost little and leave the table full of what p's search
 * needs.  -1 when a position went over the limit.
 */
static int line_guess(dk_dd *dd, const pos *p)
{
	pos at[DK_LINE_MAX + 1];
	int gain[DK_LINE_MAX];
	int m = 0;
	at[0] = *p;
	while (m < DK_LINE_MAX && !(at[m].tn == 0 && at[m].tricks_done >= at[m].hand_size)) {
		dk_card first[DK_CARD_KINDS];
		if (ordered_moves(dd, &at[m], first, DK_CARD_NONE, DK_CARD_NONE) == 0)
			break;
		at[m + 1] = at[m];
		gain[m] = play(dd, &at[m + 1], first[0]);
		m++;
	}
	int v = 0;
	for (int i = m - 1; i >= 1; i--) {
		v = exact(dd, &at[i], v + gain[i]);
		if (v < 0)
			return -1;
	}
	return m > 0 ? v + gain[0] : 0;
}

/*
 * line_of between tricks when every player is a maxer: a way to play the
 * trick that keeps a gain of *v within reach, a whole trick at a time.
 * First a way whose position after it the table knows to reach what is
 * left (the search that proved *v stored those on its way), else the ways
 * searched best first.  false when there is none (then line_of goes on a
 * card at a time).
 */
static bool coop_line_trick(dk_dd *dd, pos *p, int *v, dk_line *line)
{
	if (p->hand_size - p->tricks_done < 2 || line->count + 4 > DK_LINE_MAX)
		return false;
	size_t base = dd->n_ways;
	way w;
	bool found = false;
	pos q;
	for (int pass = 0; pass < 2 && !found; pass++) {
		dd->n_ways = base;
		memset(&w, 0, sizeof(w));
		list_ways(dd, p, &w, 0, pass == 1);
		size_t n = dd->n_ways;
		if (pass == 1 && n - base > 1)
			qsort(&dd->ways[base], n - base, sizeof(way), by_promise);
		for (size_t i = base; i < n && !found && !dd->stopped; i++) {
			w = dd->ways[i];
			if (w.promise < *v) {
				if (pass == 1)
					break;   /* sorted: nor can the rest */
				continue;
			}
			q = *p;
			for (int k = 0; k < 4; k++)
				play(dd, &q, w.cards[k]);
			int need = *v - w.gain;
			if (pass == 0) {
				int left = q.hand_size - q.tricks_done;
				if (need <= 0) {
					found = true;
				} else if (left == 1) {
					pos r = q;
					found = last_trick(dd, &r) >= need;
				} else if (left >= 2) {
					tkey tk;
					key_of(dd, &q, &tk);
					int lo = 0, hi = INF;
					unsigned char rank;
					tt_bounds(dd, &tk, &lo, &hi, &rank);
					found = lo >= need;
				}
			} else {
				found = need <= 0 || ab(dd, &q, need - 1, need) >= need;
			}
		}
	}
	dd->n_ways = base;
	if (!found)
		return false;
	for (int k = 0; k < 4; k++) {
		line->cards[line->count] = w.cards[k];
		line->seats[line->count] = p->turn;
		line->count++;
		play(dd, p, w.cards[k]);
	}
	*v -= w.gain;
	return true;
}

/* a continuation from p that gains v (exactly, when exact; at least v
 * when every player is a maxer), appended to line, to the end */
static void line_of(dk_dd *dd, pos p, int v, dk_line *line)
{
	while (line->count < DK_LINE_MAX) {
		if (p.tn == 0 && p.tricks_done >= p.hand_size)
			return;
		if (p.tn == 0 && every_maxer(dd) && coop_line_trick(dd, &p, &v, line))
			continue;
		dk_card m[DK_CARD_KINDS];
		int n = ordered_moves(dd, &p, m, DK_CARD_NONE, DK_CARD_NONE);
		if (n == 0 || dd->stopped)
			return;
		bool up = dd->maxer[p.turn];
		int pick = 0, gain = 0;
		pos chosen = p;
		for (int i = 0; i < n; i++) {
			pos q = p;
			int g = play(dd, &q, m[i]);
			bool ok = up ? g + ab(dd, &q, v - g - 1, v - g) >= v
				     : g + ab(dd, &q, v - g, v - g + 1) <= v;
			if (ok || i == n - 1) {
				pick = i;
				gain = g;
				chosen = q;
				break;
			}
		}
		line->cards[line->count] = m[pick];
		line->seats[line->count] = p.turn;
		line->count++;
		v -= gain;
		p = chosen;
	}
}

/* card points of each party in rp's complete tricks, with rp's parties */
static void points_now(int out[3], const dk_replay *rp)
{
	out[0] = out[1] = out[2] = 0;
	for (int t = 0; t < rp->trick_count; t++)
		out[rp->party[rp->tricks[t].winner]] += rp->tricks[t].points;
}

/* the solver set for the game between the parties at rp's position,
 * which goes into *p (Re's card points counted); false, with the solver
 * stopped, where rp's hands do not match its tricks */
static bool game_at(dk_dd *dd, pos *p, const dk_replay *rp)
{
	if (!dk_replay_hands_match(rp)) {
		dd->stopped = true;
		return false;
	}
	set_order(dd, &rp->order);
	int seat_of[4];
	position_of(dd, p, seat_of, rp);
	bool ramsch = rp->type == DK_GT_RAMSCH;
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == DK_PARTY_RE;
		dd->maxer[i] = dd->mine[i] != ramsch;
	}
	dd->tricks = false;
	set_salt(dd);
	dd->nodes = 0;
	dd->stopped = false;
	return true;
}

static int solve_re(dk_dd *dd, dk_dd_value *out, const dk_replay *rp, int guess)
{
	memset(out, 0, sizeof(*out));
	pos p;
	if (!game_at(dd, &p, rp))
		return -1;
	points_now(out->now, rp);
	if (guess < 0) {
		int g = line_guess(dd, &p);
		if (g < 0) {
			out->nodes = dd->nodes;
			return -1;
		}
		guess = out->now[DK_PARTY_RE] + g;
	}
	int v = exact(dd, &p, guess - out->now[DK_PARTY_RE]);
	out->nodes = dd->nodes;
	if (v < 0)
		return -1;
	out->settled = true;
	/* the line has a limit of its own: the table holds most of it (the
	 * progress told counts on from the value's positions) */
	dd->at.nodes += dd->nodes;
	dd->nodes = 0;
	line_of(dd, p, v, &out->line);
	out->nodes += dd->nodes;
	dd->stopped = false;
	out->points[DK_PARTY_RE] = out->now[DK_PARTY_RE] + v;
	out->points[DK_PARTY_KONTRA] = out->now[DK_PARTY_KONTRA] + p.left - v;
	return out->points[DK_PARTY_RE];
}

void dk_dd_solve(dk_dd *dd, dk_dd_value *out, const dk_replay *rp)
{
	solve_re(dd, out, rp, -1);
}

bool dk_dd_reach(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks, int need,
		 dk_line *line, long *nodes)
{
	set_order(dd, &rp->order);
	pos p;
	int seat_of[4];
	position_of(dd, &p, seat_of, rp);
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == party;
		dd->maxer[i] = true;
	}
	dd->tricks = tricks;
	set_salt(dd);
	dd->nodes = 0;
	dd->stopped = false;
	if (line)
		line->count = 0;
	if (need > 0 && !dk_replay_hands_match(rp)) {
		dd->stopped = true;
		if (nodes)
			*nodes = 0;
		return false;
	}
	bool yes = need <= 0 || ab(dd, &p, need - 1, need) >= need;
	long used = dd->nodes;
	if (dd->stopped)
		yes = false;
	else if (yes && line) {
		dd->nodes = 0;
		line_of(dd, p, need > 0 ? need : 0, line);
		used += dd->nodes;
		dd->stopped = false;
	}
	if (nodes)
		*nodes = used;
	return yes;
}

int dk_dd_bound(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks)
{
	set_order(dd, &rp->order);
	pos p;
	int seat_of[4];
	position_of(dd, &p, seat_of, rp);
	if (p.tn != 0 || !dk_replay_hands_match(rp))
		return -1;
	for (int i = 0; i < 4; i++) {
		dd->mine[i] = rp->party[seat_of[i]] == party;
		dd->maxer[i] = true;
	}
	dd->tricks = tricks;
	if (p.tricks_done >= p.hand_size)
		return 0;
	return upper_bound(dd, &p, dd->mine);
}

/* --- the analysis of a game ------------------------------------------ */

/* the index of the event after the n-th card (all of them for n = total) */
static size_t events_through(const dk_game *g, int n)
{
	int seen = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		if (g->events[i].kind != DK_EV_CARD)
			continue;
		if (seen == n)
			return i;
		seen++;
	}
	return g->event_count;
}

/*
 * How the game ends if it goes on as the best line from position n: the
 * game's events up to n and the line's cards replayed by the engine,
 * scored with the parties as the game ended and the whole game's
 * announcements (those made after n too).  The winner, and the special
 * points on that line signed for Re (the line is best for card points; it
 * does not look for special points).
 */
static void line_outcome(const dk_game *g, size_t events, const dk_line *line,
			 const dk_replay *rp, const dk_replay *full, const dk_score_input *whole,
			 const dk_rules *r, dk_party *winner, int *specials)
{
	*winner = DK_PARTY_NONE;
	*specials = 0;
	dk_event *ev = malloc((events + (size_t)line->count) * sizeof(*ev));
	dk_replay *end = malloc(sizeof(*end));
	if (!ev || !end)
		goto done;
	memcpy(ev, g->events, events * sizeof(*ev));
	for (int i = 0; i < line->count; i++) {
		dk_event *e = &ev[events + (size_t)i];
		memset(e, 0, sizeof(*e));
		e->kind = DK_EV_CARD;
		e->seat = rp->seats[line->seats[i]];
		e->card = line->cards[i];
	}
	dk_game cut = *g;
	cut.events = ev;
	cut.event_count = events + (size_t)line->count;
	dk_replay_run(end, &cut, r);
	memcpy(end->party, full->party, sizeof(end->party));
	dk_score_input in;
	dk_score_input_from_replay(&in, end, &cut);
	memcpy(in.said, whole->said, sizeof(in.said));
	memcpy(in.said_count, whole->said_count, sizeof(in.said_count));
	in.first_call = whole->first_call;
	memcpy(in.replied, whole->replied, sizeof(in.replied));
	dk_score sc;
	dk_score_compute(&sc, &in, r);
	*winner = sc.winner;
	for (int i = 0; i < sc.item_count; i++)
		if (sc.items[i].special)
			*specials += sc.items[i].party == DK_PARTY_RE ? sc.items[i].points
								  : -sc.items[i].points;
done:
	free(ev);
	free(end);
}

/*
 * The game after its first n cards into rp, with the parties the whole
 * game found (full), told to the progress callback first; its events in
 * *events.  False where the record does not reach card n.
 */
static bool replay_to(dk_dd *dd, dk_replay *rp, const dk_game *g, const dk_rules *r,
		      const dk_replay *full, int n, size_t *events)
{
	if (dd->telling) {
		dd->at.card = n;
		dd->nodes = 0;   /* a search counts from 0 as well */
		tell_progress(dd);
	}
	dk_game cut = *g;
	cut.event_count = events_through(g, n);
	dk_replay_run(rp, &cut, r);
	if (rp->cards_played != n)
		return false;
	memcpy(rp->party, full->party, sizeof(rp->party));
	*events = cut.event_count;
	return true;
}

/* card n of the game (from 1), who played it and his party, into c */
static void card_played(dk_dd_card *c, const dk_replay *full, int n)
{
	int t = (n - 1) / 4;
	c->seat = full->tricks[t].seats[(n - 1) % 4];
	c->card = full->tricks[t].cards[(n - 1) % 4];
	c->party = full->party[c->seat];
}

/* the card points where the winner changes, at most (two where the
 * targets leave a gap in which nobody wins) */
#define DK_DD_STEPS_MAX 8

/*
 * Who wins with Re's card points at the end v, by the game's scoring
 * (dk_score_compute with the whole game's announcements): the card points
 * at[k] from which seg[k + 1] wins (seg[0] below at[0]), how many such
 * points there are, -1 where a target counts tricks (the winner then
 * depends on more than card points).
 */
static int winner_steps(const dk_score_input *whole, const dk_rules *r, int all, int *at,
			dk_party *seg)
{
	dk_score_input in = *whole;
	in.took_trick[DK_PARTY_RE] = in.took_trick[DK_PARTY_KONTRA] = true;
	int n = 0;
	for (int v = 0; v <= all; v++) {
		in.points[DK_PARTY_RE] = v;
		in.points[DK_PARTY_KONTRA] = all - v;
		dk_score sc;
		dk_score_compute(&sc, &in, r);
		for (int x = DK_PARTY_RE; x <= DK_PARTY_KONTRA; x++)
			if (sc.target[x] <= 0 || sc.target[x] > all)
				return -1;
		if (v == 0)
			seg[0] = sc.winner;
		else if (sc.winner != seg[n]) {
			if (n == DK_DD_STEPS_MAX)
				return -1;
			at[n++] = v;
			seg[n] = sc.winner;
		}
	}
	return n;
}

/* how many of the card points at[] (winner_steps) v reaches: the
 * winner's segment */
static int segment_of(const int *at, int steps, int v)
{
	int k = 0;
	while (k < steps && at[k] <= v)
		k++;
	return k;
}

/*
 * Who wins with best play at p (Re's card points now: now), where the
 * winner changes at the card points at[] (winner_steps), known to end
 * between lo and hi: null-window questions at those points, halving,
 * each bounding the value by what it found (fail-soft); *segment how
 * many of at[] it reaches; false where one went over the limit.
 */
static bool winner_at(dk_dd *dd, const pos *p, int now, const int *at, int steps, int lo,
		      int hi, int *segment)
{
	if (lo < now)
		lo = now;                   /* Re's card points at the end */
	if (hi > now + p->left)
		hi = now + p->left;
	int a = 0, b = steps;               /* how many of at[] they reach */
	while (a < b) {
		int mid = (a + b) / 2;
		if (at[mid] <= lo) {
			a = mid + 1;
			continue;
		}
		if (at[mid] > hi) {
			b = mid;
			continue;
		}
		int need = at[mid] - now;
		int v = ab(dd, p, need - 1, need);
		if (dd->stopped)
			return false;
		if (v >= need) {
			a = mid + 1;
			lo = now + v;
		} else {
			b = mid;
			hi = now + v;
		}
	}
	*segment = a;
	return true;
}

/*
 * Where the limit ended the analysis at `first`: who wins with best play
 * at each position before it, back to `from` (see dk_dd_game.early_winner).
 * Only on which side of the targets the value lies is asked, and most
 * positions are far from them.  Each question may take a share of the
 * limit (DK_DD_EARLY_SHARE), all of them together the limit.  The card
 * played from a position bounds its value by the one after it (the
 * player could play it: no less for Re where Re's side plays it, no
 * more where Kontra's does), so where who wins after it is known, the
 * questions that bound answers are not asked.
 */
static void early_winners(dk_dd *dd, dk_dd_game *out, const dk_game *g, const dk_rules *r,
			  const dk_replay *full, const dk_score_input *whole, dk_replay *rp,
			  int from, int first, dk_party at_first, int value_first)
{
	/* in a marriage up to its clarifying trick who wins on a line
	 * depends on who becomes the partner on it, not on card points
	 * alone (the analysis's own winners replay the line: line_outcome) */
	if (full->type == DK_GT_MARRIAGE) {
		if (full->clarified_trick == 0)
			return;
		if (from < 4 * full->clarified_trick)
			from = 4 * full->clarified_trick;
	}
	if (!out->limited || out->stopped || out->ramsch || first <= from)
		return;
	int all = out->taken[DK_PARTY_NONE] + out->taken[DK_PARTY_RE] +
		  out->taken[DK_PARTY_KONTRA];
	int at[DK_DD_STEPS_MAX];
	dk_party seg[DK_DD_STEPS_MAX + 1];
	int steps = winner_steps(whole, r, all, at, seg);
	if (steps < 0)
		return;
	out->early_asked = first - from;
	out->early_found[first] = true;
	out->early_winner[first] = at_first;
	int segment[DK_LINE_MAX + 1];   /* of each position found */
	segment[first] = segment_of(at, steps, value_first);
	long limit = dd->limit, budget = dd->limit;
	/* first each position with a share of the limit, then those not
	 * found with what is left, shared out among them (the table keeps
	 * what their first questions found) */
	for (int pass = 0; pass < 2 && budget > 0 && !out->early_stopped; pass++) {
		int open = 0;
		for (int n = from; n < first; n++)
			open += !out->early_found[n];
		for (int n = first - 1; n >= from && budget > 0 && open > 0; n--) {
			if (out->early_found[n])
				continue;
			size_t events;
			if (!replay_to(dd, rp, g, r, full, n, &events))
				break;
			pos p;
			if (!game_at(dd, &p, rp))
				break;
			int now[3];
			points_now(now, rp);
			long share = pass == 0 ? limit / DK_DD_EARLY_SHARE : budget / open;
			dd->limit = share > 0 ? share : 1;
			if (dd->limit > budget)
				dd->limit = budget;
			open--;
			int lo = 0, hi = all;
			if (out->early_found[n + 1]) {
				int after = segment[n + 1];
				if (dd->maxer[p.turn])
					lo = after > 0 ? at[after - 1] : 0;
				else
					hi = after < steps ? at[after] - 1 : all;
			}
			bool found = winner_at(dd, &p, now[DK_PARTY_RE], at, steps, lo, hi,
					       &segment[n]);
			if (found)
				out->early_winner[n] = seg[segment[n]];
			budget -= dd->nodes;
			out->early_nodes += dd->nodes;
			dd->at.nodes += dd->nodes;
			if (__atomic_load_n(&dd->halt, __ATOMIC_RELAXED)) {
				out->early_stopped = true;
				break;
			}
			out->early_found[n] = found;
			out->early_known += found;
		}
	}
	dd->limit = limit;
	dd->stopped = false;
	for (int n = from + 1; n <= first; n++) {
		dk_dd_card *c = &out->card[n - 1];
		card_played(c, full, n);
		c->winner_before = out->early_winner[n - 1];
		c->winner_after = out->early_winner[n];
		if (out->early_found[n - 1] && out->early_found[n] &&
		    c->winner_before != c->winner_after)
			out->early_changed++;
	}
}

/*
 * The positions are solved from the last card back to the first: the
 * table then holds the ends of the game when its beginnings are searched,
 * and each guess is the value after the card (most cards keep it).  When a
 * position goes over the solver's limit, the analysis starts after it.
 */
void dk_dd_analyse(dk_dd *dd, dk_dd_game *out, const dk_game *g, const dk_rules *r,
		   int last_tricks)
{
	memset(out, 0, sizeof(*out));
	out->limit = dd->limit;
	dk_replay *full = malloc(sizeof(*full));
	dk_replay *rp = malloc(sizeof(*rp));
	dk_dd_value *v = malloc(sizeof(*v));
	if (!full || !rp || !v)
		goto done;
	dk_replay_run(full, g, r);
	if (full->type == DK_GT_THROWN_IN || full->type == DK_GT_REDEAL ||
	    full->cards_played == 0 || full->cards_played > DK_LINE_MAX)
		goto done;
	out->ramsch = full->type == DK_GT_RAMSCH;
	dk_score_input whole;
	dk_score_input_from_replay(&whole, full, g);
	dk_score s;
	dk_score_compute(&s, &whole, r);
	memcpy(out->target, s.target, sizeof(out->target));
	points_now(out->taken, full);
	int asked = last_tricks > 0 && last_tricks < full->hand_size
		    ? 4 * (full->hand_size - last_tricks) : 0;
	int last = full->cards_played;
	int val[DK_LINE_MAX + 1], specials[DK_LINE_MAX + 1];
	dk_party win[DK_LINE_MAX + 1];
	int first = last + 1;
	dd->at = (dk_dd_progress){ .cards = last, .from = asked };
	dd->telling = dd->progress;
	__atomic_store_n(&dd->halt, 0, __ATOMIC_RELAXED);
	for (int n = last; n >= asked; n--) {
		tt_grow(dd);
		size_t events;
		if (!replay_to(dd, rp, g, r, full, n, &events))
			break;
		if (!dk_replay_hands_match(rp)) {
			out->irregular = true;
			break;
		}
		int x = solve_re(dd, v, rp, n < last ? val[n + 1] : out->taken[DK_PARTY_RE]);
		out->nodes += v->nodes;
		dd->at.nodes = out->nodes;
		/* stopped while its line was sought: the line may be cut
		 * short, so the position is left for the next analysis (its
		 * value is in the table) */
		bool halted = __atomic_load_n(&dd->halt, __ATOMIC_RELAXED) != 0;
		if (!v->settled || halted) {
			out->limited = true;
			out->stopped = halted;
			break;
		}
		val[n] = x;
		out->line[n] = v->line;
		for (int i = 0; i < v->line.count; i++)
			out->line[n].seats[i] = rp->seats[v->line.seats[i]];
		line_outcome(g, events, &v->line, rp, full, &whole, r, &win[n],
			     &specials[n]);
		first = n;
	}
	if (first >= last)
		goto done;
	early_winners(dd, out, g, r, full, &whole, rp, asked, first, win[first], val[first]);
	out->first = first;
	out->start = val[first];
	out->start_specials = specials[first];
	out->cards = last;
	for (int n = first + 1; n <= last; n++) {
		dk_dd_card *c = &out->card[n - 1];
		int t = (n - 1) / 4;
		card_played(c, full, n);
		c->before = val[n - 1];
		c->after = val[n];
		/* Re's points: Re wants them up, Kontra down (turned round in a
		 * Ramsch) */
		int lost = (c->party == DK_PARTY_RE) != out->ramsch ? c->before - c->after
								      : c->after - c->before;
		c->cost = lost > 0 ? lost : 0;
		const dk_line *l = &out->line[n - 1];
		c->best = c->cost == 0 ? c->card : l->count > 0 ? l->cards[0] : DK_CARD_NONE;
		c->specials_after = specials[n];
		c->winner_before = win[n - 1];
		c->winner_after = win[n];
		/* played before the marriage was clarified (the clarifying
		 * trick's cards too): the value before it took the partner the
		 * game found */
		c->parties_assumed = full->type == DK_GT_MARRIAGE &&
			(full->clarified_trick == 0 || t + 1 <= full->clarified_trick);
		if (c->cost > 0) {
			out->costly++;
			if (c->winner_after != c->winner_before)
				out->winner_changed = true;
		}
	}
	out->analysed = true;
done:
	dd->telling = NULL;
	__atomic_store_n(&dd->halt, 0, __ATOMIC_RELAXED);
	free(full);
	free(rp);
	free(v);
}

/* FNV-1a, a word at a time (dk_dd_game_print) */
static uint64_t print_word(uint64_t h, uint64_t w)
{
	return (h ^ w) * 0x100000001b3ull;
}

uint64_t dk_dd_game_print(const dk_game *g, const dk_rules *r)
{
	uint64_t h = print_word(0xcbf29ce484222325ull, dk_game_id(g));
	dk_replay *rp = malloc(sizeof(*rp));
	if (!rp)
		return 0;
	dk_replay_run(rp, g, r);
	int cards = rp->cards_played;
	h = print_word(h, (uint64_t)rp->type);
	h = print_word(h, (uint64_t)rp->hand_size);
	for (int i = 0; i < 4; i++)
		h = print_word(h, (uint64_t)rp->party[i]);
	/* the order at every position, field by field (no padding hashed) */
	for (int n = 0; n <= cards; n++) {
		dk_game cut = *g;
		cut.event_count = events_through(g, n);
		dk_replay_run(rp, &cut, r);
		const dk_order *o = &rp->order;
		h = print_word(h, (uint64_t)o->kind);
		for (int k = 0; k < DK_CARD_KINDS; k++)
			h = print_word(h, (uint64_t)(unsigned char)o->trump[k]);
		h = print_word(h, (uint64_t)o->h10_trump | (uint64_t)o->tie << 1 |
				  (uint64_t)o->swines << 8 | (uint64_t)o->hyperswines << 9 |
				  (uint64_t)o->swines_declared << 10 |
				  (uint64_t)o->h10_first_with_swines << 11 |
				  (uint64_t)o->reversed << 12);
		h = print_word(h, (uint64_t)o->trump_ace << 8 | (uint64_t)o->hyperswine);
	}
	free(rp);
	return h;
}

/*
 * dd_internal.h - what the parts of the double-dummy solver share: the
 * position, the table's entries and keys, the solver itself, and the
 * calls one part makes of another.  Not for use outside src/solve/dd*.c.
 *
 * The parts, each a job:
 * - dd.c searches: the position's moves and their order, the bounds, the
 *   table (its memory, look-ups and growth), the alpha-beta search, and
 *   the best line it proved;
 * - dd_question.c sets a question up (the card order's tables, the
 *   position, the parties) and asks the threshold questions;
 * - dd_key.c makes a position's key for the table;
 * - dd_table.c makes, clears, keeps (dk_dd_save, dk_dd_load) and frees a
 *   solver with its table, and holds its settings;
 * - dd_exact.c works out a position's exact value by null-window probes,
 *   on one thread or several;
 * - dd_analyse.c analyses a game card by card.
 */
#ifndef DK_DD_INTERNAL_H
#define DK_DD_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "dd.h"

/* the bits of a byte, for counting the places in a mask a byte at a time
 * (the processor's popcount is not in the x86-64 baseline this is built
 * for, and the library's function for __builtin_popcount took half of a
 * threshold question's instructions) */
#define DD_BITS2(n) n, n + 1, n + 1, n + 2
#define DD_BITS4(n) DD_BITS2(n), DD_BITS2(n + 1), DD_BITS2(n + 1), DD_BITS2(n + 2)
#define DD_BITS6(n) DD_BITS4(n), DD_BITS4(n + 1), DD_BITS4(n + 1), DD_BITS4(n + 2)
static const unsigned char count8[256] = {
	DD_BITS6(0), DD_BITS6(1), DD_BITS6(1), DD_BITS6(2)
};

/* the card points of each points code (see make_key in dd_key.c) */
static const int code_points[8] = { 0, 2, 3, 4, 10, 11, 0, 0 };

#define BUCKET 4
#define INF 10000
#define DD_BUSY_SLOTS 4096

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
	unsigned char work;          /* what its search took: 1 + log2 of the positions
					it visited, 0 for a bound no search made */
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

/*
 * A position whose exact value a search worked out (dd_solve_re), with a
 * best line to the end of the game.  Asked again, as an analysis taken
 * up from a kept table asks the positions it solved before, it is
 * answered without a search, whatever the table kept: a table that
 * filled up gives way to new entries, and the position inside the first
 * trick of a 12-trick game was once searched again for 16 minutes
 * because the entries that had proved it had gone (docs/double-dummy.md).
 */
#define DD_SOLVED 64

typedef struct dd_solved {
	uint64_t print;              /* the position and the question
					(dd_position_print); 0: an empty slot */
	int value;                   /* what Re gains from it to the end */
	dk_line line;                /* a best line, whole */
} dd_solved;

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
	int cancel;                  /* another thread answered the question (atomic) */
	/* a question shared by several threads (shared_ab in dd_exact.c):
	 * the positions near its root that a thread is searching, a slot
	 * each (DD_BUSY_SLOTS, NULL when not shared), the cards played at its
	 * root, and whether this solver is a helper */
	uint64_t *busy;
	int root_cards;
	bool helping;
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
	/* the positions solved lately, the oldest replaced first (kept with
	 * the table: dk_dd_save) */
	dd_solved solved[DD_SOLVED];
	unsigned solved_next;        /* the slot the next one takes */
};

/* ---- dd_key.c: a position's key ------------------------------------------ */

/* the numbers the keys are made of, made once for every thread; call
 * before any of the below */
void dd_key_init(void);
/* dd's keys made the fastest way this processor has (dd->key_of) */
void dd_key_use_best(dk_dd *dd);
/* dd's question (mine[], maxer[] and tricks) into its keys' salt */
void dd_key_salt(dk_dd *dd);
/* the key scheme's fingerprint: the numbers the keys are made of summed
 * into h by sum (a saved table is taken up only by the same scheme) */
uint64_t dd_key_print(uint64_t h, uint64_t (*sum)(uint64_t h, const void *data, size_t n));

/* p's key (between tricks), made the solver's way (see make_key in
 * dd_key.c) */
static inline void key_of(const dk_dd *dd, const pos *p, tkey *tk)
{
	dd->key_of(dd, p, tk);
}

/* ---- dd_table.c: the solver and its table -------------------------------- */

/* a checksum of n bytes added to h, eight bytes at a time, the tail a
 * byte at a time (a kept file's sum, the key scheme's fingerprint, the
 * print of a position solved) */
uint64_t dd_sum(uint64_t h, const void *data, size_t n);

/* ---- dd.c: the search ------------------------------------------------------ */

/* the places of the cards p's player to move may play: the suit led
 * where the hand holds it, else any (moves in dd.c, dd_leads_to) */
static inline uint32_t dd_legal(const dk_dd *dd, const pos *p)
{
	uint32_t legal = p->held[p->turn];
	if (p->tn > 0 && (legal & dd->suit_places[dd->suit[p->trick[0]]]))
		legal &= dd->suit_places[dd->suit[p->trick[0]]];
	return legal;
}

/* the fail-soft value of p within alpha..beta (see dd.c) */
int dd_ab(dk_dd *dd, const pos *p, int alpha, int beta);
/* play card k for the player to move; what the counted side gains */
int dd_play(const dk_dd *dd, pos *p, dk_card k);
/* p's moves in the search's order, hint and hint2 first where legal */
int dd_ordered_moves(const dk_dd *dd, const pos *p, dk_card *m, dk_card hint, dk_card hint2);
/* what the table knows of tk's position (see tt_bounds in dd.c) */
int dd_tt_bounds(dk_dd *dd, const tkey *tk, int *lo, int *hi, unsigned char *best);
/* the card of a lead the table keeps as its rank, if the player on lead
 * holds it */
dk_card dd_card_of_rank(const dk_dd *dd, const pos *p, unsigned rank);
/* a continuation from p that gains v, appended to line */
void dd_line_of(dk_dd *dd, pos p, int v, dk_line *line);
/* the table twice as large where it is filling and may grow */
void dd_tt_grow(dk_dd *dd);
/* what the counted side can capture at most from p (in[]: the players
 * counted; see upper_bound in dd.c) */
int dd_upper_bound(const dk_dd *dd, const pos *p, const bool in[4]);
/* what p's player on lead takes for sure by leading his sure winners
 * (see sure_gain in dd.c) */
int dd_sure_gain(const dk_dd *dd, const pos *p);
/* a table of 1 << bits entries, *tt on a bucket's boundary in the memory
 * returned (to be freed), NULL when out of memory */
void *dd_table_of(int bits, tt_entry **tt);
/* the progress callback, with the positions of the question under way */
void dd_tell_progress(dk_dd *dd);

/* ---- dd_question.c: a question set up ------------------------------------ */

/* the solver set for the game between the parties at rp's position, which
 * goes into *p; false, with the solver stopped, where rp's hands do not
 * match its tricks */
bool dd_game_at(dk_dd *dd, pos *p, const dk_replay *rp);

/* ---- dd_exact.c: the exact value ----------------------------------------- */

/* Re's card points at the end with best play from rp's position into out
 * (guess: a guess at them, or -1 for none); -1 when over the limit */
int dd_solve_re(dk_dd *dd, dk_dd_value *out, const dk_replay *rp, int guess);
/* card points of each party in rp's complete tricks, with rp's parties */
void dd_points_now(int out[3], const dk_replay *rp);
/* what p's value depends on, hashed: the position and dd's question as
 * dd_game_at set it up; never 0 */
uint64_t dd_position_print(const dk_dd *dd, const pos *p);
/* does a legal card of p's player to move lead to the position whose
 * print is `to`, under dd's question?  (A card the record has bounds
 * p's value by the value after it only where it was legal and the
 * question did not change with it.) */
bool dd_leads_to(const dk_dd *dd, const pos *p, uint64_t to);

#endif

/*
 * foreign.h - dokoref's score of a game against the score another program
 * wrote into the record (FreeDoko's game summary), item by item.
 *
 * The other program's items are matched by meaning to dokoref's (FreeDoko's
 * "no 90" is dokoref's "under 90", its "caught fox" dokoref's "fox"); what
 * stays unmatched on either side is a difference.  An item dokoref has no
 * rule for (none of FreeDoko's special points since "fox last trick",
 * "dolle caught dolle" and the like became rule keys), and a bock
 * multiplier, are named with the other program's option they come from, so
 * that a difference they cause is explained.  Data only: the words are made
 * in src/report.
 */
#ifndef DK_FOREIGN_H
#define DK_FOREIGN_H

#include <stdbool.h>

#include "record.h"
#include "replay.h"
#include "score.h"

typedef enum dk_cmp_kind {
	DK_CMP_WINNER = 0,           /* who won */
	DK_CMP_VALUE,                /* what the game is worth (for Re; bock included) */
	DK_CMP_POINTS,               /* card points of a party */
	DK_CMP_PARTY,                /* the party of a seat */
	DK_CMP_ONLY_THEIRS,          /* an item only the other program scored */
	DK_CMP_ONLY_OURS,            /* an item only dokoref scored */
	DK_CMP_TRICK,                /* who won a trick (level: the trick, 1-based) */
	DK_CMP_BOCK,                 /* the Bock multiplier of the game (dokoref's session) */
	DK_CMP_KIND_COUNT
} dk_cmp_kind;

typedef struct dk_cmp_diff {
	dk_cmp_kind kind;
	dk_party party;              /* items, card points: the party */
	int seat;                    /* DK_CMP_PARTY */
	int ours, theirs;            /* values; parties as dk_party */
	const char *name;            /* the other program's item name, or NULL */
	dk_score_item_kind item;     /* DK_CMP_ONLY_OURS: dokoref's item */
	int level;
	const char *option;          /* the other program's option that explains it, or NULL */
	dk_loc loc;                  /* the item in the record */
} dk_cmp_diff;

#define DK_CMP_MAX 40

typedef struct dk_cmp {
	dk_cmp_diff diffs[DK_CMP_MAX];
	int count;
	int unexplained;             /* differences no option explains */
	bool winner_agrees;
	bool value_agrees;           /* the values are equal */
	bool value_explained;        /* ... or equal once the explained items are counted */
} dk_cmp;

/** Compare dokoref's score sc of the replay rp with fs, the other program's.
 * dokoref's Bock is not known: the other program's Bock multiplier is taken
 * as the reason for a value that differs by it (option "bock"). */
void dk_foreign_compare(dk_cmp *out, const dk_score *sc, const dk_replay *rp,
			const dk_foreign_score *fs);

/** The same for a game of a session whose Bock multiplier dokoref knows
 * (dk_session_game.multiplier, 1 = no Bock; 0 = not known, as above): the
 * values are compared with it applied, and a multiplier other than the
 * other program's is a difference of its own (DK_CMP_BOCK). */
void dk_foreign_compare_bock(dk_cmp *out, const dk_score *sc, const dk_replay *rp,
			     const dk_foreign_score *fs, long bock);

/** The other program's option an item name of its own comes from, when dokoref
 * has no rule for it; NULL (every special point of FreeDoko's has a rule
 * key now, so at present always NULL). */
const char *dk_foreign_option_of(const char *name);

#endif

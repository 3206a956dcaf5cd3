/*
 * position.h - the game as it stood after any card: what the replay views
 * (the terminal replay, the HTML page) show when they step through it.
 *
 * A position is derived from a verdict alone: the hands each seat still
 * holds, the trick on the table and who is winning it so far, the tricks
 * and card points taken, the announcements and declarations made, the
 * findings up to there, and the parties as the table could know them at
 * that moment next to the truth.  It judges nothing of its own.
 */
#ifndef DK_POSITION_H
#define DK_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "verdict.h"

#define DK_POS_HAND (DK_MAX_HAND + DK_MAX_PASS)

typedef struct dk_position {
	int card;                    /* cards played so far, 0 .. total */
	int total;                   /* cards played in the whole record */
	int trick;                   /* the trick the last card belongs to (1-based), 0 = none yet */
	bool trick_done;             /* that trick is complete */
	/* the cards each seat still holds, and has played, in the game's order */
	dk_card hand[DK_MAX_SEATS + 1][DK_POS_HAND];
	int hand_n[DK_MAX_SEATS + 1];
	dk_card played[DK_MAX_SEATS + 1][DK_POS_HAND];
	int played_n[DK_MAX_SEATS + 1];
	/* the trick shown on the table: the current one, or the last complete
	 * one right after it was completed */
	const dk_trick *table;       /* NULL before the first card */
	int table_n;                 /* its cards shown */
	int table_best;              /* index of the card winning it so far */
	int next_seat;               /* whose turn it is, 0 = the game is over */
	int tricks_won[DK_MAX_SEATS + 1];
	int points_won[DK_MAX_SEATS + 1];
	int party_points[3];         /* by dk_party, the true parties */
	size_t events;               /* g->events[0 .. events) have happened */
	int findings;                /* rp.findings[0 .. findings) have happened */
	dk_party known[DK_MAX_SEATS + 1]; /* the parties as the table could know them */
} dk_position;

/** The position of v's game after `card` cards (clamped to 0 .. total). */
void dk_position_at(dk_position *out, const dk_verdict *v, int card);

/** Cards played in v's record. */
int dk_position_total(const dk_verdict *v);

/** The card number (1-based) of the next/previous finding after/before
 *  card `from` that points at a card; 0 if there is none. */
int dk_position_next_finding(const dk_verdict *v, int from);
int dk_position_prev_finding(const dk_verdict *v, int from);

#endif

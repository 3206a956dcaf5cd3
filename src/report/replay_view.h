/*
 * replay_view.h - one position of a game drawn as a screen of text cells.
 *
 * The terminal replay (`dokoref replay`) draws the screen with ncurses, and
 * `replay --step N` prints it as plain text; both come from this one
 * drawing, so what a test captures in tmux is what the plain text says.
 * The screen: the four players around the table with the cards each
 * holds (and, if asked, those already played), the trick on the table and
 * who is winning it, the tricks and card points taken, what was said, the
 * findings up to the card with the rule each rests on, and at the end the
 * score as played against the record.  With an analysis (dd.h), the value
 * with best play at the position and what the card just played cost come
 * before the findings.
 */
#ifndef DK_REPLAY_VIEW_H
#define DK_REPLAY_VIEW_H

#include <stdbool.h>

#include "buf.h"
#include "dd.h"
#include "lang.h"
#include "position.h"
#include "verdict.h"

/** How a cell is drawn. */
typedef enum dk_cell_attr {
	DK_CA_NORMAL = 0,
	DK_CA_TITLE,                 /* the title bar */
	DK_CA_DIM,                   /* cards already played, the key line */
	DK_CA_STRONG,                /* the card winning the trick, the player to play */
	DK_CA_BAD,                   /* a finding */
	DK_CA_RED,                   /* a ♥ or ♦ card (with colour only) */
	DK_CA_COUNT
} dk_cell_attr;

typedef struct dk_cell {
	char ch[5];                  /* one UTF-8 character, "" = blank */
	unsigned char attr;          /* dk_cell_attr */
} dk_cell;

#define DK_SCREEN_MIN_W 80
#define DK_SCREEN_MIN_H 24
#define DK_SCREEN_MAX_W 400
#define DK_SCREEN_MAX_H 200

typedef struct dk_screen {
	int w, h;
	dk_cell cells[DK_SCREEN_MAX_H][DK_SCREEN_MAX_W];
} dk_screen;

typedef struct dk_view_opts {
	dk_lang lang;
	bool all_cards;              /* also the cards already played */
	bool help;                   /* the key help instead of the findings */
	const char *path;            /* the file, for the title */
	const dk_dd_game *analysis;  /* --analyse: the double-dummy analysis, or NULL */
} dk_view_opts;

/** Draw position p of verdict v onto s, sized w x h (clamped to the
 *  minimum and maximum sizes). */
void dk_view_draw(dk_screen *s, int w, int h, const dk_verdict *v, const dk_position *p,
		  const dk_view_opts *o);

/** s as plain text, one line per row, trailing blanks cut. */
void dk_screen_text(dk_buf *b, const dk_screen *s);

#endif

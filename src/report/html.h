/*
 * html.h - verdicts as one self-contained HTML page.
 *
 * A page holds every game of a file: a list of the games at the top, and
 * per game its heading, the parties, a static trick table with every
 * finding marked at its card, the findings with their rules, the score as
 * played with the record against it and, in a session, the standings.
 * Inline JavaScript adds a step-by-step view (buttons and the terminal
 * replay's keys); without JavaScript the page is still the complete static
 * table.  No network, no external fonts; suits are told by their symbols,
 * not by colour alone; a print style leaves the controls out.
 *
 * With the double-dummy analysis of a game (dd.h, --analyse) the page
 * also holds its text, and the step-by-step view shows the value with best
 * play at each position and what the card just played cost.
 *
 * Usage: dk_html_init, dk_html_game for every game, dk_html_finish to get
 * the page, dk_html_release.
 */
#ifndef DK_HTML_H
#define DK_HTML_H

#include "buf.h"
#include "dd.h"
#include "lang.h"
#include "verdict.h"

typedef struct dk_html {
	dk_lang lang;
	const char *title;           /* the file, for the page title */
	dk_buf nav;                  /* the list of games */
	dk_buf body;                 /* the games */
	size_t games;
	bool analysed;               /* a game came with its analysis */
} dk_html;

void dk_html_init(dk_html *h, dk_lang lang, const char *title);

/** Add the game judged in v (read from file path) to the page, with its
 *  double-dummy analysis a (NULL: none). */
void dk_html_game(dk_html *h, const dk_verdict *v, const char *path, const dk_dd_game *a);

/** The whole page into out. */
void dk_html_finish(dk_html *h, dk_buf *out);

void dk_html_release(dk_html *h);

#endif

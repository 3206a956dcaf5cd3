/*
 * show_text.h - `dokoref show`'s text view of a game, in English or German.
 *
 * A record as a person reads it at the table: the title line with the
 * game's metadata, the rule set, the dealer and the record's notes, the
 * game type, the parties and the ruling (ruling_text.h), every hand as
 * dealt (sorted, trumps first), the game finding, the play as a trick
 * table (one row per trick, one column per player, the led card marked
 * '>' and the winning card '*', what was said after the trick it was said
 * in), the card points each player took and what the table wrote down.
 *
 * It words no finding: a card not in the hand or played out of turn is
 * shown as it was recorded; check's text says what it was.  Every word
 * comes from the catalogue (lang.h); the names, notes and quoted words of
 * the record are printed as the record has them.
 */
#ifndef DK_SHOW_TEXT_H
#define DK_SHOW_TEXT_H

#include <stdbool.h>

#include "buf.h"
#include "lang.h"
#include "verdict.h"

/** How show's text is laid out. */
typedef struct dk_show_opts {
	dk_lang lang;
	bool color;                  /* ANSI colour: bold title and winning cards,
					red ♥ and ♦, what was said dimmed */
	int width;                   /* the ruling wrapped to it (ruling_text.h);
					<= 0: never */
} dk_show_opts;

/**
 * Append show's text of the game v judged, read from file path, to b.
 * rules_named: the game named its rule set (else v was judged under the
 * normal game's order, and the rules line says that none is named).
 * path is shown through dk_shown; b is the caller's.
 */
void dk_show_text(dk_buf *b, const dk_show_opts *o, const dk_verdict *v, const char *path,
		  bool rules_named);

#endif

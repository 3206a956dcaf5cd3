/*
 * analysis.h - the double-dummy analysis of a game (dd.h) in words and as
 * JSON: `dokoref check --analyse`.
 */
#ifndef DK_ANALYSIS_H
#define DK_ANALYSIS_H

#include "buf.h"
#include "dd.h"
#include "lang.h"
#include "record.h"

struct json_object;

/** The text: the value at the start, the cards that cost something
 *  (largest first), whether one of them changed who wins. */
void dk_text_analysis(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a);

/** The JSON object of the analysis: the value at the start and after
 *  every card, each card's cost, the costly cards largest first. */
struct json_object *dk_json_analysis(const dk_game *g, const dk_dd_game *a);

/**
 * The analysis at the position after n cards, as the replay and the HTML
 * page show it while they step, one line each (every line ends in '\n'):
 * the value with best play there (Re's card points and Kontra's), the card
 * just played with its cost and whether it changed who wins, and a note
 * when the value takes the marriage partner as the game found him.  A
 * position before a->first says it was not analysed and why.
 */
void dk_text_analysis_at(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a,
			 int n);

#endif

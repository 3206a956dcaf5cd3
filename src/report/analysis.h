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

#endif

/*
 * check_text.h - the result of a replay in words, for people.
 *
 * One header line per game (file, game, type, rule set), the parties, then
 * each finding: where it points in the record, its code and kind, what
 * happened in a sentence, and the rule that decides it with its source.
 * In English or German: every word comes from the catalogue (lang.h); this
 * file only puts them together.  Names, card symbols, finding codes and rule
 * set keys are the same in both languages.
 */
#ifndef DK_CHECK_TEXT_H
#define DK_CHECK_TEXT_H

#include <stdbool.h>

#include "buf.h"
#include "finding.h"
#include "lang.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "penalty.h"
#include "score.h"

/** The name of a solo kind in lang: "queen solo (Damensolo)",
 * "Damensolo"; static, "?" out of range. */
const char *dk_text_solo(dk_lang lang, dk_solo_kind k);

/** What finds a marriage's partner: the rule set value in English
 * ("first-trump-trick"), words in German ("den ersten Trumpfstich"); static. */
const char *dk_text_marriage_cond(dk_lang lang, dk_marriage_cond c);

/** Write the sentence that describes finding f of game g into b. */
void dk_text_finding(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_game *g,
		     const dk_replay *rp, const dk_rules *r);

/** Write what the game was: "normal game", "Damensolo (queens) of Anna",
 * "Normalspiel", "Damensolo von Anna" ... */
void dk_text_game_type_in(dk_buf *b, dk_lang lang, const dk_game *g, const dk_replay *rp);

/** Write the parties: "Re: Anna, Clara - Kontra: Ben, David". */
void dk_text_parties_in(dk_buf *b, dk_lang lang, const dk_game *g, const dk_replay *rp);

/** Write the score: winner and targets, every item with its rule key, the
 * value and each player's plus-minus, one line each, indented by two. */
void dk_text_score(dk_buf *b, dk_lang lang, const dk_score *s, const long *per_seat,
		   const dk_game *g, const dk_replay *rp);

/** Write where a rule comes from: its cite, and marks for assumed and
 * inherited values; nothing for a rule without source. */
void dk_text_rule_source(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_rules *r);

/**
 * When every player could see finding f (where that is not when it
 * happened) and what a recorded objection did, one indented line each
 * (TSR 9.6); nothing for a finding nobody may reclaim.
 */
void dk_text_reclaim(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_game *g,
		     const dk_rules *r);

/** Write what finding's penalty is or would be: head (what its objection
 * makes of it, ruling_text.h's dk_text_ruling_at), the class, its reason
 * and the points per player, on one or two lines indented by six, and with
 * proofs the search's example continuations, one trick to a line (nothing
 * for a finding without a class). */
void dk_text_penalty(dk_buf *b, dk_lang lang, const dk_penalty *p, const dk_game *g,
		     const dk_replay *rp, const char *head, bool proofs);

/** Write the words of one score item ("Kontra under 90", "Fuchs caught"). */
/** A target as the search's lines write it: card points, 240 for every
 *  trick, 1 for one trick. */
void dk_text_target(dk_buf *b, int target);

/** The search's answer per party (dk_search_run, dd.h), one indented line each: a
 *  continuation in which the party reaches target_of[party] (trick_cards:
 *  cards of the open trick before it), one trick to a line indented by ten
 *  under its party's line, or that none does, or that it takes every trick
 *  whatever is played. */
void dk_text_search_lines_by_trick(dk_buf *b, dk_lang lang, const dk_search_result *s,
				   const int target_of[3], int trick_cards, const dk_game *g,
				   const dk_replay *rp);

void dk_text_score_item(dk_buf *b, dk_lang lang, const dk_score_item *it);

#endif

/*
 * ruling_text.h - the ruling of a verdict (verdict.h's dk_ruling) in words.
 *
 * One line that a table reads first: who wins and with what, every
 * player's score, why it stands and the rule it rests on, and whether the
 * sheet agrees; and at a finding, what it changes.  Every view (check's
 * and audit's text, the JSON's "reason", show, replay, the HTML page) takes
 * its words from here, so they all say the same.  Also the wrapping of
 * long lines, which is layout and knows no words.
 */
#ifndef DK_RULING_TEXT_H
#define DK_RULING_TEXT_H

#include <stddef.h>

#include "buf.h"
#include "lang.h"
#include "verdict.h"

/** Fixed width of text written to a file or pipe (golden files stay stable). */
#define DK_TEXT_WIDTH 100

/** The reason of v's ruling in one sentence, without the rule. */
void dk_text_ruling_reason(dk_buf *b, dk_lang lang, const dk_verdict *v);

/** The rule v's ruling rests on: "penalty.revoke_reclaim_deadline, TSR 9.6.3"
 *  (the key and the section of its source); nothing when there is none. */
void dk_text_ruling_rule(dk_buf *b, const dk_verdict *v);

/** The outcome alone: "Re wins, 3 — Monika -3, Norbert -3, ...", "not
 *  counted, deal again", "none can be given". */
void dk_text_ruling_outcome(dk_buf *b, dk_lang lang, const dk_verdict *v);

/** The sheet against the ruling: "the sheet is right", "the sheet is
 *  wrong: correct by Anna -1, ..."; nothing when the record has no scores. */
void dk_text_ruling_sheet(dk_buf *b, dk_lang lang, const dk_verdict *v);

/** The whole ruling line, "ruling: " and the four parts above, without
 *  indent or newline. */
void dk_text_ruling(dk_buf *b, dk_lang lang, const dk_verdict *v);

/** What finding i's objection makes of it, as the start of its cost line:
 *  "not reclaimed before the next card: stands (TSR 9.6.3) · had it been
 *  reclaimed at once: ", "reclaimed in time ...: the penalty counts · " */
void dk_text_ruling_at(dk_buf *b, dk_lang lang, const dk_verdict *v, int i);

/** Append text (len bytes, lines ending in '\n') to out with every line
 *  longer than width characters broken at spaces; a continuation is
 *  indented four more than its line.  width <= 0: copied as it is. */
void dk_text_wrap(dk_buf *out, const char *text, size_t len, int width);

#endif

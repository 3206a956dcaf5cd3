/*
 * verdict_text.h - a dk_verdict as text, in English or German.
 *
 * The verdict of `check` whole (what happened, each finding with its rule
 * and its cost if reclaimed, the score as played, the objection, Bock, the
 * record against it, the other program's score), and the full verdict
 * `audit --verbose` prints, which leaves the costs out and adds the
 * session.  Both fill a buffer; the caller prints it.
 */
#ifndef DK_VERDICT_TEXT_H
#define DK_VERDICT_TEXT_H

#include <stdbool.h>

#include "buf.h"
#include "lang.h"
#include "verdict.h"

/** How check's text is laid out. */
typedef struct dk_text_opts {
	bool color;                  /* ANSI colour */
	bool verbose;                /* the search's proofs, one trick to a line */
	int width;                   /* wrap longer lines (ruling_text.h); <= 0: never */
} dk_text_opts;

/** check's verdict of v, read from file path: the title line, the ruling,
 *  the parties, each finding with what it changes, the score as played,
 *  the record against the ruling. */
void dk_text_verdict_opts(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
			  const dk_text_opts *o);

/** The same, not verbose, not wrapped (the library's text: the caller
 *  lays it out); color: ANSI colour. */
void dk_text_verdict(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path, bool color);

/** What finding i of v changes, in lines of their own indented by six,
 *  the same in every view (check, audit, the HTML page, replay): when every
 *  player could see it and the objection made to it; then, with cost and
 *  where the verdict holds the finding's penalty (assessed, or standing
 *  without a reclaim deadline), the ruling at it ("not reclaimed in time:
 *  stands (TSR 9.6.3) · had it been reclaimed at once: serious ...") with
 *  the reason in figures and each player's points; proofs: the search's
 *  example continuations too. */
void dk_text_at_finding(dk_buf *b, dk_lang lang, const dk_verdict *v, int i, bool cost,
			bool proofs);

/** The scored part of v (nothing when it is not scored): the score as
 *  played item by item, the objection's entry, Bock, the record against it. */
void dk_text_verdict_score(dk_buf *b, dk_lang lang, const dk_verdict *v);

/** audit's full verdict of v with its game id, the ruling first, and its
 *  session; wrapped to width (<= 0: never). */
void dk_text_verdict_audit(dk_buf *b, dk_lang lang, const dk_verdict *v, const char *path,
			   const char *id, bool color, int width);

#endif

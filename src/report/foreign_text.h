/*
 * foreign_text.h - another program's score (FreeDoko's) against dokoref's,
 * in words: one line that says whether they agree, then one line per
 * difference with the other program's option that explains it.
 */
#ifndef DK_FOREIGN_TEXT_H
#define DK_FOREIGN_TEXT_H

#include "buf.h"
#include "foreign.h"
#include "lang.h"

/** Write the comparison c of game g (g->foreign is set), indented by two. */
void dk_text_foreign(dk_buf *b, dk_lang lang, const dk_cmp *c, const dk_game *g);

/** Write g's notes ("note: ..."), indented by two; they say what an imported
 * file could not tell. */
void dk_text_notes(dk_buf *b, dk_lang lang, const dk_game *g);

#endif

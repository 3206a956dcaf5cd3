/*
 * audit_text.h - `dokoref audit` in words: a game's session verdict (dealer,
 * round, Bock, the ♦K flip, the correct entry and standings, what is wrong
 * on the score sheet) in English or German.
 */
#ifndef DK_AUDIT_TEXT_H
#define DK_AUDIT_TEXT_H

#include "audit_json.h"
#include "buf.h"
#include "lang.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "session.h"

/** One session finding as a sentence (no position, no newline). */
void dk_audit_text_issue(dk_buf *b, dk_lang lang, const dk_session_issue *x, const dk_game *g);

/** The words of a DK_SX_DUTY_SOLO_MISSING issue about the player name. */
void dk_audit_text_duty(dk_buf *b, dk_lang lang, const dk_session_issue *x, const char *name);

/**
 * Each player's duty soli at a session's end, one line: "  duty soli
 * (RULES): Anna game 3, Ben game 9 vorgeführt, Clara none ..." with an
 * assumed kind marked; names[seat] for the seats of seat_known.  Nothing
 * when the rules owe no duty soli.
 */
void dk_audit_text_duty_summary(dk_buf *b, dk_lang lang, const dk_session_state *st,
				const char *rules_name, const char *const *names,
				const bool *seat_known, int duty_soli);

/** "Anna +3, Ben -3, ..." for the seats of g's table, from per_seat. */
void dk_audit_text_seats(dk_buf *b, const dk_game *g, const long *per_seat);

/**
 * The session lines of a full verdict: dealer and round, who sits out,
 * Bock, the flip, the entry and the standings, then each session finding
 * as FILE:LINE:COL: CODE: sentence with the rule that decides it.
 */
void dk_audit_text_session(dk_buf *b, dk_lang lang, const char *file, const dk_game *g,
			   const dk_rules *r, const dk_session_game *sg);

/**
 * A session's end in words: with duty soli, the session's head line and
 * each player's duty soli (dk_audit_text_duty_summary), then each duty
 * solo still owed as FILE:LINE:COL: CODE: sentence with its rule.
 * Nothing when the rules owe none and none is missing.
 */
void dk_audit_text_session_end(dk_buf *b, dk_lang lang, const dk_audit_session_end *e);

/**
 * The line for a game of file with something wrong: "FILE, game N [id
 * ID]: codes", the findings' and the session findings' names (warnings
 * apart), and, if dup is not NULL, the game it repeats.
 */
void dk_audit_text_brief(dk_buf *b, dk_lang lang, const char *file, const dk_game *g,
			 const dk_replay *rp, const dk_session_game *sg, const char *id,
			 const dk_audit_dup *dup);

/** The code of a duplicate on a brief line, after other codes if after:
 * "[,] duplicate (FILE, N)". */
void dk_audit_text_dup_code(dk_buf *b, bool after, const char *first_file, size_t first_index);

/** The line that ends a full verdict of a duplicate: the game it repeats. */
void dk_audit_text_duplicate(dk_buf *b, dk_lang lang, const char *first_file,
			     size_t first_index);

#endif

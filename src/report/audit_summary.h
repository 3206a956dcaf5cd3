/*
 * audit_summary.h - the summary `dokoref audit` prints after its games (and
 * `audit --merge` after the parts it reads) in English or German.
 */
#ifndef DK_AUDIT_SUMMARY_H
#define DK_AUDIT_SUMMARY_H

#include <stddef.h>

#include "audit_json.h"
#include "buf.h"
#include "lang.h"

/** The text summary of s into b; wrong_sessions holds a line per session
 * whose running totals went wrong (the first ten). */
void dk_audit_summary_text(dk_buf *b, dk_lang lang, const dk_audit_summary *s,
			   const dk_buf *wrong_sessions);

/** The line for a session whose running totals went wrong, into b: its
 * correct final standings (names[i], final[i]) and, if rec_final, the
 * recorded ones. */
void dk_audit_wrong_session(dk_buf *b, dk_lang lang, const char *file, size_t session,
			    const char *const *names, const long *final, const long *rec_final,
			    size_t count);

#endif

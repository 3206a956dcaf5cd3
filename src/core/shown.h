/*
 * shown.h - a file name as text for a person shows it.
 *
 * A file name is whatever bytes the file system holds: it may carry an
 * escape sequence (ESC [ 31 m), a newline, an 8-bit CSI (0x9B) or bytes
 * that are no UTF-8 at all.  Printed raw, a name steers the terminal: it
 * colours or clears the screen, moves the cursor, sets the window title,
 * or starts a line of its own that looks like another message.  A
 * right-to-left override (U+202E) or a zero-width space does not steer
 * the terminal, but makes a name look like another one ("Trojan Source":
 * "game\u202Elmx.exe" displays as "gameexe.xml").  So every text output
 * for a person (reports, diagnostics "FILE:LINE:COL: ...", the progress
 * line, the replay's title bar) shows a name through dk_shown, which puts
 * '?' for each control character and each such invisible character, as
 * `ls -q` does and as git quotes a path with unusual bytes.  Valid UTF-8
 * ("Köln.xml") stays as it is.
 *
 * It is for names only: what a record or a rule set holds has passed the
 * readers' byte screens (src/core/text_guard.h, src/fmt/guard.h) before it
 * gets here; the player names `audit --merge` reads from JSON lines have
 * not, and its text shows them through it too (src/cli/cmd_audit.c).
 * JSON and XML output keep the name as it is (their writers
 * escape control characters, and JSON puts U+FFFD for bytes that are no
 * UTF-8: src/report/json_out.h, which finds them with dk_utf8_len); HTML
 * shows it as here (src/report/html.c); a rule set that `rules import`
 * writes names its source file as here (src/fmt/fmt_freedoko_rules.c: a
 * newline would end the comment it is in).  It lives in the core, libc
 * only, for all of them.
 */
#ifndef DK_SHOWN_H
#define DK_SHOWN_H

#include <stddef.h>

/**
 * s as text output may show it: each control character replaced by '?'
 * (C0 0x00-0x1f, tab and newline included: a name stays on its line; DEL
 * 0x7f; the C1 controls U+0080-U+009F written in UTF-8), and so is each
 * byte that is not part of valid UTF-8 (a raw 0x9B, the 8-bit CSI, among
 * them; overlong forms and surrogates too), and each character that
 * reorders or hides text: the bidirectional controls U+202A-U+202E,
 * U+2066-U+2069, U+200E, U+200F, U+061C and the zero-width U+200B-U+200D,
 * U+2060, U+FEFF.  A character of several bytes becomes one '?'.
 *
 * Returns s itself when there is nothing to replace (no allocation: the
 * common case), else a copy made with malloc, which *keep gets too; the
 * caller frees *keep (NULL when nothing was made, so free() it always).
 * Out of memory: "?" (never the raw name).  NULL in, NULL out.  The result
 * lives as long as s and *keep; dk_shown of a shown string returns it as
 * it is.
 */
const char *dk_shown(const char *s, char **keep);

/**
 * The length in bytes (1 to 4) of the character s begins with, if it is
 * well-formed UTF-8 (Unicode's table 3-7); 0 if the byte at s is not the
 * start of one: a byte that is no UTF-8, a sequence cut short (by the
 * string's end too), an overlong form, a surrogate, a code point beyond
 * U+10FFFF; and 0 at the terminating NUL.  An ASCII byte, a control
 * character among them, is 1.  It reads no byte past a NUL.
 */
size_t dk_utf8_len(const char *s);

/**
 * Where to cut s[0..n) so that it does not end inside a UTF-8 character
 * (a fixed buffer that snprintf filled may end in the first bytes of
 * one): n, or the offset of the lead byte of a character the end cuts
 * short.  Bytes that are no UTF-8 are left as they are.
 */
size_t dk_utf8_cut(const char *s, size_t n);

/**
 * The length in bytes (1 to 4) of the character s begins with, if dk_shown
 * leaves it as it is; 0 if dk_shown replaces it (a control character, a
 * bidirectional or zero-width one, a byte that is not part of valid
 * UTF-8) and at the terminating NUL.  It reads no byte past a NUL.
 */
size_t dk_shown_len(const char *s);

#endif

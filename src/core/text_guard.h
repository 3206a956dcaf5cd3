/*
 * text_guard.h - the byte screen every text reader shares.
 *
 * The FreeDoko reader and the rule set loader feed each byte of their input
 * through it before they parse anything (the XML reader has its own guard,
 * src/fmt/guard.h, in front of libxml2, with the same way of counting
 * positions).  It stops at the first of
 *   - a NUL byte or another control character (C0 but tab, line feed and
 *     carriage return; DEL; the C1 controls written in UTF-8),
 *   - a carriage return that does not end a line (one not followed by a
 *     line feed, nor the last byte): printed, it sends the terminal back
 *     to the start of the line, and what follows overwrites what came
 *     before ("Anna\rMallory" shows as "Mallory"); a file with old Mac
 *     line ends (a carriage return alone) is refused so (not in XML,
 *     which turns every line end into a line feed),
 *   - a line longer than DK_TEXT_MAX_LINE bytes (not in XML, which may
 *     come on one line: its limits are per tag, src/fmt/guard.h),
 *   - bytes that are no UTF-8 (unless the format allows Latin-1: FreeDoko
 *     before 0.6 wrote names in it),
 *   - a bidirectional embedding, override or isolate control (U+202A to
 *     U+202E, U+2066 to U+2069), which makes text show in another order
 *     than it is read ("Trojan Source"),
 * with a message that names the position (line and column, counting
 * characters; for gzip input, of the decompressed text) and nothing of the
 * content.  Sizes are capped where the bytes are read (dk_input's
 * max_size, DK_RULESET_MAX_BYTES).
 */
#ifndef DK_TEXT_GUARD_H
#define DK_TEXT_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define DK_TEXT_MAX_LINE (64 * 1024)

typedef struct dk_text_guard {
	bool latin1_ok;      /* bytes that are no UTF-8 are taken as Latin-1 */
	uint32_t max_line;   /* DK_TEXT_MAX_LINE; 0: no limit (XML, which has
				no lines: a program may write it on one) */
	bool cr_ok;          /* a carriage return may stand alone (XML) */
	bool cr_open;        /* the last byte fed was a carriage return */
	uint64_t offset;     /* offset of the next byte */
	uint64_t line_start; /* offset of the current line's first byte */
	uint32_t line;
	uint32_t cont;       /* UTF-8 continuation bytes in the line so far */
	int need;            /* continuation bytes the open sequence still needs */
	unsigned char lo, hi; /* the range of the next continuation byte */
	uint64_t seq_off;    /* offset of the open sequence's lead byte */
	uint32_t seq_cont;   /* cont when it began */
	unsigned char lead;  /* its lead byte */
	unsigned char second; /* its first continuation byte */
	bool latin1;         /* the line has a byte that is no UTF-8 */
	bool failed;
	dk_loc error_loc;
	char error[160];
} dk_text_guard;

void dk_text_guard_init(dk_text_guard *g, bool latin1_ok);

/** Scan len more bytes.  Returns 0, or -1 with g->error and g->error_loc. */
int dk_text_guard_feed(dk_text_guard *g, const char *buf, size_t len);

/** The end of the text: a UTF-8 sequence must not be cut.  0 or -1. */
int dk_text_guard_finish(dk_text_guard *g);

/*
 * Text whose escapes have been read (XML character references, YAML's and
 * JSON's backslash escapes) may hold what the byte screen refuses in the
 * bytes themselves.  The first such character in s[0..len), valid UTF-8:
 * a control character (C0, DEL, C1; tab and line feed pass where lines_ok)
 * or a bidirectional embedding, override or isolate control.  Returns its
 * byte offset, or len when there is none; *cp gets its code point.
 */
size_t dk_text_refused(const char *s, size_t len, bool lines_ok, uint32_t *cp);

/** What cp is, for a message: "a control character (U+001B)" or "a
 *  bidirectional control character (U+202E)". */
void dk_text_refused_what(char *out, size_t size, uint32_t cp);

#endif

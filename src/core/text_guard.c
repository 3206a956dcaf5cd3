/*
 * text_guard.c - the byte screen every text reader shares; see text_guard.h.
 *
 * ASCII text passes at table speed; only control characters and bytes from
 * 0x80 on are looked at.  Columns count characters: the UTF-8 continuation
 * bytes of the current line are counted and taken off the byte offset.
 */
#include "text_guard.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

void dk_text_guard_init(dk_text_guard *g, bool latin1_ok)
{
	memset(g, 0, sizeof(*g));
	g->latin1_ok = latin1_ok;
	g->max_line = DK_TEXT_MAX_LINE;
	g->line = 1;
}

static int text_fail(dk_text_guard *g, uint64_t off, const char *msg)
{
	g->failed = true;
	g->error_loc.line = g->line;
	g->error_loc.col = (uint32_t)(off - g->line_start - g->cont + 1);
	snprintf(g->error, sizeof(g->error), "%s", msg);
	return -1;
}

static const char not_utf8[] = "the text is not valid UTF-8";
static const char lone_cr[] = "a carriage return that does not end a line is not accepted "
			      "(a line ends in a line feed, or in a carriage return and a line feed)";

/* a broken sequence is reported at its lead byte, the character it began */
static int seq_fail(dk_text_guard *g, const char *msg)
{
	g->cont = g->seq_cont;
	return text_fail(g, g->seq_off, msg);
}

/* the bidirectional control whose last byte is c; out of the way of the
 * loop, which it would slow */
static __attribute__((noinline, cold)) int bidi_fail(dk_text_guard *g, unsigned char c)
{
	char what[64], m[96];
	dk_text_refused_what(what, sizeof(what),
			     0x2000u | ((uint32_t)(g->second & 0x3f) << 6) | (c & 0x3fu));
	snprintf(m, sizeof(m), "%s is not accepted", what);
	g->cont = g->seq_cont;
	return text_fail(g, g->seq_off, m);
}

/* bytes that need a look: controls, and all but ASCII */
static bool text_marks[256];
static pthread_once_t text_marks_once = PTHREAD_ONCE_INIT;

static void make_text_marks(void)
{
	for (int c = 0; c < 256; c++)
		text_marks[c] = c < 0x20 || c >= 0x7f;
	text_marks['\t'] = false;
}

/*
 * Whether the eight bytes at s are all printable ASCII (0x20 to 0x7e), a
 * word at a time: no byte below 0x20, none from 0x80, none 0x7f.  A "no"
 * may be wrong (a borrow); the bytes are then looked at one by one.
 */
static inline bool printable8(const unsigned char *s)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	uint64_t w, del;
	memcpy(&w, s, 8);
	del = w ^ (0x7f * ones);
	return (((w - 0x20 * ones) & ~w) | ((del - ones) & ~del) | w) & highs ? false : true;
}

int dk_text_guard_feed(dk_text_guard *g, const char *buf, size_t len)
{
	if (g->failed)
		return -1;
	pthread_once(&text_marks_once, make_text_marks);
	const unsigned char *s = (const unsigned char *)buf;
	uint64_t base = g->offset;
	size_t i = 0;
	if (g->cr_open && len) {
		/* the carriage return that ended the last feed */
		g->cr_open = false;
		if (s[0] != '\n')
			return text_fail(g, base - 1, lone_cr);
	}
	for (;;) {
		/* ASCII text passes (not inside a character, where it is no
		 * continuation byte); the line length is checked at each stop
		 * and at the end of the buffer */
		if (g->need == 0) {
			while (len - i >= 8 && printable8(s + i))
				i += 8;
			while (i < len && !text_marks[s[i]])
				i++;
		}
		uint64_t off = base + i;
		if (g->max_line && off - g->line_start > g->max_line) {
			char m[64];
			snprintf(m, sizeof(m), "a line longer than %u KiB is not accepted",
				 (unsigned)(g->max_line / 1024));
			return text_fail(g, g->line_start + g->max_line, m);
		}
		if (i == len)
			break;
		unsigned char c = s[i];
		if (g->need > 0) {
			if (c >= g->lo && c <= g->hi) {
				if (g->lead == 0xc2 && c < 0xa0) {
					/* U+0080 to U+009F: the C1 controls */
					char m[64];
					snprintf(m, sizeof(m), "a control character (U+%04X) is not accepted", c);
					g->cont = g->seq_cont;
					return text_fail(g, g->seq_off, m);
				}
				if (g->lead == 0xe2 && g->need == 2)
					g->second = c;
				else if (g->lead == 0xe2 && g->second <= 0x81 &&
					 ((g->second == 0x80 && c >= 0xaa && c <= 0xae) ||
					  (g->second == 0x81 && c >= 0xa6 && c <= 0xa9))) {
					/* U+202A to U+202E, U+2066 to U+2069 */
					return bidi_fail(g, c);
				}
				g->need--;
				g->cont++;
				g->lo = 0x80;
				g->hi = 0xbf;
				i++;
				continue;
			}
			if (!g->latin1_ok)
				return seq_fail(g, not_utf8);
			g->need = 0;
			g->latin1 = true;
		}
		if (c == '\r') {
			if (!g->cr_ok) {
				if (i + 1 == len)
					g->cr_open = true;
				else if (s[i + 1] != '\n')
					return text_fail(g, off, lone_cr);
			}
		} else if (c == '\n') {
			g->line++;
			g->line_start = off + 1;
			g->cont = 0;
			g->latin1 = false;
		} else if (c == 0) {
			return text_fail(g, off, "a NUL byte is not accepted");
		} else if (c < 0x20 || c == 0x7f) {
			char m[64];
			snprintf(m, sizeof(m), "a control character (0x%02X) is not accepted", c);
			return text_fail(g, off, m);
		} else if (c >= 0xc2 && c <= 0xf4 && !g->latin1) {
			/* the range of the first continuation byte: no overlong
			 * form, no surrogate, nothing beyond U+10FFFF */
			g->need = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
			g->seq_off = off;
			g->lead = c;
			g->seq_cont = g->cont;
			g->lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
			g->hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
		} else if (!g->latin1_ok) {
			return text_fail(g, off, not_utf8);
		} else {
			g->latin1 = true;  /* a Latin-1 byte: one character */
		}
		i++;
	}
	g->offset = base + len;
	return 0;
}

int dk_text_guard_finish(dk_text_guard *g)
{
	if (g->failed)
		return -1;
	if (g->need > 0 && !g->latin1_ok)
		return seq_fail(g, "the text is not valid UTF-8 (it ends inside a character)");
	return 0;
}

static bool is_bidi_control(uint32_t cp)
{
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

size_t dk_text_refused(const char *s, size_t len, bool lines_ok, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = u[i];
		if (c < 0x20 || c == 0x7f) {
			if (lines_ok && (c == '\t' || c == '\n'))
				continue;
			*cp = c;
			return i;
		}
		/* only two lead bytes start what is refused: 0xc2 (C1) and
		 * 0xe2 (U+2000 to U+2FFF); anything else passes */
		if (c == 0xc2 && i + 1 < len && u[i + 1] < 0xa0) {
			*cp = u[i + 1];
			return i;
		}
		if (c == 0xe2 && i + 2 < len) {
			uint32_t v = 0x2000u | ((uint32_t)(u[i + 1] & 0x3f) << 6) | (u[i + 2] & 0x3fu);
			if (is_bidi_control(v)) {
				*cp = v;
				return i;
			}
		}
	}
	return len;
}

void dk_text_refused_what(char *out, size_t size, uint32_t cp)
{
	snprintf(out, size, "a %scontrol character (U+%04X)",
		 is_bidi_control(cp) ? "bidirectional " : "", (unsigned)cp);
}

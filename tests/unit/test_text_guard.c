/*
 * test_text_guard.c - the byte screen every text reader shares (FreeDoko
 * files, rule sets): what it refuses, where it says the problem is (line
 * and column, counting characters), that the answer does not depend on
 * how the bytes are split into pieces, and what Latin-1 mode lets through.
 * Every expected position is counted by hand from the test's text.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "text_guard.h"
#include "leakcheck.h"

TestSuite(text_guard, .fini = dk_leak_check);

typedef struct result {
	int rc;
	dk_loc loc;
	char error[160];
} result;

/* feed len bytes in pieces of piece bytes (0: in one go), then the end */
static result scan(const char *s, size_t len, size_t piece, bool latin1)
{
	dk_text_guard g;
	dk_text_guard_init(&g, latin1);
	result r = { 0, { 0, 0 }, "" };
	size_t step = piece ? piece : (len ? len : 1);
	for (size_t i = 0; i < len && r.rc == 0; i += step)
		r.rc = dk_text_guard_feed(&g, s + i, len - i < step ? len - i : step);
	if (r.rc == 0)
		r.rc = dk_text_guard_finish(&g);
	if (r.rc) {
		r.loc = g.error_loc;
		memcpy(r.error, g.error, sizeof(r.error));
	}
	return r;
}

/* the same answer in one piece and in pieces of 1, 2, 3 and 7 bytes */
static void expect(const char *s, size_t len, bool latin1, int rc, uint32_t line,
		   uint32_t col, const char *msg)
{
	static const size_t pieces[] = { 0, 1, 2, 3, 7 };
	for (size_t p = 0; p < sizeof(pieces) / sizeof(pieces[0]); p++) {
		result r = scan(s, len, pieces[p], latin1);
		cr_expect_eq(r.rc, rc, "piece %zu: rc %d, want %d (%s)", pieces[p], r.rc, rc, r.error);
		if (rc && r.rc) {
			cr_expect_eq(r.loc.line, line, "piece %zu: line %u, want %u", pieces[p],
				     r.loc.line, line);
			cr_expect_eq(r.loc.col, col, "piece %zu: column %u, want %u", pieces[p],
				     r.loc.col, col);
			cr_expect_str_eq(r.error, msg, "piece %zu", pieces[p]);
		}
	}
}

#define EXPECT(lit, latin1, rc, line, col, msg) \
	expect(lit, sizeof(lit) - 1, latin1, rc, line, col, msg)

Test(text_guard, plain_text_passes)
{
	EXPECT("name: x\r\n\tbase: ddv\n", false, 0, 0, 0, "");
	EXPECT("Schäfer ♥10 𝄞\n", false, 0, 0, 0, "");
	EXPECT("", false, 0, 0, 0, "");
}

/* a carriage return ends a line with a line feed after it, or as the last
 * byte; inside a line ("Anna\rMallory" shows as "Mallory") and as the line
 * end of old Mac files it is refused, wherever the pieces are cut */
Test(text_guard, carriage_return_alone)
{
	static const char cr[] = "a carriage return that does not end a line is not accepted "
				 "(a line ends in a line feed, or in a carriage return and a line feed)";
	EXPECT("players: Anna\r\nBen\r\n", false, 0, 0, 0, "");
	EXPECT("last line\r", false, 0, 0, 0, "");
	EXPECT("players: Anna\rMallory, Ben\n", false, -1, 1, 14, cr);
	EXPECT("one\ntwo\rthree\rfour\r", false, -1, 2, 4, cr);
	EXPECT("\xc3\xa4\r\r\n", true, -1, 1, 2, cr);
	dk_text_guard g;
	dk_text_guard_init(&g, false);
	g.cr_ok = true;  /* as in XML */
	cr_expect_eq(dk_text_guard_feed(&g, "a\rb\r", 4), 0);
	cr_expect_eq(dk_text_guard_feed(&g, "c", 1), 0);
	cr_expect_eq(dk_text_guard_finish(&g), 0);
}

Test(text_guard, nul_and_control_characters)
{
	/* line 2: "ab" then NUL: column 3 */
	EXPECT("first\nab\0cd\n", false, -1, 2, 3, "a NUL byte is not accepted");
	/* "ä" is one character: the ESC is column 3 of line 1 */
	EXPECT("\xc3\xa4" "b\x1b[0m\n", false, -1, 1, 3,
	       "a control character (0x1B) is not accepted");
	EXPECT("x\x0c", true, -1, 1, 2, "a control character (0x0C) is not accepted");
	EXPECT("ab\x7f", false, -1, 1, 3, "a control character (0x7F) is not accepted");
	/* U+0085 (NEL) written in UTF-8, after "é" */
	EXPECT("\xc3\xa9\xc2\x85", false, -1, 1, 2, "a control character (U+0085) is not accepted");
	/* U+00A0 (no-break space) is text */
	EXPECT("a\xc2\xa0" "b", false, 0, 0, 0, "");
}

Test(text_guard, invalid_utf8)
{
	EXPECT("ok\nab\xff\n", false, -1, 2, 3, "the text is not valid UTF-8");
	/* overlong "/" (C0 AF), a surrogate (ED A0 80), beyond U+10FFFF (F4 90) */
	EXPECT("\xc0\xaf", false, -1, 1, 1, "the text is not valid UTF-8");
	EXPECT("a\xed\xa0\x80", false, -1, 1, 2, "the text is not valid UTF-8");
	EXPECT("\xf4\x90\x80\x80", false, -1, 1, 1, "the text is not valid UTF-8");
	EXPECT("\xe0\x80\x80", false, -1, 1, 1, "the text is not valid UTF-8");
	/* a sequence cut by a new line, or by the end */
	EXPECT("a\xc3\nb", false, -1, 1, 2, "the text is not valid UTF-8");
	EXPECT("ab\xe2\x99", false, -1, 1, 3,
	       "the text is not valid UTF-8 (it ends inside a character)");
	/* a sequence cut by ASCII text (found by fuzz_doko_reader: "♣" with
	 * a "#" after its first byte) */
	EXPECT("a\xe2#\x99\xa3", false, -1, 1, 2, "the text is not valid UTF-8");
	EXPECT("x\n\xc3" "a", false, -1, 2, 1, "the text is not valid UTF-8");
	EXPECT("\xf0\x9d\x84z", false, -1, 1, 1, "the text is not valid UTF-8");
}

Test(text_guard, latin1_mode)
{
	/* "Schäfer" in Latin-1, and stray continuation bytes: accepted */
	EXPECT("Sch\xe4" "fer\n\x80\xbf\n", true, 0, 0, 0, "");
	/* a lead byte followed by ASCII: Latin-1 too ("Schäfer", "Jürgen") */
	EXPECT("Sch\xe4" "fer J\xfc" "rgen\n", true, 0, 0, 0, "");
	/* but a NUL after it is still refused, at its character column */
	EXPECT("Sch\xe4" "f\0", true, -1, 1, 6, "a NUL byte is not accepted");
}

Test(text_guard, line_length)
{
	size_t n = DK_TEXT_MAX_LINE;
	char *s = malloc(2 * n + 4);
	cr_assert_not_null(s);
	/* exactly the limit, twice, each ended by its newline: fine */
	memset(s, 'x', n);
	s[n] = '\n';
	memset(s + n + 1, 'y', n);
	s[2 * n + 1] = '\n';
	expect(s, 2 * n + 2, false, 0, 0, 0, "");
	/* one byte more on line 2: refused at the first byte past the limit */
	s[2 * n + 1] = 'y';
	s[2 * n + 2] = '\n';
	expect(s, 2 * n + 3, false, -1, 2, (uint32_t)n + 1,
	       "a line longer than 64 KiB is not accepted");
	free(s);
}

Test(text_guard, bidirectional_controls)
{
	/* U+202E (RLO) after "é": the character's column; every piece size
	 * splits it somewhere */
	EXPECT("ok\n\xc3\xa9" "a\xe2\x80\xae" "b\n", false, -1, 2, 3,
	       "a bidirectional control character (U+202E) is not accepted");
	EXPECT("\xe2\x80\xaa", false, -1, 1, 1,
	       "a bidirectional control character (U+202A) is not accepted");
	EXPECT("x\xe2\x81\xa6", true, -1, 1, 2,
	       "a bidirectional control character (U+2066) is not accepted");
	EXPECT("xy\xe2\x81\xa9", false, -1, 1, 3,
	       "a bidirectional control character (U+2069) is not accepted");
	/* their neighbours are text: U+2029, U+202F (narrow no-break space),
	 * U+2065, U+206A; and the marks U+200E/U+200F, ZWNJ and ZWJ that
	 * names in Persian or Indic scripts need */
	EXPECT("\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa", false, 0, 0, 0, "");
	EXPECT("\xe2\x80\x8e\xe2\x80\x8f\xe2\x80\x8c\xe2\x80\x8d", false, 0, 0, 0, "");
	/* an arrow (E2 86 92) after a refused byte pair's first byte */
	EXPECT("\xe2\x86\x92\xe2\x80\x94", false, 0, 0, 0, "");
}

/* what a reader's escapes wrote: dk_text_refused on text already decoded */
Test(text_guard, refused_after_escapes)
{
	uint32_t cp = 0;
	char what[64];
	const char *s = "Anna \xc3\xa4 \xe2\x99\xa5";
	cr_expect_eq(dk_text_refused(s, strlen(s), false, &cp), strlen(s));
	s = "a\tb\nc";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), strlen(s));
	cr_expect_eq(dk_text_refused(s, strlen(s), false, &cp), 1);
	cr_expect_eq(cp, 0x09);
	s = "ab\rc";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), 2);
	cr_expect_eq(cp, 0x0d);
	s = "x\x1b[31m";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), 1);
	cr_expect_eq(cp, 0x1b);
	s = "\xc3\xa4\xc2\x9b" "2J";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), 2);
	cr_expect_eq(cp, 0x9b);
	dk_text_refused_what(what, sizeof(what), cp);
	cr_expect_str_eq(what, "a control character (U+009B)");
	s = "ab\x7f";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), 2);
	cr_expect_eq(cp, 0x7f);
	s = "n\xe2\x80\x8c" "a\xe2\x81\xa8";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), 5);
	cr_expect_eq(cp, 0x2068);
	dk_text_refused_what(what, sizeof(what), cp);
	cr_expect_str_eq(what, "a bidirectional control character (U+2068)");
	/* U+00A0 and U+202F pass */
	s = "a\xc2\xa0" "b\xe2\x80\xaf";
	cr_expect_eq(dk_text_refused(s, strlen(s), true, &cp), strlen(s));
}

/* printable ASCII passes eight bytes at a time: what stops that is found
 * at every offset of a word, and tab, carriage return and UTF-8 still pass */
Test(text_guard, found_at_every_offset)
{
	for (size_t pos = 0; pos < 20; pos++) {
		char s[40];
		memset(s, 'a', sizeof(s));
		s[pos] = '\x1b';
		expect(s, 30, false, -1, 1, (uint32_t)pos + 1,
		       "a control character (0x1B) is not accepted");
		s[pos] = '\x7f';
		expect(s, 30, false, -1, 1, (uint32_t)pos + 1,
		       "a control character (0x7F) is not accepted");
		s[pos] = '\x1f';
		expect(s, 30, true, -1, 1, (uint32_t)pos + 1,
		       "a control character (0x1F) is not accepted");
		s[pos] = '~';
		s[pos + 1] = ' ';
		s[pos + 2] = '\t';
		s[pos + 3] = '\r';
		s[pos + 4] = '\n';
		expect(s, 30, false, 0, 0, 0, "");
		s[pos + 3] = '\t';
		s[pos + 4] = 'a';
		memcpy(s + pos, "\xe2\x80\xae", 3);  /* U+202E */
		expect(s, 30, false, -1, 1, (uint32_t)pos + 1,
		       "a bidirectional control character (U+202E) is not accepted");
		memcpy(s + pos, "\xc3\xa4\n", 3);    /* "ä", then line 2 */
		expect(s, 30, false, 0, 0, 0, "");
		s[pos + 5] = '\x01';
		expect(s, 30, false, -1, 2, 3, "a control character (0x01) is not accepted");
	}
}

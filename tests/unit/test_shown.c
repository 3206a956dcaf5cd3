/*
 * test_shown.c - a file name as text output shows it (src/core/shown.h):
 * a clean name is the same pointer, nothing made; each control character
 * (C0, DEL, C1), each bidirectional control and zero-width character, and
 * each byte that is no UTF-8 becomes '?'; valid UTF-8 stays as it is.
 * And dk_utf8_len, the UTF-8 check it shares with the JSON writers.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "shown.h"
#include "leakcheck.h"

TestSuite(shown, .fini = dk_leak_check);

/* s as shown must be want, in a copy of its own */
static void shows_as(const char *s, const char *want)
{
	char *keep = (char *)"not set";
	const char *got = dk_shown(s, &keep);
	cr_assert_str_eq(got, want, "'%s' shown as '%s', not '%s'", s, got, want);
	cr_assert_not_null(keep, "a copy made, but not handed over to free");
	cr_assert_eq(got, keep);
	free(keep);
}

/* s as it is: the same pointer, nothing to free */
static void shows_itself(const char *s)
{
	char *keep = (char *)"not set";
	const char *got = dk_shown(s, &keep);
	cr_assert_eq(got, s, "'%s' copied though it is clean", s);
	cr_assert_null(keep);
}

Test(shown, clean_is_the_same_pointer)
{
	shows_itself("");
	shows_itself("normal-ddv.xml");
	shows_itself("./archive/2026/Spielabend 03.xml.gz");
	shows_itself("~$%&'()*+,-.:;<=>?@[\\]^_`{|}");
}

Test(shown, null_is_null)
{
	char *keep = (char *)"not set";
	cr_assert_null(dk_shown(NULL, &keep));
	cr_assert_null(keep);
}

Test(shown, valid_multibyte_kept)
{
	shows_itself("Spielabend-K\xc3\xb6ln.xml");                /* ö, 2 bytes */
	shows_itself("\xe2\x99\xa5" "10.xml");                      /* ♥, 3 bytes */
	shows_itself("\xf0\x9f\x83\x8f.xml");                      /* U+1F0CF, 4 bytes */
	shows_itself("\xc2\xa0nbsp");                               /* U+00A0, after C1 */
	shows_itself("\xef\xbf\xbd");                               /* U+FFFD */
	shows_itself("\xf4\x8f\xbf\xbf");                           /* U+10FFFF */
}

Test(shown, c0_controls)
{
	shows_as("a\033[31mred.xml", "a?[31mred.xml");
	shows_as("two\nlines.xml", "two?lines.xml");
	shows_as("tab\there", "tab?here");
	shows_as("\r\x01\x1f", "???");
}

Test(shown, del)
{
	shows_as("a\x7f" "b", "a?b");
}

Test(shown, c1_pair_is_one_question_mark)
{
	shows_as("a\xc2\x9b" "31mred", "a?31mred");    /* CSI written in UTF-8 */
	shows_as("\xc2\x80\xc2\x9f", "??");
	/* the umlaut after it is kept */
	shows_as("\xc2\x85K\xc3\xb6ln", "?K\xc3\xb6ln");
}

Test(shown, lone_8bit_csi)
{
	shows_as("a\x9b" "31mred.xml", "a?31mred.xml");
	shows_as("\x9b", "?");
}

Test(shown, not_utf8)
{
	shows_as("K\xf6ln.xml", "K?ln.xml");                /* Latin-1 ö */
	shows_as("\xc0\xaf", "??");                         /* overlong '/' */
	shows_as("\xe0\x80\xaf", "???");                    /* overlong, 3 bytes */
	shows_as("\xed\xa0\x80", "???");                    /* a surrogate */
	shows_as("\xf4\x90\x80\x80", "????");               /* beyond U+10FFFF */
	shows_as("\xf8\x88\x80\x80\x80", "?????");          /* 5 bytes: never UTF-8 */
	shows_as("\xfe\xff", "??");
}

Test(shown, truncated_at_end)
{
	shows_as("K\xc3", "K?");
	shows_as("\xe2\x99", "??");
	shows_as("x\xf0\x9f\x83", "x???");
	/* cut short by the next character, not by the end */
	shows_as("\xe2\x99" "a", "??a");
}

Test(shown, shown_again_is_itself)
{
	char *keep;
	const char *once = dk_shown("a\033b\x9b\xc3\xb6", &keep);
	cr_assert_str_eq(once, "a?b?\xc3\xb6");
	shows_itself(once);
	free(keep);
}

/* the bidirectional controls: one '?' each, for their two or three bytes */
Test(shown, bidi_controls)
{
	/* "game" RLO "lmx.exe": displayed as "gameexe.xml" */
	shows_as("game\xe2\x80\xaelmx.exe", "game?lmx.exe");
	shows_as("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad\xe2\x80\xae", "?????");
	shows_as("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9", "????");  /* U+2066-9 */
	shows_as("a\xe2\x80\x8e" "b\xe2\x80\x8f" "c", "a?b?c");              /* LRM, RLM */
	shows_as("\xd8\x9c" "x", "?x");                                      /* U+061C */
}

Test(shown, zero_width)
{
	shows_as("ga\xe2\x80\x8bme.xml", "ga?me.xml");                       /* U+200B */
	shows_as("\xe2\x80\x8c\xe2\x80\x8d", "??");                          /* ZWNJ, ZWJ */
	shows_as("a\xe2\x81\xa0" "b", "a?b");                                /* U+2060 */
	shows_as("\xef\xbb\xbfgame.xml", "?game.xml");                       /* BOM */
}

/* characters that show as nothing or as a blank, so that a name looks
 * like another: one '?' each */
Test(shown, blank_looking)
{
	shows_as("Anna\xc2\xad", "Anna?");                                 /* U+00AD */
	shows_as("a\xcd\x8f" "b", "a?b");                                  /* U+034F */
	shows_as("\xe1\x85\x9f\xe1\x85\xa0\xe1\xa0\x8e", "???");         /* U+115F, 1160, 180E */
	shows_as("a\xe2\x80\xa8" "b\xe2\x80\xa9", "a?b?");                 /* U+2028, 2029 */
	shows_as("\xe2\x81\xa1\xe2\x81\xa2\xe2\x81\xa3\xe2\x81\xa4", "????"); /* U+2061-4 */
	shows_as("\xe3\x85\xa4\xef\xbe\xa0", "??");                        /* U+3164, FFA0 */
	shows_as("\xef\xbf\xb9\xef\xbf\xba\xef\xbf\xbb", "???");         /* U+FFF9-B */
}

/* the neighbours of those characters are shown as they are */
Test(shown, invisible_neighbours_kept)
{
	shows_itself("\xd8\x9b\xd8\x9d");                       /* U+061B, U+061D */
	shows_itself("\xe2\x80\x8a\xe2\x80\x90");               /* U+200A, U+2010 */
	shows_itself("\xe2\x80\xa7\xe2\x80\xaf");               /* U+2027, U+202F */
	shows_itself("\xe2\x81\x9f\xe2\x81\xa5\xe2\x81\xaa");   /* U+205F, 2065, 206A */
	shows_itself("\xef\xbb\xbe\xef\xbc\x81");               /* U+FEFE, U+FF01 */
	shows_itself("\xc2\xac\xc2\xae\xcd\x8e\xcd\x90");       /* U+00AC, 00AE, 034E, 0350 */
	shows_itself("\xe1\x85\x9e\xe1\x85\xa1\xe1\xa0\x8d");   /* U+115E, 1161, 180D */
	shows_itself("\xe3\x85\xa3\xef\xbe\x9f\xef\xbf\xbc");   /* U+3163, FF9F, FFFC */
	shows_itself("\xef\xbf\xb8\xef\xbe\xa1");               /* U+FFF8, FFA1 */
	shows_itself("\xe2\x82\xac");                           /* U+20AC, the euro sign */
}

Test(shown, mixed_in_one_name)
{
	shows_as("K\xc3\xb6ln\xe2\x80\xae\033\x9b\xe2\x99\xa5", "K\xc3\xb6ln???\xe2\x99\xa5");
}

Test(shown, utf8_len)
{
	cr_assert_eq(dk_utf8_len(""), 0);
	cr_assert_eq(dk_utf8_len("a"), 1);
	cr_assert_eq(dk_utf8_len("\033"), 1);               /* a control is ASCII */
	cr_assert_eq(dk_utf8_len("\xc3\xb6"), 2);
	cr_assert_eq(dk_utf8_len("\xc2\x9b"), 2);           /* C1: UTF-8, though no name shows it */
	cr_assert_eq(dk_utf8_len("\xe2\x80\xae"), 3);       /* RLO, likewise */
	cr_assert_eq(dk_utf8_len("\xf0\x9f\x83\x8f"), 4);
	cr_assert_eq(dk_utf8_len("\xf4\x8f\xbf\xbf"), 4);   /* U+10FFFF */
	cr_assert_eq(dk_utf8_len("\x9b"), 0);
	cr_assert_eq(dk_utf8_len("\xc0\xaf"), 0);           /* overlong */
	cr_assert_eq(dk_utf8_len("\xc1\xbf"), 0);
	cr_assert_eq(dk_utf8_len("\xe0\x9f\xbf"), 0);       /* overlong */
	cr_assert_eq(dk_utf8_len("\xe0\xa0\x80"), 3);       /* U+0800, the first */
	cr_assert_eq(dk_utf8_len("\xed\xa0\x80"), 0);       /* surrogate */
	cr_assert_eq(dk_utf8_len("\xed\x9f\xbf"), 3);       /* U+D7FF */
	cr_assert_eq(dk_utf8_len("\xf0\x8f\xbf\xbf"), 0);   /* overlong */
	cr_assert_eq(dk_utf8_len("\xf4\x90\x80\x80"), 0);   /* beyond U+10FFFF */
	cr_assert_eq(dk_utf8_len("\xf5\x80\x80\x80"), 0);
	cr_assert_eq(dk_utf8_len("\xe2\x99"), 0);           /* cut short by the end */
	cr_assert_eq(dk_utf8_len("\xe2\x99" "a"), 0);       /* cut short by 'a' */
	cr_assert_eq(dk_utf8_len("\xf0\x9f\x83"), 0);
}

/* a cut that would end inside a character ends before it */
Test(shown, utf8_cut)
{
	const char *s = "a\xc3\xa4\xe2\x99\xa5\xf0\x9f\x82\xa1";  /* a ä ♥ 🂡: 1+2+3+4 bytes */
	static const size_t want[] = { 0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10 };
	for (size_t n = 0; n <= 10; n++)
		cr_expect_eq(dk_utf8_cut(s, n), want[n], "n %zu: %zu, want %zu", n,
			     dk_utf8_cut(s, n), want[n]);
	/* bytes that are no UTF-8 stay: a stray continuation byte, 0xff */
	cr_expect_eq(dk_utf8_cut("ab\x80\x80\x80\x80", 6), 6);
	cr_expect_eq(dk_utf8_cut("ab\xff", 3), 3);
}

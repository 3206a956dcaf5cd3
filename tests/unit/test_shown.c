/*
 * test_shown.c - a file name as text output shows it (src/report/shown.h):
 * a clean name is the same pointer, nothing made; each control character
 * (C0, DEL, C1) and each byte that is no UTF-8 becomes '?'; valid UTF-8
 * stays as it is.
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

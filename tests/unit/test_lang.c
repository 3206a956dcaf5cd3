/*
 * test_lang.c - the message catalogue (src/words/lang.c): every message in
 * English and German, both taking the same printf conversions in the same
 * order; the language chosen from the locale variables as gettext would;
 * and `dokoref check --lang de` over every checked record saying the same
 * as the English in as many lines, with the same exit status.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lang.h"
#include "leakcheck.h"

TestSuite(lang, .fini = dk_leak_check);

/*
 * The conversions of printf format fmt, one token each, in order, into out:
 * a '*' for each width or precision taken from the arguments, the length
 * modifier and the conversion ("d", "zu", "ld", "s" ...).  Flags, widths and
 * precisions written in the format do not change the arguments and are left
 * out.  False, with the reason in why, for a format that cannot be trusted:
 * a '%' at the end, an unknown conversion, %n, or a numbered argument ($).
 */
static bool conversions(const char *fmt, char *out, size_t cap, char *why, size_t wcap)
{
	size_t n = 0;
	out[0] = '\0';
	for (const char *p = fmt; *p; p++) {
		if (*p != '%')
			continue;
		p++;
		if (*p == '%')
			continue;
		char tok[16];
		size_t t = 0;
		while (*p && strchr("-+ #0'", *p))
			p++;
		for (int part = 0; part < 2; part++) {   /* width, then .precision */
			if (part == 1) {
				if (*p != '.')
					break;
				p++;
			}
			if (*p == '*') {
				tok[t++] = '*';
				p++;
			}
			while (*p >= '0' && *p <= '9')
				p++;
			if (*p == '$') {
				snprintf(why, wcap, "numbered argument in \"%s\"", fmt);
				return false;
			}
		}
		while (*p && strchr("hljztL", *p) && t < sizeof(tok) - 2)
			tok[t++] = *p++;
		if (!*p || !strchr("diouxXeEfFgGaAcspn", *p)) {
			snprintf(why, wcap, "bad conversion in \"%s\"", fmt);
			return false;
		}
		if (*p == 'n') {
			snprintf(why, wcap, "%%n in \"%s\"", fmt);
			return false;
		}
		tok[t++] = *p;
		tok[t] = '\0';
		int w = snprintf(out + n, cap - n, "%s%s", n ? " " : "", tok);
		if (w < 0 || (size_t)w >= cap - n) {
			snprintf(why, wcap, "too many conversions in \"%s\"", fmt);
			return false;
		}
		n += (size_t)w;
	}
	return true;
}

Test(lang, conversion_parser)
{
	char out[128], why[256];
	cr_assert(conversions("%s said \"%s\" %d%% at %+ld, %-38s %*d %.3f %zu", out,
			      sizeof(out), why, sizeof(why)));
	cr_expect_str_eq(out, "s s d ld s *d f zu");
	cr_expect_not(conversions("%2$s", out, sizeof(out), why, sizeof(why)));
	cr_expect_not(conversions("%n", out, sizeof(out), why, sizeof(why)));
	cr_expect_not(conversions("100%", out, sizeof(out), why, sizeof(why)));
	cr_expect_not(conversions("%y", out, sizeof(out), why, sizeof(why)));
}

/* s is well-formed UTF-8 */
static bool utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		int more = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2
			 : (*p & 0xF8) == 0xF0 ? 3 : -1;
		if (more < 0)
			return false;
		p++;
		for (int i = 0; i < more; i++, p++)
			if ((*p & 0xC0) != 0x80)
				return false;
	}
	return true;
}

Test(lang, every_message_in_both_languages)
{
	size_t gaps = 0;
	for (int id = 0; id < DK_MSG_COUNT; id++)
		for (int l = 0; l < DK_LANG_COUNT; l++) {
			const char *s = dk_msg_format((dk_lang)l, (dk_msg)id);
			if (!s || !*s) {
				cr_log_error("message %d has no %s text", id, dk_lang_name((dk_lang)l));
				gaps++;
			} else if (!utf8_ok(s)) {
				cr_log_error("message %d (%s) is not UTF-8", id, dk_lang_name((dk_lang)l));
				gaps++;
			}
		}
	cr_expect_eq(gaps, 0, "%zu gaps in the catalogue of %d messages", gaps, DK_MSG_COUNT);
	cr_expect_null(dk_msg_format(DK_LANG_EN, DK_MSG_COUNT));
	cr_expect_null(dk_msg_format(DK_LANG_COUNT, DK_MSG_CALL_RE));
}

Test(lang, same_conversions_in_the_same_order)
{
	size_t bad = 0;
	for (int id = 0; id < DK_MSG_COUNT; id++) {
		const char *en = dk_msg_format(DK_LANG_EN, (dk_msg)id);
		char want[256], why[512];
		if (!en)
			continue;
		if (!conversions(en, want, sizeof(want), why, sizeof(why))) {
			cr_log_error("message %d, en: %s", id, why);
			bad++;
			continue;
		}
		for (int l = 1; l < DK_LANG_COUNT; l++) {
			const char *s = dk_msg_format((dk_lang)l, (dk_msg)id);
			char got[256];
			if (!s)
				continue;
			if (!conversions(s, got, sizeof(got), why, sizeof(why))) {
				cr_log_error("message %d, %s: %s", id, dk_lang_name((dk_lang)l), why);
				bad++;
			} else if (strcmp(got, want) != 0) {
				cr_log_error("message %d: en \"%s\" takes [%s], %s \"%s\" takes [%s]", id,
					     en, want, dk_lang_name((dk_lang)l), s, got);
				bad++;
			}
		}
	}
	cr_expect_eq(bad, 0, "%zu messages whose translations take other arguments", bad);
}

/* the score items fit their column of 38 characters with the longest
 * words they are given ("Kontra", "keine 90", "120") */
Test(lang, score_items_fit_their_column)
{
	for (int id = DK_MSG_SI_WON; id <= DK_MSG_SI_FOX_LAST_TRICK_BOTH; id++)
		for (int l = 0; l < DK_LANG_COUNT; l++) {
			char conv[64], why[256];
			const char *fmt = dk_msg_format((dk_lang)l, (dk_msg)id);
			cr_assert(conversions(fmt, conv, sizeof(conv), why, sizeof(why)), "%s", why);
			cr_assert(strspn(conv, "s ") == strlen(conv), "%s: only %%s expected", fmt);
			dk_buf b;
			dk_buf_init(&b);
			dk_say(&b, (dk_lang)l, (dk_msg)id, "keine 90", "Kontra");
			size_t width = 0;
			for (const char *p = b.data; *p; p++)
				width += ((unsigned char)*p & 0xC0) != 0x80;
			cr_expect_leq(width, 38, "\"%s\" is %zu characters wide", b.data, width);
			dk_buf_release(&b);
		}
}

Test(lang, say_formats_and_plural)
{
	dk_buf b;
	dk_buf_init(&b);
	dk_say(&b, DK_LANG_DE, dk_msg_n(1, DK_MSG_CK_GAMES_ONE, DK_MSG_CK_GAMES_MANY), (size_t)1);
	cr_expect_str_eq(b.data, "1 Spiel");
	dk_buf_clear(&b);
	dk_say(&b, DK_LANG_DE, dk_msg_n(3, DK_MSG_CK_GAMES_ONE, DK_MSG_CK_GAMES_MANY), (size_t)3);
	cr_expect_str_eq(b.data, "3 Spiele");
	dk_buf_clear(&b);
	dk_say(&b, DK_LANG_EN, dk_msg_n(0, DK_MSG_CK_GAMES_ONE, DK_MSG_CK_GAMES_MANY), (size_t)0);
	cr_expect_str_eq(b.data, "0 games");
	dk_buf_release(&b);
	cr_expect_str_eq(dk_msg_text(DK_LANG_DE, DK_MSG_SI_FOX), "Fuchs gefangen");
	cr_expect_str_eq(dk_msg_text(DK_LANG_EN, DK_MSG_SI_FOX), "Fox (Fuchs) caught");
	cr_expect_str_eq(dk_msg_text(DK_LANG_EN, DK_MSG_SI_AGAINST_OLD),
			 "against the Queens (gegen die Alten)");
}

Test(lang, parse)
{
	dk_lang l = DK_LANG_COUNT;
	cr_expect(dk_lang_parse("de", &l));
	cr_expect_eq(l, DK_LANG_DE);
	cr_expect(dk_lang_parse("en", &l));
	cr_expect_eq(l, DK_LANG_EN);
	cr_expect_not(dk_lang_parse("DE", &l));
	cr_expect_not(dk_lang_parse("de_DE", &l));
	cr_expect_not(dk_lang_parse("", &l));
	cr_expect_eq(l, DK_LANG_EN, "a refused value leaves the language alone");
}

Test(lang, from_locale_variables)
{
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, NULL), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "de_DE.UTF-8"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "de"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "de_AT@euro"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "en_GB.UTF-8"), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "C"), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "POSIX"), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale(NULL, NULL, "fr_FR"), DK_LANG_EN);
	/* LC_ALL over LC_MESSAGES over LANG; an empty one counts as unset */
	cr_expect_eq(dk_lang_from_locale("C", "de_DE", "de_DE"), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale("de_CH", "en_US", "en_US"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale(NULL, "de_DE", "en_US"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale(NULL, "C", "de_DE"), DK_LANG_EN);
	cr_expect_eq(dk_lang_from_locale("", "", "de_DE"), DK_LANG_DE);
	cr_expect_eq(dk_lang_from_locale("", "de_DE", "C"), DK_LANG_DE);
}

/* restore a variable of the environment after a test changed it */
static void put_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

Test(lang, from_environment)
{
	static const char *const names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	char *saved[3];
	for (int i = 0; i < 3; i++) {
		const char *v = getenv(names[i]);
		saved[i] = v ? strdup(v) : NULL;
		unsetenv(names[i]);
	}
	cr_expect_eq(dk_lang_from_env(), DK_LANG_EN);
	setenv("LANG", "de_DE.UTF-8", 1);
	cr_expect_eq(dk_lang_from_env(), DK_LANG_DE);
	setenv("LC_MESSAGES", "en_US.UTF-8", 1);
	cr_expect_eq(dk_lang_from_env(), DK_LANG_EN);
	setenv("LC_ALL", "de_DE.UTF-8", 1);
	cr_expect_eq(dk_lang_from_env(), DK_LANG_DE);
	setenv("LC_ALL", "", 1);
	cr_expect_eq(dk_lang_from_env(), DK_LANG_EN);
	for (int i = 0; i < 3; i++) {
		put_env(names[i], saved[i]);
		free(saved[i]);
	}
}

/* ---- dokoref check in both languages --------------------------------- */

/* run `dokoref check --lang LANG FILE`: its exit status, its output in *out */
static int check_in(const char *lang, const char *file, char **out)
{
	/* not wrapped, so that both languages have the same lines */
	char *argv[] = { "dokoref", "check", "--width", "0", "--lang", (char *)lang, (char *)file,
			 NULL };
	size_t len = 0;
	FILE *o = open_memstream(out, &len);
	FILE *e = fopen("/dev/null", "w");
	dk_cli cli = { o, e, false, false, 0, 0 };
	int rc = dk_cli_main(&cli, 7, argv);
	fclose(o);
	fclose(e);
	return rc;
}

static size_t lines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* every record of dir: the German output has the lines of the English one,
 * the same exit status, no "(null)", and is not the English text */
static size_t both_languages(const char *dir, size_t *failed)
{
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "cannot open %s", dir);
	struct dirent *ent;
	size_t n = 0;
	while ((ent = readdir(d))) {
		size_t len = strlen(ent->d_name);
		if (len < 5 || strcmp(ent->d_name + len - 4, ".xml") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof(path), "%s/%s", dir, ent->d_name);
		char *en = NULL, *de = NULL;
		int rc_en = check_in("en", path, &en);
		int rc_de = check_in("de", path, &de);
		n++;
		if (rc_en != rc_de || lines(en) != lines(de) || strstr(de, "(null)") ||
		    strcmp(en, de) == 0 || !strstr(de, ", Spiel 1: ")) {
			cr_log_error("%s: exit %d in English, %d in German:\n%s\n%s", path, rc_en,
				     rc_de, en, de);
			(*failed)++;
		}
		free(en);
		free(de);
	}
	closedir(d);
	return n;
}

Test(lang, check_in_both_languages)
{
	cr_assert_eq(chdir(DK_SOURCE_ROOT), 0, "cannot enter the source root");
	setenv("NO_COLOR", "1", 1);
	dk_xml_global_init();
	size_t failed = 0, n = 0;
	static const char *const dirs[] = {
		"samples", "tests/check/legal", "tests/check/findings", "tests/check/examples",
		"tests/check/disputes",
	};
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		n += both_languages(dirs[i], &failed);
	cr_expect_geq(n, 200, "only %zu records", n);
	cr_expect_eq(failed, 0, "%zu of %zu records differ between the languages", failed, n);
}

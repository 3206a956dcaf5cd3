/*
 * test_ruleset.c - the YAML rule set loader and the shipped rule sets.
 *
 * The shipped sets are checked value by value against RULES.md.  Broken
 * files live in tests/ruleset/bad/: each states the diagnostics it must
 * produce, in full and with positions, either in leading "# expect: " lines
 * or, when there are several or the file cannot hold a comment, in a file
 * of the same name ending in ".expected" (one diagnostic per line).  In
 * both, "@SRC@" stands for the source tree.  A diagnostic is written as
 * "<base name of file>:line:col: severity: message" ("file: severity:
 * message" without a position).  All fixtures run inside one test.
 *
 * Needs -DDK_SOURCE_ROOT="<source tree>" to find rulesets/ and tests/.
 */
#define _XOPEN_SOURCE 700  /* mkdtemp, setenv */

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ruleset.h"
#include "leakcheck.h"

TestSuite(ruleset, .fini = dk_leak_check);

#ifndef DK_SOURCE_ROOT
#error "DK_SOURCE_ROOT must name the source tree"
#endif

#define RULESETS DK_SOURCE_ROOT "/rulesets"
#define FIXTURES DK_SOURCE_ROOT "/tests/ruleset"

static const char *const shipped_dirs[] = { RULESETS, NULL };

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */

static char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static char *xasprintf(const char *fmt, ...)
{
	va_list ap, ap2;
	int n;
	char *s;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	s = dk_xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Every diagnostic, one per line, as the fixtures write them. */
static char *render(const dk_diag *d)
{
	char *out = dk_xstrdup("");

	for (size_t i = 0; i < d->count; i++) {
		const dk_diag_item *it = &d->items[i];
		const char *sev = it->severity == DK_SEV_ERROR ? "error" : "warning";
		char *line, *joined;

		if (!it->file)
			line = xasprintf("%s: %s", sev, it->message);
		else if (it->loc.line == 0)
			line = xasprintf("%s: %s: %s", base_of(it->file), sev,
					 it->message);
		else
			line = xasprintf("%s:%u:%u: %s: %s", base_of(it->file),
					 (unsigned)it->loc.line,
					 (unsigned)it->loc.col, sev, it->message);
		joined = xasprintf("%s%s\n", out, line);
		free(line);
		free(out);
		out = joined;
	}
	return out;
}

/* The whole file, NUL-terminated; NULL if it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = dk_xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void spit(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert(f, "cannot write %s", path);
	cr_assert_eq(fwrite(data, 1, len, f), len);
	fclose(f);
}

/* s with every "@SRC@" replaced by the source tree. */
static char *expand(const char *s)
{
	char *out = dk_xstrdup("");
	const char *at;

	while ((at = strstr(s, "@SRC@")) != NULL) {
		char *next = xasprintf("%s%.*s%s", out, (int)(at - s), s,
				       DK_SOURCE_ROOT);
		free(out);
		out = next;
		s = at + 5;
	}
	char *result = xasprintf("%s%s", out, s);
	free(out);
	return result;
}

/* The expected diagnostics of a fixture, or NULL if it states none. */
static char *expected_of(const char *yaml_path)
{
	size_t n = strlen(yaml_path);
	char *exp_path = xasprintf("%.*s.expected", (int)(n - 5), yaml_path);
	char *text = slurp(exp_path, NULL);
	char *out, *result;

	free(exp_path);
	if (text) {
		result = expand(text);
		free(text);
		return result;
	}
	text = slurp(yaml_path, NULL);
	if (!text)
		return NULL;
	out = dk_xstrdup("");
	for (const char *line = text; strncmp(line, "# expect: ", 10) == 0;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char *next = xasprintf("%s%.*s\n", out, (int)(len - 10), line + 10);
		free(out);
		out = next;
		if (!end)
			break;
		line = end + 1;
	}
	free(text);
	if (!*out) {
		free(out);
		return NULL;
	}
	result = expand(out);
	free(out);
	return result;
}

static const char *str_or_null(const char *s)
{
	return s ? s : "(null)";
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Load, expecting success without any diagnostic. */
static void load_ok(dk_ruleset *rs, const char *name_or_path,
		    const char *const *dirs)
{
	dk_diag d;
	char *text;
	int rc;

	dk_diag_init(&d);
	rc = dk_ruleset_load(rs, name_or_path, dirs, &d);
	text = render(&d);
	cr_assert_eq(rc, 0, "loading %s failed:\n%s", name_or_path, text);
	cr_assert_eq(d.count, 0, "loading %s said:\n%s", name_or_path, text);
	free(text);
	dk_diag_release(&d);
}

/* ------------------------------------------------------------------ */
/* the shipped rule sets                                               */
/* ------------------------------------------------------------------ */

Test(ruleset, ddv)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, "ddv", shipped_dirs);
	cr_expect_str_eq(r->name, "ddv");
	cr_expect_null(r->base);
	cr_expect_not_null(r->title);
	cr_expect_str_eq(r->document, "ddv/TSR-2026-02-21.txt");
	cr_expect_str_eq(r->file, RULESETS "/ddv.yaml");

	cr_expect(r->deck_nines);
	cr_expect_eq(dk_rules_hand_size(r), 12);
	cr_expect_eq(r->heart10_tie, DK_TIE_FIRST_WINS);

	const dk_rule_source *s[] = { &r->deck_nines_src, &r->heart10_tie_src };
	const char *cite[] = { "TSR 2.2.1: ", "TSR 5.3.3: " };
	for (size_t i = 0; i < 2; i++) {
		cr_expect_not_null(s[i]->cite);
		cr_expect(s[i]->cite && strncmp(s[i]->cite, cite[i], 11) == 0,
			  "cite '%s'", str_or_null(s[i]->cite));
		cr_expect_null(s[i]->assumption);
		cr_expect_str_eq(s[i]->file, RULESETS "/ddv.yaml");
		cr_expect_gt(s[i]->loc.line, 1);
		cr_expect_gt(s[i]->loc.col, 1);
		cr_expect_not(s[i]->inherited);
		cr_expect_not(s[i]->overridden);
	}
	cr_expect_str_eq(s[0]->cite, "TSR 2.2.1: \"Das Doppelkopf-Kartenspiel "
		"besteht aus 48 Spielkarten in vier Farben zu je 12 Karten.\"");
	dk_ruleset_release(&rs);
}

/* RULES.md §1 and §3, and which values rest on a decision. */
static const struct house {
	const char *name;
	bool nines;
	dk_heart10_tie tie;
	const char *nines_assumption;
	const char *tie_assumption;
	const char *nines_quote;   /* a part of the cited sentence */
	const char *tie_quote;
} houses[] = {
	{ "ottendorf-2008", true, DK_TIE_FIRST_WINS, NULL, "D3",
	  "\"Es wird also mit Neunen gespielt.\"", "TSR 5.3.3" },
	{ "wattenscheid-2016", false, DK_TIE_FIRST_WINS, NULL, NULL,
	  "wird ohne Neunen gespielt", "der die Karte zuerst ausgespielt hat." },
	{ "turnier-2022", false, DK_TIE_SECOND_WINS, NULL, NULL,
	  "\"Wir spielen ohne 9en,", "\"♥10 ist der höchste Trumpf, 2. sticht 1.\"" },
	{ "unsere-2024", false, DK_TIE_SECOND_WINS, NULL, NULL,
	  "\"Wir spielen ohne Neunen\"", "außer bei Herz 10, da sticht immer die zweite" },
	{ "esslingen-2002", false, DK_TIE_SECOND_WINS_EXCEPT_LAST, "D1", NULL,
	  "Kartenfolge: As, 10, König, Dame, Bube", "so sticht die 2te die 1te; außer im letzten Stich." },
};

static void expect_assumption(const dk_rule_source *s, const char *want,
			      const char *what)
{
	if (want)
		cr_expect(s->assumption && strcmp(s->assumption, want) == 0,
			  "%s: assumption %s, want %s", what,
			  str_or_null(s->assumption), want);
	else
		cr_expect_null(s->assumption, "%s: assumption %s", what,
			       s->assumption);
}

Test(ruleset, house_sets)
{
	for (size_t i = 0; i < sizeof(houses) / sizeof(houses[0]); i++) {
		const struct house *h = &houses[i];
		char *path = xasprintf("%s/%s.yaml", RULESETS, h->name);
		dk_ruleset rs, by_path;
		const dk_rules *r = &rs.rules;

		load_ok(&rs, h->name, shipped_dirs);
		cr_expect_str_eq(r->name, h->name);
		cr_expect_str_eq(r->base, "ddv", "%s", h->name);
		cr_expect_not_null(r->title, "%s", h->name);
		cr_expect(r->document && strncmp(r->document, "seeds/", 6) == 0,
			  "%s: document %s", h->name, str_or_null(r->document));
		cr_expect_str_eq(r->file, path);
		cr_expect_eq(r->deck_nines, h->nines, "%s: nines", h->name);
		cr_expect_eq(dk_rules_hand_size(r), h->nines ? 12 : 10);
		cr_expect_eq(r->heart10_tie, h->tie, "%s: tie %d", h->name,
			     (int)r->heart10_tie);

		/* The house documents state both values: nothing inherited. */
		cr_expect_not(r->deck_nines_src.inherited, "%s", h->name);
		cr_expect_not(r->heart10_tie_src.inherited, "%s", h->name);
		cr_expect_str_eq(r->deck_nines_src.file, path);
		cr_expect_str_eq(r->heart10_tie_src.file, path);
		expect_assumption(&r->deck_nines_src, h->nines_assumption, h->name);
		expect_assumption(&r->heart10_tie_src, h->tie_assumption, h->name);
		cr_expect(strstr(r->deck_nines_src.cite, h->nines_quote) != NULL,
			  "%s: nines cite '%s'", h->name, r->deck_nines_src.cite);
		cr_expect(strstr(r->heart10_tie_src.cite, h->tie_quote) != NULL,
			  "%s: tie cite '%s'", h->name, r->heart10_tie_src.cite);

		/* By path the same set comes out. */
		load_ok(&by_path, path, shipped_dirs);
		cr_expect_eq(by_path.rules.deck_nines, r->deck_nines);
		cr_expect_eq(by_path.rules.heart10_tie, r->heart10_tie);
		cr_expect_str_eq(by_path.rules.name, h->name);

		dk_ruleset_release(&by_path);
		dk_ruleset_release(&rs);
		free(path);
	}
}

Test(ruleset, catalog_of_shipped_sets)
{
	static const char *const names[] = {
		"ddv", "esslingen-2002", "ottendorf-2008", "turnier-2022",
		"unsere-2024", "wattenscheid-2016"
	};
	const char *const dirs[] = { "/nonexistent/dir", RULESETS, NULL };
	dk_ruleset_catalog cat;
	dk_diag d;

	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_list(&cat, dirs, &d), 0);
	cr_expect_eq(d.count, 0);
	cr_assert_eq(cat.count, 6);
	for (size_t i = 0; i < cat.count; i++) {
		char *path = xasprintf("%s/%s.yaml", RULESETS, names[i]);
		dk_ruleset rs;

		cr_expect_str_eq(cat.items[i].name, names[i]);
		cr_expect_str_eq(cat.items[i].path, path);
		load_ok(&rs, cat.items[i].name, dirs);
		dk_ruleset_release(&rs);
		free(path);
	}
	dk_ruleset_catalog_release(&cat);
	cr_expect_eq(cat.count, 0);
	dk_diag_release(&d);
}

/* ------------------------------------------------------------------ */
/* inheritance                                                         */
/* ------------------------------------------------------------------ */

Test(ruleset, inherit_from_base)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, FIXTURES "/good/partial.yaml", shipped_dirs);
	cr_expect_str_eq(r->name, "partial");
	cr_expect_str_eq(r->base, "ddv");
	cr_expect_null(r->title, "the base's title must not leak");
	cr_expect_null(r->document);

	cr_expect_not(r->deck_nines);
	cr_expect_not(r->deck_nines_src.inherited);
	cr_expect_str_eq(r->deck_nines_src.file, FIXTURES "/good/partial.yaml");
	cr_expect_str_eq(r->deck_nines_src.cite, "our table plays without nines");
	cr_expect_eq(r->deck_nines_src.loc.line, 6);
	cr_expect_eq(r->deck_nines_src.loc.col, 12);

	cr_expect_eq(r->heart10_tie, DK_TIE_FIRST_WINS);
	cr_expect(r->heart10_tie_src.inherited);
	cr_expect_str_eq(r->heart10_tie_src.file, RULESETS "/ddv.yaml");
	cr_expect(strncmp(r->heart10_tie_src.cite, "TSR 5.3.3", 9) == 0);
	dk_ruleset_release(&rs);
}

Test(ruleset, inherit_through_a_relative_path)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, FIXTURES "/good/chain.yaml", shipped_dirs);
	cr_expect_str_eq(r->name, "chain");
	cr_expect_str_eq(r->title, "Chain test");
	cr_expect_str_eq(r->base, "./partial.yaml");

	cr_expect_not(r->deck_nines);
	cr_expect(r->deck_nines_src.inherited);
	cr_expect(ends_with(r->deck_nines_src.file, "/good/./partial.yaml"),
		  "%s", r->deck_nines_src.file);

	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	cr_expect_not(r->heart10_tie_src.inherited);
	cr_expect_str_eq(r->heart10_tie_src.assumption, "D20");
	cr_expect_str_eq(r->heart10_tie_src.file, FIXTURES "/good/chain.yaml");
	dk_ruleset_release(&rs);
}

/* A directory earlier in the list shadows a set of the same name. */
Test(ruleset, search_order_and_shadowing)
{
	char tmpl[] = "/tmp/dokoref-ruleset-XXXXXX";
	char *dir = mkdtemp(tmpl);
	cr_assert_not_null(dir);
	char *ddv_path = xasprintf("%s/ddv.yaml", dir);
	char *mine_path = xasprintf("%s/mine.yaml", dir);
	size_t len;
	char *ddv = slurp(RULESETS "/ddv.yaml", &len);
	char *at = strstr(ddv, "value: true");
	const char *const dirs[] = { dir, RULESETS, NULL };
	const char mine[] = "name: mine\nbase: ddv\n";
	dk_ruleset_catalog cat;
	dk_ruleset rs;
	dk_diag d;

	cr_assert_not_null(at);
	memcpy(at, "value: no  ", 11);   /* not a boolean: must not be read */
	spit(ddv_path, ddv, len);
	spit(mine_path, mine, sizeof(mine) - 1);

	dk_diag_init(&d);
	cr_expect_eq(dk_ruleset_load(&rs, "mine", dirs, &d), -1);
	char *text = render(&d);
	cr_expect_str_eq(text, "ddv.yaml:9:12: error: rule 'deck.nines' must "
			 "be true or false, not 'no'\n");
	free(text);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);

	/* Without the shadowing directory the shipped ddv is found. */
	load_ok(&rs, mine_path, shipped_dirs);
	dk_ruleset_release(&rs);
	/* ... and the name of the shadowing file is listed once, with its path. */
	dk_diag_init(&d);
	dk_ruleset_list(&cat, dirs, &d);
	cr_expect_eq(cat.count, 7);
	cr_expect_str_eq(cat.items[0].name, "ddv");
	cr_expect_str_eq(cat.items[0].path, ddv_path);
	cr_expect_str_eq(cat.items[2].name, "mine");
	dk_ruleset_catalog_release(&cat);
	dk_diag_release(&d);

	unlink(ddv_path);
	unlink(mine_path);
	rmdir(dir);
	free(ddv);
	free(ddv_path);
	free(mine_path);
}

Test(ruleset, default_dirs)
{
	const char *const *dirs;

	cr_assert_eq(setenv("DOKOREF_RULES_PATH", "/a::/b/", 1), 0);
	dirs = dk_ruleset_default_dirs();
	cr_assert_str_eq(dirs[0], "/a");
	cr_assert_str_eq(dirs[1], "/b/");
	cr_assert_not_null(dirs[2]);   /* DOKOREF_RULESETS_DIR */
	cr_assert_null(dirs[3]);

	cr_assert_eq(unsetenv("DOKOREF_RULES_PATH"), 0);
	dirs = dk_ruleset_default_dirs();
	cr_assert_not_null(dirs[0]);
	cr_assert_null(dirs[1]);
}

Test(ruleset, not_found)
{
	const char *const two[] = { "/x", "/y", NULL };
	struct { const char *arg; const char *const *dirs; const char *want; } cases[] = {
		{ "nope", two, "error: rule set 'nope' not found (searched: /x, /y)\n" },
		{ "nope", NULL, "error: rule set 'nope' not found (no search directories)\n" },
		{ "", two, "error: no rule set given\n" },
		{ "my rules", two, "error: 'my rules' is not a rule set name or a path "
		  "(a path has a '/' or ends in '.yaml')\n" },
		{ "/nonexistent/x.yaml", two, "error: cannot open '/nonexistent/x.yaml': "
		  "No such file or directory\n" },
		{ RULESETS, two, "rulesets: error: is a directory, not a rule set file\n" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dk_ruleset rs;
		dk_diag d;
		char *text;

		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, cases[i].arg, cases[i].dirs, &d), -1);
		text = render(&d);
		cr_expect_str_eq(text, cases[i].want);
		cr_expect_null(rs.rules.name);
		free(text);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
	}
}

/* ------------------------------------------------------------------ */
/* overrides                                                           */
/* ------------------------------------------------------------------ */

Test(ruleset, override)
{
	dk_ruleset rs;
	dk_rules *r = &rs.rules;
	dk_loc at = { 4, 7 };
	dk_diag d;

	load_ok(&rs, "turnier-2022", shipped_dirs);
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "deck.nines", "true", "game.xml", at, &d), 0);
	cr_assert_eq(dk_ruleset_override(&rs, "ties.heart10", "second-wins-except-last",
					 "game.xml", at, &d), 0);
	cr_expect_eq(d.count, 0);
	cr_expect(r->deck_nines);
	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	for (int i = 0; i < 2; i++) {
		const dk_rule_source *s = i ? &r->heart10_tie_src : &r->deck_nines_src;
		cr_expect(s->overridden);
		cr_expect_not(s->inherited);
		cr_expect_str_eq(s->file, "game.xml");
		cr_expect_eq(s->loc.line, 4);
		cr_expect_eq(s->loc.col, 7);
		cr_expect_null(s->cite);
		cr_expect_null(s->assumption);
	}
	/* The other spellings of a YAML 1.2 boolean. */
	cr_expect_eq(dk_ruleset_override(&rs, "deck.nines", "FALSE", "g", at, &d), 0);
	cr_expect_not(r->deck_nines);

	struct { const char *key, *value, *want; } bad[] = {
		{ "deck.nine", "false", "game.xml:4:7: error: override of unknown rule "
		  "'deck.nine'; did you mean 'deck.nines'? (known rules: deck.nines, ties.heart10)\n" },
		{ "deck.nines", "maybe", "game.xml:4:7: error: rule 'deck.nines' must be "
		  "true or false, not 'maybe'\n" },
		{ "deck.nines", "", "game.xml:4:7: error: rule 'deck.nines' has no value: "
		  "it must be true or false\n" },
		{ "deck.nines", NULL, "game.xml:4:7: error: rule 'deck.nines' has no value: "
		  "it must be true or false\n" },
		{ "ties.heart10", "second-win", "game.xml:4:7: error: rule 'ties.heart10' "
		  "must be one of 'first-wins', 'second-wins', 'second-wins-except-last', "
		  "not 'second-win'; did you mean 'second-wins'?\n" },
		{ "ties.heart10", "first-wins\nx", "game.xml:4:7: error: rule 'ties.heart10' "
		  "must be one of 'first-wins', 'second-wins', 'second-wins-except-last', "
		  "not 'first-wins\\x0ax'; did you mean 'first-wins'?\n" },
		{ NULL, "x", "game.xml:4:7: error: override of unknown rule ''"
		  " (known rules: deck.nines, ties.heart10)\n" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dk_diag_clear(&d);
		cr_expect_eq(dk_ruleset_override(&rs, bad[i].key, bad[i].value,
						 "game.xml", at, &d), -1);
		char *text = render(&d);
		cr_expect_str_eq(text, bad[i].want);
		free(text);
	}
	/* Nothing changed by the refused overrides. */
	cr_expect_not(r->deck_nines);
	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	cr_expect_str_eq(r->deck_nines_src.file, "g");
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

/* ------------------------------------------------------------------ */
/* broken files                                                        */
/* ------------------------------------------------------------------ */

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

Test(ruleset, bad_fixtures)
{
	const char *dir_path = FIXTURES "/bad";
	DIR *dir = opendir(dir_path);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;

	cr_assert_not_null(dir, "cannot open %s", dir_path);
	while ((e = readdir(dir)) != NULL) {
		if (!ends_with(e->d_name, ".yaml"))
			continue;
		names = dk_xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = dk_xstrdup(e->d_name);
	}
	closedir(dir);
	qsort(names, n, sizeof(*names), compare_strings);
	cr_expect_geq(n, 50, "only %zu fixtures", n);

	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir_path, names[i]);
		char *want = expected_of(path);
		dk_ruleset rs;
		dk_diag d;
		char *got;
		int rc;

		dk_diag_init(&d);
		rc = dk_ruleset_load(&rs, path, shipped_dirs, &d);
		got = render(&d);
		if (!want) {
			cr_expect_fail("%s states no expected diagnostic; it said:\n%s",
				       names[i], got);
		} else {
			bool want_error = strstr(want, ": error: ") ||
					  strncmp(want, "error: ", 7) == 0;
			cr_expect_str_eq(got, want, "%s:\n  got:  %s  want: %s",
					 names[i], got, want);
			cr_expect_eq(rc, want_error ? -1 : 0, "%s: rc %d", names[i], rc);
			if (rc < 0)
				cr_expect_null(rs.rules.name, "%s", names[i]);
		}
		free(got);
		free(want);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		free(path);
		free(names[i]);
	}
	free(names);
}

/* Hostile files are generated: they would bloat the repository. */
Test(ruleset, hostile_files)
{
	char tmpl[] = "/tmp/dokoref-hostile-XXXXXX";
	char *dir = mkdtemp(tmpl);
	cr_assert_not_null(dir);
	const char head[] = "name: %s\nbase: ddv\nrules: ";
	struct { const char *name; size_t size; char fill; const char *want; } cases[] = {
		/* exactly the limit is fine: the padding is one comment */
		{ "limit", DK_RULESET_MAX_BYTES, '#', NULL },
		{ "over-limit", DK_RULESET_MAX_BYTES + 1, '#',
		  "over-limit.yaml: error: file is larger than 1 MiB, the limit for rule set files\n" },
		{ "brackets", 200000, '[',
		  "brackets.yaml:3:23: error: nesting deeper than 16 levels\n" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *path = xasprintf("%s/%s.yaml", dir, cases[i].name);
		char *buf = dk_xmalloc(cases[i].size + 1);
		int n = snprintf(buf, cases[i].size, head, cases[i].name);
		dk_ruleset rs;
		dk_diag d;

		if (cases[i].fill == '#') {
			/* "rules: {}" then a comment to the end */
			memcpy(buf + n, "{}\n#", 4);
			n += 4;
		}
		memset(buf + n, cases[i].fill, cases[i].size - (size_t)n - 1);
		buf[cases[i].size - 1] = '\n';
		spit(path, buf, cases[i].size);

		dk_diag_init(&d);
		int rc = dk_ruleset_load(&rs, path, shipped_dirs, &d);
		char *got = render(&d);
		cr_expect_str_eq(got, cases[i].want ? cases[i].want : "",
				 "%s", cases[i].name);
		cr_expect_eq(rc, cases[i].want ? -1 : 0, "%s", cases[i].name);
		free(got);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		unlink(path);
		free(path);
		free(buf);
	}

	/* A wide mapping: the node cap, and duplicate detection stays fast. */
	{
		char *path = xasprintf("%s/wide.yaml", dir);
		size_t cap = 1 << 20, len = 0;
		char *buf = dk_xmalloc(cap);
		dk_ruleset rs;
		dk_diag d;

		len += (size_t)sprintf(buf, "name: wide\nbase: ddv\nrules:\n  x: {");
		for (int k = 0; k < 12000; k++)
			len += (size_t)sprintf(buf + len, "k%d: 1, ", k % 11000);
		len += (size_t)sprintf(buf + len, "}\n");
		spit(path, buf, len);
		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, path, shipped_dirs, &d), -1);
		cr_expect_eq(d.count, 1);
		cr_expect(d.count > 0 && strstr(d.items[0].message,
						"more than 20000 yaml nodes"),
			  "%s", d.count ? d.items[0].message : "");
		dk_ruleset_release(&rs);
		dk_diag_release(&d);

		/* Under the cap: 9000 keys, 1000 of them twice. */
		len = (size_t)sprintf(buf, "name: wide\nbase: ddv\nrules:\n  x: {");
		for (int k = 0; k < 9000; k++)
			len += (size_t)sprintf(buf + len, "k%d: 1, ", k % 8000);
		len += (size_t)sprintf(buf + len, "}\n");
		spit(path, buf, len);
		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, path, shipped_dirs, &d), -1);
		cr_expect_eq(d.errors, 1000);
		cr_expect(d.count > 0 && strstr(d.items[0].message,
						"duplicate key 'k0' (first at 4:7)"),
			  "%s", d.count ? d.items[0].message : "");
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		unlink(path);
		free(path);
		free(buf);
	}
	rmdir(dir);
}

/* ------------------------------------------------------------------ */
/* the key table and names                                             */
/* ------------------------------------------------------------------ */

Test(ruleset, key_table)
{
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);
	dk_ruleset rs;

	cr_assert_eq(n, 2);
	cr_expect_str_eq(k[0].name, "deck.nines");
	cr_expect_eq(k[0].type, DK_RULE_BOOL);
	cr_expect_str_eq(k[1].name, "ties.heart10");
	cr_expect_eq(k[1].type, DK_RULE_ENUM);
	cr_expect_eq(k[1].count, DK_TIE_COUNT);
	cr_expect_eq(dk_ruleset_key_find("ties.heart10"), &k[1]);
	cr_expect_null(dk_ruleset_key_find("ties"));
	cr_expect_null(dk_ruleset_key_find(NULL));

	/* The table's names are the core's names, in enum order. */
	for (int i = 0; i < DK_TIE_COUNT; i++) {
		dk_heart10_tie t;
		cr_expect_str_eq(k[1].names[i], dk_heart10_tie_name((dk_heart10_tie)i));
		cr_expect(dk_heart10_tie_from_name(&t, k[1].names[i]));
		cr_expect_eq(t, (dk_heart10_tie)i);
	}
	cr_expect_null(k[1].names[DK_TIE_COUNT]);
	cr_expect_null(dk_heart10_tie_name(DK_TIE_COUNT));
	dk_heart10_tie t = DK_TIE_SECOND_WINS;
	cr_expect_not(dk_heart10_tie_from_name(&t, "second"));
	cr_expect_not(dk_heart10_tie_from_name(&t, NULL));
	cr_expect_eq(t, DK_TIE_SECOND_WINS);

	load_ok(&rs, "esslingen-2002", shipped_dirs);
	cr_expect_str_eq(dk_ruleset_value_name(&rs.rules, &k[0]), "false");
	cr_expect_str_eq(dk_ruleset_value_name(&rs.rules, &k[1]),
			 "second-wins-except-last");
	cr_expect_eq(dk_ruleset_value_source(&rs.rules, &k[0]),
		     &rs.rules.deck_nines_src);
	cr_expect_eq(dk_ruleset_value_source(&rs.rules, &k[1]),
		     &rs.rules.heart10_tie_src);
	dk_ruleset_release(&rs);
}

/* The README documents every key of the table. */
Test(ruleset, readme_lists_every_key)
{
	char *readme = slurp(RULESETS "/README.md", NULL);
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);

	cr_assert_not_null(readme);
	for (size_t i = 0; i < n; i++) {
		char *row = xasprintf("| `%s` |", k[i].name);
		cr_expect(strstr(readme, row) != NULL, "README lacks a row %s", row);
		free(row);
		for (int j = 0; j < k[i].count; j++) {
			char *v = xasprintf("`%s`", k[i].names[j]);
			cr_expect(strstr(readme, v) != NULL, "README lacks %s", v);
			free(v);
		}
	}
	free(readme);
}

/*
 * test_check_corpus.c - every legal game replays without a finding, and
 * every sample of a finding gets exactly the findings its comment expects.
 *
 * The files are the .xml files of tests/check/legal and tests/check/findings;
 * a findings file's leading comment ends with a line "expect: CODE, CODE".
 * The samples under samples/ are legal games too.  One Criterion test per
 * directory, looping over its files.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fmt_xml.h"
#include "leakcheck.h"
#include "replay.h"
#include "ruleset.h"

TestSuite(corpus, .fini = dk_leak_check);

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

static void init(void)
{
	dk_xml_global_init();
}

/* the codes after "expect:" in the file's prologue comments, comma-separated */
static void expected_codes(dk_xml_reader *r, char *out, size_t len)
{
	size_t n;
	const char *const *c = dk_xml_reader_prologue(r, &n);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *e = strstr(c[i], "expect:");
		if (!e)
			continue;
		e += 7;
		while (*e == ' ')
			e++;
		size_t k = strcspn(e, "\n");
		snprintf(out, len, "%.*s", (int)k, e);
		while (*out && out[strlen(out) - 1] == ' ')
			out[strlen(out) - 1] = '\0';
	}
}

/* replay every game of path; the codes found, comma-separated */
static bool replay_file(const char *path, char *found, size_t flen, char *expect, size_t elen,
			char *why, size_t wlen)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	found[0] = '\0';
	why[0] = '\0';
	if (dk_xml_reader_open(&r, path, NULL, 0, &d) != 0) {
		snprintf(why, wlen, "cannot open: %s", d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
		return false;
	}
	expected_codes(r, expect, elen);
	bool ok = true;
	dk_read_item it;
	while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
		if (it != DK_READ_GAME)
			continue;
		const dk_game *g = dk_xml_reader_game(r);
		const dk_rules_ref *ref = dk_game_rules(g);
		dk_ruleset rs;
		dk_ruleset_init(&rs);
		bool loaded = dk_xml_reader_game_ok(r) && ref && ref->name &&
			      dk_ruleset_load(&rs, ref->name, dirs, &d) == 0;
		/* the record's own <set> overrides, as check applies them */
		for (size_t k = 0; loaded && k < ref->override_count; k++)
			loaded = dk_ruleset_override(&rs, ref->overrides[k].key,
						     ref->overrides[k].value, path,
						     ref->overrides[k].loc, &d) == 0;
		if (loaded && ref->override_count)
			loaded = dk_ruleset_check(&rs, &d) == 0;
		if (!loaded || dk_record_check(g, &rs.rules, path, &d) != 0) {
			snprintf(why, wlen, "invalid record or rule set: %s",
				 d.count ? d.items[d.count - 1].message : "?");
			ok = false;
			dk_ruleset_release(&rs);
			break;
		}
		dk_replay rp;
		dk_replay_run(&rp, g, &rs.rules);
		for (int i = 0; i < rp.finding_count; i++) {
			size_t l = strlen(found);
			snprintf(found + l, flen - l, "%s%s", l ? ", " : "",
				 dk_finding_code_name(rp.findings[i].code));
		}
		dk_ruleset_release(&rs);
	}
	if (it == DK_READ_ERROR) {
		snprintf(why, wlen, "unreadable: %s", d.count ? d.items[0].message : "?");
		ok = false;
	}
	dk_xml_reader_free(r);
	dk_diag_release(&d);
	return ok;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* run every .xml file of dir; legal: no finding, else exactly the expected */
static void run_dir(const char *dir, bool legal, size_t min_files)
{
	DIR *dp = opendir(dir);
	if (!dp && min_files == 0)
		return;
	cr_assert_not_null(dp, "cannot open %s", dir);
	char *names[1024];
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(dp)) && n < 1024) {
		size_t l = strlen(e->d_name);
		if (l > 4 && strcmp(e->d_name + l - 4, ".xml") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(dp);
	qsort(names, n, sizeof(char *), by_name);
	size_t failed = 0;
	for (size_t i = 0; i < n; i++) {
		char path[1024], found[2048], expect[512], why[512];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		bool ok = replay_file(path, found, sizeof(found), expect, sizeof(expect), why,
				      sizeof(why));
		const char *want = legal ? "" : expect;
		if (!ok) {
			cr_log_error("%s: %s", names[i], why);
			failed++;
		} else if (!legal && !expect[0]) {
			cr_log_error("%s: no 'expect:' line", names[i]);
			failed++;
		} else if (strcmp(found, want) != 0) {
			cr_log_error("%s: expected [%s], found [%s]", names[i], want, found);
			failed++;
		}
		free(names[i]);
	}
	cr_expect_geq(n, min_files, "%s holds only %zu files", dir, n);
	cr_expect_eq(failed, 0, "%zu of %zu files in %s differ", failed, n, dir);
}

Test(corpus, samples_are_legal, .init = init)
{
	run_dir(DK_SOURCE_ROOT "/samples", true, 20);
}

Test(corpus, legal_games_have_no_finding, .init = init)
{
	run_dir(DK_SOURCE_ROOT "/tests/check/legal", true, 0);
}

Test(corpus, findings_are_exactly_the_expected, .init = init)
{
	run_dir(DK_SOURCE_ROOT "/tests/check/findings", false, 0);
}

/*
 * test_api.c - libdokoref through its public header only, linked against
 * the shared library: open a record from a file and from memory, walk it,
 * load rule sets by name, by file and from YAML, judge, read the verdict's
 * fields, render it, report errors with their place, and the same record
 * judged in two threads at once.  The figures are worked by hand in the
 * records' comments (samples/normal-ddv.doko: Re 144:96, value 2;
 * revoke--ddv--cannot-decide-the-winner.xml: Kontra 140:100, won +1 and
 * against the Re party +1, Zeno's revoke in trick 11, card 43).
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "dokoref/dokoref.h"
#include "leakcheck.h"

TestSuite(api, .fini = dk_leak_check);

#define NORMAL DK_SOURCE_ROOT "/samples/normal-ddv.doko"
#define REVOKE DK_SOURCE_ROOT "/tests/check/findings/revoke--ddv--cannot-decide-the-winner.xml"
#define SESSION DK_SOURCE_ROOT "/samples/session-unsere-2024.xml"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static void expect_normal(dokoref_verdict *v)
{
	cr_expect_eq(dokoref_verdict_game_index(v), 1);
	cr_expect_str_eq(dokoref_verdict_rules(v), "ddv");
	cr_expect_str_eq(dokoref_verdict_type(v), "normal");
	cr_expect_eq(dokoref_verdict_finding_count(v), 0);
	cr_expect_eq(dokoref_verdict_errors(v), 0);
	cr_expect(dokoref_verdict_scored(v));
	cr_expect_str_eq(dokoref_verdict_winner(v), "re");
	cr_expect_eq(dokoref_verdict_value(v), 2);
	cr_expect_eq(dokoref_verdict_card_points(v, "re"), 144);
	cr_expect_eq(dokoref_verdict_card_points(v, "kontra"), 96);
	static const char *const names[4] = { "Anna", "Ben", "Clara", "David" };
	static const char *const parties[4] = { "re", "kontra", "re", "kontra" };
	static const long scores[4] = { 2, -2, 2, -2 };
	for (int i = 0; i < 4; i++) {
		cr_expect_str_eq(dokoref_verdict_player(v, i), names[i]);
		cr_expect_str_eq(dokoref_verdict_party(v, i), parties[i]);
		cr_expect_eq(dokoref_verdict_score(v, i), scores[i]);
		cr_expect_eq(dokoref_verdict_entry(v, i), scores[i]);
		long rec = 0;
		cr_expect(dokoref_verdict_recorded_score(v, i, &rec));
		cr_expect_eq(rec, scores[i]);
	}
	cr_expect_null(dokoref_verdict_player(v, 4));
	cr_expect_eq(dokoref_verdict_recorded_wrong(v), 0);
	cr_expect_not(dokoref_verdict_objected(v));
}

Test(api, version)
{
	cr_expect_str_eq(dokoref_version(), DOKOREF_VERSION_STRING);
	cr_expect_eq(dokoref_version_number(), DOKOREF_VERSION_NUMBER);
}

Test(api, judge_file)
{
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_file(NORMAL, NULL, &err);
	cr_assert_not_null(rec, "%s", err.message);
	cr_expect_str_eq(dokoref_record_file(rec), NORMAL);
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
	cr_expect_str_eq(dokoref_record_game_rules(rec), "ddv");
	dokoref_verdict *v = dokoref_verdict_new();
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	expect_normal(v);
	/* judged twice: the same verdict */
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	expect_normal(v);
	cr_expect_eq(dokoref_record_next_game(rec, &err), 0);
	cr_expect_eq(dokoref_record_status(rec), 0);
	/* no game: a usage error, not a crash */
	cr_expect_eq(dokoref_judge(v, rec, 0, &err), DOKOREF_E_USAGE);
	cr_expect_eq(err.code, DOKOREF_E_USAGE);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
}

Test(api, findings)
{
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_file(REVOKE, NULL, &err);
	cr_assert_not_null(rec, "%s", err.message);
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
	dokoref_verdict *v = dokoref_verdict_new();
	cr_assert_eq(dokoref_judge(v, rec, DOKOREF_JUDGE_NO_PENALTIES, &err), 0);
	cr_assert_eq(dokoref_verdict_finding_count(v), 1);
	cr_expect_eq(dokoref_verdict_errors(v), 1);
	dokoref_finding f;
	cr_assert_eq(dokoref_verdict_finding(v, 0, &f), 0);
	cr_expect_str_eq(f.code, "revoke");
	cr_expect_str_eq(f.kind, "irregularity");
	cr_expect_eq(f.trick, 11);
	cr_expect_eq(f.card, 43);
	cr_expect_str_eq(f.card_code, "DA");
	cr_expect_str_eq(f.player, "Zeno");
	cr_expect_eq(f.line, 103);
	cr_expect_eq(dokoref_verdict_finding(v, 1, &f), DOKOREF_E_USAGE);
	cr_expect_str_eq(dokoref_verdict_winner(v), "kontra");
	cr_expect_eq(dokoref_verdict_value(v), -2);  /* signed as Re's */
	cr_expect_eq(dokoref_verdict_card_points(v, "kontra"), 140);
	cr_expect_eq(dokoref_verdict_score(v, 1), 2);   /* Zeno, Kontra */
	cr_expect_eq(dokoref_verdict_score(v, 3), -2);  /* Bruno, Re */
	/* the renderers say the same in words and in JSON */
	char *en = dokoref_verdict_text(v, DOKOREF_LANG_EN, 0);
	char *de = dokoref_verdict_text(v, DOKOREF_LANG_DE, 0);
	char *js = dokoref_verdict_json(v);
	char *js_de = dokoref_verdict_json_in(v, DOKOREF_LANG_DE);
	cr_assert(en && de && js && js_de);
	/* the ruling's reason in the language asked for, the rest alike */
	cr_expect(strstr(js, "\"reason\":\"the revoke") != NULL, "%s", js);
	cr_expect(strstr(js_de, "\"reason\":\"der Verstoß") != NULL, "%s", js_de);
	dokoref_free(js_de);
	cr_expect(strstr(en, "revoke") && strstr(en, "normal game"), "%s", en);
	cr_expect(strstr(de, "revoke") && strstr(de, "Normalspiel"), "%s", de);
	cr_expect(strstr(js, "\"code\":\"revoke\"") && strstr(js, "\"winner\":\"kontra\""), "%s", js);
	cr_expect_eq(js[strlen(js) - 1], '\n');
	dokoref_free(en);
	dokoref_free(de);
	dokoref_free(js);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
}

Test(api, memory_and_rules)
{
	size_t len;
	char *text = slurp(NORMAL, &len);
	dokoref_error err;
	/* the rule set by name replaces the record's; the same here */
	dokoref_rules *ddv = dokoref_rules_load("ddv", &err);
	cr_assert_not_null(ddv, "%s", err.message);
	cr_expect_str_eq(dokoref_rules_name(ddv), "ddv");
	dokoref_open_options opts = { 0 };
	opts.rules = ddv;
	dokoref_record *rec = dokoref_record_open_memory(text, len, "typed.doko", &opts, &err);
	free(text);  /* copied */
	cr_assert_not_null(rec, "%s", err.message);
	cr_expect_str_eq(dokoref_record_file(rec), "typed.doko");
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
	dokoref_verdict *v = dokoref_verdict_new();
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	expect_normal(v);
	dokoref_record_free(rec);
	dokoref_rules_free(ddv);

	/* the same game under a YAML rule set on ddv that does not score the
	 * Fuchs: Re's value 2 (won +1, Re +2, Kontra's Fuchs -1) becomes 3 */
	static const char yaml[] =
		"name: nofox\n"
		"base: ddv\n"
		"rules:\n"
		"  score.fox:\n"
		"    value: false\n"
		"    source: \"test: no Fuchs\"\n";
	dokoref_rules *nofox = dokoref_rules_from_yaml(yaml, sizeof(yaml) - 1, "nofox.yaml", &err);
	cr_assert_not_null(nofox, "%s:%u: %s", err.file, err.line, err.message);
	opts.rules = nofox;
	rec = dokoref_record_open_file(NORMAL, &opts, &err);
	cr_assert_not_null(rec);
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	cr_expect_str_eq(dokoref_verdict_rules(v), "nofox");
	cr_expect_eq(dokoref_verdict_value(v), 3);
	/* the recorded +2 is now wrong for all four */
	cr_expect_eq(dokoref_verdict_recorded_wrong(v), 4);
	dokoref_record_free(rec);
	dokoref_rules_free(nofox);

	/* by file */
	dokoref_rules *file = dokoref_rules_load_file(DK_SOURCE_ROOT "/rulesets/turnier-2022.yaml",
						      &err);
	cr_assert_not_null(file, "%s", err.message);
	cr_expect_str_eq(dokoref_rules_name(file), "turnier-2022");
	dokoref_rules_free(file);
	dokoref_verdict_free(v);
}

Test(api, errors)
{
	dokoref_error err;
	cr_expect_null(dokoref_rules_load("no-such-rule-set", &err));
	cr_expect_eq(err.code, DOKOREF_E_INVALID);
	cr_expect(strstr(err.message, "no-such-rule-set"), "%s", err.message);

	static const char bad_yaml[] = "name: bad\nbase: ddv\nrules:\n  deck.nines: [\n";
	cr_expect_null(dokoref_rules_from_yaml(bad_yaml, sizeof(bad_yaml) - 1, "bad.yaml", &err));
	cr_expect_eq(err.code, DOKOREF_E_INVALID);
	cr_expect_str_eq(err.file, "bad.yaml");
	cr_expect_gt(err.line, 0);

	cr_expect_null(dokoref_record_open_file(DK_SOURCE_ROOT "/no/such/file.xml", NULL, &err));
	cr_expect_eq(err.code, DOKOREF_E_SYSTEM);

	/* broken XML: where, and what */
	static const char broken[] = "<?xml version=\"1.0\"?>\n<dokoref version=\"1\">\n"
				     "  <game>\n    <players>\n</dokoref>\n";
	dokoref_record *rec = dokoref_record_open_memory(broken, sizeof(broken) - 1, "broken.xml",
							 NULL, &err);
	int rc = 0;
	if (rec) {
		rc = dokoref_record_next_game(rec, &err);
		dokoref_record_free(rec);
	}
	cr_expect(!rec || rc < 0);
	cr_expect_eq(err.code, DOKOREF_E_INVALID);
	cr_expect_str_eq(err.file, "broken.xml");
	cr_expect_eq(err.line, 5, "%u: %s", err.line, err.message);
	cr_expect_gt(strlen(err.message), 0);

	/* NULL arguments are usage errors */
	cr_expect_null(dokoref_record_open_file(NULL, NULL, &err));
	cr_expect_eq(err.code, DOKOREF_E_USAGE);
	cr_expect_eq(dokoref_judge(NULL, NULL, 0, NULL), DOKOREF_E_USAGE);
	dokoref_record_free(NULL);
	dokoref_verdict_free(NULL);
	dokoref_rules_free(NULL);
}

/* a game whose rule set cannot be loaded: returned as a game that is not
 * ok, with the message pointing at its <rules> line; the walk goes on */
Test(api, messages)
{
	size_t len;
	char *text = slurp(DK_SOURCE_ROOT "/samples/normal-ddv.xml", &len);
	char *at = strstr(text, "<rules name=\"ddv\"/>");
	cr_assert_not_null(at);
	memcpy(at, "<rules name=\"zzz\"/>", 19);
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_memory(text, len, "zzz.xml", NULL, &err);
	free(text);
	cr_assert_not_null(rec, "%s", err.message);
	cr_assert_eq(dokoref_record_next(rec), DOKOREF_ITEM_GAME);
	cr_expect_not(dokoref_record_game_ok(rec));
	cr_assert_geq(dokoref_record_message_count(rec), 1);
	int found = 0;
	for (size_t i = 0; i < dokoref_record_message_count(rec); i++) {
		cr_assert_eq(dokoref_record_message(rec, i, &err), 0);
		if (strcmp(err.file, "zzz.xml") == 0 && err.line == 16 &&
		    err.severity == DOKOREF_SEVERITY_ERROR && strstr(err.message, "zzz"))
			found = 1;
	}
	cr_expect(found, "no error at zzz.xml:16 naming the rule set");
	cr_expect_eq(dokoref_record_message(rec, 99, &err), DOKOREF_E_USAGE);
	dokoref_verdict *v = dokoref_verdict_new();
	cr_expect_eq(dokoref_judge(v, rec, 0, &err), DOKOREF_E_USAGE);
	cr_expect_eq(dokoref_record_next(rec), DOKOREF_ITEM_END);
	cr_expect_eq(dokoref_record_message_count(rec), 0);
	cr_expect_eq(dokoref_record_status(rec), DOKOREF_E_INVALID);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
}

/* gzip data in memory: inflated whole, then read as the format it holds;
 * refused past max_input_size */
Test(api, gzip_in_memory)
{
	size_t len;
	char *text = slurp(NORMAL, &len);
	z_stream z;
	memset(&z, 0, sizeof(z));
	cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	size_t cap = deflateBound(&z, (uLong)len) + 64;
	unsigned char *gz = malloc(cap);
	z.next_in = (Bytef *)text;
	z.avail_in = (uInt)len;
	z.next_out = gz;
	z.avail_out = (uInt)cap;
	cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
	size_t gzlen = cap - z.avail_out;
	deflateEnd(&z);
	free(text);

	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_memory(gz, gzlen, "typed.doko.gz", NULL, &err);
	cr_assert_not_null(rec, "%s", err.message);
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1, "%s", err.message);
	dokoref_verdict *v = dokoref_verdict_new();
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	expect_normal(v);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);

	dokoref_open_options opts = { 0 };
	opts.max_input_size = 100;
	rec = dokoref_record_open_memory(gz, gzlen, "typed.doko.gz", &opts, &err);
	cr_expect_null(rec);
	cr_expect(strstr(err.message, "100 bytes") != NULL, "%s", err.message);
	dokoref_record_free(rec);
	free(gz);
}

/* ---- the session, item by item, and in two threads at once ------------- */

typedef struct run {
	char json[4096 * 8];
	size_t len;
	int games;
	int wrong;
} run;

/* every game of the session judged; their JSON and the recorded scores
 * that are not the entry */
static void *judge_session(void *arg)
{
	run *r = arg;
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_file(SESSION, NULL, &err);
	if (!rec)
		return NULL;
	dokoref_verdict *v = dokoref_verdict_new();
	r->len = 0;
	dokoref_item item;
	while ((item = dokoref_record_next(rec)) > DOKOREF_ITEM_END) {
		if (item != DOKOREF_ITEM_GAME || !dokoref_record_game_ok(rec))
			continue;
		if (dokoref_judge(v, rec, 0, &err) != 0)
			break;
		char *js = dokoref_verdict_json(v);
		size_t n = strlen(js);
		if (r->len + n < sizeof(r->json)) {
			memcpy(r->json + r->len, js, n);
			r->len += n;
		}
		dokoref_free(js);
		r->games++;
		r->wrong += dokoref_verdict_recorded_wrong(v);
	}
	r->json[r->len] = '\0';
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
	return NULL;
}

Test(api, session_in_threads)
{
	run *alone = calloc(1, sizeof(run)), *t[2];
	judge_session(alone);
	/* the six games of the session; every score the table wrote down is
	 * the entry, Bock included */
	cr_assert_eq(alone->games, 6);
	cr_expect_eq(alone->wrong, 0);
	pthread_t th[2];
	for (int i = 0; i < 2; i++) {
		t[i] = calloc(1, sizeof(run));
		cr_assert_eq(pthread_create(&th[i], NULL, judge_session, t[i]), 0);
	}
	for (int i = 0; i < 2; i++) {
		pthread_join(th[i], NULL);
		cr_expect_eq(t[i]->games, 6);
		cr_expect_str_eq(t[i]->json, alone->json);
		free(t[i]);
	}
	free(alone);
}

/* a game of the session not judged still moves the Bock on: the last
 * game judged alone gives the verdict it gives in the whole session */
Test(api, session_skipping)
{
	run *all = calloc(1, sizeof(run));
	judge_session(all);
	const char *last = all->json;
	for (const char *p = all->json; *p; p++)
		if (p[0] == '\n' && p[1])
			last = p + 1;
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_file(SESSION, NULL, &err);
	cr_assert_not_null(rec);
	dokoref_verdict *v = dokoref_verdict_new();
	while (dokoref_record_next_game(rec, &err) == 1)
		if (dokoref_record_game_index(rec) == 6)
			cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	char *js = dokoref_verdict_json(v);
	cr_expect_null(js);  /* the verdict died with its game */
	dokoref_record_free(rec);
	rec = dokoref_record_open_file(SESSION, NULL, &err);
	while (dokoref_record_next_game(rec, &err) == 1) {
		if (dokoref_record_game_index(rec) != 6)
			continue;
		cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
		js = dokoref_verdict_json(v);
		cr_expect_str_eq(js, last);
		dokoref_free(js);
	}
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
	free(all);
}

/* whether s[0..n) is well-formed UTF-8 */
static bool whole_utf8(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t k = u[i] < 0x80 ? 1 : u[i] >= 0xf0 ? 4 : u[i] >= 0xe0 ? 3 : u[i] >= 0xc2 ? 2 : 0;
		if (k == 0 || i + k > n)
			return false;
		for (size_t j = 1; j < k; j++)
			if ((u[i + j] & 0xc0) != 0x80)
				return false;
		i += k;
	}
	return true;
}

/* a long name in a message is cut before the character the cut falls in,
 * not inside it, whatever buffer cuts it (here the reader's own) */
Test(api, long_name_cut_at_a_character)
{
	static const char *const chars[] = { "\xc3\xa4", "\xe2\x99\xa5", "\xf0\x9f\x82\xa1" };
	for (size_t c = 0; c < 3; c++) {
		for (size_t shift = 0; shift < 4; shift++) {
			char path[1200] = "/no-such-dirs/";
			for (size_t k = 0; k < shift; k++)
				strcat(path, "x");
			while (strlen(path) + 10 < sizeof(path))
				strcat(path, chars[c]);
			strcat(path, ".xml");
			dokoref_error err;
			dokoref_record *r = dokoref_record_open_file(path, NULL, &err);
			cr_assert_null(r);
			size_t n = strlen(err.message);
			cr_expect(strncmp(err.message, "cannot open '/no-such-dirs/", 27) == 0,
				  "%s", err.message);
			cr_expect(whole_utf8(err.message, n), "char %zu, shift %zu: cut inside a "
				  "character (%zu bytes)", c, shift, n);
		}
	}
}

/* the last line of `dokoref check` and its counts: samples/normal-ddv.doko
 * (no finding, recorded score right) and the revoke record (one finding, an
 * irregularity, no recorded score) */
Test(api, tally)
{
	dokoref_tally t;
	memset(&t, 0, sizeof(t));
	dokoref_verdict *v = dokoref_verdict_new();
	dokoref_tally_add(&t, v);    /* not judged: nothing */
	cr_expect_eq(t.games, 0);
	const char *const files[2] = { NORMAL, REVOKE };
	for (int i = 0; i < 2; i++) {
		dokoref_error err;
		dokoref_record *rec = dokoref_record_open_file(files[i], NULL, &err);
		cr_assert_not_null(rec, "%s", err.message);
		cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
		cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
		dokoref_tally_add(&t, v);
		dokoref_record_free(rec);
	}
	cr_expect_eq(t.games, 2);
	cr_expect_eq(t.with_findings, 1);
	cr_expect_eq(t.findings, 1);
	cr_expect_eq(t.warnings, 0);
	cr_expect_eq(t.scores_right, 1);
	cr_expect_eq(t.scores_wrong, 0);
	cr_expect_eq(t.foreign, 0);
	char *en = dokoref_tally_text(&t, DOKOREF_LANG_EN);
	cr_expect_str_eq(en, "2 games checked, 1 with findings (1 finding, 0 warnings); "
			     "recorded scores: 1 right, 0 wrong\n");
	char *de = dokoref_tally_text(&t, DOKOREF_LANG_DE);
	cr_expect_str_neq(de, en);
	cr_expect(strchr(de, '\n') == de + strlen(de) - 1);
	dokoref_free(en);
	dokoref_free(de);
	dokoref_verdict_free(v);
}

/* an HTML page of two games of a session, rendered as they are judged */
Test(api, page)
{
	dokoref_error err;
	dokoref_record *rec = dokoref_record_open_file(SESSION, NULL, &err);
	cr_assert_not_null(rec, "%s", err.message);
	dokoref_page *page = dokoref_page_new(DOKOREF_LANG_DE, "session.xml");
	cr_expect_null(dokoref_page_html(page));
	dokoref_verdict *v = dokoref_verdict_new();
	cr_expect_eq(dokoref_page_add(page, v), DOKOREF_E_USAGE);
	for (int i = 0; i < 2; i++) {
		cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
		cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
		cr_expect_eq(dokoref_page_add(page, v), 0);
	}
	cr_expect_eq(dokoref_page_games(page), 2);
	char *html = dokoref_page_html(page);
	cr_assert_not_null(html);
	cr_expect(strncmp(html, "<!DOCTYPE html>\n<html lang=\"de\">", 32) == 0);
	cr_expect_not_null(strstr(html, "<title>session.xml</title>"));
	cr_expect_not_null(strstr(html, "</html>\n"));
	/* the page stays open: a third game, a longer page */
	cr_assert_eq(dokoref_record_next_game(rec, &err), 1);
	cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
	cr_expect_eq(dokoref_page_add(page, v), 0);
	char *more = dokoref_page_html(page);
	cr_expect_gt(strlen(more), strlen(html));
	dokoref_free(html);
	dokoref_free(more);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
	dokoref_page_free(page);
}

/* the part of a golden file (tests/golden/expected) the program printed
 * on standard output, and its exit status */
static char *golden_stdout(const char *name, int *status)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/tests/golden/expected/%s.txt", DK_SOURCE_ROOT, name);
	size_t len;
	char *text = slurp(path, &len);
	char *out = strstr(text, "[stdout]\n");
	char *err = strstr(text, "\n[stderr]\n");
	char *exit = strstr(text, "[exit ");
	cr_assert(out && err && exit && err > out, "%s: no stdout, stderr and exit", path);
	*status = atoi(exit + 6);
	out += strlen("[stdout]\n");
	size_t n = (size_t)(err - out) + 1;   /* the newline ending the output */
	memmove(text, out, n);
	text[n] = '\0';
	return text;
}

/* dokoref_audit_json prints what `dokoref audit --format json FILE` prints,
 * byte for byte: games with findings, session-end findings (duty soli),
 * Bock, wrong totals; compared with the program's golden output */
Test(api, audit_json_as_the_program)
{
	static const struct { const char *golden, *file; } cases[] = {
		{ "audit_json", "tests/audit/session-wrong-total-ddv.xml" },
		{ "audit_duty_soli_json", "tests/audit/session-duty-soli-ddv.xml" },
		{ "audit_vorfuehrung_json", "tests/audit/session-vorfuehrung-ddv.xml" },
		{ "audit_json_bock_uses_up_esslingen",
		  "tests/audit/session-bock-uses-up-esslingen-2002.xml" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int want_status;
		char *want = golden_stdout(cases[i].golden, &want_status);
		char path[512];
		snprintf(path, sizeof(path), "%s/%s", DK_SOURCE_ROOT, cases[i].file);
		size_t len;
		char *data = slurp(path, &len);
		dokoref_error err;
		dokoref_record *rec = dokoref_record_open_memory(data, len, cases[i].file, NULL, &err);
		cr_assert_not_null(rec, "%s", err.message);
		int status = -1;
		char *got = dokoref_audit_json(rec, DOKOREF_LANG_EN, &status, &err);
		cr_assert_not_null(got, "%s: %s", cases[i].file, err.message);
		cr_expect_str_eq(got, want, "%s", cases[i].file);
		cr_expect_eq(status, want_status, "%s: status %d, the program's %d", cases[i].file,
			     status, want_status);
		/* at its end: nothing more to audit, the summary of nothing */
		char *again = dokoref_audit_json(rec, DOKOREF_LANG_EN, NULL, &err);
		cr_expect(strncmp(again, "{\"summary\":{\"games\":0,", 22) == 0, "%s", again);
		dokoref_free(again);
		dokoref_free(got);
		dokoref_record_free(rec);
		free(data);
		free(want);
	}
	/* a score sheet without cards: its lines and summary line, as the
	 * program prints them, with findings (1) and without (0) */
	static const struct { const char *golden, *file; } sheets[] = {
		{ "audit_sheet_ddv_planted_json", "samples/sheet-ddv-planted.csv" },
		{ "audit_sheet_ddv_json", "samples/sheet-ddv.csv" },
	};
	dokoref_error err;
	for (size_t i = 0; i < sizeof(sheets) / sizeof(sheets[0]); i++) {
		int want_status;
		char *want = golden_stdout(sheets[i].golden, &want_status);
		char path[512];
		snprintf(path, sizeof(path), "%s/%s", DK_SOURCE_ROOT, sheets[i].file);
		size_t len;
		char *data = slurp(path, &len);
		dokoref_record *rec = dokoref_record_open_memory(data, len, sheets[i].file, NULL,
								 &err);
		cr_assert_not_null(rec, "%s", err.message);
		int status = -1;
		char *got = dokoref_audit_json(rec, DOKOREF_LANG_EN, &status, &err);
		cr_assert_not_null(got, "%s: %s", sheets[i].file, err.message);
		cr_expect_str_eq(got, want, "%s", sheets[i].file);
		cr_expect_eq(status, want_status, "%s: status %d, the program's %d",
			     sheets[i].file, status, want_status);
		dokoref_free(got);
		dokoref_record_free(rec);
		free(data);
		free(want);
	}
	cr_expect_null(dokoref_audit_json(NULL, DOKOREF_LANG_EN, NULL, &err));
}

/* tests/audit/session-bock-unsere-2024.xml (twelve games, Bock rounds
 * from games 3 to 11, a solo in one) cut before game k: the session so far
 * (its games before k, closed) and game k under the session's head */
static void cut_session(const char *text, int k, char **before, char **game)
{
	const char *at[32];
	int n = 0;
	for (const char *p = strstr(text, "    <game>"); p && n < 32; p = strstr(p + 1, "    <game>"))
		at[n++] = p;
	cr_assert(k >= 2 && k <= n);
	const char *end = k < n ? at[k] : strstr(at[k - 1], "  </session>");
	cr_assert_not_null(end);
	size_t head = (size_t)(at[0] - text), pre = (size_t)(at[k - 1] - text);
	size_t body = (size_t)(end - at[k - 1]);
	static const char close[] = "  </session>\n</dokoref>\n";
	*before = malloc(pre + sizeof(close));
	memcpy(*before, text, pre);
	memcpy(*before + pre, close, sizeof(close));
	*game = malloc(head + body + sizeof(close));
	memcpy(*game, text, head);
	memcpy(*game + head, at[k - 1], body);
	memcpy(*game + head + body, close, sizeof(close));
}

/* a verdict's JSON without what cutting the file moves: its name, the
 * game's number and the places ("file", "index", "line", "column": their
 * values hold no comma) */
static char *unplaced_json(const dokoref_verdict *v)
{
	char *js = dokoref_verdict_json(v);
	cr_assert_not_null(js);
	static const char *const keys[] = { "\"file\":", "\"index\":", "\"line\":", "\"column\":" };
	char *out = malloc(strlen(js) + 1), *o = out;
	for (const char *p = js; *p;) {
		size_t skip = 0;
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (strncmp(p, keys[i], strlen(keys[i])) == 0)
				skip = strcspn(p, ",}") + (p[strcspn(p, ",}")] == ',');
		if (skip)
			p += skip;
		else
			*o++ = *p++;
	}
	*o = '\0';
	dokoref_free(js);
	return out;
}

/* a game judged as the next of the session read so far: what it is in the
 * whole file (its Bock, the standings), and not what it is alone */
Test(api, session_continued)
{
	size_t len;
	char *text = slurp(DK_SOURCE_ROOT "/tests/audit/session-bock-unsere-2024.xml", &len);
	dokoref_error err;
	dokoref_record *whole = dokoref_record_open_memory(text, len, "whole.xml", NULL, &err);
	cr_assert_not_null(whole, "%s", err.message);
	dokoref_verdict *v = dokoref_verdict_new(), *w = dokoref_verdict_new();
	int games = 0, differ = 0;
	while (dokoref_record_next_game(whole, &err) == 1) {
		int k = (int)dokoref_record_game_index(whole);
		cr_assert_eq(dokoref_judge(w, whole, 0, &err), 0);
		if (k < 2)
			continue;
		char *before, *game;
		cut_session(text, k, &before, &game);
		dokoref_record *from = dokoref_record_open_memory(before, strlen(before), "before.xml",
								  NULL, &err);
		cr_assert_not_null(from, "%s", err.message);
		while (dokoref_record_next(from) > DOKOREF_ITEM_END)
			;
		for (int alone = 0; alone < 2; alone++) {
			dokoref_record *rec = dokoref_record_open_memory(game, strlen(game), "game.xml",
									 NULL, &err);
			cr_assert_not_null(rec, "%s", err.message);
			if (!alone)
				cr_assert_eq(dokoref_record_continue(rec, from, &err), 0, "%s", err.message);
			cr_assert_eq(dokoref_record_next_game(rec, &err), 1, "game %d: %s", k, err.message);
			cr_assert_eq(dokoref_judge(v, rec, 0, &err), 0);
			char *got = unplaced_json(v), *want = unplaced_json(w);
			bool same = strcmp(got, want) == 0;
			if (!alone)
				cr_expect(same, "game %d continued: %s\nin the whole file: %s", k, got, want);
			else if (!same)
				differ++;
			free(got);
			free(want);
			dokoref_record_free(rec);
		}
		dokoref_record_free(from);
		free(before);
		free(game);
		games++;
	}
	cr_expect_eq(games, 11);
	/* games 3, 4, 5 and 7 to 11 are doubled in the session */
	cr_expect_geq(differ, 8);
	/* a record without a session to go on from */
	dokoref_record *from = dokoref_record_open_file(NORMAL, NULL, &err);
	while (dokoref_record_next(from) > DOKOREF_ITEM_END)
		;
	dokoref_record *rec = dokoref_record_open_file(NORMAL, NULL, &err);
	cr_expect_eq(dokoref_record_continue(rec, from, &err), DOKOREF_E_USAGE);
	cr_expect_eq(err.code, DOKOREF_E_USAGE);
	dokoref_record_free(rec);
	dokoref_record_free(from);
	dokoref_verdict_free(v);
	dokoref_verdict_free(w);
	dokoref_record_free(whole);
	free(text);
}

Test(api, finding_name)
{
	cr_expect_str_eq(dokoref_finding_name("revoke", DOKOREF_LANG_EN), "revoke");
	cr_expect_str_eq(dokoref_finding_name("revoke", DOKOREF_LANG_DE), "falsch bedient");
	cr_expect_str_eq(dokoref_finding_name("dealer", DOKOREF_LANG_EN), "dealer");
	cr_expect_str_neq(dokoref_finding_name("dealer", DOKOREF_LANG_DE), "dealer");
	cr_expect_null(dokoref_finding_name("no-such-finding", DOKOREF_LANG_DE));
	cr_expect_null(dokoref_finding_name(NULL, DOKOREF_LANG_EN));
}

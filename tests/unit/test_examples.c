/*
 * test_examples.c - the worked examples of the house rule documents and the
 * games and scoring cases of other programs, scored as played.
 *
 * tests/check/examples/ (written by tools/gen_examples.py) holds complete
 * records: each worked example of RULES.md §12 under its rule set, the two
 * played games of jengryg/doppelkopf-srv under ddv, and two games under
 * hamvocke.yaml (hamvocke/doppelkopf's rules as a set on top of ddv), and
 * games of FreeDoko's self-played party (and samples/normal-ddv.xml) under
 * ddv with one of FreeDoko's extra points or its counting switched on, each
 * worked by hand in its comment, and two games found with the generator of
 * tools/gen_checks.py where both ♦A or both ♣J of one party fall in the
 * last trick (these files are written by hand, not by gen_examples.py).  For
 * every record: it is valid, the replay finds nothing, the card points and
 * the winner are those written in <recorded>, and the plus-minus of every
 * seat (dk_score_per_seat) equals the <recorded> score: the document's
 * figures.
 *
 * hamvocke's 34 scoring cases (tests/unit/models/score.test.ts, commit
 * c140135b; the 35th only checks that 121 + 121 eyes is refused) run at unit
 * level under hamvocke.yaml, with hamvocke's own expectation (the table is
 * written by tools/gen_examples.py from ecosystem-data).  Under ddv the same
 * cases run with the DDV expectation in test_score.c.
 *
 * Differences between a document and the engine, by file.  A file listed
 * in known_differences is not compared with its <recorded> in
 * examples_score_as_recorded; known_differences_hold asserts, for each, that
 * the engine still gives the figure listed here and the record still holds
 * the document's.  At present no worked example differs: the list is empty.
 *
 * Not modelled, so not a difference of the score of one game:
 * - unsere-2024's Bock figures (14 and 6): the engine has no Bock rounds
 *   yet.  The records hold the figures without Bock (7 and 3);
 *   document_bock_figures asserts that the document's Bock rule (every point
 *   doubled, the special points too) turns them into 14 and 6.
 * - hamvocke differences the engine cannot express (no hamvocke case reaches
 *   them; see hamvocke.yaml): a party that announced keeps its 121/120 target
 *   against the opponents' limit; a Doppelkopf counts in a solo.
 */
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
#include "score.h"

TestSuite(examples, .fini = dk_leak_check);

#define EXAMPLES DK_SOURCE_ROOT "/tests/check/examples"

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

static void init(void)
{
	dk_xml_global_init();
}

/* ---- the list of known differences ------------------------------------------ */

struct difference {
	const char *file;            /* in tests/check/examples */
	const char *reason;          /* the items, and the rule text that decides */
	long engine[5];              /* the engine's plus-minus, by seat 1..4 */
};

static const struct difference known_differences[] = {
	{ NULL, NULL, { 0 } },       /* none at present */
};

static const struct difference *difference_of(const char *file)
{
	for (const struct difference *x = known_differences; x->file; x++)
		if (strcmp(x->file, file) == 0)
			return x;
	return NULL;
}

/* every file the generator writes: a missing one fails the test */
static const char *const required[] = {
	"turnier-2022--normal-kontra-wins-7.xml",
	"turnier-2022--solo-kontra-wins-12.xml",
	"unsere-2024--kontra-wins-fox-7.xml",
	"unsere-2024--re-wins-karlchen-3.xml",
	"esslingen-2002--re-wins-under-30-12.xml",
	"esslingen-2002--kontra-reaches-90-5.xml",
	"esslingen-2002--kontra-155-6.xml",
	"jengryg-normal.xml",
	"jengryg-solo-clubs.xml",
	"hamvocke-lost-solo.xml",
	"hamvocke-charlie-caught.xml",
	"freedoko-fox-last-trick--re-wins-4.xml",
	"freedoko-fox-caught-last-trick--re-wins-4.xml",
	"freedoko-heart10-caught--re-wins-6.xml",
	"freedoko-karlchen-caught-one-of-two--re-wins-2.xml",
	"freedoko-karlchen-caught-both--re-wins-3.xml",
	"ddv-heart-trick--re-wins-1.xml",
	"freedoko-counting-plus--re-wins-4.xml",
	"freedoko-counting-minus--re-wins-4.xml",
	"freedoko-karlchen-caught-by-diamond-queen--re-wins-1.xml",
	"ddv-fox-last-trick-both--re-wins-5.xml",
	"ddv-karlchen-both--re-wins-5.xml",
};

/* ---- one record --------------------------------------------------------------- */

/* what one game of a record gave */
struct outcome {
	bool ok;                     /* read, valid, replayed */
	char why[512];
	int games;
	int findings;
	char codes[512];
	long per_seat[DK_MAX_SEATS + 1];
	long recorded[DK_MAX_SEATS + 1];
	int recorded_count;
	dk_party winner, recorded_winner;
	int points[3], recorded_points[3];
	char items[1024];            /* the score items, for the log */
};

static int load_rules(dk_ruleset *rs, const dk_game *g, const char *file, dk_diag *d)
{
	const dk_rules_ref *ref = dk_game_rules(g);
	if (!ref)
		return -1;
	char key[1024];
	if (ref->name)
		snprintf(key, sizeof(key), "%s", ref->name);
	else if (ref->path[0] == '/')
		snprintf(key, sizeof(key), "%s", ref->path);
	else
		snprintf(key, sizeof(key), "%s/%s", EXAMPLES, ref->path);
	if (dk_ruleset_load(rs, key, dirs, d) != 0)
		return -1;
	for (size_t i = 0; i < ref->override_count; i++)
		if (dk_ruleset_override(rs, ref->overrides[i].key, ref->overrides[i].value, file,
					ref->overrides[i].loc, d) != 0)
			return -1;
	return ref->override_count ? dk_ruleset_check(rs, d) : 0;
}

static void run_record(const char *name, struct outcome *o)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", EXAMPLES, name);
	memset(o, 0, sizeof(*o));
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	if (dk_xml_reader_open(&r, path, NULL, 0, &d) != 0) {
		snprintf(o->why, sizeof(o->why), "cannot open: %s", d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
		return;
	}
	o->ok = true;
	dk_read_item it;
	while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
		if (it != DK_READ_GAME)
			continue;
		const dk_game *g = dk_xml_reader_game(r);
		dk_ruleset rs;
		dk_ruleset_init(&rs);
		if (!dk_xml_reader_game_ok(r) || load_rules(&rs, g, path, &d) != 0 ||
		    dk_record_check(g, &rs.rules, path, &d) != 0) {
			snprintf(o->why, sizeof(o->why), "invalid record or rule set: %s",
				 d.count ? d.items[d.count - 1].message : "?");
			o->ok = false;
			dk_ruleset_release(&rs);
			break;
		}
		o->games++;
		dk_replay rp;
		dk_replay_run(&rp, g, &rs.rules);
		o->findings += rp.finding_count;
		for (int i = 0; i < rp.finding_count; i++) {
			size_t l = strlen(o->codes);
			snprintf(o->codes + l, sizeof(o->codes) - l, "%s%s", l ? ", " : "",
				 dk_finding_code_name(rp.findings[i].code));
		}
		dk_score_input in;
		dk_score_input_from_replay(&in, &rp, g);
		dk_score sc;
		dk_score_compute(&sc, &in, &rs.rules);
		dk_score_per_seat(o->per_seat, &sc, &rp);
		o->winner = sc.winner;
		o->points[DK_PARTY_RE] = rp.points[DK_PARTY_RE];
		o->points[DK_PARTY_KONTRA] = rp.points[DK_PARTY_KONTRA];
		for (int i = 0; i < sc.item_count; i++) {
			size_t l = strlen(o->items);
			snprintf(o->items + l, sizeof(o->items) - l, "%s%s %s %+d",
				 i ? ", " : "", dk_score_item_name(sc.items[i].kind),
				 sc.items[i].party == DK_PARTY_RE ? "re" : "kontra",
				 sc.items[i].points);
		}
		const dk_recorded *rec = &g->recorded;
		o->recorded_winner = rec->winner_none ? DK_PARTY_NONE : rec->winner;
		o->recorded_points[DK_PARTY_RE] = rec->re_points;
		o->recorded_points[DK_PARTY_KONTRA] = rec->kontra_points;
		for (size_t i = 0; i < rec->score_count; i++) {
			o->recorded[rec->scores[i].seat] = rec->scores[i].points;
			o->recorded_count++;
		}
		dk_ruleset_release(&rs);
	}
	if (it == DK_READ_ERROR) {
		snprintf(o->why, sizeof(o->why), "unreadable: %s", d.count ? d.items[0].message : "?");
		o->ok = false;
	}
	dk_xml_reader_free(r);
	dk_diag_release(&d);
}

static void seats_text(char *out, size_t len, const long *v)
{
	snprintf(out, len, "%+ld %+ld %+ld %+ld", v[1], v[2], v[3], v[4]);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t list_records(char **names, size_t max)
{
	DIR *dp = opendir(EXAMPLES);
	cr_assert_not_null(dp, "cannot open %s", EXAMPLES);
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(dp)) && n < max) {
		size_t l = strlen(e->d_name);
		if (l > 4 && strcmp(e->d_name + l - 4, ".xml") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(dp);
	qsort(names, n, sizeof(char *), by_name);
	return n;
}

/* ---- the records ------------------------------------------------------------------ */

Test(examples, every_example_is_there)
{
	char *names[256];
	size_t n = list_records(names, 256);
	for (size_t k = 0; k < sizeof(required) / sizeof(required[0]); k++) {
		bool found = false;
		for (size_t i = 0; i < n; i++)
			found |= strcmp(names[i], required[k]) == 0;
		cr_expect(found, "%s is missing from tests/check/examples", required[k]);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
}

Test(examples, examples_score_as_recorded, .init = init)
{
	char *names[256];
	size_t n = list_records(names, 256), failed = 0;
	for (size_t i = 0; i < n; i++) {
		struct outcome o;
		run_record(names[i], &o);
		char got[128], want[128];
		seats_text(got, sizeof(got), o.per_seat);
		seats_text(want, sizeof(want), o.recorded);
		bool bad = true;
		if (!o.ok)
			cr_log_error("%s: %s", names[i], o.why);
		else if (o.games != 1)
			cr_log_error("%s: %d games, expected one", names[i], o.games);
		else if (o.findings)
			cr_log_error("%s: findings [%s], expected none", names[i], o.codes);
		else if (o.recorded_count != 4)
			cr_log_error("%s: %d recorded scores, expected 4", names[i], o.recorded_count);
		else if (o.points[DK_PARTY_RE] != o.recorded_points[DK_PARTY_RE] ||
			 o.points[DK_PARTY_KONTRA] != o.recorded_points[DK_PARTY_KONTRA])
			cr_log_error("%s: card points Re %d Kontra %d, recorded %d %d", names[i],
				     o.points[DK_PARTY_RE], o.points[DK_PARTY_KONTRA],
				     o.recorded_points[DK_PARTY_RE], o.recorded_points[DK_PARTY_KONTRA]);
		else if (o.winner != o.recorded_winner)
			cr_log_error("%s: winner %d, recorded %d", names[i], (int)o.winner,
				     (int)o.recorded_winner);
		else if (difference_of(names[i]))
			bad = false;    /* asserted in known_differences_hold */
		else if (strcmp(got, want) != 0)
			cr_log_error("%s: plus-minus by seat %s, recorded (the document) %s; items: %s",
				     names[i], got, want, o.items);
		else
			bad = false;
		failed += bad;
		free(names[i]);
	}
	cr_expect_geq(n, sizeof(required) / sizeof(required[0]));
	cr_expect_eq(failed, 0, "%zu of %zu records differ", failed, n);
}

Test(examples, known_differences_hold, .init = init)
{
	for (const struct difference *x = known_differences; x->file; x++) {
		struct outcome o;
		run_record(x->file, &o);
		cr_assert(o.ok, "%s: %s", x->file, o.why);
		char got[128], engine[128], doc[128];
		seats_text(got, sizeof(got), o.per_seat);
		seats_text(engine, sizeof(engine), x->engine);
		seats_text(doc, sizeof(doc), o.recorded);
		cr_expect_str_eq(got, engine, "%s: the engine gives %s, listed %s (%s)", x->file,
				 got, engine, x->reason);
		cr_expect_str_neq(doc, engine, "%s: the engine now agrees with the document (%s): "
				  "take it off the list", x->file, doc);
	}
}

Test(examples, document_bock_figures, .init = init)
{
	/* unsere-2024: "Sonderpunkte werden nicht durch Kontra/Re verdoppelt,
	 * wohl aber durch Bock"; "Dazu ein Fuchs ergibt 7. Bockrunde 14";
	 * "Gegner hat Charlie, ergibt 3, Bock 6".  Bock rounds are not modelled:
	 * the document's Bock figure is the game's plus-minus doubled. */
	static const struct {
		const char *file;
		long bock;               /* for the winning party */
	} cases[] = {
		{ "unsere-2024--kontra-wins-fox-7.xml", 14 },
		{ "unsere-2024--re-wins-karlchen-3.xml", 6 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct outcome o;
		run_record(cases[i].file, &o);
		cr_assert(o.ok, "%s: %s", cases[i].file, o.why);
		for (int s = 1; s <= 4; s++) {
			long win = o.per_seat[s] > 0 ? o.per_seat[s] : -o.per_seat[s];
			cr_expect_eq(2 * win, cases[i].bock, "%s seat %d: %ld doubled is not the "
				     "document's Bock figure %ld", cases[i].file, s, win,
				     cases[i].bock);
		}
	}
}

/* ---- hamvocke's scoring cases ----------------------------------------------------- */

struct hcase {
	const char *name;
	int solo, re, kontra, said_re, said_kontra;
	int sp_re[4], sp_kontra[4];   /* doppelkopf, fox, charlie, charlie caught */
	int winner;                   /* 0 none, 1 Re, 2 Kontra, -1 not stated */
	int has_points;               /* the case states totalPoints */
	int re_pp, kontra_pp;         /* per Re player (the soloist), per Kontra player */
};

static const struct hcase hcases[] = {
	/* BEGIN hamvocke cases (tools/gen_examples.py) */
	{ "should distribute points evenly when playing regular game", 0, 123, 117, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 1, -1 },
	{ "should distribute points evenly when winning a solo", 1, 123, 117, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 3, -1 },
	{ "should distribute points evenly when losing a solo", 1, 119, 121, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, -6, 2 },
	{ "should win with more than 120 points", 0, 121, 119, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 0, 0, 0 },
	{ "should win with 120 points if kontra party announced winning", 0, 120, 120, 0x0, 0x1, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 0, 0, 0 },
	{ "should lose with 120 points if both parties announced winning", 0, 120, 120, 0x1, 0x1, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 0, 0, 0 },
	{ "should get 2 extra points for announcing 're'", 0, 130, 110, 0x1, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 1, 3, -3 },
	{ "should get 2 points when kontra announced 'kontra'", 0, 140, 100, 0x0, 0x1, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 1, 3, -3 },
	{ "should win with 120 points or more", 0, 120, 120, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 0, 0, 0 },
	{ "should lose with 120 points when announcing 'kontra'", 0, 120, 120, 0x0, 0x1, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 0, 0, 0 },
	{ "should get 1 extra point for winning against 're'", 0, 110, 130, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, -2, 2 },
	{ "should get 2 points for announcing 'kontra'", 0, 100, 140, 0x0, 0x1, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -4, 4 },
	{ "should get 2 points when re announced 're'", 0, 100, 140, 0x1, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -4, 4 },
	{ "should get 1 point for winning", 0, 150, 90, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 1, -1 },
	{ "should get 1 point for announcing 'no 90' and getting more than 150 points", 0, 151, 89, 0x3, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 5, -5 },
	{ "should get 1 point for announcing 'no 60' and getting more than 180 points", 0, 59, 181, 0x0, 0x7, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, -8, 8 },
	{ "should get 1 point for announcing 'no 30' and getting more than 210 points", 0, 211, 29, 0xf, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 9, -9 },
	{ "should get 1 point for announcing 'no points' and getting 240 points", 0, 240, 0, 0x1f, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 11, -11 },
	{ "should lose with less than 151 points when announcing 'no 90'", 0, 150, 90, 0x3, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -5, 5 },
	{ "should lose with less than 181 points when announcing 'no 60'", 0, 60, 180, 0x0, 0x7, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 1, 5, -5 },
	{ "should lose with less than 211 points when announcing 'no 30'", 0, 210, 30, 0xf, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -7, 7 },
	{ "should lose with less than 240 points when announcing 'no points'", 0, 239, 1, 0x1f, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -8, 8 },
	{ "should get 1 point when getting 120 points against a 'no 90' announcement", 0, 120, 120, 0x0, 0x3, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 1, 5, -5 },
	{ "should get 1 point when getting 90 points against a 'no 60' announcement", 0, 150, 90, 0x7, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -7, 7 },
	{ "should get 1 point when getting 60 points against a 'no 30' announcement", 0, 60, 180, 0x0, 0xf, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 1, 1, 7, -7 },
	{ "should get 1 point when getting 30 points against a 'no points' announcement", 0, 210, 30, 0x1f, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -9, 9 },
	{ "should get 1 point each for own and for losing party's announcements", 0, 59, 181, 0x7, 0x7, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -14, 14 },
	{ "should lose both when neither reached their announced points", 0, 110, 130, 0x3, 0x7, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 0, 1, 0, 0 },
	{ "should get 1 point for winning a 'Doppelkopf'", 0, 110, 130, 0x0, 0x0, { 1, 0, 0, 0 }, { 0, 0, 0, 0 }, 2, 1, -1, 1 },
	{ "should get 1 point for catching a 'Fox'", 0, 130, 110, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 1, 0, 0 }, 1, 1, 0, 0 },
	{ "should get 1 extra point for getting 151 points (test.each)", 0, 151, 89, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 2, -2 },
	{ "should get 1 extra point for getting 181 points (test.each)", 0, 181, 59, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 3, -3 },
	{ "should get 1 extra point for getting 211 points (test.each)", 0, 211, 29, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 4, -4 },
	{ "should get 1 extra point for getting 240 points (test.each)", 0, 240, 0, 0x0, 0x0, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, -1, 1, 5, -5 },
	/* END hamvocke cases */
};

Test(examples, hamvocke_scoring_cases)
{
	dk_ruleset rs;
	dk_ruleset_init(&rs);
	dk_diag d;
	dk_diag_init(&d);
	int rc = dk_ruleset_load(&rs, EXAMPLES "/hamvocke.yaml", dirs, &d);
	cr_assert_eq(rc, 0, "hamvocke.yaml: %s", d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
	size_t n = sizeof(hcases) / sizeof(hcases[0]), failed = 0;
	for (size_t i = 0; i < n; i++) {
		const struct hcase *c = &hcases[i];
		dk_score_input in;
		memset(&in, 0, sizeof(in));
		in.solo = c->solo;
		in.solo_kind = c->solo ? DK_SOLO_QUEENS : DK_SOLO_NONE;
		in.points[DK_PARTY_RE] = c->re;
		in.points[DK_PARTY_KONTRA] = c->kontra;
		/* hamvocke judges schwarz by 0 eyes; with 40 cards a trick holds
		 * at least 8, so a party with eyes took a trick */
		in.took_trick[DK_PARTY_RE] = c->re > 0;
		in.took_trick[DK_PARTY_KONTRA] = c->kontra > 0;
		for (int l = 0; l < DK_LEVELS; l++) {
			in.said[DK_PARTY_RE][l] = (c->said_re >> l) & 1;
			in.said[DK_PARTY_KONTRA][l] = (c->said_kontra >> l) & 1;
		}
		in.first_call = c->said_re & 1 ? DK_PARTY_RE : c->said_kontra & 1 ? DK_PARTY_KONTRA
										: DK_PARTY_NONE;
		in.doppelkopf[DK_PARTY_RE] = c->sp_re[0];
		in.fox[DK_PARTY_RE] = c->sp_re[1];
		in.karlchen[DK_PARTY_RE] = c->sp_re[2];
		in.karlchen_caught[DK_PARTY_RE] = c->sp_re[3];
		in.doppelkopf[DK_PARTY_KONTRA] = c->sp_kontra[0];
		in.fox[DK_PARTY_KONTRA] = c->sp_kontra[1];
		in.karlchen[DK_PARTY_KONTRA] = c->sp_kontra[2];
		in.karlchen_caught[DK_PARTY_KONTRA] = c->sp_kontra[3];
		dk_score s;
		dk_score_compute(&s, &in, &rs.rules);
		int re_pp = c->solo ? s.value * s.factor : s.value, kontra_pp = -s.value;
		bool bad = false;
		if (c->winner >= 0 && (int)s.winner != c->winner)
			bad = true;
		if (c->has_points && (re_pp != c->re_pp || kontra_pp != c->kontra_pp))
			bad = true;
		if (bad) {
			cr_log_error("%s: winner %d, Re %+d, Kontra %+d; hamvocke: winner %d, Re %+d, "
				     "Kontra %+d", c->name, (int)s.winner, re_pp, kontra_pp, c->winner,
				     c->re_pp, c->kontra_pp);
			failed++;
		}
	}
	cr_expect_eq(n, 34);
	cr_expect_eq(failed, 0, "%zu of %zu hamvocke cases differ under hamvocke.yaml", failed, n);
	dk_ruleset_release(&rs);
}

/*
 * test_xml.c - the XML reader and the canonical writer: what lands in the
 * model, positions of errors, sessions and comments, and round trips of
 * every sample.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fmt_xml.h"
#include "leakcheck.h"

TestSuite(xml, .fini = dk_leak_check);

static void init(void)
{
	dk_xml_global_init();
}

/* read a whole document and write it canonically; returns NULL on any error */
static char *canonical(const char *data, size_t len, const char *name, dk_diag *d)
{
	dk_xml_reader *r;
	if (dk_xml_reader_open_memory(&r, data, len, name, 0, d) != 0)
		return NULL;
	dk_buf b;
	dk_buf_init(&b);
	size_t nc;
	const char *const *c = dk_xml_reader_prologue(r, &nc);
	dk_xml_write_begin(&b, c, nc);
	int depth = 1;
	bool ok = true;
	for (;;) {
		dk_read_item it = dk_xml_reader_next(r, d);
		if (it == DK_READ_ERROR) {
			ok = false;
			break;
		}
		if (it == DK_READ_END)
			break;
		if (!dk_xml_reader_game_ok(r))
			ok = false;
		dk_xml_write_item(&b, r, it, &depth);
	}
	dk_xml_write_end(&b);
	dk_xml_reader_free(r);
	if (!ok) {
		dk_buf_release(&b);
		return NULL;
	}
	return b.data;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

Test(xml, every_sample_round_trips_byte_for_byte, .init = init)
{
	DIR *dir = opendir(DK_SOURCE_ROOT "/samples");
	cr_assert_not_null(dir);
	struct dirent *e;
	int files = 0;
	while ((e = readdir(dir))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof(path), DK_SOURCE_ROOT "/samples/%s", e->d_name);
		size_t len;
		char *src = slurp(path, &len);
		dk_diag d;
		dk_diag_init(&d);
		char *once = canonical(src, len, e->d_name, &d);
		cr_expect_not_null(once, "%s does not read: %s", e->d_name,
				   d.count ? d.items[0].message : "?");
		if (once) {
			char *twice = canonical(once, strlen(once), e->d_name, &d);
			cr_expect_not_null(twice, "canonical %s does not read back", e->d_name);
			if (twice)
				cr_expect_str_eq(twice, once, "%s: writing twice differs", e->d_name);
			/* nothing lost: the canonical form holds every element of the
			 * source (its count of '<' outside comments is the same) */
			free(twice);
		}
		free(once);
		free(src);
		dk_diag_release(&d);
		files++;
	}
	closedir(dir);
	cr_expect_geq(files, 20, "only %d samples", files);
}

Test(xml, german_notation_reads_as_the_same_game, .init = init)
{
	size_t la, lb;
	char *a = slurp(DK_SOURCE_ROOT "/samples/normal-ddv.xml", &la);
	char *b = slurp(DK_SOURCE_ROOT "/samples/notation-german.xml", &lb);
	dk_diag d;
	dk_diag_init(&d);
	char *ca = canonical(a, la, "a", &d);
	char *cb = canonical(b, lb, "b", &d);
	cr_assert_not_null(ca);
	cr_assert_not_null(cb);
	/* compare from the <deal> on: comments and notes differ on purpose */
	const char *da = strstr(ca, "<deal"), *db = strstr(cb, "<deal");
	cr_assert(da && db);
	const char *ea = strstr(da, "</play>"), *eb = strstr(db, "</play>");
	cr_assert(ea && eb);
	cr_expect_eq(ea - da, eb - db);
	cr_expect_eq(strncmp(da, db, (size_t)(ea - da)), 0, "the German notation reads differently");
	free(a);
	free(b);
	free(ca);
	free(cb);
	dk_diag_release(&d);
}

static const char game_doc[] =
	"<?xml version=\"1.0\"?>\n"
	"<!-- file comment -->\n"
	"<dokoref version=\"1\">\n"
	"  <session event=\"Abend\" date=\"2026-11-20\" bock-pending=\"2\">\n"
	"    <rules name=\"ddv\"><set key=\"ties.heart10\" value=\"second-wins\"/></rules>\n"
	"    <players><player seat=\"1\" name=\"A\"/><player seat=\"2\" name=\"B\"/>"
	"<player seat=\"3\" name=\"C\"/><player seat=\"4\" name=\"D &amp; E\"/></players>\n"
	"    <!-- before game 1 -->\n"
	"    <game number=\"7\">\n"
	"      <deal dealer=\"4\"><hand seat=\"1\">CQ CQ</hand><hand seat=\"2\">HA</hand>"
	"<hand seat=\"3\">D9</hand><hand seat=\"4\">SA</hand></deal>\n"
	"      <bidding><reservation seat=\"1\"/><solo seat=\"1\" kind=\"queens\" calls=\"re no90\"/>"
	"<poverty-report seat=\"2\" trumps=\"1\">ein Trumpf zurück</poverty-report></bidding>\n"
	"      <play><trick><card seat=\"1\">CQ</card><announce seat=\"2\" call=\"kontra\"/>"
	"<card seat=\"2\">HA</card><card seat=\"3\">D9</card><card seat=\"4\">SA</card></trick>"
	"<trick><wende-genscher seat=\"1\" partner=\"3\"/><objection seat=\"2\">too late</objection>"
	"<card seat=\"1\">CQ</card></trick></play>\n"
	"      <recorded winner=\"none\" re=\"120\" kontra=\"120\"><score seat=\"1\" points=\"-3\"/>"
	"<total seat=\"1\" points=\"12\"/></recorded>\n"
	"    </game>\n"
	"  </session>\n"
	"  <session/>\n"
	"</dokoref>\n";

Test(xml, the_model_holds_what_was_written, .init = init)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	cr_assert_eq(dk_xml_reader_open_memory(&r, game_doc, strlen(game_doc), "t.xml", 0, &d), 0);
	size_t nc;
	const char *const *pc = dk_xml_reader_prologue(r, &nc);
	cr_assert_eq(nc, 1);
	cr_expect_str_eq(pc[0], " file comment ");
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_SESSION_START);
	const dk_session *s = dk_xml_reader_session(r);
	cr_expect_str_eq(s->meta.event, "Abend");
	cr_expect_eq(s->bock_pending, 2);
	cr_expect_str_eq(s->rules.name, "ddv");
	cr_assert_eq(s->rules.override_count, 1);
	cr_expect_str_eq(s->rules.overrides[0].value, "second-wins");
	cr_assert_eq(s->players.count, 4);
	cr_expect_str_eq(s->players.items[3].name, "D & E");
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME);
	cr_expect(dk_xml_reader_game_ok(r));
	const dk_game *g = dk_xml_reader_game(r);
	cr_expect_eq(g->session, s);
	cr_expect_str_eq(g->meta.number, "7");
	cr_expect_str_eq(dk_game_event(g), "Abend");     /* inherited */
	cr_expect_str_eq(dk_game_date(g), "2026-11-20");
	cr_expect_str_eq(dk_game_player_at(g, 2)->name, "B");
	cr_assert_eq(g->comment_count, 1);
	cr_expect_str_eq(g->comments[0], " before game 1 ");
	cr_expect_eq(g->deal.dealer, 4);
	cr_expect_eq(g->deal.hand_count, 4);
	cr_expect_eq(g->deal.hands[0].count, 2);
	cr_expect_eq(g->deal.hands[0].card_loc[1].line, 9);
	cr_expect_eq(g->deal.hands[0].card_loc[1].col, 42);
	cr_assert_eq(g->bid_count, 3);
	cr_expect_eq(g->bids[1].kind, DK_BID_SOLO);
	cr_expect_eq(g->bids[1].solo, DK_SOLO_QUEENS);
	cr_expect_eq(g->bids[1].call_count, 2);
	cr_expect_eq(g->bids[1].calls[1], DK_CALL_NO90);
	cr_expect_eq(g->bids[2].trumps, 1);
	cr_expect_str_eq(g->bids[2].text, "ein Trumpf zurück");
	cr_assert_eq(g->event_count, 8);
	cr_expect_eq(g->events[1].kind, DK_EV_ANNOUNCE);
	cr_expect_eq(g->events[1].call, DK_CALL_KONTRA);
	cr_expect_eq(g->events[5].kind, DK_EV_WENDE_GENSCHER);
	cr_expect_eq(g->events[5].partner, 3);
	cr_expect_str_eq(g->events[6].text, "too late");
	cr_expect_eq(dk_game_card_count(g), 5);
	cr_expect(g->recorded.winner_none);
	cr_expect_eq(g->recorded.re_points, 120);
	cr_expect_eq(g->recorded.scores[0].points, -3);
	cr_expect_eq(g->recorded.totals[0].points, 12);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_SESSION_END);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_SESSION_START);  /* <session/> */
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_SESSION_END);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_END);
	cr_expect_eq(d.errors, 0);
	dk_xml_reader_free(r);
	dk_diag_release(&d);
}

Test(xml, canonical_form_is_stable_for_an_edge_document, .init = init)
{
	dk_diag d;
	dk_diag_init(&d);
	char *once = canonical(game_doc, strlen(game_doc), "t.xml", &d);
	cr_assert_not_null(once);
	char *twice = canonical(once, strlen(once), "t.xml", &d);
	cr_assert_not_null(twice);
	cr_expect_str_eq(twice, once);
	/* events between tricks open the next trick */
	cr_expect_not_null(strstr(once, "<trick>\n          <wende-genscher seat=\"1\" partner=\"3\"/>"),
			   "%s", once);
	cr_expect_not_null(strstr(once, "<session/>") == NULL ? strstr(once, "<session>\n  </session>") : once);
	free(once);
	free(twice);
	dk_diag_release(&d);
}

Test(xml, errors_inside_a_game_do_not_stop_the_file, .init = init)
{
	static const char doc[] =
		"<dokoref version=\"1\">\n"
		"<game><players><player seat=\"1\" name=\"A\"/></players>"
		"<deal dealer=\"9\"><hand seat=\"1\">CQ ZZ</hand></deal></game>\n"
		"<game><players><player seat=\"1\" name=\"A\"/></players>"
		"<deal dealer=\"1\"><hand seat=\"1\">CQ</hand></deal></game>\n"
		"</dokoref>\n";
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	cr_assert_eq(dk_xml_reader_open_memory(&r, doc, strlen(doc), "e.xml", 0, &d), 0);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME);
	cr_expect_not(dk_xml_reader_game_ok(r));
	cr_assert_eq(d.count, 2);
	cr_expect_str_eq(d.items[0].message, "dealer '9' is not a seat number from 1 to 6");
	cr_expect_eq(d.items[0].loc.line, 2);
	cr_expect_eq(d.items[0].loc.col, 59);
	cr_expect_eq(d.items[1].loc.col, 88);  /* the "ZZ" */
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME);
	cr_expect(dk_xml_reader_game_ok(r));
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_END);
	dk_xml_reader_free(r);
	dk_diag_release(&d);
}

Test(xml, fatal_errors_stop_with_a_position, .init = init)
{
	static const struct {
		const char *doc;
		const char *message;
		unsigned line, col;
	} cases[] = {
		{ "<dokoref version=\"1\">\n  <gmae/>\n</dokoref>",
		  "<gmae> is not an element of the format here (inside <dokoref>)", 2, 3 },
		{ "<dokoref version=\"1\">\n<game colour=\"red\"/></dokoref>",
		  "<game> has no attribute 'colour'", 2, 7 },
		{ "<dokoref version=\"1\"><game>\n</gmae></dokoref>",
		  "malformed XML: opening and ending tag mismatch: game line 1 and gmae", 2, 8 },
		{ "<?xml version=\"1.0\"?>\n<!DOCTYPE x>\n<dokoref version=\"1\"/>",
		  "a document type declaration (<!DOCTYPE) is not accepted", 2, 1 },
		{ "<dokoref version=\"1\">\xe2\x99\xa3 text</dokoref>",
		  "<dokoref> holds the text '\xe2\x99\xa3 text' where only elements may stand", 1, 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dk_diag d;
		dk_diag_init(&d);
		dk_xml_reader *r = NULL;
		int rc = dk_xml_reader_open_memory(&r, cases[i].doc, strlen(cases[i].doc), "f.xml", 0, &d);
		if (rc == 0) {
			dk_read_item it;
			while ((it = dk_xml_reader_next(r, &d)) != DK_READ_ERROR && it != DK_READ_END)
				;
			cr_expect_eq(it, DK_READ_ERROR, "case %zu was accepted", i);
			dk_xml_reader_free(r);
		}
		cr_assert_geq(d.count, 1, "case %zu: no message", i);
		cr_expect_str_eq(d.items[0].message, cases[i].message, "case %zu", i);
		if (cases[i].line) {
			cr_expect_eq(d.items[0].loc.line, cases[i].line, "case %zu line", i);
			cr_expect_eq(d.items[0].loc.col, cases[i].col, "case %zu col", i);
		}
		dk_diag_release(&d);
	}
}

/* text far longer than the parser's chunks, and many games: the nodes come
 * whole and in order, text pieces (entities, CDATA) joined, positions right */
Test(xml, long_text_and_many_games_across_chunks, .init = init)
{
	static const char game[] =
		"  <game>\n"
		"    <players><player seat=\"1\" name=\"A\"/><player seat=\"2\" name=\"B\"/>"
		"<player seat=\"3\" name=\"C\"/><player seat=\"4\" name=\"D\"/></players>\n"
		"    <deal dealer=\"1\"><hand seat=\"1\">CQ  \xe2\x99\xa3" "D</hand></deal>\n"
		"  </game>\n";
	dk_buf doc, note;
	dk_buf_init(&doc);
	dk_buf_init(&note);
	dk_buf_puts(&doc, "<dokoref version=\"1\">\n  <game>\n    <note>");
	for (int i = 0; i < 2000; i++)
		dk_buf_puts(&doc, "x&amp;y <![CDATA[<\xc3\xa4>]]> ");
	for (int i = 0; i < 2000; i++)
		dk_buf_puts(&note, "x&y <\xc3\xa4> ");
	dk_buf_puts(&doc, "</note>\n    <deal dealer=\"1\"><hand seat=\"1\">CQ</hand></deal>\n"
		      "    <players><player seat=\"1\" name=\"A\"/></players>\n  </game>\n");
	for (int i = 0; i < 300; i++)
		dk_buf_puts(&doc, game);
	dk_buf_puts(&doc, "</dokoref>\n");
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	cr_assert_eq(dk_xml_reader_open_memory(&r, doc.data, doc.len, "n.xml", 0, &d), 0);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME);
	const dk_game *g = dk_xml_reader_game(r);
	cr_assert_eq(g->note_count, 1);
	/* the last space stands alone after a CDATA section: white space only,
	 * skipped as xmlTextReader skipped it */
	note.data[--note.len] = '\0';
	cr_expect_eq(strlen(g->notes[0].text), note.len);
	cr_expect(strcmp(g->notes[0].text, note.data) == 0, "the note differs");
	/* <players> after <deal>: a game error at the right place, reading goes on */
	cr_expect_not(dk_xml_reader_game_ok(r));
	cr_assert_eq(d.count, 1);
	cr_expect_str_eq(d.items[0].message, "<players> must come before <deal>");
	cr_expect_eq(d.items[0].loc.line, 5);
	cr_expect_eq(d.items[0].loc.col, 5);
	size_t games = 0;
	dk_read_item it;
	while ((it = dk_xml_reader_next(r, &d)) == DK_READ_GAME) {
		g = dk_xml_reader_game(r);
		cr_expect(dk_xml_reader_game_ok(r));
		cr_assert_eq(g->deal.hand_count, 1);
		cr_assert_eq(g->deal.hands[0].count, 2);
		/* game k (from 0) starts on line 7 + 4k; the hand is on its third line */
		cr_expect_eq(g->deal.hands[0].card_loc[1].line, 7 + 4 * games + 2);
		cr_expect_eq(g->deal.hands[0].card_loc[1].col, 41);
		games++;
	}
	cr_expect_eq(it, DK_READ_END);
	cr_expect_eq(games, 300);
	cr_expect_eq(d.count, 1);
	dk_xml_reader_free(r);
	dk_buf_release(&doc);
	dk_buf_release(&note);
	dk_diag_release(&d);
}

/* <deal exchange="unknown"> is read, written back, and refuses any other value */
Test(xml, exchange_unknown_round_trips, .init = init)
{
	static const char doc[] =
		"<dokoref version=\"1\"><game><players><player seat=\"1\" name=\"A\"/>"
		"<player seat=\"2\" name=\"B\"/><player seat=\"3\" name=\"C\"/>"
		"<player seat=\"4\" name=\"D\"/></players><deal dealer=\"1\" exchange=\"unknown\">"
		"<hand seat=\"1\">CQ</hand><hand seat=\"2\">HA</hand><hand seat=\"3\">D9</hand>"
		"<hand seat=\"4\">SA</hand></deal></game></dokoref>\n";
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	cr_assert_eq(dk_xml_reader_open_memory(&r, doc, strlen(doc), "t.xml", 0, &d), 0);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME);
	cr_expect(dk_xml_reader_game(r)->exchange_unknown);
	dk_xml_reader_free(r);
	char *once = canonical(doc, strlen(doc), "t.xml", &d);
	cr_assert_not_null(once);
	cr_expect_not_null(strstr(once, "<deal dealer=\"1\" exchange=\"unknown\">"), "%s", once);
	free(once);

	static const char bad[] =
		"<dokoref version=\"1\"><game><players><player seat=\"1\" name=\"A\"/>"
		"<player seat=\"2\" name=\"B\"/><player seat=\"3\" name=\"C\"/>"
		"<player seat=\"4\" name=\"D\"/></players><deal dealer=\"1\" exchange=\"known\">"
		"<hand seat=\"1\">CQ</hand><hand seat=\"2\">HA</hand><hand seat=\"3\">D9</hand>"
		"<hand seat=\"4\">SA</hand></deal></game></dokoref>\n";
	cr_assert_eq(dk_xml_reader_open_memory(&r, bad, strlen(bad), "t.xml", 0, &d), 0);
	dk_xml_reader_next(r, &d);
	cr_expect_not(dk_xml_reader_game_ok(r));
	cr_expect_geq(d.errors, 1);
	dk_xml_reader_free(r);
	dk_diag_release(&d);
}

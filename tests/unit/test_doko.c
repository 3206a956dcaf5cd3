/*
 * test_doko.c - the notation reader and writer: the card shorthands, a
 * typed game that is the same game as its XML sample, and every error
 * message of the reader with the position it points at (line and column
 * worked out by hand from the text below).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fmt_doko.h"
#include "fmt_xml.h"
#include "leakcheck.h"
#include "shipped_rules.h"

TestSuite(doko, .fini = dk_leak_check);

/* ---- cards ------------------------------------------------------------- */

static dk_card card(const char *s)
{
	dk_card c = DK_CARD_NONE;
	if (!dk_doko_card_parse(&c, s, strlen(s)))
		return DK_CARD_NONE;
	return c;
}

Test(doko, card_shorthands)
{
	static const struct { const char *text; const char *code; } ok[] = {
		/* what the XML accepts */
		{ "CQ", "CQ" }, { "cq", "CQ" }, { "KrD", "CQ" }, { "\xe2\x99\xa3" "D", "CQ" },
		{ "Kreuz-D", "CQ" }, { "H10", "H10" }, { "HT", "H10" }, { "He10", "H10" },
		{ "KaA", "DA" }, { "DA", "DA" }, { "\xe2\x99\xa6" "A", "DA" }, { "PiB", "SJ" },
		{ "dd", "DQ" }, { "DB", "DJ" },
		/* German one-letter suits k (Kreuz) and p (Pik) */
		{ "kd", "CQ" }, { "KD", "CQ" }, { "kb", "CJ" }, { "kk", "CK" }, { "k9", "C9" },
		{ "k10", "C10" }, { "kq", "CQ" }, { "pd", "SQ" }, { "pb", "SJ" }, { "pa", "SA" },
		{ "p10", "S10" }, { "pk", "SK" },
		/* z for the ten */
		{ "hz", "H10" }, { "HZ", "H10" }, { "kz", "C10" }, { "pz", "S10" }, { "kaz", "D10" },
		{ "dz", "D10" }, { "Herzz", "H10" }, { "\xe2\x99\xa5" "z", "H10" },
		/* the German suit letters before German ranks */
		{ "kra", "CA" }, { "kak", "DK" }, { "kad", "DQ" }, { "ka10", "D10" },
	};
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		dk_card c = card(ok[i].text);
		cr_expect_neq(c, DK_CARD_NONE, "'%s' should be a card", ok[i].text);
		if (c != DK_CARD_NONE)
			cr_expect_str_eq(dk_card_code(c), ok[i].code, "'%s'", ok[i].text);
	}
	/* "ka" is Kreuz-Ass or the start of Karo: refused, never guessed */
	static const char *const bad[] = { "ka", "KA", "k", "z", "10", "xx", "kreuzdame", "kx",
					   "p", "kz9", "Re", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_expect_eq(card(bad[i]), DK_CARD_NONE, "'%s' should not be a card", bad[i]);
}

Test(doko, sniff)
{
	cr_expect(dk_doko_sniff("rules: ddv\n", 11));
	cr_expect(dk_doko_sniff("# x\n\n  Spieler: A B C D\n", 23));
	cr_expect(dk_doko_sniff("game 1\n", 7));
	cr_expect(dk_doko_sniff("session\n", 8));
	cr_expect(dk_doko_sniff("\xef\xbb\xbfregeln: ddv", 14));
	cr_expect_not(dk_doko_sniff("<?xml version=\"1.0\"?>", 21));
	cr_expect_not(dk_doko_sniff("# FreeDoko Bugreport\nVersion: 0.7\n", 34));
	cr_expect_not(dk_doko_sniff("", 0));
}

/* ---- a typed game ---------------------------------------------------------- */

/* samples/normal-ddv.xml as a person types it: German shorthands, the
 * bidding left out (so the game has none), a trick number or two */
static const char typed_normal[] =
	"# Vereinsabend\n"
	"regeln: ddv\n"
	"spieler: Anna Ben Clara David\n"
	"geber: David\n"
	"1. Re kra kk kk k9\n"
	"kd hz pb kaa\n"
	"ha h9 hk hk\n"
	"pk kak p10 p10\n"
	"kaa hb hd pd\n"
	"hd h10 ka9 kab\n"
	"kd kad pb kab\n"
	"ka10 kak ka9 hb\n"
	"h9 ha kz kz\n"
	"kb kra k9 pd\n"
	"11. kb kad pa pk\n"
	"ka10 pa p9 p9\n"
	"ergebnis: Re 144:96 Anna +2 Ben -2 Clara +2 David -2\n";

static dk_game *xml_game(const char *path, dk_xml_reader **keep)
{
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_xml_reader_open(keep, path, NULL, 0, &d), 0);
	cr_assert_eq(dk_xml_reader_next(*keep, &d), DK_READ_GAME);
	dk_diag_release(&d);
	return (dk_game *)dk_xml_reader_game(*keep);
}

Test(doko, typed_game_is_the_sample)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	dk_diag d;
	dk_diag_init(&d);
	dk_doko_reader *r = NULL;
	cr_assert_eq(dk_doko_reader_open_memory(&r, typed_normal, strlen(typed_normal), "typed",
						&d), 0);
	cr_assert_eq(dk_doko_reader_next(r, &d), DK_READ_GAME);
	cr_assert(dk_doko_reader_game_ok(r));
	cr_assert_eq(dk_doko_reader_resolve(r, &rs.rules, &d), 0, "%s",
		     d.count ? d.items[0].message : "");
	const dk_game *g = dk_doko_reader_game(r);
	cr_expect_eq(dk_record_check(g, &rs.rules, "typed", &d), 0);
	cr_expect_eq(g->deal.dealer, 4);
	cr_expect_eq(g->event_count, 49u);  /* 48 cards and Anna's Re */
	cr_expect_eq(g->events[0].kind, DK_EV_ANNOUNCE);
	cr_expect_eq(g->events[0].seat, 1);
	/* trick 3 is led by Ben, who won trick 2 with the ♥10 */
	cr_expect_eq(g->events[9].seat, 2);
	cr_expect_str_eq(dk_card_code(g->events[9].card), "HA");
	/* the same game as the XML sample but for metadata, notes and bidding */
	dk_xml_reader *xr = NULL;
	dk_game *x = xml_game(DK_SOURCE_ROOT "/samples/normal-ddv.xml", &xr);
	dk_game want = *x;
	memset(&want.meta, 0, sizeof(want.meta));
	want.note_count = 0;
	want.has_bidding = false;
	want.bid_count = 0;
	dk_buf diff;
	dk_buf_init(&diff);
	cr_expect(dk_doko_same_game(&diff, &want, g), "%s", diff.data);
	dk_buf_release(&diff);
	dk_xml_reader_free(xr);
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

Test(doko, sample_written_and_read_back)
{
	dk_ruleset rs;
	load_shipped(&rs, "turnier-2022");
	dk_xml_reader *xr = NULL;
	dk_game *x = xml_game(DK_SOURCE_ROOT "/samples/poverty-turnier-2022.xml", &xr);
	dk_buf out, lost, diff;
	dk_buf_init(&out);
	dk_buf_init(&lost);
	dk_buf_init(&diff);
	dk_doko_write_game(&out, &lost, x, &rs.rules);
	cr_expect_eq(lost.len, 0u, "%s", lost.data);
	/* a complete game: no hands written, the exchange undone from the play */
	cr_expect_null(strstr(out.data, "hand "));
	dk_diag d;
	dk_diag_init(&d);
	dk_doko_reader *r = NULL;
	cr_assert_eq(dk_doko_reader_open_memory(&r, out.data, out.len, "w", &d), 0);
	cr_assert_eq(dk_doko_reader_next(r, &d), DK_READ_GAME);
	cr_assert_eq(dk_doko_reader_resolve(r, &rs.rules, &d), 0);
	cr_expect(dk_doko_same_game(&diff, x, dk_doko_reader_game(r)), "%s", diff.data);
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	dk_buf_release(&out);
	dk_buf_release(&lost);
	dk_buf_release(&diff);
	dk_xml_reader_free(xr);
	dk_ruleset_release(&rs);
}

/* ---- every error, with its position ------------------------------------------ */

#define HEAD "rules: ddv\nplayers: Anna, Ben, Clara, David\ndealer: David\n"
#define PLAY1_4 "CA CK CK C9\nCQ H10 SJ DA\nHA H9 HK HK\nSK DK S10 S10\n"
#define PLAY5_12 "DA HJ HQ SQ\nHQ H10 D9 DJ\nCQ DQ SJ DJ\nD10 DK D9 HJ\n" \
	"H9 HA C10 C10\nCJ CA C9 SQ\nCJ DQ SA SK\nD10 SA S9 S9\n"
#define HANDS "hand Anna: CQ HQ SJ DJ D9 CA C10 C9 S10 SK S9 HK\n" \
	"hand Ben: H10 SQ SQ HQ CJ HJ DJ CK SK S9 HA H9\n" \
	"hand Clara: H10 CQ DQ CJ SJ DA D10 D10 DK CK HA H9\n" \
	"hand David: DQ HJ DA DK D9 CA C10 C9 SA SA S10 HK\n"

typedef struct err_case {
	const char *text;
	unsigned line, col;
	const char *message;  /* a part of the message */
} err_case;

static const err_case errors[] = {
	/* the screen, before anything is read */
	{ HEAD "CQ\0", 4, 3, "a NUL byte is not accepted" },
	{ HEAD "Anna: \xc3(\n", 4, 7, "the text is not valid UTF-8" },
	/* typing errors in the play */
	{ HEAD "CA CK CK C9\nCQ HX SJ DA\n", 5, 4, "'HX' is not a card, an announcement or a "
	  "declaration" },
	{ HEAD "CA CK ka C9\n", 4, 7, "'ka' could be Kreuz-Ass or the start of Karo: write "
	  "'kra' or 'ca'" },
	{ HEAD "CA CK CK C9 DA\n", 4, 13, "trick 1 has a fifth card 'DA'; a trick has 4" },
	{ HEAD "CA CK CK C9\nBne: CQ H10 SJ DA\n", 5, 1, "'Bne' is not a player (the players: "
	  "Anna, Ben, Clara, David)" },
	{ HEAD PLAY1_4 "DA HJ HQ SQ\nHQ H10 D9 DJ\nCQ DQ SJ DJ\nD10 DK D9 HJ\n"
	  "H9 HA C10 C10\nCJ CA C9 SQ\nCQ DQ SA SK\nD10 SA S9 S9\n", 14, 1,
	  "'CQ' in trick 11 is played a third time (before in trick 2, line 5, and trick 7, "
	  "line 10)" },
	{ HEAD PLAY1_4 "DA HJ HQ\nHQ H10 D9 DJ\n", 8, 9, "trick 5 has 3 cards; Ben has not played" },
	{ HEAD PLAY1_4 "DA HJ HQ SQ\nHQ H10 D9 DJ\nCQ DQ SJ DJ\n", 10, 12,
	  "the play ends after 28 of 48 cards and the hand of Anna is not written" },
	{ HEAD "hand Anna: CQ HQ SJ DJ D9 CA C10 C9 S10 SK S9\n" PLAY1_4, 4, 6,
	  "the hand of Anna has 11 cards; the rule set deals 12" },
	{ HEAD "hand Anna: CQ HQ SJ DJ D9 CA C10 C9 S10 SK S9 HK HK\n", 4, 50,
	  "the hand of Anna has more than 12 cards: 'HK' is card 13" },
	{ HEAD "hand Anna: CQ HQ SJ QQ\n", 4, 21, "'QQ' in the hand of Anna is not a card" },
	{ HEAD "hand Anna: CQ\nhand Anna: CQ\n", 5, 6, "the hand of Anna is given twice" },
	{ HEAD HANDS "CA CK CK C9\nCQ SJ H10 DA\n", 9, 4, "Ben plays 'SJ' in trick 2, but the "
	  "hand of Ben (line 5) does not hold it; Anna's hand has one" },
	{ HEAD "CA CK CK C9\n3. CQ H10 SJ DA\n", 5, 1, "this line is trick 2, not 3" },
	{ HEAD "CA CK CK C9\n2. Re\n", 5, 1, "a numbered line holds a trick, but this one has no "
	  "card" },
	{ HEAD "CA CK CK Re\n", 4, 10, "who said it? No card follows on this line" },
	{ HEAD "CA CK wende-genscher\n", 4, 7, "'wende-genscher' needs the new partner's name" },
	{ HEAD "CA CK Clara:\n", 4, 7, "'Clara:' names who plays or says what follows, but "
	  "nothing follows" },
	/* the header */
	{ "rules: ddv\nplayers: Anna, Ben, Clara\ndealer: Anna\n", 2, 1, "a table has 4 to 6 "
	  "players in seat order, not 3" },
	{ "rules: ddv\nplayers: Anna, Ben, Anna, David\n", 2, 21, "'Anna' sits at the table twice" },
	{ HEAD "dealer: Ben\n", 4, 1, "'dealer:' is given twice" },
	{ HEAD "date: 2024-02-30\n", 4, 7, "date '2024-02-30' is not a date of the form YYYY-MM-DD" },
	{ "rules: Haus Regeln\n", 1, 13, "'rules:' takes one rule set" },
	{ "rules: Haus!\n", 1, 8, "'Haus!' is not a rule set name" },
	{ "set: deck.nines = false\nrules: ddv\n", 1, 1, "'set:' changes a rule set, but none is "
	  "named before it" },
	{ "rules: ddv\nset: deck.nines\n", 2, 6, "'set:' takes a rule key and a value" },
	{ "rules: ddv\nset: a = 1\nset: a = 2\n", 3, 6, "rule key 'a' is set twice" },
	{ "players: \"Anna Maria, Ben, Clara, David\n", 1, 10, "a quotation mark is not closed" },
	{ "rules: ddv\nplayers: Anna, Ben, Clara, David\nCA CK CK C9\n", 1, 1, "game 1 has no "
	  "dealer (write 'dealer: NAME')" },
	{ "rules: ddv\ndealer: Ben\n", 2, 9, "'Ben' names a player, but no players are given yet" },
	{ "rules: ddv\nplayers: Anna, Ben, Clara, David\ndealer: David Ben\n", 3, 1,
	  "'dealer:' takes one player" },
	{ HEAD "hand Anna: CQ\nhand Ben: CQ\nhand Clara: CQ\nhand David: CQ\nhand Anna CQ\n", 8,
	  1, "a hand is written 'hand NAME: CARDS'" },
	{ HEAD "foo:\n", 4, 1, "'foo:' is not a header" },
	{ "rules: ddv\nplayers: A B C D E\ndealer: E\nhand A: CQ\nhand B: CQ\nhand C: CQ\n"
	  "hand D: CQ\nhand E: CQ\n", 8, 1, "four players hold cards; this is a fifth hand" },
	{ HEAD "exchange: later\n", 4, 1, "'exchange:' takes only 'unknown'" },
	{ HEAD "bock: 3\n", 4, 1, "'bock:' belongs to a session's head" },
	/* bidding */
	{ HEAD "bidding: Anna gesund, Ben hungrig\n", 4, 27, "'hungrig' is not a bid" },
	{ HEAD "bidding: Anna solo\n", 4, 15, "which solo?" },
	{ HEAD "bidding: Anna solo jacks hurra\n", 4, 26, "'hurra' is not an announcement" },
	{ HEAD "bidding: Anna Hochzeit sofort\n", 4, 24, "'sofort' is not a marriage condition" },
	{ HEAD "bidding: Anna schmeissen Lust\n", 4, 26, "'Lust' is not a reason to throw in" },
	{ HEAD "bidding: Anna gibt CQ XQ\n", 4, 23, "'XQ' is not a card" },
	{ HEAD "bidding: Anna gibt CQ CQ HQ HQ SQ SQ DQ\n", 4, 38, "at most 6 cards change hands" },
	{ HEAD "bidding: Anna gesund Ben gesund\n", 4, 22, "'Ben' after the bid is not understood" },
	{ HEAD "bidding: Anna\n", 4, 10, "a bid is a player and what was said" },
	/* the result */
	{ HEAD "result: re kontra\n", 4, 12, "the winner is written twice" },
	{ HEAD "result: 144:300\n", 4, 9, "'144:300' is not card points" },
	{ HEAD "result: re Anna zwei\n", 4, 17, "a number must follow Anna's name" },
	{ HEAD "result: Anna +1 Anna +1\n", 4, 17, "Anna has two score entries" },
	{ HEAD "totals: Anna 1 Anna 2\n", 4, 16, "Anna has two total entries" },
	/* sessions and games */
	{ "session\nrules: ddv\nCA CK\n", 3, 1, "a session's head holds rules, players" },
	{ "end session\n", 1, 1, "'end' closes a session, but no session is open" },
	{ "session\nrules: ddv\nplayers: A, B, C, D\ngame\ndealer: A\n" PLAY1_4 PLAY5_12
	  "end session\nCA\n", 19, 1, "this line stands outside any game" },
	{ "rules: ddv\nplayers: A B C D\ngame\ngame\ndealer: A\n", 3, 1, "game 1 has no "
	  "dealer" },
	{ "rules: ddv\nplayers: A B C D\nCA CK CK C9\ngame\ndealer: A\n", 3, 1, "before the "
	  "first 'game' line only header lines stand" },
	{ "rules: ddv\nplayers: A B C D E\ndealer: E\n" PLAY1_4, 1, 1, "at a table of 5 the "
	  "notation needs the hands of the four who play" },
	/* a poverty without hands: the taker must play what he was passed */
	{ HEAD "bidding: Anna armut, Anna gibt DA, Ben nimmt\n" PLAY1_4 PLAY5_12, 4, 22,
	  "Anna passes 'DA', but Ben never plays it: the dealt hands cannot be worked out" },
	{ "rules: ddv\nplayers: A B C D\ndealer: A\n" "A: CA A: CK A: CK A: C9\n"
	  "CQ H10 SJ DA\nHA H9 HK HK\nSK DK S10 S10\nDA HJ HQ SQ\nHQ H10 D9 DJ\nCQ DQ SJ DJ\n"
	  "D10 DK D9 HJ\nH9 HA C10 C10\nCJ CA C9 SQ\nCJ DQ SA SK\nD10 SA S9 S9\n", 1, 1,
	  "A plays 15 cards, but a hand has at most 12" },
};

/* read text whole; the first error's position and message */
static bool first_error_in(dk_lang lang, const char *text, size_t len, const dk_rules *rules,
			   dk_loc *loc, char *msg, size_t msglen)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_doko_reader *r = NULL;
	if (dk_doko_reader_open_memory(&r, text, len, "t", &d) == 0) {
		dk_doko_reader_set_lang(r, lang);
		for (int i = 0; i < 20 && !d.errors; i++) {
			dk_read_item it = dk_doko_reader_next(r, &d);
			if (it == DK_READ_END || it == DK_READ_ERROR)
				break;
			if (it == DK_READ_GAME && dk_doko_reader_game_ok(r))
				dk_doko_reader_resolve(r, rules, &d);
		}
	}
	bool found = false;
	for (size_t i = 0; i < d.count && !found; i++)
		if (d.items[i].severity == DK_SEV_ERROR) {
			*loc = d.items[i].loc;
			snprintf(msg, msglen, "%s", d.items[i].message);
			found = true;
		}
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	return found;
}

static bool first_error(const char *text, size_t len, const dk_rules *rules, dk_loc *loc,
			char *msg, size_t msglen)
{
	return first_error_in(DK_LANG_EN, text, len, rules, loc, msg, msglen);
}

Test(doko, every_error_with_its_position)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
		const err_case *c = &errors[i];
		/* the NUL case is one byte longer than strlen says */
		size_t len = strlen(c->text) + (strstr(c->message, "NUL") ? 2 : 0);
		dk_loc loc;
		char msg[512];
		if (!first_error(c->text, len, &rs.rules, &loc, msg, sizeof(msg))) {
			cr_expect_fail("case %zu (%s): no error", i, c->message);
			continue;
		}
		cr_expect(strstr(msg, c->message), "case %zu: '%s' does not say '%s'", i, msg,
			  c->message);
		cr_expect(loc.line == c->line && loc.col == c->col, "case %zu (%s): at %u:%u, not "
			  "%u:%u", i, msg, loc.line, loc.col, c->line, c->col);
	}
	dk_ruleset_release(&rs);
}

/* German: every case above at the same position, in other words than the
 * English (but for the byte screen, which every reader shares and which is
 * English only); and the words themselves for a selection, written by hand */
static const struct { size_t index; const char *message; } german_errors[] = {
	{ 2, "'HX' ist weder Karte noch Ansage noch Meldung" },
	{ 3, "'ka' kann Kreuz-Ass oder der Anfang von Karo sein: für das Kreuz-Ass 'kra' oder "
	  "'ca' schreiben" },
	{ 4, "Stich 1 hat eine fünfte Karte 'DA'; ein Stich hat 4" },
	{ 5, "'Bne' ist kein Spieler (die Spieler: Anna, Ben, Clara, David)" },
	{ 6, "'CQ' in Stich 11 wird ein drittes Mal gespielt (vorher in Stich 2, Zeile 5, und "
	  "Stich 7, Zeile 10)" },
	{ 7, "Stich 5 hat 3 Karten; Ben hat nicht gespielt" },
	{ 8, "das Spiel endet nach 28 von 48 Karten, und die Hand von Anna ist nicht geschrieben" },
	{ 9, "die Hand von Anna hat 11 Karten; der Regelsatz gibt 12" },
	{ 13, "Ben spielt 'SJ' in Stich 2, aber die Hand von Ben (Zeile 5) hat sie nicht; die "
	  "Hand von Anna hat eine" },
	{ 14, "diese Zeile ist Stich 2, nicht 3" },
	{ 19, "an einem Tisch sitzen 4 bis 6 Spieler in Sitzreihenfolge, nicht 3" },
	{ 27, "Regelschlüssel 'a' ist zweimal gesetzt" },
	{ 46, "der Gewinner ist zweimal geschrieben" },
	{ 49, "Anna hat zwei Einträge für die Wertung" },
	{ 50, "Anna hat zwei Einträge für den Stand" },
	{ 52, "'ende' schließt eine Sitzung, aber es ist keine offen" },
	{ 57, "Anna gibt 'DA' ab, aber Ben spielt sie nie: die gegebenen Hände lassen sich nicht "
	  "ermitteln" },
	{ 58, "A spielt 15 Karten, aber eine Hand hat höchstens 12" },
};

Test(doko, every_error_in_german)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	size_t next = 0;
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
		const err_case *c = &errors[i];
		size_t len = strlen(c->text) + (strstr(c->message, "NUL") ? 2 : 0);
		dk_loc en_loc, de_loc;
		char en[512], de[512];
		cr_assert(first_error_in(DK_LANG_EN, c->text, len, &rs.rules, &en_loc, en, sizeof(en)));
		cr_assert(first_error_in(DK_LANG_DE, c->text, len, &rs.rules, &de_loc, de, sizeof(de)),
			  "case %zu: no German error", i);
		cr_expect(de_loc.line == en_loc.line && de_loc.col == en_loc.col,
			  "case %zu: German at %u:%u, English at %u:%u", i, de_loc.line, de_loc.col,
			  en_loc.line, en_loc.col);
		bool screen = strstr(c->message, "NUL") || strstr(c->message, "UTF-8");
		if (!screen)
			cr_expect(strcmp(en, de) != 0, "case %zu: '%s' is not German", i, de);
		if (next < sizeof(german_errors) / sizeof(german_errors[0]) && german_errors[next].index == i) {
			cr_expect(strstr(de, german_errors[next].message), "case %zu: '%s' does not say '%s'",
				  i, de, german_errors[next].message);
			next++;
		}
	}
	cr_expect_eq(next, sizeof(german_errors) / sizeof(german_errors[0]), "a German case index is off");
	dk_ruleset_release(&rs);
}

Test(doko, long_line_refused)
{
	size_t n = DK_DOKO_MAX_LINE + 10;
	char *text = malloc(n + 40);
	strcpy(text, "rules: ddv\nnote: ");
	memset(text + 17, 'x', n);
	text[17 + n] = '\0';
	dk_loc loc;
	char msg[256];
	cr_assert(first_error(text, strlen(text), NULL, &loc, msg, sizeof(msg)));
	cr_expect(strstr(msg, "a line longer than 4 KiB is not accepted"), "%s", msg);
	cr_expect_eq(loc.line, 2u);
	free(text);
}

Test(doko, without_rules_every_player_written)
{
	dk_loc loc;
	char msg[256];
	const char *text = "players: A B C D\ndealer: D\nCA CK CK C9\n";
	cr_assert(first_error(text, strlen(text), NULL, &loc, msg, sizeof(msg)));
	cr_expect(strstr(msg, "without a rule set the player of every card must be written"),
		  "%s", msg);
	cr_expect(loc.line == 3 && loc.col == 1, "%u:%u", loc.line, loc.col);
}

Test(doko, stopped_game_with_hands_reads)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	const char text[] = HEAD HANDS "re CA CK CK C9\nCQ H10 SJ DA\nHA H9 HK\n";
	dk_diag d;
	dk_diag_init(&d);
	dk_doko_reader *r = NULL;
	cr_assert_eq(dk_doko_reader_open_memory(&r, text, strlen(text), "t", &d), 0);
	cr_assert_eq(dk_doko_reader_next(r, &d), DK_READ_GAME);
	cr_assert_eq(dk_doko_reader_resolve(r, &rs.rules, &d), 0, "%s",
		     d.count ? d.items[0].message : "");
	const dk_game *g = dk_doko_reader_game(r);
	cr_expect_eq(dk_game_card_count(g), 11u);
	cr_expect_eq(dk_record_check(g, &rs.rules, "t", &d), 0);
	cr_expect_eq(dk_doko_reader_next(r, &d), DK_READ_END);
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

/* announce.strict_limit's reply calls: written as reply-120 ..., read back,
 * and read in German (erwiderung-120) too */
Test(doko, strict_limit_reply_written_and_read_back)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	dk_xml_reader *xr = NULL;
	dk_game *x = xml_game(DK_SOURCE_ROOT "/samples/strict-limit-reply-ddv-override.xml", &xr);
	dk_buf out, lost, diff;
	dk_buf_init(&out);
	dk_buf_init(&lost);
	dk_buf_init(&diff);
	dk_doko_write_game(&out, &lost, x, &rs.rules);
	cr_expect_not_null(strstr(out.data, " reply-120 "), "%s", out.data);
	for (int german = 0; german < 2; german++) {
		char *text = strdup(out.data);
		cr_assert_not_null(text);
		char *w = strstr(text, " reply-120 ");
		cr_assert_not_null(w);
		if (german) {  /* "erwiderung-120" in place of "reply-120" */
			size_t n = strlen(text) + 6;
			char *de = malloc(n);
			cr_assert_not_null(de);
			snprintf(de, n, "%.*s erwiderung-120 %s", (int)(w - text), text, w + 11);
			free(text);
			text = de;
		}
		dk_diag d;
		dk_diag_init(&d);
		dk_doko_reader *r = NULL;
		cr_assert_eq(dk_doko_reader_open_memory(&r, text, strlen(text), "w", &d), 0);
		cr_assert_eq(dk_doko_reader_next(r, &d), DK_READ_GAME);
		cr_assert_eq(dk_doko_reader_resolve(r, &rs.rules, &d), 0);
		const dk_game *g = dk_doko_reader_game(r);
		int replies = 0;
		for (size_t i = 0; i < g->event_count; i++)
			if (g->events[i].kind == DK_EV_ANNOUNCE &&
			    g->events[i].call == DK_CALL_REPLY_120 && g->events[i].seat == 4)
				replies++;
		cr_expect_eq(replies, 1, "german %d", german);
		dk_buf_clear(&diff);
		cr_expect(dk_doko_same_game(&diff, x, g), "%s", diff.data);
		dk_doko_reader_free(r);
		dk_diag_release(&d);
		free(text);
	}
	dk_buf_release(&out);
	dk_buf_release(&lost);
	dk_buf_release(&diff);
	dk_xml_reader_free(xr);
	dk_ruleset_release(&rs);
}

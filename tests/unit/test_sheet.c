/*
 * test_sheet.c - score sheets without cards: the three readers
 * (src/fmt/fmt_sheet_*.c), every error message with its position, the
 * recognition by content, and the audit (src/core/sheet.c) on small sheets
 * whose right answers are worked out in the comments.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_sheet.h"
#include "fmt_sheet_internal.h"
#include "leakcheck.h"
#include "ruleset.h"
#include "sheet.h"
#include "shipped_rules.h"

TestSuite(sheet, .fini = dk_leak_check);

/* read text as format fmt; 0 or -1, the first message into msg as
 * "LINE:COL: message" */
static int read_as(int fmt, const char *text, dk_sheet *s, char *msg, size_t size)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_sheet_init(s);
	int rc = dk_sheet_read(s, fmt, text, strlen(text), "t", &d);
	msg[0] = '\0';
	if (d.count)
		snprintf(msg, size, "%u:%u: %s", d.items[0].loc.line, d.items[0].loc.col,
			 d.items[0].message);
	dk_diag_release(&d);
	return rc;
}

typedef struct bad_case {
	const char *text;
	const char *message;
} bad_case;

static void expect_errors(int fmt, const bad_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		dk_sheet s;
		char msg[400];
		int rc = read_as(fmt, cases[i].text, &s, msg, sizeof(msg));
		cr_expect_eq(rc, -1, "case %zu read without an error", i);
		cr_expect_str_eq(msg, cases[i].message, "case %zu: got \"%s\"", i, msg);
		dk_sheet_release(&s);
	}
}

#define HEAD "game,dealer,type,value,A,B,C,D,total A,total B,total C,total D\n"

Test(sheet, csv_errors)
{
	static const bad_case cases[] = {
		{ "rules,ddv\nplayers,A\n", "2:1: expected a directive (rules, date, table, event, "
		  "bock-pending) or the header row starting with 'game', not 'players'" },
		{ "rules\n" HEAD, "1:1: directive 'rules' has no value" },
		{ "rules,ddv,x\n" HEAD, "1:11: directive 'rules' takes one value" },
		{ "bock-pending,-1\n" HEAD, "1:14: bock-pending takes a count from 0 to 1000, not '-1'" },
		{ "rules,ddv\n", "1:1: no header row starting with 'game'" },
		{ "game,dealer,dealer,A,B,C,D\n", "1:13: column 'dealer' twice" },
		{ "game,A,B,C,A\n", "1:12: column 'A' twice" },
		{ "game,A,B,C\n", "1:1: a sheet needs at least 4 players, the header row names 3" },
		{ "game,A,B,C,D,E,F,G,H,I\n", "1:22: more than 8 players: 'I' is one too many" },
		{ "game,A,,C,D\n", "1:8: a column without a name" },
		{ HEAD "1,A,normal,1,1,-1,1,-1,1,-1,1,-1,9\n",
		  "2:34: more fields than the header row has columns" },
		{ HEAD "2,A,normal,1,1,-1,1,-1\n", "2:1: game 2, expected game 1" },
		{ HEAD "x,A\n", "2:1: 'x' is no whole number (or more than 100000000)" },
		{ HEAD "1,Zoe\n", "2:3: no player is called 'Zoe'" },
		{ HEAD "1,5\n", "2:3: dealer seat '5' is not at the table" },
		{ HEAD "1,A,ramsch\n", "2:5: unknown game type 'ramsch' (normal, solo, marriage, "
		  "silent-marriage, poverty, thrown-in)" },
		{ HEAD "1,A,normal,1,1.5\n", "2:14: '1.5' is no whole number (or more than 100000000)" },
		{ HEAD "1,A,normal,1,999999999\n",
		  "2:14: '999999999' is no whole number (or more than 100000000)" },
		{ "game,bock,A,B,C,D\n1,X,1,-1,1,-1\n", "2:3: a Bock mark is a count or B, BB, ..., not 'X'" },
		{ "game,bock,A,B,C,D\n1,21,1,-1,1,-1\n", "2:3: a Bock mark is a count from 0 to 20, not '21'" },
		{ "game,triggers,A,B,C,D\n1,lost-call+fox,1,-1,1,-1\n",
		  "2:13: unknown Bock trigger 'fox' (lost-call, both-calls, tie, zero-score, "
		  "heart-trick, lost-counter-call, lost-solo, schwarz)" },
		{ "game,triggers,A,B,C,D\n1,99,1,-1,1,-1\n",
		  "2:3: Bocks made is a count from 0 to 20, not '99'" },
		{ "game,calls,A,B,C,D\n1,re+no90,1,-1,1,-1\n", "2:3: calls are re, kontra or both, not 'no90'" },
		{ "game,A,B,C,D\n1,\"1,-1,1,-1\n", "2:3: quoted field is not closed" },
		{ "game,A,B,C,D\n1,\"1\"x,-1,1,-1\n", "2:6: text after the closing quote of a field" },
		{ "game,A,B,C,D\n1,1\"2,-1,1,-1\n", "2:4: a quote inside an unquoted field" },
		{ "game,A,B,C,D\n1,1,-1,1,\x01\n", "2:10: a control character (0x01) is not accepted" },
		{ "rules,NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN\n", "1:7: rule set name too long: 'NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN'" },
		{ "game,A,B,C,NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN\n", "1:12: a player's name is longer than 63 bytes: 'NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN'" },
	};
	expect_errors(DK_SHF_DOKOREF, cases, sizeof(cases) / sizeof(cases[0]));
}

Test(sheet, csv_reads_columns)
{
	/* a German spreadsheet's export: semicolons, German words */
	const char *text = "\xef\xbb\xbf# Kommentar\nregeln;unsere-2024\nbock-offen;2\n"
			   "Spiel;Geber;Art;Bock;neue-Bock;Wert;Ansagen;Anna;Ben;Clara;Dirk;"
			   "Stand Anna\n"
			   "1;ben;hochzeit;BB;lost-call both-calls;2;re kontra;8;-8;8;-8;8\n"
			   "2;Clara;damensolo;;;;;-3;1;1;1;5\n";
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_DOKOREF, text, &s, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_str_eq(s.rules, "unsere-2024");
	cr_expect_eq(s.bock_pending, 2);
	cr_expect_eq(s.nplayers, 4);
	cr_expect_str_eq(s.players[4], "Dirk");
	cr_assert_eq(s.count, 2);
	const dk_sheet_game *g = &s.games[0];
	cr_expect_eq(g->dealer, 2);   /* names match without case */
	cr_expect_eq(g->type, DK_SHT_MARRIAGE);
	cr_expect_eq(g->bock, 2);
	cr_expect_eq(g->made, 2);
	cr_expect_eq(g->made_triggers, (1u << DK_BT_LOST_CALL) | (1u << DK_BT_BOTH_CALLS));
	cr_expect(g->call_re && g->call_kontra);
	cr_expect_eq(g->entry[2], -8);
	cr_expect_eq(g->entry_loc[2].line, 5);
	cr_expect_eq(g->entry_loc[2].col, 54);
	cr_expect(g->total_written[1] && !g->total_written[2]);
	g = &s.games[1];
	cr_expect_eq(g->type, DK_SHT_SOLO);
	cr_expect_eq(g->bock, 0);
	cr_expect(!g->value_written);
	dk_sheet_release(&s);
}

Test(sheet, csv_totals_only)
{
	/* no entry columns: the entries are the changes of the totals */
	const char *text = "game,total A,total B,total C,total D\n1,2,-2,2,-2\n2,-1,1,-1,3\n";
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_DOKOREF, text, &s, msg, sizeof(msg)), 0, "%s", msg);
	cr_expect_eq(s.games[1].entry[1], -3);
	cr_expect_eq(s.games[1].entry[4], 5);
	cr_expect(s.games[1].entry_derived[4]);
	dk_sheet_release(&s);
}

Test(sheet, dapfi_errors)
{
	static const bad_case cases[] = {
		{ "P,D,A,S\n", "1:1: the header row names 3 players; 4 to 8 and then S are expected" },
		{ "P,D,A,M,T\n", "1:9: the header row's last column is 'S', not 'T'" },
		{ "P,D,P,M,S\n", "1:5: player 'P' twice" },
		{ "P,D,A,M,S\n1,2,3\n", "2:5: 3 fields; the header row has 5" },
		{ "P,D,A,M,S\n1,2,3,4,5,6\n", "2:11: 6 fields; the header row has 5" },
		{ "P,D,A,M,S\n-2,2,x,2,2\n", "2:6: 'x' is no whole number (or more than 100000000)" },
		{ "", "1:1: empty file: no header row" },
		{ "P,,A,M,S\n", "1:3: a player's name is empty or too long" },
		{ "P,D,A,M,S\n\xff\n", "2:1: the text is not valid UTF-8" },
	};
	expect_errors(DK_SHF_DAPFIDUCK, cases, sizeof(cases) / sizeof(cases[0]));
}

Test(sheet, dapfi_reads_totals)
{
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_DAPFIDUCK, "P,D,A,M,S\n-2,2,-2,2,2\n-5,5,1,-1,3\n", &s, msg,
			     sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(s.count, 2);
	/* the second game: -5 - -2 = -3, 5 - 2 = 3, 1 - -2 = 3, -1 - 2 = -3 */
	cr_expect_eq(s.games[1].entry[1], -3);
	cr_expect_eq(s.games[1].entry[2], 3);
	cr_expect_eq(s.games[1].entry[3], 3);
	cr_expect_eq(s.games[1].entry[4], -3);
	cr_expect_eq(s.games[1].value, 3);
	dk_sheet_release(&s);
}

#define QT_PS "{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"D\"]," \
	"\"dealerName\":\"A\",\"sitOutScheme\":[],\"previousDealerName\":\"D\"}"
#define QT(x) "{\"dataVersion\":\"2\",\"data\":[" x "]}"

Test(sheet, qtdk_errors)
{
	static const bad_case cases[] = {
		{ "[]", "1:1: the log is not a JSON object" },
		{ "{\"dataVersion\":\"1\",\"data\":[]}", "1:16: dataVersion '1': dokoref reads version 2" },
		{ "{\"dataVersion\":\"2\"}", "1:1: the log has no \"data\"" },
		{ "{\"dataVersion\":\"2\",\"data\":{}}", "1:27: \"data\" is not an array" },
		{ QT(""), "1:27: no playersSet: the players are not named" },
		{ QT("1"), "1:28: an entry is not an object" },
		{ QT("{\"kind\":\"x\"}"), "1:36: unknown kind 'x' (playersSet, deal, mandatorySoloTrigger)" },
		{ QT("{\"kind\":\"deal\"}"), "1:28: a deal before the players are set" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\"],\"dealerName\":\"A\","
		     "\"sitOutScheme\":[]}"), "1:63: 2 players; a sheet has 4 to 8" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"D\"],"
		     "\"dealerName\":\"E\",\"sitOutScheme\":[]}"),
		  "1:94: the dealer 'E' is not one of the players" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[]}"),
		  "1:121: with 6 players, 1 sit out besides the dealer, not 0" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":"
		     "[{\"name\":\"Z\",\"diff\":1}]}"), "1:207: no player is called 'Z'" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":5,\"numberOfEvents\":0,\"changes\":[]}"),
		  "1:167: \"players\" is 5, the table has 4" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":[]}"),
		  "1:198: a deal has 1 to 4 changes, not 0" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":"
		     "[{\"name\":\"A\",\"diff\":1},{\"name\":\"B\",\"diff\":2}]}"),
		  "1:198: 2 changes of different values cannot be completed to four" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":"
		     "[{\"name\":\"A\",\"diff\":1.5}]}"), "1:218: \"diff\" is not a whole number" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",1],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[]}"), "1:76: a player's name is not a string" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"A\"],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[]}"), "1:76: player 'A' twice" },
		{ QT(QT_PS ",{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"E\"],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[]}"),
		  "1:142: the players change here: dokoref reads one table per sheet" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[6]}"),
		  "1:122: a sit-out offset is a seat count from 1 to 5" },
		{ QT("{\"kind\":\"playersSet\",\"playerNames\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\"],"
		     "\"dealerName\":\"A\",\"sitOutScheme\":[1,1,1,1,1,1,1,1]}"),
		  "1:136: too many sit-out offsets" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":21,\"changes\":[]}"),
		  "1:186: \"numberOfEvents\" is a count from 0 to 20" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":[1]}"),
		  "1:199: a change is not an object" },
		{ QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,\"changes\":"
		     "[{\"name\":\"A\",\"diff\":1},{\"name\":\"A\",\"diff\":1}]}"),
		  "1:229: two changes for 'A'" },
		/* the JSON itself */
		{ "{\"dataVersion\":\"2\",}", "1:20: expected a key in quotes" },
		{ "{\"dataVersion\":\"2\" \"data\":[]}", "1:20: expected ',' or '}'" },
		{ "{\"dataVersion\":\"2\",\"dataVersion\":\"2\"}", "1:20: key 'dataVersion' twice in one object" },
		{ "{\"dataVersion\":\"2\",\"data\":[01]}", "1:28: a number with a leading zero" },
		{ "{\"dataVersion\":\"2\",\"data\":[1.]}", "1:28: a number with no digit after '.'" },
		{ "{\"dataVersion\":\"2\",\"data\":[1e]}", "1:28: a number with no digit in its exponent" },
		{ "{\"dataVersion\":\"2\",\"data\":[nul]}", "1:28: not a JSON value" },
		{ "{\"dataVersion\":\"\\x\"}", "1:17: unknown escape in a string" },
		{ "{\"dataVersion\":\"\\uD800\"}", "1:17: a high surrogate without a low one" },
		{ "{\"dataVersion\":\"\\uDC00\"}", "1:17: a low surrogate without a high one" },
		{ "{\"dataVersion\":\"\\u00g0\"}", "1:17: \\u takes four hex digits" },
		{ "{\"dataVersion\":\"\\u0000\"}", "1:17: \\u0000 in a string" },
		{ "{\"dataVersion\":\"a\tb\"}", "1:18: control character in a string (write it as \\n, \\t, ...)" },
		{ "{\"dataVersion\":\"2", "1:16: string is not closed" },
		{ "{\"dataVersion\":\"2\",\"data\":[]} x", "1:31: text after the JSON value" },
		{ "{\"dataVersion\":", "1:16: the JSON ends where a value is expected" },
		{ "{\"dataVersion\":\"2\",\"data\":[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}",
		  "1:42: JSON nested deeper than 16" },
		{ "{\"dataVersion\" \"2\"}", "1:16: expected ':' after a key" },
		{ "{\"dataVersion\":\"2\",\"data\":[1 2]}", "1:30: expected ',' or ']'" },
	};
	expect_errors(DK_SHF_QTDOPPELKOPF, cases, sizeof(cases) / sizeof(cases[0]));
}

Test(sheet, qtdk_completes_and_rotates)
{
	/* two changes of +1: the other two who play get -1 each; the dealer
	 * moves on by one per deal */
	const char *text = QT(QT_PS ",{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":1,"
			      "\"changes\":[{\"name\":\"A\",\"diff\":1},{\"name\":\"C\",\"diff\":1}]},"
			      "{\"kind\":\"mandatorySoloTrigger\"},"
			      "{\"kind\":\"deal\",\"players\":4,\"numberOfEvents\":0,"
			      "\"changes\":[{\"name\":\"B\",\"diff\":-3}]}");
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_QTDOPPELKOPF, text, &s, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(s.count, 2);
	cr_expect_eq(s.games[0].dealer, 1);
	cr_expect_eq(s.games[0].entry[2], -1);
	cr_expect_eq(s.games[0].entry[4], -1);
	cr_expect_eq(s.games[0].made, 1);
	cr_expect_eq(s.games[1].dealer, 2);
	cr_expect(s.games[1].duty_round);
	/* one change of -3: the three others get +1 each (a lost solo) */
	cr_expect_eq(s.games[1].entry[1], 1);
	cr_expect_eq(s.games[1].entry[3], 1);
	dk_sheet_release(&s);
}

Test(sheet, sniffing)
{
	cr_expect_eq(dk_sheet_sniff("# x\n\nrules,ddv\ngame,A,B,C,D\n", 26), DK_SHF_DOKOREF);
	cr_expect_eq(dk_sheet_sniff("Spiel;A;B;C;D\n", 14), DK_SHF_DOKOREF);
	cr_expect_eq(dk_sheet_sniff("P,D,A,M,S\n-2,2,-2,2,2\n", 22), DK_SHF_DAPFIDUCK);
	cr_expect_eq(dk_sheet_sniff(" {\n \"dataVersion\": \"2\"", 22), DK_SHF_QTDOPPELKOPF);
	/* the notation, XML and other CSV are not sheets */
	cr_expect_eq(dk_sheet_sniff("rules: ddv\ngame 1\n", 18), -1);
	cr_expect_eq(dk_sheet_sniff("game 1\n", 7), -1);
	cr_expect_eq(dk_sheet_sniff("<?xml version=\"1.0\"?>", 21), -1);
	cr_expect_eq(dk_sheet_sniff("1,2,3,4,S\n", 10), -1);
	cr_expect_eq(dk_sheet_sniff("{\"data\": 1}", 11), -1);
}

/* ---- the audit ------------------------------------------------------------ */

/* read a dokoref CSV and audit it under rule set name; the codes of all
 * issues, "game:code " each, into out */
static void audit(const char *name, const char *text, char *out, size_t size)
{
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_DOKOREF, text, &s, msg, sizeof(msg)), 0, "%s", msg);
	dk_ruleset rs;
	load_shipped(&rs, name);
	dk_sheet_state st;
	dk_sheet_audit_begin(&st, &s, &rs.rules);
	out[0] = '\0';
	for (size_t i = 0; i < s.count; i++) {
		dk_sheet_verdict v;
		dk_sheet_audit_game(&st, &v, &s, i, &rs.rules);
		for (int k = 0; k < v.issue_count; k++) {
			size_t n = strlen(out);
			snprintf(out + n, size - n, "%zu:%s ", i + 1,
				 dk_sheet_issue_name(v.issues[k].code));
		}
	}
	dk_ruleset_release(&rs);
	dk_sheet_release(&s);
}

Test(sheet, ddv_solo_factor_and_dealer)
{
	char out[400];
	/* one against three with score.solo_factor 3 (D +3, A +6): right; the
	 * sheet names no type, so after each the same dealer (a duty solo, TSR
	 * 3.3.1) or the next (a silent marriage or a second solo) may deal */
	audit("ddv", "game,dealer,A,B,C,D\n"
		     "1,A,-1,-1,-1,3\n"
		     "2,A,6,-2,-2,-2\n"
		     "3,C,4,-2,-1,-1\n", out, sizeof(out));
	/* game 3: A or B was to deal, not C; its entries sum to 0 but two of
	 * four are odd (TSR 7.3.3) */
	cr_expect_str_eq(out, "3:even-odd 3:dealer ");
}

Test(sheet, five_players_dealer_sits_out)
{
	char out[400];
	/* unsere-2024: at five the dealer sits out (table.five_sit_out) */
	audit("unsere-2024", "game,dealer,A,B,C,D,E\n"
			     "1,A,,1,1,-1,-1\n"
			     "2,B,1,-1,1,-1,\n"
			     "3,C,2,-2,-2,,2\n", out, sizeof(out));
	/* game 2: B deals but has -1 (and E, who plays, has none);
	 * game 3: C deals and has -2, D plays and has no entry */
	cr_expect_str_eq(out, "2:sit-out 2:players 3:sit-out 3:players ");
}

Test(sheet, stacked_bock_esslingen)
{
	char out[400];
	/* esslingen-2002 stacks Bocks (x2, x4): game 1 makes a Bock for games
	 * 2-5, game 2 one more for games 3-6: game 3 is doubled twice (x4) */
	audit("esslingen-2002", "game,bock,triggers,value,A,B,C,D\n"
				"1,,both-calls,1,1,-1,1,-1\n"
				"2,1,both-calls,1,2,-2,2,-2\n"
				"3,2,,1,4,-4,4,-4\n"
				"4,2,,1,4,-4,-4,4\n"
				"5,1,,1,4,-4,-4,4\n", out, sizeof(out));
	/* game 5: x4 (due: Bock of game 1 and of game 2): mark 1 and the entries
	 * 4 for value 1 are right only at x4 */
	cr_expect_str_eq(out, "5:bock ");
}

Test(sheet, plus_counting)
{
	/* under standings.counting plus only the winners are written: the sum
	 * is no check, a won solo is 3 times the value alone */
	dk_sheet s;
	char msg[400];
	cr_assert_eq(read_as(DK_SHF_DOKOREF, "game,value,A,B,C,D\n1,1,3,0,0,0\n2,2,2,2,0,0\n"
			     "3,1,1,0,0,-1\n", &s, msg, sizeof(msg)), 0, "%s", msg);
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	rs.rules.standings_counting = DK_COUNTING_PLUS;
	rs.rules.standings_even_odd = DK_EVEN_ODD_NONE;
	dk_sheet_state st;
	dk_sheet_audit_begin(&st, &s, &rs.rules);
	dk_sheet_verdict v;
	dk_sheet_audit_game(&st, &v, &s, 0, &rs.rules);
	cr_expect_eq(v.issue_count, 0);
	cr_expect_eq(v.unit, 1);
	cr_expect_eq(v.soloist, 1);
	dk_sheet_audit_game(&st, &v, &s, 1, &rs.rules);
	cr_expect_eq(v.issue_count, 0);
	dk_sheet_audit_game(&st, &v, &s, 2, &rs.rules);
	cr_expect_eq(v.issue_count, 1);
	cr_expect_eq(v.issues[0].code, DK_SH_SHAPE);
	dk_ruleset_release(&rs);
	dk_sheet_release(&s);
}

Test(sheet, lines_are_cut_in_place_with_either_line_end)
{
	static const char data[] = "\xef\xbb\xbfgame,A\r\n\n1,2\nlast";
	size_t bom = dk_sheet_bom(data, sizeof(data) - 1);
	cr_assert_eq(bom, 3);
	char *text = dk_sheet_text(data, sizeof(data) - 1, bom);
	char *p = text, *e = text + strlen(text);
	const char *want[] = { "game,A", "", "1,2", "last" };
	int lines = 0;
	while (p < e) {
		size_t n;
		char *line = dk_sheet_line(&p, e, &n);
		cr_assert_lt(lines, 4);
		cr_expect_str_eq(line, want[lines]);
		cr_expect_eq(n, strlen(want[lines]));
		lines++;
	}
	cr_expect_eq(lines, 4);
	free(text);
}

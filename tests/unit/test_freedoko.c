/*
 * test_freedoko.c - FreeDoko's files (tests/freedoko/, see its README.md):
 * every one reads without an input error, the 45 games of the --debug log
 * are judged under FreeDoko's own rule block and scored as FreeDoko scored
 * them, the poverty quirk of the bug reports is undone, a bug report and
 * the log tell the same game, the rule block becomes the rule set it says.
 *
 * Every rule of the log's rule block is a dokoref rule: FreeDoko's extra
 * points are rule keys (a fox winning the last trick, score.fox_last_trick,
 * games 5, 33, 37; a ♥10 beating the opponents' other one,
 * score.heart10_caught, games 3, 10, 34; one Karlchen caught when both
 * are, score.karlchen_caught_both false, game 26); "counting = plus" is
 * standings.counting plus, and every player's entry is FreeDoko's.
 * Rules dokoref can express and follows FreeDoko in (the rule keys written
 * for them): swines announced before the first card (swines.kind
 * declared-at-start), hyperswines announced before the first card
 * (hyperswines.kind declared-at-start: in game 27 Bert's two ♦9 win tricks
 * 10 and 11 above Anna's swines, as in FreeDoko), "contra won" added after the doubling
 * (score.against_old_doubled false), the duty to announce after a first
 * trick of 30 only in normal games and marriages and only Re/Kontra
 * (announce.mandatory_games, announce.mandatory_raise), and Bock: the log's
 * games are one session, so dokoref's own Bock engine (bock.*) multiplies
 * them, and its multiplier is FreeDoko's in every game.
 *
 * partyC.gameplay-debug.log (62 games) and partyD.gameplay-debug.log (26)
 * bring FreeDoko's picture solos (queen-jack, king-queen; king, king-jack)
 * and its single-colour marriage selectors: they are judged as FreeDoko
 * judged them, trick by trick.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "fmt_freedoko.h"
#include "fmt_xml.h"
#include "foreign.h"
#include "leakcheck.h"
#include "replay.h"
#include "ruleset.h"
#include "score.h"
#include "session.h"

TestSuite(freedoko, .fini = dk_leak_check);

#define FD DK_SOURCE_ROOT "/tests/freedoko/"

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

static dk_fd_reader *open_fd(const char *path)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_fd_reader *r = NULL;
	int rc = dk_fd_reader_open(&r, path, NULL, 0, &d);
	cr_assert_eq(rc, 0, "%s: %s", path, d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
	return r;
}

/* the file's rules as a rule set, accepting what cannot be expressed */
static void load_rules(dk_ruleset *rs, dk_fd_rule_map *map, dk_fd_reader *r)
{
	dk_buf y;
	dk_buf_init(&y);
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_rules_to_yaml(&y, map, dk_fd_reader_rules(r), "ddv", "test", "test",
					 &d), 0);
	int rc = dk_ruleset_load_text(rs, y.data, y.len, "test.yaml", dirs, &d);
	cr_assert_eq(rc, 0, "%s", d.count ? d.items[0].message : "?");
	cr_assert_eq(d.errors, 0);
	dk_diag_release(&d);
	dk_buf_release(&y);
}

Test(freedoko, every_file_reads)
{
	static const char *const files[] = {
		"004438_3.poverty.BugReport.FreeDoko", "269263_5.solo-heart.BugReport.FreeDoko",
		"partyB.gameplay-debug.log", "partyB.input.FreeDoko-party",
		"partyB.saved-party.FreeDoko-party", "partyC.gameplay-debug.log",
		"partyC.input.FreeDoko-party", "partyD.gameplay-debug.log",
		"partyD.input.FreeDoko-party", "rules.standard.FreeDoko-rules",
		"rules.tournament.FreeDoko-rules", "testparty.FreeDoko-party",
		"odd/ends-mid-game.BugReport.FreeDoko", "odd/german-card-names.BugReport.FreeDoko",
		"odd/old-line-format.BugReport.FreeDoko", "odd/hyperswines.BugReport.FreeDoko",
		"odd/latin1-name.BugReport.FreeDoko", "genscher.gameplay-debug.log",
		"genscher.input.FreeDoko-party", "partyE.gameplay-debug.log",
		"partyE.input.FreeDoko-party", "strict.gameplay-debug.log",
		"strict.input.FreeDoko-party",
	};
	static const size_t games[] = { 1, 1, 45, 0, 0, 62, 0, 26, 0, 0, 0, 0, 1, 1, 1, 1, 1, 20, 0,
					35, 0, 54, 0 };
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[512];
		snprintf(path, sizeof(path), FD "%s", files[i]);
		dk_fd_reader *r = open_fd(path);
		cr_expect_gt(dk_fd_reader_rules(r)->count, 0, "%s has no rules", files[i]);
		dk_ruleset rs;
		dk_fd_rule_map map;
		load_rules(&rs, &map, r);
		dk_diag d;
		dk_diag_init(&d);
		size_t n = 0;
		dk_read_item item;
		while ((item = dk_fd_reader_next(r, &d)) == DK_READ_GAME) {
			n++;
			cr_expect(dk_fd_reader_game_ok(r), "%s game %zu: %s", files[i], n,
				  d.count ? d.items[0].message : "?");
			cr_expect_eq(dk_record_check(dk_fd_reader_game(r), &rs.rules, path, &d), 0,
				     "%s game %zu: %s", files[i], n,
				     d.count ? d.items[0].message : "?");
		}
		cr_expect_eq(item, DK_READ_END, "%s", files[i]);
		cr_expect_eq(d.errors, 0, "%s: %s", files[i], d.count ? d.items[0].message : "?");
		cr_expect_eq(n, games[i], "%s: %zu games", files[i], n);
		dk_diag_release(&d);
		dk_ruleset_release(&rs);
		dk_fd_reader_free(r);
	}
}

/* the options that explain the differences of each game of the log, "" for none */
static const char *const explained[45] = {
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
	"", "", "", "", "",
};

/* each player's entry (Anna, Bert, Carl, Dora) under FreeDoko's "counting =
 * plus", worked from the summaries of partyB.saved-party.FreeDoko-party as
 * FreeDoko's GameSummary::points counts them: the winners get the value
 * ("points"), the losers nothing; a soloist who wins gets three times it,
 * his opponents who win once ("solo always counts triple = false").  Their
 * sums are FreeDoko's saved totals, 210, 175, 177, 104. */
static const long entries[45][4] = {
	{  0,  4,  0,  4 },  /* 1 */
	{  0,  2,  2,  0 },
	{  7,  0,  0,  7 },
	{  1,  0,  1,  0 },
	{  0,  0,  0,  0 },  /* 5 */
	{  0,  1,  1,  0 },
	{  0,  0,  2,  2 },
	{  2,  0,  2,  2 },
	{  6,  6,  0,  0 },
	{  6,  0,  6,  0 },  /* 10 */
	{  4,  0,  4,  0 },
	{  2,  0,  0,  2 },
	{  0,  2,  0,  2 },
	{ 12,  0,  0, 12 },
	{ 14, 14,  0,  0 },  /* 15 */
	{  4,  0,  0,  4 },
	{  4,  0,  4,  4 },
	{ 40, 40,  0,  0 },
	{  0,  8,  8,  0 },
	{  2,  2,  0,  0 },  /* 20 */
	{ 10,  0, 10,  0 },
	{  2,  0,  2,  0 },
	{  2,  0,  0,  2 },
	{  0,  6,  6,  0 },
	{  0, 13, 13,  0 },  /* 25 */
	{  4,  4,  0,  0 },
	{  4,  0,  4,  0 },
	{  6,  0,  6,  0 },
	{  2,  2,  0,  0 },
	{  0,  4,  4,  0 },  /* 30 */
	{  0,  3,  3,  0 },
	{  0,  0,  3,  3 },
	{  8,  8,  0,  0 },
	{ 16,  0, 16,  0 },
	{  0,  0, 24,  0 },  /* 35 */
	{ 24,  0, 24,  0 },
	{ 16,  0, 16,  0 },
	{  0, 16,  0, 16 },
	{  0,  0,  0,  0 },
	{  0, 12,  0, 12 },  /* 40 */
	{  4,  4,  4,  0 },
	{  0,  4,  0,  4 },
	{  0,  8,  0,  8 },
	{  8,  0,  0,  8 },
	{  0, 12, 12, 12 },  /* 45 */
};

/* the extra points of FreeDoko's summaries (partyB.saved-party, "special
 * points") that the rule keys written for its options make dokoref count */
static const struct {
	size_t game;
	const char *key;
	dk_party party;
	int count;
} specials[] = {
	{ 3, "score.heart10_caught", DK_PARTY_RE, 1 },       /* dolle caught dolle = re */
	{ 5, "score.fox_last_trick", DK_PARTY_RE, 1 },       /* fox last trick = re */
	{ 10, "score.heart10_caught", DK_PARTY_KONTRA, 1 },  /* dolle caught dolle = contra */
	/* both ♣J of Kontra caught in the last trick: one "caught charlie" */
	{ 26, "score.karlchen_caught", DK_PARTY_RE, 1 },
	{ 26, "score.karlchen_caught_both", DK_PARTY_RE, 0 },
	{ 33, "score.fox_last_trick", DK_PARTY_RE, 1 },
	{ 34, "score.heart10_caught", DK_PARTY_KONTRA, 1 },
	{ 37, "score.fox_last_trick", DK_PARTY_RE, 1 },
};

/* game g of a session: replayed, scored, judged in the session, compared */
typedef struct judged {
	dk_replay rp;
	dk_score_input in;
	dk_score sc;
	long per_seat[DK_MAX_SEATS + 1];
	dk_session_game sg;
	dk_cmp c;
} judged;

static void judge_in(judged *j, dk_session_state *st, const dk_game *g, const dk_rules *r)
{
	dk_replay_run(&j->rp, g, r);
	dk_score_input_from_replay(&j->in, &j->rp, g);
	dk_score_compute(&j->sc, &j->in, r);
	dk_score_per_seat(j->per_seat, &j->sc, &j->rp);
	dk_session_judge(st, &j->sg, g, r, &j->rp, &j->in, &j->sc, j->per_seat);
	dk_foreign_compare_bock(&j->c, &j->sc, &j->rp, g->foreign, j->sg.multiplier);
}

Test(freedoko, debug_log_scored_as_freedoko)
{
	dk_fd_reader *r = open_fd(FD "partyB.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	dk_diag d;
	dk_diag_init(&d);
	size_t n = 0, same = 0, winner = 0, clean = 0, tricks_differ = 0, bocked = 0;
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		cr_assert_lt(n, 45);
		cr_assert_not_null(g->foreign, "game %zu has no FreeDoko summary", n + 1);
		/* the party is one session */
		cr_assert_not_null(g->session, "game %zu", n + 1);
		cr_assert_eq(g->session, dk_fd_reader_session(r));
		if (n == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
		const dk_replay *rp = &j->rp;
		const dk_score *sc = &j->sc;
		const dk_cmp *c = &j->c;
		cr_assert_eq(rp->cards_played, 48, "game %zu", n + 1);
		/* dokoref's Bock is FreeDoko's, and the dealer moved as FreeDoko's */
		cr_expect_eq(j->sg.multiplier, g->foreign->bock, "game %zu: dokoref x%ld, FreeDoko x%d",
			     n + 1, j->sg.multiplier, g->foreign->bock);
		cr_expect_eq(j->sg.issue_count, 0, "game %zu: %s", n + 1, j->sg.issue_count ?
			     dk_session_issue_name(j->sg.issues[0].code) : "");
		bocked += j->sg.multiplier > 1;
		/* the winner always; the value, or the rules that explain it */
		cr_expect(c->winner_agrees, "game %zu: dokoref %d, FreeDoko %d", n + 1, sc->winner,
			  g->foreign->winner);
		winner += c->winner_agrees;
		cr_expect_eq(c->unexplained, 0, "game %zu: %d differences no rule explains", n + 1,
			     c->unexplained);
		cr_expect(c->value_agrees || c->value_explained, "game %zu: value %d, FreeDoko %d",
			  n + 1, sc->value, g->foreign->value);
		char names[200] = "";
		for (int i = 0; i < c->count; i++) {
			const char *o = c->diffs[i].option;
			if (o && !strstr(names, o))
				snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
					 names[0] ? ", " : "", o);
		}
		cr_expect_str_eq(names, explained[n], "game %zu", n + 1);
		same += c->count == 0;
		/* every trick won by whom FreeDoko says */
		for (int i = 0; i < c->count; i++)
			if (c->diffs[i].kind == DK_CMP_TRICK)
				tricks_differ++;
		for (int i = 0; i < c->count; i++)
			cr_expect_neq(c->diffs[i].kind, DK_CMP_TRICK, "game %zu trick %d", n + 1,
				      c->diffs[i].level);
		/* dokoref finds nothing irregular */
		if (rp->finding_count == 0)
			clean++;
		cr_expect_eq(rp->finding_count, 0, "game %zu: %d findings", n + 1,
			     rp->finding_count);
		if (n + 1 == 27) {
			/* the log: "swines announced: player 0", "hyperswines announced:
			 * player 1" before trick 0; Bert (seat 2) leads ♦9 in tricks 10
			 * and 11 (the log's 9 and 10) over Anna's ♦Q and the rest, Anna
			 * (seat 1) takes the last trick with her second ♦A */
			cr_expect(rp->swines_active);
			cr_expect_eq(rp->swine_seat, 1);
			cr_expect(rp->hyperswines_active);
			cr_expect_eq(rp->hyperswine_seat, 2);
			cr_expect_eq(rp->tricks[9].winner, 2);
			cr_expect_eq(rp->tricks[10].winner, 2);
			cr_expect_eq(rp->tricks[11].winner, 1);
			cr_expect(c->value_agrees, "game 27: value %d, FreeDoko %d", sc->value,
				  g->foreign->value);
			cr_expect_eq(c->count, 0);
		}
		/* standings.counting plus: each player's entry as FreeDoko counts it */
		for (int p = 0; p < 4; p++)
			cr_expect_eq(j->sg.score[p + 1], entries[n][p],
				     "game %zu seat %d: %ld, FreeDoko %ld", n + 1, p + 1,
				     j->sg.score[p + 1], entries[n][p]);
		/* the extra points FreeDoko's summary names, as dokoref's items */
		for (size_t k = 0; k < sizeof(specials) / sizeof(specials[0]); k++) {
			if (specials[k].game != n + 1)
				continue;
			int got = 0;
			for (int i = 0; i < sc->item_count; i++)
				got += strcmp(sc->items[i].rule_key, specials[k].key) == 0 &&
				       sc->items[i].party == specials[k].party;
			cr_expect_eq(got, specials[k].count, "game %zu: %d of %s", n + 1, got,
				     specials[k].key);
		}
		n++;
	}
	free(j);
	/* standings.counting plus: the party's totals as FreeDoko saved them
	 * (partyB.saved-party.FreeDoko-party, "points": Anna 210, Bert 175,
	 * Carl 177, Dora 104) */
	static const long totals[4] = { 210, 175, 177, 104 };
	for (int p = 0; p < 4; p++)
		cr_expect_eq(st.total[p + 1], totals[p], "seat %d: %ld, FreeDoko %ld", p + 1,
			     st.total[p + 1], totals[p]);
	cr_expect_eq(n, 45);
	cr_expect_eq(winner, 45);
	cr_expect_eq(bocked, 29);   /* 9-12, 14-21, 26-29, 33-45 (game 39 is worth 0) */
	cr_expect_eq(same, 45);
	cr_expect_eq(clean, 45);
	cr_expect_eq(tricks_differ, 0);
	cr_expect_eq(d.errors, 0);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/* FreeDoko's genscher (wende_genscher.* as FreeDoko has it): the log of 20
 * games with three genscher games; every game scored as FreeDoko's summary
 * says (winner, value, Bock), and the three picks as FreeDoko logged them:
 *   game 1: "Genscher: player 2 with player 0" in trick 4; Carl (Kontra by
 *     the ♣Q) had said "no 120" in trick 1, which FreeDoko says again before
 *     the genscher line (not a new announcement) and counts for the new Re
 *     pair: "teams = re, contra, re, contra", "no 120 said = re", points 4;
 *   game 6: in a marriage (Bert's, with Anna from trick 1): "player 3 with
 *     player 0", "teams = re, contra, contra, re", Re won, points 2;
 *   game 14: "player 3 with player 0", "teams = re, contra, contra, re",
 *     Re won, points 4. */
Test(freedoko, genscher_scored_as_freedoko)
{
	dk_fd_reader *r = open_fd(FD "genscher.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	cr_expect_eq(map.verdict_count, 0);
	cr_expect(rs.rules.wende_genscher);
	dk_diag d;
	dk_diag_init(&d);
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	size_t n = 0, picks = 0;
	static const struct { size_t game; int caller, partner; int value; } want[] = {
		{ 1, 3, 1, 4 }, { 6, 4, 1, 2 }, { 14, 4, 1, 4 },
	};
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		if (n == 0)
			dk_session_begin(&st, g->session);
		n++;
		judge_in(j, &st, g, &rs.rules);
		cr_expect(j->c.winner_agrees, "game %zu", n);
		cr_expect(j->c.value_agrees, "game %zu: value %d, FreeDoko %d", n, j->sc.value,
			  g->foreign->value);
		cr_expect_eq(j->c.count, 0, "game %zu", n);
		cr_expect_eq(j->sg.multiplier, g->foreign->bock, "game %zu", n);
		int calls = 0;
		for (size_t i = 0; i < g->event_count; i++) {
			const dk_event *e = &g->events[i];
			calls += e->kind == DK_EV_ANNOUNCE;
			if (e->kind != DK_EV_WENDE_GENSCHER)
				continue;
			cr_assert_lt(picks, 3);
			cr_expect_eq(n, want[picks].game);
			cr_expect_eq(e->seat, want[picks].caller, "game %zu", n);
			cr_expect_eq(e->partner, want[picks].partner, "game %zu", n);
			cr_expect_eq(j->sc.value, want[picks].value, "game %zu", n);
			/* the caller and the partner are Re, the others Kontra */
			for (int s = 1; s <= 4; s++)
				cr_expect_eq(j->rp.party[s], s == e->seat || s == e->partner
							    ? DK_PARTY_RE : DK_PARTY_KONTRA,
					     "game %zu seat %d", n, s);
			picks++;
		}
		if (n == 1) {
			/* Carl's "no 120" once, as Kontra (his party then), and it is now
			 * Re's: Re said, Kontra nothing */
			cr_expect_eq(calls, 1);
			cr_expect(j->rp.calls[DK_PARTY_RE].made[0]);
			cr_expect_eq(j->rp.calls[DK_PARTY_RE].highest, 0);
			cr_expect_eq(j->rp.calls[DK_PARTY_KONTRA].highest, -1);
			cr_expect_eq(j->rp.finding_count, 0);
		}
	}
	free(j);
	cr_expect_eq(n, 20);
	cr_expect_eq(picks, 3);
	cr_expect_eq(d.errors, 0);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/* a game of FreeDoko's picture solos or single-colour marriages, with what
 * FreeDoko's summary says of it */
typedef struct fd_game_want {
	size_t game;
	dk_game_type type;
	dk_solo_kind kind;          /* a solo */
	dk_marriage_cond cond;      /* a marriage: the selector inferred */
	int declarer;               /* seat: FreeDoko's player number + 1 */
	int partner;                /* a marriage's, from its "Marriage:" line */
	int re, kontra;             /* FreeDoko's trick points of Re and Kontra */
	dk_party winner;
	int value;                  /* FreeDoko's "points" */
} fd_game_want;

/* judge the log as one session; each game of want is judged as FreeDoko
 * judged it, trick by trick, with nothing found; returns the games read
 * and counts those without any difference to FreeDoko in *same, the first
 * game with one in *differs (0: none) */
static size_t judge_log(const char *path, const fd_game_want *want, size_t nwant, size_t *same,
			size_t *differs)
{
	dk_fd_reader *r = open_fd(path);
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	/* nothing dokoref cannot say that changes a verdict */
	cr_expect_eq(map.verdict_count, 0, "%s", path);
	dk_diag d;
	dk_diag_init(&d);
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	size_t n = 0, k = 0;
	*same = 0;
	*differs = 0;
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		cr_assert(dk_fd_reader_game_ok(r), "%s game %zu", path, n + 1);
		if (n++ == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
		*same += j->c.count == 0;
		if (j->c.count && !*differs)
			*differs = n;
		if (k == nwant || n != want[k].game)
			continue;
		const fd_game_want *w = &want[k++];
		const dk_replay *rp = &j->rp;
		cr_expect_eq(rp->type, w->type, "game %zu", n);
		cr_expect_eq(rp->declarer, w->declarer, "game %zu", n);
		if (w->type == DK_GT_SOLO) {
			cr_expect_eq(rp->solo, w->kind, "game %zu", n);
		} else {
			cr_expect_eq(rp->condition, w->cond, "game %zu", n);
			cr_expect_eq(rp->partner, w->partner, "game %zu", n);
		}
		cr_expect_eq(rp->cards_played, 48, "game %zu", n);
		cr_expect_eq(rp->finding_count, 0, "game %zu", n);
		cr_expect_eq(g->foreign->points[DK_PARTY_RE], w->re, "game %zu", n);
		cr_expect_eq(g->foreign->points[DK_PARTY_KONTRA], w->kontra, "game %zu", n);
		cr_expect_eq(j->in.points[DK_PARTY_RE], w->re, "game %zu", n);
		cr_expect_eq(j->in.points[DK_PARTY_KONTRA], w->kontra, "game %zu", n);
		cr_expect_eq(j->sc.winner, w->winner, "game %zu", n);
		cr_expect_eq(g->foreign->value, w->value, "game %zu", n);
		/* dk_score.value is signed for Re */
		long v = j->sc.value * j->sg.multiplier;
		cr_expect_eq(w->winner == DK_PARTY_RE ? v : -v, w->value, "game %zu", n);
		cr_expect_eq(g->foreign->trick_count, 12, "game %zu", n);
		/* no difference at all: trick winners, points, winner, value, Bock */
		cr_expect_eq(j->c.count, 0, "game %zu: %d differences", n, j->c.count);
	}
	cr_expect_eq(k, nwant, "%s: %zu of the games found", path, k);
	cr_log_info("%s: %zu of %zu games without any difference to FreeDoko", path, *same, n);
	free(j);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
	return n;
}

/* partyC (FreeDoko's standard rules) has a solo queen-jack (log line 1099)
 * and a solo king-queen (line 3863); its six marriages name no selector */
Test(freedoko, picture_solos_scored_as_freedoko)
{
	static const fd_game_want want[] = {
		{ 9, DK_GT_SOLO, DK_SOLO_QUEENS_JACKS, 0, 4, 0, 110, 130, DK_PARTY_KONTRA, 2 },
		{ 32, DK_GT_SOLO, DK_SOLO_KINGS_QUEENS, 0, 2, 0, 112, 128, DK_PARTY_KONTRA, 2 },
	};
	size_t same, differs;
	cr_expect_eq(judge_log(FD "partyC.gameplay-debug.log", want, 2, &same, &differs), 62);
	/* every game, 54 too (the shared notes' "dokoref and FreeDoko part at
	 * game 54"): game 52 is a silent marriage, after which FreeDoko's start
	 * player moves on (it stays only after a real solo,
	 * GameSummary::startplayer_stays), so it uses up a Bock game
	 * (deal.silent_marriage_is_solo false) */
	cr_expect_eq(same, 62);
	cr_expect_eq(differs, 0);
}

/*
 * partyC's Bock in every game (issue 16): FreeDoko writes each game's bock
 * multiplier in its summary ("bock = 2" in game 47's), dokoref's session
 * makes its own under bock.* as mapped from the party's rules.  Game 46 is
 * 120:120 ("bock after 120-120"), which makes a round of 4 bock games;
 * FreeDoko doubles 47 to 53: the lust solos 48, 49 and 50 are doubled but
 * use up none (its start player stays: "lustsolo player leads",
 * bock.uses_up without lust-solo), the silent marriage 52 uses one up
 * (bock.uses_up silent-marriage), so 47, 51, 52 and 53 use up the four and
 * 54 is single again.
 */
Test(freedoko, partyC_bock_agrees_in_every_game)
{
	dk_fd_reader *r = open_fd(FD "partyC.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	cr_expect_eq(rs.rules.bock_uses_up, 1u << DK_BG_SILENT_MARRIAGE);
	dk_diag d;
	dk_diag_init(&d);
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	size_t n = 0, doubled = 0;
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		if (n++ == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
		cr_assert_not_null(g->foreign, "game %zu", n);
		cr_expect_eq(j->sg.multiplier, g->foreign->bock, "game %zu", n);
		cr_expect_eq(j->c.count, 0, "game %zu", n);
		doubled += g->foreign->bock > 1;
		if (n == 46) {
			cr_expect_eq(j->rp.points[DK_PARTY_RE], 120);
			cr_expect(DK_SET_HAS(j->sg.triggered, DK_BT_TIE));
		}
		bool in_bock = n >= 47 && n <= 53;
		cr_expect_eq(g->foreign->bock, in_bock ? 2 : 1, "game %zu", n);
		if (n >= 48 && n <= 50) {
			cr_expect_eq(j->rp.type, DK_GT_SOLO, "game %zu", n);
			cr_expect(j->sg.bock_not_used_up, "lust solo %zu: doubled, uses up none", n);
		}
		if (n == 52) {
			cr_expect_eq(j->rp.type, DK_GT_SILENT_MARRIAGE);
			cr_expect(!j->sg.bock_not_used_up, "the silent marriage uses one up");
		}
		if (n == 47 || n == 51 || n == 53)
			cr_expect(!j->sg.bock_not_used_up, "game %zu uses one up", n);
	}
	free(j);
	cr_expect_eq(n, 62);
	cr_expect_eq(doubled, 7);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/*
 * partyC game 17 ("game open: 16" in the log): FreeDoko's rule
 * "announcement first trick thirty points in marriage = true" demands an
 * announcement after a first trick of 30 in a marriage, but FreeDoko does
 * not enforce it (game.gameplay.cpp checks only normal games).  Trick 1:
 * Bert ♣10, Carl ♣9, Dora ♣A, Anna ♣10 = 31, won by Dora, which decides
 * the marriage ("Marriage: player 0 with player 3": Anna and Dora are Re);
 * nobody announced ("highest announcement re = no announcement").  dokoref
 * rightly reports the missed announcement; it changes no score, so the
 * game still agrees with FreeDoko's summary (Re won, "points = 4").
 */
Test(freedoko, partyC_game17_marriage_thirty_points_announcement_missed)
{
	dk_fd_reader *r = open_fd(FD "partyC.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	cr_expect_eq(rs.rules.announce_mandatory_points, 30);
	dk_diag d;
	dk_diag_init(&d);
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	size_t n = 0;
	while (n < 17 && dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		if (n++ == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
	}
	cr_assert_eq(n, 17);
	cr_expect_eq(j->rp.type, DK_GT_MARRIAGE);
	cr_expect_eq(j->rp.declarer, 1, "Anna, FreeDoko's player 0");
	cr_expect_eq(j->rp.partner, 4, "Dora, FreeDoko's player 3");
	cr_expect_eq(j->rp.tricks[0].points, 31);
	cr_expect_eq(j->rp.tricks[0].winner, 4);
	cr_assert_eq(j->rp.finding_count, 1);
	cr_expect_eq(j->rp.findings[0].code, DK_F_MANDATORY_MISSED);
	cr_expect_str_eq(j->rp.findings[0].rule_key, "announce.mandatory_first_trick_points");
	cr_expect_eq(j->sc.winner, DK_PARTY_RE);
	cr_expect_eq(j->c.count, 0, "the score agrees with FreeDoko's");
	free(j);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/*
 * partyD: partyC's party with only FreeDoko's king solo and king-jack solo
 * and only the single-colour marriage selectors (tests/freedoko/README.md):
 * two king solos, four king-jack solos, three marriages whose selector the
 * reader infers from the partner the log names.
 */
Test(freedoko, king_solos_and_single_colour_marriages_as_freedoko)
{
	static const fd_game_want want[] = {
		{ 1, DK_GT_SOLO, DK_SOLO_KINGS, 0, 1, 0, 152, 88, DK_PARTY_RE, 4 },
		{ 6, DK_GT_SOLO, DK_SOLO_KINGS_JACKS, 0, 4, 0, 85, 155, DK_PARTY_KONTRA, 4 },
		{ 7, DK_GT_SOLO, DK_SOLO_KINGS_JACKS, 0, 2, 0, 68, 172, DK_PARTY_KONTRA, 2 },
		/* trick 1 led with ♣A and won by Dora: "Marriage: player 2 with
		 * player 3"; Re announced "no 60" and took 176 */
		{ 10, DK_GT_MARRIAGE, 0, DK_MARRIAGE_FIRST_CLUB_TRICK, 3, 4, 176, 64,
		  DK_PARTY_KONTRA, 7 },
		/* Bert's silent marriage with Carl's swines, which count in
		 * FreeDoko (swines.in_silent_marriage true): "trick points = 81,
		 * 58, 101, 0", "winnerteam = contra", "points = 3" */
		{ 11, DK_GT_SILENT_MARRIAGE, 0, 0, 2, 0, 58, 182, DK_PARTY_KONTRA, 3 },
		{ 16, DK_GT_MARRIAGE, 0, DK_MARRIAGE_FIRST_HEART_TRICK, 2, 4, 45, 195,
		  DK_PARTY_KONTRA, 4 },
		{ 17, DK_GT_SOLO, DK_SOLO_KINGS, 0, 2, 0, 198, 42, DK_PARTY_RE, 6 },
		{ 20, DK_GT_SOLO, DK_SOLO_KINGS_JACKS, 0, 2, 0, 114, 126, DK_PARTY_KONTRA, 2 },
		{ 24, DK_GT_SOLO, DK_SOLO_KINGS_JACKS, 0, 4, 0, 86, 154, DK_PARTY_KONTRA, 2 },
		{ 26, DK_GT_MARRIAGE, 0, DK_MARRIAGE_FIRST_CLUB_TRICK, 4, 2, 164, 76,
		  DK_PARTY_KONTRA, 5 },
	};
	size_t same, differs;
	cr_expect_eq(judge_log(FD "partyD.gameplay-debug.log", want, 10, &same, &differs), 26);
	/* every game as FreeDoko judged it; game 11 differed (a false swine
	 * and a card out of turn) until swines.in_silent_marriage */
	cr_expect_eq(same, 26);
	cr_expect_eq(differs, 0);
}

/*
 * strict: partyC's party with "announcement strict limit = true" (seed
 * 5150, six rounds): Re and Kontra are bids of 121.  FreeDoko's AI, knowing
 * it, never announced against an announcing party here, so no reply bid
 * and no game without a winner came up; four lone Kontras (games 1, 15, 32,
 * 36) need 121, and Re wins those with 120 (test_score.c works the reply
 * bids and the no-winner games by hand).
 */
Test(freedoko, strict_limit_as_freedoko)
{
	static const fd_game_want want[] = {
		/* Dora took Carl's poverty; Kontra said Kontra: "trick points"
		 * Re 115, Kontra 125, "winnerteam = contra", "points = 3" */
		{ 1, DK_GT_POVERTY, 0, 0, 3, 4, 115, 125, DK_PARTY_KONTRA, 3 },
	};
	size_t same, differs;
	cr_expect_eq(judge_log(FD "strict.gameplay-debug.log", want, 1, &same, &differs), 54);
	cr_expect_eq(same, 54);
	cr_expect_eq(differs, 0);
}

/* a Bock count of dokoref's that is not FreeDoko's is a difference of its
 * own: without the black-game trigger, games 26-29 (after the black game
 * 25) are not doubled by dokoref but are by FreeDoko */
Test(freedoko, bock_count_differs_is_reported)
{
	dk_fd_reader *r = open_fd(FD "partyB.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "bock.triggers", "[tie, lost-solo, lost-call]", "test",
					 DK_LOC_NONE, &d), 0);
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	size_t n = 0;
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		if (n++ == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
		const dk_cmp_diff *bock = NULL;
		for (int i = 0; i < j->c.count; i++)
			if (j->c.diffs[i].kind == DK_CMP_BOCK)
				bock = &j->c.diffs[i];
		bool want = n >= 26 && n <= 29;
		cr_expect_eq(bock != NULL, want, "game %zu", n);
		if (bock && want) {
			cr_expect_eq(bock->ours, 1, "game %zu", n);
			cr_expect_eq(bock->theirs, 2, "game %zu", n);
			cr_expect_gt(j->c.unexplained, 0, "game %zu", n);
		}
	}
	cr_expect_eq(n, 45);
	free(j);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/* a bug report is one game on its own: no session, FreeDoko's bock explains */
Test(freedoko, bug_report_has_no_session)
{
	dk_fd_reader *r = open_fd(FD "269263_5.solo-heart.BugReport.FreeDoko");
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_reader_next(r, &d), DK_READ_GAME);
	cr_expect_null(dk_fd_reader_game(r)->session);
	cr_expect_null(dk_fd_reader_session(r));
	dk_diag_release(&d);
	dk_fd_reader_free(r);
	r = open_fd(FD "partyB.gameplay-debug.log");
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_reader_next(r, &d), DK_READ_GAME);
	const dk_session *s = dk_fd_reader_session(r);
	cr_assert_not_null(s);
	cr_expect_eq(s->players.count, 4);
	cr_expect_str_eq(s->players.items[0].name, dk_fd_reader_game(r)->players.items[0].name);
	cr_expect_eq(s->bock_pending, -1);
	dk_diag_release(&d);
	dk_fd_reader_free(r);
}

static int count_of(const dk_hand *h, dk_card c)
{
	int n = 0;
	for (int i = 0; i < h->count; i++)
		n += h->cards[i] == c;
	return n;
}

/* under the DDV's rules (the first of two ♥10 wins, no swines) the same
 * games have other trick winners: the comparison does see a difference */
Test(freedoko, debug_log_under_ddv_differs)
{
	dk_fd_reader *r = open_fd(FD "partyB.gameplay-debug.log");
	dk_ruleset rs;
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_load(&rs, "ddv", dirs, &d), 0);
	size_t tricks = 0, games = 0;
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		dk_replay rp;
		dk_replay_run(&rp, g, &rs.rules);
		dk_score_input in;
		dk_score sc;
		dk_score_input_from_replay(&in, &rp, g);
		dk_score_compute(&sc, &in, &rs.rules);
		dk_cmp c;
		dk_foreign_compare(&c, &sc, &rp, g->foreign);
		size_t before = tricks;
		for (int i = 0; i < c.count; i++)
			tricks += c.diffs[i].kind == DK_CMP_TRICK;
		games += tricks > before;
	}
	cr_expect_gt(tricks, 0);
	cr_log_info("under ddv: %zu tricks in %zu games won by another player", tricks, games);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
	dk_fd_reader_free(r);
}

/* FreeDoko writes a poverty's hands after the exchange: the reader undoes it */
Test(freedoko, poverty_hands_as_dealt)
{
	dk_fd_reader *r = open_fd(FD "004438_3.poverty.BugReport.FreeDoko");
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_reader_next(r, &d), DK_READ_GAME);
	const dk_game *g = dk_fd_reader_game(r);
	const dk_hand *carl = &g->deal.hands[2], *dora = &g->deal.hands[3];
	cr_assert_eq(carl->seat, 3);
	/* passed: ♦B ♦10 ♦A, returned: ♥A ♥K ♣K */
	cr_expect_eq(count_of(carl, DK_CARD_MAKE(DK_DIAMONDS, DK_JACK)), 1);
	cr_expect_eq(count_of(carl, DK_CARD_MAKE(DK_DIAMONDS, DK_TEN)), 1);
	cr_expect_eq(count_of(carl, DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)), 1);
	cr_expect_eq(count_of(carl, DK_CARD_MAKE(DK_HEARTS, DK_ACE)), 0);
	cr_expect_eq(count_of(carl, DK_CARD_MAKE(DK_HEARTS, DK_KING)), 0);
	cr_expect_eq(count_of(dora, DK_CARD_MAKE(DK_HEARTS, DK_ACE)), 1);
	cr_expect_eq(count_of(dora, DK_CARD_MAKE(DK_HEARTS, DK_KING)), 1);
	cr_expect_eq(count_of(dora, DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)), 1);
	cr_expect_eq(carl->count, 12);
	cr_expect_eq(dora->count, 12);
	/* the bids say it in order */
	cr_expect_eq(g->bids[2].kind, DK_BID_RESERVATION);
	cr_expect_eq(g->bids[3].kind, DK_BID_HEALTHY);
	cr_expect_eq(g->bids[4].kind, DK_BID_POVERTY);
	cr_expect_eq(g->bids[4].seat, 3);
	cr_expect_eq(g->bids[5].kind, DK_BID_POVERTY_PASS);
	cr_expect_not(g->exchange_unknown);
	dk_diag_release(&d);
	dk_fd_reader_free(r);
}

/* FreeDoko 0.7.13 deals again from a report's seed (it never reads the
 * hands): a game it dealt is written with the seed it was dealt with, which
 * FreeDoko wrote into its own report */
static void write_fd_game(dk_buf *out, dk_buf *differ, const char *path)
{
	dk_fd_reader *r = open_fd(path);
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_reader_next(r, &d), DK_READ_GAME);
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay_run(rp, dk_fd_reader_game(r), &rs.rules);
	dk_buf dropped;
	dk_buf_init(&dropped);
	dk_fd_write_bugreport(out, &dropped, differ, dk_fd_reader_game(r), rp, &rs.rules);
	free(rp);
	dk_buf_release(&dropped);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
	dk_fd_reader_free(r);
}

Test(freedoko, written_with_freedokos_seed)
{
	static const struct { const char *file, *seed, *start; } cases[] = {
		{ FD "004438_3.poverty.BugReport.FreeDoko", "seed: 4438\n", "startplayer: 0\n" },
		{ FD "269263_5.solo-heart.BugReport.FreeDoko", "seed: 269263\n", "startplayer: 3\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dk_buf out, differ;
		dk_buf_init(&out);
		dk_buf_init(&differ);
		write_fd_game(&out, &differ, cases[i].file);
		cr_expect(strstr(out.data, cases[i].seed), "%s: no %s", cases[i].file, cases[i].seed);
		cr_expect(strstr(out.data, cases[i].start), "%s", cases[i].file);
		/* the party FreeDoko reads needs its first seed and start player */
		cr_expect(strstr(out.data, "party\n{\nfirst seed = "), "%s", cases[i].file);
		cr_expect(strstr(out.data, "\nfirst startplayer = "), "%s", cases[i].file);
		cr_expect(!differ.data || !strstr(differ.data, "seeds deals"), "%s", cases[i].file);
		/* FreeDoko's players play the report's cards up to the end, which
		 * is the last card: no 'trick full' after it */
		cr_expect(strstr(out.data, "  trick open\n  card played"), "%s", cases[i].file);
		const char *end = strstr(out.data, "  stop\n}\n");
		cr_assert(end, "%s", cases[i].file);
		cr_expect(strstr(end - 60, "card played = "), "%s", cases[i].file);
		cr_expect(!strstr(end - 60, "trick full"), "%s", cases[i].file);
		dk_buf_release(&out);
		dk_buf_release(&differ);
	}
}

/* a deal no seed of FreeDoko's makes is said */
Test(freedoko, a_deal_freedoko_cannot_make)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *x;
	cr_assert_eq(dk_xml_reader_open(&x, DK_SOURCE_ROOT "/samples/normal-ddv.xml", NULL, 0, &d),
		     0);
	cr_assert_eq(dk_xml_reader_next(x, &d), DK_READ_GAME);
	const dk_game *g = dk_xml_reader_game(x);
	dk_ruleset rs;
	cr_assert_eq(dk_ruleset_load(&rs, "ddv", dirs, &d), 0);
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay_run(rp, g, &rs.rules);
	dk_buf out, dropped, differ;
	dk_buf_init(&out);
	dk_buf_init(&dropped);
	dk_buf_init(&differ);
	dk_fd_write_bugreport(&out, &dropped, &differ, g, rp, &rs.rules);
	cr_expect(differ.data && strstr(differ.data, "none of its 279840 seeds deals these hands"));
	cr_expect(strstr(out.data, "\nseed: 0\n"));
	/* the rule set's name in the message, which FreeDoko only shows */
	cr_expect(strstr(out.data, "| message |\n\\---------/\nwritten by dokoref\n"
			 "# dokoref rules: ddv\n"));
	free(rp);
	dk_buf_release(&out);
	dk_buf_release(&dropped);
	dk_buf_release(&differ);
	dk_ruleset_release(&rs);
	dk_xml_reader_free(x);
	dk_diag_release(&d);
}

/* a bug report and the debug log game of the same seed are one game */
Test(freedoko, bug_report_is_the_log_game)
{
	static const struct { const char *file; int game; bool poverty; } pairs[] = {
		{ "269263_5.solo-heart.BugReport.FreeDoko", 8, false },
		{ "004438_3.poverty.BugReport.FreeDoko", 5, true },
	};
	for (size_t k = 0; k < 2; k++) {
		char path[512];
		snprintf(path, sizeof(path), FD "%s", pairs[k].file);
		dk_fd_reader *a = open_fd(path), *b = open_fd(FD "partyB.gameplay-debug.log");
		dk_diag d;
		dk_diag_init(&d);
		cr_assert_eq(dk_fd_reader_next(a, &d), DK_READ_GAME);
		for (int i = 0; i < pairs[k].game; i++)
			cr_assert_eq(dk_fd_reader_next(b, &d), DK_READ_GAME);
		const dk_game *ga = dk_fd_reader_game(a), *gb = dk_fd_reader_game(b);
		cr_expect_eq(ga->deal.dealer, gb->deal.dealer, "%s", pairs[k].file);
		/* the cards in order; the log's deal is after a poverty's exchange */
		size_t ia = 0, ib = 0, cards = 0;
		while (ia < ga->event_count && ib < gb->event_count) {
			const dk_event *x = &ga->events[ia], *y = &gb->events[ib];
			if (x->kind != DK_EV_CARD) {
				ia++;
				continue;
			}
			if (y->kind != DK_EV_CARD) {
				ib++;
				continue;
			}
			cr_expect(x->seat == y->seat && x->card == y->card, "%s card %zu",
				  pairs[k].file, cards + 1);
			ia++, ib++, cards++;
		}
		cr_expect_eq(cards, 48);
		for (int p = 0; p < 4 && !pairs[k].poverty; p++)
			for (int c = 0; c < DK_CARD_KINDS; c++)
				cr_expect_eq(count_of(&ga->deal.hands[p], (dk_card)c),
					     count_of(&gb->deal.hands[p], (dk_card)c));
		cr_expect_eq(gb->exchange_unknown, pairs[k].poverty);
		dk_diag_release(&d);
		dk_fd_reader_free(a);
		dk_fd_reader_free(b);
	}
}

Test(freedoko, rule_block_as_rule_set)
{
	dk_fd_reader *r = open_fd(FD "rules.tournament.FreeDoko-rules");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	const dk_rules *t = &rs.rules;
	/* "announcement no 120 = 11" ... "no 0 = 7": at most 1..5 own cards played */
	cr_expect_eq(t->announce_max_played_count, 5);
	for (int i = 0; i < 5; i++)
		cr_expect_eq(t->announce_max_played[i], i + 1, "level %d", i);
	cr_expect_eq(t->score_model, DK_SCORE_ADDITIVE);   /* re/contra doubles = false */
	cr_expect_eq(t->heart10_tie, DK_TIE_FIRST_WINS);   /* dollen second over first = false */
	cr_expect_eq(t->swines, DK_SWINES_NONE);
	cr_expect_not(t->poverty);
	cr_expect_eq(t->marriage_deadline_trick, 3);
	cr_expect_eq(t->announce_reply, DK_REPLY_NONE);
	cr_expect_eq(map.verdict_count, 0);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);

	r = open_fd(FD "partyB.gameplay-debug.log");
	load_rules(&rs, &map, r);
	t = &rs.rules;
	cr_expect_eq(t->swines, DK_SWINES_AT_START);
	cr_expect_eq(t->heart10_tie, DK_TIE_SECOND_WINS);
	/* dollen = true, first over second with swines = false; swines in
	 * poverty, swine only second = false; hyperswines with all four
	 * sub-options as written */
	cr_expect(t->heart10_trump);
	cr_expect_not(t->heart10_first_with_swines);
	cr_expect_eq(t->swines_poverty, DK_SWINES_POVERTY_COUNT_ALL);
	cr_expect_not(t->swines_only_second);
	cr_expect_eq(t->hyperswines, DK_SWINES_AT_START);
	cr_expect_eq(t->hyperswines_solos, t->swines_solos);
	cr_expect_neq(t->hyperswines_solos, 0);
	cr_expect(t->hyperswines_poverty);
	cr_expect_not(t->hyperswines_with_swines);
	cr_expect_eq(t->score_model, DK_SCORE_DOUBLING);
	cr_expect_not(t->score_against_old_doubled);
	cr_expect_eq(t->marriage_conditions, (1u << DK_MARRIAGE_FIRST_TRICK) |
						     (1u << DK_MARRIAGE_FIRST_TRUMP_TRICK));
	cr_expect_eq(t->announce_mandatory_points, 30);
	cr_expect_eq(t->announce_mandatory_games, DK_MANDATORY_NORMAL_GAMES);
	cr_expect_not(t->announce_mandatory_raise);
	/* 11/9/6/3/3 and "last announcement = 3": 1, 3, 6, 9, 9 cards played */
	static const int mp[5] = { 1, 3, 6, 9, 9 };
	for (int i = 0; i < 5; i++)
		cr_expect_eq(t->announce_max_played[i], mp[i], "level %d", i);
	/* Bock: stacked, by 2, after 120:120, a lost solo, a lost Re/Kontra, a
	 * black game; a game after which the start player stays uses up none */
	cr_expect_eq(t->bock_kind, DK_BOCK_STACK);
	cr_expect_eq(t->bock_multiplier, 2);
	cr_expect_eq(t->bock_triggers, (1u << DK_BT_TIE) | (1u << DK_BT_LOST_SOLO) |
					       (1u << DK_BT_LOST_CALL) | (1u << DK_BT_SCHWARZ));
	cr_expect_eq(t->bock_per_game, DK_BOCK_PER_GAME_ONE);
	cr_expect_eq(t->bock_solo, DK_BOCK_SOLO_DOUBLED);
	cr_expect_eq(t->deal_after_solo, DK_AFTER_SOLO_SAME);   /* lustsolo player leads */
	/* lustsolo player leads: neither a lust solo nor a duty solo uses up a
	 * Bock game, a silent marriage does (GameSummary::startplayer_stays) */
	cr_expect_eq(t->bock_uses_up, 1u << DK_BG_SILENT_MARRIAGE);
	/* the extra points and the counting (score.*, standings.*) */
	cr_expect(t->score_fox_last_trick);
	cr_expect_not(t->score_fox_last_trick_both);
	cr_expect_not(t->score_fox_caught_last_trick);
	cr_expect(t->score_heart10_caught);
	cr_expect_not(t->score_heart_trick);
	cr_expect(t->score_karlchen);
	cr_expect_not(t->score_karlchen_both);
	cr_expect(t->score_karlchen_caught);
	cr_expect_not(t->score_karlchen_caught_both);
	cr_expect_not(t->score_karlchen_caught_by_diamond_queen);
	cr_expect_eq(t->standings_counting, DK_COUNTING_PLUS);
	cr_expect_not(t->standings_solo_factor_for_all);
	/* "genscher = true": a partner pick with the first ♦K, the pair Re, the
	 * announcements before it cut down to Re/Kontra, none in a silent marriage */
	cr_expect(t->wende_genscher);
	cr_expect_not(t->genscher);
	cr_expect_eq(t->wende_genscher_card, DK_PICK_DIAMOND_KING);
	cr_expect_eq(t->wende_genscher_parties, DK_PICK_CALLER_RE);
	cr_expect_eq(t->wende_genscher_announcements, DK_PICK_REDUCED);
	cr_expect_not(t->wende_genscher_bride_alone);
	cr_expect_not(t->announce_mandatory_only_first);
	cr_expect_eq(t->announce_model, DK_MODEL_OWN_CARDS);
	/* nothing left that can change a verdict: no longer bock, genscher,
	 * the extra points nor hyperswines */
	cr_expect_eq(map.verdict_count, 0);
	for (size_t j = 0; j < map.unmapped_count; j++)
		cr_expect(strncmp(map.unmapped[j].key, "bock", 4) != 0 &&
			  strncmp(map.unmapped[j].key, "extrapoint", 10) != 0 &&
			  strcmp(map.unmapped[j].key, "counting") != 0 &&
			  !strstr(map.unmapped[j].key, " bock"), "%s unmapped", map.unmapped[j].key);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

/* a FreeDoko rule block as a list of "key = value" */
static void load_block(dk_ruleset *rs, dk_fd_rule_map *map, dk_fd_rule *items, size_t n)
{
	dk_fd_rules block = { .items = items, .count = n, .loc = { 1, 1 } };
	dk_buf y;
	dk_buf_init(&y);
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_fd_rules_to_yaml(&y, map, &block, "ddv", "test", "test", &d), 0);
	int rc = dk_ruleset_load_text(rs, y.data, y.len, "test.yaml", dirs, &d);
	cr_assert_eq(rc, 0, "%s", d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
	dk_buf_release(&y);
}

/* every extra point and the counting of FreeDoko as rule keys, with
 * FreeDoko's conditions (src/party/rule.cpp, Rule::dependencies) */
Test(freedoko, extra_points_and_counting_as_rule_keys)
{
	dk_fd_rule on[] = {
		{ "with nines", "false", { 1, 1 } },
		{ "dollen second over first", "false", { 2, 1 } },
		{ "dollen contrary in last trick", "true", { 3, 1 } },
		{ "extrapoint dolle jabs dolle", "true", { 4, 1 } },
		{ "extrapoint heart trick", "true", { 5, 1 } },
		{ "extrapoint catch fox last trick", "true", { 6, 1 } },
		{ "extrapoint double fox last trick", "true", { 7, 1 } },
		{ "extrapoint double charlie", "true", { 8, 1 } },
		{ "extrapoint catch double charlie", "true", { 9, 1 } },
		{ "extrapoint catch charlie only with diamond queen", "true", { 10, 1 } },
		{ "announcement contra doubles against re", "true", { 11, 1 } },
		{ "counting", "minus", { 12, 1 } },
		{ "solo always counts triple", "true", { 13, 1 } },
	};
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_block(&rs, &map, on, sizeof(on) / sizeof(on[0]));
	const dk_rules *t = &rs.rules;
	cr_expect(t->score_heart10_caught);   /* "contrary in last trick" suffices */
	cr_expect(t->score_heart_trick);      /* without nines */
	cr_expect(t->score_fox_caught_last_trick);
	cr_expect(t->score_fox_last_trick);   /* FreeDoko's default: on */
	cr_expect(t->score_fox_last_trick_both);
	cr_expect(t->score_karlchen_both);
	cr_expect(t->score_karlchen_caught_both);
	cr_expect(t->score_karlchen_caught_by_diamond_queen);
	cr_expect(t->score_against_old_doubled);
	cr_expect_eq(t->standings_counting, DK_COUNTING_MINUS);
	cr_expect(t->standings_solo_factor_for_all);
	for (size_t j = 0; j < map.unmapped_count; j++)
		cr_expect(strncmp(map.unmapped[j].key, "extrapoint", 10) != 0 &&
			  strcmp(map.unmapped[j].key, "counting") != 0 &&
			  strcmp(map.unmapped[j].key, "solo always counts triple") != 0 &&
			  strcmp(map.unmapped[j].key, "announcement contra doubles against re") != 0,
			  "%s unmapped", map.unmapped[j].key);
	dk_ruleset_release(&rs);

	/* the conditions: a heart trick only without nines, "catch double
	 * charlie" only under "double charlie", "catch fox last trick" only
	 * under "catch fox", "contra doubles against re" only where Re/Kontra
	 * double, "solo always counts triple" not under plus-minus */
	dk_fd_rule off[] = {
		{ "extrapoint heart trick", "true", { 1, 1 } },
		{ "extrapoint catch fox", "false", { 2, 1 } },
		{ "extrapoint catch fox last trick", "true", { 3, 1 } },
		{ "extrapoint catch double charlie", "true", { 4, 1 } },
		{ "announcement re/contra doubles", "false", { 5, 1 } },
		{ "announcement contra doubles against re", "true", { 6, 1 } },
		{ "counting", "plus-minus", { 7, 1 } },
		{ "solo always counts triple", "true", { 8, 1 } },
		{ "extrapoint fox last trick", "false", { 9, 1 } },
		{ "extrapoint double fox last trick", "true", { 10, 1 } },
	};
	load_block(&rs, &map, off, sizeof(off) / sizeof(off[0]));
	t = &rs.rules;
	cr_expect_not(t->score_heart_trick);
	cr_expect_not(t->score_fox_caught_last_trick);
	cr_expect_not(t->score_karlchen_caught_both);
	cr_expect_not(t->score_against_old_doubled);
	cr_expect_not(t->score_fox_last_trick);
	cr_expect_not(t->score_fox_last_trick_both);
	cr_expect_not(t->score_heart10_caught);   /* FreeDoko's default: off */
	cr_expect_eq(t->standings_counting, DK_COUNTING_PLUS_MINUS);
	cr_expect_not(t->standings_solo_factor_for_all);
	dk_ruleset_release(&rs);
}

Test(freedoko, sniff_by_content)
{
	cr_expect_eq(dk_fd_sniff("# FreeDoko Bugreport\n", 21), DK_FD_BUGREPORT);
	cr_expect_eq(dk_fd_sniff("# FreeDoko Reference\n", 21), DK_FD_BUGREPORT);
	cr_expect_eq(dk_fd_sniff("x\nparty start\nwith nines = true\n", 33), DK_FD_DEBUG_LOG);
	cr_expect_eq(dk_fd_sniff("game open: 0\n", 13), DK_FD_DEBUG_LOG);
	cr_expect_eq(dk_fd_sniff("#!FreeDoko\n", 11), DK_FD_RULES);
	cr_expect_eq(dk_fd_sniff("<?xml version=\"1.0\"?>\n<dokoref/>", 32), DK_FD_NONE);
	cr_expect_eq(dk_fd_sniff("", 0), DK_FD_NONE);
	/* recognised whatever the name */
	cr_expect(dk_cli_is_freedoko(FD "partyB.gameplay-debug.log", 0));
	cr_expect_not(dk_cli_is_freedoko(DK_SOURCE_ROOT "/samples/normal-ddv.xml", 0));
}

/* ---- XML -> FreeDoko -> XML ------------------------------------------------ */

static int by_card(const void *a, const void *b)
{
	return (int)*(const dk_card *)a - (int)*(const dk_card *)b;
}

/* the game as canonical XML without what a bug report does not hold by
 * design (notes, metadata, the recorded score) and with sorted hands */
static void game_xml(dk_buf *b, const dk_game *g)
{
	dk_game c = *g;
	memset(&c.meta, 0, sizeof(c.meta));
	c.note_count = 0;
	c.comment_count = 0;
	c.recorded.present = false;
	c.session = NULL;
	if (!g->has_players && dk_game_players(g)) {
		c.has_players = true;
		c.players = *dk_game_players(g);
	}
	if (!g->has_rules && dk_game_rules(g)) {
		c.has_rules = true;
		c.rules = *dk_game_rules(g);
	}
	for (int i = 0; i < c.deal.hand_count; i++)
		qsort(c.deal.hands[i].cards, (size_t)c.deal.hands[i].count, sizeof(dk_card), by_card);
	dk_xml_write_game(b, &c, 1);
}

typedef struct trip {
	bool lossless;       /* the writer dropped nothing */
	bool same;           /* the game read back equals the game */
	char changed[400];   /* dk_fd_compare_games */
} trip;

static void round_trip(trip *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *x;
	cr_assert_eq(dk_xml_reader_open(&x, path, NULL, 0, &d), 0, "%s", path);
	dk_read_item it;
	while ((it = dk_xml_reader_next(x, &d)) != DK_READ_GAME)
		cr_assert_neq(it, DK_READ_END, "%s has no game", path);
	const dk_game *g = dk_xml_reader_game(x);
	const dk_rules_ref *ref = dk_game_rules(g);
	cr_assert(ref && ref->name, "%s", path);
	dk_ruleset rs;
	cr_assert_eq(dk_ruleset_load(&rs, ref->name, dirs, &d), 0, "%s", path);
	for (size_t i = 0; i < ref->override_count; i++)
		cr_assert_eq(dk_ruleset_override(&rs, ref->overrides[i].key, ref->overrides[i].value,
						 path, ref->overrides[i].loc, &d), 0, "%s", path);
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay_run(rp, g, &rs.rules);
	dk_buf fd, dropped, differ, a, b, changed;
	dk_buf_init(&fd);
	dk_buf_init(&dropped);
	dk_buf_init(&differ);
	dk_buf_init(&a);
	dk_buf_init(&b);
	dk_buf_init(&changed);
	dk_fd_write_bugreport(&fd, &dropped, &differ, g, rp, &rs.rules);
	dk_fd_reader *r = NULL;
	cr_assert_eq(dk_fd_reader_open_memory(&r, fd.data, fd.len, "written", &d), 0, "%s", path);
	cr_assert_eq(dk_fd_reader_next(r, &d), DK_READ_GAME, "%s: %s", path,
		     d.count ? d.items[0].message : "?");
	cr_expect(dk_fd_reader_game_ok(r), "%s reads back with errors: %s", path,
		  d.count ? d.items[0].message : "?");
	const dk_game *back = dk_fd_reader_game(r);
	dk_fd_compare_games(&changed, g, back);
	game_xml(&a, g);
	game_xml(&b, back);
	/* what the writer says it could not hold: notes, metadata and the
	 * recorded score are left out on purpose */
	bool lossless = true;
	for (char *p = dropped.data; p && *p;) {
		char *e = strchr(p, '\n');
		*e = '\0';
		if (!strstr(p, "notes") && !strstr(p, "metadata") && !strstr(p, "wrote down"))
			lossless = false;
		p = e + 1;
	}
	t->lossless = lossless;
	t->same = changed.len == 0 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
	snprintf(t->changed, sizeof(t->changed), "%s", changed.len ? changed.data : "");
	if (lossless && !t->same)
		cr_log_error("%s:\n%s\n---\n%s", path, a.data, b.data);
	dk_fd_reader_free(r);
	free(rp);
	dk_ruleset_release(&rs);
	dk_xml_reader_free(x);
	dk_buf_release(&fd);
	dk_buf_release(&dropped);
	dk_buf_release(&differ);
	dk_buf_release(&a);
	dk_buf_release(&b);
	dk_buf_release(&changed);
	dk_diag_release(&d);
}

/* every sample and legal game that a bug report can hold comes back the same */
Test(freedoko, xml_freedoko_xml)
{
	static const char *const dirs_xml[] = { "samples", "tests/check/legal" };
	size_t lossless = 0, lossy = 0;
	for (size_t k = 0; k < 2; k++) {
		char dir[512];
		snprintf(dir, sizeof(dir), DK_SOURCE_ROOT "/%s", dirs_xml[k]);
		DIR *dp = opendir(dir);
		cr_assert_not_null(dp);
		struct dirent *e;
		while ((e = readdir(dp))) {
			size_t n = strlen(e->d_name);
			if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0 ||
			    strstr(e->d_name, "session"))
				continue;
			char path[1100];
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			trip t;
			round_trip(&t, path);
			if (t.lossless) {
				lossless++;
				cr_expect(t.same, "%s changed: %s", e->d_name, t.changed);
			} else {
				/* the writer said so, and reading back shows a change */
				lossy++;
			}
		}
		closedir(dp);
	}
	cr_expect_geq(lossless, 60, "only %zu games round-trip", lossless);
	cr_log_info("%zu games round-trip unchanged, %zu lose something", lossless, lossy);
}

/* a game FreeDoko cannot hold is named, not silently changed */
Test(freedoko, lossy_is_said)
{
	static const struct { const char *file; const char *change; } cases[] = {
		{ "samples/solo-pure-clubs-unsere-2024.xml", "the game finding" },
		{ "samples/solo-trumps-turnier-2022.xml", "the game finding" },
		{ "tests/check/legal/esslingen-2002--wende-genscher.xml", "the play" },
		{ "tests/check/legal/ddv--solo-over-marriage.xml", "the game finding" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char path[512];
		snprintf(path, sizeof(path), DK_SOURCE_ROOT "/%s", cases[i].file);
		trip t;
		round_trip(&t, path);
		cr_expect_not(t.lossless, "%s", cases[i].file);
		cr_expect_not_null(strstr(t.changed, cases[i].change), "%s: %s", cases[i].file,
				   t.changed);
	}
}

/* FreeDoko's bock options as bock.* (formats/freedoko.md, Bock) */
static int rules_of(dk_ruleset *rs, const dk_fd_rule *items, size_t n, dk_diag *d)
{
	dk_fd_rules fr = { .items = (dk_fd_rule *)items, .count = n };
	dk_fd_rule_map map;
	dk_buf y;
	dk_buf_init(&y);
	int rc = dk_fd_rules_to_yaml(&y, &map, &fr, "ddv", "t", "t.FreeDoko-rules", d);
	if (rc == 0)
		rc = dk_ruleset_load_text(rs, y.data, y.len, "t.yaml", dirs, d);
	else
		dk_ruleset_init(rs);
	for (size_t i = 0; rc == 0 && i < map.unmapped_count; i++)
		cr_expect(strstr(map.unmapped[i].key, "bock") == NULL, "%s unmapped",
			  map.unmapped[i].key);
	dk_buf_release(&y);
	return rc;
}

Test(freedoko, bock_options_mapped)
{
	dk_loc at = { .line = 1, .col = 1 };
	dk_diag d;
	dk_diag_init(&d);
	dk_ruleset rs;
	/* appended, by 3, after a heart trick only; duty soli without the
	 * lust solo's player leading */
	const dk_fd_rule a[] = {
		{ "append bock", "true", at }, { "bock multiplier", "3", at },
		{ "bock after 120-120", "false", at }, { "bock after heart trick", "true", at },
		{ "lustsolo player leads", "false", at }, { "number of duty soli", "1", at },
	};
	cr_assert_eq(rules_of(&rs, a, sizeof(a) / sizeof(a[0]), &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	cr_expect_eq(rs.rules.bock_kind, DK_BOCK_APPEND);
	cr_expect_eq(rs.rules.bock_multiplier, 3);
	cr_expect_eq(rs.rules.bock_triggers, 1u << DK_BT_HEART_TRICK);
	cr_expect_eq(rs.rules.deal_after_solo, DK_AFTER_SOLO_SAME_AFTER_DUTY);
	dk_ruleset_release(&rs);
	/* no bock: none, and no triggers; no duty soli: the dealer moves on */
	const dk_fd_rule b[] = {
		{ "bock", "false", at }, { "bock after lost solo", "true", at },
		{ "lustsolo player leads", "false", at },
	};
	cr_assert_eq(rules_of(&rs, b, sizeof(b) / sizeof(b[0]), &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	cr_expect_eq(rs.rules.bock_kind, DK_BOCK_NONE);
	cr_expect_eq(rs.rules.bock_triggers, 0u);
	cr_expect_eq(rs.rules.deal_after_solo, DK_AFTER_SOLO_NEXT);
	dk_ruleset_release(&rs);
	/* FreeDoko's multiplier is 1 to 256 */
	const dk_fd_rule c[] = { { "bock multiplier", "0", at } };
	cr_expect_neq(rules_of(&rs, c, 1, &d), 0);
	cr_expect(d.errors > 0);
	cr_expect(d.count && strstr(d.items[d.count - 1].message, "bock multiplier"));
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
}

/* the announcement options of fd-announce: till full trick, knocking, the
 * duty "only first" and "in marriage", genscher; all mapped, none unsaid */
Test(freedoko, announcement_options_mapped)
{
	dk_loc at = { .line = 1, .col = 1 };
	dk_diag d;
	dk_diag_init(&d);
	dk_ruleset rs;
	const dk_fd_rule a[] = {
		{ "announcement till full trick", "true", at }, { "knocking", "true", at },
		{ "announcement first trick thirty points", "true", at },
		{ "announcement first trick thirty points only first", "true", at },
		{ "announcement first trick thirty points in marriage", "false", at },
		{ "genscher", "true", at },
	};
	dk_fd_rules fr = { .items = (dk_fd_rule *)a, .count = sizeof(a) / sizeof(a[0]) };
	dk_fd_rule_map map;
	dk_buf y;
	dk_buf_init(&y);
	cr_assert_eq(dk_fd_rules_to_yaml(&y, &map, &fr, "ddv", "t", "t.FreeDoko-rules", &d), 0);
	cr_assert_eq(dk_ruleset_load_text(&rs, y.data, y.len, "t.yaml", dirs, &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	/* FreeDoko's defaults of other options may still be unsaid, not these */
	for (size_t i = 0; i < map.unmapped_count; i++)
		for (size_t k = 0; k < sizeof(a) / sizeof(a[0]); k++)
			cr_expect_str_neq(map.unmapped[i].key, a[k].key);
	cr_expect_eq(rs.rules.announce_model, DK_MODEL_GAME_TRICKS);
	cr_expect(rs.rules.announce_per_player);
	cr_expect(rs.rules.announce_mandatory_only_first);
	cr_expect_eq(rs.rules.announce_mandatory_games, DK_MANDATORY_NORMAL_NO_MARRIAGE);
	cr_expect(rs.rules.wende_genscher);
	cr_expect_eq(rs.rules.wende_genscher_card, DK_PICK_DIAMOND_KING);
	/* 12 cards: "no 120 = 11" is at most 1 trick finished, as with own cards */
	cr_expect_eq(rs.rules.announce_max_played[0], 1);
	dk_buf_release(&y);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
}

/* FreeDoko's picture solos and marriage selectors as solo.kinds and
 * marriage.* (formats/freedoko.md) */
Test(freedoko, picture_solo_and_selector_options_mapped)
{
	dk_loc at = { .line = 1, .col = 1 };
	dk_diag d;
	dk_diag_init(&d);
	dk_ruleset rs;
	const dk_enum_set pictures = (1u << DK_SOLO_KINGS) | (1u << DK_SOLO_QUEENS_JACKS) |
				     (1u << DK_SOLO_KINGS_JACKS) | (1u << DK_SOLO_KINGS_QUEENS);
	const dk_enum_set colours = (1u << DK_MARRIAGE_FIRST_CLUB_TRICK) |
				    (1u << DK_MARRIAGE_FIRST_SPADE_TRICK) |
				    (1u << DK_MARRIAGE_FIRST_HEART_TRICK);
	/* two of the four picture solos; only the single colours; the first
	 * selector decides when the bride wins it */
	const dk_fd_rule a[] = {
		{ "solo queen jack", "false", at }, { "solo king jack", "false", at },
		{ "marriage first foreign", "false", at }, { "marriage first color", "false", at },
		{ "marriage first trump", "false", at }, { "marriage first one decides", "true", at },
	};
	cr_assert_eq(rules_of(&rs, a, sizeof(a) / sizeof(a[0]), &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	cr_expect_eq(rs.rules.solo_kinds & pictures,
		     (1u << DK_SOLO_KINGS) | (1u << DK_SOLO_KINGS_QUEENS));
	cr_expect_eq(rs.rules.marriage_conditions, colours);
	cr_expect_eq(rs.rules.marriage_default_condition, DK_MARRIAGE_FIRST_CLUB_TRICK);
	cr_expect_eq(rs.rules.marriage_self, DK_SELF_ALONE);
	dk_ruleset_release(&rs);
	/* no solo at all: none of them; no selector on: FreeDoko's first color */
	const dk_fd_rule b[] = {
		{ "solo", "false", at }, { "marriage first foreign", "false", at },
		{ "marriage first color", "false", at }, { "marriage first trump", "false", at },
		{ "marriage first single color", "false", at },
	};
	cr_assert_eq(rules_of(&rs, b, sizeof(b) / sizeof(b[0]), &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	cr_expect_eq(rs.rules.solo_kinds & pictures, 0u);
	cr_expect_eq(rs.rules.marriage_conditions, 1u << DK_MARRIAGE_FIRST_FEHL_TRICK);
	cr_expect_eq(rs.rules.marriage_self, DK_SELF_SKIPPED);
	dk_ruleset_release(&rs);
	/* FreeDoko's defaults: all four picture solos, all six selectors */
	cr_assert_eq(rules_of(&rs, NULL, 0, &d), 0, "%s", d.count ? d.items[0].message : "?");
	cr_expect_eq(rs.rules.solo_kinds & pictures, pictures);
	cr_expect_eq(rs.rules.marriage_conditions,
		     colours | (1u << DK_MARRIAGE_FIRST_TRICK) | (1u << DK_MARRIAGE_FIRST_FEHL_TRICK) |
			     (1u << DK_MARRIAGE_FIRST_TRUMP_TRICK));
	cr_expect_eq(rs.rules.marriage_default_condition, DK_MARRIAGE_FIRST_TRICK);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
}

/* FreeDoko's throwing, poverty and duty-soli options (formats/freedoko.md):
 * none of them is left as "cannot be expressed" */
Test(freedoko, reservation_options_mapped)
{
	dk_loc at = { .line = 1, .col = 1 };
	dk_diag d;
	dk_diag_init(&d);
	dk_ruleset rs;
	const dk_fd_rule a[] = {
		{ "throw with nines", "true", at }, { "min number of throwing nines", "6", at },
		{ "throw with kings", "true", at }, { "min number of throwing kings", "4", at },
		{ "throw with nines and kings", "true", at },
		{ "min number of throwing nines and kings", "8", at },
		{ "throw with richness", "true", at }, { "min richness for throwing", "65", at },
		{ "throw when fox highest trump", "true", at },
		{ "throwing before solo", "true", at },
		{ "poverty fox do not count", "true", at }, { "poverty fox shift extra", "true", at },
		{ "throw with one trump", "true", at },
		{ "number of duty soli", "1", at }, { "number of duty color soli", "1", at },
		{ "number of duty picture soli", "1", at },
	};
	dk_fd_rules fr = { .items = (dk_fd_rule *)a, .count = sizeof(a) / sizeof(a[0]) };
	dk_fd_rule_map map;
	dk_buf y;
	dk_buf_init(&y);
	cr_assert_eq(dk_fd_rules_to_yaml(&y, &map, &fr, "ddv", "t", "t.FreeDoko-rules", &d), 0);
	/* ("poverty fox shift open", face up or down, decides nothing) */
	for (size_t i = 0; i < map.unmapped_count; i++)
		cr_expect(!map.unmapped[i].verdict || (!strstr(map.unmapped[i].key, "throw") &&
			  !strstr(map.unmapped[i].key, "poverty") &&
			  !strstr(map.unmapped[i].key, "number of duty")), "%s unmapped",
			  map.unmapped[i].key);
	cr_assert_eq(dk_ruleset_load_text(&rs, y.data, y.len, "t.yaml", dirs, &d), 0, "%s",
		     d.count ? d.items[0].message : "?");
	dk_buf_release(&y);
	const dk_rules *r = &rs.rules;
	cr_expect_eq(r->throw_in_reasons,
		     (1u << DK_THROW_FIVE_NINES) | (1u << DK_THROW_FIVE_KINGS) |
		     (1u << DK_THROW_NINES_AND_KINGS) | (1u << DK_THROW_RICHNESS) |
		     (1u << DK_THROW_FOX_HIGHEST_TRUMP));
	cr_expect_eq(r->throw_in_min_nines, 6);
	cr_expect_eq(r->throw_in_min_kings, 4);
	cr_expect_eq(r->throw_in_min_nines_and_kings, 8);
	cr_expect_eq(r->throw_in_min_richness, 65);
	cr_expect_eq(r->reservation_order[0], DK_RES_THROW_IN);
	cr_expect(r->poverty_foxes_not_counted);
	cr_expect(r->poverty_foxes_passed_extra);
	cr_expect(r->poverty_exchange);
	cr_expect_eq(r->poverty_throw_in_max_trumps, 1);
	cr_expect_eq(r->poverty_double, DK_DOUBLE_FIRST_ASKED);
	/* at least the colour and picture ones together (FreeDoko's minimum) */
	cr_expect_eq(r->duty_soli, 2);
	cr_expect_eq(r->duty_colour_soli, 1);
	cr_expect_eq(r->duty_picture_soli, 1);
	dk_ruleset_release(&rs);
	/* no shifting: a poverty is dealt again */
	const dk_fd_rule b[] = { { "poverty shift", "false", at } };
	cr_assert_eq(rules_of(&rs, b, 1, &d), 0, "%s", d.count ? d.items[0].message : "?");
	cr_expect_not(rs.rules.poverty_exchange);
	cr_expect_eq(rs.rules.poverty_throw_in_max_trumps, -1);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
}

/* tests/freedoko/partyE.gameplay-debug.log: FreeDoko's own party with
 * throwing for richness, the fox not counted and passed extra, a poverty of
 * one trump thrown in and one duty solo each.  Every option is a rule set
 * value; every game is scored as FreeDoko scored it, and when the party
 * ends nobody owes a duty solo (FreeDoko marks one for each player). */
Test(freedoko, variants_log_scored_as_freedoko)
{
	dk_fd_reader *r = open_fd(FD "partyE.gameplay-debug.log");
	dk_ruleset rs;
	dk_fd_rule_map map;
	load_rules(&rs, &map, r);
	cr_expect_eq(map.verdict_count, 0, "%zu options cannot be expressed",
		     (size_t)map.verdict_count);
	cr_expect(DK_SET_HAS(rs.rules.throw_in_reasons, DK_THROW_RICHNESS));
	cr_expect_eq(rs.rules.throw_in_min_richness, 80);
	cr_expect(rs.rules.poverty_foxes_not_counted);
	cr_expect_eq(rs.rules.poverty_throw_in_max_trumps, 1);
	cr_expect_eq(rs.rules.duty_soli, 1);
	dk_diag d;
	dk_diag_init(&d);
	size_t n = 0, same = 0;
	dk_session_state st;
	judged *j = calloc(1, sizeof(*j));
	cr_assert_not_null(j);
	while (dk_fd_reader_next(r, &d) == DK_READ_GAME) {
		const dk_game *g = dk_fd_reader_game(r);
		cr_assert_not_null(g->foreign, "game %zu has no FreeDoko summary", n + 1);
		if (n == 0)
			dk_session_begin(&st, g->session);
		judge_in(j, &st, g, &rs.rules);
		cr_expect_eq(j->rp.finding_count, 0, "game %zu", n + 1);
		cr_expect_eq(j->c.count, 0, "game %zu differs from FreeDoko's score", n + 1);
		same += j->c.count == 0;
		n++;
	}
	free(j);
	/* 40 deals, 5 thrown in (4 for richness, 1 for nines): 35 games */
	cr_expect_eq(n, 35);
	cr_expect_eq(same, 35);
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	cr_expect_eq(dk_session_finish(&st, x, (int)(sizeof(x) / sizeof(x[0]))), 0);
	cr_expect_eq(d.errors, 0);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_fd_reader_free(r);
}

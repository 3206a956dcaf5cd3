/*
 * test_session.c - a session game by game (src/core/session.c): dealer
 * rotation, sitting out at five and six, Bock rounds appended and stacked,
 * the solo in a Bock round, Bocks pending at the start, the ♦K sign flip,
 * and the score sheet's sum, parity and running totals, each under the
 * shipped rule set whose document says so (RULES.md §4, §13); and the
 * stable game id.
 *
 * The games are built by hand: only what the session reads is filled in
 * (the table, the dealer, who held a hand, the parties' calls and card
 * points, the winner, the plus-minus, the score sheet).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "gameid.h"
#include "leakcheck.h"
#include "shipped_rules.h"
#include "ruleset.h"
#include "session.h"

TestSuite(session, .fini = dk_leak_check);

/* one game as the session sees it */
typedef struct fx {
	dk_player p[DK_MAX_SEATS];
	dk_game g;
	dk_seat_points scores[DK_MAX_SEATS], totals[DK_MAX_SEATS];
	dk_replay rp;
	dk_score_input in;
	dk_score sc;
	long per[DK_MAX_SEATS + 1];
} fx;

static const char *const names[] = { "A", "B", "C", "D", "E", "F" };

/*
 * A game at a table of n, dealt by dealer; the four seats after the
 * dealer's that do not sit out hold the hands (with sitting-out seats
 * `out1`, `out2`, 0 = none); re1 and re2 are Re; value for Re (negative:
 * Kontra won).  Not a solo, nothing said, 121:119 or 119:121.
 */
static void game(fx *f, int n, int dealer, int out1, int out2, int re1, int re2, int value)
{
	memset(f, 0, sizeof(*f));
	for (int i = 0; i < n; i++) {
		f->p[i].seat = i + 1;
		f->p[i].name = names[i];
	}
	f->g.has_players = true;
	f->g.players.items = f->p;
	f->g.players.count = (size_t)n;
	f->g.deal.dealer = dealer;
	int k = 0;
	for (int s = dealer % n + 1; k < DK_PLAYING_SEATS; s = s % n + 1) {
		if (s == out1 || s == out2)
			continue;
		f->g.deal.hands[k].seat = s;
		f->rp.seats[k] = s;
		f->rp.party[s] = s == re1 || s == re2 ? DK_PARTY_RE : DK_PARTY_KONTRA;
		f->per[s] = f->rp.party[s] == DK_PARTY_RE ? value : -value;
		k++;
	}
	f->g.deal.hand_count = DK_PLAYING_SEATS;
	f->rp.type = DK_GT_NORMAL;
	f->rp.points[DK_PARTY_RE] = value > 0 ? 121 : 119;
	f->rp.points[DK_PARTY_KONTRA] = 240 - f->rp.points[DK_PARTY_RE];
	dk_order_init(&f->rp.order, DK_SOLO_NONE, DK_TIE_FIRST_WINS);
	f->sc.winner = value > 0 ? DK_PARTY_RE : DK_PARTY_KONTRA;
	f->sc.value = value;
}

/* party p said Re/Kontra (first: it was the first to say it) */
static void said(fx *f, dk_party p, bool first)
{
	f->rp.calls[p].made[0] = true;
	if (first)
		f->rp.first_caller = p;
}

/* seat plays a solo and wins value (x3 for the soloist) */
static void solo(fx *f, int soloist, int value)
{
	f->in.solo = true;
	f->rp.type = DK_GT_SOLO;
	f->rp.declarer = soloist;
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int s = f->rp.seats[k];
		f->rp.party[s] = s == soloist ? DK_PARTY_RE : DK_PARTY_KONTRA;
		f->per[s] = s == soloist ? 3 * value : -value;
	}
	f->sc.winner = value > 0 ? DK_PARTY_RE : DK_PARTY_KONTRA;
	f->sc.value = value;
}

/* the score sheet of a game at a table of four: entries, totals (NULL: none) */
static void sheet(fx *f, const long *scores, const long *totals)
{
	f->g.recorded.present = true;
	for (int s = 0; s < 4; s++) {
		f->scores[s].seat = f->totals[s].seat = s + 1;
		if (scores)
			f->scores[s].points = scores[s];
		if (totals)
			f->totals[s].points = totals[s];
	}
	f->g.recorded.scores = scores ? f->scores : NULL;
	f->g.recorded.score_count = scores ? 4 : 0;
	f->g.recorded.totals = totals ? f->totals : NULL;
	f->g.recorded.total_count = totals ? 4 : 0;
}

static void judge(dk_session_state *st, dk_session_game *out, fx *f, const dk_rules *r)
{
	dk_session_judge(st, out, &f->g, r, &f->rp, &f->in, &f->sc, f->per);
}

static bool has_issue(const dk_session_game *o, dk_session_issue_code c, int seat)
{
	for (int i = 0; i < o->issue_count; i++)
		if (o->issues[i].code == c && (seat < 0 || o->issues[i].seat == seat))
			return true;
	return false;
}

Test(session, unsere_bock_rounds_are_appended)
{
	dk_ruleset rs;
	load_shipped(&rs, "unsere-2024");
	dk_session_state st;
	dk_session_begin(&st, NULL);
	/* games 1 and 3 lose an announced Re: a round of 4 each, the second
	 * appended after the first, so games 2 to 9 are doubled once */
	static const long want[] = { 1, 2, 2, 2, 2, 2, 2, 2, 2, 1 };
	for (int i = 0; i < 10; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, i == 0 || i == 2 ? -1 : 1);
		if (i == 0 || i == 2)
			said(&f, DK_PARTY_RE, true);
		judge(&st, &o, &f, &rs.rules);
		cr_expect_eq(o.multiplier, want[i], "game %d: x%ld", i + 1, o.multiplier);
		cr_expect_eq(o.bocks_made, i == 0 || i == 2, "game %d", i + 1);
		cr_expect_eq(o.score[1], want[i] * f.per[1], "game %d", i + 1);
		cr_expect_eq(o.issue_count, 0, "game %d", i + 1);
	}
	cr_expect_eq(dk_session_bock_pending(&st), 0);
	dk_ruleset_release(&rs);
}

Test(session, unsere_solo_in_bock_round_moves_it_back)
{
	dk_ruleset rs;
	load_shipped(&rs, "unsere-2024");
	dk_session_state st;
	dk_session_begin(&st, NULL);
	/* game 1: a lost Kontra; game 2 a solo: not doubled, so games 3-6
	 * are the Bock round */
	static const long want[] = { 1, 1, 2, 2, 2, 2, 1 };
	for (int i = 0; i < 7; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, 1);
		if (i == 0)
			said(&f, DK_PARTY_KONTRA, true);
		if (i == 1)
			solo(&f, 3, 2);
		judge(&st, &o, &f, &rs.rules);
		cr_expect_eq(o.multiplier, want[i], "game %d: x%ld", i + 1, o.multiplier);
		cr_expect_eq(o.bock_moved_back, i == 1, "game %d", i + 1);
		if (i == 1)
			cr_expect_eq(o.score[3], 6, "the solo is not doubled");
	}
	dk_ruleset_release(&rs);
}

Test(session, esslingen_bocks_stack_and_double_bock)
{
	dk_ruleset rs;
	load_shipped(&rs, "esslingen-2002");
	dk_session_state st;
	dk_session_begin(&st, NULL);
	/* game 1: Re and Kontra said, Kontra (second) wins: one Bock on 2-5;
	 * game 2: Re and Kontra said, Kontra said second and lost: a double
	 * Bock on 3-6.  Games: x1, x2, x8, x8, x8, x4, x1. */
	static const long want[] = { 1, 2, 8, 8, 8, 4, 1 };
	static const int made[] = { 1, 2, 0, 0, 0, 0, 0 };
	for (int i = 0; i < 7; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, i == 0 ? -1 : 1);
		if (i < 2) {
			said(&f, DK_PARTY_RE, true);
			said(&f, DK_PARTY_KONTRA, false);
		}
		judge(&st, &o, &f, &rs.rules);
		cr_expect_eq(o.multiplier, want[i], "game %d: x%ld", i + 1, o.multiplier);
		cr_expect_eq(o.bocks_made, made[i], "game %d: %d", i + 1, o.bocks_made);
	}
	cr_expect_eq(dk_session_bock_pending(&st), 0);
	dk_ruleset_release(&rs);
}

Test(session, triggers_per_rule_set)
{
	dk_ruleset u, e, d;
	load_shipped(&u, "unsere-2024");
	load_shipped(&e, "esslingen-2002");
	load_shipped(&d, "ddv");
	dk_session_state st;
	dk_session_game o;
	fx f;

	/* 120:120: a Bock in both house sets, none under ddv */
	game(&f, 4, 1, 0, 0, 1, 2, -2);
	f.rp.points[DK_PARTY_RE] = f.rp.points[DK_PARTY_KONTRA] = 120;
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &u.rules);
	cr_expect(DK_SET_HAS(o.triggered, DK_BT_TIE));
	cr_expect_eq(dk_session_bock_pending(&st), 4);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &d.rules);
	cr_expect_eq(o.triggered, 0u);
	cr_expect_eq(dk_session_bock_pending(&st), 0);

	/* a heart trick everybody followed: esslingen only, not in a solo */
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	f.rp.trick_count = 1;
	f.rp.tricks[0].count = 4;
	f.rp.tricks[0].cards[0] = DK_CARD_MAKE(DK_HEARTS, DK_ACE);
	f.rp.tricks[0].cards[1] = DK_CARD_MAKE(DK_HEARTS, DK_KING);
	f.rp.tricks[0].cards[2] = DK_CARD_MAKE(DK_HEARTS, DK_KING);
	f.rp.tricks[0].cards[3] = DK_CARD_MAKE(DK_HEARTS, DK_ACE);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &e.rules);
	cr_expect_eq(o.triggered, 1u << DK_BT_HEART_TRICK);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.triggered, 0u);
	/* the ♥10 is trump: a trick with it was not followed with hearts */
	f.rp.tricks[0].cards[3] = DK_CARD_MAKE(DK_HEARTS, DK_TEN);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &e.rules);
	cr_expect_eq(o.triggered, 0u);

	/* unsere: a lost Re and a 120:120 in one game make one round */
	game(&f, 4, 1, 0, 0, 1, 2, -2);
	f.rp.points[DK_PARTY_RE] = f.rp.points[DK_PARTY_KONTRA] = 120;
	said(&f, DK_PARTY_RE, true);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.bocks_made, 1);
	cr_expect_eq(dk_session_bock_pending(&st), 4);
	dk_ruleset_release(&u);
	dk_ruleset_release(&e);
	dk_ruleset_release(&d);
}

Test(session, pending_bocks_at_the_start)
{
	dk_ruleset e, u;
	load_shipped(&e, "esslingen-2002");
	load_shipped(&u, "unsere-2024");
	dk_session s;
	memset(&s, 0, sizeof(s));
	s.bock_pending = 3;
	dk_session_state st;
	dk_session_game o;
	fx f;
	dk_session_begin(&st, &s);
	for (int i = 0; i < 4; i++) {
		game(&f, 4, i + 1, 0, 0, 1, 2, 1);
		judge(&st, &o, &f, &e.rules);
		cr_expect_eq(o.multiplier, i < 3 ? 2 : 1, "game %d", i + 1);
		cr_expect_not(has_issue(&o, DK_SX_BOCK_NOT_CARRIED, -1));
	}
	/* unsere carries no Bocks over: doubled as the record says, with a warning */
	dk_session_begin(&st, &s);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.multiplier, 2);
	cr_expect(has_issue(&o, DK_SX_BOCK_NOT_CARRIED, -1));
	dk_ruleset_release(&e);
	dk_ruleset_release(&u);
}

Test(session, esslingen_diamond_king_flips_the_standings)
{
	dk_ruleset e;
	load_shipped(&e, "esslingen-2002");
	dk_session_state st;
	dk_session_game o;
	fx f;
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 3);          /* A, B +3; C, D -3 */
	judge(&st, &o, &f, &e.rules);
	game(&f, 4, 2, 0, 0, 1, 3, 1);          /* A, C +1; B, D -1; the ♦K wins the last trick */
	f.rp.trick_count = 1;
	f.rp.tricks[0].count = 4;
	f.rp.tricks[0].cards[2] = DK_CARD_MAKE(DK_DIAMONDS, DK_KING);
	f.rp.tricks[0].winner_index = 2;
	static const long written[] = { -2, -4, 4, 2 };
	sheet(&f, NULL, written);
	judge(&st, &o, &f, &e.rules);
	cr_expect(o.flipped);
	cr_expect_eq(o.total[1], -3 + 1);
	cr_expect_eq(o.total[2], -3 - 1);
	cr_expect_eq(o.total[3], 3 + 1);
	cr_expect_eq(o.total[4], 3 - 1);
	cr_expect_eq(o.issue_count, 0, "the sheet is right");
	/* not in a solo */
	game(&f, 4, 3, 0, 0, 1, 3, 1);
	solo(&f, 1, 1);
	f.rp.trick_count = 1;
	f.rp.tricks[0].cards[0] = DK_CARD_MAKE(DK_DIAMONDS, DK_KING);
	judge(&st, &o, &f, &e.rules);
	cr_expect_not(o.flipped);
	cr_expect_eq(o.total[1], -2 + 3);
	dk_ruleset_release(&e);
}

Test(session, dealer_rotation)
{
	dk_ruleset w, d, u;
	load_shipped(&w, "wattenscheid-2016");
	load_shipped(&d, "ddv");
	load_shipped(&u, "unsere-2024");
	dk_session_state st;
	dk_session_game o;
	fx f;

	/* wattenscheid: after a solo the same dealer deals, and it is no game of the round */
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 3, 1);
	judge(&st, &o, &f, &w.rules);
	cr_expect_not(o.counts_in_round);
	game(&f, 4, 2, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &w.rules);
	cr_expect(has_issue(&o, DK_SX_DEALER, 2));
	cr_expect_eq(o.issues[0].expected, 1);
	cr_expect_eq(o.round, 1);
	cr_expect_eq(o.game_in_round, 1);

	/* unsere: the dealer moves on after a solo too (D4) */
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 3, 1);
	judge(&st, &o, &f, &u.rules);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect(has_issue(&o, DK_SX_DEALER, 1));
	cr_expect_eq(o.issues[0].expected, 2);
	cr_expect_eq(o.game_in_round, 2);

	/* ddv: after a player's first solo (his Pflichtsolo) the same dealer, or
	 * the next one after a forced solo; after his second solo the next */
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 3, 1);
	judge(&st, &o, &f, &d.rules);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 3, 1);
	judge(&st, &o, &f, &d.rules);
	cr_expect_eq(o.issue_count, 0, "same dealer after the Pflichtsolo");
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &d.rules);
	cr_expect(has_issue(&o, DK_SX_DEALER, 1), "a Lustsolo: the next deals");
	dk_ruleset_release(&w);
	dk_ruleset_release(&d);
	dk_ruleset_release(&u);
}

Test(session, five_and_six_players_sit_out)
{
	dk_ruleset u, e;
	load_shipped(&u, "unsere-2024");
	load_shipped(&e, "esslingen-2002");
	dk_session_state st;
	dk_session_game o;
	fx f;

	dk_session_begin(&st, NULL);
	game(&f, 5, 2, 2, 0, 3, 4, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.sitting_out[0], 2);
	cr_expect_eq(o.issue_count, 0);
	cr_expect_eq(o.score[2], 0, "who sits out scores 0");
	/* dealer 3 at five, but seat 3 holds a hand and seat 4 sits out */
	game(&f, 5, 3, 4, 0, 3, 5, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect(has_issue(&o, DK_SX_SIT_OUT, 3));

	/* six: the dealer and the second seat after him */
	dk_session_begin(&st, NULL);
	game(&f, 6, 5, 5, 1, 2, 3, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.sitting_out[0], 5);
	cr_expect_eq(o.sitting_out[1], 1);
	cr_expect_eq(o.issue_count, 0);
	/* a Bock round at a table of six is six games (D14) */
	game(&f, 6, 6, 6, 2, 1, 3, -1);
	said(&f, DK_PARTY_RE, true);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(dk_session_bock_pending(&st), 6);

	/* esslingen does not say who sits out: one warning per session */
	dk_session_begin(&st, NULL);
	game(&f, 5, 1, 1, 0, 2, 3, 1);
	judge(&st, &o, &f, &e.rules);
	cr_expect(has_issue(&o, DK_SX_SIT_OUT_UNSAID, 0));
	game(&f, 5, 2, 2, 0, 1, 3, 1);
	judge(&st, &o, &f, &e.rules);
	cr_expect_eq(o.issue_count, 0);
	dk_ruleset_release(&u);
	dk_ruleset_release(&e);
}

Test(session, score_sheet)
{
	dk_ruleset d, t;
	load_shipped(&d, "ddv");
	load_shipped(&t, "turnier-2022");
	dk_session_state st;
	dk_session_game o;
	fx f;

	/* entries +3 +3 -2 -3: wrong for C, the sum is 1, not all odd */
	static const long entry[] = { 3, 3, -2, -3 };
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 3);
	sheet(&f, entry, NULL);
	judge(&st, &o, &f, &d.rules);
	cr_expect(has_issue(&o, DK_SX_SCORE_WRONG, 3));
	cr_expect_not(has_issue(&o, DK_SX_SCORE_WRONG, 1));
	cr_expect(has_issue(&o, DK_SX_SCORE_SUM, 0));
	cr_expect(has_issue(&o, DK_SX_EVEN_ODD, 0));
	cr_expect_eq(o.score_off, 1);
	/* a penalty in a solo may break the rule (TSR 7.3.3: +3, 0, 0, -3):
	 * where the right entries break it, the sheet is not blamed for it */
	static const long penalty[] = { 3, 0, 0, -3 };
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 3);
	for (int s = 1; s <= 4; s++)
		f.per[s] = penalty[s - 1];
	sheet(&f, penalty, NULL);
	judge(&st, &o, &f, &d.rules);
	cr_expect_eq(o.issue_count, 0);
	/* turnier-2022 checks the sum only */
	game(&f, 4, 1, 0, 0, 1, 2, 3);
	sheet(&f, entry, NULL);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &t.rules);
	cr_expect(has_issue(&o, DK_SX_SCORE_SUM, 0));
	cr_expect_not(has_issue(&o, DK_SX_EVEN_ODD, -1));

	/* running totals: game 2's total for A written as 5 instead of 4 */
	static const long plus2[] = { 2, 2, -2, -2 }, after1[] = { 2, 2, -2, -2 },
			  after2[] = { 5, 4, -4, -4 };
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 2);
	sheet(&f, NULL, after1);
	judge(&st, &o, &f, &d.rules);
	cr_expect_eq(o.issue_count, 0);
	game(&f, 4, 2, 0, 0, 1, 2, 2);
	sheet(&f, plus2, after2);
	judge(&st, &o, &f, &d.rules);
	cr_expect(o.recorded_total_wrong);
	cr_expect(has_issue(&o, DK_SX_TOTAL_WRONG, 1));
	cr_expect(has_issue(&o, DK_SX_TOTAL_ARITHMETIC, 1));
	cr_expect_not(has_issue(&o, DK_SX_TOTAL_WRONG, 2));
	dk_ruleset_release(&d);
	dk_ruleset_release(&t);
}

/* the game id: the same deal and play whatever the order of a hand's cards
 * and whatever else the record says; another card or another order of
 * play, another id */
Test(session, game_id)
{
	fx a, b;
	game(&a, 4, 1, 0, 0, 1, 2, 1);
	dk_event ev[2] = { { .kind = DK_EV_CARD, .seat = 2, .card = DK_CARD_MAKE(DK_CLUBS, DK_ACE) },
			   { .kind = DK_EV_CARD, .seat = 3, .card = DK_CARD_MAKE(DK_CLUBS, DK_TEN) } };
	for (int k = 0; k < 4; k++) {
		a.g.deal.hands[k].count = 3;
		a.g.deal.hands[k].cards[0] = DK_CARD_MAKE(DK_CLUBS, (dk_rank)k);
		a.g.deal.hands[k].cards[1] = DK_CARD_MAKE(DK_SPADES, (dk_rank)k);
		a.g.deal.hands[k].cards[2] = DK_CARD_MAKE(DK_HEARTS, (dk_rank)k);
	}
	a.g.events = ev;
	a.g.event_count = 2;
	b = a;
	/* b: the same game written in another order, with names and a score */
	for (int k = 0; k < 4; k++) {
		b.g.deal.hands[k].cards[0] = a.g.deal.hands[k].cards[2];
		b.g.deal.hands[k].cards[2] = a.g.deal.hands[k].cards[0];
	}
	b.p[0].name = "Zoe";
	b.g.players.items = b.p;
	b.g.meta.date = "2026-01-01";
	b.g.recorded.present = true;
	uint64_t id = dk_game_id(&a.g);
	cr_expect_eq(dk_game_id(&b.g), id);
	char hex[DK_GAME_ID_HEX];
	dk_game_id_format(hex, id);
	cr_expect_eq(strlen(hex), 16u);
	/* another card in a hand */
	b.g.deal.hands[3].cards[1] = DK_CARD_MAKE(DK_DIAMONDS, DK_ACE);
	cr_expect_neq(dk_game_id(&b.g), id);
	/* the same cards, played in another order */
	b = a;
	dk_event swapped[2] = { ev[1], ev[0] };
	b.g.events = swapped;
	cr_expect_neq(dk_game_id(&b.g), id);
	/* another dealer */
	b = a;
	b.g.deal.dealer = 2;
	cr_expect_neq(dk_game_id(&b.g), id);
}

/* Bocks left by the same players' last session: carried when the header
 * is silent, a header that says otherwise reported (esslingen-2002);
 * nothing carried where the rules carry nothing (unsere-2024) */
Test(session, bocks_carried_from_the_last_session)
{
	dk_ruleset e, u;
	load_shipped(&e, "esslingen-2002");
	load_shipped(&u, "unsere-2024");
	dk_session s;
	memset(&s, 0, sizeof(s));
	s.bock_pending = -1;
	dk_session_state st;
	dk_session_game o;
	fx f;

	dk_session_begin(&st, &s);
	dk_session_carry(&st, 2);
	for (int i = 0; i < 3; i++) {
		game(&f, 4, i + 1, 0, 0, 1, 2, 1);
		judge(&st, &o, &f, &e.rules);
		cr_expect_eq(o.multiplier, i < 2 ? 2 : 1, "game %d", i + 1);
		cr_expect_eq(o.issue_count, 0);
	}
	s.bock_pending = 1;
	dk_session_begin(&st, &s);
	dk_session_carry(&st, 2);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &e.rules);
	cr_expect(has_issue(&o, DK_SX_BOCK_PENDING_WRONG, 0));
	cr_expect_eq(o.issues[0].found, 1);
	cr_expect_eq(o.issues[0].expected, 2);
	game(&f, 4, 2, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &e.rules);
	cr_expect_eq(o.multiplier, 1, "the header's one Bock game is used");

	s.bock_pending = -1;
	dk_session_begin(&st, &s);
	dk_session_carry(&st, 2);
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &u.rules);
	cr_expect_eq(o.multiplier, 1);
	cr_expect_eq(o.issue_count, 0);
	dk_ruleset_release(&e);
	dk_ruleset_release(&u);
}

/* esslingen-2002 with the values given (FreeDoko's Bock, formats/freedoko.md) */
static void load_with(dk_ruleset *rs, const char *const *kv)
{
	load_shipped(rs, "esslingen-2002");
	dk_diag d;
	dk_diag_init(&d);
	for (size_t i = 0; kv[i]; i += 2)
		cr_assert_eq(dk_ruleset_override(rs, kv[i], kv[i + 1], "test", DK_LOC_NONE, &d), 0,
			     "%s: %s", kv[i], d.count ? d.items[0].message : "?");
	cr_assert_eq(dk_ruleset_check(rs, &d), 0, "%s", d.count ? d.items[0].message : "?");
	dk_diag_release(&d);
}

/* the tricks of a game of 12: winner of each in turn from seats[] */
static void tricks_won_by(fx *f, const int *seats, int n)
{
	f->rp.trick_count = DK_MAX_HAND;
	for (int i = 0; i < DK_MAX_HAND; i++) {
		f->rp.tricks[i].count = DK_PLAYING_SEATS;
		f->rp.tricks[i].winner = seats[i % n];
		for (int k = 0; k < DK_PLAYING_SEATS; k++)
			f->rp.tricks[i].cards[k] = DK_CARD_MAKE(DK_CLUBS, DK_ACE);
	}
}

Test(session, lost_solo_and_schwarz_triggers)
{
	static const char *const one[] = {
		"bock.triggers", "[lost-solo, schwarz]", "bock.per_game", "one", NULL
	};
	static const char *const each[] = {
		"bock.triggers", "[lost-solo, schwarz]", "bock.per_game", "each", NULL
	};
	dk_ruleset r1, re;
	load_with(&r1, one);
	load_with(&re, each);
	dk_session_state st;
	dk_session_game o;
	fx f;
	static const int re_only[] = { 1 }, both[] = { 1, 3 }, kontra_only[] = { 3, 4 };

	/* a solo the soloist (seat 3) lost, each party some tricks */
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 3, -2);
	tricks_won_by(&f, both, 2);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, 1u << DK_BT_LOST_SOLO);
	cr_expect_eq(dk_session_bock_pending(&st), 4);
	/* the same solo won: nothing */
	solo(&f, 3, 2);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, 0u);
	/* a normal game Re lost is no lost solo */
	game(&f, 4, 1, 0, 0, 1, 2, -1);
	tricks_won_by(&f, both, 2);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, 0u);

	/* Re (seats 1, 2) took every trick: schwarz; so did Kontra (3, 4) */
	game(&f, 4, 1, 0, 0, 1, 2, 9);
	tricks_won_by(&f, re_only, 1);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, 1u << DK_BT_SCHWARZ);
	game(&f, 4, 1, 0, 0, 1, 2, -9);
	tricks_won_by(&f, kontra_only, 2);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, 1u << DK_BT_SCHWARZ);

	/* a soloist who lost without a trick: two triggers, one Bock or two */
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	solo(&f, 1, -5);
	tricks_won_by(&f, kontra_only, 2);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &r1.rules);
	cr_expect_eq(o.triggered, (1u << DK_BT_LOST_SOLO) | (1u << DK_BT_SCHWARZ));
	cr_expect_eq(o.bocks_made, 1);
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &re.rules);
	cr_expect_eq(o.bocks_made, 2);
	cr_expect_eq(dk_session_bock_pending(&st), 8);

	/* the shipped sets do not name the new triggers */
	dk_ruleset e;
	load_shipped(&e, "esslingen-2002");
	dk_session_begin(&st, NULL);
	judge(&st, &o, &f, &e.rules);
	cr_expect_eq(o.triggered, 0u);
	dk_ruleset_release(&e);
	dk_ruleset_release(&r1);
	dk_ruleset_release(&re);
}

Test(session, multiplier_other_than_two)
{
	static const char *const stack3[] = {
		"bock.triggers", "[lost-solo]", "bock.multiplier", "3", NULL
	};
	static const char *const append3[] = {
		"bock.triggers", "[lost-solo]", "bock.multiplier", "3", "bock.kind", "append", NULL
	};
	dk_ruleset s, a;
	load_with(&s, stack3);
	load_with(&a, append3);
	/* games 1 and 2 are lost solos: a Bock on games 2-5 and one on 3-6.
	 * Stacked by 3: x1, x3, x9, x9, x9, x3, x1; appended: x3 on 2-9. */
	static const long want_s[] = { 1, 3, 9, 9, 9, 3, 1, 1, 1, 1 };
	static const long want_a[] = { 1, 3, 3, 3, 3, 3, 3, 3, 3, 1 };
	dk_session_state ss, sa;
	dk_session_begin(&ss, NULL);
	dk_session_begin(&sa, NULL);
	for (int i = 0; i < 10; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, 1);
		if (i < 2)
			solo(&f, i % 4 + 2, -1);
		judge(&ss, &o, &f, &s.rules);
		cr_expect_eq(o.multiplier, want_s[i], "stack game %d: x%ld", i + 1, o.multiplier);
		cr_expect_eq(o.score[1], want_s[i] * f.per[1], "stack game %d", i + 1);
		judge(&sa, &o, &f, &a.rules);
		cr_expect_eq(o.multiplier, want_a[i], "append game %d: x%ld", i + 1, o.multiplier);
	}
	/* 256 per Bock: a factor past 2^20 is not reached (256^2 = 2^16 is) */
	static const char *const big[] = {
		"bock.triggers", "[lost-solo]", "bock.multiplier", "256", NULL
	};
	dk_ruleset b;
	load_with(&b, big);
	dk_session_state sb;
	dk_session_begin(&sb, NULL);
	static const long want_b[] = { 1, 256, 65536, 65536, 65536 };
	for (int i = 0; i < 5; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, 1);
		if (i < 3)
			solo(&f, i % 4 + 2, -1);
		judge(&sb, &o, &f, &b.rules);
		cr_expect_eq(o.multiplier, want_b[i], "game %d: x%ld", i + 1, o.multiplier);
		if (i == 3)
			cr_expect_eq(o.bocks, 3, "three Bocks counted, two applied");
	}
	dk_ruleset_release(&s);
	dk_ruleset_release(&a);
	dk_ruleset_release(&b);
}

Test(session, solo_doubled_but_not_used_up_when_the_dealer_stays)
{
	/* FreeDoko: "games in which the dealer does not move ... do not use up
	 * a bock game"; the games 13-22 of tests/freedoko/partyB.gameplay-debug.log */
	static const char *const stays[] = {
		"bock.triggers", "[lost-call, lost-solo]", "bock.per_game", "one",
		"bock.solo", "doubled-not-used-up",
		"deal.after_solo", "same-dealer", NULL
	};
	static const char *const moves[] = {
		"bock.triggers", "[lost-call, lost-solo]", "bock.per_game", "one",
		"bock.solo", "doubled-not-used-up",
		"deal.after_solo", "next-dealer", NULL
	};
	dk_ruleset rs, rm;
	load_with(&rs, stays);
	load_with(&rm, moves);
	/* game 1: Kontra said and lost: a Bock on the next four games.
	 * Games 2-4 use three of them; game 5 is a solo with Re said, lost:
	 * doubled by the fourth, which it does not use up, and it makes a Bock
	 * (one: the lost solo and the lost Re are one game's).  Game 6 has
	 * both: x4; 7-9 x2; 10 x1.  The dealer deals game 6 again. */
	static const int dealer_s[] = { 1, 2, 3, 4, 1, 1, 2, 3, 4, 1 };
	static const long want_s[] = { 1, 2, 2, 2, 2, 4, 2, 2, 2, 1 };
	/* when the dealer moves on the solo uses up the last Bock game: x2 on
	 * 6-9, x1 on 10 */
	static const int dealer_m[] = { 1, 2, 3, 4, 1, 2, 3, 4, 1, 2 };
	static const long want_m[] = { 1, 2, 2, 2, 2, 2, 2, 2, 2, 1 };
	dk_session_state ss, sm;
	dk_session_begin(&ss, NULL);
	dk_session_begin(&sm, NULL);
	for (int i = 0; i < 10; i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, dealer_s[i], 0, 0, 1, 2, i == 0 ? 2 : 1);
		if (i == 0)
			said(&f, DK_PARTY_KONTRA, true);
		if (i == 4) {
			solo(&f, 3, -2);
			said(&f, DK_PARTY_RE, true);
		}
		judge(&ss, &o, &f, &rs.rules);
		cr_expect_eq(o.multiplier, want_s[i], "game %d: x%ld", i + 1, o.multiplier);
		cr_expect_eq(o.bock_not_used_up, i == 4, "game %d", i + 1);
		cr_expect_eq(o.bocks_made, i == 0 || i == 4, "game %d", i + 1);
		cr_expect_eq(o.issue_count, 0, "game %d: %d issues", i + 1, o.issue_count);
		if (i == 4)
			cr_expect_eq(o.score[3], -12, "the lost solo x3, doubled");
		f.g.deal.dealer = dealer_m[i];
		judge(&sm, &o, &f, &rm.rules);
		cr_expect_eq(o.multiplier, want_m[i], "moves: game %d: x%ld", i + 1, o.multiplier);
		cr_expect(!o.bock_not_used_up, "moves: game %d", i + 1);
		cr_expect_eq(o.issue_count, 0, "moves: game %d", i + 1);
	}
	cr_expect_eq(dk_session_bock_pending(&ss), 0);
	cr_expect_eq(dk_session_bock_pending(&sm), 0);
	dk_ruleset_release(&rs);
	dk_ruleset_release(&rm);
}

/* bock.uses_up: whether a thrown deal and a silent marriage use up a Bock
 * game that is due (issue 16).  Game 1: Kontra said and lost, a Bock on
 * the next four games; game 2 is normal, game 3 a deal thrown in (no
 * score, so never doubled), game 4 a silent marriage, then normal games. */
Test(session, bock_uses_up_thrown_deal_and_silent_marriage)
{
	static const char *const sets[3][9] = {
		/* esslingen-2002: every game played uses one up, a thrown deal none */
		{ "bock.triggers", "[lost-call]", "bock.per_game", "one", "bock.solo", "doubled",
		  "bock.uses_up", "[lust-solo, duty-solo, silent-marriage]", NULL },
		/* a thrown deal too */
		{ "bock.triggers", "[lost-call]", "bock.per_game", "one", "bock.solo", "doubled",
		  "bock.uses_up", "[lust-solo, duty-solo, silent-marriage, thrown-deal]", NULL },
		/* neither */
		{ "bock.triggers", "[lost-call]", "bock.per_game", "one", "bock.solo", "doubled",
		  "bock.uses_up", "[lust-solo, duty-solo]", NULL },
	};
	/* the multiplier of games 1-8: the four Bock games go to 2, 4, 5, 6
	 * (A); 2, 3, 4, 5 (B: the thrown deal uses one, undoubled); 2, 5, 6, 7
	 * (C: the silent marriage doubled, but it waits) */
	static const long want[3][8] = {
		{ 1, 2, 1, 2, 2, 2, 1, 1 },
		{ 1, 2, 1, 2, 2, 1, 1, 1 },
		{ 1, 2, 1, 2, 2, 2, 2, 1 },
	};
	for (int k = 0; k < 3; k++) {
		dk_ruleset rs;
		load_with(&rs, sets[k]);
		dk_session_state st;
		dk_session_begin(&st, NULL);
		for (int i = 0; i < 8; i++) {
			fx f;
			dk_session_game o;
			game(&f, 4, i % 4 + 1, 0, 0, 1, 2, i == 0 ? 2 : 1);
			if (i == 0)
				said(&f, DK_PARTY_KONTRA, true);
			if (i == 2) {
				f.rp.type = DK_GT_THROWN_IN;
				dk_session_judge(&st, &o, &f.g, &rs.rules, &f.rp, NULL, NULL, NULL);
			} else {
				if (i == 3) {
					solo(&f, f.rp.seats[0], 1);
					f.rp.type = DK_GT_SILENT_MARRIAGE;
				}
				judge(&st, &o, &f, &rs.rules);
			}
			cr_expect_eq(o.multiplier, want[k][i], "set %d game %d: x%ld", k, i + 1,
				     o.multiplier);
			if (i == 3)
				cr_expect_eq(o.bock_not_used_up, k == 2, "set %d", k);
		}
		cr_expect_eq(dk_session_bock_pending(&st), 0, "set %d", k);
		dk_ruleset_release(&rs);
	}
}

/* the Bocks pending, counted cell by cell: what dk_session_bock_pending
 * keeps as a running sum */
static long ring_count(const dk_session_state *st)
{
	long n = st->bock_queue;
	for (int i = 0; i < DK_BOCK_WINDOW; i++)
		n += st->bock_ring[i];
	return n;
}

Test(session, stacked_bocks_pending_match_the_ring)
{
	dk_ruleset e;
	load_shipped(&e, "esslingen-2002");
	cr_assert_eq(e.rules.bock_kind, DK_BOCK_STACK);
	dk_session s;
	memset(&s, 0, sizeof(s));
	s.bock_pending = 6;
	dk_session_state st;
	dk_session_game o;
	fx f;
	dk_session_begin(&st, &s);
	/* ties (a Bock round each) among plain games: the rounds stack, then
	 * run out */
	long most = 0;
	for (int i = 0; i < 40; i++) {
		game(&f, 4, i % 4 + 1, 0, 0, 1, 2, i % 3 ? 1 : -2);
		if (i < 12 && i % 3 == 0)
			f.rp.points[DK_PARTY_RE] = f.rp.points[DK_PARTY_KONTRA] = 120;
		judge(&st, &o, &f, &e.rules);
		cr_expect_eq(dk_session_bock_pending(&st), ring_count(&st), "game %d", i + 1);
		cr_expect_eq(o.bock_pending_after, ring_count(&st), "game %d", i + 1);
		if (ring_count(&st) > most)
			most = ring_count(&st);
	}
	cr_expect_gt(most, 6);  /* the ties did stack on the pending Bocks */
	cr_expect_eq(dk_session_bock_pending(&st), 0);
	dk_ruleset_release(&e);
}

/* standings.counting plus (FreeDoko's default): only the winners are
 * written, so the entries do not add up to 0 and that is no fault; the
 * standings follow the plus entries */
Test(session, counting_plus_score_sheet)
{
	dk_ruleset d;
	load_shipped(&d, "ddv");
	dk_diag dg;
	dk_diag_init(&dg);
	cr_assert_eq(dk_ruleset_override(&d, "standings.counting", "plus", "test", DK_LOC_NONE,
					 &dg), 0);
	dk_diag_release(&dg);
	dk_session_state st;
	dk_session_game o;
	fx f;

	/* Re (A, B) wins 3: A +3, B +3, C 0, D 0 */
	static const long plus[] = { 3, 3, 0, 0 }, after1[] = { 3, 3, 0, 0 };
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 3);
	f.sc.counting = DK_COUNTING_PLUS;
	dk_score_per_seat(f.per, &f.sc, &f.rp);
	cr_expect_eq(f.per[1], 3);
	cr_expect_eq(f.per[3], 0);
	sheet(&f, plus, after1);
	judge(&st, &o, &f, &d.rules);
	cr_expect_eq(o.issue_count, 0, "%s", o.issue_count ?
		     dk_session_issue_name(o.issues[0].code) : "");
	/* game 2: Kontra (C, D) wins 2; the sheet writes plus-minus entries */
	static const long pm[] = { -2, -2, 2, 2 }, after2[] = { 1, 1, 2, 2 };
	game(&f, 4, 2, 0, 0, 1, 2, -2);
	f.sc.counting = DK_COUNTING_PLUS;
	dk_score_per_seat(f.per, &f.sc, &f.rp);
	sheet(&f, pm, after2);
	judge(&st, &o, &f, &d.rules);
	cr_expect(has_issue(&o, DK_SX_SCORE_WRONG, 1));
	cr_expect(has_issue(&o, DK_SX_SCORE_WRONG, 2));
	cr_expect_not(has_issue(&o, DK_SX_SCORE_WRONG, 3));
	cr_expect_not(has_issue(&o, DK_SX_SCORE_SUM, 0));
	/* the right standings: A 3, B 3, C 2, D 2 */
	cr_expect_eq(o.total[1], 3);
	cr_expect_eq(o.total[3], 2);
	cr_expect(has_issue(&o, DK_SX_TOTAL_WRONG, 1));
	cr_expect_not(has_issue(&o, DK_SX_TOTAL_WRONG, 3));
	/* ddv's even-odd rule (TSR 7.3.3) is one of plus-minus entries: the
	 * right entries +2 +2 0 0 are all even, the sheet's +1 +3 0 0 are not,
	 * which is a wrong score but no even-odd fault under plus */
	static const long odd[] = { 1, 3, 0, 0 };
	dk_session_begin(&st, NULL);
	game(&f, 4, 1, 0, 0, 1, 2, 2);
	f.sc.counting = DK_COUNTING_PLUS;
	dk_score_per_seat(f.per, &f.sc, &f.rp);
	sheet(&f, odd, NULL);
	judge(&st, &o, &f, &d.rules);
	cr_expect(has_issue(&o, DK_SX_SCORE_WRONG, 1));
	cr_expect_not(has_issue(&o, DK_SX_EVEN_ODD, 0));
	dk_ruleset_release(&d);
}

/* the issue of seat about key, or NULL */
static const dk_session_issue *duty_issue(const dk_session_issue *x, int n, int seat,
					  const char *key)
{
	for (int i = 0; i < n; i++)
		if (x[i].seat == seat && strcmp(x[i].rule_key, key) == 0)
			return &x[i];
	return NULL;
}

Test(session, duty_soli_owed_at_the_end)
{
	/* two duty soli each, one of them a colour solo, one a picture solo
	 * (FreeDoko's "number of duty soli" 2, "... color soli" 1, "... picture
	 * soli" 1): A plays clubs and queens, B jacks twice, C a Fleischlos
	 * then clubs, D nothing (a silent marriage does not count, TSR 4.4.5) */
	static const char *const two[] = {
		"duty_soli.per_player", "2", "duty_soli.colour_per_player", "1",
		"duty_soli.picture_per_player", "1", NULL
	};
	dk_ruleset rs;
	load_with(&rs, two);
	static const struct {
		int soloist;
		dk_solo_kind kind;
		dk_game_type type;
	} games[] = {
		{ 1, DK_SOLO_CLUBS, DK_GT_SOLO }, { 2, DK_SOLO_JACKS, DK_GT_SOLO },
		{ 3, DK_SOLO_FLEISCHLOS, DK_GT_SOLO }, { 1, DK_SOLO_QUEENS, DK_GT_SOLO },
		{ 2, DK_SOLO_JACKS, DK_GT_SOLO }, { 3, DK_SOLO_CLUBS, DK_GT_SOLO },
		{ 4, DK_SOLO_TRUMPS, DK_GT_SILENT_MARRIAGE },
	};
	dk_session_state st;
	dk_session_begin(&st, NULL);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		fx f;
		dk_session_game o;
		game(&f, 4, (int)i % 4 + 1, 0, 0, 1, 2, 1);
		solo(&f, games[i].soloist, 1);
		f.rp.type = games[i].type;
		f.rp.solo = games[i].kind;
		judge(&st, &o, &f, &rs.rules);
	}
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	int n = dk_session_finish(&st, x, (int)(sizeof(x) / sizeof(x[0])));
	/* A: clubs (colour), queens (picture): done */
	cr_expect_null(duty_issue(x, n, 1, "duty_soli.per_player"));
	/* B: jacks (picture); the second jacks is no duty solo, since none of
	 * any kind is owed (2 - 1 colour - 1 picture, FreeDoko's "free" duty
	 * soli): 1 of 2, and no colour solo */
	const dk_session_issue *b = duty_issue(x, n, 2, "duty_soli.per_player");
	cr_assert_not_null(b);
	cr_expect_eq(b->found, 1);
	cr_expect_eq(b->expected, 2);
	b = duty_issue(x, n, 2, "duty_soli.colour_per_player");
	cr_assert_not_null(b);
	cr_expect_eq(b->found, 0);
	cr_expect_eq(b->expected, 1);
	/* C: the Fleischlos is no duty solo for the same reason, clubs is the
	 * colour one: 1 of 2, and no picture solo */
	const dk_session_issue *c = duty_issue(x, n, 3, "duty_soli.picture_per_player");
	cr_assert_not_null(c);
	cr_expect_eq(c->found, 0);
	c = duty_issue(x, n, 3, "duty_soli.per_player");
	cr_assert_not_null(c);
	cr_expect_eq(c->found, 1);
	/* D: nothing; 0 of 2, 0 of 1 colour, 0 of 1 picture */
	const dk_session_issue *d = duty_issue(x, n, 4, "duty_soli.per_player");
	cr_assert_not_null(d);
	cr_expect_eq(d->found, 0);
	cr_expect_eq(d->expected, 2);
	cr_expect_not_null(duty_issue(x, n, 4, "duty_soli.colour_per_player"));
	cr_expect_not_null(duty_issue(x, n, 4, "duty_soli.picture_per_player"));
	cr_expect_eq(n, 7);
	for (int i = 0; i < n; i++)
		cr_expect_eq(x[i].code, DK_SX_DUTY_SOLO_MISSING);
	/* without duty soli nothing is owed */
	dk_ruleset none;
	load_shipped(&none, "esslingen-2002");
	dk_session_begin(&st, NULL);
	fx f;
	dk_session_game o;
	game(&f, 4, 1, 0, 0, 1, 2, 1);
	judge(&st, &o, &f, &none.rules);
	cr_expect_eq(dk_session_finish(&st, x, (int)(sizeof(x) / sizeof(x[0]))), 0);
	dk_ruleset_release(&none);
	dk_ruleset_release(&rs);
}

/* one game of the duty soli test: dealer, soloist (0 = a normal game) and
 * what the record says it was */
static void duty_game(fx *f, int dealer, int soloist, dk_solo_as as)
{
	game(f, 4, dealer, 0, 0, 1, 2, 1);
	if (soloist) {
		solo(f, soloist, 1);
		f->rp.solo_as = as;
	}
}

/*
 * TSR 4.2 and 4.3 over a session, worked by hand: ddv with a Spielrunde
 * of 6 games (duty_soli.round_games), one Pflichtsolo each.
 *   G1 dealer A: B's Pflichtsolo; A deals again (4.2.5), no game of the 6.
 *   G2 dealer B: wrong, A deals again (no other dealer is allowed after a
 *      recorded Pflichtsolo); a normal game: 1 of 6.
 *   G3 dealer C: D's Lustsolo before his Pflichtsolo (4.3.1): 2 of 6.
 *   G4 dealer D: normal: 3 of 6 (missing A, C, D: 3, left 4).
 *   G5 dealer A: missing 3 = left 3: C (next left of A who owes) is
 *      vorgeführt, but D plays a forced solo: forced-solo-missed (C), found
 *      D; D's duty solo counts, the next deals: 4 of 6.
 *   G6 dealer B: missing 2 (A, C) = left 2: C vorgeführt plays it, recorded
 *      as a Pflichtsolo: it is the forced one, the next deals: 5 of 6.
 *   G7 dealer C: missing 1 (A) = left 1: A, left of C and D, is vorgeführt
 *      and plays it: 6 of 6.
 *   G8 dealer D: nobody owes: B's solo recorded as vorgeführt is wrong.
 */
Test(session, duty_soli_vorfuehrung)
{
	dk_ruleset rs;
	load_shipped(&rs, "ddv");
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "duty_soli.round_games", "6", "test", DK_LOC_NONE,
					 &d), 0);
	cr_assert_eq(dk_ruleset_check(&rs, &d), 0);
	dk_diag_release(&d);
	const dk_rules *r = &rs.rules;
	dk_session_state st;
	dk_session_game o;
	fx f;
	dk_replay_ctx ctx;
	dk_session_begin(&st, NULL);

	duty_game(&f, 1, 2, DK_SOLO_AS_DUTY);
	dk_session_replay_ctx(&st, &f.g, r, &ctx);
	cr_expect_eq(ctx.forced_seat, 0);
	cr_expect(ctx.owes[1] && ctx.owes[2] && ctx.owes[3] && ctx.owes[4]);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 0);
	cr_expect_eq(o.solo_as, DK_SOLO_AS_DUTY);

	duty_game(&f, 2, 0, DK_SOLO_AS_UNSAID);
	judge(&st, &o, &f, r);
	cr_expect(has_issue(&o, DK_SX_DEALER, 2), "A deals again after a Pflichtsolo");
	cr_expect_eq(o.issues[0].expected, 1);
	cr_expect_eq(o.issues[0].expected_alt, 0);

	duty_game(&f, 3, 4, DK_SOLO_AS_LUST);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 1);
	cr_expect(has_issue(&o, DK_SX_LUST_SOLO_EARLY, 4));
	cr_expect_eq(o.issues[0].found, 0);
	cr_expect_eq(o.issues[0].expected, 1);

	duty_game(&f, 4, 0, DK_SOLO_AS_UNSAID);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 0);
	cr_expect_eq(o.forced_seat, 0);

	duty_game(&f, 1, 4, DK_SOLO_AS_FORCED);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.forced_seat, 3);
	cr_expect_eq(o.duty_missing, 3);
	cr_expect_eq(o.games_left, 3);
	cr_expect_eq(o.issue_count, 1);
	cr_expect(has_issue(&o, DK_SX_FORCED_MISSED, 3));
	cr_expect_eq(o.issues[0].found, 4);

	duty_game(&f, 2, 3, DK_SOLO_AS_DUTY);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 0, "the next dealer after a forced solo");
	cr_expect_eq(o.forced_seat, 3);
	cr_expect_eq(o.solo_as, DK_SOLO_AS_FORCED);

	duty_game(&f, 3, 1, DK_SOLO_AS_FORCED);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 0, "the next dealer after a forced solo");
	cr_expect_eq(o.forced_seat, 1);
	cr_expect_eq(o.games_left, 1);

	duty_game(&f, 4, 2, DK_SOLO_AS_FORCED);
	judge(&st, &o, &f, r);
	cr_expect_eq(o.issue_count, 1);
	cr_expect(has_issue(&o, DK_SX_FORCED_WRONG, 2));
	cr_expect_eq(o.issues[0].expected, 0);

	/* each player's duty solo: B game 1, D game 5, C game 6, A game 7 */
	cr_expect_eq(st.duty_game[1][0], 7);
	cr_expect_eq(st.duty_game[2][0], 1);
	cr_expect_eq(st.duty_game[3][0], 6);
	cr_expect_eq(st.duty_game[4][0], 5);
	cr_expect_eq(st.duty_as[3][0], DK_SOLO_AS_FORCED);
	cr_expect_eq(st.duty_as[2][0], DK_SOLO_AS_DUTY);
	dk_session_issue x[8];
	cr_expect_eq(dk_session_finish(&st, x, 8), 0);
	dk_ruleset_release(&rs);
}

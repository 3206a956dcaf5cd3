/*
 * test_reclaim.c - when every player could see an irregularity, code by
 * code (TSR 9.6.3), and what a recorded objection does with it.
 *
 * One made-up play of thirteen cards and an announcement serves every
 * row: a finding as the replay makes it (code, position, seat and the
 * fields the moment depends on) and the moment expected.  A test checks
 * that every finding code has a row.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <string.h>

#include "penalty.h"
#include "reclaim.h"

#define C(suit, rank) DK_CARD_MAKE(DK_##suit, DK_##rank)

/* seq = index + 1 */
static const dk_event play[] = {
	{ .kind = DK_EV_CARD, .seat = 1, .card = C(HEARTS, ACE) },       /* 1 */
	{ .kind = DK_EV_CARD, .seat = 2, .card = C(DIAMONDS, KING) },    /* 2: seat 2 holds ♥9 */
	{ .kind = DK_EV_CARD, .seat = 3, .card = C(HEARTS, NINE) },      /* 3 */
	{ .kind = DK_EV_CARD, .seat = 4, .card = C(HEARTS, KING) },      /* 4 */
	{ .kind = DK_EV_ANNOUNCE, .seat = 1, .call = DK_CALL_RE },       /* 5 */
	{ .kind = DK_EV_CARD, .seat = 1, .card = C(DIAMONDS, ACE) },     /* 6: card 5 */
	{ .kind = DK_EV_CARD, .seat = 2, .card = C(HEARTS, NINE) },      /* 7: card 6, shows 2's revoke */
	{ .kind = DK_EV_CARD, .seat = 3, .card = C(DIAMONDS, ACE) },     /* 8: card 7 */
	{ .kind = DK_EV_CARD, .seat = 4, .card = C(CLUBS, QUEEN) },      /* 9: card 8 */
	{ .kind = DK_EV_CARD, .seat = 4, .card = C(SPADES, ACE) },       /* 10: card 9 */
	{ .kind = DK_EV_CARD, .seat = 1, .card = C(DIAMONDS, ACE) },     /* 11: card 10 */
	{ .kind = DK_EV_CARD, .seat = 2, .card = C(SPADES, KING) },      /* 12: card 11 */
	{ .kind = DK_EV_CARD, .seat = 3, .card = C(SPADES, NINE) },      /* 13: card 12 */
};

struct row {
	dk_finding_code code;
	int seq, seat;
	dk_card played;
	int count, limit;
	bool hidden;
	const char *rule_key;
	int clear;                   /* the replay's parties_clear_seq */
	dk_visible want;
	int want_seq;                /* DK_VIS_LATER: the card that shows it */
	int want_trick, want_card;
};

#define NONE DK_CARD_NONE
static const struct row rows[] = {
	/* the play: on the table at once; a revoke when the offender shows
	 * the suit, or at the count */
	{ DK_F_CARD_NOT_IN_HAND, 2, 2, NONE, 0, 0, false, "deal", -1, DK_VIS_AT_ONCE, 2, 0, 0 },
	{ DK_F_OUT_OF_TURN, 3, 3, NONE, 0, 0, false, "play", -1, DK_VIS_AT_ONCE, 3, 0, 0 },
	{ DK_F_WRONG_LEAD, 1, 1, NONE, 0, 0, false, "lead.normal", -1, DK_VIS_AT_ONCE, 1, 0, 0 },
	{ DK_F_REVOKE, 2, 2, NONE, DK_HEARTS, 0, false, "play.follow_suit", -1,
	  DK_VIS_LATER, 7, 2, 6 },
	{ DK_F_REVOKE, 3, 3, NONE, DK_CLUBS, 0, false, "play.follow_suit", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_REVOKE, 2, 2, NONE, DK_SUIT_TRUMP, 0, false, "play.follow_suit", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_GAME_INCOMPLETE, 14, 0, NONE, 13, 48, false, "deal", -1, DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	/* announcements: said aloud; a call for the wrong party when the
	 * partnerships are clear */
	{ DK_F_ANNOUNCE_TOO_LATE, 5, 1, NONE, 0, 0, false, "announce.max_played", -1,
	  DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_ANNOUNCE_WRONG_PARTY, 5, 1, NONE, 0, 0, false, "parties", 9,
	  DK_VIS_LATER, 9, 2, 8 },
	{ DK_F_ANNOUNCE_WRONG_PARTY, 5, 1, NONE, 0, 0, false, "parties", 3,
	  DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_ANNOUNCE_WRONG_PARTY, 5, 1, NONE, 0, 0, false, "parties", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_ANNOUNCE_PARTY_UNKNOWN, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_ANNOUNCE_SKIPPED_LEVEL, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_ANNOUNCE_REPEATED, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_LIMIT_WITHOUT_CALL, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_SOLOIST_RE_UNANSWERED, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_KONTRA_NOT_A_REPLY, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_REPLY_NOT_ALLOWED, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	/* the call a first trick of 30 points demanded: missed when the play
	 * goes on (the finding stands right after the trick) */
	{ DK_F_MANDATORY_MISSED, 5, 1, NONE, 33, 0, false, "x", -1, DK_VIS_LATER, 6, 2, 5 },
	/* the bidding */
	{ DK_F_RESERVATION_UNJUSTIFIED, 0, 1, C(CLUBS, QUEEN), 1, 2, true, "marriage.enabled", -1,
	  DK_VIS_LATER, 9, 2, 8 },
	{ DK_F_RESERVATION_UNJUSTIFIED, 0, 1, NONE, 4, 3, false, "poverty.max_trumps", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_RESERVATION_UNJUSTIFIED, 0, 1, NONE, 1, 0, false, "throw_in.reasons", -1,
	  DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_RESERVATION_NOT_ALLOWED, 0, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_POVERTY_PASS_WRONG, 0, 1, NONE, 2, 3, false, "poverty.pass", -1,
	  DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_POVERTY_PASS_WRONG, 0, 1, NONE, 3, 3, false, "poverty.pass", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_POVERTY_RETURN_WRONG, 0, 2, NONE, 2, 3, false, "poverty.pass", -1,
	  DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_POVERTY_RETURN_WRONG, 0, 2, NONE, 1, -1, false, "poverty.return_fehl_first", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_POVERTY_REPORT_MISSING, 0, 2, NONE, 1, 0, false, "x", -1, DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_POVERTY_REPORT_WRONG, 0, 1, NONE, 1, 2, false, "x", -1, DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_POVERTY_ASKED_OUT_OF_ORDER, 0, 3, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 0, 0, 0 },
	{ DK_F_SHOULD_HAVE_BEEN_REDEALT, 1, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 1, 0, 0 },
	/* declarations: a false one shows when the card it needed comes from
	 * another hand; one not made when the second card of the pair comes */
	{ DK_F_SWINE_FALSE, 5, 1, C(DIAMONDS, ACE), 1, 0, true, "swines.kind", -1,
	  DK_VIS_LATER, 8, 2, 7 },
	{ DK_F_SWINE_FALSE, 5, 1, C(DIAMONDS, ACE), 2, 0, false, "swines.kind", -1,
	  DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_SWINE_MISTIMED, 5, 1, C(DIAMONDS, ACE), 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_SWINE_NOT_DECLARED, 6, 1, C(DIAMONDS, ACE), 0, 0, false, "swines.kind", -1,
	  DK_VIS_LATER, 11, 3, 10 },
	{ DK_F_SWINE_NOT_DECLARED, 8, 3, C(DIAMONDS, ACE), 0, 0, false, "swines.kind", -1,
	  DK_VIS_AT_COUNT, INT_MAX, 0, 0 },
	{ DK_F_HYPERSWINE_FALSE, 5, 3, C(DIAMONDS, ACE), 1, 1, true, "hyperswines.kind", -1,
	  DK_VIS_LATER, 6, 2, 5 },
	{ DK_F_HYPERSWINE_MISTIMED, 5, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_HYPERSWINE_NOT_DECLARED, 6, 1, C(DIAMONDS, ACE), 0, 0, false, "x", -1,
	  DK_VIS_LATER, 11, 3, 10 },
	{ DK_F_GENSCHER_FALSE, 1, 1, C(DIAMONDS, KING), 1, 0, true, "genscher.enabled", -1,
	  DK_VIS_LATER, 2, 1, 2 },
	{ DK_F_GENSCHER_FALSE, 1, 1, C(DIAMONDS, KING), 2, 0, false, "genscher.enabled", -1,
	  DK_VIS_AT_ONCE, 1, 0, 0 },
	{ DK_F_GENSCHER_MISTIMED, 1, 1, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 1, 0, 0 },
	{ DK_F_WENDE_GENSCHER_FALSE, 1, 4, C(HEARTS, NINE), 1, 1, true, "x", -1,
	  DK_VIS_LATER, 3, 1, 3 },
	{ DK_F_WENDE_GENSCHER_FALSE, 1, 4, C(HEARTS, NINE), 2, 2, false, "x", -1,
	  DK_VIS_AT_ONCE, 1, 0, 0 },
	/* an objection that reclaims nothing is a finding said aloud */
	{ DK_F_OBJECTION_LATE, 5, 2, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_OBJECTION_NOT_ENTITLED, 5, 2, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
	{ DK_F_OBJECTION_GROUNDLESS, 5, 2, NONE, 0, 0, false, "x", -1, DK_VIS_AT_ONCE, 5, 0, 0 },
};

static dk_game game;
static dk_replay rp;

static void setup(void)
{
	memset(&game, 0, sizeof(game));
	game.events = (dk_event *)play;
	game.event_count = sizeof(play) / sizeof(play[0]);
	memset(&rp, 0, sizeof(rp));
	dk_order_init(&rp.order, DK_SOLO_NONE, DK_TIE_FIRST_WINS);
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		rp.seats[i] = i + 1;
	rp.parties_clear_seq = -1;
}

TestSuite(reclaim, .init = setup);

Test(reclaim, every_code_has_a_moment)
{
	bool seen[DK_F_CODE_COUNT] = { false };
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		seen[rows[i].code] = true;
	for (int c = 0; c < DK_F_CODE_COUNT; c++)
		cr_expect(seen[c], "no row for %s", dk_finding_code_name((dk_finding_code)c));
}

Test(reclaim, moment_of_visibility)
{
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *w = &rows[i];
		dk_finding f;
		memset(&f, 0, sizeof(f));
		f.code = w->code;
		f.kind = w->code >= DK_F_OBJECTION_LATE ? DK_FK_OBJECTION : DK_FK_IRREGULARITY;
		f.seq = w->seq;
		f.seat = w->seat;
		f.played = w->played;
		f.count = w->count;
		f.limit = w->limit;
		f.hidden = w->hidden;
		f.rule_key = w->rule_key;
		rp.parties_clear_seq = w->clear;
		dk_reclaim_visible(&f, &game, &rp);
		const char *name = dk_finding_code_name(w->code);
		cr_expect_eq(f.visible, w->want, "row %zu (%s): visible %s, want %s", i, name,
			     dk_visible_name(f.visible), dk_visible_name(w->want));
		cr_expect_eq(f.visible_seq, w->want_seq, "row %zu (%s): from %d, want %d", i, name,
			     f.visible_seq, w->want_seq);
		if (w->want == DK_VIS_LATER) {
			cr_expect_eq(f.visible_trick, w->want_trick, "row %zu (%s): trick %d", i,
				     name, f.visible_trick);
			cr_expect_eq(f.visible_card, w->want_card, "row %zu (%s): card %d", i, name,
				     f.visible_card);
		}
	}
}

/* the judge over a play with objections: who may reclaim, until when */
static dk_event judged[32];
static dk_rules rules;

static int judge(const dk_event *objections, const int *after, int n, int clear)
{
	size_t k = 0;
	for (size_t i = 0; i < sizeof(play) / sizeof(play[0]); i++) {
		judged[k++] = play[i];
		for (int j = 0; j < n; j++)
			if (after[j] == (int)i + 1)
				judged[k++] = objections[j];
	}
	game.events = judged;
	game.event_count = k;
	memset(&rules, 0, sizeof(rules));
	rp.parties_clear_seq = clear;
	rp.party[1] = rp.party[4] = DK_PARTY_RE;
	rp.party[2] = rp.party[3] = DK_PARTY_KONTRA;
	/* seat 2's revoke of the first trick (a ♥ lead, ♥9 held): the
	 * record's second card */
	int at = 0;
	for (size_t i = 0, cards = 0; i < k && !at; i++)
		if (judged[i].kind == DK_EV_CARD && ++cards == 2)
			at = (int)i + 1;
	rp.finding_count = 1;
	dk_finding *f = &rp.findings[0];
	memset(f, 0, sizeof(*f));
	f->code = DK_F_REVOKE;
	f->kind = DK_FK_IRREGULARITY;
	f->seq = at;
	f->seat = 2;
	f->count = DK_HEARTS;
	f->played = C(DIAMONDS, KING);
	dk_reclaim_judge(&rp, &game, &rules);
	return rp.finding_count;
}

Test(reclaim, objection_when_shown_is_in_time)
{
	/* after seat 2 shows ♥9 (seq 7, card 6): in time for seat 1, who has
	 * not acted since (his next card is card 10) */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 1 } };
	static const int after[] = { 7 };
	cr_assert_eq(judge(obj, after, 1, -1), 1);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_IN_TIME);
	cr_expect_eq(rp.findings[0].objection_seat, 1);
	cr_expect_str_eq(dk_reclaim_rule(&rp.findings[0], &rules, NULL), "penalty.reclaim_from");
	rules.penalty_revoke_reclaim_deadline = DK_RECLAIM_NONE;
	cr_expect_str_eq(dk_reclaim_rule(&rp.findings[0], &rules, NULL),
			 "penalty.revoke_reclaim_deadline");
	cr_expect_eq(rp.findings[0].visible, DK_VIS_LATER);
	cr_expect_eq(rp.findings[0].entitled, (1u << 1) | (1u << 3) | (1u << 4));
}

Test(reclaim, objection_before_shown_is_in_time)
{
	/* seat 1 played its next card (seq 6) before the revoke could be seen */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 1 } };
	static const int after[] = { 6 };
	cr_assert_eq(judge(obj, after, 1, -1), 1);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_IN_TIME);
}

Test(reclaim, objection_after_own_card_is_late)
{
	/* seat 3 played card 7 (seq 8) after the revoke showed: its right ended */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 3 } };
	static const int after[] = { 8 };
	cr_assert_eq(judge(obj, after, 1, -1), 2);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_LATE);
	cr_expect_str_eq(dk_reclaim_rule(&rp.findings[0], &rules, NULL), "penalty.reclaim_until");
	const dk_finding *o = &rp.findings[1];
	cr_expect_eq(o->code, DK_F_OBJECTION_LATE);
	cr_expect_eq(o->kind, DK_FK_OBJECTION);
	cr_expect_eq(o->about, DK_F_REVOKE);
	cr_expect_eq(o->about_seat, 2);
	cr_expect_eq(o->deadline_card, 7);
}

Test(reclaim, partner_may_not_once_parties_are_clear)
{
	/* the parties clear before the revoke: seat 3, seat 2's partner, may
	 * not reclaim; unclear, he may */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 3 } };
	static const int after[] = { 7 };
	cr_assert_eq(judge(obj, after, 1, 1), 2);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_INVALID);
	cr_expect_eq(rp.findings[1].code, DK_F_OBJECTION_NOT_ENTITLED);
	cr_expect_eq(rp.findings[0].entitled, (1u << 1) | (1u << 4));
	cr_expect_str_eq(dk_reclaim_rule(&rp.findings[0], &rules, NULL), "penalty.reclaim_by");
	cr_assert_eq(judge(obj, after, 1, -1), 1);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_IN_TIME);
}

Test(reclaim, offender_may_not)
{
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 2 } };
	static const int after[] = { 7 };
	cr_assert_eq(judge(obj, after, 1, -1), 2);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_INVALID);
	cr_expect_eq(rp.findings[1].code, DK_F_OBJECTION_NOT_ENTITLED);
}

Test(reclaim, objection_about_nothing)
{
	/* before the revoke there is nothing to reclaim */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 4 } };
	static const int after[] = { 1 };
	cr_assert_eq(judge(obj, after, 1, -1), 2);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_NONE);
	cr_expect_eq(rp.findings[1].code, DK_F_OBJECTION_GROUNDLESS);
}

Test(reclaim, rule_set_next_card_and_committed)
{
	/* the house variant: from when it happened, until anybody's next
	 * card: the objection when the revoke shows is late */
	static const dk_event obj[] = { { .kind = DK_EV_OBJECTION, .seat = 1 } };
	static const int after[] = { 7 };
	size_t k = 0;
	for (size_t i = 0; i < sizeof(play) / sizeof(play[0]); i++) {
		judged[k++] = play[i];
		if (i + 1 == (size_t)after[0])
			judged[k++] = obj[0];
	}
	game.events = judged;
	game.event_count = k;
	memset(&rules, 0, sizeof(rules));
	rules.penalty_reclaim_from = DK_RECLAIM_FROM_COMMITTED;
	rules.penalty_reclaim_until = DK_RECLAIM_UNTIL_NEXT_CARD;
	rp.finding_count = 1;
	dk_finding *f = &rp.findings[0];
	memset(f, 0, sizeof(*f));
	f->code = DK_F_REVOKE;
	f->kind = DK_FK_IRREGULARITY;
	f->seq = 2;
	f->seat = 2;
	f->count = DK_HEARTS;
	dk_reclaim_judge(&rp, &game, &rules);
	cr_expect_eq(rp.findings[0].objection, DK_OBJ_LATE);
	cr_expect_eq(rp.finding_count, 2);
}

Test(reclaim, first_reclaimed_is_punished)
{
	/* TSR 9.6.6: the second irregularity reclaimed first is the one that
	 * counts, not the first committed; a consequence without a deadline
	 * counts before any */
	dk_penalty pens[3];
	memset(pens, 0, sizeof(pens));
	pens[0].cls = pens[1].cls = pens[2].cls = DK_PC_MINOR;
	pens[0].objected = true;
	pens[0].objection_seq = 30;
	pens[1].objected = true;
	pens[1].objection_seq = 20;
	cr_expect_eq(dk_penalty_objected(pens, 3), &pens[1]);
	pens[1].cls = DK_PC_UNDECIDED;
	cr_expect_eq(dk_penalty_objected(pens, 3), &pens[0]);
	pens[2].stands = true;
	cr_expect_eq(dk_penalty_objected(pens, 3), &pens[2]);
}

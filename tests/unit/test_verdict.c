/*
 * test_verdict.c - one game judged whole (src/judge/verdict.c): the score
 * as played, the entry a recorded objection makes, the record against the
 * entry, Bock in a session, and which costs are assessed.  The figures are
 * worked by hand from the records (TSR 7.2, 9.4.3; unsere-2024's Bock).
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "fmt_xml.h"
#include "leakcheck.h"
#include "ruleset.h"
#include "verdict.h"

TestSuite(verdict, .init = dk_xml_global_init, .fini = dk_leak_check);

static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };

typedef struct fixture {
	dk_xml_reader *r;
	dk_ruleset rs;
	dk_diag d;
	dk_session_state ss;
	dk_verdict *v;
	bool loaded;
} fixture;

static void open_file(fixture *f, const char *rel)
{
	char path[1024];
	snprintf(path, sizeof(path), DK_SOURCE_ROOT "/%s", rel);
	dk_diag_init(&f->d);
	f->loaded = false;
	cr_assert_eq(dk_xml_reader_open(&f->r, path, NULL, 0, &f->d), 0, "%s", rel);
	f->v = calloc(1, sizeof(*f->v));
	cr_assert_not_null(f->v);
}

/* the next game, judged with opts as the next game of the session */
static const dk_verdict *next(fixture *f, const dk_verdict_opts *opts, bool in_session)
{
	dk_read_item it;
	while ((it = dk_xml_reader_next(f->r, &f->d)) == DK_READ_SESSION_START ||
	       it == DK_READ_SESSION_END)
		;
	cr_assert_eq(it, DK_READ_GAME);
	const dk_game *g = dk_xml_reader_game(f->r);
	if (!f->loaded) {
		cr_assert_eq(dk_ruleset_load(&f->rs, dk_game_rules(g)->name, dirs, &f->d), 0);
		dk_session_begin(&f->ss, in_session ? g->session : NULL);
		f->loaded = true;
	}
	dk_verdict_judge(f->v, &f->ss, in_session, g, &f->rs.rules, opts);
	return f->v;
}

static void close_file(fixture *f)
{
	if (f->loaded)
		dk_ruleset_release(&f->rs);
	dk_xml_reader_free(f->r);
	dk_diag_release(&f->d);
	free(f->v);
}

static const dk_verdict_opts all = { DK_VP_ALL, 0 };
static const dk_verdict_opts objected_only = { DK_VP_OBJECTED, 0 };

Test(verdict, wrong_recorded_score)
{
	fixture f;
	open_file(&f, "tests/check/disputes/wrong-score-ddv.xml");
	const dk_verdict *v = next(&f, &objected_only, false);
	/* Re won, "Re" said (+2 under the DDV's additive table), Fuchs caught
	 * by Kontra: 2 for Re; the table wrote 3 */
	cr_assert(v->scored);
	cr_expect_eq(v->sc.winner, DK_PARTY_RE);
	cr_expect_eq(v->sc.value, 2);
	cr_expect_eq(v->errors, 0);
	cr_expect(!v->penalties_assessed, "no objection: no search");
	cr_expect_null(v->objected);
	for (int s = 1; s <= 4; s++) {
		cr_expect_eq(v->played[s], v->rp.party[s] == DK_PARTY_RE ? 2 : -2, "seat %d", s);
		cr_expect_eq(v->entry[s], v->played[s], "seat %d", s);
	}
	cr_expect(v->recorded_compared);
	cr_expect_eq(v->recorded_wrong, 4);
	cr_expect(!v->foreign_compared);
	close_file(&f);
}

Test(verdict, objection_makes_the_penalty_the_entry)
{
	fixture f;
	open_file(&f, "tests/check/disputes/revoke-objected-ddv.xml");
	const dk_verdict *v = next(&f, &objected_only, false);
	cr_assert(v->scored);
	cr_expect_eq(v->errors, 1);
	cr_assert(v->penalties_assessed, "the record shows an objection");
	cr_assert_not_null(v->objected);
	cr_expect_eq(v->objected->cls, DK_PC_SERIOUS);
	/* as played: 3 for Re (Ottilie, Peter); reclaimed, the revoke is
	 * serious (TSR 9.4.3): the game is void, Norbert -12, the others +4 */
	static const long played[5] = { 0, -3, -3, 3, 3 };
	static const long entry[5] = { 0, 4, -12, 4, 4 };
	for (int s = 1; s <= 4; s++) {
		cr_expect_eq(v->played[s], played[s], "seat %d", s);
		cr_expect_eq(v->objected_score[s], entry[s], "seat %d", s);
		cr_expect_eq(v->entry[s], entry[s], "seat %d", s);
	}
	cr_expect(!v->bock_applies);
	close_file(&f);
}

Test(verdict, every_cost_for_check)
{
	fixture f;
	open_file(&f, "tests/check/findings/revoke--ddv--trump-not-followed.xml");
	const dk_verdict *v = next(&f, &all, false);
	cr_assert(v->penalties_assessed);
	cr_assert_eq(v->rp.finding_count, 1);
	cr_expect_eq(v->penalties[0].cls, DK_PC_SERIOUS);
	cr_expect_null(v->objected, "nobody objected: the score as played stands");
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(v->entry[s], v->played[s], "seat %d", s);
	close_file(&f);
}

/* penalty.revoke_reclaim_deadline none (turnier-2022 writes its own penalty
 * for a revoke and no deadline): the penalty is the verdict with no objection
 * in the record, even where costs are assessed only for objections (audit) */
Test(verdict, house_penalty_without_deadline_is_the_verdict)
{
	static const dk_verdict_opts none = { DK_VP_NONE, 0 };
	const dk_verdict_opts *modes[] = { &all, &objected_only, &none };
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		fixture f;
		open_file(&f, "tests/check/disputes/revoke-unreclaimed-turnier-2022.xml");
		const dk_verdict *v = next(&f, modes[m], false);
		cr_assert(v->scored);
		cr_expect_eq(v->rules->penalty_revoke_reclaim_deadline, DK_RECLAIM_NONE);
		cr_expect(v->rules->penalty_revoke_table_may_agree);
		cr_expect(v->penalty_stands);
		cr_assert_not_null(v->objected, "mode %zu", m);
		cr_expect_eq(v->objected->cls, DK_PC_FORFEIT);
		cr_expect(v->objected->stands);
		cr_expect(!v->objected->objected, "the record shows no objection");
		/* as played Kontra wins 4 (won, Re under 90, "keine 90" by Re,
		 * against the old) x 2 x 2 + Fuchs = 17; the penalty: Kontra wins
		 * with its target, 1 + 1 ("keine 90" by Re) + 1 (against the
		 * old) = 3 x 2 x 2 = 12; the table wrote the 17 */
		static const long played[5] = { 0, -17, -17, 17, 17 };
		static const long entry[5] = { 0, -12, -12, 12, 12 };
		for (int s = 1; s <= 4; s++) {
			cr_expect_eq(v->played[s], played[s], "seat %d", s);
			cr_expect_eq(v->entry[s], entry[s], "seat %d", s);
		}
		cr_expect(v->recorded_compared);
		cr_expect_eq(v->recorded_wrong, 4);
		close_file(&f);
	}
}

/* the DDV's deadline (TSR 9.6.3): the same revoke unreclaimed stands as
 * played; the rule set file overrides only the two penalty keys */
Test(verdict, ddv_deadline_keeps_the_score_as_played)
{
	fixture f;
	open_file(&f, "tests/check/disputes/revoke-unreclaimed-turnier-2022.xml");
	const dk_verdict *v = next(&f, &all, false);
	dk_rules r = *v->rules;
	r.penalty_revoke_reclaim_deadline = DK_RECLAIM_AT_ONCE;
	dk_session_begin(&f.ss, NULL);
	dk_verdict_judge(f.v, &f.ss, false, v->game, &r, &all);
	cr_expect(!v->penalty_stands);
	cr_expect_null(v->objected, "nobody objected: the score as played stands");
	cr_expect_eq(v->penalties[0].cls, DK_PC_FORFEIT, "still assessed: if reclaimed at once");
	cr_expect_eq(v->entry[1], -17);
	cr_expect_eq(v->recorded_wrong, 0);
	close_file(&f);
}

/* poverty.with_marriage play-together (esslingen-2002 §1): the holder of
 * both ♣Q takes the poverty without being asked and without naming the
 * marriage; "gegen die Alten" counts in such a game (§5) */
Test(verdict, poverty_meets_marriage_plays_together)
{
	fixture f;
	open_file(&f, "tests/check/legal/esslingen-2002--poverty-meets-marriage.xml");
	const dk_verdict *v = next(&f, &all, false);
	cr_expect_eq(v->rules->poverty_marriage, DK_PM_PLAY_TOGETHER);
	cr_expect_eq(v->rp.type, DK_GT_POVERTY);
	cr_expect(v->rp.poverty_with_marriage);
	cr_expect_eq(v->rp.declarer, 3);
	cr_expect_eq(v->rp.partner, 2, "the bride, though Lukas and Ida come first");
	cr_expect_eq(v->rp.finding_count, 0);
	cr_assert(v->scored);
	/* Kontra 167: won 1, Re under 90 1, against the old 1 */
	cr_expect_eq(v->rp.points[DK_PARTY_KONTRA], 167);
	cr_expect_eq(v->sc.value, -3);
	bool against_old = false;
	for (int i = 0; i < v->sc.item_count; i++)
		if (v->sc.items[i].kind == DK_SI_AGAINST_OLD)
			against_old = true;
	cr_expect(against_old);
	static const long played[5] = { 0, 3, -3, -3, 3 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(v->played[s], played[s], "seat %d", s);

	/* asked in turn (by-priority): the bride answered before Lukas */
	dk_rules r = *v->rules;
	r.poverty_marriage = DK_PM_BY_PRIORITY;
	dk_session_begin(&f.ss, NULL);
	dk_verdict_judge(f.v, &f.ss, false, v->game, &r, &all);
	cr_assert_eq(v->rp.finding_count, 1);
	cr_expect_eq(v->rp.findings[0].code, DK_F_POVERTY_ASKED_OUT_OF_ORDER);
	cr_expect_eq(v->rp.findings[0].seat, 2);
	cr_expect_eq(v->rp.findings[0].expected_seat, 4);
	cr_expect(!v->rp.poverty_with_marriage);
	close_file(&f);
}

Test(verdict, bock_in_a_session)
{
	fixture f;
	open_file(&f, "tests/audit/session-bock-unsere-2024.xml");
	const dk_verdict *v = next(&f, &objected_only, true);
	cr_expect_eq(v->bock, 1);
	cr_expect(!v->bock_applies);
	v = next(&f, &objected_only, true);
	/* game 2: Re said and lost makes a Bock (lost-call) */
	cr_expect_eq(v->sg.bocks_made, 1);
	v = next(&f, &objected_only, true);
	/* game 3: Kontra won 1, Re under 90 1, under 60 1, against the old 1,
	 * Karlchen 1, less Re's Fuchs 1: 4; doubled by the Bock: 8 */
	cr_assert(v->scored);
	cr_expect_eq(v->sc.winner, DK_PARTY_KONTRA);
	cr_expect_eq(v->sc.value, -4, "value %d (for Re; negative: for Kontra)", v->sc.value);
	cr_expect_eq(v->bock, 2);
	cr_expect(v->bock_applies);
	static const long entry[5] = { 0, -8, 8, -8, 8 };
	for (int s = 1; s <= 4; s++) {
		cr_expect_eq(v->played[s], entry[s] / 2, "seat %d", s);
		cr_expect_eq(v->entry[s], entry[s], "seat %d", s);
	}
	close_file(&f);
}

/* ---- the ruling: which score stands, and why ------------------------ */

/* a revoke nobody objected to under the DDV's deadline (TSR 9.6.3): the
 * ruling is the score as played, resting on the deadline rule (from when
 * every player could see it); had it been reclaimed it would have been
 * serious (Norbert -12) */
Test(verdict, ruling_not_reclaimed_stands_as_played)
{
	fixture f;
	open_file(&f, "tests/check/findings/revoke--ddv--trump-not-followed.xml");
	const dk_verdict *v = next(&f, &all, false);
	const dk_ruling *ru = &v->ruling;
	cr_expect_eq(ru->basis, DK_RB_NOT_RECLAIMED);
	cr_expect_str_eq(ru->rule_key, "penalty.reclaim_from");
	cr_expect_eq(ru->rule, &v->rules->penalty_reclaim_from_src);
	cr_expect_eq(ru->finding, 0);
	cr_expect_eq(ru->objection, DK_OBJ_NONE);
	cr_assert_not_null(ru->penalty);
	cr_expect_eq(ru->penalty->cls, DK_PC_SERIOUS);
	cr_expect(ru->scored);
	cr_expect_eq(ru->winner, DK_PARTY_RE);
	cr_expect_eq(ru->value, 3);
	cr_expect(!ru->differs_from_played);
	static const long score[5] = { 0, -3, -3, 3, 3 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(ru->score[s], score[s], "seat %d", s);
	cr_expect(!ru->sheet_compared, "the record has no per-player scores");
	cr_expect_str_eq(dk_ruling_basis_name(ru->basis), "not-reclaimed");
	close_file(&f);
}

/* the same revoke with an objection after it: the penalty (serious, TSR
 * 9.4.3) is the ruling; the game counts as not played, nobody won it */
Test(verdict, ruling_objection_in_time_is_the_penalty)
{
	fixture f;
	open_file(&f, "tests/check/disputes/revoke-objected-ddv.xml");
	const dk_verdict *v = next(&f, &objected_only, false);
	const dk_ruling *ru = &v->ruling;
	cr_expect_eq(ru->basis, DK_RB_PENALTY);
	cr_expect_eq(ru->objection, DK_OBJ_IN_TIME);
	cr_expect_eq(v->objection[0], DK_OBJ_IN_TIME);
	cr_expect_str_eq(ru->rule_key, "penalty.revoke");
	cr_expect(ru->game_void);
	cr_expect_eq(ru->winner, DK_PARTY_NONE);
	cr_expect_eq(ru->value, 0);
	cr_expect(ru->differs_from_played);
	static const long score[5] = { 0, 4, -12, 4, 4 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(ru->score[s], score[s], "seat %d", s);
	close_file(&f);
}

/* turnier-2022's own revoke penalty without a deadline: Kontra wins with
 * its target, 12; the sheet wrote the 17 as played and is wrong by 5 */
Test(verdict, ruling_house_penalty_and_the_sheet)
{
	fixture f;
	open_file(&f, "tests/check/disputes/revoke-unreclaimed-turnier-2022.xml");
	const dk_verdict *v = next(&f, &objected_only, false);
	const dk_ruling *ru = &v->ruling;
	cr_expect_eq(ru->basis, DK_RB_HOUSE_PENALTY);
	cr_expect_eq(ru->objection, DK_OBJ_NONE);
	cr_expect_str_eq(ru->rule_key, "penalty.revoke");
	cr_expect_eq(ru->winner, DK_PARTY_KONTRA);
	cr_expect_eq(ru->value, -12, "for Kontra");
	cr_expect(ru->table_may_agree);
	cr_expect(ru->sheet_compared);
	cr_expect(!ru->sheet_ok);
	static const long correction[5] = { 0, 5, 5, -5, -5 };
	for (int s = 1; s <= 4; s++) {
		cr_expect_eq(ru->score[s], v->entry[s], "seat %d", s);
		cr_expect_eq(ru->correction[s], correction[s], "seat %d", s);
	}
	close_file(&f);
}

/* no irregularity: as played; a wrong sheet is corrected by -1/+1 */
Test(verdict, ruling_as_played_with_a_wrong_sheet)
{
	fixture f;
	open_file(&f, "tests/check/disputes/wrong-score-ddv.xml");
	const dk_verdict *v = next(&f, &objected_only, false);
	const dk_ruling *ru = &v->ruling;
	cr_expect_eq(ru->basis, DK_RB_AS_PLAYED);
	cr_expect_null(ru->rule_key);
	cr_expect_eq(ru->finding, -1);
	cr_expect_eq(ru->winner, DK_PARTY_RE);
	cr_expect_eq(ru->value, 2);
	cr_expect(ru->sheet_compared);
	cr_expect(!ru->sheet_ok);
	/* Anna, Ben, Clara, David wrote +3 -3 +3 -3 for +2 -2 +2 -2 */
	static const long correction[5] = { 0, -1, 1, -1, 1 };
	for (int s = 1; s <= 4; s++)
		cr_expect_eq(ru->correction[s], correction[s], "seat %d", s);
	close_file(&f);
}

/* a thrown-in game is not counted: deal again */
Test(verdict, ruling_not_counted)
{
	fixture f;
	open_file(&f, "tests/check/legal/esslingen-2002--throw-in-five-kings.xml");
	const dk_verdict *v = next(&f, &all, false);
	cr_expect_eq(v->ruling.basis, DK_RB_NOT_COUNTED);
	cr_expect(!v->ruling.scored);
	close_file(&f);
}

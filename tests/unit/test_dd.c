/*
 * test_dd.c - the double-dummy solver (dd.h) against a plain enumeration,
 * and the analysis of every sample and test game card by card.
 *
 * The reference is a minimax over every legal card, with no pruning, no
 * table and no cards taken as interchangeable: Re's card points still to
 * come, Re playing to raise them and Kontra to lower them (the other way
 * round in a Ramsch), and, for the threshold questions, the most a party
 * can take when everybody plays for it.  Positions: every game of
 * samples/, tests/check/legal/ and tests/search/ (every game type of
 * every shipped set that they hold) cut before each of its last four
 * tricks and after the second card in them, and after the third card of
 * its fifth-last trick, and each game played on once at random (a fixed
 * seed) from six tricks before the end, cut before each of its last four
 * tricks; the threshold questions between tricks with up to three left.
 * The solver's value must
 * be the reference's, and its best continuation, replayed in the
 * reference, must be legal, end the game and gain exactly that value.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dd.h"
#include "fmt_xml.h"
#include "leakcheck.h"
#include "records.h"
#include "refplay.h"
#include "ruleset.h"
#include "score.h"

TestSuite(dd, .fini = dk_leak_check);

/* ---- the reference ------------------------------------------------------- */

/* minimax of what `for` gains from here, card points or (tricks) tricks;
 * Re maximises (Kontra in a Ramsch) unless coop: everybody plays for it */
static int ref_gain(const ref_pos *p, bool ramsch, bool coop, dk_party for_, bool tricks)
{
	if (p->tn == 0 && p->tricks_done == p->hand_size)
		return 0;
	bool up = coop || ((p->party[p->turn] == DK_PARTY_RE) != ramsch);
	int best = up ? -1 : 1000;
	for (int k = 0; k < DK_CARD_KINDS; k++) {
		if (!ref_legal(p, (dk_card)k))
			continue;
		ref_pos q = *p;
		dk_party won;
		int pts = ref_play(&q, (dk_card)k, &won);
		int v = (won == for_ ? (tricks ? 1 : pts) : 0) +
			ref_gain(&q, ramsch, coop, for_, tricks);
		if (up ? v > best : v < best)
			best = v;
	}
	return best < 0 || best == 1000 ? 0 : best;
}

/* Re's card points to come with best play by both (coop: for `for`) */
static int ref_value(const ref_pos *p, bool ramsch, bool coop, dk_party for_)
{
	return ref_gain(p, ramsch, coop, for_, false);
}

/* the most tricks `for` can take from p, everybody playing for it */
static int ref_most_tricks(const ref_pos *p, dk_party for_)
{
	return ref_gain(p, false, true, for_, true);
}

/* replay line in the reference: legal and to the end?  *gain: what `for`
 * takes on it */
static bool ref_follow(ref_pos p, const dk_line *line, dk_party for_, int *gain)
{
	*gain = 0;
	for (int i = 0; i < line->count; i++) {
		if (line->seats[i] != p.turn || !ref_legal(&p, line->cards[i]))
			return false;
		dk_party won;
		int pts = ref_play(&p, line->cards[i], &won);
		if (won == for_)
			*gain += pts;
	}
	return p.tricks_done == p.hand_size && p.tn == 0;
}

/* the card points still in the hands and the open trick */
static int p_left(const ref_pos *p)
{
	int pts = 0;
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < DK_CARD_KINDS; k++)
			pts += p->hand[i][k] * dk_card_points((dk_card)k);
	for (int i = 0; i < p->tn; i++)
		pts += dk_card_points(p->trick[i]);
	return pts;
}

/* ---- the comparison ------------------------------------------------------ */

static dk_dd *solver;
static int compared, types_seen[DK_GT_COUNT], bounds_checked, sure_checked, sure_taken;

static void compare(const dk_replay *rp, const char *what)
{
	for (int i = 0; i < 4; i++)
		if (rp->party[rp->seats[i]] != DK_PARTY_RE &&
		    rp->party[rp->seats[i]] != DK_PARTY_KONTRA)
			return;
	ref_pos start;
	ref_from_replay(&start, rp);
	bool ramsch = rp->type == DK_GT_RAMSCH;
	int want = ref_value(&start, ramsch, false, DK_PARTY_RE);
	dk_dd_value v;
	dk_dd_solve(solver, &v, rp);
	cr_expect_eq(v.points[DK_PARTY_RE] - v.now[DK_PARTY_RE], want,
		     "%s: the solver gives Re %d to come, the enumeration %d", what,
		     v.points[DK_PARTY_RE] - v.now[DK_PARTY_RE], want);
	/* the leader's sure tricks, the bound the search raises the
	 * leader's side's value with: no more than his party takes with best
	 * play by both parties (not in a Ramsch, where nobody plays to take) */
	if (rp->cards_played % 4 == 0 && !ramsch && dk_replay_hands_match(rp)) {
		dk_party lead = start.party[start.turn];
		int game = lead == DK_PARTY_RE ? want : p_left(&start) - want;
		int sure = dk_dd_sure(solver, rp, false);
		cr_expect_leq(sure, game, "%s: the player on lead takes %d for sure, his party "
			      "%d with best play", what, sure, game);
		sure_checked++;
		sure_taken += sure > 0;
	}
	int gain;
	bool ok = ref_follow(start, &v.line, DK_PARTY_RE, &gain);
	cr_expect(ok, "%s: the best continuation is not a legal end of the game", what);
	if (ok)
		cr_expect_eq(gain, want, "%s: the best continuation gives Re %d, not %d", what,
			     gain, want);
	/* the threshold questions: the most each party can take, then one more
	 * (between tricks with up to three left, to keep the enumeration's
	 * time down) */
	bool between = rp->cards_played % 4 == 0 && rp->hand_size - rp->trick_count <= 3;
	for (int q = DK_PARTY_RE; q <= DK_PARTY_KONTRA && between; q++) {
		int most = ref_value(&start, ramsch, true, (dk_party)q);
		dk_line line;
		cr_expect(dk_dd_reach(solver, rp, (dk_party)q, false, most, &line, NULL),
			  "%s: party %d cannot reach %d", what, q, most);
		ok = ref_follow(start, &line, (dk_party)q, &gain);
		cr_expect(ok && gain >= most, "%s: the line for party %d to %d is not legal or "
			  "gives %d", what, q, most, gain);
		cr_expect(!dk_dd_reach(solver, rp, (dk_party)q, false, most + 1, NULL, NULL),
			  "%s: party %d reaches %d, the enumeration's most is %d", what, q,
			  most + 1, most);
		/* the bound the search cuts with: at least the most the party
		 * can take in card points and in tricks (everybody playing for
		 * it), so at least what it takes in the game between the
		 * parties too */
		int game = q == DK_PARTY_RE ? want : p_left(&start) - want;
		int bound = dk_dd_bound(solver, rp, (dk_party)q, false);
		cr_expect_geq(bound, most, "%s: the bound for party %d is %d, it can take %d",
			      what, q, bound, most);
		cr_expect_geq(most, game, "%s: party %d takes %d in the game, %d at most", what,
			      q, game, most);
		int tricks = ref_most_tricks(&start, (dk_party)q);
		bound = dk_dd_bound(solver, rp, (dk_party)q, true);
		cr_expect_geq(bound, tricks, "%s: the bound for party %d is %d tricks, it can "
			      "take %d", what, q, bound, tricks);
		/* the threshold question in tricks: the most, then one more */
		cr_expect(dk_dd_reach(solver, rp, (dk_party)q, true, tricks, &line, NULL),
			  "%s: party %d cannot take %d tricks", what, q, tricks);
		cr_expect(!dk_dd_reach(solver, rp, (dk_party)q, true, tricks + 1, NULL, NULL),
			  "%s: party %d takes %d tricks, the enumeration's most is %d", what, q,
			  tricks + 1, tricks);
		bounds_checked++;
	}
	types_seen[rp->type]++;
	compared++;
}

static void compare_cuts(const dk_game *g, const dk_event *events, size_t count,
			 const dk_replay *full, const dk_rules *r, const char *name, bool five)
{
	int cards = 0;
	for (size_t i = 0; i < count; i++) {
		if (events[i].kind != DK_EV_CARD)
			continue;
		int left = full->hand_size - cards / 4;
		if ((left <= 4 && (cards % 4 == 0 || (five && cards % 4 == 2))) ||
		    (five && left == 5 && cards % 4 == 3)) {
			dk_replay rp;
			if (ref_cut(g, events, i, full, r, &rp)) {
				char what[256];
				snprintf(what, sizeof(what), "%.200s, card %d", name, cards + 1);
				compare(&rp, what);
			}
		}
		cards++;
	}
}

static void compare_game(const dk_game *g, const dk_rules *r, const char *name)
{
	dk_replay full;
	dk_replay_run(&full, g, r);
	if (full.finding_count || full.cards_played != 4 * full.hand_size)
		return;
	compare_cuts(g, g->events, g->event_count, &full, r, name, true);
	size_t keep = 0;
	int cards = 0;
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_CARD && cards++ == 4 * (full.hand_size - 6)) {
			keep = i;
			break;
		}
	for (int round = 0; round < 1 && keep > 0; round++) {
		size_t n;
		dk_event *ev = ref_random_play(g, keep, r, &n);
		dk_game played = *g;
		played.events = ev;
		played.event_count = n;
		dk_replay end;
		dk_replay_run(&end, &played, r);
		if (end.finding_count == 0 && end.cards_played == 4 * end.hand_size) {
			char what[256];
			snprintf(what, sizeof(what), "%s (random play %d)", name, round);
			compare_cuts(&played, ev, n, &end, r, what, false);
		}
		free(ev);
	}
}

/* ---- the analysis of whole games ----------------------------------------- */

static int analysed, limited_games, with_specials;
static int early_compared, early_changes;
static int best_checked;

static size_t after_cards(const dk_event *ev, size_t count, int n);

/* the findings of rp about a card that could not be played */
static int illegal_plays(const dk_replay *rp)
{
	int n = 0;
	for (int f = 0; f < rp->finding_count; f++) {
		dk_finding_code code = rp->findings[f].code;
		n += code == DK_F_CARD_NOT_IN_HAND || code == DK_F_OUT_OF_TURN ||
		     code == DK_F_WRONG_LEAD || code == DK_F_REVOKE;
	}
	return n;
}

static int lines_followed;

/*
 * The best line the analysis keeps for the position after n cards of g:
 * played on from there in the reference, it is legal, goes to the end,
 * and Re ends with the position's value.
 */
static void check_line(const dk_game *g, const dk_rules *r, const dk_replay *full,
		       const dk_dd_game *a, int n, const char *name)
{
	int value = n < a->cards ? a->card[n].before : a->card[n - 1].after;
	dk_game cut = *g;
	cut.event_count = after_cards(g->events, g->event_count, n);
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay_run(rp, &cut, r);
	memcpy(rp->party, full->party, sizeof(rp->party));
	int re_now = 0;
	for (int t = 0; t < rp->trick_count; t++)
		if (full->party[rp->tricks[t].winner] == DK_PARTY_RE)
			re_now += rp->tricks[t].points;
	/* the line's seats are the game's: the reference's are places */
	dk_line l = a->line[n];
	for (int i = 0; i < l.count; i++) {
		int place = -1;
		for (int k = 0; k < 4; k++)
			if (rp->seats[k] == a->line[n].seats[i])
				place = k;
		cr_assert_geq(place, 0, "%s, position %d: card %d of the line by seat %d", name, n,
			      i + 1, a->line[n].seats[i]);
		l.seats[i] = place;
	}
	ref_pos p;
	ref_from_replay(&p, rp);
	int gain;
	cr_expect(ref_follow(p, &l, DK_PARTY_RE, &gain),
		  "%s, position %d: the best line is not legal or stops short", name, n);
	cr_expect_eq(re_now + gain, value, "%s, position %d: on its best line Re takes %d, the "
		     "position is worth %d", name, n, re_now + gain, value);
	lines_followed++;
	free(rp);
}

/*
 * The best card the analysis names for card i (from 0) of g: played by
 * the same seat in its place, it is legal and the position after it has
 * the value of the position before card i.  The card itself where it
 * cost nothing, unless it was no legal card there (a revoke that gained
 * its party something: then a card of the best line, checked the same
 * way); none where it came out of turn.
 */
static int best_of_illegal;

static void check_best(const dk_game *g, const dk_rules *r, const dk_replay *full,
		       const dk_dd_game *a, int i, const char *name)
{
	const dk_dd_card *c = &a->card[i];
	if (c->out_of_turn) {
		cr_expect_eq(c->cost, 0, "%s, card %d", name, i + 1);
		cr_expect_eq(c->best, DK_CARD_NONE, "%s, card %d", name, i + 1);
		return;
	}
	if (c->cost == 0 && c->best == c->card)
		return;
	cr_expect_neq(c->best, DK_CARD_NONE, "%s, card %d: no best card", name, i + 1);
	if (c->best == DK_CARD_NONE)
		return;
	cr_expect_neq(c->best, c->card, "%s, card %d", name, i + 1);
	if (c->cost == 0) {
		/* the card the record has broke the rules */
		dk_replay *cut = malloc(sizeof(*cut));
		dk_game other = *g;
		other.event_count = after_cards(g->events, g->event_count, i);
		dk_replay_run(cut, &other, r);
		int before = illegal_plays(cut);
		other.event_count = after_cards(g->events, g->event_count, i + 1);
		dk_replay_run(cut, &other, r);
		cr_expect_gt(illegal_plays(cut), before, "%s, card %d cost nothing, was legal, "
			     "and is not named as the best card", name, i + 1);
		free(cut);
		best_of_illegal++;
	}
	size_t at = after_cards(g->events, g->event_count, i);
	dk_event *ev = calloc(at + 1, sizeof(*ev));
	memcpy(ev, g->events, at * sizeof(*ev));
	ev[at].kind = DK_EV_CARD;
	ev[at].seat = c->seat;
	ev[at].card = c->best;
	dk_game other = *g;
	other.events = ev;
	other.event_count = at + 1;
	/* legal: no finding about the cards played that the game before it
	 * did not have (a record of a dispute may have one earlier) */
	dk_replay *rp = malloc(sizeof(*rp));
	other.event_count = at;
	dk_replay_run(rp, &other, r);
	int before = illegal_plays(rp);
	other.event_count = at + 1;
	dk_replay_run(rp, &other, r);
	cr_expect_eq(illegal_plays(rp), before,
		     "%s, card %d: the best card %s is not legal there", name, i + 1,
		     dk_card_code(c->best));
	cr_expect_eq(rp->cards_played, i + 1, "%s, card %d", name, i + 1);
	memcpy(rp->party, full->party, sizeof(rp->party));
	dk_dd_value v;
	dk_dd_solve(solver, &v, rp);
	cr_expect(v.settled, "%s, card %d", name, i + 1);
	cr_expect_eq(v.points[DK_PARTY_RE], c->before,
		     "%s, card %d: after the best card %s Re takes %d, the position before "
		     "is worth %d", name, i + 1, dk_card_code(c->best), v.points[DK_PARTY_RE],
		     c->before);
	best_checked++;
	free(rp);
	free(ev);
}

/* who wins with best play at the position after n cards, by a's values */
static dk_party winner_of(const dk_dd_game *a, int n)
{
	return n < a->cards ? a->card[n].winner_before : a->card[n - 1].winner_after;
}

/* cards beside a position that cannot be searched, in the analyses */
static int irregular_cards;

static void analyse_game(const dk_game *g, const dk_rules *r, const char *name)
{
	dk_replay *full = malloc(sizeof(*full));
	dk_replay_run(full, g, r);
	dk_dd_game *a = malloc(sizeof(*a));
	dk_dd_analyse(solver, a, g, r, 5);
	if (a->analysed) {
		analysed++;
		int prev = a->start;
		for (int i = a->first; i < a->cards; i++) {
			const dk_dd_card *c = &a->card[i];
			cr_expect_eq(c->before, prev, "%s, card %d", name, i + 1);
			cr_expect_geq(c->cost, 0);
			/* beside a position that cannot be searched: no value
			 * there, none of the rest */
			bool unsearched = a->irregular_at[i] || a->irregular_at[i + 1];
			cr_expect_eq(c->unsolved, unsearched, "%s, card %d", name, i + 1);
			if (c->unsolved) {
				irregular_cards++;
				cr_expect(a->irregular);
				cr_expect_eq(c->before < 0, a->irregular_at[i], "%s, card %d", name,
					     i + 1);
				cr_expect_eq(c->after < 0, a->irregular_at[i + 1], "%s, card %d", name,
					     i + 1);
				cr_expect_eq(c->cost, 0, "%s, card %d", name, i + 1);
				cr_expect_eq(c->best, DK_CARD_NONE, "%s, card %d", name, i + 1);
				cr_expect_eq(a->line[i + 1].count, 0, "%s, card %d", name, i + 1);
				prev = c->after;
				continue;
			}
			check_best(g, r, full, a, i, name);
			if (a->cards == 4 * full->hand_size)
				check_line(g, r, full, a, i, name);
			prev = c->after;
		}
		/* at the end of a complete game the value is what Re took */
		if (a->cards == 4 * full->hand_size && full->cards_played == a->cards &&
		    !a->irregular_at[a->cards])
			cr_expect_eq(prev, a->taken[DK_PARTY_RE], "%s: the value at the end is %d, "
				     "Re took %d", name, prev, a->taken[DK_PARTY_RE]);
		/* after the last card the best line is empty: its special points
		 * are those the game's own score gives */
		if (a->cards == full->cards_played && !a->irregular_at[a->cards]) {
			dk_score_input in;
			dk_score_input_from_replay(&in, full, g);
			dk_score sc;
			dk_score_compute(&sc, &in, r);
			int sp = 0;
			for (int i = 0; i < sc.item_count; i++)
				if (sc.items[i].special)
					sp += sc.items[i].party == DK_PARTY_RE ? sc.items[i].points
									       : -sc.items[i].points;
			cr_expect_eq(a->card[a->cards - 1].specials_after, sp,
				     "%s: special points after the last card %d, the score says %d",
				     name, a->card[a->cards - 1].specials_after, sp);
			with_specials += sp != 0;
		}
		/* with a small limit the analysis starts later, but every card it
		 * has is the same; a position over the limit leaves nothing wrong
		 * in the table for the positions solved after it */
		dk_dd_game *b = malloc(sizeof(*b));
		dk_dd_set_limit(solver, 300);
		dk_dd_clear(solver);
		dk_dd_analyse(solver, b, g, r, 5);
		dk_dd_set_limit(solver, 0);
		if (b->analysed) {
			limited_games += b->limited;
			cr_expect_geq(b->first, a->first, "%s", name);
			cr_expect_eq(b->limit, 300);
			for (int i = b->first; i < b->cards; i++) {
				cr_expect_eq(b->card[i].before, a->card[i].before, "%s, card %d", name, i + 1);
				cr_expect_eq(b->card[i].after, a->card[i].after, "%s, card %d", name, i + 1);
			}
			/* before its first card, who wins with best play where the
			 * threshold questions found it: as the whole analysis says */
			if (b->limited && !b->ramsch) {
				int known = 0;
				for (int n = b->first - b->early_asked; n < b->first; n++) {
					if (!b->early_found[n])
						continue;
					known++;
					early_compared++;
					cr_expect_eq(b->early_winner[n], winner_of(a, n),
						     "%s, position after %d cards: %d wins with best play, "
						     "the analysis says %d", name, n, b->early_winner[n],
						     winner_of(a, n));
				}
				cr_expect_eq(known, b->early_known, "%s", name);
				if (b->early_asked > 0)
					cr_expect(b->early_found[b->first] &&
						  b->early_winner[b->first] == winner_of(a, b->first),
						  "%s", name);
				early_changes += b->early_changed;
			}
		}
		dk_dd_analyse(solver, b, g, r, 5);
		cr_expect_eq(b->first, a->first, "%s", name);
		cr_expect_eq(b->start, a->start, "%s: after a limited search", name);
		free(b);
	}
	free(a);
	free(full);
}

Test(dd, same_values_as_plain_enumeration, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new();
	cr_assert_not_null(solver);
	dk_test_each_game(DK_SOURCE_ROOT "/samples", compare_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/check/legal", compare_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/search", compare_game);
	dk_dd_free(solver);
	cr_log_info("%d positions compared, %d bounds checked, %d sure gains (%d above 0)",
		    compared, bounds_checked, sure_checked, sure_taken);
	cr_expect_geq(compared, 1000, "only %d positions were compared", compared);
	cr_expect_geq(sure_checked, 1000, "only %d sure gains were checked", sure_checked);
	cr_expect_geq(sure_taken, 100, "only %d sure gains above 0", sure_taken);
	cr_expect_geq(bounds_checked, 1000, "only %d bounds were checked", bounds_checked);
	for (int t = DK_GT_NORMAL; t <= DK_GT_RAMSCH; t++)
		cr_expect_gt(types_seen[t], 0, "no position of a %s game", dk_game_type_name((dk_game_type)t));
}

Test(dd, every_game_card_by_card, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new();
	cr_assert_not_null(solver);
	dk_test_each_game(DK_SOURCE_ROOT "/samples", analyse_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/check/legal", analyse_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/check/findings", analyse_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/check/disputes", analyse_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/check/examples", analyse_game);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/search", analyse_game);
	dk_dd_free(solver);
	cr_log_info("%d games analysed, %d cards beside a position not searched", analysed,
		    irregular_cards);
	cr_expect_geq(analysed, 50, "only %d games analysed", analysed);
	cr_expect_gt(limited_games, 0, "the limit of 300 positions never stopped an analysis");
	cr_log_info("%d early winners compared, %d cards changed who wins", early_compared,
		    early_changes);
	cr_expect_geq(early_compared, 300, "only %d early winners compared", early_compared);
	cr_expect_gt(early_changes, 0, "no card before a limited analysis changed who wins");
	cr_expect_gt(with_specials, 10, "only %d games with special points", with_specials);
	cr_log_info("%d best cards played in place of the card (one that cost something, or broke "
		    "the rules)", best_checked);
	cr_expect_geq(best_checked, 100, "only %d best cards checked", best_checked);
	/* revoke--ddv--cannot-decide-the-winner and revoke--ddv--irrelevant-late:
	 * the revoke gained its party card points */
	cr_log_info("%d of them in place of a card that broke the rules and cost nothing",
		    best_of_illegal);
	cr_expect_geq(best_of_illegal, 2, "only %d cards that broke the rules and cost nothing",
		      best_of_illegal);
	cr_log_info("%d best lines followed to the end", lines_followed);
	cr_expect_geq(lines_followed, 1000, "only %d best lines followed", lines_followed);
}

/* ---- the table's keys ---------------------------------------------------- */

/*
 * The keys made with pext and the keys made a byte at a time from a table
 * are the same: the same searches visit the same positions.  (On a
 * processor without a fast pext both solvers make them from the table.)
 */
static dk_dd *portable;
static int keys_compared;

/*
 * A revoke bounds nothing before it.  In this record Felix (Kontra)
 * revokes with card 26: with best play Re takes 210 card points before it
 * and 169 after.  With Re's "keine 60" said at the start, Re wins at 181,
 * so the revoke turned the game for Kontra.  An analysis that stops after
 * it must find Re winning before it: the card the record has was no card
 * Felix could have played, so who wins after it says nothing of who wins
 * before.  (Before the fix, Kontra was found winning there, without a
 * question, and Elke's ♣A, card 25, was said to have changed who wins.)
 */
Test(dd, a_revoke_bounds_nothing_before_it, .init = dk_xml_global_init, .timeout = 600)
{
	static const char *const src =
		DK_SOURCE_ROOT "/tests/check/findings/revoke--ddv--game-already-decided.xml";
	static const char *const lead = "        <card seat=\"2\">SA</card>";
	FILE *in = fopen(src, "rb");
	cr_assert_not_null(in, "%s", src);
	static char text[16384];
	size_t n = fread(text, 1, sizeof(text) - 1, in);
	fclose(in);
	text[n] = '\0';
	char *at = strstr(text, lead);
	cr_assert_not_null(at, "%s: the first lead is not where it was", src);
	char path[] = "/tmp/dokoref-revoke-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	FILE *out = fdopen(fd, "wb");
	cr_assert_not_null(out);
	fwrite(text, 1, (size_t)(at - text), out);
	fputs("        <announce seat=\"2\" call=\"re\"/>\n"
	      "        <announce seat=\"2\" call=\"no90\"/>\n"
	      "        <announce seat=\"2\" call=\"no60\"/>\n", out);
	fputs(at, out);
	cr_assert_eq(fclose(out), 0);

	dk_ruleset rs;
	dk_xml_reader *reader;
	const dk_game *g;
	size_t keep;
	dk_test_open_cut(path, 0, &rs, &reader, &g, &keep);
	unlink(path);
	dk_dd *dd = dk_dd_new();
	cr_assert_not_null(dd);
	/* the truth: the last seven tricks without a limit */
	dk_dd_game *a = malloc(sizeof(*a));
	dk_dd_game *b = malloc(sizeof(*b));
	dk_dd_analyse(dd, a, g, &rs.rules, 7);
	cr_assert(a->analysed && a->first == 20, "first card analysed: %d", a->first + 1);
	cr_assert_eq(a->target[DK_PARTY_RE], 181);
	cr_expect_eq(a->card[25].before, 210);
	cr_expect_eq(a->card[25].after, 169);
	cr_expect_eq(a->card[25].winner_before, DK_PARTY_RE);
	cr_expect_eq(a->card[25].winner_after, DK_PARTY_KONTRA);
	/* limits that stop the analysis at several cards after the revoke */
	static const long limits[] = { 300, 1000, 3000, 10000, 30000 };
	int before_revoke = 0, compared_here = 0;
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		dk_dd_clear(dd);
		dk_dd_set_limit(dd, limits[i]);
		dk_dd_analyse(dd, b, g, &rs.rules, 7);
		if (!b->analysed || !b->limited || b->first <= 25)
			continue;
		for (int k = b->first - b->early_asked; k <= b->first; k++) {
			if (!b->early_found[k])
				continue;
			compared_here++;
			cr_expect_eq(b->early_winner[k], winner_of(a, k),
				     "limit %ld, position after %d cards: %d wins with best play, "
				     "the analysis says %d", limits[i], k, b->early_winner[k],
				     winner_of(a, k));
			before_revoke += k == 25;
		}
		if (b->early_found[25] && b->early_found[26])
			cr_expect(b->card[25].winner_before != b->card[25].winner_after,
				  "limit %ld: the revoke did not change who wins", limits[i]);
		if (b->early_found[24] && b->early_found[25])
			cr_expect_eq(b->card[24].winner_before, b->card[24].winner_after,
				     "limit %ld: Elke's ♣A changed who wins", limits[i]);
	}
	cr_log_info("%d positions of the revoke's game compared, %d before the revoke",
		    compared_here, before_revoke);
	cr_expect_gt(before_revoke, 0, "no limit found who wins before the revoke");
	free(a);
	free(b);
	dk_dd_free(dd);
	dk_xml_reader_free(reader);
	dk_ruleset_release(&rs);
}

/*
 * A card out of turn.  In `wrong-lead--ddv--dealer-leads` the dealer
 * leads the first trick in another's place: the position before it was
 * the other player's to play, so the card has no cost and no best card,
 * and play goes on around it.  In `out-of-turn--turnier-2022--passed-
 * over-player-makes-up` card 10 comes out of turn and the seat passed
 * over makes it up: after cards 10 and 11 the seat to play next (the one
 * after the card's player) has played already, so the trick cannot go
 * round from it: those two positions are not searched (before, a search
 * there let a seat play twice in the trick), and the analysis goes on
 * past them to the first card.
 */
Test(dd, a_card_out_of_turn_has_no_cost, .init = dk_xml_global_init, .timeout = 600)
{
	dk_dd *dd = dk_dd_new();
	cr_assert_not_null(dd);
	dk_dd_game *a = malloc(sizeof(*a));
	dk_ruleset rs;
	dk_xml_reader *reader;
	const dk_game *g;
	size_t keep;

	dk_test_open_cut(DK_SOURCE_ROOT "/tests/check/findings/wrong-lead--ddv--dealer-leads.xml", 0,
			 &rs, &reader, &g, &keep);
	dk_dd_analyse(dd, a, g, &rs.rules, 0);
	cr_assert(a->analysed && a->first == 0 && !a->irregular);
	int out = 0;
	for (int i = 0; i < a->cards; i++)
		out += a->card[i].out_of_turn;
	cr_expect_eq(out, 1, "%d cards out of turn", out);
	cr_expect(a->card[0].out_of_turn);
	cr_expect_eq(a->card[0].cost, 0);
	cr_expect_eq(a->card[0].best, DK_CARD_NONE);
	dk_xml_reader_free(reader);
	dk_ruleset_release(&rs);

	dk_test_open_cut(DK_SOURCE_ROOT "/tests/check/findings/"
			 "out-of-turn--turnier-2022--passed-over-player-makes-up.xml",
			 0, &rs, &reader, &g, &keep);
	dk_replay *rp = malloc(sizeof(*rp));
	cr_assert_not_null(rp);
	dk_game cut = *g;
	int refused = 0;
	for (size_t i = 1; i <= g->event_count; i++) {
		if (g->events[i - 1].kind != DK_EV_CARD)
			continue;
		cut.event_count = i;
		dk_replay_run(rp, &cut, &rs.rules);
		bool round = rp->cards_played != 10 && rp->cards_played != 11;
		cr_expect_eq(dk_replay_turns_match(rp), round, "after %d cards", rp->cards_played);
		cr_expect(dk_replay_hands_match(rp), "after %d cards", rp->cards_played);
		if (!round) {
			/* no threshold question is searched there either */
			long nodes = -1;
			cr_expect_not(dk_dd_reach(dd, rp, DK_PARTY_RE, false, 1, NULL, &nodes));
			cr_expect(dk_dd_stopped(dd));
			cr_expect_eq(nodes, 0);
			refused++;
		}
	}
	cr_expect_eq(refused, 2);
	dk_dd_clear(dd);
	dk_dd_analyse(dd, a, g, &rs.rules, 0);
	cr_expect(a->analysed && a->irregular);
	/* the analysis goes past the two positions to the first card: the
	 * cards beside them (10 to 12) have no cost, the others are checked
	 * as every analysis's are (best card, best line) */
	cr_expect_eq(a->first, 0, "analysed from card %d", a->first + 1);
	cr_expect_eq(a->irregular_count, 2);
	for (int n = 0; n <= a->cards; n++)
		cr_expect_eq(a->irregular_at[n], n == 10 || n == 11, "after %d cards", n);
	dk_replay *full = malloc(sizeof(*full));
	cr_assert_not_null(full);
	dk_replay_run(full, g, &rs.rules);
	dk_dd *shared = solver;
	solver = dd;
	int prev = a->start;
	for (int i = 0; i < a->cards; i++) {
		const dk_dd_card *c = &a->card[i];
		cr_expect_eq(c->unsolved, i >= 9 && i <= 11, "card %d", i + 1);
		cr_expect_eq(c->before, prev, "card %d", i + 1);
		prev = c->after;
		if (c->unsolved)
			continue;
		check_best(g, &rs.rules, full, a, i, "turnier-2022--passed-over-player-makes-up");
		check_line(g, &rs.rules, full, a, i, "turnier-2022--passed-over-player-makes-up");
	}
	cr_expect_eq(a->card[9].after, -1);
	cr_expect_eq(a->card[11].before, -1);
	cr_expect_eq(prev, a->taken[DK_PARTY_RE]);
	/* the position before the stretch, solved without the value after
	 * its card to guess from, and the one after it: as on their own */
	int at[] = { 9, 12 };
	for (int k = 0; k < 2; k++) {
		cut.event_count = after_cards(g->events, g->event_count, at[k]);
		dk_replay_run(rp, &cut, &rs.rules);
		memcpy(rp->party, full->party, sizeof(rp->party));
		dk_dd_value v;
		dk_dd_clear(dd);
		dk_dd_solve(dd, &v, rp);
		cr_expect(v.settled);
		int value = a->card[at[k]].before >= 0 ? a->card[at[k]].before : a->card[at[k] - 1].after;
		cr_expect_eq(v.points[DK_PARTY_RE], value, "after %d cards: %d on its own, %d in the "
			     "analysis", at[k], v.points[DK_PARTY_RE], value);
	}
	/* analyses the limit ends after the stretch: the two positions are
	 * marked whatever the limit, who wins is asked past them, and what is
	 * found there is the whole analysis's (the questions used to stop at
	 * the first of them, going back) */
	static const long limits[] = { 3000, 10000, 30000 };
	dk_dd_game *b = malloc(sizeof(*b));
	cr_assert_not_null(b);
	int past = 0, asked = 0, before = 0;
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		dk_dd_clear(dd);
		dk_dd_set_limit(dd, limits[i]);
		dk_dd_analyse(dd, b, g, &rs.rules, 0);
		cr_expect(b->analysed && b->limited, "limit %ld", limits[i]);
		cr_expect_eq(b->irregular_count, 2, "limit %ld", limits[i]);
		for (int n = 0; n <= b->cards; n++)
			cr_expect_eq(b->irregular_at[n], n == 10 || n == 11, "limit %ld, after %d "
				     "cards", limits[i], n);
		if (b->first <= 11)
			continue;
		past++;
		cr_expect_eq(b->first - b->early_asked, 0, "limit %ld", limits[i]);
		cr_expect_not(b->early_found[10] || b->early_found[11], "limit %ld", limits[i]);
		for (int n = 0; n < b->first; n++) {
			if (!b->early_found[n])
				continue;
			/* the whole analysis's winner there: before its card,
			 * or after the card before where that card is beside
			 * the stretch */
			dk_party w = !a->card[n].unsolved ? a->card[n].winner_before
							  : a->card[n - 1].winner_after;
			cr_expect_eq(b->early_winner[n], w, "limit %ld, after %d cards: %d wins, "
				     "the whole analysis says %d", limits[i], n, b->early_winner[n],
				     w);
			asked++;
			before += n < 10;
		}
	}
	dk_dd_set_limit(dd, 0);
	cr_log_info("turnier-2022 slip: %d limited analyses past the stretch, %d winners "
		    "compared, %d before it", past, asked, before);
	cr_expect_gt(past, 0);
	cr_expect_gt(before, 0, "no winner found before the stretch");
	free(b);
	solver = shared;
	free(full);
	free(rp);
	dk_xml_reader_free(reader);
	dk_ruleset_release(&rs);
	free(a);
	dk_dd_free(dd);
}

/*
 * A declaration after a card is not the card's cost.  In
 * `ottendorf-2008--swines` the swines are declared after card 13 (Frieda's
 * ♥B): with best play Re takes 162 before it and, under the new order,
 * 109 after.  Frieda chose the card under the order before, so its cost
 * is weighed by the position after it under that order (worth 162: the
 * card cost nothing); the analysis used to charge her 53.
 */
Test(dd, a_declaration_after_a_card_is_not_its_cost, .init = dk_xml_global_init, .timeout = 600)
{
	dk_dd *dd = dk_dd_new();
	cr_assert_not_null(dd);
	dk_dd_game *a = malloc(sizeof(*a));
	dk_ruleset rs;
	dk_xml_reader *reader;
	const dk_game *g;
	size_t keep;
	dk_test_open_cut(DK_SOURCE_ROOT "/tests/check/legal/ottendorf-2008--swines.xml", 13, &rs,
			 &reader, &g, &keep);
	dk_dd_analyse(dd, a, g, &rs.rules, 9);
	cr_assert(a->analysed && a->first == 12, "analysed from card %d", a->first + 1);
	int changed = 0;
	for (int i = a->first; i < a->cards; i++) {
		const dk_dd_card *c = &a->card[i];
		changed += c->order_changed;
		if (!c->order_changed)
			cr_expect_eq(c->after_card, c->after, "card %d", i + 1);
	}
	cr_expect_eq(changed, 1);
	const dk_dd_card *c = &a->card[12];
	cr_expect(c->order_changed);
	cr_expect_eq(c->before, 162);
	cr_expect_eq(c->after, 109);
	cr_expect_eq(c->after_card, 162);
	cr_expect_eq(c->cost, 0);
	cr_expect_eq(c->best, c->card);
	/* who wins: Re before the card and after it under the order before
	 * (162), Kontra under the new one (109): the declaration turned the
	 * game, not the card */
	cr_expect_eq(c->winner_before, DK_PARTY_RE);
	cr_expect_eq(c->winner_after_card, DK_PARTY_RE);
	cr_expect_eq(c->winner_after, DK_PARTY_KONTRA);
	/* the position after the card and before the declaration, solved on
	 * its own: what the analysis weighed the card by */
	dk_game cut = *g;
	cut.event_count = after_cards(g->events, g->event_count, 12) + 1;
	cr_assert_eq(cut.events[cut.event_count - 1].kind, DK_EV_CARD);
	dk_replay *full = malloc(sizeof(*full)), *rp = malloc(sizeof(*rp));
	dk_replay_run(full, g, &rs.rules);
	dk_replay_run(rp, &cut, &rs.rules);
	cr_assert_eq(rp->cards_played, 13);
	memcpy(rp->party, full->party, sizeof(rp->party));
	dk_dd_value v;
	dk_dd_clear(dd);
	dk_dd_solve(dd, &v, rp);
	cr_expect(v.settled);
	cr_expect_eq(v.points[DK_PARTY_RE], c->after_card);
	free(full);
	free(rp);
	free(a);
	dk_xml_reader_free(reader);
	dk_ruleset_release(&rs);
	dk_dd_free(dd);
}

static void same_keys_both_ways(const dk_game *g, const dk_rules *r, const char *name)
{
	dk_dd_game *a = malloc(sizeof(*a));
	dk_dd_game *b = malloc(sizeof(*b));
	dk_dd_clear(solver);
	dk_dd_clear(portable);
	dk_dd_analyse(solver, a, g, r, 6);
	dk_dd_analyse(portable, b, g, r, 6);
	cr_expect_eq(a->analysed, b->analysed, "%s", name);
	if (a->analysed && b->analysed) {
		keys_compared++;
		cr_expect_eq(a->nodes, b->nodes, "%s: %ld positions with pext, %ld without", name,
			     a->nodes, b->nodes);
		cr_expect_eq(a->first, b->first, "%s", name);
		for (int i = a->first; i < a->cards; i++)
			cr_expect_eq(a->card[i].after, b->card[i].after, "%s, card %d", name, i + 1);
	}
	free(a);
	free(b);
}

Test(dd, keys_by_pext_and_by_table_agree, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new();
	portable = dk_dd_new();
	cr_assert_not_null(solver);
	cr_assert_not_null(portable);
	dk_dd_use_portable_keys(portable);
	cr_assert_not(dk_dd_keys_by_pext(portable));
	cr_log_info("this processor's keys: %s",
		    dk_dd_keys_by_pext(solver) ? "pext" : "the table (no fast pext)");
	dk_test_each_game(DK_SOURCE_ROOT "/samples", same_keys_both_ways);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/search", same_keys_both_ways);
	dk_dd_free(solver);
	dk_dd_free(portable);
	cr_expect_geq(keys_compared, 50, "only %d games compared", keys_compared);
}

/*
 * After a seat played twice in a trick (hand-empty-at-a-late-call.xml:
 * Lukas plays two cards to trick 5) the hands no longer match the tricks; the solver's values there would depend on the order it met
 * the positions in (measured: 132, 139 or 146 for the same position), so
 * the analysis leaves those positions out and says why.
 */
static int irregular_seen;

static void irregular_game(const dk_game *g, const dk_rules *r, const char *name)
{
	if (strcmp(name, "hand-empty-at-a-late-call.xml") != 0)
		return;
	dk_dd_game *a = malloc(sizeof(*a));
	cr_assert_not_null(a);
	dk_dd_clear(solver);
	dk_dd_analyse(solver, a, g, r, 6);
	cr_expect(a->irregular, "%s: the hands that do not match are not noticed", name);
	cr_expect_not(a->analysed, "%s: analysed where the hands do not match", name);
	irregular_seen++;
	free(a);

	/* nor does any other question get an answer that needs a search there,
	 * eight events before the end (after trick 5); before trick 5 they do */
	dk_replay *rp = malloc(sizeof(*rp));
	cr_assert_not_null(rp);
	dk_game cut = *g;
	for (int k = 0; k < 2; k++) {
		bool late = k == 0;
		cut.event_count = late ? g->event_count - 8 : 10;
		dk_replay_run(rp, &cut, r);
		cr_expect_eq(dk_replay_hands_match(rp), !late, "%s, %zu events", name,
			     cut.event_count);
		dk_dd_value v;
		dk_dd_solve(solver, &v, rp);
		cr_expect_eq(v.settled, !late, "%s, %zu events: dk_dd_solve", name, cut.event_count);
		bool yes = dk_dd_reach(solver, rp, DK_PARTY_RE, false, 1, NULL, NULL);
		cr_expect_eq(yes, !late, "%s, %zu events: dk_dd_reach", name, cut.event_count);
		cr_expect_eq(dk_dd_stopped(solver), late, "%s, %zu events", name, cut.event_count);
		cr_expect_eq(dk_dd_reach(solver, rp, DK_PARTY_RE, false, 0, NULL, NULL), true,
			     "%s: nothing to gain needs no search", name);
		const int target[3] = { 0, 121, 120 };
		dk_search_result *s = malloc(sizeof(*s));
		cr_assert_not_null(s);
		dk_search_run(s, rp, target, 0);
		cr_expect_eq(s->irregular, late, "%s, %zu events: dk_search_run", name,
			     cut.event_count);
		cr_expect_eq(s->complete, !late, "%s, %zu events: dk_search_run", name,
			     cut.event_count);
		free(s);
	}
	free(rp);
}

Test(dd, hands_that_do_not_match_are_not_analysed, .init = dk_xml_global_init)
{
	solver = dk_dd_new();
	cr_assert_not_null(solver);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/search", irregular_game);
	dk_dd_free(solver);
	cr_expect_eq(irregular_seen, 1, "hand-empty-at-a-late-call.xml not found");
}

/* ---- several threads on one table --------------------------------------- */

/*
 * With two threads (dk_dd_set_threads) the values are the same as with
 * one; the positions visited and so the best line found may differ, so
 * the enumeration checks the values and lines of the solver with two.
 */
static dk_dd *together;
static int together_compared;
static long nodes_one, nodes_two;
static int limited_together;

static void same_values_together(const dk_game *g, const dk_rules *r, const char *name)
{
	dk_dd_game *a = malloc(sizeof(*a));
	dk_dd_game *b = malloc(sizeof(*b));
	cr_assert(a && b);
	dk_dd_clear(solver);
	dk_dd_clear(together);
	dk_dd_analyse(solver, a, g, r, 7);
	dk_dd_analyse(together, b, g, r, 7);
	cr_expect_eq(a->analysed, b->analysed, "%s", name);
	if (a->analysed && b->analysed) {
		together_compared++;
		nodes_one += a->nodes;
		nodes_two += b->nodes;
		cr_expect_eq(a->first, b->first, "%s", name);
		cr_expect_eq(a->start, b->start, "%s", name);
		for (int i = a->first; i < a->cards; i++)
			cr_expect_eq(a->card[i].after, b->card[i].after,
				     "%s, card %d: %d with one thread, %d with two", name, i + 1,
				     a->card[i].after, b->card[i].after);
		/* with a limit of 300 positions per thread the analysis stops
		 * early (a thread over it ends the question it shares); the
		 * values it has are the same */
		dk_dd_clear(together);
		dk_dd_set_limit(together, 300);
		dk_dd_analyse(together, b, g, r, 7);
		dk_dd_set_limit(together, 0);
		limited_together += b->limited;
		for (int i = b->analysed ? b->first : a->cards; i < a->cards; i++)
			cr_expect_eq(a->card[i].after, b->card[i].after,
				     "%s, card %d: %d with one thread, %d with two and a limit", name,
				     i + 1, a->card[i].after, b->card[i].after);
	}
	free(a);
	free(b);
}

Test(dd, two_threads_find_the_same_values, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new();
	together = dk_dd_new();
	cr_assert(solver && together);
	dk_dd_set_threads(together, 2);
	dk_test_each_game(DK_SOURCE_ROOT "/samples", same_values_together);
	dk_test_each_game(DK_SOURCE_ROOT "/tests/search", same_values_together);
	cr_log_info("%d games, their last 7 tricks: %ld positions with one thread, %ld with two",
		    together_compared, nodes_one, nodes_two);
	cr_expect_geq(together_compared, 50, "only %d games compared", together_compared);
	cr_expect_gt(limited_together, 10, "the limit of 300 stopped only %d analyses",
		     limited_together);
	dk_dd *one = solver;
	solver = together;
	compared = 0;
	dk_test_each_game(DK_SOURCE_ROOT "/samples", compare_game);
	solver = one;
	cr_expect_geq(compared, 300, "only %d positions compared with the enumeration", compared);
	dk_dd_free(one);
	dk_dd_free(together);
}

/* more threads than this machine's cores: each question shared by four,
 * most of them waiting for a core while the others search */
Test(dd, four_threads_find_the_same_values, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new();
	together = dk_dd_new();
	cr_assert(solver && together);
	dk_dd_set_threads(together, 4);
	together_compared = 0;
	limited_together = 0;
	dk_test_each_game(DK_SOURCE_ROOT "/samples", same_values_together);
	cr_log_info("%d games with four threads", together_compared);
	cr_expect_geq(together_compared, 30, "only %d games compared", together_compared);
	cr_expect_gt(limited_together, 5, "the limit of 300 stopped only %d analyses",
		     limited_together);
	dk_dd_free(solver);
	dk_dd_free(together);
}

/* ---- where an analysis is (dk_dd_set_progress) -------------------------- */

/*
 * The progress callback is told each position as it is begun, from the
 * last card back to the first asked, and, during a long search, every
 * DK_DD_PROGRESS_EVERY positions; the positions it is told grow and end
 * at most at the analysis's; it is called from the calling thread only,
 * also with two threads; and it changes nothing: the same values, and
 * with one thread the same positions, as without it.
 */
typedef struct told {
	int calls, begun, beats;
	int last_card;
	long last_nodes, begun_at;
	bool backwards, from_right, cards_right, nodes_grow, one_thread, beats_right;
	pthread_t caller;
	int cards, from;
} told;

static void tell(void *ctx, const dk_dd_progress *at)
{
	told *t = ctx;
	if (!pthread_equal(pthread_self(), t->caller))
		t->one_thread = false;
	if (at->cards != t->cards)
		t->cards_right = false;
	if (at->from != t->from)
		t->from_right = false;
	if (at->nodes < t->last_nodes)
		t->nodes_grow = false;
	if (t->calls > 0 && at->card > t->last_card)
		t->backwards = false;
	if (t->calls == 0 || at->card != t->last_card) {
		t->begun++;
		t->begun_at = at->nodes;
	} else {
		t->beats++;
		if (at->nodes <= t->begun_at)
			t->beats_right = false;
	}
	t->calls++;
	t->last_card = at->card;
	t->last_nodes = at->nodes;
}

static int told_games, told_beats;
static int told_tricks = 6;          /* the last tricks analysed (0: all) */
static const char *told_only;        /* only the game whose name has this */

static void progress_game(const dk_game *g, const dk_rules *r, const char *name)
{
	if (told_only && !strstr(name, told_only))
		return;
	dk_dd_game *a = malloc(sizeof(*a));
	dk_dd_game *b = malloc(sizeof(*b));
	cr_assert(a && b);
	dk_dd_clear(solver);
	dk_dd_analyse(solver, a, g, r, told_tricks);
	int from = told_tricks ? a->cards - 4 * told_tricks : 0;
	for (int threads = 1; threads <= 2; threads++) {
		told t = { .backwards = true, .from_right = true, .cards_right = true,
			   .nodes_grow = true, .one_thread = true, .beats_right = true,
			   .caller = pthread_self(),
			   .cards = a->cards, .from = from };
		dk_dd_clear(solver);
		dk_dd_set_threads(solver, threads);
		dk_dd_set_progress(solver, tell, &t);
		dk_dd_analyse(solver, b, g, r, told_tricks);
		dk_dd_set_progress(solver, NULL, NULL);
		dk_dd_set_threads(solver, 1);
		if (!a->analysed)
			continue;
		cr_expect_eq(b->first, a->first, "%s", name);
		for (int i = a->first; i < a->cards; i++)
			cr_expect_eq(b->card[i].after, a->card[i].after, "%s, card %d, %d threads",
				     name, i + 1, threads);
		if (threads == 1)
			cr_expect_eq(b->nodes, a->nodes, "%s: %ld positions told, %ld not", name,
				     b->nodes, a->nodes);
		cr_expect(t.one_thread, "%s: told from another thread (%d threads)", name, threads);
		cr_expect(t.backwards, "%s: a later position told after an earlier one", name);
		cr_expect(t.cards_right && t.from_right, "%s: the game's cards or the first asked "
			  "wrong", name);
		cr_expect(t.nodes_grow, "%s: the positions told went down", name);
		cr_expect_leq(t.last_nodes, b->nodes, "%s", name);
		/* each position from the last to the first asked was begun */
		cr_expect_eq(t.begun, a->cards - from + 1, "%s: %d positions begun", name, t.begun);
		cr_expect_eq(t.last_card, from, "%s", name);
		cr_expect(t.beats_right, "%s: a count during a search not above the position's "
			  "start", name);
		if (threads == 1)
			told_beats += t.beats;
		told_games++;
	}
	free(a);
	free(b);
}

Test(dd, progress_tells_where_the_analysis_is, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new_sized(DK_DD_ANALYSE_TABLE_BYTES);
	cr_assert_not_null(solver);
	dk_test_each_game(DK_SOURCE_ROOT "/samples", progress_game);
	/* and one game from its first card: 7.9 million positions, most of
	 * them in searches far longer than DK_DD_PROGRESS_EVERY */
	told_tricks = 0;
	told_only = "heart10-second-wins-unsere-2024";
	int before = told_games;
	dk_test_each_game(DK_SOURCE_ROOT "/samples", progress_game);
	cr_expect_eq(told_games, before + 2, "%s not analysed from its first card", told_only);
	dk_dd_free(solver);
	cr_log_info("%d analyses told, %d beats during searches", told_games, told_beats);
	cr_expect_geq(told_games, 100, "only %d analyses told", told_games);
	cr_expect_gt(told_beats, 0, "no beat during a search: every position was short");
}

/*
 * A long analysis in several runs (bench/ledger.sh -k): dk_dd_stop ends it
 * at the position under way, dk_dd_save keeps the table, and a solver that
 * loads it goes on with every position solved so far in its table.  The
 * values are those of one analysis without a stop; a table that is not
 * the one saved for this game, or is cut short or damaged, is refused,
 * and a refused table leaves the solver as empty as a new one (the same
 * positions visited, to the one).
 */
typedef struct stopper {
	dk_dd *dd;
	int at_card;                 /* stop as this position is begun (-1: not so) */
	long at_nodes;               /* ... or as a search passes this many (0: not so) */
	bool during_search;          /* it was stopped inside a position's search */
	int last_card;
} stopper;

static void stop_there(void *ctx, const dk_dd_progress *at)
{
	stopper *s = ctx;
	bool begun = at->card != s->last_card;
	s->last_card = at->card;
	if (begun && at->card == s->at_card)
		dk_dd_stop(s->dd);
	else if (!begun && s->at_nodes && at->nodes >= s->at_nodes && !s->during_search) {
		s->during_search = true;
		dk_dd_stop(s->dd);
	}
}

/* a copy of the first n bytes of f (n < 0: all of it, with byte -n - 1
 * flipped) */
static FILE *part_of(FILE *f, long n)
{
	FILE *out = tmpfile();
	cr_assert_not_null(out);
	rewind(f);
	long i = 0;
	for (int c; (c = getc(f)) != EOF && (n < 0 || i < n); i++)
		putc(n < 0 && i == -n - 1 ? c ^ 0x20 : c, out);
	rewind(out);
	return out;
}

static int resumed_games;

static void resume_game(const dk_game *g, const dk_rules *r, const char *name)
{
	if (!strstr(name, told_only))
		return;
	const char *tag = "test_dd resume";
	dk_dd_game *whole = malloc(sizeof(*whole)), *part = malloc(sizeof(*part)),
		   *rest = malloc(sizeof(*rest));
	cr_assert(whole && part && rest);
	dk_dd *one = dk_dd_new(), *first = dk_dd_new(), *then = dk_dd_new();
	cr_assert(one && first && then);
	dk_dd_analyse(one, whole, g, r, 0);
	cr_assert(whole->analysed && whole->first == 0, "%s: not analysed from the first card",
		  name);

	/* stopped twice: as a position is begun, then inside a search */
	stopper st = { .dd = first, .at_card = whole->cards / 2, .last_card = -1 };
	dk_dd_set_progress(first, stop_there, &st);
	dk_dd_analyse(first, part, g, r, 0);
	cr_expect(part->limited && part->stopped, "%s: not stopped", name);
	cr_expect_eq(part->first, whole->cards / 2 + 1, "%s: stopped before card %d", name,
		     part->first + 1);
	st = (stopper){ .dd = first, .at_card = -1, .at_nodes = whole->nodes / 2, .last_card = -1 };
	dk_dd_analyse(first, part, g, r, 0);
	dk_dd_set_progress(first, NULL, NULL);
	cr_expect(st.during_search && part->stopped, "%s: not stopped inside a search", name);
	for (int i = part->first; i < part->cards; i++)
		cr_expect_eq(part->card[i].after, whole->card[i].after, "%s, card %d", name, i + 1);

	FILE *f = tmpfile();
	cr_assert_not_null(f);
	cr_assert_eq(dk_dd_save(first, f, tag), 0);
	long bytes = ftell(f);
	cr_expect_gt(bytes, (long)dk_dd_table_bytes(first), "%s: %ld bytes saved", name, bytes);
	rewind(f);
	const char *why = NULL;
	cr_assert_eq(dk_dd_load(then, f, tag, &why), 0, "%s: %s", name, why);
	dk_dd_analyse(then, rest, g, r, 0);
	cr_expect(rest->analysed && !rest->limited && rest->first == 0, "%s", name);
	for (int i = 0; i < whole->cards; i++)
		cr_expect_eq(rest->card[i].after, whole->card[i].after, "%s, card %d", name, i + 1);
	cr_expect_eq(rest->start, whole->start, "%s", name);
	cr_expect_lt(rest->nodes, whole->nodes, "%s: the saved table saved nothing (%ld "
		     "positions, %ld without it)", name, rest->nodes, whole->nodes);
	cr_log_info("%s: %ld positions in one analysis; stopped twice (%ld positions by the "
		    "second stop), then %ld after the table was loaded", name, whole->nodes,
		    part->nodes, rest->nodes);

	/* the positions solved before the stop are kept with the table and
	 * answered without a search: the last tricks, every position of
	 * which the stopped runs had solved, take not one position in a
	 * solver that loaded the table, with the values and lines found
	 * before */
	int solved_tricks = (whole->cards - part->first) / 4;
	cr_assert_geq(solved_tricks, 1, "%s: only from card %d on", name, part->first + 1);
	dk_dd *again = dk_dd_new();
	cr_assert_not_null(again);
	rewind(f);
	cr_assert_eq(dk_dd_load(again, f, tag, &why), 0, "%s: %s", name, why);
	dk_dd_analyse(again, rest, g, r, solved_tricks);
	cr_expect(rest->analysed && !rest->limited, "%s", name);
	cr_expect_eq(rest->nodes, 0, "%s: the last %d tricks took %ld positions", name,
		     solved_tricks, rest->nodes);
	for (int i = rest->first; i <= whole->cards; i++) {
		cr_expect_eq(rest->line[i].count, part->line[i].count, "%s, after card %d", name, i);
		cr_expect(memcmp(rest->line[i].cards, part->line[i].cards,
				 sizeof(rest->line[i].cards)) == 0, "%s, after card %d", name, i);
	}
	for (int i = rest->first; i < whole->cards; i++)
		cr_expect_eq(rest->card[i].after, whole->card[i].after, "%s, card %d", name, i + 1);
	dk_dd_free(again);

	/* a solver with a larger table takes the smaller one as it is (the
	 * same values, fewer positions), and gets its own size back when
	 * cleared */
	dk_dd *larger = dk_dd_new_sized(2 * DK_DD_TABLE_BYTES);
	cr_assert_not_null(larger);
	rewind(f);
	cr_assert_eq(dk_dd_load(larger, f, tag, &why), 0, "%s: a smaller table: %s", name, why);
	cr_expect_eq(dk_dd_table_bytes(larger), dk_dd_table_bytes(first), "%s", name);
	dk_dd_analyse(larger, rest, g, r, 0);
	cr_expect(rest->analysed && !rest->limited && rest->first == 0, "%s", name);
	for (int i = 0; i < whole->cards; i++)
		cr_expect_eq(rest->card[i].after, whole->card[i].after, "%s, card %d", name, i + 1);
	cr_expect_lt(rest->nodes, whole->nodes, "%s: the smaller table saved nothing", name);
	dk_dd_clear(larger);
	cr_expect_eq(dk_dd_table_bytes(larger), 2 * (size_t)DK_DD_TABLE_BYTES, "%s", name);
	dk_dd_free(larger);

	/* refused: each leaves the solver as empty as a new one (the last
	 * six tricks analysed as in a new solver) */
	dk_dd_clear(one);
	dk_dd_analyse(one, whole, g, r, 6);
	struct {
		FILE *file;
		const char *tag;
		dk_dd *into;
		const char *why;
	} bad[] = {
		{ part_of(f, -1), tag, NULL, "not a saved table" },
		{ part_of(f, -1 - 8), tag, NULL, "keys" },
		{ part_of(f, LONG_MAX), "test_dd another game", NULL, "tag" },
		{ part_of(f, bytes / 2), tag, NULL, "cut short" },
		{ part_of(f, -1 - (bytes - 1000)), tag, NULL, "checksum" },
		{ part_of(f, -1 - (bytes / 3)), tag, NULL, "checksum" },
		{ part_of(f, LONG_MAX), tag, dk_dd_new_sized(DK_DD_TABLE_BYTES / 2), "larger" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dk_dd *dd = bad[i].into ? bad[i].into : dk_dd_new();
		cr_assert_not_null(dd);
		why = NULL;
		cr_expect_eq(dk_dd_load(dd, bad[i].file, bad[i].tag, &why), -1,
			     "%s: case %zu taken", name, i);
		cr_expect(why && strstr(why, bad[i].why), "%s: case %zu: %s, not \"%s\"", name,
			  i, why ? why : "(no reason)", bad[i].why);
		fclose(bad[i].file);
		if (!bad[i].into) {
			dk_dd_analyse(dd, rest, g, r, 6);
			cr_expect_eq(rest->nodes, whole->nodes, "%s: case %zu: %ld positions after "
				     "the refused table, %ld in a new solver", name, i, rest->nodes,
				     whole->nodes);
			for (int c = whole->first; c < whole->cards; c++)
				cr_expect_eq(rest->card[c].after, whole->card[c].after, "%s, case "
					     "%zu, card %d", name, i, c + 1);
		}
		dk_dd_free(dd);
	}
	fclose(f);
	dk_dd_free(one);
	dk_dd_free(first);
	dk_dd_free(then);
	free(whole);
	free(part);
	free(rest);
	resumed_games++;
}

Test(dd, a_stopped_analysis_goes_on_from_its_saved_table, .init = dk_xml_global_init,
     .timeout = 600)
{
	told_only = "heart10-second-wins-unsere-2024";
	dk_test_each_game(DK_SOURCE_ROOT "/samples", resume_game);
	cr_expect_eq(resumed_games, 1, "%s: %d games", told_only, resumed_games);
}

/*
 * A position solved once is answered again without a search, however
 * little of what proved it the table kept: a solver with the smallest
 * table (4,096 entries, overwritten again and again) analyses a whole
 * game twice; the second analysis takes not one position and gives the
 * values and lines of the first.
 */
static int solved_games;

static void solved_again(const dk_game *g, const dk_rules *r, const char *name)
{
	if (!strstr(name, told_only))
		return;
	dk_dd_game *one = malloc(sizeof(*one)), *two = malloc(sizeof(*two));
	dk_dd *dd = dk_dd_new_sized((size_t)128 << 10);
	cr_assert(one && two && dd);
	dk_dd_analyse(dd, one, g, r, 0);
	cr_assert(one->analysed && one->first == 0, "%s: not analysed from the first card", name);
	dk_dd_analyse(dd, two, g, r, 0);
	cr_expect(two->analysed && two->first == 0, "%s", name);
	cr_expect_eq(two->nodes, 0, "%s: %ld positions the second time (%ld the first)", name,
		     two->nodes, one->nodes);
	cr_expect_eq(two->start, one->start, "%s", name);
	for (int i = 0; i <= one->cards; i++) {
		cr_expect_eq(two->line[i].count, one->line[i].count, "%s, after card %d", name, i);
		cr_expect(memcmp(two->line[i].cards, one->line[i].cards,
				 sizeof(one->line[i].cards)) == 0, "%s, after card %d", name, i);
		if (i < one->cards)
			cr_expect_eq(two->card[i].after, one->card[i].after, "%s, card %d", name,
				     i + 1);
	}
	/* cleared, it is a new solver again: every position searched */
	dk_dd_clear(dd);
	dk_dd_analyse(dd, two, g, r, 0);
	cr_expect_eq(two->nodes, one->nodes, "%s: %ld positions after a clear, %ld at first",
		     name, two->nodes, one->nodes);
	cr_log_info("%s: %ld positions with a table of 4,096 entries, none the second time",
		    name, one->nodes);
	dk_dd_free(dd);
	free(one);
	free(two);
	solved_games++;
}

Test(dd, a_position_solved_is_not_searched_again, .init = dk_xml_global_init, .timeout = 600)
{
	told_only = "heart10-second-wins-unsere-2024";
	dk_test_each_game(DK_SOURCE_ROOT "/samples", solved_again);
	cr_expect_eq(solved_games, 1, "%s: %d games", told_only, solved_games);
}

/*
 * A table that grows (dk_dd_set_table_max): a solver made with the
 * smallest table, let grow, finds the values of one with a table of
 * 256 MiB; it grows where the analysis fills it, between positions and
 * inside a long search, never past its most, and dk_dd_clear gives it
 * back its first size.
 */
#define GROW_FROM ((size_t)128 << 10)
#define GROW_TO ((size_t)8 << 20)

typedef struct growth {
	dk_dd *dd;
	int card;                    /* the position the last call was in */
	size_t bytes;                /* the table then */
	int inside;                  /* it grew between two calls of one position */
	int between;                 /* ... between positions */
} growth;

static void watch_growth(void *ctx, const dk_dd_progress *at)
{
	growth *w = ctx;
	size_t now = dk_dd_table_bytes(w->dd);
	if (now > w->bytes) {
		if (at->card == w->card)
			w->inside++;
		else
			w->between++;
	}
	w->card = at->card;
	w->bytes = now;
}

static int grown_games, grew, grew_inside, grew_between;
static int grow_tricks = 6;

static void growing_game(const dk_game *g, const dk_rules *r, const char *name)
{
	if (told_only && !strstr(name, told_only))
		return;
	dk_dd_game *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	cr_assert(a && b);
	dk_dd_clear(solver);
	dk_dd_analyse(solver, a, g, r, grow_tricks);
	dk_dd *dd = dk_dd_new_sized(GROW_FROM);
	cr_assert_not_null(dd);
	dk_dd_set_table_max(dd, GROW_TO);
	growth w = { .dd = dd, .card = -1, .bytes = GROW_FROM };
	dk_dd_set_progress(dd, watch_growth, &w);
	dk_dd_analyse(dd, b, g, r, grow_tricks);
	cr_expect_eq(b->first, a->first, "%s", name);
	cr_expect_eq(b->start, a->start, "%s", name);
	for (int i = a->first; i < a->cards; i++)
		cr_expect_eq(b->card[i].after, a->card[i].after, "%s, card %d", name, i + 1);
	size_t bytes = dk_dd_table_bytes(dd);
	cr_expect_leq(bytes, GROW_TO, "%s: %zu bytes", name, bytes);
	grew += bytes > GROW_FROM;
	grew_inside += w.inside;
	grew_between += w.between;
	dk_dd_clear(dd);
	cr_expect_eq(dk_dd_table_bytes(dd), GROW_FROM, "%s: not its first size after a clear",
		     name);
	dk_dd_free(dd);
	free(a);
	free(b);
	grown_games++;
}

Test(dd, a_table_that_grows_finds_the_same_values, .init = dk_xml_global_init, .timeout = 600)
{
	solver = dk_dd_new_sized(DK_DD_ANALYSE_TABLE_BYTES);
	cr_assert_not_null(solver);
	told_only = NULL;
	dk_test_each_game(DK_SOURCE_ROOT "/samples", growing_game);
	int last_six = grown_games, grew_six = grew;
	/* and one game from its first card, with searches long enough to
	 * grow inside them */
	grow_tricks = 0;
	told_only = "heart10-second-wins-unsere-2024";
	dk_test_each_game(DK_SOURCE_ROOT "/samples", growing_game);
	told_only = NULL;
	dk_dd_free(solver);
	cr_log_info("%d analyses; the table grew in %d of the %d of six tricks; %d times "
		    "between positions, %d inside a search", grown_games, grew_six, last_six,
		    grew_between, grew_inside);
	cr_expect_eq(grown_games, last_six + 1);
	cr_expect_gt(grew_between, 0, "the table never grew between positions");
	cr_expect_gt(grew_inside, 0, "the table never grew inside a search");
}

/*
 * The table is keyed by the pattern of the cards left, not by the cards.
 * In samples/normal-ddv.xml Ben leads ♥D to trick 6 and plays ♠D to
 * trick 10; played the other way round (♠D first, ♥D later: neither
 * changes who takes those tricks) the game reaches, after trick 6, a
 * position that differs only in the queen Ben still holds: ♠D or ♥D,
 * with every other ♠D and ♥D gone, so that nothing lies between it and
 * the ♦D below it in either game.  The two positions have the same value,
 * and once one of them is solved the other is found in the table.
 */
static size_t after_cards(const dk_event *ev, size_t count, int n)
{
	int seen = 0;
	for (size_t i = 0; i < count; i++)
		if (ev[i].kind == DK_EV_CARD && seen++ == n)
			return i;
	return count;
}

static void same_pattern(const dk_game *g, const dk_rules *r, const char *name)
{
	(void)name;
	const dk_card hq = DK_CARD_MAKE(DK_HEARTS, DK_QUEEN), sq = DK_CARD_MAKE(DK_SPADES, DK_QUEEN);
	dk_event *ev = malloc(g->event_count * sizeof(*ev));
	cr_assert_not_null(ev);
	memcpy(ev, g->events, g->event_count * sizeof(*ev));
	dk_replay *full = malloc(sizeof(*full)), *rp = malloc(sizeof(*rp));
	cr_assert(full && rp);
	dk_replay_run(full, g, r);
	/* Ben's ♥D in trick 6 and ♠D in trick 10 change places */
	int ben = full->tricks[5].seats[0], swapped = 0, n = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		if (ev[i].kind != DK_EV_CARD)
			continue;
		if (n / 4 == 5 && ev[i].seat == ben && ev[i].card == hq) {
			ev[i].card = sq;
			swapped++;
		} else if (n / 4 == 9 && ev[i].seat == ben && ev[i].card == sq) {
			ev[i].card = hq;
			swapped++;
		}
		n++;
	}
	cr_assert_eq(swapped, 2, "the sample's trick 6 or 10 is not the one described");
	dk_game other = *g;
	other.events = ev;
	dk_dd_value x, y, again;
	long cold[2];
	for (int which = 0; which < 2; which++) {
		dk_game cut = which ? other : *g;
		cut.event_count = after_cards(cut.events, cut.event_count, 24);
		dk_replay_run(rp, &cut, r);
		for (int i = 0; i < rp->finding_count; i++)
			cr_assert_eq(rp->findings[i].code, DK_F_GAME_INCOMPLETE,
				     "game %d is not legal up to trick 7", which);
		cr_assert_eq(rp->cards_played, 24);
		memcpy(rp->party, full->party, sizeof(rp->party));
		dk_dd_clear(solver);
		dk_dd_solve(solver, which ? &y : &x, rp);
		cold[which] = (which ? y : x).nodes;
		if (which) {
			/* y's position again, with x's table: keep the table, solve
			 * x, then y */
			dk_dd_clear(solver);
			dk_game first = *g;
			first.event_count = after_cards(first.events, first.event_count, 24);
			dk_replay *xp = malloc(sizeof(*xp));
			cr_assert_not_null(xp);
			dk_replay_run(xp, &first, r);
			memcpy(xp->party, full->party, sizeof(xp->party));
			dk_dd_solve(solver, &x, xp);
			free(xp);
			dk_dd_solve(solver, &again, rp);
		}
	}
	cr_assert(x.settled && y.settled && again.settled);
	/* the same to come for Re (and the same taken so far: trick 6 has the
	 * same points either way) */
	cr_expect_eq(y.points[DK_PARTY_RE] - y.now[DK_PARTY_RE],
		     x.points[DK_PARTY_RE] - x.now[DK_PARTY_RE]);
	cr_expect_eq(again.points[DK_PARTY_RE], y.points[DK_PARTY_RE]);
	cr_log_info("same pattern: %ld and %ld positions cold, %ld after the other",
		    cold[0], cold[1], again.nodes);
	/* cold, each takes thousands of positions; after the other the root
	 * and the best line come from the table (6,818 and 354 positions
	 * since session 12's move order, 12,000 and 100 before) */
	cr_expect_gt(cold[1], 1000);
	cr_expect_lt(again.nodes * 10, cold[1], "%ld positions after the other, %ld cold",
		     again.nodes, cold[1]);
	free(ev);
	free(full);
	free(rp);
}

/* fn on the game of samples/normal-ddv.xml, with a solver of its own */
static dk_test_game_fn *normal_fn;
static int normal_runs;

static void only_normal(const dk_game *g, const dk_rules *r, const char *name)
{
	if (strcmp(name, "normal-ddv.xml") != 0)
		return;
	normal_fn(g, r, name);
	normal_runs++;
}

static void on_normal_ddv(dk_test_game_fn *fn)
{
	solver = dk_dd_new();
	cr_assert_not_null(solver);
	normal_fn = fn;
	normal_runs = 0;
	dk_test_each_game(DK_SOURCE_ROOT "/samples", only_normal);
	dk_dd_free(solver);
	cr_expect_eq(normal_runs, 1, "samples/normal-ddv.xml not found");
}

Test(dd, isomorphic_positions_share_the_table, .init = dk_xml_global_init)
{
	on_normal_ddv(same_pattern);
}

/*
 * Positions of one pattern with other points (see make_key in dd_key.c): in
 * samples/normal-ddv.xml after trick 6, a card X of a hand is replaced by
 * a card Y of the same suit with other points that nobody holds, with no
 * card held by anybody between them in the order (the first such pair,
 * seat by seat).  Nothing in the play changes, only what the cards are
 * worth: the values are at most the difference of their points apart,
 * and once the first position is solved the table's entries bound the
 * second one's, which is then solved in fewer positions, to the value it
 * has solved on its own.
 */
static bool pattern_twin(const dk_replay *rp, int *seat_out, int *at_out, dk_card *y_out)
{
	const dk_order *o = &rp->order;
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		for (int at = 0; at < rp->hand_n[seat]; at++) {
			dk_card x = rp->hand[seat][at];
			for (int y = 0; y < DK_CARD_KINDS; y++) {
				if (y == x || dk_order_suit(o, (dk_card)y) != dk_order_suit(o, x) ||
				    dk_card_points((dk_card)y) == dk_card_points(x))
					continue;
				int sx = dk_order_strength(o, x), sy = dk_order_strength(o, (dk_card)y);
				int lo = sx < sy ? sx : sy, hi = sx < sy ? sy : sx;
				bool clear = lo != hi;
				for (int j = 0; j < DK_PLAYING_SEATS && clear; j++) {
					int s = rp->seats[j];
					for (int k = 0; k < rp->hand_n[s] && clear; k++) {
						dk_card c = rp->hand[s][k];
						if (s == seat && k == at)
							continue;
						if (c == y || c == x ||
						    (dk_order_suit(o, c) == dk_order_suit(o, x) &&
						     dk_order_strength(o, c) >= lo &&
						     dk_order_strength(o, c) <= hi))
							clear = false;
					}
				}
				if (clear) {
					*seat_out = seat;
					*at_out = at;
					*y_out = (dk_card)y;
					return true;
				}
			}
		}
	}
	return false;
}

static void other_points(const dk_game *g, const dk_rules *r, const char *name)
{
	(void)name;
	dk_replay *full = malloc(sizeof(*full)), *rp = malloc(sizeof(*rp)),
		  *twin = malloc(sizeof(*twin));
	cr_assert(full && rp && twin);
	dk_replay_run(full, g, r);
	dk_game cut = *g;
	cut.event_count = after_cards(g->events, g->event_count, 24);
	dk_replay_run(rp, &cut, r);
	memcpy(rp->party, full->party, sizeof(rp->party));
	*twin = *rp;
	int seat, at;
	dk_card y;
	cr_assert(pattern_twin(rp, &seat, &at, &y), "no card to replace after trick 6");
	dk_card x = rp->hand[seat][at];
	twin->hand[seat][at] = y;
	int apart = abs(dk_card_points(x) - dk_card_points(y));

	dk_dd_value a, b, b_after;
	dk_dd_clear(solver);
	dk_dd_solve(solver, &a, rp);
	dk_dd_clear(solver);
	dk_dd_solve(solver, &b, twin);
	dk_dd_clear(solver);
	dk_dd_solve(solver, &a, rp);
	dk_dd_solve(solver, &b_after, twin);
	cr_assert(a.settled && b.settled && b_after.settled);
	int va = a.points[DK_PARTY_RE] - a.now[DK_PARTY_RE];
	int vb = b.points[DK_PARTY_RE] - b.now[DK_PARTY_RE];
	cr_log_info("other points (card %d for %d, %d apart): values %d and %d; "
		    "%ld positions cold, %ld after the other", x, y, apart, va, vb, b.nodes,
		    b_after.nodes);
	cr_expect_leq(abs(va - vb), apart);
	cr_expect_eq(b_after.points[DK_PARTY_RE], b.points[DK_PARTY_RE]);
	cr_expect_gt(b.nodes, 1000);
	cr_expect_lt(b_after.nodes * 2, b.nodes, "%ld positions after the other, %ld cold",
		     b_after.nodes, b.nodes);
	free(full);
	free(rp);
	free(twin);
}

Test(dd, positions_of_other_points_bound_each_other, .init = dk_xml_global_init)
{
	on_normal_ddv(other_points);
}

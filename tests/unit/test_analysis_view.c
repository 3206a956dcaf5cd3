/*
 * test_analysis_view.c - the double-dummy analysis at one position, as the
 * replay and the HTML page show it (dk_text_analysis_at, replay_view.c),
 * on samples/normal-ddv.xml (Anna 1 and Clara 3 Re, Ben 2 and David 4
 * Kontra; Re took 144).  Its last trick: Clara ♦10, David ♠A, Anna ♠9,
 * Ben ♠9.
 *
 * The wording is tested on an analysis made by hand (values that need no
 * solver: every branch of the text); the real solver is asked only what
 * can be worked out by hand: with one trick or two left the value is what
 * Re took in the record.  After card 40 Ben holds ♣B ♠9, Clara ♦D ♦10
 * (the only trumps left besides Ben's ♣B), Anna ♠K ♠9, David ♠A ♠A, and
 * Ben leads: whatever he leads Clara takes both tricks with her diamonds,
 * as she did, so Re ends with 144 and Kontra with 96.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "fmt_xml.h"
#include "judged.h"
#include "leakcheck.h"
#include "replay_view.h"
#include "ruleset.h"
#include "view_words.h"

TestSuite(analysis_view, .init = dk_xml_global_init, .fini = dk_leak_check);


static void with_game(void (*fn)(const dk_verdict *v))
{
	dk_test_with_verdict(DK_SOURCE_ROOT "/samples/normal-ddv.xml", "ddv", fn);
}

static void expect_text(const dk_verdict *v, const dk_dd_game *a, dk_lang lang, int n,
			const char *want)
{
	dk_buf b;
	dk_buf_init(&b);
	dk_text_analysis_at(&b, lang, v->game, a, n);
	cr_expect_str_eq(b.data, want, "after card %d", n);
	dk_buf_release(&b);
}

/* the last trick analysed, with made-up values */
static void made_up(dk_dd_game *a, const dk_verdict *v)
{
	memset(a, 0, sizeof(*a));
	a->analysed = true;
	a->cards = 48;
	a->first = 44;
	a->limited = true;
	a->limit = 1234;
	a->taken[DK_PARTY_RE] = 144;
	a->taken[DK_PARTY_KONTRA] = 96;
	static const int before[4] = { 150, 150, 140, 130 }, after[4] = { 150, 140, 130, 131 };
	static const int cost[4] = { 0, 0, 10, 1 };
	const dk_trick *t = &v->rp.tricks[11];
	for (int i = 0; i < 4; i++) {
		dk_dd_card *c = &a->card[44 + i];
		c->seat = t->seats[i];
		c->card = t->cards[i];
		c->party = v->rp.party[c->seat];
		c->before = before[i];
		c->after = after[i];
		c->after_card = after[i];
		c->cost = cost[i];
		c->best = c->cost == 0 ? c->card : DK_CARD_NONE;
		c->winner_before = c->winner_after = c->winner_after_card = DK_PARTY_RE;
	}
	/* Anna's ♠9 cost 10, ♠K was best; for Ben's ♠9 no best line was found */
	a->card[46].best = DK_CARD_MAKE(DK_SPADES, DK_KING);
	a->card[46].winner_after = a->card[46].winner_after_card = DK_PARTY_KONTRA;
	a->card[47].parties_assumed = true;
}

static void wording(const dk_verdict *v)
{
	dk_dd_game *a = calloc(1, sizeof(*a));
	cr_assert_not_null(a);
	made_up(a, v);
	expect_text(v, a, DK_LANG_EN, 0,
		    "best play: not analysed (needs more than 1234 positions, --analyse-limit)\n");
	expect_text(v, a, DK_LANG_EN, 43,
		    "best play: not analysed (needs more than 1234 positions, --analyse-limit)\n");
	/* the first position analysed: its card was not */
	expect_text(v, a, DK_LANG_EN, 44, "best play: Re 150 card points (Kontra 90)\n");
	expect_text(v, a, DK_LANG_EN, 45,
		    "best play: Re 150 card points (Kontra 90)\nClara ♦10 cost nothing\n");
	expect_text(v, a, DK_LANG_EN, 47,
		    "best play: Re 130 card points (Kontra 110) *\n"
		    "Anna ♠9 cost 10 card points (best: ♠K), changed who wins\n"
		    "* partner as the game found him\n");
	expect_text(v, a, DK_LANG_DE, 47,
		    "bestes Spiel: Re 130 Augen (Kontra 110) *\n"
		    "Anna ♠9 kostete 10 Augen (am besten: ♠K), änderte, wer gewinnt\n"
		    "* Partner so, wie das Spiel ihn fand\n");
	expect_text(v, a, DK_LANG_EN, 48,
		    "best play: Re 131 card points (Kontra 109) *\n"
		    "Ben ♠9 cost 1 card point *\n"
		    "* partner as the game found him\n");
	expect_text(v, a, DK_LANG_EN, 99,
		    "best play: Re 131 card points (Kontra 109) *\n"
		    "Ben ♠9 cost 1 card point *\n"
		    "* partner as the game found him\n");
	expect_text(v, a, DK_LANG_DE, 46,
		    "bestes Spiel: Re 140 Augen (Kontra 100)\nDavid ♠A kostete nichts\n");
	/* a best line: the cards of the last trick as played, from card 46 on;
	 * then one made up that goes on (tricks apart, the rest cut) */
	const dk_trick *last = &v->rp.tricks[11];
	for (int i = 1; i < 4; i++) {
		a->line[45].cards[i - 1] = last->cards[i];
		a->line[45].seats[i - 1] = last->seats[i];
	}
	a->line[45].count = 3;
	expect_text(v, a, DK_LANG_EN, 45,
		    "best play: Re 150 card points (Kontra 90)\nClara ♦10 cost nothing\n"
		    "best line: David ♠A, Anna ♠9, Ben ♠9\n");
	for (int i = 0; i < 10; i++) {
		a->line[44].cards[i] = last->cards[i % 4];
		a->line[44].seats[i] = last->seats[i % 4];
	}
	a->line[44].count = 10;
	expect_text(v, a, DK_LANG_DE, 44,
		    "bestes Spiel: Re 150 Augen (Kontra 90)\n"
		    "beste Fortsetzung: Clara ♦10, David ♠A, Anna ♠9, Ben ♠9; Clara ♦10, David ♠A, "
		    "Anna ♠9, Ben ♠9 ...\n");
	memset(a->line, 0, sizeof(a->line));
	expect_text(v, a, DK_LANG_DE, 10,
		    "bestes Spiel: nicht analysiert (braucht mehr als 1234 Stellungen, "
		    "--analyse-limit)\n");
	a->ramsch = true;
	expect_text(v, a, DK_LANG_EN, 44,
		    "best play, each party taking as few card points as it can: Re 150 card points "
		    "(Kontra 90)\n");
	a->ramsch = false;
	/* Ctrl-C ended the analysis (dk_dd_stop), not the limit */
	a->stopped = true;
	expect_text(v, a, DK_LANG_EN, 43, "best play: not analysed (the analysis was interrupted)\n");
	expect_text(v, a, DK_LANG_EN, 44, "best play: Re 150 card points (Kontra 90)\n");
	expect_text(v, a, DK_LANG_DE, 0,
		    "bestes Spiel: nicht analysiert (die Analyse wurde abgebrochen)\n");
	/* stopped before any card was analysed: by Ctrl-C, then by the limit */
	a->analysed = false;
	expect_text(v, a, DK_LANG_EN, 44, "best play: not analysed (the analysis was interrupted)\n");
	a->stopped = false;
	expect_text(v, a, DK_LANG_EN, 44,
		    "best play: not analysed (needs more than 1234 positions, --analyse-limit)\n");
	a->limited = false;
	expect_text(v, a, DK_LANG_EN, 44, "best play: no card play to analyse\n");
	expect_text(v, a, DK_LANG_DE, 0, "bestes Spiel: kein Kartenspiel zu analysieren\n");
	free(a);
}

static void expect_line(const dk_verdict *v, const dk_dd_game *a, dk_lang lang, const char *want)
{
	dk_buf b;
	dk_buf_init(&b);
	dk_text_analysis(&b, lang, v->game, a);
	cr_expect(strstr(b.data, want) != NULL, "no line '%s' in:\n%s", want, b.data);
	dk_buf_release(&b);
}

/* the whole analysis's text (check --analyse): why it starts late */
static void reasons(const dk_verdict *v)
{
	dk_dd_game *a = calloc(1, sizeof(*a));
	cr_assert_not_null(a);
	made_up(a, v);
	expect_line(v, a, DK_LANG_EN, "    trick 12, Anna ♠9: cost 10 (Re 140 -> 130 card points), "
		    "best: ♠K, changed who wins\n");
	expect_line(v, a, DK_LANG_EN, "    trick 12, Ben ♠9: cost 1 (Re 130 -> 131 card points) *\n");
	expect_line(v, a, DK_LANG_DE, "    Stich 12, Anna ♠9: kostete 10 (Re 140 -> 130 Augen), "
		    "am besten: ♠K, änderte, wer gewinnt\n");
	expect_line(v, a, DK_LANG_EN, "    not analysed before card 45: a position there needs more "
		    "than 1234 positions of the solver (--analyse-limit)\n");
	a->stopped = true;
	expect_line(v, a, DK_LANG_EN, "    not analysed before card 45: the analysis was interrupted "
		    "(Ctrl-C) while it solved the position before card 44\n");
	expect_line(v, a, DK_LANG_DE, "    vor Karte 45 nicht analysiert: die Analyse wurde beim "
		    "Lösen der Stellung vor Karte 44 abgebrochen (Strg-C)\n");
	a->analysed = false;
	expect_line(v, a, DK_LANG_EN, "  double-dummy analysis: none, interrupted (Ctrl-C) before a "
		    "card was analysed\n");
	a->stopped = false;
	a->over = 47;
	expect_line(v, a, DK_LANG_EN, "  double-dummy analysis: none, the position after card 47 "
		    "needs more than 1234 positions of the solver (--analyse-limit)\n");
	a->limited = false;
	expect_line(v, a, DK_LANG_EN, "  double-dummy analysis: no card play to analyse\n");
	free(a);
}

/* before the first card analysed: who wins with best play, found at
 * positions 40, 41, 42 and 44 (the analysis's own), not at 43; card 42
 * changed it */
static void early(const dk_verdict *v)
{
	dk_dd_game *a = calloc(1, sizeof(*a));
	cr_assert_not_null(a);
	made_up(a, v);
	a->early_asked = 4;
	a->early_known = 3;
	a->early_changed = 1;
	static const dk_party w[5] = { DK_PARTY_RE, DK_PARTY_RE, DK_PARTY_KONTRA, DK_PARTY_NONE,
				       DK_PARTY_RE };
	const dk_trick *t = &v->rp.tricks[10];
	for (int n = 40; n <= 44; n++) {
		a->early_found[n] = n != 43;
		a->early_winner[n] = w[n - 40];
		if (n > 40) {
			dk_dd_card *c = &a->card[n - 1];
			c->seat = t->seats[n - 41];
			c->card = t->cards[n - 41];
			c->winner_before = w[n - 41];
			c->winner_after = w[n - 40];
		}
	}
	const char *none = "best play: not analysed (needs more than 1234 positions, "
			   "--analyse-limit)\n";
	expect_text(v, a, DK_LANG_EN, 39, none);
	expect_text(v, a, DK_LANG_EN, 40,
		    "best play: not analysed (needs more than 1234 positions, --analyse-limit)\n"
		    "who wins with best play: Re (asked at the targets only)\n");
	char want[256], card[64];
	snprintf(card, sizeof(card), "%s %s", dk_game_player_at(v->game, a->card[41].seat)->name,
		 dk_view_card(DK_LANG_EN, a->card[41].card));
	snprintf(want, sizeof(want), "%swho wins with best play: Kontra (asked at the targets "
		 "only)\n%s changed who wins\n", none, card);
	expect_text(v, a, DK_LANG_EN, 42, want);
	expect_text(v, a, DK_LANG_EN, 43, none);
	/* the first position analysed: card 44 changed who wins, found on
	 * both sides of it */
	a->early_found[43] = true;
	a->early_winner[43] = DK_PARTY_NONE;
	char card44[64];
	snprintf(card44, sizeof(card44), "%s %s", dk_game_player_at(v->game, a->card[43].seat)->name,
		 dk_view_card(DK_LANG_EN, a->card[43].card));
	snprintf(want, sizeof(want), "best play: Re 150 card points (Kontra 90)\n%s changed who "
		 "wins\n", card44);
	expect_text(v, a, DK_LANG_EN, 44, want);
	expect_text(v, a, DK_LANG_EN, 45,
		    "best play: Re 150 card points (Kontra 90)\nClara ♦10 cost nothing\n");
	a->early_found[43] = false;
	expect_text(v, a, DK_LANG_EN, 44, "best play: Re 150 card points (Kontra 90)\n");
	expect_text(v, a, DK_LANG_DE, 41,
		    "bestes Spiel: nicht analysiert (braucht mehr als 1234 Stellungen, "
		    "--analyse-limit)\nwer bei bestem Spiel gewinnt: Re (nur an den Zielen "
		    "gefragt)\n");
	expect_line(v, a, DK_LANG_EN, "    not analysed before card 45: a position there needs more "
		    "than 1234 positions of the solver (--analyse-limit)\n    before card 45, who "
		    "wins with best play (threshold questions at the targets, no card points worked "
		    "out): found at 3 of its 4 positions\n");
	snprintf(want, sizeof(want), "    trick 11, %s: changed who wins with best play (Re "
		 "before it, Kontra after)\n", card);
	expect_line(v, a, DK_LANG_EN, want);
	a->early_changed = 0;
	a->early_winner[42] = DK_PARTY_RE;
	a->card[41].winner_after = a->card[42].winner_before = DK_PARTY_RE;
	expect_line(v, a, DK_LANG_EN, "out): found at 3 of its 4 positions\n    no card before it "
		    "changed who wins with best play, where that was found on both sides of the "
		    "card\n");
	a->early_found[43] = true;
	a->early_known = 4;
	a->early_winner[43] = DK_PARTY_RE;
	a->card[42].winner_after = a->card[43].winner_before = DK_PARTY_RE;
	a->early_stopped = true;
	expect_line(v, a, DK_LANG_EN, "found at 4 of its 4 positions (then interrupted, Ctrl-C)\n"
		    "    no card before it changed who wins with best play\n");
	/* none asked: nothing said */
	a->early_asked = 0;
	expect_text(v, a, DK_LANG_EN, 40, none);
	dk_buf b;
	dk_buf_init(&b);
	dk_text_analysis(&b, DK_LANG_EN, v->game, a);
	cr_expect_null(strstr(b.data, "who wins with best play ("), "%s", b.data);
	dk_buf_release(&b);
	free(a);
}

/* positions that cannot be searched (a card out of turn made up): after
 * cards 45 and 46, so cards 45 to 47 have a value on one side at most */
static void not_searched(const dk_verdict *v)
{
	dk_dd_game *a = calloc(1, sizeof(*a));
	cr_assert_not_null(a);
	made_up(a, v);
	a->limited = false;
	a->irregular = true;
	a->irregular_at[45] = a->irregular_at[46] = true;
	a->irregular_count = 2;
	for (int i = 44; i < 47; i++) {
		dk_dd_card *c = &a->card[i];
		c->unsolved = true;
		c->cost = 0;
		c->best = DK_CARD_NONE;
		c->parties_assumed = false;
	}
	a->card[44].after = a->card[45].before = a->card[45].after = a->card[46].before = -1;
	a->card[47].parties_assumed = false;
	expect_text(v, a, DK_LANG_EN, 44, "best play: Re 150 card points (Kontra 90)\n");
	expect_text(v, a, DK_LANG_EN, 45,
		    "best play: not analysed (the hands do not match the tricks, or the trick "
		    "cannot go round after a card out of turn)\n");
	expect_text(v, a, DK_LANG_DE, 46,
		    "bestes Spiel: nicht analysiert (die Blätter passen nicht zu den Stichen, oder "
		    "der Stich kann nach einer Karte außer der Reihe nicht reihum weitergehen)\n");
	expect_text(v, a, DK_LANG_EN, 47,
		    "best play: Re 130 card points (Kontra 110)\n"
		    "Anna ♠9: no cost (the position before it was not analysed)\n");
	expect_text(v, a, DK_LANG_DE, 47,
		    "bestes Spiel: Re 130 Augen (Kontra 110)\n"
		    "Anna ♠9: keine Kosten (die Stellung davor wurde nicht analysiert)\n");
	/* the summary names the positions, as runs; only Ben's card has a cost */
	expect_line(v, a, DK_LANG_EN, "    not analysed: the positions after cards 45 and 46, whose "
		    "hands do not match the tricks (a card the hand did not hold, a seat that played "
		    "twice in a trick) or whose trick cannot go round after a card out of turn; the "
		    "cards next to them have no cost\n");
	expect_line(v, a, DK_LANG_EN, "    trick 12, Ben ♠9: cost 1 (Re 130 -> 131 card points)\n");
	dk_buf b;
	dk_buf_init(&b);
	dk_text_analysis(&b, DK_LANG_EN, v->game, a);
	cr_expect_null(strstr(b.data, "Anna"), "%s", b.data);
	dk_buf_release(&b);
	a->irregular_at[0] = a->irregular_at[1] = a->irregular_at[20] = true;
	a->irregular_at[46] = a->irregular_at[47] = true;
	expect_line(v, a, DK_LANG_EN, "the positions after the deal to card 1, card 20, cards 45 to "
		    "47, whose");
	expect_line(v, a, DK_LANG_DE, "die Stellungen nach dem Geben bis Karte 1, Karte 20, Karte "
		    "45 bis 47, deren");
	a->irregular_at[1] = false;
	expect_line(v, a, DK_LANG_EN, "the positions after the deal, card 20, cards 45 to 47,");
	/* nothing could be searched */
	a->analysed = false;
	expect_line(v, a, DK_LANG_EN, "  double-dummy analysis: none, no position could be searched: "
		    "the hands do not match the tricks");
	expect_text(v, a, DK_LANG_EN, 30, "best play: not analysed (the hands do not match the "
		    "tricks, or the trick cannot go round after a card out of turn)\n");
	free(a);
}

Test(analysis_view, positions_that_cannot_be_searched)
{
	with_game(not_searched);
}

Test(analysis_view, who_wins_before_the_first_card_analysed)
{
	with_game(early);
}

Test(analysis_view, why_an_analysis_starts_late)
{
	with_game(reasons);
}

Test(analysis_view, every_branch_of_the_wording)
{
	with_game(wording);
}

/* the solver, where the value is known by hand */
static void solved(const dk_verdict *v)
{
	dk_dd *dd = dk_dd_new();
	cr_assert_not_null(dd);
	dk_dd_game *a = calloc(1, sizeof(*a));
	cr_assert_not_null(a);
	dk_dd_set_limit(dd, 10000);
	dk_dd_analyse(dd, a, v->game, v->rules, 0);
	cr_assert(a->analysed);
	cr_expect(a->limited, "10000 positions do not solve the whole game");
	cr_expect_leq(a->first, 40, "the last three tricks are analysed with 10000 positions");
	expect_text(v, a, DK_LANG_EN, 48,
		    "best play: Re 144 card points (Kontra 96)\nBen ♠9 cost nothing\n");
	/* one card each left: the best line is the last trick as played */
	expect_text(v, a, DK_LANG_EN, 44,
		    "best play: Re 144 card points (Kontra 96)\nAnna ♠K cost nothing\n"
		    "best line: Clara ♦10, David ♠A, Anna ♠9, Ben ♠9\n");
	dk_buf b;
	dk_buf_init(&b);
	dk_text_analysis_at(&b, DK_LANG_EN, v->game, a, 40);
	cr_expect(strncmp(b.data, "best play: Re 144 card points (Kontra 96)\nBen ♠Q cost ",
			  strlen("best play: Re 144 card points (Kontra 96)\nBen ♠Q cost ")) == 0,
		  "after card 40: %s", b.data);
	dk_buf_clear(&b);
	dk_text_analysis_at(&b, DK_LANG_EN, v->game, a, 0);
	cr_expect_str_eq(b.data,
			 "best play: not analysed (needs more than 10000 positions, --analyse-limit)\n");
	dk_buf_release(&b);

	/* the replay's screen shows it under what was said, and nothing
	 * without an analysis */
	dk_screen *s = calloc(1, sizeof(*s));
	cr_assert_not_null(s);
	dk_position p;
	dk_position_at(&p, v, 44);
	dk_view_opts o = { DK_LANG_EN, false, false, "x.xml", a };
	dk_view_draw(s, 80, 24, v, &p, &o);
	dk_buf_init(&b);
	dk_screen_text(&b, s);
	const char *said = strstr(b.data, "\nsaid: ");
	cr_assert_not_null(said);
	cr_expect(strstr(said, "\nbest play: Re 144 card points (Kontra 96)\n"
			       "Anna ♠K cost nothing\n") != NULL, "%s", b.data);
	dk_buf_clear(&b);
	o.analysis = NULL;
	dk_view_draw(s, 80, 24, v, &p, &o);
	dk_screen_text(&b, s);
	cr_expect_null(strstr(b.data, "best play"));
	dk_buf_release(&b);
	free(s);
	free(a);
	dk_dd_free(dd);
}

Test(analysis_view, the_solver_where_the_value_is_known)
{
	with_game(solved);
}

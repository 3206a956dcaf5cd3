/*
 * analysis.c - the double-dummy analysis in words and as JSON; see
 * analysis.h.
 */
#include "analysis.h"

#include "view_words.h"

#include <json.h>
#include <stdlib.h>

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

/* who wins, in words: Re, Kontra, nobody */
static const char *winner_word(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_DD_RE
				 : p == DK_PARTY_KONTRA ? DK_MSG_DD_KONTRA : DK_MSG_NOBODY);
}

/* did card i + 1 change who wins with best play, as the questions before
 * a limited analysis's first card found it on both sides of the card? */
static bool early_change(const dk_dd_game *a, int i)
{
	return a->early_found[i] && a->early_found[i + 1] &&
	       a->card[i].winner_before != a->card[i].winner_after;
}

/* of the positions before a limited analysis's first one asked who
 * wins, those that could be searched (the others are marked in
 * irregular_at) */
static int early_searchable(const dk_dd_game *a)
{
	int n = a->early_asked;
	for (int i = a->first - a->early_asked; i < a->first; i++)
		n -= a->irregular_at[i];
	return n;
}

/* before a limited analysis's first card: how far who wins with best
 * play was found, and the cards that changed it */
static void text_early(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a)
{
	int asked = a->early_asked;
	/* the others are named with the positions not analysed */
	int open = early_searchable(a);
	dk_say(b, lang, DK_MSG_DD_EARLY_HEAD, a->first + 1, a->early_known, open);
	if (a->early_stopped)
		dk_say(b, lang, DK_MSG_DD_EARLY_STOPPED);
	dk_buf_putc(b, '\n');
	for (int i = a->first - asked; i < a->first; i++) {
		const dk_dd_card *c = &a->card[i];
		if (!early_change(a, i))
			continue;
		dk_say(b, lang, DK_MSG_DD_EARLY_CARD, i / 4 + 1, name_of(g, c->seat),
		       dk_view_card(lang, c->card), winner_word(lang, c->winner_before),
		       winner_word(lang, c->winner_after));
		dk_buf_putc(b, '\n');
	}
	if (a->early_changed == 0 && a->early_known > 0) {
		bool every = a->early_known == open;
		dk_say(b, lang, every ? DK_MSG_DD_EARLY_NONE : DK_MSG_DD_EARLY_NONE_KNOWN);
		dk_buf_putc(b, '\n');
	}
}

/* the indexes of the cards with a cost, largest first (earliest first
 * among equal ones) */
static int costly(const dk_dd_game *a, int *out)
{
	int n = 0;
	for (int i = a->first; i < a->cards; i++) {
		if (a->card[i].cost <= 0)
			continue;
		int j = n++;
		while (j > 0 && a->card[out[j - 1]].cost < a->card[i].cost) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = i;
	}
	return n;
}

/* the positions not searched (irregular_at), as runs: "card 13", "cards
 * 13 to 15", "the deal to card 3", joined with ", " */
static void irregular_runs(dk_buf *b, dk_lang lang, const dk_dd_game *a)
{
	int count = 0;
	for (int n = 0; n <= DK_LINE_MAX; n++) {
		if (!a->irregular_at[n] || (n > 0 && a->irregular_at[n - 1]))
			continue;
		int to = n;
		while (to < DK_LINE_MAX && a->irregular_at[to + 1])
			to++;
		if (count++ > 0)
			dk_buf_puts(b, ", ");
		if (n == 0)
			dk_say(b, lang, to == 0 ? DK_MSG_DD_POS_DEAL : DK_MSG_DD_POS_DEAL_TO, to);
		else if (to == n)
			dk_say(b, lang, DK_MSG_DD_POS_CARD, n);
		else if (to == n + 1)
			dk_say(b, lang, DK_MSG_DD_POS_TWO, n, to);
		else
			dk_say(b, lang, DK_MSG_DD_POS_CARDS, n, to);
	}
}

void dk_text_analysis(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a)
{
	if (!a->analysed) {
		if (a->stopped)
			dk_say(b, lang, DK_MSG_DD_STOPPED_NONE);
		else if (a->limited)
			dk_say(b, lang, DK_MSG_DD_LIMITED_NONE, a->over, a->limit);
		else
			dk_say(b, lang, a->irregular ? DK_MSG_DD_IRREGULAR : DK_MSG_DD_NOT_PLAYED);
		dk_buf_putc(b, '\n');
		return;
	}
	dk_say(b, lang, a->ramsch ? DK_MSG_DD_HEAD_RAMSCH : DK_MSG_DD_HEAD, a->start,
	       a->first + 1, a->first / 4 + 1, a->taken[DK_PARTY_RE]);
	dk_buf_putc(b, '\n');
	dk_say(b, lang, DK_MSG_DD_SPECIALS, a->start_specials);
	dk_buf_putc(b, '\n');
	if (a->stopped) {
		dk_say(b, lang, DK_MSG_DD_STOPPED, a->first + 1, a->first);
		dk_buf_putc(b, '\n');
	} else if (a->limited) {
		dk_say(b, lang, DK_MSG_DD_LIMITED, a->first + 1, a->limit);
		dk_buf_putc(b, '\n');
		if (a->early_asked > 0)
			text_early(b, lang, g, a);
	}
	if (a->irregular) {
		dk_buf runs;
		dk_buf_init(&runs);
		irregular_runs(&runs, lang, a);
		dk_say(b, lang, DK_MSG_DD_IRREGULAR_AT, runs.data);
		dk_buf_putc(b, '\n');
		dk_buf_release(&runs);
	}
	int order[DK_LINE_MAX];
	int n = costly(a, order);
	bool assumed = false;
	for (int k = 0; k < n; k++) {
		const dk_dd_card *c = &a->card[order[k]];
		dk_say(b, lang, DK_MSG_DD_CARD, order[k] / 4 + 1, name_of(g, c->seat),
		       dk_view_card(lang, c->card), c->cost, c->before, c->after_card);
		if (c->best != DK_CARD_NONE)
			dk_say(b, lang, DK_MSG_DD_CARD_BEST, dk_view_card(lang, c->best));
		if (c->order_changed)
			dk_say(b, lang, DK_MSG_DD_ORDER_CHANGED, c->after);
		if (c->winner_before != c->winner_after_card)
			dk_say(b, lang, DK_MSG_DD_CHANGED);
		if (c->parties_assumed) {
			dk_say(b, lang, DK_MSG_DD_ASSUMED_MARK);
			assumed = true;
		}
		dk_buf_putc(b, '\n');
	}
	dk_say(b, lang, n == 0 ? DK_MSG_DD_NONE
		     : a->winner_changed ? DK_MSG_DD_WINNER_CHANGED : DK_MSG_DD_WINNER_KEPT);
	dk_buf_putc(b, '\n');
	if (assumed) {
		dk_say(b, lang, DK_MSG_DD_ASSUMED);
		dk_buf_putc(b, '\n');
	}
}

/* the cards of the best line from the position after n cards up to the
 * end of the next trick ("; " between tricks), " ..." where it goes on */
static void best_line(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a, int n)
{
	const dk_line *l = &a->line[n];
	if (l->count == 0)
		return;
	int show = 8 - n % 4;
	dk_buf cards;
	dk_buf_init(&cards);
	for (int i = 0; i < l->count && i < show; i++) {
		if (i > 0)
			dk_buf_puts(&cards, (n + i) % 4 == 0 ? "; " : ", ");
		dk_buf_printf(&cards, "%s %s", name_of(g, l->seats[i]), dk_view_card(lang, l->cards[i]));
	}
	if (l->count > show)
		dk_buf_puts(&cards, " ...");
	dk_say(b, lang, DK_MSG_DD_AT_LINE, cards.data);
	dk_buf_putc(b, '\n');
	dk_buf_release(&cards);
}

/* card n, the one before the position after n cards, where the early
 * winners found on both sides of it that it changed who wins */
static void early_changed(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a, int n)
{
	if (a->early_asked == 0 || n <= a->first - a->early_asked || n > a->first ||
	    !early_change(a, n - 1))
		return;
	const dk_dd_card *c = &a->card[n - 1];
	dk_say(b, lang, DK_MSG_DD_AT_EARLY_CHANGED, name_of(g, c->seat), dk_view_card(lang, c->card));
	dk_buf_putc(b, '\n');
}

void dk_text_analysis_at(dk_buf *b, dk_lang lang, const dk_game *g, const dk_dd_game *a,
			 int n)
{
	if (a->analysed && n > a->cards)
		n = a->cards;
	/* a position that could not be searched, wherever it lies */
	if (n >= 0 && n <= DK_LINE_MAX && a->irregular_at[n]) {
		dk_say(b, lang, DK_MSG_DD_AT_IRREGULAR);
		dk_buf_putc(b, '\n');
		return;
	}
	if (!a->analysed || n < a->first) {
		if (a->stopped)
			dk_say(b, lang, DK_MSG_DD_AT_STOPPED);
		else if (a->limited)
			dk_say(b, lang, DK_MSG_DD_AT_NOT_ANALYSED, a->limit);
		else if (a->irregular)
			dk_say(b, lang, DK_MSG_DD_AT_IRREGULAR);
		else
			dk_say(b, lang, DK_MSG_DD_AT_NOT_PLAYED);
		dk_buf_putc(b, '\n');
		/* who wins with best play, where a limited analysis found it */
		int from = a->first - a->early_asked;
		if (a->analysed && a->early_asked > 0 && n >= from && a->early_found[n]) {
			dk_say(b, lang, DK_MSG_DD_AT_EARLY, winner_word(lang, a->early_winner[n]));
			dk_buf_putc(b, '\n');
			early_changed(b, lang, g, a, n);
		}
		return;
	}
	const dk_dd_card *next = n < a->cards ? &a->card[n] : NULL;
	const dk_dd_card *just = n > a->first ? &a->card[n - 1] : NULL;
	/* the value after n cards: before card n+1, or after the last one */
	int re = next ? next->before : just->after;
	int all = a->taken[DK_PARTY_NONE] + a->taken[DK_PARTY_RE] + a->taken[DK_PARTY_KONTRA];
	bool assumed = next ? next->parties_assumed : just->parties_assumed;
	dk_say(b, lang, a->ramsch ? DK_MSG_DD_AT_VALUE_RAMSCH : DK_MSG_DD_AT_VALUE, re, all - re);
	if (assumed)
		dk_say(b, lang, DK_MSG_DD_ASSUMED_MARK);
	dk_buf_putc(b, '\n');
	/* the first position analysed: its card was not, but the early
	 * winners may say it changed who wins */
	if (n == a->first)
		early_changed(b, lang, g, a, n);
	if (just && just->unsolved) {
		dk_say(b, lang, DK_MSG_DD_AT_UNSOLVED, name_of(g, just->seat),
		       dk_view_card(lang, just->card));
		dk_buf_putc(b, '\n');
	} else if (just) {
		if (just->cost > 0) {
			dk_say(b, lang, just->cost == 1 ? DK_MSG_DD_AT_COST_ONE : DK_MSG_DD_AT_COST,
			       name_of(g, just->seat), dk_view_card(lang, just->card), just->cost);
			if (just->best != DK_CARD_NONE)
				dk_say(b, lang, DK_MSG_DD_AT_BEST_CARD, dk_view_card(lang, just->best));
		} else {
			dk_say(b, lang, just->out_of_turn ? DK_MSG_DD_AT_OUT_OF_TURN : DK_MSG_DD_AT_BEST,
			       name_of(g, just->seat), dk_view_card(lang, just->card));
		}
		if (just->order_changed)
			dk_say(b, lang, DK_MSG_DD_AT_ORDER_CHANGED, just->after_card);
		if (just->winner_before != just->winner_after_card)
			dk_say(b, lang, DK_MSG_DD_CHANGED);
		if (just->parties_assumed) {
			dk_say(b, lang, DK_MSG_DD_ASSUMED_MARK);
			assumed = true;
		}
		dk_buf_putc(b, '\n');
	}
	best_line(b, lang, g, a, n);
	if (assumed) {
		dk_say(b, lang, DK_MSG_DD_AT_ASSUMED);
		dk_buf_putc(b, '\n');
	}
}

static json_object *party_json(dk_party p)
{
	return p == DK_PARTY_RE ? json_object_new_string("re")
	       : p == DK_PARTY_KONTRA ? json_object_new_string("kontra") : NULL;
}

/* a best line: its cards, each with who plays it */
static json_object *line_json(const dk_game *g, const dk_line *l)
{
	json_object *o = json_object_new_array();
	for (int i = 0; i < l->count; i++) {
		json_object *x = json_object_new_object();
		json_object_object_add(x, "player", json_object_new_string(name_of(g, l->seats[i])));
		json_object_object_add(x, "card", json_object_new_string(dk_card_code(l->cards[i])));
		json_object_array_add(o, x);
	}
	return o;
}

/* a card of the game, from 0: where it fell, who played it, his party */
static json_object *card_json(const dk_game *g, const dk_dd_game *a, int i)
{
	const dk_dd_card *c = &a->card[i];
	json_object *x = json_object_new_object();
	json_object_object_add(x, "trick", json_object_new_int(i / 4 + 1));
	json_object_object_add(x, "player", json_object_new_string(name_of(g, c->seat)));
	json_object_object_add(x, "card", json_object_new_string(dk_card_code(c->card)));
	json_object_object_add(x, "party", party_json(c->party));
	return x;
}

/* who wins with best play at an early position: a party, "nobody", or
 * null where it was not found */
static json_object *early_winner_json(const dk_dd_game *a, int n)
{
	if (!a->early_found[n])
		return NULL;
	return a->early_winner[n] == DK_PARTY_NONE ? json_object_new_string("nobody")
						   : party_json(a->early_winner[n]);
}

/* before a limited analysis's first card: who wins with best play */
static json_object *early_json(const dk_game *g, const dk_dd_game *a)
{
	json_object *o = json_object_new_object();
	int from = a->first - a->early_asked;
	json_object_object_add(o, "from_card", json_object_new_int(from + 1));
	json_object_object_add(o, "asked", json_object_new_int(a->early_asked));
	json_object_object_add(o, "searchable", json_object_new_int(early_searchable(a)));
	json_object_object_add(o, "found", json_object_new_int(a->early_known));
	json_object_object_add(o, "stopped", json_object_new_boolean(a->early_stopped));
	json_object_object_add(o, "positions", json_object_new_int64(a->early_nodes));
	json_object *cards = json_object_new_array();
	json_object *changed = json_object_new_array();
	for (int i = from; i < a->first; i++) {
		json_object *x = card_json(g, a, i);
		json_object_object_add(x, "winner_before", early_winner_json(a, i));
		json_object_object_add(x, "winner_after", early_winner_json(a, i + 1));
		json_object_array_add(cards, x);
		if (early_change(a, i))
			json_object_array_add(changed, json_object_new_int(i + 1));
	}
	json_object_object_add(o, "cards", cards);
	json_object_object_add(o, "changed_winner", changed);
	return o;
}

json_object *dk_json_analysis(const dk_game *g, const dk_dd_game *a)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "analysed", json_object_new_boolean(a->analysed));
	json_object_object_add(o, "assumes", json_object_new_string(
		"card points only, every hand open, best play by both parties, "
		"parties as the game ended; special points: those on the best line found, "
		"which does not look for them"));
	json_object_object_add(o, "ramsch", json_object_new_boolean(a->ramsch));
	json_object_object_add(o, "first_card", json_object_new_int(a->first + 1));
	json_object_object_add(o, "re_at_first_card", json_object_new_int(a->start));
	json_object_object_add(o, "re_specials_at_first_card",
			       json_object_new_int(a->start_specials));
	json_object_object_add(o, "best_line", a->analysed ? line_json(g, &a->line[a->first])
							  : json_object_new_array());
	/* true: the positions before first_card needed more than limit
	 * positions of the solver each */
	json_object_object_add(o, "limited", json_object_new_boolean(a->limited));
	json_object_object_add(o, "limit", json_object_new_int64(a->limit));
	/* true: ... because the analysis was interrupted (Ctrl-C) while it
	 * solved the position before first_card, not by the limit */
	json_object_object_add(o, "stopped", json_object_new_boolean(a->stopped));
	/* true: some positions could not be searched (their hands do not
	 * match the tricks, or their trick cannot go round after a card out
	 * of turn); irregular_positions lists them, and the analysis went
	 * on past them */
	json_object_object_add(o, "irregular", json_object_new_boolean(a->irregular));
	json_object *bad = json_object_new_array();
	for (int n = 0; n <= DK_LINE_MAX; n++)
		if (a->irregular_at[n])
			json_object_array_add(bad, json_object_new_int(n));
	json_object_object_add(o, "irregular_positions", bad);
	json_object_object_add(o, "re_took", json_object_new_int(a->taken[DK_PARTY_RE]));
	json_object *cards = json_object_new_array();
	for (int i = a->first; i < a->cards; i++) {
		const dk_dd_card *c = &a->card[i];
		json_object *x = card_json(g, a, i);
		json_object_object_add(x, "re_before", c->before < 0 ? NULL :
				       json_object_new_int(c->before));
		json_object_object_add(x, "re_after", c->after < 0 ? NULL :
				       json_object_new_int(c->after));
		/* a position beside it not searched (irregular_positions) */
		json_object_object_add(x, "unsolved", json_object_new_boolean(c->unsolved));
		json_object_object_add(x, "cost", json_object_new_int(c->cost));
		/* the card order changed after it: its cost is weighed by the
		 * value after it under the order before the change */
		json_object_object_add(x, "order_changed", json_object_new_boolean(c->order_changed));
		json_object_object_add(x, "re_after_card", c->after_card < 0 ? NULL :
				       json_object_new_int(c->after_card));
		/* another seat was to play: no cost, no best card */
		json_object_object_add(x, "out_of_turn", json_object_new_boolean(c->out_of_turn));
		/* a card as good as any there: the card played where cost is 0 */
		json_object_object_add(x, "best_card", c->best == DK_CARD_NONE ? NULL :
				       json_object_new_string(dk_card_code(c->best)));
		json_object_object_add(x, "re_specials_after",
				       json_object_new_int(c->specials_after));
		json_object_object_add(x, "winner_before", party_json(c->winner_before));
		json_object_object_add(x, "winner_after", party_json(c->winner_after));
		/* after it under the order before a change (as re_after_card):
		 * whether the card changed who wins is judged by it */
		json_object_object_add(x, "winner_after_card", party_json(c->winner_after_card));
		json_object_object_add(x, "parties_assumed",
				       json_object_new_boolean(c->parties_assumed));
		json_object_object_add(x, "best_line_after", line_json(g, &a->line[i + 1]));
		json_object_array_add(cards, x);
	}
	json_object_object_add(o, "cards", cards);
	int order[DK_LINE_MAX];
	int n = costly(a, order);
	json_object *cost = json_object_new_array();
	for (int k = 0; k < n; k++)
		json_object_array_add(cost, json_object_new_int(order[k] + 1));
	json_object_object_add(o, "costly_cards", cost);
	json_object_object_add(o, "winner_changed", json_object_new_boolean(a->winner_changed));
	json_object_object_add(o, "positions", json_object_new_int64(a->nodes));
	if (a->analysed && a->early_asked > 0)
		json_object_object_add(o, "early", early_json(g, a));
	return o;
}

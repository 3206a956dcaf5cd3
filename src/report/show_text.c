/*
 * show_text.c - show's text view of a game; see show_text.h.
 *
 * Every word is the catalogue's (lang.c, the DK_MSG_SW_ rows, and the
 * game type, parties and ruling of check_text.c and ruling_text.c); this
 * file lays them out: labels padded to one column, the trick table's
 * columns as wide as the longest name.
 */
#include "show_text.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "check_text.h"
#include "order.h"
#include "ruling_text.h"
#include "shown.h"
#include "view_words.h"

#define RED "\033[31m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define RESET "\033[0m"

/* the column the values after "Rules:", "Dealer:", "Note:" start at */
#define LABEL_WIDTH 8

typedef struct show {
	dk_buf *b;
	const dk_show_opts *o;
	const dk_game *g;
} show;

/* display width of a UTF-8 string (every code point one column) */
static int width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void pad(dk_buf *b, int n)
{
	for (int i = 0; i < n; i++)
		dk_buf_putc(b, ' ');
}

static const char *text(const show *sh, dk_msg id)
{
	return dk_msg_text(sh->o->lang, id);
}

/* "Rules:  ": a label and spaces up to the values' column, one at least */
static void label(const show *sh, dk_msg id)
{
	const char *s = text(sh, id);
	dk_buf_puts(sh->b, s);
	int w = width(s);
	pad(sh->b, w < LABEL_WIDTH ? LABEL_WIDTH - w : 1);
}

/* a card with its suit symbol, red for ♥ and ♦ when colouring */
static void put_card(const show *sh, dk_card c, bool bold)
{
	bool red = dk_view_red(c);
	bool paint = sh->o->color && (red || bold);
	if (paint)
		dk_buf_printf(sh->b, "%s%s", bold ? BOLD : "", red ? RED : "");
	dk_buf_puts(sh->b, dk_view_card(sh->o->lang, c));
	if (paint)
		dk_buf_puts(sh->b, RESET);
}

static void put_cards(const show *sh, const dk_card *c, int n)
{
	for (int k = 0; k < n; k++) {
		if (k)
			dk_buf_putc(sh->b, ' ');
		put_card(sh, c[k], false);
	}
}

static const char *throw_reason(dk_lang lang, dk_throw_reason r)
{
	static const dk_msg m[DK_THROW_REASON_COUNT] = {
		[DK_THROW_FIVE_KINGS] = DK_MSG_SW_THROW_FIVE_KINGS,
		[DK_THROW_FIVE_NINES] = DK_MSG_SW_THROW_FIVE_NINES,
		[DK_THROW_FEW_TRUMPS] = DK_MSG_SW_THROW_FEW_TRUMPS,
		[DK_THROW_NINES_AND_KINGS] = DK_MSG_SW_THROW_NINES_AND_KINGS,
		[DK_THROW_RICHNESS] = DK_MSG_SW_THROW_RICHNESS,
		[DK_THROW_FOX_HIGHEST_TRUMP] = DK_MSG_SW_THROW_FOX_HIGHEST_TRUMP,
	};
	return (unsigned)r < DK_THROW_REASON_COUNT && r != DK_THROW_UNSAID
		       ? dk_msg_text(lang, m[r]) : "?";
}

/* what a bid of the game finding says, before its cards */
static void bid_words(const show *sh, const dk_bid *bid)
{
	dk_buf *b = sh->b;
	dk_lang lang = sh->o->lang;
	switch (bid->kind) {
	case DK_BID_HEALTHY: dk_say(b, lang, DK_MSG_SW_BID_HEALTHY); break;
	case DK_BID_RESERVATION: dk_say(b, lang, DK_MSG_SW_BID_RESERVATION); break;
	case DK_BID_SOLO: dk_buf_puts(b, dk_text_solo(lang, bid->solo)); break;
	case DK_BID_MARRIAGE:
		dk_say(b, lang, DK_MSG_SW_BID_MARRIAGE);
		if (bid->condition)
			dk_say(b, lang, DK_MSG_SW_BID_PARTNER,
			       dk_text_marriage_cond(lang, bid->condition));
		break;
	case DK_BID_POVERTY: dk_say(b, lang, DK_MSG_SW_BID_POVERTY); break;
	case DK_BID_THROW_IN:
		dk_say(b, lang, DK_MSG_SW_BID_THROW_IN);
		if (bid->reason)
			dk_buf_printf(b, ": %s", throw_reason(lang, bid->reason));
		break;
	case DK_BID_POVERTY_PASS: dk_say(b, lang, DK_MSG_SW_BID_PASS); break;
	case DK_BID_POVERTY_DECLINE: dk_say(b, lang, DK_MSG_SW_BID_DECLINE); break;
	case DK_BID_POVERTY_ACCEPT: dk_say(b, lang, DK_MSG_SW_BID_ACCEPT); break;
	case DK_BID_POVERTY_RETURN: dk_say(b, lang, DK_MSG_SW_BID_RETURN); break;
	case DK_BID_SWINE_SHOWN: dk_say(b, lang, DK_MSG_SW_BID_SWINES_SHOWN); break;
	case DK_BID_POVERTY_REPORT:
		if (bid->trumps >= 0)
			dk_say(b, lang, dk_msg_n(bid->trumps, DK_MSG_SW_BID_REPORT_ONE,
						 DK_MSG_SW_BID_REPORT_MANY), bid->trumps);
		else
			dk_say(b, lang, DK_MSG_SW_BID_REPORT);
		break;
	default: dk_buf_putc(b, '?'); break;
	}
}

/* something said during the play, under the trick it was said in, and
 * where: cards_before of the trick's cards were on the table */
static void event_line(const show *sh, const dk_event *e, int trick, int cards_before)
{
	dk_buf *b = sh->b;
	dk_lang lang = sh->o->lang;
	const dk_game *g = sh->g;
	dk_buf_printf(b, "        %s", sh->o->color ? DIM : "");
	switch (e->kind) {
	case DK_EV_ANNOUNCE:
		dk_buf_printf(b, "%s: \"%s\"", dk_view_name(g, e->seat), dk_view_call(lang, e->call));
		break;
	case DK_EV_SWINE:
		dk_say(b, lang, DK_MSG_SW_SWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_HYPERSWINE:
		dk_say(b, lang, DK_MSG_SW_HYPERSWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_GENSCHER:
		dk_say(b, lang, DK_MSG_SW_GENSCHER, dk_view_name(g, e->seat));
		break;
	case DK_EV_WENDE_GENSCHER:
		dk_say(b, lang, DK_MSG_SW_WENDE_GENSCHER, dk_view_name(g, e->seat),
		       dk_view_name(g, e->partner));
		break;
	case DK_EV_OBJECTION:
		if (e->seat)
			dk_say(b, lang, DK_MSG_SW_OBJECTION_BY, dk_view_name(g, e->seat));
		else
			dk_say(b, lang, DK_MSG_SW_OBJECTION);
		/* the objection's own words, as the record has them */
		if (e->text)
			dk_buf_printf(b, ": %s", e->text);
		break;
	default:
		break;
	}
	if (cards_before == 0)
		dk_say(b, lang, DK_MSG_SW_BEFORE_TRICK, trick);
	else if (cards_before == 4)
		dk_say(b, lang, DK_MSG_SW_AFTER_TRICK, trick);
	else
		dk_say(b, lang, DK_MSG_SW_AFTER_CARD, cards_before, trick);
	dk_buf_printf(b, "%s\n", sh->o->color ? RESET : "");
}

/* the title line, the rules, the dealer and the record's notes */
static void header(const show *sh, const dk_rules *rules, const char *path)
{
	dk_buf *b = sh->b;
	dk_lang lang = sh->o->lang;
	const dk_game *g = sh->g;
	char *keep;
	dk_buf_puts(b, sh->o->color ? BOLD : "");
	dk_say(b, lang, DK_MSG_CK_GAME, dk_shown(path, &keep), g->index);
	dk_buf_puts(b, sh->o->color ? RESET : "");
	free(keep);
	const char *parts[3] = { dk_game_event(g), dk_game_place(g), dk_game_date(g) };
	for (int i = 0; i < 3; i++)
		if (parts[i])
			dk_buf_printf(b, " - %s", parts[i]);
	if (dk_game_table(g))
		dk_say(b, lang, DK_MSG_SW_TABLE, dk_game_table(g));
	if (g->meta.round)
		dk_say(b, lang, DK_MSG_SW_ROUND, g->meta.round);
	if (g->meta.number)
		dk_say(b, lang, DK_MSG_SW_GAME_NO, g->meta.number);
	dk_buf_putc(b, '\n');
	static const dk_msg tie[DK_TIE_COUNT] = {
		DK_MSG_SW_TIE_FIRST, DK_MSG_SW_TIE_SECOND, DK_MSG_SW_TIE_SECOND_NOT_LAST,
	};
	label(sh, DK_MSG_SW_RULES);
	if (rules) {
		dk_buf_puts(b, rules->name);
		if (rules->title)
			dk_buf_printf(b, " (%s)", rules->title);
		dk_say(b, lang, DK_MSG_SW_DECK, rules->deck_nines ? 48 : 40);
		dk_buf_puts(b, (unsigned)rules->heart10_tie < DK_TIE_COUNT
				       ? text(sh, tie[rules->heart10_tie]) : "?");
	} else {
		dk_say(b, lang, DK_MSG_SW_NO_RULES);
	}
	dk_buf_putc(b, '\n');
	label(sh, DK_MSG_SW_DEALER);
	dk_say(b, lang, DK_MSG_SW_SEAT, dk_view_name(g, g->deal.dealer), g->deal.dealer);
	dk_buf_putc(b, '\n');
	/* a note of several lines: the lines after its first indented under
	 * it, so that none of them looks like a line of the report */
	for (size_t i = 0; i < g->note_count; i++) {
		label(sh, DK_MSG_SW_NOTE);
		for (const char *s = g->notes[i].text; *s; s++) {
			dk_buf_putc(b, *s);
			if (*s == '\n' && s[1])
				pad(b, LABEL_WIDTH);
		}
		dk_buf_putc(b, '\n');
	}
}

/* the game type, the parties and the ruling, wrapped as check's */
static void outcome(const show *sh, const dk_verdict *v)
{
	dk_buf *b = sh->b;
	dk_lang lang = sh->o->lang;
	const dk_replay *rp = &v->rp;
	label(sh, DK_MSG_SW_GAME);
	dk_text_game_type_in(b, lang, sh->g, rp);
	dk_buf_putc(b, '\n');
	if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL) {
		dk_buf_printf(b, "%s ", text(sh, DK_MSG_SW_PARTIES));
		dk_text_parties_in(b, lang, sh->g, rp);
		dk_say(b, lang, DK_MSG_SW_AS_ENDED);
		dk_buf_putc(b, '\n');
	}
	dk_buf ruling;
	dk_buf_init(&ruling);
	dk_text_ruling(&ruling, lang, v);
	dk_buf_putc(&ruling, '\n');
	dk_text_wrap(b, ruling.data, ruling.len, sh->o->width);
	dk_buf_release(&ruling);
}

/* every hand as dealt, sorted in the order of the game's start */
static void deal(const show *sh, const dk_order *order, int name_w)
{
	dk_buf *b = sh->b;
	const dk_game *g = sh->g;
	dk_buf_printf(b, "\n%s\n", text(sh, DK_MSG_SW_DEAL));
	for (int i = 0; i < g->deal.hand_count; i++) {
		const dk_hand *h = &g->deal.hands[i];
		dk_card cards[DK_MAX_HAND];
		memcpy(cards, h->cards, (size_t)h->count);
		dk_order_sort(order, cards, h->count);
		const char *n = dk_view_name(g, h->seat);
		dk_buf_printf(b, "  %d %s", h->seat, n);
		pad(b, name_w - width(n) + 2);
		put_cards(sh, cards, h->count);
		dk_buf_putc(b, '\n');
	}
}

static void bidding(const show *sh)
{
	dk_buf *b = sh->b;
	const dk_game *g = sh->g;
	if (!g->has_bidding || g->bid_count == 0)
		return;
	dk_buf_printf(b, "\n%s\n", text(sh, DK_MSG_SW_BIDDING));
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *bid = &g->bids[i];
		dk_buf_printf(b, "  %s: ", dk_view_name(g, bid->seat));
		bid_words(sh, bid);
		if (bid->card_count) {
			dk_buf_putc(b, ' ');
			put_cards(sh, bid->cards, bid->card_count);
		}
		for (int k = 0; k < bid->call_count; k++)
			dk_buf_printf(b, "%s\"%s\"", k ? ", " : text(sh, DK_MSG_SW_BID_WITH),
				      dk_view_call(sh->o->lang, bid->calls[k]));
		if (bid->text)
			dk_buf_printf(b, " \"%s\"", bid->text);
		dk_buf_putc(b, '\n');
	}
}

/* the trick table: one row per trick, one column per player in seat
 * order, then what was said in the trick; the card points each took */
static void play(const show *sh, const dk_replay *rp, int col_w)
{
	dk_buf *b = sh->b;
	const dk_game *g = sh->g;
	if (!g->has_play)
		return;
	int seats[DK_PLAYING_SEATS], n_seats = 0;
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		for (int i = 0; i < g->deal.hand_count; i++)
			if (g->deal.hands[i].seat == s && n_seats < DK_PLAYING_SEATS)
				seats[n_seats++] = s;
	const char *trick_word = text(sh, DK_MSG_SW_TRICK);
	dk_buf_printf(b, "\n%s\n  ", text(sh, DK_MSG_SW_PLAY));
	pad(b, 5 - width(trick_word));
	dk_buf_printf(b, "%s  ", trick_word);
	for (int i = 0; i < n_seats; i++) {
		const char *n = dk_view_name(g, seats[i]);
		dk_buf_puts(b, n);
		pad(b, col_w - width(n));
	}
	dk_buf_printf(b, "%s\n", text(sh, DK_MSG_SW_WON_BY));
	int tricks = 0;
	long points[DK_MAX_SEATS + 1] = { 0 };
	size_t i = 0;
	while (i < g->event_count) {
		/* collect one trick: up to four cards and the events among them */
		size_t start = i;
		dk_card cards[4];
		int who[4], n = 0;
		while (i < g->event_count && n < 4) {
			if (g->events[i].kind == DK_EV_CARD) {
				cards[n] = g->events[i].card;
				who[n++] = g->events[i].seat;
			}
			i++;
		}
		/* events after the fourth card that no card follows belong here */
		bool more_cards = false;
		for (size_t j = i; j < g->event_count; j++)
			if (g->events[j].kind == DK_EV_CARD)
				more_cards = true;
		if (!more_cards)
			i = g->event_count;
		tricks++;
		int win = n == 4 && tricks <= rp->trick_count ? rp->tricks[tricks - 1].winner_index : -1;
		dk_buf_printf(b, "  %5d  ", tricks);
		for (int c = 0; c < n_seats; c++) {
			int k = -1;
			for (int j = 0; j < n; j++)
				if (who[j] == seats[c] && k < 0)
					k = j;
			if (k < 0) {
				dk_buf_putc(b, '-');
				pad(b, col_w - 1);
				continue;
			}
			bool won = k == win && n == 4;
			dk_buf_putc(b, k == 0 ? '>' : ' ');
			put_card(sh, cards[k], won);
			dk_buf_putc(b, won ? '*' : ' ');
			pad(b, col_w - 2 - width(dk_view_card(sh->o->lang, cards[k])));
		}
		if (n == 4) {
			int pts = 0;
			for (int j = 0; j < 4; j++)
				pts += dk_card_points(cards[j]);
			points[who[win]] += pts;
			dk_buf_printf(b, "%s (%d)", dk_view_name(g, who[win]), pts);
		} else {
			dk_buf_puts(b, text(sh, DK_MSG_SW_INCOMPLETE));
		}
		dk_buf_putc(b, '\n');
		int before = 0;
		for (size_t j = start; j < i; j++) {
			if (g->events[j].kind == DK_EV_CARD)
				before++;
			else
				event_line(sh, &g->events[j], tricks, before);
		}
	}
	dk_buf_printf(b, "\n%s", text(sh, DK_MSG_SW_TAKEN));
	for (int c = 0; c < n_seats; c++)
		dk_buf_printf(b, "%s %s %ld", c ? "," : "", dk_view_name(g, seats[c]),
			      points[seats[c]]);
	dk_buf_putc(b, '\n');
}

/* what the table wrote down: the winner, card points, scores, totals */
static void recorded(const show *sh)
{
	dk_buf *b = sh->b;
	dk_lang lang = sh->o->lang;
	const dk_game *g = sh->g;
	const dk_recorded *r = &g->recorded;
	if (!r->present)
		return;
	dk_buf_printf(b, "\n%s", text(sh, DK_MSG_SW_RECORDED));
	if (r->winner_none)
		dk_say(b, lang, DK_MSG_SW_NOBODY_WON);
	else if (r->winner)
		dk_say(b, lang, DK_MSG_SW_WON, dk_view_party(lang, r->winner));
	if (r->re_points >= 0)
		dk_buf_printf(b, "%s %s %d", r->winner || r->winner_none ? "," : "",
			      dk_view_party(lang, DK_PARTY_RE), r->re_points);
	if (r->kontra_points >= 0)
		dk_buf_printf(b, ", %s %d", dk_view_party(lang, DK_PARTY_KONTRA), r->kontra_points);
	dk_buf_putc(b, '\n');
	if (r->score_count) {
		dk_buf_printf(b, "  %s", text(sh, DK_MSG_SW_SCORE));
		for (size_t i = 0; i < r->score_count; i++)
			dk_buf_printf(b, "%s %s %+ld", i ? "," : "", dk_view_name(g, r->scores[i].seat),
				      r->scores[i].points);
		dk_buf_putc(b, '\n');
	}
	if (r->total_count) {
		dk_buf_printf(b, "  %s", text(sh, DK_MSG_SW_TOTALS));
		for (size_t i = 0; i < r->total_count; i++)
			dk_buf_printf(b, "%s %s %ld", i ? "," : "", dk_view_name(g, r->totals[i].seat),
				      r->totals[i].points);
		dk_buf_putc(b, '\n');
	}
}

void dk_show_text(dk_buf *b, const dk_show_opts *o, const dk_verdict *v, const char *path,
		  bool rules_named)
{
	const dk_game *g = v->game;
	show sh = { b, o, g };
	int name_w = 0;
	const dk_players *ps = dk_game_players(g);
	for (size_t i = 0; ps && i < ps->count; i++)
		if (width(ps->items[i].name) > name_w)
			name_w = width(ps->items[i].name);
	int col_w = name_w + 2 > 7 ? name_w + 2 : 7;
	header(&sh, rules_named ? v->rules : NULL, path);
	outcome(&sh, v);
	/* the order at the start: nothing declared yet */
	dk_order start = v->rp.order;
	start.swines = start.hyperswines = start.swines_declared = start.reversed = false;
	deal(&sh, &start, name_w);
	bidding(&sh);
	play(&sh, &v->rp, col_w);
	recorded(&sh);
}

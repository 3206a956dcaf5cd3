/*
 * fmt_xml_game.c - the XML reader's parsers of a game's elements: the deal,
 * the bidding, the play and the recorded result, with the cards written in
 * their text.  fmt_xml_read.c walks the file and calls them for each game.
 */
#include "fmt_xml_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- cards in text ----------------------------------------------------- */

/* advance loc over the UTF-8 text s[0..n) */
static dk_loc loc_after(dk_loc loc, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n') {
			loc.line++;
			loc.col = 1;
		} else if ((c & 0xc0) != 0x80) {
			loc.col++;
		}
	}
	return loc;
}

/*
 * Parse the white-space separated cards of the current text into cards[]
 * (at most max; locs may be NULL).  Returns the number of cards, with a game
 * error for each token that is not a card and for too many cards.
 */
enum card_place { IN_HAND, IN_PASS, IN_RETURN, IN_TRICK };

/* what a card list is, for messages: made only when there is one to give */
static void describe(char *buf, size_t len, enum card_place place, int n)
{
	switch (place) {
	case IN_HAND: snprintf(buf, len, "the hand of seat %d", n); break;
	case IN_PASS: snprintf(buf, len, "<poverty-pass> of seat %d", n); break;
	case IN_RETURN: snprintf(buf, len, "<poverty-return> of seat %d", n); break;
	case IN_TRICK: snprintf(buf, len, "a card of trick %d", n); break;
	}
}

static int parse_cards(dk_xml_reader *r, dk_loc content, enum card_place place, int what_n,
		       dk_card *cards, dk_loc *locs, int max)
{
	char what[64];
	what[0] = '\0';
	int n = 0;
	const char *s = r->text;
	dk_loc loc = content;
	size_t i = 0;
	while (s[i]) {
		size_t start = i;
		while (s[i] && isspace((unsigned char)s[i]))
			i++;
		loc = loc_after(loc, s + start, i - start);
		if (!s[i])
			break;
		size_t tok = i;
		while (s[i] && !isspace((unsigned char)s[i]))
			i++;
		dk_card c;
		bool ok = dk_card_parse(&c, s + tok, i - tok);
		if ((!ok || n == max) && !what[0])
			describe(what, sizeof(what), place, what_n);
		if (!ok) {
			xr_game_error(r, loc, "'%.*s' in %s is not a card (write e.g. 'CQ', 'H10', "
				   "'\xe2\x99\xa3" "Q' or 'KrD')", (int)(i - tok), s + tok, what);
		} else if (n == max) {
			xr_game_error(r, loc, "%s has more than %d cards", what, max);
			return n;
		} else {
			if (locs)
				locs[n] = loc;
			cards[n++] = c;
		}
		loc = loc_after(loc, s + tok, i - tok);
	}
	return n;
}

int xr_parse_deal(dk_xml_reader *r, dk_arena *ar, dk_deal *d, bool *exchange_unknown)
{
	static const char *const allowed[] = { "dealer", "exchange", NULL };
	attrs a;
	memset(d, 0, sizeof(*d));
	d->loc = r->tag.start;
	if (xr_get_attrs(r, ar, "deal", allowed, &a) < 0)
		return -1;
	d->dealer = xr_seat_value(r, &a, 0, "deal", "dealer", true);
	/* exchange="unknown": the hands are as after a poverty exchange
	 * nobody recorded (an imported log) */
	*exchange_unknown = false;
	if (a.value[1]) {
		if (strcmp(a.value[1], "unknown") == 0)
			*exchange_unknown = true;
		else
			xr_game_error(r, a.loc[1], "<deal exchange=\"%s\">: the only value is "
				   "\"unknown\"", a.value[1]);
	}
	if (r->empty) {
		xr_game_error(r, d->loc, "<deal> holds no hand");
		return 0;
	}
	int c;
	while ((c = xr_child(r, "deal", d->loc)) > 0) {
		if (strcmp(xr_node_name(r), "hand") != 0) {
			xr_unknown_element(r, "deal");
			return -1;
		}
		static const char *const hand_allowed[] = { "seat", NULL };
		if (xr_get_attrs(r, ar, "hand", hand_allowed, &a) < 0)
			return -1;
		dk_loc start = r->tag.start, content = r->tag.content;
		int seat = xr_seat_value(r, &a, 0, "hand", "seat", true);
		if (xr_read_text(r, "hand") < 0)
			return -1;
		if (d->hand_count == DK_PLAYING_SEATS) {
			xr_game_error(r, start, "<deal> holds more than %d hands", DK_PLAYING_SEATS);
			continue;
		}
		dk_hand *h = &d->hands[d->hand_count++];
		h->seat = seat;
		h->loc = start;
		h->count = parse_cards(r, content, IN_HAND, seat, h->cards, h->card_loc,
				       DK_MAX_HAND);
	}
	return c;
}

static void parse_calls(dk_xml_reader *r, const char *s, dk_loc loc, dk_bid *b)
{
	const char *p = s;
	while (*p) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *e = p;
		while (*e && !isspace((unsigned char)*e))
			e++;
		char word[16];
		size_t n = (size_t)(e - p);
		snprintf(word, sizeof(word), "%.*s", (int)(n < 15 ? n : 15), p);
		dk_call call;
		if (n >= sizeof(word) || !dk_call_from_name(&call, word))
			xr_game_error(r, loc, "'%.*s' is not an announcement (re, kontra, no90, no60, "
				   "no30, schwarz)", (int)n, p);
		else if (b->call_count == DK_MAX_BID_CALLS)
			xr_game_error(r, loc, "too many announcements with one bid");
		else
			b->calls[b->call_count++] = call;
		p = e;
	}
}

struct bid_spec {
	const char *name;
	dk_bid_kind kind;
	bool has_cards;
	bool has_text;
};

static const struct bid_spec bid_specs[] = {
	{ "healthy", DK_BID_HEALTHY, false, false },
	{ "reservation", DK_BID_RESERVATION, false, false },
	{ "solo", DK_BID_SOLO, false, false },
	{ "marriage", DK_BID_MARRIAGE, false, false },
	{ "poverty", DK_BID_POVERTY, false, false },
	{ "throw-in", DK_BID_THROW_IN, false, false },
	{ "poverty-pass", DK_BID_POVERTY_PASS, true, false },
	{ "poverty-decline", DK_BID_POVERTY_DECLINE, false, false },
	{ "poverty-accept", DK_BID_POVERTY_ACCEPT, false, false },
	{ "poverty-return", DK_BID_POVERTY_RETURN, true, false },
	{ "poverty-report", DK_BID_POVERTY_REPORT, false, true },
	{ "swine", DK_BID_SWINE_SHOWN, false, false },
};

static int parse_bid(dk_xml_reader *r, dk_arena *ar, const struct bid_spec *spec, dk_bid *b)
{
	/* slot 0 is always the seat; slot 1 the kind-specific attribute */
	const char *allowed[3] = { "seat", NULL, NULL };
	switch (spec->kind) {
	case DK_BID_SOLO: allowed[1] = "kind"; break;
	case DK_BID_MARRIAGE: allowed[1] = "condition"; break;
	case DK_BID_THROW_IN: allowed[1] = "reason"; break;
	case DK_BID_POVERTY_REPORT: allowed[1] = "trumps"; break;
	default: break;
	}
	const char *const solo_allowed[] = { "seat", "kind", "calls", "as", NULL };
	attrs a;
	if (xr_get_attrs(r, ar, spec->name, spec->kind == DK_BID_SOLO ? solo_allowed : allowed, &a) < 0)
		return -1;
	memset(b, 0, sizeof(*b));
	b->kind = spec->kind;
	b->loc = r->tag.start;
	b->trumps = -1;
	b->seat = xr_seat_value(r, &a, 0, spec->name, "seat", true);
	const char *v = a.value[1];
	switch (spec->kind) {
	case DK_BID_SOLO:
		if (xr_need(r, &a, 1, "solo", "kind") && !dk_solo_kind_from_name(&b->solo, v))
			xr_game_error(r, a.loc[1], "'%s' is not a solo kind (queens, jacks, clubs, spades, "
				   "hearts, diamonds, pure-clubs, pure-spades, pure-hearts, "
				   "pure-diamonds, trumps, fleischlos, koehler, kings, queens-jacks, "
				   "kings-jacks, kings-queens)", v);
		if (a.value[2])
			parse_calls(r, a.value[2], a.loc[2], b);
		if (a.value[3] && !dk_solo_as_from_name(&b->as, a.value[3]))
			xr_game_error(r, a.loc[3], "'%s' is not what a solo was played as (duty, "
				   "forced, lust)", a.value[3]);
		break;
	case DK_BID_MARRIAGE:
		if (v && !dk_marriage_cond_from_name(&b->condition, v))
			xr_game_error(r, a.loc[1], "'%s' is not a marriage condition (first-trick, "
				   "first-fehl-trick, first-trump-trick, first-club-trick, "
				   "first-spade-trick, first-heart-trick)", v);
		break;
	case DK_BID_THROW_IN:
		if (v && !dk_throw_reason_from_name(&b->reason, v))
			xr_game_error(r, a.loc[1], "'%s' is not a reason to throw in (five-kings, "
				   "five-nines, few-trumps, nines-and-kings, richness, "
				   "fox-highest-trump)", v);
		break;
	case DK_BID_POVERTY_REPORT: {
		long n;
		if (v && (!xr_parse_long(v, 0, DK_MAX_PASS, &n) || v[0] == '+' || v[0] == '-'))
			xr_game_error(r, a.loc[1], "trumps '%s' is not a number from 0 to %d", v,
				   DK_MAX_PASS);
		else if (v)
			b->trumps = (int)n;
		break;
	}
	default:
		break;
	}
	if (spec->has_cards || spec->has_text) {
		dk_loc content = r->tag.content;
		if (xr_read_text(r, spec->name) < 0)
			return -1;
		if (spec->has_cards) {
			b->card_count = parse_cards(r, content, spec->kind == DK_BID_POVERTY_PASS ?
						    IN_PASS : IN_RETURN, b->seat, b->cards, NULL,
						    DK_MAX_PASS);
		} else if (r->text_len) {
			b->text = dk_arena_strndup(ar, r->text, r->text_len);
		}
		return 0;
	}
	return xr_skip_element(r);
}

int xr_parse_bidding(dk_xml_reader *r, dk_arena *ar, dk_game *g)
{
	static const char *const none[] = { NULL };
	attrs a;
	g->has_bidding = true;
	g->bidding_loc = r->tag.start;
	if (xr_get_attrs(r, ar, "bidding", none, &a) < 0)
		return -1;
	if (r->empty)
		return 0;
	size_t cap = 0;
	int c;
	while ((c = xr_child(r, "bidding", g->bidding_loc)) > 0) {
		const char *name = xr_node_name(r);
		const struct bid_spec *spec = NULL;
		for (size_t i = 0; i < sizeof(bid_specs) / sizeof(bid_specs[0]); i++)
			if (strcmp(name, bid_specs[i].name) == 0)
				spec = &bid_specs[i];
		if (!spec) {
			xr_unknown_element(r, "bidding");
			return -1;
		}
		if (g->bid_count == cap) {
			cap = cap ? cap * 2 : 8;
			dk_bid *nb = dk_arena_alloc(ar, cap * sizeof(dk_bid));
			if (g->bid_count)
				memcpy(nb, g->bids, g->bid_count * sizeof(dk_bid));
			g->bids = nb;
		}
		if (parse_bid(r, ar, spec, &g->bids[g->bid_count]) < 0)
			return -1;
		g->bid_count++;
	}
	return c;
}

static dk_event *new_event(dk_arena *ar, dk_game *g, size_t *cap)
{
	if (g->event_count == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		dk_event *ne = dk_arena_alloc(ar, *cap * sizeof(dk_event));
		if (g->event_count)
			memcpy(ne, g->events, g->event_count * sizeof(dk_event));
		g->events = ne;
	}
	dk_event *e = &g->events[g->event_count++];
	memset(e, 0, sizeof(*e));
	return e;
}

#define DK_MAX_EVENTS 4096  /* far beyond any real game: 48 cards and talk */

static int parse_trick(dk_xml_reader *r, dk_arena *ar, dk_game *g, size_t *cap,
		       int number, int *cards_out)
{
	static const char *const none[] = { NULL };
	attrs a;
	dk_loc trick_loc = r->tag.start;
	if (xr_get_attrs(r, ar, "trick", none, &a) < 0)
		return -1;
	*cards_out = 0;
	if (r->empty)
		return 0;
	int c;
	while ((c = xr_child(r, "trick", trick_loc)) > 0) {
		const char *name = xr_node_name(r);
		if (g->event_count >= DK_MAX_EVENTS) {
			xr_fatal(r, r->tag.start, "more than %d events in one game", DK_MAX_EVENTS);
			return -1;
		}
		dk_loc loc = r->tag.start;
		if (strcmp(name, "card") == 0) {
			static const char *const allowed[] = { "seat", NULL };
			if (xr_get_attrs(r, ar, "card", allowed, &a) < 0)
				return -1;
			dk_loc content = r->tag.content;
			int seat = xr_seat_value(r, &a, 0, "card", "seat", true);
			if (xr_read_text(r, "card") < 0)
				return -1;
			dk_card card;
			int n = parse_cards(r, content, IN_TRICK, number, &card, NULL, 1);
			if (n == 0 && r->text_len == 0)
				xr_game_error(r, loc, "<card> names no card");
			if (n == 1) {
				dk_event *e = new_event(ar, g, cap);
				e->kind = DK_EV_CARD;
				e->seat = seat;
				e->card = card;
				e->loc = loc;
			}
			(*cards_out)++;
			continue;
		}
		dk_event_kind kind;
		const char *allowed[3] = { "seat", NULL, NULL };
		if (strcmp(name, "announce") == 0) {
			kind = DK_EV_ANNOUNCE;
			allowed[1] = "call";
		} else if (strcmp(name, "swine") == 0) {
			kind = DK_EV_SWINE;
		} else if (strcmp(name, "hyperswine") == 0) {
			kind = DK_EV_HYPERSWINE;
		} else if (strcmp(name, "genscher") == 0) {
			kind = DK_EV_GENSCHER;
		} else if (strcmp(name, "wende-genscher") == 0) {
			kind = DK_EV_WENDE_GENSCHER;
			allowed[1] = "partner";
		} else if (strcmp(name, "objection") == 0) {
			kind = DK_EV_OBJECTION;
		} else {
			xr_unknown_element(r, "trick");
			return -1;
		}
		if (xr_get_attrs(r, ar, name, allowed, &a) < 0)
			return -1;
		dk_event *e = new_event(ar, g, cap);
		e->kind = kind;
		e->loc = loc;
		e->seat = xr_seat_value(r, &a, 0, name, "seat", kind != DK_EV_OBJECTION);
		if (kind == DK_EV_ANNOUNCE) {
			const char *v = xr_need(r, &a, 1, "announce", "call");
			if (v && !dk_call_from_name(&e->call, v))
				xr_game_error(r, a.loc[1], "'%s' is not an announcement (re, kontra, no90, "
					   "no60, no30, schwarz)", v);
		} else if (kind == DK_EV_WENDE_GENSCHER) {
			e->partner = xr_seat_value(r, &a, 1, name, "partner", true);
		}
		if (kind == DK_EV_OBJECTION) {
			if (xr_read_text(r, "objection") < 0)
				return -1;
			if (r->text_len)
				e->text = dk_arena_strndup(ar, r->text, r->text_len);
		} else if (xr_skip_element(r) < 0) {
			return -1;
		}
	}
	return c;
}

int xr_parse_play(dk_xml_reader *r, dk_arena *ar, dk_game *g)
{
	static const char *const none[] = { NULL };
	attrs a;
	g->has_play = true;
	g->play_loc = r->tag.start;
	if (xr_get_attrs(r, ar, "play", none, &a) < 0)
		return -1;
	if (r->empty)
		return 0;
	size_t cap = 0;
	int c, number = 0;
	dk_loc short_trick = { 0, 0 };
	int short_number = 0, short_cards = 0;
	while ((c = xr_child(r, "play", g->play_loc)) > 0) {
		if (strcmp(xr_node_name(r), "trick") != 0) {
			xr_unknown_element(r, "play");
			return -1;
		}
		number++;
		if (short_number && short_number <= DK_MAX_HAND) {
			/* only the last trick may be incomplete (past the
			 * twelfth, "more than 12 tricks" said it all) */
			xr_game_error(r, short_trick, "trick %d has %d card%s; only the last trick "
				   "may have fewer than 4", short_number, short_cards,
				   short_cards == 1 ? "" : "s");
			short_number = 0;
		}
		dk_loc loc = r->tag.start;
		int cards;
		if (parse_trick(r, ar, g, &cap, number, &cards) < 0)
			return -1;
		if (cards > 4)
			xr_game_error(r, loc, "trick %d has %d cards", number, cards);
		else if (cards < 4) {
			short_trick = loc;
			short_number = number;
			short_cards = cards;
		}
		if (number == DK_MAX_HAND + 1)  /* once, not once a trick */
			xr_game_error(r, loc, "more than %d tricks", DK_MAX_HAND);
	}
	return c;
}

static int parse_points_list(dk_xml_reader *r, dk_arena *ar, const char *elem,
			     dk_seat_points **items, size_t *count)
{
	static const char *const allowed[] = { "seat", "points", NULL };
	attrs a;
	if (xr_get_attrs(r, ar, elem, allowed, &a) < 0)
		return -1;
	int seat = xr_seat_value(r, &a, 0, elem, "seat", true);
	const char *v = xr_need(r, &a, 1, elem, "points");
	long pts = 0;
	if (v && !xr_parse_long(v, -1000000000L, 1000000000L, &pts))
		xr_game_error(r, a.loc[1], "points '%s' is not a whole number", v);
	if (seat) {
		for (size_t i = 0; i < *count; i++)
			if ((*items)[i].seat == seat)
				xr_game_error(r, a.loc[0], "<%s> for seat %d is given twice", elem, seat);
		if (*count < DK_MAX_SEATS) {
			dk_seat_points *p = &(*items)[(*count)++];
			p->seat = seat;
			p->points = pts;
			p->loc = r->tag.start;
		} else {
			xr_game_error(r, r->tag.start, "more than %d <%s> entries", DK_MAX_SEATS, elem);
		}
	}
	return xr_skip_element(r);
}

int xr_parse_recorded(dk_xml_reader *r, dk_arena *ar, dk_recorded *rec)
{
	static const char *const allowed[] = { "winner", "re", "kontra", "value", NULL };
	attrs a;
	memset(rec, 0, sizeof(*rec));
	rec->present = true;
	rec->loc = r->tag.start;
	rec->re_points = rec->kontra_points = -1;
	if (xr_get_attrs(r, ar, "recorded", allowed, &a) < 0)
		return -1;
	if (a.value[0]) {
		if (strcmp(a.value[0], "re") == 0)
			rec->winner = DK_PARTY_RE;
		else if (strcmp(a.value[0], "kontra") == 0)
			rec->winner = DK_PARTY_KONTRA;
		else if (strcmp(a.value[0], "none") == 0)
			rec->winner_none = true;
		else
			xr_game_error(r, a.loc[0], "winner '%s' is not re, kontra or none", a.value[0]);
	}
	if (a.value[3]) {
		long n;
		if (!xr_parse_long(a.value[3], 0, 100000, &n) || a.value[3][0] == '+')
			xr_game_error(r, a.loc[3], "the game's value '%s' is not a number from 0 to "
				   "100000", a.value[3]);
		else if (!a.value[0])
			xr_game_error(r, a.loc[3], "the game's value '%s' needs the winner beside it "
				   "(winner=\"re\", \"kontra\" or \"none\")", a.value[3]);
		else {
			rec->has_value = true;
			rec->value = (int)n;
		}
	}
	for (int i = 1; i <= 2; i++) {
		long n;
		if (!a.value[i])
			continue;
		if (!xr_parse_long(a.value[i], 0, 240, &n) || a.value[i][0] == '+')
			xr_game_error(r, a.loc[i], "card points '%s' are not a number from 0 to 240",
				   a.value[i]);
		else if (i == 1)
			rec->re_points = (int)n;
		else
			rec->kontra_points = (int)n;
	}
	rec->scores = dk_arena_alloc(ar, DK_MAX_SEATS * sizeof(dk_seat_points));
	rec->totals = dk_arena_alloc(ar, DK_MAX_SEATS * sizeof(dk_seat_points));
	if (r->empty)
		return 0;
	int c;
	while ((c = xr_child(r, "recorded", rec->loc)) > 0) {
		const char *name = xr_node_name(r);
		if (strcmp(name, "score") == 0) {
			if (rec->total_count)
				xr_game_error(r, r->tag.start, "<score> must come before <total>");
			if (parse_points_list(r, ar, "score", &rec->scores, &rec->score_count) < 0)
				return -1;
		} else if (strcmp(name, "total") == 0) {
			if (parse_points_list(r, ar, "total", &rec->totals, &rec->total_count) < 0)
				return -1;
		} else {
			xr_unknown_element(r, "recorded");
			return -1;
		}
	}
	return c;
}

/*
 * fmt_doko_write.c - records into the dokoref notation; see fmt_doko.h.
 *
 * The writer aims at what a person would type: no hands when the play
 * shows them, no player before a card when the card is played in turn, the
 * announcement before the card of the player who made it.  "In turn" is
 * what the reader will work out, so the writer asks the same replay for the
 * leader of each trick.  To be sure, every game is read back and compared
 * with the record; if it differs, the game is written again with the hands,
 * then with every card's player, and what still differs is reported as
 * lost.  It does not write anything the reader would not read.
 */
#include "fmt_doko.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "card.h"
#include "replay.h"

/* ---- words ----------------------------------------------------------------- */

static const char *const reserved[] = {
	"re", "kontra", "contra", "none", "niemand", "keiner", "hand", "blatt", "game", "spiel",
	"session", "sitzung", "end", "ende", "rules", "regeln", "set", "rule", "regel",
	"players", "spieler", "dealer", "geber", "event", "anlass", "place", "ort", "date",
	"datum", "table", "tisch", "round", "runde", "note", "notiz", "bemerkung", "bidding",
	"bids", "vorbehalte", "spielfindung", "play", "spielverlauf", "result", "ergebnis",
	"totals", "stand", "exchange", "tausch", "bock-pending", "bock", NULL
};

static bool plain_word(const char *s)
{
	if (!s[0] || (s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '-')
		return false;
	for (const char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c <= ' ' || c == ',' || c == ';' || c == '#' || c == ':' || c == '"' ||
		    c == '=' || c == '.' || c == ')')
			return false;
	}
	size_t n = strlen(s);
	for (int i = 0; reserved[i]; i++) {
		if (strlen(reserved[i]) != n)
			continue;
		bool same = true;
		for (size_t k = 0; k < n && same; k++) {
			char a = s[k];
			if (a >= 'A' && a <= 'Z')
				a = (char)(a - 'A' + 'a');
			same = a == reserved[i][k];
		}
		if (same)
			return false;
	}
	return true;
}

/* s with each line break as a space: what is written where the text
 * cannot hold one (with --lossy), so that no line of the text stands as a
 * line of the notation (a note "...\ndealer: X" would give the game a
 * second dealer) */
static void put_one_line(dk_buf *b, const char *s)
{
	for (; *s; s++)
		dk_buf_putc(b, *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* a word the reader reads back as written: plain, or quoted */
static void put_word(dk_buf *b, dk_buf *lost, const char *s, const char *what)
{
	if (plain_word(s)) {
		dk_buf_puts(b, s);
		return;
	}
	if (strchr(s, '"') || strchr(s, '\n') || strchr(s, '\r')) {
		dk_buf_printf(lost, "%s '", what);
		put_one_line(lost, s);
		dk_buf_puts(lost, "' (a quotation mark or a line break in it)\n");
	}
	dk_buf_putc(b, '"');
	put_one_line(b, s);
	dk_buf_putc(b, '"');
}

/* a header's text value: as is, or quoted when the reader would cut it */
static void put_text(dk_buf *b, dk_buf *lost, const char *s, const char *what)
{
	size_t n = strlen(s);
	bool quote = strchr(s, '#') || s[0] == '"' || (n && (s[0] == ' ' || s[0] == '\t' ||
			s[n - 1] == ' ' || s[n - 1] == '\t'));
	if (strchr(s, '\n') || strchr(s, '\r') || (quote && strchr(s, '"')))
		dk_buf_printf(lost, "%s (a line break, or both '#' and '\"', in it)\n", what);
	if (quote)
		dk_buf_putc(b, '"');
	put_one_line(b, s);
	if (quote)
		dk_buf_putc(b, '"');
}

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

static void put_name(dk_buf *b, dk_buf *lost, const dk_game *g, int seat)
{
	put_word(b, lost, name_of(g, seat), "the name");
}

static void put_comments(dk_buf *b, const char *const *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *p = c[i];
		for (;;) {
			const char *e = strchr(p, '\n');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			dk_buf_puts(b, "#");
			if (len) {
				dk_buf_putc(b, ' ');
				dk_buf_put(b, p, len);
			}
			dk_buf_putc(b, '\n');
			if (!e)
				break;
			p = e + 1;
		}
	}
}

static void put_meta(dk_buf *b, dk_buf *lost, const dk_meta *m)
{
	const char *v[5] = { m->event, m->place, m->date, m->table, m->round };
	const char *k[5] = { "event", "place", "date", "table", "round" };
	for (int i = 0; i < 5; i++) {
		if (!v[i])
			continue;
		dk_buf_printf(b, "%s: ", k[i]);
		if (!v[i][0])
			dk_buf_printf(lost, "the empty %s\n", k[i]);
		put_text(b, lost, v[i], k[i]);
		dk_buf_putc(b, '\n');
	}
}

static void put_notes(dk_buf *b, dk_buf *lost, const dk_note *n, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		dk_buf_puts(b, "note: ");
		put_text(b, lost, n[i].text ? n[i].text : "", "a note");
		dk_buf_putc(b, '\n');
	}
}

static void put_rules(dk_buf *b, dk_buf *lost, const dk_rules_ref *r)
{
	dk_buf_puts(b, "rules: ");
	if (r->name) {
		dk_buf_puts(b, r->name);
	} else {
		const char *p = r->path ? r->path : "";
		size_t n = strlen(p);
		bool as_path = strchr(p, '/') || (n > 5 && strcmp(p + n - 5, ".yaml") == 0);
		if (!as_path) {
			/* "./x" names the same file and reads back as a path */
			dk_buf_puts(b, "./");
		}
		if (strpbrk(p, " \t,;#:\"")) {
			if (strchr(p, '"'))
				dk_buf_printf(lost, "the rule set path '%s'\n", p);
			dk_buf_printf(b, "\"%s\"", p);
		} else {
			dk_buf_puts(b, p);
		}
		if (!as_path)
			dk_buf_printf(lost, "the rule set path '%s' (written as './%s')\n", p, p);
	}
	dk_buf_putc(b, '\n');
	for (size_t i = 0; i < r->override_count; i++) {
		dk_buf_printf(b, "set: %s = ", r->overrides[i].key);
		put_text(b, lost, r->overrides[i].value, "a rule value");
		dk_buf_putc(b, '\n');
	}
}

static void put_players(dk_buf *b, dk_buf *lost, const dk_players *ps)
{
	dk_buf_puts(b, "players:");
	for (size_t i = 0; i < ps->count; i++) {
		if (ps->items[i].seat != (int)i + 1)
			dk_buf_printf(lost, "the seat numbers of the players (seat %d is player %zu "
				      "in order)\n", ps->items[i].seat, i + 1);
		dk_buf_puts(b, i ? ", " : " ");
		put_word(b, lost, ps->items[i].name, "the name");
	}
	dk_buf_putc(b, '\n');
}

void dk_doko_write_begin(dk_buf *b, const char *const *comments, size_t count)
{
	put_comments(b, comments, count);
	if (count)
		dk_buf_putc(b, '\n');
}

void dk_doko_write_session_begin(dk_buf *b, const dk_session *s)
{
	dk_buf lost;
	dk_buf_init(&lost);
	put_comments(b, s->comments, s->comment_count);
	dk_buf_puts(b, "session\n");
	put_meta(b, &lost, &s->meta);
	if (s->bock_pending >= 0)
		dk_buf_printf(b, "bock-pending: %d\n", s->bock_pending);
	put_notes(b, &lost, s->notes, s->note_count);
	if (s->has_rules)
		put_rules(b, &lost, &s->rules);
	if (s->has_players)
		put_players(b, &lost, &s->players);
	dk_buf_putc(b, '\n');
	dk_buf_release(&lost);
}

void dk_doko_write_session_end(dk_buf *b)
{
	dk_buf_puts(b, "end session\n\n");
}

/* ---- the game -------------------------------------------------------------- */

static const char *const solo_names[DK_SOLO_KIND_COUNT] = {
	[DK_SOLO_QUEENS] = "queens", [DK_SOLO_JACKS] = "jacks", [DK_SOLO_CLUBS] = "clubs",
	[DK_SOLO_SPADES] = "spades", [DK_SOLO_HEARTS] = "hearts",
	[DK_SOLO_DIAMONDS] = "diamonds", [DK_SOLO_PURE_CLUBS] = "pure-clubs",
	[DK_SOLO_PURE_SPADES] = "pure-spades", [DK_SOLO_PURE_HEARTS] = "pure-hearts",
	[DK_SOLO_PURE_DIAMONDS] = "pure-diamonds", [DK_SOLO_TRUMPS] = "trumps",
	[DK_SOLO_FLEISCHLOS] = "fleischlos", [DK_SOLO_KOEHLER] = "koehler",
	[DK_SOLO_KINGS] = "kings", [DK_SOLO_QUEENS_JACKS] = "queens-jacks",
	[DK_SOLO_KINGS_JACKS] = "kings-jacks", [DK_SOLO_KINGS_QUEENS] = "kings-queens",
};

static void put_cards(dk_buf *b, const dk_card *c, int n)
{
	for (int i = 0; i < n; i++)
		dk_buf_printf(b, " %s", dk_card_code(c[i]));
}

static void put_bids(dk_buf *b, dk_buf *lost, const dk_game *g)
{
	dk_buf_puts(b, "bidding:");
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *x = &g->bids[i];
		dk_buf_puts(b, i ? ", " : " ");
		put_name(b, lost, g, x->seat);
		dk_buf_printf(b, " %s", dk_bid_kind_name(x->kind));
		switch (x->kind) {
		case DK_BID_SOLO:
			dk_buf_printf(b, " %s", solo_names[x->solo] ? solo_names[x->solo] : "?");
			if (x->as != DK_SOLO_AS_UNSAID)
				dk_buf_printf(b, " %s", dk_solo_as_name(x->as));
			for (int k = 0; k < x->call_count; k++)
				dk_buf_printf(b, " %s", dk_call_name(x->calls[k]));
			break;
		case DK_BID_MARRIAGE:
			if (x->condition)
				dk_buf_printf(b, " %s", dk_marriage_cond_name(x->condition));
			break;
		case DK_BID_THROW_IN:
			if (x->reason)
				dk_buf_printf(b, " %s", dk_throw_reason_name(x->reason));
			break;
		case DK_BID_POVERTY_PASS:
		case DK_BID_POVERTY_RETURN:
			put_cards(b, x->cards, x->card_count);
			break;
		case DK_BID_POVERTY_REPORT:
			if (x->trumps >= 0)
				dk_buf_printf(b, " %d", x->trumps);
			if (x->text) {
				if (strchr(x->text, '"') || strchr(x->text, '\n'))
					dk_buf_puts(lost, "the words of a poverty report (a quotation "
						    "mark or a line break in them)\n");
				dk_buf_printf(b, " \"%s\"", x->text);
			}
			break;
		default:
			break;
		}
	}
	dk_buf_putc(b, '\n');
}

static void put_recorded(dk_buf *b, dk_buf *lost, const dk_game *g)
{
	const dk_recorded *r = &g->recorded;
	dk_buf_puts(b, "result:");
	if (r->winner == DK_PARTY_RE)
		dk_buf_puts(b, " re");
	else if (r->winner == DK_PARTY_KONTRA)
		dk_buf_puts(b, " kontra");
	else if (r->winner_none)
		dk_buf_puts(b, " none");
	if (r->has_value && (r->winner != DK_PARTY_NONE || r->winner_none))
		dk_buf_printf(b, " %d", r->value);
	if (r->re_points >= 0 && r->kontra_points >= 0)
		dk_buf_printf(b, " %d:%d", r->re_points, r->kontra_points);
	else if (r->re_points >= 0)
		dk_buf_printf(b, " re=%d", r->re_points);
	else if (r->kontra_points >= 0)
		dk_buf_printf(b, " kontra=%d", r->kontra_points);
	for (size_t i = 0; i < r->score_count; i++) {
		dk_buf_putc(b, ' ');
		put_name(b, lost, g, r->scores[i].seat);
		dk_buf_printf(b, " %s%ld", r->scores[i].points > 0 ? "+" : "", r->scores[i].points);
	}
	dk_buf_putc(b, '\n');
	if (r->total_count) {
		dk_buf_puts(b, "totals:");
		for (size_t i = 0; i < r->total_count; i++) {
			dk_buf_putc(b, ' ');
			put_name(b, lost, g, r->totals[i].seat);
			dk_buf_printf(b, " %ld", r->totals[i].points);
		}
		dk_buf_putc(b, '\n');
	}
}

static void put_event(dk_buf *b, dk_buf *lost, const dk_game *g, const dk_event *e, bool name)
{
	if (name && e->seat) {
		put_name(b, lost, g, e->seat);
		dk_buf_puts(b, ": ");
	}
	switch (e->kind) {
	case DK_EV_CARD:
		dk_buf_puts(b, dk_card_code(e->card));
		break;
	case DK_EV_ANNOUNCE:
		dk_buf_puts(b, dk_call_name(e->call));
		break;
	case DK_EV_SWINE:
		dk_buf_puts(b, "swines");
		break;
	case DK_EV_HYPERSWINE:
		dk_buf_puts(b, "hyperswines");
		break;
	case DK_EV_GENSCHER:
		dk_buf_puts(b, "genscher");
		break;
	case DK_EV_WENDE_GENSCHER:
		dk_buf_puts(b, "wende-genscher ");
		put_name(b, lost, g, e->partner);
		break;
	case DK_EV_OBJECTION:
		dk_buf_puts(b, "objection");
		if (e->text) {
			if (strchr(e->text, '"') || strchr(e->text, '\n'))
				dk_buf_puts(lost, "the words of an objection (a quotation mark or a "
					    "line break in them)\n");
			dk_buf_printf(b, " \"%s\"", e->text);
		}
		break;
	default:
		break;
	}
}

/* the four playing seats in table order */
static void playing(const dk_game *g, int seats[4])
{
	int n = 0;
	for (int s = 1; s <= DK_MAX_SEATS && n < 4; s++)
		for (int i = 0; i < g->deal.hand_count; i++)
			if (g->deal.hands[i].seat == s)
				seats[n++] = s;
	while (n < 4) {
		seats[n] = n + 1;
		n++;
	}
}

static int after(const int seats[4], int s)
{
	for (int i = 0; i < 4; i++)
		if (seats[i] == s)
			return seats[(i + 1) % 4];
	return 0;
}

/* the play, one trick a line; mark_all: every card names its player */
static void put_play(dk_buf *b, dk_buf *lost, const dk_game *g, const dk_rules *rules,
		     bool mark_all)
{
	if (!g->event_count) {
		dk_buf_puts(b, "play:\n");
		return;
	}
	int seats[4];
	playing(g, seats);
	dk_replay *rp = rules && !mark_all ? dk_xmalloc(sizeof(*rp)) : NULL;
	size_t i = 0;
	int cards = 0;
	dk_game prefix = *g;
	while (i < g->event_count) {
		/* one line: events up to and with the 4th card, or to the end */
		size_t end = i;
		int n = 0;
		while (end < g->event_count && n < 4) {
			if (g->events[end].kind == DK_EV_CARD)
				n++;
			end++;
		}
		if (n == 0) {
			/* after the last card: every event names its player */
			for (size_t k = i; k < end; k++) {
				put_event(b, lost, g, &g->events[k], true);
				dk_buf_putc(b, '\n');
			}
			break;
		}
		int expected = 0;
		if (rp) {
			prefix.event_count = i;
			dk_replay_run(rp, &prefix, rules);
			expected = rp->next_seat;
		}
		int prev = 0;
		for (size_t k = i; k < end; k++) {
			const dk_event *e = &g->events[k];
			if (k > i)
				dk_buf_putc(b, ' ');
			if (e->kind == DK_EV_CARD) {
				int want = prev ? after(seats, prev) : expected;
				put_event(b, lost, g, e, mark_all || e->seat != want);
				prev = e->seat;
				cards++;
				continue;
			}
			int next = 0;
			for (size_t j = k + 1; j < end && !next; j++)
				if (g->events[j].kind == DK_EV_CARD)
					next = g->events[j].seat;
			bool name = e->kind == DK_EV_OBJECTION || e->seat != next || mark_all;
			if (!e->seat && e->kind != DK_EV_OBJECTION)
				dk_buf_printf(lost, "an event without a player (card %d)\n", cards + 1);
			put_event(b, lost, g, e, name);
		}
		dk_buf_putc(b, '\n');
		i = end;
	}
	free(rp);
}

static void write_game(dk_buf *b, dk_buf *lost, const dk_game *g, const dk_rules *rules,
		       int level)
{
	put_comments(b, g->comments, g->comment_count);
	dk_buf_puts(b, "game");
	if (g->meta.number) {
		if (strchr(g->meta.number, '#') || strchr(g->meta.number, '\n'))
			dk_buf_printf(lost, "the game number '%s'\n", g->meta.number);
		dk_buf_printf(b, " %s", g->meta.number);
	}
	dk_buf_putc(b, '\n');
	put_meta(b, lost, &g->meta);
	put_notes(b, lost, g->notes, g->note_count);
	if (g->has_rules)
		put_rules(b, lost, &g->rules);
	if (g->has_players)
		put_players(b, lost, &g->players);
	dk_buf_puts(b, "dealer: ");
	put_name(b, lost, g, g->deal.dealer);
	dk_buf_putc(b, '\n');
	if (g->exchange_unknown)
		dk_buf_puts(b, "exchange: unknown\n");
	if (level > 0) {
		int seats[4];
		playing(g, seats);
		for (int s = 0; s < 4; s++)
			for (int h = 0; h < g->deal.hand_count; h++) {
				const dk_hand *hd = &g->deal.hands[h];
				if (hd->seat != seats[s])
					continue;
				dk_buf_puts(b, "hand ");
				put_name(b, lost, g, hd->seat);
				dk_buf_putc(b, ':');
				put_cards(b, hd->cards, hd->count);
				dk_buf_putc(b, '\n');
			}
	}
	if (g->has_bidding)
		put_bids(b, lost, g);
	if (g->has_play)
		put_play(b, lost, g, rules, level > 1);
	if (g->recorded.present)
		put_recorded(b, lost, g);
	if (g->foreign)
		dk_buf_printf(lost, "%s's own score of the game\n", g->foreign->program);
	if (g->imported_from && !g->has_rules)
		dk_buf_printf(lost, "the rule block of the %s file\n", g->imported_from);
}

/* read text back as one game, resolve it under rules, compare with g */
static bool reads_back(dk_buf *diff, const char *text, size_t len, const dk_game *g,
		       const dk_rules *rules)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_doko_reader *r = NULL;
	bool same = false;
	if (dk_doko_reader_open_memory(&r, text, len, "written", &d) == 0) {
		dk_read_item it;
		while ((it = dk_doko_reader_next(r, &d)) == DK_READ_SESSION_START)
			;
		if (it == DK_READ_GAME && dk_doko_reader_game_ok(r) &&
		    dk_doko_reader_resolve(r, rules, &d) == 0)
			same = dk_doko_same_game(diff, g, dk_doko_reader_game(r));
		else if (d.count)
			dk_buf_printf(diff, "the written game does not read back: %s\n",
				      d.items[0].message);
		else
			dk_buf_puts(diff, "the written game does not read back\n");
	}
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	return same;
}

void dk_doko_write_game(dk_buf *b, dk_buf *lost, const dk_game *g, const dk_rules *rules)
{
	int players = 0;
	const dk_players *ps = dk_game_players(g);
	players = ps ? (int)ps->count : 0;
	size_t cards = dk_game_card_count(g);
	int hs = rules ? dk_rules_hand_size(rules) : 12;
	int level = rules && players == 4 && g->deal.hand_count == 4 &&
		    cards == (size_t)(4 * hs) ? 0 : rules ? 1 : 2;
	dk_buf text, words, diff;
	dk_buf_init(&text);
	dk_buf_init(&words);
	dk_buf_init(&diff);
	for (; level <= 2; level++) {
		dk_buf_clear(&text);
		dk_buf_clear(&words);
		dk_buf_clear(&diff);
		if (g->session)
			dk_doko_write_session_begin(&text, g->session);
		size_t start = text.len;
		write_game(&text, &words, g, rules, level);
		if (reads_back(&diff, text.data, text.len, g, rules) || level == 2) {
			dk_buf_put(b, text.data + start, text.len - start);
			dk_buf_putc(b, '\n');
			break;
		}
	}
	if (words.len)
		dk_buf_put(lost, words.data, words.len);
	if (diff.len && !words.len)
		dk_buf_put(lost, diff.data, diff.len);
	dk_buf_release(&text);
	dk_buf_release(&words);
	dk_buf_release(&diff);
}

/* ---- comparing -------------------------------------------------------------- */

static int by_card(const void *a, const void *b)
{
	return (int)*(const dk_card *)a - (int)*(const dk_card *)b;
}

static int by_seat(const void *a, const void *b)
{
	return ((const dk_hand *)a)->seat - ((const dk_hand *)b)->seat;
}

static void canonical(dk_buf *out, const dk_game *g)
{
	dk_game c = *g;
	c.comments = NULL;
	c.comment_count = 0;
	c.foreign = NULL;
	for (int i = 0; i < c.deal.hand_count; i++)
		qsort(c.deal.hands[i].cards, (size_t)c.deal.hands[i].count, sizeof(dk_card),
		      by_card);
	qsort(c.deal.hands, (size_t)c.deal.hand_count, sizeof(dk_hand), by_seat);
	dk_xml_write_game(out, &c, 1);
	if (g->exchange_unknown)
		dk_buf_puts(out, "exchange unknown\n");
}

bool dk_doko_same_game(dk_buf *out, const dk_game *a, const dk_game *b)
{
	dk_buf x, y;
	dk_buf_init(&x);
	dk_buf_init(&y);
	canonical(&x, a);
	canonical(&y, b);
	bool same = x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
	if (!same) {
		const char *p = x.data ? x.data : "", *q = y.data ? y.data : "";
		while (*p && *q) {
			const char *pe = strchr(p, '\n'), *qe = strchr(q, '\n');
			size_t pn = pe ? (size_t)(pe - p) : strlen(p);
			size_t qn = qe ? (size_t)(qe - q) : strlen(q);
			if (pn != qn || memcmp(p, q, pn) != 0)
				break;
			p += pn + (pe ? 1 : 0);
			q += qn + (qe ? 1 : 0);
		}
		while (*p == ' ')
			p++;
		while (*q == ' ')
			q++;
		dk_buf_printf(out, "game %zu: '%.*s' reads back as '%.*s'\n", a->index,
			      (int)strcspn(p, "\n"), p, (int)strcspn(q, "\n"), q);
	}
	dk_buf_release(&x);
	dk_buf_release(&y);
	return same;
}

/*
 * fmt_doko_read.c - the dokoref notation into the record model; see
 * fmt_doko.h and formats/dokoref-notation.md.
 *
 * The file is read whole, screened (NUL bytes, UTF-8, line length) and cut
 * into lines.  Lines are then taken game by game: a `session` line opens a
 * session whose header lines follow, a `game` line opens a game, and a file
 * without any `game` line is one game.  Within a game the header lines are
 * read first (the players must be known to read the play), then the
 * bidding, the play and the result in the order written.
 *
 * What this file does not do: decide who played a card that names no
 * player.  That needs the rule set and is dk_doko_reader_resolve's job,
 * which asks the replay (src/core/replay.c) who is to lead each trick, so
 * that there is one engine and not a second idea of the trump order here.
 */
#include "fmt_doko.h"
#include "text_guard.h"
#include "fmt_doko_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "card.h"

#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? 2 * (cap) : 16; \
		(arr) = dk_xrealloc((arr), (cap) * sizeof(*(arr))); \
	} \
} while (0)

void doko_err(dk_doko_reader *r, dk_loc loc, dk_msg id, ...)
{
	const char *fmt = dk_msg_format(r->lang, id);
	va_list ap;
	va_start(ap, id);
	/* the catalogue's format: test_lang.c holds the German to the English
	 * conversions, and the callers pass what the English takes */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	dk_diag_vadd(r->diag, DK_SEV_ERROR, r->file, loc, fmt ? fmt : "?", ap);
#pragma GCC diagnostic pop
	va_end(ap);
	r->game_ok = false;
}

void dk_doko_reader_set_lang(dk_doko_reader *r, dk_lang lang)
{
	r->lang = lang;
}

static dk_loc mkloc(uint32_t lno, uint32_t col)
{
	dk_loc l = { lno, col };
	return l;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* s[0..n) equals word (lower case ASCII, may hold UTF-8) ignoring ASCII case */
static bool word_is(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);
	if (n != k)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)s[i]) != (unsigned char)word[i])
			return false;
	return true;
}

/* the index of s among the words of list (NULL-terminated), -1 if none */
static int word_in(const char *s, size_t n, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (word_is(s, n, list[i]))
			return i;
	return -1;
}

static uint32_t col_of(const char *line_start, const char *p)
{
	uint32_t col = 1;
	for (const char *q = line_start; q < p; q++)
		if (((unsigned char)*q & 0xc0) != 0x80)
			col++;
	return col;
}

static dk_loc loc_at(const line *l, const char *p)
{
	return mkloc(l->no, col_of(l->s, p));
}

/* the line cut into tokens: white space and commas separate, '#' starts a
 * comment, "..." quotes, NAME: marks; returns the count (tokens in arena) */
static size_t tokenize(dk_doko_reader *r, const line *l, tok **out)
{
	size_t cap = l->len / 2 + 2, n = 0;
	tok *t = dk_arena_alloc(&r->arena, cap * sizeof(tok));
	const char *p = l->s, *e = l->s + l->len;
	bool comma = false;
	while (p < e) {
		if (*p == ' ' || *p == '\t' || *p == '\r') {
			p++;
			continue;
		}
		if (*p == ',' || *p == ';') {
			comma = true;
			p++;
			continue;
		}
		if (*p == '#')
			break;
		if (*p == ':' && n > 0) {
			t[n - 1].colon = true;
			p++;
			continue;
		}
		tok *k = &t[n++];
		memset(k, 0, sizeof(*k));
		k->loc = loc_at(l, p);
		k->comma = comma;
		comma = false;
		if (*p == '"') {
			const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));
			if (!q) {
				if (!r->quiet)
					doko_err(r, k->loc, DK_MSG_NT_QUOTE_OPEN);
				r->game_ok = false;
				q = e;
			}
			k->quoted = true;
			k->s = dk_arena_strndup(&r->arena, p + 1, (size_t)(q - p - 1));
			k->n = (size_t)(q - p - 1);
			p = q < e ? q + 1 : e;
			if (p < e && *p == ':') {
				k->colon = true;
				p++;
			}
			continue;
		}
		const char *q = p;
		while (q < e && *q != ' ' && *q != '\t' && *q != '\r' && *q != ',' && *q != ';' &&
		       *q != '#' && *q != '"')
			q++;
		/* "Anna:CQ" is a mark and a card; "144:96" is one token */
		const char *colon = memchr(p, ':', (size_t)(q - p));
		if (colon && colon > p && !isdigit((unsigned char)*p)) {
			k->s = dk_arena_strndup(&r->arena, p, (size_t)(colon - p));
			k->n = (size_t)(colon - p);
			k->colon = true;
			p = colon + 1;
			continue;
		}
		if (colon == q - 1 && colon > p) {
			k->s = dk_arena_strndup(&r->arena, p, (size_t)(q - 1 - p));
			k->n = (size_t)(q - 1 - p);
			k->colon = true;
		} else {
			k->s = dk_arena_strndup(&r->arena, p, (size_t)(q - p));
			k->n = (size_t)(q - p);
		}
		p = q;
	}
	*out = t;
	return n;
}

/* ---- words -------------------------------------------------------------- */

enum header {
	H_RULES, H_SET, H_PLAYERS, H_DEALER, H_EVENT, H_PLACE, H_DATE, H_TABLE, H_ROUND,
	H_NOTE, H_BIDS, H_PLAY, H_RESULT, H_TOTALS, H_EXCHANGE, H_BOCK, H_COUNT
};

static const char *const header_words[H_COUNT][6] = {
	[H_RULES] = { "rules", "regeln", NULL },
	[H_SET] = { "set", "rule", "regel", NULL },
	[H_PLAYERS] = { "players", "spieler", NULL },
	[H_DEALER] = { "dealer", "geber", NULL },
	[H_EVENT] = { "event", "anlass", NULL },
	[H_PLACE] = { "place", "ort", NULL },
	[H_DATE] = { "date", "datum", NULL },
	[H_TABLE] = { "table", "tisch", NULL },
	[H_ROUND] = { "round", "runde", NULL },
	[H_NOTE] = { "note", "notiz", "bemerkung", NULL },
	[H_BIDS] = { "bidding", "bids", "vorbehalte", "spielfindung", NULL },
	[H_PLAY] = { "play", "spielverlauf", NULL },
	[H_RESULT] = { "result", "ergebnis", NULL },
	[H_TOTALS] = { "totals", "stand", NULL },
	[H_EXCHANGE] = { "exchange", "tausch", NULL },
	[H_BOCK] = { "bock-pending", "bock", NULL },
};

static int header_of(const char *s, size_t n)
{
	for (int h = 0; h < H_COUNT; h++)
		if (word_in(s, n, header_words[h]) >= 0)
			return h;
	return -1;
}

static const char *const game_words[] = { "game", "spiel", NULL };
static const char *const session_words[] = { "session", "sitzung", NULL };
static const char *const end_words[] = { "end", "ende", NULL };
static const char *const hand_words[] = { "hand", "blatt", NULL };

/* the first word of a line (up to white space or ':') */
static size_t first_word(const char *s, size_t len, bool *colon)
{
	size_t i = 0;
	while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ':' && s[i] != '#' && s[i] != ',')
		i++;
	size_t j = i;
	while (j < len && (s[j] == ' ' || s[j] == '\t'))
		j++;
	*colon = j < len && s[j] == ':';
	return i;
}

static int classify(const char *s, size_t len)
{
	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	if (len == 0 || s[0] == '#')
		return L_BLANK;
	bool colon;
	size_t n = first_word(s, len, &colon);
	if (colon)
		return L_OTHER;
	if (word_in(s, n, game_words) >= 0)
		return L_GAME;
	if (word_in(s, n, session_words) >= 0 && n == len)
		return L_SESSION;
	if (word_in(s, n, end_words) >= 0) {
		const char *p = s + n;
		size_t rest = len - n;
		while (rest && (*p == ' ' || *p == '\t')) {
			p++;
			rest--;
		}
		if (rest == 0 || word_in(p, rest, session_words) >= 0)
			return L_END;
	}
	return L_OTHER;
}

bool dk_doko_sniff(const char *data, size_t len)
{
	const char *p = data, *e = data + len;
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	/* in a text without a line feed a carriage return ends a line: a
	 * file with old Mac line ends is known as the notation, so that the
	 * reader says what is wrong with it (text_guard.h) */
	char eol = !memchr(p, '\n', (size_t)(e - p)) && memchr(p, '\r', (size_t)(e - p))
		? '\r' : '\n';
	while (p < e) {
		const char *nl = memchr(p, eol, (size_t)(e - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
		int k = classify(p, n);
		if (k == L_GAME || k == L_SESSION || k == L_END)
			return true;
		if (k == L_OTHER) {
			while (n && (*p == ' ' || *p == '\t')) {
				p++;
				n--;
			}
			bool colon;
			size_t w = first_word(p, n, &colon);
			if (colon && header_of(p, w) >= 0)
				return true;
			if (word_in(p, w, hand_words) >= 0)
				return true;
			return false;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return false;
}

/* ---- cards --------------------------------------------------------------- */

bool dk_doko_card_parse(dk_card *out, const char *s, size_t len)
{
	if (len == 0 || len > 16)
		return false;
	if (dk_card_parse(out, s, len))
		return true;
	char b[20];
	memcpy(b, s, len);
	b[len] = '\0';
	/* z: Zehn */
	if (lower((unsigned char)b[len - 1]) == 'z' && len >= 2) {
		char t[24];
		memcpy(t, b, len - 1);
		memcpy(t + len - 1, "10", 3);
		if (dk_card_parse(out, t, len + 1))
			return true;
	}
	/* k, p: Kreuz, Pik as one letter ("ka" stays refused: Kreuz-Ass or Karo?) */
	int first = lower((unsigned char)b[0]);
	if ((first == 'k' || first == 'p') && len >= 2) {
		const char *rank = b + 1;
		size_t rn = len - 1;
		if (first == 'k' && lower((unsigned char)rank[0]) == 'a' && rn == 1)
			return false;
		char t[24];
		t[0] = first == 'k' ? 'C' : 'S';
		if (lower((unsigned char)rank[rn - 1]) == 'z') {
			memcpy(t + 1, rank, rn - 1);
			memcpy(t + rn, "10", 3);
			return dk_card_parse(out, t, rn + 2);
		}
		memcpy(t + 1, rank, rn);
		t[rn + 1] = '\0';
		return dk_card_parse(out, t, rn + 1);
	}
	return false;
}

/* ---- screening and lines -------------------------------------------------- */

static bool screen(dk_doko_reader *r, dk_diag *diag)
{
	/* the byte screen every reader shares (text_guard.h), with the
	 * notation's line limit */
	size_t i = 0;
	if (r->len >= 3 && memcmp(r->data, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	dk_text_guard g;
	dk_text_guard_init(&g, false);
	g.max_line = DK_DOKO_MAX_LINE;
	if (dk_text_guard_feed(&g, r->data + i, r->len - i) == 0 && dk_text_guard_finish(&g) == 0)
		return true;
	dk_loc loc = g.error_loc;
	if (loc.line == 1 && i)
		loc.col++;  /* the byte order mark is one character */
	dk_diag_error(diag, r->file, loc, "%s", g.error);
	return false;
}

static void split_lines(dk_doko_reader *r)
{
	size_t cap = 64;
	r->lines = dk_xmalloc(cap * sizeof(line));
	/* the lines are cut in a copy: the text stays as read, to be shown again */
	r->cut = dk_xmalloc(r->len + 1);
	memcpy(r->cut, r->data, r->len + 1);
	char *p = r->cut, *e = r->cut + r->len;
	if (r->len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	uint32_t no = 1;
	r->head_end = (size_t)-1;
	while (p < e) {
		char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
		if (n && p[n - 1] == '\r')
			n--;
		p[n] = '\0';
		GROW(r->lines, r->nlines, cap);
		line *l = &r->lines[r->nlines];
		l->s = p;
		l->len = n;
		l->no = no++;
		l->kind = classify(p, n);
		if ((l->kind == L_GAME || l->kind == L_SESSION || l->kind == L_END) &&
		    r->head_end == (size_t)-1)
			r->head_end = r->nlines;
		if (l->kind == L_GAME)
			r->has_game_lines = true;
		r->nlines++;
		if (!nl)
			break;
		p = nl + 1;
	}
	if (r->head_end == (size_t)-1)
		r->head_end = r->nlines;
}

/* ---- opening -------------------------------------------------------------- */

static int open_adopted(dk_doko_reader **out, char *data, size_t len, const char *name,
			dk_diag *diag)
{
	dk_doko_reader *r = dk_xcalloc(1, sizeof(*r));
	r->file = dk_xstrdup(name ? name : "<memory>");
	r->data = data;
	r->data[len] = '\0';
	r->len = len;
	dk_arena_init(&r->arena);
	dk_arena_init(&r->session_arena);
	if (!screen(r, diag)) {
		dk_doko_reader_free(r);
		*out = NULL;
		return DK_IO_INVALID;
	}
	split_lines(r);
	*out = r;
	return 0;
}

int dk_doko_reader_open_memory(dk_doko_reader **out, const void *data, size_t len,
			       const char *display_name, dk_diag *diag)
{
	char *copy = dk_xmalloc(len + 1);
	if (len)
		memcpy(copy, data, len);
	return open_adopted(out, copy, len, display_name, diag);
}

int dk_doko_reader_open(dk_doko_reader **out, const char *path, const char *display_name,
			uint64_t max_size, dk_diag *diag)
{
	char errbuf[300];
	dk_input *in = NULL;
	const char *name = display_name ? display_name : strcmp(path, "-") == 0 ? "<stdin>" : path;
	*out = NULL;
	if (dk_input_open(&in, path, max_size, errbuf, sizeof(errbuf)) != DK_IO_OK) {
		dk_diag_error(diag, NULL, DK_LOC_NONE, "%s", errbuf);
		return DK_IO_SYSTEM;
	}
	size_t cap = 0, len = 0;
	char *buf = NULL;
	dk_io_status st = dk_input_read_whole(in, "a notation file", max_size, &buf, &len, &cap,
					      NULL, NULL, errbuf, sizeof(errbuf));
	if (st != DK_IO_OK) {
		dk_diag_error(diag, name, DK_LOC_NONE, "%s", errbuf);
		dk_input_free(in);
		free(buf);
		return st;
	}
	dk_input_free(in);
	return open_adopted(out, buf, len, name, diag);
}

void dk_doko_reader_free(dk_doko_reader *r)
{
	if (!r)
		return;
	free(r->lines);
	free(r->cut);
	free(r->data);
	free(r->file);
	free(r->ev);
	free(r->aux);
	free(r->bids);
	free(r->notes);
	dk_arena_release(&r->arena);
	dk_arena_release(&r->session_arena);
	free(r);
}

const dk_game *dk_doko_reader_game(const dk_doko_reader *r) { return &r->game; }
const dk_session *dk_doko_reader_session(const dk_doko_reader *r) { return &r->session; }
bool dk_doko_reader_game_ok(const dk_doko_reader *r) { return r->game_ok; }
dk_io_status dk_doko_reader_status(const dk_doko_reader *r) { return r->status; }
const char *dk_doko_reader_file(const dk_doko_reader *r) { return r->file; }
const char *dk_doko_reader_text(const dk_doko_reader *r, size_t *len)
{
	*len = r->len;
	return r->data;
}

/* ---- header values --------------------------------------------------------- */

/* the text after the header's colon: trimmed, without a comment; a quoted
 * text is taken as written */
static const char *rest_text(dk_doko_reader *r, const line *l, dk_loc *loc)
{
	const char *p = strchr(l->s, ':');
	p = p ? p + 1 : l->s + l->len;
	while (*p == ' ' || *p == '\t')
		p++;
	*loc = loc_at(l, p);
	if (*p == '"') {
		const char *q = strchr(p + 1, '"');
		if (!q) {
			doko_err(r, *loc, DK_MSG_NT_QUOTE_OPEN);
			return dk_arena_strdup(&r->arena, p + 1);
		}
		return dk_arena_strndup(&r->arena, p + 1, (size_t)(q - p - 1));
	}
	const char *e = strchr(p, '#');
	if (!e)
		e = l->s + l->len;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return dk_arena_strndup(&r->arena, p, (size_t)(e - p));
}

static bool parse_long(const char *s, size_t n, long lo, long hi, long *out)
{
	if (n == 0 || n > 12)
		return false;
	char b[16];
	memcpy(b, s, n);
	b[n] = '\0';
	char *end;
	long v = strtol(b, &end, 10);
	if (*end || !(isdigit((unsigned char)b[0]) || ((b[0] == '+' || b[0] == '-') && n > 1 &&
						       isdigit((unsigned char)b[1]))))
		return false;
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* the context a header line is read in: a session's head or a game */
typedef struct ctx {
	dk_meta *meta;
	dk_note **notes;     /* NULL: notes go to r->notes */
	bool *has_rules;
	dk_rules_ref *rules;
	bool *has_players;
	dk_players *players;
	dk_arena *arena;
	bool seen[H_COUNT];
	bool in_session_head;
	bool from_head;      /* lines of the file's head, shared by every game */
	dk_rule_override *ovr;
	size_t novr;
} ctx;

static bool name_ok(const char *s)
{
	return s[0] && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._-") == strlen(s) &&
	       s[0] != '.' && s[0] != '_' && s[0] != '-';
}

const dk_players *doko_players(const dk_doko_reader *r)
{
	if (r->game.has_players)
		return &r->game.players;
	if (r->in_session && r->session.has_players)
		return &r->session.players;
	return NULL;
}

/* the seat of the player named by t, 0 with an error if none */
/* the seat a name (or a seat number) stands for, 0 if none; says nothing */
static int find_seat(dk_doko_reader *r, const tok *t)
{
	const dk_players *ps = doko_players(r);
	if (!ps)
		return 0;
	for (size_t i = 0; i < ps->count; i++)
		if (strcmp(ps->items[i].name, t->s) == 0)
			return ps->items[i].seat;
	for (size_t i = 0; i < ps->count; i++) {  /* the name in another case */
		const char *nm = ps->items[i].name;
		bool same = strlen(nm) == t->n;
		for (size_t k = 0; k < t->n && same; k++)
			same = lower((unsigned char)nm[k]) == lower((unsigned char)t->s[k]);
		if (same)
			return ps->items[i].seat;
	}
	long seat;
	if (parse_long(t->s, t->n, 1, DK_MAX_SEATS, &seat))
		for (size_t i = 0; i < ps->count; i++)
			if (ps->items[i].seat == (int)seat)
				return (int)seat;
	return 0;
}

static int seat_of(dk_doko_reader *r, const tok *t)
{
	const dk_players *ps = doko_players(r);
	if (!ps) {
		doko_err(r, t->loc, DK_MSG_NT_NO_PLAYERS_YET, t->s);
		return 0;
	}
	int found = find_seat(r, t);
	if (found)
		return found;
	char list[200] = "";
	for (size_t i = 0; i < ps->count; i++) {
		size_t k = strlen(list);
		snprintf(list + k, sizeof(list) - k, "%s%s", i ? ", " : "", ps->items[i].name);
	}
	doko_err(r, t->loc, DK_MSG_NT_NOT_A_PLAYER, t->s, list);
	return 0;
}

const char *doko_player_name(const dk_doko_reader *r, int seat)
{
	const dk_players *ps = doko_players(r);
	for (size_t i = 0; ps && i < ps->count; i++)
		if (ps->items[i].seat == seat)
			return ps->items[i].name;
	return "?";
}

static void read_header(dk_doko_reader *r, ctx *c, const line *l, int h, const tok *t, size_t nt)
{
	dk_loc vloc;
	const tok *h0 = &t[0];
	if (!c->from_head) {
		if (h != H_NOTE && h != H_SET && c->seen[h]) {
			doko_err(r, h0->loc, DK_MSG_NT_HEADER_TWICE, h0->s);
			return;
		}
		c->seen[h] = true;
	}
	switch (h) {
	case H_EVENT: case H_PLACE: case H_DATE: case H_TABLE: case H_ROUND: {
		const char *v = rest_text(r, l, &vloc);
		if (!*v) {
			doko_err(r, vloc, DK_MSG_NT_HEADER_NEEDS_VALUE, h0->s);
			return;
		}
		if (h == H_DATE && !dk_date_valid(v)) {
			doko_err(r, vloc, DK_MSG_NT_BAD_DATE, v);
			return;
		}
		const char *copy = dk_arena_strdup(c->arena, v);
		if (h == H_EVENT) c->meta->event = copy;
		else if (h == H_PLACE) c->meta->place = copy;
		else if (h == H_DATE) c->meta->date = copy;
		else if (h == H_TABLE) c->meta->table = copy;
		else c->meta->round = copy;
		if (!c->meta->loc.line)
			c->meta->loc = h0->loc;
		return;
	}
	case H_NOTE: {
		const char *v = rest_text(r, l, &vloc);
		if (c->in_session_head) {
			dk_note *n = dk_arena_alloc(c->arena, (r->session.note_count + 1) * sizeof(*n));
			if (r->session.note_count)
				memcpy(n, r->session.notes, r->session.note_count * sizeof(*n));
			n[r->session.note_count].text = dk_arena_strdup(c->arena, v);
			n[r->session.note_count].loc = h0->loc;
			r->session.notes = n;
			r->session.note_count++;
		} else {
			GROW(r->notes, r->nnotes, r->note_cap);
			r->notes[r->nnotes].text = v;
			r->notes[r->nnotes++].loc = h0->loc;
		}
		return;
	}
	case H_RULES: {
		if (nt != 2 || t[1].colon) {
			doko_err(r, nt < 2 ? h0->loc : t[nt > 2 ? 2 : 1].loc, DK_MSG_NT_RULES_ONE, h0->s);
			return;
		}
		memset(c->rules, 0, sizeof(*c->rules));
		c->novr = 0;
		c->rules->loc = h0->loc;
		const char *v = t[1].s;
		size_t n = t[1].n;
		bool path = strchr(v, '/') || (n > 5 && strcmp(v + n - 5, ".yaml") == 0);
		if (path) {
			c->rules->path = dk_arena_strdup(c->arena, v);
		} else if (name_ok(v)) {
			c->rules->name = dk_arena_strdup(c->arena, v);
		} else {
			doko_err(r, t[1].loc, DK_MSG_NT_RULES_NAME, v);
			return;
		}
		*c->has_rules = true;
		return;
	}
	case H_SET: {
		const char *v = rest_text(r, l, &vloc);
		const char *eq = strchr(v, '=');
		const char *ke = eq ? eq : v + strcspn(v, " \t");
		const char *vs = eq ? eq + 1 : ke;
		while (ke > v && (ke[-1] == ' ' || ke[-1] == '\t'))
			ke--;
		while (*vs == ' ' || *vs == '\t')
			vs++;
		if (ke == v || !*vs) {
			doko_err(r, vloc, DK_MSG_NT_SET_FORM,
			    h0->s, h0->s);
			return;
		}
		if (!*c->has_rules) {
			doko_err(r, h0->loc, DK_MSG_NT_SET_NO_RULES, h0->s);
			return;
		}
		for (size_t i = 0; i < c->rules->override_count; i++)
			if (strlen(c->rules->overrides[i].key) == (size_t)(ke - v) &&
			    memcmp(c->rules->overrides[i].key, v, (size_t)(ke - v)) == 0) {
				doko_err(r, vloc, DK_MSG_NT_SET_TWICE, (int)(ke - v), v);
				return;
			}
		dk_rule_override *o = dk_arena_alloc(c->arena, (c->rules->override_count + 1) *
						     sizeof(*o));
		if (c->rules->override_count)
			memcpy(o, c->rules->overrides, c->rules->override_count * sizeof(*o));
		o[c->rules->override_count].key = dk_arena_strndup(c->arena, v, (size_t)(ke - v));
		o[c->rules->override_count].value = dk_arena_strdup(c->arena, vs);
		o[c->rules->override_count].loc = vloc;
		c->rules->overrides = o;
		c->rules->override_count++;
		return;
	}
	case H_PLAYERS: {
		size_t n = nt - 1;
		if (n < 4 || n > DK_MAX_SEATS) {
			doko_err(r, n > DK_MAX_SEATS ? t[DK_MAX_SEATS + 1].loc : h0->loc, DK_MSG_NT_PLAYER_COUNT, n,
			    h0->s);
			return;
		}
		dk_player *p = dk_arena_alloc(c->arena, n * sizeof(*p));
		for (size_t i = 0; i < n; i++) {
			const tok *k = &t[i + 1];
			if (k->colon || k->n == 0) {
				doko_err(r, k->loc, DK_MSG_NT_BAD_PLAYER_NAME, k->s);
				return;
			}
			for (size_t j = 0; j < i; j++)
				if (strcmp(p[j].name, k->s) == 0) {
					doko_err(r, k->loc, DK_MSG_NT_SEATED_TWICE, k->s);
					return;
				}
			p[i].seat = (int)i + 1;
			p[i].name = dk_arena_strdup(c->arena, k->s);
			p[i].loc = k->loc;
		}
		c->players->items = p;
		c->players->count = n;
		c->players->loc = h0->loc;
		*c->has_players = true;
		return;
	}
	case H_BOCK: {
		long v;
		if (!c->in_session_head) {
			doko_err(r, h0->loc, DK_MSG_NT_SESSION_ONLY,
			    h0->s);
			return;
		}
		if (nt != 2 || !parse_long(t[1].s, t[1].n, 0, 1000, &v)) {
			doko_err(r, nt > 1 ? t[1].loc : h0->loc, DK_MSG_NT_BOCK_NUMBER, h0->s);
			return;
		}
		r->session.bock_pending = (int)v;
		return;
	}
	default:
		doko_err(r, h0->loc, DK_MSG_NT_NOT_IN_SESSION_HEAD, h0->s);
		return;
	}
}

/* ---- the game's own lines ----------------------------------------------------- */

static dk_event *add_event(dk_doko_reader *r, dk_event_kind kind, dk_loc loc, uint32_t lno)
{
	if (r->nev >= DK_DOKO_MAX_EVENTS) {
		if (r->nev == DK_DOKO_MAX_EVENTS)
			doko_err(r, loc, DK_MSG_NT_TOO_MANY_EVENTS, DK_DOKO_MAX_EVENTS);
		r->nev = DK_DOKO_MAX_EVENTS + 1;
		return NULL;
	}
	GROW(r->ev, r->nev, r->ev_cap);
	r->aux = dk_xrealloc(r->aux, r->ev_cap * sizeof(*r->aux));
	dk_event *e = &r->ev[r->nev];
	memset(e, 0, sizeof(*e));
	memset(&r->aux[r->nev], 0, sizeof(ev_aux));
	e->kind = kind;
	e->loc = loc;
	r->aux[r->nev].line = lno;
	r->nev++;
	return e;
}

static const char *const call_words[DK_CALL_COUNT][8] = {
	[DK_CALL_RE] = { "re", NULL },
	[DK_CALL_KONTRA] = { "kontra", "contra", NULL },
	[DK_CALL_NO90] = { "no90", "keine90", "k90", "u90", NULL },
	[DK_CALL_NO60] = { "no60", "keine60", "k60", "u60", NULL },
	[DK_CALL_NO30] = { "no30", "keine30", "k30", "u30", NULL },
	[DK_CALL_SCHWARZ] = { "schwarz", "black", "no0", "keine0", NULL },
	/* announce.strict_limit's replies */
	[DK_CALL_REPLY_120] = { "reply-120", "erwiderung-120", NULL },
	[DK_CALL_REPLY_90] = { "reply-90", "erwiderung-90", NULL },
	[DK_CALL_REPLY_60] = { "reply-60", "erwiderung-60", NULL },
	[DK_CALL_REPLY_30] = { "reply-30", "erwiderung-30", NULL },
	[DK_CALL_REPLY_0] = { "reply-0", "erwiderung-0", NULL },
};

/* an announcement at t[*i] (one word, or "keine 90" / "no 90"); advances *i */
static dk_call call_at(const tok *t, size_t nt, size_t *i)
{
	const tok *k = &t[*i];
	for (int c = 1; c < DK_CALL_COUNT; c++)
		if (!k->quoted && word_in(k->s, k->n, call_words[c]) >= 0)
			return (dk_call)c;
	if ((word_is(k->s, k->n, "keine") || word_is(k->s, k->n, "no") ||
	     word_is(k->s, k->n, "unter")) && *i + 1 < nt && !k->colon) {
		const tok *v = &t[*i + 1];
		dk_call c = word_is(v->s, v->n, "90") ? DK_CALL_NO90 : word_is(v->s, v->n, "60")
			? DK_CALL_NO60 : word_is(v->s, v->n, "30") ? DK_CALL_NO30
			: word_is(v->s, v->n, "0") ? DK_CALL_SCHWARZ : DK_CALL_NONE;
		if (c != DK_CALL_NONE)
			(*i)++;
		return c;
	}
	return DK_CALL_NONE;
}

static const char *const swine_words[] = { "swines", "swine", "schweinchen", "schweine", NULL };
static const char *const hyperswine_words[] = { "hyperswines", "hyperswine",
						 "hyperschweinchen", "superschweinchen", NULL };
static const char *const genscher_words[] = { "genscher", NULL };
static const char *const wende_words[] = { "wende-genscher", "wendegenscher", NULL };
static const char *const objection_words[] = { "objection", "einspruch", NULL };

/* a play line: one trick, or events between tricks */
static void read_play_line(dk_doko_reader *r, const line *l, tok *t, size_t nt)
{
	r->game.has_play = true;
	if (!r->game.play_loc.line)
		r->game.play_loc = t[0].loc;
	size_t i = 0;
	/* "5." or "5)": the trick's number, as a check */
	long want = 0;
	if (nt && !t[0].colon && t[0].n >= 2 && (t[0].s[t[0].n - 1] == '.' || t[0].s[t[0].n - 1] == ')')
	    && parse_long(t[0].s, t[0].n - 1, 1, 99, &want))
		i = 1;
	int cards = 0;
	size_t first = r->nev;
	int trick = r->ntricks + 1;
	dk_loc first_card = DK_LOC_NONE;
	for (; i < nt; i++) {
		tok *k = &t[i];
		int seat = 0;
		if (k->colon) {
			seat = seat_of(r, k);
			if (!seat)
				return;
			if (i + 1 == nt) {
				doko_err(r, k->loc, DK_MSG_NT_MARK_NOTHING, k->s);
				return;
			}
			k = &t[++i];
		}
		dk_card card;
		dk_call call;
		size_t at = i;
		if (!k->quoted && !k->colon && dk_doko_card_parse(&card, k->s, k->n)) {
			if (cards == 4) {
				doko_err(r, k->loc, DK_MSG_NT_FIFTH_CARD, trick, k->s);
				return;
			}
			if (trick > DK_MAX_TRICKS) {
				doko_err(r, k->loc, DK_MSG_NT_TOO_MANY_TRICKS,
				    DK_MAX_TRICKS, trick);
				return;
			}
			dk_event *e = add_event(r, DK_EV_CARD, k->loc, l->no);
			if (!e)
				return;
			e->card = card;
			e->seat = seat;
			r->aux[r->nev - 1].named = seat != 0;
			if (!cards)
				first_card = k->loc;
			cards++;
			continue;
		}
		if ((call = call_at(t, nt, &i)) != DK_CALL_NONE) {
			dk_event *e = add_event(r, DK_EV_ANNOUNCE, k->loc, l->no);
			if (!e)
				return;
			e->call = call;
			e->seat = seat;
			r->aux[r->nev - 1].named = seat != 0;
			r->aux[r->nev - 1].from_next = seat == 0;
			continue;
		}
		i = at;
		bool swine = word_in(k->s, k->n, swine_words) >= 0;
		bool hyper = word_in(k->s, k->n, hyperswine_words) >= 0;
		bool gen = word_in(k->s, k->n, genscher_words) >= 0;
		bool wende = word_in(k->s, k->n, wende_words) >= 0;
		bool obj = word_in(k->s, k->n, objection_words) >= 0;
		if (!k->quoted && word_is(k->s, k->n, "ka")) {
			doko_err(r, k->loc, DK_MSG_NT_KA, k->s);
			return;
		}
		if (k->quoted || !(swine || hyper || gen || wende || obj)) {
			doko_err(r, k->loc, DK_MSG_NT_NOT_A_TOKEN, k->s);
			return;
		}
		dk_event *e = add_event(r, swine ? DK_EV_SWINE : hyper ? DK_EV_HYPERSWINE
					: gen ? DK_EV_GENSCHER : wende
					? DK_EV_WENDE_GENSCHER : DK_EV_OBJECTION, k->loc, l->no);
		if (!e)
			return;
		e->seat = seat;
		r->aux[r->nev - 1].named = seat != 0;
		r->aux[r->nev - 1].from_next = seat == 0 && !obj;
		if (wende) {
			if (i + 1 >= nt || t[i + 1].colon) {
				doko_err(r, k->loc, DK_MSG_NT_NEEDS_PARTNER, k->s);
				return;
			}
			e->partner = seat_of(r, &t[++i]);
			if (!e->partner)
				return;
		}
		if (obj && i + 1 < nt && t[i + 1].quoted) {
			e->text = t[++i].s;
		}
	}
	if (want && cards && want != trick) {
		doko_err(r, t[0].loc, DK_MSG_NT_TRICK_NUMBER, trick, want);
		return;
	}
	if (want && !cards) {
		doko_err(r, t[0].loc, DK_MSG_NT_NUMBERED_NO_CARD);
		return;
	}
	/* an event that takes its seat from the next card needs one on the line */
	for (size_t k = first; k < r->nev; k++) {
		if (!r->aux[k].from_next)
			continue;
		bool card_after = false;
		for (size_t j = k + 1; j < r->nev && !card_after; j++)
			card_after = r->ev[j].kind == DK_EV_CARD;
		if (!card_after) {
			doko_err(r, r->ev[k].loc, DK_MSG_NT_WHO_SAID);
			return;
		}
	}
	for (size_t k = first; k < r->nev; k++)
		r->aux[k].trick = cards ? trick : 0;
	if (cards) {
		trick_info *ti = &r->tricks[r->ntricks++];
		ti->first_ev = first;
		ti->end_ev = r->nev;
		ti->cards = cards;
		ti->loc = first_card;
		ti->end = mkloc(l->no, col_of(l->s, l->s + l->len));
	}
}

static const char *const healthy_words[] = { "healthy", "gesund", NULL };
static const char *const reservation_words[] = { "reservation", "vorbehalt", NULL };
static const char *const marriage_words[] = { "marriage", "hochzeit", NULL };
static const char *const poverty_words[] = { "poverty", "armut", NULL };
/* what a solo was (TSR 4.1.4): after its kind, before its announcements */
static const char *const solo_as_words[DK_SOLO_AS_COUNT][5] = {
	[DK_SOLO_AS_LUST] = { "lust", "lustsolo", NULL },
	[DK_SOLO_AS_DUTY] = { "duty", "pflicht", "pflichtsolo", NULL },
	[DK_SOLO_AS_FORCED] = { "forced", "vorgef\xc3\xbchrt", "vorgefuehrt", NULL },
};
static const char *const throw_words[] = { "throw-in", "schmeissen", "schmei\xc3\x9f" "en", NULL };
static const char *const pass_words[] = { "poverty-pass", "passes", "gibt", "abgabe", NULL };
static const char *const decline_words[] = { "poverty-decline", "declines", "ablehnen",
					     "lehnt-ab", NULL };
static const char *const accept_words[] = { "poverty-accept", "accepts", "nimmt",
					    "annehmen", NULL };
static const char *const return_words[] = { "poverty-return", "returns", "zur\xc3\xbc" "ck",
					    "zurueck", "r\xc3\xbc" "ckgabe", NULL };
static const char *const report_words[] = { "poverty-report", "reports", "meldet", NULL };

typedef struct solo_word {
	const char *word;
	dk_solo_kind kind;
} solo_word;

static const solo_word solo_words[] = {
	{ "queens", DK_SOLO_QUEENS }, { "damen", DK_SOLO_QUEENS }, { "damensolo", DK_SOLO_QUEENS },
	{ "jacks", DK_SOLO_JACKS }, { "buben", DK_SOLO_JACKS }, { "bubensolo", DK_SOLO_JACKS },
	{ "clubs", DK_SOLO_CLUBS }, { "kreuz", DK_SOLO_CLUBS }, { "kreuzsolo", DK_SOLO_CLUBS },
	{ "spades", DK_SOLO_SPADES }, { "pik", DK_SOLO_SPADES }, { "piksolo", DK_SOLO_SPADES },
	{ "hearts", DK_SOLO_HEARTS }, { "herz", DK_SOLO_HEARTS }, { "herzsolo", DK_SOLO_HEARTS },
	{ "diamonds", DK_SOLO_DIAMONDS }, { "karo", DK_SOLO_DIAMONDS },
	{ "karosolo", DK_SOLO_DIAMONDS },
	{ "pure-clubs", DK_SOLO_PURE_CLUBS }, { "reines-kreuz", DK_SOLO_PURE_CLUBS },
	{ "pure-spades", DK_SOLO_PURE_SPADES }, { "reines-pik", DK_SOLO_PURE_SPADES },
	{ "pure-hearts", DK_SOLO_PURE_HEARTS }, { "reines-herz", DK_SOLO_PURE_HEARTS },
	{ "pure-diamonds", DK_SOLO_PURE_DIAMONDS }, { "reines-karo", DK_SOLO_PURE_DIAMONDS },
	{ "trumps", DK_SOLO_TRUMPS }, { "trumpf", DK_SOLO_TRUMPS }, { "trumpfsolo", DK_SOLO_TRUMPS },
	{ "fleischlos", DK_SOLO_FLEISCHLOS }, { "fleischloser", DK_SOLO_FLEISCHLOS },
	{ "as-solo", DK_SOLO_FLEISCHLOS },
	{ "koehler", DK_SOLO_KOEHLER }, { "k\xc3\xb6hler", DK_SOLO_KOEHLER },
	{ "kings", DK_SOLO_KINGS }, { "koenige", DK_SOLO_KINGS }, { "k\xc3\xb6nige", DK_SOLO_KINGS },
	{ "koenigssolo", DK_SOLO_KINGS }, { "k\xc3\xb6nigssolo", DK_SOLO_KINGS },
	{ "queens-jacks", DK_SOLO_QUEENS_JACKS }, { "damen-buben", DK_SOLO_QUEENS_JACKS },
	{ "kings-jacks", DK_SOLO_KINGS_JACKS }, { "koenige-buben", DK_SOLO_KINGS_JACKS },
	{ "k\xc3\xb6nige-buben", DK_SOLO_KINGS_JACKS },
	{ "kings-queens", DK_SOLO_KINGS_QUEENS }, { "koenige-damen", DK_SOLO_KINGS_QUEENS },
	{ "k\xc3\xb6nige-damen", DK_SOLO_KINGS_QUEENS },
	{ NULL, DK_SOLO_NONE },
};

static dk_solo_kind solo_of(const tok *k)
{
	for (int i = 0; solo_words[i].word; i++)
		if (word_is(k->s, k->n, solo_words[i].word))
			return solo_words[i].kind;
	/* and the record format's own name of every kind */
	for (int i = 1; i < DK_SOLO_KIND_COUNT; i++)
		if (dk_solo_kind_name((dk_solo_kind)i) &&
		    word_is(k->s, k->n, dk_solo_kind_name((dk_solo_kind)i)))
			return (dk_solo_kind)i;
	return DK_SOLO_NONE;
}

static const char *const cond_words[DK_MARRIAGE_COND_COUNT][4] = {
	[DK_MARRIAGE_FIRST_TRICK] = { "first-trick", "erster-stich", NULL },
	[DK_MARRIAGE_FIRST_FEHL_TRICK] = { "first-fehl-trick", "erster-fehlstich", NULL },
	[DK_MARRIAGE_FIRST_TRUMP_TRICK] = { "first-trump-trick", "erster-trumpfstich", NULL },
	[DK_MARRIAGE_FIRST_CLUB_TRICK] = { "first-club-trick", "erster-kreuzstich", NULL },
	[DK_MARRIAGE_FIRST_SPADE_TRICK] = { "first-spade-trick", "erster-pikstich", NULL },
	[DK_MARRIAGE_FIRST_HEART_TRICK] = { "first-heart-trick", "erster-herzstich", NULL },
};

static const char *const reason_words[DK_THROW_REASON_COUNT][5] = {
	[DK_THROW_FIVE_KINGS] = { "five-kings", "f\xc3\xbc" "nf-k\xc3\xb6" "nige",
				  "fuenf-koenige", NULL },
	[DK_THROW_FIVE_NINES] = { "five-nines", "f\xc3\xbc" "nf-neunen", "fuenf-neunen", NULL },
	[DK_THROW_FEW_TRUMPS] = { "few-trumps", "wenig-tr\xc3\xbc" "mpfe", "wenig-truempfe",
				  NULL },
};

/* one bid: t[0] the player, t[1] the word, t[2..n) its arguments */
static void read_bid(dk_doko_reader *r, const tok *t, size_t n)
{
	if (n < 2) {
		doko_err(r, t[0].loc, DK_MSG_NT_BID_FORM);
		return;
	}
	int seat = seat_of(r, &t[0]);
	if (!seat)
		return;
	GROW(r->bids, r->nbids, r->bid_cap);
	dk_bid *b = &r->bids[r->nbids];
	memset(b, 0, sizeof(*b));
	b->seat = seat;
	b->loc = t[0].loc;
	b->trumps = -1;
	const tok *w = &t[1];
	size_t args = 2;
	dk_solo_kind sk = DK_SOLO_NONE;
	if (word_in(w->s, w->n, healthy_words) >= 0) {
		b->kind = DK_BID_HEALTHY;
	} else if (word_in(w->s, w->n, reservation_words) >= 0) {
		b->kind = DK_BID_RESERVATION;
	} else if (word_is(w->s, w->n, "solo") || (sk = solo_of(w)) != DK_SOLO_NONE) {
		b->kind = DK_BID_SOLO;
		if (word_is(w->s, w->n, "solo")) {
			if (n < 3 || (sk = solo_of(&t[2])) == DK_SOLO_NONE) {
				doko_err(r, n < 3 ? w->loc : t[2].loc, DK_MSG_NT_WHICH_SOLO);
				return;
			}
			args = 3;
		}
		b->solo = sk;
		for (int k = 1; args < n && k < DK_SOLO_AS_COUNT; k++)
			if (word_in(t[args].s, t[args].n, solo_as_words[k]) >= 0) {
				b->as = (dk_solo_as)k;
				args++;
				break;
			}
		for (size_t i = args; i < n; i++) {
			size_t at = i;
			dk_call c = call_at(t, n, &i);
			if (c == DK_CALL_NONE) {
				doko_err(r, t[at].loc, DK_MSG_NT_NOT_AN_ANNOUNCEMENT,
				    t[at].s);
				return;
			}
			if (b->call_count == DK_MAX_BID_CALLS) {
				doko_err(r, t[at].loc, DK_MSG_NT_SOLO_CALLS, DK_MAX_BID_CALLS);
				return;
			}
			b->calls[b->call_count++] = c;
		}
		args = n;
	} else if (word_in(w->s, w->n, marriage_words) >= 0) {
		b->kind = DK_BID_MARRIAGE;
		if (n > 2) {
			int c = -1;
			for (int k = 1; k < DK_MARRIAGE_COND_COUNT && c < 0; k++)
				if (word_in(t[2].s, t[2].n, cond_words[k]) >= 0 ||
				    (dk_marriage_cond_name((dk_marriage_cond)k) &&
				     word_is(t[2].s, t[2].n, dk_marriage_cond_name((dk_marriage_cond)k))))
					c = k;
			if (c < 0) {
				doko_err(r, t[2].loc, DK_MSG_NT_MARRIAGE_COND, t[2].s);
				return;
			}
			b->condition = (dk_marriage_cond)c;
			args = 3;
		}
	} else if (word_in(w->s, w->n, poverty_words) >= 0) {
		b->kind = DK_BID_POVERTY;
	} else if (word_in(w->s, w->n, swine_words) >= 0) {
		/* swines shown before a poverty's exchange (swines.in_poverty) */
		b->kind = DK_BID_SWINE_SHOWN;
	} else if (word_in(w->s, w->n, throw_words) >= 0) {
		b->kind = DK_BID_THROW_IN;
		if (n > 2) {
			int c = -1;
			for (int k = 1; k < DK_THROW_REASON_COUNT && c < 0; k++)
				if (word_in(t[2].s, t[2].n, reason_words[k]) >= 0 ||
				    (dk_throw_reason_name((dk_throw_reason)k) &&
				     word_is(t[2].s, t[2].n, dk_throw_reason_name((dk_throw_reason)k))))
					c = k;
			if (c < 0) {
				doko_err(r, t[2].loc, DK_MSG_NT_THROW_REASON, t[2].s);
				return;
			}
			b->reason = (dk_throw_reason)c;
			args = 3;
		}
	} else if (word_in(w->s, w->n, pass_words) >= 0 || word_in(w->s, w->n, return_words) >= 0) {
		b->kind = word_in(w->s, w->n, pass_words) >= 0 ? DK_BID_POVERTY_PASS
							       : DK_BID_POVERTY_RETURN;
		for (size_t i = 2; i < n; i++) {
			dk_card c;
			if (!dk_doko_card_parse(&c, t[i].s, t[i].n)) {
				doko_err(r, t[i].loc, DK_MSG_NT_NOT_A_CARD, t[i].s);
				return;
			}
			if (b->card_count == DK_MAX_PASS) {
				doko_err(r, t[i].loc, DK_MSG_NT_POVERTY_CARDS,
				    DK_MAX_PASS);
				return;
			}
			b->cards[b->card_count++] = c;
		}
		args = n;
	} else if (word_in(w->s, w->n, decline_words) >= 0) {
		b->kind = DK_BID_POVERTY_DECLINE;
	} else if (word_in(w->s, w->n, accept_words) >= 0) {
		b->kind = DK_BID_POVERTY_ACCEPT;
	} else if (word_in(w->s, w->n, report_words) >= 0) {
		b->kind = DK_BID_POVERTY_REPORT;
		long v;
		if (args < n && !t[args].quoted && parse_long(t[args].s, t[args].n, 0, 6, &v)) {
			b->trumps = (int)v;
			args++;
		}
		if (args < n && t[args].quoted) {
			b->text = t[args].s;
			args++;
		}
	} else {
		doko_err(r, w->loc, DK_MSG_NT_NOT_A_BID, w->s);
		return;
	}
	if (args < n) {
		doko_err(r, t[args].loc, DK_MSG_NT_AFTER_BID, t[args].s);
		return;
	}
	r->nbids++;
}

static void read_bids(dk_doko_reader *r, tok *t, size_t nt)
{
	r->game.has_bidding = true;
	if (!r->game.bidding_loc.line)
		r->game.bidding_loc = t[0].loc;
	size_t i = 1;
	while (i < nt) {
		size_t j = i + 1;
		while (j < nt && !t[j].comma)
			j++;
		read_bid(r, t + i, j - i);
		i = j;
	}
}

static void add_points(dk_doko_reader *r, dk_seat_points **arr, size_t *count, int seat,
		       long v, dk_loc loc, dk_msg twice)
{
	for (size_t i = 0; i < *count; i++)
		if ((*arr)[i].seat == seat) {
			doko_err(r, loc, twice, doko_player_name(r, seat));
			return;
		}
	dk_seat_points *p = dk_arena_alloc(&r->arena, (*count + 1) * sizeof(*p));
	if (*count)
		memcpy(p, *arr, *count * sizeof(*p));
	p[*count].seat = seat;
	p[*count].points = v;
	p[*count].loc = loc;
	*arr = p;
	(*count)++;
}

/* the largest value a result may give a game: far beyond any real one */
#define DK_RESULT_VALUE_MAX 100000

/* an unsigned number, as a game's value is written */
static bool is_value(const tok *t)
{
	long x;
	return !t->colon && !t->quoted && t->n > 0 && t->s[0] >= '0' && t->s[0] <= '9' &&
	       parse_long(t->s, t->n, 0, DK_RESULT_VALUE_MAX, &x);
}

/* a number with its sign, as a player's score is written */
static bool is_signed(const tok *t)
{
	long x;
	return !t->colon && !t->quoted && t->n > 1 && (t->s[0] == '+' || t->s[0] == '-') &&
	       parse_long(t->s, t->n, -1000000000L, 1000000000L, &x);
}

static void read_result(dk_doko_reader *r, int h, tok *t, size_t nt)
{
	dk_recorded *rec = &r->game.recorded;
	if (!rec->present) {
		rec->present = true;
		rec->loc = t[0].loc;
		rec->re_points = rec->kontra_points = -1;
	}
	for (size_t i = 1; i < nt; i++) {
		tok *k = &t[i];
		long v;
		if (h == H_RESULT && !k->colon && !k->quoted) {
			if (word_is(k->s, k->n, "re") || word_is(k->s, k->n, "kontra") ||
			    word_is(k->s, k->n, "contra") || word_is(k->s, k->n, "none") ||
			    word_is(k->s, k->n, "niemand") || word_is(k->s, k->n, "keiner")) {
				if (rec->winner != DK_PARTY_NONE || rec->winner_none) {
					doko_err(r, k->loc, DK_MSG_NT_WINNER_TWICE);
					return;
				}
				if (word_is(k->s, k->n, "re"))
					rec->winner = DK_PARTY_RE;
				else if (k->s[0] == 'k' || k->s[0] == 'K' || k->s[0] == 'c' ||
					 k->s[0] == 'C')
					rec->winner = word_is(k->s, k->n, "keiner") ? DK_PARTY_NONE
										   : DK_PARTY_KONTRA;
				else
					rec->winner = DK_PARTY_NONE;
				rec->winner_none = rec->winner == DK_PARTY_NONE;
				if (word_is(k->s, k->n, "wins") || (i + 1 < nt &&
				    (word_is(t[i + 1].s, t[i + 1].n, "wins") ||
				     word_is(t[i + 1].s, t[i + 1].n, "gewinnt"))))
					i++;
				/* the value, as a sheet holds it: "kontra 3"; a number
				 * followed by a signed one is a seat and its score */
				if (i + 1 < nt && is_value(&t[i + 1]) &&
				    !(i + 2 < nt && is_signed(&t[i + 2]))) {
					long x;
					parse_long(t[i + 1].s, t[i + 1].n, 0, DK_RESULT_VALUE_MAX, &x);
					rec->has_value = true;
					rec->value = (int)x;
					i++;
				}
				continue;
			}
			if (is_value(k) && !(i + 1 < nt && is_signed(&t[i + 1]))) {
				doko_err(r, k->loc, DK_MSG_NT_VALUE_WITHOUT_WINNER, k->s, k->s, k->s);
				return;
			}
			const char *colon = memchr(k->s, ':', k->n);
			const char *eq = memchr(k->s, '=', k->n);
			if (colon || eq) {
				long a = -1, b = -1;
				bool ok;
				if (colon) {
					ok = parse_long(k->s, (size_t)(colon - k->s), 0, 240, &a) &&
					     parse_long(colon + 1, k->n - (size_t)(colon - k->s) - 1, 0,
							240, &b);
				} else {
					size_t kn = (size_t)(eq - k->s);
					long x;
					ok = parse_long(eq + 1, k->n - kn - 1, 0, 240, &x);
					if (ok && word_is(k->s, kn, "re"))
						a = x;
					else if (ok && (word_is(k->s, kn, "kontra") ||
							word_is(k->s, kn, "contra")))
						b = x;
					else
						ok = false;
				}
				if (!ok) {
					doko_err(r, k->loc, DK_MSG_NT_CARD_POINTS, k->s);
					return;
				}
				if (a >= 0)
					rec->re_points = (int)a;
				if (b >= 0)
					rec->kontra_points = (int)b;
				continue;
			}
		}
		/* a player and a number */
		if (h == H_RESULT && doko_players(r) && !find_seat(r, k)) {
			doko_err(r, k->loc, DK_MSG_NT_RESULT_ITEM, k->s, doko_players(r)->count ?
				 doko_players(r)->items[0].name : "Anna");
			return;
		}
		int seat = seat_of(r, k);
		if (!seat)
			return;
		if (i + 1 >= nt || !parse_long(t[i + 1].s, t[i + 1].n, -1000000000L, 1000000000L,
					       &v)) {
			doko_err(r, i + 1 < nt ? t[i + 1].loc : k->loc, DK_MSG_NT_NUMBER_AFTER_NAME, k->s, k->s);
			return;
		}
		i++;
		if (h == H_RESULT)
			add_points(r, &rec->scores, &rec->score_count, seat, v, k->loc, DK_MSG_NT_TWO_SCORES);
		else
			add_points(r, &rec->totals, &rec->total_count, seat, v, k->loc, DK_MSG_NT_TWO_TOTALS);
	}
}

static void read_hand(dk_doko_reader *r, const line *l, tok *t, size_t nt)
{
	if (nt < 2 || !t[1].colon) {
		doko_err(r, t[0].loc, DK_MSG_NT_HAND_FORM);
		return;
	}
	int seat = seat_of(r, &t[1]);
	if (!seat)
		return;
	for (int i = 0; i < r->nhands; i++)
		if (r->hands[i].seat == seat) {
			doko_err(r, t[1].loc, DK_MSG_NT_HAND_TWICE, t[1].s);
			return;
		}
	if (r->nhands == DK_PLAYING_SEATS) {
		doko_err(r, t[0].loc, DK_MSG_NT_FIFTH_HAND);
		return;
	}
	given_hand *g = &r->hands[r->nhands];
	memset(g, 0, sizeof(*g));
	g->seat = seat;
	g->name_loc = t[1].loc;
	g->line = l->no;
	g->hand.seat = seat;
	g->hand.loc = t[0].loc;
	for (size_t i = 2; i < nt; i++) {
		dk_card c;
		if (t[i].colon || !dk_doko_card_parse(&c, t[i].s, t[i].n)) {
			doko_err(r, t[i].loc, DK_MSG_NT_HAND_NOT_CARD, t[i].s, t[1].s);
			return;
		}
		if (g->hand.count == DK_MAX_HAND) {
			doko_err(r, t[i].loc, DK_MSG_NT_HAND_TOO_MANY,
			    t[1].s, DK_MAX_HAND, t[i].s, i - 1);
			return;
		}
		g->hand.card_loc[g->hand.count] = t[i].loc;
		g->hand.cards[g->hand.count++] = c;
	}
	r->nhands++;
}

/* a card played a third time is a typing error, found as it is read */
static void check_thrice(dk_doko_reader *r)
{
	int seen[DK_CARD_KINDS] = { 0 };
	size_t where[DK_CARD_KINDS][2];
	for (size_t i = 0; i < r->nev; i++) {
		const dk_event *e = &r->ev[i];
		if (e->kind != DK_EV_CARD)
			continue;
		if (seen[e->card] == 2) {
			const dk_event *a = &r->ev[where[e->card][0]], *b = &r->ev[where[e->card][1]];
			doko_err(r, e->loc, DK_MSG_NT_THIRD_TIME,
			    dk_card_code(e->card), r->aux[i].trick, r->aux[where[e->card][0]].trick,
			    a->loc.line, r->aux[where[e->card][1]].trick, b->loc.line);
			return;
		}
		where[e->card][seen[e->card]++] = i;
	}
}

/* read lines [from, to) into the current game; heads first, then the rest */
static void read_game_lines(dk_doko_reader *r, ctx *c, size_t from, size_t to, int pass)
{
	r->quiet = pass > 0;
	for (size_t i = from; i < to; i++) {
		const line *l = &r->lines[i];
		if (l->kind != L_OTHER)
			continue;
		tok *t;
		size_t nt = tokenize(r, l, &t);
		if (nt == 0)
			continue;
		int h = t[0].colon && !t[0].quoted ? header_of(t[0].s, t[0].n) : -1;
		bool hand = !t[0].colon && !t[0].quoted && word_in(t[0].s, t[0].n, hand_words) >= 0 &&
			    nt > 1;
		bool body = h == H_BIDS || h == H_PLAY || h == H_RESULT || h == H_TOTALS || hand ||
			    h < 0;
		if (pass == 0 && h == H_DEALER) {
			if (c->seen[h] && !c->from_head) {
				doko_err(r, t[0].loc, DK_MSG_NT_HEADER_TWICE, t[0].s);
				continue;
			}
			if (!c->from_head)
				c->seen[h] = true;
			r->has_dealer = true;
			r->dealer_loc = nt > 1 ? t[1].loc : t[0].loc;
			continue;  /* its name is read when the players are known */
		}
		if (pass == 0 && !body) {
			if (h == H_EXCHANGE) {
				if (nt != 2 || !word_is(t[1].s, t[1].n, "unknown")) {
					doko_err(r, t[0].loc, DK_MSG_NT_ONLY_UNKNOWN, t[0].s);
					continue;
				}
				r->game.exchange_unknown = true;
				continue;
			}
			read_header(r, c, l, h, t, nt);
			continue;
		}
		if (pass == 1 && h == H_DEALER) {
			if (nt != 2) {
				doko_err(r, t[0].loc, DK_MSG_NT_ONE_PLAYER, t[0].s);
				continue;
			}
			r->game.deal.dealer = seat_of(r, &t[1]);
			r->game.deal.loc = t[0].loc;
			continue;
		}
		if (pass != 1 || !body)
			continue;
		if (c->from_head) {
			doko_err(r, t[0].loc, DK_MSG_NT_BEFORE_FIRST_GAME);
			continue;
		}
		if (hand)
			read_hand(r, l, t, nt);
		else if (h == H_BIDS)
			read_bids(r, t, nt);
		else if (h == H_PLAY) {
			r->game.has_play = true;
			if (!r->game.play_loc.line)
				r->game.play_loc = t[0].loc;
			if (nt > 1)
				read_play_line(r, l, t + 1, nt - 1);
		} else if (h == H_RESULT || h == H_TOTALS)
			read_result(r, h, t, nt);
		else if (t[0].colon && header_of(t[0].s, t[0].n) < 0 && nt == 1)
			doko_err(r, t[0].loc, DK_MSG_NT_NOT_A_HEADER, t[0].s);
		else
			read_play_line(r, l, t, nt);
	}
}

static void game_start(dk_doko_reader *r)
{
	dk_arena_reset(&r->arena);
	memset(&r->game, 0, sizeof(r->game));
	r->game_ok = true;
	r->resolved = false;
	r->quiet = false;
	r->nev = r->nbids = r->nnotes = 0;
	r->ntricks = 0;
	r->nhands = 0;
	r->has_dealer = false;
	r->dealer_loc = DK_LOC_NONE;
}

static void game_ctx(dk_doko_reader *r, ctx *c)
{
	memset(c, 0, sizeof(*c));
	c->meta = &r->game.meta;
	c->has_rules = &r->game.has_rules;
	c->rules = &r->game.rules;
	c->has_players = &r->game.has_players;
	c->players = &r->game.players;
	c->arena = &r->arena;
}

/* the comment lines just before line i, joined */
static void comments_before(dk_doko_reader *r, size_t i, const char *const **out, size_t *count)
{
	size_t k = i;
	while (k > 0 && r->lines[k - 1].kind == L_BLANK) {
		const char *s = r->lines[k - 1].s;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '#')
			break;
		k--;
	}
	*count = 0;
	*out = NULL;
	if (k == i)
		return;
	dk_buf b;
	dk_buf_init(&b);
	for (size_t j = k; j < i; j++) {
		const char *s = r->lines[j].s;
		while (*s == ' ' || *s == '\t')
			s++;
		s++;
		if (*s == ' ')
			s++;
		dk_buf_printf(&b, "%s%s", j > k ? "\n" : "", s);
	}
	const char **c = dk_arena_alloc(&r->arena, sizeof(*c));
	c[0] = dk_arena_strndup(&r->arena, b.data ? b.data : "", b.len);
	dk_buf_release(&b);
	*out = c;
	*count = 1;
}

static dk_read_item read_game(dk_doko_reader *r, size_t from, size_t to, size_t game_line)
{
	game_start(r);
	r->game.index = ++r->game_count;
	r->game.session = r->in_session ? &r->session : NULL;
	r->game.recorded.re_points = r->game.recorded.kontra_points = -1;
	ctx c;
	game_ctx(r, &c);
	if (game_line != (size_t)-1) {
		const line *l = &r->lines[game_line];
		r->game.loc = mkloc(l->no, 1);
		const char *p = l->s;
		while (*p == ' ' || *p == '\t')
			p++;
		p += strcspn(p, " \t#");
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = strcspn(p, "#");
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
			n--;
		if (n)
			r->game.meta.number = dk_arena_strndup(&r->arena, p, n);
		comments_before(r, game_line, &r->game.comments, &r->game.comment_count);
	} else {
		size_t k = from;
		while (k < to && r->lines[k].kind != L_OTHER)
			k++;
		r->game.loc = mkloc(k < to ? r->lines[k].no : 1, 1);
	}
	/* the file's head is shared by every game when the file has game lines */
	bool shared = r->has_game_lines && !r->in_session && r->head_end > 0;
	for (int pass = 0; pass < 2; pass++) {
		if (shared) {
			c.from_head = true;
			read_game_lines(r, &c, 0, r->head_end, pass);
			c.from_head = false;
		}
		read_game_lines(r, &c, from, to, pass);
	}
	if (!r->has_dealer)
		doko_err(r, r->game.loc, DK_MSG_NT_NO_DEALER, r->game.index);
	if (!doko_players(r))
		doko_err(r, r->game.loc, DK_MSG_NT_NO_PLAYERS,
		    r->game.index);
	check_thrice(r);
	r->game.events = r->ev;
	r->game.event_count = r->nev > DK_DOKO_MAX_EVENTS ? DK_DOKO_MAX_EVENTS : r->nev;
	r->game.bids = r->bids;
	r->game.bid_count = r->nbids;
	r->game.notes = r->notes;
	r->game.note_count = r->nnotes;
	if (!r->game.has_play && r->nev)
		r->game.has_play = true;
	return DK_READ_GAME;
}

static dk_read_item read_session(dk_doko_reader *r, size_t at, size_t to)
{
	dk_arena_reset(&r->session_arena);
	memset(&r->session, 0, sizeof(r->session));
	game_start(r);
	r->session.index = ++r->session_count;
	r->session.bock_pending = -1;
	r->session.loc = mkloc(r->lines[at].no, 1);
	r->in_session = true;
	ctx c;
	memset(&c, 0, sizeof(c));
	c.meta = &r->session.meta;
	c.has_rules = &r->session.has_rules;
	c.rules = &r->session.rules;
	c.has_players = &r->session.has_players;
	c.players = &r->session.players;
	c.arena = &r->session_arena;
	c.in_session_head = true;
	for (size_t i = at + 1; i < to; i++) {
		const line *l = &r->lines[i];
		if (l->kind != L_OTHER)
			continue;
		tok *t;
		size_t nt = tokenize(r, l, &t);
		if (!nt)
			continue;
		int h = t[0].colon ? header_of(t[0].s, t[0].n) : -1;
		if (h < 0 || h == H_DEALER || h == H_BIDS || h == H_PLAY || h == H_RESULT ||
		    h == H_TOTALS || h == H_EXCHANGE) {
			doko_err(r, t[0].loc, DK_MSG_NT_SESSION_HEAD);
			continue;
		}
		read_header(r, &c, l, h, t, nt);
	}
	const char *const *cm;
	size_t ncm;
	comments_before(r, at, &cm, &ncm);
	if (ncm) {
		const char **copy = dk_arena_alloc(&r->session_arena, sizeof(*copy));
		copy[0] = dk_arena_strdup(&r->session_arena, cm[0]);
		r->session.comments = copy;
		r->session.comment_count = 1;
	}
	r->session_ok = r->game_ok;
	return DK_READ_SESSION_START;
}

/* the next line at or after i that starts a game, a session or ends one */
static size_t next_mark(const dk_doko_reader *r, size_t i)
{
	while (i < r->nlines && r->lines[i].kind != L_GAME && r->lines[i].kind != L_SESSION &&
	       r->lines[i].kind != L_END)
		i++;
	return i;
}

dk_read_item dk_doko_reader_next(dk_doko_reader *r, dk_diag *diag)
{
	r->diag = diag;
	if (r->failed)
		return DK_READ_ERROR;
	if (!r->head_done) {
		r->head_done = true;
		r->pos = r->head_end;
		if (!r->has_game_lines) {
			/* the file is one game, unless it holds nothing but sessions */
			bool content = false;
			for (size_t i = 0; i < r->head_end && !content; i++)
				content = r->lines[i].kind == L_OTHER;
			if (content || r->head_end == r->nlines)
				if (content)
					return read_game(r, 0, r->head_end, (size_t)-1);
		} else {
			/* a session's header lines may not stand before the first game */
		}
	}
	if (r->pos >= r->nlines) {
		if (r->in_session) {
			r->in_session = false;
			return DK_READ_SESSION_END;
		}
		return DK_READ_END;
	}
	const line *l = &r->lines[r->pos];
	if (l->kind == L_SESSION) {
		if (r->in_session) {
			r->in_session = false;
			return DK_READ_SESSION_END;
		}
		size_t at = r->pos;
		size_t to = next_mark(r, at + 1);
		r->pos = to;
		return read_session(r, at, to);
	}
	if (l->kind == L_END) {
		r->pos++;
		if (!r->in_session) {
			game_start(r);
			doko_err(r, mkloc(l->no, 1), DK_MSG_NT_END_NO_SESSION);
			r->failed = true;
			r->status = DK_IO_INVALID;
			return DK_READ_ERROR;
		}
		r->in_session = false;
		return DK_READ_SESSION_END;
	}
	if (l->kind != L_GAME) {
		/* after 'end session': blank lines, or text outside any game */
		size_t i = r->pos;
		while (i < r->nlines && r->lines[i].kind == L_BLANK)
			i++;
		if (i < r->nlines && r->lines[i].kind == L_OTHER) {
			game_start(r);
			doko_err(r, mkloc(r->lines[i].no, 1), DK_MSG_NT_OUTSIDE_GAME);
			r->failed = true;
			r->status = DK_IO_INVALID;
			return DK_READ_ERROR;
		}
		r->pos = i;
		return dk_doko_reader_next(r, diag);
	}
	size_t at = r->pos;
	size_t to = next_mark(r, at + 1);
	r->pos = to;
	return read_game(r, at + 1, to, at);
}


/*
 * fmt_doko_read.c - the dokoref notation into the record model; see
 * fmt_doko.h and formats/dokoref-notation.md.
 *
 * The file is read whole, screened (NUL bytes, UTF-8, line length) and cut
 * into lines.  Lines are then taken game by game: a `session` line opens a
 * session whose header lines follow, a `game` line opens a game, and a file
 * without any `game` line is one game.  Within a game the header lines are
 * read first (the players must be known to read the play), then the
 * bidding, the play and the result in the order written.  This file walks
 * the lines and hands each to its reader: the header lines and the result
 * to fmt_doko_head.c, the hands, the bidding and the play to
 * fmt_doko_play.c; all of them say their errors and find the players
 * through fmt_doko_util.c.
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

void dk_doko_reader_set_lang(dk_doko_reader *r, dk_lang lang)
{
	r->lang = lang;
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
		k->loc = doko_loc_at(l, p);
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
		if (doko_word_in(s, n, header_words[h]) >= 0)
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
	if (doko_word_in(s, n, game_words) >= 0)
		return L_GAME;
	if (doko_word_in(s, n, session_words) >= 0 && n == len)
		return L_SESSION;
	if (doko_word_in(s, n, end_words) >= 0) {
		const char *p = s + n;
		size_t rest = len - n;
		while (rest && (*p == ' ' || *p == '\t')) {
			p++;
			rest--;
		}
		if (rest == 0 || doko_word_in(p, rest, session_words) >= 0)
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
			if (doko_word_in(p, w, hand_words) >= 0)
				return true;
			return false;
		}
		if (!nl)
			break;
		p = nl + 1;
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

/* ---- games and sessions ------------------------------------------------- */

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
		bool hand = !t[0].colon && !t[0].quoted && doko_word_in(t[0].s, t[0].n, hand_words) >= 0 &&
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
				if (nt != 2 || !doko_word_is(t[1].s, t[1].n, "unknown")) {
					doko_err(r, t[0].loc, DK_MSG_NT_ONLY_UNKNOWN, t[0].s);
					continue;
				}
				r->game.exchange_unknown = true;
				continue;
			}
			doko_read_header(r, c, l, h, t, nt);
			continue;
		}
		if (pass == 1 && h == H_DEALER) {
			if (nt != 2) {
				doko_err(r, t[0].loc, DK_MSG_NT_ONE_PLAYER, t[0].s);
				continue;
			}
			r->game.deal.dealer = doko_seat_of(r, &t[1]);
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
			doko_read_hand(r, l, t, nt);
		else if (h == H_BIDS)
			doko_read_bids(r, t, nt);
		else if (h == H_PLAY) {
			r->game.has_play = true;
			if (!r->game.play_loc.line)
				r->game.play_loc = t[0].loc;
			if (nt > 1)
				doko_read_play_line(r, l, t + 1, nt - 1);
		} else if (h == H_RESULT || h == H_TOTALS)
			doko_read_result(r, h, t, nt);
		else if (t[0].colon && header_of(t[0].s, t[0].n) < 0 && nt == 1)
			doko_err(r, t[0].loc, DK_MSG_NT_NOT_A_HEADER, t[0].s);
		else
			doko_read_play_line(r, l, t, nt);
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
		r->game.loc = doko_mkloc(l->no, 1);
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
		r->game.loc = doko_mkloc(k < to ? r->lines[k].no : 1, 1);
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
	doko_check_thrice(r);
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
	r->session.loc = doko_mkloc(r->lines[at].no, 1);
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
		doko_read_header(r, &c, l, h, t, nt);
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
			doko_err(r, doko_mkloc(l->no, 1), DK_MSG_NT_END_NO_SESSION);
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
			doko_err(r, doko_mkloc(r->lines[i].no, 1), DK_MSG_NT_OUTSIDE_GAME);
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


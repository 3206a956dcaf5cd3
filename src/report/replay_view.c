/*
 * replay_view.c - a position drawn as a screen of cells; see replay_view.h.
 *
 * The layout for the minimum 80x24, and the same with more room:
 *
 *   title bar: file, game, game type, rule set | card n of m, trick t
 *               top player: name, party, what the table knows; hand
 *   left player                 the trick              right player
 *                               on the table
 *              bottom player (the first seat of the game)
 *   tricks and card points per player and party
 *   what was said (announcements, declarations)
 *   with --analyse: the value with best play, the cost of the card just played
 *   the findings up to this card with their rules; at the end the score
 *   the key line
 *
 * Text wider than its box is wrapped at spaces.  Widths count characters,
 * not bytes: every character dokoref prints here is one column wide.
 */
#include "replay_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#include "analysis.h"
#include "check_text.h"
#include "ruling_text.h"
#include "shown.h"
#include "view_words.h"
#include "verdict_text.h"

/* ---- the grid --------------------------------------------------------- */

static int utf8_len(unsigned char c)
{
	return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

/* characters (columns) of s */
static int columns(const char *s)
{
	int n = 0;
	for (; *s; s += utf8_len((unsigned char)*s))
		n++;
	return n;
}

/* put s at row y, column x, no further than column x_end (exclusive);
 * returns the column after it */
static int put(dk_screen *s, int y, int x, int x_end, const char *t, dk_cell_attr a)
{
	if (y < 0 || y >= s->h)
		return x;
	if (x_end > s->w)
		x_end = s->w;
	while (*t && x < x_end) {
		int n = utf8_len((unsigned char)*t);
		int k = 0;
		for (; k < n && t[k]; k++)
			s->cells[y][x].ch[k] = t[k];
		s->cells[y][x].ch[k] = '\0';
		s->cells[y][x].attr = (unsigned char)a;
		t += k;
		x++;
	}
	return x;
}

/* text wrapped at spaces into rows y.. of columns x..x_end; at most
 * max_rows rows; returns the rows used */
static int put_wrapped(dk_screen *s, int y, int x, int x_end, int max_rows, const char *t,
		       dk_cell_attr a, int indent)
{
	int rows = 0;
	int width = x_end - x;
	while (*t && rows < max_rows) {
		int room = width - (rows ? indent : 0);
		if (room < 8)
			room = width;
		/* the longest prefix of at most room characters ending at a space */
		const char *p = t, *cut = NULL;
		int n = 0;
		while (*p && n < room) {
			if (*p == ' ')
				cut = p;
			p += utf8_len((unsigned char)*p);
			n++;
		}
		if (!*p)
			cut = p;
		else if (!cut || cut == t)
			cut = p;
		char line[1024];
		size_t len = (size_t)(cut - t) < sizeof(line) - 1 ? (size_t)(cut - t) : sizeof(line) - 1;
		memcpy(line, t, len);
		line[len] = '\0';
		put(s, y + rows, x + (rows ? indent : 0), x_end, line, a);
		rows++;
		t = cut;
		while (*t == ' ')
			t++;
	}
	return rows;
}

static void fill_row(dk_screen *s, int y, dk_cell_attr a)
{
	for (int x = 0; x < s->w; x++) {
		if (!s->cells[y][x].ch[0]) {
			s->cells[y][x].ch[0] = ' ';
			s->cells[y][x].ch[1] = '\0';
		}
		s->cells[y][x].attr = (unsigned char)a;
	}
}

/* ---- the pieces -------------------------------------------------------- */

/* a row of cards from column x, wrapped within x_end; returns rows used */
static int put_cards(dk_screen *s, dk_lang lang, int y, int x, int x_end, int max_rows,
		     const dk_card *cards, int n, dk_cell_attr a)
{
	int row = 0, col = x;
	for (int i = 0; i < n && row < max_rows; i++) {
		const char *sym = dk_view_card(lang, cards[i]);
		int w = columns(sym);
		if (col > x && col + w > x_end) {
			row++;
			col = x;
			if (row >= max_rows)
				break;
		}
		put(s, y + row, col, x_end, sym,
		    a == DK_CA_NORMAL && dk_view_red(cards[i]) ? DK_CA_RED : a);
		col += w + 1;
	}
	return n ? row + 1 : 0;
}

/* one player's box: name and party, what the table knows, the cards */
static void player_box(dk_screen *s, int y, int x, int x_end, int rows, const dk_verdict *v,
		       const dk_position *p, int seat, const dk_view_opts *o)
{
	dk_buf b;
	dk_buf_init(&b);
	const dk_game *g = v->game;
	bool to_play = p->next_seat == seat;
	dk_buf_printf(&b, "%s%s", to_play ? "> " : "", dk_view_name(g, seat));
	if (v->rp.party[seat] != DK_PARTY_NONE)
		dk_buf_printf(&b, " · %s", dk_view_party(o->lang, v->rp.party[seat]));
	put(s, y, x, x_end, b.data, to_play ? DK_CA_STRONG : DK_CA_NORMAL);
	dk_buf_clear(&b);
	if (v->rp.party[seat] != DK_PARTY_NONE) {
		dk_say(&b, o->lang, DK_MSG_RP_TABLE_KNOWS, p->known[seat] ? dk_view_party(o->lang,
			p->known[seat]) : "?");
		put(s, y + 1, x, x_end, b.data, DK_CA_DIM);
	}
	int used = put_cards(s, o->lang, y + 2, x, x_end, rows - 2, p->hand[seat], p->hand_n[seat],
			     DK_CA_NORMAL);
	if (o->all_cards && p->played_n[seat] && used < rows - 2) {
		dk_buf_clear(&b);
		dk_buf_puts(&b, dk_msg_text(o->lang, DK_MSG_RP_PLAYED));
		int c = put(s, y + 2 + used, x, x_end, b.data, DK_CA_DIM);
		put_cards(s, o->lang, y + 2 + used, c + 1, x_end, rows - 2 - used, p->played[seat],
			  p->played_n[seat], DK_CA_DIM);
	}
	dk_buf_release(&b);
}

/* the trick on the table, each card in front of its player */
static void trick_box(dk_screen *s, int y, int x0, int x1, const dk_verdict *v,
		      const dk_position *p, const dk_view_opts *o)
{
	int cx = (x0 + x1) / 2;
	const dk_replay *rp = &v->rp;
	/* bottom, left, top, right: the seats of the game in table order */
	static const int dy[4] = { 2, 1, 0, 1 }, dx[4] = { 0, -9, 0, 9 };
	if (p->table) {
		for (int i = 0; i < p->table_n; i++) {
			int k = 0;
			while (k < DK_PLAYING_SEATS && rp->seats[k] != p->table->seats[i])
				k++;
			if (k == DK_PLAYING_SEATS)
				continue;
			char cell[32];
			const char *sym = dk_view_card(o->lang, p->table->cards[i]);
			bool best = i == p->table_best;
			snprintf(cell, sizeof(cell), "%s%s%s", i == 0 ? ">" : " ", sym,
				 best ? "*" : " ");
			int w = columns(cell);
			put(s, y + dy[k], cx + dx[k] - w / 2, s->w, cell,
			    best ? DK_CA_STRONG : dk_view_red(p->table->cards[i]) ? DK_CA_RED : DK_CA_NORMAL);
		}
	}
	dk_buf b;
	dk_buf_init(&b);
	if (!p->table)
		dk_say(&b, o->lang, DK_MSG_RP_BEFORE);
	else if (p->trick_done)
		dk_say(&b, o->lang, DK_MSG_RP_TRICK_TO, p->trick, dk_view_name(v->game, p->table->winner),
		       p->table->points);
	else
		dk_say(&b, o->lang, DK_MSG_RP_WINNING,
		       dk_view_name(v->game, p->table->seats[p->table_best]));
	/* within the middle of the table, between the side players */
	int half = columns(b.data) / 2;
	put(s, y + 3, cx - half < x0 ? x0 : cx - half, x1, b.data, DK_CA_NORMAL);
	dk_buf_release(&b);
}

/* what was said up to this card */
static void said(dk_buf *b, const dk_verdict *v, const dk_position *p, dk_lang lang)
{
	const dk_game *g = v->game;
	int cards = 0, n = 0;
	for (size_t i = 0; i < p->events; i++) {
		const dk_event *e = &g->events[i];
		if (e->kind == DK_EV_CARD) {
			cards++;
			continue;
		}
		dk_buf_puts(b, n++ ? "; " : " ");
		dk_view_event(b, lang, g, e);
		dk_buf_puts(b, " (");
		dk_say(b, lang, DK_MSG_RP_AT_CARD, cards);
		dk_buf_putc(b, ')');
	}
	if (!n) {
		dk_buf_putc(b, ' ');
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_RP_NOTHING_SAID));
	}
}

/* the findings up to this card, the latest last, each with what it changes
 * as check says it, then (at the end) the score and the ruling; as many
 * rows as there are, what is needed least dropped */
static void lower_box(dk_screen *s, int y, int rows, const dk_verdict *v, const dk_position *p,
		      const dk_view_opts *o)
{
	if (rows <= 0)
		return;
	if (o->help) {
		put_wrapped(s, y, 0, s->w, rows, dk_msg_text(o->lang, DK_MSG_RP_HELP), DK_CA_NORMAL, 2);
		return;
	}
	/* the text of everything that may be shown, one entry per line of it */
	dk_buf b;
	dk_buf_init(&b);
	int shown = 0;
	for (int i = 0; i < v->rp.finding_count; i++) {
		const dk_finding *f = &v->rp.findings[i];
		/* up to this card; at the last one every finding, those after
		 * the record's last card too (a game broken off) */
		if (f->card > p->card && p->card < p->total)
			continue;
		shown++;
		dk_buf_printf(&b, "%s", dk_view_finding_name(o->lang, f->code));
		if (f->trick) {
			dk_buf_puts(&b, " (");
			dk_say(&b, o->lang, DK_MSG_RP_AT_CARD, f->card);
			dk_buf_puts(&b, ")");
		}
		dk_buf_puts(&b, ": ");
		dk_text_finding(&b, o->lang, f, v->game, &v->rp, v->rules);
		dk_buf_putc(&b, '\n');
		if (f->rule_key) {
			dk_buf_puts(&b, "  ");
			dk_text_rule_source(&b, o->lang, f, v->rules);
			dk_buf_putc(&b, '\n');
		}
		/* what it changes, as check says it: when it could be seen, the
		 * objection, and stands or counts, had it been reclaimed */
		dk_text_at_finding(&b, o->lang, v, i, true, false);
	}
	if (!shown) {
		dk_buf_puts(&b, dk_msg_text(o->lang, DK_MSG_RP_NO_FINDINGS));
		dk_buf_putc(&b, '\n');
	}
	size_t findings_end = shown ? b.len : 0;
	/* on the last card the score in detail, then the ruling: last, as
	 * the lines that do not fit give way from the top */
	if (p->card == p->total && v->scored)
		dk_text_verdict_score(&b, o->lang, v);
	if (p->card == p->total) {
		dk_text_ruling(&b, o->lang, v);
		dk_buf_putc(&b, '\n');
	}
	/* lay the lines out, wrapped; when they do not fit, the lines a
	 * finding needs least give way first (the figures under a cost, then
	 * what it changes, then its rule; a finding's own line, the score
	 * and the ruling last), the first of equal ones first; what still
	 * does not fit gives way from the top */
	enum { MAX_ROWS = 400 };
	static const int indent = 4;
	char *rowtext[MAX_ROWS];
	unsigned char rowattr[MAX_ROWS];
	int rowline[MAX_ROWS];       /* the text line a row is of */
	int rank[MAX_ROWS];          /* per text line: the higher, the longer it stays */
	int rowsof[MAX_ROWS];        /* per text line: its rows */
	int n = 0, lines = 0;
	int width = s->w;
	const char *line = b.data;
	while (line && *line && n < MAX_ROWS) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		/* a finding's own line stands out; its rule and the score do not */
		bool in_findings = line < b.data + findings_end;
		dk_cell_attr a = line[0] != ' ' && in_findings ? DK_CA_BAD : DK_CA_NORMAL;
		size_t lead = strspn(line, " ");
		rank[lines] = !in_findings ? 4 : lead == 0 ? 3 : lead <= 2 ? 2 : lead <= 6 ? 1 : 0;
		rowsof[lines] = 0;
		/* wrap this line at spaces */
		const char *t = line, *stop = line + len;
		bool first = true;
		while (t < stop && n < MAX_ROWS) {
			int room = width - (first ? 0 : indent);
			const char *q = t, *cut = NULL;
			int cols = 0;
			while (q < stop && cols < room) {
				if (*q == ' ')
					cut = q;
				q += utf8_len((unsigned char)*q);
				cols++;
			}
			if (q >= stop || !cut || cut == t)
				cut = q;
			size_t l = (size_t)(cut - t);
			rowtext[n] = dk_xcalloc(l + (size_t)indent + 1, 1);
			if (!first)
				memset(rowtext[n], ' ', (size_t)indent);
			memcpy(rowtext[n] + (first ? 0 : indent), t, l);
			rowattr[n] = (unsigned char)a;
			rowline[n] = lines;
			rowsof[lines]++;
			n++;
			first = false;
			t = cut;
			while (t < stop && *t == ' ')
				t++;
		}
		lines++;
		line = end ? end + 1 : NULL;
	}
	/* drop whole lines, the lowest rank first, while they do not fit */
	bool dropped[MAX_ROWS] = { false };
	int kept = n;
	for (int r = 0; r < 4 && kept > rows; r++)
		for (int k = 0; k < lines && kept > rows; k++)
			if (rank[k] == r) {
				dropped[k] = true;
				kept -= rowsof[k];
			}
	int from = kept > rows ? kept - rows : 0, at = 0;
	for (int i = 0; i < n; i++) {
		if (!dropped[rowline[i]]) {
			if (at >= from)
				put(s, y + at - from, 0, s->w, rowtext[i], (dk_cell_attr)rowattr[i]);
			at++;
		}
		free(rowtext[i]);
	}
	dk_buf_release(&b);
}

void dk_view_draw(dk_screen *s, int w, int h, const dk_verdict *v, const dk_position *p,
		  const dk_view_opts *o)
{
	s->w = w < DK_SCREEN_MIN_W ? DK_SCREEN_MIN_W : w > DK_SCREEN_MAX_W ? DK_SCREEN_MAX_W : w;
	s->h = h < DK_SCREEN_MIN_H ? DK_SCREEN_MIN_H : h > DK_SCREEN_MAX_H ? DK_SCREEN_MAX_H : h;
	for (int y = 0; y < s->h; y++)
		memset(s->cells[y], 0, (size_t)s->w * sizeof(dk_cell));
	const dk_game *g = v->game;
	const dk_replay *rp = &v->rp;
	dk_lang lang = o->lang;
	dk_buf b;
	dk_buf_init(&b);

	/* the title bar */
	dk_buf pos;
	dk_buf_init(&pos);
	if (p->card)
		dk_say(&pos, lang, DK_MSG_RP_POSITION, p->card, p->total, p->trick);
	else
		dk_buf_puts(&pos, dk_msg_text(lang, DK_MSG_RP_BEFORE));
	int right = s->w - columns(pos.data) - 1;
	dk_buf rest;
	dk_buf_init(&rest);
	dk_say(&rest, lang, DK_MSG_CK_GAME, "", g->index);
	dk_buf_puts(&rest, ": ");
	dk_text_game_type_in(&rest, lang, g, rp);
	dk_say(&rest, lang, DK_MSG_CK_RULES, v->rules->name);
	/* the path, control characters shown as '?' (the title bar is drawn
	 * on the terminal: a name does not steer it), cut from the left with
	 * "…" when the title does not fit */
	char *keep;
	const char *path = dk_shown(o->path ? o->path : "-", &keep);
	int room = right - 3 - columns(rest.data);
	int have = columns(path);
	if (have > room) {
		int drop = have - (room > 8 ? room : 8) + 1;
		while (drop-- > 0 && *path)
			path += utf8_len((unsigned char)*path);
		dk_buf_puts(&b, "…");
	}
	dk_buf_puts(&b, path);
	free(keep);
	dk_buf_puts(&b, rest.data);
	dk_buf_release(&rest);
	put(s, 0, 1, right - 1, b.data, DK_CA_TITLE);
	put(s, 0, right, s->w, pos.data, DK_CA_TITLE);
	fill_row(s, 0, DK_CA_TITLE);
	dk_buf_release(&pos);

	/* the table; more height goes to the findings */
	int side = (s->w - 30) / 2;
	int cx = s->w / 2;
	if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL) {
		int top = rp->seats[2], left = rp->seats[1], rt = rp->seats[3], bottom = rp->seats[0];
		int bw = side + 14 < 50 ? side + 14 : 50;
		player_box(s, 1, cx - bw / 2, cx - bw / 2 + bw, 4, v, p, top, o);
		player_box(s, 5, 0, side, 5, v, p, left, o);
		player_box(s, 5, s->w - side, s->w, 5, v, p, rt, o);
		trick_box(s, 5, side + 1, s->w - side - 1, v, p, o);
		player_box(s, 9, cx - bw / 2, cx - bw / 2 + bw, 4, v, p, bottom, o);
	}
	int y = 14;

	/* tricks and points, what was said */
	dk_buf_clear(&b);
	dk_buf_puts(&b, dk_msg_text(lang, DK_MSG_RP_TAKEN));
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int seat = rp->seats[k];
		dk_buf_printf(&b, " %s %d/%d", dk_view_name(g, seat), p->tricks_won[seat],
			      p->points_won[seat]);
	}
	dk_buf_printf(&b, " | %s %d : %s %d", dk_msg_text(lang, DK_MSG_PARTY_RE),
		      p->party_points[DK_PARTY_RE], dk_msg_text(lang, DK_MSG_PARTY_KONTRA),
		      p->party_points[DK_PARTY_KONTRA]);
	y -= 1;
	y += put_wrapped(s, y, 0, s->w, 2, b.data, DK_CA_NORMAL, 2);
	dk_buf_clear(&b);
	dk_buf_puts(&b, dk_msg_text(lang, DK_MSG_RP_SAID));
	said(&b, v, p, lang);
	y += put_wrapped(s, y, 0, s->w, 2, b.data, DK_CA_NORMAL, 2);

	/* the analysis at this position, a line (wrapped to two rows at most)
	 * for each thing it says */
	if (o->analysis) {
		dk_buf_clear(&b);
		dk_text_analysis_at(&b, lang, g, o->analysis, p->card);
		for (char *line = b.data; line && *line;) {
			char *end = strchr(line, '\n');
			if (end)
				*end = '\0';
			y += put_wrapped(s, y, 0, s->w, 2, line, DK_CA_NORMAL, 2);
			line = end ? end + 1 : NULL;
		}
	}

	/* findings (or help), score; the key line */
	lower_box(s, y, s->h - 1 - y, v, p, o);
	put(s, s->h - 1, 0, s->w, dk_msg_text(lang, DK_MSG_RP_KEYS), DK_CA_DIM);
	dk_buf_release(&b);
}

void dk_screen_text(dk_buf *b, const dk_screen *s)
{
	for (int y = 0; y < s->h; y++) {
		size_t start = b->len;
		size_t keep = start;
		for (int x = 0; x < s->w; x++) {
			const char *c = s->cells[y][x].ch[0] ? s->cells[y][x].ch : " ";
			dk_buf_puts(b, c);
			if (strcmp(c, " ") != 0)
				keep = b->len;
		}
		b->len = keep;
		if (b->data)
			b->data[b->len] = '\0';
		dk_buf_putc(b, '\n');
	}
}

/*
 * fmt_doko_head.c - the notation's header lines: the tags that name a game
 * or a session (rules:, set:, players:, event:, place:, date:, table:,
 * round:, note:, bock-pending:) and a game's result: and totals: lines;
 * see fmt_doko_read.c for the walk that hands them the lines, and
 * formats/dokoref-notation.md.
 */
#include "fmt_doko_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* ---- header values --------------------------------------------------------- */

/* the text after the header's colon: trimmed, without a comment; a quoted
 * text is taken as written */
static const char *rest_text(dk_doko_reader *r, const line *l, dk_loc *loc)
{
	const char *p = strchr(l->s, ':');
	p = p ? p + 1 : l->s + l->len;
	while (*p == ' ' || *p == '\t')
		p++;
	*loc = doko_loc_at(l, p);
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

static bool name_ok(const char *s)
{
	return s[0] && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._-") == strlen(s) &&
	       s[0] != '.' && s[0] != '_' && s[0] != '-';
}

void doko_read_header(dk_doko_reader *r, ctx *c, const line *l, int h, const tok *t, size_t nt)
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
		if (nt != 2 || !doko_parse_long(t[1].s, t[1].n, 0, 1000, &v)) {
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

/* ---- result and totals lines -------------------------------------------- */

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
	       doko_parse_long(t->s, t->n, 0, DK_RESULT_VALUE_MAX, &x);
}

/* a number with its sign, as a player's score is written */
static bool is_signed(const tok *t)
{
	long x;
	return !t->colon && !t->quoted && t->n > 1 && (t->s[0] == '+' || t->s[0] == '-') &&
	       doko_parse_long(t->s, t->n, -1000000000L, 1000000000L, &x);
}

void doko_read_result(dk_doko_reader *r, int h, tok *t, size_t nt)
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
			if (doko_word_is(k->s, k->n, "re") || doko_word_is(k->s, k->n, "kontra") ||
			    doko_word_is(k->s, k->n, "contra") || doko_word_is(k->s, k->n, "none") ||
			    doko_word_is(k->s, k->n, "niemand") || doko_word_is(k->s, k->n, "keiner")) {
				if (rec->winner != DK_PARTY_NONE || rec->winner_none) {
					doko_err(r, k->loc, DK_MSG_NT_WINNER_TWICE);
					return;
				}
				if (doko_word_is(k->s, k->n, "re"))
					rec->winner = DK_PARTY_RE;
				else if (k->s[0] == 'k' || k->s[0] == 'K' || k->s[0] == 'c' ||
					 k->s[0] == 'C')
					rec->winner = doko_word_is(k->s, k->n, "keiner") ? DK_PARTY_NONE
										   : DK_PARTY_KONTRA;
				else
					rec->winner = DK_PARTY_NONE;
				rec->winner_none = rec->winner == DK_PARTY_NONE;
				if (doko_word_is(k->s, k->n, "wins") || (i + 1 < nt &&
				    (doko_word_is(t[i + 1].s, t[i + 1].n, "wins") ||
				     doko_word_is(t[i + 1].s, t[i + 1].n, "gewinnt"))))
					i++;
				/* the value, as a sheet holds it: "kontra 3"; a number
				 * followed by a signed one is a seat and its score */
				if (i + 1 < nt && is_value(&t[i + 1]) &&
				    !(i + 2 < nt && is_signed(&t[i + 2]))) {
					long x;
					doko_parse_long(t[i + 1].s, t[i + 1].n, 0, DK_RESULT_VALUE_MAX, &x);
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
					ok = doko_parse_long(k->s, (size_t)(colon - k->s), 0, 240, &a) &&
					     doko_parse_long(colon + 1, k->n - (size_t)(colon - k->s) - 1, 0,
							240, &b);
				} else {
					size_t kn = (size_t)(eq - k->s);
					long x;
					ok = doko_parse_long(eq + 1, k->n - kn - 1, 0, 240, &x);
					if (ok && doko_word_is(k->s, kn, "re"))
						a = x;
					else if (ok && (doko_word_is(k->s, kn, "kontra") ||
							doko_word_is(k->s, kn, "contra")))
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
		if (h == H_RESULT && doko_players(r) && !doko_find_seat(r, k)) {
			doko_err(r, k->loc, DK_MSG_NT_RESULT_ITEM, k->s, doko_players(r)->count ?
				 doko_players(r)->items[0].name : "Anna");
			return;
		}
		int seat = doko_seat_of(r, k);
		if (!seat)
			return;
		if (i + 1 >= nt || !doko_parse_long(t[i + 1].s, t[i + 1].n, -1000000000L, 1000000000L,
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

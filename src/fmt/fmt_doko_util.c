/*
 * fmt_doko_util.c - what every part of the notation's reader stands on: an
 * error in the current game in the catalogue's words, a number, and the
 * players of the current game and their seats.
 */
#include "fmt_doko_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool doko_parse_long(const char *s, size_t n, long lo, long hi, long *out)
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

const dk_players *doko_players(const dk_doko_reader *r)
{
	if (r->game.has_players)
		return &r->game.players;
	if (r->in_session && r->session.has_players)
		return &r->session.players;
	return NULL;
}

/* the seat a name (or a seat number) stands for, 0 if none; says nothing */
int doko_find_seat(dk_doko_reader *r, const tok *t)
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
			same = doko_lower((unsigned char)nm[k]) == doko_lower((unsigned char)t->s[k]);
		if (same)
			return ps->items[i].seat;
	}
	long seat;
	if (doko_parse_long(t->s, t->n, 1, DK_MAX_SEATS, &seat))
		for (size_t i = 0; i < ps->count; i++)
			if (ps->items[i].seat == (int)seat)
				return (int)seat;
	return 0;
}

/* the seat of the player named by t, 0 with an error if none */
int doko_seat_of(dk_doko_reader *r, const tok *t)
{
	const dk_players *ps = doko_players(r);
	if (!ps) {
		doko_err(r, t->loc, DK_MSG_NT_NO_PLAYERS_YET, t->s);
		return 0;
	}
	int found = doko_find_seat(r, t);
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

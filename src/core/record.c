/*
 * record.c - what a game inherits from its session, the identifiers of the
 * record's enums as every format writes them, and the dates records give.
 */
#include "record.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const dk_players *dk_game_players(const dk_game *g)
{
	if (g->has_players)
		return &g->players;
	if (g->session && g->session->has_players)
		return &g->session->players;
	return NULL;
}

const dk_rules_ref *dk_game_rules(const dk_game *g)
{
	if (g->has_rules)
		return &g->rules;
	if (g->session && g->session->has_rules)
		return &g->session->rules;
	return NULL;
}

#define INHERIT(field) \
	(g->meta.field ? g->meta.field : g->session ? g->session->meta.field : NULL)

const char *dk_game_event(const dk_game *g) { return INHERIT(event); }
const char *dk_game_place(const dk_game *g) { return INHERIT(place); }
const char *dk_game_date(const dk_game *g) { return INHERIT(date); }
const char *dk_game_table(const dk_game *g) { return INHERIT(table); }

const dk_player *dk_game_player_at(const dk_game *g, int seat)
{
	const dk_players *ps = dk_game_players(g);
	if (!ps)
		return NULL;
	for (size_t i = 0; i < ps->count; i++)
		if (ps->items[i].seat == seat)
			return &ps->items[i];
	return NULL;
}

size_t dk_game_card_count(const dk_game *g)
{
	size_t n = 0;
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_CARD)
			n++;
	return n;
}

static const char *const solo_names[DK_SOLO_KIND_COUNT] = {
	NULL, "queens", "jacks", "clubs", "spades", "hearts", "diamonds",
	"pure-clubs", "pure-spades", "pure-hearts", "pure-diamonds",
	"trumps", "fleischlos", "koehler", "kings", "queens-jacks", "kings-jacks",
	"kings-queens",
};

static const char *const solo_as_names[DK_SOLO_AS_COUNT] = {
	NULL, "lust", "duty", "forced",
};

static const char *const cond_names[DK_MARRIAGE_COND_COUNT] = {
	NULL, "first-trick", "first-fehl-trick", "first-trump-trick", "first-club-trick",
	"first-spade-trick", "first-heart-trick",
};

static const char *const throw_names[DK_THROW_REASON_COUNT] = {
	NULL, "five-kings", "five-nines", "few-trumps", "nines-and-kings", "richness",
	"fox-highest-trump",
};

static const char *const call_names[DK_CALL_COUNT] = {
	NULL, "re", "kontra", "no90", "no60", "no30", "schwarz",
	"reply-120", "reply-90", "reply-60", "reply-30", "reply-0",
};

static const char *const bid_names[DK_BID_KIND_COUNT] = {
	"healthy", "reservation", "solo", "marriage", "poverty", "throw-in",
	"poverty-pass", "poverty-decline", "poverty-accept", "poverty-return",
	"poverty-report", "swine",
};

static const char *const event_names[DK_EV_KIND_COUNT] = {
	"card", "announce", "swine", "genscher", "wende-genscher", "objection", "hyperswine",
};

#define NAME_OF(table, v) \
	((unsigned)(v) < sizeof(table) / sizeof(table[0]) ? table[v] : NULL)

const char *dk_solo_kind_name(dk_solo_kind k) { return NAME_OF(solo_names, k); }
const char *dk_solo_as_name(dk_solo_as a) { return NAME_OF(solo_as_names, a); }
const char *dk_marriage_cond_name(dk_marriage_cond c) { return NAME_OF(cond_names, c); }
const char *dk_throw_reason_name(dk_throw_reason r) { return NAME_OF(throw_names, r); }
const char *dk_call_name(dk_call c) { return NAME_OF(call_names, c); }
const char *dk_bid_kind_name(dk_bid_kind k) { return NAME_OF(bid_names, k); }
const char *dk_event_kind_name(dk_event_kind k) { return NAME_OF(event_names, k); }

const char *dk_party_name(dk_party p)
{
	switch (p) {
	case DK_PARTY_RE: return "re";
	case DK_PARTY_KONTRA: return "kontra";
	case DK_PARTY_NONE: return "none";
	}
	return NULL;
}

/* index of s in a table whose entry 0 may be NULL; -1 if absent */
static int lookup(const char *const *table, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (table[i] && strcmp(table[i], s) == 0)
			return (int)i;
	return -1;
}

#define FROM_NAME(table, type)                                            \
	do {                                                              \
		int i = lookup(table, sizeof(table) / sizeof(table[0]), s); \
		if (i <= 0)                                               \
			return false;                                     \
		*out = (type)i;                                           \
		return true;                                              \
	} while (0)

bool dk_solo_kind_from_name(dk_solo_kind *out, const char *s) { FROM_NAME(solo_names, dk_solo_kind); }
bool dk_solo_as_from_name(dk_solo_as *out, const char *s) { FROM_NAME(solo_as_names, dk_solo_as); }
bool dk_marriage_cond_from_name(dk_marriage_cond *out, const char *s) { FROM_NAME(cond_names, dk_marriage_cond); }
bool dk_throw_reason_from_name(dk_throw_reason *out, const char *s) { FROM_NAME(throw_names, dk_throw_reason); }
bool dk_call_from_name(dk_call *out, const char *s) { FROM_NAME(call_names, dk_call); }

bool dk_date_valid(const char *s)
{
	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return false;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
			return false;
	int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8);
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (m < 1 || m > 12 || d < 1 || d > days[m - 1])
		return false;
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return !(m == 2 && d == 29 && !leap);
}

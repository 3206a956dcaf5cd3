/*
 * fmt_freedoko_game.c - a game of a FreeDoko file put together: the
 * builder that both kinds of file fill (reservations as bids, the poverty
 * exchange, every card, announcement and swine in order), the game type
 * words, the marriage's selector where a log does not say it, and the game
 * summary that becomes the record's foreign score.
 */
#include "fmt_freedoko_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "order.h"

static dk_party team_of(const char *s)
{
	if (strcmp(s, "re") == 0)
		return DK_PARTY_RE;
	if (strcmp(s, "contra") == 0)
		return DK_PARTY_KONTRA;
	return DK_PARTY_NONE;
}

/* ---- game building ----------------------------------------------------- */

static void reservation_kind(fd_builder *b, const fd_line *l, int p, char **f, size_t nf,
			     const char *type);

void fd_build_init(fd_builder *b, dk_fd_reader *r)
{
	memset(b, 0, sizeof(*b));
	b->r = r;
	b->g = &r->game;
	b->ok = true;
	b->soloist = b->bride = b->poor = b->taker = b->partner = -1;
	b->genscher = b->genscher_partner = -1;
	b->duty_solo = -1;
	memset(&r->foreign, 0, sizeof(r->foreign));
	r->foreign.points[0] = r->foreign.points[1] = r->foreign.points[2] = -1;
	r->foreign.bock = 1;
}

dk_bid *fd_build_bid(fd_builder *b, const fd_line *l, dk_bid_kind kind, int player)
{
	if (b->bid_count == MAX_GAME_BIDS) {
		if (!b->over_said)
			ERR(b->r, l, "more than %d reservations and exchanges in one game", MAX_GAME_BIDS);
		b->over_said = true;
		b->ok = false;
		return NULL;
	}
	dk_bid *x = &b->bids[b->bid_count++];
	memset(x, 0, sizeof(*x));
	x->kind = kind;
	x->seat = player + 1;
	x->trumps = -1;
	x->loc = fd_line_loc(l);
	return x;
}

dk_event *fd_build_event(fd_builder *b, const fd_line *l, dk_event_kind kind, int player)
{
	if (b->event_count == MAX_GAME_EVENTS) {
		if (!b->over_said)
			ERR(b->r, l, "more than %d cards and announcements in one game", MAX_GAME_EVENTS);
		b->over_said = true;
		b->ok = false;
		return NULL;
	}
	dk_event *e = &b->events[b->event_count++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->seat = player + 1;
	e->loc = fd_line_loc(l);
	return e;
}

void fd_build_note(fd_builder *b, const fd_line *l, const char *fmt, ...)
{
	if (b->note_count == sizeof(b->notes) / sizeof(b->notes[0]))
		return;
	char text[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	dk_note *n = &b->notes[b->note_count++];
	n->text = dk_arena_strdup(&b->r->arena, text);
	n->loc = l ? fd_line_loc(l) : DK_LOC_NONE;
}

/* the party of a FreeDoko player for the announcement that is event ev */
static dk_party party_now(const fd_builder *b, int p, size_t ev,
			  const dk_card hands[4][DK_MAX_HAND], const int hand_n[4])
{
	if (b->genscher >= 0 && ev > b->genscher_at)
		return p == b->genscher || p == b->genscher_partner ? DK_PARTY_RE : DK_PARTY_KONTRA;
	if (b->soloist >= 0)
		return p == b->soloist ? DK_PARTY_RE : DK_PARTY_KONTRA;
	if (b->poor >= 0)
		return p == b->poor || p == b->taker ? DK_PARTY_RE : DK_PARTY_KONTRA;
	if (b->bride >= 0)
		return p == b->bride || p == b->partner ? DK_PARTY_RE : DK_PARTY_KONTRA;
	for (int i = 0; i < hand_n[p]; i++)
		if (hands[p][i] == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN))
			return DK_PARTY_RE;
	return DK_PARTY_KONTRA;
}

/* an announcement "no 120", "no 90", ..., "reply" by player p */
bool fd_announce(fd_builder *b, const fd_line *l, int p, const char *what)
{
	dk_call call;
	bool party_call = false;
	if (strcmp(what, "no 120") == 0 || strcmp(what, "reply") == 0)
		party_call = true, call = DK_CALL_RE;  /* the word follows the party, see fd_resolve_calls */
	else if (strcmp(what, "no 90") == 0)
		call = DK_CALL_NO90;
	else if (strcmp(what, "no 60") == 0)
		call = DK_CALL_NO60;
	else if (strcmp(what, "no 30") == 0)
		call = DK_CALL_NO30;
	else if (strcmp(what, "no 0") == 0)
		call = DK_CALL_SCHWARZ;
	/* announcement strict limit: the answer to the opponents' highest */
	else if (strcmp(what, "no 120 reply") == 0)
		call = DK_CALL_REPLY_120;
	else if (strcmp(what, "no 90 reply") == 0)
		call = DK_CALL_REPLY_90;
	else if (strcmp(what, "no 60 reply") == 0)
		call = DK_CALL_REPLY_60;
	else if (strcmp(what, "no 30 reply") == 0)
		call = DK_CALL_REPLY_30;
	else if (strcmp(what, "no 0 reply") == 0)
		call = DK_CALL_REPLY_0;
	else {
		ERR(b->r, l, "unknown announcement '%s' (FreeDoko writes no 120, no 90, no 60, "
		    "no 30, no 0, reply or no 120 reply ... no 0 reply)", what);
		b->ok = false;
		return false;
	}
	dk_event *e = fd_build_event(b, l, DK_EV_ANNOUNCE, p);
	if (!e)
		return false;
	e->call = call;
	if (party_call)
		b->calls[b->call_count++] = b->event_count - 1;
	return true;
}

/* "no 120" is Re or Kontra by the announcer's party, known once the whole
 * game was read (the hands of a debug log, the bride, the poverty) */
void fd_resolve_calls(fd_builder *b, const dk_card hands[4][DK_MAX_HAND], const int hand_n[4])
{
	for (size_t i = 0; i < b->call_count; i++) {
		dk_event *e = &b->events[b->calls[i]];
		e->call = party_now(b, e->seat - 1, b->calls[i], hands, hand_n) == DK_PARTY_RE
				  ? DK_CALL_RE : DK_CALL_KONTRA;
	}
}

/* FreeDoko's genscher: player p picks partner q with the card that follows.
 * When it cuts the announcements down, a debug log says each remaining
 * "no 120" again just before the genscher line: those are no new
 * announcements and are dropped (an announcement event of a player who
 * announced before, after the last card). */
void fd_genscher_event(fd_builder *b, const fd_line *l, int p, int q, bool restated)
{
	if (b->genscher >= 0) {
		ERR(b->r, l, "a second genscher in one game");
		b->ok = false;
		return;
	}
	while (restated && b->event_count > 0) {
		size_t last = b->event_count - 1;
		const dk_event *e = &b->events[last];
		if (e->kind != DK_EV_ANNOUNCE || b->call_count == 0 ||
		    b->calls[b->call_count - 1] != last)
			break;
		bool earlier = false;
		for (size_t k = 0; k < last; k++)
			if (b->events[k].kind == DK_EV_ANNOUNCE && b->events[k].seat == e->seat)
				earlier = true;
		if (!earlier)
			break;
		b->event_count--;
		b->call_count--;
	}
	dk_event *e = fd_build_event(b, l, DK_EV_WENDE_GENSCHER, p);
	if (!e)
		return;
	e->partner = q + 1;
	b->genscher = p;
	b->genscher_partner = q;
	b->genscher_at = b->event_count - 1;
}

static const fd_solo_name solo_names[] = {
	{ "solo jack", DK_SOLO_JACKS }, { "solo queen", DK_SOLO_QUEENS },
	{ "solo koehler", DK_SOLO_KOEHLER }, { "solo club", DK_SOLO_CLUBS },
	{ "solo spade", DK_SOLO_SPADES }, { "solo heart", DK_SOLO_HEARTS },
	{ "solo diamond", DK_SOLO_DIAMONDS }, { "solo meatless", DK_SOLO_FLEISCHLOS },
	{ "solo king", DK_SOLO_KINGS }, { "solo queen-jack", DK_SOLO_QUEENS_JACKS },
	{ "solo king-jack", DK_SOLO_KINGS_JACKS }, { "solo king-queen", DK_SOLO_KINGS_QUEENS },
	{ NULL, DK_SOLO_NONE }
};

const fd_solo_name *fd_find_solo(const char *s)
{
	for (size_t i = 0; solo_names[i].name; i++)
		if (strcmp(solo_names[i].name, s) == 0)
			return &solo_names[i];
	return NULL;
}

static bool marriage_cond(dk_marriage_cond *out, const char *s)
{
	if (strcmp(s, "first foreign") == 0)
		*out = DK_MARRIAGE_FIRST_TRICK;
	else if (strcmp(s, "first trump") == 0)
		*out = DK_MARRIAGE_FIRST_TRUMP_TRICK;
	else if (strcmp(s, "first color") == 0)
		*out = DK_MARRIAGE_FIRST_FEHL_TRICK;
	else if (strcmp(s, "first club") == 0)
		*out = DK_MARRIAGE_FIRST_CLUB_TRICK;
	else if (strcmp(s, "first spade") == 0)
		*out = DK_MARRIAGE_FIRST_SPADE_TRICK;
	else if (strcmp(s, "first heart") == 0)
		*out = DK_MARRIAGE_FIRST_HEART_TRICK;
	else
		return false;
	return true;
}

/* is the boolean FreeDoko option key on in the party's rule block (def when
 * the block leaves it out)? */
bool fd_option_on(const dk_fd_rules *rules, const char *key, bool def)
{
	for (size_t i = 0; i < rules->count; i++)
		if (strcmp(rules->items[i].key, key) == 0)
			return strcmp(rules->items[i].value, "true") == 0 ||
			       strcmp(rules->items[i].value, "1") == 0;
	return def;
}

/* does a trick led with card c decide a marriage under condition k?  The
 * marriage has the normal game's trumps (FreeDoko's is_selector by the led
 * card's "tcolor") */
static bool selector_trick(dk_marriage_cond k, dk_card c)
{
	bool trump = dk_normal_is_trump(c);
	switch (k) {
	case DK_MARRIAGE_FIRST_TRICK: return true;
	case DK_MARRIAGE_FIRST_FEHL_TRICK: return !trump;
	case DK_MARRIAGE_FIRST_TRUMP_TRICK: return trump;
	case DK_MARRIAGE_FIRST_CLUB_TRICK: return !trump && DK_CARD_SUIT(c) == DK_CLUBS;
	case DK_MARRIAGE_FIRST_SPADE_TRICK: return !trump && DK_CARD_SUIT(c) == DK_SPADES;
	case DK_MARRIAGE_FIRST_HEART_TRICK: return !trump && DK_CARD_SUIT(c) == DK_HEARTS;
	case DK_MARRIAGE_UNSAID:
	case DK_MARRIAGE_COND_COUNT: break;
	}
	return false;
}

/*
 * A debug log does not name the bride's selector, only the partner FreeDoko
 * found ("Marriage: player B with player P" after the deciding trick).  The
 * first selector the party's rules allow that gives that partner in that
 * trick: its kind of trick, won by the partner, and no earlier trick of its
 * kind won by another player (nor by the bride under "marriage first one
 * decides").  Any such selector makes dokoref find the same partner in the
 * same trick.  False when none does (or the bride played alone).
 */
bool fd_infer_selector(dk_marriage_cond *out, const fd_builder *b, const dk_fd_rules *rules,
		       int bride, int partner, int trick)
{
	static const struct { const char *option; dk_marriage_cond cond; } sel[] = {
		{ "marriage first foreign", DK_MARRIAGE_FIRST_TRICK },
		{ "marriage first color", DK_MARRIAGE_FIRST_FEHL_TRICK },
		{ "marriage first trump", DK_MARRIAGE_FIRST_TRUMP_TRICK },
		{ "marriage first single color", DK_MARRIAGE_FIRST_CLUB_TRICK },
		{ "marriage first single color", DK_MARRIAGE_FIRST_SPADE_TRICK },
		{ "marriage first single color", DK_MARRIAGE_FIRST_HEART_TRICK },
	};
	const dk_foreign_score *fs = &b->r->foreign;
	if (partner == bride || trick < 0 || trick >= fs->trick_count)
		return false;
	/* the card that led each trick up to the deciding one */
	dk_card led[DK_MAX_HAND];
	int n = 0;
	for (size_t i = 0, cards = 0; i < b->event_count && n <= trick; i++)
		if (b->events[i].kind == DK_EV_CARD && cards++ % 4 == 0)
			led[n++] = b->events[i].card;
	if (n <= trick)
		return false;
	bool one_decides = fd_option_on(rules, "marriage first one decides", false);
	bool any = false;
	for (size_t k = 0; k < sizeof(sel) / sizeof(sel[0]) && !any; k++)
		any = fd_option_on(rules, sel[k].option, true);
	for (size_t k = 0; k < sizeof(sel) / sizeof(sel[0]); k++) {
		/* FreeDoko switches 'first color' on when none is */
		bool allowed = any ? fd_option_on(rules, sel[k].option, true)
				   : sel[k].cond == DK_MARRIAGE_FIRST_FEHL_TRICK;
		if (!allowed || !selector_trick(sel[k].cond, led[trick]) ||
		    fs->trick_winner[trick] != partner + 1)
			continue;
		bool earlier = false;
		for (int t = 0; t < trick && !earlier; t++)
			earlier = selector_trick(sel[k].cond, led[t]) &&
				  (fs->trick_winner[t] != bride + 1 || one_decides);
		if (!earlier) {
			*out = sel[k].cond;
			return true;
		}
	}
	return false;
}

/* the declarations follow once everybody said gesund or Vorbehalt */
void fd_flush_declarations(fd_builder *b)
{
	for (size_t i = 0; i < b->pending_count && b->bid_count < MAX_GAME_BIDS; i++)
		b->bids[b->bid_count++] = b->pending[i];
	b->pending_count = 0;
}

/* gesund or Vorbehalt now, and the declaration that goes with a reservation
 * "TYPE[, selector][, swines]" after the last reservation */
void fd_reservation(fd_builder *b, const fd_line *l, int p, char **f, size_t nf)
{
	const char *type = f[0];
	bool normal = strcmp(type, "normal") == 0 || strcmp(type, "marriage silent") == 0;
	fd_build_bid(b, l, normal ? DK_BID_HEALTHY : DK_BID_RESERVATION, p);
	if (normal)
		return;
	/* b_bid below writes into the pending list */
	size_t kept = b->bid_count;
	reservation_kind(b, l, p, f, nf, type);
	for (size_t i = kept; i < b->bid_count && b->pending_count < 8; i++)
		b->pending[b->pending_count++] = b->bids[i];
	b->bid_count = kept;
}

static void reservation_kind(fd_builder *b, const fd_line *l, int p, char **f, size_t nf,
			     const char *type)
{
	const fd_solo_name *sn = fd_find_solo(type);
	if (sn) {
		dk_bid *x = fd_build_bid(b, l, DK_BID_SOLO, p);
		if (x)
			x->solo = sn->kind;
		return;
	}
	if (strcmp(type, "poverty") == 0) {
		fd_build_bid(b, l, DK_BID_POVERTY, p);
		return;
	}
	if (strcmp(type, "marriage") == 0) {
		dk_bid *x = fd_build_bid(b, l, DK_BID_MARRIAGE, p);
		if (x && nf > 1 && strcmp(f[1], "swines") != 0 && strcmp(f[1], "hyperswines") != 0) {
			if (!marriage_cond(&x->condition, f[1]) && strcmp(f[1], "team set") != 0) {
				ERR(b->r, l, "unknown marriage selector '%s' (FreeDoko writes first "
				    "foreign, first trump, first color, first club, first spade, "
				    "first heart)", f[1]);
				b->ok = false;
			}
		}
		return;
	}
	if (fd_starts(type, "thrown ") || strcmp(type, "fox highest trump") == 0) {
		dk_bid *x = fd_build_bid(b, l, DK_BID_THROW_IN, p);
		if (x && strcmp(type, "thrown nines") == 0)
			x->reason = DK_THROW_FIVE_NINES;
		else if (x && strcmp(type, "thrown kings") == 0)
			x->reason = DK_THROW_FIVE_KINGS;
		else if (x && strcmp(type, "thrown nines and kings") == 0)
			x->reason = DK_THROW_NINES_AND_KINGS;
		else if (x && strcmp(type, "thrown richness") == 0)
			x->reason = DK_THROW_RICHNESS;
		else if (x && strcmp(type, "fox highest trump") == 0)
			x->reason = DK_THROW_FOX_HIGHEST_TRUMP;
		return;
	}
	ERR(b->r, l, "unknown reservation '%s'", type);
	b->ok = false;
}

/* cards "c1, c2, ..." from fields f[0..n) into out */
int fd_card_list(fd_builder *b, const fd_line *l, char **f, size_t n, dk_card *out, int max)
{
	int k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k == max) {
			ERR(b->r, l, "more than %d cards", max);
			b->ok = false;
			return k;
		}
		if (!fd_parse_card(&out[k], f[i], strlen(f[i]))) {
			ERR(b->r, l, "unknown card '%s' (FreeDoko writes 'heart ace', 'club queen', ...)",
			    f[i]);
			b->ok = false;
			return k;
		}
		k++;
	}
	return k;
}

/* ---- the game summary (both kinds of file) ------------------------------ */

/* one line of a summary outside its blocks; false if it is none of them */
static bool summary_line(fd_builder *b, const fd_line *l, int *startplayer, int *soloplayer,
			 dk_party teams[4], int tp[4])
{
	char key[64];
	const char *value;
	dk_foreign_score *fs = &b->r->foreign;
	if (!fd_split_eq(l->s, key, sizeof(key), &value))
		return false;
	char tmp[256];
	snprintf(tmp, sizeof(tmp), "%s", value);
	char *f[8];
	if (strcmp(key, "startplayer number") == 0) {
		*startplayer = fd_parse_player(value, NULL);
	} else if (strcmp(key, "soloplayer number") == 0) {
		*soloplayer = fd_parse_player(value, NULL);
	} else if (strcmp(key, "gametype") == 0) {
		b->gametype = dk_arena_strdup(&b->r->arena, value);
	} else if (strcmp(key, "duty solo") == 0) {
		/* GameSummary: whether the game was a duty solo (Game::is_duty_solo) */
		b->duty_solo = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
	} else if (strcmp(key, "teams") == 0) {
		if (fd_split_commas(tmp, f, 8) != 4) {
			ERR(b->r, l, "'teams' needs 4 teams");
			b->ok = false;
			return true;
		}
		for (int i = 0; i < 4; i++)
			teams[i] = team_of(f[i]);
	} else if (strcmp(key, "trick points") == 0) {
		if (fd_split_commas(tmp, f, 8) != 4) {
			ERR(b->r, l, "'trick points' needs 4 numbers");
			b->ok = false;
			return true;
		}
		for (int i = 0; i < 4; i++) {
			char *e;
			long v = strtol(f[i], &e, 10);
			if (*e || v < 0 || v > 240) {
				ERR(b->r, l, "'%s' is no number of card points", f[i]);
				b->ok = false;
				return true;
			}
			tp[i] = (int)v;
		}
	} else if (strcmp(key, "winnerteam") == 0) {
		if (strcmp(value, "no team") != 0 && team_of(value) == DK_PARTY_NONE) {
			ERR(b->r, l, "unknown winner team '%s' (re, contra, no team)", value);
			b->ok = false;
		}
		fs->winner = team_of(value);
		fs->loc = fd_line_loc(l);
		b->have_summary = true;
	} else if (strcmp(key, "points") == 0) {
		char *e;
		long v = strtol(value, &e, 10);
		if (*e || e == value || v < -100000 || v > 100000) {
			ERR(b->r, l, "'%s' is no number of points", value);
			b->ok = false;
			return true;
		}
		fs->value = (int)v;
	}
	return true;
}

/* "name = team, team, player, player, value" inside "special points { }" */
static void special_line(fd_builder *b, const fd_line *l)
{
	char key[64];
	const char *value;
	if (!fd_split_eq(l->s, key, sizeof(key), &value)) {
		ERR(b->r, l, "a special point is written 'name = team, team, player, player, value'");
		b->ok = false;
		return;
	}
	char tmp[256];
	snprintf(tmp, sizeof(tmp), "%s", value);
	char *f[8];
	char *e;
	if (fd_split_commas(tmp, f, 8) != 5) {
		ERR(b->r, l, "a special point has 5 fields: team, team, player, player, value");
		b->ok = false;
		return;
	}
	long v = strtol(f[4], &e, 10);
	if (*e || e == f[4] || v < 0 || v > 1000) {
		ERR(b->r, l, "'%s' is no value of a special point", f[4]);
		b->ok = false;
		return;
	}
	if (strcmp(key, "bock") == 0) {
		b->r->foreign.bock = (int)v;
		return;
	}
	if (b->item_count == MAX_ITEMS) {
		if (!b->over_said)
			ERR(b->r, l, "more than %d special points", MAX_ITEMS);
		b->over_said = true;
		b->ok = false;
		return;
	}
	dk_foreign_item *it = &b->items[b->item_count++];
	it->name = dk_arena_strdup(&b->r->arena, key);
	it->party = team_of(f[1]);
	it->value = (int)v;
	it->loc = fd_line_loc(l);
}

/* read a summary from line i on (after "game finish" or inside "game summary {");
 * stops at "game close", at the closing brace of the block, or at the next game */
size_t fd_read_summary(fd_builder *b, size_t i, bool braced, int *startplayer,
		       int *soloplayer, dk_party teams[4], int tp[4])
{
	dk_fd_reader *r = b->r;
	int depth = 0;
	for (; i < r->nlines; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		if (!*s || s[0] == '#')
			continue;
		if (strcmp(s, "special points") == 0 || strcmp(s, "bock triggers") == 0) {
			bool special = s[0] == 's';
			if (i + 1 < r->nlines && strcmp(r->lines[i + 1].s, "{") == 0) {
				i += 2;
				for (; i < r->nlines && strcmp(r->lines[i].s, "}") != 0; i++)
					if (special && r->lines[i].s[0])
						special_line(b, &r->lines[i]);
				if (i == r->nlines) {
					ERR(r, l, "'%s' block is not closed", s);
					b->ok = false;
				}
			}
			continue;
		}
		if (strcmp(s, "{") == 0) {
			depth++;
			continue;
		}
		if (strcmp(s, "}") == 0) {
			if (braced && depth <= 1)
				return i + 1;
			depth--;
			continue;
		}
		if (!braced && (strcmp(s, "game close") == 0 || fd_starts(s, "game open:")))
			return i;
		summary_line(b, l, startplayer, soloplayer, teams, tp);
	}
	return i < r->nlines ? i : r->nlines;
}

void fd_finish_foreign(fd_builder *b, const dk_party teams[4], const int tp[4])
{
	dk_foreign_score *fs = &b->r->foreign;
	if (!b->have_summary && fs->trick_count == 0)
		return;
	fs->program = "FreeDoko";
	fs->has_summary = b->have_summary;
	fs->points[DK_PARTY_RE] = fs->points[DK_PARTY_KONTRA] = 0;
	for (int i = 0; i < 4; i++) {
		fs->party[i + 1] = teams[i];
		if (teams[i] != DK_PARTY_NONE && tp[i] >= 0)
			fs->points[teams[i]] += tp[i];
	}
	const char *gt = b->gametype ? b->gametype : "";
	fs->solo = fd_starts(gt, "solo") || strcmp(gt, "marriage silent") == 0 ||
		   strcmp(gt, "marriage solo") == 0;
	fs->items = dk_arena_alloc(&b->r->arena, (b->item_count + 1) * sizeof(*fs->items));
	memcpy(fs->items, b->items, b->item_count * sizeof(*fs->items));
	fs->item_count = b->item_count;
	b->g->foreign = fs;
}

/* copy the builder's arrays into the game */
void fd_build_finish(fd_builder *b)
{
	dk_game *g = b->g;
	dk_arena *a = &b->r->arena;
	/* a solo is a duty solo or a lust solo as the summary says */
	for (size_t i = 0; i < b->bid_count && b->duty_solo >= 0; i++)
		if (b->bids[i].kind == DK_BID_SOLO)
			b->bids[i].as = b->duty_solo ? DK_SOLO_AS_DUTY : DK_SOLO_AS_LUST;
	g->bids = dk_arena_alloc(a, (b->bid_count + 1) * sizeof(dk_bid));
	memcpy(g->bids, b->bids, b->bid_count * sizeof(dk_bid));
	g->bid_count = b->bid_count;
	g->has_bidding = b->bid_count > 0;
	g->events = dk_arena_alloc(a, (b->event_count + 1) * sizeof(dk_event));
	memcpy(g->events, b->events, b->event_count * sizeof(dk_event));
	g->event_count = b->event_count;
	g->has_play = b->event_count > 0;
	g->imported_from = "FreeDoko";
	g->notes = dk_arena_alloc(a, (b->note_count + 1) * sizeof(dk_note));
	memcpy(g->notes, b->notes, b->note_count * sizeof(dk_note));
	g->note_count = b->note_count;
}

void fd_set_players(dk_fd_reader *r, dk_game *g, char *const names[4], dk_loc loc)
{
	g->has_players = true;
	g->players.items = dk_arena_alloc(&r->arena, 4 * sizeof(dk_player));
	g->players.count = 4;
	g->players.loc = loc;
	for (int i = 0; i < 4; i++) {
		g->players.items[i].seat = i + 1;
		const char *nm = names[i] ? names[i] : "?";
		g->players.items[i].name = fd_clean_name(&r->arena, nm, strlen(nm));
		g->players.items[i].loc = loc;
	}
}

/*
 * fmt_freedoko_read.c - FreeDoko's bug reports and --debug gameplay logs
 * into the record model.
 *
 * The file is read whole and cut into lines (trimmed, with their line
 * numbers); a bug report is then read block by block, a debug log game by
 * game.  What FreeDoko wrote is kept as it happened: the reservations as
 * bids, the exchange of a poverty, every card, announcement and swine in
 * order, and FreeDoko's own score as the record's foreign score.  Where a
 * file cannot tell something (the cards passed in a poverty of a debug log,
 * the condition a bride chose there) the game says so in a note and the
 * deal is marked instead of guessed.  formats/freedoko.md lists every line
 * this reader knows and the quirks of FreeDoko's files it undoes.
 */
#include "fmt_freedoko.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "card.h"
#include "order.h"
#include "text_guard.h"

typedef struct fd_line {
	char *s;            /* trimmed, NUL-terminated */
	uint32_t no;        /* 1-based line number */
	uint32_t col;       /* column of s[0] */
	bool indented;      /* the raw line began with blanks */
} fd_line;

#define MAX_GAME_EVENTS 160
#define MAX_GAME_BIDS 32
#define MAX_ITEMS 32

struct dk_fd_reader {
	char *file;
	char *data;
	size_t len;
	dk_fd_kind kind;
	fd_line *lines;
	size_t nlines;
	size_t pos;                /* next line to look at */
	bool failed;
	dk_io_status status;
	dk_arena rules_arena;
	dk_fd_rules rules;
	dk_arena arena;
	dk_game game;
	dk_foreign_score foreign;
	bool game_ok;
	size_t game_count;
	bool done;
	/* debug log: the players' names by 0-based FreeDoko number */
	char *names[4];
	bool names_known;
	/* debug log: the party, one session of all its games (Bock carries) */
	dk_session session;
	dk_player session_players[4];
	bool session_made;
	dk_diag *diag;
};

/* ---- lines ------------------------------------------------------------- */

static void split_lines(dk_fd_reader *r)
{
	size_t cap = 1024, n = 0;
	fd_line *v = dk_xmalloc(cap * sizeof(*v));
	char *p = r->data, *end = r->data + r->len;
	uint32_t no = 0;
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *e = nl ? nl : end;
		no++;
		*e = '\0';
		char *s = p;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		char *t = e;
		while (t > s && (t[-1] == ' ' || t[-1] == '\t' || t[-1] == '\r'))
			t--;
		*t = '\0';
		if (n == cap) {
			cap *= 2;
			v = dk_xrealloc(v, cap * sizeof(*v));
		}
		v[n].s = s;
		v[n].no = no;
		v[n].col = (uint32_t)(s - p) + 1;
		v[n].indented = s > p;
		n++;
		p = e + 1;
	}
	r->lines = v;
	r->nlines = n;
}

static dk_loc line_loc(const fd_line *l)
{
	return (dk_loc){ l->no, l->col };
}

#define ERR(r, l, ...) \
	dk_diag_error((r)->diag, (r)->file, line_loc(l), __VA_ARGS__)
#define WARN(r, l, ...) \
	dk_diag_warning((r)->diag, (r)->file, line_loc(l), __VA_ARGS__)

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "name = value": split at the first " = "; false if there is none */
static bool split_eq(const char *s, char *key, size_t keylen, const char **value)
{
	const char *eq = strstr(s, " = ");
	size_t n;
	if (eq) {
		n = (size_t)(eq - s);
		*value = eq + 3;
	} else {
		eq = strchr(s, '=');
		if (!eq)
			return false;
		n = (size_t)(eq - s);
		*value = eq + 1;
		while (**value == ' ')
			(*value)++;
	}
	while (n > 0 && s[n - 1] == ' ')
		n--;
	if (n >= keylen)
		n = keylen - 1;
	memcpy(key, s, n);
	key[n] = '\0';
	return true;
}

/* ---- names ------------------------------------------------------------- */

static bool valid_utf8(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
		if (k == 0 || i + k > n)
			return false;
		for (size_t j = 1; j < k; j++)
			if ((s[i + j] & 0xc0) != 0x80)
				return false;
		i += k;
	}
	return true;
}

/*
 * A player's name as the record keeps it: UTF-8 (FreeDoko before 0.6 wrote
 * Latin-1, taken as such when the bytes are no UTF-8), control characters
 * replaced by '?': Latin-1's 0x80 to 0x9F too, the C1 controls, which no
 * reader takes back once written as UTF-8.
 */
static char *clean_name(dk_arena *a, const char *s, size_t n)
{
	bool utf8 = valid_utf8((const unsigned char *)s, n);
	char *out = dk_arena_alloc(a, 2 * n + 1);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f || (!utf8 && c >= 0x80 && c < 0xa0)) {
			out[k++] = '?';
		} else if (c >= 0x80 && !utf8) {
			out[k++] = (char)(0xc0 | (c >> 6));
			out[k++] = (char)(0x80 | (c & 0x3f));
		} else {
			out[k++] = (char)c;
		}
	}
	out[k] = '\0';
	return out;
}

/* ---- sniffing ---------------------------------------------------------- */

dk_fd_kind dk_fd_sniff(const char *data, size_t len)
{
	size_t i = 0;
	if (len >= 3 && (unsigned char)data[0] == 0xef && (unsigned char)data[1] == 0xbb &&
	    (unsigned char)data[2] == 0xbf)
		i = 3;
	const char *p = data + i;
	size_t n = len - i;
#define HAS_PREFIX(lit) (n >= sizeof(lit) - 1 && memcmp(p, lit, sizeof(lit) - 1) == 0)
	if (HAS_PREFIX("# FreeDoko Bugreport") || HAS_PREFIX("# FreeDoko Reference"))
		return DK_FD_BUGREPORT;
	if (HAS_PREFIX("#!FreeDoko") || HAS_PREFIX("# FreeDoko rules") ||
	    HAS_PREFIX("# FreeDoko party"))
		return DK_FD_RULES;
#undef HAS_PREFIX
	/* the debug log: "party start" or "game open: " at the start of a line */
	static const char *const marks[] = { "\nparty start\n", "\ngame open: " };
	for (size_t m = 0; m < 2; m++) {
		size_t k = strlen(marks[m]);
		if (n >= k - 1 && memcmp(p, marks[m] + 1, k - 1) == 0)
			return DK_FD_DEBUG_LOG;
		for (size_t j = 0; j + k <= n; j++)
			if (p[j] == '\n' && memcmp(p + j, marks[m], k) == 0)
				return DK_FD_DEBUG_LOG;
	}
	return DK_FD_NONE;
}

/* ---- cards and names --------------------------------------------------- */

typedef struct word {
	const char *w;
	int v;
} word;

static const word suit_words[] = {
	{ "club", DK_CLUBS }, { "spade", DK_SPADES }, { "heart", DK_HEARTS },
	{ "diamond", DK_DIAMONDS },
	{ "kreuz", DK_CLUBS }, { "pik", DK_SPADES }, { "herz", DK_HEARTS },
	{ "karo", DK_DIAMONDS },
	{ NULL, 0 }
};
static const word rank_words[] = {
	{ "nine", DK_NINE }, { "jack", DK_JACK }, { "queen", DK_QUEEN },
	{ "king", DK_KING }, { "ten", DK_TEN }, { "ace", DK_ACE },
	{ "neun", DK_NINE }, { "bube", DK_JACK }, { "dame", DK_QUEEN },
	{ "k\xc3\xb6nig", DK_KING }, { "koenig", DK_KING }, { "zehn", DK_TEN },
	{ "ass", DK_ACE }, { "as", DK_ACE },
	{ NULL, 0 }
};

static int find_word(const word *t, const char *s, size_t n)
{
	for (size_t i = 0; t[i].w; i++)
		if (strlen(t[i].w) == n && strncasecmp(t[i].w, s, n) == 0)
			return t[i].v;
	return -1;
}

/* a card written "heart ace" (or "Herz Ass") in s[0..n) */
static bool parse_card(dk_card *out, const char *s, size_t n)
{
	while (n && s[0] == ' ') {
		s++;
		n--;
	}
	while (n && s[n - 1] == ' ')
		n--;
	const char *sp = memchr(s, ' ', n);
	if (!sp)
		return false;
	int suit = find_word(suit_words, s, (size_t)(sp - s));
	const char *v = sp + 1;
	size_t vn = n - (size_t)(v - s);
	int rank = find_word(rank_words, v, vn);
	if (suit < 0 || rank < 0)
		return false;
	*out = DK_CARD_MAKE(suit, rank);
	return true;
}

/* a FreeDoko player number 0..3 at s; -1 if none */
static int parse_player(const char *s, const char **end)
{
	while (*s == ' ')
		s++;
	if (starts(s, "player "))
		s += 7;
	else if (starts(s, "Player "))
		s += 7;
	if (*s < '0' || *s > '3' || isdigit((unsigned char)s[1]))
		return -1;
	if (end)
		*end = s + 1;
	return *s - '0';
}

/* the comma-separated fields of value into f (at most max); returns the count */
static size_t split_commas(char *value, char **f, size_t max)
{
	size_t n = 0;
	char *p = value;
	while (n < max) {
		char *c = strchr(p, ',');
		if (c)
			*c = '\0';
		while (*p == ' ')
			p++;
		char *e = p + strlen(p);
		while (e > p && e[-1] == ' ')
			*--e = '\0';
		f[n++] = p;
		if (!c)
			break;
		p = c + 1;
	}
	return n;
}

static dk_party team_of(const char *s)
{
	if (strcmp(s, "re") == 0)
		return DK_PARTY_RE;
	if (strcmp(s, "contra") == 0)
		return DK_PARTY_KONTRA;
	return DK_PARTY_NONE;
}

/* ---- game building ----------------------------------------------------- */

typedef struct builder {
	dk_fd_reader *r;
	dk_game *g;
	dk_bid bids[MAX_GAME_BIDS];
	size_t bid_count;
	dk_event events[MAX_GAME_EVENTS];
	size_t event_count;
	dk_note notes[8];
	size_t note_count;
	bool ok;
	/* parties for announcements */
	int soloist, bride, poor, taker, partner;     /* 0-based, -1 = none */
	int genscher, genscher_partner;               /* FreeDoko's genscher, -1 = none */
	size_t genscher_at;                           /* its event index */
	const char *gametype;
	dk_card pass[DK_MAX_PASS], ret[DK_MAX_PASS];
	int pass_n, ret_n;
	dk_loc pass_loc, ret_loc;   /* the lines of the exchange */
	dk_foreign_item items[MAX_ITEMS];
	size_t item_count;
	bool have_summary;
	size_t calls[MAX_GAME_EVENTS];  /* Re/Kontra events whose word waits for the parties */
	size_t call_count;
	dk_bid pending[8];          /* declarations said after every reservation */
	size_t pending_count;
	bool by_dokoref;            /* written by dokoref: poverty reports as it wrote them */
	bool over_said;             /* a cap was passed and said: once per game */
	int duty_solo;              /* the summary's "duty solo = 0/1", -1 = not said */
} builder;

static void reservation_kind(builder *b, const fd_line *l, int p, char **f, size_t nf,
			     const char *type);

static void b_init(builder *b, dk_fd_reader *r)
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

static dk_bid *b_bid(builder *b, const fd_line *l, dk_bid_kind kind, int player)
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
	x->loc = line_loc(l);
	return x;
}

static dk_event *b_event(builder *b, const fd_line *l, dk_event_kind kind, int player)
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
	e->loc = line_loc(l);
	return e;
}

static void b_note(builder *b, const fd_line *l, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void b_note(builder *b, const fd_line *l, const char *fmt, ...)
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
	n->loc = l ? line_loc(l) : DK_LOC_NONE;
}

/* the party of a FreeDoko player for the announcement that is event ev */
static dk_party party_now(const builder *b, int p, size_t ev,
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
static bool announce(builder *b, const fd_line *l, int p, const char *what)
{
	dk_call call;
	bool party_call = false;
	if (strcmp(what, "no 120") == 0 || strcmp(what, "reply") == 0)
		party_call = true, call = DK_CALL_RE;  /* the word follows the party, see resolve_calls */
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
	dk_event *e = b_event(b, l, DK_EV_ANNOUNCE, p);
	if (!e)
		return false;
	e->call = call;
	if (party_call)
		b->calls[b->call_count++] = b->event_count - 1;
	return true;
}

/* "no 120" is Re or Kontra by the announcer's party, known once the whole
 * game was read (the hands of a debug log, the bride, the poverty) */
static void resolve_calls(builder *b, const dk_card hands[4][DK_MAX_HAND], const int hand_n[4])
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
static void genscher_event(builder *b, const fd_line *l, int p, int q, bool restated)
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
	dk_event *e = b_event(b, l, DK_EV_WENDE_GENSCHER, p);
	if (!e)
		return;
	e->partner = q + 1;
	b->genscher = p;
	b->genscher_partner = q;
	b->genscher_at = b->event_count - 1;
}

typedef struct solo_name {
	const char *name;
	dk_solo_kind kind;
} solo_name;

static const solo_name solo_names[] = {
	{ "solo jack", DK_SOLO_JACKS }, { "solo queen", DK_SOLO_QUEENS },
	{ "solo koehler", DK_SOLO_KOEHLER }, { "solo club", DK_SOLO_CLUBS },
	{ "solo spade", DK_SOLO_SPADES }, { "solo heart", DK_SOLO_HEARTS },
	{ "solo diamond", DK_SOLO_DIAMONDS }, { "solo meatless", DK_SOLO_FLEISCHLOS },
	{ "solo king", DK_SOLO_KINGS }, { "solo queen-jack", DK_SOLO_QUEENS_JACKS },
	{ "solo king-jack", DK_SOLO_KINGS_JACKS }, { "solo king-queen", DK_SOLO_KINGS_QUEENS },
	{ NULL, DK_SOLO_NONE }
};

static const solo_name *find_solo(const char *s)
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
static bool fd_option_on(const dk_fd_rules *rules, const char *key, bool def)
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
static bool infer_selector(dk_marriage_cond *out, const builder *b, const dk_fd_rules *rules,
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
static void flush_declarations(builder *b)
{
	for (size_t i = 0; i < b->pending_count && b->bid_count < MAX_GAME_BIDS; i++)
		b->bids[b->bid_count++] = b->pending[i];
	b->pending_count = 0;
}

/* gesund or Vorbehalt now, and the declaration that goes with a reservation
 * "TYPE[, selector][, swines]" after the last reservation */
static void reservation(builder *b, const fd_line *l, int p, char **f, size_t nf)
{
	const char *type = f[0];
	bool normal = strcmp(type, "normal") == 0 || strcmp(type, "marriage silent") == 0;
	b_bid(b, l, normal ? DK_BID_HEALTHY : DK_BID_RESERVATION, p);
	if (normal)
		return;
	/* b_bid below writes into the pending list */
	size_t kept = b->bid_count;
	reservation_kind(b, l, p, f, nf, type);
	for (size_t i = kept; i < b->bid_count && b->pending_count < 8; i++)
		b->pending[b->pending_count++] = b->bids[i];
	b->bid_count = kept;
}

static void reservation_kind(builder *b, const fd_line *l, int p, char **f, size_t nf,
			     const char *type)
{
	const solo_name *sn = find_solo(type);
	if (sn) {
		dk_bid *x = b_bid(b, l, DK_BID_SOLO, p);
		if (x)
			x->solo = sn->kind;
		return;
	}
	if (strcmp(type, "poverty") == 0) {
		b_bid(b, l, DK_BID_POVERTY, p);
		return;
	}
	if (strcmp(type, "marriage") == 0) {
		dk_bid *x = b_bid(b, l, DK_BID_MARRIAGE, p);
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
	if (starts(type, "thrown ") || strcmp(type, "fox highest trump") == 0) {
		dk_bid *x = b_bid(b, l, DK_BID_THROW_IN, p);
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
static int card_list(builder *b, const fd_line *l, char **f, size_t n, dk_card *out, int max)
{
	int k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k == max) {
			ERR(b->r, l, "more than %d cards", max);
			b->ok = false;
			return k;
		}
		if (!parse_card(&out[k], f[i], strlen(f[i]))) {
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
static bool summary_line(builder *b, const fd_line *l, int *startplayer, int *soloplayer,
			 dk_party teams[4], int tp[4])
{
	char key[64];
	const char *value;
	dk_foreign_score *fs = &b->r->foreign;
	if (!split_eq(l->s, key, sizeof(key), &value))
		return false;
	char tmp[256];
	snprintf(tmp, sizeof(tmp), "%s", value);
	char *f[8];
	if (strcmp(key, "startplayer number") == 0) {
		*startplayer = parse_player(value, NULL);
	} else if (strcmp(key, "soloplayer number") == 0) {
		*soloplayer = parse_player(value, NULL);
	} else if (strcmp(key, "gametype") == 0) {
		b->gametype = dk_arena_strdup(&b->r->arena, value);
	} else if (strcmp(key, "duty solo") == 0) {
		/* GameSummary: whether the game was a duty solo (Game::is_duty_solo) */
		b->duty_solo = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
	} else if (strcmp(key, "teams") == 0) {
		if (split_commas(tmp, f, 8) != 4) {
			ERR(b->r, l, "'teams' needs 4 teams");
			b->ok = false;
			return true;
		}
		for (int i = 0; i < 4; i++)
			teams[i] = team_of(f[i]);
	} else if (strcmp(key, "trick points") == 0) {
		if (split_commas(tmp, f, 8) != 4) {
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
		fs->loc = line_loc(l);
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
static void special_line(builder *b, const fd_line *l)
{
	char key[64];
	const char *value;
	if (!split_eq(l->s, key, sizeof(key), &value)) {
		ERR(b->r, l, "a special point is written 'name = team, team, player, player, value'");
		b->ok = false;
		return;
	}
	char tmp[256];
	snprintf(tmp, sizeof(tmp), "%s", value);
	char *f[8];
	char *e;
	if (split_commas(tmp, f, 8) != 5) {
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
	it->loc = line_loc(l);
}

/* read a summary from line i on (after "game finish" or inside "game summary {");
 * stops at "game close", at the closing brace of the block, or at the next game */
static size_t read_summary(builder *b, size_t i, bool braced, int *startplayer,
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
		if (!braced && (strcmp(s, "game close") == 0 || starts(s, "game open:")))
			return i;
		summary_line(b, l, startplayer, soloplayer, teams, tp);
	}
	return i < r->nlines ? i : r->nlines;
}

static void finish_foreign(builder *b, const dk_party teams[4], const int tp[4])
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
	fs->solo = starts(gt, "solo") || strcmp(gt, "marriage silent") == 0 ||
		   strcmp(gt, "marriage solo") == 0;
	fs->items = dk_arena_alloc(&b->r->arena, (b->item_count + 1) * sizeof(*fs->items));
	memcpy(fs->items, b->items, b->item_count * sizeof(*fs->items));
	fs->item_count = b->item_count;
	b->g->foreign = fs;
}

/* copy the builder's arrays into the game */
static void b_finish(builder *b)
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

static void set_players(dk_fd_reader *r, dk_game *g, char *const names[4], dk_loc loc)
{
	g->has_players = true;
	g->players.items = dk_arena_alloc(&r->arena, 4 * sizeof(dk_player));
	g->players.count = 4;
	g->players.loc = loc;
	for (int i = 0; i < 4; i++) {
		g->players.items[i].seat = i + 1;
		const char *nm = names[i] ? names[i] : "?";
		g->players.items[i].name = clean_name(&r->arena, nm, strlen(nm));
		g->players.items[i].loc = loc;
	}
}

/* ---- bug reports ---------------------------------------------------------- */

/* index of the line "name" followed by "{", from i on; r->nlines if none */
static size_t find_block(const dk_fd_reader *r, size_t i, const char *name)
{
	for (; i + 1 < r->nlines; i++)
		if (strcmp(r->lines[i].s, name) == 0 && strcmp(r->lines[i + 1].s, "{") == 0)
			return i;
	return r->nlines;
}

/* the index after the "}" that closes the block whose "{" is at line i;
 * r->nlines + 1 if the file ends first */
static size_t block_end(const dk_fd_reader *r, size_t i)
{
	int depth = 0;
	for (; i < r->nlines; i++) {
		if (strcmp(r->lines[i].s, "{") == 0)
			depth++;
		else if (strcmp(r->lines[i].s, "}") == 0 && --depth == 0)
			return i + 1;
	}
	return r->nlines + 1;
}

/* block_end for a block the game needs: an unclosed one is an error */
static size_t needed_block_end(dk_fd_reader *r, size_t header, bool *ok)
{
	size_t e = block_end(r, header + 1);
	if (e > r->nlines) {
		ERR(r, &r->lines[header], "the '%s' block is not closed: the file ends "
		    "inside it (truncated?)", r->lines[header].s);
		*ok = false;
		return r->nlines;
	}
	return e;
}

/* "key = value" lines of a rule block from line i to end into r->rules */
static void read_rules(dk_fd_reader *r, size_t i, size_t end)
{
	size_t cap = 0;
	r->rules.loc = i < r->nlines ? line_loc(&r->lines[i]) : DK_LOC_NONE;
	for (; i < end; i++) {
		const fd_line *l = &r->lines[i];
		char key[128];
		const char *value;
		if (!l->s[0] || l->s[0] == '#' || l->s[0] == '{' || l->s[0] == '}')
			continue;
		if (strcmp(l->s, "!end") == 0)
			break;
		if (!split_eq(l->s, key, sizeof(key), &value))
			continue;
		if (r->rules.count == cap) {
			cap = cap ? cap * 2 : 128;
			dk_fd_rule *n = dk_arena_alloc(&r->rules_arena, cap * sizeof(*n));
			if (r->rules.count)
				memcpy(n, r->rules.items, r->rules.count * sizeof(*n));
			r->rules.items = n;
		}
		dk_fd_rule *x = &r->rules.items[r->rules.count++];
		x->key = dk_arena_strdup(&r->rules_arena, key);
		x->value = dk_arena_strdup(&r->rules_arena, value);
		x->loc = line_loc(l);
	}
}

static bool remove_card(dk_card *h, dk_loc *locs, int *n, dk_card c)
{
	for (int i = 0; i < *n; i++)
		if (h[i] == c) {
			--*n;
			h[i] = h[*n];
			locs[i] = locs[*n];
			return true;
		}
	return false;
}

static bool normal_trump(dk_card c)
{
	return DK_CARD_SUIT(c) == DK_DIAMONDS || DK_CARD_RANK(c) == DK_QUEEN ||
	       DK_CARD_RANK(c) == DK_JACK || c == DK_CARD_MAKE(DK_HEARTS, DK_TEN);
}

static dk_read_item read_bugreport(dk_fd_reader *r)
{
	builder b;
	b_init(&b, r);
	dk_game *g = &r->game;
	char *names[4] = { NULL, NULL, NULL, NULL };
	dk_card hands[4][DK_MAX_HAND];
	int hand_n[4] = { 0, 0, 0, 0 };
	dk_loc hand_loc[4] = { DK_LOC_NONE, DK_LOC_NONE, DK_LOC_NONE, DK_LOC_NONE };
	dk_loc card_loc[4][DK_MAX_HAND];
	int startplayer = -1;
	int sum_start = -1, sum_solo = -1;
	dk_party teams[4] = { 0, 0, 0, 0 };
	int tp[4] = { -1, -1, -1, -1 };
	const fd_line *first = &r->lines[0];

	/* the header lines before the party; dokoref's writer keeps the rule
	 * set a game names in comments FreeDoko skips */
	size_t party = find_block(r, 0, "party");
	dk_rule_override ovr[96];   /* more than there are rule keys */
	size_t novr = 0;
	for (size_t i = 0; i < party && i < r->nlines; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		if (starts(s, "startplayer:"))
			startplayer = parse_player(s + 12, NULL);
		if (starts(s, "version:") && strstr(s, "(written by dokoref)"))
			b.by_dokoref = true;
		bool path = starts(s, "# dokoref rules path: ");
		if (path || starts(s, "# dokoref rules: ")) {
			const char *v = s + (path ? 22 : 17);
			g->has_rules = true;
			g->rules.loc = line_loc(l);
			if (path)
				g->rules.path = dk_arena_strdup(&r->arena, v);
			else
				g->rules.name = dk_arena_strdup(&r->arena, v);
		} else if (starts(s, "# dokoref rule override: ") && novr < 96) {
			char key[128];
			const char *v;
			if (split_eq(s + 25, key, sizeof(key), &v)) {
				ovr[novr].key = dk_arena_strdup(&r->arena, key);
				ovr[novr].value = dk_arena_strdup(&r->arena, v);
				ovr[novr].loc = line_loc(l);
				novr++;
			}
		}
	}
	if (novr) {
		g->rules.overrides = dk_arena_alloc(&r->arena, novr * sizeof(*ovr));
		memcpy(g->rules.overrides, ovr, novr * sizeof(*ovr));
		g->rules.override_count = novr;
	}
	size_t after_party = party < r->nlines ? block_end(r, party + 1) : 0;
	if (after_party > r->nlines) {
		ERR(r, &r->lines[party], "the 'party' block is not closed: the file ends inside it "
		    "(truncated?)");
		return DK_READ_ERROR;
	}
	if (startplayer < 0) {
		ERR(r, first, "the bug report has no 'startplayer: N' line before the party");
		return DK_READ_ERROR;
	}

	/* hands */
	size_t hb = find_block(r, after_party, "hands");
	if (hb == r->nlines) {
		ERR(r, first, "the bug report has no 'hands' block");
		return DK_READ_ERROR;
	}
	size_t he = needed_block_end(r, hb, &b.ok);
	int cur = -1;
	for (size_t i = hb + 2; i + 1 < he; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		if (!*s)
			continue;
		if (starts(s, "player ")) {
			const char *e = NULL;
			cur = parse_player(s, &e);
			if (cur < 0) {
				ERR(r, l, "'%s' names no player 0 to 3", s);
				return DK_READ_ERROR;
			}
			if (hand_n[cur] || names[cur]) {
				ERR(r, l, "a second hand of player %d", cur);
				b.ok = false;
			}
			const char *open = strchr(e, '(');
			const char *close = open ? strrchr(open, ')') : NULL;
			if (open && close)
				names[cur] = clean_name(&r->arena, open + 1, (size_t)(close - open - 1));
			hand_loc[cur] = line_loc(l);
			continue;
		}
		if (cur < 0) {
			ERR(r, l, "a card before the first 'player N (name)' line");
			return DK_READ_ERROR;
		}
		/* "<hex index>  <card>[\t(played NN)]" */
		const char *c = s;
		while (*c && *c != ' ')
			c++;
		while (*c == ' ')
			c++;
		const char *end = strchr(c, '\t');
		const char *pl = strstr(c, "(played");
		if (!end || (pl && pl < end))
			end = pl ? pl : c + strlen(c);
		dk_card card;
		if (!parse_card(&card, c, (size_t)(end - c))) {
			ERR(r, l, "unknown card '%.*s' (FreeDoko writes 'heart ace', 'club queen', ...)",
			    (int)(end - c > 40 ? 40 : end - c), c);
			b.ok = false;
			continue;
		}
		if (hand_n[cur] == DK_MAX_HAND) {
			ERR(r, l, "player %d has more than %d cards", cur, DK_MAX_HAND);
			b.ok = false;
			continue;
		}
		card_loc[cur][hand_n[cur]] = line_loc(l);
		hands[cur][hand_n[cur]++] = card;
	}
	for (int p = 0; p < 4; p++)
		if (!names[p]) {
			ERR(r, &r->lines[hb], "the hands block has no hand of player %d", p);
			return DK_READ_ERROR;
		}

	/* gameplay actions */
	size_t ab = find_block(r, he, "gameplay actions");
	if (ab == r->nlines) {
		ERR(r, &r->lines[he - 1], "the bug report has no 'gameplay actions' block");
		return DK_READ_ERROR;
	}
	size_t ae = needed_block_end(r, ab, &b.ok);
	/* the game type line before the hands: the soloist, the bride */
	for (size_t i = after_party; i < hb; i++) {
		const char *s = r->lines[i].s;
		if (starts(s, "soloplayer:") || starts(s, "bride:")) {
			int p = parse_player(strchr(s, ':') + 1, NULL);
			if (s[0] == 'b')
				b.bride = p;
			else
				b.soloist = p;
		}
	}
	dk_card played[4];
	int nplayed = 0;
	for (size_t i = ab + 2; i + 1 < ae; i++) {
		const fd_line *l = &r->lines[i];
		char key[64];
		const char *value;
		if (b.by_dokoref && starts(l->s, "# dokoref poverty report = ")) {
			const char *e = NULL;
			int p = parse_player(l->s + 27, &e);
			dk_bid *rep = p >= 0 ? b_bid(&b, l, DK_BID_POVERTY_REPORT, p) : NULL;
			if (rep && *e == ',')
				rep->trumps = atoi(e + 1) < 0 ? -1 : atoi(e + 1);
			continue;
		}
		if (!l->s[0] || l->s[0] == '#' || strcmp(l->s, "stop") == 0 || starts(l->s, "check"))
			continue;
		if (starts(l->s, "Played:") || starts(l->s, "Announcement:") ||
		    strcmp(l->s, "poverty denied by all") == 0)
			flush_declarations(&b);
		if (starts(l->s, "Played:") || starts(l->s, "Announcement:")) {
			/* before 0.7.3: "Played: Player 2: club ace", "Announcement: player 1: no 120" */
			bool card_line = l->s[0] == 'P';
			const char *e = NULL;
			int p = parse_player(strchr(l->s, ':') + 1, &e);
			if (p < 0 || *e != ':') {
				ERR(r, l, "no player 0 to 3 in '%s'", l->s);
				b.ok = false;
				continue;
			}
			e++;
			while (*e == ' ')
				e++;
			if (card_line) {
				dk_card c;
				if (!parse_card(&c, e, strlen(e))) {
					ERR(r, l, "unknown card '%s'", e);
					b.ok = false;
					continue;
				}
				dk_event *ev = b_event(&b, l, DK_EV_CARD, p);
				if (ev)
					ev->card = c;
			} else {
				announce(&b, l, p, e);
			}
			continue;
		}
		if (!split_eq(l->s, key, sizeof(key), &value)) {
			if (strcmp(l->s, "poverty denied by all") == 0) {
				for (int k = 1; k < 4 && b.poor >= 0; k++)
					b_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
				continue;
			}
			if (starts(l->s, "Trick full:") || starts(l->s, "startplayer:") ||
			    starts(l->s, "winner:") || strcmp(l->s, "trick open") == 0 ||
			    strcmp(l->s, "trick taken") == 0)
				continue;
			ERR(r, l, "unknown gameplay action '%s'", l->s);
			b.ok = false;
			continue;
		}
		char tmp[512];
		snprintf(tmp, sizeof(tmp), "%s", value);
		/* the AI's heuristic after a card: "(choose ace)" */
		char *paren = strchr(tmp, '(');
		if (paren && strcmp(key, "card played") == 0)
			*paren = '\0';
		char *f[16];
		size_t nf = split_commas(tmp, f, 16);
		int p = parse_player(f[0], NULL);
		if (strcmp(key, "poverty denied by all") == 0)
			p = 0;
		if (p < 0) {
			ERR(r, l, "'%s' does not start with a player 0 to 3", value);
			b.ok = false;
			continue;
		}
		if (strcmp(key, "reservation") != 0)
			flush_declarations(&b);
		if (strcmp(key, "reservation") == 0) {
			if (nf < 2) {
				ERR(r, l, "a reservation names a game type");
				b.ok = false;
				continue;
			}
			reservation(&b, l, p, f + 1, nf - 1);
			if (strcmp(f[1], "poverty") == 0 && b.poor < 0)
				b.poor = p;
		} else if (strcmp(key, "poverty shift") == 0 || strcmp(key, "poverty returned") == 0) {
			bool shift = key[8] == 's';
			dk_bid *x = b_bid(&b, l, shift ? DK_BID_POVERTY_PASS : DK_BID_POVERTY_RETURN, p);
			if (!x)
				continue;
			x->card_count = card_list(&b, l, f + 1, nf - 1, x->cards, DK_MAX_PASS);
			if (shift) {
				b.poor = p;
				memcpy(b.pass, x->cards, sizeof(b.pass));
				b.pass_n = x->card_count;
				b.pass_loc = line_loc(l);
			} else {
				memcpy(b.ret, x->cards, sizeof(b.ret));
				b.ret_n = x->card_count;
				b.ret_loc = line_loc(l);
				/* FreeDoko tells how many trumps come back */
				dk_bid *rep = b.by_dokoref ? NULL
					      : b_bid(&b, l, DK_BID_POVERTY_REPORT, p);
				if (rep) {
					rep->trumps = 0;
					for (int k = 0; k < x->card_count; k++)
						rep->trumps += normal_trump(x->cards[k]);
				}
			}
		} else if (strcmp(key, "poverty denied") == 0) {
			b_bid(&b, l, DK_BID_POVERTY_DECLINE, p);
		} else if (strcmp(key, "poverty accepted") == 0) {
			b_bid(&b, l, DK_BID_POVERTY_ACCEPT, p);
			b.taker = p;
		} else if (strcmp(key, "swines") == 0) {
			b_event(&b, l, DK_EV_SWINE, p);
		} else if (strcmp(key, "hyperswines") == 0) {
			b_event(&b, l, DK_EV_HYPERSWINE, p);
		} else if (strcmp(key, "genscher") == 0) {
			/* "genscher = 2, 0": player 2 picks player 0 */
			int q = nf > 1 ? parse_player(f[1], NULL) : -1;
			if (q < 0) {
				ERR(r, l, "a genscher line names the player and the partner");
				b.ok = false;
				continue;
			}
			genscher_event(&b, l, p, q, false);
		} else if (strcmp(key, "marriage") == 0) {
			int q = nf > 1 ? parse_player(f[1], NULL) : -1;
			if (q < 0) {
				ERR(r, l, "a marriage line names the bride and the partner");
				b.ok = false;
				continue;
			}
			b.bride = p;
			b.partner = q;
		} else if (strcmp(key, "announcement") == 0) {
			if (nf < 2) {
				ERR(r, l, "an announcement names what was announced");
				b.ok = false;
				continue;
			}
			announce(&b, l, p, f[1]);
		} else if (strcmp(key, "card played") == 0) {
			dk_card c;
			if (nf != 2 || !parse_card(&c, f[1], strlen(f[1]))) {
				ERR(r, l, "unknown card '%s' (FreeDoko writes 'heart ace', "
				    "'club queen', ...)", nf > 1 ? f[1] : "");
				b.ok = false;
				continue;
			}
			dk_event *ev = b_event(&b, l, DK_EV_CARD, p);
			if (ev)
				ev->card = c;
			played[nplayed++ % 4] = c;
		} else if (strcmp(key, "trick full") == 0) {
			/* the trick again, with its winner: it must be the last four cards */
			dk_card tc[4];
			int w = nf == 6 ? parse_player(f[5], NULL) : -1;
			if (w < 0 || card_list(&b, l, f + 1, 4, tc, 4) != 4) {
				ERR(r, l, "'trick full' is written 'leader, 4 cards, winner'");
				b.ok = false;
				continue;
			}
			if (nplayed % 4 != 0 || nplayed == 0 || memcmp(tc, played, sizeof(tc)) != 0) {
				ERR(r, l, "'trick full' does not repeat the four cards played before it");
				b.ok = false;
			}
			if (r->foreign.trick_count < DK_MAX_HAND)
				r->foreign.trick_winner[r->foreign.trick_count++] = w + 1;
		} else {
			ERR(r, l, "unknown gameplay action '%s'", key);
			b.ok = false;
		}
	}

	flush_declarations(&b);
	/* the summary, if the game had been evaluated */
	size_t sb = find_block(r, ae, "game summary");
	if (sb < r->nlines)
		read_summary(&b, sb + 1, true, &sum_start, &sum_solo, teams, tp);

	/* quirk: in a poverty the hands were written after the exchange */
	bool exchanged = false;
	if (b.poor >= 0 && b.taker >= 0 && b.pass_n && b.pass_n == b.ret_n) {
		/* card for card in place, so that the order of the hands is kept,
		 * where the cards are there to do it */
		bool undo = true;
		bool used_p[DK_MAX_HAND] = { false }, used_t[DK_MAX_HAND] = { false };
		int at[DK_MAX_PASS], bt[DK_MAX_PASS];
		for (int k = 0; k < b.pass_n && undo; k++) {
			at[k] = bt[k] = -1;
			for (int i = 0; i < hand_n[b.poor] && at[k] < 0; i++)
				if (!used_p[i] && hands[b.poor][i] == b.ret[k])
					at[k] = i;
			for (int i = 0; i < hand_n[b.taker] && bt[k] < 0; i++)
				if (!used_t[i] && hands[b.taker][i] == b.pass[k])
					bt[k] = i;
			if (at[k] < 0 || bt[k] < 0)
				undo = false;
			else
				used_p[at[k]] = used_t[bt[k]] = true;
		}
		for (int k = 0; k < b.pass_n && undo; k++) {
			hands[b.poor][at[k]] = b.pass[k];
			card_loc[b.poor][at[k]] = b.pass_loc;
			hands[b.taker][bt[k]] = b.ret[k];
			card_loc[b.taker][bt[k]] = b.ret_loc;
		}
		exchanged = undo;
	}
	if (!exchanged && b.poor >= 0 && b.taker >= 0 && (b.pass_n || b.ret_n)) {
		/* as sets: the poor player's hand was it plus the passed cards less
		 * the returned ones, the taker's the other way round */
		bool undo = true;
		for (int side = 0; side < 2; side++) {
			int p = side ? b.taker : b.poor;
			const dk_card *add = side ? b.ret : b.pass, *sub = side ? b.pass : b.ret;
			int nadd = side ? b.ret_n : b.pass_n, nsub = side ? b.pass_n : b.ret_n;
			dk_card tmp[DK_MAX_HAND + DK_MAX_PASS];
			dk_loc tloc[DK_MAX_HAND + DK_MAX_PASS];
			int n = hand_n[p];
			memcpy(tmp, hands[p], (size_t)n * sizeof(dk_card));
			memcpy(tloc, card_loc[p], (size_t)n * sizeof(dk_loc));
			for (int k = 0; k < nadd; k++) {
				tmp[n] = add[k];
				tloc[n++] = side ? b.ret_loc : b.pass_loc;
			}
			for (int k = 0; k < nsub; k++)
				if (!remove_card(tmp, tloc, &n, sub[k]))
					undo = false;
			if (n > DK_MAX_HAND)
				undo = false;
			if (undo) {
				memcpy(hands[p], tmp, (size_t)n * sizeof(dk_card));
				memcpy(card_loc[p], tloc, (size_t)n * sizeof(dk_loc));
				hand_n[p] = n;
			}
		}
		if (!undo) {
			ERR(r, &r->lines[hb], "the hands do not hold the cards of the poverty "
			    "exchange (FreeDoko writes the hands after the exchange)");
			b.ok = false;
		}
	}

	/* the game */
	g->index = ++r->game_count;
	g->loc = line_loc(first);
	set_players(r, g, names, line_loc(&r->lines[hb]));
	g->deal.dealer = (startplayer + 3) % 4 + 1;
	g->deal.hand_count = 4;
	g->deal.loc = line_loc(&r->lines[hb]);
	g->bidding_loc = g->play_loc = line_loc(&r->lines[ab < r->nlines ? ab : hb]);
	for (int p = 0; p < 4; p++) {
		dk_hand *h = &g->deal.hands[p];
		h->seat = p + 1;
		h->count = hand_n[p];
		h->loc = hand_loc[p];
		memcpy(h->cards, hands[p], (size_t)hand_n[p] * sizeof(dk_card));
		memcpy(h->card_loc, card_loc[p], (size_t)hand_n[p] * sizeof(dk_loc));
	}
	resolve_calls(&b, (const dk_card (*)[DK_MAX_HAND])hands, hand_n);
	b_finish(&b);
	finish_foreign(&b, teams, tp);
	r->game_ok = b.ok;
	r->done = true;
	return DK_READ_GAME;
}

/* ---- debug logs ------------------------------------------------------------- */

/* "N. Name: card": the name and the card */
static bool card_line(const char *s, const char **name, size_t *name_len, const char **card)
{
	if (s[0] < '1' || s[0] > '4' || s[1] != '.' || s[2] != ' ')
		return false;
	const char *colon = strrchr(s + 3, ':');
	if (!colon || colon[1] != ' ')
		return false;
	*name = s + 3;
	*name_len = (size_t)(colon - (s + 3));
	*card = colon + 2;
	return true;
}

static int name_index(const dk_fd_reader *r, const char *name, size_t n)
{
	for (int i = 0; i < 4; i++)
		if (r->names[i] && strlen(r->names[i]) == n && memcmp(r->names[i], name, n) == 0)
			return i;
	return -1;
}

/* the first game of the log tells the names: the leader of its first
 * trick sits at the start player (or the soloist), the others follow */
static bool learn_names(dk_fd_reader *r, size_t i)
{
	int leader = -1;
	const char *nm[4];
	size_t nl[4];
	int got = 0;
	for (; i < r->nlines; i++) {
		const char *s = r->lines[i].s;
		const char *card;
		if (starts(s, "Soloplayer: ") && leader < 0)
			leader = parse_player(s + 12, NULL);
		if (got < 4 && card_line(s, &nm[got], &nl[got], &card) && s[0] - '1' == got)
			got++;
		if (starts(s, "startplayer number = ") && leader < 0)
			leader = parse_player(s + 21, NULL);
		if (strcmp(s, "game close") == 0)
			break;
	}
	if (got < 4 || leader < 0)
		return false;
	for (int k = 0; k < 4; k++)
		{
		char *x = dk_xmalloc(nl[k] + 1);
		memcpy(x, nm[k], nl[k]);
		x[nl[k]] = '\0';
		r->names[(leader + k) % 4] = x;
	}
	r->names_known = true;
	return true;
}

/* the party of a debug log as a session, made at its first game: its
 * players; the Bock games pending at the start are not said (a new party
 * has none, a log may continue a saved one) */
static void make_session(dk_fd_reader *r, dk_loc loc)
{
	if (r->session_made)
		return;
	r->session_made = true;
	dk_session *s = &r->session;
	memset(s, 0, sizeof(*s));
	s->index = 1;
	s->has_players = true;
	s->players.items = r->session_players;
	s->players.count = 4;
	s->players.loc = loc;
	for (int i = 0; i < 4; i++) {
		const char *nm = r->names[i] ? r->names[i] : "?";
		r->session_players[i].seat = i + 1;
		r->session_players[i].name = clean_name(&r->rules_arena, nm, strlen(nm));
		r->session_players[i].loc = loc;
	}
	s->bock_pending = -1;
	s->loc = r->rules.loc.line ? r->rules.loc : loc;
}

static dk_read_item read_debug_game(dk_fd_reader *r)
{
	/* find the next "game open:" */
	while (r->pos < r->nlines && !starts(r->lines[r->pos].s, "game open:"))
		r->pos++;
	if (r->pos >= r->nlines)
		return DK_READ_END;
	size_t open = r->pos++;
	const fd_line *lo = &r->lines[open];
	if (!r->names_known && !learn_names(r, open)) {
		ERR(r, lo, "cannot tell the players' seats: the first game has no complete "
		    "first trick or no start player");
		return DK_READ_ERROR;
	}
	builder b;
	b_init(&b, r);
	dk_game *g = &r->game;
	dk_card hands[4][DK_MAX_HAND];
	int hand_n[4] = { 0, 0, 0, 0 };
	int sum_start = -1, sum_solo = -1;
	dk_party teams[4] = { 0, 0, 0, 0 };
	int tp[4] = { -1, -1, -1, -1 };
	int trick_card = 0;      /* cards of the current trick */
	int leader = -1;         /* of the current trick */
	int taker_trumps = -1;
	int marriage_trick = -1; /* 0-based trick after which "Marriage:" came */
	bool finished = false;
	const char *start_type = NULL;
	const fd_line *start_line = lo;
	size_t first_bid = 0;

	size_t i = r->pos;
	for (; i < r->nlines; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		const char *name, *card;
		size_t nlen;
		if (!*s || l->indented)
			continue;
		if (starts(s, "game open:"))
			break;
		if (strcmp(s, "game finish") == 0) {
			finished = true;
			i = read_summary(&b, i + 1, false, &sum_start, &sum_solo, teams, tp);
			break;
		}
		if (starts(s, "game start: ")) {
			start_type = s + 12;
			start_line = l;
			continue;
		}
		if (strcmp(s, "game redistribute") == 0) {
			/* the deal so far is not played: start again */
			b_note(&b, l, "a deal before this one ended in '%s' and was dealt again; "
			       "its cards are not in the log", start_type ? start_type : "?");
			b.bid_count = first_bid;
			b.event_count = 0;
			b.poor = b.taker = -1;
			continue;
		}
		if (starts(s, "Soloplayer: ")) {
			b.soloist = parse_player(s + 12, NULL);
			continue;
		}
		if (starts(s, "poverty: player ")) {
			const char *e = NULL;
			int p = parse_player(s + 9, &e);
			if (p < 0) {
				ERR(r, l, "no player 0 to 3 in '%s'", s);
				b.ok = false;
				continue;
			}
			if (starts(e, " shifts ")) {
				b_bid(&b, l, DK_BID_POVERTY, p);
				b.poor = p;
			} else if (starts(e, " accepts poverty")) {
				/* asked in turn from the poor player's left: the ones before declined */
				for (int k = 1; b.poor >= 0 && k < 4 && (b.poor + k) % 4 != p; k++)
					b_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
				b_bid(&b, l, DK_BID_POVERTY_ACCEPT, p);
				b.taker = p;
				const char *w = strstr(e, " with ");
				if (w)
					taker_trumps = atoi(w + 6);
				dk_bid *rep = b_bid(&b, l, DK_BID_POVERTY_REPORT, p);
				if (rep)
					rep->trumps = taker_trumps;
			} else {
				ERR(r, l, "unknown poverty line '%s'", s);
				b.ok = false;
			}
			continue;
		}
		if (strcmp(s, "poverty: denied by all players") == 0) {
			for (int k = 1; k < 4 && b.poor >= 0; k++)
				b_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
			continue;
		}
		if (starts(s, "swines announced: ")) {
			int p = parse_player(s + 18, NULL);
			if (p < 0) {
				ERR(r, l, "no player 0 to 3 in '%s'", s);
				b.ok = false;
				continue;
			}
			b_event(&b, l, DK_EV_SWINE, p);
			continue;
		}
		if (starts(s, "hyperswines announced: ")) {
			int p = parse_player(s + 23, NULL);
			if (p < 0) {
				ERR(r, l, "no player 0 to 3 in '%s'", s);
				b.ok = false;
				continue;
			}
			b_event(&b, l, DK_EV_HYPERSWINE, p);
			continue;
		}
		if (starts(s, "Genscher: player ")) {
			/* "Genscher: player 2 with player 0" */
			const char *e = NULL;
			int p = parse_player(s + 10, &e);
			int q = e && starts(e, " with ") ? parse_player(e + 6, NULL) : -1;
			if (p < 0 || q < 0) {
				ERR(r, l, "a genscher line is 'Genscher: player G with player P'");
				b.ok = false;
				continue;
			}
			genscher_event(&b, l, p, q, true);
			continue;
		}
		if (starts(s, "Marriage: player ")) {
			const char *e = NULL;
			int p = parse_player(s + 9, &e);
			int q = e && starts(e, " with ") ? parse_player(e + 6, NULL) : -1;
			if (p < 0 || q < 0) {
				ERR(r, l, "a marriage line is 'Marriage: player B with player P'");
				b.ok = false;
				continue;
			}
			b.bride = p;
			b.partner = q;
			/* it follows the deciding trick's cards, before its "Winner:" */
			marriage_trick = r->foreign.trick_count;
			continue;
		}
		if (starts(s, "announcement: player ")) {
			const char *e = NULL;
			int p = parse_player(s + 14, &e);
			if (p < 0 || *e != ':') {
				ERR(r, l, "an announcement line is 'announcement: player N: no 120'");
				b.ok = false;
				continue;
			}
			while (*++e == ' ')
				;
			announce(&b, l, p, e);
			continue;
		}
		if (starts(s, "Trick: ")) {
			if (trick_card % 4 != 0) {
				ERR(r, l, "a new trick before the last one had four cards");
				b.ok = false;
			}
			trick_card = 0;
			continue;
		}
		if (card_line(s, &name, &nlen, &card)) {
			int p = name_index(r, name, nlen);
			dk_card c;
			if (p < 0) {
				ERR(r, l, "unknown player '%.*s'", (int)(nlen > 40 ? 40 : nlen), name);
				b.ok = false;
				continue;
			}
			if (!parse_card(&c, card, strlen(card))) {
				ERR(r, l, "unknown card '%s' (FreeDoko writes 'heart ace', 'club queen', ...)",
				    card);
				b.ok = false;
				continue;
			}
			if (s[0] - '1' != trick_card) {
				ERR(r, l, "card %c of a trick that has %d cards", s[0], trick_card);
				b.ok = false;
			}
			if (trick_card == 0)
				leader = p;
			else if ((leader + trick_card) % 4 != p) {
				ERR(r, l, "'%.*s' does not sit at place %d of this trick",
				    (int)nlen, name, trick_card + 1);
				b.ok = false;
			}
			trick_card++;
			if (hand_n[p] == DK_MAX_HAND) {
				ERR(r, l, "'%.*s' plays a thirteenth card", (int)nlen, name);
				b.ok = false;
				continue;
			}
			hands[p][hand_n[p]++] = c;
			dk_event *ev = b_event(&b, l, DK_EV_CARD, p);
			if (ev)
				ev->card = c;
			continue;
		}
		if (starts(s, "Winner: ")) {
			int w = name_index(r, s + 8, strlen(s + 8));
			if (w < 0) {
				ERR(r, l, "unknown player '%s'", s + 8);
				b.ok = false;
			} else if (r->foreign.trick_count < DK_MAX_HAND) {
				r->foreign.trick_winner[r->foreign.trick_count++] = w + 1;
			}
			continue;
		}
		/* everything else is FreeDoko's chatter: bug report notices, timing */
	}
	r->pos = i;
	g->index = ++r->game_count;
	g->loc = line_loc(lo);
	if (!finished) {
		ERR(r, lo, "game %zu of the log has no 'game finish'", g->index);
		b.ok = false;
	}

	/* the declarations of the game type the log names */
	const char *gt = start_type ? start_type : "normal";
	if (starts(gt, "solo")) {
		const solo_name *sn = find_solo(gt);
		if (!sn) {
			ERR(r, start_line, "unknown FreeDoko game type '%s'", gt);
			b.ok = false;
		} else if (b.soloist < 0) {
			ERR(r, start_line, "a solo without a 'Soloplayer: N' line");
			b.ok = false;
		} else {
			dk_bid *x = b_bid(&b, start_line, DK_BID_SOLO, b.soloist);
			if (x)
				x->solo = sn->kind;
		}
	} else if (strcmp(gt, "marriage") == 0) {
		/* after a genscher the summary's soloplayer is the genscher player */
		int bride = sum_solo >= 0 && b.genscher < 0 ? sum_solo : b.bride;
		for (int q = 0; q < 4 && bride < 0; q++) {
			int queens = 0;
			for (int k = 0; k < hand_n[q]; k++)
				queens += hands[q][k] == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN);
			if (queens == 2)
				bride = q;
		}
		if (bride < 0) {
			ERR(r, start_line, "a marriage whose bride is not known");
			b.ok = false;
		} else {
			b.bride = bride;
			dk_bid *x = b_bid(&b, start_line, DK_BID_MARRIAGE, bride);
			dk_marriage_cond c;
			if (x && infer_selector(&c, &b, &r->rules, bride, b.partner, marriage_trick)) {
				x->condition = c;
				b_note(&b, start_line, "the log does not say which condition the bride "
				       "chose; %s is the first the rules allow that gives the partner "
				       "the log names in trick %d", dk_marriage_cond_name(c),
				       marriage_trick + 1);
			} else {
				b_note(&b, start_line, "the log does not say which condition the bride "
				       "chose; the rule set's default condition is taken");
			}
		}
	} else if (strcmp(gt, "poverty") == 0) {
		g->exchange_unknown = true;
		b_note(&b, start_line, "the log does not say which cards were passed in the poverty: "
		       "the deal is the hands after the exchange, and the exchange is not judged");
	} else if (strcmp(gt, "normal") != 0 && strcmp(gt, "marriage silent") != 0) {
		ERR(r, start_line, "game type '%s' cannot be judged by dokoref", gt);
		b.ok = false;
	}
	/* the bids in the order said: the poverty's before a solo's or a marriage's */
	(void)first_bid;

	/* the deal: every card each player played */
	int startplayer = sum_start >= 0 ? sum_start : leader;
	if (startplayer < 0) {
		ERR(r, lo, "game %zu: the start player is not known", g->index);
		b.ok = false;
		startplayer = 0;
	}
	set_players(r, g, r->names, line_loc(lo));
	make_session(r, line_loc(lo));
	g->session = &r->session;
	g->deal.dealer = (startplayer + 3) % 4 + 1;
	g->deal.hand_count = 4;
	g->deal.loc = line_loc(lo);
	g->bidding_loc = line_loc(start_line);
	g->play_loc = line_loc(lo);
	for (int p = 0; p < 4; p++) {
		dk_hand *h = &g->deal.hands[p];
		h->seat = p + 1;
		h->count = hand_n[p];
		h->loc = line_loc(lo);
		memcpy(h->cards, hands[p], (size_t)hand_n[p] * sizeof(dk_card));
		for (int k = 0; k < hand_n[p]; k++)
			h->card_loc[k] = line_loc(lo);
		if (hand_n[p] != hand_n[0] && b.ok) {
			ERR(r, lo, "game %zu: the players did not play the same number of cards, "
			    "so the deal cannot be rebuilt", g->index);
			b.ok = false;
		}
	}
	g->meta.number = dk_arena_strdup(&r->arena, lo->s + 10 + (lo->s[10] == ' '));
	resolve_calls(&b, (const dk_card (*)[DK_MAX_HAND])hands, hand_n);
	b_finish(&b);
	finish_foreign(&b, teams, tp);
	r->game_ok = b.ok;
	return DK_READ_GAME;
}

/* ---- the reader ------------------------------------------------------------- */

static int setup(dk_fd_reader *r, dk_diag *diag)
{
	r->diag = diag;
	r->kind = dk_fd_sniff(r->data, r->len);
	split_lines(r);
	if (r->kind == DK_FD_NONE) {
		dk_diag_error(diag, r->file, DK_LOC_NONE, "not a FreeDoko file (no bug report, "
			      "debug log, rule or party file)");
		return DK_IO_INVALID;
	}
	if (memchr(r->data, '\0', r->len) && r->nlines) {
		/* split_lines wrote NULs at the line ends; a NUL inside a line cuts it */
	}
	if (r->kind == DK_FD_DEBUG_LOG) {
		size_t i = 0;
		while (i < r->nlines && strcmp(r->lines[i].s, "party start") != 0 &&
		       !starts(r->lines[i].s, "game open:"))
			i++;
		size_t e = i;
		while (e < r->nlines && !starts(r->lines[e].s, "game open:"))
			e++;
		if (i < r->nlines)
			read_rules(r, i + 1, e);
		r->pos = e;
	} else if (r->kind == DK_FD_BUGREPORT) {
		/* the rules of the party the game belongs to */
		size_t party = find_block(r, 0, "party");
		if (party < r->nlines) {
			size_t after = block_end(r, party + 1);
			size_t rules = find_block(r, party + 2, "rules");
			if (rules < after)
				read_rules(r, rules + 1, block_end(r, rules + 1) - 1);
		}
	} else if (r->kind == DK_FD_RULES) {
		size_t rb = find_block(r, 0, "rules");
		if (rb < r->nlines)
			read_rules(r, rb + 1, block_end(r, rb + 1) - 1);
		else
			read_rules(r, 0, r->nlines);
	}
	return 0;
}

/* a reader of len bytes at data (malloc'ed, len + 1 long), which it takes over */
static int open_adopted(dk_fd_reader **out, char *data, size_t len, const char *display_name,
			dk_diag *diag)
{
	dk_fd_reader *r = dk_xcalloc(1, sizeof(*r));
	r->file = dk_xstrdup(display_name ? display_name : "<memory>");
	r->data = data;
	r->data[len] = '\0';
	r->len = len;
	dk_arena_init(&r->arena);
	dk_arena_init(&r->rules_arena);
	int rc = setup(r, diag);
	if (rc != 0) {
		dk_fd_reader_free(r);
		*out = NULL;
		return rc;
	}
	*out = r;
	return 0;
}

/* the shared text screen (guard.h) over len more bytes; on a refusal the
 * error, at its line and column, is in diag */
static int screen(dk_text_guard *g, const char *data, size_t len, bool end,
		  const char *name, dk_diag *diag)
{
	if (dk_text_guard_feed(g, data, len) == 0 && (!end || dk_text_guard_finish(g) == 0))
		return 0;
	dk_diag_error(diag, name, g->error_loc, "%s", g->error);
	return -1;
}

int dk_fd_reader_open_memory(dk_fd_reader **out, const void *data, size_t len,
			     const char *display_name, dk_diag *diag)
{
	dk_text_guard g;
	dk_text_guard_init(&g, true);
	*out = NULL;
	if (screen(&g, data, len, true, display_name ? display_name : "<memory>", diag) < 0)
		return DK_IO_INVALID;
	char *copy = dk_xmalloc(len + 1);
	if (len)
		memcpy(copy, data, len);
	return open_adopted(out, copy, len, display_name, diag);
}

int dk_fd_reader_open(dk_fd_reader **out, const char *path, const char *display_name,
		      uint64_t max_size, dk_diag *diag)
{
	char err[300];
	dk_input *in = NULL;
	const char *name = display_name ? display_name : strcmp(path, "-") == 0 ? "<stdin>" : path;
	*out = NULL;
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK) {
		dk_diag_error(diag, NULL, DK_LOC_NONE, "%s", err);
		return DK_IO_SYSTEM;
	}
	size_t cap = 65536, len = 0;
	char *buf = dk_xmalloc(cap);
	/* Latin-1 allowed: FreeDoko before 0.6 wrote names in it */
	dk_text_guard g;
	dk_text_guard_init(&g, true);
	for (;;) {
		if (len + 1 >= cap) {  /* room for the NUL the reader adds */
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		ssize_t n = dk_input_read(in, buf + len, cap - len - 1);
		if (n < 0) {
			const char *msg;
			dk_io_status st = dk_input_error(in, &msg);
			dk_diag_error(diag, name, DK_LOC_NONE, "%s", msg);
			dk_input_free(in);
			free(buf);
			return st == DK_IO_SYSTEM ? DK_IO_SYSTEM : DK_IO_INVALID;
		}
		if (n == 0 || screen(&g, buf + len, (size_t)n, false, name, diag) < 0) {
			if (n == 0 && screen(&g, NULL, 0, true, name, diag) == 0)
				break;
			dk_input_free(in);
			free(buf);
			return DK_IO_INVALID;
		}
		len += (size_t)n;
		/* read whole: plain input is capped too */
		if (len > (max_size ? max_size : DK_DEFAULT_MAX_INPUT)) {
			dk_diag_error(diag, name, DK_LOC_NONE, "a FreeDoko file is read whole, and "
				      "this one is larger than %llu bytes (--max-input-size)",
				      (unsigned long long)(max_size ? max_size : DK_DEFAULT_MAX_INPUT));
			dk_input_free(in);
			free(buf);
			return DK_IO_INVALID;
		}
	}
	dk_input_free(in);
	return open_adopted(out, buf, len, name, diag);
}

dk_read_item dk_fd_reader_next(dk_fd_reader *r, dk_diag *diag)
{
	r->diag = diag;
	if (r->failed)
		return DK_READ_ERROR;
	dk_arena_reset(&r->arena);
	memset(&r->game, 0, sizeof(r->game));
	r->game_ok = false;
	dk_read_item item = DK_READ_END;
	if (r->kind == DK_FD_BUGREPORT && !r->done)
		item = read_bugreport(r);
	else if (r->kind == DK_FD_DEBUG_LOG)
		item = read_debug_game(r);
	if (item == DK_READ_ERROR) {
		r->failed = true;
		r->status = DK_IO_INVALID;
	}
	return item;
}

const dk_game *dk_fd_reader_game(const dk_fd_reader *r) { return &r->game; }
bool dk_fd_reader_game_ok(const dk_fd_reader *r) { return r->game_ok; }
dk_io_status dk_fd_reader_status(const dk_fd_reader *r) { return r->status; }
dk_fd_kind dk_fd_reader_kind(const dk_fd_reader *r) { return r->kind; }
const char *dk_fd_reader_file(const dk_fd_reader *r) { return r->file; }
const dk_fd_rules *dk_fd_reader_rules(const dk_fd_reader *r) { return &r->rules; }
const dk_session *dk_fd_reader_session(const dk_fd_reader *r)
{
	return r->session_made ? &r->session : NULL;
}

void dk_fd_reader_free(dk_fd_reader *r)
{
	if (!r)
		return;
	for (int i = 0; i < 4; i++)
		free(r->names[i]);
	free(r->lines);
	free(r->data);
	free(r->file);
	dk_arena_release(&r->arena);
	dk_arena_release(&r->rules_arena);
	free(r);
}

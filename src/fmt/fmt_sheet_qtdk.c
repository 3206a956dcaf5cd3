/*
 * fmt_sheet_qtdk.c - the event log of tristhaus' QtDoppelKopf (JSON,
 * "dataVersion": "2"), and the small strict JSON reader it needs.
 *
 * The log is {"dataVersion": "2", "data": [...]} with entries of three
 * kinds: "playersSet" (playerNames in seat order, dealerName, sitOutScheme:
 * the offsets from the dealer of the others who sit out at a table of more
 * than five, previousDealerName), "deal" (players present, numberOfEvents:
 * the Bocks the deal makes, changes: name and diff per player; fewer than
 * four changes of one value are completed the program's way, the rest of
 * the players getting the opposite share) and "mandatorySoloTrigger" (a
 * round of duty soli begins).  The program deals in turn: the dealer is
 * not written but moves on one seat per deal.  The diffs are the values
 * before the Bock factor, which the program applies itself.
 *
 * The JSON reader takes RFC 8259 and nothing more (no comments, no
 * trailing commas, no duplicate keys, no unpaired surrogates), with limits
 * on depth, string length and the number of values; it builds a tree in
 * one array.  It is not a general JSON library: it keeps whole numbers
 * only as numbers (others are read and refused where a number is needed).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "fmt_sheet_common.h"
#include "fmt_sheet_qtdk.h"
#include "text_guard.h"

typedef enum jkind { J_NULL = 0, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jkind;

typedef struct jval {
	jkind kind;
	dk_loc loc;
	bool is_int;       /* J_NUM: a whole number within DK_SHEET_MAX_ABS */
	long num;
	char *str;         /* J_STR: NUL-terminated (owned by the parser's buffer) */
	size_t len;
	char *key;         /* a member of an object: its key */
	int next;          /* the next element or member, -1 = none */
	int child;         /* J_ARR, J_OBJ: the first one, -1 = none */
	int count;
} jval;

typedef struct jparser {
	const char *s;
	size_t len, pos;
	uint32_t line;
	size_t line_start;
	uint32_t col_line, col;  /* here(): the column at col_pos of line col_line */
	size_t col_pos;
	jval *v;
	size_t nv, cap;
	char *strbuf;      /* every string, NUL-terminated, back to back */
	size_t sb_len, sb_cap;
	const char *file;
	dk_diag *d;
} jparser;

/* the position of p->pos; the column is counted on from the last one asked
 * for (positions only move forward), so a document on one long line is not
 * counted over and over */
static dk_loc here(jparser *p)
{
	if (p->col_line != p->line || p->col_pos < p->line_start || p->col_pos > p->pos) {
		p->col_line = p->line;
		p->col_pos = p->line_start;
		p->col = 1;
	}
	p->col += dk_sheet_col(p->s + p->col_pos, p->pos - p->col_pos) - 1;
	p->col_pos = p->pos;
	return dk_sheet_loc(p->line, p->col);
}

static int jerr(jparser *p, dk_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int jerr(jparser *p, dk_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(p->d, DK_SEV_ERROR, p->file, loc, fmt, ap);
	va_end(ap);
	return -1;
}

static void skip_ws(jparser *p)
{
	while (p->pos < p->len) {
		char c = p->s[p->pos];
		if (c == '\n') {
			p->line++;
			p->line_start = p->pos + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			break;
		}
		p->pos++;
	}
}

static int new_val(jparser *p, jkind k, dk_loc loc)
{
	if (p->nv == DK_JSON_MAX_VALUES)
		return jerr(p, loc, "more than %d JSON values", DK_JSON_MAX_VALUES);
	if (p->nv == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->v = dk_xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	jval *v = &p->v[p->nv];
	memset(v, 0, sizeof(*v));
	v->kind = k;
	v->loc = loc;
	v->next = v->child = -1;
	return (int)p->nv++;
}

static void sb_put(jparser *p, const char *b, size_t n)
{
	if (p->sb_len + n > p->sb_cap) {
		while (p->sb_len + n > p->sb_cap)
			p->sb_cap = p->sb_cap ? p->sb_cap * 2 : 1024;
		p->strbuf = dk_xrealloc(p->strbuf, p->sb_cap);
	}
	memcpy(p->strbuf + p->sb_len, b, n);
	p->sb_len += n;
}

static int hex4(jparser *p, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		if (p->pos >= p->len)
			return -1;
		char c = p->s[p->pos++];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* a string at p->pos (the opening quote); its offset in strbuf into *off */
static int parse_string(jparser *p, size_t *off, size_t *slen)
{
	dk_loc start = here(p);
	p->pos++;
	*off = p->sb_len;
	for (;;) {
		if (p->pos >= p->len)
			return jerr(p, start, "string is not closed");
		unsigned char c = (unsigned char)p->s[p->pos];
		if (c == '"') {
			p->pos++;
			break;
		}
		if (c < 0x20)
			return jerr(p, here(p), "control character in a string (write it as \\n, \\t, ...)");
		if (c != '\\') {
			sb_put(p, p->s + p->pos, 1);
			p->pos++;
		} else {
			dk_loc at = here(p);
			p->pos++;
			if (p->pos >= p->len)
				return jerr(p, start, "string is not closed");
			char e = p->s[p->pos++];
			const char *map = strchr("\"\\/bfnrt", e);
			if (map && e) {
				static const char real[] = "\"\\/\b\f\n\r\t";
				sb_put(p, &real[map - "\"\\/bfnrt"], 1);
			} else if (e == 'u') {
				unsigned u;
				if (hex4(p, &u) < 0)
					return jerr(p, at, "\\u takes four hex digits");
				if (u >= 0xDC00 && u <= 0xDFFF)
					return jerr(p, at, "a low surrogate without a high one");
				if (u >= 0xD800 && u <= 0xDBFF) {
					unsigned lo;
					if (p->pos + 1 >= p->len || p->s[p->pos] != '\\' ||
					    p->s[p->pos + 1] != 'u')
						return jerr(p, at, "a high surrogate without a low one");
					p->pos += 2;
					if (hex4(p, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF)
						return jerr(p, at, "a high surrogate without a low one");
					u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
				}
				if (u == 0)
					return jerr(p, at, "\\u0000 in a string");
				char b[4];
				size_t n;
				if (u < 0x80) {
					b[0] = (char)u;
					n = 1;
				} else if (u < 0x800) {
					b[0] = (char)(0xC0 | (u >> 6));
					b[1] = (char)(0x80 | (u & 0x3F));
					n = 2;
				} else if (u < 0x10000) {
					b[0] = (char)(0xE0 | (u >> 12));
					b[1] = (char)(0x80 | ((u >> 6) & 0x3F));
					b[2] = (char)(0x80 | (u & 0x3F));
					n = 3;
				} else {
					b[0] = (char)(0xF0 | (u >> 18));
					b[1] = (char)(0x80 | ((u >> 12) & 0x3F));
					b[2] = (char)(0x80 | ((u >> 6) & 0x3F));
					b[3] = (char)(0x80 | (u & 0x3F));
					n = 4;
				}
				sb_put(p, b, n);
			} else {
				return jerr(p, at, "unknown escape in a string");
			}
		}
		if (p->sb_len - *off > DK_JSON_MAX_STRING)
			return jerr(p, start, "string longer than %d bytes", DK_JSON_MAX_STRING);
	}
	*slen = p->sb_len - *off;
	/* what the escapes wrote ("\u001b", "\u202e", "\n"): the strings
	 * of a QtDoppelKopf log are names and words, so no control character
	 * at all (a line feed in a name starts a false line of the report),
	 * and no bidirectional control */
	uint32_t cp;
	if (*slen && dk_text_refused(p->strbuf + *off, *slen, false, &cp) < *slen) {
		char what[64];
		dk_text_refused_what(what, sizeof(what), cp);
		return jerr(p, start, "%s in a string is not accepted", what);
	}
	sb_put(p, "", 1);
	return 0;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static int parse_value(jparser *p, int depth);

static int parse_number(jparser *p)
{
	dk_loc loc = here(p);
	size_t i = p->pos;
	bool neg = false, whole = true, big = false;
	long v = 0;
	if (p->s[i] == '-') {
		neg = true;
		i++;
	}
	if (i >= p->len || !digit(p->s[i]))
		return jerr(p, loc, "not a JSON value");
	if (p->s[i] == '0' && i + 1 < p->len && digit(p->s[i + 1]))
		return jerr(p, loc, "a number with a leading zero");
	for (; i < p->len && digit(p->s[i]); i++) {
		if (!big)
			v = v * 10 + (p->s[i] - '0');
		if (v > DK_SHEET_MAX_ABS)
			big = true;
	}
	if (i < p->len && p->s[i] == '.') {
		whole = false;
		i++;
		if (i >= p->len || !digit(p->s[i]))
			return jerr(p, loc, "a number with no digit after '.'");
		while (i < p->len && digit(p->s[i]))
			i++;
	}
	if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
		whole = false;
		i++;
		if (i < p->len && (p->s[i] == '+' || p->s[i] == '-'))
			i++;
		if (i >= p->len || !digit(p->s[i]))
			return jerr(p, loc, "a number with no digit in its exponent");
		while (i < p->len && digit(p->s[i]))
			i++;
	}
	p->pos = i;
	int k = new_val(p, J_NUM, loc);
	if (k < 0)
		return -1;
	p->v[k].is_int = whole && !big;
	p->v[k].num = neg ? -v : v;
	return k;
}

static int parse_container(jparser *p, int depth, bool obj)
{
	dk_loc loc = here(p);
	if (depth >= DK_JSON_MAX_DEPTH)
		return jerr(p, loc, "JSON nested deeper than %d", DK_JSON_MAX_DEPTH);
	int k = new_val(p, obj ? J_OBJ : J_ARR, loc);
	if (k < 0)
		return -1;
	p->pos++;
	skip_ws(p);
	char close = obj ? '}' : ']';
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		return k;
	}
	int last = -1;
	for (;;) {
		skip_ws(p);
		char *key = NULL;
		if (obj) {
			if (p->pos >= p->len || p->s[p->pos] != '"')
				return jerr(p, here(p), "expected a key in quotes");
			dk_loc kl = here(p);
			size_t off, slen;
			if (parse_string(p, &off, &slen) < 0)
				return -1;
			/* an offset (plus one: NULL is no key) until the strings stop moving */
			key = (char *)(uintptr_t)(off + 1);
			for (int m = p->v[k].child; m >= 0; m = p->v[m].next)
				if (strcmp(p->strbuf + (uintptr_t)p->v[m].key - 1, p->strbuf + off) == 0)
					return jerr(p, kl, "key '%s' twice in one object", p->strbuf + off);
			skip_ws(p);
			if (p->pos >= p->len || p->s[p->pos] != ':')
				return jerr(p, here(p), "expected ':' after a key");
			p->pos++;
		}
		int c = parse_value(p, depth + 1);
		if (c < 0)
			return -1;
		p->v[c].key = key;
		if (last < 0)
			p->v[k].child = c;
		else
			p->v[last].next = c;
		last = c;
		p->v[k].count++;
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == close) {
			p->pos++;
			return k;
		}
		return jerr(p, here(p), obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int parse_value(jparser *p, int depth)
{
	skip_ws(p);
	if (p->pos >= p->len)
		return jerr(p, here(p), "the JSON ends where a value is expected");
	char c = p->s[p->pos];
	dk_loc loc = here(p);
	if (c == '{' || c == '[')
		return parse_container(p, depth, c == '{');
	if (c == '"') {
		size_t off, slen;
		if (parse_string(p, &off, &slen) < 0)
			return -1;
		int k = new_val(p, J_STR, loc);
		if (k < 0)
			return -1;
		p->v[k].str = (char *)(uintptr_t)off;
		p->v[k].len = slen;
		return k;
	}
	static const char *const words[] = { "null", "true", "false" };
	for (int w = 0; w < 3; w++) {
		size_t n = strlen(words[w]);
		if (p->len - p->pos >= n && memcmp(p->s + p->pos, words[w], n) == 0) {
			p->pos += n;
			int k = new_val(p, w == 0 ? J_NULL : J_BOOL, loc);
			if (k >= 0)
				p->v[k].num = w == 1;
			return k;
		}
	}
	return parse_number(p);
}

/* offsets into strbuf become pointers once every string is read */
static void fix_strings(jparser *p)
{
	for (size_t i = 0; i < p->nv; i++) {
		if (p->v[i].kind == J_STR)
			p->v[i].str = p->strbuf + (uintptr_t)p->v[i].str;
		if (p->v[i].key)
			p->v[i].key = p->strbuf + (uintptr_t)p->v[i].key - 1;
	}
}

/* ---- QtDoppelKopf's log ------------------------------------------------- */

static int member(const jparser *p, int obj, const char *key)
{
	for (int m = p->v[obj].child; m >= 0; m = p->v[m].next)
		if (strcmp(p->v[m].key, key) == 0)
			return m;
	return -1;
}

/* member key of obj of kind k, or an error naming it */
static int need(jparser *p, int obj, const char *key, jkind k, const char *what)
{
	int m = member(p, obj, key);
	if (m < 0)
		return jerr(p, p->v[obj].loc, "%s has no \"%s\"", what, key);
	if (p->v[m].kind != k || (k == J_NUM && !p->v[m].is_int))
		return jerr(p, p->v[m].loc, "\"%s\" is not %s", key,
			    k == J_STR ? "a string" : k == J_ARR ? "an array"
			    : k == J_NUM ? "a whole number" : "an object");
	return m;
}

static int seat_named(const dk_sheet *s, const char *name)
{
	for (int i = 1; i <= s->nplayers; i++)
		if (strcmp(s->players[i], name) == 0)
			return i;
	return 0;
}

static int players_set(jparser *p, dk_sheet *s, int e, int *dealer)
{
	int names = need(p, e, "playerNames", J_ARR, "a playersSet");
	int dn = names < 0 ? -1 : need(p, e, "dealerName", J_STR, "a playersSet");
	int scheme = dn < 0 ? -1 : need(p, e, "sitOutScheme", J_ARR, "a playersSet");
	if (scheme < 0)
		return -1;
	dk_sheet fresh;
	dk_sheet_init(&fresh);
	if (p->v[names].count < DK_PLAYING_SEATS || p->v[names].count > DK_SHEET_MAX_PLAYERS)
		return jerr(p, p->v[names].loc, "%d players; a sheet has 4 to %d",
			    p->v[names].count, DK_SHEET_MAX_PLAYERS);
	for (int m = p->v[names].child; m >= 0; m = p->v[m].next) {
		if (p->v[m].kind != J_STR)
			return jerr(p, p->v[m].loc, "a player's name is not a string");
		if (seat_named(&fresh, p->v[m].str))
			return jerr(p, p->v[m].loc, "player '%s' twice", p->v[m].str);
		if (!dk_sheet_name(fresh.players[++fresh.nplayers], p->v[m].str, p->v[m].len))
			return jerr(p, p->v[m].loc, "a player's name is empty or too long");
	}
	if (s->nplayers) {
		bool same = s->nplayers == fresh.nplayers;
		for (int i = 1; same && i <= s->nplayers; i++)
			same = strcmp(s->players[i], fresh.players[i]) == 0;
		if (!same)
			return jerr(p, p->v[e].loc, "the players change here: dokoref reads one "
				    "table per sheet");
	}
	s->nplayers = fresh.nplayers;
	memcpy(s->players, fresh.players, sizeof(s->players));
	*dealer = seat_named(s, p->v[dn].str);
	if (!*dealer)
		return jerr(p, p->v[dn].loc, "the dealer '%s' is not one of the players",
			    p->v[dn].str);
	s->own_sit_out = s->nplayers > DK_PLAYING_SEATS;
	s->sit_out_count = 0;
	s->sit_out_loc = p->v[scheme].loc;
	if (s->own_sit_out)
		s->sit_out[s->sit_out_count++] = 0;   /* the dealer, always */
	for (int m = p->v[scheme].child; m >= 0; m = p->v[m].next) {
		if (p->v[m].kind != J_NUM || !p->v[m].is_int || p->v[m].num < 1 ||
		    p->v[m].num >= s->nplayers)
			return jerr(p, p->v[m].loc, "a sit-out offset is a seat count from 1 to %d",
				    s->nplayers - 1);
		if (s->sit_out_count == DK_SHEET_MAX_PLAYERS)
			return jerr(p, p->v[m].loc, "too many sit-out offsets");
		s->sit_out[s->sit_out_count++] = (int)p->v[m].num;
	}
	if (s->own_sit_out && s->nplayers - s->sit_out_count != DK_PLAYING_SEATS)
		return jerr(p, p->v[scheme].loc, "with %d players, %d sit out besides the dealer, "
			    "not %d", s->nplayers, s->nplayers - DK_PLAYING_SEATS - 1,
			    s->sit_out_count - 1);
	return 0;
}

static bool sits_out(const dk_sheet *s, int dealer, int seat)
{
	for (int k = 0; s->own_sit_out && k < s->sit_out_count; k++)
		if ((dealer - 1 + s->sit_out[k]) % s->nplayers + 1 == seat)
			return true;
	return false;
}

static int deal(jparser *p, dk_sheet *s, int e, int dealer, bool duty)
{
	int pl = need(p, e, "players", J_NUM, "a deal");
	int ev = pl < 0 ? -1 : need(p, e, "numberOfEvents", J_NUM, "a deal");
	int ch = ev < 0 ? -1 : need(p, e, "changes", J_ARR, "a deal");
	if (ch < 0)
		return -1;
	if (p->v[pl].num != s->nplayers)
		return jerr(p, p->v[pl].loc, "\"players\" is %ld, the table has %d", p->v[pl].num,
			    s->nplayers);
	if (p->v[ev].num < 0 || p->v[ev].num > 20)
		return jerr(p, p->v[ev].loc, "\"numberOfEvents\" is a count from 0 to 20");
	if (s->count == DK_SHEET_MAX_GAMES)
		return jerr(p, p->v[e].loc, "more than %d games in one sheet", DK_SHEET_MAX_GAMES);
	if (p->v[ch].count == 0 || p->v[ch].count > DK_PLAYING_SEATS)
		return jerr(p, p->v[ch].loc, "a deal has 1 to 4 changes, not %d", p->v[ch].count);
	dk_sheet_game *g = dk_sheet_add_game(s);
	g->loc = p->v[e].loc;
	g->number = (int)s->count;
	g->dealer = dealer;
	g->dealer_derived = true;
	g->dealer_loc = p->v[e].loc;
	g->made = (int)p->v[ev].num;
	g->made_loc = p->v[ev].loc;
	g->duty_round = duty;
	long first = 0;
	bool one_value = true;
	int given = 0;
	for (int m = p->v[ch].child; m >= 0; m = p->v[m].next) {
		if (p->v[m].kind != J_OBJ)
			return jerr(p, p->v[m].loc, "a change is not an object");
		int nm = need(p, m, "name", J_STR, "a change");
		int df = nm < 0 ? -1 : need(p, m, "diff", J_NUM, "a change");
		if (df < 0)
			return -1;
		int seat = seat_named(s, p->v[nm].str);
		if (!seat)
			return jerr(p, p->v[nm].loc, "no player is called '%s'", p->v[nm].str);
		if (g->entry_written[seat])
			return jerr(p, p->v[nm].loc, "two changes for '%s'", p->v[nm].str);
		g->entry[seat] = p->v[df].num;
		g->entry_written[seat] = true;
		g->entry_loc[seat] = p->v[df].loc;
		if (given && p->v[df].num != first)
			one_value = false;
		first = given ? first : p->v[df].num;
		given++;
	}
	if (given < DK_PLAYING_SEATS) {
		/* the program completes a deal of one value: the other players
		 * who play share its opposite */
		if (!one_value)
			return jerr(p, p->v[ch].loc, "%d changes of different values cannot be "
				    "completed to four", given);
		int rest = DK_PLAYING_SEATS - given;
		long share = -(given * first) / rest;
		for (int seat = 1; seat <= s->nplayers; seat++) {
			if (g->entry_written[seat] || sits_out(s, dealer, seat))
				continue;
			g->entry[seat] = share;
			g->entry_written[seat] = true;
			g->entry_derived[seat] = true;
			g->entry_loc[seat] = p->v[ch].loc;
		}
	}
	return 0;
}

bool dk_sheet_qtdk_sniff(const char *data, size_t len)
{
	size_t i = dk_sheet_bom(data, len);
	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	if (i >= len || data[i] != '{')
		return false;
	i++;
	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	static const char key[] = "\"dataVersion\"";
	return len - i >= sizeof(key) - 1 && memcmp(data + i, key, sizeof(key) - 1) == 0;
}

int dk_sheet_read_qtdk(dk_sheet *out, const char *data, size_t len, const char *file,
		       dk_diag *d)
{
	size_t bom = dk_sheet_bom(data, len);
	out->format = DK_SHF_QTDOPPELKOPF;
	out->has_entries = out->has_made = true;
	if (!dk_sheet_screen(data + bom, len - bom, 0, bom != 0, file, d))
		return -1;
	jparser p;
	memset(&p, 0, sizeof(p));
	p.s = data + bom;
	p.len = len - bom;
	p.line = 1;
	p.file = file;
	p.d = d;
	int rc = -1;
	int root = parse_value(&p, 0);
	if (root < 0)
		goto done;
	skip_ws(&p);
	if (p.pos < p.len) {
		jerr(&p, here(&p), "text after the JSON value");
		goto done;
	}
	fix_strings(&p);
	if (p.v[root].kind != J_OBJ) {
		jerr(&p, p.v[root].loc, "the log is not a JSON object");
		goto done;
	}
	int ver = need(&p, root, "dataVersion", J_STR, "the log");
	if (ver < 0)
		goto done;
	if (strcmp(p.v[ver].str, "2") != 0) {
		jerr(&p, p.v[ver].loc, "dataVersion '%s': dokoref reads version 2", p.v[ver].str);
		goto done;
	}
	int arr = need(&p, root, "data", J_ARR, "the log");
	if (arr < 0)
		goto done;
	int dealer = 0;
	bool duty = false;
	for (int e = p.v[arr].child; e >= 0; e = p.v[e].next) {
		if (p.v[e].kind != J_OBJ) {
			jerr(&p, p.v[e].loc, "an entry is not an object");
			goto done;
		}
		int kind = need(&p, e, "kind", J_STR, "an entry");
		if (kind < 0)
			goto done;
		const char *k = p.v[kind].str;
		if (strcmp(k, "playersSet") == 0) {
			if (players_set(&p, out, e, &dealer) < 0)
				goto done;
		} else if (strcmp(k, "deal") == 0) {
			if (!dealer) {
				jerr(&p, p.v[e].loc, "a deal before the players are set");
				goto done;
			}
			if (deal(&p, out, e, dealer, duty) < 0)
				goto done;
			duty = false;
			dealer = dealer % out->nplayers + 1;
		} else if (strcmp(k, "mandatorySoloTrigger") == 0) {
			duty = true;
		} else {
			jerr(&p, p.v[kind].loc, "unknown kind '%s' (playersSet, deal, "
			     "mandatorySoloTrigger)", k);
			goto done;
		}
	}
	if (!out->nplayers) {
		jerr(&p, p.v[arr].loc, "no playersSet: the players are not named");
		goto done;
	}
	rc = 0;
done:
	free(p.v);
	free(p.strbuf);
	return rc;
}

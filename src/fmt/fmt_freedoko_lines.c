/*
 * fmt_freedoko_lines.c - a FreeDoko file as lines, and what a line holds:
 * "key = value" fields, comma lists, player numbers, cards written
 * "heart ace" (or "Herz Ass"), players' names made clean, and the braced
 * blocks of a bug report.
 */
#include "fmt_freedoko_internal.h"

#include <ctype.h>
#include <string.h>

#include "card.h"

/* ---- lines ------------------------------------------------------------- */

void fd_split_lines(dk_fd_reader *r)
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

/* "name = value": split at the first " = "; false if there is none */
bool fd_split_eq(const char *s, char *key, size_t keylen, const char **value)
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
char *fd_clean_name(dk_arena *a, const char *s, size_t n)
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
bool fd_parse_card(dk_card *out, const char *s, size_t n)
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
int fd_parse_player(const char *s, const char **end)
{
	while (*s == ' ')
		s++;
	if (fd_starts(s, "player "))
		s += 7;
	else if (fd_starts(s, "Player "))
		s += 7;
	if (*s < '0' || *s > '3' || isdigit((unsigned char)s[1]))
		return -1;
	if (end)
		*end = s + 1;
	return *s - '0';
}

/* the comma-separated fields of value into f (at most max); returns the count */
size_t fd_split_commas(char *value, char **f, size_t max)
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

/* ---- blocks ------------------------------------------------------------- */

/* index of the line "name" followed by "{", from i on; r->nlines if none */
size_t fd_find_block(const dk_fd_reader *r, size_t i, const char *name)
{
	for (; i + 1 < r->nlines; i++)
		if (strcmp(r->lines[i].s, name) == 0 && strcmp(r->lines[i + 1].s, "{") == 0)
			return i;
	return r->nlines;
}

/* the index after the "}" that closes the block whose "{" is at line i;
 * r->nlines + 1 if the file ends first */
size_t fd_block_end(const dk_fd_reader *r, size_t i)
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

/*
 * guard.c - the byte screen in front of libxml2; see guard.h.
 *
 * A small state machine over the bytes of the document: text, tags with
 * their attributes and quoted values, end tags, comments, CDATA sections and
 * processing instructions.  Columns count characters (UTF-8 lead bytes), as
 * an editor shows them.
 *
 * Most bytes need no look: for each state a table marks the bytes that do
 * (a '<' in text, the quote that ends a value, ...), and the scan runs over
 * the others.  Positions are not kept byte by byte: the guard counts lines
 * and the UTF-8 continuation bytes of the current line, and works out a
 * column from the byte offset when it records a position.
 */
#include "guard.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

enum {
	G_TEXT,
	G_LT,         /* after '<' */
	G_BANG,       /* after "<!" */
	G_COMMENT,
	G_CDATA,
	G_PI,
	G_ENDTAG,
	G_NAME,       /* element name of a start tag */
	G_TAG,        /* inside a start tag, between attributes */
	G_ATTR_NAME,
	G_ATTR_EQ,    /* after the attribute name, before the value */
	G_ATTR_VALUE
};

void dk_guard_init(dk_guard *g)
{
	memset(g, 0, sizeof(*g));
	g->state = G_TEXT;
	g->pos.line = 1;
	g->pos.col = 1;
	g->line = 1;
	g->run_loc = g->pos;
	dk_text_guard_init(&g->text, true);
	g->text.max_line = 0;
	g->text.cr_ok = true;  /* XML reads every line end as a line feed */
}

void dk_guard_release(dk_guard *g)
{
	free(g->queue);
	g->queue = NULL;
	g->q_alloc = g->q_len = g->q_head = 0;
}

static int fail(dk_guard *g, dk_loc loc, const char *msg)
{
	g->failed = true;
	g->error_loc = loc;
	snprintf(g->error, sizeof(g->error), "%s", msg);
	return -1;
}

static void push_tag(dk_guard *g)
{
	if (g->q_len == g->q_alloc) {
		size_t n = g->q_alloc ? g->q_alloc * 2 : 64;
		dk_guard_tag *q = dk_xmalloc(n * sizeof(*q));
		for (size_t i = 0; i < g->q_len; i++)
			q[i] = g->queue[(g->q_head + i) % g->q_alloc];
		free(g->queue);
		g->queue = q;
		g->q_alloc = n;
		g->q_head = 0;
	}
	/* the attributes not kept are not copied */
	memcpy(&g->queue[(g->q_head + g->q_len) % g->q_alloc], &g->cur,
	       offsetof(dk_guard_tag, attrs) + (size_t)g->cur.attr_count * sizeof(dk_guard_attr));
	g->q_len++;
}

bool dk_guard_pop(dk_guard *g, dk_guard_tag *out)
{
	if (g->q_len == 0)
		return false;
	const dk_guard_tag *t = &g->queue[g->q_head];
	memcpy(out, t, offsetof(dk_guard_tag, attrs) + (size_t)t->attr_count * sizeof(dk_guard_attr));
	g->q_head = (g->q_head + 1) % g->q_alloc;
	g->q_len--;
	return true;
}

dk_loc dk_guard_attr_loc(const dk_guard_tag *tag, const char *name)
{
	for (int i = 0; i < tag->attr_count; i++) {
		const char *a = tag->attrs[i].name;
		int k = 0;
		while (k < DK_GUARD_ATTR_NAME - 1 && a[k] && a[k] == name[k])
			k++;
		if (k == DK_GUARD_ATTR_NAME - 1 || a[k] == name[k])
			return tag->attrs[i].loc;
	}
	return tag->start;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* the position of the byte at offset off of the current line */
static dk_loc loc_at(const dk_guard *g, uint64_t off)
{
	dk_loc l = { g->line, (uint32_t)(off - g->line_start - g->cont + 1) };
	return l;
}

/* the position of byte c at offset off, not yet counted in the line */
static dk_loc here_at(const dk_guard *g, unsigned char c, uint64_t off)
{
	dk_loc l = loc_at(g, off);
	/* a continuation byte belongs to the character before it */
	if ((c & 0xc0) == 0x80 && l.col > 1)
		l.col--;
	return l;
}

static bool in_tag(int state)
{
	return (state >= G_NAME && state <= G_ATTR_VALUE) || state == G_LT || state == G_BANG ||
	       state == G_ENDTAG;
}

/* the states whose bytes form one run bounded by DK_GUARD_MAX_RUN */
static bool in_run(int state)
{
	return state == G_TEXT || state == G_COMMENT || state == G_CDATA || state == G_PI;
}

/* a run that reaches the byte at offset off is too long: checked where a
 * run ends and after each feed */
static int check_run_len(dk_guard *g, uint64_t off)
{
	if (!in_run(g->state) || off - g->run_off + 1 <= DK_GUARD_MAX_RUN)
		return 0;
	const char *what = g->state == G_TEXT ? "a text (or white space) between two tags"
			   : g->state == G_COMMENT ? "a comment"
			   : g->state == G_CDATA ? "a CDATA section" : "a processing instruction";
	char m[120];
	snprintf(m, sizeof(m), "%s longer than %d MiB is not accepted", what,
		 DK_GUARD_MAX_RUN / (1024 * 1024));
	return fail(g, g->run_loc, m);
}

/* a run begins with the byte at offset off */
static void run_begins(dk_guard *g, uint64_t off)
{
	g->run_off = off;
	g->run_loc = loc_at(g, off);
}

/* a tag that reaches past the byte at offset off is too long: checked
 * where a tag can end or grow an attribute, and after each feed, so that
 * the refusal comes in the same feed as when it was checked byte by byte */
static int check_tag_len(dk_guard *g, uint64_t off)
{
	if (in_tag(g->state) && off - g->tag_off + 1 > DK_GUARD_MAX_TAG)
		return fail(g, g->cur.start, "a tag longer than 64 KiB is not accepted");
	return 0;
}

/* the end of a start tag: '>' seen at offset off */
static int end_start_tag(dk_guard *g, uint64_t off)
{
	if (check_tag_len(g, off) < 0)
		return -1;
	g->cur.content = loc_at(g, off + 1);
	g->cur.empty = g->slash;
	push_tag(g);
	if (g->slash)
		g->depth--;
	g->state = G_TEXT;
	return 0;
}

/* byte c at offset off, one the table of the state marks */
static int step(dk_guard *g, unsigned char c, uint64_t off)
{
	switch (g->state) {
	case G_TEXT:
		if (c == '<') {
			g->state = G_LT;
			g->cur.start = loc_at(g, off);
			g->tag_off = off;
		}
		return 0;
	case G_LT:
		if (c == '!') {
			g->state = G_BANG;
			g->bang_len = 0;
		} else if (c == '?') {
			g->state = G_PI;
			g->close_run = 0;
		} else if (c == '/') {
			g->state = G_ENDTAG;
		} else {
			if (++g->depth > DK_GUARD_MAX_DEPTH)
				return fail(g, g->cur.start,
					    "elements are nested deeper than 32 levels");
			g->state = G_NAME;
			g->attrs = 0;
			g->slash = false;
			g->cur.attr_count = 0;
		}
		return 0;
	case G_BANG:
		g->bang[g->bang_len++] = (char)c;
		if (g->bang[0] == '-') {
			if (g->bang_len == 2) {
				if (c != '-')
					return fail(g, g->cur.start, "a malformed comment is not accepted");
				g->state = G_COMMENT;
				g->close_run = 0;
			}
		} else if (g->bang[0] == '[') {
			if (memcmp(g->bang, "[CDATA[", g->bang_len) != 0)
				return fail(g, g->cur.start, "a markup declaration ('<![') is not accepted");
			if (g->bang_len == 7) {
				g->state = G_CDATA;
				g->close_run = 0;
			}
		} else if (c == 'D') {
			return fail(g, g->cur.start,
				    "a document type declaration (<!DOCTYPE) is not accepted");
		} else if (c == 'E') {
			return fail(g, g->cur.start,
				    "an entity declaration (<!ENTITY) is not accepted");
		} else {
			return fail(g, g->cur.start, "a markup declaration ('<!') is not accepted");
		}
		return 0;
	case G_COMMENT:
		/* "-->" */
		if (c == '-')
			g->close_run = g->close_run < 2 ? g->close_run + 1 : 2;
		else if (c == '>' && g->close_run == 2)
			g->state = G_TEXT;
		else
			g->close_run = 0;
		return 0;
	case G_CDATA:
		if (c == ']')
			g->close_run = g->close_run < 2 ? g->close_run + 1 : 2;
		else if (c == '>' && g->close_run == 2)
			g->state = G_TEXT;
		else
			g->close_run = 0;
		return 0;
	case G_PI:
		if (c == '?')
			g->close_run = 1;
		else if (c == '>' && g->close_run == 1)
			g->state = G_TEXT;
		else
			g->close_run = 0;
		return 0;
	case G_ENDTAG:
		if (c == '>') {
			if (check_tag_len(g, off) < 0)
				return -1;
			g->depth--;
			g->state = G_TEXT;
		}
		return 0;
	case G_NAME:
		if (is_space(c)) {
			g->state = G_TAG;
		} else if (c == '/') {
			g->slash = true;
			g->state = G_TAG;
		} else if (c == '>') {
			return end_start_tag(g, off);
		}
		return 0;
	case G_TAG:
		if (is_space(c))
			return 0;
		if (c == '/') {
			g->slash = true;
			return 0;
		}
		if (c == '>')
			return end_start_tag(g, off);
		g->slash = false;
		if (check_tag_len(g, off) < 0)
			return -1;
		if (++g->attrs > DK_GUARD_MAX_ATTRS)
			return fail(g, g->cur.start,
				    "a tag with more than 64 attributes is not accepted");
		if (g->cur.attr_count < DK_GUARD_KEPT_ATTRS) {
			dk_guard_attr *a = &g->cur.attrs[g->cur.attr_count++];
			memset(a->name, 0, sizeof(a->name));
			a->name[0] = (char)c;
			a->loc = here_at(g, c, off);
		}
		g->name_len = 1;
		g->state = c == '=' ? G_ATTR_EQ : G_ATTR_NAME;
		return 0;
	case G_ATTR_NAME:
		if (c == '=') {
			g->state = G_ATTR_EQ;
		} else if (is_space(c)) {
			g->state = G_ATTR_EQ;
		} else if (c == '>') {
			return end_start_tag(g, off);  /* malformed; libxml2 says so */
		}
		return 0;
	case G_ATTR_EQ:
		if (c == '"' || c == '\'') {
			g->quote = (char)c;
			g->state = G_ATTR_VALUE;
		} else if (c == '>') {
			return end_start_tag(g, off);
		}
		return 0;
	case G_ATTR_VALUE:
		if (c == (unsigned char)g->quote)
			g->state = G_TAG;
		return 0;
	}
	return 0;
}

/* the bytes of an attribute name, as far as it is kept */
static void add_name(dk_guard *g, const unsigned char *p, size_t n)
{
	if (g->attrs > DK_GUARD_KEPT_ATTRS)
		return;
	char *name = g->cur.attrs[g->attrs - 1].name;
	while (n-- && g->name_len < DK_GUARD_ATTR_NAME - 1)
		name[g->name_len++] = (char)*p++;
}

/*
 * For each state, the bytes the scan must stop at; 0 = pass over.  Line
 * ends and UTF-8 continuation bytes are marked everywhere (they move the
 * position).  States that look at every byte have no table.
 */
enum { PASS = 0, LOOK = 1, POS = 2 };

static unsigned char tables[G_ATTR_VALUE + 2][256];
static bool name_byte[256];  /* ASCII bytes of names: A-Z a-z 0-9 - _ . : */
/* built once, before any guard runs: readers in several threads share them */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void mark(unsigned char *t, const char *bytes)
{
	for (; *bytes; bytes++)
		t[(unsigned char)*bytes] = LOOK;
}

static void make_tables(void)
{
	static const struct {
		int state;
		const char *look;
	} looks[] = {
		{ G_TEXT, "<" },
		{ G_COMMENT, "->" },
		{ G_CDATA, "]>" },
		{ G_PI, "?>" },
		{ G_ENDTAG, ">" },
		{ G_ATTR_NAME, "= \t\r\n>" },
		{ G_NAME, " \t\r\n/>" },
		{ G_ATTR_EQ, "\"'>" },
		{ G_ATTR_VALUE, "\"" },
		{ G_ATTR_VALUE + 1, "'" },  /* a value in single quotes */
	};
	for (int s = 0; s <= G_ATTR_VALUE + 1; s++)
		memset(tables[s], LOOK, 256);
	for (size_t i = 0; i < sizeof(looks) / sizeof(looks[0]); i++) {
		unsigned char *t = tables[looks[i].state];
		memset(t, PASS, 256);
		for (int c = 0x80; c < 0xc0; c++)
			t[c] = POS;
		t['\n'] = POS;
		mark(t, looks[i].look);
	}
	/* between attributes: white space passes, anything else starts one */
	unsigned char *t = tables[G_TAG];
	t[' '] = t['\t'] = t['\r'] = PASS;
	t['\n'] = POS;
	for (int c = 0; c < 128; c++)
		name_byte[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == ':';
}

static const unsigned char *table_of(const dk_guard *g)
{
	if (g->state == G_ATTR_VALUE && g->quote == '\'')
		return tables[G_ATTR_VALUE + 1];
	return tables[g->state];
}

#define FAST_TAG_MAX 1024  /* longer tags take the byte-by-byte way */

/*
 * The common tag at s[i] == '<' in one go: an end tag </name>, or a start
 * tag <name a="v" b='w'> or <name .../> with single spaces between
 * attributes, all of it in this buffer, on one line, in ASCII, short.
 * Returns the index after its '>', or 0 to leave the tag to step(), which
 * then sees it from its '<' as if this had not been tried.
 */
static size_t fast_tag(dk_guard *g, const unsigned char *s, size_t i, size_t len,
		       uint64_t base)
{
	size_t end = len - i > FAST_TAG_MAX ? i + FAST_TAG_MAX : len;
	size_t k = i + 1;
	if (k < end && s[k] == '/') {
		size_t n = ++k;
		while (k < end && name_byte[s[k]])
			k++;
		if (k == n || k == end || s[k] != '>')
			return 0;
		g->depth--;
		return k + 1;
	}
	size_t n = k;
	while (k < end && name_byte[s[k]])
		k++;
	if (k == n || g->depth >= DK_GUARD_MAX_DEPTH)
		return 0;
	int count = 0;
	bool empty = false;
	for (;;) {
		if (k == end)
			return 0;
		if (s[k] == ' ') {
			while (k < end && s[k] == ' ')
				k++;
			if (k == end)
				return 0;
		} else if (s[k] != '>' && s[k] != '/') {
			return 0;
		}
		if (s[k] == '>')
			break;
		if (s[k] == '/') {
			if (k + 1 == end || s[k + 1] != '>')
				return 0;
			empty = true;
			k++;
			break;
		}
		/* an attribute: name="value" */
		size_t a = k;
		while (k < end && name_byte[s[k]])
			k++;
		if (k == a || k + 1 >= end || s[k] != '=' || (s[k + 1] != '"' && s[k + 1] != '\''))
			return 0;
		if (count == DK_GUARD_KEPT_ATTRS)
			return 0;
		unsigned char q = s[k + 1];
		size_t v = k + 2;
		while (v < end && s[v] != q && s[v] != '\n' && s[v] < 0x80)
			v++;
		if (v == end || s[v] != q)
			return 0;
		dk_guard_attr *at = &g->cur.attrs[count++];
		size_t nl = k - a < DK_GUARD_ATTR_NAME - 1 ? k - a : DK_GUARD_ATTR_NAME - 1;
		memcpy(at->name, s + a, nl);
		memset(at->name + nl, 0, sizeof(at->name) - nl);
		at->loc = loc_at(g, base + a);
		k = v + 1;
	}
	/* s[k] is the '>' */
	g->cur.start = loc_at(g, base + i);
	g->cur.attr_count = count;
	g->tag_off = base + i;
	g->attrs = count;
	g->slash = empty;
	g->depth++;
	g->state = G_NAME;  /* as step() would have it at the '>' */
	end_start_tag(g, base + k);
	return k + 1;
}

int dk_guard_feed(dk_guard *g, const char *buf, size_t len)
{
	if (g->failed)
		return -1;
	if (g->offset == 0 && len >= 2) {
		/* UTF-16 or UTF-32 (a byte order mark, or a NUL among the
		 * first bytes of "<?xml"): refused.  The screen counts tags,
		 * depth and attributes in bytes, which in UTF-16 are not the
		 * document's (a valid record was "nested deeper than 32
		 * levels", and a DOCTYPE got past it) */
		const unsigned char *b = (const unsigned char *)buf;
		if ((b[0] == 0xfe && b[1] == 0xff) || (b[0] == 0xff && b[1] == 0xfe) ||
		    b[0] == 0 || b[1] == 0)
			return fail(g, (dk_loc){ 1, 1 },
				    "the file is in UTF-16 or UTF-32, which is not read; write "
				    "it in UTF-8 (iconv -f UTF-16 -t UTF-8)");
	}
	if (!g->text_off && dk_text_guard_feed(&g->text, buf, len) < 0) {
		g->failed = true;
		g->error_loc = g->text.error_loc;
		snprintf(g->error, sizeof(g->error), "%s", g->text.error);
		return -1;
	}
	pthread_once(&tables_once, make_tables);
	const unsigned char *s = (const unsigned char *)buf;
	uint64_t base = g->offset;
	const unsigned char *t = table_of(g);
	size_t i = 0;
	size_t name_from = 0;  /* in G_ATTR_NAME: the name's bytes not yet kept */
	for (;;) {
		unsigned char kind = 0;
		size_t from = i;
		while (i + 4 <= len && !t[s[i]] && !t[s[i + 1]] && !t[s[i + 2]] && !t[s[i + 3]])
			i += 4;
		while (i < len && !(kind = t[s[i]]))
			i++;
		if (i > from)
			g->close_run = 0;  /* "-->", "]]>", "?>" must be unbroken */
		if (i == len)
			break;
		unsigned char c = s[i];
		uint64_t off = base + i;
		/* the run so far, up to the byte before this one */
		if (kind == LOOK && in_run(g->state) && off > 0 && check_run_len(g, off - 1) < 0)
			return -1;
		if (kind == LOOK && g->state == G_TEXT) {
			size_t after = fast_tag(g, s, i, len, base);
			if (after) {
				i = after;
				run_begins(g, base + i);
				continue;
			}
		}
		if (kind == LOOK) {
			int was = g->state;
			if (g->state == G_ATTR_NAME)
				add_name(g, s + name_from, i - name_from);
			if (step(g, c, off) < 0)
				return -1;
			if (g->state != was && in_run(g->state))
				run_begins(g, off + 1);
			t = table_of(g);
			name_from = i + 1;
		} else {
			/* nothing to look at but the position; in the states that
			 * wait for a closing run, any other byte breaks the run */
			g->close_run = 0;
		}
		if (c == '\n') {
			g->line++;
			g->line_start = off + 1;
			g->cont = 0;
		} else if ((c & 0xc0) == 0x80) {
			g->cont++;
		}
		i++;
	}
	if (g->state == G_ATTR_NAME)
		add_name(g, s + name_from, len - name_from);
	g->offset = base + len;
	g->pos = loc_at(g, g->offset);
	/* a tag or run still open at the end of the bytes may already be
	 * too long */
	if (len && (check_tag_len(g, g->offset - 1) < 0 || check_run_len(g, g->offset - 1) < 0))
		return -1;
	return 0;
}

/*
 * guard.c - the byte screen in front of libxml2; see guard.h.
 *
 * A small state machine over the bytes of the document: text, tags with
 * their attributes and quoted values, end tags, comments, CDATA sections and
 * processing instructions.  Columns count characters (UTF-8 lead bytes), as
 * an editor shows them.
 */
#include "guard.h"

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
	g->queue[(g->q_head + g->q_len) % g->q_alloc] = g->cur;
	g->q_len++;
}

bool dk_guard_pop(dk_guard *g, dk_guard_tag *out)
{
	if (g->q_len == 0)
		return false;
	*out = g->queue[g->q_head];
	g->q_head = (g->q_head + 1) % g->q_alloc;
	g->q_len--;
	return true;
}

dk_loc dk_guard_attr_loc(const dk_guard_tag *tag, const char *name)
{
	for (int i = 0; i < tag->attr_count; i++)
		if (strncmp(tag->attrs[i].name, name, DK_GUARD_ATTR_NAME - 1) == 0)
			return tag->attrs[i].loc;
	return tag->start;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* the end of a start tag: '>' seen at loc */
static int end_start_tag(dk_guard *g, dk_loc after)
{
	g->cur.content = after;
	g->cur.empty = g->slash;
	push_tag(g);
	if (g->slash)
		g->depth--;
	g->state = G_TEXT;
	return 0;
}

static int step(dk_guard *g, unsigned char c, dk_loc here, dk_loc next)
{
	if (g->state >= G_NAME && g->state <= G_ATTR_VALUE) {
		if (++g->tag_len > DK_GUARD_MAX_TAG)
			return fail(g, g->cur.start, "a tag longer than 64 KiB is not accepted");
	}
	switch (g->state) {
	case G_TEXT:
		if (c == '<') {
			g->state = G_LT;
			g->cur.start = here;
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
			g->tag_len = 2;
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
			return end_start_tag(g, next);
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
			return end_start_tag(g, next);
		g->slash = false;
		if (++g->attrs > DK_GUARD_MAX_ATTRS)
			return fail(g, g->cur.start,
				    "a tag with more than 64 attributes is not accepted");
		if (g->cur.attr_count < DK_GUARD_KEPT_ATTRS) {
			dk_guard_attr *a = &g->cur.attrs[g->cur.attr_count++];
			memset(a->name, 0, sizeof(a->name));
			a->name[0] = (char)c;
			a->loc = here;
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
			return end_start_tag(g, next);  /* malformed; libxml2 says so */
		} else if (g->attrs <= DK_GUARD_KEPT_ATTRS && g->name_len < DK_GUARD_ATTR_NAME - 1) {
			g->cur.attrs[g->attrs - 1].name[g->name_len++] = (char)c;
		}
		return 0;
	case G_ATTR_EQ:
		if (c == '"' || c == '\'') {
			g->quote = (char)c;
			g->state = G_ATTR_VALUE;
		} else if (c == '>') {
			return end_start_tag(g, next);
		}
		return 0;
	case G_ATTR_VALUE:
		if (c == (unsigned char)g->quote)
			g->state = G_TAG;
		return 0;
	}
	return 0;
}

/* move the position over n bytes that need no other attention */
static void move(dk_guard *g, const char *p, size_t n)
{
	uint32_t line = g->pos.line, col = g->pos.col;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == '\n') {
			line++;
			col = 1;
		} else {
			col += (c & 0xc0) != 0x80;
		}
	}
	g->pos.line = line;
	g->pos.col = col;
}

static bool ends_name(unsigned char c)
{
	return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* where the run of plain bytes that starts at buf[i] ends (i if none) */
static size_t run_end(const dk_guard *g, const char *buf, size_t i, size_t len)
{
	if (g->state == G_TEXT || g->state == G_ATTR_VALUE) {
		const char *hit = memchr(buf + i, g->state == G_TEXT ? '<' : g->quote, len - i);
		return hit ? (size_t)(hit - buf) : len;
	}
	if (g->state == G_ENDTAG || g->state == G_NAME)
		while (i < len && !ends_name((unsigned char)buf[i]))
			i++;
	return i;
}

int dk_guard_feed(dk_guard *g, const char *buf, size_t len)
{
	if (g->failed)
		return -1;
	size_t i = 0;
	while (i < len) {
		/* runs that hold nothing to look at but their end (text, attribute
		 * values, names) are skipped in one go */
		size_t end = run_end(g, buf, i, len);
		if (end > i) {
			if (g->state == G_ATTR_VALUE || g->state == G_NAME) {
				g->tag_len += end - i;
				if (g->tag_len > DK_GUARD_MAX_TAG)
					return fail(g, g->cur.start,
						    "a tag longer than 64 KiB is not accepted");
			}
			move(g, buf + i, end - i);
			i = end;
			if (i == len)
				break;
		}
		unsigned char c = (unsigned char)buf[i++];
		dk_loc here = g->pos;
		if (c == '\n') {
			g->pos.line++;
			g->pos.col = 1;
		} else if ((c & 0xc0) != 0x80) {
			g->pos.col++;
		} else if (here.col > 1) {
			/* a continuation byte belongs to the character before it */
			here.col--;
		}
		if (step(g, c, here, g->pos) < 0)
			return -1;
	}
	return 0;
}

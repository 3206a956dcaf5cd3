/*
 * fmt_xml_util.c - the XML reader's steps over nodes, elements and
 * attributes, shared by its walk over the file (fmt_xml_read.c) and its
 * parsers of a game's elements (fmt_xml_game.c): the two errors (fatal, or
 * inside a game), the next node or child element, an element's text,
 * skipping an element, and reading attributes, numbers and seats.
 */
#include "fmt_xml_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "guard.h"
#include "xml_pull.h"

void xr_fatal(dk_xml_reader *r, dk_loc loc, const char *fmt, ...)
{
	if (r->failed)
		return;
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(r->diag, DK_SEV_ERROR, r->file, loc, fmt, ap);
	va_end(ap);
	r->failed = true;
	r->status = DK_IO_INVALID;
}

void xr_game_error(dk_xml_reader *r, dk_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(r->diag, DK_SEV_ERROR, r->file, loc, fmt, ap);
	va_end(ap);
	r->game_ok = false;
}

/* the puller met an error: libxml2's, the input's or the guard's */
static void pull_failed(dk_xml_reader *r)
{
	const dk_xp_error *e = dk_xml_pull_error(r->xp);
	if (e->origin != DK_XP_FROM_XML) {
		xr_fatal(r, e->loc, "%s", e->message);
		r->status = e->status;
		return;
	}
	if (e->at_start) {
		xr_fatal(r, DK_LOC_NONE, "the file is empty");
		return;
	}
	char msg[300];
	snprintf(msg, sizeof(msg), "%s", e->message);
	/* libxml2 adds a second line ("Bytes: 0x..") to some messages */
	for (char *p = msg; *p; p++)
		if (*p == '\n')
			*p = ' ';
	size_t n = strlen(msg);
	while (n && (msg[n - 1] == ' ' || msg[n - 1] == '!'))
		msg[--n] = '\0';
	if (strstr(msg, "not proper UTF-8")) {
		const char *bytes = strstr(msg, "Bytes: ");
		char tmp[300];
		snprintf(tmp, sizeof(tmp), "the text is not valid UTF-8%s%s; a file in another "
			 "encoding must name it in its XML declaration", bytes ? " at bytes " : "",
			 bytes ? bytes + 7 : "");
		snprintf(msg, sizeof(msg), "%s", tmp);
	}
	if (msg[0] >= 'A' && msg[0] <= 'Z' && !(msg[1] >= 'A' && msg[1] <= 'Z'))
		msg[0] = (char)(msg[0] - 'A' + 'a');
	xr_fatal(r, e->loc, "malformed XML: %s", msg);
}

/* ---- walking nodes ----------------------------------------------------- */

/* Advance to the next node that matters.  Whitespace-only text and
 * processing instructions are skipped (by the puller). */
int xr_advance(dk_xml_reader *r)
{
	if (r->pending) {
		r->pending = false;
		return dk_xml_pull_type(r->xp) == DK_XP_ELEMENT ? N_ELEMENT : N_END_ELEMENT;
	}
	if (r->failed)
		return -1;
	switch (dk_xml_pull_next(r->xp)) {
	case DK_XP_ELEMENT: {
		/* the attributes the guard did not keep are not copied */
		const dk_guard_tag *t = dk_xml_pull_tag(r->xp);
		memcpy(&r->tag, t, offsetof(dk_guard_tag, attrs) +
		       (size_t)t->attr_count * sizeof(dk_guard_attr));
		r->empty = r->tag.empty;
		return N_ELEMENT;
	}
	case DK_XP_END_ELEMENT:
		return N_END_ELEMENT;
	case DK_XP_TEXT:
		return N_TEXT;
	case DK_XP_COMMENT:
		return N_COMMENT;
	case DK_XP_ERROR:
		pull_failed(r);
		return -1;
	case DK_XP_END:
	default:
		return N_END;
	}
}

const char *xr_node_name(dk_xml_reader *r)
{
	return dk_xml_pull_name(r->xp);
}

/* text or comment of the current node */
const char *xr_node_value(dk_xml_reader *r, size_t *len)
{
	return dk_xml_pull_value(r->xp, len);
}

bool xr_is_blank(const char *s)
{
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

/* text where only elements may stand: quote it, point at its parent */
void xr_stray_text(dk_xml_reader *r, const char *parent, dk_loc parent_loc)
{
	const char *t = xr_node_value(r, NULL);
	while (isspace((unsigned char)*t))
		t++;
	size_t n = 0;
	while (t[n] && t[n] != '\n' && n < 30)
		n++;
	xr_fatal(r, parent_loc, "<%s> holds the text '%.*s%s' where only elements may stand",
	      parent, (int)n, t, t[n] && t[n] != '\n' ? "..." : "");
}

/*
 * Next child of the current element: 1 = an element (r->tag, name via
 * node_name), 0 = the parent ended, -1 = fatal error.  Text that is not
 * white space is an error in element-only content; comments are dropped.
 */
int xr_child(dk_xml_reader *r, const char *parent, dk_loc parent_loc)
{
	for (;;) {
		int t = xr_advance(r);
		if (t < 0)
			return -1;
		switch (t) {
		case N_ELEMENT:
			return 1;
		case N_END_ELEMENT:
			return 0;
		case N_TEXT: {
			if (!xr_is_blank(xr_node_value(r, NULL))) {
				xr_stray_text(r, parent, parent_loc);
				return -1;
			}
			continue;
		}
		case N_COMMENT:
			continue;
		default:
			xr_fatal(r, r->guard.pos, "<%s> is not closed", parent);
			return -1;
		}
	}
}

/* Read the text content of the current element (no child elements). */
int xr_read_text(dk_xml_reader *r, const char *elem)
{
	r->text_len = 0;
	if (!r->text) {
		r->text_alloc = 256;
		r->text = dk_xmalloc(r->text_alloc);
	}
	r->text[0] = '\0';
	if (r->empty)
		return 0;
	for (;;) {
		int t = xr_advance(r);
		if (t < 0)
			return -1;
		if (t == N_END_ELEMENT)
			return 0;
		if (t == N_ELEMENT) {
			xr_fatal(r, r->tag.start, "<%s> may hold only text, not <%s>", elem, xr_node_name(r));
			return -1;
		}
		if (t == N_END) {
			xr_fatal(r, r->guard.pos, "<%s> is not closed", elem);
			return -1;
		}
		if (t == N_TEXT) {
			size_t n;
			const char *v = xr_node_value(r, &n);
			if (r->text_len + n + 1 > r->text_alloc) {
				while (r->text_len + n + 1 > r->text_alloc)
					r->text_alloc *= 2;
				r->text = dk_xrealloc(r->text, r->text_alloc);
			}
			memcpy(r->text + r->text_len, v, n);
			r->text_len += n;
			r->text[r->text_len] = '\0';
		}
	}
}

/* Skip an element we have already complained about, with all it holds. */
int xr_skip_element(dk_xml_reader *r)
{
	if (r->empty)
		return 0;
	int depth = 1;
	while (depth > 0) {
		int t = xr_advance(r);
		if (t < 0)
			return -1;
		if (t == N_END) {
			xr_fatal(r, r->guard.pos, "the document ends inside an element");
			return -1;
		}
		if (t == N_ELEMENT && !r->empty)
			depth++;
		else if (t == N_END_ELEMENT)
			depth--;
	}
	return 0;
}

/* ---- attributes ----------------------------------------------------------- */

/*
 * Read the attributes of the current element into a->value (copied into
 * arena ar), one slot per name in allowed (NULL-terminated).  An attribute
 * the element does not have is a fatal error: the format is closed.
 */
int xr_get_attrs(dk_xml_reader *r, dk_arena *ar, const char *elem,
	      const char *const *allowed, attrs *a)
{
	memset(a, 0, sizeof(*a));
	size_t count = dk_xml_pull_attr_count(r->xp);
	for (size_t k = 0; k < count; k++) {
		const char *name = dk_xml_pull_attr_name(r->xp, k);
		const char *value = dk_xml_pull_attr_value(r->xp, k);
		dk_loc loc = dk_guard_attr_loc(&r->tag, name);
		int slot = -1;
		for (int i = 0; allowed[i]; i++)
			if (strcmp(name, allowed[i]) == 0)
				slot = i;
		if (slot < 0) {
			xr_fatal(r, loc, "<%s> has no attribute '%s'", elem, name);
			return -1;
		}
		a->value[slot] = dk_arena_strndup(ar, value, dk_xml_pull_attr_len(r->xp, k));
		a->loc[slot] = loc;
	}
	return 0;
}

/* a required attribute; records a game error if it is missing */
const char *xr_need(dk_xml_reader *r, const attrs *a, int slot, const char *elem,
		 const char *name)
{
	if (!a->value[slot])
		xr_game_error(r, r->tag.start, "<%s> needs the attribute '%s'", elem, name);
	return a->value[slot];
}

bool xr_parse_long(const char *s, long lo, long hi, long *out)
{
	if (!s || !*s)
		return false;
	/* a few digits, the common case: no strtol */
	if (isdigit((unsigned char)s[0]) && (!s[1] || (isdigit((unsigned char)s[1]) &&
	    (!s[2] || (isdigit((unsigned char)s[2]) && !s[3]))))) {
		long v = 0;
		for (const char *p = s; *p; p++)
			v = v * 10 + (*p - '0');
		if (v < lo || v > hi)
			return false;
		*out = v;
		return true;
	}
	const char *p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return false;
	errno = 0;
	char *end;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* seat from an attribute; 0 (DK_NO_SEAT) and a game error if invalid */
int xr_seat_value(dk_xml_reader *r, const attrs *a, int slot, const char *elem,
	       const char *name, bool required)
{
	const char *v = a->value[slot];
	if (!v) {
		if (required)
			xr_game_error(r, r->tag.start, "<%s> needs the attribute '%s'", elem, name);
		return DK_NO_SEAT;
	}
	long n;
	if (!xr_parse_long(v, 1, DK_MAX_SEATS, &n) || v[0] == '+' || v[0] == '-') {
		xr_game_error(r, a->loc[slot], "%s '%s' is not a seat number from 1 to %d",
			   name, v, DK_MAX_SEATS);
		return DK_NO_SEAT;
	}
	return (int)n;
}

/* ---- elements -------------------------------------------------------------- */

void xr_unknown_element(dk_xml_reader *r, const char *parent)
{
	xr_fatal(r, r->tag.start, "<%s> is not an element of the format here (inside <%s>)",
	      xr_node_name(r), parent);
}

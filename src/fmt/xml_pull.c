/*
 * xml_pull.c - XML nodes one at a time from libxml2's SAX2 push parser; see
 * xml_pull.h.
 *
 * The SAX2 callbacks append nodes to a queue; dk_xml_pull_next hands them
 * out and, when the queue runs dry, reads the next piece of input.  Text
 * and attribute values are copied into one byte buffer and found by offset
 * (the buffer moves when it grows); element and attribute names point into
 * libxml2's dictionary, which lives as long as the parser.
 *
 * Text at the end of the queue is held back until something follows it:
 * libxml2 may report one text node in pieces that straddle two chunks.
 *
 * Errors come where xmlTextReader put them, as far as the test corpus and
 * a few thousand damaged records show: it gave the parser 512 bytes at a
 * time and stopped at the first error, so the nodes of the chunk with the
 * error, and text right before them, never came out.  (In records shorter
 * than 516 bytes with two errors it could still name the other one first.)
 */
#include "xml_pull.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "arena.h"
#include "text_guard.h"

/* XML_PARSE_NONET | XML_PARSE_BIG_LINES and nothing that loads or expands:
 * see RELIABILITY.md for what each of the others did on Debian 12. */
#define DK_XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)

#define DK_XP_PIECE 4096  /* read at a time */
#define DK_XP_CHUNK 512   /* parsed at a time */

typedef struct xp_node {
	dk_xp_type type;
	bool cdata;          /* TEXT: from a CDATA section */
	const char *name;    /* ELEMENT */
	size_t tag;          /* ELEMENT: index into tags */
	size_t text, len;    /* TEXT, COMMENT: offset into buf and length */
	size_t attr, nattr;  /* ELEMENT: first index into attrs and count */
} xp_node;

typedef struct xp_attr {
	const char *name;
	size_t value, len;   /* offset into buf and length */
} xp_attr;

struct dk_xml_pull {
	dk_input *in;
	dk_guard *guard;
	xmlParserCtxtPtr ctxt;
	xmlSAXHandler sax;

	xp_node *nodes;
	size_t n_len, n_alloc, n_head;  /* n_head: the next node to hand out */
	xp_attr *attrs;
	size_t a_len, a_alloc;
	dk_guard_tag *tags;
	size_t t_len, t_alloc;
	char *buf;
	size_t b_len, b_alloc;

	const xp_node *cur;             /* the node handed out last */
	xp_node end_node;               /* handed out at the end */
	bool skip_end;                  /* the element just started was <x/> */
	bool text_break;                /* a processing instruction ends text */
	bool started;                   /* the parser has seen the first bytes */
	bool finished;                  /* the parser was told the input ended */
	bool stopped;                   /* an error is queued: no more nodes */
	bool rooted;                    /* the root element has begun */
	bool screen;                    /* values are screened (refused()): an '&'
					   was read, or another encoding */
	uint32_t first_line;            /* the number of the input's first line (0: 1) */

	dk_xp_error error;
	char message[300];
	char block[DK_XP_PIECE + DK_XP_CHUNK];
	size_t pending;                 /* bytes of block not yet parsed */
	size_t chunk_start;             /* nodes before the chunk being parsed */
};

/* ---- the queue ------------------------------------------------------------ */

static void *grow(void *p, size_t *alloc, size_t need, size_t size)
{
	if (need <= *alloc)
		return p;
	size_t n = *alloc ? *alloc : 64;
	while (n < need)
		n *= 2;
	*alloc = n;
	return dk_xrealloc(p, n * size);
}

/* copy len bytes into the buffer, NUL-terminated; returns their offset */
static size_t keep_bytes(dk_xml_pull *p, const char *s, size_t len)
{
	p->buf = grow(p->buf, &p->b_alloc, p->b_len + len + 1, 1);
	size_t at = p->b_len;
	memcpy(p->buf + at, s, len);
	p->buf[at + len] = '\0';
	p->b_len += len + 1;
	return at;
}

static xp_node *push_node(dk_xml_pull *p, dk_xp_type type)
{
	p->nodes = grow(p->nodes, &p->n_alloc, p->n_len + 1, sizeof(xp_node));
	xp_node *n = &p->nodes[p->n_len++];
	memset(n, 0, sizeof(*n));
	n->type = type;
	p->skip_end = false;
	p->text_break = false;
	return n;
}

static void push_error(dk_xml_pull *p, dk_xp_origin origin, const char *msg, dk_loc loc,
		       dk_io_status status)
{
	if (p->stopped)
		return;
	p->stopped = true;
	/* xmlTextReader hands out a node only once it has parsed past it, and
	 * an error in a chunk it parses stops it at once: the error comes
	 * before the nodes of that chunk and the one before them */
	size_t keep = p->chunk_start;
	if (keep > p->n_head && p->nodes[keep - 1].type == DK_XP_TEXT)
		keep--;
	if (keep < p->n_head)
		keep = p->n_head;
	if (p->n_len > keep)
		p->n_len = keep;
	snprintf(p->message, sizeof(p->message), "%s", msg);
	p->error.origin = origin;
	p->error.message = p->message;
	p->error.loc = loc;
	p->error.status = status;
	p->error.at_start = dk_input_offset(p->in) == 0;
	push_node(p, DK_XP_ERROR);
}

/*
 * An attribute value as the parser hands it over.  Without entity
 * substitution libxml2 writes an '&' of the value as "&#38;" and leaves it to
 * the SAX2 tree builder to turn back; every other '&' is gone by then.
 */
static size_t keep_attr_value(dk_xml_pull *p, const char *s, size_t len, size_t *kept)
{
	*kept = len;
	if (!memchr(s, '&', len))
		return keep_bytes(p, s, len);
	size_t at = keep_bytes(p, s, len);
	char *out = p->buf + at;
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		out[o++] = s[i];
		if (s[i] == '&' && len - i >= 5 && memcmp(s + i, "&#38;", 5) == 0)
			i += 4;
	}
	out[o] = '\0';
	p->b_len = at + o + 1;
	*kept = o;
	return at;
}

/* text of the same kind right after text is one node */
static bool is_blank(const char *s, size_t len)
{
	/* indentation: runs of spaces, eight at a time */
	uint64_t w;
	size_t i = 0;
	if (len && s[0] == '\n')
		i = 1;
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		if (w != 0x2020202020202020ULL)
			break;
	}
	for (; i < len; i++)
		if (s[i] != ' ' && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

/* where an attribute is written, from the guard's record of the tag */
static dk_loc attr_loc(const dk_guard_tag *tag, const char *name)
{
	for (int k = 0; k < tag->attr_count; k++)
		if (strncmp(tag->attrs[k].name, name, DK_GUARD_ATTR_NAME - 1) == 0)
			return tag->attrs[k].loc;
	return tag->start;
}

/*
 * The guard screened the bytes; what libxml2 makes of character references
 * (and of a document in Latin-1) it has not seen.  A control character or
 * bidirectional control that a reference wrote stops the reading as the
 * guard's own refusal does.  An attribute value may hold no control
 * character at all: XML turns the tabs and line ends written in one into
 * spaces, so any left came from a reference.
 */
static bool refused(dk_xml_pull *p, const char *s, size_t len, bool lines_ok,
		    const char *attr, const dk_guard_tag *tag)
{
	/* the text is the bytes the guard passed, unless a reference was
	 * written, or the parser decodes another encoding (ISO-8859-1,
	 * UTF-16, which the guard does not read): see on_start */
	if (!p->screen)
		return false;
	uint32_t cp;
	if (dk_text_refused(s, len, lines_ok, &cp) == len)
		return false;
	char what[64], m[160];
	dk_text_refused_what(what, sizeof(what), cp);
	dk_loc loc;
	if (attr) {
		snprintf(m, sizeof(m), "%s in the value of '%s' is not accepted", what, attr);
		loc = attr_loc(tag, attr);
	} else {
		snprintf(m, sizeof(m), "%s in the text is not accepted", what);
		/* where the parser is: the line the text ends on */
		loc = (dk_loc){ (uint32_t)(p->ctxt->input ? p->ctxt->input->line : 0), 0 };
	}
	push_error(p, DK_XP_FROM_GUARD, m, loc, DK_IO_INVALID);
	return true;
}

static void add_text(dk_xml_pull *p, const xmlChar *s, int len, bool cdata)
{
	if (p->stopped || len <= 0)
		return;
	if (refused(p, (const char *)s, (size_t)len, true, NULL, NULL))
		return;
	xp_node *last = p->n_len > p->n_head ? &p->nodes[p->n_len - 1] : NULL;
	bool join = last && last->type == DK_XP_TEXT && last->cdata == cdata && !p->text_break;
	p->text_break = false;
	/* white space that markup follows is a whole text node (indentation,
	 * most of them): xmlTextReader skipped it, so it is not even queued */
	if (!join && !cdata && p->ctxt->input->cur && p->ctxt->input->cur[0] == '<' &&
	    is_blank((const char *)s, (size_t)len))
		return;
	if (join) {
		/* the last node's text is the last thing in the buffer */
		p->b_len--;  /* its NUL */
		keep_bytes(p, (const char *)s, (size_t)len);
		last->len += (size_t)len;
		p->skip_end = false;
		return;
	}
	xp_node *n = push_node(p, DK_XP_TEXT);
	n->cdata = cdata;
	n->text = keep_bytes(p, (const char *)s, (size_t)len);
	n->len = (size_t)len;
}

/* ---- SAX2 callbacks ------------------------------------------------------- */

static const char *qname(dk_xml_pull *p, const xmlChar *prefix, const xmlChar *local)
{
	if (!prefix)
		return (const char *)local;
	const xmlChar *q = xmlDictQLookup(p->ctxt->dict, prefix, local);
	return q ? (const char *)q : (const char *)local;
}

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
		     const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
		     int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
	(void)uri;
	(void)nb_defaulted;
	dk_xml_pull *p = ctx;
	if (p->stopped)
		return;
	if (!p->rooted) {
		/* the XML declaration, read by now, named the encoding */
		p->rooted = true;
		if (p->guard->text_off ||
		    (p->ctxt->input && p->ctxt->input->buf && p->ctxt->input->buf->encoder))
			p->screen = true;
	}
	xp_node *n = push_node(p, DK_XP_ELEMENT);
	n->name = qname(p, prefix, localname);
	p->tags = grow(p->tags, &p->t_alloc, p->t_len + 1, sizeof(dk_guard_tag));
	dk_guard_tag *tag = &p->tags[p->t_len];
	n->tag = p->t_len++;
	if (!dk_guard_pop(p->guard, tag)) {
		/* cannot happen: the guard saw every '<' first */
		memset(tag, 0, sizeof(*tag));
		tag->start.line = dk_xml_pull_line(p);
	}
	/* the namespace declarations are attributes too, and come first */
	size_t count = (size_t)nb_namespaces + (size_t)nb_attributes;
	p->attrs = grow(p->attrs, &p->a_alloc, p->a_len + count, sizeof(xp_attr));
	n->attr = p->a_len;
	n->nattr = count;
	for (int i = 0; i < nb_namespaces; i++) {
		const xmlChar *pre = namespaces[2 * i], *ns = namespaces[2 * i + 1];
		xp_attr *a = &p->attrs[p->a_len++];
		a->name = pre ? qname(p, BAD_CAST "xmlns", pre) : "xmlns";
		a->len = ns ? strlen((const char *)ns) : 0;
		a->value = keep_bytes(p, ns ? (const char *)ns : "", a->len);
	}
	for (int i = 0; i < nb_attributes; i++) {
		const xmlChar **at = &attributes[5 * i];
		xp_attr *a = &p->attrs[p->a_len++];
		a->name = qname(p, at[1], at[0]);
		a->value = keep_attr_value(p, (const char *)at[3], (size_t)(at[4] - at[3]), &a->len);
		if (refused(p, p->buf + a->value, a->len, false, a->name, tag))
			return;
	}
	p->skip_end = tag->empty;
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix,
		   const xmlChar *uri)
{
	(void)localname;
	(void)prefix;
	(void)uri;
	dk_xml_pull *p = ctx;
	if (p->stopped)
		return;
	if (p->skip_end) {
		p->skip_end = false;  /* <x/>: xmlTextReader gives no end node */
		return;
	}
	push_node(p, DK_XP_END_ELEMENT);
}

static void on_characters(void *ctx, const xmlChar *s, int len)
{
	add_text(ctx, s, len, false);
}

static void on_cdata(void *ctx, const xmlChar *s, int len)
{
	add_text(ctx, s, len, true);
}

/* dropped, as xmlTextReader skipped it; but text before and after it are
 * two nodes */
static void on_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	(void)target;
	(void)data;
	((dk_xml_pull *)ctx)->text_break = true;
}

static void on_comment(void *ctx, const xmlChar *value)
{
	dk_xml_pull *p = ctx;
	if (p->stopped)
		return;
	xp_node *n = push_node(p, DK_XP_COMMENT);
	size_t len = value ? strlen((const char *)value) : 0;
	n->text = keep_bytes(p, value ? (const char *)value : "", len);
	n->len = len;
}

static void on_error(void *ctx, xmlErrorPtr err)
{
	dk_xml_pull *p = ctx;
	if (!err || err->level < XML_ERR_ERROR)
		return;
	dk_loc loc = { (uint32_t)(err->line > 0 ? err->line : 0),
		       (uint32_t)(err->int2 > 0 ? err->int2 : 0) };
	push_error(p, DK_XP_FROM_XML, err->message ? err->message : "unknown error", loc,
		   DK_IO_INVALID);
}

/* ---- feeding the parser --------------------------------------------------- */

/* hand the parser one chunk; an error in it drops the nodes it made */
static void parse(dk_xml_pull *p, const char *data, size_t len, bool last)
{
	p->chunk_start = p->n_len;
	xmlParseChunk(p->ctxt, data, (int)len, last);
}

/*
 * Read one piece of input (the first one: four bytes, which tell the parser
 * the encoding), let the guard see it, parse it.  The pieces are as big as
 * those xmlTextReader read (4 KiB), and it gave the parser 512 bytes at a
 * time: a refusal of the guard or of the decompression bomb check (both
 * look at one piece at a time) stops the reading after the same nodes and
 * with the same figures as before, and libxml2, whose reports on a broken
 * document depend on where its chunks end, reports the same.
 */
static void feed(dk_xml_pull *p)
{
	size_t want = p->started ? DK_XP_PIECE : 4;
	ssize_t n = dk_input_read(p->in, p->block + p->pending, want);
	size_t got = n > 0 ? (size_t)n : 0;
	if (got && dk_guard_feed(p->guard, p->block + p->pending, got) < 0) {
		p->chunk_start = p->n_len;
		push_error(p, DK_XP_FROM_GUARD, p->guard->error, p->guard->error_loc,
			   DK_IO_INVALID);
		return;
	}
	if (got && !p->screen && memchr(p->block + p->pending, '&', got))
		p->screen = true;
	if (!p->started) {
		p->ctxt = xmlCreatePushParserCtxt(&p->sax, p, got ? p->block : NULL, (int)got, NULL);
		if (!p->ctxt) {
			push_error(p, DK_XP_FROM_INPUT, "cannot start the XML parser", DK_LOC_NONE,
				   DK_IO_SYSTEM);
			return;
		}
		xmlCtxtUseOptions(p->ctxt, DK_XML_OPTIONS);
		if (p->first_line > 1 && p->ctxt->input)
			p->ctxt->input->line = (int)p->first_line;
		p->started = true;
	} else {
		size_t avail = p->pending + got, at = 0;
		for (; avail - at >= DK_XP_CHUNK && !p->stopped; at += DK_XP_CHUNK)
			parse(p, p->block + at, DK_XP_CHUNK, false);
		p->pending = avail - at;
		memmove(p->block, p->block + at, p->pending);
	}
	if (n < 0) {
		const char *msg;
		dk_io_status st = dk_input_error(p->in, &msg);
		/* a gzip or read error is about the file, not a text position */
		p->chunk_start = p->n_len;
		push_error(p, DK_XP_FROM_INPUT, msg, DK_LOC_NONE, st);
	} else if (n == 0) {
		p->finished = true;
		if (!p->stopped)
			parse(p, p->block, p->pending, true);
		p->pending = 0;
	}
}

/* a node that may be handed out: not text the next chunk may go on with */
static bool ready(const dk_xml_pull *p)
{
	if (p->n_head >= p->n_len)
		return false;
	return p->n_head + 1 < p->n_len || p->finished || p->stopped ||
	       p->nodes[p->n_head].type != DK_XP_TEXT;
}

/* drop the nodes handed out; move the one held back (if any) to the front */
static void compact(dk_xml_pull *p)
{
	if (p->n_head >= p->n_len) {
		p->n_len = p->n_head = p->a_len = p->t_len = p->b_len = 0;
		return;
	}
	xp_node keep = p->nodes[p->n_head];
	/* its bytes are the last ones in the buffer */
	size_t from = p->b_len;
	if (keep.type == DK_XP_TEXT || keep.type == DK_XP_COMMENT)
		from = keep.text;
	else if (keep.type == DK_XP_ELEMENT && keep.nattr)
		from = p->attrs[keep.attr].value;
	if (p->b_len > from)
		memmove(p->buf, p->buf + from, p->b_len - from);
	p->b_len -= from;
	keep.text -= keep.type == DK_XP_TEXT || keep.type == DK_XP_COMMENT ? from : 0;
	if (keep.type == DK_XP_ELEMENT) {
		if (keep.nattr)
			memmove(p->attrs, p->attrs + keep.attr, keep.nattr * sizeof(xp_attr));
		for (size_t i = 0; i < keep.nattr; i++)
			p->attrs[i].value -= from;
		p->a_len = keep.nattr;
		keep.attr = 0;
		p->tags[0] = p->tags[keep.tag];
		p->t_len = 1;
		keep.tag = 0;
	} else {
		p->a_len = p->t_len = 0;
	}
	p->nodes[0] = keep;
	p->n_len = 1;
	p->n_head = 0;
}


dk_xml_pull *dk_xml_pull_new(dk_input *in, dk_guard *g)
{
	dk_xml_pull *p = dk_xcalloc(1, sizeof(*p));
	p->in = in;
	p->guard = g;
	p->sax.initialized = XML_SAX2_MAGIC;
	p->sax.startElementNs = on_start;
	p->sax.endElementNs = on_end;
	p->sax.characters = on_characters;
	p->sax.ignorableWhitespace = on_characters;
	p->sax.cdataBlock = on_cdata;
	p->sax.comment = on_comment;
	p->sax.processingInstruction = on_pi;
	p->sax.serror = on_error;
	p->end_node.type = DK_XP_END;
	p->cur = &p->end_node;
	return p;
}

void dk_xml_pull_set_first_line(dk_xml_pull *p, uint32_t line)
{
	p->first_line = line;
}

void dk_xml_pull_free(dk_xml_pull *p)
{
	if (!p)
		return;
	if (p->ctxt) {
		if (p->ctxt->myDoc)
			xmlFreeDoc(p->ctxt->myDoc);
		xmlFreeParserCtxt(p->ctxt);
	}
	free(p->nodes);
	free(p->attrs);
	free(p->tags);
	free(p->buf);
	free(p);
}

dk_xp_type dk_xml_pull_next(dk_xml_pull *p)
{
	for (;;) {
		while (!ready(p)) {
			if (p->finished || p->stopped) {
				p->cur = &p->end_node;
				return DK_XP_END;
			}
			if (p->n_head > 0)
				compact(p);
			feed(p);
		}
		const xp_node *n = &p->nodes[p->n_head++];
		p->cur = n;
		/* xmlTextReader skips text of white space only */
		if (n->type == DK_XP_TEXT && !n->cdata && is_blank(p->buf + n->text, n->len))
			continue;
		return n->type;
	}
}

dk_xp_type dk_xml_pull_type(const dk_xml_pull *p)
{
	return p->cur->type;
}

const char *dk_xml_pull_name(const dk_xml_pull *p)
{
	return p->cur->type == DK_XP_ELEMENT && p->cur->name ? p->cur->name : "";
}

const char *dk_xml_pull_value(const dk_xml_pull *p, size_t *len)
{
	const xp_node *n = p->cur;
	if (n->type != DK_XP_TEXT && n->type != DK_XP_COMMENT) {
		if (len)
			*len = 0;
		return "";
	}
	if (len)
		*len = n->len;
	return p->buf + n->text;
}

bool dk_xml_pull_empty(const dk_xml_pull *p)
{
	return p->cur->type == DK_XP_ELEMENT && p->tags[p->cur->tag].empty;
}

const dk_guard_tag *dk_xml_pull_tag(const dk_xml_pull *p)
{
	return p->cur->type == DK_XP_ELEMENT ? &p->tags[p->cur->tag] : NULL;
}

size_t dk_xml_pull_attr_count(const dk_xml_pull *p)
{
	return p->cur->type == DK_XP_ELEMENT ? p->cur->nattr : 0;
}

const char *dk_xml_pull_attr_name(const dk_xml_pull *p, size_t i)
{
	return p->attrs[p->cur->attr + i].name;
}

const char *dk_xml_pull_attr_value(const dk_xml_pull *p, size_t i)
{
	return p->buf + p->attrs[p->cur->attr + i].value;
}

size_t dk_xml_pull_attr_len(const dk_xml_pull *p, size_t i)
{
	return p->attrs[p->cur->attr + i].len;
}

const dk_xp_error *dk_xml_pull_error(const dk_xml_pull *p)
{
	return &p->error;
}

uint32_t dk_xml_pull_line(const dk_xml_pull *p)
{
	if (!p->ctxt || !p->ctxt->input || p->ctxt->input->line < 0)
		return 0;
	return (uint32_t)p->ctxt->input->line;
}

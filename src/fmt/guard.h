/*
 * guard.h - a byte-level screen in front of the XML parser.
 *
 * libxml2 2.9.14 has slow paths that no parser option closes (very many
 * attributes in one tag, very many element names) and features a record
 * never needs (DOCTYPE, entity declarations).  The guard sees every byte
 * before libxml2 does and stops the read at once when it finds one of them,
 * with its own message and position.
 *
 * It also remembers where each start tag and each of its attributes stands
 * (line and column, counting characters), in document order: libxml2's
 * reader gives only line numbers for nodes, so the XML reader takes these
 * positions off the queue as it meets each element.
 *
 * It does not check well-formedness: that is libxml2's job.  Every byte
 * also passes the text screen the other readers share (text_guard.h).
 */
#ifndef DK_GUARD_H
#define DK_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "text_guard.h"

#define DK_GUARD_MAX_ATTRS 64
#define DK_GUARD_MAX_TAG (64 * 1024)
#define DK_GUARD_MAX_DEPTH 32
/* one run of text between two tags (white space included), one comment,
 * CDATA section or processing instruction: a record's longest is a note
 * of a few KiB, and a gzip of a gigabyte of white space (935:1, under the
 * bomb ratio) was inflated and parsed for seconds before the size limit
 * stopped it */
#define DK_GUARD_MAX_RUN (1024 * 1024)
#define DK_GUARD_KEPT_ATTRS 8   /* attribute positions kept per tag */
#define DK_GUARD_ATTR_NAME 16

typedef struct dk_guard_attr {
	char name[DK_GUARD_ATTR_NAME];  /* truncated; compared as a prefix */
	dk_loc loc;
} dk_guard_attr;

typedef struct dk_guard_tag {
	dk_loc start;     /* the '<' */
	dk_loc content;   /* just after the '>' */
	bool empty;       /* written <x/> */
	int attr_count;   /* attributes kept */
	dk_guard_attr attrs[DK_GUARD_KEPT_ATTRS];
} dk_guard_tag;

typedef struct dk_guard {
	int state;
	dk_loc pos;          /* position of the next byte (after each feed) */
	/* positions are worked out from byte offsets when one is needed */
	uint64_t offset;     /* offset of the next byte */
	uint64_t line_start; /* offset of the current line's first byte */
	uint32_t line;
	uint32_t cont;       /* UTF-8 continuation bytes in the line so far */
	uint64_t tag_off;    /* offset of the '<' of the current tag */
	uint64_t run_off;    /* offset of the first byte of the current text,
				comment, CDATA section or processing instruction */
	dk_loc run_loc;      /* ... and its position */
	int attrs;
	int depth;
	bool slash;          /* '/' seen just before '>' in a tag */
	char quote;
	char bang[10];       /* the bytes after "<!" so far */
	size_t bang_len;
	int close_run;       /* matching progress of "-->", "]]>" or "?>" */
	size_t name_len;     /* length of the attribute name being read */
	dk_guard_tag cur;    /* the tag being scanned */
	dk_guard_tag *queue; /* ring of scanned tags not yet taken */
	size_t q_head, q_len, q_alloc;
	bool failed;
	dk_loc error_loc;
	char error[200];
	/* the text screen every reader shares (text_guard.h): NUL and
	 * control bytes (no line limit: XML may come on one line); the encoding is libxml2's to
	 * check (a declaration may name another 8-bit encoding than UTF-8);
	 * a UTF-16 or UTF-32 document, told by its first bytes, is refused
	 * (its tags are not what the screen counts in bytes) */
	dk_text_guard text;
	bool text_off;       /* always false now: nothing passes unscreened */
} dk_guard;

void dk_guard_init(dk_guard *g);
void dk_guard_release(dk_guard *g);

/** Scan len more bytes.  Returns 0, or -1 with g->error and g->error_loc set. */
int dk_guard_feed(dk_guard *g, const char *buf, size_t len);

/** Take the oldest scanned start tag; false if none is queued. */
bool dk_guard_pop(dk_guard *g, dk_guard_tag *out);

/** Position of attribute name in tag, or the tag's own position. */
dk_loc dk_guard_attr_loc(const dk_guard_tag *tag, const char *name);

#endif

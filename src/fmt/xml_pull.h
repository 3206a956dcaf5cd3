/*
 * xml_pull.h - XML nodes one at a time, from libxml2's SAX2 push parser.
 *
 * The XML reader walks the format with one function per element and pulls
 * the next node when it needs it.  libxml2's xmlTextReader offers that, but
 * builds and frees a small tree for every node, which cost as much again as
 * the parse itself.  This layer drives the SAX2 push parser instead: it
 * reads a piece of the input, lets the guard scan it, hands it to the
 * parser, and queues what the SAX2 callbacks report (start and end of an
 * element with its attributes, text, comments) until they are pulled.
 *
 * The nodes come as xmlTextReader gave them: an element written <x/> has no
 * end node (dk_xml_pull_empty says so), adjacent text is one node, text of
 * white space only is skipped, processing instructions are dropped.  A
 * syntax error, an input error or a refusal of the guard is queued as a
 * DK_XP_ERROR node, after the nodes xmlTextReader gave before it.
 *
 * Memory: the queue holds the nodes of one piece of input (4 KiB) and text
 * still going on, so it does not grow with the number of games.
 *
 * It knows nothing of the format: names are not checked here.
 */
#ifndef DK_XML_PULL_H
#define DK_XML_PULL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "guard.h"
#include "io.h"

typedef enum dk_xp_type {
	DK_XP_END = 0,      /* the document ended */
	DK_XP_ELEMENT,      /* a start tag */
	DK_XP_END_ELEMENT,  /* an end tag (none for <x/>) */
	DK_XP_TEXT,         /* text or CDATA */
	DK_XP_COMMENT,
	DK_XP_ERROR         /* see dk_xml_pull_error; nothing follows */
} dk_xp_type;

typedef enum dk_xp_origin {
	DK_XP_FROM_XML,     /* libxml2 found a syntax error */
	DK_XP_FROM_INPUT,   /* reading or decompressing failed */
	DK_XP_FROM_GUARD    /* the guard refused the bytes */
} dk_xp_origin;

/** What a DK_XP_ERROR node says. */
typedef struct dk_xp_error {
	dk_xp_origin origin;
	const char *message;  /* libxml2's, the input's or the guard's words */
	dk_loc loc;           /* where (DK_LOC_NONE for input errors) */
	dk_io_status status;  /* DK_IO_INVALID or, for input errors, their own */
	bool at_start;        /* no byte of input had been read (an empty file) */
} dk_xp_error;

typedef struct dk_xml_pull dk_xml_pull;

/**
 * Start pulling nodes from in; every byte passes through guard g first.
 * Both stay the caller's and must outlive the puller.  Returns NULL if
 * libxml2 cannot make a parser.  Free with dk_xml_pull_free.
 */
dk_xml_pull *dk_xml_pull_new(dk_input *in, dk_guard *g);

void dk_xml_pull_free(dk_xml_pull *p);

/**
 * The next node.  What it holds (name, value, attributes) stays valid until
 * the next call; element names stay valid as long as the puller.
 */
dk_xp_type dk_xml_pull_next(dk_xml_pull *p);

/** The current node's type, again. */
dk_xp_type dk_xml_pull_type(const dk_xml_pull *p);

/** Element name of the current node (qualified, as written). */
const char *dk_xml_pull_name(const dk_xml_pull *p);

/** Text or comment of the current node, NUL-terminated; its length. */
const char *dk_xml_pull_value(const dk_xml_pull *p, size_t *len);

/** True if the current element was written <x/>. */
bool dk_xml_pull_empty(const dk_xml_pull *p);

/** Where the guard saw the current element and its attributes (NULL if the
 * current node is no element). */
const dk_guard_tag *dk_xml_pull_tag(const dk_xml_pull *p);

/** Attributes of the current element, namespace declarations first. */
size_t dk_xml_pull_attr_count(const dk_xml_pull *p);
const char *dk_xml_pull_attr_name(const dk_xml_pull *p, size_t i);
const char *dk_xml_pull_attr_value(const dk_xml_pull *p, size_t i);
size_t dk_xml_pull_attr_len(const dk_xml_pull *p, size_t i);

/** For a DK_XP_ERROR node. */
const dk_xp_error *dk_xml_pull_error(const dk_xml_pull *p);

/** The parser's current line (a fallback position). */
uint32_t dk_xml_pull_line(const dk_xml_pull *p);

/** Number the input's lines from line on (before the first node is pulled):
 * for a piece of a larger file, given its own root element line. */
void dk_xml_pull_set_first_line(dk_xml_pull *p, uint32_t line);

#endif

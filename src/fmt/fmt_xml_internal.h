/*
 * fmt_xml_internal.h - what the parts of the XML reader share: the
 * reader's state, the steps over nodes and attributes (fmt_xml_util.c)
 * that its walk over the file (fmt_xml_read.c) and its parsers of a game's
 * elements (fmt_xml_game.c) both use, and those parsers.  Not for use
 * outside these files.
 */
#ifndef DK_FMT_XML_INTERNAL_H
#define DK_FMT_XML_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "fmt_xml.h"
#include "guard.h"
#include "xml_pull.h"

struct dk_xml_reader {
	const char *file;          /* display name (owned copy) */
	dk_input *in;
	dk_guard guard;
	dk_xml_pull *xp;
	dk_diag *diag;             /* diagnostics of the current call */

	bool failed;               /* a fatal error happened */
	dk_io_status status;

	dk_guard_tag tag;          /* position of the current element */
	bool empty;                /* the current element is <x/> */
	bool pending;              /* the current node was read but not handled */

	bool in_session;
	bool close_session;        /* an empty <session/> was read */
	bool root_empty;           /* the root was <dokoref/> */
	dk_loc root_loc;
	size_t session_count;
	size_t game_count;
	dk_arena session_arena;
	dk_arena game_arena;
	dk_session session;
	dk_game game;
	bool game_ok;

	/* comments seen before the next game or session (in the game arena's
	 * sibling: kept in a plain array, moved into the item's arena) */
	char **comments;
	size_t comment_count, comment_alloc;
	char **prologue;
	size_t prologue_count;

	char *text;                /* text of the current element */
	size_t text_len, text_alloc;
};

enum { N_END = 0, N_ELEMENT, N_END_ELEMENT, N_TEXT, N_COMMENT };

#define MAX_ATTRS 8

typedef struct attrs {
	const char *value[MAX_ATTRS];
	dk_loc loc[MAX_ATTRS];
} attrs;

/* ---- errors (fmt_xml_util.c) -------------------------------------------- */

/** A fatal error at loc: the reader stops. */
void xr_fatal(dk_xml_reader *r, dk_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/** An error in the current game at loc: the game is marked bad. */
void xr_game_error(dk_xml_reader *r, dk_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- nodes and elements (fmt_xml_util.c) -------------------------------- */

/** The next node that matters (whitespace-only text and processing
 * instructions are skipped): N_ELEMENT, N_END_ELEMENT, N_TEXT, N_COMMENT,
 * N_END, or -1 on a fatal error. */
int xr_advance(dk_xml_reader *r);

/** The text or comment of the current node (its length into *len if len). */
const char *xr_node_value(dk_xml_reader *r, size_t *len);

/** s holds only white space. */
bool xr_is_blank(const char *s);

/** A fatal error: text stands inside parent where only elements may. */
void xr_stray_text(dk_xml_reader *r, const char *parent, dk_loc parent_loc);

/** The name of the current element. */
const char *xr_node_name(dk_xml_reader *r);

/** The next child element of parent: 1, 0 at its end, -1 on a fatal error. */
int xr_child(dk_xml_reader *r, const char *parent, dk_loc parent_loc);

/** The text of the current element elem into r->text (NUL-terminated,
 * r->text_len bytes): 0, or -1. */
int xr_read_text(dk_xml_reader *r, const char *elem);

/** Skip the current element and all inside it: 0, or -1. */
int xr_skip_element(dk_xml_reader *r);

/** A fatal error: the current element may not stand inside parent. */
void xr_unknown_element(dk_xml_reader *r, const char *parent);

/* ---- attributes (fmt_xml_util.c) ---------------------------------------- */

/** The attributes of the current element elem, one slot per name in allowed
 * (NULL-terminated), copied into ar: 0, or -1 for one it does not have. */
int xr_get_attrs(dk_xml_reader *r, dk_arena *ar, const char *elem,
	      const char *const *allowed, attrs *a);

/** A required attribute; a game error if it is missing. */
const char *xr_need(dk_xml_reader *r, const attrs *a, int slot, const char *elem,
		 const char *name);

/** s as a decimal number (a sign allowed) in [lo, hi] into *out: false if it is not one. */
bool xr_parse_long(const char *s, long lo, long hi, long *out);

/** A seat from an attribute; 0 (DK_NO_SEAT) and a game error if invalid. */
int xr_seat_value(dk_xml_reader *r, const attrs *a, int slot, const char *elem,
	       const char *name, bool required);

/* ---- a game's elements (fmt_xml_game.c) --------------------------------- */

/* Each parses the current element into its part of the record: 0, or -1 on
 * a fatal error (errors inside the game are recorded, the game marked bad). */
int xr_parse_deal(dk_xml_reader *r, dk_arena *ar, dk_deal *d, bool *exchange_unknown);
int xr_parse_bidding(dk_xml_reader *r, dk_arena *ar, dk_game *g);
int xr_parse_play(dk_xml_reader *r, dk_arena *ar, dk_game *g);
int xr_parse_recorded(dk_xml_reader *r, dk_arena *ar, dk_recorded *rec);

#endif

/*
 * fmt_doko_internal.h - what the parts of the notation's reader share: its
 * walk over the file (fmt_doko_read.c), its header lines and results
 * (fmt_doko_head.c), its hands, bidding and play lines (fmt_doko_play.c),
 * its resolution of players and hands (fmt_doko_resolve.c) and what they
 * all stand on (fmt_doko_util.c): the reader's state and the helpers.  Not
 * for use outside them.
 */
#ifndef DK_FMT_DOKO_INTERNAL_H
#define DK_FMT_DOKO_INTERNAL_H

#include <string.h>

#include "arena.h"
#include "fmt_doko.h"
#include "replay.h"  /* DK_MAX_TRICKS */

/* ---- lines and tokens --------------------------------------------------- */

typedef struct line {
	const char *s;      /* NUL-terminated (the line end was overwritten) */
	size_t len;
	uint32_t no;
	int kind;
} line;

enum { L_OTHER = 0, L_BLANK, L_GAME, L_SESSION, L_END };

typedef struct tok {
	const char *s;      /* NUL-terminated copy in the arena */
	size_t n;
	dk_loc loc;
	bool colon;         /* written NAME: */
	bool comma;         /* a comma stands before it */
	bool quoted;
} tok;

/* ---- words and places --------------------------------------------------- */

/* an array grown by doubling: arr holds n of cap */
#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? 2 * (cap) : 16; \
		(arr) = dk_xrealloc((arr), (cap) * sizeof(*(arr))); \
	} \
} while (0)

static inline dk_loc doko_mkloc(uint32_t lno, uint32_t col)
{
	dk_loc l = { lno, col };
	return l;
}

static inline int doko_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* s[0..n) equals word (lower case ASCII, may hold UTF-8) ignoring ASCII case */
static inline bool doko_word_is(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);
	if (n != k)
		return false;
	for (size_t i = 0; i < n; i++)
		if (doko_lower((unsigned char)s[i]) != (unsigned char)word[i])
			return false;
	return true;
}

/* the index of s among the words of list (NULL-terminated), -1 if none */
static inline int doko_word_in(const char *s, size_t n, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (doko_word_is(s, n, list[i]))
			return i;
	return -1;
}

static inline uint32_t doko_col_of(const char *line_start, const char *p)
{
	uint32_t col = 1;
	for (const char *q = line_start; q < p; q++)
		if (((unsigned char)*q & 0xc0) != 0x80)
			col++;
	return col;
}

static inline dk_loc doko_loc_at(const line *l, const char *p)
{
	return doko_mkloc(l->no, doko_col_of(l->s, p));
}

/* ---- what the reader keeps beside the record ---------------------------- */

typedef struct ev_aux {
	int trick;          /* 1-based trick of the line it stands in; 0: no cards */
	bool named;         /* the seat was written */
	bool from_next;     /* the seat is that of the next card of its line */
	uint32_t line;
} ev_aux;

typedef struct trick_info {
	size_t first_ev;    /* index of the first event of its line */
	size_t end_ev;      /* one past its last event */
	int cards;
	dk_loc loc;         /* the first card */
	dk_loc end;         /* just after the line's last character */
} trick_info;

typedef struct given_hand {
	int seat;
	dk_hand hand;
	dk_loc name_loc;
	uint32_t line;
} given_hand;

struct dk_doko_reader {
	char *file;
	char *data;                /* the text as read */
	size_t len;
	char *cut;                 /* a copy, cut into NUL-terminated lines */
	line *lines;
	size_t nlines;
	size_t pos;
	size_t head_end;           /* lines before the first game/session line */
	bool has_game_lines;
	bool head_done;
	bool in_session;
	bool failed;
	dk_io_status status;
	dk_diag *diag;
	dk_arena arena;            /* the current game */
	dk_arena session_arena;
	dk_session session;
	bool session_ok;
	dk_game game;
	bool game_ok;
	size_t game_count;
	size_t session_count;
	/* the current game's arrays */
	dk_event *ev;
	ev_aux *aux;
	size_t nev, ev_cap;
	dk_bid *bids;
	size_t nbids, bid_cap;
	dk_note *notes;
	size_t nnotes, note_cap;
	trick_info tricks[DK_MAX_TRICKS];
	int ntricks;
	given_hand hands[DK_MAX_SEATS];
	int nhands;
	dk_loc dealer_loc;
	bool has_dealer;
	bool resolved;
	bool quiet;                /* a line read a second time: its token errors are known */
	dk_lang lang;              /* of the error messages */
};

/* ---- header lines (fmt_doko_head.c) ------------------------------------- */

/* the header tags, each with its English and German words (header_of) */
enum doko_header {
	H_RULES, H_SET, H_PLAYERS, H_DEALER, H_EVENT, H_PLACE, H_DATE, H_TABLE, H_ROUND,
	H_NOTE, H_BIDS, H_PLAY, H_RESULT, H_TOTALS, H_EXCHANGE, H_BOCK, H_COUNT
};

/* the context a header line is read in: a session's head or a game */
typedef struct ctx {
	dk_meta *meta;
	dk_note **notes;     /* NULL: notes go to r->notes */
	bool *has_rules;
	dk_rules_ref *rules;
	bool *has_players;
	dk_players *players;
	dk_arena *arena;
	bool seen[H_COUNT];
	bool in_session_head;
	bool from_head;      /* lines of the file's head, shared by every game */
	dk_rule_override *ovr;
	size_t novr;
} ctx;

/** A header line l, tokens t[0..nt), of header h, read into context c. */
void doko_read_header(dk_doko_reader *r, ctx *c, const line *l, int h, const tok *t,
		      size_t nt);

/** A result: or totals: line (h), tokens t[0..nt), into the game's recorded
 * result. */
void doko_read_result(dk_doko_reader *r, int h, tok *t, size_t nt);

/* ---- hands, bidding and play (fmt_doko_play.c) -------------------------- */

/** A hand line: "hand NAME: cards". */
void doko_read_hand(dk_doko_reader *r, const line *l, tok *t, size_t nt);

/** A bidding: line's bids, tokens t[0..nt) (t[0] the tag). */
void doko_read_bids(dk_doko_reader *r, tok *t, size_t nt);

/** A play line: one trick, or events between tricks. */
void doko_read_play_line(dk_doko_reader *r, const line *l, tok *t, size_t nt);

/** An error for a card played a third time, found as it is read. */
void doko_check_thrice(dk_doko_reader *r);

/* ---- errors, numbers and players (fmt_doko_util.c) ---------------------- */

/** An error in the current game (it is then not ok), at loc: message id of
 * the catalogue (src/words/lang.c) in the reader's language, formatted with
 * the arguments (which must fit the English format). */
void doko_err(dk_doko_reader *r, dk_loc loc, dk_msg id, ...);

/** The players of the current game (its own or its session's), or NULL. */
const dk_players *doko_players(const dk_doko_reader *r);

/** The seat a name in t (in any case) or a seat number stands for, 0 if
 * none; says nothing. */
int doko_find_seat(dk_doko_reader *r, const tok *t);

/** The seat of the player named by t (a name, in any case, or a seat
 * number); 0 with an error if none. */
int doko_seat_of(dk_doko_reader *r, const tok *t);

/** s[0..n) as a decimal number (a sign allowed) in [lo, hi] into *out:
 * false if it is not one. */
bool doko_parse_long(const char *s, size_t n, long lo, long hi, long *out);

/** The name of the player at seat, "?" if none. */
const char *doko_player_name(const dk_doko_reader *r, int seat);

#endif

/*
 * fmt_doko_internal.h - what the notation's reader (fmt_doko_read.c) and
 * its resolution of players and hands (fmt_doko_resolve.c) share: the
 * reader's state and a few helpers.  Not for use outside these two files.
 */
#ifndef DK_FMT_DOKO_INTERNAL_H
#define DK_FMT_DOKO_INTERNAL_H

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

/** An error in the current game (it is then not ok), at loc: message id of
 * the catalogue (src/words/lang.c) in the reader's language, formatted with
 * the arguments (which must fit the English format). */
void doko_err(dk_doko_reader *r, dk_loc loc, dk_msg id, ...);

/** The players of the current game (its own or its session's), or NULL. */
const dk_players *doko_players(const dk_doko_reader *r);

/** The name of the player at seat, "?" if none. */
const char *doko_player_name(const dk_doko_reader *r, int seat);

#endif

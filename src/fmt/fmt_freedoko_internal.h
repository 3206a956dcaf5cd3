/*
 * fmt_freedoko_internal.h - what the parts of the FreeDoko reader share:
 * the reader's state, its lines, the builder a game is put together in,
 * and the helpers each part calls in the one below it.  Not for use
 * outside the reader (fmt_freedoko_read.c, fmt_freedoko_bugreport.c,
 * fmt_freedoko_debuglog.c, fmt_freedoko_game.c, fmt_freedoko_lines.c).
 */
#ifndef DK_FMT_FREEDOKO_INTERNAL_H
#define DK_FMT_FREEDOKO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "fmt_freedoko.h"

typedef struct fd_line {
	char *s;            /* trimmed, NUL-terminated */
	uint32_t no;        /* 1-based line number */
	uint32_t col;       /* column of s[0] */
	bool indented;      /* the raw line began with blanks */
} fd_line;

#define MAX_GAME_EVENTS 160
#define MAX_GAME_BIDS 32
#define MAX_ITEMS 32

struct dk_fd_reader {
	char *file;
	char *data;
	size_t len;
	dk_fd_kind kind;
	fd_line *lines;
	size_t nlines;
	size_t pos;                /* next line to look at */
	bool failed;
	dk_io_status status;
	dk_arena rules_arena;
	dk_fd_rules rules;
	dk_arena arena;
	dk_game game;
	dk_foreign_score foreign;
	bool game_ok;
	size_t game_count;
	bool done;
	/* debug log: the players' names by 0-based FreeDoko number */
	char *names[4];
	bool names_known;
	/* debug log: the party, one session of all its games (Bock carries) */
	dk_session session;
	dk_player session_players[4];
	bool session_made;
	dk_diag *diag;
};

static inline dk_loc fd_line_loc(const fd_line *l)
{
	return (dk_loc){ l->no, l->col };
}

#define ERR(r, l, ...) \
	dk_diag_error((r)->diag, (r)->file, fd_line_loc(l), __VA_ARGS__)
#define WARN(r, l, ...) \
	dk_diag_warning((r)->diag, (r)->file, fd_line_loc(l), __VA_ARGS__)

static inline bool fd_starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ---- fmt_freedoko_lines.c: lines, fields, names, cards, blocks ---------- */

void fd_split_lines(dk_fd_reader *r);
bool fd_split_eq(const char *s, char *key, size_t keylen, const char **value);
char *fd_clean_name(dk_arena *a, const char *s, size_t n);
bool fd_parse_card(dk_card *out, const char *s, size_t n);
int fd_parse_player(const char *s, const char **end);
size_t fd_split_commas(char *value, char **f, size_t max);
size_t fd_find_block(const dk_fd_reader *r, size_t i, const char *name);
size_t fd_block_end(const dk_fd_reader *r, size_t i);

/* ---- fmt_freedoko_game.c: a game put together, its summary -------------- */

typedef struct fd_builder {
	dk_fd_reader *r;
	dk_game *g;
	dk_bid bids[MAX_GAME_BIDS];
	size_t bid_count;
	dk_event events[MAX_GAME_EVENTS];
	size_t event_count;
	dk_note notes[8];
	size_t note_count;
	bool ok;
	/* parties for announcements */
	int soloist, bride, poor, taker, partner;     /* 0-based, -1 = none */
	int genscher, genscher_partner;               /* FreeDoko's genscher, -1 = none */
	size_t genscher_at;                           /* its event index */
	const char *gametype;
	dk_card pass[DK_MAX_PASS], ret[DK_MAX_PASS];
	int pass_n, ret_n;
	dk_loc pass_loc, ret_loc;   /* the lines of the exchange */
	dk_foreign_item items[MAX_ITEMS];
	size_t item_count;
	bool have_summary;
	size_t calls[MAX_GAME_EVENTS];  /* Re/Kontra events whose word waits for the parties */
	size_t call_count;
	dk_bid pending[8];          /* declarations said after every reservation */
	size_t pending_count;
	bool by_dokoref;            /* written by dokoref: poverty reports as it wrote them */
	bool over_said;             /* a cap was passed and said: once per game */
	int duty_solo;              /* the summary's "duty solo = 0/1", -1 = not said */
} fd_builder;

typedef struct fd_solo_name {
	const char *name;
	dk_solo_kind kind;
} fd_solo_name;

void fd_build_init(fd_builder *b, dk_fd_reader *r);
dk_bid *fd_build_bid(fd_builder *b, const fd_line *l, dk_bid_kind kind, int player);
dk_event *fd_build_event(fd_builder *b, const fd_line *l, dk_event_kind kind, int player);
void fd_build_note(fd_builder *b, const fd_line *l, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool fd_announce(fd_builder *b, const fd_line *l, int p, const char *what);
void fd_resolve_calls(fd_builder *b, const dk_card hands[4][DK_MAX_HAND], const int hand_n[4]);
void fd_genscher_event(fd_builder *b, const fd_line *l, int p, int q, bool restated);
const fd_solo_name *fd_find_solo(const char *s);
/** Is the boolean option key on in the rule block (def if it is not there)? */
bool fd_option_on(const dk_fd_rules *rules, const char *key, bool def);
bool fd_infer_selector(dk_marriage_cond *out, const fd_builder *b, const dk_fd_rules *rules,
		       int bride, int partner, int trick);
void fd_flush_declarations(fd_builder *b);
void fd_reservation(fd_builder *b, const fd_line *l, int p, char **f, size_t nf);
int fd_card_list(fd_builder *b, const fd_line *l, char **f, size_t n, dk_card *out, int max);
size_t fd_read_summary(fd_builder *b, size_t i, bool braced, int *startplayer,
		       int *soloplayer, dk_party teams[4], int tp[4]);
void fd_finish_foreign(fd_builder *b, const dk_party teams[4], const int tp[4]);
void fd_build_finish(fd_builder *b);
void fd_set_players(dk_fd_reader *r, dk_game *g, char *const names[4], dk_loc loc);

/* ---- a game of each kind of file ------------------------------------------ */

/* fmt_freedoko_bugreport.c: the one game of a bug report */
dk_read_item fd_read_bugreport(dk_fd_reader *r);
/* fmt_freedoko_debuglog.c: the next game of a --debug gameplay log */
dk_read_item fd_read_debug_game(dk_fd_reader *r);

#endif

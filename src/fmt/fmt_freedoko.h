/*
 * fmt_freedoko.h - FreeDoko's game logs: reading bug reports and --debug
 * gameplay logs into the record model, its rule block as a dokoref rule
 * set, and writing bug reports.
 *
 * formats/freedoko.md describes the files and what dokoref makes of them.
 * A file is recognised by its content (dk_fd_sniff), not by its name.  The
 * reader takes the whole file into memory (a bug report is about 150 KB, a
 * debug log of a party a few hundred) and hands over one game at a time,
 * like the XML reader: each game with the positions of its lines, FreeDoko's
 * own score of it (dk_game.foreign) when the file has one, and the rule
 * block of the party (dk_fd_reader_rules).
 */
#ifndef DK_FMT_FREEDOKO_H
#define DK_FMT_FREEDOKO_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "fmt_xml.h"
#include "io.h"
#include "record.h"

typedef enum dk_fd_kind {
	DK_FD_NONE = 0,            /* not a FreeDoko file */
	DK_FD_BUGREPORT,           /* "# FreeDoko Bugreport" / "# FreeDoko Reference" */
	DK_FD_DEBUG_LOG,           /* the --debug output of a party */
	DK_FD_RULES,               /* a rule file or a party file: rules only */
} dk_fd_kind;

/** What the first len bytes of a file are. */
dk_fd_kind dk_fd_sniff(const char *data, size_t len);

/** One line `name = value` of FreeDoko's rule block. */
typedef struct dk_fd_rule {
	const char *key;
	const char *value;
	dk_loc loc;
} dk_fd_rule;

typedef struct dk_fd_rules {
	dk_fd_rule *items;
	size_t count;
	dk_loc loc;                /* where the block starts; 0 = no rules in the file */
} dk_fd_rules;

typedef struct dk_fd_reader dk_fd_reader;

/**
 * Open path ("-" = stdin; gzip is read as for XML), read it whole and find
 * its games.  A file larger than max_size (0 = DK_DEFAULT_MAX_INPUT), plain
 * or not, is refused: it would be held in memory.  Returns 0 with a new reader, or DK_IO_INVALID / DK_IO_SYSTEM
 * with the reason in diag (then *out is NULL).
 */
int dk_fd_reader_open(dk_fd_reader **out, const char *path, const char *display_name,
		      uint64_t max_size, dk_diag *diag);

/** The same for len bytes at data (copied). */
int dk_fd_reader_open_memory(dk_fd_reader **out, const void *data, size_t len,
			     const char *display_name, dk_diag *diag);

/** The next game (DK_READ_GAME), DK_READ_END, or DK_READ_ERROR (final). */
dk_read_item dk_fd_reader_next(dk_fd_reader *r, dk_diag *diag);
const dk_game *dk_fd_reader_game(const dk_fd_reader *r);
/** False if the game last returned had input errors (they are in diag). */
bool dk_fd_reader_game_ok(const dk_fd_reader *r);
dk_io_status dk_fd_reader_status(const dk_fd_reader *r);
dk_fd_kind dk_fd_reader_kind(const dk_fd_reader *r);
const char *dk_fd_reader_file(const dk_fd_reader *r);
/** The session a debug log's games belong to (the party, so that Bock
 * carries from game to game), once its first game is read; NULL for other
 * files. */
const dk_session *dk_fd_reader_session(const dk_fd_reader *r);
/** The file's rule block (empty if it has none). */
const dk_fd_rules *dk_fd_reader_rules(const dk_fd_reader *r);
void dk_fd_reader_free(dk_fd_reader *r);

/* ---- rules ------------------------------------------------------------- */

/** A FreeDoko option dokoref cannot express, as found in a rule block. */
typedef struct dk_fd_unmapped {
	const char *key;           /* FreeDoko's name */
	const char *value;
	dk_loc loc;
	bool verdict;              /* it can change who won, what a game is worth
				      or whether a play was legal */
	const char *why;           /* what dokoref does instead */
} dk_fd_unmapped;

#define DK_FD_MAX_UNMAPPED 64

typedef struct dk_fd_rule_map {
	dk_fd_unmapped unmapped[DK_FD_MAX_UNMAPPED];
	size_t unmapped_count;
	size_t verdict_count;      /* of them, the ones with verdict set */
} dk_fd_rule_map;

/**
 * Write rules as a dokoref rule set in YAML on base (e.g. "ddv"), named
 * name, each value with the FreeDoko line it comes from (file:line).  Every
 * option without a dokoref key is listed in map and as a comment at the end.
 * FreeDoko's defaults apply to options the block does not name (an input
 * party file gives only some).  A value FreeDoko would not read is an error
 * in diag; returns 0, or -1.
 */
int dk_fd_rules_to_yaml(dk_buf *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
			const char *base, const char *name, const char *file, dk_diag *diag);

/* ---- writing ----------------------------------------------------------- */

struct dk_replay;
struct dk_rules;

/**
 * Write game g as a FreeDoko bug report that FreeDoko can replay: the
 * players, the hands as FreeDoko writes them (after a poverty's exchange),
 * the reservations, the exchange, swines, announcements, every card and
 * full trick, and a rule block made from rules (NULL: FreeDoko's defaults).
 * rp is g replayed under rules (the trick winners, the game type).  The rule
 * set g names is kept in comment lines FreeDoko ignores, so that dokoref
 * reads the same rule set back.  What FreeDoko has no room for is added to
 * dropped, one line each ("the objection after card 3"); the rest is
 * written.  Rules of the set that the rule block cannot say in FreeDoko's
 * words are added to differ: FreeDoko replays under rules that differ there.
 */
void dk_fd_write_bugreport(dk_buf *out, dk_buf *dropped, dk_buf *differ, const dk_game *g,
			   const struct dk_replay *rp, const struct dk_rules *rules);

/**
 * What differs between the game a (as written) and b (as read back), one
 * line each into out: players, dealer, hands, bids, events, rule set.
 * Metadata, notes and the recorded score are not compared.
 */
void dk_fd_compare_games(dk_buf *out, const dk_game *a, const dk_game *b);

#endif

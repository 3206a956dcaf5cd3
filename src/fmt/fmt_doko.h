/*
 * fmt_doko.h - the dokoref notation: a plain text a person types at the
 * table (formats/dokoref-notation.md), read into the record model and
 * written from it.
 *
 * A notation file says less than the record model holds: the player of
 * each card follows from who won the trick before, and the hands follow
 * from the play when the game was played to the end.  Reading is therefore
 * two steps.  dk_doko_reader_next reads one game as written (cards without
 * a named player carry seat 0); dk_doko_reader_resolve, given the rule set,
 * works out who led each trick by replaying the game so far (so that the
 * rule set's own trump order, swines, Genscher and lead rules decide),
 * gives every card its player and makes the hands that were not written.
 * Only then is the game a record like one read from XML.
 *
 * The reader takes the whole file into memory (a typed file is small) and
 * refuses NUL bytes, text that is not UTF-8 and lines longer than
 * DK_DOKO_MAX_LINE bytes before it reads anything.
 */
#ifndef DK_FMT_DOKO_H
#define DK_FMT_DOKO_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "fmt_xml.h"
#include "io.h"
#include "lang.h"
#include "record.h"
#include "rules.h"

#define DK_DOKO_MAX_LINE 4096    /* bytes in one line */
#define DK_DOKO_MAX_EVENTS 4096  /* cards and everything said in one game */

/** True if the first len bytes of a file look like the notation: after blank
 * and comment lines, a header line (`rules:`, `players:` ...) or a `game` or
 * `session` line. */
bool dk_doko_sniff(const char *data, size_t len);

/**
 * Parse one card as the notation accepts it: everything dk_card_parse
 * accepts, and the keyboard shorthands `z` for the ten (`hz`, `kaz`) and the
 * German one-letter suits `k` (Kreuz) and `p` (Pik) before a rank (`kd`,
 * `pb`, `k10`).  `ka` is refused (Kreuz-Ass or Karo?).  Returns true and
 * sets *out on success.
 */
bool dk_doko_card_parse(dk_card *out, const char *s, size_t len);

typedef struct dk_doko_reader dk_doko_reader;

/**
 * Open path ("-" = stdin; gzip is read as for XML) and read it whole.
 * Returns 0 with a new reader, or DK_IO_INVALID / DK_IO_SYSTEM with the
 * reason in diag (then *out is NULL).  display_name, if not NULL, is the
 * name used in diagnostics.
 */
int dk_doko_reader_open(dk_doko_reader **out, const char *path, const char *display_name,
			uint64_t max_size, dk_diag *diag);

/** The same for len bytes at data (copied). */
int dk_doko_reader_open_memory(dk_doko_reader **out, const void *data, size_t len,
			       const char *display_name, dk_diag *diag);

/** The language of the reader's error messages from here on (English until
 * set): the words are those of the catalogue, src/words/lang.c.  The byte
 * screen of opening (text_guard.h) and I/O errors are shared with the other
 * readers and stay English. */
void dk_doko_reader_set_lang(dk_doko_reader *r, dk_lang lang);

/** The next item, as dk_xml_reader_next: a game (not yet resolved), the
 * start or end of a session, DK_READ_END, or DK_READ_ERROR (final).  The
 * game's memory stays valid until the next call. */
dk_read_item dk_doko_reader_next(dk_doko_reader *r, dk_diag *diag);

/**
 * Work out the player of every card and the hands that were not written,
 * for the game last returned, under rules (NULL: only a game whose every
 * card names its player and whose hands are all written can be resolved).
 * Errors (a trick short of cards, a card its player does not hold, a game
 * that stops early without hands) go to diag with their position; returns
 * 0, or -1 (then the game is not ok).
 */
int dk_doko_reader_resolve(dk_doko_reader *r, const dk_rules *rules, dk_diag *diag);

const dk_game *dk_doko_reader_game(const dk_doko_reader *r);
const dk_session *dk_doko_reader_session(const dk_doko_reader *r);
/** False if the game or session last returned had errors (they are in diag). */
bool dk_doko_reader_game_ok(const dk_doko_reader *r);
dk_io_status dk_doko_reader_status(const dk_doko_reader *r);
const char *dk_doko_reader_file(const dk_doko_reader *r);
/** The text read (NUL-terminated), for showing source lines of standard input. */
const char *dk_doko_reader_text(const dk_doko_reader *r, size_t *len);
void dk_doko_reader_free(dk_doko_reader *r);

/* ---- writing ----------------------------------------------------------- */

/** File start: the comments before the first game as comment lines. */
void dk_doko_write_begin(dk_buf *b, const char *const *comments, size_t count);
void dk_doko_write_session_begin(dk_buf *b, const dk_session *s);
void dk_doko_write_session_end(dk_buf *b);

/**
 * Write game g in the notation, as short as reads back to the same game
 * under rules (NULL: every card names its player and every hand is
 * written).  The written text is read back and compared with g; whatever
 * differs, and whatever the notation cannot hold (FreeDoko's own score, a
 * note with a line break), is added to lost, one line each.
 */
void dk_doko_write_game(dk_buf *b, dk_buf *lost, const dk_game *g, const dk_rules *rules);

/**
 * What differs between games a and b as records, one line into out for the
 * first difference (nothing if they are the same).  The order of the hands
 * and of the cards within a hand, the comments and the positions do not
 * count.  Returns true if they are the same.
 */
bool dk_doko_same_game(dk_buf *out, const dk_game *a, const dk_game *b);

#endif

/*
 * fmt_xml.h - the dokoref XML record format: streaming reader and canonical
 * writer.
 *
 * The reader hands over one game at a time (and tells where sessions begin
 * and end), so a file of any number of games is read in memory that does not
 * grow with it.  It enforces the structure of formats/dokoref.rng itself,
 * with messages that name file, line and column; consistency of a deal
 * (cards, hand sizes) is checked by dk_record_check in the core.
 *
 * The writer produces the canonical form described in formats/dokoref-xml.md:
 * reading canonical output and writing it again gives the same bytes.
 */
#ifndef DK_FMT_XML_H
#define DK_FMT_XML_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "io.h"
#include "record.h"

typedef enum dk_read_item {
	DK_READ_ERROR = -1,         /* the file cannot be read any further */
	DK_READ_END = 0,            /* the whole document was read */
	DK_READ_GAME = 1,           /* a game: dk_xml_reader_game */
	DK_READ_SESSION_START = 2,  /* a session header: dk_xml_reader_session */
	DK_READ_SESSION_END = 3
} dk_read_item;

typedef struct dk_xml_reader dk_xml_reader;

/** Set up libxml2 for hostile input: refuse every external entity, silence
 * its default error printing.  Call once before the first reader. */
void dk_xml_global_init(void);

/** The part of dk_xml_global_init that libxml2 keeps per thread: call it in
 * each further thread that reads XML (the library does, on each open). */
void dk_xml_thread_init(void);

/**
 * Open path ("-" = stdin; gzip is detected) and read up to the root
 * element.  Returns 0 with a new reader in *out, or DK_IO_INVALID /
 * DK_IO_SYSTEM with the reason in diag (then *out is NULL).  display_name,
 * if not NULL, is the name used in diagnostics instead of path.
 */
int dk_xml_reader_open(dk_xml_reader **out, const char *path,
		       const char *display_name, uint64_t max_size,
		       dk_diag *diag);

/** The same for len bytes at data (kept by the caller until the reader is freed). */
int dk_xml_reader_open_memory(dk_xml_reader **out, const void *data, size_t len,
			      const char *display_name, uint64_t max_size, dk_diag *diag);

/** The same for an input already open (the reader takes it over and frees it). */
int dk_xml_reader_open_input(dk_xml_reader **out, dk_input *in, const char *display_name,
			     dk_diag *diag);

/**
 * Where a piece of a larger file begins, for reading it on its own (audit
 * --jobs): the piece is given as a root element on a line of its own,
 * followed by the piece's bytes from the start of one of the file's lines.
 * line: the number of that root element's line (the piece's first line of
 * the file is line + 1); games, sessions: how many came before in the file.
 */
typedef struct dk_xml_origin {
	uint32_t line;
	size_t games, sessions;
} dk_xml_origin;

/** dk_xml_reader_open_input for a piece that begins at origin. */
int dk_xml_reader_open_input_at(dk_xml_reader **out, dk_input *in, const char *display_name,
				const dk_xml_origin *origin, dk_diag *diag);

/** The line the reader has read up to (at the end: the input's last line). */
uint32_t dk_xml_reader_line(const dk_xml_reader *r);

/** Games and sessions read so far, those before the origin included. */
size_t dk_xml_reader_games(const dk_xml_reader *r);
size_t dk_xml_reader_sessions(const dk_xml_reader *r);

/**
 * Read the next item.  A game's memory stays valid until the next call.  A
 * game with errors inside it (an unknown card, a bad seat) is still returned
 * and reading goes on; dk_xml_reader_game_ok tells.  DK_READ_ERROR is final.
 */
dk_read_item dk_xml_reader_next(dk_xml_reader *r, dk_diag *diag);

const dk_game *dk_xml_reader_game(const dk_xml_reader *r);
const dk_session *dk_xml_reader_session(const dk_xml_reader *r);

/** False if the game or session header last returned had errors (they are in
 * diag); the item is still there, as far as it could be read. */
bool dk_xml_reader_game_ok(const dk_xml_reader *r);

/** After DK_READ_ERROR: DK_IO_SYSTEM for a system failure, else DK_IO_INVALID. */
dk_io_status dk_xml_reader_status(const dk_xml_reader *r);

/** Comments before the root element, in order. */
const char *const *dk_xml_reader_prologue(const dk_xml_reader *r, size_t *count);

/** The name used in diagnostics. */
const char *dk_xml_reader_file(const dk_xml_reader *r);

/** Bytes of the file read so far (compressed ones for gzip); see
 * dk_input_source_offset.  The reader reads ahead, so this runs ahead of
 * the last item returned by up to a buffer. */
uint64_t dk_xml_reader_source_offset(const dk_xml_reader *r);

void dk_xml_reader_free(dk_xml_reader *r);

/* ---- writer ----------------------------------------------------------- */

/** Document start: XML declaration, the prologue comments, the root tag. */
void dk_xml_write_begin(dk_buf *b, const char *const *comments, size_t count);
void dk_xml_write_session_begin(dk_buf *b, const dk_session *s);
void dk_xml_write_session_end(dk_buf *b);
/** One game; depth 1 at top level, 2 inside a session. */
void dk_xml_write_game(dk_buf *b, const dk_game *g, int depth);
void dk_xml_write_end(dk_buf *b);

/**
 * Write the item r last returned (a session's start or end, or a game) in
 * canonical form; *depth keeps track of being inside a session (start it
 * at 1).  Writes nothing for DK_READ_END or DK_READ_ERROR.
 */
void dk_xml_write_item(dk_buf *b, const dk_xml_reader *r, dk_read_item item, int *depth);

#endif

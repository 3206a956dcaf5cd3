/*
 * pieces.h - reading one XML file on several cores (audit --jobs).
 *
 * A reader thread reads the file (inflating gzip), cuts it into pieces of
 * about a megabyte at the start of a line that opens a <session>, and
 * counts the lines, games and sessions before each piece, so that a piece
 * read on its own numbers everything as the whole file does (its own root
 * element on the line before, dk_xml_origin).  Worker threads read and
 * judge the pieces; the calling thread takes their results in the file's
 * order.  Sessions carry state (Bock, standings, dealer), games in
 * different sessions do not: a piece boundary between two sessions costs
 * nothing but the check that the second does not start with Bocks of the
 * first.
 *
 * Where the counting cannot be trusted (a comment holding "<session"), a
 * piece does not read cleanly, the file declares an encoding other than
 * UTF-8, no session starts for a long stretch, or the input fails, the
 * taker is told to read the rest of the file itself from a piece's start,
 * on one thread, as an ordinary reading would: the output stays the same.
 */
#ifndef DK_CLI_PIECES_H
#define DK_CLI_PIECES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fmt_xml.h"

/* the root element line in front of every piece but the first */
#define DK_PIECE_ROOT "<dokoref version=\"1\">\n"
#define DK_PIECE_END "</dokoref>"

typedef struct dk_piece {
	size_t seq;
	char *data;                /* the piece as a document of its own */
	size_t len;
	uint64_t offset;           /* of its first byte in the (inflated) file */
	uint64_t source_offset;    /* bytes taken from the file when it was cut */
	bool first, last;          /* the file's start (no root line added), end */
	dk_xml_origin origin;      /* where it begins (not for the first) */
	dk_xml_origin end;         /* where the next piece begins (not for the last) */
	bool stop;                 /* no piece: read on from offset on one thread */
	void *result;              /* the worker's */
} dk_piece;

typedef struct dk_pieces_fns {
	void *(*worker_new)(void *ud);                 /* in each worker thread */
	void (*work)(void *ud, void *worker, dk_piece *p);
	void (*worker_free)(void *ud, void *worker);
	/* in the calling thread, in order: true to go on, false to stop (the
	 * caller then reads on from p itself) */
	bool (*take)(void *ud, dk_piece *p);
	void (*discard)(void *ud, void *result);       /* a result not taken */
} dk_pieces_fns;

/**
 * Read path with jobs workers.  Returns true when every piece was taken;
 * false with *from set to the piece to read on from (its offset, first and
 * origin; its data is gone) when take or the reader stopped.
 */
bool dk_pieces_run(const char *path, uint64_t max_size, int jobs, size_t piece_size,
		   const dk_pieces_fns *fns, void *ud, dk_piece *from);

/** An input that reads path from offset on, as piece from begins (the root
 * line in front unless from->first); NULL after an error (the reading
 * that opens the file again reports it). */
struct dk_input *dk_pieces_reopen(const char *path, uint64_t max_size, const dk_piece *from);

#endif

/*
 * io.h - reading input files (plain or gzip) and writing output files safely.
 *
 * Input: a file or stdin ("-"), decompressed transparently when it starts
 * with the gzip magic bytes.  Gzip is read strictly: a truncated stream, a
 * corrupt one (checked against the trailer's CRC and length) and bytes after
 * the last member are errors, and the decompressed size is capped.
 *
 * Output: written to a temporary file in the target's directory and renamed
 * over the target only when everything was written, so a failure never
 * leaves half a file behind.  It does not know any record format.
 */
#ifndef DK_IO_H
#define DK_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define DK_DEFAULT_MAX_INPUT ((uint64_t)1 << 30) /* 1 GiB decompressed */

typedef enum dk_io_status {
	DK_IO_OK = 0,
	DK_IO_INVALID = -1,   /* the data is bad: truncated, corrupt, too big */
	DK_IO_SYSTEM = -2     /* the system failed: open, read, write, rename */
} dk_io_status;

typedef struct dk_input dk_input;

/**
 * Open path for reading ("-" is stdin).  max_size caps the decompressed size
 * of gzip input (0 = DK_DEFAULT_MAX_INPUT).  Returns DK_IO_OK and a new input
 * in *out, or DK_IO_SYSTEM with a message in errbuf.  Free with dk_input_free.
 */
dk_io_status dk_input_open(dk_input **out, const char *path, uint64_t max_size,
			   char *errbuf, size_t errlen);

/** Read from len bytes at data (not copied: keep them until dk_input_free). */
dk_io_status dk_input_open_memory(dk_input **out, const void *data, size_t len,
				  uint64_t max_size);

/**
 * Read up to len bytes of (decompressed) data.  Returns the number of bytes,
 * 0 at the end, or -1 after an error (see dk_input_error).
 */
ssize_t dk_input_read(dk_input *in, char *buf, size_t len);

/**
 * Read the rest of in into *buf, a block of *cap bytes with *len of them
 * in use (a NULL *buf and a *cap of 0 to begin with nothing), grown as
 * needed, always with room for a NUL after the data; at most limit bytes
 * in all (0: DK_DEFAULT_MAX_INPUT).  each, where not NULL, sees every
 * block as it is read and once more with n 0 at the end, and may refuse
 * (non-zero: the reading stops there; each has said why itself).
 * DK_IO_OK; else DK_IO_INVALID or DK_IO_SYSTEM, with a message in errbuf
 * (the input's error, or that what, "a notation file" say, is over the
 * limit), or errbuf empty where each refused.  *buf stays the caller's
 * to free either way.
 */
dk_io_status dk_input_read_whole(dk_input *in, const char *what, uint64_t limit, char **buf,
				 size_t *len, size_t *cap,
				 int (*each)(void *ctx, const char *data, size_t n), void *ctx,
				 char *errbuf, size_t errlen);

/** Give len bytes at data back: the next reads return them first (for
 * looking at the start of standard input before choosing a reader). */
void dk_input_unread(dk_input *in, const char *data, size_t len);

/** After a -1 from dk_input_read: the kind of error and its message. */
dk_io_status dk_input_error(const dk_input *in, const char **message);

/** True if the input is gzip-compressed. */
bool dk_input_is_gzip(const dk_input *in);

/** Bytes delivered so far (decompressed). */
uint64_t dk_input_offset(const dk_input *in);

/** Bytes taken from the file or stream so far (compressed ones for gzip):
 * for a progress bar against the file's size. */
uint64_t dk_input_source_offset(const dk_input *in);

void dk_input_free(dk_input *in);

typedef struct dk_output dk_output;

/**
 * Start writing path ("-" is stdout, written directly).  With gzip the data
 * is compressed (deterministic header: no time stamp, no name).  A regular
 * file (or a new one) is written to a temporary file in its directory and
 * renamed over path by dk_output_commit: nothing is visible at path before.
 * The new file gets 0666 less the umask, or the mode (and group, where it
 * may) of the regular file it replaces.  An existing character device or
 * FIFO is opened and written to directly, never replaced; a directory,
 * block device or socket is refused (DK_IO_SYSTEM, the reason in errbuf).
 */
dk_io_status dk_output_open(dk_output **out, const char *path, bool gzip,
			    char *errbuf, size_t errlen);

/** Write to an open stream instead (not closed at the end; no temporary file). */
dk_io_status dk_output_open_stream(dk_output **out, FILE *stream, bool gzip);

/** Append len bytes.  Errors are kept and reported by dk_output_commit. */
void dk_output_write(dk_output *o, const char *data, size_t len);

/** Finish: flush, close and rename into place.  Frees o in every case. */
dk_io_status dk_output_commit(dk_output *o, char *errbuf, size_t errlen);

/** Give up: remove the temporary file.  Frees o. */
void dk_output_abort(dk_output *o);

/** True if path ends in ".gz". */
bool dk_path_is_gz(const char *path);

#endif

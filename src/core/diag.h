/*
 * diag.h - a list of diagnostics (input errors and warnings) with positions.
 *
 * Passed explicitly to every function that can fail on input: there is no
 * global "last error".  The core never prints; the CLI renders the list as
 * `file:line:col: error: message`, followed by the source line and a caret
 * when the line can be read again.
 */
#ifndef DK_DIAG_H
#define DK_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/** A position in an input file; line and col count from 1, 0 = unknown. */
typedef struct dk_loc {
	uint32_t line;
	uint32_t col;
} dk_loc;

/** No position: the message is about the file or the system. */
#define DK_LOC_NONE ((dk_loc){ 0 })

typedef enum dk_severity {
	DK_SEV_ERROR = 0,
	DK_SEV_WARNING = 1
} dk_severity;

typedef struct dk_diag_item {
	dk_severity severity;
	char *file;     /* owned; may be NULL */
	dk_loc loc;
	char *message;  /* owned */
} dk_diag_item;

typedef struct dk_diag {
	dk_diag_item *items;
	size_t count;
	size_t alloc;
	size_t errors;
	size_t limit;   /* stop storing beyond this many items (0 = 100) */
	size_t dropped; /* items not stored because of the limit */
} dk_diag;

void dk_diag_init(dk_diag *d);
void dk_diag_release(dk_diag *d);
/** Forget every item, keep the storage. */
void dk_diag_clear(dk_diag *d);

/** Add an item; the message is printf-formatted (lowercase, no full stop). */
void dk_diag_add(dk_diag *d, dk_severity sev, const char *file, dk_loc loc,
		 const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void dk_diag_vadd(dk_diag *d, dk_severity sev, const char *file, dk_loc loc,
		  const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

#define dk_diag_error(d, file, loc, ...) \
	dk_diag_add((d), DK_SEV_ERROR, (file), (loc), __VA_ARGS__)
#define dk_diag_warning(d, file, loc, ...) \
	dk_diag_add((d), DK_SEV_WARNING, (file), (loc), __VA_ARGS__)

#endif

/*
 * fmt_sheet_common.h - what the sheet readers share (fmt_sheet_common.c):
 * their limits, the byte screen, lines, CSV fields and whole numbers.
 * Not a public API.
 */
#ifndef DK_FMT_SHEET_COMMON_H
#define DK_FMT_SHEET_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "sheet.h"

#define DK_SHEET_MAX_LINE 4096      /* bytes in one line of a CSV sheet */
#define DK_SHEET_MAX_FIELDS 64      /* fields in one CSV row */
#define DK_JSON_MAX_DEPTH 16        /* nesting of arrays and objects */
#define DK_JSON_MAX_STRING 4096     /* bytes in one JSON string */
#define DK_JSON_MAX_VALUES 1000000  /* values in one JSON document */

/** Pass the text through the shared screen (text_guard.h) with max_line
 *  (0: none); false with the error in d.  A UTF-8 byte order mark is
 *  skipped by the caller: bom tells that one was there (column 1 of line 1
 *  is then after it). */
bool dk_sheet_screen(const char *data, size_t len, uint32_t max_line, bool bom,
		     const char *file, dk_diag *d);

/** A position (a function: a compound literal's commas confuse macros). */
static inline dk_loc dk_sheet_loc(uint32_t line, uint32_t col)
{
	dk_loc l = { line, col };
	return l;
}

/** Length of a UTF-8 byte order mark at data (3 or 0). */
size_t dk_sheet_bom(const char *data, size_t len);

/** A copy of data after its byte order mark (bom bytes), NUL-terminated, to
 *  cut into lines in place (dk_sheet_line); free it. */
char *dk_sheet_text(const char *data, size_t len, size_t bom);

/** The next line of text from *p (before e): NUL-terminated in place,
 *  without its "\n" or "\r\n"; its length in *n, *p moved past it. */
char *dk_sheet_line(char **p, char *e, size_t *n);

typedef struct dk_csv_field {
	char *s;          /* unquoted, NUL-terminated, trimmed of blanks */
	size_t len;
	dk_loc loc;       /* where the field starts */
	bool quoted;
} dk_csv_field;

/**
 * Split one line (modified in place, NUL-terminated, no line end) into at
 * most max fields separated by sep; a field may be quoted ("a ""b"" c").
 * Returns the number of fields, or -1 with the error in d.
 */
int dk_csv_split(char *line, uint32_t lineno, char sep, dk_csv_field *out, int max,
		 const char *file, dk_diag *d);

/** The column (in characters, from 1) of byte offset off of line. */
uint32_t dk_sheet_col(const char *line, size_t off);

/** A whole number with an optional sign, |x| <= DK_SHEET_MAX_ABS; false if
 *  s is none. */
bool dk_sheet_number(const char *s, long *out);

/** ASCII case-insensitive equality of s and word. */
bool dk_sheet_word(const char *s, const char *word);

/** Copy name into a player slot of size DK_SHEET_MAX_NAME; false if too long. */
bool dk_sheet_name(char *slot, const char *name, size_t len);

#endif

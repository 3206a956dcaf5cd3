/*
 * fmt_sheet.h - score sheets without cards: dokoref's own CSV
 * (formats/score-sheet.md), DapfiDuck's cumulative CSV and QtDoppelKopf's
 * event log (JSON), each read into one dk_sheet (src/core/sheet.h).
 *
 * A sheet is small: each reader takes the whole text, passes every byte
 * through the text screen the other readers share (text_guard.h: no NUL or
 * control bytes, UTF-8, DK_SHEET_MAX_LINE bytes a line), and then reads it.
 * Errors name file:line:column (columns count characters) in the style of
 * the other readers; a reader stops at its first error.
 *
 * This file and fmt_sheet.c only pick the reader; each reader has its
 * header (fmt_sheet_csv.h, ...), and their limits and shared helpers are
 * in fmt_sheet_common.h.
 */
#ifndef DK_FMT_SHEET_H
#define DK_FMT_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "sheet.h"

/** The sheet format of the first len bytes of a file by their content, or
 *  -1 if they are none (dk_sheet_format otherwise). */
int dk_sheet_sniff(const char *data, size_t len);

/**
 * Read len bytes at data (need not end in NUL) of the format fmt into out
 * (dk_sheet_init'ed by the caller, released by the caller also after a
 * failure).  file names the input in diagnostics.  Returns 0, or -1 with
 * the error in d.
 */
int dk_sheet_read(dk_sheet *out, int fmt, const char *data, size_t len, const char *file,
		  dk_diag *d);

#endif

/*
 * fmt_sheet_csv.h - the reader of dokoref's own score sheet CSV
 * (formats/score-sheet.md), for the dispatcher (fmt_sheet.c).  Not a
 * public API.
 */
#ifndef DK_FMT_SHEET_CSV_H
#define DK_FMT_SHEET_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "sheet.h"

/** Does data look like dokoref's own CSV (formats/score-sheet.md)? */
bool dk_sheet_csv_sniff(const char *data, size_t len);

/** Read it as dk_sheet_read does (fmt_sheet.h). */
int dk_sheet_read_csv(dk_sheet *out, const char *data, size_t len, const char *file, dk_diag *d);

#endif

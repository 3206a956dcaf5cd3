/*
 * fmt_sheet_dapfi.h - the reader of DapfiDuck's cumulative CSV,
 * for the dispatcher (fmt_sheet.c).  Not a public API.
 */
#ifndef DK_FMT_SHEET_DAPFI_H
#define DK_FMT_SHEET_DAPFI_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "sheet.h"

/** Does data look like DapfiDuck's CSV: a row of initials ending in "S",
 *  then rows of numbers? */
bool dk_sheet_dapfi_sniff(const char *data, size_t len);

/** Read it as dk_sheet_read does (fmt_sheet.h). */
int dk_sheet_read_dapfi(dk_sheet *out, const char *data, size_t len, const char *file,
			dk_diag *d);

#endif

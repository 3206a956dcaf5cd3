/*
 * fmt_sheet_qtdk.h - the reader of QtDoppelKopf's event log (JSON),
 * for the dispatcher (fmt_sheet.c).  Not a public API.
 */
#ifndef DK_FMT_SHEET_QTDK_H
#define DK_FMT_SHEET_QTDK_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "sheet.h"

/** Does data look like QtDoppelKopf's event log: a JSON object with
 *  "dataVersion" first? */
bool dk_sheet_qtdk_sniff(const char *data, size_t len);

/** Read it as dk_sheet_read does (fmt_sheet.h). */
int dk_sheet_read_qtdk(dk_sheet *out, const char *data, size_t len, const char *file,
		       dk_diag *d);

#endif

/*
 * fmt_sheet_internal.h - the sheet readers' shared helpers under their
 * older name, for the unit tests that include it; the readers include
 * fmt_sheet_common.h.  Not a public API.
 */
#ifndef DK_FMT_SHEET_INTERNAL_H
#define DK_FMT_SHEET_INTERNAL_H

#include "fmt_sheet_common.h"

#endif

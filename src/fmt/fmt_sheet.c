/*
 * fmt_sheet.c - score sheets recognised by content and handed to the
 * reader of their format; see fmt_sheet.h.
 *
 * It reads no sheet itself: each format has its file (fmt_sheet_csv.c,
 * fmt_sheet_dapfi.c, fmt_sheet_qtdk.c), and what they share is in
 * fmt_sheet_common.c, below them.
 */
#include "fmt_sheet.h"

#include "fmt_sheet_csv.h"
#include "fmt_sheet_dapfi.h"
#include "fmt_sheet_qtdk.h"

int dk_sheet_sniff(const char *data, size_t len)
{
	if (dk_sheet_csv_sniff(data, len))
		return DK_SHF_DOKOREF;
	if (dk_sheet_qtdk_sniff(data, len))
		return DK_SHF_QTDOPPELKOPF;
	if (dk_sheet_dapfi_sniff(data, len))
		return DK_SHF_DAPFIDUCK;
	return -1;
}

int dk_sheet_read(dk_sheet *out, int fmt, const char *data, size_t len, const char *file,
		  dk_diag *d)
{
	switch (fmt) {
	case DK_SHF_DOKOREF:
		return dk_sheet_read_csv(out, data, len, file, d);
	case DK_SHF_DAPFIDUCK:
		return dk_sheet_read_dapfi(out, data, len, file, d);
	case DK_SHF_QTDOPPELKOPF:
		return dk_sheet_read_qtdk(out, data, len, file, d);
	default:
		dk_diag_error(d, file, DK_LOC_NONE, "not a score sheet");
		return -1;
	}
}

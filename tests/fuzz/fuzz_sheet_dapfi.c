/*
 * fuzz_sheet_dapfi.c - libFuzzer harness for the score sheet reader of
 * DapfiDuck's CSV and the audit of what it reads (fuzz_sheet.h).
 */
#include "fuzz_sheet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_sheet(DK_SHF_DAPFIDUCK, data, size);
	return 0;
}

/*
 * fuzz_sheet.h - what the three score sheet harnesses share
 * (fuzz_sheet_csv.c, fuzz_sheet_dapfi.c, fuzz_sheet_qtdk.c): read the input
 * as the harness's format, recognise it by content, and audit every sheet
 * that reads under rules made from the first byte (Bock appended, stacked
 * or none; plus-minus, plus or minus; who deals after a solo; the sign flip),
 * so that the audit's paths are fuzzed with the reader's.
 *
 * Built as fuzzers with -Dfuzzers=true; standalone_driver.c replays each
 * corpus (tests/fuzz/sheet-*-corpus/), the sample sheets and the other
 * programs' sheets (tests/sheets/) in every test run.
 */
#ifndef DK_FUZZ_SHEET_H
#define DK_FUZZ_SHEET_H

#include <stdint.h>
#include <string.h>

#include "fmt_sheet.h"
#include "sheet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void fuzz_sheet(int fmt, const uint8_t *data, size_t size)
{
	(void)dk_sheet_sniff((const char *)data, size);
	dk_diag d;
	dk_diag_init(&d);
	dk_sheet s;
	dk_sheet_init(&s);
	if (dk_sheet_read(&s, fmt, (const char *)data, size, "fuzz", &d) == 0) {
		unsigned char k = size ? data[0] : 0;
		dk_rules r;
		memset(&r, 0, sizeof(r));
		r.bock_kind = (dk_bock_kind)(k % 3);
		r.standings_counting = (dk_counting)(k / 3 % 3);
		r.deal_after_solo = (dk_after_solo)(k / 9 % 3);
		r.bock_solo = (dk_bock_solo)(k / 27 % 3);
		r.standings_diamond_king_flip = k & 0x80;
		r.standings_even_odd = DK_EVEN_ODD_FOUR_PLAYERS;
		r.standings_solo_factor_for_all = k & 0x40;
		r.score_solo_factor = 3;
		r.bock_multiplier = 2;
		r.bock_triggers = 0xff;
		r.bock_per_game = (dk_bock_per_game)(k & 1);
		r.table_five_sit_out = DK_SIT_OUT_DEALER;
		r.table_six_sit_out = DK_SIT_OUT_DEALER_AND_SECOND;
		dk_sheet_state st;
		dk_sheet_audit_begin(&st, &s, &r);
		for (size_t i = 0; i < s.count; i++) {
			dk_sheet_verdict v;
			dk_sheet_audit_game(&st, &v, &s, i, &r);
		}
		(void)dk_sheet_blind(&s, &r);
	}
	dk_sheet_release(&s);
	dk_diag_release(&d);
}

#endif

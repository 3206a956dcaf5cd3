/*
 * fuzz_doko_reader.c - libFuzzer harness for the notation reader: reading,
 * resolving who played each card (which replays the game trick by trick),
 * the consistency check and the replay of every game.
 *
 * Every game that reads cleanly is also written in the notation; when the
 * writer reports nothing lost, the text must read back as the same game.
 *
 * Built as a fuzzer with -Dfuzzers=true; standalone_driver.c replays the
 * notation files of samples/, tests/notation/ and tests/fuzz/doko-corpus/
 * in every test run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "fmt_doko.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void write_and_read_back(const dk_game *g, const dk_rules *rules)
{
	dk_buf out, lost, diff;
	dk_buf_init(&out);
	dk_buf_init(&lost);
	dk_buf_init(&diff);
	if (g->session)
		dk_doko_write_session_begin(&out, g->session);
	dk_doko_write_game(&out, &lost, g, rules);
	if (!lost.len) {
		dk_diag d;
		dk_diag_init(&d);
		dk_doko_reader *back = NULL;
		dk_read_item it = DK_READ_ERROR;
		if (dk_doko_reader_open_memory(&back, out.data, out.len, "written", &d) == 0)
			while ((it = dk_doko_reader_next(back, &d)) == DK_READ_SESSION_START)
				;
		if (it != DK_READ_GAME || !dk_doko_reader_game_ok(back) ||
		    dk_doko_reader_resolve(back, rules, &d) != 0 ||
		    !dk_doko_same_game(&diff, g, dk_doko_reader_game(back))) {
			fprintf(stderr, "a written game does not read back:\n%s\n%s\n%s\n",
				d.count ? d.items[0].message : "", diff.data ? diff.data : "",
				out.data);
			abort();
		}
		dk_doko_reader_free(back);
		dk_diag_release(&d);
	}
	dk_buf_release(&out);
	dk_buf_release(&lost);
	dk_buf_release(&diff);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_diag d;
	dk_diag_init(&d);
	(void)dk_doko_sniff((const char *)data, size);
	dk_doko_reader *r = NULL;
	if (dk_doko_reader_open_memory(&r, data, size, "fuzz", &d) != 0) {
		dk_diag_release(&d);
		return 0;
	}
	/* a plain rule set: 48 cards, follow suit; the rest zero */
	dk_rules rules;
	memset(&rules, 0, sizeof(rules));
	rules.deck_nines = true;
	rules.follow_suit = true;
	for (int items = 0; items < 200; items++) {
		dk_read_item it = dk_doko_reader_next(r, &d);
		if (it == DK_READ_END || it == DK_READ_ERROR)
			break;
		if (it != DK_READ_GAME)
			continue;
		const dk_game *g = dk_doko_reader_game(r);
		if (dk_doko_reader_game_ok(r) && dk_doko_reader_resolve(r, &rules, &d) == 0 &&
		    dk_record_check(g, &rules, "fuzz", &d) == 0) {
			dk_replay *rp = malloc(sizeof(*rp));
			if (!rp)
				abort();
			dk_replay_run(rp, g, &rules);
			free(rp);
			write_and_read_back(g, &rules);
		}
		dk_diag_clear(&d);
	}
	dk_doko_reader_free(r);
	dk_diag_release(&d);
	return 0;
}

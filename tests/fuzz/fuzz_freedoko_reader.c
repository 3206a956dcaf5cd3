/*
 * fuzz_freedoko_reader.c - libFuzzer harness for the FreeDoko reader
 * (bug reports, --debug logs, rule and party files), the conversion of its
 * rule block, the consistency check and the replay of every game.
 *
 * Every game that reads cleanly is also written as a bug report, which must
 * read back as one game.
 *
 * Built as a fuzzer with -Dfuzzers=true; standalone_driver.c replays the
 * FreeDoko files of tests/freedoko/ (the real ones, the damaged and the odd
 * ones) in every test run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "fmt_freedoko.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_fd_reader *r = NULL;
	if (dk_fd_reader_open_memory(&r, data, size, "fuzz", &d) != 0) {
		dk_diag_release(&d);
		return 0;
	}
	dk_buf y;
	dk_buf_init(&y);
	dk_fd_rule_map map;
	dk_fd_rules_to_yaml(&y, &map, dk_fd_reader_rules(r), "ddv", "fuzz", "fuzz", &d);
	dk_buf_release(&y);
	for (int games = 0; games < 100; games++) {
		dk_read_item it = dk_fd_reader_next(r, &d);
		if (it != DK_READ_GAME)
			break;
		const dk_game *g = dk_fd_reader_game(r);
		/* the replay needs a consistent game, as the commands give it */
		if (dk_fd_reader_game_ok(r) && dk_record_check(g, NULL, "fuzz", &d) == 0) {
			dk_replay *rp = malloc(sizeof(*rp));
			if (!rp)
				abort();
			dk_rules rules;
			memset(&rules, 0, sizeof(rules));
			rules.deck_nines = g->deal.hands[0].count == 12;
			rules.follow_suit = true;
			dk_replay_run(rp, g, &rules);
			/* what dokoref writes, dokoref reads */
			dk_buf out, dropped, differ;
			dk_buf_init(&out);
			dk_buf_init(&dropped);
			dk_buf_init(&differ);
			dk_fd_write_bugreport(&out, &dropped, &differ, g, rp, &rules);
			dk_fd_reader *back = NULL;
			dk_diag d2;
			dk_diag_init(&d2);
			if (dk_fd_reader_open_memory(&back, out.data, out.len, "written", &d2) != 0 ||
			    dk_fd_reader_next(back, &d2) != DK_READ_GAME) {
				fprintf(stderr, "a written bug report does not read back:\n%s\n%s\n",
					d2.count ? d2.items[0].message : "?", out.data);
				abort();
			}
			dk_fd_reader_free(back);
			dk_diag_release(&d2);
			dk_buf_release(&out);
			dk_buf_release(&dropped);
			dk_buf_release(&differ);
			free(rp);
		}
		dk_diag_clear(&d);
	}
	dk_fd_reader_free(r);
	dk_diag_release(&d);
	return 0;
}

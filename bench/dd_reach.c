/*
 * dd_reach.c - one threshold question of the double-dummy solver (dd.h),
 * timed: can a party still take NEED card points in the end, every player
 * playing for it (dk_dd_reach)?
 *
 *   dd_reach [-g GAME] [-p re|kontra] [-n NEED] [-l LIMIT] [-m MIB] -t TRICKS_LEFT FILE
 *
 * GAME (from 1, default 1) of FILE is cut before the trick with
 * TRICKS_LEFT tricks left.  NEED is the card points in the end (default
 * 121 for Re, 120 for Kontra); the question asked is for what is still
 * missing.  LIMIT bounds the positions (0, the default: none); MIB is the
 * solver's table in MiB (default DK_DD_TABLE_BYTES, 16).  Prints
 * the answer, the positions visited, the processor time, and for a yes
 * the card points the party takes when the engine replays the game with
 * the continuation found.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dd.h"
#include "reader.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void ask(const dk_game *g, const dk_rules *rules, int left, dk_party party, int need,
		long limit, size_t table_bytes)
{
	size_t keep = g->event_count;
	int cards = 0;
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay *end = malloc(sizeof(*end));
	dk_replay *full = malloc(sizeof(*full));
	dk_event *ev = malloc((g->event_count + DK_LINE_MAX) * sizeof(*ev));
	dk_dd *dd = dk_dd_new_sized(table_bytes);
	if (!rp || !end || !full || !ev || !dd) {
		fprintf(stderr, "dd_reach: out of memory\n");
		exit(1);
	}
	dk_replay_run(full, g, rules);
	for (size_t i = 0; i < g->event_count; i++) {
		if (g->events[i].kind != DK_EV_CARD)
			continue;
		if (cards == 4 * (full->hand_size - left)) {
			keep = i;
			break;
		}
		cards++;
	}
	dk_game cut = *g;
	cut.event_count = keep;
	dk_replay_run(rp, &cut, rules);
	memcpy(rp->party, full->party, sizeof(rp->party));
	int have = rp->points[party];
	dk_dd_set_limit(dd, limit);
	dk_line line;
	long nodes = 0;
	double t0 = now();
	bool yes = dk_dd_reach(dd, rp, party, false, need - have, &line, &nodes);
	double s = now() - t0;
	printf("%d tricks left, %s has %d, needs %d: %s, %ld positions, %.2f s\n",
	       rp->hand_size - rp->trick_count, party == DK_PARTY_RE ? "Re" : "Kontra", have,
	       need, dk_dd_stopped(dd) ? "not settled (over the limit)" : yes ? "yes" : "no",
	       nodes, s);
	if (yes) {
		memcpy(ev, g->events, keep * sizeof(*ev));
		for (int i = 0; i < line.count; i++) {
			dk_event *e = &ev[keep + (size_t)i];
			memset(e, 0, sizeof(*e));
			e->kind = DK_EV_CARD;
			e->seat = rp->seats[line.seats[i]];
			e->card = line.cards[i];
			printf("%s%s", i % 4 ? " " : i ? " | " : "  ", dk_card_code(line.cards[i]));
		}
		printf("\n");
		cut.events = ev;
		cut.event_count = keep + (size_t)line.count;
		dk_replay_run(end, &cut, rules);
		memcpy(end->party, full->party, sizeof(end->party));
		printf("  replayed: %d cards, %d findings, %s takes %d\n", end->cards_played,
		       end->finding_count, party == DK_PARTY_RE ? "Re" : "Kontra",
		       end->points[party]);
	}
	dk_dd_free(dd);
	free(ev);
	free(full);
	free(end);
	free(rp);
}

int main(int argc, char **argv)
{
	long game = 1, limit = 0;
	size_t table_bytes = DK_DD_TABLE_BYTES;
	int left = -1, need = -1;
	dk_party party = DK_PARTY_RE;
	int a = 1;
	for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
		if (strcmp(argv[a], "-g") == 0)
			game = atol(argv[a + 1]);
		else if (strcmp(argv[a], "-t") == 0)
			left = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-n") == 0)
			need = atoi(argv[a + 1]);
		else if (strcmp(argv[a], "-l") == 0)
			limit = atol(argv[a + 1]);
		else if (strcmp(argv[a], "-m") == 0)
			table_bytes = (size_t)atol(argv[a + 1]) << 20;
		else if (strcmp(argv[a], "-p") == 0)
			party = strcmp(argv[a + 1], "kontra") == 0 ? DK_PARTY_KONTRA : DK_PARTY_RE;
		else
			break;
	}
	if (a + 1 != argc || left < 1 || left > 12) {
		fprintf(stderr, "usage: dd_reach [-g GAME] [-p re|kontra] [-n NEED] [-l LIMIT] "
				"[-m MIB] -t TRICKS_LEFT FILE\n");
		return 2;
	}
	if (need < 0)
		need = party == DK_PARTY_RE ? 121 : 120;
	dk_diag d;
	dk_diag_init(&d);
	dk_read_opts opts = { .need_rules = true, .judge = true, .accept_rule_differences = true };
	dk_reader *r;
	if (dk_reader_open(&r, argv[a], &opts, &d) != 0) {
		fprintf(stderr, "%s: cannot open\n", argv[a]);
		dk_diag_release(&d);
		return 1;
	}
	long n = 0;
	dk_read_item it;
	while ((it = dk_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
		if (it != DK_READ_GAME || !dk_reader_game_ok(r) || !dk_reader_rules(r))
			continue;
		if (++n == game) {
			ask(dk_reader_game(r), dk_reader_rules(r), left, party, need, limit,
			    table_bytes);
			break;
		}
	}
	dk_reader_free(r);
	dk_diag_release(&d);
	return 0;
}

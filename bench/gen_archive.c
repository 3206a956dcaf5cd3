/*
 * gen_archive.c - write a large archive of realistic records for benchmarks
 * and for the audit's test of planted irregularities.
 *
 *   gen_archive [-n GAMES] [-s SEED] [-e GAMES_PER_EVENING] [-p EVERY] [-l LIST] > archive.xml
 *
 * Games are grouped into evenings (sessions) of four players, the dealer
 * moving on each game.  Each game has a random deal under ddv, every player
 * healthy, and play that follows suit (a random legal card), an occasional
 * Re or Kontra in the first trick (at most one per party), the card points
 * each party took, each player's plus-minus and the running totals as the
 * table's record.  A hand with both ♣Q makes it a silent marriage.  The
 * recorded scores and totals are what dokoref's own engine (replay, score,
 * session) says, so they are right by construction: the archive is for
 * measuring speed and for checking that planted faults are found, not for
 * checking the scoring.
 *
 * With -p EVERY, every EVERY-th game gets one planted irregularity, in
 * turn: a revoke (a player who could follow suit does not), a wrong
 * recorded score (every entry doubled), a wrong running total (one
 * player's total off by 5), the wrong dealer (the seat after the right one
 * deals, and the rotation goes on from there), and a duplicate (the
 * previous game written again as a game on its own between two evenings).
 * -l LIST writes one line per planted fault: the game's number in the file
 * and the code dokoref audit reports for it ("revoke", "score-wrong",
 * "total-wrong", "dealer", "duplicate").  Deterministic for a seed.  It
 * writes through dokoref's canonical writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rng.h"
#include "fmt_xml.h"
#include "order.h"
#include "replay.h"
#include "ruleset.h"
#include "score.h"
#include "session.h"

static const char *const names[] = {
	"Anna", "Ben", "Clara", "David", "Emil", "Frieda", "Gustav", "Hanna",
	"Ida", "Jonas", "Karl", "Lena", "Moritz", "Nora", "Otto", "Paula",
};

/* may a player holding hand[] play c to a trick led with lead? */
static bool follows(dk_card c, dk_card lead, const dk_card *hand, int n)
{
	bool lead_trump = dk_normal_is_trump(lead);
	bool c_matches = lead_trump ? dk_normal_is_trump(c)
				    : !dk_normal_is_trump(c) && DK_CARD_SUIT(c) == DK_CARD_SUIT(lead);
	if (c_matches)
		return true;
	for (int i = 0; i < n; i++) {
		bool m = lead_trump ? dk_normal_is_trump(hand[i])
				    : !dk_normal_is_trump(hand[i]) &&
				      DK_CARD_SUIT(hand[i]) == DK_CARD_SUIT(lead);
		if (m)
			return false;
	}
	return true;
}

/* does any of hand[0..n) follow lead? */
static bool can_follow(dk_card lead, const dk_card *hand, int n)
{
	for (int i = 0; i < n; i++) {
		bool m = dk_normal_is_trump(lead) ? dk_normal_is_trump(hand[i])
						  : !dk_normal_is_trump(hand[i]) &&
						    DK_CARD_SUIT(hand[i]) == DK_CARD_SUIT(lead);
		if (m)
			return true;
	}
	return false;
}

/*
 * Deal and play one game into g (dealer: seat; index: its place in the
 * file).  With revoke, one player who could follow suit does not, once,
 * if the cards allow it; returns whether that happened.
 */
static bool make_game(dk_game *g, dk_event *events, dk_bid *bids, int dealer, size_t index,
		      bool revoke)
{
	memset(g, 0, sizeof(*g));
	g->index = index;
	dk_card deck[48];
	for (int i = 0; i < 48; i++)
		deck[i] = (dk_card)(i / 2);
	for (int i = 47; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1);
		dk_card t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
	g->deal.dealer = dealer;
	g->deal.hand_count = 4;
	dk_card hands[4][12];
	int counts[4] = { 12, 12, 12, 12 };
	for (int s = 0; s < 4; s++) {
		g->deal.hands[s].seat = s + 1;
		g->deal.hands[s].count = 12;
		memcpy(g->deal.hands[s].cards, deck + 12 * s, 12);
		memcpy(hands[s], deck + 12 * s, 12);
	}
	g->has_bidding = true;
	g->bids = bids;
	for (int k = 0; k < 4; k++) {
		memset(&bids[k], 0, sizeof(bids[k]));
		bids[k].kind = DK_BID_HEALTHY;
		bids[k].seat = (dealer + k) % 4 + 1;
		bids[k].trumps = -1;
	}
	g->bid_count = 4;
	/* parties: the holders of the queens of clubs are Re */
	bool re[4] = { false };
	for (int s = 0; s < 4; s++)
		for (int i = 0; i < 12; i++)
			if (hands[s][i] == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN))
				re[s] = true;
	g->has_play = true;
	g->events = events;
	size_t ne = 0;
	int leader = dealer % 4;  /* left of the dealer, 0-based */
	bool said[2] = { false, false };
	bool revoked = false;
	for (int t = 0; t < 12; t++) {
		dk_card trick[4];
		for (int k = 0; k < 4; k++) {
			int s = (leader + k) % 4;
			if (t == 0 && rnd(8) == 0 && !said[re[s]]) {
				said[re[s]] = true;
				memset(&events[ne], 0, sizeof(events[ne]));
				events[ne].kind = DK_EV_ANNOUNCE;
				events[ne].seat = s + 1;
				events[ne].call = re[s] ? DK_CALL_RE : DK_CALL_KONTRA;
				ne++;
			}
			/* the planted revoke: a card that does not follow, from a
			 * hand that could follow */
			bool wrong = revoke && !revoked && k > 0 && t > 0 &&
				     can_follow(trick[0], hands[s], counts[s]);
			bool any_other = false;
			for (int i = 0; wrong && i < counts[s]; i++)
				if (!follows(hands[s][i], trick[0], hands[s], counts[s]))
					any_other = true;
			int pick;
			if (wrong && any_other) {
				do
					pick = (int)rnd((unsigned)counts[s]);
				while (follows(hands[s][pick], trick[0], hands[s], counts[s]));
				revoked = true;
			} else {
				do
					pick = (int)rnd((unsigned)counts[s]);
				while (k > 0 && !follows(hands[s][pick], trick[0], hands[s], counts[s]));
			}
			trick[k] = hands[s][pick];
			hands[s][pick] = hands[s][--counts[s]];
			memset(&events[ne], 0, sizeof(events[ne]));
			events[ne].kind = DK_EV_CARD;
			events[ne].seat = s + 1;
			events[ne].card = trick[k];
			ne++;
		}
		leader = (leader + dk_normal_trick_winner(trick, 4, DK_TIE_FIRST_WINS, t == 11)) % 4;
	}
	g->event_count = ne;
	return revoked;
}

enum { PLANT_REVOKE, PLANT_SCORE, PLANT_TOTAL, PLANT_DEALER, PLANT_DUPLICATE, PLANT_KINDS };
static const char *const plant_codes[PLANT_KINDS] = {
	"revoke", "score-wrong", "total-wrong", "dealer", "duplicate"
};

/* the table's record of g as dokoref's engine judges it within the session */
static void record_game(dk_game *g, const dk_rules *rules, dk_session_state *ss,
			dk_seat_points *scores, dk_seat_points *totals)
{
	dk_replay rp;
	dk_replay_run(&rp, g, rules);
	dk_score_input in;
	dk_score sc;
	long per_seat[DK_MAX_SEATS + 1];
	dk_score_input_from_replay(&in, &rp, g);
	dk_score_compute(&sc, &in, rules);
	dk_score_per_seat(per_seat, &sc, &rp);
	dk_session_game sg;
	dk_session_judge(ss, &sg, g, rules, &rp, &in, &sc, per_seat);
	g->recorded.present = true;
	g->recorded.re_points = rp.points[DK_PARTY_RE];
	g->recorded.kontra_points = rp.points[DK_PARTY_KONTRA];
	g->recorded.winner = sc.winner;
	g->recorded.winner_none = sc.winner == DK_PARTY_NONE;
	g->recorded.scores = scores;
	g->recorded.score_count = 4;
	g->recorded.totals = totals;
	g->recorded.total_count = 4;
	for (int s = 0; s < 4; s++) {
		scores[s].seat = totals[s].seat = s + 1;
		scores[s].points = sg.score[s + 1];
		totals[s].points = sg.total[s + 1];
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: gen_archive [-n GAMES] [-s SEED] [-e PER_EVENING] [-p EVERY] "
		"[-l LIST]\n");
}

int main(int argc, char **argv)
{
	long games = 1000, per_evening = 40, every = 0;
	const char *list_path = NULL;
	for (int i = 1; i < argc; i += 2) {
		if (i + 1 >= argc) {
			usage();
			return 2;
		}
		if (strcmp(argv[i], "-n") == 0)
			games = atol(argv[i + 1]);
		else if (strcmp(argv[i], "-s") == 0)
			rng_seed(strtoull(argv[i + 1], NULL, 10));
		else if (strcmp(argv[i], "-e") == 0)
			per_evening = atol(argv[i + 1]);
		else if (strcmp(argv[i], "-p") == 0)
			every = atol(argv[i + 1]);
		else if (strcmp(argv[i], "-l") == 0)
			list_path = argv[i + 1];
		else {
			usage();
			return 2;
		}
	}
	if (per_evening < 1)
		per_evening = 1;
	dk_ruleset rs;
	dk_diag d;
	dk_diag_init(&d);
	if (dk_ruleset_load(&rs, "ddv", dk_ruleset_default_dirs(), &d) != 0) {
		fprintf(stderr, "gen_archive: cannot load the rule set ddv (set DOKOREF_RULES_PATH): %s\n",
			d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
		dk_ruleset_release(&rs);
		return 2;
	}
	dk_diag_release(&d);
	FILE *list = NULL;
	if (list_path && !(list = fopen(list_path, "w"))) {
		perror(list_path);
		dk_ruleset_release(&rs);
		return 2;
	}
	dk_buf b;
	dk_buf_init(&b);
	const char *comment[] = { every ? " generated by bench/gen_archive: normal games under ddv, "
					  "with planted irregularities "
					: " generated by bench/gen_archive: legal normal games under ddv " };
	dk_xml_write_begin(&b, comment, 1);
	dk_event events[64];
	dk_bid bids[4];
	dk_seat_points scores[4], totals[4];
	dk_player players[4];
	char date[16];
	dk_session s;
	dk_session_state ss;
	bool open = false;
	size_t pos = 0;                /* games written so far */
	long in_evening = 0;
	int dealer = 1;
	int pending = -1;              /* a planted fault waiting for a game that allows it */
	long planted = 0;
	for (long n = 0; n < games; n++) {
		if (n % per_evening == 0 || !open) {
			if (open)
				dk_xml_write_session_end(&b);
			memset(&s, 0, sizeof(s));
			long evening = n / per_evening;
			snprintf(date, sizeof(date), "20%02ld-%02ld-%02ld", 10 + evening / 336 % 80,
				 evening / 28 % 12 + 1, evening % 28 + 1);
			s.meta.event = "Clubabend";
			s.meta.place = "Bielefeld";
			s.meta.date = date;
			s.has_rules = true;
			s.rules.name = "ddv";
			s.has_players = true;
			s.players.items = players;
			s.players.count = 4;
			s.bock_pending = -1;
			for (int k = 0; k < 4; k++) {
				players[k].seat = k + 1;
				players[k].name = names[(evening * 4 + k) % 16];
			}
			dk_xml_write_session_begin(&b, &s);
			dk_session_begin(&ss, &s);
			open = true;
			in_evening = 0;
		}
		if (every > 0 && (n + 1) % every == 0)
			pending = (int)(planted++ % PLANT_KINDS);
		/* a wrong dealer shows only after the first game of an evening */
		int plant = pending;
		if (plant == PLANT_DEALER && in_evening == 0)
			plant = -1;
		int this_dealer = plant == PLANT_DEALER ? dealer % 4 + 1 : dealer;
		dk_game g;
		bool revoked = make_game(&g, events, bids, this_dealer, ++pos, plant == PLANT_REVOKE);
		if (plant == PLANT_REVOKE && !revoked)
			plant = -1;
		g.session = &s;
		record_game(&g, &rs.rules, &ss, scores, totals);
		if (plant == PLANT_SCORE) {
			if (scores[0].points == 0)
				plant = -1;
			for (int k = 0; plant >= 0 && k < 4; k++)
				scores[k].points *= 2;
		}
		if (plant == PLANT_TOTAL)
			totals[0].points += 5;
		dk_xml_write_game(&b, &g, 2);
		if (plant >= 0 && plant != PLANT_DUPLICATE && list)
			fprintf(list, "%zu %s\n", pos, plant_codes[plant]);
		if (plant == PLANT_DUPLICATE) {
			/* the same game again, on its own between two evenings */
			dk_xml_write_session_end(&b);
			open = false;
			g.index = ++pos;
			g.session = NULL;
			g.has_rules = true;
			g.rules.name = "ddv";
			g.has_players = true;
			g.players = s.players;
			g.recorded.total_count = 0;
			dk_xml_write_game(&b, &g, 1);
			if (list)
				fprintf(list, "%zu %s\n", pos, plant_codes[plant]);
		}
		if (plant >= 0)
			pending = -1;
		dealer = this_dealer % 4 + 1;
		in_evening++;
		if (b.len > (1 << 20)) {
			fwrite(b.data, 1, b.len, stdout);
			dk_buf_clear(&b);
		}
	}
	if (open)
		dk_xml_write_session_end(&b);
	dk_xml_write_end(&b);
	fwrite(b.data, 1, b.len, stdout);
	dk_buf_release(&b);
	dk_ruleset_release(&rs);
	if (list && fclose(list) != 0) {
		perror(list_path);
		return 1;
	}
	return ferror(stdout) ? 1 : 0;
}

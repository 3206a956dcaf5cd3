/*
 * gen_archive.c - write a large archive of realistic records for benchmarks.
 *
 *   gen_archive [-n GAMES] [-s SEED] [-e GAMES_PER_EVENING] > archive.xml
 *
 * Games are grouped into evenings (sessions) of four players, the dealer
 * moving on each game.  Each game has a random deal under ddv, every player
 * healthy, and play that follows suit (a random legal card), an occasional
 * Re or Kontra in the first trick (at most one per party), and the card
 * points each party took written down as the table's record.  A hand with
 * both ♣Q makes it a silent marriage, played like any other game here.  The
 * recorded plus-minus is only +1/-1 for the side with more card points, not
 * the real score: `dokoref check` of such an archive reports most recorded
 * scores as wrong, which is fine for measuring speed.  Deterministic for a
 * seed.  It writes through dokoref's own canonical writer.
 *
 * Planted irregularities (for the audit benchmarks of a later issue) are not
 * made yet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fmt_xml.h"
#include "order.h"

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
	/* xorshift64*: fast, deterministic, good enough for shuffling */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (unsigned)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

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

static void make_game(dk_game *g, dk_event *events, dk_bid *bids, dk_seat_points *scores,
		      int dealer, size_t index)
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
	int points_re = 0;
	bool said[2] = { false, false };
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
			int pick;
			do
				pick = (int)rnd((unsigned)counts[s]);
			while (k > 0 && !follows(hands[s][pick], trick[0], hands[s], counts[s]));
			trick[k] = hands[s][pick];
			hands[s][pick] = hands[s][--counts[s]];
			memset(&events[ne], 0, sizeof(events[ne]));
			events[ne].kind = DK_EV_CARD;
			events[ne].seat = s + 1;
			events[ne].card = trick[k];
			ne++;
		}
		int w = (leader + dk_normal_trick_winner(trick, 4, DK_TIE_FIRST_WINS, t == 11)) % 4;
		int pts = 0;
		for (int k = 0; k < 4; k++)
			pts += dk_card_points(trick[k]);
		if (re[w])
			points_re += pts;
		leader = w;
	}
	g->event_count = ne;
	g->recorded.present = true;
	g->recorded.re_points = points_re;
	g->recorded.kontra_points = 240 - points_re;
	g->recorded.winner = points_re > 120 ? DK_PARTY_RE : DK_PARTY_KONTRA;
	g->recorded.scores = scores;
	g->recorded.score_count = 4;
	for (int s = 0; s < 4; s++) {
		bool won = re[s] == (g->recorded.winner == DK_PARTY_RE);
		scores[s].seat = s + 1;
		scores[s].points = won ? 1 : -1;
	}
}

int main(int argc, char **argv)
{
	long games = 1000, per_evening = 40;
	rng_state = 88172645463325252ULL;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "-n") == 0)
			games = atol(argv[i + 1]);
		else if (strcmp(argv[i], "-s") == 0)
			rng_state ^= strtoull(argv[i + 1], NULL, 10) * 0x9E3779B97F4A7C15ULL;
		else if (strcmp(argv[i], "-e") == 0)
			per_evening = atol(argv[i + 1]);
		else {
			fprintf(stderr, "usage: gen_archive [-n GAMES] [-s SEED] [-e PER_EVENING]\n");
			return 2;
		}
	}
	if (per_evening < 1)
		per_evening = 1;
	dk_buf b;
	dk_buf_init(&b);
	const char *comment[] = { " generated by bench/gen_archive: legal normal games under ddv " };
	dk_xml_write_begin(&b, comment, 1);
	dk_event events[64];
	dk_bid bids[4];
	dk_seat_points scores[4];
	dk_player players[4];
	char date[16];
	dk_session s;
	for (long n = 0; n < games; n++) {
		if (n % per_evening == 0) {
			if (n)
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
		}
		dk_game g;
		make_game(&g, events, bids, scores, (int)(n % 4) + 1, (size_t)n + 1);
		dk_xml_write_game(&b, &g, 2);
		if (b.len > (1 << 20)) {
			fwrite(b.data, 1, b.len, stdout);
			dk_buf_clear(&b);
		}
	}
	if (games > 0)
		dk_xml_write_session_end(&b);
	dk_xml_write_end(&b);
	fwrite(b.data, 1, b.len, stdout);
	dk_buf_release(&b);
	return ferror(stdout) ? 1 : 0;
}

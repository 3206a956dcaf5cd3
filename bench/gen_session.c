/*
 * gen_session.c - write one session of legal games under any rule set,
 * steered game by game, for the samples and golden tests of `dokoref audit`.
 *
 *   gen_session RULES PLAYERS SEED SPEC [-t GAME] [-p PENDING] [-r N] > session.xml
 *
 * RULES is a shipped rule set, PLAYERS 4 to 6, SEED a number, SPEC one
 * letter per game saying what the game must be:
 *
 *   n  no Bock trigger, no solo, no ♦K sign flip (a plain game)
 *   L  a lost Re or Kontra (and nothing else that makes a Bock)
 *   B  both parties said Re/Kontra and the second one won
 *   D  both said and the second one lost (a lost counter-announcement)
 *   S  a Damensolo, nothing that makes a Bock
 *   K  the ♦K wins the last trick, not a solo, nothing that makes a Bock
 *   H  a trick led with a heart that every player followed with a heart
 *   P  a Pflichtsolo (<solo as="duty">, a Damensolo) of the first player left
 *      of the dealer who still owes one (duty_soli.*); he leads
 *   F  the forced (vorgeführt) Pflichtsolo of the player duty_soli.forced
 *      names for the game (<solo as="forced">)
 *   U  a Lustsolo (<solo as="lust">) of the first player left of the dealer
 *      who has played his duty soli
 *   X  a plain game where a player is vorgeführt (the one finding the
 *      game may have: forced-solo-missed)
 *   E  a Lustsolo of the first player left of the dealer who still owes a
 *      duty solo (the one finding: lust-solo-too-early)
 *
 * The cards are played at random, one legal card after another: each card
 * is tried by replaying the game so far with dokoref's engine and kept only
 * if the replay finds nothing; announcements are tried the same way (at
 * random in the first trick, and where the rules require one).  A game that
 * does not meet its letter is dealt again, up to 20,000 times.  The dealer
 * moves as deal.after_solo says; at five and six the seats of
 * table.*_sit_out sit out.  The recorded plus-minus and running totals are
 * the engine's own (Bock included), so they are right by construction;
 * -t GAME adds 3 to the first player's running total from that game on,
 * the sheet's one mistake.  -p sets the session's bock-pending.  -r N sets
 * duty_soli.round_games to N for the session (a <set> in its <rules>), so
 * that a short session reaches its Vorführung.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rng.h"
#include "fmt_xml.h"
#include "replay.h"
#include "ruleset.h"
#include "score.h"
#include "session.h"

#define MAX_GAMES 64
#define MAX_EVENTS 96
#define TRIES 20000

static const char *const names[] = { "Anna", "Ben", "Clara", "David", "Emil", "Frieda" };

/* findings other than "the game is not finished yet" */
static int bad_findings(const dk_replay *rp)
{
	int n = 0;
	for (int i = 0; i < rp->finding_count; i++)
		if (rp->findings[i].code != DK_F_GAME_INCOMPLETE)
			n++;
	return n;
}

typedef struct gen {
	const dk_rules *r;
	dk_session *s;
	int n;                       /* players */
	dk_game g;
	dk_event events[MAX_EVENTS];
	dk_bid bids[DK_PLAYING_SEATS];
	dk_replay rp;
} gen;

static int next_seat(int seat, int n)
{
	return seat % n + 1;
}

static bool sits_out(const gen *x, int dealer, int seat)
{
	if (x->n == 5)
		return x->r->table_five_sit_out == DK_SIT_OUT_DEALER && seat == dealer;
	if (x->n == 6)
		return x->r->table_six_sit_out == DK_SIT_OUT_DEALER_AND_SECOND &&
		       (seat == dealer || seat == next_seat(next_seat(dealer, 6), 6));
	return false;
}

/* replay the events so far; true if nothing is wrong */
static bool clean(gen *x)
{
	dk_replay_run(&x->rp, &x->g, x->r);
	return bad_findings(&x->rp) == 0;
}

/* try an announcement by seat before its next card; keep it if legal */
static bool try_call(gen *x, int seat)
{
	static const dk_call calls[] = { DK_CALL_RE, DK_CALL_KONTRA };
	for (int c = 0; c < 2; c++) {
		dk_event *e = &x->events[x->g.event_count];
		memset(e, 0, sizeof(*e));
		e->kind = DK_EV_ANNOUNCE;
		e->seat = seat;
		e->call = calls[c];
		x->g.event_count++;
		if (clean(x))
			return true;
		x->g.event_count--;
	}
	return false;
}

/* play one legal card of whoever is to play; false if none is */
static bool play_card(gen *x, bool call_now)
{
	dk_replay_run(&x->rp, &x->g, x->r);
	int seat = x->rp.next_seat;
	if (seat < 1 || seat > DK_MAX_SEATS)
		return false;
	dk_card hand[DK_MAX_HAND + DK_MAX_PASS];
	int hn = x->rp.hand_n[seat];
	memcpy(hand, x->rp.hand[seat], sizeof(hand));
	if (call_now)
		try_call(x, seat);
	for (int attempt = 0; attempt < 2; attempt++) {
		/* the cards in random order */
		for (int i = hn - 1; i > 0; i--) {
			int j = (int)rnd((unsigned)i + 1);
			dk_card t = hand[i];
			hand[i] = hand[j];
			hand[j] = t;
		}
		for (int i = 0; i < hn; i++) {
			if (x->g.event_count >= MAX_EVENTS - 2)
				return false;
			dk_event *e = &x->events[x->g.event_count];
			memset(e, 0, sizeof(*e));
			e->kind = DK_EV_CARD;
			e->seat = seat;
			e->card = hand[i];
			x->g.event_count++;
			if (clean(x))
				return true;
			x->g.event_count--;
		}
		/* nothing was clean: perhaps an announcement is due first */
		if (attempt == 0 && !try_call(x, seat))
			return false;
	}
	return false;
}

/* deal and play one game; false if it could not be played cleanly.
 * soloist is a seat, 0 = none; as what the solo is recorded as */
static bool make_game(gen *x, int dealer, int soloist, dk_solo_as as, size_t index)
{
	dk_game *g = &x->g;
	memset(g, 0, sizeof(*g));
	g->index = index;
	g->session = x->s;
	int hs = dk_rules_hand_size(x->r);
	dk_card deck[48];
	int nd = 0;
	for (int c = 0; c < DK_CARD_KINDS; c++) {
		if (hs == 10 && DK_CARD_RANK(c) == DK_NINE)
			continue;
		deck[nd++] = (dk_card)c;
		deck[nd++] = (dk_card)c;
	}
	for (int i = nd - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1);
		dk_card t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
	g->deal.dealer = dealer;
	int k = 0;
	for (int seat = next_seat(dealer, x->n); k < DK_PLAYING_SEATS; seat = next_seat(seat, x->n)) {
		if (sits_out(x, dealer, seat))
			continue;
		dk_hand *h = &g->deal.hands[k];
		h->seat = seat;
		h->count = hs;
		memcpy(h->cards, deck + hs * k, (size_t)hs);
		dk_bid *b = &x->bids[k];
		memset(b, 0, sizeof(*b));
		b->kind = DK_BID_HEALTHY;
		b->seat = seat;
		b->trumps = -1;
		k++;
	}
	g->deal.hand_count = DK_PLAYING_SEATS;
	g->has_bidding = true;
	g->bids = x->bids;
	g->bid_count = DK_PLAYING_SEATS;
	for (int i = 0; soloist && i < DK_PLAYING_SEATS; i++) {
		if (x->bids[i].seat != soloist)
			continue;
		x->bids[i].kind = DK_BID_SOLO;
		x->bids[i].solo = DK_SOLO_QUEENS;
		x->bids[i].as = as;
	}
	g->has_play = true;
	g->events = x->events;
	if (!clean(x))
		return false;
	int cards = hs * DK_PLAYING_SEATS;
	for (int c = 0; c < cards; c++)
		if (!play_card(x, c < DK_PLAYING_SEATS && rnd(5) == 0))
			return false;
	return clean(x);
}

/* does the judged game fit its letter? */
static bool fits(char want, const dk_replay *rp, const dk_score_input *in, const dk_session_game *sg)
{
	bool re = rp->calls[DK_PARTY_RE].made[0], kontra = rp->calls[DK_PARTY_KONTRA].made[0];
	dk_enum_set t = sg->triggered;
	const dk_trick *last = &rp->tricks[rp->trick_count - 1];
	bool dk_last = last->cards[last->winner_index] == DK_CARD_MAKE(DK_DIAMONDS, DK_KING);
	bool plain = !in->solo && !dk_last && rp->type == DK_GT_NORMAL;
	switch (want) {
	case 'n': return plain && t == 0 && !re && !kontra;
	case 'L': return plain && t == (1u << DK_BT_LOST_CALL) && (re != kontra);
	case 'B': return plain && re && kontra && !DK_SET_HAS(t, DK_BT_LOST_COUNTER_CALL) &&
			 !DK_SET_HAS(t, DK_BT_HEART_TRICK) && !DK_SET_HAS(t, DK_BT_TIE) &&
			 !DK_SET_HAS(t, DK_BT_ZERO_SCORE);
	case 'D': return plain && re && kontra && DK_SET_HAS(t, DK_BT_LOST_COUNTER_CALL) &&
			 !DK_SET_HAS(t, DK_BT_HEART_TRICK) && !DK_SET_HAS(t, DK_BT_TIE) &&
			 !DK_SET_HAS(t, DK_BT_ZERO_SCORE);
	case 'S': return in->solo && rp->type == DK_GT_SOLO && t == 0 && !re && !kontra;
	case 'K': return !in->solo && dk_last && rp->type == DK_GT_NORMAL && t == 0 && !re && !kontra;
	case 'H': return plain && t == (1u << DK_BT_HEART_TRICK) && !re && !kontra;
	case 'X': return plain && t == 0 && !re && !kontra;
	case 'P': case 'F': case 'U': case 'E':
		return in->solo && rp->type == DK_GT_SOLO && t == 0 && !re && !kontra;
	default: return false;
	}
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: gen_session RULES PLAYERS SEED SPEC [-t GAME] [-p PENDING] [-r ROUND_GAMES]\n");
		return 2;
	}
	const char *rules_name = argv[1];
	int n = atoi(argv[2]);
	rng_seed(strtoull(argv[3], NULL, 10));
	const char *spec = argv[4];
	long wrong_total_from = 0;
	int pending = -1;
	const char *round_games = NULL;
	for (int i = 5; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "-t") == 0)
			wrong_total_from = atol(argv[i + 1]);
		else if (strcmp(argv[i], "-p") == 0)
			pending = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "-r") == 0)
			round_games = argv[i + 1];
	}
	size_t ngames = strlen(spec);
	if (n < 4 || n > 6 || ngames == 0 || ngames > MAX_GAMES) {
		fprintf(stderr, "gen_session: 4 to 6 players, 1 to %d games\n", MAX_GAMES);
		return 2;
	}
	dk_ruleset rs;
	dk_diag d;
	dk_diag_init(&d);
	if (dk_ruleset_load(&rs, rules_name, dk_ruleset_default_dirs(), &d) != 0) {
		fprintf(stderr, "gen_session: cannot load %s: %s\n", rules_name,
			d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
		dk_ruleset_release(&rs);
		return 2;
	}
	dk_diag_release(&d);
	dk_rule_override ov = { "duty_soli.round_games", round_games, { 0, 0 } };
	if (round_games) {
		dk_diag_init(&d);
		if (dk_ruleset_override(&rs, ov.key, ov.value, NULL, ov.loc, &d) != 0 ||
		    dk_ruleset_check(&rs, &d) != 0) {
			fprintf(stderr, "gen_session: -r %s: %s\n", round_games,
				d.count ? d.items[0].message : "?");
			dk_diag_release(&d);
			dk_ruleset_release(&rs);
			return 2;
		}
		dk_diag_release(&d);
	}

	dk_player players[DK_MAX_SEATS];
	dk_session s;
	memset(&s, 0, sizeof(s));
	s.meta.event = "Doppelkopfabend";
	s.meta.date = "2026-11-21";
	s.meta.table = "1";
	s.has_rules = true;
	s.rules.name = rules_name;
	if (round_games) {
		s.rules.overrides = &ov;
		s.rules.override_count = 1;
	}
	s.has_players = true;
	s.players.items = players;
	s.players.count = (size_t)n;
	s.bock_pending = pending;
	for (int k = 0; k < n; k++) {
		players[k].seat = k + 1;
		players[k].name = names[k];
	}
	static gen x;
	x.r = &rs.rules;
	x.s = &s;
	x.n = n;
	dk_buf b;
	dk_buf_init(&b);
	dk_xml_write_begin(&b, NULL, 0);
	dk_xml_write_session_begin(&b, &s);
	dk_session_state ss;
	dk_session_begin(&ss, &s);
	int dealer = 1;
	dk_seat_points scores[DK_MAX_SEATS], totals[DK_MAX_SEATS];
	int status = 0;
	for (size_t i = 0; i < ngames && status == 0; i++) {
		bool done = false;
		for (int tries = 0; tries < TRIES && !done; tries++) {
			/* the soloist: one of the four who hold a hand, at random; a
			 * duty solo's by what the session knows (dk_session_replay_ctx) */
			int soloist = 0;
			dk_solo_as as = DK_SOLO_AS_UNSAID;
			if (spec[i] == 'S') {
				soloist = next_seat(dealer, n);
				for (int k = (int)rnd(DK_PLAYING_SEATS); k > 0; k--)
					soloist = next_seat(soloist, n);
			} else if (strchr("PFUE", spec[i])) {
				dk_game probe;
				memset(&probe, 0, sizeof(probe));
				probe.session = &s;
				probe.deal.dealer = dealer;
				probe.deal.hand_count = DK_PLAYING_SEATS;
				for (int k = 0, seat = next_seat(dealer, n); k < DK_PLAYING_SEATS;
				     k++, seat = next_seat(seat, n))
					probe.deal.hands[k].seat = seat;
				dk_replay_ctx ctx;
				dk_session_replay_ctx(&ss, &probe, x.r, &ctx);
				bool owing = spec[i] == 'P' || spec[i] == 'E';
				for (int k = 0, seat = next_seat(dealer, n); k < n && !soloist;
				     k++, seat = next_seat(seat, n))
					if (ctx.owes[seat] == owing)
						soloist = seat;
				if (spec[i] == 'F')
					soloist = ctx.forced_seat;
				as = spec[i] == 'P' ? DK_SOLO_AS_DUTY
				     : spec[i] == 'F' ? DK_SOLO_AS_FORCED : DK_SOLO_AS_LUST;
				if (!soloist) {
					fprintf(stderr, "gen_session: game %zu: nobody for '%c'\n", i + 1,
						spec[i]);
					break;
				}
			}
			if (!make_game(&x, dealer, soloist, as, i + 1))
				continue;
			/* judged as audit judges it: with what the session knows */
			dk_replay_ctx known;
			dk_session_replay_ctx(&ss, &x.g, x.r, &known);
			dk_replay_run_in(&x.rp, &x.g, x.r, &known);
			if (bad_findings(&x.rp))
				continue;
			dk_score_input in;
			dk_score sc;
			long per_seat[DK_MAX_SEATS + 1];
			dk_score_input_from_replay(&in, &x.rp, &x.g);
			dk_score_compute(&sc, &in, x.r);
			dk_score_per_seat(per_seat, &sc, &x.rp);
			dk_session_state trial = ss;
			dk_session_game sg;
			dk_session_judge(&trial, &sg, &x.g, x.r, &x.rp, &in, &sc, per_seat);
			dk_session_issue_code allowed = spec[i] == 'X' ? DK_SX_FORCED_MISSED
							: spec[i] == 'E' ? DK_SX_LUST_SOLO_EARLY
									 : DK_SX_CODE_COUNT;
			bool issues_ok = sg.issue_count == 0 ||
					 (sg.issue_count == 1 && sg.issues[0].code == allowed);
			if (!fits(spec[i], &x.rp, &in, &sg) || !issues_ok ||
			    (allowed != DK_SX_CODE_COUNT && sg.issue_count == 0))
				continue;
			ss = trial;
			done = true;
			dk_game *g = &x.g;
			g->recorded.present = true;
			g->recorded.re_points = x.rp.points[DK_PARTY_RE];
			g->recorded.kontra_points = x.rp.points[DK_PARTY_KONTRA];
			g->recorded.winner = sc.winner;
			g->recorded.winner_none = sc.winner == DK_PARTY_NONE;
			g->recorded.scores = scores;
			g->recorded.score_count = (size_t)n;
			g->recorded.totals = totals;
			g->recorded.total_count = (size_t)n;
			for (int k = 0; k < n; k++) {
				scores[k].seat = totals[k].seat = k + 1;
				scores[k].points = sg.score[k + 1];
				totals[k].points = sg.total[k + 1];
			}
			if (wrong_total_from && (long)i + 1 >= wrong_total_from)
				totals[0].points += 3;
			dk_xml_write_game(&b, g, 2);
			fprintf(stderr, "game %zu (%c): %s, dealer %d, x%ld, Bocks made %d, pending %ld%s\n",
				i + 1, spec[i], dk_game_type_name(x.rp.type), dealer, sg.multiplier,
				sg.bocks_made, sg.bock_pending_after, sg.flipped ? ", flipped" : "");
			/* the dealer stays after a solo under same-dealer, and after
			 * a Pflichtsolo not vorgeführt under same-dealer-after-duty-solo */
			bool stays = in.solo && (x.r->deal_after_solo == DK_AFTER_SOLO_SAME ||
						 (x.r->deal_after_solo ==
							  DK_AFTER_SOLO_SAME_AFTER_DUTY &&
						  sg.solo_as == DK_SOLO_AS_DUTY));
			if (!stays)
				dealer = next_seat(dealer, n);
		}
		if (!done) {
			fprintf(stderr, "gen_session: no game %zu of kind '%c' in %d deals\n", i + 1,
				spec[i], TRIES);
			status = 1;
		}
	}
	dk_xml_write_session_end(&b);
	dk_xml_write_end(&b);
	if (status == 0)
		fwrite(b.data, 1, b.len, stdout);
	dk_buf_release(&b);
	dk_ruleset_release(&rs);
	return status;
}

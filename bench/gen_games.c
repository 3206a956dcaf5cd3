/*
 * gen_games.c - write random legal games of one game type under one rule
 * set, for the double-dummy benchmark (bench/dd_bench.sh) and its test.
 *
 *   gen_games -r RULESET -t TYPE [-n GAMES] [-s SEED] > games.xml
 *   gen_games -r RULESET -L          (the types the set allows, one a line)
 *
 * TYPE is one of: normal, silent-marriage, marriage, poverty, ramsch,
 * solo-KIND (KIND as the XML names it: queens, jacks, clubs, pure-hearts,
 * fleischlos, ...), swines, hyperswines, genscher, wende-genscher.  -L
 * lists those the rule set has: marriage with marriage.enabled, poverty
 * with poverty.enabled and poverty.exchange, ramsch where a refused
 * poverty is a Ramsch (poverty.refused), each kind of solo.kinds, swines,
 * hyperswines, genscher and wende-genscher where the set has them.
 *
 * Each game: a random deal (deck.nines says 48 or 40 cards) that fits the
 * type (a hand with both ♣Q for a marriage, with few trumps for a poverty,
 * with both trump aces for swines ...), the bidding the type needs (a
 * marriage with a condition of marriage.conditions, a poverty's cards
 * passed, taken and given back, a solo named by a random player; a Ramsch
 * is a poverty everybody refuses), then random play.  The engine decides
 * what is legal: before each card the game so far is replayed
 * (dk_replay_run) and the card is picked among those of the hand of the
 * seat in turn that follow suit in the card order of that position; a
 * declaration (swines, hyperswines, Genscher, Wende-Genscher) is made just
 * before its card.  A game is kept only when its replay has no finding and
 * is of the type asked for (a marriage decided by a clarifying trick, a
 * solo of the kind asked, swines ... active); otherwise it is played or
 * dealt again.  Nobody announces, except the Re or Kontra a rich first
 * trick makes due (announce.mandatory_first_trick_points, said right
 * after it by its winner).  The recorded result is what
 * dk_score_compute says (right by construction: the games are for timing
 * the solver, not for checking the scoring).  Each game stands on its own
 * with its rule set and players, written through dokoref's canonical
 * writer.  Deterministic for a seed.  Exit status 1 when a type cannot be
 * made under the set (after many tries), 2 for a usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fmt_xml.h"
#include "order.h"
#include "replay.h"
#include "rng.h"
#include "ruleset.h"
#include "score.h"

enum gtype {
	T_NORMAL, T_SILENT, T_MARRIAGE, T_POVERTY, T_RAMSCH, T_SOLO, T_SWINES, T_HYPERSWINES,
	T_GENSCHER, T_WENDE, T_COUNT
};

static const char *const type_names[T_COUNT] = {
	"normal", "silent-marriage", "marriage", "poverty", "ramsch", "solo", "swines",
	"hyperswines", "genscher", "wende-genscher"
};

/* what the replay must say the game was */
static const dk_game_type replay_type[T_COUNT] = {
	DK_GT_NORMAL, DK_GT_SILENT_MARRIAGE, DK_GT_MARRIAGE, DK_GT_POVERTY, DK_GT_RAMSCH,
	DK_GT_SOLO, DK_GT_NORMAL, DK_GT_NORMAL, DK_GT_NORMAL, DK_GT_NORMAL
};

static const char *const names[] = { "Anna", "Ben", "Clara", "David" };

#define CQ DK_CARD_MAKE(DK_CLUBS, DK_QUEEN)
#define MAX_EVENTS 64
#define MAX_BIDS 16

typedef struct gen {
	const dk_rules *r;
	enum gtype type;
	dk_solo_kind solo;
	dk_game g;
	dk_bid bids[MAX_BIDS];
	dk_event events[MAX_EVENTS];
	dk_player players[4];
	dk_seat_points scores[4];
	dk_replay rp;                /* scratch */
} gen;

/* is the type possible under r? */
static bool type_allowed(const dk_rules *r, enum gtype t, dk_solo_kind k)
{
	switch (t) {
	case T_NORMAL:
	case T_SILENT:
		return true;
	case T_MARRIAGE:
		return r->marriage && r->marriage_conditions != 0;
	case T_POVERTY:
		return r->poverty && r->poverty_exchange;
	case T_RAMSCH:
		return r->poverty && r->poverty_exchange && r->poverty_refused == DK_REFUSED_RAMSCH;
	case T_SOLO:
		return k > DK_SOLO_NONE && k < DK_SOLO_KIND_COUNT && DK_SET_HAS(r->solo_kinds, k);
	case T_SWINES:
		return r->swines != DK_SWINES_NONE;
	case T_HYPERSWINES:
		return r->swines != DK_SWINES_NONE && r->hyperswines != DK_SWINES_NONE;
	case T_GENSCHER:
		return r->genscher;
	case T_WENDE:
		return r->wende_genscher;
	default:
		return false;
	}
}

static int count_of(const dk_card *cards, int n, dk_card c)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += cards[i] == c;
	return k;
}

static int normal_trumps(const dk_card *cards, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += dk_normal_is_trump(cards[i]);
	return k;
}

static void shuffle(dk_card *deck, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1);
		dk_card t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
}

static dk_bid *bid(gen *G, dk_bid_kind kind, int seat)
{
	dk_bid *b = &G->bids[G->g.bid_count++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->seat = seat;
	b->trumps = -1;
	return b;
}

/* seat k places on from the dealer's left (0-based k) */
static int seat_after(int dealer, int k)
{
	return (dealer + k) % 4 + 1;
}

/*
 * The poverty of seat poor: its trumps passed (filled up with fehl to
 * poverty.pass_count where the set says so), asked from its left; with
 * refuse every other player declines (a Ramsch), else a random one of
 * them takes and gives back as many cards (fehl first where the set wants
 * it), and says how many trumps came back where the set wants that.
 */
static void poverty_bids(gen *G, int poor)
{
	const dk_rules *r = G->r;
	dk_hand *ph = &G->g.deal.hands[poor - 1];
	dk_bid *pass = bid(G, DK_BID_POVERTY_PASS, poor);
	for (int i = 0; i < ph->count; i++)
		if (dk_normal_is_trump(ph->cards[i]) && pass->card_count < DK_MAX_PASS)
			pass->cards[pass->card_count++] = ph->cards[i];
	if (r->poverty_pass == DK_PASS_TRUMPS_FILLED) {
		dk_card fehl[DK_MAX_HAND];
		int nf = 0;
		for (int i = 0; i < ph->count; i++)
			if (!dk_normal_is_trump(ph->cards[i]))
				fehl[nf++] = ph->cards[i];
		shuffle(fehl, nf);
		for (int i = 0; i < nf && pass->card_count < r->poverty_pass_count &&
				pass->card_count < DK_MAX_PASS; i++)
			pass->cards[pass->card_count++] = fehl[i];
	}
	bool refuse = G->type == T_RAMSCH;
	int taker = refuse ? 0 : (int)rnd(3) + 1;  /* the how-many-th asked takes */
	for (int k = 1; k <= 3; k++) {
		int s = (poor - 1 + k) % 4 + 1;
		if (k == taker) {
			bid(G, DK_BID_POVERTY_ACCEPT, s);
			taker = s;
			break;
		}
		bid(G, DK_BID_POVERTY_DECLINE, s);
	}
	if (refuse)
		return;
	/* the taker's hand after the pass */
	dk_card hand[DK_MAX_HAND + DK_MAX_PASS];
	int n = G->g.deal.hands[taker - 1].count;
	memcpy(hand, G->g.deal.hands[taker - 1].cards, (size_t)n);
	for (int i = 0; i < pass->card_count; i++)
		hand[n++] = pass->cards[i];
	shuffle(hand, n);
	dk_bid *ret = bid(G, DK_BID_POVERTY_RETURN, taker);
	for (int round = r->poverty_return_fehl_first ? 0 : 1; round < 2; round++)
		for (int i = 0; i < n && ret->card_count < pass->card_count; i++) {
			if (round == 0 && dk_normal_is_trump(hand[i]))
				continue;
			ret->cards[ret->card_count++] = hand[i];
			hand[i] = hand[--n];
			i--;
		}
	int back = normal_trumps(ret->cards, ret->card_count);
	if ((r->poverty_report == DK_REPORT_COUNT_OF_TRUMPS ||
	     r->poverty_report == DK_REPORT_WHETHER) && (back > 0 || r->poverty_report_always)) {
		dk_bid *rep = bid(G, DK_BID_POVERTY_REPORT, taker);
		rep->trumps = back;
	}
}

/*
 * A deal and a bidding that fit the type; false if this deal does not.
 */
static bool deal_and_bid(gen *G, int dealer)
{
	const dk_rules *r = G->r;
	dk_game *g = &G->g;
	dk_card deck[48];
	int size = 0;
	for (int c = 0; c < DK_CARD_KINDS; c++)
		for (int copy = 0; copy < 2; copy++)
			if (r->deck_nines || DK_CARD_RANK(c) != DK_NINE)
				deck[size++] = (dk_card)c;
	shuffle(deck, size);
	int hs = size / 4;
	g->deal.dealer = dealer;
	g->deal.hand_count = 4;
	int both_cq = 0;  /* the seat with both ♣Q */
	for (int s = 0; s < 4; s++) {
		dk_hand *h = &g->deal.hands[s];
		memset(h, 0, sizeof(*h));
		h->seat = s + 1;
		h->count = hs;
		memcpy(h->cards, deck + hs * s, (size_t)hs);
		if (count_of(h->cards, hs, CQ) == 2)
			both_cq = s + 1;
	}
	g->bid_count = 0;
	g->has_bidding = true;
	/* whether the deal fits, and who says Vorbehalt (0: nobody) */
	int declarer = 0;
	switch (G->type) {
	case T_NORMAL:
	case T_SWINES:
	case T_HYPERSWINES:
	case T_GENSCHER:
	case T_WENDE:
		if (both_cq)
			return false;
		break;
	case T_SILENT:
		if (!both_cq)
			return false;
		break;
	case T_MARRIAGE:
		if (!both_cq)
			return false;
		declarer = both_cq;
		break;
	case T_POVERTY:
	case T_RAMSCH:
		if (both_cq)
			return false;
		for (int k = 0; k < 4 && !declarer; k++) {
			int s = seat_after(dealer, k);
			if (normal_trumps(g->deal.hands[s - 1].cards, hs) <= r->poverty_max_trumps)
				declarer = s;
		}
		if (!declarer)
			return false;
		break;
	case T_SOLO:
		declarer = (int)rnd(4) + 1;
		break;
	default:
		return false;
	}
	/* the cards a declaration needs: both trump aces (swines), both
	 * hyperswine cards too, both ♦K (Genscher), both cards of the pick */
	if (G->type >= T_SWINES) {
		dk_order o;
		dk_order_init_rules(&o, DK_SOLO_NONE, r);
		dk_card need = G->type == T_GENSCHER ? DK_CARD_MAKE(DK_DIAMONDS, DK_KING)
			       : G->type == T_WENDE
				       ? (r->wende_genscher_card == DK_PICK_DIAMOND_KING
						  ? DK_CARD_MAKE(DK_DIAMONDS, DK_KING)
						  : DK_CARD_MAKE(DK_DIAMONDS, DK_JACK))
				       : o.trump_ace;
		int holder = 0, hyper = 0;
		for (int s = 0; s < 4; s++) {
			const dk_hand *h = &g->deal.hands[s];
			if (count_of(h->cards, hs, need) == 2)
				holder = s + 1;
			if (o.hyperswine != DK_CARD_NONE && count_of(h->cards, hs, o.hyperswine) == 2)
				hyper = s + 1;
		}
		/* hyperswines: another player's, unless hyperswines.with_swines */
		bool found = holder && (G->type != T_HYPERSWINES ||
					(hyper && (hyper != holder || r->hyperswines_with_swines)));
		if (!found)
			return false;
	}
	for (int k = 0; k < 4; k++) {
		int s = seat_after(dealer, k);
		bid(G, s == declarer ? DK_BID_RESERVATION : DK_BID_HEALTHY, s);
	}
	if (G->type == T_MARRIAGE) {
		int allowed[DK_MARRIAGE_COND_COUNT], na = 0;
		for (int c = 1; c < DK_MARRIAGE_COND_COUNT; c++)
			if (DK_SET_HAS(r->marriage_conditions, c))
				allowed[na++] = c;
		if (na == 0)
			return false;
		bid(G, DK_BID_MARRIAGE, declarer)->condition =
			(dk_marriage_cond)allowed[rnd((unsigned)na)];
	} else if (G->type == T_POVERTY || G->type == T_RAMSCH) {
		bid(G, DK_BID_POVERTY, declarer);
		poverty_bids(G, declarer);
	} else if (G->type == T_SOLO) {
		dk_bid *b = bid(G, DK_BID_SOLO, declarer);
		b->solo = G->solo;
		b->as = DK_SOLO_AS_LUST;
	}
	return true;
}

static void event(gen *G, dk_event_kind kind, int seat)
{
	dk_event *e = &G->events[G->g.event_count++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->seat = seat;
}

/* the declaration the type needs, if seat may make it before card c */
static void declare_before(gen *G, const dk_replay *rp, int seat, dk_card c, bool *said)
{
	const dk_rules *r = G->r;
	const dk_hand *h = &G->g.deal.hands[seat - 1];
	if (*said)
		return;
	if (G->type == T_SWINES || G->type == T_HYPERSWINES) {
		/* before the first of the two aces (before the first card with
		 * swines.kind at-start), both still in the hand */
		dk_card ace = rp->order.trump_ace;
		bool both = count_of(rp->hand[seat], rp->hand_n[seat], ace) == 2;
		if (both && (r->swines == DK_SWINES_AT_START ? rp->cards_played == 0 : c == ace)) {
			event(G, DK_EV_SWINE, seat);
			if (G->type == T_SWINES)
				*said = true;
		}
		dk_card nine = rp->order.hyperswine;
		if (G->type == T_HYPERSWINES && nine != DK_CARD_NONE &&
		    count_of(rp->hand[seat], rp->hand_n[seat], nine) == 2 &&
		    (r->hyperswines == DK_SWINES_AT_START ? rp->cards_played == 0 : c == nine)) {
			event(G, DK_EV_HYPERSWINE, seat);
			*said = true;
		}
	} else if (G->type == T_GENSCHER) {
		dk_card k = DK_CARD_MAKE(DK_DIAMONDS, DK_KING);
		if (c == k && count_of(h->cards, h->count, k) == 2) {
			event(G, DK_EV_GENSCHER, seat);
			*said = true;
		}
	} else if (G->type == T_WENDE) {
		dk_card k = r->wende_genscher_card == DK_PICK_DIAMOND_KING
				    ? DK_CARD_MAKE(DK_DIAMONDS, DK_KING)
				    : DK_CARD_MAKE(DK_DIAMONDS, DK_JACK);
		if (c == k && count_of(h->cards, h->count, k) == 2) {
			event(G, DK_EV_WENDE_GENSCHER, seat);
			int partner;
			do
				partner = (int)rnd(4) + 1;
			while (partner == seat);
			G->events[G->g.event_count - 1].partner = partner;
			*said = true;
		}
	}
}

/* random legal play to the end, the engine judging each position */
static void play(gen *G)
{
	dk_game *g = &G->g;
	g->has_play = true;
	g->events = G->events;
	g->event_count = 0;
	bool said = false, announced = false;
	for (;;) {
		dk_replay *rp = &G->rp;
		dk_replay_run(rp, g, G->r);
		if (rp->cards_played == 4 && !announced) {
			/* announce.mandatory_first_trick_points: the winner of a rich
			 * first trick says Re or Kontra */
			announced = true;
			for (int i = 0; i < rp->finding_count; i++)
				if (rp->findings[i].code == DK_F_MANDATORY_MISSED &&
				    g->event_count + 1 < MAX_EVENTS) {
					int w = rp->tricks[0].winner;
					event(G, DK_EV_ANNOUNCE, w);
					G->events[g->event_count - 1].call =
						rp->party[w] == DK_PARTY_RE ? DK_CALL_RE : DK_CALL_KONTRA;
					dk_replay_run(rp, g, G->r);
					break;
				}
		}
		if (rp->cards_played >= 4 * rp->hand_size)
			return;
		int seat = rp->next_seat;
		const dk_card *hand = rp->hand[seat];
		int n = rp->hand_n[seat];
		if (seat < 1 || n == 0)
			return;
		const dk_trick *t = &rp->tricks[rp->trick_count];
		int suit = -1;
		if (rp->cards_played % 4 != 0 && t->count > 0)
			suit = dk_order_suit(&rp->order, t->cards[0]);
		dk_card legal[DK_MAX_HAND + DK_MAX_PASS];
		int nl = 0;
		for (int i = 0; i < n; i++)
			if (suit >= 0 && dk_order_suit(&rp->order, hand[i]) == suit)
				legal[nl++] = hand[i];
		if (nl == 0) {
			memcpy(legal, hand, (size_t)n);
			nl = n;
		}
		dk_card c = legal[rnd((unsigned)nl)];
		declare_before(G, rp, seat, c, &said);
		if (g->event_count + 1 >= MAX_EVENTS)
			return;
		event(G, DK_EV_CARD, seat);
		G->events[g->event_count - 1].card = c;
	}
}

/* is the game as played the one asked for, without a finding? */
static bool as_asked(gen *G)
{
	dk_replay *rp = &G->rp;
	dk_replay_run(rp, &G->g, G->r);
	if (rp->finding_count > 0 || rp->findings_dropped > 0 ||
	    rp->cards_played != 4 * rp->hand_size || rp->type != replay_type[G->type])
		return false;
	switch (G->type) {
	case T_MARRIAGE:
		return rp->clarified_trick > 0 && !rp->alone;
	case T_SOLO:
		return rp->solo == G->solo;
	case T_SWINES:
		return rp->swines_active;
	case T_HYPERSWINES:
		return rp->hyperswines_active;
	case T_GENSCHER:
		return rp->genscher_active;
	case T_NORMAL:
		return !rp->swines_active && !rp->hyperswines_active && !rp->genscher_active;
	default:
		return true;
	}
}

/* the table's record: card points, winner and scores as dokoref's engine says */
static void record(gen *G)
{
	dk_game *g = &G->g;
	dk_replay *rp = &G->rp;
	dk_score_input in;
	dk_score sc;
	long per_seat[DK_MAX_SEATS + 1];
	dk_score_input_from_replay(&in, rp, g);
	dk_score_compute(&sc, &in, G->r);
	dk_score_per_seat(per_seat, &sc, rp);
	g->recorded.present = true;
	g->recorded.re_points = rp->points[DK_PARTY_RE];
	g->recorded.kontra_points = rp->points[DK_PARTY_KONTRA];
	g->recorded.winner = sc.winner;
	g->recorded.winner_none = sc.winner == DK_PARTY_NONE;
	g->recorded.scores = G->scores;
	g->recorded.score_count = 4;
	g->recorded.total_count = 0;
	for (int s = 0; s < 4; s++) {
		G->scores[s].seat = s + 1;
		G->scores[s].points = per_seat[s + 1];
	}
}

/* one game into G->g; false when the type would not come after many tries */
static bool make_game(gen *G, const char *set, size_t index, int dealer)
{
	dk_game *g = &G->g;
	for (int deal = 0; deal < 200000; deal++) {
		memset(g, 0, sizeof(*g));
		g->bids = G->bids;
		if (!deal_and_bid(G, dealer))
			continue;
		for (int tries = 0; tries < 20; tries++) {
			play(G);
			if (!as_asked(G))
				continue;
			g->index = index;
			g->has_rules = true;
			g->rules.name = set;
			g->has_players = true;
			g->players.items = G->players;
			g->players.count = 4;
			record(G);
			return true;
		}
	}
	return false;
}

/* TYPE into *t and *k; false if unknown */
static bool parse_type(const char *s, enum gtype *t, dk_solo_kind *k)
{
	*k = DK_SOLO_NONE;
	if (strncmp(s, "solo-", 5) == 0) {
		*t = T_SOLO;
		return dk_solo_kind_from_name(k, s + 5) && *k != DK_SOLO_NONE;
	}
	for (int i = 0; i < T_COUNT; i++)
		if (i != T_SOLO && strcmp(s, type_names[i]) == 0) {
			*t = (enum gtype)i;
			return true;
		}
	return false;
}

static void usage(void)
{
	fprintf(stderr, "usage: gen_games -r RULESET (-t TYPE [-n GAMES] [-s SEED] | -L)\n");
}

int main(int argc, char **argv)
{
	long games = 10;
	const char *set = NULL, *type = NULL;
	bool list = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-L") == 0) {
			list = true;
			continue;
		}
		if (i + 1 >= argc) {
			usage();
			return 2;
		}
		if (strcmp(argv[i], "-n") == 0)
			games = atol(argv[++i]);
		else if (strcmp(argv[i], "-s") == 0)
			rng_seed(strtoull(argv[++i], NULL, 10));
		else if (strcmp(argv[i], "-r") == 0)
			set = argv[++i];
		else if (strcmp(argv[i], "-t") == 0)
			type = argv[++i];
		else {
			usage();
			return 2;
		}
	}
	if (!set || (!type && !list)) {
		usage();
		return 2;
	}
	dk_ruleset rs;
	dk_diag d;
	dk_diag_init(&d);
	if (dk_ruleset_load(&rs, set, dk_ruleset_default_dirs(), &d) != 0) {
		fprintf(stderr, "gen_games: cannot load the rule set %s (set DOKOREF_RULES_PATH): %s\n",
			set, d.count ? d.items[0].message : "?");
		dk_diag_release(&d);
		dk_ruleset_release(&rs);
		return 2;
	}
	dk_diag_release(&d);
	int rc = 0;
	if (list) {
		for (int t = 0; t < T_COUNT; t++) {
			if (t == T_SOLO) {
				for (int k = DK_SOLO_NONE + 1; k < DK_SOLO_KIND_COUNT; k++)
					if (type_allowed(&rs.rules, T_SOLO, (dk_solo_kind)k))
						printf("solo-%s\n", dk_solo_kind_name((dk_solo_kind)k));
			} else if (type_allowed(&rs.rules, (enum gtype)t, DK_SOLO_NONE)) {
				printf("%s\n", type_names[t]);
			}
		}
		dk_ruleset_release(&rs);
		return ferror(stdout) ? 1 : 0;
	}
	gen *G = calloc(1, sizeof(*G));
	if (!G) {
		dk_ruleset_release(&rs);
		return 1;
	}
	G->r = &rs.rules;
	if (!parse_type(type, &G->type, &G->solo)) {
		fprintf(stderr, "gen_games: unknown game type '%s'\n", type);
		free(G);
		dk_ruleset_release(&rs);
		return 2;
	}
	if (!type_allowed(G->r, G->type, G->solo)) {
		fprintf(stderr, "gen_games: the rule set %s has no game type '%s'\n", set, type);
		free(G);
		dk_ruleset_release(&rs);
		return 1;
	}
	for (int k = 0; k < 4; k++) {
		G->players[k].seat = k + 1;
		G->players[k].name = names[k];
	}
	char comment[160];
	snprintf(comment, sizeof(comment), " generated by bench/gen_games: %ld random legal games "
		 "of type %s under %s ", games, type, set);
	const char *comments[] = { comment };
	dk_buf b;
	dk_buf_init(&b);
	dk_xml_write_begin(&b, comments, 1);
	for (long n = 0; n < games; n++) {
		if (!make_game(G, set, (size_t)n + 1, (int)(n % 4) + 1)) {
			fprintf(stderr, "gen_games: no game of type %s under %s after many deals\n",
				type, set);
			rc = 1;
			break;
		}
		dk_xml_write_game(&b, &G->g, 1);
	}
	dk_xml_write_end(&b);
	fwrite(b.data, 1, b.len, stdout);
	dk_buf_release(&b);
	free(G);
	dk_ruleset_release(&rs);
	return rc ? rc : ferror(stdout) ? 1 : 0;
}

/*
 * fmt_freedoko_write.c - a game as a FreeDoko bug report, and what a round
 * trip through one changed.
 *
 * The report has the parts FreeDoko's replay reads (formats/freedoko.md):
 * the start player, the party with its rule block and four players, the
 * game type line, the hands (after a poverty's exchange, as FreeDoko writes
 * them), and the gameplay actions.  The rule block says in FreeDoko's words
 * what the game's dokoref rule set says, where FreeDoko has a word for it,
 * and lists in comments at its end what it has no word for; the rule set's
 * name travels in the free text of the message ("# dokoref rules: ddv"),
 * which FreeDoko only shows and dokoref's reader takes back.
 *
 * FreeDoko 0.7.13 replays a report by dealing again from the report's seed:
 * it never reads the hands block.  So the writer looks for the seed that
 * deals the game's hands (FreeDoko has 279,840 of them); a game dealt by
 * FreeDoko has one, a deal made by people almost never has.
 */
#include "fmt_freedoko.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "replay.h"
#include "rules.h"

static const char *const suit_word[4] = { "club", "spade", "heart", "diamond" };
static const char *const rank_word[6] = { "nine", "jack", "queen", "king", "ten", "ace" };

static void put_card(dk_buf *b, dk_card c)
{
	dk_buf_printf(b, "%s %s", suit_word[DK_CARD_SUIT(c)], rank_word[DK_CARD_RANK(c)]);
}

/* FreeDoko's player number of seat, -1 if the seat does not play */
static int player_of(const dk_replay *rp, int seat)
{
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (rp->seats[i] == seat)
			return i;
	return -1;
}

static const char *solo_type(dk_solo_kind k)
{
	switch (k) {
	case DK_SOLO_QUEENS: return "solo queen";
	case DK_SOLO_JACKS: return "solo jack";
	case DK_SOLO_CLUBS: return "solo club";
	case DK_SOLO_SPADES: return "solo spade";
	case DK_SOLO_HEARTS: return "solo heart";
	case DK_SOLO_DIAMONDS: return "solo diamond";
	case DK_SOLO_FLEISCHLOS: return "solo meatless";
	case DK_SOLO_KOEHLER: return "solo koehler";
	case DK_SOLO_KINGS: return "solo king";
	case DK_SOLO_QUEENS_JACKS: return "solo queen-jack";
	case DK_SOLO_KINGS_JACKS: return "solo king-jack";
	case DK_SOLO_KINGS_QUEENS: return "solo king-queen";
	default: return NULL;
	}
}

static const char *selector(dk_marriage_cond c)
{
	switch (c) {
	case DK_MARRIAGE_FIRST_TRICK: return "first foreign";
	case DK_MARRIAGE_FIRST_FEHL_TRICK: return "first color";
	case DK_MARRIAGE_FIRST_TRUMP_TRICK: return "first trump";
	case DK_MARRIAGE_FIRST_CLUB_TRICK: return "first club";
	case DK_MARRIAGE_FIRST_SPADE_TRICK: return "first spade";
	case DK_MARRIAGE_FIRST_HEART_TRICK: return "first heart";
	default: return NULL;
	}
}

/* ---- FreeDoko's deal ------------------------------------------------------
 *
 * FreeDoko's generator is x' = (7200 x + 100) mod 279841, started at the
 * seed (0 to 279839).  Its deck lists the four suits (club, spade, heart,
 * diamond), each with ace, king, queen, jack, ten, then the four nines; the
 * deck twice over is dealt one card at a time to the four hands in turn,
 * each card drawn at (next number mod cards left) and taken out of the
 * list.  Hand k goes to player (start player + k) mod 4 (formats/freedoko.md).
 */
enum { FD_SEEDS = 279840, FD_RAND_M = 279841 };

/* whether seed deals exactly the hands want[player][card kind] (only
 * read) from FreeDoko's deck of n cards */
static bool fd_deals(unsigned seed, int start, const dk_card *deck, int n,
		     unsigned char want[4][DK_CARD_KINDS])
{
	dk_card left_cards[2 * DK_CARD_KINDS];
	unsigned char left[4][DK_CARD_KINDS];
	memcpy(left_cards, deck, (size_t)n * sizeof(dk_card));
	memcpy(left, want, sizeof(left));
	unsigned x = seed;
	for (int hand = 0; n > 0; hand = (hand + 1) % 4) {
		x = (7200u * (x % FD_RAND_M) + 100u) % FD_RAND_M;
		int at = (int)(x % (unsigned)n);
		dk_card c = left_cards[at];
		int p = (start + hand) % 4;
		if (left[p][c] == 0)
			return false;
		left[p][c]--;
		memmove(left_cards + at, left_cards + at + 1, (size_t)(n - at - 1) * sizeof(dk_card));
		n--;
	}
	return true;
}

/* the seed with which FreeDoko deals these hands (player 0 to 3), -1 if none */
static long fd_seed_of(dk_card hands[4][DK_MAX_HAND + DK_MAX_PASS], const int n[4], int start,
		       bool nines)
{
	unsigned char want[4][DK_CARD_KINDS];
	memset(want, 0, sizeof(want));
	int size = nines ? 12 : 10;
	for (int p = 0; p < 4; p++) {
		if (n[p] != size)
			return -1;
		for (int k = 0; k < n[p]; k++) {
			if (hands[p][k] >= DK_CARD_KINDS || (!nines && DK_CARD_RANK(hands[p][k]) == DK_NINE))
				return -1;
			want[p][hands[p][k]]++;
		}
	}
	static const dk_rank order[5] = { DK_ACE, DK_KING, DK_QUEEN, DK_JACK, DK_TEN };
	dk_card deck[2 * DK_CARD_KINDS];
	int cards = 0;
	for (int copy = 0; copy < 2; copy++) {
		for (int s = 0; s < 4; s++)
			for (int k = 0; k < 5; k++)
				deck[cards++] = DK_CARD_MAKE(s, order[k]);
		for (int s = 0; s < 4 && nines; s++)
			deck[cards++] = DK_CARD_MAKE(s, DK_NINE);
	}
	for (unsigned seed = 0; seed < FD_SEEDS; seed++)
		if (fd_deals(seed, start, deck, cards, want))
			return (long)seed;
	return -1;
}

static void drop(dk_buf *dropped, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void drop(dk_buf *dropped, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_buf_vprintf(dropped, fmt, ap);
	va_end(ap);
	dk_buf_putc(dropped, '\n');
}

/* ---- the rule block ---------------------------------------------------- */

static void opt(dk_buf *b, const char *key, const char *value)
{
	dk_buf_printf(b, "%s = %s\n", key, value);
}

static void opt_bool(dk_buf *b, const char *key, bool v)
{
	opt(b, key, v ? "true" : "false");
}

/* is the rule set's partner pick FreeDoko's genscher */
static bool fd_genscher(const dk_rules *r)
{
	return r->wende_genscher && r->wende_genscher_card == DK_PICK_DIAMOND_KING &&
	       r->wende_genscher_parties == DK_PICK_CALLER_RE &&
	       r->wende_genscher_announcements == DK_PICK_REDUCED &&
	       !r->wende_genscher_bride_alone;
}

/* the rule block without its closing brace */
static void rule_block(dk_buf *b, dk_buf *differ, const dk_rules *r)
{
	int hand = dk_rules_hand_size(r);
	dk_buf_puts(b, "rules\n{\n");
	opt_bool(b, "with nines", r->deck_nines);
	opt_bool(b, "lustsolo player leads", r->lead_solo == DK_LEAD_SOLOIST);
	if (r->lead_normal != DK_LEAD_LEFT_OF_DEALER)
		drop(differ, "rule lead.normal (%s): FreeDoko's start player sits left of the dealer",
		     "right-of-dealer");
	opt_bool(b, "solo always counts triple", r->standings_solo_factor_for_all);
	char duty[16];
	snprintf(duty, sizeof(duty), "%d", r->duty_soli);
	opt(b, "number of duty soli", duty);
	snprintf(duty, sizeof(duty), "%d", r->duty_colour_soli);
	opt(b, "number of duty color soli", duty);
	snprintf(duty, sizeof(duty), "%d", r->duty_picture_soli);
	opt(b, "number of duty picture soli", duty);
	opt_bool(b, "bock", false);
	/* throwing */
	char num[16];
	opt_bool(b, "throw with nines", DK_SET_HAS(r->throw_in_reasons, DK_THROW_FIVE_NINES));
	snprintf(num, sizeof(num), "%d", r->throw_in_min_nines);
	opt(b, "min number of throwing nines", num);
	opt_bool(b, "throw with kings", DK_SET_HAS(r->throw_in_reasons, DK_THROW_FIVE_KINGS));
	snprintf(num, sizeof(num), "%d", r->throw_in_min_kings);
	opt(b, "min number of throwing kings", num);
	if (DK_SET_HAS(r->throw_in_reasons, DK_THROW_FEW_TRUMPS))
		drop(differ, "rule throw_in.reasons few-trumps: FreeDoko throws for no trump count");
	opt_bool(b, "throw with nines and kings",
		 DK_SET_HAS(r->throw_in_reasons, DK_THROW_NINES_AND_KINGS));
	snprintf(num, sizeof(num), "%d", r->throw_in_min_nines_and_kings);
	opt(b, "min number of throwing nines and kings", num);
	opt_bool(b, "throw with richness", DK_SET_HAS(r->throw_in_reasons, DK_THROW_RICHNESS));
	snprintf(num, sizeof(num), "%d", r->throw_in_min_richness);
	opt(b, "min richness for throwing", num);
	opt_bool(b, "throw when fox highest trump",
		 DK_SET_HAS(r->throw_in_reasons, DK_THROW_FOX_HIGHEST_TRUMP));
	/* reservations */
	int solo_at = -1, throw_at = -1, pov_at = -1, mar_at = -1;
	for (int i = 0; i < r->reservation_order_count; i++) {
		int v = r->reservation_order[i];
		if (v == DK_RES_SOLO) solo_at = i;
		if (v == DK_RES_THROW_IN) throw_at = i;
		if (v == DK_RES_POVERTY) pov_at = i;
		if (v == DK_RES_MARRIAGE) mar_at = i;
	}
	opt_bool(b, "throwing before solo", throw_at >= 0 && solo_at >= 0 && throw_at < solo_at);
	/* poverty */
	opt_bool(b, "poverty", r->poverty);
	opt_bool(b, "poverty shift", r->poverty_exchange);
	opt_bool(b, "poverty shift only trump", r->poverty_pass == DK_PASS_TRUMPS_ONLY);
	opt_bool(b, "poverty fox do not count", r->poverty_foxes_not_counted);
	opt_bool(b, "poverty fox shift extra", r->poverty_foxes_passed_extra);
	opt_bool(b, "poverty fox shift open", false);
	opt_bool(b, "throw with one trump", r->poverty_throw_in_max_trumps == 1);
	if (r->poverty && r->poverty_throw_in_max_trumps != 1 && r->poverty_throw_in_max_trumps >= 0)
		drop(differ, "rule poverty.throw_in_max_trumps %d: FreeDoko throws a poverty in "
		     "with one trump or none only", r->poverty_throw_in_max_trumps);
	if (r->poverty && r->poverty_double != DK_DOUBLE_FIRST_ASKED)
		drop(differ, "rule poverty.double: FreeDoko plays the poverty of the player asked "
		     "first");
	opt_bool(b, "marriage before poverty", mar_at >= 0 && pov_at >= 0 && mar_at < pov_at);
	if (r->poverty && r->poverty_refused == DK_REFUSED_RAMSCH)
		drop(differ, "rule poverty.refused ramsch: FreeDoko deals again");
	if (r->poverty && r->poverty_party != DK_POVERTY_PAIR_RE)
		drop(differ, "rule poverty.pair_party: FreeDoko's poor player and taker are Re");
	if (r->poverty && r->poverty_max_trumps != 3)
		drop(differ, "rule poverty.max_trumps %d: FreeDoko's poverty is 3 trumps or fewer",
		     r->poverty_max_trumps);
	if (r->poverty && r->poverty_pass == DK_PASS_TRUMPS_FILLED && r->poverty_pass_count != 3)
		drop(differ, "rule poverty.pass_count %d: FreeDoko passes 3 cards",
		     r->poverty_pass_count);
	/* marriage */
	char n[16];
	snprintf(n, sizeof(n), "%d", r->marriage_deadline_trick);
	opt(b, "marriage determination", n);
	opt_bool(b, "marriage first foreign", DK_SET_HAS(r->marriage_conditions,
							 DK_MARRIAGE_FIRST_TRICK));
	opt_bool(b, "marriage first color", DK_SET_HAS(r->marriage_conditions,
						       DK_MARRIAGE_FIRST_FEHL_TRICK));
	/* one FreeDoko option for the three single colours */
	const dk_enum_set colours = (1u << DK_MARRIAGE_FIRST_CLUB_TRICK) |
				    (1u << DK_MARRIAGE_FIRST_SPADE_TRICK) |
				    (1u << DK_MARRIAGE_FIRST_HEART_TRICK);
	dk_enum_set single = r->marriage_conditions & colours;
	opt_bool(b, "marriage first single color", single != 0);
	if (single && single != colours)
		drop(differ, "rule marriage.conditions: FreeDoko allows the first club, spade and "
		     "heart trick only together");
	opt_bool(b, "marriage first trump", DK_SET_HAS(r->marriage_conditions,
						       DK_MARRIAGE_FIRST_TRUMP_TRICK));
	opt_bool(b, "marriage first one decides", r->marriage_self == DK_SELF_ALONE);
	if (r->marriage_alone != DK_ALONE_SOLO)
		drop(differ, "rule marriage.alone: FreeDoko scores a bride alone as a solo");
	/* genscher: FreeDoko's is a partner pick with the ♦K; dokoref's
	 * genscher.enabled reverses the trumps */
	opt_bool(b, "genscher", fd_genscher(r));
	if (r->genscher)
		drop(differ, "rule genscher.enabled: FreeDoko's genscher is another rule");
	if (r->wende_genscher && !fd_genscher(r))
		drop(differ, "rules wende_genscher.*: FreeDoko's genscher is a partner pick with the "
		     "\xe2\x99\xa6K whose pair is Re and that cuts the announcements down to Re/Kontra");
	/* solos */
	dk_enum_set k = r->solo_kinds;
	bool colour = DK_SET_HAS(k, DK_SOLO_CLUBS) || DK_SET_HAS(k, DK_SOLO_SPADES) ||
		      DK_SET_HAS(k, DK_SOLO_HEARTS) || DK_SET_HAS(k, DK_SOLO_DIAMONDS);
	opt_bool(b, "solo", k != 0);
	opt_bool(b, "solo jack", DK_SET_HAS(k, DK_SOLO_JACKS));
	opt_bool(b, "solo queen", DK_SET_HAS(k, DK_SOLO_QUEENS));
	opt_bool(b, "solo king", DK_SET_HAS(k, DK_SOLO_KINGS));
	opt_bool(b, "solo queen jack", DK_SET_HAS(k, DK_SOLO_QUEENS_JACKS));
	opt_bool(b, "solo king jack", DK_SET_HAS(k, DK_SOLO_KINGS_JACKS));
	opt_bool(b, "solo king queen", DK_SET_HAS(k, DK_SOLO_KINGS_QUEENS));
	opt_bool(b, "solo koehler", DK_SET_HAS(k, DK_SOLO_KOEHLER));
	opt_bool(b, "solo color", colour);
	opt_bool(b, "solo meatless", DK_SET_HAS(k, DK_SOLO_FLEISCHLOS));
	if (DK_SET_HAS(k, DK_SOLO_PURE_CLUBS) || DK_SET_HAS(k, DK_SOLO_PURE_SPADES) ||
	    DK_SET_HAS(k, DK_SOLO_PURE_HEARTS) || DK_SET_HAS(k, DK_SOLO_PURE_DIAMONDS) ||
	    DK_SET_HAS(k, DK_SOLO_TRUMPS))
		drop(differ, "rule solo.kinds: FreeDoko has no pure colour solo and no trump solo");
	/* dollen */
	opt_bool(b, "dollen", r->heart10_trump);
	opt_bool(b, "dollen second over first", r->heart10_tie != DK_TIE_FIRST_WINS);
	opt_bool(b, "dollen contrary in last trick",
		 r->heart10_tie == DK_TIE_SECOND_WINS_EXCEPT_LAST);
	opt_bool(b, "dollen first over second with swines", r->heart10_first_with_swines);
	/* swines */
	opt_bool(b, "swines", r->swines != DK_SWINES_NONE);
	opt_bool(b, "swines announcement begin",
		 r->swines != DK_SWINES_DECLARED && !r->swines_only_second);
	opt_bool(b, "swine only second", r->swines_only_second);
	opt_bool(b, "swines in solo", r->swines_solos != 0);
	opt_bool(b, "swines in poverty", r->swines_poverty != DK_SWINES_POVERTY_NONE);
	bool hyper = r->hyperswines != DK_SWINES_NONE && !r->swines_only_second;
	opt_bool(b, "hyperswines", hyper);
	opt_bool(b, "hyperswines announcement begin", r->hyperswines != DK_SWINES_DECLARED);
	opt_bool(b, "hyperswines in solo", r->hyperswines_solos != 0);
	opt_bool(b, "hyperswines in poverty", r->hyperswines_poverty);
	opt_bool(b, "swines and hyperswines joint", r->hyperswines_with_swines);
	if (r->swines != DK_SWINES_NONE && !r->swines_silent_marriage)
		drop(differ, "rule swines.in_silent_marriage false: FreeDoko's swines count in a "
		     "silent marriage");
	if (r->swines == DK_SWINES_AUTOMATIC)
		drop(differ, "rule swines.kind automatic: FreeDoko's swines count only when "
		     "announced");
	if (r->hyperswines == DK_SWINES_AUTOMATIC)
		drop(differ, "rule hyperswines.kind automatic: FreeDoko's hyperswines count only "
		     "when announced");
	if (r->hyperswines != DK_SWINES_NONE && r->swines_only_second)
		drop(differ, "rule hyperswines.kind: FreeDoko has no hyperswines with 'swine only "
		     "second'");
	if (r->swines_poverty == DK_SWINES_POVERTY_RE_IF_SHOWN)
		drop(differ, "rule swines.in_poverty re-only-if-shown: FreeDoko has no swines "
		     "shown before the exchange");
	/* extra points */
	opt_bool(b, "extrapoint catch fox", r->score_fox);
	opt_bool(b, "extrapoint catch fox last trick", r->score_fox_caught_last_trick);
	opt_bool(b, "extrapoint fox last trick", r->score_fox_last_trick);
	opt_bool(b, "extrapoint double fox last trick", r->score_fox_last_trick_both);
	opt_bool(b, "extrapoint dolle jabs dolle", r->score_heart10_caught);
	opt_bool(b, "extrapoint heart trick", r->score_heart_trick);
	opt_bool(b, "extrapoint charlie", r->score_karlchen);
	opt_bool(b, "extrapoint catch charlie", r->score_karlchen_caught);
	/* FreeDoko's "catch double charlie" counts only under "double charlie" */
	opt_bool(b, "extrapoint double charlie",
		 r->score_karlchen_both || (r->score_karlchen_caught && r->score_karlchen_caught_both));
	opt_bool(b, "extrapoint catch double charlie", r->score_karlchen_caught_both);
	opt_bool(b, "extrapoint catch charlie only with diamond queen",
		 r->score_karlchen_caught_by_diamond_queen);
	if ((r->score_fox_caught_last_trick && !r->score_fox) ||
	    (r->score_fox_last_trick_both && !r->score_fox_last_trick) ||
	    (r->score_heart_trick && r->deck_nines) ||
	    (r->score_heart10_caught && r->heart10_tie == DK_TIE_FIRST_WINS) ||
	    (r->score_karlchen_both != (r->score_karlchen_caught && r->score_karlchen_caught_both) &&
	     (r->score_karlchen_both || r->score_karlchen_caught)) ||
	    ((r->score_karlchen_both || r->score_karlchen_caught) && !r->score_karlchen))
		drop(differ, "rules score.fox_*, score.heart*, score.karlchen_*: FreeDoko ties "
		     "these extra points to each other (a fox caught in the last trick only with "
		     "the fox, a heart trick only without nines, a ♥10 beating the other only "
		     "when the second beats the first, both Karlchen caught only with both Karlchen "
		     "winning, Karlchen caught only with Karlchen)");
	if (!r->score_doppelkopf)
		drop(differ, "rule score.doppelkopf false: FreeDoko always counts a Doppelkopf");
	/* announcements */
	opt_bool(b, "announcement first trick thirty points", r->announce_mandatory_points > 0);
	opt_bool(b, "announcement first trick thirty points only first", false);
	opt_bool(b, "announcement first trick thirty points only re/contra",
		 !r->announce_mandatory_raise);
	opt_bool(b, "announcement first trick thirty points in marriage", true);
	if (r->announce_mandatory_points > 0 &&
	    (r->announce_mandatory_points != 30 ||
	     r->announce_mandatory_games != DK_MANDATORY_NORMAL_GAMES))
		drop(differ, "rule announce.mandatory_*: FreeDoko's duty is 30 points, in normal "
		     "games and marriages");
	opt_bool(b, "announcement re/contra doubles", r->score_model == DK_SCORE_DOUBLING);
	opt_bool(b, "announcement contra doubles against re", r->score_against_old_doubled);
	opt_bool(b, "knocking", r->announce_per_player);
	static const char *const ann[DK_LEVELS] = {
		"announcement no 120", "announcement no 90", "announcement no 60",
		"announcement no 30", "announcement no 0"
	};
	for (int i = 0; i < DK_LEVELS; i++) {
		int played = i < r->announce_max_played_count ? r->announce_max_played[i] : 0;
		int need = hand - played;
		snprintf(n, sizeof(n), "%d", need < 1 ? 1 : need);
		opt(b, ann[i], n);
	}
	opt(b, "last announcement", "1");
	opt_bool(b, "announcement till full trick", r->announce_model == DK_MODEL_GAME_TRICKS);
	opt_bool(b, "announcement reply", r->announce_reply != DK_REPLY_NONE);
	opt_bool(b, "announcement strict limit", r->announce_strict_limit);
	if ((r->announce_model != DK_MODEL_OWN_CARDS && r->announce_model != DK_MODEL_GAME_TRICKS) ||
	    r->announce_chain)
		drop(differ, "rule announce.model: FreeDoko counts the announcer's own cards or the "
		     "tricks remaining");
	opt(b, "counting", r->standings_counting == DK_COUNTING_PLUS    ? "plus"
			   : r->standings_counting == DK_COUNTING_MINUS ? "minus"
									: "plus-minus");
	if (r->score_feigheit)
		drop(differ, "rule score.feigheit: FreeDoko has no Feigheit");
	if (r->score_counter_doubles)
		drop(differ, "rule score.counter_announcement_doubles: FreeDoko does not double a "
		     "counter-announcement");
	if (r->score_solo_call_points)
		drop(differ, "rule score.solo_call_points: FreeDoko has no points for a solo's "
		     "announcement");
	if (!r->score_reached_against_limit)
		drop(differ, "rule score.reached_against_limit false: FreeDoko counts 120 reached "
		     "against a limit");
}

/* ---- the report --------------------------------------------------------- */

static const dk_bid *declaration_of(const dk_game *g, int seat)
{
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *x = &g->bids[i];
		if (x->seat == seat && (x->kind == DK_BID_SOLO || x->kind == DK_BID_MARRIAGE ||
					x->kind == DK_BID_POVERTY || x->kind == DK_BID_THROW_IN))
			return x;
	}
	return NULL;
}

static void reservation_line(dk_buf *b, dk_buf *dropped, const dk_game *g,
			     const dk_replay *rp, int seat, int p)
{
	const dk_bid *d = declaration_of(g, seat);
	dk_buf_printf(b, "  reservation = %d, ", p);
	if (!d) {
		for (size_t i = 0; i < g->bid_count; i++)
			if (g->bids[i].seat == seat && g->bids[i].kind == DK_BID_RESERVATION)
				drop(dropped, "seat %d's reservation that was never named (FreeDoko "
				     "writes a game type with every reservation)", seat);
		dk_buf_puts(b, "normal\n");
		return;
	}
	switch (d->kind) {
	case DK_BID_SOLO: {
		const char *t = solo_type(d->solo);
		if (!t)
			drop(dropped, "the %s solo of seat %d: FreeDoko has no such solo",
			     dk_solo_kind_name(d->solo), seat);
		dk_buf_printf(b, "%s\n", t ? t : "normal");
		if (d->call_count)
			drop(dropped, "the announcements seat %d made with the solo bid", seat);
		/* FreeDoko says it in the game's summary, which an open game lacks */
		if (d->as != DK_SOLO_AS_UNSAID)
			drop(dropped, "that seat %d's solo was a %s solo: a bug report's open game "
			     "has no summary to say it", seat, dk_solo_as_name(d->as));
		break;
	}
	case DK_BID_MARRIAGE: {
		/* FreeDoko reads no marriage without its selector: the one the
		 * game went by where the bid does not say it */
		const char *sel = d->condition ? selector(d->condition) : NULL;
		if (!sel && rp->type == DK_GT_MARRIAGE && rp->declarer == seat)
			sel = selector(rp->condition);
		dk_buf_printf(b, "marriage, %s\n", sel ? sel : "first foreign");
		break;
	}
	case DK_BID_POVERTY:
		dk_buf_puts(b, "poverty\n");
		break;
	default:
		dk_buf_puts(b, d->reason == DK_THROW_FIVE_KINGS ? "thrown kings\n"
			    : d->reason == DK_THROW_NINES_AND_KINGS ? "thrown nines and kings\n"
			    : d->reason == DK_THROW_RICHNESS ? "thrown richness\n"
			    : d->reason == DK_THROW_FOX_HIGHEST_TRUMP ? "fox highest trump\n"
			    : "thrown nines\n");
		if (d->reason == DK_THROW_UNSAID || d->reason == DK_THROW_FEW_TRUMPS)
			drop(dropped, "the reason of seat %d's throwing in", seat);
		break;
	}
}

static void card_list(dk_buf *b, const dk_card *c, int n)
{
	for (int i = 0; i < n; i++) {
		dk_buf_puts(b, ", ");
		put_card(b, c[i]);
	}
}

static void trick_full(dk_buf *b, int leader, const dk_card *cards, int winner)
{
	dk_buf_printf(b, "  trick full = %d", leader);
	card_list(b, cards, 4);
	dk_buf_printf(b, ", %d\n", winner);
}

void dk_fd_write_bugreport(dk_buf *out, dk_buf *dropped, dk_buf *differ, const dk_game *g,
			   const dk_replay *rp, const dk_rules *rules)
{
	/* seats: FreeDoko numbers the four players 0 to 3 */
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (rp->seats[i] != i + 1) {
			drop(dropped, "the seat numbers (FreeDoko's players are 1 to 4 read back)");
			break;
		}
	int dealer = player_of(rp, g->deal.dealer);
	if (dealer < 0)
		drop(dropped, "a dealer who does not play (FreeDoko deals to its four players)");
	int start = (dealer + 1) % 4;

	/* the deal, by FreeDoko's player numbers, and the seed that deals it */
	dk_card hands[4][DK_MAX_HAND + DK_MAX_PASS];
	int n[4];
	for (int p = 0; p < 4; p++) {
		n[p] = 0;
		for (int h = 0; h < g->deal.hand_count; h++)
			if (g->deal.hands[h].seat == rp->seats[p]) {
				n[p] = g->deal.hands[h].count;
				memcpy(hands[p], g->deal.hands[h].cards, (size_t)n[p] * sizeof(dk_card));
			}
	}
	bool nines = rules ? rules->deck_nines : n[0] == 12;
	long seed = g->exchange_unknown ? -1 : fd_seed_of(hands, n, start, nines);

	dk_buf_puts(out, "# FreeDoko Bugreport\n");
	dk_buf_puts(out, "\nversion: 0.7.13 (written by dokoref)\n\nlanguage: en\n");
	dk_buf_printf(out, "trick: %d\n\n", rp->trick_count);
	/* the message is free text to FreeDoko: the rule set's name goes there */
	dk_buf_puts(out, "/---------\\\n| message |\n\\---------/\nwritten by dokoref\n");
	const dk_rules_ref *ref = dk_game_rules(g);
	if (ref && ref->name)
		dk_buf_printf(out, "# dokoref rules: %s\n", ref->name);
	else if (ref && ref->path)
		dk_buf_printf(out, "# dokoref rules path: %s\n", ref->path);
	for (size_t i = 0; ref && i < ref->override_count; i++)
		dk_buf_printf(out, "# dokoref rule override: %s = %s\n", ref->overrides[i].key,
			      ref->overrides[i].value);
	if (seed < 0)
		dk_buf_puts(out, "FreeDoko deals again from the seed: no seed is known to deal "
			    "these hands, so the replay is another game\n");
	dk_buf_puts(out, "\n/--------\\\n| output |\n\\--------/\n");
	dk_buf_printf(out, "seed: %ld\nstartplayer: %d\n\n", seed < 0 ? 0 : seed, start);

	dk_buf_puts(out, "party\n{\n");
	dk_buf_printf(out, "first seed = %ld\nfirst startplayer = %d\n\n", seed < 0 ? 0 : seed,
		      start);
	if (rules) {
		size_t from = differ->len;
		rule_block(out, differ, rules);
		/* what the block could not say, as comments FreeDoko skips */
		if (differ->len > from)
			dk_buf_puts(out, "# dokoref: rules FreeDoko has no option for:\n");
		const char *d = differ->data ? differ->data + from : "";
		for (const char *e; (e = strchr(d, '\n')); d = e + 1)
			dk_buf_printf(out, "#   %.*s\n", (int)(e - d), d);
		dk_buf_puts(out, "}\n");
	}
	/* the file holds the hands, but FreeDoko replays another game */
	if (seed < 0 && g->exchange_unknown)
		drop(differ, "the deal: FreeDoko deals again from the report's seed and never "
		     "reads the hands, and the hands as dealt are not known (the cards passed "
		     "in the poverty are not)");
	else if (seed < 0)
		drop(differ, "the deal: FreeDoko deals again from the report's seed and never "
		     "reads the hands, and none of its %d seeds deals these hands", (int)FD_SEEDS);
	dk_buf_puts(out, "\nplayers\n{\n");
	for (int p = 0; p < 4; p++) {
		const dk_player *pl = dk_game_player_at(g, rp->seats[p]);
		dk_buf_printf(out, "{\nname = %s\ntype = ai\n}\n", pl ? pl->name : "?");
	}
	dk_buf_puts(out, "}\n}\n\n");

	/* the game type */
	switch (rp->type) {
	case DK_GT_SOLO:
		if (solo_type(rp->solo))
			dk_buf_printf(out, "gametype: %s\nsoloplayer: player %d\n\n",
				      solo_type(rp->solo), player_of(rp, rp->declarer));
		break;
	case DK_GT_MARRIAGE:
		dk_buf_puts(out, "gametype: marriage\n");
		dk_buf_printf(out, "selector: %s\n", selector(rp->condition) ? selector(rp->condition)
			      : "team set");
		dk_buf_printf(out, "bride: player %d\n\n", player_of(rp, rp->declarer));
		break;
	case DK_GT_SILENT_MARRIAGE:
		/* a solo to FreeDoko: it names the player */
		dk_buf_printf(out, "gametype: marriage silent\nsoloplayer: player %d\n\n",
			      player_of(rp, rp->declarer));
		break;
	case DK_GT_POVERTY:
		dk_buf_puts(out, "gametype: poverty\n\n");
		break;
	case DK_GT_RAMSCH:
		drop(dropped, "the Ramsch: FreeDoko deals again when nobody takes a poverty");
		break;
	default:
		break;
	}

	/* the hands after a poverty's exchange */
	/* card for card in place where as many come back as went (the reader
	 * undoes it the same way, so the order of the hands survives) */
	const dk_bid *pass = NULL, *ret = NULL;
	for (size_t i = 0; i < g->bid_count; i++) {
		if (g->bids[i].kind == DK_BID_POVERTY_PASS && !pass)
			pass = &g->bids[i];
		if (g->bids[i].kind == DK_BID_POVERTY_RETURN && !ret)
			ret = &g->bids[i];
	}
	int poor = pass ? player_of(rp, pass->seat) : -1;
	int taker = ret ? player_of(rp, ret->seat) : -1;
	bool in_place = poor >= 0 && taker >= 0 && poor != taker &&
			pass->card_count == ret->card_count && pass->card_count > 0;
	int at[DK_MAX_PASS], bt[DK_MAX_PASS];
	bool used_p[DK_MAX_HAND + DK_MAX_PASS] = { false }, used_t[DK_MAX_HAND + DK_MAX_PASS] = { false };
	for (int c = 0; in_place && c < pass->card_count; c++) {
		at[c] = bt[c] = -1;
		for (int k = 0; k < n[poor] && at[c] < 0; k++)
			if (!used_p[k] && hands[poor][k] == pass->cards[c])
				at[c] = k;
		for (int k = 0; k < n[taker] && bt[c] < 0; k++)
			if (!used_t[k] && hands[taker][k] == ret->cards[c])
				bt[c] = k;
		if (at[c] < 0 || bt[c] < 0)
			in_place = false;
		else
			used_p[at[c]] = used_t[bt[c]] = true;
	}
	for (int c = 0; in_place && c < pass->card_count; c++) {
		hands[poor][at[c]] = ret->cards[c];
		hands[taker][bt[c]] = pass->cards[c];
	}
	for (size_t i = 0; i < g->bid_count && !in_place; i++) {
		const dk_bid *x = &g->bids[i];
		if (x->kind != DK_BID_POVERTY_PASS && x->kind != DK_BID_POVERTY_RETURN)
			continue;
		int from = player_of(rp, x->seat);
		int to = player_of(rp, x->kind == DK_BID_POVERTY_PASS ? rp->partner : rp->declarer);
		if (from < 0 || to < 0)
			continue;
		for (int c = 0; c < x->card_count; c++)
			for (int k = 0; k < n[from]; k++)
				if (hands[from][k] == x->cards[c] && n[to] < DK_MAX_HAND + DK_MAX_PASS) {
					hands[to][n[to]++] = x->cards[c];
					hands[from][k] = hands[from][--n[from]];
					break;
				}
	}
	dk_buf_puts(out, "hands\n{\n");
	for (int p = 0; p < 4; p++) {
		const dk_player *pl = dk_game_player_at(g, rp->seats[p]);
		dk_buf_printf(out, "player %d (%s)\n", p, pl ? pl->name : "?");
		for (int k = 0; k < n[p]; k++) {
			dk_buf_printf(out, "%x  ", k);
			put_card(out, hands[p][k]);
			dk_buf_putc(out, '\n');
		}
		dk_buf_putc(out, '\n');
	}
	dk_buf_puts(out, "}\n\ngameplay actions\n{\n");

	/* reservations from the start player on; then the exchange */
	bool any_bid = g->has_bidding && g->bid_count > 0;
	if (!any_bid)
		drop(dropped, "a record without bids reads back with a 'gesund' of every player");
	for (int k = 0; k < 4; k++) {
		int p = (start + k) % 4;
		reservation_line(out, dropped, g, rp, rp->seats[p], p);
	}
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *x = &g->bids[i];
		int p = player_of(rp, x->seat);
		switch (x->kind) {
		case DK_BID_POVERTY_PASS:
		case DK_BID_POVERTY_RETURN:
			dk_buf_printf(out, "  poverty %s = %d", x->kind == DK_BID_POVERTY_PASS
				      ? "shift" : "returned", p);
			card_list(out, x->cards, x->card_count);
			dk_buf_putc(out, '\n');
			break;
		case DK_BID_POVERTY_DECLINE:
			dk_buf_printf(out, "  poverty denied = %d\n", p);
			break;
		case DK_BID_POVERTY_ACCEPT:
			dk_buf_printf(out, "  poverty accepted = %d\n", p);
			break;
		case DK_BID_POVERTY_REPORT:
			/* FreeDoko says the count itself; dokoref keeps what was said */
			dk_buf_printf(out, "  # dokoref poverty report = %d, %d\n", p, x->trumps);
			if (x->text)
				drop(dropped, "the words of seat %d's poverty report", x->seat);
			break;
		case DK_BID_SWINE_SHOWN:
			drop(dropped, "seat %d's swines shown in the bidding", x->seat);
			break;
		default:
			break;
		}
	}

	/* a genscher: the announcements before it were said for the parties
	 * then, which the replay no longer holds */
	size_t pick = g->event_count;
	for (size_t i = 0; i < g->event_count && fd_genscher(rules); i++)
		if (g->events[i].kind == DK_EV_WENDE_GENSCHER && pick == g->event_count)
			pick = i;

	/* the play.  FreeDoko's replay takes a 'trick full' line when the
	 * next trick opens, so it is written just before that trick's first
	 * card, after what was said between the tricks; the penultimate one it
	 * takes at once, and then waits for a 'trick open' line; the last one
	 * it never takes, so it is left out and the replay ends with the last
	 * card (formats/freedoko.md) */
	int cards = 0, trick = 0;
	dk_card in_trick[4];
	int leader = -1, full_winner = -1;
	bool full_pending = false;
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		int p = player_of(rp, e->seat);
		switch (e->kind) {
		case DK_EV_CARD:
			if (cards % 4 == 0) {
				if (full_pending)
					trick_full(out, leader, in_trick, full_winner);
				full_pending = false;
				dk_buf_printf(out, "  # trick %d\n", cards / 4 + 1);
				if (cards / 4 + 1 == rp->hand_size && cards > 0)
					dk_buf_puts(out, "  trick open\n");
				leader = p;
			}
			dk_buf_printf(out, "  card played = %d, ", p);
			put_card(out, e->card);
			dk_buf_putc(out, '\n');
			in_trick[cards % 4] = e->card;
			cards++;
			if (cards % 4 == 0) {
				int w = trick < rp->trick_count ? player_of(rp, rp->tricks[trick].winner)
								  : -1;
				trick++;
				/* FreeDoko says who marries before the trick is full */
				if (rp->type == DK_GT_MARRIAGE && rp->clarified_trick == trick)
					dk_buf_printf(out, "  marriage = %d, %d\n",
						      player_of(rp, rp->declarer),
						      rp->partner ? player_of(rp, rp->partner)
								  : player_of(rp, rp->declarer));
				full_winner = w < 0 ? 0 : w;
				if (trick == rp->hand_size - 1)
					trick_full(out, leader, in_trick, full_winner);
				else if (trick < rp->hand_size - 1)
					full_pending = true;
			}
			break;
		case DK_EV_ANNOUNCE: {
			static const char *const words[DK_CALL_COUNT] = {
				"", "no 120", "no 120", "no 90", "no 60", "no 30", "no 0",
				"no 120 reply", "no 90 reply", "no 60 reply", "no 30 reply",
				"no 0 reply"
			};
			dk_party said = e->call == DK_CALL_RE ? DK_PARTY_RE
					: e->call == DK_CALL_KONTRA ? DK_PARTY_KONTRA : DK_PARTY_NONE;
			if (said != DK_PARTY_NONE && said != rp->party[e->seat] && i > pick)
				drop(dropped, "that seat %d said %s for the other party (FreeDoko's "
				     "'no 120' reads back as the own party's word)", e->seat,
				     said == DK_PARTY_RE ? "Re" : "Kontra");
			dk_buf_printf(out, "  announcement = %d, %s\n", p,
				      (unsigned)e->call < DK_CALL_COUNT ? words[e->call] : "");
			break;
		}
		case DK_EV_SWINE:
			dk_buf_printf(out, "  swines = %d\n", p);
			break;
		case DK_EV_HYPERSWINE:
			dk_buf_printf(out, "  hyperswines = %d\n", p);
			break;
		case DK_EV_GENSCHER:
			drop(dropped, "seat %d's Genscher (dokoref's, not FreeDoko's)", e->seat);
			break;
		case DK_EV_WENDE_GENSCHER:
			if (fd_genscher(rules))
				dk_buf_printf(out, "  genscher = %d, %d\n", p,
					      player_of(rp, e->partner));
			else
				drop(dropped, "seat %d's Wende-Genscher", e->seat);
			break;
		case DK_EV_OBJECTION:
			drop(dropped, "the objection after card %d", cards);
			break;
		default:
			break;
		}
	}
	if (full_pending)
		trick_full(out, leader, in_trick, full_winner);
	/* without it FreeDoko's players choose their own cards and the report
	 * is only compared with what they do */
	dk_buf_puts(out, "  stop\n}\n");
	/* FreeDoko names every reservation before a poverty's cards move */
	bool exchanging = false;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *x = &g->bids[i];
		if (x->kind == DK_BID_POVERTY_PASS)
			exchanging = true;
		else if (exchanging && x->kind == DK_BID_SOLO)
			drop(dropped, "the moment of seat %d's solo, named after the poverty's cards "
			     "were passed (FreeDoko names every reservation first)", x->seat);
	}
	if (g->exchange_unknown)
		drop(dropped, "a poverty whose passed cards are not known (a bug report needs them)");
	if (g->note_count)
		drop(dropped, "the notes of the game");
	if (g->recorded.present)
		drop(dropped, "the score the table wrote down");
	if (g->meta.event || g->meta.place || g->meta.date || g->meta.table || g->meta.round ||
	    g->meta.number || (g->session && (g->session->meta.event || g->session->meta.date)))
		drop(dropped, "the metadata (event, place, date, table, round, number)");
}

/* ---- what a round trip changed ------------------------------------------- */

static bool same_hand(const dk_hand *a, const dk_hand *b)
{
	int ca[DK_CARD_KINDS] = { 0 }, cb[DK_CARD_KINDS] = { 0 };
	for (int i = 0; i < a->count; i++)
		ca[a->cards[i] % DK_CARD_KINDS]++;
	for (int i = 0; i < b->count; i++)
		cb[b->cards[i] % DK_CARD_KINDS]++;
	return a->seat == b->seat && memcmp(ca, cb, sizeof(ca)) == 0;
}

static bool same_bid(const dk_bid *a, const dk_bid *b)
{
	if (a->kind != b->kind || a->seat != b->seat || a->solo != b->solo ||
	    a->condition != b->condition || a->reason != b->reason ||
	    a->card_count != b->card_count || a->call_count != b->call_count ||
	    (a->kind == DK_BID_POVERTY_REPORT && a->trumps != b->trumps))
		return false;
	return memcmp(a->cards, b->cards, (size_t)a->card_count) == 0;
}

void dk_fd_compare_games(dk_buf *out, const dk_game *a, const dk_game *b)
{
	const dk_players *pa = dk_game_players(a), *pb = dk_game_players(b);
	size_t np = pa ? pa->count : 0;
	if (!pa || !pb || pa->count != pb->count) {
		dk_buf_puts(out, "the players\n");
	} else {
		for (size_t i = 0; i < np; i++)
			if (pa->items[i].seat != pb->items[i].seat ||
			    strcmp(pa->items[i].name, pb->items[i].name) != 0) {
				dk_buf_puts(out, "the players\n");
				break;
			}
	}
	if (a->deal.dealer != b->deal.dealer)
		dk_buf_puts(out, "the dealer\n");
	if (a->deal.hand_count != b->deal.hand_count) {
		dk_buf_puts(out, "the hands\n");
	} else {
		for (int i = 0; i < a->deal.hand_count; i++)
			if (!same_hand(&a->deal.hands[i], &b->deal.hands[i])) {
				dk_buf_printf(out, "the hand of seat %d\n", a->deal.hands[i].seat);
				break;
			}
	}
	bool bids = a->bid_count == b->bid_count;
	for (size_t i = 0; bids && i < a->bid_count; i++)
		bids = same_bid(&a->bids[i], &b->bids[i]);
	if (!bids)
		dk_buf_puts(out, "the game finding (the bids or their order)\n");
	bool events = a->event_count == b->event_count;
	for (size_t i = 0; events && i < a->event_count; i++) {
		const dk_event *x = &a->events[i], *y = &b->events[i];
		events = x->kind == y->kind && x->seat == y->seat && x->card == y->card &&
			 x->call == y->call && x->partner == y->partner;
	}
	if (!events)
		dk_buf_puts(out, "the play (cards, announcements, declarations)\n");
	const dk_rules_ref *ra = dk_game_rules(a), *rb = dk_game_rules(b);
	const char *na = ra ? (ra->name ? ra->name : ra->path) : NULL;
	const char *nb = rb ? (rb->name ? rb->name : rb->path) : NULL;
	if ((na == NULL) != (nb == NULL) || (na && strcmp(na, nb) != 0) ||
	    (ra && rb && ra->override_count != rb->override_count))
		dk_buf_puts(out, "the rule set the game names\n");
}

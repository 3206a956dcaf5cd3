/*
 * dd.c - the double-dummy solver's search; see dd.h.  The other parts
 * (a question set up, the key, the solver made and its table kept, the
 * exact value by probes, the analysis of a game) are in the files
 * dd_internal.h names.
 *
 * ab() is a fail-soft alpha-beta search over single cards.  Its value is
 * what the counted players (mine[]) still gain: card points, or tricks.
 * The players in maxer[] choose to raise it, the others to lower it: in
 * the game between the parties maxer[] is mine[] (turned round in a
 * Ramsch), in a threshold question everybody is a maxer.  At every trick
 * boundary the table is looked up (by the pattern of the cards left: an
 * entry whose points differ bounds the value by that difference, see
 * key_of) and the value bounded: the counted side
 * gains at most what it can capture (a card of the other side ends in its
 * tricks only when a card of the side beats it, see upper_bound) and at
 * least what the other side cannot capture.  Where everybody is a maxer,
 * ab() hands the positions between tricks to coop_trick, which goes a
 * trick at a time.
 *
 * search.c's dk_search_run asks its threshold questions of this solver.
 */
#include "dd.h"
#include "dd_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* --- playing --------------------------------------------------------- */

/* play card k for the player to move; what the counted side gains */
static int play(const dk_dd *dd, pos *p, dk_card k)
{
	unsigned char *have = &p->hand[p->turn][k];
	(*have)--;
	p->both[p->turn] &= ~(1u << dd->place[k]);
	if (!*have)
		p->held[p->turn] &= ~(1u << dd->place[k]);
	bool last = p->tricks_done == p->hand_size - 1;
	if (p->tn == 0)
		p->win = 0;
	else if (dd->takes[last][p->trick[p->win]][k])
		p->win = p->tn;
	p->trick[p->tn] = k;
	p->tseat[p->tn] = p->turn;
	p->tn++;
	if (p->tn < 4) {
		p->turn = (p->turn + 1) % 4;
		return 0;
	}
	int w = p->tseat[p->win];
	int pts = 0;
	for (int i = 0; i < 4; i++)
		pts += dd->points[p->trick[i]];
	p->left -= pts;
	p->tn = 0;
	p->tricks_done++;
	p->turn = w;
	if (!dd->mine[w])
		return 0;
	return dd->tricks ? 1 : pts;
}

/*
 * The legal cards of the player to move, one of each interchangeable set
 * (same suit, same points, no card of another player in a hand or in the
 * open trick between them or level with them in the order: exchanging
 * them in any continuation gives a legal one with the same trick winners
 * and points), in the order of places.
 */
static int moves(const dk_dd *dd, const pos *p, dk_card *out)
{
	uint32_t legal = dd_legal(dd, p);
	uint32_t others = 0;
	for (int i = 0; i < 4; i++)
		if (i != p->turn)
			others |= p->held[i];
	for (int i = 0; i < p->tn; i++)
		others |= 1u << dd->place[p->trick[i]];
	int n = 0;
	int prev = -1;
	while (legal) {
		int pl = __builtin_ctz(legal);
		legal &= legal - 1;
		dk_card k = dd->by_place[pl];
		if (prev >= 0) {
			dk_card j = dd->by_place[prev];
			uint32_t span = (uint32_t)((2ull << pl) - (1ull << prev));
			if (dd->suit[j] == dd->suit[k] && dd->points[j] == dd->points[k] &&
			    (others & span) == 0)
				continue;   /* the same as the card kept before */
		}
		out[n++] = k;
		prev = pl;
	}
	return n;
}

/* the cards player j may play to a trick led with card k */
static uint32_t may_follow(const dk_dd *dd, const pos *p, int j, dk_card k)
{
	uint32_t can = p->held[j] & dd->suit_places[dd->suit[k]];
	return can ? can : p->held[j];
}

/* can player j take a trick led with k from it, whatever the others play? */
static bool can_take(const dk_dd *dd, const pos *p, int j, dk_card k, bool last)
{
	return (may_follow(dd, p, j, k) & dd->takers[last][k]) != 0;
}

/* can an opponent of the player to move, still to play in the trick, beat
 * card w? */
static bool opponent_beats(const dk_dd *dd, const pos *p, dk_card w, bool last)
{
	bool up = dd->maxer[p->turn];
	for (int j = 1; j < 4 - p->tn; j++) {
		int o = (p->turn + j) & 3;
		if (dd->mine[o] != up && (may_follow(dd, p, o, p->trick[0]) & dd->takers[last][w]))
			return true;
	}
	return false;
}

/* led with k by the player to move, is the trick sure to go to a partner
 * of his: one of them holds a card that may follow, takes k and is beaten
 * by no card an opponent may play (the order they play in is not looked
 * at: a guess for the move order, nothing more) */
static bool partner_takes(const dk_dd *dd, const pos *p, dk_card k, bool last)
{
	int t = p->turn;
	bool up = dd->maxer[t];
	uint32_t opponents = 0;
	for (int j = 0; j < 4; j++)
		if (j != t && dd->mine[j] != up)
			opponents |= may_follow(dd, p, j, k);
	for (int f = 0; f < 4; f++) {
		if (f == t || dd->mine[f] != up)
			continue;
		uint32_t c = may_follow(dd, p, f, k) & dd->takers[last][k];
		while (c) {
			int pl = __builtin_ctz(c);
			c &= c - 1;
			if (!(opponents & dd->takers[last][dd->by_place[pl]]))
				return true;
		}
	}
	return false;
}

/*
 * moves() tried most promising first for the player to move.  A player
 * is glad to see the trick go to a "friend": one whose tricks move the
 * value the way the player wants (in the game between the parties, the
 * partner; in a Ramsch, an opponent; in a threshold question, a player of
 * the party asked about), where no opponent still to play can beat the
 * friend's card.  In a trick, a card after which the trick is sure to go
 * to a friend goes first, the dearest first; at a lead see below
 * (docs/double-dummy.md, "The trick that is ours").  hint, then hint2, go
 * first where legal (the table's best lead, the killer moves).
 */
static int ordered_moves(const dk_dd *dd, const pos *p, dk_card *m, dk_card hint, dk_card hint2)
{
	int n = moves(dd, p, m);
	if (n < 2)
		return n;
	int score[DK_CARD_KINDS];
	bool last = p->tricks_done == p->hand_size - 1;
	int t = p->turn;
	bool up = dd->maxer[t];
	bool wants_it = dd->mine[t] == up;     /* taking the trick itself is good */
	dk_card winning = p->trick[p->win];
	/* a friend wins the trick so far, and no opponent after can beat it */
	bool friend_wins = p->tn && dd->mine[p->tseat[p->win]] == up &&
			   !opponent_beats(dd, p, winning, last);
	int partners = 0;
	for (int j = 0; j < 4 && p->tn == 0; j++)
		partners += j != t && dd->mine[j] == dd->mine[t];
	bool one_partner = partners == 1;   /* at a lead */
	for (int i = 0; i < n; i++) {
		dk_card k = m[i];
		int s;
		if (p->tn == 0) {
			bool sure = true;
			for (int j = 0; j < 4 && sure; j++)
				if (j != t && dd->mine[j] != up && can_take(dd, p, j, k, last))
					sure = false;
			if (wants_it)
				/* a sure winner first, the dearest first; then a card
				 * a partner surely takes, the cheapest first; then
				 * trumps, the strongest first, or with one partner
				 * (not a soloist, nor against one) the weakest first;
				 * then cheap cards */
				s = sure ? 300 + dd->points[k]
				    : partner_takes(dd, p, k, last) ? 250 - dd->points[k]
				    : dd->trump[k] && one_partner
					? 100 + (200 - dd->strength[k]) / 4 - dd->points[k]
				    : dd->strength[k] + (dd->trump[k] ? 0 : 8) - dd->points[k];
			else
				/* a card a friend can take, the dearest first */
				s = sure ? -dd->points[k] : 100 + dd->points[k];
		} else if (wants_it && (dd->takes[last][winning][k] ? !opponent_beats(dd, p, k, last)
								    : friend_wins)) {
			s = 300 + dd->points[k];   /* the trick is ours: the dearest */
		} else {
			bool takes = dd->takes[last][winning][k];
			if (takes && wants_it && (p->tn == 3 || !friend_wins))
				s = 200 + (p->tn == 3 ? dd->points[k] : -dd->strength[k]);
			else if (takes && !wants_it)
				s = 20 - dd->points[k];
			else if (friend_wins)
				s = 100 + dd->points[k];
			else
				s = 50 - dd->points[k];
		}
		if (k == hint)
			s = 1000;
		else if (k == hint2)
			s = 900;
		score[i] = s;
	}
	for (int i = 1; i < n; i++) {
		dk_card k = m[i];
		int s = score[i], j = i;
		while (j > 0 && score[j - 1] < s) {
			m[j] = m[j - 1];
			score[j] = score[j - 1];
			j--;
		}
		m[j] = k;
		score[j] = s;
	}
	return n;
}

/* --- bounds ---------------------------------------------------------- */

/* the places in x, by count8 a byte at a time (see dd_internal.h) */
static inline int bits_in(uint32_t x)
{
	return count8[x & 0xff] + count8[x >> 8 & 0xff] + count8[x >> 16 & 0xff];
}

/* how many cards player i holds at the places of mask, copies counted */
static inline int cards_in(const pos *p, int i, uint32_t mask)
{
	return bits_in(p->held[i] & mask) + bits_in(p->both[i] & mask);
}

/* what the party holds, as the bounds need it */
typedef struct party_cards {
	int trumps;                  /* how many trumps */
	int top_trump;               /* strength of the highest, 0 if none */
	bool h10;                    /* holds a ♥10 */
	int suit_top[4];             /* strength of the highest card per fehl suit, -1 if none */
	int trumps_from[DK_CARD_KINDS + 1];  /* trumps at this place in the order or above */
	uint32_t capturable;         /* the fehl places whose cards it can take from an
					opponent (see party_cards_of) */
} party_cards;

/*
 * The places the players in[] hold together (*once), and those of which
 * they hold both copies (returned): one of them holds both, or two of
 * them one each.  held and both by player, as in pos.
 */
static uint32_t held_twice(const uint32_t held[4], const uint32_t both[4], const bool in[4],
			   uint32_t *once)
{
	uint32_t one = 0, two = 0;
	for (int i = 0; i < 4; i++) {
		if (in[i]) {
			two |= both[i] | (one & held[i]);
			one |= held[i];
		}
	}
	*once = one;
	return two;
}

/*
 * The party's cards.  An opponent's fehl card can end in its tricks only
 * when a card of the party beats it: a trump, a card of the suit at
 * least as high (led first), or a card of another fehl suit led while
 * the opponent has none of it; so with a trump every fehl card can, else
 * every card of a suit where the party holds another fehl suit, else
 * those up to the party's highest of the suit.
 */
static void party_cards_of(party_cards *out, const dk_dd *c, const pos *p, const bool in[4])
{
	uint32_t one;
	uint32_t two = held_twice(p->held, p->both, in, &one);
	uint32_t trumps = one & c->suit_places[DK_SUIT_TRUMP];
	out->trumps_from[DK_CARD_KINDS] = 0;
	for (int pl = DK_CARD_KINDS - 1; pl >= c->first_trump_place; pl--)
		out->trumps_from[pl] = out->trumps_from[pl + 1] + (int)(trumps >> pl & 1) +
				       (int)(two >> pl & 1);
	out->trumps = out->trumps_from[c->first_trump_place];
	out->top_trump = 0;
	if (trumps) {
		int top = c->strength[c->by_place[31 - __builtin_clz(trumps)]];
		out->top_trump = top > 0 ? top : 0;
	}
	out->h10 = (one & c->h10_place) != 0;
	unsigned suits = 0;
	int top_place[4];
	for (int s = 0; s < 4; s++) {
		uint32_t cards = one & c->suit_places[s];
		out->suit_top[s] = -1;
		if (cards) {
			top_place[s] = 31 - __builtin_clz(cards);
			int top = c->strength[c->by_place[top_place[s]]];
			out->suit_top[s] = top > -1 ? top : -1;
			suits |= 1u << s;
		}
	}
	if (out->trumps > 0) {
		out->capturable = c->fehl_places;
		return;
	}
	out->capturable = 0;
	for (int s = 0; s < 4; s++) {
		if (suits & ~(1u << s))
			out->capturable |= c->suit_places[s];
		else if (suits & 1u << s)
			out->capturable |= c->at_or_below[top_place[s]];
	}
}

/*
 * Does an opponent's card k win every trick it is led to, whatever the
 * party plays?  A trump if the party has no higher one (nor, where the
 * second ♥10 wins, the other ♥10); a fehl card if the party has no higher
 * card of the suit and no trump at all.
 */
static bool wins_when_led(const dk_dd *c, const party_cards *pc, dk_card k)
{
	if (c->trump[k])
		return pc->top_trump < c->strength[k] &&
		       !(k == DK_CARD_MAKE(DK_HEARTS, DK_TEN) && pc->h10 &&
			 c->order.tie != DK_TIE_FIRST_WINS);
	return pc->trumps == 0 && pc->suit_top[c->suit[k]] <= c->strength[k];
}

/*
 * How many cards of an opponent's hand h can end up in the party's
 * tricks: in each such trick a card of the party beats the opponent's
 * card, a different one in each trick, so the opponent's trumps taken
 * must be matched each to a party trump at least as high (matched from
 * the highest down), and fehl cards only those of pc->capturable.
 */
static int capturable_count(const dk_dd *c, const pos *p, const party_cards *pc, int h)
{
	int n = cards_in(p, h, pc->capturable);
	int matched = 0;
	for (uint32_t trumps = p->held[h] & c->suit_places[DK_SUIT_TRUMP]; trumps; ) {
		int pl = 31 - __builtin_clz(trumps);
		trumps &= ~(1u << pl);
		int have = pc->trumps_from[pl];
		for (int copy = 0; copy <= (int)(p->both[h] >> pl & 1) && have > matched; copy++)
			matched++;
	}
	return n + matched;
}

/*
 * The most points of h that can end up in the party's tricks, at most w
 * cards: highest points first, each card taken if it can be captured and
 * the trumps taken so far can still be matched (the sets that can be
 * matched are the independent sets of a matroid, so taking greedily by
 * points gives the most; of equal points, fehl cards first, then trumps
 * from the weakest).  Hall's condition: at every place, the trumps taken
 * there or above are no more than the party's trumps there or above.  It
 * need only be asked at the places of h's trumps (between two of them
 * the party's count only grows downwards): the slack at each, a nibble
 * each from the weakest, at most 15 (the 12 takes at most leave 15 at 3
 * or more), all asked and lowered at once.
 */
static int capturable_points(const dk_dd *c, const pos *p, const party_cards *pc, int h, int w)
{
	uint32_t trumps = p->held[h] & c->suit_places[DK_SUIT_TRUMP];
	uint64_t slack = 0;
	int lanes = 0;
	for (uint32_t t = trumps; t; t &= t - 1) {
		int have = pc->trumps_from[__builtin_ctz(t)];
		slack |= (uint64_t)(have < 15 ? have : 15) << (4 * lanes++);
	}
	int taken = 0, points = 0;
	/* cards without points add nothing */
	for (int code = 5; code >= 1 && taken < w; code--) {
		uint32_t at = c->code_places[code];
		if (p->held[h] & pc->capturable & at) {
			int n = cards_in(p, h, pc->capturable & at);
			int take = n < w - taken ? n : w - taken;
			taken += take;
			points += take * code_points[code];
		}
		for (uint32_t cards = trumps & at; cards && taken < w; cards &= cards - 1) {
			int px = __builtin_ctz(cards);
			int lane = bits_in(trumps & ((1u << px) - 1));
			uint64_t upto = lane >= 15 ? ~0ull : (1ull << (4 * (lane + 1))) - 1;
			uint64_t ones = 0x1111111111111111ull & upto;
			for (int copy = 0; copy <= (int)(p->both[h] >> px & 1) && taken < w; copy++) {
				uint64_t v = slack & upto;
				if ((v - ones) & ~v & 0x8888888888888888ull & upto)
					break;   /* a place at or below it has no slack left */
				slack -= ones;
				taken++;
				points += code_points[code];
			}
		}
	}
	return points;
}

/*
 * The most the party can still gain, between tricks.  If an opponent leads
 * and every card of both opponents wins when led, the opponents keep the
 * lead and win every trick.  Otherwise every trick the party wins holds
 * one card of each opponent that a card of the party beats (see
 * capturable), which bounds the number of such tricks by what either
 * opponent can lose, and the gain by the opponents' cards that can be
 * taken plus the best cards of the party's own hands, one per trick.
 */
static int upper_bound(const dk_dd *c, const pos *p, const bool in[4])
{
	party_cards pc;
	party_cards_of(&pc, c, p, in);
	if (!in[p->turn]) {
		bool sweep = true;
		for (int i = 0; i < 4 && sweep; i++)
			for (uint32_t cards = in[i] ? 0 : p->held[i]; cards && sweep;
			     cards &= cards - 1)
				if (!wins_when_led(c, &pc, c->by_place[__builtin_ctz(cards)]))
					sweep = false;
		if (sweep)
			return 0;
	}
	int w = p->hand_size - p->tricks_done;
	for (int i = 0; i < 4; i++) {
		if (!in[i]) {
			int n = capturable_count(c, p, &pc, i);
			if (n < w)
				w = n;
		}
	}
	if (c->tricks || w == 0)
		return w;
	int points = 0;
	for (int i = 0; i < 4; i++) {
		if (!in[i]) {
			points += capturable_points(c, p, &pc, i, w);
			continue;
		}
		int taken = 0;
		for (int code = 5; code >= 1 && taken < w; code--) {
			uint32_t at = c->code_places[code];
			if (!(p->held[i] & at))
				continue;
			int have = cards_in(p, i, at);
			int take = have < w - taken ? have : w - taken;
			taken += take;
			points += take * code_points[code];
		}
	}
	return points;
}

/*
 * What the player on lead takes for sure by leading, one after the other,
 * the cards that win when led against every other player: each such trick
 * holds that card and one card of each other player (the others' cards
 * only go, so a card that wins when led now wins later too).  In card
 * points, or tricks.  The partner's cards count too: a partner who must
 * follow with a higher card takes the lead, and the leader may never get
 * it back to lead the rest (found by the threshold tests: a fleischlos
 * solo in which the partner's forced ace took a king's trick).
 *
 * Trumps first, round after round: after the sure trumps are led, a
 * player who held no more trumps than were led holds none, and any other
 * at most his strongest, so the leader's trumps that lost to them may win
 * now; then the fehl cards that win against what is left.  Each other
 * player gives those tricks at least his cheapest cards that follow suit
 * (cheapest_answers): with trumps he cannot throw a nine on a trump lead.
 * Figures: docs/double-dummy.md, "The sure tricks, round after round".
 */
static int cheapest_answers(const dk_dd *dd, const pos *p, int i, const int led[], int k);

static int sure_gain(const dk_dd *dd, const pos *p)
{
	int t = p->turn;
	bool them[4];
	for (int i = 0; i < 4; i++)
		them[i] = i != t;
	party_cards pc;
	party_cards_of(&pc, dd, p, them);
	int k = 0, gain = 0;
	int led[DK_SUIT_TRUMP + 1] = { 0 };
	const uint32_t trump_places = dd->suit_places[DK_SUIT_TRUMP];
	/* the trumps that win, led round after round: the others' trumps
	 * after each round are at most their strongest (those who held no
	 * more than were led hold none) */
	pos q;
	const pos *at = p;
	for (;;) {
		int round = 0;
		uint32_t winners = 0;
		for (uint32_t held = at->held[t] & trump_places; held; held &= held - 1) {
			int pl = __builtin_ctz(held);
			dk_card c = dd->by_place[pl];
			if (wins_when_led(dd, &pc, c)) {
				round += at->hand[t][c];
				gain += at->hand[t][c] * dd->points[c];
				winners |= 1u << pl;
			}
		}
		if (round == 0)
			break;
		if (at == p) {
			q = *p;
			at = &q;
		}
		for (uint32_t w = winners; w; w &= w - 1)
			q.hand[t][dd->by_place[__builtin_ctz(w)]] = 0;
		q.held[t] &= ~winners;
		q.both[t] &= ~winners;
		k += round;
		led[DK_SUIT_TRUMP] += round;
		for (int i = 0; i < 4; i++) {
			if (i == t)
				continue;
			int gone = 0;
			for (uint32_t held = q.held[i] & trump_places; held && gone < round;
			     held &= held - 1) {
				int pl = __builtin_ctz(held);
				dk_card c = dd->by_place[pl];
				while (q.hand[i][c] && gone < round) {
					q.hand[i][c]--;
					gone++;
				}
				q.both[i] &= ~(1u << pl);
				if (!q.hand[i][c])
					q.held[i] &= ~(1u << pl);
			}
		}
		party_cards_of(&pc, dd, &q, them);
	}
	for (uint32_t held = at->held[t] & ~trump_places; held; held &= held - 1) {
		dk_card c = dd->by_place[__builtin_ctz(held)];
		if (wins_when_led(dd, &pc, c)) {
			k += at->hand[t][c];
			gain += at->hand[t][c] * dd->points[c];
			led[dd->suit[c]] += at->hand[t][c];
		}
	}
	if (k == 0 || dd->tricks)
		return k;
	for (int i = 0; i < 4; i++)
		if (i != t)
			gain += cheapest_answers(dd, p, i, led, k);
	return gain;
}

/*
 * The fewest points player i can give to the k tricks of sure winners
 * led[] (by suit), led trumps first, then the fehl suits one after the
 * other: while i holds as many cards of a suit as are led of it, it must
 * follow each lead with one, so that many cards of the suit go, the
 * cheapest of it at least; from the first suit in which i runs out, it
 * may throw any card.  Of the k cards, those forced and the cheapest of
 * the rest.
 */
static int cheapest_answers(const dk_dd *dd, const pos *p, int i, const int led[], int k)
{
	static const int suits[DK_SUIT_TRUMP + 1] = { DK_SUIT_TRUMP, 0, 1, 2, 3 };
	int used[6] = { 0 };
	int gain = 0;
	for (int j = 0; j <= DK_SUIT_TRUMP; j++) {
		int s = suits[j];
		if (!led[s])
			continue;
		uint32_t mask = dd->suit_places[s];
		int have = cards_in(p, i, mask);
		int forced = have < led[s] ? have : led[s];
		for (int code = 0; code < 6 && forced > 0; code++) {
			int n = cards_in(p, i, mask & dd->code_places[code]);
			int take = n < forced ? n : forced;
			forced -= take;
			k -= take;
			used[code] += take;
			gain += take * code_points[code];
		}
		if (have < led[s])
			break;
	}
	for (int code = 0; code < 6 && k > 0; code++) {
		int n = cards_in(p, i, dd->code_places[code]) - used[code];
		int take = n < k ? n : k;
		k -= take;
		gain += take * code_points[code];
	}
	return gain;
}

/* --- the search ------------------------------------------------------ */

static int last_trick(const dk_dd *dd, pos *p)
{
	int gain = 0;
	for (int n = 0; n < 4; n++) {
		uint32_t h = p->held[p->turn];
		if (!h)
			return gain;
		gain += play(dd, p, dd->by_place[__builtin_ctz(h)]);
	}
	return gain;
}

/* the points code of the place held at slot s of a key's points */
static int code_at(const uint64_t points[2], int s)
{
	return (int)(points[0] >> s & 1) | (int)(points[0] >> (32 + s) & 1) << 1 |
	       (int)(points[1] >> s & 1) << 2;
}

/* how much the value of tk's position can be above (*up) and below
 * (*down) that of e's, a position of the same pattern (see key_of) */
static void points_apart(const tkey *tk, const tt_val *e, int *up, int *down)
{
	*up = *down = 0;
	uint64_t d0 = tk->points[0] ^ e->points[0], d1 = tk->points[1] ^ e->points[1];
	uint32_t x = (uint32_t)d0 | (uint32_t)(d0 >> 32) | (uint32_t)d1;
	if (!x)
		return;
	/* the places of which both copies are left */
	uint32_t h[4], b[4], one;
	for (int i = 0; i < 4; i++) {
		h[i] = (uint32_t)(tk->holders[i / 2] >> 32 * (i % 2));
		b[i] = (uint32_t)(tk->holders[2 + i / 2] >> 32 * (i % 2));
	}
	static const bool everybody[4] = { true, true, true, true };
	uint32_t two = held_twice(h, b, everybody, &one);
	for (; x; x &= x - 1) {
		int s = __builtin_ctz(x);
		int d = (code_points[code_at(tk->points, s)] - code_points[code_at(e->points, s)]) *
			(1 + (int)(two >> s & 1));
		if (d > 0)
			*up += d;
		else
			*down -= d;
	}
}

/* the lead best as the table keeps it: its rank among the places held */
static unsigned char rank_of(const dk_dd *dd, const pos *p, dk_card best)
{
	uint32_t all = p->held[0] | p->held[1] | p->held[2] | p->held[3];
	return (unsigned char)bits_in(all & ((1u << dd->place[best]) - 1));
}

/* ... and back: the card of that rank, if the player on lead holds it */
static dk_card card_of_rank(const dk_dd *dd, const pos *p, unsigned rank)
{
	uint32_t all = p->held[0] | p->held[1] | p->held[2] | p->held[3];
	for (unsigned i = 0; i < rank && all; i++)
		all &= all - 1;
	if (!all || !(p->held[p->turn] & all & -all))
		return DK_CARD_NONE;
	return dd->by_place[__builtin_ctz(all)];
}

/* the table: buckets of four entries, two cache lines (the table is
 * allocated on a bucket's boundary), a bucket by pattern; a new entry takes
 * an empty one, else the one whose search took least (tt_slot) */
static tt_entry *tt_bucket(const dk_dd *dd, uint64_t key)
{
	return &dd->tt[(key >> (64 - dd->tt_bits)) & ~(uint64_t)(BUCKET - 1)];
}

static void tt_prefetch(const dk_dd *dd, uint64_t key)
{
	const tt_entry *b = tt_bucket(dd, key);
	__builtin_prefetch(b);
	__builtin_prefetch(b + BUCKET / 2);
}

/* an entry a word at a time (relaxed: another thread's writes may come
 * in any order; one torn between two writes has a key that matches
 * nothing) */
static inline void tt_read(const tt_entry *e, tt_val *v)
{
	uint64_t w0 = __atomic_load_n(&e->w[0], __ATOMIC_RELAXED);
	uint64_t w1 = __atomic_load_n(&e->w[1], __ATOMIC_RELAXED);
	uint64_t w2 = __atomic_load_n(&e->w[2], __ATOMIC_RELAXED);
	uint64_t w3 = __atomic_load_n(&e->w[3], __ATOMIC_RELAXED);
	v->key = w0 ^ w1 ^ w2 ^ w3;
	v->points[0] = w1;
	v->points[1] = w2;
	v->lower = (short)(uint16_t)w3;
	v->upper = (short)(uint16_t)(w3 >> 16);
	v->best = (unsigned char)(w3 >> 32);
	v->gen = (unsigned char)(w3 >> 40);
	v->work = (unsigned char)(w3 >> 56);
}

static inline void tt_write(tt_entry *e, const tt_val *v)
{
	uint64_t w3 = (uint64_t)(uint16_t)v->lower | (uint64_t)(uint16_t)v->upper << 16 |
		      (uint64_t)v->best << 32 | (uint64_t)v->gen << 40 |
		      (uint64_t)v->work << 56;
	__atomic_store_n(&e->w[1], v->points[0], __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[2], v->points[1], __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[3], w3, __ATOMIC_RELAXED);
	__atomic_store_n(&e->w[0], v->key ^ v->points[0] ^ v->points[1] ^ w3, __ATOMIC_RELAXED);
}

/* the slot of tk's position itself (its pattern and its points), else
 * NULL */
static tt_entry *tt_find(dk_dd *dd, const tkey *tk)
{
	tt_entry *b = tt_bucket(dd, tk->key);
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.key == tk->key && e.points[0] == tk->points[0] &&
		    e.points[1] == tk->points[1] && e.gen == dd->gen)
			return &b[i];
	}
	return NULL;
}

/*
 * What the table knows of tk's position: *lo and *hi narrowed by every
 * entry of its pattern, each moved by what the points differ (see
 * key_of), *best the lead of the nearest such entry that has one (left
 * alone if none).  0: no entry of the pattern; 1: entries of other points
 * only; 2: the position's own entry among them.
 */
static int tt_bounds(dk_dd *dd, const tkey *tk, int *lo, int *hi, unsigned char *best)
{
	const tt_entry *b = tt_bucket(dd, tk->key);
	int found = 0, nearest = INF;
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.key != tk->key || e.gen != dd->gen)
			continue;
		int up, down;
		points_apart(tk, &e, &up, &down);
		if (e.lower - down > *lo)
			*lo = e.lower - down;
		if (e.upper + up < *hi)
			*hi = e.upper + up;
		if (e.best != 0xff && up + down < nearest) {
			nearest = up + down;
			*best = e.best;
		}
		if (e.points[0] == tk->points[0] && e.points[1] == tk->points[1])
			found = 2;
		else if (!found)
			found = 1;
	}
	return found;
}

/*
 * The slot a search's bounds go to: the position's own, else an empty
 * one, else the one whose search took least (tt_val.work: the log of the
 * positions it visited, the most of its searches); bounds no search made
 * (work 0) go first.  Not the one with the fewest tricks left: of two
 * entries with as many tricks left, one may have cost a thousand times
 * the other (docs/double-dummy.md, "Which entry gives way").
 */
static tt_entry *tt_slot(dk_dd *dd, uint64_t key)
{
	tt_entry *b = tt_bucket(dd, key);
	int pick = 0, fewest = INF;
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.gen != dd->gen)
			return &b[i];
		if (e.work < fewest) {
			fewest = e.work;
			pick = i;
		}
	}
	return &b[pick];
}

/* a slot for a bound no search made (work 0): an empty one or one of those */
static tt_entry *tt_spare(dk_dd *dd, uint64_t key)
{
	tt_entry *b = tt_bucket(dd, key);
	for (int i = 0; i < BUCKET; i++) {
		tt_val e;
		tt_read(&b[i], &e);
		if (e.gen != dd->gen || e.work == 0)
			return &b[i];
	}
	return NULL;
}

/* tk's position's bounds (best its best lead as rank_of gives it, 0xff
 * for none; work as tt_val has it) into slot e */
static void tt_store(dk_dd *dd, tt_entry *e, const tkey *tk, int lo, int hi,
		     unsigned char best, unsigned char work)
{
	tt_val v = {
		.key = tk->key, .points = { tk->points[0], tk->points[1] },
		.lower = (short)lo, .upper = (short)hi, .best = best,
		.gen = dd->gen, .work = work,
	};
	tt_write(e, &v);
}

/* bounds of tk's position that no search made, kept where they take no
 * search's place (tt_spare), the first to go (tt_slot) */
static void keep_bounds(dk_dd *dd, const tkey *tk, int lo, int hi)
{
	tt_entry *e = tt_spare(dd, tk->key);
	if (e)
		tt_store(dd, e, tk, lo, hi, 0xff, 0);
}

/*
 * A table as large as an analysis's is asked for on the kernel's large
 * pages (2 MiB on x86-64, Linux's transparent huge pages, where it grants
 * them): nearly every look-up lands on a page of its own, and with 4 KiB
 * pages most of them missed the processor's cache of page addresses (its
 * TLB).  Whole analyses with the 256 MiB table: 0.85 of the processor
 * time on `ddv--silent-marriage-772-reaches-121` (528 million
 * positions), 0.92 on `unsere-2024--solo-koehler` (docs/double-dummy.md,
 * "Large pages").  Not for
 * smaller tables: a solver made for one question touches little of its
 * table, and each large page touched is zeroed whole.  Advice only:
 * where it is not granted nothing changes.
 */
#define LARGE_PAGES_FROM ((size_t)64 << 20)

static void large_pages(void *mem, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t page = (uintptr_t)2 << 20;
	uintptr_t from = ((uintptr_t)mem + page - 1) & ~(page - 1);
	uintptr_t to = ((uintptr_t)mem + bytes) & ~(page - 1);
	if (bytes >= LARGE_PAGES_FROM && to > from)
		(void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
	(void)mem;
	(void)bytes;
#endif
}

/* a table of 1 << bits entries, *tt on a bucket's boundary in the memory
 * returned (to be freed), NULL when out of memory; calloc, not
 * aligned_alloc and memset: a solver made for one question must not
 * touch all of its table */
void *dd_table_of(int bits, tt_entry **tt)
{
	size_t entries = ((size_t)1 << bits) + BUCKET;
	void *mem = calloc(entries, sizeof(tt_entry));
	if (mem) {
		*tt = (tt_entry *)(((uintptr_t)mem + 127) & ~(uintptr_t)127);
		large_pages(mem, entries * sizeof(tt_entry));
	}
	return mem;
}

/* the share of the table in use: entries of this generation, of 4,096
 * spread evenly over it */
static double tt_in_use(const dk_dd *dd)
{
	size_t n = (size_t)1 << dd->tt_bits, step = n >> 12, used = 0;
	for (size_t i = 0; i < n; i += step) {
		tt_val e;
		tt_read(&dd->tt[i], &e);
		used += e.gen == dd->gen;
	}
	return (double)used / (double)(n / step);
}

/*
 * The table twice as large where three quarters of it are in use and it
 * may grow (dk_dd_set_table_max): in an analysis before each position,
 * and with one thread every DK_DD_PROGRESS_EVERY positions of a search
 * (ab_keyed), where no other thread is searching it.  An entry goes to
 * the bucket its key's next bit picks: a new bucket takes entries of one
 * old bucket only, so every entry finds a slot.  Out of memory: the
 * table stays.  While the entries move both tables are held: 1.5 times
 * the larger at the peak.
 */
#define GROW_IN_USE 0.75

void dd_tt_grow(dk_dd *dd)
{
	if (dd->tt_bits >= dd->tt_bits_max || tt_in_use(dd) < GROW_IN_USE)
		return;
	tt_entry *old = dd->tt, *tt;
	void *mem = dd_table_of(dd->tt_bits + 1, &tt);
	if (!mem)
		return;
	size_t n = (size_t)1 << dd->tt_bits;
	void *old_mem = dd->tt_mem;
	dd->tt = tt;
	dd->tt_mem = mem;
	dd->tt_bits++;
	for (size_t i = 0; i < n; i++) {
		tt_val e;
		tt_read(&old[i], &e);
		if (e.gen != dd->gen)
			continue;
		tt_write(tt_slot(dd, e.key), &e);
	}
	free(old_mem);
}

/* --- the cooperative search ----------------------------------------- */

/*
 * In a threshold question every player plays for the party asked about:
 * the value is the most any legal continuation gains, a search with one
 * player (a maximum over all continuations).  Between tricks it goes a
 * trick at a time, as search.c does: every way to play the trick (one
 * card of each interchangeable set per player) is listed with what it
 * gains and the most the position after it can gain (from the table, or
 * upper_bound); the ways whose sum cannot beat alpha are not searched,
 * the others are searched best first.  A card at a time, the bound of a
 * trick's end is only seen when the trick is complete, and the search
 * goes deep into the first lead it tries however little it promises.
 */
typedef struct way {
	dk_card cards[4];
	short gain;                  /* what the trick gains */
	short promise;               /* gain + the most the position after it can gain */
} way;

static int ab(dk_dd *dd, const pos *p, int alpha, int beta);

static bool every_maxer(const dk_dd *dd)
{
	return dd->maxer[0] && dd->maxer[1] && dd->maxer[2] && dd->maxer[3];
}

/* the most the position q between tricks can gain: the table's upper
 * bound where it has q's own entry, else the lower of upper_bound and
 * what entries of q's pattern with other points say */
static int bound_after(dk_dd *dd, const pos *q)
{
	int left = q->hand_size - q->tricks_done;
	if (left <= 0)
		return 0;
	if (left == 1) {
		pos r = *q;
		return last_trick(dd, &r);
	}
	tkey tk;
	key_of(dd, q, &tk);
	int lo = 0, hi = INF;
	unsigned char best;
	if (tt_bounds(dd, &tk, &lo, &hi, &best) == 2)
		return hi;
	int all = dd->tricks ? left : q->left;
	int bound = upper_bound(dd, q, dd->mine);
	if (bound < hi)
		hi = bound;
	if (hi > all)
		hi = all;
	/* most positions after a way are never searched, and many come
	 * again (other tricks before them): half of the bounds of a
	 * threshold question were made again */
	keep_bounds(dd, &tk, lo, hi);
	return hi;
}

/* the ways to play the trick from p on (depth cards of it in w), each
 * with its promise: with bounded, gain plus bound_after; else gain plus
 * every card point left (cheaper, for a walk that only looks up) */
static void list_ways(dk_dd *dd, const pos *p, way *w, int depth, bool bounded)
{
	if (depth == 4) {
		dd->nodes++;   /* a position looked at: counts against the limit */
		if (dd->n_ways == dd->cap_ways) {
			dd->cap_ways = dd->cap_ways ? 2 * dd->cap_ways : 4096;
			dd->ways = realloc(dd->ways, dd->cap_ways * sizeof(way));
			if (!dd->ways)
				abort();   /* out of memory */
		}
		w->promise = (short)(w->gain + (bounded ? bound_after(dd, p) : p->left));
		dd->ways[dd->n_ways++] = *w;
		return;
	}
	dk_card m[DK_CARD_KINDS];
	int n = moves(dd, p, m);
	short gain = w->gain;
	for (int i = 0; i < n; i++) {
		pos q = *p;
		w->cards[depth] = m[i];
		w->gain = (short)(gain + play(dd, &q, m[i]));
		list_ways(dd, &q, w, depth + 1, bounded);
	}
	w->gain = gain;
}

static int by_promise(const void *a, const void *b)
{
	const way *x = a, *y = b;
	if (x->promise != y->promise)
		return y->promise - x->promise;
	if (x->gain != y->gain)
		return y->gain - x->gain;
	return memcmp(x->cards, y->cards, sizeof(x->cards));
}

/*
 * The value of p between tricks when every player is a maxer (fail-soft:
 * at most alpha, an upper bound; at least beta, a lower bound).  The ways
 * not searched count with their promise, which is at least what they can
 * gain, so a value at most alpha stays an upper bound.  *best gets the
 * lead of the best way (the table's hint); hint is tried first.
 */
static int coop_trick(dk_dd *dd, const pos *p, int alpha, int beta, dk_card hint,
		      dk_card *best)
{
	size_t base = dd->n_ways;
	way w;
	memset(&w, 0, sizeof(w));
	list_ways(dd, p, &w, 0, true);
	*best = DK_CARD_NONE;
	if (dd->n_ways == base)
		return 0;   /* a record where a seat played twice in a trick */
	*best = dd->ways[base].cards[0];
	int v = -INF;
	size_t n = base;
	for (size_t i = base; i < dd->n_ways; i++) {
		if (dd->ways[i].promise > alpha)
			dd->ways[n++] = dd->ways[i];
		else if (dd->ways[i].promise > v)
			v = dd->ways[i].promise;
	}
	dd->n_ways = n;
	if (n - base > 1)
		qsort(&dd->ways[base], n - base, sizeof(way), by_promise);
	for (size_t i = base + 1; i < n && hint != DK_CARD_NONE; i++)
		if (dd->ways[i].cards[0] == hint && dd->ways[base].cards[0] != hint) {
			way h = dd->ways[i];
			memmove(&dd->ways[base + 1], &dd->ways[base], (i - base) * sizeof(way));
			dd->ways[base] = h;
			break;
		}
	int a = alpha;
	for (size_t i = base; i < n; i++) {
		w = dd->ways[i];   /* a copy: the calls below may move the stack */
		if (w.promise <= a)
			break;     /* sorted: nor can the rest (v > a already) */
		pos q = *p;
		for (int k = 0; k < 4; k++)
			play(dd, &q, w.cards[k]);
		int r = w.gain + ab(dd, &q, a - w.gain, beta - w.gain);
		if (dd->stopped)
			break;
		if (r > v) {
			v = r;
			*best = w.cards[0];
		}
		if (v > a)
			a = v;
		if (v >= beta)
			break;
	}
	dd->n_ways = base;
	return v;
}

/* the progress callback, with the positions of the question under way */
void dd_tell_progress(dk_dd *dd)
{
	dk_dd_progress now = dd->at;
	now.nodes += dd->nodes;
	dd->telling(dd->progress_ctx, &now);
}

/* ab with the key of p (between tricks) already made, or NULL */
static int ab_keyed(dk_dd *dd, const pos *p, int alpha, int beta, const tkey *given);

/* --- a question shared by several threads ----------------------------- */

/*
 * The cards within SHARE_CARDS of a shared question's root (shared_ab in
 * dd_exact.c): there a thread marks the position after a card while it
 * searches it, and another thread leaves a card whose position is marked
 * to after its other cards, by when the table knows more of it.  8 was
 * the fastest of 4 to 48 (docs/double-dummy.md, "One question, all
 * threads").
 */
#define SHARE_CARDS 8

/* a hash of q's hands, trick and turn, never 0 */
static uint64_t busy_hash(const pos *q)
{
	uint64_t h = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 4; i++) {
		h = (h ^ q->held[i]) * 0xff51afd7ed558ccdull;
		h = (h ^ q->both[i]) * 0xc4ceb9fe1a85ec53ull;
	}
	for (int i = 0; i < q->tn; i++)
		h = (h ^ (uint64_t)(q->trick[i] + 64 * q->tseat[i])) * 0xff51afd7ed558ccdull;
	h ^= (uint64_t)q->turn << 60 ^ (uint64_t)q->tn << 56;
	h ^= h >> 29;
	return h ? h : 1;
}

/* is another thread searching the position of hash h?  (A slot holds one
 * position: one that finds it taken by another is not marked, and is
 * then searched by whoever comes, as without sharing.) */
static bool busy_seen(const dk_dd *dd, uint64_t h)
{
	return __atomic_load_n(&dd->busy[h & (DD_BUSY_SLOTS - 1)], __ATOMIC_RELAXED) == h;
}

static bool busy_mark(dk_dd *dd, uint64_t h)
{
	uint64_t empty = 0;
	return __atomic_compare_exchange_n(&dd->busy[h & (DD_BUSY_SLOTS - 1)], &empty, h, false,
					   __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static void busy_unmark(dk_dd *dd, uint64_t h)
{
	__atomic_store_n(&dd->busy[h & (DD_BUSY_SLOTS - 1)], 0, __ATOMIC_RELAXED);
}

static int ab(dk_dd *dd, const pos *p, int alpha, int beta)
{
	return ab_keyed(dd, p, alpha, beta, NULL);
}

static int ab_keyed(dk_dd *dd, const pos *p, int alpha, int beta, const tkey *given)
{
	dd->nodes++;
	if (__builtin_expect((dd->nodes & (DK_DD_PROGRESS_EVERY - 1)) == 0, 0)) {
		if (dd->telling)
			dd_tell_progress(dd);
		/* the table grown in the search itself, where one thread
		 * alone searches it (a helper has no tt_mem): no other
		 * search holds a place in it, and this one takes its
		 * entries' places afresh as each position's search ends */
		if (dd->tt_bits < dd->tt_bits_max && dd->tt_mem && dd->threads == 1)
			dd_tt_grow(dd);
	}
	if (dd->stopped || (dd->limit && dd->nodes > dd->limit) ||
	    __atomic_load_n(&dd->cancel, __ATOMIC_RELAXED) ||
	    __atomic_load_n(dd->halting, __ATOMIC_RELAXED)) {
		/* over the limit, or another thread answered the question
		 * (shared_ab in dd_exact.c):
		 * unwind; what the callers get is not used and nothing more
		 * is stored */
		dd->stopped = true;
		return alpha;
	}
	tkey tk;
	int lo = 0, hi = INF;
	dk_card hint = DK_CARD_NONE;
	uint64_t start = dd->nodes;
	if (p->tn == 0) {
		int left = p->hand_size - p->tricks_done;
		if (left <= 0)
			return 0;
		if (left == 1) {
			pos q = *p;
			return last_trick(dd, &q);
		}
		if (given)
			tk = *given;
		else
			key_of(dd, p, &tk);
		unsigned char rank = 0xff;
		int known = tt_bounds(dd, &tk, &lo, &hi, &rank);
		if (rank != 0xff)
			hint = card_of_rank(dd, p, rank);
		if (known < 2 && lo < beta && hi > alpha) {
			/* the bounds, each only where it may cut */
			int all = dd->tricks ? left : p->left;
			int bound = all <= alpha ? all : upper_bound(dd, p, dd->mine);
			if (bound < hi)
				hi = bound;
			if (hi <= alpha) {
				keep_bounds(dd, &tk, lo, hi);
				return hi;
			}
			/* the player on lead cashes his sure tricks, where he
			 * plays to take tricks (not in a Ramsch, not for the
			 * other side in a threshold question); before the other
			 * side's capture bound, which is then left out where
			 * they cut (fewer positions: docs/double-dummy.md, "The
			 * sure tricks, round after round") */
			int t = p->turn;
			if (dd->mine[t] == dd->maxer[t]) {
				int sure = sure_gain(dd, p);
				if (dd->mine[t] && sure > lo)
					lo = sure;
				else if (!dd->mine[t] && all - sure < hi)
					hi = all - sure;
			}
			if (lo < beta && hi > alpha) {
				bool others[4];
				for (int i = 0; i < 4; i++)
					others[i] = !dd->mine[i];
				bound = all - upper_bound(dd, p, others);
				if (bound > lo)
					lo = bound;
			}
			/* a position the bounds decide is looked at again
			 * after other tricks, its bounds worked out again:
			 * kept, an analysis takes 0.81 to 0.99 of the time */
			if (lo >= beta || hi <= alpha || lo == hi)
				keep_bounds(dd, &tk, lo, hi);
		}
		if (lo >= beta)
			return lo;
		if (hi <= alpha)
			return hi;
		if (lo == hi)
			return lo;
	}
	int v;
	dk_card best;
	if (p->tn == 0 && every_maxer(dd)) {
		v = coop_trick(dd, p, alpha, beta, hint, &best);
		goto searched;
	}
	dk_card m[DK_CARD_KINDS];
	/* in a trick, the two cards that last refuted a move here (killer
	 * moves): same trick, same player, same card winning the trick so
	 * far; tried first (less than half the positions; not at a lead,
	 * where they cost) */
	dk_card *killer = NULL;
	if (p->tn > 0 && p->tricks_done < DK_MAX_TRICKS) {
		killer = dd->killer[p->tricks_done][p->turn][p->tn - 1][p->trick[p->win]];
		hint = killer[0];
	}
	int n = ordered_moves(dd, p, m, hint, killer ? killer[1] : DK_CARD_NONE);
	if (n == 0)
		return 0;   /* a record where a seat played twice in a trick */
	bool up = dd->maxer[p->turn];
	/* the last card of a trick with more than three tricks left: a
	 * card whose position after the trick the table already knows
	 * well enough may end the search here (enhanced transposition
	 * cutoff: 20 % fewer positions); the buckets of all its cards are
	 * fetched before the first is read, and the keys made here serve
	 * the positions searched next (not for a single card: its own
	 * search looks it up first thing) */
	bool keyed = p->tn == 3 && n > 1 && p->hand_size - p->tricks_done > 3;
	tkey keys[DK_CARD_KINDS];
	if (keyed) {
		int gains[DK_CARD_KINDS];
		for (int i = 0; i < n; i++) {
			pos q = *p;
			gains[i] = play(dd, &q, m[i]);
			key_of(dd, &q, &keys[i]);
			tt_prefetch(dd, keys[i].key);
		}
		for (int i = 0; i < n; i++) {
			int clo = 0, chi = INF;
			unsigned char rank;
			if (!tt_bounds(dd, &keys[i], &clo, &chi, &rank))
				continue;
			if (up && gains[i] + clo >= beta)
				return gains[i] + clo;
			if (!up && gains[i] + chi <= alpha)
				return gains[i] + chi;
		}
	}
	int a = alpha, b = beta;
	v = up ? -INF : INF;
	best = m[0];
	/* the cards in m's order, then those left to later because another
	 * thread was searching them (a shared question) */
	bool sharing = dd->busy && p->tricks_done * 4 + p->tn - dd->root_cards < SHARE_CARDS;
	unsigned char later[DK_CARD_KINDS];
	int n_later = 0;
	for (int o = 0; o < n + n_later; o++) {
		int i = o < n ? o : later[o - n];
		pos q = *p;
		int g = play(dd, &q, m[i]);
		uint64_t h = 0;
		bool marked = false;
		if (sharing) {
			h = busy_hash(&q);
			if ((o > 0 || (dd->helping && n > 1)) && o < n && busy_seen(dd, h)) {
				later[n_later++] = (unsigned char)i;
				continue;
			}
			marked = busy_mark(dd, h);
		}
		int r = g + ab_keyed(dd, &q, a - g, b - g, keyed ? &keys[i] : NULL);
		if (marked)
			busy_unmark(dd, h);
		if (up ? r > v : r < v) {
			v = r;
			best = m[i];
		}
		if (up && v > a)
			a = v;
		if (!up && v < b)
			b = v;
		if (a >= b) {
			if (killer && killer[0] != m[i]) {
				killer[1] = killer[0];
				killer[0] = m[i];
			}
			break;
		}
	}
searched:
	if (dd->stopped)
		return v;
	if (p->tn == 0) {
		if (v <= alpha) {
			if (v < hi)
				hi = v;
		} else if (v >= beta) {
			if (v > lo)
				lo = v;
		} else {
			lo = hi = v;
		}
		/* what this search took (tt_val.work); the position's own
		 * entry, searched before with another window, keeps the most
		 * its searches took */
		uint64_t nodes = dd->nodes - start;
		unsigned char work = nodes ? (unsigned char)(64 - __builtin_clzll(nodes)) : 0;
		tt_entry *e = tt_find(dd, &tk);
		if (e) {
			tt_val own;
			tt_read(e, &own);
			if (own.work > work)
				work = own.work;
		} else {
			e = tt_slot(dd, tk.key);
		}
		tt_store(dd, e, &tk, lo, hi, best != DK_CARD_NONE ? rank_of(dd, p, best) : 0xff,
			 work);
	}
	return v;
}

/*
 * line_of between tricks when every player is a maxer: a way to play the
 * trick that keeps a gain of *v within reach, a whole trick at a time.
 * First a way whose position after it the table knows to reach what is
 * left (the search that proved *v stored those on its way), else the ways
 * searched best first.  false when there is none (then line_of goes on a
 * card at a time).
 */
static bool coop_line_trick(dk_dd *dd, pos *p, int *v, dk_line *line)
{
	if (p->hand_size - p->tricks_done < 2 || line->count + 4 > DK_LINE_MAX)
		return false;
	size_t base = dd->n_ways;
	way w;
	bool found = false;
	pos q;
	for (int pass = 0; pass < 2 && !found; pass++) {
		dd->n_ways = base;
		memset(&w, 0, sizeof(w));
		list_ways(dd, p, &w, 0, pass == 1);
		size_t n = dd->n_ways;
		if (pass == 1 && n - base > 1)
			qsort(&dd->ways[base], n - base, sizeof(way), by_promise);
		for (size_t i = base; i < n && !found && !dd->stopped; i++) {
			w = dd->ways[i];
			if (w.promise < *v) {
				if (pass == 1)
					break;   /* sorted: nor can the rest */
				continue;
			}
			q = *p;
			for (int k = 0; k < 4; k++)
				play(dd, &q, w.cards[k]);
			int need = *v - w.gain;
			if (pass == 0) {
				int left = q.hand_size - q.tricks_done;
				if (need <= 0) {
					found = true;
				} else if (left == 1) {
					pos r = q;
					found = last_trick(dd, &r) >= need;
				} else if (left >= 2) {
					tkey tk;
					key_of(dd, &q, &tk);
					int lo = 0, hi = INF;
					unsigned char rank;
					tt_bounds(dd, &tk, &lo, &hi, &rank);
					found = lo >= need;
				}
			} else {
				found = need <= 0 || ab(dd, &q, need - 1, need) >= need;
			}
		}
	}
	dd->n_ways = base;
	if (!found)
		return false;
	for (int k = 0; k < 4; k++) {
		line->cards[line->count] = w.cards[k];
		line->seats[line->count] = p->turn;
		line->count++;
		play(dd, p, w.cards[k]);
	}
	*v -= w.gain;
	return true;
}

/* a continuation from p that gains v (exactly, when exact; at least v
 * when every player is a maxer), appended to line, to the end */
void dd_line_of(dk_dd *dd, pos p, int v, dk_line *line)
{
	while (line->count < DK_LINE_MAX) {
		if (p.tn == 0 && p.tricks_done >= p.hand_size)
			return;
		if (p.tn == 0 && every_maxer(dd) && coop_line_trick(dd, &p, &v, line))
			continue;
		dk_card m[DK_CARD_KINDS];
		int n = ordered_moves(dd, &p, m, DK_CARD_NONE, DK_CARD_NONE);
		if (n == 0 || dd->stopped)
			return;
		bool up = dd->maxer[p.turn];
		int pick = 0, gain = 0;
		pos chosen = p;
		for (int i = 0; i < n; i++) {
			pos q = p;
			int g = play(dd, &q, m[i]);
			bool ok = up ? g + ab(dd, &q, v - g - 1, v - g) >= v
				     : g + ab(dd, &q, v - g, v - g + 1) <= v;
			if (ok || i == n - 1) {
				pick = i;
				gain = g;
				chosen = q;
				break;
			}
		}
		line->cards[line->count] = m[pick];
		line->seats[line->count] = p.turn;
		line->count++;
		v -= gain;
		p = chosen;
	}
}

/* --- for the other parts of the solver (dd_internal.h) ---------------- */

/* The search's own calls go to the static functions, which the compiler
 * inlines as it sees fit within this file; the other parts call these. */

int dd_ab(dk_dd *dd, const pos *p, int alpha, int beta)
{
	return ab(dd, p, alpha, beta);
}

int dd_play(const dk_dd *dd, pos *p, dk_card k)
{
	return play(dd, p, k);
}

int dd_ordered_moves(const dk_dd *dd, const pos *p, dk_card *m, dk_card hint, dk_card hint2)
{
	return ordered_moves(dd, p, m, hint, hint2);
}

int dd_tt_bounds(dk_dd *dd, const tkey *tk, int *lo, int *hi, unsigned char *best)
{
	return tt_bounds(dd, tk, lo, hi, best);
}

dk_card dd_card_of_rank(const dk_dd *dd, const pos *p, unsigned rank)
{
	return card_of_rank(dd, p, rank);
}

int dd_sure_gain(const dk_dd *dd, const pos *p)
{
	return sure_gain(dd, p);
}

int dd_upper_bound(const dk_dd *dd, const pos *p, const bool in[4])
{
	return upper_bound(dd, p, in);
}

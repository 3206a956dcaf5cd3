/*
 * order.c - card orders of the game types; see order.h.
 *
 * Trump strengths are small integers, built by listing the trumps from the
 * lowest up; swines, hyperswines and Genscher are applied when a strength
 * is asked for, so that declaring them during play only flips a flag.
 */
#include "order.h"

#include <pthread.h>
#include <string.h>

#define C(s, r) DK_CARD_MAKE(DK_##s, DK_##r)
#define H10 C(HEARTS, TEN)

/* give the n cards in list rising strengths after the current top */
static void add_trumps(dk_order *o, const dk_card *list, int n)
{
	int top = 0;
	for (int c = 0; c < DK_CARD_KINDS; c++)
		if (o->trump[c] > top)
			top = o->trump[c];
	for (int i = 0; i < n; i++)
		o->trump[list[i]] = (signed char)(top + 1 + i);
}

/* the fehl cards of suit s, lowest first, that are not trumps yet */
static void add_suit(dk_order *o, dk_suit s)
{
	static const dk_rank up[6] = { DK_NINE, DK_JACK, DK_QUEEN, DK_KING, DK_TEN, DK_ACE };
	dk_card list[6];
	int n = 0;
	for (int i = 0; i < 6; i++) {
		dk_card c = DK_CARD_MAKE(s, up[i]);
		if (!o->trump[c])
			list[n++] = c;
	}
	add_trumps(o, list, n);
}

/* the four cards of rank r, ♦ lowest, ♣ highest */
static void add_rank(dk_order *o, dk_rank r)
{
	dk_card list[4] = {
		DK_CARD_MAKE(DK_DIAMONDS, r), DK_CARD_MAKE(DK_HEARTS, r),
		DK_CARD_MAKE(DK_SPADES, r), DK_CARD_MAKE(DK_CLUBS, r),
	};
	add_trumps(o, list, 4);
}

/* the normal game's trumps with suit s (its 9 K 10 A) as the low trumps;
 * h10 says whether the ♥10 are the highest trumps (trumps.heart10): when they
 * are not, they are ordinary heart cards, trumps by rank in a hearts solo */
static void dirty(dk_order *o, dk_suit s, bool h10)
{
	static const dk_rank up[4] = { DK_NINE, DK_KING, DK_TEN, DK_ACE };
	dk_card list[4];
	int n = 0;
	for (int i = 0; i < 4; i++) {
		dk_card c = DK_CARD_MAKE(s, up[i]);
		if (c != H10 || !h10)  /* in the hearts solo the ♥10 stays on top */
			list[n++] = c;
	}
	add_trumps(o, list, n);
	add_rank(o, DK_JACK);
	add_rank(o, DK_QUEEN);
	if (h10) {
		dk_card top = H10;
		add_trumps(o, &top, 1);
		o->h10_trump = true;
	}
	o->trump_ace = DK_CARD_MAKE(s, DK_ACE);
}

/* the order of kind; h10: the ♥10 are the highest trumps */
static void build(dk_order *o, dk_solo_kind kind, dk_heart10_tie tie, bool h10)
{
	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->tie = tie;
	o->trump_ace = DK_CARD_NONE;
	o->hyperswine = DK_CARD_NONE;
	switch (kind) {
	case DK_SOLO_NONE:
	case DK_SOLO_TRUMPS:
	case DK_SOLO_DIAMONDS:
		dirty(o, DK_DIAMONDS, h10);
		break;
	case DK_SOLO_CLUBS:
		dirty(o, DK_CLUBS, h10);
		break;
	case DK_SOLO_SPADES:
		dirty(o, DK_SPADES, h10);
		break;
	case DK_SOLO_HEARTS:
		dirty(o, DK_HEARTS, h10);
		break;
	case DK_SOLO_QUEENS:
		add_rank(o, DK_QUEEN);
		break;
	case DK_SOLO_JACKS:
		add_rank(o, DK_JACK);
		break;
	case DK_SOLO_PURE_CLUBS:
		add_suit(o, DK_CLUBS);
		o->trump_ace = C(CLUBS, ACE);
		break;
	case DK_SOLO_PURE_SPADES:
		add_suit(o, DK_SPADES);
		o->trump_ace = C(SPADES, ACE);
		break;
	case DK_SOLO_PURE_HEARTS:
		add_suit(o, DK_HEARTS);
		o->trump_ace = C(HEARTS, ACE);
		break;
	case DK_SOLO_PURE_DIAMONDS:
		add_suit(o, DK_DIAMONDS);
		o->trump_ace = C(DIAMONDS, ACE);
		break;
	case DK_SOLO_KOEHLER:
		add_rank(o, DK_JACK);
		add_rank(o, DK_QUEEN);
		add_rank(o, DK_KING);
		break;
	case DK_SOLO_KINGS:
		add_rank(o, DK_KING);
		break;
	case DK_SOLO_QUEENS_JACKS:
		add_rank(o, DK_JACK);
		add_rank(o, DK_QUEEN);
		break;
	case DK_SOLO_KINGS_JACKS:
		add_rank(o, DK_JACK);
		add_rank(o, DK_KING);
		break;
	case DK_SOLO_KINGS_QUEENS:
		add_rank(o, DK_QUEEN);
		add_rank(o, DK_KING);
		break;
	case DK_SOLO_FLEISCHLOS:
	case DK_SOLO_KIND_COUNT:
		break;
	}
}

/* the hyperswine: the nine of the trump suit, or its king without nines */
static void set_hyperswine(dk_order *o, bool nines)
{
	if (o->trump_ace != DK_CARD_NONE)
		o->hyperswine = DK_CARD_MAKE(DK_CARD_SUIT(o->trump_ace), nines ? DK_NINE : DK_KING);
}

void dk_order_init(dk_order *o, dk_solo_kind kind, dk_heart10_tie tie)
{
	build(o, kind, tie, true);
	set_hyperswine(o, true);
}

void dk_order_init_rules(dk_order *o, dk_solo_kind kind, const dk_rules *r)
{
	build(o, kind, r->heart10_tie, r->heart10_trump);
	set_hyperswine(o, r->deck_nines);
	o->h10_first_with_swines = r->heart10_first_with_swines;
}

int dk_order_strength(const dk_order *o, dk_card c)
{
	int t = o->trump[c];
	if (!t)
		return (int)DK_CARD_RANK(c);  /* 9 < B < D < K < 10 < A */
	if (o->swines && c == o->trump_ace)
		t = 60;                        /* above the ♥10 */
	if (o->hyperswines && c == o->hyperswine)
		t = 61;                        /* above the swines */
	if (o->reversed)
		t = 64 - t;                    /* Genscher: lowest becomes highest */
	return 100 + t;
}

int dk_order_winner(const dk_order *o, const dk_card *cards, int n, bool last_trick)
{
	int best = 0;
	for (int i = 1; i < n; i++) {
		dk_card b = cards[best], c = cards[i];
		bool bt = dk_order_is_trump(o, b), ct = dk_order_is_trump(o, c);
		if (ct && !bt) {
			best = i;
		} else if (ct && bt) {
			int sb = dk_order_strength(o, b), sc = dk_order_strength(o, c);
			bool first_by_swines = o->h10_first_with_swines &&
					       (o->swines || o->swines_declared);
			bool second_h10 = o->h10_trump && c == H10 && b == H10 &&
				!first_by_swines &&
				(o->tie == DK_TIE_SECOND_WINS ||
				 (o->tie == DK_TIE_SECOND_WINS_EXCEPT_LAST && !last_trick));
			if (sc > sb || second_h10)
				best = i;
		} else if (!ct && !bt && DK_CARD_SUIT(c) == DK_CARD_SUIT(b) &&
			   dk_order_strength(o, c) > dk_order_strength(o, b)) {
			best = i;
		}
	}
	return best;
}

static int sort_key(const dk_order *o, dk_card c)
{
	if (dk_order_is_trump(o, c))
		return 200 - dk_order_strength(o, c);
	return 200 + (int)DK_CARD_SUIT(c) * 10 + (10 - dk_order_strength(o, c));
}

void dk_order_sort(const dk_order *o, dk_card *cards, int n)
{
	for (int i = 1; i < n; i++) {
		dk_card c = cards[i];
		int j = i;
		while (j > 0 && sort_key(o, cards[j - 1]) > sort_key(o, c)) {
			cards[j] = cards[j - 1];
			j--;
		}
		cards[j] = c;
	}
}

/* ---- the normal game ------------------------------------------------------- */

static dk_order normal_orders[DK_TIE_COUNT];
static pthread_once_t normal_once = PTHREAD_ONCE_INIT;  /* audit --jobs: threads */

static void make_normal_orders(void)
{
	for (int t = 0; t < DK_TIE_COUNT; t++)
		dk_order_init(&normal_orders[t], DK_SOLO_NONE, (dk_heart10_tie)t);
}

static const dk_order *normal(dk_heart10_tie tie)
{
	pthread_once(&normal_once, make_normal_orders);
	return &normal_orders[tie];
}

bool dk_normal_is_trump(dk_card c)
{
	return dk_order_is_trump(normal(DK_TIE_FIRST_WINS), c);
}

int dk_normal_strength(dk_card c)
{
	return dk_order_strength(normal(DK_TIE_FIRST_WINS), c);
}

int dk_normal_trick_winner(const dk_card *cards, int n, dk_heart10_tie tie, bool last_trick)
{
	return dk_order_winner(normal(tie), cards, n, last_trick);
}

void dk_normal_sort(dk_card *cards, int n)
{
	dk_order_sort(normal(DK_TIE_FIRST_WINS), cards, n);
}

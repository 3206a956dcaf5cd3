/*
 * order.c - the normal game's card order; see order.h.
 */
#include "order.h"

#define H10 DK_CARD_MAKE(DK_HEARTS, DK_TEN)

/* trump strength 1..13 (♦9 lowest, ♥10 highest), 0 for fehl */
static int trump_rank(dk_card c)
{
	dk_suit s = DK_CARD_SUIT(c);
	dk_rank r = DK_CARD_RANK(c);
	if (c == H10)
		return 13;
	if (r == DK_QUEEN)
		return 12 - (int)s;  /* ♣ 12, ♠ 11, ♥ 10, ♦ 9 */
	if (r == DK_JACK)
		return 8 - (int)s;   /* ♣ 8 ... ♦ 5 */
	if (s == DK_DIAMONDS) {
		switch (r) {
		case DK_ACE: return 4;
		case DK_TEN: return 3;
		case DK_KING: return 2;
		case DK_NINE: return 1;
		default: break;
		}
	}
	return 0;
}

bool dk_normal_is_trump(dk_card c)
{
	return trump_rank(c) > 0;
}

int dk_normal_strength(dk_card c)
{
	int t = trump_rank(c);
	if (t)
		return 100 + t;
	return (int)DK_CARD_RANK(c);  /* 9 < K < 10 < A; J and Q are trumps */
}

int dk_normal_trick_winner(const dk_card *cards, int n, dk_heart10_tie tie, bool last_trick)
{
	int best = 0;
	for (int i = 1; i < n; i++) {
		dk_card b = cards[best], c = cards[i];
		bool bt = dk_normal_is_trump(b), ct = dk_normal_is_trump(c);
		if (ct && !bt) {
			best = i;
		} else if (ct && bt) {
			int sb = dk_normal_strength(b), sc = dk_normal_strength(c);
			bool second_h10 = c == H10 && b == H10 &&
				(tie == DK_TIE_SECOND_WINS ||
				 (tie == DK_TIE_SECOND_WINS_EXCEPT_LAST && !last_trick));
			if (sc > sb || second_h10)
				best = i;
		} else if (!ct && !bt && DK_CARD_SUIT(c) == DK_CARD_SUIT(b) &&
			   dk_normal_strength(c) > dk_normal_strength(b)) {
			best = i;
		}
	}
	return best;
}

/* sort key: trumps first (high to low), then suits ♣ ♠ ♥, each high to low */
static int sort_key(dk_card c)
{
	if (dk_normal_is_trump(c))
		return 100 - dk_normal_strength(c);
	return 100 + (int)DK_CARD_SUIT(c) * 10 + (10 - dk_normal_strength(c));
}

void dk_normal_sort(dk_card *cards, int n)
{
	for (int i = 1; i < n; i++) {
		dk_card c = cards[i];
		int j = i;
		while (j > 0 && sort_key(cards[j - 1]) > sort_key(c)) {
			cards[j] = cards[j - 1];
			j--;
		}
		cards[j] = c;
	}
}

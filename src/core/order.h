/*
 * order.h - the card order of a game type, and who wins a trick in it.
 *
 * An order says for each of the 24 cards whether it is a trump and how
 * strong it is, and to which suit it belongs for following suit.  It is
 * built from the game type (normal game or a solo kind, TSR 2.3) and the
 * rules (the ♥10 tie rule, reading D20 of
 * dokoref-readings(7); whether the ♥10 are trumps at all,
 * trumps.heart10), and changes during play when swines, hyperswines or a
 * Genscher are declared (§9).
 */
#ifndef DK_ORDER_H
#define DK_ORDER_H

#include <stdbool.h>

#include "card.h"
#include "record.h"
#include "rules.h"

#define DK_SUIT_TRUMP 4  /* the "suit" of every trump, for following */

typedef struct dk_order {
	dk_solo_kind kind;           /* DK_SOLO_NONE for the normal game */
	signed char trump[DK_CARD_KINDS];  /* trump strength, 0 = not a trump */
	bool h10_trump;              /* the ♥10 is a trump: the tie rule applies */
	dk_heart10_tie tie;
	dk_card trump_ace;           /* the ace of the trump suit, or DK_CARD_NONE */
	dk_card hyperswine;          /* the nine of the trump suit (its king without
					nines), or DK_CARD_NONE */
	bool swines;                 /* both trump aces rank above everything */
	bool hyperswines;            /* both hyperswine cards rank above the swines */
	bool swines_declared;        /* swines were declared (they may not have been
					played yet) */
	bool h10_first_with_swines;  /* with swines declared or in play, the first of
					two ♥10 wins (ties.heart10_first_with_swines) */
	bool reversed;               /* Genscher: the trump order is turned round */
} dk_order;

/**
 * Fill o for a game of solo kind kind (DK_SOLO_NONE: the normal game, also
 * marriage, poverty and Ramsch) under tie rule tie.
 */
void dk_order_init(dk_order *o, dk_solo_kind kind, dk_heart10_tie tie);

/**
 * Fill o for a game of solo kind kind under the rules r: the ♥10 tie rule
 * and its exception with swines (ties.*), whether the ♥10 are trumps
 * (trumps.heart10), and which card is the hyperswine (deck.nines).
 */
void dk_order_init_rules(dk_order *o, dk_solo_kind kind, const dk_rules *r);

/** True if c is a trump under o.  (Inline, as dk_order_suit: the replay
 * asks them for every card played and every card that could follow.) */
static inline bool dk_order_is_trump(const dk_order *o, dk_card c)
{
	return o->trump[c] > 0;
}

/** The suit c belongs to for following: DK_SUIT_TRUMP or its own suit. */
static inline int dk_order_suit(const dk_order *o, dk_card c)
{
	return o->trump[c] ? DK_SUIT_TRUMP : (int)DK_CARD_SUIT(c);
}

/** How strong c is: every trump above every fehl card; fehl by rank. */
int dk_order_strength(const dk_order *o, dk_card c);

/** Index (0..n-1) of the card that wins a trick of n cards (1..4) played in
 * that order; last_trick tells whether it is the game's final trick. */
int dk_order_winner(const dk_order *o, const dk_card *cards, int n, bool last_trick);

/** Sort cards in place as a player holds them: trumps high to low, then ♣ ♠
 * ♥ ♦ fehl, high to low. */
void dk_order_sort(const dk_order *o, dk_card *cards, int n);

/* The normal game under a tie rule: shorthands used by tests and tools. */
bool dk_normal_is_trump(dk_card c);
int dk_normal_strength(dk_card c);
int dk_normal_trick_winner(const dk_card *cards, int n, dk_heart10_tie tie, bool last_trick);
void dk_normal_sort(dk_card *cards, int n);

#endif

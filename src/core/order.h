/*
 * order.h - the card order of the normal game, and who wins a trick in it.
 *
 * The normal game's order is the same in every rule set (RULES.md §2); what
 * differs is the tie rule for the two ♥10 (§3), which comes from the rules.
 * Solo orders belong to the replay engine.
 */
#ifndef DK_ORDER_H
#define DK_ORDER_H

#include <stdbool.h>

#include "card.h"
#include "rules.h"

/** True if c is a trump in the normal game. */
bool dk_normal_is_trump(dk_card c);

/**
 * Strength of c in the normal game: trumps rank above every fehl card
 * (♥10 highest), fehl cards by rank within their suit.  Cards of different
 * fehl suits are not comparable; use dk_normal_trick_winner.
 */
int dk_normal_strength(dk_card c);

/**
 * Index (0..n-1) of the card that wins a trick of n cards (1..4) played in
 * that order, under tie rule tie; last_trick tells whether it is the game's
 * final trick.
 */
int dk_normal_trick_winner(const dk_card *cards, int n, dk_heart10_tie tie, bool last_trick);

/** Sort cards in place: trumps from high to low, then ♣ ♠ ♥ fehl high to low. */
void dk_normal_sort(dk_card *cards, int n);

#endif

/*
 * card.h - the 24 distinct Doppelkopf cards, their notation and card points.
 *
 * A card is a small integer: suit * 6 + rank.  Each exists twice in the deck;
 * the two copies are not told apart.  This file parses every notation a
 * person may type (the German forms of the rule documents and ASCII English
 * codes) and writes the one canonical form.  It knows nothing of trumps or
 * card order: that is game-type dependent and lives with the rules.
 */
#ifndef DK_CARD_H
#define DK_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum dk_suit {
	DK_CLUBS = 0,    /* Kreuz, ♣ */
	DK_SPADES = 1,   /* Pik, ♠ */
	DK_HEARTS = 2,   /* Herz, ♥ */
	DK_DIAMONDS = 3  /* Karo, ♦ */
} dk_suit;

typedef enum dk_rank {
	DK_NINE = 0,
	DK_JACK = 1,     /* Bube, B */
	DK_QUEEN = 2,    /* Dame, D */
	DK_KING = 3,     /* König, K */
	DK_TEN = 4,
	DK_ACE = 5       /* Ass, A */
} dk_rank;

typedef uint8_t dk_card;

#define DK_CARD_KINDS 24
#define DK_CARD_NONE 0xff
#define DK_CARD_MAKE(suit, rank) ((dk_card)((suit) * 6 + (rank)))
#define DK_CARD_SUIT(c) ((dk_suit)((c) / 6))
#define DK_CARD_RANK(c) ((dk_rank)((c) % 6))

/** Card points (Augen) of a card: A 11, 10 10, K 4, D 3, B 2, 9 0. */
int dk_card_points(dk_card c);

/**
 * Parse one card from s[0..len).  Accepted: ASCII English codes (`CQ`, `H10`,
 * `DT`, `SJ`), German letters (`KrD`, `He10`, `KaA`, `PiB`), full German suit
 * names (`Kreuz-Dame` is not accepted, `KreuzD` and `Herz10` are), and suit
 * symbols with German or English ranks (`♣D`, `♥10`, `♦A`, `♠Q`).  Case does
 * not matter for letters.  Returns true and sets *out on success.
 */
bool dk_card_parse(dk_card *out, const char *s, size_t len);

/** Canonical ASCII code of c ("CQ", "H10", "D9"); a static string. */
const char *dk_card_code(dk_card c);

/**
 * The suit's symbol ("♣"), the same in every language; static.  The rank
 * letters a person reads (♣Q in English, ♣D in German) are words and are
 * made in src/report (dk_view_card), not here.
 */
const char *dk_suit_symbol(dk_suit s);

#endif

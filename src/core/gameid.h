/*
 * gameid.h - a stable id of a game: what was dealt and what was played.
 *
 * The id hashes (64-bit FNV-1a over 32-bit words) the dealer, each seat's
 * hand as a set of cards, the game finding and the play (every card,
 * announcement and declaration with its seat, in order).  It ignores what
 * is not the game: names, dates, notes, comments, the score sheet, the card
 * notation and the order in which a hand's cards were written.  So the same
 * game copied into two files, or written twice, has the same id; two
 * different games have the same id only by a hash collision (about one in
 * 10^19 per pair).
 */
#ifndef DK_GAMEID_H
#define DK_GAMEID_H

#include <stdint.h>

#include "record.h"

#define DK_GAME_ID_HEX 17  /* 16 hex digits and the NUL */

uint64_t dk_game_id(const dk_game *g);

/** The id as 16 lower-case hex digits. */
void dk_game_id_format(char out[DK_GAME_ID_HEX], uint64_t id);

#endif

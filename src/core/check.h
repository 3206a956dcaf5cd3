/*
 * check.h - consistency of a record: what makes it impossible, not illegal.
 *
 * A deal with a card three times, a card the deck lacks, a hand of the wrong
 * size, a seat without a player: the record cannot describe a real game, so
 * these are input errors.  A card played that its player does not hold is
 * not checked here: that is a finding of the replay.
 */
#ifndef DK_CHECK_H
#define DK_CHECK_H

#include "diag.h"
#include "record.h"
#include "rules.h"

/**
 * Check g (and its session's players).  rules may be NULL: then the deck is
 * taken from the hand size (12 cards: with nines, 10: without).  Errors go to
 * d with file as the file name.  Returns the number of errors added.
 */
size_t dk_record_check(const dk_game *g, const dk_rules *rules, const char *file, dk_diag *d);

/** Check a session header on its own (its players). */
size_t dk_session_check(const dk_session *s, const char *file, dk_diag *d);

#endif

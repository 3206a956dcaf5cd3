/*
 * check_json.h - the result of a replay as JSON, for programs.
 *
 * One object per game, in a stable shape documented in dokoref(1):
 * index, file, rules, type, parties, card_points, winner, findings, score,
 * recorded, recorded_ok, assumptions.  Built with json-c, so strings are
 * escaped by a maintained library, and written through json_out.h, so
 * that bytes that are no UTF-8 (in a file name) come out as \ufffd.
 */
#ifndef DK_CHECK_JSON_H
#define DK_CHECK_JSON_H

#include "buf.h"
#include "dd.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "penalty.h"
#include "score.h"
#include "verdict.h"

struct json_object;

/**
 * A new JSON object for finding f of game g: code, kind, trick, card,
 * player, line, column, rule (the shape check and audit share).
 */
struct json_object *dk_json_finding(const dk_finding *f, const dk_game *g);

/**
 * Append one line of JSON for game g of file: its replay rp and, when the
 * game was played to the end, its score s and per_seat (both may be NULL).
 */
void dk_json_game(dk_buf *b, const char *file, const dk_game *g, const dk_replay *rp,
		  const dk_rules *r, const dk_score *s, const long *per_seat,
		  const dk_penalty *penalties);

/** The same for a game of a session whose Bock multiplier is bock (0 = not
 * known): the other program's score is compared with it applied. */
void dk_json_game_bock(dk_buf *b, const char *file, const dk_game *g, const dk_replay *rp,
		       const dk_rules *r, const dk_score *s, const long *per_seat,
		       const dk_penalty *penalties, long bock);

/** check's JSON object of verdict v, read from file: the same as
 *  dk_json_game_bock with the verdict's parts (the entry to write down as the
 *  score per seat). */
void dk_json_verdict(dk_buf *b, const char *file, const dk_verdict *v);

/** The same with the double-dummy analysis a (check --analyse) as member
 *  "analysis"; a may be NULL. */
void dk_json_verdict_analysed(dk_buf *b, const char *file, const dk_verdict *v,
			      const dk_dd_game *a);

#endif

/*
 * check_json.h - the result of a replay as JSON, for programs.
 *
 * One object per game, in a stable shape documented in dokoref(1) and
 * numbered by its member "version": file, index, rules, type, parties,
 * card_points, findings, ruling (the score that stands and why), winner,
 * value and score (the ruling's), as_played, recorded, recorded_ok,
 * assumptions.  Built with json-c, so strings are
 * escaped by a maintained library, and written through json_out.h, so
 * that bytes that are no UTF-8 (in a file name) come out as \ufffd.
 */
#ifndef DK_CHECK_JSON_H
#define DK_CHECK_JSON_H

#include "buf.h"
#include "dd.h"
#include "lang.h"
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
 * Add verdict v's ruling to the game object o: "ruling" (basis, winner,
 * value, score, game_void, sheet_ok, correction, reason in lang, rule,
 * finding, objection, missing, table_may_agree) and the top-level
 * "winner", "value" and "score", which are the ruling's.  The one
 * rendering of the ruling that check's and audit's JSON share.
 */
void dk_json_add_ruling(struct json_object *o, const dk_verdict *v, dk_lang lang);

/** check's JSON object of verdict v, read from file, its reason in English. */
void dk_json_verdict(dk_buf *b, const char *file, const dk_verdict *v);

/** The same with the double-dummy analysis a (check --analyse) as member
 *  "analysis"; a may be NULL. */
void dk_json_verdict_analysed(dk_buf *b, const char *file, const dk_verdict *v,
			      const dk_dd_game *a);

/** The same with the ruling's reason in lang. */
void dk_json_verdict_in(dk_buf *b, const char *file, const dk_verdict *v, const dk_dd_game *a,
			dk_lang lang);

#endif

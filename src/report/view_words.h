/*
 * view_words.h - the small words the step-by-step views share: a seat's
 * name, a party's name, an announcement, a card with the rank letters of
 * the language, whether a card is printed red, and what an event of the
 * play was ("Anna \"Re\"", "Ben: Schweinchen").  The terminal
 * replay (replay_view.c) and the HTML page (html.c) both say them so.
 */
#ifndef DK_VIEW_WORDS_H
#define DK_VIEW_WORDS_H

#include <stdbool.h>

#include "buf.h"
#include "card.h"
#include "finding.h"
#include "lang.h"
#include "record.h"
#include "session.h"
#include "sheet.h"

/** The name of seat in g, "?" when there is none. */
const char *dk_view_name(const dk_game *g, int seat);

/** "Re", "Kontra" or "unknown" in lang. */
const char *dk_view_party(dk_lang lang, dk_party p);

/** The words of an announcement in lang: "Re", "Kontra", "keine 90",
 * "reply: 90" ...; static, "?" for no call. */
const char *dk_view_call(dk_lang lang, dk_call c);

/**
 * The card as a person of lang reads it: the suit symbol and the rank
 * letter of that language ("♣Q", "♦J", "♥10" in English; "♣D", "♦B",
 * "♥10" in German); "?" for no card.  A static string.
 */
const char *dk_view_card(dk_lang lang, dk_card c);

/**
 * A finding's name as printed for people: in English its stable code
 * ("revoke", the name JSON and --code use), in German a German name
 * ("falsch bedient").  Static; "?" for an unknown code.
 */
const char *dk_view_finding_name(dk_lang lang, dk_finding_code code);

/** A finding's kind for people ("irregularity", "Regelverstoß"); static. */
const char *dk_view_finding_kind(dk_lang lang, dk_finding_kind kind);

/**
 * A session issue's name (score sheet, dealer, Bock: "score-wrong") as
 * printed: the stable code in English, a German name in German; static.
 */
const char *dk_view_issue_name(dk_lang lang, dk_session_issue_code code);

/** A score sheet issue's name ("even-odd"), as dk_view_issue_name. */
const char *dk_view_sheet_issue_name(dk_lang lang, dk_sheet_issue_code code);

/** True for a ♥ or ♦ card (printed red where there is colour). */
bool dk_view_red(dk_card c);

/** What event e (not a card) of g was, in lang. */
void dk_view_event(dk_buf *b, dk_lang lang, const dk_game *g, const dk_event *e);

#endif

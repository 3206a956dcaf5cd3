/*
 * sheet_text.h - a score sheet's audit in words (English, German) and as
 * JSON lines.  Everything is appended to a caller's buffer; nothing prints.
 */
#ifndef DK_SHEET_TEXT_H
#define DK_SHEET_TEXT_H

#include <stddef.h>

#include "buf.h"
#include "lang.h"
#include "sheet.h"

/** "dokoref CSV", "DapfiDuck CSV", "QtDoppelKopf JSON". */
const char *dk_sheet_format_name(dk_sheet_format f);

/** The head line: file, format, players, games, the rule set's name. */
void dk_sheet_text_head(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			const char *rules_name);

/** Game i's findings, a line each (and its rule's source), nothing if none. */
void dk_sheet_text_game(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			size_t i, const dk_sheet_verdict *v, const dk_rules *r);

/** The count of games and of games with findings, then what the sheet
 * cannot show (bits of dk_sheet_blind_item). */
void dk_sheet_text_summary(dk_buf *b, dk_lang lang, size_t games, size_t with_findings,
			   unsigned blind);

/** Game i as one JSON object on a line: file, game, line, findings (code,
 * warning, line, column, message, rule). */
void dk_sheet_json_game(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			size_t i, const dk_sheet_verdict *v);

#endif

/*
 * audit_json.h - `dokoref audit --format json`: one object per game and
 * line, with codes only (no sentences), and a summary object at the end.
 */
#ifndef DK_AUDIT_JSON_H
#define DK_AUDIT_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "session.h"
#include "sheet.h"

/** A game's verdict: id, position, type, findings, the session's verdict;
 * dup_file (NULL: none) and dup_index name the earlier game it repeats. */
void dk_audit_json_game(dk_buf *b, const char *file, const char *id, size_t session,
			const dk_game *g, const dk_rules *r, const dk_replay *rp,
			const dk_session_game *sg, const char *dup_file, size_t dup_index);

/** A player's standing, for the summary. */
typedef struct dk_audit_standing {
	const char *name;
	long points;
} dk_audit_standing;

/** A game that repeats an earlier one. */
typedef struct dk_audit_dup {
	const char *file;
	size_t index;
	const char *first_file;
	size_t first_index;
	char id[17];
} dk_audit_dup;

/** What the summary reports; the text renderer (cmd_audit.c) reads the same. */
typedef struct dk_audit_summary {
	size_t games, files, sessions;
	size_t with_findings, with_sheet;
	size_t code_count[DK_F_CODE_COUNT];
	size_t sx_count[DK_SX_CODE_COUNT];
	size_t scores_right, scores_wrong;
	long off_total, off_max;
	const char *off_max_file;
	size_t off_max_index;
	size_t sessions_with_totals, sessions_totals_wrong;
	const char *first_wrong_file;
	size_t first_wrong_index;
	size_t duplicates;
	const dk_audit_dup *dups;    /* the first dup_count of them */
	size_t dup_count;
	const dk_audit_standing *standings;  /* best first */
	size_t standing_count;
	long bock_pending;
} dk_audit_summary;

void dk_audit_json_summary(dk_buf *b, const dk_audit_summary *s);

/**
 * One line for a finding of a whole session (x, about the player name),
 * found when session number session of file ended under the rule set
 * named rules: {"file", "session", "session_finding": {...}}.
 */
void dk_audit_json_session_issue(dk_buf *b, const char *file, size_t session,
				 const dk_session_issue *x, const char *name, const char *rules);

/**
 * A score sheet's summary, the line that ends its game lines (as
 * dk_audit_json_summary ends those of records): file, format, rule set,
 * the count of games and of games with findings, the findings (warnings
 * apart) by code, and what a sheet without cards cannot show (not_checked:
 * the names of the bits of dk_sheet_blind).  code_count and warning_count
 * have DK_SH_CODE_COUNT entries.
 */
void dk_audit_json_sheet_summary(dk_buf *b, const char *file, const char *format,
				 const char *rules, size_t games, size_t with_findings,
				 const size_t *code_count, const size_t *warning_count,
				 unsigned blind);

#endif

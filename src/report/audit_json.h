/*
 * audit_json.h - `dokoref audit --format json`: one object per game and
 * line, with codes only (no sentences), and a summary object at the end.
 */
#ifndef DK_AUDIT_JSON_H
#define DK_AUDIT_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "lang.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "session.h"
#include "sheet.h"
#include "verdict.h"

/* the layout of audit's JSON lines; raised with every change that can
 * break a program reading them (dokoref(1), audit --format json).
 * Version 2 added "version" and each game's ruling. */
#define DK_AUDIT_JSON_VERSION 2

/**
 * Verdict v of a game as audit's JSON object, a line into b: version, id,
 * position, type, findings, the ruling (as check's JSON has it, its reason
 * in lang) with its winner, value and score, the session's verdict;
 * dup_file (NULL: none) and dup_index name the earlier game it repeats.
 */
void dk_audit_json_game(dk_buf *b, const char *file, const char *id, size_t session,
			const dk_verdict *v, dk_lang lang, const char *dup_file,
			size_t dup_index);

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

/** What a session's end is rendered from: the session as it ended and
 * what its last game's rule set said of the duty soli (the rule set itself
 * may be gone by then). */
typedef struct dk_audit_session_end {
	const char *file;            /* as given (the text shows it with shown.h) */
	size_t session;              /* its number in the run, from 1 */
	const dk_session_state *ss;
	const char *const *names;    /* names[seat] for the seats of seat_known */
	const bool *seat_known;      /* DK_MAX_SEATS + 1 of them */
	const char *rules;           /* the rule set's name */
	const char *const *cite;     /* per dk_duty_kind: the rule's source, "" none */
	const bool *overridden;      /* per dk_duty_kind: a record's override */
	int duty_soli;               /* duty_soli.per_player */
} dk_audit_session_end;

/**
 * The findings of a whole session at its end (the duty soli still owed,
 * dk_session_finish), a line each: {"file", "session", "rules",
 * "session_finding": {...}}.  Nothing when there are none.
 */
void dk_audit_json_session_end(dk_buf *b, const dk_audit_session_end *e);

/** What `audit --format jsonl` says of a part of its input (audit.h in
 * src/cli): a session, or a game outside any session. */
typedef struct dk_audit_part {
	const char *file;
	size_t part;                 /* its number in the file, from 1 */
	size_t session;              /* its session's number in the file; 0: none */
	const char *players;         /* the session's names, sorted, each ended by \x1f */
	bool carried;                /* began with Bocks of the session before */
	long bock_end;               /* Bock games pending at its end */
	bool selected, totals, totals_wrong;
	bool finding;                /* a finding other than a duplicate */
	const dk_audit_summary *sum, *base;  /* the sums now and when it began */
	long off_max;
	size_t off_max_index, first_wrong;
	const char *const *names;    /* names[seat] for the seats of seat_known */
	const bool *seat_known;
	const long *final, *rec_final;   /* per seat; rec_final NULL: not recorded */
	const dk_buf *ids;           /* "id:index" of its selected games, comma-separated */
	const dk_buf *out;           /* its games' and findings' objects, comma-separated */
} dk_audit_part;

/** The line of part p, ended by a newline. */
void dk_audit_json_part(dk_buf *b, const dk_audit_part *p);

/** The line that ends a file's parts: its exit status and count of parts. */
void dk_audit_json_file_end(dk_buf *b, const char *file, int status, size_t parts);

/**
 * Game object text (len bytes, as dk_audit_json_game wrote it with no
 * duplicate) into b with "duplicate_of" naming first_file's game
 * first_index; false (nothing written) if text does not end as such an
 * object does.
 */
bool dk_audit_json_with_duplicate(dk_buf *b, const char *text, size_t len,
				  const char *first_file, size_t first_index);

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

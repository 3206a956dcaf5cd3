/*
 * audit_run.h - one run of `dokoref audit`: its state (options, the file,
 * the session, the sums) and its steps game by game (audit_run.c), which
 * the program (src/cli: options, the loop over files, --jobs) and the
 * library (dokoref_audit_json) both drive.  The words are made in
 * src/report/.  Not installed.
 */
#ifndef DK_CLI_AUDIT_RUN_H
#define DK_CLI_AUDIT_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "audit_json.h"
#include "buf.h"
#include "fmt_xml.h"
#include "lang.h"
#include "reader.h"
#include "session.h"
#include "verdict.h"

#define MAX_SELECT 16        /* values of one repeatable option */
#define MAX_DUPS_LISTED 20
#define MAX_PLAYERS 4096     /* names in the overall standings */
#define PROGRESS_MIN_BYTES (1u << 20)
#define PIECE_SIZE (1u << 20)  /* --jobs: a piece of about 1 MiB, ~350 games */

/* --jobs: a game of a piece read on a worker thread, whose being a
 * duplicate the taker decides (in the file's order) */
typedef struct deferred {
	uint64_t id;
	size_t index;
	size_t at, len;              /* its output in the piece's output */
	bool wrong;                  /* something wrong besides a duplicate */
	bool always;                 /* the output is printed even if not a duplicate */
} deferred;

typedef struct id_slot {
	uint64_t id;             /* 0 = empty (an id of 0 is stored as 1) */
	uint32_t file;
	uint32_t index;
} id_slot;

struct dk_cli;

typedef struct audit_state {
	struct dk_cli *cli;          /* the program's (src/cli), unused below it */
	FILE *out, *err;             /* the output, and the progress bar's */
	bool color;                  /* colour the full verdicts */
	int width;                   /* wrap the full verdicts' lines (0: do not) */
	dk_lang lang;
	bool json, verbose, summary_only, progress_off;
	bool jsonl;                  /* --format jsonl: a line per session (audit.h) */
	long want_game;
	/* selection */
	const char *players[MAX_SELECT];
	int nplayers;
	const char *date_from, *date_to;
	const char *table;
	const char *ruleset;
	unsigned types;              /* bits of dk_game_type; 0 = any */
	const char *codes[MAX_SELECT];
	int ncodes;
	long first, last;
	bool counting;               /* the first pass of --last: count only */
	size_t selected_total;       /* from the counting pass */
	size_t selected_seen;
	/* the file */
	char *const *files;
	int file_no;
	const char *path;
	dk_xml_reader *reader;
	uint64_t file_size;
	bool progress;
	size_t file_games;
	/* the session */
	bool in_session;
	size_t session_no;
	dk_session_state ss;
	bool session_selected, session_totals, session_totals_wrong;
	char cur_sig[DK_MAX_SEATS * 64];     /* the session's players, sorted */
	char prev_sig[DK_MAX_SEATS * 64];    /* ... of the session before */
	long prev_pending;           /* Bock games it left, -1 = none yet */
	char names[DK_MAX_SEATS + 1][64];
	bool seat_known[DK_MAX_SEATS + 1];
	long final[DK_MAX_SEATS + 1];
	long rec_final[DK_MAX_SEATS + 1];
	bool rec_final_known;
	/* the summary */
	dk_audit_summary sum;
	/* score sheets without cards (audit_sheet.c); they read opts too */
	size_t sheets, sheet_findings;
	dk_audit_dup dups[MAX_DUPS_LISTED];
	id_slot *ids;
	size_t id_cap, id_count;
	dk_audit_standing standings[MAX_PLAYERS];
	char *standing_names[MAX_PLAYERS];
	size_t nstandings;
	dk_verdict *v;               /* the current game's, reused */
	dk_buf wrong_sessions;       /* text: correct and recorded finals of wrong sessions */
	size_t wrong_sessions_listed;
	bool any_session_finding;
	/* the duty soli's rule as the session's games had it, for its end
	 * (the rule set itself may be gone by then) */
	char duty_rules[64];
	char duty_cite[DK_DUTY_KINDS][512];
	bool duty_overridden[DK_DUTY_KINDS];
	int duty_soli;               /* duty_soli.per_player of its last game */
	dk_buf buf;
	/* --format jsonl: the part (a session, or a game outside one) being
	 * read: the summary when it began, what the summary's sums cannot say */
	dk_audit_summary part_base;
	long part_off_max;
	size_t part_off_max_index, part_first_wrong;
	bool part_finding;           /* a finding other than a duplicate */
	bool part_carried;           /* began with Bocks of the session before */
	dk_buf part_ids;             /* "id:index" of its selected games */
	dk_buf part_out;             /* its games' and findings' JSON objects */
	size_t file_parts, file_sessions;
	/* --jobs */
	int jobs;
	const dk_read_opts *opts;
	uint64_t progress_at;        /* bytes of the file read when no reader is at hand */
	bool piece_mode;             /* the reader at hand reads a piece in memory */
	dk_buf *sink;                /* a worker's: the piece's output */
	bool defer;                  /* a worker's: duplicates are the taker's */
	deferred *defs;
	size_t ndefs, defs_cap;
	bool bock_set;               /* a selected session ended: sum.bock_pending is set */
	bool first_session_seen;     /* the piece's first session began */
	char first_sig[DK_MAX_SEATS * 64];
} audit_state;

/** A session of the file begins (s: its head as read). */
int dk_audit_step_session_start(audit_state *st, const dk_session *s);

/** A game that can be judged, under rules (NULL: it has none; counted only). */
int dk_audit_step_game(audit_state *st, const dk_game *g, const dk_rules *rules);

/** The session begun last ends. */
int dk_audit_step_session_end(audit_state *st);

/** After the last file: the standings sorted, best first, and the
 * summary's lists set. */
void dk_audit_summary_close(audit_state *st);

/** Remember id; returns the earlier slot with the same id, or NULL. */
const id_slot *dk_audit_remember(audit_state *st, uint64_t id, uint32_t file, uint32_t index);

/** Add points to the overall standing of the player name. */
void dk_audit_add_standing(audit_state *st, const char *name, long points);

/** The progress bar on standard error; done: clear it. */
void dk_audit_show_progress(audit_state *st, bool done);

/** A score sheet without cards audited whole (audit_sheet.c): its lines
 * appended to out (text, or JSON with json; every game with verbose, else
 * those with something to say; the sheet's summary line with
 * json_summary), its messages in d, the games with findings counted in
 * *findings.  rules_given overrides the rule set the sheet names.  Returns
 * 0 clean, 1 findings, 3 invalid input (nothing judged). */
int dk_audit_sheet_run(dk_buf *out, dk_diag *d, const char *rules_given, dk_lang lang,
		       bool json, bool json_summary, bool verbose, const char *name,
		       const char *data, size_t len, int fmt, size_t *findings);

/** The end of the session (or of the game outside one) being read: its
 * findings, standings and sums, and with --format jsonl its line. */
void dk_audit_session_finish(audit_state *st);

#endif

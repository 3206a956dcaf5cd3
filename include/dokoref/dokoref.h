/*
 * dokoref.h - libdokoref, the Doppelkopf referee as a C library.
 *
 * Open a record (dokoref XML plain or gzip, the .doko notation, a FreeDoko
 * bug report or --debug log; from a file or from memory), walk its
 * sessions and games, judge each game under its rule set (the record's,
 * or one the caller loads by name, from a file or from YAML text) into a
 * verdict, read the verdict's fields or render it as text (English or
 * German) or JSON - the same words and objects `dokoref check` prints.
 *
 * Conventions:
 * - Every handle is opaque, made by a _new/_open/_load call and freed by
 *   the matching _free call; free functions accept NULL.
 * - There is no global state: a handle may be used from any thread, one
 *   thread at a time; different handles may be used in parallel.
 * - Failures return NULL or a negative DOKOREF_E_* code and fill the
 *   caller's dokoref_error (which may be NULL).  The library never exits
 *   and never prints, except that it aborts when memory runs out.
 * - Strings the library returns as `const char *` belong to the handle
 *   they came from (see each call for how long they live); strings returned
 *   as `char *` belong to the caller, who frees them with dokoref_free().
 * - Players are counted by position 0..3: the four playing seats of the
 *   game in table order.
 *
 * The manual page dokoref-api(3) describes every call.
 */
#ifndef DOKOREF_DOKOREF_H
#define DOKOREF_DOKOREF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DOKOREF_VERSION_MAJOR 0
#define DOKOREF_VERSION_MINOR 1
#define DOKOREF_VERSION_PATCH 0
#define DOKOREF_VERSION_STRING "0.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH */
#define DOKOREF_VERSION_NUMBER \
	(DOKOREF_VERSION_MAJOR * 10000 + DOKOREF_VERSION_MINOR * 100 + DOKOREF_VERSION_PATCH)

/** The version of the library loaded at run time, as "0.1.0"; static. */
const char *dokoref_version(void);
/** The same as DOKOREF_VERSION_NUMBER of the library loaded at run time. */
int dokoref_version_number(void);

/* ---- errors ------------------------------------------------------------- */

enum {
	DOKOREF_OK = 0,
	DOKOREF_E_INVALID = -1,      /* invalid input: a record, a rule set */
	DOKOREF_E_SYSTEM = -2,       /* the system failed: a file cannot be read */
	DOKOREF_E_USAGE = -3         /* a call out of order or with a bad argument */
};

enum {
	DOKOREF_SEVERITY_ERROR = 0,
	DOKOREF_SEVERITY_WARNING = 1
};

/** An error or warning: where (file, line and column from 1; 0 unknown) and
 *  what, as `dokoref` prints it ("file:line:col: error: message"). */
typedef struct dokoref_error {
	int code;                    /* DOKOREF_OK or a DOKOREF_E_* code */
	int severity;                /* DOKOREF_SEVERITY_* */
	char file[512];              /* empty when not about a file */
	unsigned line;
	unsigned column;
	char message[1024];
} dokoref_error;

/** Free a string the library returned as char *. */
void dokoref_free(void *p);

/* ---- rule sets ---------------------------------------------------------- */

typedef struct dokoref_rules dokoref_rules;

/**
 * Load a rule set by name ("ddv", "turnier-2022": NAME.yaml from each
 * directory of $DOKOREF_RULES_PATH, then the installed rule sets) or by
 * path (a name with '/' or ending in .yaml), with its chain of bases.
 * Returns the rule set, or NULL with err filled.
 */
dokoref_rules *dokoref_rules_load(const char *name_or_path, dokoref_error *err);

/** Load the rule set file path (a path even without '/'). */
dokoref_rules *dokoref_rules_load_file(const char *path, dokoref_error *err);

/**
 * Load a rule set from len bytes of YAML text; name stands for the file
 * in messages and sources (NULL: "<yaml>").  Its base is looked up as
 * dokoref_rules_load looks up a name.
 */
dokoref_rules *dokoref_rules_from_yaml(const char *yaml, size_t len, const char *name,
				       dokoref_error *err);

/** The rule set's name; lives as long as rules. */
const char *dokoref_rules_name(const dokoref_rules *rules);

void dokoref_rules_free(dokoref_rules *rules);

/* ---- records -------------------------------------------------------------- */

typedef struct dokoref_record dokoref_record;

/** How a record is opened; all zero (or a NULL pointer) is the default. */
typedef struct dokoref_open_options {
	unsigned long long max_input_size; /* refuse gzip input inflating beyond, and a
					      file read whole larger; 0 = 1 GiB */
	const char *rules_name;      /* judge every game under this rule set (name or
					path) instead of the record's; NULL = the record's */
	const dokoref_rules *rules;  /* the same with a loaded rule set (wins over
					rules_name); must outlive the record */
	int accept_rule_differences; /* judge a FreeDoko file although its rules have
					options dokoref cannot express */
} dokoref_open_options;

/**
 * Open the record file path ("-" is standard input); its format is
 * recognised by content.  Returns the record, or NULL with err filled.
 * A game without a rule set is an error unless options name one.
 */
dokoref_record *dokoref_record_open_file(const char *path, const dokoref_open_options *options,
					 dokoref_error *err);

/** The same for len bytes at data (copied; gzip is inflated); name stands
 *  for the file in messages (NULL: "<memory>"), and a rule set path in the
 *  record is relative to name's directory (the working directory when name
 *  has no '/'). */
dokoref_record *dokoref_record_open_memory(const void *data, size_t len, const char *name,
					   const dokoref_open_options *options,
					   dokoref_error *err);

void dokoref_record_free(dokoref_record *rec);

/** What dokoref_record_next found. */
typedef enum dokoref_item {
	DOKOREF_ITEM_ERROR = -1,     /* the record cannot be read further (final) */
	DOKOREF_ITEM_END = 0,        /* the whole record was read */
	DOKOREF_ITEM_GAME = 1,       /* a game: dokoref_record_game_ok says if it can be judged */
	DOKOREF_ITEM_SESSION_START = 2, /* the games up to SESSION_END are one session */
	DOKOREF_ITEM_SESSION_END = 3
} dokoref_item;

/**
 * Move on to the next item of the record.  The previous game and every
 * verdict judged from it become invalid (a game of a session that was not
 * judged is followed quietly, so that the session's Bock stays right).
 * Messages about the item can be read with dokoref_record_message.
 */
dokoref_item dokoref_record_next(dokoref_record *rec);

/**
 * Move on to the next game that can be judged, past sessions and past
 * games with errors (their messages are dropped).  Returns 1 for a game,
 * 0 at the end, or DOKOREF_E_INVALID / DOKOREF_E_SYSTEM with err filled
 * when the record cannot be read further.
 */
int dokoref_record_next_game(dokoref_record *rec, dokoref_error *err);

/** True if the current game (or session header) has no errors. */
int dokoref_record_game_ok(const dokoref_record *rec);

/** The current game's number in the file, from 1; 0 if there is none. */
long dokoref_record_game_index(const dokoref_record *rec);

/** The name of the current game's rule set (NULL if none). */
const char *dokoref_record_game_rules(const dokoref_record *rec);

/** The record's name in messages ("<stdin>" for standard input). */
const char *dokoref_record_file(const dokoref_record *rec);

/** Messages (errors and warnings) of the last open or next call. */
size_t dokoref_record_message_count(const dokoref_record *rec);
/** Message i of them into out; DOKOREF_E_USAGE if there is no such one. */
int dokoref_record_message(const dokoref_record *rec, size_t i, dokoref_error *out);

/**
 * 0 if every item so far was valid, else DOKOREF_E_INVALID or
 * DOKOREF_E_SYSTEM (the worst).
 */
int dokoref_record_status(const dokoref_record *rec);

/**
 * Judge rec's games as the next games of the session `from` has read so
 * far (its last game followed if it was not judged): the dealer's turn,
 * the Bock games pending, the duty soli and the standings go on from
 * there, as if rec's games stood in from's file after them.  A session
 * header in rec then goes on with that state instead of starting afresh.
 * Call before judging rec's first game.  Returns 0, or DOKOREF_E_USAGE
 * when from has read no game of a session.
 */
int dokoref_record_continue(dokoref_record *rec, dokoref_record *from,
			    dokoref_error *err);

/* ---- verdicts --------------------------------------------------------------- */

typedef struct dokoref_verdict dokoref_verdict;

/** A new, empty verdict; reuse it for game after game. */
dokoref_verdict *dokoref_verdict_new(void);
void dokoref_verdict_free(dokoref_verdict *v);

/** The default of dokoref_verdict_set_search_limit. */
#define DOKOREF_SEARCH_LIMIT_DEFAULT 50000000L

/**
 * Positions the search behind a finding's cost (can each party still
 * reach its target?) may visit per question: positions > 0 that many,
 * 0 no limit, < 0 the default (DOKOREF_SEARCH_LIMIT_DEFAULT).  A question
 * over the limit leaves the cost "not settled".  It holds for the judging
 * that follows.
 */
void dokoref_verdict_set_search_limit(dokoref_verdict *v, long positions);

enum {
	DOKOREF_JUDGE_NO_PENALTIES = 1, /* do not assess what each finding would cost
					   if reclaimed (it may take a search) */
	DOKOREF_JUDGE_OBJECTED_PENALTIES = 2 /* assess it only in a game whose record
						shows an objection, as dokoref show
						does for its page */
};

/**
 * Judge the current game of rec into v: its play, every finding, its score
 * as played and as objected, the session's Bock and the entry to write
 * down, the recorded score against it.  Games of a session must be judged
 * in order (dokoref_record_next follows those not judged).  The verdict
 * refers to the game: when the record moves on or is freed, the verdict
 * becomes "not judged" again (its calls return NULL or 0).
 * Returns 0, or DOKOREF_E_USAGE with err filled when there is no game that
 * can be judged.
 */
int dokoref_judge(dokoref_verdict *v, dokoref_record *rec, unsigned flags,
		  dokoref_error *err);

/** The game's number in its file; 0 for a verdict not judged. */
long dokoref_verdict_game_index(const dokoref_verdict *v);
/** The rule set it was judged under. */
const char *dokoref_verdict_rules(const dokoref_verdict *v);
/** The game type as in the JSON: "normal", "solo", "marriage", "poverty" ... */
const char *dokoref_verdict_type(const dokoref_verdict *v);
/** The name of the player at position 0..3, or NULL. */
const char *dokoref_verdict_player(const dokoref_verdict *v, int position);
/** That player's party as the game ended: "re" or "kontra"; NULL if none. */
const char *dokoref_verdict_party(const dokoref_verdict *v, int position);
/** The card points a party took: party "re" or "kontra". */
int dokoref_verdict_card_points(const dokoref_verdict *v, const char *party);

/** Findings that are irregularities or record defects, and warnings. */
int dokoref_verdict_errors(const dokoref_verdict *v);
int dokoref_verdict_warnings(const dokoref_verdict *v);

/** One finding (borrowed strings live as long as the verdict). */
typedef struct dokoref_finding {
	const char *code;            /* stable code: "revoke", "card-not-in-hand" ... */
	const char *kind;            /* "irregularity", "record-defect" or "warning" */
	int trick;                   /* the trick, from 1; 0 = before the play */
	int card;                    /* the card's number in the play, from 1, at or
					before which it happened; 0 = none */
	const char *card_code;       /* the card concerned ("CQ", "H10"), or NULL */
	const char *player;          /* who, or NULL */
	unsigned line;               /* where in the record, 0 = unknown */
	unsigned column;
	const char *rule;            /* the rule set key that decides it, or NULL */
} dokoref_finding;

size_t dokoref_verdict_finding_count(const dokoref_verdict *v);
/** Finding i into out; DOKOREF_E_USAGE if there is no such one. */
int dokoref_verdict_finding(const dokoref_verdict *v, size_t i, dokoref_finding *out);

/** A finding's name for people, by its code ("revoke", or a session's
 *  "dealer" ...), as dokoref check prints it in lang: the code
 *  itself in English, a German name in German; NULL for an unknown code.
 *  Static. */
const char *dokoref_finding_name(const char *code, int lang);

/** True if the game was played to its end and scored. */
int dokoref_verdict_scored(const dokoref_verdict *v);
/** Who won as played: "re", "kontra" or "none"; NULL if not scored. */
const char *dokoref_verdict_winner(const dokoref_verdict *v);
/** The game's value as played, signed as Re's (negative when Kontra won,
 *  as in the JSON and FreeDoko's summary); 0 if not scored. */
long dokoref_verdict_value(const dokoref_verdict *v);
/** The score of the player at position as played (plus-minus or as the
 *  rule set counts), before Bock. */
long dokoref_verdict_score(const dokoref_verdict *v, int position);
/** True if the record shows an objection that makes a penalty count. */
int dokoref_verdict_objected(const dokoref_verdict *v);
/** The score with the objection applied (as played when there is none). */
long dokoref_verdict_objected_score(const dokoref_verdict *v, int position);
/** The session's Bock multiplier (0 = not known, outside a session). */
long dokoref_verdict_bock(const dokoref_verdict *v);
/** What must be written down: as objected, Bock included. */
long dokoref_verdict_entry(const dokoref_verdict *v, int position);
/** True, with *out, if the record wrote down a score for that player. */
int dokoref_verdict_recorded_score(const dokoref_verdict *v, int position, long *out);
/** The number of players whose recorded score is not the entry (0 when
 *  nothing was recorded); -1 if the game was not scored. */
int dokoref_verdict_recorded_wrong(const dokoref_verdict *v);

enum {
	DOKOREF_LANG_EN = 0,
	DOKOREF_LANG_DE = 1
};

enum {
	DOKOREF_RENDER_COLOR = 1     /* ANSI colours in text */
};

/** The verdict as `dokoref check` writes it in text, in lang; flags:
 *  DOKOREF_RENDER_*.  Free with dokoref_free; NULL for a verdict not judged. */
char *dokoref_verdict_text(const dokoref_verdict *v, int lang, unsigned flags);
/** The verdict as one line of `dokoref check --format json` (ending in a
 *  newline).  Free with dokoref_free; NULL for a verdict not judged. */
char *dokoref_verdict_json(const dokoref_verdict *v);
/** The same, with the sentences in it (the ruling's reason) in lang, as
 *  `dokoref check --format json --lang de` writes them. */
char *dokoref_verdict_json_in(const dokoref_verdict *v, int lang);

/* ---- auditing a whole record ------------------------------------------------ */

/**
 * Audit every game of rec from where it stands (a record just opened: all
 * of it) as `dokoref audit --format json FILE` does, FILE the name the
 * record was opened under, and return what that command prints on
 * standard output, byte for byte: a line per game with something wrong
 * (its verdict, the session's and the ruling, as check's JSON has it),
 * a line per finding of a whole session at its end, and the summary
 * line.  Sentences in it (the rulings' reasons) are in lang
 * (DOKOREF_LANG_*).  Bock carries over from one session to the next of
 * the same players, as in the program.  Afterwards rec is at its end.
 *
 * *status (if status is not NULL) is the program's exit status: 0 nothing
 * wrong, 1 findings, a wrong recorded score or a session finding, 3
 * invalid input, 4 a system error; 2 when nothing was audited.  Messages
 * about the input are not printed: when the record breaks off, err holds
 * the first of the last item's, and the text returned still ends with
 * the summary of what was read.  A score sheet without cards is audited
 * as the program audits it (a line per game with something wrong, the
 * sheet's summary line), under the rule set the record was opened with or
 * the one the sheet names.  Returns the text (free with dokoref_free),
 * NULL on a usage error.
 */
char *dokoref_audit_json(dokoref_record *rec, int lang, int *status, dokoref_error *err);

/* ---- counting and pages ------------------------------------------------------ */

/** What `dokoref check` counts for its last line, game by game; start
 *  from all zero. */
typedef struct dokoref_tally {
	unsigned long games;         /* games judged */
	unsigned long with_findings; /* of them with irregularities or record defects */
	unsigned long findings;      /* irregularities and record defects */
	unsigned long warnings;
	unsigned long scores_right;  /* games whose recorded score is the entry */
	unsigned long scores_wrong;  /* ... and whose recorded score is not */
	unsigned long foreign;       /* games with another program's score (FreeDoko) */
	unsigned long foreign_same;  /* ... the same as ours */
	unsigned long foreign_explained; /* ... differing only as its rules explain */
	unsigned long foreign_differ;    /* ... differing otherwise */
} dokoref_tally;

/** Count the game judged in v into t (nothing for a verdict not judged). */
void dokoref_tally_add(dokoref_tally *t, const dokoref_verdict *v);

/** The last line(s) of `dokoref check` in text for t, in lang (each ending
 *  in a newline).  Free with dokoref_free. */
char *dokoref_tally_text(const dokoref_tally *t, int lang);

/** An HTML page of verdicts: one self-contained file (`dokoref show
 *  --format html`'s page), a list of the games and each game's ruling,
 *  trick table, findings and score, with a step-by-step view. */
typedef struct dokoref_page dokoref_page;

/** A new, empty page in lang; title (the file's name) heads it. */
dokoref_page *dokoref_page_new(int lang, const char *title);

/** Add the game judged in v to the page (rendered now: v may move on).
 *  Returns 0, or DOKOREF_E_USAGE for a verdict not judged. */
int dokoref_page_add(dokoref_page *page, const dokoref_verdict *v);

/** The number of games on the page. */
size_t dokoref_page_games(const dokoref_page *page);

/** The whole page as HTML text (more games may still be added after).
 *  Free with dokoref_free; NULL for a page without games. */
char *dokoref_page_html(dokoref_page *page);

void dokoref_page_free(dokoref_page *page);

#ifdef __cplusplus
}
#endif

#endif

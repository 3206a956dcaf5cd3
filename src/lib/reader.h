/*
 * reader.h - every game of a record, whatever its format, with its rule set.
 *
 * One pull reader over the three record readers (dokoref XML plain or
 * gzip, the .doko notation, FreeDoko's bug reports and logs; score sheets
 * are recognised too, but only handed over whole): it recognises
 * the format by content, hands out sessions and games in order, and for
 * each game resolves the rule set it is judged under (the record's, cached
 * per file; one given by the caller; or the one made from a FreeDoko rule
 * block) and checks the game's structure and consistency.  Diagnostics go
 * to the caller's list; the reader prints nothing.  The CLI's loop
 * (src/cli/common.c) and the public library (dokoref.c) are its users.
 *
 * A reader owns no global state: readers in different threads are
 * independent, except for the rule set cache they may be given to share
 * (dk_read_opts.shared_rules, audit --jobs: readers of one file's pieces),
 * which guards itself.  It does not judge: that is dk_verdict_judge's job.
 */
#ifndef DK_READER_H
#define DK_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "fmt_xml.h"
#include "lang.h"
#include "record.h"
#include "rules.h"

struct dk_input;

/**
 * A rule set cache shared by the readers of one file's pieces on several
 * threads (audit --jobs): each rule set is loaded once for all of them, and
 * what loading it said is kept, to be said once where one reading of the
 * whole file says it (dk_rules_shared_take_said).  Thread-safe.
 */
typedef struct dk_rules_shared dk_rules_shared;

dk_rules_shared *dk_rules_shared_new(void);
void dk_rules_shared_free(dk_rules_shared *sh);

/** What loading entry i said, added to d the first time it is asked for;
 *  nothing later (the caller asks in the file's order). */
void dk_rules_shared_take_said(dk_rules_shared *sh, size_t i, dk_diag *d);

/**
 * A piece of a larger XML file read on its own (audit --jobs): in (taken
 * over by the reader) holds a root element on a line of its own, then the
 * piece's bytes from the start of one of the file's lines; origin says
 * where it begins (NULL: the file's first piece, with the file's own root
 * element), so that lines, games and sessions are numbered as in the file.
 */
typedef struct dk_read_piece {
	struct dk_input *in;
	const dk_xml_origin *origin;
} dk_read_piece;

/** How a file is read (the CLI's options that concern reading). */
typedef struct dk_read_opts {
	uint64_t max_size;         /* 0 = default */
	const char *rules;         /* --rules: overrides the record's rule set */
	const dk_rules *rules_given; /* a loaded rule set that overrides the record's
					(wins over rules); the caller keeps it */
	bool need_rules;           /* a game without any rule set is an error */
	/* FreeDoko files: the command judges games (check), and the user
	 * accepted FreeDoko options dokoref cannot express */
	bool judge;
	bool accept_rule_differences;
	dk_lang lang;              /* of the notation reader's error messages */
	struct dk_buf *fd_unexpressed;  /* if set: gets a line per FreeDoko option dokoref
					   cannot express that can change a verdict */
	const dk_read_piece *piece;     /* read this piece of path's XML (for dk_reader_open) */
	dk_rules_shared *shared_rules;  /* the record's rule sets (and --rules) are taken
					   from and loaded into this cache, not the reader's */
} dk_read_opts;

/** How far reading went: the worst so far. */
typedef enum dk_reader_status {
	DK_READER_OK = 0,
	DK_READER_INVALID = 3,     /* some input was invalid (as the exit code) */
	DK_READER_SYSTEM = 4       /* the system failed */
} dk_reader_status;

typedef struct dk_reader dk_reader;

/**
 * Open path ("-" is standard input; a pipe or FIFO is read once) with
 * opts (copied; its strings and rules_given must outlive the reader).
 * Returns 0 and a reader in *out, or DK_READER_INVALID or DK_READER_SYSTEM
 * with errors in d and *out NULL.  A FreeDoko file whose rule block
 * cannot be used gets its errors in d here.  Free with dk_reader_free.
 */
int dk_reader_open(dk_reader **out, const char *path, const dk_read_opts *opts, dk_diag *d);

/** The same for len bytes at data (copied), named name in messages. */
int dk_reader_open_memory(dk_reader **out, const void *data, size_t len, const char *name,
			  const dk_read_opts *opts, dk_diag *d);

/**
 * The next item: DK_READ_SESSION_START (dk_reader_session; a FreeDoko log
 * is one session), DK_READ_GAME (dk_reader_game, dk_reader_rules,
 * dk_reader_game_ok), DK_READ_SESSION_END, DK_READ_END, or DK_READ_ERROR
 * (the file cannot be read further; final).  Diagnostics go to d.
 */
dk_read_item dk_reader_next(dk_reader *r, dk_diag *d);

const dk_game *dk_reader_game(const dk_reader *r);
/** The rule set of the game last returned (NULL if the record names none
 *  and none is needed); valid until the next call. */
const dk_rules *dk_reader_rules(const dk_reader *r);
/** False if the game or session last returned had errors (they are in d). */
bool dk_reader_game_ok(const dk_reader *r);
const dk_session *dk_reader_session(const dk_reader *r);
/** The worst status so far. */
dk_reader_status dk_reader_status_of(const dk_reader *r);
/**
 * With opts.shared_rules: true if the rule set of the game last returned
 * came from the shared cache, with its entry in *entry and in *at the
 * number of diagnostics the last dk_reader_next call found in d, plus those
 * it added, before the place where loading that rule set speaks (for
 * dk_rules_shared_take_said's words).
 */
bool dk_reader_shared_use(const dk_reader *r, size_t *entry, size_t *at);
/** The XML reader underneath, or NULL for another format. */
dk_xml_reader *dk_reader_xml(dk_reader *r);
/** The name used in diagnostics. */
const char *dk_reader_file(const dk_reader *r);
/** The text read whole (the notation from standard input or memory), for
 *  showing source lines; NULL otherwise. */
const char *dk_reader_text(const dk_reader *r, size_t *len);
/** A score sheet (fmt_sheet.h), read whole: its format (dk_sheet_format),
 *  its text in *data and *len (valid until dk_reader_free); -1 if the file
 *  is no sheet.  A sheet has no cards: dk_reader_next refuses it with an
 *  error (DK_READ_ERROR), the caller audits it instead. */
int dk_reader_sheet(const dk_reader *r, const char **data, size_t *len);
void dk_reader_free(dk_reader *r);

/* ---- format recognition ---------------------------------------------- */

/** The first cap bytes (or fewer) of file path, inflated if it is gzip, into
 *  buf, their number into len; false if it cannot be opened. */
bool dk_reader_read_head(const char *path, uint64_t max_size, char *buf, size_t cap,
			 size_t *len);
/** True if path is in the notation by its content (never for "-"). */
bool dk_reader_is_doko(const char *path, uint64_t max_size);
/** The score sheet format of path by its content (fmt_sheet.h), or -1
 *  (never for "-": standard input is looked at when it is opened). */
int dk_reader_sheet_format(const char *path, uint64_t max_size);
/** True if path is a FreeDoko file by its content (never for "-" or a pipe). */
bool dk_reader_is_freedoko(const char *path, uint64_t max_size);

/* ---- FreeDoko rule blocks --------------------------------------------- */

struct dk_fd_rules;
struct dk_fd_rule_map;
struct dk_ruleset;

/** A rule set name made from path's file name (less ".yaml"): letters,
 * digits, '.', '_', '-', others replaced; then suffix.  Fits in size. */
void dk_reader_rule_set_name(char *out, size_t size, const char *path, const char *suffix);

/** FreeDoko's rule block of file as a dokoref rule set on base, looked up
 * in dirs; out is released by the caller (also after a failure). */
int dk_reader_freedoko_ruleset(struct dk_ruleset *out, struct dk_fd_rule_map *map,
			       const struct dk_fd_rules *rules, const char *file,
			       const char *base, const char *const *dirs, dk_diag *d);

#endif

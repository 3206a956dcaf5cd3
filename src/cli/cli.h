/*
 * cli.h - what the subcommands share: exit codes, option helpers, the loop
 * that reads every game of a file with its rule set, and printing of
 * diagnostics.
 *
 * Commands return exit codes; nothing below main() calls exit(), so tests
 * can run commands in-process.
 */
#ifndef DK_CLI_H
#define DK_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "diag.h"
#include "fmt_xml.h"
#include "io.h"
#include "lang.h"
#include "record.h"
#include "reader.h"
#include "ruleset.h"

/* exit codes, as documented in dokoref(1) */
enum {
	DK_EXIT_OK = 0,
	DK_EXIT_FINDINGS = 1,
	DK_EXIT_USAGE = 2,
	DK_EXIT_INVALID = 3,
	DK_EXIT_SYSTEM = 4,
	DK_EXIT_INTERRUPTED = 130    /* an analysis ended by Ctrl-C (128 + SIGINT) */
};

typedef struct dk_cli {
	FILE *out;                 /* main output (stdout) */
	FILE *err;                 /* diagnostics (stderr) */
	bool color;                /* colour main output */
	bool err_color;            /* colour diagnostics */
	/* messages of the file being read (dk_cli_said_end): the first
	 * DK_CLI_SOURCE_LINES with their source line, DK_CLI_MESSAGES shown
	 * in all, the rest only counted, however many games they come from */
	size_t said;
	size_t unsaid;
} dk_cli;

#define DK_CLI_MESSAGES 100
#define DK_CLI_SOURCE_LINES 20

/** The end of a file's messages: how many were not shown (one line on
 *  cli->err, if any), and the count starts again for the next file. */
void dk_cli_said_end(dk_cli *cli);

typedef struct dk_command {
	const char *name;
	int (*run)(dk_cli *cli, int argc, char **argv);
	const char *summary;
	const char *usage;         /* full --help text */
	const char *usage_more;    /* ... and the rest of it, or NULL (a string
				      literal holds at most 4095 characters) */
} dk_command;

/** Print cmd's --help text to cli->out. */
void dk_cli_print_usage(dk_cli *cli, const dk_command *cmd);

extern const dk_command dk_cmd_check;
extern const dk_command dk_cmd_validate;
extern const dk_command dk_cmd_show;
extern const dk_command dk_cmd_convert;
extern const dk_command dk_cmd_rules;
extern const dk_command dk_cmd_audit;
extern const dk_command dk_cmd_replay;

/** Run dokoref with argv as given on the command line; returns the exit code. */
int dk_cli_main(dk_cli *cli, int argc, char **argv);

/** fprintf to cli->err for a message that names a file: every control
 * character of the text (but a last newline) is shown as '?' (dk_shown,
 * src/report/shown.h), so a name in it does not steer the terminal. */
void dk_cli_err_printf(dk_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** A usage error: one line plus a hint, status 2; what the arguments put
 * into it is shown as dk_cli_err_printf shows it. */
int dk_cli_usage_error(dk_cli *cli, const dk_command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct dk_read_opts;
struct dk_cli_analyse;

/* ---- the options several commands share (options.c) ------------------- */

/* getopt_long's answers for them: the letter of the short option, or a
 * letter no command uses for its own options */
enum {
	DK_OPT_GAME = 'g',            /* -g, --game N */
	DK_OPT_HELP = 'h',            /* -h, --help */
	DK_OPT_RULES = 'r',           /* --rules NAME|PATH */
	DK_OPT_FORMAT = 'f',          /* --format WORD */
	DK_OPT_LANG = 'l',            /* --lang de|en */
	DK_OPT_COLOR = 'c',           /* --color auto|always|never */
	DK_OPT_MAX_INPUT_SIZE = 'm',  /* --max-input-size SIZE */
};

/* their entries in a command's struct option table: a command takes the
 * shared options it lists */
#define DK_CLI_OPT_GAME { "game", required_argument, NULL, DK_OPT_GAME }
#define DK_CLI_OPT_HELP { "help", no_argument, NULL, DK_OPT_HELP }
#define DK_CLI_OPT_RULES { "rules", required_argument, NULL, DK_OPT_RULES }
#define DK_CLI_OPT_FORMAT { "format", required_argument, NULL, DK_OPT_FORMAT }
#define DK_CLI_OPT_LANG { "lang", required_argument, NULL, DK_OPT_LANG }
#define DK_CLI_OPT_COLOR { "color", required_argument, NULL, DK_OPT_COLOR }
#define DK_CLI_OPT_MAX_INPUT_SIZE \
	{ "max-input-size", required_argument, NULL, DK_OPT_MAX_INPUT_SIZE }

/* their lines in a command's --help, the same in every command (--game
 * and --format say what they select, and are each command's own) */
#define DK_CLI_HELP_RULES \
	"  --rules NAME|PATH     use this rule set instead of the record's\n"
#define DK_CLI_HELP_LANG \
	"  --lang de|en          German or English; by default from LC_ALL,\n" \
	"                        LC_MESSAGES or LANG (de... is German, anything\n" \
	"                        else English)\n"
#define DK_CLI_HELP_COLOR \
	"  --color WHEN          auto (default: on a terminal unless NO_COLOR is\n" \
	"                        set), always, never\n"
#define DK_CLI_HELP_MAX_INPUT_SIZE \
	"  --max-input-size SIZE refuse gzip inflated or files read whole past SIZE\n" \
	"                        (default 1G; suffixes K, M, G)\n"
#define DK_CLI_HELP_HELP \
	"  -h, --help            show this help\n"

/** What the shared options gave (dk_cli_option), and what a command takes
 *  of them. */
typedef struct dk_cli_opts {
	dk_cli *cli;
	const dk_command *cmd;        /* for the messages and --help */
	struct dk_read_opts *read;    /* --rules and --max-input-size go here */
	const char *const *formats;   /* the words --format takes, NULL-terminated,
					 the default first */
	struct dk_cli_analyse *analyse; /* the analysis's options go here; NULL:
					   the command takes none */
	long game;                    /* --game N: from 1; 0 when not given */
	int format;                   /* --format: its index in formats (0: not given) */
	dk_lang lang;                 /* --lang; by default from the locale variables */
	const char *color;            /* --color: "auto" unless given */
} dk_cli_opts;

/** Fill o for cmd: nothing given yet, the language from the locale
 *  variables (dk_lang_from_env), --color auto.  read and formats may be
 *  NULL where the command takes no reading option or no --format. */
void dk_cli_opts_init(dk_cli_opts *o, dk_cli *cli, const dk_command *cmd,
		      struct dk_read_opts *read, const char *const *formats);

/* dk_cli_option: the option was taken, parsing goes on */
#define DK_CLI_OPT_TAKEN (-1)

/**
 * c, getopt_long's answer (optarg its value) that the command's own
 * switch does not take: a shared option (stored in o), one of the
 * analysis's (where o->analyse is set), '-h', or ':' (a value missing) and
 * '?' (an unknown option).  Returns DK_CLI_OPT_TAKEN where parsing goes on,
 * else the exit code to return at once: DK_EXIT_OK after --help (printed
 * to cli->out), DK_EXIT_USAGE after a usage error (one line and a hint on
 * cli->err, worded the same for every command: "dokoref CMD: --lang takes
 * de or en, not 'fr'").  argv is the command's, for the option's name.
 */
int dk_cli_option(dk_cli_opts *o, int c, char **argv);

/** Parse a size such as "512M", "2G", "1000000"; false if invalid. */
bool dk_cli_parse_size(const char *s, uint64_t *out);

/** Print every item of d to cli->err (with the source line and a caret when the
 * file can be read again) and clear d. */
void dk_cli_print_diag(dk_cli *cli, dk_diag *d);

struct dokoref_record;

/** Print the messages of the last call on rec as dk_cli_print_diag does
 *  (with source lines of standard input read whole) and clear them. */
void dk_cli_print_record_diag(dk_cli *cli, struct dokoref_record *rec);

/* --analyse-limit by default (check, replay, show, convert): about 3 s of
 * the solver for one position */
#define DK_ANALYSE_LIMIT 20000000L

/** Parse a limit in positions (--analyse-limit, --search-limit): a whole
 *  number, 0 for no limit; false if it is not one. */
bool dk_cli_parse_positions(const char *s, long *out);

/* --analyse-memory by default, and its range, in MiB: the analysis's table
 * starts at DK_DD_ANALYSE_TABLE_BYTES and grows to this (dk_dd_set_table_max;
 * DK_DD_ANALYSE_TABLE_MAX) */
#define DK_ANALYSE_MEMORY_MIB 2048L
#define DK_ANALYSE_MEMORY_MIN 16L
#define DK_ANALYSE_MEMORY_MAX 32768L

/* What a double-dummy analysis is asked with (check, show, replay, convert) */
typedef struct dk_cli_analyse {
	long limit;             /* --analyse-limit: positions a position (0: none) */
	int threads;            /* --analyse-threads */
	long memory_mib;        /* --analyse-memory: the most the table takes
				 * (0: not given, DK_ANALYSE_MEMORY_MIB) */
	const char *keep_dir;   /* --analyse-keep, or NULL */
	bool limit_given;       /* --analyse-limit was given */
	bool threads_given;     /* --analyse-threads was given */
} dk_cli_analyse;

#define DK_CLI_ANALYSE_INIT { DK_ANALYSE_LIMIT, 1, 0, NULL, false, false }

/* getopt_long's answers for the options of a dk_cli_analyse, the same in
 * every command that analyses (above any short option's letter);
 * --analyse itself is each command's own (check's takes a number of
 * tricks) */
enum {
	DK_OPT_ANALYSE_LIMIT = 0x200,
	DK_OPT_ANALYSE_THREADS,
	DK_OPT_ANALYSE_KEEP,
	DK_OPT_ANALYSE_MEMORY,
};

/* their entries in a command's struct option table */
#define DK_CLI_ANALYSE_LONGOPTS \
	{ "analyse-limit", required_argument, NULL, DK_OPT_ANALYSE_LIMIT }, \
	{ "analyse-threads", required_argument, NULL, DK_OPT_ANALYSE_THREADS }, \
	{ "analyse-keep", required_argument, NULL, DK_OPT_ANALYSE_KEEP }, \
	{ "analyse-memory", required_argument, NULL, DK_OPT_ANALYSE_MEMORY }

/**
 * c, getopt_long's answer, where it is one of DK_CLI_ANALYSE_LONGOPTS
 * with its argument arg, into *a: 0, or the usage error said
 * (DK_EXIT_USAGE); -1 where c is not one of them.
 *
 * --analyse-limit takes a number of positions (0: no limit);
 * --analyse-threads 1 to DK_DD_THREADS_MAX, 0 for one per processor core;
 * --analyse-memory a size in MiB, or with M, MiB, G or GiB after it, from
 * DK_ANALYSE_MEMORY_MIN to DK_ANALYSE_MEMORY_MAX MiB, rounded down to a
 * power of two, whose table fits in this machine's memory (1.5 times the
 * size where it grows to it: both tables are held while the entries move).
 */
int dk_cli_analyse_option(dk_cli *cli, const dk_command *cmd, int c, const char *arg,
			  dk_cli_analyse *a);

/** A solver for an analysis as a asks it: its table, limit and threads;
 *  NULL when out of memory. */
struct dk_dd *dk_cli_solver(const dk_cli_analyse *a);

/** a's options for cmd (keep.c): 0 where they may be used (--analyse-keep
 * and --analyse-memory with --analyse only, the keep directory one that can
 * be written in), else a usage error printed and its exit status. */
int dk_cli_analyse_usage(dk_cli *cli, const dk_command *cmd, const dk_cli_analyse *a,
			 bool analyse);

/* --analyse-memory in the help of the commands that analyse */
#define DK_CLI_HELP_ANALYSE_MEMORY \
	"  --analyse-memory SIZE the most the solver's table may take, in MiB or\n" \
	"                        with G (default 2G; 16 to 32768 MiB, rounded\n" \
	"                        down to a power of two): it starts at 256 MiB\n" \
	"                        and doubles where it fills, holding 1.5 times\n" \
	"                        SIZE while it does; a 12-trick game's first\n" \
	"                        trick may fill 4G and more\n"

/* --analyse-threads in the help of the commands that analyse */
#define DK_CLI_HELP_ANALYSE_THREADS \
	"  --analyse-threads N   threads the solver works each position with: 1\n" \
	"                        (the default) to 16, 0 for one per processor\n" \
	"                        core; the values are the same, the best line\n" \
	"                        found (and so its special points) may differ\n" \
	"                        from run to run, and --analyse-limit counts the\n" \
	"                        positions of each thread apart\n"

/* --analyse-keep in the help of the commands that analyse */
#define DK_CLI_HELP_ANALYSE_KEEP \
	"  --analyse-keep DIR    keep the solver's table of an analysis that stops\n" \
	"                        before the first card (at the limit, or Ctrl-C)\n" \
	"                        in DIR, 256 MiB to --analyse-memory a game; the\n" \
	"                        next run with --analyse-keep DIR goes on from it\n" \
	"                        (if its --analyse-memory is as large), and one\n" \
	"                        that reaches the first card removes it\n"

/* ---- a long analysis's progress --------------------------------------- */

struct dk_dd;
struct dk_dd_game;

/**
 * A line on standard error while a double-dummy analysis runs long:
 * which position it is solving (from the last card back), the positions
 * visited and the time, drawn from its first second on and redrawn in
 * place, cut to the terminal's width, and wiped when the analysis ends.
 * Only where err is a terminal and TERM is not "dumb"; elsewhere nothing.
 */
typedef struct dk_cli_meter {
	FILE *f;                     /* NULL: no line drawn */
	char what[128];              /* the game, as the line begins */
	double t0;                   /* when the analysis began (CLOCK_MONOTONIC, s) */
	bool shown;                  /* a line is on the terminal */
	struct dk_dd *dd;            /* the solver, stopped on Ctrl-C */
	bool catching;               /* SIGINT is ours until dk_cli_meter_end */
	struct sigaction old_int;    /* ... and this is given back */
} dk_cli_meter;

/** Begin: the line names the game by what (path's file name, game n if
 * n > 0); dd's progress comes to the meter until dk_cli_meter_end.  A
 * first Ctrl-C (SIGINT) in the meantime ends the analysis at the position
 * it is solving (dk_dd_stop: the analysis then starts after it, with
 * dk_dd_game.stopped set); a second one ends the program as usual.  Where
 * SIGINT is ignored (a job started with nohup or in the background of a
 * shell without job control) it stays ignored. */
void dk_cli_meter_begin(dk_cli_meter *m, struct dk_dd *dd, FILE *err, const char *path, int n);

/** End: the line wiped, dd's progress off, SIGINT as it was.  true: Ctrl-C
 * was pressed during the analysis (the caller reports this game and goes
 * no further). */
bool dk_cli_meter_end(dk_cli_meter *m, struct dk_dd *dd);

/**
 * --analyse-keep DIR (keep.c): an analysis that stops before the first
 * card (at --analyse-limit or by Ctrl-C) keeps the solver's table in DIR,
 * named by the game and what the analysis takes from its rules
 * (dk_dd_game_print), and the next analysis of the same game goes on from
 * it; one that is done removes it.
 */
typedef struct dk_cli_keep {
	bool on;                     /* a DIR was given */
	bool existed;                /* a table was there */
	bool loaded;                 /* ... and was taken up */
	const char *cmd;             /* the command, for its messages */
	char path[4096];
	char tag[64];
} dk_cli_keep;

/** Before g's analysis under r: dd cleared, and the kept table of the game
 * loaded into it if there is one (said on cli->err).  dir NULL: nothing. */
void dk_cli_keep_begin(dk_cli_keep *k, dk_cli *cli, const char *cmd, const char *dir,
		       struct dk_dd *dd, const dk_game *g, const dk_rules *r);

/** After it: the table kept where a stopped before the first card, the
 * kept one removed where it did not (each said on cli->err). */
void dk_cli_keep_end(dk_cli_keep *k, dk_cli *cli, struct dk_dd *dd,
		     const struct dk_dd_game *a);

/** Decide on colour for stream f: "auto" (a terminal and no NO_COLOR), "always", "never". */
bool dk_cli_want_color(FILE *f, const char *mode);

/** The width to wrap text for f: the terminal's (its size, else COLUMNS,
 *  else 80) when f is a terminal, else DK_TEXT_WIDTH, so that output to
 *  a file is the same everywhere. */
int dk_cli_text_width(FILE *f);

/* ---- reading every game of a file ------------------------------------- */

/* dk_read_opts: how a file is read (src/lib/reader.h) */

/**
 * The HTML page of every game of path (of game want only when want > 0),
 * as `show --format html` writes it (src/report/html.c), into page; games
 * gets the number of games on it.  With the double-dummy analysis of each
 * game as an asks it (--analyse), without where an is NULL.  Returns an
 * exit code (DK_EXIT_INTERRUPTED after Ctrl-C: the page then ends with
 * the game interrupted).
 */
int dk_show_html_page(dk_cli *cli, const char *path, const dk_read_opts *opts, long want,
		      dk_lang lang, const dk_cli_analyse *an, dk_buf *page, size_t *games);


/** What the loop hands a command for each item. */
typedef struct dk_each_fns {
	/* after the root element was read (r is NULL for a FreeDoko file) */
	int (*begin)(void *ud, dk_xml_reader *r);
	int (*session_start)(void *ud, const dk_session *s);
	/* a consistent game with its rule set (NULL if the record names none) */
	int (*game)(void *ud, const dk_game *g, const dk_rules *rules);
	int (*session_end)(void *ud);
	int (*end)(void *ud);
	/* a score sheet (fmt_sheet.h), read whole: its name, text and format;
	 * NULL: the command refuses sheets (they have no cards) */
	int (*sheet)(void *ud, const char *name, const char *data, size_t len, int format);
} dk_each_fns;

/**
 * Read path game by game.  Each game is checked (structure, consistency, its
 * rule set) before it is handed on; a bad game is reported and skipped.
 * A callback returning nonzero stops the loop with that code.  Returns the
 * worst exit code: 0, DK_EXIT_INVALID or DK_EXIT_SYSTEM (or a callback's).
 */
int dk_cli_each_game(dk_cli *cli, const char *path, const dk_read_opts *opts,
		     const dk_each_fns *fns, void *ud);

/* ---- every game judged with its session (judged.c) -------------------- */

struct dokoref_verdict;
struct dk_verdict;

/** A game dk_cli_each_judged judged, as it hands it to the command. */
typedef struct dk_cli_judged {
	struct dokoref_record *rec;        /* the record, at the game */
	struct dokoref_verdict *verdict;   /* its verdict, for the library's calls */
	const struct dk_verdict *v;        /* ... and inside it: game, replay, ruling */
	const dk_rules *rules;             /* the record's rule set; NULL where it names
					      none (v then judged under the fallback) */
} dk_cli_judged;

/** How dk_cli_each_judged judges, and what it hands on. */
typedef struct dk_cli_judging {
	long want;              /* only game number want (from 1); 0: every game */
	int penalties;          /* dk_verdict_penalties: DK_VP_ALL (check) or
				   DK_VP_OBJECTED (show, replay) */
	long search_limit;      /* the penalty search's limit a question, 0 none,
				   -1 the default (dokoref_verdict_set_search_limit) */
	bool fallback;          /* a game whose record names no rule set: judged
				   under the normal game's order, with its deck's
				   size and the first of two equal cards winning */
	/* a wanted game whose record names no rule set, where fallback is
	 * false (NULL: it is passed over) */
	int (*no_rules)(void *ud, struct dokoref_record *rec);
	/* each wanted game, judged */
	int (*game)(void *ud, const dk_cli_judged *j);
} dk_cli_judging;

/**
 * Every game of path, read by the library's record (dokoref.h) with opts,
 * judged as the next game of its session, and handed to how->game; the
 * games of a session that are not wanted still move it on (dealer, Bock),
 * so that the wanted one is judged as it stood.  The messages are printed
 * as they come (dk_cli_print_record_diag).  A callback returning nonzero
 * stops the loop.  Returns the worst of the file's exit code (0,
 * DK_EXIT_INVALID, DK_EXIT_SYSTEM) and the callback's.
 */
int dk_cli_each_judged(dk_cli *cli, const char *path, const dk_read_opts *opts,
		       const dk_cli_judging *how, void *ud);

/* ---- reading a file in pieces (audit --jobs) --------------------------- */

/** What the readings of a file's pieces share, on all threads: the rule
 * sets loaded, and what loading them said (printed once, where one
 * reading of the whole file prints it). */
typedef struct dk_cli_reading dk_cli_reading;

dk_cli_reading *dk_cli_reading_new(const char *path, const dk_read_opts *opts);
void dk_cli_reading_free(dk_cli_reading *rd);

/** Where a piece's reading ended. */
typedef struct dk_cli_piece_end {
	uint32_t line;             /* the last line read */
	size_t games, sessions;    /* read in the file up to its end */
	bool read_error;           /* the reading broke off (a fatal error) */
} dk_cli_piece_end;

/** Write a worker's diagnostics of a piece (text, len) to cli->err, in the
 * file's order: what loading a rule set said, at its first use. */
void dk_cli_reading_write_err(dk_cli_reading *rd, dk_cli *cli, const char *text, size_t len);

/**
 * dk_cli_each_game for a piece of rd's XML file, in (taken over), which
 * begins at origin (dk_read_piece: the reader reads it, with rd's rule set
 * cache shared by all pieces); worker: on a worker
 * thread, whose diagnostics dk_cli_reading_write_err prints later.
 */
int dk_cli_each_game_piece(dk_cli *cli, dk_cli_reading *rd, bool worker, dk_input *in,
			   const dk_xml_origin *origin, const dk_each_fns *fns, void *ud,
			   dk_cli_piece_end *end);

/* ---- FreeDoko files (freedoko.c) ------------------------------------ */

struct dk_fd_rules;
struct dk_fd_rule_map;

/** The score sheet format of path by its content (fmt_sheet.h), or -1
 *  (never for "-": dk_cli_each_game looks at standard input itself). */
int dk_cli_sheet_format(const char *path, uint64_t max_size);

/** True if path is in the dokoref notation by its content (never for "-":
 * dk_cli_each_game looks at standard input itself). */
bool dk_cli_is_doko(const char *path, uint64_t max_size);

/** The first cap bytes (or fewer) of file path, inflated if it is gzip, into
 *  buf, their number into len; false if it cannot be opened (the reader
 *  that opens it later reports why).  For recognising a format by content. */
bool dk_cli_read_head(const char *path, uint64_t max_size, char *buf, size_t cap, size_t *len);

/** True if path is a FreeDoko file by its content (never for "-"). */
bool dk_cli_is_freedoko(const char *path, uint64_t max_size);

/**
 * True, after an error on cli->err naming the command, when output is the
 * same file as one of the count inputs (same device and inode: a hard link
 * or a symlink to it too; "-" as input is standard input).  Checked before
 * anything is read, so that an input is never replaced by its own copy.
 */
bool dk_cli_output_is_input(dk_cli *cli, const char *command, const char *output,
			    const char *const *inputs, size_t count);

/** A rule set name made from path's file name (less ".yaml"): letters,
 * digits, '.', '_', '-', others replaced; then suffix.  Fits in size. */
void dk_cli_rule_set_name(char *out, size_t size, const char *path, const char *suffix);

/** `dokoref rules import` (cmd_rules_import.c). */
int dk_rules_import(dk_cli *cli, const char *input, const char *base, const char *output,
		    bool accept);

/** FreeDoko's rule block of file as a dokoref rule set on base; out is
 * released by the caller (also after a failure). */
int dk_cli_freedoko_ruleset(dk_ruleset *out, struct dk_fd_rule_map *map,
			    const struct dk_fd_rules *rules, const char *file,
			    const char *base, dk_diag *d);

#endif

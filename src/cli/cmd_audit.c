/*
 * cmd_audit.c - `dokoref audit`: judge whole evenings and archives.
 *
 * Every game is judged into the one verdict `check` renders too
 * (src/judge/verdict.h), which follows it through its session
 * (src/core/session.c): dealer, who sits out, Bock, the correct
 * entry and running standings, the score sheet against them.  The output
 * is one summary for the whole input; with the default text a line per
 * game that has something wrong, with --verbose or --game the full verdict.
 *
 * Memory stays flat: the reader streams, a session is a fixed-size state,
 * and what grows is only the table of game ids for finding duplicates (16
 * bytes per game) and the standings per player name.
 *
 * This file holds the options and runs the files; the games are judged in
 * src/lib/audit_run.c, a file in pieces on several threads in audit_jobs.c, and
 * the words are made in src/report/.  --last needs the count of selected
 * games first: the input is read twice (not possible with standard input).
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "audit_json.h"
#include "audit_run.h"
#include "audit_summary.h"
#include "buf.h"
#include "cli.h"
#include "lang.h"
#include "session.h"

/* ---- running ----------------------------------------------------------- */

static int run_files(audit_state *st, dk_read_opts *opts, int from, int argc, char **argv)
{
	opts->lang = st->lang;
	int status = DK_EXIT_OK;
	size_t sessions_before = st->session_no;
	st->opts = opts;
	for (int i = from; i < argc; i++) {
		st->file_no = i;
		st->path = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
		st->file_games = 0;
		st->file_size = 0;
		struct stat sb;
		if (strcmp(argv[i], "-") != 0 && stat(argv[i], &sb) == 0)
			st->file_size = (uint64_t)sb.st_size;
		st->progress = !st->progress_off && !st->json && !st->counting &&
			       st->file_size >= PROGRESS_MIN_BYTES && isatty(fileno(st->cli->err));
		st->file_parts = st->file_sessions = 0;
		int rc = dk_audit_use_jobs(st, argv[i], opts) ? dk_audit_run_file_jobs(st, opts, argv[i])
						     : dk_cli_each_game(st->cli, argv[i], opts, &dk_audit_fns, st);
		st->reader = NULL;
		if (st->in_session) {    /* the file broke off inside a session */
			dk_audit_session_finish(st);
			st->in_session = false;
		}
		if (st->jsonl && !st->counting) {
			dk_buf_clear(&st->buf);
			dk_audit_json_file_end(&st->buf, st->path, rc, st->file_parts);
			fwrite(st->buf.data, 1, st->buf.len, st->cli->out);
		}
		if (st->progress)
			dk_audit_show_progress(st, true);
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}
	st->sum.files = (size_t)(argc - from);
	st->sum.sessions = st->session_no - sessions_before;
	return status;
}

static bool parse_count(const char *s, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end || v < 1)
		return false;
	*out = v;
	return true;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_GAME,
		{ "verbose", no_argument, NULL, 'v' },
		{ "summary", no_argument, NULL, 's' },
		DK_CLI_OPT_FORMAT,
		DK_CLI_OPT_LANG,
		{ "player", required_argument, NULL, 'P' },
		{ "date", required_argument, NULL, 'D' },
		{ "table", required_argument, NULL, 'T' },
		{ "ruleset", required_argument, NULL, 'R' },
		{ "type", required_argument, NULL, 'y' },
		{ "code", required_argument, NULL, 'C' },
		{ "first", required_argument, NULL, 'F' },
		{ "last", required_argument, NULL, 'L' },
		{ "no-progress", no_argument, NULL, 'N' },
		DK_CLI_OPT_MAX_INPUT_SIZE,
		DK_CLI_OPT_COLOR,
		{ "accept-rule-differences", no_argument, NULL, 'A' },
		{ "merge", no_argument, NULL, 'M' },
		{ "jobs", required_argument, NULL, 'j' },
		DK_CLI_OPT_HELP,
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "json", "jsonl", NULL };
	const dk_command *cmd = &dk_cmd_audit;
	dk_read_opts opts = { 0 };
	opts.judge = true;
	audit_state *st = dk_xcalloc(1, sizeof(*st));
	st->v = dk_xcalloc(1, sizeof(*st->v));
	st->cli = cli;
	st->prev_pending = -1;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, cmd, &opts, formats);
	char *date_copy = NULL;
	bool merge = false;
	int status = DK_EXIT_OK;
	int c;
	optind = 0;
	opterr = 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	st->jobs = cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
	while ((c = getopt_long(argc, argv, ":g:j:vsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'A': opts.accept_rule_differences = true; break;
		case 'v': st->verbose = true; break;
		case 's': st->summary_only = true; break;
		case 'N': st->progress_off = true; break;
		case 'M': merge = true; break;
		case 'j': {
			long n;
			if (!parse_count(optarg, &n) || n > 1024) {
				status = dk_cli_usage_error(cli, cmd,
					"--jobs takes a number of threads from 1 to 1024, not '%s'", optarg);
				goto out;
			}
			st->jobs = (int)n;
			break;
		}
		case 'P':
		case 'C': {
			const char **list = c == 'P' ? st->players : st->codes;
			int *n = c == 'P' ? &st->nplayers : &st->ncodes;
			if (*n == MAX_SELECT) {
				status = dk_cli_usage_error(cli, cmd, "at most %d --%s options",
							    MAX_SELECT, c == 'P' ? "player" : "code");
				goto out;
			}
			list[(*n)++] = optarg;
			break;
		}
		case 'D': {
			free(date_copy);
			date_copy = strdup(optarg);
			if (!date_copy) {
				status = DK_EXIT_SYSTEM;
				goto out;
			}
			char *dots = strstr(date_copy, "..");
			st->date_from = date_copy;
			st->date_to = NULL;
			if (dots) {
				*dots = '\0';
				st->date_to = dots + 2;
			}
			if (!*st->date_from || (dots && !*st->date_to)) {
				status = dk_cli_usage_error(cli, cmd,
					"--date takes DATE, a prefix such as 2024-11, or FROM..TO, not '%s'",
					optarg);
				goto out;
			}
			break;
		}
		case 'T': st->table = optarg; break;
		case 'R': st->ruleset = optarg; break;
		case 'y': {
			int t;
			for (t = 0; t < DK_GT_COUNT; t++)
				if (strcmp(dk_game_type_name((dk_game_type)t), optarg) == 0)
					break;
			if (t == DK_GT_COUNT) {
				status = dk_cli_usage_error(cli, cmd,
					"--type takes normal, marriage, silent-marriage, poverty, "
					"solo, ramsch, thrown-in or redeal, not '%s'", optarg);
				goto out;
			}
			st->types |= 1u << t;
			break;
		}
		case 'F':
		case 'L':
			if (!parse_count(optarg, c == 'F' ? &st->first : &st->last)) {
				status = dk_cli_usage_error(cli, cmd, "--%s takes a count from 1 on, not '%s'",
							    c == 'F' ? "first" : "last", optarg);
				goto out;
			}
			break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN) {
				status = rc;
				goto out;
			}
			break;
		}
		}
	}
	st->want_game = co.game;
	st->json = co.format >= 1;
	st->jsonl = co.format == 2;
	st->lang = co.lang;
	if (merge) {
		if (st->jsonl) {
			status = dk_cli_usage_error(cli, cmd, "--merge prints text or json");
			goto out;
		}
		status = dk_audit_merge(cli, st->lang, st->json, argv + optind, argc - optind);
		goto out;
	}
	if (optind >= argc) {
		status = dk_cli_usage_error(cli, cmd, "no file given");
		goto out;
	}
	for (int i = 0; i < st->ncodes; i++) {
		bool known = false;
		for (int k = 0; k < DK_F_CODE_COUNT && !known; k++)
			known = strcmp(dk_finding_code_name((dk_finding_code)k), st->codes[i]) == 0;
		for (int k = 0; k < DK_SX_CODE_COUNT && !known; k++)
			known = strcmp(dk_session_issue_name((dk_session_issue_code)k), st->codes[i]) == 0;
		if (!known) {
			status = dk_cli_usage_error(cli, cmd, "--code: no finding is called '%s'",
						    st->codes[i]);
			goto out;
		}
	}
	if (st->last) {
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") == 0) {
				status = dk_cli_usage_error(cli, cmd,
					"--last reads the input twice, so it cannot read standard input");
				goto out;
			}
	}
	cli->color = dk_cli_want_color(cli->out, co.color);
	st->out = cli->out;
	st->err = cli->err;
	st->color = cli->color;
	st->width = dk_cli_text_width(cli->out);
	opts.need_rules = true;
	st->files = argv;
	dk_buf_init(&st->buf);
	dk_buf_init(&st->wrong_sessions);
	dk_buf_init(&st->part_ids);
	dk_buf_init(&st->part_out);
	if (st->last) {
		/* the first pass counts the selected games; its diagnostics go
		 * nowhere, the second pass prints them */
		dk_cli quiet = *cli;
		FILE *null = fopen("/dev/null", "w");
		if (!null) {
			status = DK_EXIT_SYSTEM;
			goto release;
		}
		quiet.err = null;
		quiet.out = null;
		st->cli = &quiet;
		st->out = st->err = null;
		st->counting = true;
		run_files(st, &opts, optind, argc, argv);
		fclose(null);
		st->cli = cli;
		st->out = cli->out;
		st->err = cli->err;
		st->counting = false;
		st->selected_total = st->selected_seen;
		st->selected_seen = 0;
		st->session_no = 0;
		st->prev_pending = -1;
	}
	status = run_files(st, &opts, optind, argc, argv);
	dk_audit_summary_close(st);
	if (st->sheets && !st->sum.games) {
		/* score sheets only: each had its own summary */
	} else if (st->json && !st->jsonl) {
		dk_buf_clear(&st->buf);
		dk_audit_json_summary(&st->buf, &st->sum);
		fwrite(st->buf.data, 1, st->buf.len, cli->out);
	} else if (!st->jsonl && !(st->sum.games == 0 && status != DK_EXIT_OK)) {
		/* (no count line when nothing could be read: "0 games" would
		 * read as a clean result) */
		dk_buf_clear(&st->buf);
		dk_audit_summary_text(&st->buf, st->lang, &st->sum, &st->wrong_sessions);
		fwrite(st->buf.data, 1, st->buf.len, cli->out);
	}
	if (status == DK_EXIT_OK && st->sheet_findings)
		status = DK_EXIT_FINDINGS;
	if (status == DK_EXIT_OK && st->any_session_finding)
		status = DK_EXIT_FINDINGS;
	if (status == DK_EXIT_OK && st->sum.scores_wrong)
		status = DK_EXIT_FINDINGS;
release:
	dk_buf_release(&st->buf);
	dk_buf_release(&st->wrong_sessions);
	dk_buf_release(&st->part_ids);
	dk_buf_release(&st->part_out);
out:
	for (size_t i = 0; i < st->nstandings; i++)
		free(st->standing_names[i]);
	free(st->ids);
	free(st->v);
	free(st);
	free(date_copy);
	return status;
}

const dk_command dk_cmd_audit = {
	"audit", run, "judge whole sessions and archives: Bock, standings, score sheets",
	"usage: dokoref audit [options] FILE...\n"
	"\n"
	"Replay and score every game of each FILE (dokoref XML, plain or gzip, the\n"
	"dokoref notation, or a FreeDoko log, recognised by content; '-' is\n"
	"standard input) as `check` does, and follow each session game by game\n"
	"under its rule set: who should have dealt, who sits out at a table\n"
	"of five or six, the Bock rounds (their triggers, appended or stacked, a\n"
	"solo in a Bock round, Bocks pending from an earlier evening), each game's\n"
	"correct entry with Bock and the running standings (with the sign flip\n"
	"when the rules have it), and the score sheet against them: wrong entries,\n"
	"entries that do not add up to 0 or break the even/odd rule, running\n"
	"totals that are wrong or not the previous total plus the entry.\n"
	"\n"
	"A FILE may be a score sheet without cards (dokoref's CSV, DapfiDuck's CSV\n"
	"or QtDoppelKopf's JSON log, recognised by content): it is checked as far\n"
	"as a sheet allows, and audit says what it cannot check (dokoref-sheet(5)).\n"
	"\n"
	"Output: a line per game with something wrong (FILE, game N [id ID]:\n"
	"codes), then one summary: games checked, games with findings by code,\n"
	"recorded scores right and wrong and by how much, where the running\n"
	"totals first go wrong and the correct final standings of such sessions,\n"
	"duplicate games, the correct standings over all sessions, Bocks pending\n"
	"at the end.  The id (16 hex digits) names what was dealt and played, so\n"
	"the same game in two files or twice in one has the same id.\n"
	"\n"
	"Options:\n"
	"  -v, --verbose         every selected game's full verdict\n"
	"  -g, --game N          only the N-th game of each file, in full\n"
	"  -s, --summary         the summary only\n"
	"  --format FORMAT       text (default) or json: one object per game with\n"
	"                        findings (every game with --verbose) and line,\n"
	"                        then {\"summary\": ...}; or jsonl: a line per\n"
	"                        session with its sums and game ids, for --merge\n"
	"  --merge               read --format jsonl lines (FILE... or standard\n"
	"                        input, any order) and print the summary and exit\n"
	"                        status of one audit of all their files\n"
	"  -j, --jobs N          read and judge on N threads (default: the\n"
	"                        processors online); the output is the same\n"
	DK_CLI_HELP_RULES
	DK_CLI_HELP_LANG
	"  --no-progress         no progress bar (shown on stderr for files of\n"
	"                        1 MiB or more when stderr is a terminal)\n"
	DK_CLI_HELP_MAX_INPUT_SIZE
	DK_CLI_HELP_COLOR
	"  --accept-rule-differences\n"
	"                        judge a FreeDoko file although its rules have\n"
	"                        options dokoref cannot express that can change\n"
	"                        a verdict (each is named in a warning)\n"
	DK_CLI_HELP_HELP
	"\n"
	"Selecting games (all must hold; every game of a session is still judged,\n"
	"for Bock and standings):\n"
	"  --player NAME         a game NAME sits at (repeatable: any of them)\n"
	"  --date DATE           a date, a prefix (2024-11) or FROM..TO\n"
	"  --table TABLE         the table as recorded\n"
	"  --ruleset NAME        games judged under the rule set NAME\n"
	"  --type TYPE           normal, marriage, silent-marriage, poverty, solo,\n"
	"                        ramsch, thrown-in, redeal (repeatable)\n"
	"  --code CODE           games with this finding, of the play or of the\n"
	"                        session (repeatable: any of them)\n"
	"  --first N, --last N   the first or last N games that the rest selects\n"
	"                        (--last reads the input twice)\n"
	"\n"
	"Exit status: 0 nothing wrong, 1 findings (warnings alone do not count),\n"
	"a wrong recorded score or a session finding, 3 invalid input, 4 I/O\n"
	"error, 2 usage.\n",
	NULL,
};

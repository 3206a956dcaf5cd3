/*
 * cmd_validate.c - `dokoref validate`: is every record well-formed, of the
 * format, and consistent (a deal that could have happened)?
 *
 * It does not replay the games: an illegal play is not an input error.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shown.h"

typedef struct validate_state {
	size_t games;
	size_t sessions;
} validate_state;

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	(void)g;
	(void)rules;
	((validate_state *)ud)->games++;
	return 0;
}

static int on_session(void *ud, const dk_session *s)
{
	(void)s;
	((validate_state *)ud)->sessions++;
	return 0;
}

/* the one line per file on standard output */
static void report(dk_cli *cli, const char *path, int rc, const validate_state *st)
{
	char *keep;
	const char *name = dk_shown(strcmp(path, "-") == 0 ? "<stdin>" : path, &keep);
	const char *s = st->games == 1 ? "" : "s";
	if (rc == DK_EXIT_SYSTEM && st->games == 0) {
		fprintf(cli->out, "%s: NOT READ\n", name);
	} else if (rc != DK_EXIT_OK) {
		fprintf(cli->out, "%s: INVALID (%zu valid game%s read)\n", name, st->games, s);
	} else if (st->sessions) {
		fprintf(cli->out, "%s: valid (%zu game%s in %zu session%s)\n", name, st->games, s,
			st->sessions, st->sessions == 1 ? "" : "s");
	} else {
		fprintf(cli->out, "%s: valid (%zu game%s)\n", name, st->games, s);
	}
	free(keep);
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_MAX_INPUT_SIZE,
		{ "quiet", no_argument, NULL, 'q' },
		DK_CLI_OPT_COLOR,
		DK_CLI_OPT_LANG,
		DK_CLI_OPT_HELP,
		{ NULL, 0, NULL, 0 },
	};
	dk_read_opts opts = { 0 };
	bool quiet = false;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, &dk_cmd_validate, &opts, NULL);
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quiet = true; break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	opts.lang = co.lang;
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_validate, "no file given");
	int status = DK_EXIT_OK;
	dk_each_fns fns = { .game = on_game, .session_start = on_session };
	for (int i = optind; i < argc; i++) {
		validate_state st = { 0, 0 };
		int rc = dk_cli_each_game(cli, argv[i], &opts, &fns, &st);
		if (!quiet)
			report(cli, argv[i], rc, &st);
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}
	return status;
}

const dk_command dk_cmd_validate = {
	"validate", run, "check that records are well-formed and consistent",
	"usage: dokoref validate [options] FILE...\n"
	"\n"
	"Read each FILE (dokoref XML, plain or gzip, the dokoref notation, or a\n"
	"FreeDoko bug report or --debug log, recognised by content; '-' is\n"
	"standard input) and check that it is well-formed, follows the format\n"
	"(dokoref-xml(5)) and describes games that could have happened: every\n"
	"hand of the right size for the rule set's deck, no card dealt more often\n"
	"than the deck has it, every seat taken by a player.  The play itself is\n"
	"not judged here.\n"
	"\n"
	"Options:\n"
	DK_CLI_HELP_RULES
	DK_CLI_HELP_MAX_INPUT_SIZE
	"  -q, --quiet           print nothing but errors\n"
	DK_CLI_HELP_COLOR
	DK_CLI_HELP_LANG
	DK_CLI_HELP_HELP
	"\n"
	"For each file one line on standard output: 'FILE: valid (N games)' or\n"
	"'FILE: INVALID ...' ('FILE: NOT READ' when it cannot be opened); errors\n"
	"on standard error as FILE:LINE:COL: error: ..., with the line and a caret.\n"
	"\n"
	"Exit status: 0 every file valid, 3 invalid input, 4 I/O error, 2 usage.\n",
	NULL,
};

/*
 * cmd_show.c - `dokoref show`: a record as a person reads it at the table.
 *
 * Reads the options, judges each game with its session (the verdict has
 * the trick winners, the parties and the ruling) and hands it to a
 * renderer of src/report/: show_text.c for the text view, html.c for the
 * page.  No word of the output is made here.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dd.h"
#include "html.h"
#include "lang.h"
#include "shown.h"
#include "show_text.h"
#include "verdict.h"

typedef struct show_state {
	dk_cli *cli;
	long want;          /* --game N, 0 = all */
	size_t shown;
	bool first;
	const char *path;
	const dk_verdict *v; /* the current game's (dk_cli_each_judged) */
	bool html;          /* --format html: one page of every game */
	dk_html page;
	dk_lang lang;
	dk_dd *dd;          /* --analyse (HTML): the solver, made once */
	dk_dd_game *analysis;
	int interrupted;    /* Ctrl-C during this game's analysis: its number */
	const char *keep_dir;  /* --analyse-keep */
} show_state;

/* a game judged in its session (the page shows the standings), with the
 * cost of every irregularity for the page, none for the text; rules is NULL where
 * the record names none (judged under the normal game's order) */
static int on_game(void *ud, const dk_cli_judged *j)
{
	show_state *st = ud;
	const dk_game *g = j->v->game;
	const dk_rules *rules = j->rules;
	st->v = j->v;
	st->shown++;
	if (st->html) {
		if (st->dd) {
			const dk_rules *r = j->v->rules;
			dk_cli_keep k;
			dk_cli_keep_begin(&k, st->cli, "show", st->keep_dir, st->dd, g, r);
			dk_cli_meter m;
			dk_cli_meter_begin(&m, st->dd, st->cli->err, st->path, (int)g->index);
			dk_dd_analyse(st->dd, st->analysis, g, r, 0);
			if (dk_cli_meter_end(&m, st->dd))
				st->interrupted = (int)g->index;
			dk_cli_keep_end(&k, st->cli, st->dd, st->analysis);
		}
		dk_html_game(&st->page, st->v, strcmp(st->path, "-") == 0 ? "<stdin>" : st->path,
			     st->dd ? st->analysis : NULL);
		/* Ctrl-C: this game is on the page, with its analysis as far
		 * as it got; no game after it */
		return st->interrupted ? DK_EXIT_INTERRUPTED : 0;
	}
	/* the text view, in words from src/report/ */
	if (!st->first)
		fputc('\n', st->cli->out);
	st->first = false;
	dk_show_opts o = { st->lang, st->cli->color, dk_cli_text_width(st->cli->out) };
	dk_buf b;
	dk_buf_init(&b);
	dk_show_text(&b, &o, st->v, strcmp(st->path, "-") == 0 ? "<stdin>" : st->path,
		     rules != NULL);
	fwrite(b.data, 1, b.len, st->cli->out);
	dk_buf_release(&b);
	return 0;
}

int dk_show_html_page(dk_cli *cli, const char *path, const dk_read_opts *opts, long want,
		      dk_lang lang, const dk_cli_analyse *an, dk_buf *page, size_t *games)
{
	show_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.first = true;
	st.want = want;
	st.lang = lang;
	st.html = true;
	st.path = path;
	st.keep_dir = an ? an->keep_dir : NULL;
	/* the page: the cost of every irregularity, searched as check does */
	dk_cli_judging how = { .want = want, .penalties = DK_VP_ALL, .search_limit = -1,
			       .fallback = true, .game = on_game };
	if (an) {
		st.dd = dk_cli_solver(an);
		if (!st.dd) {
			fprintf(cli->err, "dokoref: out of memory for the analysis\n");
			return DK_EXIT_SYSTEM;
		}
		st.analysis = dk_xcalloc(1, sizeof(*st.analysis));
	}
	dk_html_init(&st.page, lang, strcmp(path, "-") == 0 ? "<stdin>" : path);
	int rc = dk_cli_each_judged(cli, path, opts, &how, &st);
	if (st.interrupted) {
		char *keep;
		fprintf(cli->err, "dokoref: interrupted (Ctrl-C) during the analysis of %s game "
			"%d\n", dk_shown(path, &keep), st.interrupted);
		free(keep);
	}
	dk_dd_free(st.dd);
	free(st.analysis);
	if (st.shown)
		dk_html_finish(&st.page, page);
	dk_html_release(&st.page);
	*games = st.shown;
	return rc;
}

/* --list-games (for shell completion, not in --help): the number of each
 * game that reads, one a line */
static int list_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	(void)rules;
	dk_cli *cli = ud;
	fprintf(cli->out, "%zu\n", g->index);
	return 0;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "list-games", no_argument, NULL, 'L' },
		DK_CLI_OPT_GAME,
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_MAX_INPUT_SIZE,
		DK_CLI_OPT_COLOR,
		DK_CLI_OPT_FORMAT,
		DK_CLI_OPT_LANG,
		{ "analyse", no_argument, NULL, 'D' },
		DK_CLI_ANALYSE_LONGOPTS,
		DK_CLI_OPT_HELP,
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "html", NULL };
	dk_read_opts opts = { 0 };
	show_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.first = true;
	bool list_games = false;
	bool analyse = false;
	dk_cli_analyse an = DK_CLI_ANALYSE_INIT;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, &dk_cmd_show, &opts, formats);
	co.analyse = &an;
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'L': list_games = true; break;
		case 'D': analyse = true; break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	st.want = co.game;
	st.html = co.format == 1;
	st.lang = co.lang;
	const char *color = co.color;
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_show, "no file given");
	if (argc - optind > 1)
		return dk_cli_usage_error(cli, &dk_cmd_show, "show takes one file");
	if (analyse && !st.html)
		return dk_cli_usage_error(cli, &dk_cmd_show, "--analyse is shown on the HTML page "
					  "(--format html); 'dokoref check --analyse' prints it as text");
	int keep_rc = dk_cli_analyse_usage(cli, &dk_cmd_show, &an, analyse);
	if (keep_rc)
		return keep_rc;
	cli->color = dk_cli_want_color(cli->out, color);
	st.path = argv[optind];
	if (list_games) {
		dk_each_fns list = { .game = list_game };
		opts.lang = st.lang;
		return dk_cli_each_game(cli, st.path, &opts, &list, cli);
	}
	int rc;
	if (st.html) {
		/* one page, written whole once every game is in it */
		dk_buf page;
		dk_buf_init(&page);
		opts.lang = st.lang;
		rc = dk_show_html_page(cli, st.path, &opts, st.want, st.lang, analyse ? &an : NULL,
				       &page, &st.shown);
		fwrite(page.data, 1, page.len, cli->out);
		dk_buf_release(&page);
		if (rc == DK_EXIT_INTERRUPTED)
			fprintf(cli->err, "dokoref show: the page holds the games up to it, that one "
				"analysed as far as the analysis got\n");
	} else {
		dk_cli_judging how = { .want = st.want, .penalties = DK_VP_OBJECTED,
				       .fallback = true, .game = on_game };
		opts.lang = st.lang;
		rc = dk_cli_each_judged(cli, st.path, &opts, &how, &st);
	}
	if (rc == DK_EXIT_OK && st.want && st.shown == 0) {
		dk_cli_err_printf(cli, "dokoref show: %s has no valid game %ld\n", st.path, st.want);
		return DK_EXIT_USAGE;
	}
	return rc;
}

const dk_command dk_cmd_show = {
	"show", run, "print games as readable trick tables",
	"usage: dokoref show [options] FILE\n"
	"\n"
	"Print each game of FILE (dokoref XML, plain or gzip, the dokoref notation,\n"
	"or a FreeDoko log, recognised by content; '-' is standard input): the\n"
	"metadata and rule set, the game type, the parties and the ruling (as\n"
	"'dokoref check' gives it), every hand as dealt (sorted, trumps first), the\n"
	"game finding, and the play as a table with one row per trick and one\n"
	"column per player.  '>' marks the card that was led, '*' the card that won\n"
	"the trick; the last column names the winner and the trick's card\n"
	"points.  Announcements and declarations follow the trick they were made\n"
	"in.  At the end: the card points each player took and what the table wrote\n"
	"down.\n"
	"\n"
	"Trick winners follow the card order of the game that was played (normal\n"
	"game, marriage, poverty or the solo named), with swines and Genscher as\n"
	"declared and the rule set's tie rule for the two hearts tens.  The\n"
	"findings are not listed here: 'dokoref check' reports them with their\n"
	"rules.\n"
	"\n"
	"Options:\n"
	"  -g, --game N          show only the N-th game of the file (from 1)\n"
	DK_CLI_HELP_RULES
	DK_CLI_HELP_MAX_INPUT_SIZE
	DK_CLI_HELP_COLOR
	"  --format text|html    text (default), or one self-contained HTML page of\n"
	"                        every game: the trick table with each finding at\n"
	"                        its card, the findings with their rules, the score,\n"
	"                        and a step-by-step view (buttons, or the keys of\n"
	"                        'dokoref replay')\n"
	DK_CLI_HELP_LANG
	"  --analyse             with --format html: the double-dummy analysis of\n"
	"                        each game (every hand open, best play by both\n"
	"                        parties, card points only): its summary, and in\n"
	"                        the step-by-step view Re's and Kontra's card\n"
	"                        points with best play at each position and what\n"
	"                        the card just played cost, with a best card there,\n"
	"                        and a best line from there\n"
	"  --analyse-limit N     positions the solver may visit for one position of\n"
	"                        a game (default 20000000, about 3 s; 0: no limit);\n"
	"                        the positions before the last one that needs more\n"
	"                        are shown as not analysed, with who wins with best\n"
	"                        play where that was found\n"
	DK_CLI_HELP_ANALYSE_KEEP
	DK_CLI_HELP_ANALYSE_MEMORY
	DK_CLI_HELP_ANALYSE_THREADS
	DK_CLI_HELP_HELP
	"\n"
	"Exit status: 0 shown, 3 invalid input, 4 I/O error, 2 usage (also when\n"
	"game N does not exist).\n",
	NULL,
};

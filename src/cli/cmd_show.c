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
	dk_verdict *v;      /* the current game's, reused */
	bool html;          /* --format html: one page of every game */
	dk_html page;
	dk_lang lang;
	bool in_session;
	dk_session_state session;
	dk_dd *dd;          /* --analyse (HTML): the solver, made once */
	dk_dd_game *analysis;
	int interrupted;    /* Ctrl-C during this game's analysis: its number */
	const char *keep_dir;  /* --analyse-keep */
} show_state;

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	show_state *st = ud;
	if (st->want && (long)g->index != st->want) {
		/* an earlier game of the session still counts for the standings */
		static const dk_verdict_opts quick = { DK_VP_NONE, 0 };
		if (st->in_session && rules)
			dk_verdict_judge(st->v, &st->session, true, g, rules, &quick);
		return 0;
	}
	st->shown++;
	/* without a rule set: the normal game's order, first of equal cards wins */
	dk_rules fallback;
	if (!rules) {
		memset(&fallback, 0, sizeof(fallback));
		fallback.name = "none";
		fallback.deck_nines = g->deal.hand_count && g->deal.hands[0].count == 12;
		fallback.marriage_deadline_trick = 3;
		fallback.marriage_default_condition = DK_MARRIAGE_FIRST_TRICK;
	}
	/* the verdict: in its session (the page shows the standings), with no
	 * cost of the irregularities (show does not search) */
	static const dk_verdict_opts plain = { DK_VP_OBJECTED, 0 };
	if (!st->in_session)
		dk_session_begin(&st->session, NULL);
	dk_verdict_judge(st->v, &st->session, st->in_session, g, rules ? rules : &fallback, &plain);
	if (st->html) {
		if (st->dd) {
			const dk_rules *r = rules ? rules : &fallback;
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

static int on_session_start(void *ud, const dk_session *s)
{
	show_state *st = ud;
	st->in_session = true;
	dk_session_begin(&st->session, s);
	return 0;
}

static int on_session_end(void *ud)
{
	show_state *st = ud;
	st->in_session = false;
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
	dk_each_fns fns = { .game = on_game, .session_start = on_session_start,
			    .session_end = on_session_end };
	if (an) {
		st.dd = dk_cli_solver(an);
		if (!st.dd) {
			fprintf(cli->err, "dokoref: out of memory for the analysis\n");
			return DK_EXIT_SYSTEM;
		}
		st.analysis = dk_xcalloc(1, sizeof(*st.analysis));
	}
	st.v = dk_xcalloc(1, sizeof(*st.v));
	dk_html_init(&st.page, lang, strcmp(path, "-") == 0 ? "<stdin>" : path);
	int rc = dk_cli_each_game(cli, path, opts, &fns, &st);
	if (st.interrupted) {
		char *keep;
		fprintf(cli->err, "dokoref: interrupted (Ctrl-C) during the analysis of %s game "
			"%d\n", dk_shown(path, &keep), st.interrupted);
		free(keep);
	}
	free(st.v);
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
		{ "game", required_argument, NULL, 'g' },
		{ "rules", required_argument, NULL, 'r' },
		{ "max-input-size", required_argument, NULL, 'm' },
		{ "color", required_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "lang", required_argument, NULL, 'l' },
		{ "analyse", no_argument, NULL, 'D' },
		DK_CLI_ANALYSE_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	dk_read_opts opts = { 0 };
	show_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.first = true;
	st.lang = dk_lang_from_env();
	const char *color = "auto";
	bool list_games = false;
	bool analyse = false;
	dk_cli_analyse an = DK_CLI_ANALYSE_INIT;
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'L': list_games = true; break;
		case 'g': {
			char *end;
			st.want = strtol(optarg, &end, 10);
			if (*end || st.want < 1)
				return dk_cli_usage_error(cli, &dk_cmd_show,
					"--game takes a game number from 1 on, not '%s'", optarg);
			break;
		}
		case 'r': opts.rules = optarg; break;
		case 'D': analyse = true; break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				st.html = false;
			else if (strcmp(optarg, "html") == 0)
				st.html = true;
			else
				return dk_cli_usage_error(cli, &dk_cmd_show,
					"--format takes text or html, not '%s'", optarg);
			break;
		case 'l':
			if (!dk_lang_parse(optarg, &st.lang))
				return dk_cli_usage_error(cli, &dk_cmd_show,
					"--lang takes de or en, not '%s'", optarg);
			break;
		case 'h':
			dk_cli_print_usage(cli, &dk_cmd_show);
			return DK_EXIT_OK;
		default: {
			int rc = dk_cli_analyse_option(cli, &dk_cmd_show, c, optarg, &an);
			if (rc < 0)
				rc = dk_cli_common_option(cli, &dk_cmd_show, c, argv, &opts, &color);
			if (rc < 0)
				rc = dk_cli_common_option(cli, &dk_cmd_show, '?', argv, &opts, NULL);
			if (rc)
				return rc;
			break;
		}
		}
	}
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
	dk_each_fns fns = { .game = on_game, .session_start = on_session_start,
			    .session_end = on_session_end };
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
		st.v = dk_xcalloc(1, sizeof(*st.v));
		opts.lang = st.lang;
		rc = dk_cli_each_game(cli, st.path, &opts, &fns, &st);
		free(st.v);
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
	"  --rules NAME|PATH     use this rule set instead of the record's\n"
	"  --max-input-size SIZE refuse gzip inflated or files read whole past SIZE\n"
	"  --color WHEN          auto (default: on a terminal unless NO_COLOR is\n"
	"                        set), always, never\n"
	"  --format text|html    text (default), or one self-contained HTML page of\n"
	"                        every game: the trick table with each finding at\n"
	"                        its card, the findings with their rules, the score,\n"
	"                        and a step-by-step view (buttons, or the keys of\n"
	"                        'dokoref replay')\n"
	"  --lang de|en          language of the text and of the HTML page, card\n"
	"                        letters included (default: from LC_ALL,\n"
	"                        LC_MESSAGES, LANG)\n"
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
	"  -h, --help            show this help\n"
	"\n"
	"Exit status: 0 shown, 3 invalid input, 4 I/O error, 2 usage (also when\n"
	"game N does not exist).\n",
	NULL,
};

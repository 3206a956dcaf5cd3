/*
 * cmd_check.c - `dokoref check`: replay every game under its rule set and
 * report what was irregular.
 *
 * Per game: the verdict (src/judge/verdict.h: the game judged once, every
 * irregularity's cost assessed), rendered by src/report/verdict_text.c or
 * check_json.c: a header with the game type and the parties, then each
 * finding pointing at the record's line, with the rule that decides it,
 * then the score as played against the one recorded.  The record is read
 * and each game judged with its session by dk_cli_each_judged (judged.c,
 * through the library's public API, include/dokoref/dokoref.h); this file
 * renders, prints and counts for the summary line.  The text is in English or German
 * (--lang, by default from the locale variables); every sentence comes from
 * the catalogue in src/words/lang.c.  The JSON output has codes only.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "dokoref/dokoref.h"

#include "api_internal.h"
#include "buf.h"
#include "analysis.h"
#include "check_json.h"
#include "check_compare.h"
#include "cli.h"
#include "lang.h"
#include "shown.h"
#include "verdict.h"
#include "verdict_text.h"

typedef struct check_state {
	dk_cli *cli;
	const char *path;
	long want;
	bool quiet;
	bool verbose;                /* the search's proofs (-v) */
	int width;                   /* --width: wrap text there; 0 never, -1 as the output */
	bool json;
	bool analyse;                /* --analyse: the double-dummy analysis per game */
	int analyse_tricks;          /* --analyse=N: of the last N tricks only (0: all) */
	dk_cli_analyse an;           /* --analyse-limit, -threads, -memory, -keep */
	long search_limit;           /* --search-limit: per question (0: none, -1: default) */
	dk_dd *dd;                   /* its solver, made once */
	dk_dd_game *analysis;
	dk_lang lang;
	dokoref_tally tally;          /* for the last line */
	dk_buf buf;
	/* Ctrl-C during an analysis: that game is reported, no game after it */
	bool interrupted;
	int interrupted_game;
	const char *interrupted_path;
} check_state;

/* a game whose record names no rule set: said, not judged */
static int on_no_rules(void *ud, dokoref_record *rec)
{
	check_state *st = ud;
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	char *keep;
	dk_say(b, st->lang, DK_MSG_CK_NO_RULES, dk_shown(st->path, &keep),
	       (size_t)dokoref_record_game_index(rec));
	free(keep);
	dk_buf_putc(b, '\n');
	fwrite(b->data, 1, b->len, st->cli->out);
	return 0;
}

/* a game judged with its session (dk_cli_each_judged: through the
 * library's public API, with every penalty assessed) */
static int on_game(void *ud, const dk_cli_judged *j)
{
	check_state *st = ud;
	dokoref_record *rec = j->rec;
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	const dk_verdict *v = j->v;

	dokoref_tally_add(&st->tally, j->verdict);
	if (st->quiet && v->rp.finding_count == 0 &&
	    !(v->ruling.sheet_compared && !v->ruling.sheet_ok) &&
	    !(v->foreign_compared && v->foreign.unexplained > 0))
		return 0;
	/* --analyse: the double-dummy analysis after the verdict (in JSON, in
	 * the game's object) */
	dk_dd_game *a = NULL;
	if (st->analyse && st->dd && st->analysis) {
		a = st->analysis;
		dk_cli_keep k;
		dk_cli_keep_begin(&k, st->cli, "check", st->an.keep_dir, st->dd, v->game, v->rules);
		dk_cli_meter m;
		dk_cli_meter_begin(&m, st->dd, st->cli->err, st->path,
				   (int)dokoref_record_game_index(rec));
		dk_dd_analyse(st->dd, a, v->game, v->rules, st->analyse_tricks);
		if (dk_cli_meter_end(&m, st->dd)) {
			st->interrupted = true;
			st->interrupted_game = (int)dokoref_record_game_index(rec);
			st->interrupted_path = st->path;
		}
		dk_cli_keep_end(&k, st->cli, st->dd, a);
	}
	if (st->json) {
		/* the ruling's reason in the language asked for */
		dk_json_verdict_in(b, st->path, v, a, st->lang);
		fwrite(b->data, 1, b->len, st->cli->out);
		return st->interrupted ? DK_EXIT_INTERRUPTED : 0;
	}
	/* the text wrapped to the terminal (a fixed width into a file) */
	dk_text_opts to = { st->cli->color, st->verbose,
			    st->width >= 0 ? st->width : dk_cli_text_width(st->cli->out) };
	dk_text_verdict_opts(b, st->lang, v, st->path, &to);
	fwrite(b->data, 1, b->len, st->cli->out);
	if (a) {
		dk_buf_clear(b);
		dk_text_analysis(b, st->lang, v->game, a);
		fwrite(b->data, 1, b->len, st->cli->out);
	}
	/* Ctrl-C: this game is reported, no game after it */
	return st->interrupted ? DK_EXIT_INTERRUPTED : 0;
}

/* the count line: games, findings, warnings, recorded scores */
static void summary(check_state *st)
{
	char *line = dokoref_tally_text(&st->tally, st->lang == DK_LANG_DE ? DOKOREF_LANG_DE
									    : DOKOREF_LANG_EN);
	fputs(line, st->cli->out);
	dokoref_free(line);
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_GAME,
		DK_CLI_OPT_MAX_INPUT_SIZE,
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "width", required_argument, NULL, 'w' },
		DK_CLI_OPT_FORMAT,
		DK_CLI_OPT_COLOR,
		DK_CLI_OPT_LANG,
		DK_CLI_OPT_HELP,
		{ "accept-rule-differences", no_argument, NULL, 'A' },
		{ "analyse", optional_argument, NULL, 'D' },
		DK_CLI_ANALYSE_LONGOPTS,
		{ "search-limit", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const formats[] = { "text", "json", NULL };
	dk_read_opts opts = { 0 };
	opts.judge = true;
	check_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.an = (dk_cli_analyse)DK_CLI_ANALYSE_INIT;
	st.search_limit = -1;
	st.width = -1;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, &dk_cmd_check, &opts, formats);
	co.analyse = &st.an;
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:qvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': st.quiet = true; break;
		case 'v': st.verbose = true; break;
		case 'w': {
			char *end;
			long w = strtol(optarg, &end, 10);
			if (*end || !*optarg || w < 0 || (w > 0 && w < 20) || w > 10000)
				return dk_cli_usage_error(cli, &dk_cmd_check,
					"--width takes 0 (never wrap) or a width from 20 to 10000, not '%s'",
					optarg);
			st.width = (int)w;
			break;
		}
		case 'A': opts.accept_rule_differences = true; break;
		case 'D': {
			st.analyse = true;
			if (optarg) {
				char *end;
				st.analyse_tricks = (int)strtol(optarg, &end, 10);
				if (*end || st.analyse_tricks < 1 || st.analyse_tricks > DK_MAX_TRICKS)
					return dk_cli_usage_error(cli, &dk_cmd_check,
						"--analyse takes a number of tricks from 1 to 12, not '%s'",
						optarg);
			}
			break;
		}
		case 'S':
			if (!dk_cli_parse_positions(optarg, &st.search_limit))
				return dk_cli_usage_error(cli, &dk_cmd_check,
					"--search-limit takes a number of positions (0: no limit), "
					"not '%s'", optarg);
			break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_check, "no file given");
	st.want = co.game;
	st.json = co.format == 1;
	st.lang = co.lang;
	cli->color = dk_cli_want_color(cli->out, co.color);
	opts.need_rules = true;
	opts.lang = st.lang;
	/* --rules all, --rules ddv,turnier-2022: the rule sets side by side */
	if (dk_check_compare_wanted(opts.rules))
		return dk_check_compare(cli, opts.rules, &opts, st.json, st.lang, st.want,
					argc - optind, argv + optind);
	int keep_rc = dk_cli_analyse_usage(cli, &dk_cmd_check, &st.an, st.analyse);
	if (keep_rc)
		return keep_rc;
	int status = DK_EXIT_OK;
	if (st.analyse) {
		st.dd = dk_cli_solver(&st.an);
		st.analysis = dk_xcalloc(1, sizeof(*st.analysis));
		if (!st.dd) {
			free(st.analysis);
			fprintf(cli->err, "dokoref check: out of memory for the analysis\n");
			return DK_EXIT_SYSTEM;
		}
	}
	dk_buf_init(&st.buf);
	dk_cli_judging how = { .want = st.want, .penalties = DK_VP_ALL,
			       .search_limit = st.search_limit, .no_rules = on_no_rules,
			       .game = on_game };
	for (int i = optind; i < argc && !st.interrupted; i++) {
		st.path = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
		int rc = dk_cli_each_judged(cli, argv[i], &opts, &how, &st);
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}
	/* no count line when the input could not be read at all: "0 games
	 * checked" on standard output would read as a clean result */
	if (!st.json && (!st.quiet || st.tally.findings || st.tally.scores_wrong) &&
	    !(st.tally.games == 0 && status != DK_EXIT_OK))
		summary(&st);
	if (st.interrupted) {
		/* after the report, so that it is the last line a person sees */
		fflush(cli->out);
		char *keep;
		fprintf(cli->err, "dokoref check: interrupted during the analysis of %s game %d: "
			"its report above is as far as the analysis got; the games after it "
			"were not checked\n", dk_shown(st.interrupted_path, &keep),
			st.interrupted_game);
		free(keep);
		status = DK_EXIT_INTERRUPTED;
	}
	dk_buf_release(&st.buf);
	dk_dd_free(st.dd);
	free(st.analysis);
	if (status == DK_EXIT_OK && (st.tally.findings || st.tally.scores_wrong ||
				     st.tally.foreign_differ))
		status = DK_EXIT_FINDINGS;
	return status;
}

const dk_command dk_cmd_check = {
	"check", run, "replay games under their rule set and report every irregularity",
	"usage: dokoref check [options] FILE...\n"
	"\n"
	"Replay every game of each FILE (dokoref XML, plain or gzip, the dokoref\n"
	"notation, or a FreeDoko file: see below; '-' is standard input) under\n"
	"the rule set its record names and report what was irregular: a card\n"
	"played out of turn or not in the hand, a revoke, an announcement too\n"
	"late, by the wrong party, skipping a level or repeated, a reservation\n"
	"the hand did not justify, a wrong poverty exchange, a swine or Genscher\n"
	"declared falsely or at the wrong time, a missed mandatory announcement,\n"
	"a game played that should have been dealt again.\n"
	"\n"
	"For each game: the game type (normal, marriage, poverty, solo ...), the\n"
	"parties and the card points they took, then each finding as\n"
	"FILE:LINE:COL: CODE (KIND, trick T, card C): what happened, followed by\n"
	"the rule set key that decides it with its source.  KIND is\n"
	"'irregularity' (a player broke a rule), 'record-defect' (the record\n"
	"cannot be what happened, such as a card the hand does not hold) or\n"
	"'warning' (reported, but the rule text is doubtful).\n"
	"\n"
	"A game played to its end is then scored as played: who won (what each\n"
	"party needed and took), every item of the value with its rule set key,\n"
	"the value, each player's entry (as standings.counting says), and the\n"
	"score the table wrote down against it; a finding says what it would\n"
	"cost if reclaimed.  The last line counts games, findings and scores.\n"
	"With Bock, a line 'Bock: xN' says what doubles the game.\n"
	"\n"
	"Options:\n"
	DK_CLI_HELP_RULES
	"  --rules all           judge each game under every rule set found by name\n"
	"                        ('dokoref rules list'), one table per game: game\n"
	"                        type, winner, value, each player's score, findings,\n"
	"                        and the rule key that makes a difference\n"
	"  --rules A,B,...       the same for the rule sets (names or paths) listed\n"
	"  -g, --game N          check only the N-th game of each file\n"
	"  -q, --quiet           print only games with findings or a wrong score\n"
	"  -v, --verbose         also the search's proofs: for each irregularity's class,\n"
	"                        a continuation in which a party reaches its target,\n"
	"                        one trick to a line\n"
	"      --width N         wrap lines longer than N characters (0: never); default:\n"
	"                        the terminal's width, 100 into a file or pipe\n"
	"  --format FORMAT       text (default) or json: one JSON object per game\n"
	"                        and line, fields described in dokoref(1)\n"
	DK_CLI_HELP_MAX_INPUT_SIZE
	DK_CLI_HELP_COLOR
	DK_CLI_HELP_LANG
	"  --accept-rule-differences\n"
	"                        judge a FreeDoko file although its rules have\n"
	"                        options dokoref cannot express that can change\n"
	"                        a verdict (each is named in a warning)\n",
	"  --analyse[=N]         add the double-dummy analysis of each game: with\n"
	"                        every hand open and best play by both parties,\n"
	"                        Re's card points before and after each card, and\n"
	"                        the cards that cost their party points, each with\n"
	"                        a best card there (JSON: the value after every\n"
	"                        card); =N: the cards of the last N tricks only\n"
	"  --analyse-limit N     positions the solver may visit for one position of\n"
	"                        the game (default 20000000, about 3 s; 0: no\n"
	"                        limit); the analysis starts after the last\n"
	"                        position that needs more, and says so, and before\n"
	"                        it tells who wins with best play where threshold\n"
	"                        questions (at most the limit in all) find it; on\n"
	"                        a terminal its progress shows on standard error\n"
	DK_CLI_HELP_ANALYSE_KEEP
	DK_CLI_HELP_ANALYSE_MEMORY
	DK_CLI_HELP_ANALYSE_THREADS
	"  --search-limit N      positions the search behind a finding's cost may\n"
	"                        visit per question (default 50000000, a few\n"
	"                        seconds; 0: no limit); over it: \"not settled\"\n"
	DK_CLI_HELP_HELP
	"\n"
	"FILE may be a FreeDoko bug report or --debug gameplay log (recognised by\n"
	"content, as the notation is, on standard input too): judged under the\n"
	"rule set of its own rule block, FreeDoko's score compared item by item\n"
	"(a difference no inexpressible option explains is a finding); a gameplay\n"
	"log is one session, Bock carrying over.\n"
	"\n"
	"Ctrl-C during --analyse ends the analysis at the position it is solving:\n"
	"the game is reported as far as the analysis got, no game after it is\n"
	"checked (exit status 130).  A second Ctrl-C ends the program at once.\n"
	"\n"
	"Exit status: 0 no findings and every recorded score right, 1 findings\n"
	"(warnings alone do not count), a wrong recorded score or an unexplained\n"
	"difference to FreeDoko's score,\n"
	"3 invalid input, 4 I/O error, 2 usage, 130 an analysis interrupted (Ctrl-C).\n",
};

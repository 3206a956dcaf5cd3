/*
 * cmd_replay.c - `dokoref replay`: step through a game card by card.
 *
 * On a terminal the game is shown with ncurses, one position at a time
 * (src/judge/position.c), drawn by src/report/replay_view.c; keys move by
 * card, trick and finding.  Without a terminal, or with --step N, the
 * position after card N is printed as plain text, the same drawing, so
 * that it can be scripted and tested.
 *
 * With --analyse the double-dummy analysis of the game (src/solve/dd.h) is
 * computed once, before the first position is shown, and every position
 * shows its value with best play and what the card just played cost.
 *
 * The terminal is restored on every way out: q, the end of input, and
 * SIGINT, SIGTERM and SIGHUP (the handler only sets a flag; the key loop
 * polls it, restores the terminal, and then ends by the signal).
 */
#define _POSIX_C_SOURCE 200809L

#include <curses.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dd.h"
#include "lang.h"
#include "position.h"
#include "replay_view.h"
#include "verdict.h"

typedef struct replay_state {
	dk_cli *cli;
	const char *path;
	long want;                   /* the game, from 1 */
	long step;                   /* --step N; -1 = interactive where possible */
	int width, height;           /* of the plain text */
	bool all_cards;
	bool analyse;                /* --analyse */
	dk_cli_analyse an;           /* --analyse-limit, -threads, -memory, -keep */
	dk_dd_game *analysis;        /* the shown game's, with --analyse */
	dk_lang lang;
	const dk_verdict *v;         /* the game's (dk_cli_each_judged) */
	bool shown;
	int rc;
} replay_state;

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/* ---- moving ------------------------------------------------------------ */

/* the card count at the end of each trick: ends[t] after trick t+1 */
static int trick_ends(const dk_replay *rp, int *ends)
{
	int n = 0, seen = 0;
	for (int t = 0; t < DK_MAX_TRICKS && seen < rp->cards_played; t++) {
		seen += rp->tricks[t].count;
		if (rp->tricks[t].count == 0)
			break;
		ends[n++] = seen;
	}
	return n;
}

static int next_trick(const dk_replay *rp, int card)
{
	int ends[DK_MAX_TRICKS];
	int n = trick_ends(rp, ends);
	for (int i = 0; i < n; i++)
		if (ends[i] > card)
			return ends[i];
	return rp->cards_played;
}

static int prev_trick(const dk_replay *rp, int card)
{
	int ends[DK_MAX_TRICKS];
	int n = trick_ends(rp, ends);
	int best = 0;
	for (int i = 0; i < n; i++)
		if (ends[i] < card)
			best = ends[i];
	return best;
}

/* ---- the terminal ------------------------------------------------------ */

static short pair_of(dk_cell_attr a)
{
	switch (a) {
	case DK_CA_TITLE: return 1;
	case DK_CA_BAD: return 2;
	case DK_CA_RED: return 3;
	default: return 0;
	}
}

static void draw(const dk_screen *s, bool color)
{
	erase();
	for (int y = 0; y < s->h && y < LINES; y++)
		for (int x = 0; x < s->w && x < COLS; x++) {
			const dk_cell *c = &s->cells[y][x];
			dk_cell_attr a = (dk_cell_attr)c->attr;
			attr_t at = A_NORMAL;
			if (a == DK_CA_TITLE)
				at = A_REVERSE;
			else if (a == DK_CA_DIM)
				at = A_DIM;
			else if (a == DK_CA_STRONG)
				at = A_BOLD;
			else if (a == DK_CA_BAD)
				at = A_BOLD;
			if (color && pair_of(a))
				at |= COLOR_PAIR(pair_of(a));
			attrset(at);
			mvaddstr(y, x, c->ch[0] ? c->ch : " ");
		}
	attrset(A_NORMAL);
	refresh();
}

static int interactive(replay_state *st)
{
	const dk_verdict *v = st->v;
	struct sigaction sa, old_int, old_term, old_hup;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	got_signal = 0;

	if (!initscr()) {
		fprintf(st->cli->err, "dokoref replay: cannot use the terminal\n");
		return DK_EXIT_SYSTEM;
	}
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	timeout(200);                /* poll for a signal five times a second */
	bool color = st->cli->color && has_colors();
	if (color) {
		start_color();
		use_default_colors();
		init_pair(1, COLOR_WHITE, COLOR_BLUE);
		init_pair(2, COLOR_RED, -1);
		init_pair(3, COLOR_RED, -1);
	}
	dk_screen *s = malloc(sizeof(*s));
	if (!s) {
		endwin();
		return DK_EXIT_SYSTEM;
	}
	dk_view_opts o = { st->lang, st->all_cards, false, st->path, st->analysis };
	dk_position p;
	int card = st->step >= 0 ? (int)st->step : 0;
	bool redraw = true;
	while (!got_signal) {
		if (redraw) {
			dk_position_at(&p, v, card);
			card = p.card;
			dk_view_draw(s, COLS, LINES, v, &p, &o);
			draw(s, color);
			if (COLS < DK_SCREEN_MIN_W || LINES < DK_SCREEN_MIN_H) {
				/* the drawing is cut: say so on the last line */
				attrset(A_REVERSE);
				mvaddnstr(LINES - 1, 0, dk_msg_text(st->lang, DK_MSG_RP_SMALL), COLS);
				attrset(A_NORMAL);
				refresh();
			}
			redraw = false;
		}
		int ch = getch();
		if (ch == ERR)
			continue;
		redraw = true;
		bool help = o.help;
		o.help = false;
		switch (ch) {
		case KEY_RIGHT: case ' ': case 'l': case 'n': case 'w': case '\n': case KEY_ENTER:
			card++;
			break;
		case KEY_LEFT: case 'h': case 'p': case 'z': case KEY_BACKSPACE: case 127: case 8:
			card--;
			break;
		case KEY_DOWN: case 'j': case 's': case KEY_NPAGE:
			card = next_trick(&v->rp, card);
			break;
		case KEY_UP: case 'k': case 'S': case KEY_PPAGE:
			card = prev_trick(&v->rp, card);
			break;
		case KEY_HOME: case 'g': case '0':
			card = 0;
			break;
		case KEY_END: case 'G': case 'e':
			card = p.total;
			break;
		case 'f': case 'v': {
			int n = dk_position_next_finding(v, card);
			if (n)
				card = n;
			break;
		}
		case 'F': case 'V': {
			int n = dk_position_prev_finding(v, card);
			if (n)
				card = n;
			break;
		}
		case 'a': case 'A':
			o.all_cards = !o.all_cards;
			break;
		case '?': case KEY_F(1): case 'H':
			o.help = !help;
			break;
		case 'q': case 'Q': case 'x': case 27:
			got_signal = -1;
			break;
		case KEY_RESIZE:
			break;
		default:
			o.help = help;
			redraw = false;
			break;
		}
	}
	free(s);
	endwin();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	if (got_signal > 0)
		raise((int)got_signal);  /* end by it, as the shell expects */
	return DK_EXIT_OK;
}

/* ---- the game ----------------------------------------------------------- */

static int plain(replay_state *st)
{
	dk_position p;
	int card = st->step >= 0 ? (int)st->step : dk_position_total(st->v);
	dk_position_at(&p, st->v, card);
	dk_screen *s = dk_xcalloc(1, sizeof(*s));
	dk_view_opts o = { st->lang, st->all_cards, false, st->path, st->analysis };
	dk_view_draw(s, st->width, st->height, st->v, &p, &o);
	dk_buf b;
	dk_buf_init(&b);
	dk_screen_text(&b, s);
	fwrite(b.data, 1, b.len, st->cli->out);
	dk_buf_release(&b);
	free(s);
	return DK_EXIT_OK;
}

/* the game asked for, judged in its session (the games before it moved
 * its Bocks on) */
static int on_game(void *ud, const dk_cli_judged *j)
{
	replay_state *st = ud;
	const dk_game *g = j->v->game;
	const dk_rules *rules = j->rules;
	st->v = j->v;
	st->shown = true;
	bool tty = st->step < 0 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
		   st->cli->out == stdout;
	if (st->analyse) {
		/* once, before anything is shown: it may take seconds */
		dk_dd *dd = dk_cli_solver(&st->an);
		st->analysis = dd ? dk_xcalloc(1, sizeof(*st->analysis)) : NULL;
		if (!dd) {
			fprintf(st->cli->err, "dokoref replay: out of memory for the analysis\n");
			st->rc = DK_EXIT_SYSTEM;
			return 0;
		}
		if (tty) {
			fprintf(st->cli->err, "%s\n", dk_msg_text(st->lang, DK_MSG_DD_COMPUTING));
			fflush(st->cli->err);
		}
		dk_cli_keep k;
		dk_cli_keep_begin(&k, st->cli, "replay", st->an.keep_dir, dd, g, rules);
		dk_cli_meter m;
		dk_cli_meter_begin(&m, dd, st->cli->err, st->path, (int)g->index);
		dk_dd_analyse(dd, st->analysis, g, rules, 0);
		/* Ctrl-C: the replay opens on what the analysis worked out */
		dk_cli_meter_end(&m, dd);
		dk_cli_keep_end(&k, st->cli, dd, st->analysis);
		dk_dd_free(dd);
	}
	st->rc = tty ? interactive(st) : plain(st);
	return 0;
}

static bool parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long n = strtol(s, &end, 10);
	if (!*s || *end || n < min || n > max)
		return false;
	*out = n;
	return true;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_OPT_GAME,
		{ "step", required_argument, NULL, 's' },
		{ "width", required_argument, NULL, 'W' },
		{ "height", required_argument, NULL, 'H' },
		{ "all-cards", no_argument, NULL, 'a' },
		{ "analyse", no_argument, NULL, 'D' },
		DK_CLI_ANALYSE_LONGOPTS,
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_LANG,
		DK_CLI_OPT_MAX_INPUT_SIZE,
		DK_CLI_OPT_COLOR,
		DK_CLI_OPT_HELP,
		{ NULL, 0, NULL, 0 },
	};
	const dk_command *cmd = &dk_cmd_replay;
	dk_read_opts opts = { 0 };
	opts.judge = true;
	replay_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.want = 1;
	st.step = -1;
	st.width = DK_SCREEN_MIN_W;
	st.height = DK_SCREEN_MIN_H;
	st.an = (dk_cli_analyse)DK_CLI_ANALYSE_INIT;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, cmd, &opts, NULL);
	co.analyse = &st.an;
	int c;
	long n;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:s:ah", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!parse_long(optarg, 0, 1000, &st.step))
				return dk_cli_usage_error(cli, cmd,
					"--step takes a card number from 0 on, not '%s'", optarg);
			break;
		case 'W':
			if (!parse_long(optarg, DK_SCREEN_MIN_W, DK_SCREEN_MAX_W, &n))
				return dk_cli_usage_error(cli, cmd, "--width takes %d to %d, not '%s'",
							  DK_SCREEN_MIN_W, DK_SCREEN_MAX_W, optarg);
			st.width = (int)n;
			break;
		case 'H':
			if (!parse_long(optarg, DK_SCREEN_MIN_H, DK_SCREEN_MAX_H, &n))
				return dk_cli_usage_error(cli, cmd, "--height takes %d to %d, not '%s'",
							  DK_SCREEN_MIN_H, DK_SCREEN_MAX_H, optarg);
			st.height = (int)n;
			break;
		case 'a': st.all_cards = true; break;
		case 'D': st.analyse = true; break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	if (co.game)
		st.want = co.game;
	st.lang = co.lang;
	const char *color = co.color;
	if (optind >= argc)
		return dk_cli_usage_error(cli, cmd, "no file given");
	if (argc - optind > 1)
		return dk_cli_usage_error(cli, cmd, "replay takes one file");
	int keep_rc = dk_cli_analyse_usage(cli, cmd, &st.an, st.analyse);
	if (keep_rc)
		return keep_rc;
	cli->color = dk_cli_want_color(cli->out, color);
	/* the card symbols are UTF-8: curses needs a UTF-8 character type */
	if (!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
		setlocale(LC_CTYPE, "C.UTF-8");
	opts.need_rules = true;
	opts.lang = st.lang;
	st.path = strcmp(argv[optind], "-") == 0 ? "<stdin>" : argv[optind];
	/* the cost of every irregularity, as check shows it at the finding */
	dk_cli_judging how = { .want = st.want, .penalties = DK_VP_ALL, .search_limit = -1,
			       .game = on_game };
	int rc = dk_cli_each_judged(cli, argv[optind], &opts, &how, &st);
	free(st.analysis);
	if (rc != DK_EXIT_OK && rc != DK_EXIT_FINDINGS)
		return rc;
	if (!st.shown) {
		dk_cli_err_printf(cli, "dokoref replay: %s has no valid game %ld\n", st.path,
				  st.want);
		return DK_EXIT_USAGE;
	}
	return st.rc;
}

const dk_command dk_cmd_replay = {
	"replay", run, "step through a game card by card",
	"usage: dokoref replay [options] FILE\n"
	"\n"
	"Step through one game of FILE card by card, on the terminal.  FILE is\n"
	"dokoref XML (plain or gzip), the dokoref notation or a FreeDoko file,\n"
	"recognised by its content; '-' is standard input (which leaves no keys\n"
	"to read: the position is printed as text, see below).  The screen\n"
	"shows the four players around the table with the cards each still holds\n"
	"(sorted, trumps first, in the game's card order), the trick on the table\n"
	"with who led it ('>') and who is winning it so far ('*'), whose turn it\n"
	"is ('> NAME'), the tricks and card points taken, what was said and when,\n"
	"each player's party next to what the table could know of it at that\n"
	"moment, and every finding at its card with the rule it rests on and\n"
	"what it changes, as 'dokoref check' says it (stands or counts, and the\n"
	"cost had it been reclaimed at once).  After the last card: the score as\n"
	"played, the recorded score against it and the ruling.\n"
	"\n"
	"Keys:\n"
	"  next card             Right, space, l, n, Enter (w: weiter)\n"
	"  previous card         Left, h, p, Backspace (z: zurück)\n"
	"  next / previous trick Down, j, PageDown, s / Up, k, PageUp, S\n"
	"  first / last card     Home, g, 0 / End, G, e\n"
	"  next / previous finding  f, v / F, V\n"
	"  all cards dealt, or only those still held   a\n"
	"  help                  ? (F1)\n"
	"  quit                  q, Esc, x\n"
	"\n"
	"Without a terminal, or with --step N, the position after card N (the\n"
	"last card without --step) is printed as plain text, 80x24 unless\n"
	"--width and --height say more, and dokoref exits.\n"
	"\n",
	"Options:\n"
	"  -g, --game N          the N-th game of the file (default 1)\n"
	"  -s, --step N          print the position after card N (0 = before the\n"
	"                        first card) as text and exit\n"
	"  --width W, --height H the size of that text (at least 80x24)\n"
	"  -a, --all-cards       also show the cards each player has played\n"
	"  --analyse             compute the double-dummy analysis of the game once\n"
	"                        at the start (every hand open, best play by both\n"
	"                        parties, card points only, parties as the game\n"
	"                        ended) and show at every position Re's and\n"
	"                        Kontra's card points with best play from there,\n"
	"                        what the card just played cost its party, with a\n"
	"                        best card there, and a best line from there\n"
	"  --analyse-limit N     positions the solver may visit for one position of\n"
	"                        the game (default 20000000, about 3 s; 0: no\n"
	"                        limit); the positions before the last one that\n"
	"                        needs more are shown as not analysed, with who\n"
	"                        wins with best play where that was found\n"
	DK_CLI_HELP_ANALYSE_KEEP
	DK_CLI_HELP_ANALYSE_MEMORY
	DK_CLI_HELP_ANALYSE_THREADS
	DK_CLI_HELP_RULES
	DK_CLI_HELP_LANG
	DK_CLI_HELP_MAX_INPUT_SIZE
	DK_CLI_HELP_COLOR
	DK_CLI_HELP_HELP
	"\n"
	"Exit status: 0 shown, 2 usage (also when game N does not exist),\n"
	"3 invalid input, 4 I/O or system error.\n",
};

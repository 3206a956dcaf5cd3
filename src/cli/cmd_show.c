/*
 * cmd_show.c - `dokoref show`: a record as a person reads it at the table.
 *
 * The deal, the game finding and the play as a trick table: one row per
 * trick, one column per player, the led card marked '>' and the winning card
 * '*', the winners and parties as the game's verdict (verdict.h) has them.
 *
 * It words no judgement: a card not in the hand or played out of turn is
 * shown as it was recorded; `check` says what it was.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "cli.h"
#include "dd.h"
#include "check_text.h"
#include "order.h"
#include "replay.h"
#include "html.h"
#include "lang.h"
#include "ruling_text.h"
#include "shown.h"
#include "verdict.h"
#include "view_words.h"

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

#define RED "\033[31m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define RESET "\033[0m"

static const char *player_name(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

/* display width of a UTF-8 string (every code point one column) */
static int width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static void pad(FILE *f, int n)
{
	for (int i = 0; i < n; i++)
		fputc(' ', f);
}

/* a card with its suit symbol, red for ♥ and ♦ when colouring */
static void put_card(show_state *st, dk_card c, bool bold)
{
	FILE *f = st->cli->out;
	bool red = DK_CARD_SUIT(c) == DK_HEARTS || DK_CARD_SUIT(c) == DK_DIAMONDS;
	if (st->cli->color && (red || bold))
		fprintf(f, "%s%s", bold ? BOLD : "", red ? RED : "");
	fputs(dk_view_card(st->lang, c), f);
	if (st->cli->color && (red || bold))
		fputs(RESET, f);
}

static const char *bid_words(const dk_bid *b, char *buf, size_t len)
{
	switch (b->kind) {
	case DK_BID_HEALTHY: return "healthy (gesund)";
	case DK_BID_RESERVATION: return "reservation (Vorbehalt)";
	case DK_BID_SOLO:
		snprintf(buf, len, "solo: %s", dk_solo_kind_name(b->solo));
		return buf;
	case DK_BID_MARRIAGE:
		snprintf(buf, len, "marriage (Hochzeit)%s%s", b->condition ? ", partner: " : "",
			 b->condition ? dk_marriage_cond_name(b->condition) : "");
		return buf;
	case DK_BID_POVERTY: return "poverty (Armut)";
	case DK_BID_THROW_IN:
		snprintf(buf, len, "throws in%s%s", b->reason ? ": " : "",
			 b->reason ? dk_throw_reason_name(b->reason) : "");
		return buf;
	case DK_BID_POVERTY_PASS: return "passes";
	case DK_BID_POVERTY_DECLINE: return "declines the poverty";
	case DK_BID_POVERTY_ACCEPT: return "takes the poverty";
	case DK_BID_POVERTY_RETURN: return "gives back";
	case DK_BID_SWINE_SHOWN: return "shows swines (both trump aces)";
	case DK_BID_POVERTY_REPORT:
		if (b->trumps >= 0)
			snprintf(buf, len, "reports %d trump%s back", b->trumps,
				 b->trumps == 1 ? "" : "s");
		else
			snprintf(buf, len, "reports");
		return buf;
	default: return "?";
	}
}

static void show_event(show_state *st, const dk_game *g, const dk_event *e, int trick,
		       int cards_before)
{
	FILE *f = st->cli->out;
	fprintf(f, "        %s", st->cli->color ? DIM : "");
	switch (e->kind) {
	case DK_EV_ANNOUNCE:
		fprintf(f, "%s: \"%s\"", player_name(g, e->seat), dk_text_call(e->call));
		break;
	case DK_EV_SWINE:
		fprintf(f, "%s declares swines (Schweinchen)", player_name(g, e->seat));
		break;
	case DK_EV_HYPERSWINE:
		fprintf(f, "%s declares hyperswines (Hyperschweine)", player_name(g, e->seat));
		break;
	case DK_EV_GENSCHER:
		fprintf(f, "%s declares Genscher", player_name(g, e->seat));
		break;
	case DK_EV_WENDE_GENSCHER:
		fprintf(f, "%s: Wende-Genscher, chooses %s", player_name(g, e->seat),
			player_name(g, e->partner));
		break;
	case DK_EV_OBJECTION:
		fprintf(f, "objection%s%s%s%s", e->seat ? " by " : "",
			e->seat ? player_name(g, e->seat) : "", e->text ? ": " : "",
			e->text ? e->text : "");
		break;
	default:
		break;
	}
	if (cards_before == 0)
		fprintf(f, " - before the first card of trick %d", trick);
	else if (cards_before == 4)
		fprintf(f, " - after trick %d", trick);
	else
		fprintf(f, " - after card %d of trick %d", cards_before, trick);
	fprintf(f, "%s\n", st->cli->color ? RESET : "");
}

static void show_header(show_state *st, const dk_game *g, const dk_rules *rules)
{
	FILE *f = st->cli->out;
	if (!st->first)
		fputc('\n', f);
	st->first = false;
	char *keep;
	const char *name = dk_shown(strcmp(st->path, "-") == 0 ? "<stdin>" : st->path, &keep);
	fprintf(f, "%s%s, game %zu%s", st->cli->color ? BOLD : "", name, g->index,
		st->cli->color ? RESET : "");
	free(keep);
	const char *parts[6] = { dk_game_event(g), dk_game_place(g), dk_game_date(g) };
	for (int i = 0; i < 3; i++)
		if (parts[i])
			fprintf(f, " - %s", parts[i]);
	if (dk_game_table(g))
		fprintf(f, " - table %s", dk_game_table(g));
	if (g->meta.round)
		fprintf(f, " - round %s", g->meta.round);
	if (g->meta.number)
		fprintf(f, " - game no. %s", g->meta.number);
	fputc('\n', f);
	static const char *const tie_words[DK_TIE_COUNT] = {
		"of two hearts tens the first wins",
		"the second hearts ten beats the first",
		"the second hearts ten beats the first, except in the last trick",
	};
	if (rules)
		fprintf(f, "Rules:  %s%s%s%s - %d cards, %s\n", rules->name,
			rules->title ? " (" : "", rules->title ? rules->title : "",
			rules->title ? ")" : "", rules->deck_nines ? 48 : 40,
			tie_words[rules->heart10_tie]);
	else
		fputs("Rules:  none named\n", f);
	fprintf(f, "Dealer: %s (seat %d)\n", player_name(g, g->deal.dealer), g->deal.dealer);
	/* a note of several lines: the lines after its first indented under
	 * it, so that none of them looks like a line of the report */
	for (size_t i = 0; i < g->note_count; i++) {
		fputs("Note:   ", f);
		for (const char *s = g->notes[i].text; *s; s++) {
			fputc(*s, f);
			if (*s == '\n' && s[1])
				fputs("        ", f);
		}
		fputc('\n', f);
	}
}

static void show_deal(show_state *st, const dk_game *g, const dk_order *order, int name_w)
{
	FILE *f = st->cli->out;
	fputs("\nDeal (sorted)\n", f);
	for (int i = 0; i < g->deal.hand_count; i++) {
		const dk_hand *h = &g->deal.hands[i];
		dk_card cards[DK_MAX_HAND];
		memcpy(cards, h->cards, (size_t)h->count);
		dk_order_sort(order, cards, h->count);
		const char *n = player_name(g, h->seat);
		fprintf(f, "  %d %s", h->seat, n);
		pad(f, name_w - width(n) + 2);
		for (int k = 0; k < h->count; k++) {
			if (k)
				fputc(' ', f);
			put_card(st, cards[k], false);
		}
		fputc('\n', f);
	}
}

static void show_bidding(show_state *st, const dk_game *g)
{
	FILE *f = st->cli->out;
	if (!g->has_bidding || g->bid_count == 0)
		return;
	fputs("\nGame finding\n", f);
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		char buf[96];
		fprintf(f, "  %s: %s", player_name(g, b->seat), bid_words(b, buf, sizeof(buf)));
		if (b->card_count) {
			fputc(' ', f);
			for (int k = 0; k < b->card_count; k++) {
				if (k)
					fputc(' ', f);
				put_card(st, b->cards[k], false);
			}
		}
		for (int k = 0; k < b->call_count; k++)
			fprintf(f, "%s\"%s\"", k ? ", " : " with ", dk_text_call(b->calls[k]));
		if (b->text)
			fprintf(f, " \"%s\"", b->text);
		fputc('\n', f);
	}
}

static void show_play(show_state *st, const dk_game *g, const dk_replay *rp, int col_w)
{
	FILE *f = st->cli->out;
	if (!g->has_play)
		return;
	int seats[DK_PLAYING_SEATS], n_seats = 0;
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		for (int i = 0; i < g->deal.hand_count; i++)
			if (g->deal.hands[i].seat == s && n_seats < DK_PLAYING_SEATS)
				seats[n_seats++] = s;
	fputs("\nPlay", f);
	fputs("\n  trick  ", f);
	for (int i = 0; i < n_seats; i++) {
		const char *n = player_name(g, seats[i]);
		fputs(n, f);
		pad(f, col_w - width(n));
	}
	fputs("won by", f);
	fputs("\n", f);
	int tricks = 0;
	long points[DK_MAX_SEATS + 1] = { 0 };
	size_t i = 0;
	while (i < g->event_count) {
		/* collect one trick: up to four cards and the events among them */
		size_t start = i;
		dk_card cards[4];
		int who[4], n = 0;
		while (i < g->event_count && n < 4) {
			if (g->events[i].kind == DK_EV_CARD) {
				cards[n] = g->events[i].card;
				who[n++] = g->events[i].seat;
			}
			i++;
		}
		/* events after the fourth card that no card follows belong here */
		bool more_cards = false;
		for (size_t j = i; j < g->event_count; j++)
			if (g->events[j].kind == DK_EV_CARD)
				more_cards = true;
		if (!more_cards)
			i = g->event_count;
		tricks++;
		int win = n == 4 && tricks <= rp->trick_count ? rp->tricks[tricks - 1].winner_index : -1;
		fprintf(f, "  %5d  ", tricks);
		for (int c = 0; c < n_seats; c++) {
			int k = -1;
			for (int j = 0; j < n; j++)
				if (who[j] == seats[c] && k < 0)
					k = j;
			if (k < 0) {
				fputs("-", f);
				pad(f, col_w - 1);
				continue;
			}
			fputs(k == 0 ? ">" : " ", f);
			put_card(st, cards[k], k == win && n == 4);
			fputs(k == win && n == 4 ? "*" : " ", f);
			pad(f, col_w - 2 - width(dk_view_card(st->lang, cards[k])));
		}
		if (n == 4) {
			int pts = 0;
			for (int j = 0; j < 4; j++)
				pts += dk_card_points(cards[j]);
			points[who[win]] += pts;
			fprintf(f, "%s (%d)", player_name(g, who[win]), pts);
		} else {
			fprintf(f, "(incomplete)");
		}
		fputc('\n', f);
		int before = 0;
		for (size_t j = start; j < i; j++) {
			if (g->events[j].kind == DK_EV_CARD)
				before++;
			else
				show_event(st, g, &g->events[j], tricks, before);
		}
	}
	fputs("\nCard points taken:", f);
	for (int c = 0; c < n_seats; c++)
		fprintf(f, "%s %s %ld", c ? "," : "", player_name(g, seats[c]), points[seats[c]]);
	fputc('\n', f);
}

static void show_recorded(show_state *st, const dk_game *g)
{
	FILE *f = st->cli->out;
	const dk_recorded *r = &g->recorded;
	if (!r->present)
		return;
	fputs("\nRecorded by the table:", f);
	if (r->winner_none)
		fputs(" nobody won", f);
	else if (r->winner)
		fprintf(f, " %s won", r->winner == DK_PARTY_RE ? "Re" : "Kontra");
	if (r->re_points >= 0)
		fprintf(f, "%s Re %d", r->winner || r->winner_none ? "," : "", r->re_points);
	if (r->kontra_points >= 0)
		fprintf(f, ", Kontra %d", r->kontra_points);
	fputc('\n', f);
	if (r->score_count) {
		fputs("  score:", f);
		for (size_t i = 0; i < r->score_count; i++)
			fprintf(f, "%s %s %+ld", i ? "," : "", player_name(g, r->scores[i].seat),
				r->scores[i].points);
		fputc('\n', f);
	}
	if (r->total_count) {
		fputs("  running totals:", f);
		for (size_t i = 0; i < r->total_count; i++)
			fprintf(f, "%s %s %ld", i ? "," : "", player_name(g, r->totals[i].seat),
				r->totals[i].points);
		fputc('\n', f);
	}
}

/* a game judged in its session (the page shows the standings), with no
 * cost of the irregularities (show does not search); rules is NULL where
 * the record names none (judged under the normal game's order) */
static int on_game(void *ud, const dk_cli_judged *j)
{
	show_state *st = ud;
	const dk_game *g = j->v->game;
	const dk_rules *rules = j->rules;
	st->v = j->v;
	st->shown++;
	int name_w = 0;
	const dk_players *ps = dk_game_players(g);
	for (size_t i = 0; ps && i < ps->count; i++)
		if (width(ps->items[i].name) > name_w)
			name_w = width(ps->items[i].name);
	int col_w = name_w + 2 > 7 ? name_w + 2 : 7;
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
	const dk_replay *rp = &st->v->rp;
	show_header(st, g, rules);
	dk_buf b;
	dk_buf_init(&b);
	dk_text_game_type(&b, g, rp);
	fprintf(st->cli->out, "Game:   %s\n", b.data);
	if (rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL) {
		dk_buf_clear(&b);
		dk_text_parties(&b, g, rp);
		fprintf(st->cli->out, "Parties: %s (as the game ended)\n", b.data);
	}
	/* the ruling, in words from src/report/ (as check's and the page's),
	 * wrapped as check's text */
	dk_buf_clear(&b);
	dk_text_ruling(&b, st->lang, st->v);
	dk_buf_putc(&b, '\n');
	dk_buf w;
	dk_buf_init(&w);
	dk_text_wrap(&w, b.data, b.len, dk_cli_text_width(st->cli->out));
	fwrite(w.data, 1, w.len, st->cli->out);
	dk_buf_release(&w);
	dk_buf_release(&b);
	/* the order at the start: nothing declared yet */
	dk_order start = rp->order;
	start.swines = start.hyperswines = start.swines_declared = start.reversed = false;
	show_deal(st, g, &start, name_w);
	show_bidding(st, g);
	show_play(st, g, rp, col_w);
	show_recorded(st, g);
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
	dk_cli_judging how = { .want = want, .penalties = DK_VP_OBJECTED, .fallback = true,
			       .game = on_game };
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
	"Print each game of FILE (dokoref XML, plain or gzip, the dokoref\n"
	"notation, or a FreeDoko log, recognised by content; '-' is standard\n"
	"input): the metadata and rule set, every hand as dealt (sorted, trumps\n"
	"first), the game finding, and the play as a table with one row per trick\n"
	"and one column per player.  '>' marks the card that was led, '*' the card\n"
	"that won the trick; the last column names the winner and the trick's card\n"
	"points.  Announcements and declarations follow the trick they were made\n"
	"in.  At the end: the card points each player took and what the table\n"
	"wrote down.\n"
	"\n"
	"Trick winners follow the card order of the game that was played (normal\n"
	"game, marriage, poverty or the solo named), with swines and Genscher as\n"
	"declared and the rule set's tie rule for the two hearts tens.  Nothing\n"
	"is judged here: 'dokoref check' reports irregularities.\n"
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

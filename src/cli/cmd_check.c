/*
 * cmd_check.c - `dokoref check`: replay every game under its rule set and
 * report what was irregular.
 *
 * Per game: a header with the game type and the parties, then each finding
 * pointing at the record's line, with the rule that decides it, then the
 * score as played against the one recorded.  The text is in English or German
 * (--lang, by default from the locale variables); every sentence comes from
 * the catalogue in src/report/lang.c.  The JSON output has codes only.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "check_json.h"
#include "check_text.h"
#include "cli.h"
#include "foreign.h"
#include "foreign_text.h"
#include "lang.h"
#include "replay.h"
#include "penalty.h"
#include "score.h"
#include "session.h"

typedef struct check_state {
	dk_cli *cli;
	const char *path;
	long want;
	bool quiet;
	bool json;
	dk_penalty *penalties;       /* one per finding of the current game */
	bool skip_score_text;        /* the score as played is already written */
	dk_lang lang;
	size_t games, with_findings, findings, warnings, scores_wrong, scores_right;
	/* imported games with another program's score (FreeDoko) */
	size_t foreign, foreign_same, foreign_explained, foreign_differ;
	dk_buf buf;
	/* the session: the recorded score is compared with Bock applied */
	bool in_session;
	dk_session_state session;
} check_state;

/* positions the search may visit per question for one penalty */
#define DK_PENALTY_SEARCH_NODES 1000000

#define BOLD "\033[1m"
#define RED "\033[31m"
#define YELLOW "\033[33m"
#define RESET "\033[0m"

/* the score as played, and the table's record against it */
static bool scored(const dk_replay *rp)
{
	return rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL &&
	       rp->cards_played == rp->hand_size * DK_PLAYING_SEATS;
}

static void score_game(check_state *st, dk_buf *b, const dk_game *g, const dk_replay *rp,
		       const dk_score *sc, const long *per_seat)
{
	if (!sc) {
		/* a record may stop at the disputed point: say plainly why there is no score */
		if (!st->json && rp->type != DK_GT_THROWN_IN && rp->type != DK_GT_REDEAL &&
		    rp->cards_played < rp->hand_size * DK_PLAYING_SEATS) {
			dk_buf_puts(b, "  ");
			dk_say(b, st->lang, DK_MSG_CK_UNFINISHED, rp->cards_played,
			       rp->hand_size * DK_PLAYING_SEATS);
			dk_buf_putc(b, '\n');
		}
		return;
	}
	dk_lang lang = st->lang;
	if (!st->json && !st->skip_score_text)
		dk_text_score(b, lang, sc, per_seat, g, rp);
	const dk_recorded *rec = &g->recorded;
	if (!rec->present || rec->score_count == 0)
		return;
	int wrong = 0;
	for (size_t i = 0; i < rec->score_count; i++)
		if (rec->scores[i].points != per_seat[rec->scores[i].seat])
			wrong++;
	if (wrong)
		st->scores_wrong++;
	else
		st->scores_right++;
	if (st->json)
		return;
	dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_RECORDED));
	for (size_t i = 0; i < rec->score_count; i++) {
		const dk_seat_points *sp = &rec->scores[i];
		const dk_player *pl = dk_game_player_at(g, sp->seat);
		bool ok = sp->points == per_seat[sp->seat];
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", pl ? pl->name : "?", sp->points);
		if (!ok)
			dk_say(b, lang, DK_MSG_CK_SHOULD_BE, per_seat[sp->seat]);
	}
	if (wrong)
		dk_say(b, lang, dk_msg_n(wrong, DK_MSG_CK_WRONG_ONE, DK_MSG_CK_WRONG_MANY), wrong);
	else
		dk_say(b, lang, DK_MSG_CK_RIGHT);
	dk_buf_putc(b, '\n');
	if (!wrong)
		return;
	/* what each player's entry must change by to be right */
	dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_CORRECTION));
	for (size_t i = 0; i < rec->score_count; i++) {
		const dk_seat_points *sp = &rec->scores[i];
		const dk_player *pl = dk_game_player_at(g, sp->seat);
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", pl ? pl->name : "?",
			      per_seat[sp->seat] - sp->points);
	}
	dk_buf_putc(b, '\n');
}

/* a game of the session that is not shown still moves its Bocks on */
static void session_skip(check_state *st, const dk_game *g, const dk_rules *rules)
{
	dk_replay *rp = dk_xcalloc(1, sizeof(*rp));
	dk_replay_run(rp, g, rules);
	if (scored(rp)) {
		dk_score_input in;
		dk_score sc;
		long per_seat[DK_MAX_SEATS + 1];
		dk_score_input_from_replay(&in, rp, g);
		dk_score_compute(&sc, &in, rules);
		dk_score_per_seat(per_seat, &sc, rp);
		dk_session_game *sg = dk_xcalloc(1, sizeof(*sg));
		dk_session_judge(&st->session, sg, g, rules, rp, &in, &sc, per_seat);
		free(sg);
	}
	free(rp);
}

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	check_state *st = ud;
	if (st->want && (long)g->index != st->want) {
		if (st->in_session && rules)
			session_skip(st, g, rules);
		return 0;
	}
	FILE *f = st->cli->out;
	bool color = st->cli->color;
	dk_lang lang = st->lang;
	dk_buf *b = &st->buf;
	if (!rules) {
		dk_buf_clear(b);
		dk_say(b, lang, DK_MSG_CK_NO_RULES, st->path, g->index);
		dk_buf_putc(b, '\n');
		fwrite(b->data, 1, b->len, f);
		return 0;
	}
	dk_replay rp;
	dk_replay_run(&rp, g, rules);
	st->games++;
	int real = 0;
	for (int i = 0; i < rp.finding_count; i++)
		if (rp.findings[i].kind != DK_FK_WARNING)
			real++;
	st->findings += (size_t)real;
	st->warnings += (size_t)(rp.finding_count - real);
	if (real)
		st->with_findings++;
	size_t wrong_before = st->scores_wrong;
	dk_buf_clear(b);
	dk_buf_puts(b, color ? BOLD : "");
	dk_say(b, lang, DK_MSG_CK_GAME, st->path, g->index);
	dk_buf_printf(b, "%s: ", color ? RESET : "");
	dk_text_game_type_in(b, lang, g, &rp);
	dk_say(b, lang, DK_MSG_CK_RULES, rules->name);
	dk_buf_puts(b, "\n  ");
	if (rp.type != DK_GT_THROWN_IN && rp.type != DK_GT_REDEAL) {
		dk_text_parties_in(b, lang, g, &rp);
		dk_say(b, lang, DK_MSG_CK_CARD_POINTS, rp.points[DK_PARTY_RE],
		       rp.points[DK_PARTY_KONTRA]);
	}
	dk_buf_putc(b, '\n');
	if (rp.finding_count == 0)
		dk_buf_printf(b, "  %s\n", dk_msg_text(lang, DK_MSG_CK_NO_FINDINGS));
	dk_penalty *pens = st->penalties;
	for (int i = 0; i < rp.finding_count; i++) {
		const dk_finding *x = &rp.findings[i];
		bool warn = x->kind == DK_FK_WARNING;
		dk_buf_printf(b, "  %s:%u:%u: %s%s%s", st->path, x->loc.line, x->loc.col,
			      color ? (warn ? YELLOW : RED) : "", dk_finding_code_name(x->code),
			      color ? RESET : "");
		dk_buf_printf(b, " (%s", dk_finding_kind_name(x->kind));
		if (x->trick)
			dk_say(b, lang, DK_MSG_CK_TRICK_CARD, x->trick, x->card);
		else
			dk_say(b, lang, DK_MSG_CK_GAME_FINDING);
		dk_buf_puts(b, "): ");
		dk_text_finding(b, lang, x, g, &rp, rules);
		dk_buf_putc(b, '\n');
		if (x->rule_key) {
			dk_buf_puts(b, "      ");
			dk_text_rule_source(b, lang, x, rules);
			dk_buf_putc(b, '\n');
		}
		dk_penalty_assess(&pens[i], g, rules, &rp, x, DK_PENALTY_SEARCH_NODES);
		dk_text_penalty(b, lang, &pens[i], g, &rp);
	}
	if (rp.findings_dropped) {
		dk_buf_puts(b, "  ");
		dk_say(b, lang, DK_MSG_CK_MORE_FINDINGS, rp.findings_dropped);
		dk_buf_putc(b, '\n');
	}
	dk_score sc;
	long per_seat[DK_MAX_SEATS + 1];
	bool has_score = scored(&rp);
	if (has_score) {
		dk_score_input in;
		dk_score_input_from_replay(&in, &rp, g);
		dk_score_compute(&sc, &in, rules);
		dk_score_per_seat(per_seat, &sc, &rp);
	}
	/* a recorded objection selects the reading "reclaimed": the score to
	 * write down is then the penalty (a serious violation voids the game)
	 * or the score as played with the penalty on top */
	const dk_penalty *objected = has_score ? dk_penalty_objected(pens, rp.finding_count) : NULL;
	if (objected) {
		dk_text_score(b, lang, &sc, per_seat, g, &rp);
		dk_penalty_apply(per_seat, objected);
		dk_buf_printf(b, "  %s", dk_msg_text(lang, DK_MSG_CK_OBJECTED_SCORE));
		for (int k = 0; k < DK_PLAYING_SEATS; k++) {
			const dk_player *pl = dk_game_player_at(g, rp.seats[k]);
			dk_buf_printf(b, "%s %s %+ld", k ? "," : "", pl ? pl->name : "?",
				      per_seat[rp.seats[k]]);
		}
		dk_buf_putc(b, '\n');
		st->skip_score_text = true;
	}
	/* Bock: the entry to write down is the session's (dokoref audit follows
	 * the rest of the session) */
	if (!st->in_session)
		dk_session_begin(&st->session, NULL);
	long bock = 0;     /* the session's Bock multiplier; 0 = not known */
	if (has_score) {
		dk_session_game *sg = dk_xcalloc(1, sizeof(*sg));
		dk_score_input in;
		dk_score_input_from_replay(&in, &rp, g);
		dk_session_judge(&st->session, sg, g, rules, &rp, &in, &sc, per_seat);
		if (st->in_session && rules->bock_kind != DK_BOCK_NONE)
			bock = sg->multiplier;
		if (sg->multiplier != 1 || sg->bock_moved_back) {
			if (!st->json && !st->skip_score_text)
				dk_text_score(b, lang, &sc, per_seat, g, &rp);
			st->skip_score_text = true;
			if (!st->json) {
				dk_say(b, lang, DK_MSG_AU_BOCK, sg->multiplier);
				dk_buf_putc(b, '\n');
			}
			memcpy(per_seat, sg->score, sizeof(per_seat));
		}
		free(sg);
	}
	score_game(st, b, g, &rp, has_score ? &sc : NULL, per_seat);
	st->skip_score_text = false;
	/* an imported game: what its file could not tell, and the other
	 * program's score against this one */
	size_t differ_before = st->foreign_differ;
	if (!st->json && g->imported_from)
		dk_text_notes(b, lang, g);
	if (has_score && g->foreign) {
		dk_cmp cmp;
		dk_foreign_compare_bock(&cmp, &sc, &rp, g->foreign, bock);
		st->foreign++;
		if (cmp.count == 0)
			st->foreign_same++;
		else if (cmp.unexplained == 0)
			st->foreign_explained++;
		else
			st->foreign_differ++;
		if (!st->json)
			dk_text_foreign(b, lang, &cmp, g);
	}
	if (st->json) {
		dk_buf_clear(b);
		dk_json_game_bock(b, st->path, g, &rp, rules, has_score ? &sc : NULL,
				  has_score ? per_seat : NULL, pens, bock);
	}
	if (st->quiet && rp.finding_count == 0 && st->scores_wrong == wrong_before &&
	    st->foreign_differ == differ_before)
		return 0;
	fwrite(b->data, 1, b->len, f);
	return 0;
}

/* the count line: games, findings, warnings, recorded scores */
static void summary(check_state *st)
{
	dk_lang lang = st->lang;
	dk_buf games, findings, warnings;
	dk_buf_init(&games);
	dk_buf_init(&findings);
	dk_buf_init(&warnings);
	dk_say(&games, lang, dk_msg_n((long long)st->games, DK_MSG_CK_GAMES_ONE,
				      DK_MSG_CK_GAMES_MANY), st->games);
	dk_say(&findings, lang, dk_msg_n((long long)st->findings, DK_MSG_CK_FINDINGS_ONE,
					 DK_MSG_CK_FINDINGS_MANY), st->findings);
	dk_say(&warnings, lang, dk_msg_n((long long)st->warnings, DK_MSG_CK_WARNINGS_ONE,
					 DK_MSG_CK_WARNINGS_MANY), st->warnings);
	dk_buf *b = &st->buf;
	dk_buf_clear(b);
	dk_say(b, lang, DK_MSG_CK_SUMMARY, games.data, st->with_findings, findings.data,
	       warnings.data, st->scores_right, st->scores_wrong);
	dk_buf_putc(b, '\n');
	if (st->foreign) {
		dk_say(b, lang, DK_MSG_FD_SUMMARY, st->foreign, st->foreign_same,
		       st->foreign_explained, st->foreign_differ);
		dk_buf_putc(b, '\n');
	}
	fwrite(b->data, 1, b->len, st->cli->out);
	dk_buf_release(&games);
	dk_buf_release(&findings);
	dk_buf_release(&warnings);
}

static int on_session_start(void *ud, const dk_session *s)
{
	check_state *st = ud;
	st->in_session = true;
	dk_session_begin(&st->session, s);
	return 0;
}

static int on_session_end(void *ud)
{
	check_state *st = ud;
	st->in_session = false;
	return 0;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "game", required_argument, NULL, 'g' },
		{ "max-input-size", required_argument, NULL, 'm' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "format", required_argument, NULL, 'f' },
		{ "color", required_argument, NULL, 'c' },
		{ "lang", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "accept-rule-differences", no_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	dk_read_opts opts = { 0 };
	opts.judge = true;
	check_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.lang = dk_lang_from_env();
	const char *color = "auto";
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":g:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': opts.rules = optarg; break;
		case 'g': {
			char *end;
			st.want = strtol(optarg, &end, 10);
			if (*end || st.want < 1)
				return dk_cli_usage_error(cli, &dk_cmd_check,
					"--game takes a game number from 1 on, not '%s'", optarg);
			break;
		}
		case 'q': st.quiet = true; break;
		case 'A': opts.accept_rule_differences = true; break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				st.json = false;
			else if (strcmp(optarg, "json") == 0)
				st.json = true;
			else
				return dk_cli_usage_error(cli, &dk_cmd_check,
					"--format takes text or json, not '%s'", optarg);
			break;
		case 'l':
			if (!dk_lang_parse(optarg, &st.lang))
				return dk_cli_usage_error(cli, &dk_cmd_check,
					"--lang takes de or en, not '%s'", optarg);
			break;
		case 'h':
			fputs(dk_cmd_check.usage, cli->out);
			return DK_EXIT_OK;
		default: {
			int rc = dk_cli_common_option(cli, &dk_cmd_check, c, argv, &opts, &color);
			if (rc < 0)
				rc = dk_cli_common_option(cli, &dk_cmd_check, '?', argv, &opts, NULL);
			if (rc)
				return rc;
			break;
		}
		}
	}
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_check, "no file given");
	cli->color = dk_cli_want_color(cli->out, color);
	opts.need_rules = true;
	int status = DK_EXIT_OK;
	st.penalties = dk_xcalloc(DK_MAX_FINDINGS, sizeof(dk_penalty));
	dk_buf_init(&st.buf);
	dk_each_fns fns = { .game = on_game, .session_start = on_session_start,
			    .session_end = on_session_end };
	for (int i = optind; i < argc; i++) {
		st.path = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
		int rc = dk_cli_each_game(cli, argv[i], &opts, &fns, &st);
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}
	if (!st.json && (!st.quiet || st.findings || st.scores_wrong))
		summary(&st);
	dk_buf_release(&st.buf);
	free(st.penalties);
	if (status == DK_EXIT_OK && (st.findings || st.scores_wrong || st.foreign_differ))
		status = DK_EXIT_FINDINGS;
	return status;
}

const dk_command dk_cmd_check = {
	"check", run, "replay games under their rule set and report every irregularity",
	"usage: dokoref check [options] FILE...\n"
	"\n"
	"Replay every game of each FILE (dokoref XML, plain or gzip; '-' is\n"
	"standard input) under the rule set its record names and report what was\n"
	"irregular: a card played out of turn or not in the hand, a revoke, an\n"
	"announcement too late, by the wrong party, skipping a level or repeated,\n"
	"a reservation the hand did not justify, a wrong poverty exchange, a swine\n"
	"or Genscher declared falsely or at the wrong time, a missed mandatory\n"
	"announcement, a game played that should have been dealt again.\n"
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
	"party needed and took), every item of the value with the rule set key\n"
	"it rests on, the value, each player's plus-minus, and the score the table\n"
	"wrote down against it.  The last line counts games, findings and\n"
	"recorded scores.  Penalties for irregularities are not applied yet.\n"
	"In a session whose rule set has Bock, a line 'Bock: xN' says what\n"
	"doubles the game, and the score written down is compared with the\n"
	"doubled one ('dokoref audit' follows the whole session).\n"
	"\n"
	"Options:\n"
	"  --rules NAME|PATH     replay under this rule set instead of the record's\n"
	"  -g, --game N          check only the N-th game of each file\n"
	"  -q, --quiet           print only games with findings or a wrong score\n"
	"  --format FORMAT       text (default) or json: one JSON object per game\n"
	"                        and line, fields described in dokoref(1)\n"
	"  --max-input-size SIZE refuse gzip input that inflates beyond SIZE\n"
	"  --color WHEN          auto (default), always, never\n"
	"  --lang LANG           en or de: the language of the text output; by\n"
	"                        default from LC_ALL, LC_MESSAGES or LANG (de...\n"
	"                        is German, anything else English)\n"
	"  --accept-rule-differences\n"
	"                        judge a FreeDoko file although its rules have\n"
	"                        options dokoref cannot express that can change\n"
	"                        a verdict (each is named in a warning)\n"
	"  -h, --help            show this help\n"
	"\n"
	"FILE may be a FreeDoko bug report or --debug gameplay log, recognised by\n"
	"its content: its games are judged under the rule set made from its own\n"
	"rule block (see 'dokoref rules import'), and FreeDoko's score of each\n"
	"game is compared with dokoref's item by item; a difference that no\n"
	"FreeDoko option dokoref cannot express explains counts as a finding.\n"
	"The games of a gameplay log are one session, so Bock carries from game\n"
	"to game; a Bock multiplier other than FreeDoko's is such a difference.\n"
	"\n"
	"Exit status: 0 no findings and every recorded score right, 1 findings\n"
	"(warnings alone do not count), a wrong recorded score or an unexplained\n"
	"difference to FreeDoko's score,\n"
	"3 invalid input, 4 I/O error, 2 usage.\n",
};

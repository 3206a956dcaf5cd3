/*
 * cmd_convert.c - `dokoref convert`: write records in another form.
 *
 * The formats: dokoref XML (plain or gzip) in and out; FreeDoko's bug
 * reports and --debug logs in, bug reports out (one game each).  What the
 * target cannot hold is listed, and the conversion is refused unless
 * --lossy is given; for a bug report the list comes from reading the
 * written report back and comparing it with the game.  Output goes through
 * a temporary file that is renamed into place only when every game was read
 * and written; on any error nothing is left behind.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "fmt_doko.h"
#include "fmt_freedoko.h"
#include "io.h"
#include "replay.h"
#include "text_guard.h"

typedef enum target {
	TARGET_XML = 0,
	TARGET_FREEDOKO,
	TARGET_DOKO,
} target;

typedef struct convert_state {
	dk_cli *cli;
	dk_output *out;
	dk_buf buf;
	int depth;
	size_t games;
	bool hold;      /* standard output: keep everything until the end */
	target to;
	bool lossy;
	long want;      /* --game: only this game, 0 = all */
	dk_buf dropped; /* what the target cannot hold, one line each */
	dk_buf differ;  /* rules a FreeDoko rule block cannot say */
	size_t written;
} convert_state;

static void flush(convert_state *st, bool force)
{
	if (st->hold && !force)
		return;
	if (st->buf.len >= 65536 || (force && st->buf.len)) {
		dk_output_write(st->out, st->buf.data, st->buf.len);
		dk_buf_clear(&st->buf);
	}
}

static int on_begin(void *ud, dk_xml_reader *r)
{
	convert_state *st = ud;
	size_t n = 0;
	const char *const *c = r ? dk_xml_reader_prologue(r, &n) : NULL;
	if (st->to == TARGET_DOKO)
		dk_doko_write_begin(&st->buf, c, n);
	if (st->to != TARGET_XML)
		return 0;
	dk_xml_write_begin(&st->buf, c, n);
	return 0;
}

/*
 * The bytes written into st->buf from offset from on (game n, 0 for a
 * session's head) must read back: the readers refuse a control character
 * or a bidirectional control in the bytes (a carriage return alone, too),
 * and in XML any character reference the writer makes (&#9;, &#10; in an
 * attribute, &#13;), since each writes one.  A text that holds such a
 * character (it came from no file dokoref reads, or --lossy let it
 * through) fails the conversion, with nothing written.
 */
static int written_reads_back(convert_state *st, size_t from, size_t n)
{
	const char *b = st->buf.data + from;
	size_t len = st->buf.len - from;
	uint32_t cp = 0;
	size_t at = dk_text_refused(b, len, true, &cp);
	bool ref = false;
	if (at == len && st->to == TARGET_XML)
		for (size_t i = 0; i + 1 < len && !ref; i++)
			ref = b[i] == '&' && b[i + 1] == '#';
	if (at == len && !ref)
		return 0;
	char what[64];
	if (ref)
		snprintf(what, sizeof(what), "a control character");
	else
		dk_text_refused_what(what, sizeof(what), cp);
	char where[48] = "a session's head";
	if (n)
		snprintf(where, sizeof(where), "game %zu", n);
	fprintf(st->cli->err, "dokoref convert: %s holds %s in a text, which dokoref does not "
		"read back; refused\n", where, what);
	return DK_EXIT_INVALID;
}

static int on_session_start(void *ud, const dk_session *s)
{
	convert_state *st = ud;
	size_t from = st->buf.len;
	if (st->to == TARGET_DOKO)
		dk_doko_write_session_begin(&st->buf, s);
	if (st->to != TARGET_XML)
		return written_reads_back(st, from, 0);
	dk_xml_write_session_begin(&st->buf, s);
	st->depth = 2;
	return written_reads_back(st, from, 0);
}

static int on_session_end(void *ud)
{
	convert_state *st = ud;
	if (st->to == TARGET_DOKO)
		dk_doko_write_session_end(&st->buf);
	if (st->to != TARGET_XML)
		return 0;
	dk_xml_write_session_end(&st->buf);
	st->depth = 1;
	return 0;
}

/* an imported game as XML: its rule set as overrides on ddv, FreeDoko's
 * winner and card points as the recorded result */
static void imported_to_xml(convert_state *st, const dk_game *g, const dk_rules *rules)
{
	dk_game copy = *g;
	size_t nkeys;
	const dk_rule_key *keys = dk_ruleset_keys(&nkeys);
	dk_rule_override *ov = dk_xcalloc(nkeys, sizeof(*ov));
	char (*vals)[DK_RULESET_VALUE_MAX] = dk_xcalloc(nkeys, sizeof(*vals));
	size_t n = 0;
	for (size_t i = 0; i < nkeys && !g->has_rules; i++) {
		const dk_rule_source *src = dk_ruleset_value_source(rules, &keys[i]);
		if (!src || src->inherited)
			continue;
		dk_ruleset_value_format(vals[n], sizeof(vals[n]), rules, &keys[i]);
		ov[n].key = keys[i].name;
		ov[n].value = vals[n];
		n++;
	}
	if (!g->has_rules) {
		copy.has_rules = true;
		memset(&copy.rules, 0, sizeof(copy.rules));
		copy.rules.name = rules->base ? rules->base : "ddv";
		copy.rules.overrides = ov;
		copy.rules.override_count = n;
	}
	if (g->foreign && g->foreign->has_summary && !g->recorded.present) {
		copy.recorded.present = true;
		copy.recorded.winner = g->foreign->winner;
		copy.recorded.winner_none = g->foreign->winner == DK_PARTY_NONE;
		copy.recorded.re_points = g->foreign->points[DK_PARTY_RE];
		copy.recorded.kontra_points = g->foreign->points[DK_PARTY_KONTRA];
		dk_buf_printf(&st->dropped, "game %zu: %s's score items and value (%d); the "
			      "winner and the card points are kept\n", g->index,
			      g->foreign->program, g->foreign->value);
	}
	dk_xml_write_game(&st->buf, &copy, st->depth);
	free(ov);
	free(vals);
}

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	convert_state *st = ud;
	st->games++;
	if (st->want && (long)g->index != st->want)
		return 0;
	if (st->to == TARGET_FREEDOKO) {
		if (st->written) {
			fprintf(st->cli->err, "dokoref convert: a bug report holds one game; "
				"choose one with --game N\n");
			return DK_EXIT_USAGE;
		}
		if (!rules) {
			fprintf(st->cli->err, "dokoref convert: game %zu names no rule set (give "
				"--rules)\n", g->index);
			return DK_EXIT_INVALID;
		}
		dk_replay *rp = dk_xmalloc(sizeof(*rp));
		dk_replay_run(rp, g, rules);
		dk_buf lost;
		dk_buf_init(&lost);
		dk_buf differ;
		dk_buf_init(&differ);
		dk_fd_write_bugreport(&st->buf, &lost, &differ, g, rp, rules);
		if (differ.len && !st->differ.len)
			dk_buf_put(&st->differ, differ.data, differ.len);
		dk_buf_release(&differ);
		free(rp);
		/* read it back: whatever changed could not be held */
		dk_diag d;
		dk_diag_init(&d);
		dk_fd_reader *r = NULL;
		if (dk_fd_reader_open_memory(&r, st->buf.data, st->buf.len, "written", &d) == 0 &&
		    dk_fd_reader_next(r, &d) == DK_READ_GAME) {
			dk_fd_compare_games(&lost, g, dk_fd_reader_game(r));
		} else {
			dk_buf_puts(&lost, "the game (the written report does not read back)\n");
		}
		dk_fd_reader_free(r);
		dk_diag_release(&d);
		/* one line each, without repeats */
		for (char *p = lost.data, *e; p && *p; p = e + 1) {
			e = strchr(p, '\n');
			if (!e)
				break;
			*e = '\0';
			if (!strstr(st->dropped.data ? st->dropped.data : "", p))
				dk_buf_printf(&st->dropped, "game %zu: %s\n", g->index, p);
		}
		dk_buf_release(&lost);
		st->written++;
		return 0;
	}
	if (st->to == TARGET_DOKO) {
		dk_buf lost;
		dk_buf_init(&lost);
		size_t from = st->buf.len;
		dk_doko_write_game(&st->buf, &lost, g, rules);
		for (char *p = lost.data, *e; p && *p; p = e + 1) {
			e = strchr(p, '\n');
			if (!e)
				break;
			dk_buf_printf(&st->dropped, "game %zu: %.*s\n", g->index, (int)(e - p), p);
		}
		dk_buf_release(&lost);
		int rc = written_reads_back(st, from, g->index);
		if (rc)
			return rc;
		st->written++;
		flush(st, false);
		return 0;
	}
	size_t from = st->buf.len;
	if (g->imported_from)
		imported_to_xml(st, g, rules);
	else
		dk_xml_write_game(&st->buf, g, st->depth);
	int rc = written_reads_back(st, from, g->index);
	if (rc)
		return rc;
	st->written++;
	flush(st, false);
	return 0;
}

static int on_end(void *ud)
{
	convert_state *st = ud;
	if (st->to == TARGET_XML)
		dk_xml_write_end(&st->buf);
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* the page `show --format html` writes, through the same temporary file:
 * nothing half-written on failure */
static int convert_html(dk_cli *cli, const char *input, const char *output,
			const dk_read_opts *opts, long want, dk_lang lang,
			const dk_cli_analyse *an, bool gzip)
{
	if (gzip)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "an HTML page is written as plain "
					  "text");
	dk_buf page;
	dk_buf_init(&page);
	size_t games = 0;
	int rc = dk_show_html_page(cli, input, opts, want, lang, an, &page, &games);
	if (rc == DK_EXIT_OK && games == 0) {
		dk_cli_err_printf(cli, "dokoref convert: %s has no game %s\n", input,
				  want ? "of that number" : "to write");
		rc = DK_EXIT_INVALID;
	}
	if (rc != DK_EXIT_OK) {
		dk_buf_release(&page);
		if (strcmp(output, "-") != 0)
			dk_cli_err_printf(cli, "dokoref convert: nothing written to '%s'\n",
					  output);
		return rc;
	}
	dk_output *out;
	char err[300];
	dk_io_status ost = strcmp(output, "-") == 0
		? dk_output_open_stream(&out, cli->out, false)
		: dk_output_open(&out, output, false, err, sizeof(err));
	if (ost != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref convert: %s\n", err);
		dk_buf_release(&page);
		return DK_EXIT_SYSTEM;
	}
	dk_output_write(out, page.data, page.len);
	dk_buf_release(&page);
	if (dk_output_commit(out, err, sizeof(err)) != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref convert: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	return DK_EXIT_OK;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "gzip", no_argument, NULL, 'z' },
		DK_CLI_OPT_MAX_INPUT_SIZE,
		DK_CLI_OPT_HELP,
		{ "to", required_argument, NULL, 't' },
		{ "lossy", no_argument, NULL, 'L' },
		DK_CLI_OPT_GAME,
		DK_CLI_OPT_RULES,
		DK_CLI_OPT_LANG,
		{ "analyse", no_argument, NULL, 'D' },
		DK_CLI_ANALYSE_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	dk_read_opts opts = { 0 };
	const char *output = NULL, *to = NULL;
	bool gzip = false, lossy = false, analyse = false;
	dk_cli_analyse an = DK_CLI_ANALYSE_INIT;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, &dk_cmd_convert, &opts, NULL);
	co.analyse = &an;
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:zhg:", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': output = optarg; break;
		case 'z': gzip = true; break;
		case 't': to = optarg; break;
		case 'L': lossy = true; break;
		case 'D': analyse = true; break;
		default: {
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	long want = co.game;
	dk_lang lang = co.lang;
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "no input file given");
	if (argc - optind > 1)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "convert takes one input file");
	int keep_rc = dk_cli_analyse_usage(cli, &dk_cmd_convert, &an, analyse);
	if (keep_rc)
		return keep_rc;
	if (!output)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "no output given (-o FILE, or -o - "
					  "for standard output)");
	const char *input = argv[optind];
	target tg = TARGET_XML;
	if (to && strcmp(to, "xml") != 0 && strcmp(to, "freedoko") != 0 && strcmp(to, "doko") != 0 &&
	    strcmp(to, "html") != 0)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "--to takes xml, doko, freedoko or "
					  "html, not '%s'", to);
	/* before any branch: the page is an output like the others */
	const char *inputs[] = { input, opts.rules };
	if (dk_cli_output_is_input(cli, "convert", output, inputs, 2))
		return DK_EXIT_INVALID;
	if ((to && strcmp(to, "html") == 0) || ends_with(output, ".html") ||
	    ends_with(output, ".htm")) {
		opts.lang = lang;
		return convert_html(cli, input, output, &opts, want, lang,
				    analyse ? &an : NULL, gzip);
	}
	if (analyse)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "--analyse is for an HTML page "
					  "(-o FILE.html or --to html)");
	if (strcmp(output, "-") != 0) {
		bool xml = ends_with(output, ".xml") || ends_with(output, ".xml.gz");
		bool fd = ends_with(output, ".BugReport.FreeDoko") ||
			  ends_with(output, ".Reference.FreeDoko");
		bool doko = ends_with(output, ".doko");
		if (!to && !xml && !fd && !doko)
			return dk_cli_usage_error(cli, &dk_cmd_convert, "cannot tell the format of "
				"'%s': name it .xml, .xml.gz, .doko, .html or .BugReport.FreeDoko, "
				"or give --to", output);
		/* --to names the format of any output (a device such as /dev/stdout) */
		if (to) {
			fd = strcmp(to, "freedoko") == 0;
			doko = strcmp(to, "doko") == 0;
		}
		tg = fd ? TARGET_FREEDOKO : doko ? TARGET_DOKO : TARGET_XML;
		gzip = gzip || dk_path_is_gz(output);
	} else if (to && strcmp(to, "freedoko") == 0) {
		tg = TARGET_FREEDOKO;
	} else if (to && strcmp(to, "doko") == 0) {
		tg = TARGET_DOKO;
	}
	if (tg == TARGET_FREEDOKO && gzip)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "a FreeDoko bug report is never "
					  "compressed");
	if (tg == TARGET_DOKO && gzip)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "the notation is written as plain "
					  "text");
	opts.judge = false;
	convert_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.depth = 1;
	st.hold = strcmp(output, "-") == 0 || tg == TARGET_FREEDOKO;
	st.to = tg;
	st.lossy = lossy;
	st.want = want;
	char err[300];
	dk_io_status ost = strcmp(output, "-") == 0
		? dk_output_open_stream(&st.out, cli->out, gzip)
		: dk_output_open(&st.out, output, gzip, err, sizeof(err));
	if (ost != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref convert: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	dk_buf_init(&st.buf);
	dk_buf_init(&st.dropped);
	dk_buf_init(&st.differ);
	opts.fd_unexpressed = &st.dropped;
	dk_each_fns fns = {
		.begin = on_begin, .session_start = on_session_start, .game = on_game,
		.session_end = on_session_end, .end = on_end,
	};
	opts.lang = lang;
	int rc = dk_cli_each_game(cli, input, &opts, &fns, &st);
	if (rc == DK_EXIT_OK && st.written == 0 && (want || tg == TARGET_FREEDOKO)) {
		dk_cli_err_printf(cli, "dokoref convert: %s has no game %s\n", input,
				  want ? "of that number" : "to write");
		rc = DK_EXIT_INVALID;
	}
	if (rc == DK_EXIT_OK && st.differ.len) {
		fprintf(cli->err, "dokoref convert: warning: FreeDoko will not replay the game as "
			"dokoref judges it (dokoref reads the rule set's name and the hands back):\n");
		for (char *p = st.differ.data, *e; *p; p = e + 1) {
			e = strchr(p, '\n');
			fprintf(cli->err, "  %.*s\n", (int)(e - p), p);
		}
	}
	if (rc == DK_EXIT_OK && st.dropped.len) {
		fprintf(cli->err, "dokoref convert: %s cannot hold:\n", tg == TARGET_FREEDOKO
			? "a FreeDoko bug report" : tg == TARGET_DOKO ? "the notation" : "dokoref XML");
		for (char *p = st.dropped.data, *e; *p; p = e + 1) {
			e = strchr(p, '\n');
			fprintf(cli->err, "  %.*s\n", (int)(e - p), p);
		}
		if (!lossy) {
			fprintf(cli->err, "dokoref convert: refused; give --lossy to write it "
				"without them\n");
			rc = DK_EXIT_INVALID;
		}
	}
	if (rc == DK_EXIT_OK)
		flush(&st, true);
	dk_buf_release(&st.buf);
	dk_buf_release(&st.dropped);
	dk_buf_release(&st.differ);
	if (rc != DK_EXIT_OK) {
		dk_output_abort(st.out);
		if (strcmp(output, "-") != 0)
			dk_cli_err_printf(cli, "dokoref convert: nothing written to '%s'\n",
					  output);
		return rc;
	}
	if (dk_output_commit(st.out, err, sizeof(err)) != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref convert: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	return DK_EXIT_OK;
}

const dk_command dk_cmd_convert = {
	"convert", run, "write records in another format (XML, gzip, FreeDoko)",
	"usage: dokoref convert [options] IN -o OUT\n"
	"\n"
	"Read the records of IN and write them to OUT.  IN is dokoref XML (plain\n"
	"or gzip), the dokoref notation, or a FreeDoko bug report or --debug log,\n"
	"recognised by its content; '-' is standard input.  OUT is told by its\n"
	"name:\n"
	"\n"
	"  .xml, .xml.gz          dokoref XML in the canonical form of\n"
	"                         dokoref-xml(5), gzip-compressed for .gz\n"
	"  .doko                  the dokoref notation, dokoref-notation(5)\n"
	"  .html                  one self-contained page of every game, as\n"
	"                         'dokoref show --format html' writes it (the\n"
	"                         games judged under their rule sets; --lang)\n"
	"  .BugReport.FreeDoko    a FreeDoko bug report of one game, which\n"
	"  .Reference.FreeDoko    FreeDoko 0.7.13 loads\n"
	"\n"
	"Converting canonical XML again gives the same bytes.  A FreeDoko game\n"
	"becomes XML with the rule set of its rule block (as overrides on ddv)\n"
	"and FreeDoko's winner and card points as its recorded result.  A game\n"
	"becomes a bug report with a rule block in FreeDoko's words, made from\n"
	"its rule set (or the one --rules names, which also decides the trick\n"
	"winners); the rule set it names travels in the report's message, so\n"
	"that converting back gives the game.  FreeDoko replays a report by\n"
	"dealing again from its seed, so the seed that deals the game's hands is\n"
	"written; where none does (a deal made by people, nearly always),\n"
	"FreeDoko plays another deal, and a warning says so, as it names the\n"
	"rules FreeDoko's options cannot say.\n"
	"\n"
	"Whatever OUT's format cannot hold (FreeDoko's score items in XML; notes,\n"
	"the recorded score, objections, dokoref rules without a FreeDoko word in\n"
	"a bug report) is listed, and nothing is written unless --lossy is given.\n"
	"\n"
	"OUT is written through a temporary file next to it and renamed into\n"
	"place only when every game was read and written: if IN holds an invalid\n"
	"game, nothing is written.  A new OUT gets the permissions the umask\n"
	"leaves; an OUT that is replaced keeps its mode.  An OUT that is a\n"
	"character device or a FIFO is written to directly, never replaced.\n"
	"OUT may not be IN or the rule set (nor a link to them).  Output to standard output is held in memory\n"
	"until IN was read completely, for the same reason.  XML comments before\n"
	"the root element and\n"
	"before each game or session are kept; comments inside a game are not.\n"
	"\n",
	"Options:\n"
	"  -o, --output OUT      where to write ('-' is standard output)\n"
	"  -z, --gzip            compress standard output (implied by .gz)\n"
	"  --to FORMAT           xml (default), doko, freedoko or html: the format\n"
	"                        of standard output, or of an OUT whose name does\n"
	"                        not tell it (a device such as /dev/stdout)\n"
	DK_CLI_HELP_LANG
	"  --analyse             an HTML page with the double-dummy analysis of each\n"
	"                        game, as 'dokoref show --format html --analyse'\n"
	"  --analyse-limit N     positions the solver may visit for one position of\n"
	"                        a game (default 20000000; 0: no limit)\n"
	DK_CLI_HELP_ANALYSE_KEEP
	DK_CLI_HELP_ANALYSE_MEMORY
	DK_CLI_HELP_ANALYSE_THREADS
	"  -g, --game N          convert only the N-th game (a bug report holds one)\n"
	"  --lossy               write even what OUT cannot hold all of\n"
	DK_CLI_HELP_RULES
	DK_CLI_HELP_MAX_INPUT_SIZE
	DK_CLI_HELP_HELP
	"\n"
	"Exit status: 0 written, 3 invalid input or not convertible without\n"
	"--lossy, 4 I/O error, 2 usage.\n",
};

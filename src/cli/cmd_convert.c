/*
 * cmd_convert.c - `dokoref convert`: write records in another form.
 *
 * For now dokoref XML to canonical dokoref XML, plain or gzip.  Output goes
 * through a temporary file that is renamed into place only when every game
 * was read and written; on any error nothing is left behind.
 */
#include <getopt.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "io.h"

typedef struct convert_state {
	dk_cli *cli;
	dk_output *out;
	dk_buf buf;
	int depth;
	size_t games;
	bool hold;      /* standard output: keep everything until the end */
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
	dk_xml_write_begin(&st->buf, c, n);
	return 0;
}

static int on_session_start(void *ud, const dk_session *s)
{
	convert_state *st = ud;
	dk_xml_write_session_begin(&st->buf, s);
	st->depth = 2;
	return 0;
}

static int on_session_end(void *ud)
{
	convert_state *st = ud;
	dk_xml_write_session_end(&st->buf);
	st->depth = 1;
	return 0;
}

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	(void)rules;
	convert_state *st = ud;
	dk_xml_write_game(&st->buf, g, st->depth);
	st->games++;
	flush(st, false);
	return 0;
}

static int on_end(void *ud)
{
	convert_state *st = ud;
	dk_xml_write_end(&st->buf);
	return 0;
}

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "gzip", no_argument, NULL, 'z' },
		{ "max-input-size", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	dk_read_opts opts = { 0 };
	const char *output = NULL;
	bool gzip = false;
	int c;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:zh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': output = optarg; break;
		case 'z': gzip = true; break;
		case 'h':
			fputs(dk_cmd_convert.usage, cli->out);
			return DK_EXIT_OK;
		default: {
			int rc = dk_cli_common_option(cli, &dk_cmd_convert, c, argv, &opts, NULL);
			if (rc < 0)
				rc = dk_cli_common_option(cli, &dk_cmd_convert, '?', argv, &opts, NULL);
			if (rc)
				return rc;
			break;
		}
		}
	}
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "no input file given");
	if (argc - optind > 1)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "convert takes one input file");
	if (!output)
		return dk_cli_usage_error(cli, &dk_cmd_convert, "no output given (-o FILE, or -o - "
					  "for standard output)");
	const char *input = argv[optind];
	if (strcmp(output, "-") != 0) {
		size_t n = strlen(output);
		bool xml = (n >= 4 && strcmp(output + n - 4, ".xml") == 0) ||
			   (n >= 7 && strcmp(output + n - 7, ".xml.gz") == 0);
		if (!xml)
			return dk_cli_usage_error(cli, &dk_cmd_convert, "cannot tell the format of "
				"'%s': name it .xml or .xml.gz", output);
		gzip = gzip || dk_path_is_gz(output);
	}
	convert_state st = { cli, NULL, { NULL, 0, 0 }, 1, 0, strcmp(output, "-") == 0 };
	char err[300];
	dk_io_status ost = strcmp(output, "-") == 0
		? dk_output_open_stream(&st.out, cli->out, gzip)
		: dk_output_open(&st.out, output, gzip, err, sizeof(err));
	if (ost != DK_IO_OK) {
		fprintf(cli->err, "dokoref convert: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	dk_buf_init(&st.buf);
	dk_each_fns fns = {
		.begin = on_begin, .session_start = on_session_start, .game = on_game,
		.session_end = on_session_end, .end = on_end,
	};
	int rc = dk_cli_each_game(cli, input, &opts, &fns, &st);
	if (rc == DK_EXIT_OK)
		flush(&st, true);
	dk_buf_release(&st.buf);
	if (rc != DK_EXIT_OK) {
		dk_output_abort(st.out);
		if (strcmp(output, "-") != 0)
			fprintf(cli->err, "dokoref convert: nothing written to '%s'\n", output);
		return rc;
	}
	if (dk_output_commit(st.out, err, sizeof(err)) != DK_IO_OK) {
		fprintf(cli->err, "dokoref convert: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	return DK_EXIT_OK;
}

const dk_command dk_cmd_convert = {
	"convert", run, "write records in canonical form (XML, gzip)",
	"usage: dokoref convert [options] IN -o OUT\n"
	"\n"
	"Read the records of IN (dokoref XML, plain or gzip; '-' is standard\n"
	"input) and write them to OUT in the canonical form of dokoref-xml(5):\n"
	"cards as ASCII codes (CQ, H10), a fixed layout and attribute order.\n"
	"Converting canonical output again gives the same bytes.  OUT ending in\n"
	".xml.gz is written gzip-compressed.\n"
	"\n"
	"OUT is written through a temporary file next to it and renamed into\n"
	"place only when every game was read and written: if IN holds an invalid\n"
	"game, nothing is written.  Output to standard output is held in memory\n"
	"until IN was read completely, for the same reason.  XML comments before\n"
	"the root element and\n"
	"before each game or session are kept; comments inside a game are not.\n"
	"\n"
	"Options:\n"
	"  -o, --output OUT      where to write ('-' is standard output)\n"
	"  -z, --gzip            compress standard output (implied by .gz)\n"
	"  --max-input-size SIZE refuse gzip input that inflates beyond SIZE\n"
	"  -h, --help            show this help\n"
	"\n"
	"Exit status: 0 written, 3 invalid input, 4 I/O error, 2 usage.\n",
};

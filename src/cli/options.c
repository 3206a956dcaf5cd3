/*
 * options.c - the options several commands share, parsed in one place.
 *
 * A command lists the shared options it takes in its getopt_long table
 * (DK_CLI_OPT_* entries) and the words its --format takes; its own options
 * it parses itself, and every other answer of getopt_long goes to
 * dk_cli_option, which parses the value, stores it and words every error
 * the same way ("dokoref show: --format takes text or html, not 'pdf'").
 * The analysis's options (--analyse-limit and the rest) and the sizes and
 * counts they take are parsed here too.
 *
 * It does not decide what an option means for a command (whether --game
 * selects a game to print or to step through): the command does, with the
 * values stored in dk_cli_opts.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dd.h"

void dk_cli_opts_init(dk_cli_opts *o, dk_cli *cli, const dk_command *cmd, dk_read_opts *read,
		      const char *const *formats)
{
	memset(o, 0, sizeof(*o));
	o->cli = cli;
	o->cmd = cmd;
	o->read = read;
	o->formats = formats;
	o->lang = dk_lang_from_env();
	o->color = "auto";
}

/* a game number: digits only, from 1 on, not past LONG_MAX */
static bool parse_game(const char *s, long *out)
{
	if (!isdigit((unsigned char)*s))
		return false;
	char *end;
	errno = 0;
	long n = strtol(s, &end, 10);
	if (*end || errno || n < 1)
		return false;
	*out = n;
	return true;
}

/* --format's words as a sentence lists them: "a", "a or b", "a, b or c" */
static void list_words(dk_buf *b, const char *const *words)
{
	size_t n = 0;
	while (words[n])
		n++;
	for (size_t i = 0; i < n; i++)
		dk_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", words[i]);
}

static int parse_format(dk_cli_opts *o, const char *arg)
{
	for (int i = 0; o->formats && o->formats[i]; i++)
		if (strcmp(arg, o->formats[i]) == 0) {
			o->format = i;
			return DK_CLI_OPT_TAKEN;
		}
	dk_buf b;
	dk_buf_init(&b);
	if (o->formats)
		list_words(&b, o->formats);
	int rc = dk_cli_usage_error(o->cli, o->cmd, "--format takes %s, not '%s'",
				    b.data ? b.data : "", arg);
	dk_buf_release(&b);
	return rc;
}

int dk_cli_option(dk_cli_opts *o, int c, char **argv)
{
	dk_cli *cli = o->cli;
	const dk_command *cmd = o->cmd;
	if (o->analyse) {
		int rc = dk_cli_analyse_option(cli, cmd, c, optarg, o->analyse);
		if (rc >= 0)
			return rc ? rc : DK_CLI_OPT_TAKEN;
	}
	switch (c) {
	case DK_OPT_HELP:
		dk_cli_print_usage(cli, cmd);
		return DK_EXIT_OK;
	case DK_OPT_GAME:
		if (!parse_game(optarg, &o->game))
			return dk_cli_usage_error(cli, cmd, "--game takes a game number from 1 on, "
						  "not '%s'", optarg);
		return DK_CLI_OPT_TAKEN;
	case DK_OPT_RULES:
		if (o->read)
			o->read->rules = optarg;
		return DK_CLI_OPT_TAKEN;
	case DK_OPT_FORMAT:
		return parse_format(o, optarg);
	case DK_OPT_LANG:
		if (!dk_lang_parse(optarg, &o->lang))
			return dk_cli_usage_error(cli, cmd, "--lang takes de or en, not '%s'", optarg);
		return DK_CLI_OPT_TAKEN;
	case DK_OPT_COLOR:
		if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never"))
			return dk_cli_usage_error(cli, cmd, "--color takes auto, always or never, "
						  "not '%s'", optarg);
		o->color = optarg;
		cli->err_color = dk_cli_want_color(cli->err, optarg);
		return DK_CLI_OPT_TAKEN;
	case DK_OPT_MAX_INPUT_SIZE:
		if (!o->read || !dk_cli_parse_size(optarg, &o->read->max_size))
			return dk_cli_usage_error(cli, cmd, "--max-input-size takes a size such as "
						  "512M or 2G, not '%s'", optarg);
		return DK_CLI_OPT_TAKEN;
	case ':':
		return dk_cli_usage_error(cli, cmd, "option '%s' needs a value", argv[optind - 1]);
	default:
		/* '?', or an option of the table the command left to us */
		return dk_cli_usage_error(cli, cmd, "unknown option '%s'", argv[optind - 1]);
	}
}

bool dk_cli_parse_size(const char *s, uint64_t *out)
{
	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno)
		return false;
	uint64_t mul = 1;
	if (*end) {
		switch (toupper((unsigned char)*end)) {
		case 'K': mul = 1ULL << 10; break;
		case 'M': mul = 1ULL << 20; break;
		case 'G': mul = 1ULL << 30; break;
		default: return false;
		}
		end++;
		if (*end == 'i' || *end == 'I')
			end++;
		if (*end == 'B' || *end == 'b')
			end++;
		if (*end)
			return false;
	}
	if (v == 0 || v > UINT64_MAX / mul)
		return false;
	*out = v * mul;
	return true;
}

bool dk_cli_parse_positions(const char *s, long *out)
{
	char *end;
	errno = 0;
	long n = strtol(s, &end, 10);
	if (*end || end == s || errno || n < 0)
		return false;
	*out = n;
	return true;
}

/* ---- the analysis's options ------------------------------------------- */

_Static_assert(DK_ANALYSE_MEMORY_MIB << 20 == (long)DK_DD_ANALYSE_TABLE_MAX,
	       "--analyse-memory's default is the library's");

/* the largest power of two not above n (n >= 1) */
static long power_below(long n)
{
	long p = 1;
	while (p <= n / 2)
		p *= 2;
	return p;
}

/* --analyse-memory into *mib (dk_cli_analyse_option) */
static int parse_memory(dk_cli *cli, const dk_command *cmd, const char *s, long *mib)
{
	char *end;
	errno = 0;
	long n = strtol(s, &end, 10);
	long unit = 0;
	if (!*end || strcasecmp(end, "M") == 0 || strcasecmp(end, "MiB") == 0)
		unit = 1;
	else if (strcasecmp(end, "G") == 0 || strcasecmp(end, "GiB") == 0)
		unit = 1024;
	if (end == s || !unit || errno || n < 0 || !isdigit((unsigned char)*s))
		return dk_cli_usage_error(cli, cmd, "--analyse-memory takes a size in MiB, or "
					  "with M or G after it (4096, 4G), not '%s'", s);
	if (n > DK_ANALYSE_MEMORY_MAX / unit || n * unit < DK_ANALYSE_MEMORY_MIN)
		return dk_cli_usage_error(cli, cmd, "--analyse-memory %s: the solver's table "
					  "takes %ld to %ld MiB", s, DK_ANALYSE_MEMORY_MIN,
					  DK_ANALYSE_MEMORY_MAX);
	long size = power_below(n * unit);
	/* growing to size, the table holds size / 2 and size at once */
	long peak = size > (long)(DK_DD_ANALYSE_TABLE_BYTES >> 20) ? size + size / 2 : size;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	double machine = pages > 0 && page > 0 ? (double)pages * (double)page / 1048576.0 : 0;
	if (machine > 0 && peak > (long)machine)
		return dk_cli_usage_error(cli, cmd, "--analyse-memory %s: a table of %ld MiB "
					  "takes up to %ld MiB while it grows, more than this "
					  "machine's %.0f MiB of memory", s, size, peak, machine);
	*mib = size;
	return 0;
}

/* --analyse-threads: 1 to DK_DD_THREADS_MAX, or 0 for one per processor
 * core (at most DK_DD_THREADS_MAX); false if invalid */
static bool parse_threads(const char *s, int *out)
{
	long n;
	if (!dk_cli_parse_positions(s, &n) || n > DK_DD_THREADS_MAX)
		return false;
	if (n == 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		n = cores < 1 ? 1 : cores > DK_DD_THREADS_MAX ? DK_DD_THREADS_MAX : cores;
	}
	*out = (int)n;
	return true;
}

int dk_cli_analyse_option(dk_cli *cli, const dk_command *cmd, int c, const char *arg,
			  dk_cli_analyse *a)
{
	switch (c) {
	case DK_OPT_ANALYSE_LIMIT:
		if (!dk_cli_parse_positions(arg, &a->limit))
			return dk_cli_usage_error(cli, cmd, "--analyse-limit takes a number of "
						  "positions (0: no limit), not '%s'", arg);
		a->limit_given = true;
		return 0;
	case DK_OPT_ANALYSE_THREADS:
		if (!parse_threads(arg, &a->threads))
			return dk_cli_usage_error(cli, cmd, "--analyse-threads takes a number of "
						  "threads from 0 to %d, not '%s'",
						  DK_DD_THREADS_MAX, arg);
		a->threads_given = true;
		return 0;
	case DK_OPT_ANALYSE_KEEP:
		a->keep_dir = arg;
		return 0;
	case DK_OPT_ANALYSE_MEMORY:
		return parse_memory(cli, cmd, arg, &a->memory_mib);
	default:
		return -1;
	}
}

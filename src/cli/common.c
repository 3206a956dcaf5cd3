/*
 * common.c - helpers every subcommand uses; see cli.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "check.h"
#include "fmt_doko.h"
#include "fmt_sheet.h"
#include "io.h"

int dk_cli_usage_error(dk_cli *cli, const dk_command *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(cli->err, "dokoref%s%s: ", cmd ? " " : "", cmd ? cmd->name : "");
	vfprintf(cli->err, fmt, ap);
	va_end(ap);
	fprintf(cli->err, "\nTry 'dokoref %s%s--help' for more information.\n",
		cmd ? cmd->name : "", cmd ? " " : "");
	return DK_EXIT_USAGE;
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

int dk_cli_common_option(dk_cli *cli, const dk_command *cmd, int c, char **argv,
			 struct dk_read_opts *opts, const char **color)
{
	switch (c) {
	case 'm':
		if (!opts || !dk_cli_parse_size(optarg, &opts->max_size))
			return dk_cli_usage_error(cli, cmd, "--max-input-size '%s' is not a size "
						  "such as 512M or 2G", optarg);
		return 0;
	case 'c':
		if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never"))
			return dk_cli_usage_error(cli, cmd, "--color takes auto, always or never");
		if (color)
			*color = optarg;
		cli->err_color = dk_cli_want_color(cli->err, optarg);
		return 0;
	case ':':
		return dk_cli_usage_error(cli, cmd, "option '%s' needs a value", argv[optind - 1]);
	case '?':
		return dk_cli_usage_error(cli, cmd, "unknown option '%s'", argv[optind - 1]);
	default:
		return -1;
	}
}

bool dk_cli_want_color(FILE *f, const char *mode)
{
	if (mode && strcmp(mode, "always") == 0)
		return true;
	if (mode && strcmp(mode, "never") == 0)
		return false;
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		return false;
	const char *term = getenv("TERM");
	if (term && strcmp(term, "dumb") == 0)
		return false;
	return isatty(fileno(f)) == 1;
}

/* true if s[0..n) is UTF-8 without control characters other than tab
 * (C0, DEL and C1): a line with any other byte is not shown */
static bool printable(const char *s, ssize_t n)
{
	for (ssize_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return false;
		if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] < 0xa0)
			return false;
		if (c < 0x80)
			continue;
		int more = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 && c < 0xe0 ? 1 : -1;
		if (more < 0 || c >= 0xf5)
			return false;
		for (int k = 1; k <= more; k++)
			if (i + k >= n || ((unsigned char)s[i + k] & 0xc0) != 0x80)
				return false;
		i += more;
	}
	return true;
}

/* print line `line` of file (if it is a plain, readable file) and a caret */
static void print_source(dk_cli *cli, const char *file, dk_loc loc, const char *text,
			 size_t text_len)
{
	if (!file || loc.line == 0)
		return;
	FILE *f;
	if (strcmp(file, "<stdin>") == 0) {
		/* standard input read whole (the notation) can be shown again */
		if (!text || !text_len)
			return;
		f = fmemopen((void *)text, text_len, "rb");
	} else {
		/* only a regular file is read again: a FIFO would wait for a
		 * writer, or give other bytes than the first time */
		int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		struct stat st;
		if (fd < 0)
			return;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
			close(fd);
			return;
		}
		f = fdopen(fd, "rb");
		if (!f)
			close(fd);
	}
	if (!f)
		return;
	int c0 = fgetc(f), c1 = fgetc(f);
	if (c0 == 0x1f && c1 == 0x8b) {  /* gzip: no source line */
		fclose(f);
		return;
	}
	rewind(f);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = 0;
	for (uint32_t i = 0; i < loc.line; i++) {
		n = getline(&line, &cap, f);
		if (n < 0)
			break;
	}
	fclose(f);
	if (n > 0)
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
	if (n > 0 && n < 400 && printable(line, n)) {
		fprintf(cli->err, "    %s\n", line);
		if (loc.col > 0) {
			fputs("    ", cli->err);
			uint32_t col = 1;
			for (ssize_t i = 0; i < n && col < loc.col; i++) {
				unsigned char c = (unsigned char)line[i];
				if ((c & 0xc0) == 0x80)
					continue;
				fputc(c == '\t' ? '\t' : ' ', cli->err);
				col++;
			}
			fputs(cli->err_color ? "\033[1;32m^\033[0m\n" : "^\n", cli->err);
		}
	}
	free(line);
}

/* dk_cli_print_diag, with the text of standard input if it was read whole */
static void print_diag_text(dk_cli *cli, dk_diag *d, const char *text, size_t text_len)
{
	for (size_t i = 0; i < d->count; i++) {
		const dk_diag_item *it = &d->items[i];
		const char *sev = it->severity == DK_SEV_ERROR ? "error" : "warning";
		const char *on = "", *off = "";
		if (cli->err_color) {
			on = it->severity == DK_SEV_ERROR ? "\033[1;31m" : "\033[1;35m";
			off = "\033[0m";
		}
		if (it->file && it->loc.line && it->loc.col)
			fprintf(cli->err, "%s:%u:%u: ", it->file, it->loc.line, it->loc.col);
		else if (it->file && it->loc.line)
			fprintf(cli->err, "%s:%u: ", it->file, it->loc.line);
		else if (it->file)
			fprintf(cli->err, "%s: ", it->file);
		else
			fputs("dokoref: ", cli->err);
		fprintf(cli->err, "%s%s:%s %s\n", on, sev, off, it->message);
		if (i < 20)
			print_source(cli, it->file, it->loc, text, text_len);
	}
	if (d->dropped)
		fprintf(cli->err, "dokoref: %zu more message%s not shown\n", d->dropped,
			d->dropped == 1 ? "" : "s");
	dk_diag_clear(d);
}

bool dk_cli_output_is_input(dk_cli *cli, const char *command, const char *output,
			    const char *const *inputs, size_t count)
{
	struct stat out_st, in_st;
	if (!output || strcmp(output, "-") == 0 || stat(output, &out_st) != 0)
		return false;
	for (size_t i = 0; i < count; i++) {
		const char *in = inputs[i];
		if (!in)
			continue;
		int got = strcmp(in, "-") == 0 ? fstat(STDIN_FILENO, &in_st) : stat(in, &in_st);
		if (got == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
			fprintf(cli->err, "dokoref %s: error: the output '%s' is the same file as "
				"the input '%s'; nothing read, nothing written\n", command, output,
				strcmp(in, "-") == 0 ? "standard input" : in);
			return true;
		}
	}
	return false;
}

void dk_cli_print_diag(dk_cli *cli, dk_diag *d)
{
	print_diag_text(cli, d, NULL, 0);
}

/* ---- rule sets, cached per file ------------------------------------------ */

#define CACHE_SIZE 8

typedef struct rules_cache {
	struct {
		char *key;
		bool ok;
		dk_ruleset rs;
	} e[CACHE_SIZE];
	int count;
} rules_cache;

static void cache_release(rules_cache *c)
{
	for (int i = 0; i < c->count; i++) {
		free(c->e[i].key);
		dk_ruleset_release(&c->e[i].rs);
	}
	c->count = 0;
}

/* a rule set path in a record is relative to the record's directory */
static char *resolve_path(const char *record, const char *path)
{
	if (path[0] == '/' || strcmp(record, "-") == 0)
		return dk_xstrdup(path);
	const char *slash = strrchr(record, '/');
	if (!slash)
		return dk_xstrdup(path);
	size_t dir = (size_t)(slash - record) + 1;
	char *out = dk_xmalloc(dir + strlen(path) + 1);
	memcpy(out, record, dir);
	strcpy(out + dir, path);
	return out;
}

/* rule set key as dk_ruleset_load takes it: a name, or a path with a '/' */
static char *rules_key(const char *record, const dk_rules_ref *ref)
{
	if (ref->name)
		return dk_xstrdup(ref->name);
	char *p = resolve_path(record, ref->path);
	if (!strchr(p, '/')) {
		char *q = dk_xmalloc(strlen(p) + 3);
		sprintf(q, "./%s", p);
		free(p);
		return q;
	}
	return p;
}

static int load_into(dk_ruleset *rs, const char *key, dk_diag *d)
{
	return dk_ruleset_load(rs, key, dk_ruleset_default_dirs(), d);
}

/* ---- the per-file loop ------------------------------------------------------ */

typedef struct each_state {
	dk_cli *cli;
	const char *path;
	const dk_read_opts *opts;
	rules_cache cache;
	bool cli_rules_loaded;
	bool cli_rules_ok;
	dk_ruleset cli_rules;
	bool warned_no_rules;
} each_state;

/* the rules for game g: a pointer into the cache or into *fresh */
static int rules_for(each_state *st, const dk_game *g, const char *file,
		     dk_ruleset *fresh, bool *used_fresh, const dk_rules **out, dk_diag *d)
{
	*out = NULL;
	*used_fresh = false;
	if (st->opts->rules) {
		if (!st->cli_rules_loaded) {
			st->cli_rules_loaded = true;
			dk_ruleset_init(&st->cli_rules);
			st->cli_rules_ok = load_into(&st->cli_rules, st->opts->rules, d) == 0;
		}
		if (!st->cli_rules_ok)
			return -1;
		*out = &st->cli_rules.rules;
		return 0;
	}
	const dk_rules_ref *ref = dk_game_rules(g);
	if (!ref || (!ref->name && !ref->path)) {
		if (st->opts->need_rules) {
			dk_diag_error(d, file, g->loc, "game %zu names no rule set (give <rules> "
				      "in the record or --rules)", g->index);
			return -1;
		}
		if (!st->warned_no_rules) {
			st->warned_no_rules = true;
			dk_diag_warning(d, file, g->loc, "game %zu names no rule set; the deck is "
					"taken from the hand size and equal cards follow 'first wins' "
					"(give <rules> or --rules)", g->index);
		}
		return 0;
	}
	char *key = rules_key(st->path, ref);
	if (ref->override_count) {
		dk_ruleset_init(fresh);
		*used_fresh = true;
		int rc = load_into(fresh, key, d);
		for (size_t i = 0; rc == 0 && i < ref->override_count; i++)
			rc = dk_ruleset_override(fresh, ref->overrides[i].key, ref->overrides[i].value,
						 file, ref->overrides[i].loc, d);
		if (rc == 0)  /* the overrides must agree with the rest */
			rc = dk_ruleset_check(fresh, d);
		free(key);
		if (rc != 0)
			return -1;
		*out = &fresh->rules;
		return 0;
	}
	for (int i = 0; i < st->cache.count; i++) {
		if (strcmp(st->cache.e[i].key, key) == 0) {
			free(key);
			if (!st->cache.e[i].ok)
				return -1;  /* reported when first loaded */
			*out = &st->cache.e[i].rs.rules;
			return 0;
		}
	}
	if (st->cache.count == CACHE_SIZE) {
		free(st->cache.e[0].key);
		dk_ruleset_release(&st->cache.e[0].rs);
		memmove(&st->cache.e[0], &st->cache.e[1], (CACHE_SIZE - 1) * sizeof(st->cache.e[0]));
		st->cache.count--;
	}
	int slot = st->cache.count++;
	st->cache.e[slot].key = key;
	dk_ruleset_init(&st->cache.e[slot].rs);
	size_t before = d->errors;
	st->cache.e[slot].ok = load_into(&st->cache.e[slot].rs, key, d) == 0;
	if (!st->cache.e[slot].ok) {
		if (d->errors == before)
			dk_diag_error(d, file, ref->loc, "cannot load rule set '%s'", key);
		else
			dk_diag_error(d, file, ref->loc, "the record's rule set '%s' cannot be used",
				      ref->name ? ref->name : ref->path);
		return -1;
	}
	*out = &st->cache.e[slot].rs.rules;
	return 0;
}

static int worse(int a, int b)
{
	/* system errors outrank invalid input, which outranks findings */
	if (a == DK_EXIT_SYSTEM || b == DK_EXIT_SYSTEM)
		return DK_EXIT_SYSTEM;
	return a > b ? a : b;
}

/* the notation: like XML, and each game resolved under its rule set */
static int each_doko(dk_cli *cli, dk_doko_reader *r, each_state *st, const dk_each_fns *fns,
		     void *ud)
{
	dk_diag d;
	dk_diag_init(&d);
	int status = DK_EXIT_OK, rc = 0;
	const char *file = dk_doko_reader_file(r);
	size_t text_len;
	const char *text = dk_doko_reader_text(r, &text_len);
	if (fns->begin && (rc = fns->begin(ud, NULL)) != 0)
		goto done_rc;
	for (;;) {
		dk_read_item item = dk_doko_reader_next(r, &d);
		if (item == DK_READ_ERROR) {
			status = worse(status, DK_EXIT_INVALID);
			break;
		}
		if (item == DK_READ_END) {
			if (fns->end && (rc = fns->end(ud)) != 0)
				goto done_rc;
			break;
		}
		bool ok = dk_doko_reader_game_ok(r);
		if (item == DK_READ_SESSION_START) {
			const dk_session *s = dk_doko_reader_session(r);
			if (dk_session_check(s, file, &d))
				ok = false;
			if (!ok)
				status = worse(status, DK_EXIT_INVALID);
			print_diag_text(cli, &d, text, text_len);
			if (fns->session_start && (rc = fns->session_start(ud, s)) != 0)
				goto done_rc;
			continue;
		}
		if (item == DK_READ_SESSION_END) {
			if (fns->session_end && (rc = fns->session_end(ud)) != 0)
				goto done_rc;
			continue;
		}
		const dk_game *g = dk_doko_reader_game(r);
		const dk_rules *rules = NULL;
		dk_ruleset fresh;
		bool used_fresh = false;
		if (ok && rules_for(st, g, file, &fresh, &used_fresh, &rules, &d) < 0)
			ok = false;
		if (ok && dk_doko_reader_resolve(r, rules, &d) < 0)
			ok = false;
		if (ok && dk_record_check(g, rules, file, &d))
			ok = false;
		print_diag_text(cli, &d, text, text_len);
		if (!ok) {
			status = worse(status, DK_EXIT_INVALID);
		} else if (fns->game) {
			rc = fns->game(ud, g, rules);
			if (used_fresh)
				dk_ruleset_release(&fresh);
			if (rc != 0)
				goto done_rc;
			continue;
		}
		if (used_fresh)
			dk_ruleset_release(&fresh);
	}
	goto done;
done_rc:
	status = worse(status, rc);
done:
	print_diag_text(cli, &d, text, text_len);
	dk_diag_release(&d);
	return status;
}

bool dk_cli_read_head(const char *path, uint64_t max_size, char *buf, size_t cap, size_t *len)
{
	dk_input *in = NULL;
	char err[300];
	if (dk_input_open(&in, path, max_size, err, sizeof(err)) != DK_IO_OK)
		return false;
	*len = 0;
	while (*len < cap) {
		ssize_t n = dk_input_read(in, buf + *len, cap - *len);
		if (n <= 0)
			break;
		*len += (size_t)n;
	}
	dk_input_free(in);
	return true;
}

int dk_cli_sheet_format(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return -1;   /* standard input is looked at in dk_cli_each_game */
	char buf[4096];
	size_t len;
	if (!dk_cli_read_head(path, max_size, buf, sizeof(buf), &len))
		return -1;
	return dk_sheet_sniff(buf, len);
}

/* a score sheet, read whole (buf holds the len bytes read so far, cap
 * their room): to the command's sheet callback, or refused by the others */
static int each_sheet(dk_cli *cli, const dk_read_opts *opts, const char *name, dk_input *in,
		      char *buf, size_t len, size_t cap, int fmt, const dk_each_fns *fns,
		      void *ud)
{
	uint64_t limit = opts->max_size ? opts->max_size : DK_DEFAULT_MAX_INPUT;
	int status = DK_EXIT_OK;
	for (;;) {
		if (len == cap) {
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		ssize_t n = dk_input_read(in, buf + len, cap - len);
		if (n < 0) {
			const char *msg;
			dk_io_status st = dk_input_error(in, &msg);
			fprintf(cli->err, "%s: error: %s\n", name, msg);
			status = st == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
			goto done;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > limit) {
			fprintf(cli->err, "%s: error: a score sheet is read whole, and this one "
				"is larger than %llu bytes (--max-input-size)\n", name,
				(unsigned long long)limit);
			status = DK_EXIT_INVALID;
			goto done;
		}
	}
	if (!fns->sheet) {
		fprintf(cli->err, "%s: error: a score sheet (%s) has no cards; "
			"'dokoref audit' checks it\n", name,
			fmt == 0 ? "dokoref CSV" : fmt == 1 ? "DapfiDuck CSV" : "QtDoppelKopf JSON");
		status = DK_EXIT_INVALID;
		goto done;
	}
	status = fns->sheet(ud, name, buf, len, fmt);
done:
	dk_input_free(in);
	free(buf);
	return status;
}

static int open_sheet(dk_cli *cli, const dk_read_opts *opts, const char *path, int fmt,
		      const dk_each_fns *fns, void *ud)
{
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, path, opts->max_size, err, sizeof(err)) != DK_IO_OK) {
		fprintf(cli->err, "dokoref: error: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	size_t cap = 65536;
	return each_sheet(cli, opts, path, in, dk_xmalloc(cap), 0, cap, fmt, fns, ud);
}

bool dk_cli_is_doko(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return false;  /* standard input is looked at in dk_cli_each_game */
	char buf[65536];
	size_t len;
	if (!dk_cli_read_head(path, max_size, buf, sizeof(buf), &len))
		return false;
	return dk_doko_sniff(buf, len);
}

/* standard input, or a pipe or FIFO given by name (path), read once: the
 * notation is read whole, anything else goes on as XML with the bytes
 * looked at given back; *xml_in is the input for XML */
static int open_stdin(dk_cli *cli, const dk_read_opts *opts, const char *path,
		      dk_doko_reader **doko, dk_input **xml_in, const dk_each_fns *fns, void *ud,
		      bool *sheet_done)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	*doko = NULL;
	*xml_in = NULL;
	char err[300];
	dk_input *in = NULL;
	if (dk_input_open(&in, path, opts->max_size, err, sizeof(err)) != DK_IO_OK) {
		fprintf(cli->err, "dokoref: error: %s\n", err);
		return DK_EXIT_SYSTEM;
	}
	size_t cap = 65536, len = 0;
	char *buf = dk_xmalloc(cap);
	while (len < cap) {
		ssize_t n = dk_input_read(in, buf + len, cap - len);
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	int sheet_fmt = dk_sheet_sniff(buf, len);
	if (sheet_fmt >= 0) {
		*sheet_done = true;
		return each_sheet(cli, opts, name, in, buf, len, cap, sheet_fmt, fns, ud);
	}
	if (!dk_doko_sniff(buf, len)) {
		dk_input_unread(in, buf, len);
		free(buf);
		*xml_in = in;
		return 0;
	}
	uint64_t limit = opts->max_size ? opts->max_size : DK_DEFAULT_MAX_INPUT;
	for (;;) {
		if (len == cap) {
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		ssize_t n = dk_input_read(in, buf + len, cap - len);
		if (n < 0) {
			const char *msg;
			dk_io_status st = dk_input_error(in, &msg);
			fprintf(cli->err, "%s: error: %s\n", name, msg);
			dk_input_free(in);
			free(buf);
			return st == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > limit) {
			fprintf(cli->err, "%s: error: a notation file is read whole, and this one "
				"is larger than %llu bytes (--max-input-size)\n", name,
				(unsigned long long)limit);
			dk_input_free(in);
			free(buf);
			return DK_EXIT_INVALID;
		}
	}
	dk_input_free(in);
	dk_diag d;
	dk_diag_init(&d);
	int rc = dk_doko_reader_open_memory(doko, buf, len, name, &d);
	free(buf);
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	return rc == 0 ? 0 : DK_EXIT_INVALID;
}

int dk_cli_each_game(dk_cli *cli, const char *path, const dk_read_opts *opts,
		     const dk_each_fns *fns, void *ud)
{
	dk_input *xml_in = NULL;
	dk_doko_reader *doko = NULL;
	int sheet_fmt;
	struct stat sb;
	/* a pipe or FIFO can be read only once: looked at as standard input */
	bool stream = strcmp(path, "-") == 0 ||
		      (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode));
	if (stream) {
		bool sheet_done = false;
		int rc = open_stdin(cli, opts, path, &doko, &xml_in, fns, ud, &sheet_done);
		if (rc != 0 || sheet_done)
			return rc;
	} else if ((sheet_fmt = dk_cli_sheet_format(path, opts->max_size)) >= 0) {
		return open_sheet(cli, opts, path, sheet_fmt, fns, ud);
	} else if (dk_cli_is_freedoko(path, opts->max_size)) {
		return dk_cli_each_freedoko(cli, path, opts, fns, ud);
	} else if (dk_cli_is_doko(path, opts->max_size)) {
		dk_diag d;
		dk_diag_init(&d);
		int rc = dk_doko_reader_open(&doko, path, NULL, opts->max_size, &d);
		dk_cli_print_diag(cli, &d);
		dk_diag_release(&d);
		if (rc != 0)
			return rc == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
	}
	each_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.path = path;
	st.opts = opts;
	if (doko) {
		int status = each_doko(cli, doko, &st, fns, ud);
		dk_doko_reader_free(doko);
		cache_release(&st.cache);
		if (st.cli_rules_loaded)
			dk_ruleset_release(&st.cli_rules);
		return status;
	}
	dk_diag d;
	dk_diag_init(&d);
	int status = DK_EXIT_OK;
	dk_xml_reader *r = NULL;
	int rc = xml_in ? dk_xml_reader_open_input(&r, xml_in,
						   strcmp(path, "-") == 0 ? "<stdin>" : path, &d)
			: dk_xml_reader_open(&r, path, NULL, opts->max_size, &d);
	if (rc != 0) {
		dk_cli_print_diag(cli, &d);
		dk_diag_release(&d);
		return rc == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
	}
	const char *file = dk_xml_reader_file(r);
	if (fns->begin && (rc = fns->begin(ud, r)) != 0)
		goto done_rc;
	for (;;) {
		dk_read_item item = dk_xml_reader_next(r, &d);
		if (item == DK_READ_ERROR) {
			status = worse(status, dk_xml_reader_status(r) == DK_IO_SYSTEM
					       ? DK_EXIT_SYSTEM : DK_EXIT_INVALID);
			break;
		}
		if (item == DK_READ_END) {
			if (fns->end && (rc = fns->end(ud)) != 0)
				goto done_rc;
			break;
		}
		bool ok = dk_xml_reader_game_ok(r);
		if (item == DK_READ_SESSION_START) {
			const dk_session *s = dk_xml_reader_session(r);
			if (dk_session_check(s, file, &d))
				ok = false;
			if (!ok)
				status = worse(status, DK_EXIT_INVALID);
			dk_cli_print_diag(cli, &d);
			if (fns->session_start && (rc = fns->session_start(ud, s)) != 0)
				goto done_rc;
			continue;
		}
		if (item == DK_READ_SESSION_END) {
			if (fns->session_end && (rc = fns->session_end(ud)) != 0)
				goto done_rc;
			continue;
		}
		const dk_game *g = dk_xml_reader_game(r);
		const dk_rules *rules = NULL;
		dk_ruleset fresh;
		bool used_fresh = false;
		if (ok && rules_for(&st, g, file, &fresh, &used_fresh, &rules, &d) < 0)
			ok = false;
		if (ok && dk_record_check(g, rules, file, &d))
			ok = false;
		dk_cli_print_diag(cli, &d);
		if (!ok) {
			status = worse(status, DK_EXIT_INVALID);
		} else if (fns->game) {
			rc = fns->game(ud, g, rules);
			if (used_fresh)
				dk_ruleset_release(&fresh);
			if (rc != 0)
				goto done_rc;
			continue;
		}
		if (used_fresh)
			dk_ruleset_release(&fresh);
	}
	goto done;
done_rc:
	status = worse(status, rc);
done:
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	dk_xml_reader_free(r);
	cache_release(&st.cache);
	if (st.cli_rules_loaded)
		dk_ruleset_release(&st.cli_rules);
	return status;
}

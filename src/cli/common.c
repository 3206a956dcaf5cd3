/*
 * common.c - helpers every subcommand uses; see cli.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "check.h"
#include "dd.h"
#include "api_internal.h"
#include "reader.h"
#include "ruling_text.h"
#include "shown.h"

/* fmt and its arguments formatted into a line of f: its control
 * characters (but a last newline) shown as '?' (dk_shown: a file name in
 * it does not steer the terminal) */
static void vprint_shown(FILE *f, const char *fmt, va_list ap)
{
	dk_buf b;
	dk_buf_init(&b);
	dk_buf_vprintf(&b, fmt, ap);
	bool nl = b.len && b.data[b.len - 1] == '\n';
	if (nl)
		b.data[--b.len] = '\0';
	char *keep;
	fputs(dk_shown(b.data ? b.data : "", &keep), f);
	if (nl)
		fputc('\n', f);
	free(keep);
	dk_buf_release(&b);
}

void dk_cli_err_printf(dk_cli *cli, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint_shown(cli->err, fmt, ap);
	va_end(ap);
}

int dk_cli_usage_error(dk_cli *cli, const dk_command *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(cli->err, "dokoref%s%s: ", cmd ? " " : "", cmd ? cmd->name : "");
	/* what was given on the command line, a file name perhaps */
	vprint_shown(cli->err, fmt, ap);
	va_end(ap);
	fprintf(cli->err, "\nTry 'dokoref %s%s--help' for more information.\n",
		cmd ? cmd->name : "", cmd ? " " : "");
	return DK_EXIT_USAGE;
}

dk_dd *dk_cli_solver(const dk_cli_analyse *a)
{
	size_t max = (size_t)(a->memory_mib ? a->memory_mib : DK_ANALYSE_MEMORY_MIB) << 20;
	dk_dd *dd = dk_dd_new_sized(max < DK_DD_ANALYSE_TABLE_BYTES ? max
								    : DK_DD_ANALYSE_TABLE_BYTES);
	if (!dd)
		return NULL;
	dk_dd_set_limit(dd, a->limit);
	dk_dd_set_threads(dd, a->threads);
	dk_dd_set_table_max(dd, max);
	return dd;
}

void dk_cli_print_usage(dk_cli *cli, const dk_command *cmd)
{
	fputs(cmd->usage, cli->out);
	if (cmd->usage_more)
		fputs(cmd->usage_more, cli->out);
}

/* ---- a long analysis's progress --------------------------------------- */

static double monotonic_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* n positions, short: 912, 45.3 K, 1.29 G */
static void short_count(char *out, size_t size, long n)
{
	if (n < 1000)
		snprintf(out, size, "%ld", n);
	else if (n < 1000000)
		snprintf(out, size, "%.1f K", (double)n / 1e3);
	else if (n < 1000000000)
		snprintf(out, size, "%.1f M", (double)n / 1e6);
	else
		snprintf(out, size, "%.2f G", (double)n / 1e9);
}

/* Ctrl-C came during an analysis (the handler resets itself, so a
 * second one ends the program as SIGINT does) */
static volatile sig_atomic_t interrupts;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupts = 1;
}

static void meter_tick(void *ctx, const dk_dd_progress *at)
{
	dk_cli_meter *m = ctx;
	if (interrupts)
		dk_dd_stop(m->dd);
	if (!m->f)
		return;
	double s = monotonic_seconds() - m->t0;
	if (s < 1.0)
		return;
	char count[32], tail[128];
	short_count(count, sizeof(count), at->nodes);
	long secs = (long)s;
	/* the game's positions are solved from the last back: count them up */
	int len = snprintf(tail, sizeof(tail),
			   ": analysing game position %d of %d, %s searched, %ld:%02ld",
			   at->cards - at->card + 1, at->cards - at->from + 1, count,
			   secs / 60, secs % 60);
	/* one row: a line that wrapped would not be redrawn in place */
	struct winsize ws;
	int width = ioctl(fileno(m->f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 ? ws.ws_col - 1 : 79;
	int room = width - len;
	if (room < 4) {
		fprintf(m->f, "\r\033[K%.*s", width, tail + 2);
		fflush(m->f);
		m->shown = true;
		return;
	}
	/* too long: its start left out, so that the game's number stays */
	const char *name = m->what, *cut = "";
	size_t n = strlen(name);
	if (n > (size_t)room) {
		cut = "...";
		name += n - (size_t)(room - 3);
		while (((unsigned char)*name & 0xc0) == 0x80)
			name++;
	}
	fprintf(m->f, "\r\033[K%s%s%s", cut, name, tail);
	fflush(m->f);
	m->shown = true;
}

/* SIGINT caught for the meter's analysis, unless it is ignored */
static void catch_interrupt(dk_cli_meter *m)
{
	interrupts = 0;
	if (sigaction(SIGINT, NULL, &m->old_int) != 0 || m->old_int.sa_handler == SIG_IGN)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_interrupt;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	m->catching = sigaction(SIGINT, &sa, NULL) == 0;
}

void dk_cli_meter_begin(dk_cli_meter *m, struct dk_dd *dd, FILE *err, const char *path, int n)
{
	memset(m, 0, sizeof(*m));
	if (!dd)
		return;
	m->dd = dd;
	catch_interrupt(m);
	dk_dd_set_progress(dd, meter_tick, m);
	const char *term = getenv("TERM");
	if (!err || isatty(fileno(err)) != 1 || (term && strcmp(term, "dumb") == 0))
		return;
	m->f = err;
	/* the file's name, less its start where it does not fit (the game's
	 * number is what tells a session's games apart), control characters
	 * shown as '?' (dk_shown: a name is not to steer the terminal) */
	char *keep;
	const char *base = strrchr(path, '/');
	base = dk_shown(base ? base + 1 : path, &keep);
	char game[32] = "";
	if (n > 0)
		snprintf(game, sizeof(game), " game %d", n);
	size_t room = sizeof(m->what) - strlen(game) - 1, len = strlen(base);
	if (len > room) {
		base += len - room;
		while (((unsigned char)*base & 0xc0) == 0x80)
			base++;
	}
	snprintf(m->what, sizeof(m->what), "%s%s", base, game);
	free(keep);
	m->t0 = monotonic_seconds();
}

bool dk_cli_meter_end(dk_cli_meter *m, struct dk_dd *dd)
{
	if (!m->dd)
		return false;
	dk_dd_set_progress(dd, NULL, NULL);
	bool stopped = false;
	if (m->catching) {
		sigaction(SIGINT, &m->old_int, NULL);
		stopped = interrupts != 0;
		interrupts = 0;
		m->catching = false;
	}
	if (m->shown) {
		fputs("\r\033[K", m->f);
		fflush(m->f);
	}
	m->f = NULL;
	m->shown = false;
	m->dd = NULL;
	return stopped;
}

int dk_cli_text_width(FILE *f)
{
	if (isatty(fileno(f)) != 1)
		return DK_TEXT_WIDTH;
	struct winsize ws;
	if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	const char *cols = getenv("COLUMNS");
	long n = cols ? strtol(cols, NULL, 10) : 0;
	return n >= 20 && n <= 10000 ? (int)n : 80;
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

/* true if s[0..n) (NUL-terminated at n) is what dk_shown leaves as it is,
 * tabs aside: well-formed UTF-8 without control characters (C0, DEL and
 * C1) or the bidirectional and zero-width ones; a line with any other
 * byte or character is not shown */
static bool printable(const char *s, ssize_t n)
{
	for (ssize_t i = 0; i < n;) {
		if (s[i] == '\t') {
			i++;
			continue;
		}
		size_t k = dk_shown_len(s + i);
		if (k == 0 || (ssize_t)k > n - i)
			return false;
		i += (ssize_t)k;
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

/* items from to to of d, with the text of standard input if it was read
 * whole: shown while the file's count is under its cap, counted after it,
 * so that a message costs the same whatever came before it (a source line
 * is looked up by reading the file from its start: only the first few get
 * one) */
static void print_items(dk_cli *cli, const dk_diag *d, size_t from, size_t to, const char *text,
			size_t text_len)
{
	for (size_t i = from; i < to; i++) {
		const dk_diag_item *it = &d->items[i];
		if (cli->said >= DK_CLI_MESSAGES) {
			cli->unsaid++;
			continue;
		}
		const char *sev = it->severity == DK_SEV_ERROR ? "error" : "warning";
		const char *on = "", *off = "";
		if (cli->err_color) {
			on = it->severity == DK_SEV_ERROR ? "\033[1;31m" : "\033[1;35m";
			off = "\033[0m";
		}
		/* the file's name, and the message that may quote it (or
		 * another path), each on its line with control characters
		 * shown as '?' */
		char *file_keep, *msg_keep;
		const char *file = dk_shown(it->file, &file_keep);
		if (file && it->loc.line && it->loc.col)
			fprintf(cli->err, "%s:%u:%u: ", file, it->loc.line, it->loc.col);
		else if (file && it->loc.line)
			fprintf(cli->err, "%s:%u: ", file, it->loc.line);
		else if (file)
			fprintf(cli->err, "%s: ", file);
		else
			fputs("dokoref: ", cli->err);
		fprintf(cli->err, "%s%s:%s %s\n", on, sev, off, dk_shown(it->message, &msg_keep));
		free(file_keep);
		free(msg_keep);
		if (cli->said < DK_CLI_SOURCE_LINES)
			print_source(cli, it->file, it->loc, text, text_len);
		cli->said++;
	}
}

/* the end of a list printed: what it did not keep is counted with what
 * was not shown, and it is cleared */
static void print_dropped(dk_cli *cli, dk_diag *d)
{
	cli->unsaid += d->dropped;
	dk_diag_clear(d);
}

void dk_cli_said_end(dk_cli *cli)
{
	if (cli->unsaid)
		fprintf(cli->err, "dokoref: %zu more message%s not shown\n", cli->unsaid,
			cli->unsaid == 1 ? "" : "s");
	cli->said = cli->unsaid = 0;
}

/* dk_cli_print_diag, with the text of standard input if it was read whole */
static void print_diag_text(dk_cli *cli, dk_diag *d, const char *text, size_t text_len)
{
	print_items(cli, d, 0, d->count, text, text_len);
	print_dropped(cli, d);
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
			dk_cli_err_printf(cli, "dokoref %s: error: the output '%s' is the same file "
					  "as the input '%s'; nothing read, nothing written\n", command,
					  output, strcmp(in, "-") == 0 ? "standard input" : in);
			return true;
		}
	}
	return false;
}

void dk_cli_print_diag(dk_cli *cli, dk_diag *d)
{
	print_diag_text(cli, d, NULL, 0);
}

void dk_cli_print_record_diag(dk_cli *cli, struct dokoref_record *rec)
{
	size_t text_len;
	const char *text = dk_reader_text(dk_api_reader(rec), &text_len);
	print_diag_text(cli, dk_api_diag(rec), text, text_len);
}

/* ---- the per-file loop ------------------------------------------------------ */

bool dk_cli_read_head(const char *path, uint64_t max_size, char *buf, size_t cap, size_t *len)
{
	return dk_reader_read_head(path, max_size, buf, cap, len);
}

bool dk_cli_is_doko(const char *path, uint64_t max_size)
{
	return dk_reader_is_doko(path, max_size);
}

int dk_cli_sheet_format(const char *path, uint64_t max_size)
{
	return dk_reader_sheet_format(path, max_size);
}

static int worse(int a, int b)
{
	/* system errors outrank invalid input, which outranks findings */
	if (a == DK_EXIT_SYSTEM || b == DK_EXIT_SYSTEM)
		return DK_EXIT_SYSTEM;
	return a > b ? a : b;
}

/* A file read in pieces on several threads (audit --jobs) loads each rule
 * set once for all of them (the reader's shared cache); what loading it said
 * is printed where one reading of the file prints it, at the first game
 * that uses it: a worker writes a mark there into its piece's diagnostics,
 * and the taker, who prints the pieces in order, prints the words at the
 * first mark (dk_cli_reading_write_err). */
#define RULES_MARK "\001dokoref-rules:"

struct dk_cli_reading {
	const char *path;
	const dk_read_opts *opts;
	dk_rules_shared *sh;
};

/* what loading shared rule set i said, if not said yet */
static void say_shared(dk_cli *cli, dk_rules_shared *sh, size_t i)
{
	dk_diag said;
	dk_diag_init(&said);
	dk_rules_shared_take_said(sh, i, &said);
	print_diag_text(cli, &said, NULL, 0);
	dk_diag_release(&said);
}

/* a game's diagnostics; in a piece, with what loading its rule set said (or
 * on a worker the mark for it) where one reading of the file says it */
static void print_game_diag(dk_cli *cli, dk_reader *r, dk_cli_reading *rd, bool worker,
			    dk_diag *d, const char *text, size_t text_len)
{
	size_t i, at;
	if (!rd || !dk_reader_shared_use(r, &i, &at)) {
		print_diag_text(cli, d, text, text_len);
		return;
	}
	if (at > d->count)
		at = d->count;
	print_items(cli, d, 0, at, text, text_len);
	if (worker)
		fprintf(cli->err, RULES_MARK "%zu\002", i);
	else
		say_shared(cli, rd->sh, i);
	print_items(cli, d, at, d->count, text, text_len);
	print_dropped(cli, d);
}

/* the items of r, each handed to fns and what was said printed; rd: a
 * piece of a file (worker: on a worker thread); *read_error (if not NULL)
 * tells whether the reading broke off */
static int each_item(dk_cli *cli, dk_reader *r, dk_cli_reading *rd, bool worker,
		     const dk_each_fns *fns, void *ud, dk_diag *d, bool *read_error)
{
	size_t text_len;
	const char *text = dk_reader_text(r, &text_len);
	int rc = 0;
	const char *sheet;
	size_t sheet_len;
	int sheet_fmt = dk_reader_sheet(r, &sheet, &sheet_len);
	if (sheet_fmt >= 0 && fns->sheet) {
		/* a score sheet, read whole: the command's to judge */
		rc = fns->sheet(ud, dk_reader_file(r), sheet, sheet_len, sheet_fmt);
		goto done;
	}
	if (sheet_fmt >= 0) {
		/* refused: the reader says it has no cards */
		dk_reader_next(r, d);
		goto done;
	}
	if (fns->begin && (rc = fns->begin(ud, dk_reader_xml(r))) != 0)
		goto done;
	for (;;) {
		dk_read_item item = dk_reader_next(r, d);
		if (item == DK_READ_ERROR) {
			if (read_error)
				*read_error = true;
			break;
		}
		if (item == DK_READ_END) {
			if (fns->end)
				rc = fns->end(ud);
			break;
		}
		if (item == DK_READ_SESSION_START) {
			print_diag_text(cli, d, text, text_len);
			if (fns->session_start &&
			    (rc = fns->session_start(ud, dk_reader_session(r))) != 0)
				break;
			continue;
		}
		if (item == DK_READ_SESSION_END) {
			if (fns->session_end && (rc = fns->session_end(ud)) != 0)
				break;
			continue;
		}
		print_game_diag(cli, r, rd, worker, d, text, text_len);
		if (dk_reader_game_ok(r) && fns->game &&
		    (rc = fns->game(ud, dk_reader_game(r), dk_reader_rules(r))) != 0)
			break;
	}
done:
	print_diag_text(cli, d, text, text_len);
	return worse((int)dk_reader_status_of(r), rc);
}

/* the library's reader (src/lib/reader.c) reads the file; this loop
 * prints what it reports and hands each item to the command */
int dk_cli_each_game(dk_cli *cli, const char *path, const dk_read_opts *opts,
		     const dk_each_fns *fns, void *ud)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_reader *r = NULL;
	int rc = dk_reader_open(&r, path, opts, &d);
	dk_cli_print_diag(cli, &d);
	if (rc != 0) {
		dk_diag_release(&d);
		return rc;
	}
	int status = each_item(cli, r, NULL, false, fns, ud, &d, NULL);
	dk_diag_release(&d);
	dk_reader_free(r);
	dk_cli_said_end(cli);
	return status;
}

/* ---- reading a file in pieces (audit --jobs) ------------------------------- */

dk_cli_reading *dk_cli_reading_new(const char *path, const dk_read_opts *opts)
{
	dk_cli_reading *rd = dk_xcalloc(1, sizeof(*rd));
	rd->path = path;
	rd->opts = opts;
	rd->sh = dk_rules_shared_new();
	return rd;
}

void dk_cli_reading_free(dk_cli_reading *rd)
{
	if (!rd)
		return;
	dk_rules_shared_free(rd->sh);
	free(rd);
}

void dk_cli_reading_write_err(dk_cli_reading *rd, dk_cli *cli, const char *text, size_t len)
{
	static const char mark[] = RULES_MARK;
	size_t ml = sizeof(mark) - 1;
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *m = p;
		while ((m = memchr(m, mark[0], (size_t)(end - m))) != NULL &&
		       ((size_t)(end - m) < ml || memcmp(m, mark, ml) != 0))
			m++;
		if (!m) {
			fwrite(p, 1, (size_t)(end - p), cli->err);
			break;
		}
		fwrite(p, 1, (size_t)(m - p), cli->err);
		char *stop;
		size_t i = strtoul(m + ml, &stop, 10);
		p = stop < end && *stop == '\002' ? stop + 1 : stop;
		say_shared(cli, rd->sh, i);
	}
}

int dk_cli_each_game_piece(dk_cli *cli, dk_cli_reading *rd, bool worker, dk_input *in,
			   const dk_xml_origin *origin, const dk_each_fns *fns, void *ud,
			   dk_cli_piece_end *end)
{
	memset(end, 0, sizeof(*end));
	dk_read_piece piece = { in, origin };
	dk_read_opts opts = *rd->opts;
	opts.piece = &piece;
	opts.shared_rules = rd->sh;
	dk_diag d;
	dk_diag_init(&d);
	dk_reader *r = NULL;
	int rc = dk_reader_open(&r, rd->path, &opts, &d);
	dk_cli_print_diag(cli, &d);
	if (rc != 0) {
		end->read_error = true;
		dk_diag_release(&d);
		return rc;
	}
	int status = each_item(cli, r, rd, worker, fns, ud, &d, &end->read_error);
	dk_xml_reader *x = dk_reader_xml(r);
	end->line = dk_xml_reader_line(x);
	end->games = dk_xml_reader_games(x);
	end->sessions = dk_xml_reader_sessions(x);
	dk_diag_release(&d);
	dk_reader_free(r);
	/* the cap holds for each piece (a worker's messages are printed
	 * later, in the file's order) */
	dk_cli_said_end(cli);
	return status;
}

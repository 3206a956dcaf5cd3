/*
 * io.c - strict input (plain and gzip) and atomic output; see io.h.
 *
 * zlib's gzread passes non-gzip bytes through, ignores trailing garbage and
 * does not report truncation (RELIABILITY.md), so the gzip path drives
 * inflate() directly and checks each of those cases itself.
 */
#define _POSIX_C_SOURCE 200809L
#include "io.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "arena.h"

#define DK_IN_CHUNK 65536

/* deflate cannot expand more than about 1032:1; real records stay far below
 * (one game repeated: 206:1).  Past 4 MiB of output, a ratio above this is
 * a bomb made of runs, refused before it is inflated. */
#define DK_BOMB_RATIO 1000
#define DK_BOMB_MIN_OUTPUT ((uint64_t)4 << 20)

struct dk_input {
	int fd;                  /* -1 for memory input */
	const unsigned char *mem;
	size_t mem_len, mem_pos;
	bool own_fd;
	bool gzip;
	bool eof_raw;        /* the file has no more bytes */
	bool stream_end;     /* inflate reached the end of a member */
	z_stream z;
	bool z_live;
	unsigned char *raw;  /* buffer of compressed bytes (plain input: of bytes) */
	size_t raw_pos, raw_len;  /* plain input: the part of raw not yet delivered */
	uint64_t raw_read;   /* compressed bytes read from the file */
	uint64_t offset;     /* bytes delivered */
	uint64_t max_size;
	unsigned char peek[2];
	size_t peek_len;     /* plain input: bytes read while sniffing */
	dk_io_status status;
	char message[256];
	char *back;          /* bytes given back with dk_input_unread */
	size_t back_len, back_pos;
};

static void set_error(dk_input *in, dk_io_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_error(dk_input *in, dk_io_status st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(in->message, sizeof(in->message), fmt, ap);
	va_end(ap);
	in->status = st;
}

/* read() that retries on EINTR and fills as much as it can */
static ssize_t read_full(int fd, unsigned char *buf, size_t len)
{
	size_t got = 0;
	while (got < len) {
		ssize_t n = read(fd, buf + got, len - got);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/* the next raw bytes, from the file or from memory */
static ssize_t next_raw(dk_input *in, unsigned char *buf, size_t len)
{
	if (in->fd >= 0)
		return read_full(in->fd, buf, len);
	size_t n = in->mem_len - in->mem_pos;
	if (n > len)
		n = len;
	memcpy(buf, in->mem + in->mem_pos, n);
	in->mem_pos += n;
	return (ssize_t)n;
}

/* sniff the gzip magic and set up inflate; false if inflate cannot start */
static bool start(dk_input *in)
{
	ssize_t n = next_raw(in, in->peek, 2);
	if (n < 0)
		return false;
	in->peek_len = (size_t)n;
	if (n == 2 && in->peek[0] == 0x1f && in->peek[1] == 0x8b) {
		in->gzip = true;
		in->raw = dk_xmalloc(DK_IN_CHUNK);
		memcpy(in->raw, in->peek, 2);
		in->raw_read = 2;
		in->peek_len = 0;
		in->z.next_in = in->raw;
		in->z.avail_in = 2;
		if (inflateInit2(&in->z, 15 + 16) != Z_OK)
			return false;
		in->z_live = true;
	}
	return true;
}

dk_io_status dk_input_open_memory(dk_input **out, const void *data, size_t len,
				  uint64_t max_size)
{
	dk_input *in = dk_xcalloc(1, sizeof(*in));
	in->fd = -1;
	in->mem = data;
	in->mem_len = len;
	in->max_size = max_size ? max_size : DK_DEFAULT_MAX_INPUT;
	if (!start(in)) {
		dk_input_free(in);
		*out = NULL;
		return DK_IO_SYSTEM;
	}
	*out = in;
	return DK_IO_OK;
}

dk_io_status dk_input_open(dk_input **out, const char *path, uint64_t max_size,
			   char *errbuf, size_t errlen)
{
	*out = NULL;
	int fd;
	bool own = true;
	if (strcmp(path, "-") == 0) {
		fd = STDIN_FILENO;
		own = false;
	} else {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			snprintf(errbuf, errlen, "cannot open '%s': %s", path, strerror(errno));
			return DK_IO_SYSTEM;
		}
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			snprintf(errbuf, errlen, "cannot read '%s': it is a directory", path);
			close(fd);
			return DK_IO_SYSTEM;
		}
	}
	dk_input *in = dk_xcalloc(1, sizeof(*in));
	in->fd = fd;
	in->own_fd = own;
	in->max_size = max_size ? max_size : DK_DEFAULT_MAX_INPUT;
	if (!start(in)) {
		snprintf(errbuf, errlen, "cannot read '%s': %s", path,
			 in->z_live || !in->gzip ? strerror(errno) : "cannot start decompressing");
		dk_input_free(in);
		return DK_IO_SYSTEM;
	}
	*out = in;
	return DK_IO_OK;
}

static ssize_t read_plain(dk_input *in, char *buf, size_t len)
{
	size_t got = 0;
	while (in->peek_len && got < len) {
		buf[got++] = (char)in->peek[0];
		in->peek[0] = in->peek[1];
		in->peek_len--;
	}
	/* small reads come from a buffer: one system call per DK_IN_CHUNK */
	while (got < len) {
		if (in->raw_pos == in->raw_len) {
			if (in->eof_raw)
				break;
			if (!in->raw)
				in->raw = dk_xmalloc(DK_IN_CHUNK);
			ssize_t n = next_raw(in, in->raw, DK_IN_CHUNK);
			if (n < 0) {
				set_error(in, DK_IO_SYSTEM, "read error: %s", strerror(errno));
				return -1;
			}
			/* next_raw fills the buffer unless the input ends */
			if (n < DK_IN_CHUNK)
				in->eof_raw = true;
			in->raw_pos = 0;
			in->raw_len = (size_t)n;
			if (n == 0)
				break;
		}
		size_t k = in->raw_len - in->raw_pos;
		if (k > len - got)
			k = len - got;
		memcpy(buf + got, in->raw + in->raw_pos, k);
		in->raw_pos += k;
		got += k;
	}
	return (ssize_t)got;
}

/* move unread compressed bytes to the front and read more; false on error */
static bool refill(dk_input *in)
{
	size_t keep = in->z.avail_in;
	if (keep && in->z.next_in != in->raw)
		memmove(in->raw, in->z.next_in, keep);
	in->z.next_in = in->raw;
	if (in->eof_raw)
		return true;
	ssize_t n = next_raw(in, in->raw + keep, DK_IN_CHUNK - keep);
	if (n < 0) {
		set_error(in, DK_IO_SYSTEM, "read error: %s", strerror(errno));
		return false;
	}
	if ((size_t)n < DK_IN_CHUNK - keep)
		in->eof_raw = true;
	in->raw_read += (uint64_t)n;
	in->z.avail_in = (uInt)(keep + (size_t)n);
	return true;
}

static uint64_t raw_consumed(const dk_input *in)
{
	return in->raw_read - in->z.avail_in;
}

static ssize_t read_gzip(dk_input *in, char *buf, size_t len)
{
	if (len > UINT32_MAX)
		len = UINT32_MAX;
	in->z.next_out = (Bytef *)buf;
	in->z.avail_out = (uInt)len;
	while (in->z.avail_out > 0) {
		if (in->stream_end) {
			/* after a member: another member, or the end of the file */
			if (in->z.avail_in < 2 && !in->eof_raw && !refill(in))
				return -1;
			if (in->z.avail_in == 0)
				break;
			if (in->z.avail_in >= 2 && in->z.next_in[0] == 0x1f &&
			    in->z.next_in[1] == 0x8b) {
				inflateReset(&in->z);
				in->stream_end = false;
				continue;
			}
			set_error(in, DK_IO_INVALID,
				  "trailing garbage after the gzip data (at compressed byte %llu)",
				  (unsigned long long)raw_consumed(in));
			return -1;
		}
		if (in->z.avail_in == 0) {
			if (!in->eof_raw && !refill(in))
				return -1;
			if (in->z.avail_in == 0) {
				set_error(in, DK_IO_INVALID,
					  "the gzip data is truncated (it ends after %llu compressed bytes, "
					  "before the end of the stream)",
					  (unsigned long long)in->raw_read);
				return -1;
			}
		}
		int rc = inflate(&in->z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			in->stream_end = true;
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			set_error(in, DK_IO_INVALID, "corrupt gzip data at compressed byte %llu: %s",
				  (unsigned long long)raw_consumed(in),
				  in->z.msg ? in->z.msg : "unknown error");
			return -1;
		}
		uint64_t total = in->offset + (len - in->z.avail_out);
		if (total > DK_BOMB_MIN_OUTPUT && total / DK_BOMB_RATIO > raw_consumed(in)) {
			set_error(in, DK_IO_INVALID,
				  "the gzip data expands more than %d times (%llu bytes from %llu, "
				  "at compressed byte %llu): refused as a decompression bomb",
				  DK_BOMB_RATIO, (unsigned long long)total,
				  (unsigned long long)raw_consumed(in),
				  (unsigned long long)raw_consumed(in));
			return -1;
		}
		if (total > in->max_size) {
			set_error(in, DK_IO_INVALID,
				  "the decompressed data exceeds the limit of %llu bytes "
				  "at compressed byte %llu (see --max-input-size)",
				  (unsigned long long)in->max_size,
				  (unsigned long long)(in->gzip ? raw_consumed(in) : total));
			return -1;
		}
	}
	return (ssize_t)(len - in->z.avail_out);
}

ssize_t dk_input_read(dk_input *in, char *buf, size_t len)
{
	if (in->status != DK_IO_OK)
		return -1;
	if (len == 0)
		return 0;
	if (in->back_pos < in->back_len) {
		size_t n = in->back_len - in->back_pos;
		if (n > len)
			n = len;
		memcpy(buf, in->back + in->back_pos, n);
		in->back_pos += n;
		in->offset += n;
		return (ssize_t)n;
	}
	ssize_t n = in->gzip ? read_gzip(in, buf, len) : read_plain(in, buf, len);
	if (n > 0)
		in->offset += (uint64_t)n;
	return n;
}

dk_io_status dk_input_read_whole(dk_input *in, const char *what, uint64_t limit, char **buf,
				 size_t *len, size_t *cap,
				 int (*each)(void *ctx, const char *data, size_t n), void *ctx,
				 char *errbuf, size_t errlen)
{
	if (limit == 0)
		limit = DK_DEFAULT_MAX_INPUT;
	errbuf[0] = '\0';
	/* *len bytes may have been read before (the start of standard input,
	 * looked at for its format): they count too, even where no more come */
	for (bool more = true; more;) {
		if (*len > limit) {
			snprintf(errbuf, errlen, "%s is read whole, and this one is larger than %llu "
				 "bytes (--max-input-size)", what, (unsigned long long)limit);
			return DK_IO_INVALID;
		}
		if (*len + 1 >= *cap) {   /* room for the NUL a reader adds */
			*cap = *cap ? 2 * *cap : 65536;
			*buf = dk_xrealloc(*buf, *cap);
		}
		ssize_t n = dk_input_read(in, *buf + *len, *cap - *len - 1);
		if (n < 0) {
			const char *msg;
			dk_io_status st = dk_input_error(in, &msg);
			snprintf(errbuf, errlen, "%s", msg);
			return st == DK_IO_SYSTEM ? DK_IO_SYSTEM : DK_IO_INVALID;
		}
		if (each && each(ctx, *buf + *len, (size_t)n) != 0)
			return DK_IO_INVALID;
		*len += (size_t)n;
		more = n > 0;
	}
	return DK_IO_OK;
}

dk_io_status dk_input_error(const dk_input *in, const char **message)
{
	if (message)
		*message = in->message;
	return in->status;
}

bool dk_input_is_gzip(const dk_input *in)
{
	return in->gzip;
}

uint64_t dk_input_offset(const dk_input *in)
{
	return in->offset;
}

uint64_t dk_input_source_offset(const dk_input *in)
{
	return in->gzip ? in->raw_read : in->offset;
}

void dk_input_free(dk_input *in)
{
	if (!in)
		return;
	if (in->z_live)
		inflateEnd(&in->z);
	if (in->own_fd && in->fd >= 0)
		close(in->fd);
	free(in->raw);
	free(in->back);
	free(in);
}

void dk_input_unread(dk_input *in, const char *data, size_t len)
{
	size_t left = in->back_len - in->back_pos;
	char *b = dk_xmalloc(len + left + 1);
	memcpy(b, data, len);
	if (left)
		memcpy(b + len, in->back + in->back_pos, left);
	free(in->back);
	in->back = b;
	in->back_len = len + left;
	in->back_pos = 0;
	in->offset -= len < in->offset ? len : in->offset;
}

/* ---- output ---------------------------------------------------------- */

struct dk_output {
	int fd;
	FILE *stream;        /* set for dk_output_open_stream */
	bool to_stdout;
	bool direct;         /* a device or FIFO, written as it is: no rename */
	char *path;
	char *tmp;
	bool gzip;
	z_stream z;
	bool z_live;
	int error;           /* errno of the first failure, or -1 for zlib */
	unsigned char zbuf[65536];
};

bool dk_path_is_gz(const char *path)
{
	size_t n = strlen(path);
	return n >= 3 && strcmp(path + n - 3, ".gz") == 0;
}

static bool start_deflate(dk_output *o)
{
	/* windowBits 15 + 16: a gzip wrapper with an empty header */
	if (deflateInit2(&o->z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return false;
	o->z_live = true;
	return true;
}

dk_io_status dk_output_open_stream(dk_output **out, FILE *stream, bool gzip)
{
	dk_output *o = dk_xcalloc(1, sizeof(*o));
	o->fd = -1;
	o->stream = stream;
	o->to_stdout = true;
	o->gzip = gzip;
	if (gzip && !start_deflate(o)) {
		free(o);
		*out = NULL;
		return DK_IO_SYSTEM;
	}
	*out = o;
	return DK_IO_OK;
}

/*
 * The temporary file being written, for the signal handler: a signal that
 * ends the process (SIGKILL aside) removes it first, then takes its course
 * as it would have (the action before ours: the default, or a sanitizer's
 * report), so that the exit status stays the conventional 128 + signal
 * number.  One output at a time is written.
 */
static char *volatile live_tmp;
static const int fatal_signals[] = {
	/* sent from outside, or by raise() and abort() */
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
	SIGXFSZ, SIGXCPU, SIGVTALRM, SIGPROF, SIGABRT,
	/* a fault: the instruction runs again under the old action */
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS,
};
#define N_FATAL (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
#define FIRST_FAULT 13  /* the index of SIGSEGV above */
static struct sigaction old_actions[N_FATAL];
static bool handlers_set;

static void on_fatal_signal(int sig)
{
	char *tmp = live_tmp;
	if (tmp)
		unlink(tmp);
	live_tmp = NULL;
	for (size_t i = 0; i < N_FATAL; i++) {
		if (fatal_signals[i] != sig)
			continue;
		sigaction(sig, &old_actions[i], NULL);
		/* blocked in here: delivered under the old action on return */
		if (i < FIRST_FAULT)
			raise(sig);
	}
}

static void set_handlers(void)
{
	if (handlers_set)
		return;
	handlers_set = true;
	for (size_t i = 0; i < N_FATAL; i++) {
		struct sigaction sa;
		/* a signal ignored by whoever started us (nohup) stays ignored */
		if (sigaction(fatal_signals[i], NULL, &old_actions[i]) != 0 ||
		    old_actions[i].sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_fatal_signal;
		sigemptyset(&sa.sa_mask);
		for (size_t k = 0; k < N_FATAL; k++)
			sigaddset(&sa.sa_mask, fatal_signals[k]);
		sa.sa_flags = SA_ONSTACK;  /* the sanitizer's stack, if it set one */
		sigaction(fatal_signals[i], &sa, NULL);
	}
}

/*
 * The temporary file's name: next to path (rename works within one file
 * system only), the output's own name cut short where it must be so that
 * the whole name fits the directory's limit on a name (NAME_MAX on Linux:
 * an output named with 245 to 255 bytes has no room for ".tmp.XXXXXX"
 * after its name).  A name ends in ".tmp." and six letters or digits.
 */
#define TMP_TAIL ".tmp.XXXXXX"

static char *tmp_template(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
	size_t base_len = strlen(path) - dir_len;
	long max = NAME_MAX;
	char *dir = dir_len ? dk_xstrdup(path) : NULL;
	if (dir) {
		dir[dir_len] = '\0';
		long m = pathconf(dir, _PC_NAME_MAX);
		if (m > 0 && m < max)
			max = m;
		free(dir);
	} else {
		long m = pathconf(".", _PC_NAME_MAX);
		if (m > 0 && m < max)
			max = m;
	}
	size_t tail = sizeof(TMP_TAIL) - 1;
	size_t room = (size_t)max > tail + 1 ? (size_t)max - tail : 1;
	if (base_len > room)
		base_len = room;
	char *t = dk_xmalloc(dir_len + base_len + tail + 1);
	memcpy(t, path, dir_len + base_len);
	memcpy(t + dir_len + base_len, TMP_TAIL, tail + 1);
	return t;
}

/* Six letters and digits in place of the template's X: from the clock, the
 * process and a counter, so that two runs at once rarely meet; O_EXCL
 * decides when they do. */
static void fill_tmp_name(char *t, unsigned attempt)
{
	static const char digits[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static unsigned counter;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t v = (uint64_t)ts.tv_nsec * 2654435761u ^ (uint64_t)ts.tv_sec << 20 ^
		     (uint64_t)getpid() << 32 ^ (uint64_t)(counter++ + attempt) * 0x9E3779B97F4A7C15u;
	char *x = t + strlen(t) - 6;
	for (int i = 0; i < 6; i++) {
		x[i] = digits[v % 62];
		v /= 62;
	}
}

/*
 * Create the temporary file with the mode it will keep: a new output gets
 * 0666 less the umask (the kernel applies it, as for any file a program
 * creates); an output that replaces a file keeps that file's mode, and its
 * group where it can (if the group cannot be kept, the group's permission
 * bits are dropped rather than given to another group).  The file is
 * created 0600 and widened after, so no one else ever reads it while it
 * is written.
 */
static int create_tmp(char *t, const struct stat *old)
{
	for (unsigned attempt = 0; attempt < 100; attempt++) {
		fill_tmp_name(t, attempt);
		int fd = open(t, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
			      old ? 0600 : 0666);
		if (fd < 0) {
			if (errno == EEXIST)
				continue;
			return -1;
		}
		live_tmp = t;
		if (old) {
			mode_t mode = old->st_mode & 07777;
			struct stat now;
			if (fstat(fd, &now) == 0 && now.st_gid != old->st_gid &&
			    fchown(fd, (uid_t)-1, old->st_gid) != 0)
				mode &= ~(mode_t)(S_IRWXG | S_ISGID);
			if (fstat(fd, &now) == 0 && now.st_uid != old->st_uid &&
			    fchown(fd, old->st_uid, (gid_t)-1) != 0)
				mode &= ~(mode_t)S_ISUID;
			fchmod(fd, mode);
		}
		return fd;
	}
	errno = EEXIST;
	return -1;
}

/*
 * An output that exists and is not a regular file (a character device such
 * as /dev/null or /dev/stdout, a FIFO) is written to as it is: renaming a
 * file over it would put a regular file where the device or FIFO was.  A
 * block device, a socket or a directory is refused.  Returns the open
 * descriptor, -1 with errbuf set, or -2 if path is (now) a regular file
 * after all and takes the temporary file.
 */
static int open_special(const char *path, const struct stat *st, char *errbuf, size_t errlen)
{
	if (!S_ISCHR(st->st_mode) && !S_ISFIFO(st->st_mode)) {
		snprintf(errbuf, errlen, "cannot write '%s': %s", path,
			 S_ISDIR(st->st_mode) ? "it is a directory"
			 : "it is not a regular file, a character device or a FIFO");
		return -1;
	}
	int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(errbuf, errlen, "cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	struct stat now;
	if (fstat(fd, &now) == 0 && S_ISREG(now.st_mode)) {
		close(fd);
		return -2;
	}
	return fd;
}

dk_io_status dk_output_open(dk_output **out, const char *path, bool gzip,
			    char *errbuf, size_t errlen)
{
	*out = NULL;
	dk_output *o = dk_xcalloc(1, sizeof(*o));
	o->gzip = gzip;
	struct stat st;
	bool exists = strcmp(path, "-") != 0 && stat(path, &st) == 0;
	int fd = -2;
	if (strcmp(path, "-") == 0) {
		o->fd = STDOUT_FILENO;
		o->to_stdout = true;
	} else if (exists && !S_ISREG(st.st_mode) &&
		   (fd = open_special(path, &st, errbuf, errlen)) != -2) {
		if (fd < 0) {
			free(o);
			return DK_IO_SYSTEM;
		}
		o->fd = fd;
		o->path = dk_xstrdup(path);
		o->direct = true;
	} else {
		o->path = dk_xstrdup(path);
		o->tmp = tmp_template(path);
		set_handlers();
		/* the file exists from its creation on: signals wait until the
		 * handler knows its name */
		sigset_t all, before;
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &before);
		o->fd = create_tmp(o->tmp, exists && S_ISREG(st.st_mode) ? &st : NULL);
		int err = errno;
		sigprocmask(SIG_SETMASK, &before, NULL);
		if (o->fd < 0) {
			snprintf(errbuf, errlen, "cannot create a temporary file next to '%s': %s",
				 path, strerror(err));
			free(o->tmp);
			free(o->path);
			free(o);
			return DK_IO_SYSTEM;
		}
	}
	if (gzip && !start_deflate(o)) {
		snprintf(errbuf, errlen, "cannot start compressing '%s'", path);
		dk_output_abort(o);
		return DK_IO_SYSTEM;
	}
	*out = o;
	return DK_IO_OK;
}

static void write_raw(dk_output *o, const unsigned char *data, size_t len)
{
	if (o->stream) {
		if (len && !o->error && fwrite(data, 1, len, o->stream) != len)
			o->error = errno ? errno : EIO;
		return;
	}
	while (len && !o->error) {
		ssize_t n = write(o->fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			o->error = errno;
			return;
		}
		data += n;
		len -= (size_t)n;
	}
}

static void deflate_some(dk_output *o, int flush)
{
	int rc;
	do {
		o->z.next_out = o->zbuf;
		o->z.avail_out = sizeof(o->zbuf);
		rc = deflate(&o->z, flush);
		if (rc == Z_STREAM_ERROR) {
			o->error = -1;
			return;
		}
		write_raw(o, o->zbuf, sizeof(o->zbuf) - o->z.avail_out);
	} while (o->z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
}

void dk_output_write(dk_output *o, const char *data, size_t len)
{
	if (o->error || len == 0)
		return;
	if (!o->gzip) {
		write_raw(o, (const unsigned char *)data, len);
		return;
	}
	while (len) {
		uInt chunk = len > UINT32_MAX ? UINT32_MAX : (uInt)len;
		o->z.next_in = (Bytef *)(uintptr_t)data;
		o->z.avail_in = chunk;
		deflate_some(o, Z_NO_FLUSH);
		data += chunk;
		len -= chunk;
	}
}

/* remove the temporary file; the handler forgets it first */
static void drop_tmp(dk_output *o)
{
	if (live_tmp == o->tmp)
		live_tmp = NULL;
	unlink(o->tmp);
}

static void output_free(dk_output *o)
{
	if (o->z_live)
		deflateEnd(&o->z);
	free(o->tmp);
	free(o->path);
	free(o);
}

dk_io_status dk_output_commit(dk_output *o, char *errbuf, size_t errlen)
{
	const char *name = o->path ? o->path : "standard output";
	if (o->gzip && !o->error)
		deflate_some(o, Z_FINISH);
	if (o->stream && !o->error && fflush(o->stream) != 0)
		o->error = errno ? errno : EIO;
	if (!o->error && !o->to_stdout && !o->direct && fsync(o->fd) != 0 && errno != EINVAL)
		o->error = errno;
	if (!o->to_stdout && close(o->fd) != 0 && !o->error)
		o->error = errno;
	if (!o->error && !o->to_stdout && !o->direct) {
		if (rename(o->tmp, o->path) != 0)
			o->error = errno;
		else
			live_tmp = NULL;
	}
	if (o->error) {
		snprintf(errbuf, errlen, "cannot write '%s': %s", name,
			 o->error > 0 ? strerror(o->error) : "compression failed");
		if (!o->to_stdout && !o->direct)
			drop_tmp(o);
		output_free(o);
		return DK_IO_SYSTEM;
	}
	output_free(o);
	return DK_IO_OK;
}

void dk_output_abort(dk_output *o)
{
	if (!o)
		return;
	if (!o->to_stdout) {
		close(o->fd);
		if (!o->direct)
			drop_tmp(o);
	}
	output_free(o);
}

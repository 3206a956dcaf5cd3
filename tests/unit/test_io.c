/*
 * test_io.c - strict gzip input, the size cap, and atomic output.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "io.h"
#include "leakcheck.h"

TestSuite(io, .fini = dk_leak_check);

/* gzip-compress len bytes into a new buffer */
static unsigned char *gz(const char *data, size_t len, size_t *out_len)
{
	z_stream z;
	memset(&z, 0, sizeof(z));
	cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	size_t cap = deflateBound(&z, (uLong)len) + 64;
	unsigned char *out = malloc(cap);
	z.next_in = (Bytef *)(uintptr_t)data;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
	*out_len = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

/* read everything; returns -1 on error with the message in msg */
static ssize_t read_all(const void *data, size_t len, uint64_t cap, char *buf, size_t buflen,
			const char **msg, dk_io_status *st)
{
	dk_input *in;
	cr_assert_eq(dk_input_open_memory(&in, data, len, cap), DK_IO_OK);
	size_t got = 0;
	ssize_t n;
	static char keep[300];
	while ((n = dk_input_read(in, buf + got, buflen - got > 1000 ? 1000 : buflen - got)) > 0)
		got += (size_t)n;
	if (n < 0) {
		const char *m;
		*st = dk_input_error(in, &m);
		snprintf(keep, sizeof(keep), "%s", m);
		*msg = keep;
		dk_input_free(in);
		return -1;
	}
	dk_input_free(in);
	return (ssize_t)got;
}

static const char text[] = "<dokoref version=\"1\">\n  <!-- a short document -->\n</dokoref>\n";

Test(io, plain_input_passes_through)
{
	char buf[256];
	const char *msg;
	dk_io_status st;
	ssize_t n = read_all(text, strlen(text), 0, buf, sizeof(buf), &msg, &st);
	cr_assert_eq(n, (ssize_t)strlen(text));
	cr_expect_eq(memcmp(buf, text, strlen(text)), 0);
}

Test(io, gzip_is_detected_and_inflated)
{
	size_t zlen;
	unsigned char *z = gz(text, strlen(text), &zlen);
	char buf[256];
	const char *msg;
	dk_io_status st;
	ssize_t n = read_all(z, zlen, 0, buf, sizeof(buf), &msg, &st);
	cr_assert_eq(n, (ssize_t)strlen(text));
	cr_expect_eq(memcmp(buf, text, strlen(text)), 0);
	free(z);
}

Test(io, concatenated_gzip_members_are_one_stream)
{
	size_t a_len, b_len;
	unsigned char *a = gz("first ", 6, &a_len);
	unsigned char *b = gz("second", 6, &b_len);
	unsigned char *both = malloc(a_len + b_len);
	memcpy(both, a, a_len);
	memcpy(both + a_len, b, b_len);
	char buf[64];
	const char *msg;
	dk_io_status st;
	ssize_t n = read_all(both, a_len + b_len, 0, buf, sizeof(buf), &msg, &st);
	cr_assert_eq(n, 12);
	cr_expect_eq(memcmp(buf, "first second", 12), 0);
	free(a);
	free(b);
	free(both);
}

Test(io, truncated_gzip_is_an_error)
{
	size_t zlen;
	unsigned char *z = gz(text, strlen(text), &zlen);
	for (size_t cut = 1; cut <= 8; cut++) {
		char buf[256];
		const char *msg = NULL;
		dk_io_status st = DK_IO_OK;
		ssize_t n = read_all(z, zlen - cut, 0, buf, sizeof(buf), &msg, &st);
		cr_expect_eq(n, -1, "cutting %zu bytes went unnoticed", cut);
		cr_expect_eq(st, DK_IO_INVALID);
		cr_expect_not_null(strstr(msg ? msg : "", "truncated"), "%s", msg);
	}
	free(z);
}

Test(io, trailing_garbage_is_an_error)
{
	size_t zlen;
	unsigned char *z = gz(text, strlen(text), &zlen);
	unsigned char *more = malloc(zlen + 5);
	memcpy(more, z, zlen);
	memcpy(more + zlen, "junk!", 5);
	char buf[256];
	const char *msg = NULL;
	dk_io_status st;
	cr_expect_eq(read_all(more, zlen + 5, 0, buf, sizeof(buf), &msg, &st), -1);
	cr_expect_not_null(strstr(msg, "trailing garbage"), "%s", msg);
	free(z);
	free(more);
}

Test(io, corrupt_checksum_is_an_error)
{
	size_t zlen;
	unsigned char *z = gz(text, strlen(text), &zlen);
	z[zlen - 6] ^= 0x55;  /* inside the CRC32 */
	char buf[256];
	const char *msg = NULL;
	dk_io_status st;
	cr_expect_eq(read_all(z, zlen, 0, buf, sizeof(buf), &msg, &st), -1);
	cr_expect_not_null(strstr(msg, "incorrect data check"), "%s", msg);
	free(z);
}

Test(io, decompressed_size_is_capped)
{
	size_t len = 100000, zlen;
	char *data = malloc(len);
	for (size_t i = 0; i < len; i++)
		data[i] = (char)('a' + (i * 7919) % 26);
	unsigned char *z = gz(data, len, &zlen);
	char *buf = malloc(len + 10);
	const char *msg = NULL;
	dk_io_status st;
	cr_expect_eq(read_all(z, zlen, 50000, buf, len + 10, &msg, &st), -1);
	cr_expect_not_null(strstr(msg, "exceeds the limit of 50000 bytes"), "%s", msg);
	cr_expect_eq(read_all(z, zlen, 100000, buf, len + 10, &msg, &st), (ssize_t)len);
	free(data);
	free(z);
	free(buf);
}

Test(io, a_bomb_is_refused_by_its_ratio)
{
	size_t len = 8u << 20, zlen;
	char *data = malloc(len);
	memset(data, ' ', len);
	unsigned char *z = gz(data, len, &zlen);
	char *buf = malloc(len);
	const char *msg = NULL;
	dk_io_status st;
	cr_expect_eq(read_all(z, zlen, 0, buf, len, &msg, &st), -1);
	cr_expect_not_null(strstr(msg, "decompression bomb"), "%s", msg);
	free(data);
	free(z);
	free(buf);
}

static char tmpdir[64];

static void make_tmpdir(void)
{
	strcpy(tmpdir, "/tmp/dokoref-io-XXXXXX");
	cr_assert_not_null(mkdtemp(tmpdir));
}

static int count_entries(const char *dir)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "ls -A %s | wc -l", dir);
	FILE *p = popen(cmd, "r");
	int n = -1;
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	return n;
}

Test(io, output_appears_only_on_commit, .init = make_tmpdir)
{
	char path[128], err[200];
	snprintf(path, sizeof(path), "%s/out.xml", tmpdir);
	dk_output *o;
	cr_assert_eq(dk_output_open(&o, path, false, err, sizeof(err)), DK_IO_OK);
	dk_output_write(o, "hello\n", 6);
	struct stat sb;
	cr_expect_neq(stat(path, &sb), 0, "the target exists before commit");
	cr_assert_eq(dk_output_commit(o, err, sizeof(err)), DK_IO_OK, "%s", err);
	cr_expect_eq(stat(path, &sb), 0);
	cr_expect_eq(sb.st_size, 6);
	cr_expect_eq(count_entries(tmpdir), 1, "a temporary file was left behind");
	unlink(path);
	rmdir(tmpdir);
}

Test(io, abort_leaves_nothing_and_keeps_the_old_file, .init = make_tmpdir)
{
	char path[128], err[200];
	snprintf(path, sizeof(path), "%s/keep.xml", tmpdir);
	FILE *f = fopen(path, "w");
	fputs("old\n", f);
	fclose(f);
	dk_output *o;
	cr_assert_eq(dk_output_open(&o, path, true, err, sizeof(err)), DK_IO_OK);
	dk_output_write(o, "new content that never lands\n", 29);
	dk_output_abort(o);
	struct stat sb;
	cr_assert_eq(stat(path, &sb), 0);
	cr_expect_eq(sb.st_size, 4, "the old file was touched");
	cr_expect_eq(count_entries(tmpdir), 1, "a temporary file was left behind");
	unlink(path);
	rmdir(tmpdir);
}

Test(io, gzip_output_reads_back, .init = make_tmpdir)
{
	char path[128], err[200];
	snprintf(path, sizeof(path), "%s/out.xml.gz", tmpdir);
	dk_output *o;
	cr_assert_eq(dk_output_open(&o, path, true, err, sizeof(err)), DK_IO_OK);
	for (int i = 0; i < 1000; i++)
		dk_output_write(o, text, strlen(text));
	cr_assert_eq(dk_output_commit(o, err, sizeof(err)), DK_IO_OK, "%s", err);
	dk_input *in;
	cr_assert_eq(dk_input_open(&in, path, 0, err, sizeof(err)), DK_IO_OK);
	cr_expect(dk_input_is_gzip(in));
	size_t want = 1000 * strlen(text), total = 0;
	char *buf = malloc(want + 4096);
	ssize_t n;
	while ((n = dk_input_read(in, buf + total, 4096)) > 0)
		total += (size_t)n;
	cr_expect_eq(n, 0);
	cr_assert_eq(total, want);
	for (size_t i = 0; i < 1000; i++)
		cr_expect_eq(memcmp(buf + i * strlen(text), text, strlen(text)), 0);
	free(buf);
	dk_input_free(in);
	unlink(path);
	rmdir(tmpdir);
}

/* dk_input_read_whole's look at each block: counts the bytes, refuses
 * after refuse_after of them (0: never) */
struct seen {
	size_t bytes;
	int ends;
	size_t refuse_after;
};

static int count_block(void *ctx, const char *data, size_t n)
{
	struct seen *s = ctx;
	(void)data;
	s->bytes += n;
	s->ends += n == 0;
	return s->refuse_after && s->bytes > s->refuse_after ? -1 : 0;
}

Test(io, read_whole_grows_keeps_room_for_a_nul_and_shows_each_block)
{
	size_t big = 200000;   /* more than the first block of 64 KiB */
	char *data = malloc(big);
	for (size_t i = 0; i < big; i++)
		data[i] = (char)('a' + i % 26);
	dk_input *in;
	cr_assert_eq(dk_input_open_memory(&in, data, big, 0), DK_IO_OK);
	char *buf = NULL, err[300];
	size_t len = 0, cap = 0;
	struct seen s = { 0 };
	cr_assert_eq(dk_input_read_whole(in, "a test", 0, &buf, &len, &cap, count_block, &s, err,
					 sizeof(err)), DK_IO_OK);
	cr_expect_eq(len, big);
	cr_expect_gt(cap, len);   /* room for the NUL */
	cr_expect_eq(memcmp(buf, data, big), 0);
	cr_expect_eq(s.bytes, big);
	cr_expect_eq(s.ends, 1);
	cr_expect_str_empty(err);
	free(buf);
	dk_input_free(in);
	free(data);
}

Test(io, read_whole_refuses_what_is_over_the_limit)
{
	dk_input *in;
	cr_assert_eq(dk_input_open_memory(&in, text, strlen(text), 0), DK_IO_OK);
	char *buf = NULL, err[300];
	size_t len = 0, cap = 0;
	cr_expect_eq(dk_input_read_whole(in, "a test file", 20, &buf, &len, &cap, NULL, NULL, err,
					 sizeof(err)), DK_IO_INVALID);
	cr_expect_str_eq(err, "a test file is read whole, and this one is larger than 20 bytes "
			      "(--max-input-size)");
	free(buf);
	dk_input_free(in);
}

Test(io, read_whole_stops_where_the_look_refuses)
{
	dk_input *in;
	cr_assert_eq(dk_input_open_memory(&in, text, strlen(text), 0), DK_IO_OK);
	char *buf = NULL, err[300];
	size_t len = 0, cap = 0;
	struct seen s = { .refuse_after = 10 };
	cr_expect_eq(dk_input_read_whole(in, "a test", 0, &buf, &len, &cap, count_block, &s, err,
					 sizeof(err)), DK_IO_INVALID);
	cr_expect_str_empty(err);   /* the look says why itself */
	cr_expect_eq(s.ends, 0);
	free(buf);
	dk_input_free(in);
}

Test(io, read_whole_reports_a_corrupt_gzip_stream)
{
	size_t zlen;
	unsigned char *z = gz(text, strlen(text), &zlen);
	dk_input *in;
	cr_assert_eq(dk_input_open_memory(&in, z, zlen - 4, 0), DK_IO_OK);   /* no trailer */
	char *buf = NULL, err[300];
	size_t len = 0, cap = 0;
	cr_expect_eq(dk_input_read_whole(in, "a test", 0, &buf, &len, &cap, NULL, NULL, err,
					 sizeof(err)), DK_IO_INVALID);
	cr_expect_str_not_empty(err);
	free(buf);
	dk_input_free(in);
	free(z);
}

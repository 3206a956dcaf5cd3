/*
 * test_convert.c - `dokoref convert` to files: canonical XML and gzip that
 * read back to the same game, and nothing left behind on failure.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "leakcheck.h"

TestSuite(convert, .fini = dk_leak_check);

static char dir[64];

static void setup(void)
{
	cr_assert_eq(chdir(DK_SOURCE_ROOT), 0);
	dk_xml_global_init();
	strcpy(dir, "/tmp/dokoref-convert-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
	dk_leak_check();
}

/* run dokoref with up to 8 arguments; stdout and stderr are dropped */
static int run(const char *a0, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { "dokoref", (char *)a0, (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 1;
	while (argv[argc])
		argc++;
	FILE *out = fopen("/dev/null", "w"), *err = fopen("/dev/null", "w");
	dk_cli cli = { out, err, false, false, 0, 0 };
	int rc = dk_cli_main(&cli, argc, argv);
	fclose(out);
	fclose(err);
	return rc;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;
	while ((c = fgetc(f)) != EOF)
		fputc(c, m);
	fclose(f);
	fclose(m);
	return buf;
}

static int entries(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "ls -A %s | wc -l", dir);
	FILE *p = popen(cmd, "r");
	int n = -1;
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	return n;
}

Test(convert, xml_gzip_xml_keeps_the_bytes, .init = setup, .fini = teardown)
{
	char a[128], b[128], c[128];
	snprintf(a, sizeof(a), "%s/a.xml", dir);
	snprintf(b, sizeof(b), "%s/b.xml.gz", dir);
	snprintf(c, sizeof(c), "%s/c.xml", dir);
	cr_assert_eq(run("convert", "samples/session-unsere-2024.xml", "-o", a), DK_EXIT_OK);
	cr_assert_eq(run("convert", a, "-o", b), DK_EXIT_OK);
	cr_assert_eq(run("convert", b, "-o", c), DK_EXIT_OK);
	char *ta = slurp(a), *tb = slurp(b), *tc = slurp(c);
	cr_assert(ta && tb && tc);
	cr_expect_eq((unsigned char)tb[0], 0x1f, "the .gz output is not gzip");
	cr_expect_eq((unsigned char)tb[1], 0x8b);
	cr_expect_str_eq(tc, ta, "XML -> gzip -> XML changed the record");
	cr_expect_eq(run("validate", "-q", b, NULL), DK_EXIT_OK);
	free(ta);
	free(tb);
	free(tc);
	cr_expect_eq(entries(), 3, "temporary files were left behind");
}

Test(convert, invalid_input_writes_nothing, .init = setup, .fini = teardown)
{
	char out[128];
	snprintf(out, sizeof(out), "%s/out.xml", dir);
	cr_expect_eq(run("convert", "tests/bad/one-bad-game-of-three.xml", "-o", out), DK_EXIT_INVALID);
	cr_expect_eq(entries(), 0, "something was written for an invalid input");
	/* an existing file stays as it was */
	FILE *f = fopen(out, "w");
	fputs("keep me\n", f);
	fclose(f);
	cr_expect_eq(run("convert", "tests/hostile/truncated.xml.gz", "-o", out), DK_EXIT_INVALID);
	char *t = slurp(out);
	cr_expect_str_eq(t, "keep me\n");
	free(t);
	cr_expect_eq(entries(), 1);
}

Test(convert, unwritable_target_is_a_system_error, .init = setup, .fini = teardown)
{
	cr_expect_eq(run("convert", "samples/normal-ddv.xml", "-o", "/nonexistent-dir/x.xml"),
		     DK_EXIT_SYSTEM);
}

/*
 * test_golden.c - run dokoref in-process on fixed command lines and compare
 * stdout, stderr and the exit status with files under tests/golden/expected/.
 *
 * With DOKOREF_UPDATE_GOLDEN=1 in the environment the expected files are
 * written instead of compared, for review with git diff.  All cases of a
 * group run inside one Criterion test: each test costs a process start.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "leakcheck.h"

TestSuite(golden, .fini = dk_leak_check);

static const struct golden_case {
	const char *name;
	const char *args;
} cases[] = {
#define CASE(name, args) { #name, args },
#include "cases.def"
#undef CASE
};

static void setup(void)
{
	cr_assert_eq(chdir(DK_SOURCE_ROOT), 0, "cannot enter the source root");
	setenv("NO_COLOR", "1", 1);
	dk_xml_global_init();
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0;
	FILE *m = open_memstream(&buf, &cap);
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, n, m);
	fclose(f);
	fclose(m);
	*len = cap;
	return buf;
}

/* s with every occurrence of the source root replaced by "@SRC@": paths
 * in messages must not depend on where the tree was checked out */
static char *hide_root(const char *s)
{
	const char *root = DK_SOURCE_ROOT;
	size_t rl = strlen(root);
	char *out = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&out, &len);
	const char *p;
	while ((p = strstr(s, root))) {
		fwrite(s, 1, (size_t)(p - s), m);
		fputs("@SRC@", m);
		s = p + rl;
	}
	fputs(s, m);
	fclose(m);
	return out;
}

/* run `dokoref ARGS` and render what it did as the expected-file text */
static char *run_case(const char *args, size_t *len)
{
	char *argv[256];
	int argc = 0;
	char *copy = strdup(args);
	argv[argc++] = "dokoref";
	for (char *tok = strtok(copy, " "); tok && argc < 255; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	char *out = NULL, *err = NULL;
	size_t out_len = 0, err_len = 0;
	FILE *o = open_memstream(&out, &out_len);
	FILE *e = open_memstream(&err, &err_len);
	dk_cli cli = { o, e, false, false, 0, 0 };
	int rc = dk_cli_main(&cli, argc, argv);
	fclose(o);
	fclose(e);
	char *text = NULL;
	FILE *t = open_memstream(&text, len);
	fprintf(t, "$ dokoref %s\n", args);
	char *shown_err = hide_root(err);
	char *shown_out = hide_root(out);  /* `rules list` prints paths */
	fprintf(t, "[stdout]\n%s", shown_out);
	free(shown_out);
	if (out_len && out[out_len - 1] != '\n')
		fputs("\n[no newline at end]\n", t);
	fprintf(t, "[stderr]\n%s", shown_err);
	free(shown_err);
	fprintf(t, "[exit %d]\n", rc);
	fclose(t);
	free(out);
	free(err);
	free(copy);
	return text;
}

/* compare (or rewrite) one case; returns false on a mismatch */
static bool check(const char *name, const char *args)
{
	char path[512];
	snprintf(path, sizeof(path), "tests/golden/expected/%s.txt", name);
	size_t got_len, want_len = 0;
	char *got = run_case(args, &got_len);
	bool ok = true;
	if (getenv("DOKOREF_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "wb");
		cr_assert_not_null(f, "cannot write %s", path);
		fwrite(got, 1, got_len, f);
		fclose(f);
	} else {
		char *want = slurp(path, &want_len);
		if (!want) {
			cr_log_error("%s: no expected file %s", name, path);
			ok = false;
		} else if (want_len != got_len || memcmp(want, got, got_len) != 0) {
			cr_log_error("%s: output differs from %s; got:\n%s", name, path, got);
			ok = false;
		}
		free(want);
	}
	free(got);
	return ok;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* every record file of a corpus directory as a case `COMMAND FILE` */
static size_t check_corpus(const char *command, const char *dir, size_t *failed)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	char *names[512];
	size_t n = 0;
	struct dirent *ent;
	while ((ent = readdir(d)) && n < 512) {
		const char *s = ent->d_name;
		size_t len = strlen(s);
		bool xml = (len > 4 && strcmp(s + len - 4, ".xml") == 0) ||
			   (len > 7 && strcmp(s + len - 7, ".xml.gz") == 0);
		if (xml)
			names[n++] = strdup(s);
	}
	closedir(d);
	qsort(names, n, sizeof(char *), by_name);
	const char *base = strrchr(dir, '/') + 1;
	for (size_t i = 0; i < n; i++) {
		char name[600], args[600];
		snprintf(name, sizeof(name), "%s/%s", base, names[i]);
		snprintf(args, sizeof(args), "%s %s/%s", command, dir, names[i]);
		if (!check(name, args))
			(*failed)++;
		free(names[i]);
	}
	return n;
}

Test(golden, commands, .init = setup)
{
	size_t failed = 0, n = sizeof(cases) / sizeof(cases[0]);
	for (size_t i = 0; i < n; i++)
		if (!check(cases[i].name, cases[i].args))
			failed++;
	cr_expect_eq(failed, 0, "%zu of %zu golden cases differ", failed, n);
}

Test(golden, hostile_inputs, .init = setup)
{
	size_t failed = 0;
	size_t n = check_corpus("validate", "tests/hostile", &failed);
	cr_expect_geq(n, 15, "the hostile corpus holds only %zu files", n);
	cr_expect_eq(failed, 0, "%zu of %zu hostile inputs differ", failed, n);
}

Test(golden, bad_records, .init = setup)
{
	size_t failed = 0;
	size_t n = check_corpus("validate", "tests/bad", &failed);
	cr_expect_geq(n, 15, "the bad-record corpus holds only %zu files", n);
	cr_expect_eq(failed, 0, "%zu of %zu bad records differ", failed, n);
}

/* `dokoref check` of every legal game and every sample of a finding */
Test(golden, check_corpora, .init = setup)
{
	size_t failed = 0;
	size_t n = check_corpus("check", "tests/check/legal", &failed);
	n += check_corpus("check", "tests/check/findings", &failed);
	cr_expect_eq(failed, 0, "%zu of %zu check outputs differ", failed, n);
}

/* the secret the XXE files point at must appear in no expected output */
Test(golden, external_entity_never_read, .init = setup)
{
	size_t len;
	char *text = run_case("validate tests/hostile/xxe-local-file.xml", &len);
	cr_expect_null(strstr(text, "SECRET-MARKER"), "the external entity was read:\n%s", text);
	cr_expect_not_null(strstr(text, "[exit 3]"), "%s", text);
	free(text);
	text = run_case("validate tests/hostile/xxe-parameter-entity.xml", &len);
	cr_expect_null(strstr(text, "SECRET-MARKER"), "the external entity was read:\n%s", text);
	free(text);
}

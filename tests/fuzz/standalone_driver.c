/*
 * standalone_driver.c - replay fuzz inputs without libFuzzer.
 *
 * Every file named on the command line, or every file inside a directory
 * named there, is handed to LLVMFuzzerTestOneInput once.  A crash or an
 * abort fails the test run, so the corpus guards against regressions in
 * every normal build (as libgit2's fuzzers/standalone_driver.c does).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
	size_t got = fread(buf, 1, (size_t)(n > 0 ? n : 0), f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, got);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int failures = 0, files = 0;
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "cannot stat %s\n", argv[i]);
			failures++;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			failures += run_file(argv[i]);
			files++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char path[4096];
			snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
			struct stat sub;
			if (stat(path, &sub) == 0 && S_ISDIR(sub.st_mode))
				continue;  /* a corpus is flat; subdirectories are named on their own */
			failures += run_file(path);
			files++;
		}
		if (d)
			closedir(d);
	}
	printf("replayed %d inputs\n", files);
	return failures ? 1 : files == 0;
}

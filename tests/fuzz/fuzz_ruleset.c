/*
 * fuzz_ruleset.c - libFuzzer harness for the YAML rule set loader: the
 * bytes as a rule set file (its base looked up among the shipped sets),
 * the checks of the merged set, and, when it loads, every key of the key
 * table overridden by the value a record would give it.
 *
 * Built as a fuzzer with -Dfuzzers=true; standalone_driver.c replays the
 * corpus tests/fuzz/ruleset-corpus, the shipped sets and the good and bad
 * fixtures in every test run.  The shipped sets are found through
 * DOKOREF_RULES_PATH, else in the source tree the harness was built from.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"

#ifndef DK_SOURCE_ROOT
#error "DK_SOURCE_ROOT must name the source tree"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const char *dirs[2];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *env = getenv("DOKOREF_RULES_PATH");
	dirs[0] = env && *env && !strchr(env, ':') ? env : DK_SOURCE_ROOT "/rulesets";
	dirs[1] = NULL;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!dirs[0])
		LLVMFuzzerInitialize(NULL, NULL);
	dk_diag d;
	dk_diag_init(&d);
	dk_ruleset rs;
	/* a name no file in the working directory has: a relative base
	 * path in the input is looked for beside it and not found */
	if (dk_ruleset_load_text(&rs, (const char *)data, size,
				 "/nonexistent/fuzz.yaml", dirs, &d) == 0) {
		/* the values a record's <set key= value=> gives: the input's
		 * first line, then a few fixed ones, on every key */
		const char *nl = memchr(data, '\n', size);
		size_t n = nl ? (size_t)(nl - (const char *)data) : size;
		char first[64];
		if (n >= sizeof(first))
			n = sizeof(first) - 1;
		memcpy(first, data, n);
		first[n] = '\0';
		const char *values[] = { first, "true", "3", "[]", "queens jacks" };
		size_t count;
		const dk_rule_key *keys = dk_ruleset_keys(&count);
		dk_loc loc = { 1, 1 };
		for (size_t i = 0; i < count; i++)
			for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++)
				dk_ruleset_override(&rs, keys[i].name, values[v], "fuzz.xml", loc, &d);
		dk_ruleset_check(&rs, &d);
	}
	dk_ruleset_release(&rs);
	dk_diag_release(&d);
	return 0;
}

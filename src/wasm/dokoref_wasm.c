/*
 * dokoref_wasm.c - the few calls the JavaScript API (js/index.js) needs
 * beside the public C API (include/dokoref/dokoref.h), for the
 * WebAssembly module: options and errors as plain arguments and getters,
 * so that JavaScript never depends on a struct's layout.
 *
 * Everything else the JS API calls is the public C API itself: the CLI
 * and the module judge with the same library calls.
 */
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "dokoref_wasm.h"

/** A zeroed dokoref_error for the JS side to pass to the API. */
EMSCRIPTEN_KEEPALIVE dokoref_error *dkw_error_new(void)
{
	return calloc(1, sizeof(dokoref_error));
}

EMSCRIPTEN_KEEPALIVE int dkw_error_code(const dokoref_error *e)
{
	return e->code;
}

EMSCRIPTEN_KEEPALIVE int dkw_error_severity(const dokoref_error *e)
{
	return e->severity;
}

EMSCRIPTEN_KEEPALIVE const char *dkw_error_file(const dokoref_error *e)
{
	return e->file;
}

EMSCRIPTEN_KEEPALIVE unsigned dkw_error_line(const dokoref_error *e)
{
	return e->line;
}

EMSCRIPTEN_KEEPALIVE unsigned dkw_error_column(const dokoref_error *e)
{
	return e->column;
}

EMSCRIPTEN_KEEPALIVE const char *dkw_error_message(const dokoref_error *e)
{
	return e->message;
}

/** dokoref_record_open_memory with the options as arguments: rules_name
 *  (NULL: the record's own), rules (a loaded rule set, wins), accept
 *  (dokoref_open_options.accept_rule_differences), max_size (0: 1 GiB). */
EMSCRIPTEN_KEEPALIVE dokoref_record *dkw_record_open(const void *data, size_t len,
						     const char *name,
						     const char *rules_name,
						     const dokoref_rules *rules, int accept,
						     double max_size, dokoref_error *err)
{
	dokoref_open_options o;
	memset(&o, 0, sizeof(o));
	o.rules_name = rules_name;
	o.rules = rules;
	o.accept_rule_differences = accept;
	o.max_input_size = max_size > 0 ? (unsigned long long)max_size : 0;
	return dokoref_record_open_memory(data, len, name, &o, err);
}

/** Where the shipped rule sets are in the module's file system. */
EMSCRIPTEN_KEEPALIVE const char *dkw_rules_dir(void)
{
	return DOKOREF_RULESETS_DIR;
}

/** A zeroed dokoref_tally, and its fields by number in the order of the
 *  struct (games, with_findings, findings, warnings, scores_right,
 *  scores_wrong, foreign, foreign_same, foreign_explained,
 *  foreign_differ); -1 past them. */
EMSCRIPTEN_KEEPALIVE dokoref_tally *dkw_tally_new(void)
{
	return calloc(1, sizeof(dokoref_tally));
}

EMSCRIPTEN_KEEPALIVE double dkw_tally_get(const dokoref_tally *t, int i)
{
	const unsigned long f[] = {
		t->games, t->with_findings, t->findings, t->warnings, t->scores_right,
		t->scores_wrong, t->foreign, t->foreign_same, t->foreign_explained,
		t->foreign_differ,
	};
	return i >= 0 && i < (int)(sizeof(f) / sizeof(f[0])) ? (double)f[i] : -1;
}

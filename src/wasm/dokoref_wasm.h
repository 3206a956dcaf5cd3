/*
 * dokoref_wasm.h - the WebAssembly module's own calls beside the public C
 * API (dokoref_wasm.c), for js/index.js: options and errors as plain
 * arguments and getters, never a struct's layout.
 */
#ifndef DK_DOKOREF_WASM_H
#define DK_DOKOREF_WASM_H

#include "dokoref/dokoref.h"

dokoref_error *dkw_error_new(void);
int dkw_error_code(const dokoref_error *e);
int dkw_error_severity(const dokoref_error *e);
const char *dkw_error_file(const dokoref_error *e);
unsigned dkw_error_line(const dokoref_error *e);
unsigned dkw_error_column(const dokoref_error *e);
const char *dkw_error_message(const dokoref_error *e);

dokoref_record *dkw_record_open(const void *data, size_t len, const char *name,
				const char *rules_name, const dokoref_rules *rules, int accept,
				double max_size, dokoref_error *err);

const char *dkw_rules_dir(void);

dokoref_tally *dkw_tally_new(void);
double dkw_tally_get(const dokoref_tally *t, int i);

#endif

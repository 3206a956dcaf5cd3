/*
 * api_internal.h - what the dokoref program reads of the library's handles
 * beyond the public header: the diagnostics list (to print source lines
 * under a message) and the verdict itself (for the renderers' options the
 * public calls do not offer).  Not installed, not exported.
 */
#ifndef DK_API_INTERNAL_H
#define DK_API_INTERNAL_H

#include "dokoref/dokoref.h"

#include "diag.h"
#include "reader.h"
#include "verdict.h"

/** The messages of the last open or next call on rec (cleared by the next). */
dk_diag *dk_api_diag(dokoref_record *rec);
/** The reader underneath. */
dk_reader *dk_api_reader(dokoref_record *rec);
/** The verdict v holds (valid after dokoref_judge). */
const dk_verdict *dk_api_verdict(const dokoref_verdict *v);

/** dokoref_judge with the verdict's own options (which penalties are
 *  assessed, the search's limit: 0 its default) instead of flags and v's
 *  limit; a game whose record names no rule set is judged under fallback
 *  (the CLI's `show`), or not at all where it is NULL.  Returns 0, or
 *  DOKOREF_E_USAGE where rec is at no game that can be judged. */
int dk_api_judge(dokoref_verdict *v, dokoref_record *rec, const dk_verdict_opts *opts,
		 const dk_rules *fallback);

/** dokoref_record_open_file with the CLI's options (copied; their strings
 *  must outlive the record); the messages of opening go to d, *out is NULL
 *  on failure.  Returns 0 or a dk_reader_status. */
int dk_api_record_open(dokoref_record **out, const char *path, const dk_read_opts *opts,
		       dk_diag *d);

#endif

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

/** dokoref_record_open_file with the CLI's options (copied; their strings
 *  must outlive the record); the messages of opening go to d, *out is NULL
 *  on failure.  Returns 0 or a dk_reader_status. */
int dk_api_record_open(dokoref_record **out, const char *path, const dk_read_opts *opts,
		       dk_diag *d);

#endif

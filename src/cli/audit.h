/*
 * audit.h - what `dokoref audit` and `dokoref audit --merge` share.
 *
 * `audit --format jsonl` writes a line per part of its input: a session,
 * or a game outside any session, with what the summary needs of it (sums,
 * the first wrong things, the final standings, the ids of its games) and
 * its games' JSON objects; and a line per file ({"file": F, "status": N,
 * "end": true}).  `audit --merge` reads such lines in any order, puts the
 * parts back in order (files by name, as a shell's glob sorts them; parts
 * by their number in the file) and prints the summary and exit status one
 * run over all the files prints (audit_merge.c).  The files of cmd_audit.c
 * share the loop's callbacks (audit_games.c) and --jobs (audit_jobs.c).
 */
#ifndef DK_CLI_AUDIT_H
#define DK_CLI_AUDIT_H

#include <stddef.h>

#include "audit_json.h"
#include "audit_run.h"
#include "buf.h"
#include "cli.h"
#include "lang.h"

/** `audit --merge FILE...` ('-' or none: standard input); returns the exit
 * status one audit of all the parts' files returns. */
int dk_audit_merge(dk_cli *cli, dk_lang lang, bool json, char *const *files, int count);

/** Whether path is read in pieces on several threads (--jobs). */
bool dk_audit_use_jobs(const audit_state *st, const char *path, const dk_read_opts *opts);

/** Read and judge path in pieces on st->jobs threads, with the output one
 * reading on one thread gives; returns its exit status. */
int dk_audit_run_file_jobs(audit_state *st, const dk_read_opts *opts, const char *path);

/** The loop's callbacks (dk_cli_each_game, audit_games.c) over the steps
 * of audit_run.h; their user data is an audit_state. */
extern const dk_each_fns dk_audit_fns;

#endif

/*
 * check_compare.h - `dokoref check --rules all` / `--rules A,B,...`: each
 * game under several rule sets side by side (check_compare.c).
 */
#ifndef DK_CHECK_COMPARE_H
#define DK_CHECK_COMPARE_H

#include <stdbool.h>

#include "cli.h"

/** True if a --rules value asks for the comparison: "all" or a list with a comma. */
bool dk_check_compare_wanted(const char *rules);

/** Judge every game of files under each rule set of rules ("all": every set
 *  found by name; else a comma-separated list of names and paths) and print
 *  one table (or JSON object) per game.  Returns the exit status: 0, 1 when
 *  any set finds an irregularity, 2 a usage error, 3 invalid input or a rule
 *  set that cannot be loaded, 4 an I/O error. */
int dk_check_compare(dk_cli *cli, const char *rules, const dk_read_opts *opts, bool json,
		     dk_lang lang, long want, int nfiles, char **files);

#endif

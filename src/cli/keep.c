/*
 * keep.c - check --analyse-keep DIR: the solver's table of an analysis that
 * did not reach the first card (--analyse-limit, or Ctrl-C) is kept in DIR,
 * and the next analysis of the same game goes on from it.
 *
 * A table is named by the game's id and what the analysis takes from the
 * game and its rules (dk_dd_game_print), so another rule set, or another
 * game, never takes up a table not made for it; dk_dd_load refuses a table
 * of another key scheme or entry layout, a damaged or cut one.  The file is
 * written through dk_output (a temporary file renamed into place, removed
 * if a signal ends the program), so a table is there whole or not at all.
 */
#define _GNU_SOURCE   /* fopencookie: dk_dd_save writes to a FILE */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "dd.h"
#include "gameid.h"
#include "io.h"
#include "shown.h"

static bool dir_ok(const char *dir, char *why, size_t n)
{
	struct stat st;
	if (stat(dir, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, n, "not a directory");
		return false;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		return false;
	}
	return true;
}

int dk_cli_analyse_usage(dk_cli *cli, const dk_command *cmd, const dk_cli_analyse *a,
			 bool analyse)
{
	if (a->memory_mib && !analyse)
		return dk_cli_usage_error(cli, cmd, "--analyse-memory goes with --analyse");
	if (a->limit_given && !analyse)
		return dk_cli_usage_error(cli, cmd, "--analyse-limit goes with --analyse");
	if (a->threads_given && !analyse)
		return dk_cli_usage_error(cli, cmd, "--analyse-threads goes with --analyse");
	const char *dir = a->keep_dir;
	if (!dir)
		return 0;
	if (!analyse)
		return dk_cli_usage_error(cli, cmd, "--analyse-keep goes with --analyse");
	char why[200];
	if (dir_ok(dir, why, sizeof(why)))
		return 0;
	char *keep;
	int rc = dk_cli_usage_error(cli, cmd, "--analyse-keep '%s': %s", dk_shown(dir, &keep), why);
	free(keep);
	return rc;
}

void dk_cli_keep_begin(dk_cli_keep *k, dk_cli *cli, const char *cmd, const char *dir,
		       struct dk_dd *dd, const dk_game *g, const dk_rules *r)
{
	memset(k, 0, sizeof(*k));
	if (!dir)
		return;
	k->cmd = cmd;
	char id[DK_GAME_ID_HEX];
	dk_game_id_format(id, dk_game_id(g));
	uint64_t print = dk_dd_game_print(g, r);
	snprintf(k->path, sizeof(k->path), "%s/%s-%016" PRIx64 ".table", dir, id, print);
	snprintf(k->tag, sizeof(k->tag), "dokoref analysis %016" PRIx64, print);
	k->on = true;
	/* the table at its first size, so that a kept one of any size it
	 * may grow to is taken */
	dk_dd_clear(dd);
	FILE *f = fopen(k->path, "rb");
	if (!f) {
		if (errno != ENOENT) {
			char *keep;
			fprintf(cli->err, "dokoref %s: cannot read the kept table '%s': %s; the "
				"analysis starts afresh\n", cmd, dk_shown(k->path, &keep),
				strerror(errno));
			free(keep);
		}
		return;
	}
	k->existed = true;
	const char *why = NULL;
	char *keep;
	const char *shown = dk_shown(k->path, &keep);
	if (dk_dd_load(dd, f, k->tag, &why) == 0) {
		k->loaded = true;
		fprintf(cli->err, "dokoref %s: going on from the table kept in '%s'\n", cmd, shown);
	} else {
		dk_dd_clear(dd);
		fprintf(cli->err, "dokoref %s: the table in '%s' is not taken up (%s); the "
			"analysis starts afresh\n", cmd, shown, why ? why : "unreadable");
	}
	free(keep);
	fclose(f);
}

/* dk_dd_save's writes, into a dk_output */
static ssize_t cookie_write(void *o, const char *data, size_t len)
{
	dk_output_write(o, data, len);
	return (ssize_t)len;
}

static bool save(dk_cli_keep *k, dk_cli *cli, const struct dk_dd *dd)
{
	dk_output *out;
	char err[300];
	if (dk_output_open(&out, k->path, false, err, sizeof(err)) != DK_IO_OK) {
		fprintf(cli->err, "dokoref %s: cannot keep the table: %s\n", k->cmd, err);
		return false;
	}
	cookie_io_functions_t fns = { .write = cookie_write };
	FILE *f = fopencookie(out, "w", fns);
	if (!f) {
		dk_output_abort(out);
		fprintf(cli->err, "dokoref %s: cannot keep the table: %s\n", k->cmd,
			strerror(errno));
		return false;
	}
	int rc = dk_dd_save(dd, f, k->tag);
	fclose(f);
	if (rc != 0) {
		dk_output_abort(out);
		char *keep;
		fprintf(cli->err, "dokoref %s: cannot keep the table in '%s'\n", k->cmd,
			dk_shown(k->path, &keep));
		free(keep);
		return false;
	}
	if (dk_output_commit(out, err, sizeof(err)) != DK_IO_OK) {
		fprintf(cli->err, "dokoref %s: cannot keep the table: %s\n", k->cmd, err);
		return false;
	}
	return true;
}

void dk_cli_keep_end(dk_cli_keep *k, dk_cli *cli, struct dk_dd *dd, const dk_dd_game *a)
{
	if (!k->on)
		return;
	k->on = false;
	char *keep;
	const char *shown = dk_shown(k->path, &keep);
	if (a->limited) {
		if (save(k, cli, dd)) {
			char from[64] = "no card analysed yet";
			if (a->analysed)
				snprintf(from, sizeof(from), "analysed from card %d on", a->first + 1);
			fprintf(cli->err, "dokoref %s: %s; the solver's table (%zu MiB) is kept in "
				"'%s': the same command goes on from it\n", k->cmd, from,
				dk_dd_table_bytes(dd) >> 20, shown);
		}
		free(keep);
		return;
	}
	/* analysed as far as it goes (to the first card, or every position
	 * before the first analysed is one that cannot be searched): the
	 * table is of no more use; an analysis of the last tricks only
	 * (check --analyse=N) leaves it */
	bool done = true;
	for (int n = 0; a->analysed && n < a->first; n++)
		done = done && a->irregular_at[n];
	if (done && k->existed && unlink(k->path) == 0)
		fprintf(cli->err, "dokoref %s: the analysis is done; the kept table '%s' is "
			"removed\n", k->cmd, shown);
	free(keep);
}

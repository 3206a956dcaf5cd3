/*
 * cmd_rules_import.c - `dokoref rules import FILE`: FreeDoko's rule block as
 * a dokoref rule set file.
 *
 * The block may come from a rule file, a party file, a bug report or a
 * --debug log.  The YAML is loaded by the ordinary loader before anything is
 * written, so what is written is a rule set dokoref accepts.  Every FreeDoko
 * option dokoref cannot express is named; one that can change a verdict is
 * an error unless --accept-rule-differences is given, and then nothing is
 * written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "fmt_freedoko.h"
#include "io.h"

int dk_rules_import(dk_cli *cli, const char *input, const char *base, const char *output,
		    bool accept)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_fd_reader *r = NULL;
	int status = DK_EXIT_OK;
	dk_buf y;
	dk_buf_init(&y);
	const char *inputs[] = { input };
	if (dk_cli_output_is_input(cli, "rules import", output, inputs, 1)) {
		status = DK_EXIT_INVALID;
		goto out;
	}
	if (!dk_cli_is_freedoko(input, 0)) {
		dk_diag_error(&d, input, DK_LOC_NONE, "not a FreeDoko rule, party, bug report or "
			      "debug log file");
		status = DK_EXIT_INVALID;
		goto out;
	}
	int rc = dk_fd_reader_open(&r, input, NULL, 0, &d);
	if (rc != 0) {
		status = rc == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
		goto out;
	}
	char name[256];
	/* named after the output's file, else the input's */
	dk_cli_rule_set_name(name, sizeof(name), output && strcmp(output, "-") != 0 ? output : input,
			     "");
	dk_fd_rule_map map;
	if (dk_fd_rules_to_yaml(&y, &map, dk_fd_reader_rules(r), base, name, input, &d) != 0) {
		status = DK_EXIT_INVALID;
		goto out;
	}
	/* it must load as it will be written */
	char display[300];
	snprintf(display, sizeof(display), "%s.yaml", name);
	dk_ruleset rs;
	size_t errors = d.errors;
	rc = dk_ruleset_load_text(&rs, y.data, y.len, display, dk_ruleset_default_dirs(), &d);
	dk_ruleset_release(&rs);
	if (rc != 0 || d.errors > errors) {
		status = DK_EXIT_INVALID;
		goto out;
	}
	/* the ones a verdict can depend on one by one, the others in one line */
	size_t quiet = 0;
	for (size_t i = 0; i < map.unmapped_count; i++) {
		const dk_fd_unmapped *u = &map.unmapped[i];
		if (!u->verdict) {
			quiet++;
			continue;
		}
		dk_diag_add(&d, accept ? DK_SEV_WARNING : DK_SEV_ERROR, input, u->loc,
			    "FreeDoko rule '%s = %s'%s cannot be expressed: %s%s", u->key, u->value,
			    u->loc.line ? "" : " (its default)", u->why,
			    accept ? " (accepted)" : " (it can change a verdict; "
						     "--accept-rule-differences to import anyway)");
	}
	if (quiet)
		dk_diag_add(&d, DK_SEV_WARNING, input, DK_LOC_NONE,
			    "%zu more FreeDoko options have no dokoref rule but decide no verdict "
			    "(the party's length, the display, parts of the options above); the "
			    "rule set lists them at its end", quiet);
	if (map.verdict_count && !accept) {
		status = DK_EXIT_INVALID;
		goto out;
	}
	char err[300];
	dk_output *o = NULL;
	dk_io_status ost = !output || strcmp(output, "-") == 0
		? dk_output_open_stream(&o, cli->out, false)
		: dk_output_open(&o, output, false, err, sizeof(err));
	if (ost != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref rules import: %s\n", err);
		status = DK_EXIT_SYSTEM;
		goto out;
	}
	dk_output_write(o, y.data, y.len);
	if (dk_output_commit(o, err, sizeof(err)) != DK_IO_OK) {
		dk_cli_err_printf(cli, "dokoref rules import: %s\n", err);
		status = DK_EXIT_SYSTEM;
	}
out:
	dk_cli_print_diag(cli, &d);
	if (status == DK_EXIT_INVALID && output && strcmp(output, "-") != 0)
		dk_cli_err_printf(cli, "dokoref rules import: nothing written to '%s'\n", output);
	dk_diag_release(&d);
	dk_buf_release(&y);
	dk_fd_reader_free(r);
	return status;
}

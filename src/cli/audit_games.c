/*
 * audit_games.c - the loop's callbacks of `dokoref audit` (dk_cli_each_game)
 * over the steps of one run (src/lib/audit_run.h), and a score sheet judged
 * on its own (src/lib/audit_sheet.c).
 */
#include "audit.h"
#include "audit_run.h"
#include "cli.h"

static int on_begin(void *ud, dk_xml_reader *r)
{
	audit_state *st = ud;
	st->reader = r;
	return 0;
}

static int on_session_start(void *ud, const dk_session *s)
{
	return dk_audit_step_session_start(ud, s);
}

static int on_game(void *ud, const dk_game *g, const dk_rules *rules)
{
	return dk_audit_step_game(ud, g, rules);
}

static int on_session_end(void *ud)
{
	return dk_audit_step_session_end(ud);
}

/* a score sheet: judged on its own (src/lib/audit_sheet.c); its lines
 * go to standard output, its messages to standard error */
static int on_sheet(void *ud, const char *name, const char *data, size_t len, int format)
{
	audit_state *st = ud;
	size_t findings = 0;
	dk_buf out;
	dk_buf_init(&out);
	dk_diag d;
	dk_diag_init(&d);
	int rc = dk_audit_sheet_run(&out, &d, st->opts->rules, st->lang, st->json, !st->jsonl,
				    st->verbose, name, data, len, format, &findings);
	if (out.len)
		fwrite(out.data, 1, out.len, st->cli->out);
	dk_buf_release(&out);
	dk_cli_print_diag(st->cli, &d);
	dk_diag_release(&d);
	st->sheets++;
	st->sheet_findings += findings;
	return rc == 1 ? 0 : rc;
}

const dk_each_fns dk_audit_fns = { .begin = on_begin, .session_start = on_session_start,
				   .game = on_game, .session_end = on_session_end,
				   .sheet = on_sheet };

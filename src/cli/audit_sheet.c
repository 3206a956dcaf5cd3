/*
 * audit_sheet.c - `dokoref audit` of a score sheet without cards.
 *
 * The reading loop (common.c) recognises a sheet by content and hands its
 * text here whole: it is read (src/fmt/fmt_sheet_*.c) into one dk_sheet,
 * judged game by game under the rule set (--rules, or the one the sheet
 * names) by src/core/sheet.c, and worded by src/report/sheet_text.c.  It
 * does not judge games with cards: that is cmd_audit.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "audit_json.h"
#include "cli.h"
#include "fmt_sheet.h"
#include "sheet.h"
#include "sheet_text.h"

int dk_audit_sheet(dk_cli *cli, const dk_read_opts *opts, dk_lang lang, bool json,
		   bool json_summary, bool verbose, const char *name, const char *data, size_t len, int fmt,
		   size_t *findings)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_sheet *s = dk_xcalloc(1, sizeof(*s));
	dk_sheet_init(s);
	dk_ruleset rs;
	dk_ruleset_init(&rs);
	int status = DK_EXIT_OK;
	*findings = 0;
	if (dk_sheet_read(s, fmt, data, len, name, &d) < 0) {
		status = DK_EXIT_INVALID;
		goto done;
	}
	const char *rules_name = opts->rules ? opts->rules : s->rules[0] ? s->rules : NULL;
	if (!rules_name) {
		dk_diag_error(&d, name, DK_LOC_NONE, "the score sheet names no rule set "
			      "(give --rules NAME, or a 'rules' row in dokoref's CSV)");
		status = DK_EXIT_INVALID;
		goto done;
	}
	if (dk_ruleset_load(&rs, rules_name, dk_ruleset_default_dirs(), &d) < 0 ||
	    dk_ruleset_check(&rs, &d) < 0) {
		status = DK_EXIT_INVALID;
		goto done;
	}
	const dk_rules *r = &rs.rules;
	dk_buf b;
	dk_buf_init(&b);
	if (!json)
		dk_sheet_text_head(&b, lang, name, s, rules_name);
	dk_sheet_state st;
	dk_sheet_audit_begin(&st, s, r);
	dk_sheet_verdict v;
	size_t codes[DK_SH_CODE_COUNT] = { 0 }, warnings[DK_SH_CODE_COUNT] = { 0 };
	for (size_t i = 0; i < s->count; i++) {
		dk_sheet_audit_game(&st, &v, s, i, r);
		bool real = false;
		for (int k = 0; k < v.issue_count; k++) {
			real |= !v.issues[k].warning;
			(v.issues[k].warning ? warnings : codes)[v.issues[k].code]++;
		}
		if (real)
			(*findings)++;
		if (json) {
			if (v.issue_count || verbose)
				dk_sheet_json_game(&b, lang, name, s, i, &v);
		} else {
			dk_sheet_text_game(&b, lang, name, s, i, &v, r);
		}
		if (b.len)
			fwrite(b.data, 1, b.len, cli->out);
		dk_buf_clear(&b);
	}
	/* the summary ends the sheet's lines in JSON as in text: a clean
	 * sheet says so rather than printing nothing */
	if (!json)
		dk_sheet_text_summary(&b, lang, s->count, *findings, dk_sheet_blind(s, r));
	else if (json_summary)
		dk_audit_json_sheet_summary(&b, name, dk_sheet_format_name(s->format), rules_name,
					    s->count, *findings, codes, warnings,
					    dk_sheet_blind(s, r));
	if (b.len)
		fwrite(b.data, 1, b.len, cli->out);
	dk_buf_release(&b);
	if (*findings)
		status = DK_EXIT_FINDINGS;
done:
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
	dk_sheet_release(s);
	free(s);
	return status;
}

/*
 * audit_sheet.c - `dokoref audit` of a score sheet without cards, for the
 * program (src/cli/audit_games.c) and the library (dokoref_audit_json).
 *
 * The sheet's text is read whole (src/fmt/fmt_sheet_*.c) into one
 * dk_sheet, judged game by game under the rule set (the one given, or the
 * one the sheet names) by src/core/sheet.c, and worded by
 * src/report/sheet_text.c or audit_json.c.  Games with cards are
 * audit_run.c's.
 */
#include <stdlib.h>

#include "arena.h"
#include "audit_json.h"
#include "audit_run.h"
#include "fmt_sheet.h"
#include "ruleset.h"
#include "sheet.h"
#include "sheet_text.h"

int dk_audit_sheet_run(dk_buf *out, dk_diag *d, const char *rules_given, dk_lang lang,
		       bool json, bool json_summary, bool verbose, const char *name,
		       const char *data, size_t len, int fmt, size_t *findings)
{
	dk_sheet *s = dk_xcalloc(1, sizeof(*s));
	dk_sheet_init(s);
	dk_ruleset rs;
	dk_ruleset_init(&rs);
	int status = 0;
	*findings = 0;
	if (dk_sheet_read(s, fmt, data, len, name, d) < 0) {
		status = 3;
		goto done;
	}
	const char *rules_name = rules_given ? rules_given : s->rules[0] ? s->rules : NULL;
	if (!rules_name) {
		dk_diag_error(d, name, DK_LOC_NONE, "the score sheet names no rule set "
			      "(give --rules NAME, or a 'rules' row in dokoref's CSV)");
		status = 3;
		goto done;
	}
	if (dk_ruleset_load(&rs, rules_name, dk_ruleset_default_dirs(), d) < 0 ||
	    dk_ruleset_check(&rs, d) < 0) {
		status = 3;
		goto done;
	}
	const dk_rules *r = &rs.rules;
	if (!json)
		dk_sheet_text_head(out, lang, name, s, rules_name);
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
				dk_sheet_json_game(out, lang, name, s, i, &v);
		} else {
			dk_sheet_text_game(out, lang, name, s, i, &v, r);
		}
	}
	/* the summary ends the sheet's lines in JSON as in text: a clean
	 * sheet says so rather than printing nothing */
	if (!json)
		dk_sheet_text_summary(out, lang, s->count, *findings, dk_sheet_blind(s, r));
	else if (json_summary)
		dk_audit_json_sheet_summary(out, name, dk_sheet_format_name(s->format), rules_name,
					    s->count, *findings, codes, warnings,
					    dk_sheet_blind(s, r));
	if (*findings)
		status = 1;
done:
	dk_ruleset_release(&rs);
	dk_sheet_release(s);
	free(s);
	return status;
}

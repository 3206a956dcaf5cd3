/*
 * audit_summary.c - the summary of `dokoref audit` in words; see
 * audit_summary.h.
 */
#include "audit_summary.h"

#include <stdlib.h>

#include "shown.h"
#include "view_words.h"

static void codes_line(dk_buf *b, dk_lang lang, const size_t *counts, int n,
		       const char *(*name)(dk_lang, int))
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (counts[i])
			dk_buf_printf(b, "%s%s %zu", k++ ? ", " : " (", name(lang, i), counts[i]);
	if (k)
		dk_buf_putc(b, ')');
	dk_buf_putc(b, '\n');
}

/* the names in the summary's words */
static const char *finding_said(dk_lang lang, int c)
{
	return dk_view_finding_name(lang, (dk_finding_code)c);
}

static const char *issue_said(dk_lang lang, int c)
{
	return dk_view_issue_name(lang, (dk_session_issue_code)c);
}

/* ", NAME POINTS" (no comma before the first): the name as dk_shown shows
 * it, for `audit --merge` read it from JSON lines that no record reader's
 * byte screen has seen (a "\u001b" there is an ESC here) */
static void put_name_points(dk_buf *b, size_t i, const char *name, long points)
{
	char *keep;
	dk_buf_printf(b, "%s %s %+ld", i ? "," : "", dk_shown(name, &keep), points);
	free(keep);
}

void dk_audit_wrong_session(dk_buf *b, dk_lang lang, const char *file, size_t session,
			    const char *const *names, const long *final, const long *rec_final,
			    size_t count)
{
	char *keep;
	dk_say(b, lang, DK_MSG_AU_SUM_SESSION_FINAL, dk_shown(file, &keep), session);
	free(keep);
	for (size_t i = 0; i < count; i++)
		put_name_points(b, i, names[i], final[i]);
	if (rec_final) {
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_SUM_RECORDED_FINAL));
		for (size_t i = 0; i < count; i++)
			put_name_points(b, i, names[i], rec_final[i]);
	}
	dk_buf_putc(b, '\n');
}

void dk_audit_summary_text(dk_buf *b, dk_lang lang, const dk_audit_summary *s,
			   const dk_buf *wrong_sessions)
{
	dk_say(b, lang, DK_MSG_AU_SUM_GAMES, s->games, s->files, s->sessions);
	dk_buf_putc(b, '\n');
	dk_say(b, lang, DK_MSG_AU_SUM_FINDINGS, s->with_findings);
	codes_line(b, lang, s->code_count, DK_F_CODE_COUNT, finding_said);
	dk_say(b, lang, DK_MSG_AU_SUM_SHEET, s->with_sheet);
	codes_line(b, lang, s->sx_count, DK_SX_CODE_COUNT, issue_said);
	dk_say(b, lang, DK_MSG_AU_SUM_SCORES, s->scores_right, s->scores_wrong);
	/* the files' names with control characters as '?' (shown.h) */
	char *keep, *first_keep;
	if (s->scores_wrong) {
		dk_say(b, lang, DK_MSG_AU_SUM_SCORES_OFF, s->off_total, s->off_max,
		       dk_shown(s->off_max_file, &keep), s->off_max_index);
		free(keep);
	}
	dk_buf_putc(b, '\n');
	if (!s->sessions_with_totals) {
		dk_say(b, lang, DK_MSG_AU_SUM_TOTALS_NONE);
		dk_buf_putc(b, '\n');
	} else if (!s->sessions_totals_wrong) {
		dk_say(b, lang, DK_MSG_AU_SUM_TOTALS_OK, s->sessions_with_totals);
		dk_buf_putc(b, '\n');
	} else {
		dk_say(b, lang, DK_MSG_AU_SUM_TOTALS_WRONG, s->sessions_totals_wrong,
		       s->sessions_with_totals, dk_shown(s->first_wrong_file, &keep),
		       s->first_wrong_index);
		free(keep);
		dk_buf_putc(b, '\n');
		dk_buf_put(b, wrong_sessions->data ? wrong_sessions->data : "",
			   wrong_sessions->len);
	}
	if (s->duplicates) {
		dk_say(b, lang, DK_MSG_AU_SUM_DUPS, s->duplicates);
		dk_buf_putc(b, '\n');
		for (size_t i = 0; i < s->dup_count; i++) {
			const dk_audit_dup *d = &s->dups[i];
			dk_say(b, lang, DK_MSG_AU_SUM_DUP, dk_shown(d->file, &keep), d->index,
			       dk_shown(d->first_file, &first_keep), d->first_index, d->id);
			free(keep);
			free(first_keep);
			dk_buf_putc(b, '\n');
		}
		if (s->duplicates > s->dup_count) {
			dk_say(b, lang, DK_MSG_AU_SUM_DUPS_MORE, s->duplicates - s->dup_count);
			dk_buf_putc(b, '\n');
		}
	}
	if (s->standing_count) {
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_SUM_STANDINGS));
		for (size_t i = 0; i < s->standing_count; i++)
			put_name_points(b, i, s->standings[i].name, s->standings[i].points);
		dk_buf_putc(b, '\n');
	}
	if (s->bock_pending) {
		dk_say(b, lang, DK_MSG_AU_SUM_BOCK_PENDING, s->bock_pending);
		dk_buf_putc(b, '\n');
	}
}

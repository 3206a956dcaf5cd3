/*
 * sheet_text.c - the words of a score sheet's audit (src/core/sheet.h), in
 * English and German (lang.c), and its JSON.
 *
 * One head line for the sheet, then per game with something to say its
 * findings as `FILE:LINE:COL: CODE: sentence` with the rule's source below,
 * then the summary and the list of what a sheet without cards cannot show.
 */
#include "sheet_text.h"

#include <stdlib.h>
#include <string.h>

#include "check_text.h"
#include "json_out.h"
#include "session.h"
#include "shown.h"
#include "view_words.h"

static const char *const format_names[DK_SHF_COUNT] = {
	[DK_SHF_DOKOREF] = "dokoref CSV",
	[DK_SHF_DAPFIDUCK] = "DapfiDuck CSV",
	[DK_SHF_QTDOPPELKOPF] = "QtDoppelKopf JSON",
};

const char *dk_sheet_format_name(dk_sheet_format f)
{
	return (unsigned)f < DK_SHF_COUNT ? format_names[f] : "?";
}

static const char *player(const dk_sheet *s, int seat)
{
	return seat >= 1 && seat <= s->nplayers ? s->players[seat] : "?";
}

void dk_sheet_text_head(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			const char *rules_name)
{
	/* the file's name, and the rule set's (a path given with --rules) */
	char *keep, *rules_keep;
	dk_say(b, lang, DK_MSG_SH_HEAD, dk_shown(file, &keep), dk_sheet_format_name(s->format),
	       s->nplayers, s->count, dk_shown(rules_name, &rules_keep));
	free(keep);
	free(rules_keep);
	dk_buf_puts(b, ":");
	for (int p = 1; p <= s->nplayers; p++)
		dk_buf_printf(b, " %s", s->players[p]);
	dk_buf_putc(b, '\n');
}

static void issue_text(dk_buf *b, dk_lang lang, const dk_sheet *s, const dk_sheet_game *g,
		       const dk_sheet_issue *x)
{
	const char *type = dk_sheet_type_name(g->type);
	switch (x->code) {
	case DK_SH_SUM:
		dk_say(b, lang, DK_MSG_SH_SUM, x->found);
		break;
	case DK_SH_EVEN_ODD:
		dk_say(b, lang, DK_MSG_SH_EVEN_ODD, x->found);
		break;
	case DK_SH_SHAPE:
		dk_say(b, lang, DK_MSG_SH_SHAPE, x->found);
		break;
	case DK_SH_PLAYERS:
		if (x->seat)
			dk_say(b, lang, DK_MSG_SH_NO_ENTRY, player(s, x->seat));
		else
			dk_say(b, lang, DK_MSG_SH_PLAYERS, x->found);
		break;
	case DK_SH_TYPE:
		if (g->type == DK_SHT_THROWN_IN)
			dk_say(b, lang, DK_MSG_SH_TYPE_NONE, type, x->found);
		else
			dk_say(b, lang, x->found == 2 ? DK_MSG_SH_TYPE_TWO : DK_MSG_SH_TYPE_ONE, type);
		break;
	case DK_SH_VALUE:
		if (x->rule_key)
			dk_say(b, lang, DK_MSG_SH_VALUE_BOCK, x->found,
			       g->value < 0 ? -g->value : g->value, x->expected);
		else
			dk_say(b, lang, DK_MSG_SH_VALUE, x->found, x->expected);
		break;
	case DK_SH_TOTAL:
		dk_say(b, lang, DK_MSG_SH_TOTAL, player(s, x->seat), x->found, x->expected);
		break;
	case DK_SH_DEALER:
		if (x->expected_alt)
			dk_say(b, lang, DK_MSG_SH_DEALER_ALT, player(s, (int)x->found),
			       player(s, (int)x->expected), player(s, (int)x->expected_alt));
		else
			dk_say(b, lang, DK_MSG_SH_DEALER, player(s, (int)x->found),
			       player(s, (int)x->expected));
		break;
	case DK_SH_SIT_OUT:
		dk_say(b, lang, DK_MSG_SH_SIT_OUT, player(s, x->seat), x->found);
		if (!x->rule_key) {
			dk_buf_putc(b, ' ');
			dk_say(b, lang, DK_MSG_SH_SIT_OUT_SCHEME);
		}
		break;
	case DK_SH_BOCK:
		dk_say(b, lang, DK_MSG_SH_BOCK, x->found, x->expected);
		break;
	case DK_SH_BOCK_NO_RULE:
		dk_say(b, lang, DK_MSG_SH_BOCK_NO_RULE, x->found);
		break;
	case DK_SH_TRIGGER_NO_RULE:
		dk_say(b, lang, DK_MSG_SH_TRIGGER_NO_RULE,
		       dk_bock_trigger_name((dk_bock_trigger)x->trigger));
		break;
	case DK_SH_TRIGGER_MISSING:
		dk_say(b, lang, DK_MSG_SH_TRIGGER_MISSING,
		       dk_bock_trigger_name((dk_bock_trigger)x->trigger));
		break;
	case DK_SH_TRIGGER_COUNT:
		dk_say(b, lang, DK_MSG_SH_TRIGGER_COUNT, x->found, x->expected);
		break;
	case DK_SH_SIT_OUT_UNSAID:
		dk_say(b, lang, DK_MSG_SH_SIT_OUT_UNSAID, x->found);
		break;
	case DK_SH_CODE_COUNT:
		break;
	}
}

void dk_sheet_text_game(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			size_t i, const dk_sheet_verdict *v, const dk_rules *r)
{
	const dk_sheet_game *g = &s->games[i];
	char *keep;
	file = dk_shown(file, &keep);
	for (int k = 0; k < v->issue_count; k++) {
		const dk_sheet_issue *x = &v->issues[k];
		dk_buf_printf(b, "%s:%u:%u: ", file, x->loc.line, x->loc.col);
		dk_say(b, lang, DK_MSG_SH_GAME, (int)(i + 1));
		dk_buf_printf(b, ": %s%s: ", dk_view_sheet_issue_name(lang, x->code),
			      x->warning ? (lang == DK_LANG_DE ? " (Warnung)" : " (warning)") : "");
		issue_text(b, lang, s, g, x);
		dk_buf_putc(b, '\n');
		if (x->rule_key && x->rule) {
			dk_finding f;
			memset(&f, 0, sizeof(f));
			f.rule_key = x->rule_key;
			f.rule = x->rule;
			dk_buf_puts(b, "    ");
			dk_text_rule_source(b, lang, &f, r);
			dk_buf_putc(b, '\n');
		}
	}
	if (v->issues_dropped)
		dk_buf_printf(b, "%s: +%d\n", file, v->issues_dropped);
	free(keep);
}

void dk_sheet_text_summary(dk_buf *b, dk_lang lang, size_t games, size_t with_findings,
			   unsigned blind)
{
	static const dk_msg items[DK_SB_COUNT] = {
		[DK_SB_PLAY] = DK_MSG_SH_BLIND_PLAY,
		[DK_SB_VALUE] = DK_MSG_SH_BLIND_VALUE,
		[DK_SB_PARTIES] = DK_MSG_SH_BLIND_PARTIES,
		[DK_SB_TRIGGERS] = DK_MSG_SH_BLIND_TRIGGERS,
		[DK_SB_DEALER] = DK_MSG_SH_BLIND_DEALER,
		[DK_SB_DEALER_DERIVED] = DK_MSG_SH_BLIND_DEALER_DERIVED,
		[DK_SB_TYPE] = DK_MSG_SH_BLIND_TYPE,
		[DK_SB_BOCK] = DK_MSG_SH_BLIND_BOCK,
		[DK_SB_VALUE_SIGN] = DK_MSG_SH_BLIND_VALUE_SIGN,
		[DK_SB_DUTY] = DK_MSG_SH_BLIND_DUTY,
	};
	dk_say(b, lang, DK_MSG_SH_SUMMARY, games, with_findings);
	dk_buf_putc(b, '\n');
	dk_say(b, lang, DK_MSG_SH_BLIND_HEAD);
	dk_buf_putc(b, '\n');
	for (int k = 0; k < DK_SB_COUNT; k++) {
		if (!(blind & (1u << k)))
			continue;
		dk_buf_puts(b, "  - ");
		dk_say(b, lang, items[k]);
		dk_buf_putc(b, '\n');
	}
}

void dk_sheet_json_game(dk_buf *b, dk_lang lang, const char *file, const dk_sheet *s,
			size_t i, const dk_sheet_verdict *v)
{
	const dk_sheet_game *g = &s->games[i];
	dk_buf_puts(b, "{\"file\": ");
	dk_json_put_string(b, file);
	dk_buf_printf(b, ", \"game\": %zu, \"line\": %u, \"findings\": [", i + 1, g->loc.line);
	for (int k = 0; k < v->issue_count; k++) {
		const dk_sheet_issue *x = &v->issues[k];
		dk_buf buf;
		dk_buf_init(&buf);
		issue_text(&buf, lang, s, g, x);
		dk_buf_printf(b, "%s{\"code\": \"%s\", \"warning\": %s, \"line\": %u, \"column\": %u, "
			      "\"message\": ", k ? ", " : "", dk_sheet_issue_name(x->code),
			      x->warning ? "true" : "false", x->loc.line, x->loc.col);
		dk_json_put_string(b, buf.data ? buf.data : "");
		if (x->rule_key) {
			dk_buf_puts(b, ", \"rule\": ");
			dk_json_put_string(b, x->rule_key);
		}
		dk_buf_putc(b, '}');
		dk_buf_release(&buf);
	}
	dk_buf_puts(b, "]}\n");
}

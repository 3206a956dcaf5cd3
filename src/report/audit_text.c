/*
 * audit_text.c - a game's session verdict in words; see audit_text.h.
 */
#include "audit_text.h"

#include <stdlib.h>
#include <string.h>

#include "check_text.h"
#include "shown.h"
#include "view_words.h"

static const char *name_at(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

void dk_audit_text_issue(dk_buf *b, dk_lang lang, const dk_session_issue *x, const dk_game *g)
{
	switch (x->code) {
	case DK_SX_DEALER:
		if (x->expected_alt)
			dk_say(b, lang, DK_MSG_AU_X_DEALER_ALT, name_at(g, (int)x->found),
			       name_at(g, (int)x->expected), name_at(g, x->expected_alt));
		else
			dk_say(b, lang, DK_MSG_AU_X_DEALER, name_at(g, (int)x->found),
			       name_at(g, (int)x->expected));
		break;
	case DK_SX_SIT_OUT:
		dk_say(b, lang, DK_MSG_AU_X_SIT_OUT, name_at(g, x->seat));
		break;
	case DK_SX_SIT_OUT_UNSAID:
		dk_say(b, lang, DK_MSG_AU_X_SIT_OUT_UNSAID, x->found);
		break;
	case DK_SX_SCORE_WRONG:
		dk_say(b, lang, DK_MSG_AU_X_SCORE_WRONG, name_at(g, x->seat), x->found, x->expected);
		break;
	case DK_SX_SCORE_SUM:
		dk_say(b, lang, DK_MSG_AU_X_SCORE_SUM, x->found);
		break;
	case DK_SX_EVEN_ODD:
		dk_say(b, lang, DK_MSG_AU_X_EVEN_ODD);
		break;
	case DK_SX_TOTAL_WRONG:
		dk_say(b, lang, DK_MSG_AU_X_TOTAL_WRONG, name_at(g, x->seat), x->found, x->expected);
		break;
	case DK_SX_TOTAL_ARITHMETIC:
		dk_say(b, lang, DK_MSG_AU_X_TOTAL_ARITHMETIC, name_at(g, x->seat), x->found,
		       x->expected);
		break;
	case DK_SX_BOCK_NOT_CARRIED:
		dk_say(b, lang, DK_MSG_AU_X_BOCK_NOT_CARRIED, x->found);
		break;
	case DK_SX_BOCK_PENDING_WRONG:
		dk_say(b, lang, DK_MSG_AU_X_BOCK_PENDING_WRONG, x->found, x->expected);
		break;
	case DK_SX_DUTY_SOLO_MISSING:
		dk_audit_text_duty(b, lang, x, g ? name_at(g, x->seat) : "?");
		break;
	case DK_SX_LUST_SOLO_EARLY:
		dk_say(b, lang, DK_MSG_AU_X_LUST_EARLY, name_at(g, x->seat), x->found, x->expected);
		break;
	case DK_SX_FORCED_MISSED:
		if (x->found)
			dk_say(b, lang, DK_MSG_AU_X_FORCED_MISSED_SOLO, name_at(g, x->seat),
			       name_at(g, (int)x->found));
		else
			dk_say(b, lang, DK_MSG_AU_X_FORCED_MISSED, name_at(g, x->seat));
		break;
	case DK_SX_FORCED_WRONG:
		if (x->expected)
			dk_say(b, lang, DK_MSG_AU_X_FORCED_WRONG, name_at(g, x->seat),
			       name_at(g, (int)x->expected));
		else
			dk_say(b, lang, DK_MSG_AU_X_FORCED_WRONG_NONE, name_at(g, x->seat));
		break;
	case DK_SX_CODE_COUNT:
		break;
	}
}

void dk_audit_text_duty_summary(dk_buf *b, dk_lang lang, const dk_session_state *st,
				const char *rules_name, const char *const *names,
				const bool *seat_known, int duty_soli)
{
	if (duty_soli <= 0)
		return;
	dk_say(b, lang, DK_MSG_AU_DUTY_HEAD, rules_name);
	bool first = true;
	for (int s = 1; s <= DK_MAX_SEATS; s++) {
		if (!st->duty_seat[s])
			continue;
		const char *name = seat_known[s] ? names[s] : "?";
		if (!first)
			dk_buf_putc(b, ',');
		first = false;
		if (!st->duty_game[s][0]) {
			dk_say(b, lang, DK_MSG_AU_DUTY_NONE, name);
			continue;
		}
		for (int k = 0; k < 4 && st->duty_game[s][k]; k++) {
			if (k)
				dk_buf_printf(b, " +%d", st->duty_game[s][k]);
			else
				dk_say(b, lang, DK_MSG_AU_DUTY_GAME, name, st->duty_game[s][k]);
			if (st->duty_as[s][k] == DK_SOLO_AS_FORCED)
				dk_buf_puts(b, lang == DK_LANG_DE ? " vorgeführt" : " forced (vorgeführt)");
			if (st->duty_assumed[s][k])
				dk_say(b, lang, DK_MSG_AU_DUTY_ASSUMED);
		}
	}
	dk_buf_putc(b, '\n');
}

void dk_audit_text_duty(dk_buf *b, dk_lang lang, const dk_session_issue *x, const char *name)
{
	dk_msg m = x->rule_key && strcmp(x->rule_key, "duty_soli.colour_per_player") == 0
			   ? DK_MSG_AU_X_DUTY_COLOUR
		   : x->rule_key && strcmp(x->rule_key, "duty_soli.picture_per_player") == 0
			   ? DK_MSG_AU_X_DUTY_PICTURE
			   : DK_MSG_AU_X_DUTY_ANY;
	dk_say(b, lang, m, name, x->found, x->expected);
}

void dk_audit_text_seats(dk_buf *b, const dk_game *g, const long *per_seat)
{
	const dk_players *pl = dk_game_players(g);
	for (size_t i = 0; pl && i < pl->count; i++)
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", pl->items[i].name,
			      per_seat[pl->items[i].seat]);
}

void dk_audit_text_session(dk_buf *b, dk_lang lang, const char *file, const dk_game *g,
			   const dk_rules *r, const dk_session_game *sg)
{
	dk_say(b, lang, DK_MSG_AU_DEALER_ROUND, name_at(g, g->deal.dealer), sg->round,
	       sg->game_in_round);
	if (sg->scored && !sg->counts_in_round)
		dk_say(b, lang, DK_MSG_AU_NOT_IN_ROUND);
	if (sg->solo_as != DK_SOLO_AS_UNSAID) {
		dk_say(b, lang, sg->solo_as == DK_SOLO_AS_DUTY ? DK_MSG_AU_DUTY_SOLO
				: sg->solo_as == DK_SOLO_AS_FORCED ? DK_MSG_AU_FORCED_SOLO
								    : DK_MSG_AU_LUST_SOLO);
		if (sg->solo_as_assumed)
			dk_say(b, lang, DK_MSG_AU_SOLO_ASSUMED);
	}
	for (int k = 0; k < 2; k++)
		if (sg->sitting_out[k])
			dk_say(b, lang, DK_MSG_AU_SITS_OUT, name_at(g, sg->sitting_out[k]));
	dk_buf_putc(b, '\n');
	if (sg->forced_seat) {
		dk_say(b, lang, DK_MSG_AU_FORCED_DUE, (long)sg->duty_missing, (long)sg->games_left,
		       name_at(g, sg->forced_seat));
		dk_buf_putc(b, '\n');
	}
	if (sg->bocks) {
		dk_say(b, lang, DK_MSG_AU_BOCK, sg->multiplier);
		dk_buf_putc(b, '\n');
	}
	if (sg->bock_moved_back) {
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_BOCK_MOVED));
		dk_buf_putc(b, '\n');
	}
	if (sg->bock_not_used_up) {
		dk_buf_puts(b, dk_msg_text(lang, sg->bock_not_used_up_by_kind
						     ? DK_MSG_AU_BOCK_NOT_USED_KIND
						     : DK_MSG_AU_BOCK_NOT_USED));
		dk_buf_putc(b, '\n');
	}
	if (sg->bocks_made) {
		dk_buf why;
		dk_buf_init(&why);
		for (int t = 0; t < DK_BT_COUNT; t++)
			if (DK_SET_HAS(sg->triggered, t))
				dk_buf_printf(&why, "%s%s", why.len ? ", " : "",
					      dk_bock_trigger_name((dk_bock_trigger)t));
		dk_say(b, lang, DK_MSG_AU_BOCK_MADE, sg->bocks_made, why.data,
		       sg->bock_pending_after);
		dk_buf_putc(b, '\n');
		dk_buf_release(&why);
	}
	if (sg->flipped) {
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_FLIPPED));
		dk_buf_putc(b, '\n');
	}
	if (sg->scored) {
		if (sg->multiplier != 1) {
			dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_ENTRY));
			dk_audit_text_seats(b, g, sg->score);
			dk_buf_putc(b, '\n');
		}
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_AU_STANDINGS));
		dk_audit_text_seats(b, g, sg->total);
		dk_buf_putc(b, '\n');
	}
	for (int i = 0; i < sg->issue_count; i++) {
		const dk_session_issue *x = &sg->issues[i];
		char *keep;
		dk_buf_printf(b, "  %s:%u:%u: %s%s: ", dk_shown(file, &keep), x->loc.line,
			      x->loc.col, dk_view_issue_name(lang, x->code),
			      x->warning ? (lang == DK_LANG_DE ? " (Warnung)" : " (warning)") : "");
		free(keep);
		dk_audit_text_issue(b, lang, x, g);
		dk_buf_putc(b, '\n');
		if (x->rule_key) {
			dk_finding f = { 0 };
			f.rule_key = x->rule_key;
			f.rule = x->rule;
			dk_buf_puts(b, "      ");
			dk_text_rule_source(b, lang, &f, r);
			dk_buf_putc(b, '\n');
		}
	}
}

void dk_audit_text_session_end(dk_buf *b, dk_lang lang, const dk_audit_session_end *e)
{
	static const char *const keys[DK_DUTY_KINDS] = {
		"duty_soli.per_player", "duty_soli.colour_per_player",
		"duty_soli.picture_per_player",
	};
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	int n = dk_session_finish(e->ss, x, (int)(sizeof(x) / sizeof(x[0])));
	size_t start = b->len;
	char *keep;
	const char *path = dk_shown(e->file, &keep);
	/* each player's duty soli, then what is missing (TSR 4.2.3) */
	if (e->duty_soli > 0) {
		dk_say(b, lang, DK_MSG_AU_SESSION_END, path, e->session);
		dk_buf_putc(b, '\n');
		dk_audit_text_duty_summary(b, lang, e->ss, e->rules, e->names, e->seat_known,
					   e->duty_soli);
	}
	for (int i = 0; i < n; i++) {
		int kind = 0;
		for (int k = 0; k < DK_DUTY_KINDS; k++)
			if (strcmp(x[i].rule_key, keys[k]) == 0)
				kind = k;
		const char *name = e->seat_known[x[i].seat] ? e->names[x[i].seat] : "?";
		if (i == 0 && b->len == start) {
			dk_say(b, lang, DK_MSG_AU_SESSION_END, path, e->session);
			dk_buf_putc(b, '\n');
		}
		dk_buf_printf(b, "  %s:%u:%u: %s: ", path, x[i].loc.line, x[i].loc.col,
			      dk_view_issue_name(lang, x[i].code));
		dk_audit_text_duty(b, lang, &x[i], name);
		dk_buf_puts(b, "\n      ");
		dk_say(b, lang, DK_MSG_RS_RULE, x[i].rule_key);
		dk_say(b, lang, DK_MSG_RS_OF, e->rules);
		if (e->overridden[kind])
			dk_say(b, lang, DK_MSG_RS_OVERRIDDEN);
		if (e->cite[kind][0])
			dk_buf_printf(b, ": %s", e->cite[kind]);
		dk_buf_putc(b, '\n');
	}
	free(keep);
}

void dk_audit_text_brief(dk_buf *b, dk_lang lang, const char *file, const dk_game *g,
			 const dk_replay *rp, const dk_session_game *sg, const char *id,
			 const dk_audit_dup *dup)
{
	char *keep;
	dk_say(b, lang, DK_MSG_CK_GAME, dk_shown(file, &keep), g->index);
	free(keep);
	dk_say(b, lang, DK_MSG_AU_ID, id);
	dk_buf_putc(b, ':');
	int n = 0;
	for (int i = 0; i < rp->finding_count; i++)
		if (rp->findings[i].kind != DK_FK_WARNING)
			dk_buf_printf(b, "%s %s", n++ ? "," : "",
				      dk_view_finding_name(lang, rp->findings[i].code));
	for (int i = 0; i < sg->issue_count; i++) {
		const dk_session_issue *x = &sg->issues[i];
		if (x->warning)
			continue;
		dk_buf_printf(b, "%s %s", n++ ? "," : "", dk_view_issue_name(lang, x->code));
		if (x->code == DK_SX_SCORE_WRONG || x->code == DK_SX_TOTAL_WRONG)
			dk_say(b, lang, DK_MSG_AU_SHOULD_BE, name_at(g, x->seat), x->found,
			       x->expected);
	}
	if (dup)
		dk_audit_text_dup_code(b, n > 0, dup->first_file, dup->first_index);
	dk_buf_putc(b, '\n');
}

void dk_audit_text_dup_code(dk_buf *b, bool after, const char *first_file, size_t first_index)
{
	char *keep;
	dk_buf_printf(b, "%s duplicate (%s, %zu)", after ? "," : "",
		      dk_shown(first_file, &keep), first_index);
	free(keep);
}

void dk_audit_text_duplicate(dk_buf *b, dk_lang lang, const char *first_file,
			     size_t first_index)
{
	char *keep;
	dk_say(b, lang, DK_MSG_AU_DUPLICATE, dk_shown(first_file, &keep), first_index);
	free(keep);
	dk_buf_putc(b, '\n');
}

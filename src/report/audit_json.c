/*
 * audit_json.c - `dokoref audit --format json`; see audit_json.h.
 */
#include "audit_json.h"

#include <json.h>
#include <string.h>

#include "check_json.h"
#include "json_out.h"

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

static json_object *seats_object(const dk_game *g, const long *per_seat)
{
	json_object *o = json_object_new_object();
	const dk_players *pl = dk_game_players(g);
	for (size_t i = 0; pl && i < pl->count; i++)
		json_object_object_add(o, pl->items[i].name,
				       json_object_new_int64(per_seat[pl->items[i].seat]));
	return o;
}

void dk_audit_json_game(dk_buf *b, const char *file, const char *id, size_t session,
			const dk_verdict *v, dk_lang lang, const char *dup_file,
			size_t dup_index)
{
	const dk_game *g = v->game;
	const dk_rules *r = v->rules;
	const dk_replay *rp = &v->rp;
	const dk_session_game *sg = &v->sg;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "version", json_object_new_int(DK_AUDIT_JSON_VERSION));
	json_object_object_add(o, "id", json_object_new_string(id));
	json_object_object_add(o, "file", json_object_new_string(file));
	json_object_object_add(o, "index", json_object_new_int64((int64_t)g->index));
	json_object_object_add(o, "session", session ? json_object_new_int64((int64_t)session)
						     : NULL);
	json_object_object_add(o, "rules", json_object_new_string(r->name ? r->name : ""));
	json_object_object_add(o, "type", json_object_new_string(dk_game_type_name(rp->type)));
	/* Pflichtsolo (noted apart, TSR 4.2.4), vorgeführt, Lustsolo; who is vorgeführt */
	if (sg->solo_as != DK_SOLO_AS_UNSAID) {
		json_object_object_add(o, "solo_as", json_object_new_string(dk_solo_as_name(sg->solo_as)));
		json_object_object_add(o, "solo_as_assumed", json_object_new_boolean(sg->solo_as_assumed));
	}
	if (sg->forced_seat)
		json_object_object_add(o, "vorgefuehrt",
				       json_object_new_string(name_of(g, sg->forced_seat)));
	json_object_object_add(o, "dealer", json_object_new_string(name_of(g, g->deal.dealer)));
	json_object_object_add(o, "round", json_object_new_int(sg->round));
	json_object *findings = json_object_new_array();
	for (int i = 0; i < rp->finding_count; i++) {
		json_object_array_add(findings, dk_json_finding(&rp->findings[i], g));
	}
	json_object_object_add(o, "findings", findings);
	/* the score that stands and why, as check has it */
	dk_json_add_ruling(o, v, lang);
	json_object *issues = json_object_new_array();
	for (int i = 0; i < sg->issue_count; i++) {
		const dk_session_issue *x = &sg->issues[i];
		json_object *j = json_object_new_object();
		json_object_object_add(j, "code", json_object_new_string(dk_session_issue_name(x->code)));
		/* the duty soli's findings are the players' violations, the
		 * others the score sheet's */
		bool played = x->code == DK_SX_LUST_SOLO_EARLY || x->code == DK_SX_FORCED_MISSED ||
			      x->code == DK_SX_FORCED_WRONG;
		json_object_object_add(j, "kind", json_object_new_string(x->warning ? "warning"
									 : played ? "irregularity"
										  : "record-defect"));
		json_object_object_add(j, "player", x->seat ? json_object_new_string(name_of(g, x->seat))
							    : NULL);
		json_object_object_add(j, "found", json_object_new_int64(x->found));
		json_object_object_add(j, "expected", json_object_new_int64(x->expected));
		json_object_object_add(j, "rule_key", x->rule_key ? json_object_new_string(x->rule_key)
								  : NULL);
		json_object_object_add(j, "line", json_object_new_int((int)x->loc.line));
		json_object_object_add(j, "column", json_object_new_int((int)x->loc.col));
		json_object_array_add(issues, j);
	}
	json_object_object_add(o, "session_findings", issues);
	json_object_object_add(o, "bock_multiplier", json_object_new_int64(sg->multiplier));
	json_object_object_add(o, "bock_moved_back", json_object_new_boolean(sg->bock_moved_back));
	json_object *trig = json_object_new_array();
	for (int t = 0; t < DK_BT_COUNT; t++)
		if (DK_SET_HAS(sg->triggered, t))
			json_object_array_add(trig, json_object_new_string(
				dk_bock_trigger_name((dk_bock_trigger)t)));
	json_object_object_add(o, "bock_triggers", trig);
	json_object_object_add(o, "bocks_made", json_object_new_int(sg->bocks_made));
	json_object_object_add(o, "bock_pending", json_object_new_int64(sg->bock_pending_after));
	json_object_object_add(o, "flipped", json_object_new_boolean(sg->flipped));
	json_object_object_add(o, "entry", sg->scored ? seats_object(g, sg->score) : NULL);
	json_object_object_add(o, "standings", sg->scored ? seats_object(g, sg->total) : NULL);
	json_object_object_add(o, "score_off", json_object_new_int64(sg->score_off));
	if (dup_file) {
		json_object *d = json_object_new_object();
		json_object_object_add(d, "file", json_object_new_string(dup_file));
		json_object_object_add(d, "index", json_object_new_int64((int64_t)dup_index));
		json_object_object_add(o, "duplicate_of", d);
	} else {
		json_object_object_add(o, "duplicate_of", NULL);
	}
	dk_json_put_line(b, o);
}

/* one finding of a whole session, about the player name */
static void session_issue(dk_buf *b, const char *file, size_t session,
			  const dk_session_issue *x, const char *name, const char *rules)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", json_object_new_string(file));
	json_object_object_add(o, "session", json_object_new_int64((int64_t)session));
	json_object_object_add(o, "rules", json_object_new_string(rules));
	json_object *j = json_object_new_object();
	json_object_object_add(j, "code", json_object_new_string(dk_session_issue_name(x->code)));
	json_object_object_add(j, "kind", json_object_new_string("irregularity"));
	json_object_object_add(j, "player", json_object_new_string(name));
	json_object_object_add(j, "found", json_object_new_int64(x->found));
	json_object_object_add(j, "expected", json_object_new_int64(x->expected));
	json_object_object_add(j, "rule_key", x->rule_key ? json_object_new_string(x->rule_key)
							  : NULL);
	json_object_object_add(j, "line", json_object_new_int((int)x->loc.line));
	json_object_object_add(j, "column", json_object_new_int((int)x->loc.col));
	json_object_object_add(o, "session_finding", j);
	dk_json_put_line(b, o);
}

void dk_audit_json_session_end(dk_buf *b, const dk_audit_session_end *e)
{
	dk_session_issue x[DK_MAX_SEATS * DK_DUTY_KINDS];
	int n = dk_session_finish(e->ss, x, (int)(sizeof(x) / sizeof(x[0])));
	for (int i = 0; i < n; i++)
		session_issue(b, e->file, e->session, &x[i],
			      e->seat_known[x[i].seat] ? e->names[x[i].seat] : "?", e->rules);
}

/* the counts that differ between now and base, by name */
static void json_counts(dk_buf *b, const size_t *now, const size_t *base, int n,
			const char *(*name)(int))
{
	dk_buf_putc(b, '{');
	for (int i = 0, k = 0; i < n; i++)
		if (now[i] != base[i]) {
			if (k++)
				dk_buf_putc(b, ',');
			dk_json_put_string(b, name(i));
			dk_buf_printf(b, ":%zu", now[i] - base[i]);
		}
	dk_buf_putc(b, '}');
}

static const char *finding_name(int c);
static const char *issue_name(int c);

void dk_audit_json_part(dk_buf *b, const dk_audit_part *p)
{
	const dk_audit_summary *s = p->sum, *o = p->base;
	dk_buf_puts(b, "{\"file\":");
	dk_json_put_string(b, p->file);
	dk_buf_printf(b, ",\"part\":%zu,\"session\":%zu,\"players\":", p->part, p->session);
	dk_json_put_string(b, p->players);
	dk_buf_printf(b, ",\"carried\":%s,\"bock_end\":%ld,\"selected\":%s",
		      p->carried ? "true" : "false", p->bock_end, p->selected ? "true" : "false");
	dk_buf_printf(b, ",\"games\":%zu,\"with_findings\":%zu,\"with_sheet\":%zu,\"findings\":",
		      s->games - o->games, s->with_findings - o->with_findings,
		      s->with_sheet - o->with_sheet);
	json_counts(b, s->code_count, o->code_count, DK_F_CODE_COUNT, finding_name);
	dk_buf_puts(b, ",\"session_findings\":");
	json_counts(b, s->sx_count, o->sx_count, DK_SX_CODE_COUNT, issue_name);
	dk_buf_printf(b, ",\"scores_right\":%zu,\"scores_wrong\":%zu,\"off_total\":%ld,"
		      "\"off_max\":%ld,\"off_max_index\":%zu,\"first_wrong_index\":%zu,"
		      "\"totals\":%s,\"totals_wrong\":%s,\"finding\":%s,\"final\":[",
		      s->scores_right - o->scores_right, s->scores_wrong - o->scores_wrong,
		      s->off_total - o->off_total, p->off_max, p->off_max_index,
		      p->first_wrong, p->totals ? "true" : "false",
		      p->totals_wrong ? "true" : "false", p->finding ? "true" : "false");
	for (int seat = 1, k = 0; seat <= DK_MAX_SEATS; seat++) {
		if (!p->seat_known[seat])
			continue;
		dk_buf_puts(b, k++ ? ",[" : "[");
		dk_json_put_string(b, p->names[seat]);
		dk_buf_printf(b, ",%ld", p->final[seat]);
		if (p->rec_final)
			dk_buf_printf(b, ",%ld", p->rec_final[seat]);
		dk_buf_putc(b, ']');
	}
	dk_buf_puts(b, "],\"ids\":[");
	dk_buf_put(b, p->ids->data ? p->ids->data : "", p->ids->len);
	dk_buf_puts(b, "],\"out\":[");
	dk_buf_put(b, p->out->data ? p->out->data : "", p->out->len);
	dk_buf_puts(b, "]}\n");
}

void dk_audit_json_file_end(dk_buf *b, const char *file, int status, size_t parts)
{
	dk_buf_puts(b, "{\"file\":");
	dk_json_put_string(b, file);
	dk_buf_printf(b, ",\"status\":%d,\"parts\":%zu,\"end\":true}\n", status, parts);
}

bool dk_audit_json_with_duplicate(dk_buf *b, const char *text, size_t len,
				  const char *first_file, size_t first_index)
{
	static const char none[] = "null}\n";
	size_t nl = sizeof(none) - 1;
	if (len < nl || memcmp(text + len - nl, none, nl) != 0)
		return false;   /* the object ends with "duplicate_of":null */
	dk_buf_put(b, text, len - nl);
	dk_buf_puts(b, "{\"file\":");
	dk_json_put_string(b, first_file);
	dk_buf_printf(b, ",\"index\":%zu}}\n", first_index);
	return true;
}

static json_object *count_object(const size_t *counts, int n, const char *(*name)(int))
{
	json_object *o = json_object_new_object();
	for (int i = 0; i < n; i++)
		if (counts[i])
			json_object_object_add(o, name(i), json_object_new_int64((int64_t)counts[i]));
	return o;
}

static const char *finding_name(int c)
{
	return dk_finding_code_name((dk_finding_code)c);
}

static const char *issue_name(int c)
{
	return dk_session_issue_name((dk_session_issue_code)c);
}

void dk_audit_json_summary(dk_buf *b, const dk_audit_summary *s)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "games", json_object_new_int64((int64_t)s->games));
	json_object_object_add(o, "files", json_object_new_int64((int64_t)s->files));
	json_object_object_add(o, "sessions", json_object_new_int64((int64_t)s->sessions));
	json_object_object_add(o, "games_with_findings",
			       json_object_new_int64((int64_t)s->with_findings));
	json_object_object_add(o, "games_with_session_findings",
			       json_object_new_int64((int64_t)s->with_sheet));
	json_object_object_add(o, "findings", count_object(s->code_count, DK_F_CODE_COUNT,
							   finding_name));
	json_object_object_add(o, "session_findings", count_object(s->sx_count, DK_SX_CODE_COUNT,
								   issue_name));
	json_object *sc = json_object_new_object();
	json_object_object_add(sc, "right", json_object_new_int64((int64_t)s->scores_right));
	json_object_object_add(sc, "wrong", json_object_new_int64((int64_t)s->scores_wrong));
	json_object_object_add(sc, "off_total", json_object_new_int64(s->off_total));
	json_object_object_add(sc, "off_max", json_object_new_int64(s->off_max));
	json_object_object_add(o, "recorded_scores", sc);
	json_object *tt = json_object_new_object();
	json_object_object_add(tt, "sessions_recording",
			       json_object_new_int64((int64_t)s->sessions_with_totals));
	json_object_object_add(tt, "sessions_wrong",
			       json_object_new_int64((int64_t)s->sessions_totals_wrong));
	if (s->first_wrong_file) {
		json_object *fw = json_object_new_object();
		json_object_object_add(fw, "file", json_object_new_string(s->first_wrong_file));
		json_object_object_add(fw, "index", json_object_new_int64((int64_t)s->first_wrong_index));
		json_object_object_add(tt, "first_wrong", fw);
	} else {
		json_object_object_add(tt, "first_wrong", NULL);
	}
	json_object_object_add(o, "running_totals", tt);
	json_object *dups = json_object_new_array();
	for (size_t i = 0; i < s->dup_count; i++) {
		const dk_audit_dup *d = &s->dups[i];
		json_object *x = json_object_new_object();
		json_object_object_add(x, "id", json_object_new_string(d->id));
		json_object_object_add(x, "file", json_object_new_string(d->file));
		json_object_object_add(x, "index", json_object_new_int64((int64_t)d->index));
		json_object_object_add(x, "first_file", json_object_new_string(d->first_file));
		json_object_object_add(x, "first_index", json_object_new_int64((int64_t)d->first_index));
		json_object_array_add(dups, x);
	}
	json_object_object_add(o, "duplicates", json_object_new_int64((int64_t)s->duplicates));
	json_object_object_add(o, "duplicate_list", dups);
	json_object *st = json_object_new_array();
	for (size_t i = 0; i < s->standing_count; i++) {
		json_object *x = json_object_new_object();
		json_object_object_add(x, "player", json_object_new_string(s->standings[i].name));
		json_object_object_add(x, "points", json_object_new_int64(s->standings[i].points));
		json_object_array_add(st, x);
	}
	json_object_object_add(o, "standings", st);
	json_object_object_add(o, "bock_pending", json_object_new_int64(s->bock_pending));
	json_object *w = json_object_new_object();
	json_object_object_add(w, "summary", o);
	dk_json_put_line(b, w);
}

static const char *sheet_issue_name(int c)
{
	return dk_sheet_issue_name((dk_sheet_issue_code)c);
}

/* stable names of what a sheet cannot show (dk_sheet_blind_item) */
static const char *const blind_names[DK_SB_COUNT] = {
	[DK_SB_PLAY] = "play",
	[DK_SB_VALUE] = "value",
	[DK_SB_PARTIES] = "parties",
	[DK_SB_TRIGGERS] = "bock-triggers",
	[DK_SB_DEALER] = "dealer",
	[DK_SB_DEALER_DERIVED] = "dealer-derived",
	[DK_SB_TYPE] = "game-type",
	[DK_SB_BOCK] = "bock",
	[DK_SB_VALUE_SIGN] = "value-sign",
	[DK_SB_DUTY] = "duty-solo",
};

void dk_audit_json_sheet_summary(dk_buf *b, const char *file, const char *format,
				 const char *rules, size_t games, size_t with_findings,
				 const size_t *code_count, const size_t *warning_count,
				 unsigned blind)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", json_object_new_string(file));
	json_object_object_add(o, "format", json_object_new_string(format));
	json_object_object_add(o, "rules", json_object_new_string(rules));
	json_object_object_add(o, "games", json_object_new_int64((int64_t)games));
	json_object_object_add(o, "games_with_findings",
			       json_object_new_int64((int64_t)with_findings));
	json_object_object_add(o, "findings", count_object(code_count, DK_SH_CODE_COUNT,
							   sheet_issue_name));
	json_object_object_add(o, "warnings", count_object(warning_count, DK_SH_CODE_COUNT,
							   sheet_issue_name));
	json_object *nc = json_object_new_array();
	for (int k = 0; k < DK_SB_COUNT; k++)
		if (blind & (1u << k))
			json_object_array_add(nc, json_object_new_string(blind_names[k]));
	json_object_object_add(o, "not_checked", nc);
	json_object *w = json_object_new_object();
	json_object_object_add(w, "summary", o);
	dk_json_put_line(b, w);
}

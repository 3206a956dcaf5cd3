/*
 * check_json.c - one JSON object per game; see check_json.h.
 */
#include "check_json.h"

#include <json.h>
#include <string.h>

#include "analysis.h"
#include "foreign.h"
#include "json_out.h"
#include "ruling_text.h"

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

/* add a decision id once */
static void add_assumption(json_object *arr, const dk_rule_source *src)
{
	if (!src || !src->assumption)
		return;
	size_t n = json_object_array_length(arr);
	for (size_t i = 0; i < n; i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)),
			   src->assumption) == 0)
			return;
	json_object_array_add(arr, json_object_new_string(src->assumption));
}

/* an imported game: the other program's score against dokoref's */
static json_object *dk_json_foreign(const dk_game *g, const dk_replay *rp, const dk_score *s,
				    long bock)
{
	static const char *const kinds[DK_CMP_KIND_COUNT] = {
		"winner", "value", "card-points", "party", "only-theirs", "only-ours", "trick",
		"bock"
	};
	const dk_foreign_score *fs = g->foreign;
	dk_cmp c;
	dk_foreign_compare_bock(&c, s, rp, fs, bock);
	json_object *f = json_object_new_object();
	json_object_object_add(f, "program", json_object_new_string(fs->program));
	json_object_object_add(f, "summary", json_object_new_boolean(fs->has_summary));
	json_object_object_add(f, "winner", fs->winner == DK_PARTY_NONE ? NULL
				: json_object_new_string(dk_party_name(fs->winner)));
	json_object_object_add(f, "value", json_object_new_int(fs->value));
	json_object_object_add(f, "bock", json_object_new_int(fs->bock));
	json_object_object_add(f, "unexplained", json_object_new_int(c.unexplained));
	json_object *diffs = json_object_new_array();
	for (int i = 0; i < c.count; i++) {
		const dk_cmp_diff *d = &c.diffs[i];
		json_object *x = json_object_new_object();
		json_object_object_add(x, "kind", json_object_new_string(kinds[d->kind]));
		if (d->kind == DK_CMP_WINNER || d->kind == DK_CMP_PARTY) {
			json_object_object_add(x, "ours", d->ours ? json_object_new_string(
				dk_party_name((dk_party)d->ours)) : NULL);
			json_object_object_add(x, "theirs", d->theirs ? json_object_new_string(
				dk_party_name((dk_party)d->theirs)) : NULL);
		} else {
			json_object_object_add(x, "ours", json_object_new_int(d->ours));
			json_object_object_add(x, "theirs", json_object_new_int(d->theirs));
		}
		if (d->kind == DK_CMP_PARTY)
			json_object_object_add(x, "player", json_object_new_string(name_of(g, d->seat)));
		if (d->kind == DK_CMP_TRICK) {
			json_object_object_add(x, "trick", json_object_new_int(d->level));
			json_object_object_add(x, "ours", json_object_new_string(name_of(g, d->ours)));
			json_object_object_add(x, "theirs", json_object_new_string(
				name_of(g, d->theirs)));
		}
		if (d->party != DK_PARTY_NONE)
			json_object_object_add(x, "party", json_object_new_string(
				dk_party_name(d->party)));
		if (d->name)
			json_object_object_add(x, "item", json_object_new_string(d->name));
		if (d->kind == DK_CMP_ONLY_OURS)
			json_object_object_add(x, "item", json_object_new_string(
				dk_score_item_name(d->item)));
		json_object_object_add(x, "option", d->option ? json_object_new_string(d->option)
							     : NULL);
		bool explained = d->kind == DK_CMP_VALUE ? c.value_explained : d->option != NULL;
		json_object_object_add(x, "explained", json_object_new_boolean(explained));
		json_object_array_add(diffs, x);
	}
	json_object_object_add(f, "differences", diffs);
	return f;
}

/* the search's answer per party, with a continuation that proves a "can
 * reach" (its cards as ASCII codes, with who played each) */
static json_object *search_json(const dk_search_result *s, const int target[3],
				const dk_game *g, const dk_replay *rp)
{
	json_object *o = json_object_new_object();
	static const char *const names[3] = { NULL, "re", "kontra" };
	for (int party = DK_PARTY_RE; party <= DK_PARTY_KONTRA; party++) {
		json_object *x = json_object_new_object();
		json_object_object_add(x, "target", json_object_new_int(target[party]));
		json_object_object_add(x, "can_reach", json_object_new_boolean(s->can_reach[party]));
		json_object_object_add(x, "takes_all", json_object_new_boolean(s->takes_all[party]));
		json_object *line = NULL;
		if (s->can_reach[party]) {
			line = json_object_new_array();
			const dk_line *l = &s->line[party];
			for (int i = 0; i < l->count; i++) {
				json_object *c = json_object_new_object();
				json_object_object_add(c, "player", json_object_new_string(
					name_of(g, rp->seats[l->seats[i]])));
				json_object_object_add(c, "card",
						       json_object_new_string(dk_card_code(l->cards[i])));
				json_object_array_add(line, c);
			}
		}
		json_object_object_add(x, "continuation", line);
		json_object_object_add(o, names[party], x);
	}
	json_object_object_add(o, "positions", json_object_new_int64(s->nodes));
	return o;
}

static json_object *proof(const dk_penalty *pen, const dk_game *g, const dk_replay *rp)
{
	return search_json(&pen->search, pen->target, g, rp);
}

/* when every player could see it, who may reclaim it and what the record's
 * objection did (TSR 9.6); for an objection finding, what it concerns */
static void reclaim_json(json_object *x, const dk_finding *f, const dk_game *g)
{
	if (f->kind == DK_FK_OBJECTION) {
		json_object *a = NULL;
		if (f->code != DK_F_OBJECTION_GROUNDLESS) {
			a = json_object_new_object();
			json_object_object_add(a, "code",
					       json_object_new_string(dk_finding_code_name(f->about)));
			json_object_object_add(a, "trick", json_object_new_int(f->about_trick));
			json_object_object_add(a, "card", json_object_new_int(f->about_card));
			json_object_object_add(a, "player", f->about_seat
				? json_object_new_string(name_of(g, f->about_seat)) : NULL);
		}
		json_object_object_add(x, "about", a);
		if (f->code == DK_F_OBJECTION_LATE)
			json_object_object_add(x, "right_ended_card",
					       json_object_new_int(f->deadline_card));
		return;
	}
	if (!f->entitled)
		return;
	json_object *v = json_object_new_object();
	json_object_object_add(v, "at", json_object_new_string(dk_visible_name(f->visible)));
	if (f->visible == DK_VIS_LATER) {
		json_object_object_add(v, "trick", json_object_new_int(f->visible_trick));
		json_object_object_add(v, "card", json_object_new_int(f->visible_card));
	}
	json_object_object_add(x, "visible", v);
	json_object *r = json_object_new_object();
	json_object *by = json_object_new_array();
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		if (f->entitled & 1u << s)
			json_object_array_add(by, json_object_new_string(name_of(g, s)));
	json_object_object_add(r, "by", by);
	json_object_object_add(r, "objection",
			       json_object_new_string(dk_objection_name(f->objection)));
	if (f->objection != DK_OBJ_NONE) {
		int after = 0;
		for (int i = 0; i < f->objection_seq - 1 && (size_t)i < g->event_count; i++)
			after += g->events[i].kind == DK_EV_CARD;
		json_object_object_add(r, "objection_by", f->objection_seat
			? json_object_new_string(name_of(g, f->objection_seat)) : NULL);
		json_object_object_add(r, "objection_after_card", json_object_new_int(after));
	}
	json_object_object_add(x, "reclaim", r);
}

json_object *dk_json_finding(const dk_finding *f, const dk_game *g)
{
	json_object *x = json_object_new_object();
	json_object_object_add(x, "code", json_object_new_string(dk_finding_code_name(f->code)));
	json_object_object_add(x, "kind", json_object_new_string(dk_finding_kind_name(f->kind)));
	json_object_object_add(x, "trick", json_object_new_int(f->trick));
	json_object_object_add(x, "card", json_object_new_int(f->card));
	json_object_object_add(x, "player", f->seat ? json_object_new_string(name_of(g, f->seat))
						  : NULL);
	json_object_object_add(x, "line", json_object_new_int((int)f->loc.line));
	json_object_object_add(x, "column", json_object_new_int((int)f->loc.col));
	json_object_object_add(x, "rule", f->rule_key ? json_object_new_string(f->rule_key)
						      : NULL);
	/* one slip is one finding: whose place it took and what follows from it */
	switch (f->code) {
	case DK_F_OUT_OF_TURN:
	case DK_F_WRONG_LEAD:
		json_object_object_add(x, "in_place_of",
				       json_object_new_string(name_of(g, f->expected_seat)));
		json_object_object_add(x, "followed", json_object_new_int(f->followed));
		break;
	case DK_F_CARD_NOT_IN_HAND: {
		json_object *kept = json_object_new_array();
		for (int i = 0; i < f->demanded_count; i++)
			json_object_array_add(kept, json_object_new_string(
							    dk_card_code(f->demanded[i])));
		json_object_object_add(x, "kept", kept);
		json_object_object_add(x, "in_place_of", f->expected_seat
			? json_object_new_string(name_of(g, f->expected_seat)) : NULL);
		json_object_object_add(x, "followed", json_object_new_int(f->followed));
		break;
	}
	default:
		break;
	}
	reclaim_json(x, f, g);
	return x;
}

/* player name to points, for the four playing seats */
static json_object *per_player(const dk_game *g, const dk_replay *rp, const long *per_seat)
{
	json_object *o = json_object_new_object();
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		json_object_object_add(o, name_of(g, rp->seats[i]),
				       json_object_new_int64(per_seat[rp->seats[i]]));
	return o;
}

static json_object *party_or_null(dk_party p, bool known)
{
	if (!known)
		return NULL;
	return json_object_new_string(p == DK_PARTY_RE ? "re" : p == DK_PARTY_KONTRA ? "kontra"
										 : "none");
}

/* the ruling: the score that stands and why (verdict.h's dk_ruling) */
static json_object *ruling_json(const dk_verdict *v, dk_lang lang)
{
	const dk_ruling *ru = &v->ruling;
	const dk_game *g = v->game;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "basis", json_object_new_string(dk_ruling_basis_name(ru->basis)));
	json_object_object_add(o, "winner", party_or_null(ru->winner, ru->scored));
	json_object_object_add(o, "value", ru->scored ? json_object_new_int(ru->value) : NULL);
	json_object_object_add(o, "score", ru->scored ? per_player(g, &v->rp, ru->score) : NULL);
	json_object_object_add(o, "game_void", json_object_new_boolean(ru->game_void));
	json_object_object_add(o, "sheet_ok", ru->sheet_compared
				? json_object_new_boolean(ru->sheet_ok) : NULL);
	json_object *corr = NULL;
	if (ru->sheet_compared) {
		corr = json_object_new_object();
		const dk_recorded *rec = &g->recorded;
		for (size_t i = 0; i < rec->score_count; i++)
			json_object_object_add(corr, name_of(g, rec->scores[i].seat),
				json_object_new_int64(ru->correction[rec->scores[i].seat]));
	}
	json_object_object_add(o, "correction", corr);
	dk_buf why;
	dk_buf_init(&why);
	dk_text_ruling_reason(&why, lang, v);
	json_object_object_add(o, "reason", json_object_new_string(why.data ? why.data : ""));
	dk_buf_release(&why);
	json_object *rule = NULL;
	if (ru->rule_key) {
		rule = json_object_new_object();
		json_object_object_add(rule, "key", json_object_new_string(ru->rule_key));
		json_object_object_add(rule, "source", ru->rule && ru->rule->cite
					? json_object_new_string(ru->rule->cite) : NULL);
	}
	json_object_object_add(o, "rule", rule);
	json_object_object_add(o, "finding", ru->finding >= 0 ? json_object_new_int(ru->finding)
								: NULL);
	/* every irregularity whose penalty counts, in the findings' order: the
	 * first reclaimed and, after one that lets the game go on, the next
	 * reclaimed (TSR 9.6.6); null when none counts */
	json_object *counted = NULL;
	for (int i = 0; i < v->rp.finding_count; i++) {
		if (!v->counts[i])
			continue;
		if (!counted)
			counted = json_object_new_array();
		json_object_array_add(counted, json_object_new_int(i));
	}
	json_object_object_add(o, "counted", counted);
	json_object_object_add(o, "objection", ru->finding >= 0
				? json_object_new_string(dk_objection_name(ru->objection)) : NULL);
	json_object_object_add(o, "missing", ru->missing != DK_RM_NONE
				? json_object_new_string(dk_ruling_missing_name(ru->missing)) : NULL);
	/* the house's words that let the table agree the score as played */
	const dk_rule_source *agree = &v->rules->penalty_revoke_table_may_agree_src;
	json_object_object_add(o, "table_may_agree", ru->table_may_agree
		? json_object_new_string(agree->cite ? agree->cite : "") : NULL);
	return o;
}

void dk_json_add_ruling(json_object *o, const dk_verdict *v, dk_lang lang)
{
	const dk_ruling *ru = &v->ruling;
	json_object_object_add(o, "ruling", ruling_json(v, lang));
	json_object_object_add(o, "winner", party_or_null(ru->winner, ru->scored));
	json_object_object_add(o, "value", ru->scored ? json_object_new_int(ru->value) : NULL);
	json_object_object_add(o, "score", ru->scored ? per_player(v->game, &v->rp, ru->score)
						      : NULL);
}

/* the layout of the objects below; raised with every change that can
 * break a program reading them (dokoref(1), --format json) */
#define DK_JSON_VERSION 2

/* check's object of verdict v, before it is written */
static json_object *game_object(const char *file, const dk_verdict *v, dk_lang lang)
{
	const dk_game *g = v->game;
	const dk_replay *rp = &v->rp;
	const dk_rules *r = v->rules;
	const dk_score *s = v->scored ? &v->sc : NULL;
	const dk_penalty *penalties = v->penalties_assessed || v->penalty_stands ? v->penalties
										 : NULL;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "version", json_object_new_int(DK_JSON_VERSION));
	json_object_object_add(o, "file", json_object_new_string(file));

	json_object_object_add(o, "index", json_object_new_int64((int64_t)g->index));
	json_object_object_add(o, "rules", json_object_new_string(r->name ? r->name : ""));
	json_object_object_add(o, "type", json_object_new_string(dk_game_type_name(rp->type)));
	if (rp->type == DK_GT_SOLO || rp->type == DK_GT_SILENT_MARRIAGE)
		json_object_object_add(o, "solo", json_object_new_string(dk_solo_kind_name(rp->solo)));
	/* Pflichtsolo or Lustsolo, where the rules know duty soli or the record says it */
	if (rp->type == DK_GT_SOLO && rp->solo_as != DK_SOLO_AS_UNSAID) {
		json_object_object_add(o, "solo_as", json_object_new_string(dk_solo_as_name(rp->solo_as)));
		json_object_object_add(o, "solo_as_assumed", json_object_new_boolean(rp->solo_as_assumed));
	}

	json_object *parties = json_object_new_object();
	json_object *re = json_object_new_array(), *kontra = json_object_new_array();
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		json_object *arr = rp->party[seat] == DK_PARTY_RE ? re : kontra;
		json_object_array_add(arr, json_object_new_string(name_of(g, seat)));
	}
	json_object_object_add(parties, "re", re);
	json_object_object_add(parties, "kontra", kontra);
	json_object_object_add(o, "parties", parties);

	json_object *cp = json_object_new_object();
	json_object_object_add(cp, "re", json_object_new_int(rp->points[DK_PARTY_RE]));
	json_object_object_add(cp, "kontra", json_object_new_int(rp->points[DK_PARTY_KONTRA]));
	json_object_object_add(o, "card_points", cp);

	json_object *assumptions = json_object_new_array();
	json_object *findings = json_object_new_array();
	for (int i = 0; i < rp->finding_count; i++) {
		const dk_finding *f = &rp->findings[i];
		json_object *x = dk_json_finding(f, g);
		const dk_penalty *pen = penalties ? &penalties[i] : NULL;
		if (pen && pen->cls != DK_PC_NONE) {
			json_object *pj = json_object_new_object();
			json_object_object_add(pj, "class",
					       json_object_new_string(dk_penalty_class_name(pen->cls)));
			if (pen->cls == DK_PC_UNDECIDED)
				json_object_object_add(pj, "hands_match",
						       json_object_new_boolean(!pen->search.irregular));
			if (pen->cls != DK_PC_UNDECIDED) {
				json_object *pts = json_object_new_object();
				for (int k = 0; k < DK_PLAYING_SEATS; k++)
					json_object_object_add(pts, name_of(g, rp->seats[k]),
						json_object_new_int64(pen->per_seat[rp->seats[k]]));
				json_object_object_add(pj, "points", pts);
				json_object_object_add(pj, "game_void",
						       json_object_new_boolean(pen->game_void));
				if (pen->cls != DK_PC_FORFEIT && pen->cls != DK_PC_DECIDED &&
				    !pen->announcement)
					json_object_object_add(pj, "proof", proof(pen, g, rp));
				if (pen->cls == DK_PC_FORFEIT) {
					const dk_score *fs = &pen->forfeit;
					json_object_object_add(pj, "rule",
						json_object_new_string(dk_revoke_penalty_name(pen->rule_value)));
					json_object_object_add(pj, "winner", json_object_new_string(
						fs->winner == DK_PARTY_RE ? "re" : "kontra"));
					json_object_object_add(pj, "value", json_object_new_int(fs->value));
				}
			}
			json_object_object_add(pj, "objected", json_object_new_boolean(pen->objected));
			if (pen->stands)   /* no reclaim deadline: it is the verdict */
				json_object_object_add(pj, "stands", json_object_new_boolean(true));
			json_object_object_add(x, "if_reclaimed", pj);
		}
		if (f->kind == DK_FK_IRREGULARITY)
			json_object_object_add(x, "objection", json_object_new_string(
				dk_objection_name(v->objection[i])));
		json_object_array_add(findings, x);
		add_assumption(assumptions, f->rule);
	}
	json_object_object_add(o, "findings", findings);

	/* the ruling, and its winner, value and score at the top; the
	 * score as played apart */
	const dk_ruling *ru = &v->ruling;
	dk_json_add_ruling(o, v, lang);
	if (s) {
		static const char *const counting[DK_COUNTING_COUNT] = {
			"plus-minus", "plus", "minus"
		};
		json_object_object_add(o, "counting", json_object_new_string(
			(unsigned)s->counting < DK_COUNTING_COUNT ? counting[s->counting] : "plus-minus"));
		json_object *played = json_object_new_object();
		json_object_object_add(played, "winner", party_or_null(s->winner, true));
		json_object_object_add(played, "value", json_object_new_int(s->value));
		json_object_object_add(played, "score", per_player(g, rp, v->played));
		json_object *items = json_object_new_array();
		for (int i = 0; i < s->item_count; i++) {
			const dk_score_item *it = &s->items[i];
			json_object *x = json_object_new_object();
			json_object_object_add(x, "item", json_object_new_string(dk_score_item_name(it->kind)));
			json_object_object_add(x, "party", json_object_new_string(
				it->party == DK_PARTY_RE ? "re" : "kontra"));
			json_object_object_add(x, "points", json_object_new_int(it->points));
			if (it->level)
				json_object_object_add(x, "level", json_object_new_int(it->level));
			json_object_object_add(x, "rule", json_object_new_string(it->rule_key));
			json_object_array_add(items, x);
			add_assumption(assumptions, it->rule);
		}
		json_object_object_add(played, "score_items", items);
		json_object_object_add(o, "as_played", played);
	} else {
		json_object_object_add(o, "as_played", NULL);
	}

	const dk_recorded *rec = &g->recorded;
	/* the result as a sheet holds it (result: kontra 3), when written */
	bool wrote_winner = rec->present && (rec->winner != DK_PARTY_NONE || rec->winner_none);
	if (wrote_winner || (rec->present && rec->has_value)) {
		json_object *res = json_object_new_object();
		json_object_object_add(res, "winner", !wrote_winner ? NULL :
				       json_object_new_string(rec->winner == DK_PARTY_RE ? "re" :
							      rec->winner == DK_PARTY_KONTRA ?
							      "kontra" : "none"));
		json_object_object_add(res, "value", rec->has_value ?
				       json_object_new_int(rec->value) : NULL);
		json_object_object_add(o, "recorded_result", res);
	} else {
		json_object_object_add(o, "recorded_result", NULL);
	}
	if (rec->present && rec->score_count) {
		json_object *recd = json_object_new_object();
		for (size_t i = 0; i < rec->score_count; i++)
			json_object_object_add(recd, name_of(g, rec->scores[i].seat),
					       json_object_new_int64(rec->scores[i].points));
		json_object_object_add(o, "recorded", recd);
		json_object_object_add(o, "recorded_ok", ru->sheet_compared
					? json_object_new_boolean(ru->sheet_ok) : NULL);
	} else {
		json_object_object_add(o, "recorded", NULL);
		json_object_object_add(o, "recorded_ok", ru->sheet_compared
					? json_object_new_boolean(ru->sheet_ok) : NULL);
	}
	json_object_object_add(o, "assumptions", assumptions);
	if (g->foreign && s)
		json_object_object_add(o, "foreign", dk_json_foreign(g, rp, s, v->bock));
	return o;
}

/* a record that stops early: how far it goes, and the search's answer from
 * there ("decides_winner": both parties can still reach their targets;
 * null when not searched or not answered within the search's budget) */
static json_object *stopped_json(const dk_verdict *v)
{
	const dk_search_result *s = &v->stopped_search;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "cards_played", json_object_new_int(v->rp.cards_played));
	json_object_object_add(o, "cards", json_object_new_int(v->rp.hand_size *
								 DK_PLAYING_SEATS));
	json_object_object_add(o, "tricks_left", json_object_new_int(v->stopped_tricks_left));
	const char *why = v->stopped_hands_unknown ? "hands-unknown"
			  : v->stopped_parties_unknown ? "parties-unknown" : NULL;
	json_object_object_add(o, "not_searched", why ? json_object_new_string(why) : NULL);
	bool known = v->stopped_searched && s->reach_known[DK_PARTY_RE] &&
		     s->reach_known[DK_PARTY_KONTRA];
	json_object_object_add(o, "decides_winner", known ? json_object_new_boolean(
		s->can_reach[DK_PARTY_RE] && s->can_reach[DK_PARTY_KONTRA]) : NULL);
	json_object_object_add(o, "search", v->stopped_searched ?
			       search_json(s, v->stopped_target, v->game, &v->rp) : NULL);
	return o;
}

void dk_json_verdict(dk_buf *b, const char *file, const dk_verdict *v)
{
	dk_json_verdict_in(b, file, v, NULL, DK_LANG_EN);
}

void dk_json_verdict_analysed(dk_buf *b, const char *file, const dk_verdict *v,
			      const dk_dd_game *a)
{
	dk_json_verdict_in(b, file, v, a, DK_LANG_EN);
}

void dk_json_verdict_in(dk_buf *b, const char *file, const dk_verdict *v, const dk_dd_game *a,
			dk_lang lang)
{
	json_object *o = game_object(file, v, lang);
	/* only for a record that stops early, so that every other game's
	 * object stays as it was */
	if (v->stopped)
		json_object_object_add(o, "unfinished", stopped_json(v));
	if (a)
		json_object_object_add(o, "analysis", dk_json_analysis(v->game, a));
	dk_json_put_line(b, o);
}

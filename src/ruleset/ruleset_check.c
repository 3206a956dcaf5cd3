/*
 * ruleset_check.c - step 4 of reading a rule set (dk_ruleset_check): the
 * merged values checked against each other (a marriage default among the
 * allowed conditions, a reservation order that names exactly the
 * reservations that can happen, ...).  Each value alone was checked as it
 * was read.
 */
#include "rs_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

typedef struct checker {
	const dk_rules *r;
	dk_diag *diag;
	int rc;
} checker;

static const dk_rule_key *must_find(const char *name)
{
	const dk_rule_key *k = dk_ruleset_key_find(name);
	assert(k);
	return k;
}

/* How late in the chain a value was set: base, the set itself, a record. */
static int lateness(const dk_rule_source *s)
{
	return s->overridden ? 2 : s->inherited ? 0 : 1;
}

/* "[a, b]": the current value of the rule named key */
static void sb_add_current(dk_buf *b, const dk_rules *r, const char *key)
{
	const dk_rule_key *k = must_find(key);
	rvalue v;

	rs_load_value(&v, r, k);
	rs_sb_add_value(b, k, &v);
}

/*
 * A contradiction between rule `at` and rule `other` (NULL: `at` alone).
 * It is reported at the value of `at`, unless `other` was set later in the
 * chain (in the derived set, or by a record): the value somebody most
 * likely just changed.  The message is fmt, then where the other stands.
 */
static void contradiction(checker *c, const char *at, const char *other,
			  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void contradiction(checker *c, const char *at, const char *other,
			  const char *fmt, ...)
{
	const dk_rule_source *here = dk_ruleset_value_source(c->r, must_find(at));
	const dk_rule_source *there = NULL;
	const char *there_name = other;
	char text[1024];
	dk_buf m = { 0 };
	va_list ap;

	if (other) {
		there = dk_ruleset_value_source(c->r, must_find(other));
		if (lateness(there) > lateness(here)) {
			const dk_rule_source *t = here;
			here = there;
			there = t;
			there_name = at;
		}
	}
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	dk_buf_puts(&m, text);
	if (there && there->file) {
		char where[64];

		dk_buf_puts(&m, " (");
		dk_buf_puts(&m, there_name);
		if (here->file && strcmp(here->file, there->file) == 0) {
			dk_buf_puts(&m, " is set at ");
		} else {
			dk_buf_puts(&m, " is set in ");
			dk_buf_puts(&m, rs_show_str(there->file).s);
			dk_buf_puts(&m, ":");
		}
		snprintf(where, sizeof(where), "%u:%u", (unsigned)there->loc.line,
			 (unsigned)there->loc.col);
		dk_buf_puts(&m, where);
		dk_buf_puts(&m, ")");
	}
	dk_diag_error(c->diag, here->file, here->loc, "%s", rs_sb_str(&m));
	free(m.data);
	c->rc = -1;
}

/* The names in set that are not in allowed, as "'a', 'b'"; false if none. */
static bool sb_add_missing(dk_buf *b, const dk_rule_key *k, dk_enum_set set,
			   dk_enum_set allowed)
{
	bool any = false;

	for (int v = 0; v < k->count && v < 32; v++) {
		const char *name = dk_ruleset_enum_name(k, v);
		if (!DK_SET_HAS(set, v) || DK_SET_HAS(allowed, v) || !name)
			continue;
		dk_buf_puts(b, any ? ", '" : "'");
		dk_buf_puts(b, name);
		dk_buf_puts(b, "'");
		any = true;
	}
	return any;
}

static dk_enum_set list_as_set(const int *items, int n)
{
	dk_enum_set set = 0;

	for (int i = 0; i < n; i++)
		if (items[i] >= 0 && items[i] < 32)
			set |= (dk_enum_set)1 << items[i];
	return set;
}

static void check_lead(checker *c)
{
	if (c->r->lead_normal == DK_LEAD_SOLOIST)
		contradiction(c, "lead.normal", NULL,
			      "lead.normal cannot be 'soloist': a normal game has no soloist");
}

static void check_solos(checker *c)
{
	const dk_rules *r = c->r;
	const dk_rule_key *kinds = must_find("solo.kinds");
	dk_enum_set priority = list_as_set(r->solo_priority,
					   r->solo_priority_count);
	dk_buf m = { 0 }, v = { 0 };

	sb_add_current(&v, r, "solo.kinds");
	if (sb_add_missing(&m, kinds, priority, r->solo_kinds))
		contradiction(c, "solo.priority", "solo.kinds",
			      "solo.priority names %s, which solo.kinds %s does not allow",
			      rs_sb_str(&m), rs_sb_str(&v));
	if (r->solo_clash == DK_SOLO_CLASH_TYPE) {
		dk_buf_clear(&m);
		if (r->solo_priority_count == 0)
			contradiction(c, "solo.clash", "solo.priority",
				      "solo.clash is 'type' but solo.priority is empty: there is no order of the solo types");
		else if (sb_add_missing(&m, kinds, r->solo_kinds, priority))
			contradiction(c, "solo.priority", "solo.kinds",
				      "solo.clash is 'type' but solo.priority leaves out %s of solo.kinds",
				      rs_sb_str(&m));
	}
	dk_buf_clear(&m);
	if (r->swines != DK_SWINES_NONE &&
	    sb_add_missing(&m, kinds, r->swines_solos, r->solo_kinds))
		contradiction(c, "swines.solos", "solo.kinds",
			      "swines.solos names %s, which solo.kinds %s does not allow",
			      rs_sb_str(&m), rs_sb_str(&v));
	if (r->swines == DK_SWINES_NONE && r->swines_solos) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "swines.solos");
		contradiction(c, "swines.solos", "swines.kind",
			      "swines.solos is %s but swines.kind is 'none'",
			      rs_sb_str(&m));
	}
	dk_buf_clear(&m);
	if (r->hyperswines != DK_SWINES_NONE &&
	    sb_add_missing(&m, kinds, r->hyperswines_solos, r->swines_solos))
		contradiction(c, "hyperswines.solos", "swines.solos",
			      "hyperswines.solos names %s, which swines.solos does not name",
			      rs_sb_str(&m));
	if (r->hyperswines != DK_SWINES_NONE && r->swines == DK_SWINES_NONE)
		contradiction(c, "hyperswines.kind", "swines.kind",
			      "hyperswines rank above swines, but swines.kind is 'none'");
	if (r->hyperswines == DK_SWINES_NONE && r->hyperswines_solos) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "hyperswines.solos");
		contradiction(c, "hyperswines.solos", "hyperswines.kind",
			      "hyperswines.solos is %s but hyperswines.kind is 'none'",
			      rs_sb_str(&m));
	}
	free(m.data);
	free(v.data);
}

/* Whether reservation res can happen at all under r, the rule that says
 * so, and the words for either case. */
static bool reservation_enabled(const dk_rules *r, dk_reservation res,
				const char **rule, const char **on,
				const char **off)
{
	switch (res) {
	case DK_RES_SOLO:
		*rule = "solo.kinds";
		*on = "solo.kinds allows solos";
		*off = "solo.kinds is empty";
		return r->solo_kinds != 0;
	case DK_RES_THROW_IN:
		*rule = "throw_in.reasons";
		*on = "throw_in.reasons names reasons to throw in";
		*off = "throw_in.reasons is empty";
		return r->throw_in_reasons != 0;
	case DK_RES_POVERTY:
		*rule = "poverty.enabled";
		*on = "poverty.enabled is true";
		*off = "poverty.enabled is false";
		return r->poverty;
	case DK_RES_MARRIAGE:
		*rule = "marriage.enabled";
		*on = "marriage.enabled is true";
		*off = "marriage.enabled is false";
		return r->marriage;
	case DK_RES_COUNT:
		break;
	}
	return false;
}

static void check_reservations(checker *c)
{
	const dk_rules *r = c->r;
	dk_enum_set order = list_as_set(r->reservation_order,
					r->reservation_order_count);

	for (int res = 0; res < DK_RES_COUNT; res++) {
		const char *rule, *yes, *no;
		bool on = reservation_enabled(r, (dk_reservation)res, &rule, &yes, &no);
		bool listed = DK_SET_HAS(order, res);

		if (listed && !on)
			contradiction(c, "reservations.order", rule,
				      "reservations.order names '%s' but %s",
				      rs_reservation_names[res], no);
		else if (on && !listed)
			contradiction(c, "reservations.order", rule,
				      "%s but reservations.order leaves out '%s'",
				      yes, rs_reservation_names[res]);
	}
	if (DK_SET_HAS(r->throw_in_reasons, DK_THROW_FIVE_NINES) && !r->deck_nines)
		contradiction(c, "throw_in.reasons", "deck.nines",
			      "throw_in.reasons names 'five-nines' but deck.nines is false: the deck has no nines");
}

static void check_marriage(checker *c)
{
	const dk_rules *r = c->r;
	const char *def = dk_marriage_cond_name(
		(dk_marriage_cond)r->marriage_default_condition);
	dk_buf v = { 0 };

	if (!r->marriage)
		return;
	sb_add_current(&v, r, "marriage.conditions");
	if (r->marriage_conditions == 0)
		contradiction(c, "marriage.conditions", "marriage.enabled",
			      "marriage.conditions is empty but marriage.enabled is true");
	else if (!DK_SET_HAS(r->marriage_conditions, r->marriage_default_condition))
		contradiction(c, "marriage.default_condition", "marriage.conditions",
			      "marriage.default_condition '%s' is not one of marriage.conditions %s",
			      def ? def : "?", rs_sb_str(&v));
	if (r->marriage_deadline_trick > dk_rules_hand_size(r))
		contradiction(c, "marriage.deadline_trick", "deck.nines",
			      "marriage.deadline_trick %d is beyond the last trick: with deck.nines %s a game has %d tricks",
			      r->marriage_deadline_trick,
			      r->deck_nines ? "true" : "false",
			      dk_rules_hand_size(r));
	free(v.data);
}

static void check_poverty(checker *c)
{
	const dk_rules *r = c->r;

	/* With fox_extra the Fuchs case has one trump more and passes one card
	 * more, so it needs the same as the ordinary case. */
	if (r->poverty && r->poverty_foxes_passed_extra && !r->poverty_foxes_not_counted)
		contradiction(c, "poverty.foxes_passed_extra", "poverty.foxes_not_counted",
			      "poverty.foxes_passed_extra is true but poverty.foxes_not_counted is false: no fox is left out to be passed extra");
	if (r->poverty && r->poverty_pass == DK_PASS_TRUMPS_FILLED &&
	    r->poverty_pass_count < r->poverty_max_trumps)
		contradiction(c, "poverty.pass_count", "poverty.max_trumps",
			      "poverty.pass_count %d is smaller than poverty.max_trumps %d: with poverty.pass 'trumps-filled' a poor player with %d trumps could not pass them all",
			      r->poverty_pass_count, r->poverty_max_trumps,
			      r->poverty_max_trumps);
}

static void check_announcements(checker *c)
{
	static const char *const levels[DK_LEVELS] = {
		"Re/Kontra", "keine 90", "keine 60", "keine 30", "schwarz"
	};
	const dk_rules *r = c->r;
	int n = dk_rules_hand_size(r);
	int most = r->announce_model == DK_MODEL_GAME_CARDS
		   ? DK_PLAYING_SEATS * n : n;
	const char *model = dk_ruleset_enum_name(must_find("announce.model"),
						 (int)r->announce_model);

	for (int i = 0; i < r->announce_max_played_count && i < DK_LEVELS; i++) {
		if (r->announce_max_played[i] <= most)
			continue;
		contradiction(c, "announce.max_played", "announce.model",
			      "announce.max_played allows %s until %d cards are played, but announce.model '%s' counts at most %d (%d cards per hand)",
			      levels[i], r->announce_max_played[i],
			      model ? model : "?", most, n);
		break;
	}
}

/*
 * The solos of score.solo_specials: each one a solo that can be played,
 * announced (solo.kinds) or as the silent marriage; and some special point
 * that they keep.
 */
static void check_scoring(checker *c)
{
	const dk_rules *r = c->r;
	const dk_rule_key *kinds = must_find("solo.kinds");
	dk_enum_set playable = r->solo_kinds;
	dk_buf m = { 0 }, v = { 0 };

	if (!r->score_solo_specials)
		return;
	if (r->marriage && r->marriage_silent_solo >= 0 &&
	    r->marriage_silent_solo < 32)
		playable |= (dk_enum_set)1 << r->marriage_silent_solo;
	sb_add_current(&v, r, "solo.kinds");
	if (sb_add_missing(&m, kinds, r->score_solo_specials, playable)) {
		const char *silent = dk_ruleset_enum_name(
			must_find("marriage.silent_solo"), r->marriage_silent_solo);

		if (r->marriage)
			contradiction(c, "score.solo_specials", "solo.kinds",
				      "score.solo_specials names %s, which is neither in solo.kinds %s nor the marriage.silent_solo '%s'",
				      rs_sb_str(&m), rs_sb_str(&v), silent ? silent : "?");
		else
			contradiction(c, "score.solo_specials", "solo.kinds",
				      "score.solo_specials names %s, which solo.kinds %s does not allow",
				      rs_sb_str(&m), rs_sb_str(&v));
	}
	if (!r->score_fox && !r->score_karlchen && !r->score_karlchen_caught &&
	    !r->score_fox_caught_last_trick && !r->score_fox_last_trick &&
	    !r->score_heart10_caught && !r->score_heart_trick) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "score.solo_specials");
		contradiction(c, "score.solo_specials", "score.fox",
			      "score.solo_specials is %s but score.fox, score.fox_caught_last_trick, score.fox_last_trick, score.heart10_caught, score.heart_trick, score.karlchen and score.karlchen_caught are false: there is no special point for those solos to keep",
			      rs_sb_str(&m));
	}
	free(m.data);
	free(v.data);
}

/* across games: who sits out fits the table; triggers only with Bock */
static void check_session(checker *c)
{
	const dk_rules *r = c->r;

	if (r->table_five_sit_out == DK_SIT_OUT_DEALER_AND_SECOND)
		contradiction(c, "table.five_sit_out", NULL,
			      "table.five_sit_out is dealer-and-second-after, but at a table of five one player sits out");
	if (r->table_six_sit_out == DK_SIT_OUT_DEALER)
		contradiction(c, "table.six_sit_out", NULL,
			      "table.six_sit_out is dealer, but at a table of six two players sit out");
	if (r->bock_kind == DK_BOCK_NONE && r->bock_triggers != 0)
		contradiction(c, "bock.triggers", "bock.kind",
			      "bock.triggers names triggers but bock.kind is none");
	if (r->duty_colour_soli + r->duty_picture_soli > r->duty_soli)
		contradiction(c, "duty_soli.per_player", NULL,
			      "duty_soli.colour_per_player %d and duty_soli.picture_per_player %d are more than duty_soli.per_player %d: they are part of it",
			      r->duty_colour_soli, r->duty_picture_soli, r->duty_soli);
	if (r->duty_forced && r->duty_round_games == 0)
		contradiction(c, "duty_soli.forced", NULL,
			      "duty_soli.forced needs the games of a round to count the duty soli missing against (duty_soli.round_games)");
}

int dk_ruleset_check(const dk_ruleset *rs, dk_diag *diag)
{
	checker c = { &rs->rules, diag, 0 };

	check_lead(&c);
	check_solos(&c);
	check_reservations(&c);
	check_marriage(&c);
	check_poverty(&c);
	check_announcements(&c);
	check_scoring(&c);
	check_session(&c);
	return c.rc;
}


/*
 * ruleset_keys.c - the key table: every rule a rule set file can set, its
 * name, its type (boolean, enum, number, set, ordered list, list of
 * numbers), the names of its values and the field of dk_rules it goes
 * to; and a value stored into dk_rules or taken from it.  Reading files is
 * ruleset.c's; checking values against each other, ruleset_check.c's.
 */
#include "rs_internal.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "session.h"

/*
 * Names of the values of the rule enums, in enum order.  Solo kinds,
 * marriage conditions and throw-in reasons are the record format's own
 * names (record.c), used through name_of so that there is one table each.
 */
static const char *const heart10_tie_names[] = {
	"first-wins", "second-wins", "second-wins-except-last", NULL
};
static const char *const lead_names[] = {
	"left-of-dealer", "right-of-dealer", "soloist", NULL
};
static const char *const severity_names[] = { "error", "warning", NULL };
static const char *const swines_names[] = {
	"none", "declared", "automatic", "declared-at-start", NULL
};
static const char *const swines_poverty_names[] = {
	"counts", "none", "re-only-if-shown", NULL
};
static const char *const clash_names[] = { "seat", "type", NULL };
static const char *const after_poverty_names[] = {
	"any-time", "until-refused", "never", NULL
};
const char *const rs_reservation_names[] = {
	"solo", "throw-in", "poverty", "marriage", NULL
};
static const char *const alone_names[] = {
	"solo", "silent", "zwangssolo", NULL
};
static const char *const self_names[] = { "skipped", "alone", NULL };
static const char *const shift_names[] = {
	"none", "by-clarifying-trick", "catch-up", NULL
};
static const char *const pass_names[] = {
	"trumps-only", "trumps-filled", NULL
};
static const char *const party_names[] = { "re", "kontra", NULL };
static const char *const report_names[] = {
	"none", "count", "whether", "on-request", NULL
};
static const char *const refused_names[] = { "redeal", "ramsch", NULL };
static const char *const poverty_marriage_names[] = {
	"by-priority", "poverty-only", "play-together", NULL
};
static const char *const revoke_penalty_names[] = {
	"ddv-classes", "opponents-win", "lost-plus-one-level", NULL
};
static const char *const reclaim_deadline_names[] = { "at-once", "none", NULL };
static const char *const reclaim_from_names[] = { "visible", "committed", NULL };
static const char *const reclaim_until_names[] = { "own-action", "next-card", NULL };
static const char *const reclaim_by_names[] = {
	"opponents-once-clear", "all-but-offender", NULL
};
static const char *const double_names[] = {
	"redeal", "redeal-unless-solo", "first-asked", NULL
};
static const char *const model_names[] = {
	"own-cards", "game-cards", "left-neighbour-cards", "game-tricks", NULL
};
static const char *const reply_names[] = {
	"none", "one-card-later", "immediate", NULL
};
static const char *const skip_names[] = {
	"if-each-in-time", "forbidden", NULL
};
static const char *const score_model_names[] = {
	"additive", "doubling", NULL
};
static const char *const no_winner_names[] = {
	"levels-and-specials", "specials-only", NULL
};
static const char *const mandatory_games_names[] = {
	"all-games", "normal-games", "normal-games-no-marriage", NULL
};
static const char *const pick_card_names[] = {
	"diamond-jack", "diamond-king", NULL
};
static const char *const pick_parties_names[] = {
	"caller-keeps-party", "caller-and-partner-re", NULL
};
static const char *const pick_announcements_names[] = {
	"kept", "reduced-to-re-kontra", NULL
};
static const char *const against_old_names[] = {
	"none", "normal-games", "normal-games-except-poverty", "all-games", NULL
};

#define NAMES_OF(names, count)                                               \
	_Static_assert(ARRAY_SIZE(names) == (count) + 1,                     \
		       "one name per value of " #count)
NAMES_OF(heart10_tie_names, DK_TIE_COUNT);
NAMES_OF(lead_names, DK_LEAD_COUNT);
NAMES_OF(severity_names, DK_RULE_SEV_COUNT);
NAMES_OF(swines_names, DK_SWINES_COUNT);
NAMES_OF(swines_poverty_names, DK_SWINES_POVERTY_KIND_COUNT);
NAMES_OF(clash_names, DK_SOLO_CLASH_COUNT);
NAMES_OF(after_poverty_names, DK_SOLO_AFTER_POVERTY_COUNT);
NAMES_OF(rs_reservation_names, DK_RES_COUNT);
NAMES_OF(alone_names, DK_ALONE_COUNT);
NAMES_OF(self_names, DK_SELF_COUNT);
NAMES_OF(shift_names, DK_SHIFT_COUNT);
NAMES_OF(pass_names, DK_PASS_COUNT);
NAMES_OF(party_names, DK_POVERTY_PARTY_COUNT);
NAMES_OF(report_names, DK_REPORT_KIND_COUNT);
NAMES_OF(refused_names, DK_REFUSED_COUNT);
NAMES_OF(poverty_marriage_names, DK_PM_COUNT);
NAMES_OF(double_names, DK_DOUBLE_COUNT);
NAMES_OF(model_names, DK_MODEL_COUNT);
NAMES_OF(reply_names, DK_REPLY_COUNT);
NAMES_OF(skip_names, DK_SKIP_COUNT);
NAMES_OF(score_model_names, DK_SCORE_MODEL_COUNT);
NAMES_OF(no_winner_names, DK_NO_WINNER_COUNT);
NAMES_OF(against_old_names, DK_AGAINST_OLD_COUNT);
NAMES_OF(mandatory_games_names, DK_MANDATORY_GAMES_COUNT);
NAMES_OF(pick_card_names, DK_PICK_CARD_COUNT);
NAMES_OF(pick_parties_names, DK_PICK_PARTIES_COUNT);
NAMES_OF(pick_announcements_names, DK_PICK_ANNOUNCEMENTS_COUNT);

static const char *solo_kind_name(int v)
{
	return dk_solo_kind_name((dk_solo_kind)v);
}

static const char *marriage_cond_name(int v)
{
	return dk_marriage_cond_name((dk_marriage_cond)v);
}

static const char *throw_reason_name(int v)
{
	return dk_throw_reason_name((dk_throw_reason)v);
}

/* across games: dealing, tables of five and six, Bock, standings */
static const char *const after_solo_names[] = {
	"next-dealer", "same-dealer", "same-dealer-after-duty-solo", NULL
};
static const char *const sit_out_names[] = {
	"unsaid", "dealer", "dealer-and-second-after", NULL
};
static const char *const bock_kind_names[] = { "none", "append", "stack", NULL };
static const char *const bock_per_game_names[] = { "one", "each", NULL };
static const char *const bock_solo_names[] = {
	"doubled", "not-doubled-moves-back", "doubled-not-used-up", NULL
};
static const char *const bock_game_names[] = {
	"lust-solo", "duty-solo", "silent-marriage", "thrown-deal", NULL
};
static const char *const even_odd_names[] = { "none", "four-player-tables", NULL };
static const char *const counting_names[] = { "plus-minus", "plus", "minus", NULL };
NAMES_OF(after_solo_names, DK_AFTER_SOLO_COUNT);
NAMES_OF(sit_out_names, DK_SIT_OUT_COUNT);
NAMES_OF(bock_kind_names, DK_BOCK_KIND_COUNT);
NAMES_OF(bock_per_game_names, DK_BOCK_PER_GAME_COUNT);
NAMES_OF(bock_solo_names, DK_BOCK_SOLO_COUNT);
NAMES_OF(bock_game_names, DK_BG_COUNT);
NAMES_OF(even_odd_names, DK_EVEN_ODD_COUNT);
NAMES_OF(counting_names, DK_COUNTING_COUNT);

static const char *bock_trigger_name(int v)
{
	return dk_bock_trigger_name((dk_bock_trigger)v);
}

static const char *bock_game_name(int v)
{
	return (unsigned)v < DK_BG_COUNT ? bock_game_names[v] : NULL;
}

/*
 * offsetof(dk_rules, field), but it does not compile unless the field has
 * the size of `type`: the loader writes a bool field as bool and an enum
 * field as int, so a row pointing at a field of another type must fail.
 */
#define DK_FIELD_OFFSET(field, type)                                         \
	(offsetof(dk_rules, field) +                                         \
	 0 * sizeof(char[sizeof(((dk_rules *)0)->field) == sizeof(type) ? 1 : -1]))
/* The same for an array of int: its offset, and its size in items. */
#define DK_ARRAY_OFFSET(field)                                               \
	(offsetof(dk_rules, field) +                                         \
	 0 * sizeof(char[sizeof(((dk_rules *)0)->field[0]) == sizeof(int) ? 1 : -1]))
#define DK_ARRAY_ITEMS(field)                                                \
	((int)(sizeof(((dk_rules *)0)->field) / sizeof(int)))
#define DK_SRC(field) DK_FIELD_OFFSET(field##_src, dk_rule_source)

#define DK_BOOL_KEY(key, field)                                              \
	{ key, DK_RULE_BOOL, DK_FIELD_OFFSET(field, bool), DK_SRC(field),    \
	  0, NULL, NULL, 0, 0, 0, 0 }
#define DK_ENUM_KEY(key, field, names)                                       \
	{ key, DK_RULE_ENUM, DK_FIELD_OFFSET(field, int), DK_SRC(field),     \
	  0, names, NULL, (int)ARRAY_SIZE(names) - 1, 0, 0, 0 }
#define DK_ENUM_FN_KEY(key, field, fn, n)                                    \
	{ key, DK_RULE_ENUM, DK_FIELD_OFFSET(field, int), DK_SRC(field),     \
	  0, NULL, fn, n, 0, 0, 0 }
#define DK_INT_KEY(key, field, lo, hi)                                       \
	{ key, DK_RULE_INT, DK_FIELD_OFFSET(field, int), DK_SRC(field),      \
	  0, NULL, NULL, 0, lo, hi, 0 }
#define DK_SET_FN_KEY(key, field, fn, n)                                     \
	{ key, DK_RULE_ENUM_SET, DK_FIELD_OFFSET(field, dk_enum_set),        \
	  DK_SRC(field), 0, NULL, fn, n, 0, 0, 0 }
#define DK_LIST_KEY(key, field, names)                                       \
	{ key, DK_RULE_ENUM_LIST, DK_ARRAY_OFFSET(field), DK_SRC(field),     \
	  DK_FIELD_OFFSET(field##_count, int), names, NULL,                  \
	  (int)ARRAY_SIZE(names) - 1, 0, 0, DK_ARRAY_ITEMS(field) }
#define DK_LIST_FN_KEY(key, field, fn, n)                                    \
	{ key, DK_RULE_ENUM_LIST, DK_ARRAY_OFFSET(field), DK_SRC(field),     \
	  DK_FIELD_OFFSET(field##_count, int), NULL, fn, n, 0, 0,            \
	  DK_ARRAY_ITEMS(field) }
#define DK_INT_LIST_KEY(key, field, lo, hi)                                  \
	{ key, DK_RULE_INT_LIST, DK_ARRAY_OFFSET(field), DK_SRC(field),      \
	  DK_FIELD_OFFSET(field##_count, int), NULL, NULL, 0, lo, hi,        \
	  DK_ARRAY_ITEMS(field) }

/*
 * Every rule, in the order of rules.h (and of rulesets/README.md and
 * dokoref-rules(5)).  The ranges: a marriage is decided within a hand's
 * tricks; a poverty passes at most DK_MAX_PASS cards, one more than
 * poverty.pass_count or poverty.max_trumps in the Fuchs case; no trick
 * holds more than 44 card points (four aces); no game more than 48 cards;
 * the points per Re/Kontra (0 to 4) and the solo factor (1 to 5, at least
 * 1 so that a solo never scores nothing) leave room around the 1, 2 and 3
 * of the known rules.
 */
const dk_rule_key rs_keys[] = {
	DK_BOOL_KEY("deck.nines", deck_nines),
	DK_ENUM_KEY("ties.heart10", heart10_tie, heart10_tie_names),
	DK_BOOL_KEY("ties.heart10_first_with_swines", heart10_first_with_swines),
	DK_BOOL_KEY("trumps.heart10", heart10_trump),
	DK_BOOL_KEY("play.follow_suit", follow_suit),

	DK_ENUM_KEY("lead.normal", lead_normal, lead_names),
	DK_ENUM_KEY("lead.solo", lead_solo, lead_names),
	DK_ENUM_KEY("lead.duty_solo", lead_duty_solo, lead_names),
	DK_ENUM_KEY("lead.wrong_lead_severity", lead_wrong_severity,
		    severity_names),

	DK_SET_FN_KEY("solo.kinds", solo_kinds, solo_kind_name,
		      DK_SOLO_KIND_COUNT),
	DK_ENUM_KEY("solo.clash", solo_clash, clash_names),
	DK_LIST_FN_KEY("solo.priority", solo_priority, solo_kind_name,
		       DK_SOLO_KIND_COUNT),
	DK_BOOL_KEY("solo.outbid_by_announcements", solo_outbid),
	DK_ENUM_KEY("solo.after_poverty", solo_after_poverty, after_poverty_names),

	DK_LIST_KEY("reservations.order", reservation_order, rs_reservation_names),
	DK_SET_FN_KEY("throw_in.reasons", throw_in_reasons, throw_reason_name,
		      DK_THROW_REASON_COUNT),
	DK_INT_KEY("throw_in.few_trumps_max", throw_in_few_trumps, 0, 3),
	DK_INT_KEY("throw_in.min_nines", throw_in_min_nines, 1, 8),
	DK_INT_KEY("throw_in.min_kings", throw_in_min_kings, 1, 8),
	DK_INT_KEY("throw_in.min_nines_and_kings", throw_in_min_nines_and_kings, 1, 16),
	DK_INT_KEY("throw_in.min_richness", throw_in_min_richness, 0, 240),

	DK_ENUM_KEY("swines.kind", swines, swines_names),
	DK_SET_FN_KEY("swines.solos", swines_solos, solo_kind_name,
		      DK_SOLO_KIND_COUNT),
	DK_ENUM_KEY("swines.in_poverty", swines_poverty, swines_poverty_names),
	DK_BOOL_KEY("swines.in_silent_marriage", swines_silent_marriage),
	DK_BOOL_KEY("swines.only_second", swines_only_second),
	DK_ENUM_KEY("hyperswines.kind", hyperswines, swines_names),
	DK_SET_FN_KEY("hyperswines.solos", hyperswines_solos, solo_kind_name,
		      DK_SOLO_KIND_COUNT),
	DK_BOOL_KEY("hyperswines.in_poverty", hyperswines_poverty),
	DK_BOOL_KEY("hyperswines.with_swines", hyperswines_with_swines),
	DK_BOOL_KEY("genscher.enabled", genscher),
	DK_BOOL_KEY("wende_genscher.enabled", wende_genscher),
	DK_ENUM_KEY("wende_genscher.card", wende_genscher_card, pick_card_names),
	DK_ENUM_KEY("wende_genscher.parties", wende_genscher_parties, pick_parties_names),
	DK_ENUM_KEY("wende_genscher.announcements", wende_genscher_announcements,
		    pick_announcements_names),
	DK_BOOL_KEY("wende_genscher.bride_alone", wende_genscher_bride_alone),

	DK_BOOL_KEY("marriage.enabled", marriage),
	DK_SET_FN_KEY("marriage.conditions", marriage_conditions,
		      marriage_cond_name, DK_MARRIAGE_COND_COUNT),
	DK_ENUM_FN_KEY("marriage.default_condition", marriage_default_condition,
		       marriage_cond_name, DK_MARRIAGE_COND_COUNT),
	DK_INT_KEY("marriage.deadline_trick", marriage_deadline_trick, 1,
		   DK_MAX_HAND),
	DK_ENUM_KEY("marriage.alone", marriage_alone, alone_names),
	DK_ENUM_FN_KEY("marriage.silent_solo", marriage_silent_solo, solo_kind_name,
		       DK_SOLO_KIND_COUNT),
	DK_ENUM_KEY("marriage.bride_meets_condition", marriage_self, self_names),
	DK_BOOL_KEY("marriage.announce_before_clarified",
		    marriage_announce_before_clarified),
	DK_ENUM_KEY("marriage.deadline_shift", marriage_shift, shift_names),

	DK_BOOL_KEY("poverty.enabled", poverty),
	DK_INT_KEY("poverty.max_trumps", poverty_max_trumps, 0, DK_MAX_PASS - 1),
	DK_BOOL_KEY("poverty.fox_extra", poverty_fox_extra),
	DK_BOOL_KEY("poverty.foxes_not_counted", poverty_foxes_not_counted),
	DK_BOOL_KEY("poverty.foxes_passed_extra", poverty_foxes_passed_extra),
	DK_BOOL_KEY("poverty.exchange", poverty_exchange),
	DK_INT_KEY("poverty.throw_in_max_trumps", poverty_throw_in_max_trumps, -1,
		   DK_MAX_PASS - 1),
	DK_ENUM_KEY("poverty.pass", poverty_pass, pass_names),
	DK_INT_KEY("poverty.pass_count", poverty_pass_count, 1, DK_MAX_PASS - 1),
	DK_ENUM_KEY("poverty.pair_party", poverty_party, party_names),
	DK_BOOL_KEY("poverty.return_fehl_first", poverty_return_fehl_first),
	DK_ENUM_KEY("poverty.report", poverty_report, report_names),
	DK_BOOL_KEY("poverty.report_always", poverty_report_always),
	DK_ENUM_KEY("poverty.refused", poverty_refused, refused_names),
	DK_ENUM_KEY("poverty.with_marriage", poverty_marriage,
		    poverty_marriage_names),
	DK_ENUM_KEY("poverty.double", poverty_double, double_names),

	DK_ENUM_KEY("announce.model", announce_model, model_names),
	DK_INT_LIST_KEY("announce.max_played", announce_max_played, 0,
			DK_PLAYING_SEATS * DK_MAX_HAND),
	DK_ENUM_KEY("announce.reply", announce_reply, reply_names),
	DK_BOOL_KEY("announce.strict_limit", announce_strict_limit),
	DK_ENUM_KEY("announce.skip", announce_skip, skip_names),
	DK_BOOL_KEY("announce.limit_needs_re_kontra", announce_limit_needs_call),
	DK_BOOL_KEY("announce.trick_by_trick", announce_chain),
	DK_BOOL_KEY("announce.soloist_re_needs_opposition",
		    announce_soloist_re_needs_opposition),
	DK_BOOL_KEY("announce.per_player", announce_per_player),
	DK_BOOL_KEY("announce.forced_solo_kontra_only_as_reply",
		    announce_forced_solo_kontra_reply),
	DK_INT_KEY("announce.mandatory_first_trick_points",
		   announce_mandatory_points, 0, 44),
	DK_ENUM_KEY("announce.mandatory_games", announce_mandatory_games,
		    mandatory_games_names),
	DK_BOOL_KEY("announce.mandatory_only_if_none_said", announce_mandatory_only_first),
	DK_BOOL_KEY("announce.mandatory_raise", announce_mandatory_raise),

	DK_ENUM_KEY("score.model", score_model, score_model_names),
	DK_INT_KEY("score.call_points", score_call_points, 0, 4),
	DK_BOOL_KEY("score.reached_against_limit", score_reached_against_limit),
	DK_BOOL_KEY("score.lone_kontra", score_lone_kontra),
	DK_ENUM_KEY("score.no_winner", score_no_winner, no_winner_names),
	DK_ENUM_KEY("score.against_old", score_against_old, against_old_names),
	DK_BOOL_KEY("score.doppelkopf", score_doppelkopf),
	DK_BOOL_KEY("score.fox", score_fox),
	DK_BOOL_KEY("score.fox_caught_last_trick", score_fox_caught_last_trick),
	DK_BOOL_KEY("score.fox_last_trick", score_fox_last_trick),
	DK_BOOL_KEY("score.fox_last_trick_both", score_fox_last_trick_both),
	DK_BOOL_KEY("score.heart10_caught", score_heart10_caught),
	DK_BOOL_KEY("score.heart_trick", score_heart_trick),
	DK_BOOL_KEY("score.karlchen", score_karlchen),
	DK_BOOL_KEY("score.karlchen_both", score_karlchen_both),
	DK_BOOL_KEY("score.karlchen_caught", score_karlchen_caught),
	DK_BOOL_KEY("score.karlchen_caught_both", score_karlchen_caught_both),
	DK_BOOL_KEY("score.karlchen_caught_by_diamond_queen",
		    score_karlchen_caught_by_diamond_queen),
	DK_SET_FN_KEY("score.solo_specials", score_solo_specials, solo_kind_name,
		      DK_SOLO_KIND_COUNT),
	DK_INT_KEY("score.solo_factor", score_solo_factor, 1, 5),
	DK_INT_KEY("score.solo_call_points", score_solo_call_points, 0, 4),
	DK_BOOL_KEY("score.feigheit", score_feigheit),
	DK_BOOL_KEY("score.counter_announcement_doubles", score_counter_doubles),
	DK_BOOL_KEY("score.against_old_doubled", score_against_old_doubled),
	DK_ENUM_KEY("penalty.revoke", penalty_revoke, revoke_penalty_names),
	DK_ENUM_KEY("penalty.revoke_reclaim_deadline", penalty_revoke_reclaim_deadline,
		    reclaim_deadline_names),
	DK_BOOL_KEY("penalty.revoke_table_may_agree", penalty_revoke_table_may_agree),
	DK_ENUM_KEY("penalty.reclaim_from", penalty_reclaim_from, reclaim_from_names),
	DK_ENUM_KEY("penalty.reclaim_until", penalty_reclaim_until, reclaim_until_names),
	DK_ENUM_KEY("penalty.reclaim_by", penalty_reclaim_by, reclaim_by_names),

	DK_ENUM_KEY("deal.after_solo", deal_after_solo, after_solo_names),
	DK_BOOL_KEY("deal.silent_marriage_is_solo", deal_silent_marriage_is_solo),
	DK_INT_KEY("duty_soli.per_player", duty_soli, 0, 12),
	DK_INT_KEY("duty_soli.colour_per_player", duty_colour_soli, 0, 12),
	DK_INT_KEY("duty_soli.picture_per_player", duty_picture_soli, 0, 12),
	DK_INT_KEY("duty_soli.round_games", duty_round_games, 0, 1000),
	DK_BOOL_KEY("duty_soli.forced", duty_forced),
	DK_BOOL_KEY("duty_soli.lust_after_duty", duty_lust_after_duty),
	DK_ENUM_KEY("table.five_sit_out", table_five_sit_out, sit_out_names),
	DK_ENUM_KEY("table.six_sit_out", table_six_sit_out, sit_out_names),
	DK_ENUM_KEY("bock.kind", bock_kind, bock_kind_names),
	DK_SET_FN_KEY("bock.triggers", bock_triggers, bock_trigger_name, DK_BT_COUNT),
	DK_ENUM_KEY("bock.per_game", bock_per_game, bock_per_game_names),
	DK_ENUM_KEY("bock.solo", bock_solo, bock_solo_names),
	DK_SET_FN_KEY("bock.uses_up", bock_uses_up, bock_game_name, DK_BG_COUNT),
	DK_BOOL_KEY("bock.carry_over", bock_carry_over),
	DK_INT_KEY("bock.multiplier", bock_multiplier, 1, 256),
	DK_BOOL_KEY("standings.diamond_king_flip", standings_diamond_king_flip),
	DK_ENUM_KEY("standings.even_odd", standings_even_odd, even_odd_names),
	DK_ENUM_KEY("standings.counting", standings_counting, counting_names),
	DK_BOOL_KEY("standings.solo_factor_for_all", standings_solo_factor_for_all),
};
_Static_assert(ARRAY_SIZE(rs_keys) == RS_KEY_COUNT,
	       "RS_KEY_COUNT (rs_internal.h) is the number of rules");

const dk_rule_key *dk_ruleset_keys(size_t *count)
{
	*count = RS_KEY_COUNT;
	return rs_keys;
}

bool rs_text_eq(const char *s, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(s, lit, len) == 0;
}

const dk_rule_key *rs_key_find_n(const char *s, size_t len)
{
	for (size_t i = 0; i < RS_KEY_COUNT; i++)
		if (rs_text_eq(s, len, rs_keys[i].name))
			return &rs_keys[i];
	return NULL;
}

const dk_rule_key *dk_ruleset_key_find(const char *name)
{
	return name ? rs_key_find_n(name, strlen(name)) : NULL;
}

dk_rule_source *rs_source_of(dk_rules *r, const dk_rule_key *k)
{
	return (dk_rule_source *)((char *)r + k->source_offset);
}

const dk_rule_source *dk_ruleset_value_source(const dk_rules *r,
					      const dk_rule_key *key)
{
	return (const dk_rule_source *)((const char *)r + key->source_offset);
}

static bool is_enum_valued(const dk_rule_key *k)
{
	return k->type == DK_RULE_ENUM || k->type == DK_RULE_ENUM_SET ||
	       k->type == DK_RULE_ENUM_LIST;
}

bool rs_is_list(const dk_rule_key *k)
{
	return k->type == DK_RULE_ENUM_SET || k->type == DK_RULE_ENUM_LIST ||
	       k->type == DK_RULE_INT_LIST;
}

const char *dk_ruleset_enum_name(const dk_rule_key *key, int v)
{
	if (!is_enum_valued(key) || v < 0 || v >= key->count)
		return NULL;
	if (key->name_of)
		return key->name_of(v);
	return key->names ? key->names[v] : NULL;
}

/* The valid names of an enum-valued key, in enum order; *n gets how many. */
void rs_valid_names(const char **out, size_t *n, const dk_rule_key *k)
{
	*n = 0;
	for (int v = 0; v < k->count; v++) {
		const char *name = dk_ruleset_enum_name(k, v);
		if (name)
			out[(*n)++] = name;
	}
}

void rs_store_value(dk_rules *r, const dk_rule_key *k, const rvalue *v)
{
	char *field = (char *)r + k->value_offset;
	bool b = v->scalar != 0;
	int items[VALUE_ITEMS] = { 0 };

	switch (k->type) {
	case DK_RULE_BOOL:
		memcpy(field, &b, sizeof(b));
		break;
	case DK_RULE_ENUM:
	case DK_RULE_INT:
		memcpy(field, &v->scalar, sizeof(v->scalar));
		break;
	case DK_RULE_ENUM_SET:
		memcpy(field, &v->set, sizeof(v->set));
		break;
	case DK_RULE_ENUM_LIST:
	case DK_RULE_INT_LIST:
		assert(v->count <= k->items);
		memcpy(items, v->items, (size_t)v->count * sizeof(int));
		memcpy(field, items, (size_t)k->items * sizeof(int));
		memcpy((char *)r + k->count_offset, &v->count, sizeof(v->count));
		break;
	}
}

void rs_load_value(rvalue *out, const dk_rules *r, const dk_rule_key *k)
{
	const char *field = (const char *)r + k->value_offset;
	bool b;

	memset(out, 0, sizeof(*out));
	switch (k->type) {
	case DK_RULE_BOOL:
		memcpy(&b, field, sizeof(b));
		out->scalar = b;
		break;
	case DK_RULE_ENUM:
	case DK_RULE_INT:
		memcpy(&out->scalar, field, sizeof(out->scalar));
		break;
	case DK_RULE_ENUM_SET:
		memcpy(&out->set, field, sizeof(out->set));
		break;
	case DK_RULE_ENUM_LIST:
	case DK_RULE_INT_LIST:
		memcpy(&out->count, (const char *)r + k->count_offset,
		       sizeof(out->count));
		if (out->count < 0 || out->count > k->items)
			out->count = 0;   /* never loaded: nothing to show */
		memcpy(out->items, field, (size_t)out->count * sizeof(int));
		break;
	}
}

const char *dk_ruleset_value_name(const dk_rules *r, const dk_rule_key *key)
{
	rvalue v;

	rs_load_value(&v, r, key);
	if (key->type == DK_RULE_BOOL)
		return v.scalar ? "true" : "false";
	if (key->type == DK_RULE_ENUM)
		return dk_ruleset_enum_name(key, v.scalar);
	return NULL;
}


/*
 * ruleset.c - read YAML rule set files into a dk_rules; see ruleset.h.
 *
 * Reading happens in three steps, each in its own group of functions:
 *
 *   1. read_file: the whole file into memory, refused beyond 1 MiB;
 *   2. build_tree: libyaml's events into a small tree of mappings, lists and
 *      scalars with 1-based positions, in an arena that lives as long as
 *      the file is being read.  This step refuses what a rule file never
 *      needs and what makes YAML dangerous to read from strangers: nesting
 *      deeper than DK_RULESET_MAX_DEPTH, anchors, aliases, tags, merge keys,
 *      more than one document; it also finds duplicate keys, which libyaml
 *      accepts silently;
 *   3. read_layer / load_file: the tree read as a rule set.  The values of a
 *      file are collected first, then its base is loaded (recursively, with
 *      cycle detection), and only then are the file's own values laid over
 *      the base's, so that each value's dk_rule_source names the file that
 *      set it last;
 *   4. dk_ruleset_check: the merged values checked against each other
 *      (a marriage default among the allowed conditions, a reservation
 *      order that names exactly the reservations that can happen, ...).
 *
 * Which keys exist, their types (boolean, enum, number, set, ordered list,
 * list of numbers) and where they go is the table `keys` below, nothing
 * else; a per-record override reads the same types from a string.  This file never prints: everything wrong goes to the dk_diag list.
 * It does not interpret the rules either; that is the engine's business.
 */
#define _XOPEN_SOURCE 700  /* POSIX 2008 with realpath */

#include "ruleset.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "buf.h"
#include "record.h"
#include "session.h"
#include "text_guard.h"

#ifndef DOKOREF_RULESETS_DIR
#define DOKOREF_RULESETS_DIR "/usr/local/share/dokoref/rulesets"
#endif

/* More YAML nodes than this in one file is not a rule file. */
#define DK_RULESET_MAX_NODES 20000
/* Longest text quoted back in a message, in bytes. */
#define DK_SHOWN_MAX 60

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* The key table                                                       */
/* ------------------------------------------------------------------ */

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
static const char *const reservation_names[] = {
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
NAMES_OF(reservation_names, DK_RES_COUNT);
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

/* A list or set holds at most this many items; sets are 32-bit masks. */
#define VALUE_ITEMS DK_SOLO_SLOTS
_Static_assert(DK_SOLO_KIND_COUNT <= VALUE_ITEMS && DK_RES_COUNT <= VALUE_ITEMS &&
	       DK_LEVELS <= VALUE_ITEMS, "a list value fits an rvalue");
_Static_assert(DK_SOLO_KIND_COUNT <= 32 && DK_MARRIAGE_COND_COUNT <= 32 &&
	       DK_THROW_REASON_COUNT <= 32, "a set fits a dk_enum_set");

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
static const dk_rule_key keys[] = {
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

	DK_LIST_KEY("reservations.order", reservation_order, reservation_names),
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
#define KEY_COUNT ARRAY_SIZE(keys)

/* Top-level keys of a rule set file, and the fields of one rule. */
static const char *const file_fields[] = {
	"name", "title", "document", "base", "rules"
};
static const char *const rule_fields[] = { "value", "source", "assumption" };

const dk_rule_key *dk_ruleset_keys(size_t *count)
{
	*count = KEY_COUNT;
	return keys;
}

static bool text_eq(const char *s, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(s, lit, len) == 0;
}

static const dk_rule_key *key_find_n(const char *s, size_t len)
{
	for (size_t i = 0; i < KEY_COUNT; i++)
		if (text_eq(s, len, keys[i].name))
			return &keys[i];
	return NULL;
}

const dk_rule_key *dk_ruleset_key_find(const char *name)
{
	return name ? key_find_n(name, strlen(name)) : NULL;
}

static dk_rule_source *source_of(dk_rules *r, const dk_rule_key *k)
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

static bool is_list(const dk_rule_key *k)
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
static void valid_names(const char **out, size_t *n, const dk_rule_key *k)
{
	*n = 0;
	for (int v = 0; v < k->count; v++) {
		const char *name = dk_ruleset_enum_name(k, v);
		if (name)
			out[(*n)++] = name;
	}
}

/*
 * A value of any type while it is read, before it goes into dk_rules:
 * bool, enum and int in `scalar`, a set in `set`, a list in `items`.
 */
typedef struct rvalue {
	int scalar;
	dk_enum_set set;
	int items[VALUE_ITEMS];
	int count;
} rvalue;

static void store_value(dk_rules *r, const dk_rule_key *k, const rvalue *v)
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

static void load_value(rvalue *out, const dk_rules *r, const dk_rule_key *k)
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

	load_value(&v, r, key);
	if (key->type == DK_RULE_BOOL)
		return v.scalar ? "true" : "false";
	if (key->type == DK_RULE_ENUM)
		return dk_ruleset_enum_name(key, v.scalar);
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Small helpers: growing strings, quoting, suggestions, names, paths  */
/* ------------------------------------------------------------------ */

static const char *sb_str(const dk_buf *b)
{
	return b->data ? b->data : "";
}

/* "'a', 'b', 'c'" or "a, b, c" */
static void sb_add_list(dk_buf *b, const char *const *items, size_t n,
			bool quoted)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			dk_buf_puts(b, ", ");
		if (quoted)
			dk_buf_puts(b, "'");
		dk_buf_puts(b, items[i]);
		if (quoted)
			dk_buf_puts(b, "'");
	}
}

/*
 * Text from a file made fit to quote in a message: control characters as
 * \xNN, cut after about DK_SHOWN_MAX bytes (never inside a UTF-8 sequence)
 * with "...".  Returned by value so it can sit in a printf argument list.
 */
typedef struct shown {
	char s[DK_SHOWN_MAX + 16];
} shown;

static shown show(const char *s, size_t len)
{
	shown r;
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool continuation = (c & 0xc0) == 0x80;

		if ((o >= DK_SHOWN_MAX && !continuation) ||
		    o >= DK_SHOWN_MAX + 4) {
			memcpy(r.s + o, "...", 4);
			return r;
		}
		if (c < 0x20 || c == 0x7f)
			o += (size_t)snprintf(r.s + o, sizeof(r.s) - o, "\\x%02x", c);
		else
			r.s[o++] = (char)c;
	}
	r.s[o] = '\0';
	return r;
}

static shown show_str(const char *s)
{
	return show(s, strlen(s));
}

/* Edit distance with transpositions (optimal string alignment). */
static size_t edit_distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	size_t d[33][33];

	if (n > 32 || m > 32)
		return SIZE_MAX;
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

/*
 * The candidate a typo most likely meant, or NULL: the nearest by edit
 * distance if it is within a third of the length (at least 1), else the
 * shortest candidate that starts with the text ("second" -> "second-wins").
 */
static const char *closest(const char *const *cands, size_t n, const char *s,
			   size_t len)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX;

	for (size_t i = 0; i < n; i++) {
		size_t m = strlen(cands[i]);
		size_t limit = (len > m ? len : m) / 3;
		size_t d = edit_distance(s, len, cands[i]);

		if (limit < 1)
			limit = 1;
		if (d <= limit && d < best_d) {
			best = cands[i];
			best_d = d;
		}
	}
	if (best || len == 0)
		return best;
	for (size_t i = 0; i < n; i++) {
		if (strlen(cands[i]) > len && memcmp(cands[i], s, len) == 0 &&
		    (!best || strlen(cands[i]) < strlen(best)))
			best = cands[i];
	}
	return best;
}

/* "; did you mean 'x'?" or nothing */
static void sb_add_suggestion(dk_buf *b, const char *const *cands, size_t n,
			      const char *s, size_t len)
{
	const char *c = closest(cands, n, s, len);

	if (c) {
		dk_buf_puts(b, "; did you mean '");
		dk_buf_puts(b, c);
		dk_buf_puts(b, "'?");
	}
}

/* A rule set name: a letter or digit, then letters, digits, '.', '_', '-'. */
static bool valid_name(const char *s, size_t len)
{
	if (len == 0 || len > 100)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9');
		if (!alnum && (i == 0 || (c != '.' && c != '_' && c != '-')))
			return false;
	}
	return true;
}

static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);
	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

/* A path rather than a name: has a '/' or ends in .yaml / .yml. */
static bool looks_like_path(const char *s, size_t len)
{
	return memchr(s, '/', len) || ends_with(s, len, ".yaml") ||
	       ends_with(s, len, ".yml");
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* rel taken relative to the directory of file (absolute rel unchanged). */
static char *path_beside(const char *file, const char *rel)
{
	const char *slash = strrchr(file, '/');
	size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
	size_t n = strlen(rel);
	char *p;

	if (rel[0] == '/')
		dir = 0;
	p = dk_xmalloc(dir + n + 1);
	memcpy(p, file, dir);
	memcpy(p + dir, rel, n + 1);
	return p;
}

/* The file NAME.yaml in the first of dirs that has it, or NULL. */
static char *find_in_dirs(const char *const *dirs, const char *name)
{
	for (size_t i = 0; dirs && dirs[i]; i++) {
		struct stat st;
		dk_buf p = { 0 };

		dk_buf_puts(&p, dirs[i]);
		if (p.len && p.data[p.len - 1] != '/')
			dk_buf_puts(&p, "/");
		dk_buf_puts(&p, name);
		dk_buf_puts(&p, ".yaml");
		if (stat(p.data, &st) == 0)
			return p.data;
		free(p.data);
	}
	return NULL;
}

static void sb_add_dirs(dk_buf *b, const char *const *dirs)
{
	if (!dirs || !dirs[0]) {
		dk_buf_puts(b, "no search directories");
		return;
	}
	dk_buf_puts(b, "searched: ");
	for (size_t i = 0; dirs[i]; i++) {
		if (i)
			dk_buf_puts(b, ", ");
		dk_buf_puts(b, dirs[i]);
	}
}

/* A canonical name for cycle detection: realpath, or the path itself. */
static char *canonical(const char *path)
{
	char *c = realpath(path, NULL);
	return c ? c : dk_xstrdup(path);
}

/* ------------------------------------------------------------------ */
/* Step 1: the file into memory                                        */
/* ------------------------------------------------------------------ */

static const dk_loc no_loc = { 0, 0 };

/*
 * The text screen every reader shares (text_guard.h): a NUL or another
 * control character, a line over 64 KiB, bytes that are no UTF-8 are
 * refused at their line and column, naming nothing of the content.
 */
static int screen_text(const char *buf, size_t len, const char *path, dk_diag *diag)
{
	dk_text_guard g;

	/* UTF-16 has its own message (build_tree) */
	if (len >= 2 && (((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe) ||
			 ((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff)))
		return 0;
	dk_text_guard_init(&g, false);
	if (dk_text_guard_feed(&g, buf, len) == 0 && dk_text_guard_finish(&g) == 0)
		return 0;
	dk_diag_error(diag, path, g.error_loc, "%s", g.error);
	return -1;
}

/*
 * Read path into *out (malloc'd, NUL-terminated, caller frees) and its
 * length into *len.  Returns 0, or -1 with an error in diag.
 */
static int read_file(char **out, size_t *len, const char *path, dk_diag *diag)
{
	struct stat st;
	size_t cap = 8192, n = 0;
	char *buf = NULL;
	int fd, rc = -1;

	*out = NULL;
	*len = 0;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer; the file is
	 * refused below unless it is a regular file, and a regular file
	 * reads the same either way */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		dk_diag_error(diag, NULL, no_loc, "cannot open '%s': %s",
			      show_str(path).s, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0)
		st.st_mode = 0;
	if (S_ISDIR(st.st_mode)) {
		dk_diag_error(diag, path, no_loc,
			      "is a directory, not a rule set file");
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		dk_diag_error(diag, path, no_loc,
			      "is not a regular file (a FIFO, device or socket is never read as a rule set)");
		goto out;
	}
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > DK_RULESET_MAX_BYTES) {
		dk_diag_error(diag, path, no_loc,
			      "file is larger than 1 MiB, the limit for rule set files");
		goto out;
	}
	buf = dk_xmalloc(cap);
	for (;;) {
		ssize_t got;

		if (n == cap - 1) {
			cap *= 2;
			buf = dk_xrealloc(buf, cap);
		}
		got = read(fd, buf + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			dk_diag_error(diag, path, no_loc, "cannot read file: %s",
				      strerror(errno));
			goto out;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > DK_RULESET_MAX_BYTES) {
			dk_diag_error(diag, path, no_loc,
				      "file is larger than 1 MiB, the limit for rule set files");
			goto out;
		}
	}
	buf[n] = '\0';
	if (screen_text(buf, n, path, diag) < 0)
		goto out;
	*out = buf;
	*len = n;
	buf = NULL;
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Step 2: libyaml events into a tree                                  */
/* ------------------------------------------------------------------ */

typedef enum node_kind { NODE_SCALAR, NODE_MAP, NODE_SEQ } node_kind;

typedef struct node node;
struct node {
	node_kind kind;
	dk_loc loc;
	bool quoted;        /* scalar in quotes or a block scalar */
	const char *text;   /* scalar: the value, NUL-terminated */
	size_t len;         /* scalar: its length (it may hold a NUL) */
	node *value;        /* a key of a mapping: its value */
	node *first;        /* mapping: first key; list: first item */
	node *last;
	node *next;         /* next key or item in the parent */
	size_t count;       /* keys or items */
	node *open_key;     /* mapping being built: key waiting for a value */
};

typedef struct builder {
	dk_arena *arena;
	const char *file;
	dk_diag *diag;
	node *stack[DK_RULESET_MAX_DEPTH];
	size_t depth;
	size_t nodes;
	int documents;
	node *root;
	bool failed;        /* an error that did not stop the reading */
} builder;

static dk_loc mark_loc(yaml_mark_t m)
{
	dk_loc loc = { (uint32_t)m.line + 1, (uint32_t)m.column + 1 };
	return loc;
}

/* libyaml's reader reports a byte offset only: count lines and characters. */
static dk_loc offset_loc(const char *buf, size_t len, size_t offset)
{
	dk_loc loc = { 1, 1 };

	if (offset > len)
		offset = len;
	for (size_t i = 0; i < offset; i++) {
		if (buf[i] == '\n') {
			loc.line++;
			loc.col = 1;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80) {
			loc.col++;
		}
	}
	return loc;
}

static const char *kind_name(const node *n)
{
	switch (n->kind) {
	case NODE_MAP:
		return "a mapping";
	case NODE_SEQ:
		return "a list";
	case NODE_SCALAR:
		break;
	}
	return "a string";
}

static void report_yaml_error(const yaml_parser_t *p, const char *buf,
			      size_t len, const char *file, dk_diag *diag)
{
	const char *problem = p->problem ? p->problem : "syntax error";

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		dk_diag_error(diag, file, no_loc, "out of memory while reading yaml");
		break;
	case YAML_READER_ERROR:
		if (p->problem_value != -1)
			dk_diag_error(diag, file,
				      offset_loc(buf, len, p->problem_offset),
				      "invalid yaml: %s (0x%02x)", problem,
				      (unsigned)p->problem_value);
		else
			dk_diag_error(diag, file,
				      offset_loc(buf, len, p->problem_offset),
				      "invalid yaml: %s", problem);
		break;
	default:
		if (p->context) {
			dk_loc c = mark_loc(p->context_mark);
			dk_diag_error(diag, file, mark_loc(p->problem_mark),
				      "invalid yaml: %s (%s at %u:%u)", problem,
				      p->context, (unsigned)c.line,
				      (unsigned)c.col);
		} else {
			dk_diag_error(diag, file, mark_loc(p->problem_mark),
				      "invalid yaml: %s", problem);
		}
		break;
	}
}

/* Anchors and tags are refused on every node. */
static int check_properties(builder *b, const yaml_char_t *anchor,
			    const yaml_char_t *tag, dk_loc loc)
{
	if (anchor) {
		dk_diag_error(b->diag, b->file, loc,
			      "anchors ('&%s') are not allowed in rule set files",
			      show_str((const char *)anchor).s);
		return -1;
	}
	if (tag) {
		/* libyaml hands over "!!bool" resolved: show it as written */
		static const char core[] = "tag:yaml.org,2002:";
		const char *t = (const char *)tag;
		bool is_core = strncmp(t, core, sizeof(core) - 1) == 0;

		dk_diag_error(b->diag, b->file, loc,
			      "tags ('%s%s') are not allowed in rule set files",
			      is_core ? "!!" : "",
			      show_str(is_core ? t + sizeof(core) - 1 : t).s);
		return -1;
	}
	return 0;
}

static node *new_node(builder *b, node_kind kind, dk_loc loc)
{
	node *n;

	if (b->nodes++ == DK_RULESET_MAX_NODES) {
		dk_diag_error(b->diag, b->file, loc,
			      "more than %d yaml nodes; this is no rule set file",
			      DK_RULESET_MAX_NODES);
		return NULL;
	}
	n = dk_arena_alloc(b->arena, sizeof(*n));
	n->kind = kind;
	n->loc = loc;
	return n;
}

static void append_child(node *parent, node *n)
{
	if (parent->last)
		parent->last->next = n;
	else
		parent->first = n;
	parent->last = n;
	parent->count++;
}

/* Hang n into the open mapping or list, or make it the root. */
static int attach(builder *b, node *n)
{
	node *parent;

	if (b->depth == 0) {
		b->root = n;
		return 0;
	}
	parent = b->stack[b->depth - 1];
	if (parent->kind == NODE_SEQ) {
		append_child(parent, n);
		return 0;
	}
	if (parent->open_key) {
		parent->open_key->value = n;
		parent->open_key = NULL;
		return 0;
	}
	if (n->kind != NODE_SCALAR) {
		dk_diag_error(b->diag, b->file, n->loc,
			      "a key must be a string, not %s", kind_name(n));
		return -1;
	}
	if (!n->quoted && text_eq(n->text, n->len, "<<")) {
		dk_diag_error(b->diag, b->file, n->loc,
			      "merge keys ('<<') are not allowed in rule set files");
		return -1;
	}
	append_child(parent, n);
	parent->open_key = n;
	return 0;
}

static int compare_keys(const void *pa, const void *pb)
{
	const node *a = *(const node *const *)pa;
	const node *b = *(const node *const *)pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->text, b->text, n);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	return a->loc.col < b->loc.col ? -1 : a->loc.col > b->loc.col;
}

typedef struct duplicate {
	const node *again;
	const node *first;
} duplicate;

static int compare_duplicates(const void *pa, const void *pb)
{
	const duplicate *a = pa, *b = pb;

	if (a->again->loc.line != b->again->loc.line)
		return a->again->loc.line < b->again->loc.line ? -1 : 1;
	return a->again->loc.col < b->again->loc.col ? -1 :
	       a->again->loc.col > b->again->loc.col;
}

/*
 * libyaml accepts a key twice and a naive reader keeps the last value.
 * Sorting makes the check O(n log n) even for a hostile mapping.
 */
static void check_duplicates(builder *b, const node *map)
{
	node **sorted;
	duplicate *dups;
	size_t i = 0, ndups = 0, start = 0;

	if (map->count < 2)
		return;
	sorted = dk_xmalloc(map->count * sizeof(*sorted));
	dups = dk_xmalloc(map->count * sizeof(*dups));
	for (node *k = map->first; k; k = k->next)
		sorted[i++] = k;
	qsort(sorted, map->count, sizeof(*sorted), compare_keys);
	for (i = 1; i < map->count; i++) {
		const node *a = sorted[start], *k = sorted[i];
		if (a->len == k->len && memcmp(a->text, k->text, k->len) == 0) {
			dups[ndups].again = k;
			dups[ndups].first = a;
			ndups++;
		} else {
			start = i;
		}
	}
	qsort(dups, ndups, sizeof(*dups), compare_duplicates);
	for (i = 0; i < ndups; i++) {
		dk_diag_error(b->diag, b->file, dups[i].again->loc,
			      "duplicate key '%s' (first at %u:%u)",
			      show(dups[i].again->text, dups[i].again->len).s,
			      (unsigned)dups[i].first->loc.line,
			      (unsigned)dups[i].first->loc.col);
		b->failed = true;
	}
	free(dups);
	free(sorted);
}

/*
 * The byte screen saw the file; a double-quoted scalar's escapes ("\e",
 * "\x9b", "\u202e") it did not.  What they wrote may not reach a message
 * that quotes the text: a control character other than tab and line feed,
 * or a bidirectional control, is refused where the scalar starts.
 */
static int scalar_refused(builder *b, const yaml_event_t *ev, dk_loc loc)
{
	uint32_t cp;
	size_t len = ev->data.scalar.length;
	if (dk_text_refused((const char *)ev->data.scalar.value, len, true, &cp) == len)
		return 0;
	char what[64];
	dk_text_refused_what(what, sizeof(what), cp);
	dk_diag_error(b->diag, b->file, loc, "%s is not accepted (an escape in a quoted "
		      "text wrote it)", what);
	return -1;
}

/*
 * A source, or a title, as reports quote it: on one line.  One written
 * over several lines (a YAML block, an escape) has its line breaks and
 * tabs as spaces, so that no line of it looks like a line of the report
 * that quotes it (`rules show` wraps a source anew).
 */
static char *one_line(char *s)
{
	for (char *p = s; p && *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	return s;
}

/* One event.  Returns 0 to go on, 1 at the end of the stream, -1 to stop. */
static int on_event(builder *b, const yaml_event_t *ev)
{
	dk_loc loc = mark_loc(ev->start_mark);
	node *n;

	switch (ev->type) {
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
		return 0;
	case YAML_STREAM_END_EVENT:
		return 1;
	case YAML_DOCUMENT_START_EVENT:
		if (b->documents++ > 0) {
			dk_diag_error(b->diag, b->file, loc,
				      "a second yaml document; a rule set file holds one");
			return -1;
		}
		if (ev->data.document_start.tag_directives.start !=
		    ev->data.document_start.tag_directives.end) {
			dk_diag_error(b->diag, b->file, loc,
				      "tag directives ('%%TAG') are not allowed in rule set files");
			return -1;
		}
		return 0;
	case YAML_ALIAS_EVENT:
		dk_diag_error(b->diag, b->file, loc,
			      "aliases ('*%s') are not allowed in rule set files",
			      show_str((const char *)ev->data.alias.anchor).s);
		return -1;
	case YAML_SCALAR_EVENT:
		if (check_properties(b, ev->data.scalar.anchor,
				     ev->data.scalar.tag, loc) < 0)
			return -1;
		if (scalar_refused(b, ev, loc) < 0)
			return -1;
		n = new_node(b, NODE_SCALAR, loc);
		if (!n)
			return -1;
		n->text = dk_arena_strndup(b->arena,
					   (const char *)ev->data.scalar.value,
					   ev->data.scalar.length);
		n->len = ev->data.scalar.length;
		n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		return attach(b, n);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (ev->type == YAML_SEQUENCE_START_EVENT
		    ? check_properties(b, ev->data.sequence_start.anchor,
				       ev->data.sequence_start.tag, loc) < 0
		    : check_properties(b, ev->data.mapping_start.anchor,
				       ev->data.mapping_start.tag, loc) < 0)
			return -1;
		if (b->depth == DK_RULESET_MAX_DEPTH) {
			dk_diag_error(b->diag, b->file, loc,
				      "nesting deeper than %d levels",
				      DK_RULESET_MAX_DEPTH);
			return -1;
		}
		n = new_node(b, ev->type == YAML_SEQUENCE_START_EVENT
				 ? NODE_SEQ : NODE_MAP, loc);
		if (!n || attach(b, n) < 0)
			return -1;
		b->stack[b->depth++] = n;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth == 0)
			return -1;  /* libyaml never does this */
		n = b->stack[--b->depth];
		if (n->kind == NODE_MAP)
			check_duplicates(b, n);
		return 0;
	}
	return 0;
}

/*
 * Parse buf as one YAML document into a tree allocated in arena.  *out gets
 * the root, or NULL for a file without a document.  Returns 0, or -1 with
 * errors in diag.
 */
static int build_tree(node **out, bool *bytes_bad, dk_arena *arena,
		      const char *buf, size_t len, const char *file, dk_diag *diag)
{
	builder b = { .arena = arena, .file = file, .diag = diag };
	yaml_parser_t parser;
	int rc = 0;

	*out = NULL;
	*bytes_bad = false;
	if (len >= 2 && (((unsigned char)buf[0] == 0xff && (unsigned char)buf[1] == 0xfe) ||
			 ((unsigned char)buf[0] == 0xfe && (unsigned char)buf[1] == 0xff))) {
		dk_diag_error(diag, file, no_loc,
			      "file is utf-16; rule set files must be utf-8");
		return -1;
	}
	if (!yaml_parser_initialize(&parser)) {
		dk_diag_error(diag, file, no_loc, "out of memory while reading yaml");
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (rc == 0) {
		yaml_event_t ev;

		if (!yaml_parser_parse(&parser, &ev)) {
			/* bytes that are no UTF-8 text, found before the
			 * tokens: the message names the byte and its place */
			*bytes_bad = parser.error == YAML_READER_ERROR;
			report_yaml_error(&parser, buf, len, file, diag);
			rc = -1;
			break;
		}
		rc = on_event(&b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	*out = b.root;  /* as far as it was read, also after an error */
	return rc < 0 || b.failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Values: shared by files and per-record overrides                    */
/* ------------------------------------------------------------------ */

static bool is_null_text(const char *s, size_t len)
{
	return len == 0 || text_eq(s, len, "~") || text_eq(s, len, "null") ||
	       text_eq(s, len, "Null") || text_eq(s, len, "NULL");
}

static bool is_null(const node *n)
{
	return !n || (n->kind == NODE_SCALAR && !n->quoted &&
		      is_null_text(n->text, n->len));
}

/* A whole number in decimal ("-3", "12"); false if s is none. */
static bool parse_int(int *out, const char *s, size_t len)
{
	size_t i = 0;
	long v = 0;
	bool neg = false;

	if (len > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i = 1;
	}
	if (i == len || len - i > 9)
		return false;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*out = (int)(neg ? -v : v);
	return true;
}

/* The value of enum-valued k named s[0..len); false if none. */
static bool enum_from_text(int *out, const dk_rule_key *k, const char *s,
			   size_t len)
{
	for (int v = 0; v < k->count; v++) {
		const char *name = dk_ruleset_enum_name(k, v);
		if (name && text_eq(s, len, name)) {
			*out = v;
			return true;
		}
	}
	return false;
}

/* A number item or value of k in range. */
static bool int_from_text(int *out, const dk_rule_key *k, const char *s,
			  size_t len)
{
	int v;

	if (!parse_int(&v, s, len) || v < k->min || v > k->max)
		return false;
	*out = v;
	return true;
}

/* Parse s[0..len) as a value of the scalar key k (0/1, enum value, int). */
static bool parse_scalar(int *out, const dk_rule_key *k, const char *s,
			 size_t len)
{
	switch (k->type) {
	case DK_RULE_BOOL:
		if (text_eq(s, len, "true") || text_eq(s, len, "True") ||
		    text_eq(s, len, "TRUE")) {
			*out = 1;
			return true;
		}
		if (text_eq(s, len, "false") || text_eq(s, len, "False") ||
		    text_eq(s, len, "FALSE")) {
			*out = 0;
			return true;
		}
		return false;
	case DK_RULE_ENUM:
		return enum_from_text(out, k, s, len);
	case DK_RULE_INT:
		return int_from_text(out, k, s, len);
	case DK_RULE_ENUM_SET:
	case DK_RULE_ENUM_LIST:
	case DK_RULE_INT_LIST:
		break;
	}
	return false;
}

/* "'a', 'b', 'c'": the valid names of enum-valued k */
static void sb_add_names(dk_buf *b, const dk_rule_key *k)
{
	const char *names[32];
	size_t n;

	valid_names(names, &n, k);
	sb_add_list(b, names, n, true);
}

static void sb_add_int(dk_buf *b, int v)
{
	char num[16];

	snprintf(num, sizeof(num), "%d", v);
	dk_buf_puts(b, num);
}

/* "true or false" / "one of 'a', 'b'" / "a whole number from 1 to 12" ... */
static void sb_add_allowed(dk_buf *b, const dk_rule_key *k)
{
	switch (k->type) {
	case DK_RULE_BOOL:
		dk_buf_puts(b, "true or false");
		return;
	case DK_RULE_ENUM:
		dk_buf_puts(b, "one of ");
		sb_add_names(b, k);
		return;
	case DK_RULE_INT:
		dk_buf_puts(b, "a whole number from ");
		sb_add_int(b, k->min);
		dk_buf_puts(b, " to ");
		sb_add_int(b, k->max);
		return;
	case DK_RULE_ENUM_SET:
		dk_buf_puts(b, "a list of distinct names from ");
		sb_add_names(b, k);
		return;
	case DK_RULE_ENUM_LIST:
		dk_buf_puts(b, "a list of distinct names from ");
		sb_add_names(b, k);
		dk_buf_puts(b, ", highest first");
		return;
	case DK_RULE_INT_LIST:
		dk_buf_puts(b, "a list of ");
		sb_add_int(b, k->items);
		dk_buf_puts(b, " whole numbers from ");
		sb_add_int(b, k->min);
		dk_buf_puts(b, " to ");
		sb_add_int(b, k->max);
		dk_buf_puts(b, ", none smaller than the one before");
		return;
	}
}

typedef enum bad_value {
	BAD_NULL,       /* nothing given */
	BAD_TEXT,       /* a string that is no value of the key */
	BAD_QUOTED,     /* a boolean or number in quotes */
	BAD_KIND        /* a mapping or a list where a string belongs */
} bad_value;

/* "; did you mean 'x'?" for a value of an enum-valued key */
static void sb_add_enum_suggestion(dk_buf *b, const dk_rule_key *k,
				   const char *s, size_t len)
{
	const char *names[32];
	size_t n;

	valid_names(names, &n, k);
	sb_add_suggestion(b, names, n, s, len);
}

static void report_bad_value(dk_diag *diag, const char *file, dk_loc loc,
			     const dk_rule_key *k, bad_value why,
			     const char *s, size_t len, const char *kind)
{
	dk_buf m = { 0 };
	int v;

	dk_buf_puts(&m, "rule '");
	dk_buf_puts(&m, k->name);
	if (why == BAD_NULL) {
		dk_buf_puts(&m, "' has no value: it must be ");
		sb_add_allowed(&m, k);
		if (is_list(k))
			dk_buf_puts(&m, " ('[]' for none)");
	} else {
		dk_buf_puts(&m, "' must be ");
		sb_add_allowed(&m, k);
		if (why == BAD_KIND) {
			dk_buf_puts(&m, ", not ");
			dk_buf_puts(&m, kind);
		} else {
			dk_buf_puts(&m, why == BAD_QUOTED ? ", not the quoted string '"
						     : ", not '");
			dk_buf_puts(&m, show(s, len).s);
			dk_buf_puts(&m, "'");
			if (k->type == DK_RULE_ENUM) {
				sb_add_enum_suggestion(&m, k, s, len);
			} else if (is_list(k) &&
				   (k->type == DK_RULE_INT_LIST
				    ? parse_int(&v, s, len)
				    : enum_from_text(&v, k, s, len))) {
				/* one item written without the brackets */
				dk_buf_puts(&m, "; write a list: '[");
				dk_buf_puts(&m, show(s, len).s);
				dk_buf_puts(&m, "]'");
			}
		}
	}
	dk_diag_error(diag, file, loc, "%s", sb_str(&m));
	free(m.data);
}

/* One item of a list value: from a YAML list, or a word of an override. */
typedef struct item {
	const char *text;   /* NULL: not a string (a list or a mapping) */
	size_t len;
	const char *kind;   /* what it is when text is NULL: "a list" ... */
	bool quoted;
	dk_loc loc;
} item;

/*
 * Read the items of a list value of k into *out.  positions: the items have
 * their own positions (YAML); else they share the value's (an override).
 * Returns true, or false with every problem reported.
 */
static bool parse_items(rvalue *out, const dk_rule_key *k, const item *items,
			size_t n, bool positions, const char *file,
			dk_loc value_loc, dk_diag *diag)
{
	const item *first[VALUE_ITEMS] = { 0 };   /* enum value -> its item */
	bool ok = true;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		const item *it = &items[i];
		int v = 0;

		if (!it->text || (!it->quoted && is_null_text(it->text, it->len))) {
			dk_diag_error(diag, file, it->loc,
				      "rule '%s': item %zu must be %s, not %s",
				      k->name, i + 1,
				      k->type == DK_RULE_INT_LIST ? "a number"
								  : "a name",
				      it->text ? "empty" : it->kind);
			ok = false;
			continue;
		}
		if (k->type == DK_RULE_INT_LIST) {
			if (!int_from_text(&v, k, it->text, it->len) || it->quoted) {
				dk_diag_error(diag, file, it->loc,
					      "rule '%s': item %zu must be a whole number from %d to %d, not %s'%s'",
					      k->name, i + 1, k->min, k->max,
					      it->quoted ? "the quoted string " : "",
					      show(it->text, it->len).s);
				ok = false;
				continue;
			}
			if (out->count < VALUE_ITEMS)
				out->items[out->count] = v;
			out->count++;
			continue;
		}
		if (!enum_from_text(&v, k, it->text, it->len)) {
			dk_buf m = { 0 };

			dk_buf_puts(&m, "rule '");
			dk_buf_puts(&m, k->name);
			dk_buf_puts(&m, "': '");
			dk_buf_puts(&m, show(it->text, it->len).s);
			dk_buf_puts(&m, "' is not one of ");
			sb_add_names(&m, k);
			sb_add_enum_suggestion(&m, k, it->text, it->len);
			dk_diag_error(diag, file, it->loc, "%s", sb_str(&m));
			free(m.data);
			ok = false;
			continue;
		}
		if (first[v]) {
			if (positions)
				dk_diag_error(diag, file, it->loc,
					      "rule '%s' lists '%s' twice (first at %u:%u)",
					      k->name, show(it->text, it->len).s,
					      (unsigned)first[v]->loc.line,
					      (unsigned)first[v]->loc.col);
			else
				dk_diag_error(diag, file, it->loc,
					      "rule '%s' lists '%s' twice (items %zu and %zu)",
					      k->name, show(it->text, it->len).s,
					      (size_t)(first[v] - items) + 1, i + 1);
			ok = false;
			continue;
		}
		first[v] = it;
		if (k->type == DK_RULE_ENUM_SET)
			out->set |= (dk_enum_set)1 << v;
		else
			out->items[out->count++] = v;
	}
	if (!ok || k->type != DK_RULE_INT_LIST)
		return ok;

	if (out->count != k->items) {
		dk_diag_error(diag, file, value_loc,
			      "rule '%s' must list exactly %d numbers, not %d",
			      k->name, k->items, out->count);
		return false;
	}
	for (int i = 1; i < out->count; i++) {
		if (out->items[i] < out->items[i - 1]) {
			dk_diag_error(diag, file, items[i].loc,
				      "rule '%s': item %d (%d) is smaller than item %d (%d); the numbers must not decrease",
				      k->name, i + 1, out->items[i], i,
				      out->items[i - 1]);
			ok = false;
		}
	}
	return ok;
}

/* The most items a list value of k can have. */
static int max_items(const dk_rule_key *k)
{
	const char *names[32];
	size_t n;

	if (k->type == DK_RULE_INT_LIST)
		return k->items;
	valid_names(names, &n, k);
	return (int)n;
}

/* Text of an rvalue of k as written in files ("[queens, jacks]"). */
static void sb_add_value(dk_buf *b, const dk_rule_key *k, const rvalue *v)
{
	bool first = true;

	switch (k->type) {
	case DK_RULE_BOOL:
		dk_buf_puts(b, v->scalar ? "true" : "false");
		return;
	case DK_RULE_ENUM: {
		const char *name = dk_ruleset_enum_name(k, v->scalar);
		if (name)
			dk_buf_puts(b, name);
		else
			sb_add_int(b, v->scalar);
		return;
	}
	case DK_RULE_INT:
		sb_add_int(b, v->scalar);
		return;
	case DK_RULE_ENUM_SET:
		dk_buf_puts(b, "[");
		for (int i = 0; i < k->count && i < 32; i++) {
			const char *name;
			if (!DK_SET_HAS(v->set, i))
				continue;
			name = dk_ruleset_enum_name(k, i);
			if (!first)
				dk_buf_puts(b, ", ");
			first = false;
			if (name)
				dk_buf_puts(b, name);
			else
				sb_add_int(b, i);
		}
		dk_buf_puts(b, "]");
		return;
	case DK_RULE_ENUM_LIST:
	case DK_RULE_INT_LIST:
		dk_buf_puts(b, "[");
		for (int i = 0; i < v->count; i++) {
			const char *name = k->type == DK_RULE_ENUM_LIST
				? dk_ruleset_enum_name(k, v->items[i]) : NULL;
			if (i)
				dk_buf_puts(b, ", ");
			if (name)
				dk_buf_puts(b, name);
			else
				sb_add_int(b, v->items[i]);
		}
		dk_buf_puts(b, "]");
		return;
	}
}

size_t dk_ruleset_value_format(char *out, size_t size, const dk_rules *r,
			       const dk_rule_key *key)
{
	dk_buf b = { 0 };
	rvalue v;
	size_t len;

	load_value(&v, r, key);
	sb_add_value(&b, key, &v);
	len = b.len;
	if (size > 0) {
		size_t n = len < size - 1 ? len : size - 1;
		memcpy(out, sb_str(&b), n);
		out[n] = '\0';
	}
	free(b.data);
	return len;
}

static void report_unknown_rule(dk_diag *diag, const char *file, dk_loc loc,
				const char *what, const char *s, size_t len)
{
	const char *names[KEY_COUNT];
	dk_buf m = { 0 };

	for (size_t i = 0; i < KEY_COUNT; i++)
		names[i] = keys[i].name;
	dk_buf_puts(&m, what);
	dk_buf_puts(&m, " '");
	dk_buf_puts(&m, show(s, len).s);
	dk_buf_puts(&m, "'");
	sb_add_suggestion(&m, names, KEY_COUNT, s, len);
	/* A list of dozens of keys helps nobody: then name the manual. */
	if (KEY_COUNT <= 10) {
		dk_buf_puts(&m, " (known rules: ");
		sb_add_list(&m, names, KEY_COUNT, false);
		dk_buf_puts(&m, ")");
	} else {
		dk_buf_puts(&m, " (dokoref-rules(5) lists the known rules)");
	}
	dk_diag_error(diag, file, loc, "%s", sb_str(&m));
	free(m.data);
}

/* ------------------------------------------------------------------ */
/* Step 3: the tree read as a rule set                                 */
/* ------------------------------------------------------------------ */

/* One rule value read from a file, laid over the base afterwards. */
typedef struct setting {
	const dk_rule_key *key;
	rvalue value;
	dk_rule_source src;
} setting;

/* What one file says, before its base is loaded. */
typedef struct layer {
	const char *path;        /* the file; in the ruleset's arena */
	const node *name;        /* values of the top-level keys, or NULL */
	const node *title;
	const node *document;
	const node *base;
	const node *rules_key;   /* the key "rules" itself, for positions */
	setting *settings;       /* in the file's temporary arena */
	size_t count;
} layer;

typedef struct loader {
	dk_ruleset *rs;
	const char *const *dirs;
	dk_diag *diag;
	const char *chain[DK_RULESET_MAX_BASES + 1]; /* canonical paths, top first */
	size_t depth;
	bool set[KEY_COUNT];     /* which keys some file of the chain has set */
} loader;

/* "unknown key 'x'" or "unknown field 'x' in rule 'y'", a suggestion, the list */
static void report_unknown_field(dk_diag *diag, const char *file,
				 const node *key, const char *rule,
				 const char *const *known, size_t n)
{
	dk_buf m = { 0 };

	dk_buf_puts(&m, rule ? "unknown field '" : "unknown key '");
	dk_buf_puts(&m, show(key->text, key->len).s);
	dk_buf_puts(&m, "'");
	if (rule) {
		dk_buf_puts(&m, " in rule '");
		dk_buf_puts(&m, rule);
		dk_buf_puts(&m, "'");
	}
	sb_add_suggestion(&m, known, n, key->text, key->len);
	dk_buf_puts(&m, " (known: ");
	sb_add_list(&m, known, n, false);
	dk_buf_puts(&m, ")");
	dk_diag_error(diag, file, key->loc, "%s", sb_str(&m));
	free(m.data);
}

/* A non-empty string value of `what`; else an error and false. */
static bool check_string(loader *ld, const char *file, const node *key,
			 const node *v, const char *what)
{
	if (is_null(v) || (v->kind == NODE_SCALAR && v->len == 0)) {
		dk_diag_error(ld->diag, file, v ? v->loc : key->loc,
			      "%s has no value", what);
		return false;
	}
	if (v->kind != NODE_SCALAR) {
		dk_diag_error(ld->diag, file, v->loc, "%s must be a string, not %s",
			      what, kind_name(v));
		return false;
	}
	return true;
}

/* An assumption is a RULES.md decision id: 'D' and a number. */
static bool valid_assumption(const char *s, size_t len)
{
	if (len < 2 || len > 5 || s[0] != 'D' || s[1] == '0')
		return false;
	for (size_t i = 1; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/*
 * The value under `value:` of rule k (value_key is the key "value").
 * Returns 0, or -1 with the problems reported.
 */
static int read_value(rvalue *out, const dk_rule_key *k, const node *value_key,
		      const char *file, dk_diag *diag)
{
	const node *x = value_key->value;

	memset(out, 0, sizeof(*out));
	if (is_null(x)) {
		report_bad_value(diag, file, x ? x->loc : value_key->loc, k,
				 BAD_NULL, NULL, 0, NULL);
		return -1;
	}
	if (is_list(k)) {
		item items[VALUE_ITEMS + 1];
		size_t n = 0;

		if (x->kind != NODE_SEQ) {
			report_bad_value(diag, file, x->loc, k,
					 x->kind == NODE_MAP ? BAD_KIND : BAD_TEXT,
					 x->text, x->len, kind_name(x));
			return -1;
		}
		if (x->count > VALUE_ITEMS) {
			dk_diag_error(diag, file, x->loc,
				      "rule '%s' lists %zu items; it can have at most %d",
				      k->name, x->count, max_items(k));
			return -1;
		}
		for (const node *it = x->first; it; it = it->next, n++) {
			items[n].text = it->kind == NODE_SCALAR ? it->text : NULL;
			items[n].len = it->len;
			items[n].kind = kind_name(it);
			items[n].quoted = it->quoted;
			items[n].loc = it->loc;
		}
		return parse_items(out, k, items, n, true, file, x->loc, diag)
		       ? 0 : -1;
	}
	if (x->kind != NODE_SCALAR) {
		report_bad_value(diag, file, x->loc, k, BAD_KIND, NULL, 0,
				 kind_name(x));
		return -1;
	}
	if (!parse_scalar(&out->scalar, k, x->text, x->len)) {
		report_bad_value(diag, file, x->loc, k, BAD_TEXT, x->text,
				 x->len, NULL);
		return -1;
	}
	if (k->type != DK_RULE_ENUM && x->quoted) {
		/* In YAML "false" and "3" are strings, and no boolean or number. */
		report_bad_value(diag, file, x->loc, k, BAD_QUOTED, x->text,
				 x->len, NULL);
		return -1;
	}
	return 0;
}

/* One entry under `rules:`.  Returns 0 and adds a setting, or -1. */
static int read_rule(loader *ld, layer *L, const node *key)
{
	const char *file = L->path;
	const dk_rule_key *k = key_find_n(key->text, key->len);
	const node *v = key->value;
	const node *value_key = NULL, *source_key = NULL, *assumption_key = NULL;
	int rc = 0;
	rvalue value;
	char what[80];

	if (!k) {
		report_unknown_rule(ld->diag, file, key->loc, "unknown rule",
				    key->text, key->len);
		return -1;
	}
	if (is_null(v)) {
		dk_diag_error(ld->diag, file, key->loc,
			      "rule '%s' is empty: it needs 'value' and 'source'",
			      k->name);
		return -1;
	}
	if (v->kind != NODE_MAP) {
		dk_diag_error(ld->diag, file, v->loc,
			      "rule '%s' must be a mapping with 'value' and 'source', not %s",
			      k->name, kind_name(v));
		return -1;
	}
	for (const node *f = v->first; f; f = f->next) {
		if (text_eq(f->text, f->len, "value")) {
			value_key = f;
		} else if (text_eq(f->text, f->len, "source")) {
			source_key = f;
		} else if (text_eq(f->text, f->len, "assumption")) {
			assumption_key = f;
		} else {
			report_unknown_field(ld->diag, file, f, k->name, rule_fields,
					     ARRAY_SIZE(rule_fields));
			rc = -1;
		}
	}

	if (!value_key) {
		dk_diag_error(ld->diag, file, key->loc, "rule '%s' has no 'value'",
			      k->name);
		rc = -1;
	} else if (read_value(&value, k, value_key, file, ld->diag) < 0) {
		rc = -1;
	}

	if (!source_key) {
		dk_diag_error(ld->diag, file, key->loc,
			      "rule '%s' has no 'source': quote the sentence or name the section the value comes from",
			      k->name);
		rc = -1;
	} else {
		snprintf(what, sizeof(what), "'source' of rule '%s'", k->name);
		if (!check_string(ld, file, source_key, source_key->value, what))
			rc = -1;
	}

	if (assumption_key) {
		const node *a = assumption_key->value;
		snprintf(what, sizeof(what), "'assumption' of rule '%s'", k->name);
		if (!check_string(ld, file, assumption_key, a, what)) {
			rc = -1;
		} else if (!valid_assumption(a->text, a->len)) {
			dk_diag_error(ld->diag, file, a->loc,
				      "assumption '%s' of rule '%s' is not a decision id such as 'D3'",
				      show(a->text, a->len).s, k->name);
			rc = -1;
		}
	}

	if (rc == 0) {
		setting *s = &L->settings[L->count++];
		dk_arena *arena = &ld->rs->arena;
		const node *x = value_key->value;

		s->key = k;
		s->value = value;
		s->src.cite = one_line(dk_arena_strndup(arena, source_key->value->text,
							source_key->value->len));
		s->src.assumption = assumption_key
			? dk_arena_strndup(arena, assumption_key->value->text,
					   assumption_key->value->len)
			: NULL;
		s->src.file = file;
		s->src.loc = x->loc;
	}
	return rc;
}

/* File name without directory and without .yaml / .yml. */
static void file_stem(const char *path, const char **stem, size_t *len)
{
	const char *b = base_name(path);
	size_t n = strlen(b);

	if (ends_with(b, n, ".yaml"))
		n -= 5;
	else if (ends_with(b, n, ".yml"))
		n -= 4;
	*stem = b;
	*len = n;
}

/*
 * Read the top level of one file into L; the settings array is allocated in
 * tmp.  Returns 0, or -1 with errors in diag (L then holds what was fine).
 */
static int read_layer(loader *ld, layer *L, const node *root, dk_arena *tmp)
{
	const char *file = L->path;
	bool name_key = false;
	int rc = 0;

	if (!root) {
		dk_diag_error(ld->diag, file, no_loc,
			      "file has no content (a rule set needs at least a 'name')");
		return -1;
	}
	if (is_null(root)) {
		dk_diag_error(ld->diag, file, root->loc,
			      "the yaml document is empty (a rule set needs at least a 'name')");
		return -1;
	}
	if (root->kind != NODE_MAP) {
		dk_diag_error(ld->diag, file, root->loc,
			      "a rule set must be a mapping with the keys name, title, document, base, rules; this is %s",
			      kind_name(root));
		return -1;
	}

	for (const node *k = root->first; k; k = k->next) {
		const node *v = k->value;

		if (text_eq(k->text, k->len, "name")) {
			name_key = true;
			if (check_string(ld, file, k, v, "'name'"))
				L->name = v;
			else
				rc = -1;
		} else if (text_eq(k->text, k->len, "title")) {
			if (check_string(ld, file, k, v, "'title'"))
				L->title = v;
			else
				rc = -1;
		} else if (text_eq(k->text, k->len, "document")) {
			if (check_string(ld, file, k, v, "'document'"))
				L->document = v;
			else
				rc = -1;
		} else if (text_eq(k->text, k->len, "base")) {
			if (check_string(ld, file, k, v, "'base'"))
				L->base = v;
			else
				rc = -1;
		} else if (text_eq(k->text, k->len, "rules")) {
			L->rules_key = k;
			if (!is_null(v) && v->kind != NODE_MAP) {
				dk_diag_error(ld->diag, file, v->loc,
					      "'rules' must be a mapping of rule keys, not %s",
					      kind_name(v));
				rc = -1;
			}
		} else {
			report_unknown_field(ld->diag, file, k, NULL, file_fields,
					     ARRAY_SIZE(file_fields));
			rc = -1;
		}
	}

	if (!L->name) {
		if (!name_key)  /* else its value was reported */
			dk_diag_error(ld->diag, file, root->loc,
				      "rule set has no 'name'");
		rc = -1;
	} else if (!valid_name(L->name->text, L->name->len)) {
		dk_diag_error(ld->diag, file, L->name->loc,
			      "name '%s' is not a rule set name (a letter or digit, then letters, digits, '.', '_', '-')",
			      show(L->name->text, L->name->len).s);
		rc = -1;
	} else {
		const char *stem;
		size_t n;

		file_stem(file, &stem, &n);
		if (n != L->name->len || memcmp(stem, L->name->text, n) != 0)
			dk_diag_warning(ld->diag, file, L->name->loc,
					"name '%s' differs from the file name '%s'",
					show(L->name->text, L->name->len).s,
					show_str(base_name(file)).s);
	}

	if (L->rules_key && L->rules_key->value &&
	    L->rules_key->value->kind == NODE_MAP) {
		const node *map = L->rules_key->value;

		L->settings = dk_arena_alloc(tmp, (map->count ? map->count : 1) *
						     sizeof(*L->settings));
		for (const node *k = map->first; k; k = k->next)
			if (read_rule(ld, L, k) < 0)
				rc = -1;
	}
	return rc;
}

static int load_file(loader *ld, const char *path, const char *canon);

/*
 * Find and load the base of L.  A base path is taken relative to L's file,
 * a name is looked up in the search directories.  Returns 0, or -1.
 */
static int load_base(loader *ld, const layer *L)
{
	const node *b = L->base;
	char *path = NULL, *canon = NULL;
	int rc = -1;

	if (memchr(b->text, '\0', b->len)) {
		dk_diag_error(ld->diag, L->path, b->loc,
			      "base '%s' is not a rule set name or path",
			      show(b->text, b->len).s);
		return -1;
	}
	if (looks_like_path(b->text, b->len)) {
		struct stat st;

		/* a base is a rule set file: a path names a .yaml (.yml)
		 * file, relative to the file that names it (rulesets/README.md) */
		if (b->text[0] == '/' || !(ends_with(b->text, b->len, ".yaml") ||
					    ends_with(b->text, b->len, ".yml"))) {
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' is not a rule set name or a relative path to a '.yaml' file",
				      show(b->text, b->len).s);
			goto out;
		}
		path = path_beside(L->path, b->text);
		if (stat(path, &st) != 0) {
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' not found: cannot open '%s': %s",
				      show(b->text, b->len).s,
				      show_str(path).s, strerror(errno));
			goto out;
		}
	} else {
		if (!valid_name(b->text, b->len)) {
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' is not a rule set name or a path (a path has a '/' or ends in '.yaml')",
				      show(b->text, b->len).s);
			goto out;
		}
		path = find_in_dirs(ld->dirs, b->text);
		if (!path) {
			dk_buf m = { 0 };
			sb_add_dirs(&m, ld->dirs);
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' not found (%s)",
				      show(b->text, b->len).s, sb_str(&m));
			free(m.data);
			goto out;
		}
	}

	canon = canonical(path);
	for (size_t i = 0; i < ld->depth; i++) {
		if (strcmp(ld->chain[i], canon) == 0) {
			dk_buf m = { 0 };
			for (size_t j = i; j < ld->depth; j++) {
				dk_buf_puts(&m, base_name(ld->chain[j]));
				dk_buf_puts(&m, " -> ");
			}
			dk_buf_puts(&m, base_name(canon));
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' makes a cycle: %s",
				      show(b->text, b->len).s, sb_str(&m));
			free(m.data);
			goto out;
		}
	}
	if (ld->depth > DK_RULESET_MAX_BASES) {
		dk_diag_error(ld->diag, L->path, b->loc,
			      "base '%s' makes the chain of bases longer than %d files",
			      show(b->text, b->len).s, DK_RULESET_MAX_BASES);
		goto out;
	}
	rc = load_file(ld, path, canon);
out:
	free(path);
	free(canon);
	return rc;
}

/* Lay L's values over what the base chain left in the rules. */
static void apply_layer(loader *ld, const layer *L)
{
	dk_rules *r = &ld->rs->rules;
	dk_arena *arena = &ld->rs->arena;

	for (size_t i = 0; i < L->count; i++) {
		const setting *s = &L->settings[i];
		size_t idx = (size_t)(s->key - keys);

		store_value(r, s->key, &s->value);
		*source_of(r, s->key) = s->src;
		ld->set[idx] = true;
	}
	r->name = dk_arena_strndup(arena, L->name->text, L->name->len);
	r->title = L->title ? one_line(dk_arena_strndup(arena, L->title->text,
							L->title->len)) : NULL;
	r->document = L->document ? dk_arena_strndup(arena, L->document->text,
						     L->document->len) : NULL;
	r->base = L->base ? dk_arena_strndup(arena, L->base->text,
					     L->base->len) : NULL;
	r->file = L->path;
}

/* A set without a base is the root of its chain: it must set every key. */
static int check_complete(loader *ld, const layer *L)
{
	const char *missing[KEY_COUNT];
	size_t n = 0;
	dk_buf m = { 0 };

	for (size_t i = 0; i < KEY_COUNT; i++)
		if (!ld->set[i])
			missing[n++] = keys[i].name;
	if (n == 0)
		return 0;
	/* A file that sets almost nothing needs no list of forty keys. */
	sb_add_list(&m, missing, n > 8 ? 8 : n, false);
	if (n > 8) {
		char more[48];
		snprintf(more, sizeof(more), " and %zu more", n - 8);
		dk_buf_puts(&m, more);
	}
	dk_diag_error(ld->diag, L->path,
		      L->rules_key ? L->rules_key->loc : L->name->loc,
		      "rule set '%s' has no base, so it must set every rule; missing: %s",
		      show(L->name->text, L->name->len).s, sb_str(&m));
	free(m.data);
	return -1;
}

/* Load the file at path (canon: its canonical name) and its bases. */
static int load_buffer(loader *ld, const char *buf, size_t len, const char *path,
		       const char *canon);

static int load_file(loader *ld, const char *path, const char *canon)
{
	char *buf = NULL;
	size_t len = 0;
	int rc = -1;

	if (read_file(&buf, &len, path, ld->diag) == 0)
		rc = load_buffer(ld, buf, len, path, canon);
	free(buf);
	return rc;
}

/*
 * Does the tree, as far as it was read, show a rule set?  A mapping whose
 * keys are all rule set file keys (name, title, document, base, rules), or
 * one that has both a 'name' and a 'rules'.  Only then may a message quote
 * the file: anything else might be any file on the machine, named by a
 * hostile base or record, and gets one error that names the file and
 * nothing of its content.
 */
static bool shows_rule_set(const node *root)
{
	bool all_known = true, name = false, rules = false;

	if (!root || root->kind != NODE_MAP || !root->first)
		return false;
	for (const node *k = root->first; k; k = k->next) {
		bool known = false;

		for (size_t i = 0; i < ARRAY_SIZE(file_fields); i++)
			if (text_eq(k->text, k->len, file_fields[i]))
				known = true;
		all_known = all_known && known;
		name = name || text_eq(k->text, k->len, "name");
		rules = rules || text_eq(k->text, k->len, "rules");
	}
	return all_known || (name && rules);
}

static const char *what_it_is(const node *root, bool yaml_ok)
{
	if (!yaml_ok)
		return "reading it as YAML stopped before its first key";
	if (!root || is_null(root))
		return "this is empty";
	if (root->kind != NODE_MAP)
		return root->kind == NODE_SEQ ? "this is a list" : "this is a string";
	return "this is a mapping with other keys";
}

/* one layer from the text buf (path names it in messages) and its bases */
static int load_buffer(loader *ld, const char *buf, size_t len, const char *path,
		       const char *canon)
{
	dk_arena tmp;
	layer L = { 0 };
	node *root = NULL;
	int rc = 0;

	dk_arena_init(&tmp);
	ld->chain[ld->depth++] = canon;
	{
		/* what the YAML reader says goes out only for a rule set */
		dk_diag yd;
		dk_diag_init(&yd);
		bool bytes_bad;
		int built = build_tree(&root, &bytes_bad, &tmp, buf, len, path, &yd);
		bool quiet_empty = built == 0 && !root;  /* comments only */
		/* messages without a position quote nothing; neither do those
		 * on bytes that are no text (the line is not printable) */
		bool placeless = yd.count > 0;
		for (size_t i = 0; i < yd.count; i++)
			if (yd.items[i].loc.line)
				placeless = false;
		if (!quiet_empty && !bytes_bad && !placeless && !shows_rule_set(root)) {
			dk_diag_error(ld->diag, path, no_loc,
				      "not a rule set (a YAML mapping with the keys name, title, document, base, rules; %s)",
				      what_it_is(root, built == 0 && yd.errors == 0));
			dk_diag_release(&yd);
			rc = -1;
			goto out;
		}
		size_t kept_errors = 0;
		for (size_t i = 0; i < yd.count; i++) {
			dk_diag_add(ld->diag, yd.items[i].severity, yd.items[i].file,
				    yd.items[i].loc, "%s", yd.items[i].message);
			kept_errors += yd.items[i].severity == DK_SEV_ERROR;
		}
		ld->diag->errors += yd.errors - kept_errors;
		ld->diag->dropped += yd.dropped;
		dk_diag_release(&yd);
		if (built < 0) {
			rc = -1;
			goto out;
		}
	}
	L.path = dk_arena_strdup(&ld->rs->arena, path);
	if (read_layer(ld, &L, root, &tmp) < 0)
		rc = -1;

	/* The base is read even after errors here, to report its own. */
	if (L.base) {
		if (load_base(ld, &L) < 0)
			rc = -1;
		for (size_t i = 0; i < KEY_COUNT; i++)
			if (ld->set[i])
				source_of(&ld->rs->rules, &keys[i])->inherited = true;
	}
	if (rc < 0)
		goto out;
	apply_layer(ld, &L);
	if (!L.base)
		rc = check_complete(ld, &L);
out:
	ld->depth--;
	dk_arena_release(&tmp);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Step 4: values that contradict each other                           */
/* ------------------------------------------------------------------ */

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

	load_value(&v, r, k);
	sb_add_value(b, k, &v);
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
			dk_buf_puts(&m, show_str(there->file).s);
			dk_buf_puts(&m, ":");
		}
		snprintf(where, sizeof(where), "%u:%u", (unsigned)there->loc.line,
			 (unsigned)there->loc.col);
		dk_buf_puts(&m, where);
		dk_buf_puts(&m, ")");
	}
	dk_diag_error(c->diag, here->file, here->loc, "%s", sb_str(&m));
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
			      sb_str(&m), sb_str(&v));
	if (r->solo_clash == DK_SOLO_CLASH_TYPE) {
		dk_buf_clear(&m);
		if (r->solo_priority_count == 0)
			contradiction(c, "solo.clash", "solo.priority",
				      "solo.clash is 'type' but solo.priority is empty: there is no order of the solo types");
		else if (sb_add_missing(&m, kinds, r->solo_kinds, priority))
			contradiction(c, "solo.priority", "solo.kinds",
				      "solo.clash is 'type' but solo.priority leaves out %s of solo.kinds",
				      sb_str(&m));
	}
	dk_buf_clear(&m);
	if (r->swines != DK_SWINES_NONE &&
	    sb_add_missing(&m, kinds, r->swines_solos, r->solo_kinds))
		contradiction(c, "swines.solos", "solo.kinds",
			      "swines.solos names %s, which solo.kinds %s does not allow",
			      sb_str(&m), sb_str(&v));
	if (r->swines == DK_SWINES_NONE && r->swines_solos) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "swines.solos");
		contradiction(c, "swines.solos", "swines.kind",
			      "swines.solos is %s but swines.kind is 'none'",
			      sb_str(&m));
	}
	dk_buf_clear(&m);
	if (r->hyperswines != DK_SWINES_NONE &&
	    sb_add_missing(&m, kinds, r->hyperswines_solos, r->swines_solos))
		contradiction(c, "hyperswines.solos", "swines.solos",
			      "hyperswines.solos names %s, which swines.solos does not name",
			      sb_str(&m));
	if (r->hyperswines != DK_SWINES_NONE && r->swines == DK_SWINES_NONE)
		contradiction(c, "hyperswines.kind", "swines.kind",
			      "hyperswines rank above swines, but swines.kind is 'none'");
	if (r->hyperswines == DK_SWINES_NONE && r->hyperswines_solos) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "hyperswines.solos");
		contradiction(c, "hyperswines.solos", "hyperswines.kind",
			      "hyperswines.solos is %s but hyperswines.kind is 'none'",
			      sb_str(&m));
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
				      reservation_names[res], no);
		else if (on && !listed)
			contradiction(c, "reservations.order", rule,
				      "%s but reservations.order leaves out '%s'",
				      yes, reservation_names[res]);
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
			      def ? def : "?", sb_str(&v));
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
				      sb_str(&m), sb_str(&v), silent ? silent : "?");
		else
			contradiction(c, "score.solo_specials", "solo.kinds",
				      "score.solo_specials names %s, which solo.kinds %s does not allow",
				      sb_str(&m), sb_str(&v));
	}
	if (!r->score_fox && !r->score_karlchen && !r->score_karlchen_caught &&
	    !r->score_fox_caught_last_trick && !r->score_fox_last_trick &&
	    !r->score_heart10_caught && !r->score_heart_trick) {
		dk_buf_clear(&m);
		sb_add_current(&m, r, "score.solo_specials");
		contradiction(c, "score.solo_specials", "score.fox",
			      "score.solo_specials is %s but score.fox, score.fox_caught_last_trick, score.fox_last_trick, score.heart10_caught, score.heart_trick, score.karlchen and score.karlchen_caught are false: there is no special point for those solos to keep",
			      sb_str(&m));
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

/* ------------------------------------------------------------------ */
/* Public functions                                                    */
/* ------------------------------------------------------------------ */

void dk_ruleset_init(dk_ruleset *rs)
{
	memset(&rs->rules, 0, sizeof(rs->rules));
	dk_arena_init(&rs->arena);
}

void dk_ruleset_release(dk_ruleset *rs)
{
	dk_arena_release(&rs->arena);
	dk_ruleset_init(rs);
}

int dk_ruleset_load(dk_ruleset *out, const char *name_or_path,
		    const char *const *search_dirs, dk_diag *diag)
{
	loader ld = { .rs = out, .dirs = search_dirs, .diag = diag };
	size_t len = name_or_path ? strlen(name_or_path) : 0;
	char *path = NULL, *canon = NULL;
	int rc = -1;

	dk_ruleset_init(out);
	if (len == 0) {
		dk_diag_error(diag, NULL, no_loc, "no rule set given");
		goto out;
	}
	if (looks_like_path(name_or_path, len)) {
		path = dk_xstrdup(name_or_path);
	} else if (!valid_name(name_or_path, len)) {
		dk_diag_error(diag, NULL, no_loc,
			      "'%s' is not a rule set name or a path (a path has a '/' or ends in '.yaml')",
			      show(name_or_path, len).s);
		goto out;
	} else {
		path = find_in_dirs(search_dirs, name_or_path);
		if (!path) {
			dk_buf m = { 0 };
			sb_add_dirs(&m, search_dirs);
			dk_diag_error(diag, NULL, no_loc,
				      "rule set '%s' not found (%s)",
				      show(name_or_path, len).s, sb_str(&m));
			free(m.data);
			goto out;
		}
	}
	canon = canonical(path);
	rc = load_file(&ld, path, canon);
	if (rc == 0)
		rc = dk_ruleset_check(out, diag);
out:
	free(path);
	free(canon);
	if (rc < 0)
		dk_ruleset_release(out);
	return rc;
}

/*
 * Split an override's list text into items: words separated by blanks or
 * commas, the whole optionally in brackets ("[a, b]", "a b", "[]").
 * Returns the number of items, or -1 when there are more than cap.
 */
static int split_items(item *out, size_t cap, const char *s, size_t len,
		       dk_loc loc)
{
	size_t i = 0, n = 0;

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < len && s[i] == '[' && s[len - 1] == ']') {
		i++;
		len--;
	}
	while (i < len) {
		size_t start;

		if (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
			i++;
			continue;
		}
		start = i;
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ',')
			i++;
		if (n == cap)
			return -1;
		out[n].text = s + start;
		out[n].len = i - start;
		out[n].kind = NULL;
		out[n].quoted = false;
		out[n].loc = loc;
		n++;
	}
	return (int)n;
}

int dk_ruleset_override(dk_ruleset *rs, const char *key, const char *value,
			const char *file, dk_loc loc, dk_diag *diag)
{
	const dk_rule_key *k = key ? dk_ruleset_key_find(key) : NULL;
	size_t len = value ? strlen(value) : 0;
	dk_rule_source *src;
	rvalue v;

	memset(&v, 0, sizeof(v));
	if (!k) {
		const char *s = key ? key : "";
		report_unknown_rule(diag, file, loc, "override of unknown rule",
				    s, strlen(s));
		return -1;
	}
	if (!value || is_null_text(value, len)) {
		report_bad_value(diag, file, loc, k, BAD_NULL, NULL, 0, NULL);
		return -1;
	}
	if (is_list(k)) {
		item items[VALUE_ITEMS];
		int n = split_items(items, VALUE_ITEMS, value, len, loc);

		if (n < 0) {
			dk_diag_error(diag, file, loc,
				      "rule '%s' lists more than %d items; it can have at most %d",
				      k->name, VALUE_ITEMS, max_items(k));
			return -1;
		}
		if (!parse_items(&v, k, items, (size_t)n, false, file, loc, diag))
			return -1;
	} else if (!parse_scalar(&v.scalar, k, value, len)) {
		report_bad_value(diag, file, loc, k, BAD_TEXT, value, len, NULL);
		return -1;
	}
	store_value(&rs->rules, k, &v);
	src = source_of(&rs->rules, k);
	memset(src, 0, sizeof(*src));
	src->file = dk_arena_strdup(&rs->arena, file);
	src->loc = loc;
	src->overridden = true;
	return 0;
}

const char *const *dk_ruleset_default_dirs(void)
{
	/* The module's one piece of state; see the header for its lifetime. */
	static char *copy;
	static const char **dirs;
	const char *env = getenv("DOKOREF_RULES_PATH");
	size_t n = 0, cap = 2;

	/* unchanged: the same list (audit --jobs asks on several threads,
	 * after the first thread asked) */
	if (dirs && strcmp(copy, env ? env : "") == 0)
		return dirs;
	free(copy);
	free(dirs);
	copy = dk_xstrdup(env ? env : "");
	for (const char *p = copy; *p; p++)
		if (*p == ':')
			cap++;
	dirs = dk_xcalloc(cap + 1, sizeof(*dirs));
	for (char *p = copy; *p;) {
		char *colon = strchr(p, ':');
		if (colon)
			*colon = '\0';
		if (*p)
			dirs[n++] = p;
		if (!colon)
			break;
		p = colon + 1;
	}
	dirs[n++] = DOKOREF_RULESETS_DIR;
	dirs[n] = NULL;
	return dirs;
}

const char **dk_ruleset_dirs_new(void)
{
	const char *env = getenv("DOKOREF_RULES_PATH");
	if (!env)
		env = "";
	size_t n = 2, bytes = strlen(env) + 1 + strlen(DOKOREF_RULESETS_DIR) + 1;
	for (const char *p = env; *p; p++)
		if (*p == ':')
			n++;
	const char **dirs = dk_xmalloc((n + 1) * sizeof(*dirs) + bytes);
	char *copy = (char *)(dirs + n + 1);
	size_t k = 0;
	strcpy(copy, env);
	for (char *p = copy; *p;) {
		char *colon = strchr(p, ':');
		if (colon)
			*colon = '\0';
		if (*p)
			dirs[k++] = p;
		if (!colon)
			break;
		p = colon + 1;
	}
	char *inst = copy + strlen(env) + 1;
	strcpy(inst, DOKOREF_RULESETS_DIR);
	dirs[k++] = inst;
	dirs[k] = NULL;
	return dirs;
}

typedef struct found {
	dk_ruleset_entry entry;
	size_t dir;   /* index of the directory: the first one wins */
} found;

static int compare_found(const void *pa, const void *pb)
{
	const found *a = pa, *b = pb;
	int c = strcmp(a->entry.name, b->entry.name);

	if (c)
		return c;
	return a->dir < b->dir ? -1 : a->dir > b->dir;
}

int dk_ruleset_list(dk_ruleset_catalog *out, const char *const *search_dirs,
		    dk_diag *diag)
{
	found *all = NULL;
	size_t n = 0, cap = 0, kept = 0;

	out->items = NULL;
	out->count = 0;
	for (size_t d = 0; search_dirs && search_dirs[d]; d++) {
		DIR *dir = opendir(search_dirs[d]);
		struct dirent *e;

		if (!dir) {
			if (errno != ENOENT && errno != ENOTDIR)
				dk_diag_warning(diag, NULL, no_loc,
						"cannot read rule set directory '%s': %s",
						show_str(search_dirs[d]).s,
						strerror(errno));
			continue;
		}
		while ((e = readdir(dir)) != NULL) {
			size_t len = strlen(e->d_name);
			dk_buf p = { 0 };

			if (!ends_with(e->d_name, len, ".yaml") ||
			    !valid_name(e->d_name, len - 5))
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				all = dk_xrealloc(all, cap * sizeof(*all));
			}
			dk_buf_puts(&p, search_dirs[d]);
			if (p.len && p.data[p.len - 1] != '/')
				dk_buf_puts(&p, "/");
			dk_buf_puts(&p, e->d_name);
			all[n].entry.name = dk_xstrdup(e->d_name);
			all[n].entry.name[len - 5] = '\0';
			all[n].entry.path = p.data;
			all[n].dir = d;
			n++;
		}
		closedir(dir);
	}
	if (n == 0) {
		free(all);
		return 0;
	}
	qsort(all, n, sizeof(*all), compare_found);
	out->items = dk_xcalloc(n, sizeof(*out->items));
	for (size_t i = 0; i < n; i++) {
		if (kept && strcmp(out->items[kept - 1].name, all[i].entry.name) == 0) {
			free(all[i].entry.name);
			free(all[i].entry.path);
			continue;
		}
		out->items[kept++] = all[i].entry;
	}
	out->count = kept;
	free(all);
	return 0;
}

void dk_ruleset_catalog_release(dk_ruleset_catalog *catalog)
{
	for (size_t i = 0; i < catalog->count; i++) {
		free(catalog->items[i].name);
		free(catalog->items[i].path);
	}
	free(catalog->items);
	catalog->items = NULL;
	catalog->count = 0;
}

/* ---- rule sets made by a program (FreeDoko import) ------------------- */

int dk_ruleset_load_text(dk_ruleset *out, const char *text, size_t len,
			 const char *display_name, const char *const *search_dirs,
			 dk_diag *diag)
{
	loader ld = { .rs = out, .dirs = search_dirs, .diag = diag };
	int rc;

	dk_ruleset_init(out);
	if (len > DK_RULESET_MAX_BYTES) {
		dk_diag_error(diag, display_name, no_loc,
			      "rule set text is larger than 1 MiB, the limit for rule sets");
		rc = -1;
	} else {
		rc = load_buffer(&ld, text, len, display_name, display_name);
	}
	if (rc == 0)
		rc = dk_ruleset_check(out, diag);
	if (rc < 0)
		dk_ruleset_release(out);
	return rc;
}

/*
 * test_ruleset.c - the YAML rule set loader and the shipped rule sets.
 *
 * The shipped sets are checked value by value against RULES.md.  Broken
 * files live in tests/ruleset/bad/: each states the diagnostics it must
 * produce, in full and with positions, either in leading "# expect: " lines
 * or, when there are several or the file cannot hold a comment, in a file
 * of the same name ending in ".expected" (one diagnostic per line).  In
 * both, "@SRC@" stands for the source tree.  A diagnostic is written as
 * "<base name of file>:line:col: severity: message" ("file: severity:
 * message" without a position).  All fixtures run inside one test.
 *
 * Needs -DDK_SOURCE_ROOT="<source tree>" to find rulesets/ and tests/.
 */
#define _XOPEN_SOURCE 700  /* mkdtemp, setenv */

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record.h"
#include "ruleset.h"
#include "leakcheck.h"

TestSuite(ruleset, .fini = dk_leak_check);

#ifndef DK_SOURCE_ROOT
#error "DK_SOURCE_ROOT must name the source tree"
#endif

#define RULESETS DK_SOURCE_ROOT "/rulesets"
#define FIXTURES DK_SOURCE_ROOT "/tests/ruleset"

static const char *const shipped_dirs[] = { RULESETS, NULL };

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */

static char *xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static char *xasprintf(const char *fmt, ...)
{
	va_list ap, ap2;
	int n;
	char *s;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	s = dk_xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Every diagnostic, one per line, as the fixtures write them. */
static char *render(const dk_diag *d)
{
	char *out = dk_xstrdup("");

	for (size_t i = 0; i < d->count; i++) {
		const dk_diag_item *it = &d->items[i];
		const char *sev = it->severity == DK_SEV_ERROR ? "error" : "warning";
		char *line, *joined;

		if (!it->file)
			line = xasprintf("%s: %s", sev, it->message);
		else if (it->loc.line == 0)
			line = xasprintf("%s: %s: %s", base_of(it->file), sev,
					 it->message);
		else
			line = xasprintf("%s:%u:%u: %s: %s", base_of(it->file),
					 (unsigned)it->loc.line,
					 (unsigned)it->loc.col, sev, it->message);
		joined = xasprintf("%s%s\n", out, line);
		free(line);
		free(out);
		out = joined;
	}
	return out;
}

/* The whole file, NUL-terminated; NULL if it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = dk_xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void spit(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert(f, "cannot write %s", path);
	cr_assert_eq(fwrite(data, 1, len, f), len);
	fclose(f);
}

/* s with every "@SRC@" replaced by the source tree. */
static char *expand(const char *s)
{
	char *out = dk_xstrdup("");
	const char *at;

	while ((at = strstr(s, "@SRC@")) != NULL) {
		char *next = xasprintf("%s%.*s%s", out, (int)(at - s), s,
				       DK_SOURCE_ROOT);
		free(out);
		out = next;
		s = at + 5;
	}
	char *result = xasprintf("%s%s", out, s);
	free(out);
	return result;
}

/* The expected diagnostics of a fixture, or NULL if it states none. */
static char *expected_of(const char *yaml_path)
{
	size_t n = strlen(yaml_path);
	char *exp_path = xasprintf("%.*s.expected", (int)(n - 5), yaml_path);
	char *text = slurp(exp_path, NULL);
	char *out, *result;

	free(exp_path);
	if (text) {
		result = expand(text);
		free(text);
		return result;
	}
	text = slurp(yaml_path, NULL);
	if (!text)
		return NULL;
	out = dk_xstrdup("");
	for (const char *line = text; strncmp(line, "# expect: ", 10) == 0;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char *next = xasprintf("%s%.*s\n", out, (int)(len - 10), line + 10);
		free(out);
		out = next;
		if (!end)
			break;
		line = end + 1;
	}
	free(text);
	if (!*out) {
		free(out);
		return NULL;
	}
	result = expand(out);
	free(out);
	return result;
}

static const char *str_or_null(const char *s)
{
	return s ? s : "(null)";
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Load, expecting success without any diagnostic. */
static void load_ok(dk_ruleset *rs, const char *name_or_path,
		    const char *const *dirs)
{
	dk_diag d;
	char *text;
	int rc;

	dk_diag_init(&d);
	rc = dk_ruleset_load(rs, name_or_path, dirs, &d);
	text = render(&d);
	cr_assert_eq(rc, 0, "loading %s failed:\n%s", name_or_path, text);
	cr_assert_eq(d.count, 0, "loading %s said:\n%s", name_or_path, text);
	free(text);
	dk_diag_release(&d);
}

/* ------------------------------------------------------------------ */
/* the shipped rule sets                                               */
/* ------------------------------------------------------------------ */

Test(ruleset, ddv)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, "ddv", shipped_dirs);
	cr_expect_str_eq(r->name, "ddv");
	cr_expect_null(r->base);
	cr_expect_not_null(r->title);
	cr_expect_str_eq(r->document, "ddv/TSR-2026-02-21.txt");
	cr_expect_str_eq(r->file, RULESETS "/ddv.yaml");

	cr_expect(r->deck_nines);
	cr_expect_eq(dk_rules_hand_size(r), 12);
	cr_expect_eq(r->heart10_tie, DK_TIE_FIRST_WINS);

	const dk_rule_source *s[] = { &r->deck_nines_src, &r->heart10_tie_src };
	const char *cite[] = { "TSR 2.2.1: ", "TSR 5.3.3: " };
	for (size_t i = 0; i < 2; i++) {
		cr_expect_not_null(s[i]->cite);
		cr_expect(s[i]->cite && strncmp(s[i]->cite, cite[i], 11) == 0,
			  "cite '%s'", str_or_null(s[i]->cite));
		cr_expect_null(s[i]->assumption);
		cr_expect_str_eq(s[i]->file, RULESETS "/ddv.yaml");
		cr_expect_gt(s[i]->loc.line, 1);
		cr_expect_gt(s[i]->loc.col, 1);
		cr_expect_not(s[i]->inherited);
		cr_expect_not(s[i]->overridden);
	}
	cr_expect_str_eq(s[0]->cite, "TSR 2.2.1: \"Das Doppelkopf-Kartenspiel "
		"besteht aus 48 Spielkarten in vier Farben zu je 12 Karten.\"");

	/* Every key is stated by ddv itself and cites the TSR. */
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);
	for (size_t i = 0; i < n; i++) {
		const dk_rule_source *src = dk_ruleset_value_source(r, &k[i]);
		cr_expect(src->cite && strncmp(src->cite, "TSR", 3) == 0,
			  "%s: cite '%s'", k[i].name, str_or_null(src->cite));
		cr_expect_null(src->assumption, "%s", k[i].name);
		cr_expect_not(src->inherited, "%s", k[i].name);
		cr_expect_str_eq(src->file, RULESETS "/ddv.yaml", "%s", k[i].name);
	}

	/* RULES.md §4: the player left of the dealer leads, in a solo too
	 * (the Lustsolo's rule; a record cannot tell a Pflichtsolo). */
	cr_expect_eq(r->lead_normal, DK_LEAD_LEFT_OF_DEALER);
	cr_expect_eq(r->lead_solo, DK_LEAD_LEFT_OF_DEALER);
	cr_expect(strstr(r->lead_solo_src.cite, "4.3.1") != NULL);
	/* TSR 4.2.2: a Pflichtsolo is led by the soloist; 4.2.3, 8.5.1, 4.3.1 */
	cr_expect_eq(r->lead_duty_solo, DK_LEAD_SOLOIST);
	cr_expect(strstr(r->lead_duty_solo_src.cite, "4.2.2") != NULL);
	cr_expect_eq(r->duty_round_games, 24);
	cr_expect(r->duty_forced);
	cr_expect(r->duty_lust_after_duty);
	cr_expect_eq(r->lead_wrong_severity, DK_RULE_SEV_ERROR);
	/* §2: Damen, Buben, four dirty Farbsoli, Fleischlos; §5 */
	cr_expect_eq(r->solo_kinds, (1u << DK_SOLO_QUEENS) | (1u << DK_SOLO_JACKS) |
		     (1u << DK_SOLO_CLUBS) | (1u << DK_SOLO_SPADES) |
		     (1u << DK_SOLO_HEARTS) | (1u << DK_SOLO_DIAMONDS) |
		     (1u << DK_SOLO_FLEISCHLOS));
	cr_expect_eq(r->solo_clash, DK_SOLO_CLASH_SEAT);
	cr_expect_eq(r->solo_priority_count, 0);
	cr_expect_not(r->solo_outbid);
	cr_expect_eq(r->reservation_order_count, 2);
	cr_expect_eq(r->reservation_order[0], DK_RES_SOLO);
	cr_expect_eq(r->reservation_order[1], DK_RES_MARRIAGE);
	cr_expect_eq(r->throw_in_reasons, 0u, "the TSR has no throwing in");
	/* §9 */
	cr_expect_eq(r->swines, DK_SWINES_NONE);
	cr_expect_eq(r->swines_solos, 0u);
	cr_expect_not(r->genscher);
	cr_expect_not(r->wende_genscher);
	/* §6 */
	cr_expect(r->marriage);
	cr_expect_eq(r->marriage_conditions, 1u << DK_MARRIAGE_FIRST_TRICK);
	cr_expect_eq(r->marriage_default_condition, DK_MARRIAGE_FIRST_TRICK);
	cr_expect_eq(r->marriage_deadline_trick, 3);
	cr_expect_eq(r->marriage_alone, DK_ALONE_SOLO);
	cr_expect_eq(r->marriage_self, DK_SELF_SKIPPED);
	cr_expect_not(r->marriage_announce_before_clarified);
	cr_expect_eq(r->marriage_shift, DK_SHIFT_BY_CLARIFYING_TRICK);
	/* §7: the TSR has no poverty */
	cr_expect_not(r->poverty);
	/* §10 */
	cr_expect_eq(r->announce_model, DK_MODEL_OWN_CARDS);
	cr_expect_eq(r->announce_max_played_count, DK_LEVELS);
	for (int i = 0; i < DK_LEVELS; i++)
		cr_expect_eq(r->announce_max_played[i], i + 1);
	cr_expect_eq(r->announce_reply, DK_REPLY_ONE_CARD_LATER);
	cr_expect_eq(r->announce_skip, DK_SKIP_IF_EACH_IN_TIME);
	cr_expect(r->announce_limit_needs_call);
	cr_expect_not(r->announce_chain);
	cr_expect_not(r->announce_soloist_re_needs_opposition);
	cr_expect_eq(r->announce_mandatory_points, 0);
	/* §11-§12: TSR 7.1, 7.2 */
	cr_expect_eq(r->score_model, DK_SCORE_ADDITIVE);
	cr_expect_eq(r->score_call_points, 2);
	cr_expect(r->score_reached_against_limit);
	cr_expect(r->score_lone_kontra);
	cr_expect_eq(r->score_no_winner, DK_NO_WINNER_LEVELS_AND_SPECIALS);
	cr_expect_eq(r->score_against_old, DK_AGAINST_OLD_NORMAL);
	cr_expect(r->score_doppelkopf);
	cr_expect(r->score_fox);
	cr_expect(r->score_karlchen);
	cr_expect_not(r->score_karlchen_caught);
	cr_expect_eq(r->score_solo_specials, 0u);
	cr_expect_eq(r->score_solo_factor, 3);
	cr_expect_eq(r->score_solo_call_points, 0);
	cr_expect_not(r->score_feigheit);
	cr_expect_not(r->score_counter_doubles);
	dk_ruleset_release(&rs);
}

/* RULES.md §1 and §3, and which values rest on a decision. */
static const struct house {
	const char *name;
	bool nines;
	dk_heart10_tie tie;
	const char *nines_assumption;
	const char *tie_assumption;
	const char *nines_quote;   /* a part of the cited sentence */
	const char *tie_quote;
} houses[] = {
	{ "ottendorf-2008", true, DK_TIE_FIRST_WINS, NULL, "D3",
	  "\"Es wird also mit Neunen gespielt.\"", "TSR 5.3.3" },
	{ "wattenscheid-2016", false, DK_TIE_FIRST_WINS, NULL, NULL,
	  "wird ohne Neunen gespielt", "der die Karte zuerst ausgespielt hat." },
	{ "turnier-2022", false, DK_TIE_SECOND_WINS, NULL, NULL,
	  "\"Wir spielen ohne 9en,", "\"♥10 ist der höchste Trumpf, 2. sticht 1.\"" },
	{ "unsere-2024", false, DK_TIE_SECOND_WINS, NULL, NULL,
	  "\"Wir spielen ohne Neunen\"", "außer bei Herz 10, da sticht immer die zweite" },
	{ "esslingen-2002", false, DK_TIE_SECOND_WINS_EXCEPT_LAST, "D1", NULL,
	  "Kartenfolge: As, 10, König, Dame, Bube", "so sticht die 2te die 1te; außer im letzten Stich." },
};

static void expect_assumption(const dk_rule_source *s, const char *want,
			      const char *what)
{
	if (want)
		cr_expect(s->assumption && strcmp(s->assumption, want) == 0,
			  "%s: assumption %s, want %s", what,
			  str_or_null(s->assumption), want);
	else
		cr_expect_null(s->assumption, "%s: assumption %s", what,
			       s->assumption);
}

Test(ruleset, house_sets)
{
	for (size_t i = 0; i < sizeof(houses) / sizeof(houses[0]); i++) {
		const struct house *h = &houses[i];
		char *path = xasprintf("%s/%s.yaml", RULESETS, h->name);
		dk_ruleset rs, by_path;
		const dk_rules *r = &rs.rules;

		load_ok(&rs, h->name, shipped_dirs);
		cr_expect_str_eq(r->name, h->name);
		cr_expect_str_eq(r->base, "ddv", "%s", h->name);
		cr_expect_not_null(r->title, "%s", h->name);
		cr_expect(r->document && strncmp(r->document, "seeds/", 6) == 0,
			  "%s: document %s", h->name, str_or_null(r->document));
		cr_expect_str_eq(r->file, path);
		cr_expect_eq(r->deck_nines, h->nines, "%s: nines", h->name);
		cr_expect_eq(dk_rules_hand_size(r), h->nines ? 12 : 10);
		cr_expect_eq(r->heart10_tie, h->tie, "%s: tie %d", h->name,
			     (int)r->heart10_tie);

		/* The house documents state both values: nothing inherited. */
		cr_expect_not(r->deck_nines_src.inherited, "%s", h->name);
		cr_expect_not(r->heart10_tie_src.inherited, "%s", h->name);
		cr_expect_str_eq(r->deck_nines_src.file, path);
		cr_expect_str_eq(r->heart10_tie_src.file, path);
		expect_assumption(&r->deck_nines_src, h->nines_assumption, h->name);
		expect_assumption(&r->heart10_tie_src, h->tie_assumption, h->name);
		cr_expect(strstr(r->deck_nines_src.cite, h->nines_quote) != NULL,
			  "%s: nines cite '%s'", h->name, r->deck_nines_src.cite);
		cr_expect(strstr(r->heart10_tie_src.cite, h->tie_quote) != NULL,
			  "%s: tie cite '%s'", h->name, r->heart10_tie_src.cite);

		/* By path the same set comes out. */
		load_ok(&by_path, path, shipped_dirs);
		cr_expect_eq(by_path.rules.deck_nines, r->deck_nines);
		cr_expect_eq(by_path.rules.heart10_tie, r->heart10_tie);
		cr_expect_str_eq(by_path.rules.name, h->name);

		dk_ruleset_release(&by_path);
		dk_ruleset_release(&rs);
		free(path);
	}
}

/*
 * Every rule of the house sets beyond the deck and the tie rule, as
 * `rules show` writes its value, and how it was set: "" stated by the set
 * from its text, "inh" inherited from ddv (the text is silent), "Dn"
 * stated on decision Dn of RULES.md.
 */
static const struct shipped_value {
	const char *set, *key, *value, *how;
} shipped_values[] = {
	/* ottendorf-2008: RULES.md §2 (dirty Farbsoli, Fleischlos), §4 (D28),
	 * §5 (Solo > Schmeißen > Armut > Hochzeit), §6, §7 (D7), §9 (D9), §10 */
	{ "ottendorf-2008", "lead.normal", "left-of-dealer", "" },
	{ "ottendorf-2008", "lead.solo", "left-of-dealer", "D28" },
	{ "ottendorf-2008", "lead.wrong_lead_severity", "error", "inh" },
	{ "ottendorf-2008", "solo.kinds", "[queens, jacks, clubs, spades, hearts, diamonds, fleischlos]", "" },
	{ "ottendorf-2008", "solo.clash", "seat", "" },
	{ "ottendorf-2008", "solo.priority", "[]", "inh" },
	{ "ottendorf-2008", "solo.outbid_by_announcements", "false", "inh" },
	{ "ottendorf-2008", "reservations.order", "[solo, throw-in, poverty, marriage]", "" },
	{ "ottendorf-2008", "throw_in.reasons", "[five-kings, five-nines]", "" },
	{ "ottendorf-2008", "throw_in.min_nines", "5", "" },
	{ "ottendorf-2008", "throw_in.min_kings", "5", "" },
	{ "ottendorf-2008", "throw_in.min_nines_and_kings", "7", "inh" },
	{ "ottendorf-2008", "throw_in.min_richness", "70", "inh" },
	{ "ottendorf-2008", "solo.after_poverty", "never", "" },
	{ "ottendorf-2008", "poverty.foxes_not_counted", "false", "" },
	{ "ottendorf-2008", "poverty.foxes_passed_extra", "false", "" },
	{ "ottendorf-2008", "poverty.exchange", "true", "" },
	{ "ottendorf-2008", "poverty.throw_in_max_trumps", "-1", "" },
	{ "ottendorf-2008", "duty_soli.per_player", "0", "" },
	{ "ottendorf-2008", "duty_soli.colour_per_player", "0", "" },
	{ "ottendorf-2008", "duty_soli.picture_per_player", "0", "" },
	{ "ottendorf-2008", "swines.kind", "declared", "" },
	{ "ottendorf-2008", "swines.solos", "[clubs, spades, hearts, diamonds]", "D9" },
	{ "ottendorf-2008", "genscher.enabled", "false", "inh" },
	{ "ottendorf-2008", "wende_genscher.enabled", "false", "inh" },
	{ "ottendorf-2008", "wende_genscher.card", "diamond-jack", "inh" },
	{ "ottendorf-2008", "wende_genscher.parties", "caller-keeps-party", "inh" },
	{ "ottendorf-2008", "wende_genscher.announcements", "kept", "inh" },
	{ "ottendorf-2008", "wende_genscher.bride_alone", "true", "inh" },
	{ "ottendorf-2008", "marriage.enabled", "true", "" },
	{ "ottendorf-2008", "marriage.conditions", "[first-trick]", "" },
	{ "ottendorf-2008", "marriage.default_condition", "first-trick", "" },
	{ "ottendorf-2008", "marriage.deadline_trick", "3", "" },
	{ "ottendorf-2008", "marriage.alone", "solo", "" },
	{ "ottendorf-2008", "marriage.bride_meets_condition", "skipped", "" },
	{ "ottendorf-2008", "marriage.announce_before_clarified", "false", "" },
	{ "ottendorf-2008", "marriage.deadline_shift", "by-clarifying-trick", "" },
	{ "ottendorf-2008", "poverty.enabled", "true", "" },
	{ "ottendorf-2008", "poverty.max_trumps", "3", "" },
	{ "ottendorf-2008", "poverty.fox_extra", "false", "" },
	{ "ottendorf-2008", "poverty.pass", "trumps-only", "" },
	{ "ottendorf-2008", "poverty.pass_count", "3", "inh" },
	{ "ottendorf-2008", "poverty.pair_party", "re", "D7" },
	{ "ottendorf-2008", "poverty.return_fehl_first", "false", "" },
	{ "ottendorf-2008", "poverty.report", "count", "" },
	{ "ottendorf-2008", "poverty.refused", "redeal", "" },
	{ "ottendorf-2008", "poverty.with_marriage", "by-priority", "" },
	{ "ottendorf-2008", "poverty.double", "first-asked", "" },
	{ "ottendorf-2008", "announce.model", "own-cards", "" },
	{ "ottendorf-2008", "announce.max_played", "[1, 2, 3, 4, 5]", "" },
	{ "ottendorf-2008", "announce.reply", "one-card-later", "" },
	{ "ottendorf-2008", "announce.strict_limit", "false", "" },
	{ "ottendorf-2008", "announce.skip", "forbidden", "" },
	{ "ottendorf-2008", "announce.limit_needs_re_kontra", "true", "" },
	{ "ottendorf-2008", "announce.trick_by_trick", "false", "inh" },
	{ "ottendorf-2008", "announce.soloist_re_needs_opposition", "false", "inh" },
	{ "ottendorf-2008", "announce.per_player", "false", "inh" },
	{ "ottendorf-2008", "announce.forced_solo_kontra_only_as_reply", "false", "inh" },
	{ "ottendorf-2008", "announce.mandatory_first_trick_points", "0", "inh" },
	{ "ottendorf-2008", "announce.mandatory_games", "all-games", "inh" },
	{ "ottendorf-2008", "announce.mandatory_only_if_none_said", "false", "inh" },
	{ "ottendorf-2008", "announce.mandatory_raise", "true", "inh" },

	/* wattenscheid-2016: §4 (D5: right of the dealer, a warning), §2 (D2),
	 * §5 (three rounds), §6, §7 (the Contra party), §9 (Genscher), §10
	 * (the left neighbour holds 9 of 10 cards) */
	{ "wattenscheid-2016", "lead.normal", "right-of-dealer", "D5" },
	{ "wattenscheid-2016", "lead.solo", "soloist", "" },
	{ "wattenscheid-2016", "lead.wrong_lead_severity", "warning", "D5" },
	{ "wattenscheid-2016", "solo.kinds", "[queens, jacks, clubs, spades, hearts, diamonds]", "D2" },
	{ "wattenscheid-2016", "solo.clash", "type", "" },
	{ "wattenscheid-2016", "solo.priority", "[queens, jacks, clubs, spades, diamonds, hearts]", "D2" },
	{ "wattenscheid-2016", "solo.outbid_by_announcements", "false", "inh" },
	{ "wattenscheid-2016", "reservations.order", "[solo, poverty, marriage]", "" },
	{ "wattenscheid-2016", "throw_in.reasons", "[]", "inh" },
	{ "wattenscheid-2016", "throw_in.min_nines", "5", "inh" },
	{ "wattenscheid-2016", "throw_in.min_kings", "5", "inh" },
	{ "wattenscheid-2016", "throw_in.min_nines_and_kings", "7", "inh" },
	{ "wattenscheid-2016", "throw_in.min_richness", "70", "inh" },
	{ "wattenscheid-2016", "solo.after_poverty", "never", "" },
	{ "wattenscheid-2016", "poverty.foxes_not_counted", "false", "" },
	{ "wattenscheid-2016", "poverty.foxes_passed_extra", "false", "" },
	{ "wattenscheid-2016", "poverty.exchange", "true", "" },
	{ "wattenscheid-2016", "poverty.throw_in_max_trumps", "-1", "" },
	{ "wattenscheid-2016", "duty_soli.per_player", "0", "" },
	{ "wattenscheid-2016", "duty_soli.colour_per_player", "0", "" },
	{ "wattenscheid-2016", "duty_soli.picture_per_player", "0", "" },
	{ "wattenscheid-2016", "swines.kind", "none", "" },
	{ "wattenscheid-2016", "swines.solos", "[]", "inh" },
	{ "wattenscheid-2016", "genscher.enabled", "true", "" },
	{ "wattenscheid-2016", "wende_genscher.enabled", "false", "inh" },
	{ "wattenscheid-2016", "wende_genscher.card", "diamond-jack", "inh" },
	{ "wattenscheid-2016", "wende_genscher.parties", "caller-keeps-party", "inh" },
	{ "wattenscheid-2016", "wende_genscher.announcements", "kept", "inh" },
	{ "wattenscheid-2016", "wende_genscher.bride_alone", "true", "inh" },
	{ "wattenscheid-2016", "marriage.enabled", "true", "" },
	{ "wattenscheid-2016", "marriage.conditions", "[first-trick, first-fehl-trick]", "" },
	{ "wattenscheid-2016", "marriage.default_condition", "first-trick", "inh" },
	{ "wattenscheid-2016", "marriage.deadline_trick", "3", "" },
	{ "wattenscheid-2016", "marriage.alone", "silent", "" },
	{ "wattenscheid-2016", "marriage.bride_meets_condition", "skipped", "" },
	{ "wattenscheid-2016", "marriage.announce_before_clarified", "false", "" },
	{ "wattenscheid-2016", "marriage.deadline_shift", "by-clarifying-trick", "inh" },
	{ "wattenscheid-2016", "poverty.enabled", "true", "" },
	{ "wattenscheid-2016", "poverty.max_trumps", "3", "" },
	{ "wattenscheid-2016", "poverty.fox_extra", "false", "" },
	{ "wattenscheid-2016", "poverty.pass", "trumps-filled", "" },
	{ "wattenscheid-2016", "poverty.pass_count", "3", "" },
	{ "wattenscheid-2016", "poverty.pair_party", "kontra", "" },
	{ "wattenscheid-2016", "poverty.return_fehl_first", "false", "" },
	{ "wattenscheid-2016", "poverty.report", "on-request", "" },
	{ "wattenscheid-2016", "poverty.refused", "redeal", "" },
	{ "wattenscheid-2016", "poverty.with_marriage", "by-priority", "" },
	{ "wattenscheid-2016", "poverty.double", "redeal", "" },
	{ "wattenscheid-2016", "announce.model", "left-neighbour-cards", "" },
	{ "wattenscheid-2016", "announce.max_played", "[1, 1, 1, 1, 1]", "" },
	{ "wattenscheid-2016", "announce.reply", "none", "" },
	{ "wattenscheid-2016", "announce.strict_limit", "false", "inh" },
	{ "wattenscheid-2016", "announce.skip", "if-each-in-time", "inh" },
	{ "wattenscheid-2016", "announce.limit_needs_re_kontra", "true", "" },
	{ "wattenscheid-2016", "announce.trick_by_trick", "false", "inh" },
	{ "wattenscheid-2016", "announce.soloist_re_needs_opposition", "false", "inh" },
	{ "wattenscheid-2016", "announce.per_player", "false", "inh" },
	{ "wattenscheid-2016", "announce.forced_solo_kontra_only_as_reply", "false", "inh" },
	{ "wattenscheid-2016", "announce.mandatory_first_trick_points", "0", "inh" },
	{ "wattenscheid-2016", "announce.mandatory_games", "all-games", "inh" },
	{ "wattenscheid-2016", "announce.mandatory_only_if_none_said", "false", "inh" },
	{ "wattenscheid-2016", "announce.mandatory_raise", "true", "inh" },

	/* turnier-2022: §4 (left of the dealer, solos too), §5 (Trumpf > Damen >
	 * Buben, outbidding), §6 (catch-up), §7 (Trumpfabgabe), §10 (D21, Stich
	 * für Stich) */
	{ "turnier-2022", "lead.normal", "left-of-dealer", "" },
	{ "turnier-2022", "lead.solo", "left-of-dealer", "" },
	{ "turnier-2022", "lead.wrong_lead_severity", "error", "inh" },
	{ "turnier-2022", "solo.kinds", "[queens, jacks, trumps]", "" },
	{ "turnier-2022", "solo.clash", "type", "" },
	{ "turnier-2022", "solo.priority", "[trumps, queens, jacks]", "" },
	{ "turnier-2022", "solo.outbid_by_announcements", "true", "" },
	{ "turnier-2022", "reservations.order", "[solo, poverty, marriage]", "" },
	{ "turnier-2022", "throw_in.reasons", "[]", "" },
	{ "turnier-2022", "throw_in.min_nines", "5", "inh" },
	{ "turnier-2022", "throw_in.min_kings", "5", "inh" },
	{ "turnier-2022", "throw_in.min_nines_and_kings", "7", "inh" },
	{ "turnier-2022", "throw_in.min_richness", "70", "inh" },
	{ "turnier-2022", "solo.after_poverty", "any-time", "" },
	{ "turnier-2022", "poverty.foxes_not_counted", "false", "" },
	{ "turnier-2022", "poverty.foxes_passed_extra", "false", "" },
	{ "turnier-2022", "poverty.exchange", "true", "" },
	{ "turnier-2022", "poverty.throw_in_max_trumps", "-1", "" },
	{ "turnier-2022", "duty_soli.per_player", "0", "" },
	{ "turnier-2022", "duty_soli.colour_per_player", "0", "" },
	{ "turnier-2022", "duty_soli.picture_per_player", "0", "" },
	{ "turnier-2022", "swines.kind", "none", "" },
	{ "turnier-2022", "swines.solos", "[]", "inh" },
	{ "turnier-2022", "genscher.enabled", "false", "inh" },
	{ "turnier-2022", "wende_genscher.enabled", "false", "inh" },
	{ "turnier-2022", "wende_genscher.card", "diamond-jack", "inh" },
	{ "turnier-2022", "wende_genscher.parties", "caller-keeps-party", "inh" },
	{ "turnier-2022", "wende_genscher.announcements", "kept", "inh" },
	{ "turnier-2022", "wende_genscher.bride_alone", "true", "inh" },
	{ "turnier-2022", "marriage.enabled", "true", "" },
	{ "turnier-2022", "marriage.conditions", "[first-fehl-trick]", "" },
	{ "turnier-2022", "marriage.default_condition", "first-fehl-trick", "" },
	{ "turnier-2022", "marriage.deadline_trick", "3", "" },
	{ "turnier-2022", "marriage.alone", "solo", "" },
	{ "turnier-2022", "marriage.bride_meets_condition", "skipped", "" },
	{ "turnier-2022", "marriage.announce_before_clarified", "false", "" },
	{ "turnier-2022", "marriage.deadline_shift", "catch-up", "" },
	{ "turnier-2022", "poverty.enabled", "true", "" },
	{ "turnier-2022", "poverty.max_trumps", "3", "" },
	{ "turnier-2022", "poverty.fox_extra", "false", "" },
	{ "turnier-2022", "poverty.pass", "trumps-only", "" },
	{ "turnier-2022", "poverty.pass_count", "3", "inh" },
	{ "turnier-2022", "poverty.pair_party", "re", "" },
	{ "turnier-2022", "poverty.return_fehl_first", "true", "" },
	{ "turnier-2022", "poverty.report", "count", "" },
	{ "turnier-2022", "poverty.refused", "redeal", "" },
	{ "turnier-2022", "poverty.with_marriage", "by-priority", "" },
	{ "turnier-2022", "poverty.double", "redeal", "" },
	{ "turnier-2022", "announce.model", "game-cards", "D21" },
	{ "turnier-2022", "announce.max_played", "[5, 9, 13, 17, 21]", "D21" },
	{ "turnier-2022", "announce.reply", "none", "" },
	{ "turnier-2022", "announce.strict_limit", "false", "" },
	{ "turnier-2022", "announce.skip", "if-each-in-time", "inh" },
	{ "turnier-2022", "announce.limit_needs_re_kontra", "true", "" },
	{ "turnier-2022", "announce.trick_by_trick", "true", "" },
	{ "turnier-2022", "announce.soloist_re_needs_opposition", "false", "inh" },
	{ "turnier-2022", "announce.per_player", "false", "inh" },
	{ "turnier-2022", "announce.forced_solo_kontra_only_as_reply", "false", "inh" },
	{ "turnier-2022", "announce.mandatory_first_trick_points", "0", "" },
	{ "turnier-2022", "announce.mandatory_games", "all-games", "inh" },
	{ "turnier-2022", "announce.mandatory_only_if_none_said", "false", "inh" },
	{ "turnier-2022", "announce.mandatory_raise", "true", "inh" },

	/* unsere-2024: §2 (reine Farbsoli, Köhler), §5, §6 (D27), §7 (D23, Fuchs
	 * case, Ramsch), §10 (D21, immediate reply, keine 90 without Re, the
	 * soloist's Re) */
	{ "unsere-2024", "lead.normal", "left-of-dealer", "inh" },
	{ "unsere-2024", "lead.solo", "soloist", "" },
	{ "unsere-2024", "lead.wrong_lead_severity", "error", "inh" },
	{ "unsere-2024", "solo.kinds", "[queens, jacks, pure-clubs, pure-spades, pure-hearts, pure-diamonds, fleischlos, koehler]", "" },
	{ "unsere-2024", "solo.clash", "seat", "" },
	{ "unsere-2024", "solo.priority", "[]", "inh" },
	{ "unsere-2024", "solo.outbid_by_announcements", "false", "inh" },
	{ "unsere-2024", "reservations.order", "[solo, throw-in, poverty, marriage]", "" },
	{ "unsere-2024", "throw_in.reasons", "[few-trumps]", "" },
	{ "unsere-2024", "throw_in.min_nines", "5", "inh" },
	{ "unsere-2024", "throw_in.min_kings", "5", "inh" },
	{ "unsere-2024", "throw_in.min_nines_and_kings", "7", "inh" },
	{ "unsere-2024", "throw_in.min_richness", "70", "inh" },
	{ "unsere-2024", "solo.after_poverty", "until-refused", "" },
	{ "unsere-2024", "poverty.foxes_not_counted", "false", "" },
	{ "unsere-2024", "poverty.foxes_passed_extra", "false", "" },
	{ "unsere-2024", "poverty.exchange", "true", "" },
	{ "unsere-2024", "poverty.throw_in_max_trumps", "-1", "" },
	{ "unsere-2024", "duty_soli.per_player", "0", "" },
	{ "unsere-2024", "duty_soli.colour_per_player", "0", "" },
	{ "unsere-2024", "duty_soli.picture_per_player", "0", "" },
	{ "unsere-2024", "swines.kind", "declared", "" },
	{ "unsere-2024", "swines.solos", "[]", "inh" },
	{ "unsere-2024", "genscher.enabled", "false", "inh" },
	{ "unsere-2024", "wende_genscher.enabled", "false", "inh" },
	{ "unsere-2024", "wende_genscher.card", "diamond-jack", "inh" },
	{ "unsere-2024", "wende_genscher.parties", "caller-keeps-party", "inh" },
	{ "unsere-2024", "wende_genscher.announcements", "kept", "inh" },
	{ "unsere-2024", "wende_genscher.bride_alone", "true", "inh" },
	{ "unsere-2024", "marriage.enabled", "true", "" },
	{ "unsere-2024", "marriage.conditions", "[first-fehl-trick, first-trump-trick]", "" },
	{ "unsere-2024", "marriage.default_condition", "first-fehl-trick", "" },
	{ "unsere-2024", "marriage.deadline_trick", "3", "" },
	{ "unsere-2024", "marriage.alone", "zwangssolo", "" },
	{ "unsere-2024", "marriage.bride_meets_condition", "alone", "D27" },
	{ "unsere-2024", "marriage.announce_before_clarified", "true", "" },
	{ "unsere-2024", "marriage.deadline_shift", "none", "" },
	{ "unsere-2024", "poverty.enabled", "true", "" },
	{ "unsere-2024", "poverty.max_trumps", "3", "" },
	{ "unsere-2024", "poverty.fox_extra", "true", "" },
	{ "unsere-2024", "poverty.pass", "trumps-filled", "" },
	{ "unsere-2024", "poverty.pass_count", "3", "" },
	{ "unsere-2024", "poverty.pair_party", "re", "D23" },
	{ "unsere-2024", "poverty.return_fehl_first", "false", "" },
	{ "unsere-2024", "poverty.report", "whether", "" },
	{ "unsere-2024", "poverty.refused", "ramsch", "" },
	{ "unsere-2024", "poverty.with_marriage", "poverty-only", "" },
	{ "unsere-2024", "poverty.double", "redeal-unless-solo", "" },
	{ "unsere-2024", "announce.model", "game-cards", "D21" },
	{ "unsere-2024", "announce.max_played", "[5, 9, 13, 17, 21]", "D21" },
	{ "unsere-2024", "announce.reply", "immediate", "" },
	{ "unsere-2024", "announce.strict_limit", "false", "" },
	{ "unsere-2024", "announce.skip", "if-each-in-time", "" },
	{ "unsere-2024", "announce.limit_needs_re_kontra", "false", "" },
	{ "unsere-2024", "announce.trick_by_trick", "false", "inh" },
	{ "unsere-2024", "announce.soloist_re_needs_opposition", "true", "" },
	{ "unsere-2024", "announce.per_player", "false", "inh" },
	{ "unsere-2024", "announce.forced_solo_kontra_only_as_reply", "true", "" },
	{ "unsere-2024", "announce.mandatory_first_trick_points", "0", "inh" },
	{ "unsere-2024", "announce.mandatory_games", "all-games", "inh" },
	{ "unsere-2024", "announce.mandatory_only_if_none_said", "false", "inh" },
	{ "unsere-2024", "announce.mandatory_raise", "true", "inh" },

	/* esslingen-2002: §2, §5 (5 Könige; Armut and Hochzeit together), §6
	 * (D6), §7, §9 (automatic swines, Wende-Genscher), §10 (own cards,
	 * mandatory announcement: D10) */
	{ "esslingen-2002", "lead.normal", "left-of-dealer", "inh" },
	{ "esslingen-2002", "lead.solo", "soloist", "" },
	{ "esslingen-2002", "lead.wrong_lead_severity", "error", "inh" },
	{ "esslingen-2002", "solo.kinds", "[queens, jacks, trumps, fleischlos]", "" },
	{ "esslingen-2002", "solo.clash", "type", "" },
	{ "esslingen-2002", "solo.priority", "[trumps, queens, jacks, fleischlos]", "" },
	{ "esslingen-2002", "solo.outbid_by_announcements", "true", "" },
	{ "esslingen-2002", "reservations.order", "[solo, throw-in, poverty, marriage]", "" },
	{ "esslingen-2002", "throw_in.reasons", "[five-kings]", "" },
	{ "esslingen-2002", "throw_in.min_nines", "5", "inh" },
	{ "esslingen-2002", "throw_in.min_kings", "5", "" },
	{ "esslingen-2002", "throw_in.min_nines_and_kings", "7", "inh" },
	{ "esslingen-2002", "throw_in.min_richness", "70", "inh" },
	{ "esslingen-2002", "solo.after_poverty", "any-time", "" },
	{ "esslingen-2002", "poverty.foxes_not_counted", "false", "" },
	{ "esslingen-2002", "poverty.foxes_passed_extra", "false", "" },
	{ "esslingen-2002", "poverty.exchange", "true", "" },
	{ "esslingen-2002", "poverty.throw_in_max_trumps", "-1", "" },
	{ "esslingen-2002", "duty_soli.per_player", "0", "" },
	{ "esslingen-2002", "duty_soli.colour_per_player", "0", "" },
	{ "esslingen-2002", "duty_soli.picture_per_player", "0", "" },
	{ "esslingen-2002", "swines.kind", "automatic", "" },
	{ "esslingen-2002", "swines.solos", "[trumps]", "" },
	{ "esslingen-2002", "genscher.enabled", "false", "inh" },
	{ "esslingen-2002", "wende_genscher.enabled", "true", "" },
	{ "esslingen-2002", "wende_genscher.card", "diamond-jack", "" },
	{ "esslingen-2002", "wende_genscher.parties", "caller-keeps-party", "" },
	{ "esslingen-2002", "wende_genscher.announcements", "kept", "D24" },
	{ "esslingen-2002", "wende_genscher.bride_alone", "true", "" },
	{ "esslingen-2002", "marriage.enabled", "true", "" },
	{ "esslingen-2002", "marriage.conditions", "[first-trick]", "D6" },
	{ "esslingen-2002", "marriage.default_condition", "first-trick", "D6" },
	{ "esslingen-2002", "marriage.deadline_trick", "3", "" },
	{ "esslingen-2002", "marriage.alone", "solo", "" },
	{ "esslingen-2002", "marriage.bride_meets_condition", "skipped", "D6" },
	{ "esslingen-2002", "marriage.announce_before_clarified", "true", "" },
	{ "esslingen-2002", "marriage.deadline_shift", "none", "" },
	{ "esslingen-2002", "poverty.enabled", "true", "" },
	{ "esslingen-2002", "poverty.max_trumps", "3", "" },
	{ "esslingen-2002", "poverty.fox_extra", "false", "" },
	{ "esslingen-2002", "poverty.pass", "trumps-filled", "" },
	{ "esslingen-2002", "poverty.pass_count", "3", "" },
	{ "esslingen-2002", "poverty.pair_party", "re", "" },
	{ "esslingen-2002", "poverty.return_fehl_first", "false", "" },
	{ "esslingen-2002", "poverty.report", "none", "" },
	{ "esslingen-2002", "poverty.refused", "redeal", "" },
	{ "esslingen-2002", "poverty.with_marriage", "play-together", "" },
	{ "esslingen-2002", "poverty.double", "redeal-unless-solo", "" },
	{ "esslingen-2002", "announce.model", "own-cards", "" },
	{ "esslingen-2002", "announce.max_played", "[1, 2, 3, 4, 5]", "" },
	{ "esslingen-2002", "announce.reply", "none", "" },
	{ "esslingen-2002", "announce.strict_limit", "false", "inh" },
	{ "esslingen-2002", "announce.skip", "if-each-in-time", "inh" },
	{ "esslingen-2002", "announce.limit_needs_re_kontra", "true", "" },
	{ "esslingen-2002", "announce.trick_by_trick", "false", "inh" },
	{ "esslingen-2002", "announce.soloist_re_needs_opposition", "false", "inh" },
	{ "esslingen-2002", "announce.per_player", "false", "inh" },
	{ "esslingen-2002", "announce.forced_solo_kontra_only_as_reply", "false", "inh" },
	{ "esslingen-2002", "announce.mandatory_first_trick_points", "30", "D10" },
	{ "esslingen-2002", "announce.mandatory_games", "all-games", "" },
	{ "esslingen-2002", "announce.mandatory_only_if_none_said", "false", "" },
	{ "esslingen-2002", "announce.mandatory_raise", "true", "D10" },
	/* the two keys the engine added: following suit, the few-trumps limit */
	{ "ottendorf-2008", "play.follow_suit", "true", "" },
	{ "ottendorf-2008", "throw_in.few_trumps_max", "1", "inh" },
	{ "wattenscheid-2016", "play.follow_suit", "true", "" },
	{ "wattenscheid-2016", "throw_in.few_trumps_max", "1", "inh" },
	{ "turnier-2022", "play.follow_suit", "true", "" },
	{ "turnier-2022", "throw_in.few_trumps_max", "1", "inh" },
	{ "unsere-2024", "play.follow_suit", "true", "inh" },
	{ "unsere-2024", "throw_in.few_trumps_max", "1", "" },
	{ "esslingen-2002", "play.follow_suit", "true", "" },
	{ "esslingen-2002", "throw_in.few_trumps_max", "1", "inh" },
	/* the card order keys of issue 14: the ♥10 as a trump and its tie with
	 * swines, swines in a poverty and "only second", hyperswines */
	{ "ottendorf-2008", "ties.heart10_first_with_swines", "false", "inh" },
	{ "ottendorf-2008", "trumps.heart10", "true", "" },
	{ "ottendorf-2008", "swines.in_poverty", "counts", "inh" },
	{ "ottendorf-2008", "swines.in_silent_marriage", "false", "D9" },
	{ "ottendorf-2008", "swines.only_second", "false", "inh" },
	{ "ottendorf-2008", "hyperswines.kind", "none", "" },
	{ "ottendorf-2008", "hyperswines.solos", "[]", "inh" },
	{ "ottendorf-2008", "hyperswines.in_poverty", "false", "inh" },
	{ "ottendorf-2008", "hyperswines.with_swines", "false", "inh" },
	{ "wattenscheid-2016", "ties.heart10_first_with_swines", "false", "inh" },
	{ "wattenscheid-2016", "trumps.heart10", "true", "" },
	{ "wattenscheid-2016", "swines.in_poverty", "counts", "inh" },
	{ "wattenscheid-2016", "swines.in_silent_marriage", "false", "inh" },
	{ "wattenscheid-2016", "swines.only_second", "false", "inh" },
	{ "wattenscheid-2016", "hyperswines.kind", "none", "inh" },
	{ "wattenscheid-2016", "hyperswines.solos", "[]", "inh" },
	{ "wattenscheid-2016", "hyperswines.in_poverty", "false", "inh" },
	{ "wattenscheid-2016", "hyperswines.with_swines", "false", "inh" },
	{ "turnier-2022", "ties.heart10_first_with_swines", "false", "inh" },
	{ "turnier-2022", "trumps.heart10", "true", "" },
	{ "turnier-2022", "swines.in_poverty", "counts", "inh" },
	{ "turnier-2022", "swines.in_silent_marriage", "false", "inh" },
	{ "turnier-2022", "swines.only_second", "false", "inh" },
	{ "turnier-2022", "hyperswines.kind", "none", "inh" },
	{ "turnier-2022", "hyperswines.solos", "[]", "inh" },
	{ "turnier-2022", "hyperswines.in_poverty", "false", "inh" },
	{ "turnier-2022", "hyperswines.with_swines", "false", "inh" },
	{ "unsere-2024", "ties.heart10_first_with_swines", "false", "" },
	{ "unsere-2024", "trumps.heart10", "true", "" },
	{ "unsere-2024", "swines.in_poverty", "counts", "inh" },
	{ "unsere-2024", "swines.in_silent_marriage", "true", "" },
	{ "unsere-2024", "swines.only_second", "false", "inh" },
	{ "unsere-2024", "hyperswines.kind", "none", "" },
	{ "unsere-2024", "hyperswines.solos", "[]", "inh" },
	{ "unsere-2024", "hyperswines.in_poverty", "false", "inh" },
	{ "unsere-2024", "hyperswines.with_swines", "false", "inh" },
	{ "esslingen-2002", "ties.heart10_first_with_swines", "false", "" },
	{ "esslingen-2002", "trumps.heart10", "true", "" },
	{ "esslingen-2002", "swines.in_poverty", "re-only-if-shown", "" },
	{ "esslingen-2002", "swines.in_silent_marriage", "false", "" },
	{ "esslingen-2002", "swines.only_second", "false", "inh" },
	{ "esslingen-2002", "hyperswines.kind", "none", "" },
	{ "esslingen-2002", "hyperswines.solos", "[]", "inh" },
	{ "esslingen-2002", "hyperswines.in_poverty", "false", "inh" },
	{ "esslingen-2002", "hyperswines.with_swines", "false", "inh" },
	/* the silent marriage's solo, and the poverty report after every exchange */
	{ "ottendorf-2008", "marriage.silent_solo", "diamonds", "" },
	{ "ottendorf-2008", "poverty.report_always", "false", "" },
	{ "wattenscheid-2016", "marriage.silent_solo", "diamonds", "inh" },
	{ "wattenscheid-2016", "poverty.report_always", "false", "inh" },
	{ "turnier-2022", "marriage.silent_solo", "trumps", "" },
	{ "turnier-2022", "poverty.report_always", "true", "" },
	{ "unsere-2024", "marriage.silent_solo", "trumps", "" },
	{ "unsere-2024", "poverty.report_always", "false", "inh" },
	{ "esslingen-2002", "marriage.silent_solo", "trumps", "" },
	{ "esslingen-2002", "poverty.report_always", "false", "inh" },	/* scoring, RULES.md §11-§12: ottendorf as its §6 lists it; wattenscheid
	 * ddv's (D13); turnier and unsere doubling (D11), unsere's solo D18;
	 * esslingen additive with 1 point per announcement, D12, D22, D25, D26 */
	{ "ottendorf-2008", "score.model", "additive", "" },
	{ "ottendorf-2008", "score.call_points", "2", "" },
	{ "ottendorf-2008", "score.reached_against_limit", "true", "" },
	{ "ottendorf-2008", "score.lone_kontra", "true", "" },
	{ "ottendorf-2008", "score.no_winner", "specials-only", "" },
	{ "ottendorf-2008", "score.against_old", "normal-games", "" },
	{ "ottendorf-2008", "score.doppelkopf", "true", "" },
	{ "ottendorf-2008", "score.fox", "true", "" },
	{ "ottendorf-2008", "score.karlchen", "true", "" },
	{ "ottendorf-2008", "score.karlchen_caught", "false", "" },
	{ "ottendorf-2008", "score.solo_specials", "[]", "" },
	{ "ottendorf-2008", "score.solo_factor", "3", "" },
	{ "ottendorf-2008", "score.solo_call_points", "0", "" },
	{ "ottendorf-2008", "score.feigheit", "false", "" },
	{ "ottendorf-2008", "score.counter_announcement_doubles", "false", "inh" },
	{ "ottendorf-2008", "score.against_old_doubled", "false", "inh" },
	{ "ottendorf-2008", "score.fox_caught_last_trick", "false", "" },
	{ "ottendorf-2008", "score.fox_last_trick", "false", "" },
	{ "ottendorf-2008", "score.fox_last_trick_both", "false", "" },
	{ "ottendorf-2008", "score.heart10_caught", "false", "" },
	{ "ottendorf-2008", "score.heart_trick", "false", "" },
	{ "ottendorf-2008", "score.karlchen_both", "false", "" },
	{ "ottendorf-2008", "score.karlchen_caught_both", "true", "inh" },
	{ "ottendorf-2008", "score.karlchen_caught_by_diamond_queen", "false", "inh" },
	{ "wattenscheid-2016", "score.model", "additive", "D13" },
	{ "wattenscheid-2016", "score.call_points", "2", "D13" },
	{ "wattenscheid-2016", "score.reached_against_limit", "true", "D13" },
	{ "wattenscheid-2016", "score.lone_kontra", "true", "D13" },
	{ "wattenscheid-2016", "score.no_winner", "levels-and-specials", "D13" },
	{ "wattenscheid-2016", "score.against_old", "normal-games", "D13" },
	{ "wattenscheid-2016", "score.doppelkopf", "true", "D13" },
	{ "wattenscheid-2016", "score.fox", "true", "D13" },
	{ "wattenscheid-2016", "score.karlchen", "true", "D13" },
	{ "wattenscheid-2016", "score.karlchen_caught", "false", "D13" },
	{ "wattenscheid-2016", "score.solo_specials", "[]", "D13" },
	{ "wattenscheid-2016", "score.solo_factor", "3", "D13" },
	{ "wattenscheid-2016", "score.solo_call_points", "0", "D13" },
	{ "wattenscheid-2016", "score.feigheit", "false", "D13" },
	{ "wattenscheid-2016", "score.counter_announcement_doubles", "false", "D13" },
	{ "wattenscheid-2016", "score.against_old_doubled", "false", "inh" },
	{ "wattenscheid-2016", "score.fox_caught_last_trick", "false", "D13" },
	{ "wattenscheid-2016", "score.fox_last_trick", "false", "D13" },
	{ "wattenscheid-2016", "score.fox_last_trick_both", "false", "D13" },
	{ "wattenscheid-2016", "score.heart10_caught", "false", "D13" },
	{ "wattenscheid-2016", "score.heart_trick", "false", "D13" },
	{ "wattenscheid-2016", "score.karlchen_both", "false", "D13" },
	{ "wattenscheid-2016", "score.karlchen_caught_both", "true", "D13" },
	{ "wattenscheid-2016", "score.karlchen_caught_by_diamond_queen", "false", "D13" },
	{ "turnier-2022", "score.model", "doubling", "D11" },
	{ "turnier-2022", "score.call_points", "0", "" },
	{ "turnier-2022", "score.reached_against_limit", "false", "" },
	{ "turnier-2022", "score.lone_kontra", "false", "" },
	{ "turnier-2022", "score.no_winner", "levels-and-specials", "inh" },
	{ "turnier-2022", "score.against_old", "all-games", "" },
	{ "turnier-2022", "score.doppelkopf", "true", "" },
	{ "turnier-2022", "score.fox", "true", "" },
	{ "turnier-2022", "score.karlchen", "true", "" },
	{ "turnier-2022", "score.karlchen_caught", "true", "" },
	{ "turnier-2022", "score.solo_specials", "[]", "" },
	{ "turnier-2022", "score.solo_factor", "3", "" },
	{ "turnier-2022", "score.solo_call_points", "1", "" },
	{ "turnier-2022", "score.feigheit", "false", "" },
	{ "turnier-2022", "score.counter_announcement_doubles", "false", "inh" },
	{ "turnier-2022", "score.against_old_doubled", "true", "" },
	{ "turnier-2022", "score.fox_caught_last_trick", "false", "" },
	{ "turnier-2022", "score.fox_last_trick", "false", "" },
	{ "turnier-2022", "score.fox_last_trick_both", "false", "" },
	{ "turnier-2022", "score.heart10_caught", "false", "" },
	{ "turnier-2022", "score.heart_trick", "false", "" },
	{ "turnier-2022", "score.karlchen_both", "false", "" },
	{ "turnier-2022", "score.karlchen_caught_both", "true", "" },
	{ "turnier-2022", "score.karlchen_caught_by_diamond_queen", "false", "" },
	{ "unsere-2024", "score.model", "doubling", "D11" },
	{ "unsere-2024", "score.call_points", "0", "" },
	{ "unsere-2024", "score.reached_against_limit", "false", "" },
	{ "unsere-2024", "score.lone_kontra", "true", "inh" },
	{ "unsere-2024", "score.no_winner", "levels-and-specials", "inh" },
	{ "unsere-2024", "score.against_old", "all-games", "" },
	{ "unsere-2024", "score.doppelkopf", "true", "" },
	{ "unsere-2024", "score.fox", "true", "" },
	{ "unsere-2024", "score.karlchen", "true", "" },
	{ "unsere-2024", "score.karlchen_caught", "false", "" },
	{ "unsere-2024", "score.solo_specials", "[]", "" },
	{ "unsere-2024", "score.solo_factor", "3", "" },
	{ "unsere-2024", "score.solo_call_points", "0", "D18" },
	{ "unsere-2024", "score.feigheit", "false", "inh" },
	{ "unsere-2024", "score.counter_announcement_doubles", "false", "inh" },
	{ "unsere-2024", "score.against_old_doubled", "true", "" },
	{ "unsere-2024", "score.fox_caught_last_trick", "false", "" },
	{ "unsere-2024", "score.fox_last_trick", "false", "" },
	{ "unsere-2024", "score.fox_last_trick_both", "false", "" },
	{ "unsere-2024", "score.heart10_caught", "false", "" },
	{ "unsere-2024", "score.heart_trick", "false", "" },
	{ "unsere-2024", "score.karlchen_both", "false", "" },
	{ "unsere-2024", "score.karlchen_caught_both", "true", "inh" },
	{ "unsere-2024", "score.karlchen_caught_by_diamond_queen", "false", "inh" },
	{ "esslingen-2002", "score.model", "additive", "" },
	{ "esslingen-2002", "score.call_points", "1", "" },
	{ "esslingen-2002", "score.reached_against_limit", "false", "" },
	{ "esslingen-2002", "score.lone_kontra", "true", "inh" },
	{ "esslingen-2002", "score.no_winner", "levels-and-specials", "inh" },
	{ "esslingen-2002", "score.against_old", "normal-games-except-poverty", "" },
	{ "esslingen-2002", "score.doppelkopf", "true", "" },
	{ "esslingen-2002", "score.fox", "true", "" },
	{ "esslingen-2002", "score.karlchen", "true", "" },
	{ "esslingen-2002", "score.karlchen_caught", "true", "D22" },
	{ "esslingen-2002", "score.solo_specials", "[trumps]", "D25" },
	{ "esslingen-2002", "score.solo_factor", "3", "D12" },
	{ "esslingen-2002", "score.solo_call_points", "0", "" },
	{ "esslingen-2002", "score.feigheit", "true", "D26" },
	{ "esslingen-2002", "score.counter_announcement_doubles", "true", "" },
	{ "esslingen-2002", "score.against_old_doubled", "false", "inh" },
	{ "esslingen-2002", "score.fox_caught_last_trick", "false", "" },
	{ "esslingen-2002", "score.fox_last_trick", "false", "" },
	{ "esslingen-2002", "score.fox_last_trick_both", "false", "" },
	{ "esslingen-2002", "score.heart10_caught", "false", "" },
	{ "esslingen-2002", "score.heart_trick", "false", "" },
	{ "esslingen-2002", "score.karlchen_both", "false", "" },
	{ "esslingen-2002", "score.karlchen_caught_both", "true", "" },
	{ "esslingen-2002", "score.karlchen_caught_by_diamond_queen", "false", "" },
	/* what a revoke costs when reclaimed */
	{ "ottendorf-2008", "penalty.revoke", "ddv-classes", "inh" },
	{ "wattenscheid-2016", "penalty.revoke", "ddv-classes", "inh" },
	{ "turnier-2022", "penalty.revoke", "opponents-win", "" },
	{ "unsere-2024", "penalty.revoke", "ddv-classes", "inh" },
	{ "esslingen-2002", "penalty.revoke", "lost-plus-one-level", "D26" },
	{ "ottendorf-2008", "penalty.revoke_reclaim_deadline", "at-once", "inh" },
	{ "wattenscheid-2016", "penalty.revoke_reclaim_deadline", "at-once", "inh" },
	{ "turnier-2022", "penalty.revoke_reclaim_deadline", "none", "" },
	{ "unsere-2024", "penalty.revoke_reclaim_deadline", "at-once", "inh" },
	{ "esslingen-2002", "penalty.revoke_reclaim_deadline", "none", "" },
	{ "ottendorf-2008", "penalty.revoke_table_may_agree", "false", "inh" },
	{ "wattenscheid-2016", "penalty.revoke_table_may_agree", "false", "inh" },
	{ "turnier-2022", "penalty.revoke_table_may_agree", "true", "" },
	{ "unsere-2024", "penalty.revoke_table_may_agree", "false", "inh" },
	{ "esslingen-2002", "penalty.revoke_table_may_agree", "true", "" },
	/* across games (session.c) */
	{ "ottendorf-2008", "deal.after_solo", "next-dealer", "" },
	{ "ottendorf-2008", "table.five_sit_out", "dealer", "" },
	{ "ottendorf-2008", "table.six_sit_out", "unsaid", "" },
	{ "ottendorf-2008", "bock.kind", "none", "" },
	{ "ottendorf-2008", "bock.triggers", "[]", "" },
	{ "ottendorf-2008", "bock.per_game", "one", "" },
	{ "ottendorf-2008", "bock.solo", "doubled", "" },
	{ "ottendorf-2008", "bock.carry_over", "false", "" },
	{ "ottendorf-2008", "bock.multiplier", "2", "" },
	{ "ottendorf-2008", "standings.diamond_king_flip", "false", "" },
	{ "ottendorf-2008", "standings.even_odd", "none", "" },
	{ "ottendorf-2008", "standings.counting", "plus-minus", "" },
	{ "ottendorf-2008", "standings.solo_factor_for_all", "false", "" },
	{ "wattenscheid-2016", "deal.after_solo", "same-dealer", "" },
	{ "wattenscheid-2016", "table.five_sit_out", "unsaid", "" },
	{ "wattenscheid-2016", "table.six_sit_out", "unsaid", "" },
	{ "wattenscheid-2016", "bock.kind", "none", "D13" },
	{ "wattenscheid-2016", "bock.triggers", "[]", "D13" },
	{ "wattenscheid-2016", "bock.per_game", "one", "D13" },
	{ "wattenscheid-2016", "bock.solo", "doubled", "D13" },
	{ "wattenscheid-2016", "bock.carry_over", "false", "D13" },
	{ "wattenscheid-2016", "bock.multiplier", "2", "D13" },
	{ "wattenscheid-2016", "standings.diamond_king_flip", "false", "D13" },
	{ "wattenscheid-2016", "standings.even_odd", "four-player-tables", "D13" },
	{ "wattenscheid-2016", "standings.counting", "plus-minus", "" },
	{ "wattenscheid-2016", "standings.solo_factor_for_all", "false", "D13" },
	{ "turnier-2022", "deal.after_solo", "next-dealer", "" },
	{ "turnier-2022", "table.five_sit_out", "unsaid", "" },
	{ "turnier-2022", "table.six_sit_out", "unsaid", "" },
	{ "turnier-2022", "bock.kind", "none", "" },
	{ "turnier-2022", "bock.triggers", "[]", "" },
	{ "turnier-2022", "bock.per_game", "one", "" },
	{ "turnier-2022", "bock.solo", "doubled", "" },
	{ "turnier-2022", "bock.carry_over", "false", "" },
	{ "turnier-2022", "bock.multiplier", "2", "" },
	{ "turnier-2022", "standings.diamond_king_flip", "false", "" },
	{ "turnier-2022", "standings.even_odd", "none", "" },
	{ "turnier-2022", "standings.counting", "plus-minus", "" },
	{ "turnier-2022", "standings.solo_factor_for_all", "false", "" },
	{ "unsere-2024", "deal.after_solo", "next-dealer", "D4" },
	{ "unsere-2024", "table.five_sit_out", "dealer", "" },
	{ "unsere-2024", "table.six_sit_out", "dealer-and-second-after", "" },
	{ "unsere-2024", "bock.kind", "append", "D14" },
	{ "unsere-2024", "bock.triggers", "[lost-call, both-calls, tie, zero-score]", "" },
	{ "unsere-2024", "bock.per_game", "one", "" },
	{ "unsere-2024", "bock.solo", "not-doubled-moves-back", "" },
	{ "unsere-2024", "bock.carry_over", "false", "" },
	{ "unsere-2024", "bock.multiplier", "2", "" },
	{ "unsere-2024", "standings.diamond_king_flip", "false", "" },
	{ "unsere-2024", "standings.even_odd", "none", "" },
	{ "unsere-2024", "standings.counting", "plus-minus", "" },
	{ "unsere-2024", "standings.solo_factor_for_all", "false", "" },
	{ "esslingen-2002", "deal.after_solo", "next-dealer", "" },
	{ "esslingen-2002", "table.five_sit_out", "unsaid", "" },
	{ "esslingen-2002", "table.six_sit_out", "unsaid", "" },
	{ "esslingen-2002", "bock.kind", "stack", "D14" },
	{ "esslingen-2002", "bock.triggers", "[both-calls, tie, zero-score, heart-trick, lost-counter-call]", "" },
	{ "esslingen-2002", "bock.per_game", "each", "" },
	{ "esslingen-2002", "bock.solo", "doubled", "" },
	{ "ottendorf-2008", "bock.uses_up", "[lust-solo, duty-solo, silent-marriage]", "" },
	{ "wattenscheid-2016", "bock.uses_up", "[lust-solo, duty-solo, silent-marriage]", "" },
	{ "turnier-2022", "bock.uses_up", "[lust-solo, duty-solo, silent-marriage]", "" },
	{ "unsere-2024", "bock.uses_up", "[]", "" },
	{ "esslingen-2002", "bock.uses_up", "[lust-solo, duty-solo, silent-marriage]", "" },
	{ "esslingen-2002", "bock.carry_over", "true", "" },
	{ "esslingen-2002", "bock.multiplier", "2", "" },
	{ "esslingen-2002", "standings.diamond_king_flip", "true", "" },
	{ "esslingen-2002", "standings.even_odd", "none", "" },
	{ "esslingen-2002", "standings.counting", "plus-minus", "inh" },
	{ "esslingen-2002", "standings.solo_factor_for_all", "false", "inh" },
	{ "ottendorf-2008", "deal.silent_marriage_is_solo", "false", "" },
	{ "wattenscheid-2016", "deal.silent_marriage_is_solo", "true", "" },
	{ "turnier-2022", "deal.silent_marriage_is_solo", "true", "" },
	{ "unsere-2024", "deal.silent_marriage_is_solo", "false", "" },
	{ "esslingen-2002", "deal.silent_marriage_is_solo", "true", "" },
	{ "ottendorf-2008", "lead.duty_solo", "soloist", "inh" },
	{ "ottendorf-2008", "duty_soli.round_games", "24", "inh" },
	{ "ottendorf-2008", "duty_soli.forced", "true", "inh" },
	{ "ottendorf-2008", "duty_soli.lust_after_duty", "true", "inh" },
	{ "wattenscheid-2016", "lead.duty_solo", "soloist", "" },
	{ "wattenscheid-2016", "duty_soli.round_games", "24", "inh" },
	{ "wattenscheid-2016", "duty_soli.forced", "true", "inh" },
	{ "wattenscheid-2016", "duty_soli.lust_after_duty", "true", "inh" },
	{ "turnier-2022", "lead.duty_solo", "left-of-dealer", "" },
	{ "turnier-2022", "duty_soli.round_games", "24", "inh" },
	{ "turnier-2022", "duty_soli.forced", "true", "inh" },
	{ "turnier-2022", "duty_soli.lust_after_duty", "true", "inh" },
	{ "unsere-2024", "lead.duty_solo", "soloist", "" },
	{ "unsere-2024", "duty_soli.round_games", "24", "inh" },
	{ "unsere-2024", "duty_soli.forced", "true", "inh" },
	{ "unsere-2024", "duty_soli.lust_after_duty", "true", "inh" },
	{ "esslingen-2002", "lead.duty_solo", "soloist", "" },
	{ "esslingen-2002", "duty_soli.round_games", "24", "inh" },
	{ "esslingen-2002", "duty_soli.forced", "true", "inh" },
	{ "esslingen-2002", "duty_soli.lust_after_duty", "true", "inh" },	{ "ottendorf-2008", "penalty.reclaim_from", "visible", "inh" },
	{ "ottendorf-2008", "penalty.reclaim_until", "own-action", "inh" },
	{ "ottendorf-2008", "penalty.reclaim_by", "opponents-once-clear", "inh" },
	{ "wattenscheid-2016", "penalty.reclaim_from", "visible", "inh" },
	{ "wattenscheid-2016", "penalty.reclaim_until", "own-action", "inh" },
	{ "wattenscheid-2016", "penalty.reclaim_by", "opponents-once-clear", "inh" },
	{ "turnier-2022", "penalty.reclaim_from", "visible", "inh" },
	{ "turnier-2022", "penalty.reclaim_until", "own-action", "inh" },
	{ "turnier-2022", "penalty.reclaim_by", "opponents-once-clear", "inh" },
	{ "unsere-2024", "penalty.reclaim_from", "visible", "inh" },
	{ "unsere-2024", "penalty.reclaim_until", "own-action", "inh" },
	{ "unsere-2024", "penalty.reclaim_by", "opponents-once-clear", "inh" },
	{ "esslingen-2002", "penalty.reclaim_from", "visible", "inh" },
	{ "esslingen-2002", "penalty.reclaim_until", "own-action", "inh" },
	{ "esslingen-2002", "penalty.reclaim_by", "opponents-once-clear", "inh" },
};

Test(ruleset, house_set_values)
{
	const size_t n = sizeof(shipped_values) / sizeof(shipped_values[0]);
	size_t nkeys;
	dk_ruleset rs;
	const char *loaded = NULL;

	dk_ruleset_keys(&nkeys);
	/* every house set, every key but deck.nines and ties.heart10 */
	cr_assert_eq(n, 5 * (nkeys - 2));
	for (size_t i = 0; i < n; i++) {
		const struct shipped_value *v = &shipped_values[i];
		const dk_rule_key *k = dk_ruleset_key_find(v->key);
		const dk_rule_source *src;
		char text[DK_RULESET_VALUE_MAX];

		if (!loaded || strcmp(loaded, v->set) != 0) {
			if (loaded)
				dk_ruleset_release(&rs);
			load_ok(&rs, v->set, shipped_dirs);
			loaded = v->set;
		}
		cr_assert_not_null(k, "%s", v->key);
		src = dk_ruleset_value_source(&rs.rules, k);
		dk_ruleset_value_format(text, sizeof(text), &rs.rules, k);
		cr_expect_str_eq(text, v->value, "%s %s", v->set, v->key);
		cr_expect_eq(src->inherited, strcmp(v->how, "inh") == 0,
			     "%s %s: inherited %d", v->set, v->key, src->inherited);
		if (v->how[0] == 'D')
			expect_assumption(src, v->how, v->key);
		else
			expect_assumption(src, NULL, v->key);
		cr_expect(src->cite && *src->cite, "%s %s has no source", v->set,
			  v->key);
		if (src->inherited)
			cr_expect(strstr(src->file, "/ddv.yaml") != NULL, "%s", src->file);
		else
			cr_expect(strstr(src->file, v->set) != NULL, "%s", src->file);
	}
	dk_ruleset_release(&rs);
}

/* The same values as the engine reads them: the fields of dk_rules. */
Test(ruleset, house_set_fields)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, "wattenscheid-2016", shipped_dirs);
	cr_expect_eq(r->lead_normal, DK_LEAD_RIGHT_OF_DEALER);
	cr_expect_eq(r->lead_wrong_severity, DK_RULE_SEV_WARNING);
	static const int watt_priority[] = {
		DK_SOLO_QUEENS, DK_SOLO_JACKS, DK_SOLO_CLUBS, DK_SOLO_SPADES,
		DK_SOLO_DIAMONDS, DK_SOLO_HEARTS
	};
	cr_assert_eq(r->solo_priority_count, 6);
	for (int i = 0; i < 6; i++)
		cr_expect_eq(r->solo_priority[i], watt_priority[i]);
	cr_expect_eq(r->solo_priority[6], 0, "the rest of the array is cleared");
	cr_expect_eq(r->poverty_pass, DK_PASS_TRUMPS_FILLED);
	cr_expect_eq(r->poverty_pass_count, 3);
	cr_expect_eq(r->poverty_party, DK_POVERTY_PAIR_KONTRA);
	cr_expect_eq(r->poverty_report, DK_REPORT_ON_REQUEST);
	cr_expect_eq(r->announce_model, DK_MODEL_LEFT_NEIGHBOUR_CARDS);
	for (int i = 0; i < DK_LEVELS; i++)
		cr_expect_eq(r->announce_max_played[i], 1);
	dk_ruleset_release(&rs);

	load_ok(&rs, "unsere-2024", shipped_dirs);
	cr_expect_eq(r->marriage_conditions, (1u << DK_MARRIAGE_FIRST_FEHL_TRICK) |
		     (1u << DK_MARRIAGE_FIRST_TRUMP_TRICK));
	cr_expect_eq(r->marriage_default_condition, DK_MARRIAGE_FIRST_FEHL_TRICK);
	cr_expect_eq(r->marriage_self, DK_SELF_ALONE);
	cr_expect_eq(r->marriage_alone, DK_ALONE_ZWANGSSOLO);
	cr_expect(r->poverty_fox_extra);
	cr_expect_eq(r->poverty_refused, DK_REFUSED_RAMSCH);
	cr_expect_eq(r->poverty_marriage, DK_PM_POVERTY_ONLY);
	cr_expect_eq(r->poverty_double, DK_DOUBLE_REDEAL_UNLESS_SOLO);
	cr_expect_eq(r->throw_in_reasons, 1u << DK_THROW_FEW_TRUMPS);
	cr_expect_eq(r->announce_reply, DK_REPLY_IMMEDIATE);
	cr_expect_not(r->announce_limit_needs_call);
	cr_expect(r->announce_soloist_re_needs_opposition);
	static const int unsere_played[] = { 5, 9, 13, 17, 21 };
	for (int i = 0; i < DK_LEVELS; i++)
		cr_expect_eq(r->announce_max_played[i], unsere_played[i]);
	cr_expect_eq(r->score_model, DK_SCORE_DOUBLING);
	cr_expect_eq(r->score_against_old, DK_AGAINST_OLD_ALL);
	cr_expect_not(r->score_karlchen_caught);
	dk_ruleset_release(&rs);

	load_ok(&rs, "esslingen-2002", shipped_dirs);
	cr_expect_eq(r->swines, DK_SWINES_AUTOMATIC);
	cr_expect_eq(r->swines_solos, 1u << DK_SOLO_TRUMPS);
	cr_expect(r->wende_genscher);
	cr_expect_eq(r->poverty_marriage, DK_PM_PLAY_TOGETHER);
	cr_expect_eq(r->announce_mandatory_points, 30);
	cr_expect_eq(r->reservation_order_count, 4);
	cr_expect_eq(r->reservation_order[1], DK_RES_THROW_IN);
	cr_expect_eq(r->score_model, DK_SCORE_ADDITIVE);
	cr_expect_eq(r->score_call_points, 1);
	cr_expect_eq(r->score_against_old, DK_AGAINST_OLD_NORMAL_NO_POVERTY);
	cr_expect_eq(r->score_solo_specials, 1u << DK_SOLO_TRUMPS);
	cr_expect(r->score_karlchen_caught);
	cr_expect(r->score_feigheit);
	cr_expect(r->score_counter_doubles);
	dk_ruleset_release(&rs);

	load_ok(&rs, "turnier-2022", shipped_dirs);
	cr_expect_eq(r->solo_clash, DK_SOLO_CLASH_TYPE);
	cr_expect_eq(r->solo_priority[0], DK_SOLO_TRUMPS);
	cr_expect(r->solo_outbid);
	cr_expect(r->poverty_return_fehl_first);
	cr_expect_eq(r->marriage_shift, DK_SHIFT_CATCH_UP);
	cr_expect(r->announce_chain);
	cr_expect_eq(r->score_model, DK_SCORE_DOUBLING);
	cr_expect_not(r->score_lone_kontra);
	cr_expect_eq(r->score_solo_call_points, 1);
	cr_expect(r->score_karlchen_caught);
	dk_ruleset_release(&rs);

	load_ok(&rs, "ottendorf-2008", shipped_dirs);
	cr_expect_eq(r->announce_skip, DK_SKIP_FORBIDDEN);
	cr_expect_eq(r->throw_in_reasons, (1u << DK_THROW_FIVE_KINGS) |
		     (1u << DK_THROW_FIVE_NINES));
	cr_expect_eq(r->swines, DK_SWINES_DECLARED);
	cr_expect_eq(r->poverty_pass, DK_PASS_TRUMPS_ONLY);
	cr_expect_eq(r->score_no_winner, DK_NO_WINNER_SPECIALS_ONLY);
	cr_expect(r->score_reached_against_limit);
	dk_ruleset_release(&rs);
}

Test(ruleset, catalog_of_shipped_sets)
{
	static const char *const names[] = {
		"ddv", "esslingen-2002", "ottendorf-2008", "turnier-2022",
		"unsere-2024", "wattenscheid-2016"
	};
	const char *const dirs[] = { "/nonexistent/dir", RULESETS, NULL };
	dk_ruleset_catalog cat;
	dk_diag d;

	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_list(&cat, dirs, &d), 0);
	cr_expect_eq(d.count, 0);
	cr_assert_eq(cat.count, 6);
	for (size_t i = 0; i < cat.count; i++) {
		char *path = xasprintf("%s/%s.yaml", RULESETS, names[i]);
		dk_ruleset rs;

		cr_expect_str_eq(cat.items[i].name, names[i]);
		cr_expect_str_eq(cat.items[i].path, path);
		load_ok(&rs, cat.items[i].name, dirs);
		dk_ruleset_release(&rs);
		free(path);
	}
	dk_ruleset_catalog_release(&cat);
	cr_expect_eq(cat.count, 0);
	dk_diag_release(&d);
}

/* ------------------------------------------------------------------ */
/* inheritance                                                         */
/* ------------------------------------------------------------------ */

Test(ruleset, inherit_from_base)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, FIXTURES "/good/partial.yaml", shipped_dirs);
	cr_expect_str_eq(r->name, "partial");
	cr_expect_str_eq(r->base, "ddv");
	cr_expect_null(r->title, "the base's title must not leak");
	cr_expect_null(r->document);

	cr_expect_not(r->deck_nines);
	cr_expect_not(r->deck_nines_src.inherited);
	cr_expect_str_eq(r->deck_nines_src.file, FIXTURES "/good/partial.yaml");
	cr_expect_str_eq(r->deck_nines_src.cite, "our table plays without nines");
	cr_expect_eq(r->deck_nines_src.loc.line, 6);
	cr_expect_eq(r->deck_nines_src.loc.col, 12);

	cr_expect_eq(r->heart10_tie, DK_TIE_FIRST_WINS);
	cr_expect(r->heart10_tie_src.inherited);
	cr_expect_str_eq(r->heart10_tie_src.file, RULESETS "/ddv.yaml");
	cr_expect(strncmp(r->heart10_tie_src.cite, "TSR 5.3.3", 9) == 0);
	dk_ruleset_release(&rs);
}

Test(ruleset, inherit_through_a_relative_path)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, FIXTURES "/good/chain.yaml", shipped_dirs);
	cr_expect_str_eq(r->name, "chain");
	cr_expect_str_eq(r->title, "Chain test");
	cr_expect_str_eq(r->base, "./partial.yaml");

	cr_expect_not(r->deck_nines);
	cr_expect(r->deck_nines_src.inherited);
	cr_expect(ends_with(r->deck_nines_src.file, "/good/./partial.yaml"),
		  "%s", r->deck_nines_src.file);

	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	cr_expect_not(r->heart10_tie_src.inherited);
	cr_expect_str_eq(r->heart10_tie_src.assumption, "D20");
	cr_expect_str_eq(r->heart10_tie_src.file, FIXTURES "/good/chain.yaml");
	dk_ruleset_release(&rs);
}

/* A directory earlier in the list shadows a set of the same name. */
Test(ruleset, search_order_and_shadowing)
{
	char tmpl[] = "/tmp/dokoref-ruleset-XXXXXX";
	char *dir = mkdtemp(tmpl);
	cr_assert_not_null(dir);
	char *ddv_path = xasprintf("%s/ddv.yaml", dir);
	char *mine_path = xasprintf("%s/mine.yaml", dir);
	size_t len = 0;
	char *ddv = slurp(RULESETS "/ddv.yaml", &len);
	char *at = strstr(ddv, "value: true");
	const char *const dirs[] = { dir, RULESETS, NULL };
	const char mine[] = "name: mine\nbase: ddv\n";
	dk_ruleset_catalog cat;
	dk_ruleset rs;
	dk_diag d;

	cr_assert_not_null(at);
	memcpy(at, "value: no  ", 11);   /* not a boolean: must not be read */
	spit(ddv_path, ddv, len);
	spit(mine_path, mine, sizeof(mine) - 1);

	dk_diag_init(&d);
	cr_expect_eq(dk_ruleset_load(&rs, "mine", dirs, &d), -1);
	char *text = render(&d);
	cr_expect_str_eq(text, "ddv.yaml:9:12: error: rule 'deck.nines' must "
			 "be true or false, not 'no'\n");
	free(text);
	dk_ruleset_release(&rs);
	dk_diag_release(&d);

	/* Without the shadowing directory the shipped ddv is found. */
	load_ok(&rs, mine_path, shipped_dirs);
	dk_ruleset_release(&rs);
	/* ... and the name of the shadowing file is listed once, with its path. */
	dk_diag_init(&d);
	dk_ruleset_list(&cat, dirs, &d);
	cr_expect_eq(cat.count, 7);
	cr_expect_str_eq(cat.items[0].name, "ddv");
	cr_expect_str_eq(cat.items[0].path, ddv_path);
	cr_expect_str_eq(cat.items[2].name, "mine");
	dk_ruleset_catalog_release(&cat);
	dk_diag_release(&d);

	unlink(ddv_path);
	unlink(mine_path);
	rmdir(dir);
	free(ddv);
	free(ddv_path);
	free(mine_path);
}

Test(ruleset, default_dirs)
{
	const char *const *dirs;

	cr_assert_eq(setenv("DOKOREF_RULES_PATH", "/a::/b/", 1), 0);
	dirs = dk_ruleset_default_dirs();
	cr_assert_str_eq(dirs[0], "/a");
	cr_assert_str_eq(dirs[1], "/b/");
	cr_assert_not_null(dirs[2]);   /* DOKOREF_RULESETS_DIR */
	cr_assert_null(dirs[3]);

	cr_assert_eq(unsetenv("DOKOREF_RULES_PATH"), 0);
	dirs = dk_ruleset_default_dirs();
	cr_assert_not_null(dirs[0]);
	cr_assert_null(dirs[1]);
}

Test(ruleset, not_found)
{
	const char *const two[] = { "/x", "/y", NULL };
	struct { const char *arg; const char *const *dirs; const char *want; } cases[] = {
		{ "nope", two, "error: rule set 'nope' not found (searched: /x, /y)\n" },
		{ "nope", NULL, "error: rule set 'nope' not found (no search directories)\n" },
		{ "", two, "error: no rule set given\n" },
		{ "my rules", two, "error: 'my rules' is not a rule set name or a path "
		  "(a path has a '/' or ends in '.yaml')\n" },
		{ "/nonexistent/x.yaml", two, "error: cannot open '/nonexistent/x.yaml': "
		  "No such file or directory\n" },
		{ RULESETS, two, "rulesets: error: is a directory, not a rule set file\n" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dk_ruleset rs;
		dk_diag d;
		char *text;

		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, cases[i].arg, cases[i].dirs, &d), -1);
		text = render(&d);
		cr_expect_str_eq(text, cases[i].want);
		cr_expect_null(rs.rules.name);
		free(text);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
	}
}

/* ------------------------------------------------------------------ */
/* overrides                                                           */
/* ------------------------------------------------------------------ */

Test(ruleset, override)
{
	dk_ruleset rs;
	dk_rules *r = &rs.rules;
	dk_loc at = { 4, 7 };
	dk_diag d;

	load_ok(&rs, "turnier-2022", shipped_dirs);
	dk_diag_init(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "deck.nines", "true", "game.xml", at, &d), 0);
	cr_assert_eq(dk_ruleset_override(&rs, "ties.heart10", "second-wins-except-last",
					 "game.xml", at, &d), 0);
	cr_expect_eq(d.count, 0);
	cr_expect(r->deck_nines);
	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	for (int i = 0; i < 2; i++) {
		const dk_rule_source *s = i ? &r->heart10_tie_src : &r->deck_nines_src;
		cr_expect(s->overridden);
		cr_expect_not(s->inherited);
		cr_expect_str_eq(s->file, "game.xml");
		cr_expect_eq(s->loc.line, 4);
		cr_expect_eq(s->loc.col, 7);
		cr_expect_null(s->cite);
		cr_expect_null(s->assumption);
	}
	/* The other spellings of a YAML 1.2 boolean. */
	cr_expect_eq(dk_ruleset_override(&rs, "deck.nines", "FALSE", "g", at, &d), 0);
	cr_expect_not(r->deck_nines);

	struct { const char *key, *value, *want; } bad[] = {
		{ "deck.nine", "false", "game.xml:4:7: error: override of unknown rule "
		  "'deck.nine'; did you mean 'deck.nines'? (dokoref-rules(5) lists the known rules)\n" },
		{ "deck.nines", "maybe", "game.xml:4:7: error: rule 'deck.nines' must be "
		  "true or false, not 'maybe'\n" },
		{ "deck.nines", "", "game.xml:4:7: error: rule 'deck.nines' has no value: "
		  "it must be true or false\n" },
		{ "deck.nines", NULL, "game.xml:4:7: error: rule 'deck.nines' has no value: "
		  "it must be true or false\n" },
		{ "ties.heart10", "second-win", "game.xml:4:7: error: rule 'ties.heart10' "
		  "must be one of 'first-wins', 'second-wins', 'second-wins-except-last', "
		  "not 'second-win'; did you mean 'second-wins'?\n" },
		{ "ties.heart10", "first-wins\nx", "game.xml:4:7: error: rule 'ties.heart10' "
		  "must be one of 'first-wins', 'second-wins', 'second-wins-except-last', "
		  "not 'first-wins\\x0ax'; did you mean 'first-wins'?\n" },
		{ NULL, "x", "game.xml:4:7: error: override of unknown rule ''"
		  " (dokoref-rules(5) lists the known rules)\n" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dk_diag_clear(&d);
		cr_expect_eq(dk_ruleset_override(&rs, bad[i].key, bad[i].value,
						 "game.xml", at, &d), -1);
		char *text = render(&d);
		cr_expect_str_eq(text, bad[i].want);
		free(text);
	}
	/* Nothing changed by the refused overrides. */
	cr_expect_not(r->deck_nines);
	cr_expect_eq(r->heart10_tie, DK_TIE_SECOND_WINS_EXCEPT_LAST);
	cr_expect_str_eq(r->deck_nines_src.file, "g");
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

/* One override that must work: the value text after it, and provenance. */
static void override_ok(dk_ruleset *rs, const char *key, const char *value,
			const char *want)
{
	const dk_rule_key *k = dk_ruleset_key_find(key);
	dk_loc at = { 9, 3 };
	char text[DK_RULESET_VALUE_MAX];
	dk_diag d;

	cr_assert_not_null(k, "%s", key);
	dk_diag_init(&d);
	int rc = dk_ruleset_override(rs, key, value, "game.xml", at, &d);
	char *said = render(&d);
	cr_expect_eq(rc, 0, "%s = '%s': %s", key, value, said);
	free(said);
	dk_ruleset_value_format(text, sizeof(text), &rs->rules, k);
	cr_expect_str_eq(text, want, "%s = '%s'", key, value);
	const dk_rule_source *src = dk_ruleset_value_source(&rs->rules, k);
	cr_expect(src->overridden);
	cr_expect_not(src->inherited);
	cr_expect_str_eq(src->file, "game.xml");
	cr_expect_eq(src->loc.line, 9);
	cr_expect_null(src->cite);
	dk_diag_release(&d);
}

Test(ruleset, override_every_type)
{
	dk_ruleset rs;
	dk_rules *r = &rs.rules;
	dk_loc at = { 9, 3 };
	dk_diag d;

	load_ok(&rs, "ddv", shipped_dirs);
	/* a whole number */
	override_ok(&rs, "marriage.deadline_trick", "2", "2");
	cr_expect_eq(r->marriage_deadline_trick, 2);
	override_ok(&rs, "announce.mandatory_first_trick_points", "30", "30");
	/* an enum of the record format's names */
	override_ok(&rs, "marriage.default_condition", "first-trick", "first-trick");
	/* a set: words, brackets and commas, in any order; [] is empty */
	override_ok(&rs, "solo.kinds", "queens jacks", "[queens, jacks]");
	cr_expect_eq(r->solo_kinds, (1u << DK_SOLO_QUEENS) | (1u << DK_SOLO_JACKS));
	override_ok(&rs, "solo.kinds", "[jacks, queens, trumps]", "[queens, jacks, trumps]");
	override_ok(&rs, "swines.solos", "[]", "[]");
	cr_expect_eq(r->swines_solos, 0u);
	override_ok(&rs, "throw_in.reasons", " five-kings,five-nines ", "[five-kings, five-nines]");
	/* an ordered list keeps the order */
	override_ok(&rs, "solo.priority", "trumps jacks queens", "[trumps, jacks, queens]");
	cr_expect_eq(r->solo_priority_count, 3);
	cr_expect_eq(r->solo_priority[0], DK_SOLO_TRUMPS);
	cr_expect_eq(r->solo_priority[1], DK_SOLO_JACKS);
	override_ok(&rs, "solo.priority", "queens", "[queens]");
	cr_expect_eq(r->solo_priority_count, 1);
	cr_expect_eq(r->solo_priority[1], 0, "no rest of the longer list");
	override_ok(&rs, "reservations.order", "solo, poverty, throw-in, marriage",
		    "[solo, poverty, throw-in, marriage]");
	/* five numbers */
	override_ok(&rs, "announce.max_played", "5 9 13 17 21", "[5, 9, 13, 17, 21]");
	cr_expect_eq(r->announce_max_played[4], 21);
	override_ok(&rs, "announce.max_played", "[1, 1, 1, 1, 1]", "[1, 1, 1, 1, 1]");

	struct { const char *key, *value, *want; } bad[] = {
		{ "marriage.deadline_trick", "13", "game.xml:9:3: error: rule "
		  "'marriage.deadline_trick' must be a whole number from 1 to 12, not '13'\n" },
		{ "marriage.deadline_trick", "three", "game.xml:9:3: error: rule "
		  "'marriage.deadline_trick' must be a whole number from 1 to 12, not 'three'\n" },
		{ "poverty.pass_count", "", "game.xml:9:3: error: rule 'poverty.pass_count' "
		  "has no value: it must be a whole number from 1 to 5\n" },
		{ "marriage.default_condition", "unsaid", "game.xml:9:3: error: rule "
		  "'marriage.default_condition' must be one of 'first-trick', "
		  "'first-fehl-trick', 'first-trump-trick', 'first-club-trick', "
		  "'first-spade-trick', 'first-heart-trick', not 'unsaid'\n" },
		{ "solo.kinds", "queens quens", "game.xml:9:3: error: rule 'solo.kinds': "
		  "'quens' is not one of 'queens', 'jacks', 'clubs', 'spades', 'hearts', "
		  "'diamonds', 'pure-clubs', 'pure-spades', 'pure-hearts', 'pure-diamonds', "
		  "'trumps', 'fleischlos', 'koehler', 'kings', 'queens-jacks', 'kings-jacks', "
		  "'kings-queens'; did you mean 'queens'?\n" },
		{ "solo.priority", "queens jacks queens", "game.xml:9:3: error: rule "
		  "'solo.priority' lists 'queens' twice (items 1 and 3)\n" },
		{ "throw_in.reasons", "", "game.xml:9:3: error: rule 'throw_in.reasons' "
		  "has no value: it must be a list of distinct names from 'five-kings', "
		  "'five-nines', 'few-trumps', 'nines-and-kings', 'richness', "
		  "'fox-highest-trump' ('[]' for none)\n" },
		{ "announce.max_played", "1 2 3", "game.xml:9:3: error: rule "
		  "'announce.max_played' must list exactly 5 numbers, not 3\n" },
		{ "announce.max_played", "1 2 3 2 5", "game.xml:9:3: error: rule "
		  "'announce.max_played': item 4 (2) is smaller than item 3 (3); "
		  "the numbers must not decrease\n" },
		{ "announce.max_played", "1 2 3 4 x", "game.xml:9:3: error: rule "
		  "'announce.max_played': item 5 must be a whole number from 0 to 48, "
		  "not 'x'\n" },
		{ "solo.kinds", "a b c d e f g h i j k l m n o p q r s t u", "game.xml:9:3: error: "
		  "rule 'solo.kinds' lists more than 20 items; it can have at most 17\n" },
	};
	dk_diag_init(&d);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dk_diag_clear(&d);
		cr_expect_eq(dk_ruleset_override(&rs, bad[i].key, bad[i].value,
						 "game.xml", at, &d), -1);
		char *text = render(&d);
		cr_expect_str_eq(text, bad[i].want, "%s = '%s'", bad[i].key, bad[i].value);
		free(text);
	}
	/* nothing changed by the refused ones */
	cr_expect_eq(r->marriage_deadline_trick, 2);
	cr_expect_eq(r->solo_priority_count, 1);
	cr_expect_eq(r->announce_max_played[4], 1);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);
}

/* Overrides are checked together, after the last one, at the override. */
Test(ruleset, check_after_overrides)
{
	dk_ruleset rs;
	dk_loc at1 = { 6, 7 }, at2 = { 7, 7 };
	dk_diag d;
	char *text;

	load_ok(&rs, "ddv", shipped_dirs);
	dk_diag_init(&d);
	/* one at a time each value is fine */
	cr_assert_eq(dk_ruleset_override(&rs, "marriage.conditions", "first-fehl-trick",
					 "game.xml", at1, &d), 0);
	cr_expect_eq(dk_ruleset_check(&rs, &d), -1);
	text = render(&d);
	cr_expect(strncmp(text, "game.xml:6:7: error: marriage.default_condition "
			  "'first-trick' is not one of marriage.conditions "
			  "[first-fehl-trick] (marriage.default_condition is set in ",
			  strlen("game.xml:6:7: error: marriage.default_condition "
				 "'first-trick' is not one of marriage.conditions "
				 "[first-fehl-trick] (marriage.default_condition is set in ")) == 0,
		  "%s", text);
	cr_expect(strstr(text, "/rulesets/ddv.yaml:") != NULL, "%s", text);
	free(text);

	/* ... and the second override makes the set whole again */
	dk_diag_clear(&d);
	cr_assert_eq(dk_ruleset_override(&rs, "marriage.default_condition",
					 "first-fehl-trick", "game.xml", at2, &d), 0);
	cr_expect_eq(dk_ruleset_check(&rs, &d), 0);
	cr_expect_eq(d.count, 0);

	/* between two overrides: reported at the first of equal lateness */
	cr_assert_eq(dk_ruleset_override(&rs, "marriage.default_condition",
					 "first-trump-trick", "game.xml", at2, &d), 0);
	cr_expect_eq(dk_ruleset_check(&rs, &d), -1);
	text = render(&d);
	cr_expect_str_eq(text, "game.xml:7:7: error: marriage.default_condition "
			 "'first-trump-trick' is not one of marriage.conditions "
			 "[first-fehl-trick] (marriage.conditions is set at 6:7)\n");
	free(text);
	dk_diag_release(&d);
	dk_ruleset_release(&rs);

	/* Every shipped set passes the check. */
	static const char *const sets[] = {
		"ddv", "esslingen-2002", "ottendorf-2008", "turnier-2022",
		"unsere-2024", "wattenscheid-2016"
	};
	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		load_ok(&rs, sets[i], shipped_dirs);
		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_check(&rs, &d), 0, "%s", sets[i]);
		dk_diag_release(&d);
		dk_ruleset_release(&rs);
	}
}

/* A user's set with a value of every type: values and positions. */
Test(ruleset, every_type)
{
	dk_ruleset rs;
	const dk_rules *r = &rs.rules;

	load_ok(&rs, FIXTURES "/good/every-type.yaml", shipped_dirs);
	cr_expect_eq(r->marriage_deadline_trick, 2);
	cr_expect_eq(r->marriage_deadline_trick_src.loc.line, 7);
	cr_expect_eq(r->marriage_deadline_trick_src.loc.col, 12);
	cr_expect_eq(r->throw_in_reasons, (1u << DK_THROW_FIVE_KINGS) |
		     (1u << DK_THROW_FIVE_NINES));
	cr_expect_eq(r->throw_in_reasons_src.loc.line, 12, "the list, not an item");
	cr_expect_eq(r->reservation_order_count, 3);
	cr_expect_eq(r->reservation_order[0], DK_RES_SOLO);
	cr_expect_eq(r->reservation_order[1], DK_RES_THROW_IN);
	cr_expect_eq(r->reservation_order[2], DK_RES_MARRIAGE);
	cr_expect_eq(r->reservation_order[3], 0);
	static const int played[] = { 1, 1, 2, 3, 5 };
	cr_expect_eq(r->announce_max_played_count, 5);
	for (int i = 0; i < 5; i++)
		cr_expect_eq(r->announce_max_played[i], played[i]);
	cr_expect_eq(r->marriage_default_condition, DK_MARRIAGE_FIRST_TRICK);
	cr_expect_str_eq(r->marriage_default_condition_src.assumption, "D6");
	cr_expect_not(r->marriage_default_condition_src.inherited);
	/* what it does not state comes from ddv */
	cr_expect(r->solo_kinds_src.inherited);
	cr_expect_eq(r->announce_model, DK_MODEL_OWN_CARDS);
	dk_ruleset_release(&rs);

	load_ok(&rs, FIXTURES "/good/conditions.yaml", shipped_dirs);
	cr_expect_eq(r->marriage_conditions, (1u << DK_MARRIAGE_FIRST_TRICK) |
		     (1u << DK_MARRIAGE_FIRST_FEHL_TRICK));
	dk_ruleset_release(&rs);
}

/* ------------------------------------------------------------------ */
/* broken files                                                        */
/* ------------------------------------------------------------------ */

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

Test(ruleset, bad_fixtures)
{
	const char *dir_path = FIXTURES "/bad";
	DIR *dir = opendir(dir_path);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;

	cr_assert_not_null(dir, "cannot open %s", dir_path);
	while ((e = readdir(dir)) != NULL) {
		if (!ends_with(e->d_name, ".yaml"))
			continue;
		names = dk_xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = dk_xstrdup(e->d_name);
	}
	closedir(dir);
	qsort(names, n, sizeof(*names), compare_strings);
	cr_expect_geq(n, 50, "only %zu fixtures", n);

	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir_path, names[i]);
		char *want = expected_of(path);
		dk_ruleset rs;
		dk_diag d;
		char *got;
		int rc;

		dk_diag_init(&d);
		rc = dk_ruleset_load(&rs, path, shipped_dirs, &d);
		got = render(&d);
		if (!want) {
			cr_expect_fail("%s states no expected diagnostic; it said:\n%s",
				       names[i], got);
		} else {
			bool want_error = strstr(want, ": error: ") ||
					  strncmp(want, "error: ", 7) == 0;
			cr_expect_str_eq(got, want, "%s:\n  got:  %s  want: %s",
					 names[i], got, want);
			cr_expect_eq(rc, want_error ? -1 : 0, "%s: rc %d", names[i], rc);
			if (rc < 0)
				cr_expect_null(rs.rules.name, "%s", names[i]);
		}
		free(got);
		free(want);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		free(path);
		free(names[i]);
	}
	free(names);
}

/* Hostile files are generated: they would bloat the repository. */
Test(ruleset, hostile_files)
{
	char tmpl[] = "/tmp/dokoref-hostile-XXXXXX";
	char *dir = mkdtemp(tmpl);
	cr_assert_not_null(dir);
	const char head[] = "name: %s\nbase: ddv\nrules: ";
	struct { const char *name; size_t size; char fill; const char *want; } cases[] = {
		/* exactly the limit is fine: the padding is one comment */
		{ "limit", DK_RULESET_MAX_BYTES, '#', NULL },
		{ "over-limit", DK_RULESET_MAX_BYTES + 1, '#',
		  "over-limit.yaml: error: file is larger than 1 MiB, the limit for rule set files\n" },
		{ "brackets", 200000, '[',
		  "brackets.yaml:3:23: error: nesting deeper than 16 levels\n" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *path = xasprintf("%s/%s.yaml", dir, cases[i].name);
		char *buf = dk_xmalloc(cases[i].size + 1);
		int n = snprintf(buf, cases[i].size, head, cases[i].name);
		dk_ruleset rs;
		dk_diag d;

		if (cases[i].fill == '#') {
			/* "rules: {}" then a comment to the end */
			memcpy(buf + n, "{}\n#", 4);
			n += 4;
		}
		memset(buf + n, cases[i].fill, cases[i].size - (size_t)n - 1);
		/* lines of 1 KiB: a longer one is refused before YAML is read */
		for (size_t k = (size_t)n + 1024; k + 2 < cases[i].size; k += 1024) {
			buf[k] = '\n';
			buf[k + 1] = ' ';
		}
		buf[cases[i].size - 1] = '\n';
		spit(path, buf, cases[i].size);

		dk_diag_init(&d);
		int rc = dk_ruleset_load(&rs, path, shipped_dirs, &d);
		char *got = render(&d);
		cr_expect_str_eq(got, cases[i].want ? cases[i].want : "",
				 "%s", cases[i].name);
		cr_expect_eq(rc, cases[i].want ? -1 : 0, "%s", cases[i].name);
		free(got);
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		unlink(path);
		free(path);
		free(buf);
	}

	/* A wide mapping: the node cap, and duplicate detection stays fast. */
	{
		char *path = xasprintf("%s/wide.yaml", dir);
		size_t cap = 1 << 20, len = 0;
		char *buf = dk_xmalloc(cap);
		dk_ruleset rs;
		dk_diag d;

		len += (size_t)sprintf(buf, "name: wide\nbase: ddv\nrules:\n  x: {");
		for (int k = 0; k < 12000; k++)  /* lines under 64 KiB */
			len += (size_t)sprintf(buf + len, k % 100 == 99 ? "k%d: 1,\n    " : "k%d: 1, ",
					       k % 11000);
		len += (size_t)sprintf(buf + len, "}\n");
		spit(path, buf, len);
		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, path, shipped_dirs, &d), -1);
		cr_expect_eq(d.count, 1);
		cr_expect(d.count > 0 && strstr(d.items[0].message,
						"more than 20000 yaml nodes"),
			  "%s", d.count ? d.items[0].message : "");
		dk_ruleset_release(&rs);
		dk_diag_release(&d);

		/* Under the cap: 9000 keys, 1000 of them twice. */
		len = (size_t)sprintf(buf, "name: wide\nbase: ddv\nrules:\n  x: {");
		for (int k = 0; k < 9000; k++)
			len += (size_t)sprintf(buf + len, k % 100 == 99 ? "k%d: 1,\n    " : "k%d: 1, ",
					       k % 8000);
		len += (size_t)sprintf(buf + len, "}\n");
		spit(path, buf, len);
		dk_diag_init(&d);
		cr_expect_eq(dk_ruleset_load(&rs, path, shipped_dirs, &d), -1);
		cr_expect_eq(d.errors, 1000);
		cr_expect(d.count > 0 && strstr(d.items[0].message,
						"duplicate key 'k0' (first at 4:7)"),
			  "%s", d.count ? d.items[0].message : "");
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		unlink(path);
		free(path);
		free(buf);
	}
	rmdir(dir);
}

/* ------------------------------------------------------------------ */
/* the key table and names                                             */
/* ------------------------------------------------------------------ */

Test(ruleset, key_table)
{
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);
	dk_ruleset rs;

	cr_assert_eq(n, 126);
	cr_expect_str_eq(k[0].name, "deck.nines");
	cr_expect_eq(k[0].type, DK_RULE_BOOL);
	cr_expect_str_eq(k[1].name, "ties.heart10");
	cr_expect_eq(k[1].type, DK_RULE_ENUM);
	cr_expect_eq(k[1].count, DK_TIE_COUNT);
	cr_expect_eq(dk_ruleset_key_find("ties.heart10"), &k[1]);
	cr_expect_null(dk_ruleset_key_find("ties"));
	cr_expect_null(dk_ruleset_key_find(NULL));

	/* Names are unique and every key has a prefix "group.". */
	for (size_t i = 0; i < n; i++) {
		cr_expect(strchr(k[i].name, '.') != NULL, "%s", k[i].name);
		cr_expect_eq(dk_ruleset_key_find(k[i].name), &k[i], "%s", k[i].name);
	}

	/* The table's names are the core's names, in enum order. */
	for (int i = 0; i < DK_TIE_COUNT; i++) {
		dk_heart10_tie t;
		cr_expect_str_eq(k[1].names[i], dk_heart10_tie_name((dk_heart10_tie)i));
		cr_expect_str_eq(dk_ruleset_enum_name(&k[1], i), k[1].names[i]);
		cr_expect(dk_heart10_tie_from_name(&t, k[1].names[i]));
		cr_expect_eq(t, (dk_heart10_tie)i);
	}
	cr_expect_null(k[1].names[DK_TIE_COUNT]);
	cr_expect_null(dk_heart10_tie_name(DK_TIE_COUNT));
	dk_heart10_tie t = DK_TIE_SECOND_WINS;
	cr_expect_not(dk_heart10_tie_from_name(&t, "second"));
	cr_expect_not(dk_heart10_tie_from_name(&t, NULL));
	cr_expect_eq(t, DK_TIE_SECOND_WINS);

	/* The same for the revoke penalty, which verdicts name. */
	const dk_rule_key *rk = dk_ruleset_key_find("penalty.revoke");
	cr_assert_not_null(rk);
	cr_expect_eq(rk->count, DK_REVOKE_PENALTY_COUNT);
	for (int i = 0; i < DK_REVOKE_PENALTY_COUNT; i++)
		cr_expect_str_eq(rk->names[i], dk_revoke_penalty_name((dk_revoke_penalty)i));
	cr_expect_null(dk_revoke_penalty_name(DK_REVOKE_PENALTY_COUNT));

	/* Solo kinds, conditions and reasons are the record format's names;
	 * their value 0 ("none", "unsaid") is no choice. */
	const dk_rule_key *kinds = dk_ruleset_key_find("solo.kinds");
	const dk_rule_key *prio = dk_ruleset_key_find("solo.priority");
	const dk_rule_key *cond = dk_ruleset_key_find("marriage.default_condition");
	const dk_rule_key *reasons = dk_ruleset_key_find("throw_in.reasons");
	cr_assert(kinds && prio && cond && reasons);
	cr_expect_eq(kinds->type, DK_RULE_ENUM_SET);
	cr_expect_eq(prio->type, DK_RULE_ENUM_LIST);
	cr_expect_eq(prio->items, DK_SOLO_SLOTS);
	cr_expect_eq(kinds->count, DK_SOLO_KIND_COUNT);
	cr_expect_null(dk_ruleset_enum_name(kinds, DK_SOLO_NONE));
	cr_expect_null(dk_ruleset_enum_name(kinds, DK_SOLO_KIND_COUNT));
	cr_expect_null(dk_ruleset_enum_name(kinds, -1));
	for (int v = 1; v < DK_SOLO_KIND_COUNT; v++) {
		cr_expect_str_eq(dk_ruleset_enum_name(kinds, v),
				 dk_solo_kind_name((dk_solo_kind)v));
		cr_expect_str_eq(dk_ruleset_enum_name(prio, v),
				 dk_solo_kind_name((dk_solo_kind)v));
	}
	cr_expect_null(dk_ruleset_enum_name(cond, DK_MARRIAGE_UNSAID));
	cr_expect_str_eq(dk_ruleset_enum_name(cond, DK_MARRIAGE_FIRST_TRUMP_TRICK),
			 "first-trump-trick");
	cr_expect_str_eq(dk_ruleset_enum_name(reasons, DK_THROW_FEW_TRUMPS),
			 "few-trumps");
	cr_expect_null(dk_ruleset_enum_name(&k[0], 0), "a boolean has no names");

	const dk_rule_key *played = dk_ruleset_key_find("announce.max_played");
	cr_assert_not_null(played);
	cr_expect_eq(played->type, DK_RULE_INT_LIST);
	cr_expect_eq(played->items, DK_LEVELS);
	cr_expect_eq(played->min, 0);
	cr_expect_eq(played->max, 48);
	const dk_rule_key *order = dk_ruleset_key_find("reservations.order");
	cr_assert_not_null(order);
	cr_expect_eq(order->items, DK_RES_COUNT);
	cr_expect_eq(order->count, DK_RES_COUNT);

	load_ok(&rs, "esslingen-2002", shipped_dirs);
	cr_expect_str_eq(dk_ruleset_value_name(&rs.rules, &k[0]), "false");
	cr_expect_str_eq(dk_ruleset_value_name(&rs.rules, &k[1]),
			 "second-wins-except-last");
	cr_expect_null(dk_ruleset_value_name(&rs.rules, kinds), "not a scalar");
	cr_expect_eq(dk_ruleset_value_source(&rs.rules, &k[0]),
		     &rs.rules.deck_nines_src);
	cr_expect_eq(dk_ruleset_value_source(&rs.rules, &k[1]),
		     &rs.rules.heart10_tie_src);
	cr_expect_eq(dk_ruleset_value_source(&rs.rules, prio),
		     &rs.rules.solo_priority_src);

	/* dk_ruleset_value_format: the text a file or an override holds */
	char buf[DK_RULESET_VALUE_MAX];
	cr_expect_eq(dk_ruleset_value_format(buf, sizeof(buf), &rs.rules, prio),
		     strlen("[trumps, queens, jacks, fleischlos]"));
	cr_expect_str_eq(buf, "[trumps, queens, jacks, fleischlos]");
	dk_ruleset_value_format(buf, sizeof(buf), &rs.rules, kinds);
	cr_expect_str_eq(buf, "[queens, jacks, trumps, fleischlos]", "enum order");
	dk_ruleset_value_format(buf, sizeof(buf), &rs.rules,
				dk_ruleset_key_find("announce.mandatory_first_trick_points"));
	cr_expect_str_eq(buf, "30");
	dk_ruleset_value_format(buf, sizeof(buf), &rs.rules, played);
	cr_expect_str_eq(buf, "[1, 2, 3, 4, 5]");
	dk_ruleset_value_format(buf, sizeof(buf), &rs.rules,
				dk_ruleset_key_find("genscher.enabled"));
	cr_expect_str_eq(buf, "false");
	/* cut to the buffer, the whole length returned */
	cr_expect_eq(dk_ruleset_value_format(buf, 8, &rs.rules, prio),
		     strlen("[trumps, queens, jacks, fleischlos]"));
	cr_expect_str_eq(buf, "[trumps");
	dk_ruleset_release(&rs);
}

/* Every name a value of key k can take, as dk_ruleset_enum_name gives them. */
static size_t value_names(const char **out, const dk_rule_key *k)
{
	size_t n = 0;
	for (int v = 0; v < k->count; v++)
		if (dk_ruleset_enum_name(k, v))
			out[n++] = dk_ruleset_enum_name(k, v);
	return n;
}

/* The README documents every key of the table and every value name. */
Test(ruleset, readme_lists_every_key)
{
	char *readme = slurp(RULESETS "/README.md", NULL);
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);

	cr_assert_not_null(readme);
	for (size_t i = 0; i < n; i++) {
		const char *names[32];
		size_t m = value_names(names, &k[i]);
		char *row = xasprintf("| `%s` |", k[i].name);
		cr_expect(strstr(readme, row) != NULL, "README lacks a row %s", row);
		free(row);
		for (size_t j = 0; j < m; j++) {
			char *v = xasprintf("`%s`", names[j]);
			cr_expect(strstr(readme, v) != NULL, "README lacks %s", v);
			free(v);
		}
	}
	free(readme);
}

/* text with every '-' written as roff's "\-" */
static char *roff_escape(const char *text)
{
	char *out = dk_xmalloc(2 * strlen(text) + 1), *o = out;
	for (; *text; text++) {
		if (*text == '-')
			*o++ = '\\';
		*o++ = *text;
	}
	*o = '\0';
	return out;
}

/* So does dokoref-rules(5): each key as a tagged paragraph, each value. */
Test(ruleset, man_page_lists_every_key)
{
	char *page = slurp(DK_SOURCE_ROOT "/man/dokoref-rules.5", NULL);
	size_t n;
	const dk_rule_key *k = dk_ruleset_keys(&n);

	cr_assert_not_null(page);
	for (size_t i = 0; i < n; i++) {
		const char *names[32];
		size_t m = value_names(names, &k[i]);
		char *key = xasprintf(".B %s\n", k[i].name);
		cr_expect(strstr(page, key) != NULL, "dokoref-rules.5 lacks %s", key);
		free(key);
		for (size_t j = 0; j < m; j++) {
			char *v = roff_escape(names[j]);
			cr_expect(strstr(page, v) != NULL, "dokoref-rules.5 lacks %s", v);
			free(v);
		}
	}
	free(page);
}

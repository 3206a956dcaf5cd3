/*
 * check_compare.c - `dokoref check --rules all` and `--rules A,B,...`:
 * every game judged under each named rule set, side by side
 * (src/report/compare_view.c words the table).
 *
 * Which rule makes the difference, and how it is found: for each set whose
 * verdict differs from the first set's (the reference: the first of the
 * list, or the first name in order for `all`), the rule keys are taken in
 * the order of the key table (src/ruleset/ruleset.c); for each key whose
 * value differs between the two, the reference set is copied, that one key
 * is given the other set's value, and the game is judged again.  The first
 * key that alone changes the reference's verdict is named.  A key that
 * cannot be changed alone (the copy would contradict itself, e.g. a solo
 * order naming a solo the copy does not allow) is skipped and counted; when
 * no key changes the verdict alone (the difference needs two keys
 * together) that is said, with the number of keys that differ.
 *
 * Each game is judged on its own (no session: Bock is not applied), under
 * the named sets as they are; the record's own rule set, when it is among
 * them, with the record's own overrides (`set:`, <set>) applied, as a plain
 * `check` judges it.  The record's rule set also reads it (the notation
 * needs one to tell who led each trick).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_compare.h"
#include "compare_view.h"
#include "session.h"
#include "verdict.h"

typedef struct compare_state {
	dk_cli *cli;
	const char *path;
	long want;
	bool json;
	dk_lang lang;
	int count;
	const char *names[DK_CMP_MAX_SETS];
	dk_ruleset sets[DK_CMP_MAX_SETS];
	dk_verdict *v[DK_CMP_MAX_SETS];
	const dk_rules *judged_by[DK_CMP_MAX_SETS];  /* this game's: a set, or the record's own */
	dk_verdict *trial;
	dk_diag refusals;            /* why a game cannot be judged under a set */
	dk_buf buf;
	bool findings;
} compare_state;

static const dk_verdict_opts quick = { DK_VP_NONE, 0 };

static void judge(dk_verdict *v, const dk_game *g, const dk_rules *r)
{
	dk_session_state ss;
	dk_session_begin(&ss, NULL);
	dk_verdict_judge(v, &ss, false, g, r, &quick);
}

/* which key makes the difference between the reference and set i */
static void explain(compare_state *st, const dk_game *g, int ref, int i, dk_compare_diff *d)
{
	size_t nkeys;
	const dk_rule_key *keys = dk_ruleset_keys(&nkeys);
	char a[DK_RULESET_VALUE_MAX], b[DK_RULESET_VALUE_MAX];
	for (size_t k = 0; k < nkeys; k++) {
		dk_ruleset_value_format(a, sizeof(a), st->judged_by[ref], &keys[k]);
		dk_ruleset_value_format(b, sizeof(b), st->judged_by[i], &keys[k]);
		if (strcmp(a, b) == 0)
			continue;
		d->keys_differing++;
		if (d->key)
			continue;
		/* the reference with this one key as set i has it (the strings
		 * of the copy stay the reference's; the override's own go into
		 * the copy's arena) */
		dk_ruleset trial;
		dk_ruleset_init(&trial);
		trial.rules = *st->judged_by[ref];
		dk_diag diag;
		dk_diag_init(&diag);
		if (dk_ruleset_override(&trial, keys[k].name, b, st->names[i], DK_LOC_NONE,
					&diag) < 0 || dk_ruleset_check(&trial, &diag) < 0) {
			d->keys_inconsistent++;
		} else {
			judge(st->trial, g, &trial.rules);
			if (!dk_compare_same(st->trial, st->v[ref])) {
				d->key = keys[k].name;
				snprintf(d->ref_value, sizeof(d->ref_value), "%s", a);
				snprintf(d->value, sizeof(d->value), "%s", b);
			}
		}
		dk_diag_release(&diag);
		dk_ruleset_release(&trial);
	}
}

/* the overrides the record itself makes of its rule set, game and session */
static size_t own_overrides(const dk_game *g)
{
	size_t n = g->has_rules ? g->rules.override_count : 0;
	if (g->session && g->session->has_rules)
		n += g->session->rules.override_count;
	return n;
}

/* the name of the record's own rule set (NULL: none, or a file) */
static const char *own_name(const dk_game *g)
{
	if (g->has_rules)
		return g->rules.name;
	if (g->session && g->session->has_rules)
		return g->session->rules.name;
	return NULL;
}

/* the set cannot judge the game because its deck has nines and the game's
 * hands have not, or the other way round: the number of cards the record
 * gives each hand is not the set's (1: it plays with nines, -1: without) */
static int refused_for_nines(const dk_game *g, const dk_rules *r)
{
	if (g->deal.hand_count == 0)
		return 0;
	int cards = g->deal.hands[0].count;
	for (int h = 1; h < g->deal.hand_count; h++)
		if (g->deal.hands[h].count != cards)
			return 0;
	/* the other deck's hand (dk_rules_hand_size: 12 with nines, 10 without) */
	int other = r->deck_nines ? 10 : 12;
	if (cards != other)
		return 0;
	return r->deck_nines ? 1 : -1;
}

static int on_game(void *ud, const dk_game *g, const dk_rules *record_rules)
{
	compare_state *st = ud;
	if (st->want && (long)g->index != st->want)
		return 0;
	dk_compare c;
	memset(&c, 0, sizeof(c));
	c.file = st->path;
	c.game = g;
	c.count = st->count;
	c.ref = st->count;
	dk_diag_clear(&st->refusals);
	bool bad[DK_CMP_MAX_SETS] = { false };
	size_t at[DK_CMP_MAX_SETS];
	for (int i = 0; i < st->count; i++) {
		c.names[i] = st->names[i];
		c.v[i] = st->v[i];
		st->judged_by[i] = &st->sets[i].rules;
		const char *own = own_name(g);
		if (record_rules && own && strcmp(own, st->names[i]) == 0 && own_overrides(g)) {
			st->judged_by[i] = record_rules;
			c.own_overrides[i] = own_overrides(g);
		}
		/* a game whose deck or table the set does not have is not judged */
		at[i] = st->refusals.count;
		if (dk_record_check(g, st->judged_by[i], st->path, &st->refusals)) {
			bad[i] = true;
			continue;
		}
		judge(st->v[i], g, st->judged_by[i]);
		if (c.ref == st->count)
			c.ref = i;
		if (st->v[i]->errors)
			st->findings = true;
	}
	for (int i = 0; i < st->count; i++) {
		if (!bad[i])
			continue;
		c.refused[i] = "?";
		c.refused_nines[i] = refused_for_nines(g, st->judged_by[i]);
		for (size_t k = at[i]; k < st->refusals.count; k++)
			if (st->refusals.items[k].severity == DK_SEV_ERROR) {
				c.refused[i] = st->refusals.items[k].message;
				break;
			}
	}
	for (int i = c.ref + 1; i < st->count; i++) {
		if (c.refused[i])
			continue;
		c.diff[i].differs = !dk_compare_same(st->v[i], st->v[c.ref]);
		if (c.diff[i].differs)
			explain(st, g, c.ref, i, &c.diff[i]);
	}
	dk_buf_clear(&st->buf);
	if (st->json)
		dk_compare_json(&st->buf, &c);
	else
		dk_compare_text(&st->buf, st->lang, &c);
	fwrite(st->buf.data, 1, st->buf.len, st->cli->out);
	return 0;
}

bool dk_check_compare_wanted(const char *rules)
{
	return rules && (strcmp(rules, "all") == 0 || strchr(rules, ','));
}

/* the names of --rules: every rule set found for "all", else the list */
static int collect(compare_state *st, const char *rules, dk_ruleset_catalog *cat, char **copy)
{
	*copy = NULL;
	if (strcmp(rules, "all") == 0) {
		dk_diag d;
		dk_diag_init(&d);
		dk_ruleset_list(cat, dk_ruleset_default_dirs(), &d);
		dk_cli_print_diag(st->cli, &d);
		dk_diag_release(&d);
		for (size_t i = 0; i < cat->count; i++) {
			if (st->count == DK_CMP_MAX_SETS) {
				fprintf(st->cli->err, "dokoref check: more than %d rule sets found; "
					"the first %d are compared\n", DK_CMP_MAX_SETS, DK_CMP_MAX_SETS);
				break;
			}
			st->names[st->count++] = cat->items[i].name;
		}
		return 0;
	}
	*copy = dk_xstrdup(rules);
	for (char *p = *copy, *tok; (tok = strsep(&p, ",")) != NULL;) {
		if (!*tok)
			return dk_cli_usage_error(st->cli, &dk_cmd_check,
						  "--rules: an empty name in the list '%s'", rules);
		if (st->count == DK_CMP_MAX_SETS)
			return dk_cli_usage_error(st->cli, &dk_cmd_check,
						  "--rules: at most %d rule sets", DK_CMP_MAX_SETS);
		st->names[st->count++] = tok;
	}
	return 0;
}

int dk_check_compare(dk_cli *cli, const char *rules, const dk_read_opts *base_opts, bool json,
		     dk_lang lang, long want, int nfiles, char **files)
{
	compare_state st;
	memset(&st, 0, sizeof(st));
	st.cli = cli;
	st.json = json;
	st.lang = lang;
	st.want = want;
	dk_ruleset_catalog cat = { NULL, 0 };
	char *copy = NULL;
	int status = collect(&st, rules, &cat, &copy);
	if (status == 0 && st.count == 0) {
		fprintf(cli->err, "dokoref check: no rule sets found for --rules all\n");
		status = DK_EXIT_INVALID;
	}
	int loaded = 0;
	while (status == 0 && loaded < st.count) {
		dk_diag d;
		dk_diag_init(&d);
		if (dk_ruleset_load(&st.sets[loaded], st.names[loaded], dk_ruleset_default_dirs(),
				    &d) < 0) {
			dk_cli_print_diag(cli, &d);
			dk_cli_err_printf(cli, "dokoref check: cannot load rule set '%s'\n",
					  st.names[loaded]);
			dk_ruleset_release(&st.sets[loaded]);
			status = DK_EXIT_INVALID;
		} else {
			dk_cli_print_diag(cli, &d);
			loaded++;
		}
		dk_diag_release(&d);
	}
	if (status == 0) {
		for (int i = 0; i < st.count; i++)
			st.v[i] = dk_xcalloc(1, sizeof(dk_verdict));
		st.trial = dk_xcalloc(1, sizeof(dk_verdict));
		dk_buf_init(&st.buf);
		dk_diag_init(&st.refusals);
		/* the record's own rule set reads it; the named sets judge it */
		dk_read_opts opts = *base_opts;
		opts.rules = NULL;
		opts.need_rules = false;
		dk_each_fns fns = { .game = on_game };
		for (int i = 0; i < nfiles; i++) {
			st.path = strcmp(files[i], "-") == 0 ? "<stdin>" : files[i];
			int rc = dk_cli_each_game(cli, files[i], &opts, &fns, &st);
			if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
				status = DK_EXIT_SYSTEM;
			else if (rc > status)
				status = rc;
		}
		dk_buf_release(&st.buf);
		dk_diag_release(&st.refusals);
		for (int i = 0; i < st.count; i++)
			free(st.v[i]);
		free(st.trial);
		if (status == DK_EXIT_OK && st.findings)
			status = DK_EXIT_FINDINGS;
	}
	for (int i = 0; i < loaded; i++)
		dk_ruleset_release(&st.sets[i]);
	dk_ruleset_catalog_release(&cat);
	free(copy);
	return status;
}

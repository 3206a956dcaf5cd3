/*
 * fmt_freedoko_rules.c - FreeDoko's rule block as a dokoref rule set.
 *
 * Each FreeDoko option is looked up in one table: its default (FreeDoko's
 * hard-coded one, used when a party file leaves it out), the option it
 * depends on (FreeDoko writes inactive options too; one whose parent is off
 * counts as off), and either the dokoref key it sets or why dokoref cannot
 * express it.  The dokoref values are then written as YAML on a base set,
 * each with the FreeDoko line it rests on, and loaded by the ordinary rule
 * set loader.  formats/freedoko.md has the table in words.
 */
#include "fmt_freedoko.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "shown.h"

/* how an option that dokoref cannot express matters */
typedef enum fd_effect {
	FD_MAPPED = 0,       /* read into a dokoref key below */
	FD_NONE,             /* about the party or the program, not one game */
	FD_WHEN_ON,          /* changes verdicts when on (effective) */
	FD_WHEN_OFF,         /* changes verdicts when off */
} fd_effect;

typedef struct fd_opt {
	const char *key;
	const char *def;         /* FreeDoko's hard-coded default */
	const char *parent;      /* the option it depends on, or NULL */
	fd_effect effect;
	const char *why;         /* for the unmapped ones */
} fd_opt;

static const fd_opt opts[] = {
	{ "number of rounds limited", "true", NULL, FD_NONE, "the length of a party" },
	{ "number of rounds", "20", "number of rounds limited", FD_NONE, "the length of a party" },
	{ "points limited", "false", NULL, FD_NONE, "the length of a party" },
	{ "points", "40", "points limited", FD_NONE, "the length of a party" },
	{ "number of duty soli", "0", NULL, FD_MAPPED, NULL },
	{ "number of duty color soli", "0", NULL, FD_MAPPED, NULL },
	{ "number of duty picture soli", "0", NULL, FD_MAPPED, NULL },
	{ "offer duty solo", "true", NULL, FD_NONE,
	  "how the program offers a duty solo, not which games are played" },
	{ "lustsolo player leads", "true", NULL, FD_MAPPED, NULL },
	{ "solo always counts triple", "false", NULL, FD_MAPPED, NULL },
	{ "number of players", "4", NULL, FD_NONE, "always 4" },
	{ "number of players in game", "4", NULL, FD_NONE, "always 4" },
	{ "mutate", "false", NULL, FD_NONE, "a developer feature" },
	{ "show if valid", "true", NULL, FD_NONE, "display only" },
	{ "show all hands", "false", NULL, FD_NONE, "display only" },
	{ "show tricks number", "1", NULL, FD_NONE, "display only" },
	{ "show tricks in trickpiles", "false", NULL, FD_NONE, "display only" },
	{ "show trickpiles points", "false", NULL, FD_NONE, "display only" },
	{ "show known teams in game", "false", NULL, FD_NONE, "display only" },
	{ "show soloplayer in game", "true", NULL, FD_NONE, "display only" },
	{ "card hint", "false", NULL, FD_NONE, "display only" },
	{ "take back tricks", "false", NULL, FD_NONE, "a program feature" },
	{ "with nines", "true", NULL, FD_MAPPED, NULL },
	{ "dollen", "true", NULL, FD_MAPPED, NULL },
	{ "dollen second over first", "true", "dollen", FD_MAPPED, NULL },
	{ "dollen contrary in last trick", "false", "dollen second over first", FD_MAPPED, NULL },
	{ "dollen first over second with swines", "false", "swines", FD_MAPPED, NULL },
	{ "swines", "true", NULL, FD_MAPPED, NULL },
	{ "swines announcement begin", "true", "swines", FD_MAPPED, NULL },
	{ "swine only second", "false", "swines", FD_MAPPED, NULL },
	{ "swines in solo", "true", "swines", FD_MAPPED, NULL },
	{ "swines in poverty", "true", "swines", FD_MAPPED, NULL },
	{ "hyperswines", "false", "swines", FD_MAPPED, NULL },
	{ "hyperswines announcement begin", "true", "hyperswines", FD_MAPPED, NULL },
	{ "hyperswines in solo", "true", "hyperswines", FD_MAPPED, NULL },
	{ "hyperswines in poverty", "true", "hyperswines", FD_MAPPED, NULL },
	{ "swines and hyperswines joint", "false", "hyperswines", FD_MAPPED, NULL },
	{ "throw with nines", "true", "with nines", FD_MAPPED, NULL },
	{ "min number of throwing nines", "5", "throw with nines", FD_MAPPED, NULL },
	{ "throw with kings", "false", NULL, FD_MAPPED, NULL },
	{ "min number of throwing kings", "5", "throw with kings", FD_MAPPED, NULL },
	{ "throw with nines and kings", "false", "with nines", FD_MAPPED, NULL },
	{ "min number of throwing nines and kings", "7", "throw with nines and kings", FD_MAPPED,
	  NULL },
	{ "throw with richness", "false", NULL, FD_MAPPED, NULL },
	{ "min richness for throwing", "70", "throw with richness", FD_MAPPED, NULL },
	{ "throw when fox highest trump", "false", NULL, FD_MAPPED, NULL },
	{ "throw with one trump", "false", "poverty", FD_MAPPED, NULL },
	{ "throwing before solo", "false", NULL, FD_MAPPED, NULL },
	{ "poverty", "true", NULL, FD_MAPPED, NULL },
	{ "poverty shift", "true", "poverty", FD_MAPPED, NULL },
	{ "poverty shift only trump", "false", "poverty shift", FD_MAPPED, NULL },
	{ "poverty fox do not count", "false", "poverty", FD_MAPPED, NULL },
	{ "poverty fox shift extra", "false", "poverty fox do not count", FD_MAPPED, NULL },
	{ "poverty fox shift open", "false", "poverty", FD_NONE,
	  "how cards are passed, not which" },
	{ "marriage before poverty", "false", "poverty", FD_MAPPED, NULL },
	{ "marriage determination", "12", NULL, FD_MAPPED, NULL },
	{ "marriage first foreign", "true", NULL, FD_MAPPED, NULL },
	{ "marriage first color", "true", NULL, FD_MAPPED, NULL },
	{ "marriage first single color", "true", NULL, FD_MAPPED, NULL },
	{ "marriage first trump", "true", NULL, FD_MAPPED, NULL },
	{ "marriage first one decides", "false", NULL, FD_MAPPED, NULL },
	{ "genscher", "false", NULL, FD_MAPPED, NULL },
	{ "solo", "true", NULL, FD_MAPPED, NULL },
	{ "solo jack", "true", "solo", FD_MAPPED, NULL },
	{ "solo queen", "true", "solo", FD_MAPPED, NULL },
	{ "solo king", "true", "solo", FD_MAPPED, NULL },
	{ "solo queen jack", "true", "solo", FD_MAPPED, NULL },
	{ "solo king jack", "true", "solo", FD_MAPPED, NULL },
	{ "solo king queen", "true", "solo", FD_MAPPED, NULL },
	{ "solo koehler", "true", "solo", FD_MAPPED, NULL },
	{ "solo color", "true", "solo", FD_MAPPED, NULL },
	{ "solo meatless", "true", "solo", FD_MAPPED, NULL },
	{ "bock", "true", NULL, FD_MAPPED, NULL },
	{ "bock multiplier", "2", "bock", FD_MAPPED, NULL },
	{ "append bock", "false", "bock", FD_MAPPED, NULL },
	{ "bock after 120-120", "true", "bock", FD_MAPPED, NULL },
	{ "bock after lost solo", "false", "bock", FD_MAPPED, NULL },
	{ "bock after lost re/contra", "false", "bock", FD_MAPPED, NULL },
	{ "bock after heart trick", "false", "bock", FD_MAPPED, NULL },
	{ "bock after black game", "false", "bock", FD_MAPPED, NULL },
	{ "extrapoint catch fox", "true", NULL, FD_MAPPED, NULL },
	{ "extrapoint catch fox last trick", "false", "extrapoint catch fox", FD_MAPPED, NULL },
	{ "extrapoint fox last trick", "true", NULL, FD_MAPPED, NULL },
	{ "extrapoint double fox last trick", "false", "extrapoint fox last trick", FD_MAPPED, NULL },
	{ "extrapoint dolle jabs dolle", "false", "dollen", FD_MAPPED, NULL },
	{ "extrapoint heart trick", "false", "dollen", FD_MAPPED, NULL },
	{ "extrapoint charlie", "true", NULL, FD_MAPPED, NULL },
	{ "extrapoint catch charlie", "true", "extrapoint charlie", FD_MAPPED, NULL },
	{ "extrapoint double charlie", "false", "extrapoint charlie", FD_MAPPED, NULL },
	{ "extrapoint catch double charlie", "false", "extrapoint double charlie", FD_MAPPED, NULL },
	{ "extrapoint catch charlie only with diamond queen", "false", "extrapoint catch charlie",
	  FD_MAPPED, NULL },
	{ "announcement first trick thirty points", "true", NULL, FD_MAPPED, NULL },
	{ "announcement first trick thirty points only first", "false",
	  "announcement first trick thirty points", FD_MAPPED, NULL },
	{ "announcement first trick thirty points only re/contra", "true",
	  "announcement first trick thirty points", FD_MAPPED, NULL },
	{ "announcement first trick thirty points in marriage", "true",
	  "announcement first trick thirty points", FD_MAPPED, NULL },
	{ "announcement re/contra doubles", "true", NULL, FD_MAPPED, NULL },
	{ "announcement contra doubles against re", "false", "announcement re/contra doubles",
	  FD_MAPPED, NULL },
	{ "knocking", "false", NULL, FD_MAPPED, NULL },
	{ "announcement no 120", "11", NULL, FD_MAPPED, NULL },
	{ "announcement no 90", "9", NULL, FD_MAPPED, NULL },
	{ "announcement no 60", "6", NULL, FD_MAPPED, NULL },
	{ "announcement no 30", "3", NULL, FD_MAPPED, NULL },
	{ "announcement no 0", "3", NULL, FD_MAPPED, NULL },
	{ "last announcement", "3", NULL, FD_MAPPED, NULL },
	{ "announcement till full trick", "false", NULL, FD_MAPPED, NULL },
	{ "announcement reply", "true", NULL, FD_MAPPED, NULL },
	{ "announcement strict limit", "false", NULL, FD_MAPPED, NULL },
	{ "counting", "plus", NULL, FD_MAPPED, NULL },
	{ NULL, NULL, NULL, FD_NONE, NULL }
};

typedef struct fd_val {
	const fd_opt *opt;
	const char *value;       /* as written, or the default */
	dk_loc loc;              /* 0 = FreeDoko's default */
	bool on;                 /* effective (boolean options) */
	long num;
} fd_val;

#define OPT_COUNT (sizeof(opts) / sizeof(opts[0]) - 1)

static const fd_opt *find_opt(const char *key)
{
	/* two legacy names FreeDoko still reads */
	if (strcmp(key, "throw with five nines") == 0)
		key = "throw with nines";
	else if (strcmp(key, "throw with six kings") == 0)
		key = "throw with kings";
	for (size_t i = 0; i < OPT_COUNT; i++)
		if (strcmp(opts[i].key, key) == 0)
			return &opts[i];
	return NULL;
}

static int parse_bool(const char *s)
{
	if (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "1"))
		return 1;
	if (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "0"))
		return 0;
	return -1;
}

typedef struct conv {
	fd_val v[OPT_COUNT];
	const char *file;
	dk_buf *out;
	dk_fd_rule_map *map;
	dk_diag *diag;
	int rc;
} conv;

static fd_val *val(conv *c, const char *key)
{
	const fd_opt *o = find_opt(key);
	return o ? &c->v[o - opts] : NULL;
}

static bool on(conv *c, const char *key)
{
	fd_val *x = val(c, key);
	return x && x->on;
}

static long num(conv *c, const char *key)
{
	fd_val *x = val(c, key);
	return x ? x->num : 0;
}

/* a YAML single-quoted string of s */
static void put_quoted(dk_buf *b, const char *s)
{
	dk_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			dk_buf_putc(b, '\'');
		if ((unsigned char)*s >= 0x20 || *s == '\t')
			dk_buf_putc(b, *s);
	}
	dk_buf_putc(b, '\'');
}

/* the source of a value: the FreeDoko lines it rests on */
static void put_source(conv *c, const char *const *keys, const char *extra)
{
	char text[2400];
	size_t n = 0;
	text[0] = '\0';
	for (size_t i = 0; keys[i]; i++) {
		fd_val *x = val(c, keys[i]);
		if (!x)
			continue;
		int k;
		if (x->loc.line)
			k = snprintf(text + n, sizeof(text) - n, "%sFreeDoko %s:%u: \"%s = %s\"",
				     i ? "; " : "", c->file, (unsigned)x->loc.line, x->opt->key,
				     x->value);
		else
			k = snprintf(text + n, sizeof(text) - n,
				     "%sFreeDoko default (not in %s): \"%s = %s\"", i ? "; " : "",
				     c->file, x->opt->key, x->value);
		if (k < 0 || (size_t)k >= sizeof(text) - n)
			break;
		n += (size_t)k;
	}
	if (n == 0)
		n = (size_t)snprintf(text, sizeof(text), "FreeDoko has no option for it "
				     "(formats/freedoko.md, How FreeDoko scores)");
	if (extra && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, ": %s", extra);
	dk_buf_puts(c->out, "    source: ");
	put_quoted(c->out, text);
	dk_buf_putc(c->out, '\n');
}

#define KEYS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define FIXED ((const char *const[]){ NULL })  /* no option: FreeDoko always does it */

static void rule(conv *c, const char *key, const char *value, const char *const *from,
		 const char *extra)
{
	dk_buf_printf(c->out, "  %s:\n    value: %s\n", key, value);
	put_source(c, from, extra);
}

static void unmapped(conv *c, const fd_val *x)
{
	const fd_opt *o = x->opt;
	bool verdict = false;
	switch (o->effect) {
	case FD_MAPPED:
		return;
	case FD_NONE:
		verdict = false;
		break;
	case FD_WHEN_ON:
		if (!x->on)
			return;
		verdict = true;
		break;
	case FD_WHEN_OFF:
		if (x->on)
			return;
		verdict = true;
		break;
	}
	/* an option whose parent is off does not apply */
	if (o->parent && !on(c, o->parent))
		return;
	if (c->map->unmapped_count == DK_FD_MAX_UNMAPPED)
		return;
	dk_fd_unmapped *u = &c->map->unmapped[c->map->unmapped_count++];
	u->key = o->key;
	u->value = x->value;
	u->loc = x->loc;
	u->verdict = verdict;
	u->why = o->why;
	if (verdict)
		c->map->verdict_count++;
}

static int to_yaml(dk_buf *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
		   const char *base, const char *name, const char *file, dk_diag *diag);

/* the source file's name goes into the rule set written (a comment, the
 * title, the sources) as text shows it: a newline in it would end the
 * comment and start a line of YAML of its own, and bytes that are no
 * UTF-8 would make the file one libyaml refuses */
int dk_fd_rules_to_yaml(dk_buf *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
			const char *base, const char *name, const char *file, dk_diag *diag)
{
	char *keep = NULL;
	int rc = to_yaml(out, map, rules, base, name, dk_shown(file, &keep), diag);
	free(keep);
	return rc;
}

static int to_yaml(dk_buf *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
		   const char *base, const char *name, const char *file, dk_diag *diag)
{
	conv c;
	memset(&c, 0, sizeof(c));
	memset(map, 0, sizeof(*map));
	c.file = file;
	c.out = out;
	c.map = map;
	c.diag = diag;
	for (size_t i = 0; i < OPT_COUNT; i++) {
		c.v[i].opt = &opts[i];
		c.v[i].value = opts[i].def;
	}
	for (size_t i = 0; i < rules->count; i++) {
		const dk_fd_rule *x = &rules->items[i];
		fd_val *v = val(&c, x->key);
		if (!v) {
			/* FreeDoko itself only warns about unknown names */
			dk_diag_warning(diag, file, x->loc, "unknown FreeDoko rule '%s' is ignored",
					x->key);
			continue;
		}
		v->value = x->value;
		v->loc = x->loc;
	}
	/* values: booleans, numbers, counting */
	for (size_t i = 0; i < OPT_COUNT; i++) {
		fd_val *v = &c.v[i];
		bool boolean = strcmp(v->opt->def, "true") == 0 || strcmp(v->opt->def, "false") == 0;
		if (strcmp(v->opt->key, "counting") == 0) {
			if (strcmp(v->value, "plus") && strcmp(v->value, "minus") &&
			    strcmp(v->value, "plus-minus")) {
				dk_diag_error(diag, file, v->loc, "'counting' is plus, minus or "
					      "plus-minus, not '%s'", v->value);
				c.rc = -1;
			}
			continue;
		}
		if (boolean) {
			int b = parse_bool(v->value);
			if (b < 0) {
				dk_diag_error(diag, file, v->loc, "'%s' is true or false, not '%s'",
					      v->opt->key, v->value);
				c.rc = -1;
				b = 0;
			}
			v->on = b;
		} else {
			char *e;
			long n = strtol(v->value, &e, 10);
			if (*e || e == v->value || n < 0 || n > 10000) {
				dk_diag_error(diag, file, v->loc, "'%s' is a number, not '%s'",
					      v->opt->key, v->value);
				c.rc = -1;
				n = 0;
			}
			v->num = n;
		}
	}
	/* effective values: a child of an option that is off is off */
	for (size_t i = 0; i < OPT_COUNT; i++)
		if (c.v[i].opt->parent && !on(&c, c.v[i].opt->parent))
			c.v[i].on = false;
	if (c.rc < 0)
		return -1;

	int hand = on(&c, "with nines") ? 12 : 10;
	dk_buf_printf(out, "# Converted by dokoref from the FreeDoko rules in %s.\n"
		      "# Every value names the FreeDoko line it rests on; the options\n"
		      "# dokoref cannot express are listed at the end.\n", file);
	/* a plain null (an output named null.yaml) would read as no name */
	dk_buf_puts(out, "name: ");
	if (!*name || strcmp(name, "~") == 0 || strcasecmp(name, "null") == 0)
		put_quoted(out, name);
	else
		dk_buf_puts(out, name);
	dk_buf_puts(out, "\ntitle: ");
	char title[600];
	snprintf(title, sizeof(title), "FreeDoko rules of %s", file);
	put_quoted(out, title);
	dk_buf_puts(out, "\ndocument: ");
	put_quoted(out, file);
	dk_buf_printf(out, "\nbase: %s\nrules:\n", base);

	rule(&c, "deck.nines", on(&c, "with nines") ? "true" : "false", KEYS("with nines"), NULL);
	rule(&c, "ties.heart10",
	     !on(&c, "dollen second over first") ? "first-wins"
	     : on(&c, "dollen contrary in last trick") ? "second-wins-except-last" : "second-wins",
	     KEYS("dollen second over first", "dollen contrary in last trick"), NULL);
	/* FreeDoko keeps the first ♥10 on top with swines only where the second
	 * would otherwise win (Rule::dependencies) */
	rule(&c, "ties.heart10_first_with_swines",
	     on(&c, "dollen first over second with swines") && on(&c, "dollen") &&
	     (on(&c, "dollen second over first") || on(&c, "dollen contrary in last trick"))
	     ? "true" : "false",
	     KEYS("dollen first over second with swines", "dollen second over first",
		  "dollen contrary in last trick"), NULL);
	rule(&c, "trumps.heart10", on(&c, "dollen") ? "true" : "false", KEYS("dollen"), NULL);
	rule(&c, "lead.normal", "left-of-dealer", KEYS("lustsolo player leads"),
	     "FreeDoko's start player, left of the dealer, leads a normal game");
	rule(&c, "lead.solo", on(&c, "lustsolo player leads") ? "soloist" : "left-of-dealer",
	     KEYS("lustsolo player leads"), "a lust solo");
	/* FreeDoko 0.7.13 counts a solo of a player who owes one as the duty
	 * solo and leads it as a lust solo: under "false" the start player led
	 * it (a log of FreeDoko's own, tests/freedoko/duty-solo-start-leads);
	 * in the duty soli round after the rounds the soloist is the start player */
	rule(&c, "lead.duty_solo", on(&c, "lustsolo player leads") ? "soloist" : "left-of-dealer",
	     KEYS("lustsolo player leads"), "a duty solo is led as a lust solo");

	/* solos */
	char kinds[200] = "[";
	bool solo = on(&c, "solo");
	if (solo && on(&c, "solo queen"))
		strcat(kinds, "queens, ");
	if (solo && on(&c, "solo jack"))
		strcat(kinds, "jacks, ");
	if (solo && on(&c, "solo color"))
		strcat(kinds, "clubs, spades, hearts, diamonds, ");
	if (solo && on(&c, "solo meatless"))
		strcat(kinds, "fleischlos, ");
	if (solo && on(&c, "solo koehler"))
		strcat(kinds, "koehler, ");
	if (solo && on(&c, "solo king"))
		strcat(kinds, "kings, ");
	if (solo && on(&c, "solo queen jack"))
		strcat(kinds, "queens-jacks, ");
	if (solo && on(&c, "solo king jack"))
		strcat(kinds, "kings-jacks, ");
	if (solo && on(&c, "solo king queen"))
		strcat(kinds, "kings-queens, ");
	size_t kl = strlen(kinds);
	if (kl > 2)
		kinds[kl - 2] = '\0';
	strcat(kinds, "]");
	rule(&c, "solo.kinds", kinds, KEYS("solo", "solo queen", "solo jack", "solo color",
					   "solo meatless", "solo koehler", "solo king",
					   "solo queen jack", "solo king jack", "solo king queen"),
	     NULL);
	rule(&c, "solo.clash", "seat", KEYS("solo"),
	     "of two solos the player asked first plays (a duty solo before a lust solo)");
	rule(&c, "solo.priority", "[]", KEYS("solo"), "FreeDoko ranks no solo above another");

	/* reservations: solo, throwing, poverty, marriage in FreeDoko's order */
	char n[32];
	char order[100] = "[";
	bool nines_throw = on(&c, "throw with nines");
	bool kings_throw = on(&c, "throw with kings");
	bool nk_throw = on(&c, "throw with nines and kings");
	bool rich_throw = on(&c, "throw with richness");
	bool fox_throw = on(&c, "throw when fox highest trump");
	bool throw_in = nines_throw || kings_throw || nk_throw || rich_throw || fox_throw;
	const char *sep = "";
	if (throw_in && on(&c, "throwing before solo")) {
		strcat(order, "throw-in");
		sep = ", ";
	}
	if (solo) {
		strcat(order, sep);
		strcat(order, "solo");
		sep = ", ";
	}
	if (throw_in && !on(&c, "throwing before solo")) {
		strcat(order, sep);
		strcat(order, "throw-in");
		sep = ", ";
	}
	bool poverty = on(&c, "poverty");
	if (poverty && on(&c, "marriage before poverty")) {
		strcat(order, sep);
		strcat(order, "marriage, poverty]");
	} else {
		strcat(order, sep);
		strcat(order, poverty ? "poverty, marriage]" : "marriage]");
	}
	rule(&c, "reservations.order", order,
	     KEYS("solo", "throwing before solo", "poverty", "marriage before poverty"),
	     "a solo before throwing, throwing before a poverty, a poverty before a marriage; "
	     "a poverty thrown in ranks as throwing");
	char reasons[120] = "[";
	static const char *const throws[] = {
		"five-nines", "five-kings", "nines-and-kings", "richness", "fox-highest-trump"
	};
	const bool throw_on[] = { nines_throw, kings_throw, nk_throw, rich_throw, fox_throw };
	for (size_t i = 0; i < sizeof(throws) / sizeof(throws[0]); i++) {
		if (!throw_on[i])
			continue;
		if (reasons[1])
			strcat(reasons, ", ");
		strcat(reasons, throws[i]);
	}
	strcat(reasons, "]");
	rule(&c, "throw_in.reasons", reasons,
	     KEYS("throw with nines", "throw with kings", "throw with nines and kings",
		  "throw with richness", "throw when fox highest trump"), NULL);
	/* a count FreeDoko allows beyond dokoref's range is clamped: there are
	 * 8 nines, 8 kings and 240 card points */
	static const struct {
		const char *key, *fd;
		long lo, hi;
	} mins[] = {
		{ "throw_in.min_nines", "min number of throwing nines", 1, 8 },
		{ "throw_in.min_kings", "min number of throwing kings", 1, 8 },
		{ "throw_in.min_nines_and_kings", "min number of throwing nines and kings", 1, 16 },
		{ "throw_in.min_richness", "min richness for throwing", 0, 240 },
	};
	for (size_t i = 0; i < sizeof(mins) / sizeof(mins[0]); i++) {
		long m = num(&c, mins[i].fd);
		snprintf(n, sizeof(n), "%ld", m < mins[i].lo ? mins[i].lo
			 : m > mins[i].hi ? mins[i].hi : m);
		rule(&c, mins[i].key, n, KEYS(mins[i].fd), NULL);
	}

	/* swines and hyperswines: FreeDoko's options exclude each other as its
	 * Rule::dependencies says: "swines announcement begin" counts only
	 * without "swine only second", that one only without the first and
	 * without hyperswines, hyperswines only without "swine only second" */
	bool swines = on(&c, "swines");
	bool begin = swines && !on(&c, "swine only second");
	bool second = swines && !on(&c, "swines announcement begin") && !on(&c, "hyperswines");
	bool hyper = swines && on(&c, "hyperswines") && !second;
	begin = begin && on(&c, "swines announcement begin");
	rule(&c, "swines.kind", !swines ? "none" : begin ? "declared-at-start" : "declared",
	     KEYS("swines", "swines announcement begin", "swine only second"), NULL);
	char ssolos[80] = "[]";
	bool in_solo = swines && on(&c, "swines in solo") && solo && on(&c, "solo color");
	if (in_solo)
		strcpy(ssolos, "[clubs, spades, hearts, diamonds]");
	rule(&c, "swines.solos", ssolos, KEYS("swines in solo", "solo color"),
	     "the aces of the solo colour in a colour solo");
	bool in_poverty = swines && on(&c, "swines in poverty") && on(&c, "poverty shift");
	rule(&c, "swines.in_poverty", !swines || in_poverty ? "counts" : "none",
	     KEYS("swines in poverty", "poverty shift"), NULL);
	rule(&c, "swines.in_silent_marriage", swines ? "true" : "false", KEYS("swines"),
	     "FreeDoko's swines count in a silent marriage as in a normal game, "
	     "whatever \"swines in solo\" says");
	rule(&c, "swines.only_second", second && on(&c, "swine only second") ? "true" : "false",
	     KEYS("swine only second", "swines announcement begin", "hyperswines"),
	     "the first trump ace is an ordinary card; once it is in the trick pile of its "
	     "holder's party the second is a swine");
	rule(&c, "hyperswines.kind", !hyper ? "none"
	     : begin && on(&c, "hyperswines announcement begin") ? "declared-at-start" : "declared",
	     KEYS("hyperswines", "hyperswines announcement begin", "swines announcement begin"),
	     "the two nines of the trump colour, or its kings without nines");
	rule(&c, "hyperswines.solos", hyper && in_solo && on(&c, "hyperswines in solo")
	     ? "[clubs, spades, hearts, diamonds]" : "[]",
	     KEYS("hyperswines in solo", "swines in solo", "solo color"), NULL);
	rule(&c, "hyperswines.in_poverty",
	     hyper && in_poverty && on(&c, "hyperswines in poverty") ? "true" : "false",
	     KEYS("hyperswines in poverty", "swines in poverty"), NULL);
	rule(&c, "hyperswines.with_swines",
	     hyper && on(&c, "swines and hyperswines joint") ? "true" : "false",
	     KEYS("swines and hyperswines joint"), NULL);
	rule(&c, "genscher.enabled", "false", KEYS("genscher"),
	     "dokoref's Genscher (reversing the trumps) is not FreeDoko's");
	/* FreeDoko's genscher is a partner pick: the holder of both trump kings
	 * names a partner with the first of them, in a normal game or a marriage */
	bool genscher = on(&c, "genscher");
	rule(&c, "wende_genscher.enabled", genscher ? "true" : "false", KEYS("genscher"),
	     genscher ? "the holder of both trump kings may pick a partner when playing the first"
		      : NULL);
	if (genscher) {
		rule(&c, "wende_genscher.card", "diamond-king", KEYS("genscher"),
		     "the trump kings of a normal game or a marriage are the ♦K");
		rule(&c, "wende_genscher.parties", "caller-and-partner-re", KEYS("genscher"),
		     "the genscher player and his partner are Re, the others Kontra");
		rule(&c, "wende_genscher.announcements", "reduced-to-re-kontra", KEYS("genscher"),
		     "each player who announced keeps only a Re or Kontra for his new party");
		rule(&c, "wende_genscher.bride_alone", "false", KEYS("genscher"),
		     "a silent marriage and a marriage the bride plays alone are solos in "
		     "FreeDoko: no genscher");
	}

	/* marriage */
	char conds[160] = "[";
	const char *def = NULL;
	bool any = false;
	if (on(&c, "marriage first foreign")) {
		strcat(conds, "first-trick");
		def = def ? def : "first-trick";
		any = true;
	}
	if (on(&c, "marriage first color")) {
		strcat(conds, any ? ", first-fehl-trick" : "first-fehl-trick");
		def = def ? def : "first-fehl-trick";
		any = true;
	}
	if (on(&c, "marriage first trump")) {
		strcat(conds, any ? ", first-trump-trick" : "first-trump-trick");
		def = def ? def : "first-trump-trick";
		any = true;
	}
	if (on(&c, "marriage first single color")) {
		strcat(conds, any ? ", first-club-trick, first-spade-trick, first-heart-trick"
			    : "first-club-trick, first-spade-trick, first-heart-trick");
		def = def ? def : "first-club-trick";
		any = true;
	}
	if (!any) {
		/* FreeDoko switches 'first color' back on */
		strcat(conds, "first-fehl-trick");
		def = "first-fehl-trick";
	}
	strcat(conds, "]");
	rule(&c, "marriage.enabled", "true", KEYS("marriage determination"),
	     "FreeDoko always allows a marriage");
	rule(&c, "marriage.conditions", conds,
	     KEYS("marriage first foreign", "marriage first color", "marriage first trump",
		  "marriage first single color"), NULL);
	rule(&c, "marriage.default_condition", def,
	     KEYS("marriage first foreign", "marriage first color", "marriage first trump",
		  "marriage first single color"),
	     "the first selector FreeDoko allows");
	long det = num(&c, "marriage determination");
	snprintf(n, sizeof(n), "%ld", det < 1 ? 1 : det > hand ? hand : det);
	rule(&c, "marriage.deadline_trick", n, KEYS("marriage determination"), NULL);
	rule(&c, "marriage.alone", "solo", KEYS("marriage determination"),
	     "after the determination the bride plays alone, scored as a solo");
	rule(&c, "marriage.silent_solo", "diamonds", KEYS("marriage determination"),
	     "FreeDoko scores a silent marriage as a solo with the normal trumps");
	rule(&c, "marriage.bride_meets_condition",
	     on(&c, "marriage first one decides") ? "alone" : "skipped",
	     KEYS("marriage first one decides"), NULL);
	rule(&c, "marriage.deadline_shift", "by-clarifying-trick", KEYS("marriage determination"),
	     "announcement deadlines in a marriage move by the determination trick less one");

	/* poverty */
	rule(&c, "poverty.enabled", poverty ? "true" : "false", KEYS("poverty"), NULL);
	rule(&c, "poverty.max_trumps", "3", KEYS("poverty"),
	     "a poverty is a hand of at most 3 trumps (fixed in FreeDoko)");
	rule(&c, "poverty.pass", on(&c, "poverty shift only trump") ? "trumps-only" : "trumps-filled",
	     KEYS("poverty shift only trump"), NULL);
	rule(&c, "poverty.pass_count", "3", KEYS("poverty shift"),
	     "the poor player passes 3 cards (fixed in FreeDoko)");
	rule(&c, "poverty.foxes_not_counted", on(&c, "poverty fox do not count") ? "true" : "false",
	     KEYS("poverty fox do not count"), NULL);
	rule(&c, "poverty.foxes_passed_extra", on(&c, "poverty fox shift extra") ? "true" : "false",
	     KEYS("poverty fox shift extra"), NULL);
	rule(&c, "poverty.exchange", on(&c, "poverty shift") || !poverty ? "true" : "false",
	     KEYS("poverty shift"), "without shifting a poverty is dealt again");
	rule(&c, "poverty.throw_in_max_trumps", on(&c, "throw with one trump") ? "1" : "-1",
	     KEYS("throw with one trump"), "a poverty with one trump or none is dealt again");
	rule(&c, "poverty.pair_party", "re", KEYS("poverty"),
	     "the poor player and the taker form Re");
	rule(&c, "poverty.return_fehl_first", "false", KEYS("poverty"),
	     "the taker returns any cards");
	rule(&c, "poverty.report", "count", KEYS("poverty"),
	     "FreeDoko tells how many trumps came back");
	rule(&c, "poverty.report_always", "true", KEYS("poverty"),
	     "FreeDoko tells it also when none came back");
	rule(&c, "poverty.refused", "redeal", KEYS("poverty shift"),
	     "a poverty refused by all is dealt again");
	rule(&c, "poverty.double", "first-asked", KEYS("poverty"),
	     "of two poverties FreeDoko plays the one of the player asked first");

	/* announcements */
	static const char *const ann[] = {
		"announcement no 120", "announcement no 90", "announcement no 60",
		"announcement no 30", "announcement no 0"
	};
	long last = num(&c, "last announcement");
	char mp[80] = "[";
	long prev = 0;
	for (int i = 0; i < 5; i++) {
		long need = num(&c, ann[i]);
		if (need < last)
			need = last;
		long played = hand - need;
		if (played < 0)
			played = 0;
		if (played < prev)
			played = prev;
		prev = played;
		char t[32];
		snprintf(t, sizeof(t), "%s%ld", i ? ", " : "", played);
		strcat(mp, t);
	}
	strcat(mp, "]");
	bool till_full = on(&c, "announcement till full trick");
	rule(&c, "announce.model", till_full ? "game-tricks" : "own-cards",
	     KEYS("announcement till full trick"),
	     till_full ? "FreeDoko counts the tricks remaining, the current one until the next "
			 "card is played"
		       : "FreeDoko counts the cards the announcer still holds");
	rule(&c, "announce.max_played", mp,
	     KEYS("announcement no 120", "announcement no 90", "announcement no 60",
		  "announcement no 30", "announcement no 0", "last announcement"),
	     till_full ? "allowed while at least N tricks remain: at most the hand size less N "
			 "tricks finished, never after the last announcement"
		       : "allowed while holding at least N cards: at most the hand size less N "
			 "played, never after the last announcement");
	rule(&c, "announce.reply", on(&c, "announcement reply") ? "one-card-later" : "none",
	     KEYS("announcement reply"), NULL);
	rule(&c, "announce.strict_limit", on(&c, "announcement strict limit") ? "true" : "false",
	     KEYS("announcement strict limit", "announcement reply"),
	     on(&c, "announcement strict limit")
		     ? "Re and Kontra are bids of 121; the answer to the opponents' highest is "
		       "\"no X reply\", a bid of its own (formats/freedoko.md)"
		     : NULL);
	rule(&c, "announce.per_player", on(&c, "knocking") ? "true" : "false", KEYS("knocking"),
	     on(&c, "knocking") ? "in a game whose parties are not known each player announces "
				  "for himself, and each player's announcement counts"
				: NULL);
	rule(&c, "announce.mandatory_first_trick_points",
	     on(&c, "announcement first trick thirty points") ? "30" : "0",
	     KEYS("announcement first trick thirty points"), NULL);
	bool in_marriage = !on(&c, "announcement first trick thirty points") ||
			   on(&c, "announcement first trick thirty points in marriage");
	rule(&c, "announce.mandatory_games", in_marriage ? "normal-games" : "normal-games-no-marriage",
	     KEYS("announcement first trick thirty points",
		  "announcement first trick thirty points in marriage"),
	     in_marriage ? "in a normal game and, as the option says, a marriage; not in a solo or "
			   "a poverty (FreeDoko 0.7.13 itself checks only normal games: "
			   "partyC.gameplay-debug.log game 17)"
			 : "in a normal game, not in a marriage, a solo or a poverty");
	rule(&c, "announce.mandatory_only_if_none_said",
	     on(&c, "announcement first trick thirty points only first") ? "true" : "false",
	     KEYS("announcement first trick thirty points only first"),
	     "with \"only first\" there is no duty once anybody announced in the first trick");
	rule(&c, "announce.mandatory_raise",
	     on(&c, "announcement first trick thirty points only re/contra") ? "false" : "true",
	     KEYS("announcement first trick thirty points only re/contra"), NULL);

	/* scoring */
	bool doubles = on(&c, "announcement re/contra doubles");
	rule(&c, "score.model", doubles ? "doubling" : "additive",
	     KEYS("announcement re/contra doubles"), NULL);
	rule(&c, "score.call_points", "2", KEYS("announcement re/contra doubles"),
	     "\"no 120 said\" is worth 2");
	rule(&c, "score.reached_against_limit", "true", FIXED,
	     "FreeDoko scores \"got 120 against no 90\" and the like");
	rule(&c, "score.lone_kontra", "true", FIXED,
	     "with only Kontra announced Re wins with 120");
	rule(&c, "score.against_old", "normal-games", KEYS("announcement contra doubles against re"),
	     "\"contra won\" in every game but a solo");
	rule(&c, "score.against_old_doubled",
	     on(&c, "announcement contra doubles against re") ? "true" : "false",
	     KEYS("announcement re/contra doubles", "announcement contra doubles against re"),
	     "\"contra won\" doubled by Re and Kontra, or added after");
	rule(&c, "score.doppelkopf", "true", FIXED,
	     "a trick of 40 is always an extra point in FreeDoko");
	rule(&c, "score.fox", on(&c, "extrapoint catch fox") ? "true" : "false",
	     KEYS("extrapoint catch fox"), NULL);
	/* FreeDoko's conditions (src/party/rule.cpp): an option counts only where
	 * the ones it depends on are on; the parents in opts[] say which */
	rule(&c, "score.fox_caught_last_trick",
	     on(&c, "extrapoint catch fox last trick") ? "true" : "false",
	     KEYS("extrapoint catch fox", "extrapoint catch fox last trick"), NULL);
	rule(&c, "score.fox_last_trick", on(&c, "extrapoint fox last trick") ? "true" : "false",
	     KEYS("extrapoint fox last trick"), NULL);
	rule(&c, "score.fox_last_trick_both",
	     on(&c, "extrapoint double fox last trick") ? "true" : "false",
	     KEYS("extrapoint fox last trick", "extrapoint double fox last trick"), NULL);
	/* FreeDoko asks for "dollen second over first" or "dollen contrary in
	 * last trick" as well (each depends on "dollen" only, src/party/rule.cpp:
	 * the value as written, not the parent the table gives it); a ♥10 that
	 * wins against the other one is all dokoref's key needs */
	bool jabs = on(&c, "extrapoint dolle jabs dolle") &&
		    (on(&c, "dollen second over first") ||
		     (on(&c, "dollen") &&
		      parse_bool(val(&c, "dollen contrary in last trick")->value) == 1));
	rule(&c, "score.heart10_caught", jabs ? "true" : "false",
	     KEYS("dollen", "dollen second over first", "dollen contrary in last trick",
		  "extrapoint dolle jabs dolle"), NULL);
	rule(&c, "score.heart_trick",
	     on(&c, "extrapoint heart trick") && !on(&c, "with nines") ? "true" : "false",
	     KEYS("dollen", "with nines", "extrapoint heart trick"),
	     "FreeDoko has the heart trick only without nines");
	rule(&c, "score.karlchen", on(&c, "extrapoint charlie") ? "true" : "false",
	     KEYS("extrapoint charlie"), NULL);
	rule(&c, "score.karlchen_both", on(&c, "extrapoint double charlie") ? "true" : "false",
	     KEYS("extrapoint charlie", "extrapoint double charlie"), NULL);
	rule(&c, "score.karlchen_caught", on(&c, "extrapoint catch charlie") ? "true" : "false",
	     KEYS("extrapoint charlie", "extrapoint catch charlie"), NULL);
	rule(&c, "score.karlchen_caught_both",
	     on(&c, "extrapoint catch double charlie") ? "true" : "false",
	     KEYS("extrapoint charlie", "extrapoint double charlie",
		  "extrapoint catch double charlie"),
	     "FreeDoko counts one Karlchen caught unless this is on");
	rule(&c, "score.karlchen_caught_by_diamond_queen",
	     on(&c, "extrapoint catch charlie only with diamond queen") ? "true" : "false",
	     KEYS("extrapoint catch charlie only with diamond queen"), NULL);
	rule(&c, "score.solo_specials", "[]", FIXED,
	     "no extra points in any solo");
	rule(&c, "score.solo_factor", "3", FIXED, "a solo counts three times");
	rule(&c, "score.solo_call_points", "0", FIXED, "Re and Kontra in a solo count as in any game");
	rule(&c, "score.feigheit", "false", FIXED, "every level reached counts");
	rule(&c, "score.counter_announcement_doubles", "false", FIXED, "a lost counter-announcement is not doubled");

	/* across games: the party is one session; Bock (formats/freedoko.md, Bock).
	 * FreeDoko's number of duty soli is at least its colour and picture
	 * ones together (rule.cpp's minimum); they are part of it */
	long duty_colour = num(&c, "number of duty color soli");
	long duty_picture = num(&c, "number of duty picture soli");
	long duty = num(&c, "number of duty soli");
	if (duty < duty_colour + duty_picture)
		duty = duty_colour + duty_picture;
	if (duty > 12) {
		fd_val *x = val(&c, "number of duty soli");
		dk_diag_error(diag, file, x->loc, "'number of duty soli' is 0 to 12 for dokoref, "
			      "not '%s'", x->value);
		return -1;
	}
	snprintf(n, sizeof(n), "%ld", duty);
	rule(&c, "duty_soli.per_player", n,
	     KEYS("number of duty soli", "number of duty color soli", "number of duty picture soli"),
	     "each player's duty soli, the colour and picture ones included");
	snprintf(n, sizeof(n), "%ld", duty_colour);
	rule(&c, "duty_soli.colour_per_player", n, KEYS("number of duty color soli"), NULL);
	snprintf(n, sizeof(n), "%ld", duty_picture);
	rule(&c, "duty_soli.picture_per_player", n, KEYS("number of duty picture soli"), NULL);
	rule(&c, "duty_soli.round_games", "24", FIXED,
	     "not counted by FreeDoko: its forced duty soli come in a round after the party's own");
	rule(&c, "duty_soli.forced", "false", KEYS("number of duty soli"),
	     "FreeDoko plays the duty soli still missing in a duty soli round after the party's rounds, "
	     "not against the games left (Game::set_is_duty_solo)");
	rule(&c, "duty_soli.lust_after_duty", "false", KEYS("number of duty soli"),
	     "FreeDoko counts every solo of a player who owes one as his duty solo: no Lustsolo comes too early");
	rule(&c, "deal.after_solo", on(&c, "lustsolo player leads") ? "same-dealer"
	     : duty > 0 ? "same-dealer-after-duty-solo" : "next-dealer",
	     KEYS("lustsolo player leads", "number of duty soli", "number of duty color soli",
		  "number of duty picture soli"),
	     "the start player stays after a duty solo, and after a lust solo when its player "
	     "leads; dokoref takes a player's first solo for his duty solo");
	rule(&c, "deal.silent_marriage_is_solo", "false", FIXED,
	     "the start player stays only after a real solo, never after a silent marriage or "
	     "a bride alone (src/game/game_summary.cpp, GameSummary::startplayer_stays)");
	bool bock = on(&c, "bock");
	rule(&c, "bock.kind", !bock ? "none" : on(&c, "append bock") ? "append" : "stack",
	     KEYS("bock", "append bock"), "a game with a trigger adds one bock level to the "
	     "next 4 games, or appends them");
	char trig[120] = "[";
	static const char *const fd_trig[][2] = {
		{ "bock after 120-120", "tie" }, { "bock after lost solo", "lost-solo" },
		{ "bock after lost re/contra", "lost-call" },
		{ "bock after heart trick", "heart-trick" }, { "bock after black game", "schwarz" },
	};
	for (size_t i = 0; i < sizeof(fd_trig) / sizeof(fd_trig[0]); i++)
		if (bock && on(&c, fd_trig[i][0])) {
			if (trig[1])
				strcat(trig, ", ");
			strcat(trig, fd_trig[i][1]);
		}
	strcat(trig, "]");
	rule(&c, "bock.triggers", trig,
	     KEYS("bock", "bock after 120-120", "bock after lost solo", "bock after lost re/contra",
		  "bock after heart trick", "bock after black game"), NULL);
	rule(&c, "bock.per_game", "one", KEYS("bock"), "a game with one trigger or more adds "
	     "one bock level");
	rule(&c, "bock.solo", "doubled", KEYS("bock"), "every game is multiplied by the bock "
	     "multiplier due");
	/* Party::add_game_summary uses up a bock game unless the start player
	 * stays (GameSummary::startplayer_stays: after a duty solo, and after
	 * a lust solo when its player leads); a thrown deal adds no summary */
	rule(&c, "bock.uses_up", on(&c, "lustsolo player leads") ? "[silent-marriage]"
	     : "[lust-solo, silent-marriage]", KEYS("bock", "lustsolo player leads"),
	     "a game after which the start player stays (a duty solo; a lust solo when its "
	     "player leads) uses up no bock game; a silent marriage does; a thrown deal is "
	     "no game");
	rule(&c, "bock.carry_over", "false", KEYS("bock"), "a party starts without bock games");
	long mult = num(&c, "bock multiplier");
	if (mult < 1 || mult > 256) {
		fd_val *x = val(&c, "bock multiplier");
		dk_diag_error(diag, file, x->loc, "'bock multiplier' is 1 to 256, not '%s'",
			      x->value);
		return -1;
	}
	snprintf(n, sizeof(n), "%ld", mult);
	rule(&c, "bock.multiplier", n, KEYS("bock multiplier"), NULL);
	const char *counting = val(&c, "counting")->value;
	rule(&c, "standings.counting", counting, KEYS("counting"), NULL);
	/* FreeDoko: the option has no effect under plus-minus */
	rule(&c, "standings.solo_factor_for_all",
	     on(&c, "solo always counts triple") && strcmp(counting, "plus-minus") != 0 ? "true"
	     : "false", KEYS("solo always counts triple", "counting"), NULL);

	/* what dokoref cannot say */
	for (size_t i = 0; i < OPT_COUNT; i++)
		unmapped(&c, &c.v[i]);
	if (map->unmapped_count) {
		dk_buf_puts(out, "# FreeDoko options dokoref cannot express (! = can change a verdict):\n");
		for (size_t i = 0; i < map->unmapped_count; i++) {
			const dk_fd_unmapped *u = &map->unmapped[i];
			char where[32] = "default";
			if (u->loc.line)
				snprintf(where, sizeof(where), "line %u", (unsigned)u->loc.line);
			dk_buf_printf(out, "#  %s %s = %s (%s): %s\n", u->verdict ? "!" : " ",
				      u->key, u->value, where, u->why);
		}
	}
	return 0;
}

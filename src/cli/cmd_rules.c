/*
 * cmd_rules.c - `dokoref rules`: list the rule sets, show one as it
 * applies, check rule set files.
 *
 * `show` prints every key of the merged set, grouped by what it is about,
 * with its value, the sentence or section it comes from and two marks:
 * inherited (not stated in the set itself) and assumed (the value rests on
 * a reading of dokoref-readings(7) where the house text is silent or
 * unclear).  It walks the key table of src/ruleset, so a new rule appears
 * here without a change; only the headings of the groups live in this file.
 *
 * It judges no game and changes no file.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "shown.h"

/* Width the sources are wrapped to, and their indent. */
#define WRAP_WIDTH 78
#define SOURCE_INDENT 6

/* The heading of the keys whose name starts with prefix, in table order. */
static const struct group {
	const char *prefix;
	const char *heading;
} groups[] = {
	{ "deck.", "Deck and card order" },
	{ "ties.", "Deck and card order" },
	{ "trumps.", "Deck and card order" },
	{ "play.", "Deck and card order" },
	{ "lead.", "Who leads the first trick" },
	{ "solo.", "Solos" },
	{ "reservations.", "Reservations and throwing in" },
	{ "throw_in.", "Reservations and throwing in" },
	{ "swines.", "Specials during play" },
	{ "hyperswines.", "Specials during play" },
	{ "genscher.", "Specials during play" },
	{ "wende_genscher.", "Specials during play" },
	{ "marriage.", "Marriage (Hochzeit)" },
	{ "poverty.", "Poverty (Armut, Trumpfabgabe)" },
	{ "announce.", "Announcements" },
	{ "score.", "Scoring" },
	{ "penalty.", "Penalties" },
};

static const char *heading_of(const char *key)
{
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
		if (strncmp(key, groups[i].prefix, strlen(groups[i].prefix)) == 0)
			return groups[i].heading;
	return "Other rules";
}

/* display width of a UTF-8 string (every code point one column) */
static size_t width_of(const char *s, size_t len)
{
	size_t w = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

static void pad(FILE *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fputc(' ', f);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\n' || c == '\t';
}

/* The end of the word at p. */
static const char *word_end(const char *p)
{
	while (*p && !is_blank(*p))
		p++;
	return p;
}

/*
 * text in lines of at most WRAP_WIDTH columns, each indented by indent;
 * breaks at blanks only, so a word longer than a line stands alone.  A word
 * of one or two columns stays with the next ("♥ 10", "3. Hochzeit").
 */
static void put_wrapped(FILE *f, const char *text, size_t indent)
{
	const char *p = text;
	size_t col = 0;

	while (*p) {
		const char *word;
		size_t len, w;

		while (is_blank(*p))
			p++;
		if (!*p)
			break;
		word = p;
		p = word_end(p);
		if (width_of(word, (size_t)(p - word)) <= 2 && *p == ' ' &&
		    p[1] && !is_blank(p[1]))
			p = word_end(p + 1);
		len = (size_t)(p - word);
		w = width_of(word, len);
		if (col > 0 && col + 1 + w > WRAP_WIDTH) {
			fputc('\n', f);
			col = 0;
		}
		if (col == 0) {
			pad(f, indent);
			col = indent;
		} else {
			fputc(' ', f);
			col++;
		}
		fwrite(word, 1, len, f);
		col += w;
	}
	if (col > 0)
		fputc('\n', f);
}

static const char *file_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* "[inherited from ddv.yaml, reading D3]", or "" */
static void marks(char *out, size_t size, const dk_rule_source *s)
{
	char inherited[300] = "";

	out[0] = '\0';
	if (s->overridden) {
		snprintf(out, size, "  [overridden]");
		return;
	}
	if (s->inherited) {
		char *keep;
		snprintf(inherited, sizeof(inherited), "inherited from %s",
			 dk_shown(s->file ? file_name(s->file) : "the base", &keep));
		free(keep);
	}
	if (s->inherited && s->assumption)
		snprintf(out, size, "  [%s, reading %s]", inherited, s->assumption);
	else if (s->inherited)
		snprintf(out, size, "  [%s]", inherited);
	else if (s->assumption)
		snprintf(out, size, "  [reading %s]", s->assumption);
}

/* ---- rules show ---------------------------------------------------------- */

static void show_header(dk_cli *cli, const dk_rules *r, size_t nkeys,
			const dk_rule_key *keys)
{
	size_t own = 0, inherited = 0, assumed = 0;

	for (size_t i = 0; i < nkeys; i++) {
		const dk_rule_source *s = dk_ruleset_value_source(r, &keys[i]);
		if (s->inherited)
			inherited++;
		else
			own++;
		if (s->assumption)
			assumed++;
	}
	fprintf(cli->out, "Rule set  %s\n", r->name);
	fprintf(cli->out, "Title     %s\n", r->title ? r->title : "(none)");
	fprintf(cli->out, "Document  %s\n", r->document ? r->document : "(none)");
	char *keep;
	fprintf(cli->out, "File      %s\n", dk_shown(r->file, &keep));
	free(keep);
	fprintf(cli->out, "Base      %s\n", r->base ? r->base : "(none)");
	fprintf(cli->out, "Rules     %zu: %zu stated in this set, %zu inherited; %zu assumed\n",
		nkeys, own, inherited, assumed);
	fputs("\n"
	      "Each rule: its key and value, then where the value comes from.\n"
	      "[inherited from F]: the set does not state it; it comes from its base F.\n"
	      "[reading Dn]: the text is silent or unclear there; dokoref takes the\n"
	      "reading Dn that dokoref-readings(7) explains.\n",
	      cli->out);
}

static int show(dk_cli *cli, const char *what)
{
	dk_ruleset rs;
	dk_diag d;
	size_t nkeys;
	const dk_rule_key *keys = dk_ruleset_keys(&nkeys);
	const char *heading = NULL;
	size_t key_width = 0;
	int rc;

	dk_diag_init(&d);
	rc = dk_ruleset_load(&rs, what, dk_ruleset_default_dirs(), &d);
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	if (rc < 0) {
		dk_ruleset_release(&rs);
		return DK_EXIT_INVALID;
	}
	show_header(cli, &rs.rules, nkeys, keys);
	for (size_t i = 0; i < nkeys; i++) {
		const dk_rule_source *s = dk_ruleset_value_source(&rs.rules, &keys[i]);
		char value[DK_RULESET_VALUE_MAX], mark[400];

		if (!heading || strcmp(heading, heading_of(keys[i].name)) != 0) {
			/* the keys of a group line up their values */
			heading = heading_of(keys[i].name);
			key_width = 0;
			for (size_t j = i; j < nkeys &&
			     strcmp(heading_of(keys[j].name), heading) == 0; j++)
				if (strlen(keys[j].name) > key_width)
					key_width = strlen(keys[j].name);
			fprintf(cli->out, "\n%s\n", heading);
		}
		dk_ruleset_value_format(value, sizeof(value), &rs.rules, &keys[i]);
		marks(mark, sizeof(mark), s);
		fprintf(cli->out, "  %s", keys[i].name);
		pad(cli->out, key_width - strlen(keys[i].name) + 2);
		fprintf(cli->out, "%s%s\n", value, mark);
		put_wrapped(cli->out, s->cite ? s->cite : "(no source)", SOURCE_INDENT);
	}
	dk_ruleset_release(&rs);
	return DK_EXIT_OK;
}

/* ---- rules list ---------------------------------------------------------- */

static int list(dk_cli *cli)
{
	const char *const *dirs = dk_ruleset_default_dirs();
	dk_ruleset_catalog cat;
	dk_diag d;
	size_t name_width = 0;
	int status = DK_EXIT_OK;

	dk_diag_init(&d);
	dk_ruleset_list(&cat, dirs, &d);
	dk_cli_print_diag(cli, &d);
	if (cat.count == 0) {
		dk_buf searched;
		dk_buf_init(&searched);
		for (size_t i = 0; dirs[i]; i++)
			dk_buf_printf(&searched, "%s %s", i ? "," : ":", dirs[i]);
		dk_cli_err_printf(cli, "dokoref rules: no rule sets found (searched%s)\n",
				  searched.data ? searched.data : "");
		dk_buf_release(&searched);
	}
	for (size_t i = 0; i < cat.count; i++)
		if (strlen(cat.items[i].name) > name_width)
			name_width = strlen(cat.items[i].name);
	for (size_t i = 0; i < cat.count; i++) {
		dk_ruleset rs;
		const char *title;

		/* Through the path: the name would read the same file. */
		if (dk_ruleset_load(&rs, cat.items[i].path, dirs, &d) < 0) {
			status = DK_EXIT_INVALID;
			title = "(invalid: its errors follow on standard error)";
		} else {
			title = rs.rules.title ? rs.rules.title : "(no title)";
		}
		/* (a name is made of letters, digits, '.', '_' and '-'; the
		 * path holds a directory of $DOKOREF_RULES_PATH) */
		char *keep;
		const char *path = dk_shown(cat.items[i].path, &keep);
		fprintf(cli->out, "%s", cat.items[i].name);
		pad(cli->out, name_width - strlen(cat.items[i].name) + 2);
		fprintf(cli->out, "%s\n", title);
		pad(cli->out, name_width + 2);
		if (rs.rules.base)
			fprintf(cli->out, "%s, based on %s\n", path, rs.rules.base);
		else
			fprintf(cli->out, "%s\n", path);
		free(keep);
		dk_ruleset_release(&rs);
	}
	/* The errors of broken sets after the list, which stays readable. */
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	dk_ruleset_catalog_release(&cat);
	return status;
}

/* ---- rules check --------------------------------------------------------- */

static int check(dk_cli *cli, int n, char **files)
{
	int status = DK_EXIT_OK;

	for (int i = 0; i < n; i++) {
		dk_ruleset rs;
		dk_diag d;

		char *keep;
		const char *file = dk_shown(files[i], &keep);

		dk_diag_init(&d);
		if (dk_ruleset_load(&rs, files[i], dk_ruleset_default_dirs(), &d) < 0) {
			dk_cli_print_diag(cli, &d);
			fprintf(cli->out, "%s: INVALID\n", file);
			status = DK_EXIT_INVALID;
		} else {
			dk_cli_print_diag(cli, &d);
			if (rs.rules.base)
				fprintf(cli->out, "%s: valid (rule set '%s', base '%s')\n",
					file, rs.rules.name, rs.rules.base);
			else
				fprintf(cli->out, "%s: valid (rule set '%s', no base)\n",
					file, rs.rules.name);
		}
		dk_ruleset_release(&rs);
		dk_diag_release(&d);
		free(keep);
	}
	return status;
}

/* ---- the command ----------------------------------------------------------- */

static int run(dk_cli *cli, int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_OPT_COLOR,
		DK_CLI_OPT_HELP,
		/* rules import */
		{ "base", required_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "accept-rule-differences", no_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	const char *sub;
	int c, n;
	const char *base = "ddv", *output = NULL;
	bool accept = false;
	dk_cli_opts co;
	dk_cli_opts_init(&co, cli, &dk_cmd_rules, NULL, NULL);

	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': base = optarg; break;
		case 'o': output = optarg; break;
		case 'A': accept = true; break;
		default: {
			/* --color, --help and the errors, as every command has them */
			int rc = dk_cli_option(&co, c, argv);
			if (rc != DK_CLI_OPT_TAKEN)
				return rc;
			break;
		}
		}
	}
	if (optind >= argc)
		return dk_cli_usage_error(cli, &dk_cmd_rules,
					  "no subcommand given (list, show or check)");
	sub = argv[optind];
	n = argc - optind - 1;
	if (strcmp(sub, "list") == 0) {
		if (n > 0)
			return dk_cli_usage_error(cli, &dk_cmd_rules,
						  "list takes no operand");
		return list(cli);
	}
	if (strcmp(sub, "show") == 0) {
		if (n == 0)
			return dk_cli_usage_error(cli, &dk_cmd_rules,
						  "show needs a rule set: a name or a path");
		if (n > 1)
			return dk_cli_usage_error(cli, &dk_cmd_rules,
						  "show takes one rule set");
		return show(cli, argv[optind + 1]);
	}
	if (strcmp(sub, "check") == 0) {
		if (n == 0)
			return dk_cli_usage_error(cli, &dk_cmd_rules,
						  "check needs a file");
		return check(cli, n, argv + optind + 1);
	}
	if (strcmp(sub, "import") == 0) {
		if (n != 1)
			return dk_cli_usage_error(cli, &dk_cmd_rules,
						  "import takes one FreeDoko file");
		return dk_rules_import(cli, argv[optind + 1], base, output, accept);
	}
	return dk_cli_usage_error(cli, &dk_cmd_rules,
				  "'%s' is not a subcommand of rules (list, show, check, import)", sub);
}

const dk_command dk_cmd_rules = {
	"rules", run, "list, show, check and import rule sets",
	"usage: dokoref rules list\n"
	"       dokoref rules show NAME|PATH\n"
	"       dokoref rules check FILE...\n"
	"       dokoref rules import [--base NAME] [-o OUT] FILE\n"
	"\n"
	"A rule set says which house rules a game was played under; its file\n"
	"format and every rule are described in dokoref-rules(5).\n"
	"\n"
	"  list    every rule set that can be chosen by name, with its title and\n"
	"          the file the name reads ($DOKOREF_RULES_PATH first, then the\n"
	"          installed directory)\n"
	"  show    every rule of one set as it applies, its bases merged, grouped\n"
	"          by subject: the value, the sentence or section it comes from,\n"
	"          and the marks [inherited from F] (the set does not state it)\n"
	"          and [reading Dn] (the text is silent or unclear; the reading\n"
	"          Dn of dokoref-readings(7) applies)\n"
	"  check   read each FILE (or NAME) with its bases and report every error\n"
	"          as FILE:LINE:COL: error: ...; one line per file on standard\n"
	"          output, 'FILE: valid (...)' or 'FILE: INVALID'\n"
	"\n"
	"  import  write the rule block of a FreeDoko FILE (rule file, party,\n"
	"          bug report or --debug log) as a rule set on a base (ddv unless\n"
	"          --base), each value with the FreeDoko line it comes from; every\n"
	"          FreeDoko option dokoref cannot express is named, and one that\n"
	"          can change a verdict is an error (nothing is written) unless\n"
	"          --accept-rule-differences\n"
	"\n"
	"A NAME is looked up as NAME.yaml; anything with a '/' or ending in\n"
	"'.yaml' or '.yml' is a PATH.\n"
	"\n"
	"Options:\n"
	"  --color WHEN   colour diagnostics: auto (default), always, never\n"
	"  --base NAME    import: the base of the new set (default ddv)\n"
	"  -o, --output OUT\n"
	"                 import: where to write (default standard output)\n"
	"  --accept-rule-differences\n"
	"                 import: write it although options that can change a\n"
	"                 verdict are not expressed\n"
	"  -h, --help     show this help\n"
	"\n"
	"Exit status: 0 all good, 3 a rule set is invalid or cannot be read,\n"
	"2 usage.\n",
	NULL,
};

/*
 * freedoko.c - FreeDoko files in the reading commands: recognise them by
 * their content, read their games, and judge them under the rule set made
 * from their own rule block.
 *
 * dk_cli_each_game hands a FreeDoko file here; the commands see the same
 * callbacks as for XML (begin without an XML reader; the games of a debug
 * log in one session, the party's).  The rule set is FreeDoko's
 * rule block converted to YAML on ddv (fmt_freedoko_rules.c) and loaded by
 * the ordinary loader, unless --rules names another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "check.h"
#include "cli.h"
#include "fmt_freedoko.h"
#include "io.h"

bool dk_cli_is_freedoko(const char *path, uint64_t max_size)
{
	if (strcmp(path, "-") == 0)
		return false;  /* standard input is read as XML: it cannot be looked at twice */
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return false;  /* nor can a pipe or FIFO (<(zcat ...)): read as XML too */
	char buf[65536];
	size_t len;
	if (!dk_cli_read_head(path, max_size, buf, sizeof(buf), &len))
		return false;  /* the XML reader reports it */
	return dk_fd_sniff(buf, len) != DK_FD_NONE;
}

void dk_cli_rule_set_name(char *out, size_t size, const char *path, const char *suffix)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t n = strlen(b);
	if (n > 5 && strcmp(b + n - 5, ".yaml") == 0)
		n -= 5;
	size_t k = 0, room = size - strlen(suffix) - 1;
	for (size_t i = 0; i < n && k + 1 < room; i++) {
		char c = b[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  (k > 0 && (c == '.' || c == '_' || c == '-'));
		out[k] = ok ? c : k == 0 ? 'x' : '-';
		k++;
	}
	if (k == 0)
		out[k++] = 'x';
	strcpy(out + k, suffix);
}

int dk_cli_freedoko_ruleset(dk_ruleset *out, dk_fd_rule_map *map, const dk_fd_rules *rules,
			    const char *file, const char *base, dk_diag *d)
{
	dk_buf y;
	dk_buf_init(&y);
	char name[256];
	dk_cli_rule_set_name(name, sizeof(name), file, ".rules");
	int rc = dk_fd_rules_to_yaml(&y, map, rules, base, name, file, d);
	if (rc == 0) {
		/* the name the values cite: the FreeDoko file with ".rules" */
		const char *slash = strrchr(file, '/');
		size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
		char *display = dk_xmalloc(dir + strlen(name) + 1);
		memcpy(display, file, dir);
		strcpy(display + dir, name);
		rc = dk_ruleset_load_text(out, y.data, y.len, display, dk_ruleset_default_dirs(), d);
		free(display);
	} else {
		dk_ruleset_init(out);
	}
	dk_buf_release(&y);
	return rc;
}

/* the options that can change a verdict, as errors unless accepted */
static void report_unmapped(const dk_fd_rule_map *map, const char *file, bool accepted,
			    dk_diag *d)
{
	for (size_t i = 0; i < map->unmapped_count; i++) {
		const dk_fd_unmapped *u = &map->unmapped[i];
		if (!u->verdict)
			continue;
		dk_diag_add(d, accepted ? DK_SEV_WARNING : DK_SEV_ERROR, file, u->loc,
			    "FreeDoko rule '%s = %s'%s cannot be expressed: %s%s", u->key, u->value,
			    u->loc.line ? "" : " (its default)", u->why,
			    accepted ? " (accepted)" : " (--accept-rule-differences to judge anyway)");
	}
}

/* the rule set a game written by dokoref names ("# dokoref rules: ddv") */
static int named_rules(dk_ruleset *rs, const dk_game *g, const char *path, const char *file,
		       dk_diag *d)
{
	const dk_rules_ref *ref = &g->rules;
	char *key;
	if (ref->name) {
		key = dk_xstrdup(ref->name);
	} else {
		/* a path is relative to the file's directory */
		const char *slash = strrchr(path, '/');
		size_t dir = slash && ref->path[0] != '/' ? (size_t)(slash - path) + 1 : 0;
		key = dk_xmalloc(dir + strlen(ref->path) + 3);
		memcpy(key, path, dir);
		strcpy(key + dir, ref->path);
		if (!strchr(key, '/')) {
			memmove(key + 2, key, strlen(key) + 1);
			memcpy(key, "./", 2);
		}
	}
	int rc = dk_ruleset_load(rs, key, dk_ruleset_default_dirs(), d);
	free(key);
	for (size_t i = 0; rc == 0 && i < ref->override_count; i++)
		rc = dk_ruleset_override(rs, ref->overrides[i].key, ref->overrides[i].value, file,
					 ref->overrides[i].loc, d);
	if (rc == 0)
		rc = dk_ruleset_check(rs, d);
	return rc;
}

int dk_cli_each_freedoko(dk_cli *cli, const char *path, const dk_read_opts *opts,
			 const dk_each_fns *fns, void *ud)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_fd_reader *r = NULL;
	int rc = dk_fd_reader_open(&r, path, NULL, opts->max_size, &d);
	if (rc != 0) {
		dk_cli_print_diag(cli, &d);
		dk_diag_release(&d);
		return rc == DK_IO_SYSTEM ? DK_EXIT_SYSTEM : DK_EXIT_INVALID;
	}
	const char *file = dk_fd_reader_file(r);
	int status = DK_EXIT_OK;
	dk_ruleset rs;
	bool have_rules = false;
	dk_fd_rule_map map;
	if (opts->rules) {
		have_rules = dk_ruleset_load(&rs, opts->rules, dk_ruleset_default_dirs(), &d) == 0;
		if (!have_rules)
			dk_ruleset_release(&rs);
	} else if (dk_fd_reader_rules(r)->count || dk_fd_reader_kind(r) != DK_FD_RULES) {
		/* FreeDoko's defaults stand for a block that is missing */
		have_rules = dk_cli_freedoko_ruleset(&rs, &map, dk_fd_reader_rules(r), file, "ddv",
						     &d) == 0;
		for (size_t i = 0; have_rules && opts->fd_unexpressed && i < map.unmapped_count; i++)
			if (map.unmapped[i].verdict)
				dk_buf_printf(opts->fd_unexpressed, "FreeDoko rule '%s = %s' (no "
					      "dokoref rule)\n", map.unmapped[i].key,
					      map.unmapped[i].value);
		if (!have_rules) {
			dk_ruleset_release(&rs);
		} else if (opts->judge) {
			report_unmapped(&map, file, opts->accept_rule_differences, &d);
			if (map.verdict_count && !opts->accept_rule_differences) {
				dk_ruleset_release(&rs);
				have_rules = false;
			}
		}
	}
	if (!have_rules && dk_fd_reader_kind(r) == DK_FD_DEBUG_LOG) {
		dk_cli_print_diag(cli, &d);
		dk_diag_release(&d);
		dk_fd_reader_free(r);
		return DK_EXIT_INVALID;
	}
	dk_cli_print_diag(cli, &d);
	bool in_session = false;
	if (fns->begin && (rc = fns->begin(ud, NULL)) != 0)
		status = rc;
	for (; status == DK_EXIT_OK || status == DK_EXIT_INVALID;) {
		dk_read_item item = dk_fd_reader_next(r, &d);
		if (item == DK_READ_ERROR) {
			status = DK_EXIT_INVALID;
			break;
		}
		if (item == DK_READ_END) {
			if (in_session && fns->session_end && (rc = fns->session_end(ud)) != 0)
				status = rc > status ? rc : status;
			if (fns->end && (rc = fns->end(ud)) != 0)
				status = rc > status ? rc : status;
			break;
		}
		const dk_game *g = dk_fd_reader_game(r);
		bool ok = dk_fd_reader_game_ok(r);
		/* a debug log is one session: Bock carries from game to game */
		if (!in_session && g->session) {
			in_session = true;
			if (fns->session_start && (rc = fns->session_start(ud, g->session)) != 0) {
				status = rc;
				break;
			}
		}
		/* a game that names its rule set is judged under it */
		dk_ruleset own;
		bool has_own = false;
		const dk_rules *rules = have_rules ? &rs.rules : NULL;
		if (ok && g->has_rules && !opts->rules) {
			has_own = true;
			if (named_rules(&own, g, path, file, &d) != 0)
				ok = false;
			else
				rules = &own.rules;
		}
		if (ok && !rules)
			ok = false;  /* the rule block's errors are reported above */
		if (ok && dk_record_check(g, rules, file, &d))
			ok = false;
		dk_cli_print_diag(cli, &d);
		if (ok && fns->game && (rc = fns->game(ud, g, rules)) != 0)
			status = rc == DK_EXIT_SYSTEM || rc > status ? rc : status;
		if (has_own)
			dk_ruleset_release(&own);
		if (!ok && status != DK_EXIT_SYSTEM)
			status = DK_EXIT_INVALID;
		if (rc != 0 && ok)
			break;
	}
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	dk_fd_reader_free(r);
	if (have_rules)
		dk_ruleset_release(&rs);
	return status;
}

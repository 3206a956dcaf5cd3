/*
 * ruleset.c - read YAML rule set files into a dk_rules; see ruleset.h.
 *
 * Reading happens in four steps (rs_internal.h names the files):
 *
 *   1. rs_read_file (ruleset_yaml.c): the whole file into memory, refused
 *      beyond 1 MiB;
 *   2. rs_build_tree (ruleset_yaml.c): libyaml's events into a small tree
 *      of mappings, lists and scalars with 1-based positions, in an arena
 *      that lives as long as the file is being read.  This step refuses
 *      what a rule file never needs and what makes YAML dangerous to read
 *      from strangers: nesting deeper than DK_RULESET_MAX_DEPTH, anchors,
 *      aliases, tags, merge keys, more than one document; it also finds
 *      duplicate keys, which libyaml accepts silently;
 *   3. read_layer / load_file (here): the tree read as a rule set, each
 *      value by ruleset_values.c.  The values of a file are collected
 *      first, then its base is loaded (recursively, with cycle detection),
 *      and only then are the file's own values laid over the base's, so
 *      that each value's dk_rule_source names the file that set it last;
 *   4. dk_ruleset_check (ruleset_check.c): the merged values checked
 *      against each other (a marriage default among the allowed
 *      conditions, a reservation order that names exactly the
 *      reservations that can happen, ...).
 *
 * Which keys exist, their types (boolean, enum, number, set, ordered list,
 * list of numbers) and where they go is the table rs_keys
 * (ruleset_keys.c), nothing else; a per-record override reads the same
 * types from a string.  No part of the reader prints: everything wrong
 * goes to the dk_diag list.  It does not interpret the rules either; that
 * is the engine's business.
 */
#define _XOPEN_SOURCE 700  /* POSIX 2008 with realpath */

#include "rs_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"

#ifndef DOKOREF_RULESETS_DIR
#define DOKOREF_RULESETS_DIR "/usr/local/share/dokoref/rulesets"
#endif


/* ------------------------------------------------------------------ */
/* Names and paths                                                     */
/* ------------------------------------------------------------------ */

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
/* Step 3: the tree read as a rule set                                 */
/* ------------------------------------------------------------------ */

/* Top-level keys of a rule set file, and the fields of one rule. */
static const char *const file_fields[] = {
	"name", "title", "document", "base", "rules"
};
static const char *const rule_fields[] = { "value", "source", "assumption" };

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
	bool set[RS_KEY_COUNT];     /* which keys some file of the chain has set */
} loader;

/* "unknown key 'x'" or "unknown field 'x' in rule 'y'", a suggestion, the list */
static void report_unknown_field(dk_diag *diag, const char *file,
				 const node *key, const char *rule,
				 const char *const *known, size_t n)
{
	dk_buf m = { 0 };

	dk_buf_puts(&m, rule ? "unknown field '" : "unknown key '");
	dk_buf_puts(&m, rs_show(key->text, key->len).s);
	dk_buf_puts(&m, "'");
	if (rule) {
		dk_buf_puts(&m, " in rule '");
		dk_buf_puts(&m, rule);
		dk_buf_puts(&m, "'");
	}
	rs_sb_add_suggestion(&m, known, n, key->text, key->len);
	dk_buf_puts(&m, " (known: ");
	rs_sb_add_list(&m, known, n, false);
	dk_buf_puts(&m, ")");
	dk_diag_error(diag, file, key->loc, "%s", rs_sb_str(&m));
	free(m.data);
}

/* A non-empty string value of `what`; else an error and false. */
static bool check_string(loader *ld, const char *file, const node *key,
			 const node *v, const char *what)
{
	if (rs_is_null(v) || (v->kind == NODE_SCALAR && v->len == 0)) {
		dk_diag_error(ld->diag, file, v ? v->loc : key->loc,
			      "%s has no value", what);
		return false;
	}
	if (v->kind != NODE_SCALAR) {
		dk_diag_error(ld->diag, file, v->loc, "%s must be a string, not %s",
			      what, rs_kind_name(v));
		return false;
	}
	return true;
}

/* An assumption names a reading of dokoref-readings(7): 'D' and its
 * number, D1 to DK_RULESET_READINGS.  A reading added to the page raises
 * the number; a name the page does not have is refused, so that every
 * citation printed from a rule set can be followed. */
static bool valid_assumption(const char *s, size_t len)
{
	if (len < 2 || len > 3 || s[0] != 'D' || s[1] == '0')
		return false;
	int n = 0;
	for (size_t i = 1; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		n = n * 10 + (s[i] - '0');
	}
	return n <= DK_RULESET_READINGS;
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
	if (rs_is_null(x)) {
		rs_report_bad_value(diag, file, x ? x->loc : value_key->loc, k,
				    BAD_NULL, NULL, 0, NULL);
		return -1;
	}
	if (rs_is_list(k)) {
		item items[VALUE_ITEMS + 1];
		size_t n = 0;

		if (x->kind != NODE_SEQ) {
			rs_report_bad_value(diag, file, x->loc, k,
					    x->kind == NODE_MAP ? BAD_KIND : BAD_TEXT,
					    x->text, x->len, rs_kind_name(x));
			return -1;
		}
		if (x->count > VALUE_ITEMS) {
			dk_diag_error(diag, file, x->loc,
				      "rule '%s' lists %zu items; it can have at most %d",
				      k->name, x->count, rs_max_items(k));
			return -1;
		}
		for (const node *it = x->first; it; it = it->next, n++) {
			items[n].text = it->kind == NODE_SCALAR ? it->text : NULL;
			items[n].len = it->len;
			items[n].kind = rs_kind_name(it);
			items[n].quoted = it->quoted;
			items[n].loc = it->loc;
		}
		return rs_parse_items(out, k, items, n, true, file, x->loc, diag)
		       ? 0 : -1;
	}
	if (x->kind != NODE_SCALAR) {
		rs_report_bad_value(diag, file, x->loc, k, BAD_KIND, NULL, 0,
				    rs_kind_name(x));
		return -1;
	}
	if (!rs_parse_scalar(&out->scalar, k, x->text, x->len)) {
		rs_report_bad_value(diag, file, x->loc, k, BAD_TEXT, x->text,
				    x->len, NULL);
		return -1;
	}
	if (k->type != DK_RULE_ENUM && x->quoted) {
		/* In YAML "false" and "3" are strings, and no boolean or number. */
		rs_report_bad_value(diag, file, x->loc, k, BAD_QUOTED, x->text,
				    x->len, NULL);
		return -1;
	}
	return 0;
}

/* One entry under `rules:`.  Returns 0 and adds a setting, or -1. */
static int read_rule(loader *ld, layer *L, const node *key)
{
	const char *file = L->path;
	const dk_rule_key *k = rs_key_find_n(key->text, key->len);
	const node *v = key->value;
	const node *value_key = NULL, *source_key = NULL, *assumption_key = NULL;
	int rc = 0;
	rvalue value;
	char what[80];

	if (!k) {
		rs_report_unknown_rule(ld->diag, file, key->loc, "unknown rule",
				       key->text, key->len);
		return -1;
	}
	if (rs_is_null(v)) {
		dk_diag_error(ld->diag, file, key->loc,
			      "rule '%s' is empty: it needs 'value' and 'source'",
			      k->name);
		return -1;
	}
	if (v->kind != NODE_MAP) {
		dk_diag_error(ld->diag, file, v->loc,
			      "rule '%s' must be a mapping with 'value' and 'source', not %s",
			      k->name, rs_kind_name(v));
		return -1;
	}
	for (const node *f = v->first; f; f = f->next) {
		if (rs_text_eq(f->text, f->len, "value")) {
			value_key = f;
		} else if (rs_text_eq(f->text, f->len, "source")) {
			source_key = f;
		} else if (rs_text_eq(f->text, f->len, "assumption")) {
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
				      "assumption '%s' of rule '%s' is not a reading of dokoref-readings(7), "
				      "D1 to D%d", rs_show(a->text, a->len).s, k->name,
				      DK_RULESET_READINGS);
			rc = -1;
		}
	}

	if (rc == 0) {
		setting *s = &L->settings[L->count++];
		dk_arena *arena = &ld->rs->arena;
		const node *x = value_key->value;

		s->key = k;
		s->value = value;
		s->src.cite = rs_one_line(dk_arena_strndup(arena, source_key->value->text,
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
		dk_diag_error(ld->diag, file, rs_no_loc,
			      "file has no content (a rule set needs at least a 'name')");
		return -1;
	}
	if (rs_is_null(root)) {
		dk_diag_error(ld->diag, file, root->loc,
			      "the yaml document is empty (a rule set needs at least a 'name')");
		return -1;
	}
	if (root->kind != NODE_MAP) {
		dk_diag_error(ld->diag, file, root->loc,
			      "a rule set must be a mapping with the keys name, title, document, base, rules; this is %s",
			      rs_kind_name(root));
		return -1;
	}

	for (const node *k = root->first; k; k = k->next) {
		const node *v = k->value;

		if (rs_text_eq(k->text, k->len, "name")) {
			name_key = true;
			if (check_string(ld, file, k, v, "'name'"))
				L->name = v;
			else
				rc = -1;
		} else if (rs_text_eq(k->text, k->len, "title")) {
			if (check_string(ld, file, k, v, "'title'"))
				L->title = v;
			else
				rc = -1;
		} else if (rs_text_eq(k->text, k->len, "document")) {
			if (check_string(ld, file, k, v, "'document'"))
				L->document = v;
			else
				rc = -1;
		} else if (rs_text_eq(k->text, k->len, "base")) {
			if (check_string(ld, file, k, v, "'base'"))
				L->base = v;
			else
				rc = -1;
		} else if (rs_text_eq(k->text, k->len, "rules")) {
			L->rules_key = k;
			if (!rs_is_null(v) && v->kind != NODE_MAP) {
				dk_diag_error(ld->diag, file, v->loc,
					      "'rules' must be a mapping of rule keys, not %s",
					      rs_kind_name(v));
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
			      rs_show(L->name->text, L->name->len).s);
		rc = -1;
	} else {
		const char *stem;
		size_t n;

		file_stem(file, &stem, &n);
		if (n != L->name->len || memcmp(stem, L->name->text, n) != 0)
			dk_diag_warning(ld->diag, file, L->name->loc,
					"name '%s' differs from the file name '%s'",
					rs_show(L->name->text, L->name->len).s,
					rs_show_str(base_name(file)).s);
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
			      rs_show(b->text, b->len).s);
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
				      rs_show(b->text, b->len).s);
			goto out;
		}
		path = path_beside(L->path, b->text);
		if (stat(path, &st) != 0) {
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' not found: cannot open '%s': %s",
				      rs_show(b->text, b->len).s,
				      rs_show_str(path).s, strerror(errno));
			goto out;
		}
	} else {
		if (!valid_name(b->text, b->len)) {
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' is not a rule set name or a path (a path has a '/' or ends in '.yaml')",
				      rs_show(b->text, b->len).s);
			goto out;
		}
		path = find_in_dirs(ld->dirs, b->text);
		if (!path) {
			dk_buf m = { 0 };
			sb_add_dirs(&m, ld->dirs);
			dk_diag_error(ld->diag, L->path, b->loc,
				      "base '%s' not found (%s)",
				      rs_show(b->text, b->len).s, rs_sb_str(&m));
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
				      rs_show(b->text, b->len).s, rs_sb_str(&m));
			free(m.data);
			goto out;
		}
	}
	if (ld->depth > DK_RULESET_MAX_BASES) {
		dk_diag_error(ld->diag, L->path, b->loc,
			      "base '%s' makes the chain of bases longer than %d files",
			      rs_show(b->text, b->len).s, DK_RULESET_MAX_BASES);
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
		size_t idx = (size_t)(s->key - rs_keys);

		rs_store_value(r, s->key, &s->value);
		*rs_source_of(r, s->key) = s->src;
		ld->set[idx] = true;
	}
	r->name = dk_arena_strndup(arena, L->name->text, L->name->len);
	r->title = L->title ? rs_one_line(dk_arena_strndup(arena, L->title->text,
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
	const char *missing[RS_KEY_COUNT];
	size_t n = 0;
	dk_buf m = { 0 };

	for (size_t i = 0; i < RS_KEY_COUNT; i++)
		if (!ld->set[i])
			missing[n++] = rs_keys[i].name;
	if (n == 0)
		return 0;
	/* A file that sets almost nothing needs no list of forty keys. */
	rs_sb_add_list(&m, missing, n > 8 ? 8 : n, false);
	if (n > 8) {
		char more[48];
		snprintf(more, sizeof(more), " and %zu more", n - 8);
		dk_buf_puts(&m, more);
	}
	dk_diag_error(ld->diag, L->path,
		      L->rules_key ? L->rules_key->loc : L->name->loc,
		      "rule set '%s' has no base, so it must set every rule; missing: %s",
		      rs_show(L->name->text, L->name->len).s, rs_sb_str(&m));
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

	if (rs_read_file(&buf, &len, path, ld->diag) == 0)
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
			if (rs_text_eq(k->text, k->len, file_fields[i]))
				known = true;
		all_known = all_known && known;
		name = name || rs_text_eq(k->text, k->len, "name");
		rules = rules || rs_text_eq(k->text, k->len, "rules");
	}
	return all_known || (name && rules);
}

static const char *what_it_is(const node *root, bool yaml_ok)
{
	if (!yaml_ok)
		return "reading it as YAML stopped before its first key";
	if (!root || rs_is_null(root))
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
		int built = rs_build_tree(&root, &bytes_bad, &tmp, buf, len, path, &yd);
		bool quiet_empty = built == 0 && !root;  /* comments only */
		/* messages without a position quote nothing; neither do those
		 * on bytes that are no text (the line is not printable) */
		bool placeless = yd.count > 0;
		for (size_t i = 0; i < yd.count; i++)
			if (yd.items[i].loc.line)
				placeless = false;
		if (!quiet_empty && !bytes_bad && !placeless && !shows_rule_set(root)) {
			dk_diag_error(ld->diag, path, rs_no_loc,
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
		for (size_t i = 0; i < RS_KEY_COUNT; i++)
			if (ld->set[i])
				rs_source_of(&ld->rs->rules, &rs_keys[i])->inherited = true;
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
		dk_diag_error(diag, NULL, rs_no_loc, "no rule set given");
		goto out;
	}
	if (looks_like_path(name_or_path, len)) {
		path = dk_xstrdup(name_or_path);
	} else if (!valid_name(name_or_path, len)) {
		dk_diag_error(diag, NULL, rs_no_loc,
			      "'%s' is not a rule set name or a path (a path has a '/' or ends in '.yaml')",
			      rs_show(name_or_path, len).s);
		goto out;
	} else {
		path = find_in_dirs(search_dirs, name_or_path);
		if (!path) {
			dk_buf m = { 0 };
			sb_add_dirs(&m, search_dirs);
			dk_diag_error(diag, NULL, rs_no_loc,
				      "rule set '%s' not found (%s)",
				      rs_show(name_or_path, len).s, rs_sb_str(&m));
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
		rs_report_unknown_rule(diag, file, loc, "override of unknown rule",
				       s, strlen(s));
		return -1;
	}
	if (!value || rs_is_null_text(value, len)) {
		rs_report_bad_value(diag, file, loc, k, BAD_NULL, NULL, 0, NULL);
		return -1;
	}
	if (rs_is_list(k)) {
		item items[VALUE_ITEMS];
		int n = split_items(items, VALUE_ITEMS, value, len, loc);

		if (n < 0) {
			dk_diag_error(diag, file, loc,
				      "rule '%s' lists more than %d items; it can have at most %d",
				      k->name, VALUE_ITEMS, rs_max_items(k));
			return -1;
		}
		if (!rs_parse_items(&v, k, items, (size_t)n, false, file, loc, diag))
			return -1;
	} else if (!rs_parse_scalar(&v.scalar, k, value, len)) {
		rs_report_bad_value(diag, file, loc, k, BAD_TEXT, value, len, NULL);
		return -1;
	}
	rs_store_value(&rs->rules, k, &v);
	src = rs_source_of(&rs->rules, k);
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
				dk_diag_warning(diag, NULL, rs_no_loc,
						"cannot read rule set directory '%s': %s",
						rs_show_str(search_dirs[d]).s,
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
		dk_diag_error(diag, display_name, rs_no_loc,
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


/*
 * ruleset.h - read rule set files (YAML) into the core's dk_rules.
 *
 * A rule set file names its base (usually "ddv") and states the rule values
 * in which it differs, each with the sentence or section it comes from;
 * rulesets/README.md describes the format.  Loading a set loads its base
 * chain first and lays each file's values over it, remembering for every
 * value which file set it, where, and whether it was inherited or rests on
 * a reading of dokoref-readings(7).
 *
 * Every rule key is one row of a table (dk_ruleset_keys): its name, its
 * type, the offsets of the value and of its dk_rule_source in dk_rules, and
 * for enum-valued types the allowed names, for numbers the range.  A new
 * rule is a new field in rules.h and a new row; the loader, the overrides,
 * the checks of single values and `dokoref rules show` need no other
 * change (a rule that must agree with others gets a check in
 * dk_ruleset_check).
 *
 * Input errors are diagnostics (`file:line:col: error: ...`, 1-based), never
 * a crash: files over 1 MiB, nesting deeper than 16, anchors, aliases, tags,
 * merge keys, duplicate keys and invalid UTF-8 are refused.  This module
 * does not print and does not decide anything about play.
 */
#ifndef DK_RULESET_H
#define DK_RULESET_H

#include <stddef.h>

#include "arena.h"
#include "diag.h"
#include "rules.h"

/** A loaded rule set: the dk_rules plus the arena that owns its strings. */
typedef struct dk_ruleset {
	dk_rules rules;
	dk_arena arena;
} dk_ruleset;

/** The type of a rule key's value. */
typedef enum dk_rule_type {
	DK_RULE_BOOL = 0,   /* a bool field: true or false */
	DK_RULE_ENUM,       /* an int-sized enum field: one of the names */
	DK_RULE_INT,        /* an int field: a whole number from min to max */
	DK_RULE_ENUM_SET,   /* a dk_enum_set field: a list of distinct names,
			       one bit per value, order of no meaning */
	DK_RULE_ENUM_LIST,  /* an int array and its count: distinct names in
			       the order given (highest first) */
	DK_RULE_INT_LIST    /* an int array and its count: exactly `items`
			       numbers from min to max, none smaller than the
			       one before */
} dk_rule_type;

/*
 * One row of the key table.
 *
 * The enum-valued types (DK_RULE_ENUM, _ENUM_SET, _ENUM_LIST) name their
 * values either by `names` (a table of the loader's own, every value valid)
 * or by `name_of` (the record format's name function, which returns NULL
 * for a value that is no valid choice, such as DK_SOLO_NONE); use
 * dk_ruleset_enum_name rather than either field.
 */
typedef struct dk_rule_key {
	const char *name;           /* as written in files: "deck.nines" */
	dk_rule_type type;
	size_t value_offset;        /* offsetof(dk_rules, <field>) */
	size_t source_offset;       /* offsetof(dk_rules, <field>_src) */
	size_t count_offset;        /* list types: offsetof(dk_rules,
				       <field>_count); else 0 */
	const char *const *names;   /* name of each value in enum order,
				       NULL-terminated; or NULL */
	const char *(*name_of)(int v); /* or the name of value v; or NULL */
	int count;                  /* enum-valued types: number of values,
				       the invalid ones included */
	int min, max;               /* DK_RULE_INT, _INT_LIST: range of a number */
	int items;                  /* list types: the array's size;
				       DK_RULE_INT_LIST: exactly this many */
} dk_rule_key;

/** Size of a rule set file beyond which it is refused unread. */
#define DK_RULESET_MAX_BYTES ((size_t)1 << 20)
/** Deepest YAML nesting accepted (a rule file needs 3). */
#define DK_RULESET_MAX_DEPTH 16
/** Longest chain of bases accepted (ddv <- house set <- user set ...). */
#define DK_RULESET_MAX_BASES 16

/** Fill a caller's ruleset: no rules, empty arena. */
void dk_ruleset_init(dk_ruleset *rs);

/** Free everything the ruleset owns; it may be loaded again afterwards. */
void dk_ruleset_release(dk_ruleset *rs);

/**
 * Load a rule set with its chain of bases into out.
 *
 * name_or_path: a PATH if it contains a '/' or ends in ".yaml" or ".yml"
 * (relative to the working directory), else a NAME, read from NAME.yaml in
 * the first of search_dirs that has it.  search_dirs: NULL-terminated list
 * (NULL means none); usually dk_ruleset_default_dirs().  A `base:` in a file
 * is resolved the same way, except that a base path is relative to the
 * directory of the file that names it.
 *
 * A file whose `name:` differs from its file name loads with a warning and
 * keeps the declared name.  A rule value needs a `source`; a boolean must be
 * written true or false without quotes (rulesets/README.md).
 *
 * The merged set must have every key set and is checked with
 * dk_ruleset_check.
 *
 * out is (re)initialized here and must not hold a loaded set.  Returns 0
 * when the set loaded (diag may have got warnings), or -1 with at least one
 * error in diag; then out is empty again.  Either way the caller releases
 * out with dk_ruleset_release.  Every string in out->rules belongs to
 * out->arena.
 */
int dk_ruleset_load(dk_ruleset *out, const char *name_or_path,
		    const char *const *search_dirs, dk_diag *diag);

/**
 * Apply one per-record override: key as in the files ("deck.nines"), value
 * as written in the record ("false", "second-wins", "3").  A list is
 * written as its items separated by spaces or commas, optionally in
 * brackets: "queens jacks", "[queens, jacks]", "1 2 3 4 5"; "[]" is the
 * empty list.  file and loc point at the override in the record; they
 * become the value's dk_rule_source (with overridden = true, no cite, no
 * assumption; file copied into rs->arena).  Returns 0, or -1 with an error
 * in diag and rs unchanged.
 *
 * Values are checked one by one here; whether they agree with each other
 * is for dk_ruleset_check, which the caller runs after the last override.
 */
int dk_ruleset_override(dk_ruleset *rs, const char *key, const char *value,
			const char *file, dk_loc loc, dk_diag *diag);

/**
 * Check that the values of a loaded set agree with each other (the marriage
 * default among the allowed conditions, the solo priority naming only
 * allowed solos, the reservation order naming exactly the enabled
 * reservations, ...; rulesets/README.md lists every check).
 * dk_ruleset_load runs it on the merged set; run it again after overrides.
 * Each contradiction is an error at the value that was set last of those
 * involved.  Returns 0, or -1 with errors in diag; rs is not changed.
 */
int dk_ruleset_check(const dk_ruleset *rs, dk_diag *diag);

/**
 * The default search directories: each non-empty entry of
 * $DOKOREF_RULES_PATH (colon-separated) in order, then DOKOREF_RULESETS_DIR
 * (compiled in; meson sets <datadir>/dokoref/rulesets).  NULL-terminated.
 *
 * The array and its strings belong to this module: do not free them.  They
 * stay valid until a call finds the environment changed, which frees the
 * previous result.  Calls on several threads are safe once one call was
 * made and while the environment does not change (audit --jobs).
 */
const char *const *dk_ruleset_default_dirs(void);

/**
 * The same directories in a new array of the caller's (array and strings in
 * one block: free it with free()).  Thread-safe as far as getenv is.
 */
const char **dk_ruleset_dirs_new(void);

/** The key table, in a fixed order; *count gets the number of rows. */
const dk_rule_key *dk_ruleset_keys(size_t *count);

/** The row for a key name, or NULL. */
const dk_rule_key *dk_ruleset_key_find(const char *name);

/**
 * The current value of a DK_RULE_BOOL or DK_RULE_ENUM key in r as written in
 * files ("true", "first-wins"); a static string.  NULL for the other types
 * (use dk_ruleset_value_format) and for a value out of range.
 */
const char *dk_ruleset_value_name(const dk_rules *r, const dk_rule_key *key);

/** Longest text dk_ruleset_value_format writes, with its NUL. */
#define DK_RULESET_VALUE_MAX 512

/* The readings of dokoref-readings(7), D1 to D29, that a rule value's
 * `assumption` may name. */
#define DK_RULESET_READINGS 29

/**
 * The current value of key in r as it is written in files, into out (at
 * most size bytes, NUL-terminated, cut if too small): "true",
 * "first-wins", "3", "[queens, jacks]", "[]", "[1, 2, 3, 4, 5]".  The same
 * text is accepted by dk_ruleset_override.  Returns the length of the
 * whole text (as snprintf does); DK_RULESET_VALUE_MAX always suffices.
 */
size_t dk_ruleset_value_format(char *out, size_t size, const dk_rules *r,
			       const dk_rule_key *key);

/**
 * The name of value v of an enum-valued key (DK_RULE_ENUM, _ENUM_SET,
 * _ENUM_LIST) as written in files; a static string, or NULL when v is no
 * valid value of the key (or the key has no names).
 */
const char *dk_ruleset_enum_name(const dk_rule_key *key, int v);

/** Where the current value of key in r came from. */
const dk_rule_source *dk_ruleset_value_source(const dk_rules *r,
					      const dk_rule_key *key);

/** One rule set found in the search directories. */
typedef struct dk_ruleset_entry {
	char *name;   /* file name without ".yaml" */
	char *path;   /* the file a load by this name reads */
} dk_ruleset_entry;

/** The rule sets found by dk_ruleset_list. */
typedef struct dk_ruleset_catalog {
	dk_ruleset_entry *items;   /* sorted by name, names unique */
	size_t count;
} dk_ruleset_catalog;

/**
 * List the rule sets in search_dirs (NULL-terminated; NULL means none):
 * every "NAME.yaml" whose NAME is a valid rule set name, sorted by name.
 * When two directories hold the same name the first one wins, as in
 * dk_ruleset_load.  Missing directories are skipped; an unreadable one is a
 * warning in diag.  out is overwritten; free it with
 * dk_ruleset_catalog_release.  Returns 0.
 */
int dk_ruleset_list(dk_ruleset_catalog *out, const char *const *search_dirs,
		    dk_diag *diag);

/** Free the names and paths of a catalog and empty it. */
void dk_ruleset_catalog_release(dk_ruleset_catalog *catalog);

/**
 * Load a rule set from len bytes of YAML text at text, as
 * dk_ruleset_load loads a file: its base is looked up in search_dirs.
 * display_name stands for the file in messages and in every value's
 * source; a `name:` that differs from its stem is warned about, as for a
 * file.  Used for rule sets converted from another program's files.
 */
int dk_ruleset_load_text(dk_ruleset *out, const char *text, size_t len,
			 const char *display_name, const char *const *search_dirs,
			 dk_diag *diag);

#endif

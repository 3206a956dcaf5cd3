/*
 * rs_internal.h - what the parts of the rule set reader share: the
 * value being read, the YAML tree, text quoted in messages, the key
 * table, and the calls one part makes of another (each named rs_...).
 * Not for use outside src/ruleset.
 *
 * The parts, each a job (ruleset.c has the order in which they run):
 * - ruleset_keys.c: the key table (every rule: its name, type, values and
 *   field) and a value stored into or taken from dk_rules;
 * - ruleset_text.c: growing messages, text quoted in them, suggestions;
 * - ruleset_yaml.c: steps 1 and 2, a file into memory and libyaml's
 *   events into a tree;
 * - ruleset_values.c: a value read from its text, for files and per-record
 *   overrides alike, and the messages about values;
 * - ruleset.c: step 3, the tree read as a rule set with its bases (names
 *   and paths found), and the public functions;
 * - ruleset_check.c: step 4, values that contradict each other.
 */
#ifndef DK_RS_INTERNAL_H
#define DK_RS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "record.h"   /* the enums' counts */
#include "ruleset.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* Longest text quoted back in a message, in bytes. */
#define DK_SHOWN_MAX 60

/* A list or set holds at most this many items; sets are 32-bit masks. */
#define VALUE_ITEMS DK_SOLO_SLOTS
_Static_assert(DK_SOLO_KIND_COUNT <= VALUE_ITEMS && DK_RES_COUNT <= VALUE_ITEMS &&
	       DK_LEVELS <= VALUE_ITEMS, "a list value fits an rvalue");
_Static_assert(DK_SOLO_KIND_COUNT <= 32 && DK_MARRIAGE_COND_COUNT <= 32 &&
	       DK_THROW_REASON_COUNT <= 32, "a set fits a dk_enum_set");

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

/*
 * Text from a file made fit to quote in a message: control characters as
 * \xNN, cut after about DK_SHOWN_MAX bytes (never inside a UTF-8 sequence)
 * with "...".  Returned by value so it can sit in a printf argument list.
 */
typedef struct shown {
	char s[DK_SHOWN_MAX + 16];
} shown;

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

/* One item of a list value: from a YAML list, or a word of an override. */
typedef struct item {
	const char *text;   /* NULL: not a string (a list or a mapping) */
	size_t len;
	const char *kind;   /* what it is when text is NULL: "a list" ... */
	bool quoted;
	dk_loc loc;
} item;

/* the rules, in the order of rules.h (ruleset_keys.c checks the count) */
#define RS_KEY_COUNT 126
extern const dk_rule_key rs_keys[RS_KEY_COUNT];
/* the names of the reservations, in enum order */
extern const char *const rs_reservation_names[];

/* no position (a message about a file as a whole) */
static const dk_loc rs_no_loc = { 0, 0 };

/* what is wrong with a value (rs_report_bad_value) */
typedef enum bad_value {
	BAD_NULL,       /* nothing given */
	BAD_TEXT,       /* a string that is no value of the key */
	BAD_QUOTED,     /* a boolean or number in quotes */
	BAD_KIND        /* a mapping or a list where a string belongs */
} bad_value;

/* ---- ruleset_keys.c: the key table --------------------------------- */
/* k takes a list or a set */
bool rs_is_list(const dk_rule_key *k);
/* the key named s[0..len), or NULL */
const dk_rule_key *rs_key_find_n(const char *s, size_t len);
/* k's value in r into *out (the inverse of rs_store_value) */
void rs_load_value(rvalue *out, const dk_rules *r, const dk_rule_key *k);
/* where r's value of k came from */
dk_rule_source *rs_source_of(dk_rules *r, const dk_rule_key *k);
/* v into r's field of k */
void rs_store_value(dk_rules *r, const dk_rule_key *k, const rvalue *v);
/* s[0..len) is the text lit */
bool rs_text_eq(const char *s, size_t len, const char *lit);
/* The valid names of an enum-valued key, in enum order; *n gets how many. */
void rs_valid_names(const char **out, size_t *n, const dk_rule_key *k);

/* ---- ruleset_text.c: messages -------------------------------------- */
/* b's text so far ("" when it has none) */
const char *rs_sb_str(const dk_buf *b);
/* "'a', 'b', 'c'" or "a, b, c" */
void rs_sb_add_list(dk_buf *b, const char *const *items, size_t n,
		    bool quoted);
/* "; did you mean 'x'?" or nothing */
void rs_sb_add_suggestion(dk_buf *b, const char *const *cands, size_t n,
			  const char *s, size_t len);
/* s[0..len) fit to quote in a message (see shown) */
shown rs_show(const char *s, size_t len);
/* ... of a NUL-terminated s */
shown rs_show_str(const char *s);

/* ---- ruleset_values.c: values -------------------------------------- */
/* n is absent or YAML's null, unquoted (see rs_is_null_text) */
bool rs_is_null(const node *n);
/* s[0..len) is YAML's null: nothing, ~, null, Null or NULL */
bool rs_is_null_text(const char *s, size_t len);
/* The most items a list value of k can have. */
int rs_max_items(const dk_rule_key *k);
/*
 * Read the items of a list value of k into *out.  positions: the items have
 * their own positions (YAML); else they share the value's (an override).
 * Returns true, or false with every problem reported.
 */
bool rs_parse_items(rvalue *out, const dk_rule_key *k, const item *items,
		    size_t n, bool positions, const char *file,
		    dk_loc value_loc, dk_diag *diag);
/* Parse s[0..len) as a value of the scalar key k (0/1, enum value, int). */
bool rs_parse_scalar(int *out, const dk_rule_key *k, const char *s,
		     size_t len);
/* the error that k's value s[0..len) (kind: what it is where it is no
 * string) is wrong (why): what k allows, and the name meant */
void rs_report_bad_value(dk_diag *diag, const char *file, dk_loc loc,
			 const dk_rule_key *k, bad_value why,
			 const char *s, size_t len, const char *kind);
/* the error "<what> 's'": an unknown rule, the rule meant, where the
 * known rules are listed */
void rs_report_unknown_rule(dk_diag *diag, const char *file, dk_loc loc,
			    const char *what, const char *s, size_t len);
/* Text of an rvalue of k as written in files ("[queens, jacks]"). */
void rs_sb_add_value(dk_buf *b, const dk_rule_key *k, const rvalue *v);

/* ---- ruleset_yaml.c: a file into a tree ---------------------------- */
/*
 * Parse buf as one YAML document into a tree allocated in arena.  *out gets
 * the root, or NULL for a file without a document.  Returns 0, or -1 with
 * errors in diag.
 */
int rs_build_tree(node **out, bool *bytes_bad, dk_arena *arena,
		  const char *buf, size_t len, const char *file, dk_diag *diag);
/* what n is, for a message ("a mapping", "a list", ...) */
const char *rs_kind_name(const node *n);
/*
 * A source, or a title, as reports quote it: on one line.  One written
 * over several lines (a YAML block, an escape) has its line breaks and
 * tabs as spaces, so that no line of it looks like a line of the report
 * that quotes it (`rules show` wraps a source anew).
 */
char *rs_one_line(char *s);
/*
 * Read path into *out (malloc'd, NUL-terminated, caller frees) and its
 * length into *len.  Returns 0, or -1 with an error in diag.
 */
int rs_read_file(char **out, size_t *len, const char *path, dk_diag *diag);

#endif

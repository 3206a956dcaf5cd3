/*
 * ruleset_values.c - a rule's value read from its text, shared by rule
 * set files (each item with its own position) and per-record overrides
 * (one string), and the messages about a value: what was wrong, what is
 * allowed, the name meant.
 */
#include "rs_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool rs_is_null_text(const char *s, size_t len)
{
	return len == 0 || rs_text_eq(s, len, "~") || rs_text_eq(s, len, "null") ||
	       rs_text_eq(s, len, "Null") || rs_text_eq(s, len, "NULL");
}

bool rs_is_null(const node *n)
{
	return !n || (n->kind == NODE_SCALAR && !n->quoted &&
		      rs_is_null_text(n->text, n->len));
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
		if (name && rs_text_eq(s, len, name)) {
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
bool rs_parse_scalar(int *out, const dk_rule_key *k, const char *s,
		     size_t len)
{
	switch (k->type) {
	case DK_RULE_BOOL:
		if (rs_text_eq(s, len, "true") || rs_text_eq(s, len, "True") ||
		    rs_text_eq(s, len, "TRUE")) {
			*out = 1;
			return true;
		}
		if (rs_text_eq(s, len, "false") || rs_text_eq(s, len, "False") ||
		    rs_text_eq(s, len, "FALSE")) {
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

	rs_valid_names(names, &n, k);
	rs_sb_add_list(b, names, n, true);
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

/* "; did you mean 'x'?" for a value of an enum-valued key */
static void sb_add_enum_suggestion(dk_buf *b, const dk_rule_key *k,
				   const char *s, size_t len)
{
	const char *names[32];
	size_t n;

	rs_valid_names(names, &n, k);
	rs_sb_add_suggestion(b, names, n, s, len);
}

void rs_report_bad_value(dk_diag *diag, const char *file, dk_loc loc,
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
		if (rs_is_list(k))
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
			dk_buf_puts(&m, rs_show(s, len).s);
			dk_buf_puts(&m, "'");
			if (k->type == DK_RULE_ENUM) {
				sb_add_enum_suggestion(&m, k, s, len);
			} else if (rs_is_list(k) &&
				   (k->type == DK_RULE_INT_LIST
				   ? parse_int(&v, s, len)
				    : enum_from_text(&v, k, s, len))) {
				/* one item written without the brackets */
				dk_buf_puts(&m, "; write a list: '[");
				dk_buf_puts(&m, rs_show(s, len).s);
				dk_buf_puts(&m, "]'");
			}
		}
	}
	dk_diag_error(diag, file, loc, "%s", rs_sb_str(&m));
	free(m.data);
}

/*
 * Read the items of a list value of k into *out.  positions: the items have
 * their own positions (YAML); else they share the value's (an override).
 * Returns true, or false with every problem reported.
 */
bool rs_parse_items(rvalue *out, const dk_rule_key *k, const item *items,
		    size_t n, bool positions, const char *file,
		    dk_loc value_loc, dk_diag *diag)
{
	const item *first[VALUE_ITEMS] = { 0 };   /* enum value -> its item */
	bool ok = true;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		const item *it = &items[i];
		int v = 0;

		if (!it->text || (!it->quoted && rs_is_null_text(it->text, it->len))) {
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
					      rs_show(it->text, it->len).s);
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
			dk_buf_puts(&m, rs_show(it->text, it->len).s);
			dk_buf_puts(&m, "' is not one of ");
			sb_add_names(&m, k);
			sb_add_enum_suggestion(&m, k, it->text, it->len);
			dk_diag_error(diag, file, it->loc, "%s", rs_sb_str(&m));
			free(m.data);
			ok = false;
			continue;
		}
		if (first[v]) {
			if (positions)
				dk_diag_error(diag, file, it->loc,
					      "rule '%s' lists '%s' twice (first at %u:%u)",
					      k->name, rs_show(it->text, it->len).s,
					      (unsigned)first[v]->loc.line,
					      (unsigned)first[v]->loc.col);
			else
				dk_diag_error(diag, file, it->loc,
					      "rule '%s' lists '%s' twice (items %zu and %zu)",
					      k->name, rs_show(it->text, it->len).s,
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
int rs_max_items(const dk_rule_key *k)
{
	const char *names[32];
	size_t n;

	if (k->type == DK_RULE_INT_LIST)
		return k->items;
	rs_valid_names(names, &n, k);
	return (int)n;
}

/* Text of an rvalue of k as written in files ("[queens, jacks]"). */
void rs_sb_add_value(dk_buf *b, const dk_rule_key *k, const rvalue *v)
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

	rs_load_value(&v, r, key);
	rs_sb_add_value(&b, key, &v);
	len = b.len;
	if (size > 0) {
		size_t n = len < size - 1 ? len : size - 1;
		memcpy(out, rs_sb_str(&b), n);
		out[n] = '\0';
	}
	free(b.data);
	return len;
}

void rs_report_unknown_rule(dk_diag *diag, const char *file, dk_loc loc,
			    const char *what, const char *s, size_t len)
{
	const char *names[RS_KEY_COUNT];
	dk_buf m = { 0 };

	for (size_t i = 0; i < RS_KEY_COUNT; i++)
		names[i] = rs_keys[i].name;
	dk_buf_puts(&m, what);
	dk_buf_puts(&m, " '");
	dk_buf_puts(&m, rs_show(s, len).s);
	dk_buf_puts(&m, "'");
	rs_sb_add_suggestion(&m, names, RS_KEY_COUNT, s, len);
	/* A list of dozens of keys helps nobody: then name the manual. */
	if (RS_KEY_COUNT <= 10) {
		dk_buf_puts(&m, " (known rules: ");
		rs_sb_add_list(&m, names, RS_KEY_COUNT, false);
		dk_buf_puts(&m, ")");
	} else {
		dk_buf_puts(&m, " (dokoref-rules(5) lists the known rules)");
	}
	dk_diag_error(diag, file, loc, "%s", rs_sb_str(&m));
	free(m.data);
}


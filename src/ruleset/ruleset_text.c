/*
 * ruleset_text.c - the small helpers of the rule set reader's messages:
 * growing strings, text from a file quoted safely, lists of names, the
 * closest name for a suggestion.  It reads no rule.
 */
#include "rs_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rs_sb_str(const dk_buf *b)
{
	return b->data ? b->data : "";
}

/* "'a', 'b', 'c'" or "a, b, c" */
void rs_sb_add_list(dk_buf *b, const char *const *items, size_t n,
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

shown rs_show(const char *s, size_t len)
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

shown rs_show_str(const char *s)
{
	return rs_show(s, strlen(s));
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
void rs_sb_add_suggestion(dk_buf *b, const char *const *cands, size_t n,
			  const char *s, size_t len)
{
	const char *c = closest(cands, n, s, len);

	if (c) {
		dk_buf_puts(b, "; did you mean '");
		dk_buf_puts(b, c);
		dk_buf_puts(b, "'?");
	}
}

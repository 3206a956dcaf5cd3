/*
 * shown.c - a file name as text for a person shows it; see shown.h (why:
 * a name is not to steer the terminal).
 *
 * It replaces; it does not quote or escape ("\033" or "$'\e'"), so a name
 * shown cannot be given back to a shell as it is: a person who needs the
 * exact bytes asks for JSON.  It does not judge printable characters
 * beyond the controls (a right-to-left override or a zero-width space is
 * shown as it is): those reorder or hide text, but do not command the
 * terminal.
 */
#include "shown.h"

#include <stdlib.h>
#include <string.h>

/* The length of the character at s (1 to 4) if s begins with one that may
 * be shown, 0 if its first byte is to be replaced: a control character, a
 * byte that is no UTF-8 or that begins a sequence cut short, overlong,
 * a surrogate or beyond U+10FFFF (Unicode's table 3-7 of well-formed
 * sequences). */
static size_t shown_len(const unsigned char *s)
{
	unsigned char c = s[0];
	if (c < 0x20 || c == 0x7f)
		return 0;
	if (c < 0x80)
		return 1;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		if (c == 0xc2)
			lo = 0xa0;       /* U+0080-U+009F: the C1 controls */
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;       /* overlong */
		else if (c == 0xed)
			hi = 0x9f;       /* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;       /* overlong */
		else if (c == 0xf4)
			hi = 0x8f;       /* beyond U+10FFFF */
	} else {
		return 0;                /* 0x80-0xc1, 0xf5-0xff */
	}
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

const char *dk_shown(const char *s, char **keep)
{
	*keep = NULL;
	if (!s)
		return NULL;
	const unsigned char *p = (const unsigned char *)s;
	size_t n;
	while (*p && (n = shown_len(p)) > 0)
		p += n;
	if (!*p)
		return s;
	/* one '?' a byte or a C1 control: the copy is never longer */
	size_t len = strlen(s);
	char *out = malloc(len + 1);
	if (!out)
		return "?";
	size_t done = (size_t)(p - (const unsigned char *)s), o = done;
	memcpy(out, s, done);
	while (*p) {
		n = shown_len(p);
		if (n > 0) {
			memcpy(out + o, p, n);
			o += n;
			p += n;
		} else {
			out[o++] = '?';
			/* a C1 control is one character: one '?' for its two bytes */
			p += p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f ? 2 : 1;
		}
	}
	out[o] = '\0';
	*keep = out;
	return out;
}

/*
 * shown.c - a file name as text for a person shows it; see shown.h (why:
 * a name is not to steer the terminal, nor to look like another name).
 *
 * It replaces; it does not quote or escape ("\033" or "$'\e'"), so a name
 * shown cannot be given back to a shell as it is: a person who needs the
 * exact bytes asks for JSON.  Beyond the controls it replaces only the
 * few characters that reorder or hide text without showing anything
 * themselves (the bidirectional controls and the zero-width ones: the
 * "Trojan Source" trick); look-alike letters (a Cyrillic 'а' for 'a') are
 * shown as they are, since a name may well be written in any script.
 */
#include "shown.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

size_t dk_utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0];
	if (c < 0x80)
		return c ? 1 : 0;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
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

/* Whether the well-formed character of n bytes at s is one that reorders
 * or hides text: U+061C, U+200B-U+200F, U+202A-U+202E, U+2060,
 * U+2066-U+2069, U+FEFF. */
static bool invisible(const unsigned char *s, size_t n)
{
	if (n == 2)
		return s[0] == 0xd8 && s[1] == 0x9c;                  /* U+061C */
	if (n != 3)
		return false;
	if (s[0] == 0xef)
		return s[1] == 0xbb && s[2] == 0xbf;                  /* U+FEFF */
	if (s[0] != 0xe2)
		return false;
	if (s[1] == 0x80)
		return (s[2] >= 0x8b && s[2] <= 0x8f) ||              /* U+200B-U+200F */
		       (s[2] >= 0xaa && s[2] <= 0xae);                /* U+202A-U+202E */
	if (s[1] == 0x81)
		return s[2] == 0xa0 || (s[2] >= 0xa6 && s[2] <= 0xa9); /* U+2060, U+2066-9 */
	return false;
}

size_t dk_shown_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0];
	if (c < 0x20 || c == 0x7f)
		return 0;
	size_t n = dk_utf8_len((const char *)s);
	if (n == 2 && c == 0xc2 && s[1] < 0xa0)
		return 0;                /* U+0080-U+009F: the C1 controls */
	if (n && invisible(s, n))
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
	while (*p && (n = dk_shown_len((const char *)p)) > 0)
		p += n;
	if (!*p)
		return s;
	/* one '?' a byte or a character: the copy is never longer */
	size_t len = strlen(s);
	char *out = malloc(len + 1);
	if (!out)
		return "?";
	size_t done = (size_t)(p - (const unsigned char *)s), o = done;
	memcpy(out, s, done);
	while (*p) {
		n = dk_shown_len((const char *)p);
		if (n > 0) {
			memcpy(out + o, p, n);
			o += n;
			p += n;
		} else {
			out[o++] = '?';
			/* a C1 control or an invisible character is one
			 * character: one '?' for all its bytes */
			n = dk_utf8_len((const char *)p);
			p += n ? n : 1;
		}
	}
	out[o] = '\0';
	*keep = out;
	return out;
}

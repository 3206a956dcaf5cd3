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

size_t dk_utf8_cut(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	for (size_t back = 1; back <= 3 && back <= n; back++) {
		unsigned char c = s[n - back];
		if ((c & 0xc0) == 0x80)
			continue;        /* a continuation byte: look further back */
		size_t need = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3
			      : c >= 0xc2 && c <= 0xdf ? 2 : 1;
		return need > back ? n - back : n;
	}
	return n;
}

/* Whether the well-formed character of n bytes at s is one that reorders
 * or hides text: U+061C, U+200B-U+200F, U+202A-U+202E, U+2060,
 * U+2066-U+2069, U+FEFF; and those that show as nothing or as a blank
 * (a name that looks like another): U+00AD, U+034F, U+115F, U+1160,
 * U+180E, U+2028, U+2029, U+2061-U+2064, U+3164, U+FFA0, U+FFF9-U+FFFB. */
static bool invisible(const unsigned char *s, size_t n)
{
	if (n == 2)
		return (s[0] == 0xd8 && s[1] == 0x9c) ||              /* U+061C */
		       (s[0] == 0xc2 && s[1] == 0xad) ||              /* U+00AD */
		       (s[0] == 0xcd && s[1] == 0x8f);                /* U+034F */
	if (n != 3)
		return false;
	switch (s[0]) {
	case 0xe1:
		return (s[1] == 0x85 && (s[2] == 0x9f || s[2] == 0xa0)) || /* U+115F, U+1160 */
		       (s[1] == 0xa0 && s[2] == 0x8e);                /* U+180E */
	case 0xe2:
		if (s[1] == 0x80)
			return (s[2] >= 0x8b && s[2] <= 0x8f) ||      /* U+200B-U+200F */
			       (s[2] >= 0xa8 && s[2] <= 0xae);        /* U+2028-U+202E */
		if (s[1] == 0x81)
			return (s[2] >= 0xa0 && s[2] <= 0xa4) ||      /* U+2060-U+2064 */
			       (s[2] >= 0xa6 && s[2] <= 0xa9);        /* U+2066-U+2069 */
		return false;
	case 0xe3:
		return s[1] == 0x85 && s[2] == 0xa4;                  /* U+3164 */
	case 0xef:
		return (s[1] == 0xbb && s[2] == 0xbf) ||              /* U+FEFF */
		       (s[1] == 0xbe && s[2] == 0xa0) ||              /* U+FFA0 */
		       (s[1] == 0xbf && s[2] >= 0xb9 && s[2] <= 0xbb); /* U+FFF9-U+FFFB */
	default:
		return false;
	}
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

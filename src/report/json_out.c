/*
 * json_out.c - JSON text in valid UTF-8; see json_out.h.
 *
 * It does not build JSON: json-c does that, and this file only writes
 * strings and repairs what json-c wrote.  The repair works on the whole
 * text json-c made: its structure (braces, quotes, escapes, numbers) is
 * ASCII, so a byte of 0x80 or above is always inside a string or a key,
 * never right after a backslash, and "\ufffd" there stays in it.
 */
#include "json_out.h"

#include <json.h>
#include <stdbool.h>

#include "shown.h"

/* s with each byte that is not part of valid UTF-8 as \ufffd; the rest,
 * as it is */
static void put_utf8(dk_buf *b, const char *s)
{
	while (*s) {
		const char *run = s;
		size_t n;
		while ((n = dk_utf8_len(s)) > 0)
			s += n;
		dk_buf_put(b, run, (size_t)(s - run));
		if (*s) {
			dk_buf_puts(b, "\\ufffd");
			s++;
		}
	}
}

static void put_string(dk_buf *b, const char *s, bool script)
{
	dk_buf_putc(b, '"');
	while (s && *s) {
		unsigned char c = (unsigned char)*s;
		size_t n = dk_utf8_len(s);
		if (c == '"' || c == '\\') {
			dk_buf_printf(b, "\\%c", c);
		} else if (script && (c < 0x20 || c == '<' || c == '>' || c == '&')) {
			dk_buf_printf(b, "\\u%04x", c);
		} else if (c < 0x20) {
			switch (c) {
			case '\b': dk_buf_puts(b, "\\b"); break;
			case '\f': dk_buf_puts(b, "\\f"); break;
			case '\n': dk_buf_puts(b, "\\n"); break;
			case '\r': dk_buf_puts(b, "\\r"); break;
			case '\t': dk_buf_puts(b, "\\t"); break;
			default: dk_buf_printf(b, "\\u%04x", c); break;
			}
		} else if (n == 0) {
			dk_buf_puts(b, "\\ufffd");
		} else {
			dk_buf_put(b, s, n);
			s += n;
			continue;
		}
		s++;
	}
	dk_buf_putc(b, '"');
}

void dk_json_put_string(dk_buf *b, const char *s)
{
	put_string(b, s, false);
}

void dk_json_put_script_string(dk_buf *b, const char *s)
{
	put_string(b, s, true);
}

void dk_json_put_line(dk_buf *b, json_object *o)
{
	put_utf8(b, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
						      JSON_C_TO_STRING_NOSLASHESCAPE));
	dk_buf_putc(b, '\n');
	json_object_put(o);
}

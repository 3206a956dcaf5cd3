/*
 * fmt_sheet_common.c - what the score sheet readers share: the byte
 * screen, lines, CSV fields and numbers; see fmt_sheet_common.h.
 *
 * It reads no sheet itself and knows none of the readers: each format has
 * its file (fmt_sheet_csv.c, fmt_sheet_dapfi.c, fmt_sheet_qtdk.c), and
 * fmt_sheet.c picks among them.
 */
#include "fmt_sheet_common.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "text_guard.h"

size_t dk_sheet_bom(const char *data, size_t len)
{
	return len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

char *dk_sheet_text(const char *data, size_t len, size_t bom)
{
	char *text = dk_xmalloc(len - bom + 1);
	memcpy(text, data + bom, len - bom);
	text[len - bom] = '\0';
	return text;
}

char *dk_sheet_line(char **p, char *e, size_t *n)
{
	char *line = *p;
	char *nl = memchr(line, '\n', (size_t)(e - line));
	*n = nl ? (size_t)(nl - line) : (size_t)(e - line);
	*p = nl ? nl + 1 : e;
	if (*n && line[*n - 1] == '\r')
		(*n)--;
	line[*n] = '\0';
	return line;
}

bool dk_sheet_screen(const char *data, size_t len, uint32_t max_line, bool bom,
		     const char *file, dk_diag *d)
{
	dk_text_guard g;
	dk_text_guard_init(&g, false);
	g.max_line = max_line;
	if (dk_text_guard_feed(&g, data, len) == 0 && dk_text_guard_finish(&g) == 0)
		return true;
	dk_loc loc = g.error_loc;
	if (loc.line == 1 && bom)
		loc.col++;   /* the byte order mark is one character */
	dk_diag_error(d, file, loc, "%s", g.error);
	return false;
}

uint32_t dk_sheet_col(const char *line, size_t off)
{
	uint32_t col = 1;
	for (size_t i = 0; i < off; i++)
		if (((unsigned char)line[i] & 0xC0) != 0x80)
			col++;
	return col;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

int dk_csv_split(char *line, uint32_t lineno, char sep, dk_csv_field *out, int max,
		 const char *file, dk_diag *d)
{
	int n = 0;
	size_t i = 0, len = strlen(line);
	for (;;) {
		while (i < len && blank(line[i]))
			i++;
		if (n == max) {
			dk_diag_error(d, file, dk_sheet_loc(lineno, dk_sheet_col(line, i)),
				      "more than %d fields in a row", max);
			return -1;
		}
		dk_csv_field *f = &out[n++];
		f->loc = dk_sheet_loc(lineno, dk_sheet_col(line, i));
		f->quoted = false;
		size_t w = i;   /* the unquoted text is written from here */
		if (i < len && line[i] == '"') {
			f->quoted = true;
			size_t start = i++;
			for (;;) {
				if (i >= len) {
					dk_diag_error(d, file,
						      dk_sheet_loc(lineno, dk_sheet_col(line, start)),
						      "quoted field is not closed");
					return -1;
				}
				if (line[i] == '"') {
					if (i + 1 < len && line[i + 1] == '"') {
						line[w++] = '"';
						i += 2;
						continue;
					}
					i++;
					break;
				}
				line[w++] = line[i++];
			}
			while (i < len && blank(line[i]))
				i++;
			if (i < len && line[i] != sep) {
				dk_diag_error(d, file, dk_sheet_loc(lineno, dk_sheet_col(line, i)),
					      "text after the closing quote of a field");
				return -1;
			}
			f->s = line + start;
			f->len = w - start;
		} else {
			size_t start = i;
			while (i < len && line[i] != sep) {
				if (line[i] == '"') {
					dk_diag_error(d, file, dk_sheet_loc(lineno, dk_sheet_col(line, i)),
						      "a quote inside an unquoted field");
					return -1;
				}
				i++;
			}
			size_t end = i;
			while (end > start && blank(line[end - 1]))
				end--;
			f->s = line + start;
			f->len = end - start;
			w = end;
		}
		bool more = i < len && line[i] == sep;
		line[f->s - line + (ptrdiff_t)f->len] = '\0';
		(void)w;
		if (!more)
			break;
		i++;
	}
	return n;
}

bool dk_sheet_number(const char *s, long *out)
{
	const char *p = s;
	bool neg = false;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (*p < '0' || *p > '9')
		return false;
	long v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v > DK_SHEET_MAX_ABS)
			return false;
	}
	if (*p)
		return false;
	*out = neg ? -v : v;
	return true;
}

bool dk_sheet_word(const char *s, const char *word)
{
	for (; *s && *word; s++, word++) {
		char a = *s, b = *word;
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (a != b)
			return false;
	}
	return !*s && !*word;
}

bool dk_sheet_name(char *slot, const char *name, size_t len)
{
	if (len == 0 || len >= DK_SHEET_MAX_NAME)
		return false;
	memcpy(slot, name, len);
	slot[len] = '\0';
	return true;
}

/*
 * fmt_sheet_dapfi.c - the cumulative CSV of DapfiDuck's Doppelkopf
 * Analyser (source/data/Game1.csv there).
 *
 * The header row names the players (their initials) and ends in `S`; each
 * row is every player's running total after a game and, last, S: that
 * game's value, signed (the project does not say from whose view; probably
 * Re's).  The entries are the changes of the totals.  Nothing else is
 * written: no dealer, no game type, no Bock.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "fmt_sheet_common.h"
#include "fmt_sheet_dapfi.h"

static int err(dk_diag *d, const char *file, dk_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int err(dk_diag *d, const char *file, dk_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(d, DK_SEV_ERROR, file, loc, fmt, ap);
	va_end(ap);
	return -1;
}

/* the fields of the first line of data, in a scratch copy */
static int head_fields(const char *data, size_t len, char *buf, size_t size,
		       dk_csv_field *f, int max)
{
	size_t bom = dk_sheet_bom(data, len);
	data += bom;
	len -= bom;
	const char *nl = memchr(data, '\n', len);
	size_t n = nl ? (size_t)(nl - data) : len;
	if (n && data[n - 1] == '\r')
		n--;
	if (n + 1 > size || memchr(data, '\0', n))
		return -1;
	memcpy(buf, data, n);
	buf[n] = '\0';
	dk_diag quiet;
	dk_diag_init(&quiet);
	int k = dk_csv_split(buf, 1, ',', f, max, NULL, &quiet);
	dk_diag_release(&quiet);
	return k;
}

bool dk_sheet_dapfi_sniff(const char *data, size_t len)
{
	char buf[512];
	dk_csv_field f[DK_SHEET_MAX_PLAYERS + 2];
	int n = head_fields(data, len, buf, sizeof(buf), f, DK_SHEET_MAX_PLAYERS + 2);
	if (n < DK_PLAYING_SEATS + 1 || strcmp(f[n - 1].s, "S") != 0)
		return false;
	for (int i = 0; i < n - 1; i++) {
		long v;
		if (f[i].len == 0 || dk_sheet_number(f[i].s, &v))
			return false;
	}
	return true;
}

int dk_sheet_read_dapfi(dk_sheet *out, const char *data, size_t len, const char *file,
			dk_diag *d)
{
	size_t bom = dk_sheet_bom(data, len);
	out->format = DK_SHF_DAPFIDUCK;
	out->has_entries = out->has_totals = out->has_value = true;
	if (!dk_sheet_screen(data + bom, len - bom, DK_SHEET_MAX_LINE, bom != 0, file, d))
		return -1;
	char *text = dk_sheet_text(data, len, bom);
	dk_csv_field *f = dk_xmalloc(DK_SHEET_MAX_FIELDS * sizeof(*f));
	int rc = 0, ncols = 0;
	uint32_t lineno = 0;
	long prev[DK_SHEET_MAX_PLAYERS + 1] = { 0 };
	char *p = text, *e = text + (len - bom);
	while (p < e && rc == 0) {
		size_t n;
		char *line = dk_sheet_line(&p, e, &n);
		lineno++;
		if (lineno > 1 && n == 0)
			continue;
		int nf = dk_csv_split(line, lineno, ',', f, DK_SHEET_MAX_FIELDS, file, d);
		if (nf < 0) {
			rc = -1;
			break;
		}
		if (lineno == 1) {
			if (nf < DK_PLAYING_SEATS + 1 || nf > DK_SHEET_MAX_PLAYERS + 1) {
				rc = err(d, file, f[0].loc, "the header row names %d players; "
					 "4 to %d and then S are expected", nf - 1, DK_SHEET_MAX_PLAYERS);
				break;
			}
			if (strcmp(f[nf - 1].s, "S") != 0) {
				rc = err(d, file, f[nf - 1].loc, "the header row's last column is 'S', "
					 "not '%s'", f[nf - 1].s);
				break;
			}
			for (int i = 0; i < nf - 1 && rc == 0; i++) {
				if (!dk_sheet_name(out->players[i + 1], f[i].s, f[i].len)) {
					rc = err(d, file, f[i].loc, "a player's name is empty or too long");
					break;
				}
				for (int k = 0; k < i; k++)
					if (strcmp(out->players[k + 1], f[i].s) == 0)
						rc = err(d, file, f[i].loc, "player '%s' twice", f[i].s);
			}
			ncols = nf;
			out->nplayers = nf - 1;
			continue;
		}
		if (nf != ncols) {
			rc = err(d, file, f[nf < ncols ? nf - 1 : ncols].loc,
				 "%d fields; the header row has %d", nf, ncols);
			break;
		}
		if (out->count == DK_SHEET_MAX_GAMES) {
			rc = err(d, file, f[0].loc, "more than %d games in one sheet",
				 DK_SHEET_MAX_GAMES);
			break;
		}
		dk_sheet_game *g = dk_sheet_add_game(out);
		g->loc = dk_sheet_loc(lineno, 1);
		g->number = (int)out->count;
		for (int i = 0; i < nf; i++) {
			long v;
			if (!dk_sheet_number(f[i].s, &v)) {
				rc = err(d, file, f[i].loc, "'%s' is no whole number "
					 "(or more than 100000000)", f[i].s);
				break;
			}
			if (i == nf - 1) {
				g->value = v;
				g->value_written = true;
				g->value_has_bock = true;
				g->value_loc = f[i].loc;
				continue;
			}
			int s = i + 1;
			g->total[s] = v;
			g->total_written[s] = true;
			g->total_loc[s] = f[i].loc;
			g->entry[s] = v - prev[s];
			g->entry_written[s] = true;
			g->entry_derived[s] = true;
			g->entry_loc[s] = f[i].loc;
			prev[s] = v;
		}
	}
	if (rc == 0 && lineno == 0)
		rc = err(d, file, dk_sheet_loc(1, 1), "empty file: no header row");
	free(f);
	free(text);
	return rc;
}

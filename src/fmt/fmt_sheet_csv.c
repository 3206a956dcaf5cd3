/*
 * fmt_sheet_csv.c - dokoref's own score sheet CSV (formats/score-sheet.md).
 *
 * A few directive rows (rules, date, table, bock-pending), the header row
 * that starts with `game` and names the columns, then one row per game.
 * Columns other than the known ones are players, in seat order; `total
 * NAME` is NAME's running total.  Separators: comma, or semicolon when the
 * header row has semicolons and no comma (a German spreadsheet's export).
 * It reads what the sheet says and nothing more: the audit
 * (src/core/sheet.c) decides what is right.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "fmt_sheet_common.h"
#include "fmt_sheet_csv.h"
#include "session.h"

enum col_kind {
	COL_GAME = 0,
	COL_DEALER,
	COL_TYPE,
	COL_BOCK,
	COL_TRIGGERS,
	COL_VALUE,
	COL_CALLS,
	COL_NOTE,
	COL_PLAYER,
	COL_TOTAL
};

static const struct {
	const char *word;
	enum col_kind kind;
} col_words[] = {
	{ "game", COL_GAME }, { "spiel", COL_GAME },
	{ "dealer", COL_DEALER }, { "geber", COL_DEALER },
	{ "type", COL_TYPE }, { "art", COL_TYPE },
	{ "bock", COL_BOCK },
	{ "triggers", COL_TRIGGERS }, { "neue-bock", COL_TRIGGERS },
	{ "value", COL_VALUE }, { "wert", COL_VALUE },
	{ "calls", COL_CALLS }, { "ansagen", COL_CALLS },
	{ "note", COL_NOTE }, { "notiz", COL_NOTE },
};

static const struct {
	const char *word;
	dk_sheet_type type;
} type_words[] = {
	{ "normal", DK_SHT_NORMAL }, { "n", DK_SHT_NORMAL },
	{ "solo", DK_SHT_SOLO }, { "s", DK_SHT_SOLO },
	{ "marriage", DK_SHT_MARRIAGE }, { "hochzeit", DK_SHT_MARRIAGE }, { "h", DK_SHT_MARRIAGE },
	{ "silent-marriage", DK_SHT_SILENT_MARRIAGE },
	{ "stille-hochzeit", DK_SHT_SILENT_MARRIAGE }, { "sh", DK_SHT_SILENT_MARRIAGE },
	{ "poverty", DK_SHT_POVERTY }, { "armut", DK_SHT_POVERTY }, { "a", DK_SHT_POVERTY },
	{ "thrown-in", DK_SHT_THROWN_IN }, { "eingeworfen", DK_SHT_THROWN_IN },
	{ "redeal", DK_SHT_THROWN_IN }, { "x", DK_SHT_THROWN_IN },
};

typedef struct column {
	enum col_kind kind;
	int seat;
} column;

typedef struct csv_reader {
	dk_sheet *s;
	const char *file;
	dk_diag *d;
	char sep;
	column cols[DK_SHEET_MAX_FIELDS];
	int ncols;
	bool have[COL_TOTAL + 1];
	bool entry_col[DK_SHEET_MAX_PLAYERS + 1];
	bool total_col[DK_SHEET_MAX_PLAYERS + 1];
} csv_reader;

static bool is_comment(const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	return *line == '#' || *line == '\0';
}

/* the first field of a line, lower-cased, into w (at most size - 1 bytes) */
static void first_field(const char *line, size_t n, char *w, size_t size)
{
	size_t i = 0, k = 0;
	while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '"'))
		i++;
	while (i < n && line[i] != ',' && line[i] != ';' && line[i] != '"' && k + 1 < size) {
		char c = line[i++];
		w[k++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
	}
	while (k && (w[k - 1] == ' ' || w[k - 1] == '\t'))
		k--;
	w[k] = '\0';
}

static const char *const directives[] = { "rules", "regeln", "date", "datum", "table",
					   "tisch", "event", "bock-pending", "bock-offen" };

static bool is_directive(const char *w)
{
	for (size_t i = 0; i < sizeof(directives) / sizeof(directives[0]); i++)
		if (strcmp(w, directives[i]) == 0)
			return true;
	return false;
}

bool dk_sheet_csv_sniff(const char *data, size_t len)
{
	const char *p = data + dk_sheet_bom(data, len), *e = data + len;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
		const char *q = p;
		while (q < p + n && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q < p + n && *q != '#') {
			char w[32];
			first_field(p, n, w, sizeof(w));
			if (strcmp(w, "game") == 0 || strcmp(w, "spiel") == 0) {
				/* a header row: the field ends there */
				const char *r = memchr(p, ',', n);
				const char *s = memchr(p, ';', n);
				return r || s;
			}
			if (!is_directive(w))
				return false;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return false;
}

static int err(csv_reader *c, dk_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int err(csv_reader *c, dk_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(c->d, DK_SEV_ERROR, c->file, loc, fmt, ap);
	va_end(ap);
	return -1;
}

static int seat_of(const dk_sheet *s, const char *name)
{
	for (int p = 1; p <= s->nplayers; p++)
		if (strcmp(s->players[p], name) == 0)
			return p;
	return 0;
}

static int seat_of_nocase(const dk_sheet *s, const char *name)
{
	int found = seat_of(s, name);
	if (found)
		return found;
	for (int p = 1; p <= s->nplayers; p++) {
		const char *a = s->players[p], *b = name;
		while (*a && *b) {
			char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
			char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
			if (x != y)
				break;
			a++;
			b++;
		}
		if (!*a && !*b)
			return p;
	}
	return 0;
}

static int add_player(csv_reader *c, const dk_csv_field *f, const char *name, size_t len)
{
	dk_sheet *s = c->s;
	char tmp[DK_SHEET_MAX_NAME];
	if (!dk_sheet_name(tmp, name, len))
		return len ? err(c, f->loc, "a player's name is longer than 63 bytes: '%s'", name)
			   : err(c, f->loc, "a column without a name");
	int seat = seat_of(s, tmp);
	if (seat)
		return seat;
	if (s->nplayers == DK_SHEET_MAX_PLAYERS)
		return err(c, f->loc, "more than %d players: '%s' is one too many",
			   DK_SHEET_MAX_PLAYERS, tmp);
	s->nplayers++;
	memcpy(s->players[s->nplayers], tmp, len + 1);
	return s->nplayers;
}

static int directive(csv_reader *c, dk_csv_field *f, int n)
{
	dk_sheet *s = c->s;
	const char *w = f[0].s;
	if (n < 2 || f[1].len == 0)
		return err(c, f[0].loc, "directive '%s' has no value", w);
	for (int i = 2; i < n; i++)
		if (f[i].len)
			return err(c, f[i].loc, "directive '%s' takes one value", w);
	if (dk_sheet_word(w, "rules") || dk_sheet_word(w, "regeln")) {
		if (f[1].len >= sizeof(s->rules))
			return err(c, f[1].loc, "rule set name too long: '%s'", f[1].s);
		memcpy(s->rules, f[1].s, f[1].len + 1);
		s->rules_loc = f[1].loc;
	} else if (dk_sheet_word(w, "bock-pending") || dk_sheet_word(w, "bock-offen")) {
		long v;
		if (!dk_sheet_number(f[1].s, &v) || v < 0 || v > 1000)
			return err(c, f[1].loc, "bock-pending takes a count from 0 to 1000, not '%s'",
				   f[1].s);
		s->bock_pending = (int)v;
	}
	return 0;
}

static int header(csv_reader *c, dk_csv_field *f, int n)
{
	dk_sheet *s = c->s;
	c->ncols = n;
	for (int i = 0; i < n; i++) {
		column *col = &c->cols[i];
		col->seat = 0;
		col->kind = COL_PLAYER;
		bool known = false;
		for (size_t k = 0; k < sizeof(col_words) / sizeof(col_words[0]); k++)
			if (dk_sheet_word(f[i].s, col_words[k].word)) {
				col->kind = col_words[k].kind;
				known = true;
			}
		if (known) {
			if (c->have[col->kind])
				return err(c, f[i].loc, "column '%s' twice", f[i].s);
			c->have[col->kind] = true;
			continue;
		}
		const char *name = f[i].s;
		size_t len = f[i].len;
		char word[7];
		memcpy(word, name, len > 6 ? 6 : len);
		word[len > 6 ? 6 : len] = '\0';
		if (len > 6 && (dk_sheet_word(word, "total ") || dk_sheet_word(word, "stand "))) {
			col->kind = COL_TOTAL;
			name += 6;
			len -= 6;
			while (len && (*name == ' ' || *name == '\t')) {
				name++;
				len--;
			}
		}
		int seat = add_player(c, &f[i], name, len);
		if (seat < 0)
			return -1;
		bool *seen = col->kind == COL_TOTAL ? c->total_col : c->entry_col;
		if (seen[seat])
			return err(c, f[i].loc, "column '%s' twice", f[i].s);
		seen[seat] = true;
		col->seat = seat;
	}
	if (s->nplayers < DK_PLAYING_SEATS)
		return err(c, f[0].loc, "a sheet needs at least 4 players, the header row names %d",
			   s->nplayers);
	s->has_dealer = c->have[COL_DEALER];
	s->has_type = c->have[COL_TYPE];
	s->has_bock = c->have[COL_BOCK];
	s->has_made = c->have[COL_TRIGGERS];
	s->has_value = c->have[COL_VALUE];
	s->has_calls = c->have[COL_CALLS];
	for (int p = 1; p <= s->nplayers; p++) {
		s->has_entries |= c->entry_col[p];
		s->has_totals |= c->total_col[p];
	}
	return 0;
}

static int bock_mark(csv_reader *c, const dk_csv_field *f, int *out)
{
	long v;
	if (f->len == 0) {
		*out = 0;
		return 0;
	}
	if (dk_sheet_number(f->s, &v)) {
		if (v < 0 || v > 20)
			return err(c, f->loc, "a Bock mark is a count from 0 to 20, not '%s'", f->s);
		*out = (int)v;
		return 0;
	}
	int k = 0;
	for (const char *p = f->s; *p; p++) {
		if (*p != 'b' && *p != 'B')
			return err(c, f->loc, "a Bock mark is a count or B, BB, ..., not '%s'", f->s);
		k++;
	}
	if (k > 20)
		return err(c, f->loc, "a Bock mark is a count from 0 to 20, not '%s'", f->s);
	*out = k;
	return 0;
}

static int triggers(csv_reader *c, dk_csv_field *f, dk_sheet_game *g)
{
	long v;
	g->made_loc = f->loc;
	if (f->len == 0 || strcmp(f->s, "-") == 0) {
		g->made = 0;
		return 0;
	}
	if (dk_sheet_number(f->s, &v)) {
		if (v < 0 || v > 20)
			return err(c, f->loc, "Bocks made is a count from 0 to 20, not '%s'", f->s);
		g->made = (int)v;
		return 0;
	}
	char *p = f->s;
	int count = 0;
	while (*p) {
		while (*p == '+' || *p == ' ')
			p++;
		if (!*p)
			break;
		char *w = p;
		while (*p && *p != '+' && *p != ' ')
			p++;
		char keep = *p;
		*p = '\0';
		int t;
		for (t = 0; t < DK_BT_COUNT; t++)
			if (dk_sheet_word(w, dk_bock_trigger_name((dk_bock_trigger)t)))
				break;
		if (t == DK_BT_COUNT) {
			dk_loc at = { f->loc.line, f->loc.col + dk_sheet_col(f->s, (size_t)(w - f->s)) - 1 };
			return err(c, at, "unknown Bock trigger '%s' (lost-call, both-calls, tie, "
				   "zero-score, heart-trick, lost-counter-call, lost-solo, schwarz)", w);
		}
		g->made_triggers |= 1u << t;
		count++;
		*p = keep;
	}
	g->made = count;
	return 0;
}

static int calls(csv_reader *c, dk_csv_field *f, dk_sheet_game *g)
{
	g->calls_written = true;
	char *p = f->s;
	while (*p) {
		while (*p == '+' || *p == ' ')
			p++;
		if (!*p)
			break;
		char *w = p;
		while (*p && *p != '+' && *p != ' ')
			p++;
		char keep = *p;
		*p = '\0';
		if (dk_sheet_word(w, "re"))
			g->call_re = true;
		else if (dk_sheet_word(w, "kontra") || dk_sheet_word(w, "contra"))
			g->call_kontra = true;
		else if (strcmp(w, "-") != 0)
			return err(c, f->loc, "calls are re, kontra or both, not '%s'", w);
		*p = keep;
	}
	return 0;
}

static int number(csv_reader *c, const dk_csv_field *f, long *out)
{
	if (!dk_sheet_number(f->s, out))
		return err(c, f->loc, "'%s' is no whole number (or more than 100000000)", f->s);
	return 0;
}

static int row(csv_reader *c, dk_csv_field *f, int n, dk_loc line_loc)
{
	dk_sheet *s = c->s;
	if (n > c->ncols)
		return err(c, f[c->ncols].loc, "more fields than the header row has columns");
	if (s->count == DK_SHEET_MAX_GAMES)
		return err(c, line_loc, "more than %d games in one sheet", DK_SHEET_MAX_GAMES);
	dk_sheet_game *g = dk_sheet_add_game(s);
	g->loc = line_loc;
	if (c->have[COL_BOCK])
		g->bock = 0;
	if (c->have[COL_TRIGGERS])
		g->made = 0;
	for (int i = 0; i < n; i++) {
		dk_csv_field *x = &f[i];
		column *col = &c->cols[i];
		long v;
		switch (col->kind) {
		case COL_GAME:
			if (number(c, x, &v) < 0)
				return -1;
			if (v != (long)s->count)
				return err(c, x->loc, "game %ld, expected game %zu", v, s->count);
			g->number = (int)v;
			break;
		case COL_DEALER:
			if (x->len == 0)
				break;
			g->dealer_loc = x->loc;
			if (dk_sheet_number(x->s, &v)) {
				if (v < 1 || v > s->nplayers)
					return err(c, x->loc, "dealer seat '%s' is not at the table", x->s);
				g->dealer = (int)v;
			} else if (!(g->dealer = seat_of_nocase(s, x->s))) {
				return err(c, x->loc, "no player is called '%s'", x->s);
			}
			break;
		case COL_TYPE: {
			if (x->len == 0)
				break;
			g->type_loc = x->loc;
			size_t k;
			for (k = 0; k < sizeof(type_words) / sizeof(type_words[0]); k++)
				if (dk_sheet_word(x->s, type_words[k].word))
					break;
			if (k < sizeof(type_words) / sizeof(type_words[0])) {
				g->type = type_words[k].type;
			} else if (x->len > 4 && dk_sheet_word(x->s + x->len - 4, "solo")) {
				g->type = DK_SHT_SOLO;   /* damensolo, queens-solo, ... */
			} else {
				return err(c, x->loc, "unknown game type '%s' (normal, solo, marriage, "
					   "silent-marriage, poverty, thrown-in)", x->s);
			}
			break;
		}
		case COL_BOCK:
			g->bock_loc = x->loc;
			if (bock_mark(c, x, &g->bock) < 0)
				return -1;
			break;
		case COL_TRIGGERS:
			if (triggers(c, x, g) < 0)
				return -1;
			break;
		case COL_VALUE:
			if (x->len == 0)
				break;
			if (number(c, x, &g->value) < 0)
				return -1;
			g->value_written = true;
			g->value_loc = x->loc;
			break;
		case COL_CALLS:
			if (calls(c, x, g) < 0)
				return -1;
			break;
		case COL_NOTE:
			break;
		case COL_PLAYER:
			if (x->len == 0 || strcmp(x->s, "-") == 0)
				break;
			if (number(c, x, &g->entry[col->seat]) < 0)
				return -1;
			g->entry_written[col->seat] = true;
			g->entry_loc[col->seat] = x->loc;
			break;
		case COL_TOTAL:
			if (x->len == 0)
				break;
			if (number(c, x, &g->total[col->seat]) < 0)
				return -1;
			g->total_written[col->seat] = true;
			g->total_loc[col->seat] = x->loc;
			break;
		}
	}
	if (!c->have[COL_CALLS])
		g->calls_written = false;
	return 0;
}

/* players with totals but no entry column: their entries are the change of
 * their totals */
static void derive_entries(csv_reader *c)
{
	dk_sheet *s = c->s;
	for (int p = 1; p <= s->nplayers; p++) {
		if (c->entry_col[p] || !c->total_col[p])
			continue;
		long prev = 0;
		bool known = true;
		for (size_t i = 0; i < s->count; i++) {
			dk_sheet_game *g = &s->games[i];
			if (!g->total_written[p]) {
				known = false;
				continue;
			}
			if (known) {
				g->entry[p] = g->total[p] - prev;
				g->entry_written[p] = true;
				g->entry_derived[p] = true;
				g->entry_loc[p] = g->total_loc[p];
			}
			prev = g->total[p];
			known = true;
		}
	}
	s->has_entries = true;
}

int dk_sheet_read_csv(dk_sheet *out, const char *data, size_t len, const char *file, dk_diag *d)
{
	size_t bom = dk_sheet_bom(data, len);
	out->format = DK_SHF_DOKOREF;
	if (!dk_sheet_screen(data + bom, len - bom, DK_SHEET_MAX_LINE, bom != 0, file, d))
		return -1;
	csv_reader *c = dk_xcalloc(1, sizeof(*c));
	c->s = out;
	c->file = file;
	c->d = d;
	char *text = dk_sheet_text(data, len, bom);
	dk_csv_field *f = dk_xmalloc(DK_SHEET_MAX_FIELDS * sizeof(*f));
	int rc = 0;
	bool in_games = false;
	uint32_t lineno = 0;
	char *p = text, *e = text + (len - bom);
	while (p < e && rc == 0) {
		size_t n;
		char *line = dk_sheet_line(&p, e, &n);
		lineno++;
		if (is_comment(line))
			continue;
		if (!c->sep) {
			bool comma = strchr(line, ',') != NULL, semi = strchr(line, ';') != NULL;
			c->sep = semi && !comma ? ';' : ',';
		}
		int nf = dk_csv_split(line, lineno, c->sep, f, DK_SHEET_MAX_FIELDS, file, d);
		if (nf < 0) {
			rc = -1;
			break;
		}
		dk_loc line_loc = { lineno, 1 };
		if (in_games) {
			rc = row(c, f, nf, line_loc);
			continue;
		}
		char w[32];
		first_field(f[0].s, f[0].len, w, sizeof(w));
		if (strcmp(w, "game") == 0 || strcmp(w, "spiel") == 0) {
			rc = header(c, f, nf);
			in_games = true;
		} else if (is_directive(w)) {
			rc = directive(c, f, nf);
		} else {
			rc = err(c, f[0].loc, "expected a directive (rules, date, table, event, "
				 "bock-pending) or the header row starting with 'game', not '%s'", f[0].s);
		}
	}
	if (rc == 0 && !in_games)
		rc = err(c, dk_sheet_loc(lineno ? lineno : 1, 1), "no header row starting with 'game'");
	if (rc == 0)
		derive_entries(c);
	free(f);
	free(text);
	free(c);
	return rc;
}

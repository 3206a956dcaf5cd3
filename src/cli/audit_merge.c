/*
 * audit_merge.c - `dokoref audit --merge`: the summary of many
 * `audit --format jsonl` runs, as one run over all their files prints it.
 *
 * The lines may come in any order and from many machines.  Each part (a
 * session, or a game outside one) is kept in a few bytes plus 12 bytes per
 * game (its id and number, for duplicates); then the parts are put back in
 * order, files by name (as a shell's glob sorts them) and parts by their
 * number in the file, and folded into the summary exactly as a single run
 * folds them: sessions are numbered across files, the first wrong thing is
 * the first in that order, a game repeating an earlier one is a duplicate
 * whichever shard either came from.
 *
 * What a single run knows and the shards cannot: Bocks still pending at
 * the end of one file's last session carry into the next file's first
 * session when the same players sit there.  When that happens across two
 * runs, the merge cannot re-judge the session; it says so on stderr.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "audit_summary.h"
#include "gameid.h"
#include "session.h"

#define MAX_DUPS_LISTED 20
#define MAX_PLAYERS 4096

typedef struct m_count {
	uint16_t code;
	uint32_t n;
} m_count;

typedef struct m_final {
	char *name;
	long final, rec;
} m_final;

typedef struct m_part {
	size_t file;                 /* index into files */
	size_t part, session;
	char *players;
	bool carried, selected, totals, totals_wrong, finding, rec_known;
	long bock_end;
	size_t games, with_findings, with_sheet, scores_right, scores_wrong;
	long off_total, off_max;
	size_t off_max_index, first_wrong_index;
	m_count *counts;             /* findings, then session findings (+DK_F_CODE_COUNT) */
	size_t ncounts;
	m_final *finals;
	size_t nfinals;
	uint64_t *ids;
	uint32_t *idx;
	size_t nids;
} m_part;

typedef struct m_file {
	char *name;
	int status;
	bool ended;
	size_t rank;
} m_file;

typedef struct merge {
	dk_cli *cli;
	m_file *files;
	size_t nfiles, files_cap;
	m_part *parts;
	size_t nparts, parts_cap;
	int status;                  /* DK_EXIT_INVALID for a bad line */
} merge;

static size_t file_index(merge *m, const char *name)
{
	for (size_t i = m->nfiles; i-- > 0;)   /* lines of one file come together */
		if (strcmp(m->files[i].name, name) == 0)
			return i;
	if (m->nfiles == m->files_cap) {
		m->files_cap = m->files_cap ? 2 * m->files_cap : 16;
		m->files = dk_xrealloc(m->files, m->files_cap * sizeof(m->files[0]));
	}
	m_file *f = &m->files[m->nfiles];
	memset(f, 0, sizeof(*f));
	f->name = dk_xstrdup(name);
	return m->nfiles++;
}

static json_object *field(json_object *o, const char *key)
{
	json_object *v = NULL;
	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static int64_t num(json_object *o, const char *key)
{
	return json_object_get_int64(field(o, key));
}

static bool flag(json_object *o, const char *key)
{
	return json_object_get_boolean(field(o, key));
}

static bool add_counts(m_part *p, json_object *o, int offset, int n,
		       const char *(*name)(int))
{
	if (!o || !json_object_is_type(o, json_type_object))
		return false;
	json_object_object_foreach(o, key, val) {
		int c;
		for (c = 0; c < n; c++)
			if (strcmp(name(c), key) == 0)
				break;
		if (c == n)
			return false;
		p->counts = dk_xrealloc(p->counts, (p->ncounts + 1) * sizeof(p->counts[0]));
		p->counts[p->ncounts].code = (uint16_t)(offset + c);
		p->counts[p->ncounts].n = (uint32_t)json_object_get_int64(val);
		p->ncounts++;
	}
	return true;
}

static const char *finding_name(int c)
{
	return dk_finding_code_name((dk_finding_code)c);
}

static const char *issue_name(int c)
{
	return dk_session_issue_name((dk_session_issue_code)c);
}

static void part_release(m_part *p)
{
	free(p->players);
	free(p->counts);
	for (size_t i = 0; i < p->nfinals; i++)
		free(p->finals[i].name);
	free(p->finals);
	free(p->ids);
	free(p->idx);
}

/* one line; false if it is not one audit --format jsonl writes */
static bool take_line(merge *m, json_object *o)
{
	json_object *file = field(o, "file");
	if (!file || !json_object_is_type(file, json_type_string))
		return false;
	size_t fi = file_index(m, json_object_get_string(file));
	if (field(o, "end")) {
		m->files[fi].ended = true;
		m->files[fi].status = (int)num(o, "status");
		return true;
	}
	m_part p;
	memset(&p, 0, sizeof(p));
	p.file = fi;
	p.part = (size_t)num(o, "part");
	p.session = (size_t)num(o, "session");
	json_object *pl = field(o, "players");
	p.players = dk_xstrdup(pl ? json_object_get_string(pl) : "");
	p.carried = flag(o, "carried");
	p.selected = flag(o, "selected");
	p.totals = flag(o, "totals");
	p.totals_wrong = flag(o, "totals_wrong");
	p.finding = flag(o, "finding");
	p.bock_end = (long)num(o, "bock_end");
	p.games = (size_t)num(o, "games");
	p.with_findings = (size_t)num(o, "with_findings");
	p.with_sheet = (size_t)num(o, "with_sheet");
	p.scores_right = (size_t)num(o, "scores_right");
	p.scores_wrong = (size_t)num(o, "scores_wrong");
	p.off_total = (long)num(o, "off_total");
	p.off_max = (long)num(o, "off_max");
	p.off_max_index = (size_t)num(o, "off_max_index");
	p.first_wrong_index = (size_t)num(o, "first_wrong_index");
	bool ok = p.part > 0 &&
		  add_counts(&p, field(o, "findings"), 0, DK_F_CODE_COUNT, finding_name) &&
		  add_counts(&p, field(o, "session_findings"), DK_F_CODE_COUNT, DK_SX_CODE_COUNT,
			     issue_name);
	json_object *fin = field(o, "final");
	if (ok && fin && json_object_is_type(fin, json_type_array)) {
		size_t n = json_object_array_length(fin);
		p.finals = dk_xcalloc(n ? n : 1, sizeof(p.finals[0]));
		for (size_t i = 0; i < n && ok; i++) {
			json_object *e = json_object_array_get_idx(fin, i);
			size_t len = json_object_is_type(e, json_type_array)
					     ? json_object_array_length(e) : 0;
			if (len < 2) {
				ok = false;
				break;
			}
			m_final *f = &p.finals[p.nfinals++];
			f->name = dk_xstrdup(json_object_get_string(json_object_array_get_idx(e, 0)));
			f->final = (long)json_object_get_int64(json_object_array_get_idx(e, 1));
			if (len > 2) {
				f->rec = (long)json_object_get_int64(json_object_array_get_idx(e, 2));
				p.rec_known = true;
			}
		}
	} else {
		ok = false;
	}
	json_object *ids = field(o, "ids");
	if (ok && ids && json_object_is_type(ids, json_type_array)) {
		size_t n = json_object_array_length(ids);
		p.ids = dk_xcalloc(n ? n : 1, sizeof(p.ids[0]));
		p.idx = dk_xcalloc(n ? n : 1, sizeof(p.idx[0]));
		for (size_t i = 0; i < n && ok; i++) {
			const char *s = json_object_get_string(json_object_array_get_idx(ids, i));
			char *end;
			if (!s || strlen(s) < 18 || s[16] != ':') {
				ok = false;
				break;
			}
			p.ids[i] = strtoull(s, &end, 16);
			p.idx[i] = (uint32_t)strtoul(s + 17, &end, 10);
			ok = end == s + 16 || *end == '\0';
			p.nids++;
		}
	} else {
		ok = false;
	}
	if (!ok) {
		part_release(&p);
		return false;
	}
	if (m->nparts == m->parts_cap) {
		m->parts_cap = m->parts_cap ? 2 * m->parts_cap : 256;
		m->parts = dk_xrealloc(m->parts, m->parts_cap * sizeof(m->parts[0]));
	}
	m->parts[m->nparts++] = p;
	return true;
}

static int read_stream(merge *m, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	size_t no = 0;
	int rc = 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		no++;
		if (len == 1 && line[0] == '\n')
			continue;
		json_object *o = json_tokener_parse(line);
		bool ok = o && json_object_is_type(o, json_type_object) && take_line(m, o);
		json_object_put(o);
		if (!ok) {
			dk_cli_err_printf(m->cli, "%s:%zu: error: not a line of `dokoref audit "
					  "--format jsonl`\n", name, no);
			rc = DK_EXIT_INVALID;
		}
	}
	if (ferror(f)) {
		dk_cli_err_printf(m->cli, "dokoref: error: cannot read '%s'\n", name);
		rc = DK_EXIT_SYSTEM;
	}
	free(line);
	return rc;
}

static merge *sort_ctx;

static int by_file_name(const void *a, const void *b)
{
	const size_t *x = a, *y = b;
	return strcmp(sort_ctx->files[*x].name, sort_ctx->files[*y].name);
}

static int by_order(const void *a, const void *b)
{
	const m_part *x = a, *y = b;
	size_t rx = sort_ctx->files[x->file].rank, ry = sort_ctx->files[y->file].rank;
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return x->part < y->part ? -1 : x->part > y->part;
}

/* ---- folding ------------------------------------------------------------ */

typedef struct m_slot {
	uint64_t id;
	const char *file;
	uint32_t index;
} m_slot;

typedef struct m_ids {
	m_slot *slots;
	size_t cap, count;
} m_ids;

static const m_slot *remember(m_ids *t, uint64_t id, const char *file, uint32_t index)
{
	if (id == 0)
		id = 1;
	if (2 * (t->count + 1) > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		m_slot *n = dk_xcalloc(cap, sizeof(m_slot));
		for (size_t i = 0; i < t->cap; i++) {
			if (!t->slots[i].id)
				continue;
			size_t h = (t->slots[i].id * 0x9E3779B97F4A7C15ULL) & (cap - 1);
			while (n[h].id)
				h = (h + 1) & (cap - 1);
			n[h] = t->slots[i];
		}
		free(t->slots);
		t->slots = n;
		t->cap = cap;
	}
	size_t h = (id * 0x9E3779B97F4A7C15ULL) & (t->cap - 1);
	while (t->slots[h].id) {
		if (t->slots[h].id == id)
			return &t->slots[h];
		h = (h + 1) & (t->cap - 1);
	}
	t->slots[h].id = id;
	t->slots[h].file = file;
	t->slots[h].index = index;
	t->count++;
	return NULL;
}

static int by_points(const void *a, const void *b)
{
	const dk_audit_standing *x = a, *y = b;
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	return strcmp(x->name, y->name);
}

int dk_audit_merge(dk_cli *cli, dk_lang lang, bool json, char *const *files, int count)
{
	merge m;
	memset(&m, 0, sizeof(m));
	m.cli = cli;
	int status = DK_EXIT_OK;
	if (count == 0)
		status = read_stream(&m, stdin, "<stdin>");
	for (int i = 0; i < count; i++) {
		int rc;
		if (strcmp(files[i], "-") == 0) {
			rc = read_stream(&m, stdin, "<stdin>");
		} else {
			FILE *f = fopen(files[i], "r");
			if (!f) {
				dk_cli_err_printf(cli, "dokoref: error: cannot open '%s'\n", files[i]);
				rc = DK_EXIT_SYSTEM;
			} else {
				rc = read_stream(&m, f, files[i]);
				fclose(f);
			}
		}
		if (rc == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (rc > status)
			status = rc;
	}

	/* the order of one run over the files: by name, parts by number */
	size_t *order = dk_xcalloc(m.nfiles ? m.nfiles : 1, sizeof(size_t));
	for (size_t i = 0; i < m.nfiles; i++)
		order[i] = i;
	sort_ctx = &m;
	qsort(order, m.nfiles, sizeof(order[0]), by_file_name);
	for (size_t i = 0; i < m.nfiles; i++)
		m.files[order[i]].rank = i;
	if (m.nparts)
		qsort(m.parts, m.nparts, sizeof(m.parts[0]), by_order);
	sort_ctx = NULL;
	for (size_t i = 0; i < m.nfiles; i++) {
		const m_file *f = &m.files[order[i]];
		if (!f->ended) {
			dk_cli_err_printf(cli, "%s: error: the lines of this file have no end "
					  "line: its audit did not finish\n", f->name);
			status = status == DK_EXIT_SYSTEM ? status : DK_EXIT_INVALID;
		}
		/* as run_files takes the files' exit codes */
		if (f->status == DK_EXIT_SYSTEM || status == DK_EXIT_SYSTEM)
			status = DK_EXIT_SYSTEM;
		else if (f->status > status)
			status = f->status;
	}

	dk_audit_summary sum;
	memset(&sum, 0, sizeof(sum));
	dk_audit_dup dups[MAX_DUPS_LISTED];
	dk_audit_standing *standings = dk_xcalloc(MAX_PLAYERS, sizeof(standings[0]));
	size_t nstandings = 0;
	dk_buf wrong, out;
	dk_buf_init(&wrong);
	dk_buf_init(&out);
	size_t wrong_listed = 0, session_no = 0;
	bool any_finding = false;
	m_ids ids = { NULL, 0, 0 };
	const m_part *prev_session = NULL;
	for (size_t k = 0; k < m.nparts; k++) {
		const m_part *p = &m.parts[k];
		const char *file = m.files[p->file].name;
		if (p->session) {
			session_no++;
			if (prev_session && prev_session->file != p->file && !p->carried &&
			    prev_session->bock_end > 0 && p->players[0] &&
			    strcmp(prev_session->players, p->players) == 0)
				dk_cli_err_printf(cli, "dokoref: warning: %s, session %zu: the same "
						  "players had %ld Bock games pending at the end of %s; "
						  "one audit of both files carries them over where the "
						  "rules say so, a merge cannot\n",
						  file, session_no, prev_session->bock_end,
						  m.files[prev_session->file].name);
			prev_session = p;
		}
		sum.games += p->games;
		sum.with_findings += p->with_findings;
		sum.with_sheet += p->with_sheet;
		for (size_t i = 0; i < p->ncounts; i++) {
			if (p->counts[i].code < DK_F_CODE_COUNT)
				sum.code_count[p->counts[i].code] += p->counts[i].n;
			else
				sum.sx_count[p->counts[i].code - DK_F_CODE_COUNT] += p->counts[i].n;
		}
		sum.scores_right += p->scores_right;
		sum.scores_wrong += p->scores_wrong;
		sum.off_total += p->off_total;
		if (p->scores_wrong && p->off_max > sum.off_max) {
			sum.off_max = p->off_max;
			sum.off_max_file = file;
			sum.off_max_index = p->off_max_index;
		}
		if (p->first_wrong_index && !sum.first_wrong_file) {
			sum.first_wrong_file = file;
			sum.first_wrong_index = p->first_wrong_index;
		}
		if (p->finding)
			any_finding = true;
		if (p->selected) {
			for (size_t i = 0; i < p->nfinals; i++) {
				size_t s;
				for (s = 0; s < nstandings; s++)
					if (strcmp(standings[s].name, p->finals[i].name) == 0)
						break;
				if (s < nstandings)
					standings[s].points += p->finals[i].final;
				else if (nstandings < MAX_PLAYERS)
					standings[nstandings++] = (dk_audit_standing){
						p->finals[i].name, p->finals[i].final };
			}
			sum.bock_pending = p->bock_end;
			if (p->totals)
				sum.sessions_with_totals++;
			if (p->totals_wrong) {
				sum.sessions_totals_wrong++;
				if (wrong_listed < 10) {
					const char *names[DK_MAX_SEATS];
					long fin[DK_MAX_SEATS], rec[DK_MAX_SEATS];
					size_t n = 0;
					for (size_t i = 0; i < p->nfinals && n < DK_MAX_SEATS; i++) {
						names[n] = p->finals[i].name;
						fin[n] = p->finals[i].final;
						rec[n++] = p->finals[i].rec;
					}
					dk_audit_wrong_session(&wrong, lang, file, session_no, names, fin,
							       p->rec_known ? rec : NULL, n);
				}
				wrong_listed++;
			}
		}
		for (size_t i = 0; i < p->nids; i++) {
			const m_slot *first = remember(&ids, p->ids[i], file, p->idx[i]);
			if (!first)
				continue;
			any_finding = true;
			if (sum.dup_count < MAX_DUPS_LISTED) {
				dk_audit_dup *d = &dups[sum.dup_count++];
				d->file = file;
				d->index = p->idx[i];
				d->first_file = first->file;
				d->first_index = first->index;
				dk_game_id_format(d->id, p->ids[i]);
			}
			sum.duplicates++;
		}
	}
	sum.files = m.nfiles;
	sum.sessions = session_no;
	qsort(standings, nstandings, sizeof(standings[0]), by_points);
	sum.standings = standings;
	sum.standing_count = nstandings;
	sum.dups = dups;
	if (json)
		dk_audit_json_summary(&out, &sum);
	else
		dk_audit_summary_text(&out, lang, &sum, &wrong);
	fwrite(out.data ? out.data : "", 1, out.len, cli->out);
	if (status == DK_EXIT_OK && (any_finding || sum.scores_wrong))
		status = DK_EXIT_FINDINGS;

	dk_buf_release(&wrong);
	dk_buf_release(&out);
	free(ids.slots);
	free(standings);
	free(order);
	for (size_t i = 0; i < m.nparts; i++)
		part_release(&m.parts[i]);
	free(m.parts);
	for (size_t i = 0; i < m.nfiles; i++)
		free(m.files[i].name);
	free(m.files);
	return status;
}

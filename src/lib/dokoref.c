/*
 * dokoref.c - the public C API (include/dokoref/dokoref.h) over the
 * library's reader (reader.c), the verdict (src/judge/verdict.c) and its
 * renderers (src/report/verdict_text.c, check_json.c).
 *
 * Only the names in dokoref.h leave the shared library (dokoref.map);
 * this file keeps no state of its own beyond libxml2's one initialisation.
 */
#include "dokoref/dokoref.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "audit_run.h"
#include "arena.h"
#include "buf.h"
#include "check_json.h"
#include "fmt_xml.h"
#include "html.h"
#include "lang.h"
#include "ruleset.h"
#include "session.h"
#include "shown.h"
#include "verdict_text.h"
#include "view_words.h"

#ifndef DOKOREF_VERSION
#error "DOKOREF_VERSION must be defined by the build"
#endif

struct dokoref_rules {
	dk_ruleset rs;
};

struct dokoref_record {
	dk_reader *r;
	dk_diag diag;                /* messages of the last call */
	char *rules_name;            /* the options' copy */
	dk_session_state ss;
	dk_session_state ss_before;  /* as before the current game was judged */
	bool in_session;
	bool continued;              /* dokoref_record_continue: the first session
					header goes on with the state given */
	bool have_game;              /* the current item is a game that can be judged */
	bool judged;
	dk_verdict *scratch;         /* for following a session's games not judged */
	struct dokoref_verdict *verdicts; /* judged from the current game */
};

struct dokoref_verdict {
	dk_verdict v;
	long search_limit;           /* dokoref_verdict_set_search_limit, -1: the default */
	bool judged;
	const char *file;            /* the record's name */
	/* the record whose current game it judged, so that moving on (or
	 * freeing either) makes it "not judged" instead of dangling */
	dokoref_record *rec;
	struct dokoref_verdict *next;
};

/* the verdicts of rec's current game forget it */
static void forget_verdicts(dokoref_record *rec)
{
	for (dokoref_verdict *v = rec->verdicts, *n; v; v = n) {
		n = v->next;
		v->judged = false;
		v->rec = NULL;
		v->next = NULL;
	}
	rec->verdicts = NULL;
}

static void unlink_verdict(dokoref_verdict *v)
{
	if (!v->rec)
		return;
	for (dokoref_verdict **p = &v->rec->verdicts; *p; p = &(*p)->next) {
		if (*p == v) {
			*p = v->next;
			break;
		}
	}
	v->rec = NULL;
	v->next = NULL;
}

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void xml_init(void)
{
	dk_xml_global_init();
}

const char *dokoref_version(void)
{
	return DOKOREF_VERSION;
}

int dokoref_version_number(void)
{
	return DOKOREF_VERSION_NUMBER;
}

void dokoref_free(void *p)
{
	free(p);
}

/* ---- errors ----------------------------------------------------------------- */

/* s cut to fit size, never inside a UTF-8 character: neither at the
 * field's end nor where a message's own buffer cut it before */
static void copy_str(char *out, size_t size, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	if (n >= size)
		n = size - 1;
	n = dk_utf8_cut(s ? s : "", n);
	if (n)
		memcpy(out, s, n);
	out[n] = '\0';
}

static void item_to_error(dokoref_error *err, int code, const dk_diag_item *it)
{
	memset(err, 0, sizeof(*err));
	err->code = code;
	err->severity = it->severity == DK_SEV_ERROR ? DOKOREF_SEVERITY_ERROR
						     : DOKOREF_SEVERITY_WARNING;
	copy_str(err->file, sizeof(err->file), it->file);
	err->line = it->loc.line;
	err->column = it->loc.col;
	copy_str(err->message, sizeof(err->message), it->message);
}

/* err from the first error of d (or its first item, or message) */
static void set_error(dokoref_error *err, int code, const dk_diag *d, const char *message)
{
	if (!err)
		return;
	for (size_t i = 0; d && i < d->count; i++) {
		if (d->items[i].severity == DK_SEV_ERROR) {
			item_to_error(err, code, &d->items[i]);
			return;
		}
	}
	if (d && d->count && !message) {
		item_to_error(err, code, &d->items[0]);
		err->severity = DOKOREF_SEVERITY_ERROR;
		return;
	}
	memset(err, 0, sizeof(*err));
	err->code = code;
	copy_str(err->message, sizeof(err->message), message ? message : "unknown error");
}

static void set_ok(dokoref_error *err)
{
	if (err)
		memset(err, 0, sizeof(*err));
}

static int code_of(int reader_status)
{
	return reader_status == DK_READER_SYSTEM ? DOKOREF_E_SYSTEM
	       : reader_status ? DOKOREF_E_INVALID : DOKOREF_OK;
}

/* ---- rule sets ---------------------------------------------------------------- */

static dokoref_rules *rules_done(dokoref_rules *rules, int rc, dk_diag *d, dokoref_error *err)
{
	if (rc != 0) {
		set_error(err, DOKOREF_E_INVALID, d, NULL);
		dk_ruleset_release(&rules->rs);
		free(rules);
		rules = NULL;
	} else {
		set_ok(err);
	}
	dk_diag_release(d);
	return rules;
}

dokoref_rules *dokoref_rules_load(const char *name_or_path, dokoref_error *err)
{
	if (!name_or_path || !*name_or_path) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no rule set named");
		return NULL;
	}
	dokoref_rules *rules = dk_xcalloc(1, sizeof(*rules));
	dk_diag d;
	dk_diag_init(&d);
	const char **dirs = dk_ruleset_dirs_new();
	dk_ruleset_init(&rules->rs);
	int rc = dk_ruleset_load(&rules->rs, name_or_path, dirs, &d);
	free(dirs);
	return rules_done(rules, rc, &d, err);
}

dokoref_rules *dokoref_rules_load_file(const char *path, dokoref_error *err)
{
	if (!path || !*path) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no rule set file named");
		return NULL;
	}
	if (strchr(path, '/'))
		return dokoref_rules_load(path, err);
	char *p = dk_xmalloc(strlen(path) + 3);
	memcpy(p, "./", 2);
	strcpy(p + 2, path);
	dokoref_rules *rules = dokoref_rules_load(p, err);
	free(p);
	return rules;
}

dokoref_rules *dokoref_rules_from_yaml(const char *yaml, size_t len, const char *name,
				       dokoref_error *err)
{
	if (!yaml) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no YAML text given");
		return NULL;
	}
	dokoref_rules *rules = dk_xcalloc(1, sizeof(*rules));
	dk_diag d;
	dk_diag_init(&d);
	const char **dirs = dk_ruleset_dirs_new();
	int rc = dk_ruleset_load_text(&rules->rs, yaml, len, name ? name : "<yaml>", dirs, &d);
	free(dirs);
	return rules_done(rules, rc, &d, err);
}

const char *dokoref_rules_name(const dokoref_rules *rules)
{
	return rules ? rules->rs.rules.name : NULL;
}

void dokoref_rules_free(dokoref_rules *rules)
{
	if (!rules)
		return;
	dk_ruleset_release(&rules->rs);
	free(rules);
}

/* ---- records ------------------------------------------------------------------ */

static dokoref_record *record_new(void)
{
	pthread_once(&xml_once, xml_init);
	dk_xml_thread_init();
	dokoref_record *rec = dk_xcalloc(1, sizeof(*rec));
	dk_diag_init(&rec->diag);
	return rec;
}

static void public_opts(dk_read_opts *o, dokoref_record *rec, const dokoref_open_options *opt)
{
	memset(o, 0, sizeof(*o));
	o->judge = true;
	o->need_rules = true;
	if (!opt)
		return;
	o->max_size = opt->max_input_size;
	if (opt->rules_name)
		o->rules = rec->rules_name = dk_xstrdup(opt->rules_name);
	if (opt->rules)
		o->rules_given = &opt->rules->rs.rules;
	o->accept_rule_differences = opt->accept_rule_differences != 0;
}

static dokoref_record *opened(dokoref_record *rec, int rc, dokoref_error *err)
{
	if (rc != 0) {
		set_error(err, code_of(rc), &rec->diag, NULL);
		dokoref_record_free(rec);
		return NULL;
	}
	set_ok(err);
	return rec;
}

dokoref_record *dokoref_record_open_file(const char *path, const dokoref_open_options *options,
					 dokoref_error *err)
{
	if (!path) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no file named");
		return NULL;
	}
	dokoref_record *rec = record_new();
	dk_read_opts o;
	public_opts(&o, rec, options);
	return opened(rec, dk_reader_open(&rec->r, path, &o, &rec->diag), err);
}

dokoref_record *dokoref_record_open_memory(const void *data, size_t len, const char *name,
					   const dokoref_open_options *options,
					   dokoref_error *err)
{
	if (!data && len) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no data given");
		return NULL;
	}
	dokoref_record *rec = record_new();
	dk_read_opts o;
	public_opts(&o, rec, options);
	return opened(rec, dk_reader_open_memory(&rec->r, data ? data : "", len,
						 name ? name : "<memory>", &o, &rec->diag), err);
}

int dk_api_record_open(dokoref_record **out, const char *path, const dk_read_opts *opts,
		       dk_diag *d)
{
	dokoref_record *rec = record_new();
	int rc = dk_reader_open(&rec->r, path, opts, d);
	if (rc != 0) {
		dokoref_record_free(rec);
		rec = NULL;
	}
	*out = rec;
	return rc;
}

void dokoref_record_free(dokoref_record *rec)
{
	if (!rec)
		return;
	forget_verdicts(rec);
	dk_reader_free(rec->r);
	dk_diag_release(&rec->diag);
	free(rec->rules_name);
	free(rec->scratch);
	free(rec);
}

/* a game of the session nobody judged still moves its Bocks on */
static void follow_session(dokoref_record *rec)
{
	const dk_rules *rules = dk_reader_rules(rec->r);
	if (!rec->have_game || rec->judged || !rec->in_session || !rules)
		return;
	static const dk_verdict_opts quick = { DK_VP_NONE, 0 };
	if (!rec->scratch)
		rec->scratch = dk_xcalloc(1, sizeof(*rec->scratch));
	dk_verdict_judge(rec->scratch, &rec->ss, true, dk_reader_game(rec->r), rules, &quick);
}

dokoref_item dokoref_record_next(dokoref_record *rec)
{
	if (!rec)
		return DOKOREF_ITEM_ERROR;
	follow_session(rec);
	forget_verdicts(rec);
	rec->have_game = false;
	rec->judged = false;
	dk_diag_clear(&rec->diag);
	dk_read_item item = dk_reader_next(rec->r, &rec->diag);
	switch (item) {
	case DK_READ_SESSION_START:
		rec->in_session = true;
		if (!rec->continued)
			dk_session_begin(&rec->ss, dk_reader_session(rec->r));
		rec->continued = false;
		return DOKOREF_ITEM_SESSION_START;
	case DK_READ_SESSION_END:
		rec->in_session = false;
		return DOKOREF_ITEM_SESSION_END;
	case DK_READ_GAME:
		rec->have_game = dk_reader_game_ok(rec->r);
		return DOKOREF_ITEM_GAME;
	case DK_READ_END:
		return DOKOREF_ITEM_END;
	case DK_READ_ERROR:
	default:
		return DOKOREF_ITEM_ERROR;
	}
}

int dokoref_record_next_game(dokoref_record *rec, dokoref_error *err)
{
	if (!rec) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no record");
		return DOKOREF_E_USAGE;
	}
	for (;;) {
		dokoref_item item = dokoref_record_next(rec);
		if (item == DOKOREF_ITEM_GAME && rec->have_game) {
			set_ok(err);
			return 1;
		}
		if (item == DOKOREF_ITEM_END) {
			set_ok(err);
			return 0;
		}
		if (item == DOKOREF_ITEM_ERROR) {
			int code = code_of(dk_reader_status_of(rec->r));
			if (code == DOKOREF_OK)
				code = DOKOREF_E_INVALID;
			set_error(err, code, &rec->diag, NULL);
			return code;
		}
	}
}

int dokoref_record_game_ok(const dokoref_record *rec)
{
	return rec && dk_reader_game_ok(rec->r);
}

long dokoref_record_game_index(const dokoref_record *rec)
{
	if (!rec || !rec->have_game)
		return 0;
	return (long)dk_reader_game(rec->r)->index;
}

const char *dokoref_record_game_rules(const dokoref_record *rec)
{
	if (!rec || !rec->have_game)
		return NULL;
	const dk_rules *r = dk_reader_rules(rec->r);
	return r ? r->name : NULL;
}

const char *dokoref_record_file(const dokoref_record *rec)
{
	return rec ? dk_reader_file(rec->r) : NULL;
}

size_t dokoref_record_message_count(const dokoref_record *rec)
{
	return rec ? rec->diag.count : 0;
}

int dokoref_record_message(const dokoref_record *rec, size_t i, dokoref_error *out)
{
	if (!rec || !out || i >= rec->diag.count)
		return DOKOREF_E_USAGE;
	const dk_diag_item *it = &rec->diag.items[i];
	item_to_error(out, it->severity == DK_SEV_ERROR ? DOKOREF_E_INVALID : DOKOREF_OK, it);
	return 0;
}

int dokoref_record_status(const dokoref_record *rec)
{
	return rec ? code_of(dk_reader_status_of(rec->r)) : DOKOREF_E_USAGE;
}

int dokoref_record_continue(dokoref_record *rec, dokoref_record *from,
			    dokoref_error *err)
{
	if (!rec || !from) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no record");
		return DOKOREF_E_USAGE;
	}
	if (!from->in_session && !from->ss.started) {
		set_error(err, DOKOREF_E_USAGE, NULL, "the record read no session's game");
		return DOKOREF_E_USAGE;
	}
	/* as the session stands after from's last game (followed, if not judged) */
	follow_session(from);
	from->judged = true;
	rec->ss = from->ss;
	rec->in_session = true;
	rec->continued = true;
	set_ok(err);
	return 0;
}

dk_diag *dk_api_diag(dokoref_record *rec)
{
	return &rec->diag;
}

dk_reader *dk_api_reader(dokoref_record *rec)
{
	return rec->r;
}

/* ---- verdicts --------------------------------------------------------------- */

dokoref_verdict *dokoref_verdict_new(void)
{
	dokoref_verdict *v = dk_xcalloc(1, sizeof(dokoref_verdict));
	v->search_limit = -1;
	return v;
}

_Static_assert(DOKOREF_SEARCH_LIMIT_DEFAULT == DK_VERDICT_SEARCH_NODES,
	       "the library's default search limit is the verdict's");

void dokoref_verdict_set_search_limit(dokoref_verdict *v, long positions)
{
	if (v)
		v->search_limit = positions < 0 ? -1 : positions;
}

void dokoref_verdict_free(dokoref_verdict *v)
{
	if (!v)
		return;
	unlink_verdict(v);
	free(v);
}

const dk_verdict *dk_api_verdict(const dokoref_verdict *v)
{
	return &v->v;
}

int dk_api_judge(dokoref_verdict *v, dokoref_record *rec, const dk_verdict_opts *opts,
		 const dk_rules *fallback)
{
	const dk_rules *rules = dk_reader_rules(rec->r);
	if (!rules)
		rules = fallback;
	if (!rec->have_game || !rules)
		return DOKOREF_E_USAGE;
	/* judged again: from where the session stood before it */
	if (rec->judged)
		rec->ss = rec->ss_before;
	else
		rec->ss_before = rec->ss;
	/* a game on its own is a session of one game (its Bock is not known) */
	if (!rec->in_session)
		dk_session_begin(&rec->ss, NULL);
	unlink_verdict(v);
	dk_verdict_judge(&v->v, &rec->ss, rec->in_session, dk_reader_game(rec->r), rules, opts);
	v->judged = true;
	v->rec = rec;
	v->next = rec->verdicts;
	rec->verdicts = v;
	v->file = dk_reader_file(rec->r);
	rec->judged = true;
	return 0;
}

int dokoref_judge(dokoref_verdict *v, dokoref_record *rec, unsigned flags, dokoref_error *err)
{
	if (!v || !rec) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no verdict or no record");
		return DOKOREF_E_USAGE;
	}
	/* the verdict's 0 is its default; no limit is the largest */
	long limit = v->search_limit < 0 ? 0 : v->search_limit == 0 ? LONG_MAX : v->search_limit;
	dk_verdict_penalties which = (flags & DOKOREF_JUDGE_NO_PENALTIES) ? DK_VP_NONE
				     : (flags & DOKOREF_JUDGE_OBJECTED_PENALTIES) ? DK_VP_OBJECTED
										  : DK_VP_ALL;
	dk_verdict_opts opts = { which, limit };
	if (dk_api_judge(v, rec, &opts, NULL) != 0) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no game that can be judged");
		return DOKOREF_E_USAGE;
	}
	set_ok(err);
	return 0;
}

/* the seat of the player at position, or 0 */
static int seat_at(const dokoref_verdict *v, int position)
{
	if (!v || !v->judged || position < 0 || position >= DK_PLAYING_SEATS)
		return 0;
	return v->v.rp.seats[position];
}

long dokoref_verdict_game_index(const dokoref_verdict *v)
{
	return v && v->judged ? (long)v->v.game->index : 0;
}

const char *dokoref_verdict_rules(const dokoref_verdict *v)
{
	return v && v->judged ? v->v.rules->name : NULL;
}

const char *dokoref_verdict_type(const dokoref_verdict *v)
{
	return v && v->judged ? dk_game_type_name(v->v.rp.type) : NULL;
}

const char *dokoref_verdict_player(const dokoref_verdict *v, int position)
{
	int seat = seat_at(v, position);
	const dk_player *p = seat ? dk_game_player_at(v->v.game, seat) : NULL;
	return p ? p->name : NULL;
}

const char *dokoref_verdict_party(const dokoref_verdict *v, int position)
{
	int seat = seat_at(v, position);
	if (!seat)
		return NULL;
	dk_party p = v->v.rp.party[seat];
	return p == DK_PARTY_RE ? "re" : p == DK_PARTY_KONTRA ? "kontra" : NULL;
}

int dokoref_verdict_card_points(const dokoref_verdict *v, const char *party)
{
	if (!v || !v->judged || !party)
		return 0;
	if (strcmp(party, "re") == 0)
		return v->v.rp.points[DK_PARTY_RE];
	if (strcmp(party, "kontra") == 0)
		return v->v.rp.points[DK_PARTY_KONTRA];
	return 0;
}

int dokoref_verdict_errors(const dokoref_verdict *v)
{
	return v && v->judged ? v->v.errors : 0;
}

int dokoref_verdict_warnings(const dokoref_verdict *v)
{
	return v && v->judged ? v->v.warnings : 0;
}

size_t dokoref_verdict_finding_count(const dokoref_verdict *v)
{
	return v && v->judged ? (size_t)v->v.rp.finding_count : 0;
}

int dokoref_verdict_finding(const dokoref_verdict *v, size_t i, dokoref_finding *out)
{
	if (!out || i >= dokoref_verdict_finding_count(v))
		return DOKOREF_E_USAGE;
	const dk_finding *f = &v->v.rp.findings[i];
	const dk_player *p = f->seat ? dk_game_player_at(v->v.game, f->seat) : NULL;
	memset(out, 0, sizeof(*out));
	out->code = dk_finding_code_name(f->code);
	out->kind = dk_finding_kind_name(f->kind);
	out->trick = f->trick;
	out->card = f->card;
	out->card_code = f->played != DK_CARD_NONE ? dk_card_code(f->played) : NULL;
	out->player = p ? p->name : NULL;
	out->line = f->loc.line;
	out->column = f->loc.col;
	out->rule = f->rule_key;
	return 0;
}

int dokoref_verdict_scored(const dokoref_verdict *v)
{
	return v && v->judged && v->v.scored;
}

const char *dokoref_verdict_winner(const dokoref_verdict *v)
{
	if (!dokoref_verdict_scored(v))
		return NULL;
	dk_party w = v->v.sc.winner;
	return w == DK_PARTY_RE ? "re" : w == DK_PARTY_KONTRA ? "kontra" : "none";
}

long dokoref_verdict_value(const dokoref_verdict *v)
{
	return dokoref_verdict_scored(v) ? v->v.sc.value : 0;
}

long dokoref_verdict_score(const dokoref_verdict *v, int position)
{
	int seat = seat_at(v, position);
	return seat && v->v.scored ? v->v.played[seat] : 0;
}

int dokoref_verdict_objected(const dokoref_verdict *v)
{
	return v && v->judged && v->v.objected != NULL;
}

long dokoref_verdict_objected_score(const dokoref_verdict *v, int position)
{
	int seat = seat_at(v, position);
	if (!seat || !v->v.scored)
		return 0;
	return v->v.objected ? v->v.objected_score[seat] : v->v.played[seat];
}

long dokoref_verdict_bock(const dokoref_verdict *v)
{
	return v && v->judged ? v->v.bock : 0;
}

long dokoref_verdict_entry(const dokoref_verdict *v, int position)
{
	int seat = seat_at(v, position);
	return seat && v->v.scored ? v->v.entry[seat] : 0;
}

int dokoref_verdict_recorded_score(const dokoref_verdict *v, int position, long *out)
{
	int seat = seat_at(v, position);
	if (!seat)
		return 0;
	const dk_recorded *r = &v->v.game->recorded;
	if (!r->present)
		return 0;
	for (size_t i = 0; i < r->score_count; i++) {
		if (r->scores[i].seat == seat) {
			if (out)
				*out = r->scores[i].points;
			return 1;
		}
	}
	return 0;
}

int dokoref_verdict_recorded_wrong(const dokoref_verdict *v)
{
	if (!dokoref_verdict_scored(v))
		return -1;
	return v->v.recorded_compared ? v->v.recorded_wrong : 0;
}

static char *take(dk_buf *b)
{
	char *s = dk_xmalloc(b->len + 1);
	memcpy(s, b->data ? b->data : "", b->len);
	s[b->len] = '\0';
	dk_buf_release(b);
	return s;
}

char *dokoref_verdict_text(const dokoref_verdict *v, int lang, unsigned flags)
{
	if (!v || !v->judged)
		return NULL;
	dk_buf b;
	dk_buf_init(&b);
	dk_text_verdict(&b, lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN, &v->v, v->file,
			(flags & DOKOREF_RENDER_COLOR) != 0);
	return take(&b);
}

char *dokoref_verdict_json(const dokoref_verdict *v)
{
	return dokoref_verdict_json_in(v, DOKOREF_LANG_EN);
}

char *dokoref_verdict_json_in(const dokoref_verdict *v, int lang)
{
	if (!v || !v->judged)
		return NULL;
	dk_buf b;
	dk_buf_init(&b);
	dk_json_verdict_in(&b, v->file, &v->v, NULL,
			   lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN);
	return take(&b);
}

/* ---- auditing a whole record ------------------------------------------------ */

char *dokoref_audit_json(dokoref_record *rec, int lang, int *status, dokoref_error *err)
{
	if (status)
		*status = 2;
	if (!rec) {
		set_error(err, DOKOREF_E_USAGE, NULL, "no record");
		return NULL;
	}
	const char *sheet;
	size_t sheet_len;
	int sheet_fmt = dk_reader_sheet(rec->r, &sheet, &sheet_len);
	if (sheet_fmt >= 0) {
		/* a score sheet: its lines and summary line, as the program's */
		dk_buf out;
		dk_buf_init(&out);
		dk_diag_clear(&rec->diag);
		size_t findings;
		int rc = dk_audit_sheet_run(&out, &rec->diag, rec->rules_name,
					    lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN, true,
					    true, false, dk_reader_file(rec->r), sheet, sheet_len,
					    sheet_fmt, &findings);
		if (rc == 3)
			set_error(err, DOKOREF_E_INVALID, &rec->diag, NULL);
		else
			set_ok(err);
		if (status)
			*status = rc;
		return take(&out);
	}
	/* one run of `dokoref audit --format json` over the record (audit_run.h),
	 * its output gathered where the program writes it to standard output */
	const char *file = dk_reader_file(rec->r);
	char *files[1] = { (char *)file };
	dk_buf out;
	dk_buf_init(&out);
	audit_state *st = dk_xcalloc(1, sizeof(*st));
	st->v = dk_xcalloc(1, sizeof(*st->v));
	st->lang = lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN;
	st->json = true;
	st->progress_off = true;
	st->prev_pending = -1;
	st->files = files;
	st->path = file;
	st->sink = &out;
	dk_buf_init(&st->buf);
	dk_buf_init(&st->wrong_sessions);
	dk_buf_init(&st->part_ids);
	dk_buf_init(&st->part_out);
	bool broke = false;
	for (bool more = true; more;) {
		dk_diag_clear(&rec->diag);
		switch (dk_reader_next(rec->r, &rec->diag)) {
		case DK_READ_SESSION_START:
			dk_audit_step_session_start(st, dk_reader_session(rec->r));
			break;
		case DK_READ_SESSION_END:
			dk_audit_step_session_end(st);
			break;
		case DK_READ_GAME:
			if (dk_reader_game_ok(rec->r))
				dk_audit_step_game(st, dk_reader_game(rec->r), dk_reader_rules(rec->r));
			break;
		case DK_READ_ERROR:
			broke = true;
			more = false;
			break;
		case DK_READ_END:
		default:
			more = false;
			break;
		}
	}
	if (st->in_session) {        /* the record broke off inside a session */
		dk_audit_session_finish(st);
		st->in_session = false;
	}
	rec->have_game = rec->in_session = false;
	st->sum.files = 1;
	st->sum.sessions = st->session_no;
	dk_audit_summary_close(st);
	dk_audit_json_summary(&out, &st->sum);
	int code = code_of(dk_reader_status_of(rec->r));
	if (broke && code == DOKOREF_OK)
		code = DOKOREF_E_INVALID;
	if (code != DOKOREF_OK)
		set_error(err, code, &rec->diag, NULL);
	else
		set_ok(err);
	if (status)
		*status = code == DOKOREF_E_SYSTEM ? 4 : code != DOKOREF_OK ? 3
			  : st->any_session_finding || st->sum.scores_wrong ? 1 : 0;
	for (size_t i = 0; i < st->nstandings; i++)
		free(st->standing_names[i]);
	free(st->ids);
	free(st->defs);
	free(st->v);
	dk_buf_release(&st->buf);
	dk_buf_release(&st->wrong_sessions);
	dk_buf_release(&st->part_ids);
	dk_buf_release(&st->part_out);
	free(st);
	return take(&out);
}

/* ---- counting and pages ------------------------------------------------------ */

void dokoref_tally_add(dokoref_tally *t, const dokoref_verdict *v)
{
	if (!t || !v || !v->judged)
		return;
	const dk_verdict *d = &v->v;
	t->games++;
	t->findings += (unsigned long)d->errors;
	t->warnings += (unsigned long)d->warnings;
	if (d->errors)
		t->with_findings++;
	/* the sheet as the ruling compares it: per-player scores, and the
	 * winner and value where those are what the table wrote */
	if (d->ruling.sheet_compared) {
		if (!d->ruling.sheet_ok)
			t->scores_wrong++;
		else
			t->scores_right++;
	}
	if (d->foreign_compared) {
		t->foreign++;
		if (d->foreign.count == 0)
			t->foreign_same++;
		else if (d->foreign.unexplained == 0)
			t->foreign_explained++;
		else
			t->foreign_differ++;
	}
}

char *dokoref_tally_text(const dokoref_tally *t, int lang)
{
	static const dokoref_tally zero;
	if (!t)
		t = &zero;
	dk_lang l = lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN;
	dk_buf games, findings, warnings, b;
	dk_buf_init(&games);
	dk_buf_init(&findings);
	dk_buf_init(&warnings);
	dk_buf_init(&b);
	dk_say(&games, l, dk_msg_n((long long)t->games, DK_MSG_CK_GAMES_ONE,
				   DK_MSG_CK_GAMES_MANY), (size_t)t->games);
	dk_say(&findings, l, dk_msg_n((long long)t->findings, DK_MSG_CK_FINDINGS_ONE,
				      DK_MSG_CK_FINDINGS_MANY), (size_t)t->findings);
	dk_say(&warnings, l, dk_msg_n((long long)t->warnings, DK_MSG_CK_WARNINGS_ONE,
				      DK_MSG_CK_WARNINGS_MANY), (size_t)t->warnings);
	dk_say(&b, l, DK_MSG_CK_SUMMARY, games.data, (size_t)t->with_findings, findings.data,
	       warnings.data, (size_t)t->scores_right, (size_t)t->scores_wrong);
	dk_buf_putc(&b, '\n');
	if (t->foreign) {
		dk_say(&b, l, DK_MSG_FD_SUMMARY, (size_t)t->foreign, (size_t)t->foreign_same,
		       (size_t)t->foreign_explained, (size_t)t->foreign_differ);
		dk_buf_putc(&b, '\n');
	}
	dk_buf_release(&games);
	dk_buf_release(&findings);
	dk_buf_release(&warnings);
	return take(&b);
}

struct dokoref_page {
	dk_html h;
	char *title;
};

dokoref_page *dokoref_page_new(int lang, const char *title)
{
	dokoref_page *page = dk_xcalloc(1, sizeof(*page));
	page->title = dk_xstrdup(title ? title : "");
	dk_html_init(&page->h, lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN, page->title);
	return page;
}

int dokoref_page_add(dokoref_page *page, const dokoref_verdict *v)
{
	if (!page || !v || !v->judged)
		return DOKOREF_E_USAGE;
	dk_html_game(&page->h, &v->v, v->file, NULL);
	return 0;
}

size_t dokoref_page_games(const dokoref_page *page)
{
	return page ? page->h.games : 0;
}

char *dokoref_page_html(dokoref_page *page)
{
	if (!page || page->h.games == 0)
		return NULL;
	dk_buf b;
	dk_buf_init(&b);
	dk_html_finish(&page->h, &b);
	return take(&b);
}

void dokoref_page_free(dokoref_page *page)
{
	if (!page)
		return;
	dk_html_release(&page->h);
	free(page->title);
	free(page);
}

const char *dokoref_finding_name(const char *code, int lang)
{
	if (!code)
		return NULL;
	dk_lang l = lang == DOKOREF_LANG_DE ? DK_LANG_DE : DK_LANG_EN;
	for (int c = 0; c < DK_F_CODE_COUNT; c++) {
		if (strcmp(dk_finding_code_name((dk_finding_code)c), code) == 0)
			return dk_view_finding_name(l, (dk_finding_code)c);
	}
	for (int c = 0; c < DK_SX_CODE_COUNT; c++) {
		if (strcmp(dk_session_issue_name((dk_session_issue_code)c), code) == 0)
			return dk_view_issue_name(l, (dk_session_issue_code)c);
	}
	return NULL;
}

/*
 * fmt_xml_read.c - streaming reader of the dokoref XML format.
 *
 * xml_pull.c pulls nodes from libxml2's SAX2 push parser, which reads bytes
 * from dk_input (plain or gzip) after the guard has seen them.  The
 * functions below walk the format's fixed structure with one
 * function per element, in the spirit of a recursive-descent parser; those
 * of a game's deal, bidding, play and recorded result are in fmt_xml_game.c,
 * the steps over nodes and attributes both use in fmt_xml_util.c.
 *
 * Two kinds of errors:
 *   - fatal: malformed XML, an element the format does not know, something
 *     the guard refused, a failing input.  Nothing after it can be trusted;
 *     the reader stops (DK_READ_ERROR).
 *   - inside a game: an unknown card, a bad seat, an attribute value out of
 *     range, elements out of order.  The error is recorded, the game is
 *     returned marked bad, and reading goes on with the next game.
 *
 * It does not judge a record (that is the replay's job) and does not check
 * the deal against a rule set (dk_record_check does).
 */
#include "fmt_xml_internal.h"

#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "arena.h"
#include "guard.h"
#include "xml_pull.h"

/* ---- libxml2 glue ------------------------------------------------------ */

static xmlParserInputPtr refuse_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url;
	(void)id;
	(void)ctxt;
	return NULL;
}

static void silent_generic(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

void dk_xml_global_init(void)
{
	xmlInitParser();
	xmlSetExternalEntityLoader(refuse_entity);
	dk_xml_thread_init();
}

void dk_xml_thread_init(void)
{
	/* libxml2 keeps these per thread */
	xmlSetGenericErrorFunc(NULL, silent_generic);
	xmlSubstituteEntitiesDefault(0);
	xmlLoadExtDtdDefaultValue = 0;
}

/* ---- comments before a game or a session ------------------------------- */

#define DK_MAX_COMMENTS 100  /* comments kept before one game or session */

static void keep_comment(dk_xml_reader *r)
{
	const char *v = xr_node_value(r, NULL);
	if (r->comment_count == DK_MAX_COMMENTS) {
		xr_fatal(r, r->guard.pos, "more than %d comments before one game", DK_MAX_COMMENTS);
		return;
	}
	if (r->comment_count == r->comment_alloc) {
		r->comment_alloc = r->comment_alloc ? r->comment_alloc * 2 : 4;
		r->comments = dk_xrealloc(r->comments, r->comment_alloc * sizeof(char *));
	}
	r->comments[r->comment_count++] = dk_xstrdup(v);
}

static void drop_comments(dk_xml_reader *r)
{
	for (size_t i = 0; i < r->comment_count; i++)
		free(r->comments[i]);
	r->comment_count = 0;
}

/* move the kept comments into arena a */
static const char *const *take_comments(dk_xml_reader *r, dk_arena *a, size_t *count)
{
	*count = r->comment_count;
	if (!r->comment_count)
		return NULL;
	const char **out = dk_arena_alloc(a, r->comment_count * sizeof(char *));
	for (size_t i = 0; i < r->comment_count; i++)
		out[i] = dk_arena_strdup(a, r->comments[i]);
	drop_comments(r);
	return out;
}

/* ---- elements -------------------------------------------------------------- */

static int parse_note(dk_xml_reader *r, dk_arena *ar, dk_note **notes, size_t *count)
{
	static const char *const allowed[] = { NULL };
	attrs a;
	dk_loc loc = r->tag.start;
	if (xr_get_attrs(r, ar, "note", allowed, &a) < 0 || xr_read_text(r, "note") < 0)
		return -1;
	dk_note *n = dk_arena_alloc(ar, (*count + 1) * sizeof(dk_note));
	if (*count)
		memcpy(n, *notes, *count * sizeof(dk_note));
	n[*count].text = dk_arena_strndup(ar, r->text, r->text_len);
	n[*count].loc = loc;
	*notes = n;
	(*count)++;
	return 0;
}

static int parse_rules(dk_xml_reader *r, dk_arena *ar, dk_rules_ref *out)
{
	static const char *const allowed[] = { "name", "path", NULL };
	attrs a;
	memset(out, 0, sizeof(*out));
	out->loc = r->tag.start;
	if (xr_get_attrs(r, ar, "rules", allowed, &a) < 0)
		return -1;
	out->name = a.value[0];
	out->path = a.value[1];
	if (!out->name == !out->path)
		xr_game_error(r, r->tag.start, "<rules> needs exactly one of 'name' and 'path'");
	if (out->name) {
		bool ok = out->name[0] != '\0';
		for (const char *p = out->name; *p; p++)
			if (!(islower((unsigned char)*p) || isdigit((unsigned char)*p) ||
			      ((*p == '.' || *p == '_' || *p == '-') && p != out->name)))
				ok = false;
		if (!ok)
			xr_game_error(r, a.loc[0], "rule set name '%s' may only hold a-z, 0-9, '.', '_' "
				   "and '-' (use 'path' for a file)", out->name);
	}
	if (out->path && !out->path[0])
		xr_game_error(r, a.loc[1], "the rule set path is empty");
	if (r->empty)
		return 0;
	size_t cap = 0;
	int c;
	while ((c = xr_child(r, "rules", out->loc)) > 0) {
		if (strcmp(xr_node_name(r), "set") != 0) {
			xr_unknown_element(r, "rules");
			return -1;
		}
		static const char *const set_allowed[] = { "key", "value", NULL };
		attrs sa;
		if (xr_get_attrs(r, ar, "set", set_allowed, &sa) < 0)
			return -1;
		const char *key = xr_need(r, &sa, 0, "set", "key");
		const char *value = xr_need(r, &sa, 1, "set", "value");
		if (out->override_count == cap) {
			cap = cap ? cap * 2 : 4;
			dk_rule_override *o = dk_arena_alloc(ar, cap * sizeof(*o));
			if (out->override_count)
				memcpy(o, out->overrides, out->override_count * sizeof(*o));
			out->overrides = o;
		}
		if (key && value) {
			for (size_t i = 0; i < out->override_count; i++)
				if (strcmp(out->overrides[i].key, key) == 0)
					xr_game_error(r, sa.loc[0], "rule '%s' is set twice", key);
			dk_rule_override *o = &out->overrides[out->override_count++];
			o->key = key;
			o->value = value;
			o->loc = r->tag.start;
		}
		if (xr_skip_element(r) < 0)
			return -1;
	}
	return c;
}

static int parse_players(dk_xml_reader *r, dk_arena *ar, dk_players *out)
{
	memset(out, 0, sizeof(*out));
	out->loc = r->tag.start;
	static const char *const none[] = { NULL };
	attrs a;
	if (xr_get_attrs(r, ar, "players", none, &a) < 0)
		return -1;
	out->items = dk_arena_alloc(ar, DK_MAX_SEATS * sizeof(dk_player));
	int c = 0;
	if (!r->empty) {
		while ((c = xr_child(r, "players", out->loc)) > 0) {
			if (strcmp(xr_node_name(r), "player") != 0) {
				xr_unknown_element(r, "players");
				return -1;
			}
			static const char *const allowed[] = { "seat", "name", NULL };
			if (xr_get_attrs(r, ar, "player", allowed, &a) < 0)
				return -1;
			int seat = xr_seat_value(r, &a, 0, "player", "seat", true);
			const char *name = xr_need(r, &a, 1, "player", "name");
			if (name && !*name)
				xr_game_error(r, a.loc[1], "a player's name is empty");
			if (out->count == DK_MAX_SEATS) {
				xr_game_error(r, r->tag.start, "more than %d players at one table", DK_MAX_SEATS);
			} else if (seat && name) {
				for (size_t i = 0; i < out->count; i++) {
					if (out->items[i].seat == seat)
						xr_game_error(r, a.loc[0], "seat %d is given twice", seat);
					if (strcmp(out->items[i].name, name) == 0)
						xr_game_error(r, a.loc[1], "two players are called '%s'", name);
				}
				dk_player *p = &out->items[out->count++];
				p->seat = seat;
				p->name = name;
				p->loc = r->tag.start;
			}
			if (xr_skip_element(r) < 0)
				return -1;
		}
	}
	if (c < 0)
		return -1;
	if (out->count == 0)
		xr_game_error(r, out->loc, "<players> names no player");
	return 0;
}

static void parse_meta_attrs(dk_xml_reader *r, const attrs *a, int first, dk_meta *m)
{
	m->event = a->value[first];
	m->place = a->value[first + 1];
	m->date = a->value[first + 2];
	m->table = a->value[first + 3];
	m->loc = r->tag.start;
	if (m->date && !dk_date_valid(m->date))
		xr_game_error(r, a->loc[first + 2], "date '%s' is not a date of the form YYYY-MM-DD",
			   m->date);
}

/* the order of a game's children; a lower stage after a higher one is an error */
enum { S_NOTE, S_RULES, S_PLAYERS, S_DEAL, S_BIDDING, S_PLAY, S_RECORDED };
static const char *const stage_names[] = {
	"note", "rules", "players", "deal", "bidding", "play", "recorded"
};

static int stage_of(const char *name)
{
	for (int i = 0; i < (int)(sizeof(stage_names) / sizeof(stage_names[0])); i++)
		if (strcmp(name, stage_names[i]) == 0)
			return i;
	return -1;
}

static int parse_game(dk_xml_reader *r)
{
	dk_arena *ar = &r->game_arena;
	dk_arena_reset(ar);
	dk_game *g = &r->game;
	memset(g, 0, sizeof(*g));
	r->game_ok = true;
	g->index = ++r->game_count;
	g->session = r->in_session ? &r->session : NULL;
	g->loc = r->tag.start;
	g->comments = take_comments(r, ar, &g->comment_count);
	static const char *const allowed[] = {
		"number", "round", "event", "place", "date", "table", NULL
	};
	attrs a;
	if (xr_get_attrs(r, ar, "game", allowed, &a) < 0)
		return -1;
	g->meta.number = a.value[0];
	g->meta.round = a.value[1];
	parse_meta_attrs(r, &a, 2, &g->meta);
	g->recorded.re_points = g->recorded.kontra_points = -1;
	int stage = -1;
	bool seen[7] = { false };
	int c = 0;
	if (!r->empty) {
		while ((c = xr_child(r, "game", g->loc)) > 0) {
			const char *name = xr_node_name(r);
			int st = stage_of(name);
			if (st < 0) {
				xr_unknown_element(r, "game");
				return -1;
			}
			if (st < stage)
				xr_game_error(r, r->tag.start, "<%s> must come before <%s>", name,
					   stage_names[stage]);
			else if (seen[st] && st != S_NOTE)
				xr_game_error(r, r->tag.start, "<%s> is given twice", name);
			if (st > stage)
				stage = st;
			bool again = seen[st] && st != S_NOTE;
			seen[st] = true;
			int rc = 0;
			switch (st) {
			case S_NOTE:
				rc = parse_note(r, ar, &g->notes, &g->note_count);
				break;
			case S_RULES:
				if (again) {
					rc = xr_skip_element(r);
					break;
				}
				g->has_rules = true;
				rc = parse_rules(r, ar, &g->rules);
				break;
			case S_PLAYERS:
				if (again) {
					rc = xr_skip_element(r);
					break;
				}
				g->has_players = true;
				rc = parse_players(r, ar, &g->players);
				break;
			case S_DEAL:
				rc = again ? xr_skip_element(r) : xr_parse_deal(r, ar, &g->deal, &g->exchange_unknown);
				break;
			case S_BIDDING:
				rc = again ? xr_skip_element(r) : xr_parse_bidding(r, ar, g);
				break;
			case S_PLAY:
				rc = again ? xr_skip_element(r) : xr_parse_play(r, ar, g);
				break;
			case S_RECORDED:
				rc = again ? xr_skip_element(r) : xr_parse_recorded(r, ar, &g->recorded);
				break;
			}
			if (rc < 0)
				return -1;
		}
	}
	if (c < 0)
		return -1;
	if (!seen[S_DEAL])
		xr_game_error(r, g->loc, "game %zu has no <deal>", g->index);
	if (!g->has_players && !(g->session && g->session->has_players))
		xr_game_error(r, g->loc, "game %zu names no players (give <players> in the game "
			   "or in its session)", g->index);
	return 0;
}

/* a session's attributes and the children before its first game */
static int parse_session_head(dk_xml_reader *r)
{
	dk_arena *ar = &r->session_arena;
	dk_arena_reset(ar);
	dk_session *s = &r->session;
	memset(s, 0, sizeof(*s));
	s->index = ++r->session_count;
	s->loc = r->tag.start;
	s->bock_pending = -1;
	s->comments = take_comments(r, ar, &s->comment_count);
	r->game_ok = true;
	static const char *const allowed[] = {
		"event", "place", "date", "table", "bock-pending", NULL
	};
	attrs a;
	if (xr_get_attrs(r, ar, "session", allowed, &a) < 0)
		return -1;
	parse_meta_attrs(r, &a, 0, &s->meta);
	if (a.value[4]) {
		long n;
		if (!xr_parse_long(a.value[4], 0, 1000, &n) || a.value[4][0] == '+')
			xr_game_error(r, a.loc[4], "bock-pending '%s' is not a number from 0 to 1000",
				   a.value[4]);
		else
			s->bock_pending = (int)n;
	}
	r->in_session = true;
	if (r->empty) {
		r->close_session = true;
		return 0;
	}
	int stage = -1;
	for (;;) {
		int t = xr_advance(r);
		if (t < 0)
			return -1;
		if (t == N_COMMENT) {
			keep_comment(r);
			continue;
		}
		if (t == N_TEXT) {
			if (!xr_is_blank(xr_node_value(r, NULL))) {
				xr_stray_text(r, "session", s->loc);
				return -1;
			}
			continue;
		}
		if (t == N_END_ELEMENT || t == N_END) {
			/* an empty session: its end is the next item */
			r->pending = t == N_END_ELEMENT;
			return t == N_END ? (xr_fatal(r, r->guard.pos, "<session> is not closed"), -1) : 0;
		}
		const char *name = xr_node_name(r);
		if (strcmp(name, "game") == 0) {
			r->pending = true;
			return 0;
		}
		int st = stage_of(name);
		if (st != S_NOTE && st != S_RULES && st != S_PLAYERS) {
			xr_fatal(r, r->tag.start, "<%s> is not an element of the format here (inside "
			      "<session>)", name);
			return -1;
		}
		if (st < stage)
			xr_game_error(r, r->tag.start, "<%s> must come before <%s>", name, stage_names[stage]);
		int rc;
		if ((st == S_RULES && s->has_rules) || (st == S_PLAYERS && s->has_players)) {
			xr_game_error(r, r->tag.start, "<%s> is given twice", name);
			rc = xr_skip_element(r);
		} else if (st == S_NOTE) {
			rc = parse_note(r, ar, &s->notes, &s->note_count);
		} else if (st == S_RULES) {
			s->has_rules = true;
			rc = parse_rules(r, ar, &s->rules);
		} else {
			s->has_players = true;
			rc = parse_players(r, ar, &s->players);
		}
		if (rc < 0)
			return -1;
		if (st > stage)
			stage = st;
	}
}

/* ---- the public interface -------------------------------------------------- */

static int reader_start(dk_xml_reader **out, dk_input *in, const char *shown,
			const dk_xml_origin *origin, dk_diag *diag);

int dk_xml_reader_open(dk_xml_reader **out, const char *path,
		       const char *display_name, uint64_t max_size, dk_diag *diag)
{
	*out = NULL;
	char err[300];
	const char *shown = display_name ? display_name : strcmp(path, "-") == 0 ? "<stdin>" : path;
	dk_input *in;
	dk_io_status st = dk_input_open(&in, path, max_size, err, sizeof(err));
	if (st != DK_IO_OK) {
		dk_diag_error(diag, NULL, DK_LOC_NONE, "%s", err);
		return st;
	}
	return reader_start(out, in, shown, NULL, diag);
}

int dk_xml_reader_open_memory(dk_xml_reader **out, const void *data, size_t len,
			      const char *display_name, uint64_t max_size, dk_diag *diag)
{
	*out = NULL;
	dk_input *in;
	if (dk_input_open_memory(&in, data, len, max_size) != DK_IO_OK) {
		dk_diag_error(diag, display_name, DK_LOC_NONE, "cannot start decompressing");
		return DK_IO_SYSTEM;
	}
	return reader_start(out, in, display_name ? display_name : "<memory>", NULL, diag);
}

int dk_xml_reader_open_input(dk_xml_reader **out, dk_input *in, const char *display_name,
			     dk_diag *diag)
{
	*out = NULL;
	return reader_start(out, in, display_name, NULL, diag);
}

int dk_xml_reader_open_input_at(dk_xml_reader **out, dk_input *in, const char *display_name,
				const dk_xml_origin *origin, dk_diag *diag)
{
	*out = NULL;
	return reader_start(out, in, display_name, origin, diag);
}

uint32_t dk_xml_reader_line(const dk_xml_reader *r)
{
	return r->guard.line;
}

size_t dk_xml_reader_games(const dk_xml_reader *r)
{
	return r->game_count;
}

size_t dk_xml_reader_sessions(const dk_xml_reader *r)
{
	return r->session_count;
}

static int reader_start(dk_xml_reader **out, dk_input *in, const char *shown,
			const dk_xml_origin *origin, dk_diag *diag)
{
	dk_io_status st;
	dk_xml_reader *r = dk_xcalloc(1, sizeof(*r));
	r->file = dk_xstrdup(shown);
	r->in = in;
	r->diag = diag;
	dk_guard_init(&r->guard);
	dk_arena_init(&r->game_arena);
	dk_arena_init(&r->session_arena);
	r->xp = dk_xml_pull_new(in, &r->guard);
	if (origin && origin->line > 1) {
		r->guard.line = r->guard.pos.line = r->guard.run_loc.line = origin->line;
		dk_xml_pull_set_first_line(r->xp, origin->line);
	}
	if (origin) {
		r->game_count = origin->games;
		r->session_count = origin->sessions;
	}
	/* the prologue: comments up to the root element */
	for (;;) {
		int t = xr_advance(r);
		if (t < 0)
			break;
		if (t == N_COMMENT) {
			keep_comment(r);
			continue;
		}
		if (t == N_END) {
			xr_fatal(r, r->guard.pos, "the file holds no <dokoref> element");
			break;
		}
		if (t != N_ELEMENT) {
			xr_fatal(r, r->guard.pos, "unexpected content before the root element");
			break;
		}
		if (strcmp(xr_node_name(r), "dokoref") != 0) {
			xr_fatal(r, r->tag.start, "the root element is <%s>, not <dokoref>", xr_node_name(r));
			break;
		}
		static const char *const allowed[] = { "version", NULL };
		attrs a;
		r->root_loc = r->tag.start;
		if (xr_get_attrs(r, &r->session_arena, "dokoref", allowed, &a) < 0)
			break;
		if (!a.value[0])
			xr_fatal(r, r->tag.start, "<dokoref> needs the attribute 'version'");
		else if (strcmp(a.value[0], "1") != 0)
			xr_fatal(r, a.loc[0], "format version '%s' is not supported (this dokoref reads "
			      "version 1)", a.value[0]);
		break;
	}
	if (r->failed) {
		st = r->status;
		dk_xml_reader_free(r);
		return st;
	}
	r->prologue = r->comments;
	r->prologue_count = r->comment_count;
	r->comments = NULL;
	r->comment_count = r->comment_alloc = 0;
	r->root_empty = r->empty;
	r->diag = NULL;
	*out = r;
	return 0;
}

dk_read_item dk_xml_reader_next(dk_xml_reader *r, dk_diag *diag)
{
	r->diag = diag;
	if (r->failed)
		return DK_READ_ERROR;
	if (r->close_session) {
		r->close_session = false;
		r->in_session = false;
		return DK_READ_SESSION_END;
	}
	if (r->root_empty) {
		int u;
		while ((u = xr_advance(r)) == N_COMMENT || u == N_TEXT)
			;
		return u < 0 ? DK_READ_ERROR : DK_READ_END;
	}
	for (;;) {
		int t = xr_advance(r);
		if (t < 0)
			return DK_READ_ERROR;
		if (t == N_COMMENT) {
			keep_comment(r);
			continue;
		}
		if (t == N_TEXT) {
			if (!xr_is_blank(xr_node_value(r, NULL))) {
				xr_stray_text(r, r->in_session ? "session" : "dokoref",
					   r->in_session ? r->session.loc : r->root_loc);
				return DK_READ_ERROR;
			}
			continue;
		}
		if (t == N_END_ELEMENT) {
			if (r->in_session) {
				r->in_session = false;
				drop_comments(r);
				return DK_READ_SESSION_END;
			}
			/* the root ended: nothing but comments may follow */
			int u;
			while ((u = xr_advance(r)) == N_COMMENT || u == N_TEXT)
				;
			if (u < 0)
				return DK_READ_ERROR;
			drop_comments(r);
			return DK_READ_END;
		}
		if (t == N_END) {
			xr_fatal(r, r->guard.pos, "the document ends before </dokoref>");
			return DK_READ_ERROR;
		}
		const char *name = xr_node_name(r);
		if (strcmp(name, "game") == 0) {
			if (parse_game(r) < 0)
				return DK_READ_ERROR;
			return DK_READ_GAME;
		}
		if (strcmp(name, "session") == 0 && !r->in_session) {
			if (parse_session_head(r) < 0)
				return DK_READ_ERROR;
			return DK_READ_SESSION_START;
		}
		xr_fatal(r, r->tag.start, "<%s> is not an element of the format here (inside <%s>)",
		      name, r->in_session ? "session" : "dokoref");
		return DK_READ_ERROR;
	}
}

const dk_game *dk_xml_reader_game(const dk_xml_reader *r)
{
	return &r->game;
}

const dk_session *dk_xml_reader_session(const dk_xml_reader *r)
{
	return &r->session;
}

bool dk_xml_reader_game_ok(const dk_xml_reader *r)
{
	return r->game_ok;
}

dk_io_status dk_xml_reader_status(const dk_xml_reader *r)
{
	return r->failed ? r->status : DK_IO_OK;
}

const char *const *dk_xml_reader_prologue(const dk_xml_reader *r, size_t *count)
{
	*count = r->prologue_count;
	return (const char *const *)r->prologue;
}

const char *dk_xml_reader_file(const dk_xml_reader *r)
{
	return r->file;
}

void dk_xml_reader_free(dk_xml_reader *r)
{
	if (!r)
		return;
	dk_xml_pull_free(r->xp);
	dk_input_free(r->in);
	dk_guard_release(&r->guard);
	dk_arena_release(&r->game_arena);
	dk_arena_release(&r->session_arena);
	drop_comments(r);
	free(r->comments);
	for (size_t i = 0; i < r->prologue_count; i++)
		free(r->prologue[i]);
	free(r->prologue);
	free(r->text);
	free((char *)r->file);
	free(r);
}

uint64_t dk_xml_reader_source_offset(const dk_xml_reader *r)
{
	return dk_input_source_offset(r->in);
}

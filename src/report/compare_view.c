/*
 * compare_view.c - one game under several rule sets, as a table and as
 * JSON; see compare_view.h.  Every word comes from the catalogue (lang.c).
 */
#include "compare_view.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "check_text.h"
#include "json_out.h"
#include "shown.h"
#include "view_words.h"

bool dk_compare_same(const dk_verdict *a, const dk_verdict *b)
{
	const dk_replay *x = &a->rp, *y = &b->rp;
	if (x->type != y->type || x->solo != y->solo || x->declarer != y->declarer ||
	    a->scored != b->scored || x->finding_count != y->finding_count)
		return false;
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (x->seats[i] != y->seats[i] || x->party[x->seats[i]] != y->party[y->seats[i]])
			return false;
	for (int i = 0; i < x->finding_count; i++)
		if (x->findings[i].code != y->findings[i].code)
			return false;
	if (!a->scored)
		return true;
	if (a->sc.winner != b->sc.winner || a->sc.value != b->sc.value)
		return false;
	for (int i = 0; i < DK_PLAYING_SEATS; i++)
		if (a->entry[x->seats[i]] != b->entry[y->seats[i]])
			return false;
	return true;
}

/* characters, not bytes: the game types hold umlauts and the like */
static size_t width(const char *s)
{
	size_t n = 0;
	for (; s && *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static const char *player_name(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p && p->name ? p->name : "?";
}

/* the seat of the s-th player in the header: as the first set that judges
 * the game seats them, or, when none can, as the record deals the hands */
static int header_seat(const dk_compare *c, const dk_verdict *v0, int s)
{
	if (c->ref < c->count)
		return v0->rp.seats[s];
	if (s < c->game->deal.hand_count)
		return c->game->deal.hands[s].seat;
	return s;
}

static const char *party_word(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_PARTY_RE
				 : p == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA : DK_MSG_NOBODY);
}

/* the findings by code in the order found, a repeated code once with its count */
static void findings_cell(dk_buf *b, dk_lang lang, const dk_replay *rp)
{
	bool any = false;
	for (int i = 0; i < rp->finding_count; i++) {
		dk_finding_code c = rp->findings[i].code;
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = rp->findings[j].code == c;
		if (seen)
			continue;
		int n = 0;
		for (int j = i; j < rp->finding_count; j++)
			n += rp->findings[j].code == c;
		dk_buf_printf(b, "%s%s", any ? ", " : "", dk_view_finding_name(lang, c));
		if (n > 1)
			dk_buf_printf(b, " x%d", n);
		any = true;
	}
	if (!any)
		dk_buf_puts(b, "-");
}

#define COLS (5 + DK_PLAYING_SEATS)

/* what a set rules, in a few words: "Kontra 4", "no score" */
static void ruling_words(dk_buf *b, dk_lang lang, const dk_verdict *v)
{
	if (!v->scored) {
		dk_buf_puts(b, dk_msg_text(lang, DK_MSG_CMP_NOT_SCORED));
		return;
	}
	int value = v->sc.value;
	dk_buf_printf(b, "%s %d", party_word(lang, v->sc.winner), value < 0 ? -value : value);
}

/* whether two sets rule alike in those few words */
static bool same_words(const dk_verdict *a, const dk_verdict *b)
{
	if (a->scored != b->scored)
		return false;
	return !a->scored || (a->sc.winner == b->sc.winner && a->sc.value == b->sc.value);
}

/* The closing line: how many of the sets can judge the game; whether they
 * agree, and what they rule (grouped by ruling when they do not); and why
 * the others cannot. */
static void closing_line(dk_buf *b, dk_lang lang, const dk_compare *c, const char *const *names)
{
	int judged = 0, differ = 0;
	for (int i = 0; i < c->count; i++) {
		judged += c->refused[i] == NULL;
		differ += c->refused[i] == NULL && c->diff[i].differs;
	}
	dk_buf what;
	dk_buf_init(&what);
	bool score_alike = false;
	if (judged > 0 && !differ) {
		ruling_words(&what, lang, c->v[c->ref]);
	} else if (judged > 0) {
		/* each distinct ruling once, with the sets that rule it */
		bool done[DK_CMP_MAX_SETS] = { false };
		int groups = 0;
		for (int i = 0; i < c->count; i++) {
			if (c->refused[i] || done[i])
				continue;
			if (groups++)
				dk_buf_puts(&what, ", ");
			ruling_words(&what, lang, c->v[i]);
			dk_buf_puts(&what, " (");
			for (int j = i, n = 0; j < c->count; j++) {
				if (c->refused[j] || done[j] || !same_words(c->v[i], c->v[j]))
					continue;
				done[j] = true;
				dk_buf_printf(&what, "%s%s", n++ ? ", " : "", names[j]);
			}
			dk_buf_putc(&what, ')');
		}
		if (groups == 1) {
			/* the same score, different findings */
			score_alike = true;
			dk_buf_clear(&what);
			ruling_words(&what, lang, c->v[c->ref]);
		}
	}
	if (judged == 0)
		dk_say(b, lang, DK_MSG_CMP_NONE, c->count);
	else if (judged == 1 && c->count > 1)
		dk_say(b, lang, DK_MSG_CMP_ONE, c->count, what.data);
	else if (judged == c->count)
		dk_say(b, lang, score_alike ? DK_MSG_CMP_ALL_SCORE_ALIKE
			   : differ ? DK_MSG_CMP_ALL_DIFFER : DK_MSG_CMP_ALL_ALIKE,
		       c->count, what.data);
	else
		dk_say(b, lang, score_alike ? DK_MSG_CMP_SOME_SCORE_ALIKE
			   : differ ? DK_MSG_CMP_SOME_DIFFER : DK_MSG_CMP_SOME_ALIKE,
		       judged, c->count, what.data);
	dk_buf_release(&what);
	int refused = c->count - judged;
	if (refused == 0)
		return;
	/* why: the deck, counted, or the record check's own words per set */
	int with = 0, without = 0;
	for (int i = 0; i < c->count; i++) {
		with += c->refused[i] && c->refused_nines[i] > 0;
		without += c->refused[i] && c->refused_nines[i] < 0;
	}
	dk_buf why;
	dk_buf_init(&why);
	if (without == refused)
		dk_buf_puts(&why, dk_msg_text(lang, refused == 1 ? DK_MSG_CMP_WITHOUT_NINES_ONE
								 : DK_MSG_CMP_WITHOUT_NINES_MANY));
	else if (with == refused)
		dk_buf_puts(&why, dk_msg_text(lang, refused == 1 ? DK_MSG_CMP_WITH_NINES_ONE
								 : DK_MSG_CMP_WITH_NINES_MANY));
	else {
		int n = 0;
		if (without) {
			dk_say(&why, lang, DK_MSG_CMP_CANNOT_SOME_WITHOUT, without);
			n++;
		}
		if (with) {
			if (n++)
				dk_buf_puts(&why, ", ");
			dk_say(&why, lang, DK_MSG_CMP_CANNOT_SOME_WITH, with);
		}
		for (int i = 0; i < c->count; i++) {
			if (!c->refused[i] || c->refused_nines[i])
				continue;
			if (n++)
				dk_buf_puts(&why, ", ");
			dk_buf_printf(&why, "%s: %s", names[i], c->refused[i]);
		}
	}
	if (judged == 0)
		dk_buf_printf(b, ": %s", why.data);
	else if (refused == 1)
		dk_say(b, lang, DK_MSG_CMP_CANNOT_ONE, why.data);
	else
		dk_say(b, lang, DK_MSG_CMP_CANNOT_MANY, refused, why.data);
	dk_buf_release(&why);
}

void dk_compare_text(dk_buf *b, dk_lang lang, const dk_compare *c)
{
	const dk_verdict *v0 = c->v[c->ref < c->count ? c->ref : 0];
	/* the file's name and the rule sets given by path, control
	 * characters shown as '?' (shown.h) */
	char *keep[DK_CMP_MAX_SETS + 1];
	const char *names[DK_CMP_MAX_SETS];
	for (int i = 0; i < c->count; i++)
		names[i] = dk_shown(c->names[i], &keep[i]);
	dk_say(b, lang, DK_MSG_CMP_HEAD, dk_shown(c->file, &keep[c->count]), c->game->index,
	       (size_t)c->count);
	dk_buf_putc(b, '\n');
	/* the cells, row 0 the heads */
	int rows = c->count + 1;
	dk_buf *cell = calloc((size_t)rows * COLS, sizeof(dk_buf));
	if (!cell)
		goto done;
	for (int i = 0; i < rows * COLS; i++)
		dk_buf_init(&cell[i]);
	static const dk_msg heads[] = { DK_MSG_CMP_COL_RULES, DK_MSG_CMP_COL_TYPE,
					DK_MSG_CMP_COL_WINNER, DK_MSG_CMP_COL_VALUE };
	for (int k = 0; k < 4; k++)
		dk_buf_puts(&cell[k], dk_msg_text(lang, heads[k]));
	for (int s = 0; s < DK_PLAYING_SEATS; s++)
		dk_buf_puts(&cell[4 + s], player_name(c->game, header_seat(c, v0, s)));
	dk_buf_puts(&cell[4 + DK_PLAYING_SEATS], dk_msg_text(lang, DK_MSG_CMP_COL_FINDINGS));
	for (int r = 1; r < rows; r++) {
		const dk_verdict *v = c->v[r - 1];
		dk_buf *row = &cell[r * COLS];
		dk_buf_puts(&row[0], names[r - 1]);
		if (c->refused[r - 1]) {
			if (c->refused_nines[r - 1])
				dk_buf_puts(&row[1], dk_msg_text(lang, c->refused_nines[r - 1] > 0
							   ? DK_MSG_CMP_REFUSED_WITH_NINES
							   : DK_MSG_CMP_REFUSED_WITHOUT_NINES));
			else
				dk_say(&row[1], lang, DK_MSG_CMP_REFUSED, c->refused[r - 1]);
			continue;
		}
		dk_text_game_type_in(&row[1], lang, c->game, &v->rp);
		if (v->scored) {
			dk_buf_puts(&row[2], party_word(lang, v->sc.winner));
			int value = v->sc.value;
			dk_say(&row[3], lang, DK_MSG_SC_POINTS_FOR, value < 0 ? -value : value,
			       party_word(lang, value < 0 ? DK_PARTY_KONTRA : DK_PARTY_RE));
			for (int s = 0; s < DK_PLAYING_SEATS; s++)
				dk_buf_printf(&row[4 + s], "%+ld", v->entry[v->rp.seats[s]]);
		} else {
			dk_buf_puts(&row[2], dk_msg_text(lang, DK_MSG_CMP_NOT_SCORED));
			dk_buf_puts(&row[3], "-");
			for (int s = 0; s < DK_PLAYING_SEATS; s++)
				dk_buf_puts(&row[4 + s], "-");
		}
		findings_cell(&row[4 + DK_PLAYING_SEATS], lang, &v->rp);
	}
	size_t w[COLS] = { 0 };
	for (int r = 0; r < rows; r++)
		for (int k = 0; k < COLS; k++)
			if ((r == 0 || !c->refused[r - 1] || k != 1) &&
			    width(cell[r * COLS + k].data) > w[k])
				w[k] = width(cell[r * COLS + k].data);
	for (int r = 0; r < rows; r++) {
		dk_buf_puts(b, " ");
		if (r > 0 && c->refused[r - 1]) {
			const char *t = cell[r * COLS].data;
			dk_buf_printf(b, " %s", t);
			for (size_t p = width(t); p < w[0] + 1; p++)
				dk_buf_putc(b, ' ');
			dk_buf_printf(b, " %s\n", cell[r * COLS + 1].data);
			continue;
		}
		for (int k = 0; k < COLS; k++) {
			const char *t = cell[r * COLS + k].data ? cell[r * COLS + k].data : "";
			dk_buf_printf(b, " %s", t);
			if (k + 1 < COLS)
				for (size_t p = width(t); p < w[k] + 1; p++)
					dk_buf_putc(b, ' ');
		}
		dk_buf_putc(b, '\n');
	}
	for (int i = 0; i < rows * COLS; i++)
		dk_buf_release(&cell[i]);
	free(cell);

	const char *ref = c->ref < c->count ? names[c->ref] : "";
	for (int i = 0; i < c->count; i++) {
		const dk_compare_diff *d = &c->diff[i];
		if (!d->differs)
			continue;
		dk_buf_puts(b, "  ");
		if (d->key)
			dk_say(b, lang, DK_MSG_CMP_KEY, names[i], ref, d->key, ref,
			       d->ref_value, names[i], d->value, ref, d->keys_differing);
		else
			dk_say(b, lang, DK_MSG_CMP_NO_KEY, names[i], ref,
			       d->keys_differing, d->keys_inconsistent);
		dk_buf_putc(b, '\n');
	}
	for (int i = 0; i < c->count; i++)
		if (c->own_overrides[i]) {
			dk_buf_puts(b, "  ");
			dk_say(b, lang, DK_MSG_CMP_OWN, names[i], c->own_overrides[i]);
			dk_buf_putc(b, '\n');
		}
	dk_buf_puts(b, "  ");
	closing_line(b, lang, c, names);
	dk_buf_putc(b, '\n');
done:
	for (int i = 0; i <= c->count; i++)
		free(keep[i]);
}

static json_object *party_json(dk_party p)
{
	return json_object_new_string(p == DK_PARTY_RE ? "re" : p == DK_PARTY_KONTRA ? "kontra"
											: "none");
}

void dk_compare_json(dk_buf *b, const dk_compare *c)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "file", json_object_new_string(c->file));
	json_object_object_add(o, "index", json_object_new_int64((int64_t)c->game->index));
	json_object *sets = json_object_new_array();
	for (int i = 0; i < c->count; i++) {
		const dk_verdict *v = c->v[i];
		json_object *x = json_object_new_object();
		json_object_object_add(x, "rules", json_object_new_string(c->names[i]));
		json_object_object_add(x, "refused", c->refused[i] ?
				       json_object_new_string(c->refused[i]) : NULL);
		json_object_object_add(x, "own_overrides",
				       json_object_new_int64((int64_t)c->own_overrides[i]));
		if (c->refused[i]) {
			json_object_array_add(sets, x);
			continue;
		}
		json_object_object_add(x, "type",
				       json_object_new_string(dk_game_type_name(v->rp.type)));
		json_object_object_add(x, "solo", v->rp.solo != DK_SOLO_NONE ?
				       json_object_new_string(dk_solo_kind_name(v->rp.solo)) : NULL);
		json_object_object_add(x, "winner", v->scored ? party_json(v->sc.winner) : NULL);
		json_object_object_add(x, "value", v->scored ? json_object_new_int(v->sc.value)
							      : NULL);
		json_object *score = NULL;
		if (v->scored) {
			score = json_object_new_object();
			for (int s = 0; s < DK_PLAYING_SEATS; s++)
				json_object_object_add(score, player_name(c->game, v->rp.seats[s]),
						       json_object_new_int64(v->entry[v->rp.seats[s]]));
		}
		json_object_object_add(x, "score", score);
		json_object *f = json_object_new_array();
		for (int k = 0; k < v->rp.finding_count; k++)
			json_object_array_add(f, json_object_new_string(
				dk_finding_code_name(v->rp.findings[k].code)));
		json_object_object_add(x, "findings", f);
		json_object_array_add(sets, x);
	}
	json_object_object_add(o, "rule_sets", sets);
	json_object *diffs = json_object_new_array();
	for (int i = 0; i < c->count; i++) {
		const dk_compare_diff *d = &c->diff[i];
		if (!d->differs)
			continue;
		json_object *x = json_object_new_object();
		json_object_object_add(x, "rules", json_object_new_string(c->names[i]));
		json_object_object_add(x, "against", json_object_new_string(c->names[c->ref]));
		json_object_object_add(x, "key", d->key ? json_object_new_string(d->key) : NULL);
		json_object_object_add(x, "against_value",
				       d->key ? json_object_new_string(d->ref_value) : NULL);
		json_object_object_add(x, "value", d->key ? json_object_new_string(d->value) : NULL);
		json_object_object_add(x, "keys_differing", json_object_new_int(d->keys_differing));
		json_object_object_add(x, "keys_inconsistent",
				       json_object_new_int(d->keys_inconsistent));
		json_object_array_add(diffs, x);
	}
	json_object_object_add(o, "differences", diffs);
	int judged = 0, differ = 0;
	for (int i = 0; i < c->count; i++) {
		judged += c->refused[i] == NULL;
		differ += c->refused[i] == NULL && c->diff[i].differs;
	}
	json_object_object_add(o, "judged", json_object_new_int(judged));
	json_object_object_add(o, "agree", judged ? json_object_new_boolean(!differ) : NULL);
	dk_json_put_line(b, o);
}

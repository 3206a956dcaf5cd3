/*
 * sheet.c - a score sheet without cards and its audit; see sheet.h.
 *
 * Per game, in this order: who sits out and who has an entry, the entries'
 * sum, even/odd and shape (standings.counting, score.solo_factor), the game
 * type against the shape, the Bocks due on the game (from the triggers the
 * earlier rows mark) against its Bock mark, the written value times the
 * Bock factor, the running totals, the dealer, and last the Bocks the game
 * makes.  It follows session.c's order and its terms (D14: a Bock round is
 * as many games as players at the table), but it has no replay: where
 * session.c knows from the cards, this knows only what the row says.
 */
#include "sheet.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "session.h"

enum {
	PREV_NORMAL = 0,
	PREV_SAME,
	PREV_SAME_OR_NEXT,
	PREV_NO_GAME
};

enum { SHAPE_NONE = 0, SHAPE_TWO_TWO, SHAPE_SOLO, SHAPE_ZERO };

static const char *const issue_names[DK_SH_CODE_COUNT] = {
	[DK_SH_SUM] = "sum",
	[DK_SH_EVEN_ODD] = "even-odd",
	[DK_SH_SHAPE] = "no-such-game",
	[DK_SH_PLAYERS] = "players",
	[DK_SH_TYPE] = "game-type",
	[DK_SH_VALUE] = "value",
	[DK_SH_TOTAL] = "total",
	[DK_SH_DEALER] = "dealer",
	[DK_SH_SIT_OUT] = "sit-out",
	[DK_SH_BOCK] = "bock",
	[DK_SH_BOCK_NO_RULE] = "bock-not-in-rules",
	[DK_SH_TRIGGER_NO_RULE] = "trigger-not-in-rules",
	[DK_SH_TRIGGER_MISSING] = "trigger-missing",
	[DK_SH_TRIGGER_COUNT] = "trigger-count",
	[DK_SH_SIT_OUT_UNSAID] = "sit-out-unsaid",
};

static const char *const type_names[DK_SHT_COUNT] = {
	[DK_SHT_UNSAID] = "unsaid",
	[DK_SHT_NORMAL] = "normal",
	[DK_SHT_SOLO] = "solo",
	[DK_SHT_MARRIAGE] = "marriage",
	[DK_SHT_SILENT_MARRIAGE] = "silent-marriage",
	[DK_SHT_POVERTY] = "poverty",
	[DK_SHT_THROWN_IN] = "thrown-in",
};

const char *dk_sheet_issue_name(dk_sheet_issue_code c)
{
	return (unsigned)c < DK_SH_CODE_COUNT ? issue_names[c] : NULL;
}

const char *dk_sheet_type_name(dk_sheet_type t)
{
	return (unsigned)t < DK_SHT_COUNT ? type_names[t] : NULL;
}

void dk_sheet_init(dk_sheet *s)
{
	memset(s, 0, sizeof(*s));
	s->bock_pending = -1;
}

void dk_sheet_release(dk_sheet *s)
{
	free(s->games);
	s->games = NULL;
	s->count = s->alloc = 0;
}

dk_sheet_game *dk_sheet_add_game(dk_sheet *s)
{
	if (s->count == s->alloc) {
		s->alloc = s->alloc ? s->alloc * 2 : 16;
		s->games = dk_xrealloc(s->games, s->alloc * sizeof(*s->games));
	}
	dk_sheet_game *g = &s->games[s->count++];
	memset(g, 0, sizeof(*g));
	g->bock = -1;
	g->made = -1;
	return g;
}

static dk_sheet_issue *add(dk_sheet_verdict *out, dk_sheet_issue_code code, int seat, dk_loc loc)
{
	if (out->issue_count == DK_SHEET_ISSUES) {
		out->issues_dropped++;
		return NULL;
	}
	dk_sheet_issue *x = &out->issues[out->issue_count++];
	memset(x, 0, sizeof(*x));
	x->code = code;
	x->seat = seat;
	x->loc = loc;
	x->trigger = -1;
	x->warning = code == DK_SH_SIT_OUT_UNSAID;
	return x;
}

static int seat_after(int seat, int k, int n)
{
	return (seat - 1 + k) % n + 1;
}

void dk_sheet_audit_begin(dk_sheet_state *st, const dk_sheet *s, const dk_rules *r)
{
	memset(st, 0, sizeof(*st));
	int pending = s->bock_pending > 0 ? s->bock_pending : 0;
	if (pending > 1000)
		pending = 1000;
	if (r->bock_kind == DK_BOCK_APPEND) {
		st->bock_queue = pending;
	} else if (r->bock_kind == DK_BOCK_STACK) {
		for (int i = 0; i < pending && i < (int)sizeof(st->ring); i++) {
			st->ring[i]++;
			st->ring_sum++;
		}
	}
}

/* the seats that sit out by the sheet's scheme or the rule set; false if
 * nothing says (a table of five or more) */
static bool sitters(const dk_sheet *s, const dk_sheet_game *g, const dk_rules *r,
		    bool out_seat[DK_SHEET_MAX_PLAYERS + 1], const char **key,
		    const dk_rule_source **src)
{
	int n = s->nplayers;
	memset(out_seat, 0, sizeof(bool) * (DK_SHEET_MAX_PLAYERS + 1));
	*key = NULL;
	*src = NULL;
	if (n <= DK_PLAYING_SEATS)
		return true;
	if (!g->dealer)
		return false;
	if (s->own_sit_out) {
		for (int k = 0; k < s->sit_out_count; k++)
			out_seat[seat_after(g->dealer, s->sit_out[k], n)] = true;
		return true;
	}
	if (n == 5 && r->table_five_sit_out == DK_SIT_OUT_DEALER) {
		out_seat[g->dealer] = true;
		*key = "table.five_sit_out";
		*src = &r->table_five_sit_out_src;
		return true;
	}
	if (n == 6 && r->table_six_sit_out == DK_SIT_OUT_DEALER_AND_SECOND) {
		out_seat[g->dealer] = true;
		out_seat[seat_after(g->dealer, 2, n)] = true;
		*key = "table.six_sit_out";
		*src = &r->table_six_sit_out_src;
		return true;
	}
	return false;
}

/* the shape of four entries under standings.counting; SHAPE_NONE if no game
 * gives them */
static int shape_of(const long v[4], const int seat[4], const dk_rules *r, long *unit,
		    int *soloist, bool *soloist_lost)
{
	long f = r->score_solo_factor > 1 ? r->score_solo_factor : 1;
	long w[4];
	int sign = r->standings_counting == DK_COUNTING_MINUS ? -1 : 1;
	for (int i = 0; i < 4; i++)
		w[i] = v[i] * sign;
	*unit = 0;
	*soloist = 0;
	*soloist_lost = false;
	if (!w[0] && !w[1] && !w[2] && !w[3])
		return SHAPE_ZERO;
	if (r->standings_counting == DK_COUNTING_PLUS_MINUS) {
		int pos = 0;
		for (int i = 0; i < 4; i++)
			pos += w[i] > 0;
		/* two against two: the same value, opposite signs */
		if (pos == 2) {
			long a = 0, b = 0;
			for (int i = 0; i < 4; i++) {
				if (w[i] > 0) {
					if (a && w[i] != a)
						return SHAPE_NONE;
					a = w[i];
				} else {
					if (b && w[i] != b)
						return SHAPE_NONE;
					b = w[i];
				}
			}
			if (a != -b)
				return SHAPE_NONE;
			*unit = a;
			return SHAPE_TWO_TWO;
		}
		/* one against three: the soloist f times the others' value */
		for (int i = 0; i < 4; i++) {
			long y = w[(i + 1) % 4];
			bool same = y != 0;
			for (int k = 0; k < 4 && same; k++)
				if (k != i && w[k] != y)
					same = false;
			if (same && w[i] == -f * y) {
				*unit = y < 0 ? -y : y;
				*soloist = seat[i];
				*soloist_lost = w[i] < 0;
				return SHAPE_SOLO;
			}
		}
		return SHAPE_NONE;
	}
	/* plus (or minus, turned): only one party has entries, all positive */
	int nz = 0, zero_at = -1, nz_at = -1;
	long a = 0;
	for (int i = 0; i < 4; i++) {
		if (w[i] < 0)
			return SHAPE_NONE;
		if (w[i] == 0) {
			zero_at = i;
			continue;
		}
		if (a && w[i] != a)
			return SHAPE_NONE;
		a = w[i];
		nz++;
		nz_at = i;
	}
	bool winners_are_plus = r->standings_counting == DK_COUNTING_PLUS;
	if (nz == 2) {
		*unit = a;
		return SHAPE_TWO_TWO;
	}
	if (nz == 1 && a % f == 0) {
		*unit = a / f;
		*soloist = seat[nz_at];
		*soloist_lost = !winners_are_plus;
		return SHAPE_SOLO;
	}
	if (nz == 3) {
		long u = a;
		if (f > 1 && r->standings_solo_factor_for_all) {
			if (a % f)
				return SHAPE_NONE;
			u = a / f;
		}
		*unit = u;
		*soloist = seat[zero_at];
		*soloist_lost = winners_are_plus;
		return SHAPE_SOLO;
	}
	return SHAPE_NONE;
}

static bool is_solo_type(dk_sheet_type t)
{
	return t == DK_SHT_SOLO || t == DK_SHT_SILENT_MARRIAGE;
}

void dk_sheet_audit_game(dk_sheet_state *st, dk_sheet_verdict *out, const dk_sheet *s,
			 size_t i, const dk_rules *r)
{
	const dk_sheet_game *g = &s->games[i];
	int n = s->nplayers;
	memset(out, 0, sizeof(*out));
	out->table_size = n;
	out->multiplier = 1;
	bool no_game = g->type == DK_SHT_THROWN_IN;

	/* who sits out, who plays */
	bool sits[DK_SHEET_MAX_PLAYERS + 1];
	const char *sit_key;
	const dk_rule_source *sit_src;
	bool known = sitters(s, g, r, sits, &sit_key, &sit_src);
	if (!known && !st->warned) {
		st->warned = true;
		dk_sheet_issue *x = add(out, DK_SH_SIT_OUT_UNSAID, 0, g->loc);
		if (x) {
			x->found = n;
			x->rule_key = n == 5 ? "table.five_sit_out" : "table.six_sit_out";
			x->rule = n == 5 ? &r->table_five_sit_out_src
				: n == 6 ? &r->table_six_sit_out_src : NULL;
		}
	}
	long v[4] = { 0, 0, 0, 0 };
	int seat[4] = { 0, 0, 0, 0 };
	int playing = 0, written_nonzero = 0;
	bool entries_complete = s->has_entries || s->has_totals;
	for (int p = 1; p <= n; p++) {
		if (known && sits[p]) {
			if (g->entry_written[p] && g->entry[p] != 0) {
				dk_sheet_issue *x = add(out, DK_SH_SIT_OUT, p, g->entry_loc[p]);
				if (x) {
					x->found = g->entry[p];
					x->rule_key = sit_key;
					x->rule = sit_src;
				}
			}
			continue;
		}
		if (!g->entry_written[p]) {
			if (known && entries_complete && !no_game) {
				dk_sheet_issue *x = add(out, DK_SH_PLAYERS, p, g->loc);
				if (x)
					x->expected = DK_PLAYING_SEATS;
				entries_complete = false;
			}
			continue;
		}
		if (!known && n > DK_PLAYING_SEATS && g->entry[p] == 0)
			continue;   /* who sits out is unsaid: a 0 may be one */
		written_nonzero += g->entry[p] != 0;
		if (playing < 4) {
			v[playing] = g->entry[p];
			seat[playing] = p;
		}
		playing++;
	}
	out->playing = playing;

	int shape = SHAPE_NONE;
	bool soloist_lost = false;
	if (no_game) {
		if (written_nonzero) {
			dk_sheet_issue *x = add(out, DK_SH_TYPE, 0, g->type_loc);
			if (x)
				x->found = written_nonzero;
		}
	} else if (playing == 4) {
		long sum = v[0] + v[1] + v[2] + v[3];
		int odd = 0;
		for (int k = 0; k < 4; k++)
			odd += (v[k] % 2) != 0;
		if (r->standings_counting == DK_COUNTING_PLUS_MINUS && sum != 0) {
			dk_sheet_issue *x = add(out, DK_SH_SUM, 0, g->entry_loc[seat[0]]);
			if (x) {
				x->found = sum;
				x->rule_key = "standings.counting";
				x->rule = &r->standings_counting_src;
			}
		} else if (r->standings_even_odd == DK_EVEN_ODD_FOUR_PLAYERS &&
			   r->standings_counting == DK_COUNTING_PLUS_MINUS && n == DK_PLAYING_SEATS &&
			   odd != 0 && odd != 4) {
			dk_sheet_issue *x = add(out, DK_SH_EVEN_ODD, 0, g->entry_loc[seat[0]]);
			if (x) {
				x->found = odd;
				x->rule_key = "standings.even_odd";
				x->rule = &r->standings_even_odd_src;
			}
		} else {
			shape = shape_of(v, seat, r, &out->unit, &out->soloist, &soloist_lost);
			if (shape == SHAPE_NONE) {
				dk_sheet_issue *x = add(out, DK_SH_SHAPE, 0, g->entry_loc[seat[0]]);
				if (x) {
					x->rule_key = "score.solo_factor";
					x->rule = &r->score_solo_factor_src;
					x->found = r->score_solo_factor;
				}
			}
		}
	} else if (playing > 4 || (playing > 0 && playing < 4 && entries_complete &&
				   !(known && n > DK_PLAYING_SEATS))) {
		dk_sheet_issue *x = add(out, DK_SH_PLAYERS, 0, g->loc);
		if (x) {
			x->found = playing;
			x->expected = DK_PLAYING_SEATS;
		}
	}
	out->shape = shape;

	/* the type against the shape */
	if (shape == SHAPE_TWO_TWO && is_solo_type(g->type)) {
		dk_sheet_issue *x = add(out, DK_SH_TYPE, 0, g->type_loc);
		if (x)
			x->found = 2;
	} else if (shape == SHAPE_SOLO &&
		   (g->type == DK_SHT_NORMAL || g->type == DK_SHT_POVERTY)) {
		dk_sheet_issue *x = add(out, DK_SH_TYPE, 0, g->type_loc);
		if (x)
			x->found = 1;
	}
	/* one against three: a solo, a silent marriage or a bride alone */
	bool solo = is_solo_type(g->type) || (shape == SHAPE_SOLO && g->type != DK_SHT_NORMAL &&
					      g->type != DK_SHT_POVERTY);
	bool solo_announced = g->type == DK_SHT_SOLO;
	bool solo_unsure = shape == SHAPE_SOLO && (g->type == DK_SHT_UNSAID);
	bool deal_solo = solo_announced || (solo && !solo_announced && !solo_unsure &&
					    r->deal_silent_marriage_is_solo);

	/* the Bocks on the game */
	if (r->bock_kind == DK_BOCK_NONE) {
		if (g->bock > 0 || g->made > 0) {
			dk_sheet_issue *x = add(out, DK_SH_BOCK_NO_RULE, 0,
						g->bock > 0 ? g->bock_loc : g->made_loc);
			if (x) {
				x->found = g->bock > 0 ? g->bock : g->made;
				x->rule_key = "bock.kind";
				x->rule = &r->bock_kind_src;
			}
		}
	} else if (s->has_made && !no_game) {
		int due = r->bock_kind == DK_BOCK_APPEND ? (st->bock_queue > 0) : st->ring[st->head];
		bool stays = deal_solo && (r->deal_after_solo == DK_AFTER_SOLO_SAME ||
					   (r->deal_after_solo == DK_AFTER_SOLO_SAME_AFTER_DUTY &&
					    out->soloist && !st->duty_done[out->soloist]));
		if (solo && r->bock_solo == DK_BOCK_SOLO_MOVES_BACK) {
			out->bocks = 0;
		} else if (r->bock_solo == DK_BOCK_SOLO_DOUBLED_NOT_USED_UP && stays) {
			out->bocks = due;
		} else {
			out->bocks = due;
			if (r->bock_kind == DK_BOCK_APPEND) {
				if (st->bock_queue > 0)
					st->bock_queue--;
			} else {
				st->ring_sum -= st->ring[st->head];
				st->ring[st->head] = 0;
				st->head = (st->head + 1) % (int)sizeof(st->ring);
			}
		}
		if (g->bock >= 0 && g->bock != out->bocks) {
			dk_sheet_issue *x = add(out, DK_SH_BOCK, 0, g->bock_loc);
			if (x) {
				x->found = g->bock;
				x->expected = out->bocks;
				x->rule_key = "bock.kind";
				x->rule = &r->bock_kind_src;
			}
		}
	} else if (g->bock > 0) {
		out->bocks = g->bock;   /* no triggers to check it by: the mark is taken */
	}
	for (int k = 0; k < out->bocks && k < DK_BOCK_MAX_DOUBLINGS; k++) {
		long m = r->bock_multiplier > 1 ? r->bock_multiplier : 2;
		if (r->bock_kind == DK_BOCK_NONE || out->multiplier * m > DK_BOCK_MAX_FACTOR)
			break;
		out->multiplier *= m;
	}

	/* the written value, times the Bock factor */
	if (g->value_written && shape != SHAPE_NONE) {
		long want = (g->value < 0 ? -g->value : g->value) *
			    (g->value_has_bock ? 1 : out->multiplier);
		if (want != out->unit) {
			dk_sheet_issue *x = add(out, DK_SH_VALUE, 0, g->value_loc);
			if (x) {
				x->found = out->unit;
				x->expected = want;
				if (out->multiplier > 1) {
					x->rule_key = "bock.multiplier";
					x->rule = &r->bock_multiplier_src;
				}
			}
		}
	}

	/* the running totals: the previous total plus the entry */
	bool flip_ok = r->standings_diamond_king_flip && !solo && g->type != DK_SHT_POVERTY;
	bool plain = true, flipped = flip_ok;
	for (int p = 1; p <= n; p++) {
		if (!g->total_written[p] || (i > 0 && !st->total_known[p]))
			continue;
		long e = g->entry_written[p] ? g->entry[p] : 0;
		if (g->total[p] != st->total[p] + e)
			plain = false;
		if (g->total[p] != -st->total[p] + e)
			flipped = false;
	}
	if (!plain && !flipped) {
		for (int p = 1; p <= n; p++) {
			if (!g->total_written[p] || (i > 0 && !st->total_known[p]))
				continue;
			long e = g->entry_written[p] ? g->entry[p] : 0;
			if (g->total[p] == st->total[p] + e)
				continue;
			dk_sheet_issue *x = add(out, DK_SH_TOTAL, p, g->total_loc[p]);
			if (x) {
				x->found = g->total[p];
				x->expected = st->total[p] + e;
			}
		}
	}
	for (int p = 1; p <= n; p++) {
		if (g->total_written[p]) {
			st->total[p] = g->total[p];
			st->total_known[p] = true;
		} else if (i == 0 || st->total_known[p]) {
			st->total[p] += g->entry_written[p] ? g->entry[p] : 0;
			st->total_known[p] = true;
		}
	}

	/* the dealer */
	if (g->dealer && !g->dealer_derived && st->prev_dealer && st->prev_kind != PREV_NO_GAME) {
		int next = seat_after(st->prev_dealer, 1, n);
		int want = st->prev_kind == PREV_SAME ? st->prev_dealer : next;
		int alt = st->prev_kind == PREV_SAME_OR_NEXT ? st->prev_dealer : 0;
		if (g->dealer != want && g->dealer != alt) {
			dk_sheet_issue *x = add(out, DK_SH_DEALER, g->dealer, g->dealer_loc);
			if (x) {
				x->found = g->dealer;
				x->expected = want;
				x->expected_alt = alt;
				x->rule_key = "deal.after_solo";
				x->rule = &r->deal_after_solo_src;
			}
		}
	}

	/* the Bocks the game makes */
	if (r->bock_kind != DK_BOCK_NONE && s->has_made && !no_game) {
		int made = 0;
		dk_enum_set shown = 0;
		if (shape == SHAPE_ZERO)
			shown |= 1u << DK_BT_ZERO_SCORE;
		if (shape == SHAPE_SOLO && soloist_lost && !g->entry_derived[out->soloist])
			shown |= 1u << DK_BT_LOST_SOLO;
		if (g->made_triggers) {
			for (int t = 0; t < DK_BT_COUNT; t++) {
				if (!DK_SET_HAS(g->made_triggers, t))
					continue;
				if (!DK_SET_HAS(r->bock_triggers, t)) {
					dk_sheet_issue *x = add(out, DK_SH_TRIGGER_NO_RULE, 0, g->made_loc);
					if (x) {
						x->trigger = t;
						x->rule_key = "bock.triggers";
						x->rule = &r->bock_triggers_src;
					}
					continue;
				}
				made++;
			}
			if (made > 1 && r->bock_per_game == DK_BOCK_PER_GAME_ONE)
				made = 1;
		} else if (g->made > 0) {
			made = g->made;
			if (made > 1 && r->bock_per_game == DK_BOCK_PER_GAME_ONE) {
				dk_sheet_issue *x = add(out, DK_SH_TRIGGER_COUNT, 0, g->made_loc);
				if (x) {
					x->found = made;
					x->expected = 1;
					x->rule_key = "bock.per_game";
					x->rule = &r->bock_per_game_src;
				}
				made = 1;
			}
		}
		shown &= r->bock_triggers;
		for (int t = 0; t < DK_BT_COUNT; t++) {
			if (!DK_SET_HAS(shown, t))
				continue;
			bool marked = g->made_triggers ? DK_SET_HAS(g->made_triggers, t) : g->made > 0;
			if (marked)
				continue;
			dk_sheet_issue *x = add(out, DK_SH_TRIGGER_MISSING, 0,
						g->made >= 0 || g->made_triggers ? g->made_loc : g->loc);
			if (x) {
				x->trigger = t;
				x->rule_key = "bock.triggers";
				x->rule = &r->bock_triggers_src;
			}
		}
		if (made > 255)
			made = 255;
		for (int k = 0; k < made; k++) {
			if (r->bock_kind == DK_BOCK_APPEND) {
				st->bock_queue += n;
				continue;
			}
			for (int j = 0; j < n; j++) {
				unsigned char *m = &st->ring[(st->head + j) % (int)sizeof(st->ring)];
				if (*m < 255) {
					(*m)++;
					st->ring_sum++;
				}
			}
		}
	}
	out->pending_after = st->bock_queue + st->ring_sum;

	/* how the game moves the deal on */
	st->prev_dealer = g->dealer;
	st->prev_kind = PREV_NORMAL;
	if (no_game) {
		st->prev_kind = PREV_NO_GAME;
	} else if (solo_unsure && r->deal_after_solo != DK_AFTER_SOLO_NEXT) {
		st->prev_kind = PREV_SAME_OR_NEXT;   /* the sheet does not say which one-against-three */
	} else if (deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME) {
		st->prev_kind = PREV_SAME;
	} else if (deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME_AFTER_DUTY &&
		   (!out->soloist || !st->duty_done[out->soloist])) {
		st->prev_kind = PREV_SAME_OR_NEXT;
	}
	if (solo_announced && out->soloist)
		st->duty_done[out->soloist]++;
	st->started = true;
}

unsigned dk_sheet_blind(const dk_sheet *s, const dk_rules *r)
{
	unsigned b = 1u << DK_SB_PLAY | 1u << DK_SB_VALUE | 1u << DK_SB_PARTIES;
	if (r->bock_kind != DK_BOCK_NONE) {
		b |= 1u << DK_SB_TRIGGERS;
		if (!s->has_bock && !s->has_made)
			b |= 1u << DK_SB_BOCK;
	}
	if (!s->has_dealer)
		b |= 1u << (s->format == DK_SHF_QTDOPPELKOPF ? DK_SB_DEALER_DERIVED : DK_SB_DEALER);
	if (!s->has_type)
		b |= 1u << DK_SB_TYPE;
	if (s->format == DK_SHF_DAPFIDUCK)
		b |= 1u << DK_SB_VALUE_SIGN;
	if (r->duty_soli > 0 || s->format == DK_SHF_QTDOPPELKOPF)
		b |= 1u << DK_SB_DUTY;
	return b;
}

/*
 * session.c - a session game by game; see session.h.
 *
 * Per game, in this order: who should have dealt (from the previous game
 * and deal.after_solo), who sits out (table.*), how many Bocks double it
 * (bock.kind, bock.solo), its correct entry and the standings after it
 * (standings.diamond_king_flip), the score sheet against both, and last the
 * Bocks it makes for the games after it (bock.triggers, bock.per_game).
 */
#include "session.h"

#include <string.h>

/* how the previous game moves the deal on */
enum {
	PREV_NORMAL = 0,     /* the next seat deals */
	PREV_SAME,           /* the same seat deals again */
	PREV_SAME_OR_NEXT,   /* either: a Pflichtsolo (same) or a forced one (next) */
	PREV_NO_GAME         /* thrown in or dealt again: either, nothing is checked */
};

static const char *const issue_names[DK_SX_CODE_COUNT] = {
	[DK_SX_DEALER] = "dealer",
	[DK_SX_SIT_OUT] = "sit-out",
	[DK_SX_SIT_OUT_UNSAID] = "sit-out-unsaid",
	[DK_SX_SCORE_WRONG] = "score-wrong",
	[DK_SX_SCORE_SUM] = "score-sum",
	[DK_SX_EVEN_ODD] = "even-odd",
	[DK_SX_TOTAL_WRONG] = "total-wrong",
	[DK_SX_TOTAL_ARITHMETIC] = "total-arithmetic",
	[DK_SX_BOCK_NOT_CARRIED] = "bock-not-carried",
	[DK_SX_BOCK_PENDING_WRONG] = "bock-pending-wrong",
	[DK_SX_DUTY_SOLO_MISSING] = "duty-solo-missing",
	[DK_SX_LUST_SOLO_EARLY] = "lust-solo-too-early",
	[DK_SX_FORCED_MISSED] = "forced-solo-missed",
	[DK_SX_FORCED_WRONG] = "forced-solo-wrong",
};

static const char *const trigger_names[DK_BT_COUNT] = {
	[DK_BT_LOST_CALL] = "lost-call",
	[DK_BT_BOTH_CALLS] = "both-calls",
	[DK_BT_TIE] = "tie",
	[DK_BT_ZERO_SCORE] = "zero-score",
	[DK_BT_HEART_TRICK] = "heart-trick",
	[DK_BT_LOST_COUNTER_CALL] = "lost-counter-call",
	[DK_BT_LOST_SOLO] = "lost-solo",
	[DK_BT_SCHWARZ] = "schwarz",
};

const char *dk_session_issue_name(dk_session_issue_code c)
{
	return (unsigned)c < DK_SX_CODE_COUNT ? issue_names[c] : NULL;
}

const char *dk_bock_trigger_name(dk_bock_trigger t)
{
	return (unsigned)t < DK_BT_COUNT ? trigger_names[t] : NULL;
}

void dk_session_begin(dk_session_state *st, const dk_session *s)
{
	memset(st, 0, sizeof(*st));
	st->pending_start = s ? s->bock_pending : -1;
	st->carried = -1;
}

void dk_session_carry(dk_session_state *st, long pending)
{
	st->carried = pending;
}

long dk_session_bock_pending(const dk_session_state *st)
{
	/* the ring's sum is kept as it changes: summing its 1024 cells here
	 * cost more than the rest of the session's work on a game */
	return st->bock_queue + st->bock_ring_sum;
}

static dk_session_issue *add_issue(dk_session_game *out, dk_session_issue_code code,
				   bool warning, int seat, dk_loc loc)
{
	if (out->issue_count == DK_SESSION_ISSUES) {
		out->issues_dropped++;
		return NULL;
	}
	dk_session_issue *x = &out->issues[out->issue_count++];
	memset(x, 0, sizeof(*x));
	x->code = code;
	x->warning = warning;
	x->seat = seat;
	x->loc = loc;
	return x;
}

static int next_seat(int seat, int n)
{
	return seat % n + 1;
}

/* add one Bock for the games from the ring's head on */
static void add_bock(dk_session_state *st, const dk_rules *r, int round_len)
{
	if (r->bock_kind == DK_BOCK_APPEND) {
		st->bock_queue += round_len;
		return;
	}
	for (int i = 0; i < round_len; i++) {
		unsigned char *m = &st->bock_ring[(st->bock_head + i) % DK_BOCK_WINDOW];
		if (*m < 255) {
			(*m)++;
			st->bock_ring_sum++;
		}
	}
}

/* Bocks pending from an earlier session: one per game from the next on */
static void start_pending(dk_session_state *st, const dk_rules *r, int pending)
{
	if (r->bock_kind == DK_BOCK_APPEND) {
		st->bock_queue = pending;
		return;
	}
	if (r->bock_kind != DK_BOCK_STACK)
		return;
	for (int i = 0; i < pending && i < DK_BOCK_WINDOW; i++) {
		unsigned char *m = &st->bock_ring[(st->bock_head + i) % DK_BOCK_WINDOW];
		st->bock_ring_sum -= *m;
		(*m)++;
		st->bock_ring_sum += *m;
	}
}

static bool has_hand(const dk_game *g, int seat)
{
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat == seat)
			return true;
	return false;
}

static void check_dealer(dk_session_state *st, dk_session_game *out, const dk_game *g,
			 const dk_rules *r, int n)
{
	if (!st->prev_dealer || st->prev_kind == PREV_NO_GAME)
		return;
	int next = next_seat(st->prev_dealer, n);
	int want = st->prev_kind == PREV_SAME ? st->prev_dealer : next;
	int alt = st->prev_kind == PREV_SAME_OR_NEXT ? st->prev_dealer : 0;
	int dealer = g->deal.dealer;
	if (dealer == want || dealer == alt)
		return;
	dk_session_issue *x = add_issue(out, DK_SX_DEALER, false, dealer, g->deal.loc);
	if (!x)
		return;
	x->found = dealer;
	x->expected = want;
	x->expected_alt = alt;
	x->rule_key = "deal.after_solo";
	x->rule = &r->deal_after_solo_src;
}

static void check_sit_out(dk_session_state *st, dk_session_game *out, const dk_game *g,
			  const dk_rules *r, int n)
{
	if (n <= DK_PLAYING_SEATS)
		return;
	dk_sit_out rule = n == 5 ? r->table_five_sit_out : r->table_six_sit_out;
	const char *key = n == 5 ? "table.five_sit_out" : "table.six_sit_out";
	const dk_rule_source *src = n == 5 ? &r->table_five_sit_out_src : &r->table_six_sit_out_src;
	int dealer = g->deal.dealer;
	int want = n - DK_PLAYING_SEATS;   /* seats that sit out */
	if (rule == DK_SIT_OUT_DEALER && want == 1) {
		out->sitting_out[0] = dealer;
	} else if (rule == DK_SIT_OUT_DEALER_AND_SECOND && want == 2) {
		out->sitting_out[0] = dealer;
		out->sitting_out[1] = next_seat(next_seat(dealer, n), n);
	} else {
		if (!st->warned_sit_out) {
			st->warned_sit_out = true;
			dk_session_issue *x = add_issue(out, DK_SX_SIT_OUT_UNSAID, true, 0, g->deal.loc);
			if (x) {
				x->found = n;
				x->rule_key = key;
				x->rule = src;
			}
		}
		return;
	}
	for (int k = 0; k < 2; k++) {
		int seat = out->sitting_out[k];
		if (!seat || !has_hand(g, seat))
			continue;
		dk_session_issue *x = add_issue(out, DK_SX_SIT_OUT, false, seat, g->deal.loc);
		if (x) {
			x->found = seat;
			x->rule_key = key;
			x->rule = src;
		}
	}
}

/* whether the same seat deals again after this game (deal.after_solo);
 * a duty solo that may be followed by either counts as staying */
static bool dealer_stays(const dk_session_state *st, const dk_rules *r, const dk_replay *rp,
			 const dk_session_game *out, bool solo)
{
	if (!solo)
		return false;
	if (r->deal_after_solo == DK_AFTER_SOLO_SAME)
		return true;
	if (r->deal_after_solo != DK_AFTER_SOLO_SAME_AFTER_DUTY)
		return false;
	/* a solo: the kind the record says or the replay assumed (TSR 4.2.5:
	 * not after a forced one); a silent marriage: the player's first */
	if (rp->type == DK_GT_SOLO)
		return out->solo_as == DK_SOLO_AS_DUTY;
	return rp->declarer > 0 && rp->declarer <= DK_MAX_SEATS &&
	       !st->duty_solo_done[rp->declarer];
}

/* duty soli a seat still owes (all kinds together) */
static int duty_owed(const dk_session_state *st, const dk_rules *r, int seat)
{
	const int *done = st->duty_done[seat];
	int owed = r->duty_soli - (done[0] + done[1] + done[2]);
	return owed > 0 ? owed : 0;
}

static bool has_hand(const dk_game *g, int seat);

void dk_session_replay_ctx(const dk_session_state *st, const dk_game *g, const dk_rules *r,
			   dk_replay_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	const dk_players *pl = dk_game_players(g);
	int n = pl ? (int)pl->count : DK_PLAYING_SEATS;
	if (n < DK_PLAYING_SEATS || n > DK_MAX_SEATS)
		n = DK_PLAYING_SEATS;
	int missing = 0;
	for (int s = 1; s <= n; s++) {
		int owed = duty_owed(st, r, s);
		ctx->owes[s] = owed > 0;
		missing += owed;
	}
	int left = r->duty_round_games - st->round_played;
	if (!r->duty_forced || r->duty_round_games == 0 || missing == 0 || missing < left)
		return;
	int dealer = g->deal.dealer >= 1 && g->deal.dealer <= n ? g->deal.dealer : n;
	for (int k = 1; k <= n; k++) {
		int s = (dealer - 1 + k) % n + 1;     /* left of the dealer, the dealer last */
		if (ctx->owes[s] && has_hand(g, s)) {
			ctx->forced_seat = s;
			return;
		}
	}
}

/* the triggers of bock.triggers that the game meets */
static dk_enum_set bock_triggers(const dk_rules *r, const dk_replay *rp,
				 const dk_score_input *in, const dk_score *sc)
{
	dk_enum_set t = 0;
	bool re = rp->calls[DK_PARTY_RE].made[0], kontra = rp->calls[DK_PARTY_KONTRA].made[0];
	if ((re && sc->winner != DK_PARTY_RE) || (kontra && sc->winner != DK_PARTY_KONTRA))
		t |= 1u << DK_BT_LOST_CALL;
	if (re && kontra) {
		t |= 1u << DK_BT_BOTH_CALLS;
		dk_party second = rp->first_caller == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		if (sc->winner != second)
			t |= 1u << DK_BT_LOST_COUNTER_CALL;
	}
	if (rp->points[DK_PARTY_RE] == 120 && rp->points[DK_PARTY_KONTRA] == 120)
		t |= 1u << DK_BT_TIE;
	if (sc->value == 0)
		t |= 1u << DK_BT_ZERO_SCORE;
	if (in->solo && sc->winner != DK_PARTY_RE)
		t |= 1u << DK_BT_LOST_SOLO;   /* the soloist is Re */
	int tricks[3] = { 0, 0, 0 };
	for (int i = 0; i < rp->trick_count; i++) {
		int w = rp->tricks[i].winner;
		if (w > 0 && w <= DK_MAX_SEATS && rp->party[w] >= DK_PARTY_RE &&
		    rp->party[w] <= DK_PARTY_KONTRA)
			tricks[rp->party[w]]++;
	}
	if (rp->trick_count && (tricks[DK_PARTY_RE] == 0 || tricks[DK_PARTY_KONTRA] == 0))
		t |= 1u << DK_BT_SCHWARZ;
	if (!in->solo) {
		for (int i = 0; i < rp->trick_count; i++) {
			const dk_trick *tr = &rp->tricks[i];
			int hearts = 0;
			for (int k = 0; k < tr->count; k++)
				if (dk_order_suit(&rp->order, tr->cards[k]) == DK_HEARTS)
					hearts++;
			if (tr->count == DK_PLAYING_SEATS && hearts == DK_PLAYING_SEATS)
				t |= 1u << DK_BT_HEART_TRICK;
		}
	}
	return t & r->bock_triggers;
}

/* the table's score sheet against the correct entries and standings */
static void check_sheet(dk_session_state *st, dk_session_game *out, const dk_game *g,
			const dk_rules *r)
{
	const dk_recorded *rec = &g->recorded;
	if (!rec->present)
		return;
	if (rec->score_count) {
		long sum = 0;
		int odd = 0, played = 0;
		for (size_t i = 0; i < rec->score_count; i++) {
			const dk_seat_points *sp = &rec->scores[i];
			sum += sp->points;
			if (has_hand(g, sp->seat)) {
				played++;
				odd += (sp->points % 2) != 0;
			}
			if (!out->scored || sp->points == out->score[sp->seat])
				continue;
			long d = sp->points - out->score[sp->seat];
			out->score_off += d < 0 ? -d : d;
			out->recorded_score_wrong = true;
			dk_session_issue *x = add_issue(out, DK_SX_SCORE_WRONG, false, sp->seat, sp->loc);
			if (x) {
				x->found = sp->points;
				x->expected = out->score[sp->seat];
			}
		}
		/* only plus-minus entries add up to 0 (standings.counting) */
		if (sum != 0 && r->standings_counting == DK_COUNTING_PLUS_MINUS) {
			dk_session_issue *x = add_issue(out, DK_SX_SCORE_SUM, false, 0, rec->scores[0].loc);
			if (x) {
				x->found = sum;
				x->rule_key = "standings.counting";
				x->rule = &r->standings_counting_src;
			}
		}
		/* TSR 7.3.3: only penalty points can break the rule, so it is
		 * checked where the correct entries keep it; the rule is one of
		 * plus-minus entries (standings.counting) */
		int right_odd = 0;
		for (int k = 0; k < g->deal.hand_count; k++)
			right_odd += (out->score[g->deal.hands[k].seat] % 2) != 0;
		bool right_keeps = right_odd == 0 || right_odd == DK_PLAYING_SEATS;
		if (r->standings_even_odd == DK_EVEN_ODD_FOUR_PLAYERS &&
		    r->standings_counting == DK_COUNTING_PLUS_MINUS &&
		    out->table_size == DK_PLAYING_SEATS && played == DK_PLAYING_SEATS &&
		    (!out->scored || right_keeps) && odd != 0 && odd != DK_PLAYING_SEATS) {
			dk_session_issue *x = add_issue(out, DK_SX_EVEN_ODD, false, 0, rec->scores[0].loc);
			if (x) {
				x->found = odd;
				x->rule_key = "standings.even_odd";
				x->rule = &r->standings_even_odd_src;
			}
		}
	}
	/* the recorded standings: against the correct ones, and against the
	 * sheet's own arithmetic (previous total, turned if the ♦K flipped
	 * them, plus this game's recorded entry) */
	for (size_t i = 0; i < rec->total_count; i++) {
		const dk_seat_points *tp = &rec->totals[i];
		int seat = tp->seat;
		if (out->scored && tp->points != out->total[seat]) {
			out->recorded_total_wrong = true;
			dk_session_issue *x = add_issue(out, DK_SX_TOTAL_WRONG, false, seat, tp->loc);
			if (x) {
				x->found = tp->points;
				x->expected = out->total[seat];
			}
		}
		const dk_seat_points *sp = NULL;
		for (size_t k = 0; k < rec->score_count; k++)
			if (rec->scores[k].seat == seat)
				sp = &rec->scores[k];
		bool prev_known = st->games == 0 || st->rec_total_known[seat];
		long prev = prev_known ? st->rec_total[seat] : 0;
		/* a seat that sat out wrote down nothing: its entry is 0 */
		bool entry_known = sp || !has_hand(g, seat);
		long want = (out->flipped ? -prev : prev) + (sp ? sp->points : 0);
		if (prev_known && entry_known && tp->points != want) {
			dk_session_issue *x = add_issue(out, DK_SX_TOTAL_ARITHMETIC, false, seat, tp->loc);
			if (x) {
				x->found = tp->points;
				x->expected = want;
			}
		}
	}
	for (size_t i = 0; i < rec->total_count; i++) {
		st->rec_total[rec->totals[i].seat] = rec->totals[i].points;
		st->rec_total_known[rec->totals[i].seat] = true;
	}
}

/* colour solos and picture solos, as duty_soli.* counts them */
static bool colour_solo(dk_solo_kind k)
{
	return (k >= DK_SOLO_CLUBS && k <= DK_SOLO_PURE_DIAMONDS) || k == DK_SOLO_TRUMPS;
}

static bool picture_solo(dk_solo_kind k)
{
	return k == DK_SOLO_QUEENS || k == DK_SOLO_JACKS || k == DK_SOLO_KOEHLER;
}

/* the players at the table, the duty soli owed under r, and the solo of
 * this game counted towards them (dk_session_finish) */
static void count_duty_solo(dk_session_state *st, const dk_game *g, const dk_rules *r,
			    const dk_replay *rp, const dk_session_game *out, bool no_game)
{
	const dk_players *pl = dk_game_players(g);
	for (size_t i = 0; pl && i < pl->count; i++)
		if (pl->items[i].seat >= 1 && pl->items[i].seat <= DK_MAX_SEATS)
			st->duty_seat[pl->items[i].seat] = true;
	if (!st->duty_loc.line)
		st->duty_loc = g->session ? g->session->loc : g->loc;
	st->duty_need[DK_DUTY_COLOUR] = r->duty_colour_soli;
	st->duty_need[DK_DUTY_PICTURE] = r->duty_picture_soli;
	int any = r->duty_soli - r->duty_colour_soli - r->duty_picture_soli;
	st->duty_need[DK_DUTY_ANY] = any > 0 ? any : 0;
	int s = rp->declarer;
	if (no_game || rp->type != DK_GT_SOLO || s < 1 || s > DK_MAX_SEATS ||
	    (out->solo_as != DK_SOLO_AS_DUTY && out->solo_as != DK_SOLO_AS_FORCED))
		return;
	int *done = st->duty_done[s];
	int before = done[0] + done[1] + done[2];
	if (colour_solo(rp->solo) && done[DK_DUTY_COLOUR] < st->duty_need[DK_DUTY_COLOUR])
		done[DK_DUTY_COLOUR]++;
	else if (picture_solo(rp->solo) && done[DK_DUTY_PICTURE] < st->duty_need[DK_DUTY_PICTURE])
		done[DK_DUTY_PICTURE]++;
	else if (done[DK_DUTY_ANY] < st->duty_need[DK_DUTY_ANY])
		done[DK_DUTY_ANY]++;
	if (before < 4 && done[0] + done[1] + done[2] > before) {
		st->duty_game[s][before] = (int)st->games + 1;
		st->duty_as[s][before] = out->solo_as;
		st->duty_assumed[s][before] = out->solo_as_assumed;
	}
}

/* the duty soli over the session (duty_soli.*): a Lustsolo before one's
 * own duty solo, and the Vorführung of ctx missed or claimed wrongly */
static void check_duty(const dk_session_state *st, dk_session_game *out, const dk_game *g,
		       const dk_rules *r, const dk_replay *rp, const dk_replay_ctx *ctx,
		       bool no_game)
{
	int s = rp->declarer;
	bool solo = rp->type == DK_GT_SOLO && s >= 1 && s <= DK_MAX_SEATS;
	dk_loc loc = g->bid_count ? g->bids[0].loc : g->deal.loc;
	if (solo && out->solo_as == DK_SOLO_AS_LUST && r->duty_lust_after_duty &&
	    duty_owed(st, r, s) > 0) {
		dk_session_issue *x = add_issue(out, DK_SX_LUST_SOLO_EARLY, false, s, loc);
		if (x) {
			x->found = r->duty_soli - duty_owed(st, r, s);
			x->expected = r->duty_soli;
			x->rule_key = "duty_soli.lust_after_duty";
			x->rule = &r->duty_lust_after_duty_src;
		}
	}
	if (ctx->forced_seat && !no_game &&
	    !(solo && s == ctx->forced_seat && out->solo_as != DK_SOLO_AS_LUST)) {
		dk_session_issue *x = add_issue(out, DK_SX_FORCED_MISSED, false, ctx->forced_seat,
						loc);
		if (x) {
			x->found = solo ? s : 0;
			x->expected = ctx->forced_seat;
			x->rule_key = "duty_soli.forced";
			x->rule = &r->duty_forced_src;
		}
	} else if (solo && out->solo_as == DK_SOLO_AS_FORCED && !out->solo_as_assumed &&
		   ctx->forced_seat != s) {
		dk_session_issue *x = add_issue(out, DK_SX_FORCED_WRONG, false, s, loc);
		if (x) {
			x->found = s;
			x->expected = ctx->forced_seat;
			x->rule_key = "duty_soli.forced";
			x->rule = &r->duty_forced_src;
		}
	}
}

/* which of the games of bock.uses_up g is; DK_BG_COUNT for a game that
 * always uses up a due Bock game (normal, marriage, poverty).  A solo is a
 * duty solo while its player still owes one of its kind (duty_soli.*,
 * counted as count_duty_solo counts them), as FreeDoko's
 * Game::set_is_duty_solo decides */
static dk_bock_game bock_game_of(const dk_session_state *st, const dk_rules *r,
				 const dk_replay *rp, bool no_game)
{
	if (no_game)
		return DK_BG_THROWN_DEAL;
	if (rp->type == DK_GT_SILENT_MARRIAGE || (rp->type == DK_GT_MARRIAGE && rp->alone))
		return DK_BG_SILENT_MARRIAGE;
	if (rp->type != DK_GT_SOLO)
		return DK_BG_COUNT;
	/* the record's or the session's reading of the solo (dk_replay.solo_as)
	 * decides where there is one */
	if (rp->solo_as == DK_SOLO_AS_DUTY || rp->solo_as == DK_SOLO_AS_FORCED)
		return DK_BG_DUTY_SOLO;
	if (rp->solo_as == DK_SOLO_AS_LUST)
		return DK_BG_LUST_SOLO;
	int s = rp->declarer;
	if (s < 1 || s > DK_MAX_SEATS)
		return DK_BG_LUST_SOLO;
	const int *done = st->duty_done[s];
	int any = r->duty_soli - r->duty_colour_soli - r->duty_picture_soli;
	bool owes = (colour_solo(rp->solo) && done[DK_DUTY_COLOUR] < r->duty_colour_soli) ||
		    (picture_solo(rp->solo) && done[DK_DUTY_PICTURE] < r->duty_picture_soli) ||
		    done[DK_DUTY_ANY] < any;
	return owes ? DK_BG_DUTY_SOLO : DK_BG_LUST_SOLO;
}

int dk_session_finish(const dk_session_state *st, dk_session_issue *out, int max)
{
	static const char *const keys[DK_DUTY_KINDS] = {
		[DK_DUTY_ANY] = "duty_soli.per_player",
		[DK_DUTY_COLOUR] = "duty_soli.colour_per_player",
		[DK_DUTY_PICTURE] = "duty_soli.picture_per_player",
	};
	int n = 0;
	for (int s = 1; s <= DK_MAX_SEATS; s++) {
		if (!st->duty_seat[s])
			continue;
		const int *done = st->duty_done[s];
		for (int k = 0; k < DK_DUTY_KINDS && n < max; k++) {
			long found = done[k], expected = st->duty_need[k];
			if (k == DK_DUTY_ANY) {
				/* the totals: every duty solo counts towards them */
				found = done[0] + done[1] + done[2];
				expected = st->duty_need[0] + st->duty_need[1] + st->duty_need[2];
			}
			if (found >= expected)
				continue;
			dk_session_issue *x = &out[n++];
			memset(x, 0, sizeof(*x));
			x->code = DK_SX_DUTY_SOLO_MISSING;
			x->seat = s;
			x->found = found;
			x->expected = expected;
			x->rule_key = keys[k];
			x->loc = st->duty_loc;
		}
	}
	return n;
}

void dk_session_judge(dk_session_state *st, dk_session_game *out, const dk_game *g,
		      const dk_rules *r, const dk_replay *rp, const dk_score_input *in,
		      const dk_score *sc, const long *per_seat)
{
	memset(out, 0, sizeof(*out));
	dk_replay_ctx ctx;
	dk_session_replay_ctx(st, g, r, &ctx);
	out->solo_as = rp->type == DK_GT_SOLO ? rp->solo_as : DK_SOLO_AS_UNSAID;
	out->solo_as_assumed = rp->type == DK_GT_SOLO && rp->solo_as_assumed;
	/* a Pflichtsolo of the player vorgeführt is the forced one (TSR 4.2.3) */
	if (out->solo_as == DK_SOLO_AS_DUTY && ctx.forced_seat && rp->declarer == ctx.forced_seat)
		out->solo_as = DK_SOLO_AS_FORCED;
	/* a replay that did not decide the kind (made without the session's
	 * knowledge): decided here as the replay would have */
	if (rp->type == DK_GT_SOLO && out->solo_as == DK_SOLO_AS_UNSAID && r->duty_soli > 0) {
		int d = rp->declarer;
		out->solo_as = DK_SOLO_AS_LUST;
		out->solo_as_assumed = true;
		if (d >= 1 && d <= DK_MAX_SEATS) {
			out->solo_as = d == ctx.forced_seat ? DK_SOLO_AS_FORCED
				       : ctx.owes[d]        ? DK_SOLO_AS_DUTY
							    : DK_SOLO_AS_LUST;
		}
	}
	out->forced_seat = ctx.forced_seat;
	if (ctx.forced_seat) {
		for (int s = 1; s <= DK_MAX_SEATS; s++)
			out->duty_missing += duty_owed(st, r, s) * (ctx.owes[s] ? 1 : 0);
		out->games_left = r->duty_round_games - st->round_played;
	}
	const dk_players *pl = dk_game_players(g);
	int n = pl ? (int)pl->count : DK_PLAYING_SEATS;
	if (n < DK_PLAYING_SEATS || n > DK_MAX_SEATS)
		n = DK_PLAYING_SEATS;
	out->table_size = n;
	out->scored = sc != NULL && in != NULL && per_seat != NULL;
	out->solo = out->scored && in->solo;
	bool no_game = rp->type == DK_GT_THROWN_IN || rp->type == DK_GT_REDEAL;
	int round_len = n;                    /* D14 */

	if (!st->started) {
		st->started = true;
		st->table_size = n;
		if (r->bock_carry_over && st->carried >= 0) {
			if (st->pending_start < 0) {
				st->pending_start = st->carried > 1000 ? 1000 : (int)st->carried;
			} else if (st->pending_start != st->carried) {
				dk_session_issue *x = add_issue(out, DK_SX_BOCK_PENDING_WRONG, false, 0,
								g->session ? g->session->loc : g->loc);
				if (x) {
					x->found = st->pending_start;
					x->expected = st->carried;
					x->rule_key = "bock.carry_over";
					x->rule = &r->bock_carry_over_src;
				}
			}
		}
		if (st->pending_start > 0) {
			start_pending(st, r, st->pending_start);
			if (!r->bock_carry_over) {
				dk_session_issue *x = add_issue(out, DK_SX_BOCK_NOT_CARRIED, true, 0,
								g->loc);
				if (x) {
					x->found = st->pending_start;
					x->rule_key = "bock.carry_over";
					x->rule = &r->bock_carry_over_src;
				}
			}
		}
	}

	check_dealer(st, out, g, r, n);
	check_sit_out(st, out, g, r, n);

	/* the round */
	/* a solo for who deals next: a silent marriage or a bride alone only
	 * under deal.silent_marriage_is_solo */
	bool deal_solo = out->solo && (rp->type == DK_GT_SOLO || r->deal_silent_marriage_is_solo);
	out->counts_in_round = !no_game && !(deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME);
	out->round = st->counted / round_len + 1;
	out->game_in_round = st->counted % round_len + 1;
	if (out->counts_in_round)
		st->counted++;

	/* the Bocks on this game, and whether it uses one up (bock.uses_up;
	 * a thrown deal has no score to double) */
	dk_bock_game kind = bock_game_of(st, r, rp, no_game);
	bool uses_up = kind == DK_BG_COUNT || DK_SET_HAS(r->bock_uses_up, kind);
	if ((out->scored || no_game) && r->bock_kind != DK_BOCK_NONE) {
		int due = r->bock_kind == DK_BOCK_APPEND ? (st->bock_queue > 0)
							 : st->bock_ring[st->bock_head];
		if (out->scored)
			out->bocks_waiting = due;
		if (out->solo && r->bock_solo == DK_BOCK_SOLO_MOVES_BACK) {
			out->bock_moved_back = due > 0;
		} else if (!uses_up || (out->scored && r->bock_solo == DK_BOCK_SOLO_DOUBLED_NOT_USED_UP &&
					dealer_stays(st, r, rp, out, deal_solo))) {
			out->bocks = out->scored ? due : 0;
			out->bock_not_used_up = out->scored && due > 0;
			out->bock_not_used_up_by_kind = out->bock_not_used_up && !uses_up;
		} else {
			out->bocks = out->scored ? due : 0;
			if (r->bock_kind == DK_BOCK_APPEND) {
				if (st->bock_queue > 0)
					st->bock_queue--;
			} else {
				st->bock_ring_sum -= st->bock_ring[st->bock_head];
				st->bock_ring[st->bock_head] = 0;
				st->bock_head = (st->bock_head + 1) % DK_BOCK_WINDOW;
			}
		}
	}
	out->multiplier = 1;
	for (int i = 0; i < out->bocks; i++) {
		long m = r->bock_multiplier > 1 ? r->bock_multiplier : 1;
		if (out->multiplier * m > DK_BOCK_MAX_FACTOR)
			break;
		out->multiplier *= m;
	}

	/* the entry and the standings */
	if (out->scored) {
		const dk_trick *last = rp->trick_count ? &rp->tricks[rp->trick_count - 1] : NULL;
		if (r->standings_diamond_king_flip && last && !in->solo && !in->poverty &&
		    last->cards[last->winner_index] == DK_CARD_MAKE(DK_DIAMONDS, DK_KING))
			out->flipped = true;
		for (int s = 1; s <= DK_MAX_SEATS; s++) {
			out->score[s] = per_seat[s] * out->multiplier;
			st->total[s] = (out->flipped ? -st->total[s] : st->total[s]) + out->score[s];
		}
	}
	memcpy(out->total, st->total, sizeof(out->total));

	check_sheet(st, out, g, r);

	/* the Bocks this game makes */
	if (out->scored && r->bock_kind != DK_BOCK_NONE) {
		out->triggered = bock_triggers(r, rp, in, sc);
		int made = 0;
		for (int t = 0; t < DK_BT_COUNT; t++)
			made += (int)DK_SET_HAS(out->triggered, t);
		if (made > 1 && r->bock_per_game == DK_BOCK_PER_GAME_ONE)
			made = 1;
		out->bocks_made = made;
		for (int i = 0; i < made; i++)
			add_bock(st, r, round_len);
	}
	out->bock_pending_after = dk_session_bock_pending(st);

	check_duty(st, out, g, r, rp, &ctx, no_game);
	count_duty_solo(st, g, r, rp, out, no_game);

	/* how this game moves the deal on: after a solo under
	 * same-dealer-after-duty-solo by its kind (TSR 4.2.5, 4.3.2); a kind
	 * assumed allows either dealer */
	st->prev_dealer = g->deal.dealer;
	st->prev_kind = PREV_NORMAL;
	bool stays = false;
	if (no_game) {
		st->prev_kind = PREV_NO_GAME;
	} else if (deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME) {
		st->prev_kind = PREV_SAME;
		stays = true;
	} else if (deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME_AFTER_DUTY &&
		   rp->type == DK_GT_SOLO) {
		bool duty = out->solo_as == DK_SOLO_AS_DUTY || out->solo_as == DK_SOLO_AS_FORCED;
		stays = out->solo_as == DK_SOLO_AS_DUTY;
		if (duty && out->solo_as_assumed)
			st->prev_kind = PREV_SAME_OR_NEXT;
		else if (stays)
			st->prev_kind = PREV_SAME;
		if (rp->declarer > 0 && rp->declarer <= DK_MAX_SEATS && duty)
			st->duty_solo_done[rp->declarer] = true;
	} else if (deal_solo && r->deal_after_solo == DK_AFTER_SOLO_SAME_AFTER_DUTY &&
		   rp->declarer > 0 && rp->declarer <= DK_MAX_SEATS &&
		   !st->duty_solo_done[rp->declarer]) {
		st->duty_solo_done[rp->declarer] = true;
		st->prev_kind = PREV_SAME_OR_NEXT;
		stays = true;
	}
	if (!no_game && !stays)
		st->round_played++;
	st->games++;
}

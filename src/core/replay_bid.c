/*
 * replay_bid.c - step 1 of the replay: the game finding.  Which
 * reservation wins (reservations.order, the solo that wins among several),
 * whether each named game was allowed and justified by the hand, and the
 * poverty exchange, which it checks and applies to the hands.  What it
 * finds decides the game type, the declarer and the partner a poverty
 * found; the parties are set from it afterwards (replay_trick.c).
 */
#include "replay_steps.h"

#define DA DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)

static bool take_card(rp_state *st, int seat, dk_card c)
{
	for (int i = 0; i < st->hand_n[seat]; i++) {
		if (st->hand[seat][i] == c) {
			st->hand[seat][i] = st->hand[seat][--st->hand_n[seat]];
			return true;
		}
	}
	return false;
}

static void give_card(rp_state *st, int seat, dk_card c)
{
	if (st->hand_n[seat] < DK_MAX_HAND + DK_MAX_PASS)
		st->hand[seat][st->hand_n[seat]++] = c;
}

/* trumps of the normal game in a list of cards */
static int normal_trumps(const dk_card *cards, int n)
{
	int t = 0;
	for (int i = 0; i < n; i++)
		if (dk_normal_is_trump(cards[i]))
			t++;
	return t;
}

static int count_in(const dk_hand *h, dk_card c)
{
	int n = 0;
	for (int i = 0; h && i < h->count; i++)
		if (h->cards[i] == c)
			n++;
	return n;
}

static int count_rank(const dk_hand *h, dk_rank r)
{
	int n = 0;
	for (int i = 0; h && i < h->count; i++)
		if (DK_CARD_RANK(h->cards[i]) == r)
			n++;
	return n;
}

/* how far after the dealer a seat is asked (1 = left of the dealer) */
static int asking_rank(const dk_replay *o, int dealer, int seat)
{
	int s = rp_next_seat(o, dealer);
	for (int k = 1; k <= DK_PLAYING_SEATS; k++) {
		if (s == seat)
			return k;
		s = rp_next_seat(o, s);
	}
	return DK_PLAYING_SEATS + 1;
}

/* card points (Augen) in a hand */
static int hand_points(const dk_hand *h)
{
	int p = 0;
	for (int i = 0; h && i < h->count; i++)
		p += dk_card_points(h->cards[i]);
	return p;
}

/* no trump of the normal game ranks above the ♦A: no queen, jack or ♥10
 * (FreeDoko's "fox highest trump"; a pair of foxes as swines is still the
 * fox) */
static bool fox_highest_trump(const dk_hand *h)
{
	for (int i = 0; h && i < h->count; i++) {
		dk_card c = h->cards[i];
		if (DK_CARD_RANK(c) == DK_QUEEN || DK_CARD_RANK(c) == DK_JACK ||
		    c == DK_CARD_MAKE(DK_HEARTS, DK_TEN))
			return false;
	}
	return true;
}

/* whether the hand h allows throwing in for reason under r */
static bool throw_justified(const dk_rules *r, const dk_hand *h, dk_throw_reason reason)
{
	switch (reason) {
	case DK_THROW_FIVE_KINGS:
		return count_rank(h, DK_KING) >= r->throw_in_min_kings;
	case DK_THROW_FIVE_NINES:
		return count_rank(h, DK_NINE) >= r->throw_in_min_nines;
	case DK_THROW_FEW_TRUMPS:
		return h && normal_trumps(h->cards, h->count) <= r->throw_in_few_trumps;
	case DK_THROW_NINES_AND_KINGS:
		return count_rank(h, DK_NINE) + count_rank(h, DK_KING) >=
		       r->throw_in_min_nines_and_kings;
	case DK_THROW_RICHNESS:
		return h && hand_points(h) >= r->throw_in_min_richness;
	case DK_THROW_FOX_HIGHEST_TRUMP:
		return h && fox_highest_trump(h);
	case DK_THROW_UNSAID:
	case DK_THROW_REASON_COUNT:
		break;
	}
	return false;
}

/* whether seat declared swines anywhere in the play */
static bool swines_declared(const dk_game *g, int seat)
{
	for (size_t i = 0; i < g->event_count; i++)
		if (g->events[i].kind == DK_EV_SWINE && g->events[i].seat == seat)
			return true;
	return false;
}

/* the foxes (♦A) of the poor player's hand that poverty.foxes_not_counted
 * leaves out of the trumps: all of them, unless he has both and declared
 * them as swines (FreeDoko: "unless swines were announced") */
static int uncounted_foxes(const dk_rules *r, const dk_game *g, const dk_hand *h)
{
	if (!r->poverty_foxes_not_counted || !h)
		return 0;
	int foxes = count_in(h, DA);
	if (foxes == 2 && r->swines != DK_SWINES_NONE && swines_declared(g, h->seat))
		return 0;
	return foxes;
}

static bool poverty_hand(const dk_rules *r, const dk_game *g, const dk_hand *h)
{
	int trumps = normal_trumps(h->cards, h->count) - uncounted_foxes(r, g, h);
	if (trumps <= r->poverty_max_trumps)
		return true;
	/* unsere-2024: max + 1 trumps of which exactly one is a ♦A */
	return r->poverty_fox_extra && trumps == r->poverty_max_trumps + 1 && count_in(h, DA) == 1;
}

/* an unjustified throwing in for a named reason: the rule with the count
 * that was missed, what the hand had (count) and what was needed (limit);
 * for fox-highest-trump the trump above the fox (played) */
static void throw_shortfall(rp_state *st, dk_finding *f, const dk_hand *h, dk_throw_reason reason)
{
	const dk_rules *r = st->r;
	switch (reason) {
	case DK_THROW_FIVE_NINES:
		RULE(f, "throw_in.min_nines", throw_in_min_nines);
		f->count = count_rank(h, DK_NINE);
		f->limit = r->throw_in_min_nines;
		break;
	case DK_THROW_FIVE_KINGS:
		RULE(f, "throw_in.min_kings", throw_in_min_kings);
		f->count = count_rank(h, DK_KING);
		f->limit = r->throw_in_min_kings;
		break;
	case DK_THROW_NINES_AND_KINGS:
		RULE(f, "throw_in.min_nines_and_kings", throw_in_min_nines_and_kings);
		f->count = count_rank(h, DK_NINE) + count_rank(h, DK_KING);
		f->limit = r->throw_in_min_nines_and_kings;
		break;
	case DK_THROW_RICHNESS:
		RULE(f, "throw_in.min_richness", throw_in_min_richness);
		f->count = hand_points(h);
		f->limit = r->throw_in_min_richness;
		break;
	case DK_THROW_FEW_TRUMPS:
		RULE(f, "throw_in.few_trumps_max", throw_in_few_trumps);
		f->count = h ? normal_trumps(h->cards, h->count) : 0;
		f->limit = r->throw_in_few_trumps;
		break;
	case DK_THROW_FOX_HIGHEST_TRUMP:
		for (int i = 0; h && i < h->count; i++) {
			dk_card c = h->cards[i];
			if (DK_CARD_RANK(c) == DK_QUEEN || DK_CARD_RANK(c) == DK_JACK ||
			    c == DK_CARD_MAKE(DK_HEARTS, DK_TEN))
				f->played = c;
		}
		break;
	case DK_THROW_UNSAID:
	case DK_THROW_REASON_COUNT:
		break;
	}
}

/* check each named game against the hand and the rules */
static void check_declarations(rp_state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		const dk_hand *h = rp_dealt(g, b->seat);
		dk_finding *f;
		switch (b->kind) {
		case DK_BID_SOLO:
			if (!DK_SET_HAS(r->solo_kinds, b->solo)) {
				f = rp_add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "solo.kinds", solo_kinds);
				f->count = (int)b->solo;
			}
			break;
		case DK_BID_MARRIAGE: {
			if (!r->marriage) {
				f = rp_add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "marriage.enabled", marriage);
				break;
			}
			if (count_in(h, CQ) < 2) {
				f = rp_add(st, DK_F_RESERVATION_UNJUSTIFIED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "marriage.enabled", marriage);
				f->hidden = true;
				f->played = CQ;
				f->count = count_in(h, CQ);
				f->limit = 2;
			}
			dk_marriage_cond c = b->condition ? b->condition
							  : (dk_marriage_cond)r->marriage_default_condition;
			if (b->condition && !DK_SET_HAS(r->marriage_conditions, c)) {
				f = rp_add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "marriage.conditions", marriage_conditions);
				f->count = (int)c;
			}
			break;
		}
		case DK_BID_POVERTY:
			if (!r->poverty) {
				f = rp_add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "poverty.enabled", poverty);
			} else if (h && !poverty_hand(r, g, h)) {
				f = rp_add(st, DK_F_RESERVATION_UNJUSTIFIED, DK_FK_IRREGULARITY, 0,
					   b->loc, b->seat);
				RULE(f, "poverty.max_trumps", poverty_max_trumps);
				f->count = normal_trumps(h->cards, h->count) -
					   uncounted_foxes(r, g, h);
				f->limit = r->poverty_max_trumps;
			}
			break;
		case DK_BID_THROW_IN: {
			bool ok = false, allowed = false;
			for (int reason = 1; reason < DK_THROW_REASON_COUNT; reason++) {
				if (b->reason && b->reason != (dk_throw_reason)reason)
					continue;
				if (!DK_SET_HAS(r->throw_in_reasons, reason))
					continue;
				allowed = true;
				if (throw_justified(r, h, (dk_throw_reason)reason))
					ok = true;
			}
			if (!allowed || !ok) {
				f = rp_add(st, allowed ? DK_F_RESERVATION_UNJUSTIFIED
						    : DK_F_RESERVATION_NOT_ALLOWED,
					   DK_FK_IRREGULARITY, 0, b->loc, b->seat);
				RULE(f, "throw_in.reasons", throw_in_reasons);
				f->count = (int)b->reason;
				if (allowed && b->reason)
					throw_shortfall(st, f, h, b->reason);
			}
			break;
		}
		default:
			break;
		}
	}
}

/* priority of a reservation kind under reservations.order: lower is higher */
static int res_priority(const dk_rules *r, dk_reservation k)
{
	for (int i = 0; i < r->reservation_order_count; i++)
		if (r->reservation_order[i] == (int)k)
			return i;
	return DK_RES_COUNT + (int)k;  /* not in the rules: after all that are */
}

/* the same for a reservation named in this deal: a poverty thrown in
 * ranks as a throw-in where that is higher */
static int named_priority(const dk_rules *r, int k, bool poverty_thrown)
{
	int p = res_priority(r, (dk_reservation)k);
	if (k == DK_RES_POVERTY && poverty_thrown && res_priority(r, DK_RES_THROW_IN) < p)
		p = res_priority(r, DK_RES_THROW_IN);
	return p;
}

static int solo_priority(const dk_rules *r, dk_solo_kind k)
{
	for (int i = 0; i < r->solo_priority_count; i++)
		if (r->solo_priority[i] == (int)k)
			return i;
	return DK_SOLO_SLOTS + (int)k;
}

/*
 * Whether the solo bid at index i comes too late under solo.after_poverty:
 * after the poverty's cards were passed (never), or after every player
 * asked refused the poverty (until-refused).
 */
static bool solo_too_late(const dk_game *g, const dk_rules *r, size_t i)
{
	if (r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_ANY_TIME)
		return false;
	int declines = 0;
	for (size_t k = 0; k < i; k++) {
		dk_bid_kind kind = g->bids[k].kind;
		if (kind == DK_BID_POVERTY_PASS && r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_NEVER)
			return true;
		if (kind == DK_BID_POVERTY_DECLINE)
			declines++;
		else if (kind == DK_BID_POVERTY_ACCEPT)
			declines = -DK_PLAYING_SEATS;  /* taken: it was not refused */
	}
	return declines >= DK_PLAYING_SEATS - 1;
}

/* index of the solo bid that gets the game, -1 if none */
static int winning_solo(const rp_state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	int best = -1;
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind != DK_BID_SOLO || solo_too_late(g, r, i))
			continue;
		if (best < 0) {
			best = (int)i;
			continue;
		}
		const dk_bid *w = &g->bids[best];
		int better = 0;  /* >0: b beats w */
		if (r->solo_outbid && b->call_count != w->call_count)
			better = b->call_count - w->call_count;
		else if (r->solo_clash == DK_SOLO_CLASH_TYPE)
			better = solo_priority(r, w->solo) - solo_priority(r, b->solo);
		if (better == 0)
			better = asking_rank(st->out, g->deal.dealer, w->seat) -
				 asking_rank(st->out, g->deal.dealer, b->seat);
		if (better > 0)
			best = (int)i;
	}
	return best;
}

/* the bride who meets a poverty: the seat of the named marriage, or a
 * player other than the poor one dealt both ♣Q ("wenn beides gleichzeitig
 * vorkommt": the marriage need not be named); 0 if none */
static int bride_of(const dk_game *g, const dk_bid *marriage, int poor)
{
	if (marriage)
		return marriage->seat;
	for (int i = 0; i < g->deal.hand_count; i++)
		if (g->deal.hands[i].seat != poor && count_in(&g->deal.hands[i], CQ) == 2)
			return g->deal.hands[i].seat;
	return 0;
}

/* the poverty exchange: check it and apply it to the hands.  bride is the
 * seat that takes it without being asked (poverty.with_marriage
 * play-together), 0 when the players are asked in turn. */
static void poverty_exchange(rp_state *st, const dk_bid *pov, int bride)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	int poor = pov->seat;
	const dk_hand *h = rp_dealt(g, poor);
	dk_finding *f;

	/* an imported record that knows only the hands after the exchange
	 * (FreeDoko's debug log): the taker from the bids, nothing to move or
	 * to judge */
	if (g->exchange_unknown) {
		const dk_bid *acc = rp_find_bid(g, DK_BID_POVERTY_ACCEPT, 0);
		o->partner = bride ? bride : acc ? acc->seat : 0;
		return;
	}

	/* what must be passed: the trumps, filled up with fehl in one variant */
	int trumps = h ? normal_trumps(h->cards, h->count) : 0;
	int want = r->poverty_pass == DK_PASS_TRUMPS_ONLY ? trumps
		   : r->poverty_pass_count + (trumps > r->poverty_max_trumps ? 1 : 0);
	if (r->poverty_pass == DK_PASS_TRUMPS_FILLED && r->poverty_foxes_not_counted) {
		/* all trumps, at least pass_count cards; with foxes_passed_extra
		 * the uncounted foxes on top of pass_count */
		int base = r->poverty_pass_count +
			   (r->poverty_foxes_passed_extra ? uncounted_foxes(r, g, h) : 0);
		want = trumps > base ? trumps : base;
	}
	const dk_bid *pass = rp_find_bid(g, DK_BID_POVERTY_PASS, poor);
	int passed_trumps = pass ? normal_trumps(pass->cards, pass->card_count) : 0;
	if (!pass) {
		f = rp_add(st, DK_F_POVERTY_PASS_WRONG, DK_FK_RECORD_DEFECT, 0, pov->loc, poor);
		RULE(f, "poverty.pass", poverty_pass);
		f->count = 0;
		f->limit = want;
	} else {
		bool in_hand = true;
		for (int i = 0; i < pass->card_count; i++)
			if (count_in(h, pass->cards[i]) == 0)
				in_hand = false;
		if (pass->card_count != want || passed_trumps != trumps || !in_hand) {
			f = rp_add(st, DK_F_POVERTY_PASS_WRONG, in_hand ? DK_FK_IRREGULARITY
					: DK_FK_RECORD_DEFECT, 0, pass->loc, poor);
			RULE(f, r->poverty_pass == DK_PASS_TRUMPS_ONLY ? "poverty.pass"
								   : "poverty.pass_count",
			     poverty_pass);
			if (r->poverty_pass != DK_PASS_TRUMPS_ONLY)
				f->rule = &r->poverty_pass_count_src;
			if (r->poverty_pass != DK_PASS_TRUMPS_ONLY && r->poverty_foxes_passed_extra &&
			    uncounted_foxes(r, g, h) > 0)
				RULE(f, "poverty.foxes_passed_extra", poverty_foxes_passed_extra);
			f->count = pass->card_count;
			f->limit = want;
			for (int i = 0; h && i < h->count && f->demanded_count < DK_FINDING_CARDS; i++)
				if (dk_normal_is_trump(h->cards[i]))
					f->demanded[f->demanded_count++] = h->cards[i];
		}
	}

	/* asked in turn from the poor player's left; or nobody asked, when the
	 * bride takes it (then only another player's taking is out of order) */
	int expect = bride ? bride : rp_next_seat(o, poor), taker = bride;
	for (size_t i = 0; i < g->bid_count && (bride || !taker); i++) {
		const dk_bid *b = &g->bids[i];
		if (b->kind != DK_BID_POVERTY_DECLINE && b->kind != DK_BID_POVERTY_ACCEPT)
			continue;
		if (bride) {
			if (b->kind == DK_BID_POVERTY_ACCEPT && b->seat != bride) {
				f = rp_add(st, DK_F_POVERTY_ASKED_OUT_OF_ORDER, DK_FK_IRREGULARITY,
					   0, b->loc, b->seat);
				RULE(f, "poverty.with_marriage", poverty_marriage);
				f->expected_seat = bride;
			}
			continue;
		}
		if (b->seat != expect) {
			f = rp_add(st, DK_F_POVERTY_ASKED_OUT_OF_ORDER, DK_FK_IRREGULARITY, 0,
				   b->loc, b->seat);
			RULE(f, "poverty.enabled", poverty);
			f->expected_seat = expect;
		}
		if (b->kind == DK_BID_POVERTY_ACCEPT)
			taker = b->seat;
		expect = rp_next_seat(o, b->seat);
		if (expect == poor)
			expect = rp_next_seat(o, poor);
	}
	if (!taker)
		return;
	o->partner = taker;

	/* move the passed cards, then the returned ones */
	for (int i = 0; pass && i < pass->card_count; i++)
		if (take_card(st, poor, pass->cards[i]))
			give_card(st, taker, pass->cards[i]);
	const dk_bid *ret = rp_find_bid(g, DK_BID_POVERTY_RETURN, taker);
	int returned_trumps = 0;
	if (!ret) {
		f = rp_add(st, DK_F_POVERTY_RETURN_WRONG, DK_FK_RECORD_DEFECT, 0, pov->loc, taker);
		RULE(f, "poverty.pass", poverty_pass);
		f->limit = pass ? pass->card_count : want;
	} else {
		bool in_hand = true, fehl_kept = false;
		for (int i = 0; i < ret->card_count; i++)
			if (rp_count_card(st, taker, ret->cards[i]) == 0)
				in_hand = false;
		returned_trumps = normal_trumps(ret->cards, ret->card_count);
		/* a trump back while a fehl card stays in the taker's hand */
		if (r->poverty_return_fehl_first && returned_trumps > 0) {
			for (int i = 0; i < st->hand_n[taker]; i++) {
				dk_card c = st->hand[taker][i];
				bool back = false;
				for (int k = 0; k < ret->card_count; k++)
					if (ret->cards[k] == c)
						back = true;
				if (!dk_normal_is_trump(c) && !back)
					fehl_kept = true;
			}
		}
		int need = pass ? pass->card_count : want;
		if (ret->card_count != need || !in_hand) {
			f = rp_add(st, DK_F_POVERTY_RETURN_WRONG, in_hand ? DK_FK_IRREGULARITY
					: DK_FK_RECORD_DEFECT, 0, ret->loc, taker);
			RULE(f, "poverty.pass", poverty_pass);
			f->count = ret->card_count;
			f->limit = need;
		} else if (fehl_kept) {
			f = rp_add(st, DK_F_POVERTY_RETURN_WRONG, DK_FK_IRREGULARITY, 0, ret->loc,
				   taker);
			RULE(f, "poverty.return_fehl_first", poverty_return_fehl_first);
			f->count = returned_trumps;
			f->limit = -1;  /* the order, not the count, was wrong */
		}
		for (int i = 0; i < ret->card_count; i++)
			if (take_card(st, taker, ret->cards[i]))
				give_card(st, poor, ret->cards[i]);
	}

	/* what was said about the trumps that came back */
	const dk_bid *rep = rp_find_bid(g, DK_BID_POVERTY_REPORT, 0);
	bool must = (r->poverty_report == DK_REPORT_COUNT_OF_TRUMPS ||
		     r->poverty_report == DK_REPORT_WHETHER) &&
		    (returned_trumps > 0 || r->poverty_report_always);
	if (!rep && must) {
		f = rp_add(st, DK_F_POVERTY_REPORT_MISSING, DK_FK_IRREGULARITY, 0,
			   ret ? ret->loc : pov->loc, taker);
		if (returned_trumps > 0)
			RULE(f, "poverty.report", poverty_report);
		else
			RULE(f, "poverty.report_always", poverty_report_always);
		f->count = returned_trumps;
	} else if (rep && rep->trumps >= 0) {
		bool wrong = r->poverty_report == DK_REPORT_WHETHER
				     ? (rep->trumps > 0) != (returned_trumps > 0)
				     : rep->trumps != returned_trumps;
		if (wrong) {
			f = rp_add(st, DK_F_POVERTY_REPORT_WRONG, DK_FK_IRREGULARITY, 0, rep->loc,
				   rep->seat);
			RULE(f, "poverty.report", poverty_report);
			f->count = rep->trumps;
			f->limit = returned_trumps;
		}
	}
}

/* which game is played, from the game finding */
void rp_resolve(rp_state *st)
{
	const dk_game *g = st->g;
	const dk_rules *r = st->r;
	dk_replay *o = st->out;
	check_declarations(st);
	st->solo_bid = -1;

	/* a solo named too late does not count (solo.after_poverty) */
	int solos = 0;
	for (size_t i = 0; i < g->bid_count; i++) {
		if (g->bids[i].kind != DK_BID_SOLO)
			continue;
		if (!solo_too_late(g, r, i)) {
			solos++;
			continue;
		}
		dk_finding *f = rp_add(st, DK_F_RESERVATION_NOT_ALLOWED, DK_FK_IRREGULARITY, 0,
				       g->bids[i].loc, g->bids[i].seat);
		RULE(f, "solo.after_poverty", solo_after_poverty);
		f->count = (int)g->bids[i].solo;
		f->limit = r->solo_after_poverty == DK_SOLO_AFTER_POVERTY_UNTIL_REFUSED;
	}

	/* the poverty played: with two, the first asked under poverty.double */
	const dk_bid *pov = rp_find_bid(g, DK_BID_POVERTY, 0);
	int poverties = rp_count_bids(g, DK_BID_POVERTY);
	if (poverties > 1 && r->poverty_double == DK_DOUBLE_FIRST_ASKED) {
		for (size_t i = 0; i < g->bid_count; i++) {
			const dk_bid *b = &g->bids[i];
			if (b->kind == DK_BID_POVERTY &&
			    asking_rank(o, g->deal.dealer, b->seat) <
			    asking_rank(o, g->deal.dealer, pov->seat))
				pov = b;
		}
		poverties = 1;
	}
	/* a poverty that is thrown in rather than passed ranks as a throw-in
	 * (poverty.exchange, poverty.throw_in_max_trumps); a record that knows
	 * only the hands after the exchange shows that it was passed */
	const dk_hand *ph = pov ? rp_dealt(g, pov->seat) : NULL;
	bool pov_thrown = pov && poverties == 1 && !g->exchange_unknown &&
		(!r->poverty_exchange ||
		 (ph && normal_trumps(ph->cards, ph->count) <= r->poverty_throw_in_max_trumps));

	/* the reservation kinds named, best first */
	bool named[DK_RES_COUNT] = {
		solos > 0, rp_count_bids(g, DK_BID_THROW_IN) > 0,
		pov != NULL, rp_count_bids(g, DK_BID_MARRIAGE) > 0,
	};
	int win = -1;
	for (int k = 0; k < DK_RES_COUNT; k++)
		if (named[k] && (win < 0 || named_priority(r, k, pov_thrown) <
					    named_priority(r, win, pov_thrown)))
			win = k;

	const dk_bid *marriage = rp_find_bid(g, DK_BID_MARRIAGE, 0);
	switch (win) {
	case DK_RES_SOLO: {
		st->solo_bid = winning_solo(st);
		const dk_bid *b = &g->bids[st->solo_bid];
		o->type = DK_GT_SOLO;
		o->solo = b->solo;
		o->declarer = b->seat;
		return;
	}
	case DK_RES_THROW_IN:
		o->type = DK_GT_THROWN_IN;
		o->declarer = rp_find_bid(g, DK_BID_THROW_IN, 0)->seat;
		return;
	case DK_RES_POVERTY: {
		o->declarer = pov->seat;
		if (poverties > 1) {
			o->type = DK_GT_REDEAL;  /* a solo would have won above */
			return;
		}
		if (pov_thrown) {
			/* no cards move: the deal is thrown in */
			o->type = DK_GT_THROWN_IN;
			o->poverty_thrown = true;
			const dk_bid *pass = rp_find_bid(g, DK_BID_POVERTY_PASS, pov->seat);
			if (pass) {
				dk_finding *f = rp_add(st, DK_F_POVERTY_PASS_WRONG,
						       DK_FK_IRREGULARITY, 0, pass->loc,
						       pov->seat);
				if (!r->poverty_exchange)
					RULE(f, "poverty.exchange", poverty_exchange);
				else
					RULE(f, "poverty.throw_in_max_trumps",
					     poverty_throw_in_max_trumps);
				f->count = pass->card_count;
				f->limit = 0;
			}
			return;
		}
		o->type = DK_GT_POVERTY;
		int bride = r->poverty_marriage == DK_PM_PLAY_TOGETHER
				    ? bride_of(g, marriage, pov->seat) : 0;
		if (bride) {
			/* esslingen-2002: "spielt automatisch die Armut und die
			 * Hochzeit zusammen": the holder of both ♣Q, named or not,
			 * takes it without being asked; an exchange, if the table
			 * made one, is checked as usual */
			if (rp_find_bid(g, DK_BID_POVERTY_PASS, pov->seat))
				poverty_exchange(st, pov, bride);
			o->partner = bride;
			o->poverty_with_marriage = true;
			return;
		}
		poverty_exchange(st, pov, 0);
		if (!o->partner) {
			bool lapse = marriage && r->poverty_marriage == DK_PM_POVERTY_ONLY;
			o->type = r->poverty_refused == DK_REFUSED_RAMSCH && !lapse ? DK_GT_RAMSCH
										   : DK_GT_REDEAL;
		}
		return;
	}
	case DK_RES_MARRIAGE:
		o->type = DK_GT_MARRIAGE;
		o->declarer = marriage->seat;
		o->condition = marriage->condition ? marriage->condition
						   : (dk_marriage_cond)r->marriage_default_condition;
		return;
	default:
		break;
	}
	/* nothing named: both ♣Q in one hand is a silent marriage */
	for (int i = 0; i < g->deal.hand_count; i++) {
		if (count_in(&g->deal.hands[i], CQ) == 2) {
			o->type = DK_GT_SILENT_MARRIAGE;
			o->solo = r->marriage_silent_solo ? (dk_solo_kind)r->marriage_silent_solo
							  : DK_SOLO_TRUMPS;
			o->declarer = g->deal.hands[i].seat;
			return;
		}
	}
	o->type = DK_GT_NORMAL;
}

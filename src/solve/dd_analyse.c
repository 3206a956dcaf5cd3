/*
 * dd_analyse.c - a game analysed card by card (dk_dd_analyse): the exact
 * value of every position from the last card back, what each card cost,
 * who wins on the best line from each position, and who wins before the
 * first card analysed where the limit stopped it; and the fingerprint of
 * what an analysis depends on (dk_dd_game_print).  The values are
 * dd_exact.c's.
 */
#include "dd_internal.h"

#include <stdlib.h>
#include <string.h>

#include "gameid.h"
#include "score.h"

/* the index of the event after the n-th card (all of them for n = total) */
static size_t events_through(const dk_game *g, int n)
{
	int seen = 0;
	for (size_t i = 0; i < g->event_count; i++) {
		if (g->events[i].kind != DK_EV_CARD)
			continue;
		if (seen == n)
			return i;
		seen++;
	}
	return g->event_count;
}

/*
 * How the game ends if it goes on as the best line from position n: the
 * game's events up to n and the line's cards replayed by the engine,
 * scored with the parties as the game ended and the whole game's
 * announcements (those made after n too).  The winner, and the special
 * points on that line signed for Re (the line is best for card points; it
 * does not look for special points).
 */
static void line_outcome(const dk_game *g, size_t events, const dk_line *line,
			 const dk_replay *rp, const dk_replay *full, const dk_score_input *whole,
			 const dk_rules *r, dk_party *winner, int *specials)
{
	*winner = DK_PARTY_NONE;
	*specials = 0;
	dk_event *ev = malloc((events + (size_t)line->count) * sizeof(*ev));
	dk_replay *end = malloc(sizeof(*end));
	if (!ev || !end)
		goto done;
	memcpy(ev, g->events, events * sizeof(*ev));
	for (int i = 0; i < line->count; i++) {
		dk_event *e = &ev[events + (size_t)i];
		memset(e, 0, sizeof(*e));
		e->kind = DK_EV_CARD;
		e->seat = rp->seats[line->seats[i]];
		e->card = line->cards[i];
	}
	dk_game cut = *g;
	cut.events = ev;
	cut.event_count = events + (size_t)line->count;
	dk_replay_run(end, &cut, r);
	memcpy(end->party, full->party, sizeof(end->party));
	dk_score_input in;
	dk_score_input_from_replay(&in, end, &cut);
	memcpy(in.said, whole->said, sizeof(in.said));
	memcpy(in.said_count, whole->said_count, sizeof(in.said_count));
	in.first_call = whole->first_call;
	memcpy(in.replied, whole->replied, sizeof(in.replied));
	dk_score sc;
	dk_score_compute(&sc, &in, r);
	*winner = sc.winner;
	for (int i = 0; i < sc.item_count; i++)
		if (sc.items[i].special)
			*specials += sc.items[i].party == DK_PARTY_RE ? sc.items[i].points
								  : -sc.items[i].points;
done:
	free(ev);
	free(end);
}

/*
 * The game after its first n cards into rp, with the parties the whole
 * game found (full), told to the progress callback first; its events in
 * *events.  False where the record does not reach card n.
 */
static bool replay_to(dk_dd *dd, dk_replay *rp, const dk_game *g, const dk_rules *r,
		      const dk_replay *full, int n, size_t *events)
{
	if (dd->telling) {
		dd->at.card = n;
		dd->nodes = 0;   /* a search counts from 0 as well */
		dd_tell_progress(dd);
	}
	dk_game cut = *g;
	cut.event_count = events_through(g, n);
	dk_replay_run(rp, &cut, r);
	if (rp->cards_played != n)
		return false;
	memcpy(rp->party, full->party, sizeof(rp->party));
	*events = cut.event_count;
	return true;
}

/* card n of the game (from 1), who played it and his party, into c */
static void card_played(dk_dd_card *c, const dk_replay *full, int n)
{
	int t = (n - 1) / 4;
	c->seat = full->tricks[t].seats[(n - 1) % 4];
	c->card = full->tricks[t].cards[(n - 1) % 4];
	c->party = full->party[c->seat];
}

/* the card points where the winner changes, at most (two where the
 * targets leave a gap in which nobody wins) */
#define DK_DD_STEPS_MAX 8

/*
 * Who wins with Re's card points at the end v, by the game's scoring
 * (dk_score_compute with the whole game's announcements): the card points
 * at[k] from which seg[k + 1] wins (seg[0] below at[0]), how many such
 * points there are, -1 where a target counts tricks (the winner then
 * depends on more than card points).
 */
static int winner_steps(const dk_score_input *whole, const dk_rules *r, int all, int *at,
			dk_party *seg)
{
	dk_score_input in = *whole;
	in.took_trick[DK_PARTY_RE] = in.took_trick[DK_PARTY_KONTRA] = true;
	int n = 0;
	for (int v = 0; v <= all; v++) {
		in.points[DK_PARTY_RE] = v;
		in.points[DK_PARTY_KONTRA] = all - v;
		dk_score sc;
		dk_score_compute(&sc, &in, r);
		for (int x = DK_PARTY_RE; x <= DK_PARTY_KONTRA; x++)
			if (sc.target[x] <= 0 || sc.target[x] > all)
				return -1;
		if (v == 0)
			seg[0] = sc.winner;
		else if (sc.winner != seg[n]) {
			if (n == DK_DD_STEPS_MAX)
				return -1;
			at[n++] = v;
			seg[n] = sc.winner;
		}
	}
	return n;
}

/* how many of the card points at[] (winner_steps) v reaches: the
 * winner's segment */
static int segment_of(const int *at, int steps, int v)
{
	int k = 0;
	while (k < steps && at[k] <= v)
		k++;
	return k;
}

/*
 * Who wins with best play at p (Re's card points now: now), where the
 * winner changes at the card points at[] (winner_steps), known to end
 * between lo and hi: null-window questions at those points, halving,
 * each bounding the value by what it found (fail-soft); *segment how
 * many of at[] it reaches; false where one went over the limit.
 */
static bool winner_at(dk_dd *dd, const pos *p, int now, const int *at, int steps, int lo,
		      int hi, int *segment)
{
	if (lo < now)
		lo = now;                   /* Re's card points at the end */
	if (hi > now + p->left)
		hi = now + p->left;
	int a = 0, b = steps;               /* how many of at[] they reach */
	while (a < b) {
		int mid = (a + b) / 2;
		if (at[mid] <= lo) {
			a = mid + 1;
			continue;
		}
		if (at[mid] > hi) {
			b = mid;
			continue;
		}
		int need = at[mid] - now;
		int v = dd_ab(dd, p, need - 1, need);
		if (dd->stopped)
			return false;
		if (v >= need) {
			a = mid + 1;
			lo = now + v;
		} else {
			b = mid;
			hi = now + v;
		}
	}
	*segment = a;
	return true;
}

/*
 * Where the limit ended the analysis at `first`: who wins with best play
 * at each position before it, back to `from` (see dk_dd_game.early_winner).
 * Only on which side of the targets the value lies is asked, and most
 * positions are far from them.  Each question may take a share of the
 * limit (DK_DD_EARLY_SHARE), all of them together the limit.  The card
 * played from a position bounds its value by the one after it (the
 * player could play it: no less for Re where Re's side plays it, no
 * more where Kontra's does), so where who wins after it is known, the
 * questions that bound answers are not asked: where the card was legal
 * and the question stayed the same (dd_leads_to).
 */
static void early_winners(dk_dd *dd, dk_dd_game *out, const dk_game *g, const dk_rules *r,
			  const dk_replay *full, const dk_score_input *whole, dk_replay *rp,
			  int from, int first, dk_party at_first, int value_first)
{
	/* in a marriage up to its clarifying trick who wins on a line
	 * depends on who becomes the partner on it, not on card points
	 * alone (the analysis's own winners replay the line: line_outcome) */
	if (full->type == DK_GT_MARRIAGE) {
		if (full->clarified_trick == 0)
			return;
		if (from < 4 * full->clarified_trick)
			from = 4 * full->clarified_trick;
	}
	if (!out->limited || out->stopped || out->ramsch || first <= from)
		return;
	int all = out->taken[DK_PARTY_NONE] + out->taken[DK_PARTY_RE] +
		  out->taken[DK_PARTY_KONTRA];
	int at[DK_DD_STEPS_MAX];
	dk_party seg[DK_DD_STEPS_MAX + 1];
	int steps = winner_steps(whole, r, all, at, seg);
	if (steps < 0)
		return;
	/* each position found, printed (dd_position_print): the card after a
	 * position bounds it only where it was legal there and the question
	 * stayed (a revoke may gain its player more than any legal card; a
	 * declaration of swines changes the order) */
	uint64_t print[DK_LINE_MAX + 1];
	{
		size_t events;
		pos p;
		if (!replay_to(dd, rp, g, r, full, first, &events) || !dd_game_at(dd, &p, rp))
			return;
		print[first] = dd_position_print(dd, &p);
	}
	out->early_asked = first - from;
	out->early_found[first] = true;
	out->early_winner[first] = at_first;
	int segment[DK_LINE_MAX + 1];   /* of each position found */
	segment[first] = segment_of(at, steps, value_first);
	long limit = dd->limit, budget = dd->limit;
	/* first each position with a share of the limit, then those not
	 * found with what is left, shared out among them (the table keeps
	 * what their first questions found) */
	for (int pass = 0; pass < 2 && budget > 0 && !out->early_stopped; pass++) {
		int open = 0;
		for (int n = from; n < first; n++)
			open += !out->early_found[n] && !out->irregular_at[n];
		for (int n = first - 1; n >= from && budget > 0 && open > 0; n--) {
			/* a position that cannot be searched is passed over
			 * (the ones before it can) */
			if (out->early_found[n] || out->irregular_at[n])
				continue;
			size_t events;
			if (!replay_to(dd, rp, g, r, full, n, &events))
				break;
			pos p;
			if (!dd_game_at(dd, &p, rp))
				break;
			int now[3];
			dd_points_now(now, rp);
			long share = pass == 0 ? limit / DK_DD_EARLY_SHARE : budget / open;
			dd->limit = share > 0 ? share : 1;
			if (dd->limit > budget)
				dd->limit = budget;
			open--;
			print[n] = dd_position_print(dd, &p);
			int lo = 0, hi = all;
			if (out->early_found[n + 1] && dd_leads_to(dd, &p, print[n + 1])) {
				int after = segment[n + 1];
				if (dd->maxer[p.turn])
					lo = after > 0 ? at[after - 1] : 0;
				else
					hi = after < steps ? at[after] - 1 : all;
			}
			bool found = winner_at(dd, &p, now[DK_PARTY_RE], at, steps, lo, hi,
					       &segment[n]);
			if (found)
				out->early_winner[n] = seg[segment[n]];
			budget -= dd->nodes;
			out->early_nodes += dd->nodes;
			dd->at.nodes += dd->nodes;
			if (__atomic_load_n(&dd->halt, __ATOMIC_RELAXED)) {
				out->early_stopped = true;
				break;
			}
			out->early_found[n] = found;
			out->early_known += found;
		}
	}
	dd->limit = limit;
	dd->stopped = false;
	for (int n = from + 1; n <= first; n++) {
		dk_dd_card *c = &out->card[n - 1];
		card_played(c, full, n);
		c->winner_before = out->early_winner[n - 1];
		c->winner_after = c->winner_after_card = out->early_winner[n];
		if (out->early_found[n - 1] && out->early_found[n] &&
		    c->winner_before != c->winner_after)
			out->early_changed++;
	}
}

/* FNV-1a, a word at a time (dk_dd_game_print, order_print) */
static uint64_t print_word(uint64_t h, uint64_t w)
{
	return (h ^ w) * 0x100000001b3ull;
}

/* the card order o added to h, field by field (no padding hashed) */
static uint64_t order_print(uint64_t h, const dk_order *o)
{
	h = print_word(h, (uint64_t)o->kind);
	for (int k = 0; k < DK_CARD_KINDS; k++)
		h = print_word(h, (uint64_t)(unsigned char)o->trump[k]);
	h = print_word(h, (uint64_t)o->h10_trump | (uint64_t)o->tie << 1 |
			  (uint64_t)o->swines << 8 | (uint64_t)o->hyperswines << 9 |
			  (uint64_t)o->swines_declared << 10 |
			  (uint64_t)o->h10_first_with_swines << 11 |
			  (uint64_t)o->reversed << 12);
	return print_word(h, (uint64_t)o->trump_ace << 8 | (uint64_t)o->hyperswine);
}

/*
 * rp's position solved into v (guess: the value after the card played
 * from it), its positions counted into out's; false where it went over
 * the limit or the analysis was stopped (out->limited, out->stopped): a
 * stop while its line was sought may cut the line short, so the position
 * is left for the next analysis (its value is in the table).
 */
static bool solve_here(dk_dd *dd, dk_dd_game *out, dk_dd_value *v, const dk_replay *rp,
		       int guess)
{
	dd_solve_re(dd, v, rp, guess);
	out->nodes += v->nodes;
	dd->at.nodes = out->nodes;
	bool halted = __atomic_load_n(&dd->halt, __ATOMIC_RELAXED) != 0;
	if (!v->settled || halted) {
		out->limited = true;
		out->stopped = halted;
		return false;
	}
	return true;
}

/*
 * The position after card n solved under the card order before it (the
 * order changed with it: swines, hyperswines or Genscher declared after
 * it), into v: the player chose the card under that order, so its cost
 * is weighed there.  Its print into *to (for dd_leads_to).  false where
 * it went over the limit or was stopped (out->limited, out->stopped), or
 * its hands do not match (out->irregular).  alt: a replay to work in;
 * rp: the position before card n, whose order it takes.
 */
static bool kept_after(dk_dd *dd, dk_dd_game *out, dk_replay *alt, dk_dd_value *v,
		       const dk_replay *rp, const dk_game *g, const dk_rules *r,
		       const dk_replay *full, const dk_score_input *whole, int n, int guess,
		       uint64_t *to, dk_party *winner)
{
	size_t events;
	if (!replay_to(dd, alt, g, r, full, n, &events))
		return false;
	alt->order = rp->order;
	pos q;
	if (!dd_game_at(dd, &q, alt)) {
		out->irregular = true;
		return false;
	}
	*to = dd_position_print(dd, &q);
	if (!solve_here(dd, out, v, alt, guess))
		return false;
	/* who wins on that line: the game's events up to card n itself, not
	 * the declaration after it, so that the engine plays the line under
	 * the order before as the solver did */
	size_t upto = events_through(g, n - 1);
	while (upto < g->event_count && g->events[upto].kind != DK_EV_CARD)
		upto++;
	int specials;
	line_outcome(g, upto + 1, &v->line, alt, full, whole, r, winner, &specials);
	return true;
}

/*
 * The positions are solved from the last card back to the first: the
 * table then holds the ends of the game when its beginnings are searched,
 * and each guess is the value after the card (most cards keep it).  When a
 * position goes over the solver's limit, the analysis starts after it.  A
 * position that cannot be searched is passed over; the one before it
 * guesses for itself.
 */
void dk_dd_analyse(dk_dd *dd, dk_dd_game *out, const dk_game *g, const dk_rules *r,
		   int last_tricks)
{
	memset(out, 0, sizeof(*out));
	out->limit = dd->limit;
	dk_replay *full = malloc(sizeof(*full));
	dk_replay *rp = malloc(sizeof(*rp));
	dk_replay *alt = malloc(sizeof(*alt));
	dk_dd_value *v = malloc(sizeof(*v));
	if (!full || !rp || !alt || !v)
		goto done;
	dk_replay_run(full, g, r);
	if (full->type == DK_GT_THROWN_IN || full->type == DK_GT_REDEAL ||
	    full->cards_played == 0 || full->cards_played > DK_LINE_MAX)
		goto done;
	out->ramsch = full->type == DK_GT_RAMSCH;
	dk_score_input whole;
	dk_score_input_from_replay(&whole, full, g);
	dk_score s;
	dk_score_compute(&s, &whole, r);
	memcpy(out->target, s.target, sizeof(out->target));
	dd_points_now(out->taken, full);
	int asked = last_tricks > 0 && last_tricks < full->hand_size
		    ? 4 * (full->hand_size - last_tricks) : 0;
	int last = full->cards_played;
	int val[DK_LINE_MAX + 1], specials[DK_LINE_MAX + 1];
	dk_party win[DK_LINE_MAX + 1];
	/* by position: its print (dd_position_print), whether the card the
	 * record has next was a legal card there under the same question
	 * (dd_leads_to), and who was to play it */
	uint64_t print[DK_LINE_MAX + 1];
	bool in_play[DK_LINE_MAX + 1];
	int mover[DK_LINE_MAX + 1];
	/* where the card order changed with card n (swines, hyperswines or
	 * Genscher declared after it): the position after it solved under
	 * the order before it, which its cost is weighed by */
	bool changed[DK_LINE_MAX + 1];
	int kept[DK_LINE_MAX + 1];
	dk_party win_kept[DK_LINE_MAX + 1];
	uint64_t order_after = 0;
	int first = last + 1;
	dd->at = (dk_dd_progress){ .cards = last, .from = asked };
	dd->telling = dd->progress;
	__atomic_store_n(&dd->halt, 0, __ATOMIC_RELAXED);
	int n;
	for (n = last; n >= asked; n--) {
		dd_tt_grow(dd);
		size_t events;
		if (!replay_to(dd, rp, g, r, full, n, &events))
			break;
		/* a position that cannot be searched is passed over: the ones
		 * before it can (a card out of turn made up spoils only the
		 * positions of its trick; a card the hand did not hold, the
		 * ones after it) */
		if (!dk_replay_hands_match(rp) || !dk_replay_turns_match(rp)) {
			out->irregular = true;
			out->irregular_at[n] = true;
			out->irregular_count++;
			continue;
		}
		/* the position after this one's card, where it was searched:
		 * its value is the guess, its print what the card leads to;
		 * else the position guesses for itself (dd_solve_re) */
		bool next = n < last && !out->irregular_at[n + 1];
		uint64_t order = order_print(0, &rp->order);
		int guess = n == last ? out->taken[DK_PARTY_RE] : next ? val[n + 1] : -1;
		uint64_t to = next ? print[n + 1] : 0;
		if (n < last) {
			changed[n + 1] = next && order != order_after;
			if (changed[n + 1]) {
				if (!kept_after(dd, out, alt, v, rp, g, r, full, &whole, n + 1, guess,
						&to, &win_kept[n + 1]))
					break;
				guess = kept[n + 1] = v->points[DK_PARTY_RE];
			}
		}
		order_after = order;
		pos p;
		if (!dd_game_at(dd, &p, rp))
			break;
		print[n] = dd_position_print(dd, &p);
		in_play[n] = next && dd_leads_to(dd, &p, to);
		mover[n] = rp->next_seat;
		if (!solve_here(dd, out, v, rp, guess))
			break;
		val[n] = v->points[DK_PARTY_RE];
		out->line[n] = v->line;
		for (int i = 0; i < v->line.count; i++)
			out->line[n].seats[i] = rp->seats[v->line.seats[i]];
		line_outcome(g, events, &v->line, rp, full, &whole, r, &win[n],
			     &specials[n]);
		first = n;
	}
	if (out->limited)
		out->over = n;
	/* the positions before the one the analysis ended at that cannot be
	 * searched either: marked all the same, whatever the limit, so that
	 * the report names them and the questions before `first` pass over
	 * them (early_winners) */
	for (int k = n - 1; k >= asked; k--) {
		size_t events;
		if (!replay_to(dd, rp, g, r, full, k, &events))
			break;
		if (!dk_replay_hands_match(rp) || !dk_replay_turns_match(rp)) {
			out->irregular = true;
			out->irregular_at[k] = true;
			out->irregular_count++;
		}
	}
	if (first >= last)
		goto done;
	early_winners(dd, out, g, r, full, &whole, rp, asked, first, win[first], val[first]);
	out->first = first;
	out->start = val[first];
	out->start_specials = specials[first];
	out->cards = last;
	for (n = first + 1; n <= last; n++) {
		dk_dd_card *c = &out->card[n - 1];
		int t = (n - 1) / 4;
		card_played(c, full, n);
		/* played before the marriage was clarified (the clarifying
		 * trick's cards too): the value before it took the partner the
		 * game found */
		c->parties_assumed = full->type == DK_GT_MARRIAGE &&
			(full->clarified_trick == 0 || t + 1 <= full->clarified_trick);
		/* a side not searched: the card has what the other side has */
		c->unsolved = out->irregular_at[n - 1] || out->irregular_at[n];
		if (c->unsolved) {
			c->before = out->irregular_at[n - 1] ? -1 : val[n - 1];
			c->after = c->after_card = out->irregular_at[n] ? -1 : val[n];
			c->specials_after = out->irregular_at[n] ? 0 : specials[n];
			c->best = DK_CARD_NONE;
			c->winner_before = c->winner_after = c->winner_after_card = DK_PARTY_NONE;
			continue;
		}
		c->before = val[n - 1];
		c->after = val[n];
		c->order_changed = changed[n];
		c->after_card = changed[n] ? kept[n] : val[n];
		/* Re's points: Re wants them up, Kontra down (turned round in a
		 * Ramsch); under the order the player chose the card in */
		int lost = (c->party == DK_PARTY_RE) != out->ramsch ? c->before - c->after_card
								      : c->after_card - c->before;
		/* another seat was to play: the value before is that of its
		 * choices, not this player's */
		c->out_of_turn = c->seat != mover[n - 1];
		c->cost = lost > 0 && !c->out_of_turn ? lost : 0;
		/* the card itself only where it was a legal card there (not a
		 * revoke; where the order changed after it, legal under the
		 * order before) */
		const dk_line *l = &out->line[n - 1];
		c->best = c->out_of_turn ? DK_CARD_NONE
			  : c->cost == 0 && in_play[n - 1] ? c->card
			  : l->count > 0 ? l->cards[0] : DK_CARD_NONE;
		c->specials_after = specials[n];
		c->winner_before = win[n - 1];
		c->winner_after = win[n];
		c->winner_after_card = changed[n] ? win_kept[n] : win[n];
		if (c->cost > 0) {
			out->costly++;
			if (c->winner_after_card != c->winner_before)
				out->winner_changed = true;
		}
	}
	out->analysed = true;
done:
	dd->telling = NULL;
	__atomic_store_n(&dd->halt, 0, __ATOMIC_RELAXED);
	free(full);
	free(rp);
	free(alt);
	free(v);
}


uint64_t dk_dd_game_print(const dk_game *g, const dk_rules *r)
{
	uint64_t h = print_word(0xcbf29ce484222325ull, dk_game_id(g));
	dk_replay *rp = malloc(sizeof(*rp));
	if (!rp)
		return 0;
	dk_replay_run(rp, g, r);
	int cards = rp->cards_played;
	h = print_word(h, (uint64_t)rp->type);
	h = print_word(h, (uint64_t)rp->hand_size);
	for (int i = 0; i < 4; i++)
		h = print_word(h, (uint64_t)rp->party[i]);
	/* the order at every position, field by field (no padding hashed) */
	for (int n = 0; n <= cards; n++) {
		dk_game cut = *g;
		cut.event_count = events_through(g, n);
		dk_replay_run(rp, &cut, r);
		h = order_print(h, &rp->order);
	}
	free(rp);
	return h;
}

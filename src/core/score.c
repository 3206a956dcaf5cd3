/*
 * score.c - who won and what the game is worth; see score.h.
 *
 * Winning follows TSR 7.1, which the house sets share (TSR 7.1.1): a
 * party that announced a limit needs 151/181/211 card points or every
 * trick; otherwise it wins with 90/60/30 or one trick against the
 * opponents' limit, else with 121 (Re) and 120 (Kontra) - 120 for Re when
 * only Kontra was said, where score.lone_kontra holds.
 *
 * The value is a list of items, each resting on a rule key.  Two models:
 * additive (ddv, ottendorf, esslingen: Re/Kontra worth score.call_points)
 * and doubling (turnier, unsere: the items doubled once per Re/Kontra, the
 * special points added after).  Esslingen's Feigheit and lost
 * counter-announcement are fields of their own, and so is each special
 * point FreeDoko has beyond the TSR's (a fox or both foxes winning the last
 * trick, a fox caught in it, a ♥10 beating the other, a heart trick, both
 * Karlchen, Karlchen caught only by the ♦Q or only once).  Who gets the
 * value in the standings (standings.counting: plus-minus, plus, minus) is
 * dk_score_per_seat's.
 */
#include "score.h"

#include <string.h>

#define FOX DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)
#define KARLCHEN DK_CARD_MAKE(DK_CLUBS, DK_JACK)
#define HEART10 DK_CARD_MAKE(DK_HEARTS, DK_TEN)
#define DIAMOND_QUEEN DK_CARD_MAKE(DK_DIAMONDS, DK_QUEEN)
#define ALL_TRICKS 241

static dk_party other(dk_party p)
{
	return p == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
}

/* the special points of trick k, won by party w, into in */
static void trick_specials(dk_score_input *in, const dk_replay *rp, const dk_trick *k, bool last)
{
	dk_party w = rp->party[k->winner];
	dk_card won_by = k->cards[k->winner_index];
	bool hearts = k->count == DK_PLAYING_SEATS;
	for (int i = 0; i < k->count; i++) {
		dk_party owner = rp->party[k->seats[i]];
		dk_card c = k->cards[i];
		if (c == FOX && owner != w) {
			in->fox[w]++;
			if (last)
				in->fox_caught_last_trick[w]++;
		}
		/* a ♥10 that won against the other one, played by an opponent */
		if (c == HEART10 && won_by == HEART10 && i != k->winner_index && owner != w)
			in->heart10_caught[w]++;
		if (DK_CARD_SUIT(c) != DK_HEARTS || dk_order_is_trump(&rp->order, c))
			hearts = false;
	}
	if (hearts)
		in->heart_trick[w]++;
	if (!last)
		return;
	/* the last trick: a fox (not a swine) or Karlchen wins it, with the
	 * winners' other one in it; Karlchen caught in it */
	bool swine = rp->swines_active && k->winner == rp->swine_seat &&
		     won_by == rp->order.trump_ace;
	if ((won_by == FOX && !swine) || won_by == KARLCHEN) {
		bool both = false;
		for (int i = 0; i < k->count; i++)
			if (i != k->winner_index && k->cards[i] == won_by && rp->party[k->seats[i]] == w)
				both = true;
		if (won_by == FOX) {
			in->fox_last_trick[w] = 1;
			in->fox_last_trick_both[w] = both;
		} else {
			in->karlchen[w]++;
			in->karlchen_both[w] = both;
		}
	}
	for (int i = 0; i < k->count; i++)
		if (k->cards[i] == KARLCHEN && i != k->winner_index && rp->party[k->seats[i]] != w)
			in->karlchen_caught[w]++;
	in->last_trick_diamond_queen = won_by == DIAMOND_QUEEN;
}

void dk_score_input_from_replay(dk_score_input *in, const dk_replay *rp, const dk_game *g)
{
	(void)g;
	memset(in, 0, sizeof(*in));
	in->solo = rp->type == DK_GT_SOLO || rp->type == DK_GT_SILENT_MARRIAGE ||
		   (rp->type == DK_GT_MARRIAGE && rp->alone);
	in->solo_kind = in->solo ? rp->solo : DK_SOLO_NONE;
	in->poverty = rp->type == DK_GT_POVERTY;
	in->poverty_with_marriage = rp->poverty_with_marriage;
	in->ramsch = rp->type == DK_GT_RAMSCH;
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
		in->points[p] = rp->points[p];
		for (int l = 0; l < DK_LEVELS; l++) {
			in->said[p][l] = rp->calls[p].made[l];
			/* Klopfen: each player's announcement counts */
			in->said_count[p][l] = rp->calls_per_player ? rp->said_count[p][l]
								    : in->said[p][l];
		}
	}
	in->first_call = rp->first_caller;
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++)
		in->replied[p] = rp->calls[p].reply + 1;
	for (int t = 0; t < rp->trick_count; t++) {
		const dk_trick *k = &rp->tricks[t];
		dk_party w = rp->party[k->winner];
		in->took_trick[w] = true;
		if (k->points >= 40)
			in->doppelkopf[w]++;
		trick_specials(in, rp, k, t == rp->hand_size - 1);
	}
}

static dk_score_item *item(dk_score *s, dk_score_item_kind kind, dk_party p, int points,
			   const char *key, const dk_rule_source *rule)
{
	if (s->item_count == DK_SCORE_ITEMS)
		return &s->items[DK_SCORE_ITEMS - 1];
	dk_score_item *it = &s->items[s->item_count++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->party = p;
	it->points = points;
	it->rule_key = key;
	it->rule = rule;
	return it;
}

/* the highest limit a party said: 0 none, 1 keine 90 ... 4 schwarz */
static int limit_of(const dk_score_input *in, dk_party p)
{
	int l = 0;
	for (int k = 1; k < DK_LEVELS; k++)
		if (in->said[p][k])
			l = k;
	return l;
}

/* did party p reach target t (ALL_TRICKS: the opponents took no trick;
 * 1 with reach_one_trick: at least one trick) */
static bool reached(const dk_score_input *in, dk_party p, int t)
{
	if (t == ALL_TRICKS)
		return !in->took_trick[other(p)];
	if (t == 0)
		return in->took_trick[p];
	return in->points[p] >= t;
}

/* the highest level a party said, Re/Kontra included: -1 none */
static int highest_of(const dk_score_input *in, dk_party p)
{
	int l = -1;
	for (int k = 0; k < DK_LEVELS; k++)
		if (in->said[p][k])
			l = k;
	return l;
}

/* announce.strict_limit: every announcement is a bid (Re/Kontra of 121);
 * a reply claims what the answered one denied; a party that said nothing
 * wins when the other misses its bid, so where both bid and miss nobody
 * wins (FreeDoko's Game::winnerteam) */
static int strict_target(const dk_score_input *in, dk_party p)
{
	static const int bid[DK_LEVELS] = { 121, 151, 181, 211, ALL_TRICKS };
	static const int claim[DK_LEVELS] = { 120, 90, 60, 30, 0 /* one trick */ };
	if (in->replied[p])
		return claim[in->replied[p] - 1];
	int mine = highest_of(in, p), theirs = highest_of(in, other(p));
	if (mine >= 0)
		return bid[mine];
	if (theirs >= 0)
		return claim[theirs];
	return p == DK_PARTY_RE ? 121 : 120;
}

static int target(const dk_score_input *in, dk_party p, const dk_rules *r)
{
	static const int own[DK_LEVELS] = { 0, 151, 181, 211, ALL_TRICKS };
	static const int against[DK_LEVELS] = { 0, 90, 60, 30, 0 /* one trick */ };
	if (r->announce_strict_limit)
		return strict_target(in, p);
	int mine = limit_of(in, p), theirs = limit_of(in, other(p));
	if (mine)
		return own[mine];
	if (theirs)
		return against[theirs];
	bool only_kontra = in->said[DK_PARTY_KONTRA][0] && !in->said[DK_PARTY_RE][0];
	if (p == DK_PARTY_RE)
		return only_kontra && r->score_lone_kontra ? 120 : 121;
	return only_kontra && r->score_lone_kontra ? 121 : 120;
}

#define SRC(field) (&r->field##_src)

/* how often level l of party p counts: once, or once per player who said
 * it (announce.per_player); an input without counts counts it once */
static int times(const dk_score_input *in, dk_party p, int l)
{
	return in->said_count[p][l] > 1 ? in->said_count[p][l] : 1;
}

/* the items a party p achieved: the opponents under 90 ..., and (where the
 * rules have it) 120/90/60/30 reached against the opponents' limits */
static void achieved(dk_score *s, const dk_score_input *in, dk_party p, const dk_rules *r,
		     int cap)
{
	dk_party o = other(p);
	static const int under[DK_LEVELS] = { 0, 90, 60, 30, 0 };
	for (int l = 1; l < DK_LEVELS; l++) {
		bool hit = l == 4 ? !in->took_trick[o] : in->points[o] < under[l];
		if (!hit)
			continue;
		if (cap >= 0 && l > cap) {
			s->feigheit_capped = true;
			s->feigheit_dropped++;
			continue;
		}
		dk_score_item *it = item(s, DK_SI_UNDER, p, 1, "score.model", SRC(score_model));
		it->level = l;
	}
	if (!r->score_reached_against_limit)
		return;
	static const int needed[DK_LEVELS] = { 0, 120, 90, 60, 30 };
	for (int l = 1; l < DK_LEVELS; l++) {
		if (!in->said[o][l])
			continue;
		if (in->points[p] >= needed[l]) {
			dk_score_item *it = item(s, DK_SI_REACHED, p, 1, "score.reached_against_limit",
						 SRC(score_reached_against_limit));
			it->level = l;
		}
	}
}

static bool against_old_counts(const dk_score_input *in, const dk_rules *r)
{
	switch (r->score_against_old) {
	case DK_AGAINST_OLD_NONE: return false;
	case DK_AGAINST_OLD_NORMAL: return !in->solo && !in->ramsch;
	case DK_AGAINST_OLD_NORMAL_NO_POVERTY:
		return !in->solo && !in->ramsch && (!in->poverty || in->poverty_with_marriage);
	case DK_AGAINST_OLD_ALL: return !in->ramsch;
	case DK_AGAINST_OLD_COUNT: break;
	}
	return false;
}

/* n special points of one kind for party p, each resting on key */
static void special_items(dk_score *s, dk_score_item_kind kind, dk_party p, int n,
			  const char *key, const dk_rule_source *rule)
{
	for (int k = 0; k < n; k++)
		item(s, kind, p, 1, key, rule)->special = true;
}

/* the same for the second card of a pair in one trick */
static void second_items(dk_score *s, dk_score_item_kind kind, dk_party p, int n,
			 const char *key, const dk_rule_source *rule)
{
	for (int k = 0; k < n; k++) {
		dk_score_item *it = item(s, kind, p, 1, key, rule);
		it->special = true;
		it->second = true;
	}
}

/* the special points, each for the party that won it */
static void specials(dk_score *s, const dk_score_input *in, const dk_rules *r)
{
	bool in_solo = in->solo && DK_SET_HAS(r->score_solo_specials, in->solo_kind);
	if ((in->solo && !in_solo) || in->ramsch)
		return;
	for (int i = DK_PARTY_RE; i <= DK_PARTY_KONTRA; i++) {
		dk_party p = (dk_party)i;
		if (r->score_doppelkopf && !in->solo)
			special_items(s, DK_SI_DOPPELKOPF, p, in->doppelkopf[p], "score.doppelkopf",
				      SRC(score_doppelkopf));
		if (r->score_fox)
			special_items(s, DK_SI_FOX, p, in->fox[p], "score.fox", SRC(score_fox));
		if (r->score_fox_caught_last_trick)
			special_items(s, DK_SI_FOX_CAUGHT_LAST_TRICK, p, in->fox_caught_last_trick[p],
				      "score.fox_caught_last_trick", SRC(score_fox_caught_last_trick));
		if (r->score_fox_last_trick) {
			special_items(s, DK_SI_FOX_LAST_TRICK, p, in->fox_last_trick[p],
				      "score.fox_last_trick", SRC(score_fox_last_trick));
			if (r->score_fox_last_trick_both)
				second_items(s, DK_SI_FOX_LAST_TRICK, p, in->fox_last_trick_both[p],
					      "score.fox_last_trick_both",
					      SRC(score_fox_last_trick_both));
		}
		if (r->score_heart10_caught)
			special_items(s, DK_SI_HEART10_CAUGHT, p, in->heart10_caught[p],
				      "score.heart10_caught", SRC(score_heart10_caught));
		if (r->score_heart_trick)
			special_items(s, DK_SI_HEART_TRICK, p, in->heart_trick[p], "score.heart_trick",
				      SRC(score_heart_trick));
		if (r->score_karlchen) {
			special_items(s, DK_SI_KARLCHEN, p, in->karlchen[p], "score.karlchen",
				      SRC(score_karlchen));
			if (r->score_karlchen_both)
				second_items(s, DK_SI_KARLCHEN, p, in->karlchen_both[p],
					      "score.karlchen_both", SRC(score_karlchen_both));
		}
		int caught = in->karlchen_caught[p];
		if (r->score_karlchen_caught_by_diamond_queen && !in->last_trick_diamond_queen)
			caught = 0;
		if (r->score_karlchen_caught && caught > 0) {
			special_items(s, DK_SI_KARLCHEN_CAUGHT, p, 1, "score.karlchen_caught",
				      SRC(score_karlchen_caught));
			if (r->score_karlchen_caught_both)
				second_items(s, DK_SI_KARLCHEN_CAUGHT, p, caught - 1,
					      "score.karlchen_caught_both",
					      SRC(score_karlchen_caught_both));
		}
	}
}

void dk_score_compute(dk_score *s, const dk_score_input *given, const dk_rules *r)
{
	memset(s, 0, sizeof(*s));
	dk_score_input in = *given;
	if (in.ramsch) {
		/* D8: each party is credited with the opponents' card points */
		int t = in.points[DK_PARTY_RE];
		in.points[DK_PARTY_RE] = in.points[DK_PARTY_KONTRA];
		in.points[DK_PARTY_KONTRA] = t;
	}
	s->target[DK_PARTY_RE] = target(&in, DK_PARTY_RE, r);
	s->target[DK_PARTY_KONTRA] = target(&in, DK_PARTY_KONTRA, r);
	bool re_wins = reached(&in, DK_PARTY_RE, s->target[DK_PARTY_RE]);
	bool kontra_wins = reached(&in, DK_PARTY_KONTRA, s->target[DK_PARTY_KONTRA]);
	s->winner = re_wins ? DK_PARTY_RE : kontra_wins ? DK_PARTY_KONTRA : DK_PARTY_NONE;
	s->multiplier = 1;
	s->factor = in.solo ? r->score_solo_factor : 1;
	s->counting = r->standings_counting;
	s->factor_for_all = r->standings_solo_factor_for_all;
	dk_party w = s->winner;

	if (w == DK_PARTY_NONE) {
		/* TSR 7.1.3: what each party achieved, and the special points */
		if (r->score_no_winner == DK_NO_WINNER_LEVELS_AND_SPECIALS) {
			achieved(s, &in, DK_PARTY_RE, r, -1);
			achieved(s, &in, DK_PARTY_KONTRA, r, -1);
		}
	} else {
		item(s, DK_SI_WON, w, 1, "score.model", SRC(score_model));
		/* Feigheit: no more than one level above what the winner said;
		 * nothing said counts as Re/Kontra (D26) */
		int cap = r->score_feigheit ? limit_of(&in, w) + 1 : -1;
		achieved(s, &in, w, r, cap);
		/* the announcements, whoever made them, go to the winner */
		bool solo_points = in.solo && r->score_solo_call_points > 0;
		for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
			/* as often as it was said (announce.per_player), else once */
			int calls = in.said[p][0] ? times(&in, (dk_party)p, 0) : 0;
			for (int k = 0; k < calls &&
			     (r->score_model == DK_SCORE_ADDITIVE || solo_points); k++) {
				int pts = solo_points ? r->score_solo_call_points : r->score_call_points;
				dk_score_item *it = item(s, DK_SI_CALL, w, pts,
							 solo_points ? "score.solo_call_points"
								     : "score.call_points",
							 solo_points ? SRC(score_solo_call_points)
								     : SRC(score_call_points));
				it->detail = (dk_party)p;
			}
			for (int l = 1; l < DK_LEVELS; l++) {
				for (int k = 0; in.said[p][l] && k < times(&in, (dk_party)p, l); k++) {
					dk_score_item *it = item(s, DK_SI_LIMIT, w, 1, "score.model",
								 SRC(score_model));
					it->level = l;
					it->detail = (dk_party)p;
				}
			}
		}
		/* announce.strict_limit: a reply counts one, to the winner, and
		 * doubles nothing */
		for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
			if (!in.replied[p])
				continue;
			dk_score_item *it = item(s, DK_SI_REPLY, w, 1, "announce.strict_limit",
						 SRC(announce_strict_limit));
			it->level = in.replied[p] - 1;
			it->detail = (dk_party)p;
		}
		if (w == DK_PARTY_KONTRA && against_old_counts(&in, r)) {
			dk_score_item *it = item(s, DK_SI_AGAINST_OLD, w, 1, "score.against_old",
						 SRC(score_against_old));
			/* a special point where points are added, part of the value
			 * that is doubled where they are multiplied */
			it->special = r->score_model == DK_SCORE_ADDITIVE ||
				      !r->score_against_old_doubled;
		}
		if (r->score_model == DK_SCORE_DOUBLING && !(in.solo && r->score_solo_call_points)) {
			for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++)
				for (int k = 0; in.said[p][0] && k < times(&in, (dk_party)p, 0); k++)
					s->multiplier *= 2;
		}
		/* esslingen: the party that said its Re/Kontra second lost */
		if (r->score_counter_doubles && in.said[DK_PARTY_RE][0] && in.said[DK_PARTY_KONTRA][0] &&
		    in.first_call != DK_PARTY_NONE && w == in.first_call) {
			s->counter_doubled = true;
			s->multiplier *= 2;
		}
	}
	specials(s, &in, r);

	/* sum: the base (multiplied) and the special points (added after,
	 * except in the additive model where everything is summed first) */
	int base = 0, spec = 0;
	for (int i = 0; i < s->item_count; i++) {
		const dk_score_item *it = &s->items[i];
		int v = it->party == DK_PARTY_RE ? it->points : -it->points;
		if (it->special && r->score_model == DK_SCORE_DOUBLING)
			spec += v;
		else
			base += v;
	}
	s->base = base;
	s->specials = spec;
	s->value = base * s->multiplier + spec;
}

void dk_score_per_seat(long per_seat[DK_MAX_SEATS + 1], const dk_score *s, const dk_replay *rp)
{
	for (int i = 0; i <= DK_MAX_SEATS; i++)
		per_seat[i] = 0;
	long v = s->value;
	/* the party whose players get an entry, and its sign */
	dk_party gets = DK_PARTY_NONE;
	int sign = 1;
	switch (s->counting) {
	case DK_COUNTING_PLUS:
		gets = s->winner != DK_PARTY_NONE ? s->winner
		       : v > 0 ? DK_PARTY_RE : v < 0 ? DK_PARTY_KONTRA : DK_PARTY_NONE;
		break;
	case DK_COUNTING_MINUS:
		gets = s->winner != DK_PARTY_NONE ? other(s->winner)
		       : v < 0 ? DK_PARTY_RE : v > 0 ? DK_PARTY_KONTRA : DK_PARTY_NONE;
		sign = -1;
		break;
	case DK_COUNTING_PLUS_MINUS:
	case DK_COUNTING_COUNT:
		break;
	}
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		dk_party p = rp->party[seat];
		/* the soloist (alone in the Re party) counts factor times */
		bool alone = s->factor > 1 && p == DK_PARTY_RE;
		if (s->counting == DK_COUNTING_PLUS || s->counting == DK_COUNTING_MINUS) {
			if (p != gets)
				continue;
			long a = (v < 0 ? -v : v) * sign;
			per_seat[seat] = alone || (s->factor > 1 && s->factor_for_all) ? a * s->factor : a;
			continue;
		}
		long e = p == DK_PARTY_RE ? v : -v;
		per_seat[seat] = alone ? e * s->factor : e;
	}
}

const char *dk_score_item_name(dk_score_item_kind k)
{
	static const char *const names[DK_SI_KIND_COUNT] = {
		"won", "under", "call", "limit", "reached", "against-old", "doppelkopf", "fox",
		"karlchen", "karlchen-caught", "fox-caught-last-trick", "fox-last-trick",
		"heart10-caught", "heart-trick", "reply",
	};
	return (unsigned)k < DK_SI_KIND_COUNT ? names[k] : NULL;
}

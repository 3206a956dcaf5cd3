/*
 * score.c - who won and what the game is worth; see score.h.
 *
 * Winning follows TSR 7.1, which the house sets share (RULES.md §11): a
 * party that announced a limit needs 151/181/211 card points or every
 * trick; otherwise it wins with 90/60/30 or one trick against the
 * opponents' limit, else with 121 (Re) and 120 (Kontra) - 120 for Re when
 * only Kontra was said, where score.lone_kontra holds.
 *
 * The value is a list of items, each resting on a rule key.  Two models:
 * additive (ddv, ottendorf, esslingen: Re/Kontra worth score.call_points)
 * and doubling (turnier, unsere: the items doubled once per Re/Kontra, the
 * special points added after).  Esslingen's Feigheit and lost
 * counter-announcement are fields of their own.
 */
#include "score.h"

#include <string.h>

#define FOX DK_CARD_MAKE(DK_DIAMONDS, DK_ACE)
#define KARLCHEN DK_CARD_MAKE(DK_CLUBS, DK_JACK)
#define ALL_TRICKS 241

static dk_party other(dk_party p)
{
	return p == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
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
	for (int t = 0; t < rp->trick_count; t++) {
		const dk_trick *k = &rp->tricks[t];
		dk_party w = rp->party[k->winner];
		in->took_trick[w] = true;
		if (k->points >= 40)
			in->doppelkopf[w]++;
		for (int i = 0; i < k->count; i++) {
			dk_party owner = rp->party[k->seats[i]];
			if (k->cards[i] == FOX && owner != w)
				in->fox[w]++;
		}
		if (t == rp->hand_size - 1) {
			/* the last trick: Karlchen wins it, or is caught in it */
			if (k->cards[k->winner_index] == KARLCHEN)
				in->karlchen[w]++;
			for (int i = 0; i < k->count; i++)
				if (k->cards[i] == KARLCHEN && i != k->winner_index &&
				    rp->party[k->seats[i]] != w)
					in->karlchen_caught[w]++;
		}
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

static int target(const dk_score_input *in, dk_party p, const dk_rules *r)
{
	static const int own[DK_LEVELS] = { 0, 151, 181, 211, ALL_TRICKS };
	static const int against[DK_LEVELS] = { 0, 90, 60, 30, 0 /* one trick */ };
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

/* the special points, each for the party that won it */
static void specials(dk_score *s, const dk_score_input *in, const dk_rules *r)
{
	bool in_solo = in->solo && DK_SET_HAS(r->score_solo_specials, in->solo_kind);
	if ((in->solo && !in_solo) || in->ramsch)
		return;
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
		dk_score_item *it;
		if (r->score_doppelkopf && !in->solo)
			for (int k = 0; k < in->doppelkopf[p]; k++) {
				it = item(s, DK_SI_DOPPELKOPF, (dk_party)p, 1, "score.doppelkopf",
					  SRC(score_doppelkopf));
				it->special = true;
			}
		if (r->score_fox)
			for (int k = 0; k < in->fox[p]; k++) {
				it = item(s, DK_SI_FOX, (dk_party)p, 1, "score.fox", SRC(score_fox));
				it->special = true;
			}
		if (r->score_karlchen)
			for (int k = 0; k < in->karlchen[p]; k++) {
				it = item(s, DK_SI_KARLCHEN, (dk_party)p, 1, "score.karlchen",
					  SRC(score_karlchen));
				it->special = true;
			}
		if (r->score_karlchen_caught)
			for (int k = 0; k < in->karlchen_caught[p]; k++) {
				it = item(s, DK_SI_KARLCHEN_CAUGHT, (dk_party)p, 1,
					  "score.karlchen_caught", SRC(score_karlchen_caught));
				it->special = true;
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
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		long v = rp->party[seat] == DK_PARTY_RE ? s->value : -s->value;
		/* the soloist (alone in the Re party) counts factor times */
		bool alone = s->factor > 1 && rp->party[seat] == DK_PARTY_RE;
		per_seat[seat] = alone ? v * s->factor : v;
	}
}

const char *dk_score_item_name(dk_score_item_kind k)
{
	static const char *const names[DK_SI_KIND_COUNT] = {
		"won", "under", "call", "limit", "reached", "against-old", "doppelkopf", "fox",
		"karlchen", "karlchen-caught",
	};
	return (unsigned)k < DK_SI_KIND_COUNT ? names[k] : NULL;
}

/*
 * position.c - the game after any card; see position.h.
 *
 * Everything comes from the verdict's replay: its tricks hold every card
 * with its seat in the order played, and the hands it ends with plus the
 * cards each seat played are the hands the play started from (after a
 * poverty's exchange).  The record's events give the announcements and
 * declarations between the cards.
 */
#include "position.h"

#include <string.h>

int dk_position_total(const dk_verdict *v)
{
	return v->rp.cards_played;
}

/* the trick and the index in it of card number n (1-based) */
static const dk_trick *trick_of(const dk_replay *rp, int n, int *index, int *number)
{
	int seen = 0;
	int count = rp->trick_count + (rp->trick_count < DK_MAX_TRICKS &&
				       rp->tricks[rp->trick_count].count > 0);
	for (int t = 0; t < count; t++) {
		const dk_trick *tr = &rp->tricks[t];
		if (n <= seen + tr->count) {
			*index = n - seen - 1;
			*number = t + 1;
			return tr;
		}
		seen += tr->count;
	}
	return NULL;
}

/* who could be known to be of which party after the cards and events so far */
static void known_parties(dk_position *p, const dk_verdict *v)
{
	const dk_replay *rp = &v->rp;
	const dk_game *g = v->game;
	memset(p->known, 0, sizeof(p->known));
	switch (rp->type) {
	case DK_GT_SOLO:
	case DK_GT_POVERTY:
		/* declared before the first card */
		for (int k = 0; k < DK_PLAYING_SEATS; k++)
			p->known[rp->seats[k]] = rp->party[rp->seats[k]];
		return;
	case DK_GT_MARRIAGE:
		p->known[rp->declarer] = DK_PARTY_RE;
		if (rp->alone || (rp->clarified_trick &&
				  (p->trick > rp->clarified_trick ||
				   (p->trick == rp->clarified_trick && p->trick_done))))
			for (int k = 0; k < DK_PLAYING_SEATS; k++)
				p->known[rp->seats[k]] = rp->party[rp->seats[k]];
		return;
	default:
		break;
	}
	/* a normal game (or one that looks like it): a ♣Q played or an
	 * announcement shows a player's party */
	int queens[DK_MAX_SEATS + 1] = { 0 };
	dk_card cq = DK_CARD_MAKE(DK_CLUBS, DK_QUEEN);
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		for (int i = 0; i < p->played_n[s]; i++)
			if (p->played[s][i] == cq)
				queens[s]++;
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		if (queens[s])
			p->known[s] = DK_PARTY_RE;
	for (size_t i = 0; i < p->events; i++) {
		const dk_event *e = &g->events[i];
		if (e->kind != DK_EV_ANNOUNCE || e->seat < 1 || e->seat > DK_MAX_SEATS)
			continue;
		if (e->call == DK_CALL_RE)
			p->known[e->seat] = DK_PARTY_RE;
		else if (e->call == DK_CALL_KONTRA)
			p->known[e->seat] = DK_PARTY_KONTRA;
		else if (!p->known[e->seat])
			p->known[e->seat] = rp->party[e->seat];
	}
	/* both Re players known, or one holding both ♣Q: the rest are Kontra;
	 * two Kontra players known: the rest are Re */
	int re = 0, kontra = 0;
	bool both_queens = false;
	for (int k = 0; k < DK_PLAYING_SEATS; k++) {
		int s = rp->seats[k];
		re += p->known[s] == DK_PARTY_RE;
		kontra += p->known[s] == DK_PARTY_KONTRA;
		both_queens |= queens[s] == 2;
	}
	dk_party rest = re == 2 || both_queens ? DK_PARTY_KONTRA
		      : kontra == 2 ? DK_PARTY_RE : DK_PARTY_NONE;
	if (rest != DK_PARTY_NONE)
		for (int k = 0; k < DK_PLAYING_SEATS; k++)
			if (!p->known[rp->seats[k]])
				p->known[rp->seats[k]] = rest;
}

void dk_position_at(dk_position *out, const dk_verdict *v, int card)
{
	const dk_replay *rp = &v->rp;
	const dk_game *g = v->game;
	dk_position *p = out;
	memset(p, 0, sizeof(*p));
	p->total = rp->cards_played;
	if (card < 0)
		card = 0;
	if (card > p->total)
		card = p->total;
	p->card = card;

	/* the hands at the start: what each seat ends with and all it played */
	int played_all[DK_MAX_SEATS + 1] = { 0 };
	dk_card all[DK_MAX_SEATS + 1][DK_POS_HAND];
	for (int s = 1; s <= DK_MAX_SEATS; s++) {
		int n = rp->hand_n[s] < DK_POS_HAND ? rp->hand_n[s] : DK_POS_HAND;
		memcpy(all[s], rp->hand[s], (size_t)n * sizeof(dk_card));
		played_all[s] = n;
	}
	int seen = 0;
	for (int t = 0; t < DK_MAX_TRICKS && seen < p->total; t++) {
		const dk_trick *tr = &rp->tricks[t];
		for (int i = 0; i < tr->count && seen < p->total; i++, seen++) {
			int s = tr->seats[i];
			bool now = seen < card;
			if (s < 1 || s > DK_MAX_SEATS)
				continue;
			if (now && p->played_n[s] < DK_POS_HAND)
				p->played[s][p->played_n[s]++] = tr->cards[i];
			if (!now && played_all[s] < DK_POS_HAND)
				all[s][played_all[s]++] = tr->cards[i];
		}
	}
	for (int s = 1; s <= DK_MAX_SEATS; s++) {
		memcpy(p->hand[s], all[s], (size_t)played_all[s] * sizeof(dk_card));
		p->hand_n[s] = played_all[s];
		dk_order_sort(&rp->order, p->hand[s], p->hand_n[s]);
	}

	/* tricks taken and the trick on the table */
	for (int t = 0; t < rp->trick_count; t++) {
		const dk_trick *tr = &rp->tricks[t];
		int end = 0;
		for (int u = 0; u <= t; u++)
			end += rp->tricks[u].count;
		if (end > card)
			break;
		p->tricks_won[tr->winner]++;
		p->points_won[tr->winner] += tr->points;
		p->party_points[rp->party[tr->winner]] += tr->points;
	}
	int index = 0;
	p->table = card ? trick_of(rp, card, &index, &p->trick) : NULL;
	if (p->table) {
		p->table_n = index + 1;
		p->trick_done = p->table_n == 4;
		p->table_best = dk_order_winner(&rp->order, p->table->cards, p->table_n,
						p->trick == rp->hand_size);
	}
	/* whose turn: the next card's seat as played */
	int next_index = 0, next_trick = 0;
	const dk_trick *nt = card < p->total ? trick_of(rp, card + 1, &next_index, &next_trick)
					     : NULL;
	p->next_seat = nt ? nt->seats[next_index] : 0;

	/* the events up to this card: those before card+1 */
	int cards = 0;
	size_t i = 0;
	for (; i < g->event_count; i++) {
		if (g->events[i].kind == DK_EV_CARD) {
			if (cards == card)
				break;
			cards++;
		}
	}
	p->events = i;
	while (p->findings < rp->finding_count && rp->findings[p->findings].card <= card)
		p->findings++;
	known_parties(p, v);
}

int dk_position_next_finding(const dk_verdict *v, int from)
{
	for (int i = 0; i < v->rp.finding_count; i++)
		if (v->rp.findings[i].card > from)
			return v->rp.findings[i].card;
	return 0;
}

int dk_position_prev_finding(const dk_verdict *v, int from)
{
	int best = 0;
	for (int i = 0; i < v->rp.finding_count; i++)
		if (v->rp.findings[i].card > 0 && v->rp.findings[i].card < from)
			best = v->rp.findings[i].card;
	return best;
}

/*
 * foreign.c - dokoref's score against another program's; see foreign.h.
 */
#include "foreign.h"

#include <string.h>

typedef struct known {
	const char *name;            /* FreeDoko's special point */
	dk_score_item_kind kind;
	int level;
} known;

/* FreeDoko's names of what dokoref also scores (formats/freedoko.md §4.1) */
static const known known_items[] = {
	{ "won", DK_SI_WON, 0 },
	{ "no 90", DK_SI_UNDER, 1 }, { "no 60", DK_SI_UNDER, 2 },
	{ "no 30", DK_SI_UNDER, 3 }, { "no 0", DK_SI_UNDER, 4 },
	{ "no 120 said", DK_SI_CALL, 0 },
	{ "no 90 said", DK_SI_LIMIT, 1 }, { "no 60 said", DK_SI_LIMIT, 2 },
	{ "no 30 said", DK_SI_LIMIT, 3 }, { "no 0 said", DK_SI_LIMIT, 4 },
	{ "got 120 against no 90", DK_SI_REACHED, 1 }, { "got 90 against no 60", DK_SI_REACHED, 2 },
	{ "got 60 against no 30", DK_SI_REACHED, 3 }, { "got 30 against no 0", DK_SI_REACHED, 4 },
	{ "contra won", DK_SI_AGAINST_OLD, 0 },
	{ "Doppelkopf", DK_SI_DOPPELKOPF, 0 },
	{ "caught fox", DK_SI_FOX, 0 },
	{ "caught fox last trick", DK_SI_FOX_CAUGHT_LAST_TRICK, 0 },
	{ "fox last trick", DK_SI_FOX_LAST_TRICK, 0 },
	{ "dolle caught dolle", DK_SI_HEART10_CAUGHT, 0 },
	{ "heart trick", DK_SI_HEART_TRICK, 0 },
	{ "no 120 reply said", DK_SI_REPLY, 0 }, { "no 90 reply said", DK_SI_REPLY, 1 },
	{ "no 60 reply said", DK_SI_REPLY, 2 }, { "no 30 reply said", DK_SI_REPLY, 3 },
	{ "no 0 reply said", DK_SI_REPLY, 4 },
	{ "charlie", DK_SI_KARLCHEN, 0 },
	{ "caught charlie", DK_SI_KARLCHEN_CAUGHT, 0 },
	{ NULL, 0, 0 }
};

typedef struct option_of {
	const char *name;
	const char *option;
} option_of;

/* FreeDoko's special points dokoref has no item for, with the option that
 * makes them (none left: every extra point of FreeDoko's is a rule key) */
static const option_of options[] = {
	{ NULL, NULL }
};

const char *dk_foreign_option_of(const char *name)
{
	for (size_t i = 0; options[i].name; i++)
		if (strcmp(options[i].name, name) == 0)
			return options[i].option;
	return NULL;
}

static const known *find_known(const char *name)
{
	for (size_t i = 0; known_items[i].name; i++)
		if (strcmp(known_items[i].name, name) == 0)
			return &known_items[i];
	return NULL;
}

static dk_cmp_diff *diff(dk_cmp *c, dk_cmp_kind kind)
{
	if (c->count == DK_CMP_MAX)
		return NULL;
	dk_cmp_diff *d = &c->diffs[c->count++];
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	return d;
}

void dk_foreign_compare(dk_cmp *out, const dk_score *sc, const dk_replay *rp,
			const dk_foreign_score *fs)
{
	dk_foreign_compare_bock(out, sc, rp, fs, 0);
}

void dk_foreign_compare_bock(dk_cmp *out, const dk_score *sc, const dk_replay *rp,
			     const dk_foreign_score *fs, long bock_ours)
{
	memset(out, 0, sizeof(*out));
	dk_cmp_diff *d;

	/* who won each trick */
	for (int t = 0; t < fs->trick_count && t < rp->trick_count; t++)
		if (fs->trick_winner[t] && fs->trick_winner[t] != rp->tricks[t].winner &&
		    (d = diff(out, DK_CMP_TRICK))) {
			d->level = t + 1;
			d->ours = rp->tricks[t].winner;
			d->theirs = fs->trick_winner[t];
		}
	if (!fs->has_summary) {
		out->winner_agrees = out->value_agrees = true;
		goto explain;
	}

	/* parties and card points */
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		if (fs->party[seat] != DK_PARTY_NONE && fs->party[seat] != rp->party[seat] &&
		    (d = diff(out, DK_CMP_PARTY))) {
			d->seat = seat;
			d->ours = rp->party[seat];
			d->theirs = fs->party[seat];
		}
	}
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++)
		if (fs->points[p] >= 0 && fs->points[p] != rp->points[p] &&
		    (d = diff(out, DK_CMP_POINTS))) {
			d->party = (dk_party)p;
			d->ours = rp->points[p];
			d->theirs = fs->points[p];
		}

	/* the winner */
	out->winner_agrees = sc->winner == fs->winner;
	if (!out->winner_agrees && (d = diff(out, DK_CMP_WINNER))) {
		d->ours = sc->winner;
		d->theirs = fs->winner;
		d->loc = fs->loc;
	}

	/* the items: each of theirs against an unused one of ours */
	bool used[DK_SCORE_ITEMS] = { false };
	int doublings = 0;
	for (int m = sc->multiplier; m > 1 && !sc->counter_doubled; m /= 2)
		doublings++;
	int explained = 0;      /* for Re: the value of the items dokoref has no rule for */
	for (size_t i = 0; i < fs->item_count; i++) {
		const dk_foreign_item *it = &fs->items[i];
		const known *k = find_known(it->name);
		if (!k) {
			if (strcmp(it->name, "solo") == 0)
				continue;  /* a marker: the soloist's factor */
			if ((d = diff(out, DK_CMP_ONLY_THEIRS))) {
				d->party = it->party;
				d->theirs = it->value;
				d->name = it->name;
				d->option = dk_foreign_option_of(it->name);
				d->loc = it->loc;
			}
			if (dk_foreign_option_of(it->name))
				explained += it->party == DK_PARTY_RE ? it->value : -it->value;
			continue;
		}
		int match = -1;
		for (int j = 0; j < sc->item_count && match < 0; j++) {
			const dk_score_item *o = &sc->items[j];
			if (!used[j] && o->kind == k->kind && o->level == k->level &&
			    o->party == it->party)
				match = j;
		}
		if (match >= 0) {
			used[match] = true;
			continue;
		}
		/* where Re and Kontra double the value they are no item of dokoref's */
		if (k->kind == DK_SI_CALL && doublings > 0) {
			doublings--;
			continue;
		}
		if ((d = diff(out, DK_CMP_ONLY_THEIRS))) {
			d->party = it->party;
			d->theirs = it->value;
			d->name = it->name;
			d->loc = it->loc;
		}
	}
	for (int j = 0; j < sc->item_count; j++) {
		if (used[j])
			continue;
		const dk_score_item *o = &sc->items[j];
		if ((d = diff(out, DK_CMP_ONLY_OURS))) {
			d->party = o->party;
			d->ours = o->points;
			d->item = o->kind;
			d->level = o->level;
		}
	}

	/* the value, for Re (FreeDoko's is for the winner) */
	long theirs = fs->winner == DK_PARTY_KONTRA ? -fs->value : fs->value;
	long bock = fs->bock > 0 ? fs->bock : 1;
	if (bock_ours > 0) {
		/* dokoref's own Bock: a multiplier of its own is a difference, and
		 * the value differs by it and by the explained items */
		bool bock_differs = bock_ours != bock;
		if (bock_differs && (d = diff(out, DK_CMP_BOCK))) {
			d->ours = (int)bock_ours;
			d->theirs = (int)bock;
			d->loc = fs->loc;
		}
		long ours = sc->value * bock_ours;
		out->value_agrees = theirs == ours;
		out->value_explained = !out->value_agrees &&
				       ((sc->value + explained) * bock_ours == theirs ||
					(bock_differs && (sc->value + explained) * bock == theirs));
		if (!out->value_agrees && (d = diff(out, DK_CMP_VALUE))) {
			d->ours = (int)ours;
			d->theirs = (int)theirs;
			d->level = (int)bock_ours;
			d->loc = fs->loc;
		}
		goto explain;
	}
	out->value_agrees = theirs == sc->value;
	out->value_explained = !out->value_agrees && (sc->value + explained) * bock == theirs;
	if (!out->value_agrees && (d = diff(out, DK_CMP_VALUE))) {
		d->ours = sc->value;
		d->theirs = (int)theirs;
		d->level = (int)bock;
		d->option = bock > 1 ? "bock" : NULL;
		d->loc = fs->loc;
	}
explain:
	for (int i = 0; i < out->count; i++) {
		dk_cmp_diff *x = &out->diffs[i];
		if (fs->played_option) {
			if (!x->option)
				x->option = fs->played_option;
			if (x->kind == DK_CMP_VALUE)
				out->value_explained = true;
		}
		bool ok = x->option != NULL;
		if (x->kind == DK_CMP_VALUE)
			ok = out->value_explained;
		if (!ok)
			out->unexplained++;
	}
}

/*
 * fmt_doko_play.c - the notation's lines of a game's own course: the hands,
 * the bidding (reservations, solos, marriage, poverty, throw-in) and the
 * play (tricks, announcements, swines, objections), read into the game's
 * events and bids; see fmt_doko_read.c for the walk that hands them the
 * lines, and formats/dokoref-notation.md.  Who played a card that names no
 * player is left to fmt_doko_resolve.c.
 */
#include "fmt_doko_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "card.h"

/* ---- cards --------------------------------------------------------------- */

bool dk_doko_card_parse(dk_card *out, const char *s, size_t len)
{
	if (len == 0 || len > 16)
		return false;
	if (dk_card_parse(out, s, len))
		return true;
	char b[20];
	memcpy(b, s, len);
	b[len] = '\0';
	/* z: Zehn */
	if (doko_lower((unsigned char)b[len - 1]) == 'z' && len >= 2) {
		char t[24];
		memcpy(t, b, len - 1);
		memcpy(t + len - 1, "10", 3);
		if (dk_card_parse(out, t, len + 1))
			return true;
	}
	/* k, p: Kreuz, Pik as one letter ("ka" stays refused: Kreuz-Ass or Karo?) */
	int first = doko_lower((unsigned char)b[0]);
	if ((first == 'k' || first == 'p') && len >= 2) {
		const char *rank = b + 1;
		size_t rn = len - 1;
		if (first == 'k' && doko_lower((unsigned char)rank[0]) == 'a' && rn == 1)
			return false;
		char t[24];
		t[0] = first == 'k' ? 'C' : 'S';
		if (doko_lower((unsigned char)rank[rn - 1]) == 'z') {
			memcpy(t + 1, rank, rn - 1);
			memcpy(t + rn, "10", 3);
			return dk_card_parse(out, t, rn + 2);
		}
		memcpy(t + 1, rank, rn);
		t[rn + 1] = '\0';
		return dk_card_parse(out, t, rn + 1);
	}
	return false;
}

/* ---- play lines ---------------------------------------------------------- */

static dk_event *add_event(dk_doko_reader *r, dk_event_kind kind, dk_loc loc, uint32_t lno)
{
	if (r->nev >= DK_DOKO_MAX_EVENTS) {
		if (r->nev == DK_DOKO_MAX_EVENTS)
			doko_err(r, loc, DK_MSG_NT_TOO_MANY_EVENTS, DK_DOKO_MAX_EVENTS);
		r->nev = DK_DOKO_MAX_EVENTS + 1;
		return NULL;
	}
	GROW(r->ev, r->nev, r->ev_cap);
	r->aux = dk_xrealloc(r->aux, r->ev_cap * sizeof(*r->aux));
	dk_event *e = &r->ev[r->nev];
	memset(e, 0, sizeof(*e));
	memset(&r->aux[r->nev], 0, sizeof(ev_aux));
	e->kind = kind;
	e->loc = loc;
	r->aux[r->nev].line = lno;
	r->nev++;
	return e;
}

static const char *const call_words[DK_CALL_COUNT][8] = {
	[DK_CALL_RE] = { "re", NULL },
	[DK_CALL_KONTRA] = { "kontra", "contra", NULL },
	[DK_CALL_NO90] = { "no90", "keine90", "k90", "u90", NULL },
	[DK_CALL_NO60] = { "no60", "keine60", "k60", "u60", NULL },
	[DK_CALL_NO30] = { "no30", "keine30", "k30", "u30", NULL },
	[DK_CALL_SCHWARZ] = { "schwarz", "black", "no0", "keine0", NULL },
	/* announce.strict_limit's replies */
	[DK_CALL_REPLY_120] = { "reply-120", "erwiderung-120", NULL },
	[DK_CALL_REPLY_90] = { "reply-90", "erwiderung-90", NULL },
	[DK_CALL_REPLY_60] = { "reply-60", "erwiderung-60", NULL },
	[DK_CALL_REPLY_30] = { "reply-30", "erwiderung-30", NULL },
	[DK_CALL_REPLY_0] = { "reply-0", "erwiderung-0", NULL },
};

/* an announcement at t[*i] (one word, or "keine 90" / "no 90"); advances *i */
static dk_call call_at(const tok *t, size_t nt, size_t *i)
{
	const tok *k = &t[*i];
	for (int c = 1; c < DK_CALL_COUNT; c++)
		if (!k->quoted && doko_word_in(k->s, k->n, call_words[c]) >= 0)
			return (dk_call)c;
	if ((doko_word_is(k->s, k->n, "keine") || doko_word_is(k->s, k->n, "no") ||
	     doko_word_is(k->s, k->n, "unter")) && *i + 1 < nt && !k->colon) {
		const tok *v = &t[*i + 1];
		dk_call c = doko_word_is(v->s, v->n, "90") ? DK_CALL_NO90 : doko_word_is(v->s, v->n, "60")
			? DK_CALL_NO60 : doko_word_is(v->s, v->n, "30") ? DK_CALL_NO30
			: doko_word_is(v->s, v->n, "0") ? DK_CALL_SCHWARZ : DK_CALL_NONE;
		if (c != DK_CALL_NONE)
			(*i)++;
		return c;
	}
	return DK_CALL_NONE;
}

static const char *const swine_words[] = { "swines", "swine", "schweinchen", "schweine", NULL };
static const char *const hyperswine_words[] = { "hyperswines", "hyperswine",
						 "hyperschweinchen", "superschweinchen", NULL };
static const char *const genscher_words[] = { "genscher", NULL };
static const char *const wende_words[] = { "wende-genscher", "wendegenscher", NULL };
static const char *const objection_words[] = { "objection", "einspruch", NULL };

/* a play line: one trick, or events between tricks */
void doko_read_play_line(dk_doko_reader *r, const line *l, tok *t, size_t nt)
{
	r->game.has_play = true;
	if (!r->game.play_loc.line)
		r->game.play_loc = t[0].loc;
	size_t i = 0;
	/* "5." or "5)": the trick's number, as a check */
	long want = 0;
	if (nt && !t[0].colon && t[0].n >= 2 && (t[0].s[t[0].n - 1] == '.' || t[0].s[t[0].n - 1] == ')')
	    && doko_parse_long(t[0].s, t[0].n - 1, 1, 99, &want))
		i = 1;
	int cards = 0;
	size_t first = r->nev;
	int trick = r->ntricks + 1;
	dk_loc first_card = DK_LOC_NONE;
	for (; i < nt; i++) {
		tok *k = &t[i];
		int seat = 0;
		if (k->colon) {
			seat = doko_seat_of(r, k);
			if (!seat)
				return;
			if (i + 1 == nt) {
				doko_err(r, k->loc, DK_MSG_NT_MARK_NOTHING, k->s);
				return;
			}
			k = &t[++i];
		}
		dk_card card;
		dk_call call;
		size_t at = i;
		if (!k->quoted && !k->colon && dk_doko_card_parse(&card, k->s, k->n)) {
			if (cards == 4) {
				doko_err(r, k->loc, DK_MSG_NT_FIFTH_CARD, trick, k->s);
				return;
			}
			if (trick > DK_MAX_TRICKS) {
				doko_err(r, k->loc, DK_MSG_NT_TOO_MANY_TRICKS,
				    DK_MAX_TRICKS, trick);
				return;
			}
			dk_event *e = add_event(r, DK_EV_CARD, k->loc, l->no);
			if (!e)
				return;
			e->card = card;
			e->seat = seat;
			r->aux[r->nev - 1].named = seat != 0;
			if (!cards)
				first_card = k->loc;
			cards++;
			continue;
		}
		if ((call = call_at(t, nt, &i)) != DK_CALL_NONE) {
			dk_event *e = add_event(r, DK_EV_ANNOUNCE, k->loc, l->no);
			if (!e)
				return;
			e->call = call;
			e->seat = seat;
			r->aux[r->nev - 1].named = seat != 0;
			r->aux[r->nev - 1].from_next = seat == 0;
			continue;
		}
		i = at;
		bool swine = doko_word_in(k->s, k->n, swine_words) >= 0;
		bool hyper = doko_word_in(k->s, k->n, hyperswine_words) >= 0;
		bool gen = doko_word_in(k->s, k->n, genscher_words) >= 0;
		bool wende = doko_word_in(k->s, k->n, wende_words) >= 0;
		bool obj = doko_word_in(k->s, k->n, objection_words) >= 0;
		if (!k->quoted && doko_word_is(k->s, k->n, "ka")) {
			doko_err(r, k->loc, DK_MSG_NT_KA, k->s);
			return;
		}
		if (k->quoted || !(swine || hyper || gen || wende || obj)) {
			doko_err(r, k->loc, DK_MSG_NT_NOT_A_TOKEN, k->s);
			return;
		}
		dk_event *e = add_event(r, swine ? DK_EV_SWINE : hyper ? DK_EV_HYPERSWINE
					: gen ? DK_EV_GENSCHER : wende
					? DK_EV_WENDE_GENSCHER : DK_EV_OBJECTION, k->loc, l->no);
		if (!e)
			return;
		e->seat = seat;
		r->aux[r->nev - 1].named = seat != 0;
		r->aux[r->nev - 1].from_next = seat == 0 && !obj;
		if (wende) {
			if (i + 1 >= nt || t[i + 1].colon) {
				doko_err(r, k->loc, DK_MSG_NT_NEEDS_PARTNER, k->s);
				return;
			}
			e->partner = doko_seat_of(r, &t[++i]);
			if (!e->partner)
				return;
		}
		if (obj && i + 1 < nt && t[i + 1].quoted) {
			e->text = t[++i].s;
		}
	}
	if (want && cards && want != trick) {
		doko_err(r, t[0].loc, DK_MSG_NT_TRICK_NUMBER, trick, want);
		return;
	}
	if (want && !cards) {
		doko_err(r, t[0].loc, DK_MSG_NT_NUMBERED_NO_CARD);
		return;
	}
	/* an event that takes its seat from the next card needs one on the line */
	for (size_t k = first; k < r->nev; k++) {
		if (!r->aux[k].from_next)
			continue;
		bool card_after = false;
		for (size_t j = k + 1; j < r->nev && !card_after; j++)
			card_after = r->ev[j].kind == DK_EV_CARD;
		if (!card_after) {
			doko_err(r, r->ev[k].loc, DK_MSG_NT_WHO_SAID);
			return;
		}
	}
	for (size_t k = first; k < r->nev; k++)
		r->aux[k].trick = cards ? trick : 0;
	if (cards) {
		trick_info *ti = &r->tricks[r->ntricks++];
		ti->first_ev = first;
		ti->end_ev = r->nev;
		ti->cards = cards;
		ti->loc = first_card;
		ti->end = doko_mkloc(l->no, doko_col_of(l->s, l->s + l->len));
	}
}

/* ---- bidding ------------------------------------------------------------ */

static const char *const healthy_words[] = { "healthy", "gesund", NULL };
static const char *const reservation_words[] = { "reservation", "vorbehalt", NULL };
static const char *const marriage_words[] = { "marriage", "hochzeit", NULL };
static const char *const poverty_words[] = { "poverty", "armut", NULL };
/* what a solo was (TSR 4.1.4): after its kind, before its announcements */
static const char *const solo_as_words[DK_SOLO_AS_COUNT][5] = {
	[DK_SOLO_AS_LUST] = { "lust", "lustsolo", NULL },
	[DK_SOLO_AS_DUTY] = { "duty", "pflicht", "pflichtsolo", NULL },
	[DK_SOLO_AS_FORCED] = { "forced", "vorgef\xc3\xbchrt", "vorgefuehrt", NULL },
};
static const char *const throw_words[] = { "throw-in", "schmeissen", "schmei\xc3\x9f" "en", NULL };
static const char *const pass_words[] = { "poverty-pass", "passes", "gibt", "abgabe", NULL };
static const char *const decline_words[] = { "poverty-decline", "declines", "ablehnen",
					     "lehnt-ab", NULL };
static const char *const accept_words[] = { "poverty-accept", "accepts", "nimmt",
					    "annehmen", NULL };
static const char *const return_words[] = { "poverty-return", "returns", "zur\xc3\xbc" "ck",
					    "zurueck", "r\xc3\xbc" "ckgabe", NULL };
static const char *const report_words[] = { "poverty-report", "reports", "meldet", NULL };

typedef struct solo_word {
	const char *word;
	dk_solo_kind kind;
} solo_word;

static const solo_word solo_words[] = {
	{ "queens", DK_SOLO_QUEENS }, { "damen", DK_SOLO_QUEENS }, { "damensolo", DK_SOLO_QUEENS },
	{ "jacks", DK_SOLO_JACKS }, { "buben", DK_SOLO_JACKS }, { "bubensolo", DK_SOLO_JACKS },
	{ "clubs", DK_SOLO_CLUBS }, { "kreuz", DK_SOLO_CLUBS }, { "kreuzsolo", DK_SOLO_CLUBS },
	{ "spades", DK_SOLO_SPADES }, { "pik", DK_SOLO_SPADES }, { "piksolo", DK_SOLO_SPADES },
	{ "hearts", DK_SOLO_HEARTS }, { "herz", DK_SOLO_HEARTS }, { "herzsolo", DK_SOLO_HEARTS },
	{ "diamonds", DK_SOLO_DIAMONDS }, { "karo", DK_SOLO_DIAMONDS },
	{ "karosolo", DK_SOLO_DIAMONDS },
	{ "pure-clubs", DK_SOLO_PURE_CLUBS }, { "reines-kreuz", DK_SOLO_PURE_CLUBS },
	{ "pure-spades", DK_SOLO_PURE_SPADES }, { "reines-pik", DK_SOLO_PURE_SPADES },
	{ "pure-hearts", DK_SOLO_PURE_HEARTS }, { "reines-herz", DK_SOLO_PURE_HEARTS },
	{ "pure-diamonds", DK_SOLO_PURE_DIAMONDS }, { "reines-karo", DK_SOLO_PURE_DIAMONDS },
	{ "trumps", DK_SOLO_TRUMPS }, { "trumpf", DK_SOLO_TRUMPS }, { "trumpfsolo", DK_SOLO_TRUMPS },
	{ "fleischlos", DK_SOLO_FLEISCHLOS }, { "fleischloser", DK_SOLO_FLEISCHLOS },
	{ "as-solo", DK_SOLO_FLEISCHLOS },
	{ "koehler", DK_SOLO_KOEHLER }, { "k\xc3\xb6hler", DK_SOLO_KOEHLER },
	{ "kings", DK_SOLO_KINGS }, { "koenige", DK_SOLO_KINGS }, { "k\xc3\xb6nige", DK_SOLO_KINGS },
	{ "koenigssolo", DK_SOLO_KINGS }, { "k\xc3\xb6nigssolo", DK_SOLO_KINGS },
	{ "queens-jacks", DK_SOLO_QUEENS_JACKS }, { "damen-buben", DK_SOLO_QUEENS_JACKS },
	{ "kings-jacks", DK_SOLO_KINGS_JACKS }, { "koenige-buben", DK_SOLO_KINGS_JACKS },
	{ "k\xc3\xb6nige-buben", DK_SOLO_KINGS_JACKS },
	{ "kings-queens", DK_SOLO_KINGS_QUEENS }, { "koenige-damen", DK_SOLO_KINGS_QUEENS },
	{ "k\xc3\xb6nige-damen", DK_SOLO_KINGS_QUEENS },
	{ NULL, DK_SOLO_NONE },
};

static dk_solo_kind solo_of(const tok *k)
{
	for (int i = 0; solo_words[i].word; i++)
		if (doko_word_is(k->s, k->n, solo_words[i].word))
			return solo_words[i].kind;
	/* and the record format's own name of every kind */
	for (int i = 1; i < DK_SOLO_KIND_COUNT; i++)
		if (dk_solo_kind_name((dk_solo_kind)i) &&
		    doko_word_is(k->s, k->n, dk_solo_kind_name((dk_solo_kind)i)))
			return (dk_solo_kind)i;
	return DK_SOLO_NONE;
}

static const char *const cond_words[DK_MARRIAGE_COND_COUNT][4] = {
	[DK_MARRIAGE_FIRST_TRICK] = { "first-trick", "erster-stich", NULL },
	[DK_MARRIAGE_FIRST_FEHL_TRICK] = { "first-fehl-trick", "erster-fehlstich", NULL },
	[DK_MARRIAGE_FIRST_TRUMP_TRICK] = { "first-trump-trick", "erster-trumpfstich", NULL },
	[DK_MARRIAGE_FIRST_CLUB_TRICK] = { "first-club-trick", "erster-kreuzstich", NULL },
	[DK_MARRIAGE_FIRST_SPADE_TRICK] = { "first-spade-trick", "erster-pikstich", NULL },
	[DK_MARRIAGE_FIRST_HEART_TRICK] = { "first-heart-trick", "erster-herzstich", NULL },
};

static const char *const reason_words[DK_THROW_REASON_COUNT][5] = {
	[DK_THROW_FIVE_KINGS] = { "five-kings", "f\xc3\xbc" "nf-k\xc3\xb6" "nige",
				  "fuenf-koenige", NULL },
	[DK_THROW_FIVE_NINES] = { "five-nines", "f\xc3\xbc" "nf-neunen", "fuenf-neunen", NULL },
	[DK_THROW_FEW_TRUMPS] = { "few-trumps", "wenig-tr\xc3\xbc" "mpfe", "wenig-truempfe",
				  NULL },
};

/* one bid: t[0] the player, t[1] the word, t[2..n) its arguments */
static void read_bid(dk_doko_reader *r, const tok *t, size_t n)
{
	if (n < 2) {
		doko_err(r, t[0].loc, DK_MSG_NT_BID_FORM);
		return;
	}
	int seat = doko_seat_of(r, &t[0]);
	if (!seat)
		return;
	GROW(r->bids, r->nbids, r->bid_cap);
	dk_bid *b = &r->bids[r->nbids];
	memset(b, 0, sizeof(*b));
	b->seat = seat;
	b->loc = t[0].loc;
	b->trumps = -1;
	const tok *w = &t[1];
	size_t args = 2;
	dk_solo_kind sk = DK_SOLO_NONE;
	if (doko_word_in(w->s, w->n, healthy_words) >= 0) {
		b->kind = DK_BID_HEALTHY;
	} else if (doko_word_in(w->s, w->n, reservation_words) >= 0) {
		b->kind = DK_BID_RESERVATION;
	} else if (doko_word_is(w->s, w->n, "solo") || (sk = solo_of(w)) != DK_SOLO_NONE) {
		b->kind = DK_BID_SOLO;
		if (doko_word_is(w->s, w->n, "solo")) {
			if (n < 3 || (sk = solo_of(&t[2])) == DK_SOLO_NONE) {
				doko_err(r, n < 3 ? w->loc : t[2].loc, DK_MSG_NT_WHICH_SOLO);
				return;
			}
			args = 3;
		}
		b->solo = sk;
		for (int k = 1; args < n && k < DK_SOLO_AS_COUNT; k++)
			if (doko_word_in(t[args].s, t[args].n, solo_as_words[k]) >= 0) {
				b->as = (dk_solo_as)k;
				args++;
				break;
			}
		for (size_t i = args; i < n; i++) {
			size_t at = i;
			dk_call c = call_at(t, n, &i);
			if (c == DK_CALL_NONE) {
				doko_err(r, t[at].loc, DK_MSG_NT_NOT_AN_ANNOUNCEMENT,
				    t[at].s);
				return;
			}
			if (b->call_count == DK_MAX_BID_CALLS) {
				doko_err(r, t[at].loc, DK_MSG_NT_SOLO_CALLS, DK_MAX_BID_CALLS);
				return;
			}
			b->calls[b->call_count++] = c;
		}
		args = n;
	} else if (doko_word_in(w->s, w->n, marriage_words) >= 0) {
		b->kind = DK_BID_MARRIAGE;
		if (n > 2) {
			int c = -1;
			for (int k = 1; k < DK_MARRIAGE_COND_COUNT && c < 0; k++)
				if (doko_word_in(t[2].s, t[2].n, cond_words[k]) >= 0 ||
				    (dk_marriage_cond_name((dk_marriage_cond)k) &&
				     doko_word_is(t[2].s, t[2].n, dk_marriage_cond_name((dk_marriage_cond)k))))
					c = k;
			if (c < 0) {
				doko_err(r, t[2].loc, DK_MSG_NT_MARRIAGE_COND, t[2].s);
				return;
			}
			b->condition = (dk_marriage_cond)c;
			args = 3;
		}
	} else if (doko_word_in(w->s, w->n, poverty_words) >= 0) {
		b->kind = DK_BID_POVERTY;
	} else if (doko_word_in(w->s, w->n, swine_words) >= 0) {
		/* swines shown before a poverty's exchange (swines.in_poverty) */
		b->kind = DK_BID_SWINE_SHOWN;
	} else if (doko_word_in(w->s, w->n, throw_words) >= 0) {
		b->kind = DK_BID_THROW_IN;
		if (n > 2) {
			int c = -1;
			for (int k = 1; k < DK_THROW_REASON_COUNT && c < 0; k++)
				if (doko_word_in(t[2].s, t[2].n, reason_words[k]) >= 0 ||
				    (dk_throw_reason_name((dk_throw_reason)k) &&
				     doko_word_is(t[2].s, t[2].n, dk_throw_reason_name((dk_throw_reason)k))))
					c = k;
			if (c < 0) {
				doko_err(r, t[2].loc, DK_MSG_NT_THROW_REASON, t[2].s);
				return;
			}
			b->reason = (dk_throw_reason)c;
			args = 3;
		}
	} else if (doko_word_in(w->s, w->n, pass_words) >= 0 ||
		   doko_word_in(w->s, w->n, return_words) >= 0) {
		b->kind = doko_word_in(w->s, w->n, pass_words) >= 0 ? DK_BID_POVERTY_PASS
							       : DK_BID_POVERTY_RETURN;
		for (size_t i = 2; i < n; i++) {
			dk_card c;
			if (!dk_doko_card_parse(&c, t[i].s, t[i].n)) {
				doko_err(r, t[i].loc, DK_MSG_NT_NOT_A_CARD, t[i].s);
				return;
			}
			if (b->card_count == DK_MAX_PASS) {
				doko_err(r, t[i].loc, DK_MSG_NT_POVERTY_CARDS,
				    DK_MAX_PASS);
				return;
			}
			b->cards[b->card_count++] = c;
		}
		args = n;
	} else if (doko_word_in(w->s, w->n, decline_words) >= 0) {
		b->kind = DK_BID_POVERTY_DECLINE;
	} else if (doko_word_in(w->s, w->n, accept_words) >= 0) {
		b->kind = DK_BID_POVERTY_ACCEPT;
	} else if (doko_word_in(w->s, w->n, report_words) >= 0) {
		b->kind = DK_BID_POVERTY_REPORT;
		long v;
		if (args < n && !t[args].quoted && doko_parse_long(t[args].s, t[args].n, 0, 6, &v)) {
			b->trumps = (int)v;
			args++;
		}
		if (args < n && t[args].quoted) {
			b->text = t[args].s;
			args++;
		}
	} else {
		doko_err(r, w->loc, DK_MSG_NT_NOT_A_BID, w->s);
		return;
	}
	if (args < n) {
		doko_err(r, t[args].loc, DK_MSG_NT_AFTER_BID, t[args].s);
		return;
	}
	r->nbids++;
}

void doko_read_bids(dk_doko_reader *r, tok *t, size_t nt)
{
	r->game.has_bidding = true;
	if (!r->game.bidding_loc.line)
		r->game.bidding_loc = t[0].loc;
	size_t i = 1;
	while (i < nt) {
		size_t j = i + 1;
		while (j < nt && !t[j].comma)
			j++;
		read_bid(r, t + i, j - i);
		i = j;
	}
}

/* ---- hands -------------------------------------------------------------- */

void doko_read_hand(dk_doko_reader *r, const line *l, tok *t, size_t nt)
{
	if (nt < 2 || !t[1].colon) {
		doko_err(r, t[0].loc, DK_MSG_NT_HAND_FORM);
		return;
	}
	int seat = doko_seat_of(r, &t[1]);
	if (!seat)
		return;
	for (int i = 0; i < r->nhands; i++)
		if (r->hands[i].seat == seat) {
			doko_err(r, t[1].loc, DK_MSG_NT_HAND_TWICE, t[1].s);
			return;
		}
	if (r->nhands == DK_PLAYING_SEATS) {
		doko_err(r, t[0].loc, DK_MSG_NT_FIFTH_HAND);
		return;
	}
	given_hand *g = &r->hands[r->nhands];
	memset(g, 0, sizeof(*g));
	g->seat = seat;
	g->name_loc = t[1].loc;
	g->line = l->no;
	g->hand.seat = seat;
	g->hand.loc = t[0].loc;
	for (size_t i = 2; i < nt; i++) {
		dk_card c;
		if (t[i].colon || !dk_doko_card_parse(&c, t[i].s, t[i].n)) {
			doko_err(r, t[i].loc, DK_MSG_NT_HAND_NOT_CARD, t[i].s, t[1].s);
			return;
		}
		if (g->hand.count == DK_MAX_HAND) {
			doko_err(r, t[i].loc, DK_MSG_NT_HAND_TOO_MANY,
			    t[1].s, DK_MAX_HAND, t[i].s, i - 1);
			return;
		}
		g->hand.card_loc[g->hand.count] = t[i].loc;
		g->hand.cards[g->hand.count++] = c;
	}
	r->nhands++;
}

/* a card played a third time is a typing error, found as it is read */
void doko_check_thrice(dk_doko_reader *r)
{
	int seen[DK_CARD_KINDS] = { 0 };
	size_t where[DK_CARD_KINDS][2];
	for (size_t i = 0; i < r->nev; i++) {
		const dk_event *e = &r->ev[i];
		if (e->kind != DK_EV_CARD)
			continue;
		if (seen[e->card] == 2) {
			const dk_event *a = &r->ev[where[e->card][0]], *b = &r->ev[where[e->card][1]];
			doko_err(r, e->loc, DK_MSG_NT_THIRD_TIME,
			    dk_card_code(e->card), r->aux[i].trick, r->aux[where[e->card][0]].trick,
			    a->loc.line, r->aux[where[e->card][1]].trick, b->loc.line);
			return;
		}
		where[e->card][seen[e->card]++] = i;
	}
}

/*
 * fmt_freedoko_debuglog.c - the games of a FreeDoko --debug gameplay log,
 * one at a time: the players' seats learnt from the first game, the party
 * as a session, and each game's deal rebuilt from the cards its players
 * played (a log writes no hands).
 */
#include "fmt_freedoko_internal.h"

#include <stdlib.h>
#include <string.h>

#include "card.h"

/* ---- debug logs ------------------------------------------------------------- */

/* "N. Name: card": the name and the card */
static bool card_line(const char *s, const char **name, size_t *name_len, const char **card)
{
	if (s[0] < '1' || s[0] > '4' || s[1] != '.' || s[2] != ' ')
		return false;
	const char *colon = strrchr(s + 3, ':');
	if (!colon || colon[1] != ' ')
		return false;
	*name = s + 3;
	*name_len = (size_t)(colon - (s + 3));
	*card = colon + 2;
	return true;
}

static int name_index(const dk_fd_reader *r, const char *name, size_t n)
{
	for (int i = 0; i < 4; i++)
		if (r->names[i] && strlen(r->names[i]) == n && memcmp(r->names[i], name, n) == 0)
			return i;
	return -1;
}

/* the first game of the log as far as it tells the seats */
typedef struct first_game {
	const char *nm[4];   /* the first trick's players, in the order they played */
	size_t nl[4];
	int got;             /* of them */
	int start;           /* "startplayer number", or -1 */
	int soloist;         /* "Soloplayer: N", or -1 */
	bool solo;           /* "game start: solo ..." */
	int won[4];          /* card points of the tricks each of nm won */
	int trick;           /* card points of the trick being played */
	bool counted;        /* every trick's winner and cards were understood */
	int tp[4];           /* "trick points": FreeDoko's card points by seat */
	const fd_line *tp_line;
} first_game;

static void first_game_line(first_game *f, const fd_line *l)
{
	const char *s = l->s;
	const char *name, *card;
	size_t nlen;
	if (fd_starts(s, "game start: ")) {
		f->solo = fd_starts(s + 12, "solo");
	} else if (strcmp(s, "game redistribute") == 0) {
		f->solo = false;
		f->soloist = -1;
	} else if (fd_starts(s, "Soloplayer: ")) {
		f->soloist = fd_parse_player(s + 12, NULL);
	} else if (fd_starts(s, "startplayer number = ")) {
		f->start = fd_parse_player(s + 21, NULL);
	} else if (card_line(s, &name, &nlen, &card)) {
		dk_card c;
		if (f->got < 4 && s[0] - '1' == f->got) {
			f->nm[f->got] = name;
			f->nl[f->got++] = nlen;
		}
		if (fd_parse_card(&c, card, strlen(card)))
			f->trick += dk_card_points(c);
		else
			f->counted = false;
	} else if (fd_starts(s, "Winner: ")) {
		const char *w = s + 8;
		int k = 0;
		while (k < f->got && !(f->nl[k] == strlen(w) && memcmp(f->nm[k], w, f->nl[k]) == 0))
			k++;
		if (k < f->got)
			f->won[k] += f->trick;
		else
			f->counted = false;
		f->trick = 0;
	} else if (fd_starts(s, "trick points = ") && !l->indented) {
		char *e = (char *)s + 15;
		for (int k = 0; k < 4; k++) {
			long v = strtol(e, &e, 10);
			if (v < 0 || v > 240 || (k < 3 && *e++ != ','))
				return;
			f->tp[k] = (int)v;
		}
		f->tp_line = l;
	}
}

/* do the card points of the first game's tricks fit the seats when its
 * first trick was led from seat lead? */
static bool seats_fit(const first_game *f, int lead)
{
	for (int k = 0; k < 4; k++)
		if (f->won[k] != f->tp[(lead + k) % 4])
			return false;
	return true;
}

/*
 * The first game of the log tells the names: its first trick is played
 * from its leader on, seat by seat.  The leader is the start player the
 * summary names, or the soloist where the rules let the soloist lead
 * ("lustsolo player leads", which FreeDoko 0.7.13 applies to a duty solo
 * as well: under "false" the start player leads both).  The card points
 * FreeDoko gives each seat at the end ("trick points") check it: if they
 * do not fit that leader, the one seating they fit is taken; if they fit
 * none, or several and not the stated one, the seats cannot be told.
 */
static bool learn_names(dk_fd_reader *r, size_t i)
{
	first_game f;
	memset(&f, 0, sizeof(f));
	f.start = f.soloist = -1;
	f.counted = true;
	const fd_line *open = &r->lines[i];
	for (i++; i < r->nlines && !fd_starts(r->lines[i].s, "game open:"); i++) {
		first_game_line(&f, &r->lines[i]);
		if (strcmp(r->lines[i].s, "game close") == 0)
			break;
	}
	int lead = f.solo && f.soloist >= 0 &&
		   fd_option_on(&r->rules, "lustsolo player leads", true) ? f.soloist : f.start;
	if (f.tp_line && f.got == 4 && f.counted && (lead < 0 || !seats_fit(&f, lead))) {
		int fits = 0, which = -1;
		for (int k = 0; k < 4; k++)
			if (seats_fit(&f, k)) {
				fits++;
				which = k;
			}
		if (fits != 1) {
			ERR(r, f.tp_line, "cannot tell the players' seats: the card points FreeDoko "
			    "gives each seat fit %s of the first trick's players",
			    fits ? "more than one seating, and not the one the log states,"
				 : "no seating");
			return false;
		}
		lead = which;
	}
	if (f.got < 4 || lead < 0) {
		ERR(r, open, "cannot tell the players' seats: the first game has no complete "
		    "first trick or no start player");
		return false;
	}
	for (int k = 0; k < 4; k++) {
		char *x = dk_xmalloc(f.nl[k] + 1);
		memcpy(x, f.nm[k], f.nl[k]);
		x[f.nl[k]] = '\0';
		r->names[(lead + k) % 4] = x;
	}
	r->names_known = true;
	return true;
}

/* the party of a debug log as a session, made at its first game: its
 * players; the Bock games pending at the start are not said (a new party
 * has none, a log may continue a saved one) */
static void make_session(dk_fd_reader *r, dk_loc loc)
{
	if (r->session_made)
		return;
	r->session_made = true;
	dk_session *s = &r->session;
	memset(s, 0, sizeof(*s));
	s->index = 1;
	s->has_players = true;
	s->players.items = r->session_players;
	s->players.count = 4;
	s->players.loc = loc;
	for (int i = 0; i < 4; i++) {
		const char *nm = r->names[i] ? r->names[i] : "?";
		r->session_players[i].seat = i + 1;
		r->session_players[i].name = fd_clean_name(&r->rules_arena, nm, strlen(nm));
		r->session_players[i].loc = loc;
	}
	s->bock_pending = -1;
	s->loc = r->rules.loc.line ? r->rules.loc : loc;
}

dk_read_item fd_read_debug_game(dk_fd_reader *r)
{
	/* find the next "game open:" */
	while (r->pos < r->nlines && !fd_starts(r->lines[r->pos].s, "game open:"))
		r->pos++;
	if (r->pos >= r->nlines)
		return DK_READ_END;
	size_t open = r->pos++;
	const fd_line *lo = &r->lines[open];
	if (!r->names_known && !learn_names(r, open))
		return DK_READ_ERROR;
	fd_builder b;
	fd_build_init(&b, r);
	dk_game *g = &r->game;
	dk_card hands[4][DK_MAX_HAND];
	int hand_n[4] = { 0, 0, 0, 0 };
	int sum_start = -1, sum_solo = -1;
	dk_party teams[4] = { 0, 0, 0, 0 };
	int tp[4] = { -1, -1, -1, -1 };
	int trick_card = 0;      /* cards of the current trick */
	int leader = -1;         /* of the current trick */
	int taker_trumps = -1;
	int marriage_trick = -1; /* 0-based trick after which "Marriage:" came */
	bool finished = false;
	const char *start_type = NULL;
	const fd_line *start_line = lo;
	size_t first_bid = 0;

	size_t i = r->pos;
	for (; i < r->nlines; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		const char *name, *card;
		size_t nlen;
		if (!*s || l->indented)
			continue;
		if (fd_starts(s, "game open:"))
			break;
		if (strcmp(s, "game finish") == 0) {
			finished = true;
			i = fd_read_summary(&b, i + 1, false, &sum_start, &sum_solo, teams, tp);
			break;
		}
		if (fd_starts(s, "game start: ")) {
			start_type = s + 12;
			start_line = l;
			continue;
		}
		if (strcmp(s, "game redistribute") == 0) {
			/* the deal so far is not played: start again */
			fd_build_note(&b, l, "a deal before this one ended in '%s' and was dealt again; "
				      "its cards are not in the log", start_type ? start_type : "?");
			b.bid_count = first_bid;
			b.event_count = 0;
			b.poor = b.taker = -1;
			continue;
		}
		if (fd_starts(s, "Soloplayer: ")) {
			b.soloist = fd_parse_player(s + 12, NULL);
			continue;
		}
		if (fd_starts(s, "poverty: player ")) {
			const char *e = NULL;
			int p = fd_parse_player(s + 9, &e);
			if (p < 0) {
				ERR(r, l, "no player 0 to 3 in '%s'", s);
				b.ok = false;
				continue;
			}
			if (fd_starts(e, " shifts ")) {
				fd_build_bid(&b, l, DK_BID_POVERTY, p);
				b.poor = p;
			} else if (fd_starts(e, " accepts poverty")) {
				/* asked in turn from the poor player's left: the ones before declined */
				for (int k = 1; b.poor >= 0 && k < 4 && (b.poor + k) % 4 != p; k++)
					fd_build_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
				fd_build_bid(&b, l, DK_BID_POVERTY_ACCEPT, p);
				b.taker = p;
				const char *w = strstr(e, " with ");
				if (w)
					taker_trumps = atoi(w + 6);
				dk_bid *rep = fd_build_bid(&b, l, DK_BID_POVERTY_REPORT, p);
				if (rep)
					rep->trumps = taker_trumps;
			} else {
				ERR(r, l, "unknown poverty line '%s'", s);
				b.ok = false;
			}
			continue;
		}
		if (strcmp(s, "poverty: denied by all players") == 0) {
			for (int k = 1; k < 4 && b.poor >= 0; k++)
				fd_build_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
			continue;
		}
		bool hyper = fd_starts(s, "hyperswines announced: ");
		if (hyper || fd_starts(s, "swines announced: ")) {
			int p = fd_parse_player(s + (hyper ? 23 : 18), NULL);
			if (p < 0) {
				ERR(r, l, "no player 0 to 3 in '%s'", s);
				b.ok = false;
				continue;
			}
			fd_build_event(&b, l, hyper ? DK_EV_HYPERSWINE : DK_EV_SWINE, p);
			continue;
		}
		if (fd_starts(s, "Genscher: player ")) {
			/* "Genscher: player 2 with player 0" */
			const char *e = NULL;
			int p = fd_parse_player(s + 10, &e);
			int q = e && fd_starts(e, " with ") ? fd_parse_player(e + 6, NULL) : -1;
			if (p < 0 || q < 0) {
				ERR(r, l, "a genscher line is 'Genscher: player G with player P'");
				b.ok = false;
				continue;
			}
			fd_genscher_event(&b, l, p, q, true);
			continue;
		}
		if (fd_starts(s, "Marriage: player ")) {
			const char *e = NULL;
			int p = fd_parse_player(s + 9, &e);
			int q = e && fd_starts(e, " with ") ? fd_parse_player(e + 6, NULL) : -1;
			if (p < 0 || q < 0) {
				ERR(r, l, "a marriage line is 'Marriage: player B with player P'");
				b.ok = false;
				continue;
			}
			b.bride = p;
			b.partner = q;
			/* it follows the deciding trick's cards, before its "Winner:" */
			marriage_trick = r->foreign.trick_count;
			continue;
		}
		if (fd_starts(s, "announcement: player ")) {
			const char *e = NULL;
			int p = fd_parse_player(s + 14, &e);
			if (p < 0 || *e != ':') {
				ERR(r, l, "an announcement line is 'announcement: player N: no 120'");
				b.ok = false;
				continue;
			}
			while (*++e == ' ')
				;
			fd_announce(&b, l, p, e);
			continue;
		}
		if (fd_starts(s, "Trick: ")) {
			if (trick_card % 4 != 0) {
				ERR(r, l, "a new trick before the last one had four cards");
				b.ok = false;
			}
			trick_card = 0;
			continue;
		}
		if (card_line(s, &name, &nlen, &card)) {
			int p = name_index(r, name, nlen);
			dk_card c;
			if (p < 0) {
				ERR(r, l, "unknown player '%.*s'", (int)(nlen > 40 ? 40 : nlen), name);
				b.ok = false;
				continue;
			}
			if (!fd_parse_card(&c, card, strlen(card))) {
				ERR(r, l, "unknown card '%s' (FreeDoko writes 'heart ace', 'club queen', ...)",
				    card);
				b.ok = false;
				continue;
			}
			if (s[0] - '1' != trick_card) {
				ERR(r, l, "card %c of a trick that has %d cards", s[0], trick_card);
				b.ok = false;
			}
			if (trick_card == 0)
				leader = p;
			else if ((leader + trick_card) % 4 != p) {
				ERR(r, l, "'%.*s' does not sit at place %d of this trick",
				    (int)nlen, name, trick_card + 1);
				b.ok = false;
			}
			trick_card++;
			if (hand_n[p] == DK_MAX_HAND) {
				ERR(r, l, "'%.*s' plays a thirteenth card", (int)nlen, name);
				b.ok = false;
				continue;
			}
			hands[p][hand_n[p]++] = c;
			dk_event *ev = fd_build_event(&b, l, DK_EV_CARD, p);
			if (ev)
				ev->card = c;
			continue;
		}
		if (fd_starts(s, "Winner: ")) {
			int w = name_index(r, s + 8, strlen(s + 8));
			if (w < 0) {
				ERR(r, l, "unknown player '%s'", s + 8);
				b.ok = false;
			} else if (r->foreign.trick_count < DK_MAX_HAND) {
				r->foreign.trick_winner[r->foreign.trick_count++] = w + 1;
			}
			continue;
		}
		/* everything else is FreeDoko's chatter: bug report notices, timing */
	}
	r->pos = i;
	g->index = ++r->game_count;
	g->loc = fd_line_loc(lo);
	if (!finished) {
		ERR(r, lo, "game %zu of the log has no 'game finish'", g->index);
		b.ok = false;
	}

	/* the declarations of the game type the log names, after the bids
	 * of a poverty as they were said */
	const char *gt = start_type ? start_type : "normal";
	if (fd_starts(gt, "solo")) {
		const fd_solo_name *sn = fd_find_solo(gt);
		if (!sn) {
			ERR(r, start_line, "unknown FreeDoko game type '%s'", gt);
			b.ok = false;
		} else if (b.soloist < 0) {
			ERR(r, start_line, "a solo without a 'Soloplayer: N' line");
			b.ok = false;
		} else {
			dk_bid *x = fd_build_bid(&b, start_line, DK_BID_SOLO, b.soloist);
			if (x)
				x->solo = sn->kind;
		}
	} else if (strcmp(gt, "marriage") == 0) {
		/* after a genscher the summary's soloplayer is the genscher player */
		int bride = sum_solo >= 0 && b.genscher < 0 ? sum_solo : b.bride;
		for (int q = 0; q < 4 && bride < 0; q++) {
			int queens = 0;
			for (int k = 0; k < hand_n[q]; k++)
				queens += hands[q][k] == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN);
			if (queens == 2)
				bride = q;
		}
		if (bride < 0) {
			ERR(r, start_line, "a marriage whose bride is not known");
			b.ok = false;
		} else {
			b.bride = bride;
			dk_bid *x = fd_build_bid(&b, start_line, DK_BID_MARRIAGE, bride);
			dk_marriage_cond c;
			if (x && fd_infer_selector(&c, &b, &r->rules, bride, b.partner, marriage_trick)) {
				x->condition = c;
				fd_build_note(&b, start_line, "the log does not say which condition the bride "
					      "chose; %s is the first the rules allow that gives the partner "
					      "the log names in trick %d", dk_marriage_cond_name(c),
					      marriage_trick + 1);
			} else {
				fd_build_note(&b, start_line, "the log does not say which condition the bride "
					      "chose; the rule set's default condition is taken");
			}
		}
	} else if (strcmp(gt, "poverty") == 0) {
		g->exchange_unknown = true;
		fd_build_note(&b, start_line, "the log does not say which cards were passed in the poverty: "
			      "the deal is the hands after the exchange, and the exchange is not judged");
	} else if (strcmp(gt, "normal") != 0 && strcmp(gt, "marriage silent") != 0) {
		ERR(r, start_line, "game type '%s' cannot be judged by dokoref", gt);
		b.ok = false;
	}

	/* the deal: every card each player played */
	int startplayer = sum_start >= 0 ? sum_start : leader;
	if (startplayer < 0) {
		ERR(r, lo, "game %zu: the start player is not known", g->index);
		b.ok = false;
		startplayer = 0;
	}
	fd_set_players(r, g, r->names, fd_line_loc(lo));
	make_session(r, fd_line_loc(lo));
	g->session = &r->session;
	g->deal.dealer = (startplayer + 3) % 4 + 1;
	g->deal.hand_count = 4;
	g->deal.loc = fd_line_loc(lo);
	g->bidding_loc = fd_line_loc(start_line);
	g->play_loc = fd_line_loc(lo);
	for (int p = 0; p < 4; p++) {
		dk_hand *h = &g->deal.hands[p];
		h->seat = p + 1;
		h->count = hand_n[p];
		h->loc = fd_line_loc(lo);
		memcpy(h->cards, hands[p], (size_t)hand_n[p] * sizeof(dk_card));
		for (int k = 0; k < hand_n[p]; k++)
			h->card_loc[k] = fd_line_loc(lo);
		if (hand_n[p] != hand_n[0] && b.ok) {
			ERR(r, lo, "game %zu: the players did not play the same number of cards, "
			    "so the deal cannot be rebuilt", g->index);
			b.ok = false;
		}
	}
	g->meta.number = dk_arena_strdup(&r->arena, lo->s + 10 + (lo->s[10] == ' '));
	fd_resolve_calls(&b, (const dk_card (*)[DK_MAX_HAND])hands, hand_n);
	fd_build_finish(&b);
	fd_finish_foreign(&b, teams, tp);
	r->game_ok = b.ok;
	return DK_READ_GAME;
}

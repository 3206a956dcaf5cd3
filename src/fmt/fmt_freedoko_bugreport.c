/*
 * fmt_freedoko_bugreport.c - the one game of a FreeDoko bug report (or a
 * reference), read block by block: the header with what dokoref's writer
 * kept in comments, the hands, the gameplay actions, the game summary;
 * and the hands before a poverty's exchange, which FreeDoko writes after
 * it.
 */
#include "fmt_freedoko_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"

/* fd_block_end for a block the game needs: an unclosed one is an error */
static size_t needed_block_end(dk_fd_reader *r, size_t header, bool *ok)
{
	size_t e = fd_block_end(r, header + 1);
	if (e > r->nlines) {
		ERR(r, &r->lines[header], "the '%s' block is not closed: the file ends "
		    "inside it (truncated?)", r->lines[header].s);
		*ok = false;
		return r->nlines;
	}
	return e;
}

static bool remove_card(dk_card *h, dk_loc *locs, int *n, dk_card c)
{
	for (int i = 0; i < *n; i++)
		if (h[i] == c) {
			--*n;
			h[i] = h[*n];
			locs[i] = locs[*n];
			return true;
		}
	return false;
}

static bool normal_trump(dk_card c)
{
	return DK_CARD_SUIT(c) == DK_DIAMONDS || DK_CARD_RANK(c) == DK_QUEEN ||
	       DK_CARD_RANK(c) == DK_JACK || c == DK_CARD_MAKE(DK_HEARTS, DK_TEN);
}

dk_read_item fd_read_bugreport(dk_fd_reader *r)
{
	fd_builder b;
	fd_build_init(&b, r);
	dk_game *g = &r->game;
	char *names[4] = { NULL, NULL, NULL, NULL };
	dk_card hands[4][DK_MAX_HAND];
	int hand_n[4] = { 0, 0, 0, 0 };
	dk_loc hand_loc[4] = { DK_LOC_NONE, DK_LOC_NONE, DK_LOC_NONE, DK_LOC_NONE };
	dk_loc card_loc[4][DK_MAX_HAND];
	int startplayer = -1;
	int sum_start = -1, sum_solo = -1;
	dk_party teams[4] = { 0, 0, 0, 0 };
	int tp[4] = { -1, -1, -1, -1 };
	const fd_line *first = &r->lines[0];

	/* the header lines before the party; dokoref's writer keeps the rule
	 * set a game names in comments FreeDoko skips */
	size_t party = fd_find_block(r, 0, "party");
	dk_rule_override ovr[96];   /* more than there are rule keys */
	size_t novr = 0;
	for (size_t i = 0; i < party && i < r->nlines; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		if (fd_starts(s, "startplayer:"))
			startplayer = fd_parse_player(s + 12, NULL);
		if (fd_starts(s, "version:") && strstr(s, "(written by dokoref)"))
			b.by_dokoref = true;
		bool path = fd_starts(s, "# dokoref rules path: ");
		if (path || fd_starts(s, "# dokoref rules: ")) {
			const char *v = s + (path ? 22 : 17);
			g->has_rules = true;
			g->rules.loc = fd_line_loc(l);
			if (path)
				g->rules.path = dk_arena_strdup(&r->arena, v);
			else
				g->rules.name = dk_arena_strdup(&r->arena, v);
		} else if (fd_starts(s, "# dokoref rule override: ") && novr < 96) {
			char key[128];
			const char *v;
			if (fd_split_eq(s + 25, key, sizeof(key), &v)) {
				ovr[novr].key = dk_arena_strdup(&r->arena, key);
				ovr[novr].value = dk_arena_strdup(&r->arena, v);
				ovr[novr].loc = fd_line_loc(l);
				novr++;
			}
		}
	}
	if (novr) {
		g->rules.overrides = dk_arena_alloc(&r->arena, novr * sizeof(*ovr));
		memcpy(g->rules.overrides, ovr, novr * sizeof(*ovr));
		g->rules.override_count = novr;
	}
	size_t after_party = party < r->nlines ? fd_block_end(r, party + 1) : 0;
	if (after_party > r->nlines) {
		ERR(r, &r->lines[party], "the 'party' block is not closed: the file ends inside it "
		    "(truncated?)");
		return DK_READ_ERROR;
	}
	if (startplayer < 0) {
		ERR(r, first, "the bug report has no 'startplayer: N' line before the party");
		return DK_READ_ERROR;
	}

	/* hands */
	size_t hb = fd_find_block(r, after_party, "hands");
	if (hb == r->nlines) {
		ERR(r, first, "the bug report has no 'hands' block");
		return DK_READ_ERROR;
	}
	size_t he = needed_block_end(r, hb, &b.ok);
	int cur = -1;
	for (size_t i = hb + 2; i + 1 < he; i++) {
		const fd_line *l = &r->lines[i];
		const char *s = l->s;
		if (!*s)
			continue;
		if (fd_starts(s, "player ")) {
			const char *e = NULL;
			cur = fd_parse_player(s, &e);
			if (cur < 0) {
				ERR(r, l, "'%s' names no player 0 to 3", s);
				return DK_READ_ERROR;
			}
			if (hand_n[cur] || names[cur]) {
				ERR(r, l, "a second hand of player %d", cur);
				b.ok = false;
			}
			const char *open = strchr(e, '(');
			const char *close = open ? strrchr(open, ')') : NULL;
			if (open && close)
				names[cur] = fd_clean_name(&r->arena, open + 1, (size_t)(close - open - 1));
			hand_loc[cur] = fd_line_loc(l);
			continue;
		}
		if (cur < 0) {
			ERR(r, l, "a card before the first 'player N (name)' line");
			return DK_READ_ERROR;
		}
		/* "<hex index>  <card>[\t(played NN)]" */
		const char *c = s;
		while (*c && *c != ' ')
			c++;
		while (*c == ' ')
			c++;
		const char *end = strchr(c, '\t');
		const char *pl = strstr(c, "(played");
		if (!end || (pl && pl < end))
			end = pl ? pl : c + strlen(c);
		dk_card card;
		if (!fd_parse_card(&card, c, (size_t)(end - c))) {
			ERR(r, l, "unknown card '%.*s' (FreeDoko writes 'heart ace', 'club queen', ...)",
			    (int)(end - c > 40 ? 40 : end - c), c);
			b.ok = false;
			continue;
		}
		if (hand_n[cur] == DK_MAX_HAND) {
			ERR(r, l, "player %d has more than %d cards", cur, DK_MAX_HAND);
			b.ok = false;
			continue;
		}
		card_loc[cur][hand_n[cur]] = fd_line_loc(l);
		hands[cur][hand_n[cur]++] = card;
	}
	for (int p = 0; p < 4; p++)
		if (!names[p]) {
			ERR(r, &r->lines[hb], "the hands block has no hand of player %d", p);
			return DK_READ_ERROR;
		}

	/* gameplay actions */
	size_t ab = fd_find_block(r, he, "gameplay actions");
	if (ab == r->nlines) {
		ERR(r, &r->lines[he - 1], "the bug report has no 'gameplay actions' block");
		return DK_READ_ERROR;
	}
	size_t ae = needed_block_end(r, ab, &b.ok);
	/* the game type line before the hands: the soloist, the bride */
	for (size_t i = after_party; i < hb; i++) {
		const char *s = r->lines[i].s;
		if (fd_starts(s, "soloplayer:") || fd_starts(s, "bride:")) {
			int p = fd_parse_player(strchr(s, ':') + 1, NULL);
			if (s[0] == 'b')
				b.bride = p;
			else
				b.soloist = p;
		}
	}
	dk_card played[4];
	int nplayed = 0;
	for (size_t i = ab + 2; i + 1 < ae; i++) {
		const fd_line *l = &r->lines[i];
		char key[64];
		const char *value;
		if (b.by_dokoref && fd_starts(l->s, "# dokoref poverty report = ")) {
			const char *e = NULL;
			int p = fd_parse_player(l->s + 27, &e);
			dk_bid *rep = p >= 0 ? fd_build_bid(&b, l, DK_BID_POVERTY_REPORT, p) : NULL;
			if (rep && *e == ',')
				rep->trumps = atoi(e + 1) < 0 ? -1 : atoi(e + 1);
			continue;
		}
		if (!l->s[0] || l->s[0] == '#' || strcmp(l->s, "stop") == 0 || fd_starts(l->s, "check"))
			continue;
		if (fd_starts(l->s, "Played:") || fd_starts(l->s, "Announcement:") ||
		    strcmp(l->s, "poverty denied by all") == 0)
			fd_flush_declarations(&b);
		if (fd_starts(l->s, "Played:") || fd_starts(l->s, "Announcement:")) {
			/* before 0.7.3: "Played: Player 2: club ace", "Announcement: player 1: no 120" */
			bool card_line = l->s[0] == 'P';
			const char *e = NULL;
			int p = fd_parse_player(strchr(l->s, ':') + 1, &e);
			if (p < 0 || *e != ':') {
				ERR(r, l, "no player 0 to 3 in '%s'", l->s);
				b.ok = false;
				continue;
			}
			e++;
			while (*e == ' ')
				e++;
			if (card_line) {
				dk_card c;
				if (!fd_parse_card(&c, e, strlen(e))) {
					ERR(r, l, "unknown card '%s'", e);
					b.ok = false;
					continue;
				}
				dk_event *ev = fd_build_event(&b, l, DK_EV_CARD, p);
				if (ev)
					ev->card = c;
			} else {
				fd_announce(&b, l, p, e);
			}
			continue;
		}
		if (!fd_split_eq(l->s, key, sizeof(key), &value)) {
			if (strcmp(l->s, "poverty denied by all") == 0) {
				for (int k = 1; k < 4 && b.poor >= 0; k++)
					fd_build_bid(&b, l, DK_BID_POVERTY_DECLINE, (b.poor + k) % 4);
				continue;
			}
			if (fd_starts(l->s, "Trick full:") || fd_starts(l->s, "startplayer:") ||
			    fd_starts(l->s, "winner:") || strcmp(l->s, "trick open") == 0 ||
			    strcmp(l->s, "trick taken") == 0)
				continue;
			ERR(r, l, "unknown gameplay action '%s'", l->s);
			b.ok = false;
			continue;
		}
		char tmp[512];
		snprintf(tmp, sizeof(tmp), "%s", value);
		/* the AI's heuristic after a card: "(choose ace)" */
		char *paren = strchr(tmp, '(');
		if (paren && strcmp(key, "card played") == 0)
			*paren = '\0';
		char *f[16];
		size_t nf = fd_split_commas(tmp, f, 16);
		int p = fd_parse_player(f[0], NULL);
		if (strcmp(key, "poverty denied by all") == 0)
			p = 0;
		if (p < 0) {
			ERR(r, l, "'%s' does not start with a player 0 to 3", value);
			b.ok = false;
			continue;
		}
		if (strcmp(key, "reservation") != 0)
			fd_flush_declarations(&b);
		if (strcmp(key, "reservation") == 0) {
			if (nf < 2) {
				ERR(r, l, "a reservation names a game type");
				b.ok = false;
				continue;
			}
			fd_reservation(&b, l, p, f + 1, nf - 1);
			if (strcmp(f[1], "poverty") == 0 && b.poor < 0)
				b.poor = p;
		} else if (strcmp(key, "poverty shift") == 0 || strcmp(key, "poverty returned") == 0) {
			bool shift = key[8] == 's';
			dk_bid *x = fd_build_bid(&b, l, shift ? DK_BID_POVERTY_PASS : DK_BID_POVERTY_RETURN, p);
			if (!x)
				continue;
			x->card_count = fd_card_list(&b, l, f + 1, nf - 1, x->cards, DK_MAX_PASS);
			if (shift) {
				b.poor = p;
				memcpy(b.pass, x->cards, sizeof(b.pass));
				b.pass_n = x->card_count;
				b.pass_loc = fd_line_loc(l);
			} else {
				memcpy(b.ret, x->cards, sizeof(b.ret));
				b.ret_n = x->card_count;
				b.ret_loc = fd_line_loc(l);
				/* FreeDoko tells how many trumps come back */
				dk_bid *rep = b.by_dokoref ? NULL
					      : fd_build_bid(&b, l, DK_BID_POVERTY_REPORT, p);
				if (rep) {
					rep->trumps = 0;
					for (int k = 0; k < x->card_count; k++)
						rep->trumps += normal_trump(x->cards[k]);
				}
			}
		} else if (strcmp(key, "poverty denied") == 0) {
			fd_build_bid(&b, l, DK_BID_POVERTY_DECLINE, p);
		} else if (strcmp(key, "poverty accepted") == 0) {
			fd_build_bid(&b, l, DK_BID_POVERTY_ACCEPT, p);
			b.taker = p;
		} else if (strcmp(key, "swines") == 0) {
			fd_build_event(&b, l, DK_EV_SWINE, p);
		} else if (strcmp(key, "hyperswines") == 0) {
			fd_build_event(&b, l, DK_EV_HYPERSWINE, p);
		} else if (strcmp(key, "genscher") == 0) {
			/* "genscher = 2, 0": player 2 picks player 0 */
			int q = nf > 1 ? fd_parse_player(f[1], NULL) : -1;
			if (q < 0) {
				ERR(r, l, "a genscher line names the player and the partner");
				b.ok = false;
				continue;
			}
			fd_genscher_event(&b, l, p, q, false);
		} else if (strcmp(key, "marriage") == 0) {
			int q = nf > 1 ? fd_parse_player(f[1], NULL) : -1;
			if (q < 0) {
				ERR(r, l, "a marriage line names the bride and the partner");
				b.ok = false;
				continue;
			}
			b.bride = p;
			b.partner = q;
		} else if (strcmp(key, "announcement") == 0) {
			if (nf < 2) {
				ERR(r, l, "an announcement names what was announced");
				b.ok = false;
				continue;
			}
			fd_announce(&b, l, p, f[1]);
		} else if (strcmp(key, "card played") == 0) {
			dk_card c;
			if (nf != 2 || !fd_parse_card(&c, f[1], strlen(f[1]))) {
				ERR(r, l, "unknown card '%s' (FreeDoko writes 'heart ace', "
				    "'club queen', ...)", nf > 1 ? f[1] : "");
				b.ok = false;
				continue;
			}
			dk_event *ev = fd_build_event(&b, l, DK_EV_CARD, p);
			if (ev)
				ev->card = c;
			played[nplayed++ % 4] = c;
		} else if (strcmp(key, "trick full") == 0) {
			/* the trick again, with its winner: it must be the last four cards */
			dk_card tc[4];
			int w = nf == 6 ? fd_parse_player(f[5], NULL) : -1;
			if (w < 0 || fd_card_list(&b, l, f + 1, 4, tc, 4) != 4) {
				ERR(r, l, "'trick full' is written 'leader, 4 cards, winner'");
				b.ok = false;
				continue;
			}
			if (nplayed % 4 != 0 || nplayed == 0 || memcmp(tc, played, sizeof(tc)) != 0) {
				ERR(r, l, "'trick full' does not repeat the four cards played before it");
				b.ok = false;
			}
			if (r->foreign.trick_count < DK_MAX_HAND)
				r->foreign.trick_winner[r->foreign.trick_count++] = w + 1;
		} else {
			ERR(r, l, "unknown gameplay action '%s'", key);
			b.ok = false;
		}
	}

	fd_flush_declarations(&b);
	/* the summary, if the game had been evaluated */
	size_t sb = fd_find_block(r, ae, "game summary");
	if (sb < r->nlines)
		fd_read_summary(&b, sb + 1, true, &sum_start, &sum_solo, teams, tp);

	/* quirk: in a poverty the hands were written after the exchange */
	bool exchanged = false;
	if (b.poor >= 0 && b.taker >= 0 && b.pass_n && b.pass_n == b.ret_n) {
		/* card for card in place, so that the order of the hands is kept,
		 * where the cards are there to do it */
		bool undo = true;
		bool used_p[DK_MAX_HAND] = { false }, used_t[DK_MAX_HAND] = { false };
		int at[DK_MAX_PASS], bt[DK_MAX_PASS];
		for (int k = 0; k < b.pass_n && undo; k++) {
			at[k] = bt[k] = -1;
			for (int i = 0; i < hand_n[b.poor] && at[k] < 0; i++)
				if (!used_p[i] && hands[b.poor][i] == b.ret[k])
					at[k] = i;
			for (int i = 0; i < hand_n[b.taker] && bt[k] < 0; i++)
				if (!used_t[i] && hands[b.taker][i] == b.pass[k])
					bt[k] = i;
			if (at[k] < 0 || bt[k] < 0)
				undo = false;
			else
				used_p[at[k]] = used_t[bt[k]] = true;
		}
		for (int k = 0; k < b.pass_n && undo; k++) {
			hands[b.poor][at[k]] = b.pass[k];
			card_loc[b.poor][at[k]] = b.pass_loc;
			hands[b.taker][bt[k]] = b.ret[k];
			card_loc[b.taker][bt[k]] = b.ret_loc;
		}
		exchanged = undo;
	}
	if (!exchanged && b.poor >= 0 && b.taker >= 0 && (b.pass_n || b.ret_n)) {
		/* as sets: the poor player's hand was it plus the passed cards less
		 * the returned ones, the taker's the other way round */
		bool undo = true;
		for (int side = 0; side < 2; side++) {
			int p = side ? b.taker : b.poor;
			const dk_card *add = side ? b.ret : b.pass, *sub = side ? b.pass : b.ret;
			int nadd = side ? b.ret_n : b.pass_n, nsub = side ? b.pass_n : b.ret_n;
			dk_card tmp[DK_MAX_HAND + DK_MAX_PASS];
			dk_loc tloc[DK_MAX_HAND + DK_MAX_PASS];
			int n = hand_n[p];
			memcpy(tmp, hands[p], (size_t)n * sizeof(dk_card));
			memcpy(tloc, card_loc[p], (size_t)n * sizeof(dk_loc));
			for (int k = 0; k < nadd; k++) {
				tmp[n] = add[k];
				tloc[n++] = side ? b.ret_loc : b.pass_loc;
			}
			for (int k = 0; k < nsub; k++)
				if (!remove_card(tmp, tloc, &n, sub[k]))
					undo = false;
			if (n > DK_MAX_HAND)
				undo = false;
			if (undo) {
				memcpy(hands[p], tmp, (size_t)n * sizeof(dk_card));
				memcpy(card_loc[p], tloc, (size_t)n * sizeof(dk_loc));
				hand_n[p] = n;
			}
		}
		if (!undo) {
			ERR(r, &r->lines[hb], "the hands do not hold the cards of the poverty "
			    "exchange (FreeDoko writes the hands after the exchange)");
			b.ok = false;
		}
	}

	/* the game */
	g->index = ++r->game_count;
	g->loc = fd_line_loc(first);
	fd_set_players(r, g, names, fd_line_loc(&r->lines[hb]));
	g->deal.dealer = (startplayer + 3) % 4 + 1;
	g->deal.hand_count = 4;
	g->deal.loc = fd_line_loc(&r->lines[hb]);
	g->bidding_loc = g->play_loc = fd_line_loc(&r->lines[ab < r->nlines ? ab : hb]);
	for (int p = 0; p < 4; p++) {
		dk_hand *h = &g->deal.hands[p];
		h->seat = p + 1;
		h->count = hand_n[p];
		h->loc = hand_loc[p];
		memcpy(h->cards, hands[p], (size_t)hand_n[p] * sizeof(dk_card));
		memcpy(h->card_loc, card_loc[p], (size_t)hand_n[p] * sizeof(dk_loc));
	}
	fd_resolve_calls(&b, (const dk_card (*)[DK_MAX_HAND])hands, hand_n);
	fd_build_finish(&b);
	fd_finish_foreign(&b, teams, tp);
	r->game_ok = b.ok;
	r->done = true;
	return DK_READ_GAME;
}

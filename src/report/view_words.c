/*
 * view_words.c - the words the step-by-step views share; see view_words.h.
 */
#include "view_words.h"

#include "check_text.h"

const char *dk_view_name(const dk_game *g, int seat)
{
	const dk_player *pl = dk_game_player_at(g, seat);
	return pl ? pl->name : "?";
}

const char *dk_view_party(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_PARTY_RE
			   : p == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA : DK_MSG_PARTY_UNKNOWN);
}

/* one string per card and language, so that a caller may hold several in
 * one printf; the order of the ranks is dk_rank's: 9, J, Q, K, 10, A */
#define DK_SUITED(sym, j, q, k) \
	sym "9", sym j, sym q, sym k, sym "10", sym "A"
#define DK_DECK(j, q, k) \
	DK_SUITED("\xe2\x99\xa3", j, q, k), DK_SUITED("\xe2\x99\xa0", j, q, k), \
	DK_SUITED("\xe2\x99\xa5", j, q, k), DK_SUITED("\xe2\x99\xa6", j, q, k)

const char *dk_view_card(dk_lang lang, dk_card c)
{
	/* Bube, Dame, König, Ass in German; Jack, Queen, King, Ace in English */
	static const char *const cards[DK_LANG_COUNT][DK_CARD_KINDS] = {
		[DK_LANG_EN] = { DK_DECK("J", "Q", "K") },
		[DK_LANG_DE] = { DK_DECK("B", "D", "K") },
	};
	if (c >= DK_CARD_KINDS || (unsigned)lang >= DK_LANG_COUNT)
		return "?";
	return cards[lang][c];
}

bool dk_view_red(dk_card c)
{
	return DK_CARD_SUIT(c) == DK_HEARTS || DK_CARD_SUIT(c) == DK_DIAMONDS;
}

void dk_view_event(dk_buf *b, dk_lang lang, const dk_game *g, const dk_event *e)
{
	switch (e->kind) {
	case DK_EV_ANNOUNCE:
		dk_buf_printf(b, "%s \"%s\"", dk_view_name(g, e->seat), dk_text_call_in(lang, e->call));
		break;
	case DK_EV_SWINE:
		dk_say(b, lang, DK_MSG_RP_SWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_HYPERSWINE:
		dk_say(b, lang, DK_MSG_RP_HYPERSWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_GENSCHER:
		dk_say(b, lang, DK_MSG_RP_GENSCHER, dk_view_name(g, e->seat));
		break;
	case DK_EV_WENDE_GENSCHER:
		dk_say(b, lang, DK_MSG_RP_WENDE_GENSCHER, dk_view_name(g, e->seat),
		       dk_view_name(g, e->partner));
		break;
	case DK_EV_OBJECTION:
		dk_say(b, lang, DK_MSG_RP_OBJECTION, e->seat ? dk_view_name(g, e->seat) : "?");
		break;
	default:
		dk_buf_puts(b, dk_event_kind_name(e->kind));
		break;
	}
}

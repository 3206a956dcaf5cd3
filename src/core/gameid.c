/*
 * gameid.c - the stable id of a game; see gameid.h.
 */
#include "gameid.h"


#define FNV_OFFSET 14695981039346656037ULL
#define FNV_PRIME 1099511628211ULL

static uint64_t mix(uint64_t h, long v)
{
	/* one 32-bit value per step, by its value, not its bytes in memory:
	 * the id does not depend on the machine's byte order */
	h ^= (uint64_t)(uint32_t)v;
	h *= FNV_PRIME;
	return h;
}

uint64_t dk_game_id(const dk_game *g)
{
	uint64_t h = FNV_OFFSET;
	h = mix(h, g->deal.dealer);
	/* hands by seat, each as the set of its cards: order-free */
	for (int seat = 1; seat <= DK_MAX_SEATS; seat++) {
		for (int i = 0; i < g->deal.hand_count; i++) {
			const dk_hand *hd = &g->deal.hands[i];
			if (hd->seat != seat)
				continue;
			/* two bits per card kind: how often the hand holds it */
			uint64_t held = 0;
			for (int k = 0; k < hd->count; k++)
				if ((unsigned)hd->cards[k] < DK_CARD_KINDS)
					held += 1ULL << (2 * hd->cards[k]);
			h = mix(h, seat);
			h = mix(h, (long)(held & 0xffffffffu));
			h = mix(h, (long)(held >> 32));
		}
	}
	h = mix(h, -1);
	for (size_t i = 0; i < g->bid_count; i++) {
		const dk_bid *b = &g->bids[i];
		h = mix(h, b->kind);
		h = mix(h, b->seat);
		h = mix(h, b->solo);
		h = mix(h, b->condition);
		h = mix(h, b->reason);
		h = mix(h, b->trumps);
		for (int k = 0; k < b->call_count; k++)
			h = mix(h, b->calls[k]);
		for (int k = 0; k < b->card_count; k++)
			h = mix(h, b->cards[k]);
	}
	h = mix(h, -2);
	for (size_t i = 0; i < g->event_count; i++) {
		const dk_event *e = &g->events[i];
		h = mix(h, e->kind);
		h = mix(h, e->seat);
		switch (e->kind) {
		case DK_EV_CARD: h = mix(h, e->card); break;
		case DK_EV_ANNOUNCE: h = mix(h, e->call); break;
		case DK_EV_WENDE_GENSCHER: h = mix(h, e->partner); break;
		default: break;
		}
	}
	return h;
}

void dk_game_id_format(char out[DK_GAME_ID_HEX], uint64_t id)
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 15; i >= 0; i--) {
		out[i] = hex[id & 0xf];
		id >>= 4;
	}
	out[16] = '\0';
}

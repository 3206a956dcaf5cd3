/*
 * test_record.c - the record model's helpers and the consistency check,
 * on games built in memory.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "check.h"
#include "leakcheck.h"
#include "record.h"

TestSuite(record, .fini = dk_leak_check);

static dk_player four[4] = {
	{ 1, "Anna", { 1, 1 } }, { 2, "Ben", { 2, 1 } },
	{ 3, "Clara", { 3, 1 } }, { 4, "David", { 4, 1 } },
};

/* a normal 48-card deal: each seat gets 12 cards, every card twice */
static void make_game(dk_game *g)
{
	memset(g, 0, sizeof(*g));
	g->index = 1;
	g->has_players = true;
	g->players.items = four;
	g->players.count = 4;
	g->deal.dealer = 4;
	g->deal.hand_count = 4;
	for (int s = 0; s < 4; s++) {
		dk_hand *h = &g->deal.hands[s];
		h->seat = s + 1;
		h->count = 12;
		for (int k = 0; k < 12; k++) {
			int n = s * 12 + k;      /* 0..47 */
			h->cards[k] = (dk_card)(n % 24);
			h->card_loc[k] = (dk_loc){ (uint32_t)(10 + s), (uint32_t)(20 + 3 * k) };
		}
		h->loc = (dk_loc){ (uint32_t)(10 + s), 7 };
	}
	g->recorded.re_points = g->recorded.kontra_points = -1;
}

static size_t check(const dk_game *g, const dk_rules *r, dk_diag *d)
{
	dk_diag_clear(d);
	return dk_record_check(g, r, "g.xml", d);
}

Test(record, a_full_deal_is_consistent)
{
	dk_game g;
	make_game(&g);
	dk_diag d;
	dk_diag_init(&d);
	cr_expect_eq(check(&g, NULL, &d), 0, "%s", d.count ? d.items[0].message : "");
	dk_rules ddv = { .name = "ddv", .deck_nines = true };
	cr_expect_eq(check(&g, &ddv, &d), 0);
	dk_diag_release(&d);
}

Test(record, a_third_copy_is_found_where_it_stands)
{
	dk_game g;
	make_game(&g);
	g.deal.hands[3].cards[5] = g.deal.hands[0].cards[0];  /* C9 a third time */
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(check(&g, NULL, &d), 1);
	cr_expect_str_eq(d.items[0].message, "'C9' is dealt a third time (hand of seat 4); the "
			 "deck has each card twice");
	cr_expect_eq(d.items[0].loc.line, 13);
	cr_expect_eq(d.items[0].loc.col, 35);
	dk_diag_release(&d);
}

Test(record, the_rule_set_decides_the_deck)
{
	dk_game g;
	make_game(&g);
	dk_rules forty = { .name = "unsere-2024", .deck_nines = false };
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(check(&g, &forty, &d), 1);
	cr_expect_str_eq(d.items[0].message, "every hand has 12 cards, but rule set 'unsere-2024' "
			 "plays without nines: 10 cards a hand");
	/* ten-card hands with a nine in them */
	for (int s = 0; s < 4; s++)
		g.deal.hands[s].count = 10;
	cr_expect_geq(check(&g, &forty, &d), 1);
	cr_expect_not_null(strstr(d.items[0].message, "has no nines"), "%s", d.items[0].message);
	dk_diag_release(&d);
}

Test(record, seats_must_hold_players)
{
	dk_game g;
	make_game(&g);
	g.deal.dealer = 6;
	g.deal.hands[2].seat = 5;
	dk_event ev[2] = {
		{ .kind = DK_EV_ANNOUNCE, .seat = 6, .call = DK_CALL_RE },
		{ .kind = DK_EV_WENDE_GENSCHER, .seat = 1, .partner = 1 },
	};
	g.has_play = true;
	g.events = ev;
	g.event_count = 2;
	dk_diag d;
	dk_diag_init(&d);
	cr_expect_eq(check(&g, NULL, &d), 4);
	cr_expect_str_eq(d.items[0].message, "the dealer, seat 6, is not among the players");
	cr_expect_str_eq(d.items[1].message, "hand of seat 5: no player sits there");
	cr_expect_str_eq(d.items[2].message, "<announce> names seat 6, which has no hand in this game");
	cr_expect_str_eq(d.items[3].message, "<wende-genscher>: seat 1 names itself as partner");
	dk_diag_release(&d);
}

Test(record, recorded_card_points_make_240)
{
	dk_game g;
	make_game(&g);
	g.recorded.present = true;
	g.recorded.re_points = 150;
	g.recorded.kontra_points = 90;
	dk_diag d;
	dk_diag_init(&d);
	cr_expect_eq(check(&g, NULL, &d), 0);
	g.recorded.kontra_points = 91;
	cr_expect_eq(check(&g, NULL, &d), 1);
	dk_diag_release(&d);
}

Test(record, a_game_inherits_from_its_session)
{
	dk_session s;
	memset(&s, 0, sizeof(s));
	s.meta.event = "Abend";
	s.meta.place = "Esslingen";
	s.has_players = true;
	s.players.items = four;
	s.players.count = 4;
	s.has_rules = true;
	s.rules.name = "esslingen-2002";
	dk_game g;
	memset(&g, 0, sizeof(g));
	g.session = &s;
	g.meta.place = "Stuttgart";
	cr_expect_str_eq(dk_game_event(&g), "Abend");
	cr_expect_str_eq(dk_game_place(&g), "Stuttgart");  /* its own wins */
	cr_expect_null(dk_game_date(&g));
	cr_expect_str_eq(dk_game_rules(&g)->name, "esslingen-2002");
	cr_expect_str_eq(dk_game_player_at(&g, 3)->name, "Clara");
	cr_expect_null(dk_game_player_at(&g, 5));
}

Test(record, names_round_trip)
{
	for (int k = 1; k < DK_SOLO_KIND_COUNT; k++) {
		dk_solo_kind out;
		cr_expect(dk_solo_kind_from_name(&out, dk_solo_kind_name((dk_solo_kind)k)));
		cr_expect_eq((int)out, k);
	}
	for (int c = 1; c < DK_CALL_COUNT; c++) {
		dk_call out;
		cr_expect(dk_call_from_name(&out, dk_call_name((dk_call)c)));
		cr_expect_eq((int)out, c);
	}
	dk_solo_kind k;
	cr_expect_not(dk_solo_kind_from_name(&k, "grand"));
	cr_expect_null(dk_solo_kind_name(DK_SOLO_KIND_COUNT));
	dk_call c;
	cr_expect_not(dk_call_from_name(&c, "keine 90"));
}

Test(record, a_date_must_be_one_the_calendar_has)
{
	cr_expect(dk_date_valid("2026-12-03"));
	cr_expect(dk_date_valid("2024-02-29"));    /* a leap year */
	cr_expect(dk_date_valid("2000-02-29"));    /* divisible by 400 */
	cr_expect_not(dk_date_valid("1900-02-29"));  /* by 100, not by 400 */
	cr_expect_not(dk_date_valid("2026-02-29"));
	cr_expect_not(dk_date_valid("2026-04-31"));
	cr_expect_not(dk_date_valid("2026-13-01"));
	cr_expect_not(dk_date_valid("2026-00-10"));
	cr_expect_not(dk_date_valid("2026-1-01"));
	cr_expect_not(dk_date_valid("2026/12/03"));
	cr_expect_not(dk_date_valid("2026-12-0x"));
	cr_expect_not(dk_date_valid("2026-12-031"));
	cr_expect_not(dk_date_valid(""));
}

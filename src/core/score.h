/*
 * score.h - who won a game and what it is worth, item by item.
 *
 * The input is what the scoring (TSR 7.1, 7.2 and the house rules) depends on: the card
 * points and tricks of each party, what each party announced (and which
 * party announced first), the special points each party won, and whether
 * one played alone.  dk_score_input_from_replay fills it from a replay.
 * The result names every item with the rule set key it rests on, so that a
 * verdict can explain each point.  Bock rounds and penalties are not here.
 */
#ifndef DK_SCORE_H
#define DK_SCORE_H

#include <stdbool.h>

#include "replay.h"
#include "rules.h"

typedef struct dk_score_input {
	bool solo;                   /* one against three (solo, silent marriage, bride alone) */
	dk_solo_kind solo_kind;      /* the order played; DK_SOLO_NONE for a bride alone */
	bool poverty;                /* a poverty played by the poor player and a taker */
	bool poverty_with_marriage;  /* esslingen: the poverty plays with the bride */
	bool ramsch;                 /* the fewer card points win (D8) */
	int points[3];               /* card points by dk_party */
	bool took_trick[3];          /* the party won at least one trick */
	bool said[3][DK_LEVELS];     /* announcements made, Re/Kontra then limits */
	int said_count[3][DK_LEVELS]; /* how many times each counts: 1 where said, or
					the players who said it (announce.per_player) */
	dk_party first_call;         /* the party that said Re/Kontra first, NONE = no call */
	int replied[3];              /* announce.strict_limit: 1 + the level a party's reply
					answered (1: Re/Kontra ... 5: schwarz), 0 = none */
	int doppelkopf[3];           /* special points won, by party */
	int fox[3];
	int fox_caught_last_trick[3]; /* ♦A of the opponents caught in the last trick */
	int fox_last_trick[3];       /* a ♦A (not a swine) won the last trick: 0 or 1 */
	int fox_last_trick_both[3];  /* ... and the winners' other ♦A is in it: 0 or 1 */
	int heart10_caught[3];       /* tricks a ♥10 won with the opponents' ♥10 in them */
	int heart_trick[3];          /* tricks of four hearts that are not trumps */
	int karlchen[3];
	int karlchen_both[3];        /* Karlchen won the last trick with the winners'
					other ♣B in it: 0 or 1 */
	int karlchen_caught[3];      /* each ♣B of the opponents caught in the last trick */
	bool last_trick_diamond_queen; /* a ♦D won the last trick */
} dk_score_input;

typedef enum dk_score_item_kind {
	DK_SI_WON = 0,               /* "gewonnen" */
	DK_SI_UNDER,                 /* the opponents under 90/60/30, schwarz: level 1..4 */
	DK_SI_CALL,                  /* Re or Kontra said (detail: the party that said it) */
	DK_SI_LIMIT,                 /* a limit said: level 1..4, detail: the party */
	DK_SI_REACHED,               /* 120/90/60/30 reached against a limit: level 1..4 */
	DK_SI_AGAINST_OLD,           /* "gegen die Alten" */
	DK_SI_DOPPELKOPF,
	DK_SI_FOX,
	DK_SI_KARLCHEN,
	DK_SI_KARLCHEN_CAUGHT,
	DK_SI_FOX_CAUGHT_LAST_TRICK, /* one more for a ♦A caught in the last trick */
	DK_SI_FOX_LAST_TRICK,        /* a ♦A won the last trick (the second: both foxes) */
	DK_SI_HEART10_CAUGHT,        /* a ♥10 beat the opponents' ♥10 */
	DK_SI_HEART_TRICK,           /* a trick of four hearts */
	DK_SI_REPLY,                 /* announce.strict_limit: a reply said (level: the
					level answered, 0 Re/Kontra ... 4 schwarz; detail:
					the party that said it) */
	DK_SI_KIND_COUNT
} dk_score_item_kind;

#define DK_SCORE_ITEMS 40

typedef struct dk_score_item {
	dk_score_item_kind kind;
	dk_party party;              /* the party that gets it */
	int points;
	int level;                   /* DK_SI_UNDER, _LIMIT, _REACHED */
	dk_party detail;             /* DK_SI_CALL, _LIMIT: who said it */
	bool special;                /* a special point (netted, maybe not doubled) */
	bool second;                 /* the second ♦A or ♣B of one trick (score.*_both) */
	const char *rule_key;
	const dk_rule_source *rule;
} dk_score_item;

typedef struct dk_score {
	dk_party winner;             /* DK_PARTY_NONE: nobody won (TSR 7.1.3) */
	int target[3];               /* card points each party needed (241 = all tricks) */
	dk_score_item items[DK_SCORE_ITEMS];
	int item_count;
	int base;                    /* the items that are multiplied, for the winner (signed for Re) */
	int multiplier;              /* doubling per Re/Kontra, lost counter-announcement */
	int specials;                /* special points added after, signed for Re */
	bool feigheit_capped;        /* esslingen: levels beyond one above the announced dropped */
	int feigheit_dropped;
	bool counter_doubled;        /* esslingen: the party that announced second lost */
	int value;                   /* the game's value for Re (negative: for Kontra) */
	int factor;                  /* the soloist's factor; 1 otherwise */
	dk_counting counting;        /* standings.counting: who gets the value */
	bool factor_for_all;         /* standings.solo_factor_for_all */
} dk_score;

/** Fill in from a finished replay of g. */
void dk_score_input_from_replay(dk_score_input *in, const dk_replay *rp, const dk_game *g);

/** Who won and what the game is worth under r. */
void dk_score_compute(dk_score *out, const dk_score_input *in, const dk_rules *r);

/**
 * The entry of every seat of the replayed game, as standings.counting
 * says (s->counting): plus-minus, each Re player +value, each Kontra
 * player -value; plus, only the winners (with no winner: the party the
 * value is for) +|value|; minus, only the losers -|value|.  A soloist
 * counts factor times the value; under plus and minus his opponents too
 * where standings.solo_factor_for_all holds.  Seats that did not play 0.
 * per_seat is indexed by seat (1..DK_MAX_SEATS).
 */
void dk_score_per_seat(long per_seat[DK_MAX_SEATS + 1], const dk_score *s, const dk_replay *rp);

/** Stable names: "won", "under", "call", "limit", "reached", "against-old" ... */
const char *dk_score_item_name(dk_score_item_kind k);

#endif

/*
 * replay.h - play a recorded game back under a rule set.
 *
 * The replay resolves the game type from the game finding (which
 * reservation wins, the poverty exchange, a silent marriage), then walks the
 * play card by card: whose turn it is, whether the card was in the hand,
 * whether suit was followed, who wins each trick under the game type's card
 * order, when the parties become known, and whether every announcement and
 * declaration was allowed when it was made.  Every irregularity becomes a
 * finding and the replay goes on wherever the game can continue: as played,
 * the card stands and the announcement counts.
 *
 * One slip is one finding: what follows legally from a slip that moved the
 * order of play or the hands is no finding of its own.  After a card out of
 * turn (or a wrong lead) the seat it passed over and the next seat on from
 * the card before are both in turn; a seat's second card in one trick takes
 * the turn of the seat due; a seat with an empty hand is passed over; a
 * revoke that only a card a card-not-in-hand left behind could have avoided
 * is dropped.  The slip's finding counts what follows from it (followed);
 * man/dokoref.1 has the list of the codes and why each can or cannot
 * cascade.
 *
 * It does not score (score.c) and does not print.
 */
#ifndef DK_REPLAY_H
#define DK_REPLAY_H

#include <stdbool.h>

#include "arena.h"
#include "finding.h"
#include "order.h"
#include "record.h"
#include "rules.h"

typedef enum dk_game_type {
	DK_GT_NORMAL = 0,
	DK_GT_MARRIAGE,
	DK_GT_SILENT_MARRIAGE,       /* both ♣Q, nothing said: a silent solo */
	DK_GT_POVERTY,
	DK_GT_SOLO,
	DK_GT_RAMSCH,                /* nobody took a poverty (unsere-2024) */
	DK_GT_THROWN_IN,             /* a player threw in: no game */
	DK_GT_REDEAL,                /* the rules end the deal: no game */
	DK_GT_COUNT
} dk_game_type;

#define DK_MAX_FINDINGS 64
#define DK_MAX_TRICKS 12

typedef struct dk_trick {
	dk_card cards[4];
	int seats[4];
	int count;
	int winner;                  /* seat; 0 while incomplete */
	int winner_index;            /* which of the cards won */
	int points;
} dk_trick;

/** What one party announced, and when. */
typedef struct dk_party_calls {
	bool made[DK_LEVELS];        /* Re/Kontra, keine 90, 60, 30, schwarz */
	int highest;                 /* highest level made, -1 = none */
	int last_cards;              /* cards of the game played at its last call */
	int first_seat;              /* who made its first call */
	bool reply_only;             /* its Re/Kontra was in time only as a reply */
	int reply;                   /* announce.strict_limit: the level its reply answered
					(0 Re/Kontra ... 4 schwarz), -1 = none */
} dk_party_calls;

typedef struct dk_replay {
	dk_game_type type;
	dk_solo_kind solo;           /* the order played: a solo's kind, DK_SOLO_TRUMPS for
					a silent marriage, DK_SOLO_NONE otherwise */
	int declarer;                /* soloist, bride or poor player; 0 = none */
	dk_solo_as solo_as;          /* a solo: Pflichtsolo, forced or Lustsolo, as the
					record says or as assumed (solo_as_assumed);
					DK_SOLO_AS_UNSAID for other games */
	bool solo_as_assumed;        /* the record does not say: read from the session
					(dk_replay_ctx) or, for a game on its own, from
					who led */
	int partner;                 /* marriage partner or poverty taker; 0 = none */
	dk_marriage_cond condition;  /* marriage: the condition that applied */
	int clarified_trick;         /* marriage: the trick that decided, 0 = none */
	bool alone;                  /* marriage: no partner, the bride alone */
	bool poverty_with_marriage;  /* poverty: the poor player plays with the bride
					(poverty.with_marriage play-together) */
	bool poverty_thrown;         /* thrown in: a poverty whose cards are not passed
					(poverty.exchange, poverty.throw_in_max_trumps) */
	int seats[DK_PLAYING_SEATS]; /* the four playing seats, in table order */
	dk_party party[DK_MAX_SEATS + 1];  /* per seat, as the game ended */
	dk_party_calls calls[3];     /* indexed by dk_party (RE, KONTRA) */
	dk_party first_caller;       /* the party that said Re/Kontra first, NONE = none */
	bool calls_per_player;       /* announce.per_player held in this game */
	int said_count[3][DK_LEVELS]; /* with it: how many players of each party said
					each level (a level passed over counts as said) */
	dk_trick tricks[DK_MAX_TRICKS];
	int trick_count;             /* complete tricks */
	int cards_played;
	int hand_size;
	int points[3];               /* card points by dk_party */
	bool swines_active;
	int swine_seat;
	bool hyperswines_active;
	int hyperswine_seat;
	bool genscher_active;
	int parties_clear_seq;       /* the partnerships are clear to every player (TSR 5.5.2)
					after this record position: 0 = from the bidding
					(a solo, a poverty), -1 = never */
	dk_order order;              /* as at the end of the game */
	dk_finding findings[DK_MAX_FINDINGS];
	int finding_count;
	int findings_dropped;
	/* where the replay stopped: the hands then, and whose turn it was */
	dk_card hand[DK_MAX_SEATS + 1][DK_MAX_HAND + DK_MAX_PASS];
	int hand_n[DK_MAX_SEATS + 1];
	int next_seat;
} dk_replay;

/**
 * What the session knows before a game, for a solo whose kind the record
 * does not say (rulesets/ddv.yaml, duty_soli.round_games): who still owes a duty solo, and who is
 * vorgeführt in this game.
 */
typedef struct dk_replay_ctx {
	bool owes[DK_MAX_SEATS + 1];  /* still owes a duty solo (duty_soli.*) */
	int forced_seat;              /* must play his duty solo now (duty_soli.forced), 0 = none */
} dk_replay_ctx;

/** dk_replay_run with what the session knows; ctx NULL: a game on its own. */
void dk_replay_run_in(dk_replay *out, const dk_game *g, const dk_rules *r,
		      const dk_replay_ctx *ctx);

/**
 * Replay g under rules r into out (overwritten).  Never fails: a record
 * that cannot be followed to its end ends the replay with a finding.  The
 * game must have passed dk_record_check.
 */
void dk_replay_run(dk_replay *out, const dk_game *g, const dk_rules *r);

/**
 * Does every hand hold the cards the tricks leave it?  Not after a seat
 * played twice in a trick (a record defect): a search from such a position
 * (src/solve/dd.h) would assume hands of the same size, and its answers
 * there would depend on the order it met the positions in.
 */
bool dk_replay_hands_match(const dk_replay *rp);

/**
 * Can the open trick go round from the seat to play next: the seats
 * clockwise from it, one per card the trick still lacks, none of them
 * already in it?  Not inside a trick where a card came out of turn and
 * the seat passed over makes it up (the seat after the card's player may
 * have played before it).  A search (src/solve/dd.h) plays a trick round
 * the table from the seat to play, so there it would let a seat play
 * twice.  True between tricks.
 */
bool dk_replay_turns_match(const dk_replay *rp);

/** Names: "normal", "marriage", "silent-marriage", "poverty", "solo",
 * "ramsch", "thrown-in", "redeal". */
const char *dk_game_type_name(dk_game_type t);

#endif

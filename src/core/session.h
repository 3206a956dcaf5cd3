/*
 * session.h - a session (an evening, a tournament table) game by game:
 * dealer rotation, who sits out at a table of five or six, Bock rounds,
 * the running standings and the score sheet's arithmetic (TSR 3 and the house rules).
 *
 * Everything the house rules decide comes from the rule set (deal.*,
 * table.*, bock.*, standings.*); nothing here knows a rule set by name.
 * The state is a fixed-size struct: a session of any length is followed in
 * constant memory, one game at a time, in the order of the record.
 *
 * Terms: a Bock is one round of doubled games, as many games as players at
 * the table (reading D14,
 * dokoref-readings(7)).  Under bock.kind append a Bock during a Bock
 * round appends another round (a game is doubled at most once); under stack
 * each Bock doubles the next round's games once more (x2, x4, x8; with
 * bock.multiplier m: xm, xm^2, ...).  "Bock
 * games pending" counts one per Bock and game still to come, so a game
 * doubled twice counts twice.
 */
#ifndef DK_SESSION_H
#define DK_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"
#include "replay.h"
#include "rules.h"
#include "score.h"

/* Bock games a stacking session can hold: bock-pending (at most 1000)
 * plus a round of the largest table, rounded up. */
#define DK_BOCK_WINDOW 1024
/* More Bocks than this on one game are counted but not doubled further
 * (2^20 times a game value still fits a long). */
#define DK_BOCK_MAX_DOUBLINGS 20
/* A Bock factor (bock.multiplier to the Bocks on a game) stops growing at
 * this: a further Bock that would pass it is counted but not applied. */
#define DK_BOCK_MAX_FACTOR (1L << DK_BOCK_MAX_DOUBLINGS)

/* What the session check finds; stable names (dk_session_issue_name). */
typedef enum dk_session_issue_code {
	DK_SX_DEALER = 0,            /* dealt by another seat than the rotation's */
	DK_SX_SIT_OUT,               /* a seat that sits out holds a hand */
	DK_SX_SIT_OUT_UNSAID,        /* warning: a table of five or six, the rules do not say who sits out */
	DK_SX_SCORE_WRONG,           /* a recorded score differs from the correct one (Bock included) */
	DK_SX_SCORE_SUM,             /* the recorded scores of a game do not add up to 0 */
	DK_SX_EVEN_ODD,              /* the recorded scores are not all even or all odd */
	DK_SX_TOTAL_WRONG,           /* a recorded running total differs from the correct standings */
	DK_SX_TOTAL_ARITHMETIC,      /* a recorded total is not the previous one plus the recorded score */
	DK_SX_BOCK_NOT_CARRIED,      /* warning: Bocks pending at the start, but the rules carry none over */
	DK_SX_BOCK_PENDING_WRONG,    /* bock-pending differs from what the players' last session left */
	DK_SX_DUTY_SOLO_MISSING,     /* at the session's end a player owes duty soli (duty_soli.*) */
	DK_SX_LUST_SOLO_EARLY,       /* a Lustsolo before the player's own duty solo
					(duty_soli.lust_after_duty) */
	DK_SX_FORCED_MISSED,         /* a player was vorgeführt, but the game is not his
					duty solo (duty_soli.forced) */
	DK_SX_FORCED_WRONG,          /* a solo recorded as vorgeführt, but nobody or another
					player was (duty_soli.forced) */
	DK_SX_CODE_COUNT
} dk_session_issue_code;

#define DK_SESSION_ISSUES 24

typedef struct dk_session_issue {
	dk_session_issue_code code;
	bool warning;
	int seat;                    /* who, 0 = the whole game */
	long found;                  /* what the record says (a seat, a score, a total, a sum) */
	long expected;               /* what it should be */
	int expected_alt;            /* DK_SX_DEALER: a second allowed dealer, 0 = none */
	const char *rule_key;        /* the rule set key that decides it, or NULL */
	const dk_rule_source *rule;
	dk_loc loc;
} dk_session_issue;

/* Bits of dk_session_game.triggered: enum dk_bock_trigger. */

/* The duty soli a player owes: colour ones, picture ones and the rest. */
typedef enum dk_duty_kind {
	DK_DUTY_ANY = 0,             /* of any kind: duty_soli.per_player less the others */
	DK_DUTY_COLOUR,              /* duty_soli.colour_per_player */
	DK_DUTY_PICTURE,             /* duty_soli.picture_per_player */
	DK_DUTY_KINDS
} dk_duty_kind;

/** The session's verdict on one game. */
typedef struct dk_session_game {
	bool scored;                 /* played to its end and scored */
	bool solo;                   /* one against three (solo, silent marriage, bride alone) */
	dk_solo_as solo_as;          /* a solo: Pflichtsolo, forced or Lustsolo (rp->solo_as) */
	bool solo_as_assumed;        /* the record did not say it */
	int forced_seat;             /* vorgeführt in this game (duty_soli.forced), 0 = none */
	int duty_missing, games_left; /* with forced_seat: duty soli missing, games of the
					 Spielrunde left (duty_soli.round_games) */
	bool counts_in_round;        /* a game of the round (deal.after_solo same-dealer: not a solo) */
	int round, game_in_round;    /* 1-based; the round a game belongs to */
	int table_size;              /* players at the table */
	int sitting_out[2];          /* seats that sit out by the rules, 0 = none */
	int bocks;                   /* Bocks that double this game (after bock.solo) */
	int bocks_waiting;           /* Bocks that were due on this game */
	bool bock_moved_back;        /* a solo in a Bock round, not doubled (bock.solo) */
	bool bock_not_used_up;       /* doubled, but the Bock games wait for the next game
					(bock.uses_up, or bock.solo doubled-not-used-up) */
	bool bock_not_used_up_by_kind; /* ... because bock.uses_up leaves out its kind */
	long multiplier;             /* bock.multiplier ^ bocks */
	dk_enum_set triggered;       /* dk_bock_trigger bits that fired */
	int bocks_made;              /* Bocks this game adds */
	bool flipped;                /* standings.diamond_king_flip: signs turned first */
	long score[DK_MAX_SEATS + 1];     /* the correct entry per seat, Bock included */
	long total[DK_MAX_SEATS + 1];     /* the correct standings after the game */
	bool recorded_score_wrong;
	long score_off;              /* sum of |recorded - correct| over the seats */
	bool recorded_total_wrong;
	long bock_pending_after;     /* Bock games pending after this game */
	dk_session_issue issues[DK_SESSION_ISSUES];
	int issue_count;
	int issues_dropped;
} dk_session_game;

/** Where the session stands between games. */
typedef struct dk_session_state {
	int pending_start;           /* bock-pending of the header, -1 = unsaid */
	long carried;                /* what the same players' previous session left, -1 = unknown */
	bool started;                /* a game has been judged */
	bool warned_sit_out;
	int table_size;
	long total[DK_MAX_SEATS + 1];     /* correct standings */
	long rec_total[DK_MAX_SEATS + 1]; /* the recorded standings as last written */
	bool rec_total_known[DK_MAX_SEATS + 1];
	int prev_dealer;             /* 0 = no game yet */
	int prev_kind;               /* how the previous game moves the deal (session.c) */
	int counted;                 /* games of rounds so far */
	bool duty_solo_done[DK_MAX_SEATS + 1];
	int duty_need[DK_DUTY_KINDS];            /* duty soli per player, by dk_duty_kind */
	int duty_done[DK_MAX_SEATS + 1][DK_DUTY_KINDS];  /* counted towards them */
	bool duty_seat[DK_MAX_SEATS + 1];        /* seats at the table in the session */
	dk_loc duty_loc;                         /* where the session (or its first game) is */
	int round_played;                        /* games of the Spielrunde so far: not a
						    Pflichtsolo the same dealer deals again
						    after, nor a deal thrown in
						    (duty_soli.round_games) */
	int duty_game[DK_MAX_SEATS + 1][4];      /* the games (1-based) of each player's
						    first duty soli, 0 = none */
	dk_solo_as duty_as[DK_MAX_SEATS + 1][4]; /* duty or forced */
	bool duty_assumed[DK_MAX_SEATS + 1][4];  /* the record did not say it */
	long bock_queue;             /* bock.kind append: doubled games to come */
	unsigned char bock_ring[DK_BOCK_WINDOW];  /* bock.kind stack: Bocks per game to come */
	int bock_head;
	long bock_ring_sum;          /* the sum of bock_ring, kept as it changes */
	size_t games;
} dk_session_state;

/** Start a session; s may be NULL (a game on its own). */
void dk_session_begin(dk_session_state *st, const dk_session *s);

/**
 * Judge game g, replayed as rp under r, in the session.  in, sc and
 * per_seat are the game's score as played (dk_score_compute,
 * dk_score_per_seat), or NULL when the game was not played to its end.
 * out is overwritten; the state moves on to the next game.
 */
void dk_session_judge(dk_session_state *st, dk_session_game *out, const dk_game *g,
		      const dk_rules *r, const dk_replay *rp, const dk_score_input *in,
		      const dk_score *sc, const long *per_seat);

/**
 * What the session knows before game g under r, for the replay of a solo
 * whose kind the record does not say (dk_replay_run_in): who owes a duty
 * solo, and who is vorgeführt in g (duty_soli.forced: the duty soli
 * missing are as many as the games of duty_soli.round_games left; the
 * first player left of g's dealer who owes one, the dealer last).
 */
void dk_session_replay_ctx(const dk_session_state *st, const dk_game *g, const dk_rules *r,
			   dk_replay_ctx *ctx);

/**
 * The same players' previous session ended with `pending` Bock games
 * pending.  Under bock.carry_over the session starts with them when its
 * header does not say, and a header that says another number is reported
 * (the header's number is used).  Call after dk_session_begin.
 */
void dk_session_carry(dk_session_state *st, long pending);

/**
 * The session has ended: a DK_SX_DUTY_SOLO_MISSING issue in out (room for
 * max) for each player at the table who has not played the duty soli of
 * duty_soli.* (under the rules of its last game).  The solos recorded or
 * assumed as Pflichtsoli, forced or not (dk_replay.solo_as; not a Lustsolo,
 * a silent marriage or a bride alone), are his duty soli: a colour solo
 * counts as a colour one while he owes one, a picture
 * solo as a picture one, and else as one of any kind.  found is what he
 * played, expected what he owed; for duty_soli.per_player the totals.  The
 * issues have no rule source (the rules may be gone): rule_key names it.
 * Returns the number of issues written.
 */
int dk_session_finish(const dk_session_state *st, dk_session_issue *out, int max);

/** Bock games pending now (see the head of this file). */
long dk_session_bock_pending(const dk_session_state *st);

/** Stable names: "dealer", "sit-out", "score-wrong", ...; NULL if invalid. */
const char *dk_session_issue_name(dk_session_issue_code c);

/** Name of a Bock trigger (bock.triggers' own names); NULL if invalid. */
const char *dk_bock_trigger_name(dk_bock_trigger t);

#endif

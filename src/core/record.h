/*
 * record.h - the in-memory model of a recorded Doppelkopf game.
 *
 * A record holds the facts in the order they happened (deal, game finding,
 * play with announcements and declarations between the cards) and, kept
 * apart, what the table wrote down.  It holds no judgement: whether a play
 * was legal is the replay's business.  Every event remembers where it stood
 * in its file, so that findings can point into the record.
 *
 * All strings and arrays of a game belong to the arena the reader was given;
 * nothing here is freed one by one.
 */
#ifndef DK_RECORD_H
#define DK_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "card.h"
#include "diag.h"

#define DK_MAX_SEATS 6      /* players at one table */
#define DK_PLAYING_SEATS 4  /* players in one game */
#define DK_MAX_HAND 12
#define DK_NO_SEAT 0        /* seats count from 1 */

/** Free-text metadata; any field may be NULL. */
typedef struct dk_meta {
	const char *event;
	const char *place;
	const char *date;    /* YYYY-MM-DD */
	const char *table;
	const char *round;
	const char *number;  /* game number as the scorekeeper wrote it */
	dk_loc loc;
} dk_meta;

typedef struct dk_note {
	const char *text;
	dk_loc loc;
} dk_note;

typedef struct dk_player {
	int seat;            /* 1..DK_MAX_SEATS, clockwise */
	const char *name;
	dk_loc loc;
} dk_player;

typedef struct dk_players {
	dk_player *items;
	size_t count;
	dk_loc loc;
} dk_players;

/** One per-record override of a rule set value: key and value as written. */
typedef struct dk_rule_override {
	const char *key;
	const char *value;
	dk_loc loc;
} dk_rule_override;

typedef struct dk_rules_ref {
	const char *name;    /* a shipped rule set, or NULL */
	const char *path;    /* a rule set file, or NULL; exactly one is set */
	dk_rule_override *overrides;
	size_t override_count;
	dk_loc loc;
} dk_rules_ref;

typedef struct dk_hand {
	int seat;
	dk_card cards[DK_MAX_HAND];
	int count;
	dk_loc loc;
	dk_loc card_loc[DK_MAX_HAND];
} dk_hand;

typedef struct dk_deal {
	int dealer;                          /* seat */
	dk_hand hands[DK_PLAYING_SEATS];
	int hand_count;
	dk_loc loc;
} dk_deal;

/* ---- the game-finding phase ---------------------------------------- */

typedef enum dk_solo_kind {
	DK_SOLO_NONE = 0,
	DK_SOLO_QUEENS,          /* Damensolo */
	DK_SOLO_JACKS,           /* Bubensolo */
	DK_SOLO_CLUBS,           /* Farbsolo with ♥10, queens and jacks ("dirty") */
	DK_SOLO_SPADES,
	DK_SOLO_HEARTS,
	DK_SOLO_DIAMONDS,
	DK_SOLO_PURE_CLUBS,      /* reines Farbsolo: only the suit is trump */
	DK_SOLO_PURE_SPADES,
	DK_SOLO_PURE_HEARTS,
	DK_SOLO_PURE_DIAMONDS,
	DK_SOLO_TRUMPS,          /* Trumpfsolo: the normal game's trumps */
	DK_SOLO_FLEISCHLOS,      /* no trumps */
	DK_SOLO_KOEHLER,         /* kings, queens, jacks are trump */
	DK_SOLO_KINGS,           /* Königssolo: only the kings */
	DK_SOLO_QUEENS_JACKS,    /* Damen-Buben-Solo: queens above jacks */
	DK_SOLO_KINGS_JACKS,     /* kings above jacks */
	DK_SOLO_KINGS_QUEENS,    /* kings above queens */
	DK_SOLO_KIND_COUNT
} dk_solo_kind;

/* What kind of solo a solo was at the table (TSR 4.1.4: the soloist says
 * it when he names the solo): a Pflichtsolo, a forced one (vorgeführt,
 * TSR 4.2.3) or a Lustsolo. */
typedef enum dk_solo_as {
	DK_SOLO_AS_UNSAID = 0,   /* the record does not say: the session decides */
	DK_SOLO_AS_LUST,         /* Lustsolo */
	DK_SOLO_AS_DUTY,         /* Pflichtsolo */
	DK_SOLO_AS_FORCED,       /* Pflichtsolo, vorgeführt */
	DK_SOLO_AS_COUNT
} dk_solo_as;

typedef enum dk_marriage_cond {
	DK_MARRIAGE_UNSAID = 0,
	DK_MARRIAGE_FIRST_TRICK,         /* first trick won by another player */
	DK_MARRIAGE_FIRST_FEHL_TRICK,    /* first trick led with a fehl card */
	DK_MARRIAGE_FIRST_TRUMP_TRICK,   /* first trick led with a trump */
	DK_MARRIAGE_FIRST_CLUB_TRICK,    /* first trick led with a fehl ♣ */
	DK_MARRIAGE_FIRST_SPADE_TRICK,   /* first trick led with a fehl ♠ */
	DK_MARRIAGE_FIRST_HEART_TRICK,   /* first trick led with a fehl ♥ */
	DK_MARRIAGE_COND_COUNT
} dk_marriage_cond;

typedef enum dk_throw_reason {
	DK_THROW_UNSAID = 0,
	DK_THROW_FIVE_KINGS,     /* at least throw_in.min_kings kings (5 unless said) */
	DK_THROW_FIVE_NINES,     /* at least throw_in.min_nines nines (5 unless said) */
	DK_THROW_FEW_TRUMPS,
	DK_THROW_NINES_AND_KINGS, /* nines and kings together, throw_in.min_nines_and_kings */
	DK_THROW_RICHNESS,       /* card points in the hand, throw_in.min_richness */
	DK_THROW_FOX_HIGHEST_TRUMP, /* no trump above the ♦A */
	DK_THROW_REASON_COUNT
} dk_throw_reason;

typedef enum dk_call {
	DK_CALL_NONE = 0,
	DK_CALL_RE,
	DK_CALL_KONTRA,
	DK_CALL_NO90,
	DK_CALL_NO60,
	DK_CALL_NO30,
	DK_CALL_SCHWARZ,
	/* announce.strict_limit: the answer to the opponents' highest
	 * announcement, claiming what it denies (FreeDoko's "no 120 reply" ...
	 * "no 0 reply"): 120 against Re/Kontra, 90 against keine 90, ...,
	 * one trick against schwarz */
	DK_CALL_REPLY_120,
	DK_CALL_REPLY_90,
	DK_CALL_REPLY_60,
	DK_CALL_REPLY_30,
	DK_CALL_REPLY_0,
	DK_CALL_COUNT
} dk_call;

typedef enum dk_bid_kind {
	DK_BID_HEALTHY = 0,      /* "gesund" */
	DK_BID_RESERVATION,      /* "Vorbehalt" */
	DK_BID_SOLO,             /* names a solo, optionally with announcements */
	DK_BID_MARRIAGE,         /* names a Hochzeit and its partner condition */
	DK_BID_POVERTY,          /* names an Armut */
	DK_BID_THROW_IN,         /* wants to throw in (schmeißen) */
	DK_BID_POVERTY_PASS,     /* the poor player hands over cards */
	DK_BID_POVERTY_DECLINE,  /* asked, refuses to take */
	DK_BID_POVERTY_ACCEPT,   /* asked, takes */
	DK_BID_POVERTY_RETURN,   /* the taker gives cards back */
	DK_BID_POVERTY_REPORT,   /* what was said about the returned trumps */
	DK_BID_SWINE_SHOWN,      /* swines shown before the poverty exchange
				    (swines.in_poverty re-only-if-shown) */
	DK_BID_KIND_COUNT
} dk_bid_kind;

#define DK_MAX_PASS 6  /* cards one poverty exchange may carry, as recorded */
#define DK_MAX_BID_CALLS 6

typedef struct dk_bid {
	dk_bid_kind kind;
	int seat;
	dk_solo_kind solo;             /* DK_BID_SOLO */
	dk_solo_as as;                 /* DK_BID_SOLO: Pflichtsolo or Lustsolo */
	dk_call calls[DK_MAX_BID_CALLS]; /* DK_BID_SOLO: said with the bid */
	int call_count;
	dk_marriage_cond condition;    /* DK_BID_MARRIAGE */
	dk_throw_reason reason;        /* DK_BID_THROW_IN */
	dk_card cards[DK_MAX_PASS];    /* DK_BID_POVERTY_PASS / _RETURN */
	int card_count;
	int trumps;                    /* DK_BID_POVERTY_REPORT; -1 = not said */
	const char *text;              /* words as said, may be NULL */
	dk_loc loc;
} dk_bid;

/* ---- the play -------------------------------------------------------- */

typedef enum dk_event_kind {
	DK_EV_CARD = 0,
	DK_EV_ANNOUNCE,
	DK_EV_SWINE,             /* "Schweinchen" declared */
	DK_EV_GENSCHER,          /* Genscher declared with the first ♦K */
	DK_EV_WENDE_GENSCHER,    /* new partner chosen with the first ♦B */
	DK_EV_OBJECTION,         /* somebody reclaimed at this point */
	DK_EV_HYPERSWINE,        /* hyperswines declared (both trump nines, or kings);
				    last, so that the numbers above and the game ids
				    made from them stay as they were */
	DK_EV_KIND_COUNT
} dk_event_kind;

typedef struct dk_event {
	dk_event_kind kind;
	int seat;
	dk_card card;        /* DK_EV_CARD */
	dk_call call;        /* DK_EV_ANNOUNCE */
	int partner;         /* DK_EV_WENDE_GENSCHER: the chosen seat */
	const char *text;    /* DK_EV_OBJECTION: what was said; may be NULL */
	dk_loc loc;
} dk_event;

/* ---- what the table wrote down --------------------------------------- */

typedef enum dk_party {
	DK_PARTY_NONE = 0,
	DK_PARTY_RE,
	DK_PARTY_KONTRA
} dk_party;

typedef struct dk_seat_points {
	int seat;
	long points;
	dk_loc loc;
} dk_seat_points;

typedef struct dk_recorded {
	bool present;
	dk_party winner;             /* DK_PARTY_NONE when not written down */
	bool winner_none;            /* "nobody won" was written down */
	int re_points;               /* card points, -1 = not written */
	int kontra_points;
	bool has_value;              /* the game's value was written down */
	int value;                   /* the value for the winner, as a score sheet
					holds it ("kontra 3"): what each of the
					winning party scores in a normal game */
	dk_seat_points *scores;
	size_t score_count;
	dk_seat_points *totals;      /* running totals after this game */
	size_t total_count;
	dk_loc loc;
} dk_recorded;

typedef struct dk_session dk_session;

typedef struct dk_game {
	size_t index;                /* 1-based position in its file */
	const dk_session *session;   /* NULL outside a session */
	const char *const *comments; /* XML comments before the game */
	size_t comment_count;
	dk_meta meta;                /* as written on the game itself */
	dk_note *notes;
	size_t note_count;
	bool has_rules;
	dk_rules_ref rules;
	bool has_players;
	dk_players players;
	dk_deal deal;
	bool has_bidding;
	dk_bid *bids;
	size_t bid_count;
	dk_loc bidding_loc;
	bool has_play;
	dk_event *events;
	size_t event_count;
	dk_loc play_loc;
	dk_recorded recorded;
	dk_loc loc;
	/* imported records (FreeDoko): what the other program scored, and a
	 * deal that is known only after a poverty exchange */
	const char *imported_from;   /* "FreeDoko" for an imported record, else NULL */
	const struct dk_foreign_score *foreign;  /* NULL when there is none */
	bool exchange_unknown;       /* the hands are after the poverty exchange;
					which cards moved is not known */
} dk_game;

struct dk_session {
	size_t index;                /* 1-based among the file's sessions */
	const char *const *comments;
	size_t comment_count;
	dk_meta meta;
	dk_note *notes;
	size_t note_count;
	bool has_rules;
	dk_rules_ref rules;
	bool has_players;
	dk_players players;
	int bock_pending;            /* Bock games pending at the start, -1 = unsaid */
	dk_loc loc;
};

/* ---- a score another program computed (imported records) ------------ */

/** One item of the other program's score, in its own words. */
typedef struct dk_foreign_item {
	const char *name;            /* "caught fox", "no 90", "won" */
	dk_party party;              /* the party it counts for */
	int value;
	dk_loc loc;
} dk_foreign_item;

typedef struct dk_foreign_score {
	const char *program;         /* "FreeDoko" */
	dk_party winner;             /* DK_PARTY_NONE: nobody won */
	dk_party party[DK_MAX_SEATS + 1];  /* per seat; DK_PARTY_NONE = not said */
	int points[3];               /* card points by dk_party, -1 = not said */
	int value;                   /* the game's value as written (bock included) */
	int bock;                    /* the bock multiplier in value, 1 = none */
	bool solo;                   /* the program scored it as a solo */
	bool has_summary;            /* the fields above the trick winners were written */
	int trick_winner[DK_MAX_HAND]; /* seat that won each trick, as the program said; 0 = not said */
	int trick_count;
	const char *played_option;   /* an option of the program dokoref cannot express
					that was in play (FreeDoko's hyperswines), so that
					any difference may come from it; NULL if none */
	dk_foreign_item *items;
	size_t item_count;
	dk_loc loc;
} dk_foreign_score;

/* ---- resolving what a game inherits from its session ------------------ */

/** The players that apply to game g (its own or its session's); NULL if none. */
const dk_players *dk_game_players(const dk_game *g);

/** The rule set reference that applies to g; NULL if none is given. */
const dk_rules_ref *dk_game_rules(const dk_game *g);

/** The metadata field of g or, when g lacks it, of its session. */
const char *dk_game_event(const dk_game *g);
const char *dk_game_place(const dk_game *g);
const char *dk_game_date(const dk_game *g);
const char *dk_game_table(const dk_game *g);

/** The player at seat of g, or NULL. */
const dk_player *dk_game_player_at(const dk_game *g, int seat);

/** Number of DK_EV_CARD events. */
size_t dk_game_card_count(const dk_game *g);

/* ---- names used by every format ------------------------------------- */

/** XML/JSON identifiers of the enums above; NULL for an invalid value. */
const char *dk_solo_kind_name(dk_solo_kind k);
const char *dk_solo_as_name(dk_solo_as a);   /* "lust", "duty", "forced"; NULL for unsaid */
const char *dk_marriage_cond_name(dk_marriage_cond c);
const char *dk_throw_reason_name(dk_throw_reason r);
const char *dk_call_name(dk_call c);
const char *dk_bid_kind_name(dk_bid_kind k);
const char *dk_event_kind_name(dk_event_kind k);
const char *dk_party_name(dk_party p);

/** Look an identifier up; returns false if unknown. */
bool dk_solo_kind_from_name(dk_solo_kind *out, const char *s);
bool dk_solo_as_from_name(dk_solo_as *out, const char *s);
bool dk_marriage_cond_from_name(dk_marriage_cond *out, const char *s);
bool dk_throw_reason_from_name(dk_throw_reason *out, const char *s);
bool dk_call_from_name(dk_call *out, const char *s);

/** Is s a date as records give it, YYYY-MM-DD, and one the calendar has? */
bool dk_date_valid(const char *s);

#endif

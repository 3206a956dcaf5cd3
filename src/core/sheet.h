/*
 * sheet.h - a score sheet without cards, and what can be checked on it.
 *
 * Most clubs keep no cards, only a sheet: per game the dealer perhaps, the
 * kind of game perhaps, each player's entry, the running totals, marks for
 * Bock.  The readers (src/fmt/fmt_sheet_*.c) fill one dk_sheet; the audit
 * here checks it under a rule set as far as the sheet allows and gives its
 * findings as data (dk_sheet_issue), worded in src/report/sheet_text.c.
 *
 * What it checks, per game: the entries add up as standings.counting says
 * (plus-minus: to 0), DDV's even/odd (standings.even_odd), that some game
 * can give them at all (two against two with one value, or a soloist
 * against three with score.solo_factor), that they fit the game type the
 * sheet names, the written game value times the Bock factor, the running
 * totals against the previous total plus the entry
 * (standings.diamond_king_flip allowed), the dealer rotation
 * (deal.after_solo, deal.silent_marriage_is_solo), who sits out at a table
 * of five or more (table.*_sit_out or the sheet's own scheme), and the
 * Bocks: the Bock marks against the triggers the sheet marks (bock.kind,
 * bock.per_game, bock.solo, bock.multiplier, D14), triggers the rule set
 * does not have, and the triggers a sheet shows by itself (a game scored 0,
 * a lost solo) but does not mark.
 *
 * What it cannot check (dk_sheet_blind): anything that needs the cards:
 * who was Re, the card points, the announcements and their timing, special
 * points, the game value itself, revokes.  It does not print.
 */
#ifndef DK_SHEET_H
#define DK_SHEET_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "record.h"
#include "rules.h"

#define DK_SHEET_MAX_PLAYERS 8
#define DK_SHEET_MAX_NAME 64
#define DK_SHEET_MAX_GAMES 100000
#define DK_SHEET_MAX_ABS 100000000L   /* |entry|, |total|, |value| */
#define DK_SHEET_ISSUES 12

/** The kind of game as the sheet names it. */
typedef enum dk_sheet_type {
	DK_SHT_UNSAID = 0,
	DK_SHT_NORMAL,
	DK_SHT_SOLO,
	DK_SHT_MARRIAGE,           /* a marriage; the bride alone plays as a solo */
	DK_SHT_SILENT_MARRIAGE,
	DK_SHT_POVERTY,
	DK_SHT_THROWN_IN,          /* no game: thrown in or dealt again */
	DK_SHT_COUNT
} dk_sheet_type;

/** Which sheet format it came from (what it can say). */
typedef enum dk_sheet_format {
	DK_SHF_DOKOREF = 0,        /* formats/score-sheet.md */
	DK_SHF_DAPFIDUCK,          /* cumulative totals and a signed value S */
	DK_SHF_QTDOPPELKOPF,       /* tristhaus' event log (JSON) */
	DK_SHF_COUNT
} dk_sheet_format;

typedef struct dk_sheet_game {
	dk_loc loc;                /* the row (the deal object) */
	int number;                /* as written, 0 = unsaid */
	int dealer;                /* seat 1..n, 0 = unsaid */
	bool dealer_derived;       /* not written: the sheet's program rotates it */
	dk_loc dealer_loc;
	dk_sheet_type type;
	dk_loc type_loc;
	int bock;                  /* Bocks the sheet marks on the game, -1 = unsaid */
	dk_loc bock_loc;
	int made;                  /* Bocks the sheet says the game makes, -1 = unsaid */
	dk_enum_set made_triggers; /* dk_bock_trigger bits, where named */
	dk_loc made_loc;
	bool value_written;
	long value;                /* the game value as written */
	bool value_has_bock;       /* the written value includes the Bock factor */
	dk_loc value_loc;
	bool calls_written;
	bool call_re, call_kontra;
	bool entry_written[DK_SHEET_MAX_PLAYERS + 1];
	bool entry_derived[DK_SHEET_MAX_PLAYERS + 1]; /* from the totals or completed */
	long entry[DK_SHEET_MAX_PLAYERS + 1];
	dk_loc entry_loc[DK_SHEET_MAX_PLAYERS + 1];
	bool total_written[DK_SHEET_MAX_PLAYERS + 1];
	long total[DK_SHEET_MAX_PLAYERS + 1];
	dk_loc total_loc[DK_SHEET_MAX_PLAYERS + 1];
	bool duty_round;           /* the sheet starts a round of duty soli here */
} dk_sheet_game;

typedef struct dk_sheet {
	dk_sheet_format format;
	char rules[DK_SHEET_MAX_NAME];     /* rule set named by the sheet, "" = none */
	dk_loc rules_loc;
	int nplayers;
	char players[DK_SHEET_MAX_PLAYERS + 1][DK_SHEET_MAX_NAME]; /* by seat, 1-based */
	int bock_pending;                  /* -1 = unsaid */
	/* the sheet's own sit-out scheme (offsets from the dealer), if any */
	bool own_sit_out;
	int sit_out_count;
	int sit_out[DK_SHEET_MAX_PLAYERS];
	dk_loc sit_out_loc;
	/* columns the format or the file has */
	bool has_dealer, has_type, has_bock, has_made, has_value, has_calls, has_entries,
	     has_totals;
	dk_sheet_game *games;
	size_t count, alloc;
} dk_sheet;

void dk_sheet_init(dk_sheet *s);
void dk_sheet_release(dk_sheet *s);
/** A new game at the end, zeroed (bock and made -1); never NULL. */
dk_sheet_game *dk_sheet_add_game(dk_sheet *s);

/** What the audit finds; stable names (dk_sheet_issue_name). */
typedef enum dk_sheet_issue_code {
	DK_SH_SUM = 0,             /* the entries do not add up (standings.counting) */
	DK_SH_EVEN_ODD,            /* not all even or all odd (standings.even_odd) */
	DK_SH_SHAPE,               /* no game gives these entries */
	DK_SH_PLAYERS,             /* not four players with an entry */
	DK_SH_TYPE,                /* the entries do not fit the game type written */
	DK_SH_VALUE,               /* the entries are not the written value times the Bock factor */
	DK_SH_TOTAL,               /* a running total is not the previous one plus the entry */
	DK_SH_DEALER,              /* another dealer than the rotation's */
	DK_SH_SIT_OUT,             /* a player who sits out has an entry */
	DK_SH_BOCK,                /* the Bock mark differs from the Bocks due */
	DK_SH_BOCK_NO_RULE,        /* Bock marked, but the rule set has no Bock */
	DK_SH_TRIGGER_NO_RULE,     /* a trigger marked that the rule set does not have */
	DK_SH_TRIGGER_MISSING,     /* the entries show a trigger the sheet does not mark */
	DK_SH_TRIGGER_COUNT,       /* more Bocks made than bock.per_game allows */
	DK_SH_SIT_OUT_UNSAID,      /* warning: table of five+, nothing says who sits out */
	DK_SH_CODE_COUNT
} dk_sheet_issue_code;

typedef struct dk_sheet_issue {
	dk_sheet_issue_code code;
	bool warning;
	int seat;                  /* 0 = the whole game */
	long found, expected;
	long expected_alt;         /* DK_SH_DEALER: a second allowed dealer, 0 = none */
	int trigger;               /* DK_SH_TRIGGER_*: a dk_bock_trigger, -1 = none */
	const char *rule_key;      /* the rule set key that decides it, or NULL */
	const dk_rule_source *rule;
	dk_loc loc;
} dk_sheet_issue;

/** The audit's verdict on one game. */
typedef struct dk_sheet_verdict {
	int table_size;
	int playing;               /* players with an entry */
	int shape;                 /* 0 none/unknown, 1 two against two, 2 one against three, 3 all zero */
	int soloist;               /* seat, for shape 2 */
	long unit;                 /* the value per player of the larger party (Bock included) */
	int bocks;                 /* Bocks due on the game by the marks before it */
	long multiplier;
	long pending_after;
	dk_sheet_issue issues[DK_SHEET_ISSUES];
	int issue_count;
	int issues_dropped;
} dk_sheet_verdict;

/** Follows a sheet game by game (fixed size). */
typedef struct dk_sheet_state {
	int prev_dealer;
	int prev_kind;
	bool started;
	bool warned;
	int duty_done[DK_SHEET_MAX_PLAYERS + 1];
	long total[DK_SHEET_MAX_PLAYERS + 1];
	bool total_known[DK_SHEET_MAX_PLAYERS + 1];
	long bock_queue;           /* append */
	unsigned char ring[1024];  /* stack */
	int head;
	long ring_sum;
} dk_sheet_state;

void dk_sheet_audit_begin(dk_sheet_state *st, const dk_sheet *s, const dk_rules *r);

/** Judge game i of s under r; out is overwritten, the state moves on. */
void dk_sheet_audit_game(dk_sheet_state *st, dk_sheet_verdict *out, const dk_sheet *s,
			 size_t i, const dk_rules *r);

/** Stable names: "sum", "even-odd", ...; NULL if invalid. */
const char *dk_sheet_issue_name(dk_sheet_issue_code c);

/** What a sheet without cards cannot tell: bits of dk_sheet_blind_item. */
typedef enum dk_sheet_blind_item {
	DK_SB_PLAY = 0,            /* the play: revokes, order, announcements' timing */
	DK_SB_VALUE,               /* the game value itself (card points, calls, specials) */
	DK_SB_PARTIES,             /* who was Re and who Kontra */
	DK_SB_TRIGGERS,            /* Bock triggers that need the cards (lost call, tie, ...) */
	DK_SB_DEALER,              /* no dealer column: the rotation */
	DK_SB_DEALER_DERIVED,      /* the program rotates the dealer itself */
	DK_SB_TYPE,                /* no game type: solos only from the entries */
	DK_SB_BOCK,                /* no Bock marks */
	DK_SB_VALUE_SIGN,          /* DapfiDuck's S: its sign's meaning is unsaid */
	DK_SB_DUTY,                /* duty soli: which solo was one */
	DK_SB_COUNT
} dk_sheet_blind_item;

/** The bits of what s cannot tell under r. */
unsigned dk_sheet_blind(const dk_sheet *s, const dk_rules *r);

/** Names of game types, for the readers: "normal", "solo", ...; NULL if invalid. */
const char *dk_sheet_type_name(dk_sheet_type t);

#endif

/*
 * finding.h - what the replay found wrong in a game, as data.
 *
 * A finding names a stable code, where it happened (trick, card number,
 * record position), who, what was played or said, what the rule demanded,
 * and the rule set key with its source.  It holds no sentence: the words are
 * made in src/report/, in each language, from these fields.
 */
#ifndef DK_FINDING_H
#define DK_FINDING_H

#include <stdbool.h>

#include "card.h"
#include "diag.h"
#include "record.h"
#include "rules.h"

/* Stable codes; the names (dk_finding_code_name) appear in output and JSON. */
typedef enum dk_finding_code {
	/* the play */
	DK_F_CARD_NOT_IN_HAND = 0,     /* played a card the hand does not hold */
	DK_F_OUT_OF_TURN,              /* played when another seat was to play */
	DK_F_WRONG_LEAD,               /* the first trick led by the wrong seat */
	DK_F_REVOKE,                   /* did not follow suit (or trump) though able */
	DK_F_GAME_INCOMPLETE,          /* fewer cards played than dealt */
	/* announcements */
	DK_F_ANNOUNCE_TOO_LATE,
	DK_F_ANNOUNCE_WRONG_PARTY,     /* "Re" by a Kontra player, or the reverse */
	DK_F_ANNOUNCE_PARTY_UNKNOWN,   /* before a marriage decided the parties */
	DK_F_ANNOUNCE_SKIPPED_LEVEL,   /* a level passed over that could not be */
	DK_F_ANNOUNCE_REPEATED,        /* the party said it already */
	DK_F_LIMIT_WITHOUT_CALL,       /* "keine 90" ... without Re/Kontra first */
	DK_F_SOLOIST_RE_UNANSWERED,    /* the soloist's Re before any opposing call */
	DK_F_KONTRA_NOT_A_REPLY,       /* Kontra in a forced solo before the soloist said anything */
	DK_F_MANDATORY_MISSED,         /* no announcement after a >= 30 first trick */
	/* the game finding */
	DK_F_RESERVATION_UNJUSTIFIED,  /* the hand does not allow what was named */
	DK_F_RESERVATION_NOT_ALLOWED,  /* the rule set has no such game */
	DK_F_POVERTY_PASS_WRONG,       /* wrong cards or count handed over */
	DK_F_POVERTY_RETURN_WRONG,     /* wrong count, or trumps before fehl */
	DK_F_POVERTY_REPORT_MISSING,
	DK_F_POVERTY_REPORT_WRONG,
	DK_F_POVERTY_ASKED_OUT_OF_ORDER,
	DK_F_SHOULD_HAVE_BEEN_REDEALT, /* played although the rules end the deal */
	/* declarations during play */
	DK_F_SWINE_FALSE,              /* declared without both trump aces, or where there are none */
	DK_F_SWINE_MISTIMED,           /* not said when the first trump ace was played */
	DK_F_SWINE_NOT_DECLARED,       /* where the rules require the call */
	DK_F_HYPERSWINE_FALSE,         /* declared without both hyperswine cards, without
					  swines in play, or where there are none */
	DK_F_HYPERSWINE_MISTIMED,      /* not said when the rules want it said */
	DK_F_HYPERSWINE_NOT_DECLARED,  /* where the rules require the call */
	DK_F_GENSCHER_FALSE,
	DK_F_GENSCHER_MISTIMED,        /* not said when the first ♦K was played */
	DK_F_WENDE_GENSCHER_FALSE,
	DK_F_REPLY_NOT_ALLOWED,        /* announce.strict_limit: a reply without the rule, by
					  a party that announced, not to the opponents'
					  highest, or an announcement after the reply
					  (count: 1, 2, 3, 4) */
	/* objections (reclaim.c): a recorded objection that reclaims nothing */
	DK_F_OBJECTION_LATE,           /* after the objector's right to it ended (TSR 9.6.3) */
	DK_F_OBJECTION_NOT_ENTITLED,   /* by a player who may not reclaim it (TSR 9.6.1) */
	DK_F_OBJECTION_GROUNDLESS,     /* no irregularity before it to reclaim */
	DK_F_CODE_COUNT
} dk_finding_code;

typedef enum dk_finding_kind {
	DK_FK_IRREGULARITY = 0,        /* something a player did against the rules */
	DK_FK_RECORD_DEFECT,           /* the record cannot be what happened */
	DK_FK_WARNING,                 /* reported; the rule text is doubtful */
	DK_FK_OBJECTION                /* a recorded objection that has no effect */
} dk_finding_kind;

/** When every player could see it: the clock of TSR 9.6.3 starts there. */
typedef enum dk_visible {
	DK_VIS_AT_ONCE = 0,            /* when it happened (said aloud, a card on the table) */
	DK_VIS_LATER,                  /* at a later card: visible_seq, visible_trick, visible_card */
	DK_VIS_AT_COUNT,               /* only when the tricks are shown after the last trick */
	DK_VIS_COUNT
} dk_visible;

/** What the record shows about reclaiming an irregularity. */
typedef enum dk_objection {
	DK_OBJ_NONE = 0,               /* no objection recorded for it */
	DK_OBJ_IN_TIME,                /* an entitled player objected in time: the penalty applies */
	DK_OBJ_LATE,                   /* objected after the deadline: it stands as played */
	DK_OBJ_INVALID,                /* objected only by players who may not: no effect */
	DK_OBJ_COUNT
} dk_objection;

#define DK_FINDING_CARDS 12

typedef struct dk_finding {
	dk_finding_code code;
	dk_finding_kind kind;
	int trick;                     /* 1-based; 0 = the game finding */
	int card;                      /* card number of the game (1-based) at or
					  before which it happened; 0 = none */
	int seat;                      /* who; 0 = nobody in particular */
	dk_card played;                /* the card concerned, or DK_CARD_NONE */
	dk_call call;                  /* the announcement concerned */
	int expected_seat;             /* out of turn, wrong lead: who was due; card not in
					  the hand: the seat in turn whose card it was (the
					  record put the wrong seat), 0 = none */
	dk_card demanded[DK_FINDING_CARDS]; /* revoke: the cards that could follow;
					       poverty: the cards expected */
	int demanded_count;
	int count;                     /* the count the deadline model measured,
					  cards passed, trumps reported ... */
	int limit;                     /* what the rule allowed */
	int followed;                  /* one slip is one finding: the later cards (out of
					  turn, wrong lead) or revokes (card not in hand)
					  that are legal given this slip and so are no
					  findings of their own */
	const char *rule_key;          /* the rule set key that decides it */
	const dk_rule_source *rule;    /* its source; NULL for format rules */
	dk_loc loc;                    /* where in the record */
	int seq;                       /* position in the record (0 = game finding,
					  then 1 + event index): findings are in this order */

	/* reclaiming it (reclaim.c, TSR 9.6) */
	bool hidden;                   /* set by the replay: what makes it wrong is the
					  offender's hand (a declaration without the
					  card `played`): it shows when that card comes
					  from another hand, or at the count */
	dk_visible visible;            /* when every player could see it */
	int visible_seq;               /* the record position from which it could be
					  seen: seq, or the card that shows it; 0 for
					  the bidding; INT_MAX at the count */
	int visible_trick;             /* DK_VIS_LATER: the trick and card number of the */
	int visible_card;              /* card that shows it */
	unsigned entitled;             /* seats (bit 1 << seat) that may reclaim it */
	dk_objection objection;        /* what the record shows */
	int objection_seq;             /* the objection that counts (or the latest late or
					  invalid one), 0 = none */
	int objection_seat;            /* who made it, 0 = not named */
	/* an objection finding (DK_FK_OBJECTION): the irregularity it concerns,
	 * none for objection-groundless */
	dk_finding_code about;
	int about_seat;
	int about_trick;               /* 0 = a finding of the bidding */
	int about_card;
	int deadline_card;             /* objection-late: the objector's own card or
					  announcement that ended his right (card
					  number of the game; 0 = at the count) */
} dk_finding;

/** Stable name of a code ("revoke", "announce-too-late"); NULL if invalid. */
const char *dk_finding_code_name(dk_finding_code c);

/** Name of a kind: "irregularity", "record-defect", "warning", "objection". */
const char *dk_finding_kind_name(dk_finding_kind k);

/** "at-once", "later", "at-count"; NULL if invalid. */
const char *dk_visible_name(dk_visible v);

/** "none", "in-time", "late", "invalid"; NULL if invalid. */
const char *dk_objection_name(dk_objection o);

#endif

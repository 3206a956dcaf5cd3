/*
 * rules.h - a resolved rule set as plain data.
 *
 * The YAML loader (src/ruleset) fills this struct; the engine reads only
 * this.  Every difference between house rules is a named field here, never a
 * test of the rule set's name.  Each value keeps its provenance: the quoted
 * sentence or section it comes from, whether it was inherited from a base,
 * and whether it rests on an assumption (a reading of dokoref-readings(7) such as "D1").
 *
 * Field names follow the YAML keys: `announce.reply` is announce_reply and
 * its source announce_reply_src.  rulesets/README.md and dokoref-rules(5)
 * describe every key.
 */
#ifndef DK_RULES_H
#define DK_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

/* ---- enums of the rule values ---------------------------------------- */

typedef enum dk_heart10_tie {
	DK_TIE_FIRST_WINS = 0,              /* the first of two equal cards wins */
	DK_TIE_SECOND_WINS,                 /* the second ♥10 beats the first */
	DK_TIE_SECOND_WINS_EXCEPT_LAST,     /* ... except in the last trick */
	DK_TIE_COUNT
} dk_heart10_tie;

/** Who leads the first trick. */
typedef enum dk_lead {
	DK_LEAD_LEFT_OF_DEALER = 0,
	DK_LEAD_RIGHT_OF_DEALER,            /* wattenscheid §4.4 as written (D5) */
	DK_LEAD_SOLOIST,                    /* solos: the soloist */
	DK_LEAD_COUNT
} dk_lead;

/** How severe a finding of one kind is. */
typedef enum dk_severity_rule {
	DK_RULE_SEV_ERROR = 0,              /* an irregularity */
	DK_RULE_SEV_WARNING,                /* reported, but the text is doubtful */
	DK_RULE_SEV_COUNT
} dk_severity_rule;

/** Swines (both trump aces in one hand rank above the ♥10). */
typedef enum dk_swines {
	DK_SWINES_NONE = 0,
	DK_SWINES_DECLARED,                 /* count only when declared at first use */
	DK_SWINES_AUTOMATIC,                /* count always; declaring is optional */
	DK_SWINES_AT_START,                 /* count only when declared before the first card
					       (FreeDoko's "swines announcement begin") */
	DK_SWINES_COUNT
} dk_swines;

/** Whether swines count in a poverty (Armut). */
typedef enum dk_swines_poverty {
	DK_SWINES_POVERTY_COUNT_ALL = 0,    /* as in a normal game */
	DK_SWINES_POVERTY_NONE,             /* no swines in a poverty (FreeDoko's
					       "swines in poverty = false") */
	DK_SWINES_POVERTY_RE_IF_SHOWN,      /* a swine of the Re side counts only if it
					       was shown before the exchange; Kontra's
					       count as usual (esslingen-2002 §6) */
	DK_SWINES_POVERTY_KIND_COUNT
} dk_swines_poverty;

/** Who gets the game when several players want a solo. */
typedef enum dk_solo_clash {
	DK_SOLO_CLASH_SEAT = 0,             /* the player first asked */
	DK_SOLO_CLASH_TYPE,                 /* the higher kind in solo.priority */
	DK_SOLO_CLASH_COUNT
} dk_solo_clash;

/** Whether a solo may still be named once a poverty's cards were passed. */
typedef enum dk_solo_after_poverty {
	DK_SOLO_AFTER_POVERTY_ANY_TIME = 0, /* the order of the bids does not matter */
	DK_SOLO_AFTER_POVERTY_UNTIL_REFUSED, /* still, but not after every player refused it
						(unsere-2024: "nicht nach missglückter Armut") */
	DK_SOLO_AFTER_POVERTY_NEVER,        /* the game finding ended with the poverty */
	DK_SOLO_AFTER_POVERTY_COUNT
} dk_solo_after_poverty;

/** What a marriage becomes when nobody meets the condition in time. */
typedef enum dk_marriage_alone {
	DK_ALONE_SOLO = 0,                  /* a Trumpfsolo / Karo-Farbsolo */
	DK_ALONE_SILENT,                    /* scored like a silent marriage */
	DK_ALONE_ZWANGSSOLO,                /* unsere-2024's Zwangssolo */
	DK_ALONE_COUNT
} dk_marriage_alone;

/** When the bride meets her own condition (wins the deciding trick). */
typedef enum dk_marriage_self {
	DK_SELF_SKIPPED = 0,                /* the trick does not decide; look further */
	DK_SELF_ALONE,                      /* she plays alone (unsere-2024, D27) */
	DK_SELF_COUNT
} dk_marriage_self;

/** How announcement deadlines move in a marriage. */
typedef enum dk_marriage_shift {
	DK_SHIFT_NONE = 0,                  /* the normal deadlines */
	DK_SHIFT_BY_CLARIFYING_TRICK,       /* each later by the clarifying trick */
	DK_SHIFT_CATCH_UP,                  /* due ones may be made before the next card */
	DK_SHIFT_COUNT
} dk_marriage_shift;

/** Which cards the poor player passes. */
typedef enum dk_poverty_pass {
	DK_PASS_TRUMPS_ONLY = 0,            /* exactly the trumps (0 to 3) */
	DK_PASS_TRUMPS_FILLED,              /* all trumps, filled up with fehl to poverty.pass_count */
	DK_PASS_COUNT
} dk_poverty_pass;

/** Which party the poor player and the taker form. */
typedef enum dk_poverty_party {
	DK_POVERTY_PAIR_RE = 0,
	DK_POVERTY_PAIR_KONTRA,
	DK_POVERTY_PARTY_COUNT
} dk_poverty_party;

/** What must be said about the trumps that come back. */
typedef enum dk_poverty_report {
	DK_REPORT_NONE = 0,
	DK_REPORT_COUNT_OF_TRUMPS,          /* how many ("ein Trumpf zurück") */
	DK_REPORT_WHETHER,                  /* only whether any came back */
	DK_REPORT_ON_REQUEST,               /* only when the opponents ask */
	DK_REPORT_KIND_COUNT
} dk_poverty_report;

/** What happens when nobody takes a poverty. */
typedef enum dk_poverty_refused {
	DK_REFUSED_REDEAL = 0,
	DK_REFUSED_RAMSCH,
	DK_REFUSED_COUNT
} dk_poverty_refused;

/** A poverty and a marriage in one deal. */
typedef enum dk_poverty_marriage {
	DK_PM_BY_PRIORITY = 0,              /* reservations.order decides */
	DK_PM_POVERTY_ONLY,                 /* only the poverty; refused: redeal */
	DK_PM_PLAY_TOGETHER,                /* the poor player and the bride (both ♣Q,
					       named or not), who takes it unasked */
	DK_PM_COUNT
} dk_poverty_marriage;

/** Two poverties in one deal. */
typedef enum dk_poverty_double {
	DK_DOUBLE_REDEAL = 0,
	DK_DOUBLE_REDEAL_UNLESS_SOLO,
	DK_DOUBLE_FIRST_ASKED,              /* the poverty of the player asked first is played */
	DK_DOUBLE_COUNT
} dk_poverty_double;

/** What the deadline of an announcement counts. */
typedef enum dk_announce_model {
	DK_MODEL_OWN_CARDS = 0,             /* cards the announcer has played */
	DK_MODEL_GAME_CARDS,                /* cards of the game played so far */
	DK_MODEL_LEFT_NEIGHBOUR_CARDS,      /* cards the announcer's left neighbour has played */
	DK_MODEL_GAME_TRICKS,               /* tricks finished before the one the announcement
					       falls in; a full trick stays current until the
					       next card (FreeDoko's "till full trick") */
	DK_MODEL_COUNT
} dk_announce_model;

/** A reply ("Kontra" to "Re", "Re" to "Kontra") after the deadline. */
typedef enum dk_announce_reply {
	DK_REPLY_NONE = 0,                  /* only within the ordinary deadline */
	DK_REPLY_ONE_CARD_LATER,            /* one card later than the answered one needed */
	DK_REPLY_IMMEDIATE,                 /* right after it, before the next card */
	DK_REPLY_COUNT
} dk_announce_reply;

/** Saying a higher level while lower ones are not said yet. */
typedef enum dk_announce_skip {
	DK_SKIP_IF_EACH_IN_TIME = 0,        /* allowed while each skipped level is still in time; they count as said */
	DK_SKIP_FORBIDDEN,                  /* every level must be said on its own */
	DK_SKIP_COUNT
} dk_announce_skip;

/** What a revoke costs when it is reclaimed (TSR 9 and the house rules). */
typedef enum dk_revoke_penalty {
	DK_REVOKE_DDV_CLASSES = 0,          /* classed by its effect, TSR 9 */
	DK_REVOKE_OPPONENTS_WIN,            /* the offender's opponents win the game, nothing more */
	DK_REVOKE_LOST_PLUS_ONE_LEVEL,      /* lost as announced + 1 level, the most Feigheit allows */
	DK_REVOKE_PENALTY_COUNT
} dk_revoke_penalty;

/** Until when the consequence of a revoke (penalty.revoke) can be reclaimed. */
typedef enum dk_reclaim_deadline {
	DK_RECLAIM_AT_ONCE = 0,             /* at once, or the revoke stands as played (TSR 9.6.3) */
	DK_RECLAIM_NONE,                    /* no deadline: the consequence is the verdict */
	DK_RECLAIM_DEADLINE_COUNT
} dk_reclaim_deadline;

/** From when an irregularity may be reclaimed (penalty.reclaim_from). */
typedef enum dk_reclaim_from {
	DK_RECLAIM_FROM_VISIBLE = 0,        /* from when every player could see it (TSR 9.6.3) */
	DK_RECLAIM_FROM_COMMITTED,          /* from when it happened, whether seen or not */
	DK_RECLAIM_FROM_COUNT
} dk_reclaim_from;

/** When a player's right to reclaim ends (penalty.reclaim_until). */
typedef enum dk_reclaim_until {
	DK_RECLAIM_UNTIL_OWN_ACTION = 0,    /* his own next card or announcement (TSR 9.6.3) */
	DK_RECLAIM_UNTIL_NEXT_CARD,         /* the next card anybody plays */
	DK_RECLAIM_UNTIL_COUNT
} dk_reclaim_until;

/** Who may reclaim (penalty.reclaim_by). */
typedef enum dk_reclaim_by {
	DK_RECLAIM_BY_OPPONENTS_ONCE_CLEAR = 0, /* the offender's opponents once the
						   partnerships are clear, else all but
						   the offender (TSR 9.6.1) */
	DK_RECLAIM_BY_ALL_BUT_OFFENDER,         /* every player but the offender */
	DK_RECLAIM_BY_COUNT
} dk_reclaim_by;

/** How the game value is built (TSR 7.2 and the house rules). */
typedef enum dk_score_model {
	DK_SCORE_ADDITIVE = 0,              /* items summed; Re/Kontra worth score.call_points each */
	DK_SCORE_DOUBLING,                  /* the items doubled once per Re/Kontra said */
	DK_SCORE_MODEL_COUNT
} dk_score_model;

/** In which games "gegen die Alten" (Kontra wins) is worth a point. */
typedef enum dk_against_old {
	DK_AGAINST_OLD_NONE = 0,
	DK_AGAINST_OLD_NORMAL,              /* normal game, marriage, poverty */
	DK_AGAINST_OLD_NORMAL_NO_POVERTY,   /* ... but not a poverty the poor player plays with a taker */
	DK_AGAINST_OLD_ALL,                 /* solos too */
	DK_AGAINST_OLD_COUNT
} dk_against_old;

/** What is scored when both parties miss the targets they announced. */
typedef enum dk_no_winner {
	DK_NO_WINNER_LEVELS_AND_SPECIALS = 0, /* TSR 7.1.3: 7.2.2 (a), (e), (f) and special points */
	DK_NO_WINNER_SPECIALS_ONLY,           /* ottendorf: "nur die Punkte unter 6" */
	DK_NO_WINNER_COUNT
} dk_no_winner;

/* ---- across games: dealing, tables of five and six, Bock, standings ---- */

/** Who deals after a solo (the house rules; TSR 3.3.1). */
typedef enum dk_after_solo {
	DK_AFTER_SOLO_NEXT = 0,             /* the dealer moves on as after any game */
	DK_AFTER_SOLO_SAME,                 /* the same dealer again; the solo is no game of the round */
	DK_AFTER_SOLO_SAME_AFTER_DUTY,      /* the same dealer after a player's first solo of the
					       session (his Pflichtsolo), unless it was forced */
	DK_AFTER_SOLO_COUNT
} dk_after_solo;

/** Who sits out at a table of five or six. */
typedef enum dk_sit_out {
	DK_SIT_OUT_UNSAID = 0,              /* the rules do not say: not checked */
	DK_SIT_OUT_DEALER,                  /* the dealer */
	DK_SIT_OUT_DEALER_AND_SECOND,       /* the dealer and the second seat after him */
	DK_SIT_OUT_COUNT
} dk_sit_out;

/** How Bock rounds combine. */
typedef enum dk_bock_kind {
	DK_BOCK_NONE = 0,                   /* no Bock */
	DK_BOCK_APPEND,                     /* a Bock during a Bock round appends a round: x2 at most */
	DK_BOCK_STACK,                      /* Bocks stack: x2, x4, x8 */
	DK_BOCK_KIND_COUNT
} dk_bock_kind;

/** What makes a Bock: bits of bock.triggers. */
typedef enum dk_bock_trigger {
	DK_BT_LOST_CALL = 0,                /* a party said Re/Kontra and lost */
	DK_BT_BOTH_CALLS,                   /* both parties said Re/Kontra */
	DK_BT_TIE,                          /* 120:120 card points */
	DK_BT_ZERO_SCORE,                   /* the game is scored 0 */
	DK_BT_HEART_TRICK,                  /* a trick led with a heart (not a solo) that every
					       player followed with a heart */
	DK_BT_LOST_COUNTER_CALL,            /* the party that said Re/Kontra second lost: one
					       more Bock (with both-calls, a double Bock) */
	DK_BT_LOST_SOLO,                    /* one played alone against three and lost */
	DK_BT_SCHWARZ,                      /* a party took no trick */
	DK_BT_COUNT
} dk_bock_trigger;

/** How many Bocks a game with several triggers makes. */
typedef enum dk_bock_per_game {
	DK_BOCK_PER_GAME_ONE = 0,
	DK_BOCK_PER_GAME_EACH,
	DK_BOCK_PER_GAME_COUNT
} dk_bock_per_game;

/** A solo played while a Bock is pending. */
typedef enum dk_bock_solo {
	DK_BOCK_SOLO_DOUBLED = 0,           /* doubled like any game; it uses up a Bock game */
	DK_BOCK_SOLO_MOVES_BACK,            /* not doubled; the Bock games move back by one */
	DK_BOCK_SOLO_DOUBLED_NOT_USED_UP,   /* doubled; a solo after which the same seat deals
					       again (deal.after_solo) uses up no Bock game */
	DK_BOCK_SOLO_COUNT
} dk_bock_solo;

/** The games whose use of a due Bock game the texts decide apart: bits of
 *  bock.uses_up (a normal game, a marriage, a poverty always use one up). */
typedef enum dk_bock_game {
	DK_BG_LUST_SOLO = 0,                /* a solo that is no duty solo */
	DK_BG_DUTY_SOLO,                    /* a player's solo while he owes one (duty_soli.*) */
	DK_BG_SILENT_MARRIAGE,              /* a silent marriage or a bride alone */
	DK_BG_THROWN_DEAL,                  /* a deal thrown in or dealt again */
	DK_BG_COUNT
} dk_bock_game;

/** When the plus-minus of one game must be all even or all odd. */
typedef enum dk_even_odd {
	DK_EVEN_ODD_NONE = 0,
	DK_EVEN_ODD_FOUR_PLAYERS,           /* at tables of four */
	DK_EVEN_ODD_COUNT
} dk_even_odd;
/** Who gets a game's value in the standings (FreeDoko's "counting"). */
typedef enum dk_counting {
	DK_COUNTING_PLUS_MINUS = 0,         /* the winners +value, the losers -value */
	DK_COUNTING_PLUS,                   /* only the winners, +value */
	DK_COUNTING_MINUS,                  /* only the losers, -value */
	DK_COUNTING_COUNT
} dk_counting;

/** In which games the duty to announce after a rich first trick holds. */
typedef enum dk_mandatory_games {
	DK_MANDATORY_ALL_GAMES = 0,
	DK_MANDATORY_NORMAL_GAMES,          /* normal games and marriages (FreeDoko) */
	DK_MANDATORY_NORMAL_NO_MARRIAGE,    /* normal games only, not a marriage (FreeDoko's
					       "... in marriage" off) */
	DK_MANDATORY_GAMES_COUNT
} dk_mandatory_games;

/** The card whose holder of both picks a partner with the first (Wende-Genscher). */
typedef enum dk_pick_card {
	DK_PICK_DIAMOND_JACK = 0,           /* esslingen's Wende-Genscher */
	DK_PICK_DIAMOND_KING,               /* FreeDoko's genscher: both trump kings */
	DK_PICK_CARD_COUNT
} dk_pick_card;

/** Which parties a partner pick makes. */
typedef enum dk_pick_parties {
	DK_PICK_CALLER_KEEPS_PARTY = 0,     /* the caller keeps his party, the partner joins it,
					       the former partners change sides */
	DK_PICK_CALLER_RE,                  /* the caller and the partner are Re, the others
					       Kontra (FreeDoko) */
	DK_PICK_PARTIES_COUNT
} dk_pick_parties;

/** What a partner pick does to the announcements made before it. */
typedef enum dk_pick_announcements {
	DK_PICK_KEPT = 0,                   /* they stand, judged with the final parties */
	DK_PICK_REDUCED,                    /* each announcer keeps a Re/Kontra for his new
					       party, the limits are gone (FreeDoko) */
	DK_PICK_ANNOUNCEMENTS_COUNT
} dk_pick_announcements;

/* ---- provenance -------------------------------------------------------- */

/** Where one rule value came from. */
typedef struct dk_rule_source {
	const char *cite;        /* section or quoted sentence; NULL if none */
	const char *assumption;  /* decision id such as "D1", or NULL */
	const char *file;        /* rule set file that set the value */
	dk_loc loc;              /* position of the value in that file */
	bool inherited;          /* set by a base, not by the named set itself */
	bool overridden;         /* set by a per-record override */
} dk_rule_source;

/* number of announcement levels: Re/Kontra, keine 90, 60, 30, schwarz */
#define DK_LEVELS 5

/* A set of solo kinds or of other enum values, one bit per value. */
typedef uint32_t dk_enum_set;
#define DK_SET_HAS(set, v) (((set) >> (v)) & 1u)

/* the values reservations.order lists */
typedef enum dk_reservation {
	DK_RES_SOLO = 0,
	DK_RES_THROW_IN,
	DK_RES_POVERTY,
	DK_RES_MARRIAGE,
	DK_RES_COUNT
} dk_reservation;

#define DK_SOLO_SLOTS 20  /* >= DK_SOLO_KIND_COUNT */

typedef struct dk_rules {
	const char *name;         /* as declared in the file */
	const char *title;        /* the document's own title */
	const char *document;     /* which document the set encodes */
	const char *base;         /* name of the base set, or NULL */
	const char *file;         /* the file it was read from */

	/* deck and card order */
	bool deck_nines;                          /* deck.nines */
	dk_rule_source deck_nines_src;
	dk_heart10_tie heart10_tie;               /* ties.heart10 */
	dk_rule_source heart10_tie_src;
	bool heart10_first_with_swines;           /* ties.heart10_first_with_swines: once
						     swines are declared the first ♥10 wins */
	dk_rule_source heart10_first_with_swines_src;
	bool heart10_trump;                       /* trumps.heart10: the ♥10 are the highest
						     trumps (false: ordinary heart cards) */
	dk_rule_source heart10_trump_src;

	/* the play */
	bool follow_suit;                         /* play.follow_suit */
	dk_rule_source follow_suit_src;

	/* who leads */
	dk_lead lead_normal;                      /* lead.normal */
	dk_rule_source lead_normal_src;
	dk_lead lead_solo;                        /* lead.solo: a Lustsolo, or a solo of
						     no kind said or assumed */
	dk_rule_source lead_solo_src;
	dk_lead lead_duty_solo;                   /* lead.duty_solo: a Pflichtsolo,
						     forced (vorgeführt) or not */
	dk_rule_source lead_duty_solo_src;
	dk_severity_rule lead_wrong_severity;     /* lead.wrong_lead_severity */
	dk_rule_source lead_wrong_severity_src;

	/* solos */
	dk_enum_set solo_kinds;                   /* solo.kinds (dk_solo_kind bits) */
	dk_rule_source solo_kinds_src;
	dk_solo_clash solo_clash;                 /* solo.clash */
	dk_rule_source solo_clash_src;
	int solo_priority[DK_SOLO_SLOTS];         /* solo.priority: kinds, highest first */
	int solo_priority_count;
	dk_rule_source solo_priority_src;
	bool solo_outbid;                         /* solo.outbid_by_announcements */
	dk_rule_source solo_outbid_src;
	dk_solo_after_poverty solo_after_poverty; /* solo.after_poverty */
	dk_rule_source solo_after_poverty_src;

	/* reservations */
	int reservation_order[DK_RES_COUNT];      /* reservations.order: highest first */
	int reservation_order_count;
	dk_rule_source reservation_order_src;
	dk_enum_set throw_in_reasons;             /* throw_in.reasons (dk_throw_reason bits) */
	dk_rule_source throw_in_reasons_src;
	int throw_in_few_trumps;                  /* throw_in.few_trumps_max */
	dk_rule_source throw_in_few_trumps_src;
	int throw_in_min_nines;                   /* throw_in.min_nines (five-nines) */
	dk_rule_source throw_in_min_nines_src;
	int throw_in_min_kings;                   /* throw_in.min_kings (five-kings) */
	dk_rule_source throw_in_min_kings_src;
	int throw_in_min_nines_and_kings;         /* throw_in.min_nines_and_kings */
	dk_rule_source throw_in_min_nines_and_kings_src;
	int throw_in_min_richness;                /* throw_in.min_richness: card points */
	dk_rule_source throw_in_min_richness_src;

	/* specials during play */
	dk_swines swines;                         /* swines.kind */
	dk_rule_source swines_src;
	dk_enum_set swines_solos;                 /* swines.solos: solos that have them */
	dk_rule_source swines_solos_src;
	dk_swines_poverty swines_poverty;         /* swines.in_poverty */
	dk_rule_source swines_poverty_src;
	bool swines_silent_marriage;              /* swines.in_silent_marriage: swines count
						     in a silent marriage as in a normal
						     game, whatever swines.solos says */
	dk_rule_source swines_silent_marriage_src;
	bool swines_only_second;                  /* swines.only_second: the first trump ace
						     is ordinary; the second is a swine once
						     the first went to its own party */
	dk_rule_source swines_only_second_src;
	dk_swines hyperswines;                    /* hyperswines.kind: both trump nines (or
						     kings without nines) above the swines */
	dk_rule_source hyperswines_src;
	dk_enum_set hyperswines_solos;            /* hyperswines.solos */
	dk_rule_source hyperswines_solos_src;
	bool hyperswines_poverty;                 /* hyperswines.in_poverty */
	dk_rule_source hyperswines_poverty_src;
	bool hyperswines_with_swines;             /* hyperswines.with_swines: one player may
						     hold swines and hyperswines */
	dk_rule_source hyperswines_with_swines_src;
	bool genscher;                            /* genscher.enabled */
	dk_rule_source genscher_src;
	bool wende_genscher;                      /* wende_genscher.enabled: a partner pick */
	dk_rule_source wende_genscher_src;
	dk_pick_card wende_genscher_card;         /* wende_genscher.card */
	dk_rule_source wende_genscher_card_src;
	dk_pick_parties wende_genscher_parties;   /* wende_genscher.parties */
	dk_rule_source wende_genscher_parties_src;
	dk_pick_announcements wende_genscher_announcements; /* wende_genscher.announcements */
	dk_rule_source wende_genscher_announcements_src;
	bool wende_genscher_bride_alone;      /* wende_genscher.bride_alone */
	dk_rule_source wende_genscher_bride_alone_src;

	/* marriage */
	bool marriage;                            /* marriage.enabled */
	dk_rule_source marriage_src;
	dk_enum_set marriage_conditions;          /* marriage.conditions (dk_marriage_cond bits) */
	dk_rule_source marriage_conditions_src;
	int marriage_default_condition;           /* marriage.default_condition */
	dk_rule_source marriage_default_condition_src;
	int marriage_deadline_trick;              /* marriage.deadline_trick */
	dk_rule_source marriage_deadline_trick_src;
	dk_marriage_alone marriage_alone;         /* marriage.alone */
	dk_rule_source marriage_alone_src;
	int marriage_silent_solo;                 /* marriage.silent_solo: the solo kind
						     a silent marriage is played as */
	dk_rule_source marriage_silent_solo_src;
	dk_marriage_self marriage_self;           /* marriage.bride_meets_condition */
	dk_rule_source marriage_self_src;
	bool marriage_announce_before_clarified;  /* marriage.announce_before_clarified */
	dk_rule_source marriage_announce_before_clarified_src;
	dk_marriage_shift marriage_shift;         /* marriage.deadline_shift */
	dk_rule_source marriage_shift_src;

	/* poverty */
	bool poverty;                             /* poverty.enabled */
	dk_rule_source poverty_src;
	int poverty_max_trumps;                   /* poverty.max_trumps */
	dk_rule_source poverty_max_trumps_src;
	bool poverty_fox_extra;                   /* poverty.fox_extra: max+1 trumps with one ♦A */
	dk_rule_source poverty_fox_extra_src;
	bool poverty_foxes_not_counted;           /* poverty.foxes_not_counted: ♦A are no
						     trumps for the test, unless swines */
	dk_rule_source poverty_foxes_not_counted_src;
	bool poverty_foxes_passed_extra;          /* poverty.foxes_passed_extra */
	dk_rule_source poverty_foxes_passed_extra_src;
	bool poverty_exchange;                    /* poverty.exchange: false = a poverty
						     is thrown in, no cards move */
	dk_rule_source poverty_exchange_src;
	int poverty_throw_in_max_trumps;          /* poverty.throw_in_max_trumps: -1 = never */
	dk_rule_source poverty_throw_in_max_trumps_src;
	dk_poverty_pass poverty_pass;             /* poverty.pass */
	dk_rule_source poverty_pass_src;
	int poverty_pass_count;                   /* poverty.pass_count (with trumps-filled) */
	dk_rule_source poverty_pass_count_src;
	dk_poverty_party poverty_party;           /* poverty.pair_party */
	dk_rule_source poverty_party_src;
	bool poverty_return_fehl_first;           /* poverty.return_fehl_first */
	dk_rule_source poverty_return_fehl_first_src;
	dk_poverty_report poverty_report;         /* poverty.report */
	dk_rule_source poverty_report_src;
	bool poverty_report_always;               /* poverty.report_always: also when no trump came back */
	dk_rule_source poverty_report_always_src;
	dk_poverty_refused poverty_refused;       /* poverty.refused */
	dk_rule_source poverty_refused_src;
	dk_poverty_marriage poverty_marriage;     /* poverty.with_marriage */
	dk_rule_source poverty_marriage_src;
	dk_poverty_double poverty_double;         /* poverty.double */
	dk_rule_source poverty_double_src;

	/* announcements */
	dk_announce_model announce_model;         /* announce.model */
	dk_rule_source announce_model_src;
	int announce_max_played[DK_LEVELS];       /* announce.max_played: the count of
						     announce.model may be at most this */
	int announce_max_played_count;
	dk_rule_source announce_max_played_src;
	dk_announce_reply announce_reply;         /* announce.reply */
	dk_rule_source announce_reply_src;
	bool announce_strict_limit;               /* announce.strict_limit: Re/Kontra are bids
						     of 121, a party that said nothing wins
						     when the other misses its bid, both miss:
						     nobody wins; the answer to the opponents'
						     highest is a reply call claiming it */
	dk_rule_source announce_strict_limit_src;
	dk_announce_skip announce_skip;           /* announce.skip */
	dk_rule_source announce_skip_src;
	bool announce_limit_needs_call;           /* announce.limit_needs_re_kontra */
	dk_rule_source announce_limit_needs_call_src;
	bool announce_chain;                      /* announce.trick_by_trick */
	dk_rule_source announce_chain_src;
	bool announce_soloist_re_needs_opposition; /* announce.soloist_re_needs_opposition */
	dk_rule_source announce_soloist_re_needs_opposition_src;
	bool announce_per_player;                 /* announce.per_player: Klopfen, each player
						     announces for himself where the game
						     does not show the parties */
	dk_rule_source announce_per_player_src;
	bool announce_forced_solo_kontra_reply;   /* announce.forced_solo_kontra_only_as_reply:
						     in a marriage the bride plays alone, Kontra
						     only after an announcement of hers */
	dk_rule_source announce_forced_solo_kontra_reply_src;
	int announce_mandatory_points;            /* announce.mandatory_first_trick_points (0 = none) */
	dk_rule_source announce_mandatory_points_src;
	dk_mandatory_games announce_mandatory_games; /* announce.mandatory_games */
	dk_rule_source announce_mandatory_games_src;
	bool announce_mandatory_only_first;       /* announce.mandatory_only_if_none_said: no duty
						     once any party announced before the first
						     trick was complete */
	dk_rule_source announce_mandatory_only_first_src;
	bool announce_mandatory_raise;            /* announce.mandatory_raise: a party that
						     announced before the trick was full owes
						     one level more */
	dk_rule_source announce_mandatory_raise_src;

	/* scoring */
	dk_score_model score_model;               /* score.model */
	dk_rule_source score_model_src;
	int score_call_points;                    /* score.call_points: additive, per Re/Kontra said */
	dk_rule_source score_call_points_src;
	bool score_reached_against_limit;         /* score.reached_against_limit: "120 gegen keine 90" */
	dk_rule_source score_reached_against_limit_src;
	bool score_lone_kontra;                   /* score.lone_kontra: only Kontra said, Re wins with 120 */
	dk_rule_source score_lone_kontra_src;
	dk_no_winner score_no_winner;             /* score.no_winner */
	dk_rule_source score_no_winner_src;
	dk_against_old score_against_old;         /* score.against_old */
	dk_rule_source score_against_old_src;
	bool score_doppelkopf;                    /* score.doppelkopf: a trick of >= 40 */
	dk_rule_source score_doppelkopf_src;
	bool score_fox;                           /* score.fox: the opponents' ♦A caught */
	dk_rule_source score_fox_src;
	bool score_karlchen;                      /* score.karlchen: ♣B wins the last trick */
	dk_rule_source score_karlchen_src;
	bool score_fox_caught_last_trick;         /* score.fox_caught_last_trick: one more for a
						     ♦A caught in the last trick */
	dk_rule_source score_fox_caught_last_trick_src;
	bool score_fox_last_trick;                /* score.fox_last_trick: ♦A wins the last trick */
	dk_rule_source score_fox_last_trick_src;
	bool score_fox_last_trick_both;           /* score.fox_last_trick_both: the other ♦A of
						     the winners in that trick too */
	dk_rule_source score_fox_last_trick_both_src;
	bool score_heart10_caught;                /* score.heart10_caught: a ♥10 wins a trick
						     with the opponents' other ♥10 in it */
	dk_rule_source score_heart10_caught_src;
	bool score_heart_trick;                   /* score.heart_trick: four ♥ (not trumps) in a trick */
	dk_rule_source score_heart_trick_src;
	bool score_karlchen_both;                 /* score.karlchen_both: the other ♣B of the
						     winners in the last trick Karlchen won */
	dk_rule_source score_karlchen_both_src;
	bool score_karlchen_caught;               /* score.karlchen_caught: ♣B caught in the last trick */
	dk_rule_source score_karlchen_caught_src;
	bool score_karlchen_caught_both;          /* score.karlchen_caught_both: both ♣B caught
						     count; false: one */
	dk_rule_source score_karlchen_caught_both_src;
	bool score_karlchen_caught_by_diamond_queen; /* score.karlchen_caught_by_diamond_queen:
							caught only when a ♦D wins the trick */
	dk_rule_source score_karlchen_caught_by_diamond_queen_src;
	dk_enum_set score_solo_specials;          /* score.solo_specials: solos where Fuchs and Karlchen count */
	dk_rule_source score_solo_specials_src;
	int score_solo_factor;                    /* score.solo_factor */
	dk_rule_source score_solo_factor_src;
	int score_solo_call_points;               /* score.solo_call_points: 0 = as the normal game,
						     N = N points per Re/Kontra, no doubling */
	dk_rule_source score_solo_call_points_src;
	bool score_feigheit;                      /* score.feigheit: at most one level above the announced */
	dk_rule_source score_feigheit_src;
	bool score_counter_doubles;               /* score.counter_announcement_doubles */
	dk_rule_source score_counter_doubles_src;
	bool score_against_old_doubled;           /* score.against_old_doubled: "gegen die Alten"
						     is part of the value Re/Kontra double */
	dk_rule_source score_against_old_doubled_src;

	/* penalties */
	dk_revoke_penalty penalty_revoke;         /* penalty.revoke */
	dk_rule_source penalty_revoke_src;
	dk_reclaim_deadline penalty_revoke_reclaim_deadline; /* penalty.revoke_reclaim_deadline */
	dk_rule_source penalty_revoke_reclaim_deadline_src;
	bool penalty_revoke_table_may_agree;      /* penalty.revoke_table_may_agree: the text
						     lets the table agree another score */
	dk_rule_source penalty_revoke_table_may_agree_src;
	dk_reclaim_from penalty_reclaim_from;     /* penalty.reclaim_from */
	dk_rule_source penalty_reclaim_from_src;
	dk_reclaim_until penalty_reclaim_until;   /* penalty.reclaim_until */
	dk_rule_source penalty_reclaim_until_src;
	dk_reclaim_by penalty_reclaim_by;         /* penalty.reclaim_by */
	dk_rule_source penalty_reclaim_by_src;

	/* across games (src/core/session.c) */
	dk_after_solo deal_after_solo;            /* deal.after_solo */
	dk_rule_source deal_after_solo_src;
	bool deal_silent_marriage_is_solo;        /* deal.silent_marriage_is_solo: a silent
						     marriage or a bride alone is a solo for
						     deal.after_solo */
	dk_rule_source deal_silent_marriage_is_solo_src;
	int duty_soli;                            /* duty_soli.per_player: solos each
						     player owes in a session (Pflichtsoli) */
	dk_rule_source duty_soli_src;
	int duty_colour_soli;                     /* duty_soli.colour_per_player: of them
						     colour solos */
	dk_rule_source duty_colour_soli_src;
	int duty_picture_soli;                    /* duty_soli.picture_per_player: of them
						     picture solos (queens, jacks, ...) */
	dk_rule_source duty_picture_soli_src;
	int duty_round_games;                     /* duty_soli.round_games: the games of a
						     Spielrunde (a session), counted for the
						     forced duty solo; 0 = not counted */
	dk_rule_source duty_round_games_src;
	bool duty_forced;                         /* duty_soli.forced: when the duty soli
						     missing equal the games left, the next
						     player left of the dealer who owes one
						     must play it (Vorführung) */
	dk_rule_source duty_forced_src;
	bool duty_lust_after_duty;                /* duty_soli.lust_after_duty: a
						     Lustsolo before one's own duty soli is a
						     violation */
	dk_rule_source duty_lust_after_duty_src;
	dk_sit_out table_five_sit_out;            /* table.five_sit_out */
	dk_rule_source table_five_sit_out_src;
	dk_sit_out table_six_sit_out;             /* table.six_sit_out */
	dk_rule_source table_six_sit_out_src;
	dk_bock_kind bock_kind;                   /* bock.kind */
	dk_rule_source bock_kind_src;
	dk_enum_set bock_triggers;                /* bock.triggers (dk_bock_trigger bits) */
	dk_rule_source bock_triggers_src;
	dk_bock_per_game bock_per_game;           /* bock.per_game */
	dk_rule_source bock_per_game_src;
	dk_bock_solo bock_solo;                   /* bock.solo */
	dk_rule_source bock_solo_src;
	dk_enum_set bock_uses_up;                 /* bock.uses_up (dk_bock_game bits): which of
						     these games use up a due Bock game */
	dk_rule_source bock_uses_up_src;
	bool bock_carry_over;                     /* bock.carry_over: Bocks pending from an earlier evening */
	dk_rule_source bock_carry_over_src;
	int bock_multiplier;                      /* bock.multiplier: the factor of one Bock */
	dk_rule_source bock_multiplier_src;
	bool standings_diamond_king_flip;         /* standings.diamond_king_flip */
	dk_rule_source standings_diamond_king_flip_src;
	dk_even_odd standings_even_odd;           /* standings.even_odd */
	dk_rule_source standings_even_odd_src;
	dk_counting standings_counting;           /* standings.counting */
	dk_rule_source standings_counting_src;
	bool standings_solo_factor_for_all;       /* standings.solo_factor_for_all: under plus
						     or minus, the soloist's opponents count the
						     solo factor too */
	dk_rule_source standings_solo_factor_for_all_src;
} dk_rules;

/** Hand size implied by the deck: 12 with nines, 10 without. */
static inline int dk_rules_hand_size(const dk_rules *r)
{
	return r->deck_nines ? 12 : 10;
}

const char *dk_heart10_tie_name(dk_heart10_tie t);
bool dk_heart10_tie_from_name(dk_heart10_tie *out, const char *s);
const char *dk_revoke_penalty_name(dk_revoke_penalty p);
const char *dk_reclaim_deadline_name(dk_reclaim_deadline d);

#endif

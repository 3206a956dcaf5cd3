/*
 * verdict.h - the whole judgement of one game, as one object.
 *
 * dk_verdict_judge replays a game under its rule set, scores it as played,
 * assesses what each irregularity would cost if reclaimed, reads a recorded
 * objection, follows the game through its session (dealer, Bock, the entry
 * to write down, the standings), and compares the table's record and, for
 * an imported game, the other program's score with it.  Every view (the
 * text and JSON of `check`, `audit` and `show`, and the views to come)
 * renders a dk_verdict and judges nothing of its own.
 *
 * The verdict does not print and does not count across games: summaries
 * are the caller's business.  It owns no memory beyond the struct: the
 * game and the rules it points at must outlive it.
 */
#ifndef DK_VERDICT_H
#define DK_VERDICT_H

#include <stdbool.h>

#include "dd.h"
#include "foreign.h"
#include "penalty.h"
#include "record.h"
#include "replay.h"
#include "rules.h"
#include "score.h"
#include "session.h"

/** Which irregularities get their cost assessed (it may take a search). */
typedef enum dk_verdict_penalties {
	DK_VP_ALL = 0,               /* every finding (check) */
	DK_VP_OBJECTED,              /* only in a game whose record shows an objection (audit) */
	DK_VP_NONE
} dk_verdict_penalties;

typedef struct dk_verdict_opts {
	dk_verdict_penalties penalties;
	long search_nodes;           /* positions the search may visit per question; 0 = default */
} dk_verdict_opts;

/* positions the penalty search may visit per question by default (the
 * library's DOKOREF_SEARCH_LIMIT_DEFAULT) */
#define DK_VERDICT_SEARCH_NODES 50000000

/*
 * The ruling: the score that stands and why, made once per game by
 * dk_verdict_judge and rendered by every view.  Data only; the words are
 * made in src/report/.
 */
typedef enum dk_ruling_basis {
	DK_RB_AS_PLAYED = 0,         /* nothing irregular to rule on: the score as played */
	DK_RB_NOT_RECLAIMED,         /* an irregularity stands as played: no objection was
					recorded in time (rule: the reclaim deadline) */
	DK_RB_PENALTY,               /* an objection recorded in time: its penalty counts */
	DK_RB_HOUSE_PENALTY,         /* a house penalty without a reclaim deadline counts */
	DK_RB_NOT_COUNTED,           /* thrown in or redealt: deal again, nobody scores */
	DK_RB_CANNOT_RULE,           /* the record does not hold what a ruling needs */
	DK_RB_COUNT
} dk_ruling_basis;

/** What a ruling of DK_RB_CANNOT_RULE misses. */
typedef enum dk_ruling_missing {
	DK_RM_NONE = 0,
	DK_RM_PLAY,                  /* the play stops before its end (cards_played of cards) */
	DK_RM_CLASS,                 /* an objection counts, but the class of its
					irregularity could not be settled (undecided) */
	DK_RM_COUNT
} dk_ruling_missing;

/* (what an objection did to a finding, dk_objection, is finding.h's:
 * reclaim.c reads it from the record by visibility, TSR 9.6) */

typedef struct dk_ruling {
	dk_ruling_basis basis;
	int finding;                 /* index of the finding it rests on, -1 none: the
					penalty that counts (PENALTY, HOUSE_PENALTY), the
					first irregularity that stands (NOT_RECLAIMED) */
	dk_objection objection;      /* the objection to that finding */
	const dk_penalty *penalty;   /* that finding's penalty, NULL when not assessed */
	const char *rule_key;        /* the rule set key it rests on, or NULL */
	const dk_rule_source *rule;  /* where that key's value came from, or NULL */
	dk_ruling_missing missing;   /* DK_RB_CANNOT_RULE: what the record lacks */

	bool scored;                 /* winner, value and score below hold */
	bool game_void;              /* the penalty replaces the score as played */
	dk_party winner;             /* DK_PARTY_NONE: nobody won (or a voided game) */
	int value;                   /* the game's value for Re, negative for Kontra
					(as dk_score.value; before Bock) */
	long score[DK_MAX_SEATS + 1];    /* per seat: the entry, Bock included */
	bool differs_from_played;    /* score is not the score as played */
	bool table_may_agree;        /* the house lets the table agree the score as
					played instead (penalty.revoke_table_may_agree) */

	bool sheet_compared;         /* the record has per-player scores to compare */
	bool sheet_ok;               /* every recorded score equals score, and the
					winner and value written down are the ruling's */
	bool sheet_winner_wrong;     /* the sheet names another winner */
	bool sheet_value_wrong;      /* the sheet's value ("kontra 3") is not sheet_value */
	long sheet_value;            /* the value a sheet holds for the ruling: what a
					player of the larger party scores (Bock
					included), 0 when nobody scores */
	long correction[DK_MAX_SEATS + 1]; /* per recorded seat: score - recorded */
} dk_ruling;

typedef struct dk_verdict {
	const dk_game *game;
	const dk_rules *rules;

	/* the play */
	dk_replay rp;                /* every trick, the parties, the findings */
	int errors;                  /* findings that are irregularities (not warnings) */
	int warnings;

	/* the score as played */
	bool scored;                 /* played to its end and scored */
	dk_score_input in;
	dk_score sc;
	long played[DK_MAX_SEATS + 1];   /* plus-minus per seat as played */

	/* if reclaimed: one penalty per finding, when assessed */
	bool penalties_assessed;
	dk_penalty penalties[DK_MAX_FINDINGS];
	bool penalty_stands;         /* a finding's consequence has no reclaim deadline
					(penalty.revoke_reclaim_deadline none): assessed
					even where the others are not */
	const dk_penalty *objected;  /* the penalty that counts (a recorded objection, or
					no reclaim deadline), the first of them, or NULL */
	bool counts[DK_MAX_FINDINGS]; /* per finding: its penalty counts (TSR 9.6.6:
					 the first reclaimed, and after one that
					 lets the game go on, the next reclaimed) */
	int counts_last;             /* the last that counts (the one that ends the
					game, or the last reclaimed), -1 none */
	long objected_score[DK_MAX_SEATS + 1]; /* the entry with them applied, before Bock */

	dk_objection objection[DK_MAX_FINDINGS]; /* per finding: its objection
						    (the replay's, reclaim.c) */

	/* the session */
	bool in_session;             /* the game belongs to a session of its file */
	dk_session_game sg;          /* dealer, Bock, the correct entry, the standings */
	long bock;                   /* the session's Bock multiplier, 0 = not known
					(outside a session or without Bock) */
	bool bock_applies;           /* sg.multiplier != 1 or a Bock moved back: the entry
					differs from the score as played by the Bock */
	long entry[DK_MAX_SEATS + 1];    /* what must be written down: as played, the
					    objection applied, Bock included */

	/* the table's record against it */
	bool recorded_compared;      /* scored, and the record has per-player scores */
	int recorded_wrong;          /* players whose recorded score is not entry */

	/* an imported game: the other program's score against this one */
	bool foreign_compared;
	dk_cmp foreign;

	/* a record that stops before the end of the play (not thrown in, not
	 * redealt): could the rest still decide the winner?  Asked of the
	 * search (dk_search_run, dd.h) from where the record stops, with the targets
	 * that apply there, when the hands and the parties are known; only when
	 * every penalty is assessed (DK_VP_ALL: check), not for audit */
	bool stopped;                /* the play stops before its end */
	bool stopped_searched;       /* the search was run (see the two below) */
	bool stopped_parties_unknown;/* not run: a player's party is not known there */
	bool stopped_hands_unknown;  /* not run: the record does not hold every hand */
	int stopped_target[3];       /* the targets from there, per party */
	int stopped_tricks_left;
	dk_search_result stopped_search;

	/* the score that stands and why: what every view leads with */
	dk_ruling ruling;
} dk_verdict;

/**
 * Judge game g under rules r into out (overwritten; allocate it once and
 * reuse it, it is large).  ss is the session state, begun by the caller
 * (dk_session_begin with NULL for a game on its own): the game is judged
 * as its next game, and it moves on.  in_session tells whether g belongs
 * to a session of its file, so that its Bock is known.  r may not be NULL.
 * Never fails.
 */
void dk_verdict_judge(dk_verdict *out, dk_session_state *ss, bool in_session,
		      const dk_game *g, const dk_rules *r, const dk_verdict_opts *opts);

/** "as-played", "not-reclaimed", "penalty", "house-penalty", "not-counted",
 *  "cannot-rule" (the JSON's words); NULL when out of range. */
const char *dk_ruling_basis_name(dk_ruling_basis b);

/** "play", "class"; NULL for none. */
const char *dk_ruling_missing_name(dk_ruling_missing m);


#endif

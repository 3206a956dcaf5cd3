/*
 * dd.h - the double-dummy solver, the one header of src/solve/ that the
 * rest of dokoref includes: the exact value of a position with every hand
 * open, what each card of a game cost, and what can still happen in a game
 * over all legal continuations (the threshold questions at the end).
 * dd_internal.h is the solver's own.
 *
 * The value of a position is the card points each party takes in the end
 * when both play best from there: a zero-sum game between the two parties
 * (Re maximises Re's card points, Kontra minimises them; in a Ramsch, where
 * card points count against the party that takes them, each side plays to
 * take as few as it can).  It counts card points only; special points
 * (fox, Karlchen, Doppelkopf) are not part of it.
 *
 * What the value assumes:
 * - the card order is the one of the position (swines, hyperswines and
 *   Genscher as declared so far, the ♥10 tie rule of the set, every solo
 *   and Ramsch as the engine's dk_order has them); declarations still to
 *   come are not searched;
 * - the parties are those the replay it is given carries.  The analysis of
 *   a game (dk_dd_analyse) gives every position the parties as the game
 *   ended, so before the clarifying trick of a marriage the partner is the
 *   one the game found (who wins the clarifying trick in another line of
 *   play is not searched), and a Genscher's new partner counts from the
 *   start; such positions are marked parties_assumed.
 *
 * The same solver answers the threshold questions (can a party reach a
 * target in some legal continuation: every player then plays for that
 * party; dk_dd_reach, which search.c's dk_search_run asks):
 * between tricks it goes a trick at a time, every way to play the trick
 * tried best first by its gain plus the bound after it (see dd.c).
 *
 * How: fail-soft alpha-beta over single cards, the value being the card
 * points (or tricks) still to come, so that a transposition table at
 * trick boundaries serves every position with the same pattern of cards
 * left, whatever was taken before.  Its key is the pattern without the
 * points (the cards held in the order of places, their suits, relative
 * ranks and copies, who holds them, who leads); the points are kept
 * beside it, and an entry of the same pattern with other points bounds
 * the value with the difference added.  At the last card of a trick the
 * positions after it are looked up before any is searched; in a trick
 * the two cards that last refuted a move in the same trick, for the same
 * player and the same card winning so far, are tried first.  Of the
 * cards a player may play, only one of each set of interchangeable cards
 * is tried (same suit, same points, no card of another player in a hand
 * or in the open trick between them or level with them in the order).
 * At a trick boundary the value is bounded by the points each party can
 * still capture and by the sure tricks of the player on lead (see dd.c).
 * Where every player is a maxer (a threshold question) the search goes a
 * trick at a time between tricks, the ways to play a trick searched best
 * first by what they gain plus that bound.  The exact value is found by
 * null-window probes that reuse the table: the first two at a guess and
 * next to it (in an analysis the value after the card played; for a
 * position on its own, its greedy line solved from the end back); when
 * they leave it open, a move at a time, each move first asked whether
 * it beats the best so far and only then its value halved out, each
 * probe placed by what a "yes" and a "no" have cost lately.  Memory: one
 * table per dk_dd, entries of 32 bytes in buckets of four (two cache
 * lines), allocated once and touched as the search reaches it
 * (DK_DD_TABLE_BYTES, or the size asked of dk_dd_new_sized), made
 * larger where it fills and dk_dd_set_table_max allows, and for
 * threshold questions a stack of the ways to play a trick (12 bytes
 * each, those of one trick per trick searched into), grown as needed and
 * kept until dk_dd_free.
 */
#ifndef DK_DD_H
#define DK_DD_H

#include <stdbool.h>
#include <stdio.h>

#include "replay.h"
#include "rules.h"

#define DK_LINE_MAX 48

typedef struct dk_line {
	dk_card cards[DK_LINE_MAX];
	int seats[DK_LINE_MAX];      /* who played it: an index into the replay's seats[] */
	int count;
} dk_line;

typedef struct dk_dd dk_dd;

/** A solver with its table (DK_DD_TABLE_BYTES); NULL when out of memory. */
dk_dd *dk_dd_new(void);

/**
 * ... with a table of at most table_bytes (the largest power of two of
 * entries that fits; 128 KiB at least, 32 GiB at most).  A larger table
 * keeps more of a long search: from 11 tricks left it saves about half
 * the positions (docs/double-dummy.md).  The memory is taken as the search
 * reaches it.
 */
dk_dd *dk_dd_new_sized(size_t table_bytes);

/** The size of dd's table in bytes (as it is now: see dk_dd_set_table_max). */
size_t dk_dd_table_bytes(const dk_dd *dd);

/**
 * Let dd's table grow up to max_bytes (0, the default: it keeps the size
 * it was made with): where three quarters of it are in use, it is made
 * twice as large and its entries moved over, in an analysis before each
 * position and, with one thread (dk_dd_set_threads), every
 * DK_DD_PROGRESS_EVERY positions of any search.  Where that memory is not
 * to be had, the table stays as it is.  While the entries move both
 * tables are held (1.5 times the larger).  dk_dd_clear gives it back its
 * first size.  The long searches of a 12-trick game's first trick
 * overflow a table of 256 MiB and search again what no longer fits; a
 * short analysis never fills a small one and takes no more memory
 * (docs/double-dummy.md, "A table that grows").
 */
void dk_dd_set_table_max(dk_dd *dd, size_t max_bytes);

/* The most an analysis's table grows to (check, show, replay and convert
 * --analyse: they start at DK_DD_TABLE_BYTES). */
#define DK_DD_ANALYSE_TABLE_MAX ((size_t)2 << 30)

void dk_dd_free(dk_dd *dd);

/** Forget what the table holds, and the positions solved (it stays valid
 *  between questions: the benchmark clears it to time each position on
 *  its own). */
void dk_dd_clear(dk_dd *dd);

#define DK_DD_TABLE_BYTES (16u << 20)

/* The table of an analysis card by card (check, show, replay and convert
 * --analyse): a whole game searches far more positions than a threshold
 * question, and from 11 tricks left a table 16 times as large saves half
 * to two thirds of them (docs/double-dummy.md). */
#define DK_DD_ANALYSE_TABLE_BYTES ((size_t)256 << 20)

/**
 * At most this many positions per question (0, the default: no limit).
 * A question that goes over it is not settled (dk_dd_value.settled false,
 * dk_dd_reach false with dk_dd_stopped true) and leaves nothing wrong in
 * the table.  So is every question about a position whose hands do not
 * match its tricks (dk_replay_hands_match), without a search.
 */
void dk_dd_set_limit(dk_dd *dd, long positions);

#define DK_DD_THREADS_MAX 16

/**
 * Work out each exact value (dk_dd_solve, dk_dd_analyse) with n threads
 * (at most DK_DD_THREADS_MAX; 1, the default: the calling thread alone):
 * each question of the search with five tricks left or more is searched
 * by all of them on the one table, each leaving to later the cards
 * another is searching, and the first to finish answers it.  The values
 * are the same; the positions visited, and so which of several best
 * lines is found, depend on how the threads ran.  The limit holds for
 * each thread's positions apart.  The threshold questions (dk_dd_reach)
 * use one thread.
 */
void dk_dd_set_threads(dk_dd *dd, int n);

/** Where an analysis (dk_dd_analyse) is, for a progress display. */
typedef struct dk_dd_progress {
	int card;                    /* the position being solved: after this many cards */
	int cards;                   /* the game's cards; positions are solved from the
					last (card == cards) back */
	int from;                    /* ... to the position after this many (0: the first
					card) */
	long nodes;                  /* positions visited so far in the analysis */
} dk_dd_progress;

typedef void (*dk_dd_progress_fn)(void *ctx, const dk_dd_progress *at);

/* How often, in positions, the progress callback is called during one
 * position's search (besides once as each position is begun). */
#define DK_DD_PROGRESS_EVERY (1L << 20)

/**
 * Call fn(ctx, ...) as dk_dd_analyse goes: as it begins each position and
 * every DK_DD_PROGRESS_EVERY positions visited (about a third of a second
 * on the machine of docs/double-dummy.md's figures), from the calling thread only;
 * not for other questions (dk_dd_solve, dk_dd_reach).  NULL: none (the
 * default).  It must not use dd, but for dk_dd_stop.
 */
void dk_dd_set_progress(dk_dd *dd, dk_dd_progress_fn fn, void *ctx);

/**
 * From the progress callback, or from a signal handler (it is one atomic
 * store): end the analysis under way at the position it is solving, as
 * if that position went over the limit (the analysis starts after it:
 * dk_dd_game.limited, and .stopped).  Every thread of the solver stops;
 * what the table holds stays right, so that an analysis of the same game
 * later (with the table kept, or saved and loaded: dk_dd_save) finds the
 * positions solved so far in it.  Outside an analysis it ends the
 * dk_dd_solve or dk_dd_reach under way as over the limit, and every one
 * after it, until the next dk_dd_analyse begins.
 */
void dk_dd_stop(dk_dd *dd);

/**
 * Keep dd's table, and what the search has learnt besides (the cards that
 * refuted moves lately, what its probes cost, the values and best lines
 * of the last positions solved: see dk_dd_solve), in f, to go on with a long
 * analysis in another process: dk_dd_load reads it back into a solver
 * whose table may be as large (dk_dd_set_table_max: a smaller saved table
 * is taken as it is, and grows from there), and an analysis of the same game then
 * finds every position solved before in the table.  tag says what the
 * table was made for (the game, the solver's build): dk_dd_load takes
 * the table only with the same tag.  The file is for this build on this
 * machine (the processor's byte order, the table's layout), of the
 * table's size plus 24 KiB, and ends in a checksum.  0, or -1 with
 * errno where writing failed.
 */
int dk_dd_save(const dk_dd *dd, FILE *f, const char *tag);

/**
 * Read what dk_dd_save wrote into dd.  0; or -1, *why (may be NULL) a
 * phrase saying why: not such a file, a table larger than dd's may grow,
 * another key scheme,
 * another tag, cut short, the checksum wrong.  Where the table was read
 * in part, or had to be made larger for it, dd's table is left empty (as
 * after dk_dd_clear); otherwise it is left as it was.
 */
int dk_dd_load(dk_dd *dd, FILE *f, const char *tag, const char **why);

/** Did the last question go over the limit? */
bool dk_dd_stopped(const dk_dd *dd);

/**
 * The table's keys are made with the processor's pext instruction where
 * it has a fast one (x86-64 with BMI2, not AMD's Zen 1 and 2), else a
 * byte at a time from a table; the keys are the same.  For the tests and
 * the benchmark: make dd's keys the portable way, and ask which way dd
 * makes them.
 */
void dk_dd_use_portable_keys(dk_dd *dd);
bool dk_dd_keys_by_pext(const dk_dd *dd);

typedef struct dk_dd_value {
	int points[3];               /* by dk_party: card points at the end with best play
					(taken so far + to come) */
	int now[3];                  /* card points taken so far */
	dk_line line;                /* a best continuation, to the end of the game
					(shorter if finding it went over the limit) */
	long nodes;                  /* positions visited */
	bool settled;                /* false: over the limit, nothing else is set */
} dk_dd_value;

/**
 * The value of the position where rp stopped, with the parties rp->party
 * (the card points taken so far are counted from rp's tricks and those
 * parties).  The solver keeps the value and best line of the last 64
 * positions it solved with a whole line (until dk_dd_clear; with the
 * table: dk_dd_save); such a position asked again is answered from them,
 * with nodes 0, whatever the table has kept.
 */
void dk_dd_solve(dk_dd *dd, dk_dd_value *out, const dk_replay *rp);

/**
 * Threshold question: can party reach need (card points to come, or with
 * tricks = true, tricks to come) in some legal continuation, every player
 * playing as the question needs?  line (may be NULL) gets a continuation
 * that does, to the end of the game.  *nodes (may be NULL) gets the
 * positions visited.
 */
bool dk_dd_reach(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks, int need,
		 dk_line *line, long *nodes);

/**
 * The bound the search cuts with between tricks: at least the most party
 * can still gain (card points to come, or with tricks = true, tricks) in
 * any legal continuation, whoever plays for whom.  -1 when rp did not stop
 * between tricks or its hands do not match its tricks.  For the tests,
 * which check it against an enumeration.
 */
int dk_dd_bound(dk_dd *dd, const dk_replay *rp, dk_party party, bool tricks);

/**
 * The other bound the search cuts with between tricks: what the player on
 * lead at rp takes for his party for sure (card points, or with tricks =
 * true, tricks) by leading the cards that win when led, whatever the
 * other three play.  -1 when rp did not stop between tricks or its hands
 * do not match its tricks.  For the tests, which check it against an
 * enumeration.
 */
int dk_dd_sure(dk_dd *dd, const dk_replay *rp, bool tricks);

/* --- the analysis of a game, card by card ---------------------------- */

typedef struct dk_dd_card {
	int seat;                    /* who played it */
	dk_card card;
	dk_party party;              /* the player's party (as the game ended) */
	int before;                  /* Re's card points at the end with best play, before it */
	int after;                   /* ... and after it */
	bool order_changed;          /* the card order changed after it (swines, hyperswines
					or Genscher declared after it) */
	int after_card;              /* ... then: after it under the order before the
					change, which its cost is weighed by; else after */
	int cost;                    /* card points the player's party lost against the
					best card in that position (0 if it was one, and 0
					where the card came out of turn) */
	dk_card best;                /* a card as good as any in that position: the card
					played where it cost nothing and was legal there,
					else the first card of the position's best line;
					DK_CARD_NONE where that line was not found or the
					card came out of turn */
	bool out_of_turn;            /* another seat was to play: the position's choices
					were that seat's, so the card has no cost */
	bool unsolved;               /* the position before or after it could not be
					searched (dk_dd_game.irregular_at): before and
					after are -1 where theirs was not, no cost, no
					best card, no winners */
	int specials_after;          /* special points on the best line after it, signed
					for Re (a second figure: the line is best for card
					points and does not look for special points) */
	dk_party winner_before;      /* who wins with best play under the game's targets */
	dk_party winner_after;
	dk_party winner_after_card;  /* ... after it under the order before a change
					(as after_card; else winner_after): whether the
					card changed who wins is judged by it */
	bool parties_assumed;        /* a marriage before its clarifying trick */
} dk_dd_card;

typedef struct dk_dd_game {
	bool analysed;               /* false: no cards, or a game not played out */
	bool ramsch;                 /* card points count against the party */
	int cards;                   /* cards analysed */
	dk_dd_card card[DK_LINE_MAX];  /* by card of the game; from `first` on */
	int first;                   /* cards before the first position analysed */
	bool limited;                /* a position before `first` went over the limit */
	bool stopped;                /* that position was stopped (dk_dd_stop; limited
					is true as well) */
	int over;                    /* where limited: that position (after n cards) */
	bool irregular;              /* a position could not be searched: its hands do not
					match its tricks (a card the hand did not hold, a
					seat that played twice in a trick) or its trick
					cannot go round (a card out of turn made up); each
					such position is marked in irregular_at (those
					before a limited analysis's first position too),
					and the analysis goes on past it to the positions
					before (where none could be searched, analysed is
					false; the questions before `first` pass over it) */
	int irregular_count;         /* the positions marked in irregular_at */
	bool irregular_at[DK_LINE_MAX + 1];  /* by position (after n cards) */
	long limit;                  /* the solver's limit (dk_dd_set_limit), 0: none */
	int start;                   /* Re's value before the first card analysed */
	int start_specials;          /* special points on its best line, signed for Re */
	int taken[3];                /* card points actually taken, by party */
	int target[3];               /* the targets the winners are judged by */
	int costly;                  /* cards with a cost */
	bool winner_changed;         /* a card changed who wins with best play */
	long nodes;
	/* where the limit ended the analysis (limited, not stopped): who
	 * wins with best play at each position before `first`, from
	 * threshold questions at the card points where the winner changes
	 * (no value worked out there; none where who wins after the card
	 * played there already answers it: the player could play it
	 * again, unless it broke the rules or the card order changed with
	 * it, as with a revoke or swines declared); card[i] for i from first -
	 * early_asked to first then has its seat, card, party and winners,
	 * but no values or cost */
	int early_asked;             /* the positions before `first` asked, the last ones
					(0: none; not in a Ramsch, nor where a target
					counts tricks) */
	int early_known;             /* ... those whose winner was found */
	int early_changed;           /* cards there that changed who wins with best play
					(found on both sides) */
	bool early_stopped;          /* the questions were interrupted (dk_dd_stop) */
	long early_nodes;            /* the positions they took */
	/* by position (after n cards), up to `first` (the analysis's own
	 * there): who wins with best play, where found (a question over its
	 * share of the limit, or not asked for want of it, finds nothing) */
	bool early_found[DK_LINE_MAX + 1];
	dk_party early_winner[DK_LINE_MAX + 1];
	/* by position (after n cards), from `first` to `cards`: a best line
	 * from it to the end (empty at the end and where the position was
	 * not searched; shorter where the line's own search went over the
	 * limit); its seats[] are the game's seats,
	 * not indexes into a replay's seats[] as a dk_line's from
	 * dk_dd_solve */
	dk_line line[DK_LINE_MAX + 1];
} dk_dd_game;

/*
 * The share of the limit each of those questions may take (a tenth), and
 * all of them together at most the limit: they add to an analysis at
 * most as many positions as the position it stopped at took.
 */
#define DK_DD_EARLY_SHARE 10

/**
 * Analyse every card of g (played under r): the value before and after
 * it, its cost, and whether it changed who wins.  last_tricks > 0: only
 * the cards of the last last_tricks tricks (the tests; 0 = every card).
 * One table serves every position of the game.  The positions are solved
 * from the end back; with a limit (dk_dd_set_limit) the analysis starts
 * after the last position that went over it (limited is then true), and
 * the positions before it are asked only who wins with best play there
 * (early_winner; not in a Ramsch, nor where a target counts tricks).
 * A position that cannot be searched (its hands do not match its tricks,
 * or its trick cannot go round) is passed over and marked
 * (irregular_at); the positions before it are solved on their own.
 */
void dk_dd_analyse(dk_dd *dd, dk_dd_game *out, const dk_game *g, const dk_rules *r,
		   int last_tricks);

/**
 * What an analysis of g under r takes from them, as one number: the deal
 * and the play (dk_game_id), and at every position the card order (the
 * game type, swines and Genscher as declared there, the ♥10 rule) and the
 * parties the analysis takes.  Two analyses with the same number solve the
 * same positions, so a table one of them kept (dk_dd_save) serves the
 * other; the tag of such a table should hold it (check --analyse-keep).
 */
uint64_t dk_dd_game_print(const dk_game *g, const dk_rules *r);

/* ---- what can still happen (search.c) ------------------------------------ */

/*
 * What can still happen in a game, over all legal continuations with every
 * hand known.
 *
 * This answers the DDV's questions about an irregularity (readings D16
 * and D17 of dokoref-readings(7)): a violation "can decide the winner" when, in the position just
 * before it, each party can still reach the target that applies in some
 * legal continuation; a party takes the remaining tricks "zwangsläufig"
 * when it wins every one of them in every legal continuation.  Both are
 * searches over legal plays only (every player may choose as the question
 * needs), not a game between two sides.  The card order is the one of the
 * position (declared swines and Genscher as they stand); declarations still
 * to come are not searched.
 *
 * Each question is a threshold query answered by the solver above
 * (dk_dd_reach: every player plays for the party asked, so the
 * answer is that of an exhaustive search over legal plays; the tests
 * compare it with a plain enumeration).  A "yes" comes with the
 * continuation that proves it, a "no" with the number of positions the
 * search visited.
 */
#define DK_TARGET_ALL_TRICKS 241  /* a target: every remaining trick */
#define DK_TARGET_ONE_TRICK 0     /* a target: at least one trick */

typedef struct dk_search_result {
	int points_now[3];           /* card points of each party in complete tricks */
	bool can_reach[3];           /* the party can still reach its target */
	bool reach_known[3];         /* can_reach was answered within the node budget */
	dk_line line[3];             /* a continuation in which it does */
	bool takes_all[3];           /* the party wins every remaining trick, whatever is played */
	dk_line breaks_all[3];       /* a continuation in which the other party wins one */
	long nodes;                  /* positions visited (see max_nodes), for the benchmark */
	bool complete;               /* every question was answered within the node budget */
	bool irregular;              /* the hands did not match the tricks (a seat played
					twice in a trick): only what needs no search was
					answered */
} dk_search_result;

/**
 * Search from where the replay rp stopped (rp made by dk_replay_run on a
 * game cut before the event in question).  target[DK_PARTY_RE] and
 * target[DK_PARTY_KONTRA] are the card points each party needs in the end,
 * or DK_TARGET_ALL_TRICKS / DK_TARGET_ONE_TRICK (dk_score's targets).
 * max_nodes bounds the work per question, in positions the solver visits
 * (one per card tried; 0 = no bound).  The solver's table is 16 MiB; a
 * question without a bound, or with one above DK_SEARCH_LARGE, that needs
 * more than 20,000,000 positions there is asked again with 256 MiB.
 */
#define DK_SEARCH_LARGE 100000000L

void dk_search_run(dk_search_result *out, const dk_replay *rp, const int target[3],
		   long max_nodes);

/**
 * dk_search_run on a solver the caller keeps (made by dk_dd_new, so with
 * the 16 MiB table): it is cleared first, so the answers, the positions
 * and the continuations are those of a fresh solver, but its table is
 * not made and freed again.  For a caller that asks of many positions in
 * turn (a solver made for each costs the kernel its table's pages each
 * time, under AddressSanitizer more than the search); one thread at a
 * time.
 */
void dk_search_run_on(dk_dd *solver, dk_search_result *out, const dk_replay *rp,
		      const int target[3], long max_nodes);

#endif

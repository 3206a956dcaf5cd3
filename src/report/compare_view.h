/*
 * compare_view.h - one game judged under several rule sets side by side
 * (`dokoref check --rules all`, `--rules ddv,turnier-2022`): the table and
 * its JSON.
 *
 * The comparison itself (the verdicts, and which rule key makes a
 * difference) is made in src/cli/check_compare.c; this file only words it.
 */
#ifndef DK_COMPARE_VIEW_H
#define DK_COMPARE_VIEW_H

#include <stdbool.h>

#include "buf.h"
#include "lang.h"
#include "verdict.h"

#define DK_CMP_MAX_SETS 32
#define DK_CMP_VALUE_MAX 512

/** How one rule set's verdict differs from the first set's (the reference). */
typedef struct dk_compare_diff {
	bool differs;                /* the verdicts differ (see dk_compare_same) */
	const char *key;             /* the first key, in the key table's order, whose
					value alone, put into the reference set, changes
					the reference's verdict; NULL if none does */
	char ref_value[DK_CMP_VALUE_MAX];   /* the key's value in the reference set */
	char value[DK_CMP_VALUE_MAX];       /* and in this set */
	int keys_differing;          /* rule keys whose values differ between the two */
	int keys_inconsistent;       /* of them, keys that cannot be changed alone
					(the reference set would contradict itself) */
} dk_compare_diff;

typedef struct dk_compare {
	const char *file;
	const dk_game *game;
	int count;                           /* rule sets */
	int ref;                             /* the reference: the first set that can
						judge the game (count if none) */
	const char *names[DK_CMP_MAX_SETS];  /* as given: a name or a path */
	const dk_verdict *v[DK_CMP_MAX_SETS];
	/* the game cannot be judged under the set (its deck or table does not
	 * fit: the record check's first error, in English), or NULL */
	const char *refused[DK_CMP_MAX_SETS];
	/* why refused, when it is the deck: 1 the set plays with nines and the
	 * game's hands have none, -1 the other way round, 0 something else */
	int refused_nines[DK_CMP_MAX_SETS];
	/* the set is the record's own and was judged with the record's own
	 * overrides of it (how many), as a plain `check` judges the record */
	size_t own_overrides[DK_CMP_MAX_SETS];
	dk_compare_diff diff[DK_CMP_MAX_SETS];   /* [ref] is the reference's own: unused */
} dk_compare;

/** Whether two verdicts of the same game say the same: game type (and solo
 *  kind and declarer), the parties, whether it is scored, the winner, the
 *  value, each player's entry, and the findings' codes in order. */
bool dk_compare_same(const dk_verdict *a, const dk_verdict *b);

/** The table: a header line, one row per rule set (rule set, game type as
 *  that set reads it, winner, value, each player's score, findings by
 *  code), then per set that differs from the first the key that makes the
 *  difference, and a closing line: how many sets can judge the game,
 *  whether they agree (and on what), and why the others cannot. */
void dk_compare_text(dk_buf *b, dk_lang lang, const dk_compare *c);

/** The same as one JSON object and a newline. */
void dk_compare_json(dk_buf *b, const dk_compare *c);

#endif

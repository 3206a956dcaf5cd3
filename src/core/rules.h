/*
 * rules.h - a resolved rule set as plain data.
 *
 * The YAML loader (src/ruleset) fills this struct; the engine reads only
 * this.  Every difference between house rules is a named field here, never a
 * test of the rule set's name.  Each value keeps its provenance: the quoted
 * sentence or section it comes from, whether it was inherited from a base,
 * and whether it rests on an assumption (a RULES.md decision such as "D1").
 *
 * This is the first slice: the deck and the card order of the normal game.
 * The replay engine adds its fields here.
 */
#ifndef DK_RULES_H
#define DK_RULES_H

#include <stdbool.h>

#include "diag.h"

typedef enum dk_heart10_tie {
	DK_TIE_FIRST_WINS = 0,              /* the first of two equal cards wins */
	DK_TIE_SECOND_WINS,                 /* the second ♥10 beats the first */
	DK_TIE_SECOND_WINS_EXCEPT_LAST,     /* ... except in the last trick */
	DK_TIE_COUNT
} dk_heart10_tie;

/** Where one rule value came from. */
typedef struct dk_rule_source {
	const char *cite;        /* section or quoted sentence; NULL if none */
	const char *assumption;  /* decision id such as "D1", or NULL */
	const char *file;        /* rule set file that set the value */
	dk_loc loc;              /* position of the value in that file */
	bool inherited;          /* set by a base, not by the named set itself */
	bool overridden;         /* set by a per-record override */
} dk_rule_source;

typedef struct dk_rules {
	const char *name;         /* as declared in the file */
	const char *title;        /* the document's own title */
	const char *document;     /* which document the set encodes */
	const char *base;         /* name of the base set, or NULL */
	const char *file;         /* the file it was read from */

	bool deck_nines;          /* 48 cards with nines, else 40 */
	dk_rule_source deck_nines_src;
	dk_heart10_tie heart10_tie;
	dk_rule_source heart10_tie_src;
} dk_rules;

/** Hand size implied by the deck: 12 with nines, 10 without. */
static inline int dk_rules_hand_size(const dk_rules *r)
{
	return r->deck_nines ? 12 : 10;
}

const char *dk_heart10_tie_name(dk_heart10_tie t);
bool dk_heart10_tie_from_name(dk_heart10_tie *out, const char *s);

#endif

/*
 * rules.c - names of the rule enums, as written in rule set files.
 *
 * Only the spelling lives here: reading files and checking values is the
 * YAML loader's business (src/ruleset), which keeps its own table of the
 * same names and tests that the two agree.
 */
#include "rules.h"

#include <string.h>

static const char *const heart10_tie_names[DK_TIE_COUNT] = {
	[DK_TIE_FIRST_WINS] = "first-wins",
	[DK_TIE_SECOND_WINS] = "second-wins",
	[DK_TIE_SECOND_WINS_EXCEPT_LAST] = "second-wins-except-last",
};

/** Name of t ("first-wins", ...); a static string, NULL if t is out of range. */
const char *dk_heart10_tie_name(dk_heart10_tie t)
{
	if ((unsigned)t >= DK_TIE_COUNT)
		return NULL;
	return heart10_tie_names[t];
}

/** Set *out to the tie rule named s; false (and *out untouched) if none. */
bool dk_heart10_tie_from_name(dk_heart10_tie *out, const char *s)
{
	if (!s)
		return false;
	for (int i = 0; i < DK_TIE_COUNT; i++) {
		if (strcmp(s, heart10_tie_names[i]) == 0) {
			*out = (dk_heart10_tie)i;
			return true;
		}
	}
	return false;
}

static const char *const revoke_penalty_names[DK_REVOKE_PENALTY_COUNT] = {
	[DK_REVOKE_DDV_CLASSES] = "ddv-classes",
	[DK_REVOKE_OPPONENTS_WIN] = "opponents-win",
	[DK_REVOKE_LOST_PLUS_ONE_LEVEL] = "lost-plus-one-level",
};

/** Name of p ("ddv-classes", ...); a static string, NULL if p is out of range. */
const char *dk_revoke_penalty_name(dk_revoke_penalty p)
{
	if ((unsigned)p >= DK_REVOKE_PENALTY_COUNT)
		return NULL;
	return revoke_penalty_names[p];
}

static const char *const reclaim_deadline_names[DK_RECLAIM_DEADLINE_COUNT] = {
	[DK_RECLAIM_AT_ONCE] = "at-once",
	[DK_RECLAIM_NONE] = "none",
};

/** Name of d ("at-once", "none"); a static string, NULL if d is out of range. */
const char *dk_reclaim_deadline_name(dk_reclaim_deadline d)
{
	if ((unsigned)d >= DK_RECLAIM_DEADLINE_COUNT)
		return NULL;
	return reclaim_deadline_names[d];
}

/*
 * shipped_rules.h - load one of the rule sets of the source tree in a test.
 */
#ifndef DK_SHIPPED_RULES_H
#define DK_SHIPPED_RULES_H

#include <criterion/criterion.h>
#include <stdio.h>

#include "ruleset.h"

/* load the shipped rule set name; out is released by the caller */
static inline void load_shipped(dk_ruleset *out, const char *name)
{
	const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };
	dk_diag d;
	dk_diag_init(&d);
	int rc = dk_ruleset_load(out, name, dirs, &d);
	char first[512] = "";
	if (d.count)
		snprintf(first, sizeof(first), "%s", d.items[0].message);
	dk_diag_release(&d);
	cr_assert_eq(rc, 0, "rule set '%s' should load: %s", name, first);
}

#endif

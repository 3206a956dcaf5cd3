/*
 * judged.h - the verdict on the first game of a record, for unit tests
 * that look at what the views make of it.
 *
 *   dk_test_with_verdict(DK_SOURCE_ROOT "/samples/normal-ddv.xml", "ddv", fn);
 *
 * judges the record's first game under the named shipped rule set and
 * calls fn with the verdict; everything is released after.
 */
#ifndef DK_TEST_JUDGED_H
#define DK_TEST_JUDGED_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "fmt_xml.h"
#include "ruleset.h"
#include "verdict.h"

static inline void dk_test_with_verdict(const char *path, const char *rule_set,
					void (*fn)(const dk_verdict *v))
{
	static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	cr_assert_eq(dk_xml_reader_open(&r, path, NULL, 0, &d), 0, "%s", path);
	cr_assert_eq(dk_xml_reader_next(r, &d), DK_READ_GAME, "%s", path);
	const dk_game *g = dk_xml_reader_game(r);
	dk_ruleset rs;
	cr_assert_eq(dk_ruleset_load(&rs, rule_set, dirs, &d), 0, "%s", rule_set);
	dk_session_state ss;
	dk_session_begin(&ss, NULL);
	dk_verdict *v = calloc(1, sizeof(*v));
	cr_assert_not_null(v);
	static const dk_verdict_opts none = { DK_VP_NONE, 0 };
	dk_verdict_judge(v, &ss, false, g, &rs.rules, &none);
	fn(v);
	free(v);
	dk_ruleset_release(&rs);
	dk_xml_reader_free(r);
	dk_diag_release(&d);
}

#endif

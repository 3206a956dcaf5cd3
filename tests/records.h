/*
 * records.h - every game of every XML record in a directory, under its
 * named rule set with the record's own <set> values on top, for unit tests
 * that go through the repository's games.
 *
 *   dk_test_each_game(DK_SOURCE_ROOT "/samples", fn);
 *
 * calls fn(game, rules, file name) for each game that reads and whose rule
 * set loads; records that do not read are passed over.
 *
 *   dk_test_open_cut(path, card, &rs, &reader, &game, &keep);
 *
 * reads the first game of one record (its named rule set into rs) and
 * gives how many of its events come before card number card (from 0).
 */
#ifndef DK_TEST_RECORDS_H
#define DK_TEST_RECORDS_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "fmt_xml.h"
#include "ruleset.h"

typedef void dk_test_game_fn(const dk_game *g, const dk_rules *r, const char *name);

static inline void dk_test_each_game(const char *dir, dk_test_game_fn *fn)
{
	static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };
	DIR *dp = opendir(dir);
	cr_assert_not_null(dp, "%s", dir);
	struct dirent *e;
	while ((e = readdir(dp))) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".xml") != 0)
			continue;
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		dk_diag d;
		dk_diag_init(&d);
		dk_xml_reader *r;
		if (dk_xml_reader_open(&r, path, NULL, 0, &d) != 0) {
			dk_diag_release(&d);
			continue;
		}
		dk_read_item it;
		while ((it = dk_xml_reader_next(r, &d)) != DK_READ_END && it != DK_READ_ERROR) {
			if (it != DK_READ_GAME || !dk_xml_reader_game_ok(r))
				continue;
			const dk_game *g = dk_xml_reader_game(r);
			const dk_rules_ref *ref = dk_game_rules(g);
			if (!ref || !ref->name)
				continue;
			dk_ruleset rs;
			bool ok = dk_ruleset_load(&rs, ref->name, dirs, &d) == 0;
			for (size_t k = 0; ok && k < ref->override_count; k++)
				ok = dk_ruleset_override(&rs, ref->overrides[k].key,
							 ref->overrides[k].value, path,
							 ref->overrides[k].loc, &d) == 0;
			if (ok && ref->override_count)
				ok = dk_ruleset_check(&rs, &d) == 0;
			if (ok)
				fn(g, &rs.rules, e->d_name);
			dk_ruleset_release(&rs);
		}
		dk_xml_reader_free(r);
		dk_diag_release(&d);
	}
	closedir(dp);
}

/* the first game of the record at path, read with *r (kept open: *g lives
 * in it), its named rule set loaded into *rs, and *keep the number of its
 * events before card number card (from 0; all of them if there are fewer) */
static inline void dk_test_open_cut(const char *path, size_t card, dk_ruleset *rs,
				    dk_xml_reader **r, const dk_game **g, size_t *keep)
{
	static const char *const dirs[] = { DK_SOURCE_ROOT "/rulesets", NULL };
	dk_diag d;
	dk_diag_init(&d);
	cr_assert_eq(dk_xml_reader_open(r, path, NULL, 0, &d), 0, "%s", path);
	dk_read_item it;
	while ((it = dk_xml_reader_next(*r, &d)) != DK_READ_GAME)
		cr_assert_neq(it, DK_READ_END, "%s: no game", path);
	cr_assert(dk_xml_reader_game_ok(*r), "%s: the game does not read", path);
	*g = dk_xml_reader_game(*r);
	cr_assert_eq(dk_ruleset_load(rs, dk_game_rules(*g)->name, dirs, &d), 0);
	dk_diag_release(&d);
	size_t n = 0;
	*keep = (*g)->event_count;
	for (size_t i = 0; i < (*g)->event_count; i++)
		if ((*g)->events[i].kind == DK_EV_CARD && n++ == card) {
			*keep = i;
			break;
		}
}

#endif

/*
 * judge.c - libdokoref's example: judge every game of a record and print
 * each game's winner, value, scores and findings.
 *
 *   cc -o judge judge.c $(pkg-config --cflags --libs dokoref)
 *   ./judge game.xml [RULES]
 *
 * RULES (a name such as "ddv" or a .yaml path) replaces the record's own
 * rule set.  Exit status: 0 no findings, 1 findings, 2 usage, 3 the record
 * or the rule set is invalid, 4 it cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>

#include <dokoref/dokoref.h>

static void print_error(const dokoref_error *e)
{
	if (e->file[0] && e->line)
		fprintf(stderr, "%s:%u:%u: %s\n", e->file, e->line, e->column, e->message);
	else if (e->file[0])
		fprintf(stderr, "%s: %s\n", e->file, e->message);
	else
		fprintf(stderr, "judge: %s\n", e->message);
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: judge FILE [RULES]   (libdokoref %s)\n", dokoref_version());
		return 2;
	}
	dokoref_error err;
	dokoref_open_options opts = { 0 };
	opts.rules_name = argc == 3 ? argv[2] : NULL;
	dokoref_record *rec = dokoref_record_open_file(argv[1], &opts, &err);
	if (!rec) {
		print_error(&err);
		return err.code == DOKOREF_E_SYSTEM ? 4 : 3;
	}
	dokoref_verdict *v = dokoref_verdict_new();
	int findings = 0, rc;
	while ((rc = dokoref_record_next_game(rec, &err)) == 1) {
		dokoref_judge(v, rec, DOKOREF_JUDGE_NO_PENALTIES, NULL);
		printf("game %ld (%s): ", dokoref_verdict_game_index(v), dokoref_verdict_rules(v));
		if (dokoref_verdict_scored(v))
			printf("%s wins, value %ld\n", dokoref_verdict_winner(v),
			       labs(dokoref_verdict_value(v)));
		else
			printf("not played to its end\n");
		if (dokoref_verdict_scored(v)) {
			printf(" ");
			for (int i = 0; i < 4; i++)
				printf(" %s %+ld", dokoref_verdict_player(v, i),
				       dokoref_verdict_score(v, i));
			printf("\n");
		}
		for (size_t i = 0; i < dokoref_verdict_finding_count(v); i++) {
			dokoref_finding f;
			dokoref_verdict_finding(v, i, &f);
			printf("  %s (%s): trick %d, card %d", f.code, f.kind, f.trick, f.card);
			if (f.card_code)
				printf(" %s", f.card_code);
			if (f.player)
				printf(" by %s", f.player);
			printf(", line %u\n", f.line);
		}
		findings += dokoref_verdict_errors(v);
	}
	if (rc < 0)
		print_error(&err);
	int status = dokoref_record_status(rec);
	dokoref_verdict_free(v);
	dokoref_record_free(rec);
	if (rc < 0 || status)
		return rc == DOKOREF_E_SYSTEM || status == DOKOREF_E_SYSTEM ? 4 : 3;
	return findings ? 1 : 0;
}

/*
 * judged.c - every game of a file judged with its session, for the
 * commands that judge one game or all of them (check, show, replay).
 *
 * The library's record (src/lib/dokoref.c) reads the file and follows its
 * sessions: the dealer, who sits out, the Bock rounds, each game judged as
 * the next one of its session.  This loop prints what the record reports,
 * judges the games the command wants and hands each verdict on; it does
 * not render, count or select beyond the game's number.
 */
#include "cli.h"

#include <string.h>

#include "api_internal.h"
#include "verdict.h"

/* A game whose record names no rule set, judged where the command asks for
 * it: the normal game's order with the deck the hands were dealt from,
 * the first of two equal cards winning, a marriage's partner found in the
 * first three tricks. */
static void fallback_rules(dk_rules *out, const dk_game *g)
{
	memset(out, 0, sizeof(*out));
	out->name = "none";
	out->deck_nines = g->deal.hand_count && g->deal.hands[0].count == 12;
	out->marriage_deadline_trick = 3;
	out->marriage_default_condition = DK_MARRIAGE_FIRST_TRICK;
}

/* the record's current game, wanted: judged and handed on */
static int judge_game(dokoref_record *rec, dokoref_verdict *verdict, const dk_cli_judging *how,
		      void *ud)
{
	const dk_rules *rules = dk_reader_rules(dk_api_reader(rec));
	dk_rules fallback;
	if (!rules && !how->fallback)
		return how->no_rules ? how->no_rules(ud, rec) : 0;
	if (!rules)
		fallback_rules(&fallback, dk_reader_game(dk_api_reader(rec)));
	dk_verdict_opts opts = { (dk_verdict_penalties)how->penalties, 0 };
	int rc;
	if (how->penalties == DK_VP_ALL && rules)
		rc = dokoref_judge(verdict, rec, 0, NULL);   /* with the verdict's limit */
	else
		rc = dk_api_judge(verdict, rec, &opts, rules ? NULL : &fallback);
	if (rc != 0)
		return 0;
	dk_cli_judged j = { rec, verdict, dk_api_verdict(verdict), rules };
	return how->game(ud, &j);
}

static int worse(int a, int b)
{
	/* system errors outrank invalid input, which outranks findings */
	if (a == DK_EXIT_SYSTEM || b == DK_EXIT_SYSTEM)
		return DK_EXIT_SYSTEM;
	return a > b ? a : b;
}

int dk_cli_each_judged(dk_cli *cli, const char *path, const dk_read_opts *opts,
		       const dk_cli_judging *how, void *ud)
{
	dk_diag d;
	dk_diag_init(&d);
	dokoref_record *rec;
	int rc = dk_api_record_open(&rec, path, opts, &d);
	dk_cli_print_diag(cli, &d);
	dk_diag_release(&d);
	if (rc != 0)
		return rc;
	dokoref_verdict *verdict = dokoref_verdict_new();
	dokoref_verdict_set_search_limit(verdict, how->search_limit);
	int stop = 0;
	for (;;) {
		dokoref_item item = dokoref_record_next(rec);
		dk_cli_print_record_diag(cli, rec);
		if (item == DOKOREF_ITEM_ERROR || item == DOKOREF_ITEM_END)
			break;
		if (item != DOKOREF_ITEM_GAME || !dokoref_record_game_ok(rec))
			continue;
		if (how->want && dokoref_record_game_index(rec) != how->want)
			continue;
		if ((stop = judge_game(rec, verdict, how, ud)) != 0)
			break;
	}
	int status = dokoref_record_status(rec);
	dokoref_verdict_free(verdict);
	dokoref_record_free(rec);
	dk_cli_said_end(cli);
	status = status == DOKOREF_E_SYSTEM ? DK_EXIT_SYSTEM : status ? DK_EXIT_INVALID : DK_EXIT_OK;
	return worse(status, stop);
}

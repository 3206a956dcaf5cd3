/*
 * check_text.c - findings and game types in English words; see check_text.h.
 */
#include "check_text.h"

#include <string.h>

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

const char *dk_text_call(dk_call c)
{
	switch (c) {
	case DK_CALL_RE: return "Re";
	case DK_CALL_KONTRA: return "Kontra";
	case DK_CALL_NO90: return "keine 90";
	case DK_CALL_NO60: return "keine 60";
	case DK_CALL_NO30: return "keine 30";
	case DK_CALL_SCHWARZ: return "schwarz";
	default: return "?";
	}
}

static const char *level_words(int level)
{
	static const char *const w[DK_LEVELS] = {
		"Re/Kontra", "keine 90", "keine 60", "keine 30", "schwarz"
	};
	return level >= 0 && level < DK_LEVELS ? w[level] : "?";
}

static const char *party_words(dk_party p)
{
	return p == DK_PARTY_RE ? "Re" : p == DK_PARTY_KONTRA ? "Kontra" : "unknown";
}

static const char *solo_words(dk_solo_kind k)
{
	static const char *const w[DK_SOLO_KIND_COUNT] = {
		"no solo", "Damensolo (queens)", "Bubensolo (jacks)", "Kreuz-Farbsolo",
		"Pik-Farbsolo", "Herz-Farbsolo", "Karo-Farbsolo", "reines Kreuz-Solo",
		"reines Pik-Solo", "reines Herz-Solo", "reines Karo-Solo", "Trumpfsolo",
		"Fleischlos (no trumps)", "Koehler (kings, queens, jacks)",
	};
	return (unsigned)k < DK_SOLO_KIND_COUNT ? w[k] : "?";
}

static void cards(dk_buf *b, const dk_card *c, int n)
{
	for (int i = 0; i < n; i++)
		dk_buf_printf(b, "%s%s", i ? " " : "", dk_card_symbol(c[i]));
}

void dk_text_game_type(dk_buf *b, const dk_game *g, const dk_replay *rp)
{
	switch (rp->type) {
	case DK_GT_NORMAL:
		dk_buf_puts(b, "normal game");
		break;
	case DK_GT_MARRIAGE:
		dk_buf_printf(b, "marriage (Hochzeit) of %s, partner by %s", name_of(g, rp->declarer),
			      dk_marriage_cond_name(rp->condition));
		if (rp->alone)
			dk_buf_printf(b, ": nobody met it, %s plays alone", name_of(g, rp->declarer));
		else if (rp->partner)
			dk_buf_printf(b, ": %s from trick %d", name_of(g, rp->partner),
				      rp->clarified_trick);
		break;
	case DK_GT_SILENT_MARRIAGE:
		dk_buf_printf(b, "silent marriage (stille Hochzeit) of %s", name_of(g, rp->declarer));
		break;
	case DK_GT_POVERTY:
		dk_buf_printf(b, "poverty (Armut) of %s, taken by %s", name_of(g, rp->declarer),
			      name_of(g, rp->partner));
		break;
	case DK_GT_SOLO:
		dk_buf_printf(b, "%s of %s", solo_words(rp->solo), name_of(g, rp->declarer));
		break;
	case DK_GT_RAMSCH:
		dk_buf_printf(b, "Ramsch (nobody took the poverty of %s)", name_of(g, rp->declarer));
		break;
	case DK_GT_THROWN_IN:
		dk_buf_printf(b, "thrown in by %s: no game", name_of(g, rp->declarer));
		break;
	case DK_GT_REDEAL:
		dk_buf_puts(b, "to be dealt again: no game");
		break;
	case DK_GT_COUNT:
		break;
	}
}

void dk_text_parties(dk_buf *b, const dk_game *g, const dk_replay *rp)
{
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
		dk_buf_printf(b, "%s%s:", p == DK_PARTY_RE ? "" : " - ", party_words((dk_party)p));
		int n = 0;
		for (int i = 0; i < DK_PLAYING_SEATS; i++) {
			int s = rp->seats[i];
			if (rp->party[s] == (dk_party)p)
				dk_buf_printf(b, "%s %s", n++ ? "," : "", name_of(g, s));
		}
		if (!n)
			dk_buf_puts(b, " nobody");
	}
}

static void model_words(dk_buf *b, const dk_finding *f, const dk_rules *r)
{
	switch (r->announce_model) {
	case DK_MODEL_OWN_CARDS:
		dk_buf_printf(b, "after playing %d card%s of the hand (allowed: at most %d)",
			      f->count, f->count == 1 ? "" : "s", f->limit);
		break;
	case DK_MODEL_GAME_CARDS:
		dk_buf_printf(b, "after card %d of the game (allowed: up to card %d)", f->count,
			      f->limit);
		break;
	case DK_MODEL_LEFT_NEIGHBOUR_CARDS:
		dk_buf_printf(b, "after the left neighbour had played %d card%s (allowed: at most %d)",
			      f->count, f->count == 1 ? "" : "s", f->limit);
		break;
	case DK_MODEL_COUNT:
		break;
	}
}

void dk_text_finding(dk_buf *b, const dk_finding *f, const dk_game *g, const dk_replay *rp,
		     const dk_rules *r)
{
	const char *who = name_of(g, f->seat);
	switch (f->code) {
	case DK_F_CARD_NOT_IN_HAND:
		dk_buf_printf(b, "%s played %s, which %s does not hold", who,
			      dk_card_symbol(f->played), who);
		break;
	case DK_F_OUT_OF_TURN:
		dk_buf_printf(b, "%s played %s when %s was to play", who, dk_card_symbol(f->played),
			      name_of(g, f->expected_seat));
		break;
	case DK_F_WRONG_LEAD:
		dk_buf_printf(b, "%s led the first trick with %s; %s leads under these rules", who,
			      dk_card_symbol(f->played), name_of(g, f->expected_seat));
		break;
	case DK_F_REVOKE:
		dk_buf_printf(b, "%s played %s to a %s lead while holding ", who,
			      dk_card_symbol(f->played),
			      f->count == 4 ? "trump" : dk_suit_symbol((dk_suit)f->count));
		cards(b, f->demanded, f->demanded_count);
		break;
	case DK_F_GAME_INCOMPLETE:
		dk_buf_printf(b, "the record ends after %d of %d cards", f->count, f->limit);
		break;
	case DK_F_ANNOUNCE_TOO_LATE:
		dk_buf_printf(b, "%s said \"%s\" too late: ", who, dk_text_call(f->call));
		model_words(b, f, r);
		break;
	case DK_F_ANNOUNCE_WRONG_PARTY:
		dk_buf_printf(b, "%s, of the %s party, said \"%s\"", who,
			      party_words(rp->party[f->seat]), dk_text_call(f->call));
		break;
	case DK_F_ANNOUNCE_PARTY_UNKNOWN:
		dk_buf_printf(b, "%s said \"%s\" before the marriage decided the parties", who,
			      dk_text_call(f->call));
		break;
	case DK_F_ANNOUNCE_SKIPPED_LEVEL:
		dk_buf_printf(b, "%s said \"%s\" passing over \"%s\", which could not be said any "
			      "more", who, dk_text_call(f->call), level_words(f->count));
		break;
	case DK_F_ANNOUNCE_REPEATED:
		dk_buf_printf(b, "%s said \"%s\", which the %s party had said already", who,
			      dk_text_call(f->call), party_words(rp->party[f->seat]));
		break;
	case DK_F_LIMIT_WITHOUT_CALL:
		dk_buf_printf(b, "%s said \"%s\" before the %s party had said \"%s\"", who,
			      dk_text_call(f->call), party_words(rp->party[f->seat]),
			      party_words(rp->party[f->seat]));
		break;
	case DK_F_SOLOIST_RE_UNANSWERED:
		dk_buf_printf(b, "the soloist %s said \"Re\" before the opponents announced anything",
			      who);
		break;
	case DK_F_MANDATORY_MISSED:
		dk_buf_printf(b, "the %s party took %d card points in the first trick but did not "
			      "announce%s", party_words(rp->party[f->seat]), f->count,
			      f->limit ? " \"keine 90\" on top of its earlier call" : "");
		break;
	case DK_F_RESERVATION_UNJUSTIFIED:
		dk_buf_printf(b, "%s named a reservation the hand does not allow", who);
		if (f->rule_key && strcmp(f->rule_key, "poverty.max_trumps") == 0)
			dk_buf_printf(b, ": a poverty with %d trumps (at most %d)", f->count, f->limit);
		else if (f->played == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN))
			dk_buf_printf(b, ": a marriage holding %d of the two %s", f->count,
				      dk_card_symbol(f->played));
		else if (f->rule_key && strcmp(f->rule_key, "throw_in.reasons") == 0)
			dk_buf_puts(b, ": throwing in");
		break;
	case DK_F_RESERVATION_NOT_ALLOWED:
		dk_buf_printf(b, "%s named a game these rules do not have", who);
		if (f->rule_key && strcmp(f->rule_key, "solo.kinds") == 0)
			dk_buf_printf(b, ": %s", solo_words((dk_solo_kind)f->count));
		else if (f->rule_key && strcmp(f->rule_key, "marriage.conditions") == 0)
			dk_buf_printf(b, ": a marriage by %s",
				      dk_marriage_cond_name((dk_marriage_cond)f->count));
		else if (f->rule_key && strcmp(f->rule_key, "marriage.enabled") == 0)
			dk_buf_puts(b, ": a marriage");
		else if (f->rule_key && strcmp(f->rule_key, "poverty.enabled") == 0)
			dk_buf_puts(b, ": a poverty");
		else if (f->rule_key && strcmp(f->rule_key, "throw_in.reasons") == 0)
			dk_buf_puts(b, ": throwing in");
		break;
	case DK_F_POVERTY_PASS_WRONG:
		dk_buf_printf(b, "%s passed %d card%s for the poverty; %d were due", who, f->count,
			      f->count == 1 ? "" : "s", f->limit);
		if (f->demanded_count) {
			dk_buf_puts(b, ", with all the trumps: ");
			cards(b, f->demanded, f->demanded_count);
		}
		break;
	case DK_F_POVERTY_RETURN_WRONG:
		if (f->limit < 0)
			dk_buf_printf(b, "%s gave back a trump while keeping fehl cards", who);
		else
			dk_buf_printf(b, "%s gave back %d card%s; %d were due", who, f->count,
				      f->count == 1 ? "" : "s", f->limit);
		break;
	case DK_F_POVERTY_REPORT_MISSING:
		if (f->count == 0)
			dk_buf_printf(b, "%s did not say how many trumps came back (none did)", who);
		else
			dk_buf_printf(b, "%s gave back %d trump%s without saying so", who, f->count,
				      f->count == 1 ? "" : "s");
		break;
	case DK_F_POVERTY_REPORT_WRONG:
		dk_buf_printf(b, "%s reported %d trump%s back; %d came back", who, f->count,
			      f->count == 1 ? "" : "s", f->limit);
		break;
	case DK_F_POVERTY_ASKED_OUT_OF_ORDER:
		dk_buf_printf(b, "%s answered the poverty when %s was to be asked", who,
			      name_of(g, f->expected_seat));
		break;
	case DK_F_SHOULD_HAVE_BEEN_REDEALT:
		dk_buf_printf(b, "the cards were played although %s",
			      f->count == DK_GT_THROWN_IN ? "the game was thrown in"
							  : "the rules end this deal: deal again");
		break;
	case DK_F_SWINE_FALSE:
		if (f->played == DK_CARD_NONE || f->count >= 2)
			dk_buf_printf(b, "%s declared swines in a game without them", who);
		else
			dk_buf_printf(b, "%s declared swines holding %d of the two %s", who, f->count,
				      dk_card_symbol(f->played));
		break;
	case DK_F_SWINE_MISTIMED:
		dk_buf_printf(b, "%s declared swines, but not when playing the first %s", who,
			      dk_card_symbol(f->played));
		break;
	case DK_F_SWINE_NOT_DECLARED:
		dk_buf_printf(b, "%s played the first of both %s without declaring the swines", who,
			      dk_card_symbol(f->played));
		break;
	case DK_F_GENSCHER_FALSE:
		if (f->count >= 2)
			dk_buf_printf(b, "%s called Genscher in a game that has none", who);
		else
			dk_buf_printf(b, "%s called Genscher holding %d of the two %s", who, f->count,
				      dk_card_symbol(f->played));
		break;
	case DK_F_GENSCHER_MISTIMED:
		dk_buf_printf(b, "%s called Genscher, but not when playing the first %s", who,
			      dk_card_symbol(f->played));
		break;
	case DK_F_WENDE_GENSCHER_FALSE:
		switch (f->limit) {
		case 0:
			dk_buf_printf(b, "%s called Wende-Genscher in a game that does not allow it", who);
			break;
		case 1:
			dk_buf_printf(b, "%s called Wende-Genscher holding %d of the two %s", who,
				      f->count, dk_card_symbol(f->played));
			break;
		case 2:
			dk_buf_printf(b, "%s called Wende-Genscher without naming another player as "
				      "partner", who);
			break;
		default:
			dk_buf_printf(b, "%s called Wende-Genscher, but not when playing the first %s",
				      who, dk_card_symbol(f->played));
			break;
		}
		break;
	case DK_F_CODE_COUNT:
		break;
	}
}

void dk_text_rule_source(dk_buf *b, const dk_finding *f, const dk_rules *r)
{
	if (!f->rule_key)
		return;
	dk_buf_printf(b, "rule %s", f->rule_key);
	if (!f->rule) {
		dk_buf_puts(b, " (the format and the course of play)");
		return;
	}
	dk_buf_printf(b, " of %s", r->name ? r->name : "?");
	if (f->rule->overridden)
		dk_buf_puts(b, ", overridden by the record");
	else if (f->rule->inherited)
		dk_buf_printf(b, ", inherited from %s", r->base ? r->base : "its base");
	if (f->rule->assumption)
		dk_buf_printf(b, ", assumed (%s)", f->rule->assumption);
	if (f->rule->cite)
		dk_buf_printf(b, ": %s", f->rule->cite);
}

static void item_words(dk_buf *b, const dk_score_item *it)
{
	static const char *const under[DK_LEVELS] = { "", "under 90", "under 60", "under 30",
						       "schwarz (no trick)" };
	static const char *const limit[DK_LEVELS] = { "", "keine 90", "keine 60", "keine 30",
						       "schwarz" };
	static const char *const reach[DK_LEVELS] = { "", "120", "90", "60", "30" };
	dk_party opp = it->party == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
	switch (it->kind) {
	case DK_SI_WON:
		dk_buf_puts(b, "won");
		break;
	case DK_SI_UNDER:
		dk_buf_printf(b, "%s %s", party_words(opp), under[it->level]);
		break;
	case DK_SI_CALL:
		dk_buf_printf(b, "\"%s\" said", party_words(it->detail));
		break;
	case DK_SI_LIMIT:
		dk_buf_printf(b, "\"%s\" said by %s", limit[it->level], party_words(it->detail));
		break;
	case DK_SI_REACHED:
		dk_buf_printf(b, "%s reached against \"%s\"", reach[it->level], limit[it->level]);
		break;
	case DK_SI_AGAINST_OLD:
		dk_buf_puts(b, "against the old (Kontra won)");
		break;
	case DK_SI_DOPPELKOPF:
		dk_buf_puts(b, "Doppelkopf (a trick of 40 or more)");
		break;
	case DK_SI_FOX:
		dk_buf_puts(b, "Fuchs caught");
		break;
	case DK_SI_KARLCHEN:
		dk_buf_puts(b, "Karlchen takes the last trick");
		break;
	case DK_SI_KARLCHEN_CAUGHT:
		dk_buf_puts(b, "Karlchen caught in the last trick");
		break;
	case DK_SI_KIND_COUNT:
		break;
	}
}

static void target_words(dk_buf *b, int t)
{
	if (t == 241)
		dk_buf_puts(b, "every trick");
	else if (t == 0)
		dk_buf_puts(b, "one trick");
	else
		dk_buf_printf(b, "%d", t);
}

void dk_text_score(dk_buf *b, const dk_score *s, const long *per_seat, const dk_game *g,
		   const dk_replay *rp)
{
	dk_buf_puts(b, "  result: ");
	if (s->winner == DK_PARTY_NONE)
		dk_buf_puts(b, "nobody won, both missed what they announced");
	else
		dk_buf_printf(b, "%s won", party_words(s->winner));
	dk_buf_printf(b, " (Re needed ");
	target_words(b, s->target[DK_PARTY_RE]);
	dk_buf_printf(b, " and took %d, Kontra needed ", rp->points[DK_PARTY_RE]);
	target_words(b, s->target[DK_PARTY_KONTRA]);
	dk_buf_printf(b, " and took %d)\n", rp->points[DK_PARTY_KONTRA]);
	for (int i = 0; i < s->item_count; i++) {
		const dk_score_item *it = &s->items[i];
		dk_buf tmp;
		dk_buf_init(&tmp);
		item_words(&tmp, it);
		dk_buf_printf(b, "    %-38s %-6s %+3d  %-7s  %s\n", tmp.data ? tmp.data : "",
			      party_words(it->party), it->points, it->special ? "special" : "",
			      it->rule_key ? it->rule_key : "");
		dk_buf_release(&tmp);
	}
	if (s->feigheit_capped)
		dk_buf_printf(b, "    (Feigheit: %d level%s reached beyond one above the announced "
			      "not counted, score.feigheit)\n", s->feigheit_dropped,
			      s->feigheit_dropped == 1 ? "" : "s");
	dk_buf_puts(b, "  value: ");
	if (s->multiplier > 1 || s->specials) {
		dk_buf_printf(b, "%d for %s", s->base < 0 ? -s->base : s->base,
			      s->base < 0 ? "Kontra" : "Re");
		if (s->multiplier > 1)
			dk_buf_printf(b, " x %d%s", s->multiplier,
				      s->counter_doubled ? " (Re/Kontra said, lost counter-announcement)"
							 : " (Re/Kontra said)");
		if (s->specials)
			dk_buf_printf(b, ", special points %d for %s",
				      s->specials > 0 ? s->specials : -s->specials,
				      s->specials > 0 ? "Re" : "Kontra");
		dk_buf_puts(b, ": ");
	}
	dk_buf_printf(b, "%d for %s", s->value < 0 ? -s->value : s->value,
		      s->value < 0 ? "Kontra" : "Re");
	if (s->factor > 1)
		dk_buf_printf(b, ", the soloist x %d", s->factor);
	dk_buf_puts(b, "\n  plus-minus:");
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", name_of(g, seat), per_seat[seat]);
	}
	dk_buf_putc(b, '\n');
}

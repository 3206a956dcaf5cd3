/*
 * check_text.c - findings, game types and the score in words, English or
 * German; see check_text.h.  The words are in lang.c.
 */
#include "check_text.h"

#include "view_words.h"

#include <string.h>

static const char *name_of(const dk_game *g, int seat)
{
	const dk_player *p = dk_game_player_at(g, seat);
	return p ? p->name : "?";
}

/* the width of s on a terminal: its UTF-8 code points (the catalogue has no
 * wide or combining characters) */
static size_t text_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

/* s, then spaces up to width: "%-*s" by characters rather than bytes, so
 * that a column lines up behind "„" or "ü" */
static void put_padded(dk_buf *b, const char *s, size_t width)
{
	dk_buf_puts(b, s);
	for (size_t n = text_width(s); n < width; n++)
		dk_buf_putc(b, ' ');
}

/* Re/Kontra is level 0; keine 90 ... schwarz are 1 to 4 */
static const char *level_words(dk_lang lang, int level)
{
	if (level == 0)
		return dk_msg_text(lang, DK_MSG_LEVEL_RE_KONTRA);
	return level > 0 && level < DK_LEVELS ? dk_view_call(lang, (dk_call)(DK_CALL_RE + 1 + level))
					      : "?";
}

static bool is_limit(dk_call c)
{
	return c == DK_CALL_NO90 || c == DK_CALL_NO60 || c == DK_CALL_NO30 || c == DK_CALL_SCHWARZ;
}

static const char *party_words(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE       ? DK_MSG_PARTY_RE
				 : p == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA
							: DK_MSG_PARTY_UNKNOWN);
}

const char *dk_text_solo(dk_lang lang, dk_solo_kind k)
{
	static const dk_msg m[DK_SOLO_KIND_COUNT] = {
		[DK_SOLO_NONE] = DK_MSG_SOLO_NONE,
		[DK_SOLO_QUEENS] = DK_MSG_SOLO_QUEENS,
		[DK_SOLO_JACKS] = DK_MSG_SOLO_JACKS,
		[DK_SOLO_CLUBS] = DK_MSG_SOLO_CLUBS,
		[DK_SOLO_SPADES] = DK_MSG_SOLO_SPADES,
		[DK_SOLO_HEARTS] = DK_MSG_SOLO_HEARTS,
		[DK_SOLO_DIAMONDS] = DK_MSG_SOLO_DIAMONDS,
		[DK_SOLO_PURE_CLUBS] = DK_MSG_SOLO_PURE_CLUBS,
		[DK_SOLO_PURE_SPADES] = DK_MSG_SOLO_PURE_SPADES,
		[DK_SOLO_PURE_HEARTS] = DK_MSG_SOLO_PURE_HEARTS,
		[DK_SOLO_PURE_DIAMONDS] = DK_MSG_SOLO_PURE_DIAMONDS,
		[DK_SOLO_TRUMPS] = DK_MSG_SOLO_TRUMPS,
		[DK_SOLO_FLEISCHLOS] = DK_MSG_SOLO_FLEISCHLOS,
		[DK_SOLO_KOEHLER] = DK_MSG_SOLO_KOEHLER,
		[DK_SOLO_KINGS] = DK_MSG_SOLO_KINGS,
		[DK_SOLO_QUEENS_JACKS] = DK_MSG_SOLO_QUEENS_JACKS,
		[DK_SOLO_KINGS_JACKS] = DK_MSG_SOLO_KINGS_JACKS,
		[DK_SOLO_KINGS_QUEENS] = DK_MSG_SOLO_KINGS_QUEENS,
	};
	return (unsigned)k < DK_SOLO_KIND_COUNT ? dk_msg_text(lang, m[k]) : "?";
}

const char *dk_text_marriage_cond(dk_lang lang, dk_marriage_cond c)
{
	switch (c) {
	case DK_MARRIAGE_FIRST_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_TRICK);
	case DK_MARRIAGE_FIRST_FEHL_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_FEHL_TRICK);
	case DK_MARRIAGE_FIRST_TRUMP_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_TRUMP_TRICK);
	case DK_MARRIAGE_FIRST_CLUB_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_CLUB_TRICK);
	case DK_MARRIAGE_FIRST_SPADE_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_SPADE_TRICK);
	case DK_MARRIAGE_FIRST_HEART_TRICK: return dk_msg_text(lang, DK_MSG_COND_FIRST_HEART_TRICK);
	default: {
		const char *name = dk_marriage_cond_name(c);
		return name ? name : "?";
	}
	}
}

static void card_list(dk_buf *b, dk_lang lang, const dk_card *c, int n)
{
	for (int i = 0; i < n; i++)
		dk_buf_printf(b, "%s%s", i ? " " : "", dk_view_card(lang, c[i]));
}

void dk_text_game_type_in(dk_buf *b, dk_lang lang, const dk_game *g, const dk_replay *rp)
{
	switch (rp->type) {
	case DK_GT_NORMAL:
		dk_say(b, lang, DK_MSG_GT_NORMAL);
		break;
	case DK_GT_MARRIAGE:
		dk_say(b, lang, DK_MSG_GT_MARRIAGE, name_of(g, rp->declarer),
		       dk_text_marriage_cond(lang, rp->condition));
		if (rp->alone)
			dk_say(b, lang, DK_MSG_GT_MARRIAGE_ALONE, name_of(g, rp->declarer));
		else if (rp->partner)
			dk_say(b, lang, DK_MSG_GT_MARRIAGE_PARTNER, name_of(g, rp->partner),
			       rp->clarified_trick);
		break;
	case DK_GT_SILENT_MARRIAGE:
		dk_say(b, lang, DK_MSG_GT_SILENT_MARRIAGE, name_of(g, rp->declarer));
		break;
	case DK_GT_POVERTY:
		dk_say(b, lang, DK_MSG_GT_POVERTY, name_of(g, rp->declarer), name_of(g, rp->partner));
		break;
	case DK_GT_SOLO:
		dk_say(b, lang, DK_MSG_GT_SOLO, dk_text_solo(lang, rp->solo), name_of(g, rp->declarer));
		break;
	case DK_GT_RAMSCH:
		dk_say(b, lang, DK_MSG_GT_RAMSCH, name_of(g, rp->declarer));
		break;
	case DK_GT_THROWN_IN:
		dk_say(b, lang, DK_MSG_GT_THROWN_IN, name_of(g, rp->declarer));
		break;
	case DK_GT_REDEAL:
		dk_say(b, lang, DK_MSG_GT_REDEAL);
		break;
	case DK_GT_COUNT:
		break;
	}
}

void dk_text_parties_in(dk_buf *b, dk_lang lang, const dk_game *g, const dk_replay *rp)
{
	for (int p = DK_PARTY_RE; p <= DK_PARTY_KONTRA; p++) {
		dk_buf_printf(b, "%s%s:", p == DK_PARTY_RE ? "" : " - ",
			      party_words(lang, (dk_party)p));
		int n = 0;
		for (int i = 0; i < DK_PLAYING_SEATS; i++) {
			int s = rp->seats[i];
			if (rp->party[s] == (dk_party)p)
				dk_buf_printf(b, "%s %s", n++ ? "," : "", name_of(g, s));
		}
		if (!n)
			dk_buf_printf(b, " %s", dk_msg_text(lang, DK_MSG_NOBODY));
	}
}

static void model_words(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_rules *r)
{
	switch (r->announce_model) {
	case DK_MODEL_OWN_CARDS:
		dk_say(b, lang, dk_msg_n(f->count, DK_MSG_LATE_OWN_CARDS_ONE,
					 DK_MSG_LATE_OWN_CARDS_MANY), f->count, f->limit);
		break;
	case DK_MODEL_GAME_CARDS:
		dk_say(b, lang, DK_MSG_LATE_GAME_CARDS, f->count, f->limit);
		break;
	case DK_MODEL_LEFT_NEIGHBOUR_CARDS:
		dk_say(b, lang, dk_msg_n(f->count, DK_MSG_LATE_NEIGHBOUR_ONE,
					 DK_MSG_LATE_NEIGHBOUR_MANY), f->count, f->limit);
		break;
	case DK_MODEL_GAME_TRICKS:
		dk_say(b, lang, DK_MSG_LATE_GAME_TRICKS, f->count + 1, f->limit + 1);
		break;
	case DK_MODEL_COUNT:
		break;
	}
}

static bool key_is(const dk_finding *f, const char *key)
{
	return f->rule_key && strcmp(f->rule_key, key) == 0;
}

/* an objection that reclaims nothing: who, what it concerns, why */
static void objection_words(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_game *g)
{
	const char *who = f->seat ? name_of(g, f->seat) : dk_msg_text(lang, DK_MSG_RC_SOMEBODY);
	if (f->code == DK_F_OBJECTION_GROUNDLESS) {
		dk_say(b, lang, DK_MSG_F_OBJ_GROUNDLESS, who);
		return;
	}
	dk_say(b, lang, DK_MSG_F_OBJ_WHO, who);
	if (f->about_trick)
		dk_say(b, lang, DK_MSG_F_OBJ_ABOUT, f->about_trick, f->about_card,
		       name_of(g, f->about_seat));
	else
		dk_say(b, lang, DK_MSG_F_OBJ_ABOUT_BIDDING, name_of(g, f->about_seat));
	if (f->code == DK_F_OBJECTION_LATE) {
		if (f->deadline_card)
			dk_say(b, lang, DK_MSG_F_OBJ_LATE, f->deadline_card);
		else
			dk_say(b, lang, DK_MSG_F_OBJ_LATE_COUNT);
		return;
	}
	dk_say(b, lang, DK_MSG_F_OBJ_NOT_ENTITLED);
	bool first = true;
	for (int s = 1; s <= DK_MAX_SEATS; s++)
		if (f->entitled & 1u << s) {
			dk_buf_printf(b, "%s %s", first ? "" : ",", name_of(g, s));
			first = false;
		}
}

void dk_text_finding(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_game *g,
		     const dk_replay *rp, const dk_rules *r)
{
	const char *who = name_of(g, f->seat);
	const char *call = dk_view_call(lang, f->call);
	const char *party = party_words(lang, rp->party[f->seat]);
	switch (f->code) {
	case DK_F_CARD_NOT_IN_HAND:
		dk_say(b, lang, DK_MSG_F_CARD_NOT_IN_HAND, who, dk_view_card(lang, f->played), who);
		if (f->expected_seat)
			dk_say(b, lang, DK_MSG_F_NOT_IN_HAND_OWNER, name_of(g, f->expected_seat),
			       name_of(g, f->expected_seat));
		if (f->demanded_count) {
			dk_say(b, lang, DK_MSG_F_NOT_IN_HAND_KEPT);
			card_list(b, lang, f->demanded, f->demanded_count);
		}
		if (f->followed)
			dk_say(b, lang, dk_msg_n(f->followed, DK_MSG_F_NOT_IN_HAND_REVOKES_ONE,
						 DK_MSG_F_NOT_IN_HAND_REVOKES_MANY), f->followed);
		break;
	case DK_F_OUT_OF_TURN:
	case DK_F_WRONG_LEAD:
		dk_say(b, lang, f->code == DK_F_OUT_OF_TURN ? DK_MSG_F_OUT_OF_TURN
							     : DK_MSG_F_WRONG_LEAD,
		       who, dk_view_card(lang, f->played), name_of(g, f->expected_seat));
		if (f->followed)
			dk_say(b, lang, dk_msg_n(f->followed, DK_MSG_F_SLIP_FOLLOWED_ONE,
						 DK_MSG_F_SLIP_FOLLOWED_MANY), f->followed);
		break;
	case DK_F_REVOKE:
		dk_say(b, lang, DK_MSG_F_REVOKE, who, dk_view_card(lang, f->played),
		       f->count == 4 ? dk_msg_text(lang, DK_MSG_TRUMP)
				     : dk_suit_symbol((dk_suit)f->count));
		card_list(b, lang, f->demanded, f->demanded_count);
		break;
	case DK_F_GAME_INCOMPLETE:
		dk_say(b, lang, DK_MSG_F_GAME_INCOMPLETE, f->count, f->limit);
		break;
	case DK_F_ANNOUNCE_TOO_LATE:
		dk_say(b, lang, is_limit(f->call) ? DK_MSG_F_TOO_LATE_LIMIT : DK_MSG_F_TOO_LATE_CALL,
		       who, call);
		model_words(b, lang, f, r);
		break;
	case DK_F_ANNOUNCE_WRONG_PARTY:
		dk_say(b, lang, DK_MSG_F_WRONG_PARTY, who, party, call);
		break;
	case DK_F_ANNOUNCE_PARTY_UNKNOWN:
		dk_say(b, lang, is_limit(f->call) ? DK_MSG_F_PARTY_UNKNOWN_LIMIT
						  : DK_MSG_F_PARTY_UNKNOWN_CALL, who, call);
		break;
	case DK_F_ANNOUNCE_SKIPPED_LEVEL:
		dk_say(b, lang, DK_MSG_F_SKIPPED_LEVEL, who, call, level_words(lang, f->count));
		break;
	case DK_F_ANNOUNCE_REPEATED:
		dk_say(b, lang, is_limit(f->call) ? DK_MSG_F_REPEATED_LIMIT : DK_MSG_F_REPEATED_CALL,
		       who, call, party);
		break;
	case DK_F_LIMIT_WITHOUT_CALL:
		dk_say(b, lang, DK_MSG_F_LIMIT_WITHOUT_CALL, who, call, party, party);
		break;
	case DK_F_SOLOIST_RE_UNANSWERED:
		dk_say(b, lang, DK_MSG_F_SOLOIST_RE_UNANSWERED, who);
		break;
	case DK_F_KONTRA_NOT_A_REPLY:
		dk_say(b, lang, DK_MSG_F_KONTRA_NOT_A_REPLY, who);
		break;
	case DK_F_REPLY_NOT_ALLOWED:
		dk_say(b, lang, f->count == 1 ? DK_MSG_F_REPLY_NO_RULE
				: f->count == 2 ? DK_MSG_F_REPLY_AFTER_OWN
				: f->count == 3 ? DK_MSG_F_REPLY_NOT_HIGHEST : DK_MSG_F_AFTER_REPLY,
		       who, call);
		break;
	case DK_F_MANDATORY_MISSED:
		dk_say(b, lang, f->limit ? DK_MSG_F_MANDATORY_RAISE_MISSED : DK_MSG_F_MANDATORY_MISSED,
		       party, f->count);
		break;
	case DK_F_RESERVATION_UNJUSTIFIED:
		dk_say(b, lang, DK_MSG_F_RESERVATION_UNJUSTIFIED, who);
		if (key_is(f, "poverty.max_trumps"))
			dk_say(b, lang, DK_MSG_F_UNJUSTIFIED_POVERTY, f->count, f->limit);
		else if (f->played == DK_CARD_MAKE(DK_CLUBS, DK_QUEEN))
			dk_say(b, lang, DK_MSG_F_UNJUSTIFIED_MARRIAGE, f->count,
			       dk_view_card(lang, f->played));
		else if (key_is(f, "throw_in.min_nines"))
			dk_say(b, lang, DK_MSG_F_THROW_NINES, f->count, f->limit);
		else if (key_is(f, "throw_in.min_kings"))
			dk_say(b, lang, DK_MSG_F_THROW_KINGS, f->count, f->limit);
		else if (key_is(f, "throw_in.min_nines_and_kings"))
			dk_say(b, lang, DK_MSG_F_THROW_NINES_AND_KINGS, f->count, f->limit);
		else if (key_is(f, "throw_in.min_richness"))
			dk_say(b, lang, DK_MSG_F_THROW_RICHNESS, f->count, f->limit);
		else if (key_is(f, "throw_in.few_trumps_max"))
			dk_say(b, lang, DK_MSG_F_THROW_FEW_TRUMPS, f->count, f->limit);
		else if (key_is(f, "throw_in.reasons") && f->played != DK_CARD_NONE)
			dk_say(b, lang, DK_MSG_F_THROW_FOX, dk_view_card(lang, f->played));
		else if (key_is(f, "throw_in.reasons"))
			dk_say(b, lang, DK_MSG_F_THROWING_IN);
		break;
	case DK_F_RESERVATION_NOT_ALLOWED:
		if (key_is(f, "solo.after_poverty")) {
			dk_say(b, lang, f->limit ? DK_MSG_F_SOLO_AFTER_REFUSAL : DK_MSG_F_SOLO_AFTER_PASS,
			       who, dk_text_solo(lang, (dk_solo_kind)f->count));
			break;
		}
		dk_say(b, lang, DK_MSG_F_RESERVATION_NOT_ALLOWED, who);
		if (key_is(f, "solo.kinds"))
			dk_buf_printf(b, ": %s", dk_text_solo(lang, (dk_solo_kind)f->count));
		else if (key_is(f, "marriage.conditions"))
			dk_say(b, lang, DK_MSG_F_NOT_ALLOWED_MARRIAGE_BY,
			       dk_text_marriage_cond(lang, (dk_marriage_cond)f->count));
		else if (key_is(f, "marriage.enabled"))
			dk_say(b, lang, DK_MSG_F_NOT_ALLOWED_MARRIAGE);
		else if (key_is(f, "poverty.enabled"))
			dk_say(b, lang, DK_MSG_F_NOT_ALLOWED_POVERTY);
		else if (key_is(f, "throw_in.reasons"))
			dk_say(b, lang, DK_MSG_F_THROWING_IN);
		break;
	case DK_F_POVERTY_PASS_WRONG:
		dk_say(b, lang, dk_msg_n(f->count, DK_MSG_F_POVERTY_PASS_ONE,
					 DK_MSG_F_POVERTY_PASS_MANY), who, f->count, f->limit);
		if (f->demanded_count) {
			dk_say(b, lang, DK_MSG_F_POVERTY_PASS_TRUMPS);
			card_list(b, lang, f->demanded, f->demanded_count);
		}
		break;
	case DK_F_POVERTY_RETURN_WRONG:
		if (f->limit < 0)
			dk_say(b, lang, DK_MSG_F_POVERTY_RETURN_TRUMP, who);
		else
			dk_say(b, lang, dk_msg_n(f->count, DK_MSG_F_POVERTY_RETURN_ONE,
						 DK_MSG_F_POVERTY_RETURN_MANY), who, f->count, f->limit);
		break;
	case DK_F_POVERTY_REPORT_MISSING:
		if (f->count == 0)
			dk_say(b, lang, DK_MSG_F_POVERTY_REPORT_NONE, who);
		else
			dk_say(b, lang, dk_msg_n(f->count, DK_MSG_F_POVERTY_REPORT_MISSING_ONE,
						 DK_MSG_F_POVERTY_REPORT_MISSING_MANY), who, f->count);
		break;
	case DK_F_POVERTY_REPORT_WRONG:
		dk_say(b, lang, dk_msg_n(f->count, DK_MSG_F_POVERTY_REPORT_WRONG_ONE,
					 DK_MSG_F_POVERTY_REPORT_WRONG_MANY), who, f->count, f->limit);
		break;
	case DK_F_POVERTY_ASKED_OUT_OF_ORDER:
		dk_say(b, lang, DK_MSG_F_POVERTY_ASKED_OUT_OF_ORDER, who, name_of(g, f->expected_seat));
		break;
	case DK_F_SHOULD_HAVE_BEEN_REDEALT:
		dk_say(b, lang, f->count == DK_GT_THROWN_IN ? DK_MSG_F_REDEALT_THROWN_IN
							    : DK_MSG_F_REDEALT_RULES);
		break;
	case DK_F_SWINE_FALSE:
		if (f->limit == 1)
			dk_say(b, lang, DK_MSG_F_SWINE_FIRST_LOST, who, dk_view_card(lang, f->played));
		else if (f->limit == 2)
			dk_say(b, lang, DK_MSG_F_SWINE_NOT_SHOWN, who);
		else if (f->played == DK_CARD_NONE || f->count >= 2)
			dk_say(b, lang, DK_MSG_F_SWINE_NONE, who);
		else
			dk_say(b, lang, DK_MSG_F_SWINE_HOLDING, who, f->count,
			       dk_view_card(lang, f->played));
		break;
	case DK_F_SWINE_MISTIMED:
		dk_say(b, lang, f->limit ? DK_MSG_F_SWINE_MISTIMED_SECOND : DK_MSG_F_SWINE_MISTIMED,
		       who, dk_view_card(lang, f->played));
		break;
	case DK_F_SWINE_NOT_DECLARED:
		dk_say(b, lang, DK_MSG_F_SWINE_NOT_DECLARED, who, dk_view_card(lang, f->played));
		break;
	case DK_F_HYPERSWINE_FALSE:
		if (f->limit == 0 || f->played == DK_CARD_NONE)
			dk_say(b, lang, DK_MSG_F_HYPERSWINE_NONE, who);
		else if (f->limit == 1)
			dk_say(b, lang, DK_MSG_F_HYPERSWINE_HOLDING, who, f->count,
			       dk_view_card(lang, f->played));
		else if (f->limit == 2)
			dk_say(b, lang, DK_MSG_F_HYPERSWINE_NO_SWINES, who);
		else
			dk_say(b, lang, DK_MSG_F_HYPERSWINE_WITH_SWINES, who);
		break;
	case DK_F_HYPERSWINE_MISTIMED:
		dk_say(b, lang, f->limit ? DK_MSG_F_HYPERSWINE_MISTIMED_START
					 : DK_MSG_F_HYPERSWINE_MISTIMED, who, dk_view_card(lang, f->played));
		break;
	case DK_F_HYPERSWINE_NOT_DECLARED:
		dk_say(b, lang, DK_MSG_F_HYPERSWINE_NOT_DECLARED, who, dk_view_card(lang, f->played));
		break;
	case DK_F_GENSCHER_FALSE:
		if (f->count >= 2)
			dk_say(b, lang, DK_MSG_F_GENSCHER_NONE, who);
		else
			dk_say(b, lang, DK_MSG_F_GENSCHER_HOLDING, who, f->count,
			       dk_view_card(lang, f->played));
		break;
	case DK_F_GENSCHER_MISTIMED:
		dk_say(b, lang, DK_MSG_F_GENSCHER_MISTIMED, who, dk_view_card(lang, f->played));
		break;
	case DK_F_WENDE_GENSCHER_FALSE:
		switch (f->limit) {
		case 0:
			dk_say(b, lang, DK_MSG_F_WENDE_GENSCHER_NONE, who);
			break;
		case 1:
			dk_say(b, lang, DK_MSG_F_WENDE_GENSCHER_HOLDING, who, f->count,
			       dk_view_card(lang, f->played));
			break;
		case 2:
			dk_say(b, lang, DK_MSG_F_WENDE_GENSCHER_NO_PARTNER, who);
			break;
		default:
			dk_say(b, lang, DK_MSG_F_WENDE_GENSCHER_MISTIMED, who,
			       dk_view_card(lang, f->played));
			break;
		}
		break;
	case DK_F_OBJECTION_LATE:
	case DK_F_OBJECTION_NOT_ENTITLED:
	case DK_F_OBJECTION_GROUNDLESS:
		objection_words(b, lang, f, g);
		break;
	case DK_F_CODE_COUNT:
		break;
	}
}

/* "TSR 9.6.3" from a source that starts with a TSR section, else the key */
static void section(dk_buf *b, const dk_rule_source *src, const char *key)
{
	const char *c = src ? src->cite : NULL;
	if (c && strncmp(c, "TSR ", 4) == 0) {
		size_t n = 4;
		while (c[n] && (c[n] == '.' || (c[n] >= '0' && c[n] <= '9')))
			n++;
		while (n > 4 && c[n - 1] == '.')
			n--;
		dk_buf_printf(b, "%.*s", (int)n, c);
	} else {
		dk_buf_puts(b, key);
	}
}

void dk_text_reclaim(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_game *g,
		     const dk_rules *r)
{
	if (f->kind == DK_FK_OBJECTION || !f->entitled)
		return;
	dk_buf sec;
	dk_buf_init(&sec);
	section(&sec, &r->penalty_reclaim_from_src, "penalty.reclaim_from");
	if (f->visible == DK_VIS_LATER) {
		const dk_event *e = &g->events[f->visible_seq - 1];
		dk_buf_puts(b, "      ");
		if (e->kind == DK_EV_CARD)
			dk_say(b, lang, DK_MSG_RC_VISIBLE_CARD, f->visible_trick, f->visible_card,
			       name_of(g, e->seat), dk_view_card(lang, e->card), sec.data);
		else
			dk_say(b, lang, DK_MSG_RC_VISIBLE_AT, f->visible_trick, f->visible_card,
			       sec.data);
		dk_buf_putc(b, '\n');
	} else if (f->visible == DK_VIS_AT_COUNT) {
		dk_buf_puts(b, "      ");
		dk_say(b, lang, DK_MSG_RC_VISIBLE_COUNT, sec.data);
		dk_buf_putc(b, '\n');
	}
	if (f->objection != DK_OBJ_NONE) {
		const char *who = f->objection_seat ? name_of(g, f->objection_seat)
						    : dk_msg_text(lang, DK_MSG_RC_SOMEBODY);
		int after = 0;
		for (int i = 0; i < f->objection_seq - 1 && (size_t)i < g->event_count; i++)
			after += g->events[i].kind == DK_EV_CARD;
		dk_buf_clear(&sec);
		if (f->objection == DK_OBJ_INVALID)
			section(&sec, &r->penalty_reclaim_by_src, "penalty.reclaim_by");
		else if (f->objection == DK_OBJ_LATE)
			section(&sec, &r->penalty_reclaim_until_src, "penalty.reclaim_until");
		else
			section(&sec, &r->penalty_reclaim_from_src, "penalty.reclaim_from");
		dk_buf_puts(b, "      ");
		dk_say(b, lang, f->objection == DK_OBJ_IN_TIME ? DK_MSG_RC_OBJ_IN_TIME
				: f->objection == DK_OBJ_LATE ? DK_MSG_RC_OBJ_LATE
							      : DK_MSG_RC_OBJ_INVALID,
		       who, after, sec.data);
		dk_buf_putc(b, '\n');
	}
	dk_buf_release(&sec);
}

void dk_text_rule_source(dk_buf *b, dk_lang lang, const dk_finding *f, const dk_rules *r)
{
	if (!f->rule_key)
		return;
	dk_say(b, lang, DK_MSG_RS_RULE, f->rule_key);
	if (!f->rule) {
		dk_say(b, lang, DK_MSG_RS_FORMAT);
		return;
	}
	dk_say(b, lang, DK_MSG_RS_OF, r->name ? r->name : "?");
	if (f->rule->overridden)
		dk_say(b, lang, DK_MSG_RS_OVERRIDDEN);
	else if (f->rule->inherited)
		dk_say(b, lang, DK_MSG_RS_INHERITED,
		       r->base ? r->base : dk_msg_text(lang, DK_MSG_RS_ITS_BASE));
	if (f->rule->assumption)
		dk_say(b, lang, DK_MSG_RS_ASSUMED, f->rule->assumption);
	if (f->rule->cite)
		dk_buf_printf(b, ": %s", f->rule->cite);
}

static void item_words(dk_buf *b, dk_lang lang, const dk_score_item *it)
{
	static const dk_msg under[DK_LEVELS] = {
		DK_MSG_COUNT, DK_MSG_SI_UNDER_90, DK_MSG_SI_UNDER_60, DK_MSG_SI_UNDER_30,
		DK_MSG_SI_UNDER_SCHWARZ
	};
	static const char *const reach[DK_LEVELS] = { "", "120", "90", "60", "30" };
	bool level_ok = it->level > 0 && it->level < DK_LEVELS;
	const char *limit = level_ok ? level_words(lang, it->level) : "";
	dk_party opp = it->party == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
	switch (it->kind) {
	case DK_SI_WON:
		dk_say(b, lang, DK_MSG_SI_WON);
		break;
	case DK_SI_UNDER:
		if (level_ok)
			dk_say(b, lang, under[it->level], party_words(lang, opp));
		else
			dk_buf_printf(b, "%s ", party_words(lang, opp));
		break;
	case DK_SI_CALL:
		dk_say(b, lang, DK_MSG_SI_CALL, party_words(lang, it->detail));
		break;
	case DK_SI_LIMIT:
		dk_say(b, lang, DK_MSG_SI_LIMIT, limit, party_words(lang, it->detail));
		break;
	case DK_SI_REACHED:
		dk_say(b, lang, DK_MSG_SI_REACHED, level_ok ? reach[it->level] : "", limit);
		break;
	case DK_SI_AGAINST_OLD:
		dk_say(b, lang, DK_MSG_SI_AGAINST_OLD);
		break;
	case DK_SI_DOPPELKOPF:
		dk_say(b, lang, DK_MSG_SI_DOPPELKOPF);
		break;
	case DK_SI_FOX:
		dk_say(b, lang, DK_MSG_SI_FOX);
		break;
	case DK_SI_KARLCHEN:
		dk_say(b, lang, it->second ? DK_MSG_SI_KARLCHEN_BOTH : DK_MSG_SI_KARLCHEN);
		break;
	case DK_SI_KARLCHEN_CAUGHT:
		dk_say(b, lang, it->second ? DK_MSG_SI_KARLCHEN_CAUGHT_BOTH
					   : DK_MSG_SI_KARLCHEN_CAUGHT);
		break;
	case DK_SI_FOX_CAUGHT_LAST_TRICK:
		dk_say(b, lang, DK_MSG_SI_FOX_CAUGHT_LAST_TRICK);
		break;
	case DK_SI_FOX_LAST_TRICK:
		dk_say(b, lang, it->second ? DK_MSG_SI_FOX_LAST_TRICK_BOTH : DK_MSG_SI_FOX_LAST_TRICK);
		break;
	case DK_SI_HEART10_CAUGHT:
		dk_say(b, lang, DK_MSG_SI_HEART10_CAUGHT);
		break;
	case DK_SI_HEART_TRICK:
		dk_say(b, lang, DK_MSG_SI_HEART_TRICK);
		break;
	case DK_SI_REPLY:
		dk_say(b, lang, DK_MSG_SI_REPLY,
		       dk_view_call(lang, (dk_call)(DK_CALL_REPLY_120 +
						      (it->level >= 0 && it->level < DK_LEVELS
							       ? it->level : 0))),
		       party_words(lang, it->detail));
		break;
	case DK_SI_KIND_COUNT:
		break;
	}
}

static void target_words(dk_buf *b, dk_lang lang, int t)
{
	if (t == 241)
		dk_say(b, lang, DK_MSG_SC_EVERY_TRICK);
	else if (t == 0)
		dk_say(b, lang, DK_MSG_SC_ONE_TRICK);
	else
		dk_buf_printf(b, "%d", t);
}

/* the width of the column of score items, in characters */
#define ITEM_WIDTH 38

void dk_text_score(dk_buf *b, dk_lang lang, const dk_score *s, const long *per_seat,
		   const dk_game *g, const dk_replay *rp)
{
	dk_buf tmp, tmp2;
	dk_buf_init(&tmp);
	dk_buf_init(&tmp2);
	dk_buf_printf(b, "  %s ", dk_msg_text(lang, DK_MSG_SC_RESULT));
	if (s->winner == DK_PARTY_NONE)
		dk_say(b, lang, DK_MSG_SC_NOBODY_WON);
	else
		dk_say(b, lang, DK_MSG_SC_WON, party_words(lang, s->winner));
	target_words(&tmp, lang, s->target[DK_PARTY_RE]);
	target_words(&tmp2, lang, s->target[DK_PARTY_KONTRA]);
	dk_say(b, lang, DK_MSG_SC_TARGETS, tmp.data, rp->points[DK_PARTY_RE], tmp2.data,
	       rp->points[DK_PARTY_KONTRA]);
	dk_buf_putc(b, '\n');
	const char *special = dk_msg_text(lang, DK_MSG_SC_SPECIAL);
	size_t special_width = text_width(special);
	for (int i = 0; i < s->item_count; i++) {
		const dk_score_item *it = &s->items[i];
		dk_buf_clear(&tmp);
		item_words(&tmp, lang, it);
		dk_buf_puts(b, "    ");
		put_padded(b, tmp.data ? tmp.data : "", ITEM_WIDTH);
		dk_buf_printf(b, " %-6s %+3d  ", party_words(lang, it->party), it->points);
		put_padded(b, it->special ? special : "", special_width);
		dk_buf_printf(b, "  %s\n", it->rule_key ? it->rule_key : "");
	}
	dk_buf_release(&tmp);
	dk_buf_release(&tmp2);
	if (s->feigheit_capped) {
		dk_buf_puts(b, "    ");
		dk_say(b, lang, dk_msg_n(s->feigheit_dropped, DK_MSG_SC_FEIGHEIT_ONE,
					 DK_MSG_SC_FEIGHEIT_MANY), s->feigheit_dropped);
		dk_buf_putc(b, '\n');
	}
	dk_buf_printf(b, "  %s ", dk_msg_text(lang, DK_MSG_SC_VALUE));
	if (s->multiplier > 1 || s->specials) {
		dk_say(b, lang, DK_MSG_SC_POINTS_FOR, s->base < 0 ? -s->base : s->base,
		       party_words(lang, s->base < 0 ? DK_PARTY_KONTRA : DK_PARTY_RE));
		/* the doubling by Re/Kontra and by a lost counter-announcement,
		 * each named for what it is */
		int by_calls = s->counter_doubled ? s->multiplier / 2 : s->multiplier;
		if (by_calls > 1)
			dk_say(b, lang, DK_MSG_SC_DOUBLED, by_calls);
		if (s->counter_doubled)
			dk_say(b, lang, DK_MSG_SC_DOUBLED_LOST_COUNTER, 2);
		if (s->specials)
			dk_say(b, lang, DK_MSG_SC_SPECIALS, s->specials > 0 ? s->specials : -s->specials,
			       party_words(lang, s->specials > 0 ? DK_PARTY_RE : DK_PARTY_KONTRA));
		dk_buf_puts(b, ": ");
	}
	dk_say(b, lang, DK_MSG_SC_POINTS_FOR, s->value < 0 ? -s->value : s->value,
	       party_words(lang, s->value < 0 ? DK_PARTY_KONTRA : DK_PARTY_RE));
	if (s->factor > 1)
		dk_say(b, lang, DK_MSG_SC_SOLOIST, s->factor);
	/* how the entries are counted: standings.counting */
	dk_msg counting = s->counting == DK_COUNTING_PLUS    ? DK_MSG_SC_PLUS_ONLY
			  : s->counting == DK_COUNTING_MINUS ? DK_MSG_SC_MINUS_ONLY
							     : DK_MSG_SC_PLUS_MINUS;
	dk_buf_printf(b, "\n  %s", dk_msg_text(lang, counting));
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		dk_buf_printf(b, "%s %s %+ld", i ? "," : "", name_of(g, seat), per_seat[seat]);
	}
	dk_buf_putc(b, '\n');
	/* the readings (dokoref-readings(7)) the score rests on: each once, with the
	 * rule keys that assume it */
	int said = 0;
	for (int i = 0; i < s->item_count; i++) {
		const dk_rule_source *r = s->items[i].rule;
		if (!r || !r->assumption)
			continue;
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = s->items[j].rule && s->items[j].rule->assumption &&
			       strcmp(s->items[j].rule->assumption, r->assumption) == 0;
		if (seen)
			continue;
		dk_buf_printf(b, "%s %s (", said++ ? "," : dk_msg_text(lang, DK_MSG_SC_ASSUMPTIONS),
			      r->assumption);
		int keys = 0;
		for (int j = i; j < s->item_count; j++) {
			const dk_score_item *it = &s->items[j];
			if (!it->rule || !it->rule->assumption ||
			    strcmp(it->rule->assumption, r->assumption) != 0)
				continue;
			bool dup = false;
			for (int k = i; k < j && !dup; k++)
				dup = s->items[k].rule_key && it->rule_key &&
				      strcmp(s->items[k].rule_key, it->rule_key) == 0;
			if (!dup)
				dk_buf_printf(b, "%s%s", keys++ ? ", " : "",
					      it->rule_key ? it->rule_key : "?");
		}
		dk_buf_putc(b, ')');
	}
	if (said)
		dk_buf_putc(b, '\n');
}

static void target_text(dk_buf *b, int t)
{
	if (t == DK_TARGET_ALL_TRICKS)
		dk_buf_puts(b, "240");
	else if (t == DK_TARGET_ONE_TRICK)
		dk_buf_puts(b, "1");
	else
		dk_buf_printf(b, "%d", t);
}

static void penalty_points(dk_buf *b, dk_lang lang, const dk_penalty *p, const dk_game *g,
			   const dk_replay *rp)
{
	for (int i = 0; i < DK_PLAYING_SEATS; i++) {
		int seat = rp->seats[i];
		if (i)
			dk_buf_puts(b, ", ");
		dk_say(b, lang, DK_MSG_PEN_POINTS, name_of(g, seat), p->per_seat[seat]);
	}
	dk_buf_putc(b, '\n');
}

/* the house rule's own penalty: who wins, the rule's words, dokoref's
 * reading of them, the items of the value and each player's points */
static void forfeit_text(dk_buf *b, dk_lang lang, const dk_penalty *p, const dk_game *g,
			 const dk_replay *rp)
{
	const dk_score *s = &p->forfeit;
	dk_say(b, lang, DK_MSG_PEN_FORFEIT, dk_revoke_penalty_name(p->rule_value),
	       party_words(lang, s->winner));
	if (p->rule && p->rule->cite)
		dk_buf_printf(b, "\n        %s", p->rule->cite);
	dk_buf_puts(b, "\n        ");
	if (p->forfeit_under > 0) {
		dk_buf under;
		dk_buf_init(&under);
		dk_party loser = s->winner == DK_PARTY_RE ? DK_PARTY_KONTRA : DK_PARTY_RE;
		static const dk_msg words[DK_LEVELS] = {
			DK_MSG_COUNT, DK_MSG_SI_UNDER_90, DK_MSG_SI_UNDER_60, DK_MSG_SI_UNDER_30,
			DK_MSG_SI_UNDER_SCHWARZ
		};
		dk_say(&under, lang, words[p->forfeit_under], party_words(lang, loser));
		dk_say(b, lang, DK_MSG_PEN_FORFEIT_LEVEL, party_words(lang, s->winner), under.data);
		dk_buf_release(&under);
	} else {
		dk_say(b, lang, DK_MSG_PEN_FORFEIT_TARGET, party_words(lang, s->winner));
	}
	dk_buf_puts(b, "\n        ");
	dk_say(b, lang, DK_MSG_PEN_FORFEIT_VALUE, s->value < 0 ? -s->value : s->value,
	       party_words(lang, s->value < 0 ? DK_PARTY_KONTRA : DK_PARTY_RE));
	dk_buf tmp;
	dk_buf_init(&tmp);
	for (int i = 0; i < s->item_count; i++) {
		const dk_score_item *it = &s->items[i];
		dk_buf_clear(&tmp);
		item_words(&tmp, lang, it);
		dk_buf_printf(b, "%s%s %s %+d", i ? ", " : "", tmp.data ? tmp.data : "",
			      party_words(lang, it->party), it->points);
	}
	dk_buf_release(&tmp);
	if (s->multiplier > 1)
		dk_buf_printf(b, ", x %d", s->multiplier);
	if (s->factor > 1)
		dk_say(b, lang, DK_MSG_SC_SOLOIST, s->factor);
	dk_buf_puts(b, "\n        ");
	penalty_points(b, lang, p, g, rp);
}

void dk_text_target(dk_buf *b, int target)
{
	target_text(b, target);
}

/* a continuation one trick to a line, under its party's head line */
static void line_by_trick(dk_buf *b, dk_lang lang, const dk_line *l, int trick_cards,
			  const dk_game *g, const dk_replay *rp)
{
	int in_trick = trick_cards;
	for (int i = 0; i < l->count; i++) {
		if (i == 0 || in_trick == 0)
			dk_buf_puts(b, "\n          ");
		else
			dk_buf_puts(b, ", ");
		dk_buf_printf(b, "%s %s", name_of(g, rp->seats[l->seats[i]]),
			      dk_view_card(lang, l->cards[i]));
		in_trick = (in_trick + 1) % DK_PLAYING_SEATS;
	}
}

void dk_text_search_lines_by_trick(dk_buf *b, dk_lang lang, const dk_search_result *s,
				   const int target_of[3], int trick_cards, const dk_game *g,
				   const dk_replay *rp)
{
	for (dk_party party = DK_PARTY_RE; party <= DK_PARTY_KONTRA; party++) {
		dk_buf target;
		dk_buf_init(&target);
		target_text(&target, target_of[party]);
		dk_buf_puts(b, "        ");
		if (s->takes_all[party]) {
			dk_say(b, lang, DK_MSG_PEN_TAKES_ALL, party_words(lang, party), s->nodes);
		} else if (!s->can_reach[party]) {
			dk_say(b, lang, DK_MSG_PEN_CANNOT_REACH, party_words(lang, party), target.data,
			       s->nodes);
		} else {
			dk_say(b, lang, DK_MSG_RU_CAN_REACH, party_words(lang, party), target.data);
			line_by_trick(b, lang, &s->line[party], trick_cards, g, rp);
		}
		dk_buf_putc(b, '\n');
		dk_buf_release(&target);
	}
}

/* the search's proof of the class, per party: a continuation in which it
 * reaches its target, one trick to a line, or that none does, or that it
 * takes every trick whatever is played */
static void proof_text(dk_buf *b, dk_lang lang, const dk_penalty *p, const dk_game *g,
		       const dk_replay *rp)
{
	dk_text_search_lines_by_trick(b, lang, &p->search, p->target, p->trick_cards, g, rp);
}

void dk_text_penalty(dk_buf *b, dk_lang lang, const dk_penalty *p, const dk_game *g,
		     const dk_replay *rp, const char *head, bool proofs)
{
	if (p->cls == DK_PC_NONE)
		return;
	dk_buf_puts(b, "      ");
	dk_buf_puts(b, head ? head : "");
	switch (p->cls) {
	case DK_PC_IRRELEVANT:
		dk_say(b, lang, DK_MSG_PEN_IRRELEVANT,
		       party_words(lang, p->search.takes_all[DK_PARTY_RE] ? DK_PARTY_RE
									: DK_PARTY_KONTRA));
		break;
	case DK_PC_MINOR:
		dk_say(b, lang, p->announcement ? DK_MSG_PEN_MINOR_CALL : DK_MSG_PEN_MINOR);
		break;
	case DK_PC_SERIOUS:
		dk_say(b, lang, p->game_void ? DK_MSG_PEN_SERIOUS_VOID : DK_MSG_PEN_SERIOUS_SOLO);
		break;
	case DK_PC_DECIDED:
		dk_say(b, lang, DK_MSG_PEN_DECIDED);
		break;
	case DK_PC_UNDECIDED:
		if (p->search.irregular)
			dk_say(b, lang, DK_MSG_PEN_UNDECIDED_IRREGULAR);
		else
			dk_say(b, lang, DK_MSG_PEN_UNDECIDED, p->search.nodes);
		break;
	case DK_PC_FORFEIT:
		forfeit_text(b, lang, p, g, rp);
		return;
	default:
		break;
	}
	dk_buf_putc(b, '\n');
	if (p->cls == DK_PC_UNDECIDED || p->cls == DK_PC_IRRELEVANT)
		return;
	/* the reason in figures, then the points of each player */
	dk_buf_puts(b, "        ");
	const dk_search_result *s = &p->search;
	if (s->can_reach[DK_PARTY_RE] && s->can_reach[DK_PARTY_KONTRA]) {
		dk_buf tre, tko;
		dk_buf_init(&tre);
		dk_buf_init(&tko);
		target_text(&tre, p->target[DK_PARTY_RE]);
		target_text(&tko, p->target[DK_PARTY_KONTRA]);
		dk_say(b, lang, DK_MSG_PEN_PROOF_BOTH, p->tricks_left, tre.data, tko.data);
		dk_buf_release(&tre);
		dk_buf_release(&tko);
	} else {
		dk_say(b, lang, DK_MSG_PEN_PROOF_ONE, p->tricks_left,
		       party_words(lang, s->can_reach[DK_PARTY_RE] ? DK_PARTY_RE : DK_PARTY_KONTRA));
	}
	dk_buf_puts(b, ": ");
	penalty_points(b, lang, p, g, rp);
	if (proofs && !p->announcement && p->cls != DK_PC_DECIDED)
		proof_text(b, lang, p, g, rp);
}

/* ---- for other renderers (foreign_text.c) ----------------------------- */

void dk_text_score_item(dk_buf *b, dk_lang lang, const dk_score_item *it)
{
	item_words(b, lang, it);
}

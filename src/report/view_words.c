/*
 * view_words.c - the words the step-by-step views share; see view_words.h.
 */
#include "view_words.h"

const char *dk_view_name(const dk_game *g, int seat)
{
	const dk_player *pl = dk_game_player_at(g, seat);
	return pl ? pl->name : "?";
}

const char *dk_view_party(dk_lang lang, dk_party p)
{
	return dk_msg_text(lang, p == DK_PARTY_RE ? DK_MSG_PARTY_RE
			   : p == DK_PARTY_KONTRA ? DK_MSG_PARTY_KONTRA : DK_MSG_PARTY_UNKNOWN);
}

const char *dk_view_call(dk_lang lang, dk_call c)
{
	switch (c) {
	case DK_CALL_RE: return dk_msg_text(lang, DK_MSG_CALL_RE);
	case DK_CALL_KONTRA: return dk_msg_text(lang, DK_MSG_CALL_KONTRA);
	case DK_CALL_NO90: return dk_msg_text(lang, DK_MSG_CALL_NO90);
	case DK_CALL_NO60: return dk_msg_text(lang, DK_MSG_CALL_NO60);
	case DK_CALL_NO30: return dk_msg_text(lang, DK_MSG_CALL_NO30);
	case DK_CALL_SCHWARZ: return dk_msg_text(lang, DK_MSG_CALL_SCHWARZ);
	case DK_CALL_REPLY_120: return dk_msg_text(lang, DK_MSG_CALL_REPLY_120);
	case DK_CALL_REPLY_90: return dk_msg_text(lang, DK_MSG_CALL_REPLY_90);
	case DK_CALL_REPLY_60: return dk_msg_text(lang, DK_MSG_CALL_REPLY_60);
	case DK_CALL_REPLY_30: return dk_msg_text(lang, DK_MSG_CALL_REPLY_30);
	case DK_CALL_REPLY_0: return dk_msg_text(lang, DK_MSG_CALL_REPLY_0);
	default: return "?";
	}
}

/* one string per card and language, so that a caller may hold several in
 * one printf; the order of the ranks is dk_rank's: 9, J, Q, K, 10, A */
#define DK_SUITED(sym, j, q, k) \
	sym "9", sym j, sym q, sym k, sym "10", sym "A"
#define DK_DECK(j, q, k) \
	DK_SUITED("\xe2\x99\xa3", j, q, k), DK_SUITED("\xe2\x99\xa0", j, q, k), \
	DK_SUITED("\xe2\x99\xa5", j, q, k), DK_SUITED("\xe2\x99\xa6", j, q, k)

const char *dk_view_card(dk_lang lang, dk_card c)
{
	/* Bube, Dame, König, Ass in German; Jack, Queen, King, Ace in English */
	static const char *const cards[DK_LANG_COUNT][DK_CARD_KINDS] = {
		[DK_LANG_EN] = { DK_DECK("J", "Q", "K") },
		[DK_LANG_DE] = { DK_DECK("B", "D", "K") },
	};
	if (c >= DK_CARD_KINDS || (unsigned)lang >= DK_LANG_COUNT)
		return "?";
	return cards[lang][c];
}

/* the German names of the finding codes; English prints the code itself */
static const char *const finding_de[DK_F_CODE_COUNT] = {
	[DK_F_CARD_NOT_IN_HAND] = "Karte nicht auf der Hand",
	[DK_F_OUT_OF_TURN] = "nicht an der Reihe",
	[DK_F_WRONG_LEAD] = "falscher Aufspieler",
	[DK_F_REVOKE] = "falsch bedient",
	[DK_F_GAME_INCOMPLETE] = "Spiel unvollständig",
	[DK_F_ANNOUNCE_TOO_LATE] = "Ansage zu spät",
	[DK_F_ANNOUNCE_WRONG_PARTY] = "Ansage der falschen Partei",
	[DK_F_ANNOUNCE_PARTY_UNKNOWN] = "Ansage vor Klärung der Parteien",
	[DK_F_ANNOUNCE_SKIPPED_LEVEL] = "Ansagestufe übersprungen",
	[DK_F_ANNOUNCE_REPEATED] = "Ansage wiederholt",
	[DK_F_LIMIT_WITHOUT_CALL] = "Absage ohne Re/Kontra",
	[DK_F_SOLOIST_RE_UNANSWERED] = "Re des Solisten ohne Gegenansage",
	[DK_F_KONTRA_NOT_A_REPLY] = "Kontra nicht als Erwiderung",
	[DK_F_MANDATORY_MISSED] = "Pflichtansage versäumt",
	[DK_F_RESERVATION_UNJUSTIFIED] = "Vorbehalt ohne Grund",
	[DK_F_RESERVATION_NOT_ALLOWED] = "Vorbehalt nicht erlaubt",
	[DK_F_POVERTY_PASS_WRONG] = "Armut falsch abgegeben",
	[DK_F_POVERTY_RETURN_WRONG] = "Armut falsch zurückgegeben",
	[DK_F_POVERTY_REPORT_MISSING] = "Trumpfrückgabe nicht gemeldet",
	[DK_F_POVERTY_REPORT_WRONG] = "Trumpfrückgabe falsch gemeldet",
	[DK_F_POVERTY_ASKED_OUT_OF_ORDER] = "Armut in falscher Reihenfolge angeboten",
	[DK_F_SHOULD_HAVE_BEEN_REDEALT] = "hätte neu gegeben werden müssen",
	[DK_F_SWINE_FALSE] = "Schweine zu Unrecht angesagt",
	[DK_F_SWINE_MISTIMED] = "Schweine zur falschen Zeit angesagt",
	[DK_F_SWINE_NOT_DECLARED] = "Schweine nicht angesagt",
	[DK_F_HYPERSWINE_FALSE] = "Hyperschweine zu Unrecht angesagt",
	[DK_F_HYPERSWINE_MISTIMED] = "Hyperschweine zur falschen Zeit angesagt",
	[DK_F_HYPERSWINE_NOT_DECLARED] = "Hyperschweine nicht angesagt",
	[DK_F_GENSCHER_FALSE] = "Genscher zu Unrecht angesagt",
	[DK_F_GENSCHER_MISTIMED] = "Genscher zur falschen Zeit angesagt",
	[DK_F_WENDE_GENSCHER_FALSE] = "Wende-Genscher zu Unrecht angesagt",
	[DK_F_REPLY_NOT_ALLOWED] = "Erwiderung nicht erlaubt",
	[DK_F_OBJECTION_LATE] = "Einspruch zu spät",
	[DK_F_OBJECTION_NOT_ENTITLED] = "Einspruch ohne Recht dazu",
	[DK_F_OBJECTION_GROUNDLESS] = "Einspruch ohne Grund",
};

const char *dk_view_finding_name(dk_lang lang, dk_finding_code code)
{
	if ((unsigned)code >= DK_F_CODE_COUNT)
		return "?";
	const char *name = lang == DK_LANG_DE ? finding_de[code] : dk_finding_code_name(code);
	return name ? name : "?";
}

const char *dk_view_finding_kind(dk_lang lang, dk_finding_kind kind)
{
	if (lang != DK_LANG_DE) {
		const char *name = dk_finding_kind_name(kind);
		return name ? name : "?";
	}
	switch (kind) {
	case DK_FK_IRREGULARITY: return "Regelverstoß";
	case DK_FK_RECORD_DEFECT: return "Mangel der Aufzeichnung";
	case DK_FK_WARNING: return "Warnung";
	case DK_FK_OBJECTION: return "Einspruch";
	}
	return "?";
}

static const char *const issue_de[DK_SX_CODE_COUNT] = {
	[DK_SX_DEALER] = "falscher Geber",
	[DK_SX_SIT_OUT] = "falscher Aussetzer",
	[DK_SX_SIT_OUT_UNSAID] = "Aussetzer nicht vermerkt",
	[DK_SX_SCORE_WRONG] = "Wertung falsch",
	[DK_SX_SCORE_SUM] = "Summe nicht 0",
	[DK_SX_EVEN_ODD] = "gerade/ungerade gemischt",
	[DK_SX_TOTAL_WRONG] = "Stand falsch",
	[DK_SX_TOTAL_ARITHMETIC] = "Stand falsch gerechnet",
	[DK_SX_BOCK_NOT_CARRIED] = "Bock nicht übernommen",
	[DK_SX_BOCK_PENDING_WRONG] = "offene Böcke falsch",
	[DK_SX_DUTY_SOLO_MISSING] = "Pflichtsolo fehlt",
	[DK_SX_LUST_SOLO_EARLY] = "Lustsolo zu früh",
	[DK_SX_FORCED_MISSED] = "Vorführung versäumt",
	[DK_SX_FORCED_WRONG] = "Vorführung falsch",
};

const char *dk_view_issue_name(dk_lang lang, dk_session_issue_code code)
{
	if ((unsigned)code >= DK_SX_CODE_COUNT)
		return "?";
	const char *name = lang == DK_LANG_DE ? issue_de[code] : dk_session_issue_name(code);
	return name ? name : "?";
}

static const char *const sheet_issue_de[DK_SH_CODE_COUNT] = {
	[DK_SH_SUM] = "Summe nicht 0",
	[DK_SH_EVEN_ODD] = "gerade/ungerade gemischt",
	[DK_SH_SHAPE] = "kein solches Spiel",
	[DK_SH_PLAYERS] = "Spieler",
	[DK_SH_TYPE] = "Spielart",
	[DK_SH_VALUE] = "Spielwert",
	[DK_SH_TOTAL] = "Stand",
	[DK_SH_DEALER] = "Geber",
	[DK_SH_SIT_OUT] = "Aussetzer",
	[DK_SH_BOCK] = "Bock",
	[DK_SH_BOCK_NO_RULE] = "Bock nicht in den Regeln",
	[DK_SH_TRIGGER_NO_RULE] = "Bockgrund nicht in den Regeln",
	[DK_SH_TRIGGER_MISSING] = "Bockgrund fehlt",
	[DK_SH_TRIGGER_COUNT] = "Bockgründe falsch gezählt",
	[DK_SH_SIT_OUT_UNSAID] = "Aussetzer nicht vermerkt",
};

const char *dk_view_sheet_issue_name(dk_lang lang, dk_sheet_issue_code code)
{
	if ((unsigned)code >= DK_SH_CODE_COUNT)
		return "?";
	const char *name = lang == DK_LANG_DE ? sheet_issue_de[code] : dk_sheet_issue_name(code);
	return name ? name : "?";
}

bool dk_view_red(dk_card c)
{
	return DK_CARD_SUIT(c) == DK_HEARTS || DK_CARD_SUIT(c) == DK_DIAMONDS;
}

void dk_view_event(dk_buf *b, dk_lang lang, const dk_game *g, const dk_event *e)
{
	switch (e->kind) {
	case DK_EV_ANNOUNCE:
		dk_buf_printf(b, "%s \"%s\"", dk_view_name(g, e->seat), dk_view_call(lang, e->call));
		break;
	case DK_EV_SWINE:
		dk_say(b, lang, DK_MSG_RP_SWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_HYPERSWINE:
		dk_say(b, lang, DK_MSG_RP_HYPERSWINES, dk_view_name(g, e->seat));
		break;
	case DK_EV_GENSCHER:
		dk_say(b, lang, DK_MSG_RP_GENSCHER, dk_view_name(g, e->seat));
		break;
	case DK_EV_WENDE_GENSCHER:
		dk_say(b, lang, DK_MSG_RP_WENDE_GENSCHER, dk_view_name(g, e->seat),
		       dk_view_name(g, e->partner));
		break;
	case DK_EV_OBJECTION:
		dk_say(b, lang, DK_MSG_RP_OBJECTION, e->seat ? dk_view_name(g, e->seat) : "?");
		break;
	default:
		dk_buf_puts(b, dk_event_kind_name(e->kind));
		break;
	}
}

/*
 * finding.c - stable names of finding codes and kinds.
 */
#include "finding.h"

static const char *const code_names[DK_F_CODE_COUNT] = {
	[DK_F_CARD_NOT_IN_HAND] = "card-not-in-hand",
	[DK_F_OUT_OF_TURN] = "out-of-turn",
	[DK_F_WRONG_LEAD] = "wrong-lead",
	[DK_F_REVOKE] = "revoke",
	[DK_F_GAME_INCOMPLETE] = "game-incomplete",
	[DK_F_ANNOUNCE_TOO_LATE] = "announce-too-late",
	[DK_F_ANNOUNCE_WRONG_PARTY] = "announce-wrong-party",
	[DK_F_ANNOUNCE_PARTY_UNKNOWN] = "announce-party-unknown",
	[DK_F_ANNOUNCE_SKIPPED_LEVEL] = "announce-skipped-level",
	[DK_F_ANNOUNCE_REPEATED] = "announce-repeated",
	[DK_F_LIMIT_WITHOUT_CALL] = "limit-without-re-kontra",
	[DK_F_SOLOIST_RE_UNANSWERED] = "soloist-re-unanswered",
	[DK_F_KONTRA_NOT_A_REPLY] = "kontra-not-a-reply",
	[DK_F_MANDATORY_MISSED] = "mandatory-announcement-missed",
	[DK_F_RESERVATION_UNJUSTIFIED] = "reservation-unjustified",
	[DK_F_RESERVATION_NOT_ALLOWED] = "reservation-not-allowed",
	[DK_F_POVERTY_PASS_WRONG] = "poverty-pass-wrong",
	[DK_F_POVERTY_RETURN_WRONG] = "poverty-return-wrong",
	[DK_F_POVERTY_REPORT_MISSING] = "poverty-report-missing",
	[DK_F_POVERTY_REPORT_WRONG] = "poverty-report-wrong",
	[DK_F_POVERTY_ASKED_OUT_OF_ORDER] = "poverty-asked-out-of-order",
	[DK_F_SHOULD_HAVE_BEEN_REDEALT] = "should-have-been-redealt",
	[DK_F_SWINE_FALSE] = "swine-false",
	[DK_F_SWINE_MISTIMED] = "swine-mistimed",
	[DK_F_SWINE_NOT_DECLARED] = "swine-not-declared",
	[DK_F_HYPERSWINE_FALSE] = "hyperswine-false",
	[DK_F_HYPERSWINE_MISTIMED] = "hyperswine-mistimed",
	[DK_F_HYPERSWINE_NOT_DECLARED] = "hyperswine-not-declared",
	[DK_F_GENSCHER_FALSE] = "genscher-false",
	[DK_F_GENSCHER_MISTIMED] = "genscher-mistimed",
	[DK_F_WENDE_GENSCHER_FALSE] = "wende-genscher-false",
	[DK_F_REPLY_NOT_ALLOWED] = "reply-not-allowed",
	[DK_F_OBJECTION_LATE] = "objection-late",
	[DK_F_OBJECTION_NOT_ENTITLED] = "objection-not-entitled",
	[DK_F_OBJECTION_GROUNDLESS] = "objection-groundless",
};

const char *dk_finding_code_name(dk_finding_code c)
{
	return (unsigned)c < DK_F_CODE_COUNT ? code_names[c] : NULL;
}

const char *dk_finding_kind_name(dk_finding_kind k)
{
	switch (k) {
	case DK_FK_IRREGULARITY: return "irregularity";
	case DK_FK_RECORD_DEFECT: return "record-defect";
	case DK_FK_WARNING: return "warning";
	case DK_FK_OBJECTION: return "objection";
	}
	return NULL;
}

const char *dk_visible_name(dk_visible v)
{
	static const char *const names[DK_VIS_COUNT] = { "at-once", "later", "at-count" };
	return (unsigned)v < DK_VIS_COUNT ? names[v] : NULL;
}

const char *dk_objection_name(dk_objection o)
{
	static const char *const names[DK_OBJ_COUNT] = { "none", "in-time", "late", "invalid" };
	return (unsigned)o < DK_OBJ_COUNT ? names[o] : NULL;
}

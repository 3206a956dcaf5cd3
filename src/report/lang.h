/*
 * lang.h - the message catalogue: every sentence and word dokoref prints for
 * people, in English and in German.
 *
 * A message is an id; per id the catalogue (lang.c) holds the English and
 * the German printf format, side by side in one row of one static table: a
 * row without its German string does not compile.  tests/unit/test_lang.c
 * checks that every id has its row with both strings, and that both take the
 * same printf conversions in the same order, so that a translation can
 * neither crash nor misformat.
 *
 * No gettext at run time: the German text must not depend on a German locale
 * being installed.  The language is chosen per call; nothing here is global.
 *
 * Finding codes, kinds and rule set keys are identifiers and are not in the
 * catalogue; neither is punctuation and layout.
 */
#ifndef DK_LANG_H
#define DK_LANG_H

#include <stdbool.h>

#include "buf.h"

typedef enum dk_lang {
	DK_LANG_EN = 0,
	DK_LANG_DE,
	DK_LANG_COUNT
} dk_lang;

typedef enum dk_msg {
	/* words: announcements, parties (the same in both languages, but
	 * looked up like everything else) */
	DK_MSG_CALL_RE = 0,
	DK_MSG_CALL_KONTRA,
	DK_MSG_CALL_NO90,
	DK_MSG_CALL_NO60,
	DK_MSG_CALL_NO30,
	DK_MSG_CALL_SCHWARZ,
	DK_MSG_LEVEL_RE_KONTRA,
	DK_MSG_PARTY_RE,
	DK_MSG_PARTY_KONTRA,
	DK_MSG_PARTY_UNKNOWN,
	DK_MSG_NOBODY,
	DK_MSG_TRUMP,
	/* solo kinds */
	DK_MSG_SOLO_NONE,
	DK_MSG_SOLO_QUEENS,
	DK_MSG_SOLO_JACKS,
	DK_MSG_SOLO_CLUBS,
	DK_MSG_SOLO_SPADES,
	DK_MSG_SOLO_HEARTS,
	DK_MSG_SOLO_DIAMONDS,
	DK_MSG_SOLO_PURE_CLUBS,
	DK_MSG_SOLO_PURE_SPADES,
	DK_MSG_SOLO_PURE_HEARTS,
	DK_MSG_SOLO_PURE_DIAMONDS,
	DK_MSG_SOLO_TRUMPS,
	DK_MSG_SOLO_FLEISCHLOS,
	DK_MSG_SOLO_KOEHLER,
	/* how a marriage finds the partner */
	DK_MSG_COND_FIRST_TRICK,
	DK_MSG_COND_FIRST_FEHL_TRICK,
	DK_MSG_COND_FIRST_TRUMP_TRICK,
	/* game types */
	DK_MSG_GT_NORMAL,
	DK_MSG_GT_MARRIAGE,
	DK_MSG_GT_MARRIAGE_ALONE,
	DK_MSG_GT_MARRIAGE_PARTNER,
	DK_MSG_GT_SILENT_MARRIAGE,
	DK_MSG_GT_POVERTY,
	DK_MSG_GT_SOLO,
	DK_MSG_GT_RAMSCH,
	DK_MSG_GT_THROWN_IN,
	DK_MSG_GT_REDEAL,
	/* announcement deadlines, per model */
	DK_MSG_LATE_OWN_CARDS_ONE,
	DK_MSG_LATE_OWN_CARDS_MANY,
	DK_MSG_LATE_GAME_CARDS,
	DK_MSG_LATE_NEIGHBOUR_ONE,
	DK_MSG_LATE_NEIGHBOUR_MANY,
	/* findings */
	DK_MSG_F_CARD_NOT_IN_HAND,
	DK_MSG_F_OUT_OF_TURN,
	DK_MSG_F_WRONG_LEAD,
	DK_MSG_F_REVOKE,
	DK_MSG_F_GAME_INCOMPLETE,
	DK_MSG_F_TOO_LATE_CALL,
	DK_MSG_F_TOO_LATE_LIMIT,
	DK_MSG_F_WRONG_PARTY,
	DK_MSG_F_PARTY_UNKNOWN_CALL,
	DK_MSG_F_PARTY_UNKNOWN_LIMIT,
	DK_MSG_F_SKIPPED_LEVEL,
	DK_MSG_F_REPEATED_CALL,
	DK_MSG_F_REPEATED_LIMIT,
	DK_MSG_F_LIMIT_WITHOUT_CALL,
	DK_MSG_F_SOLOIST_RE_UNANSWERED,
	DK_MSG_F_MANDATORY_MISSED,
	DK_MSG_F_MANDATORY_RAISE_MISSED,
	DK_MSG_F_RESERVATION_UNJUSTIFIED,
	DK_MSG_F_UNJUSTIFIED_POVERTY,
	DK_MSG_F_UNJUSTIFIED_MARRIAGE,
	DK_MSG_F_THROWING_IN,
	DK_MSG_F_THROW_NINES,
	DK_MSG_F_THROW_KINGS,
	DK_MSG_F_THROW_NINES_AND_KINGS,
	DK_MSG_F_THROW_RICHNESS,
	DK_MSG_F_THROW_FEW_TRUMPS,
	DK_MSG_F_THROW_FOX,
	DK_MSG_F_RESERVATION_NOT_ALLOWED,
	DK_MSG_F_NOT_ALLOWED_MARRIAGE_BY,
	DK_MSG_F_NOT_ALLOWED_MARRIAGE,
	DK_MSG_F_NOT_ALLOWED_POVERTY,
	DK_MSG_F_SOLO_AFTER_PASS,
	DK_MSG_F_SOLO_AFTER_REFUSAL,
	DK_MSG_F_POVERTY_PASS_ONE,
	DK_MSG_F_POVERTY_PASS_MANY,
	DK_MSG_F_POVERTY_PASS_TRUMPS,
	DK_MSG_F_POVERTY_RETURN_TRUMP,
	DK_MSG_F_POVERTY_RETURN_ONE,
	DK_MSG_F_POVERTY_RETURN_MANY,
	DK_MSG_F_POVERTY_REPORT_NONE,
	DK_MSG_F_POVERTY_REPORT_MISSING_ONE,
	DK_MSG_F_POVERTY_REPORT_MISSING_MANY,
	DK_MSG_F_POVERTY_REPORT_WRONG_ONE,
	DK_MSG_F_POVERTY_REPORT_WRONG_MANY,
	DK_MSG_F_POVERTY_ASKED_OUT_OF_ORDER,
	DK_MSG_F_REDEALT_THROWN_IN,
	DK_MSG_F_REDEALT_RULES,
	DK_MSG_F_SWINE_NONE,
	DK_MSG_F_SWINE_HOLDING,
	DK_MSG_F_SWINE_MISTIMED,
	DK_MSG_F_SWINE_NOT_DECLARED,
	DK_MSG_F_GENSCHER_NONE,
	DK_MSG_F_GENSCHER_HOLDING,
	DK_MSG_F_GENSCHER_MISTIMED,
	DK_MSG_F_WENDE_GENSCHER_NONE,
	DK_MSG_F_WENDE_GENSCHER_HOLDING,
	DK_MSG_F_WENDE_GENSCHER_NO_PARTNER,
	DK_MSG_F_WENDE_GENSCHER_MISTIMED,
	/* where a rule comes from */
	DK_MSG_RS_RULE,
	DK_MSG_RS_FORMAT,
	DK_MSG_RS_OF,
	DK_MSG_RS_OVERRIDDEN,
	DK_MSG_RS_INHERITED,
	DK_MSG_RS_ITS_BASE,
	DK_MSG_RS_ASSUMED,
	/* the score */
	DK_MSG_SC_RESULT,
	DK_MSG_SC_NOBODY_WON,
	DK_MSG_SC_WON,
	DK_MSG_SC_TARGETS,
	DK_MSG_SC_EVERY_TRICK,
	DK_MSG_SC_ONE_TRICK,
	DK_MSG_SI_WON,
	DK_MSG_SI_UNDER_90,
	DK_MSG_SI_UNDER_60,
	DK_MSG_SI_UNDER_30,
	DK_MSG_SI_UNDER_SCHWARZ,
	DK_MSG_SI_CALL,
	DK_MSG_SI_LIMIT,
	DK_MSG_SI_REACHED,
	DK_MSG_SI_AGAINST_OLD,
	DK_MSG_SI_DOPPELKOPF,
	DK_MSG_SI_FOX,
	DK_MSG_SI_KARLCHEN,
	DK_MSG_SI_KARLCHEN_CAUGHT,
	DK_MSG_SC_SPECIAL,
	DK_MSG_SC_FEIGHEIT_ONE,
	DK_MSG_SC_FEIGHEIT_MANY,
	DK_MSG_SC_VALUE,
	DK_MSG_SC_POINTS_FOR,
	DK_MSG_SC_DOUBLED,
	DK_MSG_SC_DOUBLED_LOST_COUNTER,
	DK_MSG_SC_SPECIALS,
	DK_MSG_SC_SOLOIST,
	DK_MSG_SC_ASSUMPTIONS,
	DK_MSG_SC_PLUS_MINUS,
	/* dokoref check: headers, record against score, the count line */
	DK_MSG_CK_NO_RULES,
	DK_MSG_CK_GAME,
	DK_MSG_CK_RULES,
	DK_MSG_CK_CARD_POINTS,
	DK_MSG_CK_NO_FINDINGS,
	DK_MSG_CK_TRICK_CARD,
	DK_MSG_CK_GAME_FINDING,
	DK_MSG_CK_MORE_FINDINGS,
	DK_MSG_CK_RECORDED,
	DK_MSG_CK_SHOULD_BE,
	DK_MSG_CK_CORRECTION,
	DK_MSG_CK_OBJECTED_SCORE,
	DK_MSG_CK_WRONG_ONE,
	DK_MSG_CK_WRONG_MANY,
	DK_MSG_CK_RIGHT,
	DK_MSG_CK_GAMES_ONE,
	DK_MSG_CK_GAMES_MANY,
	DK_MSG_CK_FINDINGS_ONE,
	DK_MSG_CK_FINDINGS_MANY,
	DK_MSG_CK_WARNINGS_ONE,
	DK_MSG_CK_WARNINGS_MANY,
	DK_MSG_CK_SUMMARY,
	DK_MSG_PEN_RECLAIMED,
	DK_MSG_PEN_OBJECTED,
	DK_MSG_PEN_IRRELEVANT,
	DK_MSG_PEN_MINOR,
	DK_MSG_PEN_MINOR_CALL,
	DK_MSG_PEN_SERIOUS_VOID,
	DK_MSG_PEN_SERIOUS_SOLO,
	DK_MSG_PEN_DECIDED,
	DK_MSG_PEN_UNDECIDED,
	DK_MSG_PEN_FORFEIT,
	DK_MSG_PEN_FORFEIT_TARGET,
	DK_MSG_PEN_FORFEIT_LEVEL,
	DK_MSG_PEN_FORFEIT_VALUE,
	DK_MSG_PEN_CAN_REACH,
	DK_MSG_PEN_CANNOT_REACH,
	DK_MSG_PEN_TAKES_ALL,
	DK_MSG_PEN_POINTS,
	DK_MSG_PEN_PROOF_BOTH,
	DK_MSG_PEN_PROOF_ONE,
	/* dokoref audit (cmd_audit.c, audit_text.c) */
	DK_MSG_AU_ID,
	DK_MSG_AU_DEALER_ROUND,
	DK_MSG_AU_NOT_IN_ROUND,
	DK_MSG_AU_SITS_OUT,
	DK_MSG_AU_BOCK,
	DK_MSG_AU_BOCK_MOVED,
	DK_MSG_AU_BOCK_MADE,
	DK_MSG_AU_FLIPPED,
	DK_MSG_AU_ENTRY,
	DK_MSG_AU_STANDINGS,
	DK_MSG_AU_X_DEALER,
	DK_MSG_AU_X_DEALER_ALT,
	DK_MSG_AU_X_SIT_OUT,
	DK_MSG_AU_X_SIT_OUT_UNSAID,
	DK_MSG_AU_X_SCORE_WRONG,
	DK_MSG_AU_X_SCORE_SUM,
	DK_MSG_AU_X_EVEN_ODD,
	DK_MSG_AU_X_TOTAL_WRONG,
	DK_MSG_AU_X_TOTAL_ARITHMETIC,
	DK_MSG_AU_X_BOCK_NOT_CARRIED,
	DK_MSG_AU_SUM_GAMES,
	DK_MSG_AU_SUM_FINDINGS,
	DK_MSG_AU_SUM_SHEET,
	DK_MSG_AU_SUM_SCORES,
	DK_MSG_AU_SUM_SCORES_OFF,
	DK_MSG_AU_SUM_TOTALS_NONE,
	DK_MSG_AU_SUM_TOTALS_OK,
	DK_MSG_AU_SUM_TOTALS_WRONG,
	DK_MSG_AU_SUM_SESSION_FINAL,
	DK_MSG_AU_SUM_RECORDED_FINAL,
	DK_MSG_AU_SUM_DUPS,
	DK_MSG_AU_SUM_DUP,
	DK_MSG_AU_SUM_DUPS_MORE,
	DK_MSG_AU_SUM_STANDINGS,
	DK_MSG_AU_SUM_BOCK_PENDING,
	DK_MSG_AU_SHOULD_BE,
	DK_MSG_AU_DUPLICATE,
	DK_MSG_AU_X_BOCK_PENDING_WRONG,
	DK_MSG_AU_X_DUTY_ANY,
	DK_MSG_AU_X_DUTY_COLOUR,
	DK_MSG_AU_X_DUTY_PICTURE,
	DK_MSG_AU_SESSION_END,
	/* another program's score against dokoref's (FreeDoko) */
	DK_MSG_FD_HEAD,
	DK_MSG_FD_SAME,
	DK_MSG_FD_DIFF_ONE,
	DK_MSG_FD_DIFF_MANY,
	DK_MSG_FD_ALL_EXPLAINED,
	DK_MSG_FD_WINNER,
	DK_MSG_FD_VALUE,
	DK_MSG_FD_BOCK,
	DK_MSG_FD_POINTS,
	DK_MSG_FD_PARTY,
	DK_MSG_FD_ONLY_THEIRS,
	DK_MSG_FD_ONLY_OURS,
	DK_MSG_FD_OPTION,
	DK_MSG_FD_NOTE,
	DK_MSG_FD_SUMMARY,
	DK_MSG_FD_HEAD_TRICKS,
	DK_MSG_FD_TRICK,
	DK_MSG_FD_BOCK_DIFF,
	DK_MSG_AU_BOCK_NOT_USED,
	DK_MSG_COUNT
} dk_msg;

/** The printf format of message id in lang; NULL only for an id or language
 * out of range (or a gap in the catalogue, which the unit test refuses). */
const char *dk_msg_format(dk_lang lang, dk_msg id);

/** A message that takes no arguments, as text ("?" when missing). */
const char *dk_msg_text(dk_lang lang, dk_msg id);

/** Append message id of lang, formatted with the arguments, to b.  The
 * arguments must fit the English format (the German one takes the same). */
void dk_say(dk_buf *b, dk_lang lang, dk_msg id, ...);

/** one if n is 1, else many: the plural rule of both languages. */
static inline dk_msg dk_msg_n(long long n, dk_msg one, dk_msg many)
{
	return n == 1 ? one : many;
}

/** "en" or "de"; "?" if out of range. */
const char *dk_lang_name(dk_lang lang);

/** Parse a --lang value: "en" or "de". */
bool dk_lang_parse(const char *s, dk_lang *out);

/**
 * The language gettext would choose from these locale variables: the first
 * of lc_all, lc_messages, lang that is set and not empty decides; a value
 * starting with "de" is German, anything else (and nothing) English.
 */
dk_lang dk_lang_from_locale(const char *lc_all, const char *lc_messages, const char *lang);

/** dk_lang_from_locale() of the environment's LC_ALL, LC_MESSAGES and LANG. */
dk_lang dk_lang_from_env(void);

#endif

/*
 * lang.c - the message catalogue, English and German; see lang.h.
 *
 * The German words are those of the rule documents (the DDV's TSR, the house
 * rules in rulesets/): Re, Kontra, Ansage, Absage, Stich, Augen, Vorbehalt,
 * Hochzeit, Armut, bedienen, Sonderpunkt, Spielwert, Plus-Minus.  Both
 * strings of a row must take the same printf conversions in the same order
 * (tests/unit/test_lang.c); German word order has to fit around them.
 */
#include "lang.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct dk_msg_text {
	const char *en;
	const char *de;
};

/* One row: the id, the English, the German.  A row with one string does not
 * compile (the macro takes three arguments), and both must be string
 * literals; a row given twice is an -Woverride-init warning.  An id without
 * a row is left NULL, which the unit test refuses. */
#define MSG(id, en, de) [id] = { "" en, "" de }

static const struct dk_msg_text catalogue[DK_MSG_COUNT] = {
	MSG(DK_MSG_CALL_RE, "Re", "Re"),
	MSG(DK_MSG_CALL_KONTRA, "Kontra", "Kontra"),
	MSG(DK_MSG_CALL_NO90, "keine 90", "keine 90"),
	MSG(DK_MSG_CALL_NO60, "keine 60", "keine 60"),
	MSG(DK_MSG_CALL_NO30, "keine 30", "keine 30"),
	MSG(DK_MSG_CALL_SCHWARZ, "schwarz", "schwarz"),
	MSG(DK_MSG_LEVEL_RE_KONTRA, "Re/Kontra", "Re/Kontra"),
	MSG(DK_MSG_PARTY_RE, "Re", "Re"),
	MSG(DK_MSG_PARTY_KONTRA, "Kontra", "Kontra"),
	MSG(DK_MSG_PARTY_UNKNOWN, "unknown", "unbekannt"),
	MSG(DK_MSG_NOBODY, "nobody", "niemand"),
	MSG(DK_MSG_TRUMP, "trump", "Trumpf"),

	MSG(DK_MSG_SOLO_NONE, "no solo", "kein Solo"),
	MSG(DK_MSG_SOLO_QUEENS, "Damensolo (queens)", "Damensolo"),
	MSG(DK_MSG_SOLO_JACKS, "Bubensolo (jacks)", "Bubensolo"),
	MSG(DK_MSG_SOLO_CLUBS, "Kreuz-Farbsolo", "Kreuz-Farbsolo"),
	MSG(DK_MSG_SOLO_SPADES, "Pik-Farbsolo", "Pik-Farbsolo"),
	MSG(DK_MSG_SOLO_HEARTS, "Herz-Farbsolo", "Herz-Farbsolo"),
	MSG(DK_MSG_SOLO_DIAMONDS, "Karo-Farbsolo", "Karo-Farbsolo"),
	MSG(DK_MSG_SOLO_PURE_CLUBS, "reines Kreuz-Solo", "reines Kreuz-Solo"),
	MSG(DK_MSG_SOLO_PURE_SPADES, "reines Pik-Solo", "reines Pik-Solo"),
	MSG(DK_MSG_SOLO_PURE_HEARTS, "reines Herz-Solo", "reines Herz-Solo"),
	MSG(DK_MSG_SOLO_PURE_DIAMONDS, "reines Karo-Solo", "reines Karo-Solo"),
	MSG(DK_MSG_SOLO_TRUMPS, "Trumpfsolo", "Trumpfsolo"),
	MSG(DK_MSG_SOLO_FLEISCHLOS, "Fleischlos (no trumps)", "Fleischloser"),
	MSG(DK_MSG_SOLO_KOEHLER, "Koehler (kings, queens, jacks)", "Köhler"),

	/* English shows the rule set value, German says it */
	MSG(DK_MSG_COND_FIRST_TRICK, "first-trick", "den ersten Stich"),
	MSG(DK_MSG_COND_FIRST_FEHL_TRICK, "first-fehl-trick", "den ersten Fehlstich"),
	MSG(DK_MSG_COND_FIRST_TRUMP_TRICK, "first-trump-trick", "den ersten Trumpfstich"),

	MSG(DK_MSG_GT_NORMAL, "normal game", "Normalspiel"),
	MSG(DK_MSG_GT_MARRIAGE,
		"marriage (Hochzeit) of %s, partner by %s",
		"Hochzeit von %s, Partner durch %s"),
	MSG(DK_MSG_GT_MARRIAGE_ALONE,
		": nobody met it, %s plays alone",
		": kein Partner gefunden, %s spielt allein"),
	MSG(DK_MSG_GT_MARRIAGE_PARTNER, ": %s from trick %d", ": %s ab Stich %d"),
	MSG(DK_MSG_GT_SILENT_MARRIAGE,
		"silent marriage (stille Hochzeit) of %s",
		"stille Hochzeit von %s"),
	MSG(DK_MSG_GT_POVERTY,
		"poverty (Armut) of %s, taken by %s",
		"Armut von %s, aufgenommen von %s"),
	MSG(DK_MSG_GT_SOLO, "%s of %s", "%s von %s"),
	MSG(DK_MSG_GT_RAMSCH,
		"Ramsch (nobody took the poverty of %s)",
		"Ramsch (niemand hat die Armut von %s aufgenommen)"),
	MSG(DK_MSG_GT_THROWN_IN, "thrown in by %s: no game", "%s hat geschmissen: kein Spiel"),
	MSG(DK_MSG_GT_REDEAL, "to be dealt again: no game", "neu zu geben: kein Spiel"),

	MSG(DK_MSG_LATE_OWN_CARDS_ONE,
		"after playing %d card of the hand (allowed: at most %d)",
		"als schon %d eigene Karte gespielt war (erlaubt: höchstens %d)"),
	MSG(DK_MSG_LATE_OWN_CARDS_MANY,
		"after playing %d cards of the hand (allowed: at most %d)",
		"als schon %d eigene Karten gespielt waren (erlaubt: höchstens %d)"),
	MSG(DK_MSG_LATE_GAME_CARDS,
		"after card %d of the game (allowed: up to card %d)",
		"nach der %d. Karte des Spiels (erlaubt: bis zur %d. Karte)"),
	MSG(DK_MSG_LATE_NEIGHBOUR_ONE,
		"after the left neighbour had played %d card (allowed: at most %d)",
		"als der linke Nachbar schon %d Karte gespielt hatte (erlaubt: höchstens %d)"),
	MSG(DK_MSG_LATE_NEIGHBOUR_MANY,
		"after the left neighbour had played %d cards (allowed: at most %d)",
		"als der linke Nachbar schon %d Karten gespielt hatte (erlaubt: höchstens %d)"),
	MSG(DK_MSG_LATE_GAME_TRICKS,
		"in trick %d of the game (allowed: until trick %d is full)",
		"im %d. Stich des Spiels (erlaubt: bis der %d. Stich voll ist)"),

	MSG(DK_MSG_F_CARD_NOT_IN_HAND,
		"%s played %s, which %s does not hold",
		"%s hat %s gespielt, eine Karte, die %s nicht auf der Hand hatte"),
	MSG(DK_MSG_F_OUT_OF_TURN,
		"%s played %s when %s was to play",
		"%s hat %s außer der Reihe gespielt; an der Reihe war %s"),
	MSG(DK_MSG_F_WRONG_LEAD,
		"%s led the first trick with %s; %s leads under these rules",
		"%s hat mit %s zum ersten Stich aufgespielt; nach diesen Regeln spielt %s auf"),
	/* followed by the cards that could have followed */
	MSG(DK_MSG_F_REVOKE,
		"%s played %s to a %s lead while holding ",
		"%s hat falsch bedient: %s auf %s gespielt, zum Bedienen auf der Hand: "),
	MSG(DK_MSG_F_GAME_INCOMPLETE,
		"the record ends after %d of %d cards",
		"die Aufzeichnung endet nach %d von %d Karten"),
	/* followed by the deadline */
	MSG(DK_MSG_F_TOO_LATE_CALL, "%s said \"%s\" too late: ", "%s hat „%s“ zu spät angesagt: "),
	MSG(DK_MSG_F_TOO_LATE_LIMIT, "%s said \"%s\" too late: ", "%s hat „%s“ zu spät abgesagt: "),
	MSG(DK_MSG_F_WRONG_PARTY,
		"%s, of the %s party, said \"%s\"",
		"%s aus der %s-Partei hat „%s“ angesagt"),
	MSG(DK_MSG_F_PARTY_UNKNOWN_CALL,
		"%s said \"%s\" before the marriage decided the parties",
		"%s hat „%s“ angesagt, bevor die Hochzeit die Parteien geklärt hatte"),
	MSG(DK_MSG_F_PARTY_UNKNOWN_LIMIT,
		"%s said \"%s\" before the marriage decided the parties",
		"%s hat „%s“ abgesagt, bevor die Hochzeit die Parteien geklärt hatte"),
	MSG(DK_MSG_F_SKIPPED_LEVEL,
		"%s said \"%s\" passing over \"%s\", which could not be said any more",
		"%s hat „%s“ abgesagt und dabei „%s“ übersprungen, obwohl dafür die Zeit "
		"schon abgelaufen war"),
	MSG(DK_MSG_F_REPEATED_CALL,
		"%s said \"%s\", which the %s party had said already",
		"%s hat „%s“ angesagt, was die %s-Partei schon angesagt hatte"),
	MSG(DK_MSG_F_REPEATED_LIMIT,
		"%s said \"%s\", which the %s party had said already",
		"%s hat „%s“ abgesagt, was die %s-Partei schon abgesagt hatte"),
	MSG(DK_MSG_F_LIMIT_WITHOUT_CALL,
		"%s said \"%s\" before the %s party had said \"%s\"",
		"%s hat „%s“ abgesagt, bevor die %s-Partei „%s“ angesagt hatte"),
	MSG(DK_MSG_F_SOLOIST_RE_UNANSWERED,
		"the soloist %s said \"Re\" before the opponents announced anything",
		"der Solospieler %s hat „Re“ angesagt, bevor die Gegenpartei etwas angesagt hatte"),
	MSG(DK_MSG_F_KONTRA_NOT_A_REPLY,
		"%s said \"Kontra\" in a forced solo before the soloist announced anything",
		"%s hat im Zwangssolo „Kontra“ angesagt, bevor der Solospieler etwas angesagt hatte"),
	MSG(DK_MSG_F_MANDATORY_MISSED,
		"the %s party took %d card points in the first trick but did not announce",
		"die %s-Partei hat im ersten Stich %d Augen bekommen, aber nichts angesagt"),
	MSG(DK_MSG_F_MANDATORY_RAISE_MISSED,
		"the %s party took %d card points in the first trick but did not announce "
		"\"keine 90\" on top of its earlier call",
		"die %s-Partei hat im ersten Stich %d Augen bekommen, aber nicht zusätzlich zu "
		"ihrer Ansage „keine 90“ abgesagt"),
	/* followed by what was named */
	MSG(DK_MSG_F_RESERVATION_UNJUSTIFIED,
		"%s named a reservation the hand does not allow",
		"%s hat einen Vorbehalt angemeldet, den die Karten nicht hergeben"),
	MSG(DK_MSG_F_UNJUSTIFIED_POVERTY,
		": a poverty with %d trumps (at most %d)",
		": eine Armut mit %d Trümpfen (höchstens %d)"),
	MSG(DK_MSG_F_UNJUSTIFIED_MARRIAGE,
		": a marriage holding %d of the two %s",
		": eine Hochzeit mit nur %d der beiden %s"),
	MSG(DK_MSG_F_THROWING_IN, ": throwing in", ": Schmeißen"),
	MSG(DK_MSG_F_RESERVATION_NOT_ALLOWED,
		"%s named a game these rules do not have",
		"%s hat ein Spiel angemeldet, das diese Regeln nicht kennen"),
	MSG(DK_MSG_F_NOT_ALLOWED_MARRIAGE_BY,
		": a marriage by %s",
		": eine Hochzeit, Partner durch %s"),
	MSG(DK_MSG_F_NOT_ALLOWED_MARRIAGE, ": a marriage", ": eine Hochzeit"),
	MSG(DK_MSG_F_NOT_ALLOWED_POVERTY, ": a poverty", ": eine Armut"),
	MSG(DK_MSG_F_POVERTY_PASS_ONE,
		"%s passed %d card for the poverty; %d were due",
		"%s hat für die Armut %d Karte abgegeben; verlangt: %d"),
	MSG(DK_MSG_F_POVERTY_PASS_MANY,
		"%s passed %d cards for the poverty; %d were due",
		"%s hat für die Armut %d Karten abgegeben; verlangt: %d"),
	/* followed by the cards */
	MSG(DK_MSG_F_POVERTY_PASS_TRUMPS, ", with all the trumps: ", ", und zwar alle Trümpfe: "),
	MSG(DK_MSG_F_POVERTY_RETURN_TRUMP,
		"%s gave back a trump while keeping fehl cards",
		"%s hat einen Trumpf zurückgegeben und dabei Fehlkarten behalten"),
	MSG(DK_MSG_F_POVERTY_RETURN_ONE,
		"%s gave back %d card; %d were due",
		"%s hat %d Karte zurückgegeben; verlangt: %d"),
	MSG(DK_MSG_F_POVERTY_RETURN_MANY,
		"%s gave back %d cards; %d were due",
		"%s hat %d Karten zurückgegeben; verlangt: %d"),
	MSG(DK_MSG_F_POVERTY_REPORT_NONE,
		"%s did not say how many trumps came back (none did)",
		"%s hat nicht angesagt, wie viele Trümpfe zurückkamen (keiner)"),
	MSG(DK_MSG_F_POVERTY_REPORT_MISSING_ONE,
		"%s gave back %d trump without saying so",
		"%s hat %d Trumpf zurückgegeben, ohne es anzusagen"),
	MSG(DK_MSG_F_POVERTY_REPORT_MISSING_MANY,
		"%s gave back %d trumps without saying so",
		"%s hat %d Trümpfe zurückgegeben, ohne es anzusagen"),
	MSG(DK_MSG_F_POVERTY_REPORT_WRONG_ONE,
		"%s reported %d trump back; %d came back",
		"%s hat „%d Trumpf zurück“ angesagt; zurückgekommen: %d"),
	MSG(DK_MSG_F_POVERTY_REPORT_WRONG_MANY,
		"%s reported %d trumps back; %d came back",
		"%s hat „%d Trümpfe zurück“ angesagt; zurückgekommen: %d"),
	MSG(DK_MSG_F_POVERTY_ASKED_OUT_OF_ORDER,
		"%s answered the poverty when %s was to be asked",
		"%s hat auf die Armut geantwortet, obwohl erst %s zu fragen war"),
	MSG(DK_MSG_F_REDEALT_THROWN_IN,
		"the cards were played although the game was thrown in",
		"es wurde gespielt, obwohl geschmissen wurde"),
	MSG(DK_MSG_F_REDEALT_RULES,
		"the cards were played although the rules end this deal: deal again",
		"es wurde gespielt, obwohl nach den Regeln neu zu geben war"),
	MSG(DK_MSG_F_SWINE_NONE,
		"%s declared swines in a game without them",
		"%s hat Schweine angesagt, obwohl es in diesem Spiel keine gibt"),
	MSG(DK_MSG_F_SWINE_HOLDING,
		"%s declared swines holding %d of the two %s",
		"%s hat Schweine angesagt, hatte aber nur %d der beiden %s"),
	MSG(DK_MSG_F_SWINE_MISTIMED,
		"%s declared swines, but not when playing the first %s",
		"%s hat Schweine angesagt, aber nicht beim Ausspielen des ersten %s"),
	MSG(DK_MSG_F_SWINE_NOT_DECLARED,
		"%s played the first of both %s without declaring the swines",
		"%s hat das erste der beiden %s gespielt, ohne die Schweine anzusagen"),
	MSG(DK_MSG_F_GENSCHER_NONE,
		"%s called Genscher in a game that has none",
		"%s hat Genscher angesagt, obwohl es in diesem Spiel keinen gibt"),
	MSG(DK_MSG_F_GENSCHER_HOLDING,
		"%s called Genscher holding %d of the two %s",
		"%s hat Genscher angesagt, hatte aber nur %d der beiden %s"),
	MSG(DK_MSG_F_GENSCHER_MISTIMED,
		"%s called Genscher, but not when playing the first %s",
		"%s hat Genscher angesagt, aber nicht beim Ausspielen des ersten %s"),
	MSG(DK_MSG_F_WENDE_GENSCHER_NONE,
		"%s called Wende-Genscher in a game that does not allow it",
		"%s hat Wende-Genscher angesagt, obwohl er in diesem Spiel nicht gilt"),
	MSG(DK_MSG_F_WENDE_GENSCHER_HOLDING,
		"%s called Wende-Genscher holding %d of the two %s",
		"%s hat Wende-Genscher angesagt, hatte aber nur %d der beiden %s"),
	MSG(DK_MSG_F_WENDE_GENSCHER_NO_PARTNER,
		"%s called Wende-Genscher without naming another player as partner",
		"%s hat Wende-Genscher angesagt, ohne einen anderen Spieler als Partner zu nennen"),
	MSG(DK_MSG_F_WENDE_GENSCHER_MISTIMED,
		"%s called Wende-Genscher, but not when playing the first %s",
		"%s hat Wende-Genscher angesagt, aber nicht beim Ausspielen des ersten %s"),

	MSG(DK_MSG_RS_RULE, "rule %s", "Regel %s"),
	MSG(DK_MSG_RS_FORMAT, " (the format and the course of play)", " (Format und Spielablauf)"),
	MSG(DK_MSG_RS_OF, " of %s", " in %s"),
	MSG(DK_MSG_RS_OVERRIDDEN, ", overridden by the record", ", in der Aufzeichnung überschrieben"),
	MSG(DK_MSG_RS_INHERITED, ", inherited from %s", ", übernommen aus %s"),
	MSG(DK_MSG_RS_ITS_BASE, "its base", "dem Basisregelwerk"),
	MSG(DK_MSG_RS_ASSUMED, ", assumed (%s)", ", angenommen (%s)"),

	MSG(DK_MSG_SC_RESULT, "result as played:", "Ergebnis wie gespielt:"),
	MSG(DK_MSG_SC_NOBODY_WON,
		"nobody won, both missed what they announced",
		"keine Partei hat gewonnen, beide haben ihr abgesagtes Ziel verfehlt"),
	MSG(DK_MSG_SC_WON, "%s won", "%s hat gewonnen"),
	/* what each party needed: a number of card points, or a word below */
	MSG(DK_MSG_SC_TARGETS,
		" (Re needed %s and took %d, Kontra needed %s and took %d)",
		" (Re brauchte %s und bekam %d, Kontra brauchte %s und bekam %d)"),
	MSG(DK_MSG_SC_EVERY_TRICK, "every trick", "alle Stiche"),
	MSG(DK_MSG_SC_ONE_TRICK, "one trick", "einen Stich"),
	/* the items: at most 38 characters, the width of their column */
	MSG(DK_MSG_SI_WON, "won", "gewonnen"),
	MSG(DK_MSG_SI_UNDER_90, "%s under 90", "%s unter 90"),
	MSG(DK_MSG_SI_UNDER_60, "%s under 60", "%s unter 60"),
	MSG(DK_MSG_SI_UNDER_30, "%s under 30", "%s unter 30"),
	MSG(DK_MSG_SI_UNDER_SCHWARZ, "%s schwarz (no trick)", "%s schwarz (kein Stich)"),
	MSG(DK_MSG_SI_CALL, "\"%s\" said", "„%s“ angesagt"),
	MSG(DK_MSG_SI_LIMIT, "\"%s\" said by %s", "„%s“ abgesagt von %s"),
	MSG(DK_MSG_SI_REACHED, "%s reached against \"%s\"", "%s Augen gegen „%s“ erreicht"),
	MSG(DK_MSG_SI_AGAINST_OLD, "against the old (Kontra won)", "gegen die Alten (Kontra gewonnen)"),
	MSG(DK_MSG_SI_DOPPELKOPF, "Doppelkopf (a trick of 40 or more)", "Doppelkopf (Stich mit 40+ Augen)"),
	MSG(DK_MSG_SI_FOX, "Fuchs caught", "Fuchs gefangen"),
	MSG(DK_MSG_SI_KARLCHEN, "Karlchen takes the last trick", "Karlchen macht den letzten Stich"),
	MSG(DK_MSG_SI_KARLCHEN_CAUGHT,
		"Karlchen caught in the last trick",
		"Karlchen im letzten Stich gefangen"),
	MSG(DK_MSG_SI_KARLCHEN_BOTH,
		"both Karlchen in the last trick",
		"beide Karlchen im letzten Stich"),
	MSG(DK_MSG_SI_KARLCHEN_CAUGHT_BOTH,
		"both Karlchen caught",
		"beide Karlchen gefangen"),
	MSG(DK_MSG_SI_FOX_CAUGHT_LAST_TRICK,
		"Fuchs caught in the last trick",
		"Fuchs im letzten Stich gefangen"),
	MSG(DK_MSG_SI_FOX_LAST_TRICK, "Fuchs takes the last trick", "Fuchs macht den letzten Stich"),
	MSG(DK_MSG_SI_FOX_LAST_TRICK_BOTH,
		"both Fuchs in the last trick",
		"beide Füchse im letzten Stich"),
	MSG(DK_MSG_SI_HEART10_CAUGHT,
		"a ♥10 beats the opponents' ♥10",
		"♥10 sticht die ♥10 der Gegenpartei"),
	MSG(DK_MSG_SI_HEART_TRICK,
		"heart trick (four hearts, no trump)",
		"Herzstich (vier Herz, kein Trumpf)"),
	MSG(DK_MSG_SC_SPECIAL, "special", "Sonderpunkt"),
	MSG(DK_MSG_SC_FEIGHEIT_ONE,
		"(Feigheit: %d level reached beyond one above the announced not counted, "
		"score.feigheit)",
		"(Feigheit: %d Stufe, mehr als eine über der Ansage erreicht, nicht gezählt, "
		"score.feigheit)"),
	MSG(DK_MSG_SC_FEIGHEIT_MANY,
		"(Feigheit: %d levels reached beyond one above the announced not counted, "
		"score.feigheit)",
		"(Feigheit: %d Stufen, mehr als eine über der Ansage erreicht, nicht gezählt, "
		"score.feigheit)"),
	MSG(DK_MSG_SC_VALUE, "value:", "Spielwert:"),
	MSG(DK_MSG_SC_POINTS_FOR, "%d for %s", "%d für %s"),
	MSG(DK_MSG_SC_DOUBLED, " x %d (Re/Kontra said)", " x %d (Re/Kontra angesagt)"),
	MSG(DK_MSG_SC_DOUBLED_LOST_COUNTER,
		" x %d (lost counter-announcement)",
		" x %d (verlorene Gegenansage)"),
	MSG(DK_MSG_SC_SPECIALS, ", special points %d for %s", ", Sonderpunkte %d für %s"),
	MSG(DK_MSG_SC_SOLOIST, ", the soloist x %d", ", der Solospieler x %d"),
	MSG(DK_MSG_SC_ASSUMPTIONS, "  assumed where the house text is silent:",
		"  angenommen, wo der Text der Hausregel schweigt:"),
	MSG(DK_MSG_SC_PLUS_MINUS, "plus-minus:", "Plus-Minus:"),
	MSG(DK_MSG_SC_PLUS_ONLY, "plus (the winners only):", "Plus (nur die Gewinner):"),
	MSG(DK_MSG_SC_MINUS_ONLY, "minus (the losers only):", "Minus (nur die Verlierer):"),

	MSG(DK_MSG_CK_NO_RULES,
		"%s, game %zu: no rule set: not checked",
		"%s, Spiel %zu: kein Regelwerk: nicht geprüft"),
	MSG(DK_MSG_CK_GAME, "%s, game %zu", "%s, Spiel %zu"),
	MSG(DK_MSG_CK_RULES, ", rules %s", ", Regeln %s"),
	MSG(DK_MSG_CK_CARD_POINTS, " - card points Re %d, Kontra %d", " - Augen Re %d, Kontra %d"),
	MSG(DK_MSG_CK_NO_FINDINGS, "no findings", "keine Befunde"),
	MSG(DK_MSG_CK_TRICK_CARD, ", trick %d, card %d", ", Stich %d, Karte %d"),
	MSG(DK_MSG_CK_GAME_FINDING, ", game finding", ", Spielfindung"),
	MSG(DK_MSG_CK_MORE_FINDINGS, "... and %d more findings", "... und weitere Befunde: %d"),
	MSG(DK_MSG_CK_RECORDED, "recorded:", "aufgeschrieben:"),
	MSG(DK_MSG_CK_SHOULD_BE, " (should be %+ld)", " (richtig: %+ld)"),
	MSG(DK_MSG_CK_CORRECTION, "to correct the sheet:", "Korrektur auf dem Zettel:"),
	MSG(DK_MSG_CK_OBJECTED_SCORE, "the objection applies, so the score is:",
		"die Reklamation gilt, die Wertung ist daher:"),
	MSG(DK_MSG_CK_WRONG_ONE, ": WRONG for %d player", ": FALSCH für %d Spieler"),
	MSG(DK_MSG_CK_WRONG_MANY, ": WRONG for %d players", ": FALSCH für %d Spieler"),
	MSG(DK_MSG_CK_RIGHT, ": right", ": richtig"),
	MSG(DK_MSG_PEN_RECLAIMED, "if reclaimed at once: ", "bei sofortiger Reklamation: "),
	MSG(DK_MSG_PEN_OBJECTED, "reclaimed (the record shows the objection): ",
		"reklamiert (der Spielbericht zeigt die Reklamation): "),
	MSG(DK_MSG_PEN_IRRELEVANT,
		"irrelevant (TSR 9.2.2, D17): %s takes every remaining trick whatever is played; "
		"no penalty points",
		"unerheblich (TSR 9.2.2, D17): %s macht zwangsläufig alle Reststiche; "
		"keine Strafpunkte"),
	MSG(DK_MSG_PEN_MINOR,
		"minor (TSR 9.3, D16): it cannot decide the winner",
		"geringfügig (TSR 9.3, D16): kann den Sieger nicht entscheiden"),
	MSG(DK_MSG_PEN_MINOR_CALL,
		"minor (TSR 9.3, D19): the announcement is void, no card changes",
		"geringfügig (TSR 9.3, D19): die Ansage entfällt, keine Karte ändert sich"),
	MSG(DK_MSG_PEN_SERIOUS_VOID,
		"serious (TSR 9.4.3, D16): each party could still win; the game counts as not played",
		"schwerwiegend (TSR 9.4.3, D16): jede Partei konnte noch gewinnen; das Spiel gilt "
		"als nicht gespielt"),
	MSG(DK_MSG_PEN_SERIOUS_SOLO,
		"serious (TSR 9.4.4, D16): each party could still win; the solo counts",
		"schwerwiegend (TSR 9.4.4, D16): jede Partei konnte noch gewinnen; das Solo wird "
		"gewertet"),
	MSG(DK_MSG_PEN_DECIDED,
		"the game was already decided (TSR 9.5.1): the remaining tricks go to the other "
		"party, and the penalty of a minor violation",
		"das Spiel war bereits entschieden (TSR 9.5.1): die Reststiche gehen an die "
		"Gegenpartei, dazu die Strafe eines geringfügigen Verstoßes"),
	MSG(DK_MSG_PEN_UNDECIDED,
		"not settled: the search stopped after %ld positions",
		"nicht entschieden: die Suche brach nach %ld Stellungen ab"),
	MSG(DK_MSG_PEN_FORFEIT,
		"the house rule's own penalty (penalty.revoke %s): %s wins the game",
		"die eigene Strafe der Hausregel (penalty.revoke %s): %s gewinnt das Spiel"),
	MSG(DK_MSG_PEN_FORFEIT_TARGET,
		"dokoref's reading: %s is scored as winning with its target and nothing beyond it",
		"Lesart von dokoref: %s wird gewertet, als hätte sie ihr Ziel erreicht und "
		"nichts darüber hinaus"),
	MSG(DK_MSG_PEN_FORFEIT_LEVEL,
		"dokoref's reading: %s is scored as winning with %s, one level beyond what it "
		"announced (as far as Feigheit lets a win count)",
		"Lesart von dokoref: %s wird gewertet, als hätte sie mit %s gewonnen, eine Stufe "
		"über ihrer Ansage (so weit, wie die Feigheit einen Sieg zählen lässt)"),
	MSG(DK_MSG_PEN_FORFEIT_VALUE, "the game is worth %d for %s: ",
		"das Spiel ist %d für %s wert: "),
	MSG(DK_MSG_PEN_CAN_REACH, "%s can reach %s, for instance: ",
		"%s kann %s erreichen, zum Beispiel: "),
	MSG(DK_MSG_PEN_CANNOT_REACH,
		"%s cannot reach %s in any legal continuation (%ld positions searched)",
		"%s kann %s in keiner regelgerechten Fortsetzung erreichen (%ld Stellungen "
		"durchsucht)"),
	MSG(DK_MSG_PEN_TAKES_ALL,
		"%s takes every remaining trick in every legal continuation (%ld positions searched)",
		"%s macht in jeder regelgerechten Fortsetzung alle Reststiche (%ld Stellungen "
		"durchsucht)"),
	MSG(DK_MSG_PEN_POINTS, "%s %+ld", "%s %+ld"),
	MSG(DK_MSG_PEN_PROOF_BOTH,
		"%d tricks were left; Re could reach %s and Kontra %s",
		"%d Stiche waren offen; Re konnte %s erreichen und Kontra %s"),
	MSG(DK_MSG_PEN_PROOF_ONE,
		"%d tricks were left; only %s could still reach its target",
		"%d Stiche waren offen; nur %s konnte sein Ziel noch erreichen"),
	MSG(DK_MSG_CK_GAMES_ONE, "%zu game", "%zu Spiel"),
	MSG(DK_MSG_CK_GAMES_MANY, "%zu games", "%zu Spiele"),
	MSG(DK_MSG_CK_FINDINGS_ONE, "%zu finding", "%zu Befund"),
	MSG(DK_MSG_CK_FINDINGS_MANY, "%zu findings", "%zu Befunde"),
	MSG(DK_MSG_CK_WARNINGS_ONE, "%zu warning", "%zu Warnung"),
	MSG(DK_MSG_CK_WARNINGS_MANY, "%zu warnings", "%zu Warnungen"),
	/* the counts of games, findings and warnings come in words, above */
	MSG(DK_MSG_CK_SUMMARY,
		"%s checked, %zu with findings (%s, %s); recorded scores: %zu right, %zu wrong",
		"%s geprüft, %zu mit Befunden (%s, %s); aufgeschriebene Wertungen: %zu richtig, "
		"%zu falsch"),
	/* dokoref audit */
	MSG(DK_MSG_AU_ID, " [id %s]",
		" [id %s]"),
	MSG(DK_MSG_AU_DEALER_ROUND, "  dealer %s, round %d, game %d of the round",
		"  Geber %s, Runde %d, Spiel %d der Runde"),
	MSG(DK_MSG_AU_NOT_IN_ROUND, ", a solo that is no game of the round",
		", ein Solo, das kein Spiel der Runde ist"),
	MSG(DK_MSG_AU_SITS_OUT, ", %s sits out",
		", %s setzt aus"),
	MSG(DK_MSG_AU_BOCK, "  Bock: x%ld",
		"  Bock: x%ld"),
	MSG(DK_MSG_AU_BOCK_MOVED, "  a solo while a Bock is due: not doubled, the Bock games move back by one",
		"  Solo in der Bockrunde: nicht verdoppelt, die Bock-Spiele verschieben sich um eins"),
	MSG(DK_MSG_AU_BOCK_MADE, "  makes %d Bock (%s); Bock games pending: %ld",
		"  ergibt %d Bock (%s); offene Bock-Spiele: %ld"),
	MSG(DK_MSG_AU_FLIPPED, "  the ♦K won the last trick: the standings turn their signs before this game is entered",
		"  der ♦-König macht den letzten Stich: die Vorzeichen des Punktestands drehen sich um, bevor das Spiel aufgeschrieben wird"),
	MSG(DK_MSG_AU_ENTRY, "  entry with Bock:",
		"  Eintrag mit Bock:"),
	MSG(DK_MSG_AU_STANDINGS, "  standings after the game:",
		"  Punktestand nach dem Spiel:"),
	MSG(DK_MSG_AU_X_DEALER, "%s dealt; %s should have dealt",
		"%s hat gegeben; geben musste %s"),
	MSG(DK_MSG_AU_X_DEALER_ALT, "%s dealt; %s or %s should have dealt",
		"%s hat gegeben; geben musste %s oder %s"),
	MSG(DK_MSG_AU_X_SIT_OUT, "%s holds a hand but sits out in this game",
		"%s hat Karten, setzt in diesem Spiel aber aus"),
	MSG(DK_MSG_AU_X_SIT_OUT_UNSAID, "a table of %ld: the rules do not say who sits out, so it is not checked",
		"ein Tisch mit %ld Spielern: die Regeln sagen nicht, wer aussetzt; das wird nicht geprüft"),
	MSG(DK_MSG_AU_X_SCORE_WRONG, "%s's entry is %+ld, should be %+ld",
		"der Eintrag von %s ist %+ld, richtig ist %+ld"),
	MSG(DK_MSG_AU_X_SCORE_SUM, "the entries add up to %+ld, not 0",
		"die Einträge ergeben %+ld statt 0"),
	MSG(DK_MSG_AU_X_EVEN_ODD, "the entries are not all even or all odd",
		"die Einträge sind nicht alle gerade oder alle ungerade"),
	MSG(DK_MSG_AU_X_TOTAL_WRONG, "%s's running total is %+ld, should be %+ld",
		"der Punktestand von %s ist %+ld, richtig ist %+ld"),
	MSG(DK_MSG_AU_X_TOTAL_ARITHMETIC, "%s's running total %+ld is not the previous one plus the entry (%+ld)",
		"der Punktestand von %s (%+ld) ist nicht der vorige plus der Eintrag (%+ld)"),
	MSG(DK_MSG_AU_X_BOCK_NOT_CARRIED, "%ld Bock games pending at the start, but the rules carry no Bocks over; counted as stated",
		"%ld offene Bock-Spiele zu Beginn, die Regeln übernehmen aber keine Böcke; gezählt wie angegeben"),
	MSG(DK_MSG_AU_SUM_GAMES, "games checked: %zu (%zu files, %zu sessions)",
		"geprüfte Spiele: %zu (%zu Dateien, %zu Sitzungen)"),
	MSG(DK_MSG_AU_SUM_FINDINGS, "games with findings of the play: %zu",
		"Spiele mit Befunden im Spiel: %zu"),
	MSG(DK_MSG_AU_SUM_SHEET, "games with findings of the session or score sheet: %zu",
		"Spiele mit Befunden der Sitzung oder Spielliste: %zu"),
	MSG(DK_MSG_AU_SUM_SCORES, "recorded scores: %zu right, %zu wrong",
		"aufgeschriebene Wertungen: %zu richtig, %zu falsch"),
	MSG(DK_MSG_AU_SUM_SCORES_OFF, ", off by %ld points in all (most: %ld, %s, game %zu)",
		", zusammen %ld Punkte daneben (am meisten: %ld, %s, Spiel %zu)"),
	MSG(DK_MSG_AU_SUM_TOTALS_NONE, "running totals: none recorded",
		"Punktestand: nicht aufgeschrieben"),
	MSG(DK_MSG_AU_SUM_TOTALS_OK, "running totals: right in all %zu sessions that record them",
		"Punktestand: richtig in allen %zu Sitzungen, die ihn aufschreiben"),
	MSG(DK_MSG_AU_SUM_TOTALS_WRONG, "running totals: wrong in %zu of %zu sessions; first wrong at %s, game %zu:",
		"Punktestand: falsch in %zu von %zu Sitzungen; zuerst falsch in %s, Spiel %zu:"),
	MSG(DK_MSG_AU_SUM_SESSION_FINAL, "  %s, session %zu: correct final standings",
		"  %s, Sitzung %zu: richtiger Endstand"),
	MSG(DK_MSG_AU_SUM_RECORDED_FINAL, "; recorded",
		"; aufgeschrieben"),
	MSG(DK_MSG_AU_SUM_DUPS, "duplicate games: %zu",
		"doppelte Spiele: %zu"),
	MSG(DK_MSG_AU_SUM_DUP, "  %s, game %zu is %s, game %zu (id %s)",
		"  %s, Spiel %zu ist %s, Spiel %zu (id %s)"),
	MSG(DK_MSG_AU_SUM_DUPS_MORE, "  and %zu more",
		"  und %zu weitere"),
	MSG(DK_MSG_AU_SUM_STANDINGS, "correct standings over all sessions:",
		"richtiger Gesamtstand über alle Sitzungen:"),
	MSG(DK_MSG_AU_SUM_BOCK_PENDING, "Bock games pending at the end of the last session: %ld",
		"offene Bock-Spiele am Ende der letzten Sitzung: %ld"),
	MSG(DK_MSG_AU_SHOULD_BE, " (%s %+ld, should be %+ld)", " (%s %+ld, richtig %+ld)"),
	MSG(DK_MSG_AU_DUPLICATE, "  the same game as %s, game %zu",
		"  dasselbe Spiel wie %s, Spiel %zu"),
	MSG(DK_MSG_AU_X_BOCK_PENDING_WRONG,
		"the session starts with %ld Bock games pending, but the same players' last session left %ld",
		"die Sitzung beginnt mit %ld offenen Bock-Spielen, die letzte Sitzung derselben Spieler hinterließ aber %ld"),
	/* another program's score against dokoref's (FreeDoko) */
	MSG(DK_MSG_FD_HEAD, "%s scored: %s won, value %d", "%s hat gewertet: %s gewinnt, Spielwert %d"),
	MSG(DK_MSG_FD_SAME, ": the same as dokoref", ": wie dokoref"),
	MSG(DK_MSG_FD_DIFF_ONE, ": %d difference", ": %d Unterschied"),
	MSG(DK_MSG_FD_DIFF_MANY, ": %d differences", ": %d Unterschiede"),
	MSG(DK_MSG_FD_ALL_EXPLAINED, ", each from a rule dokoref cannot express",
		", jeder aus einer Regel, die dokoref nicht ausdrücken kann"),
	MSG(DK_MSG_FD_WINNER, "winner: dokoref %s, %s %s", "Gewinner: dokoref %s, %s %s"),
	MSG(DK_MSG_FD_VALUE, "value for Re: dokoref %d, %s %d", "Spielwert für Re: dokoref %d, %s %d"),
	MSG(DK_MSG_FD_BOCK, " (bock x%d)", " (Bock x%d)"),
	MSG(DK_MSG_FD_POINTS, "card points of %s: dokoref %d, %s %d",
		"Augen von %s: dokoref %d, %s %d"),
	MSG(DK_MSG_FD_PARTY, "party of %s: dokoref %s, %s %s", "Partei von %s: dokoref %s, %s %s"),
	MSG(DK_MSG_FD_ONLY_THEIRS, "only %s scored \"%s\" for %s (%d)",
		"nur %s wertet \"%s\" für %s (%d)"),
	MSG(DK_MSG_FD_ONLY_OURS, "only dokoref scored %s for %s (%d)",
		"nur dokoref wertet %s für %s (%d)"),
	MSG(DK_MSG_FD_OPTION, " - %s's rule '%s', which dokoref cannot express",
		" - %s-Regel '%s', die dokoref nicht ausdrücken kann"),
	MSG(DK_MSG_FD_NOTE, "note: %s", "Hinweis: %s"),
	MSG(DK_MSG_FD_HEAD_TRICKS, "%s's trick winners (the file has no score)",
		"Stichgewinner laut %s (die Datei hat keine Wertung)"),
	MSG(DK_MSG_FD_TRICK, "trick %d won by: dokoref %s, %s %s",
		"Stich %d gewonnen von: dokoref %s, %s %s"),
	MSG(DK_MSG_FD_SUMMARY, "compared with FreeDoko's score: %zu games, %zu the same, "
		"%zu different only by rules dokoref cannot express, %zu different",
		"mit FreeDokos Wertung verglichen: %zu Spiele, %zu gleich, %zu nur durch Regeln "
		"verschieden, die dokoref nicht ausdrücken kann, %zu verschieden"),
	MSG(DK_MSG_FD_BOCK_DIFF, "Bock: dokoref x%d, %s x%d", "Bock: dokoref x%d, %s x%d"),
	MSG(DK_MSG_AU_BOCK_NOT_USED, "  the same dealer deals again: the game uses up no Bock game",
		"  derselbe Geber gibt erneut: das Spiel verbraucht kein Bock-Spiel"),
	MSG(DK_MSG_RP_POSITION, "card %d of %d, trick %d",
		"Karte %d von %d, Stich %d"),
	MSG(DK_MSG_RP_BEFORE, "before the first card",
		"vor der ersten Karte"),
	MSG(DK_MSG_RP_WINNING, "winning so far: %s",
		"sticht bisher: %s"),
	MSG(DK_MSG_RP_TRICK_TO, "trick %d to %s, %d points",
		"Stich %d an %s, %d Augen"),
	MSG(DK_MSG_RP_TAKEN, "taken:",
		"Stiche/Augen:"),
	MSG(DK_MSG_RP_TABLE_KNOWS, "table knows: %s",
		"Tisch weiß: %s"),
	MSG(DK_MSG_RP_PLAYED, "played:",
		"gespielt:"),
	MSG(DK_MSG_RP_SAID, "said:",
		"angesagt:"),
	MSG(DK_MSG_RP_NOTHING_SAID, "nothing said yet",
		"noch nichts angesagt"),
	MSG(DK_MSG_RP_SWINES, "%s: swines",
		"%s: Schweinchen"),
	MSG(DK_MSG_RP_GENSCHER, "%s: Genscher",
		"%s: Genscher"),
	MSG(DK_MSG_RP_WENDE_GENSCHER, "%s: Wende-Genscher, chooses %s",
		"%s: Wende-Genscher, wählt %s"),
	MSG(DK_MSG_RP_OBJECTION, "%s objects",
		"%s erhebt Einspruch"),
	MSG(DK_MSG_RP_AT_CARD, "at card %d",
		"bei Karte %d"),
	MSG(DK_MSG_RP_FINDINGS, "findings so far: %d",
		"Regelverstöße bisher: %d"),
	MSG(DK_MSG_RP_NO_FINDINGS, "no findings so far",
		"bisher kein Regelverstoß"),
	MSG(DK_MSG_RP_KEYS, "→ next  ← back  ↓↑ trick  g/G first/last  f/F finding  a cards  ? help  q quit",
		"→ vor  ← zurück  ↓↑ Stich  g/G Anfang/Ende  f/F Verstoß  a Karten  ? Hilfe  q raus"),
	MSG(DK_MSG_RP_HELP, "next card: → space l n Enter | previous card: ← h p Backspace | next/previous trick: ↓ j / ↑ k | first/last card: Home g / End G | next/previous finding: f / F | all cards dealt or only those held: a | this help: ? | quit: q Esc",
		"nächste Karte: → Leertaste l n Enter | vorige Karte: ← h p Rücktaste | nächster/voriger Stich: ↓ j / ↑ k | erste/letzte Karte: Pos1 g / Ende G | nächster/voriger Verstoß: f / F | alle gegebenen oder nur gehaltene Karten: a | diese Hilfe: ? | beenden: q Esc"),
	MSG(DK_MSG_RP_SMALL, "the terminal is smaller than 80x24",
		"das Terminal ist kleiner als 80x24"),
	MSG(DK_MSG_HT_GAMES, "Games in this file",
		"Spiele in dieser Datei"),
	MSG(DK_MSG_HT_TRICK, "trick",
		"Stich"),
	MSG(DK_MSG_HT_WON_BY, "won by",
		"geht an"),
	MSG(DK_MSG_HT_FINDINGS, "Findings",
		"Regelverstöße"),
	MSG(DK_MSG_HT_NONE, "none",
		"keine"),
	MSG(DK_MSG_HT_SCORE, "Score",
		"Wertung"),
	MSG(DK_MSG_HT_NOT_SCORED, "not scored: the game was not played to its end",
		"keine Wertung: das Spiel wurde nicht zu Ende gespielt"),
	MSG(DK_MSG_HT_STEP, "Step through the game",
		"Das Spiel Karte für Karte"),
	MSG(DK_MSG_HT_FIRST, "first",
		"Anfang"),
	MSG(DK_MSG_HT_PREV, "back",
		"zurück"),
	MSG(DK_MSG_HT_NEXT, "next",
		"vor"),
	MSG(DK_MSG_HT_LAST, "last",
		"Ende"),
	MSG(DK_MSG_HT_PREV_FINDING, "previous finding",
		"voriger Verstoß"),
	MSG(DK_MSG_HT_NEXT_FINDING, "next finding",
		"nächster Verstoß"),
	MSG(DK_MSG_HT_ALL_CARDS, "all cards",
		"alle Karten"),
	MSG(DK_MSG_HT_STANDINGS, "standings after the game:",
		"Stand nach dem Spiel:"),
	MSG(DK_MSG_HT_DEALER, "dealer",
		"Geber"),
	MSG(DK_MSG_HT_LEAD_MARK, "> led the trick, * won it",
		"> hat ausgespielt, * hat gestochen"),
	MSG(DK_MSG_HT_HANDS, "Hands as dealt",
		"Die Hände, wie gegeben"),
	MSG(DK_MSG_HT_PLAY, "The play",
		"Das Spiel"),
};

#undef MSG

const char *dk_msg_format(dk_lang lang, dk_msg id)
{
	if ((unsigned)id >= DK_MSG_COUNT)
		return NULL;
	switch (lang) {
	case DK_LANG_EN: return catalogue[id].en;
	case DK_LANG_DE: return catalogue[id].de;
	case DK_LANG_COUNT: break;
	}
	return NULL;
}

const char *dk_msg_text(dk_lang lang, dk_msg id)
{
	const char *s = dk_msg_format(lang, id);
	return s ? s : "?";
}

void dk_say(dk_buf *b, dk_lang lang, dk_msg id, ...)
{
	const char *fmt = dk_msg_format(lang, id);
	if (!fmt) {
		dk_buf_putc(b, '?');
		return;
	}
	va_list ap;
	va_start(ap, id);
	/* the one place a format is not a literal: it is the catalogue's, and
	 * test_lang.c holds every translation to the English conversions */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	dk_buf_vprintf(b, fmt, ap);
#pragma GCC diagnostic pop
	va_end(ap);
}

const char *dk_lang_name(dk_lang lang)
{
	switch (lang) {
	case DK_LANG_EN: return "en";
	case DK_LANG_DE: return "de";
	case DK_LANG_COUNT: break;
	}
	return "?";
}

bool dk_lang_parse(const char *s, dk_lang *out)
{
	for (int l = 0; l < DK_LANG_COUNT; l++)
		if (strcmp(s, dk_lang_name((dk_lang)l)) == 0) {
			*out = (dk_lang)l;
			return true;
		}
	return false;
}

dk_lang dk_lang_from_locale(const char *lc_all, const char *lc_messages, const char *lang)
{
	const char *const order[] = { lc_all, lc_messages, lang };
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		const char *v = order[i];
		if (v && *v)
			return strncmp(v, "de", 2) == 0 ? DK_LANG_DE : DK_LANG_EN;
	}
	return DK_LANG_EN;
}

dk_lang dk_lang_from_env(void)
{
	return dk_lang_from_locale(getenv("LC_ALL"), getenv("LC_MESSAGES"), getenv("LANG"));
}

// The page's words in German and English; the browser's language chooses,
// the switch in the header changes it (kept in localStorage).
const W = {
	en: {
		title: 'dokoref at the table', newGame: 'New game', openFile: 'Open file', lang: 'Deutsch',
		rules: 'Rule set', ownRules: 'own rule set (YAML)…', pasteYaml: 'Paste the rule set\'s YAML here, or open a file', openYaml: 'Open YAML',
		players: 'Players (in seat order)', seat: 'Seat', dealer: 'Dealer', start: 'Start',
		bidding: 'Reservations', bidOf: (p) => `${p} says:`, healthy: 'healthy', allHealthy: 'all healthy',
		accept: 'accepts', decline: 'declines', passCards: 'Tap the cards passed, then done.', returnCards: 'Tap the cards given back, then done.', done: 'done', tableMayAgree: 'The table may agree the score as played:', reportTrumps: 'How many trumps were given back (as said to the table)?',
		reservation: 'reservation', marriage: 'marriage', poverty: 'poverty', solo: 'solo', duty: 'duty', lust: 'lust',
		trick: (n) => `Trick ${n}`, leads: (p) => `${p} leads`, next: (p) => `${p} to play`, playedBy: (p) => `played by ${p}`,
		cardsLeft: 'copies left', undo: 'Undo', say: (p) => `${p} says:`, objection: 'objection',
		notation: 'The record (notation; you may edit it)', judgeText: 'Judge this text', toRuling: 'Ruling',
		marked: 'Marked so far', nothingMarked: 'nothing irregular so far', judging: 'judging…',
		ruling: 'Ruling', winner: (p) => `${p} wins`, noWinner: 'nobody wins', value: (v) => `value ${v}`,
		cannotRule: 'no ruling yet', sheet: 'The sheet', sheetHelp: 'Type what the table wrote; each line says whether it is right.',
		right: 'right', wrong: (c) => `wrong: should be ${c}`, findings: 'Findings', none: 'none', scoreItems: 'Score items',
		steps: 'Step through', first: 'first', back: 'back', nextBtn: 'next', last: 'last', nextFinding: 'next finding',
		beforeFirst: 'before the first card', cardOf: (i, n, t) => `card ${i} of ${n}, trick ${t}`,
		share: 'Share', copy: 'Copy link', copied: 'copied', qr: 'QR code of the link',
		download: 'Download', reportJson: 'report (JSON)', reportHtml: 'report (HTML page)',
		sheetAudit: (format, rules) => `Score sheet (${format}), rule set ${rules}`,
		sheetCount: (games, wrong) => `${games} games, ${wrong} with findings`,
		sheetGame: (game, line) => `game ${game} (line ${line})`,
		sheetNotChecked: 'A sheet without cards cannot show',
		audit: 'Open a file or a whole archive', auditHelp: 'dokoref XML (.gz), notation, FreeDoko log or bug report, score sheet: judged here, on this device.',
		progress: (i, n) => `${i} of ${n} games`, summary: 'Summary', games: 'Games', error: 'Error', offline: 'works offline',
		re: 'Re', kontra: 'Kontra', points: 'card points', edit: 'Edit the game', textFull: 'The ruling as text',
		rulesetFile: (n) => `rule set from ${n}`, cards: 'cards', partialNote: 'Judged as far as played; the hands are not known yet.',
		throwIn: 'throw in', showCards: 'Tap every card of the hand thrown in, then done.', qrTooLong: 'The link is too long for a QR code; copy it instead.',
		conditions: { 'first-trick': 'first trick', 'first-fehl-trick': 'first plain-suit trick', 'first-trump-trick': 'first trump trick' },
		reasons: { 'five-kings': 'five kings', 'five-nines': 'five nines', 'few-trumps': 'few trumps', 'nines-and-kings': 'nines and kings', richness: 'rich cards' },
		kinds: { irregularity: 'irregularity', 'record-defect': 'record-defect', warning: 'warning', objection: 'objection' },
		cannotMap: (n, l) => `line ${n} cannot be taken into the taps (${l}): they stay as they were, and a tap writes the text anew; "Judge this text" judges it as it stands`, mapped: 'the taps follow the text',
	},
	de: {
		title: 'dokoref am Tisch', newGame: 'Neues Spiel', openFile: 'Datei öffnen', lang: 'English',
		rules: 'Regelwerk', ownRules: 'eigenes Regelwerk (YAML)…', pasteYaml: 'YAML des Regelwerks hier einfügen oder eine Datei öffnen', openYaml: 'YAML öffnen',
		players: 'Spieler (in Sitzreihenfolge)', seat: 'Platz', dealer: 'Geber', start: 'Los',
		bidding: 'Vorbehalte', bidOf: (p) => `${p} sagt:`, healthy: 'gesund', allHealthy: 'alle gesund',
		accept: 'nimmt', decline: 'lehnt ab', passCards: 'Die abgegebenen Karten antippen, dann fertig.', returnCards: 'Die zurückgegebenen Karten antippen, dann fertig.', done: 'fertig', tableMayAgree: 'Der Tisch darf das Ergebnis wie gespielt vereinbaren:', reportTrumps: 'Wie viele Trümpfe wurden zurückgegeben (wie angesagt)?',
		reservation: 'Vorbehalt', marriage: 'Hochzeit', poverty: 'Armut', solo: 'Solo', duty: 'Pflicht', lust: 'Lust',
		trick: (n) => `Stich ${n}`, leads: (p) => `${p} spielt aus`, next: (p) => `${p} ist dran`, playedBy: (p) => `gespielt von ${p}`,
		cardsLeft: 'übrig', undo: 'Zurück', say: (p) => `${p} sagt:`, objection: 'Einspruch',
		notation: 'Die Aufzeichnung (Notation; sie darf bearbeitet werden)', judgeText: 'Diesen Text beurteilen', toRuling: 'Urteil',
		marked: 'Bisher markiert', nothingMarked: 'bisher nichts Regelwidriges', judging: 'wird beurteilt…',
		ruling: 'Urteil', winner: (p) => `${p} gewinnt`, noWinner: 'niemand gewinnt', value: (v) => `Wert ${v}`,
		cannotRule: 'noch kein Urteil', sheet: 'Der Zettel', sheetHelp: 'Eintragen, was der Tisch geschrieben hat; jede Zeile sagt, ob es stimmt.',
		right: 'richtig', wrong: (c) => `falsch: richtig wäre ${c}`, findings: 'Befunde', none: 'keine', scoreItems: 'Wertung',
		steps: 'Schritt für Schritt', first: 'Anfang', back: 'zurück', nextBtn: 'weiter', last: 'Ende', nextFinding: 'nächster Befund',
		beforeFirst: 'vor der ersten Karte', cardOf: (i, n, t) => `Karte ${i} von ${n}, Stich ${t}`,
		share: 'Teilen', copy: 'Link kopieren', copied: 'kopiert', qr: 'QR-Code des Links',
		download: 'Herunterladen', reportJson: 'Bericht (JSON)', reportHtml: 'Bericht (HTML-Seite)',
		sheetAudit: (format, rules) => `Spielzettel (${format}), Regelwerk ${rules}`,
		sheetCount: (games, wrong) => `${games} Spiele, ${wrong} mit Befunden`,
		sheetGame: (game, line) => `Spiel ${game} (Zeile ${line})`,
		sheetNotChecked: 'Ein Zettel ohne Karten kann nicht zeigen',
		audit: 'Eine Datei oder ein ganzes Archiv öffnen', auditHelp: 'dokoref-XML (.gz), Notation, FreeDoko-Log oder -Fehlerbericht, Spielzettel: hier auf dem Gerät geprüft.',
		progress: (i, n) => `${i} von ${n} Spielen`, summary: 'Zusammenfassung', games: 'Spiele', error: 'Fehler', offline: 'geht auch offline',
		re: 'Re', kontra: 'Kontra', points: 'Augen', edit: 'Spiel bearbeiten', textFull: 'Das Urteil als Text',
		rulesetFile: (n) => `Regelwerk aus ${n}`, cards: 'Karten', partialNote: 'Beurteilt, soweit gespielt; die Blätter sind noch nicht bekannt.',
		throwIn: 'Schmeißen', showCards: 'Jede Karte des geschmissenen Blatts antippen, dann fertig.', qrTooLong: 'Der Link ist zu lang für einen QR-Code; bitte kopieren.',
		conditions: { 'first-trick': 'erster Stich', 'first-fehl-trick': 'erster Fehlstich', 'first-trump-trick': 'erster Trumpfstich' },
		reasons: { 'five-kings': 'fünf Könige', 'five-nines': 'fünf Neunen', 'few-trumps': 'wenig Trümpfe', 'nines-and-kings': 'Neunen und Könige', richness: 'reiches Blatt' },
		kinds: { irregularity: 'Regelverstoß', 'record-defect': 'Mangel der Aufzeichnung', warning: 'Warnung', objection: 'Einspruch' },
		cannotMap: (n, l) => `Zeile ${n} lässt sich nicht in die Eingabe übernehmen (${l}): sie bleibt, wie sie war, und ein Tippen schreibt den Text neu; „Diesen Text beurteilen“ beurteilt ihn, wie er ist`, mapped: 'die Eingabe folgt dem Text',
	},
};

// announcements and declarations: the notation's word and the button's label
export const CALLS = [
	['re', 'Re', 'Re'], ['kontra', 'Kontra', 'Kontra'],
	['keine 90', 'keine 90', 'no 90'], ['keine 60', 'keine 60', 'no 60'], ['keine 30', 'keine 30', 'no 30'],
	['schwarz', 'schwarz', 'schwarz'], ['swines', 'Schweinchen', 'swines'], ['genscher', 'Genscher', 'Genscher'],
	['objection', 'Einspruch', 'objection'],
];

export const SOLO_NAMES = {
	de: { queens: 'Damen', jacks: 'Buben', clubs: 'Kreuz', spades: 'Pik', hearts: 'Herz', diamonds: 'Karo', fleischlos: 'Fleischlos', kings: 'Könige', koehler: 'Köhler', 'pure-clubs': 'reines Kreuz', 'pure-spades': 'reines Pik', 'pure-hearts': 'reines Herz', 'pure-diamonds': 'reines Karo' },
	en: { queens: 'queens', jacks: 'jacks', clubs: 'clubs', spades: 'spades', hearts: 'hearts', diamonds: 'diamonds', fleischlos: 'fleischlos', kings: 'kings', koehler: 'koehler', 'pure-clubs': 'pure clubs', 'pure-spades': 'pure spades', 'pure-hearts': 'pure hearts', 'pure-diamonds': 'pure diamonds' },
};

export function pickLang(stored, navLangs) {
	if (stored === 'de' || stored === 'en') return stored;
	for (const l of navLangs || []) {
		if (/^de\b/i.test(l)) return 'de';
		if (/^en\b/i.test(l)) return 'en';
	}
	return 'en';
}

export function words(lang) { return W[lang] || W.en; }

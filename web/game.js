// The table as the page enters it: cards, whose turn it is, and the
// notation text that records it (man/dokoref-notation.5).  The order of
// the cards here only arranges the picker and says who is to play next;
// every judgement is the engine's (judge()), made on the notation text.

export const SUITS = ['C', 'S', 'H', 'D'];
export const SYMBOL = { C: '\u2663', S: '\u2660', H: '\u2665', D: '\u2666' };
const RANK_DE = { A: 'A', '10': '10', K: 'K', Q: 'D', J: 'B', '9': '9' };
const RANK_EN = { A: 'A', '10': '10', K: 'K', Q: 'Q', J: 'J', '9': '9' };
const POINTS = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0 };

export function rankOf(card) { return card.slice(1); }
export function suitOf(card) { return card[0]; }
export function cardPoints(card) { return POINTS[rankOf(card)]; }
export function isRed(card) { return card[0] === 'H' || card[0] === 'D'; }
export function faceText(card, lang) {
	const r = (lang === 'de' ? RANK_DE : RANK_EN)[rankOf(card)];
	return SYMBOL[suitOf(card)] + r;
}

// The few rule set values the picker needs, read from the rule set's
// YAML text (keys such as "deck.nines:" with a "value:" line below).
export function rulesFacts(yaml) {
	const val = (key) => {
		const re = new RegExp('^\\s*' + key.replace(/\./g, '\\.') + ':\\s*\\n\\s*value:\\s*(.*)$', 'm');
		const m = re.exec(yaml || '');
		return m ? m[1].trim() : null;
	};
	const list = (s) => (s || '').replace(/^\[|\]$/g, '').split(',').map((x) => x.trim()).filter(Boolean);
	return {
		nines: val('deck.nines') !== 'false',
		heart10: val('trumps.heart10') !== 'false',
		soloKinds: list(val('solo.kinds')),
		poverty: val('poverty.enabled') === 'true',
		povertyReport: val('poverty.report') || 'none',
		heart10Tie: val('ties.heart10') || 'first-wins',
		leadSolo: val('lead.solo') || 'left-of-dealer',
		leadDutySolo: val('lead.duty_solo') || 'soloist',
		marriage: val('marriage.enabled') !== 'false',
		povertyRefused: val('poverty.refused') || 'redeal',
		// the conditions a bride may name (marriage.conditions) and the
		// reasons the cards may be thrown in for (throw_in.reasons)
		marriageConditions: list(val('marriage.conditions')),
		throwInReasons: list(val('throw_in.reasons')),
	};
}

const FEHL_RANKS = ['A', '10', 'K', '9'];

// The trumps of a game type, highest first (the usual table of the TSR
// 2.3.4 and the solos of 2.3.3); the rule set's swines and special ties
// are the engine's matter.
export function trumpOrder(type, facts) {
	const nine = facts.nines;
	const h10 = facts.heart10 ? ['H10'] : [];
	const queens = ['CQ', 'SQ', 'HQ', 'DQ'];
	const jacks = ['CJ', 'SJ', 'HJ', 'DJ'];
	const suitTrumps = (s) => FEHL_RANKS.filter((r) => nine || r !== '9')
		.filter((r) => !(s === 'H' && r === '10' && facts.heart10)).map((r) => s + r);
	switch (type) {
	case 'queens': return queens;
	case 'jacks': return jacks;
	case 'kings': return ['CK', 'SK', 'HK', 'DK'];
	case 'koehler': return ['CK', 'SK', 'HK', 'DK'].concat(queens, jacks);
	case 'pure-clubs': case 'pure-spades': case 'pure-hearts': case 'pure-diamonds': {
		const su = { 'pure-clubs': 'C', 'pure-spades': 'S', 'pure-hearts': 'H', 'pure-diamonds': 'D' }[type];
		return ['A', '10', 'K', 'Q', 'J', '9'].filter((r) => nine || r !== '9').map((r) => su + r);
	}
	case 'fleischlos': return [];
	case 'clubs': return h10.concat(queens, jacks, suitTrumps('C'));
	case 'spades': return h10.concat(queens, jacks, suitTrumps('S'));
	case 'hearts': return h10.concat(queens, jacks, suitTrumps('H'));
	default: return h10.concat(queens, jacks, suitTrumps('D'));
	}
}

// The card faces of the deck in the picker's order: trumps first, then
// each plain suit high to low.
export function deckOrder(type, facts) {
	const trumps = trumpOrder(type, facts);
	const ranks = ['A', '10', 'K', 'Q', 'J', '9'].filter((r) => facts.nines || r !== '9');
	const out = trumps.slice();
	for (const s of SUITS)
		for (const r of ranks) {
			const c = s + r;
			if (!out.includes(c)) out.push(c);
		}
	return out;
}

// the class a card belongs to in a game: 'T' (trump) or its suit
export function classOf(card, trumps) { return trumps.includes(card) ? 'T' : suitOf(card); }

// the position in the trick's winner: the highest trump, else the highest
// card of the suit led; of two equal cards the first
export function trickWinner(cards, trumps, order, tie, last) {
	const led = classOf(cards[0], trumps);
	let best = 0;
	const rank = (c) => order.indexOf(c);
	for (let i = 1; i < cards.length; i++) {
		const c = cards[i], b = cards[best];
		const cc = classOf(c, trumps), bc = classOf(b, trumps);
		if (cc === 'T' && bc !== 'T') best = i;
		else if (cc === bc && (cc === 'T' || cc === led) && rank(c) < rank(b)) best = i;
		else if (c === b && c === 'H10' && cc === 'T' && (tie === 'second-wins' || (tie === 'second-wins-except-last' && !last))) best = i;
	}
	return best;
}

// bidding words of the notation (English forms)
export const SOLO_WORD = {
	queens: 'queens', jacks: 'jacks', clubs: 'clubs', spades: 'spades', hearts: 'hearts',
	diamonds: 'diamonds', fleischlos: 'fleischlos', kings: 'kings', koehler: 'koehler',
};

// Play state: players, dealer, bids, and the events of the play in order
// (cards and what was said), from which the tricks and turns follow.
export class Table {
	constructor({ rules, rulesYaml, players, dealer }) {
		this.rules = rules;
		this.facts = rulesFacts(rulesYaml);
		this.players = players.slice();
		this.dealer = dealer;
		this.bids = [];        // {player, word}
		this.events = [];      // {kind:'card', card, player, named} | {kind:'call', word, player}
		this.type = 'normal';
	}
	get n() { return this.players.length; }
	get handSize() { return this.facts.nines ? 12 : 10; }
	get deck() { return deckOrder(this.type, this.facts); }
	get trumps() { return trumpOrder(this.type, this.facts); }
	left(i) { return (i + 1) % this.n; }
	get firstBidder() { return this.left(this.players.indexOf(this.dealer)); }
	// The bidding as a sequence of questions: the round (healthy,
	// reservation, or a solo said at once), then each reservation declared
	// (marriage, poverty, solo), then a poverty's exchange (the cards
	// passed, each player declining or accepting, the cards returned).
	// bidStep() says who is asked and what may be answered; null: done.
	bidStep() {
		const n = this.n, P = this.players, B = this.bids;
		const first = this.firstBidder;
		if (B.length < n) return { player: P[(first + B.length) % n], phase: 'round' };
		const round = B.slice(0, n);
		if (round.some((b) => /^solo/.test(b.word))) return null;
		const later = B.slice(n);
		const reservers = round.filter((b) => b.word === 'reservation').map((b) => b.player);
		const declared = (p) => later.find((b) => b.player === p && /^(marriage|poverty|solo)\b/.test(b.word) && !/^poverty-/.test(b.word));
		// cards thrown in: the thrower shows the hand, and there is no play
		const thrower = later.find((b) => /^throw-in\b/.test(b.word));
		if (thrower) return this.thrown ? null : { player: thrower.player, phase: 'show' };
		const decided = later.find((b) => /^(marriage|solo)\b/.test(b.word));
		if (decided) return null;
		const poor = later.find((b) => b.word === 'poverty');
		if (poor) {
			const pi = P.indexOf(poor.player);
			if (!later.some((b) => /^poverty-pass/.test(b.word))) return { player: poor.player, phase: 'pass' };
			const acc = later.find((b) => b.word === 'poverty-accept');
			if (acc) {
				if (!later.some((b) => /^poverty-return/.test(b.word))) return { player: acc.player, phase: 'return' };
				if (this.facts.povertyReport !== 'none' && !later.some((b) => /^poverty-report/.test(b.word))) return { player: acc.player, phase: 'report' };
				return null;
			}
			const asked = later.filter((b) => b.word === 'poverty-decline').length;
			if (asked >= n - 1) return null;
			return { player: P[(pi + 1 + asked) % n], phase: 'offer' };
		}
		const next = reservers.find((p) => !declared(p));
		return next ? { player: next, phase: 'declare' } : null;
	}
	get biddingDone() { return this.bidStep() === null; }
	get bidTurn() { const s = this.bidStep(); return s ? s.player : null; }
	bid(word) {
		this.bids.push({ player: this.bidTurn, word });
		this.retype();
	}
	retype() {
		this.type = 'normal';
		for (const b of this.bids) { const m = /^solo ([\w-]+)/.exec(b.word); if (m) this.type = m[1]; }
	}
	cards() { return this.events.filter((e) => e.kind === 'card'); }
	// the tricks so far: [{leader, cards:[{player,card}], winner}]
	tricks() {
		const trumps = this.trumps, order = this.deck;
		const out = [];
		let leader = this.firstBidder;
		const soloist = this.bids.find((b) => /^solo/.test(b.word));
		if (soloist) {
			const how = /\bduty\b/.test(soloist.word) ? this.facts.leadDutySolo : this.facts.leadSolo;
			if (how === 'soloist') leader = this.players.indexOf(soloist.player);
		}
		let cur = null;
		for (const e of this.cards()) {
			if (!cur) { cur = { leader, cards: [] }; out.push(cur); }
			cur.cards.push({ player: e.player, card: e.card });
			if (cur.cards.length === 4) {
				const w = trickWinner(cur.cards.map((x) => x.card), trumps, order, this.facts.heart10Tie, out.length === this.handSize);
				cur.winner = this.players.indexOf(cur.cards[w].player);
				leader = cur.winner;
				cur = null;
			}
		}
		this._nextLeader = leader;
		return out;
	}
	// who plays the next card (index), and who leads the trick under way
	turn() {
		const t = this.tricks();
		const last = t[t.length - 1];
		if (!last || last.cards.length === 4) return { next: this._nextLeader, leader: this._nextLeader, trick: t.length + 1, inTrick: 0 };
		const lastPlayer = this.players.indexOf(last.cards[last.cards.length - 1].player);
		return { next: this.left(lastPlayer), leader: last.leader, trick: t.length, inTrick: last.cards.length };
	}
	get finished() { return !!this.thrown || this.redeal || this.cards().length >= this.handSize * 4; }
	// a poverty every other player declined, where the rule set deals again
	// (poverty.refused redeal): no play
	get redeal() {
		return this.facts.povertyRefused === 'redeal' && this.bids.some((b) => b.word === 'poverty') &&
			this.bids.filter((b) => b.word === 'poverty-decline').length >= this.n - 1;
	}
	// the hand the player who threw the cards in shows (bidStep 'show')
	showHand(cards) { this.thrown = { player: this.bidTurn, cards: cards.slice() }; }
	left_of(card) { return 2 - this.cards().filter((e) => e.card === card).length; }
	play(card, who) {
		const t = this.turn();
		const player = who == null ? this.players[t.next] : this.players[who];
		this.events.push({ kind: 'card', card, player, named: who != null && who !== t.next });
	}
	say(word, who) {
		const t = this.turn();
		this.events.push({ kind: 'call', word, player: this.players[who == null ? t.next : who] });
	}
	undo() {
		if (this.events.length) this.events.pop();
		else if (this.thrown) this.thrown = null;
		else if (this.bids.length) { this.bids.pop(); this.retype(); }
	}
	// The hands as far as the play shows them, filled up with the cards
	// not yet played so that a partial record can be judged: a player is
	// given no card of a kind he has shown he lacks (so the filling itself
	// makes no revoke), the first player who may take a card gets it.
	filledHands() {
		const trumps = this.trumps;
		const hands = this.players.map(() => []);
		const lacks = this.players.map(() => new Set());
		if (this.thrown) hands[this.players.indexOf(this.thrown.player)].push(...this.thrown.cards);
		for (const t of this.tricks()) {
			const led = classOf(t.cards[0].card, trumps);
			for (const { player, card } of t.cards) {
				const p = this.players.indexOf(player);
				hands[p].push(card);
				if (classOf(card, trumps) !== led) lacks[p].add(led);
			}
		}
		// a poverty's exchange: the hands are written as dealt, so the
		// poor player's holds the cards passed and not those given back,
		// the taker's the other way round; the poor player is given no
		// other trump
		const words = (re) => { const b = this.bids.find((x) => re.test(x.word)); return b ? { p: this.players.indexOf(b.player), cards: b.word.split(/\s+/).slice(1) } : null; };
		const pass = words(/^poverty-pass\b/), back = words(/^poverty-return\b/);
		const minus = (h, cs) => { for (const c of cs) { const i = h.indexOf(c); if (i >= 0) h.splice(i, 1); } };
		if (pass && back) {
			minus(hands[pass.p], back.cards); hands[pass.p].push(...pass.cards);
			minus(hands[back.p], pass.cards); hands[back.p].push(...back.cards);
		} else if (pass) hands[pass.p].push(...pass.cards);  // nobody took them
		if (pass) lacks[pass.p].add('T');
		// a taker who gave back a trump kept no plain card besides those
		// the play shows (fehl first, then trump)
		if (back && back.cards.some((c) => trumps.includes(c))) for (const x of SUITS) lacks[back.p].add(x);
		// the queens of clubs make the parties: with a marriage both are
		// the bride's, else no player gets both (that would be a silent
		// marriage); one who said "re" is given one first, one who said
		// "kontra" none
		const said = (w) => new Set(this.events.filter((e) => e.kind === 'call' && e.word === w).map((e) => this.players.indexOf(e.player)));
		const re = said('re'), kontra = said('kontra');
		const bride = this.bids.find((b) => /^marriage/.test(b.word));
		const rest = [];
		const known = hands.flat();
		for (const c of this.deck) for (let k = 2 - known.filter((x) => x === c).length; k > 0; k--) rest.push(c);
		const seats = this.players.map((_, i) => i);
		const fill = (i, hs) => {
			if (i === rest.length) return true;
			const card = rest[i];
			const cls = classOf(card, trumps);
			let order = seats;
			if (card === 'CQ' && this.type === 'normal') {
				if (bride) order = [this.players.indexOf(bride.player)];
				else order = seats.filter((p) => !kontra.has(p) && !hs[p].includes('CQ'))
					.sort((a, b) => re.has(b) - re.has(a));
			}
			for (const p of order) {
				if (hs[p].length >= this.handSize || lacks[p].has(cls)) continue;
				hs[p].push(rest[i]);
				if (fill(i + 1, hs)) return true;
				hs[p].pop();
			}
			return false;
		};
		const copy = hands.map((h) => h.slice());
		if (fill(0, copy)) return copy;
		// impossible without a revoke: any filling (the engine reports it)
		let p = 0;
		for (const c of rest) { while (hands[p].length >= this.handSize) p++; hands[p].push(c); }
		return hands;
	}
	// the notation text; with partial=true the hands are written so that
	// a game under way can be judged as far as it goes
	notation(partial) {
		const L = [];
		L.push('rules: ' + this.rules);
		L.push('players: ' + this.players.join(', '));
		L.push('dealer: ' + this.dealer);
		if (this.bids.length) L.push('bidding: ' + this.bids.map((b) => b.player + ' ' + b.word).join(', '));
		// a game under way (partial), or cards thrown in: the hands, as
		// far as known, filled up
		if (this.thrown || this.redeal || (partial && !this.finished && this.cards().length)) {
			const hs = this.filledHands();
			this.players.forEach((p, i) => L.push('hand ' + p + ': ' + hs[i].join(' ')));
		}
		let line = [], inTrick = 0;
		const t = this.turn;
		for (const e of this.events) {
			if (e.kind === 'call') line.push(e.player + ': ' + e.word);
			else {
				line.push((e.named ? e.player + ': ' : '') + e.card);
				if (++inTrick === 4) { L.push(line.join(' ')); line = []; inTrick = 0; }
			}
		}
		if (line.length) L.push(line.join(' '));
		return L.join('\n') + '\n';
	}
}

// The words a call button writes (CALLS of i18n.js), longest first so that
// "keine 90" is read before a word of one.
const CALL_WORDS = ['keine 90', 'keine 60', 'keine 30', 're', 'kontra', 'schwarz', 'swines', 'genscher', 'objection'];
const CARD_RE = /^[CSHD](10|[AKQJ9])$/;
const BID_RE = /^(healthy|reservation|poverty|poverty-decline|poverty-accept|marriage( (first-trick|first-fehl-trick|first-trump-trick))?|throw-in( (five-kings|five-nines|few-trumps))?|solo [\w-]+( (duty|lust|forced))?|poverty-(pass|return)( [CSHD](10|[AKQJ9]))+|poverty-report [0-6])$/;

// The header of a notation text as the page writes it: { rules, players,
// dealer } or null when a line for them is missing.
export function headerOf(text) {
	const get = (k) => { const m = new RegExp('^' + k + ':[ \\t]*(.*)$', 'm').exec(text); return m ? m[1].trim() : null; };
	const rules = get('rules'), players = get('players'), dealer = get('dealer');
	if (!rules || !players || !dealer) return null;
	return { rules, players: players.split(/\s*,\s*/), dealer };
}

// The taps that give a notation text, as far as the page can make them: a
// new Table, or the first line it cannot take ({ line, text, why }).  The
// page takes back only what it writes (dokoref-notation(5) has more: notes,
// a result, hands of a finished game, German words ...); such a line is
// named, and the taps stay as they were.
export function tableFromText(text, rulesYaml) {
	const h = headerOf(text);
	const lines = text.split('\n');
	const bad = (i, why) => ({ line: i + 1, text: lines[i], why });
	if (!h) return { bad: { line: 0, text: '', why: 'rules, players and dealer' } };
	if (h.players.length !== 4) return { bad: bad(lines.findIndex((l) => /^players:/.test(l)), 'four players') };
	if (!h.players.includes(h.dealer)) return { bad: bad(lines.findIndex((l) => /^dealer:/.test(l)), 'the dealer') };
	const t = new Table({ rules: h.rules, rulesYaml, players: h.players, dealer: h.dealer });
	let thrownHand = null;
	for (let i = 0; i < lines.length; i++) {
		const l = lines[i].replace(/#.*/, '').trim();
		if (!l || /^(rules|players|dealer):/.test(l)) continue;
		let m;
		if ((m = /^bidding:\s*(.*)$/.exec(l))) {
			for (const b of m[1].split(/\s*,\s*/).filter(Boolean)) {
				const sp = b.indexOf(' ');
				const who = b.slice(0, sp), word = b.slice(sp + 1).trim();
				if (sp < 0 || !BID_RE.test(word) || t.bidTurn !== who) return { bad: bad(i, b) };
				t.bid(word);
			}
			continue;
		}
		if ((m = /^hand (\S+):\s*(.*)$/.exec(l))) {
			// the hands the page writes for a game under way are its own
			// filling; a thrown-in game's thrower's hand is the one shown
			const thrower = t.bids.find((x) => /^throw-in\b/.test(x.word));
			if (thrower && thrower.player === m[1]) thrownHand = m[2].split(/\s+/);
			continue;
		}
		if (/^[\p{L}-]+:/u.test(l) && !h.players.some((p) => l.startsWith(p + ':')))
			return { bad: bad(i, 'a header line') };
		// a line of play: cards and calls, each perhaps after "NAME:"
		const words = l.split(/\s+/);
		for (let k = 0; k < words.length;) {
			let who = null;
			if (words[k].endsWith(':') && h.players.includes(words[k].slice(0, -1))) {
				who = h.players.indexOf(words[k].slice(0, -1));
				k++;
			}
			const w = words[k];
			if (w && CARD_RE.test(w)) {
				if (!t.biddingDone || t.left_of(w) <= 0) return { bad: bad(i, w) };
				t.play(w, who != null && who !== t.turn().next ? who : null);
				k++;
				continue;
			}
			const call = CALL_WORDS.find((c) => words.slice(k, k + c.split(' ').length).join(' ') === c);
			if (!call || !t.biddingDone) return { bad: bad(i, w || l) };
			t.say(call, who);
			k += call.split(' ').length;
		}
	}
	if (thrownHand) {
		if (t.bidStep() && t.bidStep().phase === 'show') t.showHand(thrownHand);
	}
	return { table: t };
}

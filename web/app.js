// The page: start, entry by tapping, the ruling, sharing, and the audit of
// a file.  The engine (engine.js) judges; this file only lays it out.
import { Table, faceText, isRed, rulesFacts, deckOrder, SOLO_WORD, headerOf, tableFromText } from './game.js';
import { words, pickLang, CALLS, SOLO_NAMES } from './i18n.js';
import { shareLink, readHash } from './share.js';
import { judgeJson, judgeAs, rulesets } from './engine.js';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...kids) => {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (k === 'class') e.className = v;
		else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
		else if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
	}
	for (const k of kids.flat(Infinity)) if (k != null) e.append(k.nodeType ? k : document.createTextNode(String(k)));
	return e;
};
// a node's children replaced (nested lists flattened, null left out)
const put = (node, ...kids) => node.replaceChildren(...kids.flat(Infinity).filter((k) => k != null));
const SHIPPED = ['ddv', 'turnier-2022', 'unsere-2024', 'esslingen-2002', 'ottendorf-2008', 'wattenscheid-2016'];

const state = {
	lang: pickLang(localStorage.getItem('dokoref.lang'), navigator.languages),
	rules: localStorage.getItem('dokoref.rules') || 'ddv',
	ownYaml: null, ownName: null,
	yaml: {},           // rule set name -> YAML text
	table: null,        // the game being entered
	text: null,         // the notation text judged last
	verdict: null,      // its verdict (JSON)
	step: 0,
	taps: 0,            // every tap on the page's buttons (the test reads it)
};
window.dokoref = state;
let W = words(state.lang);

function cardEl(c) {
	return el('span', { class: 'card' + (isRed(c) ? ' red' : '') }, faceText(c, state.lang));
}

function show(id) {
	for (const s of document.querySelectorAll('main > section')) s.hidden = s.id !== id;
	document.body.dataset.screen = id;
	window.scrollTo(0, 0);
}

function applyWords() {
	document.documentElement.lang = state.lang;
	document.title = W.title;
	for (const e of document.querySelectorAll('[data-w]')) {
		const w = W[e.dataset.w];
		const target = e.querySelector('span') || e;
		if (typeof w === 'string') target.textContent = w;
	}
	for (const e of document.querySelectorAll('[data-ph]')) e.placeholder = W[e.dataset.ph];
}

function setLang(l) {
	state.lang = l;
	localStorage.setItem('dokoref.lang', l);
	W = words(l);
	applyWords();
	rerender();
}

// count the taps on buttons (the test of the tap entry reads the count)
document.addEventListener('click', (e) => { if (e.target.closest('button, .filebtn')) state.taps++; }, true);

// a rule set's YAML: the table's own, or a shipped one as the engine
// holds it (rulesets())
async function yamlOf(name) {
	if (name === state.ownName) return state.ownYaml;
	if (!state.yaml[name]) for (const r of await rulesets()) if (r.yaml) state.yaml[r.name] = r.yaml;
	return state.yaml[name] || '';
}

function judgeOpts() {
	const o = { lang: state.lang };
	if (state.ownName && state.rules === state.ownName) o.rulesYaml = state.ownYaml;
	else if (state.linkRules) o.rules = state.linkRules;
	return o;
}

/* ---------- start ---------- */

async function renderStart() {
	const sel = $('rules');
	let names = SHIPPED;
	try {
		const rs = await rulesets();
		names = rs.map((r) => r.name);
		for (const r of rs) if (r.yaml) state.yaml[r.name] = r.yaml;
	} catch (_) { /* the shipped list */ }
	sel.replaceChildren(...names.map((n) => el('option', { value: n, selected: n === state.rules }, n)));
	if (state.ownName) sel.append(el('option', { value: state.ownName, selected: state.rules === state.ownName }, W.rulesetFile(state.ownName)));
	sel.append(el('option', { value: '*own' }, W.ownRules));
	const names0 = JSON.parse(localStorage.getItem('dokoref.players') || 'null') || ['Anna', 'Ben', 'Clara', 'David'];
	const box = $('names');
	if (!box.children.length)
		put(box, ...names0.map((n, i) => el('input', { type: 'text', value: n, 'aria-label': W.seat + ' ' + (i + 1), autocomplete: 'off', oninput: renderDealers })));
	renderDealers();
	$('start').disabled = false;
}

function playerNames() { return [...$('names').querySelectorAll('input')].map((i, k) => i.value.trim() || 'P' + (k + 1)); }

function renderDealers() {
	const ps = playerNames();
	if (!ps.includes(state.dealer)) state.dealer = ps[ps.length - 1];
	put($('dealers'), ...ps.map((p) => el('button', {
		class: p === state.dealer ? 'on' : '', 'aria-pressed': String(p === state.dealer),
		onclick: () => { state.dealer = p; renderDealers(); },
	}, p)));
}

$('rules').addEventListener('change', (e) => {
	const v = e.target.value;
	$('own-rules').hidden = v !== '*own';
	if (v !== '*own') { state.rules = v; localStorage.setItem('dokoref.rules', v); }
});
$('rules-yaml').addEventListener('input', (e) => { state.ownYaml = e.target.value; state.ownName = 'own'; state.rules = 'own'; });
$('rules-file').addEventListener('change', async (e) => {
	const f = e.target.files[0];
	if (!f) return;
	state.ownYaml = await f.text();
	state.ownName = f.name.replace(/\.ya?ml$/i, '');
	state.rules = state.ownName;
	$('rules-yaml').value = state.ownYaml;
	renderStart();
});

$('start').addEventListener('click', async () => {
	const players = playerNames();
	localStorage.setItem('dokoref.players', JSON.stringify(players));
	state.linkRules = null;
	state.table = new Table({ rules: state.rules, rulesYaml: await yamlOf(state.rules), players, dealer: state.dealer });
	state.marks = [];
	state.nextOverride = null;
	freshEntry();
	show('s-entry');
	renderEntry();
});

// the entry's elements drawn anew (another table)
function freshEntry() {
	for (const id of ['trick', 'calls', 'picker', 'bidding']) { $(id).replaceChildren(); delete $(id).dataset.key; delete $(id).dataset.deck; delete $(id).dataset.players; delete $(id).dataset.on; }
	$('notation-status').replaceChildren();
}

/* ---------- entry by tapping ---------- */

function renderEntry() {
	const t = state.table;
	if (!t) return;
	const turn = t.turn();
	const P = t.players;
	// status: trick, leader, next
	put($('status'), 
		t.biddingDone ? el('span', {}, W.trick(Math.min(turn.trick, t.handSize)) + ' · ' + W.leads(P[turn.leader]) + ' · ') : null,
		t.finished ? null : el('span', { class: 'next' }, t.biddingDone ? W.next(P[turn.next]) : W.bidOf(t.bidTurn)));
	// bidding
	const bid = $('bidding');
	bid.hidden = t.biddingDone;
	const step = t.bidStep();
	const exchanging = step && (step.phase === 'pass' || step.phase === 'return' || step.phase === 'show');
	const bidKey = t.bids.length + state.lang + (state.soloAs || '') + (state.exchange || []).join(' ');
	if (step && bid.dataset.key !== bidKey) {
		bid.dataset.key = bidKey;
		const kinds = t.facts.soloKinds.length ? t.facts.soloKinds : Object.keys(SOLO_WORD).slice(0, 7);
		const b = (label, word, attrs) => el('button', { ...attrs, onclick: () => { t.bid(word); state.soloAs = ''; changed(); } }, label);
		const solos = () => [
			el('div', { class: 'row' },
				['duty', 'lust'].map((a) => el('button', { class: state.soloAs === a ? 'on' : '', 'aria-pressed': String(state.soloAs === a), 'data-as': a,
					onclick: () => { state.soloAs = state.soloAs === a ? '' : a; renderEntry(); } }, W[a]))),
			el('div', { class: 'row' }, kinds.map((k) => b(W.solo + ' ' + (SOLO_NAMES[state.lang][k] || k), 'solo ' + k + (state.soloAs ? ' ' + state.soloAs : ''), { 'data-solo': k })))];
		const ex = state.exchange || [];
		// the reasons the notation can write (dokoref-notation(5))
		const throwIns = t.facts.throwInReasons.filter((r) => ['five-kings', 'five-nines', 'few-trumps'].includes(r));
		let body;
		if (step.phase === 'round') body = [
			el('div', { class: 'row' },
				t.bids.length === 0 ? el('button', { class: 'primary', id: 'all-healthy', onclick: () => { while (t.bidStep() && t.bidStep().phase === 'round') t.bid('healthy'); changed(); } }, W.allHealthy) : null,
				b(W.healthy, 'healthy', { id: 'healthy' }), b(W.reservation, 'reservation', { id: 'reservation' })), solos()];
		else if (step.phase === 'declare') body = [
			el('div', { class: 'row' }, t.facts.marriage ? b(W.marriage, 'marriage', { id: 'marriage' }) : null, t.facts.poverty ? b(W.poverty, 'poverty', { id: 'poverty' }) : null),
			// the condition the bride names, where the rule set offers a choice
			t.facts.marriage && t.facts.marriageConditions.length > 1 ? el('div', { class: 'row' }, t.facts.marriageConditions.map((c) =>
				b(W.marriage + ': ' + (W.conditions[c] || c), 'marriage ' + c, { id: 'marriage-' + c }))) : null,
			// throwing the cards in, for the reasons the rule set knows
			throwIns.length ? el('div', { class: 'row' }, throwIns.map((r) =>
				b(W.throwIn + ': ' + (W.reasons[r] || r), 'throw-in ' + r, { id: 'throw-in-' + r }))) : null,
			solos()];
		else if (step.phase === 'report') {
			const back = (t.bids.find((x) => /^poverty-return/.test(x.word)) || { word: '' }).word.split(/\s+/).slice(1);
			const n = back.filter((c) => t.trumps.includes(c)).length;
			body = [el('p', {}, W.reportTrumps), el('div', { class: 'row' }, [0, 1, 2, 3].map((k) =>
				b(String(k), 'poverty-report ' + k, { class: k === n ? 'primary' : '', 'data-report': k })))];
		} else if (step.phase === 'offer') body = [el('div', { class: 'row' }, b(W.accept, 'poverty-accept', { id: 'accept' }), b(W.decline, 'poverty-decline', { id: 'decline' }))];
		else body = [
			el('p', {}, step.phase === 'pass' ? W.passCards : step.phase === 'show' ? W.showCards : W.returnCards),
			el('div', { class: 'row' }, ex.map((c) => cardEl(c)), ' ',
				el('button', { class: 'primary', id: 'exchange-done', disabled: step.phase === 'show' ? ex.length !== t.handSize : !ex.length, onclick: () => {
					if (step.phase === 'show') t.showHand(ex);
					else t.bid('poverty-' + step.phase + ' ' + ex.join(' '));
					state.exchange = [];
					changed();
				} }, W.done))];
		put(bid, el('div', { class: 'status' }, W.bidOf(step.player)), body);
	}
	// the trick under way; the seats, the calls and the picker stay the
	// same elements between taps (a tap is never lost to a redraw)
	const tricks = t.tricks();
	const last = tricks[tricks.length - 1];
	const showTrick = last && (last.cards.length < 4 || turn.inTrick === 0) ? last : null;
	const all = t.cards();
	const first = showTrick ? all.length - showTrick.cards.length : 0;
	const trickBox = $('trick');
	if (trickBox.dataset.players !== P.join('\n')) {
		trickBox.dataset.players = P.join('\n');
		put(trickBox, ...P.map((p, i) => el('button', {
			class: 'slot', title: p, 'data-seat': i,
			onclick: () => { state.nextOverride = state.nextOverride === i ? null : i; renderEntry(); },
		}, el('div', { class: 'who' }, p), el('div', { class: 'played' }))));
	}
	[...trickBox.children].forEach((b, i) => {
		const c = showTrick ? showTrick.cards.find((x) => x.player === P[i]) : null;
		const idx = c ? all.findIndex((e, k) => k >= first && e.player === P[i]) + 1 : 0;
		const mark = c && (state.marks || []).some((f) => f.card === idx);
		b.classList.toggle('next', t.biddingDone && !t.finished && i === (state.nextOverride ?? turn.next));
		b.classList.toggle('lead', showTrick ? showTrick.leader === i : turn.leader === i);
		b.disabled = !t.biddingDone || t.finished;
		const slot = b.lastChild;
		slot.className = 'played' + (mark ? ' marked' : '');
		slot.replaceChildren(c ? cardEl(c.card) : '\u00A0');
	});
	// the tricks before, a line each, newest first, the marked cards red
	const done = tricks.filter((x) => x.cards.length === 4 && x !== showTrick);
	let k0 = 0;
	const rows = tricks.map((x, n) => { const start = k0; k0 += x.cards.length; return { x, n, start }; })
		.filter(({ x }) => done.includes(x)).reverse().slice(0, 3);
	put($('prev'), ...rows.map(({ x, n, start }) => el('div', { class: 'prev-trick' },
		W.trick(n + 1) + ': ', x.cards.map((c, j) => [el('span', { class: (state.marks || []).some((f) => f.card === start + j + 1) ? 'marked' : '' }, cardEl(c.card)), ' ']),
		'\u2192 ' + P[x.winner])));
	// the calls the player to play may make now
	const calls = $('calls');
	const callsOn = t.biddingDone && !t.finished;
	if (calls.dataset.lang !== state.lang || calls.dataset.on !== String(callsOn)) {
		calls.dataset.lang = state.lang;
		calls.dataset.on = String(callsOn);
		put(calls, ...(callsOn ? CALLS.map(([word, de, en]) =>
			el('button', { 'data-call': word, onclick: () => { t.say(word); changed(); } }, state.lang === 'de' ? de : en)) : []));
	}
	// the picker: every face, trumps first, with the copies left
	const trumps = t.trumps;
	const deck = t.deck;
	const picker = $('picker');
	if (picker.dataset.deck !== deck.join(' ') + state.lang) {
		picker.dataset.deck = deck.join(' ') + state.lang;
		put(picker, ...deck.map((c) => el('button', {
			class: trumps.includes(c) ? 'trump' : '', 'data-card': c,
			onclick: () => {
				const st = t.bidStep();
				if (st && (st.phase === 'pass' || st.phase === 'return' || st.phase === 'show')) {
					const ex = state.exchange = state.exchange || [];
					// a tap adds a copy; past the copies there are, none
					if (ex.filter((x) => x === c).length < t.left_of(c)) ex.push(c);
					else state.exchange = ex.filter((x) => x !== c);
					renderEntry();
					return;
				}
				const who = state.nextOverride; state.nextOverride = null; t.play(c, who); changed();
			},
		}, cardEl(c), el('span', { class: 'left' }))));
	}
	for (const b of picker.children) {
		const c = b.dataset.card;
		const left = t.left_of(c);
		b.disabled = !(t.biddingDone || exchanging) || left <= 0 || t.finished;
		b.classList.toggle('on', exchanging && (state.exchange || []).includes(c));
		b.lastChild.textContent = '\u00D7' + left;
		b.setAttribute('aria-label', faceText(c, state.lang) + ', ' + left + ' ' + W.cardsLeft);
	}
	$('undo').disabled = !t.events.length && !t.bids.length;
	const ta = $('notation');
	if (document.activeElement !== ta) ta.value = t.notation(false);
	renderMarks();
}

function renderMarks() {
	const m = state.marks || [];
	const box = $('marks');
	if (state.judging) { put(box, el('p', {}, W.judging)); return; }
	const real = m.filter((f) => f.code !== 'game-incomplete');
	put(box, 
		el('h2', {}, W.marked),
		real.length ? el('ul', {}, real.map((f) => el('li', { class: 'bad', 'data-code': f.code },
			el('b', {}, f.name || f.code), ` (${W.trick(f.trick)}${f.card ? ', #' + f.card : ''})`,
			f.sentence ? el('div', {}, f.sentence) : null,
			el('div', { class: 'rule' }, f.citation || f.rule || ''))))
			: el('p', {}, state.markError ? el('span', { class: 'bad' }, state.markError) : W.nothingMarked),
		state.table && !state.table.finished && state.table.cards().length ? el('p', { class: 'rule' }, W.partialNote) : null);
}

let judgeSeq = 0;
// after a tap (or an edit of the text, fromText: that stays on the entry
// screen even when the game is complete)
async function changed(typed) {
	renderEntry();
	const t = state.table;
	if (t.finished && !typed) { await openRuling(t.notation(false), t.rules); return; }
	if (!t.cards().length) { state.marks = []; renderMarks(); return; }
	const seq = ++judgeSeq;
	const text = t.notation(true);
	try {
		// a small search: the marks are wanted at once, the costs later
		const v = (await judgeJson(text, { ...judgeOpts(), searchLimit: 100000 }))[0];
		if (seq !== judgeSeq) return;
		state.marks = v.findings || [];
		state.markError = null;
	} catch (err) {
		if (seq !== judgeSeq) return;
		state.marks = [];
		state.markError = String(err.message || err);
	}
	renderEntry();
}

$('undo').addEventListener('click', () => { state.table.undo(); changed(); });

// The text edited by hand: the taps follow it (the picker, the trick, the
// bidding) when every line is one the page can tap; else the first line
// that is not is named and the taps stay as they were.
let textTimer = null;
$('notation').addEventListener('input', () => { clearTimeout(textTimer); textTimer = setTimeout(fromText, 300); });
async function fromText() {
	const text = $('notation').value;
	const h = headerOf(text);
	const r = h ? tableFromText(text, await yamlOf(h.rules).catch(() => ''))
		: { bad: { line: 1, text: 'rules: / players: / dealer:' } };
	const status = $('notation-status');
	state.textUnmapped = r.bad || null;
	if (r.bad) {
		put(status, el('span', { class: 'bad', id: 'notation-unmapped', 'data-line': r.bad.line }, W.cannotMap(r.bad.line, r.bad.text)));
		return;
	}
	state.table = r.table;
	state.rules = h.rules;
	state.nextOverride = null;
	state.exchange = [];
	freshEntry();
	put(status, el('span', { id: 'notation-mapped' }, W.mapped));
	await changed(true);
}
$('to-ruling').addEventListener('click', () => openRuling($('notation').value, state.rules));
$('judge-text').addEventListener('click', () => openRuling($('notation').value, state.rules));

/* ---------- the ruling ---------- */

async function openRuling(text, rules) {
	state.text = text;
	state.rules = rules || state.rules;
	show('s-ruling');
	put($('ruling'), el('p', {}, W.judging));
	try {
		const vs = await judgeJson(text, judgeOpts());
		state.verdict = vs[0];
		state.verdicts = vs;
		if (vs[0] && vs[0].rules && !state.yaml[vs[0].rules] && vs[0].rules !== state.ownName) await yamlOf(vs[0].rules).catch(() => '');
		state.step = 0;
		renderRuling();
		judgeAs(text, judgeOpts(), 'text').then((s) => { $('ruling-text').textContent = s; }).catch(() => {});
	} catch (err) {
		state.verdict = null;
		put($('ruling'), el('p', { class: 'bad', id: 'ruling-error' }, W.error + ': ' + String(err.message || err)));
		renderShare();
	}
}

// the house sentence (or the TSR section) a rule set gives for a key
function sourceOf(rules, key) {
	const y = rules === state.ownName ? state.ownYaml : state.yaml[rules];
	if (!y) return '';
	const k = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const m = new RegExp('^\\s*' + k + ':\\s*\\n(?:\\s+value:.*\\n)?\\s+source:\\s*(.*)$', 'm').exec(y);
	if (!m) return '';
	let t = m[1].trim();
	if (t.startsWith("'")) t = t.slice(1, t.endsWith("'") ? -1 : undefined).replace(/''/g, "'");
	return t;
}

function signed(n) { return n > 0 ? '+' + n : String(n); }

// The ruling box: the JSON's ruling object (the score that stands and
// why: basis, reason, rule), or, from a verdict without one, its winner,
// value and score.
function rulingBox(v, main) {
	const r = v.ruling || {};
	const has = (k) => r[k] !== undefined;
	const winner = has('winner') ? r.winner : v.winner;
	const value = has('value') ? r.value : v.value;
	const score = has('score') ? r.score : v.score;
	const parties = v.parties || {};
	const head = winner ? W.winner(W[winner] || winner) + (value != null ? ' \u00B7 ' + W.value(value) : '')
		: (score ? W.noWinner : W.cannotRule);
	const pts = v.card_points ? `${W.re} ${v.card_points.re} : ${W.kontra} ${v.card_points.kontra} ${W.points}` : '';
	const party = (p) => ((parties.re || []).includes(p) ? W.re : (parties.kontra || []).includes(p) ? W.kontra : '');
	const rule = r.rule ? [r.rule.key, r.rule.source].filter(Boolean).join(': ') : '';
	return el('div', { class: 'ruling-box' },
		el('div', { class: 'head', id: main ? 'ruling-head' : null }, head),
		r.reason ? el('div', { class: 'basis', id: main ? 'ruling-reason' : null, 'data-basis': r.basis }, r.reason)
			: r.basis ? el('div', { class: 'basis' }, r.basis) : null,
		rule ? el('div', { class: 'basis rule' }, rule) : null,
		r.table_may_agree ? el('div', { class: 'basis' }, W.tableMayAgree + ' ' + r.table_may_agree) : null,
		pts ? el('div', { class: 'pts' }, pts) : null,
		score ? el('table', { id: main ? 'ruling-score' : null }, Object.entries(score).map(([p, n]) =>
			el('tr', {}, el('td', {}, p), el('td', {}, party(p)), el('td', { class: 'num', 'data-player': p }, signed(n))))) : null);
}

function renderRuling() {
	const v = state.verdict;
	if (!v) return;
	put($('ruling'), rulingBox(v, true));
	// the sheet: what the table wrote, right or wrong, and the correction
	const score = (v.ruling && v.ruling.score) || v.score;
	const sheet = $('sheet');
	if (score) {
		const rows = Object.entries(score).map(([p, n]) => {
			const out = el('span', {});
			const inp = el('input', { type: 'text', inputmode: 'numeric', 'aria-label': p, 'data-player': p, value: v.recorded && v.recorded[p] != null ? signed(v.recorded[p]) : '' });
			const check = () => {
				const s = inp.value.trim();
				if (!s) { out.replaceChildren(); return; }
				const k = Number(s.replace('\u2212', '-'));
				out.replaceChildren(k === n ? el('span', { class: 'ok' }, W.right) : el('span', { class: 'bad' }, W.wrong(signed(n)) + ` (${signed(n - k)})`));
			};
			inp.addEventListener('input', check);
			check();
			return el('div', { class: 'sheet-row' }, el('span', {}, p), inp, out);
		});
		put(sheet, el('h2', {}, W.sheet), el('p', { class: 'rule' }, W.sheetHelp), ...rows);
		sheet.hidden = false;
	} else sheet.hidden = true;
	// findings with their house sentence
	const fs = (v.findings || []);
	put($('findings'), el('h2', {}, W.findings), fs.length ? el('ol', { class: 'findings' }, fs.map((f) => el('li', { class: f.kind === 'irregularity' ? 'bad' : '', 'data-code': f.code },
		el('b', {}, f.name || f.code), ` (${W.kinds[f.kind] || f.kind}${f.trick ? ', ' + W.trick(f.trick) : ''}${f.player ? ', ' + f.player : ''})`,
		f.sentence ? el('div', {}, f.sentence) : null,
		f.citation ? el('div', { class: 'rule' }, f.citation)
			: f.rule ? el('div', { class: 'rule' }, f.rule + ': ' + sourceOf(v.rules, f.rule)) : null))) : el('p', {}, W.none));
	// score items
	const items = v.score_items || [];
	put($('items'), el('h2', {}, W.scoreItems), items.length ? el('table', { class: 'items' }, items.map((it) =>
		el('tr', {}, el('td', {}, it.item), el('td', {}, W[it.party] || it.party || ''), el('td', { class: 'num' }, signed(it.points)), el('td', { class: 'rule' }, it.rule || '')))) : el('p', {}, W.none));
	renderStepper();
	renderShare();
}

// the play of the notation text, for the step-through view: the cards in
// order with the trick they belong to (the lines after the header lines)
function playOf(text) {
	const cards = [];
	let trick = 0;
	for (const raw of text.split('\n')) {
		const line = raw.replace(/#.*/, '').trim();
		if (!line || /^[^\s"]+:/.test(line) && !/^[^\s"]+:\s*[CSHD]/.test(line) && /^(\p{L}|[-_ ])+:/u.test(line) && !/\b[CSHD](10|[AKQJ9])\b/.test(line)) continue;
		if (/^(game|spiel|session|sitzung|end|hand|blatt)\b/i.test(line)) continue;
		const cs = line.match(/\b[CSHD](10|[AKQJ9])\b/g);
		if (!cs || /^(rules|players|dealer|bidding|result|regeln|spieler|geber|vorbehalte|ergebnis)\s*:/i.test(line)) continue;
		trick++;
		for (const c of cs) cards.push({ card: c, trick });
	}
	return cards;
}

function renderStepper() {
	const v = state.verdict;
	const play = playOf(state.text || '');
	const n = play.length;
	const box = $('stepper');
	if (!n) { box.hidden = true; return; }
	box.hidden = false;
	const fcards = (v.findings || []).map((f) => f.card).filter((c) => c > 0).sort((a, b) => a - b);
	const go = (k) => { state.step = Math.max(0, Math.min(n, k)); renderStepper(); };
	// it opens at the first finding's card, or at the end
	if (state.step < 0) state.step = fcards.length ? fcards[0] : n;
	const s = state.step;
	const pos = s === 0 ? W.beforeFirst : W.cardOf(s, n, play[s - 1].trick);
	const here = (v.findings || []).filter((f) => f.card === s);
	const lines = [];
	let cur = [];
	play.slice(0, s).forEach((p, i) => {
		if (i && p.trick !== play[i - 1].trick) { lines.push(cur); cur = []; }
		cur.push(el('span', { class: (i + 1 === s ? 'cur ' : '') + (fcards.includes(i + 1) ? 'marked' : '') }, cardEl(p.card)), ' ');
	});
	if (cur.length) lines.push(cur);
	put(box, 
		el('h2', {}, W.steps),
		el('div', { class: 'row' },
			el('button', { onclick: () => go(0) }, W.first), el('button', { onclick: () => go(s - 1) }, W.back),
			el('button', { onclick: () => go(s + 1) }, W.nextBtn), el('button', { onclick: () => go(n) }, W.last),
			el('button', { disabled: !fcards.some((c) => c > s), onclick: () => go(fcards.find((c) => c > s)) }, W.nextFinding)),
		el('div', { class: 'status', id: 'step-pos' }, pos),
		here.map((f) => el('div', { class: 'bad' }, (f.name || f.code) + (f.player ? ' · ' + f.player : '') + (f.rule ? ' · ' + f.rule : ''))),
		el('div', { class: 'step-board' }, lines.slice(-3).map((l, i, a) => el('div', { class: 'tricks' }, W.trick(play[s - 1].trick - a.length + 1 + i) + ': ', l))));
}

// the name a game entered or shared is judged under in the reports
const RECORD = 'dokoref-ruling.doko';

// a file handed to the browser to save (the last one is kept in
// window.dokoref.download for the test)
function download(name, type, data) {
	state.download = { name, data };
	const a = el('a', { download: name, href: URL.createObjectURL(new Blob([data], { type })) });
	document.body.append(a);
	a.click();
	a.remove();
}

function currentLink() {
	const base = location.href.replace(/#.*$/, '').replace(/[^/]*$/, '') + 'index.html';
	const own = state.ownName && state.rules === state.ownName;
	return shareLink(base, state.text || '', state.lang, state.rules || undefined, own ? state.ownYaml : undefined);
}

async function renderShare() {
	const box = $('share');
	const link = currentLink();
	const copyBtn = el('button', { onclick: async () => { try { await navigator.clipboard.writeText(link); copyBtn.textContent = W.copied; } catch (_) { /* no clipboard */ } } }, W.copy);
	const qr = el('div', { id: 'qr', role: 'img', 'aria-label': W.qr });
	// the reports as the program writes them for the record saved under
	// RECORD: `dokoref check --format json RECORD`, `dokoref show --format
	// html RECORD` (with --rules NAME for a link's rule set)
	const opts = { ...judgeOpts(), name: RECORD };
	put(box, el('h2', {}, W.share), el('div', { class: 'row' }, copyBtn,
		el('button', { id: 'download-json', onclick: async () => download(RECORD.replace(/\.doko$/, '.json'), 'application/json', await judgeAs(state.text, opts, 'json')) }, W.reportJson),
		el('button', { id: 'download-html', onclick: async () => download(RECORD.replace(/\.doko$/, '.html'), 'text/html', await judgeAs(state.text, opts, 'html')) }, W.reportHtml)),
	el('a', { class: 'link', id: 'share-link', href: link }, link), qr);
	// a QR code holds at most 2953 bytes (version 40, level L)
	if (link.length > 2900) { qr.textContent = W.qrTooLong; return; }
	try {
		const { default: qrcode } = await import('./qrcode.mjs');
		const q = qrcode(0, 'L');
		q.addData(link, 'Byte');
		q.make();
		qr.innerHTML = q.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
	} catch (err) {
		qr.textContent = W.error + ': ' + (err.message || err);
	}
}

$('edit').addEventListener('click', () => {
	show('s-entry');
	if (!state.table) {
		$('notation').value = state.text || '';
		$('bidding').hidden = true;
		for (const id of ['trick', 'calls', 'picker', 'status', 'marks']) $(id).replaceChildren();
		// a shared game: its taps, where the page can make them
		fromText();
	} else renderEntry();
});

/* ---------- the audit of a file ---------- */

let worker = null;
$('audit-file').addEventListener('change', (e) => { const f = e.target.files[0]; if (f) auditFile(f); });

async function auditFile(file) {
	const bytes = new Uint8Array(await file.arrayBuffer());
	const bar = $('audit-progress');
	bar.hidden = false; bar.value = 0; bar.max = 1;
	$('audit-count').textContent = W.judging;
	put($('audit-out'), );
	if (worker) worker.terminate();
	worker = new Worker('worker.js', { type: 'module' });
	worker.onmessage = (ev) => {
		const m = ev.data;
		if (m.kind === 'progress') { bar.max = m.total || 1; bar.value = m.done; $('audit-count').textContent = W.progress(m.done, m.total); }
		else if (m.kind === 'error') { put($('audit-count'), el('span', { class: 'bad', id: 'audit-error' }, W.error + ': ' + m.message)); }
		else if (m.kind === 'done') showAudit(file.name, m);
	};
	worker.postMessage({ bytes, name: file.name, lang: state.lang, ...(state.ownName && state.rules === state.ownName ? { rulesYaml: state.ownYaml } : {}) });
}

function showAudit(name, m) {
	const bar = $('audit-progress');
	bar.value = bar.max;
	const games = m.games || [];
	const button = (label, id, fname, type, data) => el('button', { id, onclick: () => download(fname, type, data) }, label);
	const base = name.replace(/(\.gz)?$/, '').replace(/\.[^.]*$/, '');
	// a score sheet without cards: its lines of `dokoref audit --format
	// json` (a line per game with findings, then the sheet's summary)
	const lines = (m.json || '').split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return null; } });
	const sheet = lines.find((l) => l && l.summary && l.summary.format);
	const sheetLines = lines.filter((l) => l && !l.summary && !l.ruling && Array.isArray(l.findings));
	// (the walk game by game has no games of a sheet and says so: the
	// sheet's own audit above answers that)
	const messages = (m.messages || []).filter((x) => !(sheet && /score sheet|Spielzettel/i.test(x.message || '')));
	$('audit-count').textContent = sheet ? W.sheetCount(sheet.summary.games, sheet.summary.games_with_findings)
		: W.progress(games.length, games.length);
	put($('audit-out'), 
		sheet ? el('div', { id: 'audit-sheet' },
			el('h2', {}, W.sheetAudit(sheet.summary.format, sheet.summary.rules)),
			el('ul', {}, sheetLines.flatMap((l) => l.findings.map((f) => el('li', { class: f.warning ? '' : 'bad' },
				`${W.sheetGame(l.game, f.line || l.line)}: ${f.message}`)))),
			sheet.summary.not_checked && sheet.summary.not_checked.length
				? el('p', { class: 'rule' }, W.sheetNotChecked + ': ' + sheet.summary.not_checked.join(', ')) : null) : null,
		sheet ? null : el('h2', {}, W.summary),
		sheet ? null : el('pre', { id: 'audit-summary' }, JSON.stringify(m.tally, null, 1)),
		messages.length ? el('pre', { class: 'bad' }, messages.map((x) => x.text).join('\n')) : null,
		el('div', { class: 'row' },
			m.json ? button(W.reportJson, 'audit-json', base + '.json', 'application/json', m.json) : null,
			m.html ? button(W.reportHtml, 'audit-html', base + '.html', 'text/html', m.html) : null),
		sheet ? null : el('h2', {}, W.games),
		sheet ? null : el('div', { id: 'audit-games' }, games.map((v, i) => el('div', { class: 'game-ruling' },
			el('b', {}, `${v.index || i + 1}. ${v.type || ''}${v.solo ? ' ' + v.solo : ''} · ${v.rules || ''}`), rulingBox(v)))));
}

/* ---------- navigation ---------- */

$('nav-new').addEventListener('click', () => { history.replaceState(null, '', location.pathname); show('s-start'); renderStart(); });
$('nav-open').addEventListener('click', () => show('s-audit'));
$('nav-lang').addEventListener('click', () => setLang(state.lang === 'de' ? 'en' : 'de'));

function rerender() {
	const s = document.body.dataset.screen;
	if (s === 's-entry') renderEntry();
	else if (s === 's-ruling' && state.verdict) { renderRuling(); judgeAs(state.text, judgeOpts(), 'text').then((t) => { $('ruling-text').textContent = t; }).catch(() => {}); }
	else if (s === 's-start') renderStart();
}

async function route() {
	let h = null;
	try { h = readHash(location.hash); } catch (_) { h = null; }
	if (h) {
		if (h.lang === 'de' || h.lang === 'en') { state.lang = h.lang; W = words(h.lang); applyWords(); }
		state.table = null;
		if (h.yaml) {
			// the table's own rule set, carried in the link
			state.ownYaml = h.yaml;
			state.ownName = h.rules || 'own';
			state.linkRules = null;
		} else state.linkRules = h.rules || null;
		await openRuling(h.doko, h.yaml ? state.ownName : h.rules);
		return;
	}
	show('s-start');
	renderStart();
}

applyWords();
window.addEventListener('hashchange', route);
route();

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});

// The page (web/) in a real browser: puppeteer-core drives Debian's
// chromium, window 390x844 (a phone), the site served from 127.0.0.1 by a
// small static server here.  Any request to another host fails the test.
//   node --test tests/web/browser.test.mjs   with the environment
//   DOKOREF_SITE   the site built by tools/build-web.sh
//   DOKOREF_BIN    the native dokoref (the rulings are compared with it)
//   DOKOREF_SHOTS  where the screenshots go (default: DOKOREF_SITE/../web-shots)
//   CHROMIUM       the browser (default /usr/bin/chromium)
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const site = resolve(process.env.DOKOREF_SITE || join(root, 'build-web/site'));
const bin = resolve(process.env.DOKOREF_BIN || join(root, 'build/dokoref'));
const shots = resolve(process.env.DOKOREF_SHOTS || join(site, '../web-shots'));
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const env = { ...process.env, DOKOREF_RULES_PATH: join(root, 'rulesets') };
mkdirSync(shots, { recursive: true });

function native(args) {
	try { return execFileSync(bin, args, { env, maxBuffer: 64 << 20 }).toString(); } catch (e) { return e.stdout.toString(); }
}

// the static server: the site's files, nothing else
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.cjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.yaml': 'text/plain; charset=utf-8' };
let served = 0;
const server = http.createServer((req, res) => {
	served++;
	let p = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
	if (p.endsWith('/')) p += 'index.html';
	const f = join(site, p);
	if (!f.startsWith(site) || !existsSync(f) || !statSync(f).isFile()) { res.writeHead(404); res.end(); return; }
	res.writeHead(200, { 'content-type': TYPES[extname(f)] || 'application/octet-stream', 'cache-control': 'no-cache' });
	res.end(readFileSync(f));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const profile = mkdtempSync(join(tmpdir(), 'dokoref-chromium-'));
const browser = await puppeteer.launch({
	executablePath: chromium, headless: true, userDataDir: profile,
	args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync', '--window-size=390,844'],
	defaultViewport: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
});
const foreign = [];
const errors = [];
const page = await browser.newPage();
await page.setRequestInterception(true);
page.on('request', (r) => {
	const u = new URL(r.url());
	if (u.protocol === 'data:' || u.protocol === 'blob:' || u.hostname === '127.0.0.1') r.continue();
	else { foreign.push(r.url()); r.abort(); }
});
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

// the temporary folders the tests make, removed at the end
const temps = [];
function tmp(prefix) {
	const d = mkdtempSync(join(tmpdir(), prefix));
	temps.push(d);
	return d;
}

test.after(async () => {
	await browser.close();
	server.close();
	for (const d of [profile, ...temps]) rmSync(d, { recursive: true, force: true });
});

// downloads are kept by the page in window.dokoref.download; the browser
// saves none
const cdp = await page.createCDPSession();
await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });

// what the page handed to the browser to save when sel was tapped
async function downloaded(sel) {
	await page.evaluate(() => { window.dokoref.download = null; });
	await tap(sel);
	await page.waitForFunction(() => window.dokoref.download !== null, { timeout: 30000 });
	return page.evaluate(() => window.dokoref.download);
}

// the native program run in a folder (the name a report gives its file)
function nativeIn(dir, args) {
	try { return execFileSync(bin, args, { cwd: dir, env, maxBuffer: 64 << 20 }).toString(); } catch (e) { return e.stdout.toString(); }
}

let taps = 0;
async function tap(sel) {
	await page.waitForSelector(sel + ':not([disabled])', { visible: true, timeout: 20000 });
	await page.click(sel);
	taps++;
}

// what every screen must be at phone width: no sideways scrolling, every
// visible button at least 44 px each way
async function phoneChecks(name) {
	await page.screenshot({ path: join(shots, `web-${name}.png`), fullPage: false });
	const m = await page.evaluate(() => {
		const d = document.documentElement;
		const small = [...document.querySelectorAll('button, .filebtn, select, input[type=text]')]
			.filter((b) => b.offsetParent !== null)
			.map((b) => ({ b, r: b.getBoundingClientRect() }))
			.filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
			.map(({ b, r }) => `${b.tagName} "${b.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
		return { sw: d.scrollWidth, cw: d.clientWidth, small };
	});
	assert.ok(m.sw <= m.cw, `${name}: the page is ${m.sw} px wide at ${m.cw} px (sideways scrolling)`);
	assert.deepEqual(m.small, [], `${name}: tap targets under 44 px`);
}

// the tricks and calls of a notation file, in order
function playTokens(text) {
	const out = [];
	for (const line of text.split('\n')) {
		const l = line.replace(/#.*/, '').trim();
		if (!l || /^[A-Za-z-]+:/.test(l) || /^hand /.test(l) || l === 'game') continue;
		for (const w of l.split(/\s+/)) out.push(w);
	}
	return out;
}

// the header values of a notation file
function header(text, key) {
	const m = new RegExp('^' + key + ':\\s*(.*)$', 'm').exec(text);
	return m ? m[1].trim() : null;
}

// the notation's short forms of the calls, as the buttons write them
const CALL = { no90: 'keine 90', no60: 'keine 60', no30: 'keine 30', no0: 'schwarz' };

// Enter a sample by tapping as a person at the table would: the dealer,
// start, each bid, then every card and call in order.  Returns the taps
// (all, and on cards) and the verdict the page shows.
async function enterByTaps(file, shotsAt) {
	const sample = typeof file === 'string' ? readFileSync(join(root, 'samples', file), 'utf8') : file.text;
	const players = header(sample, 'players').split(/,\s*/);
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await page.waitForSelector('#start:not([disabled])');
	if (shotsAt) await phoneChecks('start');
	await page.$$eval('#names input', (is, ns) => is.forEach((i, k) => { i.value = ns[k]; i.dispatchEvent(new Event('input')); }), players);
	await page.select('#rules', header(sample, 'rules'));
	taps = 0;
	await tap(`#dealers button:nth-child(${players.indexOf(header(sample, 'dealer')) + 1})`);
	await tap('#start');
	const bids = header(sample, 'bidding').split(/,\s*(?=[^"]*(?:"[^"]*"[^"]*)*$)/);
	if (bids.length === players.length && bids.every((b) => / healthy$/.test(b))) await tap('#all-healthy');
	else for (const b of bids) {
		const [, word, rest] = /^\S+ (\S+)\s*(.*)$/.exec(b);
		if (word === 'solo') {
			const [kind, as] = rest.split(/\s+/);
			if (as) await tap(`#bidding button[data-as="${as}"]`);
			await tap(`#bidding button[data-solo="${kind}"]`);
		} else if (word === 'poverty-pass' || word === 'poverty-return') {
			for (const c of rest.split(/\s+/)) await tap(`#picker button[data-card="${c}"]`);
			await tap('#exchange-done');
		} else if (word === 'poverty-report') await tap(`#bidding button[data-report="${rest.split(/\s+/)[0]}"]`);
		else if (word === 'marriage' && rest) await tap(`#marriage-${rest}`);
		else if (word === 'throw-in') {
			// the cards thrown in: the thrower's hand, shown card by card
			await tap(`#throw-in-${rest}`);
			const thrower = b.split(' ')[0];
			for (const c of header(sample, 'hand ' + thrower).split(/\s+/)) await tap(`#picker button[data-card="${c}"]`);
			await tap('#exchange-done');
		}
		else await tap('#' + ({ 'poverty-accept': 'accept', 'poverty-decline': 'decline' }[word] || word));
	}
	if (shotsAt) await phoneChecks('entry-start');
	let cardTaps = 0;
	for (const w of playTokens(sample)) {
		if (/^[CSHD](10|[AKQJ9])$/.test(w)) { await tap(`#picker button[data-card="${w}"]`); cardTaps++; }
		else await tap(`#calls button[data-call="${CALL[w] || w}"]`);
		if (shotsAt && cardTaps === shotsAt) await phoneChecks('entry');
	}
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	return { taps, cardTaps, verdict: await page.evaluate(() => window.dokoref.verdict) };
}

test('enter samples/normal-ddv by taps and get its ruling', async () => {
	const { taps: all, cardTaps, verdict: got } = await enterByTaps('normal-ddv.doko', 22);
	await phoneChecks('ruling');
	const want = JSON.parse(native(['check', '--format', 'json', join(root, 'samples/normal-ddv.doko')]));
	assert.equal(got.winner, want.winner);
	assert.deepEqual(got.score, want.score);
	assert.deepEqual(got.card_points, want.card_points);
	const shown = await page.$$eval('#ruling-score td.num', (tds) => tds.map((t) => [t.dataset.player, t.textContent]));
	assert.deepEqual(shown, Object.entries(want.score).map(([p, n]) => [p, (n > 0 ? '+' : '') + n]));
	// the whole ruling box is on the screen without scrolling
	const bottom = await page.$eval('#ruling', (e) => e.getBoundingClientRect().bottom);
	assert.ok(bottom <= 844, `the ruling ends at ${bottom} px, below the 844 px screen`);
	assert.equal(cardTaps, 48);
	const other = all - cardTaps;
	console.log(`# taps for samples/normal-ddv: ${all} (48 cards, ${other} others)`);
	assert.ok(other <= 6, `${other} taps besides the cards`);
	// the text the page wrote judges as the sample does
	const text = await page.evaluate(() => window.dokoref.text);
	const typed = join(tmp('dokoref-web-'), 'typed.doko');
	writeFileSync(typed, text);
	const again = JSON.parse(native(['check', '--format', 'json', typed]));
	assert.deepEqual(again.score, want.score);
	// the sheet: a wrong entry is marked with its correction
	await page.$eval('#sheet input[data-player="Ben"]', (i) => { i.value = '+2'; i.dispatchEvent(new Event('input')); });
	const said = await page.$eval('#sheet input[data-player="Ben"]', (i) => i.parentElement.textContent);
	assert.match(said, /-2/);
	await page.evaluate(() => document.getElementById('stepper').scrollIntoView());
	await phoneChecks('ruling-below');
});

test('a poverty with its exchange and two solos entered by taps', async () => {
	for (const f of ['poverty-turnier-2022.doko', 'solo-queens-ddv.doko', 'solo-fleischlos-esslingen-2002.doko']) {
		const { taps: all, cardTaps, verdict: got } = await enterByTaps(f);
		const want = JSON.parse(native(['check', '--format', 'json', join(root, 'samples', f)]));
		assert.equal(got.type, want.type, f);
		assert.deepEqual(got.parties, want.parties, f);
		assert.deepEqual(got.score, want.score, f);
		assert.deepEqual(got.findings.map((x) => x.code), want.findings.map((x) => x.code), f);
		console.log(`# taps for samples/${f}: ${all} (${cardTaps} cards)`);
	}
});

// game k of a notation session file as a file of its own (the session's
// header lines, then the game)
function gameOf(file, k) {
	const lines = readFileSync(join(root, file), 'utf8').split('\n');
	const starts = lines.map((l, i) => (/^game\b/.test(l) ? i : -1)).filter((i) => i >= 0);
	const head = lines.slice(lines.findIndex((l) => /^session\b/.test(l)) + 1, starts[0]);
	const end = starts[k] ?? lines.findIndex((l) => /^end\b/.test(l));
	return head.filter((l) => !/^bock-pending:/.test(l)).concat(lines.slice(starts[k - 1] + 1, end)).join('\n') + '\n';
}

test('a marriage with its condition and cards thrown in, by taps', async () => {
	// unsere-2024 lets the bride name the first trump trick or the first
	// plain-suit trick: game 3 of its session sample names the first
	const text = gameOf('samples/session-unsere-2024.doko', 3);
	const dir = tmp('dokoref-web-');
	writeFileSync(join(dir, 'marriage.doko'), text);
	const { verdict: got } = await enterByTaps({ text });
	const want = JSON.parse(native(['check', '--format', 'json', join(dir, 'marriage.doko')]));
	assert.equal(got.type, 'marriage');
	assert.deepEqual(got.parties, want.parties);
	assert.deepEqual(got.score, want.score);
	assert.match(await page.evaluate(() => window.dokoref.text), /Irene marriage first-trump-trick/);
	// ottendorf-2008 throws in with five kings: the thrower's hand shown
	// by taps, the ruling at once (deal again)
	const doko = join(dir, 'thrown.doko');
	native(['convert', join(root, 'tests/check/legal/ottendorf-2008--throw-in-five-kings.xml'), '-o', doko]);
	const thrown = await enterByTaps({ text: readFileSync(doko, 'utf8') });
	const wantThrown = JSON.parse(native(['check', '--format', 'json', doko]));
	assert.equal(thrown.verdict.type, wantThrown.type);
	assert.deepEqual(thrown.verdict.ruling, wantThrown.ruling);
	assert.deepEqual(thrown.verdict.findings.map((f) => f.code), wantThrown.findings.map((f) => f.code));
	// a throw-in the hand does not justify is a finding: four kings
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await page.waitForSelector('#start:not([disabled])');
	await page.select('#rules', 'ottendorf-2008');
	await tap('#start');
	await tap('#reservation');
	for (let i = 0; i < 3; i++) await tap('#healthy');
	await tap('#throw-in-five-kings');
	for (const c of ['CK', 'CK', 'SK', 'SK', 'HQ', 'CJ', 'SJ', 'DJ', 'DA', 'D9', 'CA', 'C9']) await tap(`#picker button[data-card="${c}"]`);
	await tap('#exchange-done');
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	const bad = await page.evaluate(() => window.dokoref.verdict);
	assert.ok(bad.findings.length > 0, 'four kings thrown in as five: no finding');
	// a poverty every other player declines: turnier-2022 deals again
	// (poverty.refused redeal), the ruling at once
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await page.waitForSelector('#start:not([disabled])');
	await page.select('#rules', 'turnier-2022');
	await tap('#start');
	await tap('#reservation');
	for (let i = 0; i < 3; i++) await tap('#healthy');
	await tap('#poverty');
	for (const c of ['DJ', 'HJ', 'D10']) await tap(`#picker button[data-card="${c}"]`);
	await tap('#exchange-done');
	for (let i = 0; i < 3; i++) await tap('#decline');
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	const redealt = await page.evaluate(() => ({ v: window.dokoref.verdict, text: window.dokoref.text }));
	writeFileSync(join(dir, 'redeal.doko'), redealt.text);
	const wantRedeal = JSON.parse(native(['check', '--format', 'json', join(dir, 'redeal.doko')]));
	assert.deepEqual(redealt.v.ruling, wantRedeal.ruling);
	assert.equal(wantRedeal.ruling.basis, 'not-counted');
	assert.deepEqual(wantRedeal.findings, []);
});

test('the text edited by hand: the taps follow it, or the line is named', async () => {
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await page.waitForSelector('#start:not([disabled])');
	await page.$$eval('#names input', (is) => is.forEach((i, k) => { i.value = ['Anna', 'Ben', 'Clara', 'David'][k]; i.dispatchEvent(new Event('input')); }));
	await page.select('#rules', 'ddv');
	await tap('#dealers button:nth-child(4)');
	await tap('#start');
	await tap('#all-healthy');
	for (const c of ['CA', 'DQ', 'CK']) await tap(`#picker button[data-card="${c}"]`);
	const typeText = async (t) => {
		await page.$eval('#notation', (ta, v) => { ta.focus(); ta.value = v; ta.dispatchEvent(new Event('input')); }, t);
	};
	const before = await page.$eval('#notation', (ta) => ta.value);
	// a fourth card and an announcement typed: the trick, the copies left
	// and who plays next follow
	await typeText(before.replace(/CA DQ CK\n$/, 'CA DQ CK C9\nBen: re SA\n'));
	await page.waitForSelector('#notation-mapped', { timeout: 20000 });
	const t = await page.evaluate(() => ({ cards: window.dokoref.table.cards().map((e) => e.card), calls: window.dokoref.table.events.filter((e) => e.kind === 'call').map((e) => e.player + ' ' + e.word) }));
	assert.deepEqual(t.cards, ['CA', 'DQ', 'CK', 'C9', 'SA']);
	assert.deepEqual(t.calls, ['Ben re']);
	assert.equal(await page.$eval('#picker button[data-card="SA"] .left', (e) => e.textContent), '\u00D71');
	assert.equal(await page.$eval('#picker button[data-card="C9"] .left', (e) => e.textContent), '\u00D71');
	// Ben won trick 1 with the queen, led the ace of spades: Clara is next
	assert.match(await page.$eval('#status', (e) => e.textContent), /Clara/);
	// a tap goes on from the text
	await page.$eval('#notation', (ta) => ta.blur());
	await tap('#picker button[data-card="S9"]');
	assert.deepEqual(await page.evaluate(() => window.dokoref.table.cards().map((e) => e.card)), ['CA', 'DQ', 'CK', 'C9', 'SA', 'S9']);
	// a line the taps cannot hold is named, and the taps stay
	const now = await page.$eval('#notation', (ta) => ta.value);
	await typeText(now + 'note: Ben hesitated\n');
	await page.waitForSelector('#notation-unmapped', { timeout: 20000 });
	const line = now.split('\n').length;
	assert.equal(await page.$eval('#notation-unmapped', (e) => Number(e.dataset.line)), line);
	assert.match(await page.$eval('#notation-unmapped', (e) => e.textContent), /note: Ben hesitated/);
	assert.equal(await page.evaluate(() => window.dokoref.table.cards().length), 6);
	await phoneChecks('entry-text');
});

test('a share link with the table\'s own rule set carries its YAML', async () => {
	// hamvocke.yaml: DDV without nines, Karlchen caught scores; its record
	const yaml = readFileSync(join(root, 'tests/check/examples/hamvocke.yaml'), 'utf8');
	const dir = tmp('dokoref-web-');
	const doko = join(dir, 'game.doko');
	native(['convert', join(root, 'tests/check/examples/hamvocke-charlie-caught.xml'), '-o', doko]);
	const text = readFileSync(doko, 'utf8');
	writeFileSync(join(dir, 'hamvocke.yaml'), yaml);
	const want = JSON.parse(native(['check', '--format', 'json', '--rules', join(dir, 'hamvocke.yaml'), doko]));
	const b64 = (x) => Buffer.from(x, 'utf8').toString('base64url');
	await page.goto(`${origin}/index.html#doko=${b64(text)}&lang=en&rules=hamvocke&yaml=${b64(yaml)}`, { waitUntil: 'load' });
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	const got = await page.evaluate(() => window.dokoref.verdict);
	assert.deepEqual(got.score, want.score);
	assert.deepEqual(got.as_played.score_items, want.as_played.score_items);
	assert.ok(want.as_played.score_items.some((i) => i.item === 'karlchen-caught'), 'the rule set\'s own item');
	// the page's own link carries the YAML again, and opens to the same ruling
	const href = await page.$eval('#share-link', (a) => a.href);
	assert.ok(href.includes('&yaml=' + b64(yaml)), 'the link carries the YAML');
	await page.goto('about:blank');
	await page.goto(href, { waitUntil: 'load' });
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	assert.deepEqual(await page.evaluate(() => window.dokoref.verdict.score), want.score);
	// without the YAML the record's rule set is not known: no ruling
	await page.goto('about:blank');
	await page.goto(`${origin}/index.html#doko=${b64(text)}&lang=en&rules=hamvocke`, { waitUntil: 'load' });
	await page.waitForSelector('#ruling-error', { timeout: 30000 });
});

test('a card that breaks a rule is marked at once', async () => {
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await tap('#nav-new');
	await page.waitForSelector('#start:not([disabled])');
	await page.select('#rules', 'ddv');
	await tap('#start');
	await tap('#all-healthy');
	// Anna leads clubs; Ben holds clubs later but plays a trump now: the
	// revoke shows only when Ben's club appears, so play it in trick 2
	for (const c of ['CA', 'DQ', 'CK', 'C9']) await tap(`#picker button[data-card="${c}"]`);
	// Ben won trick 1 with a trump and now leads a club himself
	await tap('#picker button[data-card="C10"]');
	await page.waitForFunction(() => [...document.querySelectorAll('#marks li')].some((l) => l.dataset.code === 'revoke'), { timeout: 20000 });
	await phoneChecks('entry-marked');
});

test('a shared dispute link opens straight to its ruling', async () => {
	const dir = tmp('dokoref-web-');
	const doko = join(dir, 'dispute.doko');
	native(['convert', join(root, 'tests/check/findings/revoke--ddv--trump-not-followed.xml'), '-o', doko]);
	const text = readFileSync(doko, 'utf8');
	const want = JSON.parse(native(['check', '--format', 'json', doko]));
	const b64 = Buffer.from(text, 'utf8').toString('base64url');
	const link = `${origin}/index.html#doko=${b64}&lang=de&rules=ddv`;
	// a phone that has never opened the page: a fresh browser context
	const ctx = await browser.createBrowserContext();
	const cold = await ctx.newPage();
	await cold.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
	await cold.setRequestInterception(true);
	cold.on('request', (r) => { if (new URL(r.url()).hostname === '127.0.0.1') r.continue(); else { foreign.push(r.url()); r.abort(); } });
	let t0 = Date.now();
	await cold.goto(link, { waitUntil: 'load' });
	await cold.waitForSelector('#ruling-head', { timeout: 30000 });
	const first = Date.now() - t0;
	await ctx.close();
	t0 = Date.now();
	await page.goto(link, { waitUntil: 'load' });
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	const ms = Date.now() - t0;
	console.log(`# shared link to ruling on screen: ${first} ms on a first visit, ${ms} ms with the site cached`);
	const got = await page.evaluate(() => window.dokoref.verdict);
	assert.deepEqual(got.findings.map((f) => f.code), want.findings.map((f) => f.code));
	assert.deepEqual(got.score, want.score);
	assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
	// each finding under its name as dokoref check --lang de prints it
	const textDe = native(['check', '--lang', 'de', '--width', '0', '--color', 'never', doko]);
	const names = want.findings.map((f) => new RegExp(`:${f.line}:${f.column}: (.+?) \\(`).exec(textDe)[1]);
	assert.ok(names.every((n, i) => n !== want.findings[i].code), `German names: ${names}`);
	assert.deepEqual(await page.$$eval('#findings li > b', (bs) => bs.map((b) => b.textContent)), names);
	// the reports: the record saved as dokoref-ruling.doko, then
	// dokoref check --format json and dokoref show --format html of it
	const saved = tmp('dokoref-web-');
	writeFileSync(join(saved, 'dokoref-ruling.doko'), text);
	const html = await downloaded('#download-html');
	assert.equal(html.name, 'dokoref-ruling.html');
	assert.equal(html.data, nativeIn(saved, ['show', '--format', 'html', '--lang', 'de', '--rules', 'ddv', 'dokoref-ruling.doko']));
	const json = await downloaded('#download-json');
	assert.equal(json.data, nativeIn(saved, ['check', '--format', 'json', '--lang', 'de', '--rules', 'ddv', 'dokoref-ruling.doko']));
	await page.waitForSelector('#qr svg');
	const href = await page.$eval('#share-link', (a) => a.href);
	assert.ok(href.includes('#doko=' + b64), 'the share link carries the record');
	await page.evaluate(() => window.scrollTo(0, 0));
	await phoneChecks('shared');
});

test('open a file: the audit in a worker, its summary and each game', async () => {
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await tap('#nav-open');
	const input = await page.$('#audit-file');
	await input.uploadFile(join(root, 'samples/session-spielrunde-ddv.doko'));
	await page.waitForSelector('#audit-games', { timeout: 60000 });
	const n = await page.$$eval('#audit-games .game-ruling', (g) => g.length);
	const want = JSON.parse(native(['audit', '--format', 'json', join(root, 'samples/session-spielrunde-ddv.doko')]));
	assert.equal(n, want.summary.games);
	assert.match(await page.$eval('#audit-summary', (e) => e.textContent), /"games": 26/);
	assert.equal(await page.$eval('#audit-progress', (p) => p.value === p.max), true);
	await phoneChecks('audit');
	// its HTML report is dokoref show --format html of the file
	const lang = await page.evaluate(() => document.documentElement.lang);
	const html = await downloaded('#audit-html');
	assert.equal(html.name, 'session-spielrunde-ddv.html');
	assert.equal(html.data, nativeIn(join(root, 'samples'), ['show', '--format', 'html', '--lang', lang, 'session-spielrunde-ddv.doko']));
	// its JSON report is dokoref audit --format json of the file
	const json = await downloaded('#audit-json');
	assert.equal(json.data, nativeIn(join(root, 'samples'), ['audit', '--format', 'json', '--lang', lang, 'session-spielrunde-ddv.doko']));
});

test('open a score sheet: its findings on screen, its report as the program writes it', async () => {
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await tap('#nav-open');
	const input = await page.$('#audit-file');
	await input.uploadFile(join(root, 'samples/sheet-ddv-planted.csv'));
	await page.waitForSelector('#audit-sheet', { timeout: 60000 });
	const lang = await page.evaluate(() => document.documentElement.lang);
	const want = nativeIn(join(root, 'samples'), ['audit', '--format', 'json', '--lang', lang, 'sheet-ddv-planted.csv']);
	const lines = want.trim().split('\n').map((l) => JSON.parse(l));
	const findings = lines.filter((l) => !l.summary).flatMap((l) => l.findings);
	const shown = await page.$$eval('#audit-sheet li', (li) => li.map((x) => x.textContent));
	assert.equal(shown.length, findings.length);
	for (const f of findings)
		assert.ok(shown.some((t) => t.endsWith(': ' + f.message)), f.message);
	// no word that the sheet cannot be audited here
	assert.doesNotMatch(await page.$eval('#audit-out', (e) => e.textContent), /audit' checks it|prüft ihn|no ruling yet|noch kein Urteil/);
	const json = await downloaded('#audit-json');
	assert.equal(json.data, want);
	await phoneChecks('audit-sheet');
});

test('offline after the first visit: reload and still judge', async () => {
	await page.goto(origin + '/index.html', { waitUntil: 'load' });
	await page.evaluate(async () => { await navigator.serviceWorker.ready; });
	await page.reload({ waitUntil: 'load' });
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	// warm every file into the cache, then take the server away
	await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; return !!r.active; });
	const closed = new Promise((r) => server.close(r));
	server.closeAllConnections();
	await closed;
	const before = served;
	const text = readFileSync(join(root, 'samples/normal-ddv.doko'), 'utf8');
	await page.goto(`${origin}/index.html#doko=${Buffer.from(text).toString('base64url')}&lang=en`, { waitUntil: 'load' });
	await page.reload({ waitUntil: 'load' });
	await page.waitForSelector('#ruling-head', { timeout: 30000 });
	assert.match(await page.$eval('#ruling-head', (e) => e.textContent), /Re wins/);
	assert.equal(served, before, 'the server answered while it was closed');
	await phoneChecks('offline');
});

test('no request to another host, no script error', () => {
	assert.deepEqual(foreign, []);
	assert.deepEqual(errors, []);
});

test('the HTML report (show --format html) fits a phone', async () => {
	const dir = tmp('dokoref-report-');
	const samples = ['normal-ddv.xml', 'session-spielrunde-ddv.xml', 'poverty-turnier-2022.xml', 'solo-clubs-ddv.xml', 'marriage-ddv.xml'];
	const p2 = await browser.newPage();
	for (const s of samples) {
		const f = join(dir, s + '.html');
		writeFileSync(f, native(['show', '--format', 'html', join(root, 'samples', s)]));
		for (const w of [360, 390, 414]) {
			await p2.setViewport({ width: w, height: 844 });
			await p2.goto('file://' + f, { waitUntil: 'load' });
			const m = await p2.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
			assert.ok(m[0] <= m[1], `${s} at ${w} px: ${m[0]} px wide`);
		}
	}
	await p2.setViewport({ width: 390, height: 844 });
	await p2.goto('file://' + join(dir, 'normal-ddv.xml.html'), { waitUntil: 'load' });
	await p2.screenshot({ path: join(shots, 'report-390.png'), fullPage: true });
	await p2.close();
});

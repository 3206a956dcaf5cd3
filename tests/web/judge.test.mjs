// The WebAssembly module against the native program: every sample and test
// record, under its own rule set and under each shipped one, judged by
// js/index.js must give the JSON `dokoref check --format json` prints,
// byte for byte; and the text, the exit status and the HTML page agree.
//
// Run by tests/web/run.sh (and .ci/run) with node --test; the environment
// names the builds: DOKOREF_NATIVE (the dokoref program), DOKOREF_NPM (the
// npm package folder tools/build-web.sh made).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const native = path.resolve(root, process.env.DOKOREF_NATIVE || 'build/dokoref');
const npm = path.resolve(root, process.env.DOKOREF_NPM || 'build-web/npm');
const { createDokoref } = await import(pathToFileURL(path.join(npm, 'index.js')));
const dk = await createDokoref();

// every record: the samples and test records, sheets too (check refuses
// those, and so must the module)
function walk(dir) {
	const out = [];
	for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const rel = path.posix.join(dir, e.name);
		if (e.isDirectory())
			out.push(...walk(rel));
		else if (!/\.(md|txt|yaml)$/.test(e.name))
			out.push(rel);
	}
	return out;
}
const records = ['samples', 'tests/check', 'tests/freedoko', 'tests/sheets']
	.flatMap(walk).sort();

// the rule sets beside a record, which it may name by path
function siblings(rel) {
	const dir = path.posix.dirname(rel);
	const files = {};
	for (const f of fs.readdirSync(path.join(root, dir))) {
		if (f.endsWith('.yaml'))
			files[path.posix.join(dir, f)] = fs.readFileSync(path.join(root, dir, f));
	}
	return files;
}

const env = { ...process.env, DOKOREF_RULES_PATH: path.join(root, 'rulesets'), LANG: 'C',
	LC_ALL: 'C' };

// the native output for all records in one run, cut into each file's lines
function nativeByFile(args) {
	const r = spawnSync(native, ['check', '--format', 'json', ...args, ...records],
		{ cwd: root, env, maxBuffer: 1 << 28, encoding: 'utf8' });
	assert.ok(r.status !== null, `${native} did not run: ${r.error}`);
	const byFile = new Map(records.map((f) => [f, '']));
	for (const line of r.stdout.split(/(?<=\n)/)) {
		if (!line)
			continue;
		const file = JSON.parse(line).file;
		assert.ok(byFile.has(file), `native output names an unknown file: ${file}`);
		byFile.set(file, byFile.get(file) + line);
	}
	return byFile;
}

const shipped = dk.rulesets().map((r) => r.name);

test('the module ships the rule sets of rulesets/', () => {
	const files = fs.readdirSync(path.join(root, 'rulesets'))
		.filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();
	assert.deepEqual(shipped, files);
	for (const r of dk.rulesets())
		assert.equal(r.yaml, fs.readFileSync(path.join(root, 'rulesets', `${r.name}.yaml`), 'utf8'));
});

// Under a rule set not its own a record has findings by the dozen, each
// costed by a search: there a limit of positions per question keeps the
// run short (both sides stop at the same count and say "not settled")
const otherLimit = 200000;
for (const rules of [null, ...shipped]) {
	const label = rules ? `--rules ${rules}` : 'its own rule set';
	test(`every record judged under ${label}: JSON byte for byte`, () => {
		const expected = nativeByFile(rules ? ['--rules', rules, '--search-limit',
			String(otherLimit)] : []);
		let games = 0;
		for (const rel of records) {
			const r = dk.judge(fs.readFileSync(path.join(root, rel)), {
				name: rel, rules: rules || undefined, files: siblings(rel), format: 'json',
				searchLimit: rules ? otherLimit : undefined,
			});
			assert.equal(r.json, expected.get(rel), `${rel} (${label})`);
			games += r.games.length;
		}
		// the comparison saw games, not only empty outputs on both sides
		// (under a rule set without nines the records of twelve cards a
		// hand are refused: fewer games)
		assert.ok(games > (rules ? 150 : 500), `only ${games} games judged`);
	});
}

test('each sample alone: exit status, text and JSON in both languages and messages as the CLI', () => {
	for (const rel of records.filter((f) => f.startsWith('samples/'))) {
		const data = fs.readFileSync(path.join(root, rel));
		for (const lang of ['en', 'de']) {
			const cli = spawnSync(native, ['check', '--color', 'never', '--width', '0', '--lang', lang, rel],
				{ cwd: root, env, encoding: 'utf8' });
			const r = dk.judge(data, { name: rel, lang, format: ['json', 'text'] });
			assert.equal(r.status, cli.status, `${rel}: exit status`);
			assert.equal(r.text, cli.stdout, `${rel}: text (${lang})`);
			// the JSON's sentences (the ruling's reason) in the same language
			const cliJson = spawnSync(native, ['check', '--format', 'json', '--lang', lang, rel],
				{ cwd: root, env, encoding: 'utf8' });
			assert.equal(r.json, cliJson.stdout, `${rel}: JSON (${lang})`);
			for (const m of r.messages)
				assert.ok(cli.stderr.includes(m.message), `${rel}: message ${m.text}`);
		}
	}
});

test('the HTML page is dokoref show --format html, byte for byte', () => {
	// every record (show assesses a finding's cost only where the record
	// shows an objection, check always: the pages of records with findings
	// differ when judged as check judges); the samples in both languages
	let pages = 0;
	for (const rel of records) {
		const data = fs.readFileSync(path.join(root, rel));
		for (const lang of rel.startsWith('samples/') ? ['en', 'de'] : ['en']) {
			const cli = spawnSync(native, ['show', '--format', 'html', '--lang', lang, rel],
				{ cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 26 });
			// the page alone (as the page's download asks) and beside the
			// JSON and text (judged twice: check's way and show's)
			const alone = dk.judge(data, { name: rel, lang, format: 'html', files: siblings(rel) });
			assert.equal(alone.html ?? '', cli.stdout, `${rel} (${lang}): the page alone`);
			if (lang === 'de') {
				const all = dk.judge(data, { name: rel, lang, files: siblings(rel) });
				assert.equal(all.html ?? '', cli.stdout, `${rel} (${lang}): the page with the JSON`);
			}
			if (cli.stdout)
				pages++;
		}
	}
	assert.ok(pages > 300, `only ${pages} pages compared`);
});

// A session cut in two: the games before game k as the session so far,
// game k with the session's head as the input.  Judged with `session`,
// game k is what `dokoref check` says of it in the whole file (only its
// number and its lines, which the cut moves, differ).
function sessionCuts(text) {
	const lines = text.split(/(?<=\n)/);
	const starts = [];
	let end = lines.length;
	lines.forEach((l, i) => {
		if (/^(game|spiel)\b/i.test(l))
			starts.push(i);
		else if (/^end\b/i.test(l))
			end = i;
	});
	const head = lines.slice(0, starts[0]).join('');
	return starts.slice(1).map((at, j) => ({
		index: j + 2,
		before: lines.slice(0, at).join('') + 'end session\n',
		game: head + lines.slice(at, starts[j + 2] ?? end).join('') + 'end session\n',
	}));
}

// the JSON without what the cut moves: the game's number, the file, the
// place of each finding
function unplaced(json) {
	return JSON.parse(json, (k, v) => (['index', 'file', 'line', 'column'].includes(k) ? undefined : v));
}

test('session: a game judged as the next one of the session so far, as check in one file', () => {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dokoref-web-'));
	try {
		// the two session samples, and Bock rounds (appended, a solo in
		// one) written as notation
		const files = ['samples/session-spielrunde-ddv.doko', 'samples/session-unsere-2024.doko'];
		for (const xml of ['tests/audit/session-bock-unsere-2024.xml',
			'tests/audit/session-bock-esslingen-2002.xml']) {
			const out = path.join(tmp, path.basename(xml, '.xml') + '.doko');
			execFileSync(native, ['convert', xml, '-o', out], { cwd: root, env });
			files.push(out);
		}
		let games = 0, differ = 0;
		for (const file of files) {
			const whole = spawnSync(native, ['check', '--format', 'json', file],
				{ cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 26 }).stdout
				.split(/(?<=\n)/).filter(Boolean);
			const cuts = sessionCuts(fs.readFileSync(path.resolve(root, file), 'utf8'));
			assert.equal(cuts.length + 1, whole.length, `${file}: games`);
			for (const cut of cuts) {
				const want = unplaced(whole[cut.index - 1]);
				const r = dk.judge(cut.game, { session: cut.before, format: 'json' });
				assert.equal(r.games.length, 1, `${file} game ${cut.index}: ${JSON.stringify(r.messages)}`);
				assert.deepEqual(unplaced(r.json), want, `${file} game ${cut.index}`);
				// without the session it is a session of one game: the dealer's
				// turn, the Bock, the duty soli unknown
				const alone = dk.judge(cut.game, { format: 'json' });
				if (JSON.stringify(unplaced(alone.json)) !== JSON.stringify(want))
					differ++;
				games++;
			}
		}
		assert.ok(games > 40, `only ${games} games`);
		assert.ok(differ >= 10, `the session changed only ${differ} games`);
		// a session so far that holds no session game is refused, with a message
		const none = dk.judge(cuts0(files[1]), { session: 'rules: ddv\n', format: 'json' });
		assert.equal(none.status, 3);
		assert.equal(none.json, '');
		assert.ok(none.messages.length > 0);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
});

function cuts0(file) {
	return sessionCuts(fs.readFileSync(path.resolve(root, file), 'utf8'))[0].game;
}

test('findingName: the names dokoref check prints, in both languages', () => {
	const rel = 'tests/check/findings/announce-party-unknown--ddv--bride-before-clarifying-trick.xml';
	const data = fs.readFileSync(path.join(root, rel));
	const code = JSON.parse(dk.judge(data, { name: rel, format: 'json' }).json).findings[0].code;
	assert.equal(dk.findingName(code, 'en'), code);
	const de = spawnSync(native, ['check', '--color', 'never', '--width', '0', '--lang', 'de', rel],
		{ cwd: root, env, encoding: 'utf8' }).stdout;
	const name = dk.findingName(code, 'de');
	assert.notEqual(name, code);
	assert.ok(de.includes(`: ${name} (`), `${name} not in ${de}`);
	assert.equal(dk.findingName('dealer', 'en'), 'dealer');
	assert.notEqual(dk.findingName('dealer', 'de'), 'dealer');
	assert.equal(dk.findingName('no-such-finding', 'de'), null);
});

test('a rule set from YAML text: judged under it, and its errors with line and column', () => {
	const yaml = fs.readFileSync(path.join(root, 'rulesets/unsere-2024.yaml'), 'utf8');
	const rel = 'samples/session-unsere-2024.doko';
	const data = fs.readFileSync(path.join(root, rel));
	const byName = dk.judge(data, { name: rel, rules: 'unsere-2024', format: 'json' });
	const byText = dk.judge(data, { name: rel, rulesYaml: yaml, rulesName: 'unsere-2024.yaml',
		format: 'json' });
	assert.notEqual(byName.status, 3);
	assert.equal(byText.status, byName.status);
	assert.ok(byText.json.length > 0);
	assert.equal(byText.json, byName.json);
	const bad = dk.judge(data, { rulesYaml: 'name: ours\nbase: ddv\nrules:\n  no_such_key: 1\n',
		rulesName: 'ours.yaml' });
	assert.equal(bad.status, 3);
	assert.equal(bad.json, '');
	assert.equal(bad.messages[0].file, 'ours.yaml');
	assert.equal(bad.messages[0].line, 4);
	assert.match(bad.messages[0].message, /no_such_key/);
	const loaded = dk.loadRules(yaml, 'unsere-2024.yaml');
	assert.equal(loaded.ok, true);
});

test('invalid input: exit status 3 and the message where it is', () => {
	const r = dk.judge('<dokoref>\n<game>\n', { name: 'broken.xml' });
	assert.equal(r.status, 3);
	assert.equal(r.json, '');
	assert.ok(r.messages.length > 0);
	assert.equal(r.messages[0].file, 'broken.xml');
	assert.ok(r.messages[0].line > 0);
	// as the program says it: the message, and no count line
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dokoref-web-'));
	try {
		fs.writeFileSync(path.join(tmp, 'broken.xml'), '<dokoref>\n<game>\n');
		const cli = spawnSync(native, ['check', '--color', 'never', '--width', '0', 'broken.xml'],
			{ cwd: tmp, env, encoding: 'utf8' });
		assert.equal(r.status, cli.status);
		assert.equal(r.text, cli.stdout);
		assert.ok(cli.stderr.includes(r.messages[0].text), cli.stderr);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
});

test('gzip input is read as the plain file', () => {
	const rel = 'samples/solo-clubs-ddv.xml';
	const plain = fs.readFileSync(path.join(root, rel));
	const gz = zlib.gzipSync(plain);
	assert.equal(dk.judge(gz, { name: rel, format: 'json' }).json,
		dk.judge(plain, { name: rel, format: 'json' }).json);
});

test('audit: progress before each game and at the end, the same result as judge', async () => {
	const rel = 'samples/session-spielrunde-ddv.xml';
	const data = fs.readFileSync(path.join(root, rel));
	const seen = [];
	const r = await dk.audit(data, { name: rel, format: 'json', onProgress: (p) => seen.push(p) });
	const j = dk.judge(data, { name: rel, format: 'json' });
	assert.equal(r.checkJson, j.json);
	assert.equal(seen.length, j.games.length + 1);
	assert.deepEqual(seen.map((p) => p.game), [...j.games.map((g) => g.index), 0]);
	assert.ok(seen.every((p) => p.total === j.games.length));
	assert.deepEqual(seen.at(-1), { done: j.games.length, total: j.games.length, game: 0 });
});

test('audit: dokoref audit --format json of every record, byte for byte, and its exit status', async () => {
	let games = 0, sheets = 0;
	for (const rel of records) {
		if (/^(tests\/sheets\/|samples\/sheet-)/.test(rel))
			sheets++;
		const data = fs.readFileSync(path.join(root, rel));
		for (const lang of rel.startsWith('samples/session') ? ['en', 'de'] : ['en']) {
			const cli = spawnSync(native, ['audit', '--format', 'json', '--lang', lang, rel],
				{ cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 26 });
			// the walk game by game is judge()'s (its JSON is compared above):
			// a small search keeps it short
			const r = await dk.audit(data, { name: rel, lang, files: siblings(rel), format: 'json',
				searchLimit: 1000 });
			assert.equal(r.json, cli.stdout, `${rel} (${lang})`);
			assert.equal(r.status, cli.status, `${rel} (${lang}): exit status`);
			games += r.games.length;
		}
	}
	assert.ok(games > 500, `only ${games} games audited`);
	assert.ok(sheets >= 6, `${sheets} score sheets`);
});

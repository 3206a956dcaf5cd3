// The engine: the WebAssembly build of dokoref and its JS API (js/ of the
// source, index.d.ts), loaded once.  Everything the page says about a
// game comes from here.
export const ENGINE_MODULE = './dokoref.js';

let enginePromise = null;
export function engine() {
	if (!enginePromise) enginePromise = import(ENGINE_MODULE).then((m) => (m.createDokoref || m.default)());
	return enginePromise;
}

// the input's errors as one Error (file:line:col: error: ...)
function failure(r) {
	const msgs = (r.messages || []).filter((m) => m.severity === 'error').map((m) => m.text);
	return new Error(msgs.join('\n') || 'dokoref: status ' + r.status);
}

// the verdicts of a record's games, each the object of its line of
// `dokoref check --format json`
export function verdictsOf(r) {
	if (r.games && r.games.length) return r.games.map((g) => JSON.parse(g.json));
	if (r.json) return r.json.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
	throw failure(r);
}

// Each finding given the engine's own sentence for it and the rule it
// cites with the rule set's words (from the text rendering: the line
// "FILE:LINE:COL: CODE (...): sentence" and the line below it).
function addSentences(v, text) {
	if (!text) return v;
	const lines = text.split('\n');
	for (const f of v.findings || []) {
		const key = `:${f.line}:${f.column}: ${f.code} (`;
		const i = lines.findIndex((l) => l.includes(key));
		if (i < 0) continue;
		const l = lines[i];
		const j = l.indexOf('): ', l.indexOf(key));
		if (j >= 0) f.sentence = l.slice(j + 3).trim();
		const next = (lines[i + 1] || '').trim();
		if (next && (lines[i + 1].length - lines[i + 1].trimStart().length) > (l.length - l.trimStart().length)) f.citation = next;
	}
	return v;
}

export async function judgeJson(text, opts) {
	const e = await engine();
	const r = await e.judge(text, { ...opts, format: ['json', 'text'] });
	const vs = verdictsOf(r);
	for (const v of vs)
		for (const f of v.findings || []) f.name = e.findingName(f.code, opts && opts.lang) || f.code;
	return vs.map((v, i) => addSentences(v, (r.games && r.games[i] && r.games[i].text) || r.text));
}

export async function judgeAs(text, opts, format) {
	const e = await engine();
	const r = await e.judge(text, { ...opts, format });
	if (r[format] == null) throw failure(r);
	return r[format];
}

// the shipped rule sets: [{name, yaml}]
export async function rulesets() {
	const e = await engine();
	return (await e.rulesets()).map((x) => (typeof x === 'string' ? { name: x, yaml: null } : x));
}

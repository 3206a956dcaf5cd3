// The audit of a whole file, away from the page's thread: the page posts
// {bytes, name, lang, rulesYaml}, the worker answers with progress
// messages and then the verdicts, the tally, and the report as JSON (what
// `dokoref audit --format json` prints) and as the HTML page (`dokoref
// show --format html`).
import { engine, verdictsOf } from './engine.js';

self.onmessage = async (ev) => {
	const { bytes, name, lang, rules, rulesYaml } = ev.data;
	try {
		const e = await engine();
		const opts = { lang, name, format: ['json', 'html'] };
		if (rules) opts.rules = rules;
		if (rulesYaml) opts.rulesYaml = rulesYaml;
		const r = await e.audit(bytes, {
			...opts,
			onProgress: (p) => self.postMessage({ kind: 'progress', done: p.done, total: p.total }),
		});
		const games = verdictsOf(r);
		self.postMessage({ kind: 'done', games, tally: r.tally, json: r.json, html: r.html, messages: r.messages });
	} catch (err) {
		self.postMessage({ kind: 'error', message: String(err && err.message || err) });
	}
};

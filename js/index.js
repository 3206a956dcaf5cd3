// dokoref: the Doppelkopf referee as WebAssembly, for Node (>= 18) and
// browsers.  The engine is libdokoref, the same C library the `dokoref`
// program uses; this file only moves bytes in and strings out of it.
//
//   import { createDokoref } from 'dokoref';
//   const dk = await createDokoref();
//   const r = dk.judge(bytesOrText, { rules: 'ddv', lang: 'de' });
//   r.json  // what `dokoref check --format json` prints, byte for byte
//
// The types are in index.d.ts, the guide in README.md.
import dokorefGlue from './dokoref-glue.js';

const LANG = { en: 0, de: 1 };
const ITEM_ERROR = -1;
const ITEM_END = 0;
const ITEM_GAME = 1;
const E_INVALID = -1;
const E_SYSTEM = -2;
// dokoref_judge's flag: a cost assessed only where the record shows an
// objection, as `dokoref show` judges for its page

const isNode = typeof process === 'object' && process !== null &&
	typeof process.versions === 'object' && process.versions !== null &&
	typeof process.versions.node === 'string';

async function wasmBytes(opts) {
	if (opts.wasmBinary)
		return opts.wasmBinary instanceof Uint8Array ? opts.wasmBinary
			: new Uint8Array(opts.wasmBinary);
	const url = opts.wasmUrl ? new URL(String(opts.wasmUrl), import.meta.url)
		: new URL('./dokoref.wasm', import.meta.url);
	if (isNode && url.protocol === 'file:') {
		const fs = await import('node:fs/promises');
		return new Uint8Array(await fs.readFile(url));
	}
	const res = await fetch(url);
	if (!res.ok)
		throw new Error(`dokoref: cannot load ${url}: HTTP ${res.status}`);
	return new Uint8Array(await res.arrayBuffer());
}

function langOf(lang) {
	if (lang === undefined || lang === null)
		return LANG.en;
	const l = LANG[String(lang).slice(0, 2).toLowerCase()];
	if (l === undefined)
		throw new RangeError(`dokoref: lang takes 'en' or 'de', not '${lang}'`);
	return l;
}

function formatsOf(format) {
	if (format === undefined || format === null)
		return new Set(['json', 'text', 'html']);
	const list = Array.isArray(format) ? format : [format];
	for (const f of list) {
		if (f !== 'json' && f !== 'text' && f !== 'html')
			throw new RangeError(`dokoref: format takes 'json', 'text' or 'html', not '${f}'`);
	}
	return new Set(list);
}

const encoder = new TextEncoder();

/** The engine: made by createDokoref(); judge(), audit(), rulesets(). */
export class Dokoref {
	/** @internal use createDokoref() */
	constructor(module) {
		this._m = module;
		this.version = module.UTF8ToString(module._dokoref_version());
		this._rulesDir = module.UTF8ToString(module._dkw_rules_dir());
	}

	// ---- memory helpers ---------------------------------------------------
	_str(s) {
		if (s === undefined || s === null)
			return 0;
		const m = this._m;
		const n = m.lengthBytesUTF8(s) + 1;
		const p = m._malloc(n);
		m.stringToUTF8(s, p, n);
		return p;
	}

	_bytes(input) {
		const bytes = typeof input === 'string' ? encoder.encode(input)
			: input instanceof Uint8Array ? input
			: ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
			: input instanceof ArrayBuffer ? new Uint8Array(input)
			: null;
		if (!bytes)
			throw new TypeError('dokoref: the input must be a string, a Uint8Array or an ArrayBuffer');
		const p = this._m._malloc(Math.max(bytes.length, 1));
		this._m.HEAPU8.set(bytes, p);
		return [p, bytes.length];
	}

	// a string the library returned as char *: read and freed
	_take(p) {
		if (!p)
			return null;
		const s = this._m.UTF8ToString(p);
		this._m._dokoref_free(p);
		return s;
	}

	_error(e) {
		const m = this._m;
		const file = m.UTF8ToString(m._dkw_error_file(e));
		const line = m._dkw_error_line(e);
		const column = m._dkw_error_column(e);
		const severity = m._dkw_error_severity(e) === 0 ? 'error' : 'warning';
		const message = m.UTF8ToString(m._dkw_error_message(e));
		let where = file;
		if (file && line)
			where += `:${line}` + (column ? `:${column}` : '');
		return {
			severity, file, line, column, message,
			text: (where ? `${where}: ` : '') + `${severity}: ${message}`,
		};
	}

	_messages(rec, e, out) {
		const m = this._m;
		const n = m._dokoref_record_message_count(rec);
		for (let i = 0; i < n; i++) {
			if (m._dokoref_record_message(rec, i, e) === 0)
				out.push(this._error(e));
		}
	}

	// files written into the module's file system for one call (a rule set
	// the record names by path); removed after it
	_writeFiles(files) {
		const written = [];
		if (!files)
			return written;
		const FS = this._m.FS;
		for (const [path, data] of Object.entries(files)) {
			const parts = path.split('/').filter((p, i) => p !== '' || i === 0);
			let dir = path.startsWith('/') ? '' : '.';
			for (const part of parts.slice(0, -1)) {
				dir = dir === '' && part === '' ? '' : `${dir}/${part}`;
				if (dir && !FS.analyzePath(dir).exists)
					FS.mkdir(dir);
			}
			FS.writeFile(path, typeof data === 'string' ? data : new Uint8Array(data));
			written.push(path);
		}
		return written;
	}

	_removeFiles(written) {
		for (const path of written) {
			try {
				this._m.FS.unlink(path);
			} catch {
				// already gone
			}
		}
	}

	/**
	 * The rule sets shipped inside the module: [{ name, yaml }] (the
	 * names `rules` takes), sorted by name.
	 */
	rulesets() {
		const FS = this._m.FS;
		return FS.readdir(this._rulesDir)
			.filter((f) => f.endsWith('.yaml'))
			.sort()
			.map((f) => ({
				name: f.slice(0, -'.yaml'.length),
				yaml: FS.readFile(`${this._rulesDir}/${f}`, { encoding: 'utf8' }),
			}));
	}

	/**
	 * A finding's name for people, by its code as in the JSON ("revoke",
	 * or a session's "dealer"), as `dokoref check` prints it in lang: the
	 * code itself in English, a German name in German; null for a code the
	 * engine does not know.
	 */
	findingName(code, lang) {
		const m = this._m;
		const p = this._str(String(code));
		try {
			const q = m._dokoref_finding_name(p, langOf(lang));
			return q ? m.UTF8ToString(q) : null;
		} finally {
			m._free(p);
		}
	}

	/**
	 * Check that YAML text is a rule set dokoref can judge under:
	 * { ok, name, messages }.
	 */
	loadRules(yaml, name) {
		const m = this._m;
		const e = m._dkw_error_new();
		const pName = this._str(name || 'rules.yaml');
		const [pYaml, len] = this._bytes(yaml);
		try {
			const rules = m._dokoref_rules_from_yaml(pYaml, len, pName, e);
			if (!rules)
				return { ok: false, name: null, messages: [this._error(e)] };
			const got = m.UTF8ToString(m._dokoref_rules_name(rules));
			m._dokoref_rules_free(rules);
			return { ok: true, name: got, messages: [] };
		} finally {
			m._free(pYaml);
			m._free(pName);
			m._free(e);
		}
	}

	// the walk through a record shared by judge() and audit(): yields the
	// number of each game before judging it; returns the result
	*_walk(input, options) {
		const opts = options || {};
		const m = this._m;
		const lang = langOf(opts.lang);
		const formats = formatsOf(opts.format);
		const name = opts.name || '<memory>';
		const want = opts.game ? Number(opts.game) : 0;
		const result = {
			status: 0, json: '', text: '', html: null, games: [], messages: [],
			tally: null,
		};
		const written = this._writeFiles(opts.files);
		const e = m._dkw_error_new();
		const tally = m._dkw_tally_new();
		let pInput = 0, pName = 0, pRulesName = 0, pYaml = 0, pYamlName = 0;
		let rules = 0, rec = 0, v = 0, vPage = 0, page = 0, srec = 0, pSession = 0, pSessionName = 0;
		try {
			if (opts.rulesYaml !== undefined && opts.rulesYaml !== null) {
				let len;
				[pYaml, len] = this._bytes(opts.rulesYaml);
				pYamlName = this._str(opts.rulesName || 'rules.yaml');
				rules = m._dokoref_rules_from_yaml(pYaml, len, pYamlName, e);
				if (!rules) {
					result.messages.push(this._error(e));
					result.status = 3;
					result.text = formats.has('text') ? '' : null;
					result.json = formats.has('json') ? '' : null;
					return result;
				}
			}
			let len;
			[pInput, len] = this._bytes(input);
			pName = this._str(name);
			pRulesName = this._str(opts.rules);
			rec = m._dkw_record_open(pInput, len, pName, pRulesName, rules,
				opts.acceptRuleDifferences ? 1 : 0, Number(opts.maxInputSize || 0), e);
			if (!rec) {
				result.messages.push(this._error(e));
				result.status = m._dkw_error_code(e) === E_SYSTEM ? 4 : 3;
				result.text = formats.has('text') ? '' : null;
				result.json = formats.has('json') ? '' : null;
				return result;
			}
			if (opts.session !== undefined && opts.session !== null) {
				// the session so far, read (its games followed, not judged)
				// with the same rule set; the input's games go on from it
				let slen;
				[pSession, slen] = this._bytes(opts.session);
				pSessionName = this._str(opts.sessionName || '<session>');
				srec = m._dkw_record_open(pSession, slen, pSessionName, pRulesName, rules,
					opts.acceptRuleDifferences ? 1 : 0, Number(opts.maxInputSize || 0), e);
				if (!srec) {
					result.messages.push(this._error(e));
					result.status = m._dkw_error_code(e) === E_SYSTEM ? 4 : 3;
					result.text = formats.has('text') ? '' : null;
					result.json = formats.has('json') ? '' : null;
					return result;
				}
				for (;;) {
					const item = m._dokoref_record_next(srec);
					this._messages(srec, e, result.messages);
					if (item === ITEM_ERROR || item === ITEM_END)
						break;
				}
				const sstatus = m._dokoref_record_status(srec);
				if (sstatus !== 0 || m._dokoref_record_continue(rec, srec, e) !== 0) {
					if (sstatus === 0)
						result.messages.push(this._error(e));
					result.status = sstatus === E_SYSTEM ? 4 : 3;
					result.text = formats.has('text') ? '' : null;
					result.json = formats.has('json') ? '' : null;
					return result;
				}
			}
			v = m._dokoref_verdict_new();
			if (opts.searchLimit !== undefined)
				m._dokoref_verdict_set_search_limit(v, Number(opts.searchLimit));
			// the page is `dokoref show --format html`'s: show judges it as
			// check does, every irregularity's cost searched, so the one
			// verdict serves the JSON, the text and the page
			const pageOnly = formats.has('html') && !formats.has('json') && !formats.has('text');
			if (formats.has('html')) {
				page = m._dokoref_page_new(lang, pName);
				vPage = v;
			}
			const text = [];
			const json = [];
			for (;;) {
				const item = m._dokoref_record_next(rec);
				this._messages(rec, e, result.messages);
				if (item === ITEM_ERROR || item === ITEM_END)
					break;
				if (item !== ITEM_GAME || !m._dokoref_record_game_ok(rec))
					continue;
				const index = m._dokoref_record_game_index(rec);
				if (want && index !== want)
					continue;
				if (!m._dokoref_record_game_rules(rec)) {
					result.messages.push({
						severity: 'error', file: name, line: 0, column: 0,
						message: `game ${index} has no rule set`,
						text: `${name}: error: game ${index} has no rule set`,
					});
					continue;
				}
				yield index;
				if (m._dokoref_judge(v, rec, 0, e) !== 0)
					continue;
				m._dokoref_tally_add(tally, v);
				const game = {
					index,
					rules: m.UTF8ToString(m._dokoref_record_game_rules(rec)),
					errors: m._dokoref_verdict_errors(v),
					warnings: m._dokoref_verdict_warnings(v),
					json: pageOnly ? null : this._take(m._dokoref_verdict_json_in(v, lang)),
					text: null,
				};
				if (!pageOnly)
					json.push(game.json);
				if (formats.has('text')) {
					game.text = this._take(m._dokoref_verdict_text(v, lang, 0));
					text.push(game.text);
				}
				if (page) {
					m._dokoref_page_add(page, vPage);
				}
				result.games.push(game);
			}
			const status = m._dokoref_record_status(rec);
			result.tally = this._tally(tally);
			result.json = formats.has('json') ? json.join('') : null;
			if (formats.has('text')) {
				// the last line, as dokoref check: none when the record could
				// not be read at all ("0 games checked" would read as clean)
				const unread = result.tally.games === 0 && status !== 0;
				result.text = text.join('') +
					(unread ? '' : this._take(m._dokoref_tally_text(tally, lang)));
			} else {
				result.text = null;
			}
			if (page)
				result.html = this._take(m._dokoref_page_html(page));
			const t = result.tally;
			result.status = status === E_SYSTEM ? 4 : status === E_INVALID ? 3
				: t.findings || t.scoresWrong || t.foreignDiffer ? 1 : 0;
			return result;
		} finally {
			m._dokoref_page_free(page);
			if (vPage !== v)
				m._dokoref_verdict_free(vPage);
			m._dokoref_verdict_free(v);
			m._dokoref_record_free(rec);
			m._dokoref_record_free(srec);
			m._dokoref_rules_free(rules);
			for (const p of [pInput, pName, pRulesName, pYaml, pYamlName, pSession, pSessionName,
				e, tally])
				m._free(p);
			this._removeFiles(written);
		}
	}

	_tally(t) {
		const m = this._m;
		const f = (i) => m._dkw_tally_get(t, i);
		return {
			games: f(0), withFindings: f(1), findings: f(2), warnings: f(3),
			scoresRight: f(4), scoresWrong: f(5), foreign: f(6), foreignSame: f(7),
			foreignExplained: f(8), foreignDiffer: f(9),
		};
	}

	/**
	 * Judge every game of a record (bytes or text of any format dokoref
	 * reads) as `dokoref check` does.  Returns { status, json, text, html,
	 * games, messages, tally }; json is the output of `dokoref check
	 * --format json` for a file called opts.name, byte for byte.
	 */
	judge(input, opts) {
		const walk = this._walk(input, opts);
		for (;;) {
			const step = walk.next();
			if (step.done)
				return step.value;
		}
	}

	/**
	 * `dokoref audit` over a whole file: judged game after game as judge()
	 * judges, calling opts.onProgress({ done, total, game }) before each
	 * game (game: its number in the file) and once at the end (game 0,
	 * done === total), yielding to the event loop between games, so that a
	 * page stays responsive.  Resolves to judge()'s result, except that
	 * json is what `dokoref audit --format json` prints for a file called
	 * opts.name, byte for byte, and status its exit status (the library's
	 * dokoref_audit_json, the program's own code); checkJson holds check's
	 * lines.
	 */
	async audit(input, opts) {
		const o = opts || {};
		const onProgress = typeof o.onProgress === 'function' ? o.onProgress : null;
		// a quick first pass counts the games (read, not judged)
		let total = onProgress ? this._count(input, o) : 0;
		let done = 0;
		const walk = this._walk(input, o);
		try {
			for (;;) {
				const step = walk.next();
				if (step.done) {
					const r = step.value;
					const a = this._auditJson(input, o);
					r.checkJson = r.json;
					r.json = a.json;
					r.status = a.status;
					if (a.message)
						r.messages.push(a.message);
					if (onProgress)
						onProgress({ done, total: Math.max(total, done), game: 0 });
					return r;
				}
				if (onProgress) {
					total = Math.max(total, done + 1);
					onProgress({ done, total, game: step.value });
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
				done++;
			}
		} finally {
			walk.return();
		}
	}

	// `dokoref audit --format json` of the input: { json, status, message }
	// (the message when the program would name an error: a sheet refused,
	// a record that cannot be opened)
	_auditJson(input, o) {
		const m = this._m;
		const written = this._writeFiles(o.files);
		const e = m._dkw_error_new();
		const pStatus = m._malloc(4);
		const pName = this._str(o.name || '<memory>');
		const pRules = this._str(o.rules);
		let pInput = 0, pYaml = 0, pYamlName = 0, rules = 0, rec = 0;
		try {
			if (o.rulesYaml !== undefined && o.rulesYaml !== null) {
				let ylen;
				[pYaml, ylen] = this._bytes(o.rulesYaml);
				pYamlName = this._str(o.rulesName || 'rules.yaml');
				rules = m._dokoref_rules_from_yaml(pYaml, ylen, pYamlName, e);
				if (!rules)
					return { json: '', status: 3, message: this._error(e) };
			}
			let len;
			[pInput, len] = this._bytes(input);
			rec = m._dkw_record_open(pInput, len, pName, pRules, rules,
				o.acceptRuleDifferences ? 1 : 0, Number(o.maxInputSize || 0), e);
			if (!rec)
				return { json: '', status: m._dkw_error_code(e) === E_SYSTEM ? 4 : 3, message: this._error(e) };
			const p = m._dokoref_audit_json(rec, langOf(o.lang), pStatus, e);
			if (!p)
				return { json: '', status: 2, message: this._error(e) };
			const status = new DataView(m.HEAPU8.buffer, pStatus, 4).getInt32(0, true);
			return { json: this._take(p), status, message: null };
		} finally {
			m._dokoref_record_free(rec);
			m._dokoref_rules_free(rules);
			for (const p of [pInput, pName, pRules, pYaml, pYamlName, pStatus, e])
				m._free(p);
			this._removeFiles(written);
		}
	}

	// the number of games of a record that can be judged (0 if it cannot be read)
	_count(input, o) {
		const m = this._m;
		const e = m._dkw_error_new();
		const [p, len] = this._bytes(input);
		const pName = this._str(o.name || '<memory>');
		const pRules = this._str(o.rules);
		let rec = 0, n = 0;
		try {
			rec = m._dkw_record_open(p, len, pName, pRules, 0, 1, 0, e);
			if (!rec)
				return 0;
			for (;;) {
				const item = m._dokoref_record_next(rec);
				if (item === ITEM_ERROR || item === ITEM_END)
					break;
				if (item === ITEM_GAME && m._dokoref_record_game_ok(rec))
					n++;
			}
			return n;
		} finally {
			m._dokoref_record_free(rec);
			m._free(p);
			m._free(pName);
			m._free(pRules);
			m._free(e);
		}
	}
}

/**
 * Load the module: in Node from dokoref.wasm beside this file, in a browser
 * fetched from the same place (opts.wasmUrl, or the bytes in
 * opts.wasmBinary, override it).
 */
export async function createDokoref(opts) {
	const o = opts || {};
	const wasmBinary = await wasmBytes(o);
	let req;
	if (isNode) {
		const { createRequire } = await import('node:module');
		req = createRequire(import.meta.url);
	}
	const createDokorefModule = dokorefGlue(req, '.');
	const module = await createDokorefModule({
		wasmBinary,
		print: () => {},
		printErr: () => {},
	});
	leanErrors(module.FS);
	return new Dokoref(module);
}

// emscripten 3.1.6's file system makes each error it throws with a stack
// trace, demangled; the C library's realpath() meets a dozen (readlink on
// every part of a rule set's path) per record, which made a third of the
// module's time.  The same errors without the trace: their prototype stays,
// so that the glue's `instanceof` checks hold for old and new alike.
function leanErrors(FS) {
	const Made = FS.ErrnoError;
	if (typeof Made !== 'function')
		return;
	function ErrnoError(errno, node) {
		this.node = node;
		this.errno = errno;
	}
	ErrnoError.prototype = Made.prototype;
	Made.prototype.setErrno = function setErrno(errno) {
		this.errno = errno;
	};
	FS.ErrnoError = ErrnoError;
}

export default createDokoref;

// Share links: index.html#doko=<the notation text, UTF-8, base64url>
// &lang=de|en&rules=NAME, and for a table's own rule set
// &yaml=<its YAML text, UTF-8, base64url> (rules= then names it).

export function toBase64url(text) {
	const bytes = new TextEncoder().encode(text);
	let bin = '';
	for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64url(s) {
	const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4);
	const bin = atob(b64);
	const bytes = new Uint8Array(bin.length);
	for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
	return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function shareLink(base, text, lang, rules, yaml) {
	let h = '#doko=' + toBase64url(text);
	if (lang) h += '&lang=' + lang;
	if (rules) h += '&rules=' + encodeURIComponent(rules);
	if (yaml) h += '&yaml=' + toBase64url(yaml);
	return base.replace(/#.*$/, '') + h;
}

// {doko, lang, rules} from a location hash, or null
export function readHash(hash) {
	if (!hash || hash.length < 2) return null;
	const out = {};
	for (const part of hash.slice(1).split('&')) {
		const i = part.indexOf('=');
		if (i < 0) continue;
		out[part.slice(0, i)] = part.slice(i + 1);
	}
	if (!out.doko) return null;
	return {
		doko: fromBase64url(out.doko), lang: out.lang,
		rules: out.rules ? decodeURIComponent(out.rules) : undefined,
		yaml: out.yaml ? fromBase64url(out.yaml) : undefined,
	};
}

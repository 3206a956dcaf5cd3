// tools/web-assets.mjs OUTDIR: the page's part of building the site (run
// by tools/build-web.sh after it has copied web/ into OUTDIR):
//  - the QR code library from node_modules (qrcode-generator, pinned by
//    package-lock.json; `npm ci` first) as OUTDIR/qrcode.mjs, so that
//    nothing is fetched when the page runs;
//  - OUTDIR/sw.js with the list of every file of the site and a version
//    made from their contents, so that the service worker caches all of
//    it on the first visit and a new build replaces the old cache.
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = process.argv[2];
if (!out) { console.error('usage: node tools/web-assets.mjs OUTDIR'); process.exit(2); }
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

const qr = join(src, 'node_modules/qrcode-generator/dist/qrcode.mjs');
if (!existsSync(qr)) {
	console.error(`web-assets: ${relative(process.cwd(), qr)} is missing: run 'npm ci' in ${src} first`);
	process.exit(1);
}
copyFileSync(qr, join(out, 'qrcode.mjs'));


const files = [];
const walk = (d) => {
	for (const f of readdirSync(d).sort()) {
		const p = join(d, f);
		if (statSync(p).isDirectory()) walk(p);
		else files.push(relative(out, p).split('\\').join('/'));
	}
};
walk(out);
const list = files.filter((f) => f !== 'sw.js' && !/\.(map|d\.ts)$/.test(f));
const h = createHash('sha256');
for (const f of list) h.update(f).update(readFileSync(join(out, f)));
const version = h.digest('hex').slice(0, 16);
let sw = readFileSync(join(src, 'web/sw.js'), 'utf8');
sw = sw.replace(/^const VERSION = .*$/m, `const VERSION = '${version}';`)
	.replace(/^const FILES = .*$/m, `const FILES = ${JSON.stringify(['./'].concat(list))};`);
writeFileSync(join(out, 'sw.js'), sw);
console.log(`web-assets: ${list.length} files cached by the service worker, version ${version}`);

// The npm package as a user gets it: `npm pack` of the folder
// tools/build-web.sh made, the tarball installed into an empty project
// (offline: it has no dependencies), and a ten-line example run with Node
// that judges a sample and prints its ruling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npmDir = path.resolve(root, process.env.DOKOREF_NPM || 'build-web/npm');

const example = `import { createDokoref } from 'dokoref';
import { readFileSync } from 'node:fs';

const dk = await createDokoref();
const file = process.argv[2];
const r = dk.judge(readFileSync(file), { name: file, lang: 'en' });
const v = JSON.parse(r.json);
console.log(\`\${v.type} under \${v.rules}: \${v.winner} won, \${r.tally.findings} findings\`);
console.log(dk.rulesets().map((s) => s.name).join(' '));
process.exitCode = r.status;
`;

test('npm pack, install the tarball into an empty project, run an example', () => {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dokoref-npm-'));
	try {
		const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund',
			'--loglevel=error'], { cwd, encoding: 'utf8',
			env: { ...process.env, npm_config_cache: path.join(tmp, 'cache') } });
		const packed = JSON.parse(npm(['pack', npmDir, '--json', '--pack-destination', tmp], tmp));
		const files = packed[0].files.map((f) => f.path).sort();
		assert.deepEqual(files, ['README.md', 'dokoref-glue.js', 'dokoref.wasm', 'index.d.ts',
			'index.js', 'package.json']);
		const project = path.join(tmp, 'project');
		fs.mkdirSync(project);
		fs.writeFileSync(path.join(project, 'package.json'),
			JSON.stringify({ name: 'try-dokoref', private: true, type: 'module' }));
		npm(['install', '--offline', path.join(tmp, packed[0].filename)], project);
		const installed = JSON.parse(fs.readFileSync(
			path.join(project, 'node_modules/dokoref/package.json'), 'utf8'));
		assert.equal(installed.name, 'dokoref');
		assert.equal(installed.dependencies, undefined);
		fs.writeFileSync(path.join(project, 'example.mjs'), example);
		assert.equal(example.trim().split('\n').length, 10);
		const out = execFileSync('node', ['example.mjs',
			path.join(root, 'samples/normal-ddv.xml')], { cwd: project, encoding: 'utf8' });
		assert.equal(out, 'normal under ddv: re won, 0 findings\n' +
			'ddv esslingen-2002 ottendorf-2008 turnier-2022 unsere-2024 wattenscheid-2016\n');
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
});

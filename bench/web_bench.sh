#!/bin/sh
# bench/web_bench.sh: the WebAssembly module against the native program,
# judging every sample (samples/*, as `dokoref check --format json` does).
# Prints figures, asserts nothing: the best of ROUNDS rounds each, the
# native program over all samples in one process, the module over the same
# files in one Node process after loading once; then the ratio (the goal
# is 2x or less), the module's load time (read, compile, instantiate: what
# a page pays before its first ruling) and its first judgement.
# usage: bench/web_bench.sh [NATIVE [NPMDIR [ROUNDS]]]
#   defaults: build/dokoref, build-web/npm (tools/build-web.sh), 5
set -eu
cd "$(dirname "$0")/.."
NATIVE=${1:-build/dokoref}
NPM=${2:-build-web/npm}
ROUNDS=${3:-5}
[ -x "$NATIVE" ] || { echo "no native program at $NATIVE (meson setup build && ninja -C build)" >&2; exit 2; }
[ -f "$NPM/index.js" ] || { echo "no module at $NPM (tools/build-web.sh OUTDIR)" >&2; exit 2; }
export DOKOREF_RULES_PATH=$PWD/rulesets
FILES=$(ls samples/*.xml samples/*.doko)
NFILES=$(echo "$FILES" | wc -l)

best_native=
i=0
while [ $i -lt "$ROUNDS" ]; do
	t0=$(date +%s%N)
	# shellcheck disable=SC2086
	"$NATIVE" check --format json $FILES >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	ms=$(( (t1 - t0) / 1000000 ))
	if [ -z "$best_native" ] || [ "$ms" -lt "$best_native" ]; then best_native=$ms; fi
	i=$((i + 1))
done

# shellcheck disable=SC2086
node --input-type=module - "$PWD/$NPM/index.js" "$ROUNDS" "$best_native" $FILES <<'JS'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [index, rounds, nativeMs, ...files] = process.argv.slice(2);
const data = files.map((f) => readFileSync(f));
let t = performance.now();
const { createDokoref } = await import(pathToFileURL(index));
const dk = await createDokoref();
const loadMs = performance.now() - t;
t = performance.now();
const first = dk.judge(readFileSync('samples/normal-ddv.doko'), { name: 'samples/normal-ddv.doko' });
const firstMs = performance.now() - t;
if (first.games.length !== 1)
	throw new Error('the first judgement judged no game');
let best = Infinity, games = 0;
for (let r = 0; r < Number(rounds); r++) {
	t = performance.now();
	games = 0;
	for (let i = 0; i < files.length; i++)
		games += dk.judge(data[i], { name: files[i], format: 'json' }).games.length;
	best = Math.min(best, performance.now() - t);
}
const n = Number(nativeMs);
console.log(`samples: ${files.length} files, ${games} games; best of ${rounds} rounds`);
console.log(`native (one process, start included): ${n} ms`);
console.log(`wasm (one Node process, loaded):       ${best.toFixed(0)} ms`);
console.log(`wasm/native: ${(best / n).toFixed(2)}x (goal <= 2x)`);
console.log(`module load (read, compile, instantiate): ${loadMs.toFixed(0)} ms`);
console.log(`first ruling after load (normal-ddv.doko, JSON, text, HTML): ${firstMs.toFixed(0)} ms`);
JS
echo "module: $(wc -c <"$NPM/dokoref.wasm") bytes wasm ($(gzip -9 -c "$NPM/dokoref.wasm" | wc -c) gzip -9)," \
	"$(wc -c <"$NPM/dokoref-glue.js") bytes glue ($(gzip -9 -c "$NPM/dokoref-glue.js" | wc -c) gzip -9)"
echo "($NFILES sample files)"

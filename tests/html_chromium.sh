#!/bin/sh
# The HTML page of `dokoref show --format html` in a real browser: headless
# Chromium loads the page of every sample, steps through it by key presses
# (the page plays the keys of its "#keys=..." fragment through its own key
# handler) and the DOM it ends with is checked; a screenshot of each page
# is left in the build directory for a person to look at.  Skips (77)
# where Chromium is missing.
#   html_chromium.sh DOKOREF SOURCE_ROOT OUT_DIR
set -u
dokoref=$1
root=$2
out=$3/html-shots
chromium=$(command -v chromium || command -v chromium-browser) ||
	{ echo "chromium is missing: skipped"; exit 77; }
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT INT TERM
# the flags a closed network and a root user need (no sandbox, no
# background connections)
chrome() {
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$profile" "$@" 2>/dev/null
}
fail=0
# the DOM after the keys: page keys
dom() { chrome --virtual-time-budget=3000 --dump-dom "file://$1#keys=$2"; }
expect() {   # dom-file pattern what
	if ! grep -q -- "$2" "$1"; then
		echo "FAIL: $3: the page does not show '$2'"
		fail=1
	fi
}

cd "$root" || exit 1
for f in samples/*.xml; do
	name=$(basename "$f" .xml)
	"$dokoref" show --format html "$f" > "$out/$name.html" || { echo "FAIL: show $f"; fail=1; continue; }
	expect "$out/$name.html" '<table class="tricks">' "$f has its trick table"
	dom "$out/$name.html" "G" > "$out/$name.end.dom"
	expect "$out/$name.end.dom" 'class="pos">card [0-9]* of [0-9]*, trick [0-9]*' "$f after End (G)"
	chrome --screenshot="$out/$name.png" --window-size=1100,1400 "file://$out/$name.html#keys=G" >/dev/null
	[ -s "$out/$name.png" ] || { echo "FAIL: no screenshot of $f"; fail=1; }
done

# a record with a revoke at card 22: by card, by trick, to the finding
rec=tests/check/findings/revoke--ddv--trump-not-followed.xml
"$dokoref" show --format html "$rec" > "$out/revoke.html"
dom "$out/revoke.html" "l,l,space,ArrowRight" > "$out/r1.dom"
expect "$out/r1.dom" 'class="pos">card 4 of 48, trick 1' "four cards forward"
expect "$out/r1.dom" 'trick 1 to Ottilie, 21 points' "the first trick's winner and points"
dom "$out/revoke.html" "j,j,k,h" > "$out/r2.dom"
expect "$out/r2.dom" 'class="pos">card 3 of 48, trick 1' "two tricks on, one back, one card back"
dom "$out/revoke.html" "f" > "$out/r3.dom"
expect "$out/r3.dom" 'class="pos">card 22 of 48, trick 6' "the next finding"
expect "$out/r3.dom" 'class="now"><div class="bad">revoke (at card 22): Norbert played' "the finding at its card"
expect "$out/r3.dom" 'winning so far: Monika' "who is winning the trick"
expect "$out/r3.dom" 'taken: Monika 2/48 Norbert 1/13 Ottilie 2/47 Peter 0/0 | Re 47 : Kontra 61' "tricks and points taken"
dom "$out/revoke.html" "f,a" > "$out/r4.dom"
expect "$out/r4.dom" 'class="played">played:' "all cards (a)"
dom "$out/revoke.html" "End" > "$out/r5.dom"
expect "$out/r5.dom" 'value: 3 for Re' "the score at the end"
dom "$out/revoke.html" "End,Home" > "$out/r6.dom"
expect "$out/r6.dom" 'class="pos">before the first card' "back to the start (Home)"
# the static page says it all without the script
expect "$out/revoke.html" 'class="bad"><span class="card">♣A</span> <a class="mark" href="#g1-f1">\[1\]</a>' "the finding marked at its card in the static table"
chrome --screenshot="$out/revoke.png" --window-size=1100,1300 "file://$out/revoke.html#keys=f" >/dev/null

# German, and a session with its standings
"$dokoref" show --format html --lang de "$rec" > "$out/revoke-de.html"
dom "$out/revoke-de.html" "f" > "$out/r7.dom"
expect "$out/r7.dom" 'class="pos">Karte 22 von 48, Stich 6' "German position"
expect "$out/r7.dom" '<html lang="de">' "German page"
"$dokoref" show --format html samples/session-unsere-2024.xml > "$out/session.html"
expect "$out/session.html" 'class="standings">standings after the game:' "a session's standings"

# --analyse: the value with best play and the cost of the card just played
# at each position, as `check --analyse --format json` has them
# (tests/dd_expect.py words the JSON's numbers); convert writes the same page
json=$out/dd.json
"$dokoref" check --analyse --analyse-limit 10000 --format json samples/normal-ddv.xml >"$json"
"$dokoref" show --format html --analyse --analyse-limit 10000 samples/normal-ddv.xml >"$out/dd.html"
"$dokoref" convert --analyse --analyse-limit 10000 -o "$out/dd-convert.html" samples/normal-ddv.xml
cmp -s "$out/dd.html" "$out/dd-convert.html" || { echo "FAIL: convert --analyse writes another page than show"; fail=1; }
expect "$out/dd.html" 'class="analysis">  double-dummy analysis' "the analysis in the static page"
dd_at() {   # position, keys to it
	dom "$out/dd.html" "$2" >"$out/dd$1.dom"
	expect "$out/dd$1.dom" "class=\"pos\">card $1 of 48" "--analyse: keys $2 to card $1"
	python3 tests/dd_expect.py "$json" "$1" >"$out/dd$1.want" || fail=1
	while IFS= read -r line; do
		expect "$out/dd$1.dom" "<div>$line</div>" "--analyse at card $1"
	done <"$out/dd$1.want"
}
dd_at 8 "j,j"
dd_at 26 "j,j,j,j,j,j,l,l"
dd_at 40 "j,j,j,j,j,j,j,j,j,j"
dd_at 48 "G"
dom "$out/dd.html" "" >"$out/dd0.dom"
expect "$out/dd0.dom" '<div>best play: not analysed (needs more than 10000 positions' "--analyse at the start"
"$dokoref" show --format html samples/normal-ddv.xml >"$out/no-dd.html"
if grep -q 'class="dd"' "$out/no-dd.html"; then
	echo "FAIL: a page without --analyse has the analysis"; fail=1
fi

[ $fail -eq 0 ] && echo "HTML pages in Chromium: all as expected (screenshots in $out)"
exit $fail

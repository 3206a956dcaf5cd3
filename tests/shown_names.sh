#!/bin/sh
# A file name does not steer the terminal: in every text output for a
# person (check, validate, audit, show, replay, rules, convert, the
# diagnostics FILE:LINE:COL and the usage errors), and in the rule set
# `rules import` writes, a control character in a
# file name is shown as '?' (ESC, the 8-bit CSI 0x9B, a newline), and so
# is a bidirectional override or a zero-width space, a valid UTF-8 name
# as it is, and JSON keeps the name, escaped ("\u001b"), bytes that are no
# UTF-8 as U+FFFD ("\ufffd").
#
#   shown_names.sh DOKOREF SOURCE_ROOT
set -eu
dokoref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export LC_ALL=C NO_COLOR=1 DOKOREF_RULES_PATH="$root/rulesets"
fails=0
fail() { printf 'FAIL: %s\n' "$*"; fails=$((fails + 1)); }

esc=$(printf '\033')
csi=$(printf '\233')
nl='
'
# the name: ESC [31m, a raw 0x9B, a newline; as shown: each one '?'
h="a${esc}[31mred${csi}x${nl}b"
shown='a?[31mred?x?b'
cd "$dir"
cp "$root/samples/normal-ddv.xml" "$h.xml"
cp "$root/tests/check/findings/announce-repeated--ddv--re-twice.xml" "$h-f.xml"
cp "$root/samples/sheet-ddv-planted.csv" "$h.csv"
cp "$root/rulesets/ddv.yaml" "$h.yaml"
printf '<?xml version="1.0"?>\n<dokoref version="1">\n  <game>\n' > "$h-broken.xml"
cp "$root/samples/normal-ddv.xml" "Spielabend-Köln.xml"

# run NAME ARGS...: stdout and stderr of dokoref into NAME.out, NAME.err
run() {
	name=$1
	shift
	"$dokoref" "$@" > "$name.out" 2> "$name.err" || true
}
# has NAME TEXT: NAME's output (both streams) holds the fixed string TEXT
has() {
	cat "$1.out" "$1.err" | grep -qF -- "$2" || {
		fail "$1: no '$2' in:"; cat "$1.out" "$1.err" | head -n 20 | cat -v; }
}

run check check "$h.xml" "$h-f.xml"
has check "$shown.xml, game 1: normal game"
has check "  $shown-f.xml:"
run validate validate "$h.xml"
has validate "$shown.xml: valid (1 game)"
# the brief line of a game with findings, duplicates and their summary
run audit audit "$h.xml" "$h-f.xml" "$h.xml"
has audit "$shown-f.xml, game 1 [id "
has audit "duplicate ($shown.xml, 1)"
has audit "  $shown.xml, game 1 is $shown.xml, game 1"
run audit_verbose audit --verbose "$h-f.xml"
has audit_verbose "  $shown-f.xml:"
run audit_sheet audit "$h.csv"
has audit_sheet "$shown.csv: score sheet"
has audit_sheet "$shown.csv:7:16: game 2"
run show show "$h.xml"
has show "$shown.xml, game 1 - "
# HTML escapes markup, not control characters: the name as in the text
run html show --format html "$h.xml"
has html "<title>$shown.xml</title>"
has html "<h2>$shown.xml, game 1: "
run replay replay --step 4 "$h.xml"
has replay "$shown.xml, game 1"
run rules_check rules check "$h.yaml"
has rules_check "$shown.yaml: valid (rule set 'ddv'"
has rules_check "$shown.yaml:4:7: warning: name 'ddv' differs from the file name"
run rules_show rules show "$h.yaml"
has rules_show "File      $shown.yaml"
run compare check --rules "$h.yaml,ddv" "$h-f.xml"
has compare "$shown-f.xml, game 1, under 2 rule sets"
has compare "  $shown.yaml  "
# a diagnostic with its position
run broken check "$h-broken.xml"
has broken "$shown-broken.xml:"
grep -qF -- "$shown-broken.xml:4:" broken.err ||
	grep -qF -- "$shown-broken.xml:3:" broken.err || fail "broken: no FILE:LINE: $(cat -v broken.err)"
run convert convert "$h-broken.xml" -o "$h-out.xml"
has convert "nothing written to '$shown-out.xml'"
run missing check "$h-missing.xml"
has missing "$shown-missing.xml"
run merge audit --merge "$h-broken.xml"
has merge "$shown-broken.xml:1: error: not a line of"
run usage check --game "$h" "$h.xml"
has usage "not '$shown'"

# rules import names its source in the rule set it writes (a comment,
# the title, each value's source): as shown, so that a newline does not
# end the comment and start a line of YAML, and the file loads
cp "$root/tests/freedoko/rules.standard.FreeDoko-rules" "$h.FreeDoko-rules"
"$dokoref" rules import "$h.FreeDoko-rules" -o imported.yaml > import.out 2> import.err || true
grep -qF "# Converted by dokoref from the FreeDoko rules in $shown.FreeDoko-rules." imported.yaml ||
	fail "rules import: the source's name not shown in the comment: $(head -n 2 imported.yaml | cat -v)"
if grep -q '^b\.FreeDoko' imported.yaml; then fail "rules import: the name broke its line"; fi
if grep -q "$esc" imported.yaml; then fail "rules import: an ESC byte in the rule set"; fi
if grep -q "$csi" imported.yaml; then fail "rules import: a 0x9B byte in the rule set"; fi
run import_check rules check imported.yaml
has import_check "imported.yaml: valid"

# none of them let a control character of the name through (nor, in a
# sanitizer build, leaked what showing it took)
for f in *.out *.err; do
	if grep -Eq 'Sanitizer|runtime error' "$f"; then fail "$f: $(head -n 20 "$f")"; fi
	if grep -q "$esc" "$f"; then fail "$f: an ESC byte: $(cat -v "$f" | head -n 5)"; fi
	if grep -q "$csi" "$f"; then fail "$f: a 0x9B byte: $(cat -v "$f" | head -n 5)"; fi
	# the newline in the name would start a line with what follows it
	if grep -Eq '^b(-f|-broken|-out|-missing)?\.(xml|csv|yaml)' "$f"; then
		fail "$f: the name broke its line: $(grep -E '^b' "$f" | head -n 3)"; fi
done

# a valid UTF-8 name is shown as it is
run utf8 check "Spielabend-Köln.xml"
has utf8 "Spielabend-Köln.xml, game 1: normal game"
run utf8_validate validate "Spielabend-Köln.xml"
has utf8_validate "Spielabend-Köln.xml: valid (1 game)"

# a bidirectional override reorders what follows it ("game" RLO "lmx.exe"
# displays as "gameexe.xml"), a zero-width space hides in a name: each is
# shown as '?' too; JSON keeps them (they are valid UTF-8)
rlo=$(printf '\342\200\256')
zwsp=$(printf '\342\200\213')
bidi="ga${zwsp}me${rlo}lmx"
cp "$root/samples/normal-ddv.xml" "$bidi.xml"
run bidi check "$bidi.xml"
has bidi "ga?me?lmx.xml, game 1: normal game"
run bidi_validate validate "$bidi.xml"
has bidi_validate "ga?me?lmx.xml: valid (1 game)"
run bidi_missing check "$bidi-missing.xml"
has bidi_missing "ga?me?lmx-missing.xml"
for f in bidi*.out bidi*.err; do
	if grep -qe "$rlo" -e "$zwsp" "$f"; then fail "$f: an invisible character: $(head -n 5 "$f")"; fi
done
"$dokoref" check --format json "$bidi.xml" > bidi.json 2>&1 || true
grep -qF "\"file\":\"$bidi.xml\"" bidi.json || fail "JSON: the name not kept: $(head -c 200 bidi.json)"

# JSON keeps the name, escaped by the JSON writer
"$dokoref" check --format json "$h.xml" > json.txt 2>&1 || true
grep -qF '"file":"a\u001b[31mred' json.txt || fail "JSON: the name not escaped as \\u001b: $(head -c 200 json.txt | cat -v)"
grep -qF 'x\nb.xml"' json.txt || fail "JSON: the newline not escaped as \\n: $(head -c 200 json.txt | cat -v)"

# JSON is UTF-8 (RFC 8259): the raw 0x9B of the name, no UTF-8, is written
# as \ufffd by every JSON writer, so that a strict decoder (Python's
# json.loads on the bytes) reads each output; the HTML page (its title and
# its data) is UTF-8 too
json_ok() {
	if grep -q "$csi" "$1"; then fail "$1: a raw 0x9B byte: $(head -c 300 "$1" | cat -v)"; fi
	iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1 || fail "$1: not UTF-8: $(head -c 300 "$1" | cat -v)"
	[ "${2-}" = html ] && return 0
	# (what --merge reads is \ufffd already: it writes the character)
	[ "${2-}" = merged ] ||
		grep -qF 'red\ufffdx\nb' "$1" || fail "$1: the 0x9B not as \\ufffd: $(head -c 300 "$1" | cat -v)"
	if command -v python3 > /dev/null 2>&1; then
		python3 -c 'import json, sys
for line in open(sys.argv[1], "rb"):
    if line.strip():
        json.loads(line)' "$1" 2> py.err || fail "$1: json.loads: $(tail -n 1 py.err)"
	fi
}
"$dokoref" check --format json "$h.xml" "$h-f.xml" > j_check.json 2> j_check_json.err || true
json_ok j_check.json
"$dokoref" audit --format json "$h.xml" "$h-f.xml" "$h.xml" > j_audit.json 2> j_audit_json.err || true
json_ok j_audit.json
grep -qF '"first_file":"a\u001b[31mred\ufffdx\nb.xml"' j_audit.json ||
	fail "audit JSON: the duplicate's first file: $(tail -n 1 j_audit.json | cat -v)"
cp "$h.xml" "$h-copy.xml"
"$dokoref" audit --format jsonl "$h.xml" "$h-f.xml" "$h-copy.xml" > j_audit.jsonl 2> j_audit_jsonl.err || true
json_ok j_audit.jsonl
"$dokoref" audit --merge --format json j_audit.jsonl > j_merge.json 2> j_merge_json.err || true
json_ok j_merge.json merged
# (by name, as a glob sorts: "-copy" before ".xml")
grep -qF "\"first_file\":\"a\\u001b[31mred$(printf '\357\277\275')x\\nb-copy.xml\"" j_merge.json ||
	fail "merge JSON: the duplicate's first file: $(cat -v j_merge.json)"
"$dokoref" audit --format json "$h.csv" > j_sheet.json 2> j_sheet_json.err || true
json_ok j_sheet.json
"$dokoref" check --format json --rules "$h.yaml,ddv" "$h-f.xml" > j_compare.json 2> j_compare_json.err || true
json_ok j_compare.json
"$dokoref" show --format html "$h.xml" > j_page.html 2> j_page_html.err || true
json_ok j_page.html html

# audit --merge reads player names from JSON lines that no record reader
# has screened: "\u001b" there is an ESC, a raw 0x9B byte stays one; its
# text shows each name as a file name is shown (the wrong session's line,
# the standings), its JSON keeps them (0x9B as \ufffd)
part='"carried":false,"bock_end":0,"selected":true,"games":1,"with_findings":0,"with_sheet":0,"findings":{},"session_findings":{},"scores_right":1,"scores_wrong":0,"off_total":0,"off_max":0,"off_max_index":0'
{
	printf '{"file":"night.xml","part":1,"session":1,"players":"x",%s,"first_wrong_index":1,"totals":true,"totals_wrong":true,"finding":false,"final":[["Anna\\u001b]0;owned\\u0007",2,3],["Ben\\u009b2J",-2,-3],["Cl\\u202eara",2,2],["Da\\u200bvid\\nX",-2,-2]],"ids":["21f4416279225f79:1"],"out":[]}\n' "$part"
	printf '{"file":"night.xml","status":1,"parts":1,"end":true}\n'
	printf '{"file":"night2.xml","part":1,"session":0,"players":"",%s,"first_wrong_index":0,"totals":false,"totals_wrong":false,"finding":false,"final":[["Eve\233raw",1],["F\377rank",1]],"ids":["11f4416279225f79:1"],"out":[]}\n' "$part"
	printf '{"file":"night2.xml","status":0,"parts":1,"end":true}\n'
} > hostile.jsonl
run hostile_merge audit --merge hostile.jsonl
has hostile_merge "night.xml, session 1: correct final standings Anna?]0;owned? +2, Ben?2J -2, Cl?ara +2, Da?vid?X -2; recorded Anna?]0;owned? +3, Ben?2J -3, Cl?ara +2, Da?vid?X -2"
has hostile_merge "correct standings over all sessions: Anna?]0;owned? +2, Cl?ara +2, Eve?raw +1, F?rank +1, Ben?2J -2, Da?vid?X -2"
run hostile_merge_de audit --merge --lang de hostile.jsonl
has hostile_merge_de "Anna?]0;owned? +2, Cl?ara +2, Eve?raw +1, F?rank +1, Ben?2J -2, Da?vid?X -2"
for f in hostile_merge*.out hostile_merge*.err; do
	if grep -q "$esc" "$f"; then fail "$f: an ESC byte: $(cat -v "$f" | head -n 8)"; fi
	if grep -q "$csi" "$f"; then fail "$f: a 0x9B byte: $(cat -v "$f" | head -n 8)"; fi
	if grep -qe "$rlo" -e "$zwsp" -e "$(printf '\302\233')" -e "$(printf '\377')" "$f"; then
		fail "$f: a C1 control, an invisible character or no UTF-8: $(cat -v "$f" | head -n 8)"; fi
	if grep -q '^X' "$f"; then fail "$f: a name broke its line: $(cat -v "$f" | head -n 8)"; fi
done
"$dokoref" audit --merge --format json hostile.jsonl > hostile_merge.json 2> hostile_merge_json.err || true
grep -qF '{"player":"Anna\u001b]0;owned\u0007","points":2},{"player":"Cl'"$rlo"'ara","points":2},{"player":"Eve\ufffdraw","points":1}' hostile_merge.json ||
	fail "merge JSON: the names not kept: $(cat -v hostile_merge.json)"

# nor did writing the JSON trip a sanitizer
for f in *.err; do
	if grep -Eq 'Sanitizer|runtime error' "$f"; then fail "$f: $(head -n 20 "$f")"; fi
done

[ "$fails" -eq 0 ] || { echo "$fails failures"; exit 1; }
echo "control and invisible characters in names shown as '?' in text; JSON escaped, in valid UTF-8"

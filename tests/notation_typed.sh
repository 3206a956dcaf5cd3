#!/bin/sh
# Games typed from a description, as a person who read only the format page
# would type them, are judged from standard input:
#   - tests/notation/typed/transcript.doko, typed from description.txt;
#   - the whole game in the guide, docs/guide.md (it must stay under 30
#     lines);
#   - the game of section 1 of formats/dokoref-notation.md.
# The figures printed (characters typed, lines) are the size of the typing.
#
#   notation_typed.sh DOKOREF SOURCE_ROOT
set -eu
dokoref=$1
root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

judge() {  # judge FILE EXPECTED-RECORDED-LINE
	if ! "$dokoref" check - < "$1" > "$dir/out" 2> "$dir/err"; then
		echo "$1: check fails:"; cat "$dir/out" "$dir/err"; exit 1
	fi
	grep -q '^  no findings$' "$dir/out" || { echo "$1: findings:"; cat "$dir/out"; exit 1; }
	grep -qF "$2" "$dir/out" || { echo "$1: not '$2':"; cat "$dir/out"; exit 1; }
}

t="$root/tests/notation/typed/transcript.doko"
judge "$t" "recorded: Emil +6, Frieda -6, Gustav -6, Hanna +6: right"
echo "transcript: $(wc -l < "$t") lines, $(wc -m < "$t") characters typed"

# the first ``` block after a heading
block() {
	awk -v h="$2" '$0 == h { on = 1; next } on && /^```/ { if (inb) exit; inb = 1; next }
		on && inb { print }' "$1"
}
block "$root/docs/guide.md" "## Typing a game: the notation" > "$dir/readme.doko"
n=$(wc -l < "$dir/readme.doko")
[ "$n" -ge 10 ] && [ "$n" -lt 30 ] || { echo "the guide's game has $n lines"; exit 1; }
judge "$dir/readme.doko" "recorded: Anna +2, Ben -2, Clara +2, David -2: right"
echo "guide: a whole game in $n lines"

block "$root/formats/dokoref-notation.md" "## 1. A whole game" > "$dir/page.doko"
judge "$dir/page.doko" "recorded: Anna +2, Ben -2, Clara +2, David -2: right"
echo "format page: its game judged"

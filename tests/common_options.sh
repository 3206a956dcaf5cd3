#!/bin/sh
# The options several commands share (--game, --format, --lang, --color,
# --max-input-size, --rules) are parsed in one place (src/cli/options.c):
# every command that takes one refuses a bad value with the same words,
# "dokoref CMD: --OPTION takes WHAT, not 'VALUE'", a hint on the second
# line, nothing on standard output and exit status 2 (usage, dokoref(1)
# EXIT STATUS); every word a --format error lists is one the command takes;
# a missing value and an unknown option are refused alike; and each shared
# option's lines in --help are the same in every command.
#
#   common_options.sh DOKOREF SOURCE_ROOT
set -eu
dokoref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export LC_ALL=C NO_COLOR=1 DOKOREF_RULES_PATH="$root/rulesets"
fails=0
runs=0
fail() { printf 'FAIL: %s\n' "$*"; fails=$((fails + 1)); }
sample=$root/samples/normal-ddv.xml
cd "$dir"

# refused CMD OPTION VALUE WHAT: `dokoref CMD OPTION VALUE FILE` prints
# "dokoref CMD: OPTION takes WHAT, not 'VALUE'" and the hint, exit 2
refused() {
	cmd=$1 opt=$2 value=$3 what=$4
	runs=$((runs + 1))
	status=0
	# shellcheck disable=SC2086
	"$dokoref" $cmd "$opt" "$value" "$sample" > out 2> err || status=$?
	first=${cmd%% *}
	printf "dokoref %s: %s takes %s, not '%s'\nTry 'dokoref %s --help' for more information.\n" \
		"$first" "$opt" "$what" "$value" "$first" > want
	[ "$status" -eq 2 ] || fail "$cmd $opt $value: exit status $status, not 2"
	[ -s out ] && fail "$cmd $opt $value: wrote to standard output"
	cmp -s err want || { fail "$cmd $opt $value: standard error is"; cat err; }
}

game='a game number from 1 on'
lang='de or en'
color='auto, always or never'
size='a size such as 512M or 2G'

# the commands and the shared options each takes (its --help lists them)
for cmd in check show replay convert audit; do
	for bad in 0 x 3x -1 +2 '' 99999999999999999999; do
		refused "$cmd" --game "$bad" "$game"
	done
done
for cmd in check show replay convert validate audit; do
	refused "$cmd" --lang fr "$lang"
	refused "$cmd" --lang '' "$lang"
	refused "$cmd" --max-input-size lots "$size"
done
for cmd in check show replay validate audit 'rules list'; do
	refused "$cmd" --color sometimes "$color"
done
refused check --format yaml 'text or json'
refused show --format pdf 'text or html'
refused audit --format xml 'text, json or jsonl'

# every word a --format error lists is taken (--help after it: exit 0)
for cmd in check show audit; do
	"$dokoref" "$cmd" --format '?' "$sample" 2> err > /dev/null || true
	words=$(sed -n "s/^dokoref $cmd: --format takes \\(.*\\), not '?'\$/\\1/p" err |
		sed 's/,//g; s/ or / /')
	[ -n "$words" ] || fail "$cmd: no --format words in: $(cat err)"
	for w in $words; do
		runs=$((runs + 1))
		"$dokoref" "$cmd" --format "$w" --help > /dev/null 2> err ||
			fail "$cmd --format $w: refused: $(cat err)"
	done
done

# a missing value and an unknown option: the same two lines everywhere
for cmd in check show replay convert validate audit rules; do
	runs=$((runs + 1))
	status=0
	"$dokoref" "$cmd" --frobnicate > out 2> err || status=$?
	printf "dokoref %s: unknown option '--frobnicate'\nTry 'dokoref %s --help' for more information.\n" \
		"$cmd" "$cmd" > want
	[ "$status" -eq 2 ] || fail "$cmd --frobnicate: exit status $status, not 2"
	cmp -s err want || { fail "$cmd --frobnicate: standard error is"; cat err; }
	status=0
	"$dokoref" "$cmd" --color > out 2> err || status=$?
	[ "$cmd" = convert ] && continue   # it takes no --color
	printf "dokoref %s: option '--color' needs a value\nTry 'dokoref %s --help' for more information.\n" \
		"$cmd" "$cmd" > want
	[ "$status" -eq 2 ] || fail "$cmd --color: exit status $status, not 2"
	cmp -s err want || { fail "$cmd --color: standard error is"; cat err; }
done

# help_lines CMD OPTION: OPTION's first entry in CMD's --help (its line
# and the indented ones under it, up to the next option)
help_lines() {
	"$dokoref" "$1" --help | awk -v opt="$2" '
		/^  -/ { if (on) done = 1; on = !done && index($0, "  " opt " ") == 1 }
		/^[^ ]/ || /^$/ { if (on) done = 1; on = 0 }
		on'
}
same_help() {
	opt=$1
	shift
	help_lines "$1" "$opt" > first
	[ -s first ] || fail "$1 --help: no $opt"
	for cmd in "$@"; do
		runs=$((runs + 1))
		help_lines "$cmd" "$opt" > this
		cmp -s first this || { fail "$cmd --help: $opt differs from $1's:"; cat this; }
	done
}
same_help --lang check show replay convert validate audit
same_help --rules check show replay convert validate audit
same_help --max-input-size check show replay convert validate audit
same_help --color check show replay validate audit

echo "$runs runs, $fails failed"
[ "$fails" -eq 0 ]

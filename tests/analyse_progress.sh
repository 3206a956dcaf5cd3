#!/bin/sh
# dokoref check --analyse shows where a long double-dummy analysis is on
# standard error when that is a terminal: one line, redrawn in place from
# the analysis's first second on, no wider than the terminal, wiped
# before the report; nothing when standard error is not a terminal.  The
# terminal is script(1)'s; without it, or without pseudo-terminals, the
# test is skipped.  The game takes about 3 s to analyse without a limit
# (9.2 million positions; longer under the sanitizers).
#
#   analyse_progress.sh DOKOREF GAME
set -eu
dokoref=$1
game=$2
command -v script >/dev/null 2>&1 || exit 77
script -qec true /dev/null >/dev/null 2>&1 || { echo "no pseudo-terminal here: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*"; exit 1; }

run="\"$dokoref\" check --analyse --analyse-limit 0 \"$game\""
script -qec "stty cols 120; $run" /dev/null > "$dir/tty" || true
# the lines drawn, one per carriage return
tr '\r' '\n' < "$dir/tty" | sed 's/\x1b\[K//g' > "$dir/lines"
name=$(basename "$game")
grep -Eq "^$name game 1: analysing game position [0-9]+ of 41, [0-9.]+ [KMG] searched, 0:[0-9][0-9]\$" "$dir/lines" || {
	echo "no progress line on a terminal:"; head -c 600 "$dir/tty"; exit 1; }
# counted up to the first card's position, which is the last solved
grep -q "analysing game position 41 of 41" "$dir/lines" || fail "the first card's position never shown"
# wiped before the report: the report's first line is drawn over it, on
# a row just erased
awk -v name="$name, game 1" -v esc="$(printf '\033')" -F '\r' '
	{ for (i = 1; i <= NF; i++) if (index($i, name)) { seen = 1; if (index($i, esc "[K") != 1) bad = 1 } }
	END { exit !(seen && !bad) }' "$dir/tty" || {
	echo "the progress line not wiped before the report:"; head -c 300 "$dir/tty" | cat -v; exit 1; }
grep -q "double-dummy analysis" "$dir/tty" || fail "no analysis in the report"

# narrower terminals: each line fits in one row; at 70 columns the name
# is cut at its start, keeping the game's number; at 40 the figures alone
script -qec "stty cols 70; $run" /dev/null > "$dir/tty2" || true
tr '\r' '\n' < "$dir/tty2" | sed 's/\x1b\[K//g' | grep 'analysing game position' > "$dir/lines2" ||
	fail "no progress line on a terminal of 70 columns"
awk 'length($0) > 69 { print "wider than the terminal: " $0; bad = 1 } END { exit bad }' "$dir/lines2"
grep -q '^\.\.\..*game 1: analysing' "$dir/lines2" || fail "the name not cut at its start: $(head -n 1 "$dir/lines2")"
script -qec "stty cols 40; $run" /dev/null > "$dir/tty3" || true
tr '\r' '\n' < "$dir/tty3" | sed 's/\x1b\[K//g' | grep 'analysing game' > "$dir/lines3" ||
	fail "no progress line on a terminal of 40 columns"
awk 'length($0) > 39 { print "wider than the terminal: " $0; bad = 1 } END { exit bad }' "$dir/lines3"

# standard error not a terminal: nothing on it
"$dokoref" check --analyse --analyse-limit 0 "$game" > "$dir/out" 2> "$dir/err"
if [ -s "$dir/err" ]; then echo "standard error not a terminal, but:"; cat "$dir/err"; exit 1; fi
grep -q "double-dummy analysis" "$dir/out" || fail "no analysis without a terminal"
echo "progress of the analysis only on a terminal, in one row"

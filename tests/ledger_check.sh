#!/bin/sh
# bench/ledger.sh: a game analysed from its first card, an irregular
# record and a game stopped at the processor-time cap each get their line
# in the ledger, a game thrown in none; a second run leaves out the game
# analysed before; the summary counts each kind, gives the figures of
# the whole analyses and names the games not analysed; with -k a game
# over the cap keeps its table and goes on from it.
#   ledger_check.sh SEARCH_BENCH SOURCE_ROOT
set -eu
bench=$1
src=$2
build=$(dirname "$(dirname "$bench")")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LEDGER=$tmp/analysed.tsv
export LEDGER
fail() { echo "ledger_check: $*" >&2; cat "$LEDGER" >&2; exit 1; }

quick=tests/search/ddv--silent-marriage-11-left.xml
# a card out of turn made up: two positions cannot be searched, the
# analysis passes over them to the first card (40 cards, no nines)
irregular=tests/check/findings/out-of-turn--turnier-2022--passed-over-player-makes-up.xml
heavy=samples/normal-ddv.xml
thrown=tests/check/legal/esslingen-2002--throw-in-five-kings.xml   # no play
# a generous cap for the quick game (a sanitizer build is slow), a
# small one for the heavy game, which takes minutes
"$src/bench/ledger.sh" -c 120 -b "$build" "$quick" "$irregular" "$thrown" > "$tmp/out"
"$src/bench/ledger.sh" -c 2 -b "$build" "$heavy" >> "$tmp/out"
[ "$(grep -vc '^#' "$LEDGER")" = 3 ] || fail "three lines expected"
awk -F '\t' -v f="$quick" '$1 == f && $2 == 1 && $3 == "whole" && $4 == 48 && $5 ~ /^[0-9]+$/ && $5 > 0 && $6 ~ /^[0-9.]+$/ { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "no whole analysis of $quick"
awk -F '\t' -v f="$irregular" '$1 == f && $3 == "irregular" && $4 == 40 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "$irregular not marked irregular, with its 40 cards"
awk -F '\t' -v f="$heavy" '$1 == f && $3 == "over" && $4 == "-" && $6 == 2 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "$heavy not stopped at the cap"
grep -q "^$quick game 1: whole, 48 cards" "$tmp/out" || fail "no progress line for $quick"
grep -q "^$irregular game 1: irregular, 40 cards" "$tmp/out" || fail "no progress line for $irregular"

# search_bench -p: the positions each of the game's positions took, one
# figure per position from the first card's to the last's, adding up to
# the analysis's positions
"$bench" -t 1 -a 0 -l 0 -p "$src/$quick" > "$tmp/per"
total=$(sed -n 's/^.*analysis of 48 cards, \([0-9]*\) positions.*$/\1/p' "$tmp/per")
sed -n 's/^  positions to solve the position after card n, n = 0\.\.48://p' "$tmp/per" |
	awk -v total="$total" '{ for (i = 1; i <= NF; i++) { if ($i !~ /^[0-9]+$/) exit 1; s += $i } exit !(NF == 49 && total > 0 && s == total) }' ||
	{ cat "$tmp/per" >&2; fail "-p: the positions by position do not add up to the analysis's"; }

# again: the whole analysis is not repeated, the game over the cap is
# with a larger cap, and not with one as small
"$src/bench/ledger.sh" -c 3 -b "$build" "$quick" "$heavy" > "$tmp/out2"
[ "$(grep -vc '^#' "$LEDGER")" = 4 ] || fail "only the game over the cap should run again"
grep -q "$quick" "$tmp/out2" && fail "$quick analysed twice"
"$src/bench/ledger.sh" -c 3 -b "$build" "$heavy" > "$tmp/out3"
[ "$(grep -vc '^#' "$LEDGER")" = 4 ] || fail "$heavy run again with the same cap"

# the summary: the last stop counts, a file never run is "not run", a
# game thrown in is no play
"$src/bench/ledger.sh" -s -b "$build" "$quick" "$irregular" "$heavy" tests/search/seat-twice-in-trick.xml "$thrown" > "$tmp/sum"
grep -Eq '^tests/search +2 +1 +0 +0 +1 +0$' "$tmp/sum" || { cat "$tmp/sum" >&2; fail "tests/search counts"; }
grep -Eq '^tests/check/findings +1 +0 +1 +0 +0 +0$' "$tmp/sum" || { cat "$tmp/sum" >&2; fail "irregular counts"; }
grep -q "^  $irregular game 1, its last 40 cards analysed\$" "$tmp/sum" || { cat "$tmp/sum" >&2; fail "the irregular record not named"; }
grep -Eq '^samples +1 +0 +0 +1 +0 +0$' "$tmp/sum" || { cat "$tmp/sum" >&2; fail "samples counts"; }
grep -Eq '^tests/check/legal +0 +0 +0 +0 +0 +1$' "$tmp/sum" || { cat "$tmp/sum" >&2; fail "no play"; }
grep -q "^  $heavy game 1: over 3 s$" "$tmp/sum" || { cat "$tmp/sum" >&2; fail "the last stop"; }
grep -q "^  tests/search/seat-twice-in-trick.xml game 1: not run$" "$tmp/sum" || { cat "$tmp/sum" >&2; fail "not run"; }
grep -Eq '^whole analyses: 1; processor time median ([0-9.]+ s), p90 \1, slowest \1 \(0\.0 h in all\)$' "$tmp/sum" ||
	{ cat "$tmp/sum" >&2; fail "the figures of one whole analysis"; }

# -k: a game stopped at the cap keeps its table and goes on from it in
# the next run, whatever cap it had; its line counts every run (the
# seconds in all, a ninth column with the runs) and says how many of the
# game's last cards were analysed; the summary says the table is kept
# and how far the analysis got; another solver's table is not taken up; a game
# analysed whole leaves no table
LEDGER=$tmp/kept.tsv
keep=$tmp/tables
table="$keep/$(printf '%s' "$heavy" | tr / %)#1.table"
"$src/bench/ledger.sh" -c 2 -k "$keep" -b "$build" -r one "$heavy" > "$tmp/k1"
[ -s "$table" ] || fail "no table kept for $heavy"
awk -F '\t' -v f="$heavy" '$1 == f && $3 == "over" && $4 ~ /^[0-9]+$/ && $4 < 48 && $6 >= 2 && $7 == "one" && $9 == 1 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "the first run of $heavy with -k (and how many of its last cards it analysed)"
grep -Eq "^$heavy game 1: over [0-9]+ s \(its last [0-9]+ cards analysed\)\$" "$tmp/k1" ||
	{ cat "$tmp/k1" >&2; fail "the progress line of a stop with -k"; }
"$src/bench/ledger.sh" -c 2 -k "$keep" -b "$build" -r one "$heavy" > "$tmp/k2"
[ "$(grep -vc '^#' "$LEDGER")" = 2 ] || fail "$heavy not run again from its table"
awk -F '\t' -v f="$heavy" '$1 == f && $3 == "over" && $6 >= 4 && $9 == 2 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "the second run of $heavy with -k does not count both runs"
"$src/bench/ledger.sh" -s -k "$keep" -b "$build" "$heavy" > "$tmp/ksum"
grep -Eq "^  $heavy game 1: over [0-9]+ s, table kept, its last [0-9]+ cards analysed\$" "$tmp/ksum" ||
	{ cat "$tmp/ksum" >&2; fail "the kept table, or the cards analysed, not in the summary"; }
"$src/bench/ledger.sh" -c 2 -k "$keep" -b "$build" -r two "$heavy" > "$tmp/k3"
awk -F '\t' -v f="$heavy" 'NR == 4 && $1 == f && $3 == "over" && $7 == "two" && $9 == 1 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "another solver took up the table of $heavy"
"$src/bench/ledger.sh" -c 120 -k "$keep" -b "$build" -r one "$quick" > "$tmp/k4"
awk -F '\t' -v f="$quick" '$1 == f && $3 == "whole" && $4 == 48 && $9 == 1 { ok = 1 } END { exit !ok }' "$LEDGER" ||
	fail "no whole analysis of $quick with -k"
[ ! -e "$keep/$(printf '%s' "$quick" | tr / %)#1.table" ] || fail "a table kept for $quick, analysed whole"

# the figures, on a ledger written here: the last whole (or irregular)
# line of a game counts, the quantiles by nearest rank
LEDGER=$tmp/figures.tsv
printf '%s\t1\twhole\t48\t2500\t30.0\tx\td\n' "$quick" > "$LEDGER"
printf '%s\t1\twhole\t48\t9999\t99.0\tx\td\n' "$quick" >> "$LEDGER"
printf '%s\t1\twhole\t48\t7000000000\t5400\tx\td\n' "$heavy" >> "$LEDGER"
printf '%s\t1\twhole\t48\t1500000\t90\tx\td\n' tests/search/seat-twice-in-trick.xml >> "$LEDGER"
"$src/bench/ledger.sh" -s -b "$build" "$quick" "$heavy" tests/search/seat-twice-in-trick.xml > "$tmp/fig"
grep -q '^whole analyses: 3; processor time median 1.6 min, p90 1.50 h, slowest 1.50 h (1.6 h in all)$' "$tmp/fig" ||
	{ cat "$tmp/fig" >&2; fail "the processor times of three whole analyses"; }
grep -q '^positions median 1.5 M, p90 7.00 G, most 7.00 G$' "$tmp/fig" ||
	{ cat "$tmp/fig" >&2; fail "the positions of three whole analyses"; }
# run again by a solver that refuses positions the first one searched:
# the game counts as irregular, its whole line no more
printf '%s	1	irregular	20	500	1.0	y	d
' tests/search/seat-twice-in-trick.xml >> "$LEDGER"
"$src/bench/ledger.sh" -s -b "$build" "$quick" "$heavy" tests/search/seat-twice-in-trick.xml > "$tmp/fig"
grep -q '^tests/search  *2  *1  *1  *0  *0  *0$' "$tmp/fig" &&
grep -q '^whole analyses: 2; processor time median 1.6 min, p90 1.50 h, slowest 1.50 h (1.5 h in all)$' "$tmp/fig" ||
	{ cat "$tmp/fig" >&2; fail "a whole analysis followed by an irregular one"; }

# a game begun again from nothing after a longer attempt (its table
# lost): the summary gives the last stop, where the kept table stands,
# and names the longer one before it
LEDGER=$tmp/again.tsv
printf '%s\t1\tover\t-\t-\t300\tx\td\n' "$heavy" > "$LEDGER"
printf '%s\t1\tover\t47\t-\t6431\tx\td\t2\n' "$heavy" >> "$LEDGER"
printf '%s\t1\tover\t46\t-\t3226\ty\td\t1\n' "$heavy" >> "$LEDGER"
printf '%s\t1\tover\t47\t-\t4170\ty\td\t2\n' "$heavy" >> "$LEDGER"
"$src/bench/ledger.sh" -s -b "$build" "$heavy" > "$tmp/again"
grep -q "^  $heavy game 1: over 4170 s, its last 47 cards analysed; an earlier attempt over 6431 s, its last 47 cards analysed\$" "$tmp/again" ||
	{ cat "$tmp/again" >&2; fail "a game begun again: the last stop and the longer one before it"; }
grep -Eq '^samples +1 +0 +0 +1 +0 +0$' "$tmp/again" || { cat "$tmp/again" >&2; fail "a game begun again counted once"; }
echo "ledger_check: ok"

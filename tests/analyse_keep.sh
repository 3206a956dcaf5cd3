#!/bin/sh
# dokoref check --analyse-keep DIR: an analysis stopped by its limit keeps
# the solver's table in DIR, the next run of the same game goes on from
# it (further, or as far, with the same limit), a run that reaches the
# first card removes it and gives the values a fresh analysis gives;
# another rule set does not take the table up, a damaged one is refused
# and the analysis starts afresh; DIR must be a directory, and the
# option goes with --analyse; --analyse-memory bounds the table (and
# whether a kept one is taken up).  The game takes about 3 s without a limit.
#
#   analyse_keep.sh DOKOREF GAME
set -eu
dokoref=$1
game=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
keep=$dir/keep
mkdir "$keep"

# the analysis's cards (values before and after each), its first card and
# whether it is limited, from check --format json
cards() { python3 -c '
import json, sys
a = json.JSONDecoder().raw_decode(sys.stdin.read().lstrip())[0]["analysis"]
print(a["first_card"], a["limited"])
for c in a["cards"]:
    print(c["trick"], c["card"], c["re_before"], c["re_after"])'; }

# usage errors
if "$dokoref" check --analyse --analyse-keep "$dir/none" "$game" > /dev/null 2> "$dir/err"; then
	fail "a missing directory taken"
else
	[ $? -eq 2 ] || fail "a missing directory: exit status not 2"
fi
grep -q "analyse-keep '$dir/none': No such file or directory" "$dir/err" ||
	fail "a missing directory: $(cat "$dir/err")"
"$dokoref" check --analyse-keep "$keep" "$game" > /dev/null 2> "$dir/err" && fail "without --analyse"
grep -q "analyse-keep goes with --analyse" "$dir/err" || fail "without --analyse: $(cat "$dir/err")"

# stopped by the limit: the table is kept
"$dokoref" check --format json --analyse --analyse-limit 300000 --analyse-keep "$keep" "$game" \
	2> "$dir/err1" | cards > "$dir/run1" || true
set -- "$keep"/*.table
[ $# -eq 1 ] && [ -f "$1" ] || fail "no table kept: $(ls -a "$keep")"
table=$1
grep -q "^dokoref check: analysed from card [0-9]* on; the solver's table (256 MiB) is kept in '$table'" \
	"$dir/err1" || fail "the table kept, not said: $(cat "$dir/err1")"
first1=$(head -n 1 "$dir/run1" | cut -d' ' -f1)
[ "$(head -n 1 "$dir/run1" | cut -d' ' -f2)" = True ] || fail "the first run was not limited"

# the same command goes on from it
"$dokoref" check --format json --analyse --analyse-limit 300000 --analyse-keep "$keep" "$game" \
	2> "$dir/err2" | cards > "$dir/run2" || true
grep -q "going on from the table kept in '$table'" "$dir/err2" || fail "not taken up: $(cat "$dir/err2")"
first2=$(head -n 1 "$dir/run2" | cut -d' ' -f1)
[ "$first2" -le "$first1" ] || fail "the second run starts later ($first2) than the first ($first1)"

# another rule set (the game's, but the first of two ♥10 wins): not this table
cat > "$dir/first-wins.yaml" <<'EOF'
name: first-wins
title: "turnier-2022 with the first of two equal cards winning"
base: turnier-2022
rules:
  ties.heart10:
    value: first-wins
    source: 'a test: the analysis of another card order keeps another table'
EOF
"$dokoref" check --format json --rules "$dir/first-wins.yaml" --analyse --analyse-limit 1000 \
	--analyse-keep "$keep" "$game" 2> "$dir/err3" > /dev/null || true
grep -q "going on from" "$dir/err3" && fail "another rule set took up the table"
[ "$(ls "$keep" | grep -c '\.table$')" -eq 2 ] || fail "another rule set's table not apart: $(ls "$keep")"
for t in "$keep"/*.table; do [ "$t" = "$table" ] || rm -f "$t"; done

# damaged: refused, the analysis afresh with the same values
"$dokoref" check --format json --analyse --analyse-limit 0 "$game" | cards > "$dir/fresh"
cp "$table" "$dir/whole.table"
head -c 100000 "$dir/whole.table" > "$table"
"$dokoref" check --format json --analyse --analyse-limit 0 --analyse-keep "$keep" "$game" \
	2> "$dir/err4" | cards > "$dir/run4" || true
grep -q "is not taken up (cut short); the analysis starts afresh" "$dir/err4" ||
	fail "a cut table: $(cat "$dir/err4")"
cmp -s "$dir/fresh" "$dir/run4" || fail "after a cut table, other values"

# --analyse-memory: the most the table takes; usage errors, a smaller
# table the same values, a kept table taken up by a solver that may grow
# as large, refused by one that may not
usage() {
	if "$dokoref" "$@" > /dev/null 2> "$dir/err"; then
		fail "taken: $*"
	else
		[ $? -eq 2 ] || fail "$*: exit status not 2"
	fi
}
usage check --analyse --analyse-memory 8 "$game"
grep -q "analyse-memory 8: the solver's table takes 16 to 32768 MiB" "$dir/err" ||
	fail "8 MiB: $(cat "$dir/err")"
usage check --analyse --analyse-memory 4T "$game"
grep -q "analyse-memory takes a size in MiB, or with M or G after it (4096, 4G), not '4T'" \
	"$dir/err" || fail "4T: $(cat "$dir/err")"
usage show --format html --analyse-memory 4G "$game"
grep -q "analyse-memory goes with --analyse" "$dir/err" || fail "without --analyse: $(cat "$dir/err")"
mem_mib=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
if [ "$mem_mib" -lt 49152 ]; then
	usage replay --analyse --analyse-memory 32G "$game"
	grep -q "analyse-memory 32G: a table of 32768 MiB takes up to 49152 MiB while it grows, more than this machine's [0-9]* MiB of memory" \
		"$dir/err" || fail "32G: $(cat "$dir/err")"
fi
"$dokoref" check --format json --analyse --analyse-limit 0 --analyse-memory 16 "$game" |
	cards > "$dir/small"
cmp -s "$dir/fresh" "$dir/small" || fail "a 16 MiB table, other values"
rm -f "$table"
"$dokoref" check --analyse --analyse-limit 300000 --analyse-memory 64M --analyse-keep "$keep" \
	"$game" > /dev/null 2> "$dir/err9" || true
grep -q "the solver's table (64 MiB) is kept in '$table'" "$dir/err9" ||
	fail "64 MiB kept: $(cat "$dir/err9")"
"$dokoref" check --analyse --analyse-limit 300000 --analyse-keep "$keep" "$game" > /dev/null \
	2> "$dir/err10" || true
grep -q "going on from the table kept in '$table'" "$dir/err10" ||
	fail "a 64 MiB table not taken up by the default: $(cat "$dir/err10")"
"$dokoref" check --analyse --analyse-limit 300000 --analyse-memory 32 --analyse-keep "$keep" \
	"$game" > /dev/null 2> "$dir/err11" || true
grep -q "is not taken up (a table larger than this solver's may grow); the analysis starts afresh" \
	"$dir/err11" || fail "a 64 MiB table taken up with 32: $(cat "$dir/err11")"
grep -q "the solver's table (32 MiB) is kept in '$table'" "$dir/err11" ||
	fail "32 MiB kept: $(cat "$dir/err11")"

# the table is the game's, whichever command made it: show's page keeps
# one that check takes up; replay --analyse-keep is a usage error without
# --analyse
rm -f "$table"
"$dokoref" show --format html --analyse --analyse-limit 300000 --analyse-keep "$keep" "$game" \
	> "$dir/page.html" 2> "$dir/err6" || true
grep -q "^dokoref show: analysed from card [0-9]* on; the solver's table (256 MiB) is kept in '$table'" \
	"$dir/err6" || fail "show: $(cat "$dir/err6")"
grep -q '</html>' "$dir/page.html" || fail "show: no page"
"$dokoref" replay --analyse-keep "$keep" "$game" > /dev/null 2> "$dir/err7" && fail "replay without --analyse"
grep -q "analyse-keep goes with --analyse" "$dir/err7" || fail "replay: $(cat "$dir/err7")"

# an analysis of the last tricks only leaves the table as it was
"$dokoref" check --analyse=2 --analyse-keep "$keep" "$game" > /dev/null 2> "$dir/err8" || true
[ -f "$table" ] || fail "check --analyse=2 removed the kept table: $(cat "$dir/err8")"

# done: the values of a fresh analysis, the table removed
"$dokoref" check --format json --analyse --analyse-limit 0 --analyse-keep "$keep" "$game" \
	2> "$dir/err5" | cards > "$dir/run5" || true
grep -q "going on from the table kept in" "$dir/err5" || fail "the last run: $(cat "$dir/err5")"
grep -q "the analysis is done; the kept table '$table' is removed" "$dir/err5" ||
	fail "not said that the table is removed: $(cat "$dir/err5")"
[ "$(head -n 1 "$dir/run5")" = "1 False" ] || fail "not analysed from the first card: $(head -n 1 "$dir/run5")"
cmp -s "$dir/fresh" "$dir/run5" || { diff "$dir/fresh" "$dir/run5" | head; fail "other values than a fresh analysis"; }
[ -z "$(ls -A "$keep")" ] || fail "left in the directory: $(ls -A "$keep")"
echo "an analysis goes on from the table a stopped one kept, with the same values"

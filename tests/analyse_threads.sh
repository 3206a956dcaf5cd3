#!/bin/sh
# dokoref check --analyse --analyse-threads N: the values before and after
# every card, the first card analysed and the cards that cost something
# are those of one thread, with two threads, with four (more than the
# machine may have) and with 0 (one per core); --analyse-threads and
# --analyse-limit go with --analyse, and a number out of range is refused.
#
#   analyse_threads.sh DOKOREF GAME
set -eu
dokoref=$1
game=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# the analysis as far as the threads may not change it: its first card,
# each card's values, and the cards that cost something, largest first
values() { python3 -c '
import json, sys
a = json.JSONDecoder().raw_decode(sys.stdin.read().lstrip())[0]["analysis"]
print("first", a["first_card"], "limited", a["limited"])
for c in a["cards"]:
    print(c["trick"], c["card"], c["re_before"], c["re_after"], c["cost"])'; }

for n in 1 2 4 0; do
	"$dokoref" check --format json --analyse --analyse-limit 0 --analyse-threads "$n" \
		"$game" > "$dir/json$n" 2> "$dir/err$n" || fail "$n threads: exit status $?"
	values < "$dir/json$n" > "$dir/values$n" || fail "$n threads: no analysis in the JSON"
	[ -s "$dir/err$n" ] && fail "$n threads wrote to standard error: $(cat "$dir/err$n")"
done
[ "$(head -n 1 "$dir/values1")" = "first 1 limited False" ] ||
	fail "one thread did not analyse from the first card: $(head -n 1 "$dir/values1")"
[ "$(wc -l < "$dir/values1")" -gt 40 ] || fail "too few cards analysed: $(wc -l < "$dir/values1")"
for n in 2 4 0; do
	cmp -s "$dir/values1" "$dir/values$n" ||
		fail "$n threads: other values than one thread: $(diff "$dir/values1" "$dir/values$n" | head -5)"
done

# the text report says the same cards that cost something (the best card
# named beside each is the first of a best line, which may differ)
"$dokoref" check --analyse --analyse-limit 0 "$game" > "$dir/text1"
"$dokoref" check --analyse --analyse-limit 0 --analyse-threads 2 "$game" > "$dir/text2"
grep 'cost [0-9]' "$dir/text1" | sed 's/, best: .*//' > "$dir/cost1" || true
grep 'cost [0-9]' "$dir/text2" | sed 's/, best: .*//' > "$dir/cost2" || true
[ -s "$dir/cost1" ] || fail "no card that cost something in the text report"
cmp -s "$dir/cost1" "$dir/cost2" ||
	fail "the cards that cost something differ: $(diff "$dir/cost1" "$dir/cost2" | head -5)"

# usage errors: exit status 2, a message naming the option
usage() {
	want=$1
	shift
	if "$dokoref" check "$@" "$game" > /dev/null 2> "$dir/usage"; then
		fail "accepted: $*"
	else
		[ $? -eq 2 ] || fail "$*: exit status not 2"
	fi
	grep -q -- "$want" "$dir/usage" || fail "$*: $(cat "$dir/usage")"
}
usage "analyse-threads goes with --analyse" --analyse-threads 2
usage "analyse-limit goes with --analyse" --analyse-limit 1000
usage "takes a number of threads from 0 to 16, not '17'" --analyse --analyse-threads 17
usage "takes a number of threads from 0 to 16, not 'two'" --analyse --analyse-threads two
echo "ok: the same analysis with 1, 2, 4 and all cores' threads; usage errors"

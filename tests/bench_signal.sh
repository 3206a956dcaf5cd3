#!/bin/sh
# bench/search_bench stopped by SIGTERM (as `timeout` sends it) in the
# middle of an exact value with 12 tricks left (minutes of work): it ends
# within seconds, says the question was stopped and not counted, and
# still prints its tables and the memory line.
#   bench_signal.sh SEARCH_BENCH SOURCE_ROOT
set -eu
bench=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "bench_signal: $*" >&2; cat "$tmp/out" >&2; exit 1; }
cd "$src"
"$bench" -t 12 -a 1 -l 0 -m 16 samples/normal-ddv.xml > "$tmp/out" 2>&1 &
pid=$!
sleep 3   # past reading the record and setting up (a sanitizer build too)
kill -0 "$pid" 2>/dev/null || fail "it ended before the signal (the question takes minutes)"
kill -TERM "$pid"
waited=0
while kill -0 "$pid" 2>/dev/null; do
	if [ $waited -ge 60 ]; then
		kill -KILL "$pid"
		fail "still running 30 s after SIGTERM"
	fi
	sleep 0.5
	waited=$((waited + 1))
done
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || fail "exit status $status, 0 expected"
grep -q '12 left: exact value stopped by a signal after [0-9]* positions' "$tmp/out" ||
	fail "no line for the stopped question"
grep -q '^stopped by a signal: nothing after it was run' "$tmp/out" ||
	fail "no closing line for the signal"
grep -q '^solver table: ' "$tmp/out" || fail "the tables were not printed"
# the stopped question is not counted: no table has a line for 12 left
if grep -q '^ *12 left ' "$tmp/out"; then
	fail "the stopped question was counted"
fi
echo "bench_signal: stopped and reported"

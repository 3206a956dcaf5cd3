#!/bin/sh
# How long dokoref takes to refuse each file of the hostile-input corpus.
# Prints figures only; the messages themselves are checked by the golden
# tests.   bench/hostile.sh [BUILD_DIR]
set -eu
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
export DOKOREF_RULES_PATH="$root/rulesets"
for f in "$root"/tests/hostile/*.xml "$root"/tests/hostile/*.xml.gz; do
	start=$(date +%s%N)
	status=0
	"$build/dokoref" validate -q "$f" >/dev/null 2>&1 || status=$?
	end=$(date +%s%N)
	printf '%-28s exit %d  %6.1f ms\n' "$(basename "$f")" "$status" \
		"$(echo "($end - $start) / 1000000" | bc -l)"
done

#!/bin/sh
# Time and peak memory of reading FreeDoko files: the 45-game --debug log of
# tests/freedoko repeated N times into one log (45 N games), validated and
# checked against FreeDoko's score, and one bug report.  Prints figures
# only; nothing here passes or fails.
#
#   bench/freedoko.sh [BUILD_DIR] [COPIES]      (defaults: build 100)
set -eu
build=${1:-build}
copies=${2:-100}
root="$(cd "$(dirname "$0")/.." && pwd)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DOKOREF_RULES_PATH="$root/rulesets"
log="$root/tests/freedoko/partyB.gameplay-debug.log"

# the rules once, then the games (from the first "game open:") N times
first=$(grep -n -m1 '^game open:' "$log" | cut -d: -f1)
head -n $((first - 1)) "$log" > "$dir/big.log"
i=0
while [ "$i" -lt "$copies" ]; do
	tail -n +"$first" "$log" >> "$dir/big.log"
	i=$((i + 1))
done
size=$(stat -c %s "$dir/big.log")

measure() {
	best=
	for i in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || true
		read -r secs kb <<EOT
$(tail -n 1 "$dir/t")
EOT
		if [ -z "$best" ] || [ "$(echo "$secs < $best" | bc)" = 1 ]; then best=$secs; fi
	done
	echo "$best $kb"
}

set -- $(measure "$build/dokoref" validate -q "$dir/big.log"); v_s=$1; v_kb=$2
set -- $(measure "$build/dokoref" check -q --accept-rule-differences "$dir/big.log"); c_s=$1; c_kb=$2
set -- $(measure "$build/dokoref" check -q --accept-rule-differences \
	"$root/tests/freedoko/004438_3.poverty.BugReport.FreeDoko"); b_s=$1; b_kb=$2

games=$((45 * copies))
printf 'debug log: %s games, %s bytes\n' "$games" "$size"
printf '%-44s %8s s  %8s KiB peak\n' "dokoref validate (log)" "$v_s" "$v_kb"
printf '%-44s %8s s  %8s KiB peak\n' "dokoref check, FreeDoko's score (log)" "$c_s" "$c_kb"
printf '%-44s %8s s  %8s KiB peak\n' "dokoref check (bug report, 150 KB)" "$b_s" "$b_kb"
if [ "$(echo "$v_s > 0" | bc)" = 1 ]; then
	printf 'validate: %s games per second\n' "$(echo "$games / $v_s" | bc)"
fi
if [ "$(echo "$c_s > 0" | bc)" = 1 ]; then
	printf 'check:    %s games per second\n' "$(echo "$games / $c_s" | bc)"
fi

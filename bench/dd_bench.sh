#!/bin/sh
# dd_bench.sh - the double-dummy benchmark (issue 12): how long the solver
# of src/solve/dd*.c takes, per rule set, game type and tricks left.
#
#   bench/dd_bench.sh [BUILD_DIR]        (default: build-rel)
#
# It generates GAMES games (default 2) of every game type of every shipped
# rule set with bench/gen_games (fixed seeds: the same games every run),
# then runs bench/search_bench on them and on every sample and test game
# (samples/*.xml, tests/check/**/*.xml, tests/search/*.xml): per rule set
# and game type, per number of tricks left, the median, 90th and 99th
# percentile and slowest time and positions of (a) the exact value and (b)
# each threshold question, how many were decided within LIMIT positions a
# question, (c) the analysis of the last ANALYSE tricks of each game and
# (d) dk_search_run, the four questions of a position; at the end the
# solver's table and the peak memory.  Settings by environment:
#
#   GAMES=2          games per rule set and type
#   TRICKS=1-8       the cuts: tricks left (search_bench -t)
#   LIMIT=20000000   positions a question may take (search_bench -l; 0: none)
#   ANALYSE=4        the analysis covers the last ANALYSE tricks (-a; 0: all)
#   ONLY_B=1         time the threshold questions (b) only (search_bench -b)
#   OUT=DIR          keep the games and the report there (default: a
#                    temporary directory, the report to standard output)
#
# The defaults take about 90 s of processor time on a release build
# (docs/double-dummy.md has the figures); raise TRICKS and LIMIT as the
# solver gets faster.  Use a release build:
#   meson setup build-rel --buildtype=release
#   ninja -C build-rel bench/search_bench bench/gen_games
set -eu
build=${1:-build-rel}
src=$(cd "$(dirname "$0")/.." && pwd)
games=${GAMES:-2}
tricks=${TRICKS:-1-8}
limit=${LIMIT:-20000000}
analyse=${ANALYSE:-4}
only_b=
[ -n "${ONLY_B:-}" ] && only_b=-b
gen=$build/bench/gen_games
bench=$build/bench/search_bench
for p in "$gen" "$bench"; do
	[ -x "$p" ] || { echo "dd_bench.sh: no $p (ninja -C $build bench/search_bench bench/gen_games)" >&2; exit 2; }
done
DOKOREF_RULES_PATH=$src/rulesets
export DOKOREF_RULES_PATH
if [ -n "${OUT:-}" ]; then
	out=$OUT
	mkdir -p "$out"
else
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi

# the generated games: one file per rule set and type, its own seed
seed=1
for f in "$src"/rulesets/*.yaml; do
	set_name=$(basename "$f" .yaml)
	for t in $("$gen" -r "$set_name" -L); do
		"$gen" -r "$set_name" -t "$t" -n "$games" -s $seed > "$out/gen-$set_name-$t.xml"
		seed=$((seed + 1))
	done
done

# the repository's games
cd "$src"
set -- "$out"/gen-*.xml samples/*.xml $(find tests/check tests/search -name '*.xml' | sort)
echo "dd_bench: $# files, GAMES=$games TRICKS=$tricks LIMIT=$limit ANALYSE=$analyse" >&2
if [ -n "${OUT:-}" ]; then
	"$bench" $only_b -q -t "$tricks" -l "$limit" -a "$analyse" "$@" > "$out/report.txt"
	echo "dd_bench: report in $out/report.txt" >&2
else
	"$bench" $only_b -q -t "$tricks" -l "$limit" -a "$analyse" "$@"
fi

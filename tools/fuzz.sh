#!/bin/sh
# Build and run the libFuzzer harnesses (tests/fuzz/): the XML reader, the
# FreeDoko reader, the YAML rule set loader, the notation reader and the
# three score sheet readers (sheet-csv, sheet-dapfi, sheet-qtdk), with AddressSanitizer and
# UndefinedBehaviorSanitizer.  Needs clang and libclang-rt-14-dev.
#
#   tools/fuzz.sh run [SECONDS] [NAME...]  fuzz each (xml, freedoko, ruleset, doko,
#                                          sheet-csv, sheet-dapfi, sheet-qtdk)
#                                          for SECONDS (default 600); new
#                                          inputs go to fuzz-work/NAME
#   tools/fuzz.sh cpu CPU_SECONDS [NAME...] fuzz each until it has used
#                                          CPU_SECONDS of processor time (not
#                                          wall time: fair on a busy machine,
#                                          e.g. under nice -n 19); prints the
#                                          runs, the coverage and the CPU time
#   tools/fuzz.sh ci                       a fixed number of runs each, seed 1
#                                          (what .ci/run does); fails on a crash
#   tools/fuzz.sh merge [NAME...]          add the inputs of fuzz-work/NAME that
#                                          reach new code to the corpus in
#                                          tests/fuzz/ (minimised: libFuzzer's
#                                          -merge=1)
#
# A crash leaves its input as fuzz-work/crash-*; replay it with
# build-fuzz/tests/fuzz/fuzz_NAME FILE, fix the bug, and copy the input into
# the corpus, where the normal test suite replays it from then on.
# BUILD (default build-fuzz) names the build directory.
set -eu
cd "$(dirname "$0")/.."
root=$PWD
build=${BUILD:-build-fuzz}
export DOKOREF_RULES_PATH="$root/rulesets"

# NAME -> its corpus in the repository, its seed directories, its runs in CI
corpus() {
	case $1 in
	xml) echo tests/fuzz/corpus ;;
	freedoko) echo tests/fuzz/freedoko-corpus ;;
	ruleset) echo tests/fuzz/ruleset-corpus ;;
	doko) echo tests/fuzz/doko-corpus ;;
	sheet-csv | sheet-dapfi | sheet-qtdk) echo "tests/fuzz/$1-corpus" ;;
	*) echo "unknown fuzzer '$1' (xml, freedoko, ruleset, doko, sheet-csv, sheet-dapfi," \
		"sheet-qtdk)" >&2; exit 2 ;;
	esac
}
seeds() {
	case $1 in
	xml) echo samples tests/bad tests/hostile ;;
	freedoko) echo tests/freedoko/bad tests/freedoko/odd "$seed_dir" ;;
	ruleset) echo rulesets tests/ruleset/good tests/ruleset/bad ;;
	doko) echo "$doko_dir" tests/notation ;;
	sheet-*) echo "$sheet_dir" tests/sheets ;;
	esac
}
ci_runs() {
	case $1 in
	xml) echo 60000 ;;
	freedoko) echo 6000 ;;
	ruleset) echo 40000 ;;
	doko) echo 20000 ;;
	sheet-*) echo 20000 ;;
	esac
}
binary() {
	case $1 in
	xml) echo "$build/tests/fuzz/fuzz_xml_reader" ;;
	freedoko) echo "$build/tests/fuzz/fuzz_freedoko_reader" ;;
	ruleset) echo "$build/tests/fuzz/fuzz_ruleset" ;;
	doko) echo "$build/tests/fuzz/fuzz_doko_reader" ;;
	sheet-csv) echo "$build/tests/fuzz/fuzz_sheet_csv" ;;
	sheet-dapfi) echo "$build/tests/fuzz/fuzz_sheet_dapfi" ;;
	sheet-qtdk) echo "$build/tests/fuzz/fuzz_sheet_qtdk" ;;
	esac
}

build_fuzzers() {
	if [ ! -f "$build/build.ninja" ]; then
		# UBSan stops at its first report, so that the fuzzer sees a crash
		CC=clang meson setup "$build" -Dfuzzers=true -Dtests=false \
			-Db_sanitize=address,undefined -Db_lundef=false \
			-Dc_args=-fno-sanitize-recover=all >/dev/null
	fi
	ninja -C "$build" tests/fuzz/fuzz_xml_reader tests/fuzz/fuzz_freedoko_reader \
		tests/fuzz/fuzz_ruleset tests/fuzz/fuzz_doko_reader tests/fuzz/fuzz_sheet_csv \
		tests/fuzz/fuzz_sheet_dapfi tests/fuzz/fuzz_sheet_qtdk
}

# the real FreeDoko files are files, not a directory: one seed directory
seed_dir=$(mktemp -d)
doko_dir=$(mktemp -d)
sheet_dir=$(mktemp -d)
trap 'rm -rf "$seed_dir" "$doko_dir" "$sheet_dir"' EXIT
cp tests/freedoko/*.FreeDoko* tests/freedoko/*.log "$seed_dir"/
cp samples/*.doko "$doko_dir"/
cp samples/sheet-*.csv "$sheet_dir"/

mode=${1:-run}
[ $# -gt 0 ] && shift
case $mode in
run)
	seconds=600
	case ${1:-} in [0-9]*) seconds=$1; shift ;; esac
	names=${*:-xml freedoko ruleset doko sheet-csv sheet-dapfi sheet-qtdk}
	build_fuzzers
	for n in $names; do
		mkdir -p "fuzz-work/$n"
		# shellcheck disable=SC2046
		"$(binary "$n")" -max_total_time="$seconds" -rss_limit_mb=2048 \
			-print_final_stats=1 -artifact_prefix="fuzz-work/" \
			"fuzz-work/$n" "$(corpus "$n")" $(seeds "$n")
	done
	;;
cpu)
	case ${1:-} in [0-9]*) budget=$1; shift ;;
	*) echo "usage: tools/fuzz.sh cpu CPU_SECONDS [NAME...]" >&2; exit 2 ;; esac
	names=${*:-xml freedoko ruleset doko}
	build_fuzzers
	tick=$(getconf CLK_TCK)
	for n in $names; do
		mkdir -p "fuzz-work/$n"
		log="fuzz-work/$n.cpu.log"
		# shellcheck disable=SC2046
		"$(binary "$n")" -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix="fuzz-work/" \
			"fuzz-work/$n" "$(corpus "$n")" $(seeds "$n") 2>"$log" &
		pid=$!
		used=0
		while kill -0 "$pid" 2>/dev/null; do
			# fields 14 and 15 of /proc/PID/stat: user and system time in ticks
			used=$(awk -v t="$tick" '{ print int(($14 + $15) / t) }' \
				"/proc/$pid/stat" 2>/dev/null || echo "$used")
			[ "$used" -ge "$budget" ] && { kill -INT "$pid"; break; }
			sleep 5
		done
		status=0
		wait "$pid" || status=$?
		# 72: libFuzzer stopped by the budget (its -interrupted_exitcode)
		echo "fuzzer $n: $used CPU seconds, exit status $status"
		grep -E '^#[0-9]+[[:space:]].*cov:' "$log" | tail -1
		grep -E 'stat::(number_of_executed_units|peak_rss_mb)' "$log"
		ls fuzz-work/crash-* fuzz-work/leak-* fuzz-work/timeout-* \
			fuzz-work/oom-* 2>/dev/null || echo "no crash, leak, timeout or oom"
	done
	;;
ci)
	build_fuzzers
	# two lanes where there are two cores, each fuzzer one process: the
	# XML fuzzer (about four minutes) beside the notation and FreeDoko
	# ones (about five together); each lane says what its fuzzers did
	# when it is done, so that the reports do not mix
	if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
		lanes="xml,ruleset,sheet-csv,sheet-dapfi,sheet-qtdk doko,freedoko"
	else
		lanes="xml,ruleset,sheet-csv,sheet-dapfi,sheet-qtdk,doko,freedoko"
	fi
	out=$(mktemp -d)
	k=0
	for lane in $lanes; do
		k=$((k + 1))
		(
			for n in $(echo "$lane" | tr ',' ' '); do
				work=$(mktemp -d)
				echo "fuzzing $n: $(ci_runs "$n") runs"
				# the time limit only guards against a machine far
				# slower than ours
				# shellcheck disable=SC2046
				"$(binary "$n")" -runs="$(ci_runs "$n")" -seed=1 -max_total_time=240 \
					-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/" \
					"$work" "$(corpus "$n")" $(seeds "$n") 2>"$work/log" || {
					tail -50 "$work/log"; echo "fuzzer $n failed"; exit 1; }
				grep -E 'stat::number_of_executed_units|^Done' "$work/log" || true
				rm -rf "$work"
			done
		) > "$out/lane$k" 2>&1 &
		echo $! > "$out/pid$k"
	done
	failed=0
	for i in $(seq 1 $k); do
		wait "$(cat "$out/pid$i")" || failed=1
		cat "$out/lane$i"
	done
	rm -rf "$out"
	[ "$failed" = 0 ] || exit 1
	;;
merge)
	names=${*:-xml freedoko ruleset doko sheet-csv sheet-dapfi sheet-qtdk}
	build_fuzzers
	for n in $names; do
		[ -d "fuzz-work/$n" ] || continue
		"$(binary "$n")" -merge=1 "$(corpus "$n")" "fuzz-work/$n"
	done
	;;
*)
	sed -n '2,20p' "$0"; exit 2 ;;
esac

#!/bin/sh
# Time and peak memory of `dokoref audit` on a generated archive with
# planted irregularities, next to a bare `xmllint --stream --noout` of the
# same file, plain and gzip, on one thread (--jobs 1) and on the default
# (every core), with the ratios the goals are stated in (issue 13).
# Prints figures only; nothing here passes or fails.
#
#   bench/audit.sh [BUILD_DIR] [GAMES] [EVERY]   (defaults: build 100000 100)
#
# EVERY: one planted irregularity every EVERY games (bench/gen_archive -p).
set -eu
build=${1:-build}
games=${2:-100000}
every=${3:-100}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DOKOREF_RULES_PATH="$(cd "$(dirname "$0")/.." && pwd)/rulesets"

"$build/bench/gen_archive" -n "$games" -p "$every" -l "$dir/planted" > "$dir/archive.xml"
gzip -k -6 "$dir/archive.xml"
size=$(stat -c %s "$dir/archive.xml")
gzsize=$(stat -c %s "$dir/archive.xml.gz")
planted=$(wc -l < "$dir/planted")

# best of three wall-clock and CPU (user + system) times; peak RSS of the
# last run.  audit exits 1
# when it finds something, which it must here.
measure() {
	best=
	bcpu=
	for i in 1 2 3; do
		rc=0
		/usr/bin/time -f '%e %U %S %M' -o "$dir/t" "$@" >"$dir/out" 2>"$dir/err" || rc=$?
		if [ "$rc" -gt 1 ]; then cat "$dir/err" >&2; exit 1; fi
		read -r secs us ss kb <<-EOT
		$(tail -n 1 "$dir/t")
		EOT
		cpu=$(echo "$us + $ss" | bc)
		if [ -z "$best" ] || [ "$(echo "$secs < $best" | bc)" = 1 ]; then best=$secs; fi
		if [ -z "$bcpu" ] || [ "$(echo "$cpu < $bcpu" | bc)" = 1 ]; then bcpu=$cpu; fi
	done
	echo "$best $kb $bcpu"
}

cores=$(getconf _NPROCESSORS_ONLN)
set -- $(measure xmllint --stream --noout "$dir/archive.xml"); x_s=$1; x_kb=$2; x_c=$3
set -- $(measure xmllint --stream --noout "$dir/archive.xml.gz"); xz_s=$1; xz_kb=$2; xz_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress --jobs 1 "$dir/archive.xml"); d_s=$1; d_kb=$2; d_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress --jobs 1 "$dir/archive.xml.gz"); z_s=$1; z_kb=$2; z_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress "$dir/archive.xml"); j_s=$1; j_kb=$2; j_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress "$dir/archive.xml.gz"); jz_s=$1; jz_kb=$2; jz_c=$3

row() {
	printf '%-40s %8s s wall %8s s CPU %8s KiB peak\n' "$1" "$2" "$3" "$4"
}
ratio() {
	echo "scale=2; $1 / $2" | bc
}
printf 'archive: %s games, %s planted irregularities, %s bytes (%s bytes gzip)\n' \
	"$games" "$planted" "$size" "$gzsize"
row "xmllint --stream --noout (plain)" "$x_s" "$x_c" "$x_kb"
row "xmllint --stream --noout (.gz)" "$xz_s" "$xz_c" "$xz_kb"
row "dokoref audit --jobs 1 (plain)" "$d_s" "$d_c" "$d_kb"
row "dokoref audit --jobs 1 (.gz)" "$z_s" "$z_c" "$z_kb"
row "dokoref audit, default --jobs $cores (plain)" "$j_s" "$j_c" "$j_kb"
row "dokoref audit, default --jobs $cores (.gz)" "$jz_s" "$jz_c" "$jz_kb"
printf 'goals: audit / xmllint (plain) <= 1.0 wall; audit .gz / audit plain <= 1.1 wall\n'
printf 'ratio audit / xmllint (plain), --jobs 1:        %s wall, %s CPU\n' "$(ratio "$d_s" "$x_s")" \
	"$(ratio "$d_c" "$x_c")"
printf 'ratio audit / xmllint (plain), --jobs %s:        %s wall, %s CPU\n' "$cores" \
	"$(ratio "$j_s" "$x_s")" "$(ratio "$j_c" "$x_c")"
printf 'ratio audit .gz / audit plain, --jobs 1:        %s wall, %s CPU\n' "$(ratio "$z_s" "$d_s")" \
	"$(ratio "$z_c" "$d_c")"
printf 'ratio audit .gz / audit plain, --jobs %s:        %s wall, %s CPU\n' "$cores" \
	"$(ratio "$jz_s" "$j_s")" "$(ratio "$jz_c" "$j_c")"
printf 'games per second (plain), --jobs 1 / --jobs %s: %s / %s\n' "$cores" \
	"$(echo "$games / $d_s" | bc)" "$(echo "$games / $j_s" | bc)"
printf 'games per second (.gz), --jobs 1 / --jobs %s:   %s / %s\n' "$cores" \
	"$(echo "$games / $z_s" | bc)" "$(echo "$games / $jz_s" | bc)"
printf 'peak memory, --jobs 1 / --jobs %s: %s / %s KiB\n' "$cores" "$d_kb" "$j_kb"

#!/bin/sh
# Time and peak memory of `dokoref audit` on a generated archive with
# planted irregularities, next to a bare `xmllint --stream --noout` of the
# same file, plain and gzip.  Prints figures only; nothing here passes or
# fails.
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

set -- $(measure xmllint --stream --noout "$dir/archive.xml"); x_s=$1; x_kb=$2; x_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress "$dir/archive.xml"); d_s=$1; d_kb=$2; d_c=$3
set -- $(measure "$build/dokoref" audit -s --no-progress "$dir/archive.xml.gz"); z_s=$1; z_kb=$2; z_c=$3
set -- $(measure xmllint --stream --noout "$dir/archive.xml.gz"); xz_s=$1; xz_kb=$2; xz_c=$3

printf 'archive: %s games, %s planted irregularities, %s bytes (%s bytes gzip)\n' \
	"$games" "$planted" "$size" "$gzsize"
printf '%-34s %8s s wall %8s s CPU %8s KiB peak\n' "xmllint --stream --noout (plain)" "$x_s" "$x_c" "$x_kb"
printf '%-34s %8s s wall %8s s CPU %8s KiB peak\n' "xmllint --stream --noout (.gz)" "$xz_s" "$xz_c" "$xz_kb"
printf '%-34s %8s s wall %8s s CPU %8s KiB peak\n' "dokoref audit (plain)" "$d_s" "$d_c" "$d_kb"
printf '%-34s %8s s wall %8s s CPU %8s KiB peak\n' "dokoref audit (.gz)" "$z_s" "$z_c" "$z_kb"
printf 'ratio audit / xmllint (plain):  %s wall, %s CPU\n' "$(echo "scale=2; $d_s / $x_s" | bc)" \
	"$(echo "scale=2; $d_c / $x_c" | bc)"
printf 'ratio audit .gz / audit plain:  %s wall, %s CPU\n' "$(echo "scale=2; $z_s / $d_s" | bc)" \
	"$(echo "scale=2; $z_c / $d_c" | bc)"
printf 'games per second (plain):      %s\n' "$(echo "$games / $d_s" | bc)"
printf 'games per second (.gz):        %s\n' "$(echo "$games / $z_s" | bc)"

#!/bin/sh
# Time (wall and CPU) and peak memory of `dokoref validate` on a generated
# archive, next to a bare `xmllint --stream --noout` of the same file.
# Prints figures only; nothing here passes or fails.
#
#   bench/validate.sh [BUILD_DIR] [GAMES]      (defaults: build 100000)
set -eu
build=${1:-build}
games=${2:-100000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DOKOREF_RULES_PATH="$(cd "$(dirname "$0")/.." && pwd)/rulesets"

"$build/bench/gen_archive" -n "$games" > "$dir/archive.xml"
gzip -k -6 "$dir/archive.xml"
size=$(stat -c %s "$dir/archive.xml")
gzsize=$(stat -c %s "$dir/archive.xml.gz")

# best of three wall-clock and CPU (user + system) times; peak RSS of the
# last run
measure() {
	best=
	bcpu=
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S %M' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || {
			cat "$dir/err" >&2; exit 1; }
		read -r secs us ss kb < "$dir/t"
		cpu=$(echo "$us + $ss" | bc)
		if [ -z "$best" ] || [ "$(echo "$secs < $best" | bc)" = 1 ]; then best=$secs; fi
		if [ -z "$bcpu" ] || [ "$(echo "$cpu < $bcpu" | bc)" = 1 ]; then bcpu=$cpu; fi
	done
	echo "$best $kb $bcpu"
}

set -- $(measure xmllint --stream --noout "$dir/archive.xml"); x_s=$1; x_kb=$2; x_c=$3
set -- $(measure "$build/dokoref" validate -q "$dir/archive.xml"); d_s=$1; d_kb=$2; d_c=$3
set -- $(measure "$build/dokoref" validate -q "$dir/archive.xml.gz"); z_s=$1; z_kb=$2; z_c=$3

printf 'archive: %s games, %s bytes (%s bytes gzip)\n' "$games" "$size" "$gzsize"
printf '%-30s %8s s wall %8s s CPU %8s KiB peak\n' "xmllint --stream --noout" "$x_s" "$x_c" "$x_kb"
printf '%-30s %8s s wall %8s s CPU %8s KiB peak\n' "dokoref validate (plain)" "$d_s" "$d_c" "$d_kb"
printf '%-30s %8s s wall %8s s CPU %8s KiB peak\n' "dokoref validate (.gz)" "$z_s" "$z_c" "$z_kb"
printf 'ratio validate / xmllint: %s wall, %s CPU\n' "$(echo "scale=2; $d_s / $x_s" | bc)" \
	"$(echo "scale=2; $d_c / $x_c" | bc)"
printf 'ratio .gz / plain:        %s wall, %s CPU\n' "$(echo "scale=2; $z_s / $d_s" | bc)" \
	"$(echo "scale=2; $z_c / $d_c" | bc)"
printf 'games per second (plain): %s\n' "$(echo "$games / $d_s" | bc)"

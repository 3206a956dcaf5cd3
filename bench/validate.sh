#!/bin/sh
# Time and peak memory of `dokoref validate` on a generated archive, next to
# a bare `xmllint --stream --noout` of the same file.  Prints figures only;
# nothing here passes or fails.
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

# best of three wall-clock times; peak RSS of the last run
measure() {
	best=
	for i in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || {
			cat "$dir/err" >&2; exit 1; }
		read -r secs kb < "$dir/t"
		if [ -z "$best" ] || [ "$(echo "$secs < $best" | bc)" = 1 ]; then best=$secs; fi
	done
	echo "$best $kb"
}

set -- $(measure xmllint --stream --noout "$dir/archive.xml"); x_s=$1; x_kb=$2
set -- $(measure "$build/dokoref" validate -q "$dir/archive.xml"); d_s=$1; d_kb=$2
set -- $(measure "$build/dokoref" validate -q "$dir/archive.xml.gz"); z_s=$1; z_kb=$2

printf 'archive: %s games, %s bytes (%s bytes gzip)\n' "$games" "$size" "$gzsize"
printf '%-40s %8s s  %8s KiB peak\n' "xmllint --stream --noout" "$x_s" "$x_kb"
printf '%-40s %8s s  %8s KiB peak\n' "dokoref validate (plain)" "$d_s" "$d_kb"
printf '%-40s %8s s  %8s KiB peak\n' "dokoref validate (.gz)" "$z_s" "$z_kb"
printf 'ratio validate / xmllint: %s\n' "$(echo "scale=2; $d_s / $x_s" | bc)"
printf 'ratio .gz / plain:        %s\n' "$(echo "scale=2; $z_s / $d_s" | bc)"
printf 'games per second (plain): %s\n' "$(echo "$games / $d_s" | bc)"

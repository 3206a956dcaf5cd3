#!/bin/sh
# Time of `dokoref validate` on files of many bad games: XML (plain, gzip,
# standard input) and the notation, at 10,000, 40,000 and 160,000 games,
# each game giving two messages.  Each message costs the same however many
# came before it (the first 100 of a file are shown, the first 20 with
# their source line, the rest counted), so the time per game should stay
# flat as the count grows.  Prints figures only; nothing passes or fails.
#
#   bench/bad_games.sh [BUILD_DIR] [COUNTS...]   (defaults: build 10000 40000 160000)
set -eu
build=${1:-build}
[ $# -gt 0 ] && shift
counts=${*:-10000 40000 160000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DOKOREF_RULES_PATH="$(cd "$(dirname "$0")/.." && pwd)/rulesets"

# the best of three runs of a command: "WALL CPU" (user + system), in seconds
cpu() {
	best=
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S' -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || true
		# the last line: time puts "Command exited with non-zero status" first
		read -r wall us ss <<EOT
$(tail -n 1 "$dir/t")
EOT
		c=$(echo "$us + $ss" | bc)
		if [ -z "$best" ] || [ "$(echo "$c < $best" | bc)" = 1 ]; then best=$c; bwall=$wall; fi
	done
	echo "$bwall $best"
}

printf '%-10s %8s %7s %7s %12s\n' input games "wall s" "CPU s" "CPU us/game"
for n in $counts; do
	awk -v n="$n" 'BEGIN { print "<dokoref version=\"1\">"; for (i = 0; i < n; i++) print "<game></game>"; print "</dokoref>" }' \
		> "$dir/bad.xml"
	gzip -k -f "$dir/bad.xml"
	awk -v n="$n" 'BEGIN { print "rules: ddv"; for (i = 0; i < n; i++) print "game" }' > "$dir/bad.doko"
	for what in xml xml.gz xml-stdin doko; do
		case $what in
		xml-stdin) set -- $(cpu sh -c "exec '$build/dokoref' validate - < '$dir/bad.xml'") ;;
		*) set -- $(cpu "$build/dokoref" validate "$dir/bad.$what") ;;
		esac
		printf '%-10s %8d %7.2f %7.2f %12.2f\n' "$what" "$n" "$1" "$2" \
			"$(echo "$2 * 1000000 / $n" | bc -l)"
	done
done

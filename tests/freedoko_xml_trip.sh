#!/bin/sh
# A FreeDoko debug log converted to dokoref XML is judged as the log is:
# the same finding codes, game by game.  Its poverty games know only the
# hands after the exchange; the XML says so (<deal exchange="unknown">), so
# the exchange is not judged there either.
#
#   freedoko_xml_trip.sh DOKOREF LOG
set -eu
dokoref=$1
log=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$dokoref" convert --lossy "$log" -o "$dir/log.xml" 2> "$dir/convert.err"
n=$(grep -c 'exchange="unknown"' "$dir/log.xml" || true)
[ "$n" -ge 1 ] || { echo "no <deal exchange=\"unknown\"> in the XML"; exit 1; }
codes() {
	"$dokoref" check --accept-rule-differences --format json "$1" 2>/dev/null |
		grep -o '"index":[0-9]*\|"code":"[a-z0-9-]*"' | tr '\n' ' ' |
		sed 's/"index"/\n&/g'
}
codes "$log" > "$dir/log.codes"
codes "$dir/log.xml" > "$dir/xml.codes"
if ! cmp -s "$dir/log.codes" "$dir/xml.codes"; then
	echo "the XML is judged differently from the log:"
	diff "$dir/log.codes" "$dir/xml.codes" || true
	exit 1
fi
games=$(grep -c '"index"' "$dir/log.codes" || true)
[ "$games" -eq 45 ] || { echo "expected 45 games, judged $games"; exit 1; }
echo "45 games, $n with an unknown poverty exchange: the same findings from the log and its XML"

#!/bin/sh
# Every sample and every test game (tests/check, tests/audit), XML -> notation -> XML, is the same game:
# the canonical XML of both is compared with comments left out and the cards
# of each hand (and the hands of a deal) in a fixed order, since the
# notation makes the hands a game does not need written from its play.
# The samples' notation files (samples/*.doko) must be what the writer
# writes today.
#
#   notation_trip.sh DOKOREF SOURCE_ROOT
set -eu
dokoref=$1
root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# canonical XML without comments, hands sorted
norm() {
	awk '
	/<!--/ { skip = 1 }
	skip { if ($0 ~ /-->/) skip = 0; next }
	/<hand seat=/ {
		match($0, />[^<]*</); cards = substr($0, RSTART + 1, RLENGTH - 2)
		n = split(cards, c, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (c[j] < c[i]) { t = c[i]; c[i] = c[j]; c[j] = t }
		s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") c[i]
		sub(/>[^<]*</, ">" s "<"); hands[++nh] = $0; next
	}
	nh {
		for (i = 1; i <= nh; i++) for (j = i + 1; j <= nh; j++) if (hands[j] < hands[i]) { t = hands[i]; hands[i] = hands[j]; hands[j] = t }
		for (i = 1; i <= nh; i++) print hands[i]; nh = 0
	}
	{ print }' "$1"
}

count=0
failed=0
refused=0
for x in "$root"/samples/*.xml "$root"/tests/check/*/*.xml "$root"/tests/audit/*.xml; do
	name=$(basename "$x" .xml)
	# a rule set named by a path is found next to the record
	cp "$(dirname "$x")"/*.yaml "$dir"/ 2>/dev/null || true
	# a card its player does not hold cannot be typed: the writer must say so
	case "$name" in card-not-in-hand--*)
		if "$dokoref" convert "$x" -o "$dir/$name.doko" 2> "$dir/err" ||
		   ! grep -q "the notation cannot hold" "$dir/err"; then
			echo "$x: not refused"; failed=$((failed + 1))
		fi
		refused=$((refused + 1))
		continue;;
	esac
	if ! "$dokoref" convert "$x" -o "$dir/$name.doko" 2> "$dir/err"; then
		echo "$x: not written as notation:"; cat "$dir/err"; failed=$((failed + 1)); continue
	fi
	if ! "$dokoref" convert "$dir/$name.doko" -o "$dir/$name.back.xml" 2> "$dir/err"; then
		echo "$x: the notation does not read back:"; cat "$dir/err"; failed=$((failed + 1)); continue
	fi
	"$dokoref" convert "$x" -o "$dir/$name.canon.xml"
	norm "$dir/$name.canon.xml" > "$dir/a"
	norm "$dir/$name.back.xml" > "$dir/b"
	if ! cmp -s "$dir/a" "$dir/b"; then
		echo "$x: XML -> notation -> XML changes the game:"; diff "$dir/a" "$dir/b" | head -10
		failed=$((failed + 1)); continue
	fi
	case "$x" in
	"$root"/samples/*)
		if ! cmp -s "$dir/$name.doko" "$root/samples/$name.doko"; then
			echo "samples/$name.doko is not what the writer writes:"
			diff "$root/samples/$name.doko" "$dir/$name.doko" | head -10
			failed=$((failed + 1))
		fi;;
	esac
	count=$((count + 1))
done
[ "$failed" -eq 0 ] || { echo "$failed records do not round-trip"; exit 1; }
[ "$count" -ge 200 ] || { echo "only $count records"; exit 1; }
echo "$count records: XML -> notation -> XML gives the same game; $refused refused as it must be"

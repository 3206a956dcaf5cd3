#!/bin/sh
# A DDV Spielrunde generated afresh (bench/gen_session, four players, 24
# games of the round): two Pflichtsoli played of free will and two
# vorgeführt at the end (TSR 4.2.3).  dokoref audit must find nothing wrong
# and report each player's duty solo in the game worked out by hand from
# the dealer's rotation, whatever the cards:
#   game 1, dealer Anna: Ben (left of her) plays his Pflichtsolo; Anna deals
#   again (4.2.5).  Games 2 to 6: dealers Anna, Ben, Clara, David, Anna.
#   Game 7, dealer Ben: Clara's Pflichtsolo; Ben deals again.  Games 8 to
#   24: 17 more normal games (22 in all), dealers Ben ... Ben.  Game 25,
#   dealer Clara: 2 missing, 2 games left: David is vorgeführt; the next
#   player deals (4.2.5).  Game 26, dealer David: Anna is vorgeführt.
# A record that says nothing about the kind of its solos gets the same
# verdict, each marked as assumed.
#
#   spielrunde_duty.sh GEN_SESSION DOKOREF
set -eu
gen=$1
dokoref=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
spec=PnnnnnPnnnnnnnnnnnnnnnnnFF
want='  duty soli (ddv): Anna game 26 forced (vorgeführt), Ben game 1, Clara game 7, David game 25 forced (vorgeführt)'
status=0
for seed in 1 2 3; do
	"$gen" ddv 4 "$seed" "$spec" > "$dir/s.xml" 2> "$dir/err" || { cat "$dir/err"; exit 1; }
	[ "$(grep -c '<game' "$dir/s.xml")" -eq 26 ] || { echo "seed $seed: not 26 deals"; status=1; }
	if ! "$dokoref" audit "$dir/s.xml" > "$dir/out"; then
		echo "seed $seed: audit finds something:"; cat "$dir/out"; status=1
	fi
	grep -qxF "$want" "$dir/out" || { echo "seed $seed: duty soli not as worked out:"; cat "$dir/out"; status=1; }
	grep -q '^games checked: 26 ' "$dir/out" || { echo "seed $seed: not 26 games checked"; status=1; }
	# the same round with the kinds left unsaid: the reading of ddv.yaml
	sed 's/ as="duty"//; s/ as="forced"//' "$dir/s.xml" > "$dir/u.xml"
	"$dokoref" audit "$dir/u.xml" > "$dir/outu" || { echo "seed $seed, unsaid:"; cat "$dir/outu"; status=1; }
	grep -qxF '  duty soli (ddv): Anna game 26 forced (vorgeführt) (assumed), Ben game 1 (assumed), Clara game 7 (assumed), David game 25 forced (vorgeführt) (assumed)' "$dir/outu" ||
		{ echo "seed $seed, unsaid: duty soli not as worked out:"; cat "$dir/outu"; status=1; }
done
[ "$status" -eq 0 ] && echo "3 generated Spielrunden: each player's duty solo where the TSR puts it"
exit "$status"

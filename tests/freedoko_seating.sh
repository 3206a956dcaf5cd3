#!/bin/sh
# FreeDoko debug logs whose first game is a solo (seed 100, made with the
# head-less FreeDoko 0.7.13, tests/freedoko/README.md): Dora (FreeDoko's
# player 3) plays it, Bert (player 1) is the start player.  Under
# "lustsolo player leads = false" Bert leads it, as a lust solo and as a
# duty solo; under "true" Dora does.  The players' seats are learnt from
# that first trick, so each log must be read with Dora as the soloist and
# Anna as the first game's dealer, and every game must score as FreeDoko
# scored it.  A log whose rule block names the other leader is read by the
# card points FreeDoko gives each seat; one whose card points fit no
# seating is refused.
#
#   freedoko_seating.sh DOKOREF SOURCE_ROOT
set -u
dokoref=$1
root=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failed=0
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# seated NAME LOG STATUS: dokoref reads LOG with the seats of the party file
seated() {
	name=$1 log=$2 want=$3
	status=0
	"$dokoref" show --game 1 "$log" > "$dir/show" 2>&1 || status=$?
	grep -q '^Dealer: Anna (seat 1)$' "$dir/show" &&
		grep -q '^Parties: Re: Dora - Kontra: Anna, Bert, Carl' "$dir/show" ||
		{ bad "$name: not read with FreeDoko's seats"; sed 's/^/    /' "$dir/show" | head -8; }
	status=0
	"$dokoref" check "$log" > "$dir/check" 2>&1 || status=$?
	[ "$status" = "$want" ] || bad "$name: check exit $status, want $want"
	games=$(sed -n 's/^\([0-9]*\) games checked.*/\1/p' "$dir/check")
	grep -q "^compared with FreeDoko's score: $games games, $games the same," "$dir/check" ||
		{ bad "$name: not every game scored as FreeDoko scored it"; tail -2 "$dir/check" | sed 's/^/    /'; }
}
f=$root/tests/freedoko
seated lustsolo-start-leads "$f/lustsolo-start-leads.gameplay-debug.log" 0
seated duty-solo-start-leads "$f/duty-solo-start-leads.gameplay-debug.log" 0
seated lustsolo-soloist-leads "$f/lustsolo-soloist-leads.gameplay-debug.log" 0

# the rule block says the soloist leads, the log shows Bert leading: the
# card points decide the seats (and Bert's lead is a finding under those rules)
sed 's/^lustsolo player leads = false/lustsolo player leads = true/' \
	"$f/lustsolo-start-leads.gameplay-debug.log" > "$dir/rules-say-soloist.gameplay-debug.log"
grep -q '^lustsolo player leads = true' "$dir/rules-say-soloist.gameplay-debug.log" ||
	bad "rules-say-soloist: sed changed nothing"
"$dokoref" show --game 1 "$dir/rules-say-soloist.gameplay-debug.log" > "$dir/show" 2>&1
grep -q '^Parties: Re: Dora - Kontra: Anna, Bert, Carl' "$dir/show" ||
	{ bad "rules-say-soloist: not read with FreeDoko's seats"; sed 's/^/    /' "$dir/show" | head -8; }

# card points that fit no seating
status=0
"$dokoref" validate "$f/bad/log-trick-points-fit-no-seating.gameplay-debug.log" > "$dir/out" 2>&1 || status=$?
[ "$status" = 3 ] && grep -q 'log-trick-points-fit-no-seating.gameplay-debug.log:238:1: error: cannot tell the players.* seats: the card points FreeDoko gives each seat fit no seating' "$dir/out" ||
	{ bad "fit-no-seating: exit $status"; sed 's/^/    /' "$dir/out"; }

[ "$failed" = 0 ] && echo "all passed"
[ "$failed" = 0 ]

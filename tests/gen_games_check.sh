#!/bin/sh
# bench/gen_games makes legal games of every game type each shipped rule
# set has: for each set in rulesets/ and each type `gen_games -L` lists,
# three games (fixed seed) are judged by `dokoref check`: exit status 0,
# three games, no finding, the recorded score right, and the game type
# (and solo kind) asked for; a swines, Genscher or Wende-Genscher game has
# its declaration in every game (and no finding, so it was legal).  The
# lists of types are checked too, so that a type that goes missing shows.
#
#   gen_games_check.sh GEN_GAMES DOKOREF RULESETS_DIR
set -eu
gen=$1
dokoref=$2
rules=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
DOKOREF_RULES_PATH=$rules
export DOKOREF_RULES_PATH
fail=0
n=3

# what -L must list (every set has normal games, both marriages and solos)
want_types() {
	case $1 in
	ddv) echo "normal silent-marriage marriage solo-queens solo-jacks solo-clubs solo-spades solo-hearts solo-diamonds solo-fleischlos" ;;
	esslingen-2002) echo "normal silent-marriage marriage poverty solo-queens solo-jacks solo-trumps solo-fleischlos swines wende-genscher" ;;
	ottendorf-2008) echo "normal silent-marriage marriage poverty solo-queens solo-jacks solo-clubs solo-spades solo-hearts solo-diamonds solo-fleischlos swines" ;;
	turnier-2022) echo "normal silent-marriage marriage poverty solo-queens solo-jacks solo-trumps" ;;
	unsere-2024) echo "normal silent-marriage marriage poverty ramsch solo-queens solo-jacks solo-pure-clubs solo-pure-spades solo-pure-hearts solo-pure-diamonds solo-fleischlos solo-koehler swines" ;;
	wattenscheid-2016) echo "normal silent-marriage marriage poverty solo-queens solo-jacks solo-clubs solo-spades solo-hearts solo-diamonds genscher" ;;
	*) echo "?" ;;
	esac
}

for f in "$rules"/*.yaml; do
	set_name=$(basename "$f" .yaml)
	types=$("$gen" -r "$set_name" -L | tr '\n' ' ' | sed 's/ $//')
	if [ "$types" != "$(want_types "$set_name")" ]; then
		echo "$set_name: gen_games -L lists '$types', want '$(want_types "$set_name")'"
		fail=1
	fi
	for t in $types; do
		x="$dir/$set_name-$t.xml"
		if ! "$gen" -r "$set_name" -t "$t" -n $n -s 3 > "$x"; then
			echo "$set_name $t: gen_games failed"; fail=1; continue
		fi
		status=0
		"$dokoref" check --format json "$x" > "$dir/out" 2> "$dir/err" || status=$?
		if [ "$status" != 0 ] || [ -s "$dir/err" ]; then
			echo "$set_name $t: check exited $status"; cat "$dir/err"; fail=1; continue
		fi
		case $t in
		solo-*) want="\"type\":\"solo\",\"solo\":\"${t#solo-}\"," ;;
		swines|genscher|wende-genscher) want='"type":"normal",' ;;
		*) want="\"type\":\"$t\"," ;;
		esac
		games=$(grep -c '"index":' "$dir/out" || true)
		good=$(grep -F "$want" "$dir/out" | grep -F '"findings":[]' |
		       grep -c -F '"recorded_ok":true' || true)
		if [ "$games" != $n ] || [ "$good" != $n ]; then
			echo "$set_name $t: $games games, $good of them $want without findings and scored right"
			fail=1
		fi
		case $t in
		swines) decl='<swine ' ;;
		genscher) decl='<genscher ' ;;
		wende-genscher) decl='<wende-genscher ' ;;
		*) decl= ;;
		esac
		if [ -n "$decl" ] && [ "$(grep -c "$decl" "$x")" != $n ]; then
			echo "$set_name $t: not every game declares ($decl)"; fail=1
		fi
	done
done
exit $fail

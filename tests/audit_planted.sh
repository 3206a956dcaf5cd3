#!/bin/sh
# The irregularities bench/gen_archive plants into a generated archive of
# 10,000 games are all found by `dokoref audit`: each planted game appears
# in the JSON output with the code its kind must produce, and the counts
# add up.  Plain and gzip input give the same report.
#
#   audit_planted.sh GEN_ARCHIVE DOKOREF
set -eu
gen=$1
dokoref=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$gen" -n 10000 -p 50 -s 7 -l "$dir/planted" > "$dir/a.xml"
gzip -k "$dir/a.xml"
status=0
"$dokoref" audit --format json "$dir/a.xml" > "$dir/out" || status=$?
if [ "$status" != 1 ]; then
	echo "audit exited $status, want 1 (findings)"; exit 1
fi
"$dokoref" audit --format json "$dir/a.xml.gz" > "$dir/out.gz" || true
sed "s|a.xml.gz|a.xml|g" "$dir/out.gz" | cmp -s - "$dir/out" || {
	echo "the .gz report differs from the plain one"; exit 1; }

planted=$(wc -l < "$dir/planted")
[ "$planted" -ge 150 ] || { echo "only $planted faults planted"; exit 1; }

# every planted game is reported with its code
awk '
NR == FNR { want[$1] = $2; next }
{
	if (match($0, /^\{"version":[0-9]+,"id":"[0-9a-f]+","file":"[^"]*","index":[0-9]+,/)) {
		line = substr($0, RSTART, RLENGTH)
		sub(/.*"index":/, "", line); sub(/,$/, "", line)
		if (line in want) {
			code = want[line]
			if (code == "duplicate" ? index($0, "\"duplicate_of\":{") : index($0, "\"code\":\"" code "\""))
				found[line] = 1
		}
	}
}
END {
	missing = 0
	for (g in want)
		if (!(g in found)) { print "not found: game " g " " want[g]; missing++ }
	exit missing > 0
}' "$dir/planted" "$dir/out"

# the summary counts them
summary=$(tail -n 1 "$dir/out")
for kind in revoke score-wrong total-wrong dealer duplicate; do
	n=$(grep -c " $kind\$" "$dir/planted" || true)
	[ "$n" -gt 0 ] || { echo "no $kind planted"; exit 1; }
done
n=$(grep -c ' revoke$' "$dir/planted")
echo "$summary" | grep -q "\"findings\":{\"revoke\":$n}" || {
	echo "summary does not count $n revokes: $summary" | cut -c1-300; exit 1; }
n=$(grep -c ' duplicate$' "$dir/planted")
echo "$summary" | grep -q "\"duplicates\":$n," || {
	echo "summary does not count $n duplicates"; exit 1; }
n=$(grep -c ' dealer$' "$dir/planted")
echo "$summary" | grep -q "\"dealer\":$n[,}]" || {
	echo "summary does not count $n wrong dealers"; exit 1; }
echo "all $planted planted faults found"

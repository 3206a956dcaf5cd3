#!/bin/sh
# Past one machine: the planted archive of bench/gen_archive split into
# shards at session boundaries, each shard audited on its own with
# `audit --format jsonl`, the lines shuffled and merged with `audit --merge`:
# the summary (text and JSON, English and German) and the exit status are
# those of one `audit` over all the shards.  One shard is there twice (under
# another name), so every game of the copy is a duplicate that only the
# merge can see, and the merge must list it as the single run does.
#
#   audit_merge.sh GEN_ARCHIVE DOKOREF
set -eu
gen=$1
dokoref=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

"$gen" -n 3000 -p 50 -s 7 -l planted > a.xml
mkdir shards
# the first 3 lines are the head (XML declaration, comment, root element)
awk -v per=13 '
NR <= 3 { head = head $0 "\n"; next }
/^  <session/ {
	if (n % per == 0) {
		if (out) { print "</dokoref>" > out; close(out) }
		out = sprintf("shards/shard-%03d.xml", n / per); printf "%s", head > out
	}
	n++
}
/^<\/dokoref>/ { next }
{ print > out }
END { print "</dokoref>" > out }' a.xml
n=$(ls shards | wc -l)
[ "$n" -ge 5 ] || { echo "only $n shards"; exit 1; }
cp shards/shard-002.xml shards/shard-002b.xml
gzip shards/shard-004.xml

mkdir lines
for f in shards/*; do
	rc=0
	"$dokoref" audit --format jsonl "$f" > "lines/${f#shards/}.jsonl" || rc=$?
	[ "$rc" -le 1 ] || { echo "audit --format jsonl $f exited $rc"; exit 1; }
done
cat lines/*.jsonl | shuf > all.jsonl

compare() {
	want=0; got=0
	"$dokoref" audit -s "$@" shards/* > want || want=$?
	# (with --format json, -s still writes the games' objects: the summary
	# is the last line)
	case "$*" in *json*) tail -n 1 want > want1; mv want1 want ;; esac
	"$dokoref" audit --merge "$@" all.jsonl > got || got=$?
	[ "$want" = "$got" ] || { echo "merge $*: exit $got, one run: $want"; exit 1; }
	cmp want got || { echo "merge $*: the summary differs"; diff want got | head -20; exit 1; }
}
compare
compare --lang de
compare --format json
[ "$want" = 1 ] || { echo "one run exited $want, want 1"; exit 1; }

# the copy's games are duplicates of shard 2's, which only the merge sees
games2=$(grep -c '<game>' shards/shard-002.xml)
dups=$(grep -o '"duplicates":[0-9]*' got | cut -d: -f2)
inside=$(grep -c ' duplicate$' planted)
[ "$dups" -ge "$games2" ] && [ "$dups" -le $((games2 + inside + 2)) ] || {
	echo "$dups duplicates, want $games2 from the copy and up to $inside planted"; exit 1; }
grep -q '"file":"shards/shard-002b.xml","index":1,"first_file":"shards/shard-002.xml","first_index":1}' got || {
	echo "the first game of the copy is not listed as a duplicate of shard 2's"; exit 1; }

# the merge reads standard input and several files as well
"$dokoref" audit --merge --format json - < all.jsonl > got2 || true
cmp got got2 || { echo "merge of standard input differs"; exit 1; }
"$dokoref" audit --merge --format json lines/*.jsonl > got3 || true
cmp got got3 || { echo "merge of the files differs from the merge of the shuffled lines"; exit 1; }

# a shard whose audit broke off (no end line) and a line that is not ours
head -n 2 lines/shard-000.xml.jsonl > cut.jsonl
rc=0; "$dokoref" audit --merge cut.jsonl > /dev/null 2> err || rc=$?
[ "$rc" = 3 ] && grep -q 'no end line' err || { echo "a cut shard: exit $rc"; exit 1; }
echo '{"games": 3}' > bad.jsonl
rc=0; "$dokoref" audit --merge bad.jsonl > /dev/null 2> err || rc=$?
[ "$rc" = 3 ] && grep -q 'bad.jsonl:1: error' err || { echo "a bad line: exit $rc"; exit 1; }
echo "ok: $n shards, $dups duplicates"

#!/bin/sh
# The GNU parallel recipe of docs/performance.md, run on this machine: shards of the
# planted archive audited by `parallel` (two jobs on the local host, as
# `--sshlogin 2/:`), their lines merged; the summary and exit status are
# those of one `audit` of all the shards.  Skipped (77) without `parallel`.
#
#   audit_parallel.sh GEN_ARCHIVE DOKOREF
set -eu
gen=$1
dokoref=$2
command -v parallel >/dev/null 2>&1 || { echo "GNU parallel is not installed"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
mkdir bin
ln -s "$dokoref" bin/dokoref
PATH=$dir/bin:$PATH

for s in 1 2 3 4; do
	"$gen" -n 600 -p 40 -s "$s" > "shard-$s.xml"
done
gzip shard-3.xml
# two games of shard 1 again in shard 4 (as shard 4's last session):
# duplicates across machines
awk '/^  <session/ { n++ } n == 1' shard-1.xml > s1
{ sed '$d' shard-4.xml; cat s1; echo '</dokoref>'; } > shard-4b.xml
mv shard-4b.xml shard-4.xml

# the recipe (docs/performance.md, "Every core, and past one machine")
ls shard-* | parallel --sshlogin 2/: --transferfile {} \
	'dokoref audit --format jsonl {} || [ $? = 1 ]' > all.jsonl 2>parallel.err
rc=0; dokoref audit --merge all.jsonl > got || rc=$?

want=0; dokoref audit -s shard-* > expected || want=$?
[ "$rc" = "$want" ] || { echo "merge exited $rc, one run $want"; exit 1; }
cmp expected got || { diff expected got | head; exit 1; }
grep -q 'shard-4.xml, game [0-9]* is shard-1.xml, game 1 ' got || {
	echo "the duplicate across shards is not listed"; cat got; exit 1; }
echo ok

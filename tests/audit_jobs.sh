#!/bin/sh
# audit --jobs: the output (standard output and standard error, byte for
# byte) and the exit status are the same on one thread and on four, for
# the planted archive of bench/gen_archive (plain and gzip, every output
# form) and for files that make the pieces' work harder: sessions of the
# same players with Bocks carried from one to the next under a rule set
# whose loading warns, duplicates far apart, a comment that fools the
# counting of games, an invalid game, a broken and a truncated file, a
# file in another encoding.
#
#   audit_jobs.sh GEN_ARCHIVE DOKOREF
set -eu
gen=$1
dokoref=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

"$gen" -n 4000 -p 50 -s 7 > a.xml
gzip -k a.xml
[ "$(wc -c < a.xml)" -gt 8000000 ] || { echo "the archive is too small for pieces"; exit 1; }

same() {
	r1=0; r4=0
	"$dokoref" audit --jobs 1 "$@" > out1 2> err1 || r1=$?
	"$dokoref" audit --jobs 4 "$@" > out4 2> err4 || r4=$?
	[ "$r1" = "$r4" ] || { echo "audit $*: exit $r1 on one thread, $r4 on four"; exit 1; }
	cmp out1 out4 || { echo "audit $*: the output differs"; diff out1 out4 | head; exit 1; }
	cmp err1 err4 || { echo "audit $*: the diagnostics differ"; diff err1 err4 | head; exit 1; }
}

for f in a.xml a.xml.gz; do
	same "$f"
	[ "$r1" = 1 ] && [ -s out1 ] || { echo "no findings in $f"; exit 1; }
	same -s "$f"
	same --format json "$f"
done
same -v a.xml
same --lang de a.xml
same --player Anna --code revoke a.xml
same -g 1234 a.xml
same a.xml a.xml.gz   # the second file's games are duplicates of the first's

# one table all evening, every evening, under a rule set with Bocks that
# carry over (and whose loading warns: its name is not its file's)
sed -e 's/Emil\|Ida\|Moritz/Anna/g; s/Frieda\|Jonas\|Nora/Ben/g' \
    -e 's/Gustav\|Karl\|Otto/Clara/g; s/Hanna\|Lena\|Paula/David/g' a.xml > same.xml
cat > bock.yaml <<'EOT'
name: bock-test
base: ddv
rules:
  bock.kind:
    value: append
    source: 'test'
  bock.triggers:
    value: [tie, heart-trick, lost-call, zero-score]
    source: 'test'
  bock.carry_over:
    value: true
    source: 'test'
EOT
same -s --rules ./bock.yaml same.xml
grep -q 'warning' err1 || { echo "the rule set's warning is missing"; exit 1; }
same --format json --rules ./bock.yaml same.xml

# the first session again at the end: duplicates far apart
awk '/^  <session/ { n++ } n == 1' a.xml > s1
{ sed '$d' a.xml; cat s1; echo '</dokoref>'; } > dup.xml
same dup.xml
grep -q 'dup.xml, game 1 ' out1 || { echo "the far duplicate is not found"; exit 1; }

# a comment that holds "<game" and "<session" between two sessions halfway
half=$(grep -n '^  <session' a.xml | awk -F: 'NR == 60 { print $1 }')
sed "${half}i\\  <!-- <game> <session> <game --> " a.xml > comment.xml
same comment.xml

# an invalid game halfway, and a file broken off halfway (plain and gzip)
awk -v from="$half" 'NR > from && !done && /<card seat=/ { sub(/>[A-Z0-9]+</, ">ZZ<"); done = 1 } 1' \
	a.xml > bad.xml
same bad.xml
[ "$r1" = 3 ] || { echo "the invalid game: exit $r1"; exit 1; }
head -c 5000000 a.xml > cut.xml
same cut.xml
[ "$r1" = 3 ] || { echo "the broken file: exit $r1"; exit 1; }
head -c 1000000 a.xml.gz > cut.xml.gz
same cut.xml.gz

# another encoding: read on one thread
sed '1s/UTF-8/ISO-8859-1/' a.xml > latin1.xml
same latin1.xml
echo ok

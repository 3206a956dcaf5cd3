#!/bin/sh
# Every record format is recognised by its content on standard input and
# in a pipe given by name (<(cat FILE)), as in a file: a FreeDoko bug
# report, a FreeDoko --debug log (a session), the notation, gzip of each,
# and a score sheet for audit.  Each command gives what it gives for the
# file, the name aside (<stdin>, the pipe's /dev/fd/N), and so does the
# rule set made from a FreeDoko rule block ("stdin.rules").  Before
# session 36 a FreeDoko file on standard input was read as XML ("malformed
# XML: document is empty").
#
#   stdin_formats.sh DOKOREF SOURCE_ROOT
set -eu
dokoref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export LC_ALL=C NO_COLOR=1 DOKOREF_RULES_PATH="$root/rulesets"
fails=0
checked=0
fail() { printf 'FAIL: %s\n' "$*"; fails=$((fails + 1)); }

# alike NAME HOW STATUS OUT: the exit status and the output (its names
# written as <stdin>) of a run HOW are the file's
alike() {
	checked=$((checked + 1))
	[ "$3" = "$status" ] || fail "$1: exit $3 $2, $status for the file"
	cmp -s "$dir/$1.want" "$4" || {
		fail "$1: read otherwise $2 than the file"
		diff "$dir/$1.want" "$4" | head -5
	}
}

# same NAME FILE CMD...: CMD FILE, CMD - < FILE and, where bash is there,
# CMD <(cat FILE): the same exit status, and the same output once the
# file's name and the rule set named after it are written as <stdin>
same() {
	name=$1 file=$2
	shift 2
	status=0
	"$dokoref" "$@" "$file" > "$dir/$name.file" 2>&1 || status=$?
	base=$(basename "$file")
	sed -e "s|$file|<stdin>|g" -e "s|$base\\.rules|stdin.rules|g" \
		"$dir/$name.file" > "$dir/$name.want"
	s_status=0
	"$dokoref" "$@" - < "$file" > "$dir/$name.stdin" 2>&1 || s_status=$?
	alike "$name" "on standard input" "$s_status" "$dir/$name.stdin"
	grep -q 'malformed XML' "$dir/$name.stdin" &&
		fail "$name: standard input read as XML"
	if command -v bash > /dev/null; then
		p_status=0
		bash -c '"$1" "${@:3}" <(cat "$2")' sh "$dokoref" "$file" "$@" \
			> "$dir/$name.pipe" 2>&1 || p_status=$?
		sed -e 's|/dev/fd/[0-9]*|<stdin>|g' -e 's|[0-9][0-9]*\.rules|stdin.rules|g' \
			"$dir/$name.pipe" > "$dir/$name.pipe.named"
		alike "$name" "through a pipe" "$p_status" "$dir/$name.pipe.named"
	fi
	return 0
}

bug=tests/freedoko/004438_3.poverty.BugReport.FreeDoko
log=tests/freedoko/genscher.gameplay-debug.log
cd "$root"
gzip -c "$bug" > "$dir/bug.BugReport.FreeDoko.gz"
gzip -c "$log" > "$dir/genscher.log.gz"

same check-bug "$bug" check --width 0
same show-bug "$bug" show
same validate-bug "$bug" validate
same check-bug-json "$bug" check --format json
same check-log "$log" check --width 0
same audit-log "$log" audit
same check-bug-gz "$dir/bug.BugReport.FreeDoko.gz" check --width 0
same audit-log-gz "$dir/genscher.log.gz" audit
same check-doko samples/normal-ddv.doko check --width 0
same show-doko samples/solo-hearts-ddv.doko show
same audit-sheet samples/sheet-ddv-planted.csv audit
same check-xml samples/marriage-ddv.xml check --width 0

# the outputs are what they should be, not only alike: a FreeDoko game
# judged under its own rule block, a notation game, a session's audit
grep -q 'poverty (Armut) of Carl, taken by Dora, rules stdin.rules' "$dir/check-bug.stdin" ||
	fail "check-bug: not judged under its rule block as stdin.rules"
grep -q 'compared with FreeDoko.s score: 20 games, 20 the same' "$dir/check-log.stdin" ||
	fail "check-log: FreeDoko's scores not compared"
grep -q '^<stdin>, game 1' "$dir/show-doko.stdin" ||
	fail "show-doko: the notation not shown"

[ "$checked" -ge 12 ] || fail "only $checked runs compared"
if [ "$fails" -ne 0 ]; then
	echo "$fails failure(s)"
	exit 1
fi
echo "stdin-formats: $checked runs on standard input and through a pipe read as the files"

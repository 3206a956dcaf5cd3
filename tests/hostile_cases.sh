#!/bin/sh
# Hostile inputs beyond the XML corpus (issue 17): rule sets that name other
# files, FIFOs, outputs that are their own input, signals during a
# conversion, FreeDoko files with bytes no text has.  Each case states the
# exit status, where the first message points (FILE:LINE:COL: or FILE:), and
# that nothing of another file is shown: no output may hold SECRET-MARKER
# (the text of tests/hostile/secret.txt and secret-config.yaml).
#
#   hostile_cases.sh DOKOREF GEN_ARCHIVE SOURCE_ROOT
set -u
dokoref=$1
gen=$2
root=$3
cd "$root" || exit 1
export DOKOREF_RULES_PATH="$root/rulesets"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect NAME STATUS WHERE -- ARGS...: run dokoref ARGS (10 s at most),
# want exit STATUS, WHERE at the start of a line of its output (or "-" for
# no check), and no secret in it
expect() {
	name=$1 want=$2 where=$3
	shift 4
	status=0
	timeout 10 "$dokoref" "$@" > "$dir/out" 2>&1 < /dev/null || status=$?
	if [ "$status" != "$want" ]; then
		bad "$name: exit $status, want $want"; sed 's/^/    /' "$dir/out"; return
	fi
	if [ "$where" != - ] && ! grep -q -F -- "$where" "$dir/out"; then
		bad "$name: no message at '$where'"; sed 's/^/    /' "$dir/out"; return
	fi
	if grep -q SECRET-MARKER "$dir/out"; then
		bad "$name: another file's content was shown"; sed 's/^/    /' "$dir/out"; return
	fi
	ok
}

# the number of lines of the last output that hold "error:"
errors() { grep -c 'error:' "$dir/out"; }

# ---- rule sets -----------------------------------------------------------
h=tests/hostile
expect base-absolute 3 "$h/rules-base-absolute.yaml:3:7: error: base '/etc/passwd' is not a rule set name or a relative path to a '.yaml' file" \
	-- rules check $h/rules-base-absolute.yaml
expect base-not-yaml 3 "$h/rules-base-not-yaml.yaml:3:7: error: base './secret.txt'" \
	-- rules check $h/rules-base-not-yaml.yaml
expect base-foreign-yaml 3 "$h/./secret-config.yaml: error: not a rule set" \
	-- rules check $h/rules-base-foreign.yaml
[ "$(errors)" = 1 ] && ok || bad "base-foreign-yaml: $(errors) errors, want one"
expect base-leaves-directory 3 "$h/../hostile/secret-config.yaml: error: not a rule set" \
	-- rules check $h/rules-base-up.yaml
expect secret-as-rule-set 3 "$h/secret.txt: error: not a rule set" \
	-- rules check $h/secret.txt
expect passwd-as-rule-set 3 "/etc/passwd: error: not a rule set" -- rules check /etc/passwd
[ "$(errors)" = 1 ] && ok || bad "passwd-as-rule-set: $(errors) errors, want one"
expect record-names-secret 3 "$h/record-rules-path-secret.xml:16:5: error:" \
	-- check $h/record-rules-path-secret.xml

# a FIFO is refused at once, as base and as the set itself
mkfifo "$dir/fifo.yaml"
printf 'name: via-fifo\nbase: ./fifo.yaml\nrules: {}\n' > "$dir/via-fifo.yaml"
expect base-fifo 3 "$dir/./fifo.yaml: error: is not a regular file" -- rules check "$dir/via-fifo.yaml"
expect rule-set-fifo 3 "$dir/fifo.yaml: error: is not a regular file" -- rules check "$dir/fifo.yaml"
expect rule-set-device 3 "/dev/zero: error: is not a regular file" -- rules check /dev/zero
expect rules-option-fifo 3 "$dir/fifo.yaml: error: is not a regular file" \
	-- check --rules "$dir/fifo.yaml" samples/normal-ddv.xml

# ---- FreeDoko files through the shared text guard --------------------------
log=tests/freedoko/partyB.gameplay-debug.log
# a NUL byte in line 10, column 5
awk 'NR == 10 { printf "%s", substr($0, 1, 4); printf "%c", 0; print substr($0, 5); next } { print }' \
	"$log" > "$dir/nul.gameplay-debug.log"
if grep -q -a -P '\x00' "$dir/nul.gameplay-debug.log" 2>/dev/null || [ "$(tr -d '\000' < "$dir/nul.gameplay-debug.log" | wc -c)" -lt "$(wc -c < "$dir/nul.gameplay-debug.log")" ]; then
	expect freedoko-nul 3 "$dir/nul.gameplay-debug.log:10:5: error: a NUL byte is not accepted" \
		-- check "$dir/nul.gameplay-debug.log"
	gzip -k "$dir/nul.gameplay-debug.log"
	expect freedoko-nul-gzip 3 "$dir/nul.gameplay-debug.log.gz:10:5: error: a NUL byte is not accepted" \
		-- check "$dir/nul.gameplay-debug.log.gz"
else
	bad "freedoko-nul: awk wrote no NUL byte"
fi
# an escape character in line 1, column 4
{ printf 'abc\033def\n'; cat "$log"; } > "$dir/esc.gameplay-debug.log"
expect freedoko-control 3 "$dir/esc.gameplay-debug.log:1:4: error: a control character (0x1B) is not accepted" \
	-- check "$dir/esc.gameplay-debug.log"
# a 12 MB line 12
awk 'NR == 12 { printf "%s", $0; for (i = 0; i < 200000; i++) printf "%060d", 0; print ""; next } { print }' \
	"$log" > "$dir/long.gameplay-debug.log"
expect freedoko-long-line 3 "$dir/long.gameplay-debug.log:12:65537: error: a line longer than 64 KiB is not accepted" \
	-- check "$dir/long.gameplay-debug.log"
# a bug report whose game goes on for a million cards: one message
awk '/^gameplay actions$/ { g = 1 } g && /card played/ && n < 4 { c[n++] = $0 }
     g && /^}$/ && !done { for (t = 0; t < 250000; t++) for (k = 0; k < 4; k++) print c[k]; done = 1 }
     { print }' tests/freedoko/004438_3.poverty.BugReport.FreeDoko > "$dir/million.BugReport.FreeDoko"
expect freedoko-million-cards 3 "error: more than 160 cards and announcements in one game" \
	-- check "$dir/million.BugReport.FreeDoko"
[ "$(grep -c 'more than 160' "$dir/out")" = 1 ] && ok || bad "freedoko-million-cards: not one message"
# the same in dokoref XML: one message
awk '/<\/play>/ && !done { for (t = 0; t < 100000; t++) print "<trick><card seat=\"1\">CA</card></trick>"; done = 1 } { print }' \
	samples/normal-ddv.xml > "$dir/million.xml"
expect xml-many-tricks 3 "error: more than 4096 events in one game" -- validate "$dir/million.xml"
# one message for each cause: too many tricks, and the cap that stops the read
[ "$(grep -c 'error:' "$dir/out")" = 2 ] && grep -q 'error: more than 12 tricks' "$dir/out" \
	&& ok || bad "xml-many-tricks: not one message a cause"

# a NUL byte in an XML record (line 3, column 3), and the XML on one long
# line, which XML may be: no line limit there
awk 'NR == 3 { printf "%s", substr($0, 1, 2); printf "%c", 0; print substr($0, 3); next } { print }' \
	samples/normal-ddv.xml > "$dir/nul.xml"
expect xml-nul 3 "$dir/nul.xml:3:3: error: a NUL byte is not accepted" -- validate "$dir/nul.xml"
"$gen" -n 100 -s 5 | tr '\n' ' ' > "$dir/one-line.xml"
[ "$(wc -c < "$dir/one-line.xml")" -gt 65536 ] || bad "one-line.xml is not longer than 64 KiB"
expect xml-one-line 0 "valid" -- validate "$dir/one-line.xml"

# many bad games: the first 100 messages of a file are shown (the first 20
# with their source line, which is looked up by reading the file again),
# the others counted on one line, however many games they come from; so a
# message costs the same whatever came before it (bench/bad_games.sh)
awk 'BEGIN { print "<dokoref version=\"1\">"; for (i = 0; i < 3000; i++) print "<game></game>"; print "</dokoref>" }' \
	> "$dir/bad-games.xml"
awk 'BEGIN { print "rules: ddv"; for (i = 0; i < 3000; i++) print "game" }' > "$dir/bad-games.doko"
for f in bad-games.xml bad-games.doko; do
	expect "many-bad-games-$f" 3 "dokoref: 5900 more messages not shown" -- validate "$dir/$f"
	[ "$(grep -c 'error:' "$dir/out")" = 100 ] && [ "$(grep -c '^    ^' "$dir/out")" = 20 ] && ok ||
		bad "many-bad-games-$f: $(grep -c 'error:' "$dir/out") messages, $(grep -c '^    ^' "$dir/out") source lines, want 100 and 20"
done
expect many-bad-games-check 3 "dokoref: 5900 more messages not shown" -- check "$dir/bad-games.doko"

# a carriage return inside a line (in a name: "Anna\rMallory" shows as
# "Mallory" on a terminal) is refused in every text format but XML (which
# reads it as a line end); old Mac line ends (a carriage return alone) are
# refused with the same words, and a line ending in CR LF passes
sed 's/Anna/"Anna\rMallory"/g' samples/normal-ddv.doko > "$dir/cr-name.doko"
grep -q '^players: "Anna' "$dir/cr-name.doko" || bad "cr-name: sed wrote no such line"
crmsg="a carriage return that does not end a line is not accepted"
for cmd in show check validate; do
	expect "cr-name-doko-$cmd" 3 "$dir/cr-name.doko:3:20: error: $crmsg" -- $cmd "$dir/cr-name.doko"
	LC_ALL=C grep -q "$(printf '\r')" "$dir/out" && bad "cr-name-doko-$cmd: a carriage return was printed"
done
sed '5s/Anna/Anna\rMallory/' samples/sheet-ddv.csv > "$dir/cr-name.csv"
expect cr-name-csv 3 "$dir/cr-name.csv:5:28: error: $crmsg" -- audit "$dir/cr-name.csv"
LC_ALL=C grep -q "$(printf '\r')" "$dir/out" && bad "cr-name-csv: a carriage return was printed"
tr '\n' '\r' < samples/normal-ddv.doko > "$dir/cr-only.doko"
expect cr-only-doko 3 "$dir/cr-only.doko:1:2: error: $crmsg" -- check "$dir/cr-only.doko"
sed 's/$/\r/' samples/normal-ddv.doko > "$dir/crlf.doko"
expect crlf-doko 0 "1 game checked" -- check "$dir/crlf.doko"
# ... and what convert writes reads back: the name is refused before
# anything is written, and a note of two lines goes into the notation
# (with --lossy) as one line, so that its second line cannot stand as a
# header of the game
expect convert-cr-name 3 "$dir/cr-name.doko:3:20: error: $crmsg" -- convert "$dir/cr-name.doko" -o "$dir/cr-name.xml"
[ -e "$dir/cr-name.xml" ] && bad "convert-cr-name: the output was written"
sed 's|<note>Both|<note>Both\ndealer: Mallory|' samples/heart10-second-wins-unsere-2024.xml > "$dir/note-header.xml"
expect convert-note-lines 0 - -- convert --lossy "$dir/note-header.xml" -o "$dir/note-header.doko"
expect convert-note-lines-back 0 "valid (1 game)" -- validate "$dir/note-header.doko"

# what a file is, told right: a score sheet and the notation may open with
# any number of comment lines (here 120 KiB of them), on standard input
# too; a UTF-16 file of any format is refused as UTF-16 (not as "malformed
# XML: document is empty")
awk 'BEGIN { for (i = 0; i < 2000; i++) print "# a comment line of the club evening, written by hand 0000000" }' \
	> "$dir/comments"
cat "$dir/comments" samples/sheet-ddv.csv > "$dir/comments.csv"
cat "$dir/comments" samples/normal-ddv.doko > "$dir/comments.doko"
expect sheet-long-comments 0 "8 games checked, 0 with findings" -- audit "$dir/comments.csv"
expect doko-long-comments 0 "1 game checked" -- check "$dir/comments.doko"
status=0
"$dokoref" audit - < "$dir/comments.csv" > "$dir/out" 2>&1 || status=$?
[ "$status" = 0 ] && grep -q "8 games checked, 0 with findings" "$dir/out" && ok \
	|| bad "sheet-long-comments-stdin: exit $status"
u16="error: the file is in UTF-16 or UTF-32, which is not read"
iconv -f UTF-8 -t UTF-16 tests/sheets/qtdoppelkopf-v2-sample.json > "$dir/utf16.json"
expect utf16-json 3 "$dir/utf16.json:1:1: $u16" -- audit "$dir/utf16.json"
iconv -f UTF-8 -t UTF-16 samples/sheet-ddv.csv > "$dir/utf16.csv"
expect utf16-csv 3 "$dir/utf16.csv:1:1: $u16" -- audit "$dir/utf16.csv"
status=0
"$dokoref" validate - < tests/hostile/utf16-record.xml > "$dir/out" 2>&1 || status=$?
[ "$status" = 3 ] && grep -q -F "<stdin>:1:1: $u16" "$dir/out" && ok \
	|| bad "utf16-xml-stdin: exit $status"

# ---- rule sets through the same guard --------------------------------------
printf 'name: long\nbase: ddv\ntitle: "' > "$dir/long.yaml"
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%060d", 0; print "\"" }' >> "$dir/long.yaml"
expect rules-long-line 3 "$dir/long.yaml:3:65537: error: a line longer than 64 KiB is not accepted" \
	-- rules check "$dir/long.yaml"

# a record may come through a FIFO (as from <(zcat ...)): read once, as XML
mkfifo "$dir/record.fifo"
cat samples/normal-ddv.xml > "$dir/record.fifo" &
writer=$!
expect record-fifo 0 "1 game checked" -- check "$dir/record.fifo"
kill $writer 2>/dev/null  # still waiting for a reader if dokoref never opened it
wait $writer 2>/dev/null

# ---- score sheets (formats/score-sheet.md) through the shared screen -------
sheet=samples/sheet-ddv.csv
# a NUL byte in line 6, column 5
awk 'NR == 6 { printf "%s", substr($0, 1, 4); printf "%c", 0; print substr($0, 5); next } { print }' \
	"$sheet" > "$dir/nul.csv"
expect sheet-nul 3 "$dir/nul.csv:6:5: error: a NUL byte is not accepted" -- audit "$dir/nul.csv"
# a line of 5000 bytes
{ head -5 "$sheet"; awk 'BEGIN { printf "1,Anna,normal,1"; for (i = 0; i < 1000; i++) printf ",    "; print "" }'; } \
	> "$dir/long.csv"
expect sheet-long-line 3 "$dir/long.csv:6:4097: error: a line longer than" -- audit "$dir/long.csv"
# more fields than a row may have, more games than a sheet may have
{ head -5 "$sheet"; awk 'BEGIN { printf "1"; for (i = 0; i < 70; i++) printf ",1"; print "" }'; } \
	> "$dir/fields.csv"
expect sheet-many-fields 3 "$dir/fields.csv:6:129: error: more than 64 fields in a row" \
	-- audit "$dir/fields.csv"
{ echo "rules,ddv"; echo "game,A,B,C,D"; awk 'BEGIN { for (i = 1; i <= 100001; i++) print i ",1,-1,1,-1" }'; } \
	> "$dir/games.csv"
expect sheet-many-games 3 "$dir/games.csv:100003:1: error: more than 100000 games in one sheet" \
	-- audit "$dir/games.csv"
# a sheet that names another file as its rule set shows nothing of it
printf 'rules,tests/hostile/secret.txt\ngame,A,B,C,D\n1,1,-1,1,-1\n' > "$dir/secret.csv"
expect sheet-rules-secret 3 "tests/hostile/secret.txt: error: not a rule set" -- audit "$dir/secret.csv"
# a gzip bomb: a sheet is read whole, up to --max-input-size
{ echo "game,A,B,C,D"; awk 'BEGIN { for (i = 0; i < 200000; i++) print "# 0000000000000000000000000000000000000000" }'; } \
	| gzip > "$dir/bomb.csv.gz"
expect sheet-gzip-bomb 3 "error: the decompressed data exceeds the limit of 1000000 bytes" \
	-- audit --max-input-size 1000000 "$dir/bomb.csv.gz"
# plain files read whole, over --max-input-size: the notation, a FreeDoko
# bug report, a sheet (each reader asks dk_input_read_whole)
expect notation-over-size 3 "samples/normal-ddv.doko: error: a notation file is read whole, and this one is larger than 100 bytes" \
	-- check --max-input-size 100 samples/normal-ddv.doko
expect freedoko-over-size 3 "tests/freedoko/004438_3.poverty.BugReport.FreeDoko: error: a FreeDoko file is read whole, and this one is larger than 1000 bytes" \
	-- check --max-input-size 1000 tests/freedoko/004438_3.poverty.BugReport.FreeDoko
expect sheet-over-size 3 "tests/sheets/dapfiduck-Game1.csv: error: a score sheet is read whole, and this one is larger than 100 bytes" \
	-- audit --rules ddv --max-input-size 100 tests/sheets/dapfiduck-Game1.csv
# the JSON log: nesting, a long string, a million values
{ printf '{"dataVersion":"2","data":'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; print "" }'; } \
	> "$dir/deep.json"
expect sheet-json-deep 3 "$dir/deep.json:1:42: error: JSON nested deeper than 16" -- audit "$dir/deep.json"
{ printf '{"dataVersion":"2","data":["'; awk 'BEGIN { for (i = 0; i < 5000; i++) printf "x"; print "\"]}" }'; } \
	> "$dir/string.json"
expect sheet-json-string 3 "$dir/string.json:1:28: error: string longer than 4096 bytes" \
	-- audit "$dir/string.json"
{ printf '{"dataVersion":"2","data":[0'; awk 'BEGIN { for (i = 0; i < 1000000; i++) printf ",0"; print "]}" }'; } \
	> "$dir/values.json"
expect sheet-json-values 3 "error: more than 1000000 JSON values" -- audit "$dir/values.json"
# standard input: recognised by content as well
status=0
"$dokoref" audit --rules ddv - < tests/sheets/dapfiduck-Game1.csv > "$dir/out" 2>&1 || status=$?
[ "$status" = 0 ] && grep -q "8 games checked, 0 with findings" "$dir/out" && ok \
	|| bad "sheet-stdin: exit $status"
# standard input over --max-input-size: the start looked at for its
# format counts too (until session 36 an input shorter than that look,
# 64 KiB, got past any smaller limit)
stdin_over() {
	name=$1 file=$2 want=$3
	shift 3
	status=0
	timeout 10 "$dokoref" "$@" - < "$file" > "$dir/out" 2>&1 || status=$?
	if [ "$status" = 3 ] && grep -q -F -- "$want" "$dir/out"; then
		ok
	else
		bad "$name: exit $status, want 3 and '$want'"; sed 's/^/    /' "$dir/out"
	fi
}
stdin_over notation-stdin-over-size samples/normal-ddv.doko \
	"<stdin>: error: a notation file is read whole, and this one is larger than 100 bytes" \
	check --max-input-size 100
stdin_over freedoko-stdin-over-size tests/freedoko/004438_3.poverty.BugReport.FreeDoko \
	"<stdin>: error: a FreeDoko file is read whole, and this one is larger than 1000 bytes" \
	check --max-input-size 1000
stdin_over sheet-stdin-over-size tests/sheets/dapfiduck-Game1.csv \
	"<stdin>: error: a score sheet is read whole, and this one is larger than 100 bytes" \
	audit --rules ddv --max-input-size 100

# ---- the penalty search on a record where a seat played twice -------------
expect search-empty-hand 1 "tests/search/seat-twice-in-trick.xml:109:9: card-not-in-hand" \
	-- check tests/search/seat-twice-in-trick.xml
expect search-empty-hand-late-call 1 "tests/search/hand-empty-at-a-late-call.xml:106:9: announce-too-late" \
	-- check tests/search/hand-empty-at-a-late-call.xml

# ---- an output that is the same file as an input --------------------------
cp samples/normal-ddv.xml "$dir/in.xml"
cp "$dir/in.xml" "$dir/orig.xml"
ln -s in.xml "$dir/link.xml"
ln "$dir/in.xml" "$dir/hard.xml"
expect same-file 3 "error: the output '$dir/in.xml' is the same file as the input" \
	-- convert --lossy "$dir/in.xml" -o "$dir/in.xml"
expect same-file-symlink 3 "error: the output '$dir/link.xml' is the same file" \
	-- convert "$dir/in.xml" -o "$dir/link.xml"
expect same-file-hard-link 3 "error: the output '$dir/hard.xml' is the same file" \
	-- convert "$dir/in.xml" -o "$dir/hard.xml"
expect same-file-rules-import 3 "is the same file as the input" \
	-- rules import tests/freedoko/rules.standard.FreeDoko-rules -o tests/freedoko/rules.standard.FreeDoko-rules
cmp -s "$dir/in.xml" "$dir/orig.xml" && [ -L "$dir/link.xml" ] && ok || bad "same-file: the input was changed"
# ... and as an HTML page (a branch of its own in convert)
ln -s in.xml "$dir/link.html"
expect same-file-html-symlink 3 "error: the output '$dir/link.html' is the same file" \
	-- convert "$dir/in.xml" -o "$dir/link.html"
ln "$dir/in.xml" "$dir/hard.html"
expect same-file-html-hard-link 3 "error: the output '$dir/hard.html' is the same file" \
	-- convert "$dir/in.xml" -o "$dir/hard.html"
cmp -s "$dir/in.xml" "$dir/orig.xml" && [ -L "$dir/link.html" ] && ok || bad "same-file-html: the input was changed"

# ---- outputs that are not regular files, their modes, long names ------------
# A device or FIFO is written to as it is, never replaced by a regular file.
# The devices are reached through links in the test's directory: the links
# show whether they were replaced, and a program that replaces never touches
# the system's own /dev/null or /dev/full.
ln -s /dev/null "$dir/null.xml"
expect output-device 0 - -- convert "$dir/in.xml" -o "$dir/null.xml"
[ -L "$dir/null.xml" ] && [ "$(readlink "$dir/null.xml")" = /dev/null ] && ok ||
	bad "output-device: the link to /dev/null was replaced"
ln -s /dev/null "$dir/sink.yaml"
expect output-device-rules-import 0 - -- rules import tests/freedoko/rules.standard.FreeDoko-rules -o "$dir/sink.yaml"
[ -L "$dir/sink.yaml" ] && ok || bad "output-device-rules-import: the link was replaced"
ln -s /dev/full "$dir/full.xml"
expect output-full 4 "cannot write '$dir/full.xml': No space left on device" \
	-- convert "$dir/in.xml" -o "$dir/full.xml"
ln -s /dev/full "$dir/full.yaml"
expect output-full-rules-import 4 "cannot write '$dir/full.yaml': No space left on device" \
	-- rules import tests/freedoko/rules.standard.FreeDoko-rules -o "$dir/full.yaml"
[ -L "$dir/full.xml" ] && [ -L "$dir/full.yaml" ] && ok || bad "output-full: a link was replaced"
expect output-full-to 4 "cannot write '$dir/full.xml'" -- convert --to doko "$dir/in.xml" -o "$dir/full.xml"
# a FIFO: what a reader at the other end gets is the output
mkfifo "$dir/out.fifo"
# (the reader ends at the writer's end of file; the timeout only keeps a
# broken writer from hanging the test, and killing it at once could cut
# its copy short on a loaded machine)
timeout 30 cat "$dir/out.fifo" > "$dir/from-fifo.xml" &
reader=$!
expect output-fifo 0 - -- convert --to xml "$dir/in.xml" -o "$dir/out.fifo"
wait $reader 2>/dev/null
[ -p "$dir/out.fifo" ] && cmp -s "$dir/from-fifo.xml" "$dir/in.xml" && ok ||
	bad "output-fifo: the FIFO was replaced, or its reader got another text"
expect output-directory 4 "cannot write '$dir': it is a directory" -- convert --to xml "$dir/in.xml" -o "$dir"
# modes: a new file as the umask says, a replaced file keeps its mode
mode() { stat -c %a "$1"; }
rm -f "$dir/m1.xml" "$dir/m2.xml"
(umask 027; exec "$dokoref" convert "$dir/in.xml" -o "$dir/m1.xml") &&
	[ "$(mode "$dir/m1.xml")" = 640 ] && ok || bad "output-umask-027: mode $(mode "$dir/m1.xml")"
(umask 077; exec "$dokoref" convert "$dir/in.xml" -o "$dir/m2.xml.gz") &&
	[ "$(mode "$dir/m2.xml.gz")" = 600 ] && ok || bad "output-umask-077: mode $(mode "$dir/m2.xml.gz")"
printf 'old\n' > "$dir/private.xml"
chmod 600 "$dir/private.xml"
(umask 022; exec "$dokoref" convert "$dir/in.xml" -o "$dir/private.xml") &&
	[ "$(mode "$dir/private.xml")" = 600 ] && cmp -s "$dir/private.xml" "$dir/in.xml" && ok ||
	bad "output-keeps-0600: mode $(mode "$dir/private.xml")"
printf 'old\n' > "$dir/shared.html"
chmod 664 "$dir/shared.html"
(umask 077; exec "$dokoref" convert "$dir/in.xml" -o "$dir/shared.html") &&
	[ "$(mode "$dir/shared.html")" = 664 ] && ok || bad "output-keeps-0664: mode $(mode "$dir/shared.html")"
printf 'name: old\n' > "$dir/private.yaml"
chmod 640 "$dir/private.yaml"
(umask 000; exec "$dokoref" rules import tests/freedoko/rules.standard.FreeDoko-rules -o "$dir/private.yaml") 2>/dev/null &&
	[ "$(mode "$dir/private.yaml")" = 640 ] && ok || bad "output-keeps-0640-rules-import: mode $(mode "$dir/private.yaml")"
# a rule set named after its output: null.yaml is the set 'null', not one
# without a name
expect output-named-null 0 - -- rules import tests/freedoko/rules.standard.FreeDoko-rules -o "$dir/null.yaml"
expect output-named-null-loads 0 "$dir/null.yaml: valid (rule set 'null', base 'ddv')" -- rules check "$dir/null.yaml"
# a FreeDoko log whose card points fit no seating of its first trick's
# players (tests/freedoko_seating.sh has the logs that do)
expect freedoko-seats-unknown 3 "tests/freedoko/bad/log-trick-points-fit-no-seating.gameplay-debug.log:238:1: error: cannot tell the players' seats" \
	-- validate tests/freedoko/bad/log-trick-points-fit-no-seating.gameplay-debug.log
# names of 245 to 255 bytes: the temporary name is cut to fit beside them
for n in 245 251 255; do
	long=$(awk -v n=$((n - 4)) 'BEGIN { for (i = 0; i < n; i++) printf "n"; print ".xml" }')
	expect "output-name-$n" 0 - -- convert "$dir/in.xml" -o "$dir/$long"
	cmp -s "$dir/$long" "$dir/in.xml" && [ "$(ls "$dir" | grep -c '\.tmp\.')" = 0 ] && ok ||
		bad "output-name-$n: not written, or a temporary file left"
	rm -f "$dir/$long"
done

# ---- signals during `convert -o OUT`: no temporary file left --------------
"$gen" -n 5000 -s 3 > "$dir/big.xml"
# sig NAME NUMBER: start a conversion, send the signal once its temporary
# file exists, want the status 128 + NUMBER and no file left behind.  The
# input comes through a pipe that is held open after its first part, so
# that dokoref is still converting when the signal comes, however fast the
# machine is
mkfifo "$dir/feed"
sig() {
	rm -f "$dir"/out.xml.gz*
	( head -c 300000 "$dir/big.xml"; exec sleep 60 ) > "$dir/feed" &
	feeder=$!
	# a shell starts background jobs with SIGINT ignored, and nohup (or a
	# CI runner) may have SIGHUP ignored: perl gives the signals their
	# default action back before it runs dokoref
	perl -e '$SIG{INT} = $SIG{QUIT} = $SIG{HUP} = $SIG{TERM} = "DEFAULT"; exec @ARGV' \
		"$dokoref" convert - -o "$dir/out.xml.gz" < "$dir/feed" 2>/dev/null &
	pid=$!
	n=0
	while ! ls "$dir"/out.xml.gz.tmp.* >/dev/null 2>&1 && [ $n -lt 600 ]; do
		sleep 0.05; n=$((n + 1))
	done
	kill -s "$1" $pid
	status=0
	wait $pid || status=$?
	kill $feeder 2>/dev/null
	wait $feeder 2>/dev/null
	left=$(ls "$dir" | grep -c 'out\.xml\.gz')
	if [ "$status" = $((128 + $2)) ] && [ "$left" = 0 ]; then
		ok
	else
		bad "SIG$1: exit $status (want $((128 + $2))), $left files left"
	fi
}
sig TERM 15
sig INT 2
sig HUP 1

# the source line under a message is shown only where dk_shown would show
# it as it is: not with an overlong UTF-8 form of the 8-bit CSI (0xE0 0x80
# 0x9B) in it, nor with a zero-width space (U+200B), which the byte screen
# lets through; the message still names the line and column
sed 's/place="Bielefeld"/place="Biele\xe0\x80\x9bfeld"/' samples/normal-ddv.xml > "$dir/overlong.xml"
sed 's/place="Bielefeld"/place="Biele\xe2\x80\x8bfeld" oops="1"/' samples/normal-ddv.xml > "$dir/zwsp.xml"
for f in overlong zwsp; do
	grep -q 'Biele.*feld' "$dir/$f.xml" || bad "source-line-$f: sed wrote no such line"
done
expect source-line-overlong 3 "$dir/overlong.xml:12:42: error: malformed XML" -- check "$dir/overlong.xml"
if LC_ALL=C grep -q "$(printf '\233')" "$dir/out" || grep -q '^    ' "$dir/out"; then
	bad "source-line-overlong: the line was shown"; sed 's/^/    /' "$dir/out"
else ok; fi
expect source-line-zwsp 3 "$dir/zwsp.xml:12:49: error: <game> has no attribute 'oops'" -- check "$dir/zwsp.xml"
if LC_ALL=C grep -q "$(printf '\342\200\213')" "$dir/out" || grep -q '^    ' "$dir/out"; then
	bad "source-line-zwsp: the line was shown"; sed 's/^/    /' "$dir/out"
else ok; fi

# bidirectional embedding, override and isolate controls ("Trojan Source")
# are refused in the bytes of every text format, and what escapes write is
# screened as the bytes are: a control character or a bidirectional control
# from an XML character reference, a YAML escape or a JSON \u escape stops
# the reading with the place it was written, and nothing of it reaches the
# output
rlo=$(printf '\342\200\256')
nobad() {  # no ESC, no C1 CSI in UTF-8 (C2 9B), no RLO in the last output
	if LC_ALL=C grep -q "$(printf '\033')\\|$(printf '\302\233')\\|$rlo" "$dir/out"; then
		bad "$1: the character reached the output"; sed 's/^/    /' "$dir/out" | cat -v
	else ok; fi
}
sed "s/place=\"Bielefeld\"/place=\"Biele${rlo}feld\"/" samples/normal-ddv.xml > "$dir/rlo.xml"
expect bidi-raw-xml 3 "$dir/rlo.xml:12:42: error: a bidirectional control character (U+202E) is not accepted" \
	-- check "$dir/rlo.xml"
nobad bidi-raw-xml
sed "s/^rules: ddv/rules: ddv # ${rlo}/" samples/normal-ddv.doko > "$dir/rlo.doko"
grep -q "^rules: ddv # " "$dir/rlo.doko" || bad "bidi-raw-doko: sed wrote no such line"
expect bidi-raw-doko 3 "$dir/rlo.doko:" -- check "$dir/rlo.doko"
grep -q 'a bidirectional control character (U+202E) is not accepted' "$dir/out" && ok ||
	bad "bidi-raw-doko: not refused as a bidirectional control"
printf 'name: rlo\nbase: ddv\n# a comment \342\201\247 here\nrules: {}\n' > "$dir/rlo.yaml"
expect bidi-raw-yaml 3 "$dir/rlo.yaml:3:13: error: a bidirectional control character (U+2067) is not accepted" \
	-- rules check "$dir/rlo.yaml"
sed 's/name="Anna"/name="An\&#x9B;2J\&#x202E;na"/' samples/normal-ddv.xml > "$dir/ref-c1.xml"
expect xml-ref-c1 3 "$dir/ref-c1.xml:18:24: error: a control character (U+009B) in the value of 'name' is not accepted" \
	-- check "$dir/ref-c1.xml"
nobad xml-ref-c1
sed 's/name="Anna"/name="An\&#10;1 game checked"/' samples/normal-ddv.xml > "$dir/ref-lf.xml"
expect xml-ref-newline 3 "$dir/ref-lf.xml:18:24: error: a control character (U+000A) in the value of 'name' is not accepted" \
	-- check "$dir/ref-lf.xml"
sed 's/name="Anna"/name="An\&#x2066;na"/' samples/normal-ddv.xml > "$dir/ref-bidi.xml"
expect xml-ref-bidi 3 "$dir/ref-bidi.xml:18:24: error: a bidirectional control character (U+2066) in the value of 'name' is not accepted" \
	-- check "$dir/ref-bidi.xml"
sed 's/<note>Both/<note>B\&#x85;oth/' samples/heart10-second-wins-unsere-2024.xml > "$dir/ref-note.xml"
expect xml-ref-text 3 "$dir/ref-note.xml:13: error: a control character (U+0085) in the text is not accepted" \
	-- check "$dir/ref-note.xml"
printf '<?xml version="1.0" encoding="ISO-8859-1"?>\n' > "$dir/latin1.xml"
sed '1d; s/name="Anna"/name="An\x9bna"/' samples/normal-ddv.xml >> "$dir/latin1.xml"
expect xml-latin1-c1 3 "$dir/latin1.xml:18:24: error: a control character (U+009B) in the value of 'name' is not accepted" \
	-- check "$dir/latin1.xml"
nobad xml-latin1-c1
# a note of several lines: show indents its lines after the first, so
# that none of them looks like a line of the report
sed 's|<note>Both|<note>Both\nDealer: Mallory (seat 1)|' samples/heart10-second-wins-unsere-2024.xml > "$dir/note-lines.xml"
expect note-lines 0 "Note:   Both" -- show "$dir/note-lines.xml"
if grep -q '^Dealer: Mallory' "$dir/out" || ! grep -q '^        Dealer: Mallory (seat 1)' "$dir/out"; then
	bad "note-lines: a note's second line is not indented"; sed 's/^/    /' "$dir/out"
else ok; fi
# a source over several lines is quoted on one line: none of its lines
# looks like a line of the report
printf 'name: ml\nbase: ddv\nrules:\n  play.follow_suit:\n    value: true\n    source: "first\\n  result as played: Kontra won"\n' > "$dir/ml.yaml"
expect source-lines 1 "rule play.follow_suit of ml: first   result as played: Kontra won" \
	-- check --rules "$dir/ml.yaml" tests/check/findings/revoke--ddv--irrelevant-late.xml
grep -q '^  result as played: Kontra won' "$dir/out" && bad "source-lines: a line of the source stood as a line of the report"
printf 'name: tl\nbase: ddv\ntitle: "House\\nDealer: Mallory (seat 1)"\nrules: {}\n' > "$dir/tl.yaml"
expect title-lines 0 "Rules:  tl (House Dealer: Mallory (seat 1))" -- show --rules "$dir/tl.yaml" samples/normal-ddv.xml
printf 'name: esc\nbase: ddv\ntitle: "red \\e[31m text"\nrules: {}\n' > "$dir/esc.yaml"
expect yaml-escape-esc 3 "$dir/esc.yaml:3:8: error: a control character (U+001B) is not accepted (an escape in a quoted text wrote it)" \
	-- rules check "$dir/esc.yaml"
nobad yaml-escape-esc
printf 'name: osc\nbase: ddv\nrules:\n  play.follow_suit:\n    value: true\n    source: "x \\u202e \\x9b2J"\n' > "$dir/osc.yaml"
expect yaml-escape-source 3 "$dir/osc.yaml:6:13: error: a bidirectional control character (U+202E) is not accepted" \
	-- check --rules "$dir/osc.yaml" samples/normal-ddv.xml
nobad yaml-escape-source
sed 's/"A"/"A\\u001b[31mX\\u009b2J"/g' tests/sheets/qtdoppelkopf-v2-sample.json > "$dir/esc.json"
expect json-escape-esc 3 "$dir/esc.json:7:17: error: a control character (U+001B) in a string is not accepted" \
	-- audit --rules ddv "$dir/esc.json"
nobad json-escape-esc
sed 's/"B"/"B\\n1 game checked"/g' tests/sheets/qtdoppelkopf-v2-sample.json > "$dir/lf.json"
expect json-escape-newline 3 "$dir/lf.json:8:17: error: a control character (U+000A) in a string is not accepted" \
	-- audit --rules ddv "$dir/lf.json"

# ... and a line with a plain error is shown, with its caret
sed 's/place="Bielefeld"/place="Bielefeld" oops="1"/' samples/normal-ddv.xml > "$dir/plain.xml"
expect source-line-plain 3 "$dir/plain.xml:12:48: error: <game> has no attribute 'oops'" -- check "$dir/plain.xml"
grep -q '^    .*place="Bielefeld" oops="1"' "$dir/out" && grep -q '^ *\^$' "$dir/out" ||
	bad "source-line-plain: no source line or caret"

# SIGXFSZ: a file size limit the output passes
rm -f "$dir"/out.xml*
status=0
(ulimit -f 64; exec "$dokoref" convert "$dir/big.xml" -o "$dir/out.xml") 2>/dev/null || status=$?
left=$(ls "$dir" | grep -c 'out\.xml')
if [ "$status" = 153 ] && [ "$left" = 0 ]; then ok; else
	bad "SIGXFSZ: exit $status (want 153), $left files left"; fi

# an error after the output was started (a bad game in the middle)
expect error-path 3 - -- convert tests/bad/one-bad-game-of-three.xml -o "$dir/out2.xml"
[ "$(ls "$dir" | grep -c 'out2\.xml')" = 0 ] && ok || bad "error-path: a file was left"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/bin/sh
# dokoref audit draws a progress bar on standard error when that is a
# terminal and the file is large (1 MiB or more), and none otherwise or
# with --no-progress.  The terminal is script(1)'s; without it, or without
# pseudo-terminals, the test is skipped.
#
#   audit_progress.sh GEN_ARCHIVE DOKOREF
set -eu
gen=$1
dokoref=$2
command -v script >/dev/null 2>&1 || exit 77
# a machine without pseudo-terminals (a bare chroot, some CI runners) has
# no terminal to test on
script -qec true /dev/null >/dev/null 2>&1 || { echo "no pseudo-terminal here: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$gen" -n 500 > "$dir/a.xml"
[ "$(stat -c %s "$dir/a.xml")" -ge 1048576 ] || { echo "archive too small"; exit 1; }
script -qec "\"$dokoref\" audit -s \"$dir/a.xml\"" /dev/null > "$dir/tty" || true
grep -q '\[#*\.*\] *[0-9]*% [0-9]* games' "$dir/tty" || {
	echo "no progress bar on a terminal:"; head -c 400 "$dir/tty"; exit 1; }
grep -q 'games checked: 500' "$dir/tty" || { echo "no summary"; exit 1; }
script -qec "\"$dokoref\" audit -s --no-progress \"$dir/a.xml\"" /dev/null > "$dir/tty2" || true
if grep -q '% [0-9]* games' "$dir/tty2"; then echo "a progress bar despite --no-progress"; exit 1; fi
"$dokoref" audit -s "$dir/a.xml" > "$dir/out" 2> "$dir/err" || true
if [ -s "$dir/err" ]; then echo "stderr not a terminal, but:"; cat "$dir/err"; exit 1; fi
echo "progress bar only on a terminal"

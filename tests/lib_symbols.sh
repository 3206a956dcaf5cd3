#!/bin/sh
# libdokoref exports exactly the calls its public header declares: the
# dynamic symbols (nm -D --defined-only) against the names declared as
# functions in include/dokoref/dokoref.h; and dokoref-api(3) documents
# every one of them.
# usage: lib_symbols.sh LIBDOKOREF.so HEADER [MANPAGE]
set -eu
lib=$1
header=$2
man=${3:-}
command -v nm >/dev/null 2>&1 || { echo "no nm: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '$2 ~ /^[TtWwDdBbRr]$/ { sub(/@.*/, "", $3); print $3 }' |
	sort -u >"$tmp/exported"
grep -oE '\bdokoref_[a-z0-9_]+\(' "$header" | tr -d '(' | sort -u >"$tmp/declared"
if ! cmp -s "$tmp/exported" "$tmp/declared"; then
	echo "exported (<) and declared (>) differ:"
	diff "$tmp/exported" "$tmp/declared" || true
	exit 1
fi
n=$(wc -l <"$tmp/declared")
[ "$n" -ge 40 ] || { echo "only $n calls found in $header"; exit 1; }
# the SONAME carries the version
readelf -d "$lib" | grep -q 'SONAME.*libdokoref\.so\.[0-9]' || { echo "no versioned SONAME"; exit 1; }
if [ -n "$man" ]; then
	missing=
	for f in $(cat "$tmp/declared"); do
		grep -q "^\.BI\{0,1\} .*\b$f(" "$man" || missing="$missing $f"
	done
	[ -z "$missing" ] || { echo "not in $man:$missing"; exit 1; }
fi
echo "$n calls exported, no other symbol; each one documented"

#!/bin/sh
# meson install into a temporary directory, then build examples/judge.c
# against the installed library with pkg-config alone and run it on two
# records whose verdicts are worked out in their comments.
# usage: lib_install.sh BUILD_DIR SOURCE_ROOT [SANITIZE]
# SANITIZE (meson's b_sanitize, 'none' if not given) is passed on to cc:
# a sanitized library links only into a sanitized program.
set -eu
build=$1
src=$2
sanitize=${3:-none}
command -v pkg-config >/dev/null 2>&1 || { echo "no pkg-config: skipped"; exit 77; }
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "no C compiler: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest
meson install -C "$build" --no-rebuild --quiet --destdir "$dest" >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log"; exit 1; }
pc=$(find "$dest" -name dokoref.pc | head -n 1)
[ -n "$pc" ] || { echo "no dokoref.pc installed"; exit 1; }
hdr=$(find "$dest" -path '*/include/dokoref/dokoref.h' | head -n 1)
[ -n "$hdr" ] || { echo "no dokoref/dokoref.h installed"; exit 1; }
so=$(find "$dest" -name 'libdokoref.so.*' -type f | head -n 1)
[ -n "$so" ] || { echo "no libdokoref.so installed"; exit 1; }
find "$dest" -name libdokoref.a | grep -q . || { echo "no libdokoref.a installed"; exit 1; }
# the .pc names the real prefix; the sysroot is the destdir it was put in
export PKG_CONFIG_PATH="$(dirname "$pc")"
export PKG_CONFIG_SYSROOT_DIR="$dest"
flags=$(pkg-config --cflags --libs dokoref)
extra=
[ "$sanitize" = none ] || extra="-fsanitize=$sanitize"
# shellcheck disable=SC2086
"$cc" $extra -o "$tmp/judge" "$src/examples/judge.c" $flags
export LD_LIBRARY_PATH="$(dirname "$so")"
# the rule sets as installed
rules=$(find "$dest" -type d -path '*/dokoref/rulesets' | head -n 1)
export DOKOREF_RULES_PATH="$rules"

"$tmp/judge" "$src/samples/normal-ddv.doko" >"$tmp/out1"
cat >"$tmp/want1" <<'OUT'
game 1 (ddv): re wins, value 2
  Anna +2 Ben -2 Clara +2 David -2
OUT
diff -u "$tmp/want1" "$tmp/out1"

set +e
"$tmp/judge" "$src/tests/check/findings/revoke--ddv--cannot-decide-the-winner.xml" >"$tmp/out2"
rc=$?
set -e
[ "$rc" = 1 ] || { echo "judge: exit $rc on a record with a finding, not 1"; exit 1; }
cat >"$tmp/want2" <<'OUT'
game 1 (ddv): kontra wins, value 2
  Yvonne +2 Zeno +2 Agnes -2 Bruno -2
  revoke (irregularity): trick 11, card 43 DA by Zeno, line 103
OUT
diff -u "$tmp/want2" "$tmp/out2"

# the static library holds every layer: the example links against it with
# the private libraries pkg-config --static names
a=$(find "$dest" -name libdokoref.a | head -n 1)
# shellcheck disable=SC2086
"$cc" $extra -o "$tmp/judge-static" "$src/examples/judge.c" $(pkg-config --cflags dokoref) \
	"$a" $(pkg-config --static --libs dokoref | sed 's/-ldokoref//g')
if ldd "$tmp/judge-static" | grep -q libdokoref; then
	echo "judge-static still needs libdokoref.so"; exit 1
fi
"$tmp/judge-static" "$src/samples/normal-ddv.doko" >"$tmp/out3"
diff -u "$tmp/want1" "$tmp/out3"

# pip install ./python against the installed library (a copy of python/:
# pip builds in the tree it is given), where pip can build without the
# network; not in a sanitized build (python would need libasan preloaded)
py=${PYTHON:-python3}
if [ "$sanitize" = none ] && command -v "$py" >/dev/null 2>&1 &&
	"$py" -c 'import setuptools, wheel, pip' >/dev/null 2>&1; then
	cp -R "$src/python" "$tmp/python-src"
	"$py" -m pip install -q --no-build-isolation --no-deps --no-index \
		--target "$tmp/site" "$tmp/python-src" >"$tmp/pip.log" 2>&1 || {
		cat "$tmp/pip.log"; exit 1; }
	out=$(cd "$tmp" && DOKOREF_LIB="$so" PYTHONPATH="$tmp/site" "$py" -c '
import dokoref
(v,) = dokoref.judge("'"$src"'/samples/normal-ddv.doko")
print(dokoref.__file__.startswith("'"$tmp"'/site"), v.winner, v.value)')
	[ "$out" = "True re 2" ] || { echo "python over the installed library: '$out'"; exit 1; }
	echo "pip install ./python: the installed package judges against the installed library"
else
	echo "pip install ./python not tried (no python3 with pip, setuptools and wheel)"
fi
echo "installed library, header and dokoref.pc build and run the example"

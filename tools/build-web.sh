#!/bin/sh
# tools/build-web.sh OUTDIR: dokoref as a static web site and npm package.
#
# One command, three steps, each cached in the build folder ($BUILD,
# default build-web; DOKOREF_WEB_BUILD overrides it):
#  1. zlib, libxml2, libyaml and json-c built for WebAssembly from Debian's
#     own source packages (`apt-get source`, which needs a deb-src entry
#     and dpkg-dev), once: $BUILD/deps/prefix, a stamp per library.
#     Nothing else is downloaded (no emscripten ports).
#  2. libdokoref and its JS glue (src/wasm/) cross-built by meson with
#     emscripten (tools/wasm/emscripten.ini): $BUILD/meson.
#  3. OUTDIR: dokoref.wasm, dokoref-glue.cjs and the ES module of js/ (the
#     npm package's files), and the page's files from web/ if it exists.
# Needs: emscripten (Debian 12: 3.1.6), meson, ninja, pkg-config, cmake,
# make, dpkg-dev, node.
set -eu
if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
	echo "usage: tools/build-web.sh OUTDIR" >&2
	echo "builds the wasm module, the JS API and the page into OUTDIR" >&2
	echo "(dependencies cached in \${DOKOREF_WEB_BUILD:-build-web}/deps)" >&2
	[ $# -eq 1 ] && exit 0
	exit 2
fi
OUT=$1
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${DOKOREF_WEB_BUILD:-$SRC/build-web}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
DEPS=$BUILD/deps
PREFIX=$DEPS/prefix
JOBS=${DOKOREF_WEB_JOBS:-2}
# Debian's emcc needs Debian's acorn (and its other JS modules) from here
export NODE_PATH=/usr/share/nodejs
mkdir -p "$DEPS/src" "$PREFIX"

say() { printf 'build-web: %s\n' "$*" >&2; }

# the unpacked source of Debian's package $1 (patches applied), in
# $DEPS/src/$1; fetched once
debian_source() {
	if [ ! -d "$DEPS/src/$1" ]; then
		rm -rf "$DEPS/src/$1.tmp"
		mkdir -p "$DEPS/src/$1.tmp"
		(cd "$DEPS/src/$1.tmp" && apt-get source -qq "$1" >/dev/null) || {
			say "apt-get source $1 failed: a deb-src entry for bookworm and dpkg-dev are needed"
			say "(see docs/web.md)"
			exit 1
		}
		dir=$(find "$DEPS/src/$1.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
		mv "$dir" "$DEPS/src/$1"
		rm -rf "$DEPS/src/$1.tmp"
	fi
	printf '%s\n' "$DEPS/src/$1"
}

# configure flags every dependency gets: static, optimised for size/speed
export CFLAGS="-O2"

build_zlib() {
	[ -f "$DEPS/zlib.stamp" ] && return 0
	say "zlib"
	d=$(debian_source zlib)
	(cd "$d" && CC=emcc AR=emar RANLIB=emranlib CHOST= \
		./configure --static --prefix="$PREFIX" >/dev/null &&
		make -s -j"$JOBS" libz.a >/dev/null && make -s install >/dev/null)
	touch "$DEPS/zlib.stamp"
}

build_libyaml() {
	[ -f "$DEPS/libyaml.stamp" ] && return 0
	say "libyaml"
	d=$(debian_source libyaml)
	rm -rf "$d/wasm-build"
	mkdir -p "$d/wasm-build"
	(cd "$d/wasm-build" && emcmake cmake .. -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_INSTALL_PREFIX="$PREFIX" -DINSTALL_LIB_DIR=lib \
		-DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF >/dev/null &&
		emmake make -s -j"$JOBS" yaml >/dev/null && emmake make -s install >/dev/null)
	# (its cmake build writes no pkg-config file)
	mkdir -p "$PREFIX/lib/pkgconfig"
	cat >"$PREFIX/lib/pkgconfig/yaml-0.1.pc" <<EOF
prefix=$PREFIX
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: LibYAML
Description: Library to parse and emit YAML
Version: 0.2.5
Cflags: -I\${includedir}
Libs: -L\${libdir} -lyaml
EOF
	touch "$DEPS/libyaml.stamp"
}

build_json_c() {
	[ -f "$DEPS/json-c.stamp" ] && return 0
	say "json-c"
	d=$(debian_source json-c)
	rm -rf "$d/wasm-build"
	mkdir -p "$d/wasm-build"
	(cd "$d/wasm-build" && emcmake cmake .. -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_INSTALL_LIBDIR=lib \
		-DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF \
		-DDISABLE_THREAD_LOCAL_STORAGE=ON -DENABLE_THREADING=OFF \
		-DDISABLE_WERROR=ON -DBUILD_APPS=OFF >/dev/null &&
		emmake make -s -j"$JOBS" >/dev/null && emmake make -s install >/dev/null)
	touch "$DEPS/json-c.stamp"
}

build_libxml2() {
	[ -f "$DEPS/libxml2.stamp" ] && return 0
	say "libxml2"
	d=$(debian_source libxml2)
	# the parts dokoref uses: the push parser, the text reader, zlib;
	# Debian's patches leave Makefile.am newer than Makefile.in: no autotools
	notools="ACLOCAL=true AUTOMAKE=true AUTOCONF=true AUTOHEADER=true"
	# (its config.sub predates emscripten: any 32-bit cross host makes
	# configure compile its tests without running them)
	(cd "$d" && emconfigure ./configure --host=i686-pc-linux-gnu \
		--prefix="$PREFIX" --disable-shared --enable-static \
		--disable-maintainer-mode \
		--with-zlib="$PREFIX" --without-lzma --without-python \
		--without-threads --without-thread-alloc --without-http --without-ftp \
		--without-catalog --without-debug --without-docbook --without-legacy \
		--without-modules --without-schematron --without-xptr \
		--without-c14n --without-xinclude \
		--without-history --without-readline >configure.out 2>&1 &&
		emmake make -s -j"$JOBS" $notools libxml2.la >/dev/null &&
		emmake make -s $notools install-libLTLIBRARIES install-pkgconfigDATA >/dev/null &&
		emmake make -s $notools -C include install >/dev/null)
	touch "$DEPS/libxml2.stamp"
}

t0=$(date +%s)
build_zlib
build_libyaml
build_json_c
build_libxml2
t1=$(date +%s)
say "dependencies ready in $PREFIX ($((t1 - t0)) s)"

# ---- 2. libdokoref and its glue, cross-built by meson ------------------------
MESON=$BUILD/meson
cat >"$BUILD/deps.ini" <<EOF2
# written by tools/build-web.sh: pkg-config finds the wasm dependencies
[properties]
pkg_config_libdir = ['$PREFIX/lib/pkgconfig']
EOF2
if [ ! -f "$MESON/build.ninja" ]; then
	meson setup "$MESON" "$SRC" --cross-file "$SRC/tools/wasm/emscripten.ini" \
		--cross-file "$BUILD/deps.ini" -Dbuildtype=release -Dwerror=true \
		-Dtests=false >/dev/null
fi
ninja -C "$MESON" >&2
t2=$(date +%s)
say "module built ($((t2 - t1)) s)"

# ---- 3. the site and the npm package -----------------------------------------
# the glue as an ES module: emscripten's CommonJS factory inside a function
# that takes the `require` and `__dirname` its Node part uses (an ES module
# has neither; js/index.js passes Node's, a browser nothing)
glue() {
	printf '/* dokoref-glue.js: emscripten %s glue of dokoref.wasm, made an ES module\n' \
		"$(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p')"
	printf ' * by tools/build-web.sh (generated, not edited) */\n'
	printf 'export default function dokorefGlue(require, __dirname) {\n'
	cat "$MESON/src/wasm/dokoref.js"
	printf '\nreturn createDokorefModule;\n}\n'
}
mkdir -p "$OUT"
# the npm package: js/ and the module, packed by `npm pack $BUILD/npm`
NPM=$BUILD/npm
rm -rf "$NPM"
mkdir -p "$NPM"
cp "$SRC/js/package.json" "$SRC/js/index.js" "$SRC/js/index.d.ts" "$SRC/js/README.md" "$NPM/"
cp "$SRC/COPYING" "$NPM/" 2>/dev/null || true
glue >"$NPM/dokoref-glue.js"
cp "$MESON/src/wasm/dokoref.wasm" "$NPM/dokoref.wasm"
# the site: the same files, index.js as dokoref.js
cp "$NPM/dokoref-glue.js" "$NPM/dokoref.wasm" "$OUT/"
cp "$NPM/index.js" "$OUT/dokoref.js"
cp "$NPM/index.d.ts" "$OUT/dokoref.d.ts"
if [ -d "$SRC/web" ]; then
	cp -R "$SRC/web/." "$OUT/"
fi
say "site in $OUT, npm package in $NPM"

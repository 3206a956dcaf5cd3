#!/bin/sh
# The guide's two pictures (docs/guide.md), made with the commands the tests use:
#   docs/show-html.png      `dokoref show --format html` of a record with a
#                           revoke, stepped to the revoke in headless Chromium
#   docs/replay-terminal.png `dokoref replay --step 22` of the same record,
#                           as a terminal shows it (the text in a dark page)
#   tools/screenshots.sh [BUILD_DIR]   (default build)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
export DOKOREF_RULES_PATH=$PWD/rulesets
rec=tests/check/findings/revoke--ddv--trump-not-followed.xml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chrome() {
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile" --hide-scrollbars "$@" 2>/dev/null
}
"$build/dokoref" show --format html "$rec" > "$tmp/page.html"
chrome --screenshot="$PWD/docs/show-html.png" --window-size=1000,1100 "file://$tmp/page.html#keys=f"
{
	printf '<!DOCTYPE html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">'
	printf '<pre style="margin:0;padding:8px;color:#ddd;font:15px/1.25 DejaVu Sans Mono,monospace">'
	"$build/dokoref" replay --step 22 "$rec" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'
	printf '</pre>'
} > "$tmp/term.html"
chrome --screenshot="$PWD/docs/replay-terminal.png" --window-size=760,500 "file://$tmp/term.html"
echo "docs/show-html.png docs/replay-terminal.png"

#!/bin/sh
# dokoref replay on a real terminal: tmux runs it at 80x24, keys are sent as
# a person presses them, and the screen is read back with capture-pane.
# Every sample is stepped to its end; one record with a finding is walked
# by card, trick and finding; help, quit and SIGTERM restore the terminal.
# Skips (77) where tmux is missing.
#   replay_tmux.sh DOKOREF SOURCE_ROOT
set -u
dokoref=$1
root=$2
command -v tmux >/dev/null 2>&1 || { echo "tmux is missing: skipped"; exit 77; }
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
n=0
sock=dokoref-test-$$-0
fail=0
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT INT TERM

# start dokoref replay ARGS in a fresh 80x24 terminal (a tmux server of its
# own); the shell prints the exit status when dokoref ends
start() {
	t kill-server >/dev/null 2>&1
	n=$((n + 1))
	sock=dokoref-test-$$-$n
	t -f /dev/null new-session -d -x 80 -y 24 \
		"cd '$root' && '$dokoref' replay $*; echo EXIT=\$?; sleep 60"
}
screen() { t capture-pane -p 2>/dev/null; }
keys() { t send-keys "$@"; }
# a pattern the screen must show, and what the step was; the screen may
# take a moment on a loaded machine: up to 10 s, or the seconds given third
# (an analysis runs before the first screen: up to 20 s on a sanitizer build
# under load)
expect() {
	i=0
	while [ $i -lt $((${3:-10} * 10)) ]; do
		screen | grep -q -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "FAIL: $2: the screen does not show '$1':"
	screen | sed 's/^/    | /'
	fail=1
}

# every sample: the first position, the last, quit
for f in "$root"/samples/*.xml; do
	name=samples/$(basename "$f")
	start "$name"
	expect "before the first card" "$name at the start"
	keys G
	expect "card [0-9]* of [0-9]*, trick" "$name after End (G)"
	keys q
	expect "EXIT=0" "$name quit with q"
done

# a record with a revoke at card 22: cards, tricks, findings, help, keys
rec=tests/check/findings/revoke--ddv--trump-not-followed.xml
start "$rec"
expect "before the first card" "$rec at the start"
keys Right Right Space l
expect "card 4 of 48, trick 1" "four cards forward"
expect "trick 1 to " "the first trick complete"
keys Left
expect "card 3 of 48, trick 1" "one card back"
keys Down
expect "card 4 of 48, trick 1" "to the end of the trick"
keys j
expect "card 8 of 48, trick 2" "the next trick"
keys Up
expect "card 4 of 48, trick 1" "the previous trick"
keys f
expect "card 22 of 48, trick 6" "the next finding"
expect "revoke (at card 22): Norbert played" "the finding at its card"
expect "play.follow_suit" "the finding's rule"
keys a
expect "played: " "all cards dealt (a)"
keys '?'
expect "next card:" "the help (?)"
keys End
expect "card 48 of 48, trick 12" "the last card (End)"
expect "plus-minus:" "the score at the end"
keys Home
expect "before the first card" "the first card (Home)"
keys q
expect "EXIT=0" "quit with q"

# German
start "--lang de $rec"
expect "vor der ersten Karte" "German start"
keys G
expect "Karte 48 von 48, Stich 12" "German position"
keys q

# --analyse: at each position the value with best play and the cost of
# the card just played, as `check --analyse --format json` has them
# (tests/dd_expect.py words the JSON's numbers); with 10000 solver
# positions per position the start is not analysed
json=$(mktemp)
"$dokoref" check --analyse --analyse-limit 10000 --format json "$root/samples/normal-ddv.xml" >"$json"
dd_at() {   # position, and what the step was
	python3 "$root/tests/dd_expect.py" "$json" "$1" >"$json.want" || fail=1
	# a line longer than the screen is wrapped: its first 50 characters
	# are on one row
	while IFS= read -r line; do
		expect "$(printf '%s' "$line" | python3 -c 'import sys; print(sys.stdin.read()[:50])')" \
			"--analyse at card $1: $2"
	done <"$json.want"
}
start "--analyse --analyse-limit 10000 samples/normal-ddv.xml"
expect "before the first card" "--analyse at the start" 180
dd_at 0 "the start"
keys j j j j j j l l
expect "card 26 of 48, trick 7" "--analyse: to card 26"
dd_at 26 "a card that cost 6"
keys j j j j
expect "card 40 of 48, trick 10" "--analyse: to card 40"
dd_at 40 "after trick 10"
keys G
expect "card 48 of 48, trick 12" "--analyse: the end"
dd_at 48 "the end"
keys q
expect "EXIT=0" "--analyse: quit with q"

# a limited analysis of a solo (its first card analysed is card 3):
# before it, who wins with best play, and the lead that changed it
"$dokoref" check --analyse --analyse-limit 5000000 --format json \
	"$root/samples/solo-pure-clubs-unsere-2024.xml" >"$json"
start "--analyse --analyse-limit 5000000 samples/solo-pure-clubs-unsere-2024.xml"
expect "before the first card" "--analyse (limited) at the start" 180
dd_at 0 "who wins before the first card analysed"
keys l
expect "card 1 of 40, trick 1" "--analyse (limited): to card 1"
dd_at 1 "the lead that changed who wins"
expect "Georg ♥A changed who wins" "--analyse (limited): the lead named"
keys l
expect "card 2 of 40, trick 1" "--analyse (limited): to card 2"
dd_at 2 "the first position analysed"
keys q
expect "EXIT=0" "--analyse (limited): quit with q"
rm -f "$json" "$json.want"

# SIGTERM: the terminal is restored and the status is the signal's
start "$rec"
expect "before the first card" "started for SIGTERM"
pid=$(pgrep -n -f "dokoref replay $rec")
kill -TERM "$pid"
expect "EXIT=143" "SIGTERM ends it with status 143"
t kill-server >/dev/null 2>&1

[ $fail -eq 0 ] && echo "replay in tmux: all screens as expected"
exit $fail

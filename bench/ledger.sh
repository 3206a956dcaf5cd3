#!/bin/sh
# ledger.sh - which sample and test games the double-dummy analysis has
# worked out card by card from the first card (issue 12), kept in
# bench/analysed.tsv with what it cost and which solver did it.
#
#   bench/ledger.sh [-c SECONDS] [-k DIR] [-M MIB] [-b BUILD_DIR [-r COMMIT]] [-a] [FILE...]   run
#   bench/ledger.sh [-k DIR] -s                                          summary
#
# Run: each game of each FILE (default: samples/*.xml, tests/check/*/*.xml,
# tests/search/*.xml; every game of a session file) that the ledger has
# no whole or irregular analysis of, nor a stop at a cap at least as
# large as this run's, is analysed without a position limit
# (search_bench -t 1 -a 0 -l 0 -m 256 -M 2048, one thread, a table of
# 256 MiB that may grow to 2 GiB, or to MIB with -M: while it grows it
# takes one and a half times that), at most SECONDS of processor time
# each (default 600; `ulimit -t`).  One line is appended per game as it ends:
#
#   file  game  result  cards  positions  cpu_seconds  solver  date
#
# result "whole": analysed from the first card (cards: how many; the
# positions and processor seconds of the analysis); "irregular": some
# positions cannot be searched (their hands do not match the tricks: a
# card played that was not in the hand, a seat that played twice; or
# their trick cannot go round after a card out of turn), and the
# analysis went past them to the first card (cards: how many, those
# beside such a position counted; solvers before session 29 stopped at
# the first such position going back); "over": stopped
# after SECONDS of processor time (positions "-"; cards: how many of the
# game's last cards were analysed when it stopped, or "-" where a run
# before session 18 did not say).  solver is
# the commit of the source tree (with "+" if src/ or bench/ has changes
# not committed, the ledger aside), or COMMIT with -r: name the commit
# BUILD_DIR was built from where it is not this tree's.  -a runs every game
# again.
#
# SIGUSR1 or SIGTERM to search_bench (pkill -USR1 -f bench/search_bench)
# stops the game being analysed as the cap does (its table kept with
# -k, its line "over" with the seconds it took) and ends the run after
# it: a run that must end before the machine does loses nothing.
#
# -k DIR keeps the work of a game stopped at the cap: the benchmark stops
# its analysis itself (search_bench -c SECONDS; `ulimit -t` stays as a
# backstop ten minutes later) and keeps the solver's table in DIR
# (search_bench -k, 256 MiB to 2 GiB a game); the next run with -k DIR goes
# on from it, whatever cap it stopped at before, with every position
# solved so far found in the table, so that a game too long for one run
# or one session is analysed over several.  Its line then counts what
# all its runs took: "over" with their processor seconds in all, "whole"
# with their positions and seconds in all, and a ninth column, runs, with
# how many there were.  The table is taken up again only by the same
# solver (COMMIT, or this tree's) for the same record; it is removed when
# the game is analysed.
# Lines are only ever appended: a game's later lines do not remove its
# earlier ones, and the summary takes its last whole or irregular
# analysis if it has one (run again with -a: session 28's solver refuses
# the positions inside a trick where a card came out of turn and the
# seat passed over made it up, which older ones searched), else its last
# stop (where a kept table stands), and names a longer stop before it:
# an attempt whose table was lost, begun again.
#
# Summary (-s): per group of files, how many games are analysed from the
# first card, how many as far as an irregular record allows, how many
# files have no game played out (thrown in, redealt), how many stopped
# over a limit (with the limit) and how many were never run; the median,
# 90th percentile and most of the whole analyses' processor seconds and
# positions (the last whole line of each game); then the games not
# analysed, by name.  Figures only:
# nothing here passes or fails.  Use a release build:
#   meson setup build-rel --buildtype=release && ninja -C build-rel bench/search_bench
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
ledger=${LEDGER:-$src/bench/analysed.tsv}
cap=600
build=$src/build-rel
again=
summary=
solver=
keep=
most=2048
while getopts c:k:M:b:r:as opt; do
	case $opt in
	c) cap=$OPTARG ;;
	k) keep=$OPTARG ;;
	M) most=$OPTARG ;;
	b) build=$OPTARG ;;
	r) solver=$OPTARG ;;
	a) again=1 ;;
	s) summary=1 ;;
	*) echo "usage: ledger.sh [-c SECONDS] [-k DIR] [-M MIB] [-b BUILD_DIR [-r COMMIT]] [-a] [FILE...] | ledger.sh [-k DIR] -s" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cd "$src"
[ $# -gt 0 ] || set -- samples/*.xml tests/check/*/*.xml tests/search/*.xml
bench=$build/bench/search_bench
[ -x "$bench" ] || { echo "ledger.sh: no $bench (ninja -C $build bench/search_bench)" >&2; exit 2; }
DOKOREF_RULES_PATH=$src/rulesets
export DOKOREF_RULES_PATH
[ -f "$ledger" ] || printf '# file\tgame\tresult\tcards\tpositions\tcpu_seconds\tsolver\tdate\n' > "$ledger"

# the games of each file: "FILE<TAB>N" a line (a cheap analysis of the
# last trick names every game played out); "FILE<TAB>-" for a file with
# none (thrown in, redealt)
games() {
	for f in "$@"; do
		"$bench" -t 1 -a 1 -l 1000 "$f" 2>/dev/null |
			sed -n 's/^\(.*\) game \([0-9]*\) (.*: analysis of .*/\1\t\2/p' > "$tmp"
		if [ -s "$tmp" ]; then
			cat "$tmp"
		else
			printf '%s\t-\n' "$f"
		fi
	done
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

if [ -n "$summary" ]; then
	[ -z "$keep" ] || keep=$(cd "$keep" 2>/dev/null && pwd || printf '%s' "$keep")
	games "$@" | awk -F '\t' -v ledger="$ledger" -v keep="$keep" '
		BEGIN {
			while ((getline line < ledger) > 0) {
				if (line ~ /^#/) continue
				split(line, c, "\t")
				k = c[1] "\t" c[2]
				if (c[3] == "whole" || c[3] == "irregular") {
					# the last one counts: a later solver may
					# refuse positions an earlier one searched
					done[k] = c[3]
					dcards[k] = c[4]
					secs[k] = c[6] + 0
					posn[k] = c[5] + 0
				} else {
					# the last stop is where its kept table stands;
					# a longer one before it was an attempt begun
					# again from nothing (within one, runs add up)
					over[k] = c[6] + 0
					ocards[k] = c[4]
					if (c[6] + 0 > most[k]) {
						most[k] = c[6] + 0
						mcards[k] = c[4]
					}
				}
			}
		}
		# mawk has no asort: an insertion sort (a few hundred games)
		function sort(a, n,    i, j, x) {
			for (i = 2; i <= n; i++) {
				x = a[i]
				for (j = i - 1; j >= 1 && a[j] > x; j--)
					a[j + 1] = a[j]
				a[j + 1] = x
			}
		}
		# the q-quantile of sorted a[1..n], the nearest rank
		function at(a, n, q,    i) {
			i = int(q * n + 0.999999)
			return a[i < 1 ? 1 : i]
		}
		function hms(s) {
			return s < 60 ? sprintf("%.1f s", s) : s < 3600 ? sprintf("%.1f min", s / 60) : sprintf("%.2f h", s / 3600)
		}
		# how far a stopped analysis got ("-" or empty: a run that did not say)
		function reached(c) {
			return c != "-" && c != "" ? ", its last " c " cards analysed" : ""
		}
		function big(x) {
			return x < 1e3 ? sprintf("%d", x) : x < 1e6 ? sprintf("%.1f K", x / 1e3) : x < 1e9 ? sprintf("%.1f M", x / 1e6) : sprintf("%.2f G", x / 1e9)
		}
		{
			k = $1 "\t" $2
			g = $1; sub(/\/[^\/]*$/, "", g)
			if (!(g in seen)) { seen[g] = 1; order[++groups] = g }
			if ($2 == "-") { none[g]++; nt++; next }
			n[g]++; total++
			if ((k in done) && done[k] == "whole") {
				w[g]++; wt++
				ws[wt] = secs[k]; wp[wt] = posn[k]; cpu += secs[k]
			}
			else if (k in done) {
				r[g]++; rt++
				ilist = ilist sprintf("  %s game %s%s\n", $1, $2, reached(dcards[k]))
			}
			else if (k in over) {
				o[g]++; ot++
				t = $1; gsub(/\//, "%", t)
				t = keep "/" t "#" $2 ".table"
				more = keep != "" && (getline x < t) >= 0 ? ", table kept" : ""
				if (keep != "") close(t)
				more = more reached(ocards[k])
				if (most[k] > over[k])
					more = more sprintf("; an earlier attempt over %d s", most[k]) reached(mcards[k])
				list = list sprintf("  %s game %s: over %d s%s\n", $1, $2, over[k], more)
			}
			else { u[g]++; ut++; list = list sprintf("  %s game %s: not run\n", $1, $2) }
		}
		END {
			f = "%-22s %6s %6s %10s %6s %8s %9s\n"
			printf f, "games in", "all", "whole", "irregular", "over", "not run", "no play"
			for (i = 1; i <= groups; i++) {
				g = order[i]
				printf f, g, n[g] + 0, w[g] + 0, r[g] + 0, o[g] + 0, u[g] + 0, none[g] + 0
			}
			printf f, "in all", total + 0, wt + 0, rt + 0, ot + 0, ut + 0, nt + 0
			if (nt) printf "(no play: files whose games were not played out, thrown in or redealt)\n"
			if (wt) {
				sort(ws, wt); sort(wp, wt)
				printf "\nwhole analyses: %d; processor time median %s, p90 %s, slowest %s (%.1f h in all)\n",
					wt, hms(at(ws, wt, 0.5)), hms(at(ws, wt, 0.9)), hms(ws[wt]), cpu / 3600
				printf "positions median %s, p90 %s, most %s\n",
					big(at(wp, wt, 0.5)), big(at(wp, wt, 0.9)), big(wp[wt])
			}
			if (ilist != "") printf "\nirregular (positions that cannot be searched; solvers before session 29 stopped at the first, going back):\n%s", ilist
			if (list != "") printf "\nnot analysed from the first card:\n%s", list
		}'
	exit 0
fi

if [ -n "$solver" ]; then
	:   # named with -r
elif solver=$(git -C "$src" rev-parse --short HEAD 2>/dev/null); then
	git -C "$src" diff --quiet HEAD -- src bench ':!bench/analysed.tsv' || solver=$solver+
else
	solver=unknown   # not a git checkout
fi
if [ -n "$keep" ]; then
	mkdir -p "$keep"
	keep=$(cd "$keep" && pwd)
fi
# the table search_bench -k keeps for game $2 of $1
kept() {
	printf '%s/%s#%s.table' "$keep" "$(printf '%s' "$1" | tr / %)" "$2"
}
games "$@" | while IFS="$(printf '\t')" read -r f g; do
	[ "$g" != - ] || continue   # no game played out
	if [ -n "$keep" ] && [ -f "$(kept "$f" "$g")" ]; then
		:   # goes on from its kept table
	elif [ -z "$again" ] && awk -F '\t' -v f="$f" -v g="$g" -v cap="$cap" '
		$1 == f && $2 == g && ($3 == "whole" || $3 == "irregular" || ($3 == "over" && $6 + 0 >= cap + 0)) { found = 1 }
		END { exit !found }' "$ledger"; then
		continue   # analysed, or stopped at a cap as large before
	fi
	# the limit in a shell of its own, which execs the benchmark: the
	# shell running this script reports no killed job
	if [ -n "$keep" ]; then
		out=$(exec 2>/dev/null; sh -c 'ulimit -t "$1"; shift; exec "$@" 2>/dev/null' sh \
			$((cap + 600)) "$bench" -t 1 -a 0 -l 0 -m 256 -M "$most" -c "$cap" -k "$keep" -r "$solver" \
			-s $((g - 1)) -g 1 "$f" || true)
	else
		out=$(exec 2>/dev/null; sh -c 'ulimit -t "$1"; shift; exec "$@" 2>/dev/null' sh "$cap" \
			"$bench" -t 1 -a 0 -l 0 -m 256 -M "$most" -s $((g - 1)) -g 1 "$f" || true)
	fi
	line=$(printf '%s\n' "$out" | sed -n 's/^.* game [0-9]* (.*): analysis of \([0-9]*\) cards\(\( ([^)]*)\)*\), \([0-9]*\) positions, \([0-9.]*\) ms\( (processor .*)\)\{0,1\}$/\1\t\2\t\4\t\5/p')
	# with -k: what every run of the game took ("in all: R runs, P
	# positions, processor S s")
	all=$(printf '%s\n' "$out" | sed -n 's/^.*in all: \([0-9]*\) runs\{0,1\}, \([0-9]*\) positions, processor \([0-9.]*\) s.*$/\1\t\2\t\3/p')
	now=$(date -u +%Y-%m-%dT%H:%MZ)
	runs=
	[ -z "$all" ] || runs=$(printf '\t%s' "$(printf '%s' "$all" | cut -f1)")
	reached=-
	case $line in *'(stopped)'*)   # over the cap: kept, below
		reached=$(printf '%s' "$line" | cut -f1)
		line= ;;
	esac
	if [ -n "$line" ]; then
		cards=$(printf '%s' "$line" | cut -f1)
		mark=$(printf '%s' "$line" | cut -f2)
		positions=$(printf '%s' "$line" | cut -f3)
		secs=$(printf '%s' "$line" | cut -f4 | awk '{ printf "%.1f", $1 / 1000 }')
		case $mark in
		'') result=whole ;;
		*limited*) result=limited ;;   # not without a limit
		*irregular*) result=irregular ;;
		*) result=limited ;;
		esac
		if [ -n "$all" ]; then
			positions=$(printf '%s' "$all" | cut -f2)
			secs=$(printf '%s' "$all" | cut -f3)
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\n' "$f" "$g" "$result" "$cards" "$positions" "$secs" "$solver" "$now" "$runs" >> "$ledger"
		printf '%s game %s: %s, %s cards, %s positions, %s s\n' "$f" "$g" "$result" "$cards" "$positions" "$secs"
	else
		spent=$cap
		[ -z "$all" ] || spent=$(printf '%s' "$all" | cut -f3 | awk '{ printf "%d", $1 }')
		printf '%s\t%s\tover\t%s\t-\t%s\t%s\t%s%s\n' "$f" "$g" "$reached" "$spent" "$solver" "$now" "$runs" >> "$ledger"
		if [ "$reached" = - ]; then
			printf '%s game %s: over %s s\n' "$f" "$g" "$spent"
		else
			printf '%s game %s: over %s s (its last %s cards analysed)\n' "$f" "$g" "$spent" "$reached"
		fi
	fi
	case $out in *'stopped by a signal'*)   # SIGUSR1 or SIGTERM: no more games
		echo "ledger.sh: the benchmark was stopped by a signal; no game after this one run" >&2
		break ;;
	esac
done

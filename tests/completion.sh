#!/bin/bash
# The bash completion (completions/dokoref) in bash: COMP_WORDS and
# COMP_CWORD set as bash sets them, _dokoref called, COMPREPLY compared
# with what was worked out by hand from dokoref's commands and options,
# the shipped rule sets, a rule set on DOKOREF_RULES_PATH, the games of a
# sample and the files of a directory.  The value table of the script is
# held to what dokoref accepts.
#
# usage: completion.sh DOKOREF SOURCE_ROOT
set -u
dokoref=$(realpath "$1")
root=$(realpath "$2")
# shellcheck source=/dev/null
source "$root/completions/dokoref" || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/club" "$work/dir"
cp "$root/tests/check/compare/club.yaml" "$work/club/club.yaml"
: > "$work/a.xml"; : > "$work/b.doko"; : > "$work/c.txt"; : > "$work/d.xml.gz"
: > "$work/e.BugReport.FreeDoko"; : > "$work/sheet.csv"; : > "$work/house.yaml"
cp "$root/samples/session-unsere-2024.xml" "$work/session.xml"
cd "$work" || exit 1
export DOKOREF_RULES_PATH=$root/rulesets

fails=0
# expect "WANT" WORD... : complete the last word of the line (may be ""),
# or with @N the word at index N of the line
expect()
{
    local want=$1
    shift
    local cword=$(($# - 1))
    if [[ $1 == @* ]]; then
        cword=${1#@}
        shift
    fi
    COMP_WORDS=("$dokoref" "$@")
    COMP_CWORD=$((cword + 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _dokoref
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//')
    if [[ $got != "$want" ]]; then
        echo "FAIL: dokoref $* -> '$got', want '$want'"
        fails=$((fails + 1))
    fi
}

# commands, and the top level's options
expect "audit check convert help replay rules show validate" ""
expect "check convert" c
expect "--help --version" --
# options, per command, as the commands' --help lists them
expect "--accept-rule-differences --analyse --analyse-keep --analyse-limit --analyse-memory --analyse-threads --color --format --game --help --lang --max-input-size --quiet --rules --search-limit --verbose --width" check --
expect "--color --help --lang --max-input-size --quiet --rules" validate --
expect "--analyse --analyse-keep --analyse-limit --analyse-memory --analyse-threads --color --format --game --help --lang --max-input-size --rules" show --
expect "--analyse --analyse-keep --analyse-limit --analyse-memory --analyse-threads --game --gzip --help --lang --lossy --max-input-size --output --rules --to" convert --
expect "--all-cards --analyse --analyse-keep --analyse-limit --analyse-memory --analyse-threads --color --game --help --lang --max-input-size --rules --step --width -a -g -h -s" replay -
# option values
expect "json text" check --format ""
expect "html text" show --format ""
expect "doko freedoko html xml" convert --to ""
expect "de en" check --lang ""
expect "always auto never" validate --color ""
# rule sets: the shipped ones, "all" for check, rule set files and directories
expect "all club/ ddv dir/ esslingen-2002 house.yaml ottendorf-2008 turnier-2022 unsere-2024 wattenscheid-2016" check --rules ""
expect "turnier-2022" check --rules tu
expect "club/ ddv dir/ esslingen-2002 house.yaml ottendorf-2008 turnier-2022 unsere-2024 wattenscheid-2016" rules show ""
expect "check import list show" rules ""
# a rule set on DOKOREF_RULES_PATH is named too
DOKOREF_RULES_PATH=$root/rulesets:$work/club expect "club club/" check --rules cl
# the games of the file on the line, before or after --game
expect "1 2 3 4 5 6" show session.xml --game ""
expect "1 2 3 4 5 6" @2 check -g "" session.xml
expect "3" @2 check --game 3 session.xml
# files by extension
expect "a.xml b.doko club/ d.xml.gz dir/ e.BugReport.FreeDoko session.xml" check ""
# check --analyse-keep takes a directory, and its value is no record
expect "club/ dir/" check --analyse-keep ""
expect "a.xml b.doko club/ d.xml.gz dir/ e.BugReport.FreeDoko session.xml" check --analyse-keep dir ""
expect "a.xml b.doko club/ d.xml.gz dir/ e.BugReport.FreeDoko session.xml sheet.csv" audit ""
expect "a.xml" validate a

# the value table holds only values dokoref takes (an option's value is
# read before --help, so a wrong one is a usage error)
for pair in check:--format audit:--format show:--format convert:--to check:--lang \
            check:--color audit:--type; do
    cmd=${pair%%:*} opt=${pair#*:}
    for v in $(_dokoref_values "$cmd" "$opt"); do
        "$dokoref" "$cmd" "$opt" "$v" --help >/dev/null 2>&1 ||
            { echo "FAIL: dokoref $cmd $opt $v is refused"; fails=$((fails + 1)); }
    done
done
# and every option offered is one the command takes
for cmd in check validate show replay convert audit; do
    for o in $(_dokoref_options "$dokoref" "$cmd"); do
        [[ $o == --* ]] || continue
        out=$("$dokoref" "$cmd" "$o" 2>&1)
        if grep -q "unknown option\|unrecognized option\|not an option" <<<"$out"; then
            echo "FAIL: dokoref $cmd $o: $out"
            fails=$((fails + 1))
        fi
    done
done

if ((fails)); then
    echo "$fails failures"
    exit 1
fi
echo "completion: all cases pass"

#!/usr/bin/env python3
"""Every record in the repository: check's JSON has a ruling per game, and
the top-level winner, value and score are the ruling's.

Usage: ruling_json.py DOKOREF SOURCE_ROOT

Walks samples/ and tests/ (not the golden files, unit tests, fuzz corpora or
rule sets), runs `dokoref check --format json` on every file that may hold a
record, and checks each JSON line.  Files dokoref refuses as input (status 2
or 3: the broken inputs of tests/bad, tests/hostile ...) are skipped.  Every
basis of the closed set must turn up somewhere, so that the walk sees the
cases that matter, and at least MIN_GAMES games.  Standard library only.
"""
import json
import os
import subprocess
import sys

SUFFIXES = (".xml", ".xml.gz", ".doko", ".FreeDoko", ".FreeDoko-party", ".log")
SKIP_DIRS = {"golden", "unit", "fuzz", "ruleset", "search"}
BASES = {"as-played", "not-reclaimed", "penalty", "house-penalty", "not-counted",
         "cannot-rule"}
MIN_GAMES = 300


def records(root):
    for top in ("samples", "tests"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
            for f in sorted(files):
                if f.endswith(SUFFIXES):
                    yield os.path.join(d, f)


def main():
    dokoref, root = sys.argv[1], sys.argv[2]
    failures, games, seen = [], 0, set()
    for path in records(root):
        rel = os.path.relpath(path, root)
        p = subprocess.run([dokoref, "check", "--format", "json",
                            "--accept-rule-differences", rel],
                           cwd=root, capture_output=True, text=True, timeout=300)
        if p.returncode not in (0, 1):
            continue
        for n, line in enumerate(p.stdout.splitlines(), 1):
            o = json.loads(line)
            games += 1
            where = "%s: line %d" % (rel, n)
            r = o.get("ruling")
            if o.get("version") != 2:
                failures.append("%s: version %r, not 2" % (where, o.get("version")))
            if not isinstance(r, dict):
                failures.append("%s: no ruling" % where)
                continue
            if r.get("basis") not in BASES:
                failures.append("%s: basis %r" % (where, r.get("basis")))
            seen.add(r.get("basis"))
            for k in ("winner", "value", "score"):
                if k not in o or o[k] != r.get(k):
                    failures.append("%s: top-level %s %r, ruling's %r" % (where, k, o.get(k), r.get(k)))
            for k in ("sheet_ok", "correction", "reason", "rule"):
                if k not in r:
                    failures.append("%s: ruling without %s" % (where, k))
            if not r.get("reason"):
                failures.append("%s: ruling without a reason" % where)
            if (r["score"] is None) != (o.get("as_played") is None) and r["basis"] != "cannot-rule":
                failures.append("%s: a score without as_played, or as_played without one" % where)
            # the penalties that count (TSR 9.6.6): findings of this game,
            # in order; a penalty ruling rests on the first of them
            counted = r.get("counted", "absent")
            nf = len(o.get("findings") or [])
            if counted != "absent" and counted is not None and (
                    not counted or counted != sorted(set(counted))
                    or any(not 0 <= i < nf for i in counted)):
                failures.append("%s: counted %r of %d findings" % (where, counted, nf))
            if counted == "absent" or (r["basis"] == "penalty"
                                       and (not counted or r.get("finding") != counted[0])):
                failures.append("%s: basis %s, finding %r, counted %r"
                                % (where, r["basis"], r.get("finding"), counted))
            if r.get("sheet_ok") is not None and r["sheet_ok"] != o.get("recorded_ok"):
                failures.append("%s: sheet_ok %r, recorded_ok %r" % (where, r["sheet_ok"], o.get("recorded_ok")))
    if games < MIN_GAMES:
        failures.append("only %d games judged (at least %d expected)" % (games, MIN_GAMES))
    missing = BASES - seen
    if missing:
        failures.append("no game with basis %s" % ", ".join(sorted(missing)))
    for f in failures:
        print(f)
    print("%d games, bases seen: %s" % (games, ", ".join(sorted(x for x in seen if x))))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every record in the repository: audit's JSON has check's ruling per game.

Usage: audit_ruling_json.py DOKOREF SOURCE_ROOT

Walks the records ruling_json.py walks, runs `dokoref check --format json`
and `dokoref audit -v --format json` on each file, and checks that every
game check judges is in audit's output with version 2, a ruling equal to
check's, and top-level winner, value and score equal to that ruling's.
Files dokoref refuses as input (status 2 or 3) are skipped.  At least
MIN_GAMES games must be compared.  Standard library only.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ruling_json import records  # noqa: E402  (the same walk)

MIN_GAMES = 300


def lines(dokoref, root, args):
    p = subprocess.run([dokoref] + args, cwd=root, capture_output=True, text=True,
                       timeout=300)
    if p.returncode not in (0, 1):
        return None
    return [json.loads(x) for x in p.stdout.splitlines()]


def main():
    dokoref, root = sys.argv[1], sys.argv[2]
    failures, games = [], 0
    for path in records(root):
        rel = os.path.relpath(path, root)
        check = lines(dokoref, root, ["check", "--format", "json",
                                      "--accept-rule-differences", rel])
        if check is None:
            continue
        audit = lines(dokoref, root, ["audit", "-v", "--no-progress", "--format", "json",
                                      "--accept-rule-differences", rel])
        if audit is None:
            failures.append("%s: check reads it, audit does not" % rel)
            continue
        by_index = {o["index"]: o for o in audit if "index" in o and "id" in o}
        for c in check:
            games += 1
            where = "%s: game %d" % (rel, c["index"])
            a = by_index.get(c["index"])
            if a is None:
                failures.append("%s: not in audit's JSON" % where)
                continue
            if a.get("version") != 2:
                failures.append("%s: audit's version %r, not 2" % (where, a.get("version")))
            if a.get("ruling") != c.get("ruling"):
                failures.append("%s: audit's ruling %r, check's %r"
                                % (where, a.get("ruling"), c.get("ruling")))
            r = a.get("ruling") or {}
            for k in ("winner", "value", "score"):
                if k not in a or a[k] != r.get(k):
                    failures.append("%s: audit's top-level %s %r, its ruling's %r"
                                    % (where, k, a.get(k), r.get(k)))
    if games < MIN_GAMES:
        failures.append("only %d games compared (at least %d expected)" % (games, MIN_GAMES))
    for f in failures[:50]:
        print(f)
    if len(failures) > 50:
        print("... and %d more" % (len(failures) - 50))
    print("%d games compared, %d failures" % (games, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

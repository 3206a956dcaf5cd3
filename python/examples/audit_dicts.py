#!/usr/bin/env python3
"""Load an audit into a list of dicts: every game of one or more records
judged by libdokoref, one dict per game.

    python3 audit_dicts.py archive.xml.gz [more files...]

prints how many games were judged, how many have findings, the findings by
code, and then each game with findings as one JSON line.
"""
import collections
import json
import sys

import dokoref


def audit(paths):
    rows = []
    for path in paths:
        rows.extend(v.as_dict() for v in dokoref.judge(path, penalties=False))
    return rows


def main(argv):
    if len(argv) < 2:
        print("usage: audit_dicts.py FILE...", file=sys.stderr)
        return 2
    rows = audit(argv[1:])
    codes = collections.Counter(f["code"] for r in rows for f in r["findings"])
    print("%d games, %d with findings" % (len(rows), sum(1 for r in rows if r["errors"])))
    for code, n in sorted(codes.items()):
        print("  %s: %d" % (code, n))
    for r in rows:
        if r["findings"]:
            print(json.dumps({"file": r["file"], "index": r["index"], "winner": r["winner"],
                              "value": r["value"],
                              "findings": [f["code"] for f in r["findings"]]},
                             ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""check --rules all says, for every sample and every rule set, what
check --rules SET says of the same game on its own: game type, solo kind,
winner, value, findings (codes in order) and, outside a session (where Bock
and the session do not enter), each player's score.

usage: rules_all_agrees.py DOKOREF SOURCE_ROOT
"""
import glob
import json
import os
import subprocess
import sys


def run(dokoref, args, invalid_ok=False):
    p = subprocess.run([dokoref] + args, capture_output=True, text=True)
    if invalid_ok and p.returncode == 3:
        return None
    if p.returncode not in (0, 1):
        sys.exit("dokoref %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr))
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def main():
    dokoref, root = sys.argv[1], sys.argv[2]
    samples = sorted(glob.glob(os.path.join(root, "samples", "*.xml")))
    if not samples:
        sys.exit("no samples")
    bad = 0
    compared = 0
    for path in samples:
        in_session = "<session" in open(path, encoding="utf-8").read()
        side = run(dokoref, ["check", "--rules", "all", "--format", "json", path])
        names = [s["rules"] for s in side[0]["rule_sets"]]
        for i, name in enumerate(names):
            out = run(dokoref, ["check", "--rules", name, "--format", "json", path],
                      invalid_ok=True)
            alone = {o["index"]: o for o in out or []}
            for game in side:
                mine = game["rule_sets"][i]
                theirs = alone.get(game["index"])
                compared += 1
                # a game check refuses under the set (its deck does not fit)
                # is refused side by side, and only then
                if (theirs is None) != (mine["refused"] is not None):
                    bad += 1
                    print("%s game %d under %s: refused side by side: %s, alone: %s"
                          % (path, game["index"], name, mine["refused"], theirs is None))
                    continue
                if theirs is None:
                    continue
                want = {
                    "type": theirs["type"],
                    "solo": theirs.get("solo"),
                    "winner": theirs["winner"],
                    "value": theirs.get("value"),
                    "findings": [f["code"] for f in theirs["findings"]],
                }
                got = {k: mine[k] for k in want}
                if not in_session:
                    want["score"] = theirs["score"]
                    got["score"] = mine["score"]
                if got != want:
                    bad += 1
                    print("%s game %d under %s: side by side %s, alone %s"
                          % (path, game["index"], name, got, want))
    print("%d games x rule sets compared, %d differ" % (compared, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

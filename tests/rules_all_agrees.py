#!/usr/bin/env python3
"""check --rules all says, for every sample and every rule set, what
check --rules SET says of the same game on its own: game type, solo kind,
winner, value, findings (codes in order) and, outside a session (where Bock
and the session do not enter), each player's score.  The record's own rule
set, where the record overrides some of its values, is judged as a plain
check judges the record: with the overrides.  The closing line of the text
counts the sets that judge the game as the JSON does, and says whether
they agree as the JSON's differences do; the header names every player.

usage: rules_all_agrees.py DOKOREF SOURCE_ROOT
"""
import glob
import json
import os
import re
import subprocess
import sys


def run(dokoref, args, invalid_ok=False):
    p = subprocess.run([dokoref] + args, capture_output=True, text=True)
    if invalid_ok and p.returncode == 3:
        return None
    if p.returncode not in (0, 1):
        sys.exit("dokoref %s: exit %d\n%s" % (" ".join(args), p.returncode, p.stderr))
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def closing_lines(dokoref, path, side):
    """the text's header and closing line against the JSON, game by game"""
    p = subprocess.run([dokoref, "check", "--rules", "all", path],
                       capture_output=True, text=True)
    blocks = re.split(r"^(?=\S.*, game \d+, under \d+ rule sets:$)", p.stdout, flags=re.M)
    blocks = [b for b in blocks if b.strip()]
    if len(blocks) != len(side):
        print("%s: %d games in the text, %d in the JSON" % (path, len(blocks), len(side)))
        return 1
    bad = 0
    for text, game in zip(blocks, side):
        lines = text.rstrip("\n").split("\n")
        last, head = lines[-1].strip(), lines[1]
        count = len(game["rule_sets"])
        judged = sum(1 for s in game["rule_sets"] if s["refused"] is None)
        agree = not game["differences"]
        if judged == 0:
            want = "none of the %d rule sets can judge this game" % count
        elif judged == 1 and count > 1:
            want = "1 of %d rule sets can judge this game: " % count
        else:
            want = ("all %d" % count if judged == count else "%d of %d" % (judged, count)) + \
                " rule sets can judge this game and " + \
                ("agree: " if agree else "")
        if game["judged"] != judged or (judged and game["agree"] != agree) or \
           not last.startswith(want) or (judged < count) != (" cannot: " in last or judged == 0):
            print("%s game %d: closing line %r (judged %d of %d, agree %s)"
                  % (path, game["index"], last, judged, count, agree))
            bad += 1
        for s in game["rule_sets"]:
            for player in (s.get("score") or {}):
                if player not in head:
                    print("%s game %d: the header %r does not name %s"
                          % (path, game["index"], head, player))
                    bad += 1
    return bad


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
        bad += closing_lines(dokoref, path, side)
        plain = {o["index"]: o for o in run(dokoref, ["check", "--format", "json", path])}
        for i, name in enumerate(names):
            out = run(dokoref, ["check", "--rules", name, "--format", "json", path],
                      invalid_ok=True)
            alone = {o["index"]: o for o in out or []}
            for game in side:
                mine = game["rule_sets"][i]
                theirs = alone.get(game["index"])
                if mine["own_overrides"]:
                    theirs = plain.get(game["index"])
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
    if compared == 0:
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

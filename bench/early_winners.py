#!/usr/bin/env python3
"""early_winners.py - are the winners a limited analysis finds before its
first card those of the analysis without a limit?

    bench/early_winners.py [CAP_SECONDS]

For each file of samples/, tests/check/legal/ and tests/check/examples/
whose every game the ledger (bench/analysed.tsv) analysed from the first
card in at most CAP_SECONDS (default 60) of processor time: `dokoref
check --analyse` with the default limit, and where that asked who wins
before its first card (analysis.early), the same without a limit; each
winner found (before and after each card asked) is compared with the
whole analysis's.  Prints each file as it is done, every mismatch, and
the counts.  Uses build-rel/dokoref (a release build); takes minutes.
"""
import csv
import json
import os
import subprocess
import sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
os.chdir(top)
env = dict(os.environ, DOKOREF_RULES_PATH=os.path.join(top, "rulesets"))
cap = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0

whole, over = {}, set()
with open("bench/analysed.tsv", encoding="utf-8") as f:
    for row in csv.reader(f, delimiter="\t"):
        if not row or row[0].startswith("#"):
            continue
        if row[2] == "over":
            over.add(row[0])
        elif row[2] == "whole":
            games = whole.setdefault(row[0], {})
            games[row[1]] = min(float(row[5]), games.get(row[1], float("inf")))


def games_of(text):
    """The games of check's JSON (one object per file or per game)."""
    dec, i, out = json.JSONDecoder(), 0, []
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        o, i = dec.raw_decode(text, i)
        out += o["games"] if "games" in o else [o]
    return out


def check(path, *args):
    cmd = ["build-rel/dokoref", "check", "--analyse", "--format", "json", *args, path]
    return games_of(subprocess.run(cmd, capture_output=True, text=True, env=env).stdout)


files = sorted(p for p, g in whole.items() if p not in over and max(g.values()) <= cap
               and p.startswith(("samples/", "tests/check/legal/", "tests/check/examples/")))
compared = mismatches = changed = 0
for path in files:
    limited = check(path)
    if not any(g.get("analysis", {}).get("early") for g in limited):
        continue
    full = check(path, "--analyse-limit", "0")
    for a, b in zip(limited, full):
        early = a.get("analysis", {}).get("early")
        if not early:
            continue
        if b["analysis"]["first_card"] != 1:
            continue                        # an irregular record: not whole
        cards = b["analysis"]["cards"]
        for k, c in enumerate(early["cards"]):
            n = early["from_card"] + k          # the card's number
            for side in ("winner_before", "winner_after"):
                if c[side] is None:
                    continue
                want = cards[n - 1][side] or "nobody"
                compared += 1
                if c[side] != want:
                    mismatches += 1
                    print("MISMATCH %s game %s card %d %s: %s, without a limit %s"
                          % (path, a.get("index"), n, side, c[side], want), flush=True)
            if c["winner_before"] and c["winner_after"] and c["winner_before"] != c["winner_after"]:
                changed += 1
    print(path, "done", flush=True)
print("files %d, winners compared %d, mismatches %d, cards that changed who wins %d"
      % (len(files), compared, mismatches, changed))

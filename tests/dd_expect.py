#!/usr/bin/env python3
"""What the replay and the HTML page must show at a position, worked out
from the JSON of `dokoref check --analyse --format json` (not from the
views themselves): the value line, the line of the card just played, and
the best line from there.

    dd_expect.py JSON N     -> the lines for the position after N cards

Kontra's card points are the deck's 240 less Re's (every sample here is
played out with a full deck).  A position before the first card analysed
prints the "not analysed" line, and who wins with best play there where a
threshold question found it.
"""
import json
import sys

SUIT = {"C": "\u2663", "S": "\u2660", "H": "\u2665", "D": "\u2666"}
# the English views: the suit symbol and the code's own rank letter
# ("CQ" is ♣Q; German views would say ♣D)


def symbol(code):
    return SUIT[code[0]] + code[1:]


def analysis(o):
    if isinstance(o, dict):
        if "costly_cards" in o:
            return o
        o = list(o.values())
    if isinstance(o, list):
        for v in o:
            r = analysis(v)
            if r:
                return r
    return None


WORD = {"re": "Re", "kontra": "Kontra", "nobody": "nobody"}


def early(a, n, first):
    """Before the first card analysed: who wins with best play, where the
    threshold questions found it, and whether the card just played changed
    it."""
    e = a.get("early")
    if not e:
        return
    start = e["from_card"] - 1           # e["cards"][k] is card start+k+1
    if n < start:
        return
    # the winner at position n: after card n, or before card n+1
    if n > start:
        w = e["cards"][n - start - 1]["winner_after"]
    else:
        w = e["cards"][0]["winner_before"]
    if w is None:
        return
    print("who wins with best play: %s (asked at the targets only)" % WORD[w])
    early_changed(a, n)


def early_changed(a, n):
    """Card n, where the early winners found on both sides of it that it
    changed who wins."""
    e = a.get("early")
    start = e["from_card"] - 1 if e else n
    if n <= start or n - start > len(e["cards"]):
        return
    c = e["cards"][n - start - 1]
    if None not in (c["winner_before"], c["winner_after"]) and \
            c["winner_before"] != c["winner_after"]:
        print("%s %s changed who wins" % (c["player"], symbol(c["card"])))


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        a = analysis(json.load(f))
    n = int(sys.argv[2])
    first = a["first_card"] - 1          # positions from `first` on are analysed
    cards = a["cards"]                   # cards[k] is card first+k+1
    if n < first:
        print("best play: not analysed (needs more than %d positions, --analyse-limit)"
              % a["limit"])
        early(a, n, first)
        return
    k = n - first
    re = cards[k]["re_before"] if k < len(cards) else cards[-1]["re_after"]
    print("best play: Re %d card points (Kontra %d)" % (re, 240 - re))
    if k == 0:
        early_changed(a, n)
    if k >= 1:
        c = cards[k - 1]
        line = "%s %s " % (c["player"], symbol(c["card"]))
        if c["cost"]:
            line += "cost %d card point%s" % (c["cost"], "s" if c["cost"] > 1 else "")
            if c.get("best_card"):
                line += " (best: %s)" % symbol(c["best_card"])
        elif c.get("out_of_turn"):
            line += "came out of turn: no cost (the choice before it was another player's)"
        else:
            line += "cost nothing"
        if c.get("order_changed"):
            line += ("; then the card order changed (Re %d with the order before, which the "
                     "cost is weighed by)" % c["re_after_card"])
        # judged under the order before a change, as the cost is
        if c["winner_before"] != c["winner_after_card"]:
            line += ", changed who wins"
        print(line)
    best_line(a["best_line"] if k == 0 else cards[k - 1]["best_line_after"], n)


def best_line(line, n):
    """The best line from the position after n cards, up to the end of the
    next trick ("; " between tricks), " ..." where it goes on."""
    if not line:
        return
    show = 8 - n % 4
    out = ""
    for i, c in enumerate(line[:show]):
        if i:
            out += "; " if (n + i) % 4 == 0 else ", "
        out += "%s %s" % (c["player"], symbol(c["card"]))
    if len(line) > show:
        out += " ..."
    print("best line: " + out)


main()

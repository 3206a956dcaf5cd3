#!/usr/bin/env python3
"""find_last_trick_pairs.py - legal ddv games whose last trick holds a pair.

Plays random ddv deals through the legal-game generator and judge of
tools/gen_checks.py (seeded, deterministic) until the last trick shows
what a sample needs, and prints the game as dokoref XML:

  fox       both ♦A of Re in the last trick, the first winning it
            (tests/check/examples/ddv-fox-last-trick-both--re-wins-5.xml)
  karlchen  both ♣J of Re in the last trick, the first winning it
            (tests/check/examples/ddv-karlchen-both--re-wins-5.xml)
  dq        a ♦Q of Re wins the last trick with a ♣J of Kontra in it

The players holding the pair keep those cards for the end where the rules
let them; otherwise they play as tools/gen_examples.py's steering policy
does.  The comment, the rule overrides and <recorded> of the samples
were written by hand from the game printed here.

    python3 tools/find_last_trick_pairs.py fox > game.xml
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_checks as gc  # noqa: E402
import gen_examples  # noqa: E402,F401  (installs its steering play policy, both parties at 0.5)

base_policy = gc.play_policy
KEEP = {}


def keep_policy(rp, seat, rng):
    """The ordinary policy, but a seat's kept cards only when it must."""
    lg = rp.legal(seat)
    keep = KEEP.get(seat, ())
    pref = [c for c in lg if c not in keep]
    if pref and len(pref) < len(lg):
        save = rp.legal
        rp.legal = lambda s: pref
        try:
            return base_policy(rp, seat, rng)
        finally:
            rp.legal = save
    return base_policy(rp, seat, rng)


gc.play_policy = keep_policy


def last(rp):
    cards, w, _ = rp.tricks[-1]
    return cards, w, next(c for s, c in cards if s == w)


def pair_wins(card):
    def want(rp):
        cards, w, wc = last(rp)
        fin = rp.final
        return wc == card and sum(1 for s, c in cards if c == card and fin[s] == fin[w]) == 2
    return want


def dq_catch(rp):
    cards, w, wc = last(rp)
    fin = rp.final
    return wc == "DQ" and any(c == "CJ" and fin[s] != fin[w] for s, c in cards)


SEARCHES = {
    "fox": ({1: ["CQ", "DA"], 3: ["CQ", "DA"]}, {1: ("DA",), 3: ("DA",)}, pair_wins("DA")),
    "karlchen": ({1: ["CQ", "CJ"], 3: ["CQ", "CJ"]}, {1: ("CJ",), 3: ("CJ",)},
                 pair_wins("CJ")),
    "dq": ({1: ["CQ", "DQ"], 3: ["CQ"], 2: ["CJ"], 4: ["CJ"]},
           {1: ("DQ",), 2: ("CJ",), 4: ("CJ",)}, dq_catch),
}
NAMES = {"fox": "fox-both", "karlchen": "karlchen-both", "dq": "dq"}


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which not in SEARCHES:
        raise SystemExit("usage: find_last_trick_pairs.py fox|karlchen|dq")
    forced, keep, want = SEARCHES[which]
    KEEP.clear()
    KEEP.update(keep)
    for i in range(20000):
        rng = random.Random("%s:%d" % (NAMES[which], i))
        h = gc.deal(rng, "ddv", forced)
        if not gc.clean("ddv", h, "normal"):
            continue
        g = gc.Game("ddv", 4, h, gc.healthy_round(4), names=gc.NAME_SETS[0])
        try:
            rp = gc.simulate(g, rng, [])
        except AssertionError:
            continue
        if rp is None or rp.finish() or not want(rp):
            continue
        sys.stdout.write(gc.game_to_xml(g, "seed %d" % i))
        return
    raise SystemExit("find_last_trick_pairs: none found")


if __name__ == "__main__":
    main()

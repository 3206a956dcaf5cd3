#!/usr/bin/env python3
"""gen_samples.py - build legal Doppelkopf games and write them to samples/.

Every sample record in samples/ is written by this script.  It deals with a
fixed seed per sample, finds the game (reservations, marriage, poverty
exchange, solo), plays it with a simple strategy, adds announcements that are
clearly in time, and writes the table's result (<recorded>) as computed here
from the tricks under the rule set's scoring (RULES.md sections 11 and 12).

It then reads every file it wrote back in and replays it with its own
checker, independent of the generator's bookkeeping: deck and hand sizes,
the game finding, the poverty exchange, who leads, play in turn, cards in
hand, following suit by the game type's card order, trick winners with the
set's tie rule, who may announce what and until when, the parties, the card
points, the winner and every score and running total.  A failed check stops
the script; nothing is left half written.

What it deliberately does not do: it knows only the parts of the six rule
sets that the samples use (it refuses a limit announcement outside ddv, a
swine, a Genscher, Ramsch, Bock), and its strategy is a plausible one, not a
good one.  Python 3 standard library only; run from anywhere:

    python3 tools/gen_samples.py            # write and check samples/
    python3 tools/gen_samples.py --check    # only check the files present
"""

import os
import random
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "samples")

# ---------------------------------------------------------------- cards

SUITS = "CSHD"
RANKS = ["A", "10", "K", "Q", "J", "9"]           # fehl order, high to low
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
SUIT_NAME = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
SUIT_SYM = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
SUIT_GER = {"C": "Kr", "S": "Pi", "H": "He", "D": "Ka"}
RANK_GER = {"A": "A", "10": "10", "K": "K", "Q": "D", "J": "B", "9": "9"}


def suit(c):
    return c[0]


def rank(c):
    return c[1:]


def pts(c):
    return POINTS[rank(c)]


def sym(c):
    """The card as written in the comments: ♣D, ♥10 (German rank)."""
    return SUIT_SYM[suit(c)] + RANK_GER[rank(c)]


def make_deck(nines):
    ranks = RANKS if nines else RANKS[:5]
    return [s + r for s in SUITS for r in ranks for _ in range(2)]


def parse_card(tok):
    """Read one card in any notation the samples use; return the canonical code.

    Suit: a symbol (♣♠♥♦), German letters (Kr Pi He Ka) or an English
    letter (C S H D).  Rank after a symbol or German letters: A 10 K D B 9
    (D = Dame, B = Bube), after a symbol also Q and J; after an English
    letter: A 10 K Q J 9.
    """
    for s, form in SUIT_SYM.items():
        if tok.startswith(form):
            r = tok[len(form):]
            table = {"A": "A", "10": "10", "K": "K", "D": "Q", "B": "J",
                     "9": "9", "Q": "Q", "J": "J"}
            if r in table:
                return s + table[r]
            raise ValueError("bad card %r" % tok)
    for s, form in SUIT_GER.items():
        if tok.startswith(form):
            r = tok[len(form):]
            table = {"A": "A", "10": "10", "K": "K", "D": "Q", "B": "J",
                     "9": "9"}
            if r in table:
                return s + table[r]
            raise ValueError("bad card %r" % tok)
    if tok[:1] in SUITS and tok[1:] in POINTS:
        return tok
    raise ValueError("bad card %r" % tok)


def left(seat):
    """The player to the left (clockwise next) of seat, among seats 1..4."""
    return seat % 4 + 1


# ---------------------------------------------------------------- rule sets

NORMAL_TRUMPS = ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ",
                 "DA", "D10", "DK", "D9"]
QUEENS = ["CQ", "SQ", "HQ", "DQ"]
JACKS = ["CJ", "SJ", "HJ", "DJ"]
KINGS = ["CK", "SK", "HK", "DK"]

SOLO_KINDS = ["queens", "jacks", "clubs", "spades", "hearts", "diamonds",
              "pure-clubs", "pure-spades", "pure-hearts", "pure-diamonds",
              "trumps", "fleischlos", "koehler", "kings", "queens-jacks",
              "kings-jacks", "kings-queens"]

# FreeDoko's picture solos and marriage selectors, which no house set
# allows: their samples play under ddv with the record overriding these
# rules (<rules name="ddv"><set key=... value=.../></rules>)
PICTURE_SOLOS = ["kings", "queens-jacks", "kings-jacks", "kings-queens"]
FREEDOKO_SOLOS = ("[queens, jacks, clubs, spades, hearts, diamonds, fleischlos, "
                  "kings, queens-jacks, kings-jacks, kings-queens]")
SINGLE_COLOUR = {"first-club-trick": "C", "first-spade-trick": "S",
                 "first-heart-trick": "H"}
FREEDOKO_CONDITIONS = ("[first-trick, first-club-trick, first-spade-trick, "
                       "first-heart-trick]")

# what the samples need of each set (RULES.md §1-§5, §10, §12)
SETS = {
    "ddv": dict(
        nines=True, tie="first",
        solos={"queens", "jacks", "clubs", "spades", "hearts", "diamonds",
               "fleischlos"},
        poverty=False),
    "turnier-2022": dict(
        nines=False, tie="second",
        solos={"trumps", "queens", "jacks"},
        poverty=True),
    "unsere-2024": dict(
        nines=False, tie="second",
        solos={"queens", "jacks", "pure-clubs", "pure-spades", "pure-hearts",
               "pure-diamonds", "fleischlos", "koehler"},
        poverty=True),
    "esslingen-2002": dict(
        nines=False, tie="second-except-last",
        solos={"trumps", "queens", "jacks", "fleischlos"},
        poverty=True),
}

# game types whose card order is the normal game's
NORMAL_LIKE = ("normal", "marriage", "poverty")


class Order:
    """The card order of one game type: trumps high to low, fehl per suit.

    cat(c) is 'T' for a trump, else the fehl suit letter; following suit
    means playing a card of the led card's cat.  strength(c) is the index in
    its category, lower = higher.
    """

    def __init__(self, kind, nines):
        def has(c):
            return nines or rank(c) != "9"
        if kind in NORMAL_LIKE or kind in ("trumps", "diamonds"):
            trumps = list(NORMAL_TRUMPS)
        elif kind in ("clubs", "spades", "hearts"):
            s = kind[0].upper()
            trumps = ["H10"] + QUEENS + JACKS + \
                [s + r for r in ("A", "10", "K", "9") if s + r != "H10"]
        elif kind == "queens":
            trumps = list(QUEENS)
        elif kind == "jacks":
            trumps = list(JACKS)
        elif kind.startswith("pure-"):
            s = kind[5].upper()
            trumps = [s + r for r in RANKS]
        elif kind == "fleischlos":
            trumps = []
        elif kind == "koehler":
            trumps = KINGS + QUEENS + JACKS
        elif kind == "kings":
            trumps = list(KINGS)
        elif kind == "queens-jacks":
            trumps = QUEENS + JACKS
        elif kind == "kings-jacks":
            trumps = KINGS + JACKS
        elif kind == "kings-queens":
            trumps = KINGS + QUEENS
        else:
            raise ValueError(kind)
        self.kind = kind
        self.trumps = [c for c in trumps if has(c)]
        self.trank = {c: i for i, c in enumerate(self.trumps)}
        self.fehl = {s: [r for r in RANKS if has(s + r) and s + r not in self.trank]
                     for s in SUITS}
        # D20: the ♥10 tie rules apply only where the ♥10 is a trump of the
        # normal kind (normal game, marriage, poverty, Trumpfsolo, dirty
        # Farbsoli); elsewhere the first of two equal cards wins.
        self.h10_rule = kind in NORMAL_LIKE or kind in (
            "trumps", "clubs", "spades", "hearts", "diamonds")

    def cat(self, c):
        return "T" if c in self.trank else suit(c)

    def strength(self, c):
        if c in self.trank:
            return self.trank[c]
        return self.fehl[suit(c)].index(rank(c))

    def power(self, c):
        """A number to compare any two cards roughly (for the strategy)."""
        return (100 if c in self.trank else 50) - self.strength(c)

    def sort(self, hand):
        return sorted(hand, key=lambda c: (0, self.trank[c]) if c in self.trank
                      else (1 + SUITS.index(suit(c)), self.strength(c)))


def second_h10_wins(rs, last_trick):
    tie = SETS[rs]["tie"]
    if tie == "first":
        return False
    if tie == "second":
        return True
    assert tie == "second-except-last"
    return not last_trick


def trick_winner(cards, order, rs, last_trick):
    """Seat that wins the (possibly partial) trick cards [(seat, card)...]."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i][1], cards[best][1]
        cc, bc = order.cat(c), order.cat(b)
        if cc == bc:
            if order.strength(c) < order.strength(b):
                best = i
            elif c == b == "H10" and order.h10_rule and \
                    second_h10_wins(rs, last_trick):
                best = i
        elif cc == "T":
            best = i
    return cards[best][0]


def legal_cards(hand, cards, order):
    if not cards:
        return list(hand)
    led = order.cat(cards[0][1])
    same = [c for c in hand if order.cat(c) == led]
    return same or list(hand)


def first_leader(rs, kind, dealer, soloist):
    """RULES.md §4: left of the dealer; the soloist in unsere/esslingen solos.

    ddv solos are treated as Lustsoli (left of the dealer leads); turnier:
    always left of the dealer.
    """
    if kind in SOLO_KINDS and rs in ("unsere-2024", "esslingen-2002"):
        return soloist
    return left(dealer)


def trump_count(hand):
    return sum(1 for c in hand if c in NORMAL_TRUMPS)


# ---------------------------------------------------------------- parties

def resolve_parties(g, tricks):
    """Party of each seat ('re'/'kontra', None = not known yet) after tricks.

    Also returns the clarifying trick number of a marriage (or None).
    """
    kind = g["kind"]
    hands = g["play_hands"]
    if kind == "normal":
        return {s: ("re" if "CQ" in hands[s] else "kontra") for s in hands}, None
    if kind in SOLO_KINDS:
        return {s: ("re" if s == g["soloist"] else "kontra") for s in hands}, None
    if kind == "poverty":
        re = (g["poor"], g["taker"])
        return {s: ("re" if s in re else "kontra") for s in hands}, None
    assert kind == "marriage"
    bride, cond = g["bride"], g["condition"]
    order = g["order"]
    for i, (cards, w) in enumerate(tricks[:3]):
        led_trump = order.cat(cards[0][1]) == "T"
        if cond == "first-trick":
            hit = w != bride
        elif cond == "first-fehl-trick":
            hit = not led_trump
        elif cond in SINGLE_COLOUR:
            hit = order.cat(cards[0][1]) == SINGLE_COLOUR[cond]
        else:
            hit = led_trump
        if hit:
            if w == bride:
                raise AssertionError("bride fulfils her own condition (plays alone)")
            return {s: ("re" if s in (bride, w) else "kontra") for s in hands}, i + 1
    if len(tricks) >= 3:
        raise AssertionError("marriage without partner (Zwangssolo) not used")
    return {s: ("re" if s == bride else None) for s in hands}, None


# ---------------------------------------------------------------- scoring

LIMITS = ["no90", "no60", "no30", "schwarz"]
LEVEL_NAMES = ["below 90", "below 60", "below 30", "schwarz"]


def other(p):
    return "kontra" if p == "re" else "re"


def limit_level(calls):
    lv = 0
    for i, lim in enumerate(LIMITS, 1):
        if lim in calls:
            lv = i
    return lv


def decide_winner(o, lone_kontra_120):
    """TSR 7.1 / RULES.md §11: which party reached its target, or 'none'."""
    rc, kc = o["calls"]["re"], o["calls"]["kontra"]
    rl, kl = limit_level(rc), limit_level(kc)
    own = {1: 151, 2: 181, 3: 211, 4: "all"}
    versus = {1: 90, 2: 60, 3: 30, 4: "one"}
    lone = "kontra" in kc and "re" not in rc
    if rl:
        re_need = own[rl]
    elif kl:
        re_need = versus[kl]
    elif lone and lone_kontra_120:
        re_need = 120
    else:
        re_need = 121
    if kl:
        ko_need = own[kl]
    elif rl:
        ko_need = versus[rl]
    elif lone and lone_kontra_120:
        ko_need = 121
    else:
        ko_need = 120

    def meets(p, need):
        if need == "all":
            return o["tricks"][other(p)] == 0
        if need == "one":
            return o["tricks"][p] > 0
        return o["pts"][p] >= need
    rw, kw = meets("re", re_need), meets("kontra", ko_need)
    assert not (rw and kw)
    return "re" if rw else ("kontra" if kw else "none")


def levels_reached(o, loser):
    p, n = o["pts"][loser], 0
    for th in (90, 60, 30):
        if p < th:
            n += 1
    if o["tricks"][loser] == 0:
        n += 1
    return n


def special_points(rs, tricks, party):
    """Special points per party in a normal game (marriage, poverty too)."""
    sp = {"re": [], "kontra": []}
    last = len(tricks) - 1
    for i, (cards, w) in enumerate(tricks):
        wp = party[w]
        total = sum(pts(c) for _, c in cards)
        full = all(rank(c) in ("A", "10") for _, c in cards)
        if rs == "unsere-2024":
            assert full == (total >= 40)   # the same without nines
        if total >= 40:
            sp[wp].append("Doppelkopf (trick %d, %d)" % (i + 1, total))
        for s, c in cards:
            if c == "DA" and party[s] != wp:
                sp[wp].append("Fuchs caught (trick %d)" % (i + 1))
        if i == last:
            if dict(cards)[w] == "CJ":
                sp[wp].append("Karlchen wins the last trick")
            if rs == "turnier-2022":
                for s, c in cards:
                    if c == "CJ" and party[s] != wp:
                        sp[wp].append("Karlchen caught in the last trick")
    return sp


def _announced_items(o, each_call):
    items = []
    if "re" in o["calls"]["re"]:
        items.append(('"re" announced', each_call))
    if "kontra" in o["calls"]["kontra"]:
        items.append(('"kontra" announced', each_call))
    for p in ("re", "kontra"):
        for lim in LIMITS:
            if lim in o["calls"][p]:
                items.append(('"%s" announced by %s' % (lim, p), 1))
    return items


def score_ddv(o):
    """TSR 7.2 (also ottendorf, wattenscheid D13): plus-minus value."""
    w = decide_winner(o, True)
    assert w != "none", "nobody wins: not used by the samples"
    lo = other(w)
    items = [("won", 1)]
    for i in range(levels_reached(o, lo)):
        items.append(("%s %s" % (lo, LEVEL_NAMES[i]), 1))
    items += _announced_items(o, 2)
    for p in ("re", "kontra"):
        for lim, th in (("no90", 120), ("no60", 90), ("no30", 60),
                        ("schwarz", 30)):
            if lim in o["calls"][other(p)] and o["pts"][p] >= th:
                items.append(("%s reached %d against %s" % (p, th, lim), 1))
    value = sum(v for _, v in items)
    if not o["solo"]:
        sp = {p: list(v) for p, v in o["specials"].items()}
        if w == "kontra":
            sp["kontra"].append("won against the queens of clubs")
        for t in sp[w]:
            items.append(("special: " + t, 1))
        for t in sp[lo]:
            items.append(("special for %s: %s" % (lo, t), -1))
        value += len(sp[w]) - len(sp[lo])
    return w, value, items


def score_turnier(o):
    """turnier-2022 Wertungen: normal value doubled per Re/Kontra, specials
    added after; solo: +1 per Re/Kontra, no specials, soloist x3."""
    w = decide_winner(o, False)
    assert w != "none"
    assert not ("kontra" in o["calls"]["kontra"] and "re" not in o["calls"]["re"]
                and o["pts"]["re"] == 120), "lone Kontra at 120: not used"
    lo = other(w)
    items = [("won", 1)]
    if w == "kontra":
        items.append(("won against Re", 1))
    for i in range(levels_reached(o, lo)):
        items.append(("%s %s" % (lo, LEVEL_NAMES[i]), 1))
    for p in ("re", "kontra"):
        for lim in LIMITS:
            if lim in o["calls"][p]:
                items.append(('"%s" announced by %s' % (lim, p), 1))
    base = sum(v for _, v in items)
    n = ("re" in o["calls"]["re"]) + ("kontra" in o["calls"]["kontra"])
    if o["solo"]:
        for t in ("re", "kontra"):
            if t in o["calls"][t]:
                items.append(('"%s" announced' % t, 1))
        return w, base + n, items
    value = base * 2 ** n
    if n:
        items.append(("x%d for Re/Kontra announced: %d" % (2 ** n, value), 0))
    sp = o["specials"]
    for t in sp[w]:
        items.append(("special: " + t, 1))
    for t in sp[lo]:
        items.append(("special for %s: %s" % (lo, t), -1))
    return w, value + len(sp[w]) - len(sp[lo]), items


def score_unsere(o, bock=False):
    """unsere-2024: base doubled per Re/Kontra, specials added after (and
    doubled by Bock); solo (D18): same value without specials, soloist x3."""
    w = decide_winner(o, False)
    assert w != "none"
    assert not any(limit_level(o["calls"][p]) for p in ("re", "kontra")), \
        "limits in unsere-2024: not used"
    assert not ("kontra" in o["calls"]["kontra"] and "re" not in o["calls"]["re"]
                and o["pts"]["re"] == 120), "lone Kontra at 120: not used"
    lo = other(w)
    items = [("won", 1)]
    if w == "kontra":
        if o["solo"]:
            raise AssertionError('"gegen die Alten" in a lost solo is unclear '
                                 "in unsere-2024: not used")
        items.append(("won against the Alten", 1))
    for i in range(levels_reached(o, lo)):
        items.append(("%s %s" % (lo, LEVEL_NAMES[i]), 1))
    base = sum(v for _, v in items)
    n = ("re" in o["calls"]["re"]) + ("kontra" in o["calls"]["kontra"])
    value = base * 2 ** n
    if n:
        items.append(("x%d for Re/Kontra announced: %d" % (2 ** n, value), 0))
    if o["solo"]:
        assert not bock
        return w, value, items
    sp = o["specials"]
    for t in sp[w]:
        items.append(("special: " + t, 1))
    for t in sp[lo]:
        items.append(("special for %s: %s" % (lo, t), -1))
    value += len(sp[w]) - len(sp[lo])
    if bock:
        value *= 2
        items.append(("Bock: doubled", 0))
    return w, value, items


def score_esslingen(o, bock=0):
    """esslingen-2002 §5: 1 point per item, levels capped by Feigheit, a lost
    counter-announcement doubles, each Bock doubles; solo x3 (D12)."""
    w = decide_winner(o, False)
    assert w != "none"
    lo = other(w)
    items = [("won", 1)]
    reached = levels_reached(o, lo)
    cap = limit_level(o["calls"][w]) + 1          # Feigheit (D26)
    for i in range(min(reached, cap)):
        items.append(("%s %s" % (lo, LEVEL_NAMES[i]), 1))
    if reached > cap:
        items.append(("Feigheit: %d more level(s) not counted" % (reached - cap), 0))
    items += _announced_items(o, 1)
    if w == "kontra" and not o["solo"] and not o.get("poverty"):
        items.append(("won against the Alten", 1))
    sp = o["specials"]
    for t in sp[w]:
        items.append(("special: " + t, 1))
    for t in sp[lo]:
        items.append(("special for %s: %s" % (lo, t), -1))
    value = sum(v for _, v in items)
    first = o.get("first_caller")
    if "re" in o["calls"]["re"] and "kontra" in o["calls"]["kontra"] \
            and first is not None and other(first) == lo:
        value *= 2
        items.append(("lost counter-announcement: doubled", 0))
    value *= 2 ** bock
    return w, value, items


SCORERS = {"ddv": score_ddv, "turnier-2022": score_turnier,
           "unsere-2024": score_unsere, "esslingen-2002": score_esslingen}


def evaluate(g, tricks, calls, first_caller):
    """Card points, winner, per-seat plus-minus scores and the breakdown."""
    rs, kind = g["rules"], g["kind"]
    party, clar = resolve_parties(g, tricks)
    o = {"pts": {"re": 0, "kontra": 0}, "tricks": {"re": 0, "kontra": 0},
         "calls": calls, "solo": kind in SOLO_KINDS,
         "poverty": kind == "poverty", "first_caller": first_caller}
    for cards, w in tricks:
        o["pts"][party[w]] += sum(pts(c) for _, c in cards)
        o["tricks"][party[w]] += 1
    assert o["pts"]["re"] + o["pts"]["kontra"] == 240
    assert o["pts"]["re"] != 120, "120:120 (Nullspiel) is not used"
    if o["solo"]:
        o["specials"] = {"re": [], "kontra": []}
        if rs == "esslingen-2002" and kind == "trumps":
            raise AssertionError("esslingen Trumpfsolo specials: not used")
    else:
        o["specials"] = special_points(rs, tricks, party)
    w, value, items = SCORERS[rs](o)
    assert value != 0, "a game scored 0 is not used"
    scores = {}
    for s, p in party.items():
        sign = 1 if p == w else -1
        mult = 3 if (o["solo"] and s == g.get("soloist")) else 1
        scores[s] = sign * mult * value
    assert sum(scores.values()) == 0
    return dict(party=party, clar=clar, winner=w, re=o["pts"]["re"],
                kontra=o["pts"]["kontra"], value=value, items=items,
                scores=scores, specials=o["specials"])


def self_test_orders():
    """The card orders of RULES.md §2 written out by hand, and the ties of §3."""
    def o(kind, nines=True):
        x = Order(kind, nines)
        return " ".join(x.trumps), {s: " ".join(v) for s, v in x.fehl.items()}
    t, f = o("normal")
    assert t == "H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK D9", t
    assert f == {"C": "A 10 K 9", "S": "A 10 K 9", "H": "A K 9", "D": ""}, f
    t, f = o("normal", False)
    assert t == "H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK" and f["H"] == "A K"
    t, f = o("hearts")
    assert t == "H10 CQ SQ HQ DQ CJ SJ HJ DJ HA HK H9", t
    assert f == {"C": "A 10 K 9", "S": "A 10 K 9", "H": "", "D": "A 10 K 9"}, f
    t, f = o("clubs")
    assert t == "H10 CQ SQ HQ DQ CJ SJ HJ DJ CA C10 CK C9", t
    assert f == {"C": "", "S": "A 10 K 9", "H": "A K 9", "D": "A 10 K 9"}, f
    t, f = o("diamonds")
    assert t == "H10 CQ SQ HQ DQ CJ SJ HJ DJ DA D10 DK D9", t
    t, f = o("queens")
    assert t == "CQ SQ HQ DQ" and set(f.values()) == {"A 10 K J 9"}, (t, f)
    t, f = o("jacks")
    assert t == "CJ SJ HJ DJ" and set(f.values()) == {"A 10 K Q 9"}, (t, f)
    t, f = o("fleischlos")
    assert t == "" and set(f.values()) == {"A 10 K Q J 9"}, (t, f)
    t, f = o("pure-hearts", False)
    assert t == "HA H10 HK HQ HJ" and f["C"] == "A 10 K Q J" and f["H"] == "", (t, f)
    t, f = o("koehler", False)
    assert t == "CK SK HK DK CQ SQ HQ DQ CJ SJ HJ DJ", t
    assert set(f.values()) == {"A 10"}, f
    # FreeDoko's picture solos (its Game::update_cards)
    t, f = o("kings")
    assert t == "CK SK HK DK" and set(f.values()) == {"A 10 Q J 9"}, (t, f)
    t, f = o("queens-jacks")
    assert t == "CQ SQ HQ DQ CJ SJ HJ DJ" and set(f.values()) == {"A 10 K 9"}, (t, f)
    t, f = o("kings-jacks")
    assert t == "CK SK HK DK CJ SJ HJ DJ" and set(f.values()) == {"A 10 Q 9"}, (t, f)
    t, f = o("kings-queens", False)
    assert t == "CK SK HK DK CQ SQ HQ DQ" and set(f.values()) == {"A 10 J"}, (t, f)
    # the ♥10 is a plain heart there: the first of two wins
    tr = [(1, "H10"), (2, "HQ"), (3, "H10"), (4, "HA")]
    assert trick_winner(tr, Order("kings", True), "ddv", False) == 4
    tr = [(1, "H10"), (2, "HJ"), (3, "H10"), (4, "H9")]
    assert trick_winner(tr, Order("kings", True), "ddv", False) == 1
    # ties: two ♥10 in one trick
    tr = [(1, "H10"), (2, "CQ"), (3, "H10"), (4, "DA")]
    normal = Order("normal", False)
    assert trick_winner(tr, Order("normal", True), "ddv", False) == 1
    assert trick_winner(tr, normal, "turnier-2022", True) == 3
    assert trick_winner(tr, normal, "unsere-2024", True) == 3
    assert trick_winner(tr, normal, "esslingen-2002", False) == 3
    assert trick_winner(tr, normal, "esslingen-2002", True) == 1
    # D20: a plain ♥10 (queens solo) - the first of equal cards wins
    tr = [(1, "HA"), (2, "H10"), (3, "HA"), (4, "H10")]
    assert trick_winner(tr, Order("queens", False), "unsere-2024", False) == 1
    tr = [(1, "H10"), (2, "HK"), (3, "H10"), (4, "HJ")]
    assert trick_winner(tr, Order("queens", False), "unsere-2024", False) == 1
    # a fehl trick trumped, and overtrumped
    tr = [(1, "CA"), (2, "D10"), (3, "C10"), (4, "DJ")]
    assert trick_winner(tr, normal, "ddv", False) == 4
    # following: a trump is demanded by a ♦ card, hearts by ♥A, not by ♥10
    assert legal_cards(["H10", "HK", "CA"], [(1, "HA")], normal) == ["HK"]
    assert legal_cards(["H10", "SA"], [(1, "DK")], normal) == ["H10"]


def self_test_scoring():
    """The worked examples of RULES.md §12 must come out exactly."""
    def outcome(re_pts, re_calls, ko_calls, spec_re=0, spec_ko=0,
                solo=False, first=None):
        return {"pts": {"re": re_pts, "kontra": 240 - re_pts},
                "tricks": {"re": 5, "kontra": 5},
                "calls": {"re": set(re_calls), "kontra": set(ko_calls)},
                "solo": solo, "first_caller": first,
                "specials": {"re": ["x"] * spec_re, "kontra": ["x"] * spec_ko}}
    # turnier-2022, normal and solo
    w, v, _ = score_turnier(outcome(150, ["re", "no90"], [], spec_ko=1))
    assert (w, v) == ("kontra", 7), (w, v)
    w, v, _ = score_turnier(outcome(150, ["re", "no90"], [], solo=True))
    assert (w, v) == ("kontra", 4), (w, v)
    # unsere-2024
    w, v, _ = score_unsere(outcome(80, [], ["kontra"], spec_ko=1))
    assert (w, v) == ("kontra", 7), (w, v)
    w, v, _ = score_unsere(outcome(80, [], ["kontra"], spec_ko=1), bock=True)
    assert (w, v) == ("kontra", 14), (w, v)
    w, v, _ = score_unsere(outcome(160, ["re"], [], spec_ko=1))
    assert (w, v) == ("re", 3), (w, v)
    w, v, _ = score_unsere(outcome(160, ["re"], [], spec_ko=1), bock=True)
    assert (w, v) == ("re", 6), (w, v)
    # esslingen-2002: Re "keine 90", Kontra "Kontra" after it
    w, v, _ = score_esslingen(outcome(215, ["re", "no90"], ["kontra"], first="re"))
    assert (w, v) == ("re", 12), (w, v)
    w, v, _ = score_esslingen(outcome(150, ["re", "no90"], ["kontra"], first="re"))
    assert (w, v) == ("kontra", 5), (w, v)
    w, v, _ = score_esslingen(outcome(85, ["re", "no90"], ["kontra"], first="re"))
    assert (w, v) == ("kontra", 6), (w, v)
    # ddv: Re announced, Re wins with Kontra below 90: 1 + 1 + 2 = 4
    w, v, _ = score_ddv(outcome(160, ["re"], []))
    assert (w, v) == ("re", 4), (w, v)
    # ddv: lone Kontra, Re wins with exactly 120
    w, v, _ = score_ddv(outcome(120, [], ["kontra"]))
    assert (w, v) == ("re", 3), (w, v)


# ---------------------------------------------------------------- strategy

def choose_card(rng, g, seat, hand, cards, tricks, led_fehl):
    """A plausible card: legal first, then a simple heuristic."""
    order, rs, n = g["order"], g["rules"], g["n"]
    lg = legal_cards(hand, cards, order)
    if len(lg) == 1:
        return lg[0]
    party, _ = resolve_parties(g, tricks)
    me = party[seat]
    partners = {s for s, p in party.items()
                if s != seat and me is not None and p == me}
    last_trick = len(tricks) == n - 1
    soloist = g.get("soloist") == seat
    if not cards:
        if soloist and order.trumps:
            tr = [c for c in lg if order.cat(c) == "T"]
            if tr and rng.random() < 0.65:
                return max(tr, key=order.power)
        if soloist and not order.trumps and rng.random() < 0.7:
            return max(lg, key=order.power)
        aces = [c for c in lg if order.cat(c) != "T" and order.strength(c) == 0
                and suit(c) not in led_fehl]
        if aces and rng.random() < 0.75:
            return rng.choice(sorted(aces))
        return rng.choice(sorted(lg))
    cur = trick_winner(cards, order, rs, last_trick)
    cur_card = dict(cards)[cur]
    winners = [c for c in lg
               if trick_winner(cards + [(seat, c)], order, rs, last_trick) == seat]
    is_last = len(cards) == 3
    def cheap(c):
        return (pts(c), order.power(c))
    if cur in partners:
        safe = is_last or (order.cat(cur_card) == "T" and order.strength(cur_card) <= 2) \
            or (order.cat(cur_card) != "T" and order.strength(cur_card) == 0
                and len(cards) >= 2)
        if safe:
            keep_high = [c for c in lg if not (order.cat(c) == "T" and order.strength(c) <= 3)]
            return max(keep_high or lg, key=lambda c: (pts(c), -order.power(c)))
        return min(lg, key=cheap)
    if winners:
        trick_pts = sum(pts(c) for _, c in cards)
        if is_last:
            return min(winners, key=lambda c: (order.power(c), pts(c)))
        if trick_pts >= 14 or rng.random() < 0.45:
            return max(winners, key=order.power)
        return min(winners, key=lambda c: (order.power(c), pts(c)))
    return min(lg, key=cheap)


def play(rng, g):
    """Play all tricks; returns [(cards [(seat, card)], winner)]."""
    hands = {s: list(h) for s, h in g["play_hands"].items()}
    leader = first_leader(g["rules"], g["kind"], g["dealer"], g.get("soloist"))
    tricks, led_fehl = [], set()
    for t in range(g["n"]):
        cards, seat = [], leader
        for _ in range(4):
            c = choose_card(rng, g, seat, hands[seat], cards, tricks, led_fehl)
            hands[seat].remove(c)
            cards.append((seat, c))
            seat = left(seat)
        if g["order"].cat(cards[0][1]) != "T":
            led_fehl.add(suit(cards[0][1]))
        w = trick_winner(cards, g["order"], g["rules"], t == g["n"] - 1)
        tricks.append((cards, w))
        leader = w
    return tricks


# ---------------------------------------------------------------- dealing

def wsample(rng, pool, k, weight):
    pool, out = list(pool), []
    for _ in range(k):
        c = rng.choices(pool, [weight(x) for x in pool])[0]
        pool.remove(c)
        out.append(c)
    return out, pool


def deal(rng, rs, special=None):
    """Random deal; special = {seat: (forced cards, weight function)}."""
    nines = SETS[rs]["nines"]
    deck = make_deck(nines)
    n = len(deck) // 4
    hands = {}
    special = special or {}
    for s in sorted(special):
        forced, weight = special[s]
        for c in forced:
            deck.remove(c)
        got, deck = wsample(rng, deck, n - len(forced), weight or (lambda c: 1))
        hands[s] = list(forced) + got
    rng.shuffle(deck)
    for s in range(1, 5):
        if s not in hands:
            hands[s], deck = deck[:n], deck[n:]
    assert not deck
    return hands, n


def deal_ok(rs, hands, kind):
    """Reject deals that would bring in rules the samples leave out."""
    for s, h in hands.items():
        if kind != "marriage" and h.count("CQ") == 2 and kind not in SOLO_KINDS:
            return False     # would be a silent marriage (a silent solo)
        if rs in ("unsere-2024", "esslingen-2002") and h.count("DA") == 2:
            return False     # swine
        if rs == "esslingen-2002" and sum(1 for c in h if rank(c) == "K") >= 5:
            return False     # five kings: throw-in
        if kind in ("normal", "marriage") and SETS[rs]["poverty"]:
            # a hand that could claim a poverty (unsere: 3 trumps + Fuchs
            # too) stays out of the samples, though saying gesund is allowed
            tc = trump_count(h)
            if tc <= 3 or (rs == "unsere-2024" and tc - h.count("DA") <= 3):
                return False
    return True


def solo_weight(kind):
    order = Order(kind, True)
    if kind == "fleischlos":
        return lambda c: {"A": 6, "10": 3}.get(rank(c), 0.7)
    # about two thirds of the soloist's hand trumps, whatever their number
    tw = {"queens": 6, "jacks": 6, "kings": 6, "queens-jacks": 3, "kings-jacks": 3,
          "kings-queens": 3, "koehler": 1.8, "trumps": 2}.get(
        kind, 3.5 if kind.startswith("pure-") else 2)
    def w(c):
        if c in order.trank:
            return tw
        if rank(c) == "A":
            return 2.5
        return 0.6
    return w


# ---------------------------------------------------------------- games

def healthy_round(dealer, reserve=None):
    out, s = [], left(dealer)
    for _ in range(4):
        out.append(("reservation" if s == reserve else "healthy", {"seat": s}, None))
        s = left(s)
    return out


def new_game(rs, kind, dealer, hands, n, **kw):
    g = dict(rules=rs, kind=kind, dealer=dealer, dealt=hands, n=n,
             play_hands=hands, order=Order(kind, SETS[rs]["nines"]),
             bidding=[], announce=[])
    g.update(kw)
    return g


def card_index(g, tricks, seat, k):
    """Position (trick, index in trick) of seat's k-th card (1-based)."""
    m = 0
    for t, (cards, _) in enumerate(tricks):
        for i, (s, _) in enumerate(cards):
            if s == seat:
                m += 1
                if m == k:
                    return t, i
    raise AssertionError


def finish(g, tricks):
    """Turn tricks and planned announcements into events; evaluate."""
    g["tricks"] = tricks
    events = [[("card", s, c) for s, c in cards] for cards, _ in tricks]
    # announcements: (seat, call, k) = said just before seat's k-th card
    inserts = sorted(((card_index(g, tricks, s, k), s, call)
                      for s, call, k in g["announce"]), key=lambda x: x[0])
    for (t, i), s, call in reversed(inserts):
        events[t].insert(i, ("announce", s, call))
    g["events"] = events
    calls, first = announcement_calls(g, events)
    g["result"] = evaluate(g, tricks, calls, first)
    return g


def announcement_calls(g, events):
    party, _ = resolve_parties(g, g["tricks"])
    calls = {"re": set(), "kontra": set()}
    first = None
    for ev in (e for t in events for e in t):
        if ev[0] == "announce":
            p = party[ev[1]]
            calls[p].add(ev[2])
            if first is None and ev[2] in ("re", "kontra"):
                first = p
    return calls, first


def search(name, attempt_fn, limit=20000):
    """Try seeds name:0, name:1, ... until attempt_fn returns a game."""
    for i in range(limit):
        rng = random.Random("%s:%d" % (name, i))
        g = attempt_fn(rng)
        if g is not None:
            g["seed"] = "%s:%d" % (name, i)
            return g
    raise SystemExit("no seed found for " + name)


def try_normal(rs, dealer, rng, announce=None, want=None):
    hands, n = deal(rng, rs)
    if not deal_ok(rs, hands, "normal"):
        return None
    g = new_game(rs, "normal", dealer, hands, n)
    g["bidding"] = healthy_round(dealer)
    tricks = play(rng, g)
    g["tricks"] = tricks
    if announce:
        plan = announce(g, tricks)
        if plan is None:
            return None
        g["announce"] = plan
    try:
        finish(g, tricks)
    except AssertionError:
        return None
    if want and not want(g):
        return None
    return g


def party_seats(g, p):
    party, _ = resolve_parties(g, g["tricks"])
    return sorted(s for s in party if party[s] == p)


def party_points(g, tricks, p):
    party, _ = resolve_parties(g, tricks)
    return sum(pts(c) for cards, w in tricks if party[w] == p for _, c in cards)


def announce_first_card(p, call, extra=()):
    """Plan: a player of party p says call before his first card, if p wins."""
    def plan(g, tricks):
        if party_points(g, tricks, "re") in (120,):
            return None
        winner = "re" if party_points(g, tricks, "re") > 120 else "kontra"
        if winner != p:
            return None
        seats = party_seats(g, p)
        # the one of the party who plays first in trick 1 says it
        first = next(s for s, _ in tricks[0][0] if s in seats)
        return [(first, call, 1)] + [(first, c, k) for c, k in extra]
    return plan


def try_marriage(rs, dealer, bride, condition, rng, want=None):
    hands, n = deal(rng, rs, {bride: (["CQ", "CQ"], None)})
    if not deal_ok(rs, hands, "marriage"):
        return None
    g = new_game(rs, "marriage", dealer, hands, n, bride=bride,
                 condition=condition)
    g["bidding"] = healthy_round(dealer, bride) + \
        [("marriage", {"seat": bride, "condition": condition}, None)]
    try:
        tricks = play(rng, g)
        finish(g, tricks)
    except AssertionError:
        return None
    if want and not want(g):
        return None
    return g


def try_solo(rs, kind, dealer, soloist, rng, announce=None, want=None):
    hands, n = deal(rng, rs, {soloist: ([], solo_weight(kind))})
    if not deal_ok(rs, hands, kind):
        return None
    g = new_game(rs, kind, dealer, hands, n, soloist=soloist)
    g["bidding"] = healthy_round(dealer, soloist) + \
        [("solo", {"seat": soloist, "kind": kind}, None)]
    tricks = play(rng, g)
    g["tricks"] = tricks
    if announce:
        plan = announce(g, tricks)
        if plan is None:
            return None
        g["announce"] = plan
    try:
        finish(g, tricks)
    except AssertionError:
        return None
    if want and not want(g):
        return None
    return g


NUMBER_WORDS = ["kein", "ein", "zwei", "drei"]


def try_poverty_turnier(dealer, poor, rng):
    """turnier-2022 Trumpfabgabe: poor passes its trumps (2 or 3), the next
    player declines, the one after accepts and gives back as many cards,
    fehl first, and says how many trumps came back."""
    rs = "turnier-2022"
    taker = left(left(poor))
    hands, n = deal(rng, rs, {
        poor: ([], lambda c: 0.12 if c in NORMAL_TRUMPS else 1.0),
        taker: ([], lambda c: 3.0 if c in NORMAL_TRUMPS else 1.0)})
    if not deal_ok(rs, hands, "poverty"):
        return None
    tc = {s: trump_count(h) for s, h in hands.items()}
    if tc[poor] not in (2, 3):
        return None
    if any(tc[s] <= 3 for s in hands if s != poor):
        return None        # a second poverty would mean a redeal
    if tc[taker] < 6 or tc[left(poor)] > 5:
        return None        # make the decline and the acceptance plausible
    passed = [c for c in hands[poor] if c in NORMAL_TRUMPS]
    after = hands[taker] + passed
    fehl = sorted((c for c in after if c not in NORMAL_TRUMPS),
                  key=lambda c: (pts(c), c))
    k = len(passed)
    back = fehl[:k]
    if len(back) < k:
        back += sorted((c for c in after if c in NORMAL_TRUMPS),
                       key=lambda c: -NORMAL_TRUMPS.index(c))[:k - len(back)]
    tback = sum(1 for c in back if c in NORMAL_TRUMPS)
    play_hands = dict(hands)
    play_hands[poor] = [c for c in hands[poor] if c not in NORMAL_TRUMPS] + back
    rest = list(after)
    for c in back:
        rest.remove(c)
    play_hands[taker] = rest
    g = new_game(rs, "poverty", dealer, hands, n, poor=poor, taker=taker)
    g["play_hands"] = play_hands
    order = g["order"]
    g["bidding"] = healthy_round(dealer, poor) + [
        ("poverty", {"seat": poor}, None),
        ("poverty-pass", {"seat": poor}, " ".join(order.sort(passed))),
        ("poverty-decline", {"seat": left(poor)}, None),
        ("poverty-accept", {"seat": taker}, None),
        ("poverty-return", {"seat": taker}, " ".join(back)),
        ("poverty-report", {"seat": taker, "trumps": str(tback)},
         "%s Trumpf zurück" % NUMBER_WORDS[tback])]
    try:
        tricks = play(rng, g)
        finish(g, tricks)
    except AssertionError:
        return None
    return g


# ---------------------------------------------------------------- writing

NAMES = [
    ["Anna", "Ben", "Clara", "David"], ["Emil", "Frieda", "Gustav", "Hanna"],
    ["Ida", "Jonas", "Karla", "Lukas"], ["Marie", "Nils", "Olga", "Paul"],
    ["Quirin", "Rosa", "Stefan", "Tanja"], ["Ulrike", "Viktor", "Wiebke", "Xaver"],
    ["Yvonne", "Zeno", "Agnes", "Bruno"], ["Carla", "Dieter", "Elke", "Felix"],
    ["Greta", "Heinz", "Inge", "Jakob"], ["Jutta", "Klaus", "Lena", "Moritz"],
    ["Nora", "Otto", "Petra", "Rainer"], ["Sabine", "Thomas", "Ute", "Volker"],
    ["Waltraud", "Werner", "Beate", "Christian"], ["Doris", "Erik", "Fiona", "Georg"],
    ["Helga", "Ingo", "Julia", "Kurt"], ["Lisa", "Malte", "Nadine", "Oskar"],
    ["Pia", "Ralf", "Svenja", "Tim"], ["Uwe", "Vera", "Wilhelm", "Zoe"],
    ["Antje", "Bernd", "Carola", "Detlef"], ["Edith", "Frank", "Gisela", "Hans"],
    ["Irene", "Jörg", "Kerstin", "Lothar"], ["Monika", "Norbert", "Ottilie", "Peter"],
]


def fmt_canonical(c):
    return c


def fmt_mixed():
    """Card writer for notation-german.xml: cycles through the notations."""
    state = {"i": 0}

    def f(c):
        i = state["i"]
        state["i"] += 1
        form = i % 4
        if form == 0:                       # symbol + German rank: ♣D ♥10
            return SUIT_SYM[suit(c)] + RANK_GER[rank(c)]
        if form == 1:                       # German letters: KrD PiB He10 KaA
            return SUIT_GER[suit(c)] + RANK_GER[rank(c)]
        if form == 2:                       # English ASCII: CQ SJ H10 DA
            return c
        return SUIT_SYM[suit(c)] + rank(c)  # symbol + English rank: ♠Q ♦J
    return f


def attrs(d):
    return "".join(" %s=%s" % (k, quoteattr(str(v))) for k, v in d.items())


def who(g, s):
    return "%s (seat %d)" % (g["names"][s - 1], s)


def game_xml(g, ind, cardf, with_players=True, number=None, meta=None,
             totals=None):
    i1, i2, i3 = ind + "  ", ind + "    ", ind + "      "
    a = {}
    if number is not None:
        a["number"] = number
    a.update(meta or {})
    out = [ind + "<game%s>" % attrs(a)]
    for note in g.get("notes", []):
        out.append(i1 + "<note>%s</note>" % escape(note))
    if with_players:
        if g.get("overrides"):
            out.append(i1 + '<rules name="%s">' % g["rules"])
            for key, value in g["overrides"]:
                out.append(i2 + '<set key="%s" value="%s"/>' % (key, value))
            out.append(i1 + "</rules>")
        else:
            out.append(i1 + '<rules name="%s"/>' % g["rules"])
        out.append(i1 + "<players>")
        for s in range(1, 5):
            out.append(i2 + '<player seat="%d" name=%s/>' % (s, quoteattr(g["names"][s - 1])))
        out.append(i1 + "</players>")
    out.append(i1 + '<deal dealer="%d">' % g["dealer"])
    deal_order = g["order"] if g["kind"] != "poverty" else Order("normal", False)
    for s in range(1, 5):
        out.append(i2 + '<hand seat="%d">%s</hand>' % (
            s, " ".join(cardf(c) for c in deal_order.sort(g["dealt"][s]))))
    out.append(i1 + "</deal>")
    out.append(i1 + "<bidding>")
    for tag, at, text in g["bidding"]:
        if text is None:
            out.append(i2 + "<%s%s/>" % (tag, attrs(at)))
        else:
            if tag in ("poverty-pass", "poverty-return"):
                text = " ".join(cardf(c) for c in text.split())
            out.append(i2 + "<%s%s>%s</%s>" % (tag, attrs(at), escape(text), tag))
    out.append(i1 + "</bidding>")
    out.append(i1 + "<play>")
    for t in g["events"]:
        out.append(i2 + "<trick>")
        for ev in t:
            if ev[0] == "card":
                out.append(i3 + '<card seat="%d">%s</card>' % (ev[1], cardf(ev[2])))
            else:
                out.append(i3 + '<announce seat="%d" call="%s"/>' % (ev[1], ev[2]))
        out.append(i2 + "</trick>")
    out.append(i1 + "</play>")
    r = g["result"]
    out.append(i1 + '<recorded winner="%s" re="%d" kontra="%d">' % (
        r["winner"], r["re"], r["kontra"]))
    if not g.get("no_score"):
        for s in range(1, 5):
            out.append(i2 + '<score seat="%d" points="%d"/>' % (s, r["scores"][s]))
    if totals:
        for s in range(1, 5):
            out.append(i2 + '<total seat="%d" points="%d"/>' % (s, totals[s]))
    out.append(i1 + "</recorded>")
    out.append(ind + "</game>")
    return out


def comment_block(text):
    assert "--" not in text and not text.endswith("-")
    lines = []
    for para in text.strip().split("\n\n"):
        words, line = para.split(), "  "
        for w in words:
            if len(line) + len(w) + 1 > 78 and line.strip():
                lines.append(line.rstrip())
                line = "  "
            line += w + " "
        lines.append(line.rstrip())
        lines.append("")
    return "<!--\n" + "\n".join(lines[:-1]) + "\n-->"


def write_file(name, comment, body):
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + comment_block(comment) + \
        '\n<dokoref version="1">\n' + "\n".join(body) + "\n</dokoref>\n"
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(text)


def score_text(g):
    r = g["result"]
    parts = ["%s %+d" % (g["names"][s - 1], r["scores"][s]) for s in range(1, 5)]
    return ", ".join(parts)


def breakdown(g):
    r = g["result"]
    its = []
    for t, v in r["items"]:
        its.append("%s (%+d)" % (t, v) if v else t)
    return "Value %d for the winners: %s." % (r["value"], "; ".join(its))


def trick_note(g):
    r = g["result"]
    parts = []
    for i, (cards, w) in enumerate(g["tricks"]):
        parts.append("%d %s %d" % (i + 1, g["names"][w - 1],
                                   sum(pts(c) for _, c in cards)))
    return "Tricks (number, winner, card points): " + "; ".join(parts) + "."


def standard_notes(g, extra=()):
    g["notes"] = list(extra) + [trick_note(g), breakdown(g)]


def roles_text(g):
    r = g["result"]
    re = [who(g, s) for s in range(1, 5) if r["party"][s] == "re"]
    ko = [who(g, s) for s in range(1, 5) if r["party"][s] == "kontra"]
    return "Re: %s. Kontra: %s." % (" and ".join(re), ", ".join(ko))


def result_text(g):
    r = g["result"]
    if r["winner"] == "re":
        head = "Re wins with %d to %d card points" % (r["re"], r["kontra"])
    else:
        head = "Kontra wins with %d to %d card points" % (r["kontra"], r["re"])
    return "%s; scores: %s." % (head, score_text(g))


def announce_text(g):
    """Each announcement with where it was said and why it is in time."""
    out, total, own = [], 0, {1: 0, 2: 0, 3: 0, 4: 0}
    n = g["n"]
    for t, ev_list in enumerate(g["events"]):
        for ev in ev_list:
            if ev[0] == "card":
                total += 1
                own[ev[1]] += 1
                continue
            s, call = ev[1], ev[2]
            if g["rules"] == "ddv":
                lv = 0 if call in ("re", "kontra") else LIMITS.index(call) + 1
                why = "holding %d cards, at least %d needed" % (n - own[s], n - 1 - lv)
            elif g["rules"] == "esslingen-2002":
                why = "with own card %d, at the latest with the 2nd" % (own[s] + 1)
            else:
                why = "after %d card%s of the game, at most 5 allowed" % (
                    total, "" if total == 1 else "s")
            out.append('%s says "%s" in trick %d just before playing (%s)'
                       % (who(g, s), call, t + 1, why))
    return out


# ---------------------------------------------------------------- checker

class Bad(Exception):
    pass


def need(cond, msg):
    if not cond:
        raise Bad(msg)


def check_game(path, ge, rules_el, players_el):
    """Replay one <game>; return the computed scores per seat."""
    where = "%s game %s" % (os.path.basename(path), ge.get("number", "?"))
    rel = ge.find("rules") if ge.find("rules") is not None else rules_el
    pel = ge.find("players") if ge.find("players") is not None else players_el
    need(rel is not None and rel.get("name") in SETS, where + ": rule set")
    rs = rel.get("name")
    sets = {e.get("key"): e.get("value") for e in rel.findall("set")}
    need(set(sets) <= {"solo.kinds", "marriage.conditions"},
         where + ": only solo.kinds and marriage.conditions are overridden")

    def names(v):
        need(v.startswith("[") and v.endswith("]"), where + ": a list")
        return {x.strip() for x in v[1:-1].split(",") if x.strip()}
    need(pel is not None and sorted(int(p.get("seat")) for p in pel) == [1, 2, 3, 4],
         where + ": players")
    nines = SETS[rs]["nines"]
    n = 12 if nines else 10

    de = ge.find("deal")
    dealer = int(de.get("dealer"))
    dealt = {}
    for h in de.findall("hand"):
        dealt[int(h.get("seat"))] = [parse_card(t) for t in (h.text or "").split()]
    need(sorted(dealt) == [1, 2, 3, 4], where + ": four hands")
    deck = make_deck(nines)
    for s, h in dealt.items():
        need(len(h) == n, where + ": hand %d has %d cards" % (s, len(h)))
    allc = sorted(c for h in dealt.values() for c in h)
    need(allc == sorted(deck), where + ": not a valid deck (each card twice)")

    # ---- game finding
    bids = [(b.tag, b) for b in ge.find("bidding")]
    need(len(bids) >= 4, where + ": every player asked")
    s = left(dealer)
    reserve = []
    for k in range(4):
        tag, b = bids[k]
        need(tag in ("healthy", "reservation") and int(b.get("seat")) == s,
             where + ": asked in order from the dealer's left")
        if tag == "reservation":
            reserve.append(s)
        s = left(s)
    rest = bids[4:]
    g = dict(rules=rs, dealer=dealer, dealt=dealt, n=n, play_hands=dealt)
    if not rest:
        need(not reserve, where + ": reservation never named")
        kind = "normal"
        for s2, h in dealt.items():
            need(h.count("CQ") < 2, where + ": silent marriage not expected")
    else:
        tag, b = rest[0]
        need(len(reserve) == 1 and int(b.get("seat")) == reserve[0],
             where + ": the reservation named by its holder")
        holder = reserve[0]
        if tag == "solo":
            kind = b.get("kind")
            solos = names(sets["solo.kinds"]) if "solo.kinds" in sets else SETS[rs]["solos"]
            need(kind in solos, where + ": %s solo not in %s" % (kind, rs))
            need(len(rest) == 1, where + ": solo bidding")
            g["soloist"] = holder
        elif tag == "marriage":
            kind = "marriage"
            need(dealt[holder].count("CQ") == 2, where + ": marriage without both CQ")
            cond = b.get("condition")
            allowed = {"ddv": {"first-trick"}, "esslingen-2002": {"first-trick"},
                       "turnier-2022": {"first-fehl-trick"},
                       "unsere-2024": {"first-fehl-trick", "first-trump-trick"}}
            conds = allowed[rs]
            if "marriage.conditions" in sets:
                conds = names(sets["marriage.conditions"])
            need(cond in conds, where + ": marriage condition")
            need(len(rest) == 1, where + ": marriage bidding")
            g.update(bride=holder, condition=cond)
        elif tag == "poverty":
            kind = "poverty"
            need(rs == "turnier-2022", where + ": only the turnier poverty is checked")
            g.update(poor=holder)
            check_poverty_turnier(where, g, rest)
        else:
            raise Bad(where + ": unexpected " + tag)
    g["kind"] = kind
    g["order"] = order = Order(kind, nines)
    if kind in NORMAL_LIKE:
        for s2, h in g["play_hands"].items():
            if rs in ("unsere-2024", "esslingen-2002"):
                need(h.count("DA") < 2, where + ": swine not handled")

    # ---- play
    hands = {s2: list(h) for s2, h in g["play_hands"].items()}
    leader = first_leader(rs, kind, dealer, g.get("soloist"))
    tricks, events = [], []
    played_total, played_by = 0, {1: 0, 2: 0, 3: 0, 4: 0}
    calls = {"re": set(), "kontra": set()}
    first_caller = None
    opposing_said = False
    tes = ge.find("play").findall("trick")
    need(len(tes) == n, where + ": %d tricks" % n)
    for t, te in enumerate(tes):
        cards = []
        expect = leader
        for ev in te:
            if ev.tag == "card":
                s2 = int(ev.get("seat"))
                c = parse_card(ev.text.strip())
                need(s2 == expect, where + ": trick %d: seat %d plays out of turn" % (t + 1, s2))
                need(c in hands[s2], where + ": trick %d: %s not in hand of %d" % (t + 1, c, s2))
                need(c in legal_cards(hands[s2], cards, order),
                     where + ": trick %d: seat %d revokes with %s" % (t + 1, s2, c))
                hands[s2].remove(c)
                cards.append((s2, c))
                played_total += 1
                played_by[s2] += 1
                expect = left(expect)
            elif ev.tag == "announce":
                s2, call = int(ev.get("seat")), ev.get("call")
                party, clar = resolve_parties(g, tricks)
                p = party[s2]
                need(p is not None, where + ": seat %d announces before its party is known" % s2)
                if kind == "marriage":
                    need(clar is not None and len(tricks) >= clar,
                         where + ": announcement before the clarifying trick")
                check_deadline(where, rs, kind, n, call, played_total,
                               played_by[s2], clar)
                if call == "re":
                    need(p == "re", where + ": 're' by a Kontra player")
                elif call == "kontra":
                    need(p == "kontra", where + ": 'kontra' by a Re player")
                else:
                    need(rs == "ddv", where + ": limits are only checked for ddv")
                    lv = LIMITS.index(call)
                    prev = ("re" if p == "re" else "kontra")
                    need(prev in calls[p] and all(x in calls[p] for x in LIMITS[:lv]),
                         where + ": limit without the lower announcements")
                need(call not in calls[p], where + ": said twice")
                if rs == "unsere-2024" and kind in SOLO_KINDS and call == "re":
                    need(opposing_said, where + ": soloist's Re before any Kontra")
                if p == "kontra":
                    opposing_said = True
                calls[p].add(call)
                if first_caller is None and call in ("re", "kontra"):
                    first_caller = p
            else:
                raise Bad(where + ": unexpected " + ev.tag)
        need(len(cards) == 4, where + ": trick %d has 4 cards" % (t + 1))
        w = trick_winner(cards, order, rs, t == n - 1)
        tricks.append((cards, w))
        leader = w
    need(all(not h for h in hands.values()), where + ": cards left in hand")
    g["tricks"] = tricks
    res = evaluate(g, tricks, calls, first_caller)

    if rs == "esslingen-2002":       # mandatory announcement (§3)
        c1, w1 = tricks[0]
        if sum(pts(c) for _, c in c1) >= 30:
            p1 = res["party"][w1]
            need(("re" if p1 == "re" else "kontra") in calls[p1],
                 where + ": mandatory announcement after >= 30 in trick 1 missing")

    rec = ge.find("recorded")
    need(rec is not None, where + ": recorded")
    need(rec.get("winner") == res["winner"], where + ": recorded winner")
    need(int(rec.get("re")) == res["re"] and int(rec.get("kontra")) == res["kontra"],
         where + ": recorded card points")
    sc = {int(e.get("seat")): int(e.get("points")) for e in rec.findall("score")}
    if sc:
        need(sc == res["scores"], where + ": recorded scores %r, computed %r"
             % (sc, res["scores"]))
    tot = {int(e.get("seat")): int(e.get("points")) for e in rec.findall("total")}
    return res, sc, tot


def check_deadline(where, rs, kind, n, call, played_total, own_played, clar):
    if rs == "ddv":
        shift = (clar - 1) if (kind == "marriage" and clar) else 0
        lv = 0 if call in ("re", "kontra") else LIMITS.index(call) + 1
        need(n - own_played >= n - 1 - lv - shift,
             where + ": '%s' too late (holds %d cards)" % (call, n - own_played))
    elif rs in ("turnier-2022", "unsere-2024"):
        need(call in ("re", "kontra"), where + ": only Re/Kontra are checked here")
        need(played_total <= 5, where + ": '%s' after the 5th card" % call)
    elif rs == "esslingen-2002":
        need(call in ("re", "kontra"), where + ": only Re/Kontra are checked here")
        need(own_played <= 1, where + ": '%s' after the own 2nd card" % call)
    else:
        raise Bad(where + ": no deadline rules for " + rs)


def check_poverty_turnier(where, g, rest):
    """RULES.md §7, turnier-2022: ≤ 3 trumps, passes its trumps only; asked
    in turn from the poor player on; the taker returns as many cards, fehl
    first, and says how many trumps came back."""
    poor, dealt = g["poor"], g["dealt"]
    tags = [t for t, _ in rest]
    need(tags[:2] == ["poverty", "poverty-pass"], where + ": poverty then pass")
    need(trump_count(dealt[poor]) <= 3, where + ": poverty with > 3 trumps")
    for s, h in dealt.items():
        if s != poor:
            need(trump_count(h) > 3, where + ": second poverty (redeal)")
    passed = [parse_card(t) for t in rest[1][1].text.split()]
    need(sorted(passed) == sorted(c for c in dealt[poor] if c in NORMAL_TRUMPS),
         where + ": must pass exactly its trumps")
    asked = left(poor)
    i = 2
    taker = None
    while i < len(rest):
        tag, b = rest[i]
        s = int(b.get("seat"))
        if tag == "poverty-decline":
            need(s == asked and s != poor, where + ": decline out of order")
            asked = left(asked)
        elif tag == "poverty-accept":
            need(s == asked and s != poor, where + ": accept out of order")
            taker = s
            i += 1
            break
        else:
            raise Bad(where + ": unexpected " + tag)
        i += 1
    need(taker is not None, where + ": nobody took (redeal)")
    need([t for t, _ in rest[i:]] == ["poverty-return", "poverty-report"],
         where + ": return and report")
    back = [parse_card(t) for t in rest[i][1].text.split()]
    need(int(rest[i][1].get("seat")) == taker, where + ": return by the taker")
    need(len(back) == len(passed), where + ": returns a different number")
    after = dealt[taker] + passed
    pool = list(after)
    for c in back:
        need(c in pool, where + ": returns a card it does not hold")
        pool.remove(c)
    fehl_held = sum(1 for c in after if c not in NORMAL_TRUMPS)
    fehl_back = sum(1 for c in back if c not in NORMAL_TRUMPS)
    need(fehl_back == min(len(back), fehl_held), where + ": trumps back before fehl")
    rep = rest[i + 1][1]
    need(int(rep.get("seat")) == taker and rep.get("trumps") is not None
         and int(rep.get("trumps")) == len(back) - fehl_back,
         where + ": report of the trumps returned")
    ph = dict(dealt)
    ph[poor] = [c for c in dealt[poor] if c not in NORMAL_TRUMPS] + back
    ph[taker] = pool
    g["play_hands"] = ph
    g["taker"] = taker


def check_file(path):
    raw = open(path, encoding="utf-8").read()
    head = raw.split("?>", 1)[1].lstrip() if raw.startswith("<?xml") else raw
    need(head.startswith("<!--"), path + ": no explaining comment before the root")
    root = ET.fromstring(raw.encode("utf-8"))
    need(root.tag == "dokoref" and root.get("version") == "1", path + ": root")
    results = []
    for el in root:
        if el.tag == "game":
            res, sc, tot = check_game(path, el, None, None)
            results.append(res)
        elif el.tag == "session":
            running = {1: 0, 2: 0, 3: 0, 4: 0}
            prev_dealer = None
            for ge in el.findall("game"):
                res, sc, tot = check_game(path, ge, el.find("rules"), el.find("players"))
                d = int(ge.find("deal").get("dealer"))
                if prev_dealer is not None:
                    need(d == left(prev_dealer), path + ": dealer moves one seat left")
                prev_dealer = d
                need(sc, path + ": session game without scores")
                for s in running:
                    running[s] += sc[s]
                need(tot == running, path + ": running totals %r, computed %r" % (tot, running))
                results.append(res)
        else:
            raise Bad(path + ": unexpected " + el.tag)
    return results


# ---------------------------------------------------------------- the samples

def names_for(i):
    return NAMES[i]


def sample_normal_ddv():
    def want(g):
        r = g["result"]
        return r["winner"] == "re" and r["specials"]["re"] + r["specials"]["kontra"]
    g = search("normal-ddv", lambda rng: try_normal(
        "ddv", 4, rng, announce=announce_first_card("re", "re"), want=want))
    g["names"] = names_for(0)
    ann = announce_text(g)
    standard_notes(g, ["Normal game under the DDV tournament rules; every "
                       "player says gesund."])
    comment = (
        "Normal game under ddv (48 cards with nines, 12 per hand). Dealer: %s; "
        "%s leads the first trick. %s %s. %s Special points are netted "
        "against each other and then against the game value (TSR 7.2.3)."
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), roles_text(g),
           "; ".join(ann), result_text(g)))
    return g, comment


def sample_normal_turnier():
    g = search("normal-turnier", lambda rng: try_normal(
        "turnier-2022", 2, rng, announce=announce_first_card("kontra", "kontra")))
    g["names"] = names_for(1)
    standard_notes(g, ["No nines (40 cards, 10 per hand); Kontra announced, "
                       "so the value is doubled before the special points "
                       "are added."])
    comment = (
        "Normal game under turnier-2022 (40 cards without nines, 10 per hand). "
        "Dealer: %s; %s leads. %s %s. "
        "The second ♥10 of a trick would beat the first. %s"
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), roles_text(g),
           "; ".join(announce_text(g)), result_text(g)))
    return g, comment


def sample_marriage_ddv():
    g = search("marriage-ddv", lambda rng: try_marriage(
        "ddv", 1, 3, "first-trick", rng,
        want=lambda g: g["result"]["clar"] >= 2))
    g["names"] = names_for(2)
    r = g["result"]
    partner = next(s for s in range(1, 5) if r["party"][s] == "re" and s != g["bride"])
    standard_notes(g, ["Announced marriage (Hochzeit): the first trick not "
                       "won by the bride decides the partner (TSR 4.4.3a). "
                       "Nobody announces; an announcement would only have "
                       "been allowed after the clarifying trick."])
    comment = (
        "Marriage under ddv (48 cards with nines). Dealer: %s; %s leads. %s "
        "holds both ♣D, says Vorbehalt and names a Hochzeit with the partner "
        "condition first-trick. %s wins trick %d, the first trick the bride "
        "does not win, and becomes her Re partner. %s %s"
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), who(g, g["bride"]),
           who(g, partner), r["clar"], roles_text(g), result_text(g)))
    return g, comment


def sample_marriage_unsere():
    g = search("marriage-unsere", lambda rng: try_marriage(
        "unsere-2024", 2, 1, "first-fehl-trick", rng))
    g["names"] = names_for(3)
    r = g["result"]
    partner = next(s for s in range(1, 5) if r["party"][s] == "re" and s != g["bride"])
    cards, _ = g["tricks"][r["clar"] - 1]
    standard_notes(g, ["Hochzeit with the condition 'erster Fehlstich': the "
                       "winner of the first trick led with a fehl card "
                       "becomes the partner, trumped or not."])
    comment = (
        "Marriage under unsere-2024 (40 cards, no nines). Dealer: %s; %s "
        "leads. %s holds both ♣D and names a Hochzeit with the condition "
        "first-fehl-trick. Trick %d is the first one led with a fehl card "
        "(%s by %s); %s wins it and becomes the Re partner. %s %s"
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), who(g, g["bride"]),
           r["clar"], sym(cards[0][1]), who(g, cards[0][0]), who(g, partner),
           roles_text(g), result_text(g)))
    return g, comment


def sample_poverty_turnier():
    g = search("poverty-turnier", lambda rng: try_poverty_turnier(3, 2, rng))
    g["names"] = names_for(4)
    poor, taker = g["poor"], g["taker"]
    passed = next(t for tag, _, t in g["bidding"] if tag == "poverty-pass")
    back = next(t for tag, _, t in g["bidding"] if tag == "poverty-return")
    tb = next(a["trumps"] for tag, a, _ in g["bidding"] if tag == "poverty-report")
    standard_notes(g, ["Trumpfabgabe (turnier-2022): the deal shows the hands "
                       "as dealt; the play uses the hands after the exchange. "
                       "The poor player and the taker are Re."])
    comment = (
        "Poverty (Trumpfabgabe) under turnier-2022 (40 cards). Dealer: %s. "
        "%s holds only %d trumps (at most 3 allowed), says Vorbehalt, names "
        "the poverty and passes exactly its trumps: %s. Asked in turn from "
        "the poor player on, %s declines and %s accepts and gives back the "
        "same number of cards, fehl first: %s. %s No Re was said to value "
        "the passed cards. %s leads. %s %s"
        % (who(g, g["dealer"]), who(g, poor), trump_count(g["dealt"][poor]),
           " ".join(sym(c) for c in passed.split()), who(g, left(poor)),
           who(g, taker), " ".join(sym(c) for c in back.split()),
           return_text(g, back.split(), int(tb)),
           who(g, left(g["dealer"])), roles_text(g), result_text(g)))
    return g, comment


def return_text(g, back, tb):
    if tb == 0:
        return 'All are fehl cards, and the taker says "kein Trumpf zurück".'
    held = sum(1 for c in g["dealt"][g["taker"]] if c not in NORMAL_TRUMPS)
    return ("The taker held only %d fehl cards, so %d trump%s had to go "
            "back as well (%s), and the taker says \"%s Trumpf zurück\"."
            % (held, tb, "" if tb == 1 else "s", " ".join(sym(c) for c in back if c in NORMAL_TRUMPS),
               NUMBER_WORDS[tb]))


SOLO_TEXT = {
    "queens": "Damensolo (queens solo: the four queens are the only trumps; "
              "the ♥10 is a plain heart)",
    "jacks": "Bubensolo (jacks solo: the four jacks are the only trumps)",
    "clubs": "dirty Farbsolo in ♣ (♥10, queens, jacks, then ♣A ♣10 ♣K ♣9)",
    "spades": "dirty Farbsolo in ♠ (♥10, queens, jacks, then ♠A ♠10 ♠K ♠9)",
    "hearts": "dirty Farbsolo in ♥ (♥10 stays top trump, then queens, jacks, "
              "♥A ♥K ♥9: two trumps fewer)",
    "diamonds": "dirty Farbsolo in ♦ (the normal game's trumps)",
    "fleischlos": "Fleischlos (no trumps; each suit A 10 K D B%s)",
    "trumps": "Trumpfsolo (the normal game's trumps, one player alone)",
    "pure-clubs": "reines Farbsolo in ♣ (only clubs are trump: A 10 K D B)",
    "pure-spades": "reines Farbsolo in ♠ (only spades are trump: A 10 K D B)",
    "pure-hearts": "reines Farbsolo in ♥ (only hearts are trump: A 10 K D B; "
                   "the ♥10 ranks below the ♥A)",
    "pure-diamonds": "reines Farbsolo in ♦ (only diamonds are trump: A 10 K D B)",
    "koehler": "Köhler (kings, then queens, then jacks are trumps, each in "
               "the order ♣ ♠ ♥ ♦; the fehl suits have only A and 10)",
    "kings": "Königssolo (king solo: the four kings are the only trumps, "
             "♣ ♠ ♥ ♦; the ♥10 is a plain heart; fehl A 10 D B 9)",
    "queens-jacks": "Damen-Buben-Solo (the queens, then the jacks are trumps, "
                    "each ♣ ♠ ♥ ♦; fehl A 10 K 9)",
    "kings-jacks": "Königs-Buben-Solo (the kings, then the jacks are trumps, "
                   "each ♣ ♠ ♥ ♦; fehl A 10 D 9)",
    "kings-queens": "Königs-Damen-Solo (the kings, then the queens are trumps, "
                    "each ♣ ♠ ♥ ♦; fehl A 10 B 9)",
}


def sample_solo(rs, kind, idx, dealer, soloist, announce=None, want=None,
                extra_note=None):
    name = "solo-%s-%s" % (kind, rs)
    g = search(name, lambda rng: try_solo(rs, kind, dealer, soloist, rng,
                                          announce=announce, want=want))
    g["names"] = names_for(idx)
    desc = SOLO_TEXT[kind]
    if kind == "fleischlos":
        desc = desc % (" 9" if SETS[rs]["nines"] else "")
    leader = first_leader(rs, kind, dealer, soloist)
    lead_why = {
        "ddv": "played as a Lustsolo, so the player left of the dealer leads",
        "turnier-2022": "in turnier-2022 the player left of the dealer always leads",
        "unsere-2024": "in unsere-2024 the soloist leads",
        "esslingen-2002": "in esslingen-2002 the soloist leads",
    }[rs]
    ann = announce_text(g)
    notes = ["%s; the soloist plays alone as Re, scored x3 (no special points)."
             % (desc[0].upper() + desc[1:])]
    if extra_note:
        notes.append(extra_note(g))
    standard_notes(g, notes)
    deck = "48 cards with nines" if SETS[rs]["nines"] else "40 cards without nines"
    comment = (
        "Solo under %s (%s): %s. Dealer: %s. %s says Vorbehalt and names the "
        "solo; %s; %s leads. %s%s %s"
        % (rs, deck, desc, who(g, dealer), who(g, soloist), lead_why,
           who(g, leader), roles_text(g),
           (" " + "; ".join(ann) + ".") if ann else " Nobody announces.",
           result_text(g)))
    if extra_note:
        comment += " " + extra_note(g)
    return g, comment


def sample_freedoko_solo(kind, idx, dealer, soloist, want):
    """A picture solo of FreeDoko's under ddv with solo.kinds overridden."""
    g, comment = sample_solo("ddv", kind, idx, dealer, soloist, want=want)
    g["overrides"] = [("solo.kinds", FREEDOKO_SOLOS)]
    comment = comment.replace(
        "Solo under ddv (48 cards with nines)",
        "Solo under ddv (48 cards with nines), the record allowing FreeDoko's "
        "picture solos too (<set key=\"solo.kinds\"/>: no house rule set "
        "has them; FreeDoko's \"solo king\", \"solo queen jack\", \"solo "
        "king jack\", \"solo king queen\")", 1)
    return g, comment


def sample_marriage_single_colour(cond, idx, dealer, bride):
    """A marriage under ddv with FreeDoko's single-colour selector: the
    first trick is a fehl trick of another suit that someone else wins, so
    that only the condition's own suit decides."""
    colour = SINGLE_COLOUR[cond]

    def want(g):
        cards, w = g["tricks"][0]
        led = g["order"].cat(cards[0][1])
        return g["result"]["clar"] >= 2 and led not in ("T", colour) and w != bride
    g = search("marriage-%s-ddv" % cond, lambda rng: try_marriage(
        "ddv", dealer, bride, cond, rng, want=want))
    g["overrides"] = [("marriage.conditions", FREEDOKO_CONDITIONS)]
    g["names"] = names_for(idx)
    r = g["result"]
    partner = next(s for s in range(1, 5) if r["party"][s] == "re" and s != bride)
    first, w1 = g["tricks"][0]
    deciding, _ = g["tricks"][r["clar"] - 1]
    suit_word = {"C": "♣", "S": "♠", "H": "♥"}[colour]
    standard_notes(g, ["Hochzeit with FreeDoko's selector 'first %s': the "
                       "winner of the first trick led with a fehl %s becomes "
                       "the partner, trumped or not; the ♣D, ♣B and ♥10 "
                       "are trumps, not ♣ or ♥." % (SUIT_NAME[colour][:-1],
                                                     suit_word)])
    comment = (
        "Marriage under ddv (48 cards with nines), the record allowing "
        "FreeDoko's single-colour partner conditions (<set "
        "key=\"marriage.conditions\"/>: no house rule set has them; "
        "FreeDoko's \"marriage first single color\"). Dealer: %s; %s leads. "
        "%s holds both ♣D, says Vorbehalt and names a Hochzeit with the "
        "condition %s. Trick 1 is led with %s and won by %s, which decides "
        "nothing: it is no %s trick. Trick %d is the first one led with a "
        "fehl %s (%s by %s); %s wins it and becomes the Re partner. %s %s"
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), who(g, bride), cond,
           sym(first[0][1]), who(g, w1), suit_word, r["clar"], suit_word,
           sym(deciding[0][1]), who(g, deciding[0][0]), who(g, partner),
           roles_text(g), result_text(g)))
    return g, comment


def soloist_wins(g):
    return g["result"]["winner"] == "re"


def esslingen_mandatory(g, tricks):
    """Esslingen: a party winning >= 30 in trick 1 must announce; here the
    soloist wins it and says 're' before his second card."""
    c1, w1 = tricks[0]
    if sum(pts(c) for _, c in c1) < 30 or w1 != g["soloist"]:
        return None
    if party_points(g, tricks, "re") <= 120:
        return None
    return [(g["soloist"], "re", 2)]


def sample_heart10():
    def want(g):
        for i, (cards, w) in enumerate(g["tricks"]):
            h = [s for s, c in cards if c == "H10"]
            if len(h) == 2:
                r = g["result"]
                return w == h[1] and r["party"][h[0]] != r["party"][h[1]]
        return False
    g = search("heart10-unsere", lambda rng: try_normal("unsere-2024", 3, rng, want=want))
    g["names"] = names_for(19)
    for i, (cards, w) in enumerate(g["tricks"]):
        h = [s for s, c in cards if c == "H10"]
        if len(h) == 2:
            t, first, second = i + 1, h[0], h[1]
    standard_notes(g, ["Both ♥10 fall in trick %d; under unsere-2024 the "
                       "second ♥10 beats the first (always, the last trick "
                       "included)." % t])
    r = g["result"]
    comment = (
        "Tie of the two ♥10 under unsere-2024 (normal game, 40 cards). Dealer: "
        "%s; %s leads. %s In trick %d %s, a %s player, plays the first ♥10 "
        "and %s, a %s player, the second; the second ♥10 wins the trick "
        "(\"bei Herz 10 sticht immer die zweite\"), where under ddv the first "
        "would have won. %s"
        % (who(g, g["dealer"]), who(g, left(g["dealer"])), roles_text(g), t,
           who(g, first), r["party"][first].capitalize(), who(g, second),
           r["party"][second].capitalize(), result_text(g)))
    return g, comment


def sample_session():
    rs = "unsere-2024"
    names = names_for(20)
    plans = [
        ("normal Re", lambda d: lambda rng: try_normal(
            rs, d, rng, announce=announce_first_card("re", "re"))),
        ("normal", lambda d: lambda rng: try_normal(rs, d, rng)),
        ("marriage", lambda d: lambda rng: try_marriage(
            rs, d, left(left(d)), "first-trump-trick", rng)),
        ("queens solo", lambda d: lambda rng: try_solo(
            rs, "queens", d, left(left(d)), rng, want=soloist_wins)),
        ("normal Kontra", lambda d: lambda rng: try_normal(
            rs, d, rng, announce=announce_first_card("kontra", "kontra"))),
        ("normal", lambda d: lambda rng: try_normal(rs, d, rng)),
    ]
    games, totals = [], {1: 0, 2: 0, 3: 0, 4: 0}
    dealer = 1
    for k, (label, mk) in enumerate(plans, 1):
        g = search("session-unsere-%d" % k, mk(dealer))
        g["names"] = names
        r = g["result"]
        for s in totals:
            totals[s] += r["scores"][s]
        g["totals"] = dict(totals)
        extra = []
        if g["kind"] == "marriage":
            p = next(s for s in range(1, 5) if r["party"][s] == "re" and s != g["bride"])
            extra.append("Hochzeit of %s, condition first-trump-trick: trick %d "
                         "is the first led with a trump; %s wins it and is "
                         "the partner." % (who(g, g["bride"]), r["clar"], who(g, p)))
        if g["kind"] == "queens":
            extra.append("Damensolo of %s, who leads (unsere-2024); no special "
                         "points, x3 for the soloist." % who(g, g["soloist"]))
        for a in announce_text(g):
            extra.append(a + ".")
        standard_notes(g, extra)
        games.append(g)
        dealer = left(dealer)
    return games, totals


def main():
    self_test_orders()
    self_test_scoring()
    if "--check" not in sys.argv:
        os.makedirs(OUT, exist_ok=True)
        build_all()
    ok = 0
    for f in sorted(os.listdir(OUT)):
        if f.endswith(".xml"):
            check_file(os.path.join(OUT, f))
            ok += 1
    print("checked %d sample files: all legal, all results recomputed" % ok)


def single(name, g, comment, cardf=fmt_canonical, meta=None):
    body = game_xml(g, "  ", cardf, meta=meta)
    write_file(name, comment, body)
    # the generator's own view must match what the checker reads back
    res = check_file(os.path.join(OUT, name))[0]
    assert res["scores"] == g["result"]["scores"], name
    print("wrote samples/%s (seed %s)" % (name, g["seed"]))


def canonical_cards(name):
    """Every card of a file in document order, read into canonical codes."""
    root = ET.parse(os.path.join(OUT, name)).getroot()
    out = []
    for el in root.iter():
        if el.tag == "card":
            out.append(parse_card(el.text.strip()))
        elif el.tag in ("hand", "poverty-pass", "poverty-return"):
            out += [parse_card(t) for t in (el.text or "").split()]
    return out


def build_all():
    g, c = sample_normal_ddv()
    single("normal-ddv.xml", g, c,
           meta={"event": "Vereinsabend", "place": "Bielefeld", "date": "2026-03-14"})
    # the same game, cards written in the German and mixed notations
    gc = ("The same game as normal-ddv.xml (same players, deal, play and "
          "result), with every card written in one of the accepted notations "
          "in turn: suit symbol with German rank (♣D = queen of clubs, ♠B = "
          "jack of spades, ♥10, ♦A), German suit letters Kr Pi He Ka with "
          "German rank (KrD, PiB, He10, KaA), English ASCII (CQ, SJ, H10, DA) "
          "and a suit symbol with English rank (♠Q, ♦J). After a symbol or "
          "German letters D is the Dame (queen) and B the Bube (jack); after an "
          "English suit letter Q and J are used, and D as a suit letter is "
          "diamonds. A reader must produce exactly normal-ddv.xml's game.")
    single("notation-german.xml", g, gc, cardf=fmt_mixed(),
           meta={"event": "Vereinsabend", "place": "Bielefeld", "date": "2026-03-14"})
    assert canonical_cards("notation-german.xml") == canonical_cards("normal-ddv.xml")

    g, c = sample_normal_turnier()
    single("normal-turnier-2022-no-nines.xml", g, c,
           meta={"event": "Doppelkopf-Turnier 2022", "date": "2022-10-08", "table": "3"})
    g, c = sample_marriage_ddv()
    single("marriage-ddv.xml", g, c)
    g, c = sample_marriage_unsere()
    single("marriage-unsere-2024-first-fehl-trick.xml", g, c)
    g, c = sample_poverty_turnier()
    single("poverty-turnier-2022.xml", g, c,
           meta={"event": "Doppelkopf-Turnier 2022", "date": "2022-10-08", "table": "1"})

    def re_no90(g, tricks):
        r = party_points(g, tricks, "re")
        if r < 151:
            return None
        return [(g["soloist"], "re", 1), (g["soloist"], "no90", 2)]

    def kontra_wins_kontra(g, tricks):
        if party_points(g, tricks, "kontra") < 121:
            return None
        first = next(s for s, _ in tricks[0][0] if s != g["soloist"])
        return [(first, "kontra", 1)]

    def soloist_re(g, tricks):
        if party_points(g, tricks, "re") < 121:
            return None
        return [(g["soloist"], "re", 1)]

    solos = [
        ("ddv", "queens", 5, 1, 3, re_no90, None, None),
        ("ddv", "jacks", 6, 2, 2, kontra_wins_kontra, None, None),
        ("ddv", "clubs", 7, 3, 4, None, soloist_wins, None),
        ("ddv", "spades", 8, 4, 1, None, soloist_wins, None),
        ("ddv", "hearts", 9, 1, 2, None, soloist_wins, None),
        ("ddv", "diamonds", 10, 2, 3, None, lambda g: g["result"]["winner"] == "kontra", None),
        ("ddv", "fleischlos", 11, 3, 1, None, soloist_wins, None),
        ("turnier-2022", "trumps", 12, 4, 2, soloist_re, None, None),
        ("unsere-2024", "pure-clubs", 13, 1, 4, None, soloist_wins, None),
        ("unsere-2024", "pure-spades", 14, 2, 1, None, soloist_wins, None),
        ("unsere-2024", "pure-hearts", 15, 3, 2, None, soloist_wins, None),
        ("unsere-2024", "pure-diamonds", 16, 4, 3, None, soloist_wins, None),
        ("unsere-2024", "koehler", 17, 1, 3, None, soloist_wins, None),
        ("esslingen-2002", "fleischlos", 18, 2, 4, esslingen_mandatory, None,
         lambda g: "The soloist wins %d card points in trick 1 (at least 30), "
                   "so esslingen's Ansagepflicht makes him announce: he says "
                   "\"re\" with his second card. Feigheit caps the levels "
                   "counted at one above what was announced."
                   % sum(pts(c) for _, c in g["tricks"][0][0])),
    ]
    for rs, kind, idx, dealer, soloist, ann, want, extra in solos:
        g, c = sample_solo(rs, kind, idx, dealer, soloist, announce=ann,
                           want=want, extra_note=extra)
        meta = None
        if rs == "esslingen-2002":
            meta = {"place": "Esslingen", "date": "2026-01-23"}
        single("solo-%s-%s.xml" % (kind, rs), g, c, meta=meta)

    g, c = sample_heart10()
    single("heart10-second-wins-unsere-2024.xml", g, c)

    # FreeDoko's picture solos and single-colour marriage conditions
    for kind, idx, dealer, soloist, want in (
            ("kings", 19, 1, 2, soloist_wins),
            ("queens-jacks", 20, 2, 3, soloist_wins),
            ("kings-jacks", 21, 3, 4, lambda g: g["result"]["winner"] == "kontra"),
            ("kings-queens", 0, 4, 1, soloist_wins)):
        g, c = sample_freedoko_solo(kind, idx, dealer, soloist, want)
        single("solo-%s-ddv-override.xml" % kind, g, c)
    for cond, idx, dealer, bride in (("first-club-trick", 1, 1, 3),
                                     ("first-spade-trick", 3, 2, 4),
                                     ("first-heart-trick", 4, 3, 1)):
        g, c = sample_marriage_single_colour(cond, idx, dealer, bride)
        single("marriage-%s-ddv-override.xml" % cond, g, c)

    games, totals = sample_session()
    body = ['  <session event="Doppelkopfabend" place="Gasthaus Linde" '
            'date="2026-11-20" table="1" bock-pending="0">',
            "    <note>Six games in order; the dealer moves one seat to the "
            "left after every game (after the solo too, D4). No Bock arises: "
            "no announcement is lost, no game ends 120:120.</note>",
            '    <rules name="unsere-2024"/>', "    <players>"]
    for s in range(1, 5):
        body.append('      <player seat="%d" name=%s/>' % (s, quoteattr(games[0]["names"][s - 1])))
    body.append("    </players>")
    for k, g in enumerate(games, 1):
        body += game_xml(g, "    ", fmt_canonical, with_players=False,
                         number=str(k), totals=g["totals"])
    body.append("  </session>")
    lines = []
    for k, g in enumerate(games, 1):
        kind = {"normal": "normal game", "marriage": "marriage",
                "queens": "Damensolo"}[g["kind"]]
        ann = announce_text(g)
        role = ""
        if g["kind"] == "marriage":
            role = " of %s (condition first-trump-trick)" % who(g, g["bride"])
        elif g["kind"] == "queens":
            role = " of %s, who leads" % who(g, g["soloist"])
        lines.append("Game %d, dealer %s: %s%s. %s%s %s" % (
            k, who(g, g["dealer"]), kind, role, roles_text(g),
            (" " + "; ".join(ann) + ".") if ann else "",
            result_text(g)))
    comment = ("A session under unsere-2024: four players at table 1 play "
               "six games; the session carries the players and the rule "
               "set, which every game inherits. Each game records its "
               "plus-minus scores and the running totals after it.\n\n" +
               "\n\n".join(lines) + "\n\nFinal totals: " +
               ", ".join("%s %+d" % (games[0]["names"][s - 1], totals[s])
                         for s in range(1, 5)) + ".")
    write_file("session-unsere-2024.xml", comment, body)
    res = check_file(os.path.join(OUT, "session-unsere-2024.xml"))
    assert [r["scores"] for r in res] == [g["result"]["scores"] for g in games]
    print("wrote samples/session-unsere-2024.xml")


if __name__ == "__main__":
    try:
        main()
    except Bad as e:
        sys.exit("gen_samples: illegal record: %s" % e)

"""Play a deal with a fixed policy under a small model of the card order and
write a dokoref XML record.  Policy: the leader plays the first card of his
list, a follower the first card of the led suit (trump to trump), else the
first card.  The model (written for these samples, independent of dokoref's
C engine): the normal game (or a diamonds-order poverty), swines and
hyperswines as flags that events switch on, the ♥10 as trump or not, and the
♥10 tie rules."""
import sys
PTS = {'A': 11, '10': 10, 'K': 4, 'Q': 3, 'J': 2, '9': 0}
SYM = {'C': '♣', 'S': '♠', 'H': '♥', 'D': '♦'}
GER = {'A': 'A', '10': '10', 'K': 'K', 'Q': 'D', 'J': 'B', '9': '9'}

def suit(c): return c[0]
def rank(c): return c[1:]
def sym(c): return SYM[suit(c)] + GER[rank(c)]

class Order:
    def __init__(self, nines=True, dollen=True, tie='first', first_with_swines=False):
        low = (['D9'] if nines else []) + ['DK', 'D10', 'DA', 'DJ', 'HJ', 'SJ', 'CJ', 'DQ', 'HQ', 'SQ', 'CQ']
        if dollen:
            low.append('H10')
        self.trumps = {c: i + 1 for i, c in enumerate(low)}
        self.nines, self.dollen, self.tie, self.fws = nines, dollen, tie, first_with_swines
        self.swines = self.hyper = self.swines_declared = False
    def is_trump(self, c): return c in self.trumps
    def lsuit(self, c): return 'T' if self.is_trump(c) else suit(c)
    def strength(self, c):
        if not self.is_trump(c):
            return ['9', 'J', 'Q', 'K', '10', 'A'].index(rank(c))
        t = self.trumps[c]
        if self.swines and c == 'DA': t = 60
        if self.hyper and c == ('D9' if self.nines else 'DK'): t = 61
        return 100 + t
    def winner(self, cards, last):
        best = 0
        for i in range(1, 4):
            b, c = cards[best], cards[i]
            bt, ct = self.is_trump(b), self.is_trump(c)
            if ct and not bt: best = i
            elif ct and bt:
                sb, sc = self.strength(b), self.strength(c)
                sec = (self.dollen and b == c == 'H10' and
                       not (self.fws and (self.swines or self.swines_declared)) and
                       (self.tie == 'second' or (self.tie == 'second-except-last' and not last)))
                if sc > sb or sec: best = i
            elif not ct and not bt and suit(c) == suit(b) and self.strength(c) > self.strength(b):
                best = i
        return best

def play(order, hands, leader, events, on_event=None, after_trick=None):
    """hands: seat -> list; events: {card_index (0-based, before it): [(kind, seat)]}.
    Returns tricks [(cards, seats, winner, points, events_before)]"""
    hands = {s: list(h) for s, h in hands.items()}
    n = len(hands[1])
    tricks, k, lead = [], 0, leader
    for t in range(n):
        cards, seats, evs = [], [], []
        s = lead
        for j in range(4):
            for ev in events.get(k, []):
                evs.append((j, ev))
                if on_event: on_event(order, ev, k)
            h = hands[s]
            if j == 0:
                c = h[0]
            else:
                led = order.lsuit(cards[0])
                c = next((x for x in h if order.lsuit(x) == led), h[0])
            h.remove(c)
            cards.append(c); seats.append(s); k += 1
            s = s % 4 + 1
        w = order.winner(cards, t == n - 1)
        pts = sum(PTS[rank(c)] for c in cards)
        tricks.append((cards, seats, seats[w], pts, evs))
        if after_trick: after_trick(order, tricks[-1], t)
        lead = seats[w]
    return tricks

def xml(names, dealer, hands, rules, sets, tricks, comment, bidding=None):
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!--']
    out += ['  ' + l if l else '' for l in comment.split('\n')]
    out += ['-->', '<dokoref version="1">', '  <game>']
    if sets:
        out.append('    <rules name="%s">' % rules)
        for k, v in sets:
            out.append('      <set key="%s" value="%s"/>' % (k, v))
        out.append('    </rules>')
    else:
        out.append('    <rules name="%s"/>' % rules)
    out.append('    <players>')
    for s in range(1, 5):
        out.append('      <player seat="%d" name="%s"/>' % (s, names[s - 1]))
    out += ['    </players>', '    <deal dealer="%d">' % dealer]
    for s in range(1, 5):
        out.append('      <hand seat="%d">%s</hand>' % (s, ' '.join(hands[s])))
    out.append('    </deal>')
    out.append('    <bidding>')
    if bidding:
        out += ['      ' + b for b in bidding]
    else:
        s = dealer % 4 + 1
        for i in range(4):
            out.append('      <healthy seat="%d"/>' % s); s = s % 4 + 1
    out.append('    </bidding>')
    out.append('    <play>')
    for cards, seats, w, pts, evs in tricks:
        out.append('      <trick>')
        for j in range(4):
            for (jj, (kind, seat)) in evs:
                if jj == j:
                    out.append('        <%s seat="%d"/>' % (kind, seat))
            out.append('        <card seat="%d">%s</card>' % (seats[j], cards[j]))
        out.append('      </trick>')
    out += ['    </play>', '  </game>', '</dokoref>', '']
    return '\n'.join(out)

def summary(names, tricks):
    return '; '.join('%d %s %d' % (i + 1, names[t[2] - 1], t[3]) for i, t in enumerate(tricks))

def check_deck(hands, nines=True):
    from collections import Counter
    c = Counter(x for h in hands.values() for x in h)
    ranks = ['A', '10', 'K', 'Q', 'J'] + (['9'] if nines else [])
    want = Counter({s + r: 2 for s in 'CSHD' for r in ranks})
    assert c == want, (c - want, want - c)
    n = len(hands[1])
    assert all(len(h) == n for h in hands.values())

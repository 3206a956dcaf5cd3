import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'check') + '/'
names = ['Ida', 'Jonas', 'Karla', 'Lukas']
post = {1: ['H10', 'CQ', 'HQ', 'CJ', 'HJ', 'DJ', 'D10', 'CA', 'SA', 'HA'],
        2: ['SQ', 'DQ', 'SJ', 'DJ', 'DK', 'C10', 'CK', 'S10', 'SK', 'HK'],
        3: ['DK', 'D10', 'CK', 'CA', 'C10', 'SA', 'S10', 'SK', 'HA', 'HK'],
        4: ['DA', 'DA', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'H10', 'HJ']}
check_deck(post, nines=False)
passed, returned = ['DK', 'HJ', 'CK'], ['CK', 'DK', 'D10']
def minus(h, cs):
    h = list(h)
    for c in cs: h.remove(c)
    return h
dealt = dict(post)
dealt[4] = minus(post[4] + returned, passed)
dealt[3] = minus(post[3] + passed, returned)
check_deck(dealt, nines=False)
assert sum(1 for c in dealt[3] if Order(nines=False).is_trump(c)) <= 3
assert dealt[4].count('DA') == 2
def ev(o, e, k):
    if getattr(o, 'ok', True): o.swines = True; o.swines_declared = True
def bidding(show):
    b = ['<healthy seat="2"/>', '<reservation seat="3"/>', '<healthy seat="4"/>',
         '<healthy seat="1"/>', '<poverty seat="3"/>',
         '<poverty-pass seat="3">%s</poverty-pass>' % ' '.join(passed)]
    if show: b.append('<swine seat="4"/>')
    b += ['<poverty-accept seat="4"/>',
          '<poverty-return seat="4">%s</poverty-return>' % ' '.join(returned)]
    return b
sets = []
# the swine is named when the first ♦A is played (card 3)
o = Order(nines=False, tie='second-except-last')
t = play(o, post, 2, {2: [('swine', 4)]}, ev)
print('a', summary(names, t)); assert t[0][2] == 4
plain = Order(nines=False, tie='second-except-last'); assert t[0][1][plain.winner(t[0][0], False)] == 1
head = '''Rule set esslingen-2002, 40 cards without nines. Dealer: Ida (seat 1).
Poverty of Karla (seat 3) (2 trumps): passes %s; Lukas (seat 4) takes it
and gives back %s. The two are Re; Ida and Jonas Kontra (Ida's ♣D does not
count in a poverty). First lead due: Jonas (seat 2). Nobody announces.''' % (
    ' '.join(sym(c) for c in passed), ' '.join(sym(c) for c in returned))
c = '''A swine of the Re side in a poverty, shown before the exchange
(esslingen-2002 §6: "Bei einer Armut zählt ein Schwein für die „Re-Partei“
nur wenn es vorher gezeigt wird"): Lukas (seat 4), who takes the poverty,
was dealt both ♦A and shows them before he takes up the passed cards. In
trick 1 he names the swine with his first ♦A, which ranks above Ida's ♥10
and wins (not shown, it would be a plain ♦A and Ida's ♥10 would win).

%s
Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % (head, summary(names, t))
open(OUT + 'legal/esslingen-2002--poverty-swine-shown.xml', 'w').write(
    xml(names, 1, dealt, 'esslingen-2002', sets, t, c, bidding(True)))

o = Order(nines=False, tie='second-except-last'); o.ok = False
t = play(o, post, 2, {2: [('swine', 4)]}, ev)
print('b', summary(names, t)); assert t[0][2] == 1
c = '''A swine of the Re side in a poverty that was not shown before the exchange
(esslingen-2002 §6: "Bei einer Armut zählt ein Schwein für die „Re-Partei“
nur wenn es vorher gezeigt wird"): Lukas (seat 4), who takes the poverty,
holds both ♦A but shows nothing in the bidding. His swine, named with the
first ♦A in trick 1, is false: the ♦A stays a plain trump, and Ida's ♥10
takes the trick.

%s
Tricks (number, winner, card points): %s.

expect: swine-false''' % (head, summary(names, t))
open(OUT + 'findings/swine-false--esslingen-2002--poverty-swine-not-shown.xml', 'w').write(
    xml(names, 1, dealt, 'esslingen-2002', sets, t, c, bidding(False)))

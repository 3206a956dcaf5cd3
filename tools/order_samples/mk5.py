import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'check') + '/'
names = ['Anna', 'Bert', 'Carl', 'Dora']
base = {
 1: ['C10', 'CK', 'S9', 'SK', 'HA', 'H9', 'SJ', 'D10', 'CQ', 'H10', 'DA', 'DA'],
 2: ['CA', 'C9', 'SA', 'S10', 'HK', 'H9', 'SQ', 'HQ', 'DJ', 'DK', 'D9', 'D9'],
 3: ['CA', 'C10', 'SA', 'S10', 'HA', 'HK', 'H10', 'CQ', 'DQ', 'CJ', 'HJ', 'D10'],
 4: ['CK', 'C9', 'SK', 'S9', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DK'],
}
check_deck(base)
def ev(o, e, k):
    if e[0] == 'swine': o.swines = True; o.swines_declared = True
    else: o.hyper = True
o = Order(); t = play(o, base, 1, {0: [('swine', 1), ('hyperswine', 2)]}, ev)
print(summary(names, t))
for i, x in enumerate(t):
    if 'D9' in x[0] or 'DA' in x[0]: print(i + 1, x[0], x[1], x[2])
c = '''Hyperswines late in the game: Anna (seat 1) declares swines (both ♦A) and
Bert (seat 2) hyperswines (both ♦9) before the first card, and both keep
them to the end. The last tricks show the order the whole way: Bert's ♦9
above Anna's ♦A above the ♥10. (The search of the positions with six
tricks or fewer left must use this order: tests/unit/test_search.c replays
its continuations.)

Rule set ddv with swines.kind and hyperswines.kind declared-at-start, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3) (the ♣D); Kontra: Bert (seat 2) and Dora (seat 4). Nobody
announces. Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % summary(names, t)
sets = [('swines.kind', 'declared-at-start'), ('hyperswines.kind', 'declared-at-start')]
open(OUT + 'legal/ddv--hyperswines-late.xml', 'w').write(xml(names, 4, base, 'ddv', sets, t, c))

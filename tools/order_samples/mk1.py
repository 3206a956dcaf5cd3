import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'check') + '/'
names = ['Anna', 'Bert', 'Carl', 'Dora']
base = {
 1: ['DA', 'DA', 'CQ', 'H10', 'SJ', 'D10', 'C10', 'CK', 'S9', 'SK', 'HA', 'H9'],
 2: ['D9', 'D9', 'SQ', 'HQ', 'DJ', 'DK', 'CA', 'C9', 'SA', 'S10', 'HK', 'H9'],
 3: ['H10', 'CQ', 'DQ', 'CJ', 'HJ', 'D10', 'CA', 'C10', 'SA', 'S10', 'HA', 'HK'],
 4: ['SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DK', 'CK', 'C9', 'SK', 'S9'],
}
check_deck(base)
def ev_flags(o, ev, k):
    kind, seat = ev
    if kind == 'swine': o.swines = True; o.swines_declared = True
    if kind == 'hyperswine' and getattr(o, 'hyper_ok', True): o.hyper = True
def run(o, events): return play(o, base, 1, events, ev_flags)
def sorted_hands():  # the deal as written: in the order the cards are played is fine
    return base

# 1. legal: both declared at start; Bert's ♦9 beat Anna's swine in trick 1
o = Order()
t = run(o, {0: [('swine', 1), ('hyperswine', 2)]})
print('1', summary(names, t)); assert t[0][2] == 2
o2 = Order(); o2.swines = True
assert o2.winner(t[0][0], False) == 0   # without hyperswines Anna's swine wins
sets = [('swines.kind', 'declared-at-start'), ('hyperswines.kind', 'declared-at-start')]
c = '''Hyperswines (FreeDoko's "hyperswines", announced at the start): Anna
(seat 1) holds both ♦A and declares swines, Bert (seat 2) holds both ♦9 and
declares hyperswines, both before the first card. In trick 1 Anna leads a
♦A, Bert follows with a ♦9: the hyperswine ranks above the swine and the
♥10 and wins the trick (without hyperswines Anna's swine would win it).

Rule set ddv with swines.kind and hyperswines.kind declared-at-start, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3) (the ♣D); Kontra: Bert (seat 2) and Dora (seat 4). First lead due:
Anna (seat 1). Nobody announces. Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % summary(names, t)
open(OUT + 'legal/ddv--hyperswines-at-start.xml', 'w').write(xml(names, 4, base, 'ddv', sets, t, c))

# 2. finding: hyperswines declared, no swines declared: false; the ♦9 stay low
o = Order(); o.hyper_ok = False
t = run(o, {0: [('hyperswine', 2)]})
print('2', summary(names, t)); assert t[0][2] == 3
c = '''Hyperswines declared where no swines are: Bert (seat 2) holds both ♦9 and
declares hyperswines before the first card, but nobody has declared swines
(Anna holds both ♦A and stays silent); hyperswines need swines in play
(FreeDoko: "hyperswines_announcement_valid" wants the swines announced). The
♦9 stay the lowest trumps: Carl's ♥10 takes trick 1.

Rule set ddv with swines.kind and hyperswines.kind declared-at-start, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3); Kontra: Bert (seat 2) and Dora (seat 4). Tricks (number, winner,
card points): %s.

expect: hyperswine-false''' % summary(names, t)
open(OUT + 'findings/hyperswine-false--ddv--no-swines-declared.xml', 'w').write(xml(names, 4, base, 'ddv', sets, t, c))

# 3. finding: hyperswines declared after the first card (at-start rule): mistimed, still counted
o = Order()
t = run(o, {0: [('swine', 1)], 1: [('hyperswine', 2)]})
print('3', summary(names, t)); assert t[0][2] == 2
c = '''Hyperswines declared too late: the rule set wants them declared before the
first card (FreeDoko's "hyperswines announcement begin"); Bert (seat 2)
declares them only after Anna's first card, right before his ♦9. As with a
late swine, the declaration is a finding and the ♦9 count from then on:
Bert's ♦9 takes trick 1 above Anna's swine.

Rule set ddv with swines.kind and hyperswines.kind declared-at-start, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3); Kontra: Bert (seat 2) and Dora (seat 4). Tricks (number, winner,
card points): %s.

expect: hyperswine-mistimed''' % summary(names, t)
open(OUT + 'findings/hyperswine-mistimed--ddv--after-first-card.xml', 'w').write(xml(names, 4, base, 'ddv', sets, t, c))

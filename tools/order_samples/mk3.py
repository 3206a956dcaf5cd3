import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'check') + '/'
names = ['Anna', 'Bert', 'Carl', 'Dora']
# ---- the ♥10 as a plain heart (FreeDoko's dollen = false) --------------
b6 = {1: ['H9', 'HA', 'HK', 'CQ', 'SQ', 'DJ', 'DA', 'D10', 'C10', 'CK', 'S9', 'SK'],
      2: ['H10', 'H10', 'SQ', 'HQ', 'CJ', 'DK', 'D9', 'CA', 'C9', 'SA', 'S10', 'SK'],
      3: ['HA', 'H9', 'CQ', 'DQ', 'HJ', 'SJ', 'DA', 'D9', 'CA', 'C10', 'SA', 'S10'],
      4: ['HK', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'D10', 'DK', 'CK', 'C9', 'S9']}
check_deck(b6)
o = Order(dollen=False); t = play(o, b6, 1, {})
print('6', summary(names, t)); assert t[0][2] == 3
assert Order().winner(t[0][0], False) == 1   # with Dullen Bert's ♥10 would win
c = '''The ♥10 as an ordinary heart (FreeDoko's "dollen = false"): Anna (seat 1)
leads ♥9 to trick 1, Bert (seat 2), who holds no other heart, plays a ♥10,
Carl (seat 3) the ♥A, Dora (seat 4) the ♥K. The ♥10 is no trump here: it
follows hearts and ranks below the ♥A, so Carl takes the trick (with the
♥10 the highest trump Bert would have taken it).

Rule set ddv with trumps.heart10 false, 48 cards. Dealer: Dora (seat 4).
Normal game. Re: Anna (seat 1) and Carl (seat 3) (the ♣D); Kontra: Bert
(seat 2) and Dora (seat 4). First lead due: Anna (seat 1). Nobody announces.
Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % summary(names, t)
open(OUT + 'legal/ddv--heart10-no-trump.xml', 'w').write(xml(names, 4, b6, 'ddv', [('trumps.heart10', 'false')], t, c))

# ---- the first ♥10 wins once swines are declared -----------------------
b7 = {1: ['DA', 'D9', 'DA', 'CQ', 'SJ', 'D10', 'C10', 'CK', 'S9', 'SK', 'HA', 'H9'],
      2: ['D9', 'H10', 'SQ', 'HQ', 'DJ', 'DK', 'CA', 'C9', 'SA', 'S10', 'HK', 'H9'],
      3: ['DQ', 'H10', 'CQ', 'CJ', 'HJ', 'D10', 'CA', 'C10', 'SA', 'S10', 'HA', 'HK'],
      4: ['SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DK', 'CK', 'C9', 'SK', 'S9']}
check_deck(b7)
def ev(o, e, k):
    o.swines = True; o.swines_declared = True
o = Order(tie='second', first_with_swines=True)
t = play(o, b7, 1, {0: [('swine', 1)]}, ev)
print('7', summary(names, t)); assert t[0][2] == 1 and t[1][2] == 2
assert t[1][0][1] == t[1][0][2] == 'H10'
assert Order(tie='second').winner(t[1][0], False) == 2   # the second ♥10 (Carl) without the rule
sets = [('ties.heart10', 'second-wins'), ('ties.heart10_first_with_swines', 'true'),
        ('swines.kind', 'declared')]
c = '''The first ♥10 wins once swines are declared (FreeDoko's "dollen first over
second with swines"): the second of two ♥10 beats the first (ties.heart10
second-wins), but not after swines were declared. Anna (seat 1) declares
swines with her first ♦A in trick 1 and wins it. In trick 2 Bert (seat 2,
Kontra) plays the first ♥10 and Carl (seat 3, Re) the second: Bert's wins
(without swines Carl's would).

Rule set ddv with ties.heart10 second-wins, ties.heart10_first_with_swines
true and swines.kind declared, 48 cards. Dealer: Dora (seat 4). Normal game.
Re: Anna (seat 1) and Carl (seat 3); Kontra: Bert (seat 2) and Dora
(seat 4). Nobody announces. Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % summary(names, t)
open(OUT + 'legal/ddv--heart10-first-wins-with-swines.xml', 'w').write(xml(names, 4, b7, 'ddv', sets, t, c))

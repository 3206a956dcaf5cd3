import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import *
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'check') + '/'
names = ['Anna', 'Bert', 'Carl', 'Dora']
def find_card_index(tricks, seat, card, nth):
    k = 0; seen = 0
    for cards, seats, w, p, e in tricks:
        for c, s in zip(cards, seats):
            if s == seat and c == card:
                seen += 1
                if seen == nth: return k
            k += 1

# ---- swine only second -------------------------------------------------
base = {
 1: ['DA', 'DA', 'CQ', 'H10', 'SJ', 'D10', 'C10', 'CK', 'S9', 'SK', 'HA', 'H9'],
 2: ['D9', 'D9', 'SQ', 'HQ', 'DJ', 'DK', 'CA', 'C9', 'SA', 'S10', 'HK', 'H9'],
 3: ['H10', 'CQ', 'DQ', 'CJ', 'HJ', 'D10', 'CA', 'C10', 'SA', 'S10', 'HA', 'HK'],
 4: ['SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DK', 'CK', 'C9', 'SK', 'S9'],
}
check_deck(base)
def ev(o, e, k):
    if e[0] == 'swine' and getattr(o, 'ok', True): o.swines = True; o.swines_declared = True
# trick 1: Anna ♦A (ordinary), Bert ♦9, Carl ♥10, Dora ♠D: Carl (Re, Anna's partner) wins
o = Order(); t0 = play(o, base, 1, {})
k = find_card_index(t0, 1, 'DA', 2)
o = Order(); t = play(o, base, 1, {k: [('swine', 1)]}, ev)
print('4', summary(names, t), 'swine before card', k + 1)
assert t[0][2] == 3
# the trick of the second ♦A: Anna wins it only as a swine
tt = [x for x in t if 'DA' in x[0] and x is not t[0]][0]
i = t.index(tt); print('  second DA in trick', i + 1, tt[0], tt[1], 'winner', tt[2])
plain = Order(); assert tt[1][plain.winner(tt[0], False)] != 1
assert tt[2] == 1
sets = [('swines.kind', 'declared'), ('swines.only_second', 'true')]
c = '''Swine only second (FreeDoko's "swine only second"): Anna (seat 1) holds both
♦A. Her first ♦A, led to trick 1, is an ordinary card; her partner Carl
(seat 3, the other ♣D) takes that trick with the ♥10, so the first ♦A
reaches her own party's pile and the second becomes a swine. Anna declares
swines with the second ♦A (trick %d), which then ranks above everything and
wins the trick (as a plain ♦A it would lose).

Rule set ddv with swines.kind declared and swines.only_second true, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3); Kontra: Bert (seat 2) and Dora (seat 4). First lead due: Anna
(seat 1). Nobody announces. Tricks (number, winner, card points): %s.

dokoref must report nothing.

expect: none''' % (i + 1, summary(names, t))
open(OUT + 'legal/ddv--swine-only-second.xml', 'w').write(xml(names, 4, base, 'ddv', sets, t, c))

# swine-false: the first ♦A went to the opponents
base2 = dict(base)
base2[2] = ['SQ', 'D9', 'D9', 'HQ', 'DJ', 'DK', 'CA', 'C9', 'SA', 'S10', 'HK', 'H9']
base2[3] = ['DQ', 'H10', 'CQ', 'CJ', 'HJ', 'D10', 'CA', 'C10', 'SA', 'S10', 'HA', 'HK']
base2[4] = ['DJ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DK', 'CK', 'C9', 'SK', 'S9']
check_deck(base2)
o = Order(); t0 = play(o, base2, 1, {})
k = find_card_index(t0, 1, 'DA', 2)
o = Order(); o.ok = False; t = play(o, base2, 1, {k: [('swine', 1)]}, ev)
print('5', summary(names, t), 'swine before card', k + 1)
assert t[0][2] == 2
c = '''Swine only second, but the first ♦A went to the opponents: Anna (seat 1)
holds both ♦A and leads the first to trick 1; Bert (seat 2, Kontra) takes
it with the ♠D. Her second ♦A does not become a swine (FreeDoko: the first
fox's catcher must be of the holder's team), so her declaration with the
second ♦A is false, and that ♦A is an ordinary trump.

Rule set ddv with swines.kind declared and swines.only_second true, 48
cards. Dealer: Dora (seat 4). Normal game. Re: Anna (seat 1) and Carl
(seat 3); Kontra: Bert (seat 2) and Dora (seat 4). Tricks (number, winner,
card points): %s.

expect: swine-false''' % summary(names, t)
open(OUT + 'findings/swine-false--ddv--only-second-first-ace-lost.xml', 'w').write(xml(names, 4, base2, 'ddv', sets, t, c))

import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'mk4.py')).read().split("sets = []")[0])
o = Order(nines=False, tie='second-except-last')
t = play(o, post, 2, {2: [('swine', 4)]}, lambda o, e, k: None)
print('c', summary(names, t)); assert t[0][2] == 1
head = '''Rule set esslingen-2002 with swines.in_poverty none, 40 cards without
nines. Dealer: Ida (seat 1). Poverty of Karla (seat 3) (2 trumps): passes
%s; Lukas (seat 4) takes it and gives back %s. The two are Re; Ida and
Jonas Kontra. First lead due: Jonas (seat 2). Nobody announces.''' % (
    ' '.join(sym(c) for c in passed), ' '.join(sym(c) for c in returned))
c = '''No swines in a poverty (FreeDoko's "swines in poverty = false"): Lukas
(seat 4), who takes the poverty, holds both ♦A and names a swine with the
first in trick 1. In a poverty there are none: the declaration is false and
the ♦A is a plain trump; Ida's ♥10 takes the trick.

%s
Tricks (number, winner, card points): %s.

expect: swine-false''' % (head, summary(names, t))
open(OUT + 'findings/swine-false--esslingen-2002--no-swines-in-poverty.xml', 'w').write(
    xml(names, 1, dealt, 'esslingen-2002', [('swines.in_poverty', 'none')], t, c, bidding(False)))

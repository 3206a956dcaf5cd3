#!/usr/bin/env python3
"""Write tests/freedoko/bad/: damaged FreeDoko files, one fault each, and a
few odd but readable ones (tests/freedoko/odd/).

Each file starts from tests/freedoko/004438_3.poverty.BugReport.FreeDoko or
tests/freedoko/partyB.gameplay-debug.log.  The bug report is shortened first:
the players block (FreeDoko's AI configuration, about 4,500 lines) and the
earlier game summaries are dropped, which FreeDoko's reader and ours skip
anyway.  Their expected diagnostics are golden cases.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
SRC = os.path.join(ROOT, 'tests', 'freedoko')


def read(name):
    with open(os.path.join(SRC, name), encoding='utf-8') as f:
        return f.read()


def drop_block(text, header):
    """drop the block that starts with the line `header` and its braces"""
    lines = text.split('\n')
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() == header and i + 1 < len(lines) and lines[i + 1].strip() == '{':
            depth, i = 0, i + 1
            while i < len(lines):
                s = lines[i].strip()
                depth += s == '{'
                depth -= s == '}'
                i += 1
                if depth == 0:
                    break
            continue
        out.append(lines[i])
        i += 1
    return '\n'.join(out)


def short_report(name):
    t = read(name)
    t = drop_block(t, 'players')
    t = drop_block(t, 'game summaries')
    return t


def write(sub, name, text):
    d = os.path.join(SRC, sub)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'w', encoding='utf-8') as f:
        f.write(text)


def once(text, old, new):
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def main():
    rep = short_report('004438_3.poverty.BugReport.FreeDoko')
    solo = short_report('269263_5.solo-heart.BugReport.FreeDoko')
    log = read('partyB.gameplay-debug.log')
    # the first two games of the log are enough
    first = log[:log.index('game open: 2\n')]

    # --- bad: each must be refused with its diagnostic ---
    write('bad', 'truncated.BugReport.FreeDoko',
          rep[:rep.index('  card played = 2, club ace (choose ace)')] + '  card played = 2, cl')
    write('bad', 'hand-of-13-cards.BugReport.FreeDoko',
          once(rep, 'b  spade ten\n', 'b  spade ten\nc  club nine\n'))
    write('bad', 'hand-of-11-cards.BugReport.FreeDoko',
          once(rep, 'b  spade ten\n', ''))
    write('bad', 'unknown-card-name.BugReport.FreeDoko',
          once(rep, '3  heart queen\n', '3  heart eleven\n'))
    write('bad', 'unknown-card-played.BugReport.FreeDoko',
          once(rep, 'card played = 1, heart king (only valid card)',
               'card played = 1, heart knight (only valid card)'))
    # Anna's spade queen becomes a third club queen (Bert and Dora hold one each)
    write('bad', 'card-dealt-three-times.BugReport.FreeDoko',
          once(once(rep, '9  spade queen\na  spade nine', '9  club queen\na  spade nine'),
               '0  club queen\n1  heart queen\n2  spade jack\n3  spade queen',
               '0  club queen\n1  heart queen\n2  spade jack\n3  club queen'))
    write('bad', 'trick-full-mismatch.BugReport.FreeDoko',
          once(rep, 'trick full = 0, heart ace, heart king, heart nine, diamond nine, 3',
               'trick full = 0, heart ace, heart king, heart nine, diamond ten, 3'))
    write('bad', 'unknown-player.BugReport.FreeDoko',
          once(rep, 'card played = 3, diamond nine (play trump)',
               'card played = 7, diamond nine (play trump)'))
    write('bad', 'unknown-action.BugReport.FreeDoko',
          once(rep, '  # trick 1\n', '  # trick 1\n  card stolen = 2, heart ace\n'))
    write('bad', 'poverty-return-not-in-hand.BugReport.FreeDoko',
          once(rep, 'poverty returned = 3, heart ace, heart king, club king',
               'poverty returned = 3, heart ace, heart king, diamond queen'))
    write('bad', 'no-hands.BugReport.FreeDoko',
          drop_block(rep, 'hands'))
    # FreeDoko has no ten solo (unsere-2024's "10er-Solo")
    write('bad', 'unknown-solo.BugReport.FreeDoko',
          once(solo, 'reservation = 1, solo heart', 'reservation = 1, solo ten'))
    write('bad', 'genscher.BugReport.FreeDoko',
          once(rep, '  # trick 2\n', '  genscher = 0, 1\n  # trick 2\n'))
    write('bad', 'log-card-out-of-place.gameplay-debug.log',
          once(first, '3. Carl: spade nine\n4. Dora: diamond ten',
               '3. Dora: diamond ten\n4. Carl: spade nine'))
    write('bad', 'log-unknown-card.gameplay-debug.log',
          once(first, '2. Bert: spade ace', '2. Bert: spade queen-ace'))
    write('bad', 'log-no-game-finish.gameplay-debug.log',
          first[:first.index('game finish\nseed = 119136')])
    write('bad', 'log-unknown-player.gameplay-debug.log',
          once(first, '4. Anna: heart nine\nWinner: Carl', '4. Anne: heart nine\nWinner: Carl'))

    # --- odd: readable, with a reason to look twice ---
    # an automatic report that stops after trick 8 (FreeDoko's "dolle lost")
    cut = rep.index('  # trick 9')
    write('odd', 'ends-mid-game.BugReport.FreeDoko', rep[:cut] + '}\n')
    # hyperswines announced: judged without them, with a note
    write('odd', 'hyperswines.BugReport.FreeDoko',
          once(solo, '  swines = 2\n', '  swines = 2\n  hyperswines = 3\n'))
    # card names as a German FreeDoko might write them
    german = solo
    for en, de in (('club', 'Kreuz'), ('spade', 'Pik'), ('heart', 'Herz'), ('diamond', 'Karo')):
        german = re.sub(r'\b%s (nine|jack|queen|king|ten|ace)\b' % en,
                        lambda m: de + ' ' + m.group(1), german)
    for en, de in (('nine', 'Neun'), ('jack', 'Bube'), ('queen', 'Dame'), ('king', 'König'),
                   ('ten', 'Zehn'), ('ace', 'Ass')):
        german = re.sub(r'\b(Kreuz|Pik|Herz|Karo) %s\b' % en, lambda m: m.group(1) + ' ' + de,
                        german)
    write('odd', 'german-card-names.BugReport.FreeDoko', german)
    # a name in Latin-1, as FreeDoko before 0.6 wrote its files
    latin = rep.replace('player 0 (Anna)', 'player 0 (J\u00f6rg)').encode('utf-8')
    latin = latin.replace('J\u00f6rg'.encode('utf-8'), 'J\u00f6rg'.encode('latin-1'))
    with open(os.path.join(SRC, 'odd', 'latin1-name.BugReport.FreeDoko'), 'wb') as f:
        f.write(latin)
    # the lines of FreeDoko before 0.7.3
    old = []
    for line in rep.split('\n'):
        m = re.match(r'  card played = (\d), ([a-z]+ [a-z]+)', line)
        a = re.match(r'  announcement = (\d), (.*)', line)
        if m:
            old.append('  Played: Player %s: %s' % (m.group(1), m.group(2)))
        elif a:
            old.append('  Announcement: player %s: %s' % (a.group(1), a.group(2)))
        elif line.startswith('  trick full = '):
            continue
        else:
            old.append(line)
    write('odd', 'old-line-format.BugReport.FreeDoko', '\n'.join(old))
    return 0


if __name__ == '__main__':
    sys.exit(main())

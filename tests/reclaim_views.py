#!/usr/bin/env python3
"""Every view says at a finding what check says there: for every sample
(samples/*) and every record of tests/check, in English and in German,
each line check prints under a finding (its rule, when every player could
see it, the objection, and "not reclaimed in time: stands ... · had it
been reclaimed at once: ..." with the figures under it) appears at that
game's findings in the HTML page (show --format html) and in replay's
last position (replay --game N, as plain text).

The lines are compared with every run of white space made one space:
replay wraps what does not fit its width, the page sets each line in a
block of its own.  The test also fails when check prints no "had it been
reclaimed" line at all (nothing would have been compared).

  reclaim_views.py DOKOREF SOURCE_ROOT
"""
import glob
import html
import os
import re
import subprocess
import sys

dokoref, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.chdir(root)
env = dict(os.environ, LC_ALL="C.UTF-8", NO_COLOR="1",
           DOKOREF_RULES_PATH=os.path.join(root, "rulesets"))

records = sorted(f for f in glob.glob("samples/*")
                 if os.path.isfile(f) and not f.endswith(".csv"))
records += sorted(glob.glob("tests/check/*/*.xml"))

# the head of the line a cost is given in, in both languages
# (lang.c's DK_MSG_RU_F_HAD and DK_MSG_RU_F_COUNTS, DK_MSG_RU_F_HOUSE)
HAD = re.compile(r"had it been reclaimed|bei sofortiger Reklamation|the penalty counts"
                 r"|die Strafe gilt")


def run(args):
    p = subprocess.run([dokoref] + args, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode > 1:
        sys.exit("dokoref %s: exit %d\n%s" % (" ".join(args), p.returncode,
                                             p.stderr.decode("utf-8", "replace")))
    return p.stdout.decode("utf-8")


def flat(s):
    return " ".join(s.split())


def game_of(line, path):
    """The game number of a title line "PATH, game N: ..." (any language)."""
    m = re.match(re.escape(path) + r", \S+ (\d+)\b", line)
    return int(m.group(1)) if m else None


def check_lines(path, lang):
    """{game: [line, ...]}: the lines check prints under each finding
    (indented by six or more, after a finding's own line)."""
    out, game, under = {}, None, False
    finding = re.compile(r"^  " + re.escape(path) + r":\d+:\d+: ")
    for line in run(["check", "--lang", lang, "--width", "0", path]).splitlines():
        n = game_of(line, path)
        if n is not None:
            game, under = n, False
            continue
        if finding.match(line):
            under = True
            continue
        if under and line.startswith("      ") and line.strip():
            out.setdefault(game, []).append(flat(line))
        else:
            under = False
    return out


def page_games(path, lang):
    """{game: set of lines}: each game's section of the page as lines of
    text (a tag ends a line)."""
    page = run(["show", "--format", "html", "--lang", lang, path])
    page = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", page, flags=re.S)
    games = {}
    for part in page.split('<section class="game"')[1:]:
        lines = [flat(html.unescape(x)) for x in re.split(r"<[^>]*>", part)]
        lines = [x for x in lines if x]
        n = next((game_of(x, path) for x in lines if game_of(x, path)), None)
        games[n] = set(lines)
    return games


fails = compared = had = 0
for lang in ("en", "de"):
    for path in records:
        want = check_lines(path, lang)
        if not want:
            continue
        page = page_games(path, lang)
        for game, lines in sorted(want.items()):
            screen = flat(run(["replay", "--lang", lang, "--game", str(game),
                               "--width", "400", "--height", "200", path]))
            for line in lines:
                compared += 1
                had += bool(HAD.search(line))
                where = []
                if line not in page.get(game, ()):
                    where.append("the HTML page")
                if line not in screen:
                    where.append("replay")
                if where:
                    fails += 1
                    print("FAIL: %s game %d --lang %s: not in %s:\n    %s"
                          % (path, game, lang, " and ".join(where), line[:300]))

print("%d lines under findings compared (%d with a cost had it been reclaimed), %d missing"
      % (compared, had, fails))
if had == 0:
    sys.exit("no 'had it been reclaimed' line printed by check: nothing was tested")
sys.exit(1 if fails else 0)

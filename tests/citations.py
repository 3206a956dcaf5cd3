#!/usr/bin/env python3
"""Every citation a user reads can be followed.

A verdict, a rule set and the manuals name the readings dokoref takes
where a rule text is silent or unclear ("D16"); each must be an entry of
the readings page, man/dokoref-readings.7, and the project's working
notes (a file RULES.md outside the product) are never cited.

Collects every citation printed for every sample (samples/*) and every
record of tests/check by check, audit -v, show (HTML) and replay in
English and German, by check --format json and audit --format json, and
by rules show for each shipped rule set, and fails when

  - a cited reading has no entry on the readings page;
  - a text line cites a reading without naming dokoref-readings(7) (so
    that a reader knows where to look); rules show names it once in its
    legend;
  - a JSON "assumptions" entry, or a reading cited in a JSON string, has
    no entry;
  - "RULES.md" appears in any output, or in src/, include/, rulesets/,
    man/, docs/, formats/.

  citations.py DOKOREF SOURCE_ROOT
"""
import glob
import json
import os
import re
import subprocess
import sys

dokoref, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.chdir(root)
env = dict(os.environ, LC_ALL="C", NO_COLOR="1",
           DOKOREF_RULES_PATH=os.path.join(root, "rulesets"))

with open("man/dokoref-readings.7", encoding="utf-8") as f:
    page = f.read()
entries = set(re.findall(r'^\.SS "(D\d+):', page, flags=re.M))
assert len(entries) >= 29, "the readings page lists %d readings" % len(entries)

records = sorted(f for f in glob.glob("samples/*") if os.path.isfile(f))
records += sorted(glob.glob("tests/check/*/*.xml"))
games = [f for f in records if not f.endswith(".csv")]

# a reading: D and its number, not part of a word or a card ("♦D" is a
# card in German, "D10" in a JSON card field is the ten of diamonds)
cite = re.compile(r"(?<![\w♣♠♥♦])D(\d{1,2})(?![\w])")
card_code = re.compile(r"^(?:[CSHD](?:9|10|T|J|Q|K|A)\s*)+$")

fails = 0
cited = set()


def fail(msg):
    global fails
    fails += 1
    print("FAIL: " + msg)


def run(args):
    p = subprocess.run([dokoref] + args, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode > 1:
        sys.exit("dokoref %s ...: exit %d\n%s" % (" ".join(args[:3]), p.returncode,
                                                  p.stderr.decode("utf-8", "replace")))
    return p.stdout.decode("utf-8")


def check_text(what, text, per_line=True):
    if "RULES.md" in text:
        fail("%s: cites RULES.md" % what)
    lines = text.splitlines()
    for k, line in enumerate(lines):
        found = ["D" + n for n in cite.findall(line)]
        for d in found:
            cited.add(d)
            if d not in entries:
                fail("%s: %s has no entry in dokoref-readings(7): %s" % (what, d, line.strip()[:160]))
        # a line wrapped to the width (check_text.c) may carry the page's
        # name to the start of the next line
        following = lines[k + 1].lstrip()[:24] if k + 1 < len(lines) else ""
        if found and per_line and "dokoref-readings(7)" not in line and \
           "dokoref-readings(7)" not in following:
            fail("%s: cites %s without dokoref-readings(7): %s"
                 % (what, ", ".join(found), line.strip()[:160]))


def check_json(what, text):
    if "RULES.md" in text:
        fail("%s: cites RULES.md" % what)
    docs = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            try:
                docs.append(json.loads(line))
            except ValueError:
                docs = [json.loads(text)]
                break

    def walk(x, key=None):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "assumptions":
                    if not isinstance(v, list):
                        fail("%s: assumptions is not a list" % what)
                        continue
                    for d in v:
                        cited.add(d)
                        if d not in entries:
                            fail("%s: assumption %s has no entry in dokoref-readings(7)" % (what, d))
                else:
                    walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str) and not card_code.match(x):
            for n in cite.findall(x):
                cited.add("D" + n)
                if "D" + n not in entries:
                    fail("%s: %s (in \"%s\") has no entry in dokoref-readings(7)"
                         % (what, "D" + n, key))
    for d in docs:
        walk(d)


for lang in ("en", "de"):
    check_text("check --lang %s" % lang, run(["check", "--lang", lang] + games))
    check_text("audit -v --lang %s" % lang, run(["audit", "-v", "--lang", lang] + records))
    for f in games:
        check_text("show --format html --lang %s %s" % (lang, f),
                   run(["show", "--format", "html", "--lang", lang, f]))
        check_text("replay --lang %s %s" % (lang, f), run(["replay", "--lang", lang, f]),
                   per_line=False)
check_json("check --format json", run(["check", "--format", "json"] + games))
check_json("audit --format json", run(["audit", "--format", "json"] + records))

for ruleset in sorted(glob.glob("rulesets/*.yaml")):
    text = run(["rules", "show", ruleset])
    check_text("rules show " + ruleset, text, per_line=False)
    if cite.search(text) and "dokoref-readings(7)" not in text:
        fail("rules show %s: cites readings without naming dokoref-readings(7)" % ruleset)

# the product never points at the working notes
for top in ("src", "include", "rulesets", "man", "docs", "formats"):
    for dirpath, _, files in os.walk(top):
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                if b"RULES.md" in f.read():
                    fail("%s names RULES.md" % path)

print("%d records; readings cited: %s; %d failing"
      % (len(records), " ".join(sorted(cited, key=lambda d: int(d[1:]))), fails))
sys.exit(1 if fails else 0)

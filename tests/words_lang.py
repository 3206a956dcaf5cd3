#!/usr/bin/env python3
"""Every view speaks one language: run every sample (samples/*) and every
record of tests/check through check, audit -v, show (text and HTML) and
replay, in English and in German, and fail on

  - a German rank letter after a suit symbol in English output (the queen
    of clubs is ♣Q in English, ♣D in German; the jack ♣J, ♣B);
  - an English rank letter (J, Q) after a suit symbol in German output;
  - an English finding or session issue name (the codes "revoke",
    "announce-too-late", "score-wrong" ...),
    finding kind ("irregularity", "record-defect", "warning") or one of the
    English Doppelkopf terms below in German output;
  - in show's text: a word of the message catalogue's (src/words/lang.c)
    one language that the other language's strings never use ("Dealer",
    "healthy", "trick" in German output; "Geber", "Stich", "Spielfindung"
    in English output).  English output keeps German terms in brackets
    ("healthy (gesund)"): those are words of the English strings too.

What a record or a rule set file brings along is not the program's
language and is left out of the German scan: the file names (they often
carry a finding code) and the rule sources quoted from the rule set files
(the house sentence with the set's English gloss).  Rule keys
("penalty.revoke_reclaim_deadline") are identifiers, not words.  The
catalogue scan of show's text leaves out, in either language, what stands
in the record or in a rule set file (names, notes, the event, a rule
set's title, an objection's words): a word inside a run of at least
PIECE characters of the line that the record or a rule set file holds.

  words_lang.py DOKOREF SOURCE_ROOT
"""
import bisect
import glob
import gzip
import html
import os
import re
import subprocess
import sys

import yaml

dokoref, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.chdir(root)
env = dict(os.environ, LC_ALL="C", NO_COLOR="1",
           DOKOREF_RULES_PATH=os.path.join(root, "rulesets"))

records = sorted(f for f in glob.glob("samples/*") if os.path.isfile(f))
records += sorted(glob.glob("tests/check/*/*.xml"))

# the finding codes, as the core names them
with open("src/core/finding.c", encoding="utf-8") as f:
    codes = re.findall(r'\[DK_F_\w+\] = "([a-z-]+)"', f.read())
assert len(codes) > 20, "no finding codes read from src/core/finding.c"
# and the session issues' (score sheet, dealer, Bock)
with open("src/core/session.c", encoding="utf-8") as f:
    issues = re.findall(r'\[DK_SX_\w+\] = "([a-z-]+)"', f.read())
assert len(issues) > 10, "no session issue codes read from src/core/session.c"
with open("src/core/sheet.c", encoding="utf-8") as f:
    sheet = re.findall(r'\[DK_SH_\w+\] = "([a-z-]+)"', f.read())
assert len(sheet) > 10, "no score sheet issue codes read from src/core/sheet.c"

# English words that German output must not carry (whole words); the
# finding kinds and the Doppelkopf terms the catalogue translates
# ("bock" is the German word in either language)
ENGLISH = codes + issues + [c for c in sheet if c != "bock"] + [
    "irregularity", "record-defect", "warning", "trick", "tricks", "card points",
    "wins", "won", "reclaimed", "assumed", "against the", "Fox", "Charlie",
    "swines", "marriage", "poverty", "reading", "the sheet", "score",
]
word = re.compile(r"(?<![\w.-])(" + "|".join(re.escape(w) for w in ENGLISH) + r")(?![\w-]|\.\w)",
                  re.IGNORECASE)
german_letter = re.compile(r"[♣♠♥♦][BD]")
english_letter = re.compile(r"[♣♠♥♦][JQ]")


def sources():
    """Every rule source text of the rule set files, longest first."""
    out = set()
    files = glob.glob("rulesets/*.yaml") + glob.glob("tests/check/*/*.yaml")
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)

        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k == "source" and isinstance(v, str):
                        out.add(v)
                    else:
                        walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(doc)
    return sorted(out, key=len, reverse=True)


SOURCES = sources()
# the same texts with every run of white space one space: views that wrap
# lines or cut a long text off show pieces of them
BLOB = "\n".join(" ".join(x.split()) for x in SOURCES)
PIECE = 12


def in_source(line, start, end, blob=None):
    """Whether line[start:end] lies in a piece of a rule source shown in
    the line (a run of at least PIECE characters found in a source, or in
    blob when given)."""
    blob = BLOB if blob is None else blob
    flat, where = [], []
    for i, ch in enumerate(line):
        if ch.isspace():
            if flat and flat[-1] == " ":
                continue
            ch = " "
        flat.append(ch)
        where.append(i)
    flat = "".join(flat)
    covered = [False] * len(line)
    for i in range(len(flat) - PIECE + 1):
        if flat[i:i + PIECE] in blob:
            for k in range(i, i + PIECE):
                covered[where[k]] = True
    return all(covered[start:end])


def strip_record_words(text, files):
    for s in SOURCES:
        text = text.replace(s, " ")
    for f in files:
        text = text.replace(f, " ").replace(os.path.basename(f), " ")
    return text


def html_words(text):
    """The words of a page: its text, and the sentences its scripts carry
    as data (string literals with a space), not the code."""
    scripts = re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', text, flags=re.S)
    said = [m for js in scripts for m in re.findall(r'"((?:[^"\\]|\\.)* (?:[^"\\]|\\.)*)"', js)]
    text = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", text, flags=re.S)
    return re.sub(r"<[^>]*>", " ", text) + "\n" + "\n".join(said)


def catalogue():
    """The catalogue's rows (id, English, German) from src/words/lang.c."""
    with open("src/words/lang.c", encoding="utf-8") as f:
        src = f.read()
    lit = r'(?:"(?:[^"\\]|\\.)*"\s*)+'
    rows = []
    for m in re.finditer(r"MSG\((DK_MSG_\w+),\s*(" + lit + r"),\s*(" + lit + r")\)", src):
        def join(x):
            return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', x))
        rows.append((m.group(1), join(m.group(2)), join(m.group(3))))
    return rows


def words_of(fmt):
    """The words of a catalogue string: letters only, three or more, the
    printf conversions and escapes left out; lower case."""
    fmt = re.sub(r"%[-+ 0#]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|z|j|t)?[a-zA-Z%]", " ", fmt)
    fmt = re.sub(r"\\.", " ", fmt)
    # rule keys and values ("score.model", "revoke_table_may_agree") are
    # identifiers, not words
    fmt = re.sub(r"[\w-]*[._][\w.-]*", " ", fmt)
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", fmt)}


ROWS = catalogue()
assert len(ROWS) > 500, "the catalogue was not read from src/words/lang.c"
assert any(r[0].startswith("DK_MSG_SW_") for r in ROWS), "no rows of show's text (DK_MSG_SW_)"
# the notation reader's errors (DK_MSG_NT_) list the keywords it takes in
# both languages ("gesund/healthy"): they are no evidence of a language
SAID = [r for r in ROWS if not r[0].startswith("DK_MSG_NT_")]
EN_WORDS = set().union(*(words_of(r[1]) for r in SAID))
DE_WORDS = set().union(*(words_of(r[2]) for r in SAID))
# a word of one language's strings that the other's never use
ONLY = {"en": EN_WORDS - DE_WORDS, "de": DE_WORDS - EN_WORDS}
assert {"dealer", "trick", "healthy"} <= ONLY["en"], "English-only words not found"
assert {"geber", "stich", "spielfindung"} <= ONLY["de"], "German-only words not found"


def record_blob(path):
    """The record's name, what it and the rule set files hold, white space
    made single spaces: the words a view repeats from them are not its
    own."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            text = html.unescape(f.read())
    except OSError:
        text = ""
    return "\n".join((path, " ".join(text.split()), RULESET_BLOB, BLOB))


def record_names(path):
    """The words of the players' names of a record (a name is as short as
    "Ben": no run of PIECE characters tells it from a label)."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return set()
    names = [html.unescape(n) for n in re.findall(r'<player\b[^>]*\bname="([^"]*)"', text)]
    for line in re.findall(r"(?mi)^\s*(?:players|spieler)\s*:(.*)$", text):
        names += [a or b for a, b in re.findall(r'"([^"]*)"|([^,\s"]+)', line)]
    return {w.lower() for n in names for w in re.findall(r"[^\W\d_]+", n)}


def rule_files_text():
    out = []
    for path in sorted(glob.glob("rulesets/*.yaml") + glob.glob("tests/check/*/*.yaml")):
        with open(path, encoding="utf-8") as f:
            out.append(" ".join(f.read().split()))
    return "\n".join(out)


RULESET_BLOB = rule_files_text()


def scan_catalogue(lang, what, text, record):
    """Fail on a word of the other language's catalogue strings in text,
    outside what the record and the rule set files bring along."""
    global fails
    # the rule a ruling rests on: its key and the section of its source
    # as the rule set file names it, "(penalty.revoke, Wertungen)"
    cited = {w.lower() for m in re.finditer(r"\([a-z_]+\.[\w.]+,\s+([^()]*)\)", text)
             for w in re.findall(r"[^\W\d_]+", m.group(1))}
    other = ONLY["de" if lang == "en" else "en"] - record_names(record) - cited
    # a rule key of the format itself, cited bare: "(parties)"
    text = re.sub(r"\((parties|play|deal)\)", " ", text)
    blob = record_blob(record)
    bad = []
    for line in text.splitlines():
        for m in re.finditer(r"[^\W\d_]{3,}", line):
            if m.group(0).lower() in other and not in_source(line, m.start(), m.end(), blob):
                bad.append(m.group(0))
    if bad:
        fails += 1
        seen = sorted(set(bad))
        print("FAIL: %s --lang %s: words of the other language: %s"
              % (what, lang, ", ".join(seen[:12])))
        for line in text.splitlines():
            if any(re.search(r"(?<!\w)" + re.escape(b) + r"(?!\w)", line) for b in seen[:3]):
                print("    " + line[:200])
                break


def run(args):
    p = subprocess.run([dokoref] + args, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode > 1:
        sys.exit("dokoref %s ...: exit %d\n%s" % (" ".join(args[:3]), p.returncode,
                                                  p.stderr.decode("utf-8", "replace")))
    return p.stdout.decode("utf-8")


fails = 0


def scan(lang, what, text, files, blob=None):
    global fails
    bad = []
    if lang == "en":
        for m in german_letter.finditer(text):
            bad.append(m.group(0))
    else:
        for m in english_letter.finditer(text):
            bad.append(m.group(0))
        if text.lstrip().startswith("<!DOCTYPE"):
            text = html_words(text)
        text = strip_record_words(html.unescape(text), files)
        lines = text.splitlines()
        starts, n = [], 0
        for line in lines:
            starts.append(n)
            n += len(line) + 1
        for m in word.finditer(text):
            k = bisect.bisect_right(starts, m.start()) - 1
            a = m.start() - starts[k]
            if not in_source(lines[k], a, a + len(m.group(0)), blob):
                bad.append(m.group(0))
    if bad:
        fails += 1
        seen = sorted(set(bad))
        print("FAIL: %s --lang %s: %s" % (what, lang, ", ".join(seen[:12])))
        for line in text.splitlines():
            if any(b in line for b in seen[:3]):
                print("    " + line[:200])
                break


views = 0
for lang in ("en", "de"):
    games = [f for f in records if not f.endswith(".csv")]
    for cmd, files in ((["check"], games), (["audit", "-v"], records)):
        text = run(cmd + ["--lang", lang] + files)
        scan(lang, " ".join(cmd) + " (every record)", text, records)
        views += 1
    for f in games:
        shown = run(["show", "--lang", lang, f])
        scan(lang, "show " + f, shown, [f], record_blob(f))
        scan_catalogue(lang, "show " + f, shown, f)
        scan(lang, "show --format html " + f,
             run(["show", "--format", "html", "--lang", lang, f]), [f])
        scan(lang, "replay " + f, run(["replay", "--lang", lang, f]), [f])
        views += 3

print("%d records, %d views in two languages, %d failing" % (len(records), views, fails))
sys.exit(1 if fails else 0)

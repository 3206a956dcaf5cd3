#!/usr/bin/env python3
"""Every link of the Markdown files given resolves.

    check_links.py FILE.md...

A link or image target that is a relative path must name a file or a
folder of the tree, relative to the file that holds the link; a target
with an anchor (PATH#anchor, or #anchor alone for the same file) into a
Markdown file must name one of its headings, made into an anchor as the
code hosts make them (lower case; punctuation but '-' and '_' dropped;
spaces to '-'; a repeated heading gets -1, -2, ...).  Links to the web
(http:, https:, mailto:) are not followed.  Prints each link that does
not resolve, with its file and line; exit status 1 if there is one.
"""
import os
import re
import sys

LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
FENCE = re.compile(r'^\s*(```|~~~)')


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    fenced = None
    for n, line in enumerate(text.split('\n'), 1):
        m = FENCE.match(line)
        if m:
            if fenced is None:
                fenced = m.group(1)
            elif m.group(1) == fenced:
                fenced = None
            continue
        if fenced is None:
            yield n, line


def anchor_of(heading):
    text = re.sub(r'`([^`]*)`', r'\1', heading)
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)   # a link: its text
    text = re.sub(r'<[^>]+>', '', text)
    text = text.strip().lower()
    text = ''.join(c for c in text if c.isalnum() or c in ' -_')
    return text.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        with open(path, encoding='utf-8') as f:
            for _, line in prose_lines(f.read()):
                m = re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
                if not m:
                    continue
                a = anchor_of(m.group(1))
                k = seen.get(a, 0)
                seen[a] = k + 1
                found.add(a if k == 0 else '%s-%d' % (a, k))
        cache[path] = found
    return cache[path]


def check(md):
    bad = []
    base = os.path.dirname(os.path.abspath(md))
    with open(md, encoding='utf-8') as f:
        text = f.read()
    for n, line in prose_lines(text):
        # code spans hold no links
        line = re.sub(r'`[^`]*`', '``', line)
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.I):
                continue
            path, _, frag = target.partition('#')
            where = os.path.normpath(os.path.join(base, path)) if path else os.path.abspath(md)
            if not os.path.exists(where):
                bad.append('%s:%d: %s: no such file' % (md, n, target))
                continue
            if frag and where.endswith('.md') and frag.lower() not in anchors(where):
                bad.append('%s:%d: %s: no heading with that anchor' % (md, n, target))
    return bad


def main(argv):
    if len(argv) < 2:
        print('usage: check_links.py FILE.md...', file=sys.stderr)
        return 2
    bad = []
    links = 0
    for md in argv[1:]:
        bad += check(md)
    for b in bad:
        print(b)
    if bad:
        print('%d link(s) do not resolve' % len(bad))
        return 1
    print('every link resolves: %s' % ' '.join(argv[1:]))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

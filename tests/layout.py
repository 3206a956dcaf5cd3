#!/usr/bin/env python3
"""The house keeps its shape: every check here names what broke it.

- no source file in src/ over 1,500 lines;
- the folders of src/ stand on floors, and a file includes only headers of
  its own folder or of a folder below it (the floors are FLOORS below);
- no history in the product: no "session 12" or "issue 7" in src/, docs/,
  man/ or the README.

Usage: layout.py SOURCE_ROOT
"""
import os
import re
import sys

MAX_LINES = 1500

# a folder may include headers of the folders listed for it, and its own
FLOORS = {
    'core': [],
    'ruleset': ['core'],
    'solve': ['core'],
    'judge': ['core', 'solve'],
    'words': ['core'],
    'fmt': ['core', 'ruleset', 'words'],
    'report': ['core', 'ruleset', 'solve', 'judge', 'words', 'fmt'],
    'lib': ['core', 'ruleset', 'solve', 'judge', 'words', 'fmt', 'report'],
    'cli': ['core', 'ruleset', 'solve', 'judge', 'words', 'fmt', 'report',
            'lib'],
    'wasm': ['lib'],
}

HISTORY = re.compile(r'\b(session|issue) [0-9]+', re.I)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources(root):
    for folder in sorted(os.listdir(os.path.join(root, 'src'))):
        path = os.path.join(root, 'src', folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(('.c', '.h')):
                yield folder, name, os.path.join(path, name)


def main(root):
    problems = []
    home = {}          # header name -> its folder
    files = list(sources(root))
    for folder, name, _ in files:
        if name.endswith('.h'):
            if name in home and home[name] != folder:
                problems.append('two headers named %s: src/%s and src/%s'
                                % (name, home[name], folder))
            home[name] = folder

    for folder, name, path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        if len(lines) - 1 > MAX_LINES:
            problems.append('%s: %d lines, more than %d: split it along its '
                            'seams' % (rel, len(lines) - 1, MAX_LINES))
        if folder not in FLOORS:
            problems.append('%s: the folder src/%s has no floor in '
                            'tests/layout.py' % (rel, folder))
            continue
        for no, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            header = os.path.basename(m.group(1))
            there = home.get(header)
            if there is None:
                continue            # a header of a library or a generated one
            if there != folder and there not in FLOORS[folder]:
                problems.append('%s:%d: includes %s from src/%s, a floor '
                                'src/%s may not use' % (rel, no, header,
                                                        there, folder))

    product = [os.path.join(root, 'README.md')]
    for top in ('src', 'docs', 'man'):
        for base, _, names in os.walk(os.path.join(root, top)):
            product += [os.path.join(base, n) for n in sorted(names)]
    for path in product:
        try:
            with open(path, encoding='utf-8') as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        for no, line in enumerate(text.split('\n'), 1):
            m = HISTORY.search(line)
            if m:
                problems.append('%s:%d: "%s": the product speaks of the '
                                'product, not of its history'
                                % (os.path.relpath(path, root), no,
                                   m.group(0)))

    for p in problems:
        print(p)
    print('%d source files, %d problems' % (len(files), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))

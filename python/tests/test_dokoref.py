"""unittest for the dokoref Python package against libdokoref.

Run from the source tree (meson does, with DOKOREF_LIB pointing at the
library it built):

    DOKOREF_LIB=build/libdokoref.so DOKOREF_RULES_PATH=rulesets \\
        PYTHONPATH=python python3 -m unittest discover -s python/tests

The figures are worked by hand in the records' comments
(samples/normal-ddv.doko: Re 144:96, value 2; the revoke sample: Kontra
140:100, won +1 and against the Re party +1, Zeno's revoke in trick 11).
"""
import gzip
import os
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

import dokoref  # noqa: E402

NORMAL = os.path.join(ROOT, "samples", "normal-ddv.doko")
REVOKE = os.path.join(ROOT, "tests", "check", "findings",
                      "revoke--ddv--cannot-decide-the-winner.xml")
SESSION = os.path.join(ROOT, "samples", "session-unsere-2024.xml")


class TestDokoref(unittest.TestCase):
    def test_version(self):
        self.assertEqual(dokoref.version(), dokoref.__version__)
        self.assertEqual(dokoref.library_version(), 100)

    def test_normal_game(self):
        (v,) = dokoref.judge(NORMAL)
        self.assertEqual(v.index, 1)
        self.assertEqual(v.rules, "ddv")
        self.assertEqual(v.type, "normal")
        self.assertEqual(v.winner, "re")
        self.assertEqual(v.value, 2)
        self.assertEqual(v.card_points, {"re": 144, "kontra": 96})
        self.assertEqual([(p.name, p.party, p.score, p.recorded) for p in v.players],
                         [("Anna", "re", 2, 2), ("Ben", "kontra", -2, -2),
                          ("Clara", "re", 2, 2), ("David", "kontra", -2, -2)])
        self.assertEqual(v.findings, [])
        self.assertEqual(v.recorded_wrong, 0)

    def test_finding_as_dict(self):
        (v,) = dokoref.judge(REVOKE, json=True, text="de")
        d = v.as_dict()
        self.assertEqual(d["winner"], "kontra")
        self.assertEqual(d["value"], -2)
        self.assertEqual(len(d["findings"]), 1)
        f = d["findings"][0]
        self.assertEqual((f["code"], f["kind"], f["trick"], f["card"], f["card_code"],
                          f["player"], f["line"]),
                         ("revoke", "irregularity", 11, 43, "DA", "Zeno", 103))
        self.assertEqual(d["json"]["findings"][0]["code"], "revoke")
        self.assertEqual(d["json"]["winner"], "kontra")
        self.assertIn("Normalspiel", d["text"])

    def test_memory_and_rules(self):
        with open(NORMAL, "rb") as fh:
            data = fh.read()
        (v,) = list(dokoref.Record.from_bytes(data, "typed.doko", rules="ddv"))
        self.assertEqual((v.file, v.winner, v.value), ("typed.doko", "re", 2))
        # gzip in memory is inflated, the notation recognised inside it
        (v,) = list(dokoref.Record.from_bytes(gzip.compress(data), "typed.doko.gz"))
        self.assertEqual((v.rules, v.winner, v.value), ("ddv", "re", 2))
        # without the Fuchs scored, Re's 2 (won +1, Re +2, Kontra's Fuchs -1) is 3
        nofox = dokoref.Rules.from_yaml(
            "name: nofox\nbase: ddv\nrules:\n  score.fox:\n    value: false\n"
            "    source: \"test: no Fuchs\"\n", "nofox.yaml")
        self.assertEqual(nofox.name, "nofox")
        (v,) = dokoref.judge(NORMAL, rules=nofox)
        self.assertEqual((v.rules, v.value, v.recorded_wrong), ("nofox", 3, 4))
        t = dokoref.Rules.from_file(os.path.join(ROOT, "rulesets", "turnier-2022.yaml"))
        self.assertEqual(t.name, "turnier-2022")
        self.assertEqual(dokoref.Rules("ddv").name, "ddv")

    def test_search_limit(self):
        # game 9's cost needs about 30 million positions: settled by default,
        # "not settled" within 1,000 (the same as check --search-limit)
        log = os.path.join(ROOT, "tests", "freedoko", "genscher.gameplay-debug.log")
        costs = {}
        for limit in (None, 1000):
            games = list(dokoref.Record(log, text="en", search_limit=limit))
            (v,) = [g for g in games if g.index == 9]
            costs[limit] = v.text
        self.assertIn("minor (TSR 9.3, reading D19, dokoref-readings(7))", costs[None])
        self.assertIn("not settled: the search stopped after", costs[1000])
        self.assertNotIn("not settled", costs[None])

    def test_errors(self):
        with self.assertRaises(dokoref.DokorefError) as cm:
            dokoref.Rules("no-such-rule-set")
        self.assertEqual(cm.exception.code, dokoref.E_INVALID)
        with self.assertRaises(dokoref.DokorefError) as cm:
            dokoref.judge(os.path.join(ROOT, "no", "such.xml"))
        self.assertEqual(cm.exception.code, dokoref.E_SYSTEM)
        broken = b'<?xml version="1.0"?>\n<dokoref version="1">\n  <game>\n    <players>\n</dokoref>\n'
        with self.assertRaises(dokoref.DokorefError) as cm:
            list(dokoref.Record.from_bytes(broken, "broken.xml"))
        self.assertEqual((cm.exception.file, cm.exception.line), ("broken.xml", 5))

    def test_nul_in_a_name(self):
        # the library reads each name up to its first NUL: 'ddv\0anything'
        # would load ddv, and a path with a NUL another file
        yaml = "name: y\nbase: ddv\nrules: {}\n"
        with open(NORMAL, "rb") as f:
            data = f.read()
        calls = [
            lambda: dokoref.Rules("ddv\x00anything"),
            lambda: dokoref.Rules(b"ddv\x00anything"),
            lambda: dokoref.Rules.from_file(os.path.join(ROOT, "rulesets", "ddv.yaml")
                                            + "\x00.txt"),
            lambda: dokoref.Rules.from_yaml(yaml, name="y\x00z"),
            lambda: dokoref.judge(NORMAL + "\x00.xml"),
            lambda: dokoref.open(NORMAL, rules="ddv\x00anything"),
            lambda: dokoref.Record.from_bytes(data, name="a\x00b"),
        ]
        for i, call in enumerate(calls):
            with self.subTest(call=i):
                with self.assertRaisesRegex(ValueError, "NUL"):
                    call()
        # the same names without the NUL load as before
        self.assertEqual(dokoref.Rules("ddv").name, "ddv")
        self.assertEqual(dokoref.Rules.from_yaml(yaml, name="y").name, "y")

    def test_session_in_threads(self):
        alone = [v.as_dict() for v in dokoref.judge(SESSION, json=True)]
        self.assertEqual(len(alone), 6)
        # every score the table wrote down is the entry, Bock included
        self.assertEqual([v["recorded_wrong"] for v in alone], [0] * 6)
        out = [None, None]

        def run(i):
            out[i] = [v.as_dict() for v in dokoref.judge(SESSION, json=True)]

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(out[0], alone)
        self.assertEqual(out[1], alone)

    def test_example(self):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.path.dirname(HERE)
        p = subprocess.run([sys.executable, os.path.join(ROOT, "python", "examples",
                                                         "audit_dicts.py"), SESSION, REVOKE],
                           env=env, capture_output=True, text=True, check=True)
        lines = p.stdout.splitlines()
        self.assertEqual(lines[0], "7 games, 1 with findings")
        self.assertEqual(lines[1], "  revoke: 1")


if __name__ == "__main__":
    unittest.main()

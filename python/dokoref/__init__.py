"""dokoref: judge recorded Doppelkopf games (ctypes bindings for libdokoref).

    import dokoref
    with dokoref.open("games.xml") as rec:
        for verdict in rec:
            print(verdict.index, verdict.winner, verdict.value)

Every verdict is a plain Python object (``Verdict``) made while its game is
current, so it stays valid after the record moved on; ``as_dict()`` gives
it as a dict of plain values.  Errors raise ``DokorefError`` with the file,
line, column and message.  Only the standard library is used.
"""

import ctypes
import ctypes.util
import json as _json
import os
from dataclasses import asdict, dataclass, field
from typing import Iterator, List, Optional

__all__ = [
    "DokorefError", "Rules", "Record", "Verdict", "Finding", "Player",
    "open", "judge", "version", "library_version",
]

__version__ = "0.1.0"

# ---- the library ------------------------------------------------------------

E_INVALID, E_SYSTEM, E_USAGE = -1, -2, -3
ITEM_ERROR, ITEM_END, ITEM_GAME, ITEM_SESSION_START, ITEM_SESSION_END = -1, 0, 1, 2, 3
JUDGE_NO_PENALTIES = 1
LANGS = {"en": 0, "de": 1}


class _Error(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_int),
        ("severity", ctypes.c_int),
        ("file", ctypes.c_char * 512),
        ("line", ctypes.c_uint),
        ("column", ctypes.c_uint),
        ("message", ctypes.c_char * 1024),
    ]


class _OpenOptions(ctypes.Structure):
    _fields_ = [
        ("max_input_size", ctypes.c_ulonglong),
        ("rules_name", ctypes.c_char_p),
        ("rules", ctypes.c_void_p),
        ("accept_rule_differences", ctypes.c_int),
    ]


class _Finding(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_char_p),
        ("kind", ctypes.c_char_p),
        ("trick", ctypes.c_int),
        ("card", ctypes.c_int),
        ("card_code", ctypes.c_char_p),
        ("player", ctypes.c_char_p),
        ("line", ctypes.c_uint),
        ("column", ctypes.c_uint),
        ("rule", ctypes.c_char_p),
    ]


_P = ctypes.c_void_p
_S = ctypes.c_char_p
_ERR = ctypes.POINTER(_Error)

# name: (result type, argument types)
_SIGNATURES = {
    "dokoref_version": (_S, []),
    "dokoref_version_number": (ctypes.c_int, []),
    "dokoref_free": (None, [_P]),
    "dokoref_rules_load": (_P, [_S, _ERR]),
    "dokoref_rules_load_file": (_P, [_S, _ERR]),
    "dokoref_rules_from_yaml": (_P, [_S, ctypes.c_size_t, _S, _ERR]),
    "dokoref_rules_name": (_S, [_P]),
    "dokoref_rules_free": (None, [_P]),
    "dokoref_record_open_file": (_P, [_S, ctypes.POINTER(_OpenOptions), _ERR]),
    "dokoref_record_open_memory": (_P, [_S, ctypes.c_size_t, _S,
                                        ctypes.POINTER(_OpenOptions), _ERR]),
    "dokoref_record_free": (None, [_P]),
    "dokoref_record_next": (ctypes.c_int, [_P]),
    "dokoref_record_game_ok": (ctypes.c_int, [_P]),
    "dokoref_record_game_index": (ctypes.c_long, [_P]),
    "dokoref_record_file": (_S, [_P]),
    "dokoref_record_message_count": (ctypes.c_size_t, [_P]),
    "dokoref_record_message": (ctypes.c_int, [_P, ctypes.c_size_t, _ERR]),
    "dokoref_record_status": (ctypes.c_int, [_P]),
    "dokoref_verdict_new": (_P, []),
    "dokoref_verdict_free": (None, [_P]),
    "dokoref_verdict_set_search_limit": (None, [_P, ctypes.c_long]),
    "dokoref_judge": (ctypes.c_int, [_P, _P, ctypes.c_uint, _ERR]),
    "dokoref_verdict_game_index": (ctypes.c_long, [_P]),
    "dokoref_verdict_rules": (_S, [_P]),
    "dokoref_verdict_type": (_S, [_P]),
    "dokoref_verdict_player": (_S, [_P, ctypes.c_int]),
    "dokoref_verdict_party": (_S, [_P, ctypes.c_int]),
    "dokoref_verdict_card_points": (ctypes.c_int, [_P, _S]),
    "dokoref_verdict_errors": (ctypes.c_int, [_P]),
    "dokoref_verdict_warnings": (ctypes.c_int, [_P]),
    "dokoref_verdict_finding_count": (ctypes.c_size_t, [_P]),
    "dokoref_verdict_finding": (ctypes.c_int, [_P, ctypes.c_size_t, ctypes.POINTER(_Finding)]),
    "dokoref_verdict_scored": (ctypes.c_int, [_P]),
    "dokoref_verdict_winner": (_S, [_P]),
    "dokoref_verdict_value": (ctypes.c_long, [_P]),
    "dokoref_verdict_score": (ctypes.c_long, [_P, ctypes.c_int]),
    "dokoref_verdict_objected": (ctypes.c_int, [_P]),
    "dokoref_verdict_objected_score": (ctypes.c_long, [_P, ctypes.c_int]),
    "dokoref_verdict_bock": (ctypes.c_long, [_P]),
    "dokoref_verdict_entry": (ctypes.c_long, [_P, ctypes.c_int]),
    "dokoref_verdict_recorded_score": (ctypes.c_int, [_P, ctypes.c_int,
                                                      ctypes.POINTER(ctypes.c_long)]),
    "dokoref_verdict_recorded_wrong": (ctypes.c_int, [_P]),
    "dokoref_verdict_text": (_P, [_P, ctypes.c_int, ctypes.c_uint]),
    "dokoref_verdict_json": (_P, [_P]),
}


def _find_library() -> str:
    path = os.environ.get("DOKOREF_LIB")
    if path:
        return path
    found = ctypes.util.find_library("dokoref")
    if found:
        return found
    raise OSError("libdokoref not found: install it (meson install) or set DOKOREF_LIB "
                  "to the path of libdokoref.so")


def _load():
    lib = ctypes.CDLL(_find_library())
    for name, (res, args) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    return lib


_lib = None


def _L():
    global _lib
    if _lib is None:
        _lib = _load()
    return _lib


def _str(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8", "replace")


def _enc(s, what: str = "a name") -> Optional[bytes]:
    """A name or path for the library, which reads it up to its first NUL:
    a NUL inside would cut it short there unseen ('ddv\\0x' loading ddv),
    so it is refused, as Python's own os functions refuse it."""
    if s is None:
        return None
    b = os.fsencode(s) if not isinstance(s, bytes) else s
    if b"\0" in b:
        raise ValueError("%s holds a NUL character: %r" % (what, s))
    return b


def _take(ptr) -> Optional[str]:
    """A char * the library gave us: copied, then freed."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        _L().dokoref_free(ptr)


def version() -> str:
    """The version of the libdokoref loaded."""
    return _str(_L().dokoref_version())


def library_version() -> int:
    """MAJOR * 10000 + MINOR * 100 + PATCH of the libdokoref loaded."""
    return _L().dokoref_version_number()


# ---- errors -------------------------------------------------------------------


class DokorefError(Exception):
    """A record or rule set that cannot be used: where and what."""

    def __init__(self, code: int, message: str, file: str = "", line: int = 0,
                 column: int = 0):
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        where = file
        if file and line:
            where = "%s:%d:%d" % (file, line, column) if column else "%s:%d" % (file, line)
        super().__init__("%s: %s" % (where, message) if where else message)

    @classmethod
    def _from(cls, e: _Error) -> "DokorefError":
        return cls(e.code, _str(e.message), _str(e.file), e.line, e.column)


# ---- values -------------------------------------------------------------------


@dataclass
class Finding:
    code: str
    kind: str
    trick: int
    card: int
    card_code: Optional[str]
    player: Optional[str]
    line: int
    column: int
    rule: Optional[str]


@dataclass
class Player:
    name: str
    party: Optional[str]
    score: int             # as played
    objected_score: int    # with a recorded objection applied
    entry: int             # what must be written down, Bock included
    recorded: Optional[int]  # what the table wrote down, if it did


@dataclass
class Verdict:
    file: str
    index: int
    rules: str
    type: str
    scored: bool
    winner: Optional[str]   # "re", "kontra", "none"; None if not played to its end
    value: int              # signed as Re's (negative when Kontra won)
    card_points: dict
    players: List[Player]
    findings: List[Finding]
    errors: int
    warnings: int
    objected: bool
    bock: int
    recorded_wrong: int     # players whose recorded score is not the entry; -1 not scored
    text: Optional[str] = None    # as `dokoref check` words it, if asked for
    json: Optional[dict] = field(default=None, repr=False)  # check's JSON object, if asked

    def as_dict(self) -> dict:
        """The verdict as a dict of plain values (lists and dicts)."""
        return asdict(self)


def _verdict(v, file: str, text_lang: Optional[str], with_json: bool) -> Verdict:
    L = _L()
    players = []
    for i in range(4):
        name = L.dokoref_verdict_player(v, i)
        if name is None:
            continue
        rec = ctypes.c_long(0)
        has = L.dokoref_verdict_recorded_score(v, i, ctypes.byref(rec))
        players.append(Player(_str(name), _str(L.dokoref_verdict_party(v, i)),
                              L.dokoref_verdict_score(v, i),
                              L.dokoref_verdict_objected_score(v, i),
                              L.dokoref_verdict_entry(v, i),
                              rec.value if has else None))
    findings = []
    f = _Finding()
    for i in range(L.dokoref_verdict_finding_count(v)):
        L.dokoref_verdict_finding(v, i, ctypes.byref(f))
        findings.append(Finding(_str(f.code), _str(f.kind), f.trick, f.card,
                                _str(f.card_code), _str(f.player), f.line, f.column,
                                _str(f.rule)))
    text = None
    if text_lang is not None:
        if text_lang not in LANGS:
            raise ValueError("text takes 'en' or 'de', not %r" % (text_lang,))
        text = _take(L.dokoref_verdict_text(v, LANGS[text_lang], 0))
    js = _json.loads(_take(L.dokoref_verdict_json(v))) if with_json else None
    return Verdict(
        file=file,
        index=L.dokoref_verdict_game_index(v),
        rules=_str(L.dokoref_verdict_rules(v)),
        type=_str(L.dokoref_verdict_type(v)),
        scored=bool(L.dokoref_verdict_scored(v)),
        winner=_str(L.dokoref_verdict_winner(v)),
        value=L.dokoref_verdict_value(v),
        card_points={"re": L.dokoref_verdict_card_points(v, b"re"),
                     "kontra": L.dokoref_verdict_card_points(v, b"kontra")},
        players=players,
        findings=findings,
        errors=L.dokoref_verdict_errors(v),
        warnings=L.dokoref_verdict_warnings(v),
        objected=bool(L.dokoref_verdict_objected(v)),
        bock=L.dokoref_verdict_bock(v),
        recorded_wrong=L.dokoref_verdict_recorded_wrong(v),
        text=text,
        json=js,
    )


# ---- rule sets ----------------------------------------------------------------


class Rules:
    """A loaded rule set: Rules("ddv"), Rules.from_file(path), Rules.from_yaml(text)."""

    def __init__(self, name_or_path: str, _handle=None):
        if _handle is None:
            err = _Error()
            _handle = _L().dokoref_rules_load(_enc(name_or_path, "a rule set name or path"), ctypes.byref(err))
            if not _handle:
                raise DokorefError._from(err)
        self._h = _handle

    @classmethod
    def from_file(cls, path) -> "Rules":
        err = _Error()
        h = _L().dokoref_rules_load_file(_enc(path, "a path"), ctypes.byref(err))
        if not h:
            raise DokorefError._from(err)
        return cls("", _handle=h)

    @classmethod
    def from_yaml(cls, text, name: str = "<yaml>") -> "Rules":
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        err = _Error()
        h = _L().dokoref_rules_from_yaml(data, len(data), _enc(name, "a name"), ctypes.byref(err))
        if not h:
            raise DokorefError._from(err)
        return cls("", _handle=h)

    @property
    def name(self) -> str:
        return _str(_L().dokoref_rules_name(self._h))

    def close(self):
        if self._h:
            _L().dokoref_rules_free(self._h)
            self._h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---- records ------------------------------------------------------------------


class Record:
    """An open record; iterate it for the verdict of each game.

    Record(path) or Record.from_bytes(data, name); options: rules (a name,
    a path or a Rules) to judge under instead of the record's,
    max_input_size, accept_rule_differences; text ("en" or "de") to have each
    verdict's text, json=True for check's JSON object, penalties=False to
    leave out what each finding would cost, search_limit (positions a
    question of that search may visit: 0 no limit, None the library's
    default).  Games with errors are skipped;
    their messages collect in ``messages`` (DokorefError objects with
    severity "error" or "warning").
    """

    def __init__(self, path=None, *, rules=None, max_input_size: int = 0,
                 accept_rule_differences: bool = False, text: Optional[str] = None,
                 json: bool = False, penalties: bool = True,
                 search_limit: Optional[int] = None, _data=None, _name=None):
        self._h = None
        self._v = None
        self._rules = rules if isinstance(rules, Rules) else None
        self.text = text
        self.json = json
        self.penalties = penalties
        self.messages: List[DokorefError] = []
        opts = _OpenOptions()
        opts.max_input_size = max_input_size
        self._rules_name = None
        if isinstance(rules, Rules):
            opts.rules = rules._h
        elif rules is not None:
            self._rules_name = _enc(rules, "a rule set name or path")
            opts.rules_name = self._rules_name
        opts.accept_rule_differences = 1 if accept_rule_differences else 0
        err = _Error()
        L = _L()
        if _data is not None:
            h = L.dokoref_record_open_memory(_data, len(_data), _enc(_name or "<memory>", "a name"),
                                             ctypes.byref(opts), ctypes.byref(err))
        else:
            h = L.dokoref_record_open_file(_enc(path, "a path"), ctypes.byref(opts), ctypes.byref(err))
        if not h:
            raise DokorefError._from(err)
        self._h = h
        self._v = L.dokoref_verdict_new()
        L.dokoref_verdict_set_search_limit(self._v, -1 if search_limit is None else search_limit)
        self.file = _str(L.dokoref_record_file(h))

    @classmethod
    def from_bytes(cls, data, name: str = "<memory>", **options) -> "Record":
        if isinstance(data, str):
            data = data.encode("utf-8")
        return cls(None, _data=bytes(data), _name=name, **options)

    def _collect(self):
        L = _L()
        e = _Error()
        for i in range(L.dokoref_record_message_count(self._h)):
            L.dokoref_record_message(self._h, i, ctypes.byref(e))
            err = DokorefError._from(e)
            err.severity = "error" if e.severity == 0 else "warning"
            self.messages.append(err)

    def __iter__(self) -> Iterator[Verdict]:
        if not self._h:
            raise ValueError("the record is closed")
        L = _L()
        err = _Error()
        flags = 0 if self.penalties else JUDGE_NO_PENALTIES
        while True:
            item = L.dokoref_record_next(self._h)
            self._collect()
            if item == ITEM_END:
                return
            if item == ITEM_ERROR:
                bad = [m for m in self.messages if m.severity == "error"]
                raise bad[-1] if bad else DokorefError(E_INVALID, "the record cannot be read",
                                                      self.file)
            if item != ITEM_GAME or not L.dokoref_record_game_ok(self._h):
                continue
            if L.dokoref_judge(self._v, self._h, flags, ctypes.byref(err)) != 0:
                raise DokorefError._from(err)
            yield _verdict(self._v, self.file, self.text, self.json)

    @property
    def ok(self) -> bool:
        """False once an item of the record was invalid."""
        return _L().dokoref_record_status(self._h) == 0

    def close(self):
        L = _L()
        if self._v:
            L.dokoref_verdict_free(self._v)
            self._v = None
        if self._h:
            L.dokoref_record_free(self._h)
            self._h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open(path, **options) -> Record:  # noqa: A001 - dokoref.open, as in the C API
    """Open a record file (XML, gzip, .doko notation, FreeDoko); see Record."""
    return Record(path, **options)


def judge(path, **options) -> List[Verdict]:
    """Every game of the record file judged, as a list of Verdict objects."""
    with Record(path, **options) as rec:
        return list(rec)

# SPDX-License-Identifier: GPL-3.0-or-later
"""JSON inside PySolFC, even where Python's ``json`` module is absent.

A frozen PySolFC (PyInstaller, py2app) carries only the standard modules
that PySolFC and its packages import, so ``json`` may be missing there
(tests/test_frozen_app.py runs a build without it).  The games then keep
their settings and the test state file with the small encoder and parser
below, made for the plain data they hold: dicts with string keys, lists,
strings, numbers, booleans and None.  Where ``json`` exists, it is used.
"""
import re

try:
    import json
except ImportError:         # a frozen PySolFC built without json
    json = None


def dumps(obj):
    """``obj`` as JSON text (what ``json.dumps`` gives)."""
    if json is not None:
        return json.dumps(obj)
    return _dump(obj)


def loads(text):
    """The value of the JSON ``text``; ValueError when it is not JSON."""
    if json is not None:
        return json.loads(text)
    return _Parser(text).document()


# ----------------------------------------------------------- the encoder

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _char(c):
    if c in _ESCAPES:
        return _ESCAPES[c]
    if " " <= c < "\x7f":
        return c
    n = ord(c)
    if n > 0xFFFF:              # as json does: a UTF-16 surrogate pair
        n -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (n >> 10), 0xDC00 + (n & 0x3FF))
    return "\\u%04x" % n


def _dump(obj):
    if obj is None:
        return "null"
    if obj is True or obj is False:
        return "true" if obj else "false"
    if isinstance(obj, (int, float)):
        return repr(obj)
    if isinstance(obj, str):
        return '"' + "".join(_char(c) for c in obj) + '"'
    if isinstance(obj, (list, tuple)):
        return "[" + ", ".join(_dump(x) for x in obj) + "]"
    if isinstance(obj, dict):
        return "{" + ", ".join(_dump(k if isinstance(k, str) else _dump(k))
                               + ": " + _dump(v)
                               for k, v in obj.items()) + "}"
    raise TypeError("%r cannot be written as JSON" % (obj,))


# ------------------------------------------------------------ the parser

_TOKEN = re.compile(r"""\s*(?:
    (?P<punct>[\[\]{}:,])
  | "(?P<string>(?:[^"\\\x00-\x1f]|\\.)*)"
  | (?P<number>-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)
  | (?P<word>true|false|null)
)""", re.VERBOSE | re.DOTALL)
_UNESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))", re.DOTALL)
_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f",
           "n": "\n", "r": "\r", "t": "\t"}
_WORDS = {"true": True, "false": False, "null": None}


def _unescape(m):
    if m.group(1):
        return chr(int(m.group(1), 16))
    if m.group(2) not in _SIMPLE:
        raise ValueError("bad escape \\%s in a JSON string" % m.group(2))
    return _SIMPLE[m.group(2)]


class _Parser:
    def __init__(self, text):
        self.text, self.pos = text, 0

    def token(self):
        m = _TOKEN.match(self.text, self.pos)
        if not m:
            raise ValueError("not JSON at character %d" % self.pos)
        self.pos = m.end()
        return m

    def document(self):
        value = self.value(self.token())
        if self.text[self.pos:].strip():
            raise ValueError("extra data after JSON at character %d"
                             % self.pos)
        return value

    def value(self, m):
        kind = m.lastgroup
        if kind == "string":
            s = _UNESCAPE.sub(_unescape, m.group("string"))
            if any("\ud800" <= c <= "\udfff" for c in s):
                # Join surrogate pairs (json's escapes of non-BMP
                # characters); a lone one is a ValueError.
                s = s.encode("utf-16-le", "surrogatepass").decode(
                    "utf-16-le")
            return s
        if kind == "number":
            n = m.group("number")
            return float(n) if any(c in n for c in ".eE") else int(n)
        if kind == "word":
            return _WORDS[m.group("word")]
        p = m.group("punct")
        if p == "[":
            return self.items("]", lambda m: self.value(m))
        if p == "{":
            out = {}

            def member(m):
                if m.lastgroup != "string":
                    raise ValueError("a JSON object key must be a string")
                key = self.value(m)
                if self.token().group("punct") != ":":
                    raise ValueError("':' expected after a JSON key")
                out[key] = self.value(self.token())
            self.items("}", member)
            return out
        raise ValueError("unexpected %r in JSON" % p)

    def items(self, close, item):
        out = []
        m = self.token()
        if m.group("punct") == close:
            return out
        while True:
            out.append(item(m))
            m = self.token()
            p = m.group("punct")
            if p == close:
                return out
            if p != ",":
                raise ValueError("',' or %r expected in JSON" % close)
            m = self.token()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Our gettext catalogs: extract the template from the English table,
bring every language's catalog up to date with it, compile them.

    python3 tools/catalogs.py extract      # locale/pysolfc-camelot.pot
    python3 tools/catalogs.py update       # every .po, as msgmerge would
    python3 tools/catalogs.py compile      # every .po -> its .mo
    python3 tools/catalogs.py all          # the three (make catalogs)
    python3 tools/catalogs.py init pl      # a new language's empty .po

The English source is ``pysolfc_camelot/texts/english.py`` (the shared
texts, ``EN``) and each registered game's ``<game>/texts.py`` (its own,
``TEXTS``): key -> text, or a (one, other) tuple; each entry of the
template has the key as its ``msgctxt``, the English text as its
``msgid`` (and the other form as its ``msgid_plural``), and the comment
right above the key as its ``#.`` note.  A catalog is
``pysolfc_camelot/locale/<lang>/LC_MESSAGES/pysolfc-camelot.po``, and its
header's ``Plural-Forms`` is PySolFC's own for that language
(``PLURAL_FORMS``).

The compiled ``.mo`` files are committed beside their ``.po`` (the plugin
reads them with the standard library's ``gettext``; PySolFC has no
compiler to offer us).  The compiler here is deterministic, standard
library only (no Babel, no msgfmt): entries sorted, no hash table, no
dates, so ``tests/test_texts.py`` can check that each committed ``.mo``
equals a fresh compile of its ``.po``, and the ``.pot`` a fresh extract,
and so is never stale.  Like msgfmt it leaves fuzzy and untranslated
entries out (the plugin then shows the English text), but the tests fail
on either.

Python 3.7 or later, standard library only.
"""
import argparse
import ast
import importlib.util
import io
import runpy
import re
import struct
import sys
import tokenize
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "pysolfc_camelot"
SOURCE = PACKAGE / "texts/english.py"
LOCALE = PACKAGE / "locale"
DOMAIN = "pysolfc-camelot"
TEMPLATE = LOCALE / (DOMAIN + ".pot")

# PySolFC's own Plural-Forms (the headers of its po/*.po, as compiled
# into the pysol.mo of 3.2.0, 3.6.1 and upstream master: all alike); it
# has no Greek catalog, so Greek is as gettext declares it.  A new
# language adds its line here (tools/catalogs.py init LANG then uses it).
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "el": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
          "n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
LANGUAGE_NAMES = {"de": "German", "el": "Greek", "fr": "French",
                  "it": "Italian", "pl": "Polish",
                  "pt_BR": "Brazilian Portuguese", "ru": "Russian"}


class CatalogError(Exception):
    """A catalog that cannot be read; the message says where and why."""


class Entry:
    """One catalog entry.  ``msgstr`` is a list: one text, or one per
    plural form."""

    def __init__(self, msgctxt, msgid, msgid_plural=None, msgstr=None,
                 notes=(), comments=(), flags=(), previous=None,
                 obsolete=False):
        self.msgctxt = msgctxt
        self.msgid = msgid
        self.msgid_plural = msgid_plural
        self.msgstr = list(msgstr) if msgstr else [""]
        self.notes = list(notes)          # #. extracted comments
        self.comments = list(comments)    # #  translator comments
        self.flags = list(flags)          # #, fuzzy, c-format ...
        self.previous = previous          # #| msgid "...": before a change
        self.obsolete = obsolete          # #~ an entry no longer used

    @property
    def fuzzy(self):
        return "fuzzy" in self.flags

    @property
    def translated(self):
        return all(self.msgstr) and not self.fuzzy


class Catalog:
    def __init__(self, header_comments, header, entries):
        self.header_comments = list(header_comments)
        self.header = header              # {field: value}, in order
        self.entries = list(entries)

    def by_context(self):
        return {e.msgctxt: e for e in self.entries if not e.obsolete}

    @property
    def nplurals(self):
        m = re.search(r"nplurals\s*=\s*(\d+)",
                      self.header.get("Plural-Forms", ""))
        return int(m.group(1)) if m else 2


# ------------------------------------------------------------- the source --

def sources():
    """The English tables' files, in the order of texts.EN: the shared
    one, then each registered game's own (a game may have none)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from pysolfc_camelot import games
    out = [SOURCE]
    for package in games.PACKAGES.values():
        found = importlib.util.find_spec(package + ".texts")
        if found is not None:
            out.append(Path(found.origin))
    return out


def source_table(paths=None):
    """The English table (key -> text or (one, other)) and the note of
    each key: the comment lines right above it, as texts/english.py says.
    ``paths``: the files (default ``sources()``), each with one table,
    ``EN`` or ``TEXTS``."""
    table, notes = {}, {}
    for path in paths or sources():
        one, its_notes = _one_source(Path(path))
        table.update(one)
        notes.update(its_notes)
    return table, notes


def _one_source(path):
    text = path.read_text(encoding="utf-8")
    found = runpy.run_path(str(path))
    table = found.get("EN", found.get("TEXTS"))
    if not isinstance(table, dict):
        raise CatalogError("%s: no EN = {...} or TEXTS = {...} table" % path)
    lines = text.splitlines()
    notes = {}
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
              if t.type not in (tokenize.NL, tokenize.COMMENT)]
    for tok, after in zip(tokens, tokens[1:]):
        # A key: a string at the table's indent, followed by a colon.
        if tok.type != tokenize.STRING or tok.start[1] != 4 or \
                after.string != ":":
            continue
        key = ast.literal_eval(tok.string)
        block, row = [], tok.start[0] - 2
        while row >= 0 and lines[row].strip().startswith("#"):
            block.insert(0, lines[row].strip()[1:].strip())
            row -= 1
        if block and not block[0].startswith("--"):
            notes[key] = " ".join(block)
    return table, notes


def template():
    """The template catalog, from the English table."""
    table, notes = source_table()
    entries = []
    for key, english in table.items():
        if isinstance(english, tuple):
            one, other = english
            entries.append(Entry(key, one, other, ["", ""],
                                 notes=[notes[key]] if key in notes else []))
        else:
            entries.append(Entry(key, english,
                                 notes=[notes[key]] if key in notes else []))
    header = {"Project-Id-Version": "pysolfc-camelot",
              "Language": "",
              "MIME-Version": "1.0",
              "Content-Type": "text/plain; charset=UTF-8",
              "Content-Transfer-Encoding": "8bit",
              "Plural-Forms": "nplurals=INTEGER; plural=EXPRESSION;"}
    comments = ["Texts of Camelot and The Plot for PySolFC: the template.",
                "SPDX-License-Identifier: GPL-3.0-or-later",
                "Made by tools/catalogs.py extract from "
                "pysolfc_camelot/texts/english.py and the games' "
                "texts.py; do not edit."]
    return Catalog(comments, header, entries)


# ------------------------------------------------------ reading a catalog --

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\",
            "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(s, where):
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise CatalogError("%s: expected a quoted string, got %r" % (where, s))
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise CatalogError("%s: unknown escape in %r" % (where, s))
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        elif c == '"':
            raise CatalogError("%s: unescaped quote in %r" % (where, s))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_po(path):
    """A .po or .pot file as a Catalog; CatalogError says what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CatalogError("%s: %s" % (path, e))
    entries, header, header_comments = [], None, []
    cur, field, fields, seen_any = None, None, {}, False

    def finish(lineno):
        nonlocal cur, field, fields, header
        if cur is None:
            return
        if "msgid" not in fields:
            raise CatalogError("%s:%d: an entry without msgid" % (
                path, lineno))
        if "msgstr" in fields:
            forms = [fields["msgstr"]]
        else:
            indices = sorted(k for k in fields if isinstance(k, int))
            if indices != list(range(len(indices))):
                raise CatalogError("%s:%d: msgstr[%s]: the plural forms "
                                   "must be numbered 0, 1, ..." % (
                                       path, lineno, indices))
            forms = [fields[k] for k in indices]
        if not forms:
            raise CatalogError("%s:%d: an entry without msgstr" % (
                path, lineno))
        e = Entry(fields.get("msgctxt"), fields["msgid"],
                  fields.get("msgid_plural"), forms, notes=cur["notes"],
                  comments=cur["comments"], flags=cur["flags"],
                  previous=cur["previous"], obsolete=cur["obsolete"])
        if e.msgid == "" and e.msgctxt is None and not e.obsolete:
            if header is not None:
                raise CatalogError("%s: two headers" % path)
            header = e
        else:
            entries.append(e)
        cur, field, fields = None, None, {}

    def new():
        return {"notes": [], "comments": [], "flags": [],
                "previous": None, "obsolete": False}

    lines = text.splitlines()
    for lineno, raw in enumerate(lines, 1):
        line = raw.strip()
        where = "%s:%d" % (path, lineno)
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            if not obsolete:
                finish(lineno)
            continue
        if line.startswith("#"):
            if cur is not None and fields:
                finish(lineno)
            if cur is None:
                cur = new()
            kind, rest = line[:2], line[2:].strip()
            if kind == "#.":
                cur["notes"].append(rest)
            elif kind == "#,":
                cur["flags"] += [f.strip() for f in rest.split(",")
                                 if f.strip()]
            elif kind == "#|":
                m = re.match(r"msgid\s+(.*)", rest)
                if m:
                    cur["previous"] = _unquote(m.group(1), where)
            elif kind == "#:":
                pass                       # references: we write none
            else:
                if not seen_any:
                    header_comments.append(line[1:].strip())
                else:
                    cur["comments"].append(line[1:].strip())
            continue
        seen_any = True
        if cur is None:
            cur = new()
        cur["obsolete"] = cur["obsolete"] or obsolete
        m = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)"
                     r"\s+(.*)$", line)
        if m:
            name, index, rest = m.groups()
            if name == "msgctxt" and fields:
                finish(lineno)
                cur = new()
                cur["obsolete"] = obsolete
            elif name == "msgid" and "msgid" in fields:
                finish(lineno)
                cur = new()
                cur["obsolete"] = obsolete
            field = int(index) if index is not None else name
            if field in fields:
                raise CatalogError("%s: %s twice in one entry" % (
                    where, name))
            fields[field] = _unquote(rest, where)
        elif line.startswith('"') and field is not None:
            fields[field] += _unquote(line, where)
        else:
            raise CatalogError("%s: cannot read %r" % (where, raw))
    finish(len(lines) + 1)
    if header is None:
        raise CatalogError("%s: no header (msgid \"\")" % path)
    fields = {}
    for row in header.msgstr[0].split("\n"):
        if ":" in row:
            name, value = row.split(":", 1)
            fields[name.strip()] = value.strip()
    seen = set()
    for e in entries:
        if e.obsolete:
            continue
        if (e.msgctxt, e.msgid) in seen:
            raise CatalogError("%s: %s appears twice" % (path, e.msgctxt))
        seen.add((e.msgctxt, e.msgid))
    return Catalog(header_comments, fields, entries)


# ------------------------------------------------------ writing a catalog --

def _quote(s):
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace(
        "\t", "\\t").replace("\r", "\\r").replace("\n", "\\n")
    return '"%s"' % out


def _field(name, value, prefix=""):
    """name "value", split after each \\n as gettext's tools do."""
    pieces = re.findall(r"[^\n]*\n|[^\n]+", value)
    if len(pieces) <= 1:
        return ["%s%s %s" % (prefix, name, _quote(value))]
    return ["%s%s \"\"" % (prefix, name)] + [prefix + _quote(p)
                                             for p in pieces]


def format_po(catalog):
    out = ["# " + c if c else "#" for c in catalog.header_comments]
    out += ['msgid ""', 'msgstr ""']
    out += [_quote("%s: %s\n" % kv) for kv in catalog.header.items()]
    for e in catalog.entries:
        p = "#~ " if e.obsolete else ""
        out.append("")
        out += ["# " + c if c else "#" for c in e.comments]
        out += ["#. " + n for n in e.notes]
        if e.flags:
            out.append("#, " + ", ".join(e.flags))
        if e.previous is not None:
            out += ["#| " + line for line in _field("msgid", e.previous)]
        if e.msgctxt is not None:
            out += _field("msgctxt", e.msgctxt, p)
        out += _field("msgid", e.msgid, p)
        if e.msgid_plural is not None:
            out += _field("msgid_plural", e.msgid_plural, p)
            for i, form in enumerate(e.msgstr):
                out += _field("msgstr[%d]" % i, form, p)
        else:
            out += _field("msgstr", e.msgstr[0], p)
    return "\n".join(out) + "\n"


def write_if_changed(path, data):
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


# ---------------------------------------------------------- the commands --

def po_path(lang):
    return LOCALE / lang / "LC_MESSAGES" / (DOMAIN + ".po")


def mo_path(lang):
    return po_path(lang).with_suffix(".mo")


def catalog_languages():
    """The languages that have a catalog, sorted."""
    return sorted(p.parent.parent.name
                  for p in LOCALE.glob("*/LC_MESSAGES/%s.po" % DOMAIN))


def merge(catalog, tmpl):
    """catalog brought up to date with the template tmpl, as msgmerge
    does: translations kept for an unchanged English text; a changed one
    keeps its old translation marked fuzzy (with the old English as
    #| msgid); new texts come in untranslated; texts gone become obsolete
    (#~) entries at the end."""
    old = catalog.by_context()
    n = catalog.nplurals
    entries = []
    for t in tmpl.entries:
        e = old.pop(t.msgctxt, None)
        forms = n if t.msgid_plural is not None else 1
        new = Entry(t.msgctxt, t.msgid, t.msgid_plural, [""] * forms,
                    notes=t.notes)
        if e is not None:
            new.comments = e.comments
            new.flags = [f for f in e.flags if f != "fuzzy"]
            kept = list(e.msgstr)
            kept = (kept + [kept[-1]] * forms)[:forms]
            new.msgstr = kept
            changed = (e.msgid != t.msgid or e.msgid_plural != t.msgid_plural)
            if changed or e.fuzzy:
                new.flags.insert(0, "fuzzy")
                new.previous = e.previous if e.fuzzy and not changed \
                    else e.msgid
        entries.append(new)
    for e in catalog.entries:
        if e.obsolete:
            entries.append(e)
    for e in old.values():
        e.obsolete = True
        entries.append(e)
    return Catalog(catalog.header_comments, catalog.header, entries)


def compile_mo(catalog):
    """The .mo bytes of catalog: the header and every translated entry
    (fuzzy and untranslated ones left out, as msgfmt does), sorted, with
    no hash table, so the same catalog always gives the same bytes."""
    pairs = [(b"", "".join("%s: %s\n" % kv for kv in
                           catalog.header.items()).encode("utf-8"))]
    for e in catalog.entries:
        if e.obsolete or not e.translated:
            continue
        key = e.msgid if e.msgctxt is None else e.msgctxt + "\x04" + e.msgid
        if e.msgid_plural is not None:
            key += "\0" + e.msgid_plural
        pairs.append((key.encode("utf-8"),
                      "\0".join(e.msgstr).encode("utf-8")))
    pairs.sort()
    n = len(pairs)
    originals_at = 28
    translations_at = originals_at + 8 * n
    data_at = translations_at + 8 * n
    tables, data = [[], []], bytearray()
    for column in (0, 1):
        for pair in pairs:
            s = pair[column]
            tables[column].append((len(s), data_at + len(data)))
            data += s + b"\0"
    head = struct.pack("<7I", 0x950412de, 0, n, originals_at,
                       translations_at, 0, data_at)
    body = b"".join(struct.pack("<2I", *row)
                    for column in tables for row in column)
    return head + body + bytes(data)


def new_catalog(lang):
    if lang not in PLURAL_FORMS:
        raise CatalogError(
            "no Plural-Forms for %r: add PySolFC's (its po/%s.po) to "
            "PLURAL_FORMS in tools/catalogs.py first" % (lang, lang))
    name = LANGUAGE_NAMES.get(lang, lang)
    header = dict(template().header)
    header["Language"] = lang
    header["Plural-Forms"] = PLURAL_FORMS[lang]
    comments = ["%s texts of Camelot and The Plot for PySolFC." % name,
                "SPDX-License-Identifier: GPL-3.0-or-later"]
    return merge(Catalog(comments, header, []), template())


def extract(out=print):
    if write_if_changed(TEMPLATE, format_po(template())):
        out("wrote %s" % _shown(TEMPLATE))


def update(out=print):
    tmpl = template()
    for lang in catalog_languages():
        merged = merge(read_po(po_path(lang)), tmpl)
        if write_if_changed(po_path(lang), format_po(merged)):
            out("updated %s" % _shown(po_path(lang)))


def compile_all(out=print):
    for lang in catalog_languages():
        if write_if_changed(mo_path(lang),
                            compile_mo(read_po(po_path(lang)))):
            out("compiled %s" % _shown(mo_path(lang)))


def _shown(path):
    try:
        return path.relative_to(REPO)
    except ValueError:
        return path


def init(lang, out=print):
    path = po_path(lang)
    if path.exists():
        raise CatalogError("%s exists; `update` brings it up to date" % path)
    write_if_changed(path, format_po(new_catalog(lang)))
    out("wrote %s: translate it, then run make catalogs" % _shown(path))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tools/catalogs.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=(
        "extract", "update", "compile", "all", "init"))
    parser.add_argument("lang", nargs="?",
                        help="init: the language folder's name (pt_BR)")
    args = parser.parse_args(argv)
    try:
        if args.command == "init":
            if not args.lang:
                parser.error("init needs a language, e.g. init pl")
            init(args.lang)
            return 0
        if args.lang:
            parser.error("only init takes a language")
        if args.command in ("extract", "all"):
            extract()
        if args.command in ("update", "all"):
            update()
        if args.command in ("compile", "all"):
            compile_all()
    except CatalogError as e:
        print("catalogs: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

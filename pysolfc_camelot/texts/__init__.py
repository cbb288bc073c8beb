# SPDX-License-Identifier: GPL-3.0-or-later
"""The texts our games show on PySolFC's table, speak and put in dialogs,
in the player's language.

The English texts are the tables in ``texts/english.py`` (those every game
shares) and each game's ``<game>/texts.py`` (its own); every other language
is a gettext catalog, ``locale/<lang>/LC_MESSAGES/pysolfc-camelot.po``,
compiled beside it into the ``.mo`` file read here with the standard
library's ``gettext``.  Each entry has the key as its ``msgctxt`` and the
English text as its ``msgid``.  Translators: docs/translating.md; after
an edit, ``make catalogs`` (``tools/catalogs.py``) extracts the template,
merges it into every catalog and compiles them.  The compiled ``.mo``
files are committed, and ``tests/test_texts.py`` checks that each equals
a fresh compile of its ``.po`` (so they are never stale), that no
catalog lacks an entry, has a fuzzy or obsolete one, changes a
placeholder or has the wrong number of plural forms, and that
``Plural-Forms`` is PySolFC's own for the language.

Programmers::

    from pysolfc_camelot.texts import tr
    tr("camelot.score", score=9, max=40)          # "9/40"
    tr("solver.solvable", n=31)                   # plural form for 31
    tr("camelot.phase.1", lang="ru")              # a given language

``tr(key, lang=None, n=None, **fields)`` looks the key up in the player's
language and fills in the fields with ``str.format``; ``n`` picks the
plural form (by the catalog's own ``Plural-Forms``) and is also there as
``{n}``.  The language is chosen the way the rules pages choose theirs
(``languages.choose_language``): PySolFC's own language setting, then the
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then
English.  ``language()`` says which one that is.  A text a catalog lacks
(or has fuzzy) is shown in English; an unknown key raises ``KeyError``,
so a typo fails loudly in the tests rather than showing up on the table.
A new key goes into ``texts/english.py``, or a game's own into its
``texts.py`` (with a note for translators), then ``make catalogs``.

Standard library only: this runs inside PySolFC's own interpreter
(Python 3.7 and later: where ``gettext`` has no ``pgettext``, the context
is looked up as gettext's tools store it, ``context + "\\x04" + msgid``).
"""
import gettext
import importlib
import os

from .. import games
from . import languages
from .english import EN as SHARED

DEFAULT_LANGUAGE = languages.DEFAULT_LANGUAGE
LANGUAGES = languages.LANGUAGES
DOMAIN = "pysolfc-camelot"
LOCALE_DIR = os.path.join(                  # pysolfc_camelot/locale
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")


def english_table():
    """Every English text, key -> text or (one, other): the shared ones
    (texts/english.py), then each registered game's own (its package's
    ``texts`` module, ``TEXTS``), in the registry's order.  A game may have
    no texts of its own; its keys must be its namespace's (``<game>.*``)."""
    table = dict(SHARED)
    for name, package in games.PACKAGES.items():
        try:
            own = importlib.import_module(package + ".texts").TEXTS
        except ModuleNotFoundError as e:
            if e.name != package + ".texts":
                raise
            continue
        foreign = [k for k in own if not k.startswith(name + ".")]
        if foreign:
            raise ValueError("%s.texts: keys outside %s.*: %s"
                             % (package, name, ", ".join(foreign)))
        table.update(own)
    return table


EN = english_table()


class _English(gettext.NullTranslations):
    """The English table's own texts, where a catalog has none: gettext's
    fallback, which gets the context and the English text."""

    def gettext(self, message):
        return message.split("\x04", 1)[-1]

    def ngettext(self, msgid1, msgid2, n):
        return msgid1.split("\x04", 1)[-1] if n == 1 else msgid2

    def pgettext(self, context, message):
        return message

    def npgettext(self, context, msgid1, msgid2, n):
        return msgid1 if n == 1 else msgid2


_catalogs = {}


def catalog_path(lang, locale_dir=None):
    return os.path.join(locale_dir or LOCALE_DIR, lang, "LC_MESSAGES",
                        DOMAIN + ".mo")


def catalog(lang):
    """The compiled catalog of lang, English behind it; English alone if
    lang has none or it cannot be read (the game goes on in English)."""
    key = (LOCALE_DIR, lang)
    if key not in _catalogs:
        english = _English()
        found = english
        if lang != DEFAULT_LANGUAGE:
            try:
                with open(catalog_path(lang), "rb") as f:
                    found = gettext.GNUTranslations(f)
                found.add_fallback(english)
            except Exception:
                found = english
        _catalogs[key] = found
    return _catalogs[key]


def _text(translations, key, english, n):
    """key's text from translations: English text or (one, other)."""
    if isinstance(english, tuple):
        one, other = english
        if hasattr(translations, "npgettext"):
            return translations.npgettext(key, one, other, n)
        return translations.ngettext(key + "\x04" + one, other, n)
    if hasattr(translations, "pgettext"):
        return translations.pgettext(key, english)
    return translations.gettext(key + "\x04" + english)


def language(environ=None):
    """The language our texts speak: PySolFC's language setting if we have
    it, else the locale's first language we have, else English.  The same
    choice as the rules pages' (``languages.choose_language``)."""
    lang = languages.choose_language(environ=environ)
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _lang(lang):
    """lang if we speak it; None: the player's; anything else: English."""
    if lang not in LANGUAGES:
        lang = language() if lang is None else DEFAULT_LANGUAGE
    return lang


def tr(key, lang=None, n=None, **fields):
    """The text for key in lang (None: ``language()``), with ``fields``
    (and ``n``) filled in; ``n`` also picks the plural form."""
    if key not in EN:               # a game registered after the import
        EN.update(english_table())
    english = EN[key]
    if isinstance(english, tuple) and n is None:
        raise TypeError("%s has plural forms: give n" % key)
    count = None if n is None else abs(int(n))
    text = _text(catalog(_lang(lang)), key, english, count)
    if n is not None:
        fields["n"] = n
    return text.format(**fields)


# Languages that write a decimal point (12.3 s); every other one we speak
# writes a comma (12,3 s, 48,3 %), so a new language needs no line here.
DECIMAL_POINT = ("en",)


def decimal(value, digits=1, lang=None):
    """A number with ``digits`` decimals as lang (None: the player's)
    writes it: 12.3 -> "12.3" in English, "12,3" in the others.  The Solver
    dialog's seconds and the rules pages' shares."""
    text = "%.*f" % (digits, value)
    return text if _lang(lang) in DECIMAL_POINT else text.replace(".", ",")


def with_detail(key, detail, lang=None):
    """The text of key, and where the player reads English the detail
    after it in brackets (before a closing full stop).  Our details
    (the rules models' and the move reader's explanations, an error's
    message) are English only: the command line shows the same words.
    In another language they would put English inside a translated
    sentence, so they are left out there."""
    lang = _lang(lang)
    text = tr(key, lang=lang)
    if lang != "en":
        return text
    stop = "." if text.endswith(".") else ""
    return "%s (%s)%s" % (text[:len(text) - len(stop)], detail, stop)


def rules_broken(key, detail, lang=None):
    """Why a save cannot be loaded when its cards break the rules: the
    text of key (``<game>.save.rules``), with the rules model's own
    explanation in brackets for English readers (see ``with_detail``)."""
    return with_detail(key, detail, lang)

# SPDX-License-Identifier: GPL-3.0-or-later
"""Which language the player reads: PySolFC's own language setting if we
have it, else the locale's first language we have, else English.  The
table texts (texts.py) and the rules pages (install/rules_pages.py) both choose
so.

Standard library only: this runs inside PySolFC's own interpreter.
"""
import os
import re
import sys
from pathlib import Path

# PySolFC's own languages (the names of its locale folders), plus Greek.
# No pt_PT or plain "pt" maps to pt_BR: PySolFC's gettext does not either,
# so such a player sees PySolFC's menus in English, and our texts with them;
# setting PySolFC's language to pt_BR switches both.
LANGUAGES = ("en", "de", "fr", "it", "pl", "pt_BR", "ru", "el")
DEFAULT_LANGUAGE = "en"


def normalize_language(name):
    """'ru_RU.UTF-8' -> 'ru', 'pt_BR.UTF-8' -> 'pt_BR' if LANGUAGES has
    it (as PySolFC names that folder), else 'pt'; None for empty, 'C' or
    'POSIX'."""
    name = (name or "").strip().strip("'\"")
    code, _, region = re.split(r"[.@]", name, maxsplit=1)[0].replace(
        "-", "_").partition("_")
    code = code.lower()
    if code in ("", "c", "posix"):
        return None
    full = "%s_%s" % (code, region.upper())
    return full if region and full in LANGUAGES else code


def _options_file_language(options_file):
    """options.language from PySolFC's options.cfg: [general] language."""
    try:
        text = Path(options_file).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    section = None
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            section = line.strip("[] ")
        elif section == "general" and "=" in line:
            key, value = (s.strip() for s in line.split("=", 1))
            if key == "language":
                return value.strip("'\"") or None
    return None


def pysol_language(app=None):
    """PySolFC's own language option, or None if unset or not in PySolFC.

    PySolFC (3.2 and 3.6) keeps it as ``options.language`` in the user's
    ``options.cfg`` (in ``mfxutil.getprefdir("PySolFC")``); loading the
    options copies it to ``pysollib.mygettext.myGettext.language`` before any
    plugin is loaded, and the running app has it as ``app.opt.language``.
    The options file is read only as a last resort.  Nothing of pysollib is
    imported here unless PySolFC has imported it already.
    """
    opt = getattr(app, "opt", None)
    if getattr(opt, "language", None):
        return opt.language
    mygettext = sys.modules.get("pysollib.mygettext")
    language = getattr(getattr(mygettext, "myGettext", None), "language", None)
    if language:
        return language
    mfxutil = sys.modules.get("pysollib.mfxutil")
    if mfxutil is not None:
        try:
            prefdir = mfxutil.getprefdir("PySolFC")
        except Exception:
            return None
        return _options_file_language(os.path.join(prefdir, "options.cfg"))
    return None


_pysol_language = pysol_language     # choose_language's argument hides it


def locale_languages(environ=None):
    """The languages the locale asks for, as Python's gettext reads them:
    the first set of LANGUAGE, LC_ALL, LC_MESSAGES, LANG; ':' separates
    choices; a 'C' entry ends the list."""
    environ = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            wanted = []
            for entry in value.split(":"):
                code = normalize_language(entry)
                if code is None and entry.strip():
                    break
                if code:
                    wanted.append(code)
            return wanted
    return []


def choose_language(pysol_language=None, environ=None):
    """PySolFC's language option if we have a page in it, else the locale's
    first language we have, else English.  pysol_language=None asks PySolFC
    (see ``pysol_language()``); pass "" to ignore PySolFC's setting."""
    if pysol_language is None:
        pysol_language = _pysol_language()
    wanted = [normalize_language(pysol_language)] + locale_languages(environ)
    for code in wanted:
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE

# SPDX-License-Identifier: GPL-3.0-or-later
"""The catalogs give what the hand-made tables gave: tr of every key, in
every language, for every plural count 0..30, equals the old texts.py's
(loaded from git: main's pysolfc_camelot/texts.py, the last with the
tables).  Kept for the conversion commit only: the review's fixes change
the texts after it."""
import subprocess
import types

import pytest

from pysolfc_camelot import texts

from helpers import REPO

OLD_COMMIT = "4230611"


@pytest.fixture(scope="module")
def old():
    src = subprocess.run(
        ["git", "show", OLD_COMMIT + ":pysolfc_camelot/texts.py"], cwd=REPO,
        capture_output=True, text=True, check=True).stdout
    src = src.replace("from . import languages",
                      "from pysolfc_camelot import languages")
    module = types.ModuleType("old_texts")
    exec(compile(src, "old_texts.py", "exec"), module.__dict__)
    return module


def sample_fields(text):
    import string
    names = {name for _, name, _, _ in string.Formatter().parse(text)
             if name}
    return {name: "<%s>" % name for name in names if name != "n"}


@pytest.mark.parametrize("lang", ["en", "ru", "el", "fr"])
def test_same_texts_as_the_old_tables(old, lang):
    assert list(old.EN) == list(texts.EN) and old.EN == texts.EN
    checked = 0
    for key, english in old.EN.items():
        one = english[-1] if isinstance(english, tuple) else english
        fields = sample_fields(one)
        counts = range(31) if isinstance(english, tuple) or \
            "{n}" in one else [None]
        for n in counts:
            assert texts.tr(key, lang=lang, n=n, **fields) == \
                old.tr(key, lang=lang, n=n, **fields), (lang, key, n)
            checked += 1
    assert checked > 150

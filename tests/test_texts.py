# SPDX-License-Identifier: GPL-3.0-or-later
"""The texts on the table and in dialogs (pysolfc_camelot/texts/__init__.py,
the English table texts/english.py and the gettext catalogs under
pysolfc_camelot/locale/): the template and every compiled catalog are
fresh; every catalog has every text, none fuzzy or obsolete, with the
English placeholders and PySolFC's own plural rules; the language is
chosen as the rules pages' is (PySolFC's setting, then the locale, then
English); the game asks for texts that exist; and in a real PySolFC
window under Xvfb the table speaks the player's language (screenshots
kept in artifacts/<test>/)."""
import gettext
import html
import importlib.util
import re
import string
import sys
import types

import pytest

from pysolfc_camelot.texts import languages
from pysolfc_camelot.install import rules_pages as rulespages
from pysolfc_camelot import texts
from pysolfc_camelot.texts import EN, tr

from helpers import REPO
PACKAGE = REPO / "pysolfc_camelot"


def load_catalogs_tool():
    spec = importlib.util.spec_from_file_location(
        "catalogs", str(REPO / "tools" / "catalogs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogs = load_catalogs_tool()
TRANSLATED = [lang for lang in texts.LANGUAGES if lang != "en"]

# Texts that rightly read the same as in English: numbers only, and the
# K/Q/J marks of the rules pages' slot picture.  French keeps PySolFC's
# own "Stop", and so do German and Italian; "fair" and "Reserve" (PySolFC's
# word) are German as well.
SAME_AS_ENGLISH = {"camelot.score", "camelot.mark.king", "camelot.mark.queen",
                   "camelot.mark.jack", ("fr", "solver.stop"),
                   ("de", "solver.stop"), ("it", "solver.stop"),
                   ("de", "game.hints.fair"), ("de", "plot.reserve")}
# Texts that are placeholders only in some languages (a spoken card is
# "{rank} {suit}" in Russian, Greek and Polish, "{suit} {rank}" in German).
NO_WORDS = {(lang, "game.speech.card") for lang in ("ru", "el", "pl", "de")}
SCRIPT = {"ru": re.compile("[А-Яа-яЁё]"), "el": re.compile("[Α-Ωα-ωά-ώ]")}
LATIN = re.compile("[A-Za-zÀ-ÿ]")       # every other language of ours


def forms(value):
    return list(value) if isinstance(value, (tuple, list)) else [value]


def fields(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text)
                  if name is not None)


def po(lang):
    return catalogs.read_po(catalogs.po_path(lang))


def table(lang):
    """lang's texts as tr gives them, unformatted: key -> text or the
    list of its plural forms (from the compiled catalog)."""
    out = {}
    for key, english in EN.items():
        if isinstance(english, tuple):
            nforms = po(lang).nplurals if lang != "en" else 2
            cat = texts.catalog(lang)
            out[key] = [texts._text(cat, key, english, n) for n in
                        representatives(lang, nforms)]
        else:
            out[key] = texts._text(texts.catalog(lang), key, english, None)
    return out


def representatives(lang, nforms):
    """One count for each plural form of lang, in form order."""
    if lang == "en":
        return [1, 2]
    plural = gettext.c2py(po(lang).header["Plural-Forms"].split(
        "plural=")[1].rstrip(";"))
    found = {}
    for n in range(200):
        found.setdefault(plural(n), n)
    assert sorted(found) == list(range(nforms)), (lang, found)
    return [found[i] for i in range(nforms)]


# ----------------------------------------------------------- the catalogs --

def test_languages_are_the_rules_pages_languages_and_have_catalogs():
    assert rulespages.LANGUAGES == texts.LANGUAGES == languages.LANGUAGES
    assert texts.LANGUAGES[0] == "en"
    # Every language but English has a catalog, and no catalog lies
    # unused (a new one needs its line in languages.LANGUAGES).
    assert catalogs.catalog_languages() == sorted(TRANSLATED)
    for lang in TRANSLATED:
        assert catalogs.mo_path(lang).is_file(), lang


def test_template_is_a_fresh_extract():
    """locale/pysolfc-camelot.pot is what `make catalogs` extracts from
    texts/english.py now: key as msgctxt, English as msgid (and plural)."""
    fresh = catalogs.format_po(catalogs.template())
    assert catalogs.TEMPLATE.read_text(encoding="utf-8") == fresh, \
        "run make catalogs"
    tmpl = catalogs.read_po(catalogs.TEMPLATE)
    assert [e.msgctxt for e in tmpl.entries] == list(EN)
    for e in tmpl.entries:
        english = EN[e.msgctxt]
        if isinstance(english, tuple):
            assert (e.msgid, e.msgid_plural) == english
        else:
            assert (e.msgid, e.msgid_plural) == (english, None)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalog_is_fresh(lang):
    """Each committed .mo is exactly a fresh compile of its .po, so it is
    never stale."""
    assert catalogs.mo_path(lang).read_bytes() == catalogs.compile_mo(
        po(lang)), "run make catalogs"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_has_every_entry_none_fuzzy_or_obsolete(lang):
    cat = po(lang)
    assert cat.header.get("Language") == lang
    assert "charset=UTF-8" in cat.header.get("Content-Type", "")
    live = [e for e in cat.entries if not e.obsolete]
    assert [e for e in cat.entries if e.obsolete] == [], "obsolete entries"
    assert [e.msgctxt for e in live] == list(EN), \
        "missing or extra entries, or not in the template's order"
    for e in live:
        english = EN[e.msgctxt]
        one, other = english if isinstance(english, tuple) else (
            english, None)
        assert (e.msgid, e.msgid_plural) == (one, other), \
            "%s: the English changed: run make catalogs" % e.msgctxt
        assert not e.fuzzy, "%s: %s is fuzzy" % (lang, e.msgctxt)
        assert all(f.strip() for f in e.msgstr), \
            "%s: %s is untranslated" % (lang, e.msgctxt)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_same_placeholders_and_plural_forms(lang):
    cat = po(lang)
    for e in cat.entries:
        english = forms(EN[e.msgctxt])
        if e.msgid_plural is not None:
            assert len(e.msgstr) == cat.nplurals, (lang, e.msgctxt)
        else:
            assert len(e.msgstr) == 1, (lang, e.msgctxt)
        for form in e.msgstr:
            assert form == form.strip(), (lang, e.msgctxt)
            assert fields(form) == fields(english[-1]), (lang, e.msgctxt,
                                                         form)
            if e.msgid_plural is not None:
                assert "n" in fields(form), (lang, e.msgctxt, form)
            # Line breaks where the English has them: the table's room
            # needs them, and the first line is the short form.
            if "\n" in english[-1]:
                assert "\n" in form, (lang, e.msgctxt, form)


def pysolfc_plural_forms():
    """Plural-Forms of PySolFC's own catalogs (pysol.mo), per language
    and PySolFC build set up in .host."""
    found = {}
    for mo in sorted((REPO / ".host").glob(
            "*/locale/*/LC_MESSAGES/pysol.mo")):
        with open(str(mo), "rb") as f:
            info = gettext.GNUTranslations(f).info()
        found.setdefault(mo.parent.parent.name, set()).add(
            info["plural-forms"])
    return found


@pytest.mark.host    # PySolFC's own catalogs (pysol.mo) in .host
def test_plural_forms_are_pysolfcs_own():
    """Every catalog's Plural-Forms is exactly PySolFC's for the language
    (its pysol.mo of 3.2.0, 3.6.1 and upstream), Greek as gettext
    declares it; Russian and Polish have three forms."""
    theirs = pysolfc_plural_forms()
    assert set(theirs) >= {"de", "fr", "it", "pl", "pt_BR", "ru"}, theirs
    for lang, headers in theirs.items():
        assert headers == {catalogs.PLURAL_FORMS[lang]}, lang
    assert catalogs.PLURAL_FORMS["el"] == "nplurals=2; plural=(n != 1);"
    assert catalogs.PLURAL_FORMS["ru"].startswith("nplurals=3;")
    assert catalogs.PLURAL_FORMS["pl"].startswith("nplurals=3;")
    for lang in TRANSLATED:
        assert po(lang).header["Plural-Forms"] == catalogs.PLURAL_FORMS[lang]
        info = texts.catalog(lang).info()
        assert info["plural-forms"] == catalogs.PLURAL_FORMS[lang]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated(lang):
    english = table("en")
    for key, value in table(lang).items():
        if key in SAME_AS_ENGLISH or (lang, key) in SAME_AS_ENGLISH:
            continue
        assert value != english[key], "%s: %s is still English" % (lang, key)
        if (lang, key) in NO_WORDS:
            assert fields(value) == fields(english[key]), (lang, key)
            continue
        for form in forms(value):
            assert SCRIPT.get(lang, LATIN).search(form), (lang, key, form)


def test_python_37_lookup_gives_the_same_texts():
    """Where gettext has no pgettext (Python 3.7, PySolFC 3.2.0's), the
    entries are looked up as context + "\x04" + msgid: same texts."""
    class Old:                  # a 3.7 GNUTranslations: no pgettext
        def __init__(self, t):
            self.gettext, self.ngettext = t.gettext, t.ngettext
    for lang in texts.LANGUAGES:
        cat = texts.catalog(lang)
        for key, english in EN.items():
            counts = range(25) if isinstance(english, tuple) else [None]
            for n in counts:
                assert texts._text(Old(cat), key, english, n) == \
                    texts._text(cat, key, english, n), (lang, key, n)


def test_catalog_notes_for_translators():
    """Texts with a placeholder, and every plural, carry a #. note in the
    template (where it appears, what fills it) unless a note at the head
    of their run of keys (camelot.name.slot.0, plot.name.nth_*.1) says
    it for all of them."""
    tmpl = catalogs.read_po(catalogs.TEMPLATE)
    noted = {e.msgctxt for e in tmpl.entries if e.notes}
    for e in tmpl.entries:
        run_head = re.sub(r"\.\d+$", ".1", e.msgctxt)
        if "{" in e.msgid or e.msgid_plural:
            assert e.msgctxt in noted or run_head in noted or \
                e.msgctxt.startswith("camelot.name.slot."), e.msgctxt
    assert "camelot.name.slot.0" in noted


# ----------------------------------------------------- tools/catalogs.py --

def write_catalog(tmp_path, lang, text):
    path = tmp_path / lang / "LC_MESSAGES" / "pysolfc-camelot.po"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_merge_marks_changed_texts_fuzzy_and_gone_ones_obsolete(tmp_path):
    """`make catalogs` updates a catalog as msgmerge does, and the checks
    above then fail on what a translator must look at."""
    cat = catalogs.read_po(catalogs.po_path("ru"))
    by = cat.by_context()
    by["camelot.phase.1"].msgid = "an older English text"
    cat.entries.remove(by["camelot.phase.2"])
    cat.entries.append(catalogs.Entry("camelot.gone", "Gone", msgstr=["Нет"]))
    merged = catalogs.merge(cat, catalogs.template())
    m = {e.msgctxt: e for e in merged.entries}
    assert m["camelot.phase.1"].fuzzy
    assert m["camelot.phase.1"].previous == "an older English text"
    assert m["camelot.phase.1"].msgstr == by["camelot.phase.1"].msgstr
    assert m["camelot.phase.2"].msgstr == [""]          # new: untranslated
    assert m["camelot.gone"].obsolete
    assert m["solver.solvable"].msgstr == by["solver.solvable"].msgstr
    # Written and read back, the fuzzy, untranslated and obsolete entries
    # stay what they are, and the compile leaves them out.
    path = write_catalog(tmp_path, "ru", catalogs.format_po(merged))
    again = catalogs.read_po(path)
    assert catalogs.format_po(again) == catalogs.format_po(merged)
    with open(str(tmp_path / "ru.mo"), "wb") as f:
        f.write(catalogs.compile_mo(again))
    with open(str(tmp_path / "ru.mo"), "rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.pgettext("camelot.phase.1", EN["camelot.phase.1"]) == \
        EN["camelot.phase.1"]
    assert t.pgettext("solver.stop", "Stop") == "Стоп"


def test_compiled_catalog_reads_as_msgfmt_would(tmp_path):
    """Our compiler against GNU msgfmt where it is installed: the same
    entries (msgunfmt of both)."""
    import shutil
    import subprocess
    if shutil.which("msgfmt") is None:
        pytest.fail("GNU gettext's msgfmt is needed (apt-get install "
                    "gettext)")
    for lang in TRANSLATED:
        ours = tmp_path / ("%s-ours.mo" % lang)
        ours.write_bytes(catalogs.mo_path(lang).read_bytes())
        theirs = tmp_path / ("%s-msgfmt.mo" % lang)
        subprocess.run(["msgfmt", "-c", "-o", str(theirs),
                        str(catalogs.po_path(lang))], check=True)
        dumps = [subprocess.run(["msgunfmt", str(p)], check=True,
                                capture_output=True).stdout
                 for p in (ours, theirs)]
        assert dumps[0] == dumps[1], lang


def test_bad_catalog_is_a_clear_error(tmp_path):
    path = write_catalog(tmp_path, "ru", 'msgid ""\nmsgstr ""\n\n'
                         'msgctxt "a"\nmsgid "b\nmsgstr "c"\n')
    with pytest.raises(catalogs.CatalogError, match=r"ru.*:5"):
        catalogs.read_po(path)


def test_init_writes_a_new_language_with_pysolfcs_plural_forms(
        tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    catalogs.init("pl", out=lambda *a: None)
    cat = catalogs.read_po(catalogs.po_path("pl"))
    assert cat.header["Plural-Forms"] == catalogs.PLURAL_FORMS["pl"]
    assert cat.header["Language"] == "pl"
    assert [e.msgctxt for e in cat.entries] == list(EN)
    assert all(len(e.msgstr) == 3 for e in cat.entries if e.msgid_plural)
    with pytest.raises(catalogs.CatalogError, match="exists"):
        catalogs.init("pl")
    with pytest.raises(catalogs.CatalogError, match="Plural-Forms"):
        catalogs.init("xx")


# ------------------------------------------------------------------ tr --

def test_tr_fills_in_and_picks_plural_forms():
    assert tr("camelot.score", lang="ru", score=9, max=40) == "9/40"
    assert tr("camelot.help.king_slot", lang="fr", slot=0) == \
        "Case 0\u00a0: un roi ou une carte numérale"
    ru = [tr("solver.solvable", lang="ru", n=n).split()[-1]
          for n in (1, 2, 5, 11, 12, 21, 22, 25, 101, 111)]
    assert ru == ["ход.", "хода.", "ходов.", "ходов.", "ходов.", "ход.",
                  "хода.", "ходов.", "ход.", "ходов."]
    assert tr("solver.solvable", lang="fr", n=0).endswith(" 0 coup.")
    assert tr("solver.solvable", lang="fr", n=1).endswith(" 1 coup.")
    assert tr("solver.solvable", lang="fr", n=2).endswith(" 2 coups.")
    assert tr("solver.solvable", lang="en", n=1) == \
        "This game is solvable in 1 move."
    assert tr("solver.solvable", lang="en", n=0) == \
        "This game is solvable in 0 moves."
    assert tr("solver.solvable", lang="el", n=3) == \
        "Αυτή η μοιρασιά μπορεί να κερδηθεί σε 3 κινήσεις."
    assert tr("camelot.phase.1", lang="xx") == EN["camelot.phase.1"]
    with pytest.raises(KeyError):
        tr("camelot.no-such-text", lang="en")
    with pytest.raises(TypeError):
        tr("solver.solvable", lang="en")
    with pytest.raises(KeyError):            # a placeholder left out
        tr("camelot.score", lang="en", score=1)


def test_missing_or_fuzzy_entry_falls_back_to_english(tmp_path,
                                                      monkeypatch):
    """A catalog that lacks a text, or has it fuzzy, shows it in English;
    its other texts stay translated."""
    cat = catalogs.read_po(catalogs.po_path("ru"))
    by = cat.by_context()
    cat.entries.remove(by["camelot.phase.1"])
    by["solver.solvable"].flags.append("fuzzy")
    mo = tmp_path / "ru" / "LC_MESSAGES" / "pysolfc-camelot.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(catalogs.compile_mo(cat))
    monkeypatch.setattr(texts, "LOCALE_DIR", str(tmp_path))
    assert tr("camelot.phase.1", lang="ru") == EN["camelot.phase.1"]
    assert tr("solver.solvable", lang="ru", n=2) == \
        "This game is solvable in 2 moves."
    assert tr("camelot.phase.2", lang="ru").startswith("Фаза 2")
    # A catalog that is not there, or cannot be read: English throughout.
    mo.write_bytes(b"not a catalog")
    monkeypatch.setattr(texts, "_catalogs", {})
    assert tr("camelot.phase.2", lang="ru") == EN["camelot.phase.2"]


def test_terms_of_the_translation_review():
    # ru: «убирать», never «снимать»; fr: «Solveur» as PySolFC's menu.
    ru = " ".join(" ".join(forms(v)) for v in table("ru").values())
    assert "убира" in ru and not re.search("снима|сним", ru)
    # The rules pages follow the same review.
    ru_page, fr_page = page_text("camelot", "ru"), page_text("camelot", "fr")
    assert "Раскладка" in ru_page and not re.search("снима|сняти", ru_page)
    assert "Assistance > Solveur" in fr_page and "(le talon)" in fr_page


def pysol_catalog(lang):
    mo = REPO / ".host" / "pysolfc-3.6.1" / "locale" / lang / \
        "LC_MESSAGES" / "pysol.mo"
    with open(str(mo), "rb") as f:
        return gettext.GNUTranslations(f)


@pytest.mark.host    # PySolFC's own catalogs (pysol.mo) in .host
def test_words_from_pysolfcs_own_catalog():
    """Where PySolFC's catalog (pysol.mo 3.6.1) has the word, ours is
    the same, so that the dialog PySolFC frames speaks alike."""
    for lang in ("ru", "fr", "de", "it", "pl", "pt_BR"):
        theirs = pysol_catalog(lang)
        assert tr("solver.stop", lang=lang) == theirs.gettext("Stop")
        assert tr("solver.review.close", lang=lang) == \
            theirs.gettext("&Close").replace("&", "")
    # Its ru and fr catalogs have no suit names, so speech has our own.
    for lang in ("ru", "fr"):
        assert pysol_catalog(lang).gettext("Spades") == "Spades"
        assert tr("game.speech.suit.spades", lang=lang) != "Spades"


def test_terms_of_the_translation_review_2():
    """Terms settled by the second review: the page's word for a space,
    ρεζέρβα for the reserve in Greek, no 'once' that reads as the click's,
    'pairs of 10' that reads as pairs of tens."""
    ru, el, fr = table("ru"), table("el"), table("fr")
    assert "свободное место" in ru["plot.help.tableau"]
    assert not any("пуст" in v for v in ru.values()
                   if isinstance(v, str) and v.startswith(("Сброс", "Стопка"))
                   and "ячейк" not in v)
    assert "ρεζέρβα" in page_text("plot", "el") and \
        "απόθεμ" not in page_text("plot", "el")
    assert el["plot.reserve"] == "Ρεζέρβα: {count}"
    assert "emplacement vide" in fr["plot.help.waste"]
    assert "place vide" not in fr["plot.help.tableau"]
    assert EN["plot.help.stock"].endswith("no redeal")
    for lang in texts.LANGUAGES:
        phase2 = tr("camelot.phase.2", lang=lang)
        assert "10" in phase2
        assert not re.search(r"(of|de|του) 10", phase2)
    fr_plot = page_text("plot", "fr")
    assert "Celui-ci" not in fr_plot and "Là-bas" not in fr_plot


def test_terms_of_the_translation_review_3():
    """Review 3's settled words: ρεζέρβα in every Greek text too, the
    centre slots named as the pages name them, the score as the pages
    say it, the state limit named as its field."""
    el = " ".join(" ".join(forms(v)) for v in table("el").values())
    assert "απόθεμ" not in el and "'" not in el
    assert tr("plot.name.from_reserve", lang="el", card="7♣") == \
        "το 7♣ από τη ρεζέρβα"
    assert tr("camelot.speech.slot.middle", lang="ru") == \
        "центральная ячейка"
    assert tr("camelot.speech.slot.middle", lang="el") == "κεντρική θέση"
    assert tr("camelot.speech.slot.middle", lang="fr") == "case du centre"
    assert tr("game.speech.score", lang="el", score=1, max=2).startswith(
        "Βαθμολογία")
    for lang, field in (("ru", "Предел состояний"), ("el", "Όριο καταστάσεων"),
                        ("fr", "États max.")):
        assert tr("solver.field.max_states", lang=lang).startswith(field)
    assert "состояний" in tr("solver.gave_up", lang="ru", seconds="1")
    assert "καταστάσεων" in tr("solver.gave_up", lang="el", seconds="1")
    assert "états" in tr("solver.gave_up", lang="fr", seconds="1")
    assert "state limit" in tr("solver.gave_up", lang="en", seconds="1")
    # A Russian line never starts with a dash where the table wraps.
    for key in ("game.hints.label", "winnable.label", "winnable.looking",
                "solver.review.working"):
        for form in forms(table("ru")[key]):
            assert " —" not in form and "\u00a0—" in form, (key, form)
    for lang in ("ru", "el", "fr"):
        assert "\u00a0" in tr("solver.seconds", lang=lang, seconds="1")
    assert "Измерено" not in page_text("plot", "ru")


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_keeps_the_win_sentences_take_any_move_name(lang):
    """What went wrong's "keeps the win" sentences (review 3: RU-20,
    EL-12, FR-16) put the move name after a colon, so that a name that
    is a phrase ("deal 7♣", "7♣ from the waste to F0") reads whole: no
    "the move" before it that would need a noun."""
    for key in ("solver.review.instead", "solver.review.next"):
        text = tr(key, lang=lang, move="<move>")
        assert text.endswith("\u00a0: <move>." if lang == "fr" else
                             ": <move>."), (key, text)
        assert not re.search(r"(κίνηση|le coup|ход) <move>", text)


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_the_table_and_pages_name_the_new_keys(lang):
    """Review 3 G13: both rules pages say what the winnable-deals and
    What went wrong lines do, and name the O, W and M keys."""
    for game in ("camelot", "plot"):
        text = page_text(game, lang)
        first = " ".join(tr("winnable.label", lang=lang, mode=tr(
            "winnable.mode.off", lang=lang)).split("\n")[0].replace(
                "\u00a0", " ").split())
        assert first in text, (game, lang, first)
        offer = tr("solver.review.offer", lang=lang).split("\n")[0]
        assert " ".join(offer.replace("\u00a0", " ").split()) in text
        for key in ("O)", "W)", "M "):
            assert key in text, (game, lang, key)


@pytest.mark.parametrize("lang, expected", [
    ("en", "12.3"), ("ru", "12,3"), ("el", "12,3"), ("fr", "12,3"),
    ("de", "12,3"), ("it", "12,3"), ("pl", "12,3"), ("pt_BR", "12,3")])
def test_decimal_numbers_as_each_language_writes_them(lang, expected):
    assert texts.decimal(12.34, lang=lang) == expected
    assert texts.decimal(0.05, 2, lang=lang) == \
        ("0.05" if lang == "en" else "0,05")


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_solver_dialog_seconds_in_the_players_language(outside_pysolfc,
                                                       lang):
    """The Solver dialog's "Searching... 12.3 s" and its "gave up" line:
    a decimal comma where the language writes one, and the number kept
    on the unit's line (no-break space in ru, el and fr)."""
    import hostenv as H
    from pysolfc_camelot.pysol import (background_search as search_process,
                                       assist_solver as solver_search)
    outside_pysolfc.setenv("LANGUAGE", lang)
    task = search_process.Task(lambda should_stop, progress: None)
    H.wait_for(lambda: task.done, what="the task's end")
    task.started = task.finished - 12.34
    seconds = "12.3" if lang == "en" else "12,3"
    assert solver_search.Solver._seconds(task) == tr(
        "solver.seconds", lang=lang, seconds=seconds)
    assert seconds in tr("solver.gave_up", lang=lang, seconds=seconds)
    if lang != "en":
        assert seconds + "\u00a0" in tr("solver.seconds", lang=lang,
                                        seconds=seconds)


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_rules_broken_speaks_one_language(lang):
    """The "Load game error" reason for a save whose cards break the
    rules, and What went wrong's "could not be read" and "failed": the
    English explanation only for English readers, never inside a
    translated sentence (review 2 G2, review 3 G11)."""
    text = texts.rules_broken("game.save.rules", "F0 is empty", lang=lang)
    unreadable = texts.with_detail("solver.review.unreadable",
                                   "stack 3 is empty", lang=lang)
    failed = texts.with_detail("solver.review.failed", "boom", lang=lang)
    if lang == "en":
        assert text == "the cards break the rules (F0 is empty)"
        assert unreadable == "The moves of this game could not be read " \
            "(stack 3 is empty)."
        assert failed == "The analysis failed (boom)."
    else:
        assert text == tr("game.save.rules", lang=lang)
        assert "F0" not in text and "(" not in text
        assert unreadable == tr("solver.review.unreadable", lang=lang)
        assert failed == tr("solver.review.failed", lang=lang)
        for t in (unreadable, failed):
            assert t.endswith(".") and "stack" not in t and "boom" not in t


# Run with PySolFC's pysollib importable: position_from_save of both games
# on save stack lists whose cards break the rules, in the player's
# language (LANGUAGE); prints the reasons as JSON.  Stacks are lists of
# (card id, face up); everything not placed lies face down in the stock.
BROKEN_SAVES = r"""
import json
from pysolfc_camelot.camelot import game as camelot
from pysolfc_camelot.plot import game as plot

def reason(module, placed, *args):
    stacks = [[] for _ in range(module.N_STACKS_)]
    used = {i for ids in placed.values() for i in ids}
    stacks[module.TALON] = [(i, False) for i in range(module.N_IDS_)
                            if i not in used]
    for stack, ids in placed.items():
        stacks[stack] = [(i, True) for i in ids]
    try:
        module.position_from_save(stacks, *args)
    except ValueError as e:
        return str(e)

camelot.N_STACKS_, camelot.N_IDS_ = camelot.DISCARD + 1, 52
plot.N_STACKS_, plot.N_IDS_ = plot.N_STACKS, plot.N_CARDS
print(json.dumps({
    # the king of clubs (id 12) on slot 5, kept for number cards
    "camelot": reason(camelot, {camelot.FIRST_ROW + 5: [12]}, 1),
    # no base card on F0
    "plot F0": reason(plot, {}),
    # F0 holds the ace of clubs (id 0), F1 the two of clubs (id 1)
    "plot F1": reason(plot, {plot.FIRST_FOUNDATION: [0],
                             plot.FIRST_FOUNDATION + 1: [1]}),
}))
"""


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_load_game_error_speaks_one_language(pysolfc_host, tmp_path, lang):
    """With PySolFC's pysollib, both games' save readers explain a save
    whose cards break the rules in the player's language: the rules
    model's English detail only for English readers."""
    import json
    import subprocess
    import hostenv as H
    version, host_dir = pysolfc_host
    env = H.fresh_home(tmp_path, host_dir)
    env["LANGUAGE"] = lang
    env["PYTHONPATH"] = "%s:%s" % (REPO, host_dir)
    r = subprocess.run([H.host_python(), "-c", BROKEN_SAVES], env=env,
                       cwd=tmp_path, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    reasons = json.loads(r.stdout.splitlines()[-1])
    if lang == "en":
        assert reasons == {
            "camelot": "the cards break the rules (KC cannot lie on slot 5)",
            "plot F0": "the cards break the rules (F0 is empty)",
            "plot F1": "the cards break the rules "
                       "(F1 is not built up from the base rank)"}
    else:
        rules = tr("game.save.rules", lang=lang)
        assert reasons == {"camelot": rules, "plot F0": rules,
                           "plot F1": rules}

def page_text(game, lang):
    """A rules page source as its reader sees the words: no tags, entities
    decoded, every run of spaces (no-break ones too) one space."""
    body = rulespages.source_file(game, lang).read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("lang", list(texts.LANGUAGES))
def test_rules_pages_quote_the_hint_label_as_the_table_shows_it(lang):
    text = page_text("camelot", lang)
    for mode in ("fair", "perfect"):
        label = tr("game.hints.label", lang=lang,
                   mode=tr("game.hints." + mode, lang=lang))
        shown = " ".join(label.splitlines()[0].replace("\u00a0", " ").split())
        assert shown in text, (lang, shown)


# ------------------------------------------------------ language choice --

@pytest.fixture
def outside_pysolfc(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delitem(sys.modules, "pysollib.mygettext", raising=False)
    monkeypatch.delitem(sys.modules, "pysollib.mfxutil", raising=False)
    return monkeypatch


def set_pysol_language(monkeypatch, language):
    """What PySolFC does once its options are loaded."""
    mygettext = types.ModuleType("pysollib.mygettext")
    mygettext.myGettext = types.SimpleNamespace(language=language)
    monkeypatch.setitem(sys.modules, "pysollib.mygettext", mygettext)


def test_language_is_english_by_default(outside_pysolfc):
    assert texts.language() == "en"
    assert tr("camelot.help.discard") == "Removed cards"


@pytest.mark.parametrize("value, expected", [
    ("fr", "fr"), ("ru_RU.UTF-8", "ru"), ("nl:el", "el"), ("nl", "en"),
    ("C", "en"), ("pt_BR.UTF-8", "pt_BR"), ("de_DE.UTF-8", "de")])
def test_language_from_the_locale(outside_pysolfc, value, expected):
    outside_pysolfc.setenv("LANGUAGE", value)
    assert texts.language() == expected
    assert tr("camelot.help.discard") == tr("camelot.help.discard",
                                            lang=expected)


def test_language_from_lang(outside_pysolfc):
    outside_pysolfc.setenv("LANG", "el_GR.UTF-8")
    assert texts.language() == "el"


def test_pysolfc_setting_wins_over_the_locale(outside_pysolfc):
    outside_pysolfc.setenv("LANGUAGE", "fr")
    set_pysol_language(outside_pysolfc, "ru")
    assert texts.language() == "ru"
    assert tr("camelot.phase.2") == tr("camelot.phase.2", lang="ru")
    set_pysol_language(outside_pysolfc, "")        # "system default"
    assert texts.language() == "fr"
    set_pysol_language(outside_pysolfc, "nl")      # a language we lack
    assert texts.language() == "fr"


def test_same_choice_as_the_rules_pages(outside_pysolfc):
    for pysol, env in [("ru", {}), ("", {"LANGUAGE": "el"}), ("nl", {}),
                       ("el", {"LANG": "fr_FR.UTF-8"})]:
        set_pysol_language(outside_pysolfc, pysol)
        assert texts.language(environ=env) == \
            rulespages.choose_language(environ=env)


# --------------------------------------------------- texts the game uses --

def used_keys():
    """The keys named in our game modules' tr(...) calls and key tables."""
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parent == PACKAGE / "texts":    # the tables themselves
            continue
        source = path.read_text(encoding="utf-8")
        keys.update(re.findall(
            r'"((?:game|camelot|plot|solver|winnable)(?:\.[a-z0-9_]+)+)"',
            source))
    return keys


def test_the_game_asks_only_for_texts_that_exist():
    from pysolfc_camelot.camelot import hint_modes as hintmode
    keys = used_keys()
    assert keys, "no texts found in the game modules"
    keys |= {"camelot.phase.1", "camelot.phase.2"}
    keys |= {"game.hints." + mode for mode in hintmode.MODES}
    assert sorted(keys - set(EN)) == []
    assert sorted(set(EN) - keys) == [], "texts nobody uses"
    source = (PACKAGE / "camelot" / "game.py").read_text(encoding="utf-8")
    assert '"camelot.phase.%d"' in source
    source = (PACKAGE / "pysol" / "assist.py").read_text(encoding="utf-8")
    assert '"game.hints." + (mode or self.hint_mode)' in source


# -------------------------------------------------------------- the GUI --

GUI_CASES = {
    # name: (language, PySolFC options.cfg [general], extra environment)
    "options-ru": ("ru", {"language": "ru"}, {}),
    "locale-fr": ("fr", {}, {"LANGUAGE": "fr"}),
    "options-el-over-locale-fr": ("el", {"language": "el"},
                                  {"LANGUAGE": "fr"}),
    "options-de": ("de", {"language": "de"}, {}),
    "locale-it": ("it", {}, {"LANGUAGE": "it"}),
    "options-pl": ("pl", {"language": "pl"}, {}),
    # LANGUAGE: PySolFC stops on a LANG this machine has no locale for.
    "locale-pt_BR": ("pt_BR", {}, {"LANGUAGE": "pt_BR"}),
}


def expected_texts(lang, state):
    from pysolfc_camelot.camelot import rules
    mode = tr("game.hints." + state["hints"], lang=lang)
    marks = {rules.KING: "camelot.mark.king",
             rules.QUEEN: "camelot.mark.queen",
             rules.JACK: "camelot.mark.jack"}
    help_keys = {None: "camelot.help.slot", rules.KING:
                 "camelot.help.king_slot", rules.QUEEN:
                 "camelot.help.queen_slot", rules.JACK:
                 "camelot.help.jack_slot"}
    return {
        "phase": tr("camelot.phase.%d" % state["phase"], lang=lang),
        "hints": tr("game.hints.label", lang=lang, mode=mode),
        "score": tr("camelot.score", lang=lang, score=state["score"],
                    max=rules.MAX_SCORE),
        "marks": {str(slot): tr(marks[face], lang=lang)
                  for slot, face in enumerate(rules.SLOT_FACE)
                  if face is not None},
        "help": [tr(help_keys[face], lang=lang, slot=slot)
                 for slot, face in enumerate(rules.SLOT_FACE)]
        + [tr("camelot.help.discard", lang=lang)],
    }


def crop_to_window(shot, wid, display, out):
    from PIL import Image
    import hostenv as H
    x, y, w, h = H.window_geometry(wid, display=display)
    with Image.open(shot) as screen:
        screen.crop((x, y, x + w, y + h)).save(out)
    return out


@pytest.mark.parametrize("case", list(GUI_CASES))
def test_table_speaks_the_players_language(pysolfc_host, display, artifacts,
                                           tmp_path, case):
    import hostenv as H
    from gui import Launch, check_f1_shows_rules_page
    from tables import CAMELOT_DECK as DECK, PLACE_ORDER
    from tables import CamelotTable as Table
    from pysolfc_camelot.camelot import GAME_ID, GAME_NAME

    lang, options, extra_env = GUI_CASES[case]
    version, host_dir = pysolfc_host
    ps = Launch(host_dir, tmp_path, artifacts, display, GAME_ID, deck=DECK,
                extra_env=extra_env, autodeal=False, **options)
    state_file = ps.state_file
    with ps.watched():
        wid = ps.window(GAME_NAME)
        H.wait_settled(state_file)
        t = Table(state_file, display)
        s = t.state(lambda s: s["phase"] == 1 and s["waste"] is None,
                    "the start of the deal")
        assert s["texts"] == expected_texts(lang, s)
        if lang != "en":
            assert s["texts"]["phase"] != EN["camelot.phase.1"]
        shot = H.screenshot(artifacts / "01-start.png", display=display)
        crop_to_window(shot, wid, display, artifacts / "table-start.png")
        if case == "options-ru":
            # Russian: play to phase 2 with the mouse, remove the ten and a
            # pair, and see the phase text and the score follow.
            for i in range(16):
                card, slot = DECK[i], PLACE_ORDER[i]
                s = t.act(lambda s: t.click(s, "talon"),
                          lambda s: s["waste"] == card,
                          "deal #%d" % (i + 1))
                s = t.act(lambda s: t.drag(s, "waste", slot),
                          lambda s: s["tableau"][slot] == card,
                          "%s placed in slot %d" % (card, slot))
            s = t.state(lambda s: s["phase"] == 2, "phase 2")
            ten = s["tableau"].index("TD")
            s = t.act(lambda s: t.click(s, "rows", ten),
                      lambda s: s["score"] == 1, "the ten removed")
            a, b = s["tableau"].index("AC"), s["tableau"].index("9C")
            s = t.act(lambda s: t.drag_rows(s, a, b),
                      lambda s: s["score"] == 3, "AC+9C removed")
            assert s["texts"] == expected_texts("ru", s)
            assert s["texts"]["phase"].startswith("Фаза 2")
            assert s["texts"]["score"] == "3/40"
            shot = H.screenshot(artifacts / "02-phase2.png",
                                display=display)
            crop_to_window(shot, wid, display,
                           artifacts / "table-phase2.png")

        # The same PySolFC shows the rules page (F1) in the player's
        # language too (test_help_gui.py has the English one): the eight
        # languages' pages between this test and that one.
        check_f1_shows_rules_page(ps, wid, "camelot", "goal.png", lang)


def test_solver_dialog_speaks_the_players_language(pysolfc_host, display,
                                                   artifacts, tmp_path):
    """Assist > Solver with PySolFC set to Russian: the verdict our Solver
    writes into PySolFC's dialog is the Russian one."""
    import hostenv as H
    from gui import Pysol
    from tables import WIN_DECK
    from pysolfc_camelot.camelot import GAME_ID, GAME_NAME

    version, host_dir = pysolfc_host
    ps = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID,
               deck=WIN_DECK, language="ru")
    with ps.watched():
        H.find_window(re.escape(GAME_NAME), display=display, timeout=60,
                      proc=ps.proc)
        H.wait_settled(ps.state_file)
        ps.game(GAME_ID)
        ps.open_solver()
        ps.press("start")
        solvable = tr("solver.solvable", lang="ru", n=1000).split("1000")[0]
        d = ps.dialog(lambda d: d["result"].startswith(solvable),
                      "the Russian verdict", timeout=60)
        n = int(d["result"][len(solvable):].split()[0])
        assert d["result"] == tr("solver.solvable", lang="ru", n=n)
        # The dialog's face is ours, in Russian too.
        assert d["title"] == tr("solver.title", lang="ru", game=GAME_NAME)
        assert d["captions"] == [tr("solver.field." + k, lang="ru")
                                 for k in ("time", "position", "states")]
        assert d["depth"] == tr("solver.at_start", lang="ru")
        assert re.fullmatch(r"\d+[.,]\d\sс", d["iter"]), d["iter"]
        ps.shot("solver-ru")


def test_the_gui_cases_cover_every_language():
    """test_table_speaks_the_players_language (and F1 in it) runs each of
    our languages but English, which test_help_gui.py has."""
    assert {case[0] for case in GUI_CASES.values()} | {"en"} == \
        set(texts.LANGUAGES)

# SPDX-License-Identifier: GPL-3.0-or-later
"""The texts on the table and in dialogs (pysolfc_camelot/texts.py): every
language has every text, with the same placeholders and the right number
of plural forms; the language is chosen as the rules pages' is (PySolFC's
setting, then the locale, then English); the game asks for texts that
exist; and in a real PySolFC window under Xvfb the table speaks the
player's language (screenshots kept in artifacts/<test>/)."""
import html
import re
import string
import sys
import types

import pytest

from pysolfc_camelot import rulespages, texts
from pysolfc_camelot.texts import EN, TABLES, tr

from helpers import REPO
PACKAGE = REPO / "pysolfc_camelot"

# Texts that rightly read the same as in English: numbers only, and the
# K/Q/J marks of the rules pages' slot picture.  French keeps PySolFC's
# own "Stop".
SAME_AS_ENGLISH = {"camelot.score", "camelot.mark.king", "camelot.mark.queen",
                   "camelot.mark.jack", ("fr", "solver.stop")}
SCRIPT = {"ru": re.compile("[А-Яа-яЁё]"), "el": re.compile("[Α-Ωα-ωά-ώ]"),
          "fr": re.compile("[A-Za-zÀ-ÿ]")}


def forms(value):
    return list(value) if isinstance(value, tuple) else [value]


def fields(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text)
                  if name is not None)


def test_languages_are_the_rules_pages_languages():
    assert tuple(TABLES) == rulespages.LANGUAGES == texts.LANGUAGES


@pytest.mark.parametrize("lang", [lang for lang in TABLES if lang != "en"])
def test_every_text_in_every_language(lang):
    table = TABLES[lang]
    assert sorted(set(EN) - set(table)) == [], "missing in " + lang
    assert sorted(set(table) - set(EN)) == [], "not in English: " + lang
    assert list(table) == list(EN), "keep the English order for translators"


@pytest.mark.parametrize("lang", list(TABLES))
def test_same_placeholders_and_plural_forms(lang):
    nforms = texts.PLURAL_FORMS[lang][0]
    for key, value in TABLES[lang].items():
        english = forms(EN[key])
        assert isinstance(value, tuple) == isinstance(EN[key], tuple), key
        if isinstance(value, tuple):
            assert len(value) == nforms, (lang, key)
        for form in forms(value):
            assert isinstance(form, str) and form.strip(), (lang, key)
            assert form == form.strip(), (lang, key)
            assert fields(form) == fields(english[-1]), (lang, key, form)
            if isinstance(value, tuple):
                assert "n" in fields(form), (lang, key, form)


@pytest.mark.parametrize("lang", [lang for lang in TABLES if lang != "en"])
def test_translated(lang):
    for key, value in TABLES[lang].items():
        if key in SAME_AS_ENGLISH or (lang, key) in SAME_AS_ENGLISH:
            continue
        assert value != EN[key], "%s: %s is still English" % (lang, key)
        for form in forms(value):
            assert SCRIPT[lang].search(form), (lang, key, form)


def test_terms_of_the_translation_review():
    # ru: «убирать», never «снимать»; fr: «Solveur» as PySolFC's menu.
    ru = " ".join(" ".join(forms(v)) for v in TABLES["ru"].values())
    assert "убира" in ru and not re.search("снима|сним", ru)
    # The rules pages follow the same review.
    ru_page, fr_page = page_text("camelot", "ru"), page_text("camelot", "fr")
    assert "Раскладка" in ru_page and not re.search("снима|сняти", ru_page)
    assert "Assistance > Solveur" in fr_page and "(le talon)" in fr_page
    # PySolFC's catalogs (pysol.mo 3.6.1) for the same concepts.
    assert TABLES["ru"]["solver.stop"] == "Стоп"
    assert TABLES["fr"]["solver.solvable"][1] == \
        "Ce jeu est résoluble en {n} déplacements."


def test_tr_fills_in_and_picks_plural_forms():
    assert tr("camelot.score", lang="ru", score=9, max=40) == "9/40"
    assert tr("camelot.help.king_slot", lang="fr", slot=0) == \
        "Case 0\u00a0: un roi ou une carte numérale"
    ru = [tr("solver.solvable", lang="ru", n=n).split()[-1]
          for n in (1, 2, 5, 11, 12, 21, 22, 25, 101, 111)]
    assert ru == ["ход.", "хода.", "ходов.", "ходов.", "ходов.", "ход.",
                  "хода.", "ходов.", "ход.", "ходов."]
    assert tr("solver.solvable", lang="fr", n=0).endswith("déplacement.")
    assert tr("solver.solvable", lang="fr", n=2).endswith("déplacements.")
    assert tr("solver.solvable", lang="en", n=1) == \
        "This game is solvable in 1 move."
    assert tr("solver.solvable", lang="el", n=3) == \
        "Η παρτίδα λύνεται σε 3 κινήσεις."
    assert tr("camelot.phase.1", lang="xx") == EN["camelot.phase.1"]
    with pytest.raises(KeyError):
        tr("camelot.no-such-text", lang="en")
    with pytest.raises(TypeError):
        tr("solver.solvable", lang="en")
    with pytest.raises(KeyError):            # a placeholder left out
        tr("camelot.score", lang="en", score=1)


def test_missing_translation_falls_back_to_english(monkeypatch):
    table = dict(TABLES["ru"])
    del table["camelot.phase.1"]
    monkeypatch.setitem(TABLES, "ru", table)
    assert tr("camelot.phase.1", lang="ru") == EN["camelot.phase.1"]



def test_terms_of_the_translation_review_2():
    """Terms settled by the second review: the page's word for a space,
    ρεζέρβα for the reserve in Greek, no 'once' that reads as the click's,
    'pairs of 10' that reads as pairs of tens."""
    assert "свободное место" in TABLES["ru"]["plot.help.tableau"]
    assert not any("пуст" in v for v in TABLES["ru"].values()
                   if isinstance(v, str) and v.startswith(("Сброс", "Стопка")))
    assert "ρεζέρβα" in page_text("plot", "el") and \
        "απόθεμ" not in page_text("plot", "el")
    assert TABLES["el"]["plot.reserve"] == "Ρεζέρβα: {count}"
    assert "emplacement vide" in TABLES["fr"]["plot.help.waste"]
    assert "place vide" not in TABLES["fr"]["plot.help.tableau"]
    assert EN["plot.help.stock"].endswith("no redeal")
    for lang in TABLES:
        assert "10" in TABLES[lang]["camelot.phase.2"]
        assert not re.search(r"(of|de|του) 10",
                             TABLES[lang]["camelot.phase.2"])
    fr_plot = page_text("plot", "fr")
    assert "Celui-ci" not in fr_plot and "Là-bas" not in fr_plot


@pytest.mark.parametrize("lang, expected", [
    ("en", "12.3"), ("ru", "12,3"), ("el", "12,3"), ("fr", "12,3")])
def test_decimal_numbers_as_each_language_writes_them(lang, expected):
    assert texts.decimal(12.34, lang=lang) == expected
    assert texts.decimal(0.05, 2, lang=lang) == \
        ("0.05" if lang == "en" else "0,05")


@pytest.mark.parametrize("lang", list(TABLES))
def test_solver_dialog_seconds_in_the_players_language(outside_pysolfc,
                                                       lang):
    """The Solver dialog's "Searching... 12.3 s" and its "gave up" line:
    a decimal comma where the language writes one, and the number kept
    on the unit's line (no-break space in ru and fr)."""
    import hostenv as H
    from pysolfc_camelot import search_process, solver_search
    outside_pysolfc.setenv("LANGUAGE", lang)
    task = search_process.Task(lambda should_stop, progress: None)
    H.wait_for(lambda: task.done, what="the task's end")
    task.started = task.finished - 12.34
    seconds = "12.3" if lang == "en" else "12,3"
    assert solver_search.Solver._seconds(task) == tr(
        "solver.seconds", lang=lang, seconds=seconds)
    assert seconds in tr("solver.gave_up", lang=lang, seconds=seconds)
    if lang in ("ru", "fr"):
        assert seconds + "\u00a0" in tr("solver.seconds", lang=lang,
                                        seconds=seconds)


@pytest.mark.parametrize("lang", list(TABLES))
def test_rules_broken_speaks_one_language(lang):
    """The "Load game error" reason for a save whose cards break the
    rules: the rules model's English explanation only for English
    readers, never inside a translated sentence."""
    for key in ("game.save.rules",):       # every game's
        text = texts.rules_broken(key, "F0 is empty", lang=lang)
        if lang == "en":
            assert text == "the cards break the rules (F0 is empty)"
        else:
            assert text == TABLES[lang][key]
            assert "F0" not in text and "(" not in text


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


@pytest.mark.parametrize("lang", list(TABLES))
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
        assert reasons == {"camelot": TABLES[lang]["game.save.rules"],
                           "plot F0": TABLES[lang]["game.save.rules"],
                           "plot F1": TABLES[lang]["game.save.rules"]}

def page_text(game, lang):
    """A rules page source as its reader sees the words: no tags, entities
    decoded, every run of spaces (no-break ones too) one space."""
    body = rulespages.source_file(game, lang).read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("lang", list(TABLES))
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
    ("fr", "fr"), ("ru_RU.UTF-8", "ru"), ("de:el", "el"), ("de", "en"),
    ("C", "en")])
def test_language_from_the_locale(outside_pysolfc, value, expected):
    outside_pysolfc.setenv("LANGUAGE", value)
    assert texts.language() == expected
    assert tr("camelot.help.discard") == TABLES[expected][
        "camelot.help.discard"]


def test_language_from_lang(outside_pysolfc):
    outside_pysolfc.setenv("LANG", "el_GR.UTF-8")
    assert texts.language() == "el"


def test_pysolfc_setting_wins_over_the_locale(outside_pysolfc):
    outside_pysolfc.setenv("LANGUAGE", "fr")
    set_pysol_language(outside_pysolfc, "ru")
    assert texts.language() == "ru"
    assert tr("camelot.phase.2") == TABLES["ru"]["camelot.phase.2"]
    set_pysol_language(outside_pysolfc, "")        # "system default"
    assert texts.language() == "fr"
    set_pysol_language(outside_pysolfc, "de")      # a language we lack
    assert texts.language() == "fr"


def test_same_choice_as_the_rules_pages(outside_pysolfc):
    for pysol, env in [("ru", {}), ("", {"LANGUAGE": "el"}), ("pl", {}),
                       ("el", {"LANG": "fr_FR.UTF-8"})]:
        set_pysol_language(outside_pysolfc, pysol)
        assert texts.language(environ=env) == \
            rulespages.choose_language(environ=env)


# --------------------------------------------------- texts the game uses --

def used_keys():
    """The keys named in our game modules' tr(...) calls and key tables."""
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "texts.py":
            continue
        source = path.read_text(encoding="utf-8")
        keys.update(re.findall(
            r'"((?:game|camelot|plot|solver|winnable)(?:\.[a-z0-9_]+)+)"', source))
    return keys


def test_the_game_asks_only_for_texts_that_exist():
    from pysolfc_camelot.camelot import hintmode
    keys = used_keys()
    assert keys, "no texts found in the game modules"
    keys |= {"camelot.phase.1", "camelot.phase.2"}
    keys |= {"game.hints." + mode for mode in hintmode.MODES}
    assert sorted(keys - set(EN)) == []
    assert sorted(set(EN) - keys) == [], "texts nobody uses"
    source = (PACKAGE / "camelot" / "game.py").read_text(encoding="utf-8")
    assert '"camelot.phase.%d"' in source
    source = (PACKAGE / "assist.py").read_text(encoding="utf-8")
    assert '"game.hints." + (mode or self.hint_mode)' in source


# -------------------------------------------------------------- the GUI --

GUI_CASES = {
    # name: (language, PySolFC options.cfg [general], extra environment)
    "options-ru": ("ru", {"language": "ru"}, {}),
    "locale-fr": ("fr", {}, {"LANGUAGE": "fr"}),
    "options-el-over-locale-fr": ("el", {"language": "el"},
                                  {"LANGUAGE": "fr"}),
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
    from gui import CASES, Launch, check_f1_shows_rules_page
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
        # language too (test_help_gui.py has the English one).
        if case in CASES:
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

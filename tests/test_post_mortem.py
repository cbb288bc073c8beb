# SPDX-License-Identifier: GPL-3.0-or-later
"""What went wrong (pysolfc_camelot/post_mortem.py, review.py), for both
games.

* Outside PySolFC: the search process's answer is analysis.analyse's, and
  the dialog's words name the right move and number in every language.
* Inside a real PySolFC (every host, tests/host/post_mortem_scenarios.py):
  the game read back from PySolFC's history is the deal and the moves
  played, after undo, redo, save and load, and with Autodeal's own moves.
* In a real PySolFC window under Xvfb (every host), as a player: a lost
  game of each game (the deal of a known mistake, its moves played by a
  test-only plugin, tests/host/autoplay.py, the last one by the mouse),
  then W: the dialog names the move and the number analysis.analyse
  finds; its first button takes the game back there (state file) and
  shows PySolFC's hint arrow on the better move (screenshot pixels); Redo
  (the R key) returns to where the player was.  A deal never winnable
  says so.  In English and in Russian.  Screenshots in artifacts/<test>/.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

import hostenv as H
from pysolfc_camelot import analysis, review
from pysolfc_camelot.camelot import notation as camelot_notation
from pysolfc_camelot.plot import notation as plot_notation
from pysolfc_camelot.texts import TABLES, tr

from test_analyse import (camelot_lost_deal, camelot_mistake,  # noqa: F401
                          plot_mistake, positions)

NOTATION = {"camelot": camelot_notation, "plot": plot_notation}


# ---------------------------------------------------------- outside PySolFC --

@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_search_process_answers_as_analyse(name, request):
    g = request.getfixturevalue(name + "_mistake")
    req = review.request(name, g.deck, g.moves, budget=60)
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot.review"],
                       input=json.dumps(req), capture_output=True, text=True,
                       cwd=H.REPO, env=dict(os.environ, PYTHONPATH=str(
                           H.REPO)), timeout=120)
    assert r.returncode == 0, r.stderr
    results = [line for line in r.stdout.splitlines()
               if line.startswith("result ")]
    assert len(results) == 1, r.stdout
    out = json.loads(results[0][len("result "):])
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=60)
    assert {k: out[k] for k in a.contract()} == a.contract()
    assert out["last_winnable"] == g.k and out["mistake"] == str(g.mistake)
    assert (out["winnable_through"], out["lost_from"]) == (g.k, g.k + 1)


@pytest.mark.parametrize("lang", list(TABLES))
@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_dialog_names_the_move_and_its_number(name, lang, request):
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=60)
    v = review.verdict(name, review.answer(review.request(
        name, g.deck, g.moves, 60)), 60)
    assert (v.last_winnable, v.mistake, v.better) == \
        (a.last_winnable, a.mistake, a.better)
    pos = positions(name, g.deck, g.moves)
    numbers = list(range(len(g.moves) + 1))
    lines = review.describe(name, v, pos, numbers, lang=lang)
    text = " ".join(" ".join(lines).split())
    mistake = NOTATION[name].name_move(pos[g.k], g.mistake, lang=lang)
    better = NOTATION[name].name_move(pos[g.k], a.better, lang=lang)
    said = tr("solver.review.lost_after", lang=lang, k=g.k, n=g.k + 1,
              move=mistake)
    assert " ".join(said.split()) in text
    assert " ".join(tr("solver.review.instead", lang=lang,
                       move=better).split()) in text
    assert all(len(line) <= review.LINE_WIDTH or " " not in line
               for p in lines for line in p.splitlines())
    if lang != "en":
        assert mistake != NOTATION[name].name_move(pos[g.k], g.mistake)


def test_numbers_follow_pysolfc_s_move_count(camelot_mistake):
    """One PySolFC move may hold two rules moves (Autodeal): the dialog
    counts PySolFC's moves, and goes back to the last one at k."""
    g = camelot_mistake
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", g.deck, g.moves, 60)), 60)
    # PySolFC moves of two rules moves each, up to the mistake's.
    n = len(g.moves)
    numbers = [0] + list(range(2, g.k + 1, 2)) + \
        list(range(g.k + (g.k % 2) + 1, n + 1))
    k_move = review.moment(numbers, g.k)
    assert numbers[k_move] == g.k or numbers[k_move] < g.k < \
        numbers[k_move + 1]
    lines = " ".join(review.describe("camelot", v, positions(
        "camelot", g.deck, g.moves), numbers, lang="en"))
    assert "after move %d;" % k_move in " ".join(lines.split())


def test_never_winnable_and_undecided_are_said(camelot_lost_deal,
                                               camelot_mistake):
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", camelot_lost_deal, [], 30)), 30)
    lines = review.describe("camelot", v, positions(
        "camelot", camelot_lost_deal, []), [0], lang="ru")
    assert [" ".join(p.split()) for p in lines] == [
        tr("solver.review.never", lang="ru")]
    g = camelot_mistake
    v = review.verdict("camelot", review.answer(review.request(
        "camelot", g.deck, g.moves, 0)), 0)
    lines = review.describe("camelot", v, positions(
        "camelot", g.deck, g.moves), list(range(len(g.moves) + 1)),
        lang="en")
    assert " ".join(lines[0].split()) == tr("solver.review.undecided",
                                            lang="en", seconds="0")
    assert v.last_winnable is None and v.better is None


# ----------------------------------------------------- inside PySolFC --

@pytest.mark.parametrize("game", ["camelot", "plot"])
def test_the_record_follows_pysolfc_s_history(pysolfc_host, display,
                                              tmp_path, game):
    from pysolfc_camelot.camelot import GAME_ID as CAMELOT_ID
    from pysolfc_camelot.plot import GAME_ID as PLOT_ID
    version, host_dir = pysolfc_host
    game_id = CAMELOT_ID if game == "camelot" else PLOT_ID
    name = game + "_record"
    results, log = H.run_scenarios(host_dir, tmp_path, game_id,
                                   "post_mortem_scenarios.py", [name])
    r = H.check_scenario(results, log, name)
    print(version, name, r["seconds"], "s", r["detail"])

# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot Classic's hints and Assist > Solver as a player uses them: a
real PySolFC window under Xvfb, every host version, driven with xdotool
clicks only.

* The "Hints: fair" label on the table: a click switches it to perfect
  (and back), and the choice is kept in PySolFC's config folder
  (plot-classic.json).
* With The Plot Classic current, Assist > Solver... is enabled (no
  freecell-solver here); click Assist, Solver..., Start, Play: the dialog
  says the deal can be won and in how many moves, and Play wins it.  The
  deal is one the greedy policy of the rules (RULES.md) loses.
* A long search shows its progress, its Start button turns into Stop, and
  a click on Stop ends it: the game is unchanged, no search is left.

What the window shows is read from the game's test state file and the
test-only probe plugin (tests/host/probe.py, see test_solver_gui.py); every
action is an xdotool click.  Screenshots go to artifacts/<test>/.
"""
import random
import re
import time

import pytest

import hostenv as H
from pysolfc_camelot.plot import GAME_ID, GAME_NAME, hints, rules, solver
from pysolfc_camelot.plot.notation import format_deck, parse_deck
from pysolfc_camelot.texts import tr
from test_solver_gui import Pysol, searches

WINDOW_SIZE = "1100, 820"       # as test_plot_gui.py
# Lines of bench/plot-deals-1000.txt the solver did not decide within 10 s
# (2026-11-30): a search on one of them lasts long enough to be stopped
# by a click.
SLOW_LINES = (115, 490, 811, 902)


def slow_deck(seconds=3):
    """The first deal of SLOW_LINES this checkout's solver does not decide
    within ``seconds`` (the solver keeps getting faster)."""
    lines = (H.REPO / "bench" / "plot-deals-1000.txt").read_text(
        ).splitlines()
    for n in SLOW_LINES:
        deck = parse_deck(lines[n - 1])
        res = solver.solve(rules.Position.new_game(deck),
                           budget_seconds=seconds)
        if res.winnable is None:
            return deck
    pytest.fail("the solver now decides every deal of SLOW_LINES within "
                "%s s: the Stop test needs slower deals" % seconds)


def greedy_loses_deck(seed=20261130):
    """The first random deck (random.Random(seed)) that the solver wins
    and the greedy policy (hints.greedy_move) loses; the same as
    tests/host/plot_scenarios.py's hard_winnable_deck."""
    rng = random.Random(seed)
    while True:
        deck = list(range(52)) * 2
        rng.shuffle(deck)
        res = solver.solve(rules.Position.new_game(deck), budget_seconds=5)
        if res.winnable and not hints.play_policy(deck, "greedy")[0]:
            return deck


class PlotPysol(Pysol):
    """PySolFC started on The Plot Classic with a fixed deal."""

    def __init__(self, host_dir, tmp_path, artifacts, display, deck):
        super().__init__(host_dir, tmp_path, artifacts, display, GAME_ID,
                         deck=format_deck(deck),
                         game_geometry=WINDOW_SIZE)

    def start(self):
        H.find_window(re.escape(GAME_NAME), display=self.display,
                      timeout=60, proc=self.proc)
        state = H.wait_settled(self.state_file)
        p = self.game(GAME_ID)
        assert p["menus"]["solver"]["state"] == "normal", p["menus"]
        return state

    def state(self, predicate=lambda s: True, what="state", timeout=10):
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    def click_hint_label(self, want):
        s = self.state()
        x0, y0, x1, y1 = s["hint_label"]
        ox, oy = s["canvas_origin"]
        self.click(ox + (x0 + x1) // 2, oy + (y0 + y1) // 2)
        return self.state(lambda s: s["hints"] == want, "%s hints" % want)

    def open_solver(self):
        return super().open_solver(game_name=GAME_NAME)


def test_hint_label_switches_fair_and_perfect(pysolfc_host, display,
                                              artifacts, tmp_path):
    version, host_dir = pysolfc_host
    deck = greedy_loses_deck()
    ps = PlotPysol(host_dir, tmp_path, artifacts, display, deck)
    saved = ps.config_dir / "plot-classic.json"
    with ps.watched():
        s = ps.start()
        assert s["hints"] == "fair"
        assert s["hint_text"] == tr("plot.hints.label",
                                    mode=tr("plot.hints.fair"))
        assert not saved.exists()
        ps.shot("fair")
        s = ps.click_hint_label("perfect")
        assert s["hint_text"] == tr("plot.hints.label",
                                    mode=tr("plot.hints.perfect"))
        assert H.read_json(saved) == {"hints": "perfect"}
        ps.shot("perfect")
        s = ps.click_hint_label("fair")
        assert H.read_json(saved) == {"hints": "fair"}
        # The click changed no card.
        assert s["stock"] == format_deck(deck[26:]).split()
        assert not (ps.config_dir / "camelot-plus.json").exists()


def test_solver_from_the_menu_plays_the_plot_to_the_win(
        pysolfc_host, display, artifacts, tmp_path):
    version, host_dir = pysolfc_host
    deck = greedy_loses_deck()
    ps = PlotPysol(host_dir, tmp_path, artifacts, display, deck)
    with ps.watched():
        ps.start()
        ps.shot("start")
        ps.open_solver()
        ps.shot("solver-dialog")
        ps.press("start")
        solvable = tr("solver.solvable", n=1000).split("1000")[0]
        d = ps.dialog(lambda d: d["result"].startswith(solvable) and
                      d["buttons"]["play"]["state"] == "normal",
                      "the deal found solvable", timeout=180)
        n = int(d["result"][len(solvable):].split()[0])
        assert d["result"] == tr("solver.solvable", n=n)
        assert d["buttons"]["start"]["text"] != tr("solver.stop")
        ps.shot("solved")
        ps.press("play")
        s = ps.state(lambda s: s["status"] == "won", "the game won by Play",
                     timeout=300)
        assert s["score"] == 104 and s["stock"] == [] and \
            all(len(f) == 13 for f in s["foundations"]), s
        # Every move of the line, and no other (PySolFC's "Game finished"
        # notice then waits for a click, the demo with it).
        p = ps.probe(lambda p: p["game"]["moves"] >= n, "the moves counted")
        time.sleep(0.5)
        assert ps.probe()["game"]["moves"] == n, p["game"]
        ps.shot("won")


def test_solver_stop_ends_a_long_search(pysolfc_host, display, artifacts,
                                        tmp_path):
    version, host_dir = pysolfc_host
    ps = PlotPysol(host_dir, tmp_path, artifacts, display, slow_deck())
    with ps.watched():
        before = ps.start()
        ps.open_solver()
        start_text = ps.dialog()["buttons"]["start"]["text"]
        searching = tr("solver.searching")
        too_fast = ("the search ended before it could be stopped: "
                    "SLOW_LINES needs slower deals (%r)")
        ps.press("start")
        p = ps.probe(lambda p: p["dialog"]["result"] and (
            p["dialog"]["states"] not in ("", "0") or
            p["dialog"]["buttons"]["start"]["text"] == start_text),
            "the search's progress (states)", timeout=10)
        d = p["dialog"]
        if d["buttons"]["start"]["text"] != tr("solver.stop"):
            pytest.fail(too_fast % d["result"])
        assert d["result"].startswith(searching), d
        assert p["threads"] and searches(p), p
        ps.shot("searching")
        ps.press("start")                       # it says Stop
        p = ps.probe(lambda p: p["dialog"]["result"] == tr("solver.stopped")
                     and not p["threads"] and not searches(p),
                     "the search stopped", timeout=10)
        d = p["dialog"]
        assert d["buttons"]["start"]["text"] == start_text, d
        assert d["buttons"]["play"]["state"] == "disabled", d
        assert p["game"]["moves"] == 0 and not p["game"]["demo"]
        after = ps.state()
        for k in ("reserve", "foundations", "tableau", "stock", "waste",
                  "status"):
            assert after[k] == before[k], k
        ps.shot("stopped")

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
test-only probe plugin (tests/host/probe.py, see
test_camelot_solver_gui.py); every action is an xdotool click.
Screenshots go to artifacts/<test>/.
"""
import re
import time

import pytest

import hostenv as H
from pysolfc_camelot.plot import GAME_ID, GAME_NAME
from pysolfc_camelot.plot.notation import format_deck
from pysolfc_camelot.texts import tr
from gui import Pysol, searches
from host.known_deals import plot_greedy_loses_deck as greedy_loses_deck
from host.known_deals import plot_slow_deck
from tables import PLOT_WINDOW_SIZE as WINDOW_SIZE


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

    def click_hint_label(self, want):
        s = self.state()
        x0, y0, x1, y1 = s["hint_label"]
        ox, oy = s["canvas_origin"]
        self.click(ox + (x0 + x1) // 2, oy + (y0 + y1) // 2)
        return self.state(lambda s: s["hints"] == want, "%s hints" % want)

    def open_solver(self):
        return super().open_solver(game_name=GAME_NAME)


# One PySolFC on the deal the greedy policy loses: first the hint label,
# then the Solver plays the deal to the win (one start-up for both).
def test_hint_label_switches_then_the_solver_plays_the_plot_to_the_win(
        pysolfc_host, display, artifacts, tmp_path):
    version, host_dir = pysolfc_host
    deck = greedy_loses_deck()
    ps = PlotPysol(host_dir, tmp_path, artifacts, display, deck)
    saved = ps.config_dir / "plot-classic.json"
    with ps.watched():
        s = ps.start()
        assert s["hints"] == "fair"
        assert s["hint_text"] == tr("game.hints.label",
                                    mode=tr("game.hints.fair"))
        assert not saved.exists()
        ps.shot("fair")
        s = ps.click_hint_label("perfect")
        assert s["hint_text"] == tr("game.hints.label",
                                    mode=tr("game.hints.perfect"))
        assert H.read_json(saved) == {"hints": "perfect"}
        ps.shot("perfect")
        s = ps.click_hint_label("fair")
        assert H.read_json(saved) == {"hints": "fair"}
        # The click changed no card.
        assert s["stock"] == format_deck(deck[26:]).split()
        assert not (ps.config_dir / "camelot-plus.json").exists()

        # -- Assist > Solver..., Start, Play: the deal won ----------------
        ps.shot("start")
        n = ps.solve_deal(timeout=180)
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
    ps = PlotPysol(host_dir, tmp_path, artifacts, display, plot_slow_deck())
    with ps.watched():
        before = ps.start()
        ps.open_solver()
        start_text = ps.dialog()["buttons"]["start"]["text"]
        searching = tr("solver.searching")
        too_fast = ("the search ended before it could be stopped: "
                    "PLOT_SLOW_DECKS needs slower deals (%r)")
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

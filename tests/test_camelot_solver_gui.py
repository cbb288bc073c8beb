# SPDX-License-Identifier: GPL-3.0-or-later
"""Assist > Solver as a player uses it: a real PySolFC window under Xvfb,
every host version, driven with xdotool clicks only.

* With Camelot Plus current, the Solver... entry is enabled (no
  freecell-solver here); click Assist, Solver..., Start, Play: the deal is
  played to the win.
* A long search (in a child process; on the slowest of a few deals for
  the solver) shows its progress, its Start button turns into Stop, and a
  click on Stop ends it: the game is unchanged.  New
  and Close during a search end it too (no search thread, no child
  process left).
* Another game (Klondike) keeps PySolFC's own entry: greyed out without
  freecell-solver, enabled with a stand-in ``fc-solve`` on PATH (PySolFC's
  start-up only asks ``fc-solve --help``), before and after a visit to our
  game through File > Recent games.

What the window shows is read by a test-only plugin (tests/host/probe.py,
copied into the test HOME): where the menus, their entries and the dialog's
buttons are, their state and the dialog's texts.  It never acts; every
action is an xdotool click.  Screenshots go to artifacts/<test>/.
"""
import re
import time

import pytest

import hostenv as H
from gui import Pysol, searches
from host.known_deals import camelot_slow_deck as slow_deck
from host.known_deals import search_pause_env
from tables import WIN_DECK, CamelotTable as Table
from pysolfc_camelot.camelot import GAME_ID, GAME_NAME
from pysolfc_camelot.texts import tr

KLONDIKE = 2


def test_solver_from_the_menu_plays_to_the_win(pysolfc_host, display,
                                               artifacts, tmp_path):
    version, host_dir = pysolfc_host
    ps = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID,
               deck=WIN_DECK)
    with ps.watched():
        H.find_window(re.escape(GAME_NAME), display=display, timeout=60,
                      proc=ps.proc)
        H.wait_settled(ps.state_file)
        p = ps.game(GAME_ID)
        assert p["menus"]["solver"]["state"] == "normal", p["menus"]
        ps.shot("start")
        ps.solve_deal(timeout=60)
        ps.press("play")
        s = H.wait_state(ps.state_file, lambda s: s["status"] == "won",
                         timeout=180, what="the game won by Play")
        assert s["score"] == 40 and s["stock"] == [], s
        time.sleep(0.5)
        ps.shot("won")


def test_solver_stop_and_close_end_a_long_search(pysolfc_host, display,
                                                 artifacts, tmp_path):
    version, host_dir = pysolfc_host
    seconds, deck = slow_deck()
    (artifacts / "deck.txt").write_text("%s\n(%.2f s for the solver here)\n"
                                        % (deck, seconds))
    ps = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID, deck=deck,
               extra_env=search_pause_env())
    with ps.watched():
        H.find_window(re.escape(GAME_NAME), display=display, timeout=60,
                      proc=ps.proc)
        before = H.wait_settled(ps.state_file)
        ps.game(GAME_ID)
        ps.open_solver()
        start_text = ps.dialog()["buttons"]["start"]["text"]
        searching = tr("solver.searching")
        too_fast = ("the search ended before it could be stopped: "
                    "SLOW_CANDIDATES needs a slower deal (%%r; the "
                    "slowest took %.2f s)" % seconds)

        def unchanged(p):
            assert p["game"]["moves"] == 0 and not p["game"]["demo"]
            after = H.read_json(ps.state_file)
            for k in ("stock", "waste", "tableau", "removed", "phase",
                      "status"):
                assert after[k] == before[k], k

        def start_then(button):
            """Click Start, and 0.4 s later the button (in one xdotool
            run, so that only a slow machine makes it later)."""
            d = ps.dialog()
            b0, b1 = d["buttons"]["start"], d["buttons"][button]
            H.xdotool("mousemove", b0["x"], b0["y"], "sleep", 0.05,
                      "click", 1, "sleep", 0.4, "mousemove", b1["x"],
                      b1["y"], "sleep", 0.05, "click", 1, display=display)

        def ended(p):
            d = p["dialog"]
            return d is None or (
                d["buttons"]["start"]["text"] == start_text and
                not d["result"].startswith(searching) and
                not p["threads"] and not searches(p))

        # -- Start, and Stop (the same button) 0.4 s later -----------------
        start_then("start")
        p = ps.probe(lambda p: ended(p) and p["dialog"]["result"],
                     "the search's end", timeout=10)
        if p["dialog"]["result"] != tr("solver.stopped"):
            pytest.fail(too_fast % p["dialog"]["result"])
        assert p["dialog"]["buttons"]["play"]["state"] == "disabled", p
        unchanged(p)
        ps.shot("stopped")

        # -- Start, and New 0.4 s later: the new game ends the search ------
        start_then("new")
        p = ps.probe(lambda p: ended(p) and p["game"]["id"] == GAME_ID and
                     not p["game"]["busy"], "the search's end", timeout=10)
        if p["dialog"]["result"]:
            pytest.fail(too_fast % p["dialog"]["result"])
        assert p["dialog"]["buttons"]["play"]["state"] == "disabled", p
        unchanged(p)                  # the same deal (CAMELOT_TEST_DECK)
        ps.shot("new-game")

        # -- Start, and Close 0.4 s later: closing ends the search ---------
        start_then("close")
        p = ps.probe(lambda p: p["dialog"] is None and ended(p),
                     "the dialog closed and its search ended", timeout=10)
        unchanged(p)
        ps.shot("closed")

        # -- what a search shows while it runs ----------------------------
        ps.open_solver()

        def state(p):
            d = p["dialog"]
            if d["buttons"]["start"]["text"] == tr("solver.stop"):
                m = re.match(re.escape(searching) + r" (\d+\.\d) ",
                             d["result"] + " ")
                return "searching %s" % (m.group(1) if m else "?")
            if not d["result"] or d["result"].startswith(searching):
                return "starting"
            return "done"
        ps.press("start")
        p = ps.probe(lambda p: state(p) == "done" or
                     state(p).startswith("searching") and
                     state(p)[10:] not in ("?", "0.0", "0.1", "0.2"),
                     "a moment of search", timeout=10)
        if state(p) == "done":
            pytest.fail(too_fast % p["dialog"]["result"])
        assert p["threads"] and searches(p), p
        ps.shot("searching")
        ps.press("start")
        ps.probe(ended, "the search's end", timeout=10)


@pytest.mark.parametrize("fc_solve", [False, True],
                         ids=["no-freecell-solver", "stand-in-fc-solve"])
def test_other_games_keep_pysolfc_s_solver_entry(
        pysolfc_host, display, artifacts, tmp_path, fc_solve):
    version, host_dir = pysolfc_host
    ps = Pysol(host_dir, tmp_path, artifacts, display, KLONDIKE,
               fc_solve=fc_solve, recent_gameid="%d, %d" % (KLONDIKE,
                                                            GAME_ID))
    want = "normal" if fc_solve else "disabled"
    with ps.watched():
        H.find_window("Klondike", display=display, timeout=60, proc=ps.proc)
        p = ps.game(KLONDIKE)
        baseline = p["menus"]["solver"]
        assert baseline["state"] == want, baseline
        assert baseline["command"] == fc_solve, baseline
        p = ps.open_menu("Assist", "Solver...")
        assert ps.shown_entry(p, "Solver...", False)["state"] == want
        ps.shot("klondike-assist")
        ps.close_menus()

        # -- to our game and back, as a player: File > Recent games ----------
        ps.choose("File", "Recent games", GAME_NAME)
        p = ps.game(GAME_ID)
        assert p["menus"]["solver"]["state"] == "normal", p["menus"]
        p = ps.open_menu("Assist", "Solver...")
        assert ps.shown_entry(p, "Solver...", False)["state"] == "normal"
        ps.shot("camelot-assist")
        ps.close_menus()

        ps.choose("File", "Recent games", "Klondike")
        p = ps.game(KLONDIKE)
        assert p["menus"]["solver"] == baseline, (p["menus"], baseline)
        p = ps.open_menu("Assist", "Solver...")
        assert ps.shown_entry(p, "Solver...", False)["state"] == want
        ps.shot("klondike-again-assist")
        ps.close_menus()


def test_the_dialog_wears_our_games_face(pysolfc_host, display, artifacts,
                                         tmp_path):
    """While Camelot Plus is current the Solver dialog is ours: our title,
    no freecell-solver preset or progress switch, fields for the time, the
    position searched and its states, and a verdict on the position
    ("this position") once moves were played.  Another game gets
    PySolFC's own dialog back, exactly; ours dresses it again."""
    version, host_dir = pysolfc_host
    ps = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID,
               deck=WIN_DECK, recent_gameid="%d, %d" % (KLONDIKE, GAME_ID))
    table = Table(ps.state_file, display)
    ours = [tr("solver.field." + k) for k in ("time", "position", "states")]
    with ps.watched():
        H.find_window(re.escape(GAME_NAME), display=display, timeout=60,
                      proc=ps.proc)
        H.wait_settled(ps.state_file)
        ps.game(GAME_ID)
        d = ps.open_solver()
        assert d["title"] == tr("solver.title", game=GAME_NAME), d
        assert "FreeCell" not in d["title"]
        assert not d["preset_shown"] and d["captions"] == ours, d
        ps.shot("our-dialog")

        # -- Start on the deal: the deal's verdict, our fields filled ------
        ps.press("start")
        solvable = tr("solver.solvable", n=1000).split("1000")[0]
        d = ps.dialog(lambda d: d["result"].startswith(solvable),
                      "the deal's verdict", timeout=60)
        assert d["depth"] == tr("solver.at_start"), d
        assert re.fullmatch(r"\d+\.\d s", d["iter"]), d
        assert int(d["states"]) > 0, d
        ps.press("close")
        ps.probe(lambda p: p["dialog"] is None, "the dialog closed")

        # -- one move (a click on the stock), then Start: "this position" --
        table.act(lambda s: table.click(s, "talon"),
                  lambda s: s["waste"] is not None, "a card dealt")
        ps.open_solver()
        for attempt in range(3):        # a click as the window maps is lost
            ps.press("start")
            try:
                ps.dialog(lambda d: d["result"], "a verdict", timeout=10)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        here = tr("solver.position_solvable", n=1000).split("1000")[0]
        d = ps.dialog(lambda d: d["result"].startswith(here),
                      "the position's verdict", timeout=60)
        n = int(d["result"][len(here):].split()[0])
        assert d["result"] == tr("solver.position_solvable", n=n)
        assert d["depth"] == tr("solver.after_moves", n=1), d
        ps.shot("position-verdict")

        # -- to Klondike with the dialog open (moved off the menubar, as a
        # player would): PySolFC's own face -------------------------------
        H.xdotool("search", "--name", re.escape(d["title"]), "windowmove",
                  "%1", 500, 400, display=display)
        ps.dialog(lambda d: d["buttons"]["start"]["y"] > 400,
                  "the dialog moved")
        ps.choose("File", "Recent games", "Klondike")
        confirm = H.find_window("^%s$" % re.escape(ps.menu_names(
            "Select game")), display=display, timeout=10)
        H.key("Return", display=display, wid=confirm)   # discard this game
        ps.game(KLONDIKE)
        d = ps.dialog(lambda d: d["preset_shown"], "PySolFC's own dialog")
        assert "FreeCell" in d["title"], d
        assert d["captions"] == ["Iteration:", "Depth:", "Stored-States:"]
        assert d["iter"] == d["depth"] == d["states"] == "", d
        ps.shot("pysolfc-dialog")

        # -- and back: ours again ------------------------------------------
        ps.choose("File", "Recent games", GAME_NAME)
        ps.game(GAME_ID)
        d = ps.dialog(lambda d: not d["preset_shown"], "our dialog again")
        assert d["title"] == tr("solver.title", game=GAME_NAME)
        assert d["captions"] == ours, d
        ps.shot("our-dialog-again")

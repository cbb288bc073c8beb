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
import os
import re
import shutil
import time

import pytest

import hostenv as H
from pysolfc_camelot.camelot import GAME_ID, GAME_NAME
from pysolfc_camelot.texts import tr

PROBE = H.REPO / "tests" / "host" / "probe.py"
KLONDIKE = 2
# The deal of tests/host/scenarios.py's WIN_DECK: won by simple play, the
# solver finds its line at once.
WIN_DECK = ("KC QC QD KD JC JD JH JS KH QH QS KS "
            "TC TD TH TS 5C 5D 5H 5S AC 9C AD 9D 2C 8C 2D 8D 3C 7C 3D 7D "
            "4C 6C 4D 6D AH 9H AS 9S 2H 8H 2S 8S 3H 7H 3S 7S 4H 6H 4S 6S")
# Deals the solver has needed seconds for (the solver keeps getting
# faster, so the test times them and stops a search on the slowest):
# deals 519, 738 and 988 of `stats --seed 1`, 471 of the benchmark set.
SLOW_CANDIDATES = [
    "8D AH 7S 7D JS TS 7H AS KD 3C 6S 4C TH JH 7C KC 4D 2H TD 5H 8S 9S "
    "6C 5C 2D 4H 9C 2C TC JC AD 2S 6H AC JD 8C QC 6D QS 9D 5S 5D KS 9H "
    "QH 8H 3H QD 3S 3D KH 4S",
    "2S QC 9C TD 7D 4D 8H 7C 7S AH KH 8D JS 3H 8C TC 9D 2C 4H 5S TH 2D "
    "3S KD 5D 6H AS 4C 9S QD JC 8S 4S 9H TS JH 5H 5C KS 6S 6D QH 2H AC "
    "7H JD 3D QS 6C AD KC 3C",
    "5D 8D AC 2S 2C 2D TC 3S AD 9S 9D 3H 7S 4H 7H 5C QD 6D TD QH TS KD "
    "6H 4C JS 7C QS KC AH KS 8S 8H 8C TH 5S 3C 5H QC JH 4D JC KH JD 7D "
    "9C AS 3D 6S 6C 4S 2H 9H",
    "QD 7C 2C 4D 8S KC 9H 2S TH TC 3H 8D TD 9D 8C 6C 6H QC 6S 8H 7H 9C "
    "9S 5H 3S 2H AS AC AH KS JH 5C 4H AD 4C 7S 5S JS KH 3D JC 6D 4S QH "
    "3C JD KD 2D QS 7D 5D TS",
]
_slowest = []


def slow_deck(budget=2.0):
    """The candidate the solver (this checkout's, the one installed) needs
    longest for, timed with a budget of a few seconds each."""
    if not _slowest:
        from pysolfc_camelot.camelot import rules, solver
        from pysolfc_camelot.cards import parse_deck
        timed = []
        for deck in SLOW_CANDIDATES:
            res = solver.solve(rules.Position.new_game(parse_deck(deck)),
                               budget_seconds=budget)
            timed.append((res.seconds, deck))
        _slowest.append(max(timed))
    return _slowest[0]


def searches(probe):
    """The Solver dialog's search processes among PySolFC's children (the
    hints' search server, ``--server``, is not one)."""
    return [c for c in probe["children"]
            if "search_worker" in c and "--server" not in c]


class Pysol:
    """A PySolFC started for one test, with the probe plugin."""

    def __init__(self, host_dir, tmp_path, artifacts, display, game_id,
                 deck=None, fc_solve=False, **options):
        self.display, self.artifacts = display, artifacts
        self.menu_names = H.menu_names(host_dir, options.get("language"))
        env = H.fresh_home(tmp_path, host_dir, autodeal=False, **options)
        # The demo's shortest pause between moves (PySolFC's minimum).
        with open(H.config_dir(env) / "options.cfg", "a") as f:
            f.write("[timeouts]\ndemo = 0.2\nhint = 0.2\n")
        H.install_plugin(env, host_dir=host_dir)
        # PySolFC's config folder in the test HOME (this host's).
        self.config_dir = H.config_dir(env)
        shutil.copy(PROBE, H.plugin_dir(env) / "zz_test_probe.py")
        self.probe_file = str(tmp_path / "probe.json")
        self.state_file = tmp_path / "state.json"
        env["CAMELOT_TEST_PROBE_FILE"] = self.probe_file
        env["CAMELOT_TEST_STATE_FILE"] = str(self.state_file)
        if deck:
            env["CAMELOT_TEST_DECK"] = deck
        if fc_solve:
            bin_dir = tmp_path / "bin"
            bin_dir.mkdir()
            stand_in = bin_dir / "fc-solve"
            stand_in.write_text("#!/bin/sh\necho 'fc-solve (a stand-in)'\n")
            stand_in.chmod(0o755)
            env["PATH"] = "%s:%s" % (bin_dir, env.get("PATH", ""))
        env["DISPLAY"] = display
        self.log = artifacts / "pysol.log"
        self.proc = H.start_pysol(host_dir, env, ["-i", game_id],
                                  log_path=self.log)
        self.shots = iter(range(1, 100))

    def watched(self):
        return H.watched(self.proc, self.log, self.artifacts, self.display)

    def shot(self, name):
        return H.screenshot(self.artifacts / ("%02d-%s.png" % (
            next(self.shots), name)), display=self.display)

    def probe(self, predicate=lambda p: True, what="the probe", timeout=20):
        return H.wait_state(self.probe_file, predicate, timeout=timeout,
                            what=what)

    def game(self, game_id, timeout=60):
        """Wait for game_id to be the current game, idle."""
        return self.probe(lambda p: p["game"]["id"] == game_id
                          and not p["game"]["busy"],
                          "game %s current" % game_id, timeout)

    def click(self, x, y):
        H.click(x, y, display=self.display)

    # -- menus ------------------------------------------------------------

    @staticmethod
    def shown_entry(p, label, menubar=None):
        for m in p["menus"]["shown"]:
            if menubar is not None and m["menubar"] != menubar:
                continue
            for e in m["entries"]:
                if e["label"] == label:
                    return e
        return None

    def open_menu(self, *labels, tries=3):
        """Click the menubar's labels[0], then each following entry (a
        cascade posts the next menu).  Returns the probe with the last
        entry shown, not yet clicked.  Labels are PySolFC's English ones,
        read in the language PySolFC speaks."""
        labels = [self.menu_names(x) for x in labels]
        p = self.probe(lambda p: self.shown_entry(p, labels[0], True),
                       "the menubar")
        for attempt in range(tries):
            e = self.shown_entry(p, labels[0], True)
            self.click(e["x"], e["y"])
            try:
                p = self.probe(lambda p: self.shown_entry(p, labels[1],
                                                          False),
                               "%s posted" % labels[0], timeout=4)
                break
            except AssertionError:
                if attempt == tries - 1:
                    raise
        for here, nxt in zip(labels[1:], labels[2:]):
            e = self.shown_entry(p, here, False)
            self.click(e["x"], e["y"])
            p = self.probe(lambda p: self.shown_entry(p, nxt, False),
                           "%s posted" % here, timeout=5)
        return p

    def choose(self, *labels):
        p = self.open_menu(*labels)
        e = self.shown_entry(p, self.menu_names(labels[-1]), False)
        self.click(e["x"], e["y"])
        return e

    def close_menus(self):
        H.xdotool("key", "Escape", "sleep", 0.2, "key", "Escape",
                  display=self.display, check=False)
        self.probe(lambda p: not p["menus"]["shown"] or all(
            m["menubar"] for m in p["menus"]["shown"]), "menus closed", 5)

    # -- the Solver dialog ------------------------------------------------

    def dialog(self, predicate=lambda d: True, what="the Solver dialog",
               timeout=20):
        return self.probe(lambda p: p.get("dialog") and predicate(
            p["dialog"]), what, timeout)["dialog"]

    def press(self, name):
        d = self.dialog()
        b = d["buttons"][name]
        self.click(b["x"], b["y"])

    def open_solver(self, game_name=GAME_NAME):
        """Assist > Solver... by clicks; the dialog open on game_name, with
        Start enabled."""
        p = self.open_menu("Assist", "Solver...")
        solver = self.menu_names("Solver...")
        assert self.shown_entry(p, solver, False)["state"] == "normal"
        self.shot("assist-menu")
        e = self.shown_entry(p, solver, False)
        self.click(e["x"], e["y"])
        d = self.dialog(lambda d: d["buttons"]["start"]["state"] == "normal",
                        "the Solver dialog with Start enabled")
        assert game_name in d["games"], d["games"]
        return d


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
        ps.open_solver()
        ps.shot("solver-dialog")
        ps.press("start")
        solvable = tr("solver.solvable", n=1000).split("1000")[0]
        d = ps.dialog(lambda d: d["result"].startswith(solvable) and
                      d["buttons"]["play"]["state"] == "normal",
                      "the deal found solvable", timeout=60)
        ps.shot("solved")
        assert d["buttons"]["start"]["text"] != tr("solver.stop")
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
    ps = Pysol(host_dir, tmp_path, artifacts, display, GAME_ID, deck=deck)
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
    from test_gui import Table
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

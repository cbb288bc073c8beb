# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot Classic in a real PySolFC window under Xvfb, driven with
xdotool, for every host version.

The plugin is installed with our installer into a fresh HOME and PySolFC
is started on our game (``-i 28081``) with a constructed deal
(CAMELOT_TEST_DECK).  The game writes its position and where its stacks
are on screen to CAMELOT_TEST_STATE_FILE after every move; the test aims
its clicks, double clicks and drags with that and checks the result there
and on screen (pixels of the screenshots).  Screenshots and PySolFC's
output are kept in artifacts/<test>/; ``window.png`` there is the game
window at the end, the README's picture (images/plot-screenshot.png).

The deal (base rank 7): T3 holds an 8 and the reserve a 9 on top, for
double clicks to F0; the stock starts 8C (onto T0's 9H), TH (to F0 by a
drag), 7H (a base-rank card, into a space) and 2C (refused by a space
during the restriction); T1's 5S goes onto T2's 6D by a drag, and the
reserve's next card, a 4, may not go onto it (the reserve plays only to
the foundations).
"""
import re
import time

import pytest

import hostenv as H
from pysolfc_camelot.plot import GAME_ID, GAME_NAME
from pysolfc_camelot.texts import tr
from test_gui import region_differs
from test_help_gui import check_f1_opens_rules_page

RESERVE = "KC QC JC TC 9C 8H 6C 5C 4C 3C 2H 4H 9S".split()     # 9S on top
F0 = "7C"
TABLEAU = "9H 5S 6D 8D KD QD JD TD 3D 2D AD AH".split()
STOCK_START = "8C TH 7H 2C".split()


def gui_deck():
    """104 cards: the layout above, then the rest in a fixed order."""
    start = RESERVE + [F0] + TABLEAU + STOCK_START
    rest = ["%s%s" % (r, s) for s in "CDHS" for r in "A23456789TJQK"] * 2
    for card in start:
        rest.remove(card)
    return start + rest


DECK = gui_deck()
assert len(DECK) == 104
WINDOW_SIZE = "1100, 820"       # PySolFC's game_geometry: the canvas


class Table:
    """Aims at the stacks of the running game, from its state file."""

    def __init__(self, state_file, display):
        self.state_file = state_file
        self.display = display

    def state(self, predicate=lambda s: True, what="state", timeout=10):
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    @staticmethod
    def where(state, stack):
        """state["stacks"][...] for "talon", "rows/3", "foundations/0"."""
        name, _, index = stack.partition("/")
        info = state["stacks"][name]
        return info[int(index)] if index else info

    def center(self, state, stack):
        """Root coordinates of the middle of a stack's top card."""
        x, y = self.where(state, stack)["top"]
        ox, oy = state["canvas_origin"]
        w, h = state["card_size"]
        return ox + x + w // 2, oy + y + h // 2

    def box(self, state, stack):
        cx, cy = self.center(state, stack)
        w, h = state["card_size"]
        return cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2

    def act(self, action, predicate, what, tries=3, per_try=3):
        """Do action() until the state satisfies predicate (a repeat only
        matters while PySolFC is still starting up)."""
        for attempt in range(1, tries + 1):
            action(H.read_json(self.state_file))
            try:
                return self.state(predicate, what, timeout=per_try)
            except AssertionError:
                if attempt == tries:
                    raise

    def click(self, state, stack):
        H.click(*self.center(state, stack), display=self.display)

    def double_click(self, state, stack):
        x, y = self.center(state, stack)
        H.xdotool("mousemove", x, y, "sleep", 0.1, "click", "--repeat", 2,
                  "--delay", 80, 1, display=self.display)

    def drag(self, state, src, dst):
        x0, y0 = self.center(state, src)
        x1, y1 = self.center(state, dst)
        H.drag(x0, y0, x1, y1, display=self.display)

    def refused(self, action, what, settle=1.5):
        """Do action(); the position must stay as it was."""
        before = self.state()
        action(before)
        time.sleep(settle)
        after = self.state()
        keys = ("reserve", "foundations", "tableau", "stock", "waste")
        assert {k: after[k] for k in keys} == {k: before[k] for k in keys}, \
            "%s was not refused" % what
        return after


def test_play_the_plot_with_the_mouse(pysolfc_host, display, artifacts,
                                      tmp_path):
    version, host_dir = pysolfc_host
    env = H.fresh_home(tmp_path, host_dir, autodeal=True, autodrop=True,
                       game_geometry=WINDOW_SIZE)
    installed = H.install_plugin(env, host_dir=host_dir)
    (artifacts / "install.log").write_text(installed.stdout)
    state_file = tmp_path / "state.json"
    env["CAMELOT_TEST_STATE_FILE"] = str(state_file)
    env["CAMELOT_TEST_DECK"] = " ".join(DECK)
    env["DISPLAY"] = display
    log = artifacts / "pysol.log"
    proc = H.start_pysol(host_dir, env, ["-i", GAME_ID], log_path=log)
    shots = iter(range(1, 100))

    def shot(name):
        return H.screenshot(artifacts / f"{next(shots):02d}-{name}.png",
                            display=display)

    with H.watched(proc, log, artifacts, display):
        # -- our game's window, fitting the screen ------------------------
        wid = H.find_window(re.escape(GAME_NAME), display=display,
                            timeout=60, proc=proc)
        title = H.window_name(wid, display=display)
        assert title.startswith("PySol") and GAME_NAME in title, title
        t = Table(state_file, display)
        H.wait_settled(state_file)
        s = t.state(lambda s: len(s["stock"]) == 78 and not s["waste"],
                    "the start of the deal")
        assert s["reserve"] == RESERVE and s["foundations"][0] == [F0]
        assert s["tableau"] == [[c] for c in TABLEAU]
        assert s["stock"][:4] == STOCK_START, "CAMELOT_TEST_DECK not used"
        assert s["texts"] == {
            "base_rank": "Base rank: 7", "stock": "Stock: 78",
            "reserve": "Reserve: 13",
            "info": "Other foundations open when the first holds 13: 1/13"}
        x, y, w, h = H.window_geometry(wid, display=display)
        assert x >= 0 and y >= 0 and x + w <= 1280 and y + h <= 1024, \
            (x, y, w, h)
        cw, ch = s["canvas_size"]
        card_w, card_h = s["card_size"]
        stacks = ([s["stacks"][k] for k in ("talon", "waste", "reserve")]
                  + s["stacks"]["foundations"] + s["stacks"]["rows"])
        for st in stacks:
            sx, sy = st["stack"]
            assert 0 <= sx and sx + card_w <= cw and \
                0 <= sy and sy + card_h <= ch, (st, s["canvas_size"])
        start = shot("start")

        # -- double click: T3's 8D to F0, then the reserve's 9S ------------
        s = t.act(lambda s: t.double_click(s, "rows/3"),
                  lambda s: s["foundations"][0] == ["7C", "8D"]
                  and s["tableau"][3] == [], "8D to F0 by a double click")
        after = shot("double-click-8")
        # Autodrop is on, yet the reserve's 9S waits for the player.
        time.sleep(1)
        assert t.state()["reserve"][-1] == "9S"
        assert region_differs(start, after, t.box(s, "foundations/0"))
        s = t.act(lambda s: t.double_click(s, "reserve"),
                  lambda s: s["foundations"][0][-1] == "9S"
                  and s["reserve"][-1] == "4H", "9S from the reserve")
        assert s["texts"]["reserve"] == "Reserve: 12"
        assert s["texts"]["info"].endswith(": 3/13"), s["texts"]

        # -- click the stock; drag the waste card onto a pile --------------
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == ["8C"], "8C dealt to the waste")
        assert s["texts"]["stock"] == "Stock: 77"
        before = shot("dealt")
        assert region_differs(start, before, t.box(s, "waste"))
        s = t.act(lambda s: t.drag(s, "waste", "rows/0"),
                  lambda s: s["tableau"][0] == ["9H", "8C"]
                  and not s["waste"], "8C dragged onto 9H")
        after = shot("waste-to-pile")
        assert region_differs(before, after, t.box(s, "rows/0"))

        # -- a drag from pile to pile -------------------------------------
        s = t.act(lambda s: t.drag(s, "rows/1", "rows/2"),
                  lambda s: s["tableau"][2] == ["6D", "5S"]
                  and s["tableau"][1] == [], "5S dragged onto 6D")
        shot("pile-to-pile")

        # -- refused: the reserve onto a pile, nothing by itself -----------
        t.refused(lambda s: t.drag(s, "reserve", "rows/2"),
                  "4H from the reserve onto 5S")
        # -- a drag to the foundation; a base-rank card into a space ------
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == ["TH"], "TH dealt")
        s = t.act(lambda s: t.drag(s, "waste", "foundations/0"),
                  lambda s: s["foundations"][0][-1] == "TH",
                  "TH dragged to F0")
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == ["7H"], "7H dealt")
        s = t.act(lambda s: t.drag(s, "waste", "rows/1"),
                  lambda s: s["tableau"][1] == ["7H"], "7H into a space")
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == ["2C"], "2C dealt")
        # a space takes only a base-rank card during the restriction
        s = t.refused(lambda s: t.drag(s, "waste", "rows/3"),
                      "2C into a space during the restriction")
        assert s["status"] == "playing" and s["score"] == 4
        assert s["texts"]["info"].endswith(": 4/13"), s["texts"]
        # Autodrop and Autodeal are on in options.cfg: still nothing moved
        # by itself (the waste's 2C and the stock wait for the player).
        assert s["waste"] == ["2C"] and len(s["stock"]) == 74
        shot("end")
        H.screenshot(artifacts / "screen.png", display=display)
        x, y, w, h = H.window_geometry(wid, display=display)
        from PIL import Image
        with Image.open(artifacts / "screen.png") as screen:
            screen.crop((x, y, x + w, y + h)).save(artifacts / "window.png")


def test_f1_opens_the_plot_rules_page(pysolfc_host, display, artifacts,
                                      tmp_path):
    check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              "plot", GAME_ID, "plot-goal.png")


@pytest.mark.parametrize("case", ["options-ru", "locale-fr"])
def test_f1_opens_the_plot_rules_page_in_the_players_language(
        pysolfc_host, display, artifacts, tmp_path, case):
    check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              "plot", GAME_ID, "plot-goal.png", case)


@pytest.mark.parametrize("language, options, extra_env", [
    ("ru", {"language": "ru"}, {}),         # PySolFC's own setting
    ("fr", {}, {"LANGUAGE": "fr"}),         # the locale
])
def test_the_plot_table_speaks_the_players_language(
        pysolfc_host, display, artifacts, tmp_path, language, options,
        extra_env):
    version, host_dir = pysolfc_host
    env = H.fresh_home(tmp_path, host_dir, game_geometry=WINDOW_SIZE,
                       **options)
    env.update(extra_env)
    H.install_plugin(env, host_dir=host_dir)
    state_file = tmp_path / "state.json"
    env["CAMELOT_TEST_STATE_FILE"] = str(state_file)
    env["CAMELOT_TEST_DECK"] = " ".join(DECK)
    env["DISPLAY"] = display
    log = artifacts / "pysol.log"
    proc = H.start_pysol(host_dir, env, ["-i", GAME_ID], log_path=log)
    with H.watched(proc, log, artifacts, display):
        H.find_window(re.escape(GAME_NAME), display=display, timeout=60,
                      proc=proc)
        s = H.wait_settled(state_file)
        H.screenshot(artifacts / "table.png", display=display)

        def words(text):
            # the table breaks lines where its room needs (table_texts.py)
            return text.replace("\n", " ")
        assert {k: words(v) for k, v in s["texts"].items()} == {
            "base_rank": words(tr("plot.base_rank", lang=language,
                                  rank="7")),
            "stock": tr("plot.stock", lang=language, count=78),
            "reserve": tr("plot.reserve", lang=language, count=13),
            "info": tr("plot.restricted", lang=language, count=1,
                       full=13)}, s["texts"]
        assert s["texts"]["stock"] != tr("plot.stock", lang="en", count=78)

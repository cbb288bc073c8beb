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
import time

import pytest

import hostenv as H
from pysolfc_camelot.plot import GAME_ID, GAME_NAME
from pysolfc_camelot.texts import tr
from gui import (CASES, Launch, changed_on_screen, check_f1_opens_rules_page,
                 check_f1_shows_rules_page)
from tables import F0, PLOT_DECK as DECK, RESERVE, STOCK_START, TABLEAU
from tables import PLOT_WINDOW_SIZE as WINDOW_SIZE, PlotTable as Table


def test_play_the_plot_with_the_mouse(pysolfc_host, display, artifacts,
                                      tmp_path):
    version, host_dir = pysolfc_host
    ps = Launch(host_dir, tmp_path, artifacts, display, GAME_ID, deck=DECK,
                autodeal=True, autodrop=True, game_geometry=WINDOW_SIZE)
    state_file, shot = ps.state_file, ps.shot

    with ps.watched():
        # -- our game's window, fitting the screen ------------------------
        wid = ps.window(GAME_NAME, titled=True)
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
        changed_on_screen(shot, "double-click-8", start,
                          t.box(s, "foundations/0"))
        # Autodrop is on, yet the reserve's 9S waits for the player.
        time.sleep(1)
        assert t.state()["reserve"][-1] == "9S"
        s = t.act(lambda s: t.double_click(s, "reserve"),
                  lambda s: s["foundations"][0][-1] == "9S"
                  and s["reserve"][-1] == "4H", "9S from the reserve")
        assert s["texts"]["reserve"] == "Reserve: 12"
        assert s["texts"]["info"].endswith(": 3/13"), s["texts"]

        # -- click the stock; drag the waste card onto a pile --------------
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == ["8C"], "8C dealt to the waste")
        assert s["texts"]["stock"] == "Stock: 77"
        before = changed_on_screen(shot, "dealt", start, t.box(s, "waste"))
        s = t.act(lambda s: t.drag(s, "waste", "rows/0"),
                  lambda s: s["tableau"][0] == ["9H", "8C"]
                  and not s["waste"], "8C dragged onto 9H")
        changed_on_screen(shot, "waste-to-pile", before, t.box(s, "rows/0"))

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


# One PySolFC per language shows both the table's texts and, on F1, the
# rules page in that language (one start-up where there were two).
@pytest.mark.parametrize("case", ["options-ru", "locale-fr"])
def test_the_plot_table_and_rules_page_speak_the_players_language(
        pysolfc_host, display, artifacts, tmp_path, case):
    language, options, extra_env = CASES[case]
    version, host_dir = pysolfc_host
    ps = Launch(host_dir, tmp_path, artifacts, display, GAME_ID, deck=DECK,
                extra_env=extra_env, game_geometry=WINDOW_SIZE, **options)
    with ps.watched():
        wid = ps.window(GAME_NAME)
        s = H.wait_settled(ps.state_file)
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
        check_f1_shows_rules_page(ps, wid, "plot", "plot-goal.png", language)

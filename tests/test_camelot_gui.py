# SPDX-License-Identifier: GPL-3.0-or-later
"""GUI tests: a real PySolFC window under Xvfb, driven with xdotool.

For every host version: install the plugin with our installer into a fresh
HOME, start pysol.py on our game, check the window title, then play with the
mouse on a constructed deal (CAMELOT_TEST_DECK): click the stock (a card
appears on the waste), drag the waste card to an empty slot (it lands
there), fill the tableau the same way, click the ten in phase 2 (it is
removed) and drag a card onto its partner (both are removed).

The game writes its state and the canvas positions of its stacks to
CAMELOT_TEST_STATE_FILE after every move; the test aims with those and
checks the result both there and on screen (pixels of the screenshots).
Screenshots and PySolFC's output are kept in artifacts/<test>/.
"""
import hostenv as H
from gui import Launch, changed_on_screen
from tables import CAMELOT_DECK as DECK, PLACE_ORDER, CamelotTable as Table
from pysolfc_camelot.camelot import GAME_ID, GAME_NAME


def test_play_with_the_mouse(pysolfc_host, display, artifacts, tmp_path):
    version, host_dir = pysolfc_host
    ps = Launch(host_dir, tmp_path, artifacts, display, GAME_ID, deck=DECK,
                autodeal=False)
    env, state_file, shot = ps.env, ps.state_file, ps.shot
    assert any(p.suffix == ".py" for p in H.plugin_dir(env).iterdir()), \
        "the installer wrote no plugin file into %s" % H.plugin_dir(env)

    with ps.watched():
        # -- our game's window ------------------------------------------
        ps.window(GAME_NAME, titled=True)
        t = Table(state_file, display)
        # Stack positions change once the window has its final size.
        H.wait_settled(state_file)
        s = t.state(lambda s: s["phase"] == 1 and len(s["stock"]) == 52
                    and s["waste"] is None, "the start of the deal")
        assert s["tableau"] == [None] * 16 and s["removed"] == []
        assert s["stock"][0] == DECK[0], "CAMELOT_TEST_DECK was not used"
        before = shot("start")

        # -- click the stock: a card appears on the waste ----------------
        s = t.act(lambda s: t.click(s, "talon"),
                  lambda s: s["waste"] == DECK[0],
                  f"{DECK[0]} on the waste after a click on the stock")
        assert len(s["stock"]) == 51
        after = changed_on_screen(shot, "dealt", before, t.box(s, "waste"))

        # -- drag the waste card to an empty slot: it lands there ---------
        slot = PLACE_ORDER[0]
        s = t.act(lambda s: t.drag(s, "waste", slot),
                  lambda s: s["tableau"][slot] == DECK[0]
                  and s["waste"] is None,
                  f"{DECK[0]} in slot {slot} after the drag")
        changed_on_screen(shot, "placed", after, t.box(s, "rows", slot))

        # -- fill the tableau the same way -------------------------------
        for i in range(1, 16):
            card, slot = DECK[i], PLACE_ORDER[i]
            s = t.act(lambda s: t.click(s, "talon"),
                      lambda s: s["waste"] == card, f"deal #{i + 1} ({card})")
            s = t.act(lambda s: t.drag(s, "waste", slot),
                      lambda s: s["tableau"][slot] == card,
                      f"{card} placed in slot {slot}")
        s = t.state(lambda s: s["phase"] == 2, "phase 2 on a full tableau")
        assert None not in s["tableau"]
        full = shot("phase2")

        # -- phase 2: a click on the ten removes it ----------------------
        ten = s["tableau"].index("TD")
        s = t.act(lambda s: t.click(s, "rows", ten),
                  lambda s: s["tableau"][ten] is None
                  and "TD" in s["removed"], "the ten removed by a click")
        assert s["score"] == 1 and s["phase"] == 2
        changed_on_screen(shot, "ten-removed", full, t.box(s, "rows", ten))

        # -- a drag onto the partner removes the pair --------------------
        a, b = s["tableau"].index("AC"), s["tableau"].index("9C")
        s = t.act(lambda s: t.drag_rows(s, a, b),
                  lambda s: s["tableau"][a] is None
                  and s["tableau"][b] is None, "AC+9C removed by a drag")
        assert sorted(s["removed"]) == ["9C", "AC", "TD"]
        assert s["score"] == 3 and s["status"] == "playing"
        shot("pair-removed")

        # -- a click on the "Hints: fair" label switches to perfect ------
        assert s["hints"] == "fair"
        x0, y0, x1, y1 = s["hint_label"]
        ox, oy = s["canvas_origin"]
        s = t.act(lambda s: H.click(ox + (x0 + x1) // 2, oy + (y0 + y1) // 2,
                                    display=display),
                  lambda s: s["hints"] == "perfect", "perfect hints")
        shot("perfect-hints")
        saved = H.read_json(H.plugin_dir(env).parent / "camelot-plus.json")
        assert saved == {"hints": "perfect"}, saved

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
import re

import hostenv as H
from pysolfc_camelot.camelot import GAME_ID, GAME_NAME

# Dealt first to last.  The first sixteen are number cards without a face
# card, so every one may go to any slot; the ten comes last.
FIRST16 = "AC 2C 3C 4C 5C 6C 7C 8C 9C AD 2D 3D 4D 5D 6D TD".split()
REST = ("7D 8D 9D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH "
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS TC JC QC KC").split()
DECK = FIRST16 + REST
# Where each of the first sixteen cards goes: the middle first.
PLACE_ORDER = [5, 6, 9, 10, 0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15]

assert len(set(DECK)) == 52


class Table:
    """Aims at the stacks of the running game, from its state file."""

    def __init__(self, state_file, display):
        self.state_file = state_file
        self.display = display

    def state(self, predicate=lambda s: True, what="state", timeout=10):
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    @staticmethod
    def card_size(state):
        """The card size on screen.  The slots of the 4x4 grid never
        overlap, so their spacing bounds it (a guard against a size that
        ignores the cardset's scaling)."""
        w, h = state["card_size"]
        rows = state["stacks"]["rows"]
        return (min(w, rows[1][0] - rows[0][0] - 1),
                min(h, rows[4][1] - rows[0][1] - 1))

    def center(self, state, stack, index=None):
        """Root coordinates of the middle of a card on a stack."""
        xy = state["stacks"][stack]
        if index is not None:
            xy = xy[index]
        ox, oy = state["canvas_origin"]
        w, h = self.card_size(state)
        return ox + xy[0] + w // 2, oy + xy[1] + h // 2

    def box(self, state, stack, index=None):
        """(left, top, right, bottom) of a stack's card, root coordinates."""
        cx, cy = self.center(state, stack, index)
        w, h = self.card_size(state)
        return cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2

    def act(self, action, predicate, what, tries=3, per_try=3):
        """Do action() until the state satisfies predicate.

        A repeat only matters while PySolFC is still starting up (it
        ignores the mouse until its event loop runs); once a move is made,
        the predicate holds and no second attempt follows.
        """
        for attempt in range(1, tries + 1):
            action(H.read_json(self.state_file))
            try:
                return self.state(predicate, what, timeout=per_try)
            except AssertionError:
                if attempt == tries:
                    raise

    def click(self, state, stack, index=None):
        H.click(*self.center(state, stack, index), display=self.display)

    def drag(self, state, src, dst_index):
        x0, y0 = self.center(state, src)
        x1, y1 = self.center(state, "rows", dst_index)
        H.drag(x0, y0, x1, y1, display=self.display)

    def drag_rows(self, state, a, b):
        x0, y0 = self.center(state, "rows", a)
        x1, y1 = self.center(state, "rows", b)
        H.drag(x0, y0, x1, y1, display=self.display)


def region_differs(before, after, box, min_fraction=0.2):
    """True when enough pixels inside box differ between two screenshots."""
    from PIL import Image, ImageChops
    with Image.open(before) as a, Image.open(after) as b:
        diff = ImageChops.difference(a.convert("RGB").crop(box),
                                     b.convert("RGB").crop(box))
        r, g, b = diff.split()
        strongest = ImageChops.lighter(ImageChops.lighter(r, g), b)
        changed = sum(strongest.histogram()[41:])
        total = max(1, (box[2] - box[0]) * (box[3] - box[1]))
        return changed / total >= min_fraction


def test_play_with_the_mouse(pysolfc_host, display, artifacts, tmp_path):
    version, host_dir = pysolfc_host
    env = H.fresh_home(tmp_path, host_dir, autodeal=False)
    installed = H.install_plugin(env, host_dir=host_dir)
    (artifacts / "install.log").write_text(installed.stdout)
    assert any(p.suffix == ".py" for p in H.plugin_dir(env).iterdir()), \
        "the installer wrote no plugin file into %s" % H.plugin_dir(env)

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
        # -- our game's window ------------------------------------------
        wid = H.find_window(re.escape(GAME_NAME), display=display,
                            timeout=60, proc=proc)
        title = H.window_name(wid, display=display)
        assert title.startswith("PySol") and GAME_NAME in title, title
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
        after = shot("dealt")
        assert region_differs(before, after, t.box(s, "waste")), \
            "the waste looks the same on screen after the deal"

        # -- drag the waste card to an empty slot: it lands there ---------
        slot = PLACE_ORDER[0]
        s = t.act(lambda s: t.drag(s, "waste", slot),
                  lambda s: s["tableau"][slot] == DECK[0]
                  and s["waste"] is None,
                  f"{DECK[0]} in slot {slot} after the drag")
        placed = shot("placed")
        assert region_differs(after, placed, t.box(s, "rows", slot)), \
            f"slot {slot} looks the same on screen after the drop"

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
        removed = shot("ten-removed")
        assert region_differs(full, removed, t.box(s, "rows", ten)), \
            "the ten's slot looks the same on screen after its removal"

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

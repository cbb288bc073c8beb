# SPDX-License-Identifier: GPL-3.0-or-later
"""Aiming at a running game's stacks for GUI tests, and the constructed
deals those tests play.

Our games write their position and where their stacks are on screen to
CAMELOT_TEST_STATE_FILE after every move; a table reads that file to aim
its clicks and drags and waits on it for the result.  One base
(StateTable: wait, act and retry) and one aimer per game's layout."""
import time

import hostenv as H

# -- Camelot Plus: the deal of test_camelot_gui.py ----------------------------

# Dealt first to last.  The first sixteen are number cards without a face
# card, so every one may go to any slot; the ten comes last.
FIRST16 = "AC 2C 3C 4C 5C 6C 7C 8C 9C AD 2D 3D 4D 5D 6D TD".split()
REST = ("7D 8D 9D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH "
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS TC JC QC KC").split()
CAMELOT_DECK = FIRST16 + REST
# Where each of the first sixteen cards goes: the middle first.
PLACE_ORDER = [5, 6, 9, 10, 0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15]
assert len(set(CAMELOT_DECK)) == 52

# The deal of tests/host/camelot_scenarios.py's WIN_DECK: won by simple
# play, the solver finds its line at once.
WIN_DECK = ("KC QC QD KD JC JD JH JS KH QH QS KS "
            "TC TD TH TS 5C 5D 5H 5S AC 9C AD 9D 2C 8C 2D 8D 3C 7C 3D 7D "
            "4C 6C 4D 6D AH 9H AS 9S 2H 8H 2S 8S 3H 7H 3S 7S 4H 6H 4S 6S")

# -- The Plot Classic: the deal of test_plot_gui.py ---------------------------

RESERVE = "KC QC JC TC 9C 8H 6C 5C 4C 3C 2H 4H 9S".split()     # 9S on top
F0 = "7C"
TABLEAU = "9H 5S 6D 8D KD QD JD TD 3D 2D AD AH".split()
STOCK_START = "8C TH 7H 2C".split()


def plot_gui_deck():
    """104 cards: the layout above, then the rest in a fixed order."""
    start = RESERVE + [F0] + TABLEAU + STOCK_START
    rest = ["%s%s" % (r, s) for s in "CDHS" for r in "A23456789TJQK"] * 2
    for card in start:
        rest.remove(card)
    return start + rest


PLOT_DECK = plot_gui_deck()
assert len(PLOT_DECK) == 104
PLOT_WINDOW_SIZE = "1100, 820"      # PySolFC's game_geometry: the canvas


# -- aiming -----------------------------------------------------------------

class StateTable:
    """Waits on the game's state file; acts until the state says so."""
    STATE_TIMEOUT = 10      # default wait for a state
    PER_TRY = 3             # wait for an action's effect before a repeat

    def __init__(self, state_file, display):
        self.state_file = state_file
        self.display = display

    def state(self, predicate=lambda s: True, what="state", timeout=None):
        return H.wait_state(self.state_file, predicate,
                            timeout=timeout or self.STATE_TIMEOUT, what=what)

    def act(self, action, predicate, what, tries=3, per_try=None):
        """Do action() until the state satisfies predicate.

        A repeat only matters while PySolFC is still starting up (it
        ignores the mouse until its event loop runs); once a move is made,
        the predicate holds and no second attempt follows.
        """
        for attempt in range(1, tries + 1):
            action(H.read_json(self.state_file))
            try:
                return self.state(predicate, what,
                                  timeout=per_try or self.PER_TRY)
            except AssertionError:
                if attempt == tries:
                    raise


class CamelotTable(StateTable):
    """Aims at Camelot Plus's stacks (Tk front end)."""

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


class PlotTable(StateTable):
    """Aims at The Plot Classic's stacks (Tk front end)."""

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

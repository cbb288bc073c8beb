# SPDX-License-Identifier: GPL-3.0-or-later
"""Which hints the player of The Plot asked for, kept in PySolFC's config
folder (``plot-classic.json``; see pysolfc_camelot/core/game_settings.py,
shared by the games), and the move each mode chooses.

``fair`` (the default: the strong fair player, core/fair_hint.py) sees
only what a player sees;
``perfect`` (perfect.perfect_move) reads the order of the face-down stock
and follows the solver's winning line.  PLOT_CLASSIC_HINTS=fair|perfect
overrides the file.
"""
from ..core import fair_hint
from ..core.budget import Budget
from ..core.game_settings import MODES, HintSetting

__all__ = ["MODES", "SETTINGS_FILE", "load", "toggle", "choose_move"]

GAME = "plot"             # the registry's name (the fair player's game)

SETTINGS_FILE = "plot-classic.json"
SETTING = HintSetting(SETTINGS_FILE, "PLOT_CLASSIC_HINTS")
load = SETTING.load
toggle = SETTING.toggle

# A player's hint must feel instant; the demo may think longer, so that a
# perfect demo finds the winning line of a hard deal before it moves (the
# solver decides almost every deal in well under a second).  Both run off
# PySolFC's event loop.  Once a search of the deal found no win, the
# demo's later searches of that deal get the hint's budget ("retry").
PERFECT_BUDGET = {"hint": 0.2, "demo": 10.0, "retry": 0.2}
# The fair hint (the strong fair player, core/fair_hint.py) answers
# within this long at most; each sample's solves have a budget of states.
FAIR_SECONDS = fair_hint.HINT_SECONDS


def choose_move(position, mode, for_demo=False, budget=None):
    """The move of a hint (or, ``for_demo``, of a demo step) in ``mode``;
    None when nothing useful is left.  ``budget`` (core.budget.Budget) is
    the caller's: its stop request ends the search, its time caps the
    mode's own (PERFECT_BUDGET; the fair hint's FAIR_SECONDS)."""
    from . import perfect
    budget = Budget() if budget is None else budget
    if mode == "perfect":
        return perfect.perfect_move(
            position, budget.part(
                seconds=PERFECT_BUDGET["demo" if for_demo else "hint"]),
            retry_seconds=PERFECT_BUDGET["retry"])
    # the strong fair player, carrying its samples along the game
    return fair_hint.fair_move(GAME, position, budget, FAIR_SECONDS)

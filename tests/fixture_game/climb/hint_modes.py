# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's hint mode (``climb-fixture.json``) and the move each mode
chooses."""
from pysolfc_camelot.core.game_settings import MODES, HintSetting

__all__ = ["MODES", "SETTINGS_FILE", "load", "toggle", "choose_move"]

SETTINGS_FILE = "climb-fixture.json"
SETTING = HintSetting(SETTINGS_FILE, "CLIMB_FIXTURE_HINTS")
load = SETTING.load
toggle = SETTING.toggle
PERFECT_BUDGET = {"hint": 0.1, "demo": 1.0}


def choose_move(position, mode, for_demo=False, budget=None):
    """The move of a hint or demo step; Climb's searches take a few
    milliseconds, so ``budget`` (core.budget.Budget) never has to end
    one."""
    from . import hints, perfect
    if mode == "perfect":
        return perfect.perfect_move(
            position, PERFECT_BUDGET["demo" if for_demo else "hint"])
    return hints.fair_move(position)

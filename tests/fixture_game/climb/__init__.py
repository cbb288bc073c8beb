# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb, a made-up third game for the tests (tests/test_third_game.py):
a folder shaped like camelot/ and plot/, with the smallest rules that are
a real patience.  One deck is dealt one card at a time from the stock to
a waste pile; the waste's top card goes home to its suit's foundation
when it is the next rank (ace first); no redeal.  Won with all 52 home.
"""
from pysolfc_camelot.core.spec import GameSpec as _GameSpec

GAME_ID = 28089             # ours, clear of PySolFC's and of our games'
GAME_NAME = "Climb Fixture"
RULES_NAME = "Climb"
DECKS = 1
PAGE_FIGURES = {}


def deck_of(pos):
    """The deck whose deal is ``pos``: the whole stock, top first."""
    return list(pos.stock)


def position_key(pos):
    return pos.key()


SPEC = _GameSpec(
    name="climb", package=__name__, game_id=GAME_ID, game_name=GAME_NAME,
    rules_name=RULES_NAME, decks=DECKS, deck_of=deck_of,
    position_key=position_key, quick_move="hints:fair_move",
    winnable_states=10000, rated_deals=None, page_figures=PAGE_FIGURES,
    pictures=(),
    texts="climb")

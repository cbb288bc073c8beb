# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot: rules model (rules.py), notation, exact solver, hints and the
PySolFC adapter (game.py)."""
from ..core.spec import GameSpec as _GameSpec, StudyFigure as _Study, \
    TierFigure as _Tiers


# Our own id and name: PySolFC's built-in Camelot is id 280 and must stay
# untouched, so neither may clash with anything PySolFC registers.
GAME_ID = 28080
GAME_NAME = "Camelot Plus"
RULES_NAME = "Camelot"   # the patience these rules are of
DECKS = 1           # 52-card decks in play
# The figures its rules pages show (html-src/camelot/*.html;
# install/rules_pages.py writes them each language's way).  Measured on
# PySolFC's deals 1 to 1,000,000 (docs/study.md,
# docs/results/camelot-deals-1-1000000.jsonl.xz, 2026-12-02): 513,988 can be
# won with the order of the stock known, 486,012 cannot, none undecided; 95%
# interval 51.30% .. 51.50%.  The tiers of deals 1 to 2,000, every one rated
# (docs/fair-play.md, docs/results/camelot-tiers-1-2000.jsonl.xz, `stats
# --tier`).
PAGE_FIGURES = {"WINNABLE_SHARE": 0.514,
                "STUDY_SHARE": _Study(1000000, 0.513988, 0.513008,
                                      0.514968),
                "TIER_SHARES": _Tiers(2000, {"easy": 90, "medium": 74,
                                             "hard": 857, "lost": 979})}


def deck_of(pos):
    """The deck whose deal is ``pos``: Camelot deals nothing but the
    stock, first card on top."""
    return list(pos.stock)


def position_key(pos):
    return pos.stock, pos.waste, tuple(pos.tableau), pos.phase


SPEC = _GameSpec(
    name="camelot", package=__name__, game_id=GAME_ID, game_name=GAME_NAME,
    rules_name=RULES_NAME, decks=DECKS, deck_of=deck_of,
    position_key=position_key,
    quick_move="hints:heuristic_move",      # instant, never searches
    # Winnable deals only gives the solver this many states per deal;
    # Camelot decides every deal in far fewer (a few thousand at most),
    # so none is skipped for want of time.
    winnable_states=50000,
    # When a screening finds no deal of the tier asked for in time, one
    # of the deals the tier study rated so (rated_deals.py).
    rated_deals="rated_deals:RATED", page_figures=PAGE_FIGURES,
    pictures=("goal.png", "slots.png"))

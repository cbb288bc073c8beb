# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot (two decks): rules model (rules.py), notation, hints and the
PySolFC adapter (game.py)."""
from ..core.spec import GameSpec as _GameSpec, StudyFigure as _Study, \
    TierFigure as _Tiers


# Our own id and name: PySolFC's built-in The Plot is id 896 and must stay
# untouched, so neither may clash with anything PySolFC registers (checked
# against the names and altnames of PySolFC 3.2.0 and 3.6.1).
GAME_ID = 28081
GAME_NAME = "The Plot Classic"
RULES_NAME = "The Plot"  # the patience these rules are of
DECKS = 2           # 52-card decks in play
# The figures its rules pages show (html-src/plot/*.html;
# install/rules_pages.py writes them each language's way).  Measured on
# 1,000 fresh random deals, seed 942312 (2026-12-01): bench/bench_plot.py
# --seed 942312: the simple fair hint (hints.fair_move, the demo's fair
# hint then) wins 842 (95% interval 81.8% .. 86.3%), the greedy baseline
# 779 (75.2% .. 80.4%); `stats --game plot --deals 1000 --seed 942312
# --budget 10`: 981 proved winnable, 8 lost, 11 undecided, so at least
# 98.1% (95% interval 97.1% .. 99.6%).  (On the public set,
# bench/plot-deals-1000.txt, the tuning set of the fair hint: 88.3%, 81.1%,
# 98.8%.)  The study (docs/study.md, docs/results/plot-deals-1-90000*):
# PySolFC's deals 1 to 90,000, STUDY_SHARE below.  The tiers
# (docs/fair-play.md, docs/results/plot-tiers-1-2000.jsonl.xz): deals 1
# to TIER_SHARES' number, every one rated.
PAGE_FIGURES = {"SIMPLE_WIN_RATE": 0.842, "GREEDY_WIN_RATE": 0.779,
                "PLOT_WINNABLE_SHARE": 0.981,
                "STUDY_SHARE": _Study(90000, 0.989789, 0.988870, 0.990651),
                "TIER_SHARES": _Tiers(2000, {"easy": 1683, "medium": 121,
                                            "hard": 180, "lost": 16})}


def deck_of(pos):
    """The deck whose deal is ``pos``: the reserve, the foundation's base
    card, a card on each tableau pile, then the stock."""
    return list(pos.reserve) + [pos.foundations[0][0]] + \
        [t[0] for t in pos.tableau] + list(pos.stock)


def position_key(pos):
    return pos.key()


SPEC = _GameSpec(
    name="plot", package=__name__, game_id=GAME_ID, game_name=GAME_NAME,
    rules_name=RULES_NAME, decks=DECKS, deck_of=deck_of,
    position_key=position_key,
    quick_move="hints:fair_move",           # a few milliseconds at most
    # Winnable deals only gives the solver this many states per deal:
    # most deals are decided in a few hundred, a few need tens of
    # thousands (seconds); those are skipped, undecided.
    winnable_states=5000,
    # A screening that finds no fresh deal of the tier in time deals one
    # of the deals its tier study rated so (rated_deals.py).
    rated_deals="rated_deals:RATED", page_figures=PAGE_FIGURES,
    pictures=("plot-goal.png", "plot-layout.png"))

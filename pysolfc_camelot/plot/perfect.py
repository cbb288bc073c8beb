# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's perfect hint: the next move of the solver's winning line (it
reads the stock order), kept in a perfect_hint.LineCache; the fair hint
when no win is found in time, and a short budget for the rest of a deal
whose search found none."""
from ..core.budget import Budget
from ..core.perfect_hint import LineCache
from . import solver
from .hints import fair_move

_line = LineCache()
# The last position whose search found no win (lost, or out of budget).
_no_win = None
HINT_SECONDS = 0.1


def _same_game(pos, earlier):
    """True when ``pos`` may come from ``earlier`` by play: the same base
    rank, the stock a tail of its stock, the reserve a bottom part of its
    reserve, no foundation shorter.  (Cheap; positions of other deals
    practically never pass while a stock or a reserve is left.)"""
    if earlier is None or pos.base != earlier.base:
        return False
    n, m = len(pos.stock), len(pos.reserve)
    return n <= len(earlier.stock) and m <= len(earlier.reserve) \
        and earlier.stock[len(earlier.stock) - n:] == pos.stock \
        and earlier.reserve[:m] == pos.reserve \
        and all(len(a) >= len(b) for a, b in zip(pos.foundations,
                                                   earlier.foundations))


def perfect_move(position, budget=None, should_stop=None,
                 retry_seconds=None, *, budget_seconds=None):
    """The next move of a winning line (this one reads the stock order: the
    solver's hint); when no win is found within ``budget`` (a
    core.budget.Budget or seconds, HINT_SECONDS if none; budget_seconds and
    should_stop are the old keywords) the fair hint, fair_move.  The line found
    is kept, so following the hints costs no further search.  Once a search of
    this deal has found no win, the later positions of the same deal get at
    most ``retry_seconds`` (when given): a demo on a deal the solver cannot
    decide then thinks long once, not before every move."""
    global _no_win
    if budget is None and budget_seconds is None:
        budget_seconds = HINT_SECONDS
    budget = Budget.of(budget, budget_seconds, None, should_stop)

    def search(pos):
        if retry_seconds is not None and _same_game(pos, _no_win):
            return solver.solve(pos, budget.part(seconds=retry_seconds))
        return solver.solve(pos, budget)
    move = _line.move(position, search)
    if move is not None:
        return move
    if not budget.stop_requested():
        _no_win = position.copy()
    return fair_move(position)

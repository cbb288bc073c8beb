# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's perfect hint: the next move of the solver's winning line (it
reads the stock order), kept in a perfect_hint.LineCache; the fair hint
when no win is found in time, and a short budget for the rest of a deal
whose search found none."""
from ..core.perfect_hint import LineCache
from . import solver
from .hints import fair_move

_line = LineCache()
# The last position whose search found no win (lost, or out of budget).
_no_win = None


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


def perfect_move(position, budget_seconds=0.1, should_stop=None,
                 retry_seconds=None):
    """The next move of a winning line (this one reads the stock order:
    the solver's hint); when no win is found within ``budget_seconds``
    (lost, or the budget ran out, or ``should_stop()`` turned True) the
    fair hint, fair_move.  The line found is kept, so following the hints
    costs no further search.  Once a search of this deal has found no win,
    the later positions of the same deal get at most ``retry_seconds``
    (when given): a demo on a deal the solver cannot decide then thinks
    long once, not before every move."""
    global _no_win

    def search(pos):
        budget = budget_seconds
        if retry_seconds is not None and _same_game(pos, _no_win):
            budget = min(budget, retry_seconds)
        return solver.solve(pos, budget_seconds=budget,
                            should_stop=should_stop)
    move = _line.move(position, search)
    if move is not None:
        return move
    if should_stop is None or not should_stop():
        _no_win = position.copy()
    return fair_move(position)

# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's perfect hint: the next move of the solver's winning line (it
reads the stock order), kept in a perfect_hint.LineCache; the heuristic
move when no win is found in time."""
from ..core.budget import Budget
from ..core.perfect_hint import LineCache
from . import solver
from .hints import heuristic_move

_line = LineCache()
HINT_SECONDS = 0.1


def perfect_move(position, budget=None, should_stop=None, *,
                 budget_seconds=None):
    """The first move of a winning line (uses the real stock order); when
    the position is lost or the budget runs out (a core.budget.Budget or
    seconds, HINT_SECONDS if none; budget_seconds and should_stop are the
    old keywords), the heuristic move."""
    if budget is None and budget_seconds is None:
        budget_seconds = HINT_SECONDS
    budget = Budget.of(budget, budget_seconds, None, should_stop)
    move = _line.move(position, lambda p: solver.solve(p, budget))
    return heuristic_move(position) if move is None else move

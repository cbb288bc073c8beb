# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's perfect hint: the next move of the solver's winning line (it
reads the stock order), kept in a perfect_hint.LineCache; the heuristic
move when no win is found in time."""
from ..core.perfect_hint import LineCache
from . import solver
from .hints import heuristic_move

_line = LineCache()


def perfect_move(position, budget_seconds=0.1, should_stop=None):
    """The first move of a winning line (uses the real stock order); when
    the position is lost, the budget runs out or ``should_stop()`` turns
    True, the heuristic move."""
    move = _line.move(position, lambda p: solver.solve(
        p, budget_seconds=budget_seconds, should_stop=should_stop))
    return heuristic_move(position) if move is None else move

# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's perfect hint: the first move of the solver's winning line."""
from .hints import fair_move
from .solver import solve


def perfect_move(position, budget_seconds=0.1, should_stop=None):
    result = solve(position, budget_seconds, should_stop=should_stop)
    return result.moves[0] if result.moves else fair_move(position)

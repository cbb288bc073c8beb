# SPDX-License-Identifier: GPL-3.0-or-later
"""A frozen copy of The Plot's exact solver as it was at commit 4230611
(pysolfc_camelot/plot/solver.py, dead_ends.py and rules.py, only their
imports made absolute and a licence line added), the baseline that
bench/bench_plot.py compares the current solver against on the same
deals in one run.  Never edited: a
change here would change what "old" means in the benchmark.

``solve_deck(deck, budget_seconds)`` solves a deal with it.
"""
from .rules import Position
from .solver import solve

COMMIT = "4230611"


def solve_deck(deck, budget_seconds=None):
    return solve(Position.new_game(deck), budget_seconds=budget_seconds)

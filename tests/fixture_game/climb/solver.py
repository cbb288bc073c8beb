# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's exact solver: a depth-first search of every line (home or
deal), each position once."""
import time

from pysolfc_camelot.core.budget import STATES, Budget
from pysolfc_camelot.core.outcome import SolveResult


def solve(position, budget=None, budget_states=None, should_stop=None,
          budget_seconds=None):
    """``budget`` a core.budget.Budget (or seconds; the old keywords
    still work), as every game's solve takes it."""
    budget = Budget.of(budget, budget_seconds, budget_states,
                       should_stop).start()
    t0 = time.perf_counter()
    seen, states, line = set(), 0, []
    stack = [(position, iter(position.legal_moves()))]
    while stack:
        pos, moves = stack[-1]
        if pos.is_won():
            return SolveResult(True, line, states, time.perf_counter() - t0)
        move = next(moves, None)
        if move is None:
            stack.pop()
            if line:
                line.pop()
            continue
        nxt = pos.after(move)
        if nxt in seen:
            continue
        seen.add(nxt)
        states += 1
        budget.spend(1)
        if budget.states is not None and states > budget.states:
            budget.exhausted(STATES)
        if budget.ran_out or budget.out():
            return SolveResult(None, None, states, time.perf_counter() - t0)
        line.append(move)
        stack.append((nxt, iter(nxt.legal_moves())))
    return SolveResult(False, None, states, time.perf_counter() - t0)

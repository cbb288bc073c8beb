# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's exact solver: a depth-first search of every line (home or
deal), each position once."""
import time

from pysolfc_camelot.core.outcome import SolveResult


def solve(position, budget_seconds=None, budget_states=None,
          should_stop=None):
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
        if (budget_states is not None and states > budget_states) or \
                (budget_seconds is not None and
                 time.perf_counter() - t0 > budget_seconds) or \
                (should_stop is not None and should_stop()):
            return SolveResult(None, None, states, time.perf_counter() - t0)
        line.append(move)
        stack.append((nxt, iter(nxt.legal_moves())))
    return SolveResult(False, None, states, time.perf_counter() - t0)

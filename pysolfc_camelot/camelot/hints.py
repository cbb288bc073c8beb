# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's hints on the rules model: the fair hint (only what the player
sees), the heuristic move (no search) and the greedy baseline of the
benchmark.  The perfect hint, which reads the stock order, is perfect.py."""
import hashlib
import random

from ..core.budget import Budget
from ..core.cards import rank_of
from .rules import FACE_CLASS, MIDDLE, SLOT_CLASS, Position, is_face
from .solver import solve, solve_siblings


def _faces_unseen(pos):
    """Face cards of each class not yet dealt (visible: the stock's set)."""
    n = [0, 0, 0, 0]
    for c in pos.stock:
        if is_face(c):
            n[FACE_CLASS[rank_of(c)]] += 1
    return n


def _heuristic_key(pos, move):
    """Sort key of a move for the heuristic (smaller is better): remove
    before dealing, tens and edge cards first; place a number card in the
    middle while it has room (edge slots stay free for face cards), else on
    the edge class with the fewest face cards still to come (which reads
    only the set of stock cards, so the fair hint may use it)."""
    kind, a, b = move
    if kind == "remove":
        return (0, 0, a)
    if kind == "pair":
        edges = (SLOT_CLASS[a] != MIDDLE) + (SLOT_CLASS[b] != MIDDLE)
        return (0, 1 + 2 - edges, a, b)
    if kind == "place":
        card = pos.waste
        x = SLOT_CLASS[a]
        if is_face(card) or x == MIDDLE:
            return (1, 0, a)
        return (1, 1, _faces_unseen(pos)[x], a)
    return (2,)                                 # deal


def heuristic_move(position):
    """A reasonable move without search (None when there is none)."""
    moves = position.legal_moves()
    return min(moves, key=lambda m: _heuristic_key(position, m)) \
        if moves else None


def greedy_move(position):
    """The baseline: middle first, remove everything before dealing."""
    moves = position.legal_moves()
    if not moves:
        return None

    def key(m):
        if m.kind in ("remove", "pair"):
            return (0, m.a, m.b or 0)
        if m.kind == "place":
            return (1, SLOT_CLASS[m.a] != MIDDLE, m.a)
        return (2,)
    return min(moves, key=key)


# -- fair hints ---------------------------------------------------------------

def _visible_key(pos):
    """Everything the player sees, and nothing of the stock order."""
    return repr((tuple(pos.tableau), pos.waste, sorted(pos.removed),
                 sorted(pos.stock), pos.phase))


def _canonical_after(pos, move):
    """Moves leading to the same canonical state are worth the same.  (A
    deal is always alone of its kind; not playing it keeps the stock order
    unread.)"""
    if move.kind == "deal":
        return ("deal",)
    p = pos.after(move)
    per_class = [[], [], [], []]
    for s, c in enumerate(p.tableau):
        per_class[SLOT_CLASS[s]].append(-1 if c is None else rank_of(c))
    return (p.phase, None if p.waste is None else rank_of(p.waste),
            tuple(tuple(sorted(x)) for x in per_class))


def _win_share(wins, decided):
    """A move's score: its share of wins among the decided samples, with a
    prior of half a win in one sample (no decided sample: 0.5)."""
    return (wins + 0.5) / (decided + 1.0)


def fair_move(position, budget_seconds=1.0, samples=12, rng=None,
              states_per_solve=1200, budget=None):
    """The move that wins most often over random orders of the unseen
    cards, ties broken by the heuristic.  A move is scored by its share of
    wins among the samples its solve decided (with a prior of half a win
    in one sample), so that a move whose solves mostly ran out of states is
    neither rewarded nor punished for it.  Reads only the tableau, the
    waste, the removed cards and the *set* of stock cards; the samples come
    from a generator seeded by that visible position, and each solve has a
    state budget (not a time budget), so the answer is deterministic.  The
    time budget only stops sampling early on a very slow machine.
    ``budget`` (core.budget.Budget), when given, stands for
    budget_seconds: its time as that, its stop request ends the sampling
    (and its solves) at once."""
    moves = position.legal_moves()
    if not moves:
        return None
    moves.sort(key=lambda m: _heuristic_key(position, m))
    # one representative per canonical outcome, best heuristic first
    reps, seen = [], set()
    for m in moves:
        k = _canonical_after(position, m)
        if k not in seen:
            seen.add(k)
            reps.append(m)
    if len(reps) == 1:
        return reps[0]
    budget = Budget(budget_seconds) if budget is None else budget
    if len(position.stock) <= 1:        # nothing hidden: the order is known
        res = solve(position, budget)
        if res.winnable:
            return res.moves[0]
        return reps[0]
    if rng is None:
        seed = hashlib.sha256(_visible_key(position).encode()).hexdigest()
        rng = random.Random(int(seed[:16], 16))
    unseen = sorted(position.stock)
    left = budget.start().seconds_left()
    sampling = budget.part(seconds=None if left is None else 0.8 * left)
    wins = [0] * len(reps)
    decided = [0] * len(reps)
    for i in range(samples):
        order = unseen[:]
        rng.shuffle(order)
        sample = Position(stock=order, waste=position.waste,
                          tableau=position.tableau,
                          removed=position.removed, phase=position.phase)
        values = solve_siblings([sample.after(m) for m in reps],
                                budget_states=states_per_solve,
                                should_stop=budget.should_stop)
        if sampling.stop_requested():
            break                       # the caller wants no answer now
        for j, won in enumerate(values):
            if won is not None:
                decided[j] += 1
                wins[j] += won
        if i >= 1 and sampling.out():
            break
    best = max(range(len(reps)),
               key=lambda j: (_win_share(wins[j], decided[j]), -j))
    return reps[best]

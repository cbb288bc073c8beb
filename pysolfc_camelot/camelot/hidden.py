# SPDX-License-Identifier: GPL-3.0-or-later
"""What Camelot hides from the player, for the strong fair player
(pysolfc_camelot/fair_player.py): the order of the face-down stock.

What the player sees is the fair hint's definition (hints._visible_key:
the tableau, the waste, the removed cards, the *set* of stock cards and
the phase).  The unseen cards are worked out from that view alone (every
card minus the tableau, the waste and the removed ones), never from the
stock itself, so nothing here can read the real order.
"""
from . import hints, solver
from .rules import Position

# The game's fair rules of today: the simple policy, and the tie-break
# order of the strong player's candidates (the fair hint's own).
simple_move = hints.fair_move
visible_key = hints._visible_key
# States per exact solve of one sample (a deterministic budget): most
# Camelot positions are decided in a few hundred.
STATES = 3000


def unseen(pos):
    """The cards the player has not seen, sorted (their order unknown)."""
    seen = set(c for c in pos.tableau if c is not None)
    seen.update(pos.removed)
    if pos.waste is not None:
        seen.add(pos.waste)
    return [c for c in range(52) if c not in seen]


def with_hidden(pos, order):
    """``pos`` with its stock in ``order`` (a permutation of unseen)."""
    return Position(stock=order, waste=pos.waste, tableau=pos.tableau,
                    removed=pos.removed, phase=pos.phase)


def follow_key(pos, move):
    """Moves with equal keys lead to the same canonical state (a deal is
    alone of its kind)."""
    return hints._canonical_after(pos, move)


def candidates(pos):
    """One legal move per canonical outcome, in the fair rules' order
    (the heuristic's: remove before dealing, the middle first...)."""
    moves = sorted(pos.legal_moves(),
                   key=lambda m: hints._heuristic_key(pos, m))
    out, keys = [], set()
    for m in moves:
        k = follow_key(pos, m)
        if k not in keys:
            keys.add(k)
            out.append(m)
    return out


def solve(pos, states, should_stop=None):
    """(winnable True/False/None, first move of a winning line or None)."""
    res = solver.solve(pos, budget_states=states, should_stop=should_stop)
    return res.winnable, (res.moves[0] if res.moves else None)

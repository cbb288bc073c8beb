# SPDX-License-Identifier: GPL-3.0-or-later
"""What Camelot hides from the player, for the strong fair player
(pysolfc_camelot/core/fair_player.py): the order of the face-down stock.

What the player sees is the fair hint's definition (hints._visible_key:
the tableau, the waste, the removed cards, the *set* of stock cards and
the phase).  The unseen cards are worked out from that view alone (every
card minus the tableau, the waste and the removed ones), never from the
stock itself, so nothing here can read the real order.
"""
from . import hints
from .rules import Position


def simple_move(pos):
    """Today's fair hint without its time bound (it samples too, and stops
    sampling early on a slow machine; unbounded, its answer repeats)."""
    return hints.fair_move(pos, budget_seconds=1e9)


# The fair player's first candidate at the root of an answer (so it wins
# ties): the simple fair rules' move.  Not in ordered_moves, which also
# orders the next moves of the deeper score, where its samples would cost
# too much.
def lead_move(pos, budget=None):
    """simple_move within ``budget`` (the answer's time and stop request;
    unbounded, its answer is simple_move's)."""
    if budget is None or (budget.seconds is None and
                          budget.should_stop is None):
        return simple_move(pos)
    return hints.fair_move(pos, budget=budget)


# No probe before a sample's exact solve (fair_player): a Camelot solve
# takes about a millisecond, less than a playout of the fair rules, which
# sample the stock themselves.
PROBES = ()

visible_key = hints._visible_key
# States per exact solve of one sample (a deterministic budget): most
# Camelot positions are decided in a few hundred.
STATES = 3000
# Solves per sample an answer may use at most (fair_player.Player): a
# Camelot solve takes about a millisecond; every candidate of a placement
# is solved (close calls).
MAX_SOLVES = 12

# The words for the hidden cards in "your chances" (pysol/chances.py):
# the face-down stock.
CHANCE_TEXT = "camelot.chance.hidden"


def unseen(pos):
    """The cards the player has not seen, sorted (their order unknown)."""
    seen = set(c for c in pos.tableau if c is not None)
    seen.update(pos.removed)
    if pos.waste is not None:
        seen.add(pos.waste)
    return [c for c in range(52) if c not in seen]


def hidden_order(pos):
    """The hidden cards of ``pos`` in with_hidden's layout (the fair player
    asks this only of its own samples)."""
    return list(pos.stock)


def with_hidden(pos, order):
    """``pos`` with its stock in ``order`` (a permutation of unseen)."""
    return Position(stock=order, waste=pos.waste, tableau=pos.tableau,
                    removed=pos.removed, phase=pos.phase)


def follow_key(pos, move):
    """Moves with equal keys lead to the same canonical state (a deal is
    alone of its kind)."""
    return hints._canonical_after(pos, move)


def ordered_moves(pos):
    """The legal moves in the fair rules' order (the heuristic's: remove
    before dealing, the middle first...)."""
    return sorted(pos.legal_moves(),
                  key=lambda m: hints._heuristic_key(pos, m))

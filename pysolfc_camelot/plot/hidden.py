# SPDX-License-Identifier: GPL-3.0-or-later
"""What The Plot hides from the player, for the strong fair player
(pysolfc_camelot/core/fair_player.py): the order of the stock and the reserve's
cards below its top.

What the player sees is the fair hint's definition (hints._view: the
reserve's top, the foundations, the tableau and the waste; the stock and
the reserve only by their sizes).  The unseen cards are worked out from
that view alone (both decks minus the cards in view), so nothing here can
read the real order of the hidden ones.
"""
from collections import Counter

from . import hints, solver
from .notation import DEAL, STOCK, WASTE
from .rules import Position

simple_move = hints.fair_move
# States per exact solve of one sample (deterministic): a deal's first
# descent usually wins in a few hundred; hard samples stop here.
STATES = 1500
# A sample's probes (fair_player._Work.verdict: played out in turn before
# the exact search, where only the verdict is read; a win is a witness).
# First the fair hint's rules with a look-ahead of 2: they win about 92%
# of the samples the strong player meets, a playout costing a few
# milliseconds where a search costs about 200 (a chance of 32 samples at
# five positions of fresh deals: 4.6 CPU s against 14.4 without probes;
# look-aheads of 1 and 2 cost alike, 3 and 4, the hint's, more).  Then
# the greedy baseline, 3 ms a playout: of the samples the first loses it
# wins about one in five, some of them ones the search leaves undecided
# within STATES.
PROBE_DEPTH = 2


def _fair_probe(pos):
    return hints.fair_move(pos, depth=PROBE_DEPTH)


PROBES = (_fair_probe, hints.greedy_move)


# Solves per sample an answer may use at most (fair_player.Player): a
# Plot solve takes tens of milliseconds; the fair rules' move usually
# keeps every sample and ends the answer.
MAX_SOLVES = 3


def visible_key(pos):
    """Everything the player sees, and nothing of the hidden order."""
    return repr((hints._view(pos).key(), len(pos.reserve), len(pos.stock)))

# The words for the hidden cards in "your chances" (pysol/chances.py):
# the stock and the reserve below its top.
CHANCE_TEXT = "plot.chance.hidden"


def unseen(pos):
    """The cards the player has not seen, sorted (each card id as often
    as it is unseen: the two decks make most cards twice)."""
    left = Counter(list(range(52)) * 2)
    left.subtract(hints._view(pos).cards())
    return sorted(left.elements())


def hidden_order(pos):
    """The hidden cards of ``pos`` in with_hidden's layout (the fair player
    asks this only of its own samples)."""
    return list(pos.reserve[:-1]) + list(pos.stock)


def with_hidden(pos, order):
    """``pos`` with the hidden cards in ``order`` (a permutation of
    unseen): the reserve below its top first (bottom first), then the
    stock (the next card to deal first)."""
    below = max(0, len(pos.reserve) - 1)
    return Position(reserve=list(order[:below]) + list(pos.reserve[-1:]),
                    foundations=pos.foundations, tableau=pos.tableau,
                    stock=order[below:], waste=pos.waste, base=pos.base)


def follow_key(pos, move):
    """Moves with equal keys lead to the same canonical state."""
    if move == DEAL:
        return ("deal",)
    return solver.canonical_key(pos.after(move, check=False))


def commutes(move, plan):
    """Whether ``plan``, the player's next move after ``move``, may come
    first with the same result (fair_player._plan_first): the deal, after
    a move that neither reads nor changes the stock or the waste (a card
    from the tableau or the reserve to a foundation, or from one pile to
    another).  A deal changes only the stock and the waste, and no such
    move's legality depends on them: both orders reach the same position,
    and the move stays legal after the deal, so the player may still
    make it, or something better once it has seen the card.  (A card from
    the reserve shows the next one: the player asks only after a move
    that shows nothing.)"""
    return plan == DEAL and not {move.src, move.dst} & {STOCK, WASTE}


def _order(pos, m):
    """The fair rules' priority of a move (the fair hint's classes, the
    deal after them)."""
    return 5 if m == DEAL else hints._klass(pos, m)


def ordered_moves(pos):
    """The legal moves the player considers: the fair hint's move first,
    then the others in the fair rules' order.  Moves between two piles
    that leave the first one non-empty are left out, as the fair hint
    leaves them out: every move kept can never be undone (fair_move's
    argument), so a game played by the strong player ends."""
    tab = pos.tableau
    moves = [m for m in pos.legal_moves()
             if not (m.src[0] == "T" and m.dst[0] == "T" and
                     len(tab[int(m.src[1:])]) > 1)]
    first = simple_move(pos)
    moves.sort(key=lambda m: (m != first, _order(pos, m)))
    return moves

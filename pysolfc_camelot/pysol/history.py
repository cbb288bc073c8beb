# SPDX-License-Identifier: GPL-3.0-or-later
"""A game as PySolFC's history holds it, read as rules moves.

``read_game(game)`` takes the stacks as they are, undoes each history
step on a copy of the card lists back to the deal, then matches every
step to the rules moves that lead from one layout to the next: the deal,
the rules moves played, and PySolFC's move count of each.  So the record
follows undo, redo, save and load by itself (PySolFC keeps and saves that
history).  What went wrong (post_mortem.py) analyses it.  No PySolFC
import: the game passes its stacks and history in.
"""
from typing import NamedTuple

# PySolFC's atomic moves that move no card (flips, saved state and seeds,
# view updates, round counts): undoing them leaves the layout as it is.
NO_CARD_MOVES = frozenset((
    "AFlipMove", "ASingleFlipMove", "AFlipAllMove", "ASaveStateMove",
    "ASaveSeedMove", "AUpdateStackMove", "ANextRoundMove"))
# How many rules moves one PySolFC move may hold (a move, then the deal
# PySolFC's Autodeal makes by itself).
MAX_RULES_MOVES_PER_STEP = 3

class UnreadableHistory(ValueError):
    """PySolFC's history holds a step this module cannot follow."""


class GameRecord(NamedTuple):
    """A game as the analysis reads it."""
    key: tuple              # see history_key
    deck: list              # the deal as dealt, first dealt first
    moves: list             # the rules moves played
    numbers: list           # PySolFC's move count -> rules moves played
    positions: list         # the rules position after 0, 1, ... moves


def history_key(game):
    """What the record depends on: PySolFC's move list of this game (a new
    object for each new game, restart or load), how far along it is and
    its steps so far (a step replayed differently is a new list)."""
    moves = game.moves
    return (moves, moves.index, tuple(moves.history[:moves.index]))


def same_key(a, b):
    return a is not None and b is not None and a[0] is b[0] and \
        a[1] == b[1] and len(a[2]) == len(b[2]) and \
        all(x is y for x, y in zip(a[2], b[2]))


def _undo_step(piles, atomic):
    """Undo one of PySolFC's atomic moves on ``piles`` (stack id -> its
    card list, bottom to top)."""
    kind = type(atomic).__name__
    if kind == "AMoveMove":
        src, dst, n = atomic.from_stack_id, atomic.to_stack_id, \
            atomic.ncards
        if len(piles[dst]) < n:
            raise UnreadableHistory("a move of %d cards from stack %d "
                                    "does not fit" % (n, dst))
        piles[src].extend(piles[dst][-n:])
        del piles[dst][-n:]
    elif kind == "AFlipAndMoveMove":
        src, dst = atomic.from_stack_id, atomic.to_stack_id
        if not piles[dst]:
            raise UnreadableHistory("stack %d is empty" % dst)
        piles[src].append(piles[dst].pop())
    elif kind in ("ATurnStackMove", "NEW_ATurnStackMove"):
        src, dst = atomic.from_stack_id, atomic.to_stack_id
        piles[src] = list(reversed(piles[dst]))
        piles[dst] = []
    elif kind not in NO_CARD_MOVES:
        raise UnreadableHistory(kind)


def history_layouts(game):
    """The card lists of every stack (by stack id) after 0, 1, ...,
    ``moves.index`` of PySolFC's moves, from the table and its history."""
    piles = [list(stack.cards) for stack in game.allstacks]
    out = [[list(p) for p in piles]]
    for step in reversed(game.moves.history[:game.moves.index]):
        for atomic in reversed(step):
            _undo_step(piles, atomic)
        out.append([list(p) for p in piles])
    out.reverse()
    return out


def _rules_moves(game, pos, layout):
    """The rules moves (fewest first) that take ``pos`` to the position of
    ``layout``, and that position."""
    targets = {}

    def target(phase):
        if phase not in targets:
            targets[phase] = game.position_of(lambda s: layout[s.id], phase)
        return targets[phase]
    frontier = [(pos, [])]
    for _depth in range(MAX_RULES_MOVES_PER_STEP + 1):
        nxt = []
        for p, seq in frontier:
            if p == target(getattr(p, "phase", None)):
                return seq, p
            for m in p.legal_moves():
                nxt.append((p.after(m), seq + [m]))
        frontier = nxt
    raise UnreadableHistory("a step that is no move of the rules")


def read_game(game):
    """The GameRecord of ``game`` as it stands; UnreadableHistory when its
    history cannot be followed."""
    key = history_key(game)
    layouts = history_layouts(game)
    spec = game.spec
    try:
        start = game.position_of(lambda s: layouts[0][s.id], None)
        deck = spec.deck_of(start)
        if spec.new_game(deck) != start:
            raise UnreadableHistory("the deal is not where the rules "
                                    "deal it")
    except (ValueError, IndexError, AttributeError) as e:
        raise UnreadableHistory(str(e) or type(e).__name__)
    pos, moves, numbers, positions = start, [], [0], [start]
    for layout in layouts[1:]:
        seq, pos = _rules_moves(game, pos, layout)
        p = positions[-1]
        for m in seq:
            p = p.after(m)
            positions.append(p)
        moves.extend(seq)
        numbers.append(len(moves))
    return GameRecord(key, deck, moves, numbers, positions)

# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules position of the table, kept, and one legality decision per
drop.

While a card is dragged PySolFC asks ``acceptsCards`` of every stack the
card passes over, again when it is dropped, and once more in its
``moveMove``; our games answer each by asking the rules model.  Building
the rules position from the stacks for every one of those questions (and
for every text, hint and status after a move) is what this module saves:
the position is built once from the stacks and kept until a card or the
phase changes, and each (from stack, to stack) question is decided once
per position, with the rules model's reason for every refusal.

What keeps the kept position true to the table: every stack of our games
is a ``TableStack``, whose ``addCard``, ``insertCard``, ``removeCard`` and
``resetGame`` (the only ways PySolFC changes a stack's cards in our games:
moves, undo, redo, deals, loads and new games all go through them) drop
it; a phase kept beside it must still be the game's.  The test hooks
compare it with one built afresh after every move (``kept_drift``).

No PySolFC import: the games' stacks list ``TableStack`` first.
"""

REFUSED_NOT_A_MOVE = "not a move of this game"
REFUSED_DEALING = "the cards are still being dealt"


class TableStack:
    """Mixin for every stack of our games (listed first): a change of its
    cards drops the game's kept position."""

    def addCard(self, *args, **kw):
        self.game.table_changed()
        return super().addCard(*args, **kw)

    def insertCard(self, *args, **kw):
        self.game.table_changed()
        return super().insertCard(*args, **kw)

    def removeCard(self, *args, **kw):
        self.game.table_changed()
        return super().removeCard(*args, **kw)

    def resetGame(self):
        self.game.table_changed()
        return super().resetGame()


class _Kept:
    """One position of the table and what was decided on it."""
    __slots__ = ("phase", "position", "memo")

    def __init__(self, phase, position):
        self.phase, self.position, self.memo = phase, position, {}


class KeptPositionGame:
    """Mixin for our Game classes.  The game provides ``position_of(cards,
    phase)`` (the rules position of the stacks holding ``cards(stack)``)
    and ``move_for(from_stack, to_stack)`` (the rules move a drag means,
    or None); a game with a phase of its own keeps it in ``phase``."""

    phase = None
    _kept = None

    def table_changed(self):
        """Forget the kept position: a card moved (or is about to)."""
        self._kept = None

    def _table(self):
        """The kept entry, built from the stacks when there is none."""
        kept = self._kept
        if kept is None or kept.phase != self.phase:
            kept = self._kept = _Kept(self.phase, self.position_of(
                lambda stack: stack.cards, self.phase))
        return kept

    def position(self):
        """The rules position of the table (a copy: the caller may play on
        it); None while the game has no position yet (The Plot's deal)."""
        pos = self._table().position
        return None if pos is None else pos.copy()

    def table_memo(self, key, compute):
        """``compute(position)``, once per kept position (``key`` names
        what is computed): for questions asked many times between two
        moves.  ``compute`` must not change the position."""
        kept = self._table()
        memo = kept.memo
        if key not in memo:
            memo[key] = compute(kept.position)
        return memo[key]

    def refusal(self, from_stack, to_stack):
        """None if the top card of ``from_stack`` may go to ``to_stack``
        (a deal from the talon, for the waste), else why not: the rules
        model's reason.  Decided once per position and pair of stacks."""
        def decide(pos):
            move = self.move_for(from_stack, to_stack)
            if move is None:
                return REFUSED_NOT_A_MOVE
            if pos is None:
                return REFUSED_DEALING
            return pos.why_illegal(move)
        return self.table_memo(("refusal", from_stack.id, to_stack.id),
                               decide)

    def is_legal(self, move):
        """Whether the rules move ``move`` is legal on the table now."""
        if move is None:
            return False
        return self.table_memo(
            ("legal", move), lambda pos: pos is not None and
            pos.is_legal(move))

    def kept_drift(self):
        """None if the kept position is the one the stacks hold now (or
        none is kept), else both, in words: the test hooks' guard."""
        kept = self._kept
        if kept is None:
            return None
        fresh = self.position_of(lambda stack: stack.cards, self.phase)
        if kept.phase == self.phase and kept.position == fresh:
            return None
        return "kept %r (phase %r), table %r (phase %r)" % (
            kept.position, kept.phase, fresh, self.phase)

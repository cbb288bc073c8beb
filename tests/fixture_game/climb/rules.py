# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's rules model (see __init__.py); no PySolFC import."""
from pysolfc_camelot.core.cards import format_card, rank_of
from pysolfc_camelot.core.outcome import LOST, PLAYING, WON, IllegalMove
from pysolfc_camelot.core.outcome import replay as _replay
from .notation import DEAL, HOME, Move

__all__ = ["Position", "Move", "DEAL", "HOME", "replay"]


class Position:
    """``stock`` (next card first), ``waste`` (top last) and
    ``home[suit]``: the ranks built on each suit's foundation."""

    def __init__(self, stock, waste=(), home=(0, 0, 0, 0)):
        self.stock, self.waste = list(stock), list(waste)
        self.home = list(home)
        cards = self.stock + self.waste
        if len(set(cards)) != len(cards) or \
                any(not 0 <= c < 52 for c in cards) or \
                len(cards) + sum(self.home) != 52 or \
                any(rank_of(c) <= self.home[c % 4] for c in cards):
            raise ValueError("not a deck of Climb")

    @classmethod
    def new_game(cls, deck):
        return cls(deck)

    def key(self):
        return tuple(self.stock), tuple(self.waste), tuple(self.home)

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def copy(self):
        return Position(self.stock, self.waste, self.home)

    def cards(self):
        return self.stock + self.waste

    def why_illegal(self, move):
        if move == DEAL:
            return None if self.stock else "the stock is empty"
        if move == HOME:
            if not self.waste:
                return "the waste is empty"
            top = self.waste[-1]
            if rank_of(top) != self.home[top % 4] + 1:
                return "%s is not the next card of its suit" % \
                    format_card(top)
            return None
        return "not a move of Climb: %r" % (move,)

    def is_legal(self, move):
        return self.why_illegal(move) is None

    def legal_moves(self):
        return [m for m in (HOME, DEAL) if self.is_legal(m)]

    def play(self, move):
        why = self.why_illegal(move)
        if why is not None:
            raise IllegalMove(why)
        if move == DEAL:
            self.waste.append(self.stock.pop(0))
        else:
            self.home[self.waste.pop() % 4] += 1

    def after(self, move):
        p = self.copy()
        p.play(move)
        return p

    def is_won(self):
        return sum(self.home) == 52

    def status(self):
        if self.is_won():
            return WON
        return PLAYING if self.legal_moves() else LOST

    @property
    def score(self):
        return sum(self.home)


def replay(deck, moves):
    return _replay(Position.new_game(deck), moves)

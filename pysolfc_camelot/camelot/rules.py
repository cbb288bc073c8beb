# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules of Camelot as a pure model: no PySolFC here.

Every other part (command line, solver, hints, the PySolFC game) asks this
module what is legal instead of deciding again.  The rules, in brief:

* a 4x4 tableau, slots 0..15 row by row; kings only on the corners, queens
  only on the top and bottom middles, jacks only on the left and right
  middles; number cards (A..10) anywhere;
* phase 1: ``deal`` one card from the stock to the one-card waste, then
  ``place`` it on an empty slot that accepts it;
* phase 2 starts when the tableau is full, or stock and waste are empty:
  ``remove`` a ten, or ``pair`` two number cards summing to ten; it lasts
  until the next deal, which needs a free slot;
* won when stock and waste are empty and no number card is left.
"""
from ..core import outcome
from ..core.outcome import LOST, PLAYING, WON, IllegalMove  # noqa: F401
from ..core.cards import JACK, KING, QUEEN, format_card, format_cards, rank_of
from .notation import DEAL, Move

N_SLOTS = 16
KING_SLOTS = (0, 3, 12, 15)
QUEEN_SLOTS = (1, 2, 13, 14)
JACK_SLOTS = (4, 7, 8, 11)
MIDDLE_SLOTS = (5, 6, 9, 10)
FACE_SLOTS = {KING: KING_SLOTS, QUEEN: QUEEN_SLOTS, JACK: JACK_SLOTS}
# The slot class of each slot: the face rank it is reserved for, or None.
SLOT_FACE = tuple(next((r for r, ss in FACE_SLOTS.items() if s in ss), None)
                  for s in range(N_SLOTS))
MAX_SCORE = 40          # every number card removed
# The four slot classes (the solver's and the hints' view of the tableau,
# whose slots of one class are interchangeable): 0 corners (kings), 1
# queen slots, 2 jack slots, 3 the middle (number cards only).
CLASS_SLOTS = (KING_SLOTS, QUEEN_SLOTS, JACK_SLOTS, MIDDLE_SLOTS)
SLOT_CLASS = tuple(next(x for x, ss in enumerate(CLASS_SLOTS) if s in ss)
                   for s in range(N_SLOTS))
FACE_CLASS = {KING: 0, QUEEN: 1, JACK: 2}      # face rank -> its class
MIDDLE = 3


def is_face(card) -> bool:
    return rank_of(card) >= JACK


def value(card) -> int:
    """Ace 1, two..ten at face value; face cards have no value."""
    return rank_of(card)


def slots_for(card):
    """The slots a card may ever occupy."""
    return FACE_SLOTS.get(rank_of(card), tuple(range(N_SLOTS)))


def slot_accepts(slot: int, card) -> bool:
    return slot in slots_for(card)


def is_ten(card) -> bool:
    return rank_of(card) == 10


def is_pair(c1, c2) -> bool:
    """Two number cards summing to ten."""
    return not is_face(c1) and not is_face(c2) and value(c1) + value(c2) == 10


class Position:
    """A Camelot position.

    ``stock`` lists the face-down cards, the next one to be dealt first;
    ``waste`` is a card or None; ``tableau`` has 16 entries, a card or None;
    ``removed`` lists the removed cards in order of removal.
    """
    __slots__ = ("stock", "waste", "tableau", "removed", "phase")

    def __init__(self, stock=(), waste=None, tableau=None, removed=(),
                 phase=None):
        self.stock = tuple(stock)
        self.waste = waste
        self.tableau = list(tableau) if tableau is not None \
            else [None] * N_SLOTS
        self.removed = tuple(removed)
        if len(self.tableau) != N_SLOTS:
            raise ValueError("the tableau has 16 slots")
        cards = self.cards()
        if len(set(cards)) != len(cards):
            raise ValueError("a card appears twice")
        for s, c in enumerate(self.tableau):
            if c is not None and not slot_accepts(s, c):
                raise ValueError("%s cannot lie on slot %d"
                                 % (format_card(c), s))
        if phase is None:
            phase = 2 if self._removal_phase_starts() else 1
        if phase not in (1, 2):
            raise ValueError("phase is 1 or 2")
        self.phase = phase

    @classmethod
    def new_game(cls, deck):
        """The start of a game: every card in the stock, nothing dealt."""
        return cls(stock=deck, phase=1)

    def copy(self):
        p = Position.__new__(Position)
        p.stock, p.waste, p.removed, p.phase = \
            self.stock, self.waste, self.removed, self.phase
        p.tableau = self.tableau[:]
        return p

    def cards(self):
        """Every card of the position, each exactly once."""
        on_table = [c for c in self.tableau if c is not None]
        waste = [] if self.waste is None else [self.waste]
        return list(self.stock) + waste + on_table + list(self.removed)

    def __eq__(self, other):
        return isinstance(other, Position) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def key(self) -> tuple:
        """The whole position as a hashable tuple."""
        return (self.stock, self.waste, tuple(self.tableau), self.phase)

    def describe(self) -> str:
        """The position as lines of text, the command line's picture: the
        4x4 tableau with its slot numbers (the moves name them), an empty
        slot showing the one face card that may go there (K, Q, J; number
        cards go anywhere), then the waste, the stock (next card first)
        and the removed cards."""
        def cell(slot):
            card = self.tableau[slot]
            if card is not None:
                return "%2d %s" % (slot, format_card(card))
            face = SLOT_FACE[slot]
            return "%2d %s" % (slot, ".." if face is None else
                               "(%s)" % "JQK"[face - JACK])
        lines = ["phase %d: %s" % (self.phase, "deal and place"
                                    if self.phase == 1
                                    else "remove tens and pairs")]
        lines += ["  ".join("%-6s" % cell(s) for s in range(r, r + 4))
                  .rstrip() for r in range(0, N_SLOTS, 4)]
        lines.append("waste: %s" % ("-" if self.waste is None
                                    else format_card(self.waste)))
        lines.append("stock (%d, next first): %s"
                     % (len(self.stock), format_cards(self.stock) or "-"))
        lines.append("removed (%d): %s"
                     % (len(self.removed), format_cards(self.removed) or "-"))
        return "\n".join(lines)

    def __repr__(self):
        def show(c):
            return ".." if c is None else format_card(c)
        rows = [" ".join(show(c) for c in self.tableau[r:r + 4])
                for r in range(0, N_SLOTS, 4)]
        return ("<Position phase %d, waste %s, stock [%s], removed %d\n  %s>"
                % (self.phase, show(self.waste), format_cards(self.stock),
                   len(self.removed), "\n  ".join(rows)))

    # -- what the player sees -------------------------------------------

    @property
    def score(self) -> int:
        return len(self.removed)

    def is_full(self) -> bool:
        return None not in self.tableau

    def _removal_phase_starts(self) -> bool:
        return self.is_full() or (not self.stock and self.waste is None)

    # -- legality of each move --------------------------------------------

    def why_illegal(self, move: Move):
        """None if ``move`` is legal here, else the reason in words."""
        kind, a, b = move
        if kind == "deal":
            if self.waste is not None:
                return "the waste card must be placed first"
            if not self.stock:
                return "the stock is empty"
            if self.is_full():
                return "no slot is free"
            return None
        if kind == "place":
            if self.waste is None:
                return "there is no waste card to place"
            if self.tableau[a] is not None:
                return "slot %d is not empty" % a
            if not slot_accepts(a, self.waste):
                return "%s cannot go to slot %d" % (format_card(self.waste), a)
            return None
        if kind in ("remove", "pair"):
            if self.phase != 2:
                return "cards are removed only once the tableau is full"
            ca = self.tableau[a]
            if ca is None:
                return "slot %d is empty" % a
            if kind == "remove":
                return None if is_ten(ca) else \
                    "%s at slot %d is not a ten" % (format_card(ca), a)
            cb = self.tableau[b]
            if a == b:
                return "a pair needs two different slots"
            if cb is None:
                return "slot %d is empty" % b
            if not is_pair(ca, cb):
                return "%s and %s do not sum to ten" % (format_card(ca),
                                                       format_card(cb))
            return None
        return "unknown move %r" % (kind,)

    def can_pick_up(self, slot: int) -> bool:
        """Whether the card at ``slot`` may be taken to remove it: only a
        number card, only in phase 2."""
        card = self.tableau[slot]
        return self.phase == 2 and card is not None and not is_face(card)

    def is_legal(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    def legal_moves(self):
        """Every legal move; each pair once, lower slot first."""
        if self.waste is not None:
            return [Move("place", s) for s in slots_for(self.waste)
                    if self.tableau[s] is None]
        moves = []
        if self.phase == 2:
            numbers = [(s, c) for s, c in enumerate(self.tableau)
                       if c is not None and not is_face(c)]
            for i, (s, c) in enumerate(numbers):
                if is_ten(c):
                    moves.append(Move("remove", s))
                for t, d in numbers[i + 1:]:
                    if is_pair(c, d):
                        moves.append(Move("pair", s, t))
        if self.stock and not self.is_full():
            moves.append(DEAL)
        return moves

    # -- playing ----------------------------------------------------------

    def play(self, move: Move, check=True):
        """Apply a legal move in place; raise IllegalMove (state unchanged)
        otherwise.  A move already judged legal here may skip the check
        (``check=False``)."""
        if check:
            reason = self.why_illegal(move)
            if reason is not None:
                raise IllegalMove("%s: %s" % (move, reason))
        kind, a, b = move
        if kind == "deal":
            self.waste, self.stock = self.stock[0], self.stock[1:]
            self.phase = 1
        elif kind == "place":
            self.tableau[a], self.waste = self.waste, None
            if self._removal_phase_starts():
                self.phase = 2
        else:
            gone = (a,) if kind == "remove" else (a, b)
            self.removed += tuple(self.tableau[s] for s in gone)
            for s in gone:
                self.tableau[s] = None

    def after(self, move: Move, check=True) -> "Position":
        """The position after ``move``; this one is left as it is (see
        ``play`` for ``check``)."""
        p = self.copy()
        p.play(move, check)
        return p

    # -- end of game ------------------------------------------------------

    def is_won(self) -> bool:
        return (not self.stock and self.waste is None and
                all(c is None or is_face(c) for c in self.tableau))

    def status(self) -> str:
        if self.is_won():
            return WON
        return PLAYING if self.legal_moves() else LOST


def replay(deck, moves):
    """Play ``moves`` from the deal of ``deck``: (position, failed_at,
    error), as ``outcome.replay``."""
    return outcome.replay(Position.new_game(deck), moves)

# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules of The Plot (two decks) as a pure model: no PySolFC here.

Every other part (command line, solver, hints, the PySolFC game) asks this
module what is legal instead of deciding again.  The rules, in brief (the
full text is RULES.md beside it):

* 104 cards; suits never matter; ranks go round the corner (K A 2).
* Deal: 13 cards to the reserve (the last one on top, the only one
  playable), the 14th to foundation F0, whose rank is the *base rank* of
  the game, one card to each tableau pile T0..T11, the rest to the stock.
* Foundations F0..F7 build up by one from a base-rank card to 13 cards.
  While F0 holds fewer than 13 (the *restriction*) F1..F7 take nothing;
  after it an empty one takes a base-rank card.  A full foundation takes
  nothing, and foundation cards never move again.
* The tableau builds down by one onto a non-empty pile, from the waste or
  another pile's top.  A base-rank card is never put onto a pile and
  nothing is put onto a base-rank card.  A space is filled only from the
  waste (or straight from the stock): during the restriction only with a
  base-rank card, afterwards with any card.
* The reserve top plays only to the foundations.  ``deal`` turns the top
  stock card onto the waste whenever the stock is not empty; no redeal.
  ``stock>X`` is ``deal`` then ``waste>X`` as one step, both or neither.
* Won when all 104 cards are on the foundations; lost when the stock is
  empty and no move is legal.  Nothing ever happens automatically.
"""
from ..core import outcome
from ..core.outcome import LOST, PLAYING, WON, IllegalMove  # noqa: F401
from ..core.cards import format_card
from .notation import (DEAL, FOUNDATIONS, PILES, RESERVE, STOCK, TABLEAU,
                       WASTE, Move, N_CARDS, check_deck)

N_FOUNDATIONS = 8
N_TABLEAU = 12
N_RESERVE = 13
FULL = 13               # cards on a full foundation
MAX_SCORE = N_CARDS     # every card on the foundations

__all__ = ["Position", "Move", "DEAL", "IllegalMove", "replay", "MOVES",
           "STOCK", "WASTE", "RESERVE", "FOUNDATIONS", "TABLEAU", "PILES",
           "PLAYING", "WON", "LOST", "MAX_SCORE", "rank_name", "rank_down"]

# Pile name -> (kind, index).  Kinds: "S" stock, "W" waste, "R" reserve,
# "F" foundation, "T" tableau.  A dict look-up keeps the hot paths free of
# string parsing.
_PILE = {STOCK: ("S", 0), WASTE: ("W", 0), RESERVE: ("R", 0)}
_PILE.update((f, ("F", i)) for i, f in enumerate(FOUNDATIONS))
_PILE.update((t, ("T", i)) for i, t in enumerate(TABLEAU))
# A tableau pile's name -> its index in Position.tableau.
TAB_INDEX = {t: i for i, t in enumerate(TABLEAU)}

# Every move with a meaning, in the fixed order of legal_moves(True):
# deal; sources waste, reserve, T0..T11, each to F0..F7 then T0..T11; then
# the stock shorthands.  Prebuilt so legal_moves only picks from tables.
_SOURCES = (WASTE, RESERVE) + TABLEAU
_DESTS = FOUNDATIONS + TABLEAU
MOVES = ((DEAL,) + tuple(Move(s, d) for s in _SOURCES for d in _DESTS)
         + tuple(Move(STOCK, d) for d in _DESTS))


def _to(src, dests):
    return tuple(Move(src, d) for d in dests)


_WASTE_F, _WASTE_T = _to(WASTE, FOUNDATIONS), _to(WASTE, TABLEAU)
_STOCK_F, _STOCK_T = _to(STOCK, FOUNDATIONS), _to(STOCK, TABLEAU)
_RESERVE_F = _to(RESERVE, FOUNDATIONS)
_TAB_F = tuple(_to(t, FOUNDATIONS) for t in TABLEAU)
_TAB_T = tuple(_to(t, TABLEAU) for t in TABLEAU)
# legal_moves' tables: a card's rank; per base rank, the rank a pile
# showing rank r takes (one lower, round the corner; 0: none, as nothing
# goes onto a base-rank card and a base-rank card goes onto nothing);
# per rank, the foundations taking it during the restriction (F0 alone).
_RANK = tuple(c // 4 + 1 for c in range(52))
_TAKES = tuple(
    tuple(0 if r in (0, base) or (r - 2) % 13 + 1 == base
          else (r - 2) % 13 + 1 for r in range(14))
    for base in range(14))
_ONLY_F0 = tuple(tuple((0,) if r == need else () for r in range(14))
                 for need in range(14))
# Move -> (source kind, index, destination kind, index), the kinds "S",
# "W", "R", "F", "T": for _apply, and the solver's look at a move.
MOVE_PARTS = {m: _PILE[m.src] + _PILE[m.dst]
           for m in MOVES}


def rank_name(rank: int) -> str:
    return "A23456789TJQK"[rank - 1]


def rank_down(rank: int) -> int:
    """One rank lower, round the corner (A -> K)."""
    return (rank - 2) % 13 + 1


class Position:
    """A position of The Plot.

    Every pile is a tuple of cards (ints 0..51, see cards.py):

    * ``reserve``: the last card is the top, the only playable one;
    * ``foundations``: 8 tuples, F0..F7, first card at the bottom;
    * ``tableau``: 12 tuples, T0..T11, the last card is the top;
    * ``stock``: the next card to be dealt first;
    * ``waste``: the last card is the top;
    * ``base``: the base rank, 1..13, fixed for the game.

    Piles are replaced, never changed in place, so ``copy()`` is cheap and
    positions may share piles.  ``play`` changes the position, so a
    position used as a set member or dict key must not be played on
    afterwards (``key()`` gives a plain tuple for that).
    """
    __slots__ = ("reserve", "foundations", "tableau", "stock", "waste",
                 "base")

    def __init__(self, reserve=(), foundations=None, tableau=None, stock=(),
                 waste=(), base=None):
        self.reserve = tuple(reserve)
        self.foundations = tuple(tuple(f) for f in foundations) \
            if foundations is not None else ((),) * N_FOUNDATIONS
        self.tableau = tuple(tuple(t) for t in tableau) \
            if tableau is not None else ((),) * N_TABLEAU
        self.stock = tuple(stock)
        self.waste = tuple(waste)
        if base is None:
            if not self.foundations or not self.foundations[0]:
                raise ValueError("the base rank is needed when F0 is empty")
            base = self.foundations[0][0] // 4 + 1
        self.base = base
        self._check()

    def _check(self):
        """Refuse a position no game of The Plot can reach in shape: a
        card more than twice, a foundation or tableau pile out of order."""
        if not 1 <= self.base <= 13:
            raise ValueError("the base rank is 1..13")
        if len(self.foundations) != N_FOUNDATIONS:
            raise ValueError("there are 8 foundations")
        if len(self.tableau) != N_TABLEAU:
            raise ValueError("there are 12 tableau piles")
        counts = {}
        for c in self.cards():
            if not (isinstance(c, int) and 0 <= c < 52):
                raise ValueError("not a card: %r" % (c,))
            counts[c] = counts.get(c, 0) + 1
            if counts[c] > 2:
                raise ValueError("%s appears more than twice"
                                 % format_card(c))
        for name, f in zip(FOUNDATIONS, self.foundations):
            if len(f) > FULL:
                raise ValueError("%s holds more than 13 cards" % name)
            for i, c in enumerate(f):
                if c // 4 + 1 != (self.base - 1 + i) % 13 + 1:
                    raise ValueError("%s is not built up from the base rank"
                                     % name)
        for name, t in zip(TABLEAU, self.tableau):
            ranks = [c // 4 + 1 for c in t]
            if self.base in ranks and len(t) > 1:
                raise ValueError("%s: a base-rank card stands alone" % name)
            for below, above in zip(ranks, ranks[1:]):
                if above != rank_down(below):
                    raise ValueError("%s is not built down by one" % name)

    @classmethod
    def new_game(cls, deck):
        """The deal: deck[0:13] to the reserve (deck[12] on top), deck[13]
        to F0, deck[14:26] to T0..T11, the rest to the stock, deck[26]
        dealt first.  ``deck`` holds each of the 52 cards twice."""
        deck = list(deck)
        check_deck(deck)            # a NotationError is a ValueError
        return cls(reserve=deck[:13],
                   foundations=[(deck[13],)] + [()] * (N_FOUNDATIONS - 1),
                   tableau=[(c,) for c in deck[14:26]],
                   stock=deck[26:], base=deck[13] // 4 + 1)

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.reserve, p.foundations, p.tableau = \
            self.reserve, self.foundations, self.tableau
        p.stock, p.waste, p.base = self.stock, self.waste, self.base
        return p

    def key(self) -> tuple:
        """The whole position as a hashable tuple."""
        return (self.reserve, self.foundations, self.tableau, self.stock,
                self.waste, self.base)

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def cards(self) -> list:
        """Every card of the position: 104 in a game."""
        out = list(self.reserve)
        for f in self.foundations:
            out.extend(f)
        for t in self.tableau:
            out.extend(t)
        out.extend(self.stock)
        out.extend(self.waste)
        return out

    def __repr__(self):
        return "<Position\n  %s>" % "\n  ".join(self.describe().splitlines())

    def describe(self) -> str:
        """The position as lines of text, the command line's picture."""
        def run(cards):
            return " ".join(format_card(c) for c in cards) or "-"

        def found(f):
            if len(f) < 2:
                return run(f)
            return "%s..%s (%s)" % (format_card(f[0]), format_card(f[-1]),
                                    "full" if len(f) == FULL else len(f))
        lines = ["base rank %s, %s, score %d/%d"
                 % (rank_name(self.base),
                    "F1..F7 closed until F0 holds 13" if self.restricted
                    else "all foundations open", self.score, MAX_SCORE)]
        lines.append("reserve (%d, top last): %s"
                     % (len(self.reserve), run(self.reserve)))
        lines.append("  ".join("%s %s" % (n, found(f))
                               for n, f in zip(FOUNDATIONS[:4],
                                               self.foundations[:4])))
        lines.append("  ".join("%s %s" % (n, found(f))
                               for n, f in zip(FOUNDATIONS[4:],
                                               self.foundations[4:])))
        for name, t in zip(TABLEAU, self.tableau):
            lines.append("%-3s %s" % (name, run(t)))
        lines.append("stock (%d): %s" % (len(self.stock), run(self.stock)))
        lines.append("waste (%d, top last): %s"
                     % (len(self.waste), run(self.waste)))
        return "\n".join(lines)

    # -- what the player sees -------------------------------------------

    @property
    def restricted(self) -> bool:
        """F0 holds fewer than 13 cards: F1..F7 are closed and a space
        takes only a base-rank card."""
        return len(self.foundations[0]) < FULL

    @property
    def score(self) -> int:
        """Cards on the foundations."""
        return sum(len(f) for f in self.foundations)

    def top(self, pile: str):
        """The top card of ``pile`` (the next card for the stock), or None
        when it is empty."""
        kind, i = _PILE[pile]
        cards = self._pile(kind, i)
        if not cards:
            return None
        return cards[0] if kind == "S" else cards[-1]

    def _pile(self, kind, i):
        if kind == "T":
            return self.tableau[i]
        if kind == "F":
            return self.foundations[i]
        return {"S": self.stock, "W": self.waste, "R": self.reserve}[kind]

    def next_rank(self, foundation: int):
        """The rank foundation ``foundation`` (0..7) takes next, or None
        when it takes nothing now (full, or closed by the restriction)."""
        f = self.foundations[foundation]
        if len(f) == FULL or (foundation and self.restricted):
            return None
        return (self.base - 1 + len(f)) % 13 + 1

    # -- legality of each move --------------------------------------------

    def why_illegal(self, move):
        """None if ``move`` is legal here, else the reason in words."""
        try:
            src, dst = move
            skind, si = _PILE[src]
            dkind, di = _PILE[dst]
        except (TypeError, ValueError, KeyError):
            return "not a move: %r" % (move,)
        if skind == "S":
            if not self.stock:
                return "the stock is empty"
            if dkind == "W":
                return None                 # deal
            if dkind not in "FT":
                return "nothing is ever put on the %s" % dst
            reason = self._why_not("W", 0, self.stock[0], dkind, di)
            return None if reason is None else \
                "after the deal, %s" % reason
        if skind == "F":
            return "cards on the foundations never move"
        card = self._pile(skind, si)
        if not card:
            return "the %s is empty" % src if skind != "T" \
                else "%s is empty" % src
        return self._why_not(skind, si, card[-1], dkind, di)

    def _why_not(self, skind, si, card, dkind, di):
        """Why ``card``, the top of the source, may not go to the
        destination; None if it may."""
        rank = card // 4 + 1
        name = format_card(card)
        if dkind == "F":
            dst = FOUNDATIONS[di]
            found = self.foundations[di]
            if di and len(self.foundations[0]) < FULL:
                return ("%s is closed: F1..F7 take no card until F0 holds"
                        " 13" % dst)
            if len(found) == FULL:
                return "%s is full" % dst
            need = (self.base - 1 + len(found)) % 13 + 1
            if rank != need:
                return "%s takes %s %s next, not %s" % (
                    dst, "an" if need in (1, 8) else "a", rank_name(need),
                    name)
            return None
        if dkind == "T":
            dst = TABLEAU[di]
            if skind == "R":
                return "the reserve plays only to the foundations"
            if skind == "T" and si == di:
                return "%s cannot move onto its own pile" % name
            pile = self.tableau[di]
            if not pile:
                if skind != "W":
                    return ("%s is a space: spaces are filled only from the"
                            " waste or the stock" % dst)
                if rank != self.base and len(self.foundations[0]) < FULL:
                    return ("%s is a space and F0 holds fewer than 13 cards:"
                            " only a base-rank card (%s) may fill it"
                            % (dst, rank_name(self.base)))
                return None
            if rank == self.base:
                return ("%s is of the base rank: it is never placed onto a"
                        " tableau card" % name)
            top = pile[-1]
            if top // 4 + 1 == self.base:
                return ("the top of %s, %s, is of the base rank: nothing is"
                        " placed onto it" % (dst, format_card(top)))
            if top // 4 + 1 != rank % 13 + 1:
                return ("%s does not go onto %s: the tableau builds down by"
                        " one rank" % (name, format_card(top)))
            return None
        return "nothing is ever put on the %s" % {
            "S": STOCK, "W": WASTE, "R": RESERVE}[dkind]

    def is_legal(self, move) -> bool:
        return self.why_illegal(move) is None

    def legal_moves(self, include_stock=False) -> list:
        """Every legal move in the fixed order: ``deal``; then the sources
        waste, reserve, T0..T11, each to F0..F7 then T0..T11.  With
        ``include_stock`` the legal ``stock>X`` shorthands follow at the
        end (F0..F7 then T0..T11), so the plain list is always a prefix.
        Two empty foundations that could take the same card give two
        (equivalent) moves."""
        # The solver calls this for every state (its most called rule):
        # the destinations are indexed by the rank they take once (lists
        # by rank, 0 unused), then each source is a look-up.
        base = self.base
        founds = self.foundations
        n0 = len(founds[0])
        restricted = n0 < FULL
        if restricted:
            homes = _ONLY_F0[(base - 1 + n0) % 13 + 1]
        else:
            homes = [()] * 14       # rank -> foundations taking it
            for i, f in enumerate(founds):
                n = len(f)
                if n < FULL:
                    homes[(base - 1 + n) % 13 + 1] += (i,)
        takes = _TAKES[base]
        onto = [()] * 14            # rank -> piles it may be built onto
        spaces = []
        tops = []                   # (pile, rank of its top)
        for j, pile in enumerate(self.tableau):
            if pile:
                r = _RANK[pile[-1]]
                tops.append((j, r))
                d = takes[r]
                if d:
                    onto[d] += (j,)
            else:
                spaces.append(j)
        moves = [DEAL] if self.stock else []
        if self.waste:
            self._waste_like(self.waste[-1], _WASTE_F, _WASTE_T, homes,
                             onto, spaces, restricted, moves)
        if self.reserve:
            for i in homes[_RANK[self.reserve[-1]]]:
                moves.append(_RESERVE_F[i])
        for j, r in tops:
            # A pile never takes its own top's rank, so no move from a
            # pile onto itself comes out of ``onto``.
            h = homes[r]
            if h:
                f = _TAB_F[j]
                for i in h:
                    moves.append(f[i])
            o = onto[r]
            if o:
                t = _TAB_T[j]
                for k in o:
                    moves.append(t[k])
        if include_stock and self.stock:
            self._waste_like(self.stock[0], _STOCK_F, _STOCK_T, homes,
                             onto, spaces, restricted, moves)
        return moves

    def _waste_like(self, card, to_f, to_t, homes, onto, spaces,
                    restricted, moves):
        """legal_moves' part for the waste top (or the next stock card):
        to the foundations, then onto piles and into spaces in pile
        order."""
        r = _RANK[card]
        for i in homes[r]:
            moves.append(to_f[i])
        targets = onto[r]
        if spaces and (r == self.base or not restricted):
            targets = sorted(targets + tuple(spaces))
        for j in targets:
            moves.append(to_t[j])

    def has_legal_move(self) -> bool:
        return bool(self.stock) or bool(self.legal_moves())

    # -- playing ----------------------------------------------------------

    def play(self, move):
        """Apply a legal move in place; raise IllegalMove (state unchanged)
        otherwise."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove("%s: %s" % (move, reason))
        self._apply(move)

    def after(self, move, check=True) -> "Position":
        """The position after ``move``; this one is left as it is.  A move
        taken from legal_moves() may skip the check (``check=False``)."""
        if check:
            reason = self.why_illegal(move)
            if reason is not None:
                raise IllegalMove("%s: %s" % (move, reason))
        p = self.copy()
        p._apply(move)
        return p

    def _apply(self, move):
        """Make a move known to be legal."""
        skind, si, dkind, di = MOVE_PARTS[move]  # every legal move is there
        if skind == "S":
            card = self.stock[0]
            self.stock = self.stock[1:]
            if dkind == "W":
                self.waste += (card,)
                return
        elif skind == "W":
            card = self.waste[-1]
            self.waste = self.waste[:-1]
        elif skind == "R":
            card = self.reserve[-1]
            self.reserve = self.reserve[:-1]
        else:
            t = list(self.tableau)
            card = t[si][-1]
            t[si] = t[si][:-1]
            if dkind == "T":
                t[di] += (card,)
                self.tableau = tuple(t)
                return
            self.tableau = tuple(t)
        if dkind == "F":
            f = list(self.foundations)
            f[di] += (card,)
            self.foundations = tuple(f)
        else:
            t = list(self.tableau)
            t[di] += (card,)
            self.tableau = tuple(t)

    # -- end of game ------------------------------------------------------

    def is_won(self) -> bool:
        # A loop, not all() over a generator: the solver asks this of
        # every state it meets, and F0 is most often the short one.
        for f in self.foundations:
            if len(f) != FULL:
                return False
        return True

    def status(self) -> str:
        """``won``; ``lost`` only when the stock is empty and no move at
        all is legal (even one that goes nowhere); else ``playing``."""
        if self.is_won():
            return WON
        return PLAYING if self.has_legal_move() else LOST


def replay(deck, moves):
    """Play ``moves`` from the deal of ``deck``: (position, failed_at,
    error), as ``outcome.replay``."""
    return outcome.replay(Position.new_game(deck), moves)

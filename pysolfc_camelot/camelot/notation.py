"""Camelot's move notation on the command line (a contract, see the README):
``deal``, ``place S``, ``remove S``, ``pair S T``, slots 0..15."""
import re
from typing import NamedTuple, Optional

from ..cards import NotationError, card_name
# A one-deck game's decks and move lists are the shared ones; named here so
# that every game's notation.py has the same entry points (games.py).
from ..cards import format_moves, parse_deck  # noqa: F401


class Move(NamedTuple):
    """``deal``, ``place S``, ``remove S`` or ``pair S T`` (slots 0..15)."""
    kind: str
    a: Optional[int] = None
    b: Optional[int] = None

    def __str__(self):
        return " ".join(str(x) for x in self if x is not None)


DEAL = Move("deal")
_ARITY = {"deal": 0, "place": 1, "remove": 1, "pair": 2}


def parse_move(text: str) -> Move:
    words = text.split()
    if not words or words[0].lower() not in _ARITY:
        raise NotationError("not a move: %r (expected deal, place S,"
                            " remove S or pair S T)" % text.strip())
    kind = words[0].lower()
    args = words[1:]
    if len(args) != _ARITY[kind] or not all(a.isdigit() for a in args):
        raise NotationError("bad move %r: %s takes %d slot number(s)"
                            % (text.strip(), kind, _ARITY[kind]))
    slots = [int(a) for a in args]
    for s in slots:
        if not 0 <= s <= 15:
            raise NotationError("bad move %r: slots are 0..15" % text.strip())
    return Move(kind, *slots)


def parse_moves(text: str) -> list:
    """Moves separated by ``;`` or newlines; blank items are skipped."""
    return [parse_move(m) for m in re.split(r"[;\n]", text) if m.strip()]



# -- moves named as a player would (the analysis, later the GUI) -------------

# Slot -> its name on the table, row by row (see the grid in rules.py).
SLOT_NAMES = (
    "the top-left corner", "the left slot of the top edge",
    "the right slot of the top edge", "the top-right corner",
    "the upper slot of the left edge", "the top-left slot of the centre",
    "the top-right slot of the centre", "the upper slot of the right edge",
    "the lower slot of the left edge", "the bottom-left slot of the centre",
    "the bottom-right slot of the centre", "the lower slot of the right edge",
    "the bottom-left corner", "the left slot of the bottom edge",
    "the right slot of the bottom edge", "the bottom-right corner")


def name_move(position, move) -> str:
    """``move``, legal in ``position`` (a rules.Position), in a player's
    words: "deal 7♣", "7♣ to the top-left corner", "remove 10♦",
    "remove 3♠ and 7♥"."""
    kind, a, b = move
    if kind == "deal":
        return "deal %s" % card_name(position.stock[0])
    if kind == "place":
        return "%s to %s" % (card_name(position.waste), SLOT_NAMES[a])
    if kind == "remove":
        return "remove %s" % card_name(position.tableau[a])
    return "remove %s and %s" % (card_name(position.tableau[a]),
                                 card_name(position.tableau[b]))


def replay_report(pos) -> dict:
    """What ``replay --json`` says of the last position, after ``ok``,
    ``failed_at`` and ``error`` (a contract: these keys, in this order)."""
    return {"phase": pos.phase, "score": pos.score, "status": pos.status()}

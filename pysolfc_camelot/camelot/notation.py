# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's move notation on the command line (a contract: RULES.md,
docs/command-line.md):
``deal``, ``place S``, ``remove S``, ``pair S T``, slots 0..15."""
import re
from typing import NamedTuple, Optional

from ..core.cards import NotationError, card_name
# A one-deck game's decks and move lists are the shared ones; named here so
# that every game's notation.py has the same entry points (games.py).
from ..core.cards import format_moves, parse_deck  # noqa: F401


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



# -- moves named as a player would (the analysis, in the player's language) ---

# Each slot's name on the table, row by row (see the grid in rules.py): the
# texts "camelot.name.slot.N" of texts.py, each written as it reads after
# the move's "to" (English: "the top-left corner").  The keys are literal
# so that tests/test_texts.py sees every one in use.
SLOT_TEXTS = (
    "camelot.name.slot.0", "camelot.name.slot.1", "camelot.name.slot.2",
    "camelot.name.slot.3", "camelot.name.slot.4", "camelot.name.slot.5",
    "camelot.name.slot.6", "camelot.name.slot.7", "camelot.name.slot.8",
    "camelot.name.slot.9", "camelot.name.slot.10", "camelot.name.slot.11",
    "camelot.name.slot.12", "camelot.name.slot.13", "camelot.name.slot.14",
    "camelot.name.slot.15")


def name_move(position, move, lang="en") -> str:
    """``move``, legal in ``position`` (a rules.Position), in a player's
    words: "deal 7♣", "7♣ to the top-left corner", "remove 10♦",
    "remove 3♠ and 7♥".  ``lang`` is one of texts.LANGUAGES (English by
    default, as the command line speaks; None: the player's language)."""
    from ..texts import tr
    kind, a, b = move
    if kind == "deal":
        return tr("camelot.name.deal", lang=lang,
                  card=card_name(position.stock[0]))
    if kind == "place":
        return tr("camelot.name.place", lang=lang,
                  card=card_name(position.waste),
                  slot=tr(SLOT_TEXTS[a], lang=lang))
    if kind == "remove":
        return tr("camelot.name.remove", lang=lang,
                  card=card_name(position.tableau[a]))
    return tr("camelot.name.pair", lang=lang,
              a=card_name(position.tableau[a]),
              b=card_name(position.tableau[b]))


def longest_name(lang=None) -> str:
    """The longest name ``name_move`` gives in lang (None: the player's),
    with 10s for the cards; the table's room for a move name is
    measured on it."""
    from ..texts import tr
    card = "10\u2663"
    names = [tr("camelot.name.place", lang=lang, card=card,
                slot=tr(key, lang=lang)) for key in SLOT_TEXTS]
    names += [tr("camelot.name.pair", lang=lang, a=card, b=card),
              tr("camelot.name.deal", lang=lang, card=card)]
    return max(names, key=len)


def replay_report(pos) -> dict:
    """What ``replay --json`` says of the last position, after ``ok``,
    ``failed_at`` and ``error`` (a contract: these keys, in this order)."""
    return {"phase": pos.phase, "score": pos.score, "status": pos.status()}

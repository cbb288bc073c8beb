# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's moves on the command line: ``deal`` and ``home``."""
from typing import NamedTuple

from pysolfc_camelot.core.cards import NotationError, card_name
from pysolfc_camelot.core.cards import format_moves, parse_deck  # noqa: F401


class Move(NamedTuple):
    kind: str

    def __str__(self):
        return self.kind


DEAL, HOME = Move("deal"), Move("home")


def parse_move(text):
    t = text.strip().lower()
    if t not in ("deal", "home"):
        raise NotationError("not a move of Climb: %r (deal or home)" % text)
    return Move(t)


def parse_moves(text):
    return [parse_move(w) for w in text.split(";") if w.strip()]


def name_move(position, move, lang="en"):
    if move == HOME:
        return "%s home" % card_name(position.waste[-1])
    return "deal"


def longest_name(lang=None):
    return "10\u2666 home"


def replay_report(pos):
    return {"status": pos.status(), "score": pos.score}

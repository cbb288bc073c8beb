# SPDX-License-Identifier: GPL-3.0-or-later
"""Card and deck notation shared by both games (docs/command-line.md).

A card is an int 0..51: ``rank = card // 4 + 1`` (ace 1 .. king 13) and
``suit = card % 4`` (clubs, diamonds, hearts, spades).  Written as two
characters: rank ``A23456789TJQK`` then suit ``CDHS``, e.g. ``TD``.
"""
import re

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
JACK, QUEEN, KING = 11, 12, 13
CARDS_PER_DECK = 52


class NotationError(ValueError):
    """Text that is not a card, a deck or a move list."""


def make_card(rank: int, suit: int) -> int:
    return (rank - 1) * 4 + suit


def rank_of(card: int) -> int:
    return card // 4 + 1


def format_card(card: int) -> str:
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def parse_card(text: str) -> int:
    t = text.strip().upper()
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise NotationError("not a card: %r (expected rank %s and suit %s,"
                            " e.g. TD)" % (text, RANK_CHARS, SUIT_CHARS))
    return make_card(RANK_CHARS.index(t[0]) + 1, SUIT_CHARS.index(t[1]))


def parse_cards(text: str) -> list:
    """Distinct cards separated by spaces or commas, in the order given."""
    cards = [parse_card(w) for w in re.split(r"[\s,]+", text.strip()) if w]
    seen = set()
    for c in cards:
        if c in seen:
            raise NotationError("card %s appears twice" % format_card(c))
        seen.add(c)
    return cards


def parse_deck(text: str) -> list:
    """A full deck: 52 distinct cards, the first one dealt first."""
    cards = parse_cards(text)
    if len(cards) != CARDS_PER_DECK:
        raise NotationError("a deck has 52 cards, got %d" % len(cards))
    return cards


def format_cards(cards) -> str:
    return " ".join(format_card(c) for c in cards)


def format_moves(moves) -> str:
    """Moves of either game, in their notation, separated by ``; ``."""
    return "; ".join(str(m) for m in moves)


SUIT_SIGNS = "\u2663\u2666\u2665\u2660"      # clubs, diamonds, hearts, spades
RANK_WORDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
              "K")


def card_name(card: int) -> str:
    """The card as a player reads it: ``7♣``, ``10♦``, ``Q♠``."""
    return RANK_WORDS[card // 4] + SUIT_SIGNS[card % 4]

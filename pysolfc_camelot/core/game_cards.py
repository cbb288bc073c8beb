# SPDX-License-Identifier: GPL-3.0-or-later
"""PySolFC's cards in our notation (no PySolFC import needed)."""
from .cards import CARDS_PER_DECK, SUIT_CHARS, make_card

PYSOL_SUITS = "CSHD"        # PySolFC's suit order: clubs, spades, hearts, ...


def model_card(rank0, suit):
    """Our card for PySolFC's rank (0 = ace) and suit (clubs, spades, ...)."""
    return make_card(rank0 + 1, SUIT_CHARS.index(PYSOL_SUITS[suit]))


def card_of(card):
    """Our card for a PySolFC card object (any deck)."""
    return model_card(card.rank, card.suit)


def card_for_id(card_id):
    """Our card for a PySolFC card id.  PySolFC's createCards makes the
    cards deck by deck, each deck suit by suit, ace to king, so id
    ``d*52 + s*13 + r`` is deck d, suit s, rank r; in a game of two decks
    the two copies of a card (ids i and i + 52) are the same card for us.
    Callers check the id's range for their number of decks."""
    if card_id < 0:
        raise ValueError("not a card id: %r" % (card_id,))
    return model_card(card_id % 13, card_id % CARDS_PER_DECK // 13)

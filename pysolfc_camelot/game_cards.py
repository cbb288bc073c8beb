"""PySolFC's cards in our notation (no PySolFC import needed)."""
from .cards import SUIT_CHARS, make_card

PYSOL_SUITS = "CSHD"        # PySolFC's suit order: clubs, spades, hearts, ...


def model_card(rank0, suit):
    """Our card for PySolFC's rank (0 = ace) and suit (clubs, spades, ...)."""
    return make_card(rank0 + 1, SUIT_CHARS.index(PYSOL_SUITS[suit]))


def card_for_id(card_id):
    """Our card for a PySolFC card id of a one-deck game: ids run over the
    suits, then the ranks, as PySolFC's createCards makes them."""
    return model_card(card_id % 13, card_id // 13)

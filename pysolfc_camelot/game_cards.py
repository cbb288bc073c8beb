"""PySolFC's cards in our notation (no PySolFC import needed)."""
from .cards import SUIT_CHARS, make_card

PYSOL_SUITS = "CSHD"        # PySolFC's suit order: clubs, spades, hearts, ...


def model_card(rank0, suit):
    """Our card for PySolFC's rank (0 = ace) and suit (clubs, spades, ...)."""
    return make_card(rank0 + 1, SUIT_CHARS.index(PYSOL_SUITS[suit]))

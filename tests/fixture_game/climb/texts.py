# SPDX-License-Identifier: GPL-3.0-or-later
"""The made-up game's own English texts: its folder holds them, as a real
game's does (texts/english.py says how a table is written)."""

TEXTS = {
    # Spoken by the Q key: {score} cards of 52 are home.
    "climb.speech.score": "{score} of 52 cards home",
}

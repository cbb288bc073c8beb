"""The Plot (two decks): rules model (rules.py), notation, hints and the
PySolFC adapter (game.py)."""

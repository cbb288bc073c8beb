"""Camelot: rules model (rules.py), notation, exact solver, hints and the
PySolFC adapter (game.py)."""

# Our own id and name: PySolFC's built-in Camelot is id 280 and must stay
# untouched, so neither may clash with anything PySolFC registers.
GAME_ID = 28080
GAME_NAME = "Camelot Plus"
DECKS = 1           # 52-card decks in play

"""The Plot (two decks): rules model (rules.py), notation, hints and the
PySolFC adapter (game.py)."""

# Our own id and name: PySolFC's built-in The Plot is id 896 and must stay
# untouched, so neither may clash with anything PySolFC registers (checked
# against the names and altnames of PySolFC 3.2.0 and 3.6.1).
GAME_ID = 28081
GAME_NAME = "The Plot Classic"
DECKS = 2           # 52-card decks in play

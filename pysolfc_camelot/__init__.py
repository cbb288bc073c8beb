"""Camelot for PySolFC: rules model, exact solver, plugin and installer."""

__version__ = "1.0.0"

# Our own id and name: PySolFC's built-in Camelot is id 280 and must stay
# untouched, so neither may clash with anything PySolFC registers.
GAME_ID = 28080
GAME_NAME = "Camelot Plus"

"""Camelot for PySolFC: rules model, exact solver, plugin and installer."""

__version__ = "1.0.0"

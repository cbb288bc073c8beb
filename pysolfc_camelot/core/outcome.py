# SPDX-License-Identifier: GPL-3.0-or-later
"""What every game's rules model (``<game>/rules.py``) says the same way:
how a game stands, the refusal of an illegal move, a move list replayed
from the deal, and what every game's solver (``<game>/solver.py``)
answers.  No PySolFC import."""
from typing import NamedTuple, Optional

PLAYING, WON, LOST = "playing", "won", "lost"       # Position.status()


class IllegalMove(ValueError):
    """A move the rules refuse; the position is left unchanged."""


def replay(position, moves):
    """Play ``moves`` on ``position`` (changed in place).

    Returns ``(position, failed_at, error)``: the position after the last
    legal move, and the index and reason of the first illegal one (None and
    None when all were legal).  Moves after an illegal one are not applied.
    """
    for i, m in enumerate(moves):
        try:
            position.play(m)
        except IllegalMove as e:
            return position, i, str(e)
    return position, None, None


class SolveResult(NamedTuple):
    """A solver's answer for one position."""
    winnable: Optional[bool]     # None only when a budget ran out
    moves: Optional[list]        # winning Move list from the position
    states: int                  # canonical states expanded
    seconds: float

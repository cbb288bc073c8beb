# SPDX-License-Identifier: GPL-3.0-or-later
"""The memory every game's perfect hint (``<game>/perfect.py``) keeps: the
last winning line its solver found, so that following perfect hints costs
one search per line, not one per move.  Pure: no PySolFC import."""


class LineCache:
    """The last winning line found, as {position key: its next move}
    (positions give their key with ``Position.key()``)."""

    def __init__(self):
        self._next = {}

    def clear(self):
        self._next.clear()

    def move(self, position, search):
        """The next move of the kept line when ``position`` lies on it;
        else ``search(position)`` (a solver's SolveResult): a winning line
        found replaces the kept one and its first move is returned, no win
        found (lost, out of budget, stopped) returns None."""
        move = self._next.get(position.key())
        if move is not None:
            return move
        res = search(position)
        if not (res.winnable and res.moves):
            return None
        self._next.clear()
        p = position.copy()
        for m in res.moves:
            self._next[p.key()] = m
            p = p.after(m)
        return res.moves[0]

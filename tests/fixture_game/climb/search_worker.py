# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's searches in a process of their own (background_search.py)."""
import sys

from pysolfc_camelot.core.search_service import SearchWorker
from . import hint_modes, solver
from .notation import parse_move
from .rules import Position


def position_request(pos, max_states=None, **more):
    return dict({"kind": "solve", "stock": pos.stock, "waste": pos.waste,
                 "home": pos.home, "max_states": max_states}, **more)


def position_of(request):
    return Position(request["stock"], request["waste"], request["home"])


WORKER = SearchWorker(position_request, position_of, hint_modes.choose_move,
                      solver.solve, parse_move)

if __name__ == "__main__":
    WORKER.main(sys.argv[1:])

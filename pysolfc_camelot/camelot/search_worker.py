# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's searches in a process of their own (core/search_service.py;
the parent side is pysol/background_search.py).

``python -m pysolfc_camelot.camelot.search_worker`` answers one request
(the Solver dialog's search: process_job); with ``--server`` it answers
one request per line until stdin closes (hints and demo moves: a
SearchServer, whose caches, such as the winning line perfect hints
follow, last from one request to the next).  A request is a position
(``position_request``) plus ``kind``: ``solve`` (``max_states``; answers
``{"winnable", "moves", "states"}``), ``hint`` (``mode``, ``for_demo``;
answers the move as text, or None) or ``chance`` (the chances of the
position, core/fair_hint.py).  Standard library only, no PySolFC.
"""
import sys

from ..core.search_service import SearchWorker
from . import hint_modes, solver
from .notation import parse_move
from .rules import Position


def position_request(pos, max_states=None, **more):
    return dict({"kind": "solve", "stock": list(pos.stock),
                 "waste": pos.waste, "tableau": list(pos.tableau),
                 "removed": list(pos.removed), "phase": pos.phase,
                 "max_states": max_states}, **more)


def position_of(request):
    return Position(stock=request["stock"], waste=request["waste"],
                    tableau=request["tableau"], removed=request["removed"],
                    phase=request["phase"])


WORKER = SearchWorker(position_request, position_of, hint_modes.choose_move,
                      solver.solve, parse_move, game=hint_modes.GAME)

if __name__ == "__main__":
    WORKER.main(sys.argv[1:])

# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's searches in a process of their own (core/search_service.py;
the parent side is pysol/background_search.py).

``python -m pysolfc_camelot.plot.search_worker`` answers one request (the
Solver dialog's search: process_job); with ``--server`` it answers one
request per line until stdin closes (hints and demo moves: a
SearchServer, whose caches, such as the winning line perfect hints
follow, last from one request to the next).  A request is a position
(``position_request``) plus ``kind``: ``solve`` (``max_states``; answers
``{"winnable", "moves", "states"}``, moves in the command line's
notation), ``hint`` (``mode``, ``for_demo``; answers the move as text, or None)
or ``chance`` (the chances of the position, core/fair_hint.py).
Standard library only, no PySolFC: it runs wherever the package does.
"""
import sys

from ..core.search_service import SearchWorker
from . import hint_modes, rules, solver
from .notation import parse_move


def position_request(pos, max_states=None, **more):
    return dict({"kind": "solve", "reserve": list(pos.reserve),
                 "foundations": [list(f) for f in pos.foundations],
                 "tableau": [list(t) for t in pos.tableau],
                 "stock": list(pos.stock), "waste": list(pos.waste),
                 "base": pos.base, "max_states": max_states}, **more)


def position_of(request):
    return rules.Position(
        reserve=request["reserve"], foundations=request["foundations"],
        tableau=request["tableau"], stock=request["stock"],
        waste=request["waste"], base=request["base"])


WORKER = SearchWorker(position_request, position_of, hint_modes.choose_move,
                      solver.solve, parse_move, game=hint_modes.GAME)

if __name__ == "__main__":
    WORKER.main(sys.argv[1:])

# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's searches in a process of their own (see pysol_solver).

``python -m pysolfc_camelot.plot.solve_worker`` answers one request (the
Solver dialog's search: process_job); with ``--server`` it answers one
request per line until stdin closes (hints and demo moves: a
SearchServer, whose caches, such as the winning line perfect hints
follow, last from one request to the next).  A request is a position
(``position_request``) plus ``kind``: ``solve`` (``max_states``; answers
``{"winnable", "moves", "states"}``, moves in the command line's notation)
or ``hint`` (``mode``, ``for_demo``; answers the move as text, or None).
Standard library only, no PySolFC: it runs wherever the package does.
"""
import sys

from .. import pysol_solver
from . import hintmode, rules, solver


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


def answer(request, progress):
    pos = position_of(request)
    if request.get("kind") == "hint":
        if pos.status() != rules.PLAYING:
            return None
        move = hintmode.choose_move(pos, request["mode"],
                                    for_demo=request["for_demo"])
        return None if move is None else str(move)
    res = solver.solve(pos, budget_states=request.get("max_states"),
                       progress=progress)
    return {"winnable": res.winnable,
            "moves": [str(m) for m in res.moves or ()],
            "states": res.states}


if __name__ == "__main__":
    if sys.argv[1:] == ["--server"]:
        pysol_solver.serve_forever(answer)
    else:
        pysol_solver.serve(answer)

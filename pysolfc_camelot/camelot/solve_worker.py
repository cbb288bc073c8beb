# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's searches in a process of their own (see pysol_solver).

``python -m pysolfc_camelot.camelot.solve_worker`` answers one request
(the Solver dialog's search: process_job); with ``--server`` it answers
one request per line until stdin closes (hints and demo moves: a
SearchServer, whose caches, such as the winning line perfect hints
follow, last from one request to the next).  A request is a position
(``position_request``) plus ``kind``: ``solve`` (``max_states``; answers
``{"winnable", "moves", "states"}``) or ``hint`` (``mode``, ``for_demo``;
answers the move as text, or None).  Standard library only, no PySolFC.
"""
import sys

from ..pysol_solver import serve, serve_forever
from . import hintmode, rules, solver


def position_request(pos, max_states=None, **more):
    return dict({"kind": "solve", "stock": list(pos.stock),
                 "waste": pos.waste, "tableau": list(pos.tableau),
                 "removed": list(pos.removed), "phase": pos.phase,
                 "max_states": max_states}, **more)


def _position(request):
    return rules.Position(stock=request["stock"], waste=request["waste"],
                          tableau=request["tableau"],
                          removed=request["removed"], phase=request["phase"])


def answer(request, progress):
    pos = _position(request)
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
        serve_forever(answer)
    else:
        serve(answer)

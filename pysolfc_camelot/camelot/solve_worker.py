# SPDX-License-Identifier: GPL-3.0-or-later
"""The Solver dialog's search in a process of its own (see
pysol_solver.process_job): ``python -m pysolfc_camelot.camelot.solve_worker``
reads a position as JSON on stdin and prints ``progress STATES`` lines and
a ``result {"winnable", "moves", "states"}`` line.  Standard library only,
no PySolFC: it runs wherever the package does."""
from ..pysol_solver import serve
from . import rules, solver


def position_request(pos, max_states):
    return {"stock": list(pos.stock), "waste": pos.waste,
            "tableau": list(pos.tableau), "removed": list(pos.removed),
            "phase": pos.phase, "max_states": max_states}


def solve(request, progress):
    pos = rules.Position(stock=request["stock"], waste=request["waste"],
                         tableau=request["tableau"],
                         removed=request["removed"], phase=request["phase"])
    res = solver.solve(pos, budget_states=request.get("max_states"),
                       progress=progress)
    return {"winnable": res.winnable,
            "moves": [str(m) for m in res.moves or ()],
            "states": res.states}


if __name__ == "__main__":
    serve(solve)

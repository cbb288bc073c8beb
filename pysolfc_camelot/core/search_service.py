# SPDX-License-Identifier: GPL-3.0-or-later
"""The child's side of the search processes (pysol/background_search.py
is the parent's, inside PySolFC): the line protocol's answers, and a
game's ``SearchWorker``.  Pure: a game's search_worker module and What
went wrong's (core/review.py) run it with ``python -m``, outside PySolFC.

A request is one JSON line on stdin (or all of stdin, for ``serve``); the
child prints ``progress STATES`` lines now and then and one ``result
JSON`` line per request.
"""
import sys

from . import jsonlite
from .budget import Budget


def _print_progress(states, seconds=None):
    print("progress", int(states), flush=True)


def _print_result(result):
    print("result", jsonlite.dumps(result), flush=True)


def serve(solve):
    """The child's side of process_job: ``solve(request, progress)``
    returns the JSON-able result; progress(states) reports."""
    _print_result(solve(jsonlite.loads(sys.stdin.read()), _print_progress))


def serve_forever(handle):
    """The child's side of a SearchServer: one JSON request per line on
    stdin, one ``result JSON`` line each; ends when stdin closes (PySolFC
    quit, or the server was closed)."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        _print_result(handle(jsonlite.loads(line), _print_progress))


class SearchWorker:
    """A game's side of its search processes (its ``search_worker``
    module): how a request carries a position, and what a ``hint`` or a
    ``solve`` request answers.  The same answer serves a child process
    (``main``) and, where none can start, a worker thread.

    position_request(pos, max_states=None, **more) -> a JSON-able request
    position_of(request) -> the rules model's position
    choose_move(pos, mode, for_demo=, budget=) -> the hint policy's move
    or None
    solve(pos, budget, progress=) -> SolveResult
    (a ``tier`` request: core/deal_tier.answer, the deal's tier)
    (budget a core.budget.Budget: the request's states, the stop request)
    parse_move(text) -> a move of the game's notation
    game: the registry's name, for a ``chance`` request (``seconds``;
    answers core/fair_hint.chance_answer's dict, None when not playing)
    """

    def __init__(self, position_request, position_of, choose_move, solve,
                 parse_move, game=None):
        self.position_request, self.position_of = position_request, \
            position_of
        self.choose_move, self.solve = choose_move, solve
        self.parse_move = parse_move
        self.game = game        # the registry's name: answers ``chance``

    def answer(self, request, progress, should_stop=None):
        pos = self.position_of(request)
        if request.get("kind") == "chance":
            # fair_hint.chance_answer's contract (None: not playing)
            if self.game is None or pos.status() != "playing":
                return None
            from . import fair_hint
            return fair_hint.chance_answer(
                self.game, pos, Budget(should_stop=should_stop),
                request.get("seconds", fair_hint.CHANCE_SECONDS))
        if request.get("kind") == "hint":
            if pos.status() != "playing":
                return None
            move = self.choose_move(pos, request["mode"],
                                    for_demo=request["for_demo"],
                                    budget=Budget(should_stop=should_stop))
            return None if move is None else str(move)
        if request.get("kind") == "tier":       # core/deal_tier.py
            from . import deal_tier
            return deal_tier.answer(request, pos, should_stop, progress)
        res = self.solve(pos, Budget(states=request.get("max_states"),
                                     should_stop=should_stop),
                         progress=progress)
        return {"winnable": res.winnable,
                "moves": [str(m) for m in res.moves or ()],
                "states": res.states}

    def main(self, argv):
        """``--server``: a SearchServer's child; else one process_job."""
        if argv == ["--server"]:
            serve_forever(self.answer)
        else:
            serve(self.answer)

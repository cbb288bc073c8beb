# SPDX-License-Identifier: GPL-3.0-or-later
"""How hard a deal is (fair_player.tier's labels), on a budget of states
and with a stop request, for the PySolFC side: winnable deals of one tier
(pysol/winnable_deals.py) and the table's "This deal was: Hard" (pysol/
deal_tiers.py).  Both ask the game's search process a ``tier`` request
(core/search_service.py answers it with ``answer`` below), so the plays
never run on PySolFC's event loop.

The verdict comes from the solver with a budget of canonical states (the
game's ``winnable_states``, as winnable deals screen today), the plays are
the simple policy's and the strong fair player's at FIXED_SEED, both bound
by states and solves, not seconds: the same deal gets the same tier on
every machine, every run.  ``fair_player.tier`` (``solve --tier``) labels
by the same plays; it only gives its solver seconds instead of states, so
a deal the states leave undecided may get a tier there.

A screening that wants only easy deals stops after the simple play: a
winnable deal it loses is NOT_EASY (medium or hard, not told apart).
"""
from .. import games
from .budget import Budget

TIERS = ("easy", "medium", "hard", "lost")
# What winnable deals only may deal: "any" winnable deal, or one tier.
CHOICES = ("any", "easy", "medium", "hard")
NOT_EASY = "not_easy"


class Stopped(Exception):
    """A stop request ended the plays."""


def _play(game, pos, choose, should_stop):
    """``choose``'s moves on ``pos`` (in place) until the game ends; a
    stop request is looked at between moves."""
    from .policies import MAX_MOVES
    for _ in range(MAX_MOVES):
        if pos.status() != "playing":
            break
        if should_stop is not None and should_stop():
            raise Stopped
        move = choose(pos)
        if move is None:
            break
        pos.play(move)
    return pos.is_won()


def classify(game, position, verdict, samples=None, seed=None,
             should_stop=None, wanted=None):
    """The tier of ``position`` given the solver's ``verdict`` on it
    (True, False, None: undecided gives None).  ``wanted`` "easy" stops
    after the simple play (NOT_EASY when it loses).  Raises Stopped."""
    from . import fair_player
    if verdict is None:
        return None
    if not verdict:
        return "lost"
    hidden = fair_player.hidden_part(game)
    if _play(game, position.copy(), hidden.simple_move, should_stop):
        return "easy"
    if wanted == "easy":
        return NOT_EASY
    player = fair_player.Player(game, samples or fair_player.SAMPLES, seed)

    def fair(pos):
        return player.choose_move(pos, should_stop=should_stop)
    won = _play(game, position.copy(), fair, should_stop)
    if should_stop is not None and should_stop():
        raise Stopped           # a cut-short answer: not a tier
    return "medium" if won else "hard"


def request_fields(game, wanted=None):
    """What a search request adds to a position to ask its tier."""
    return {"kind": "tier", "game": game, "wanted": wanted}


def answer(request, position, should_stop=None, progress=None):
    """A ``tier`` request's answer: ``{"winnable", "tier"}``, None when
    stopped (the caller stopped asking).  ``verdict`` True in the request:
    the caller proved the deal winnable (winnable deals' screening), no
    solve again."""
    game = request["game"]
    verdict = request.get("verdict")
    if verdict is not True:
        res = games.spec(game).solve(position, Budget(
            states=request.get("max_states"), should_stop=should_stop))
        verdict = res.winnable
        if progress is not None:
            progress(res.states)
    if should_stop is not None and should_stop():
        return None             # cut short: not an undecided deal
    try:
        label = classify(game, position, verdict,
                         should_stop=should_stop,
                         wanted=request.get("wanted"))
    except Stopped:
        return None
    return {"winnable": verdict, "tier": label}


def matches(wanted, answer):
    """Whether a screened deal's answer is one winnable deals only may
    deal: winnable, and of the tier ``wanted`` unless that is "any"."""
    if answer is None or answer.get("winnable") is not True:
        return False
    return wanted in (None, "any") or answer.get("tier") == wanted

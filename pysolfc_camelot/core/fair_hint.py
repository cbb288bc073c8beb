# SPDX-License-Identifier: GPL-3.0-or-later
"""The strong fair player (fair_player.py) as the fair hint, the fair demo
and "your chances" of a game, where they run: a game's search process
(its search_worker, a SearchServer's child), or PySolFC's worker thread
where no child can start.

One ``fair_player.Player`` per game and process, kept from one answer to
the next: when the position asked about follows from the last answer
(the player, or the demo, played the move it gave), the player carries
its samples and their winning lines along; any other position (another
move, undo, a new game, a restarted process) draws afresh.  That is the
only state, and it holds nothing of the real hidden order: the player
compares only what the player sees, and its samples are its own.

Time: an answer has ``HINT_SECONDS`` of the caller's Budget at most;
when they run out (or the Budget's stop request turns True) the answer
is the best move decided so far, else today's simple fair move (the
first candidate).  Without a cut the moves are ``play --policy fair``'s:
the same samples (seeded by the view and FIXED_SEED) and the same
deterministic solve budgets; a cut, or a fresh draw where ``play``
carried its samples, may give another move.
"""
import os
import threading
import time

from .budget import Budget
from . import fair_player

# Seconds an answer may take at most (about a second on 2 busy cores;
# most answers take a few milliseconds, the fair rules' move keeping
# every sample winnable).
HINT_SECONDS = 0.8
# Seconds a chance may take at most (it runs in a process of its own,
# off the event loop and beside the hints); past them, what was decided.
CHANCE_SECONDS = 20.0
# The test hook (pysol/test_hooks.py lists the hooks) that gives every
# answer this many seconds instead, so that a host test on a loaded
# machine sees the uncut answers ``play --policy fair`` gives.
TEST_FAIR_SECONDS = "CAMELOT_TEST_FAIR_SECONDS"

_players = {}               # game -> Player of this process
_lock = threading.Lock()    # one answer at a time (worker threads)


def _player(game):
    player = _players.get(game)
    if player is None:
        player = _players[game] = fair_player.Player(game)
    return player


def _acquire(should_stop):
    """Wait for the player (a stale answer still ending in another thread)
    while no stop is asked; False once it is."""
    while not _lock.acquire(timeout=0.02):
        if should_stop is not None and should_stop():
            return False
    return True


def answer(game, position, budget=None, seconds=HINT_SECONDS):
    """The strong fair player's Choice from ``position`` within ``budget``
    (core.budget.Budget: its seconds cap ``seconds``, its stop request
    ends the work), carried along the game; None when stopped before it
    began."""
    budget = Budget() if budget is None else budget
    seconds = float(os.environ.get(TEST_FAIR_SECONDS) or seconds)
    part = budget.part(seconds=seconds)
    if not _acquire(budget.should_stop):
        return None
    try:
        return _player(game).choose(position, seconds=part.seconds_left(),
                                    should_stop=budget.should_stop)
    finally:
        _lock.release()


def fair_move(game, position, budget=None, seconds=HINT_SECONDS):
    """The fair hint's (and the fair demo's) move, or None."""
    choice = answer(game, position, budget, seconds)
    return None if choice is None else choice.move


def forget(game=None):
    """Drop the carried samples (of ``game``, or of every game)."""
    with _lock:
        if game is None:
            _players.clear()
        else:
            _players.pop(game, None)


def chance_answer(game, position, budget=None, seconds=CHANCE_SECONDS):
    """``play --chance``'s contract for ``position`` (fair_player.chance
    with its default sample sizes) within ``budget``, plus ``exact``,
    ``stopped`` (the time or a stop request cut it) and ``seconds``."""
    budget = Budget() if budget is None else budget
    part = budget.part(seconds=seconds)
    t0 = time.perf_counter()
    c = fair_player.chance(game, position, seconds=part.seconds_left(),
                           should_stop=budget.should_stop)
    out = c.contract()
    out.update(exact=bool(c.exact and not c.stopped and
                          c.decided == c.samples),
               stopped=bool(c.stopped),
               seconds=round(time.perf_counter() - t0, 3))
    return out

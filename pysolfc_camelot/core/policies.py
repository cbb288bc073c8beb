# SPDX-License-Identifier: GPL-3.0-or-later
"""The policies a game can be played by, each a function position ->
move: ``fair`` (the strong fair player, fair_player.py), ``simple``
(the simple fair rules), ``greedy`` (the benchmarks' baseline) and
``perfect`` (the perfect demo, which reads the hidden cards), and
``fair-first``, the fair player dealing first (Player(deal_first=True),
under trial: bench/bench_fair.py --deal-first, not the command line);
and ``play_out``, which plays one to the end.  The ``play`` command, the
tiers and the fair-play measurement all play through here."""
import time

from .. import games
from . import fair_player

MAX_MOVES = 2000        # a game of either is far shorter


def policy_function(game, policy, samples=None, seed=None):
    """position -> move (None: no move) of a policy of the command line,
    for one game (the fair player keeps its samples along it)."""
    if policy in ("fair", "fair-first"):
        # one player for the game: it carries its samples along
        return fair_player.Player(game.name, samples or fair_player.SAMPLES,
                                  seed, deal_first=policy != "fair"
                                  ).choose_move
    if policy == "simple":
        return fair_player.hidden_part(game.name).simple_move
    hints = games.part(game.name, "hints")
    if policy == "greedy":
        return hints.greedy_move
    hint_modes = games.part(game.name, "hint_modes")
    return lambda pos: hint_modes.choose_move(pos, "perfect", for_demo=True)


def play_out(game, pos, choose, max_moves=MAX_MOVES):
    """Play ``choose``'s moves on ``pos`` (changed in place) until the
    game ends or it has none: (moves, seconds per move)."""
    moves, seconds = [], []
    while len(moves) < max_moves and pos.status() == "playing":
        t0 = time.perf_counter()
        move = choose(pos)
        seconds.append(round(time.perf_counter() - t0, 6))
        if move is None:
            seconds.pop()
            break
        pos.play(move)
        moves.append(move)
    return moves, seconds

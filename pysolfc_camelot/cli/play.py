# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``play`` command: play a deal to its end with one policy, or say the
chance of the starting position (registered by cli.py).

``--json`` prints one object: ``{"won", "moves", "seconds"}`` (the moves
in the notation ``replay`` takes, the seconds each policy answer took),
or with ``--chance`` ``{"chance", "samples", "interval"}`` (a Wilson 95%
interval over the samples decided; a point when every order of the
hidden cards was solved), or with ``--tier`` ``{"tier"}`` (easy, medium,
hard, lost; null when undecided: fair_player.tier).  Same deck, seed and
options, same output (the seconds aside).  Text that is not a deck or a move
list, or a move the rules refuse, is a message on stderr and exit status 2.

Policies: ``fair`` the strong fair player (fair_player.py; no time bound
here, so that the run repeats), ``simple`` the simple fair rules,
``perfect`` the perfect demo (it reads the stock), ``greedy`` the
baseline of the benchmark.  Camelot's fair hint samples too: here its
time bound is lifted so that the game repeats (hidden.simple_move).
"""
import json
import sys
import time

from ..core import fair_player
from .. import games
from ..core.cards import NotationError
from ..core.policies import play_out, policy_function
from .solve import other_games_deck

POLICIES = ("fair", "simple", "perfect", "greedy")


def register(subparsers):
    p = subparsers.add_parser(
        "play", help="play a deal to its end with a policy (fair, simple,"
        " perfect, greedy), or say its chance",
        description="Play a deal to its end with one policy and print "
        "whether it was won, the moves (as replay takes them) and the "
        "seconds per move; with --chance, how often the starting position "
        "is winnable over the orders the hidden cards may have.  Exit "
        "status 2 for a deck or move text that is not valid or a move the"
        " rules refuse.")
    games.add_game_option(p)
    p.add_argument("--deck", required=True,
                   help="52 cards (104 for plot), first dealt first")
    p.add_argument("--policy", choices=POLICIES, default="fair",
                   help="fair: the strong fair player (samples the hidden "
                   "cards); simple: the simple fair rules; perfect: the "
                   "perfect demo (reads the stock); greedy: the baseline "
                   "(default %(default)s)")
    p.add_argument("--samples", type=int, metavar="K",
                   help="orders of the hidden cards sampled per move "
                   "(default %d) or for --chance (default: at least %d, "
                   "more until the standard error is within %g points)"
                   % (fair_player.SAMPLES, fair_player.CHANCE_SAMPLES,
                      100 * fair_player.CHANCE_ERROR))
    p.add_argument("--seed", type=int, metavar="S",
                   help="seed of the samples (default %d); the same seed "
                   "gives the same game" % fair_player.FIXED_SEED)
    p.add_argument("--moves", default="", metavar="MOVES",
                   help="start after these moves (the notation of replay)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--chance", action="store_true",
                      help="print the chance of the starting position "
                      "instead")
    mode.add_argument("--tier", action="store_true",
                      help="print how hard the starting position is "
                      "instead: easy (the simple policy wins it), medium "
                      "(the fair one does), hard (winnable only knowing the"
                      " hidden cards) or lost")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=cmd_play)


def play_record(game, deal, deck, spec):
    """One results line of the fair-play measurement (bench/bench_fair.py,
    study_engine.play_batch): ``deck`` (deal number ``deal``) played out
    by ``spec`` = (policy, samples, seed, budget), or with the policy
    ``full`` the solver's verdict at ``budget`` seconds (full knowledge).
    ``seconds`` (wall clock) and ``cpu`` (this process's CPU seconds:
    the cost on a core of its own, whatever else the machine runs) are
    those of the answers that had a choice to make."""
    policy, samples, seed, budget = spec
    rec = {"deal": deal, "policy": policy, "samples": samples}
    pos = game.new_game(deck)
    if policy == "full":
        res = game.solve(pos, budget_seconds=budget)
        rec.update(won=res.winnable, moves=None,
                   seconds=[round(res.seconds, 4)], cpu=[])
        return rec
    hidden = fair_player.hidden_part(game.name)
    inner = policy_function(game, policy, samples, seed)
    seconds, cpu = [], []

    def choose(p):
        if len(fair_player.candidates(hidden, p)) < 2:
            return inner(p)             # forced: no choice to time
        t0, c0 = time.perf_counter(), time.process_time()
        move = inner(p)
        seconds.append(round(time.perf_counter() - t0, 4))
        cpu.append(round(time.process_time() - c0, 4))
        return move
    moves, _ = play_out(game, pos, choose)
    rec.update(won=pos.is_won(), moves=len(moves), seconds=seconds, cpu=cpu)
    return rec


def start_position(game, deck_text, moves_text):
    """The position after ``moves_text`` on the deal of ``deck_text``;
    NotationError for text that is not a deck or moves, or a refused
    move."""
    wrong_game = other_games_deck(game.name, deck_text)
    if wrong_game:
        raise NotationError(wrong_game)
    deck = game.parse_deck(deck_text)
    moves = game.parse_moves(moves_text)
    pos, failed_at, error = game.rules.replay(deck, moves)
    if failed_at is not None:
        raise NotationError("--moves: move %d refused: %s"
                            % (failed_at + 1, error))
    return pos


def cmd_play(args, out=None, err=None):
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    game = games.Game(args.game)
    if args.samples is not None and args.samples <= 0:
        print("error: --samples must be positive", file=err)
        return 2
    try:
        pos = start_position(game, args.deck, args.moves)
    except NotationError as e:
        print("error: %s" % e, file=err)
        return 2
    if args.chance:
        c = fair_player.chance(game.name, pos, args.samples, args.seed)
        result = c.contract()
        if args.json:
            print(json.dumps(result), file=out)
        else:
            lo, hi = result["interval"]
            print("winnable in %s of %d orders of the hidden cards (95%% "
                  "interval %.1f%% to %.1f%%)"
                  % ("?" if result["chance"] is None
                     else "%.1f%%" % (100 * result["chance"]),
                     result["samples"], 100 * lo, 100 * hi), file=out)
        return 0
    if args.tier:
        label = fair_player.tier(game.name, pos, args.samples
                                 or fair_player.SAMPLES, args.seed)
        print(json.dumps({"tier": label}) if args.json else
              label or "undecided", file=out)
        return 0
    choose = policy_function(game, args.policy, args.samples, args.seed)
    moves, seconds = play_out(game, pos, choose)
    won = pos.is_won()
    if args.json:
        print(json.dumps({"won": won, "moves": [str(m) for m in moves],
                          "seconds": seconds}), file=out)
    else:
        print("%s after %d moves (%.2f s): %s"
              % ("won" if won else pos.status(), len(moves), sum(seconds),
                 game.format_moves(moves)), file=out)
    return 0

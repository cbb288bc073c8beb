# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``analyse`` command: where a game was lost (registered by
cli/solve.py, beside ``solve`` and ``stats``; the work is analysis.py's).

``--json`` prints exactly one object, the contract other tools test:
``status``, ``winnable_at_start``, ``last_winnable``, ``mistake``,
``better`` and ``line`` (see analysis.Analysis.contract); with
``--chance`` also ``chance``, one ``{"chance", "samples", "interval"}``
per position from the deal to the last (``chances``), so a player
sees where the chances fell.  Text that is
not a deck or a move list, or a move the rules refuse, is a message on
stderr and exit status 2.
"""
import json
import sys

from .. import games
from ..core import analysis, fair_player
from ..core.cards import NotationError

DEFAULT_BUDGET = 60.0


def register(subparsers):
    p = subparsers.add_parser(
        "analyse", help="where a game was lost: the last position that"
        " could still be won, the move that lost it and a better one")
    games.add_game_option(p)
    p.add_argument("--deck", required=True,
                   help="52 cards (104 for plot), first dealt first")
    p.add_argument("--moves", required=True,
                   help="the moves played, in the notation of replay")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--budget", type=games.budget_seconds, metavar="SECONDS",
                   default=DEFAULT_BUDGET,
                   help="seconds for the whole analysis (default %g); what"
                   " it cannot decide in time is null, never guessed"
                   % DEFAULT_BUDGET)
    p.add_argument("--chance", action="store_true",
                   help="also say, for every position, how often it is "
                   "winnable over the orders the hidden cards may have "
                   "(sampled as the fair hint samples them)")
    p.add_argument("--samples", type=int, metavar="K",
                   help="orders sampled per position for --chance "
                   "(default %d; every order when there are fewer)"
                   % fair_player.CHANCE_SAMPLES)
    p.add_argument("--seed", type=int, metavar="S",
                   help="seed of --chance's samples (default the fair "
                   "player's fixed seed)")
    p.set_defaults(func=cmd_analyse)


def cmd_analyse(args, out=None, err=None):
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    game = games.Game(args.game)
    if getattr(args, "samples", None) is not None and args.samples <= 0:
        print("error: --samples must be positive", file=err)
        return 2
    try:
        deck = game.parse_deck(args.deck)
        moves = game.parse_moves(args.moves)
        # A long game takes its whole budget: say how far it got, on a
        # terminal only (a log or a pipe gets no carriage returns).
        shown = ProgressLine(err, args.budget, len(moves)) \
            if _is_terminal(err) else None
        try:
            result = analysis.analyse(game.name, deck, moves, args.budget,
                                      progress=shown)
        finally:
            if shown is not None:
                shown.clear()
    except (NotationError, analysis.IllegalMoveError) as e:
        print("error: %s" % e, file=err)
        return 2
    chance = chances(game.name, deck, moves, args.samples, args.seed) \
        if getattr(args, "chance", False) else None
    if args.json:
        obj = result.contract()
        if chance is not None:
            obj["chance"] = chance
        print(json.dumps(obj), file=out)
    else:
        print(describe(result, game, deck, moves, args.budget), file=out)
        if chance is not None:
            print(describe_chances(chance), file=out)
    return 0


def chances(game, deck, moves, samples=None, seed=None, should_stop=None):
    """The chance of every position of the game (``--chance``): for
    position 0 (the deal) to len(moves), how often it is winnable over
    the orders its hidden cards may have, drawn from what the player saw
    there (fair_player.chance: the fair player's sampler; ``samples``
    orders each, by default fair_player.CHANCE_SAMPLES, every order once
    when there are no more).  A list of ``{"chance", "samples",
    "interval"}``.  Here, not in analysis.py: the plugin imports that,
    and the sampler is command-line only for now."""
    g = games.Game(game)
    k = samples or fair_player.CHANCE_SAMPLES
    return [fair_player.chance(g.name, pos, k, seed,
                               should_stop=should_stop).contract()
            for pos in analysis.positions_of(g, deck, moves)]


def describe_chances(chance):
    """Where the chances fell, in words: the chance at the deal and after
    each move that changed it by 5 points or more."""
    def pct(c):
        return "?" if c["chance"] is None else "%.0f%%" % (100 * c["chance"])
    lines = ["Chance of a win over the orders the hidden cards may have: "
             "%s at the deal." % pct(chance[0])]
    for i in range(1, len(chance)):
        a, b = chance[i - 1]["chance"], chance[i]["chance"]
        if a is not None and b is not None and abs(b - a) >= 0.05:
            lines.append("  %s %s (from %s)" % (_after(i), pct(chance[i]),
                                                pct(chance[i - 1])))
    return "\n".join(lines)


def _is_terminal(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressLine:
    """analysis.analyse's ``progress``: one line on a terminal, redrawn in
    place at most every ``every`` seconds and wiped at the end, e.g.
    ``analysing: 3 solves, 4.2 s of 60; a win possible after move 12; no
    win after move 40; solving the position after move 26`` (moves count
    from 1, as in the result's text; ``moves`` is how many were played)."""

    def __init__(self, out, budget, moves, every=0.2):
        self.out, self.budget, self.moves = out, budget, moves
        self.every = every
        self.last, self.shown = None, 0

    def __call__(self, p):
        if self.last is not None and p.seconds - self.last < self.every:
            return
        self.last = p.seconds
        parts = ["analysing: %d solve%s, %.1f s of %g"
                 % (p.solves, "" if p.solves == 1 else "s", p.seconds,
                    self.budget)]
        if p.winnable_through >= 0:
            parts.append("a win possible %s" % _after(p.winnable_through))
        if p.lost_from <= self.moves:
            parts.append("no win %s" % _after(p.lost_from))
        if p.probing is not None:
            parts.append("solving the position %s" % _after(p.probing))
        line = "; ".join(parts)
        self.out.write("\r" + line + " " * max(0, self.shown - len(line)))
        self.out.flush()
        self.shown = len(line)

    def clear(self):
        if self.shown:
            self.out.write("\r" + " " * self.shown + "\r")
            self.out.flush()


def describe(result, game, deck, moves, budget):
    """The analysis in plain words, moves named as a player would."""
    n = len(moves)
    positions = analysis.positions_of(game, deck, moves)
    lines = ["%d move%s played, %s." % (n, "" if n == 1 else "s",
                                         {"won": "won", "lost": "lost",
                                          "playing": "still playing"}
                                         [result.status])]
    k = result.last_winnable
    if result.winnable_at_start is False:
        lines.append("This deal could never be won, whatever the moves.")
    elif k is None:
        lines.append("Could not be decided within %g s." % budget)
        lo, hi = result.winnable_through, result.lost_from
        if lo >= 0:
            lines.append("Proved: a win was still possible %s."
                         % _after(lo))
        if hi <= n:
            lines.append("Proved: no win was possible any more %s."
                         % _after(hi))
    elif result.status == "won":
        lines.append("The game was won: nothing went wrong.")
    elif k == n:
        lines.append("The deal could be won, and so can the position now.")
    else:
        lines.append("The deal could be won. A win was still possible %s;"
                     " move %d, %s, threw it away."
                     % (_after(k), k + 1,
                        game.name_move(positions[k], result.mistake)))
    if result.line:
        start = positions[k]
        named = game.name_move(start, result.better)
        if str(result.better) not in named:     # "deal" needs no gloss
            named += " (%s)" % str(result.better)
        lines.append("%s %s keeps the win."
                     % ("Instead," if k < n else "Next,", named))
        lines.append("A winning line from there, %d moves: %s"
                     % (len(result.line), game.format_moves(result.line)))
    lines.append("(%d solve%s, %.2f s)" % (result.solves,
                                           "" if result.solves == 1 else "s",
                                           result.seconds))
    return "\n".join(lines)


def _after(i):
    return "at the deal" if i == 0 else "after move %d" % i

# SPDX-License-Identifier: GPL-3.0-or-later
"""The games of this package, one line each: everything that lists games
(the plugin, the installer, the rules pages, the command line, the host
set-up) reads this list.

Every game is a subpackage with the same parts under the same names:

=====================  =================================================
``__init__.py``        its PySolFC id and name (``GAME_ID``,
                       ``GAME_NAME``), the patience it is (``RULES_NAME``),
                       how many 52-card decks it uses (``DECKS``) and the
                       figures its rules pages print (``PAGE_FIGURES``)
``RULES.md``           the rules implemented and the command-line notation
``rules.py``           the rules model, no PySolFC import: ``Position``
                       (``new_game``, ``legal_moves``, ``is_legal``,
                       ``after``, ``status``, ``describe``), a reason for
                       every refusal, ``replay``
``notation.py``        the command line's cards, decks and moves
                       (``parse_deck``, ``parse_moves``, ``format_moves``),
                       moves named as a player would (``name_move``)
``solver.py``          the exact solver: ``solve(position, budget_seconds)``;
                       a solver may keep its parts beside it (Camelot's
                       ``solver_core.py`` and ``solver_tables.py``, The Plot's
                       ``dead_ends.py``)
``hints.py``           ``fair_move`` (what a player sees) and
                       ``greedy_move`` on the rules model
``perfect.py``         ``perfect_move``: the solver's winning line
``hint_modes.py``      the game's settings file and ``choose_move`` (fair
                       or perfect, as the player chose)
``search_worker.py``   the search process behind hints, demo and Solver
``game.py``            the thin PySolFC adapter: ``register(rules_filename)``
=====================  =================================================

and its rules pages are ``html-src/<name>/<lang>.html``.  A third game is
a folder like these and one more name in ``GAMES``.
"""
import importlib

GAMES = ("camelot", "plot")     # the first is the command line's default
DEFAULT = GAMES[0]


def package(name):
    """The game's subpackage (its id, name and decks)."""
    if name not in GAMES:
        raise ValueError("unknown game %r (one of %s)"
                         % (name, ", ".join(GAMES)))
    return importlib.import_module("." + name, __package__)


def part(name, module):
    """One part of a game, e.g. ``part("plot", "solver")``; imported only
    when asked for."""
    package(name)
    return importlib.import_module(".%s.%s" % (name, module), __package__)


class Game:
    """One game as the command line and the analysis use it: its rules
    model, exact solver and notation, with the few calls they make."""

    def __init__(self, name=None):
        self.name = name or DEFAULT
        self.decks = package(self.name).DECKS
        self.rules = part(self.name, "rules")
        self.solver = part(self.name, "solver")
        notation = part(self.name, "notation")
        self.new_game = self.rules.Position.new_game
        self.solve = self.solver.solve
        self.parse_deck = notation.parse_deck
        self.parse_moves = notation.parse_moves
        self.format_moves = notation.format_moves
        self.name_move = notation.name_move

    def random_deck(self, rng):
        """Card ids 0..51, once per deck, shuffled by ``rng``."""
        deck = list(range(52)) * self.decks
        rng.shuffle(deck)
        return deck


def add_game_option(parser):
    """The command line's ``--game`` (replay, solve, stats, analyse), in
    any case (``--game Plot``)."""
    parser.add_argument(
        "--game", choices=GAMES, default=DEFAULT, type=str.lower,
        help="; ".join("%s: %s (%d deck%s)" % (
            n, package(n).RULES_NAME, package(n).DECKS,
            "s" if package(n).DECKS > 1 else "") for n in GAMES)
        + " (default %s)" % DEFAULT)


def budget_seconds(text):
    """The command line's ``--budget SECONDS``: a number above 0 (a budget
    of 0 decides nothing, so it is refused as a negative one is)."""
    import argparse
    import math
    try:
        seconds = float(text)
    except ValueError:
        seconds = None
    if seconds is None or not math.isfinite(seconds) or seconds <= 0:
        raise argparse.ArgumentTypeError(
            "must be a number of seconds above 0, not %r" % text)
    return seconds


def names_and_ids():
    """[(PySolFC name, game id)] of every game, in GAMES order."""
    return [(package(n).GAME_NAME, package(n).GAME_ID) for n in GAMES]

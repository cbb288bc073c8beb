# SPDX-License-Identifier: GPL-3.0-or-later
"""The games of this package, one line each: everything that lists games
(the plugin, the installer, the rules pages, the pictures, the command
line, the host set-up) reads this list, and everything that uses a game
reads its spec, ``spec(name)`` (core/spec.py: ids and names, decks, deal
order, rules, notation, solver, hints, search worker, budgets, settings
file, texts, page figures and pictures).

Every game is a subpackage with the same parts under the same names:

=====================  =================================================
``__init__.py``        its ``SPEC`` (a core.spec.GameSpec), with its
                       PySolFC id and name (``GAME_ID``, ``GAME_NAME``)
                       and the figures its rules pages print
                       (``PAGE_FIGURES``)
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
``hidden.py``          the fair player's view of the hidden cards
``perfect.py``         ``perfect_move``: the solver's winning line
``hint_modes.py``      the game's settings file and ``choose_move`` (fair
                       or perfect, as the player chose)
``search_worker.py``   the search process behind hints, demo and Solver
``pictures.py``        its rules pages' pictures (``PICTURES``), drawn
                       with install/pictures.py's primitives
``game.py``            the thin PySolFC adapter: ``register(rules_filename)``
=====================  =================================================

and its rules pages are ``html-src/<name>/<lang>.html``.  A third game is
a folder like these and one more line in ``PACKAGES``; a game kept
outside the package (a test's) is added with ``register_package`` or by
naming its package in ``PYSOLFC_CAMELOT_EXTRA_GAMES`` (comma-separated
importable package names), read when this module is first imported.
"""
import importlib
import os

# name -> the game's package; the first is the command line's default.
PACKAGES = {"camelot": __package__ + ".camelot",
            "plot": __package__ + ".plot"}
EXTRA_GAMES_ENV = "PYSOLFC_CAMELOT_EXTRA_GAMES"
GAMES = tuple(PACKAGES)
DEFAULT = GAMES[0]


def register_package(package_name):
    """Add the game whose package is ``package_name`` (importable, with a
    ``SPEC``) after the package's own; returns its name.  For a game kept
    outside this package: a test's fixture game."""
    global GAMES
    found = importlib.import_module(package_name).SPEC
    if found.name in PACKAGES and PACKAGES[found.name] != package_name:
        raise ValueError("game %r is already %s" % (
            found.name, PACKAGES[found.name]))
    PACKAGES[found.name] = package_name
    GAMES = tuple(PACKAGES)
    return found.name


def package(name):
    """The game's package (its ``SPEC``, id, name and decks)."""
    if name not in PACKAGES:
        raise ValueError("unknown game %r (one of %s)"
                         % (name, ", ".join(GAMES)))
    return importlib.import_module(PACKAGES[name])


def spec(name):
    """The game's GameSpec (core/spec.py)."""
    return package(name).SPEC


def specs():
    """The spec of every game, in GAMES order."""
    return [spec(name) for name in GAMES]


def part(name, module):
    """One part of a game, e.g. ``part("plot", "solver")``; imported only
    when asked for."""
    return spec(name).part(module)


class Game:
    """One game as the command line and the analysis use it: its rules
    model, exact solver and notation, with the few calls they make."""

    def __init__(self, name=None):
        self.name = name or DEFAULT
        self.spec = found = spec(self.name)
        self.decks = found.decks
        self.rules = found.rules
        self.solver = found.solver
        notation = found.notation
        self.new_game = self.rules.Position.new_game
        self.solve = self.solver.solve
        self.parse_deck = notation.parse_deck
        self.parse_moves = notation.parse_moves
        self.format_moves = notation.format_moves
        self.name_move = notation.name_move

    def random_deck(self, rng):
        """Card ids 0..51, once per deck, shuffled by ``rng``."""
        return self.spec.random_deck(rng)


def add_game_option(parser):
    """The command line's ``--game`` (replay, solve, stats, analyse), in
    any case (``--game Plot``)."""
    parser.add_argument(
        "--game", choices=GAMES, default=DEFAULT, type=str.lower,
        help="; ".join("%s: %s (%d deck%s)" % (
            s.name, s.rules_name, s.decks, "s" if s.decks > 1 else "")
            for s in specs())
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
    return [(s.game_name, s.game_id) for s in specs()]


for _extra in filter(None, os.environ.get(EXTRA_GAMES_ENV, "").split(",")):
    register_package(_extra.strip())

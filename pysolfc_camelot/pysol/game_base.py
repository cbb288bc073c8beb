# SPDX-License-Identifier: GPL-3.0-or-later
"""What every game of this package is in PySolFC: ``OurGame``, PySolFC's
``Game`` with our mixins, and the Hint and Solver classes they share.

A game's ``game.py`` subclasses ``OurGame`` and says only what is its own:
stacks (each a ``table_position.TableStack``), layout, deal, texts as
data (laid out by table_texts.py), saves, and what the mixins ask of it:

* ``spec``: the game's GameSpec (core/spec.py, its package's ``SPEC``),
  from which the mixins take everything of the game that is no stack;
* ``position()``: the rules position of the table (None while dealing),
  and ``position_of(cards, phase)``: that of a layout, ``cards(stack)``
  giving each stack's cards (PySolFC's history, read back by history.py);
* ``hint_tuple(game, move, level)``: a rules move as PySolFC's
  ``(ncards, from_stack, to_stack)`` (a static method);
* ``hint_mode`` (loaded from ``spec.hint_setting``), ``game_speech()``
  and ``winnable_label_xy()`` (where that label goes).

The one rule of order: ``OurGame`` lists the mixins before ``Game``, so
that each mixin's ``create``, ``destruct``, ``newGame``, ``showHint``, ...
runs first and calls PySolFC's through ``super()``; among themselves
the order does not matter (each calls ``super()``, none relies on
another having run).  A game class lists only ``OurGame``.  This module
imports pysollib, so only the games' ``game.py`` import it; the
mixins themselves load outside PySolFC, in the tests.
"""
from pysollib.game import Game
from pysollib.hint import AbstractHint

from .accessibility import AccessibleGame
from .assist import AssistedGame
from .chances import ChanceGame
from .post_mortem import PostMortemGame
from .assist_solver import Solver
from .table_position import KeptPositionGame
from .table_texts import TableTextsGame
from .winnable_deals import WinnableDeals


class AssistHint(AbstractHint):
    """Assist > Hint and the demo: fair or perfect, as the player chose.
    The search ran in a worker (``AssistedGame.assist_job``); here the
    answer is only read, so PySolFC's synchronous call never waits."""

    def computeHints(self):
        game = self.game
        move = game.assist_move(self.level)
        if move is not None:
            self.addHint(50000, *game.hint_tuple(game, move, self.level))


class OurGame(TableTextsGame, PostMortemGame, ChanceGame, WinnableDeals,
              AccessibleGame, AssistedGame, KeptPositionGame, Game):
    Hint_Class = AssistHint
    # Assist > Solver: solve the deal with the real stock order (the game's
    # exact solver), then play the winning line; Max iterations bounds the
    # canonical states.
    Solver_Class = Solver
    GAME_VERSION = 1

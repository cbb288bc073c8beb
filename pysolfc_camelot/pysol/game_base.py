# SPDX-License-Identifier: GPL-3.0-or-later
"""What every game of this package is in PySolFC: ``OurGame``, PySolFC's
``Game`` with our mixins, and the Hint and Solver classes they share.

A game's ``game.py`` subclasses ``OurGame`` and says only what is its own:
stacks (each a ``table_position.TableStack``), layout, deal, texts as
data (table_texts.py), saves, and the few names the mixins ask for
(``hint_tuple``, ``review_game``, ``hint_setting``, ``winnable_settings``).
This module imports pysollib, so only the games' ``game.py`` import it;
the mixins themselves load outside PySolFC, in the tests.
"""
from pysollib.game import Game
from pysollib.hint import AbstractHint

from .accessibility import AccessibleGame
from .assist import AssistedGame
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


class OurGame(TableTextsGame, PostMortemGame, WinnableDeals,
              AccessibleGame, AssistedGame, KeptPositionGame, Game):
    Hint_Class = AssistHint
    # Assist > Solver: solve the deal with the real stock order (the game's
    # exact solver), then play the winning line; Max iterations bounds the
    # canonical states.
    Solver_Class = Solver
    GAME_VERSION = 1

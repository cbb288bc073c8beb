# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb in PySolFC: the stock, the waste and four foundations built up
by suit (PySolFC's own stacks keep the rules, which are that simple);
what our mixins ask of a game (pysol/game_base.py): ``spec``,
``position()``, ``position_of()``, ``hint_tuple``, ``hint_mode``,
``game_speech()``, ``winnable_label_xy()``."""
from pysollib.gamedb import GI, GameInfo, registerGame
from pysollib.layout import Layout
from pysollib.stack import SS_FoundationStack, WasteStack, WasteTalonStack

from pysolfc_camelot.core.game_cards import card_of
from pysolfc_camelot.pysol.assist import HINT_LEVEL_DEMO
from pysolfc_camelot.pysol.game_base import OurGame
from pysolfc_camelot.texts import tr
from . import GAME_ID, GAME_NAME, SPEC, hint_modes, rules
from .notation import DEAL

SUITS = "CDHS"      # our suits, in the order of the foundations
PYSOL_SUIT = {"C": 0, "S": 1, "H": 2, "D": 3}


def hint_tuple(game, move, level):
    s = game.s
    if move == DEAL:
        return (0, s.talon, None) if level >= HINT_LEVEL_DEMO \
            else (1, s.talon, s.waste)
    top = card_of(s.waste.cards[-1])
    return (1, s.waste, s.foundations[top % 4])


class ClimbFixture(OurGame):
    spec = SPEC
    hint_tuple = staticmethod(hint_tuple)

    def createGame(self):
        lay, s = Layout(self), self.s
        self.setSize(lay.XM + 6 * lay.XS, 2 * lay.YM + 2 * lay.YS)
        s.talon = WasteTalonStack(lay.XM, lay.YM, self, max_rounds=1)
        s.waste = WasteStack(lay.XM + lay.XS, lay.YM, self)
        for i, suit in enumerate(SUITS):
            s.foundations.append(SS_FoundationStack(
                lay.XM + (2 + i) * lay.XS, lay.YM, self,
                suit=PYSOL_SUIT[suit]))
        lay.defaultStackGroups()
        self.hint_mode = hint_modes.load(self.app)
        return lay

    def layout_texts(self):
        # No texts of its own on the table (no text_layout).
        pass

    def startGame(self):
        # The whole deck stays in the stock (Autodeal may turn the first
        # card, as a move of the player's).
        self.startDealSample()
        self.s.talon.updateText()

    def position(self):
        return self.position_of(lambda stack: stack.cards)

    def position_of(self, cards, phase=None):
        s = self.s
        return rules.Position(
            stock=[card_of(c) for c in reversed(cards(s.talon))],
            waste=[card_of(c) for c in cards(s.waste)],
            home=[len(cards(s.foundations[i])) for i in range(4)])

    def game_speech(self):
        return tr("climb.speech.score", score=self.position().score)

    def winnable_label_xy(self):
        return self.s.talon.x, self.s.talon.y + self.app.images.getSize()[1]

    def updateText(self):
        if self.preview > 1:
            return
        self.show_winnable_label()
        self.review_text_update()


def register(rules_filename=None):
    registerGame(GameInfo(
        GAME_ID, ClimbFixture, GAME_NAME, GI.GT_1DECK_TYPE, 1, 0,
        GI.SL_LUCK, rules_filename=rules_filename))

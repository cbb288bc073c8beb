# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot in PySolFC: the Game subclass and its stacks.

A thin adapter.  Each stack turns a click or a drop into a rules move
(``deal``, ``place S``, ``remove S``, ``pair S T``), asks the rules model
whether it is legal, plays the card moves and records the phase the model
says comes next, so that undo, redo, save and load restore it.
"""
from pickle import UnpicklingError

from pysollib.gamedb import GI, GameInfo, registerGame
from pysollib.layout import Layout
from pysollib.pysoltk import MfxCanvasText
from pysollib.stack import (AbstractFoundationStack, OpenStack, WasteStack,
                            WasteTalonStack)
from pysollib.util import ANY_RANK, ANY_SUIT

from ..pysol import table_texts, test_hooks, toolkit
from ..pysol.assist import HINT_LEVEL_DEMO
from ..core.cards import parse_deck
from ..core.game_cards import card_for_id, card_of
from ..pysol.game_base import OurGame
from ..pysol.table_position import TableStack
from ..texts import rules_broken, tr
from . import GAME_ID, GAME_NAME, SPEC, hint_modes, rules
from .notation import DEAL, Move
# Saves carry this tag: a save of another layout or version is refused
# with PySolFC's "damaged file" dialog instead of being half loaded.
SAVE_TAG = "camelot-plus/1"
# Stacks are created in this order, so a save's stack list reads back.
TALON, WASTE, FIRST_ROW, DISCARD = 0, 1, 2, 18
# The texts (pysolfc_camelot/texts/__init__.py) of each face card's slots:
# the mark on the empty slot and the slot's help.
FACE_MARK = {rules.KING: "camelot.mark.king",
             rules.QUEEN: "camelot.mark.queen",
             rules.JACK: "camelot.mark.jack"}
SLOT_HELP = {None: "camelot.help.slot", rules.KING: "camelot.help.king_slot",
             rules.QUEEN: "camelot.help.queen_slot",
             rules.JACK: "camelot.help.jack_slot"}
# How speech names a slot by its class: holding a card, and empty.
SLOT_SPEECH = {
    None: ("camelot.speech.slot.middle", "camelot.speech.empty.middle"),
    rules.KING: ("camelot.speech.slot.king", "camelot.speech.empty.king"),
    rules.QUEEN: ("camelot.speech.slot.queen", "camelot.speech.empty.queen"),
    rules.JACK: ("camelot.speech.slot.jack", "camelot.speech.empty.jack")}


# ---------------------------------------------------------------- stacks

class Camelot_Talon(TableStack, WasteTalonStack):
    def canDealCards(self):
        return self.game.is_legal(DEAL)

    def dealCards(self, sound=False, shuffle=False):
        if not self.canDealCards():
            return 0
        before = self.game.position()
        n = WasteTalonStack.dealCards(self, sound=sound)
        self.game.record_phase(before, DEAL)
        return n

    def updateText(self, *args, **kw):
        WasteTalonStack.updateText(self, *args, **kw)
        self.game.show_stock_count()

    def getHelp(self):
        # PySolFC's own would say "Talon. 0 redeals", half untranslated.
        return tr("camelot.help.stock")

    def speech(self):
        return tr("game.speech.stock", n=len(self.cards))


class Camelot_Waste(TableStack, WasteStack):
    getBottomImage = WasteStack._getBlankBottomImage
    def acceptsCards(self, from_stack, cards):
        # Only a deal brings a card here; PySolFC asks this when it shows
        # a "deal" hint as an arrow from the stock.
        return self.game.refusal(from_stack, self) is None

    def moveMove(self, ncards, to_stack, frames=-1, shadow=-1):
        before = self.game.position()
        WasteStack.moveMove(self, ncards, to_stack, frames, shadow)
        self.game.record_phase(before, Move("place", to_stack.slot))

    def getHelp(self):
        return tr("camelot.help.waste")

    def speech(self):
        if not self.cards:
            return tr("camelot.speech.waste_empty")
        return tr("camelot.speech.waste",
                  card=self.game.card_speech(self.cards[-1]))


class Camelot_RowStack(TableStack, OpenStack):
    getBottomImage = OpenStack._getReserveBottomImage   # an outlined slot

    def __init__(self, x, y, game, slot):
        OpenStack.__init__(self, x, y, game, max_accept=1, max_cards=1)
        self.slot = slot

    def acceptsCards(self, from_stack, cards):
        return self.game.refusal(from_stack, self) is None

    def canMoveCards(self, cards):
        return self.game.table_memo(("pick up", self.slot),
                                    lambda pos: pos.can_pick_up(self.slot))

    def canDropCards(self, stacks):
        discard = self.game.s.foundations[0]
        if self.game.is_legal(Move("remove", self.slot)):
            return (discard, 1)
        return (None, 0)

    def clickHandler(self, event):
        game = self.game
        if game.is_legal(Move("remove", self.slot)):
            self.playMoveMove(1, game.s.foundations[0])
            return 1
        if game.is_legal(Move("place", self.slot)):
            game.s.waste.playMoveMove(1, self)
            return 1
        return 0

    def moveMove(self, ncards, to_stack, frames=-1, shadow=-1):
        game = self.game
        discard = game.s.foundations[0]
        # Decided when PySolFC asked acceptsCards (the same answer here).
        move = game.move_for(self, to_stack)
        assert game.refusal(self, to_stack) is None, move
        before = game.position()
        # The discard pile would refuse each card of a pair on its own, and
        # PySolFC checks acceptsCards for moves in S_PLAY: the rules model
        # has already judged the move, so play its cards in S_FILL.
        old_state = game.enterState(game.S_FILL)
        game.moveMove(1, self, discard, frames=frames, shadow=shadow)
        if to_stack is not discard:         # a pair: its partner goes too
            game.moveMove(1, to_stack, discard, frames=frames, shadow=shadow)
        game.leaveState(old_state)
        game.record_phase(before, move)

    def getHelp(self):
        return tr(SLOT_HELP[rules.SLOT_FACE[self.slot]], slot=self.slot)

    def speech(self):
        holding, empty = SLOT_SPEECH[rules.SLOT_FACE[self.slot]]
        if not self.cards:
            return tr(empty)
        return "%s - %s" % (self.game.card_speech(self.cards[-1]),
                            tr(holding))


class Camelot_Discard(TableStack, AbstractFoundationStack):
    def acceptsCards(self, from_stack, cards):
        return self.game.refusal(from_stack, self) is None

    def canMoveCards(self, cards):
        return False

    def getHelp(self):
        return tr("camelot.help.discard")

    def getBaseCard(self):
        # F2 would add PySolFC's "Base card - any card." (ANY_RANK): not
        # what the pile of removed cards is.
        return ""

    def speech(self):
        said = tr("camelot.speech.removed", n=len(self.cards))
        if self.cards:
            said += ", " + tr("camelot.speech.last_removed",
                              card=self.game.card_speech(self.cards[-1]))
        return said


# ----------------------------------------------------------------- hints

def hint_tuple(game, move, level):
    """``(ncards, from_stack, to_stack)`` for a rules move."""
    s = game.s
    if move.kind == "deal":
        # The demo deals on a 0-card hint; a player's hint is an arrow.
        return (0, s.talon, None) if level >= HINT_LEVEL_DEMO \
            else (1, s.talon, s.waste)
    if move.kind == "place":
        return (1, s.waste, s.rows[move.a])
    if move.kind == "remove":
        return (1, s.rows[move.a], s.foundations[0])
    return (1, s.rows[move.a], s.rows[move.b])


# ------------------------------------------------------------------ game

class CamelotPlus(OurGame):
    spec = SPEC
    hint_tuple = staticmethod(hint_tuple)

    phase = 1           # the rules model's phase; undo and saves keep it

    def createGame(self):
        lay, s = Layout(self), self.s
        # (room under the phase for the winnable-deals label)
        self.setSize(lay.XM + 8 * lay.XS, 2 * lay.YM + 4.7 * lay.YS)
        s.talon = Camelot_Talon(lay.XM, lay.YM, self, max_rounds=1)
        lay.createText(s.talon, "s")
        s.waste = Camelot_Waste(lay.XM, lay.YM + 1.5 * lay.YS, self,
                                max_cards=1)
        font = self.app.getFont("canvas_default")
        for slot in range(rules.N_SLOTS):
            x = lay.XM + 1.25 * lay.XS + (slot % 4) * lay.XS
            y = lay.YM + (slot // 4) * lay.YS
            row = Camelot_RowStack(x, y, self, slot)
            face = rules.SLOT_FACE[slot]
            if face is not None and self.preview <= 1:
                # The mark lies under the card, seen only while empty.
                row.texts.misc = MfxCanvasText(
                    self.canvas, x + lay.CW // 2, y + lay.CH // 2,
                    anchor="center", font=font, text=tr(FACE_MARK[face]))
            s.rows.append(row)
        x = lay.XM + 5.5 * lay.XS
        s.foundations.append(Camelot_Discard(
            x, lay.YM, self, suit=ANY_SUIT, base_rank=ANY_RANK,
            max_accept=1, max_move=0, max_cards=52))
        lay.createText(s.foundations[0], "s")
        if self.preview <= 1:
            self.texts.info = MfxCanvasText(
                self.canvas, x, lay.YM + 2.6 * lay.YS, anchor="nw",
                font=font)
            self.texts.misc = MfxCanvasText(
                self.canvas, x, lay.YM + 1.5 * lay.YS, anchor="nw",
                font=font)
            toolkit.bind_click(self.canvas, self.texts.misc,
                               self._toggle_hint_mode)
            # "What went wrong?", under the phase.
            self.review_text_create(x, lay.YM + 3.3 * lay.YS, 2.4 * lay.XS,
                                    below=self.texts.info, stretch=True)
            # Your chances (C), under the waste.
            self.chance_text_create(lay.XM, lay.YM + 1.5 * lay.YS + lay.CH
                                    + lay.YM, lay.XS)
        lay.defaultStackGroups()
        self.hint_mode = hint_modes.load(self.app)
        self.layout_texts()
        return lay

    # -- our texts: where this game has room (table_texts.py lays them out
    # after every rescale) --------------------------------------------------

    def text_layout(self, room):
        """The stock's count between stock and waste; right of the slots,
        the score under the discard, the hint label and the phase below
        it, then the winnable-deals label and What went wrong; your
        chances under the waste; the K, Q, J marks on their empty
        slots."""
        s, cw, ch, pad = self.s, room.cw, room.ch, room.pad
        discard = s.foundations[0]
        ys = s.rows[4].y - s.rows[0].y          # one row of slots
        hints_top = discard.y + 1.5 * ys        # as laid out in createGame
        info_top = discard.y + 2.6 * ys
        column, right = s.rows[3].x + cw + pad, room.right - pad
        hints = [self.hint_label(m) for m in hint_modes.MODES]
        Band, Text = table_texts.Band, table_texts.Text
        return table_texts.TextLayout(bands=[
            Band(room.left + pad, s.talon.y + ch + pad, s.rows[0].x - pad,
                 s.waste.y - pad, [Text("stock", [[str(n) for n in range(
                     53)]], s.talon.x + cw / 2)]),
            Band(column, discard.y + ch + pad, right, hints_top - pad,
                 [Text("score", [[tr("camelot.score", score=n,
                                     max=rules.MAX_SCORE)
                                  for n in range(rules.MAX_SCORE + 1)]],
                       discard.x + cw / 2)]),
            # Short: the first line only ("Hints: fair").
            Band(column, hints_top, right, info_top - pad,
                 [Text("hints", [hints, table_texts.first_lines(hints)],
                       discard.x, align="left")], shorten=("hints",)),
            Band(column, info_top, right, room.bottom - pad,
                 [Text("info", [[tr("camelot.phase.1"),
                                 tr("camelot.phase.2")]],
                       discard.x, align="left")]),
            # Your chances (C), under the waste: the column right of the
            # slots has no room left.
            Band(room.left + pad, s.waste.y + ch + pad, s.rows[0].x - pad,
                 room.bottom - pad,
                 [Text("chance", self.chance_forms(), s.waste.x,
                       align="left", wrap=s.rows[0].x - pad - s.waste.x)],
                 shorten=("chance",)),
        ], column=("info", column, right, discard.x),
            marks=s.rows, mark_samples=[tr(k) for k in FACE_MARK.values()],
            counts=(s.talon,))

    def show_stock_count(self):
        talon = self.s.talon
        if self.preview <= 1 and talon.texts.ncards is not None:
            table_texts.show(self.canvas, talon.texts.ncards,
                             getattr(self, "_placed", {}).get("stock"),
                             str(len(talon.cards)))

    def startGame(self):
        self.phase = 1
        self.startDealSample()
        self.s.talon.updateText()

    def _shuffleHook(self, cards):
        # Tests may fix the deal; the first card listed is dealt first.
        return test_hooks.forced_order(cards, card_of, parse_deck)

    # -- the rules model, asked for everything (table_position.py keeps
    # the table's position and decides each drop once) ----------------------

    def position_of(self, cards, phase=None):
        """The rules position of the stacks holding ``cards(stack)`` (a
        PySolFC card list, bottom to top): the table's, or one of its
        history's (post_mortem.py).  ``phase`` None: as the rules say."""
        s = self.s
        waste, removed = cards(s.waste), cards(s.foundations[0])
        return rules.Position(
            stock=[card_of(c) for c in reversed(cards(s.talon))],
            waste=card_of(waste[-1]) if waste else None,
            tableau=[card_of(cards(r)[-1]) if cards(r) else None
                     for r in s.rows],
            removed=[card_of(c) for c in removed],
            phase=phase)

    def move_for(self, from_stack, to_stack):
        """The rules move a drag from one stack to another means."""
        s = self.s
        if from_stack is s.talon and to_stack is s.waste:
            return DEAL
        if from_stack is s.waste and to_stack in s.rows:
            return Move("place", to_stack.slot)
        if from_stack in s.rows and to_stack is s.foundations[0]:
            return Move("remove", from_stack.slot)
        if from_stack in s.rows and to_stack in s.rows:
            return Move("pair", from_stack.slot, to_stack.slot)
        return None

    def record_phase(self, before, move):
        """Set the phase the rules give after ``move`` (judged legal on
        ``before`` already), undoably."""
        phase = before.after(move, check=False).phase
        if phase != self.phase:
            self.saveStateMove(2 | 16)      # restored on undo
            self.phase = phase
            self.saveStateMove(1 | 16)      # restored on redo

    def isGameWon(self):
        return self.table_memo("won", lambda pos: pos.is_won())

    def getStuck(self):
        # PySolFC's "You are stuck" fires when this is False.
        return self.table_memo("status", lambda pos: pos.status()) \
            != rules.LOST

    def getGameScore(self):
        return len(self.s.foundations[0].cards)

    def getAutoStacks(self, event=None):
        return ((), (), ())

    def _autoDeal(self, sound=True):
        # Deal by itself only when dealing is the one legal move: in
        # phase 2 the player chooses between removing and dealing.
        if self.table_memo("legal moves",
                           lambda pos: pos.legal_moves()) == [DEAL]:
            return self.dealCards(sound=sound)
        return 0

    # -- what the player sees ----------------------------------------------

    # Every text in the player's language: pysolfc_camelot/texts/__init__.py.

    def updateText(self):
        if self.preview > 1:
            return
        pos = self.position()
        show = self.show_text           # (key, item, its text in each form)
        show("info", self.texts.info, tr("camelot.phase.%d" % pos.phase))
        hints = self.hint_label()
        show("hints", self.texts.misc, hints, hints.split("\n")[0])
        show("score", self.s.foundations[0].texts.ncards,
             tr("camelot.score", score=pos.score, max=rules.MAX_SCORE))
        self.show_winnable_label()
        test_hooks.write_game_state(self, pos)
        self.review_text_update()
        self.chance_text_update()

    def game_speech(self):
        """The phase, the score and the stock, for speech (key q)."""
        pos = self.position()
        return "%s. %s. %s" % (
            tr("camelot.phase.%d" % pos.phase).replace("\n", " "),
            tr("game.speech.score", score=pos.score,
               max=rules.MAX_SCORE), self.s.talon.speech())

    def winnable_label_xy(self):
        """The winnable-deals label: under the phase (three lines at
        most), right of the slots."""
        x, y = self.canvas.coords(self.texts.info.id)[:2]
        return x, y + self.app.images.getSize()[1]

    # -- what the tests read (test_hooks.write_game_state) ------------------

    test_state_position = (("stock", "cards"), ("waste", "card"),
                           ("tableau", "slots"), ("removed", "cards"),
                           ("phase", "value"))

    def test_state_texts(self):
        s = self.s
        return {"phase": self.texts.info, "hints": self.texts.misc,
                "score": s.foundations[0].texts.ncards,
                "marks": {str(r.slot): r.texts.misc for r in s.rows
                          if r.texts.misc is not None},
                "help": [r.getHelp() for r in s.rows]
                + [s.foundations[0].getHelp()]}

    def test_state_stacks(self):
        s = self.s
        return {"talon": s.talon, "waste": s.waste, "rows": s.rows,
                "discard": s.foundations[0]}

    # -- undo, redo, save and load -------------------------------------------

    def getState(self):
        return [self.phase]

    def setState(self, state):
        self.phase = state[0]

    def _saveGameHook(self, p):
        p.dump(SAVE_TAG)
        p.dump(self.phase)

    def _loadGameHook(self, p):
        tag = p.load()
        phase = p.load()
        if tag != SAVE_TAG or phase not in (1, 2):
            raise UnpicklingError(tr("game.save.other", game=GAME_NAME))
        try:
            position_from_save(self.loadinfo.stacks, phase)
        except (ValueError, IndexError, TypeError) as e:
            raise UnpicklingError(tr("game.save.damaged", game=GAME_NAME,
                                     reason=e))
        self.loadinfo.addattr(phase=phase)

    def _restoreGameHook(self, game):
        self.phase = game.loadinfo.phase


def position_from_save(stacks, phase):
    """The position a save's stack list describes; ValueError if it breaks
    the rules, saying why in the player's language.  ``stacks[i]`` lists
    ``(card_id, face_up)`` bottom to top; card ids run over suits, then
    ranks (PySolFC's createCards)."""
    def cards(i, face_up):
        out = []
        for card_id, up in stacks[i]:
            if not 0 <= card_id < 52 or bool(up) != face_up:
                raise ValueError(tr("game.save.card", stack=i))
            out.append(card_for_id(card_id))
        return out
    if len(stacks) != DISCARD + 1:
        raise ValueError(tr("game.save.stacks"))
    rows = [cards(FIRST_ROW + s, True) for s in range(rules.N_SLOTS)]
    waste = cards(WASTE, True)
    if len(waste) > 1 or any(len(r) > 1 for r in rows):
        raise ValueError(tr("camelot.save.crowded"))
    stock, removed = reversed(cards(TALON, False)), cards(DISCARD, True)
    try:
        pos = rules.Position(stock=stock, waste=waste[0] if waste else None,
                             tableau=[r[0] if r else None for r in rows],
                             removed=removed, phase=phase)
    except ValueError as e:         # the rules model says why, in English
        raise ValueError(rules_broken("game.save.rules", e))
    if len(pos.cards()) != 52:
        raise ValueError(tr("game.save.missing"))
    return pos


def register(rules_filename=None):
    registerGame(GameInfo(
        GAME_ID, CamelotPlus, GAME_NAME, GI.GT_1DECK_TYPE, 1, 0,
        GI.SL_MOSTLY_SKILL, rules_filename=rules_filename))

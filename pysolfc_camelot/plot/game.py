# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot in PySolFC: the Game subclass and its stacks.

A thin adapter.  Every PySolFC card move of this game is exactly one move
of the rules model (``Move(src, dst)`` between two named piles), so each
stack only names its pile; ``move_for`` turns a (from stack, to stack) pair
into the rules move, and the rules model (rules.py) says whether it is
legal.  Nothing here decides a rule.  Nothing happens by itself either: no
automatic moves to the foundations, no automatic filling of spaces and no
automatic deal, whatever PySolFC's Autodrop/Autodeal options say.

Hints, the demo and Assist > Solver think off PySolFC's event loop
(assist.py, assist_solver.py: a worker thread asking a search process):
fair hints by default, perfect ones (the solver's winning line) once the
player clicks the "Hints: fair" label.
"""
from pickle import UnpicklingError

from pysollib.gamedb import GI, GameInfo, registerGame
from pysollib.layout import Layout
from pysollib.pysoltk import MfxCanvasText
from pysollib.stack import (AbstractFoundationStack, OpenStack, WasteStack,
                            WasteTalonStack)
from pysollib.util import ANY_RANK, ANY_SUIT

from ..pysol import table_texts, test_hooks, toolkit
from ..pysol.accessibility import rank_speech
from ..pysol.assist import HINT_LEVEL_DEMO
from ..core.game_cards import CARDS_PER_DECK, card_for_id, card_of
from ..pysol.game_base import OurGame
from ..pysol.table_position import TableStack
from ..texts import rules_broken, tr
from . import GAME_ID, GAME_NAME, SPEC, hint_modes, rules
from .notation import (DEAL, FOUNDATIONS, RESERVE, STOCK, TABLEAU, WASTE,
                       Move, parse_deck)

# Saves carry this tag: a save of another layout or version is refused
# with PySolFC's "Load game error" dialog instead of being half loaded.
SAVE_TAG = "plot-classic/1"
# Stacks are created in this order, so a save's stack list reads back.
TALON, WASTE_ID, RESERVE_ID, FIRST_FOUNDATION, FIRST_ROW = 0, 1, 2, 3, 11
N_STACKS = FIRST_ROW + rules.N_TABLEAU
N_CARDS = rules.N_CARDS
# Cards of a tableau pile shown at full fan before the pile closes up to
# stay clear of the row below (a pile never holds more than 12 cards).
FAN_CARDS = 6


def rank_label(rank):
    """A rank as the cards' corners show it: A 2 ... 10 J Q K."""
    return "10" if rank == 10 else rules.rank_name(rank)


# ---------------------------------------------------------------- stacks

class Plot_Talon(TableStack, WasteTalonStack):
    pile = STOCK

    def canDealCards(self):
        return self.game.is_legal(DEAL)

    def updateText(self, *args, **kw):
        WasteTalonStack.updateText(self, *args, **kw)
        self.game.show_count(self, "stock")

    def getHelp(self):
        return tr("plot.help.stock")

    def speech(self):
        return tr("game.speech.stock", n=len(self.cards))


class Plot_Pile:
    """Mixin for a pile whose top card the player may take where the rules
    allow, and which only the rules say what may come onto."""

    def acceptsCards(self, from_stack, cards):
        return self.game.accepts(from_stack, self)

    def canMoveCards(self, cards):
        return self.game.can_move_from(self, cards)


class Plot_Waste(TableStack, Plot_Pile, WasteStack):
    # Only a deal brings a card here (PySolFC asks acceptsCards when it
    # shows a "deal" hint as an arrow from the stock).
    pile = WASTE
    getBottomImage = WasteStack._getReserveBottomImage  # an outline

    def getHelp(self):
        return tr("plot.help.waste")

    def speech(self):
        return self.game.pile_speech(tr("plot.speech.waste",
                                        n=len(self.cards)), self)


class Plot_Reserve(TableStack, Plot_Pile, OpenStack):
    """The reserve: one squared pile, face up, its top card playable."""
    pile = RESERVE

    def __init__(self, x, y, game):
        OpenStack.__init__(self, x, y, game, max_accept=0, max_move=1)

    def updateText(self, *args, **kw):
        OpenStack.updateText(self, *args, **kw)
        self.game.show_count(self, "reserve")

    def getHelp(self):
        return tr("plot.help.reserve")

    def speech(self):
        return self.game.pile_speech(tr("plot.speech.reserve",
                                        n=len(self.cards)), self)


class Plot_Foundation(TableStack, AbstractFoundationStack):
    # An outline with the base rank on it (texts.misc), not a suit.
    getBottomImage = AbstractFoundationStack._getReserveBottomImage

    def __init__(self, x, y, game, index):
        AbstractFoundationStack.__init__(
            self, x, y, game, suit=ANY_SUIT, base_rank=ANY_RANK,
            max_accept=1, max_move=0, max_cards=rules.FULL)
        self.pile = FOUNDATIONS[index]

    def acceptsCards(self, from_stack, cards):
        return self.game.accepts(from_stack, self, cards)

    def canMoveCards(self, cards):
        return False

    def getHelp(self):
        return tr("plot.help.first_foundation" if self.pile == FOUNDATIONS[0]
                  else "plot.help.foundation")

    def getBaseCard(self):
        # F2 would add PySolFC's "Base card - any card." (ANY_RANK) under
        # our help, which says what the pile takes.
        return ""

    def speech(self):
        pos = self.game.position()
        index = FOUNDATIONS.index(self.pile)
        count = len(self.cards)
        if pos is None:
            return ""
        rank = rank_speech(pos.base)
        # F1..F7 spoken as the pages and What went wrong name them.
        if index == 0:
            said = tr("plot.speech.first_foundation", rank=rank, count=count)
        elif pos.restricted:
            return tr("plot.speech.foundation_closed", i=index)
        elif not count:
            return tr("plot.speech.foundation_empty", i=index, rank=rank)
        else:
            said = tr("plot.speech.foundation", i=index, count=count)
        return self.game.pile_speech(said, self)


class Plot_RowStack(TableStack, OpenStack):
    """A tableau pile, fanned downward; it closes its fan up when it
    grows so long that it would reach the row below."""
    getBottomImage = OpenStack._getReserveBottomImage   # an outlined space

    def __init__(self, x, y, game, index, yoffset, room):
        OpenStack.__init__(self, x, y, game, max_accept=1, max_move=1)
        self.pile = TABLEAU[index]
        self.CARD_YOFFSET = yoffset
        self.layout_yoffset = yoffset       # unscaled, as laid out
        self.layout_room = room             # unscaled room for the fan

    def acceptsCards(self, from_stack, cards):
        return self.game.accepts(from_stack, self, cards)

    def canMoveCards(self, cards):
        return self.game.can_move_from(self, cards)

    def reallocateCards(self):
        # PySolFC calls this after every move and resize; the room scales
        # with the cards (INIT_CARD_YOFFSET follows PySolFC's scaling).
        full = self.INIT_CARD_YOFFSET[0]
        gaps = len(self.cards) - 1
        if full <= 0 or gaps <= 0:
            want = (full,)
        else:
            room = self.layout_room * full / float(self.layout_yoffset)
            want = (min(full, room / gaps),)
        if tuple(self.CARD_YOFFSET) == want:
            return False
        self.CARD_YOFFSET = want
        return True

    def getHelp(self):
        return tr("plot.help.tableau")

    def speech(self):
        i = TABLEAU.index(self.pile) + 1
        if self.cards:
            return "%s - %s" % (self.game.card_speech(self.cards[-1]),
                                tr("plot.speech.pile", i=i))
        pos = self.game.position()
        if pos is not None and pos.restricted:
            return tr("plot.speech.space_restricted", i=i,
                      rank=rank_speech(pos.base))
        return tr("plot.speech.space", i=i)


# ----------------------------------------------------------------- hints

def hint_tuple(game, move, level):
    """``(ncards, from_stack, to_stack)`` for a rules move.  A deal (and a
    ``stock>X`` shorthand, which starts with one) is an arrow from the
    stock to the waste for the player, and a 0-card move from the talon,
    which PySolFC's demo deals with, for the demo."""
    s = game.s
    if move.src == STOCK:
        return (0, s.talon, None) if level >= HINT_LEVEL_DEMO \
            else (1, s.talon, s.waste)
    return (1, game.stack_for(move.src), game.stack_for(move.dst))


# ------------------------------------------------------------------ game

class ThePlotClassic(OurGame):
    spec = SPEC
    hint_tuple = staticmethod(hint_tuple)

    def createGame(self):
        lay, s = Layout(self), self.s
        XM, YM, XS, YS = lay.XM, lay.YM, lay.XS, lay.YS
        CW, CH = lay.CW, lay.CH
        # Room for a line of text under a card, whatever the card size.
        gap = max(lay.TEXT_HEIGHT, YS // 5)
        yoffset = max(1, lay.YOFFSET)
        pitch = YS + FAN_CARDS * yoffset        # one tableau row
        # Top row: the reserve, the first foundation set apart, the seven
        # others.  Below: stock and waste on the left, the tableau in three
        # rows of four, its columns under F1, F3, F5 and F7.
        x_f0, x_f1 = XM + 1.5 * XS, XM + 3 * XS
        y0, y1 = YM, YM + YS + gap
        self.setSize(x_f1 + 7 * XS, y1 + 3 * pitch)
        s.talon = Plot_Talon(XM, y1, self, max_rounds=1, num_deal=1)
        s.waste = Plot_Waste(XM, y1 + YS + gap, self)
        s.reserves.append(Plot_Reserve(XM, y0, self))
        for i in range(rules.N_FOUNDATIONS):
            x = x_f0 if i == 0 else x_f1 + (i - 1) * XS
            s.foundations.append(Plot_Foundation(x, y0, self, i))
        for i in range(rules.N_TABLEAU):
            x = x_f1 + 2 * (i % 4) * XS
            y = y1 + (i // 4) * pitch
            s.rows.append(Plot_RowStack(x, y, self, i, yoffset,
                                        room=pitch - CH - YM))
        # stack ids: as TALON, WASTE_ID, ... above (checked on load)
        assert [st.id for st in (s.talon, s.waste, s.reserves[0],
                                 s.foundations[0], s.rows[0])] == \
            [TALON, WASTE_ID, RESERVE_ID, FIRST_FOUNDATION, FIRST_ROW]
        lay.createText(s.talon, "s", text_format=tr("plot.stock",
                                                     count="%d"))
        lay.createText(s.reserves[0], "s", text_format=tr("plot.reserve",
                                                          count="%d"))
        if self.preview <= 1:
            font = self.app.getFont("canvas_default")
            ty = y0 + CH + lay.TEXT_MARGIN
            self.texts.base_rank = MfxCanvasText(
                self.canvas, x_f0 + CW // 2, ty, anchor="n", font=font,
                justify="center")
            self.texts.info = MfxCanvasText(
                self.canvas, x_f1 + (7 * XS - (XS - CW)) // 2, ty,
                anchor="n", font=font)
            # The base rank on each empty foundation, under the cards.
            mark = self.app.getFont("canvas_large") or font
            for f in s.foundations:
                f.texts.misc = MfxCanvasText(
                    self.canvas, f.x + CW // 2, f.y + CH // 2,
                    anchor="center", font=mark)
            # "Hints: fair (click to change)", under the waste.
            self.texts.misc = MfxCanvasText(
                self.canvas, XM, y1 + 2 * (YS + gap), anchor="nw",
                font=font)
            toolkit.bind_click(self.canvas, self.texts.misc,
                               self._toggle_hint_mode)
            # "What went wrong?", under the hint label.
            self.review_text_create(XM, y1 + 2 * (YS + gap) + 3 * gap,
                                    x_f1 - XM - (XS - CW),
                                    below=self.texts.misc)
            # Your chances (C), under it.
            self.chance_text_create(XM, y1 + 2 * (YS + gap) + 6 * gap,
                                    x_f1 - XM - (XS - CW))
        lay.defaultStackGroups()
        self.hint_mode = hint_modes.load(self.app)
        self.layout_texts()
        return lay

    # -- our texts: where this game has room (table_texts.py lays them out
    # after every rescale) --------------------------------------------------

    def text_layout(self, room):
        """The reserve's count, the base rank and the restriction in the
        band under the top row (side by side, each as near its pile as
        the room allows), the stock's count between stock and waste, the
        hint label under the waste, then the winnable-deals label and
        What went wrong; your chances right of the tableau; the base rank
        on each empty foundation."""
        s, cw, ch, pad = self.s, room.cw, room.ch, room.pad
        ranks = [rank_label(r) for r in range(1, 14)]
        counts = range(1, rules.FULL + 1)
        hints = [self.hint_label(m) for m in hint_modes.MODES]
        stocked = N_CARDS + 1 - rules.N_RESERVE - 1 - rules.N_TABLEAU
        reserve, f0, f1 = s.reserves[0], s.foundations[0], s.foundations[1]
        xs = s.foundations[2].x - f1.x         # one pile's width and gap
        tableau_left = s.rows[0].x - pad
        Band, Text = table_texts.Band, table_texts.Text
        large = self.app.getFont("canvas_large") or (None, 16)
        # Your chances (C) right of the tableau where the window leaves
        # room there, else under What went wrong (table_texts.lay_out).
        right_of = max(r.x for r in s.rows) + cw + 2 * pad
        chance = [Band(right_of, s.rows[0].y, room.right - pad,
                       room.bottom - pad,
                       [Text("chance", self.chance_forms(), right_of,
                             align="left", wrap=room.right - pad - right_of)],
                       shorten=("chance",))] \
            if room.right - pad - right_of >= 1.5 * cw else []
        return table_texts.TextLayout(bands=chance + [
            Band(room.left + pad, f0.y + ch + pad, room.right - pad,
                 s.talon.y - pad, [
                     Text("reserve", self._count_forms(
                         "reserve", rules.N_RESERVE + 1),
                         reserve.x + cw / 2, wrap=xs),
                     Text("base_rank", [[tr("plot.base_rank", rank=r)
                                         for r in ranks], ranks],
                          f0.x + cw / 2, wrap=xs),
                     Text("info", [
                         [tr("plot.restricted", count=c, full=rules.FULL)
                          for c in counts] + [tr("plot.open")],
                         ["%d/%d" % (c, rules.FULL) for c in counts]
                         + [tr("plot.open")]],
                         (f1.x + s.foundations[-1].x + cw) / 2,
                         wrap=s.foundations[-1].x + cw - f1.x)],
                 # Apart enough to read as three texts, not one line.
                 gap=max(3 * pad, cw // 3),
                 shorten=("info", "reserve", "base_rank")),
            Band(room.left + pad, s.talon.y + ch + pad, tableau_left,
                 s.waste.y - pad, [Text("stock", self._count_forms(
                     "stock", stocked), s.talon.x + cw / 2)],
                 shorten=("stock",)),
            # Short: the first line only ("Hints: fair").
            Band(room.left + pad, s.waste.y + ch + pad, tableau_left,
                 room.bottom - pad, [Text(
                     "hints", [hints, table_texts.first_lines(hints)],
                     s.waste.x, align="left",
                     wrap=tableau_left - s.waste.x)], shorten=("hints",)),
        ], column=("hints", room.left + pad, tableau_left, s.waste.x),
            marks=s.foundations, mark_samples=ranks,
            mark_largest=abs(int(large[1])),
            counts=(s.talon, s.reserves[0]))

    def _count_forms(self, key, n):
        return [[self._count_text(key, f, i) for i in range(n)]
                for f in (0, 1)]

    def _count_text(self, key, form, n):
        if form:
            return str(n)
        return tr("plot.stock" if key == "stock" else "plot.reserve",
                  count=n)

    def show_count(self, stack, key):
        """The count under the stock or the reserve, in the form and place
        the layout chose."""
        if self.preview > 1 or stack.texts.ncards is None:
            return
        placed = getattr(self, "_placed", {}).get(key)
        text = self._count_text(key, placed.form if placed else 0,
                                len(stack.cards))
        table_texts.show(self.canvas, stack.texts.ncards, placed, text)

    def _shuffleHook(self, cards):
        return test_hooks.forced_order(cards, card_of, parse_deck)

    def startGame(self):
        # The order of the rules (Position.new_game): 13 cards to the
        # reserve (the last on top), the next to F0, one to each pile.
        s = self.s
        self.startDealSample()
        for _ in range(rules.N_RESERVE):
            s.talon.dealRow(rows=s.reserves, frames=0)
        s.talon.dealRow(rows=s.foundations[:1], frames=0)
        s.talon.dealRow(rows=s.rows)
        self.stopSamples()
        s.talon.updateText()

    # -- the rules model, asked for everything (table_position.py keeps
    # the table's position and decides each drop once) ----------------------

    def position_of(self, cards, phase=None):
        """The rules position of the stacks holding ``cards(stack)`` (a
        PySolFC card list, bottom to top): the table's, or one of its
        history's (post_mortem.py); None before F0 has its card.  The Plot
        has no phase: ``phase`` is ignored."""
        s = self.s
        if not cards(s.foundations[0]):
            return None
        return rules.Position(
            reserve=[card_of(c) for c in cards(s.reserves[0])],
            foundations=[[card_of(c) for c in cards(f)]
                         for f in s.foundations],
            tableau=[[card_of(c) for c in cards(r)] for r in s.rows],
            stock=[card_of(c) for c in reversed(cards(s.talon))],
            waste=[card_of(c) for c in cards(s.waste)])

    def stack_for(self, pile):
        """The stack of a pile named as in the rules ("T4", "waste")."""
        s = self.s
        if pile == STOCK:
            return s.talon
        if pile == WASTE:
            return s.waste
        if pile == RESERVE:
            return s.reserves[0]
        if pile in FOUNDATIONS:
            return s.foundations[FOUNDATIONS.index(pile)]
        return s.rows[TABLEAU.index(pile)]

    def move_for(self, from_stack, to_stack):
        """The rules move a drag (or a deal) from one stack to another
        means; the rules model judges it.  (From the stock, the model reads
        ``stock>X`` as a deal and a move of the new waste top: the same
        position as the stock's top card put on X.)"""
        src = getattr(from_stack, "pile", None)
        dst = getattr(to_stack, "pile", None)
        if src is None or dst is None:
            return None
        return Move(src, dst)

    def accepts(self, from_stack, to_stack, cards=None):
        """May the top card of from_stack go to to_stack?  One card at a
        time, the top one, and only if the rules model says so."""
        if cards is not None and (len(cards) != 1 or
                                  from_stack.cards[-1:] != list(cards)):
            return False
        return self.refusal(from_stack, to_stack) is None

    def can_move_from(self, stack, cards):
        """May the player pick up ``cards`` from ``stack``?  Only its top
        card, and only when the rules allow a move of it somewhere."""
        if len(cards) != 1 or stack.cards[-1:] != list(cards):
            return False
        return stack.pile in self.table_memo("sources", lambda pos: set(
            () if pos is None else (m.src for m in pos.legal_moves())))

    def isGameWon(self):
        return self.table_memo(
            "won", lambda pos: pos is not None and pos.is_won())

    def getStuck(self):
        # PySolFC's "You are stuck" fires when this is False: exactly when
        # the rules model says the game is lost.
        return self.table_memo(
            "status", lambda pos: pos and pos.status()) != rules.LOST

    def getGameScore(self):
        return self.table_memo("score",
                               lambda pos: 0 if pos is None else pos.score)

    # Nothing happens by itself.  A double click on a card still sends it
    # to a foundation that takes it (the drop stacks below), but PySolFC's
    # automatic play (Autodrop, Autodeal, Auto face up, the menu's Auto
    # drop) and the demo's automatic deal do nothing here.
    def getAutoStacks(self, event=None):
        return ((), self.sg.dropstacks, ())

    def _autoPlay(self, *args, **kw):
        return 0

    def _autoDeal(self, sound=True):
        return 0

    # -- what the player sees ----------------------------------------------

    def updateText(self):
        if self.preview > 1:
            return
        pos = self.position()
        if pos is None:                 # dealing
            return
        show = self.show_text           # (key, item, its text in each form)
        rank = rank_label(pos.base)
        show("base_rank", self.texts.base_rank,
             tr("plot.base_rank", rank=rank), rank)
        for f in self.s.foundations:
            f.texts.misc.config(text=rank)
        if pos.restricted:
            count = len(pos.foundations[0])
            show("info", self.texts.info,
                 tr("plot.restricted", count=count, full=rules.FULL),
                 "%d/%d" % (count, rules.FULL))
        else:
            show("info", self.texts.info, tr("plot.open"))
        hints = self.hint_label()
        show("hints", self.texts.misc, hints, hints.split("\n")[0])
        self.show_winnable_label()
        test_hooks.write_game_state(self, pos)
        self.review_text_update()
        self.chance_text_update()

    def pile_speech(self, said, stack):
        """What a pile says, then its top card."""
        if stack.cards:
            said += ", " + tr("plot.speech.top",
                              card=self.card_speech(stack.cards[-1]))
        return said

    def game_speech(self):
        """The base rank, the restriction, the stock, the reserve and the
        score, for speech (key q)."""
        pos = self.position()
        if pos is None:
            return ""
        if pos.restricted:
            info = tr("plot.speech.restricted", count=len(pos.foundations[0]))
        else:
            info = tr("plot.open")
        parts = [tr("plot.base_rank", rank=rank_speech(pos.base)), info,
                 self.s.talon.speech(),
                 tr("plot.speech.reserve", n=len(self.s.reserves[0].cards)),
                 tr("game.speech.score", score=self.getGameScore(),
                    max=rules.MAX_SCORE)]
        return ". ".join(p.replace("\n", " ") for p in parts)

    def winnable_label_xy(self):
        """The winnable-deals label: under the hint label (two lines)."""
        x, y = self.canvas.coords(self.texts.misc.id)[:2]
        return x, y + 0.75 * self.app.images.getSize()[1]

    # -- what the tests read (test_hooks.write_game_state) ------------------

    test_state_position = (("reserve", "cards"), ("foundations", "piles"),
                           ("tableau", "piles"), ("stock", "cards"),
                           ("waste", "cards"), ("restricted", "value"))
    test_state_tops = True          # each stack's place and its top card's

    def test_state_texts(self):
        s = self.s
        return {"base_rank": self.texts.base_rank, "info": self.texts.info,
                "stock": s.talon.texts.ncards,
                "reserve": s.reserves[0].texts.ncards}

    def test_state_stacks(self):
        s = self.s
        return {"talon": s.talon, "waste": s.waste, "reserve": s.reserves[0],
                "foundations": s.foundations, "rows": s.rows}

    def test_state_extra(self, pos):
        return {"base": rules.rank_name(pos.base)}

    # -- save and load -----------------------------------------------------
    # The position is all in the stacks (the base rank is F0's first
    # card), so undo and redo need nothing of ours.

    def _saveGameHook(self, p):
        p.dump(SAVE_TAG)

    def _loadGameHook(self, p):
        tag = p.load()
        if tag != SAVE_TAG:
            raise UnpicklingError(tr("game.save.other", game=GAME_NAME))
        try:
            position_from_save(self.loadinfo.stacks)
        except (ValueError, IndexError, TypeError) as e:
            raise UnpicklingError(tr("game.save.damaged", game=GAME_NAME,
                                     reason=e))


def position_from_save(stacks):
    """The position a save's stack list describes; ValueError, saying why
    in the player's language, if it is not one of The Plot.  ``stacks[i]``
    lists ``(card_id, face_up)`` bottom to top, stacks in creation order;
    every card of the two decks must be there exactly once (by id), the
    stock face down, everything else face up, and the piles as the rules
    model's constructor allows."""
    if len(stacks) != N_STACKS:
        raise ValueError(tr("game.save.stacks"))
    seen = set()

    def cards(i, face_up):
        out = []
        for card_id, up in stacks[i]:
            if not (isinstance(card_id, int) and 0 <= card_id < N_CARDS) \
                    or card_id in seen or bool(up) != face_up:
                raise ValueError(tr("game.save.card", stack=i))
            seen.add(card_id)
            out.append(card_for_id(card_id))
        return out
    stock = list(reversed(cards(TALON, False)))
    waste = cards(WASTE_ID, True)
    reserve = cards(RESERVE_ID, True)
    foundations = [cards(FIRST_FOUNDATION + i, True)
                   for i in range(rules.N_FOUNDATIONS)]
    tableau = [cards(FIRST_ROW + i, True) for i in range(rules.N_TABLEAU)]
    if len(seen) != N_CARDS:
        raise ValueError(tr("game.save.missing"))
    if not foundations[0]:
        raise ValueError(rules_broken("game.save.rules", "F0 is empty"))
    try:
        return rules.Position(reserve=reserve, foundations=foundations,
                              tableau=tableau, stock=stock, waste=waste)
    except ValueError as e:         # the rules model says why, in English
        raise ValueError(rules_broken("game.save.rules", e))


assert N_CARDS == 2 * CARDS_PER_DECK


def register(rules_filename=None):
    registerGame(GameInfo(
        GAME_ID, ThePlotClassic, GAME_NAME, GI.GT_2DECK_TYPE, 2, 0,
        GI.SL_MOSTLY_SKILL, rules_filename=rules_filename))

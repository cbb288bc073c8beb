# SPDX-License-Identifier: GPL-3.0-or-later
"""Winnable deals only: an option of each game (off by default, kept in
the game's settings file, hint_modes.py) that screens PySolFC's own random
deals with the exact solver and deals only one it proves winnable.

How a new game goes when the option is on.  PySolFC's ``newGame`` with
no deal given (File > New game, its key N, the toolbar's New button, a
game chosen from the menus, PySolFC's start) draws a random deal number
and deals it, as always.  Then a worker thread (search_process.Task) asks
the game's search process (its ``search_worker``, run as a SearchServer)
to solve that deal and, while it is lost or undecided within the budget
(states), further numbers drawn from PySolFC's random source
(``app.gamerandom``, which PySolFC's createRandom draws from).  The first deal proven winnable is
dealt through PySolFC's own deal-number path, ``newGame(random=...)``:
the number on the status bar is the real one, Select > Deal number...
with it deals the same cards, ``python -m pysolfc_camelot solve --deal N``
agrees, and restart, undo, save and load are PySolFC's as always.  A
deal chosen by number (Select game by number..., Next game by number,
Ctrl+N), a restart or a loaded game is never screened.

The search never runs in PySolFC's event loop; the table is polled
every POLL_MS.  After SHOW_AFTER seconds the label shows how many deals
were tried ("Looking for a winnable deal: 3 tried (click or U to skip)"),
and a click on it or the key ``SKIP_KEY`` (U) stops looking:
the deal on the table (PySolFC's first draw) stays, said to be
unscreened.  A move, the demo or the option switched off stops looking
too (a player's move: the automatic moves PySolFC plays while it starts
a game, Camelot's first card with Autodeal on, are not one).  An
undecided deal (the budget ran out) is skipped, never dealt as winnable.

The label ("Deals: winnable / any (click or O to change)", then the
deal's status) switches the option with a click, as the key
``WINNABLE_KEY`` (O, for "only winnable"; W is What went wrong's) does.  The game keeps the deal numbers proven
winnable in this session, so the
label says "Winnable deal" for a restart, a reload or a Select > Deal
number of one of them too, and "Unscreened deal" for any other deal
while the option is on.

A mixin of game_base.OurGame: it reads the game's ``spec`` (its
settings file, search worker, new game and ``winnable_states``, the
budget of a screened deal) and ``winnable_label_xy()`` (game_base.py
lists it); the game's updateText calls ``showWinnableLabel()`` and its
test state includes ``winnable_test_state()``.
"""
import os
import time
import traceback

from ..core import deals
from . import table_texts, test_hooks, toolkit
from .accessibility import bind_keys, game_key, unbind_keys
from ..core.game_settings import WINNABLE_DEALS
from .background_search import POLL_MS, SearchServer, Task, can_fork
from ..texts import tr

WINNABLE_KEY = "o"          # switches the option (named on the label)
SKIP_KEY = "u"              # while looking: play the deal on the table
SHOW_AFTER = 0.5            # seconds before the search shows its progress
BATCH = 32                  # deal numbers handed to the worker at a time
# PySolFC's random new games have deal numbers of 17 digits or more
# (Game.createRandom draws them in this range): ours too.
FIRST_SEED = 10 ** 16
# With a budget of 0 states (CAMELOT_TEST_WINNABLE_STATES=0, a test hook)
# no deal is decided; each takes this long, as a real search would.
UNDECIDED_PAUSE = 0.02

# What the label says about the deal on the table.
WINNABLE, UNSCREENED, LOOKING = "winnable", "unscreened", "looking"
STATUS_TEXT = {WINNABLE: "winnable.deal.winnable",
               UNSCREENED: "winnable.deal.unscreened"}


def screen_job(seeds, decks, search, server):
    """A Task job: the first of ``seeds`` whose deal the solver proves
    winnable, as ``(seed, tried)``, or ``(None, tried)`` when none is.
    ``search`` is the game's (search_worker, new_game, budget_states);
    ``server`` its SearchServer, or None to solve in this thread (a frozen
    PySolFC, where no search process can start)."""
    worker_module, new_game, budget = search
    worker = worker_module.WORKER

    def job(should_stop, progress):
        tried = 0
        for seed in seeds:
            if should_stop():
                return None
            pos = new_game(deals.deck_for_deal(seed, decks))
            request = worker.position_request(pos, budget)
            if budget == 0:             # the tests' "decide nothing"
                time.sleep(UNDECIDED_PAUSE)
                answer = {"winnable": None}
            elif server is None:
                answer = worker.answer(request, lambda *a: None, should_stop)
            else:
                answer = server.ask(request, should_stop)
            if answer is None:          # stopped
                return None
            tried += 1
            progress(tried)
            if answer["winnable"] is True:
                return seed, tried
        return None, tried
    return job


class WinnableDeals:
    """Mixin of our PySolFC Game classes (game_base.OurGame); see the module
    text for what the game provides."""

    winnable_only = False       # the option, read from the settings file
    _winnable_task = None       # the Task looking for a winnable deal
    _winnable_after = None      # its pending Tk poll
    _winnable_server = None     # the SearchServer screening deals
    _winnable_bindings = ()
    _winnable_tried = 0         # deals tried by earlier batches
    _winnable_first = None      # the deal number PySolFC drew itself
    _winnable_label = None      # the canvas text, once made
    _winnable_proven = None     # deal numbers proven winnable (ints)

    # -- the game's life ---------------------------------------------------

    def create(self, app):
        result = super().create(app)
        self.winnable_only = self.spec.hint_setting.file.read(app).get(
            WINNABLE_DEALS) is True
        self._winnable_proven = set()
        from pysollib.settings import TOOLKIT
        # Under Tk only: PySolFC's Kivy front end has canvas texts without
        # Tk items (no tag_bind, itemcget, bbox) and windows without
        # ``after``; there, no label and so no screening (yet).
        if self.preview <= 1 and TOOLKIT == "tk":
            self._makeWinnableLabel()
            self._winnable_bindings = bind_keys(
                self, WINNABLE_KEY, self._winnableKey) + bind_keys(
                self, SKIP_KEY, self._skipKey)
        return result

    def destruct(self):
        self._stopLooking()
        unbind_keys(self, self._winnable_bindings)
        self._winnable_bindings = ()
        if self._winnable_server is not None:
            self._winnable_server.close()
            self._winnable_server = None
        super().destruct()

    def newGame(self, random=None, restart=0, *args, **kw):
        self._stopLooking()
        # A new random deal only: not a restart, nor a deal by number, nor
        # one of PySolFC's special deals (a dealer, no shuffle).
        screen = (random is None and not restart and self.winnable_only
                  and self._winnable_label is not None
                  and kw.get("dealer") is None
                  and kw.get("shuffle", True)
                  and not os.environ.get(test_hooks.TEST_DECK))
        result = super().newGame(random, restart, *args, **kw)
        if screen:
            self._startLooking()
        return result

    def resizeGame(self, *args, **kw):
        result = super().resizeGame(*args, **kw)
        self._placeWinnableLabel()
        return result

    # -- the label ---------------------------------------------------------

    def _makeWinnableLabel(self):
        from pysollib.pysoltk import MfxCanvasText
        x, y = self.winnable_label_xy()
        self._winnable_label = MfxCanvasText(
            self.canvas, x, y, anchor="nw",
            font=self.app.getFont("canvas_default"))
        self.canvas.tag_bind(self._winnable_label.id, "<1>",
                             self._winnableClick)

    def _placeWinnableLabel(self):
        label = self._winnable_label
        if label is not None and "winnable" not in getattr(
                self, "_placed", {}):       # else the table's layout places it
            x, y = self.winnable_label_xy()
            self.canvas.coords(label.id, x, y)

    def deal_number(self):
        """The deal number on the status bar as an int (PySolFC may show
        it with leading zeros), None for a deal without one."""
        number = self.getGameNumber(format=0)
        return int(number) if number.isdigit() else None

    def deal_status(self):
        """WINNABLE, UNSCREENED or LOOKING (the deal on the table), None
        while the option is off."""
        if not self.winnable_only:
            return None
        if self._winnable_task is not None:
            return LOOKING
        if self.deal_number() in (self._winnable_proven or ()):
            return WINNABLE
        return UNSCREENED

    def winnable_label(self):
        """The label's text: the option and its key, then the deal; while
        looking (past SHOW_AFTER), the deals tried and the skip."""
        status = self.deal_status()
        if status is None:
            return tr("winnable.label", mode=tr("winnable.mode.off"))
        task = self._winnable_task
        if status == LOOKING and task.elapsed() >= SHOW_AFTER:
            return tr("winnable.looking",
                      n=self._winnable_tried + task.states)
        text = tr("winnable.label", mode=tr("winnable.mode.on"))
        if status == LOOKING:
            return text
        return text + "\n" + tr(STATUS_TEXT[status])

    def winnable_forms(self):
        """Every text the label may show, then their first lines (the
        short form), for table_texts.lay_out."""
        on = tr("winnable.label", mode=tr("winnable.mode.on"))
        samples = [tr("winnable.label", mode=tr("winnable.mode.off")),
                   on + "\n" + tr(STATUS_TEXT[WINNABLE]),
                   on + "\n" + tr(STATUS_TEXT[UNSCREENED]),
                   tr("winnable.looking", n=9999)]
        return [samples, table_texts.first_lines(samples)]

    def showWinnableLabel(self):
        label = self._winnable_label
        if label is None:
            return
        text = self.winnable_label()
        placed = getattr(self, "_placed", {}).get("winnable")
        if placed is None:
            self._placeWinnableLabel()
            label.config(text=text)
        else:                           # sized and placed with the table
            table_texts.show_best(self.canvas, label, placed, text,
                                  text.split("\n")[0])

    def winnable_test_state(self):
        c, label = self.canvas, self._winnable_label
        if label is None:
            return {}
        return {"winnable": {
            "on": self.winnable_only, "status": self.deal_status(),
            "deal": self.getGameNumber(format=0),
            "proven": sorted(str(n) for n in self._winnable_proven or ()),
            "tried": self._winnable_tried + (
                self._winnable_task.states if self._winnable_task else 0),
            "text": c.itemcget(label.id, "text"),
            "bbox": list(c.bbox(label.id) or ())}}

    # -- the player: the W key, the U key, a click on the label ---------------

    def _winnableKey(self, event=None):
        return game_key(self, event, self.toggleWinnableDeals)

    def _skipKey(self, event=None):
        if self._winnable_task is None:
            return None                 # not ours: PySolFC may have it
        return game_key(self, event, self.skipScreening)

    def _winnableClick(self, event=None):
        if self._winnable_task is not None:
            self.skipScreening()
        else:
            self.toggleWinnableDeals()
        return "break"

    def toggleWinnableDeals(self):
        """The option on or off, kept for the next start.  Off while
        looking: the deal on the table stays."""
        self.winnable_only = not self.winnable_only
        self.spec.hint_setting.file.update(self.app, **{
            WINNABLE_DEALS: self.winnable_only})
        if not self.winnable_only:
            self._stopLooking()
        self.updateText()
        self.speak(self.winnable_label().split("\n")[0])

    def skipScreening(self):
        """Stop looking: the deal on the table (unscreened) stays."""
        if self._winnable_task is not None:
            self._stopLooking()
            self.updateText()
            self.speak(tr(STATUS_TEXT[UNSCREENED]))

    # -- looking for a winnable deal -----------------------------------------

    def _startLooking(self):
        self._winnable_first = self.deal_number()
        self._winnable_tried = 0
        if self._winnable_first is None:
            return
        self._nextBatch([self._winnable_first])
        self.updateText()

    def _nextBatch(self, seeds=()):
        """Hand the worker the deal numbers to try next: ``seeds``, then
        fresh draws of PySolFC's random source."""
        from pysollib.pysolrandom import PysolRandom
        seeds = list(seeds)
        while len(seeds) < BATCH:
            seeds.append(self.app.gamerandom.randrange(
                FIRST_SEED, PysolRandom.MAX_SEED))
        spec = self.spec
        forced = os.environ.get(test_hooks.TEST_WINNABLE_STATES)
        search = (spec.search_worker, spec.new_game,
                  int(forced) if forced else spec.winnable_states)
        server = None
        if can_fork():
            if self._winnable_server is None:
                self._winnable_server = SearchServer(search[0].__name__)
            server = self._winnable_server
        self._winnable_task = Task(screen_job(
            seeds, self.gameinfo.decks, search, server), "winnable deal")
        self._schedulePoll()

    def _schedulePoll(self):
        self._winnable_after = self.top.after(POLL_MS, self._pollLooking)

    def _stopLooking(self):
        task, self._winnable_task = self._winnable_task, None
        if task is not None:
            task.cancel()
        after_id, self._winnable_after = self._winnable_after, None
        if after_id is not None:
            try:
                self.top.after_cancel(after_id)
            except Exception:
                pass

    def _pollLooking(self):
        self._winnable_after = None
        task = self._winnable_task
        if task is None:
            return
        if not toolkit.is_current(self):
            self._stopLooking()
            return
        if self.busy:
            # PySolFC is dealing or moving.  Its count of the player's
            # moves holds only once it is idle: at a start, and for a game
            # picked from Select, it deals, plays the automatic moves
            # (Camelot's first card), counts them as the player's and
            # sets the count back to 0, all while busy; a Tk poll run in
            # between (its animations update the window) would take
            # them for the player's.  No player's move is made while busy.
            self._waitLooking(task)
            return
        if self.demo or self.stats.player_moves or self.stats.demo_moves \
                or self.deal_number() != self._winnable_first:
            # The player (or the demo) plays the deal on the table, or
            # another came some other way: that one stays, unscreened.
            self._stopLooking()
            self.updateText()
            return
        if not task.done or self.pause:
            self._waitLooking(task)
            return
        self._winnable_task = None
        if task.error is not None or task.result is None:
            # A failed search (printed by the Task): the deal stays.
            self.updateText()
            return
        seed, tried = task.result
        self._winnable_tried += tried
        if seed is None:                # none of this batch: go on
            self._winnable_task = None
            self._nextBatch()
            return
        self._dealWinnable(seed)

    def _waitLooking(self, task):
        """Poll again later; meanwhile the label counts the deals tried."""
        label = self._winnable_label
        if label is not None and task.elapsed() >= SHOW_AFTER and \
                self.canvas.itemcget(label.id, "text") != \
                self.winnable_label():
            self.updateText()           # the deals tried so far
        self._schedulePoll()

    def _dealWinnable(self, seed):
        """Deal number ``seed`` through PySolFC's own deal-number path, as
        a random deal (its origin, for the statistics)."""
        from pysollib.pysolrandom import construct_random
        self._winnable_proven.add(seed)
        if seed == self.deal_number():
            self.updateText()           # the deal on the table: it stays
            return
        random = construct_random(str(seed))
        random.origin = random.ORIGIN_RANDOM
        try:
            self.endGame()
            self.newGame(random=random)
        except Exception:
            traceback.print_exc()

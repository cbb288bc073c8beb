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
(``app.gamerandom``, which PySolFC's createRandom draws from).  The first
deal proven winnable is dealt through PySolFC's own deal-number path,
``newGame(random=...)``: the number on the status bar is the real one,
Select > Deal number... with it deals the same cards,
``python -m pysolfc_camelot solve --deal N`` agrees, and restart, undo,
save and load are PySolFC's as always.  A deal chosen by number (Select
game by number..., Next game by number, Ctrl+N), a restart or a loaded
game is never screened.

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
``WINNABLE_KEY`` (O, for "only winnable"; W is What went wrong's) does.
The game keeps the deal numbers proven winnable in this session, so the
label says "Winnable deal" for a restart, a reload or a Select > Deal
number of one of them too, and "Unscreened deal" for any other deal
while the option is on.

Of one tier (core/deal_tier.py): O goes through CYCLE (off, any winnable
deal, easy, medium, hard), kept as ``winnable_tier`` beside
``winnable_deals``.  With a tier, each winnable candidate is also played
out in the search process (a ``tier`` request: the simple hint's game,
and for medium and hard the strong fair player's) and only a deal of that
tier is dealt ("Easy deal").  Such a search gives up in time: where the
game has deals rated by a study of the tiers (its spec's rated_deals),
after RATED_SECONDS it deals one of those of the tier, one this session
has not dealt yet while there are any ("Medium deal"); where it has none,
after TIER_SECONDS it deals the first winnable deal it met ("Winnable
deal (none of this tier in time)"), or, if none, leaves the deal on the
table, unscreened.  Its tier is kept for deal_tiers.py, which says the tier of
the deal played after the game or on T.

A mixin of game_base.OurGame: it reads the game's ``spec`` (its
settings file, search worker, new game and ``winnable_states``, the
budget of a screened deal) and ``winnable_label_xy()`` (game_base.py
lists it); the game's updateText calls ``show_winnable_label()`` and its
test state includes ``winnable_test_state()``.
"""
import os
import time
import traceback

from ..core import deal_tier, deals
from . import table_texts, test_hooks, toolkit
from .accessibility import bind_keys, game_key, unbind_keys
from ..core.game_settings import WINNABLE_DEALS, WINNABLE_TIER
from .background_search import POLL_MS, SearchServer, Task, can_fork
from .deal_tiers import DealTierReport, tier_samples
from ..texts import tr

WINNABLE_KEY = "o"          # switches the option (named on the label)
SKIP_KEY = "u"              # while looking: play the deal on the table
SHOW_AFTER = 0.5            # seconds before the search shows its progress
BATCH = 32                  # deal numbers handed to the worker at a time
# PySolFC's random new games have deal numbers of 17 digits or more
# (Game.createRandom draws them in this range): ours too.
FIRST_SEED = 10 ** 16
# Seconds a screening for one tier may look before it gives up (the window
# never waits unboundedly): it then deals a rated deal of the tier, where
# the game has them (so a player waits RATED_SECONDS at most), else the
# first winnable deal it met, if any (the label says none of the tier was
# found), else the deal on the table stays, unscreened.  Measured
# (docs/playing.md): a tier costs a few plays of each winnable candidate.
# CAMELOT_TEST_TIER_SECONDS (a test hook) sets both.
TIER_SECONDS = 120.0
RATED_SECONDS = 20.0
TEST_TIER_SECONDS = "CAMELOT_TEST_TIER_SECONDS"
# With a budget of 0 states (CAMELOT_TEST_WINNABLE_STATES=0, a test hook)
# no deal is decided; each takes this long, as a real search would.
UNDECIDED_PAUSE = 0.02

# What the label says about the deal on the table.
WINNABLE, UNSCREENED, LOOKING = "winnable", "unscreened", "looking"
FALLBACK = "fallback"       # no deal of the tier in time: a winnable one
STATUS_TEXT = {WINNABLE: "winnable.deal.winnable",
               UNSCREENED: "winnable.deal.unscreened",
               FALLBACK: "winnable.deal.fallback"}
# Each choice's texts: the label's {mode}, the search, a deal of the tier.
MODE_TEXT = {None: "winnable.mode.off", "any": "winnable.mode.on",
             "easy": "winnable.mode.easy", "medium": "winnable.mode.medium",
             "hard": "winnable.mode.hard"}
LOOKING_TEXT = {"any": "winnable.looking", "easy": "winnable.looking_easy",
                "medium": "winnable.looking_medium",
                "hard": "winnable.looking_hard"}
DEAL_TEXT = {"easy": "winnable.deal.easy", "medium": "winnable.deal.medium",
             "hard": "winnable.deal.hard"}
# The option's choices in the order O goes through them: off, then
# deal_tier.CHOICES ("any" winnable deal, then one tier).
CYCLE = (None,) + deal_tier.CHOICES


def mode_text(tier):
    """What the label's {mode} says: off (None), any winnable, a tier."""
    return tr(MODE_TEXT[tier])


def tier_seconds(rated=False):
    """How long a screening for one tier looks: RATED_SECONDS when rated
    deals of the tier wait behind it, else TIER_SECONDS."""
    forced = os.environ.get(TEST_TIER_SECONDS)
    if forced:
        return float(forced)
    return RATED_SECONDS if rated else TIER_SECONDS


def screen_job(seeds, decks, search, server, tier="any", game=None,
               seen=None):
    """A Task job: the first of ``seeds`` whose deal the solver proves
    winnable (of ``tier``, unless "any": then each winnable deal is rated
    too, a second request naming the game, ``game``, core/deal_tier.py),
    as ``(seed, tried)``, or ``(None, tried)`` when none is.  ``search``
    is the game's (search_worker, new_game, budget_states); ``server``
    its SearchServer, or None to solve in this thread (a frozen PySolFC,
    where no search process can start).  ``seen`` (a list) gets ``(seed,
    answer)`` of every deal proven winnable, as soon as it is (before its
    rating: a fallback when time runs out)."""
    worker_module, new_game, budget = search
    worker = worker_module.WORKER

    def ask(request, should_stop):
        if server is None:
            return worker.answer(request, lambda *a: None, should_stop)
        return server.ask(request, should_stop)

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
            else:
                answer = ask(request, should_stop)
            if answer is None:          # stopped
                return None
            if answer["winnable"] is True and seen is not None:
                seen.append((seed, answer))
            if answer["winnable"] is True and tier != "any":
                answer = ask(dict(request, verdict=True,
                                  **deal_tier.request_fields(game, tier)),
                             should_stop)
                if answer is None:
                    return None
                if seen is not None:
                    seen[-1] = (seed, answer)
            tried += 1
            progress(tried)
            if deal_tier.matches(tier, answer):
                return seed, tried
        return None, tried
    return job


class WinnableDeals(DealTierReport):
    """Mixin of our PySolFC Game classes (game_base.OurGame); see the module
    text for what the game provides."""

    winnable_only = False       # the option, read from the settings file
    winnable_tier = "any"       # its tier (deal_tier.CHOICES), from there too
    _winnable_seen = ()         # (seed, answer) of the winnable deals met
    _winnable_since = 0.0       # when this screening began (monotonic)
    _winnable_fallback = None   # a deal dealt when no deal of the tier was
    _winnable_task = None       # the Task looking for a winnable deal
    _winnable_after = None      # its pending Tk poll
    _winnable_server = None     # the SearchServer screening deals
    _winnable_bindings = ()
    _winnable_tried = 0         # deals tried by earlier batches
    _winnable_first = None      # the deal number PySolFC drew itself
    _winnable_label = None      # the canvas text, once made
    _winnable_proven = None     # deal numbers proven winnable (ints)
    _winnable_tier_of = None    # the tiers of the deals screened for one
    _rated_dealt = None         # rated deals dealt since this game began

    # -- the game's life ---------------------------------------------------

    def create(self, app):
        result = super().create(app)
        settings = self.spec.hint_setting.file.read(app)
        self.winnable_only = settings.get(WINNABLE_DEALS) is True
        tier = settings.get(WINNABLE_TIER)
        self.winnable_tier = tier if tier in deal_tier.CHOICES else "any"
        self._winnable_proven, self._winnable_tier_of = set(), {}
        self._rated_dealt = set()
        from pysollib.settings import TOOLKIT
        # Under Tk only: PySolFC's Kivy front end has canvas texts without
        # Tk items (no tag_bind, itemcget, bbox) and windows without
        # ``after``; there, no label and so no screening (yet).
        if self.preview <= 1 and TOOLKIT == "tk":
            self._make_winnable_label()
            self._winnable_bindings = bind_keys(
                self, WINNABLE_KEY, self._winnable_key) + bind_keys(
                self, SKIP_KEY, self._skip_key) + self.tier_bindings()
        return result

    def destruct(self):
        self._stop_looking()
        unbind_keys(self, self._winnable_bindings)
        self._winnable_bindings = ()
        if self._winnable_server is not None:
            self._winnable_server.close()
            self._winnable_server = None
        super().destruct()

    def newGame(self, random=None, restart=0, *args, **kw):
        self._stop_looking()
        # A new random deal only: not a restart, nor a deal by number, nor
        # one of PySolFC's special deals (a dealer, no shuffle).
        screen = (random is None and not restart and self.winnable_only
                  and self._winnable_label is not None
                  and kw.get("dealer") is None
                  and kw.get("shuffle", True)
                  and not os.environ.get(test_hooks.TEST_DECK))
        result = super().newGame(random, restart, *args, **kw)
        if screen:
            self._start_looking()
        return result

    def resizeGame(self, *args, **kw):
        result = super().resizeGame(*args, **kw)
        self._place_winnable_label()
        return result

    # -- the label ---------------------------------------------------------

    def _make_winnable_label(self):
        from pysollib.pysoltk import MfxCanvasText
        x, y = self.winnable_label_xy()
        self._winnable_label = MfxCanvasText(
            self.canvas, x, y, anchor="nw",
            font=self.app.getFont("canvas_default"))
        self.canvas.tag_bind(self._winnable_label.id, "<1>",
                             self._winnable_click)

    def _place_winnable_label(self):
        label = self._winnable_label
        if label is not None and "winnable" not in getattr(
                self, "_placed", {}):       # else the table's layout places it
            x, y = self.winnable_label_xy()
            self.canvas.coords(label.id, x, y)

    def deal_number(self):
        """The deal number on the status bar as an int (PySolFC may show
        it with leading zeros), None for a deal without one."""
        number = self.getGameNumber(format=0)
        if number.startswith("ms"):
            # PySolFC's deals below 32000 (its LCRandom31, as the study's
            # and the rated deals' numbers) are shown as "ms1100"
            number = number[2:]
        return int(number) if number.isdigit() else None

    def deal_status(self):
        """WINNABLE, UNSCREENED or LOOKING (the deal on the table), None
        while the option is off."""
        if not self.winnable_only:
            return None
        if self._winnable_task is not None:
            return LOOKING
        number = self.deal_number()
        if number is not None and number == self._winnable_fallback:
            return FALLBACK
        if number in (self._winnable_proven or ()):
            return WINNABLE
        return UNSCREENED

    def _mode(self):
        return mode_text(self.winnable_tier if self.winnable_only else None)

    def _looking_text(self, n):
        return tr(LOOKING_TEXT[self.winnable_tier], n=n)

    def winnable_label(self):
        """The label's text: the option and its key, then the deal; while
        looking (past SHOW_AFTER), the deals tried and the skip."""
        status = self.deal_status()
        text = tr("winnable.label", mode=self._mode())
        task = self._winnable_task
        if status == LOOKING:
            if task.elapsed() >= SHOW_AFTER:
                return self._looking_text(self._winnable_tried + task.states)
            return text
        tier = self.tier_line()         # after the game, or on request
        if tier is not None:
            # in place of the key's reminder: the table keeps its room
            return text.split("\n")[0] + "\n" + tier
        if status is None:
            return text
        return text + "\n" + tr(self._status_key(status))

    def _status_key(self, status):
        """The text of the deal's status: a deal of the tier chosen says
        its tier ("Easy deal"), any other proven one "Winnable deal"."""
        tier = self.winnable_tier
        if status == WINNABLE and tier != "any" and tier == \
                (self._winnable_tier_of or {}).get(self.deal_number()):
            return DEAL_TEXT[tier]
        return STATUS_TEXT[status]

    def winnable_forms(self):
        """Every text the label may show, then their first lines (the
        short form), for table_texts.lay_out."""
        samples = []
        for tier in CYCLE:
            label = tr("winnable.label", mode=mode_text(tier))
            samples.append(label)
            if tier is not None:
                samples += [label + "\n" + tr(key) for key in
                            list(STATUS_TEXT.values()) +
                            list(DEAL_TEXT.values())]
        samples += [tr(key, n=9999) for key in LOOKING_TEXT.values()]
        # the tier of the deal (deal_tiers.py) under the longest choice
        longest = max((tr("winnable.label", mode=mode_text(tier)).split(
            "\n")[0] for tier in CYCLE), key=len)
        samples += [longest + "\n" + line for line in tier_samples()]
        return [samples, table_texts.first_lines(samples)]

    def show_winnable_label(self):
        label = self._winnable_label
        if label is None:
            return
        self.tier_check()               # a game just over: its deal's tier
        text = self.winnable_label()
        placed = getattr(self, "_placed", {}).get("winnable")
        if placed is None:
            self._place_winnable_label()
            label.config(text=text)
        else:                           # sized and placed with the table
            table_texts.show_best(self.canvas, label, placed, text,
                                  text.split("\n")[0])

    def winnable_test_state(self):
        c, label = self.canvas, self._winnable_label
        if label is None:
            return {}
        return dict(self.tier_test_state(), winnable={
            "on": self.winnable_only, "tier": self.winnable_tier,
            "status": self.deal_status(),
            "deal": self.getGameNumber(format=0),
            "proven": sorted(str(n) for n in self._winnable_proven or ()),
            "tried": self._winnable_tried + (
                self._winnable_task.states if self._winnable_task else 0),
            "text": c.itemcget(label.id, "text"),
            "bbox": list(c.bbox(label.id) or ())})

    # -- the player: the W key, the U key, a click on the label ---------------

    def _winnable_key(self, event=None):
        return game_key(self, event, self.toggle_winnable_deals)

    def _skip_key(self, event=None):
        if self._winnable_task is None:
            return None                 # not ours: PySolFC may have it
        return game_key(self, event, self.skip_screening)

    def _winnable_click(self, event=None):
        if self._winnable_task is not None:
            self.skip_screening()
        else:
            self.toggle_winnable_deals()
        return "break"

    def toggle_winnable_deals(self):
        """The option's next choice (CYCLE: off, any winnable deal, easy,
        medium, hard, off), kept for the next start; it applies from the
        next new game.  Off while looking: the deal on the table stays."""
        now = self.winnable_tier if self.winnable_only else None
        new = CYCLE[(CYCLE.index(now) + 1) % len(CYCLE)]
        self.winnable_only = new is not None
        if new is not None:
            self.winnable_tier = new
        self.spec.hint_setting.file.update(self.app, **{
            WINNABLE_DEALS: self.winnable_only,
            WINNABLE_TIER: self.winnable_tier})
        if not self.winnable_only:
            self._stop_looking()
        self.updateText()
        self.speak(self.winnable_label().split("\n")[0])

    def skip_screening(self):
        """Stop looking: the deal on the table (unscreened) stays."""
        if self._winnable_task is not None:
            self._stop_looking()
            self.updateText()
            self.speak(tr(STATUS_TEXT[UNSCREENED]))

    # -- looking for a winnable deal -----------------------------------------

    def _start_looking(self):
        self._winnable_first = self.deal_number()
        self._winnable_tried = 0
        self._winnable_seen, self._winnable_fallback = [], None
        self._winnable_since = time.monotonic()
        if self._winnable_first is None:
            return
        self._next_batch([self._winnable_first])
        self.updateText()

    def _next_batch(self, seeds=()):
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
        server = self._screen_server() if can_fork() else None
        self._winnable_task = Task(screen_job(
            seeds, self.gameinfo.decks, search, server, self.winnable_tier,
            spec.name, self._winnable_seen), "winnable deal")
        self._schedule_poll()

    def _screen_server(self):
        """The game's search process screening deals (and rating them,
        deal_tiers.py), started when first needed."""
        if self._winnable_server is None:
            self._winnable_server = SearchServer(
                self.spec.search_worker.__name__)
        return self._winnable_server

    def _schedule_poll(self):
        self._winnable_after = self.top.after(POLL_MS, self._poll_looking)

    def _stop_looking(self):
        task, self._winnable_task = self._winnable_task, None
        if task is not None:
            task.cancel()
        after_id, self._winnable_after = self._winnable_after, None
        if after_id is not None:
            try:
                self.top.after_cancel(after_id)
            except Exception:
                pass

    def _poll_looking(self):
        self._winnable_after = None
        task = self._winnable_task
        if task is None:
            return
        if not toolkit.is_current(self):
            self._stop_looking()
            return
        if self.busy:
            # PySolFC is dealing or moving.  Its count of the player's
            # moves holds only once it is idle: at a start, and for a game
            # picked from Select, it deals, plays the automatic moves
            # (Camelot's first card), counts them as the player's and
            # sets the count back to 0, all while busy; a Tk poll run in
            # between (its animations update the window) would take
            # them for the player's.  No player's move is made while busy.
            self._wait_looking(task)
            return
        if self.demo or self.stats.player_moves or self.stats.demo_moves \
                or self.deal_number() != self._winnable_first:
            # The player (or the demo) plays the deal on the table, or
            # another came some other way: that one stays, unscreened.
            self._stop_looking()
            self.updateText()
            return
        if self.winnable_tier != "any" and \
                time.monotonic() - self._winnable_since > tier_seconds(
                    bool(self.spec.rated_deals_of(self.winnable_tier))):
            self._stop_looking()         # no deal of the tier in time
            self._deal_fallback()
            return
        if not task.done or self.pause:
            self._wait_looking(task)
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
            self._next_batch()
            return
        self._deal_winnable(seed)

    def _wait_looking(self, task):
        """Poll again later; meanwhile the label counts the deals tried."""
        label = self._winnable_label
        if label is not None and task.elapsed() >= SHOW_AFTER and \
                self.canvas.itemcget(label.id, "text") != \
                self.winnable_label():
            self.updateText()           # the deals tried so far
        self._schedule_poll()

    def _deal_fallback(self):
        """No deal of the tier within tier_seconds(): a rated deal of the
        tier, where the game has them; else the first winnable deal met,
        if any (the label says so), else the deal on the table stays,
        unscreened."""
        seed = self._rated_deal()
        if seed is not None:
            self._winnable_seen.append(
                (seed, {"winnable": True, "tier": self.winnable_tier}))
            self._deal_winnable(seed)
            return
        if not self._winnable_seen:
            self.updateText()
            return
        seed = self._winnable_seen[0][0]
        self._winnable_fallback = seed
        self._deal_winnable(seed)

    def _rated_deal(self):
        """A rated deal of the tier chosen, drawn by PySolFC's random
        source from those not dealt since this game began (all again once
        each was), or None when the game has none of the tier."""
        rated = self.spec.rated_deals_of(self.winnable_tier)
        if not rated:
            return None
        fresh = [n for n in rated if n not in self._rated_dealt] or rated
        seed = fresh[self.app.gamerandom.randrange(0, len(fresh))]
        self._rated_dealt.add(seed)
        return seed

    def _deal_winnable(self, seed):
        """Deal number ``seed`` through PySolFC's own deal-number path, as
        a random deal (its origin, for the statistics)."""
        from pysollib.pysolrandom import construct_random
        self._winnable_proven.add(seed)
        for number, answer in self._winnable_seen:
            if number == seed and answer.get("tier") in deal_tier.TIERS:
                self._winnable_tier_of[seed] = answer["tier"]
                self.tier_known(deals.deck_for_deal(
                    seed, self.gameinfo.decks), answer["tier"])
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

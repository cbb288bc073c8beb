# SPDX-License-Identifier: GPL-3.0-or-later
"""The tier of the deal being played, on the table: "This deal was: Hard
— winnable only knowing the stock" once the game ends (won or lost), or
at once on the key ``TIER_KEY`` (T) ("This deal is: ...").

The tier is core/deal_tier.py's (easy, medium, hard, lost; undecided when
the solver's budget runs out), asked of the game's search process (the
SearchServer winnable deals screen with, or a worker thread where no child
can start) for the deal's first position, read from PySolFC's history, so
a restart, a loaded game or a deal by number are rated as they are.  The
answer is kept per deal (its cards) for the session: a deal screened for
its tier, or rated once, is not rated again.  The same deal gets the same
tier every time (budgets of states and a fixed seed).

The text takes the place of the winnable-deals label's key reminder,
under the option's choice ("Deals: any" and the tier: the label keeps its
room); a new deal takes it off the table.  Only under Tk, where that label
is (not in PySolFC's Kivy front end).  A mixin under
winnable_deals.WinnableDeals (which calls ``tier_line()`` and
``tier_check()``), using its label and search server.
"""
import traceback

from ..core import deal_tier
from . import toolkit
from .accessibility import bind_keys, game_key
from .background_search import POLL_MS, Task, can_fork
from .history import UnreadableHistory, read_game
from ..texts import tr

TIER_KEY = "t"              # the tier of this deal, now
# Each tier's name and what it means (texts/english.py).
TIER_NAME = {"easy": "winnable.tier.easy", "medium": "winnable.tier.medium",
             "hard": "winnable.tier.hard", "lost": "winnable.tier.lost"}
TIER_WHY = {"easy": "winnable.tier.why_easy",
            "medium": "winnable.tier.why_medium",
            "hard": "winnable.tier.why_hard", "lost": "winnable.tier.why_lost"}


def tier_text(tier, ended):
    """The table's text for a tier (None: undecided); ``ended``: the game
    is over ("This deal was") or still played ("This deal is")."""
    if tier is None:
        return tr("winnable.tier.undecided")
    return tr("winnable.tier.was" if ended else "winnable.tier.is",
              tier=tr(TIER_NAME[tier]), why=tr(TIER_WHY[tier]))


def tier_samples():
    """Every text ``tier_line`` may give (for table_texts.lay_out)."""
    out = [tr("winnable.tier.working"), tr("winnable.tier.undecided")]
    for tier in deal_tier.TIERS:
        out += [tier_text(tier, True), tier_text(tier, False)]
    return out


class DealTierReport:
    """Mixin: see the module text.  Uses the winnable-deals label, its
    search server (``_screen_server()``) and ``spec``."""

    _tier_known = None      # deck (a tuple of card ids) -> tier or None
    _tier_deck = None       # the deck of the deal on the table, once read
    _tier_asked = False     # T pressed for this deal
    _tier_task = None       # (deck, Task) while rating
    _tier_after = None
    _tier_failed = None     # the deck whose rating failed (not retried
                            # by itself: T asks again)

    def create(self, app):
        self._tier_known = {}
        return super().create(app)

    def tier_bindings(self):
        """The T key's bindings (WinnableDeals binds it with its label's)."""
        return bind_keys(self, TIER_KEY, self._tier_key)

    def destruct(self):
        self._tier_cancel()
        super().destruct()

    def newGame(self, *args, **kw):
        self._tier_cancel()
        self._tier_deck, self._tier_asked = None, False
        return super().newGame(*args, **kw)

    # -- what the table says -----------------------------------------------

    def _game_over(self):
        pos = self.position()
        return pos is not None and pos.status() != "playing"

    def _deal_deck(self):
        """The deck of the deal on the table (PySolFC's history read back
        to its start), None when it cannot be read."""
        if self._tier_deck is None:
            try:
                self._tier_deck = tuple(read_game(self).deck)
            except UnreadableHistory:
                return None
            except Exception:           # never break the table's texts
                traceback.print_exc()
                return None
        return self._tier_deck

    def tier_known(self, deck, tier):
        """Keep a tier found elsewhere (a screened deal's), under the deck
        as PySolFC's history reads it back (spec.deck_of its deal)."""
        if self._tier_known is not None:
            spec = self.spec
            self._tier_known[tuple(spec.deck_of(spec.new_game(
                list(deck))))] = tier

    def tier_line(self):
        """The tier's text for the label, or None: after the game or on
        request; while rating on request, that it is working."""
        ended = self._game_over()
        if not (ended or self._tier_asked) or self._tier_deck is None:
            return None
        known = self._tier_known or {}
        if self._tier_deck in known:
            return tier_text(known[self._tier_deck], ended)
        if self._tier_asked and self._tier_task is not None:
            return tr("winnable.tier.working")
        return None

    def tier_check(self):
        """From updateText: a game just over gets its deal rated."""
        if self._tier_task is None and self._game_over() and \
                getattr(self, "_winnable_label", None) is not None and \
                self._deal_deck() != self._tier_failed:
            self._tier_start()

    def tier_test_state(self):
        known = self._tier_known or {}
        deck = self._tier_deck
        return {"tier": {"asked": self._tier_asked,
                         "rating": self._tier_task is not None,
                         "known": deck is not None and deck in known,
                         "tier": known.get(deck) if deck else None,
                         "line": self.tier_line()}}

    # -- the key, the search -------------------------------------------------

    def _tier_key(self, event=None):
        return game_key(self, event, self.ask_tier)

    def ask_tier(self):
        """The tier of this deal, now (the T key)."""
        self._tier_asked, self._tier_failed = True, None
        self._tier_start()
        self.updateText()
        line = self.tier_line()
        if line is not None:
            self.speak(line)

    def _tier_start(self):
        deck = self._deal_deck()
        if deck is None or deck in self._tier_known or \
                self._tier_task is not None:
            return
        spec = self.spec
        pos = spec.new_game(list(deck))
        worker = spec.search_worker.WORKER
        request = worker.position_request(
            pos, spec.winnable_states, **deal_tier.request_fields(spec.name))
        server = self._screen_server() if can_fork() else None

        def job(should_stop, progress):
            if server is None:
                return worker.answer(request, progress, should_stop)
            return server.ask(request, should_stop)
        self._tier_task = (deck, Task(job, "deal tier"))
        self._tier_after = toolkit.after(self.top, POLL_MS, self._tier_poll)

    def _tier_cancel(self):
        run, self._tier_task = self._tier_task, None
        if run is not None:
            run[1].cancel()
        after_id, self._tier_after = self._tier_after, None
        if after_id is not None:
            try:
                toolkit.after_cancel(self.top, after_id)
            except Exception:
                pass

    def _tier_poll(self):
        self._tier_after = None
        run = self._tier_task
        if run is None or not toolkit.is_current(self):
            return
        deck, task = run
        if not task.done:
            self._tier_after = toolkit.after(self.top, POLL_MS,
                                             self._tier_poll)
            return
        self._tier_task = None
        if task.error is not None or task.result is None:
            self._tier_failed = deck    # (a failed search was printed)
            self.updateText()
            return
        self._tier_known[deck] = task.result["tier"]
        self.updateText()
        line = self.tier_line()
        if line is not None:
            self.speak(line)

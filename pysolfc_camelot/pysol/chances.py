# SPDX-License-Identifier: GPL-3.0-or-later
"""Your chances, in PySolFC: a mixin for our games (``ChanceGame``).

The key C (free in PySolFC 3.2, 3.6 and upstream's source), or a click
on the table text, estimates how often the position on the table is
winnable over the orders the hidden cards may have: the strong fair
player's sampler (core/fair_player.chance through core/fair_hint.py)
draws orders consistent with what the player sees and solves each
exactly, in a search process of its own (the game's search_worker, a
``chance`` request; in a worker thread where no child can start), never
on the event loop.  The table text says how long it has run (C or a
click stops it), then the estimate with its 95% interval's half width,
which is also spoken where the host speaks (accessibility.py).  Once the
position changes the text clears (it comes back if the player returns to
that very position); a run for a position left behind is dropped.

PySolFC lets no game add menu entries (post_mortem.py says the same), so
the way in is the key and the text.  A mixin of game_base.OurGame: it
reads the game's ``spec`` (its search worker, position key, text
namespace) and ``position()``; the game calls ``chance_text_create(x,
y, width)`` in createGame and ``chance_text_update()`` in updateText;
table_texts.lay_out places the text under What went wrong.
"""
import time

from . import table_texts, test_hooks, toolkit
from .accessibility import bind_keys, game_key, unbind_keys
from .background_search import POLL_MS, Task, can_fork, process_job
from ..core import fair_hint
from ..texts import decimal, tr

CHANCE_KEY = "c"
STATE_SUFFIX = ".chance"        # the test state file of this module


def percent_and_error(result):
    """(percent, error) in whole points of a chance_answer: the share and
    the larger distance from it to its interval's ends (at least 1 point
    unless exact)."""
    share = result["chance"]
    lo, hi = result["interval"]
    error = max(share - lo, hi - share) * 100
    if not result.get("exact"):
        error = max(1, int(error + 0.5))
    else:
        error = 0
    return int(share * 100 + 0.5), error


def chance_texts(result, hidden, lang=None):
    """(full, short) table texts of a chance_answer."""
    if result is None or result.get("chance") is None:
        text = tr("game.chance.unknown", lang=lang)
        return text, text.split("\n")[0]
    percent, error = percent_and_error(result)
    key = "game.chance.exact" if result.get("exact") \
        else "game.chance.estimate"
    return (tr(key, lang=lang, percent=percent, error=error, hidden=hidden),
            tr("game.chance.short", lang=lang, percent=percent, error=error))


class ChanceGame:
    """Mixin for our PySolFC Game classes; see the module text."""

    _chance_text = None         # the table text (MfxCanvasText)
    _chance_bindings = ()
    _chance_run = None          # (position key, Task) while estimating
    _chance_after = None        # pending poll
    _chance_done = None         # (position key, result) of the latest
    _chance_shown = None        # what the table shows
    _chance_state_said = None   # what the test state file last said

    # -- PySolFC's game life ---------------------------------------------

    def create(self, app):
        result = super().create(app)
        self._chance_bindings = bind_keys(self, CHANCE_KEY,
                                          self._chance_pressed)
        return result

    def destruct(self):
        self.chance_cancel()
        unbind_keys(self, self._chance_bindings)
        self._chance_bindings = ()
        self._chance_text = None
        super().destruct()

    # -- the table text ----------------------------------------------------

    def chance_text_create(self, x, y, width):
        """The table text at (x, y) (top left), ``width`` pixels wide where
        the table's layout does not place it (Kivy)."""
        if self.preview > 1:
            return
        self._chance_text = toolkit.clickable_text(self, x, y, width,
                                                   self._chance_pressed)

    def _chance_words(self):
        """The key of the words for the game's hidden cards (its
        hidden.py's CHANCE_TEXT), None for a game without a fair player."""
        try:
            return self.spec.part("hidden").CHANCE_TEXT
        except (ImportError, AttributeError):
            return None

    def _chance_hidden(self):
        return tr(self._chance_words())

    def chance_forms(self):
        """Every text the table may show, then their short forms, for
        table_texts.lay_out (the widest numbers stand for all)."""
        if self._chance_words() is None:
            return [[""], [""]]
        hidden = self._chance_hidden()
        working = tr("game.chance.working", seconds=decimal(999, 0))
        unknown = tr("game.chance.unknown")
        full = [tr("game.chance.estimate", percent=100, error=10,
                   hidden=hidden),
                tr("game.chance.exact", percent=100, hidden=hidden),
                working, unknown]
        short = [tr("game.chance.short", percent=100, error=10)] * 2 + \
            table_texts.first_lines([working, unknown])
        return [full, short]

    def _chance_key(self):
        pos = self.position()
        return None if pos is None else self.spec.position_key(pos)

    def chance_offer(self):
        """(full, short) of what the text says now ("" when nothing)."""
        run = self._chance_run
        if run is not None:
            # whole seconds: the text (and Tk's drawing) changes once a second
            text = tr("game.chance.working",
                      seconds=decimal(int(run[1].elapsed()), 0))
            return text, text.split("\n")[0]
        done = self._chance_done
        if done is None or done[0] != self._chance_key():
            return "", ""               # the position changed: cleared
        return chance_texts(done[1], self._chance_hidden())

    def chance_text_update(self):
        """Called by updateText."""
        if self._chance_text is None:
            return
        full, short = self.chance_offer()
        placed = getattr(self, "_placed", {}).get("chance")
        if placed is not None:
            if (full, placed) == self._chance_shown and \
                    self._chance_state_said == self._chance_state_key():
                return                  # nothing changed: nothing to write
            if (full, placed) != self._chance_shown:
                self._chance_shown = (full, placed)
                self._chance_text.config(width=0)
                table_texts.show_best(self.canvas, self._chance_text,
                                      placed, full, short)
        elif full != self._chance_shown or \
                self._chance_state_said != self._chance_state_key():
            self._chance_shown = full
            self._chance_text.config(text=full)
        else:
            return                      # nothing changed: nothing to write
        self._chance_write_state()

    # -- C or a click --------------------------------------------------------

    def _chance_pressed(self, event=None):
        return game_key(self, event, self._chance_act)

    def _chance_act(self):
        if self.busy:
            return
        if self._chance_run is not None:
            self.chance_cancel()
        else:
            self.chance_start()
        self.chance_text_update()

    def chance_start(self):
        """Estimate the chances of the position on the table, off the
        event loop (or show the answer known for this very position)."""
        pos, key = self.position(), self._chance_key()
        if pos is None or pos.status() != "playing" or \
                self._chance_words() is None:
            return
        done = self._chance_done
        if done is not None and done[0] == key:
            self._chance_speak(done[1])
            return
        worker = self.spec.search_worker
        request = worker.position_request(
            pos, kind="chance",
            seconds=fair_hint.CHANCE_SECONDS)
        if can_fork():
            job = process_job(self.spec.search_worker_module, request,
                              lambda result: result)
        else:
            def job(should_stop, progress):
                return worker.WORKER.answer(request, progress, should_stop)
        self._chance_run = (key, Task(job, "chance"))
        self._chance_after = toolkit.after(self.top, POLL_MS,
                                           self._chance_poll)

    def chance_cancel(self):
        """Drop the run under way (its process is stopped) and its poll."""
        if self._chance_run is not None:
            self._chance_run[1].cancel()
        pending = self._chance_after
        self._chance_run = self._chance_after = None
        if pending is not None:
            try:                        # (the window may be gone)
                toolkit.after_cancel(self.top, pending)
            except Exception:
                pass

    def _chance_poll(self):
        self._chance_after = None
        run = self._chance_run
        if run is None or not toolkit.is_current(self):
            return
        key, task = run
        if key != self._chance_key():
            # The player moved on: the answer would be of another position.
            self.chance_cancel()
            self.chance_text_update()
            return
        if not task.done:
            self.chance_text_update()
            self._chance_after = toolkit.after(self.top, POLL_MS,
                                               self._chance_poll)
            return
        self._chance_run = None
        result = None if task.error is not None else task.result
        self._chance_done = (key, result)
        self.chance_text_update()
        self._chance_speak(result)

    def _chance_speak(self, result):
        speak = getattr(self, "speak", None)         # accessibility.py
        if speak is not None:
            speak(" ".join(chance_texts(result, self._chance_hidden())[0]
                           .split()))

    # -- for the tests -------------------------------------------------------

    def _chance_state_key(self):
        done = self._chance_done
        return (self._chance_run is not None, done is not None and
                done[0] == self._chance_key(), self.moves.index)

    def _chance_write_state(self):
        """CAMELOT_TEST_STATE_FILE + ".chance": what this module shows
        (tests only; nothing when the variable is not set)."""
        if not test_hooks.test_state_wanted() or self._chance_text is None:
            return
        self._chance_state_said = self._chance_state_key()
        c = self.canvas
        placed = getattr(self, "_placed", {}).get("chance")
        done = self._chance_done
        test_hooks.write_test_state({
            "text": toolkit.text_of(c, self._chance_text),
            "bbox": list(toolkit.bbox_of(c, self._chance_text) or ()),
            "hidden": bool(placed is not None and placed.hidden),
            "running": self._chance_run is not None,
            "current": done is not None and done[0] == self._chance_key(),
            "result": None if done is None else done[1],
            "moves": self.moves.index, "time": time.time()},
            suffix=STATE_SUFFIX)

# SPDX-License-Identifier: GPL-3.0-or-later
"""What went wrong, in PySolFC: a mixin for our games (``PostMortemGame``).

The key W, or a click on the table text that names it, asks the exact
solver where the game was lost.  The game is read from PySolFC's own
history (pysol_history.read_game), so the record follows undo, redo, save
and load by itself, and nothing of ours goes into a save.

The analysis (analysis.py through review.py) runs in a search process of
its own (search_process.process_job; in a worker thread where no child can
start), never on the event loop; the table text shows how long it has run,
and W or a click stops it.  Its answer comes in one of PySolFC's message
dialogs, in the player's language: whether the deal could be won, the
last moment a win was still possible, the move played there and a move
that would have kept the win.  An undecided analysis says so, with what
it did prove.

Back to that moment: the dialog's first button, or W (or a click) while
the table text offers it, undoes PySolFC moves through PySolFC's own
Edit > Undo until the game stands there (Redo returns to where the player
was), then points at the better move with PySolFC's hint arrow
(Game.drawHintArrow, as Assist > Hint shows it, for as long as the
player's hint timeout says).

PySolFC lets no game add menu entries, so the way in is the key and the
table text.  When the game is lost the text says so ("No moves left"),
with or without PySolFC's own stuck notice (Options > Stuck notification).

A mixin of game_base.OurGame: it reads the game's ``spec`` (its name,
notation, rules and deal order) and what game_base.py lists
(``position_of``, ``hint_tuple``); the game calls ``review_text_create(x,
y, width)`` where the text goes in createGame and ``review_text_update()``
at the end of updateText.
"""
import time

from ..core import review
from . import table_texts, test_hooks, toolkit
from .accessibility import bind_keys, game_key, unbind_keys
from .assist import HINT_LEVEL_PLAYER
from .history import UnreadableHistory, history_key, read_game, same_key
from .background_search import POLL_MS, Task, can_fork, process_job
from ..texts import decimal, language, tr, with_detail

REVIEW_KEY = "w"
ARROW_DELAY_MS = 150            # from going back to the arrow
STATE_SUFFIX = ".review"        # the test state file of this module


class PostMortemGame:
    """Mixin for our PySolFC Game classes; see the module text."""

    _review_text = None         # the table text (MfxCanvasText)
    _review_below = None        # the canvas text it stays under
    _review_wrap = (0, 0, False)    # wrap width, stacks' span, stretch
    _review_bindings = ()
    _review_run = None          # (key, record, Task) while analysing
    _review_after = None        # pending poll
    _review_done = None         # (record, verdict) of the latest answer
    _review_better = None       # (key, move's name) after going back
    _review_shown = None        # the text on the table

    # -- PySolFC's game life ---------------------------------------------

    def create(self, app):
        result = super().create(app)
        self._review_bindings = bind_keys(self, REVIEW_KEY, self._review_key)
        return result

    def destruct(self):
        self.review_cancel()
        unbind_keys(self, self._review_bindings)
        self._review_bindings = ()
        self._review_text = None
        super().destruct()

    def updateStuck(self):
        was_stuck = self.stuck
        super().updateStuck()
        if toolkit.is_current(self):
            self.review_text_update()
            if self.stuck and not was_stuck and self._review_text is not None:
                # A screen reader hears the offer the table shows.
                speak = getattr(self, "speak", None)
                if speak is not None:
                    speak(" ".join(tr("solver.review.offer_stuck").split()))

    # -- the table text ----------------------------------------------------

    def review_text_create(self, x, y, width, below=None, stretch=False):
        """The table text at (x, y) (its top left), wrapped at ``width``
        pixels (as wide as ``below`` at least, and with ``stretch``, as wide
        as the canvas leaves room for: nothing lies right of it); called
        by createGame.  It moves with PySolFC's scaling (Game.texts.list),
        and keeps clear of the canvas text ``below`` (one that may grow, or
        keep its size while the cards shrink): it then sits half a line
        under it."""
        if self.preview > 1:
            return
        self._review_text = toolkit.clickable_text(self, x, y, width,
                                                   self._review_key)
        self._review_below = below
        self._review_wrap = (width, self._review_span(), stretch)

    def _review_span(self):
        """How far apart the stacks lie across: PySolFC's scaling of the
        table changes it, and the text's wrap width follows."""
        xs = [stack.x for stack in self.allstacks]
        return max(xs) - min(xs) if xs else 0

    def _review_offer(self):
        """What the table text says now, and what W does: "stop",
        "back", "start"."""
        run = self._review_run
        if run is not None:
            seconds = decimal(run[2].elapsed())
            return tr("solver.review.working", seconds=seconds), "stop"
        key = history_key(self)
        back = self._review_back_to()
        if back is not None:
            if back == 0:
                return tr("solver.review.back_deal_offer"), "back"
            return tr("solver.review.back_offer", k=back), "back"
        better = self._review_better
        if better is not None and same_key(better[0], key):
            return tr("solver.review.better_here", move=better[1]), "start"
        pos = self.position()
        if pos is not None and pos.status() == "lost":
            return tr("solver.review.offer_stuck"), "start"
        return tr("solver.review.offer"), "start"

    def review_forms(self):
        """The table text's every offer, then their first lines (the
        short form), for table_texts.lay_out."""
        # Room for the longest move name of the game, in the language.
        longest = self.spec.notation.longest_name()
        samples = [tr("solver.review.offer"), tr("solver.review.offer_stuck"),
                   tr("solver.review.working", seconds=decimal(99.9)),
                   tr("solver.review.back_offer", k=999),
                   tr("solver.review.back_deal_offer"),
                   tr("solver.review.better_here", move=longest)]
        # The better move's short form is the move itself.
        return [samples, table_texts.first_lines(samples[:-1]) + [longest]]

    def _review_short(self, text):
        """The table text's short form, where room is short: its first
        line; for "A better move here:" the move itself."""
        better = self._review_better
        if better is not None and text == tr("solver.review.better_here",
                                             move=better[1]):
            return better[1]
        return text.split("\n")[0]

    def review_text_update(self):
        """Called by updateText (and after the stuck check)."""
        if self._review_text is None:
            return
        text, _action = self._review_offer()
        placed = getattr(self, "_placed", {}).get("review")
        if placed is not None:          # sized and placed with the table
            if (text, placed) != self._review_shown:
                self._review_shown = (text, placed)
                self._review_text.config(width=0)
                table_texts.show_best(self.canvas, self._review_text, placed,
                                      text, self._review_short(text))
            self._review_write_state()
            return
        if toolkit.is_kivy():           # PySolFC's Kivy canvas places it
            self._review_text.config(text=text)
            self._review_write_state()
            return
        # The wrap width scales with the table, but never below the room
        # left on the canvas (or the text above it): the font does not
        # shrink with the cards.
        width0, span, stretch = self._review_wrap
        c = self.canvas
        width = int(width0 * self._review_span() / span) if span else width0
        if stretch:
            room = c.canvasx(c.winfo_width()) - \
                c.coords(self._review_text.id)[0]
            width = max(width, int(min(width0, room - 4)))
        if self._review_below is not None:
            box = c.bbox(self._review_below.id)
            if box:
                width = max(width, box[2] - box[0])
        if (text, width) != self._review_shown:
            self._review_shown = (text, width)
            self._review_text.config(text=text, width=width)
        below = self._review_below
        if below is not None:
            box = c.bbox(below.id)
            if box:
                x = c.coords(self._review_text.id)[0]
                y0, y1 = box[1], box[3]
                lines = max(1, len(c.itemcget(below.id, "text").split(
                    "\n")))
                c.coords(self._review_text.id, x,
                         y1 + (y1 - y0) // (2 * lines))
        self._review_write_state()

    # -- W or a click --------------------------------------------------------

    def _review_key(self, event=None):
        return game_key(self, event, self._review_act)

    def _review_act(self):
        if self.busy:
            return
        action = self._review_offer()[1]
        if action == "stop":
            self.review_cancel()
            self.review_text_update()
        elif action == "back":
            record, v = self._review_done
            self.review_take_back(record, v)
        else:
            self.review_start()

    # -- the analysis --------------------------------------------------------

    def review_start(self):
        """Read the game and analyse it off the event loop (or show the
        answer already known for this very game)."""
        try:
            record = read_game(self)
        except UnreadableHistory as e:
            self._review_dialog([with_detail("solver.review.unreadable",
                                             e)], None)
            return
        done = self._review_done
        if done is not None and same_key(done[0].key, record.key) and \
                done[0].deck == record.deck:
            self._review_show(*done)
            return
        req = review.request(self.spec.name, record.deck, record.moves,
                             budget=self._review_budget())
        if can_fork():
            job = process_job(review.__name__, req, lambda result: result)
        else:
            def job(should_stop, progress):
                return review.answer(req, progress, should_stop)
        self._review_run = (record.key, record, Task(job, "review"))
        self._review_done = None
        self.review_text_update()
        self._review_after = toolkit.after(self.top, POLL_MS,
                                           self._review_poll)

    @staticmethod
    def _review_budget():
        return test_hooks.review_budget(review.BUDGET_SECONDS)

    def review_cancel(self):
        run, self._review_run = self._review_run, None
        if run is not None:
            run[2].cancel()
        after_id, self._review_after = self._review_after, None
        if after_id is not None:
            try:
                toolkit.after_cancel(self.top, after_id)
            except Exception:
                pass

    def _review_poll(self):
        self._review_after = None
        run = self._review_run
        if run is None or not toolkit.is_current(self):
            return
        key, record, task = run
        if not same_key(key, history_key(self)):
            # The player moved on (or a new game began): the answer would
            # be about another game.
            self.review_cancel()
            self.review_text_update()
            return
        if not task.done:
            self.review_text_update()
            self._review_after = toolkit.after(self.top, POLL_MS,
                                           self._review_poll)
            return
        self._review_run = None
        if task.error is not None:
            self.review_text_update()
            self._review_dialog([with_detail("solver.review.failed",
                                             task.error)], None)
            return
        v = review.verdict(self.spec.name, task.result,
                           self._review_budget())
        self._review_done = (record, v)
        self.review_text_update()
        self._review_show(record, v)

    def _review_back_to(self):
        """PySolFC's move count the latest answer offers to go back to,
        if it still applies and lies behind the player."""
        done = self._review_done
        if done is None or self._review_run is not None:
            return None
        record, v = done
        if not same_key(record.key, history_key(self)) or \
                v.last_winnable is None or v.status == "won" or not v.line:
            return None
        g = review.moment(record.numbers, v.last_winnable)
        return g if g < self.moves.index else None

    def _review_show(self, record, v):
        lines = review.describe(self.spec.name, v, record.positions,
                                record.numbers, lang=language())
        back = self._review_back_to()
        if back is not None:
            action = tr("solver.review.back_deal") if back == 0 else \
                tr("solver.review.back", k=back)
        elif v.last_winnable is not None and v.better is not None and \
                v.status != "won":
            action = tr("solver.review.show")
        else:
            action = None
        if self._review_dialog(lines, action):
            self.review_take_back(record, v)

    def _review_dialog(self, lines, action):
        """PySolFC's message dialog with ``lines``; True when the player
        chose ``action`` (the first button; none if None)."""
        from pysollib.pysoltk import MfxMessageDialog
        from pysollib.settings import TOOLKIT
        close = tr("solver.review.close")
        strings = (action, close) if action else (close,)
        self._review_write_state(dialog=lines)
        d = MfxMessageDialog(self.top, title=tr("solver.review.title"),
                             text="\n\n".join(lines), bitmap="info",
                             justify="left", strings=strings, default=0)
        self._review_write_state()
        # Kivy's dialogs do not wait for a button: there the table text
        # offers the way back instead.
        return bool(action) and TOOLKIT != "kivy" and d.status == 0 and \
            d.button == 0 and toolkit.is_current(self)

    # -- back to the moment, and the arrow ---------------------------------

    def review_take_back(self, record, v):
        """Undo, through PySolFC's Edit > Undo, to the last moment a win was
        possible, then show the better move with the hint arrow."""
        k = v.last_winnable
        g = review.moment(record.numbers, k)
        menubar = getattr(self.app, "menubar", None)
        while self.moves.index > g:
            before = self.moves.index
            if menubar is not None:
                menubar.mUndo()
            elif self.canUndo():
                self.undo()
            if self.moves.index >= before:
                break               # PySolFC refused (a drag under way)
        if self.moves.index != g:
            self.review_text_update()
            return
        played = record.numbers[g]
        move = v.better if played == k else record.moves[played]
        pos = record.positions[played]
        name = self.spec.notation.name_move(pos, move, lang=language())
        self._review_better = (history_key(self), name)
        self.review_text_update()
        speak = getattr(self, "speak", None)     # accessibility.py
        if speak is not None:
            speak(" ".join(tr("solver.review.better_here", move=name).split()))
        # The arrow once Tk has drawn the table where the dialog was.
        toolkit.after(self.top, ARROW_DELAY_MS, self._review_arrow, move,
                      history_key(self))

    def _review_arrow(self, move, key):
        if not toolkit.is_current(self) or \
                not same_key(key, history_key(self)) \
                or self.busy:
            return
        ncards, src, dst = self.hint_tuple(self, move, HINT_LEVEL_PLAYER)
        if ncards and src is not None and dst is not None:
            sleep = float(self.app.opt.timeouts.get("hint", 1.0))
            self._review_arrow_shown = {
                "from": src.id, "to": dst.id, "ncards": ncards,
                "move": str(move)}
            try:
                self.drawHintArrow(src, dst, ncards, sleep)
            finally:
                self._review_arrow_shown = None
            self._review_write_state()

    # The arrow being drawn (see sleep), or None.
    _review_arrow_shown = None

    def sleep(self, seconds):
        """Game.drawHintArrow draws the arrow, then sleeps holding the event
        loop (Tk's ``after`` without a callback), which may leave the arrow
        in Tk's output buffer, unseen: send it to the screen first, and only
        then say in the state file that it shows (Kivy's arrow never
        sleeps here: it goes by itself, and the file never says it)."""
        arrow, self._review_arrow_shown = self._review_arrow_shown, None
        if arrow is not None:
            try:
                self.top.update()
            except Exception:
                pass
            self._review_write_state(arrow=dict(
                arrow, until=time.time() + seconds))
        return super().sleep(seconds)

    # -- for the tests -------------------------------------------------------

    def _review_write_state(self, **more):
        """CAMELOT_TEST_STATE_FILE + ".review": what this module shows
        (tests only; nothing when the variable is not set)."""
        if not test_hooks.test_state_wanted() or self._review_text is None:
            return
        c = self.canvas
        record = self._review_done[0] if self._review_done else None
        verdict = self._review_done[1] if self._review_done else None
        state = {
            "text": toolkit.text_of(c, self._review_text),
            "bbox": list(toolkit.bbox_of(c, self._review_text) or ()),
            "canvas_origin": toolkit.canvas_origin(c),
            "running": self._review_run is not None,
            "moves": self.moves.index,
            "back_to": self._review_back_to(),
            "verdict": None if verdict is None else {
                "last_winnable": verdict.last_winnable,
                "winnable_at_start": verdict.winnable_at_start,
                "mistake": None if verdict.mistake is None
                else str(verdict.mistake),
                "better": None if verdict.better is None
                else str(verdict.better),
                "numbers": record.numbers},
            "dialog": None, "arrow": None, "time": time.time()}
        state.update(more)
        test_hooks.write_test_state(state, suffix=STATE_SUFFIX)

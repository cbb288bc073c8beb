# SPDX-License-Identifier: GPL-3.0-or-later
"""PySolFC's Assist menu for our games: Hint and the demo off the event
loop, and the Solver... entry.

* ``enable_solver_menu`` / ``restore_solver_menu``: PySolFC creates the
  Assist > Solver... entry greyed out (and without a command) unless
  freecell-solver was found at start-up.  Our games solve themselves, so
  while one of them is the current game the entry is enabled, and when the
  player moves on to another game it gets back exactly the state and
  command PySolFC gave it.  PySolFC's Kivy front end has no Solver dialog
  and no such entry: there, nothing is touched.
* ``AssistedGame``: a mixin of our ``Game`` classes (game_base.OurGame).
  It switches the menu entry on and off with the game's life
  (``create`` and ``destruct``), makes Assist > Hint asynchronous (the
  arrow appears when the search is done, and only if the position has not
  changed meanwhile) and lets a demo step wait for its search without
  blocking.  The search of a hint or a demo move is asked of the game's
  search process (``search_worker``, a SearchServer).

The Solver dialog's search and Play are assist_solver.py's; the searches'
threads and processes background_search.py's.  No PySolFC import.
"""
import time
import weakref

from . import assist_solver_dialog as solver_dialog, test_hooks, toolkit
from ..core.budget import Budget
from ..core.outcome import PLAYING
from .background_search import POLL_MS, SearchServer, Task, can_fork

# The hint levels PySolFC passes to showHint, its Hint_Class and its demo
# (PySolFC numbers them; later versions name them so in pysollib/hint.py).
HINT_LEVEL_PLAYER = 0       # Assist > Hint
HINT_LEVEL_DEBUG = 1        # the same, with the hint's score (Ctrl+H)
HINT_LEVEL_DEMO = 2         # the demo and its automatic deal
HINT_LEVEL_SOLVER = 3       # the Solver dialog's Play

DEMO_WAIT = 0.01        # a demo step waiting for its search yields this long
SOLVER_MENU = ".menubar.assist.solver"


# -------------------------------------------------------- the menu entry

# app -> (state, command) as PySolFC made the entry, while we changed it
_saved_entries = weakref.WeakKeyDictionary()
# app -> the Tcl command name of app.menubar.mSolver, registered once
_commands = weakref.WeakKeyDictionary()


def solver_entry(app):
    """(menu, index) of Assist > Solver..., or None (no menubar; or
    PySolFC's Kivy front end, which has no Solver dialog and no entry)."""
    if toolkit.is_kivy():
        return None
    menubar = getattr(app, "menubar", None)
    entry = getattr(menubar, "menupath", {}).get(SOLVER_MENU)
    return None if entry is None else entry[:2]


def enable_solver_menu(app):
    entry = solver_entry(app)
    if entry is None:
        return False
    menu, index = entry
    if app not in _saved_entries:
        _saved_entries[app] = (str(menu.entrycget(index, "state")),
                               str(menu.entrycget(index, "command")))
    command = _commands.get(app)
    if command is None:
        command = _commands[app] = menu.register(
            lambda: solver_dialog.open_for(app))
    menu.entryconfig(index, state="normal", command=command)
    return True


def restore_solver_menu(app):
    saved = _saved_entries.pop(app, None)
    entry = solver_entry(app)
    if saved is None or entry is None:
        return False
    menu, index = entry
    state, command = saved
    menu.entryconfig(index, state=state, command=command)
    return True


# ------------------------------------------------------------------ games

class AssistedGame:
    """Mixin of our PySolFC Game classes (game_base.OurGame).  What it
    reads of the game is its ``spec`` (search worker, position key, quick
    move, hint setting) and what game_base.py lists.  Its Hint class asks
    ``assist_move(level)``, whose answer is then always ready."""

    _assist_task = None         # (key, Task) of the search under way
    _assist_answers = None      # key -> answer, for the latest positions
    _assist_hint = None         # (key, level, sleep) of a hint to show
    _assist_after = None        # pending Tk ``after`` of the hint poll
    _assist_server = None       # SearchServer of this game, if started
    _assist_unwatch = None      # stops toolkit.watch_canvas, if started

    # -- PySolFC's game life: the Solver menu entry follows it -------------

    def create(self, app):
        result = super().create(app)
        if toolkit.is_current(self):
            enable_solver_menu(app)
            solver_dialog.dress(self)       # a dialog left open
            if test_hooks.test_state_wanted():
                # The tests' state file says where the stacks are on
                # screen; under Kivy a resize moves them silently.
                self._assist_unwatch = toolkit.watch_canvas(
                    self.canvas, self.updateText)
        return result

    def destruct(self):
        self.assist_cancel()
        if self._assist_unwatch is not None:
            self._assist_unwatch()
            self._assist_unwatch = None
        if self._assist_server is not None:
            self._assist_server.close()
            self._assist_server = None
        if toolkit.is_current(self):
            restore_solver_menu(self.app)
            solver_dialog.undress()
        super().destruct()

    # -- the hint mode -----------------------------------------------------

    def _toggle_hint_mode(self, event=None):
        """A click on the hint label (or M): fair <-> perfect, kept for the
        next start (the game's hint_modes.py)."""
        self.hint_mode = self.spec.hint_setting.toggle(self.app,
                                                       self.hint_mode)
        self.hints.list = None
        self.updateText()

    def hint_label(self, mode=None):
        """The table's hint-mode label, for this game's mode or ``mode``."""
        from ..texts import tr
        mode = tr("game.hints." + (mode or self.hint_mode))
        return tr("game.hints.label", mode=mode)

    # -- searches ----------------------------------------------------------

    def assist_job(self, level):
        """The search behind a hint or a demo move: ``(key, job)``, key
        identifying everything the answer depends on (the hint mode, the
        demo's own budget of a perfect search, the position), job
        ``job(should_stop, progress)`` computing the answer from a copy of
        the position in a worker thread, which asks this game's search
        server (a child process; where none can start, the job searches
        itself)."""
        pos, mode = self.position(), self.hint_mode
        for_demo = level >= HINT_LEVEL_DEMO
        spec = self.spec
        key = (mode, for_demo and mode == "perfect",
               None if pos is None else spec.position_key(pos))
        worker = spec.search_worker
        server = self.assist_server(worker.__name__)

        def job(should_stop, progress):
            if pos is None or pos.status() != PLAYING:
                return None
            if server is None:
                return spec.choose_move_here(pos, mode, for_demo,
                                             should_stop)
            move = server.ask(worker.position_request(
                pos, kind="hint", mode=mode, for_demo=for_demo), should_stop)
            return None if move is None else worker.WORKER.parse_move(move)
        return key, job

    def assist_server(self, module):
        """This game's SearchServer running ``python -m module --server``
        (started on first use, closed with the game); None where no child
        process can be started (the search then runs in the thread)."""
        if not can_fork():
            return None
        if self._assist_server is None:
            self._assist_server = SearchServer(module)
        return self._assist_server

    def assist_ready(self, level):
        """True once the answer for the current position is known; starts
        (or keeps running) its search otherwise.  Never blocks."""
        key, job = self.assist_job(level)
        answers = self._assist_answers
        if answers is None:
            answers = self._assist_answers = {}
        if key in answers:
            return True
        running = self._assist_task
        if running is not None and (running[0] != key or
                                    running[1].cancelled):
            running[1].cancel()             # a stale search: drop it
            running = None
        if running is None:
            running = self._assist_task = (key, Task(job, "hint"))
        task = running[1]
        if not task.done:
            return False
        self._assist_task = None
        if len(answers) > 256:
            answers.clear()
        # A failed search (already printed) answers None: the game's own
        # quick fallback then decides, rather than a search forever.
        answers[key] = None if task.error is not None else task.result
        return True

    def assist_answer(self, level):
        """(True, answer) when known for the current position, else
        (False, None)."""
        key, _job = self.assist_job(level)
        answers = self._assist_answers or {}
        if key in answers:
            return True, answers[key]
        return False, None

    def assist_move(self, level):
        """The move a hint (or a demo step) of ``level`` shows: the
        search's answer, read, never waited for; without one (a failed
        search, already reported), the spec's quick move.  None when the
        game is not being played or nothing is left to do."""
        pos = self.position()
        if pos is None or pos.status() != PLAYING:
            return None
        found, move = self.assist_answer(level)
        if not found or move is None or not pos.is_legal(move):
            move = self.spec.quick_move_of(pos)
        return move if move is not None and pos.is_legal(move) else None

    def assist_cancel(self):
        running = self._assist_task
        if running is not None:
            running[1].cancel()
        self._assist_task = None
        self._assist_hint = None
        after_id = self._assist_after
        self._assist_after = None
        if after_id is not None:
            try:
                toolkit.after_cancel(self.top, after_id)
            except Exception:
                pass

    # -- Assist > Hint: shown when ready -----------------------------------

    def showHint(self, level=HINT_LEVEL_PLAYER, sleep=1.5, taken_hint=None):
        if level >= HINT_LEVEL_DEMO or self.assist_ready(level):
            self._assist_hint = None
            return super().showHint(level, sleep, taken_hint)
        # PySolFC asks synchronously; answer later, without blocking.
        self._assist_hint = (self.assist_job(level)[0], level, sleep)
        if self._assist_after is None:
            self._assist_after = toolkit.after(self.top, POLL_MS,
                                               self._assist_poll)
        return None

    def _assist_poll(self):
        self._assist_after = None
        if not toolkit.is_current(self) or self._assist_hint is None:
            return
        key, level, sleep = self._assist_hint
        if self.demo or self.assist_job(level)[0] != key:
            self._assist_hint = None        # the player moved on: drop it
            return
        if not self.assist_ready(level):
            self._assist_after = toolkit.after(self.top, POLL_MS,
                                               self._assist_poll)
            return
        self._assist_hint = None
        if self.busy:
            return
        if super().showHint(level, sleep):
            self.stats.hints += 1           # as Assist > Hint counts them

    # -- the demo and the Solver's Play: a step waits for its search -------

    def playOneDemoMove(self, demo):
        if demo.level >= HINT_LEVEL_SOLVER:
            solver = self.solver
            ready = getattr(solver, "line_ready", None)
            waiting = ready is not None and not ready()
        else:
            waiting = not self.assist_ready(demo.level)
        if waiting:
            # Not finished: PySolFC's demo runs the event loop and calls
            # again; the search goes on in its thread meanwhile.
            time.sleep(DEMO_WAIT)
            return 0
        return super().playOneDemoMove(demo)

    def stopDemo(self, event=None):
        super().stopDemo(event)
        running = self._assist_task
        if running is not None and self._assist_hint is None:
            running[1].cancel()
            self._assist_task = None

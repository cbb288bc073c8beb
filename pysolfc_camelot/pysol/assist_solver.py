# SPDX-License-Identifier: GPL-3.0-or-later
"""The search behind PySolFC's Solver dialog, for our games.

``Solver`` keeps the contract of PySolFC's Solver dialog
(``Solver_Class(game, dialog)``, ``config``, ``computeHints``, ``hints``,
``solver_state``, ``getHints`` for Play) with the search in a ``Task``:
progress in the dialog, Start turning into Stop while it runs, and the
search stopped when the dialog closes, a new game starts or the position
changes.  Play then follows the winning line found.  The search runs in
the game's search process (``search_worker``) where one can start, else
in the worker thread.  The dialog's face is assist_solver_dialog.py's.
"""
from . import toolkit
from .assist import HINT_LEVEL_SOLVER
from .background_search import POLL_MS, Task, can_fork, process_job
from ..texts import decimal, tr


class Solver:
    """PySolFC's Solver dialog contract, searching in a worker thread.

    It reads the game's ``spec.search_worker`` (whose WORKER, a
    SearchWorker, solves, in a child process where one can start, else in
    the worker thread) and what game_base.py lists: ``position()``
    (compared with ==: the searched one and the one Play is at) and
    ``hint_tuple``.
    """

    def __init__(self, game, dialog, **kw):
        self.game, self.dialog = game, dialog
        self.options = {}
        self.hints, self.hints_index = [], 0
        self.solver_state = "not_started"
        self.line = []
        self.task = None            # the dialog's search
        self.start_key = None
        self.resolve = None         # (key, Task) re-solving during Play
        self._after = None
        self._start_text = None
        self.moves_before = 0       # moves played before the searched position

    def config(self, **kw):
        self.options.update(kw)

    # -- what the game says ------------------------------------------------

    def position_key(self):
        return self.game.position()

    def hint_tuple(self, move):
        return self.game.hint_tuple(self.game, move, HINT_LEVEL_SOLVER)

    def solve_job(self, max_states):
        """job(should_stop, progress) -> (winnable True/False/None,
        [(position, move), ...] along a winning line, states); made in the
        Tk thread, run in the worker.  The search runs in a process of its
        own where one can start (its memory and its interpreter lock are
        not PySolFC's), else in the worker thread itself."""
        start = self.game.position()
        if start is None:               # still dealing: nothing to solve
            return lambda should_stop, progress: (None, [], 0)
        module = self.game.spec.search_worker
        worker = module.WORKER
        request = worker.position_request(start, max_states)

        def line_of(result):
            line, pos = [], start
            for text in result["moves"]:
                move = worker.parse_move(text)
                line.append((pos, move))
                pos = pos.after(move)
            return result["winnable"], line, result["states"]
        if can_fork():
            return process_job(module.__name__, request, line_of)
        return lambda should_stop, progress: line_of(
            worker.answer(request, progress, should_stop))

    # -- the dialog: Start (and Start again = Stop) --------------------------

    def max_states(self):
        try:
            n = int(self.options.get("max_iters") or 0)
        except (TypeError, ValueError):
            n = 0
        return n if n > 0 else None

    def searching(self):
        return self.task is not None and not self.task.done

    def computeHints(self):
        """Called by the dialog's Start.  Returns at once: the dialog then
        reads an empty hint list, and our own text replaces its verdict
        (after_idle runs before the label is redrawn)."""
        game = self.game
        self.hints, self.solver_state = [None], "unsolved"
        running = getattr(game, "_pysol_dialog_search", None)
        if running is not None and running.searching():
            # Start pressed while a search runs (the button says Stop): the
            # running search stays the game's solver and reports the stop.
            game.solver = running
            running.stop()
            self._later(running._show_progress)
            return
        game._pysol_dialog_search = self
        self.start_key = self.position_key()
        self.moves_before = game.moves.index
        self.task = Task(self.solve_job(self.max_states()), "solver")
        self._set_start_button(tr("solver.stop"))
        self._later(self._show_progress)
        self._after = toolkit.after(game.top, POLL_MS, self._poll)

    def stop(self):
        """The player's Stop: end the search and say so."""
        if self.task is not None:
            self.task.cancel()

    def _later(self, fn, *args):
        """Run fn in the Tk thread once the dialog's own update is done."""
        try:
            toolkit.after_idle(self.game.top, fn, *args)
        except Exception:
            pass

    def _dialog_alive(self):
        d = self.dialog
        top = getattr(d, "top", None)
        try:
            return top is not None and bool(top.winfo_exists())
        except Exception:
            return False

    def _game_alive(self):
        return toolkit.is_current(self.game) and self.game.solver is self

    def _set_start_button(self, text):
        if not self._dialog_alive():
            return
        button = getattr(self.dialog, "start_button", None)
        if button is None:
            return
        try:
            if self._start_text is None:
                self._start_text = button.cget("text")
            button.config(text=text if text is not None else self._start_text)
        except Exception:
            pass

    def _say(self, text, **fields):
        if not self._dialog_alive():
            return
        try:
            if fields:
                self.dialog.setText(**fields)
            if text is not None:
                self.dialog.result_label["text"] = text
        except Exception:
            pass

    def _fields(self, task, states):
        """The dialog's progress fields: time, the position searched
        (the deal itself or after how many moves) and states."""
        if self.moves_before:
            where = tr("solver.after_moves", n=self.moves_before)
        else:
            where = tr("solver.at_start")
        return {"iter": self._seconds(task), "depth": where,
                "states": str(states)}

    @staticmethod
    def _seconds(task):
        return tr("solver.seconds", seconds=decimal(task.elapsed()))

    def _show_progress(self):
        task = self.task
        if task is None:
            return
        self._say("%s %s" % (tr("solver.searching"), self._seconds(task)),
                  **self._fields(task, task.states))

    def _poll(self):
        self._after = None
        task = self.task
        if task is None:
            return
        game_alive = self._game_alive()
        if not (game_alive and self._dialog_alive()) or \
                self.position_key() != self.start_key:
            # The dialog closed, a new game began or the player moved: the
            # answer would be stale.
            task.cancel()
            self._end_search()
            self._say("", iter="", depth="", states="")
            return
        if not task.done:
            self._show_progress()
            self._after = toolkit.after(self.game.top, POLL_MS, self._poll)
            return
        self._end_search()
        self._finish(task)

    def _end_search(self):
        if getattr(self.game, "_pysol_dialog_search", None) is self:
            self.game._pysol_dialog_search = None
        self._set_start_button(None)

    def _finish(self, task):
        states = task.states
        if task.error is not None:
            text = "%s: %s" % (type(task.error).__name__, task.error)
        elif task.cancelled:
            text = tr("solver.stopped")
        else:
            winnable, line, states = task.result
            if winnable:
                self.line = list(line)
                self.hints = [self.hint_tuple(m) for _k, m in self.line]
                self.hints.append(None)
                self.solver_state = "solved"
                text = tr("solver.position_solvable" if self.moves_before
                          else "solver.solvable", n=len(self.line))
            elif winnable is False:
                self.solver_state = "unsolved"
                text = tr("solver.position_unsolvable" if self.moves_before
                          else "solver.unsolvable")
            else:
                self.solver_state = "intractable"
                text = tr("solver.gave_up", seconds=decimal(task.elapsed()))
        self._say(text, **self._fields(task, states))
        if self.solver_state == "solved" and self._dialog_alive():
            try:
                self.dialog.play_button.config(state="normal")
            except Exception:
                pass

    # -- Play: the demo follows the line ---------------------------------

    def _move_here(self):
        key = self.position_key()
        return next((m for k, m in self.line if k == key), None)

    def line_ready(self):
        """Before each step of Play: True when getHints can answer now.
        Off the line (it should not happen), a new search runs first."""
        if self._move_here() is not None:
            return True
        key = self.position_key()
        if self.resolve is not None and self.resolve[0] != key:
            self.resolve[1].cancel()
            self.resolve = None
        if self.resolve is None:
            self.resolve = (key, Task(self.solve_job(self.max_states()),
                                      "solver"))
            return False
        task = self.resolve[1]
        if not task.done:
            return False
        self.resolve = None
        if task.error is None and task.result and task.result[0]:
            self.line = list(task.result[1])
        return True             # no line: getHints says so, the demo ends

    def getHints(self, taken_hint=None):
        move = self._move_here()
        if move is None:
            return None
        n, src, dst = self.hint_tuple(move)
        return [(999999, 0, n, src, dst, None, None)]

# SPDX-License-Identifier: GPL-3.0-or-later
"""What every game of this package shares with PySolFC's Assist menu.

* ``Task``: a search in a worker thread.  Only the GUI thread touches the
  GUI; it polls the task with ``toolkit.after`` (Tk's ``after``, Kivy's
  Clock) and reads its result when done, so no search ever holds up
  PySolFC's event loop.
* ``enable_solver_menu`` / ``restore_solver_menu``: PySolFC creates the
  Assist > Solver... entry greyed out (and without a command) unless
  freecell-solver was found at start-up.  Our games solve themselves, so
  while one of them is the current game the entry is enabled, and when the
  player moves on to another game it gets back exactly the state and
  command PySolFC gave it.  PySolFC's Kivy front end has no Solver dialog
  and no such entry: there, nothing is touched.
* ``AssistedGame``: a mixin for our ``Game`` classes (list it before
  ``Game``).  It switches the menu entry on and off with the game's life
  (``create`` and ``destruct``), makes Assist > Hint asynchronous (the
  arrow appears when the search is done, and only if the position has not
  changed meanwhile) and lets a demo step wait for its search without
  blocking.  A game supplies ``assist_job(level)``.
* ``SolverBase``: the contract of PySolFC's Solver dialog
  (``Solver_Class(game, dialog)``, ``config``, ``computeHints``, ``hints``,
  ``solver_state``, ``getHints`` for Play) with the search in a ``Task``:
  progress in the dialog, Start turning into Stop while it runs, and the
  search stopped when the dialog closes, a new game starts or the position
  changes.  A game supplies ``search_module`` (its solve_worker, holding
  a ``SearchWorker``) and ``hint_tuple``.
* ``process_job`` / ``serve``: a job whose search runs in a child process
  (``python -m`` a module of the game that calls ``serve``), for searches
  long enough that sharing PySolFC's interpreter would show: the dialog's.

A second game reuses all of it: its Game class lists AssistedGame first
and defines assist_job; its Solver_Class subclasses SolverBase; its
solve_worker module holds a SearchWorker (see camelot/solve_worker.py).
"""
import os
import subprocess
import sys
import threading
import time
import traceback
import weakref

from . import jsonlite, pysol_common, solver_dialog, toolkit

try:
    import select           # only to read a child's answer
except ImportError:         # a frozen PySolFC may lack it: no children
    select = None

POLL_MS = 30            # how often the Tk side looks at a running task
DEMO_WAIT = 0.01        # a demo step waiting for its search yields this long
SOLVER_MENU = ".menubar.assist.solver"


def tr(key, **fields):
    from .texts import tr as translate
    return translate(key, **fields)


def decimal(value):
    """Seconds with one decimal, as the player's language writes them."""
    from .texts import decimal as local_decimal
    return local_decimal(value)


# ------------------------------------------------------------------ tasks

class Task:
    """``job(should_stop, progress)`` run in a daemon thread.

    ``should_stop()`` turns True once ``cancel()`` was called; a job passes
    it on to the solver, which then returns early.  ``progress(states,
    seconds)`` may be called by the job from its thread; the Tk side reads
    ``states`` and ``elapsed()``.  ``done``, ``result`` and ``error`` are
    set by the thread when the job returns (or raises)."""

    def __init__(self, job, name="search"):
        self._stop = threading.Event()
        self.done = False
        self.result = self.error = None
        self.states = 0
        self.started = time.monotonic()
        self.finished = None
        self._thread = threading.Thread(target=self._run, args=(job,),
                                        name="pysolfc-camelot " + name,
                                        daemon=True)
        self._thread.start()

    def _run(self, job):
        try:
            self.result = job(self._stop.is_set, self._progress)
        except BaseException as e:          # reported on the Tk side
            self.error = e
            if not self.cancelled:          # (a cancelled job's end is not)
                traceback.print_exc()
        finally:
            self.finished = time.monotonic()
            self.done = True

    def _progress(self, states, seconds=None):
        self.states = states

    def cancel(self):
        self._stop.set()

    @property
    def cancelled(self):
        return self._stop.is_set()

    def elapsed(self):
        return (self.finished or time.monotonic()) - self.started


# The folder holding this package: a search process imports it from there.
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def process_job(module, request, decode):
    """A Task job that searches in a child process: ``python -m module``
    reads ``request`` (JSON) on stdin, prints ``progress STATES`` lines
    now and then and one ``result JSON`` line at the end; ``decode`` turns
    that JSON into the job's result.  The worker thread only waits on the
    pipe, so the search shares nothing with PySolFC's interpreter: no
    lock, no garbage collection, no freeing of a long search's memory in
    the middle of the event loop.  should_stop kills the child.  Where no
    child can be started (a frozen PySolFC), the caller's in-thread job
    should be used instead (``can_fork()``)."""
    def job(should_stop, progress):
        proc = subprocess.Popen(
            [sys.executable, "-m", module], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, env=_child_env(), cwd=PACKAGE_ROOT,
            close_fds=True)
        try:
            proc.stdin.write(jsonlite.dumps(request).encode())
            proc.stdin.close()
            fd, buf, result = proc.stdout.fileno(), b"", None
            while True:
                if should_stop():
                    return None
                ready, _w, _x = select.select([fd], [], [], 0.05)
                if not ready:
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    word, _sp, rest = line.decode().partition(" ")
                    if word == "progress":
                        progress(int(rest))
                    elif word == "result":
                        result = jsonlite.loads(rest)
            if proc.wait() != 0 or result is None:
                raise RuntimeError("the search process %s ended with %s"
                                   % (module, proc.returncode))
            return decode(result)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
    return job


def can_fork():
    """True where a search may run as ``python -m`` (not in a frozen
    PySolFC, whose executable is PySolFC itself; nor in the Android app,
    whose Python is a library inside the app with no program to start; nor
    without select, which reads the child's answer)."""
    return not getattr(sys, "frozen", False) and bool(sys.executable) \
        and os.name == "posix" and not toolkit.is_android() \
        and select is not None


def serve(solve):
    """The child's side of process_job: ``solve(request, progress)``
    returns the JSON-able result; progress(states) reports."""
    request = jsonlite.loads(sys.stdin.read())

    def progress(states, seconds=None):
        print("progress", int(states), flush=True)
    result = solve(request, progress)
    print("result", jsonlite.dumps(result), flush=True)


def serve_forever(handle):
    """The child's side of a SearchServer: one JSON request per line on
    stdin, one ``result JSON`` line each; ends when stdin closes (PySolFC
    quit, or the server was closed)."""
    def progress(states, seconds=None):
        print("progress", int(states), flush=True)
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        result = handle(jsonlite.loads(line), progress)
        print("result", jsonlite.dumps(result), flush=True)


class SearchWorker:
    """A game's side of its search processes (its ``solve_worker``
    module): how a request carries a position, and what a ``hint`` or a
    ``solve`` request answers.  The same answer serves a child process
    (``main``) and, where none can start, a worker thread.

    position_request(pos, max_states=None, **more) -> a JSON-able request
    position_of(request) -> the rules model's position
    choose_move(pos, mode, for_demo=...) -> the hint policy's move or None
    solve(pos, budget_states=, progress=, should_stop=) -> SolveResult
    parse_move(text) -> a move of the game's notation
    """

    def __init__(self, position_request, position_of, choose_move, solve,
                 parse_move):
        self.position_request, self.position_of = position_request, \
            position_of
        self.choose_move, self.solve = choose_move, solve
        self.parse_move = parse_move

    def answer(self, request, progress, should_stop=None):
        pos = self.position_of(request)
        if request.get("kind") == "hint":
            if pos.status() != "playing":
                return None
            move = self.choose_move(pos, request["mode"],
                                    for_demo=request["for_demo"])
            return None if move is None else str(move)
        res = self.solve(pos, budget_states=request.get("max_states"),
                         progress=progress, should_stop=should_stop)
        return {"winnable": res.winnable,
                "moves": [str(m) for m in res.moves or ()],
                "states": res.states}

    def main(self, argv):
        """``--server``: a SearchServer's child; else one process_job."""
        if argv == ["--server"]:
            serve_forever(self.answer)
        else:
            serve(self.answer)


def _child_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [PACKAGE_ROOT] + [p for p in env.get("PYTHONPATH", "").split(
            os.pathsep) if p])
    return env


class SearchServer:
    """A child process (``python -m module --server``, see serve_forever)
    that answers search requests one at a time and keeps its own caches
    from one request to the next (e.g. the winning line a perfect hint
    follows).  Hints and demo moves ask it from worker threads: the search
    shares neither PySolFC's interpreter lock nor its memory, so the
    event loop never waits for it.  A request whose caller gives up
    (should_stop) while it runs kills the child; the next one starts a
    new child."""

    def __init__(self, module):
        self.module = module
        self.proc = None
        self.lock = threading.Lock()
        self.buf = b""

    def _start(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", self.module, "--server"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_child_env(),
            cwd=PACKAGE_ROOT, close_fds=True)
        self.buf = b""

    def close(self):
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdin.close()
            proc.stdout.close()

    def ask(self, request, should_stop, progress=None):
        """The result for request, or None once should_stop() is True."""
        while not self.lock.acquire(timeout=0.05):
            if should_stop():
                return None
        try:
            line = (jsonlite.dumps(request) + "\n").encode()
            for attempt in (1, 2):          # a child that died: start anew
                if self.proc is None or self.proc.poll() is not None:
                    self.close()
                    self._start()
                proc = self.proc
                try:
                    proc.stdin.write(line)
                    proc.stdin.flush()
                    break
                except OSError:
                    self.close()
                    if attempt == 2:
                        raise
            fd = proc.stdout.fileno()
            while True:
                if should_stop():
                    self.close()
                    return None
                while b"\n" in self.buf:
                    line, self.buf = self.buf.split(b"\n", 1)
                    word, _sp, rest = line.decode().partition(" ")
                    if word == "result":
                        return jsonlite.loads(rest)
                    if word == "progress" and progress is not None:
                        progress(int(rest))
                ready, _w, _x = select.select([fd], [], [], 0.05)
                if ready:
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        code = proc.wait()
                        self.close()
                        if should_stop():   # closed with the game
                            return None
                        raise RuntimeError("the search server %s ended "
                                           "with %s" % (self.module, code))
                    self.buf += chunk
        finally:
            self.lock.release()


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
    """Mixin for our PySolFC Game classes: ``class G(AssistedGame, Game)``.

    The game implements ``assist_job(level)``, returning ``(key, job)``:
    key identifies everything the answer depends on (the position, the
    hint mode, the level), job is ``job(should_stop, progress)`` computing
    the answer from a copy of the position (it runs in another thread and
    must not touch the game).  Its Hint class asks ``assist_answer(level)``
    for the answer, which is then always ready."""

    _assist_task = None         # (key, Task) of the search under way
    _assist_answers = None      # key -> answer, for the latest positions
    _assist_hint = None         # (key, level, sleep) of a hint to show
    _assist_after = None        # pending Tk ``after`` of the hint poll
    _assist_server = None       # SearchServer of this game, if started
    _assist_unwatch = None      # stops toolkit.watch_canvas, if started

    # -- PySolFC's game life: the Solver menu entry follows it -------------

    def create(self, app):
        result = super().create(app)
        if getattr(app, "game", None) is self:
            enable_solver_menu(app)
            solver_dialog.dress(self)       # a dialog left open
            if pysol_common.test_state_wanted():
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
        app = getattr(self, "app", None)
        if app is not None and getattr(app, "game", None) is self:
            restore_solver_menu(app)
            solver_dialog.undress()
        super().destruct()

    def _alive(self):
        app = getattr(self, "app", None)
        return app is not None and getattr(app, "game", None) is self

    # -- searches ----------------------------------------------------------

    def assist_job(self, level):
        raise NotImplementedError

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

    def showHint(self, level=0, sleep=1.5, taken_hint=None):
        if level >= 2 or self.assist_ready(level):
            self._assist_hint = None
            return super().showHint(level, sleep, taken_hint)
        # PySolFC asks synchronously; answer later, without blocking.
        self._assist_hint = (self.assist_job(level)[0], level, sleep)
        if self._assist_after is None:
            self._assist_after = toolkit.after(self.top, POLL_MS,
                                               self._assistPoll)
        return None

    def _assistPoll(self):
        self._assist_after = None
        if not self._alive() or self._assist_hint is None:
            return
        key, level, sleep = self._assist_hint
        if self.demo or self.assist_job(level)[0] != key:
            self._assist_hint = None        # the player moved on: drop it
            return
        if not self.assist_ready(level):
            self._assist_after = toolkit.after(self.top, POLL_MS,
                                               self._assistPoll)
            return
        self._assist_hint = None
        if self.busy:
            return
        if super().showHint(level, sleep):
            self.stats.hints += 1           # as Assist > Hint counts them

    # -- the demo and the Solver's Play: a step waits for its search -------

    def playOneDemoMove(self, demo):
        if demo.level >= 3:
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


# ----------------------------------------------------------------- solver

class SolverBase:
    """PySolFC's Solver dialog contract, searching in a worker thread.

    A game's subclass provides:
      search_module() -> its solve_worker module, whose WORKER (a
          SearchWorker) solves, in a child process where one can start,
          else in the worker thread;
      position_key() -> the current position's key, compared with ==
          (by default the game's rules-model position);
      hint_tuple(move) -> (ncards, from_stack, to_stack) for the demo.
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

    # -- for the subclass ---------------------------------------------------

    def search_module(self):
        raise NotImplementedError

    def position_key(self):
        return self.game.position()

    def hint_tuple(self, move):
        raise NotImplementedError

    def solve_job(self, max_states):
        """job(should_stop, progress) -> (winnable True/False/None,
        [(position, move), ...] along a winning line, states); made in the
        Tk thread, run in the worker.  The search runs in a process of its
        own where one can start (its memory and its interpreter lock are
        not PySolFC's), else in the worker thread itself."""
        start = self.game.position()
        if start is None:               # still dealing: nothing to solve
            return lambda should_stop, progress: (None, [], 0)
        module = self.search_module()
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
        game = self.game
        app = getattr(game, "app", None)
        return app is not None and getattr(app, "game", None) is game \
            and game.solver is self

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

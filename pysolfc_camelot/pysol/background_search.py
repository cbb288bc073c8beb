# SPDX-License-Identifier: GPL-3.0-or-later
"""Searches off PySolFC's event loop: in a worker thread, and in a child
process where one can start.

* ``Task``: a search in a worker thread.  Only the GUI thread touches the
  GUI; it polls the task every ``POLL_MS`` with ``toolkit.after`` (Tk's
  ``after``, Kivy's Clock) and reads its result when done, so no search
  ever holds up PySolFC's event loop.
* ``process_job``: a job whose search runs in a child process (``python
  -m`` a module that calls core.search_service.serve), for searches long enough
  that sharing PySolFC's interpreter would show: the Solver dialog's, What
  went wrong's.
* ``SearchServer``: a child process (core.search_service.serve_forever)
  answering one
  request per line and keeping its caches between requests: hints, demo
  moves and the winnable-deals screening.
The child's side, and a game's ``SearchWorker`` (what a ``hint`` or a
``solve`` request answers, in a child or, where none can start
(``can_fork``), in the worker thread itself), are core/search_service.py:
pure, so that a game's search_worker imports nothing of this side.

The line protocol, both ways of running a child: the parent writes JSON
requests on the child's stdin; the child prints ``progress STATES`` lines
now and then and one ``result JSON`` line per request.  No PySolFC import.
"""
import os
import subprocess
import sys
import threading
import time
import traceback

from ..core import jsonlite
from . import toolkit

try:
    import select           # only to read a child's answer
except ImportError:         # a frozen PySolFC may lack it: no children
    select = None

POLL_MS = 30            # how often the GUI side looks at a running task

# The folder holding this package: a search process imports it from there.
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


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


# ------------------------------------------------- the parent's side

def can_fork():
    """True where a search may run as ``python -m`` (not in a frozen
    PySolFC, whose executable is PySolFC itself; nor in the Android app,
    whose Python is a library inside the app with no program to start; nor
    without select, which reads the child's answer)."""
    return not getattr(sys, "frozen", False) and bool(sys.executable) \
        and os.name == "posix" and not toolkit.is_android() \
        and select is not None


def _start_child(module, *args):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [PACKAGE_ROOT] + [p for p in env.get("PYTHONPATH", "").split(
            os.pathsep) if p])
    return subprocess.Popen(
        [sys.executable, "-m", module] + list(args), stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, env=env, cwd=PACKAGE_ROOT, close_fds=True)


# What read_answer met: the result line, should_stop, or the child's end.
RESULT, STOPPED, ENDED = "result", "stopped", "ended"


def read_answer(fd, buf, should_stop, progress=None):
    """Read a child's lines from ``fd`` until its ``result JSON`` line,
    never blocking longer than a twentieth of a second between looks at
    ``should_stop``; ``progress STATES`` lines go to ``progress``.  ``buf``
    holds what was read but not yet parsed.  Returns ``(RESULT, value,
    buf)``, ``(STOPPED, None, buf)`` once should_stop() is True, or
    ``(ENDED, None, buf)`` when the child closed its output first."""
    while True:
        if should_stop():
            return STOPPED, None, buf
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            word, _sp, rest = line.decode().partition(" ")
            if word == "result":
                return RESULT, jsonlite.loads(rest), buf
            if word == "progress" and progress is not None:
                progress(int(rest))
        ready, _w, _x = select.select([fd], [], [], 0.05)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                return ENDED, None, buf
            buf += chunk


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
        proc = _start_child(module)
        try:
            proc.stdin.write(jsonlite.dumps(request).encode())
            proc.stdin.close()
            outcome, result, _rest = read_answer(
                proc.stdout.fileno(), b"", should_stop, progress)
            if outcome == STOPPED:
                return None
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


class SearchServer:
    """A child process (``python -m module --server``, see
    core.search_service.serve_forever)
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
        self.proc = _start_child(self.module, "--server")
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
            outcome, result, self.buf = read_answer(
                proc.stdout.fileno(), self.buf, should_stop, progress)
            if outcome == RESULT:
                return result
            if outcome == STOPPED:
                self.close()
                return None
            code = proc.wait()
            self.close()
            if should_stop():               # closed with the game
                return None
            raise RuntimeError("the search server %s ended with %s"
                               % (self.module, code))
        finally:
            self.lock.release()

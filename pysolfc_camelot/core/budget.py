# SPDX-License-Identifier: GPL-3.0-or-later
"""How long a search may go on: one object for every search of both games
(the solvers, the hints, the demo, the analysis, the screening of
winnable deals, the study, the Solver dialog, the fair player).

``Budget(seconds=None, states=None, should_stop=None)`` limits a search by
wall time, by states expanded, and by a stop request (a callable that
turns True: the Solver dialog's Stop, a worker thread's cancel); None is
no limit.  ``cpu=True`` counts the seconds on this process's CPU clock
instead (``time.process_time``): a study's budget then means the same
work on a machine that is busy with other things.  The clock starts once
(``start``; later calls keep the first start, so a budget handed from one
search to the next is shared, not renewed).  A search calls the cheap ``out()``
every few hundred states; ``ran_out`` then says why it ended ("seconds",
"states" or "stopped"), ``spent_seconds`` and ``spent_states`` what it used.
``part`` carves a smaller budget for one step of a larger job (one solve of an
analysis, one sample of a hint): it ends no later than its parent, honours the
same stop request, and its states count in the parent's.

Pure: no PySolFC import."""
import time

__all__ = ["Budget", "SECONDS", "STATES", "STOPPED"]

# Why a budget ran out (Budget.ran_out).
SECONDS, STATES, STOPPED = "seconds", "states", "stopped"

_SAME = object()                # part(): keep the parent's stop request


class Budget:
    """Time, states and a stop request for one search (see the module)."""

    __slots__ = ("seconds", "states", "should_stop", "started", "deadline",
                 "spent_states", "ran_out", "_parent", "clock")

    def __init__(self, seconds=None, states=None, should_stop=None,
                 cpu=False):
        for name, value in (("seconds", seconds), ("states", states)):
            if value is not None and not value >= 0:
                raise ValueError("a budget's %s must be None or at least "
                                 "0, not %r" % (name, value))
        self.seconds = seconds
        self.states = states
        self.should_stop = should_stop
        self.clock = time.process_time if cpu else time.perf_counter
        self.started = None         # self.clock() at start()
        self.deadline = None        # when the seconds end (None: never)
        self.spent_states = 0
        self.ran_out = None         # None, SECONDS, STATES or STOPPED
        self._parent = None

    def __repr__(self):
        return "Budget(seconds=%r, states=%r, should_stop=%r%s)" % (
            self.seconds, self.states, self.should_stop,
            ", cpu=True" if self.clock is time.process_time else "")

    @classmethod
    def of(cls, budget=None, seconds=None, states=None, should_stop=None):
        """The budget of a public entry point that also takes the loose
        keywords of old (``budget_seconds``, ``budget_states``,
        ``should_stop``): ``budget`` itself when it is a Budget, else one
        made of them (a number for ``budget`` is its seconds)."""
        if isinstance(budget, Budget):
            if seconds is not None or states is not None or \
                    should_stop is not None:
                raise TypeError("give a Budget or seconds, states and "
                                "should_stop, not both")
            return budget
        if budget is not None:
            if seconds is not None:
                raise TypeError("seconds given twice")
            seconds = budget
        return cls(seconds, states, should_stop)

    def start(self):
        """Start the clock unless it runs already; returns the budget."""
        if self.started is None:
            self.started = self.clock()
            if self.seconds is not None:
                self.deadline = self.started + self.seconds
        return self

    def out(self):
        """True once the time is up or a stop was asked (the reason kept
        in ``ran_out``); cheap enough to call every few hundred states.
        States are counted by the search, which compares them with
        ``states`` itself and calls ``exhausted(STATES)``."""
        if self.deadline is not None and self.clock() >= self.deadline:
            self.ran_out = SECONDS
            return True
        if self.should_stop is not None and self.should_stop():
            self.ran_out = STOPPED
            return True
        return False

    def exhausted(self, reason):
        """Record why the search ends (a search that counts the states
        calls this with STATES)."""
        if self.ran_out is None:
            self.ran_out = reason

    @property
    def stopped(self):
        """True when a stop request ended the search."""
        return self.ran_out == STOPPED

    def stop_requested(self):
        """True when the stop request says so now (time aside)."""
        if self.should_stop is not None and self.should_stop():
            self.exhausted(STOPPED)
            return True
        return False

    def spend(self, states):
        """Count ``states`` expanded under this budget (and its parents')."""
        b = self
        while b is not None:
            b.spent_states += states
            b = b._parent

    @property
    def spent_seconds(self):
        """Seconds since start() (0.0 before)."""
        if self.started is None:
            return 0.0
        return self.clock() - self.started

    def seconds_left(self):
        """Seconds until the deadline (never below 0), None without one."""
        if self.deadline is None:
            return None if self.seconds is None else self.seconds
        return max(0.0, self.deadline - self.clock())

    def part(self, seconds=None, states=None, should_stop=_SAME):
        """A budget for one step of this one, started now: at most
        ``seconds`` and no later than this one's deadline, ``states`` of
        its own, this one's stop request (or ``should_stop``); its states
        count in this one's spent_states."""
        self.start()
        left = self.seconds_left()
        if left is not None and (seconds is None or left < seconds):
            seconds = left
        part = Budget(seconds, states, self.should_stop
                      if should_stop is _SAME else should_stop,
                      cpu=self.clock is time.process_time)
        part._parent = self
        part.start()
        if self.deadline is not None and part.deadline > self.deadline:
            part.deadline = self.deadline   # the clock moved on meanwhile
        return part


# The test hook that paces a search, so that a GUI test can press Stop
# while a search runs (pysol/test_hooks.py lists the hooks): the
# seconds the solver sleeps at each stop check.
TEST_SEARCH_PAUSE = "CAMELOT_TEST_SEARCH_PAUSE"


def paced(should_stop):
    """``should_stop`` as it is, or, when CAMELOT_TEST_SEARCH_PAUSE is set,
    a stop request that first sleeps that many seconds."""
    import os
    text = os.environ.get(TEST_SEARCH_PAUSE)
    if not text:
        return should_stop
    import time
    pause = float(text)

    def paced_should_stop():
        time.sleep(pause)
        return should_stop is not None and should_stop()
    return paced_should_stop

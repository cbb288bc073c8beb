"""Where was a game lost?  One analysis for both games (pure: no PySolFC).

``analyse(game, deck, moves, budget_seconds)`` replays ``moves`` on
``deck`` with the game's rules model and asks the game's exact solver
which of the positions met could still be won.  Position i is the one
after the first i moves (0 is the deal, ``len(moves)`` the last one).

Winnability only falls along a game: a position that cannot be won has no
winnable successor, so position i winnable means every earlier one is.
The winnable positions are therefore 0..k for one k (or none), and a
binary search finds k with a handful of solves.  The search keeps two
bounds, both proved: ``winnable_through`` (the latest position proved
winnable, -1 for none) and ``lost_from`` (the earliest proved lost,
``len(moves) + 1`` for none); k is known once they are neighbours.
Free answers come first: a won last position is winnable, a last
position with no legal move (and not won) is lost; otherwise the last
position is solved first (a game still winnable needs one solve).  The
deal itself is solved only when no later position was proved winnable and
none is left to probe: any winnable position proves the deal winnable.

Budget and undecided solves.  ``budget_seconds`` is for the whole
analysis.  Each solve may use the time left divided by the number of
probes a binary search still needs between the bounds, so the last one
may use all that is left.  A solve that runs out of its time is
undecided: it moves no bound, that position is not probed again, and the
search probes the position nearest the middle of the bounds that it has
not tried yet.  The analysis ends when the bounds are neighbours, when
every position between them is undecided, when the budget is spent or
when ``should_stop()`` says so.  Only a proved answer is ever reported:
``last_winnable`` (with ``mistake``, ``better`` and ``line``) is given
only when the bounds are neighbours, ``winnable_at_start`` is True as
soon as any position is proved winnable, False when the deal itself is
proved lost, and None otherwise.  Nothing is guessed.
"""
import math
import time
from typing import NamedTuple, Optional

from . import games


class Game(NamedTuple):
    """What the analysis needs of one game: its rules model (``replay``,
    ``Position``) and its exact solver (``solve``); ``games.Game`` has
    both, and a test may give a solver of its own."""
    name: str
    rules: object
    solver: object


class IllegalMoveError(ValueError):
    """A move of the list that the rules refuse (index from 0)."""

    def __init__(self, index, move, reason):
        super().__init__("move %d (%s) is not legal: %s"
                         % (index + 1, move, reason))
        self.index, self.move, self.reason = index, move, reason


class Analysis(NamedTuple):
    """What ``analyse`` found.  The first six fields are the command
    line's JSON contract (moves as Move objects here); the rest say how
    far an unfinished analysis got."""
    status: str                         # "won", "lost" or "playing"
    winnable_at_start: Optional[bool]
    last_winnable: Optional[int]        # moves after which a win was possible
    mistake: Optional[object]           # moves[last_winnable], if any
    better: Optional[object]            # line[0], if any
    line: Optional[list]                # a winning line from there
    winnable_through: int               # latest position proved winnable, -1
    lost_from: int                      # earliest proved lost, n + 1 if none
    undecided: tuple                    # positions whose solve ran out
    solves: int
    seconds: float
    stopped: bool                       # should_stop ended it

    def contract(self) -> dict:
        """The JSON object of ``analyse --json`` (exactly its six keys)."""
        def text(m):
            return None if m is None else str(m)
        return {"status": self.status,
                "winnable_at_start": self.winnable_at_start,
                "last_winnable": self.last_winnable,
                "mistake": text(self.mistake), "better": text(self.better),
                "line": None if self.line is None
                else [str(m) for m in self.line]}


class AnalysisProgress(NamedTuple):
    """Handed to ``progress`` before and after each solve and now and then
    while one runs."""
    solves: int                         # solves finished
    probing: Optional[int]              # position being solved, or None
    winnable_through: int
    lost_from: int
    seconds: float                      # since the analysis began


def positions_of(game: Game, deck, moves) -> list:
    """The positions after 0, 1, ..., len(moves) moves; IllegalMoveError
    at the first move the rules refuse."""
    pos = game.rules.Position.new_game(deck)
    out = [pos.copy()]
    for i, m in enumerate(moves):
        reason = pos.why_illegal(m)
        if reason is not None:
            raise IllegalMoveError(i, m, reason)
        pos.play(m)
        out.append(pos.copy())
    return out


def _probes_needed(lo, hi):
    """Solves a binary search needs to pin k between the bounds (k is one
    of lo..hi-1)."""
    return max(1, math.ceil(math.log2(max(1, hi - lo))))


def _next_probe(lo, hi, tried):
    """The untried position strictly between the bounds nearest their
    middle (the later one on a tie: later positions are smaller to
    solve), or None."""
    candidates = [i for i in range(lo + 1, hi) if i not in tried]
    if not candidates:
        return None
    mid = (lo + hi) / 2
    return min(candidates, key=lambda i: (abs(i - mid), -i))


def analyse(game, deck, moves, budget_seconds=None, should_stop=None,
            progress=None) -> Analysis:
    """Analyse a game of ``game`` (a name or a Game) played from ``deck``
    (card ids, first dealt first) with ``moves`` (the game's Move
    objects); see the module text for the search, the budget (seconds for
    the whole analysis, None for no limit) and what undecided solves give.

    ``should_stop()``, if given, is asked often (also inside each solve)
    and ends the analysis once it returns True: the result then holds
    what was proved so far, with ``stopped`` True.  ``progress``, if
    given, is called with an AnalysisProgress.  Raises IllegalMoveError
    for a move the rules refuse and ValueError for a bad deck."""
    if isinstance(game, str):
        game = games.Game(game)
    moves = list(moves)
    t0 = time.perf_counter()
    deadline = None if budget_seconds is None else t0 + budget_seconds
    positions = positions_of(game, deck, moves)
    n = len(moves)
    last = positions[n]
    status = last.status()
    lo, hi = -1, n + 1
    lines = {}                          # position -> solver's winning line
    undecided = []
    solves = 0
    stopped = False

    def report(probing=None):
        if progress is not None:
            progress(AnalysisProgress(solves, probing, lo, hi,
                                      time.perf_counter() - t0))

    if status == "won":
        lo, lines[n] = n, []
    elif status == "lost":
        hi = n

    probe = n if lo < n and hi > n else None    # the end first: cheapest
    while lo + 1 < hi:
        if probe is None:
            probe = _next_probe(lo, hi, set(undecided) | {0})
            if probe is None and 0 not in undecided and lo < 0:
                probe = 0               # only now is the deal worth solving
            if probe is None:
                break
        if should_stop is not None and should_stop():
            stopped = True
            break
        share = None
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            share = left / _probes_needed(lo, hi)
        report(probe)
        res = game.solver.solve(positions[probe].copy(),
                                budget_seconds=share,
                                should_stop=should_stop,
                                progress=_ticker(report, probe))
        solves += 1
        if res.winnable is True:
            lo, lines[probe] = probe, list(res.moves)
        elif res.winnable is False:
            hi = probe
        else:
            undecided.append(probe)
            if should_stop is not None and should_stop():
                stopped = True
                report()
                break
        report()
        probe = None

    pinned = lo + 1 == hi
    if lo >= 0:
        at_start = True
    elif hi == 0:
        at_start = False
    else:
        at_start = None
    k = lo if pinned and lo >= 0 else None
    line = None if k is None else lines[k]
    return Analysis(
        status=status, winnable_at_start=at_start, last_winnable=k,
        mistake=moves[k] if k is not None and k < n else None,
        better=line[0] if line else None, line=line,
        winnable_through=lo, lost_from=hi, undecided=tuple(undecided),
        solves=solves, seconds=time.perf_counter() - t0, stopped=stopped)


def _ticker(report, probe, every=0.2):
    """A solver progress callback passing a tick on at most every
    ``every`` seconds."""
    last = [time.perf_counter()]

    def tick(states, seconds):
        now = time.perf_counter()
        if now - last[0] >= every:
            last[0] = now
            report(probe)
    return tick

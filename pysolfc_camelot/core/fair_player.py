# SPDX-License-Identifier: GPL-3.0-or-later
"""The strong fair player: it sees only what the player sees, samples the
hidden cards consistent with that, solves every sample exactly and plays
the move that keeps the most samples winnable.  Shared by the games; what
each game hides is its ``<game>/hidden.py`` (``visible_key``, ``unseen``,
``with_hidden``, ``ordered_moves``, ``follow_key``, ``simple_move``,
``STATES``); the samples are solved by the game's exact solver.

Hindsight's trap.  Solving a sample with its hidden cards known values a
move as if every later guess came out right (the sampled futures are
correlated through the one real order), so a move that leaves a guess to
make looks as good as one that does not.  Here a move is scored one
decision deeper, as the player will meet it: the samples are grouped by
what the player sees after the move (one group when the move reveals
nothing; a deal splits them by the card it turns), and in each group the
player must pick *one* next move for all its samples, so the group counts
only the samples that next move keeps winnable.  A move that needs a guess
counts the samples where the guess is wrong as lost.  Scores are shares
of wins (an undecided solve counts half); ties go to the earlier candidate
in the game's fair order (the simple fair rules' choice first where it is
cheap to know), so among equals the player keeps to the fair rules.

Dealing first (``Player(deal_first=True)``, off in the hint and the
measurement until a run on fresh deals shows it helps): where the move
picked shows nothing and the player's plan after it is a move the game
says commutes with it (``hidden.commutes``; The Plot: the deal, after a
move that touches neither the stock nor the waste), the plan is played
first, so the card it turns is seen before the move is committed to.

Cost: a chance reads only each sample's verdict, so the sample is first
played out by the game's cheap policies (``hidden.PROBES``; The Plot's win
about nine samples in ten, at a fiftieth of a search's cost), and only a
sample they lose is searched.  The player reads the search alone: where
the search's states leave a sample undecided (half a win) a probe may win
it, which changes scores and so moves, and the tiers recorded for PySolFC's
deals (``rated_deals``) are the search-only player's (deal 311 of The Plot:
medium by the search, hard with probed verdicts).  The candidates are
taken in fair order and a candidate is dropped as soon as it can no
longer beat the best one (every sample left counted as
a win): when the fair rules' move keeps every sample winnable nothing else
is solved.  The next move of a group is first the one most of the
samples' winning lines start with (free: the solver gives its line), so
the deeper score usually costs only the samples that disagree.

Deterministic: the samples come from ``random.Random`` seeded by the
visible position and ``seed`` (FIXED_SEED when none is given), and every
solve has a budget of states, not seconds.  ``seconds`` and
``should_stop`` only cut the work short (the best move so far, else the
first candidate): on a machine that slow, the answer may then differ.
"""
import hashlib
import math
import random
import time
from collections import Counter
from typing import NamedTuple, Optional

from .. import games
from .budget import Budget
from .intervals import wilson

FIXED_SEED = 2022
SAMPLES = 12            # orders sampled per hint
# A chance samples at least CHANCE_SAMPLES orders, then more until its
# standard error is within CHANCE_ERROR (at most CHANCE_MAX orders).
CHANCE_SAMPLES, CHANCE_ERROR, CHANCE_MAX = 32, 0.03, 400
HINT_SECONDS = 1.0
# Next moves tried per group of samples in the deeper score.
FOLLOW_TRIES = 2
# Solves per sample an answer may use at most (a deterministic bound on
# its time): past it, the best move so far (the fair rules' move if
# none).  Each game's hidden.MAX_SOLVES: Camelot's solves take about a
# millisecond and its moves are close calls (every candidate is solved),
# The Plot's take tens and the fair rules' move usually keeps every
# sample.


def hidden_part(game):
    return games.part(game, "hidden")


def candidates(hidden, pos):
    """One move per canonical outcome (hidden.follow_key), in the order of
    hidden.ordered_moves (the first of equals kept)."""
    out, keys = [], set()
    for m in hidden.ordered_moves(pos):
        k = hidden.follow_key(pos, m)
        if k not in keys:
            keys.add(k)
            out.append(m)
    return out


def _led_by(hidden, pos, cands, first):
    """``cands`` with the candidate ``first`` stands for put first (the
    fair rules' move wins ties)."""
    if first is None:
        return cands
    key = hidden.follow_key(pos, first)
    return sorted(cands, key=lambda m: hidden.follow_key(pos, m) != key)


class _Stopped(Exception):
    """The time bound or a stop request ended the work."""


def _rng(hidden, pos, seed):
    seed = FIXED_SEED if seed is None else seed
    digest = hashlib.sha256(
        ("%s|%d" % (hidden.visible_key(pos), seed)).encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


def _distinct_orders(cards):
    """Every distinct order of the multiset ``cards`` (sorted first),
    lexicographically."""
    a = sorted(cards)
    while True:
        yield list(a)
        i = len(a) - 2
        while i >= 0 and a[i] >= a[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(a) - 1
        while a[j] <= a[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        a[i + 1:] = reversed(a[i + 1:])


def _count_orders(cards, limit):
    """How many distinct orders ``cards`` has, or limit + 1 if more."""
    n = math.factorial(len(cards))
    for c in set(cards):
        n //= math.factorial(cards.count(c))
    return min(n, limit + 1)


def sample_orders(hidden, pos, samples, seed=None):
    """``samples`` orders of the unseen cards, each as likely as any other
    order consistent with the view; every distinct order once, and no
    more, when there are at most ``samples`` of them (exact)."""
    cards = hidden.unseen(pos)
    if _count_orders(cards, samples) <= samples:
        return list(_distinct_orders(cards)), True
    rng = _rng(hidden, pos, seed)
    out = []
    for _ in range(samples):
        order = cards[:]
        rng.shuffle(order)
        out.append(order)
    return out, False


class _Capped(_Stopped):
    """The answer's solves ran out (a deterministic bound)."""


class _Work:
    """One hint's or chance's budget: solves count (``cap`` of them at
    most), the clock and a stop request end it."""

    def __init__(self, game, states, seconds, should_stop, cap=None):
        self.hidden = hidden = hidden_part(game)
        self.solver = games.part(game, "solver")
        self.states = hidden.STATES if states is None else states
        self.deadline = None if seconds is None \
            else time.perf_counter() + seconds
        self.user_stop = should_stop
        self.cap = cap
        self.solves = 0

    def stop(self):
        return (self.deadline is not None and
                time.perf_counter() > self.deadline) or \
            (self.user_stop is not None and bool(self.user_stop()))

    def solve(self, pos):
        """(True/False/None, the winning line or None), by the search: the
        line is the solver's (the player's next moves are read from it)."""
        self._count(pos)
        if pos.is_won():
            return True, []
        return self._search(pos)

    def verdict(self, pos):
        """True/False/None alone: the game's probes first, then the
        search.  For a chance only: the player's moves (and so the tiers
        recorded) are the search's, lines and verdicts (module text)."""
        self._count(pos)
        if pos.is_won() or self.probe(pos) is not None:
            return True
        return self._search(pos)[0]

    def _count(self, pos):
        """One more solve (a probe counts as the solve it stands for), or
        _Stopped / _Capped."""
        if self.stop():
            raise _Stopped
        if pos.is_won():
            return
        if self.cap is not None and self.solves >= self.cap:
            raise _Capped
        self.solves += 1

    def _search(self, pos):
        res = self.solver.solve(pos, Budget(states=self.states,
                                            should_stop=self.stop))
        if res.winnable is None and self.stop():
            raise _Stopped          # cut short: not an undecided sample
        return res.winnable, (list(res.moves) if res.winnable else None)

    def probe(self, pos):
        """The winning line of the first of the game's ``PROBES`` (cheap
        policies) whose playout from ``pos`` wins, else None.  A win is a
        witness (the sample is winnable: exact, as a solve's verdict is),
        so only the samples every probe loses cost a search; a loss
        proves nothing."""
        from .policies import play_out     # policies imports this module
        for probe in self.hidden.PROBES:
            def choose(p, probe=probe):
                if self.stop():
                    raise _Stopped
                return probe(p)
            end = pos.copy()
            moves, _ = play_out(None, end, choose)
            if end.is_won():
                return moves
        return None


def _worth(won):
    return 1.0 if won is True else 0.5 if won is None else 0.0


class Choice(NamedTuple):
    move: object                # None when there is no legal move
    # the move's share of samples kept winnable (with deal_first, where
    # the plan went first, the share of the move it went before)
    score: Optional[float]
    samples: int
    solves: int
    stopped: bool               # the time bound or a stop request cut it


def _first(result):
    line = result[1]
    return line[0] if line else None


def _group_value(work, children, results, members, bound):
    """(the deeper score of one group of samples, all alike to the player
    after the move: the samples one next move keeps winnable, the best of
    FOLLOW_TRIES next moves, the most common first moves of the samples'
    winning lines first, undecided solves counting half; that next move,
    the plan).  The plan is None where it keeps no sample or the game
    ends; where only one move is left it is that move, and the score
    counts every won sample, as the player can do nothing else."""
    hidden = work.hidden
    won = [i for i in members if results[i][0] is True]
    half = 0.5 * sum(1 for i in members if results[i][0] is None)
    if not won:
        return half, None
    rep = children[won[0]]
    if rep.is_won() or rep.status() != "playing":
        return half + len(won), None
    nexts = candidates(hidden, rep)
    if len(nexts) <= 1:
        return half + len(won), (nexts[0] if nexts else None)
    index = {hidden.follow_key(rep, m): j for j, m in enumerate(nexts)}
    firsts = {}
    for i in won:
        first = _first(results[i])
        j = None if first is None else \
            index.get(hidden.follow_key(children[i], first))
        firsts[i] = j
    tally = {}
    for j in firsts.values():
        if j is not None:
            tally[j] = tally.get(j, 0) + 1
    if len(tally) == 1 and None not in firsts.values():
        return half + len(won), nexts[next(iter(tally))]
    tries = sorted(tally, key=lambda j: (-tally[j], j))
    tries += [j for j in range(len(nexts)) if j not in tally]
    best, best_j = 0.0, None
    for j in tries[:FOLLOW_TRIES]:
        count = float(tally.get(j, 0))
        others = [i for i in won if firsts[i] != j]
        for n, i in enumerate(others):
            if count + len(others) - n <= best:
                break               # cannot beat the best next move
            count += _worth(work.solve(children[i].after(nexts[j]))[0])
        if count > best:
            best, best_j = count, j
        if best >= len(won) or half + best >= bound:
            break
    return half + best, (None if best_j is None else nexts[best_j])


def _plan_first(hidden, move, plan, cands, lines):
    """(the move to play, the samples' lines from it): ``plan``, the
    player's next move after ``move`` (which shows nothing: the caller
    sees to that), first instead, where the two commute
    (``hidden.commutes``; The Plot: the deal and a move that touches
    neither the stock nor the waste).  Both orders reach the same
    position, so every sample the two keep in one order they keep in the
    other, and ``plan`` first shows what it reveals before ``move`` is
    committed to: the issue's "do not commit before information
    arrives".  A line that starts with the two moves is kept, the two
    swapped; any other is unknown (a sample lost after ``move`` may be
    won after ``plan``)."""
    commutes = getattr(hidden, "commutes", None)
    if plan is None or commutes is None or plan not in cands or \
            not commutes(move, plan):
        return move, lines
    swapped = [[plan, move] + line[2:]
               if line and len(line) > 1 and line[1] == plan else None
               for line in lines]
    return plan, swapped


def _wins(pos, line):
    """Whether ``line`` is legal from ``pos`` and wins (a replay, no
    search)."""
    pos = pos.copy()
    for m in line:
        if pos.why_illegal(m) is not None:
            return False
        pos.play(m)
    return pos.is_won()


class Player:
    """The strong fair player along one game (the demo, ``play``, a
    tier): it keeps its samples, and each sample's winning line, from one
    answer to the next, so a move that reveals nothing costs no solve for
    the samples whose line it follows.

    Carried samples stay fair.  When the player plays the move this
    player answered (the view after it is the one asked about next), each
    sample is the sample's own position after that move; where the move
    revealed a card the sample has elsewhere, that card and the one the
    sample revealed trade places (a copy of it chosen at random): an order
    drawn evenly from those the old view allowed, so mended, is drawn
    evenly from those the new view allows.  A mended sample keeps its
    line when the line, replayed on it, is still legal and still wins.
    Only the view is compared and only samples are read; any other position, or
    few orders left (then all of them, exactly), draws afresh."""

    def __init__(self, game, samples=SAMPLES, seed=None, states=None,
                 max_solves=None, deal_first=False):
        self.game, self.samples, self.seed, self.states = \
            game, samples, seed, states
        # _plan_first: off in the hint and the measurement until a run of
        # fresh deals shows it helps (docs/fair-play.md)
        self.deal_first = deal_first
        self.hidden = hidden_part(game)
        self.max_solves = self.hidden.MAX_SOLVES * samples \
            if max_solves is None else max_solves
        self._last = None       # (position, move, orders, lines)

    def _draw(self, pos):
        """(orders, what is known of each: a winning line, False for
        lost, None for nothing)."""
        hidden = self.hidden
        last, self._last = self._last, None
        few = _count_orders(hidden.unseen(pos), self.samples) <= \
            self.samples
        if last is not None and not few:
            prev, move, orders, lines = last
            if hidden.visible_key(prev.after(move)) == \
                    hidden.visible_key(pos):
                return self._carried(prev, move, orders, lines, pos)
        orders, _exact = sample_orders(hidden, pos, self.samples, self.seed)
        return orders, [None] * len(orders)

    def _carried(self, prev, move, orders, lines, pos):
        hidden = self.hidden
        rng = _rng(hidden, pos, self.seed)
        want = Counter(hidden.unseen(pos))
        out, known = [], []
        for order, line in zip(orders, lines):
            mine = hidden.hidden_order(
                hidden.with_hidden(prev, order).after(move))
            have = Counter(mine)
            real = sorted((have - want).elements())     # shown, not here
            ours = sorted((want - have).elements())     # shown here only
            for c, x in zip(real, ours):
                spots = [k for k, v in enumerate(mine) if v == c]
                mine[rng.choice(spots)] = x
            if line and line[0] == move:
                line = line[1:]
                # a mended sample keeps its line if the line still wins
                if real and not _wins(hidden.with_hidden(pos, mine), line):
                    line = None
            elif real or line is not False:
                line = None
            out.append(mine)
            known.append(line)
        return out, known

    def choose(self, position, seconds=None, should_stop=None):
        """The move from ``position`` (a Choice); see the module text."""
        hidden = self.hidden
        cands = candidates(hidden, position)
        if not cands:
            self._last = None
            return Choice(None, None, 0, 0, False)
        started = time.perf_counter()
        lead = getattr(hidden, "lead_move", None)
        if lead is not None and len(cands) > 1:
            # the lead's own search shares the answer's time and stop
            cands = _led_by(hidden, position, cands, lead(
                position, Budget(seconds, should_stop=should_stop)))
        orders, known = self._draw(position)
        if len(cands) == 1:
            self._last = (position.copy(), cands[0], orders, known)
            return Choice(cands[0], None, 0, 0, False)
        if seconds is not None:
            seconds = max(0.0, seconds - (time.perf_counter() - started))
        work = _Work(self.game, self.states, seconds, should_stop,
                     self.max_solves)
        n = len(orders)
        worlds = [None] * n         # made as needed: the clock runs

        def world(i):
            if worlds[i] is None:
                worlds[i] = hidden.with_hidden(position, orders[i])
            return worlds[i]

        def result(i, move, child):
            line = known[i]
            if line is False:
                return False, None      # lost stays lost
            if line and line[0] == move:
                return True, line[1:]
            return work.solve(child)
        best, best_score, best_results = cands[0], -1.0, None
        best_plan, stopped = None, False
        try:
            for move in cands:
                children, results = [], []
                upper = float(n)
                for i in range(n):
                    children.append(world(i).after(move))
                    r = result(i, move, children[i])
                    results.append(r)
                    upper -= 1.0 - _worth(r[0])
                    if upper <= best_score:
                        break           # cannot beat the best: dropped
                if upper <= best_score:
                    continue
                groups = {}
                for i, child in enumerate(children):
                    groups.setdefault(hidden.visible_key(child),
                                      []).append(i)
                score, plan = 0.0, None
                for members in groups.values():
                    top = sum(_worth(results[i][0]) for i in members)
                    value, plan = _group_value(work, children, results,
                                               members, top)
                    upper -= top - value
                    score += value
                    if upper <= best_score:
                        break
                if upper > best_score:
                    best, best_score, best_results = move, score, results
                    # the next move matters only where the move shows
                    # nothing (one group): see _plan_first
                    best_plan = plan if len(groups) == 1 else None
                if best_score >= n:
                    break
        except _Stopped as e:
            stopped = not isinstance(e, _Capped)
        after = [None] * n
        if best_results is not None:
            for i, (won, line) in enumerate(best_results):
                after[i] = [best] + line if won is True and \
                    line is not None else False if won is False else None
        if self.deal_first:
            best, after = _plan_first(hidden, best, best_plan, cands,
                                      after)
        self._last = (position.copy(), best, orders, after)
        return Choice(best, None if best_score < 0 else best_score / n,
                      n, work.solves, stopped)

    def choose_move(self, position, seconds=None, should_stop=None):
        return self.choose(position, seconds, should_stop).move


def choose(game, position, samples=SAMPLES, seed=None, seconds=None,
           should_stop=None, states=None, max_solves=None):
    """The strong fair player's move from ``position`` alone (a Choice):
    fresh samples (Player keeps them along a game)."""
    return Player(game, samples, seed, states, max_solves).choose(
        position, seconds, should_stop)


def choose_move(game, position, samples=SAMPLES, seed=None,
                seconds=HINT_SECONDS, should_stop=None):
    """The hint's move (within ``seconds``), or None when none is legal."""
    return choose(game, position, samples, seed, seconds, should_stop).move


class Chance(NamedTuple):
    wins: int
    decided: int                # samples the solver decided
    samples: int
    exact: bool                 # every distinct order was solved
    stopped: bool

    @property
    def share(self):
        return self.wins / self.decided if self.decided else None

    def interval(self):
        """Wilson 95% over the decided samples (the exact share twice
        when every order was solved)."""
        if self.exact and self.decided == self.samples and not self.stopped:
            return self.share, self.share
        lo, hi = wilson(self.wins, self.decided)
        if self.share is None:
            return lo, hi
        # rounding leaves 1 - 1e-16 above an estimate of 1: hold it
        return min(lo, self.share), max(hi, self.share)

    def contract(self):
        lo, hi = self.interval()
        return {"chance": self.share, "samples": self.decided,
                "interval": [lo, hi]}


def chance(game, position, samples=None, seed=None, seconds=None,
           should_stop=None, states=None):
    """How often ``position`` is winnable over the orders the hidden cards
    may have (drawn as a hint draws them): ``samples`` orders, or by
    default at least CHANCE_SAMPLES and then more until the standard
    error is within CHANCE_ERROR (CHANCE_MAX at most).  Every distinct
    order once when there are no more than that (exact)."""
    hidden = hidden_part(game)
    work = _Work(game, states, seconds, should_stop)
    orders, exact = sample_orders(hidden, position, samples or CHANCE_MAX,
                                  seed)
    wins = decided = solved = 0
    try:
        for order in orders:
            if samples is None and not exact and decided >= CHANCE_SAMPLES:
                p = wins / decided
                if math.sqrt(p * (1 - p) / decided) <= CHANCE_ERROR:
                    break
            won = work.verdict(hidden.with_hidden(position, order))
            solved += 1
            if won is not None:
                decided += 1
                wins += won
    except _Stopped:
        return Chance(wins, decided, solved, exact, True)
    return Chance(wins, decided, solved, exact, False)


def verdicts(game, positions, states=None):
    """Each of ``positions`` judged as a chance judges a sample (the
    game's probes, then the search within ``states``, the game's own
    budget by default): True, False or None (undecided)."""
    work = _Work(game, states, None, None)
    return [work.verdict(p) for p in positions]


# -- how hard a deal is -----------------------------------------------------

TIERS = ("easy", "medium", "hard", "lost")
TIER_BUDGET = 60.0      # seconds of the full-knowledge solve


def tier(game, position, samples=SAMPLES, seed=None, budget=TIER_BUDGET,
         verdict=None):
    """How hard ``position`` (a deal's start, or any later one) is:
    ``easy`` the simple fair rules (the policy simple) win it playing alone,
    ``medium`` winnable and the strong fair player (``samples``, ``seed``:
    FIXED_SEED by default, so the same tier on every run) wins it,
    ``hard`` winnable only knowing the hidden cards, ``lost`` not
    winnable; None when the solver cannot decide within ``budget``."""
    from . import deal_tier
    g = games.Game(game)
    if verdict is None:         # the caller's solve, else ours
        verdict = g.solve(position, Budget(budget)).winnable
    # the plays: core/deal_tier.py's, as PySolFC's winnable deals rate
    return deal_tier.classify(game, position, verdict, samples, seed)

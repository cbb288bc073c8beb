# SPDX-License-Identifier: GPL-3.0-or-later
"""Exact Camelot solver: pure Python, standard library only.  This module
maps positions onto the search's canonical states and back (the entry
points); the search is solver_core.py, its tables solver_tables.py.

How the game reduces (see RULES.md beside it):

* Suits never matter, and the four slots of one class (corners, queen
  slots, jack slots, middle) are interchangeable, so a tableau is four
  multisets of number ranks plus how many face cards lie on each class.
  Face cards never leave, so their count follows from how far the stock
  has been dealt.
* Removals happen only in phase 2 and never change what else may be
  removed, so only the *set* removed before the next deal matters, never
  the order.  After a deal the tableau must be refilled completely before
  the next removal; since a number card may go to any empty slot, every
  final arrangement of a refill that leaves each arriving face card a slot
  of its class can be played in deal order.  So the search alternates two
  kinds of canonical state:

    full  (t, tableau): tableau full at stock index t, choose a non-empty
                        removal set;
    open  (t, tableau): after removals, deal and place until full again,
                        choose only where the refill's number cards go.

* Removals keep "count of v == count of 10-v" (and the parity of fives)
  unchanged, so a position is winnable only if that balance holds; and if
  it holds, once the stock is out every number card left can be paired
  off: the game is won as soon as the stock empties without a face card
  finding its slots taken.  The only ways to lose are a face card without
  a free slot of its class and a full tableau with nothing to remove.

Pruning, each proven sound where it is defined:

* the face test (search.faces_fit): the k-th face card of a class still
  to come needs k of its slots freeable before it is dealt, and a number
  card on such a slot needs a partner of its own by then;
* the pooled game (search.Pool): number cards may move between slots at
  will, so face cards always fit and only the multiset of ranks on the
  tableau matters.  A state lost there is lost for real; that small game
  is solved exactly and memoised under one int key, and it catches the
  "full tableau, nothing to remove" dead ends that make most lost deals.
  Its removal sets depend only on how many pairs of each kind the
  multiset holds (a signature read off by table look-ups), so each list
  of them is built once;
* the edges-pooled game (search.EdgePool): the twelve edge slots form one
  class that any face card may take, the middle stays apart.  Every real
  line is a line of that game too (a face card placed on a free slot of
  its class is placed on a free edge slot; removals are the same), so a
  state lost there is lost for real.  It keeps the main tension of the
  game (number cards on the edges block face cards, those in the middle
  never do) in a game small enough to solve exactly, and it is what
  decides the hard winnable deals: their wrong early placements are
  refuted there in a few states instead of thousands;
* memo tables of lost states (and, in the relaxations, of won ones).

Move order is heuristic only: rounds of the search cycle through four
orders (MODES), keeping the memo tables from round to round (see _run);
after the first four rounds each round also shuffles the real search's
choices with its own seed (random restarts: a few winnable deals send
every fixed order into huge lost subtrees, and a shuffled one round them),
and a relaxation asked by the real search gets only a share of the
round's states: past it, the state is searched without that test (the
relaxed game of a few winnable deals is itself hard to solve, while the
real search wins them in a few hundred states).
Refills are generated in two stages, edges/middle first, so that the
edges-pooled game can drop a whole group of arrangements at once.

A tableau class is stored as an int with three bits per rank (count of
aces in bits 0-2, twos in 3-5, ... tens in 27-29), so canonical states are
small tuples of ints and removals/placements are additions.
"""
import random
import time

from ..core.budget import Budget, paced
from ..core.cards import rank_of
from ..core.outcome import SolveResult
from .notation import DEAL, Move
from .rules import CLASS_SLOTS, FACE_CLASS, SLOT_CLASS, Position
from .solver_core import MODES, Deal, OutOfBudget, Restart, make_search
from .solver_tables import PLACE_ORDER, UNIT, balanced, digit, removal_outcomes

__all__ = ["SolveResult", "solve", "plain_solve", "solve_siblings"]

# States in each of the first rounds (see _run): small, since many deals
# that one order sends into a lost subtree another order wins at once,
# and the tables carry every round's work over to the next.
_FIRST_ROUND = 200
# From the fifth round on (one round of each order first, with relaxations
# answering in full), a relaxation asked by the real search may take a
# share of its round's states (at least _FIRST_QUERY) before it gives up
# (search.Deferred): the state is then searched without that test, or,
# for a refill's group of arrangements, left for a later round.  A few
# states whose relaxed game is hard to solve then no longer hold up a round: on
# some winnable deals the edges-pooled game at the deal itself takes 40,000
# states, while the real search, not waiting for it, wins in a few hundred.
_QUERY_SHARE = 32
_FIRST_QUERY = 20


# -- entry points -------------------------------------------------------------

def _classes(position):
    cls = [0, 0, 0, 0]
    faces = [0, 0, 0]
    for s, c in enumerate(position.tableau):
        if c is None:
            continue
        r = rank_of(c)
        if r > 10:
            faces[FACE_CLASS[r]] += 1
        else:
            cls[SLOT_CLASS[s]] += UNIT[r]
    return tuple(cls), faces


def _search_position(position, search_factory):
    """Map a real position onto canonical states; returns (search, steps,
    lead) where lead lists real moves to play before steps, or steps None
    when lost."""
    pos = position
    if pos.is_won():
        return None, [], []
    remaining = [rank_of(c) for c in pos.cards() if c not in pos.removed]
    if not balanced(remaining):
        return None, None, []
    if pos.waste is not None and pos.phase == 2:
        # Not reachable in play (a deal starts phase 1); follow the rules.
        for m in pos.legal_moves():
            s, steps, lead = _search_position(pos.after(m), search_factory)
            if steps is not None:
                return s, steps, [m] + lead
        return None, None, []
    seq = ([] if pos.waste is None else [rank_of(pos.waste)]) + \
        [rank_of(c) for c in pos.stock]
    cls, faces = _classes(pos)
    search = search_factory(seq, faces)
    if pos.waste is not None or pos.phase == 1:
        if pos.waste is None and (not pos.stock or pos.is_full()):
            return search, None, []
        return search, search.open(0, cls), []
    # phase 2, waste empty
    if not pos.stock:
        return search, [], []           # balanced: everything pairs off
    if pos.is_full():
        return search, search.full(0, cls), []
    # phase 2 part-way: removing nothing more is allowed too
    steps = search.open(0, cls)
    if steps is None:
        for combo, new, _n in removal_outcomes(cls):
            steps = search.open(0, new)
            if steps is not None:
                steps.append(("remove", combo))
                break
    return search, steps, []


def _realize(position, steps, lead):
    """Turn canonical steps into real moves, each played (so checked) by
    the rules model; the line must end in a won position."""
    pos = position.copy()
    tab = pos.tableau                   # Position.play changes it in place
    moves = []
    append = moves.append

    def play(m):
        pos.play(m)
        append(m)

    for m in lead:
        play(m)
    for kind, arg in reversed(steps):
        if kind == "remove":
            for part in arg:
                # the slots of this removal type's cards, one list a rank
                picked = []
                for v, per_class in part:
                    slots = []
                    for x in range(4):
                        need = per_class[x]
                        for s in CLASS_SLOTS[x] if need else ():
                            c = tab[s]
                            if c is not None and rank_of(c) == v:
                                slots.append(s)
                                need -= 1
                                if not need:
                                    break
                    picked.append(slots)
                if len(picked) == 2:
                    for a, b in zip(*picked):
                        play(Move("pair", min(a, b), max(a, b)))
                elif part[0][0] == 10:
                    for a in picked[0]:
                        play(Move("remove", a))
                else:
                    fives = picked[0]
                    for i in range(0, len(fives), 2):
                        play(Move("pair", fives[i], fives[i + 1]))
        else:
            want = {}                   # rank -> cards still due per class
            free = [[s for s in CLASS_SLOTS[x] if tab[s] is None]
                    for x in range(4)]
            n_free = sum(len(f) for f in free)
            while pos.waste is not None or (pos.stock and n_free):
                if pos.waste is None:
                    play(DEAL)
                r = rank_of(pos.waste)
                if r > 10:
                    x = FACE_CLASS[r]
                else:
                    due = want.get(r)
                    if due is None:
                        due = want[r] = [digit(arg[x], r) for x in range(4)]
                    x = next(x for x in PLACE_ORDER if due[x])
                    due[x] -= 1
                play(Move("place", free[x].pop(0)))
                n_free -= 1
    if not pos.stock and pos.waste is None:
        # final phase 2: the number cards left pair off (they balance)
        by_rank = {}
        for s, c in enumerate(tab):
            if c is not None and rank_of(c) <= 10:
                by_rank.setdefault(rank_of(c), []).append(s)
        for s in by_rank.pop(10, ()):
            play(Move("remove", s))
        fives = by_rank.pop(5, [])
        for i in range(0, len(fives) - 1, 2):
            play(Move("pair", fives[i], fives[i + 1]))
        for v in (1, 2, 3, 4):
            for a, b in zip(by_rank.get(v, ()), by_rank.get(10 - v, ())):
                play(Move("pair", min(a, b), max(a, b)))
    if not pos.is_won():
        raise AssertionError("solver line does not win: %r" % (pos,))
    return moves


def _run(position, prune, budget, progress):
    """Search in rounds that cycle through the move orders of MODES,
    doubling the states of a round each cycle: no order suits every deal,
    and the lost-state tables stay valid whatever the order, so each round
    builds on the work of the ones before.  From the fifth round on the
    real search's choices are also shuffled (seeded by the round number, so
    results are reproducible): the answer never depends on the order, only
    the time to find it."""
    t0 = time.perf_counter()
    budget.start()
    # the test hook that paces a search (CAMELOT_TEST_SEARCH_PAUSE) wraps
    # the stop request of a part of the caller's budget (same deadline and
    # states, its states counted in the caller's)
    stop = paced(budget.should_stop)
    run = budget if stop is budget.should_stop else \
        budget.part(states=budget.states, should_stop=stop)
    cache = {}
    rnd = [0]

    def factory(seq, faces):
        key = (tuple(seq), tuple(faces))
        search = cache.get(key)
        if search is None:
            search = cache[key] = make_search(
                Deal(seq, faces, run, progress), prune)
        if prune:
            # the edges-merged relaxation is searched in the same order:
            # its tables, like the real ones, hold whatever the order
            search.order = MODES[rnd[0] % len(MODES)]
            # after one round of each order, the real search's choices
            # are shuffled, with a new seed each round (reproducible)
            search.rng = None if rnd[0] < len(MODES) else \
                random.Random(rnd[0])
            for r in search.relax:
                r.order = search.order
            deal = search.deal
            budget = _FIRST_ROUND * 2 ** (rnd[0] // len(MODES))
            deal.round_end = deal.states + budget
            # the first round of each order as before; from then on a
            # relaxation has a share of the round (see _QUERY_SHARE)
            deal.query_budget = None if rnd[0] < len(MODES) else \
                max(_FIRST_QUERY, budget // _QUERY_SHARE)
            deal.deferrals = 0
            deal.set_limits()
        return search

    def states():
        return sum(s.deal.states for s in cache.values())
    while True:
        try:
            search, steps, lead = _search_position(position, factory)
            if steps is None and prune and search is not None and \
                    search.deal.deferrals:
                raise Restart           # not proved lost: states were left
            break
        except Restart:
            rnd[0] += 1
        except OutOfBudget:
            run.spend(states())
            return SolveResult(None, None, states(),
                               time.perf_counter() - t0)
    run.spend(states())
    moves = None if steps is None else _realize(position, steps, lead)
    return SolveResult(steps is not None, moves, states(),
                       time.perf_counter() - t0)


def solve(position: Position, budget=None, budget_states=None,
          progress=None, should_stop=None, *,
          budget_seconds=None) -> SolveResult:
    """Decide a position exactly (stock order known).

    winnable is True with a winning move list, False, or None when the
    budget ran out: ``budget`` is a core.budget.Budget (seconds, states,
    stop request; started here unless it runs already) or a number of
    seconds; the old keywords budget_seconds, budget_states and
    should_stop make one too.  The stop request is asked about as often as
    the clock is read (every few hundred states): how the Solver dialog's
    Stop and a worker thread's cancel reach the search.  progress, if
    given, is called now and then as progress(states, seconds)."""
    return _run(position, True, Budget.of(
        budget, budget_seconds, budget_states, should_stop), progress)


def plain_solve(position: Position, budget=None, budget_states=None,
                progress=None, *, budget_seconds=None) -> SolveResult:
    """The same search over the same canonical states and memo, without the
    pruning: the yardstick for the benchmark and a cross-check in tests."""
    return _run(position, False, Budget.of(
        budget, budget_seconds, budget_states), progress)


def solve_siblings(positions, budget_states=None, should_stop=None):
    """Decide several positions (winnable True/False/None, no move lists),
    e.g. the children of one position, sharing the memo tables of those
    that have the same cards to come: the fair hint's inner loop.  Each
    position gets its own budget of states; no clock (the answers must
    not depend on the machine), only the stop request ``should_stop``."""
    cache = {}
    budget = Budget(should_stop=should_stop)

    def factory(seq, faces):
        key = (tuple(seq), tuple(faces))
        search = cache.get(key)
        if search is None:
            search = cache[key] = make_search(
                Deal(seq, faces, budget, None), True)
        deal = search.deal
        deal.max_states = None if budget_states is None else \
            deal.states + budget_states
        deal.set_limits()
        return search
    out = []
    for pos in positions:
        try:
            out.append(_search_position(pos, factory)[1] is not None)
        except OutOfBudget:
            out.append(None)
    return out

# SPDX-License-Identifier: GPL-3.0-or-later
"""Exact solver for The Plot, the stock order known (pure Python).

``solve(position)`` answers whether the position can be won:

* ``winnable`` True comes with a move list that has been replayed to a win
  through the rules model (rules.py) before it is returned;
* False only when the search has visited every position reachable from
  this one (up to the equivalences below) without meeting a win;
* None when a budget (seconds, states or ``should_stop``) ran out first.

The search is a depth-first graph search over *canonical* states, with a
set of the states already met.  A graph search with a visited set finds a
win whenever one is reachable, so a full search that meets none proves the
loss; a state met twice (a card moved back and forth, or two orders of
the same moves) is expanded only once, so nothing loops.  The full
search runs in stretches, between which restarts in a shuffled order
(each with its own set of states, each complete too) look for a win
elsewhere; see ``solve``.

Canonical states.  Two positions with the same canonical key have the
same future (a move list that wins one wins the other after renaming
cards and piles), because:

* suits never matter, and the two copies of a card are identical: every
  card is just its rank;
* the reserve and the stock never change order and lose cards only from
  their top, so they are given by how many cards they still hold (the
  solver is always called on one position and its descendants);
* a foundation is given by how many cards it holds (it then takes the
  rank base + length); F1..F7 are interchangeable (all closed during the
  restriction, all alike after it), F0 is kept apart because the
  restriction lasts until F0 holds 13;
* a tableau pile is built down by one rank from its bottom card (a
  base-rank card stands alone), so it is given by its bottom rank and its
  length, and the twelve piles are interchangeable (sorted in the key);
* the waste is its sequence of ranks.

Pruning (each rule argued where it is applied):

* ``dead_ends.dead``: a state is lost when the game is over, F0 can never
  be completed (dead_ends.f0_stuck), no foundation can ever take a card
  again (dead_ends.frozen) or the reserve relaxation is lost
  (dead_ends.ReserveTest);
* ``_safe_move``: a move proved to lose nothing is played alone (see
  there);
* moves with the same canonical result are tried once.
"""
import random
import time

from ..core.budget import STATES, Budget
from ..core.outcome import SolveResult
from .dead_ends import ReserveTest, dead
from .hints import fair_move, greedy_move
from .notation import RESERVE, TABLEAU, WASTE, Move
from .rules import FULL, MOVE_PARTS, Position

__all__ = ["SolveResult", "solve", "canonical_key"]


def canonical_key(pos):
    """The canonical state of ``pos`` as bytes (see the module text)."""
    f = pos.foundations
    tab = sorted((t[0] // 4) * 14 + len(t) for t in pos.tableau if t)
    return bytes([len(pos.reserve), len(pos.stock), len(f[0])]
                 + sorted(len(x) for x in f[1:])
                 + [255] + tab + [255]
                 + [c // 4 for c in pos.waste])


class _Keyer:
    """The search's key of a position: canonical_key with the tableau
    taken up to moves between piles that empty none (tableau_class), its
    parts memoised: a child shares most piles with its parent (the same
    tuple objects), so the ranks of a long waste or the tableau's class
    are worked out once per distinct pile tuple, not once per state."""

    def __init__(self, base):
        self.base = base
        self.found, self.waste = {}, {}
        self.tab = _MEMO.of(base).tableaux

    def __call__(self, pos):
        f, t, w = pos.foundations, pos.tableau, pos.waste
        fb = self.found.get(f)
        if fb is None:
            fb = self.found[f] = bytes([len(f[0])]
                                       + sorted(len(x) for x in f[1:])
                                       + [255])
        tb = self.tab.get(t)
        if tb is None:
            tb = self.tab[t] = tableau_class(t, self.base)
        wb = self.waste.get(w)
        if wb is None:
            wb = self.waste[w] = bytes([c // 4 for c in w])
        return bytes((len(pos.reserve), len(pos.stock))) + fb + tb + wb

    def by_class(self, pos):
        """The key of ``pos`` takes its tableau by its class."""
        tb = self.tab.get(pos.tableau)
        if tb is None:
            tb = self.tab[pos.tableau] = tableau_class(pos.tableau,
                                                      self.base)
        return tb[0] == 0


class _Memo:
    """What the searches of one process share: the tableau classes worked
    out (by tableau, see tableau_class; by component of several piles,
    see _class_of_shape) and the reserve relaxation of each reserve
    (dead_ends.ReserveTest: its memo depends on the reserve and the base
    rank alone).  The samples of one hint differ only in their hidden
    cards, so their searches meet the same tableaux again and again, and
    all hold the player's reserve.  For one base rank at a time and at
    most KEPT tableaux and components and RESERVES reserves (then it
    starts afresh), so a process that plays deal after deal does not
    grow."""
    KEPT = 100000
    RESERVES = 16

    def __init__(self):
        self.base, self.tableaux, self.components, self.reserves = \
            None, {}, {}, {}

    def of(self, base):
        if base != self.base or len(self.tableaux) > self.KEPT \
                or len(self.components) > self.KEPT \
                or len(self.reserves) > self.RESERVES:
            self.base, self.tableaux, self.components, self.reserves = \
                base, {}, {}, {}
        return self

    def reserve_test(self, reserve):
        """The ReserveTest of ``reserve`` (a tuple) and this base rank."""
        test = self.reserves.get(reserve)
        if test is None:
            test = self.reserves[reserve] = ReserveTest(reserve, self.base)
        return test


_MEMO = _Memo()


# A class with more arrangements than this is keyed pile by pile (its
# expansion would visit them all).
CLASS_ARRANGEMENTS = 16


def tableau_class(tableau, base):
    """The tableau's part of the search key: the same for two tableaux
    one can be turned into the other by moves between piles that empty
    no pile (then a line from one is a line from the other after such
    moves), as bytes; the first byte says which kind of key follows.

    Write a pile as (top, bottom), in offsets from the base rank: a pile
    not holding a base-rank card holds every offset from its top up to
    its bottom, 1 <= top <= bottom <= 12.  Such a move takes a top of
    offset x from a pile of bottom above x onto a pile showing x + 1: the
    two piles swap their tops x and x + 1, nothing else changes.  So the
    piles whose tops lie in one run of consecutive offsets (a
    *component*) keep their bottoms and the multiset of their tops, and
    any pairing of those tops with those bottoms that has every top at
    most its bottom is reached: give the pile of the highest bottom the
    highest top by swapping its top with the piles showing one more, one
    after another (each swap leaves every top at most its bottom), then
    do the same with the others.  The key is, per component, its tops
    and its bottoms, both sorted (which also makes the piles' order and
    the cards' suits not matter), with the number of base-rank piles;
    ``_Search`` expands such a key by visiting every arrangement of it.
    A tableau of more than about CLASS_ARRANGEMENTS arrangements
    (_pairings) is keyed pile by pile
    instead, as canonical_key does (its own kind of key: a graph search
    stays complete with both kinds, each expanded in its own way)."""
    nbase = 0
    piles = []
    for t in tableau:
        if t:
            b = (t[0] // 4 + 1 - base) % 13
            if b:
                piles.append(((t[-1] // 4 + 1 - base) % 13, b))
            else:
                nbase += 1
    piles.sort()
    key = _class_of_shape(piles, nbase, _MEMO.of(base).components)
    if key is _PILE_BY_PILE:
        return bytes([1] + sorted((t[0] // 4) * 14 + len(t)
                                  for t in tableau if t) + [255])
    return key


# _class_of_shape's answer for a class too large to expand.
_PILE_BY_PILE = b"by pile"


def _class_of_shape(piles, nbase, components):
    """tableau_class's key from the sorted (top, bottom) offsets of the
    piles without a base-rank card and the number of those with one.
    ``components``: a memo of _component (whole shapes seldom repeat
    along a search, their components of several piles do: about 14
    times each on a fresh deal's game)."""
    parts = [bytes((0, nbase))]
    bound = 1
    i, n = 0, len(piles)
    while i < n:
        j = i + 1
        while j < n and piles[j][0] <= piles[j - 1][0] + 1:
            j += 1
        if j - i == 1:
            top, bottom = piles[i]
            parts.append(bytes((bottom, top, 254)))
        else:
            run = tuple(piles[i:j])
            known = components.get(run)
            if known is None:
                known = components[run] = _component(run)
            part, count = known
            bound *= count
            if bound > CLASS_ARRANGEMENTS:
                return _PILE_BY_PILE    # the count never falls again
            parts.append(part)
        i = j
    parts.append(b"\xff")
    return b"".join(parts)


def _component(piles):
    """(its part of the key, about how many arrangements it has) for a
    component of several piles: its bottoms and its tops, both sorted."""
    bottoms = sorted(p[1] for p in piles)
    tops = [p[0] for p in piles]
    return bytes(bottoms + tops + [254]), _pairings(tops, bottoms)


def _pairings(tops, bottoms):
    """About how many ways the sorted multiset ``tops`` can be given to
    piles of the sorted ``bottoms``, one each, every top at most its
    bottom: the pile of the lowest bottom has the tops up to it to
    choose from, the next one those up to its bottom but one, and so on
    (exact for distinct piles once divided by the orders of equal tops);
    then divided by the orders of equal bottoms too (piles of one bottom
    are alike, so this is nearer the count of distinct arrangements; it
    only decides which kind of key a tableau gets)."""
    n = 1
    k = 0
    for i, b in enumerate(bottoms):
        while k < len(tops) and tops[k] <= b:
            k += 1
        n *= k - i
    for values in (tops, bottoms):
        run = 0
        for i, v in enumerate(values):
            run = run + 1 if i and values[i - 1] == v else 1
            n //= run
    return max(n, 1)


def _arrangements(pos, moves):
    """(position, moves that reach it, its legal moves) for each
    arrangement of ``pos``'s tableau class (tableau_class): every tableau
    reached by moves between piles that empty none, with the moves that
    reach it from ``pos``.  ``moves``: pos.legal_moves(); each
    arrangement's own are made once here and handed on (the solver's
    most called rule)."""
    out = [(pos, (), moves)]
    if not _moves_within(pos.tableau, moves):
        return out              # the only arrangement
    # A tableau by its piles' (bottom rank, length): piles alike are the
    # same pile.  Worked out from the parent's before the child is made.
    seen = {tuple(sorted(_pile_numbers(pos.tableau)))}
    i = 0
    while i < len(out):
        p, path, legal = out[i]
        i += 1
        tab = p.tableau
        shapes = None
        for m in legal:
            jk = _TAB_TO_TAB.get(m)
            if jk is None or len(tab[jk[0]]) < 2:
                continue
            j, k = jk
            if shapes is None:
                shapes = _pile_numbers(tab)
            after = shapes[:]
            after[j] -= 1
            after[k] += 1
            key = tuple(sorted(after))
            if key in seen:
                continue
            seen.add(key)
            q = p.after(m, check=False)
            out.append((q, path + (m,), q.legal_moves()))
    return out


def _pile_numbers(tab):
    """Each pile as one number, its bottom rank and its length, a space
    as 0 (the moves of a class empty no pile)."""
    return [(t[0] // 4) * 128 + len(t) if t else 0 for t in tab]


# A move between tableau piles -> (its source pile, its destination).
_TAB_TO_TAB = {Move(TABLEAU[j], TABLEAU[k]): (j, k)
               for j in range(len(TABLEAU)) for k in range(len(TABLEAU))}


def _moves_within(tab, moves):
    """Whether ``moves`` has a move between piles that empties none (one
    that stays in the tableau's class)."""
    get = _TAB_TO_TAB.get
    for m in moves:
        jk = get(m)
        if jk is not None and len(tab[jk[0]]) > 1:
            return True
    return False


def _order(tab, sk, si, dk, di):
    """Move order (a move by its MOVE_PARTS, ``tab`` the tableau before
    it): the fair hint's priorities (bank the reserve, bank, waste onto
    the tableau, fill a space, empty a one-card pile), then deal, then
    the other moves between piles."""
    if dk == "F":
        return 0 if sk == "R" else (1 if sk == "T" else 2)
    if sk == "W":
        return 3 if tab[di] else 4
    if sk == "S":
        return 6                                    # deal
    return 5 if len(tab[si]) == 1 else 7


# No key is proved lost (the default of _children's ``lost``).
_NO_KEYS = frozenset()


class _OutOfBudget(Exception):
    pass


def _safe_move(pos):
    """A move that loses nothing (the position after it is winnable
    whenever this one is), or None.  Two kinds, each proved by turning any
    winning line L from here into one that starts with the move:

    1. Once F0 holds 13, bank an available base-rank card (waste top,
       reserve top, or a one-card pile: a base-rank card stands alone) on
       an empty foundation.  The empty foundations are always exactly as
       many as the base-rank cards not banked (each foundation holds one),
       so every base-rank banking of L stays possible with this card
       banked; L's moves of this card (to a space, or banking it later)
       are dropped, and nothing else of L needs it: nothing is ever built
       on a base-rank card in the tableau.  Removing it from its pile
       leaves the rest of L's moves legal (the waste or reserve shows the
       card below it one move earlier, a pile becomes a space earlier:
       only more choices).  When L banks the card, both lines meet again.

    2. During the restriction, move a base-rank waste top into a space
       when the spaces are at least as many as the base-rank cards in the
       waste and the stock.  During the restriction a space takes nothing
       but a base-rank card from the waste, so L never needs more spaces
       than those cards minus this one; this card no longer covers the
       waste (only more choices); L's later move of it into a space is
       dropped; and as soon as L ends the restriction the card is banked
       from its pile as in 1 (its space is free again), after which the
       lines differ only as in 1.
    """
    base = pos.base
    tab = pos.tableau
    if len(pos.foundations[0]) == FULL:
        empty = next((i for i in range(1, 8) if not pos.foundations[i]),
                     None)
        if empty is None:
            return None
        dst = "F%d" % empty
        if pos.waste and pos.waste[-1] // 4 + 1 == base:
            return Move(WASTE, dst)
        if pos.reserve and pos.reserve[-1] // 4 + 1 == base:
            return Move(RESERVE, dst)
        for i, t in enumerate(tab):
            if t and t[0] // 4 + 1 == base:
                return Move(TABLEAU[i], dst)
        return None
    if pos.waste and pos.waste[-1] // 4 + 1 == base:
        spaces = [i for i, t in enumerate(tab) if not t]
        if spaces:
            n = sum(1 for c in pos.waste if c // 4 + 1 == base) \
                + sum(1 for c in pos.stock if c // 4 + 1 == base)
            if len(spaces) >= n:
                return Move(WASTE, TABLEAU[spaces[0]])
    return None


def _children(pos, visited, key, lost=_NO_KEYS):
    """(kids, open): ``kids`` is (moves, child, key) for each move, or
    short line of moves, whose canonical result is new, in search order
    (``key`` makes the search key, a _Keyer); a child whose key is in
    ``lost`` (proved lost, see _Search) is left out as a dead end, and
    ``open`` says whether a child was left out only because its key was
    visited and not proved lost (then ``pos`` is not proved lost when
    its kids are).  When a safe move exists (_safe_move) it is the only
    child (_safe_child); else the children are _tries' moves made, the
    first of each key kept."""
    safe = _safe_move(pos)
    if safe is not None:
        return _safe_child(pos, safe, visited, key, lost)
    out = []
    seen = set()
    blocked = False
    for _, _, moves, rep, m in _tries(pos, key.by_class(pos)):
        child = rep.after(m, check=False)
        k = key(child)
        if k in seen or k in lost:
            continue
        if k in visited:
            blocked = True
            continue
        seen.add(k)
        out.append((moves, child, k))
    out.reverse()                   # popped from the end: best first
    return out, blocked


def _safe_child(pos, safe, visited, key, lost):
    """_children's answer when ``safe`` is a safe move: the position is
    winnable iff the one after it is (and that one is new: a safe move
    cannot be undone, so it never leads back to an ancestor)."""
    child = pos.after(safe)
    k = key(child)
    if k in lost:
        return [], False
    if k in visited:
        return [], True
    return [((safe,), child, k)], False


def _tries(pos, by_class, first=None):
    """The moves, or short lines of moves, whose children _children makes,
    as (order, index, moves, position, move) in search order (the move
    ``move`` made from ``position``, an arrangement of ``pos``, ends the
    line ``moves``), without making a child.  When ``by_class`` (the key
    takes the tableau by its class, tableau_class), they are those of
    every arrangement of the class, each reached by the moves between
    piles that make it, and the moves that stay in the class are left
    out (they lead to the same key).  A move that leaves the tableau as
    it is or fills a space gives the same key from every arrangement: it
    is made from the first only.

    In search order (_order, then the order they are met) the first of
    two tries with the same key is the first met: two tries of different
    _order never have the same key.  A reserve card banked (0) is the
    only try that shortens the reserve, a deal (6) the only one that
    shortens the stock; of the others, the waste's (2, 3, 4) shorten the
    waste and the tableau's (1, 5, 7) do not; banking (1, 2) adds a
    foundation card, the rest do not; a waste card onto a pile (3) keeps
    the number of piles, into a space (4) adds one; a one-card pile moved
    (5) takes one away, a longer pile's top (7) does not.  ``first``:
    pos.legal_moves(), if made already."""
    if first is None:
        first = pos.legal_moves()
    out = []
    for rep, lead, legal in (_arrangements(pos, first) if by_class
                             else ((pos, (), first),)):
        _add_tries(rep, lead, legal, by_class, out)
    out.sort()
    return out


def _add_tries(rep, lead, legal, by_class, out):
    """_tries' part for one arrangement ``rep`` (reached by ``lead``,
    its legal moves ``legal``), appended to ``out``."""
    tab = rep.tableau
    found = rep.foundations
    sigs = set()
    for m in legal:
        # Moves between piles of the same kind give canonically equal
        # children (a pile is its bottom rank and length, a
        # foundation its length, F0 apart): make only one of them.
        sk, si, dk, di = MOVE_PARTS[m]
        if dk == "T":
            t = tab[di]
            if lead and not t and sk != "T":
                continue    # a space filled: as from the first
            d = (t[0] // 4, len(t)) if t else None
        elif lead and sk != "T":
            continue        # the tableau untouched: as from the first
        elif dk == "F":
            d = -1 if di == 0 else len(found[di])
        else:
            d = dk
        if sk == "T":
            t = tab[si]
            if by_class and dk == "T" and len(t) > 1:
                continue            # stays in the class
            sg = ((t[0] // 4, len(t)), d)
        else:
            sg = (sk, d)
        if sg in sigs:
            continue
        sigs.add(sg)
        out.append((_order(tab, sk, si, dk, di), len(out), lead + (m,),
                    rep, m))


def _tries_to_pop(pos, by_class):
    """_tries(pos, by_class) reversed (popped from the end, the first
    last), with as few of the other arrangements of ``pos``'s class made
    as can be: along a won search nearly every state tries one child, and
    making those arrangements (_arrangements) was a quarter of its time.

    Their tries are of orders 1, 3 and 5 only (each moves a pile's card:
    _tries), and each comes after the first arrangement's tries of its
    order.  Whether an arrangement can bank a pile's top (1) or put the
    waste top onto one (3) depends only on the multiset of the piles'
    tops, which a move within the class keeps (it swaps two tops:
    tableau_class); so another arrangement has a try of order 1 or 3 only
    if the first has one.  Hence:

    * when the first arrangement has no try of order 1 or 3 and no
      arrangement can move a lone card (_may_move_a_lone_card: order 5),
      the others add nothing, and its own tries are all;
    * else, when its best try is of order 5 or less, that try is the
      first of all: it comes above a *later* entry, (None, pos, that
      try, pos's legal moves, its own tries), standing for the rest,
      which the search pops, and _rest makes, only if that child does
      not win."""
    first = pos.legal_moves()
    if not (by_class and _moves_within(pos.tableau, first)):
        tries = _tries(pos, by_class, first)
    else:
        own = []
        _add_tries(pos, (), first, True, own)
        if not any(t[0] in (1, 3) for t in own) \
                and not _may_move_a_lone_card(pos):
            tries = sorted(own)
        else:
            best = min(own) if own else None
            if best is not None and best[0] <= 5:
                # a later entry: what _rest goes on from
                return [(None, pos, best, first, own), best]
            tries = _tries(pos, True, first)
    tries.reverse()
    return tries


def _may_move_a_lone_card(pos):
    """False when no arrangement of ``pos``'s class has a pile of one card
    that can go onto another (a try of order 5), else True (perhaps).  In
    offsets from the base rank, such a pile of bottom b shows b; its top
    rises from the one it shows now one swap at a time, each with a pile
    showing one more (tableau_class), so every offset up to b must show
    on some pile now, and b + 1 too, for the card to go onto it."""
    base = pos.base
    tops, piles = set(), []
    for t in pos.tableau:
        if t:
            b = (t[0] // 4 + 1 - base) % 13
            if b:
                top = (t[-1] // 4 + 1 - base) % 13
                tops.add(top)
                piles.append((top, b))
    for top, b in piles:
        if b + 1 in tops and all(x in tops for x in range(top + 1, b + 1)):
            return True
    return False


def _rest(later):
    """The tries a later entry of _tries_to_pop (None, position, the try
    made first, the position's legal moves, its own tries) stands for,
    reversed as _tries_to_pop's: _tries' list but its first, the own
    tries not made again."""
    _, pos, tried, first, own = later
    tries = list(own)
    for rep, lead, legal in _arrangements(pos, first)[1:]:
        _add_tries(rep, lead, legal, True, tries)
    tries.sort()
    if tries[0][:3] != tried[:3]:
        raise AssertionError("_tries_to_pop's first try is not _tries'")
    del tries[0]
    tries.reverse()
    return tries


def solve(position: Position, budget=None, budget_states=None,
          progress=None, should_stop=None, *,
          budget_seconds=None) -> SolveResult:
    """Decide ``position`` exactly (stock order known); see the module
    text.  ``budget`` is a core.budget.Budget (seconds, states, stop
    request; started here unless it runs already) or a number of seconds;
    the old keywords budget_seconds, budget_states and should_stop make
    one too.  Its clock and stop request are asked every TIME_CHECK
    states, ``progress(states, seconds)`` every few hundred.

    Stages: the first stretch of the full search (most deals are won by
    its first descent); then the fair hint and the greedy policy played
    to the end (a cheap probe that catches the deals where the search
    went astray early); then, in turns, a restart in a shuffled order
    and the next stretch of the full search, as long as each other, the
    lengths following Luby's sequence (most deals the full search is slow on
    are winnable, and a restart avoids the lost side it went into; the
    full search's half bounds what a lost deal pays for them).  A search
    answers False only when it has met every reachable state."""
    t0 = time.perf_counter()
    budget = Budget.of(budget, budget_seconds, budget_states,
                       should_stop).start()
    budget_states = budget.states
    if position.is_won():
        return SolveResult(True, [], 0, time.perf_counter() - t0)
    reserve_test = _MEMO.of(position.base).reserve_test(position.reserve)
    if reserve_test.lost(position):
        return SolveResult(False, None, 0, time.perf_counter() - t0)
    clock = _Clock(t0, budget, progress)
    try:
        first = min(FIRST_STATES, budget_states) \
            if budget_states is not None else FIRST_STATES
        lost = {}               # keys proved lost, shared (see _Search)
        full = _Search(position, reserve_test, clock, lost=lost)
        line = full.run(first)
        if line is None:
            line = _probe(position, clock)
        turn = 0
        while line is None:
            # Restarts in a shuffled order, each as long as the full
            # search's next stretch: a winnable deal the full search
            # entered by a lost side is often won at once from another.
            # The restarts that win mostly do so within a few hundred
            # states of their start, and which ones do is luck, so the
            # lengths follow Luby's sequence: many short tries, now and
            # then a longer one (measured on the 59 deals an earlier
            # schedule left undecided at 10 s: 20 decided within 10 CPU
            # s by this one, 2 by restarts doubling every second turn).
            cap = RESTART_STATES * _luby(turn + 1)
            line = _Search(position, reserve_test, clock,
                           random.Random(turn), lost).run(cap)
            if line is None:
                line = full.run(cap)
            turn += 1
    except _OutOfBudget:
        budget.spend(clock.states)
        return SolveResult(None, None, clock.states,
                           time.perf_counter() - t0)
    budget.spend(clock.states)
    if line is False:
        return SolveResult(False, None, clock.states,
                           time.perf_counter() - t0)
    return SolveResult(True, _checked(position, line), clock.states,
                       time.perf_counter() - t0)


# States of the first, short search.
FIRST_STATES = 3000
# States of the shortest restart (and of the full search's stretch after
# it); turn t's are this times _luby(t + 1).
RESTART_STATES = 500


def _luby(i):
    """The i-th term (from 1) of Luby's sequence, 1 1 2 1 1 2 4 1 1 2 1
    1 2 4 8 ...: the restart lengths of Luby, Sinclair and Zuckerman
    (1993), whose expected time is within a logarithmic factor of the
    best restart strategy's, whatever the distribution of the search's
    luck (unknown here, and different for every deal)."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


# The clock and a stop request are asked every TIME_CHECK states: a few
# states can take tens of milliseconds each (a large tableau class), so
# at every 256 a hint cut by its time ended up to 0.3 s late on a loaded
# machine, at every 4 within about 20 ms (tests/test_fair_player.py's
# early positions, two busy processes beside it).  The budget of states
# and the progress are asked every STATES_CHECK, as always (a multiple
# of TIME_CHECK), so a search with a budget of states still ends at the
# first multiple of STATES_CHECK at or past it: its answer is unchanged.
TIME_CHECK = 4
STATES_CHECK = 256


class _Clock:
    """The budgets: the clock and a stop request every TIME_CHECK
    states, the budget of states and the progress every STATES_CHECK."""

    def __init__(self, t0, budget, progress):
        self.t0 = t0
        self.budget = budget
        self.budget_states = budget.states
        self.progress = progress
        self.states = 0
        self.next_check = TIME_CHECK
        self.ticks = 0

    def tick(self):
        """A number larger than every one before (_Search's order of
        events, across the searches of one solve)."""
        self.ticks += 1
        return self.ticks

    def check(self):
        """Called when ``states`` reaches ``next_check`` (counted one by
        one, so at every multiple of TIME_CHECK)."""
        self.next_check = self.states + TIME_CHECK
        every_states = self.states % STATES_CHECK == 0
        if every_states and self.budget_states is not None \
                and self.states >= self.budget_states:
            self.budget.exhausted(STATES)
            raise _OutOfBudget
        if self.budget.out():
            raise _OutOfBudget
        if every_states and self.progress is not None:
            self.progress(self.states, time.perf_counter() - self.t0)


def _probe(position, clock):
    """Play the fair hint, then the greedy policy, to the end; a winning
    line or None.  Each position met counts as a state."""
    for policy in (fair_move, greedy_move):
        pos = position
        line = []
        while not pos.is_won():
            m = policy(pos)
            if m is None:
                break
            pos = pos.after(m)
            line.append(m)
            clock.states += 1
            if clock.states >= clock.next_check:
                clock.check()
        if pos.is_won():
            return line
    return None


class _Search:
    """Depth-first graph search from a position, run in stretches: a
    winning move list, False when every reachable canonical state was met
    without a win, or None when a stretch's states were met first (the
    next ``run`` goes on where it stopped).  With ``rng`` the children
    come in a shuffled order (at each state, with even odds, a random
    child is tried first): the search stays complete, so its False is a
    proof as well.

    ``lost``, a dict shared by the searches of one solve, gathers the keys
    proved lost: a dead state (dead_ends.dead), and a state whose
    children have all been proved lost, each one dead, in ``lost`` or
    expanded and proved lost in its turn.  A child skipped only because
    its key was visited (an ancestor on the path, or a state whose
    search ended without a proof) proves nothing, and its parent is not
    added.  So every key in ``lost`` is lost, by induction on the order
    they are added (a won line from a state would go through a child
    added before it, or a dead one), cycles or not, and any search may
    treat it as a dead end: the restarts and the full search do not
    search again what another has already proved.

    Without ``rng`` a state's children are made as they are tried, not
    all when it is expanded: a search that wins goes down its first
    child nearly everywhere, and making each child and its key was a
    third of its time.  The answer, the states met and their order stay
    those of _children's list: ``visited`` and ``lost`` map each key to
    the tick (_Clock.tick) it was put there, and a child is judged
    against both as they stood when its parent was expanded, as
    _children would have judged it then; then as _children's are when
    popped; and where a state's first try is known from its own moves,
    the other arrangements of its class are made only when a second try
    is needed (_tries_to_pop).  (A shuffled search draws from the number
    of children, so the restarts make them all at once.)"""

    def __init__(self, position, reserve_test, clock, rng=None, lost=None):
        self.reserve_test, self.clock, self.rng = reserve_test, clock, rng
        self.lost = {} if lost is None else lost
        self.key = _Keyer(position.base)
        k = self.key(position)
        self.visited = {k: clock.tick()}
        # per stack entry, its children to try, and [its key, every child
        # proved lost so far, the tick of its expansion (None: the
        # children were made then), the keys of those kept]
        kids, frame = self._expand(position, k)
        self.stack = [kids]
        self.frames = [frame]
        self.path = []

    def _expand(self, pos, k):
        """(the children of ``pos`` to try, popped from the end, and its
        stack frame): tries to be made when popped, or the safe move's
        child, or (shuffled) every child made now (_children)."""
        if self.rng is None:
            safe = _safe_move(pos)
            if safe is None:
                tries = _tries_to_pop(pos, self.key.by_class(pos))
                return tries, [k, True, self.clock.tick(), set()]
            kids, blocked = _safe_child(pos, safe, self.visited, self.key,
                                        self.lost)
            return kids, [k, not blocked, None, None]
        kids, blocked = _children(pos, self.visited, self.key, self.lost)
        rng = self.rng
        if len(kids) > 1 and rng.random() < 0.5:
            i = rng.randrange(len(kids))
            kids[i], kids[-1] = kids[-1], kids[i]
        return kids, [k, not blocked, None, None]

    def run(self, max_states=None):
        """Go on for at most ``max_states`` new states (None: no limit)."""
        stack, path, visited = self.stack, self.path, self.visited
        frames, lost = self.frames, self.lost
        clock, key = self.clock, self.key
        met = 0
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                k, proved, _, _ = frames.pop()
                if proved:
                    lost[k] = clock.tick()
                elif frames:
                    frames[-1][1] = False
                if path:
                    path.pop()
                continue
            if max_states is not None and met >= max_states:
                return None
            frame = frames[-1]
            expanded = frame[2]
            if expanded is None:
                m, child, k = kids.pop()
            else:
                # made now, judged as _children would have at expansion
                item = kids.pop()
                if item[0] is None:     # a later entry: the rest, now
                    kids.extend(_rest(item))
                    continue
                _, _, m, rep, move = item
                child = rep.after(move, check=False)
                k = key(child)
                if k in frame[3]:
                    continue
                at = lost.get(k)
                if at is not None and at < expanded:
                    continue
                at = visited.get(k)
                if at is not None and at < expanded:
                    frame[1] = False
                    continue
                frame[3].add(k)
            if k in lost:
                continue
            if k in visited:
                frame[1] = False
                continue
            visited[k] = clock.tick()
            clock.states += 1
            met += 1
            if clock.states >= clock.next_check:
                clock.check()
            if child.is_won():
                return [x for line in path for x in line] + list(m)
            if dead(child, self.reserve_test):
                lost[k] = clock.tick()
                continue
            path.append(m)
            kids, frame = self._expand(child, k)
            stack.append(kids)
            frames.append(frame)
        return False


def _checked(position, moves):
    """Replay ``moves`` through the rules model (with every check) and
    return them; raise if they do not win (a solver bug, never hidden)."""
    pos = position.copy()
    for m in moves:
        pos.play(m)
    if not pos.is_won():
        raise AssertionError("solver line does not win")
    return list(moves)

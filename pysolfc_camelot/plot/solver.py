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
the same moves) is expanded only once, so nothing loops.

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

* ``_dead``: a state is lost when the reserve relaxation is lost (see
  _ReserveTest) or the game is over;
* ``_safe_move``: a move proved to lose nothing is played alone (see
  there);
* moves with the same canonical result are tried once.
"""
import time

from ..outcome import SolveResult
from .hints import fair_move, greedy_move
from .notation import RESERVE, STOCK, TABLEAU, WASTE, Move
from .rules import FULL, TAB_INDEX, Position

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
    """canonical_key with its parts memoised: a child shares most piles
    with its parent (the same tuple objects), so the ranks of a long waste
    or the sorted tableau are worked out once per distinct pile tuple, not
    once per state."""

    def __init__(self):
        self.found, self.tab, self.waste = {}, {}, {}

    def __call__(self, pos):
        f, t, w = pos.foundations, pos.tableau, pos.waste
        fb = self.found.get(f)
        if fb is None:
            fb = self.found[f] = bytes([len(f[0])]
                                       + sorted(len(x) for x in f[1:])
                                       + [255])
        tb = self.tab.get(t)
        if tb is None:
            tb = self.tab[t] = bytes(sorted((x[0] // 4) * 14 + len(x)
                                            for x in t if x) + [255])
        wb = self.waste.get(w)
        if wb is None:
            wb = self.waste[w] = bytes([c // 4 for c in w])
        return bytes((len(pos.reserve), len(pos.stock))) + fb + tb + wb


def _order(pos, m):
    """Move order: the fair hint's priorities (bank the reserve, bank,
    waste onto the tableau, fill a space, empty a one-card pile), then
    deal, then the other moves between piles."""
    src, dst = m
    if dst[0] == "F":
        return 0 if src == RESERVE else (1 if src[0] == "T" else 2)
    if src == WASTE:
        return 3 if pos.tableau[TAB_INDEX[dst]] else 4
    if src == STOCK:
        return 6                                    # deal
    return 5 if len(pos.tableau[TAB_INDEX[src]]) == 1 else 7


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
    if len(pos.foundations[0]) == 13:
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


def _children(pos, visited, key):
    """(move, child, key) for each legal move whose canonical result is
    new, in search order (``key`` makes the canonical key).  When a safe
    move exists (_safe_move) it is the only child: the position is
    winnable iff the one after it is (and that one is new: a safe move
    cannot be undone, so it never leads back to an ancestor)."""
    safe = _safe_move(pos)
    if safe is not None:
        child = pos.after(safe)
        k = key(child)
        return [] if k in visited else [(safe, child, k)]
    out = []
    seen = set()
    tab = pos.tableau
    found = pos.foundations
    sigs = set()
    for m in pos.legal_moves():
        # Moves between piles of the same kind give canonically equal
        # children (a pile is its bottom rank and length, a foundation
        # its length, F0 apart): make only one of them.
        src, dst = m
        if dst[0] == "T":
            t = tab[TAB_INDEX[dst]]
            d = (t[0] // 4, len(t)) if t else None
        elif dst[0] == "F":
            d = ("F0",) if dst == "F0" else len(found[int(dst[1:])])
        else:
            d = dst
        if src[0] == "T":
            t = tab[TAB_INDEX[src]]
            sg = ((t[0] // 4, len(t)), d)
        else:
            sg = (src, d)
        if sg in sigs:
            continue
        sigs.add(sg)
        child = pos.after(m, check=False)
        k = key(child)
        if k in visited or k in seen:
            continue
        seen.add(k)
        out.append((_order(pos, m), len(out), m, child, k))
    out.sort()
    out.reverse()                   # popped from the end: best first
    return [(m, child, k) for _, _, m, child, k in out]


class _ReserveTest:
    """The reserve relaxation, decided exactly: a sound test of loss.

    Relax the game: every card outside the reserve is *free*, i.e. may go
    to a foundation at any moment, whatever lies on it (the waste order,
    the tableau and the stock order are forgotten).  The reserve keeps its
    order: its top card may go only onto a foundation that takes its rank
    at that moment, and only after the cards above it.  Every line of the
    real game is a line of the relaxed one (the real banking of free cards
    is a relaxed move), so when the relaxed game is lost, so is the real
    one.

    Deciding the relaxed game: once the reserve is empty it is won (the
    foundations that still need a rank are exactly as many as the cards of
    that rank not banked, all free, so every foundation completes; during
    the restriction F0 first).  Before that, the free cards a foundation
    takes can be taken as late as possible: a free card banked earlier
    than needed only makes a foundation pass ranks sooner, and the cards it
    uses are counted the same in any order, so a relaxed win exists iff one
    exists made of *macros*: bring one foundation up with free cards to
    the rank of the reserve top and bank the reserve top on it (during the
    restriction only F0; or complete F0 with free cards, which opens the
    others).  A foundation at length L reaches offset o (o >= L) iff a free
    card of each offset L..o-1 is left; free cards of an offset k are the
    8 cards of that rank minus those banked (one on each foundation longer
    than k) minus those still in the reserve.  The state of the relaxed
    game is (reserve cards left, F0 length, sorted lengths of F1..F7),
    memoised over the whole solve (the reserve never changes order).
    """

    def __init__(self, reserve, base):
        # Offsets (rank - base) of the reserve cards, bottom first, and
        # the count of each offset among the first i reserve cards.
        self.off = [((c // 4 + 1) - base) % 13 for c in reserve]
        self.count = [[0] * 13]
        for o in self.off:
            row = list(self.count[-1])
            row[o] += 1
            self.count.append(row)
        self.memo = {}

    def lost(self, pos):
        f = pos.foundations
        return not self._win(len(pos.reserve), len(f[0]),
                             tuple(sorted(len(x) for x in f[1:])))

    def _free(self, i, f0, others):
        free = [8 - c for c in self.count[i]]
        for n in (f0,) + others:
            for k in range(n):
                free[k] -= 1
        return free

    def _win(self, i, f0, others):
        if i == 0:
            return True
        key = (i, f0, others)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        free = self._free(i, f0, others)
        o = self.off[i - 1]
        ok = False
        if f0 < FULL:
            if o >= f0 and all(free[k] > 0 for k in range(f0, o)):
                ok = self._win(i - 1, o + 1 if o + 1 <= FULL else FULL,
                               others)
            if not ok and all(free[k] > 0 for k in range(f0, FULL)):
                ok = self._win(i, FULL, others)
        else:
            tried = set()
            for j, n in enumerate(others):
                if n in tried or n > o:
                    continue
                tried.add(n)
                if all(free[k] > 0 for k in range(n, o)):
                    rest = others[:j] + (o + 1,) + others[j + 1:]
                    if self._win(i - 1, f0, tuple(sorted(rest))):
                        ok = True
                        break
        self.memo[key] = ok
        return ok


def _f0_stuck(pos):
    """During the restriction: True when F0 can provably never be
    completed, so the game is lost.

    While F0 holds fewer than 13 cards nothing but F0 takes a card, so
    until F0 takes the next rank it needs, k, the only moves are deals,
    the waste top onto a pile or (a base-rank card) into a space, pile
    tops onto other piles, and F0 taking the ranks it needs before k.  For
    each k that F0 still needs, in turn, the test over-estimates what can
    come free before F0 takes k, assuming that F0 has taken every earlier
    rank from wherever suits (``taken``); when no copy of k can come free,
    F0 never gets k.

    * Ranks that can show on top of a pile (``shown``): those showing now,
      the rank just above one F0 takes when a card of that rank lies on
      another card in a pile with every card on it able to leave (taking
      it uncovers the rank above it: piles are built down), and,
      repeatedly, a rank r with a
      card in the waste or the stock when r + 1 can show (the card may be
      parked on it; never the base rank, which is neither built on nor
      put on a pile).  A pile top moved onto another pile uncovers the
      rank above it, whose copy was already showing on that other pile,
      so it adds no rank.
    * A card leaves the waste or a pile before F0 takes k if F0 takes its
      rank (it is in ``taken``), or it can be parked: a base-rank card in
      a space (one exists, or a pile without a base-rank card might empty
      later: optimistic), another card on a pile topped by the rank above
      it, which must be able to show.
    * A copy of k comes free when it is in the stock, or lies in the
      reserve under cards of ranks F0 takes, or in a pile or the waste
      under cards that can all leave as above.  The reserve's cards go
      only to the foundations, so nothing else frees them.
    """
    f0 = pos.foundations[0]
    if len(f0) == FULL:
        return False
    base = pos.base
    need = [(base - 1 + i) % 13 + 1 for i in range(len(f0), FULL)]
    parkable = [False] * 15         # ranks with a card in waste or stock
    in_stock = [False] * 15
    for c in pos.waste:
        parkable[c // 4 + 1] = True
    for c in pos.stock:
        r = c // 4 + 1
        parkable[r] = in_stock[r] = True
    tab = pos.tableau
    showing = set()
    under = [False] * 15            # ranks with a card above a pile's bottom
    space = False
    for t in tab:
        if not t:
            space = True
        else:
            showing.add(t[-1] // 4 + 1)
            if t[0] // 4 + 1 != base:
                space = True
            for c in t[1:]:
                under[c // 4 + 1] = True
    reserve = pos.reserve
    waste = pos.waste
    taken = set()
    for idx, k in enumerate(need):
        if in_stock[k]:
            taken.add(k)
            continue
        # Ranks that can show on a pile before F0 takes k: the least set
        # closed under the rules above, grown until it stops growing (a
        # pile card F0 takes uncovers the rank above it only once the
        # cards on it can leave).
        shown = set(showing)

        def leaves(r):
            if r in taken:
                return True
            if r == base:
                return space
            u = r % 13 + 1
            return u != base and u in shown

        while True:
            todo = list(shown)
            while todo:
                r = todo.pop()
                if r == base:
                    continue
                d = (r - 2) % 13 + 1
                if d != base and parkable[d] and d not in shown:
                    shown.add(d)
                    todo.append(d)
            grew = False
            for m in range(idx):
                up = need[m + 1]
                if up in shown or not under[need[m]]:
                    continue
                if _uncovers(tab, need[m], leaves):
                    shown.add(up)
                    grew = True
            if not grew:
                break

        free = False
        j = len(reserve) - 1
        while j >= 0 and reserve[j] // 4 + 1 in taken:
            j -= 1
        if j >= 0 and reserve[j] // 4 + 1 == k:
            free = True
        if not free:
            for t in tab:
                for p in range(len(t) - 1, -1, -1):
                    r = t[p] // 4 + 1
                    if r == k:
                        free = True
                        break
                    if not leaves(r):
                        break
                if free:
                    break
        if not free:
            for p in range(len(waste) - 1, -1, -1):
                r = waste[p] // 4 + 1
                if r == k:
                    free = True
                    break
                if not leaves(r):
                    break
        if not free:
            return True
        taken.add(k)
    return False


def _uncovers(tab, r, leaves):
    """Some pile holds a card of rank ``r`` on another card, and every
    card on it can leave (``leaves``)."""
    for t in tab:
        for p in range(len(t) - 1, 0, -1):
            x = t[p] // 4 + 1
            if x == r:
                return True
            if not leaves(x):
                break
    return False


def _dead(pos, reserve_test):
    """True when the position provably cannot be won (sound, not
    complete): the game is over (stock used up, no move left), F0 can
    never be completed during the restriction (_f0_stuck), or the reserve
    relaxation (_ReserveTest) is lost."""
    if not pos.stock and not pos.legal_moves():
        return True
    if _f0_stuck(pos):
        return True
    return reserve_test.lost(pos)


def solve(position: Position, budget_seconds=None, budget_states=None,
          progress=None, should_stop=None) -> SolveResult:
    """Decide ``position`` exactly (stock order known); see the module
    text.  ``progress(states, seconds)`` is called now and then;
    ``should_stop()`` is called as often and ends the search (winnable
    None) once it returns True.

    Three stages: a short search (most deals are won by its first
    descent); then the fair hint and the greedy policy played to the end
    (a cheap probe that catches the deals where the short search went
    astray early); then the full search.  A search answers False only
    when it has met every reachable state (the short one may, on a small
    position)."""
    t0 = time.perf_counter()
    if position.is_won():
        return SolveResult(True, [], 0, time.perf_counter() - t0)
    reserve_test = _ReserveTest(position.reserve, position.base)
    if reserve_test.lost(position):
        return SolveResult(False, None, 0, time.perf_counter() - t0)
    clock = _Clock(t0, budget_seconds, budget_states, progress, should_stop)
    try:
        first = min(FIRST_STATES, budget_states) \
            if budget_states is not None else FIRST_STATES
        line = _search(position, reserve_test, clock, first)
        if line is None:
            line = _probe(position, clock)
        if line is None:
            line = _search(position, reserve_test, clock, None)
    except _OutOfBudget:
        return SolveResult(None, None, clock.states,
                           time.perf_counter() - t0)
    if line is False:
        return SolveResult(False, None, clock.states,
                           time.perf_counter() - t0)
    return SolveResult(True, _checked(position, line), clock.states,
                       time.perf_counter() - t0)


# States of the first, short search.
FIRST_STATES = 3000


class _Clock:
    """The budgets, checked every few hundred states."""

    def __init__(self, t0, budget_seconds, budget_states, progress,
                 should_stop):
        self.t0 = t0
        self.deadline = None if budget_seconds is None \
            else t0 + budget_seconds
        self.budget_states = budget_states
        self.progress, self.should_stop = progress, should_stop
        self.states = 0
        self.next_check = 256

    def check(self):
        self.next_check = self.states + 256
        if self.budget_states is not None \
                and self.states >= self.budget_states:
            raise _OutOfBudget
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise _OutOfBudget
        if self.should_stop is not None and self.should_stop():
            raise _OutOfBudget
        if self.progress is not None:
            self.progress(self.states, now - self.t0)


class _ShortDone(Exception):
    pass


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


def _search(position, reserve_test, clock, max_states):
    """Depth-first graph search from ``position``: a winning move list,
    False when every reachable canonical state was met without a win, or
    None when ``max_states`` new states were met first."""
    key = _Keyer()
    visited = {key(position)}
    stack = [_children(position, visited, key)]
    path = []
    met = 0
    while stack:
        kids = stack[-1]
        if not kids:
            stack.pop()
            if path:
                path.pop()
            continue
        m, child, k = kids.pop()
        if k in visited:
            continue
        visited.add(k)
        clock.states += 1
        met += 1
        if clock.states >= clock.next_check:
            clock.check()
        if max_states is not None and met >= max_states:
            return None
        if child.is_won():
            return path + [m]
        if _dead(child, reserve_test):
            continue
        path.append(m)
        stack.append(_children(child, visited, key))
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

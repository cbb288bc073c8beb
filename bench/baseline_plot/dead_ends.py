# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's loss tests: sound proofs that a position cannot be won
(ReserveTest, the reserve relaxation decided exactly; f0_stuck, F0 never
completed), with which the solver (solver.py) cuts off lost states."""
from .rules import FULL


class ReserveTest:
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


def f0_stuck(pos):
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

    * Ranks that can show on top of a pile (``shown``, _grow_shown): those showing now,
      the rank just above one F0 takes when a card of that rank lies on
      another card in a pile with every card on it able to leave (taking
      it uncovers the rank above it: piles are built down), and,
      repeatedly, a rank r with a
      card in the waste or the stock when r + 1 can show (the card may be
      parked on it; never the base rank, which is neither built on nor
      put on a pile).  A pile top moved onto another pile uncovers the
      rank above it, whose copy was already showing on that other pile,
      so it adds no rank.
    * A card leaves the waste or a pile before F0 takes k (``leaves``) if
      F0 takes its rank (it is in ``taken``), or it can be parked: a base-rank card in
      a space (one exists, or a pile without a base-rank card might empty
      later: optimistic), another card on a pile topped by the rank above
      it, which must be able to show.
    * A copy of k comes free (_comes_free) when it is in the stock, or lies in the
      reserve under cards of ranks F0 takes, or in a pile or the waste
      under cards that can all leave as above.  The reserve's cards go
      only to the foundations, so nothing else frees them.
    """
    f0 = pos.foundations[0]
    if len(f0) == FULL:
        return False
    base = pos.base
    need = [(base - 1 + i) % 13 + 1 for i in range(len(f0), FULL)]
    parkable, in_stock = _ranks_to_come(pos)
    tab = pos.tableau
    showing, under, space = _tableau_ranks(tab, base)
    taken = set()
    for idx, k in enumerate(need):
        if in_stock[k]:
            taken.add(k)
            continue
        shown = set(showing)

        def leaves(r):
            if r in taken:
                return True
            if r == base:
                return space
            u = r % 13 + 1
            return u != base and u in shown

        _grow_shown(shown, need[:idx + 1], parkable, under, tab, base,
                    leaves)
        if not _comes_free(k, pos, taken, leaves):
            return True
        taken.add(k)
    return False


def _ranks_to_come(pos):
    """Per rank (index 1..13): a card of it lies in the waste or the stock
    (it may be parked on a pile), and one lies in the stock (F0 may take
    it whenever it needs it)."""
    parkable = [False] * 15
    in_stock = [False] * 15
    for c in pos.waste:
        parkable[c // 4 + 1] = True
    for c in pos.stock:
        r = c // 4 + 1
        parkable[r] = in_stock[r] = True
    return parkable, in_stock


def _tableau_ranks(tab, base):
    """The ranks showing on the piles, per rank whether a card of it lies
    above a pile's bottom card, and whether a space exists or may come (a
    pile without a base-rank bottom might empty: optimistic)."""
    showing = set()
    under = [False] * 15
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
    return showing, under, space


def _grow_shown(shown, need, parkable, under, tab, base, leaves):
    """Grow ``shown`` (in place) to the ranks that can show on a pile
    before F0 takes need[-1], F0 having taken need[:-1]: the least set
    closed under the rules of f0_stuck, grown until it stops growing (a
    pile card F0 takes uncovers the rank above it only once the cards on
    it can leave; ``leaves`` reads ``shown`` as it grows)."""
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
        for m in range(len(need) - 1):
            up = need[m + 1]
            if up in shown or not under[need[m]]:
                continue
            if _uncovers(tab, need[m], leaves):
                shown.add(up)
                grew = True
        if not grew:
            return


def _comes_free(k, pos, taken, leaves):
    """A copy of rank ``k`` can come free before F0 takes it: the reserve
    shows it once F0 has taken the cards above it (``taken``), or a pile
    or the waste holds it under cards that can all leave."""
    reserve = pos.reserve
    j = len(reserve) - 1
    while j >= 0 and reserve[j] // 4 + 1 in taken:
        j -= 1
    if j >= 0 and reserve[j] // 4 + 1 == k:
        return True
    for t in pos.tableau:
        if _dug_out(t, k, leaves):
            return True
    return _dug_out(pos.waste, k, leaves)


def _uncovers(tab, r, leaves):
    """Some pile holds a card of rank ``r`` on another card, and every
    card on it can leave (``leaves``)."""
    for t in tab:
        if _dug_out(t, r, leaves, 1):
            return True
    return False


def _dug_out(cards, r, leaves, lowest=0):
    """A card of rank ``r`` lies in ``cards`` (top last) at index
    ``lowest`` or above, under cards that can all leave (``leaves``)."""
    for p in range(len(cards) - 1, lowest - 1, -1):
        x = cards[p] // 4 + 1
        if x == r:
            return True
        if not leaves(x):
            return False
    return False


def dead(pos, reserve_test):
    """True when the position provably cannot be won (sound, not
    complete): the game is over (stock used up, no move left), F0 can
    never be completed during the restriction (f0_stuck), or the reserve
    relaxation (ReserveTest) is lost."""
    if not pos.stock and not pos.legal_moves():
        return True
    if f0_stuck(pos):
        return True
    return reserve_test.lost(pos)

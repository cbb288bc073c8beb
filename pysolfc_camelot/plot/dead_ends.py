# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's loss tests: sound proofs that a position cannot be won
(ReserveTest, the reserve relaxation decided exactly; f0_stuck, F0 never
completed; frozen, no foundation ever takes a card again), with which the
solver (solver.py) cuts off lost states.  f0_stuck and frozen count the
places the tableau can offer the cards that must leave the waste
(waste_can_dig, frozen)."""
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
        self.answers = {}

    # lost's answers, kept by (reserve length, foundations), this many
    # at most (then afresh): a search asks for every state it meets, most
    # share their parent's foundations, and a look-up costs a sixth of
    # working out _win's key.
    ANSWERS = 8192

    def lost(self, pos):
        f = pos.foundations
        seen = (len(pos.reserve), f)
        answer = self.answers.get(seen)
        if answer is None:
            if len(self.answers) >= self.ANSWERS:
                self.answers.clear()
            answer = self.answers[seen] = not self._win(
                seen[0], len(f[0]), tuple(sorted(len(x) for x in f[1:])))
        return answer

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

    * Ranks that can show on top of a pile (``shown``, _grow_shown):
      those showing now, the rank just above one F0 takes when a card of
      that rank lies on another card in a pile with every card on it able to
      leave (taking it uncovers the rank above it: piles are built down),
      and, repeatedly, a rank r with a card in the waste or the stock
      when r + 1 can show (the card may be parked on it; never the base
      rank, which is neither built on nor put on a pile).  A pile top
      moved onto another pile uncovers the rank above it, whose copy was
      already showing on that other pile, so it adds no rank.
    * A card leaves the waste or a pile before F0 takes k (``leaves``) if
      F0 takes its rank (it is in ``taken``), or it can be parked: a
      base-rank card in a space (one exists, or a pile without a base-rank
      card might empty later: optimistic), another card on a pile topped by
      the rank above it, which must be able to show.
    * A copy of k comes free (_comes_free) when it is in the stock, or
      lies in the reserve under cards of ranks F0 takes, or in a pile or the
      waste under cards that can all leave as above, and there are places on
      the piles for all of them (waste_can_dig).  The reserve's cards go
      only to the foundations, so nothing else frees them.
    * The stock order, for the last rank F0 needs (the rank below the
      base, which never goes on a pile): when another rank F0 needs comes
      only from the stock, F0 takes it no sooner than its first copy there
      is dealt, so the copies of the last rank dealt before it lie in the
      waste and must be dug out (_last_copy).
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
    # ``dealt``: a lower bound on the stock cards dealt before F0 takes
    # the last rank it needs, or None when that bound cannot matter (see
    # _last_copy).
    stock = pos.stock
    last = len(need) - 1
    lastcopy = _last_copy(need, stock)
    dealt = None if lastcopy is None else 0
    for idx, k in enumerate(need):
        if in_stock[k] and idx < last:
            if dealt is not None:
                j = _index(stock, k, 0)
                if j >= max(dealt, lastcopy) and not _free_without_stock(
                        k, idx, need, pos, taken, showing, under, space,
                        parkable):
                    # Only the stock gives k, so F0 takes it no sooner
                    # than its first copy there is dealt, after the last
                    # copy of the last rank.
                    dealt = j + 1
            taken.add(k)
            continue
        if idx == last and in_stock[k] and (dealt is None
                                            or lastcopy >= dealt):
            return False
        shown = set(showing)
        leaves = _leaver(taken, base, space, shown)
        _grow_shown(shown, need[:idx + 1], parkable, under, tab, base,
                    leaves)
        if not _comes_free(k, pos, taken, leaves,
                           dealt if idx == last else None):
            return True
        taken.add(k)
    return False


def _last_copy(need, stock):
    """The index of the last copy in the stock of the last rank F0 needs
    (the rank below the base), when the stock order may keep it from F0:
    that rank is never put on a pile or into a space, so a copy dealt
    before F0 has taken the ranks before it stays in the waste, under
    every card dealt after it, until F0 takes it.  None when there is no
    such copy, or one lies after the first copy of every earlier rank F0
    needs (it may well be dealt in time)."""
    if len(need) < 2:
        return None
    last = need[-1]
    j = len(stock) - 1
    while j >= 0 and stock[j] // 4 + 1 != last:
        j -= 1
    if j < 0:
        return None
    for k in need[:-1]:
        i = _index(stock, k, 0)
        if i is not None and i >= j:
            return j
    return None


def _index(cards, r, start):
    """The first index >= start of a card of rank r in ``cards``, or
    None."""
    for j in range(start, len(cards)):
        if cards[j] // 4 + 1 == r:
            return j
    return None


def _in_cards(cards, r, start, stop):
    return any(cards[j] // 4 + 1 == r for j in range(start, stop))


def _free_without_stock(k, idx, need, pos, taken, showing, under, space,
                        parkable):
    """f0_stuck's test of rank k (the idx-th F0 needs) with the stock
    left out as a source of k itself: can a copy come free from the
    reserve, a pile or the waste (over-estimated as in f0_stuck)?"""
    base = pos.base
    shown = set(showing)
    leaves = _leaver(taken, base, space, shown)
    _grow_shown(shown, need[:idx + 1], parkable, under, pos.tableau, base,
                leaves)
    return _comes_free(k, pos, taken, leaves)


def _leaver(taken, base, space, shown):
    """f0_stuck's ``leaves(r)``: a card of rank r can leave the waste or
    a pile before F0 takes the rank worked on (``shown`` is read as it
    grows)."""
    def leaves(r):
        if r in taken:
            return True
        if r == base:
            return space
        u = r % 13 + 1
        return u != base and u in shown
    return leaves


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
        _park_below(shown, base, parkable)
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


def _comes_free(k, pos, taken, leaves, dealt=None):
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
    waste, stock = pos.waste, pos.stock
    if dealt:
        # the last rank, its copies among the first ``dealt`` stock cards
        # already lying in the waste (see _first_deals)
        waste, stock = waste + stock[:dealt], stock[dealt:]
    return _dug_out(waste, k, leaves) \
        and waste_can_dig(pos, k, taken, waste, stock)


def waste_can_dig(pos, k, taken, waste=None, stock=None):
    """During the restriction, with no card of rank ``k`` in the stock:
    False when the topmost copy of ``k`` in the waste can provably never
    leave the waste before F0 takes ``k``, F0 taking only the ranks
    ``taken`` before it (one card of each).  A counting argument on the
    tableau, sound whatever the order of the moves:

    Before that copy leaves, every card above it leaves the waste, and so
    does every stock card dealt meanwhile (a prefix of the stock, of any
    length): the set R.  During the restriction a card leaving the waste
    goes to F0 (a rank of ``taken``, one card each), into a space (a
    base-rank card) or onto a pile.  Count the tableau at that moment:
    every card of rank r that is not a pile's bottom lies on a card of
    rank r + 1, and no new bottom but a base-rank one appears (spaces take
    only those), so the cards of rank r put onto the piles are at most
    the piles showing r + 1 now plus the cards of rank r + 1 put onto
    them (R's), plus one if r is taken (F0's card of r leaves the tableau
    or R).  Nothing lies on a base-rank card, so no card of the rank
    below the base is put onto a pile at all (unless taken), and the
    base-rank cards of R are at most the spaces there are or may come.
    Non-bottom moves between piles change none of these counts.  When
    every prefix of the stock breaks one of the bounds, the copy never
    leaves.  ``waste`` and ``stock`` (the position's by default) may be
    given with the stock's first cards moved onto the waste."""
    if waste is None:
        waste, stock = pos.waste, pos.stock
    base = pos.base
    p = len(waste) - 1
    while p >= 0 and waste[p] // 4 + 1 != k:
        p -= 1
    if p < 0:
        return False
    # Offsets from the base rank: 0 the base, 12 the rank below it.
    shows = [0] * 14                # piles showing each offset
    spaces = 0
    for t in pos.tableau:
        if not t:
            spaces += 1
        elif t[0] // 4 + 1 != base:
            spaces += 1             # might empty: optimistic
            shows[(t[-1] // 4 + 1 - base) % 13] += 1
    give = [0] * 14                 # one more card of a taken rank
    for r in taken:
        give[(r - base) % 13] = 1
    need = [0] * 14

    def broken(o):
        """Bound of offset o (0..12) broken by ``need``."""
        if o == 0:
            return need[0] > spaces
        return need[o] - give[o] > shows[o + 1] + need[o + 1]

    for c in waste[p + 1:]:
        need[(c // 4 + 1 - base) % 13] += 1
    bad = set(o for o in range(13) if broken(o))
    if not bad:
        return True
    for c in stock:
        o = (c // 4 + 1 - base) % 13
        need[o] += 1
        # Only the bounds of o and o - 1 read need[o]; the base's and
        # the last rank's (need alone against a fixed bound) never mend.
        for q in (o, o - 1) if o else (0,):
            if broken(q):
                bad.add(q)
            else:
                bad.discard(q)
        if 0 in bad or 12 in bad:
            return False
        if not bad:
            return True
    return False


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


def frozen(pos):
    """True when no foundation can ever take another card (so the game,
    not won, is lost), by a counting argument on the tableau.

    Let N be the ranks the foundations take now.  Until a foundation
    takes a card nothing leaves the tableau, the reserve top stays, and
    the tops of the piles gain no new rank but that of a card put there
    from the waste (a move between piles that empties none keeps the
    multiset of tops: the card it uncovers has the rank of the top it
    covers).  So when no pile top, nor the reserve top, nor a stock card
    is of a rank in N, the first card a foundation takes is a waste card
    of a rank in N, and before it the topmost such card of the waste
    leaves the waste, and with it every card above it and every stock
    card dealt meanwhile (a prefix of the stock): the set R, all put onto
    the piles or into spaces.  Count the tableau at that moment: each
    card of a rank r that is no pile's bottom lies on a card of rank
    r + 1 (none on a base-rank card), so the cards of rank r put there,
    plus the piles with a bottom of rank r emptied onto other piles,
    exceed the piles showing r + 1 now plus the cards of rank r + 1 put
    there by at most the new bottoms of rank r; new bottoms fill spaces,
    which are the spaces now and the piles emptied (during the
    restriction only base-rank cards fill them).  When every prefix of
    the stock leaves more cards without a place than spaces to put them,
    no foundation takes a card again."""
    base = pos.base
    restricted = len(pos.foundations[0]) < FULL
    want = set()
    for i, f in enumerate(pos.foundations):
        if len(f) < FULL and not (i and restricted):
            want.add((len(f)) % 13)         # offsets from the base rank
            if restricted:
                break
    if not want:
        return False
    if pos.reserve and (pos.reserve[-1] // 4 + 1 - base) % 13 in want:
        return False
    # The stock first: in most states the searches meet, a card of a
    # rank a foundation takes lies near its top.
    for c in pos.stock:
        if (c // 4 + 1 - base) % 13 in want:
            return False
    shows = [0] * 14                # piles showing each offset
    bottoms = [0] * 13              # non-base piles by bottom offset
    spaces = 0
    for t in pos.tableau:
        if not t:
            spaces += 1
            continue
        o = (t[-1] // 4 + 1 - base) % 13
        if o in want:
            return False
        b = (t[0] // 4 + 1 - base) % 13
        if b:
            shows[o] += 1
            bottoms[b] += 1
    waste = pos.waste
    p = len(waste) - 1
    while p >= 0 and (waste[p] // 4 + 1 - base) % 13 not in want:
        p -= 1
    if p < 0:
        return True                 # no card a foundation takes is left
    need = [0] * 14
    for c in waste[p + 1:]:
        need[(c // 4 + 1 - base) % 13] += 1

    def placed():
        short = 0                   # cards without a place on a pile
        room = spaces
        for o in range(13):
            if o == 0:
                d = need[0]         # base-rank cards go only to spaces
            else:
                d = need[o] - shows[o + 1] - need[o + 1] \
                    if o < 12 else need[12]
            if d > 0:
                if restricted and o:
                    return False    # spaces take only base-rank cards
                short += d
            elif d < 0:
                room += min(bottoms[o], -d)
        return short <= room

    if placed():
        return False
    for c in pos.stock:
        need[(c // 4 + 1 - base) % 13] += 1
        if placed():
            return False
    return True


def f0_walled(pos):
    """During the restriction: True when F0 can provably never be
    completed because of the order of the waste and the stock (a timeline
    argument; f0_stuck counts places instead).

    *Parkable* ranks.  A rank can show on top of a pile during the rest
    of the restriction only if a card of it lies in a pile now, or it is
    the base rank and a space is there or may come, or it is one below a
    rank that can show (not the base rank, and not below the base rank:
    nothing is put onto a base-rank card) with a card of it in the waste
    or the stock: the least set closed under these rules holds every
    rank that will ever show (_showable).  A card may leave the waste for
    a pile only onto the rank above it (or, a base-rank card, into a
    space), so a card of a rank that cannot be parked (one whose upper
    neighbour never shows, always the rank below the base) leaves the
    waste only for F0, when F0 takes its rank, and F0 takes one card of
    each rank it needs, once.  Until then it covers every card under it.

    The relaxed timeline.  F0 takes the ranks it needs one after the
    other; let D be the stock cards dealt so far.  Grant every move that
    is not ruled out above: a card of the tableau is ready for F0 at
    once; so is the reserve's card under cards F0 takes earlier, top
    first (the reserve plays only to F0 now); a parkable card is parked
    the moment it is dealt (or now, from the waste, when nothing under
    the rule above covers it) and is ready from then on; a card that
    cannot be parked is ready once dealt if nothing covers it.  It is
    *covered* by a card above it (in the waste, or dealt after it) of a
    rank that cannot be parked and that F0 does not take before (a rank
    F0 no longer needs, the base rank, or a later one), or by two cards
    of one such rank that F0 takes before (at most one of them left).
    For each rank in turn, F0 takes it at the least D at which a copy is
    ready, dealing only when no copy is ready without.  Every real line
    is at least as late at every rank (by induction: dealing more only
    covers more cards, and a real line's copy is ready in the relaxation
    at the real D), so when some rank has no ready copy at any D, F0 is
    never completed."""
    f0 = pos.foundations[0]
    if len(f0) == FULL:
        return False
    base = pos.base
    need = [(base - 1 + i) % 13 + 1 for i in range(len(f0), FULL)]
    when = {r: i for i, r in enumerate(need)}
    shows, space = _showable(pos)
    park = [False] * 14
    for r in range(1, 14):
        up = r % 13 + 1
        park[r] = space if r == base else (up != base and up in shows)
    in_tableau = set(c // 4 + 1 for t in pos.tableau for c in t)
    waste = [c // 4 + 1 for c in pos.waste]
    stock = [c // 4 + 1 for c in pos.stock]
    reserve = [c // 4 + 1 for c in pos.reserve]
    dealt = 0
    for i, k in enumerate(need):
        if k in in_tableau or _reserve_gives(reserve, k, i, when):
            continue
        if park[k]:
            ready = k in stock[:dealt] or _uncovered(
                reversed(waste), k, i, when, park, {})
        else:
            seen = {}
            ready = _uncovered(reversed(stock[:dealt]), k, i, when, park,
                               seen)
            if ready is None:
                ready = _uncovered(reversed(waste), k, i, when, park, seen)
        if ready:
            continue
        j = _index(pos.stock, k, dealt)
        if j is None:
            return True
        dealt = j + 1
    return False


def _showable(pos):
    """f0_walled's ranks that may show on a pile during the restriction,
    and whether a space is there or may come (optimistic, as
    _tableau_ranks)."""
    base = pos.base
    shows = set(c // 4 + 1 for t in pos.tableau for c in t)
    loose, _ = _ranks_to_come(pos)
    space = any(not t or t[0] // 4 + 1 != base for t in pos.tableau)
    if space and loose[base]:
        shows.add(base)
    _park_below(shows, base, loose)
    return shows, space


def _park_below(shown, base, loose):
    """Grow ``shown`` (in place) by every rank one below a rank in it
    (never the base rank, nor onto it) that has a card in the waste or
    the stock (``loose``, per rank, as _ranks_to_come's): that card may
    be parked there, and then shows; repeated until nothing is added."""
    todo = list(shown)
    while todo:
        r = todo.pop()
        if r == base:
            continue
        d = (r - 2) % 13 + 1
        if d != base and loose[d] and d not in shown:
            shown.add(d)
            todo.append(d)


def _reserve_gives(reserve, k, i, when):
    """The reserve (ranks, top last) can give rank ``k`` when F0 takes it
    as its i-th rank: the cards above its topmost copy are of ranks F0
    takes before, top first."""
    prev = -1
    for r in reversed(reserve):
        if r == k:
            return True
        w = when.get(r)
        if w is None or w <= prev or w >= i:
            return False
        prev = w
    return False


def _uncovered(cards, k, i, when, park, seen):
    """Walking ``cards`` (ranks, top first): True at the first card of
    rank ``k`` not covered (see f0_walled) by the cards before it, False
    once covered, None at the end.  ``seen`` counts the unparkable cards
    of ranks F0 takes before its i-th rank, across calls."""
    for r in cards:
        if r == k:
            return True
        if park[r]:
            continue
        w = when.get(r)
        if w is None or w > i:
            return False
        n = seen.get(r, 0) + 1
        if n > 1:
            return False
        seen[r] = n
    return None


def dead(pos, reserve_test):
    """True when the position provably cannot be won (sound, not
    complete): the game is over (stock used up, no move left), F0 can
    never be completed during the restriction (f0_stuck), or the reserve
    relaxation (ReserveTest) is lost, or no foundation can take a card
    again (frozen)."""
    if not pos.stock and not pos.legal_moves():
        return True
    if f0_stuck(pos) or frozen(pos) or f0_walled(pos):
        return True
    return reserve_test.lost(pos)

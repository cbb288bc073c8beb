# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's search over canonical states (see solver.py for the
reduction): the deal's shared tables and budget (Deal), the face test
(faces_fit), the two relaxed games solved exactly as pruning tests (Pool,
every slot one class; EdgePool, the edges one class) and the depth-first
search of the real game with its memo tables (Search)."""
import itertools
import time

from ..core.budget import STATES
from .rules import FACE_CLASS, MIDDLE
from .solver_tables import (PLACE_ORDER, UNIT, distributions, edge_outcomes,
                            SIG_12, SIG_34, SIG_5T, middle_choices, pool_sets,
                            removal_outcomes, size, vec)

_NEVER = 1 << 30
# Move orders, tried in turn by solver._run: 0 guided refills, 1 middle first,
# 2 guided and sorted by the face cards' time to spare, 3 as 2 but the
# smallest removal sets first (some deals are won only by holding cards);
# from the fifth round on, each shuffled (see Search.rng).
MODES = (0, 1, 2, 3)


class OutOfBudget(Exception):
    """A budget (seconds, states or should_stop) ran out: no answer."""


class Restart(Exception):
    """This round of the search used its states; try the other order."""


class Deferred(Exception):
    """A relaxation's answer took more than its query's states (see
    Deal.query): the real search leaves that state for a later round."""


_NONE = float("inf")


class Deal:
    """What every search over one sequence of cards shares: the cards (as
    ranks, in dealing order, the waste card first if any), tables derived
    from them, and the budget."""

    def __init__(self, seq, faces0, budget, progress):
        self.seq = seq
        self.n = n = len(seq)
        # budget (core/budget.py): its clock and stop request are polled
        # here; its states are this deal's own max_states (solve_siblings
        # gives each position a share of its own)
        self.budget = budget
        self.max_states = budget.states
        self.progress = progress
        self.round_end = None           # states at which to restart
        # A relaxation asked by the real search may take query_budget
        # states (None: any) before it gives up (Deferred); deferrals
        # counts the states left for a later round this way.
        self.query_budget = None
        self.query_end = _NONE
        self.deferrals = 0
        self.states = 0
        self.limit = _NONE
        self.set_limits()
        self.hits = 0                   # memo hits, to poll the clock
        self.t0 = time.perf_counter()
        # faces[t][x]: face cards on class x once seq[:t] is placed
        f = list(faces0)
        self.faces = [tuple(f)]
        for r in seq:
            if r > 10:
                f[FACE_CLASS[r]] += 1
            self.faces.append(tuple(f))
        # rank_pos[t][r]: indices >= t of the cards of rank r, and
        # face_pos[t][x]: of the face cards of class x (built backwards,
        # sharing the unchanged tuples)
        rp = [()] * 11
        fp = [()] * 8                   # indexed by a mask of classes
        self.rank_pos = [None] * (n + 1)
        self.face_pos = [None] * (n + 1)
        self.rank_pos[n] = tuple(rp)
        self.face_pos[n] = tuple(fp)
        for t in range(n - 1, -1, -1):
            r = seq[t]
            if r > 10:
                bit = 1 << FACE_CLASS[r]
                for mask in range(1, 8):
                    if mask & bit:
                        fp[mask] = (t,) + fp[mask]
            else:
                rp[r] = (t,) + rp[r]
            self.rank_pos[t] = tuple(rp)
            self.face_pos[t] = tuple(fp)

    def hit(self):
        """A memo hit: no state expanded, but a long run of them must still
        notice the deadline."""
        self.hits += 1
        if self.hits & 255 == 0 and self.budget.out():
            raise OutOfBudget

    def set_limits(self):
        """After a change of max_states, round_end or query_end: the
        states at which tick() must look at them."""
        self.limit = min(_NONE if self.max_states is None else
                         self.max_states,
                         _NONE if self.round_end is None else self.round_end,
                         self.query_end)

    def query(self, ask, *args):
        """The real search asks a relaxation ask(*args): with a
        query_budget, Deferred if it needs more states than that."""
        if self.query_budget is None or self.query_end != _NONE:
            return ask(*args)
        self.query_end = self.states + self.query_budget
        self.set_limits()
        try:
            return ask(*args)
        finally:
            self.query_end = _NONE
            self.set_limits()

    def tick(self):
        self.states += 1
        if self.states > self.limit:
            if self.max_states is not None and \
                    self.states > self.max_states:
                self.budget.exhausted(STATES)
                raise OutOfBudget
            if self.round_end is not None and self.states > self.round_end:
                raise Restart
            if self.states > self.query_end:
                self.deferrals += 1
                raise Deferred
        # the clock every 64 states (well under a millisecond each): a
        # player's 0.1 s hint budget must be kept to within a few ms
        if self.states & 63 == 0:
            if self.budget.out():
                raise OutOfBudget
            if self.progress is not None and self.states & 8191 == 0:
                self.progress(self.states, time.perf_counter() - self.t0)


class Search:
    """Depth-first search of the real game over canonical states with memo
    tables of lost states.

    relax lists relaxed games (Pool, EdgePool): every real line of play is
    also a line of each with the same removals, so a state lost there is
    lost for real, a sound pruning test.  The relaxed games are much
    smaller and solved exactly, memoising wins too.

    With relax=() and prune=False this is the plain exhaustive search over
    the same canonical states (for tests and the benchmark)."""

    enforce = (0, 1, 2)                 # the edge classes, each its faces
    gmap = (0, 1, 2)
    merged = ()
    fpx = (1, 2, 4)                     # face_pos masks of the classes
    # the classes of each class, for full()
    window = ((0, (0,)), (1, (1,)), (2, (2,)))

    def __init__(self, deal, relax=(), prune=True):
        self.deal = deal
        self.seq = deal.seq
        self.n = deal.n
        self.relax = relax
        self.prune = prune
        self.order = 0 if prune else 1  # move order: see MODES
        self.split = None               # see _split_children
        # A random.Random, or None: shuffles the removal sets and the
        # first refills of each state (order only; every choice is still
        # tried).  The deterministic orders share their blind spots: on
        # some deals all four spend hundreds of thousands of states in
        # lost subtrees that a random order skips.
        self.rng = None
        self.lost_full = set()
        self.lost_open = set()
        self.won_full = set()

    def caps(self, t):
        f = self.deal.faces[t]
        return [4 - f[0], 4 - f[1], 4 - f[2], 4]

    # -- sound pruning ------------------------------------------------------

    def _faces_can_fit(self, t, cls, empty=(0, 0, 0)):
        """Can every face card still to come find a slot of its class?

        Each slot of a class that does not hold a face card now must be
        emptied before the face card that ends up there is dealt: its
        current number card must be removed in an earlier phase 2, which
        takes a partner of its own (a ten needs none) on the tableau or
        dealt before that face card.  Removing i cards of rank r takes i
        distinct cards of rank 10-r, so the i-th r on a class gets the i-th
        partner to become available.  The k-th face card of a class to come
        needs k slots freeable before it is dealt (empty ones are free)."""
        total = cls[0] + cls[1] + cls[2] + cls[3]
        for x in self.enforce:
            if self._class_slack(t, x, cls[x], empty[x], total) is None:
                return False
        return True

    def _class_slack(self, t, x, c, empty, total):
        """None if the face cards of class x cannot all fit, else the least
        time to spare before one of them (see faces_fit)."""
        return faces_fit(self.deal, t, self.deal.face_pos[t][self.fpx[x]],
                         c, total, empty)

    def _guide(self, t, cls, counts):
        """Move ordering of a refill (no effect on soundness): the number
        cards whose partner is on the tableau (or comes soonest) are tried
        first on the edge class whose face card comes soonest, the others
        in the middle: removing them frees the slot that face needs."""
        total = cls[0] + cls[1] + cls[2] + cls[3]
        for r, k in counts:
            total += k * UNIT[r]
        on = vec(total)
        rp = self.deal.rank_pos[t]

        def partner_time(rk):
            r = rk[0]
            if r == 10 or on[10 - r] > (r == 5):
                return -1
            ps = rp[10 - r]
            return ps[0] if ps else _NEVER
        counts.sort(key=partner_time)
        fp = self.deal.face_pos[t]
        fpx = self.fpx
        edges = sorted((x for x in self.enforce if fp[fpx[x]]),
                       key=lambda x: fp[fpx[x]][0])
        order = tuple(edges) + tuple(x for x in (3, 2, 1, 0)
                                     if x not in edges)
        return counts, order

    def _by_slack(self, t, cls, adds, chunk=512):
        """Refilled tableaux, in chunks sorted by the time the coming face
        cards have to spare (most first; none left: dropped, the test of
        full() would fail).  Chunks bound the work when a refill has a
        great many arrangements."""
        adds = iter(adds)
        cache = {}
        total = cls[0] + cls[1] + cls[2] + cls[3]
        while True:
            order = []
            pulled = 0
            for a in itertools.islice(adds, chunk):
                pulled += 1
                new = (cls[0] + a[0], cls[1] + a[1], cls[2] + a[2],
                       cls[3] + a[3])
                slack = 0
                for x in self.enforce:
                    k = (x, new[x])
                    least = cache.get(k, -1)
                    if least == -1:
                        least = cache[k] = self._class_slack(
                            t, x, new[x], 0, total + a[0] + a[1] + a[2] +
                            a[3])
                    if least is None:
                        break
                    slack += least
                else:
                    order.append((-slack, pulled, new))
            if not pulled:
                return
            self.deal.tick()
            order.sort()
            for _s, _i, new in order:
                yield new

    def _split_children(self, t, cls, counts, cap, order):
        """The refilled tableaux of a refill, generated in two stages:
        first how many cards of each rank go to the edges and how many to
        the middle, then how the edge cards share out among the three edge
        classes.  Every arrangement of one first stage has the same view in
        the edges-merged relaxation (self.split), so when that game is lost
        from there, all of them are skipped at once: each would fail the
        relaxation test of full() anyway.  The order within a stage follows
        `order` (heuristic only)."""
        es = self.split
        ecls = es.project(cls)
        ecap = (cap[0] + cap[1] + cap[2], 0, 0, cap[3])
        first_edge = min(order.index(x) for x in (0, 1, 2))
        eorder = (0, 3, 1, 2) if first_edge < order.index(3) else \
            (3, 0, 1, 2)
        sub_order = tuple(x for x in order if x != 3) + (3,)
        sub_cap = (cap[0], cap[1], cap[2], 0)
        for ea in distributions(counts, ecap, eorder):
            mid = cls[3] + ea[3]
            try:
                if not self.deal.query(es.full_value, t, ecls[0] + ea[0],
                                       mid):
                    continue
            except Deferred:
                # left for a later round (searching these for real costs
                # more than it saves)
                continue
            e = ea[0]
            ecounts = []
            for r, _k in counts:
                d = (e >> (3 * r - 3)) & 7
                if d:
                    ecounts.append((r, d))
            adds = distributions(ecounts, sub_cap, sub_order)
            base = (cls[0], cls[1], cls[2], mid)
            if self.order >= 2:
                yield from self._by_slack(t, base, adds)
            else:
                for a in adds:
                    yield (base[0] + a[0], base[1] + a[1], base[2] + a[2],
                           mid)

    def _known_lost(self, t, cls, full):
        """A relaxation already proved this state lost (a table look-up,
        tried before the costlier tests)."""
        for r in self.relax:
            if r.known_lost(t, cls, full):
                return True
        return False

    def _relaxed_lost(self, t, cls, full):
        for r in self.relax:
            if not self.deal.query(r.relaxed_value, t, cls, full):
                return True
        return False

    # -- the two kinds of state ----------------------------------------------

    def full(self, t, cls):
        """Tableau full at t (stock not empty): pick a removal set.
        Returns the winning steps (reversed) or None."""
        key = (t,) + cls
        if key in self.lost_full:
            self.deal.hit()
            return None
        deal = self.deal
        deal.tick()
        deferrals = deal.deferrals
        try:
            if self.prune and (self._known_lost(t, cls, True) or
                               not self._faces_can_fit(t, cls) or
                               self._relaxed_lost(t, cls, True)):
                self.lost_full.add(key)
                return None
        except Deferred:
            # the relaxation is slow to answer here: search the state
            # itself (the pruning is only a short cut; its children's
            # losses are proofs of their own)
            deal.deferrals -= 1
        outcomes = removal_outcomes(cls)
        if self.order == 3:
            outcomes = reversed(outcomes)
        if self.rng is not None:
            outcomes = list(outcomes)
            self.rng.shuffle(outcomes)
        faces = self.deal.faces
        f0 = faces[t]
        n = self.n
        window = self.window if self.prune else ()
        for combo, new, rem in outcomes:
            # The refill after removing k cards deals exactly the next k
            # (fewer at the end of the stock), and the tableau was full, so
            # a class (group) has as many free slots as cards removed from
            # it: if more of its face cards come in those k, open() would
            # find one without a slot.  Skipped here without a call.
            if window:
                f2 = faces[min(n, t + rem[0] + rem[1] + rem[2] + rem[3])]
                for x, members in window:
                    need = 0
                    for y in members:
                        need += f2[y] - f0[y]
                    if need > rem[x]:
                        break
                else:
                    need = -1
                if need >= 0:
                    continue
            steps = self.open(t, new)
            if steps is not None:
                steps.append(("remove", combo))
                self.won_full.add(key)
                return steps
        if deal.deferrals == deferrals:   # every child proved lost
            self.lost_full.add(key)
        return None

    def open(self, t, cls):
        """Removals done at t: deal and place until full (or the stock is
        out, which wins).  Returns winning steps (reversed) or None."""
        if t >= self.n:
            return []
        key = (t,) + cls
        if key in self.lost_open:
            self.deal.hit()
            return None
        deal = self.deal
        deal.tick()
        deferrals = deal.deferrals
        cap = self.caps(t)
        for x in range(4):
            cap[x] -= vec(cls[x])[0]
        free = sum(cap)
        try:
            if free == 0 or (self.prune and (
                    self._known_lost(t, cls, False) or
                    not self._faces_can_fit(t, cls, cap) or
                    self._relaxed_lost(t, cls, False))):
                self.lost_open.add(key)
                return None
        except Deferred:
            # the relaxation is slow to answer here: search the state
            # itself (the pruning is only a short cut; its children's
            # losses are proofs of their own)
            deal.deferrals -= 1
        m = min(free, self.n - t)
        counts = [0] * 11
        for r in self.seq[t:t + m]:
            if r > 10:
                x = self.gmap[FACE_CLASS[r]]
                if x in self.merged:
                    x = MIDDLE
                cap[x] -= 1
                if cap[x] < 0:
                    self.lost_open.add(key)
                    return None
            else:
                counts[r] += 1
        counts = [(r, k) for r, k in enumerate(counts) if k]
        t2 = t + m
        if self.order != 1 and self.enforce:
            counts, order = self._guide(t2, cls, counts)
        else:
            order = PLACE_ORDER
        if t2 >= self.n:                # stock out: the rest pairs off
            return [("fill", next(distributions(counts, cap, order)))]
        if self.split is not None:
            children = self._split_children(t2, cls, counts, cap, order)
        elif self.order >= 2 and self.enforce:
            children = self._by_slack(t2, cls,
                                      distributions(counts, cap, order))
        else:
            adds = distributions(counts, cap, order)
            children = ((cls[0] + a[0], cls[1] + a[1], cls[2] + a[2],
                         cls[3] + a[3]) for a in adds)
        if self.rng is not None:       # the first 3000 shuffled, then the rest
            children = iter(children)
            head = list(itertools.islice(children, 3000))
            self.rng.shuffle(head)
            children = itertools.chain(head, children)
        for new in children:
            add = (new[0] - cls[0], new[1] - cls[1], new[2] - cls[2],
                   new[3] - cls[3])
            steps = self.full(t2, new)
            if steps is not None:
                steps.append(("fill", add))
                return steps
        if deal.deferrals == deferrals:   # every child proved lost
            self.lost_open.add(key)
        return None


class Pool:
    """The pooled game: number cards may move between slots at will, so
    face cards always fit and a tableau is one multiset of ranks (a class
    int).  A full tableau at t with removal set R (k cards) is full again
    at t + k with the next k cards added: the game is a walk over (t,
    multiset), solved exactly here with wins and losses memoised under one
    int key.  Every real line is a line of this game with the same
    removals, so a state lost here is lost for real."""

    order = 0                           # the pooled game has no choice of it

    def __init__(self, deal):
        self.deal = deal
        self.n = n = deal.n
        seq = deal.seq
        # nums[t]: the number cards of seq[:t]; room[t]: the slots left to
        # number cards once seq[:t] is dealt
        self.nums = nums = [0]
        for r in seq:
            nums.append(nums[-1] + (UNIT[r] if r <= 10 else 0))
        self.room = [16 - sum(f) for f in deal.faces]
        self.memo = {}

    @staticmethod
    def project(cls):
        return cls[0] + cls[1] + cls[2] + cls[3]

    def known_lost(self, t, cls, full):
        c = cls[0] + cls[1] + cls[2] + cls[3]
        if not full:
            t, c = self._refilled(t, c)
            if t is None:
                return c is False
        return self.memo.get(c << 6 | t) is False

    def _refilled(self, t, c):
        """An open state's full successor (t2, c2), or (None, value)."""
        n = self.n
        if t >= n:
            return None, True
        free = self.room[t] - size(c)
        if free <= 0:
            return None, False
        t2 = t + free
        if t2 >= n:
            return None, True
        return t2, c + self.nums[t2] - self.nums[t]

    def relaxed_value(self, t, cls, full):
        c = cls[0] + cls[1] + cls[2] + cls[3]
        if not full:
            t, c = self._refilled(t, c)
            if t is None:
                return c
        return self.full_value(t, c)

    def full_value(self, t, c):
        memo = self.memo
        key = c << 6 | t
        v = memo.get(key)
        if v is not None:
            return v
        self.deal.tick()
        n = self.n
        nums = self.nums
        base = nums[t]
        get = memo.get
        # the removal sets, the biggest first: it wins most states
        for r, k in pool_sets(
                SIG_12[(c & 63) << 6 | (c >> 21) & 63] |
                SIG_34[(c >> 6 & 63) << 6 | (c >> 15) & 63] |
                SIG_5T[(c >> 12 & 7) << 3 | c >> 27 & 7]):
            t2 = t + k
            if t2 >= n:
                memo[key] = True
                return True
            c2 = c - r + nums[t2] - base
            v = get(c2 << 6 | t2)       # the look-up inlined: most are known
            if v is None:
                v = self.full_value(t2, c2)
            if v:
                memo[key] = True
                return True
        memo[key] = False
        return False


def faces_fit(deal, t, pos, c, total, empty):
    """None if the face cards at stock indices ``pos`` (all >= t) cannot
    all find a slot of theirs, else the least time to spare before one of
    them (16 when none is to come).  Their slots now hold the number cards
    of class int ``c`` and ``empty`` free slots; ``total`` is every number
    card on the tableau.

    Each slot that does not hold a face card now must be emptied before
    the face card that ends up there is dealt: its number card must be
    removed in an earlier phase 2, which takes a partner of its own (a ten
    needs none) on the tableau or dealt before that face card.  Removing i
    cards of rank r takes i distinct cards of rank 10-r, so the i-th r
    gets the i-th partner to become available.  The k-th face card to come
    needs k slots freeable before it is dealt."""
    if not pos:
        return 16
    nf = len(pos)
    now = empty                         # slots free, or freeable at once
    later = []                          # stock indices freeing the others
    rp = deal.rank_pos[t]
    x = c
    r = 1
    while x:
        j = x & 7
        if j:
            if r == 10:
                now += j
            elif r == 5:
                now += j - (j & 1)
                if j & 1:
                    if (total >> 12) & 7 > j:
                        now += 1
                    elif rp[5]:
                        later.append(rp[5][0])
            else:
                o = (total >> (27 - 3 * r)) & 7    # partners on the table
                if o >= j:
                    now += j
                else:
                    now += o
                    later.extend(rp[10 - r][:j - o])
        x >>= 3
        r += 1
    if now + len(later) < nf:
        return None
    later.sort()
    least = 16
    i = 0                               # later[:i] come before pos[k]
    nl = len(later)
    for k in range(nf):
        p = pos[k]
        while i < nl and later[i] < p:
            i += 1
        if now + i <= k:
            return None
        if k < now:
            slack = p + 1
        else:
            slack = p - later[k - now]
        if slack < least:
            least = slack
    return least


class EdgePool:
    """The edges-pooled game: the twelve edge slots form one class that any
    face card may take, the middle four stay apart.  Every real line is a
    line of this game (a face card placed on a free slot of its class is
    placed on a free edge slot; removals are the same), so a state lost
    here is lost for real.  It keeps the game's main tension (number cards
    on the edges block face cards, those in the middle never do) in a game
    small enough to solve exactly, wins and losses memoised.

    A state is (t, e, m): the number cards on the edges and in the middle
    as class ints.  A full tableau has 4 in the middle; a refill fills
    every free slot, so the middle takes exactly as many of the new number
    cards as it has free slots, the edges the rest and every face card."""

    def __init__(self, deal, pool):
        self.deal = deal
        self.pool = pool
        self.n = deal.n
        self.nums = pool.nums
        self.edge_room = [12 - sum(f) for f in deal.faces]
        # nfaces[t]: face cards among seq[:t]
        self.nfaces = nf = [0]
        for r in deal.seq:
            nf.append(nf[-1] + (r > 10))
        self.full_memo = {}
        self.open_memo = {}
        self.order = 0

    @staticmethod
    def project(cls):
        return (cls[0] + cls[1] + cls[2], 0, 0, cls[3])

    def known_lost(self, t, cls, full):
        key = (cls[0] + cls[1] + cls[2]) << 36 | cls[3] << 6 | t
        return (self.full_memo if full else self.open_memo).get(key) is False

    def relaxed_value(self, t, cls, full):
        e = cls[0] + cls[1] + cls[2]
        if full:
            return self.full_value(t, e, cls[3])
        return self.open_value(t, e, cls[3])

    def full_value(self, t, e, m):
        memo = self.full_memo
        key = e << 36 | m << 6 | t
        v = memo.get(key)
        if v is not None:
            return v
        deal = self.deal
        deal.tick()
        total = e + m
        pool = self.pool
        if pool.memo.get(total << 6 | t) is False or faces_fit(
                deal, t, deal.face_pos[t][7], e, total, 0) is None or \
                not pool.full_value(t, total):
            memo[key] = False
            return False
        n = self.n
        nf = self.nfaces
        f0 = nf[t]
        get = self.open_memo.get
        for re, rm, ke, km in edge_outcomes(e, m):
            t2 = t + ke + km
            # the refill deals the next ke + km cards and only ke edge
            # slots are free: more face cards than that cannot all fit
            if nf[t2 if t2 < n else n] - f0 > ke:
                continue
            e2 = e - re
            m2 = m - rm
            v = get(e2 << 36 | m2 << 6 | t)    # inlined: most are known
            if v is None:
                v = self.open_value(t, e2, m2)
            if v:
                memo[key] = True
                return True
        memo[key] = False
        return False

    def open_value(self, t, e, m):
        n = self.n
        if t >= n:
            return True
        memo = self.open_memo
        key = e << 36 | m << 6 | t
        v = memo.get(key)
        if v is not None:
            return v
        deal = self.deal
        deal.tick()
        ef = self.edge_room[t] - size(e)
        mf = 4 - size(m)
        free = ef + mf
        t2 = t + free
        if t2 > n:
            t2 = n
        nf = self.nfaces
        total = e + m
        if free == 0 or nf[t2] - nf[t] > ef or faces_fit(
                deal, t, deal.face_pos[t][7], e, total, ef) is None or \
                not self.pool.relaxed_value(t, (total, 0, 0, 0), False):
            memo[key] = False
            return False
        if t2 >= n:                     # stock out: the rest pairs off
            memo[key] = True
            return True
        new = self.nums[t2] - self.nums[t]
        get = self.full_memo.get
        e += new
        for s in middle_choices(new, mf, total, self.order == 1):
            v = get((e - s) << 36 | (m + s) << 6 | t2)    # inlined
            if v is None:
                v = self.full_value(t2, e - s, m + s)
            if v:
                memo[key] = True
                return True
        memo[key] = False
        return False


def make_search(deal, prune):
    """The real search, with its relaxations when pruning."""
    if not prune:
        return Search(deal, prune=False)
    # Both relaxations are sound for the real game (see Search and
    # solver.py's docstring), and the first is one of the second too: merging
    # the edge class into the middle relaxes the edges-merged game.
    merged = Pool(deal)
    edges = EdgePool(deal, merged)
    real = Search(deal, (merged, edges))
    real.split = edges
    return real

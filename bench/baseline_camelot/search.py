# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's search over canonical states (see solver.py for the
reduction): the deal's shared tables and budget (Deal), the depth-first
search with its memo tables, sound prunings and relaxations (Search)."""
import itertools
import time

from pysolfc_camelot.camelot.rules import FACE_CLASS, MIDDLE
from .solver_tables import (PLACE_ORDER, UNIT, distributions, removal_outcomes,
                            vec)

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


class Deal:
    """What every search over one sequence of cards shares: the cards (as
    ranks, in dealing order, the waste card first if any), tables derived
    from them, and the budget."""

    def __init__(self, seq, faces0, deadline, max_states, progress):
        self.seq = seq
        self.n = n = len(seq)
        self.deadline = deadline
        self.max_states = max_states
        self.progress = progress
        self.round_end = None           # states at which to restart
        self.states = 0
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

    should_stop = None      # a caller's callable: True ends the search

    def hit(self):
        """A memo hit: no state expanded, but a long run of them must still
        notice the deadline."""
        self.hits += 1
        if self.hits & 255 == 0 and (
                self.deadline is not None and
                time.perf_counter() > self.deadline or
                self.should_stop is not None and self.should_stop()):
            raise OutOfBudget

    def tick(self):
        self.states += 1
        if self.max_states is not None and self.states > self.max_states:
            raise OutOfBudget
        if self.round_end is not None and self.states > self.round_end:
            raise Restart
        # the clock every 64 states (well under a millisecond each): a
        # player's 0.1 s hint budget must be kept to within a few ms
        if self.states & 63 == 0:
            now = time.perf_counter()
            if self.deadline is not None and now > self.deadline:
                raise OutOfBudget
            if self.should_stop is not None and self.should_stop():
                raise OutOfBudget
            if self.progress is not None and self.states & 8191 == 0:
                self.progress(self.states, now - self.t0)


class Search:
    """Depth-first search over canonical states with memo tables.

    enforce lists the edge classes whose face cards must find a slot of
    their own; an edge class not enforced is merged into the middle, i.e.
    its number cards may move to any slot of the merged class at will.
    Every real line of play is then also a line of the merged game with the
    same removals (a face card of a merged class takes any free merged
    slot), so a state lost there is lost for real: each relaxation is a
    sound pruning test for the searches that enforce more.  The relaxed
    games are much smaller and solved exactly, memoising wins too.

    With relax=() and prune=False this is the plain exhaustive search over
    the same canonical states (for tests and the benchmark)."""

    def __init__(self, deal, enforce, relax=(), prune=True, groups=None):
        self.deal = deal
        self.seq = deal.seq
        self.n = deal.n
        self.enforce = enforce
        self.merged = tuple(x for x in range(3) if x not in enforce)
        # groups: edge classes merged with each other (not with the
        # middle): group i is stored as class i, and takes the face cards
        # of all its classes.  Sound as a relaxation for the same reason as
        # merging into the middle: a real placement of a face card on a
        # free slot of its class is a placement on a free slot of its
        # group, so every real line is a line of the grouped game, and the
        # face test of a group (face_pos by mask of classes) is the test
        # of that game.
        self.groups = groups
        if groups is not None:
            self.enforce = tuple(range(len(groups)))
            self.merged = ()
            self.gmap = [0, 0, 0]
            masks = []
            for i, g in enumerate(groups):
                m = 0
                for x in g:
                    self.gmap[x] = i
                    m |= 1 << x
                masks.append(m)
            self.fpx = tuple(masks) + (0,) * (3 - len(groups))
        else:
            self.gmap = [0, 1, 2]
            self.fpx = (1, 2, 4)
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
        # the classes of each enforced class (group), for full()
        self.window = tuple((x, tuple(y for y in range(3)
                                      if self.gmap[y] == x))
                            for x in self.enforce)
        self.lost_full = set()
        self.lost_open = set()
        self.won_full = set()
        self.won_open = set()

    def project(self, cls):
        """This search's view of a tableau of a search enforcing more."""
        if self.groups is not None:
            c = [0, 0, 0, cls[3]]
            for x in range(3):
                c[self.gmap[x]] += cls[x]
            return tuple(c)
        if not self.merged:
            return cls
        c = list(cls)
        for x in self.merged:
            c[3] += c[x]
            c[x] = 0
        return tuple(c)

    def caps(self, t):
        f = self.deal.faces[t]
        if self.groups is not None:
            cap = [0, 0, 0, 4]
            for x in range(3):
                cap[self.gmap[x]] += 4 - f[x]
            return cap
        cap = [4 - f[0], 4 - f[1], 4 - f[2], 4]
        for x in self.merged:
            cap[3] += cap[x]
            cap[x] = 0
        return cap

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
        time to spare before one of them."""
        pos = self.deal.face_pos[t][self.fpx[x]]
        if not pos:
            return 16
        rp = self.deal.rank_pos[t]
        on = vec(total)
        times = [-1] * empty
        cv = vec(c)
        for r in range(1, 11):
            j = cv[r]
            if not j:
                continue
            if r == 10:
                times += [-1] * j
            elif r == 5:
                times += [-1] * (j - j % 2)
                if j % 2:
                    times.append(-1 if on[5] > j else
                                 rp[5][0] if rp[5] else _NEVER)
            else:
                part = [-1] * on[10 - r] + list(rp[10 - r])
                part += [_NEVER] * (j - len(part))
                times += part[:j]
        if len(times) < len(pos):
            return None
        times.sort()
        least = 16
        for k, p in enumerate(pos):
            if times[k] >= p:
                return None
            if p - times[k] < least:
                least = p - times[k]
        return least

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
            if not es.value(t, (ecls[0] + ea[0], 0, 0, mid), True):
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
            key = (t,) + r.project(cls)
            if key in (r.lost_full if full else r.lost_open):
                return True
        return False

    def _relaxed_lost(self, t, cls, full):
        for r in self.relax:
            if not r.value(t, r.project(cls), full):
                return True
        return False

    def value(self, t, cls, full):
        """Exact value of a state of this (relaxed) game, memoised."""
        if full:
            key = (t,) + cls
            return key in self.won_full or self.full(t, cls) is not None
        key = (t,) + cls
        if key in self.won_open:
            return True
        if self.open(t, cls) is None:
            return False
        self.won_open.add(key)
        return True

    # -- the two kinds of state ----------------------------------------------

    def full(self, t, cls):
        """Tableau full at t (stock not empty): pick a removal set.
        Returns the winning steps (reversed) or None."""
        key = (t,) + cls
        if key in self.lost_full:
            self.deal.hit()
            return None
        self.deal.tick()
        if self.prune and (self._known_lost(t, cls, True) or
                           not self._faces_can_fit(t, cls) or
                           self._relaxed_lost(t, cls, True)):
            self.lost_full.add(key)
            return None
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
        self.deal.tick()
        cap = self.caps(t)
        for x in range(4):
            cap[x] -= vec(cls[x])[0]
        free = sum(cap)
        if free == 0 or (self.prune and (
                self._known_lost(t, cls, False) or
                not self._faces_can_fit(t, cls, cap) or
                self._relaxed_lost(t, cls, False))):
            self.lost_open.add(key)
            return None
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
        self.lost_open.add(key)
        return None


def make_search(deal, prune):
    """The real search, with its relaxations when pruning."""
    if not prune:
        return Search(deal, (0, 1, 2), prune=False)
    # Both relaxations are sound for the real game (see Search and
    # solver.py's docstring), and the first is one of the second too: merging
    # the edge class into the middle relaxes the edges-merged game.
    merged = Search(deal, ())
    edges = Search(deal, (), (merged,), groups=((0, 1, 2),))
    real = Search(deal, (0, 1, 2), (merged, edges))
    real.split = edges
    return real

"""Exact Camelot solver: pure Python, standard library only.

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

* the face test (_Search._faces_can_fit): the k-th face card of a class
  still to come needs k of its slots freeable before it is dealt, and a
  number card on such a slot needs a partner of its own by then;
* a relaxation (_Search with enforce=()): number cards may move between
  slots at will, so face cards always fit and only the multiset of ranks
  on the tableau matters.  A state lost there is lost for real; that
  small game is solved exactly and memoised, and it catches the "full
  tableau, nothing to remove" dead ends that make most lost deals;
* a second relaxation (_Search with groups=((0, 1, 2),)): the twelve edge
  slots form one class that any face card may take, the middle stays
  apart.  Every real line is a line of that game too (a face card placed
  on a free slot of its class is placed on a free edge slot; removals are
  the same), so a state lost there is lost for real.  It keeps the main
  tension of the game (number cards on the edges block face cards, those
  in the middle never do) in a game small enough to solve exactly, and it
  is what decides the hard winnable deals: their wrong early placements
  are refuted there in a few states instead of thousands;
* memo tables of lost states (and, in the relaxation, of won ones).

Move order is heuristic only: rounds of the search cycle through four
orders (_MODES), keeping the memo tables from round to round (see _run);
after the first four rounds each round also shuffles the real search's
choices with its own seed (random restarts: a few winnable deals send
every fixed order into huge lost subtrees, and a shuffled one round them).
Refills are generated in two stages, edges/middle first, so that the
edges-merged relaxation can drop a whole group of arrangements at once.

A tableau class is stored as an int with three bits per rank (count of
aces in bits 0-2, twos in 3-5, ... tens in 27-29), so canonical states are
small tuples of ints and removals/placements are additions.
"""
import itertools
import random
import time
from functools import lru_cache

from ..cards import rank_of
from ..outcome import SolveResult
from .notation import DEAL, Move
from .rules import CLASS_SLOTS, FACE_CLASS, MIDDLE, SLOT_CLASS, Position

__all__ = ["SolveResult", "solve", "plain_solve", "solve_siblings"]

UNIT = [0] + [1 << (3 * (r - 1)) for r in range(1, 11)]   # one card of rank r
# Try the middle first when placing (the usual good play), then the edges.
PLACE_ORDER = (3, 2, 1, 0)


_NEVER = 1 << 30
_FIRST_ROUND = 2000
# Move orders, tried in turn by _run: 0 guided refills, 1 middle first,
# 2 guided and sorted by the face cards' time to spare, 3 as 2 but the
# smallest removal sets first (some deals are won only by holding cards);
# from the fifth round on, each shuffled (see _Search.rng).
_MODES = (0, 1, 2, 3)


class _OutOfBudget(Exception):
    pass


class _Restart(Exception):
    """This round of the search used its states; try the other order."""


def _digit(c, r):
    return (c >> (3 * r - 3)) & 7


_VEC = {}


def _vec(c):
    """Counts of ranks 0..10 of a class int (index 0: the card total)."""
    v = _VEC.get(c)
    if v is None:
        if len(_VEC) > 1 << 20:         # bound the memory of long runs
            _VEC.clear()
        d = [(c >> (3 * r - 3)) & 7 for r in range(1, 11)]
        v = _VEC[c] = tuple([sum(d)] + d)
    return v


@lru_cache(maxsize=None)
def _subs(avail, k):
    """Every 4-vector s <= avail (componentwise) with sum k, larger parts
    on the edges first (removing edge cards frees face slots)."""
    out = []

    def rec(x, left, acc):
        if x < 0:
            if left == 0:
                out.append(tuple(acc))
            return
        for n in range(min(avail[x], left), -1, -1):
            acc[x] = n
            rec(x - 1, left - n, acc)
        acc[x] = 0
    rec(3, k, [0, 0, 0, 0])
    out.reverse()
    return tuple(out)


_OUTCOMES = {}


def _removal_outcomes(cls):
    """Every distinct non-empty removal set of a phase-2 tableau (a tuple,
    memoised: many states of different stock indices share a tableau)."""
    out = _OUTCOMES.get(cls)
    if out is None:
        if len(_OUTCOMES) > 1 << 14:    # bound the memory of long runs
            _OUTCOMES.clear()
        out = _OUTCOMES[cls] = tuple(_removal_outcome_gen(cls))
    return out


def _removal_outcome_gen(cls):
    """Every distinct non-empty removal set of a phase-2 tableau, as a
    list of (combo, new_cls, removed): combo a tuple of parts (per removal
    type: ((rank, per-class counts), ...)) that _realize turns into real
    moves, new_cls the class ints after removal and removed the number of
    cards removed from each class.  Bigger sets come first.

    Inside, a removal is one int: the four class ints 32 bits apart, then
    the four card counts 8 bits apart from bit 128, so that combining the
    removals of each type is one addition (no digit can carry: a removal
    never takes more cards of a rank than a class holds)."""
    type_opts = []
    v0, v1, v2, v3 = [_vec(c) for c in cls]

    def pack(d, n):
        return (d[0] | d[1] << 32 | d[2] << 64 | d[3] << 96 |
                (n[0] | n[1] << 8 | n[2] << 16 | n[3] << 24) << 128)
    for v in (1, 2, 3, 4):
        w = 10 - v
        a = (v0[v], v1[v], v2[v], v3[v])
        b = (v0[w], v1[w], v2[w], v3[w])
        m = min(sum(a), sum(b))
        if m:
            uv, uw = UNIT[v], UNIT[w]
            type_opts.append([(pack(
                (sa[0] * uv + sb[0] * uw, sa[1] * uv + sb[1] * uw,
                 sa[2] * uv + sb[2] * uw, sa[3] * uv + sb[3] * uw),
                (sa[0] + sb[0], sa[1] + sb[1], sa[2] + sb[2], sa[3] + sb[3])),
                ((v, sa), (w, sb)))
                for k in range(m, -1, -1)
                for sa in _subs(a, k) for sb in _subs(b, k)])
    for v, step in ((5, 2), (10, 1)):
        a = (v0[v], v1[v], v2[v], v3[v])
        n = sum(a)
        n -= n % step
        if n:
            u = UNIT[v]
            type_opts.append([(pack((sa[0] * u, sa[1] * u, sa[2] * u,
                                     sa[3] * u), sa), ((v, sa),))
                              for k in range(n, -1, -step)
                              for sa in _subs(a, k)])
    c0, c1, c2, c3 = cls
    whole = c0 | c1 << 32 | c2 << 64 | c3 << 96
    low = (1 << 128) - 1
    m32 = (1 << 32) - 1
    last = len(type_opts) - 1
    out = []
    if last < 0:
        return out

    def rec(i, acc, parts):
        for d, part in type_opts[i]:
            dd = acc + d
            p = parts + (part,)
            if i < last:
                rec(i + 1, dd, p)
            elif dd & low:
                x = whole - (dd & low)
                k = dd >> 128
                out.append((p, (x & m32, x >> 32 & m32, x >> 64 & m32,
                                x >> 96), (k & 255, k >> 8 & 255,
                                           k >> 16 & 255, k >> 24)))
    rec(0, 0, ())
    return out


_DIST = {}


def _distributions(counts, cap, order=PLACE_ORDER):
    """Every way to put number cards (counts: list of (rank, n)) into
    classes with free capacities cap, as an iterable of per-class added
    ints.  Each rank in turn goes to the classes in `order` first.  The
    same refill recurs across the states of one stock index, so a refill
    asked for a second time is kept as a list if it is short; otherwise it
    is generated lazily (a first refill can have a great many arrangements
    of which only the first few are looked at)."""
    key = (tuple(counts), tuple(cap), order)
    out = _DIST.get(key)
    if out is None:
        if len(_DIST) > 1024:           # bound the memory of long runs
            _DIST.clear()
        _DIST[key] = True
        return _distribution_gen(counts, cap, order)
    if out is True:
        out = tuple(itertools.islice(_distribution_gen(counts, cap, order),
                                     _DIST_LIST + 1))
        if len(out) > _DIST_LIST:
            out = False
        _DIST[key] = out
    if out is False:
        return _distribution_gen(counts, cap, order)
    return iter(out)


_DIST_LIST = 500


def _distribution_gen(counts, cap, order):
    add = [0, 0, 0, 0]
    cap = list(cap)

    def rec(i):
        if i == len(counts):
            yield tuple(add)
            return
        r, n = counts[i]
        u = UNIT[r]
        for parts in _compositions(n, tuple(cap), order):
            for x in range(4):
                add[x] += parts[x] * u
                cap[x] -= parts[x]
            yield from rec(i + 1)
            for x in range(4):
                add[x] -= parts[x] * u
                cap[x] += parts[x]
    return rec(0)


@lru_cache(maxsize=None)
def _compositions(n, cap, order):
    """4-vectors p <= cap with sum n, heavy on order[0] first."""
    out = []

    def rec(j, left, acc):
        if j == 4:
            if left == 0:
                out.append(tuple(acc))
            return
        x = order[j]
        for k in range(min(cap[x], left), -1, -1):
            acc[x] = k
            rec(j + 1, left - k, acc)
        acc[x] = 0
    rec(0, n, [0, 0, 0, 0])
    return tuple(out)


def _balanced(ranks):
    """True if these number cards can all be removed together."""
    c = [0] * 11
    for r in ranks:
        if r <= 10:
            c[r] += 1
    return all(c[v] == c[10 - v] for v in (1, 2, 3, 4)) and c[5] % 2 == 0


class _Deal:
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
            raise _OutOfBudget

    def tick(self):
        self.states += 1
        if self.max_states is not None and self.states > self.max_states:
            raise _OutOfBudget
        if self.round_end is not None and self.states > self.round_end:
            raise _Restart
        # the clock every 64 states (well under a millisecond each): a
        # player's 0.1 s hint budget must be kept to within a few ms
        if self.states & 63 == 0:
            now = time.perf_counter()
            if self.deadline is not None and now > self.deadline:
                raise _OutOfBudget
            if self.should_stop is not None and self.should_stop():
                raise _OutOfBudget
            if self.progress is not None and self.states & 8191 == 0:
                self.progress(self.states, now - self.t0)


class _Search:
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
        self.order = 0 if prune else 1  # move order: see _MODES
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
        on = _vec(total)
        times = [-1] * empty
        cv = _vec(c)
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
        on = _vec(total)
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
        for ea in _distributions(counts, ecap, eorder):
            mid = cls[3] + ea[3]
            if not es.value(t, (ecls[0] + ea[0], 0, 0, mid), True):
                continue
            e = ea[0]
            ecounts = []
            for r, _k in counts:
                d = (e >> (3 * r - 3)) & 7
                if d:
                    ecounts.append((r, d))
            adds = _distributions(ecounts, sub_cap, sub_order)
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
        outcomes = _removal_outcomes(cls)
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
            cap[x] -= _vec(cls[x])[0]
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
            return [("fill", next(_distributions(counts, cap, order)))]
        if self.split is not None:
            children = self._split_children(t2, cls, counts, cap, order)
        elif self.order >= 2 and self.enforce:
            children = self._by_slack(t2, cls,
                                      _distributions(counts, cap, order))
        else:
            adds = _distributions(counts, cap, order)
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


def _make_search(deal, prune):
    """The real search, with its relaxations when pruning."""
    if not prune:
        return _Search(deal, (0, 1, 2), prune=False)
    # Both relaxations are sound for the real game (see _Search and the
    # module docstring), and the first is one of the second too: merging
    # the edge class into the middle relaxes the edges-merged game.
    merged = _Search(deal, ())
    edges = _Search(deal, (), (merged,), groups=((0, 1, 2),))
    real = _Search(deal, (0, 1, 2), (merged, edges))
    real.split = edges
    return real


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
    if not _balanced(remaining):
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
        for combo, new, _n in _removal_outcomes(cls):
            steps = search.open(0, new)
            if steps is not None:
                steps.append(("remove", combo))
                break
    return search, steps, []


def _realize(position, steps, lead):
    """Turn canonical steps into real moves, checked by the rules model."""
    pos = position.copy()
    moves = []

    def play(m):
        pos.play(m)
        moves.append(m)

    for m in lead:
        play(m)
    for kind, arg in reversed(steps):
        if kind == "remove":
            for part in arg:
                # the cards of this removal type, as (rank, slot) lists
                picked = []
                for v, per_class in part:
                    slots = []
                    for x in range(4):
                        cand = [s for s in CLASS_SLOTS[x]
                                if pos.tableau[s] is not None and
                                rank_of(pos.tableau[s]) == v and
                                s not in slots]
                        slots += cand[:per_class[x]]
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
            want = [None] + [[_digit(arg[x], r) for x in range(4)]
                             for r in range(1, 11)]
            while pos.waste is not None or (pos.stock and not pos.is_full()):
                if pos.waste is None:
                    play(DEAL)
                r = rank_of(pos.waste)
                if r > 10:
                    x = FACE_CLASS[r]
                else:
                    x = next(x for x in PLACE_ORDER if want[r][x])
                    want[r][x] -= 1
                play(Move("place", next(s for s in CLASS_SLOTS[x]
                                        if pos.tableau[s] is None)))
    if not pos.stock and pos.waste is None:
        # final phase 2: pair everything off
        while not pos.is_won():
            m = next(m for m in pos.legal_moves() if m.kind != "deal")
            play(m)
    if not pos.is_won():
        raise AssertionError("solver line does not win: %r" % (pos,))
    return moves


def _run(position, prune, budget_seconds, budget_states, progress,
         should_stop=None):
    """Search in rounds that cycle through the move orders of _MODES,
    doubling the states of a round each cycle: no order suits every deal,
    and the lost-state tables stay valid whatever the order, so each round
    builds on the work of the ones before.  From the fifth round on the
    real search's choices are also shuffled (seeded by the round number, so
    results are reproducible): the answer never depends on the order, only
    the time to find it."""
    t0 = time.perf_counter()
    deadline = None if budget_seconds is None else t0 + budget_seconds
    cache = {}
    rnd = [0]

    def factory(seq, faces):
        key = (tuple(seq), tuple(faces))
        search = cache.get(key)
        if search is None:
            deal = _Deal(seq, faces, deadline, budget_states, progress)
            deal.should_stop = should_stop
            search = cache[key] = _make_search(deal, prune)
        if prune:
            # the edges-merged relaxation is searched in the same order:
            # its tables, like the real ones, hold whatever the order
            search.order = _MODES[rnd[0] % len(_MODES)]
            # after one round of each order, the real search's choices
            # are shuffled, with a new seed each round (reproducible)
            search.rng = None if rnd[0] < len(_MODES) else \
                random.Random(rnd[0])
            for r in search.relax:
                if r.enforce:
                    r.order = search.order
            search.deal.round_end = search.deal.states + \
                _FIRST_ROUND * 2 ** (rnd[0] // len(_MODES))
        return search

    def states():
        return sum(s.deal.states for s in cache.values())
    while True:
        try:
            search, steps, lead = _search_position(position, factory)
            break
        except _Restart:
            rnd[0] += 1
        except _OutOfBudget:
            return SolveResult(None, None, states(),
                               time.perf_counter() - t0)
    moves = None if steps is None else _realize(position, steps, lead)
    return SolveResult(steps is not None, moves, states(),
                       time.perf_counter() - t0)


def solve(position: Position, budget_seconds=None, budget_states=None,
          progress=None, should_stop=None) -> SolveResult:
    """Decide a position exactly (stock order known).

    winnable is True with a winning move list, False, or None when
    budget_seconds or budget_states ran out.  progress, if given, is called
    now and then as progress(states, seconds).  should_stop, if given, is
    called about as often as the clock is read (every few hundred states)
    and ends the search (winnable None) once it returns True: how the
    Solver dialog's Stop and a worker thread's cancel reach the search."""
    return _run(position, True, budget_seconds, budget_states, progress,
                should_stop)


def plain_solve(position: Position, budget_seconds=None, budget_states=None,
                progress=None) -> SolveResult:
    """The same search over the same canonical states and memo, without the
    pruning: the yardstick for the benchmark and a cross-check in tests."""
    return _run(position, False, budget_seconds, budget_states, progress)


def solve_siblings(positions, budget_states=None):
    """Decide several positions (winnable True/False/None, no move lists),
    e.g. the children of one position, sharing the memo tables of those
    that have the same cards to come: the fair hint's inner loop.  Each
    position gets its own budget of states."""
    cache = {}

    def factory(seq, faces):
        key = (tuple(seq), tuple(faces))
        search = cache.get(key)
        if search is None:
            search = cache[key] = _make_search(
                _Deal(seq, faces, None, None, None), True)
        deal = search.deal
        deal.max_states = None if budget_states is None else \
            deal.states + budget_states
        return search
    out = []
    for pos in positions:
        try:
            out.append(_search_position(pos, factory)[1] is not None)
        except _OutOfBudget:
            out.append(None)
    return out

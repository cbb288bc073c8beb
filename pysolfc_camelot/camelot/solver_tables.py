# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's solver tables: a tableau class as an int of rank counts, and
the memoised enumerations the search is made of (removal sets, refills of
the free slots, partitions over the classes).  Pure, no search here."""
import itertools
from functools import lru_cache

def trim(table):
    """Bound the memory of long runs: forget the oldest quarter of a
    memoised table (dicts keep their order of insertion).  A quarter at a
    time, not all: freeing a whole table of nested tuples at once took up
    to 0.2 s, a pause in the middle of whichever deal was being solved."""
    for key in list(itertools.islice(table, len(table) // 4)):
        del table[key]


UNIT = [0] + [1 << (3 * (r - 1)) for r in range(1, 11)]   # one card of rank r
# Try the middle first when placing (the usual good play), then the edges.
PLACE_ORDER = (3, 2, 1, 0)


def digit(c, r):
    """How many cards of rank ``r`` (1..10) the class int ``c`` holds."""
    return (c >> (3 * r - 3)) & 7


_VEC = {}


def vec(c):
    """Counts of ranks 0..10 of a class int (index 0: the card total)."""
    v = _VEC.get(c)
    if v is None:
        if len(_VEC) > 1 << 16:
            trim(_VEC)
        d = [(c >> (3 * r - 3)) & 7 for r in range(1, 11)]
        v = _VEC[c] = tuple([sum(d)] + d)
    return v


@lru_cache(maxsize=None)
def subs(avail, k):
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


def removal_outcomes(cls):
    """Every distinct non-empty removal set of a phase-2 tableau (a tuple,
    memoised: many states of different stock indices share a tableau)."""
    out = _OUTCOMES.get(cls)
    if out is None:
        if len(_OUTCOMES) > 1 << 14:
            trim(_OUTCOMES)
        out = _OUTCOMES[cls] = tuple(_removal_outcome_gen(cls))
    return out


def _removal_outcome_gen(cls):
    """Every distinct non-empty removal set of a phase-2 tableau, as a
    list of (combo, new_cls, removed): combo a tuple of parts (per removal
    type: ((rank, per-class counts), ...)) that solver._realize turns into real
    moves, new_cls the class ints after removal and removed the number of
    cards removed from each class.  Bigger sets come first.

    Inside, a removal is one int: the four class ints 32 bits apart, then
    the four card counts 8 bits apart from bit 128, so that combining the
    removals of each type is one addition (no digit can carry: a removal
    never takes more cards of a rank than a class holds)."""
    type_opts = []
    v0, v1, v2, v3 = [vec(c) for c in cls]

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
                for sa in subs(a, k) for sb in subs(b, k)])
    for v, step in ((5, 2), (10, 1)):
        a = (v0[v], v1[v], v2[v], v3[v])
        n = sum(a)
        n -= n % step
        if n:
            u = UNIT[v]
            type_opts.append([(pack((sa[0] * u, sa[1] * u, sa[2] * u,
                                     sa[3] * u), sa), ((v, sa),))
                              for k in range(n, -1, -step)
                              for sa in subs(a, k)])
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


def distributions(counts, cap, order=PLACE_ORDER):
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


def balanced(ranks):
    """True if these number cards can all be removed together."""
    c = [0] * 11
    for r in ranks:
        if r <= 10:
            c[r] += 1
    return all(c[v] == c[10 - v] for v in (1, 2, 3, 4)) and c[5] % 2 == 0


# -- the pooled game's tables (every slot one class: a multiset of ranks) ----

# SIZE15[x]: the cards of the low five ranks packed in x (15 bits)
SIZE15 = tuple(sum((x >> (3 * i)) & 7 for i in range(5))
               for x in range(1 << 15))


def size(c):
    """How many cards the class int ``c`` holds."""
    return SIZE15[c & 0x7fff] + SIZE15[c >> 15]


# A multiset's removal sets depend only on how many units of each type it
# can remove: min(aces, nines), .., min(fours, sixes), pairs of fives,
# tens.  That signature, packed three bits a type, comes from three table
# look-ups on bit fields of the class int (no loop); its removal sets are
# listed once, at most 5^4 * 3 * 5 signatures.
def _min_pairs(lo_shift, hi_shift):
    """Table of the packed mins of two rank pairs: index (two digits of
    the low ranks) << 6 | (two digits of their partners, high first)."""
    tab = []
    for lo in range(64):
        for hi in range(64):
            a, b = lo & 7, lo >> 3          # ranks v, v + 1
            y, x = hi & 7, hi >> 3          # ranks 9 - v, 10 - v
            tab.append(min(a, x) << lo_shift | min(b, y) << hi_shift)
    return tuple(tab)


SIG_12 = _min_pairs(0, 3)           # aces with nines, twos with eights
SIG_34 = _min_pairs(6, 9)           # threes with sevens, fours with sixes
SIG_5T = tuple((f >> 1) << 12 | t << 15 for f in range(8) for t in range(8))


def pool_signature(c):
    """The removal signature of the class int ``c`` (see above)."""
    return (SIG_12[(c & 63) << 6 | (c >> 21) & 63] |
            SIG_34[(c >> 6 & 63) << 6 | (c >> 15) & 63] |
            SIG_5T[(c >> 12 & 7) << 3 | c >> 27 & 7])


_POOL_SETS = {}


def pool_sets(sig):
    """Every non-empty removal set of a multiset of number ranks with
    removal signature ``sig``, as (removed class int, its size): the
    biggest first, then the others by their biggest parts first."""
    out = _POOL_SETS.get(sig)
    if out is None:
        out = [(0, 0)]
        for i, v in enumerate((1, 2, 3, 4, 5, 10)):
            j = sig >> (3 * i) & 7
            if v < 5:
                u, size = UNIT[v] + UNIT[10 - v], 2
            elif v == 5:
                u, size = 2 * UNIT[5], 2
            else:
                u, size = UNIT[10], 1
            if j:
                out = [(r + a * u, k + a * size) for r, k in out
                       for a in range(j + 1)]
        # the product lists none first and the biggest last
        out = _POOL_SETS[sig] = tuple(out[:0:-1])
    return out


# -- the edges-pooled game's tables (edges e and middle m, two class ints) ----

_EDGE_OUT = {}


def edge_outcomes(e, m):
    """Every non-empty removal set of a tableau with number cards ``e`` on
    the edges and ``m`` in the middle, as (removed from e, removed from m,
    how many from e, how many from m), the most edge cards first (they
    free the slots face cards need).  Memoised across deals."""
    # only the ranks that have a partner on the tableau matter
    sig = pool_signature(e + m)
    mask = _SIG_MASK.get(sig)
    if mask is None:
        mask = _SIG_MASK[sig] = sum(
            7 * (UNIT[v] + UNIT[10 - v] if v < 5 else UNIT[v])
            for i, v in enumerate((1, 2, 3, 4, 5, 10)) if sig >> (3 * i) & 7)
    e &= mask
    m &= mask
    key = e << 30 | m
    out = _EDGE_OUT.get(key)
    if out is None:
        if len(_EDGE_OUT) > 1 << 14:
            trim(_EDGE_OUT)
        out = [(0, 0, 0, 0)]
        for v in (1, 2, 3, 4, 5, 10):
            w = 10 - v if v < 5 else v
            k = (v, digit(e, v), digit(m, v), digit(e, w), digit(m, w))
            opts = _EDGE_OPTS.get(k)
            if opts is None:
                opts = _EDGE_OPTS[k] = _edge_options(*k)
            if len(opts) > 1:
                out = [(r1 + r2, s1 + s2, k1 + k2, j1 + j2)
                       for r1, s1, k1, j1 in out
                       for r2, s2, k2, j2 in opts]
        out.pop(0)                      # the empty set
        out.sort(key=lambda o: (-o[2], -o[3]))
        out = _EDGE_OUT[key] = tuple(out)
    return out


_EDGE_OPTS = {}
_SIG_MASK = {}      # pool signature -> the bits of the ranks it can remove


def _edge_options(v, ev, mv, ew, mw):
    """The removals of one type (pairs v + 10 - v, pairs of fives or tens)
    from ev, mv cards of rank v on the edges and in the middle and ew, mw
    of its partner, as (from the edges, from the middle, counts of each),
    none first."""
    uv = UNIT[v]
    if v >= 5:
        step = 2 if v == 5 else 1
        return [(a * uv, b * uv, a, b)
                for a in range(ev + 1) for b in range(mv + 1)
                if (a + b) % step == 0]
    w = 10 - v
    uw = UNIT[w]
    top = min(ev + mv, ew + mw)
    return [(a * uv + c * uw, b * uv + d * uw, a + c, b + d)
            for a in range(ev + 1) for b in range(mv + 1) if a + b <= top
            for c in range(ew + 1) for d in range(mw + 1) if c + d == a + b]


_MIDDLE = {}
# PRESENT[x]: a bit for each of the five ranks packed in x (15 bits) that
# x holds, and bit 10 when its fifth rank (five, for the low half) is
# there twice
PRESENT = tuple(sum(1 << i for i in range(5) if (x >> (3 * i)) & 7) |
                ((x >> 12 & 7) >= 2) << 10 for x in range(1 << 15))


def middle_choices(new, k, total, order=0):
    """The sub-multisets of size ``k`` of the number cards ``new`` (class
    ints): which of a refill's number cards go to the middle's ``k`` free
    slots, the rest going to the edges.  Cards whose partner is on the
    tableau (``total``) or among the new ones go to the edges first, where
    removing them frees a slot a face card may need; ``order`` 1 tries the
    other way round first.  Memoised."""
    both = total + new
    # which ranks are there (bit r - 1; bit 10: two fives or more): all
    # the order below depends on
    there = PRESENT[both & 0x7fff] | PRESENT[both >> 15] << 5
    key = (new, k, there, order)
    out = _MIDDLE.get(key)
    if out is None:
        if len(_MIDDLE) > 1 << 14:
            trim(_MIDDLE)
        ranks = []
        for r in range(1, 11):
            j = digit(new, r)
            if j:
                if r == 10:
                    paired = True
                elif r == 5:
                    paired = bool(there >> 10 & 1)
                else:
                    paired = bool(there >> (9 - r) & 1)
                ranks.append((paired, r, j))
        # unpaired ranks first: they go to the middle most
        ranks.sort()
        if order == 1:
            ranks.reverse()
        # partial choices (cards chosen, slots left), a rank at a time,
        # keeping only those the later ranks can still complete
        parts = [(0, k)]
        rest = sum(j for _p, _r, j in ranks)
        for _p, r, j in ranks:
            u = UNIT[r]
            rest -= j
            parts = [(acc + a * u, left - a) for acc, left in parts
                     for a in range(min(j, left), max(0, left - rest) - 1,
                                    -1)]
        out = [acc for acc, left in parts if not left]
        out = _MIDDLE[key] = tuple(out)
    return out

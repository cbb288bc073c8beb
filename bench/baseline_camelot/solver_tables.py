# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's solver tables: a tableau class as an int of rank counts, and
the memoised enumerations the search is made of (removal sets, refills of
the free slots, partitions over the classes).  Pure, no search here."""
import itertools
from functools import lru_cache

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
        if len(_VEC) > 1 << 20:         # bound the memory of long runs
            _VEC.clear()
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
        if len(_OUTCOMES) > 1 << 14:    # bound the memory of long runs
            _OUTCOMES.clear()
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

# SPDX-License-Identifier: GPL-3.0-or-later
"""A study of consecutive PySolFC deals, the bookkeeping half: the
results file, the budget ladder, the tally and the interval.

The method is Blake & Gent's ("The Winnability of Klondike Solitaire and
Many Other Patience Games"): consecutive deal numbers, every deal kept
(an undecided deal is rerun with a bigger budget, never replaced by
another), and the 95% Wilson interval with the undecided deals counted
once as lost (the lower bound) and once as won (the upper bound).

The results file holds one JSON object per line, appended as deals are
solved::

    {"deal": 17, "status": "winnable", "moves": 61, "states": 912,
     "seconds": 0.0123, "budget": 10.0}

and, in a study of the tiers (``stats --tier``), also ``"tier"``: easy,
medium or hard for a winnable deal, lost for a lost one, null for an
undecided one (core/fair_player.py ``tier``, at its fixed seed).

A deal left undecided by one rung of the ladder gets a second line from
the next rung (a bigger ``budget``); the line that counts is the one
with the biggest budget, i.e. the deciding rung's.  ``compact`` writes a
file with that line alone per deal, sorted, as the committed files are.

Standard library only: the engine that runs the solves is
study/engine.py (Dask when installed, else local processes).
"""
import gzip
import json
import lzma
import math
import os
from array import array

from ..core.intervals import Z95, wilson  # noqa: F401 (the study's API)

STATUSES = ("winnable", "lost", "undecided")
_CODE = {None: 0, "winnable": 1, "lost": 2, "undecided": 3}
_STATUS = {v: k for k, v in _CODE.items()}
KEYS = ("deal", "status", "moves", "states", "seconds", "budget")
TIER = "tier"                   # the optional key of a study of the tiers
TIERS = ("easy", "medium", "hard", "lost")
_TIER_CODE = {None: 0, "easy": 1, "medium": 2, "hard": 3, "lost": 4}


class ResultsError(ValueError):
    """A results file that cannot be read as one (nothing is changed)."""


# -- one deal's line ----------------------------------------------------------

def status_of(winnable):
    return {True: "winnable", False: "lost", None: "undecided"}[winnable]


def record(deal, result, budget, tier=False):
    """The results line (a dict) of a SolveResult for ``deal``; with
    ``tier`` (a tier's name, or None when undecided) its tier too."""
    rec = {"deal": deal, "status": status_of(result.winnable),
           "moves": None if result.moves is None else len(result.moves),
           "states": result.states, "seconds": round(result.seconds, 6),
           "budget": float(budget)}
    if tier is not False:
        rec[TIER] = tier
    return rec


def dumps(rec):
    keys = KEYS + (TIER,) if TIER in rec else KEYS
    return json.dumps({k: rec[k] for k in keys}) + "\n"


def loads(text):
    """A results line back to its dict; ValueError says what is wrong."""
    try:
        rec = json.loads(text)
    except ValueError as e:
        raise ValueError("not JSON (%s)" % e)
    if not isinstance(rec, dict) or set(rec) - {TIER} != set(KEYS):
        raise ValueError("not a results line (the keys are %s, and %s in a"
                         " study of the tiers)" % (", ".join(KEYS), TIER))
    deal, moves = rec["deal"], rec["moves"]
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
        raise ValueError("deal %r is not a deal number" % (deal,))
    if rec["status"] not in STATUSES:
        raise ValueError("status %r is not one of %s"
                         % (rec["status"], ", ".join(STATUSES)))
    if (moves is None) != (rec["status"] != "winnable"):
        raise ValueError("moves %r does not fit status %s"
                         % (moves, rec["status"]))
    for key in ("states", "seconds", "budget"):
        if isinstance(rec[key], bool) or \
                not isinstance(rec[key], (int, float)) or rec[key] < 0:
            raise ValueError("%s %r is not a number" % (key, rec[key]))
    if TIER in rec and rec[TIER] not in _fitting_tiers(rec["status"]):
        raise ValueError("tier %r does not fit status %s"
                         % (rec[TIER], rec["status"]))
    return rec


def _fitting_tiers(status):
    return {"winnable": ("easy", "medium", "hard"), "lost": ("lost",),
            "undecided": (None,)}[status]


# -- the file -----------------------------------------------------------------

def _open(path):
    name = str(path)
    if name.endswith(".xz"):
        return lzma.open(path, "rb")
    if name.endswith(".gz"):
        return gzip.open(path, "rb")
    return open(path, "rb")


def read(path, repair=False):
    """The records of a results file (plain, or compressed as .xz or
    .gz), one after the other in file order, read a line at a time (a
    million lines need no more memory than one).

    A last line without its newline is torn (the writer was killed in the
    middle of it): it is left out, and with ``repair`` first cut off the
    file so that the next line appended starts clean; the deal it named is
    then solved again.  Any other line that is not a results line raises
    ResultsError naming the line; the file is not touched."""
    if repair and torn_tail(path):
        if str(path).endswith((".xz", ".gz")):
            raise ResultsError("%s: its last line is torn; a compressed file "
                               "is not continued: decompress it first"
                               % path)
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) - len(torn_tail(path)))
    with _open(path) as f:
        for lineno, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                return                  # the torn last line
            if not raw.strip():
                continue
            try:
                yield loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                raise ResultsError("%s line %d: %s" % (path, lineno, e))


def torn_tail(path):
    """The bytes after the last newline of a plain file (a torn line),
    b"" if none."""
    if str(path).endswith((".xz", ".gz")):
        return b""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        back = 4096
        while True:
            f.seek(max(0, size - back))
            tail = f.read()
            cut = tail.rfind(b"\n")
            if cut >= 0 or back >= size:
                return tail[cut + 1:]
            back *= 2


class Appender:
    """Appends lines to a results file, each batch in one write, flushed
    and synced to disk, so a kill loses at most the batch being written
    (a torn last line, which ``read(repair=True)`` cuts off)."""

    def __init__(self, path):
        self.f = open(path, "a", encoding="utf-8")

    def write(self, records):
        self.f.write("".join(dumps(r) for r in records))
        self.f.flush()
        os.fsync(self.f.fileno())

    def close(self):
        self.f.close()


def supersedes(new, old):
    """Whether ``new`` (status, budget) replaces ``old`` for one deal: a
    decided line beats an undecided one, a bigger budget a smaller."""
    if old is None:
        return True
    (ns, nb), (os_, ob) = new, old
    if (ns == "undecided") != (os_ == "undecided"):
        return os_ == "undecided"
    return nb >= ob


def _tier_kept(best, rec):
    """The line that counts of a deal after ``rec`` (``best`` so far, or
    None), with the deal's tier from whichever has one: a tier belongs to
    the deal, not to the budget, so a tier found at 10 s stays when a
    line of the ladder's 100 s rung (made without tiers) counts."""
    if best is None or supersedes((rec["status"], rec["budget"]),
                                  (best["status"], best["budget"])):
        new, other = rec, best
    else:
        new, other = best, rec
    if other is not None and not new.get(TIER) and other.get(TIER) and \
            other["status"] == new["status"]:
        new = dict(new, **{TIER: other[TIER]})
    return new


def final_records(records, keep=None):
    """{deal: the line that counts} (see supersedes, and _tier_kept for
    its tier), of every deal or of the deals in ``keep``."""
    best = {}
    for rec in records:
        if keep is not None and rec["deal"] not in keep:
            continue
        best[rec["deal"]] = _tier_kept(best.get(rec["deal"]), rec)
    return best


def deal_numbers(records):
    """The distinct deal numbers of the records, ascending, in a flat
    array (8 bytes a deal)."""
    seen = array("q", sorted({rec["deal"] for rec in records}))
    return seen


def compact(records, out):
    """Write the line that counts of each deal (with its tier, see
    _tier_kept), sorted by deal, to the text stream ``out`` (the
    committed files' form).  Holds each deal's line as text (about 100
    bytes a deal)."""
    best = {}
    for rec in records:
        old = best.get(rec["deal"])
        kept = _tier_kept(None if old is None else json.loads(old), rec)
        best[rec["deal"]] = dumps(kept)
    for deal in sorted(best):
        out.write(best[deal])
    return len(best)


# -- the tally of a range of deals --------------------------------------------

class Tally:
    """What is known of deals first .. first+count-1: per deal a status
    byte, the budget and seconds of its deciding line and its states, in
    flat arrays (about 21 bytes a deal, no decks), so a million deals fit
    in about 21 MB."""

    def __init__(self, first, count):
        self.first, self.count = first, count
        self.status = bytearray(count)
        self.budget = array("d", bytes(8 * count))
        self.seconds = array("d", bytes(8 * count))
        self.states = array("q", bytes(8 * count))
        self.tier = bytearray(count)    # _TIER_CODE; 0: none known
        self.outside = 0        # lines of deals outside the range

    def add(self, rec):
        i = rec["deal"] - self.first
        if not 0 <= i < self.count:
            self.outside += 1
            return
        old = self.status[i]
        # a tier belongs to the deal, not to the line (as in _tier_kept):
        # it outlives a line without one, and a line that does not count
        # still gives its tier to the one that does
        known = self.tier[i] if old == _CODE[rec["status"]] else 0
        if old and not supersedes((rec["status"], rec["budget"]),
                                  (_STATUS[old], self.budget[i])):
            if old == _CODE[rec["status"]] and not known:
                self.tier[i] = _TIER_CODE[rec.get(TIER)]
            return
        self.status[i] = _CODE[rec["status"]]
        self.budget[i] = rec["budget"]
        self.seconds[i] = rec["seconds"]
        self.states[i] = rec["states"]
        self.tier[i] = _TIER_CODE[rec.get(TIER)] or known

    def needs(self, i, budget, tiers=False):
        """Whether deal first+i still needs a solve at ``budget``: no line
        yet, or undecided at a smaller budget; with ``tiers``, also a
        winnable deal whose tier is not known yet (solved again, and
        played, to learn it; a lost deal's tier is lost)."""
        s = self.status[i]
        return s == 0 or (s == 3 and self.budget[i] < budget) or (
            tiers and s == 1 and not self.tier[i])

    def todo(self, budget, tiers=False):
        """The deal numbers that need a solve at ``budget``, in order."""
        return (self.first + i for i in range(self.count)
                if self.needs(i, budget, tiers))

    def count_todo(self, budget, tiers=False):
        return sum(1 for i in range(self.count)
                   if self.needs(i, budget, tiers))

    def tier_counts(self):
        """{tier: deals} over the deals decided (a lost deal is lost) and
        None: the winnable deals whose tier is not known."""
        out = dict.fromkeys(TIERS, 0)
        out[None] = 0
        names = {v: k for k, v in _TIER_CODE.items()}
        for i in range(self.count):
            s = self.status[i]
            if s == 2:
                out["lost"] += 1
            elif s == 1:
                out[names[self.tier[i]]] += 1
        return out

    def counts(self):
        """(solved deals, winnable, lost, undecided)."""
        c = [self.status.count(k) for k in (1, 2, 3)]
        return (sum(c),) + tuple(c)

    def rungs(self, budgets):
        """For each rung budget (rising): how many deals reached it and how
        many it decided.  Rung k holds the lines that count with a budget
        above rung k-1's and at most its own (the last rung also those
        above it, from an earlier run with a bigger ladder)."""
        out = [{"budget": b, "reached": 0, "decided": 0} for b in budgets]
        for i in range(self.count):
            s = self.status[i]
            if not s:
                continue
            b = self.budget[i]
            k = next((k for k, top in enumerate(budgets)
                      if b <= top + 1e-9), len(budgets) - 1)
            for rung in out[:k + 1]:
                rung["reached"] += 1
            if s != 3:
                out[k]["decided"] += 1
        return out

    def undecided(self):
        """[{"deal", "states", "budget"}] of the deals still undecided, by
        deal: what the ladder left, named with the work it spent."""
        return [{"deal": self.first + i, "states": self.states[i],
                 "budget": self.budget[i]}
                for i in range(self.count) if self.status[i] == 3]

    def solved_seconds(self):
        return sorted(self.seconds[i] for i in range(self.count)
                      if self.status[i])

    def total_states(self):
        return sum(self.states[i] for i in range(self.count)
                   if self.status[i])


# -- the interval -------------------------------------------------------------

def interval(won, lost, undecided, z=Z95):
    """Blake & Gent's interval: the Wilson lower bound with the undecided
    deals counted as lost, the Wilson upper bound with them counted as
    won."""
    n = won + lost + undecided
    return wilson(won, n, z)[0], wilson(won + undecided, n, z)[1]


def share(won, lost, undecided):
    """The point estimate: half way between counting the undecided deals
    as lost and as won."""
    n = won + lost + undecided
    return (won + undecided / 2) / n if n else 0.0


def as_published(low, high, digits=3):
    """(midpoint, half-width) in percent as Blake & Gent print them, the
    bounds rounded outwards to ``digits`` decimals so the printed interval
    never claims more than was measured: their Klondike example, [81.8616%,
    82.0281%], prints as 81.945% +- 0.084%."""
    scale = 10 ** digits
    lo = math.floor(round(low * 100 * scale, 6)) / scale
    hi = math.ceil(round(high * 100 * scale, 6)) / scale
    return round((lo + hi) / 2, digits + 1), round((hi - lo) / 2, digits)


def percentile(sorted_values, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    i = max(0, math.ceil(q / 100 * len(sorted_values)) - 1)
    return sorted_values[i]


def parse_ladder(text):
    """"100,1000" -> [100.0, 1000.0]: each rung's budget in seconds,
    rising.  ValueError says what is wrong."""
    try:
        rungs = [float(w) for w in text.split(",") if w.strip()]
    except ValueError:
        raise ValueError("--ladder takes budgets in seconds separated by "
                         "commas, e.g. 100,1000; not %r" % text)
    if not rungs or any(not b > 0 for b in rungs):
        raise ValueError("--ladder budgets must be positive seconds")
    return rungs


# -- python -m pysolfc_camelot.study compact IN OUT ---------------------------

def main(argv=None):
    """``compact IN OUT``: OUT gets IN's line that counts of each deal,
    sorted by deal (xz- or gzip-compressed when OUT ends in .xz or .gz):
    the form the committed results files take."""
    import sys
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 3 or argv[0] != "compact":
        print("usage: python -m pysolfc_camelot.study compact IN OUT[.xz]",
              file=sys.stderr)
        return 2
    src, dst = argv[1:]
    if os.path.exists(dst):
        print("error: %s exists (not overwritten)" % dst, file=sys.stderr)
        return 2
    opener = lzma.open if dst.endswith(".xz") else \
        gzip.open if dst.endswith(".gz") else open
    try:
        if torn_tail(src):
            print("error: %s ends in a torn line: finish the study with "
                  "--resume first" % src, file=sys.stderr)
            return 2
    except OSError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    try:
        with opener(dst, "wt", encoding="utf-8") as out:
            n = compact(read(src), out)
    except (ResultsError, OSError) as e:
        if os.path.exists(dst):         # ours: it did not exist before
            os.remove(dst)
        print("error: %s" % e, file=sys.stderr)
        return 2
    print("%s: %d deals, one line each" % (dst, n))
    return 0

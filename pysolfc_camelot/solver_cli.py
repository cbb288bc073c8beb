"""The ``solve`` and ``stats`` commands (registered by cli.py)."""
import json
import math
import random
import sys
import time

from .camelot import rules, solver
from .cards import NotationError, format_cards, format_moves, parse_deck


def register(subparsers):
    p = subparsers.add_parser("solve", help="decide whether a deck can be"
                              " won, with a winning move list")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--deck", help="52 cards, first dealt first")
    src.add_argument("--deck-file", metavar="F",
                     help="one deck per line ('-' for standard input)")
    src.add_argument("--deal", type=int, metavar="N",
                     help="PySolFC's deal number N of our game (needs "
                     "PySolFC's pysollib: set PYSOLFC_DIR if not found)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per deck")
    p.add_argument("--budget", type=float, metavar="SECONDS",
                   help="give up (winnable null) after this long per deck")
    p.set_defaults(func=cmd_solve)

    p = subparsers.add_parser("stats", help="winnable share of random decks")
    p.add_argument("--deals", type=int, required=True, metavar="N")
    p.add_argument("--seed", type=int, required=True, metavar="S")
    p.add_argument("--jobs", type=int, default=1, metavar="J")
    p.add_argument("--budget", type=float, metavar="SECONDS",
                   help="per deal; undecided deals count both ways")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.set_defaults(func=cmd_stats)


# -- solve --------------------------------------------------------------------

def result_json(res):
    return {"winnable": res.winnable,
            "moves": (None if res.moves is None
                      else [str(m) for m in res.moves]),
            "states": res.states, "seconds": round(res.seconds, 6)}


def print_result(res, as_json, out=None):
    out = sys.stdout if out is None else out
    if as_json:
        print(json.dumps(result_json(res)), file=out)
    else:
        verdict = {True: "winnable", False: "not winnable",
                   None: "undecided (budget ran out)"}[res.winnable]
        print("%s: %d states, %.3f s" % (verdict, res.states, res.seconds),
              file=out)
        if res.moves is not None:
            print("%d moves: %s" % (len(res.moves), format_moves(res.moves)),
                  file=out)
    out.flush()


def solve_deck(deck, budget=None):
    return solver.solve(rules.Position.new_game(deck), budget_seconds=budget)


def cmd_solve(args):
    if args.deal is not None:
        from . import deals
        try:
            texts = [(None, format_cards(deals.deck_for_deal(args.deal)))]
        except (ImportError, ValueError) as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
    elif args.deck is not None:
        texts = [(None, args.deck)]
    else:
        try:
            f = sys.stdin if args.deck_file == "-" else \
                open(args.deck_file, encoding="utf-8")
            with f:
                texts = [(i + 1, line) for i, line in enumerate(f)
                         if line.strip()]
        except OSError as e:
            print("error: cannot read %s: %s" % (args.deck_file, e),
                  file=sys.stderr)
            return 2
    decks = []
    for lineno, text in texts:
        try:
            decks.append(parse_deck(text))
        except NotationError as e:
            where = "" if lineno is None else "line %d: " % lineno
            print("error: %s%s" % (where, e), file=sys.stderr)
            return 2
    for deck in decks:
        print_result(solve_deck(deck, args.budget), args.json)
    return 0


# -- stats --------------------------------------------------------------------

def random_decks(n, seed):
    """The decks of stats and the benchmark: random.Random(seed).shuffle of
    an ordered deck, n times in a row."""
    rng = random.Random(seed)
    decks = []
    for _ in range(n):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def wilson(k, n, z=1.959964):
    """95% Wilson score interval of a share k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def percentile(sorted_values, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    i = max(0, math.ceil(q / 100 * len(sorted_values)) - 1)
    return sorted_values[i]


def _solve_one(job):
    """Worker: (deck, budget) -> (winnable, states, seconds, maxrss)."""
    deck, budget = job
    res = solve_deck(deck, budget)
    return res.winnable, res.states, res.seconds, _maxrss()


def _maxrss():
    try:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    except ImportError:                 # not on Windows
        return 0


class Progress:
    """A plain-text progress bar on stderr: `\\r[#####.....] 512/1000`."""

    def __init__(self, total, out=None, width=30):
        self.total, self.width = total, width
        self.out = sys.stderr if out is None else out
        self.done = 0
        self.last = 0.0

    def step(self, n=1):
        self.done += n
        now = time.monotonic()
        if now - self.last > 0.2 or self.done == self.total:
            self.last = now
            full = self.width * self.done // max(1, self.total)
            self.out.write("\r[%s%s] %d/%d" % ("#" * full,
                                               "." * (self.width - full),
                                               self.done, self.total))
            if self.done == self.total:
                self.out.write("\n")
            self.out.flush()


def run_many(jobs_list, jobs, worker=_solve_one, progress=True):
    """Run worker over jobs_list with `jobs` processes, in order."""
    bar = Progress(len(jobs_list)) if progress else None
    results = []
    if jobs <= 1:
        for job in jobs_list:
            results.append(worker(job))
            if bar:
                bar.step()
        return results
    import multiprocessing
    with multiprocessing.Pool(jobs) as pool:
        for r in pool.imap(worker, jobs_list, chunksize=1):
            results.append(r)
            if bar:
                bar.step()
    return results


def summarize(results):
    n = len(results)
    won = sum(1 for r in results if r[0] is True)
    lost = sum(1 for r in results if r[0] is False)
    undecided = n - won - lost
    lo, _ = wilson(won, n)
    _, hi = wilson(won + undecided, n)
    times = sorted(r[2] for r in results)
    return {"deals": n, "winnable": won, "not_winnable": lost,
            "undecided": undecided,
            "share_low": won / n if n else 0.0,
            "share_high": (won + undecided) / n if n else 0.0,
            "ci95": [lo, hi],
            "seconds_total": sum(times),
            "median": percentile(times, 50), "p90": percentile(times, 90),
            "p99": percentile(times, 99), "max": times[-1] if times else 0.0,
            "states": sum(r[1] for r in results),
            "peak_rss_mb": max((r[3] for r in results), default=0) / 1024}


def cmd_stats(args):
    if args.deals <= 0 or args.jobs <= 0:
        print("error: --deals and --jobs must be positive", file=sys.stderr)
        return 2
    decks = random_decks(args.deals, args.seed)
    t0 = time.perf_counter()
    results = run_many([(d, args.budget) for d in decks], args.jobs)
    s = summarize(results)
    s["wall_seconds"] = time.perf_counter() - t0
    if args.json:
        print(json.dumps(s))
        return 0
    n = s["deals"]
    if s["undecided"]:
        share = "%.1f%% .. %.1f%%" % (100 * s["share_low"],
                                      100 * s["share_high"])
    else:
        share = "%.1f%%" % (100 * s["share_low"])
    print("%d deals (seed %d): %d winnable, %d not winnable, %d undecided"
          % (n, args.seed, s["winnable"], s["not_winnable"], s["undecided"]))
    print("winnable share %s, 95%% confidence interval %.1f%% .. %.1f%%"
          % (share, 100 * s["ci95"][0], 100 * s["ci95"][1]))
    if s["undecided"]:
        print("(undecided deals counted as lost for the lower bound and as"
              " won for the upper)")
    print("solve time per deal: median %.4f s, p90 %.4f s, p99 %.4f s,"
          " max %.3f s; total %.1f s (wall %.1f s, %d jobs)"
          % (s["median"], s["p90"], s["p99"], s["max"], s["seconds_total"],
             s["wall_seconds"], args.jobs))
    return 0

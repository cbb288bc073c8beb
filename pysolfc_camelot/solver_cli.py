"""The ``solve`` and ``stats`` commands (registered by cli.py)."""
import json
import math
import random
import re
import sys
import threading
import time

from . import games
from .cards import NotationError, format_cards


def _deck_words(name):
    """A game's deck, as an error message names it."""
    decks = games.package(name).DECKS
    return "%d%s" % (52 * decks, " (each card twice)" if decks == 2 else
                     " (each card %d times)" % decks if decks > 2 else "")


def other_games_deck(game, text):
    """The error for a deck of another game's size given to ``game``
    (e.g. 104 cards to Camelot), naming the option that fits; None if the
    deck's size is not another game's.  Such a deck can never be this
    game's, so this replaces the parser's message (which would say only
    "card AC appears twice")."""
    game = game or games.DEFAULT
    size = 52 * games.package(game).DECKS
    n = len([w for w in re.split(r"[\s,]+", text.strip()) if w])
    for other in games.GAMES:
        if 52 * games.package(other).DECKS == n != size:
            other_name = games.package(other).RULES_NAME
            option = "--game %s%s" % (other, " (the default)"
                                      if other == games.DEFAULT else "")
            return ("this deck has %d cards, as %s's does; %s's has %s: "
                    "for %s use %s" % (n, other_name,
                                       games.package(game).RULES_NAME,
                                       _deck_words(game), other_name, option))
    return None


def register(subparsers):
    p = subparsers.add_parser("solve", help="decide whether a deck can be"
                              " won, with a winning move list")
    src = p.add_mutually_exclusive_group(required=True)
    games.add_game_option(p)
    src.add_argument("--deck", help="52 cards (104 for plot), first dealt"
                     " first")
    src.add_argument("--deck-file", metavar="F",
                     help="one deck per line ('-' for standard input)")
    src.add_argument("--deal", type=int, metavar="N",
                     help="the deal PySolFC shows under number N (asks "
                     "the PySolFC that `make setup` fetched, or an installed "
                     "one; PYSOLFC_DIR picks another)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per deck")
    p.add_argument("--budget", type=float, metavar="SECONDS",
                   help="give up (winnable null) after this long per deck")
    p.add_argument("--tier", action="store_true",
                   help="also say how hard the deal is (slower: plays it "
                   "out): easy, medium, hard, lost (fair_player.tier)")
    p.set_defaults(func=cmd_solve)

    p = subparsers.add_parser("stats", help="winnable share of random decks")
    games.add_game_option(p)
    p.add_argument("--deals", type=int, required=True, metavar="N",
                   help="how many random decks to solve")
    p.add_argument("--seed", type=int, metavar="S",
                   help="seed of the random decks; the same seed gives the "
                   "same decks (default: a new seed, printed so the run "
                   "can be repeated)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="solve in J processes at once (default 1)")
    p.add_argument("--budget", type=float, metavar="SECONDS",
                   help="give up on a deal after this long; undecided deals "
                   "count both ways in the share")
    p.add_argument("--json", action="store_true",
                   help="print the summary as one JSON object")
    p.set_defaults(func=cmd_stats)

    from . import analyse_cli
    analyse_cli.register(subparsers)


# -- solve --------------------------------------------------------------------

def result_json(res):
    return {"winnable": res.winnable,
            "moves": (None if res.moves is None
                      else [str(m) for m in res.moves]),
            "states": res.states, "seconds": round(res.seconds, 6)}


_NO_TIER = object()


def print_result(res, as_json, out=None, game=None, tier=_NO_TIER):
    """One deck's answer; with ``tier`` (solve --tier) its tier too."""
    out = sys.stdout if out is None else out
    if as_json:
        more = {} if tier is _NO_TIER else {"tier": tier}
        print(json.dumps(dict(result_json(res), **more)), file=out)
    else:
        verdict = {True: "winnable", False: "not winnable",
                   None: "undecided (budget ran out)"}[res.winnable]
        print("%s: %d states, %.3f s%s" % (
            verdict, res.states, res.seconds, "" if tier is _NO_TIER
            else ", tier %s" % (tier or "undecided")), file=out)
        if res.moves is not None:
            game = game or games.Game()
            print("%d moves: %s" % (len(res.moves),
                                    game.format_moves(res.moves)), file=out)
    out.flush()


def solve_deck(deck, budget=None, game=games.DEFAULT):
    g = games.Game(game)
    return g.solve(g.new_game(deck), budget_seconds=budget)


def cmd_solve(args):
    game = games.Game(getattr(args, "game", None))
    if args.deal is not None:
        from . import deals
        try:
            texts = [(None, format_cards(deals.deck_for_deal(
                args.deal, decks=game.decks)))]
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
            wrong_game = other_games_deck(game.name, text)
            if wrong_game:
                raise NotationError(wrong_game)
            decks.append(game.parse_deck(text))
        except NotationError as e:
            where = "" if lineno is None else "line %d: " % lineno
            print("error: %s%s" % (where, e), file=sys.stderr)
            return 2
    for deck in decks:
        res = solve_deck(deck, args.budget, game.name)
        more = {}
        if args.tier:
            from .fair_player import tier
            more["tier"] = None if res.winnable is None else tier(
                game.name, game.new_game(deck), verdict=res.winnable)
        print_result(res, args.json, game=game, **more)
    return 0


# -- stats --------------------------------------------------------------------

def random_decks(n, seed, game=games.DEFAULT):
    """The decks of stats and the benchmark: random.Random(seed).shuffle of
    an ordered deck (card ids 0..51, twice over for plot), n times in a
    row."""
    rng = random.Random(seed)
    g = games.Game(game)
    return [g.random_deck(rng) for _ in range(n)]


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
    """Worker: (deck, budget[, game]) -> (winnable, states, seconds,
    maxrss)."""
    deck, budget = job[:2]
    res = solve_deck(deck, budget, job[2] if len(job) > 2 else games.DEFAULT)
    return res.winnable, res.states, res.seconds, _maxrss()


def _maxrss():
    try:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    except ImportError:                 # not on Windows
        return 0


class Progress:
    """A progress line on stderr, `\\r[#####.....] 512/1000`, which also
    names the deal running longest once it has run `slow` seconds:
    `[#####.....] 512/1000  deal 734 running 3.2 s` (deals count from 1)."""

    def __init__(self, total, out=None, width=30, slow=1.0):
        self.total, self.width, self.slow = total, width, slow
        self.out = sys.stderr if out is None else out
        self.done = 0
        self.last = 0.0
        self.running = {}               # deal index -> time.monotonic()
        self.shown = 0                  # length of the line last written
        self.lock = threading.Lock()

    def start(self, index):
        with self.lock:
            self.running[index] = time.monotonic()

    def step(self, n=1, index=None):
        with self.lock:
            self.running.pop(index, None)
            self.done += n
            self._draw(force=self.done == self.total)

    def tick(self):
        """Redraw (from a timer), so a slow deal shows while it runs."""
        with self.lock:
            if self.done < self.total:
                self._draw()

    def slowest(self, now=None):
        """(index, seconds) of the deal running longest, once past slow."""
        if not self.running:
            return None
        now = time.monotonic() if now is None else now
        index, t0 = min(self.running.items(), key=lambda it: it[1])
        return (index, now - t0) if now - t0 >= self.slow else None

    def _draw(self, force=False):
        now = time.monotonic()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        full = self.width * self.done // max(1, self.total)
        line = "[%s%s] %d/%d" % ("#" * full, "." * (self.width - full),
                                 self.done, self.total)
        slow = self.slowest(now)
        if slow and self.done < self.total:
            line += "  deal %d running %.1f s" % (slow[0] + 1, slow[1])
        self.out.write("\r" + line + " " * max(0, self.shown - len(line)))
        self.shown = len(line)
        if self.done == self.total:
            self.out.write("\n")
        self.out.flush()


def run_many(jobs_list, jobs, worker=_solve_one, progress=True):
    """Run worker over jobs_list with `jobs` processes; results in order.
    With progress, a Progress line on stderr, redrawn while deals run."""
    bar = Progress(len(jobs_list)) if progress else None
    stop = threading.Event()
    if bar:
        ticker = threading.Thread(target=_tick, args=(bar, stop),
                                  daemon=True)
        ticker.start()
    try:
        if jobs <= 1:
            results = []
            for i, job in enumerate(jobs_list):
                if bar:
                    bar.start(i)
                results.append(worker(job))
                if bar:
                    bar.step(index=i)
            return results
        return _run_pool(jobs_list, jobs, worker, bar)
    finally:
        stop.set()


def _tick(bar, stop, every=0.25):
    while not stop.wait(every):
        bar.tick()


def _run_pool(jobs_list, jobs, worker, bar):
    """At most `jobs` deals in flight, so each one's start time is known."""
    import multiprocessing
    import queue
    finished = queue.Queue()
    results = [None] * len(jobs_list)
    todo = iter(enumerate(jobs_list))
    with multiprocessing.Pool(jobs) as pool:
        def submit():
            for i, job in todo:
                if bar:
                    bar.start(i)
                pool.apply_async(
                    worker, (job,),
                    callback=lambda r, i=i: finished.put((i, True, r)),
                    error_callback=lambda e, i=i: finished.put((i, False, e)))
                return 1
            return 0
        in_flight = sum(submit() for _ in range(jobs))
        while in_flight:
            i, ok, r = finished.get()
            if not ok:
                raise r
            results[i] = r
            if bar:
                bar.step(index=i)
            in_flight += submit() - 1
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
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1000000)
        print("seed %d (pass --seed %d to repeat)" % (seed, seed),
              file=sys.stderr, flush=True)
    game = getattr(args, "game", None) or games.DEFAULT
    decks = random_decks(args.deals, seed, game)
    t0 = time.perf_counter()
    jobs = [(d, args.budget, game) for d in decks]
    results = run_many(jobs, args.jobs)
    s = summarize(results)
    s["seed"] = seed
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
          % (n, seed, s["winnable"], s["not_winnable"], s["undecided"]))
    print("winnable share %s, 95%% confidence interval %.1f%% .. %.1f%%"
          % (share, 100 * s["ci95"][0], 100 * s["ci95"][1]))
    if s["undecided"]:
        print("(undecided deals counted as lost for the lower bound and as"
              " won for the upper)")
    print("solve time per deal: median %.4f s, p90 %.4f s, p99 %.4f s,"
          " max %.3f s; total %.1f s (wall %.1f s, %d %s)"
          % (s["median"], s["p90"], s["p99"], s["max"], s["seconds_total"],
             s["wall_seconds"], args.jobs,
             "job" if args.jobs == 1 else "jobs"))
    return 0

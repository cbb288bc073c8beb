# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``solve`` and ``stats`` commands (registered by cli.py)."""
import json
import random
import re
import sys
import threading
import time

from .. import games, study
from ..core.budget import Budget
from ..core.cards import NotationError
from ..study.engine import peak_rss_kib


def _deck_words(name):
    """A game's deck, as an error message names it."""
    decks = games.spec(name).decks
    return "%d%s" % (52 * decks, " (each card twice)" if decks == 2 else
                     " (each card %d times)" % decks if decks > 2 else "")


def other_games_deck(game, text):
    """The error for a deck of another game's size given to ``game``
    (e.g. 104 cards to Camelot), naming the option that fits; None if the
    deck's size is not another game's.  Such a deck can never be this
    game's, so this replaces the parser's message (which would say only
    "card AC appears twice")."""
    game = game or games.DEFAULT
    size = 52 * games.spec(game).decks
    n = len([w for w in re.split(r"[\s,]+", text.strip()) if w])
    for other in games.GAMES:
        if 52 * games.spec(other).decks == n != size:
            other_name = games.spec(other).rules_name
            option = "--game %s%s" % (other, " (the default)"
                                      if other == games.DEFAULT else "")
            return ("this deck has %d cards, as %s's does; %s's has %s: "
                    "for %s use %s" % (n, other_name,
                                       games.spec(game).rules_name,
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
    p.add_argument("--budget", type=games.budget_seconds, metavar="SECONDS",
                   help="give up (winnable null) after this long per deck")
    p.add_argument("--tier", action="store_true",
                   help="also say how hard the deal is (slower: plays it "
                   "out): easy, medium, hard, lost (fair_player.tier)")
    p.set_defaults(func=cmd_solve)

    p = subparsers.add_parser("stats", help="winnable share of consecutive"
                              " PySolFC deals (or random decks): a study "
                              "that resumes, with a budget ladder")
    from ..study import cli as study_cli
    study_cli.add_options(p)
    p.set_defaults(func=cmd_stats)

    from . import analyse as analyse_cli
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
    """Solve ``deck`` of ``game`` (a games.Game or its name) within
    ``budget`` seconds (None: no limit)."""
    g = game if isinstance(game, games.Game) else games.Game(game)
    return g.solve(g.new_game(deck), Budget(budget))


def cmd_solve(args):
    game = games.Game(getattr(args, "game", None))
    texts, decks = [], []           # a deal number's deck needs no text
    if args.deal is not None:
        from ..core import deals
        try:
            decks.append(deals.deck_for_deal(args.deal, decks=game.decks))
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
        res = solve_deck(deck, args.budget, game)
        more = {}
        if args.tier:
            from ..core.fair_player import tier
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


# The interval and percentiles are the study's (bench/ imports them here).
wilson, percentile = study.wilson, study.percentile


def _solve_one(job):
    """Worker: (deck, budget[, game]) -> (winnable, states, seconds,
    maxrss)."""
    deck, budget = job[:2]
    res = solve_deck(deck, budget, job[2] if len(job) > 2 else games.DEFAULT)
    return res.winnable, res.states, res.seconds, peak_rss_kib()


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


def cmd_stats(args):
    from ..study import cli as study_cli
    return study_cli.cmd_stats(args)

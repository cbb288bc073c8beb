# SPDX-License-Identifier: GPL-3.0-or-later
"""The engine of a study: deals solved in batches, on Dask distributed
when it is installed (``pip install .[study]``), else in local processes.

Dask: a LocalCluster of ``jobs`` worker processes on this machine (bound
to 127.0.0.1), or, with ``scheduler``, the workers of a running cluster
(``dask scheduler`` and ``dask worker`` on many machines, SSH or SLURM:
docs/study.md).  A batch whose worker dies is run again elsewhere by Dask
and reaches us once; we write its lines only when it does, so no deal is
lost or written twice.

Without Dask, a multiprocessing pool (or this process, for one job) runs
the same batches: stats then still works on one machine, which is all
it did before; only ``--scheduler`` needs Dask.

Batches are sized from the deals seen so far, about BATCH_SECONDS of
solving each, so the scheduler's cost per batch (a few milliseconds)
stays well under 2% of the time; the first batches are small, so the
progress moves in the first second.  At most two batches per worker are
in flight and decks are made only as batches are sent, so memory does not
grow with the number of deals.

None of this is imported by the plugin inside PySolFC.
"""
import importlib
import logging
import os
import queue
import signal
import sys
import time
import warnings

from .. import games, study
from ..core.budget import Budget

# Solving time aimed at per batch; the tests ask for smaller batches (so
# that a kill lands mid-run in a short run) through the environment.
BATCH_SECONDS = float(os.environ.get("CAMELOT_STUDY_BATCH_SECONDS", "5"))
FIRST_BATCH = 2             # deals in each batch until times are known
MAX_BATCH = 5000


def _importable(name):
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def have_dask():
    return _importable("distributed")


def have_tqdm():
    return _importable("tqdm")


# -- in the worker ------------------------------------------------------------

_GAMES = {}


def solve_batch(game, items, budget, tiers=False, cpu=False):
    """[(deal, deck)] of ``game`` at ``budget`` seconds each -> (results
    lines, seconds the batch took here, CPU seconds it took, this
    process's peak memory in KiB).  With ``tiers`` each line also has
    the deal's tier (a winnable deal played by the simple and the strong
    fair policy: fair_player.tier, at its fixed seed).  With ``cpu`` the
    budget is CPU seconds of this worker (Budget's cpu clock)."""
    t0, c0 = time.perf_counter(), time.process_time()
    g = _GAMES.get(game) or _GAMES.setdefault(game, games.Game(game))
    out = []
    for deal, deck in items:
        position = g.new_game(deck)
        result = g.solve(position, Budget(budget, cpu=cpu))
        tier = False
        if tiers:
            from ..core.fair_player import tier as tier_of
            tier = None if result.winnable is None else tier_of(
                game, position, verdict=result.winnable)
        out.append(study.record(deal, result, budget, tier))
    return (out, time.perf_counter() - t0, time.process_time() - c0,
            peak_rss_kib())


def play_batch(game, items, spec):
    """[(deal, deck)] of ``game``, each played out by the policy of
    ``spec`` (play_cli.play_record) -> the same four as solve_batch: the
    fair-play measurement (bench/bench_fair.py) on the same engines."""
    from ..cli import play as play_cli
    t0, c0 = time.perf_counter(), time.process_time()
    g = _GAMES.get(game) or _GAMES.setdefault(game, games.Game(game))
    out = [play_cli.play_record(g, deal, deck, spec) for deal, deck in items]
    return (out, time.perf_counter() - t0, time.process_time() - c0,
            peak_rss_kib())


def peak_rss_kib():
    """This process's peak resident memory in KiB (0 where the resource
    module is missing); the study's workers and the benchmarks report it."""
    try:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    except ImportError:                 # not on Windows
        return 0


# Seconds the client and the local cluster get to close.
CLOSE_SECONDS = 10


def _ignore_sigint():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- engines: run(batches) yields each batch's result as it completes --------

class DaskEngine:
    """Dask distributed: a LocalCluster of ``jobs`` processes, or the
    cluster whose scheduler is at ``scheduler``."""

    name = "dask"

    def __init__(self, jobs=1, scheduler=None):
        from distributed import Client, LocalCluster
        self.cluster = None
        if scheduler:
            self.client = Client(scheduler, timeout="30s")
            self.where = "the Dask cluster at %s" % scheduler
        else:
            # The workers ignore Ctrl-C (it reaches the whole process
            # group): the client stops them cleanly instead.
            old = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                # Its HTTP server (health checks) moves off a busy port
                # 8787 by itself; no need to say so on every run.
                warnings.filterwarnings("ignore", category=UserWarning,
                                        message="Port .* is already in use")
                self.cluster = LocalCluster(
                    n_workers=jobs, threads_per_worker=1, processes=True,
                    host="127.0.0.1", dashboard_address=None,
                    silence_logs=logging.CRITICAL)
            finally:
                signal.signal(signal.SIGINT, old)
            self.client = Client(self.cluster)
            self.where = "a local Dask cluster"
        self._workers, self._asked = 0, 0.0

    def workers(self):
        """Worker threads now in the cluster (asked at most every 5 s)."""
        now = time.monotonic()
        if now - self._asked > 5 or not self._workers:
            self._workers = sum(self.client.nthreads().values())
            self._asked = now
        return max(1, self._workers)

    def run(self, batches, work=solve_batch):
        from distributed import as_completed
        running = as_completed()

        def top_up():
            while running.count() < 2 * self.workers():
                args = next(batches, None)
                if args is None:
                    return
                running.add(self.client.submit(work, *args,
                                               pure=False))
        top_up()
        try:
            for future in running:
                result = future.result()
                future.release()
                yield result
                top_up()
        finally:
            # A stop (Ctrl-C, an error): the batches not yet done are of
            # no use, so the scheduler drops them instead of the close
            # waiting for them.
            left = list(running.futures)
            if left:
                try:
                    self.client.cancel(left, force=True)
                except Exception:       # the cluster may be gone already
                    pass

    def close(self):
        # Bounded, so a stop never hangs on a worker that does not answer.
        try:
            self.client.close(timeout=CLOSE_SECONDS)
        finally:
            if self.cluster is not None:
                self.cluster.close(timeout=CLOSE_SECONDS)


class PoolEngine:
    """multiprocessing on this machine: Dask is not installed."""

    name = "multiprocessing"

    def __init__(self, jobs=1):
        import multiprocessing
        self.jobs = jobs
        self.pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint)
        self.where = "%d local processes (multiprocessing)" % jobs

    def workers(self):
        return self.jobs

    def run(self, batches, work=solve_batch):
        done = queue.Queue()
        in_flight = 0

        def top_up():
            nonlocal in_flight
            while in_flight < 2 * self.jobs:
                args = next(batches, None)
                if args is None:
                    return
                self.pool.apply_async(work, args, callback=done.put,
                                      error_callback=done.put)
                in_flight += 1
        top_up()
        while in_flight:
            while True:
                try:                # a timeout, so Ctrl-C gets through
                    result = done.get(timeout=0.5)
                    break
                except queue.Empty:
                    pass
            in_flight -= 1
            if isinstance(result, BaseException):
                raise result
            yield result
            top_up()

    def close(self):
        self.pool.terminate()
        self.pool.join()


class InlineEngine:
    """This process, one batch after the other (one job, no Dask)."""

    name = "this process"
    where = "this process"

    def workers(self):
        return 1

    def run(self, batches, work=solve_batch):
        for args in batches:
            yield work(*args)

    def close(self):
        pass


def make_engine(jobs=1, scheduler=None):
    """Dask when installed, else multiprocessing (or this process); a
    RuntimeError says why --scheduler cannot be had."""
    if have_dask():
        return DaskEngine(jobs, scheduler)
    if scheduler:
        raise RuntimeError(
            "--scheduler needs Dask distributed, which this Python (%s) "
            "lacks: pip install '.[study]' in the checkout (or `make "
            "setup`, which puts it in .venv)" % sys.executable)
    return PoolEngine(jobs) if jobs > 1 else InlineEngine()


# -- decks, made as batches are sent ------------------------------------------

class DealDecks:
    """The decks of PySolFC deal numbers, as PySolFC deals them."""

    def __init__(self, game):
        from ..core import deals
        self.decks = games.Game(game).decks
        self._deck_for_deal = deals.deck_for_deal

    def deck(self, deal):
        return self._deck_for_deal(deal, decks=self.decks)

    def done(self, rec):
        pass


class SeedDecks:
    """Today's random decks: random.Random(seed), shuffled one after the
    other (deal 1 first).  Only the decks whose answer is still out, or
    that the ladder may rerun (undecided), are kept."""

    def __init__(self, game, seed):
        import random
        self.game = games.Game(game)
        self.rng = random.Random(seed)
        self.made = 0
        self.kept = {}

    def deck(self, deal):
        while self.made < deal:
            self.made += 1
            self.kept[self.made] = self.game.random_deck(self.rng)
        return self.kept[deal]

    def done(self, rec):
        if rec["status"] != "undecided":
            self.kept.pop(rec["deal"], None)


# -- the run ------------------------------------------------------------------

class Sizer:
    """Deals per batch: about BATCH_SECONDS of a worker's time, from the
    mean time per deal of the batches seen so far in this rung, reached
    by doubling from FIRST_BATCH (so the progress keeps moving while the
    sizes grow).  The batch's busy time, not its lines' solving seconds:
    rating a deal's tier costs many times its verdict (a Plot deal 10 s
    against 20 ms), and sized by the verdicts a tier batch ran for
    minutes, the progress stood still and Ctrl-C waited for it."""

    def __init__(self):
        self.deals, self.seconds = 0, 0.0
        self.last = FIRST_BATCH

    def observe(self, records, busy):
        self.deals += len(records)
        self.seconds += busy

    def size(self):
        if self.deals < 8:
            return FIRST_BATCH
        mean = max(self.seconds / self.deals, 1e-5)
        self.last = max(1, min(MAX_BATCH, int(BATCH_SECONDS / mean),
                               2 * self.last))
        return self.last


def batches(game, todo, source, budget, sizer, tiers=False, cpu=False):
    """(game, [(deal, deck)], budget, tiers, cpu) tuples: solve_batch's
    arguments, made as they are asked for."""
    todo = iter(todo)
    while True:
        items, size = [], sizer.size()
        for deal in todo:
            items.append((deal, source.deck(deal)))
            if len(items) >= size:
                break
        if not items:
            return
        yield game, items, budget, tiers, cpu


class Counters:
    """What the run cost: batches, the workers' busy seconds and CPU
    seconds, peak memory of a worker (KiB)."""

    def __init__(self):
        self.batches, self.busy, self.cpu, self.maxrss = 0, 0.0, 0.0, 0
        self.workers = 0        # the most worker threads seen
        self.solved = 0         # deals solved (lines written) in this run


def run_rungs(game, source, tally, rungs, engine, appender=None,
              progress=None, counters=None, tiers=False, cpu=False):
    """Solve every deal of ``tally`` that needs it, rung after rung of the
    ladder (``rungs``: budgets in seconds, rising): the first rung takes
    the deals without a line, each next one the deals still undecided.
    Each batch's lines are appended to the results file as it arrives.
    ``progress(total, initial, desc)`` gives a bar (update, close).
    With ``tiers`` every line gets the deal's tier, and a winnable deal
    of the file without one is solved again for it.  With ``cpu`` the
    budgets are CPU seconds of a worker."""
    counters = counters if counters is not None else Counters()
    for k, budget in enumerate(rungs):
        left = tally.count_todo(budget, tiers)
        if k and not left:
            continue
        total = tally.count if k == 0 else left
        bar = progress(total, total - left,
                       "%g s budget" % budget) if progress else None
        try:
            if not left:
                continue
            sizer = Sizer()
            for records, busy, cpu, maxrss in engine.run(
                    batches(game, tally.todo(budget, tiers), source,
                            budget, sizer, tiers, cpu)):
                with _ctrl_c_held():    # the file and the tally agree
                    if appender is not None:
                        appender.write(records)
                    for rec in records:
                        tally.add(rec)
                        source.done(rec)
                sizer.observe(records, busy)
                counters.batches += 1
                counters.busy += busy
                counters.cpu += cpu
                counters.solved += len(records)
                counters.maxrss = max(counters.maxrss, maxrss)
                counters.workers = max(counters.workers, engine.workers())
                if bar:
                    bar.update(len(records))
        finally:
            if bar:
                bar.close()
    return counters


class _ctrl_c_held:
    """A Ctrl-C that comes inside the block is held until its end, so a
    batch is either in the results file and the tally or in neither."""

    def __enter__(self):
        self.pending = False
        self.old = signal.getsignal(signal.SIGINT)
        self.mine = self.old is signal.default_int_handler
        if self.mine:
            signal.signal(signal.SIGINT, self._hold)

    def _hold(self, signum, frame):
        self.pending = True

    def __exit__(self, *exc):
        if self.mine:
            signal.signal(signal.SIGINT, self.old)
            if self.pending and exc[0] is None:
                raise KeyboardInterrupt


# -- progress -----------------------------------------------------------------

def progress_bar(out=None):
    """A function making progress bars: tqdm's (rate and time left) when
    installed, else a line every 10 s."""
    out = sys.stderr if out is None else out
    if have_tqdm():
        from tqdm import tqdm

        def make(total, initial, desc):
            return tqdm(total=total, initial=initial, desc=desc,
                        unit=" deals", file=out, mininterval=0.5,
                        smoothing=0.05, dynamic_ncols=True)
        return make
    return lambda total, initial, desc: _PlainBar(total, initial, desc, out)


class _PlainBar:
    """Without tqdm: `desc: 1200/20000 deals, 57.1/s, 5.5 min left`."""

    def __init__(self, total, initial, desc, out, every=10.0):
        self.total, self.n, self.desc, self.out = total, initial, desc, out
        self.start_n, self.t0 = initial, time.monotonic()
        self.every, self.last = every, 0.0
        self._print()

    def update(self, n):
        self.n += n
        if time.monotonic() - self.last >= self.every:
            self._print()

    def _print(self):
        self.last = now = time.monotonic()
        rate = (self.n - self.start_n) / max(now - self.t0, 1e-9)
        left = ("%.1f min left" % ((self.total - self.n) / rate / 60)
                if rate > 0 else "time left unknown")
        print("%s: %d/%d deals, %.1f/s, %s" % (self.desc, self.n, self.total,
                                               rate, left),
              file=self.out, flush=True)

    def close(self):
        self._print()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What Dask's scheduling costs a study (issue 21: under 2% of the time).

1. The cost of one batch to the scheduler: empty batches through a local
   cluster of --jobs workers, as many in flight as a study keeps; the
   time per batch and worker.
2. The batches a study makes: the same deals run in batches sized as
   study_engine does it, and their mean solving time.
3. The overhead share: (1) over (2).  And end to end: the same deals on
   one Dask worker and in this process (the solving alone), in turn,
   --rounds times; their wall times (noisy on a shared machine: medians).

    .venv/bin/python bench/bench_study.py --deals 1000 --jobs 2
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from pysolfc_camelot import study  # noqa: E402
from pysolfc_camelot.study import engine as study_engine


def timed_run(engine, game, deals, source, budget=10.0):
    tally = study.Tally(deals[0], len(deals))
    counters = study_engine.Counters()
    t0 = time.perf_counter()
    study_engine.run_rungs(game, source, tally, [budget], engine,
                           counters=counters)
    return time.perf_counter() - t0, counters


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="camelot")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--first-deal", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--empty", type=int, default=400,
                   help="empty batches for the scheduler's cost")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    deals = list(range(args.first_deal, args.first_deal + args.deals))
    source = study_engine.DealDecks(args.game)

    engine = study_engine.DaskEngine(args.jobs)
    try:
        workers = engine.workers()
        empty = ((args.game, [], 1.0) for _ in range(args.empty))
        for _ in engine.run(((args.game, [], 1.0) for _ in range(20))):
            pass                                    # warm the workers
        t0 = time.perf_counter()
        n = sum(1 for _ in engine.run(empty))
        per_batch = (time.perf_counter() - t0) * workers / n
        wall, c = timed_run(engine, args.game, deals, source)
    finally:
        engine.close()
    mean_batch = c.busy / max(1, c.batches)
    print("scheduler: %.2f ms per batch and worker (%d empty batches, %d "
          "workers)" % (1000 * per_batch, n, workers))
    print("study batches: %d deals in %d batches, %.2f s of solving each "
          "(mean); wall %.1f s, workers busy %.0f%% of it"
          % (len(deals), c.batches, mean_batch, wall,
             100 * c.busy / (wall * workers)))
    print("overhead share: %.3f%% of the time (the scheduler's cost per "
          "batch over a batch's solving)" % (100 * per_batch / mean_batch))

    one, inline = [], []
    for _ in range(args.rounds):
        engine = study_engine.DaskEngine(1)
        try:
            for _ in engine.run(((args.game, [], 1.0) for _ in range(5))):
                pass
            one.append(timed_run(engine, args.game, deals, source)[0])
        finally:
            engine.close()
        inline.append(timed_run(study_engine.InlineEngine(), args.game,
                                deals, source)[0])
    a, b = statistics.median(one), statistics.median(inline)
    print("end to end, %d rounds: one Dask worker %.1f s (median; %s), "
          "this process %.1f s (%s): %+.1f%%"
          % (args.rounds, a, ", ".join("%.1f" % x for x in one), b,
             ", ".join("%.1f" % x for x in inline), 100 * (a - b) / b))
    return 0


if __name__ == "__main__":
    sys.exit(main())

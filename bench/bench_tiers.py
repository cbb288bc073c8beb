# SPDX-License-Identifier: GPL-3.0-or-later
"""How long winnable deals only takes to find a deal of each tier: the
screening job itself (pysol/winnable_deals.screen_job, the game's search
process), on PySolFC's random deal numbers drawn from a printed seed as
PySolFC draws them, each run cut at the budget (winnable_deals.
TIER_SECONDS) as the table cuts it.

    python3 bench/bench_tiers.py --game camelot --runs 5 --seed 1
    python3 bench/bench_tiers.py --game plot --tiers easy,hard

Prints one JSON line per run and then, per tier, the median and worst
seconds, the deals tried and how many runs found none in the budget.
Needs PySolFC's random module (make setup's .host).
"""
import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))

from pysolfc_camelot import games                          # noqa: E402
from pysolfc_camelot.pysol import background_search, winnable_deals  # noqa

MAX_SEED = 10 ** 20         # PySolFC's PysolRandom.MAX_SEED


def one_run(spec, tier, rng, server, budget):
    """Seconds until screen_job found a deal of ``tier`` (or the budget
    ran out), deals tried, the deal found."""
    search = (spec.search_worker, spec.new_game, spec.winnable_states)
    t0 = time.monotonic()
    tried = 0
    while True:
        seeds = [rng.randrange(winnable_deals.FIRST_SEED, MAX_SEED)
                 for _ in range(4)]
        left = budget - (time.monotonic() - t0)

        def stop():
            return time.monotonic() - t0 > budget
        found = winnable_deals.screen_job(seeds, spec.decks, search, server,
                                          tier, spec.name, [])(
            stop, lambda n: None)
        if found is None:               # the budget ran out mid-batch
            return time.monotonic() - t0, tried, None
        seed, n = found
        tried += n
        if seed is not None:
            return time.monotonic() - t0, tried, seed
        if left <= 0:
            return time.monotonic() - t0, tried, None


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=games.GAMES, default="camelot")
    p.add_argument("--tiers", default="any,easy,medium,hard")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--budget", type=float,
                   default=winnable_deals.TIER_SECONDS)
    args = p.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(10 ** 6)
    print("seed", seed, "budget", args.budget, "load", os.getloadavg(),
          flush=True)
    spec = games.spec(args.game)
    server = background_search.SearchServer(spec.search_worker.__name__)
    summary = {}
    try:
        for tier in args.tiers.split(","):
            rng = random.Random("%s|%s|%d" % (args.game, tier, seed))
            runs = []
            for _ in range(args.runs):
                seconds, tried, found = one_run(spec, tier, rng, server,
                                                args.budget)
                runs.append((seconds, tried, found))
                print(json.dumps({"game": args.game, "tier": tier,
                                  "seconds": round(seconds, 2),
                                  "tried": tried,
                                  "deal": found}), flush=True)
            secs = [r[0] for r in runs]
            summary[tier] = {
                "median": round(statistics.median(secs), 1),
                "worst": round(max(secs), 1),
                "tried_median": statistics.median(r[1] for r in runs),
                "none_in_budget": sum(1 for r in runs if r[2] is None),
                "runs": len(runs)}
    finally:
        server.close()
    print(json.dumps({"game": args.game, "seed": seed,
                      "load_after": os.getloadavg(), "summary": summary}))


if __name__ == "__main__":
    main()

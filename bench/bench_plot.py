"""Benchmark of The Plot's solver and hints (not a test; takes a while).

    python3 bench/bench_plot.py             # 1,000 fresh deals, seed printed
    python3 bench/bench_plot.py --seed S    # the same deals again
    python3 bench/bench_plot.py --quick     # 100 deals
    python3 bench/bench_plot.py --public    # the fixed public set

The deals are fresh random ones by default (see deal_source.py): the fair
hint was tuned on the public set, and figures a player reads should come
from deals the code was not tuned on.  bench/plot-deals-1000.txt is the
fixed public set of 1,000 random decks of The Plot, one per line (104
cards, first dealt first), for comparisons with earlier runs.  It was
generated once with
    solver_cli.random_decks(1000, 20260009, "plot")
i.e. random.Random(20260009).shuffle of the ordered double deck (card ids
0..51 twice, see cards.py), 1,000 times in a row (so also
``--seed 20260009``).

Sections:
 1. the solver over the deals (--jobs processes, --budget s per deal):
    decided share, per-deal times, states/s, peak memory per worker
    (ru_maxrss), winnable share with a 95% Wilson interval;
 2. win rates of the fair hint (the fair demo's policy), of the greedy
    baseline of the rules (RULES.md) and of the perfect demo (the solver's line,
    with the demo's budgets of plot/hintmode.py), each played to the end
    on every deal, with 95% Wilson intervals and the hint's time per move.
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import deal_source                                          # noqa: E402
from pysolfc_camelot.plot import (hintmode, hints, rules,   # noqa: E402
                                  solver)
from pysolfc_camelot.plot.notation import parse_deck        # noqa: E402
from pysolfc_camelot.solver_cli import (_maxrss, percentile,  # noqa: E402
                                        run_many, wilson)


def demo_move(position):
    """The perfect demo's move (its budgets are larger than a hint's)."""
    return hintmode.choose_move(position, "perfect", for_demo=True)


POLICIES = dict(hints.POLICIES, demo=demo_move)


def solve_job(job):
    deck, budget = job
    res = solver.solve(rules.Position.new_game(deck), budget_seconds=budget)
    return res.winnable, res.states, res.seconds, _maxrss()


def play_job(job):
    """Play a deal to the end with one policy: (won, moves, times of the
    policy's answers)."""
    deck, policy = job
    choose = POLICIES[policy]
    times = []

    def timed(pos):
        t0 = time.perf_counter()
        m = choose(pos)
        times.append(time.perf_counter() - t0)
        return m
    won, moves = hints.play_policy(deck, timed)
    return won, len(moves), times


def pct(k, n):
    lo, hi = wilson(k, n)
    return "%d / %d (%.1f%%, 95%% Wilson interval %.1f%% to %.1f%%)" % (
        k, n, 100.0 * k / n, 100 * lo, 100 * hi)


def ms(t):
    if t >= 1:
        return "%.2f s" % t
    return "%.0f ms" % (1000 * t) if t >= 0.01 else "%.2f ms" % (1000 * t)


def section_solver(decks, args):
    print("## 1. Solver: %d deals, %d jobs, budget %g s per deal"
          % (len(decks), args.jobs, args.budget), flush=True)
    t0 = time.perf_counter()
    res = run_many([(d, args.budget) for d in decks], args.jobs, solve_job)
    wall = time.perf_counter() - t0
    n = len(res)
    won = sum(1 for r in res if r[0] is True)
    lost = sum(1 for r in res if r[0] is False)
    und = n - won - lost
    times = sorted(r[2] for r in res)
    states = sum(r[1] for r in res)
    total = sum(times)
    lo, _ = wilson(won, n)
    _, hi = wilson(won + und, n)
    print("| measure | result |")
    print("|---|---|")
    print("| deals decided within %g s | %d / %d (%.1f%%) |"
          % (args.budget, won + lost, n, 100.0 * (won + lost) / n))
    print("| winnable / not winnable / undecided | %d / %d / %d |"
          % (won, lost, und))
    share = ("%.1f%%" % (100.0 * won / n)) if not und else \
        "%.1f%% to %.1f%%" % (100.0 * won / n, 100.0 * (won + und) / n)
    print("| winnable share (95%% Wilson interval%s) | %s (%.1f%% to"
          " %.1f%%) |" % (", undecided counted both ways" if und else "",
                          share, 100 * lo, 100 * hi))
    print("| time per deal: median / p90 / p99 / max | %s / %s / %s / %s |"
          % (ms(percentile(times, 50)), ms(percentile(times, 90)),
             ms(percentile(times, 99)), ms(times[-1])))
    print("| total solving time (%d jobs) | %.1f s (%.1f s wall) |"
          % (args.jobs, total, wall))
    print("| states per second | %s |" % format(int(states / total), ","))
    print("| peak memory per job | %.0f MB |"
          % (max(r[3] for r in res) / 1024))
    undecided = [i + 1 for i, r in enumerate(res) if r[0] is None]
    if undecided:
        print("\nundecided deals (numbers, from 1): %s"
              % " ".join(map(str, undecided)))
    print(flush=True)
    return res


def section_policies(decks, args):
    print("## 2. Policies played to the end on %d deals" % len(decks),
          flush=True)
    print("| policy | deals won |")
    print("|---|---|")
    all_times = {}
    for policy, name in (("hint", "fair hint (the fair demo)"),
                         ("greedy", "greedy: bank anything, reserve first,"
                          " then waste to tableau, then deal"),
                         ("demo", "perfect demo (reads the stock)")):
        if policy not in args.policies.split(","):
            continue
        res = run_many([(d, policy) for d in decks], args.jobs, play_job)
        won = sum(1 for r in res if r[0])
        print("| %s | %s |" % (name, pct(won, len(res))), flush=True)
        all_times[policy] = sorted(t for r in res for t in r[2])
    t = all_times.get("hint")
    if t:
        print("\nfair hint time per move: median %s, p99 %s, max %s"
              % (ms(percentile(t, 50)), ms(percentile(t, 99)), ms(t[-1])))
    print(flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    deal_source.add_options(ap)
    ap.add_argument("--quick", action="store_true", help="100 deals")
    ap.add_argument("--policies", default="hint,greedy,demo",
                    help="of %s" % ",".join(POLICIES))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--only", choices=("solver", "policies"),
                    help="run one section")
    args = ap.parse_args(argv)
    if not set(args.policies.split(",")) <= set(POLICIES):
        ap.error("--policies: of %s" % ",".join(POLICIES))
    if args.quick and args.deals is None:
        args.deals = 100
    decks, which = deal_source.choose(args, "plot", parse_deck)
    print("# The Plot benchmark: Python %s, %s"
          % (sys.version.split()[0], time.strftime("%Y-%m-%d")))
    print()
    print(which)
    print()
    if args.only in (None, "solver"):
        section_solver(decks, args)
    if args.only in (None, "policies"):
        section_policies(decks, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of the Camelot solver and hints (not a test; takes a while).

    python3 bench/bench.py             # 1,000 fresh deals, seed printed
    python3 bench/bench.py --seed S    # the same deals again
    python3 bench/bench.py --quick     # 100 deals, a few minutes
    python3 bench/bench.py --public    # the fixed public set
    python3 bench/bench.py --deals 100000 --baseline-deals 10000 \
        --skip 2,3,4                   # the speed-up and a long tail

The deals are fresh random ones by default (see deal_source.py): figures
a player reads should come from deals the code was not tuned on.
bench/deals-1000.txt is the fixed public set of 1,000 random decks, one
per line, first card dealt first, for comparisons with earlier runs.  It
was generated once with
    solver_cli.random_decks(1000, 20260004)
i.e. random.Random(20260004).shuffle of the ordered deck (card ids 0..51,
see cards.py), 1,000 times in a row (so also ``--seed 20260004``).

Sections:
 1. the solver over the deals (--jobs processes, --budget s per deal)
    and, interleaved on the same deals, the frozen baseline
    (bench/baseline_camelot/, see speedup.py): decided share, per-deal
    times (wall and CPU: the machine may be shared), states/s, peak
    memory per worker, winnable share with a 95% Wilson interval; the
    tail (the slowest deals, the share over 1 s and 2 s); both solvers'
    means and medians with 95% intervals, the speed-up (ratio of means
    with a paired bootstrap interval, median per-deal ratio) and the
    verdicts compared deal by deal (a mismatch fails the run).
    --baseline-deals K compares on the first K only, e.g. a tail over
    100,000 deals with the speed-up from 10,000 of them;
 2. every deal left undecided, solved again without a budget;
 3. the plain search (same canonical states, no pruning) against the
    solver on a sample, with state and time ratios;
 4. win rates of the fair hint (also the fair demo's policy), the greedy
    baseline, the perfect hint and the perfect demo (the perfect hint with
    the demo's budget, camelot/hintmode.py) played to the end on the
    first --games deals, with 95% Wilson intervals and hint times.
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import deal_source                                          # noqa: E402
import speedup                                              # noqa: E402
from pysolfc_camelot.camelot import (hint_modes as hintmode, hints, perfect,
                                     rules, solver)
from pysolfc_camelot.core.cards import parse_deck  # noqa: E402
from pysolfc_camelot.cli.solve import percentile, run_many, wilson
from pysolfc_camelot.study.engine import peak_rss_kib


def demo_move(position):
    """The perfect demo's move (its budget is larger than a hint's)."""
    return hintmode.choose_move(position, "perfect", for_demo=True)


POLICIES = {"fair": hints.fair_move, "greedy": hints.greedy_move,
            "perfect": perfect.perfect_move, "demo": demo_move}


def solve_job(job):
    deck, budget, plain = job
    f = solver.plain_solve if plain else solver.solve
    cpu = time.process_time()
    res = f(rules.Position.new_game(deck), budget_seconds=budget)
    return (res.winnable, res.states, res.seconds, peak_rss_kib(),
            time.process_time() - cpu)


def play_job(job):
    """Play a deal to the end with one policy; returns (won, score,
    hint times of the moves that had a choice)."""
    deck, policy = job
    pos = rules.Position.new_game(deck)
    choose = POLICIES[policy]
    times = []
    while True:
        moves = pos.legal_moves()
        if not moves:
            break
        t0 = time.perf_counter()
        move = choose(pos)
        if len(moves) > 1:
            times.append(time.perf_counter() - t0)
        pos.play(move)
    return pos.is_won(), pos.score, times


def fmt_times(ts):
    ts = sorted(ts)
    return ("median %.4f s, p90 %.4f s, p99 %.4f s, max %.3f s"
            % (percentile(ts, 50), percentile(ts, 90), percentile(ts, 99),
               ts[-1] if ts else 0.0))


def section_undecided(decks, res, args):
    und = [i for i, r in enumerate(res) if r[0] is None]
    print("\n== 2. undecided deals solved without a budget%s: %d"
          % (" (cap %g s)" % args.cap if args.cap else "", len(und)))
    for i in und:
        r = solve_job((decks[i], args.cap, False))
        print("deal %d (number %d): %s, %d states, %.1f s"
              % (i, i + 1, {True: "winnable", False: "not winnable",
                            None: "still undecided at the cap"}[r[0]],
                 r[1], r[2]), flush=True)


def section_plain(decks, args):
    sample = decks[:args.sample]
    print("\n== 3. plain search vs solver on %d deals (plain budget %g s)"
          % (len(sample), args.plain_budget))
    fast = run_many([(d, None, False) for d in sample], args.jobs, solve_job)
    plain = run_many([(d, args.plain_budget, True) for d in sample],
                     args.jobs, solve_job)
    sr, tr = [], []
    for i, (f, p) in enumerate(zip(fast, plain)):
        if p[0] is not None and p[0] != f[0]:
            print("MISMATCH on deal %d: plain %s, solver %s" % (i, p[0], f[0]))
        sr.append(p[1] / max(1, f[1]))
        tr.append(p[2] / max(1e-6, f[2]))
        if args.verbose:
            print("deal %3d: %-5s solver %8d states %7.3f s | plain %-5s"
                  " %9d states %7.3f s" % (i, f[0], f[1], f[2], p[0], p[1],
                                           p[2]))
    cut = sum(p[0] is None for p in plain)
    print("plain undecided at its budget: %d (their ratios are lower"
          " bounds)" % cut)
    print("states: solver %d, plain %d%s: ratio %.1fx overall, median %.1fx"
          % (sum(f[1] for f in fast), sum(p[1] for p in plain),
             "+" if cut else "", sum(p[1] for p in plain) /
             max(1, sum(f[1] for f in fast)), statistics.median(sr)))
    print("time: solver %.2f s, plain %.2f s%s: ratio %.1fx overall,"
          " median %.1fx" % (sum(f[2] for f in fast), sum(p[2] for p in plain),
                             "+" if cut else "", sum(p[2] for p in plain) /
                             max(1e-6, sum(f[2] for f in fast)),
                             statistics.median(tr)))


def section_policies(decks, args):
    games = decks[:args.games]
    print("\n== 4. policies played to the end on %d deals" % len(games))
    for policy in args.policies.split(","):
        t0 = time.perf_counter()
        res = run_many([(d, policy) for d in games], args.jobs, play_job)
        won = sum(r[0] for r in res)
        lo, hi = wilson(won, len(res))
        ts = [t for r in res for t in r[2]]
        print("%-7s wins %d/%d = %.1f%% (95%% %.1f%% .. %.1f%%), mean score"
              " %.1f; hint times: %s; %.0f s wall"
              % (policy, won, len(res), 100 * won / len(res), 100 * lo,
                 100 * hi, statistics.mean(r[1] for r in res),
                 fmt_times(ts), time.perf_counter() - t0), flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="100 deals, plain sample 10, 20 games")
    deal_source.add_options(ap)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--baseline-deals", type=int, metavar="K",
                    help="compare with the baseline on the first K deals"
                    " only (default: all; 0: none); the tail is over all")
    ap.add_argument("--slowest", type=int, default=10,
                    help="how many of the slowest deals to list")
    ap.add_argument("--resamples", type=int, default=1000,
                    help="bootstrap resamples for the speed-up's interval")
    ap.add_argument("--cap", type=float, default=None,
                    help="time cap for section 2 (default: none)")
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--plain-budget", type=float, default=30.0)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--policies", default="fair,greedy,perfect,demo",
                    help="of %s" % ",".join(POLICIES))
    ap.add_argument("--skip", default="", help="sections to skip, e.g. 3,4")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals = args.deals or 100
        args.sample = min(args.sample, 10)
        args.plain_budget = min(args.plain_budget, 10.0)
        args.games = min(args.games, 20)
        args.cap = args.cap or 120.0
    if not set(args.policies.split(",")) <= set(POLICIES):
        ap.error("--policies: of %s" % ",".join(POLICIES))
    decks, which = deal_source.choose(args, "camelot", parse_deck)
    skip = set(args.skip.split(","))
    print("Camelot benchmark: %s, %d cores, python %s"
          % (time.strftime("%Y-%m-%d %H:%M"), os.cpu_count(),
             sys.version.split()[0]))
    print(which, flush=True)
    mismatches = 0
    if "1" not in skip:
        res, mismatches = speedup.section_solver(decks, args)
        if "2" not in skip:
            section_undecided(decks, res, args)
    if "3" not in skip:
        section_plain(decks, args)
    if "4" not in skip:
        section_policies(decks, args)
    if mismatches:
        print("FAILED: %d deals where the current solver and the baseline"
              " disagree" % mismatches)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

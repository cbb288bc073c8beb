# SPDX-License-Identifier: GPL-3.0-or-later
"""Section 1 of bench.py: the Camelot solver against its frozen baseline
(bench/baseline_camelot/) on the same deals in one run, and the tail.

Each worker solves a deal with both solvers one after the other, the
order alternating from deal to deal, so that both see the same load of a
shared machine.  Reported: the current solver's decided share, times and
states; both solvers' medians and means with 95% intervals; the speed-up
as the ratio of the mean times (a paired bootstrap over the deals gives
its interval) and as the median of the per-deal ratios (interval from
the order statistics); the slowest deals and the share over 1 s (Wilson
interval); and every deal where the two verdicts differ (the solvers are
exact, so any such deal is a bug in one of them: the run then fails)."""
import math
import os
import random
import statistics
import time

from baseline_camelot import solver as baseline
from pysolfc_camelot.camelot import rules, solver
from pysolfc_camelot.cli.solve import percentile, run_many, wilson
from pysolfc_camelot.study.engine import peak_rss_kib

VERDICT = {True: "winnable", False: "not winnable", None: "undecided"}


def _timed(solve, deck, budget):
    cpu = time.process_time()
    t0 = time.perf_counter()
    res = solve(rules.Position.new_game(deck), budget_seconds=budget)
    return (res.winnable, res.states, time.perf_counter() - t0,
            time.process_time() - cpu)


def compare_job(job):
    """(deck, budget, with_baseline, baseline_first) -> (current's
    (winnable, states, seconds, cpu), the baseline's or None, maxrss)."""
    deck, budget, with_baseline, baseline_first = job
    base = None
    if with_baseline and baseline_first:
        base = _timed(baseline.solve, deck, budget)
    new = _timed(solver.solve, deck, budget)
    if with_baseline and not baseline_first:
        base = _timed(baseline.solve, deck, budget)
    return new, base, peak_rss_kib()


def mean_interval(xs):
    """Mean and its 95% interval (normal approximation: the deals are many)."""
    m = statistics.fmean(xs)
    half = 1.959964 * statistics.stdev(xs) / math.sqrt(len(xs)) \
        if len(xs) > 1 else float("nan")
    return m, m - half, m + half


def median_interval(xs):
    """Median and a distribution-free 95% interval from the order
    statistics (ranks n/2 -+ 1.96 sqrt(n)/2)."""
    s = sorted(xs)
    n = len(s)
    half = 1.959964 * math.sqrt(n) / 2
    lo = max(0, int(math.floor(n / 2 - half)))
    hi = min(n - 1, int(math.ceil(n / 2 + half)))
    return statistics.median(s), s[lo], s[hi]


def bootstrap_ratio(base, new, resamples, seed):
    """Ratio of the mean times (baseline / current) and its 95% paired
    bootstrap percentile interval (deals resampled with replacement)."""
    rng = random.Random(seed)
    n = len(base)
    idx = range(n)
    ratios = []
    for _ in range(resamples):
        pick = rng.choices(idx, k=n)
        b = sum([base[i] for i in pick])
        c = sum([new[i] for i in pick])
        ratios.append(b / c)
    ratios.sort()
    return (sum(base) / sum(new), ratios[int(0.025 * resamples)],
            ratios[int(0.975 * resamples) - 1])


def fmt_times(ts):
    ts = sorted(ts)
    return ("median %.4f s, p90 %.4f s, p99 %.4f s, p99.9 %.4f s, max %.3f s"
            % (percentile(ts, 50), percentile(ts, 90), percentile(ts, 99),
               percentile(ts, 99.9), ts[-1] if ts else 0.0))


def section_solver(decks, args):
    n = len(decks)
    k = n if args.baseline_deals is None else min(n, args.baseline_deals)
    print("== 1. solver: %d deals, %d jobs, budget %g s per deal; against the"
          " baseline (bench/baseline_camelot) on the first %d, interleaved"
          % (n, args.jobs, args.budget, k), flush=True)
    t0 = time.perf_counter()
    res = run_many([(d, args.budget, i < k, i % 2 == 1)
                    for i, d in enumerate(decks)], args.jobs, compare_job)
    wall = time.perf_counter() - t0
    new = [r[0] for r in res]
    won = sum(r[0] is True for r in new)
    lost = sum(r[0] is False for r in new)
    und = n - won - lost
    secs = [r[2] for r in new]
    cpus = [r[3] for r in new]
    print("decided %d/%d = %.1f%% (winnable %d, not winnable %d,"
          " undecided %d); %.1f s wall for the run"
          % (won + lost, n, 100 * (won + lost) / n, won, lost, und, wall))
    print("time per deal: %s" % fmt_times(secs))
    print("cpu time per deal: %s" % fmt_times(cpus))
    states = sum(r[1] for r in new)
    print("states: %d, %.0f states/s; peak memory per worker %.0f MB"
          % (states, states / max(1e-9, sum(secs)),
             max(r[2] for r in res) / 1024))
    lo, _ = wilson(won, n)
    _, hi = wilson(won + und, n)
    print("winnable share %.1f%%%s, 95%% interval %.1f%% .. %.1f%%"
          % (100 * won / n,
             " .. %.1f%%" % (100 * (won + und) / n) if und else "",
             100 * lo, 100 * hi))
    tail(decks, new, args)
    mismatches = 0
    if k:
        mismatches = versus_baseline(res[:k], args)
    try:
        print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())
    except OSError:
        pass
    return [(r[0], r[1], r[2], 0, r[3]) for r in new], mismatches


def tail(decks, new, args):
    n = len(new)
    secs = [r[2] for r in new]
    slow = sorted(range(n), key=lambda i: -secs[i])[:args.slowest]
    print("slowest deals (index from 0, seconds, cpu seconds, states):")
    for i in slow:
        print("  deal %d: %s, %.3f s, cpu %.3f s, %d states"
              % (i, VERDICT[new[i][0]], secs[i], new[i][3], new[i][1]))
    for limit in (1.0, 2.0):
        over = sum(s > limit for s in secs)
        over_cpu = sum(r[3] > limit for r in new)
        lo, hi = wilson(over, n)
        print("over %g s: %d of %d (%.3f%%, 95%% interval %.3f%% .. %.3f%%);"
              " in cpu time: %d" % (limit, over, n, 100 * over / n, 100 * lo,
                                    100 * hi, over_cpu))


def versus_baseline(res, args):
    k = len(res)
    new = [r[0][2] for r in res]
    base = [r[1][2] for r in res]
    print("-- against the baseline on %d deals (times in seconds):" % k)
    for name, ts in (("baseline", base), ("current", new)):
        m, mlo, mhi = mean_interval(ts)
        md, dlo, dhi = median_interval(ts)
        print("%-8s mean %.5f (95%% %.5f .. %.5f), median %.5f (95%% %.5f"
              " .. %.5f), total %.1f, max %.3f"
              % (name, m, mlo, mhi, md, dlo, dhi, sum(ts), max(ts)))
    ratio, rlo, rhi = bootstrap_ratio(base, new, args.resamples, args.seed
                                      or 0)
    print("speed-up, ratio of mean times: %.2fx (95%% paired bootstrap, %d"
          " resamples: %.2fx .. %.2fx)" % (ratio, args.resamples, rlo, rhi))
    per = [b / max(c, 1e-9) for b, c in zip(base, new)]
    md, dlo, dhi = median_interval(per)
    logs = [math.log(x) for x in per]
    g, glo, ghi = mean_interval(logs)
    print("speed-up per deal: median %.2fx (95%% %.2fx .. %.2fx), geometric"
          " mean %.2fx (95%% %.2fx .. %.2fx)"
          % (md, dlo, dhi, math.exp(g), math.exp(glo), math.exp(ghi)))
    cpu_ratio = sum(r[1][3] for r in res) / sum(r[0][3] for r in res)
    print("speed-up in cpu time, ratio of means: %.2fx" % cpu_ratio)
    slow = max(range(k), key=lambda i: base[i])
    print("baseline's slowest deal: %d, %.3f s (current %.3f s); baseline"
          " over 1 s: %d" % (slow, base[slow], new[slow],
                             sum(b > 1 for b in base)))
    mismatches = 0
    for i, r in enumerate(res):
        a, b = r[0][0], r[1][0]
        if a is not None and b is not None and a != b:
            mismatches += 1
            print("VERDICT MISMATCH on deal %d: current %s, baseline %s"
                  % (i, VERDICT[a], VERDICT[b]))
    both = sum(r[0][0] is not None and r[1][0] is not None for r in res)
    print("verdicts agree on %d of %d deals decided by both"
          % (both - mismatches, both))
    return mismatches

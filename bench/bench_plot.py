# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark of The Plot's solver and hints (not a test; takes a while).

    python3 bench/bench_plot.py             # 1,000 fresh deals, seed printed
    python3 bench/bench_plot.py --seed S    # the same deals again
    python3 bench/bench_plot.py --quick     # 100 deals
    python3 bench/bench_plot.py --public    # the fixed public set
    python3 bench/bench_plot.py --only solver --deals 2000 --ladder 100,1000
    python3 bench/bench_plot.py --only solver --deals 10000 --seed S --cpu \
        --results F                     # CPU budgets, resumable

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
 1. the solver over the deals (--jobs processes, --budget s per deal),
    the current one against the frozen baseline of bench/baseline_plot
    (the solver as it was at the commit named there) on the same deals,
    interleaved: decided and undecided shares with 95% Wilson intervals,
    mean and median times, states/s, peak memory per worker (ru_maxrss),
    winnable share (undecided counted both ways), any verdict that
    differs (an exact solver never changes one: a bug), the tail (the
    --tail slowest deals, their times, verdicts and states) and, with
    --ladder, the deals left undecided rerun with larger budgets, each
    rung's yield, and those left at the end named with their states;
 2. win rates of the fair hint (the fair demo's policy), of the greedy
    baseline of the rules (RULES.md) and of the perfect demo (the
    solver's line, with the demo's budgets of plot/hintmode.py), each
    played to the end on every deal, with 95% Wilson intervals and the
    hint's time per move.
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import baseline_plot                                        # noqa: E402
import deal_source                                          # noqa: E402
from pysolfc_camelot.plot import hint_modes as hintmode, hints, rules, solver
from pysolfc_camelot.plot.notation import parse_deck  # noqa: E402
from pysolfc_camelot.cli.solve import percentile, run_many, wilson
from pysolfc_camelot.study.engine import peak_rss_kib


def demo_move(position):
    """The perfect demo's move (its budgets are larger than a hint's)."""
    return hintmode.choose_move(position, "perfect", for_demo=True)


POLICIES = dict(hints.POLICIES, demo=demo_move)


def solve_job(job):
    """Solve one deal with the current solver ("new") or the frozen
    baseline ("old"): (winnable, states, seconds, maxrss).  With a fourth
    item True the budget is CPU seconds of this process (through the
    solvers' should_stop), so that a loaded machine does not change what
    a budget means; with a fifth, (FILE, deal index), the result is also
    appended to FILE as a JSON line (see --results)."""
    deck, budget = job[:2]
    which = job[2] if len(job) > 2 else "new"
    cpu = len(job) > 3 and job[3]
    kw = {"budget_seconds": budget}
    if cpu:
        start = time.process_time()
        kw = {"should_stop": lambda: time.process_time() - start >= budget}
    if which == "old":
        res = baseline_plot.solve(baseline_plot.Position.new_game(deck), **kw)
    else:
        res = solver.solve(rules.Position.new_game(deck), **kw)
    out = (res.winnable, res.states, res.seconds, peak_rss_kib())
    if len(job) > 4:
        path, index = job[4]
        with open(path, "a") as f:
            f.write(json.dumps({"deal": index + 1, "solver": which,
                                "winnable": res.winnable,
                                "states": res.states,
                                "seconds": round(res.seconds, 4),
                                "budget": budget, "cpu": bool(cpu),
                                "maxrss": out[3]}) + "\n")
    return out


def _done(path, budget, cpu):
    """(deal index, solver) -> result of the lines of a --results file
    made with the same budget (a torn last line is ignored)."""
    done = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    d = json.loads(line)
                except ValueError:
                    continue
                if d["budget"] == budget and d["cpu"] == cpu:
                    done[(d["deal"] - 1, d["solver"])] = (
                        d["winnable"], d["states"], d["seconds"],
                        d["maxrss"])
    return done


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
    """Both solvers on the same deals, interleaved (old, new, old, ...)
    so that a change in the machine's load hits both alike."""
    which = ("old", "new") if args.baseline else ("new",)
    print("## 1. Solver: %d deals, %d jobs, budget %g s per deal%s"
          % (len(decks), args.jobs, args.budget,
             "; old = bench/baseline_plot (commit %s), new = the current"
             " solver, interleaved" % baseline_plot.COMMIT
             if args.baseline else ""), flush=True)
    if args.cpu:
        print("budgets in CPU seconds of each job's process (--cpu)")
    t0 = time.perf_counter()
    done = _done(args.results, args.budget, args.cpu)
    jobs = [(d, args.budget, w, args.cpu, (args.results, i))
            for i, d in enumerate(decks) for w in which]
    todo = [j for j in jobs if (j[4][1], j[2]) not in done]
    if done:
        print("%d results read from %s" % (len(jobs) - len(todo),
                                           args.results))
    if not args.results:
        todo = [j[:4] for j in todo]
    got = iter(run_many(todo, args.jobs, solve_job))
    flat = [done[(j[4][1], j[2])] if (j[4][1], j[2]) in done else next(got)
            for j in jobs]
    wall = time.perf_counter() - t0
    res = {w: flat[i::len(which)] for i, w in enumerate(which)}
    n = len(decks)
    print("| measure | %s |" % " | ".join(which))
    print("|---|%s" % ("---|" * len(which)))

    def row(name, f):
        print("| %s | %s |" % (name, " | ".join(f(res[w]) for w in which)))

    def decided(r):
        k = sum(1 for x in r if x[0] is not None)
        lo, hi = wilson(k, n)
        return "%d / %d (%.2f%%, %.2f%% to %.2f%%)" % (
            k, n, 100.0 * k / n, 100 * lo, 100 * hi)

    def undecided(r):
        k = sum(1 for x in r if x[0] is None)
        lo, hi = wilson(k, n)
        return "%d (%.2f%%, %.2f%% to %.2f%%)" % (
            k, 100.0 * k / n, 100 * lo, 100 * hi)

    def share(r):
        won = sum(1 for x in r if x[0] is True)
        und = sum(1 for x in r if x[0] is None)
        lo, _ = wilson(won, n)
        _, hi = wilson(won + und, n)
        return "%d / %d / %d, %.1f%% to %.1f%%" % (
            won, sum(1 for x in r if x[0] is False), und, 100 * lo, 100 * hi)

    def times(r):
        return sorted(x[2] for x in r)

    row("decided within %g s (95%% Wilson interval)" % args.budget, decided)
    row("undecided within %g s (95%% Wilson interval)" % args.budget,
        undecided)
    row("winnable / lost / undecided, winnable share (95% Wilson,"
        " undecided counted both ways)", share)
    row("time per deal: mean / median", lambda r: "%s / %s" % (
        ms(sum(times(r)) / n), ms(percentile(times(r), 50))))
    row("time per deal: p90 / p99 / max", lambda r: "%s / %s / %s" % (
        ms(percentile(times(r), 90)), ms(percentile(times(r), 99)),
        ms(times(r)[-1])))
    row("states per second", lambda r: format(
        int(sum(x[1] for x in r) / max(1e-9, sum(times(r)))), ","))
    row("peak memory per job", lambda r: "%.0f MB"
        % (max(x[3] for x in r) / 1024))
    print("\nwall time %.1f s (%d jobs)" % (wall, args.jobs))
    if args.baseline:
        differ = [i + 1 for i in range(n)
                  if None not in (res["old"][i][0], res["new"][i][0])
                  and res["old"][i][0] != res["new"][i][0]]
        print("verdicts that differ where both decide: %s"
              % (" ".join(map(str, differ)) if differ else "none"))
        if differ:
            print("ERROR: an exact solver changed a verdict (a bug)")
    _tail(res, which, n, args)
    undecided_deals = [i for i in range(n) if res[which[-1]][i][0] is None]
    if undecided_deals and args.ladder:
        _ladder(decks, undecided_deals, args)
    print(flush=True)
    return res[which[-1]]


def _verdict(x):
    return {True: "won", False: "lost", None: "undecided"}[x[0]]


def _tail(res, which, n, args):
    """The slowest deals (by the slower of the solvers) and their times."""
    slow = sorted(range(n), key=lambda i: -max(res[w][i][2] for w in which))
    print("\nthe tail: the %d slowest deals (numbers from 1)"
          % min(args.tail, n))
    print("| deal | %s |" % " | ".join(which))
    print("|---|%s" % ("---|" * len(which)))
    for i in slow[:args.tail]:
        print("| %d | %s |" % (i + 1, " | ".join(
            "%s, %s, %s states" % (ms(res[w][i][2]), _verdict(res[w][i]),
                                   format(res[w][i][1], ","))
            for w in which)))


def _ladder(decks, left, args):
    """Rerun the deals the current solver left undecided with larger
    budgets, one rung after another; name those left at the end."""
    print("\nbudget ladder (current solver), %d deals undecided within %g s"
          % (len(left), args.budget))
    for budget in args.ladder:
        out = run_many([(decks[i], budget) for i in left], args.jobs,
                       solve_job)
        won = sum(1 for r in out if r[0] is True)
        lost = sum(1 for r in out if r[0] is False)
        print("- %g s: %d of %d decided (%d won, %d lost)"
              % (budget, won + lost, len(out), won, lost), flush=True)
        last = [(i, r) for i, r in zip(left, out) if r[0] is None]
        left = [i for i, _ in last]
        if not left:
            break
    for i, r in (last if left else ()):
        print("  left undecided: deal %d (%s states in %s)"
              % (i + 1, format(r[1], ","), ms(r[2])))


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


def _budgets(text):
    return [float(x) for x in text.split(",") if x.strip()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    deal_source.add_options(ap)
    ap.add_argument("--quick", action="store_true", help="100 deals")
    ap.add_argument("--policies", default="hint,greedy,demo",
                    help="of %s" % ",".join(POLICIES))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--tail", type=int, default=10, metavar="K",
                    help="list the K slowest deals (default 10)")
    ap.add_argument("--ladder", type=_budgets, default=[], metavar="S,..",
                    help="rerun the deals left undecided with these"
                    " budgets in turn, e.g. 100,1000")
    ap.add_argument("--cpu", action="store_true",
                    help="budgets in CPU seconds, not wall seconds")
    ap.add_argument("--results", metavar="FILE",
                    help="append each solver result to FILE (JSON lines)"
                    " and skip those FILE already holds (resume)")
    ap.add_argument("--no-baseline", dest="baseline", action="store_false",
                    help="the current solver only, not the frozen baseline")
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

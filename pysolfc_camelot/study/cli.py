# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``stats`` command: a study of consecutive PySolFC deals (or of
random decks from a seed), its results file, its budget ladder, its
summary, and ``--check`` of a results file (docs/study.md).  The
bookkeeping is study.py's, the solving study/engine.py's."""
import json
import os
import random
import shlex
import sys
import time

from .. import games, study
from . import engine as study_engine

DEFAULT_BUDGET = 10.0


def add_options(p):
    games.add_game_option(p)
    p.add_argument("--deals", type=int, metavar="N",
                   help="how many deals to solve: PySolFC's deal numbers "
                   "D .. D+N-1 (or N random decks with --seed)")
    p.add_argument("--first-deal", type=int, metavar="D",
                   help="the first PySolFC deal number (default 1)")
    p.add_argument("--seed", type=int, metavar="S",
                   help="solve random decks instead: random.Random(S) "
                   "shuffles, the same seed the same decks (not with "
                   "--results); with --check, the seed of the sample")
    p.add_argument("--results", metavar="FILE",
                   help="append one JSON line per deal to FILE as it is "
                   "solved (a new file unless --resume)")
    p.add_argument("--resume", action="store_true",
                   help="continue FILE: deals already in it are skipped, a "
                   "torn last line is cut off and its deal solved again")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, metavar="J",
                       help="solve in J processes at once on this machine "
                       "(a local Dask cluster of J workers; default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="solve on the running Dask cluster whose "
                       "scheduler is at ADDRESS, e.g. tcp://10.0.0.1:8786")
    # games.budget_seconds refuses 0, negatives and nan as solve and
    # analyse do.
    p.add_argument("--budget", type=games.budget_seconds,
                   metavar="SECONDS",
                   help="give up on a deal after this long (default %g); "
                   "undecided deals count both ways in the interval"
                   % DEFAULT_BUDGET)
    p.add_argument("--ladder", metavar="S2,S3,...",
                   help="solve the deals still undecided again with these "
                   "budgets in seconds, one after the other, e.g. 100,1000")
    p.add_argument("--cpu", action="store_true",
                   help="count --budget and --ladder in CPU seconds of the "
                   "worker, not wall seconds: the same work per deal on a "
                   "machine busy with other things")
    p.add_argument("--tier", action="store_true",
                   help="also give each deal its tier (easy: today's fair "
                   "hint wins it; medium: the strong fair player does; "
                   "hard: winnable only knowing the hidden cards; lost), "
                   "in its results line and the summary; it plays every "
                   "winnable deal twice, so it takes far longer")
    p.add_argument("--check", metavar="FILE",
                   help="solve a random sample of FILE's deals again (at "
                   "each one's budget) and compare; exit 1 on a "
                   "contradiction")
    p.add_argument("--sample", type=int, default=100, metavar="K",
                   help="with --check: how many deals (default 100)")
    p.add_argument("--json", action="store_true",
                   help="print the summary as one JSON object")


# Undecided deals named in the printed summary (--json lists them all).
SHOWN_LEFT = 100


class Refused(Exception):
    """Options that do not go together: a message, exit status 2."""


def _check_options(args):
    if args.check:
        if args.results or args.resume or args.deals is not None:
            raise Refused("--check FILE takes no --deals, --results or "
                          "--resume")
        if args.sample <= 0:
            raise Refused("--sample must be positive")
    elif args.deals is None:
        raise Refused("--deals N is needed (or --check FILE)")
    elif args.deals <= 0:
        raise Refused("--deals must be positive")
    if args.jobs is not None and args.jobs <= 0:
        raise Refused("--jobs must be positive")
    if args.budget is not None and not args.budget > 0:
        raise Refused("--budget must be positive seconds")
    if args.first_deal is not None and args.first_deal < 1:
        raise Refused("--first-deal must be 1 or more (PySolFC's deal "
                      "numbers start at 1)")
    if args.seed is not None and not args.check and (
            args.results or args.first_deal is not None):
        raise Refused("--seed solves random decks, which have no deal "
                      "numbers: it takes no --results or --first-deal "
                      "(leave --seed out to study deal numbers)")
    if args.resume and not args.results:
        raise Refused("--resume needs --results FILE")
    rungs = [args.budget or DEFAULT_BUDGET]
    if args.ladder:
        try:
            rungs += study.parse_ladder(args.ladder)
        except ValueError as e:
            raise Refused(str(e))
        if any(b <= a for a, b in zip(rungs, rungs[1:])):
            raise Refused("--ladder budgets must rise, each above --budget "
                          "(%g s)" % rungs[0])
    if args.results and not args.resume and os.path.exists(args.results) \
            and os.path.getsize(args.results):
        raise Refused("%s already holds results: pass --resume to continue "
                      "it, or name a new file" % args.results)
    if args.results and str(args.results).endswith((".xz", ".gz")):
        raise Refused("--results writes a plain file; compress it when the "
                      "study is done (docs/study.md)")
    return rungs


def cmd_stats(args):
    try:
        rungs = _check_options(args)
    except Refused as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    game = args.game or games.DEFAULT
    if args.check:
        return _cmd_check(args, game)
    seed = args.seed
    first = 1 if seed is not None or args.first_deal is None \
        else args.first_deal
    tally = study.Tally(first, args.deals)
    try:
        if seed is not None:
            source = study_engine.SeedDecks(game, seed)
        else:
            source = _deal_decks(game, first)
        if args.resume and os.path.exists(args.results):
            torn = study.torn_tail(args.results)
            for rec in study.read(args.results, repair=True):
                tally.add(rec)
            if torn:
                print("%s: cut off a torn last line (%d bytes); its deal is "
                      "solved again" % (args.results, len(torn)),
                      file=sys.stderr)
    except (study.ResultsError, OSError, ValueError, ImportError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    progress = study_engine.progress_bar()
    bar = progress(args.deals, tally.counts()[0], "starting")
    t0 = time.perf_counter()
    counters = study_engine.Counters()
    engine = appender = None
    interrupted, failed = False, None
    try:
        tiers = bool(getattr(args, "tier", False))
        if any(tally.count_todo(b, tiers) for b in rungs):  # else no cluster
            try:
                engine = study_engine.make_engine(args.jobs or 1,
                                                  args.scheduler)
            except (RuntimeError, OSError) as e:    # e.g. no scheduler there
                bar.close()
                print("error: %s" % e, file=sys.stderr)
                return 2
            counters.workers = engine.workers()
        bar.close()
        if args.results:
            appender = study.Appender(args.results)
        if engine:
            study_engine.run_rungs(game, source, tally, rungs, engine,
                                   appender, progress, counters, tiers,
                                   bool(getattr(args, "cpu", False)))
    except KeyboardInterrupt:
        interrupted = True
    except Exception as e:              # e.g. a batch's workers all died
        failed = e
    finally:
        if appender:
            appender.close()
        if engine:
            try:
                engine.close()
            except KeyboardInterrupt:
                pass
    summary = _summary(tally, rungs, seed, time.perf_counter() - t0,
                       counters, engine, args)
    if interrupted or failed:
        print("\n%s: %d of %d deals solved so far" % (
            "interrupted" if interrupted else "error: %s: %s" % (
                type(failed).__name__, failed),
            summary["deals"], args.deals), file=sys.stderr)
    _print_summary(summary, args, rungs)
    if interrupted or failed:
        if args.results:
            print("resume with: %s" % resume_command(args), file=sys.stderr)
        else:
            print("(pass --results FILE to keep the deals solved across a "
                  "stop)", file=sys.stderr)
        return 130 if interrupted else 1
    return 0


def _deal_decks(game, first):
    """The deal-number decks, checked once before the run: PySolFC is
    found and its shuffle runs in this Python (a subprocess per deck would
    be far too slow for a study)."""
    from ..core import deals
    source = study_engine.DealDecks(game)
    try:
        deals._pysolrandom_here(deals.find_pysolfc())
    except deals._NoDeps as e:
        raise ImportError(
            "a study makes its decks with PySolFC's random module, which "
            "needs pysol_cards in this Python (%s): %s; run it with the "
            "checkout's .venv/bin/python (made by `make setup`)"
            % (sys.executable, e))
    source.deck(first)                  # a bad deal number fails here
    return source


def resume_command(args):
    """The command line that continues this study."""
    words = [sys.executable or "python3", "-m", "pysolfc_camelot", "stats",
             "--game", args.game or games.DEFAULT, "--deals", str(args.deals)]
    if args.first_deal is not None:
        words += ["--first-deal", str(args.first_deal)]
    words += ["--results", args.results, "--resume"]
    if args.scheduler:
        words += ["--scheduler", args.scheduler]
    elif args.jobs:
        words += ["--jobs", str(args.jobs)]
    if args.budget is not None:
        words += ["--budget", "%g" % args.budget]
    if args.ladder:
        words += ["--ladder", args.ladder]
    if getattr(args, "cpu", False):
        words.append("--cpu")
    if getattr(args, "tier", False):
        words.append("--tier")
    if args.json:
        words.append("--json")
    return " ".join(shlex.quote(w) for w in words)


# -- the summary --------------------------------------------------------------

def _summary(tally, rungs, seed, wall, counters, engine, args):
    n, won, lost, und = tally.counts()
    lo, hi = study.interval(won, lost, und)
    times = tally.solved_seconds()
    workers = counters.workers
    s = {"deals": n, "winnable": won, "lost": lost, "undecided": und,
         "share": study.share(won, lost, und), "interval": [lo, hi],
         # the keys stats printed before the study (kept for scripts)
         "not_winnable": lost,
         "share_low": won / n if n else 0.0,
         "share_high": (won + und) / n if n else 0.0,
         "ci95": [lo, hi],
         "seconds_total": sum(times),
         "median": study.percentile(times, 50),
         "p90": study.percentile(times, 90),
         "p99": study.percentile(times, 99),
         "max": times[-1] if times else 0.0,
         "states": tally.total_states(),
         "peak_rss_mb": counters.maxrss / 1024,       # a worker's
         "client_peak_rss_mb": study_engine.peak_rss_kib() / 1024,
         "wall_seconds": wall,
         "ladder": tally.rungs(rungs),
         "left": tally.undecided(),
         "engine": engine.name if engine else None,
         "workers": workers, "batches": counters.batches,
         "busy_seconds": counters.busy, "cpu_seconds": counters.cpu,
         "solved": counters.solved}
    if seed is not None:
        s["seed"] = seed
    else:
        s["first_deal"] = tally.first
        s["last_deal"] = tally.first + tally.count - 1
        s["asked"] = tally.count
    if args.results:
        s["results"] = args.results
        s["lines_outside"] = tally.outside
    if getattr(args, "tier", False):
        s["tiers"] = _tier_summary(tally)
    return s


def _tier_summary(tally):
    """{tier: {"deals", "share", "interval"}} over the deals decided, and
    "unknown": the winnable deals without a tier yet (a run stopped
    early).  Each share is of the deals decided, with its Wilson 95%
    interval (an unknown tier counted once in and once out)."""
    counts = tally.tier_counts()
    unknown = counts.pop(None)
    n = sum(counts.values()) + unknown
    out = {}
    for name, k in counts.items():
        lo = study.wilson(k, n)[0] if n else 0.0
        hi = study.wilson(k + unknown, n)[1] if n else 1.0
        out[name] = {"deals": k, "share": k / n if n else 0.0,
                     "interval": [lo, hi]}
    out["unknown"] = unknown
    return out


def _print_summary(s, args, rungs):
    if args.json:
        print(json.dumps(s))
        return
    n = s["deals"]
    if "seed" in s:
        which = "seed %d" % s["seed"]
    else:
        which = "PySolFC deals %d to %d" % (s["first_deal"], s["last_deal"])
        if n < s["asked"]:
            which += ", %d not yet solved" % (s["asked"] - n)
    print("%d deals (%s): %d winnable, %d not winnable, %d undecided"
          % (n, which, s["winnable"], s["lost"], s["undecided"]))
    if not n:
        return
    if s["undecided"]:
        share = "%.1f%% .. %.1f%%" % (100 * s["share_low"],
                                      100 * s["share_high"])
    else:
        share = "%.1f%%" % (100 * s["share_low"])
    lo, hi = s["interval"]
    print("winnable share %s, 95%% confidence interval %.1f%% .. %.1f%%"
          % (share, 100 * lo, 100 * hi))
    if s["undecided"]:
        print("(undecided deals counted as lost for the lower bound and as"
              " won for the upper)")
    mid, half = study.as_published(lo, hi)
    print("the interval as centre +- half-width (Blake & Gent's form): "
          "%.3f%% +- %.3f%%" % (mid, half))
    if len(rungs) > 1:
        print("budget ladder: " + "; ".join(
            "%g s decided %d of %d" % (r["budget"], r["decided"],
                                       r["reached"]) for r in s["ladder"]))
    if s["left"]:
        shown = s["left"][:SHOWN_LEFT]
        more = len(s["left"]) - len(shown)
        print("left undecided (deal: states at its last budget): "
              + ", ".join("%d: %d at %g s" % (r["deal"], r["states"],
                                              r["budget"]) for r in shown)
              + (" ... and %d more (--json lists them all)" % more
                 if more else ""))
    jobs = s["workers"]
    print("solve time per deal: median %.4f s, p90 %.4f s, p99 %.4f s,"
          " max %.3f s; total %.1f s (wall %.1f s, %d %s)"
          % (s["median"], s["p90"], s["p99"], s["max"], s["seconds_total"],
             s["wall_seconds"], jobs, "job" if jobs == 1 else "jobs"))
    if s["batches"]:
        print("engine: %s, %d batches; the workers busy %.1f s, %.1f CPU s "
              "(%.4f CPU s a deal solved in this run)"
              % (s["engine"], s["batches"], s["busy_seconds"],
                 s["cpu_seconds"], s["cpu_seconds"] / max(1, s["solved"])))
    if "tiers" in s:
        t = s["tiers"]
        print("tiers of the %d deals decided: " % sum(
            t[k]["deals"] for k in study.TIERS) + "; ".join(
            "%s %d (%.1f%%, %.1f%% .. %.1f%%)" % (
                k, t[k]["deals"], 100 * t[k]["share"],
                100 * t[k]["interval"][0], 100 * t[k]["interval"][1])
            for k in study.TIERS) + (
            "; %d winnable without a tier yet" % t["unknown"]
            if t["unknown"] else ""))
    if args.results:
        print("results in %s" % args.results)


# -- --check FILE -------------------------------------------------------------

def _cmd_check(args, game):
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1000000)
        print("sample seed %d (pass --seed %d to check the same deals)"
              % (seed, seed), file=sys.stderr, flush=True)
    try:                        # two passes: the deals, then the sample's
        numbers = study.deal_numbers(study.read(args.check))
        chosen = sorted(random.Random(seed).sample(
            list(numbers), min(args.sample, len(numbers))))
        best = study.final_records(study.read(args.check), set(chosen))
    except (study.ResultsError, OSError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    try:
        source = _deal_decks(game, chosen[0]) if chosen else None
        engine = study_engine.make_engine(args.jobs or 1, args.scheduler)
    except (ImportError, ValueError, RuntimeError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    bar = study_engine.progress_bar()(len(chosen), 0, "checking")
    again = {}
    try:
        by_budget = {}
        for deal in chosen:
            by_budget.setdefault(best[deal]["budget"], []).append(deal)
        jobs = ((game, [(d, source.deck(d))], budget)
                for budget, group in sorted(by_budget.items())
                for d in group)
        for records, _, _, _ in engine.run(jobs):
            for rec in records:
                again[rec["deal"]] = rec
            bar.update(len(records))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        bar.close()
        engine.close()
    out = compare(best, again)
    out.update(file=args.check, game=game, seed=seed,
               deals_in_file=len(numbers))
    if args.json:
        print(json.dumps(out))
    else:
        print("checked %d of the %d deals in %s (sample seed %d): %d agree, "
              "%d contradict, %d decided now (undecided in the file), %d "
              "undecided now (decided in the file)"
              % (out["checked"], len(numbers), args.check, seed,
                 out["agree"],
                 len(out["contradict"]), len(out["decided_now"]),
                 len(out["undecided_now"])))
        if out["contradict"]:
            print("contradicted deals: %s" % ", ".join(
                "%d (file %s, now %s)" % (d, best[d]["status"],
                                         again[d]["status"])
                for d in out["contradict"]))
        print("%d of the agreeing deals have the same states and moves "
              "(the same solver)" % out["identical"])
    if len(out["contradict"]) * 4 > out["checked"]:
        # a solver that is wrong this often is not the likely cause: a
        # Plot study checked as Camelot (the default game) looks like this
        print("so many contradictions: is %s a study of another game "
              "than %s? (--game)" % (args.check, game), file=sys.stderr)
    return 1 if out["contradict"] else 0


def compare(recorded, again):
    """Recorded lines against new solves of the same deals: a decided deal
    must get the same answer; an undecided one may be decided now (or a
    decided one not, on a slower machine), which is no contradiction."""
    out = {"checked": len(again), "agree": 0, "identical": 0,
           "contradict": [], "decided_now": [], "undecided_now": []}
    for deal in sorted(again):
        old, new = recorded[deal]["status"], again[deal]["status"]
        if old == new:
            out["agree"] += 1
            if all(recorded[deal][k] == again[deal][k]
                   for k in ("moves", "states")):
                out["identical"] += 1
        elif old == "undecided":
            out["decided_now"].append(deal)
        elif new == "undecided":
            out["undecided_now"].append(deal)
        else:
            out["contradict"].append(deal)
    return out

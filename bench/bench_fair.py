# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the fair optimum is (not a test; takes hours): the simple fair
rules (``simple``), the strong fair player at some sample sizes and full
knowledge (the solver's verdict on the deal), each on the same fresh deals
from a printed seed, on the study engine (study_engine.make_engine: Dask
when installed, else local processes).

    python3 bench/bench_fair.py --game plot --seed 942312 --deals 2000 \\
        --samples 6,12,24 --jobs 2 --results docs/results/fair-plot.jsonl
    python3 bench/bench_fair.py --report docs/results/fair-plot.jsonl.xz

``--deal-first`` plays the fair player dealing first (policy
``fair-first``, Player(deal_first=True), under trial) instead of the
fair player: like any run it plays what its results file lacks, so on a
file of the fair player's run it adds that player alone (the table then
counts only the deals both have finished; never point it at the file a
run is still writing).

On several machines: start a Dask scheduler and workers (docs/study.md)
and give ``--scheduler tcp://HOST:8786`` instead of ``--jobs``; each
worker needs this checkout on its PYTHONPATH.

Resumable: every deal played by every policy is one line of the results
file, appended as it ends (``{"game", "seed", "deal", "policy",
"samples", "won", "moves", "seconds", "cpu"}``, ``seconds`` and ``cpu``
the wall-clock and CPU seconds of the answers that had a choice; for
``full`` the solve's).  Run the same command again
and it plays only what the file lacks; deals go in order, every policy
of a deal before the next deal, so a partial file compares the policies
on the same deals.  The table (wins with Wilson 95% intervals over the
deals every policy has finished, the ratio to full knowledge, seconds
per answer: median and 95th percentile, what the fair player rescued
and kept of the simple policy's games) goes to stdout; --report prints
it from a file (plain or .xz) without playing; with ``--into DOC
[--xz OUT]`` it goes into DOC between its ``<!-- GAME-run -->``
markers instead, and the file's whole lines into OUT, compressed: how a
run in progress is committed as it grows.

``--settle SECONDS`` solves again, given SECONDS each, the deals that
full knowledge left undecided and no player won, and appends their new
``full`` lines (a later line of a deal and policy replaces an earlier
one in the table): no deal left undecided without a second look.
"""
import argparse
import json
from collections import Counter
import lzma
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pysolfc_camelot import games, study  # noqa: E402
from pysolfc_camelot.cli.solve import percentile, random_decks, wilson
from pysolfc_camelot.study import engine as study_engine


def read_results(path):
    """The lines of a results file (plain or .xz), a torn last line left
    out (a kill mid-write)."""
    if not os.path.exists(path):
        return []
    return [json.loads(line) for line in whole_lines(path)]


def whole_lines(path):
    """The raw whole lines of a results file (plain or .xz), as
    read_results keeps them."""
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [line for line in f if line.endswith("\n") and line.strip()]


def publish(path, doc, xz):
    """The table of the results file ``path`` put into ``doc`` between
    the markers <!-- GAME-run --> and <!-- /GAME-run --> (GAME the
    file's game), and ``path``'s whole lines written to ``xz``
    (compressed, a torn last line left out), so a run in progress is
    committed as it grows."""
    import io
    lines = read_results(path)
    if not lines:
        raise SystemExit("bench_fair.py: %s holds no results" % path)
    table = io.StringIO()
    report(lines, table)
    start = "<!-- %s-run -->" % lines[0]["game"]
    end = "<!-- /%s-run -->" % lines[0]["game"]
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    if start not in text or end not in text:
        raise SystemExit("bench_fair.py: %s has no %s ... %s markers"
                         % (doc, start, end))
    a = text.index(start) + len(start)
    b = text.index(end)
    text = text[:a] + "\n\n" + table.getvalue().strip() + "\n\n" + text[b:]
    if xz:
        with lzma.open(xz, "wt", encoding="utf-8", preset=9) as f:
            f.writelines(whole_lines(path))
    with open(doc, "w", encoding="utf-8") as f:
        f.write(text)


def by_policy(lines):
    """{policy name: {deal: its record}} of a results file's lines, the
    last line of a deal and policy counting (a --settle line replaces
    the run's)."""
    by = {}
    for r in lines:
        by.setdefault(spec_name(r["policy"], r["samples"]), {})[
            r["deal"]] = r
    return by


def undecided(lines):
    """The deals whose last ``full`` line is undecided and that no
    player won, in order."""
    by = by_policy(lines)
    won = {d for recs in by.values() for d, r in recs.items()
           if r["won"] is True}
    return sorted(d for d, r in by.get("full", {}).items()
                  if r["won"] is None and d not in won)


def spec_name(policy, samples):
    return policy if not samples else "%s%d" % (policy, samples)


def report(lines, out=sys.stdout):
    """The table of a results file's lines."""
    if not lines:
        print("no results yet", file=out)
        return
    game, seed = lines[0]["game"], lines[0]["seed"]
    by = by_policy(lines)
    names = sorted(by, key=lambda n: (n == "full", n != "simple",
                                      len(n), n))
    common = set.intersection(*(set(d) for d in by.values()))
    n = len(common)
    full = by.get("full", {})

    def winnable(d):
        # the solver's win or a player's ("full" is among by's policies):
        # a win is a witness
        return any(by[k].get(d, {}).get("won") is True for k in by)
    known = sum(1 for d in common if winnable(d))
    print("%s, fresh deals of seed %d (random_decks): %d deals played by "
          "every policy (%s)" % (game, seed, n, ", ".join(
              "%s %d" % (k, len(by[k])) for k in names)), file=out)
    print("\n| policy | deals won | ratio to full knowledge | CPU seconds"
          " per answer with a choice: median / p95 / max (answers) | wall"
          " seconds, the same |", file=out)
    print("|---|---|---|---|---|", file=out)
    for name in names:
        recs = [by[name][d] for d in sorted(common)]
        wins = sum(1 for r in recs if r["won"] is True)
        if name == "full":
            witnessed = sum(1 for r in recs if r["won"] is not True and
                            winnable(r["deal"]))
            wins += witnessed
            undecided = sum(1 for r in recs if r["won"] is None and
                            not winnable(r["deal"]))
            # the run's budget is the most common; others: --settle
            (base, _), *settled = Counter(
                r.get("budget") or 0 for r in recs).most_common()
            label = "full knowledge (the solver, %g s a deal%s)%s%s" % (
                base, "".join("; %g s for %d it left undecided at %g s" % (
                    b, k, base) for b, k in settled),
                ", %d won only by a player (the solver left %s "
                "undecided)" % (witnessed, "it" if witnessed == 1 else
                                "them") if witnessed else "",
                ", %d undecided" % undecided if undecided else "")
        elif name == "simple":
            label = "the simple fair rules (simple)"
        else:
            label = "strong fair player%s, %d samples" % (
                ", dealing first" if name.startswith("fair-first") else "",
                recs[0]["samples"])
        lo, hi = wilson(wins, n)
        cells = []
        for key in ("cpu", "seconds"):
            t = sorted(s for r in recs for s in r.get(key, ())) \
                if name != "full" else []
            cells.append("%.3f / %.3f / %.3f (%d)" % (
                percentile(t, 50), percentile(t, 95), t[-1], len(t))
                if t else "-")
        print("| %s | %d / %d (%.1f%%, %.1f-%.1f%%) | %s | %s | %s |" % (
            label, wins, n, 100.0 * wins / n, 100 * lo, 100 * hi,
            "%.3f" % (wins / known) if known and name != "full" else
            "1" if name == "full" else "-", cells[0], cells[1]), file=out)
    simple = by.get("simple", {})
    for name in names:
        if not name.startswith("fair"):
            continue
        lost = [d for d in common if simple[d]["won"] is False and
                winnable(d)]
        won = [d for d in common if simple[d]["won"] is True]
        print("\n%s: rescued %d of the %d winnable deals simple lost; kept"
              " %d of the %d simple won" % (
                  name, sum(by[name][d]["won"] is True for d in lost),
                  len(lost), sum(by[name][d]["won"] is True for d in won),
                  len(won)), file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games.add_game_option(ap)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, help="seed of the fresh deals "
                    "(required for a new results file)")
    ap.add_argument("--samples", default="6,12",
                    help="sample sizes of the fair player, comma-separated")
    ap.add_argument("--fair-seed", type=int, default=None,
                    help="seed of the fair player's samples (default its "
                    "fixed seed, the tier's)")
    ap.add_argument("--deal-first", action="store_true",
                    help="play the fair player dealing first (policy "
                    "fair-first, under trial) instead of the fair player")
    ap.add_argument("--budget", type=float, default=10.0,
                    help="seconds of the full-knowledge solve per deal")
    ap.add_argument("--settle", type=float, metavar="SECONDS",
                    help="solve again, SECONDS each, the deals of the "
                    "results file that full knowledge left undecided and "
                    "no player won; play nothing else")
    ap.add_argument("--jobs", type=int, default=1,
                    help="local worker processes (without --scheduler)")
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="join the Dask cluster whose scheduler is at "
                    "ADDRESS, e.g. tcp://10.0.0.1:8786, and play on its "
                    "workers")
    ap.add_argument("--results", help="results file (appended, resumed)")
    ap.add_argument("--report", metavar="FILE",
                    help="print the table of FILE and stop")
    ap.add_argument("--into", metavar="DOC",
                    help="with --report: put the table into DOC between "
                    "its <!-- GAME-run --> and <!-- /GAME-run --> markers "
                    "instead of printing it")
    ap.add_argument("--xz", metavar="OUT",
                    help="with --into: also write FILE's whole lines to "
                    "OUT, xz-compressed (the results file committed)")
    args = ap.parse_args(argv)
    if (args.into or args.xz) and not args.report:
        ap.error("--into and --xz go with --report FILE")
    if args.xz and not args.into:
        ap.error("--xz goes with --into DOC")
    if args.into:
        publish(args.report, args.into, args.xz)
        return 0
    if args.report:
        report(read_results(args.report))
        return 0
    if not args.results:
        ap.error("--results FILE is needed (the run resumes from it)")
    done = read_results(args.results)
    if args.settle and done:
        args.game = done[0]["game"]     # the file's, --game or not
    seed = args.seed
    if done:
        if seed is not None and seed != done[0]["seed"] or \
                done[0]["game"] != args.game:
            ap.error("%s holds %s deals of seed %d" % (
                args.results, done[0]["game"], done[0]["seed"]))
        seed = done[0]["seed"]
    if seed is None:
        ap.error("--seed S is needed for a new results file")
    fair = "fair-first" if args.deal_first else "fair"
    specs = [("simple", None, None, None)] + [
        (fair, int(k), args.fair_seed, None)
        for k in args.samples.split(",")] + [
        ("full", None, None, args.budget)]
    if args.settle:
        todo = [(deal, ("full", None, None, args.settle))
                for deal in undecided(done)]
        args.deals = max([args.deals] + [d for d, _ in todo])
    else:
        have = by_policy(done)
        todo = [(deal, spec) for deal in range(1, args.deals + 1)
                for spec in specs
                if deal not in have.get(spec_name(spec[0], spec[1]), {})]
    decks = random_decks(args.deals, seed, args.game)
    print("%s, %s of seed %d, %d plays to go, %s" % (
        args.game, "the deals left undecided, %g s each" % args.settle
        if args.settle else "%d fresh deals" % args.deals, seed, len(todo),
        time.strftime("%Y-%m-%d %H:%M")), file=sys.stderr, flush=True)
    try:
        engine = study_engine.make_engine(args.jobs, args.scheduler)
    except (RuntimeError, OSError) as e:    # no Dask, no scheduler there
        ap.error(str(e))
    print("playing on %s" % engine.where, file=sys.stderr, flush=True)
    appender = study.Appender(args.results)
    try:
        batches = ((args.game, [(deal, decks[deal - 1])], spec)
                   for deal, spec in todo)
        for records, _busy, _cpu, _rss in engine.run(
                batches, work=study_engine.play_batch):
            for r in records:
                r.update(game=args.game, seed=seed)
                if r["policy"] == "full":
                    r["budget"] = args.settle or args.budget
            appender.f.write("".join(json.dumps(r) + "\n"
                                     for r in records))
            appender.f.flush()
            for r in records:
                print("deal %d %s: %s, %d answers, %.1f s" % (
                    r["deal"], spec_name(r["policy"], r["samples"]),
                    {True: "won", False: "lost", None: "undecided"}[
                        r["won"]], len(r["seconds"]), sum(r["seconds"])),
                    file=sys.stderr, flush=True)
    finally:
        appender.close()
        engine.close()
    report(read_results(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

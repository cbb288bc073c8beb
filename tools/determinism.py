# SPDX-License-Identifier: GPL-3.0-or-later
"""The determinism check: the command line's answers (solve, stats, the
hints' moves through ``play``, analyse) on seeded decks of every game,
with what depends on the clock left out (seconds, memory, workers).

    python tools/determinism.py --write tests/data/determinism.json
    python tools/determinism.py --check tests/data/determinism.json

``--write`` records the answers of the checkout it runs in (the committed
file was written on branch ``layers``, before the game spec); ``--check``
compares and prints the first differences (exit 1 when any).  Budgets are
generous and the deals easy, so no answer depends on the machine's speed.
tests/test_determinism.py runs the check.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

# Per game: PySolFC deal numbers for solve --deal, the stats seed and
# count (random decks, then deals 1..count), the deals whose decks play
# and analyse take (winnable ones, so that a fair game may lose a win).
CASES = {
    "camelot": {"deals": [1, 2, 3, 5, 6, 8], "stats": (7, 12),
                "plays": [2, 6, 9]},
    "plot": {"deals": [1, 2, 5], "stats": (7, 6),
             "plays": [1, 3]},
}
POLICIES = ("fair", "simple", "greedy", "perfect")
BUDGET = "60"
# Keys that measure time or the machine, not the answer.
VOLATILE = {"seconds", "seconds_total", "median", "p90", "p99", "max",
            "peak_rss_mb", "client_peak_rss_mb", "wall_seconds", "engine",
            "workers", "batches", "busy_seconds", "cpu_seconds", "elapsed",
            "time", "rss_mb"}


def run(*args):
    out = subprocess.run(
        [sys.executable, "-m", "pysolfc_camelot"] + [str(a) for a in args],
        cwd=ROOT, capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=ROOT))
    return {"rc": out.returncode,
            "out": [strip(json.loads(line)) if line.startswith("{")
                    else line for line in out.stdout.splitlines()]}


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def decks(game, numbers):
    """The decks of PySolFC's deals ``numbers``, as the command line
    writes them."""
    from pysolfc_camelot.core.cards import format_cards
    from pysolfc_camelot.core.deals import deck_for_deal
    size = {"camelot": 1, "plot": 2}[game]     # as recorded on `layers`
    return [format_cards(deck_for_deal(n, size)) for n in numbers]


def answers(games_=None):
    out = {}
    for game, case in CASES.items():
        if games_ and game not in games_:
            continue
        g = out[game] = {}
        g["solve"] = [run("solve", "--game", game, "--deal", n, "--json",
                          "--budget", BUDGET) for n in case["deals"]]
        seed, n = case["stats"]
        random_decks = run("stats", "--game", game, "--seed", seed,
                           "--deals", n, "--budget", BUDGET, "--json",
                           "--jobs", 1)
        with tempfile.TemporaryDirectory() as tmp:
            results = os.path.join(tmp, "results.jsonl")
            numbered = run("stats", "--game", game, "--deals", n,
                           "--budget", BUDGET, "--json", "--jobs", 1,
                           "--results", results)
            lines = None                # (stats failed: its rc says so)
            if os.path.exists(results):
                with open(results) as f:
                    lines = [strip(json.loads(line)) for line in f]
        for summary in numbered["out"]:
            summary.pop("results", None)        # the temporary file's name
        g["stats"] = {"seeded": random_decks, "deals": numbered,
                      "results": lines}
        g["play"], g["analyse"] = [], []
        for deck in decks(game, case["plays"]):
            for policy in POLICIES:
                g["play"].append(run("play", "--game", game, "--deck", deck,
                                     "--policy", policy, "--json"))
            played = g["play"][-len(POLICIES)]["out"]      # the fair game
            moves = played[0]["moves"] if played and \
                isinstance(played[0], dict) else []
            g["analyse"].append(run(
                "analyse", "--game", game, "--deck", deck, "--moves",
                "; ".join(moves), "--json", "--budget", BUDGET))
    return out


def differences(old, new, where=""):
    if type(old) is not type(new):
        return ["%s: %r != %r" % (where, old, new)]
    if isinstance(old, dict):
        out = []
        for k in sorted(set(old) | set(new)):
            if k not in old or k not in new:
                out.append("%s.%s: only in %s" % (
                    where, k, "the record" if k in old else "this run"))
            else:
                out.extend(differences(old[k], new[k], "%s.%s" % (where, k)))
        return out
    if isinstance(old, list):
        if len(old) != len(new):
            return ["%s: %d items != %d" % (where, len(old), len(new))]
        return [d for i, (a, b) in enumerate(zip(old, new))
                for d in differences(a, b, "%s[%d]" % (where, i))]
    return [] if old == new else ["%s: %r != %r" % (where, old, new)]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", metavar="FILE")
    what.add_argument("--check", metavar="FILE")
    args = p.parse_args(argv)
    if args.write:
        with open(args.write, "w") as f:
            json.dump(answers(), f, indent=1, sort_keys=True)
            f.write("\n")
        return 0
    with open(args.check) as f:
        old = json.load(f)
    diff = differences(old, answers())
    for line in diff[:20]:
        print(line)
    print("%d difference(s)" % len(diff))
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())

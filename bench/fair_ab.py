# SPDX-License-Identifier: GPL-3.0-or-later
"""The fair player's cost in two checkouts of this repository, on the
same fresh deals (not a test; takes a while):

    git worktree add /tmp/old REV
    python3 bench/fair_ab.py --old /tmp/old --game plot --deals 12 \\
        --samples 6 [--seed S]

Each deal is played to its end by ``play --policy fair`` of both
checkouts, one process each, the order alternating from deal to deal
so that both meet the same load of a shared machine; the CPU seconds of
each process are read from the kernel (the children's rusage).  Printed:
both checkouts' CPU per deal (median, mean), the speed-up as the ratio
of the totals (a paired bootstrap over the deals gives its interval) and
as the median of the per-deal ratios (interval from the order
statistics), and whether every game is the same move for move.  A
change meant only to be faster must leave every game as it was: the run
exits 1 if one differs."""
import argparse
import json
import os
import random
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)
sys.path.insert(0, HERE)

from pysolfc_camelot import games                           # noqa: E402
from pysolfc_camelot.core.cards import format_card          # noqa: E402
from pysolfc_camelot.cli.solve import random_decks          # noqa: E402
from speedup import bootstrap_ratio, median_interval        # noqa: E402


def play(python, checkout, game, deck, samples):
    """(the game's moves, won, CPU seconds) of ``play --policy fair`` in
    ``checkout``, run by the interpreter ``python``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, PYTHONPATH=checkout)
    out = subprocess.run(
        [python, "-m", "pysolfc_camelot", "play", "--game", game,
         "--deck", " ".join(format_card(c) for c in deck),
         "--policy", "fair", "--samples", str(samples), "--json"],
        env=env, cwd=checkout, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) \
        + (after.ru_stime - before.ru_stime)
    res = json.loads(out.stdout)
    return res["moves"], res["won"], cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, metavar="DIR",
                    help="the other checkout (e.g. a git worktree)")
    games.add_game_option(ap)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int,
                    help="seed of the fresh deals (default: picked, printed)")
    ap.add_argument("--samples", type=int, default=6)
    ap.add_argument("--old-python", default=sys.executable, metavar="EXE",
                    help="the interpreter of the other checkout (default"
                    " this one); e.g. --old . --old-python pypy3 compares"
                    " interpreters on this checkout")
    args = ap.parse_args(argv)
    seed = random.SystemRandom().randrange(10 ** 6) if args.seed is None \
        else args.seed
    game = games.Game(args.game).name
    decks = random_decks(args.deals, seed, game)
    print("%s, %d fresh deal%s of seed %d, fair player at %d samples: %s"
          " in %s (old) against %s in %s (new)"
          % (game, len(decks), "" if len(decks) == 1 else "s", seed,
             args.samples, args.old, args.old_python, REPO, sys.executable),
          flush=True)
    old, new, same = [], [], 0
    for i, deck in enumerate(decks, 1):
        order = [("old", args.old_python, args.old, old),
                 ("new", sys.executable, REPO, new)]
        if i % 2 == 0:
            order.reverse()
        games_played = {}
        for side, python, checkout, cpus in order:
            moves, won, cpu = play(python, checkout, game, deck,
                                   args.samples)
            cpus.append(cpu)
            games_played[side] = (moves, won)
        alike = games_played["old"] == games_played["new"]
        same += alike
        print("deal %d: %s in %d moves; old %.1f CPU s, new %.1f; %s"
              % (i, "won" if games_played["new"][1] else "lost",
                 len(games_played["new"][0]), old[-1], new[-1],
                 "the same game" if alike else "A DIFFERENT GAME"),
              flush=True)
    n = len(decks)
    for name, cpus in (("old", old), ("new", new)):
        med, _, _ = median_interval(cpus)
        print("%s: CPU s per deal median %.1f, mean %.1f, max %.1f"
              % (name, med, sum(cpus) / n, max(cpus)))
    ratio, lo, hi = bootstrap_ratio(old, new, 2000, seed)
    med, mlo, mhi = median_interval([o / w for o, w in zip(old, new)])
    print("speed-up: %.2fx the total CPU (95%% %.2f-%.2f), median per deal"
          " %.2fx (%.2f-%.2f)" % (ratio, lo, hi, med, mlo, mhi))
    print("games the same move for move: %d of %d" % (same, n))
    return 0 if same == n else 1


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: GPL-3.0-or-later
"""How long the fair hint takes: the strong fair player answering along
whole games, following its own answers (as the fair demo does), with or
without the hint's time bound; wall and CPU seconds per answer.

    python3 bench/hint_times.py --game plot --deals 5 --seed 777 [--bound 0.8]

Prints one JSON line: the deals won, the answers, how many the bound cut,
and [median, p95, max, mean] of the wall and the CPU seconds."""
import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
    __file__)), os.pardir))

from pysolfc_camelot import games  # noqa: E402
from pysolfc_camelot.cli.solve import random_decks  # noqa: E402
from pysolfc_camelot.core import fair_player  # noqa: E402


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(values):
    return [round(statistics.median(values), 4), round(quantile(
        values, 0.95), 4), round(max(values), 4),
        round(statistics.mean(values), 4)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=games.GAMES, default="plot")
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--bound", type=float, default=None,
                    help="seconds per answer (the hint's: 0.8)")
    args = ap.parse_args(argv)
    g = games.Game(args.game)
    walls, cpus, cut, won = [], [], 0, 0
    for deck in random_decks(args.deals, args.seed, args.game):
        pos = g.new_game(deck)
        player = fair_player.Player(args.game)
        while pos.status() == "playing":
            w0, c0 = time.perf_counter(), time.process_time()
            choice = player.choose(pos, seconds=args.bound)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            cut += choice.stopped
            if choice.move is None:
                break
            pos.play(choice.move)
        won += pos.is_won()
    print(json.dumps({"game": args.game, "seed": args.seed,
                      "deals": args.deals, "bound": args.bound, "won": won,
                      "answers": len(walls), "cut": cut,
                      "wall": summary(walls), "cpu": summary(cpus)}))


if __name__ == "__main__":
    main()

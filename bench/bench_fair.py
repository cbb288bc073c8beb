# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the fair optimum is (not a test; takes a while): today's fair hint
(``simple``), the strong fair player at some sample sizes and full
knowledge (the solver's verdict on the deal), each on the same fresh deals,
in one process.

    python3 bench/bench_fair.py --game plot --deals 100 --samples 4,12
    python3 bench/bench_fair.py --game camelot --seed S   # the same deals

Every deal is played to its end with each policy (play_cli.play_out, the
code of ``play``); a line per deal goes to stderr as it ends, the table
(wins with 95% Wilson intervals, the ratio to full knowledge, seconds per
answer over the moves that had a choice) to stdout.
"""
import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pysolfc_camelot import games  # noqa: E402
from pysolfc_camelot.cli import play as play_cli
from pysolfc_camelot.cli.solve import (percentile, random_decks, solve_deck,
                                       wilson)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games.add_game_option(ap)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--samples", default="4,12",
                    help="sample sizes of the fair player, comma-separated")
    ap.add_argument("--budget", type=float, default=10.0,
                    help="seconds of the full-knowledge solve per deal")
    ap.add_argument("--skip", type=int, default=0, metavar="N",
                    help="leave out the first N deals of the seed (to go "
                    "on with a run that was stopped)")
    ap.add_argument("--rescue", action="store_true",
                    help="play the fair player only on the winnable deals "
                    "today's fair hint loses (how many it rescues)")
    ap.add_argument("--keeps", action="store_true",
                    help="play the fair player only on the deals today's "
                    "fair hint wins (how many it keeps)")
    args = ap.parse_args(argv)
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1000000)
    game = games.Game(args.game)
    decks = random_decks(args.skip + args.deals, seed, game.name)[args.skip:]
    policies = [("simple", None)] + [("fair", int(k))
                                     for k in args.samples.split(",")]
    wins = {p: 0 for p in policies}
    times = {p: [] for p in policies}
    known = undecided = 0
    rescued_from = rescue_deals = 0     # --rescue: simple's wins so far
    print("%s, %d fresh deals, seed %d (random_decks, from deal %d), %s"
          % (game.name, len(decks), seed, args.skip + 1,
             time.strftime("%Y-%m-%d")),
          flush=True)
    for n, deck in enumerate(decks, args.skip + 1):
        verdict = solve_deck(deck, args.budget, game.name).winnable
        known += verdict is True
        undecided += verdict is None
        line = ["deal %d: winnable %s" % (n, verdict)]
        for p in policies:
            simple_won = wins[policies[0]] > rescued_from
            if p[0] == "fair" and (
                    args.rescue and (verdict is not True or simple_won) or
                    args.keeps and not simple_won):
                continue
            pos = game.new_game(deck)
            choose = play_cli.policy_function(game, p[0], p[1])
            _moves, seconds = play_cli.play_out(game, pos, choose)
            won = pos.is_won()
            wins[p] += won
            # answers that took a search (forced moves take microseconds)
            searched = [s for s in seconds if s > 0.001]
            times[p] += searched
            line.append("%s%s %s %.1f s, %d searched, max %.2f s" % (
                p[0], p[1] or "", "won" if won else "lost", sum(seconds),
                len(searched), max(searched, default=0.0)))
        if args.rescue or args.keeps:
            simple_won = wins[policies[0]] > rescued_from
            if args.keeps and simple_won or args.rescue and \
                    verdict is True and not simple_won:
                rescue_deals += 1
            rescued_from = wins[policies[0]]
        print("  ".join(line), file=sys.stderr, flush=True)
    n = len(decks)
    if args.rescue or args.keeps:
        print("\n%s: %d" % ("deals today's fair hint won" if args.keeps
                             else "winnable deals today's fair hint lost",
                             rescue_deals))
        for p in policies[1:]:
            lo, hi = wilson(wins[p], rescue_deals)
            t = sorted(times[p]) or [0.0]
            print("strong fair player, %d samples, won %d (%.1f-%.1f%%);"
                  " seconds per searched answer: mean %.3f, p99 %.3f, max "
                  "%.3f" % (p[1], wins[p], 100 * lo, 100 * hi,
                            sum(t) / len(t), percentile(t, 99), t[-1]))
    print("\n| policy | deals won | ratio to full knowledge | seconds per "
          "answer: mean / p99 / max |")
    print("|---|---|---|---|")
    for p in policies[:1] if args.rescue or args.keeps else policies:
        lo, hi = wilson(wins[p], n)
        t = sorted(times[p]) or [0.0]
        name = "today's fair hint (simple)" if p[0] == "simple" else \
            "strong fair player, %d samples" % p[1]
        print("| %s | %d / %d (%.1f%%, %.1f-%.1f%%) | %s | %.3f / %.3f / "
              "%.3f |" % (name, wins[p], n, 100.0 * wins[p] / n, 100 * lo,
                          100 * hi, "%.2f" % (wins[p] / known) if known
                          else "-", sum(t) / len(t), percentile(t, 99),
                          t[-1]))
    lo, hi = wilson(known, n)
    print("| full knowledge (the solver, %g s per deal) | %d / %d (%.1f%%, "
          "%.1f-%.1f%%)%s | 1 | - |" % (
              args.budget, known, n, 100.0 * known / n, 100 * lo, 100 * hi,
              ", %d undecided" % undecided if undecided else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

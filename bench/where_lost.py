#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the strong fair player lost a winnable deal, and whether it was
a mistake or bad luck.

For each deal named (fresh deals of ``--seed``, as bench_fair.py deals
them): play the deal with the strong fair player (its fixed seed, as the
measurement plays it), find the last position from which the real deal
was still winnable (core.analysis, the table's "What went wrong"), and
there:

- score each move the player considers over the *same* ``--orders``
  orders of the hidden cards, drawn from what the player sees (each
  order solved knowing it: hindsight, so every share runs high, but the
  moves are compared on equal terms);
- ask the player at each of ``--sizes`` samples which move it picks,
  and the same player dealing first where its plan after a move that
  commutes with the deal is the deal (``Player(deal_first=True)``, an
  option under trial);
- list the legal moves that keep the real deal winnable, marked when the
  player never considers them (plot/hidden.ordered_moves leaves out
  moves between piles that may be undone).

One JSON line per deal.  A deal the player wins, or full knowledge
loses, says so and nothing more.

    PYSOLFC_DIR=.host/pysolfc-3.2.0 python3 bench/where_lost.py \\
        --game plot --seed 271330 --deals 17,20,39,54 --orders 200
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))

from pysolfc_camelot import games                         # noqa: E402
from pysolfc_camelot.cli.solve import random_decks          # noqa: E402
from pysolfc_camelot.core import fair_player                # noqa: E402
from pysolfc_camelot.core.analysis import analyse           # noqa: E402
from pysolfc_camelot.core.budget import Budget              # noqa: E402
from pysolfc_camelot.core.policies import (                 # noqa: E402
    play_out, policy_function)


def look(game, deck, samples, orders, sizes, order_seed, budget):
    """The JSON-able answer for one deck (see the module text)."""
    hidden = fair_player.hidden_part(game.name)
    pos = game.new_game(deck)
    moves, _ = play_out(game, pos, policy_function(game, "fair", samples))
    out = {"won": pos.is_won(), "moves": len(moves)}
    if pos.is_won():
        return out
    found = analyse(game, deck, moves, Budget(budget))
    k = found.last_winnable
    out["winnable_at_start"] = found.winnable_at_start
    if k is None or k >= len(moves):
        return out
    at, failed, _ = game.rules.replay(deck, moves[:k])
    assert failed is None
    name = lambda m: game.name_move(at, m)          # noqa: E731
    considered = fair_player.candidates(hidden, at)
    drawn, exact = fair_player.sample_orders(hidden, at, orders, order_seed)
    scores = {}
    for m in considered:
        won = fair_player.verdicts(
            game.name, [hidden.with_hidden(at, o).after(m) for o in drawn])
        scores[name(m)] = {"won": sum(v is True for v in won),
                           "undecided": sum(v is None for v in won)}
    keys = {hidden.follow_key(at, m) for m in considered}
    keeping = [{"move": name(m), "considered":
                hidden.follow_key(at, m) in keys}
               for m in at.legal_moves()
               if game.solve(at.after(m), Budget(budget)).winnable]
    out.update(
        lost_after=k, played=name(moves[k]), orders=len(drawn),
        exact=exact, scores=scores, keeping_the_win=keeping,
        picks={str(n): name(fair_player.choose(game.name, at, n).move)
               for n in sizes},
        picks_dealing_first={str(n): name(fair_player.Player(
            game.name, n, deal_first=True).choose(at).move)
            for n in sizes})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    games.add_game_option(ap)
    ap.add_argument("--seed", type=int, required=True,
                    help="seed of the fresh deals (bench_fair.py's)")
    ap.add_argument("--deals", required=True,
                    help="deal numbers, comma-separated")
    ap.add_argument("--samples", type=int, default=fair_player.SAMPLES,
                    help="the player's samples (default the hint's)")
    ap.add_argument("--orders", type=int, default=200,
                    help="orders scoring each move (default 200)")
    ap.add_argument("--sizes", default="12,24,48",
                    help="sample sizes asked for their pick")
    ap.add_argument("--order-seed", type=int, default=777,
                    help="seed of the scoring orders")
    ap.add_argument("--budget", type=float, default=60.0,
                    help="seconds of each full-knowledge solve")
    args = ap.parse_args(argv)
    game = games.Game(args.game)
    deals = [int(d) for d in args.deals.split(",")]
    decks = random_decks(max(deals), args.seed, args.game)
    sizes = [int(n) for n in args.sizes.split(",")]
    for d in deals:
        out = {"deal": d}
        out.update(look(game, decks[d - 1], args.samples, args.orders,
                        sizes, args.order_seed, args.budget))
        print(json.dumps(out, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()

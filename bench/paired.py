# SPDX-License-Identifier: GPL-3.0-or-later
"""Two players on the same deals, compared deal by deal (not a test):

    python3 bench/paired.py \\
        docs/results/fair-plot-seed-271330.jsonl.xz:fair12 \\
        docs/results/fair-first-plot-seed-271330.jsonl.xz:fair-first12

Each argument is a results file of bench_fair.py (plain or .xz) and a
policy in it (``fair12``: the policy and its sample size, as the
table's last lines name it).  Over the deals both have finished, of the
same game and seed: the wins of each, the deals only one of them won
(listed), and McNemar's exact test on those, the two-sided binomial
probability of a split at least as uneven if both players were equally
good.  Two shares of the same deals differ less by chance than two
independent ones, and only the split deals say which player is better.
Prints JSON."""
import argparse
import json
import os
import sys
from math import comb

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_fair import by_policy, read_results      # noqa: E402


def mcnemar_exact(a_only, b_only):
    """Two-sided exact p of McNemar's test: the chance of a split of the
    discordant deals at least as uneven as (a_only, b_only) under a fair
    coin."""
    n, k = a_only + b_only, min(a_only, b_only)
    if n == 0:
        return 1.0
    tail = sum(comb(n, i) for i in range(k + 1)) / 2.0 ** n
    return min(1.0, 2 * tail)


def wins_of(arg):
    """(game, seed, {deal: won}) of FILE:POLICY; the last line of a deal
    counts, as in bench_fair's table."""
    path, _, policy = arg.rpartition(":")
    if not path or not policy:
        raise SystemExit("paired.py: %r is not FILE:POLICY" % arg)
    lines = read_results(path)
    won = {d: r["won"] is True
           for d, r in by_policy(lines).get(policy, {}).items()}
    if not won:
        raise SystemExit("paired.py: %s has no deal played by %s"
                         % (path, policy))
    return lines[0]["game"], lines[0]["seed"], won


def compare(a, b):
    ga, sa, wa = wins_of(a)
    gb, sb, wb = wins_of(b)
    if (ga, sa) != (gb, sb):
        raise SystemExit("paired.py: %s deals of seed %d against %s deals "
                         "of seed %d" % (ga, sa, gb, sb))
    deals = sorted(set(wa) & set(wb))
    a_only = [d for d in deals if wa[d] and not wb[d]]
    b_only = [d for d in deals if wb[d] and not wa[d]]
    return {"game": ga, "seed": sa, "deals": len(deals),
            "a": a, "b": b,
            "a_won": sum(wa[d] for d in deals),
            "b_won": sum(wb[d] for d in deals),
            "a_only": a_only, "b_only": b_only,
            "p_two_sided": round(mcnemar_exact(len(a_only), len(b_only)),
                                 6)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", metavar="FILE:POLICY")
    ap.add_argument("b", metavar="FILE:POLICY")
    args = ap.parse_args(argv)
    print(json.dumps(compare(args.a, args.b), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

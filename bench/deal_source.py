# SPDX-License-Identifier: GPL-3.0-or-later
"""Which deals a benchmark runs on (bench.py and bench_plot.py).

By default fresh random deals, so that no figure comes from deals the
code was tuned on: ``solver_cli.random_decks(N, seed, game)``, the decks
``stats --seed S`` solves, from a seed picked at random and printed
(``--seed S`` repeats a run).  ``--public`` (or ``--deals-file F``) takes
the fixed public set instead, for comparisons with earlier runs; that set
is itself ``random_decks(1000, PUBLIC_SEED[game], game)``.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from pysolfc_camelot.cli.solve import random_decks  # noqa: E402

PUBLIC_FILE = {"camelot": os.path.join(HERE, "deals-1000.txt"),
               "plot": os.path.join(HERE, "plot-deals-1000.txt")}
PUBLIC_SEED = {"camelot": 20260004, "plot": 20260009}


def _count_or_file(text):
    """--deals N; a file name is read as --deals-file (bench_plot.py's
    --deals used to name the file, and old command lines keep working)."""
    try:
        return int(text)
    except ValueError:
        if os.path.isfile(text):
            return text
        raise ValueError(text) from None


def add_options(ap, default_deals=1000):
    ap.add_argument("--deals", metavar="N", type=_count_or_file,
                    default=None, help="how many deals (default %d, or the"
                    " whole file)" % default_deals)
    ap.add_argument("--seed", type=int, metavar="S",
                    help="seed of the fresh random deals (default: one"
                    " picked and printed, so the run can be repeated)")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--public", action="store_true",
                     help="the fixed public set of deals instead")
    src.add_argument("--deals-file", metavar="F",
                     help="deals from a file, one per line")
    ap.set_defaults(default_deals=default_deals)


def choose(args, game, parse_deck):
    """(decks, a line saying which deals they are)."""
    if isinstance(args.deals, str):
        args.deals_file, args.deals = args.deals, None
    path = PUBLIC_FILE[game] if args.public else args.deals_file
    if path is not None:
        if args.seed is not None:
            raise SystemExit("error: --seed is for fresh deals, not with a"
                             " deals file")
        with open(path, encoding="utf-8") as f:
            decks = [parse_deck(line) for line in f if line.strip()]
        if args.deals is not None:
            decks = decks[:args.deals]
        return decks, "deals: %d from %s" % (len(decks),
                                              os.path.relpath(path))
    n = args.default_deals if args.deals is None else args.deals
    if n <= 0:
        raise SystemExit("error: --deals must be positive")
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1000000)
    stats = "stats%s --seed %d" % ("" if game == "camelot"
                                    else " --game " + game, seed)
    return random_decks(n, seed, game), (
        "deals: %d fresh random deals, seed %d (pass --seed %d to repeat;"
        " `%s` solves the same decks)" % (n, seed, seed, stats))

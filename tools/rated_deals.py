#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a game's rated deals (pysolfc_camelot/<game>/rated_deals.py) from
a study of the tiers (`stats --tier --results FILE`): the PySolFC deal
numbers of each tier, which winnable deals only deals when its live
screening finds none of the tier in time (pysol/winnable_deals.py).

    python3 tools/rated_deals.py camelot \\
        docs/results/camelot-tiers-1-2000.jsonl.xz
"""
import argparse
import os
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from pysolfc_camelot import games, study  # noqa: E402
from pysolfc_camelot.core.deal_tier import CHOICES  # noqa: E402

HEADER = '''# SPDX-License-Identifier: GPL-3.0-or-later
"""{title}'s deals of each tier by PySolFC deal number, for winnable
deals only (pysol/winnable_deals.py: dealt when the live screening finds
no deal of the tier in time).  Made by tools/rated_deals.py from
{source}
({deals} deals rated, every tier at the strong fair player's fixed seed,
the same as `solve --deal N --tier`); do not edit by hand."""

SOURCE = {source!r}
'''


def rated(records):
    """{tier: sorted deal numbers} of the winnable tiers."""
    out = {tier: [] for tier in CHOICES if tier != "any"}
    for rec in records:
        if rec.get(study.TIER) in out:
            out[rec[study.TIER]].append(rec["deal"])
    return {tier: sorted(deals) for tier, deals in out.items()}


def module_text(game, source, records):
    tiers = rated(records)
    lines = [HEADER.format(title=games.spec(game).rules_name,
                           source=source,
                           deals=sum(1 for r in records if study.TIER in r)),
             "RATED = {"]
    for tier, deals in tiers.items():
        body = textwrap.fill(", ".join(map(str, deals)) + ",", 72,
                             initial_indent=" " * 8,
                             subsequent_indent=" " * 8)
        lines.append('    "%s": (\n%s\n    ),' % (tier, body) if deals
                     else '    "%s": (),' % tier)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=games.GAMES)
    p.add_argument("results", help="a results file of stats --tier")
    args = p.parse_args(argv)
    records = list(study.final_records(study.read(args.results)).values())
    source = os.path.relpath(os.path.abspath(args.results), ROOT)
    out = os.path.join(ROOT, "pysolfc_camelot", args.game, "rated_deals.py")
    with open(out, "w", encoding="utf-8") as f:
        f.write(module_text(args.game, source, records))
    print("wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

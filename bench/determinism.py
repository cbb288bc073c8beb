# SPDX-License-Identifier: GPL-3.0-or-later
"""The determinism check: time-free outputs of solve, stats, hints (the
fair, perfect and demo choose_move, the play command's policies) and
analyse on seeded decks of both games, as one JSON document on stdout.
Run it in two trees and compare the files:

    git archive OLD | tar -x -C /tmp/old && ln -s $PWD/.venv /tmp/old/
    new=$PWD/bench/determinism.py
    (cd /tmp/old && PYTHONPATH=. .venv/bin/python $new) > old.json
    PYTHONPATH=. .venv/bin/python bench/determinism.py > new.json
    cmp old.json new.json

Camelot's fair hint stops sampling after 0.8 s on a slow machine, so on a
loaded one its bounded answer may differ from run to run (in either
tree); the game is followed along the unbounded fair hint, reported
beside it, so that one cut does not change the rest of the line."""
import json
import os
import subprocess
import sys
import tempfile

from pysolfc_camelot import games
from pysolfc_camelot.camelot import hints as camelot_hints

# Keys whose values are times or memory: left out of the comparison.
_TIMES = ("max", "median", "p90", "p99", "mean", "elapsed", "time", "took")


def run(args):
    """A command of the command line: (exit status, stdout, stderr)."""
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot"] + args,
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def strip(obj):
    """A JSON value without its times and memory figures."""
    if isinstance(obj, dict):
        return {k: strip(v) for k, v in obj.items()
                if "second" not in k and "rss" not in k and k not in _TIMES}
    if isinstance(obj, list):
        return [strip(v) for v in obj]
    return obj


def json_lines(text):
    out = []
    for line in text.splitlines():
        try:
            out.append(strip(json.loads(line)))
        except ValueError:
            out.append(line)
    return out


def hints_along(g, deck, moves=40):
    """[fair, perfect, demo, unbounded fair] choose_move answers along the
    unbounded fair hint's game (Camelot's; The Plot's fair hint has no
    clock)."""
    hint_modes = games.part(g.name, "hint_modes")
    pos = g.new_game(g.parse_deck(deck))
    line = []
    for _ in range(moves):
        if pos.status() != "playing":
            break
        fair = hint_modes.choose_move(pos, "fair")
        perfect = hint_modes.choose_move(pos, "perfect")
        demo = hint_modes.choose_move(pos, "perfect", for_demo=True)
        unbounded = camelot_hints.fair_move(pos, budget_seconds=1e9) \
            if g.name == "camelot" else fair
        line.append([str(fair), str(perfect), str(demo), str(unbounded)])
        if unbounded is None:
            break
        pos = pos.after(g.parse_moves(str(unbounded))[0])
    return line


def main():
    tmp = tempfile.mkdtemp(prefix="determinism-")
    res = {}
    for game, source, n, analysed in (
            ("camelot", "bench/deals-1000.txt", 25, 4),
            ("plot", "bench/plot-deals-1000.txt", 12, 10)):
        g = games.Game(game)
        decks = open(source).read().splitlines()[:n]
        deck_file = os.path.join(tmp, game + ".txt")
        with open(deck_file, "w") as f:
            f.write("\n".join(decks) + "\n")
        rc, out, err = run(["solve", "--game", game, "--deck-file",
                            deck_file, "--json", "--budget", "60"])
        res[game + " solve"] = (rc, json_lines(out), err)
        rc, out, _err = run(["stats", "--game", game, "--seed", "11",
                             "--deals", "15", "--json", "--budget", "60"])
        res[game + " stats"] = (rc, json_lines(out))
        for i, d in enumerate(decks[:analysed]):
            for policy in ("simple", "perfect", "greedy") if i < 4 \
                    else ("greedy",):
                rc, out, err = run(["play", "--game", game, "--deck", d,
                                    "--policy", policy, "--json"])
                res["%s play %s %d" % (game, policy, i)] = \
                    (rc, json_lines(out), err)
            # the greedy game analysed (it is most often lost)
            moves = json.loads(out)["moves"]
            rc, out, err = run(["analyse", "--game", game, "--deck", d,
                                "--moves", "; ".join(moves), "--json"])
            res["%s analyse %d" % (game, i)] = (rc, json_lines(out), err)
            if i < 4:
                res["%s choose_move %d" % (game, i)] = hints_along(g, d)
    json.dump(res, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()

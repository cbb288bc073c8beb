# SPDX-License-Identifier: GPL-3.0-or-later
"""What a drag costs: ``acceptsCards`` of every stack for a dragged card,
in real PySolFC, this tree against an earlier one.  (A benchmark, not a
test.)

    python3 bench/bench_drag.py                  # against branch layers
    python3 bench/bench_drag.py --before REF     # against another commit
    python3 bench/bench_drag.py --host 3.2 --deals 20 --rounds 3

While a card is dragged PySolFC asks ``acceptsCards`` of the stacks the
card passes over (to shade the one it would land on), and again on the
drop; a drag over the whole table asks every stack.  Here, for both
games, on PySolFC's deals 1..--deals, each played --moves moves along the
rules model's legal moves (a fixed random choice: the same positions for
both trees), every card the player could pick up (``canMoveCards``) is
"dragged" over every stack of the table: one sample is the time of
``acceptsCards(source, [card])`` on each of ``game.allstacks``, the best
of 3 repeats (the machine is shared).  "After a move" drops the kept
position first where the tree keeps one (pysol/table_position.py), so the
drag pays for building it once: the first drag after a move; "again" is
every later one.

Each tree is installed by its own installer into its own fresh HOME of a
private Xvfb; the two trees alternate, round by round, game by game, in
one run.  Printed: per game and tree, the median per drag with a 95%
interval (order statistics) over all samples, and the ratio of the
medians.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAME_IDS = {"camelot": 28080, "plot": 28081}
REPEATS = 3


# ------------------------------------------------------------- outside --

def export_tree(ref, dest):
    """The package and installer of commit ``ref`` in ``dest``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref,
                              "pysolfc_camelot", "LICENSE", "html-src",
                              "images", "setup.py", "pyproject.toml"],
                             check=True, stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)


def install(tree, env, host_dir, python):
    """The plugin of ``tree`` installed by its own installer in ``env``'s
    HOME (with the host's pysollib importable, as a player's is)."""
    env = dict(env)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), str(host_dir)])
    r = subprocess.run([python, "-m", "pysolfc_camelot", "install"],
                       cwd=str(tree), env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=120)
    if r.returncode:
        sys.exit("install from %s failed:\n%s" % (tree, r.stdout))


def median_interval(xs, z=1.96):
    """The median of ``xs`` and a distribution-free 95% interval for it
    (the order statistics the binomial's normal approximation gives)."""
    xs = sorted(xs)
    n = len(xs)
    half = z * (n ** 0.5) / 2
    lo = max(0, int(n / 2 - half))
    hi = min(n - 1, int(n / 2 + half + 1))
    mid = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return mid, xs[lo], xs[hi]


def outside(args):
    sys.path.insert(0, str(REPO / "tests"))
    import hostenv as H
    hosts = [(v, d) for v, d in H.host_dirs()
             if v.startswith(args.host)] if args.host else \
        [H.newest_debian_host()]
    if not hosts:
        sys.exit("no PySolFC host %r in .host/ (make setup)" % args.host)
    version, host_dir = hosts[0]
    display, xvfb = H.start_xvfb()
    samples = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            trees = {"before": tmp / "before", "after": REPO}
            trees["before"].mkdir()
            export_tree(args.before, trees["before"])
            homes = {}
            for name, tree in trees.items():
                env = H.fresh_home(tmp / ("home-" + name), host_dir)
                install(tree, env, host_dir, H.host_python())
                env.pop("PYTHONPATH", None)
                env["DISPLAY"] = display
                homes[name] = env
            print("PySolFC %s; before: %s, after: this tree; %d deals x %d "
                  "moves, %d rounds" % (version, args.before, args.deals,
                                        args.moves, args.rounds))
            for rnd in range(args.rounds):
                for game in args.games:
                    order = ["before", "after"]
                    if rnd % 2:
                        order.reverse()
                    for name in order:
                        out = tmp / "result.json"
                        r = subprocess.run(
                            [H.host_python(), __file__, "--inside",
                             str(host_dir), str(out), game,
                             str(args.deals), str(args.moves)],
                            env=homes[name], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True,
                            timeout=1200)
                        if not out.exists():
                            print(r.stdout[-4000:])
                            sys.exit("%s, %s: no result" % (game, name))
                        for kind, xs in json.loads(out.read_text()).items():
                            samples.setdefault((game, name, kind),
                                               []).extend(xs)
                        out.unlink()
    finally:
        H.stop_process(xvfb)
    report(samples, args.games)


def report(samples, games):
    print("per drag over every stack, microseconds: median [95% interval]"
          " (drags)")
    for game in games:
        for kind in ("after a move", "again"):
            line = ["  %-8s %-13s" % (game, kind)]
            mids = {}
            for name in ("before", "after"):
                xs = samples.get((game, name, kind), [])
                if not xs:
                    continue
                mid, lo, hi = median_interval(xs)
                mids[name] = mid
                line.append("%s %7.1f [%.1f, %.1f] (%d)" % (
                    name, mid, lo, hi, len(xs)))
            if len(mids) == 2 and mids["after"] > 0:
                line.append("before/after %.1fx" % (mids["before"]
                                                    / mids["after"]))
            print("  ".join(line))
    sys.stdout.flush()


# -------------------------------------------------------------- inside --

def inside(host_dir, out, game_name, deals, moves):
    os.chdir(host_dir)
    sys.path.insert(0, host_dir)
    from pysollib.init import init
    init()
    from pysollib.app import Application
    from pysollib.main import pysol_init
    app = Application()
    if pysol_init(app, ["pysol.py", "--nosound", "-i",
                        str(GAME_IDS[game_name])]) != 0:
        sys.exit("PySolFC failed to start")
    steps = run(app, game_name, deals, moves)
    result = {}

    def step():
        try:
            found = next(steps, None)
        except Exception:
            import traceback
            traceback.print_exc()
            found = {}
        if found is None:
            app.top.after(20, step)
            return
        with open(out, "w") as f:
            json.dump(found, f)
        os._exit(0)
    app.top.after(500, step)
    app.mainloop()
    return result


def drag_cost(game, src, cards):
    """The best of REPEATS times (microseconds) of acceptsCards on every
    stack, and of the same after the kept position is dropped."""
    stacks = game.allstacks
    forget = getattr(game, "table_changed", None)
    timer = time.perf_counter
    cold, warm = [], []
    for _ in range(REPEATS):
        if forget is not None:
            forget()
        t0 = timer()
        for s in stacks:
            s.acceptsCards(src, cards)
        t1 = timer()
        for s in stacks:
            s.acceptsCards(src, cards)
        t2 = timer()
        cold.append(t1 - t0)
        warm.append(t2 - t1)
    return min(cold) * 1e6, min(warm) * 1e6


def run(app, game_name, deals, moves):
    """A generator: None while waiting on the event loop, then the
    samples {"after a move": [...], "again": [...]}."""
    from pysollib.pysolrandom import construct_random
    while app.game is None or app.game.busy:
        yield None
    app.opt.animations = 0
    samples = {"after a move": [], "again": []}
    for number in range(1, deals + 1):
        app.game.newGame(random=construct_random(str(number)), autoplay=0)
        yield None
        game = app.game
        rng = random.Random(number)
        for _ in range(moves):
            for src in game.allstacks:
                cards = src.cards[-1:]
                if cards and src is not game.s.talon and \
                        src.canMoveCards(cards):
                    cold, warm = drag_cost(game, src, cards)
                    samples["after a move"].append(round(cold, 2))
                    samples["again"].append(round(warm, 2))
            pos = game.position()
            legal = [] if pos is None else pos.legal_moves()
            if not legal:
                break
            n, src, dst = game.hint_tuple(game, rng.choice(legal), 0)[:3]
            if src is game.s.talon:
                src.clickHandler(None)
            else:
                src.playMoveMove(1, dst)
    yield samples


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--before", default="layers", metavar="REF",
                   help="the commit to compare with (default: layers)")
    p.add_argument("--host", default="", metavar="PREFIX",
                   help="the PySolFC host (default: the newest Debian one)")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--moves", type=int, default=40,
                   help="moves played per deal (positions measured)")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--games", nargs="+", default=list(GAME_IDS),
                   choices=list(GAME_IDS))
    p.add_argument("--inside", nargs=5, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.inside:
        host_dir, out, game, deals, moves = args.inside
        inside(host_dir, out, game, int(deals), int(moves))
    else:
        outside(args)


if __name__ == "__main__":
    main()

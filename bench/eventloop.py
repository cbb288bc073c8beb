# SPDX-License-Identifier: GPL-3.0-or-later
"""How long does PySolFC's event loop wait on us?  (A benchmark, not a test.)

    python3 bench/eventloop.py               # every host in .host/
    python3 bench/eventloop.py --host 3.6    # one of them

For each PySolFC host: a fresh HOME, the plugin installed by our
installer, a private Xvfb, and PySolFC started in-process on Camelot Plus.
An ``after(10 ms)`` ticker records the longest gap between two ticks (how
long the Tk event loop was held up) in each phase:

  idle          nothing happening (PySolFC's own floor)
  moves only    30 moves played without any search (PySolFC's own work
                for a move: the floor of the phases below that move cards)
  hint fair     Assist > Hint, fair mode, move after move on a hard deal
  hint perfect  the same with perfect hints
  demo perfect  the demo (perfect, hint pause 0) for 40 moves
  solver stop   the Solver dialog searching a deal that takes seconds,
                1 s of it, then Start again (= Stop)
  solver solve  Start on a winnable deal (seconds of search)
  solver play   then Play for 40 moves

The hints' and the demo's arrows are drawn with a pause of 0: PySolFC's
own hint pause (Options > Timeouts, at least 0.2 s) sleeps in the event
loop by design, for every game, and is not ours to measure.  Set-up
(PySolFC's new deal and redraw) is kept out of the phases.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TICK_MS = 10
# Deal 519 of `stats --seed 1`: many seconds for the solver (2026-11-30).
SLOW_DECK = ("8D AH 7S 7D JS TS 7H AS KD 3C 6S 4C TH JH 7C KC 4D "
             "2H TD 5H 8S 9S 6C 5C 2D 4H 9C 2C TC JC AD 2S 6H AC "
             "JD 8C QC 6D QS 9D 5S 5D KS 9H QH 8H 3H QD 3S 3D KH "
             "4S")
# Deal 471 of bench/deals-1000.txt: winnable, seconds for the solver
# (2026-11-30).
HARD_WIN_DECK = ("QD 7C 2C 4D 8S KC 9H 2S TH TC 3H 8D TD 9D 8C 6C 6H "
                 "QC 6S 8H 7H 9C 9S 5H 3S 2H AS AC AH KS JH 5C 4H AD "
                 "4C 7S 5S JS KH 3D JC 6D 4S QH 3C JD KD 2D QS 7D 5D "
                 "TS")


# ------------------------------------------------------------- outside --

def outside(args):
    sys.path.insert(0, str(REPO / "tests"))
    import hostenv as H
    hosts = [(v, d) for v, d in H.host_dirs()
             if not args.host or any(v.startswith(p) for p in args.host)]
    display, xvfb = H.start_xvfb()
    try:
        for version, host_dir in hosts:
            with tempfile.TemporaryDirectory() as tmp:
                env = H.fresh_home(Path(tmp))
                H.install_plugin(env, host_dir=host_dir)
                env.pop("PYTHONPATH", None)
                env["DISPLAY"] = display
                out = Path(tmp) / "result.json"
                r = subprocess.run(
                    [H.host_python(), __file__, "--inside", str(host_dir),
                     str(out)], env=env, stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    text=True, timeout=900)
                if not out.exists():
                    print(r.stdout[-4000:])
                    sys.exit("PySolFC %s: no result" % version)
                report(version, json.loads(out.read_text()))
    finally:
        H.stop_process(xvfb)


def report(version, result):
    print("PySolFC %s (ticker %d ms; gap = time beyond the tick)"
          % (version, TICK_MS))
    print("  %-14s %9s %9s %8s  %s" % ("phase", "max gap", "gaps>0.1s",
                                       "seconds", "notes"))
    for name, r in result.items():
        print("  %-14s %8.3fs %9d %8.1f  %s" % (
            name, r["max_gap"], r["over"], r["seconds"], r.get("notes", "")))
    sys.stdout.flush()


# -------------------------------------------------------------- inside --

class Gaps:
    """The after() ticker, with the phase each gap belongs to."""

    def __init__(self, top):
        self.top, self.phase, self.last = top, None, None
        self.result = {}
        self.top.after(TICK_MS, self.tick)

    def start(self, phase):
        self.phase = phase
        self.result[phase] = {"max_gap": 0.0, "over": 0, "seconds": 0.0,
                              "t0": time.perf_counter()}
        self.last = time.perf_counter()

    def stop(self):
        if self.phase is not None:
            r = self.result[self.phase]
            r["seconds"] = round(time.perf_counter() - r.pop("t0"), 2)
        self.phase = None

    def tick(self):
        now = time.perf_counter()
        if self.phase is not None and self.last is not None:
            gap = now - self.last - TICK_MS / 1000.0
            r = self.result[self.phase]
            r["max_gap"] = max(r["max_gap"], round(gap, 4))
            r["over"] += gap > 0.1
        self.last = now
        self.top.after(TICK_MS, self.tick)


def inside(host_dir, out):
    os.chdir(host_dir)
    sys.path.insert(0, host_dir)
    from pysollib.init import init
    init()
    from pysollib.app import Application
    from pysollib.main import pysol_init
    app = Application()
    if pysol_init(app, ["pysol.py", "--nosound", "-i", "28080"]) != 0:
        sys.exit("PySolFC failed to start")
    gaps = Gaps(app.top)
    steps = run(app, gaps)

    def step():
        try:
            if next(steps, "end") == "end":
                finish()
                return
        except Exception:
            import traceback
            traceback.print_exc()
            finish()
            return
        app.top.after(20, step)

    def finish():
        gaps.stop()
        with open(out, "w") as f:
            json.dump(gaps.result, f, indent=1)
        os._exit(0)
    app.top.after(500, step)
    app.mainloop()


def run(app, gaps):
    """The phases, as a generator: each yield gives the event loop 20 ms."""
    from pysolfc_camelot.camelot import rules

    while app.game is None or app.game.busy:
        yield
    app.opt.animations = 0
    app.opt.timeouts["demo"] = 0.0

    def new_deal(deck):
        os.environ["CAMELOT_TEST_DECK"] = deck
        try:
            app.game.newGame(autoplay=0)
        finally:
            del os.environ["CAMELOT_TEST_DECK"]
        return app.game

    def wait(seconds):
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            yield

    def follow(game, h):
        src, dst = h[3], h[4]
        if src is game.s.talon:
            game.s.talon.clickHandler(None)
        else:
            src.playMoveMove(1, dst)

    gaps.start("idle")
    yield from wait(2)
    gaps.stop()

    # PySolFC's own work for a move (no search): the floor of the phases
    # that move cards.
    from pysolfc_camelot.camelot import hints
    game = new_deal(HARD_WIN_DECK)
    yield from wait(0.5)
    gaps.start("moves only")
    for _ in range(30):
        pos = game.position()
        if pos.status() != rules.PLAYING:
            break
        move = hints.heuristic_move(pos)
        from pysolfc_camelot.camelot.game import hint_tuple
        follow(game, (0, 0) + hint_tuple(game, move, 0))
        yield
    gaps.stop()

    for mode in ("fair", "perfect"):
        game = new_deal(HARD_WIN_DECK)
        game.hint_mode = mode
        yield from wait(0.5)
        gaps.start("hint " + mode)
        latencies = []
        for _ in range(30):
            if game.position().status() != rules.PLAYING:
                break
            t0 = time.perf_counter()
            h = game.showHint(0, sleep=0)
            while h is None:
                yield
                if game.assist_ready(0):
                    h = game.showHint(0, sleep=0)
            latencies.append(time.perf_counter() - t0)
            follow(game, h)
            yield
        gaps.result["hint " + mode]["notes"] = \
            "%d hints, slowest answer %.2f s" % (len(latencies),
                                                 max(latencies))
        gaps.stop()

    game = new_deal(HARD_WIN_DECK)
    game.hint_mode = "perfect"
    yield from wait(0.5)
    gaps.start("demo perfect")
    game.startDemo(mixed=0)
    while game.demo and game.moves.index < 40:
        yield
    game.stopDemo()
    gaps.result["demo perfect"]["notes"] = "%d moves" % game.moves.index
    gaps.stop()

    from pysolfc_camelot.texts import tr
    searching = tr("solver.searching")
    import sys as _sys
    app.menubar.mSolver()
    dialog = [m.solver_dialog for n, m in _sys.modules.items()
              if n.endswith("solverdialog") and
              getattr(m, "solver_dialog", None) is not None][0]
    new_deal(SLOW_DECK)
    yield from wait(0.5)
    gaps.start("solver stop")
    dialog.startSolving()
    yield from wait(1)
    states = app.game.solver.task.states
    dialog.startSolving()                   # the button says Stop
    t0 = time.perf_counter()
    while app.game.solver.searching() or \
            dialog.result_label["text"].startswith(searching):
        yield
    gaps.result["solver stop"]["notes"] = \
        "%d states in 1 s, stopped within %.2f s: %r" % (
            states, time.perf_counter() - t0, dialog.result_label["text"])
    gaps.stop()

    new_deal(HARD_WIN_DECK)
    yield from wait(0.5)
    gaps.start("solver solve")
    t0 = time.perf_counter()
    dialog.startSolving()
    yield
    while app.game.solver.searching() or \
            dialog.result_label["text"].startswith(searching):
        yield
    gaps.result["solver solve"]["notes"] = "%.1f s: %r" % (
        time.perf_counter() - t0, dialog.result_label["text"])
    gaps.stop()

    gaps.start("solver play")
    dialog.startPlay()
    while app.game.demo and app.game.moves.index < 40:
        yield
    app.game.stopDemo()
    gaps.result["solver play"]["notes"] = (
        "%d moves; PySolFC's Play itself sleeps 0.2 s before the demo"
        % app.game.moves.index)
    gaps.stop()
    dialog.mDone(3)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--host", action="append", default=[], metavar="PREFIX",
                   help="only PySolFC versions starting with PREFIX")
    p.add_argument("--inside", nargs=2, metavar=("HOST_DIR", "OUT"),
                   help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.inside:
        inside(*args.inside)
    else:
        outside(args)


if __name__ == "__main__":
    main()

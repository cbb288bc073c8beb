# SPDX-License-Identifier: GPL-3.0-or-later
"""Both games in a frozen PySolFC, as a player without Python has it.

``tools/build_frozen.py`` builds PySolFC 3.6.1 the way upstream builds its
Windows release (``pyinstaller pysol.py --windowed``, its packages, the
data beside the executable) and caches the build.  The drop-in bundle
(``python -m pysolfc_camelot bundle``) is unzipped into a fresh HOME's
plugin folder (the Debian source's ``~/.pysolfc/plugins``), the frozen
executable is started under Xvfb, and xdotool plays: each game loads
(window title), a stock click deals, Assist > Hint's key shows a hint
arrow for a sensible move, the Solver dialog gives its verdict, F1 opens
the rules page, the demo plays moves.  ``sys.frozen`` is set there, so
every search runs in PySolFC's own process: no child process appears.
PySolFC's output must hold no traceback.

A frozen app cannot be driven from inside, so what it shows is read from
outside: window titles, screenshots, PySolFC's output, the game's test
state file (CAMELOT_TEST_STATE_FILE) and the look-only probe plugin of
tests/host/probe.py (see test_camelot_solver_gui.py), which PySolFC loads like
any plugin.  The hint arrow lives only while PySolFC blocks its event
loop (Tk's ``after`` without a callback, unflushed to the X server), so
no screenshot shows it: a test-only plugin (HINT_WATCH) wraps PySolFC's
Game.drawHintArrow and writes down each arrow it is asked to draw.

The plugin must import nothing such a build may lack without a fallback:
its imports (every module PySolFC can load, at start-up and on the hint
and solver paths) are checked against the modules inside the build, and a
second build made with ``--exclude-module json`` (PySolFC never imports
json) must still load and play both games, save the hint setting and
read it back (pysolfc_camelot/core/jsonlite.py).
"""
import ast
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from PIL import Image

import hostenv as H
from pysolfc_camelot import camelot, plot
from pysolfc_camelot.texts import tr
from gui import Pysol, find_picture, press_f1
from tables import PLOT_DECK, WIN_DECK
from tables import PLOT_WINDOW_SIZE as PLOT_SIZE

sys.path.insert(0, str(H.REPO / "tools"))
import build_frozen  # noqa: E402

GAMES = {
    # key: (id, name, deck, options.cfg [general], rules picture)
    "camelot": (camelot.GAME_ID, camelot.GAME_NAME, WIN_DECK, {},
                "goal.png"),
    "plot": (plot.GAME_ID, plot.GAME_NAME, " ".join(PLOT_DECK),
             {"game_geometry": PLOT_SIZE}, "plot-goal.png"),
}
# A test-only plugin: says whether PySolFC runs frozen and whether its
# Python can import json.
FROZEN_CHECK = '''\
import os
import sys
try:
    import json
    found = "present"
except ImportError:
    found = "missing"
with open(os.environ["FROZEN_CHECK"], "w") as f:
    f.write("frozen=%s json=%s" % (bool(getattr(sys, "frozen", False)),
                                   found))
'''
# A test-only plugin: writes "FROM TO NCARDS" (stacks named as in
# game.s) for every hint arrow PySolFC draws, then lets it draw.
HINT_WATCH = '''\
import os
from pysollib.game import Game

_draw = Game.drawHintArrow


def _name(game, stack):
    for key in ("talon", "waste"):
        if getattr(game.s, key, None) is stack:
            return key
    for key in ("rows", "foundations", "reserves"):
        for i, other in enumerate(getattr(game.s, key, None) or ()):
            if other is stack:
                return "%s/%d" % (key, i)
    return "stack%d" % stack.id


def drawHintArrow(self, from_stack, to_stack, ncards, sleep):
    with open(os.environ["FROZEN_HINT_LOG"], "a") as f:
        f.write("%s %s %d\\n" % (_name(self, from_stack),
                                  _name(self, to_stack), ncards))
    return _draw(self, from_stack, to_stack, ncards, sleep)


Game.drawHintArrow = drawHintArrow
'''


# --------------------------------------------------------------- fixtures --

def frozen(variant):
    try:
        return build_frozen.build(variant)
    except build_frozen.BuildError as e:
        pytest.fail("the frozen PySolFC could not be built: %s" % e)


@pytest.fixture(scope="session")
def frozen_full():
    return frozen("full")


@pytest.fixture(scope="session")
def frozen_nojson():
    return frozen("nojson")


@pytest.fixture(scope="session")
def bundle(tmp_path_factory):
    """The drop-in zip of `python -m pysolfc_camelot bundle`."""
    out = tmp_path_factory.mktemp("bundle") / "pysolfc-camelot.zip"
    r = subprocess.run([H.host_python(), "-m", "pysolfc_camelot", "bundle",
                        "--output", str(out)], cwd=H.REPO,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    assert r.returncode == 0 and out.is_file(), r.stdout
    return out


def frozen_home(tmp_path, bundle, deck, general, probe=True):
    """A fresh HOME with the bundle unzipped into its plugin folder, the
    test plugins beside it and the test hooks set."""
    env = H.fresh_home(tmp_path, autodeal=False, **general)
    with open(H.plugin_dir(env).parent / "options.cfg", "a") as f:
        f.write("[timeouts]\nhint = 0.5\ndemo = 0.2\n")
    plugins = H.plugin_dir(env)
    plugins.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(bundle) as z:
        z.extractall(plugins)
    (plugins / "zz_hint_watch.py").write_text(HINT_WATCH)
    env["FROZEN_HINT_LOG"] = str(tmp_path / "hints.txt")
    (plugins / "zz_frozen_check.py").write_text(FROZEN_CHECK)
    env["FROZEN_CHECK"] = str(tmp_path / "frozen-check.txt")
    if probe:
        (plugins / "zz_test_probe.py").write_bytes(
            (H.REPO / "tests" / "host" / "probe.py").read_bytes())
        env["CAMELOT_TEST_PROBE_FILE"] = str(tmp_path / "probe.json")
    env["CAMELOT_TEST_STATE_FILE"] = str(tmp_path / "state.json")
    env["CAMELOT_TEST_DECK"] = deck
    return env


def start_frozen(build, env, game_id, log, display):
    """The frozen executable started as a player would (no Python)."""
    env = dict(env, DISPLAY=display)
    out = open(log, "wb")
    try:
        return subprocess.Popen(
            [str(build.exe), "--nosound", "-i", str(game_id)],
            cwd=str(log.parent), env=env, stdin=subprocess.DEVNULL,
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        out.close()


class FrozenPysol(Pysol):
    """test_camelot_solver_gui's driver (menus, the Solver dialog, the probe),
    on the frozen PySolFC with the bundle unzipped."""

    def __init__(self, build, bundle, tmp_path, artifacts, display, game):
        self.game_id, self.name, deck, general, self.picture = GAMES[game]
        self.display, self.artifacts = display, artifacts
        self.menu_names = H.menu_names(build.app_dir)
        self.env = frozen_home(tmp_path, bundle, deck, general)
        self.probe_file = self.env["CAMELOT_TEST_PROBE_FILE"]
        self.state_file = tmp_path / "state.json"
        self.log = artifacts / "pysol.log"
        self.proc = start_frozen(build, self.env, self.game_id, self.log,
                                 display)
        self.shots = iter(range(1, 100))


# ------------------------------------------------------------ what we see --

def press_hint(env, wid, display, proc, timeout=90):
    """Press H (Assist > Hint) until PySolFC draws a hint arrow; returns
    (from stack, to stack, ncards) of it.  The answer comes from a search,
    so the arrow may take a moment; a key sent while PySolFC is busy is
    lost, hence the repeats."""
    log = Path(env["FROZEN_HINT_LOG"])
    log.unlink(missing_ok=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        H.key("h", display=display, wid=wid)
        try:
            line = H.wait_for(lambda: log.is_file() and log.read_text(),
                              timeout=5, what="a hint arrow")
        except AssertionError:
            assert proc.poll() is None, "PySolFC exited"
            continue
        src, dst, n = line.splitlines()[0].split()
        return src, dst, int(n)
    raise AssertionError("no hint arrow within %ss" % timeout)


def check_hint(game, hint):
    """The arrow shows a move a player could make here."""
    src, dst, n = hint
    if game == "camelot":
        # The waste's king goes to a corner (the king slots).
        assert (src, n) == ("waste", 1) and dst in (
            "rows/0", "rows/3", "rows/12", "rows/15"), hint
    else:
        assert src in ("waste", "reserves/0") or src.startswith("rows/"), \
            hint
        assert dst.startswith(("foundations/", "rows/")) and n == 1, hint


def deal_by_click(state_file, display, game, tries=5):
    """Click the stock until a card has come off it; returns the state."""
    s0 = H.wait_settled(state_file)
    n = len(s0["stock"])
    for attempt in range(tries):
        s = H.read_json(state_file) or s0
        talon = s["stacks"]["talon"]
        x, y = talon["stack"] if isinstance(talon, dict) else talon
        ox, oy = s["canvas_origin"]
        w, h = s["card_size"]
        H.click(ox + x + w // 2, oy + y + h // 2, display=display)
        try:
            return H.wait_state(state_file, lambda s: len(s["stock"]) < n
                                and s["waste"], timeout=4,
                                what="a card dealt by a stock click")
        except AssertionError:
            if attempt == tries - 1:
                raise


# ------------------------------------------------------ the imports check --

def plugin_imports():
    """{module name: [(our module, guarded)]} of every import outside our
    package in every module of ours that PySolFC can load: from plugin.py
    (what the loader imports) through every import, those inside
    functions too (the hint and solver paths).  ``guarded``: inside a
    try whose handler catches ImportError (the import has a fallback)."""
    pkg_dir = H.REPO / "pysolfc_camelot"

    def source(name):
        p = pkg_dir.parent.joinpath(*name.split("."))
        if (p / "__init__.py").is_file():
            return p / "__init__.py"
        return p.with_suffix(".py") if p.with_suffix(".py").is_file() \
            else None

    # plugin.load imports each game's parts by name (games.part): start
    # from all of them, as PySolFC may load any.
    from pysolfc_camelot import games
    todo = ["pysolfc_camelot.pysol.plugin"] + [
        "pysolfc_camelot.%s" % name + (
            "" if p.stem == "__init__" else "." + p.stem)
        for name in games.GAMES
        for p in sorted((pkg_dir / name).glob("*.py"))]
    found, seen = {}, set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = source(name)
        assert path is not None, "no source for %s" % name
        tree = ast.parse(path.read_text())
        guarded = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(
                    h.type is not None and "ImportError" in ast.dump(h.type)
                    for h in node.handlers):
                guarded |= {id(n) for b in node.body for n in ast.walk(b)}
        package = name if path.name == "__init__.py" \
            else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
                subs = []
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split("."))
                                                   - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base]
                subs = [base + "." + a.name for a in node.names]
            else:
                continue
            for t in targets:
                if t.split(".")[0] == "pysolfc_camelot":
                    todo.append(t)
                    todo.extend(s for s in subs if source(s))
                else:
                    found.setdefault(t, []).append((name, id(node) in
                                                    guarded))
    return found


def unguarded_missing(build):
    """Our unguarded imports of modules the build does not hold (PySolFC
    itself, pysollib, is there at run time and not listed; nor is kivy,
    imported only under PySolFC's Kivy front end, which brings it)."""
    return {m: where for m, where in plugin_imports().items()
            if m.split(".")[0] not in ("pysollib", "kivy")
            and m not in build.modules
            and not all(g for _, g in where)}


def test_plugin_imports_only_what_the_frozen_app_holds(frozen_full,
                                                       frozen_nojson):
    found = plugin_imports()
    assert "json" in found and all(g for _, g in found["json"]), \
        "json is imported without a fallback: %s" % found["json"]
    assert "json" in frozen_full.modules
    assert "json" not in frozen_nojson.modules, \
        "the nojson build holds json after all"
    assert unguarded_missing(frozen_full) == {}
    assert unguarded_missing(frozen_nojson) == {}


def test_json_fallback_writes_and_reads_what_json_does():
    """jsonlite's own encoder and parser (used where json is absent)
    agree with json on the data the games write, and refuse bad text."""
    import json
    from pysolfc_camelot.core import jsonlite
    samples = [{"hints": "perfect"}, [], {}, 0, -7, 2.5, "", None, True,
               {"a": [1, -2.5e-3, None, False, "q\"b\\s\n\t\x01\u00e9"
                      "\U0001f600"], "b": {"c": [[1, 2], [3, 4]]}}]
    for obj in samples:
        text = jsonlite._dump(obj)
        assert text == json.dumps(obj), obj
        assert jsonlite._Parser(text).document() == obj
        pretty = json.dumps(obj, indent=2, ensure_ascii=False)
        assert jsonlite._Parser(pretty).document() == obj
    for bad in ["", "{", "[1,]", '{"a" 1}', "{1: 2}", '"\\x"', "1 2",
                "nul", '"\\ud800"', "[1 2]"]:
        with pytest.raises(ValueError):
            jsonlite._Parser(bad).document()
    with pytest.raises(TypeError):
        jsonlite._dump({"a": object()})


# ------------------------------------------------------- the frozen runs --

@pytest.mark.parametrize("game", list(GAMES))
def test_frozen_pysolfc_plays_both_games(frozen_full, bundle, game, display,
                                         artifacts, tmp_path):
    fp = FrozenPysol(frozen_full, bundle, tmp_path, artifacts, display,
                     game)
    with fp.watched():
        # -- loads: the window is our game's, the plugin is the bundle's --
        wid = H.find_window(re.escape(fp.name), display=display, timeout=90,
                            proc=fp.proc)
        title = H.window_name(wid, display=display)
        assert title.startswith("PySol") and fp.name in title, title
        fp.game(fp.game_id)
        check = Path(fp.env["FROZEN_CHECK"])
        assert check.read_text() == "frozen=True json=present"
        fp.shot("start")

        # -- a stock click deals a card ---------------------------------
        deal_by_click(fp.state_file, display, game)
        fp.shot("dealt")

        # -- a hint shows, searched in PySolFC's own process ------------
        check_hint(game, press_hint(fp.env, wid, display, fp.proc))
        fp.shot("hinted")
        assert fp.probe()["children"] == [], \
            "a frozen PySolFC started a child process for the hint"

        # -- the Solver dialog answers ----------------------------------
        p = fp.game(fp.game_id)
        assert p["menus"]["solver"]["state"] == "normal", p["menus"]
        fp.open_solver(fp.name)
        fp.shot("solver-dialog")
        fp.press("start")
        # A move was played (the deal above): the verdict is the
        # position's (assist_solver_dialog.py).
        solvable = tr("solver.position_solvable", n=1000).split("1000")[0]
        d = fp.dialog(lambda d: d["result"].startswith(solvable),
                      "the Solver's verdict", timeout=120)
        assert d["depth"] == tr("solver.after_moves", n=1), d
        fp.shot("solver-verdict")
        assert d["buttons"]["play"]["state"] == "normal", d
        assert fp.probe()["children"] == [], \
            "a frozen PySolFC started a child process for the Solver"
        fp.press("close")
        fp.probe(lambda p: not p.get("dialog"), "the Solver dialog closed")

        # -- F1 opens the rules page ------------------------------------
        help_wid = press_f1(wid, display, fp.proc, fp.name)
        goal = Image.open(H.REPO / "images" / fp.picture)
        found = None
        with goal:
            for _ in range(20):
                shot = fp.shot("rules")
                with Image.open(shot) as screen:
                    found = find_picture(screen, goal)
                if found:
                    break
                time.sleep(0.3)
        assert found, "%s is not on screen in the help window" % fp.picture
        H.key("Escape", display=display, wid=help_wid)
        H.wait_for(lambda: all(w != help_wid for w, _ in
                               H.list_windows(display)), timeout=10,
                   what="the help window closed")

        # -- the demo plays moves ---------------------------------------
        moves = fp.game(fp.game_id)["game"]["moves"]
        for attempt in range(5):
            H.key("ctrl+d", display=display, wid=wid)
            try:
                fp.probe(lambda p: p["game"]["moves"] >= moves + 3,
                         "three demo moves", timeout=10)
                break
            except AssertionError:
                if attempt == 4:
                    raise
        fp.shot("demo")
        assert fp.probe()["children"] == []
    assert "error loading plugin" not in fp.log.read_text()


def run_without_json(build, env, game, display, artifacts, name):
    """Start the nojson build on game in env; returns (proc, its log, the
    answer file of the FROZEN_CHECK plugin)."""
    game_id = GAMES[game][0]
    check = Path(env["FROZEN_CHECK"])
    check.unlink(missing_ok=True)
    log = artifacts / ("%s.log" % name)
    proc = start_frozen(build, env, game_id, log, display)
    return proc, log, check


def test_frozen_pysolfc_without_json_loads_and_plays(frozen_nojson, bundle,
                                                     display, artifacts,
                                                     tmp_path):
    """The nojson build: json really absent (a test plugin says so), both
    games load and deal, a hint shows, and Camelot's hint setting is saved
    and, at the next start, read back without json."""
    envs = {}
    for game in GAMES:
        home = tmp_path / game
        home.mkdir()
        envs[game] = frozen_home(home, bundle, GAMES[game][2],
                                 GAMES[game][3], probe=False)
    for run, game in enumerate(["camelot", "plot", "camelot"]):
        env, name = envs[game], GAMES[game][1]
        state_file = Path(env["CAMELOT_TEST_STATE_FILE"])
        state_file.unlink(missing_ok=True)
        proc, log, check = run_without_json(
            frozen_nojson, env, game, display, artifacts,
            "pysol-%d-%s" % (run, game))
        with H.watched(proc, log, artifacts, display):
            wid = H.find_window(re.escape(name), display=display,
                                timeout=90, proc=proc)
            H.wait_for(check.is_file, timeout=30, what="the frozen check")
            assert check.read_text() == "frozen=True json=missing"
            s = H.wait_settled(state_file)      # written without json
            if run == 2:
                assert s["hints"] == "perfect", \
                    "the saved hint setting was not read back"
                continue
            assert s["hints"] == "fair", s["hints"]
            deal_by_click(state_file, display, game)
            H.screenshot(artifacts / ("%d-%s-dealt.png" % (run, game)),
                         display=display)
            check_hint(game, press_hint(env, wid, display, proc))
            if game == "camelot":
                # A click on the "Hints: fair" label saves "perfect".
                s = H.read_json(state_file)
                x0, y0, x1, y1 = s["hint_label"]
                ox, oy = s["canvas_origin"]
                H.click(ox + (x0 + x1) // 2, oy + (y0 + y1) // 2,
                        display=display)
                H.wait_state(state_file, lambda s: s["hints"] == "perfect",
                             what="perfect hints")
                saved = H.plugin_dir(env).parent / "camelot-plus.json"
                assert H.read_json(saved) == {"hints": "perfect"}
        # (watched: no traceback, no "error loading plugin")

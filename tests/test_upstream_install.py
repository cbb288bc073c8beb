# SPDX-License-Identifier: GPL-3.0-or-later
"""The player's way in on upstream PySolFC (source, pip, the macOS app),
which keeps its settings and plugins in ~/.PySolFC, not Debian's
~/.pysolfc.

A fresh HOME holding only ~/.PySolFC/ (with the options.cfg a first start
leaves, the About box switched off); then, from the checkout, with the
system's python3 (which cannot import pysollib), no PYTHONPATH and no
option: ``python3 -m pysolfc_camelot install``.  Upstream PySolFC then
lists both games, starts on each (the window title says it is ours: an
unknown id would start another game) and plays a move from a click:
Camelot places the card Autodeal dealt, The Plot deals from the stock.
PySolFC's output must hold no traceback and no plugin error.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hostenv as H
from pysolfc_camelot import camelot, plot
from pysolfc_camelot.camelot import rules as camelot_rules
from pysolfc_camelot.core.cards import parse_card
from pysolfc_camelot.install.installer import LOADER_NAME

PROBE = H.REPO / "tests" / "host" / "probe.py"
GAMES = {camelot.GAME_ID: camelot.GAME_NAME, plot.GAME_ID: plot.GAME_NAME}


def players_python(env):
    """The system's python3, as a player has it; the test's own Python
    where there is none.  Either way one that cannot import pysollib, so
    the installer cannot ask PySolFC where its folder is."""
    python = shutil.which("python3", path="/usr/local/bin:/usr/bin:/bin") \
        or sys.executable
    r = subprocess.run([python, "-c", "import pysollib"], env=env,
                       cwd=str(H.REPO), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode != 0, "%s can import pysollib" % python
    return python


def only_upstream_config(tmp_path, host_dir):
    """fresh_home's environment, its HOME left with ~/.PySolFC/ only."""
    env = H.fresh_home(tmp_path, host_dir)
    home = Path(env["HOME"])
    for name in (".config", ".cache", ".local"):
        shutil.rmtree(home / name)
    for k in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
              "XDG_STATE_HOME"):
        del env[k]
    assert sorted(os.listdir(home)) == [".PySolFC"]
    assert "PYTHONPATH" not in env
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The player's install into a fresh HOME: (env, installer output)."""
    version, host_dir = H.upstream_host()
    tmp = tmp_path_factory.mktemp("upstream-player")
    env = only_upstream_config(tmp, host_dir)
    r = subprocess.run([players_python(env), "-m", "pysolfc_camelot",
                        "install"], cwd=str(H.REPO), env=env,
                       stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=120)
    return env, host_dir, r


def test_install_without_options_goes_where_upstream_looks(installed):
    env, host_dir, r = installed
    assert r.returncode == 0, r.stdout + r.stderr
    home = Path(env["HOME"])
    plugins = home / ".PySolFC" / "plugins"
    assert (plugins / LOADER_NAME).is_file(), \
        "no %s in %s; the installer said:\n%s" % (LOADER_NAME, plugins,
                                                   r.stdout + r.stderr)
    assert (plugins / "pysolfc_camelot" / "pysol" / "plugin.py").is_file()
    # Only where a PySolFC is: no Debian folder made beside it.
    assert not (home / ".pysolfc").exists(), sorted(os.listdir(home))
    assert str(plugins) in r.stdout, r.stdout


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_upstream_lists_and_plays_each_game(installed, game_id, display,
                                            artifacts, tmp_path):
    env, host_dir, r = installed
    assert r.returncode == 0, r.stdout + r.stderr
    plugins = Path(env["HOME"]) / ".PySolFC" / "plugins"
    assert (plugins / LOADER_NAME).is_file(), r.stdout + r.stderr
    env = dict(env)
    # The probe (a test-only plugin) says what PySolFC lists and where its
    # menus are; the game writes where its stacks are.
    shutil.copy(PROBE, plugins / "zz_test_probe.py")
    probe_file = tmp_path / "probe.json"
    state_file = tmp_path / "state.json"
    env.update(CAMELOT_TEST_PROBE_FILE=str(probe_file),
               CAMELOT_TEST_PROBE_GAMES=",".join(map(str, GAMES)),
               CAMELOT_TEST_STATE_FILE=str(state_file), DISPLAY=display)
    log = artifacts / "pysol.log"
    proc = H.start_pysol(host_dir, env, ["-i", game_id], log_path=log)
    with H.watched(proc, log, artifacts, display):
        name = GAMES[game_id]
        wid = H.find_window(re.escape(name), display=display,
                            timeout=90, proc=proc)
        title = H.window_name(wid, display=display)
        assert title.startswith("PySol") and name in title, title
        p = H.wait_state(probe_file, lambda p: p["game"]["id"] == game_id
                         and not p["game"]["busy"] and "listed" in p,
                         timeout=60, what="our game started")
        assert p["listed"] == {str(i): n for i, n in GAMES.items()}, \
            p["listed"]
        s = H.wait_settled(state_file)
        ox, oy = s["canvas_origin"]
        w, h = s["card_size"]
        H.screenshot(artifacts / "started.png", display=display)
        if game_id == camelot.GAME_ID:
            # Autodeal (on, as for any player) has dealt the first card:
            # a click on a slot that takes it places it.
            card = s["waste"]
            assert card and len(s["stock"]) == 51, s
            slot = camelot_rules.slots_for(parse_card(card))[0]
            x, y = s["stacks"]["rows"][slot]
            click_until(state_file, ox + x + w // 2, oy + y + h // 2,
                        lambda s: s["tableau"][slot] == card, display,
                        "%s placed in slot %d by a click" % (card, slot))
        else:
            stock = len(s["stock"])
            x, y = s["stacks"]["talon"]["top"]
            click_until(state_file, ox + x + w // 2, oy + y + h // 2,
                        lambda s: len(s["stock"]) == stock - 1
                        and len(s["waste"]) == 1, display,
                        "a deal from a click on the stock")
        H.screenshot(artifacts / "played.png", display=display)


def click_until(state_file, x, y, predicate, display, what, tries=3):
    """Click at (x, y) until the game's state satisfies predicate (a
    repeat only matters while PySolFC still ignores the mouse during its
    start-up)."""
    for attempt in range(tries):
        H.click(x, y, display=display)
        try:
            return H.wait_state(state_file, predicate, timeout=5, what=what)
        except AssertionError:
            if attempt == tries - 1:
                raise

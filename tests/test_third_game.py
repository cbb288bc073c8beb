# SPDX-License-Identifier: GPL-3.0-or-later
"""A made-up third game (tests/fixture_game/climb: a folder shaped like
camelot/ and plot/) added through the registry's extension point
(games.EXTRA_GAMES_ENV) is registered, listed by the command line,
bundled, installed and listed in a real PySolFC, with no shared module
changed: the test runs a copy of the checkout whose only additions are
the game's folder and its rules pages."""
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import hostenv
from pysolfc_camelot import games
from pysolfc_camelot.texts.languages import LANGUAGES

REPO = hostenv.REPO
FIXTURE = Path(__file__).resolve().parent / "fixture_game"
NAME = "climb"
EXTRA = {games.EXTRA_GAMES_ENV: "pysolfc_camelot." + NAME}
GAME_ID = 28089


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """The checkout's files as git has them, plus the game's folder in the
    package and its rules page (the English one for every language)."""
    root = tmp_path_factory.mktemp("third") / "repo"
    tracked = subprocess.run(["git", "ls-files", "pysolfc_camelot",
                              "html-src", "images", "LICENSE"],
                             cwd=str(REPO), capture_output=True, text=True,
                             check=True).stdout.split()
    for rel in tracked:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, root / rel)
    for mo in (REPO / "pysolfc_camelot").glob("locale/*/LC_MESSAGES/*.mo"):
        shutil.copyfile(mo, root / mo.relative_to(REPO))
    if (REPO / ".host").is_dir():       # PySolFC's deals, for --deal
        (root / ".host").symlink_to(REPO / ".host")
    shutil.copytree(FIXTURE / NAME, root / "pysolfc_camelot" / NAME)
    pages = root / "html-src" / NAME
    pages.mkdir()
    for lang in LANGUAGES:
        shutil.copyfile(FIXTURE / "html-src" / NAME / "en.html",
                        pages / (lang + ".html"))
    return root


def run(root, *args, env=None):
    env = dict(env or os.environ, PYTHONPATH=str(root), **EXTRA)
    return subprocess.run([sys.executable, "-m", "pysolfc_camelot", *args],
                          env=env, cwd=str(root), capture_output=True,
                          text=True, timeout=300)


def shared_files(root):
    return sorted(p.relative_to(root).as_posix()
                  for p in (root / "pysolfc_camelot").rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts
                  and p.relative_to(root).parts[1] != NAME)


def test_no_shared_file_is_changed(checkout):
    files = shared_files(checkout)
    assert "pysolfc_camelot/games.py" in files
    for rel in files:
        assert (checkout / rel).read_bytes() == (REPO / rel).read_bytes(), rel


def test_its_texts_come_from_its_folder(checkout):
    """Its own text is found through the registry, in every language
    (English where no catalog has it yet), and the catalogs' template
    takes it from its folder."""
    probe = ("import sys; sys.path.insert(0, 'tools'); import catalogs; "
             "from pysolfc_camelot.texts import tr; "
             "print(tr('climb.speech.score', lang='ru', score=7)); "
             "t, notes = catalogs.source_table(); "
             "print(list(t)[-1], notes['climb.speech.score'])")
    shutil.copytree(REPO / "tools", checkout / "tools", dirs_exist_ok=True)
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True,
                       text=True, cwd=str(checkout), timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(checkout),
                                **EXTRA))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "7 of 52 cards home",
        "climb.speech.score Spoken by the Q key: {score} cards of 52 are"
        " home."]


@pytest.mark.host    # solve --deal: PySolFC's random module deals it
def test_registered_and_listed_by_the_command_line(checkout):
    r = run(checkout, "solve", "--help")
    assert r.returncode == 0, r.stderr
    assert "climb: Climb (1 deck)" in " ".join(r.stdout.split())
    assert "{camelot,plot,climb}" in r.stdout
    r = run(checkout, "solve", "--game", NAME, "--deal", "3", "--json",
            "--budget", "60")
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    assert answer["winnable"] in (True, False) and answer["states"] > 0
    # The spec works on the game's new deal, as the host side uses it.
    probe = ("import random; from pysolfc_camelot import games; "
             "s = games.spec('climb'); d = s.random_deck(random.Random(4)); "
             "p = s.new_game(d); assert s.deck_of(p) == d; "
             "w = s.search_worker.WORKER; "
             "assert w.position_of(w.position_request(p)) == p; "
             "m = s.choose_move_here(p, 'perfect', True, lambda: False); "
             "assert p.is_legal(m); print(games.GAMES, s.game_id)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True,
                       text=True, cwd=str(checkout), timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(checkout),
                                **EXTRA))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["('camelot',", "'plot',", "'climb')",
                                str(GAME_ID)]
    # Without the extension point the copy is the two games' package.
    env = {k: v for k, v in os.environ.items() if k not in EXTRA}
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot", "solve",
                        "--help"], capture_output=True, text=True,
                       cwd=str(checkout), timeout=120,
                       env=dict(env, PYTHONPATH=str(checkout)))
    assert "{camelot,plot}" in r.stdout


def test_bundled(checkout, tmp_path):
    r = run(checkout, "bundle", "--output", str(tmp_path / "b.zip"))
    assert r.returncode == 0, r.stderr
    with zipfile.ZipFile(tmp_path / "b.zip") as z:
        names = set(z.namelist())
        manifest = json.loads(z.read("pysolfc_camelot/.installed.json"))
    for rel in ["pysolfc_camelot/climb/game.py",
                "pysolfc_camelot/climb/rules.py",
                "pysolfc_camelot/html/html/climb/en.html"]:
        assert rel in names and rel in manifest["files"], rel


def test_installed_and_listed_in_pysolfc(checkout, pysolfc_host, display,
                                         tmp_path):
    version, host_dir = pysolfc_host
    env = hostenv.fresh_home(tmp_path, host_dir)
    # As hostenv.install_plugin does, with the copy instead of the checkout.
    r = subprocess.run(
        [hostenv.host_python(), "-m", "pysolfc_camelot", "install"],
        cwd=str(checkout), capture_output=True, text=True, timeout=300,
        env=dict(env, PYTHONPATH=os.pathsep.join(
            [str(checkout), str(host_dir)]), **EXTRA))
    assert r.returncode == 0, r.stdout + r.stderr
    plugins = hostenv.plugin_dir(env)
    assert (plugins / "pysolfc_camelot" / NAME / "game.py").is_file()
    results, log = hostenv.run_in_plugin_folder(
        host_dir, env, GAME_ID, ["listed", "started"],
        scenario_file="third_game_scenarios.py", extra_env=EXTRA)
    listed = hostenv.check_scenario(results, log, "listed")
    assert listed["detail"] == {spec.game_name: spec.game_id
                                for spec in games.specs()} | {
        "Climb Fixture": GAME_ID}
    started = hostenv.check_scenario(results, log, "started")
    assert started["detail"] == {"game": "Climb Fixture", "cards": 52,
                                 "class": "ClimbFixture"}
    print(version, listed["detail"])

"""The drop-in bundle: `python -m pysolfc_camelot bundle` writes a zip
that, unzipped into a PySolFC plugin folder, installs both games."""
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import hostenv
from pysolfc_camelot import camelot, plot, rulespages

REPO = hostenv.REPO


def run(*args, cwd=REPO):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "pysolfc_camelot", *args],
                          env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def make_bundle(path):
    r = run("bundle", "--output", str(path))
    assert r.returncode == 0, r.stderr
    assert "wrote %s" % path in r.stdout
    return path


def zip_contents(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def test_contents_loader_package_and_pages(tmp_path):
    contents = zip_contents(make_bundle(tmp_path / "b.zip"))
    # The loader, every module of the package as it is in the checkout...
    expected = {"camelot_plus.py"}
    for p in (REPO / "pysolfc_camelot").rglob("*.py"):
        if "__pycache__" in p.parts:
            continue
        rel = "pysolfc_camelot/" + p.relative_to(
            REPO / "pysolfc_camelot").as_posix()
        assert contents.get(rel) == p.read_bytes(), rel
        expected.add(rel)
    # ...the compiled catalogs (texts.py reads them)...
    mos = sorted((REPO / "pysolfc_camelot").glob("locale/*/LC_MESSAGES/*.mo"))
    assert len(mos) >= 3
    for p in mos:
        rel = "pysolfc_camelot/" + p.relative_to(
            REPO / "pysolfc_camelot").as_posix()
        assert contents.get(rel) == p.read_bytes(), rel
        expected.add(rel)
    # ...and the built rules pages of both games in every language, with
    # the pictures they show; nothing else (no manifest, no caches).
    for game in ("camelot", "plot"):
        for lang in rulespages.LANGUAGES:
            rel = "pysolfc_camelot/html/html/%s/%s.html" % (game, lang)
            assert b"<html" in contents.get(rel, b"").lower(), rel
            expected.add(rel)
    pictures = {n for n in contents
                if n.startswith("pysolfc_camelot/html/images/")}
    assert pictures, sorted(contents)
    for rel in pictures:
        assert contents[rel] == (REPO / "images" / Path(rel).name
                                 ).read_bytes(), rel
    expected |= pictures
    assert set(contents) == expected
    loader = contents["camelot_plus.py"].decode()
    assert "from pysolfc_camelot import plugin" in loader
    assert not any("__pycache__" in n or n.endswith((".pyc", ".json"))
                   for n in contents)


def test_same_files_as_install_and_deterministic(tmp_path):
    first = make_bundle(tmp_path / "one.zip")
    os.utime(REPO / "pysolfc_camelot" / "cards.py")    # a newer mtime
    second = make_bundle(tmp_path / "two.zip")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as z:
        names = [i.filename for i in z.infolist()]
        assert names == sorted(names)
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    r = run("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    installed = {p.relative_to(plugins).as_posix(): p.read_bytes()
                 for p in plugins.rglob("*") if p.is_file()}
    manifest = installed.pop("pysolfc_camelot/.installed.json")
    assert set(json.loads(manifest)["files"]) == set(installed)
    assert zip_contents(first) == installed


def test_bad_output(tmp_path):
    r = run("bundle", "--output", str(tmp_path / "missing" / "b.zip"))
    assert r.returncode == 1
    assert "folder %s does not exist" % (tmp_path / "missing") in r.stderr
    r = run("bundle", "--output", str(tmp_path))
    assert r.returncode == 1 and "is a folder" in r.stderr
    # Replacing an old bundle writes a whole new one, and leaves no
    # temporary file beside it.
    old = tmp_path / "b.zip"
    old.write_bytes(b"old")
    make_bundle(old)
    assert zipfile.is_zipfile(old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.zip"]


def test_default_output_name(tmp_path):
    from pysolfc_camelot import __version__
    r = run("bundle", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert zipfile.is_zipfile(tmp_path /
                              ("pysolfc-camelot-%s.zip" % __version__))


@pytest.mark.parametrize("game", [camelot, plot], ids=["camelot", "plot"])
def test_unzipped_bundle_loads_in_pysolfc(pysolfc_host, game, display,
                                          tmp_path):
    """A player without Python: unzip into the plugin folder of a fresh
    HOME, start PySolFC on the game; both games are there."""
    version, host_dir = pysolfc_host
    bundle = make_bundle(tmp_path / "bundle.zip")
    env = hostenv.fresh_home(tmp_path, host_dir)
    plugins = hostenv.plugin_dir(env)
    plugins.mkdir()
    with zipfile.ZipFile(bundle) as z:
        z.extractall(plugins)
    # As tests/hostenv.run_scenarios, minus its install step.
    env["CAMELOT_GAME_ID"] = str(game.GAME_ID)
    env["CAMELOT_SCENARIO_TIMEOUT"] = "300"
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [hostenv.host_python(), str(REPO / "tests/host/runner.py"),
         str(host_dir), str(REPO / "tests/host/bundle_scenarios.py"),
         "both_games,started", str(out)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=600)
    assert out.exists(), "PySolFC run failed:\n" + proc.stdout[-5000:]
    results = json.loads(out.read_text())
    found = hostenv.check_scenario(results, proc.stdout, "both_games")
    assert found["detail"] == {camelot.GAME_NAME: camelot.GAME_ID,
                               plot.GAME_NAME: plot.GAME_ID}
    started = hostenv.check_scenario(results, proc.stdout, "started")
    assert started["detail"]["game"] == game.GAME_NAME
    print(version, found["detail"], started["detail"])

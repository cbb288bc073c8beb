# SPDX-License-Identifier: GPL-3.0-or-later
"""The drop-in bundle: `python -m pysolfc_camelot bundle` writes a zip
that, unzipped into a PySolFC plugin folder, installs both games."""
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import hostenv
from pysolfc_camelot import __version__, camelot, plot
from pysolfc_camelot.install import installer, rules_pages as rulespages

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
    # The loader, every file of the package as git has it (modules,
    # RULES.md, release file lists, catalogs)...
    expected = {"camelot_plus.py"}
    tracked = subprocess.run(["git", "ls-files", "pysolfc_camelot"],
                             cwd=str(REPO), capture_output=True, text=True,
                             check=True).stdout.split()
    assert "pysolfc_camelot/camelot/RULES.md" in tracked
    for rel in tracked:
        assert contents.get(rel) == (REPO / rel).read_bytes(), rel
        expected.add(rel)
    # ...the compiled catalogs (texts.py reads them)...
    mos = sorted((REPO / "pysolfc_camelot").glob("locale/*/LC_MESSAGES/*.mo"))
    assert len(mos) >= 3
    for p in mos:
        rel = "pysolfc_camelot/" + p.relative_to(
            REPO / "pysolfc_camelot").as_posix()
        assert contents.get(rel) == p.read_bytes(), rel
        expected.add(rel)
    # ...the built rules pages of both games in every language, with
    # the pictures they show; the GPL, the player's README and the
    # manifest of all of them; nothing else (no caches).
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
    assert contents["pysolfc_camelot/LICENSE"] == \
        (REPO / "LICENSE").read_bytes()
    readme = contents["pysolfc_camelot/README.txt"].decode()
    assert __version__ in readme and "plugins" in readme
    manifest = json.loads(contents["pysolfc_camelot/.installed.json"])
    assert manifest["version"] == __version__
    expected |= {"pysolfc_camelot/LICENSE", "pysolfc_camelot/README.txt"}
    assert set(manifest["files"]) == expected
    for rel, digest in manifest["files"].items():
        assert hashlib.sha256(contents[rel]).hexdigest() == digest, rel
    assert set(contents) == expected | {"pysolfc_camelot/.installed.json"}
    loader = contents["camelot_plus.py"].decode()
    assert "from pysolfc_camelot.pysol import plugin" in loader
    assert not any("__pycache__" in n or n.endswith(".pyc")
                   for n in contents)


def test_modes_0644(tmp_path):
    """Every entry, and the zip itself, readable by all (0644)."""
    path = make_bundle(tmp_path / "b.zip")
    with zipfile.ZipFile(path) as z:
        assert {i.external_attr >> 16 for i in z.infolist()} == {0o100644}
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_same_files_as_install_and_deterministic(tmp_path):
    first = make_bundle(tmp_path / "one.zip")
    os.utime(REPO / "pysolfc_camelot" / "core" / "cards.py")    # a newer mtime
    second = make_bundle(tmp_path / "two.zip")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as z:
        names = [i.filename for i in z.infolist()]
        assert names == sorted(names)
        # Each entry's time comes from its bytes (installer.zip_time).
        for i in z.infolist():
            assert i.date_time == installer.zip_time(z.read(i)), i
        assert len({i.date_time for i in z.infolist()}) == len(names)
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    r = run("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    installed = {p.relative_to(plugins).as_posix(): p.read_bytes()
                 for p in plugins.rglob("*") if p.is_file()}
    manifest = json.loads(installed["pysolfc_camelot/.installed.json"])
    assert set(manifest["files"]) == set(installed) - {
        "pysolfc_camelot/.installed.json"}
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
    results, log = hostenv.run_in_plugin_folder(
        host_dir, env, game.GAME_ID, ["both_games", "started"])
    found = hostenv.check_scenario(results, log, "both_games")
    assert found["detail"] == {camelot.GAME_NAME: camelot.GAME_ID,
                               plot.GAME_NAME: plot.GAME_ID}
    started = hostenv.check_scenario(results, log, "started")
    assert started["detail"]["game"] == game.GAME_NAME
    print(version, found["detail"], started["detail"])

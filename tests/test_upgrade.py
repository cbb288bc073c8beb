# SPDX-License-Identifier: GPL-3.0-or-later
"""Upgrades leave no old code running.

An older state of this repository (``OLD``, a 1.0.0 commit with four
modules removed since: pysol_common.py, pysol_solver.py and both games'
solve_worker.py) is built by its own ``bundle`` and ``install`` from
``git archive``; the newer release goes over it.  Unzipped over the old
zip, a real PySolFC lists both games, plays each (a hint, whose search
runs in a child process, followed) and loads only the new code: the new
``__version__``, only modules the new manifest lists, and the old-only
modules, still on disk, not importable.  ``install`` over the old
install removes the old files; over an unzipped 1.0.0 release
(``RELEASE_1_0_0``, whose files releases/1.0.0.sha256 lists) status,
install and uninstall know it, and a foreign file of one of our names is
left alone with a clear message.
"""
import sys
import zipfile
from pathlib import Path

import pytest

import hostenv
from helpers import REPO, run_cli
from pysolfc_camelot import __version__, camelot, plot

sys.path.insert(0, str(REPO / "tools"))
import release  # noqa: E402

OLD = "0ec2c84"                 # Merge branch 'rooms', 2026-12-01, 1.0.0
RELEASE_1_0_0 = "baa1d2d"       # the 1.0.0 that releases/1.0.0.sha256 lists
OLD_ONLY = ["pysolfc_camelot.pysol_common", "pysolfc_camelot.pysol_solver",
            "pysolfc_camelot.camelot.solve_worker",
            "pysolfc_camelot.plot.solve_worker"]


def tree(d):
    return {p.relative_to(d).as_posix(): p.read_bytes()
            for p in sorted(Path(d).rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """{name: (source tree, its zip)} for OLD, RELEASE_1_0_0 and this
    tree."""
    tmp = tmp_path_factory.mktemp("upgrade")
    out = {}
    for name, commit in (("old", OLD), ("1.0.0", RELEASE_1_0_0)):
        src = release.commit_tree(commit, tmp / name)
        out[name] = (src, release.bundle(src, tmp / (name + ".zip")))
    out["new"] = (REPO, release.bundle(REPO, tmp / "new.zip"))
    return out


def unzip(path, into):
    into.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(str(path)) as z:
        z.extractall(str(into))


def test_the_old_build_is_older(builds):
    """OLD really is an older release with the modules named removed."""
    old = zipfile.ZipFile(str(builds["old"][1])).namelist()
    new = zipfile.ZipFile(str(builds["new"][1])).namelist()
    for name in OLD_ONLY:
        rel = name.replace(".", "/") + ".py"
        assert rel in old and rel not in new, rel
    r = run_cli("--version", pythonpath=str(builds["old"][0]),
                cwd=builds["old"][0])
    assert r.stdout.strip() == "1.0.0" != __version__


def test_a_changed_file_gets_another_time(builds):
    """Unzipping gives a file its entry's time, and Python reuses cached
    bytecode whose source time and size match: so a module that changed
    since the older zip has another time in the newer one."""
    def times(path):
        with zipfile.ZipFile(str(path)) as z:
            return {i.filename: (i.date_time, z.read(i))
                    for i in z.infolist()}
    old, new = times(builds["old"][1]), times(builds["new"][1])
    changed = [n for n in set(old) & set(new) if old[n][1] != new[n][1]]
    assert any(n.endswith(".py") for n in changed), changed
    for name in changed:
        assert old[name][0] != new[name][0], name


@pytest.mark.parametrize("game", [camelot, plot], ids=["camelot", "plot"])
def test_new_zip_over_old_zip_loads_only_new_code(builds, game, display,
                                                   tmp_path):
    """In the newest PySolFC (Debian's sid build; test_bundle.py plays the
    plain zip on every host)."""
    version, host_dir = hostenv.newest_debian_host()
    env = hostenv.fresh_home(tmp_path, host_dir)
    plugins = hostenv.plugin_dir(env)
    unzip(builds["old"][1], plugins)
    unzip(builds["new"][1], plugins)
    names = ["both_games", "started", "only_new_code", "plays"]
    results, log = hostenv.run_in_plugin_folder(
        host_dir, env, game.GAME_ID, names, extra_env={
            "CAMELOT_EXPECT_VERSION": __version__,
            "CAMELOT_STALE_MODULES": ",".join(OLD_ONLY)})
    for name in names:
        hostenv.check_scenario(results, log, name)
    assert results["both_games"]["detail"] == {
        camelot.GAME_NAME: camelot.GAME_ID, plot.GAME_NAME: plot.GAME_ID}
    assert results["started"]["detail"]["game"] == game.GAME_NAME
    assert results["only_new_code"]["detail"]["stale"] == OLD_ONLY
    print(version, results["only_new_code"]["detail"],
          results["plays"]["detail"])


def test_install_over_an_older_install_removes_its_files(builds, tmp_path):
    old_src = builds["old"][0]
    plugins = tmp_path / "plugins"
    r = run_cli("install", "--plugins-dir", str(plugins),
                pythonpath=str(old_src), cwd=old_src)
    assert r.returncode == 0, r.stderr
    assert (plugins / "pysolfc_camelot/pysol_common.py").is_file()
    r = run_cli("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    fresh = tmp_path / "fresh"
    unzip(builds["new"][1], fresh)
    assert tree(plugins) == tree(fresh)
    r = run_cli("status", "--plugins-dir", str(plugins))
    assert r.returncode == 0 and "%s is installed" % __version__ in r.stdout


def test_an_unzipped_1_0_0_release_is_known(builds, tmp_path):
    """status, install and uninstall on a folder filled from 1.0.0's zip,
    which carried no manifest."""
    plugins = tmp_path / "plugins"
    unzip(builds["1.0.0"][1], plugins)
    (plugins / "someone_else.py").write_text("# another plugin\n")
    r = run_cli("status", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1.0.0 is installed in %s" % plugins in r.stdout
    assert "unzipped from its bundle" in r.stdout
    r = run_cli("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    fresh = tmp_path / "fresh"
    unzip(builds["new"][1], fresh)
    assert tree(plugins) == dict(tree(fresh), **{
        "someone_else.py": b"# another plugin\n"})
    r = run_cli("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert tree(plugins) == {"someone_else.py": b"# another plugin\n"}
    # Unzipped 1.0.0 removed as it is, without an install first.
    unzip(builds["1.0.0"][1], plugins)
    r = run_cli("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert tree(plugins) == {"someone_else.py": b"# another plugin\n"}


def test_a_foreign_file_of_our_name_is_left_alone(builds, tmp_path):
    plugins = tmp_path / "plugins"
    unzip(builds["1.0.0"][1], plugins)
    mine = plugins / "pysolfc_camelot" / "core" / "cards.py"
    mine.parent.mkdir(exist_ok=True)    # 1.0.0's modules sat at the root
    mine.write_text("# my own cards\n")
    before = tree(plugins)
    r = run_cli("install", "--plugins-dir", str(plugins))
    assert r.returncode == 1
    assert "%s exists and was not written by this installer" % mine \
        in r.stderr and "leaving it alone" in r.stderr, r.stderr
    assert tree(plugins) == before
    r = run_cli("status", "--plugins-dir", str(plugins))
    assert r.returncode == 1
    assert "changed or missing: pysolfc_camelot/core/cards.py" in r.stdout
    r = run_cli("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert "kept %s" % mine in r.stdout
    assert tree(plugins) == {
        "pysolfc_camelot/core/cards.py": b"# my own cards\n"}

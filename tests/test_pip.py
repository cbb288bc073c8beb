# SPDX-License-Identifier: GPL-3.0-or-later
"""pip as a Python user has it: the wheel (built from a copy of the tree)
and ``pip install .``, each into a fresh virtual environment, run from
another folder with no checkout on sys.path.  ``pysolfc-camelot install``
then writes a complete plugin (the same files as the checkout's zip:
modules, rules pages and pictures, catalogs, release lists), which a real
PySolFC lists; usage names the command run, and errors do not send a pip
user to `make setup`."""
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import hostenv
from helpers import REPO, run_cli
from pysolfc_camelot import __version__, camelot, plot

sys.path.insert(0, str(REPO / "tools"))
import release  # noqa: E402


def run(cmd, cwd, env=None, timeout=300):
    r = subprocess.run([str(c) for c in cmd], cwd=str(cwd), env=env,
                       stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=timeout)
    return r


def user_env(tmp):
    """No PYTHONPATH, no PYSOLFC_DIR, a HOME of its own."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYSOLFC_DIR", "PYTHONHOME")}
    env["HOME"] = str(tmp / "home")
    (tmp / "home").mkdir(exist_ok=True)
    return env


def fresh_venv(path):
    r = run([sys.executable, "-m", "venv", path], cwd=path.parent)
    assert r.returncode == 0, r.stdout + r.stderr
    return path / "bin" / "python"


@pytest.fixture(scope="module")
def venvs(tmp_path_factory):
    """{"wheel": python, "source": python}: one venv holding the wheel,
    one made by `pip install .`."""
    tmp = tmp_path_factory.mktemp("pip")
    src = release.copy_tree(tmp / "src")
    r = run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
             "--no-build-isolation", "-w", tmp / "wheels", src], cwd=tmp)
    assert r.returncode == 0, r.stdout + r.stderr
    wheel, = (tmp / "wheels").glob("*.whl")
    assert wheel.name == "pysolfc_camelot-%s-py3-none-any.whl" % __version__
    out = {}
    py = fresh_venv(tmp / "venv-wheel")
    r = run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps",
             wheel], cwd=tmp, env=user_env(tmp))
    assert r.returncode == 0, r.stdout + r.stderr
    out["wheel"] = py
    py = fresh_venv(tmp / "venv-source")
    # `pip install .` in the copy; the build backend (setuptools, wheel)
    # from this test's venv, as no index is asked.
    env = dict(user_env(tmp),
               PYTHONPATH=sysconfig.get_paths()["purelib"])
    r = run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps",
             "--no-build-isolation", "."], cwd=src, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    out["source"] = py
    return out


@pytest.fixture(scope="module")
def the_zip(tmp_path_factory):
    path = tmp_path_factory.mktemp("zip") / "b.zip"
    assert run_cli("bundle", "--output", str(path)).returncode == 0
    with zipfile.ZipFile(str(path)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def tree(d):
    return {p.relative_to(d).as_posix(): p.read_bytes()
            for p in sorted(Path(d).rglob("*")) if p.is_file()}


# The unit tests here are slow: their fixture builds the wheel and two
# fresh venvs and pip-installs into them (about 20 s).
@pytest.mark.slow
@pytest.mark.parametrize("how", ["wheel", "source"])
def test_installed_package_is_complete(venvs, how, the_zip, tmp_path):
    py = venvs[how]
    script = py.parent / "pysolfc-camelot"
    env = user_env(tmp_path)
    r = run([py, "-c", "import pysolfc_camelot; print(pysolfc_camelot"
                       ".__file__)"], cwd=tmp_path, env=env)
    assert r.returncode == 0 and str(py.parent.parent) in r.stdout, \
        r.stdout + r.stderr
    r = run([script, "--help"], cwd=tmp_path, env=env)
    assert r.returncode == 0 and r.stdout.startswith(
        "usage: pysolfc-camelot "), r.stdout
    r = run([py, "-m", "pysolfc_camelot", "--help"], cwd=tmp_path, env=env)
    assert r.stdout.startswith("usage: python -m pysolfc_camelot "), r.stdout
    r = run([script, "--version"], cwd=tmp_path, env=env)
    assert r.stdout.strip() == __version__
    plugins = tmp_path / "plugins"
    r = run([script, "install", "--plugins-dir", plugins], cwd=tmp_path,
            env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Camelot Plus and The Plot Classic" in r.stdout
    assert tree(plugins) == the_zip


@pytest.mark.slow
def test_errors_name_no_make_setup(venvs, tmp_path):
    py = venvs["wheel"]
    script = py.parent / "pysolfc-camelot"
    empty = tmp_path / "empty"
    empty.mkdir()
    env = dict(user_env(tmp_path), PYSOLFC_DIR=str(empty))
    r = run([script, "solve", "--deal", "5"], cwd=tmp_path, env=env)
    assert r.returncode != 0 and "holds no PySolFC" in r.stderr, r.stderr
    assert "make setup" not in r.stderr, r.stderr
    # Without PYSOLFC_DIR, where no PySolFC is installed either.
    if not any(os.path.isdir(d) for d in ("/usr/share/games/pysolfc",
                                          "/usr/share/pysolfc")):
        r = run([script, "solve", "--deal", "5"], cwd=tmp_path,
                env=user_env(tmp_path))
        assert r.returncode != 0 and "apt install pysolfc" in r.stderr, \
            r.stderr
        assert "make setup" not in r.stderr, r.stderr
    # From the checkout the same error does name it.
    r = run_cli("solve", "--deal", "5", env=dict(
        os.environ, PYSOLFC_DIR=str(empty)))
    assert "make setup" in r.stderr, r.stderr


def test_pysolfc_lists_the_games_a_pip_user_installed(venvs, display,
                                                      tmp_path):
    """Into the plugin folder of a fresh PySolFC (the newest Debian
    build), from the wheel's venv; PySolFC lists and starts both."""
    version, host_dir = hostenv.newest_debian_host()
    env = hostenv.fresh_home(tmp_path, host_dir)
    plugins = hostenv.plugin_dir(env)
    py = venvs["wheel"]
    r = run([py.parent / "pysolfc-camelot", "install", "--plugins-dir",
             plugins], cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    results, log = hostenv.run_in_plugin_folder(
        host_dir, env, plot.GAME_ID, ["both_games", "started"])
    found = hostenv.check_scenario(results, log, "both_games")
    assert found["detail"] == {camelot.GAME_NAME: camelot.GAME_ID,
                               plot.GAME_NAME: plot.GAME_ID}
    assert hostenv.check_scenario(results, log, "started")["detail"][
        "game"] == plot.GAME_NAME

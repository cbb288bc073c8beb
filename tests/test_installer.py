# SPDX-License-Identifier: GPL-3.0-or-later
"""The installer, run as a user runs it, on throw-away folders."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import REPO, run_cli as run


def tree(d):
    return {p.relative_to(d).as_posix(): p.read_bytes()
            for p in sorted(Path(d).rglob("*")) if p.is_file()}


def test_install_status_uninstall(tmp_path):
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "someone_else.py").write_text("# not ours\n")
    r = run("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    files = tree(plugins)
    assert "camelot_plus.py" in files
    assert "pysolfc_camelot/camelot/rules.py" in files
    assert "pysolfc_camelot/html/html/camelot/en.html" in files
    manifest = json.loads(files["pysolfc_camelot/.installed.json"])
    assert set(manifest["files"]) == set(files) - {
        "someone_else.py", "pysolfc_camelot/.installed.json"}
    r = run("status", "--plugins-dir", str(plugins))
    assert r.returncode == 0 and "is installed" in r.stdout
    # One install brings both games; status lists them.
    assert "Camelot Plus: game id 28080" in r.stdout
    assert "The Plot Classic: game id 28081" in r.stdout
    # Idempotent: a second install changes nothing.
    assert run("install", "--plugins-dir", str(plugins)).returncode == 0
    assert tree(plugins) == files
    # A file the user changed is reported and kept; the rest goes.
    (plugins / "pysolfc_camelot" / "core" / "cards.py").write_text(
        "# my change\n")
    (plugins / "pysolfc_camelot" / "notes.txt").write_text("mine\n")
    r = run("status", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "cards.py" in r.stdout
    r = run("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert "kept" in r.stdout and "cards.py" in r.stdout
    assert tree(plugins) == {
        "someone_else.py": b"# not ours\n",
        "pysolfc_camelot/core/cards.py": b"# my change\n",
        "pysolfc_camelot/notes.txt": b"mine\n"}
    r = run("status", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "not installed" in r.stdout


def test_clear_errors_and_nothing_lost(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    r = run("install", "--plugins-dir", str(afile))
    assert r.returncode == 1 and "not a folder" in r.stderr
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "camelot_plus.py").write_text("# a different plugin\n")
    r = run("install", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "not written by this installer" in r.stderr
    assert tree(plugins) == {"camelot_plus.py": b"# a different plugin\n"}
    r = run("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "not installed" in r.stderr
    assert tree(plugins) == {"camelot_plus.py": b"# a different plugin\n"}


def test_unwritable_folder(tmp_path):
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    code = ("import os, sys; os.access = lambda *a, **k: False;"
            "from pysolfc_camelot.cli import main; sys.exit(main())")
    e = dict(os.environ, PYTHONPATH=str(REPO))
    r = subprocess.run([sys.executable, "-c", code, "install",
                        "--plugins-dir", str(plugins)], env=e,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "not writable" in r.stderr
    assert tree(plugins) == {}


def test_default_folder_is_pysolfc_s(tmp_path):
    """No option: the config folder that exists (here Debian's) gets a
    plugins/ folder and the plugin."""
    (tmp_path / ".pysolfc").mkdir()
    env = dict(os.environ, HOME=str(tmp_path))
    r = run("install", env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / ".pysolfc" / "plugins" / "camelot_plus.py").is_file()
    assert not (tmp_path / ".PySolFC").exists()
    assert run("uninstall", env=env).returncode == 0
    assert list((tmp_path / ".pysolfc" / "plugins").iterdir()) == []


def test_installs_from_a_built_package_elsewhere(tmp_path):
    """pip-installed into some other place, our installer still writes a
    complete plugin (modules, rules pages and pictures) from that copy."""
    src, site = tmp_path / "src", tmp_path / "site"
    # Build from a copy: a build leaves build/ and *.egg-info behind.
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", ".host", "artifacts", "build", "*.egg-info",
        "__pycache__"))
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q",
                        "--no-deps", "--no-build-isolation", "--target",
                        str(site), str(src)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (site / "pysolfc_camelot" / "html_src" / "camelot" /
            "en.html").is_file()
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    r = run("install", "--plugins-dir", str(plugins), cwd=tmp_path,
            pythonpath=str(site))
    assert r.returncode == 0, r.stderr
    with_repo = tmp_path / "plugins-from-checkout"
    with_repo.mkdir()
    assert run("install", "--plugins-dir", str(with_repo)).returncode == 0
    assert tree(plugins) == tree(with_repo)


# ------------------------------------------------ which PySolFC folders --
# The installer on fake trees: a Machine (install/folders.py) says which
# home, APPDATA and platform it sees, where Debian's pysol and Flatpak's
# PySolFC would be, and which Pythons it may ask; nothing of the real
# machine leaks in.

from pysolfc_camelot.install import installer  # noqa: E402
from pysolfc_camelot.install.folders import FLATPAK_ID, Machine  # noqa: E402

FLATPAK = ".var/app/%s/.PySolFC" % FLATPAK_ID


def machine(tmp_path, **kw):
    home = tmp_path / "home"
    home.mkdir(parents=True, exist_ok=True)
    kw.setdefault("debian_pysol", [tmp_path / "usr/games/pysol"])
    kw.setdefault("flatpak_apps", [tmp_path / "var/lib/flatpak/app" /
                                   FLATPAK_ID])
    kw.setdefault("pythons", [])
    kw.setdefault("environ", dict(os.environ, HOME=str(home)))
    return Machine(home, **kw)


def folders(home, *rels):
    for rel in rels:
        (home / rel).mkdir(parents=True)


def installed_in(root):
    """The plugin folders under root holding our loader, relative."""
    return sorted(p.parent.relative_to(root).as_posix()
                  for p in Path(root).rglob(installer.LOADER_NAME))


def do(action, **kw):
    said = []
    result = action(out=said.append, **kw)
    return result, "\n".join(said)


def test_linux_debian_only(tmp_path):
    m = machine(tmp_path)
    folders(m.home, ".pysolfc")
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [".pysolfc/plugins"]
    assert "Debian's PySolFC" in said


def test_linux_upstream_only(tmp_path):
    m = machine(tmp_path)
    folders(m.home, ".PySolFC/plugins")
    do(installer.install, machine=m)
    assert installed_in(m.home) == [".PySolFC/plugins"]
    assert not (m.home / ".pysolfc").exists()


def test_linux_debian_upstream_and_flatpak_all_at_once(tmp_path):
    m = machine(tmp_path)
    folders(m.home, ".pysolfc", ".PySolFC", FLATPAK)
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [".PySolFC/plugins", ".pysolfc/plugins",
                                    FLATPAK + "/plugins"]
    assert said.count("installed ") == 3 and "Flatpak's PySolFC" in said


def test_flatpak_only(tmp_path):
    m = machine(tmp_path)
    folders(m.home, FLATPAK)
    do(installer.install, machine=m)
    assert installed_in(m.home) == [FLATPAK + "/plugins"]


def test_a_linked_folder_counts_once(tmp_path):
    m = machine(tmp_path)
    folders(m.home, ".PySolFC")
    (m.home / ".pysolfc").symlink_to(m.home / ".PySolFC")
    _, said = do(installer.install, machine=m)
    assert said.count("installed ") == 1


def test_macos(tmp_path):
    m = machine(tmp_path, platform="darwin")
    folders(m.home, ".PySolFC", FLATPAK)     # no Flatpak on macOS
    do(installer.install, machine=m)
    assert installed_in(m.home) == [".PySolFC/plugins"]
    # Nothing yet: upstream's folder, which the macOS app uses.
    m = machine(tmp_path / "fresh", platform="darwin")
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [".PySolFC/plugins"]
    assert "no PySolFC found" in said


def test_windows_appdata(tmp_path):
    appdata = tmp_path / "AppData" / "Roaming"
    m = machine(tmp_path, os_name="nt", platform="win32", appdata=appdata)
    folders(m.home, ".pysolfc", ".PySolFC")  # not where Windows looks
    # None yet: %APPDATA%\PySolFC, made with its plugins folder.
    _, said = do(installer.install, machine=m)
    assert installed_in(tmp_path) == ["AppData/Roaming/PySolFC/plugins"]
    assert "no PySolFC found" in said and str(appdata / "PySolFC") in said
    _, said = do(installer.status, machine=m)
    assert "is installed in %s" % (appdata / "PySolFC" / "plugins") in said
    do(installer.uninstall, machine=m)
    assert installed_in(tmp_path) == []


def test_windows_portable(tmp_path):
    """A portable PySolFC keeps its settings in config/ beside it: found
    with --pysolfc DIR, or given with --plugins-dir."""
    appdata = tmp_path / "AppData" / "Roaming"
    m = machine(tmp_path, os_name="nt", platform="win32", appdata=appdata)
    folders(tmp_path, "AppData/Roaming/PySolFC", "PySolFC/config")
    (tmp_path / "PySolFC" / "pysol.exe").write_bytes(b"MZ")
    _, said = do(installer.install, machine=m, pysolfc=tmp_path / "PySolFC")
    assert installed_in(tmp_path) == ["PySolFC/config/plugins"]
    assert "portable PySolFC" in said
    _, said = do(installer.status, machine=m, pysolfc=tmp_path / "PySolFC")
    assert "is installed in" in said and "28081" in said
    do(installer.uninstall, machine=m, pysolfc=tmp_path / "PySolFC")
    assert installed_in(tmp_path) == []
    do(installer.install, machine=m,
       plugins_dir=tmp_path / "PySolFC" / "config" / "plugins")
    assert installed_in(tmp_path) == ["PySolFC/config/plugins"]


def test_a_given_pysolfc_that_cannot_tell(tmp_path):
    m = machine(tmp_path)
    (tmp_path / "app").mkdir()
    for where in (tmp_path / "app", tmp_path / "nowhere"):
        try:
            do(installer.install, machine=m, pysolfc=where)
        except installer.FolderError as e:
            said = str(e)
        else:
            raise AssertionError("installed for %s" % where)
        assert str(where) in said
        assert "--plugins-dir" in said or "does not exist" in said
    assert installed_in(tmp_path) == []


def test_none_yet_upstream_default(tmp_path):
    m = machine(tmp_path)
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [".PySolFC/plugins"]
    assert "no PySolFC found; using PySolFC's usual folder: %s" % (
        m.home / ".PySolFC") in said


def test_none_yet_debian_pysol_installed(tmp_path):
    m = machine(tmp_path)
    folders(tmp_path, "usr/games")
    (tmp_path / "usr/games/pysol").write_text("#!/bin/sh\n")
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [".pysolfc/plugins"]
    assert "Debian's PySolFC is installed (%s)" % (
        tmp_path / "usr/games/pysol") in said


def test_none_yet_flatpak_installed(tmp_path):
    m = machine(tmp_path)
    folders(tmp_path, "var/lib/flatpak/app/" + FLATPAK_ID)
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [FLATPAK + "/plugins"]
    assert "Flatpak's PySolFC is installed" in said


@pytest.fixture
def no_pysollib_loaded():
    """The test process without pysollib for the test's time: a test that
    ran before in this process may have imported a host's."""
    hidden = {name: sys.modules.pop(name) for name in list(sys.modules)
              if name.split(".")[0] == "pysollib"}
    yield
    sys.modules.update(hidden)


def test_none_yet_asks_the_pysolfc_it_can_import(pysolfc_host, tmp_path,
                                                  no_pysollib_loaded):
    """A real PySolFC (Debian's build: ~/.pysolfc; upstream's:
    ~/.PySolFC) answers in a Python of its own, the installer's own Python
    never importing pysollib."""
    version, host_dir = pysolfc_host
    import hostenv
    folder = hostenv.config_folder_name(host_dir)
    env = dict(os.environ, PYTHONPATH=str(host_dir))
    m = machine(tmp_path, pythons=[hostenv.host_python()],
                environ=dict(env, HOME=str(tmp_path / "home")))
    _, said = do(installer.install, machine=m)
    assert installed_in(m.home) == [folder + "/plugins"]
    assert "the PySolFC in %s uses %s" % (host_dir, m.home / folder) \
        in said
    assert "pysollib" not in sys.modules
    # Given with --pysolfc, without PYTHONPATH: asked the same way.
    m = machine(tmp_path / "other", pythons=[hostenv.host_python()])
    m.environ.pop("PYTHONPATH", None)
    _, said = do(installer.install, machine=m, pysolfc=host_dir)
    assert installed_in(m.home) == [folder + "/plugins"]
    assert "the PySolFC in %s" % host_dir in said


def test_status_and_uninstall_everywhere_with_purge(tmp_path):
    """The command line on a home with three PySolFCs: status lists each,
    uninstall removes each (a changed file kept), --purge removes the
    games' settings and nothing else."""
    home = tmp_path / "home"
    folders(home, ".pysolfc", ".PySolFC", FLATPAK)
    env = dict(os.environ, HOME=str(home))
    r = run("install", env=env)
    assert r.returncode == 0, r.stderr
    assert installed_in(home) == [".PySolFC/plugins", ".pysolfc/plugins",
                                  FLATPAK + "/plugins"]
    r = run("status", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    for rel in (".pysolfc", ".PySolFC", FLATPAK):
        assert "is installed in %s" % (home / rel / "plugins") in r.stdout
    assert r.stdout.count("Camelot Plus: game id 28080") == 3
    assert r.stdout.count("The Plot Classic: game id 28081") == 3
    changed = home / ".PySolFC/plugins/pysolfc_camelot/core/deals.py"
    changed.write_text("# mine\n")
    (home / ".pysolfc/camelot-plus.json").write_text('{"hints": "perfect"}')
    (home / ".PySolFC/plot-classic.json").write_text(
        '{"hints": "fair", "winnable_deals": true}')
    foreign = home / FLATPAK / "camelot-plus.json"
    foreign.write_text('{"winnable_deals": true, "someone": "else"}')
    (home / ".pysolfc/options.cfg").write_text("[general]\n")
    r = run("uninstall", "--purge", env=env)
    assert r.returncode == 0, r.stderr
    assert "kept %s" % changed in r.stdout
    assert "kept %s: not a settings file" % foreign in r.stdout
    left = sorted(p.relative_to(home).as_posix()
                  for p in home.rglob("*") if p.is_file())
    assert left == [".PySolFC/plugins/pysolfc_camelot/core/deals.py",
                    ".pysolfc/options.cfg", FLATPAK + "/camelot-plus.json"]
    r = run("status", env=env)
    assert r.returncode == 1 and r.stdout.count("not installed") == 3


def test_nothing_found_for_status(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path))
    for command in ("status", "uninstall"):
        r = run(command, env=env)
        assert r.returncode == 1
        assert "no PySolFC folder found" in r.stderr
        assert str(tmp_path / ".PySolFC") in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_plugins_dir_made_with_its_parents(tmp_path):
    plugins = tmp_path / "a" / "b" / "plugins"
    r = run("install", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert installed_in(tmp_path) == ["a/b/plugins"]
    (tmp_path / "a/b/camelot-plus.json").write_text('{"hints": "fair"}')
    r = run("uninstall", "--plugins-dir", str(plugins), "--purge")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a", "b",
                                                           "plugins"]
    # Not under a folder that is a file; nothing made.
    (tmp_path / "file").write_text("x")
    r = run("install", "--plugins-dir", str(tmp_path / "file/x/plugins"))
    assert r.returncode == 1 and "is not a folder" in r.stderr
    # --purge on a folder not named plugins: no config folder to clean.
    other = tmp_path / "other"
    assert run("install", "--plugins-dir", str(other)).returncode == 0
    (tmp_path / "camelot-plus.json").write_text('{"hints": "fair"}')
    r = run("uninstall", "--plugins-dir", str(other), "--purge")
    assert r.returncode == 0 and "no settings removed" in r.stdout
    assert (tmp_path / "camelot-plus.json").is_file()


def test_a_foreign_plugin_stops_every_install(tmp_path):
    """A camelot_plus.py or pysolfc_camelot/ we did not write, in one of
    several folders: left alone, and nothing written anywhere."""
    for foreign in ("camelot_plus.py", "pysolfc_camelot/core/cards.py"):
        home = tmp_path / foreign.replace("/", "_")
        folders(home, ".pysolfc", ".PySolFC/plugins/pysolfc_camelot/core")
        (home / ".PySolFC/plugins" / foreign).write_text("# not ours\n")
        r = run("install", env=dict(os.environ, HOME=str(home)))
        assert r.returncode == 1
        assert "not written by this installer" in r.stderr
        assert (home / ".PySolFC/plugins" / foreign).read_text() == \
            "# not ours\n"
        assert installed_in(home) == ([".PySolFC/plugins"]
                                      if foreign == "camelot_plus.py"
                                      else [])
        assert not (home / ".pysolfc/plugins").exists()


def test_command_line_options(tmp_path):
    r = run("install", "--plugins-dir", str(tmp_path), "--pysolfc",
            str(tmp_path))
    assert r.returncode == 2 and "not allowed with" in r.stderr
    r = run("install", "--purge")
    assert r.returncode == 2


def test_the_places_looked_at_can_be_given(tmp_path):
    from pysolfc_camelot.install.folders import Place
    m = machine(tmp_path, places=[Place(tmp_path / "one", "first"),
                                  Place(tmp_path / "two", "second")])
    folders(tmp_path, "two", "home/.pysolfc")
    _, said = do(installer.install, machine=m)
    assert installed_in(tmp_path) == ["two/plugins"]
    assert "(second)" in said
    _, said = do(installer.status, machine=m)
    assert "is installed in %s (second)" % (tmp_path / "two/plugins") in said

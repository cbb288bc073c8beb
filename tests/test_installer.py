"""The installer, run as a user runs it, on throw-away folders."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(*args, env=None, cwd=REPO, pythonpath=str(REPO)):
    e = dict(os.environ if env is None else env)
    e["PYTHONPATH"] = pythonpath
    return subprocess.run([sys.executable, "-m", "pysolfc_camelot", *args],
                          env=e, cwd=cwd, capture_output=True, text=True,
                          timeout=120)


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
    (plugins / "pysolfc_camelot" / "cards.py").write_text("# my change\n")
    (plugins / "pysolfc_camelot" / "notes.txt").write_text("mine\n")
    r = run("status", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "cards.py" in r.stdout
    r = run("uninstall", "--plugins-dir", str(plugins))
    assert r.returncode == 0, r.stderr
    assert "kept" in r.stdout and "cards.py" in r.stdout
    assert tree(plugins) == {
        "someone_else.py": b"# not ours\n",
        "pysolfc_camelot/cards.py": b"# my change\n",
        "pysolfc_camelot/notes.txt": b"mine\n"}
    r = run("status", "--plugins-dir", str(plugins))
    assert r.returncode == 1 and "not installed" in r.stdout


def test_clear_errors_and_nothing_lost(tmp_path):
    r = run("install", "--plugins-dir", str(tmp_path / "missing"))
    assert r.returncode == 1 and "does not exist" in r.stderr
    assert not (tmp_path / "missing").exists()
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
    env = dict(os.environ, HOME=str(tmp_path))
    r = run("install", env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / ".pysolfc" / "plugins" / "camelot_plus.py").is_file()
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

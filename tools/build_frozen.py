#!/usr/bin/env python3
# Camelot for PySolFC - a frozen PySolFC, built like upstream's Windows app.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build PySolFC 3.6.x frozen with PyInstaller, as upstream builds its
Windows release, and cache the result.

Upstream's Windows CI runs ``pyinstaller pysol.py --windowed`` in a Python
that has Pillow, attrs, configobj, pygame(-ce), pysol-cards, ttkthemes,
accessible-output2 and pycotap, then ``setup.py install_data -d
dist\\pysol``, which puts the game's data (html, images, sound, tiles, the
cardsets) into ``dist/pysol/data/`` and the translations into
``dist/pysol/locale/``.  The frozen PySolFC finds them there: its
DataLoader (pysollib/util.py) looks in ``data/`` beside ``sys.argv[0]``
(the executable) for ``html/license.html``, and its locale lookup
(pysollib/init.py, when ``sys.frozen`` is set) looks for ``locale/``
beside the executable.  This script does the same on Linux, from the
Debian 3.6.1 build that ``make setup`` unpacks into ``.host/`` (so the
config folder is Debian's ``~/.pysolfc``).

The build environment is a venv of its own under the cache, never the
project's ``.venv``.  Builds are cached in
``${XDG_CACHE_HOME:-~/.cache}/pysolfc-camelot/frozen/``, keyed on the
PySolFC version and sources, this script's own text (its pins and steps),
the Python and the variant; a warm call returns at once.

Variants: ``full`` is upstream's build; ``nojson`` is the same with
``--exclude-module json``, a frozen PySolFC whose Python lacks ``json``
(PySolFC itself never imports it), to prove the plugin still loads there.

Usage: ``python3 tools/build_frozen.py [--variant full|nojson|all]
[--source DATADIR] [--rebuild]``; prints the executables' paths last.
From Python: ``build_frozen.build(variant)`` returns a ``FrozenBuild``.
"""

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# What upstream's Windows build installs (its CI pins nothing but the
# tool's behaviour matters most, so PyInstaller is pinned here).
PYINSTALLER = "pyinstaller==6.22.3"
BUILD_PACKAGES = [PYINSTALLER, "pillow", "attrs", "configobj", "pygame-ce",
                  "pysol-cards", "ttkthemes", "accessible-output2", "pycotap"]
HIDDEN_IMPORTS = ["PIL._tkinter_finder"]
VARIANTS = {"full": [], "nojson": ["--exclude-module", "json"]}

# Beside the executable, as upstream's install_data lays them out.
NOT_DATA = {"pysol.py", "pysollib", "locale", "pysolfc.glade"}
EXE_NAME = "pysol"
MARKER = "build.json"


class BuildError(Exception):
    """A failure with a message meant for the user."""


_T0 = time.monotonic()


def say(msg):
    print(f"[frozen {time.monotonic() - _T0:6.1f}s] {msg}", flush=True)


def cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return Path(base) / "pysolfc-camelot" / "frozen"


def _sha(data):
    return hashlib.sha256(data).hexdigest()


def pysolfc_version(datadir):
    text = (Path(datadir) / "pysollib" / "settings.py").read_text()
    m = re.search(r"VERSION_TUPLE\s*=\s*\(([\d,\s]+)\)", text)
    if not m:
        raise BuildError(f"{datadir}: no VERSION_TUPLE in settings.py")
    return ".".join(p.strip() for p in m.group(1).split(",") if p.strip())


def default_source():
    """The newest .host/pysolfc-3.6.* data dir of `make setup`."""
    found = sorted((REPO / ".host").glob("pysolfc-3.6*"))
    found = [d for d in found if (d / "pysol.py").is_file()]
    if not found:
        raise BuildError(
            "no PySolFC 3.6 source in .host/: run `make setup` first (it "
            "unpacks Debian's 3.6.1 build there), or pass --source DATADIR")
    return found[-1]


def source_digest(datadir):
    """A hash of what gets frozen: pysol.py and every pysollib file."""
    h = hashlib.sha256()
    files = [datadir / "pysol.py"] + sorted(
        p for p in (datadir / "pysollib").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts)
    for p in files:
        h.update(str(p.relative_to(datadir)).encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()


class FrozenBuild:
    """A finished build: ``exe`` the frozen PySolFC, ``root`` its folder
    (``data/`` and ``locale/`` inside), ``modules`` the names of every
    module frozen into it, ``info`` what it was built from."""

    def __init__(self, root):
        self.root = Path(root)
        self.exe = self.root / EXE_NAME / EXE_NAME
        self.app_dir = self.exe.parent
        self.info = json.loads((self.root / MARKER).read_text())
        self.modules = set(self.info["modules"])

    def __repr__(self):
        return f"FrozenBuild({self.exe})"


# ------------------------------------------------------------- the venv --

def build_venv():
    """The build's own venv (PyInstaller and PySolFC's packages), made
    once per Python and package list."""
    key = _sha(json.dumps([sys.version, BUILD_PACKAGES]).encode())[:12]
    venv = cache_root() / ("venv-py%d.%d-%s" % (sys.version_info[:2]
                                                + (key,)))
    py = venv / "bin" / "python"
    ok = venv / ".complete"
    if ok.exists() and py.exists():
        return py
    shutil.rmtree(venv, ignore_errors=True)
    say(f"creating the build venv {venv}")
    r = subprocess.run([sys.executable, "-m", "venv", str(venv)],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 or not py.exists():
        raise BuildError(f"could not create a venv with {sys.executable} "
                         f"(on Debian: apt-get install python3-venv):\n"
                         f"{r.stdout[-2000:]}")
    say("pip install " + " ".join(BUILD_PACKAGES))
    r = subprocess.run([str(py), "-m", "pip", "install", "-q",
                        "--disable-pip-version-check"] + BUILD_PACKAGES,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise BuildError("pip could not install the build packages "
                         f"{BUILD_PACKAGES}:\n{r.stdout[-3000:]}")
    r = subprocess.run([str(py), "-c", "import tkinter, PyInstaller"],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise BuildError(f"the build venv's Python lacks tkinter or "
                         f"PyInstaller:\n{r.stdout[-2000:]}")
    ok.write_text("")
    return py


# ------------------------------------------------------------ the build --

def frozen_modules(py, workdir):
    """Every module name inside the build: the PYZ archive (what
    PyInstaller collected) and base_library.zip (the core it always
    adds)."""
    pyz = workdir / "build" / EXE_NAME / "PYZ-00.pyz"
    exe = workdir / "dist" / EXE_NAME / EXE_NAME
    # The PYZ, the modules the bootloader carries itself (struct) and the
    # ones compiled into the interpreter (time, itertools).
    code = ("import sys, json\n"
            "from PyInstaller.archive.readers import (CArchiveReader,\n"
            "    ZlibArchiveReader)\n"
            "names = set(ZlibArchiveReader(sys.argv[1]).toc)\n"
            "names |= set(CArchiveReader(sys.argv[2]).toc)\n"
            "names |= set(sys.builtin_module_names)\n"
            "print(json.dumps(sorted(names)))\n")
    r = subprocess.run([str(py), "-c", code, str(pyz), str(exe)],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise BuildError(f"could not read {pyz}:\n{r.stderr[-2000:]}")
    names = set(json.loads(r.stdout))
    base = workdir / "dist" / EXE_NAME / "_internal" / "base_library.zip"
    with zipfile.ZipFile(base) as z:
        for n in z.namelist():
            if n.endswith(".pyc"):
                mod = n[:-4].replace("/", ".")
                names.add(mod[:-len(".__init__")]
                          if mod.endswith(".__init__") else mod)
    # Extension modules (json's _json, _multiprocessing, ...) are files in
    # lib-dynload beside it.
    for p in (workdir / "dist" / EXE_NAME / "_internal").rglob("*.so"):
        if p.parent.name == "lib-dynload":
            names.add(p.name.split(".")[0])
    return sorted(names)


def copy_data(source, app_dir):
    """Data and translations where the frozen PySolFC looks for them."""
    data = app_dir / "data"
    data.mkdir()
    for p in sorted(source.iterdir()):
        if p.name in NOT_DATA or p.name.endswith(".egg-info"):
            continue
        if p.is_dir():
            shutil.copytree(p, data / p.name, symlinks=False)
        else:
            shutil.copy2(p, data / p.name)
    if (source / "locale").is_dir():
        shutil.copytree(source / "locale", app_dir / "locale")
    if not (data / "html" / "license.html").is_file():
        raise BuildError(f"{source} has no html/license.html: the frozen "
                         "PySolFC would not find its data")


def _build(source, variant, dest, key_parts):
    py = build_venv()
    work = dest.parent / (dest.name + ".tmp")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # PySolFC's sources, copied so nothing is written into .host/.
    src = work / "src"
    src.mkdir()
    shutil.copy2(source / "pysol.py", src / "pysol.py")
    shutil.copytree(source / "pysollib", src / "pysollib",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cmd = [str(py), "-m", "PyInstaller", "pysol.py", "--windowed",
           "--noconfirm", "--log-level", "WARN",
           "--distpath", str(work / "dist"),
           "--workpath", str(work / "build"),
           "--specpath", str(work)]
    for h in HIDDEN_IMPORTS:
        cmd += ["--hidden-import", h]
    cmd += VARIANTS[variant]
    say("$ pyinstaller " + " ".join(cmd[3:]))
    log = work / "pyinstaller.log"
    with open(log, "w") as out:
        r = subprocess.run(cmd, cwd=str(src), stdin=subprocess.DEVNULL,
                           stdout=out, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise BuildError(f"PyInstaller failed ({r.returncode}); its log "
                         f"({log}):\n{log.read_text()[-4000:]}")
    app_dir = work / "dist" / EXE_NAME
    if not (app_dir / EXE_NAME).is_file():
        raise BuildError(f"PyInstaller made no {app_dir / EXE_NAME}")
    say("copying PySolFC's data beside the executable")
    copy_data(source, app_dir)
    modules = frozen_modules(py, work)
    freeze = subprocess.run([str(py), "-m", "pip", "freeze"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            text=True).stdout.split()
    final = work / "final"
    final.mkdir()
    shutil.move(str(app_dir), str(final / EXE_NAME))
    shutil.copy2(log, final / "pyinstaller.log")
    info = dict(key_parts, packages=freeze, modules=modules,
                built=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()))
    (final / MARKER).write_text(json.dumps(info, indent=1))
    os.replace(final, dest)     # complete or absent, never half there
    shutil.rmtree(work, ignore_errors=True)


def build(variant="full", source=None, rebuild=False):
    """The cached frozen build of this variant (built first when missing);
    returns a FrozenBuild.  Raises BuildError with the reason."""
    if variant not in VARIANTS:
        raise BuildError(f"unknown variant {variant!r}; one of "
                         + ", ".join(VARIANTS))
    source = Path(source).resolve() if source else default_source()
    if not (source / "pysol.py").is_file():
        raise BuildError(f"{source} is not a PySolFC data dir (no pysol.py)")
    version = pysolfc_version(source)
    key_parts = {
        "pysolfc_version": version,
        "pysolfc_source": source_digest(source),
        "tool": _sha(Path(__file__).read_bytes()),
        "python": sys.version,
        "variant": variant,
    }
    key = _sha(json.dumps(key_parts, sort_keys=True).encode())[:12]
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    dest = root / f"pysolfc-{version}-{variant}-{key}"
    with open(root / ".lock", "w") as lock:
        # One build at a time: a second caller waits, then finds it done.
        fcntl.flock(lock, fcntl.LOCK_EX)
        if rebuild:
            shutil.rmtree(dest, ignore_errors=True)
        if (dest / MARKER).is_file():
            say(f"cached build {dest.name}")
            return FrozenBuild(dest)
        for old in root.glob(f"pysolfc-*-{variant}-*"):
            if old != dest and not old.name.endswith(".tmp"):
                say(f"removing the outdated build {old.name}")
                shutil.rmtree(old, ignore_errors=True)
        say(f"building PySolFC {version} ({variant}) from {source}")
        t = time.monotonic()
        _build(source, variant, dest, key_parts)
        say(f"built {dest.name} in {time.monotonic() - t:.0f}s")
        return FrozenBuild(dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="full",
                    choices=sorted(VARIANTS) + ["all"])
    ap.add_argument("--source", help="PySolFC data dir (default: .host/"
                    "pysolfc-3.6.*)")
    ap.add_argument("--rebuild", action="store_true",
                    help="build again even when cached")
    args = ap.parse_args(argv)
    variants = list(VARIANTS) if args.variant == "all" else [args.variant]
    try:
        builds = [build(v, args.source, args.rebuild) for v in variants]
    except BuildError as e:
        print(f"build_frozen: error: {e}", file=sys.stderr)
        return 1
    for b in builds:
        print(b.exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())

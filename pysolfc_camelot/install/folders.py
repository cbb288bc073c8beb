# SPDX-License-Identifier: GPL-3.0-or-later
"""Where this user's PySolFCs keep their settings, and so their plugins.

Every PySolFC reads plugins from ``plugins/`` inside its config folder,
and that folder depends on how PySolFC was installed:

- Debian's and Ubuntu's package: ``~/.pysolfc`` (Debian patches it);
- upstream (from source, pip, the macOS app): ``~/.PySolFC``;
- Flathub's ``io.sourceforge.pysolfc.PySolFC``: its sandbox's
  ``~/.var/app/io.sourceforge.pysolfc.PySolFC/.PySolFC``;
- Windows: ``%APPDATA%\\PySolFC``, or, portable, a ``config`` folder in
  the folder PySolFC runs from.

``Machine`` is everything about this computer the choice depends on (home,
APPDATA, platform, the places looked at, the Pythons that may know
pysollib), so tests can build one on a fake tree.  Nothing here imports
pysollib: a PySolFC is asked in a subprocess of its own Python.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

FLATPAK_ID = "io.sourceforge.pysolfc.PySolFC"
# Debian's package: its data and its start script.
DEBIAN_PYSOL = ("/usr/share/games/pysolfc", "/usr/games/pysol")
# A system-wide Flatpak install (a per-user one is under the home).
FLATPAK_SYSTEM = ("/var/lib/flatpak/app/" + FLATPAK_ID,)

# Run by a Python that may import pysollib: prints the config folder that
# PySolFC uses.  From PySolFC's own folder, as PySolFC runs (a portable
# Windows PySolFC looks for "config" in the current folder).
_ASK = r'''
import json, os, sys
sys.path[:0] = json.loads(sys.argv[1])
import pysollib
here = os.path.dirname(os.path.dirname(os.path.abspath(pysollib.__file__)))
os.chdir(here)
from pysollib.mfxutil import getprefdir
print(json.dumps([os.path.abspath(getprefdir("PySolFC")), here]))
'''


class FolderError(Exception):
    """No PySolFC folder can be chosen; the message says why."""


class Place:
    """A PySolFC config folder (None if unknown), its plugin folder and
    whose it is (for the messages)."""

    def __init__(self, config, owner, plugins=None):
        self.config = None if config is None else Path(config)
        self.owner = owner
        self.plugins = Path(plugins) if plugins is not None \
            else self.config / "plugins"

    def __repr__(self):
        return "Place(%r, %r)" % (str(self.config), self.owner)


class Machine:
    """This computer as the installer sees it; every part can be given."""

    def __init__(self, home, appdata=None, os_name="posix",
                 platform="linux", environ=None, places=None,
                 debian_pysol=DEBIAN_PYSOL, flatpak_apps=None,
                 pythons=None):
        self.home = Path(home)
        self.appdata = Path(appdata) if appdata else None
        self.os_name = os_name
        self.platform = platform
        self.environ = dict(os.environ if environ is None else environ)
        self._places = places
        self.debian_pysol = [Path(p) for p in debian_pysol]
        if flatpak_apps is None:
            flatpak_apps = [Path(p) for p in FLATPAK_SYSTEM] + [
                self.home / ".local/share/flatpak/app" / FLATPAK_ID]
        self.flatpak_apps = [Path(p) for p in flatpak_apps]
        self.pythons = _pythons() if pythons is None else list(pythons)

    @classmethod
    def current(cls):
        home = os.environ.get("HOME", "").strip() or str(Path.home())
        return cls(home, appdata=os.environ.get("APPDATA"),
                   os_name=os.name, platform=sys.platform)

    @property
    def windows(self):
        return self.os_name == "nt"

    def upstream(self):
        """Upstream PySolFC's folder on this platform."""
        if self.windows:
            return Place((self.appdata or self.home) / "PySolFC",
                         "PySolFC for Windows")
        return Place(self.home / ".PySolFC", "PySolFC for macOS"
                     if self.platform == "darwin" else "upstream PySolFC")

    def debian(self):
        return Place(self.home / ".pysolfc", "Debian's PySolFC")

    def flatpak(self):
        return Place(self.home / ".var/app" / FLATPAK_ID / ".PySolFC",
                     "Flatpak's PySolFC")

    def places(self):
        """Every config folder a PySolFC of this user may have."""
        if self._places is not None:
            return list(self._places)
        if self.windows:
            return [self.upstream()]
        if self.platform == "darwin":
            return [self.upstream()]
        return [self.debian(), self.upstream(), self.flatpak()]

    def ask_pysolfc(self, dirs=()):
        """(config folder, PySolFC folder) from the first PySolFC that
        one of our Pythons can import (dirs first on its path), else
        None."""
        for python in self.pythons:
            try:
                r = subprocess.run(
                    [python, "-c", _ASK, json.dumps([str(d) for d in dirs])],
                    env=self.environ, stdin=subprocess.DEVNULL,
                    capture_output=True, text=True, timeout=60)
                config, where = json.loads(r.stdout.strip().splitlines()[-1])
            except (OSError, subprocess.SubprocessError, ValueError,
                    IndexError, TypeError):
                continue
            if r.returncode == 0:
                return Path(config), Path(where)
        return None


def _pythons():
    """This Python, then the system's: one may import pysollib."""
    found = []
    for p in [sys.executable, shutil.which("python3"),
              shutil.which("python")]:
        if p and os.path.realpath(p) not in [os.path.realpath(f)
                                             for f in found]:
            found.append(p)
    return found


def _same(a, b):
    try:
        return os.path.samefile(str(a), str(b))
    except OSError:
        return False


def _distinct(places):
    """Places without twins (a link, or a case-insensitive disk)."""
    kept = []
    for p in places:
        if not any(p.config == k.config or _same(p.config, k.config)
                   for k in kept):
            kept.append(p)
    return kept


def existing(machine):
    """The config folders of this user's PySolFCs that exist."""
    return _distinct([p for p in machine.places() if p.config.is_dir()])


def chosen(machine, out=print):
    """Where to install when no option says: every existing config folder;
    when there is none, the one of the PySolFC on this machine (saying
    why)."""
    found = existing(machine)
    if found:
        return found
    debian = [p for p in machine.debian_pysol if p.exists()]
    data = [p for p in debian if (p / "pysollib").is_dir()]
    answer = machine.ask_pysolfc(data)
    picks = []
    if answer:
        config, where = answer
        out("no PySolFC folder yet; the PySolFC in %s uses %s"
            % (where, config))
        picks.append(Place(config, "the PySolFC in %s" % where))
    if debian:
        out("no PySolFC folder yet; Debian's PySolFC is installed (%s)"
            % debian[0])
        picks.append(machine.debian())
    flatpak = [p for p in machine.flatpak_apps if p.is_dir()]
    if flatpak:
        out("no PySolFC folder yet; Flatpak's PySolFC is installed (%s)"
            % flatpak[0])
        picks.append(machine.flatpak())
    if not picks:
        place = machine.upstream()
        out("no PySolFC found; using PySolFC's usual folder: %s"
            % place.config)
        picks.append(place)
    return _distinct(picks)


def of_pysolfc(machine, pysolfc_dir):
    """The config folder of the PySolFC in pysolfc_dir: its portable
    ``config`` folder, else the one it says when asked."""
    pysolfc_dir = Path(pysolfc_dir)
    if not pysolfc_dir.is_dir():
        raise FolderError("PySolFC folder %s does not exist" % pysolfc_dir)
    portable = pysolfc_dir / "config"
    if portable.is_dir():
        return Place(portable, "portable PySolFC")
    answer = None
    if (pysolfc_dir / "pysollib").is_dir():
        answer = machine.ask_pysolfc([pysolfc_dir])
    if answer is None or not _same(answer[1], pysolfc_dir):
        raise FolderError(
            "cannot tell where the PySolFC in %s keeps its settings: no"
            " 'config' folder beside it and no pysollib to ask; give the"
            " plugin folder with --plugins-dir" % pysolfc_dir)
    return Place(answer[0], "the PySolFC in %s" % pysolfc_dir)

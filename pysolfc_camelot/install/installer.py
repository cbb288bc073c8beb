# SPDX-License-Identifier: GPL-3.0-or-later
"""Install the plugin into PySolFC plugin folders, remove it, report it,
or write it as a zip to unzip by hand.

PySolFC runs every ``*.py`` file at the top of its plugin folder.  We write
one small loader there and a copy of this package beside it, so the plugin
runs under PySolFC's own Python whatever environment installed us.  A
manifest (``pysolfc_camelot/.installed.json``) lists each file of the
release with its hash; install writes it and the bundle carries it, so an
unzipped bundle is an install like any other.  The package imports only
the modules its manifest lists (``__init__.py``): a newer release
unzipped over an older one runs only the newer code.

Which files are ours: those the manifest lists, unchanged, and any file
of a released version (``releases/VERSION.sha256``, one per release
before this one): so ``install``, ``status`` and ``uninstall`` know a
folder filled from any release's zip, and never touch a file that is in
neither (a file someone changed, or another plugin's).  Which folders:
install/folders.py.
"""
import hashlib
import json
import os
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from .. import MANIFEST, __version__, games
from . import folders as pysolfc_folders
from ..core.game_settings import SETTINGS_KEYS
from .folders import FolderError, Place

LOADER_NAME = "camelot_plus.py"
PACKAGE = "pysolfc_camelot"
PACKAGE_DIR = Path(__file__).resolve().parent.parent
RELEASES = PACKAGE_DIR / "install" / "releases"
LOADER = '''\
# Camelot Plus and The Plot Classic for PySolFC (pysolfc-camelot): loads
# the package pysolfc_camelot/ beside this file.  Written by
# "python -m pysolfc_camelot install" ("... uninstall" removes it) or
# unzipped from its bundle (delete this file and pysolfc_camelot/).
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
if _here not in sys.path:
    sys.path.insert(0, _here)
from pysolfc_camelot.pysol import plugin  # noqa: E402

plugin.load()
'''
# What the player reads in the zip (and in the plugin folder).
PLAYER_README = """\
Camelot Plus and The Plot Classic for PySolFC, version %(version)s

Two patience games, each with an exact solver, fair and perfect hints
and its rules under Help > Rules (F1).

Install: unzip this zip into your PySolFC's plugin folder, so that
camelot_plus.py and the folder pysolfc_camelot sit directly in it, and
restart PySolFC.  Then choose Camelot Plus (game id 28080) or The Plot
Classic (28081) in Select > All games.

  Windows:           %%APPDATA%%\\PySolFC\\plugins
  Windows, portable: config\\plugins beside pysol.exe
  macOS, Linux:      ~/.PySolFC/plugins
  Debian, Ubuntu:    ~/.pysolfc/plugins
  Flatpak:           ~/.var/app/io.sourceforge.pysolfc.PySolFC/.PySolFC/plugins
  Android:           /sdcard/.PySolFC/plugins

Upgrade: unzip the newer zip over the older one; only the newer code
runs.  Remove: delete camelot_plus.py and the folder pysolfc_camelot (or,
with Python, "python3 -m pysolfc_camelot uninstall").

Free software under the GNU General Public License, version 3 or later
(pysolfc_camelot/LICENSE).
"""
# Package files that are not copied as they are: the sources of the rules
# pages and their pictures (built into html/), built pages of another
# copy, and what only a checkout holds.
NOT_COPIED = ("html", "html_src", "images")


# The games one install brings, as PySolFC lists them.
GAMES = games.names_and_ids()
WHAT = " and ".join(name for name, _ in GAMES)
# What the games themselves write into PySolFC's config folder: removed
# only by "uninstall --purge".
SETTINGS_FILES = tuple(spec.settings_file for spec in games.specs())


class InstallError(Exception):
    """A clear reason why the plugin folder cannot be used."""


def _sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _read_manifest(target):
    try:
        with open(str(target / PACKAGE / MANIFEST)) as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or \
            not isinstance(manifest.get("files"), dict):
        return None
    return manifest


def _is_package_data(rel):
    """A file under the package that ships as it is: every module and
    data file (catalogs, RULES.md, ...), not caches, hidden files, editor
    backups or NOT_COPIED."""
    parts = rel.split("/")
    return not (parts[0] in NOT_COPIED and len(parts) > 1) and \
        "__pycache__" not in parts and \
        not any(p.startswith(".") for p in parts) and \
        not rel.endswith((".pyc", ".pyo", "~"))


def _package_files():
    """Our modules and data files, as (path relative to the package,
    path), read from wherever this package is imported."""
    return sorted((p.relative_to(PACKAGE_DIR).as_posix(), p)
                  for p in PACKAGE_DIR.rglob("*")
                  if p.is_file() and _is_package_data(
                      p.relative_to(PACKAGE_DIR).as_posix()))


def license_text():
    """The GPL: beside the package in a plugin folder, at the top of a
    checkout, or in the wheel's metadata."""
    places = [PACKAGE_DIR / "LICENSE", PACKAGE_DIR.parent / "LICENSE"]
    places += sorted(PACKAGE_DIR.parent.glob(
        "pysolfc_camelot-*.dist-info/**/LICENSE*"))
    for path in places:
        if path.is_file():
            return path.read_bytes()
    raise InstallError("the LICENSE file is missing (looked in %s)"
                       % ", ".join(str(p) for p in places))


def plugin_files():
    """Everything a plugin folder needs, {path relative to it: bytes}:
    the loader, this package's modules and data, the built rules pages,
    the player's README and LICENSE, and the manifest listing them all.
    Both install and bundle write exactly this."""
    files = {LOADER_NAME: LOADER.encode()}
    for rel, src in _package_files():
        files["%s/%s" % (PACKAGE, rel)] = src.read_bytes()
    files[PACKAGE + "/README.txt"] = (PLAYER_README
                                      % {"version": __version__}).encode()
    files[PACKAGE + "/LICENSE"] = license_text()
    from . import rules_pages
    with tempfile.TemporaryDirectory() as tmp:
        try:
            rules_pages.build_pages(Path(tmp))
        except Exception as e:
            raise InstallError("cannot build the rules pages: %s" % e)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                rel = path.relative_to(tmp).as_posix()
                files["%s/html/%s" % (PACKAGE, rel)] = path.read_bytes()
    files["%s/%s" % (PACKAGE, MANIFEST)] = manifest_bytes(
        {rel: hashlib.sha256(data).hexdigest()
         for rel, data in files.items()})
    return files


def manifest_bytes(digests):
    return (json.dumps({"version": __version__, "files": digests},
                       indent=1, sort_keys=True) + "\n").encode()


# -------------------------------------------------- files of any release --

def released_files():
    """{(path, sha256)} of every file of every earlier release
    (releases/VERSION.sha256, as sha256sum writes it), with
    {version: number of files}."""
    known, versions = set(), {}
    for table in sorted(RELEASES.glob("*.sha256")):
        lines = table.read_text(encoding="utf-8").splitlines()
        for line in lines:
            digest, _, rel = line.partition("  ")
            if rel:
                known.add((rel, digest))
        versions[table.name[:-len(".sha256")]] = len(lines)
    return known, versions


def release_table(files):
    """files ({path: bytes} of a release's zip) as releases/V.sha256
    holds them."""
    return "".join("%s  %s\n" % (hashlib.sha256(data).hexdigest(), rel)
                   for rel, data in sorted(files.items())
                   if not rel.endswith("/" + MANIFEST))


class Folder:
    """A plugin folder and what of it is ours: the files its manifest
    lists unchanged, or that a release of ours held."""

    def __init__(self, target):
        self.target = target
        self.manifest = _read_manifest(target)
        self.listed = dict(self.manifest["files"]) if self.manifest else {}
        self.known, _ = released_files()

    def is_ours(self, rel):
        path = self.target / rel
        if not path.is_file():
            return False
        digest = _sha(path)
        return self.listed.get(rel) == digest or (rel, digest) in self.known

    def candidates(self):
        """Every file that may be ours: listed, or in the loader's place
        or under the package folder."""
        found = set(self.listed)
        found.add(LOADER_NAME)
        pkg = self.target / PACKAGE
        if pkg.is_dir():
            found.update(p.relative_to(self.target).as_posix()
                         for p in pkg.rglob("*") if p.is_file()
                         and "__pycache__" not in p.parts)
        found.discard("%s/%s" % (PACKAGE, MANIFEST))
        return sorted(rel for rel in found if (self.target / rel).is_file())

    def ours(self):
        return [rel for rel in self.candidates() if self.is_ours(rel)]

    def is_installed(self):
        """A manifest, or our loader from some release."""
        return self.manifest is not None or self.is_ours(LOADER_NAME)

    def version(self):
        if self.manifest is not None:
            return self.manifest.get("version", "?")
        digest = _sha(self.target / LOADER_NAME)
        for table in sorted(RELEASES.glob("*.sha256")):
            if "%s  %s" % (digest, LOADER_NAME) in table.read_text():
                return table.name[:-len(".sha256")]
        return "?"


# ---------------------------------------------------------------- folders --

def places(plugins_dir=None, pysolfc=None, machine=None, installing=False,
           out=print):
    """The PySolFC folders a command works on: the plugin folder given,
    the one of the PySolFC given, or every one of this user (install:
    or, when there is none, the one it picks)."""
    if plugins_dir is not None:
        plugins = Path(plugins_dir)
        # Its config folder (for --purge) only if it is PySolFC's plugins/.
        config = plugins.parent if plugins.name == "plugins" else None
        return [Place(config, None, plugins=plugins)]
    machine = machine or pysolfc_folders.Machine.current()
    if pysolfc is not None:
        return [pysolfc_folders.of_pysolfc(machine, pysolfc)]
    if installing:
        return pysolfc_folders.chosen(machine, out)
    found = pysolfc_folders.existing(machine)
    if not found:
        raise InstallError("no PySolFC folder found (looked for %s)"
                           % ", ".join(str(p.config)
                                       for p in machine.places()))
    return found


def _where(place):
    if place.owner:
        return "%s (%s)" % (place.plugins, place.owner)
    return str(place.plugins)


# ---------------------------------------------------------------- install --

def _check_target(target, files):
    """Refuse a plugin folder we cannot or must not write; returns what
    of it is ours (a Folder)."""
    if not target.exists():
        parent = target.parent
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            raise InstallError("cannot create plugin folder %s: %s is not a"
                               " folder" % (target, parent))
        if not os.access(str(parent), os.W_OK | os.X_OK):
            raise InstallError("cannot create plugin folder %s: %s is not"
                               " writable" % (target, parent))
        return Folder(target)
    if not target.is_dir():
        raise InstallError("%s is not a folder" % target)
    if not os.access(str(target), os.W_OK | os.X_OK):
        raise InstallError("plugin folder %s is not writable" % target)
    folder = Folder(target)
    for rel in sorted(files, key=lambda r: (r != LOADER_NAME, r)):
        path = target / rel
        if rel.endswith("/" + MANIFEST) or not path.exists():
            continue
        if not path.is_file() or (path.read_bytes() != files[rel]
                                  and not folder.is_ours(rel)):
            raise InstallError(
                "%s exists and was not written by this installer nor comes"
                " from a release of pysolfc-camelot (another plugin's file,"
                " or one changed since); leaving it alone: move it away"
                " and install again" % path)
    return folder


def _tidy(target, removed):
    """Remove Python's caches of the modules removed and the folders
    left empty, deepest first (never target itself)."""
    made = {target / "__pycache__"}
    for rel in removed:
        path = target / rel
        made.update(path.parents)
        if path.suffix == ".py":
            cache = path.parent / "__pycache__"
            made.add(cache)
            for p in cache.glob(path.stem + ".*.pyc"):
                p.unlink()
    for d in sorted(made, key=lambda p: len(p.parts), reverse=True):
        if target in d.parents and d.is_dir() and not any(d.iterdir()):
            d.rmdir()


def _write(target, files, folder):
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InstallError("cannot create plugin folder %s: %s"
                           % (target, e.strerror))
    manifest = "%s/%s" % (PACKAGE, MANIFEST)
    old = {rel: _sha(target / rel) for rel in folder.ours()}
    written = {rel: hashlib.sha256(data).hexdigest()
               for rel, data in files.items() if rel != manifest}
    # A manifest of the old files and the new goes first: whatever
    # happens next, uninstall knows every file this install may have
    # written.
    (target / PACKAGE).mkdir(exist_ok=True)
    (target / manifest).write_bytes(manifest_bytes(dict(old, **written)))
    for rel, data in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if rel != manifest and (not path.exists()
                                or path.read_bytes() != data):
            path.write_bytes(data)
    # Files of an older release that this one no longer has.
    gone = [rel for rel, digest in old.items() if rel not in written
            and (target / rel).is_file() and _sha(target / rel) == digest]
    for rel in gone:
        (target / rel).unlink()
    _tidy(target, gone)
    (target / manifest).write_bytes(files[manifest])


def install(plugins_dir=None, pysolfc=None, machine=None, out=print):
    """Install into every folder places() gives; returns their plugin
    folders.  All are checked before any is written."""
    chosen = places(plugins_dir, pysolfc, machine, installing=True, out=out)
    files = plugin_files()
    folders = [_check_target(p.plugins, files) for p in chosen]
    for place, folder in zip(chosen, folders):
        _write(place.plugins, files, folder)
        out("installed %s %s into %s" % (WHAT, __version__, _where(place)))
    return [p.plugins for p in chosen]


# -------------------------------------------------------------- uninstall --

def _remove(folder, out):
    """Remove our files (listed unchanged, or of a release); returns the
    files kept."""
    target = folder.target
    ours = folder.ours()
    kept = [rel for rel in folder.candidates() if rel not in ours]
    for rel in ours:
        (target / rel).unlink()
    manifest = target / PACKAGE / MANIFEST
    if manifest.is_file():
        manifest.unlink()
    _tidy(target, ours + ["%s/%s" % (PACKAGE, MANIFEST)])
    for rel in kept:
        out("kept %s: not written by pysolfc-camelot, or changed since"
            % (target / rel))
    out("removed %s from %s" % (WHAT, target))
    return kept


def _is_our_settings(path):
    """A settings file as the games write it: only keys they write
    (game_settings.SETTINGS_KEYS: "hints", "winnable_deals")."""
    try:
        with open(str(path)) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and set(data) <= set(SETTINGS_KEYS)


def _purge(place, out):
    """Remove the games' settings files from place's config folder;
    returns whether any was removed."""
    if place.config is None:
        out("no settings removed: %s is not a folder named plugins inside"
            " a PySolFC config folder" % place.plugins)
        return False
    removed = False
    for name in SETTINGS_FILES:
        path = place.config / name
        if not path.is_file():
            continue
        if not _is_our_settings(path):
            out("kept %s: not a settings file of these games" % path)
            continue
        path.unlink()
        out("removed %s" % path)
        removed = True
    return removed


def uninstall(plugins_dir=None, pysolfc=None, purge=False, machine=None,
              out=print):
    """Remove what install wrote (or a release's zip held) from every
    folder places() gives (with purge, the games' settings too); returns
    the files kept because not ours or changed."""
    found = places(plugins_dir, pysolfc, machine, out=out)
    kept, done = [], False
    for place in found:
        folder = Folder(place.plugins)
        if folder.is_installed():
            kept += [place.plugins / rel for rel in _remove(folder, out)]
            done = True
        if purge and _purge(place, out):
            done = True
    if not done:
        raise InstallError("%s are not installed in %s" % (
            WHAT, ", ".join(str(p.plugins) for p in found)))
    return kept


# ----------------------------------------------------------------- status --

def status(plugins_dir=None, pysolfc=None, machine=None, out=print):
    """Say what is installed in every folder places() gives; True when
    installed in one at least and nothing changed or missing."""
    found = places(plugins_dir, pysolfc, machine, out=out)
    installed, intact = False, True
    for place in found:
        target = place.plugins
        folder = Folder(target)
        if not folder.is_installed():
            out("%s are not installed in %s" % (WHAT, _where(place)))
            continue
        installed = True
        listed, ours = folder.listed, folder.ours()
        if listed:
            changed = [r for r, d in listed.items() if not (
                target / r).is_file() or _sha(target / r) != d]
        else:           # an older release's zip, which had no manifest
            changed = [r for r in folder.candidates() if r not in ours]
        older = [r for r in ours if r not in listed]
        intact = intact and not changed
        how = "" if listed else ", unzipped from its bundle"
        out("pysolfc-camelot %s is installed in %s (%d files%s%s)"
            % (folder.version(), _where(place),
               len(listed) or len(ours), how,
               ", %d changed or missing" % len(changed) if changed else ""))
        for name, game_id in GAMES:
            out("  %s: game id %d" % (name, game_id))
        for rel in changed:
            out("  changed or missing: %s" % rel)
        if listed and older:
            out("  %d files of an older release, not loaded (install"
                " removes them)" % len(older))
    return installed and intact


# ----------------------------------------------------------------- bundle --

# Zip entries carry a time made from their bytes: the same sources give
# the same zip.  Not one fixed time: Python takes a module's cached
# bytecode (__pycache__) as current when the source's time and size are
# those it was compiled from, and unzipping (Explorer, Finder, unzip)
# gives each file its entry's time, so a newer module of the same size
# unzipped over an older one would run the older bytecode.  Times in
# two-second steps (a zip's resolution) over 20 years from 1990.
ZIP_EPOCH = 631152000
ZIP_STEPS = 20 * 365 * 43200


def zip_time(data):
    """The time of a zip entry holding data (a date_time tuple, UTC)."""
    step = int(hashlib.sha256(data).hexdigest()[:12], 16) % ZIP_STEPS
    return time.gmtime(ZIP_EPOCH + 2 * step)[:6]


def bundle(output, out=print):
    """Write a zip of plugin_files(): unzipped into a plugin folder, it
    installs both games, as install would (the same files, its manifest
    too).  The same tree gives the same bytes: entries sorted, times
    from their bytes (zip_time), mode 0644."""
    output = Path(output)
    folder = output.parent
    if not folder.is_dir():
        raise InstallError("folder %s does not exist" % folder)
    if output.is_dir():
        raise InstallError("%s is a folder, not a file name" % output)
    files = plugin_files()
    # Written beside the target, then renamed: never a half-written zip.
    try:
        fd, tmp = tempfile.mkstemp(prefix=".bundle-", suffix=".zip",
                                   dir=str(folder))
    except OSError as e:
        raise InstallError("cannot write in %s: %s"
                           % (folder, e.strerror or e))
    try:
        with os.fdopen(fd, "wb") as f, \
                zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
            for rel in sorted(files):
                info = zipfile.ZipInfo(rel, zip_time(files[rel]))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3          # Unix: the mode below
                info.external_attr = 0o100644 << 16
                z.writestr(info, files[rel])
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)   # mkstemp made it 0600
        os.replace(tmp, str(output))
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise InstallError("cannot write %s: %s" % (output, e.strerror or e))
    out("wrote %s (%s %s, %d files): unzip it into PySolFC's plugin folder"
        % (output, WHAT, __version__, len(files)))
    return output


def main(args):
    try:
        if args.command == "bundle":
            result = bundle(args.output)
        else:
            where = {"plugins_dir": args.plugins_dir,
                     "pysolfc": args.pysolfc}
            if args.command == "install":
                result = install(**where)
            elif args.command == "uninstall":
                result = uninstall(purge=args.purge, **where)
            else:
                result = status(**where)
    except (InstallError, FolderError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    return 0 if result is not False else 1

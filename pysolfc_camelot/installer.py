"""Install the plugin into PySolFC plugin folders, remove it, report it,
or write it as a zip to unzip by hand.

PySolFC runs every ``*.py`` file at the top of its plugin folder.  We write
one small loader there and a copy of this package beside it, so the plugin
runs under PySolFC's own Python whatever environment installed us.  A
manifest records each file we wrote with its hash: ``uninstall`` removes
those and nothing else, and never a file someone changed since.  Which
folders: pysolfc_folders.py.
"""
import hashlib
import json
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from . import __version__, games, pysolfc_folders
from .hintmode import SETTINGS_KEYS
from .pysolfc_folders import FolderError, Place

LOADER_NAME = "camelot_plus.py"
PACKAGE = "pysolfc_camelot"
MANIFEST = ".installed.json"
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
from pysolfc_camelot import plugin  # noqa: E402

plugin.load()
'''


# The games one install brings, as PySolFC lists them.
GAMES = games.names_and_ids()
WHAT = " and ".join(name for name, _ in GAMES)
# What the games themselves write into PySolFC's config folder: removed
# only by "uninstall --purge".
SETTINGS_FILES = tuple(games.part(name, "hintmode").SETTINGS_FILE
                       for name in games.GAMES)


class InstallError(Exception):
    """A clear reason why the plugin folder cannot be used."""


def _sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _read_manifest(target):
    try:
        with open(str(target / PACKAGE / MANIFEST)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _package_files():
    """Our modules, the games' subpackages included, and the compiled
    catalogs (locale/<lang>/LC_MESSAGES/*.mo), as (path relative to the
    package, path), read from wherever this package is imported."""
    here = Path(__file__).resolve().parent
    return sorted((p.relative_to(here).as_posix(), p)
                  for p in list(here.rglob("*.py")) + list(
                      here.glob("locale/*/LC_MESSAGES/*.mo"))
                  if "__pycache__" not in p.parts)


def plugin_files():
    """Everything a plugin folder needs, {path relative to it: bytes}:
    the loader, this package's modules and the built rules pages.  Both
    install and bundle write exactly this."""
    files = {LOADER_NAME: LOADER.encode()}
    for rel, src in _package_files():
        files["%s/%s" % (PACKAGE, rel)] = src.read_bytes()
    from . import rulespages
    with tempfile.TemporaryDirectory() as tmp:
        try:
            rulespages.build_pages(Path(tmp))
        except Exception as e:
            raise InstallError("cannot build the rules pages: %s" % e)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                rel = path.relative_to(tmp).as_posix()
                files["%s/html/%s" % (PACKAGE, rel)] = path.read_bytes()
    return files


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

def _check_target(target):
    """Refuse a plugin folder we cannot or must not write; returns the
    manifest of an earlier install there."""
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
        return {"files": {}}
    if not target.is_dir():
        raise InstallError("%s is not a folder" % target)
    if not os.access(str(target), os.W_OK | os.X_OK):
        raise InstallError("plugin folder %s is not writable" % target)
    old = _read_manifest(target) or {"files": {}}
    loader, pkg = target / LOADER_NAME, target / PACKAGE
    if (loader.exists() and LOADER_NAME not in old["files"]) or \
            (pkg.exists() and not old["files"]):
        raise InstallError("%s exists and was not written by this installer;"
                           " leaving it alone"
                           % (loader if loader.exists() else pkg))
    return old


def _write(target, files, old):
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InstallError("cannot create plugin folder %s: %s"
                           % (target, e.strerror))
    written = {rel: hashlib.sha256(data).hexdigest()
               for rel, data in files.items()}
    pkg = target / PACKAGE
    # The manifest goes first: whatever happens next, uninstall knows
    # every file this install may have written.
    pkg.mkdir(exist_ok=True)
    with open(str(pkg / MANIFEST), "w") as f:
        json.dump({"version": __version__,
                   "files": dict(old["files"], **written)}, f, indent=1)
    for rel, data in files.items():
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
    # Files of an older install that this one no longer writes.
    for rel, digest in old["files"].items():
        path = target / rel
        if rel not in written and path.is_file() and _sha(path) == digest:
            path.unlink()
    with open(str(pkg / MANIFEST), "w") as f:
        json.dump({"version": __version__, "files": written}, f, indent=1)


def install(plugins_dir=None, pysolfc=None, machine=None, out=print):
    """Install into every folder places() gives; returns their plugin
    folders.  All are checked before any is written."""
    chosen = places(plugins_dir, pysolfc, machine, installing=True, out=out)
    olds = [_check_target(p.plugins) for p in chosen]
    files = plugin_files()
    for place, old in zip(chosen, olds):
        _write(place.plugins, files, old)
        out("installed %s %s into %s" % (WHAT, __version__, _where(place)))
    return [p.plugins for p in chosen]


# -------------------------------------------------------------- uninstall --

def _remove(target, manifest, out):
    """Remove what the manifest lists, unless changed since; returns the
    files kept."""
    kept = []
    for rel, digest in manifest["files"].items():
        path = target / rel
        if not path.is_file():
            continue
        if _sha(path) != digest:
            kept.append(rel)
            continue
        path.unlink()
    (target / PACKAGE / MANIFEST).unlink()
    # Python's caches of the modules we wrote (module.cpython-311.pyc).
    made = {target / "__pycache__"}
    for rel in manifest["files"]:
        path = target / rel
        made.update(path.parents)
        if path.suffix == ".py":
            cache = path.parent / "__pycache__"
            made.add(cache)
            for p in cache.glob(path.stem + ".*.pyc"):
                p.unlink()
    # Remove the folders we made, deepest first, only if now empty.
    for d in sorted(made, key=lambda p: len(p.parts), reverse=True):
        if target in d.parents and d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    for rel in kept:
        out("kept %s: changed since it was installed" % (target / rel))
    out("removed %s from %s" % (WHAT, target))
    return kept


def _is_our_settings(path):
    """A settings file as the games write it: only keys they write
    (hintmode.SETTINGS_KEYS: "hints", "winnable_deals")."""
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
    """Remove what install wrote from every folder places() gives (with
    purge, the games' settings too); returns the files kept because
    changed."""
    found = places(plugins_dir, pysolfc, machine, out=out)
    kept, done = [], False
    for place in found:
        manifest = _read_manifest(place.plugins)
        if manifest is not None:
            kept += [place.plugins / rel
                     for rel in _remove(place.plugins, manifest, out)]
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
        manifest = _read_manifest(target)
        if manifest is None:
            out("%s are not installed in %s" % (WHAT, _where(place)))
            continue
        installed = True
        changed = [r for r, d in manifest["files"].items()
                   if not (target / r).is_file() or _sha(target / r) != d]
        intact = intact and not changed
        out("pysolfc-camelot %s is installed in %s (%d files%s)"
            % (manifest["version"], _where(place), len(manifest["files"]),
               ", %d changed or missing" % len(changed) if changed else ""))
        for name, game_id in GAMES:
            out("  %s: game id %d" % (name, game_id))
        for rel in changed:
            out("  changed or missing: %s" % rel)
    return installed and intact


# ----------------------------------------------------------------- bundle --

# Zip entries carry this time, so the same sources give the same bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def bundle(output, out=print):
    """Write a zip of plugin_files(): unzipped into a plugin folder, it
    installs both games (no manifest: such a copy is removed by hand)."""
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
                info = zipfile.ZipInfo(rel, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                z.writestr(info, files[rel])
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

"""Install the plugin into a PySolFC plugin folder, remove it, report it.

PySolFC runs every ``*.py`` file at the top of its plugin folder.  We write
one small loader there and a copy of this package beside it, so the plugin
runs under PySolFC's own Python whatever environment installed us.  A
manifest records each file we wrote with its hash: ``uninstall`` removes
those and nothing else, and never a file someone changed since.
"""
import hashlib
import json
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from . import __version__, camelot, plot

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
GAMES = ((camelot.GAME_NAME, camelot.GAME_ID), (plot.GAME_NAME, plot.GAME_ID))
WHAT = " and ".join(name for name, _ in GAMES)


class InstallError(Exception):
    """A clear reason why the plugin folder cannot be used."""


def default_plugins_dir():
    """PySolFC's user plugin folder: ask PySolFC when it is importable."""
    try:
        from pysollib.mfxutil import getprefdir
        return Path(getprefdir("PySolFC")) / "plugins"
    except Exception:
        pass
    if os.name == "nt":
        base = os.environ.get("APPDATA") or Path.home()
        return Path(base) / "PySolFC" / "plugins"
    return Path.home() / ".pysolfc" / "plugins"


def _sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _read_manifest(target):
    try:
        with open(target / PACKAGE / MANIFEST) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _check_dir(target, create):
    if not target.exists():
        if not create:
            raise InstallError("plugin folder %s does not exist" % target)
        try:
            target.mkdir(parents=True)
        except OSError as e:
            raise InstallError("cannot create plugin folder %s: %s"
                               % (target, e.strerror))
    if not target.is_dir():
        raise InstallError("%s is not a folder" % target)
    if not os.access(target, os.W_OK | os.X_OK):
        raise InstallError("plugin folder %s is not writable" % target)


def _package_files():
    """Our modules, the games' subpackages included, as (path relative to
    the package, path), read from wherever this package is imported."""
    here = Path(__file__).resolve().parent
    return sorted((p.relative_to(here).as_posix(), p)
                  for p in here.rglob("*.py")
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


def install(plugins_dir=None, out=print):
    explicit = plugins_dir is not None
    target = Path(plugins_dir) if explicit else default_plugins_dir()
    _check_dir(target, create=not explicit)
    old = _read_manifest(target) or {"files": {}}
    loader = target / LOADER_NAME
    if loader.exists() and LOADER_NAME not in old["files"]:
        raise InstallError("%s exists and was not written by this installer;"
                           " leaving it alone" % loader)
    pkg = target / PACKAGE
    if pkg.exists() and not old["files"]:
        raise InstallError("%s exists and was not written by this installer;"
                           " leaving it alone" % pkg)
    # Build everything first, so a failure writes nothing.
    files = plugin_files()
    written = {rel: hashlib.sha256(data).hexdigest()
               for rel, data in files.items()}
    # The manifest goes first: whatever happens next, uninstall knows
    # every file this install may have written.
    pkg.mkdir(exist_ok=True)
    with open(pkg / MANIFEST, "w") as f:
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
    with open(pkg / MANIFEST, "w") as f:
        json.dump({"version": __version__, "files": written}, f, indent=1)
    out("installed %s %s into %s" % (WHAT, __version__, target))
    return target


def uninstall(plugins_dir=None, out=print):
    target = Path(plugins_dir) if plugins_dir else default_plugins_dir()
    manifest = _read_manifest(target)
    if manifest is None:
        raise InstallError("%s are not installed in %s" % (WHAT, target))
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


def status(plugins_dir=None, out=print):
    target = Path(plugins_dir) if plugins_dir else default_plugins_dir()
    manifest = _read_manifest(target)
    if manifest is None:
        out("%s are not installed in %s" % (WHAT, target))
        return False
    changed = [r for r, d in manifest["files"].items()
               if not (target / r).is_file() or _sha(target / r) != d]
    out("pysolfc-camelot %s is installed in %s (%d files%s)"
        % (manifest["version"], target, len(manifest["files"]),
           ", %d changed or missing" % len(changed) if changed else ""))
    for name, game_id in GAMES:
        out("  %s: game id %d" % (name, game_id))
    for rel in changed:
        out("  changed or missing: %s" % rel)
    return not changed


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
    fd, tmp = tempfile.mkstemp(prefix=".bundle-", suffix=".zip",
                               dir=str(folder))
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
            action = {"install": install, "uninstall": uninstall,
                      "status": status}[args.command]
            result = action(args.plugins_dir)
    except InstallError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    return 0 if result is not False else 1

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
from pathlib import Path

from . import __version__, camelot, plot

LOADER_NAME = "camelot_plus.py"
PACKAGE = "pysolfc_camelot"
MANIFEST = ".installed.json"
LOADER = '''\
# Camelot Plus for PySolFC: written by "python -m pysolfc_camelot install";
# "python -m pysolfc_camelot uninstall" removes it.
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


def main(args):
    action = {"install": install, "uninstall": uninstall,
              "status": status}[args.command]
    try:
        result = action(args.plugins_dir)
    except InstallError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    return 0 if result is not False else 1

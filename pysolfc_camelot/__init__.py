# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot for PySolFC: rules model, exact solver, plugin and installer."""

# The release's one version number (pyproject.toml reads it from here).
__version__ = "1.1.0"

# The list of this release's files that an install or the bundle puts
# beside the package (see installer.py).
MANIFEST = ".installed.json"


def _only_this_release():
    """In a plugin folder, import only the modules this release wrote.

    A newer zip unzipped over an older one leaves the older release's
    removed modules beside ours, and an older package folder would even
    win over a newer module of the same name.  So where the package has
    its manifest (a plugin folder: an install or an unzipped bundle; a
    checkout or a pip install has none and needs none), a module of ours
    that the manifest does not list cannot be imported, and one it lists
    is loaded from exactly the file it names.  Standard library only, and
    only what PySolFC itself imports (it loads plugins with
    importlib.util)."""
    import importlib.util
    import os
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(here, MANIFEST), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return
    from .core import jsonlite
    try:
        listed = set(jsonlite.loads(text)["files"])
    except (ValueError, KeyError, TypeError):
        return
    if any(getattr(f, "package_dir", None) == here for f in sys.meta_path):
        return

    class ListedModules:
        package_dir = here

        @staticmethod
        def find_spec(name, path=None, target=None):
            if not name.startswith(__name__ + "."):
                return None
            parts = name.split(".")[1:]
            base = "/".join([__name__] + parts)
            folder = os.path.join(here, *parts)
            if base + "/__init__.py" in listed:
                return importlib.util.spec_from_file_location(
                    name, os.path.join(folder, "__init__.py"),
                    submodule_search_locations=[folder])
            if base + ".py" in listed:
                return importlib.util.spec_from_file_location(
                    name, folder + ".py")
            raise ModuleNotFoundError(
                "No module named %r: not a module of pysolfc-camelot %s "
                "(a file left by an older release?)" % (name, __version__),
                name=name)

    sys.meta_path.insert(0, ListedModules())


_only_this_release()

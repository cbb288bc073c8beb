# SPDX-License-Identifier: GPL-3.0-or-later
"""The package's folders are its layers (CONTRIBUTING.md, "How the code is
built"): the shared model (core/) and each game's pure parts import nothing
of the PySolFC side (pysol/), the command line (cli/, study/) or the
installer (install/), and nothing of PySolFC; only a game's two adapters
reach above: game.py into pysol/ (PySolFC), pictures.py into install/
(the rules pages' drawing).  Read from the source, every import
statement, also those inside functions."""
import ast
from pathlib import Path

import pytest

from pysolfc_camelot import games

PACKAGE = Path(games.__file__).resolve().parent
UPPER = ("pysol", "cli", "study", "install")
# The one way PySolFC itself is reached from below: core/deals.py asks
# PySolFC's own random module for its deal numbers, found at run time.
ALLOWED = {("core/deals.py", "pysollib.pysolrandom")}


def imported(path):
    """(line, absolute dotted name) of every name path imports."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = list(rel[:-1]) if rel[-1] != "__init__" else list(rel[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module
                                           else []))
            else:
                target = node.module or ""
            for alias in node.names:
                yield node.lineno, target + "." + alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name


def lower_modules():
    """The modules of the bottom layers: core/ and each game's folder but
    its adapters."""
    out = sorted((PACKAGE / "core").glob("*.py"))
    for name in games.GAMES:
        out += sorted(p for p in (PACKAGE / name).glob("*.py")
                      if p.name not in ("game.py", "pictures.py"))
    return out


def upward(path):
    rel = path.relative_to(PACKAGE).as_posix()
    for line, name in imported(path):
        parts = name.split(".")
        if (rel, ".".join(parts[:2])) in ALLOWED:
            continue
        if parts[0] == "pysollib" or (
                parts[0] == "pysolfc_camelot" and len(parts) > 1
                and parts[1] in UPPER):
            yield "%s:%d imports %s" % (rel, line, name)


def test_the_lower_layers_import_nothing_above_them():
    modules = lower_modules()
    assert len(modules) > 20
    assert [v for p in modules for v in upward(p)] == []


def test_the_check_sees_an_upward_import(tmp_path, monkeypatch):
    bad = PACKAGE / "core" / "cards.py"
    text = bad.read_text(encoding="utf-8")
    copy = tmp_path / "pysolfc_camelot" / "core" / "cards.py"
    copy.parent.mkdir(parents=True)
    copy.write_text(text + "\n\ndef f():\n    from ..pysol import toolkit\n")
    monkeypatch.setattr("test_layers.PACKAGE", tmp_path / "pysolfc_camelot")
    assert list(upward(copy)) == [
        "core/cards.py:%d imports pysolfc_camelot.pysol.toolkit"
        % (text.count("\n") + 4)]


@pytest.mark.parametrize("name", games.GAMES)
def test_each_game_folder_has_the_same_parts(name):
    parts = {p.name for p in (PACKAGE / name).glob("*.py")}
    assert {"__init__.py", "rules.py", "notation.py", "solver.py",
            "hints.py", "perfect.py", "hidden.py", "hint_modes.py",
            "search_worker.py", "game.py"} <= parts

# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/setup_host.py's choice of game for `make play GAME=...` (the
play itself is tried by hand: it opens a window and waits for it)."""
import importlib
import importlib.util

import hostenv

spec = importlib.util.spec_from_file_location(
    "setup_host", hostenv.REPO / "tools" / "setup_host.py")
setup_host = importlib.util.module_from_spec(spec)
spec.loader.exec_module(setup_host)


def test_every_game_has_an_id():
    assert setup_host.GAMES == ("camelot", "plot")
    ids = {importlib.import_module("pysolfc_camelot." + g).GAME_ID
           for g in setup_host.GAMES}
    assert ids == {28080, 28081}


def test_an_unknown_game_is_refused_before_any_setup(monkeypatch, capsys):
    monkeypatch.setenv("DISPLAY", ":99")
    calls = []
    for step in ("ensure_system_packages", "ensure_venv", "ensure_pysolfc"):
        monkeypatch.setattr(setup_host, step,
                            lambda *a, step=step: calls.append(step))
    assert setup_host.main(["--play", "--game", "klondike"]) == 1
    err = capsys.readouterr().err
    assert "klondike" in err and "camelot, plot" in err, err
    assert calls == []

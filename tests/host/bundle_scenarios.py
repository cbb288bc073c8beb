# SPDX-License-Identifier: GPL-3.0-or-later
"""Scenarios for a plugin folder filled by unzipping the bundle (see
tests/test_bundle.py; run by runner.py inside a live PySolFC)."""
import os


def _plugins():
    from pysollib.mfxutil import getprefdir
    return os.path.join(getprefdir("PySolFC"), "plugins")


def scenario_both_games(app):
    """Both games registered from the unzipped copy, each with its rules
    page from that copy."""
    import pysolfc_camelot
    from pysolfc_camelot import camelot, plot
    plugins = _plugins()
    assert pysolfc_camelot.__file__.startswith(plugins), \
        "not the unzipped copy: %s" % pysolfc_camelot.__file__
    found = {}
    for mod, cls in ((camelot, "CamelotPlus"), (plot, "ThePlotClassic")):
        gi = app.gdb.get(mod.GAME_ID)
        assert gi is not None, "game %d not registered" % mod.GAME_ID
        assert gi.name == mod.GAME_NAME and gi.gameclass.__name__ == cls
        rules = gi.rules_filename
        assert rules and rules.startswith(plugins), rules
        assert os.path.isfile(rules), rules
        found[gi.name] = mod.GAME_ID
    return found


def scenario_started(app):
    """The game PySolFC started on is dealt, every card on the table."""
    game = app.game
    cards = sum(len(s.cards) for s in game.allstacks)
    assert cards == game.gameinfo.ncards, (cards, game.gameinfo.ncards)
    return {"game": game.gameinfo.name, "cards": cards}


def scenario_only_new_code(app):
    """After a newer zip was unzipped over an older one: the package is
    the newer release ($CAMELOT_EXPECT_VERSION), every module of ours
    loaded is one its manifest lists, and a module only the older release
    had ($CAMELOT_STALE_MODULES) is on disk yet cannot be imported."""
    import importlib
    import json
    import sys
    import pysolfc_camelot
    plugins = _plugins()
    assert pysolfc_camelot.__version__ == os.environ["CAMELOT_EXPECT_VERSION"]
    with open(os.path.join(plugins, "pysolfc_camelot",
                           ".installed.json")) as f:
        listed = json.load(f)["files"]
    stale = [m for m in os.environ["CAMELOT_STALE_MODULES"].split(",") if m]
    for name in stale:
        path = os.path.join(plugins, *name.split(".")) + ".py"
        assert os.path.isfile(path), "the older release left no %s" % path
        assert name not in sys.modules, name
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            assert "not a module of pysolfc-camelot" in str(e), e
        else:
            raise AssertionError("%s, a module of the older release, was "
                                 "imported" % name)
    loaded = sorted(n for n in sys.modules
                    if n.split(".")[0] == "pysolfc_camelot")
    for name in loaded:
        rel = os.path.relpath(sys.modules[name].__file__, plugins)
        assert rel.replace(os.sep, "/") in listed, (name, rel)
    return {"version": pysolfc_camelot.__version__, "stale": stale,
            "loaded": len(loaded)}


def scenario_plays(app):
    """The game plays: our hint (its search runs in a child process that
    imports the package again, manifest and all) is followed, and every
    card is still on the table."""
    from scenario_steps import follow, ready_hint
    game = app.game
    before = game.position()
    hint = ready_hint(app, game)
    assert hint, "no hint at the start"
    assert follow(game, hint), hint
    assert game.position() != before, "the hint's move not played"
    cards = sum(len(s.cards) for s in game.allstacks)
    assert cards == game.gameinfo.ncards, cards
    return {"moves": game.moves.index}

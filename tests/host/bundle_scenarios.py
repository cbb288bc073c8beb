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

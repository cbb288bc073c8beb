# SPDX-License-Identifier: GPL-3.0-or-later
"""Scenarios for the made-up third game (tests/test_third_game.py; run
by runner.py inside a live PySolFC, started on that game)."""
import os


def scenario_listed(app):
    """The third game is registered from the plugin folder, beside ours,
    with its rules page; PySolFC lists it among all games."""
    import pysolfc_camelot
    from pysolfc_camelot import games
    from pysollib.mfxutil import getprefdir
    plugins = os.path.join(getprefdir("PySolFC"), "plugins")
    assert pysolfc_camelot.__file__.startswith(plugins), \
        pysolfc_camelot.__file__
    found = {}
    for spec in games.specs():
        gi = app.gdb.get(spec.game_id)
        assert gi is not None, "game %d not registered" % spec.game_id
        assert gi.name == spec.game_name, (gi.name, spec.game_name)
        assert gi.rules_filename and os.path.isfile(gi.rules_filename)
        assert spec.game_id in app.gdb.getGamesIdSortedByName()
        found[gi.name] = spec.game_id
    return found


def scenario_started(app):
    """PySolFC started on the third game: it is dealt, every card on the
    table, and our mixins read its spec (the rules position, a hint)."""
    game = app.game
    cards = sum(len(s.cards) for s in game.allstacks)
    assert cards == game.gameinfo.ncards == 52, cards
    pos = game.position()
    assert len(pos.cards()) + pos.score == 52
    move = game.spec.quick_move_of(pos)
    assert move is not None and pos.is_legal(move)
    # PySolFC's history read back through the spec (deal order, rules).
    from pysolfc_camelot.pysol.history import read_game
    record = read_game(game)
    assert record.positions[-1] == pos
    assert game.spec.new_game(record.deck) == record.positions[0]
    return {"game": game.gameinfo.name, "cards": cards,
            "class": type(game).__name__}

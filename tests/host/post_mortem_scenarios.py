# SPDX-License-Identifier: GPL-3.0-or-later
"""What went wrong: reading a game from PySolFC's own history
(pysolfc_camelot/pysol/post_mortem.py read_game), inside a real PySolFC process
(runner.py; CAMELOT_GAME_ID says which of our games starts).

Each scenario plays as the player's clicks and drags do (the games'
scenario modules' ``act``), then checks that the record read from the
history is the deal and the rules moves played, after undo, redo, save
and load, and with PySolFC's Autodeal making moves of its own.
"""
import os
import tempfile

# runner.py puts this folder on sys.path: the games' scenario modules.
import camelot_scenarios as camelot
import plot_scenarios as plot


def _check(game, deck, moves, numbers=None):
    from pysolfc_camelot.pysol.post_mortem import read_game
    record = read_game(game)
    assert record.deck == list(deck), "the deal read back differs"
    assert record.moves == list(moves), (record.moves, moves)
    if numbers is not None:
        assert record.numbers == numbers, (record.numbers, numbers)
    assert record.positions[-1] == game.position()
    return record


def _undo_redo_save_load(app, game, deck, moves):
    """Undo three, redo two, save and load: the record follows."""
    n = len(moves)
    for _ in range(3):
        game.undo()
    _check(game, deck, moves[:n - 3])
    game.redo()
    game.redo()
    _check(game, deck, moves[:n - 1])
    path = os.path.join(tempfile.mkdtemp(), "review.pso")
    game.saveGame(path)
    game.loadGame(path)
    game = app.game
    _check(game, deck, moves[:n - 1])
    game.redo()                       # the history came back with the save
    _check(game, deck, moves)
    return game


def scenario_camelot_record(app):
    camelot.quiet(app)
    deck = camelot.WIN_DECK
    line = camelot.win_line()[:40]
    game = camelot.new_deal(app, deck)
    _check(game, deck, [], [0])
    camelot.play(game, line)
    _check(game, deck, line, list(range(len(line) + 1)))
    game = _undo_redo_save_load(app, game, deck, line)
    # Autodeal on: the deals PySolFC makes by itself (dealing is the only
    # move at the start and after a placement in phase 1) are read too,
    # each a PySolFC move of its own.
    app.opt.autodeal = True
    game = camelot.new_deal(app, deck)
    game.autoPlay()                   # the first deal, by itself
    game.s.waste.playMoveMove(1, game.s.rows[0])
    record = _check(game, deck, line[:3])
    assert record.numbers == [0, 1, 2, 3], record.numbers
    app.opt.autodeal = False
    return {"moves": len(line)}


def scenario_plot_record(app):
    plot.quiet(app)
    deck = plot.WIN_DECK
    game = plot.new_deal(app, deck)
    moves = []
    for _ in range(40):
        m = plot.banking_move(game.position())
        plot.play(game, [m])
        moves.append(m)
    _check(game, deck, moves, list(range(len(moves) + 1)))
    _undo_redo_save_load(app, game, deck, moves)
    return {"moves": len(moves)}

# SPDX-License-Identifier: GPL-3.0-or-later
"""Scenarios run inside a real PySolFC process (see runner.py).

Each ``scenario_NAME(app)`` drives the live game the way the player's
clicks and drags do (through the stacks' own checks and moves), asserts,
and returns a small dict of figures for the test report.
"""
import os
import random
import tempfile

from pysolfc_camelot.camelot import GAME_ID, GAME_NAME, rules
from pysolfc_camelot.camelot.notation import DEAL, Move
from pysolfc_camelot.core.cards import parse_cards, parse_deck
from scenario_steps import (check_conservation as _conservation, deal,
                            demo_wins, stop_demo_while_thinking,
                            follow, follow_fair_hints, load_refused,
                            move_top_card,
                            play as _play, quiet,
                            ready_hint, solver_dialog, solver_result,
                            wait_for_dialog, wait_until)
from scenario_steps import new_deal as _new_deal
import known_deals

# A deal won by simple play: the twelve face cards first, then groups of
# four number cards that fill the middle and leave as tens or pairs.
WIN_DECK = parse_deck(
    "KC QC QD KD JC JD JH JS KH QH QS KS "
    "TC TD TH TS 5C 5D 5H 5S AC 9C AD 9D 2C 8C 2D 8D 3C 7C 3D 7D "
    "4C 6C 4D 6D AH 9H AS 9S 2H 8H 2S 8S 3H 7H 3S 7S 4H 6H 4S 6S")
WIN_SLOTS = [0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15]
# Number cards on all four corners, then a king: lost.
LOSE_DECK = parse_cards("AC 2C 3C 4C KC") + [
    c for c in range(52) if c not in parse_cards("AC 2C 3C 4C KC")]


def new_deal(app, deck):
    return _new_deal(app, " ".join(
        "A23456789TJQK"[c // 4] + "CDHS"[c % 4] for c in deck),
        rules.Position.new_game(deck))


def stacks_for(game, move):
    s = game.s
    if move.kind == "deal":
        return s.talon, s.waste
    if move.kind == "place":
        return s.waste, s.rows[move.a]
    if move.kind == "remove":
        return s.rows[move.a], s.foundations[0]
    return s.rows[move.a], s.rows[move.b]


def act(game, move):
    """Try ``move`` as the player would; True if PySolFC took it."""
    if move.kind == "deal":
        return deal(game)
    return move_top_card(*stacks_for(game, move))


def play(game, moves):
    _play(game, moves, act)


def check_conservation(game):
    _conservation(game, 52)


def win_line():
    moves = []
    for slot in WIN_SLOTS:
        moves += [DEAL, Move("place", slot)]
    for group in range(10):
        for slot in rules.MIDDLE_SLOTS:
            moves += [DEAL, Move("place", slot)]
        if group == 0:
            moves += [Move("remove", s) for s in rules.MIDDLE_SLOTS]
        else:
            moves += [Move("pair", 5, 6), Move("pair", 9, 10)]
    return moves


# ------------------------------------------------------------- scenarios

def scenario_registration(app):
    import pysolfc_camelot
    from pysollib.gamedb import GI
    from pysollib.mfxutil import getprefdir
    plugins = os.path.join(getprefdir("PySolFC"), "plugins")
    assert pysolfc_camelot.__file__.startswith(plugins), \
        "not the installed copy: %s" % pysolfc_camelot.__file__
    gdb = app.gdb
    ours = gdb.get(GAME_ID)
    assert ours.name == GAME_NAME and ours.gameclass.__name__ == "CamelotPlus"
    builtin = gdb.get(280)
    assert builtin.name == "Camelot", builtin.name
    assert builtin.gameclass.__module__ == "pysollib.games.camelot"
    clashes = []
    for gid in gdb.getGamesIdSortedById():
        if gid == GAME_ID:
            continue
        gi = gdb.get(gid)
        names = {gi.name, gi.short_name} | set(gi.altnames or ())
        if GAME_NAME.lower() in {n.lower() for n in names if n}:
            clashes.append(gid)
    assert not clashes, clashes
    assert GAME_ID in app.getGamesForSolver()
    assert GAME_ID not in GI.PROTECTED_GAMES
    return {"games": len(gdb.getGamesIdSortedById())}


def scenario_deal_place(app):
    quiet(app)
    game = new_deal(app, WIN_DECK)
    assert not act(game, Move("place", 5)), "placed with an empty waste"
    assert act(game, DEAL) and game.position().waste == WIN_DECK[0]
    assert not act(game, DEAL), "dealt twice"
    before = game.position()
    for slot in (5, 1, 4, 9):           # a king only goes to a corner
        assert not act(game, Move("place", slot))
        assert game.position() == before
    play(game, [Move("place", 3)])
    assert game.s.rows[3].cards[0].rank == 12 and game.phase == 1
    return {"placed": 1}


def scenario_remove_pair_phases(app):
    dialogs = quiet(app)
    game = new_deal(app, WIN_DECK)
    won_before, lost_before = app.stats.getStats(app.opt.player, GAME_ID)
    line = win_line()
    play(game, line[:2 * 15])           # 15 cards out, one slot free
    pos = game.position()
    assert pos.phase == 1 and pos.tableau[5] is not None
    ten = game.s.rows[5]
    assert not ten.canMoveCards(ten.cards), "picked up a ten in phase 1"
    assert not ten.clickHandler(None) and game.position() == pos
    play(game, line[30:32])             # the tableau is full: phase 2
    assert game.phase == 2
    assert not act(game, DEAL), "dealt with a full tableau"
    assert not act(game, Move("pair", 0, 5)), "moved a king"
    assert ten.clickHandler(None), "a click on a ten did not remove it"
    assert game.position().removed == (parse_cards("TC")[0],)
    play(game, [Move("remove", 6)])
    assert act(game, DEAL) and game.phase == 1, "deal did not start phase 1"
    play(game, [Move("place", 5)])
    assert game.phase == 1
    assert not act(game, Move("remove", 9)), "removed in phase 1"
    play(game, [DEAL, Move("place", 6)])     # full again: phase 2
    assert game.phase == 2
    play(game, [Move("remove", 9), Move("remove", 10)])
    play(game, line[40:])
    pos = game.position()
    assert pos.is_won() and game.isGameWon() and pos.score == 40
    assert dialogs.titles == ["Game won"], dialogs.titles
    won, lost = app.stats.getStats(app.opt.player, GAME_ID)
    assert (won, lost) == (won_before + 1, lost_before), (won, lost)
    return {"moves": game.moves.index, "score": game.getGameScore(),
            "won": won}


def scenario_lost_and_stuck(app):
    dialogs = quiet(app)
    app.opt.stuck_notification = True
    game = new_deal(app, LOSE_DECK)
    play(game, [DEAL, Move("place", 0), DEAL, Move("place", 3),
                DEAL, Move("place", 12), DEAL, Move("place", 15)])
    assert not dialogs.titles, dialogs.titles
    play(game, [DEAL])
    assert game.position().status() == rules.LOST
    assert not game.getStuck()
    assert wait_for_dialog(app, dialogs) == ["You are Stuck"], dialogs.titles
    return {"dialogs": dialogs.titles}


def scenario_undo_redo(app):
    quiet(app)
    game = new_deal(app, WIN_DECK)
    start = game.position()
    history = [start]
    for m in win_line():
        play(game, [m])
        history.append(game.position())
    n = game.moves.index
    while game.moves.index:
        game.undo()
        check_conservation(game)
        assert game.position() == history[game.moves.index]
    assert game.position() == start and game.phase == 1
    while game.moves.index < n:
        game.redo()
        check_conservation(game)
        assert game.position() == history[game.moves.index]
    assert game.position().is_won()
    return {"moves": n}


def scenario_save_load(app):
    quiet(app)
    game = new_deal(app, WIN_DECK)
    line = win_line()
    checks = {"phase 1": 2 * 13 + 1,
              "phase 2 after removals, a slot free": 2 * 16 + 2}
    out = {}
    for name, n in checks.items():
        game = new_deal(app, WIN_DECK)
        play(game, line[:n])
        before = game.position()
        path = os.path.join(tempfile.mkdtemp(), "camelot.pso")
        game.saveGame(path)
        game.loadGame(path)
        game = app.game
        check_conservation(game)
        assert game.position() == before, (name, game.position(), before)
        game.undo()
        assert game.position() == rules.replay(WIN_DECK, line[:n - 1])[0]
        game.redo()
        play(game, line[n:])
        assert game.position().is_won()
        out[name] = os.path.getsize(path)
    return out


def scenario_damaged_save(app):
    dialogs = quiet(app)
    game = new_deal(app, WIN_DECK)
    play(game, win_line()[:10])
    before = game.position()
    d = tempfile.mkdtemp()
    good = os.path.join(d, "good.pso")
    game.saveGame(good)
    data = open(good, "rb").read()
    bad = {"truncated": data[:len(data) // 2],
           "garbage": b"not a save file at all",
           "other version": data.replace(b"camelot-plus/1", b"camelot-plus/9")}
    titles = {}
    for name, blob in bad.items():
        path = os.path.join(d, name + ".pso")
        with open(path, "wb") as f:
            f.write(blob)
        titles[name] = load_refused(app, dialogs, path, before)
    return titles


def scenario_deal_numbers(app):
    from pysollib.pysolrandom import construct_random
    from pysolfc_camelot.core import deals
    quiet(app)
    game = app.game
    stocks = []
    for n in (1, 2, 1, 123456):
        game.newGame(random=construct_random(str(n)), autoplay=0)
        stock = app.game.position().stock
        assert list(stock) == deals.deck_for_deal(n), n
        stocks.append(stock)
    assert stocks[0] == stocks[2] and stocks[0] != stocks[1]
    # Restart: the same deal again, from its first move.
    game = app.game
    start = game.position()
    for _ in range(6):
        act(game, game.position().legal_moves()[0])
    assert game.moves.index == 6
    game.restartGame()
    assert app.game.position() == start and app.game.moves.index == 0
    return {"deals": 4}


def scenario_conservation(app):
    quiet(app)
    rng = random.Random(2026)
    game = new_deal(app, list(range(52)))
    history = [game.position()]
    counts = {"moves": 0, "refused": 0, "undo": 0, "redo": 0, "new": 0}
    every = [DEAL] + [Move("place", s) for s in range(16)] + \
        [Move("remove", s) for s in range(16)] + \
        [Move("pair", a, b) for a in range(16) for b in range(16)]
    for step in range(2000):
        game = app.game
        r = rng.random()
        pos = game.position()
        if r < 0.08 and game.moves.index:
            game.undo()
            counts["undo"] += 1
        elif r < 0.14 and game.canRedo():
            game.redo()
            counts["redo"] += 1
        elif r < 0.15 or pos.status() != rules.PLAYING:
            deck = list(range(52))
            rng.shuffle(deck)
            game = new_deal(app, deck)
            history = [game.position()]
            counts["new"] += 1
        else:
            legal = pos.legal_moves()
            m = rng.choice(legal) if r < 0.7 else rng.choice(every)
            # One decision per drop, with the rules model's reason.
            reason = game.refusal(*stacks_for(game, m))
            assert reason == pos.why_illegal(m), (m, reason)
            ok = act(game, m)
            assert ok == (m in legal or (m.kind == "pair" and
                          Move("pair", m.b, m.a) in legal)), (m, pos)
            if ok:
                del history[game.moves.index:]
                counts["moves"] += 1
            else:
                assert game.position() == pos, m
                counts["refused"] += 1
        check_conservation(game)
        if len(history) <= game.moves.index:
            history.append(game.position())
        assert game.position() == history[game.moves.index]
    return counts


# -- hints, demo and the Solver dialog -------------------------------------

def hard_winnable_deck():
    """A random deck the solver wins but simple greedy play loses."""
    from pysolfc_camelot.camelot import hints, solver
    rng = random.Random(11)
    while True:
        deck = list(range(52))
        rng.shuffle(deck)
        start = rules.Position.new_game(deck)
        res = solver.solve(start, budget_seconds=2)
        if not res.winnable:
            continue
        pos = start.copy()
        while pos.status() == rules.PLAYING:
            pos.play(hints.greedy_move(pos))
        if not pos.is_won():
            return deck


def scenario_perfect_hints_win(app):
    quiet(app)
    deck = hard_winnable_deck()
    game = new_deal(app, deck)
    game.hint_mode = "perfect"
    steps = 0
    while game.position().status() == rules.PLAYING and steps < 300:
        h = ready_hint(app, game)
        assert h, "no hint at\n%r" % game.position()
        follow(game, h)
        steps += 1
    assert game.position().is_won(), game.position()
    return {"moves": steps}


def scenario_fair_hint_is_a_legal_move(app):
    """Fair hints (the strong fair player, in the search process) are
    ``play --policy fair``'s moves when given the time, and legal moves
    PySolFC takes within their time bound."""
    quiet(app)
    game = new_deal(app, hard_winnable_deck())
    uncut = follow_fair_hints(app, game, 12)
    bounded = follow_fair_hints(app, game, 12, uncut=False)
    assert uncut == 12, uncut
    return {"uncut": uncut, "bounded": bounded,
            "position": repr(game.position())}


def scenario_fair_demo_wins_known_deal(app):
    """The fair demo (the strong fair player, within its time bound)
    wins the deal simple play wins."""
    dialogs = quiet(app)
    app.opt.timeouts["demo"] = 0.0
    game = new_deal(app, WIN_DECK)
    game.hint_mode = "fair"
    demo_wins(app, game, 120)
    check_conservation(app.game)
    return {"moves": app.game.moves.index, "dialogs": dialogs.titles}


def scenario_demo_perfect_wins(app):
    dialogs = quiet(app)
    app.opt.timeouts["demo"] = 0.0
    game = new_deal(app, hard_winnable_deck())
    game.hint_mode = "perfect"
    demo_wins(app, game, 120)
    return {"moves": app.game.moves.index, "dialogs": dialogs.titles}


def scenario_solver_dialog(app):
    from pysolfc_camelot.texts import tr
    quiet(app)
    app.opt.timeouts["demo"] = 0.0
    new_deal(app, hard_winnable_deck())
    app.menubar.mSolver()
    dialog = solver_dialog(app)
    assert GAME_NAME in dialog.games
    dialog.startSolving()
    text = solver_result(app, dialog)
    n = len(app.game.solver.line)
    assert text == tr("solver.solvable", n=n), text
    assert str(dialog.play_button.cget("state")) == "normal"
    dialog.startPlay()
    assert wait_until(app, lambda: app.game.position().is_won(), 120), \
        app.game.position()
    # A deal that cannot be won says so.
    new_deal(app, LOSE_DECK)
    dialog.startSolving()
    lost_text = solver_result(app, dialog)
    assert lost_text == tr("solver.unsolvable"), lost_text
    dialog.mDone(3)                         # its Close button
    return {"solution moves": n, "unsolvable": lost_text}


# -- re-entrancy: searches run while the player acts ------------------------

# PySolFC's deal 489910, among the deals the solver needs most states for
# (paced by known_deals.paced_search, a search on it lasts seconds); no
# other scenario plays it, so no hint for it is known before.
SLOW_DECK = parse_deck(known_deals.SLOW_CANDIDATES[0])


def scenario_stale_hint_never_shown(app):
    """Assist > Hint, then a move before the answer: the answer, stale,
    is dropped (no arrow, no hint counted), and the next hint is for the
    new position."""
    quiet(app)
    game = new_deal(app, SLOW_DECK)
    game.hint_mode = "fair"
    game._assist_answers = {}                   # no answer known yet
    # A two on the waste may go anywhere: the fair hint samples (a search
    # of a good fraction of a second).
    play(game, [DEAL])
    counted = game.stats.hints
    asked = game.position()
    h = game.showHint(level=0, sleep=0)
    assert h is None, "the answer came at once"
    assert game._assist_hint is not None        # waiting for its search
    move = [m for m in asked.legal_moves() if m.kind == "place"][0]
    assert act(game, move)                      # the player moves on
    wait_until(app, lambda: game._assist_task is None or
               game._assist_task[1].done, 10)
    wait_until(app, lambda: False, 0.3)         # the poll has run
    assert game._assist_hint is None
    assert game.stats.hints == counted, "a stale hint was shown"
    assert game.position() == asked.after(move)
    h = ready_hint(app, game)
    assert h is not None and game.position() == asked.after(move)
    return {"move": str(move)}


def scenario_demo_stopped_while_thinking(app):
    """The perfect demo thinks (seconds on a hard deal, the solver
    paced) in a thread; the
    player stops it meanwhile: nothing is played, then or later.  (The
    demo reschedules itself with after_idle, so the stop comes from a
    timer, as a click would come from the event loop.)"""
    from pysolfc_camelot.camelot import perfect
    quiet(app)
    app.opt.timeouts["demo"] = 0.0
    perfect._line.clear()
    # not SLOW_DECK: after the stale hint scenario a demo on it did not
    # wait for a search (what that scenario learnt of the deal is kept)
    game = new_deal(app, parse_deck(known_deals.SLOW_CANDIDATES[1]))
    game.hint_mode = "perfect"
    with known_deals.paced_search():
        moves, task = stop_demo_while_thinking(app, game)
    return {"moves before the stop": moves,
            "search went on for (s)": round(task[1].elapsed(), 2)}


def scenario_deal_tier_after_game(app):
    """The tier of the deal played (pysol/deal_tiers.py): nothing while
    the game goes on; once it is lost, "This deal was: Lost ..." on the
    table, rated off the event loop; on a winnable deal, asked at once
    (the T key's action), "This deal is: ...", then after the win "This
    deal was: ..." with the same tier, not rated again.  The tiers are
    checked outside PySolFC (tests/test_deal_tiers_host.py)."""
    from pysolfc_camelot.pysol.deal_tiers import tier_text
    quiet(app)
    game = new_deal(app, LOSE_DECK)
    label = game._winnable_label

    def shown():
        # (the table wraps a long line where room is short)
        return " ".join(game.canvas.itemcget(label.id, "text").split())

    def ends(text):
        return shown().endswith(" ".join(text.split()))

    def rated():
        return game.tier_test_state()["tier"]["known"]
    moves = [DEAL, Move("place", 0), DEAL, Move("place", 3),
             DEAL, Move("place", 12), DEAL, Move("place", 15)]
    play(game, moves[:4])
    assert game.tier_line() is None and not game._tier_task, shown()
    play(game, moves[4:] + [DEAL])
    assert game.position().status() == rules.LOST
    assert wait_until(app, rated, 60), "the lost deal not rated in 60 s"
    lost = game.tier_test_state()["tier"]["tier"]
    assert ends(tier_text(lost, True)), shown()
    game = new_deal(app, WIN_DECK)
    assert tier_text(lost, True) not in shown(), "the old deal's tier"
    game.ask_tier()
    assert wait_until(app, rated, 60), "the deal not rated in 60 s"
    asked = game.tier_test_state()["tier"]["tier"]
    assert ends(tier_text(asked, False)), shown()
    play(game, win_line())
    assert game.position().is_won()
    wait_until(app, lambda: False, 0.3)
    assert ends(tier_text(asked, True)), shown()
    assert game._tier_task is None, "rated again"
    from pysolfc_camelot.core.cards import format_cards
    return {"lost": [format_cards(LOSE_DECK), lost],
            "won": [format_cards(WIN_DECK), asked]}

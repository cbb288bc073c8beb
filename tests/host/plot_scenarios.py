# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's scenarios, run inside a real PySolFC process (runner.py with
CAMELOT_GAME_ID=28081).

Each ``scenario_NAME(app)`` drives the live game the way the player's
clicks, double clicks and drags do (through the stacks' own checks and
moves), compares every position with the rules model, and returns a small
dict of figures for the test report.  Dialogs are cancelled as they open
(scenario_steps.py's ``Dialogs``) and their titles checked.
"""
import os
import random
import tempfile

from pysolfc_camelot.core.cards import parse_card
from pysolfc_camelot.plot import GAME_ID, GAME_NAME, rules
from pysolfc_camelot.plot.notation import (DEAL, FOUNDATIONS, PILES, STOCK,
                                           TABLEAU, WASTE, Move, format_deck)

import scenario_steps
import known_deals
from known_deals import banking_move, deck_of  # noqa: F401 (post_mortem)
from scenario_steps import (deal, demo_wins, follow, follow_fair_hints,
                            load_refused,
                            move_top_card,
                            ready_hint, stop_demo_while_thinking,
                            solver_dialog, solver_result, wait_for_dialog,
                            wait_until)


WIN_DECK = known_deals.plot_win_deck()


def win_line(deck=WIN_DECK):
    return known_deals.plot_win_line(deck)


def _lose_deck():
    """Base rank A, and every two at the bottom of the reserve: F0 never
    moves.  The tableau holds kings and fives only and the last card dealt
    is a seven, so once the stock is dealt out nothing moves: lost."""
    reserve = "2C 2C 2D 2D 2H 2H 2S 2S 3C 3C 3D 3D 3H".split()
    tableau = "KC KC KD KD KH KH KS KS 5C 5C 5D 5D".split()
    used = deck_of(" ".join(reserve + ["AC"] + tableau))
    rest = [c for c in range(52) for _ in range(2)]
    for c in used:
        rest.remove(c)
    seven = parse_card("7S")
    rest.remove(seven)
    rng = random.Random(7)
    rng.shuffle(rest)
    return used + rest + [seven]


LOSE_DECK = _lose_deck()
assert len(WIN_DECK) == len(LOSE_DECK) == 104


def quiet(app):
    """No animation and none of PySolFC's automatic play; dialogs are
    cancelled as they open (their titles kept in the returned object)."""
    dialogs = scenario_steps.quiet(app)
    app.opt.autofaceup = False
    app.opt.autodrop = False
    return dialogs


def new_deal(app, deck):
    return scenario_steps.new_deal(app, format_deck(deck),
                                   rules.Position.new_game(deck))


def act(game, move):
    """Try ``move`` as the player would (a click on the stock, or a drag
    from the top card); True if PySolFC took it."""
    if move == DEAL:
        return deal(game)
    if move.src == STOCK:
        return False
    return move_top_card(game.stack_for(move.src), game.stack_for(move.dst))


def play(game, moves):
    scenario_steps.play(game, moves, act)


def check_conservation(game):
    scenario_steps.check_conservation(game, 104)


def double_click(game, pile):
    """A double click on a pile's top card; True if a card moved."""
    stack = game.stack_for(pile)
    before = game.moves.index
    stack.doubleclickHandler(None)
    return game.moves.index != before


# ------------------------------------------------------------- scenarios

def scenario_registration(app):
    import pysolfc_camelot
    from pysolfc_camelot.camelot import GAME_ID as CAMELOT_ID
    from pysollib.gamedb import GI
    from pysollib.mfxutil import getprefdir
    plugins = os.path.join(getprefdir("PySolFC"), "plugins")
    assert pysolfc_camelot.__file__.startswith(plugins), \
        "not the installed copy: %s" % pysolfc_camelot.__file__
    gdb = app.gdb
    ours = gdb.get(GAME_ID)
    assert ours.name == GAME_NAME, ours.name
    assert ours.gameclass.__name__ == "ThePlotClassic"
    assert ours.decks == 2 and ours.ncards == 104
    assert gdb.get(CAMELOT_ID).gameclass.__name__ == "CamelotPlus"
    builtin = gdb.get(896)
    assert builtin.name == "The Plot", builtin.name
    assert builtin.gameclass.__module__ == "pysollib.games.canfield"
    assert builtin.gameclass.__name__ == "ThePlot"
    ours_names = {n.lower() for n in
                  {ours.name, ours.short_name} | set(ours.altnames or ())
                  if n}
    clashes = []
    for gid in gdb.getGamesIdSortedById():
        if gid == GAME_ID:
            continue
        gi = gdb.get(gid)
        names = {gi.name, gi.short_name} | set(gi.altnames or ())
        if ours_names & {n.lower() for n in names if n}:
            clashes.append(gid)
    assert not clashes, clashes
    assert GAME_ID not in GI.PROTECTED_GAMES
    # No game of PySolFC's own uses our id (a plugin's registration would
    # silently replace it): look in its sources.
    import re
    import pysollib
    games_dir = os.path.join(os.path.dirname(pysollib.__file__), "games")

    def users_of(game_id):
        pattern = re.compile(r"GameInfo\(\s*%d\b" % game_id)
        found = []
        for folder, _, files in os.walk(games_dir):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    with open(path, encoding="utf-8",
                              errors="replace") as f:
                        if pattern.search(f.read()):
                            found.append(os.path.basename(path))
        return found
    assert users_of(896) == ["canfield.py"]     # the search finds ids
    assert users_of(GAME_ID) == []
    page = ours.rules_filename
    assert page and page.endswith(os.path.join("plot", "en.html")) and \
        os.path.isfile(page), page
    return {"games": len(gdb.getGamesIdSortedById()), "rules": page}


def scenario_layout_and_texts(app):
    quiet(app)
    game = new_deal(app, WIN_DECK)
    s = game.s
    assert [len(s.reserves[0].cards), len(s.foundations[0].cards)] == [13, 1]
    assert all(len(r.cards) == 1 for r in s.rows)
    assert len(s.talon.cards) == 78 and not s.waste.cards
    assert all(c.face_up for st in game.allstacks if st is not s.talon
               for c in st.cards)
    assert not any(c.face_up for c in s.talon.cards)
    # three rows of four: four x positions, three y positions
    assert len({r.x for r in s.rows}) == 4 and len({r.y for r in s.rows}) == 3
    assert [r.y for r in s.rows] == sorted(r.y for r in s.rows)
    texts = {
        "base": game.canvas.itemcget(game.texts.base_rank.id, "text"),
        "info": game.canvas.itemcget(game.texts.info.id, "text"),
        "stock": game.canvas.itemcget(s.talon.texts.ncards.id, "text"),
    }
    assert texts["base"] == "Base rank: A", texts
    assert texts["info"] == \
        "Other foundations open when the first holds 13: 1/13", texts
    assert texts["stock"] == "Stock: 78", texts
    play(game, win_line()[:24])             # F0 complete
    assert not game.position().restricted
    info = game.canvas.itemcget(game.texts.info.id, "text")
    assert info == "All foundations are open", info
    assert game.canvas.itemcget(s.talon.texts.ncards.id, "text") == \
        "Stock: 66"
    return texts


def scenario_won_game(app):
    dialogs = quiet(app)
    game = new_deal(app, WIN_DECK)
    won_before, lost_before = app.stats.getStats(app.opt.player, GAME_ID)
    line = win_line()
    # the player's ways: a click on the stock for a deal, a double click
    # for every second card to a foundation, a drag for the others
    clicks = drags = 0
    for i, m in enumerate(line):
        before = game.position()
        if m != DEAL and i % 2:
            assert double_click(game, m.src), (m, before)
            clicks += 1
        else:
            assert act(game, m), (m, before)
            drags += m != DEAL
        assert game.position() == before.after(m), m
    pos = game.position()
    assert pos.is_won() and game.isGameWon() and pos.score == 104
    assert wait_for_dialog(app, dialogs) == ["Game won"], dialogs.titles
    won, lost = app.stats.getStats(app.opt.player, GAME_ID)
    assert (won, lost) == (won_before + 1, lost_before), (won, lost)
    return {"moves": game.moves.index, "double clicks": clicks,
            "drags": drags, "won": won}


def scenario_lost_and_stuck(app):
    dialogs = quiet(app)
    app.opt.stuck_notification = True
    game = new_deal(app, LOSE_DECK)
    for i in range(78):
        assert act(game, DEAL), i
        if i < 77:
            assert game.position().status() == rules.PLAYING
            assert game.getStuck()
    app.top.update()
    pos = game.position()
    assert pos.status() == rules.LOST and not pos.stock, pos
    assert not game.getStuck()
    assert wait_for_dialog(app, dialogs) == ["You are Stuck"], dialogs.titles
    # No redeal: a click on the empty stock does nothing.
    n = game.moves.index
    assert not act(game, DEAL)
    assert game.position() == pos and game.moves.index == n
    assert not game.s.talon.cards and len(game.s.waste.cards) == 78
    return {"dialogs": dialogs.titles}


def scenario_no_automatic_moves(app):
    """PySolFC's automatic play switched on: still nothing happens by
    itself, neither after a move nor from the Auto drop menu command."""
    quiet(app)
    app.opt.autodrop = True
    app.opt.autodeal = True
    app.opt.autofaceup = True
    game = new_deal(app, WIN_DECK)
    start = game.position()
    # The reserve's ace could go to a foundation after F0: no autoplay.
    for m in win_line()[:24]:
        before = game.position()
        assert act(game, m)
        assert game.position() == before.after(m), m
    pos = game.position()
    assert any(m.dst in FOUNDATIONS for m in pos.legal_moves())
    n = game.moves.index
    game.autoPlay()
    game.autoDrop()
    assert game._autoDeal() == 0
    app.top.update()
    assert game.position() == pos and game.moves.index == n
    # A deal leaves the dealt card on the waste, even with Autodrop on.
    play(game, [DEAL])
    assert game.position().waste and game.moves.index == n + 1
    return {"start base": rules.rank_name(start.base)}


def scenario_undo_redo(app):
    quiet(app)
    game = new_deal(app, WIN_DECK)
    history = [game.position()]
    for m in win_line():
        play(game, [m])
        history.append(game.position())
    n = game.moves.index
    assert n == len(history) - 1
    while game.moves.index:
        game.undo()
        check_conservation(game)
        assert game.position() == history[game.moves.index]
    assert game.position() == history[0]
    while game.moves.index < n:
        game.redo()
        check_conservation(game)
        assert game.position() == history[game.moves.index]
    assert game.position().is_won()
    return {"moves": n}


def scenario_save_load(app):
    quiet(app)
    line = win_line()
    checks = {"during the restriction": 9,
              "after the restriction": 24 + 5,
              "won": len(line)}
    out = {}
    for name, n in checks.items():
        game = new_deal(app, WIN_DECK)
        play(game, line[:n])
        before = game.position()
        assert before.restricted == (name == "during the restriction")
        path = os.path.join(tempfile.mkdtemp(), "plot.pso")
        game.saveGame(path)
        game.loadGame(path)
        game = app.game
        assert game.id == GAME_ID
        assert game.position() == before, (name, game.position(), before)
        check_conservation(game)
        game.undo()
        assert game.position() == rules.replay(WIN_DECK, line[:n - 1])[0]
        game.redo()
        assert game.position() == before
        if name != "won":
            play(game, line[n:])
        assert game.position().is_won()
        out[name] = os.path.getsize(path)
    return out


def _save_tampered(game, path, tamper):
    """Save with the stacks changed by ``tamper`` (it returns how to undo
    the change), then put everything back as it was."""
    restore = tamper(game)
    try:
        game.saveGame(path)
    finally:
        restore()


def _same_id(game):
    a, b = game.s.rows[0].cards[-1], game.s.rows[1].cards[-1]
    old = a.id
    a.id = b.id

    def restore():
        a.id = old
    return restore


def _face_down(game):
    card = game.s.reserves[0].cards[-1]
    card.face_up = False

    def restore():
        card.face_up = True
    return restore


def _on_closed_foundation(game):
    card = game.s.talon.cards.pop()
    game.s.foundations[3].cards.append(card)

    def restore():
        game.s.foundations[3].cards.pop()
        game.s.talon.cards.append(card)
    return restore


def _onto_base_rank(game):
    # T1's card onto T0's (both stay face up): T0 holds an ace, the base
    # rank, which stands alone.
    card = game.s.rows[1].cards.pop()
    game.s.rows[0].cards.append(card)

    def restore():
        game.s.rows[0].cards.pop()
        game.s.rows[1].cards.append(card)
    return restore


def _f0_empty(game):
    f0, waste = game.s.foundations[0], game.s.waste
    cards = f0.cards[:]
    del f0.cards[:]
    waste.cards.extend(cards)

    def restore():
        del waste.cards[-len(cards):]
        f0.cards.extend(cards)
    return restore


def scenario_damaged_save(app):
    dialogs = quiet(app)
    game = new_deal(app, WIN_DECK)
    play(game, win_line()[:10])
    before = game.position()
    d = tempfile.mkdtemp()
    good = os.path.join(d, "good.pso")
    game.saveGame(good)
    data = open(good, "rb").read()
    assert b"plot-classic/1" in data
    bad = {"truncated": data[:len(data) // 2],
           "garbage": b"not a save file at all",
           "other version": data.replace(b"plot-classic/1",
                                         b"plot-classic/9"),
           "no tag": data.replace(b"plot-classic/1", b"camelot-plus/1")}
    for name, blob in bad.items():
        with open(os.path.join(d, name + ".pso"), "wb") as f:
            f.write(blob)
    tampered = {"a card id twice": _same_id,
                "a face-down reserve card": _face_down,
                "a card on a closed foundation": _on_closed_foundation,
                "a card on a base-rank card": _onto_base_rank,
                "no base card on F0": _f0_empty}
    for name, tamper in tampered.items():
        _save_tampered(game, os.path.join(d, name + ".pso"), tamper)
        assert game.position() == before
    titles = {}
    for name in list(bad) + list(tampered):
        seen = load_refused(app, dialogs, os.path.join(d, name + ".pso"),
                            before)
        assert seen == ["Load game error"], (name, seen)
        titles[name] = seen[0]
    # and the good save still loads
    app.game.loadGame(good)
    assert app.game.position() == before
    check_conservation(app.game)
    return titles


def scenario_deal_numbers(app):
    from pysollib.pysolrandom import construct_random
    from pysolfc_camelot.core import deals
    quiet(app)
    game = app.game
    positions = []
    for n in (1, 2, 1, 31999, 123456789):
        game.newGame(random=construct_random(str(n)), autoplay=0)
        game = app.game
        deck = deals.deck_for_deal(n, decks=2)
        assert game.position() == rules.Position.new_game(deck), n
        positions.append(game.position())
    assert positions[0] == positions[2] and positions[0] != positions[1]
    # Restart: the same deal again, from its first move.
    start = game.position()
    for _ in range(6):
        act(game, game.position().legal_moves()[0])
    assert game.moves.index == 6
    game.restartGame()
    assert app.game.position() == start and app.game.moves.index == 0
    return {"deals": 5}


def _check_accepts(game, pos, pairs):
    """acceptsCards (and canMoveCards) of every pair agree with the rules
    model: a PySolFC move of the top card is possible iff the model's move
    is legal."""
    for src, dst in pairs:
        a, b = game.stack_for(src), game.stack_for(dst)
        if a is b:
            continue
        cards = a.cards[-1:]
        move = Move(src, dst)
        accepted = bool(cards) and b.acceptsCards(a, cards)
        if src == STOCK:
            # the stock's card never moves by a drag; the model reads
            # stock>X as a deal and waste>X: the same position
            assert accepted == pos.is_legal(move), (move, pos)
            continue
        assert accepted == pos.is_legal(move), (move, accepted, pos)
        # One decision per drop, with the rules model's reason.
        assert game.refusal(a, b) == pos.why_illegal(move), (move, pos)
        if accepted:
            assert a.canMoveCards(cards), (move, pos)


def scenario_conservation(app):
    quiet(app)
    rng = random.Random(2026)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    game = new_deal(app, deck)
    history = [game.position()]
    counts = {"moves": 0, "refused": 0, "double clicks": 0, "undo": 0,
              "redo": 0, "new": 0, "won": 0, "lost": 0}
    every = [Move(a, b) for a in PILES for b in PILES if a != b]
    all_pairs = [(a, b) for a in PILES for b in PILES if a != b]
    for step in range(3000):
        game = app.game
        pos = game.position()
        r = rng.random()
        if r < 0.07 and game.moves.index:
            game.undo()
            counts["undo"] += 1
        elif r < 0.12 and game.canRedo():
            game.redo()
            counts["redo"] += 1
        elif r < 0.125 or pos.status() != rules.PLAYING:
            counts[{rules.WON: "won", rules.LOST: "lost"}.get(
                pos.status(), "new")] += 1
            rng.shuffle(deck)
            game = new_deal(app, deck)
            history = [game.position()]
        elif r < 0.2:
            # half of the double clicks on a card that can go up, if any
            ups = [m.src for m in pos.legal_moves() if m.dst in FOUNDATIONS]
            pile = rng.choice(ups) if ups and rng.random() < 0.5 else \
                rng.choice((WASTE, "reserve") + TABLEAU)
            drops = [m for m in pos.legal_moves()
                     if m.src == pile and m.dst in FOUNDATIONS]
            moved = double_click(game, pile)
            assert moved == bool(drops), (pile, pos)
            if moved:
                assert game.position() == pos.after(drops[0]), (pile, pos)
                del history[game.moves.index:]
                counts["double clicks"] += 1
        else:
            legal = pos.legal_moves()
            m = rng.choice(legal) if r < 0.6 else rng.choice(every)
            ok = act(game, m)
            # a drag never starts on the stock: only its click deals
            assert ok == (m in legal and (m == DEAL or m.src != STOCK)), \
                (m, ok, pos)
            if ok:
                assert game.position() == pos.after(m), m
                del history[game.moves.index:]
                counts["moves"] += 1
            else:
                assert game.position() == pos, m
                counts["refused"] += 1
        check_conservation(game)
        if len(history) <= game.moves.index:
            history.append(game.position())
        now = game.position()
        assert now == history[game.moves.index]
        pairs = all_pairs if step % 100 == 0 else rng.sample(all_pairs, 12)
        _check_accepts(game, now, pairs)
    return counts


# -- hints and demo ----------------------------------------------------------

def hint_move_of(game, h):
    """The rules move a hint tuple shows."""
    score, pos, n, src, dst = h[:5]
    if src is game.s.talon:
        return DEAL
    return Move(src.pile, dst.pile)


def scenario_hints_are_legal_moves(app):
    """Fair hints (the default: the strong fair player, in the search
    process) are ``play --policy fair``'s moves, from what the player
    sees, when given the time, and legal moves PySolFC takes within their
    time bound."""
    quiet(app)
    rng = random.Random(5)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    game = new_deal(app, deck)
    uncut = follow_fair_hints(app, game, 30)
    bounded = follow_fair_hints(app, game, 40, uncut=False)
    steps = uncut + bounded
    assert uncut == 30 and steps > 50, (uncut, bounded)
    return {"moves": steps, "status": game.position().status(),
            "score": game.position().score}


def hard_winnable_deck():
    return known_deals.plot_greedy_loses_deck()


def scenario_perfect_hints_win(app):
    """Perfect hints, followed as the player would, win a deal the greedy
    policy loses."""
    from pysolfc_camelot.plot import hints
    quiet(app)
    deck = hard_winnable_deck()
    assert not hints.play_policy(deck, "greedy")[0]
    game = new_deal(app, deck)
    game.hint_mode = "perfect"
    steps = 0
    while game.position().status() == rules.PLAYING and steps < 600:
        h = ready_hint(app, game)
        assert h, "no hint at\n%r" % game.position()
        follow(game, h)
        steps += 1
    assert game.position().is_won(), game.position()
    check_conservation(game)
    return {"moves": steps, "greedy": "lost"}


def scenario_hint_mode_label(app):
    """The hint label says the mode; a click on it switches fair <->
    perfect and keeps the choice in PySolFC's config folder
    (plot-classic.json), leaving Camelot's setting alone."""
    import json
    from pysolfc_camelot.plot import hint_modes as hintmode
    from pysolfc_camelot.texts import tr
    quiet(app)
    game = new_deal(app, WIN_DECK)
    path = os.path.join(app.dn.config, hintmode.SETTINGS_FILE)
    # Earlier scenarios set the mode by hand; what the player starts with
    # (a fresh HOME, no setting yet) is fair.
    assert not os.path.exists(path)
    game.hint_mode = hintmode.load(app)
    assert game.hint_mode == "fair"
    game.updateText()
    camelot = os.path.join(app.dn.config, "camelot-plus.json")
    camelot_before = os.path.exists(camelot)
    c = game.canvas
    seen = []
    for want in ("perfect", "fair"):
        before = game.hint_mode
        assert before != want
        # The table's layout may break the label's lines elsewhere.
        assert c.itemcget(game.texts.misc.id, "text").split() == tr(
            "game.hints.label", mode=tr("game.hints." + before)).split()
        # A click on the label, as Tk delivers it to the canvas.
        x0, y0, x1, y1 = c.bbox(game.texts.misc.id)
        x = int((x0 + x1) / 2 - c.canvasx(0))
        y = int((y0 + y1) / 2 - c.canvasy(0))
        for event in ("<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
            c.event_generate(event, x=x, y=y)
        app.top.update()
        assert game.hint_mode == want
        # The table's layout may break the label's lines elsewhere.
        assert c.itemcget(game.texts.misc.id, "text").split() == tr(
            "game.hints.label", mode=tr("game.hints." + want)).split()
        with open(path) as f:
            assert json.load(f) == {"hints": want}
        assert hintmode.load(app) == want
        seen.append(want)
    assert os.path.exists(camelot) == camelot_before
    return {"modes": seen, "file": path}


def scenario_demo_perfect_wins(app):
    """With perfect hints the demo follows the solver's line: it wins the
    deal the greedy policy loses."""
    dialogs = quiet(app)
    app.opt.timeouts["demo"] = 0.0
    game = new_deal(app, hard_winnable_deck())
    game.hint_mode = "perfect"
    demo_wins(app, game, 180)
    check_conservation(app.game)
    return {"moves": app.game.moves.index, "dialogs": dialogs.titles}


def slow_deck():
    return known_deals.plot_slow_deck()


def scenario_demo_stopped_while_thinking(app):
    """The perfect demo thinks (up to 10 s on a hard deal) off the event
    loop; the player stops it meanwhile: nothing is played, then or
    later.  (The stop comes from a timer, as a click would come from the
    event loop.)"""
    quiet(app)
    app.opt.timeouts["demo"] = 0.0
    game = new_deal(app, slow_deck())
    game.hint_mode = "perfect"
    game._assist_answers = {}
    moves, task = stop_demo_while_thinking(app, game)
    assert moves == 0, "a move after the stop"
    return {"search went on for (s)": round(task[1].elapsed(), 2)}


def scenario_solver_dialog(app):
    """Assist > Solver for The Plot: enabled while it is current; Start
    says the deal can be won and in how many moves, Play wins it; a lost
    deal is said to be lost; Stop right after Start stops the search and
    leaves the game as it was."""
    from pysolfc_camelot.pysol import assist
    from pysolfc_camelot.texts import tr
    quiet(app)
    app.opt.timeouts["demo"] = 0.0
    menu, index = assist.solver_entry(app)
    assert str(menu.entrycget(index, "state")) == "normal"
    new_deal(app, hard_winnable_deck())
    app.menubar.mSolver()
    dialog = solver_dialog(app)
    assert GAME_NAME in dialog.games
    dialog.startSolving()
    text = solver_result(app, dialog)
    n = len(app.game.solver.line)
    assert n > 100 and text == tr("solver.solvable", n=n), text
    assert str(dialog.play_button.cget("state")) == "normal"
    dialog.startPlay()
    assert wait_until(app, lambda: app.game.position().is_won(), 180), \
        app.game.position()
    assert app.game.moves.index == n, (app.game.moves.index, n)
    wait_until(app, lambda: not app.game.demo, 20)
    check_conservation(app.game)
    # Stop: pressed (Start again) while the search runs.
    game = new_deal(app, hard_winnable_deck())
    before = game.position()
    dialog.startSolving()
    assert dialog.start_button.cget("text") == tr("solver.stop")
    dialog.startSolving()
    stopped = solver_result(app, dialog)
    assert stopped == tr("solver.stopped"), stopped
    assert game.position() == before and game.moves.index == 0
    assert str(dialog.play_button.cget("state")) == "disabled"
    # A deal that cannot be won says so.
    new_deal(app, LOSE_DECK)
    dialog.startSolving()
    lost_text = solver_result(app, dialog)
    assert lost_text == tr("solver.unsolvable"), lost_text
    dialog.mDone(3)                         # its Close button
    return {"solution moves": n, "stopped": stopped,
            "unsolvable": lost_text}


def scenario_demo_wins_constructed_deal(app):
    dialogs = quiet(app)
    app.opt.timeouts["demo"] = 0.0
    game = new_deal(app, WIN_DECK)
    demo_wins(app, game, 180)
    check_conservation(app.game)
    return {"moves": app.game.moves.index, "dialogs": dialogs.titles}


def scenario_select_dialog_preview(app):
    """Select > All games with preview draws our game small (PySolFC's
    preview mode: no texts); cancelling it leaves our game as it was."""
    dialogs = quiet(app)
    game = new_deal(app, WIN_DECK)
    before = game.position()
    app.menubar.mSelectGameDialogWithPreview()
    app.top.update()
    assert dialogs.titles and dialogs.titles[0].startswith("Select"), \
        dialogs.titles
    assert app.game.id == GAME_ID and app.game.position() == before
    return {"dialogs": dialogs.titles}


def scenario_bookmarks(app):
    """Edit > Bookmarks keep positions as in-memory saves (our save hook
    and its checks): going back to one restores it exactly."""
    quiet(app)
    line = win_line()
    game = new_deal(app, WIN_DECK)
    marks = {}
    for i, n in enumerate((7, 24, 40)):
        play(game, line[game.moves.index:n])
        game.setBookmark(i, confirm=0)
        marks[i] = game.position()
    play(game, line[40:50])
    for i in (1, 0, 2):
        app.game.gotoBookmark(i, confirm=0)
        assert app.game.position() == marks[i], i
        check_conservation(app.game)
    return {"bookmarks": len(marks)}

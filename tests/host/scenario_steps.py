# SPDX-License-Identifier: GPL-3.0-or-later
"""What both games' scenario modules (scenarios.py, plot_scenarios.py) do
the same way inside the live PySolFC (see runner.py, which puts this
folder on sys.path): the player's moves through the stacks, following a
hint, waiting on the event loop, the modal-dialog catcher and the Solver
dialog.  What differs (which stacks a move uses, the deck's text) stays
in each game's module."""
import os
import time


class Dialogs:
    """Cancel PySolFC's modal dialogs as they open, keeping their titles."""

    def __init__(self, app):
        self.app, self.titles = app, []
        self.after = app.top.after(50, self._poll)

    def _poll(self):
        import gc
        self.after = self.app.top.after(50, self._poll)
        if not any(w.winfo_class() == "Toplevel" and w.winfo_ismapped()
                   for w in self.app.top.winfo_children()):
            return
        for obj in gc.get_objects():
            top = getattr(obj, "top", None) if hasattr(obj, "mCancel") \
                else None
            # Only modal dialogs (they grab the pointer); the Solver
            # dialog, for one, stays open.
            if top is not None and top is not self.app.top and \
                    getattr(obj, "status", None) == 0 and \
                    top.winfo_exists() and top.winfo_ismapped() and \
                    top.grab_status():
                self.titles.append(top.wm_title())
                # Cancel, as the Escape key does: the SystemExit it
                # raises ends the dialog's own event loop.
                obj.mCancel()


DIALOGS = None          # one catcher for the whole PySolFC process


def quiet(app):
    """No animation, no automatic deals: each action is exactly one move.
    Dialogs (a won game's, an error's) are cancelled as they open and
    their titles kept in DIALOGS.titles."""
    global DIALOGS
    app.opt.animations = 0
    app.opt.autodeal = False
    app.opt.stuck_notification = False
    app.opt.confirm = False             # no "are you sure" before a load
    if DIALOGS is None:
        DIALOGS = Dialogs(app)
    DIALOGS.titles = []
    return DIALOGS


def wait_for_dialog(app, dialogs, seconds=2):
    """Run the event loop until a dialog was caught (or seconds passed);
    returns the titles caught."""
    end = time.time() + seconds
    while not dialogs.titles and time.time() < end:
        app.top.update()
        time.sleep(0.05)
    return dialogs.titles


def new_deal(app, deck_text, start):
    """A new game of the current game on the deck written deck_text (the
    game's test hook CAMELOT_TEST_DECK); it must start at ``start``."""
    os.environ["CAMELOT_TEST_DECK"] = deck_text
    try:
        app.game.newGame(autoplay=0)
    finally:
        del os.environ["CAMELOT_TEST_DECK"]
    assert app.game.position() == start
    return app.game


def deal(game):
    """A click on the stock; True if PySolFC dealt."""
    return bool(game.s.talon.clickHandler(None))


def move_top_card(src, dst):
    """Drag src's top card onto dst as the player would, through the
    stacks' own checks; True if PySolFC took it."""
    cards = src.cards[-1:]
    if not cards or not src.canMoveCards(cards) or \
            not dst.acceptsCards(src, cards):
        return False
    src.playMoveMove(1, dst)
    return True


def play(game, moves, act):
    """Play rules moves with the game's ``act``, each taken by PySolFC and
    leading where the rules model says."""
    for m in moves:
        before = game.position()
        assert act(game, m), "refused legal move %s at\n%r" % (m, before)
        assert game.position() == before.after(m), m


def check_conservation(game, n_cards):
    """Every card once on the table, and the rules model holds them all;
    the rules position the game keeps (table_position.py) is the one the
    stacks hold, before and after it is asked for."""
    drift = game.kept_drift()
    assert drift is None, drift
    where = {}
    for stack in game.allstacks:
        for card in stack.cards:
            assert card.id not in where, "card %d twice" % card.id
            where[card.id] = stack.id
    assert sorted(where) == list(range(n_cards)), "cards missing"
    assert len(game.position().cards()) == n_cards
    drift = game.kept_drift()
    assert drift is None, drift


def load_refused(app, dialogs, path, before):
    """Load a save PySolFC must refuse (``dialogs`` from ``quiet``): the
    game stays at ``before`` and an error dialog says so.  Returns the
    dialogs' titles."""
    dialogs.titles = []
    app.game.loadGame(path)
    app.top.update()
    assert app.game.position() == before, path
    assert dialogs.titles, "no error dialog for %s" % path
    return dialogs.titles


# -- hints, demo and the Solver dialog ----------------------------------------

def follow(game, hint):
    """Do what a hint tuple says, as the player would."""
    score, pos, n, src, dst = hint[:5]
    if src is game.s.talon:
        return deal(game)
    assert src.canMoveCards(src.cards[-1:]) and \
        dst.acceptsCards(src, src.cards[-1:]), hint
    src.playMoveMove(1, dst)
    return True


def wait_until(app, cond, seconds):
    """Run PySolFC's event loop until cond() or seconds; returns cond()."""
    end = time.time() + seconds
    while not cond() and time.time() < end:
        app.top.update()
        time.sleep(0.01)
    return cond()


def ready_hint(app, game, level=0):
    """Assist > Hint as the player sees it: PySolFC asks, our search runs
    off the event loop and the arrow comes when it is done.  Returns the
    hint."""
    h = game.showHint(level=level, sleep=0)
    if h is None:
        assert wait_until(app, lambda: game.assist_ready(level), 30), \
            "no hint within 30 s at\n%r" % game.position()
        h = game.showHint(level=level, sleep=0)
    return h


def follow_fair_hints(app, game, steps, uncut=True):
    """Follow up to ``steps`` fair hints as the player would.  ``uncut``:
    every hint is given the time to finish (the test hook of
    core/fair_hint.py, in a search process started afresh) and must be
    the strong fair player's move, carried along the same moves as
    ``play --policy fair`` carries it; else each is only a legal move
    that changes the position.  Returns the hints followed."""
    from pysolfc_camelot.core import fair_hint, fair_player
    from pysolfc_camelot.core.outcome import PLAYING
    player = fair_player.Player(game.spec.name)
    saved = os.environ.get(fair_hint.TEST_FAIR_SECONDS)

    def restart():
        if game._assist_server is not None:     # (it reads the hook once)
            game._assist_server.close()
        game._assist_answers = {}
    if uncut:
        os.environ[fair_hint.TEST_FAIR_SECONDS] = "1000"
        restart()
    game.hint_mode = "fair"
    n = 0
    try:
        while n < steps and game.position().status() == PLAYING:
            pos = game.position()
            h = ready_hint(app, game)
            if not h:
                break
            expected = player.choose_move(pos) if uncut else None
            assert follow(game, h)
            if uncut:
                assert game.position() == pos.after(expected), \
                    (n, expected, game.position())
            else:
                assert game.position() != pos
            n += 1
    finally:
        if uncut:
            if saved is None:
                os.environ.pop(fair_hint.TEST_FAIR_SECONDS, None)
            else:
                os.environ[fair_hint.TEST_FAIR_SECONDS] = saved
            restart()
    return n


def demo_wins(app, game, seconds):
    """Start the demo on game; it wins within seconds and stops."""
    game.startDemo(mixed=0)
    assert wait_until(app, lambda: app.game.position().is_won(), seconds), \
        app.game.position()
    wait_until(app, lambda: not app.game.demo, 20)


def stop_demo_while_thinking(app, game):
    """Start the perfect demo on game, on a deal its search thinks long
    on; 300 ms later a timer stops it, as a click on the table would come
    from the event loop: nothing is played, then or later.  Returns the
    moves made before the stop and the search task the demo waited for."""
    seen = {}

    def click():
        seen.update(task=game._assist_task, moves=game.moves.index,
                    pos=game.position())
        game.stopDemo()                         # as a click on the table
    app.top.after(300, click)
    game.startDemo(mixed=0)
    assert wait_until(app, lambda: "pos" in seen, 10)
    task = seen["task"]
    assert task is not None, "the demo was not waiting for its search"
    assert wait_until(app, lambda: task[1].done, 10)
    wait_until(app, lambda: False, 0.5)
    assert not game.demo
    assert game.moves.index == seen["moves"], "a move after the stop"
    assert game.position() == seen["pos"]
    return seen["moves"], task


def solver_dialog(app):
    import sys
    return [m.solver_dialog for name, m in sys.modules.items()
            if name.endswith("solverdialog") and
            getattr(m, "solver_dialog", None) is not None][0]


def solver_result(app, dialog, seconds=120):
    """Start has returned at once; wait for the verdict of the search."""
    from pysolfc_camelot.texts import tr
    searching = tr("solver.searching")
    # The dialog writes its own verdict when Start returns; ours replaces
    # it before the label is drawn (an idle callback).
    app.top.update_idletasks()
    assert wait_until(app, lambda: dialog.result_label["text"] and
                      not dialog.result_label["text"].startswith(searching),
                      seconds), dialog.result_label["text"]
    return dialog.result_label["text"]

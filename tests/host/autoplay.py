# SPDX-License-Identifier: GPL-3.0-or-later
"""A test-only PySolFC plugin: it plays the moves of a long game for a GUI
test, as the player's clicks and drags would (through the stacks' own
checks and moves), so that the test's own clicks and keys start where a
game well under way stands.

GUI tests copy this file into the test HOME's plugin folder.  Once one of
our games is current, idle and still at its deal, it plays the moves of
$CAMELOT_TEST_PLAY (the game's command-line notation, ``;`` between
moves), one per event-loop turn, each through the stack the player would
use (the game's hint_tuple names the stacks); a move the stacks refuse
ends it with a message on stderr.  It registers no game.
"""
import gc
import os
import sys
import tkinter

MOVES = os.environ.get("CAMELOT_TEST_PLAY")
STEP_MS = 20


def _app():
    mod = sys.modules.get("pysollib.app")
    cls = getattr(mod, "Application", None)
    if cls is None:
        return None
    return next((o for o in gc.get_objects() if isinstance(o, cls)), None)


class AutoPlay:
    def __init__(self, root, text):
        self.root, self.text, self.app = root, text, None
        self.moves = None
        self.root.after(200, self.step)

    def step(self):
        if self.app is None:
            self.app = _app()
        game = getattr(self.app, "game", None)
        if game is None or game.busy or not getattr(game, "spec", None):
            self.root.after(200, self.step)
            return
        if self.moves is None:
            if game.moves.index:
                return                  # not at the deal: not ours to play
            notation = game.spec.notation
            self.moves = notation.parse_moves(self.text)
        if not self.moves:
            return
        move = self.moves.pop(0)
        ncards, src, dst = game.hint_tuple(game, move, 0)
        if src is game.s.talon:
            done = game.s.talon.clickHandler(None)
        else:
            cards = src.cards[-1:]
            done = cards and src.canMoveCards(cards) and \
                dst.acceptsCards(src, cards)
            if done:
                src.playMoveMove(1, dst)
        if not done:
            print("autoplay: %s refused" % move, file=sys.stderr)
            return
        self.root.after(STEP_MS, self.step)


if MOVES:
    _r = getattr(tkinter, "_default_root", None) or next(
        (o for o in gc.get_objects() if isinstance(o, tkinter.Tk)), None)
    if _r is not None:
        AUTOPLAY = AutoPlay(_r, MOVES)

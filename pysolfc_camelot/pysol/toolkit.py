# SPDX-License-Identifier: GPL-3.0-or-later
"""What PySolFC's two front ends do differently, said once for our games.

PySolFC draws with Tk on the desktop and with Kivy on Android
(``pysol.py --kivy``; ``pysollib/kivy/``).  Its Kivy layer imitates most
of Tk's canvas, but not all of it: a canvas text there is a widget with
no Tk item id (no ``tag_bind``, ``itemcget``, ``bbox`` by id), its main
window has no ``after``, and its own ``after(widget, ms, fn)`` drops
every timer (only the demo's idle call runs).  The adapters ask this
module instead of Tk, so they stay the same for both; under Tk each
function does exactly the Tk call the adapters made before.

Nothing here imports pysollib or Kivy until it is called, so that the
modules importing it load without PySolFC (the command line, the tests
of the rules).
"""
import os


def is_kivy():
    """True inside PySolFC's Kivy front end (Android's)."""
    try:
        from pysollib.settings import TOOLKIT
    except ImportError:
        return False
    return TOOLKIT == "kivy"


def is_current(game):
    """True while ``game`` is the one PySolFC shows (not a preview, not
    one it has moved on from): the mixins' callbacks and polls act only
    then."""
    app = getattr(game, "app", None)
    return app is not None and getattr(app, "game", None) is game


def is_android():
    """True inside PySolFC's Android app: its Kivy front end, started by
    python-for-android, which sets these (Kivy's own test, kivy.utils)."""
    return is_kivy() and ("ANDROID_ARGUMENT" in os.environ
                          or "P4A_BOOTSTRAP" in os.environ)


# ---------------------------------------------------------------- timers

def after(widget, ms, fn, *args):
    """Call ``fn(*args)`` once, ``ms`` milliseconds from now, in the event
    loop's thread; returns a token for ``after_cancel``.  Under Kivy the
    timer is Kivy's Clock, which PySolFC's Kivy layer uses itself."""
    if not is_kivy():
        return widget.after(ms, fn, *args)
    from kivy.clock import Clock
    return Clock.schedule_once(lambda dt: fn(*args), ms / 1000.0)


def after_idle(widget, fn, *args):
    """Call ``fn(*args)`` once the event loop has nothing else to do."""
    if not is_kivy():
        return widget.after_idle(fn, *args)
    from kivy.clock import Clock
    return Clock.schedule_once(lambda dt: fn(*args), 0)


def after_cancel(widget, token):
    """Cancel a call ``after`` scheduled (one that ran already: nothing)."""
    if not is_kivy():
        widget.after_cancel(token)
    else:
        token.cancel()


# ----------------------------------------------------------- canvas text

def bind_click(canvas, text, fn):
    """A click (a tap) on the canvas text ``text`` (an MfxCanvasText)
    calls ``fn(event)``."""
    if not is_kivy():
        canvas.tag_bind(text.id, "<1>", fn)
        return
    label = text.label

    def touched(widget, touch):
        x0, y0, x1, y1 = _kivy_box(canvas, label)
        if getattr(touch, "button", "left") != "left" or \
                not (x0 <= touch.x <= x1 and y0 <= touch.y <= y1):
            return False
        fn(touch)
        return True         # the label had it: no card, no table below
    label.bind(on_touch_down=touched)


def clickable_text(game, x, y, width, fn):
    """A new canvas text of ``game`` at (x, y) (its top left), wrapped at
    ``width`` pixels, that moves with PySolFC's scaling (Game.texts.list)
    and calls ``fn(event)`` when clicked."""
    from pysollib.pysoltk import MfxCanvasText
    text = MfxCanvasText(game.canvas, x, y, anchor="nw",
                         font=game.app.getFont("canvas_default"),
                         width=int(width))
    game.texts.list.append(text)
    bind_click(game.canvas, text, fn)
    return text


def _core_box(label):
    """[x0, y0, x1, y1] of a Kivy canvas text in canvas coordinates: its
    text's size placed at its anchor, as the Kivy layer draws it
    (LText.updateCanvas).  (The widget's own pos and size follow only on
    a resize, not on a new text.)"""
    from pysollib.kivy.LApp import addAnchorOffset
    x, y = addAnchorOffset(label.corePos, label.coreSize, label.anchor)
    w, h = label.coreSize
    return [x, y, x + w, y + h]


def _kivy_box(canvas, label):
    """The same box in the canvas widget's Kivy coordinates (y up)."""
    x0, y0, x1, y1 = _core_box(label)
    (x, y), (w, h) = canvas.CoreToKivy((x0, y0), (x1 - x0, y1 - y0))
    return x, y, x + w, y + h


def is_canvas_text(value):
    """True for a canvas text of either toolkit (Tk's has an ``id``,
    Kivy's a ``label``)."""
    return hasattr(value, "label" if is_kivy() else "id")


def text_of(canvas, text):
    """What the canvas text shows now."""
    if not is_kivy():
        return canvas.itemcget(text.id, "text")
    return text.label.text


def bbox_of(canvas, text):
    """The canvas text's box [x0, y0, x1, y1] in canvas coordinates (the
    ones stacks are placed with); [] when it has none."""
    if not is_kivy():
        return list(canvas.bbox(text.id) or ())
    return _core_box(text.label)


# ------------------------------------------------------- where on screen

def canvas_origin(canvas):
    """Where the canvas point (0, 0) is on the screen (root coordinates);
    a canvas point (x, y) is at origin + scale * (x, y) (canvas_scale)."""
    if not is_kivy():
        from .test_hooks import canvas_origin as tk_origin
        return tk_origin(canvas)
    from kivy.core.window import Window
    # Kivy's y axis points up, from the window's bottom; the canvas scales
    # PySolFC's coordinates (MfxCanvas.CoreToKivy).
    left, top = canvas.to_window(canvas.x, canvas.top)
    return [Window.left + left, Window.top + Window.height - top]


def watch_canvas(canvas, fn):
    """Under Kivy, call ``fn()`` (on the next frame) whenever the canvas
    widget moves or changes size: there the canvas zooms the game to fit
    its window without PySolFC laying it out again, so what the table
    reports of its place on screen (the tests' state file) must follow.
    Returns a function that stops it.  Under Tk, nothing: PySolFC itself
    lays the game out again after a resize."""
    if not is_kivy():
        return lambda: None
    from kivy.clock import Clock
    trigger = Clock.create_trigger(lambda dt: fn(), 0)
    uids = [(name, canvas.fbind(name, lambda *args: trigger()))
            for name in ("pos", "size")]

    def stop():
        trigger.cancel()
        for name, uid in uids:
            canvas.unbind_uid(name, uid)
    return stop


def canvas_scale(canvas):
    """Screen pixels per canvas unit: 1 under Tk, the Kivy canvas's zoom
    (it fits the game into its window) under Kivy."""
    if not is_kivy():
        return 1
    return canvas.scale

# SPDX-License-Identifier: GPL-3.0-or-later
"""A test-only plugin for PySolFC's Kivy front end: it looks, it never acts.

tests/test_kivy.py copies this file into the test HOME's plugin folder.
PySolFC runs it at start-up like any plugin (inside the Kivy app, whose
window then exists); it registers no game.  From then on, every POLL_S
seconds, it writes what a player would see to $CAMELOT_TEST_PROBE_FILE as
JSON, for the test to aim its xdotool taps and check their outcome:

* ``buttons``: the toolbar's buttons (Hint, Rules, ...) and the entries of
  the menus shown (the "Menu" bar item, the menu tree's nodes), each with
  its box on the screen (root coordinates: left, top, right, bottom);
* ``arrows``: every hint arrow drawn on the table since start-up (they
  fade after a second), with its box on the screen;
* ``html``: the help browser's page (its title, its file, the start of its
  text) while it is shown;
* ``game``: the current game's id, hint count and whether a demo runs.

The Tk probe (probe.py) does the same for the Tk front end.
"""
import json
import os
import sys

from kivy.clock import Clock
from kivy.core.window import Window

OUT = os.environ.get("CAMELOT_TEST_PROBE_FILE")
POLL_S = 0.1


def screen_box(widget):
    """The widget's box in root coordinates (y down), or None while it is
    not in the window."""
    if widget.get_root_window() is None:
        return None
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    height = Window.height
    return [Window.left + x0, Window.top + height - y1,
            Window.left + x1, Window.top + height - y0]


def _app():
    from kivy.app import App
    lapp = App.get_running_app()
    return getattr(lapp, "app", None)


class Probe:
    def __init__(self):
        self.arrows = {}            # id(LLine) -> what it was when first seen
        self.error = None
        # Kivy's Clock holds a bound method weakly, and nothing else keeps
        # this plugin's module alive: a function it holds keeps the probe.
        Clock.schedule_interval(lambda dt: self.poll(dt), POLL_S)

    def poll(self, dt):
        try:
            self.write()
        except Exception as e:       # never disturb PySolFC
            self.error = repr(e)

    def buttons(self):
        from kivy.uix.actionbar import ActionButton
        from pysollib.kivy.LApp import LTreeNode
        from pysollib.kivy.toolbar import MyButtonBase
        out = []
        widgets = [w for root in Window.children for w in root.walk()]
        for w in widgets:
            if isinstance(w, MyButtonBase):
                if not (w.shown and w.config):
                    continue
                kind, label = "toolbar", w.name
            elif isinstance(w, (ActionButton, LTreeNode)):
                kind, label = "menu", w.text
            else:
                continue
            box = screen_box(w)
            if box is not None and box[2] > box[0] and box[3] > box[1] \
                    and w.opacity > 0:
                out.append({"kind": kind, "label": label, "box": box})
        return out

    def look_for_arrows(self, app):
        from pysollib.kivy.LApp import LLine
        canvas = getattr(app, "canvas", None)
        for w in list(getattr(canvas, "children", ())):
            if isinstance(w, LLine) and id(w) not in self.arrows:
                self.arrows[id(w)] = {"box": screen_box(w),
                                      "seen": len(self.arrows) + 1}

    def html(self):
        viewer = getattr(sys.modules.get("pysollib.help"),
                         "help_html_viewer", None)
        window = getattr(viewer, "window", None)
        if window is None or window.get_root_window() is None:
            return None
        from kivy.uix.label import Label
        text = "\n".join(str(w.text) for w in window.walk()
                         if isinstance(w, Label) and w is not window.titleline)
        return {"title": str(window.titleline.text),
                "url": str(getattr(viewer, "url", "")),
                "text": text[:4000]}

    def write(self):
        if not OUT:
            return
        app = _app()
        game = getattr(app, "game", None)
        if app is not None:
            self.look_for_arrows(app)
        state = {
            "game": None if game is None else {
                "id": game.id, "hints": game.stats.hints,
                "demo": bool(game.demo)},
            "window": [Window.left, Window.top, Window.width, Window.height],
            "buttons": self.buttons(),
            "arrows": sorted(self.arrows.values(), key=lambda a: a["seen"]),
            "html": self.html(),
            "error": self.error,
        }
        with open(OUT + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(OUT + ".tmp", OUT)


if OUT:
    PROBE = Probe()

# SPDX-License-Identifier: GPL-3.0-or-later
"""A test-only PySolFC plugin: it looks, it never acts.

GUI tests copy this file into the test HOME's plugin folder.  PySolFC runs
it at start-up like any plugin; it registers no game.  From then on, every
POLL_MS it writes what a player would see to $CAMELOT_TEST_PROBE_FILE, as
JSON: the current game, where the Assist menu and its Solver... entry are
on the screen and whether that entry is enabled, and the Solver dialog's
buttons (where, their text and state) and texts, and every other window
open (a message dialog: title, texts, buttons).  The tests aim their
xdotool clicks with it and check the outcome with it.

It also lists our worker threads and PySolFC's child processes (a search
process), and keeps an ``after(TICK_MS)`` ticker: ``max_gap`` is the
longest gap between two ticks (seconds) since the file ``<probe
file>.reset`` last appeared, i.e. how long the event loop was held up.

With ``CAMELOT_TEST_PROBE_GAMES`` (game ids, comma separated) it also
writes which of those games PySolFC lists (its games by name, as the
Select menu and dialog show them), with their names.
"""
import gc
import json
import os
import sys
import threading
import time
import tkinter

OUT = os.environ.get("CAMELOT_TEST_PROBE_FILE")
GAMES = [int(x) for x in os.environ.get("CAMELOT_TEST_PROBE_GAMES",
                                        "").split(",") if x.strip()]
POLL_MS = 100
TICK_MS = 10


def _root():
    root = getattr(tkinter, "_default_root", None)
    if root is not None:
        return root
    return next((o for o in gc.get_objects() if isinstance(o, tkinter.Tk)),
                None)


def _app():
    mod = sys.modules.get("pysollib.app")
    cls = getattr(mod, "Application", None)
    if cls is None:
        return None
    return next((o for o in gc.get_objects() if isinstance(o, cls)), None)


def _children():
    """Command lines of this process's child processes (Linux /proc)."""
    me, out = str(os.getpid()), []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                ppid = f.read().rsplit(")", 1)[1].split()[1]
            if ppid == me:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    out.append(f.read().replace(b"\0", b" ").decode().strip())
        except (OSError, IndexError):
            pass
    return out


class Probe:
    def __init__(self, root):
        self.root, self.app = root, None
        self.last_tick = None
        self.max_gap = 0.0
        self.gaps = {}
        self.root.after(POLL_MS, self.poll)
        self.root.after(TICK_MS, self.tick)

    def tick(self):
        now = time.perf_counter()
        if self.last_tick is not None:
            gap = now - self.last_tick - TICK_MS / 1000.0
            self.max_gap = max(self.max_gap, gap)
        self.last_tick = now
        self.root.after(TICK_MS, self.tick)

    def poll(self):
        try:
            self.write()
        except Exception as e:           # never disturb PySolFC
            self.error = repr(e)
        self.root.after(POLL_MS, self.poll)

    # -- what is on the screen ---------------------------------------------

    def _menus_on_screen(self):
        """Tk shows clones of the menus (".#menubar", ...), not the menu
        widgets themselves: every Menu window, with its entries' labels."""
        tk = self.root.tk
        out, todo = [], ["."]
        while todo:
            w = todo.pop()
            for c in tk.splitlist(tk.call("winfo", "children", w)):
                todo.append(c)
                if tk.call("winfo", "class", c) == "Menu":
                    out.append(c)
        return out

    def _entry_index(self, w, label):
        tk = self.root.tk
        end = tk.call(w, "index", "end")
        if end in ("none", ""):
            return None
        for i in range(int(end) + 1):
            try:
                if tk.call(w, "entrycget", i, "-label") == label:
                    return i
            except tkinter.TclError:
                pass
        return None

    def _shown_entries(self, w):
        """The entries of a mapped menu window: label, state, centre."""
        tk = self.root.tk
        rx = int(tk.call("winfo", "rootx", w))
        ry = int(tk.call("winfo", "rooty", w))
        width = int(tk.call("winfo", "width", w))
        height = int(tk.call("winfo", "height", w))
        bar = str(tk.call(w, "cget", "-type")) == "menubar"
        end = tk.call(w, "index", "end")
        n = 0 if end in ("none", "") else int(end) + 1
        out = []
        for j in range(n):
            kind = str(tk.call(w, "type", j))
            if kind in ("separator", "tearoff"):
                continue
            x0 = int(tk.call(w, "xposition", j))
            y0 = int(tk.call(w, "yposition", j))
            if bar:
                x1 = int(tk.call(w, "xposition", j + 1)) if j + 1 < n \
                    else x0 + 60
                x, y = rx + (x0 + x1) // 2, ry + y0 + min(height - y0, 30) // 2
            else:
                y1 = int(tk.call(w, "yposition", j + 1)) if j + 1 < n \
                    else height
                x, y = rx + width // 3, ry + (y0 + y1) // 2
            out.append({"label": str(tk.call(w, "entrycget", j, "-label")),
                        "state": str(tk.call(w, "entrycget", j, "-state")),
                        "x": x, "y": y})
        return {"menubar": bar, "entries": out}

    def menus(self, app):
        tk = self.root.tk
        menu, i, _sub = app.menubar.menupath[".menubar.assist.solver"]
        out = {"solver": {"state": str(menu.entrycget(i, "state")),
                          "label": menu.entrycget(i, "label"),
                          "command": bool(str(menu.entrycget(i, "command")))},
               "shown": []}
        for w in self._menus_on_screen():
            if int(tk.call("winfo", "ismapped", w)):
                out["shown"].append(self._shown_entries(w))
        return out

    @staticmethod
    def toolbar(app):
        """The toolbar's New game button: where it is, if shown."""
        b = getattr(getattr(app, "toolbar", None), "new_button", None)
        if b is None or not b.winfo_ismapped():
            return {}
        return {"new": {"x": b.winfo_rootx() + b.winfo_width() // 2,
                        "y": b.winfo_rooty() + b.winfo_height() // 2}}

    @staticmethod
    def _caption(widget):
        """The label left of a progress field (\"Depth:\" ...)."""
        row = widget.grid_info()["row"]
        return widget.master.grid_slaves(row=row, column=0)[0]

    def dialog(self):
        d = None
        for name, m in list(sys.modules.items()):
            if name.endswith("solverdialog"):
                cand = getattr(m, "solver_dialog", None)
                if cand is not None and getattr(cand, "top", None):
                    d = cand
        if d is None:
            return None
        try:
            if not d.top.winfo_exists() or not d.top.winfo_ismapped():
                return None
        except tkinter.TclError:
            return None
        out = {"title": d.top.wm_title(), "buttons": {},
               "result": str(d.result_label.cget("text")),
               "iter": str(d.iter_label.cget("text")),
               "states": str(d.states_label.cget("text")),
               "depth": str(d.depth_label.cget("text")),
               "preset_shown": bool(d.preset_var.winfo_ismapped()),
               "captions": [str(self._caption(w).cget("text")) for w in (
                   d.iter_label, d.depth_label, d.states_label)],
               "games": sorted(d.games)}
        for name, b in (("start", d.start_button), ("play", d.play_button)):
            out["buttons"][name] = {
                "x": b.winfo_rootx() + b.winfo_width() // 2,
                "y": b.winfo_rooty() + b.winfo_height() // 2,
                "text": str(b.cget("text")),
                "state": str(b.cget("state"))}
        buttons = getattr(d, "buttons", [])
        if len(buttons) > 3:         # Start, Play, New, Close
            for name, b in (("new", buttons[2]), ("close", buttons[-1])):
                out["buttons"][name] = {
                    "x": b.winfo_rootx() + b.winfo_width() // 2,
                    "y": b.winfo_rooty() + b.winfo_height() // 2,
                    "text": str(b.cget("text"))}
        return out

    def windows(self):
        """Every mapped top-level window but the main one (PySolFC's message
        dialogs, ours too): its title, its labels' texts and its buttons
        (text, state, centre on the screen)."""
        tk = self.root.tk
        out = []
        for w in tk.splitlist(tk.call("winfo", "children", ".")):
            if tk.call("winfo", "class", w) != "Toplevel" or \
                    not int(tk.call("winfo", "ismapped", w)):
                continue
            labels, buttons, todo = [], [], [w]
            while todo:
                c = todo.pop(0)
                todo.extend(tk.splitlist(tk.call("winfo", "children", c)))
                kind = str(tk.call("winfo", "class", c))
                if kind in ("Label", "TLabel"):
                    text = str(tk.call(c, "cget", "-text"))
                    if text:
                        labels.append(text)
                elif kind in ("Button", "TButton"):
                    buttons.append({
                        "text": str(tk.call(c, "cget", "-text")),
                        "state": str(tk.call(c, "cget", "-state")),
                        "x": int(tk.call("winfo", "rootx", c)) +
                        int(tk.call("winfo", "width", c)) // 2,
                        "y": int(tk.call("winfo", "rooty", c)) +
                        int(tk.call("winfo", "height", c)) // 2})
            out.append({"title": str(tk.call("wm", "title", w)),
                        "labels": labels, "buttons": buttons})
        return out

    def write(self):
        if not OUT:
            return
        reset = OUT + ".reset"
        if os.path.exists(reset):
            os.remove(reset)
            self.max_gap = 0.0
        if self.app is None:
            self.app = _app()
        app = self.app
        game = getattr(app, "game", None)
        state = {"time": time.time(), "max_gap": round(self.max_gap, 4),
                 "threads": sorted(t.name for t in threading.enumerate()
                                   if t.name.startswith("pysolfc-camelot")),
                 "children": _children()}
        if game is not None and getattr(app, "menubar", None) is not None:
            state["game"] = {"id": game.id, "busy": bool(game.busy),
                             "demo": bool(game.demo),
                             "moves": game.moves.index,
                             # hints shown (PySolFC counts them)
                             "hints": getattr(getattr(game, "stats", None),
                                              "hints", None)}
            state["menus"] = self.menus(app)
            if GAMES:
                listed = set(app.gdb.getGamesIdSortedByName())
                state["listed"] = {str(i): app.gdb.get(i).name
                                   for i in GAMES if i in listed}
            state["toolbar"] = self.toolbar(app)
            state["dialog"] = self.dialog()
            state["windows"] = self.windows()
        with open(OUT + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(OUT + ".tmp", OUT)


if OUT:
    _r = _root()
    if _r is not None:
        PROBE = Probe(_r)

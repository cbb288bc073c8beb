# SPDX-License-Identifier: GPL-3.0-or-later
"""Measure our texts on the live table (run inside PySolFC by runner.py;
tests/test_layout.py starts it, once per host and language).

``scenario_layout`` goes through every cardset of CARDSETS (as PySolFC's
Cardset dialog changes it: the next game's cardset, then the game ends and
starts again), both games, card auto-scaling on and off (Options > Card
size > Auto scaling, PySolFC's own menu command) and every window size
(the first-start size PySolFC opened with, then SIZES), and measures each
time: every text item on the canvas (canvas.bbox) against every other
text, every card and pile bottom, the whole room a pile of the tableau can
fan into, and the part of the canvas the player can see or scroll to.
``problems`` does the comparing; it knows nothing of our games, and
tests/test_layout.py checks that it flags what it must.

Screenshots of some combinations go to $CAMELOT_LAYOUT_ARTIFACTS.
"""
import os
import subprocess
import time

CARDSETS = ("Neo", "2000", "Standard")
GAMES = {28081: "plot", 28080: "camelot"}
SIZES = ((1024, 700), (1280, 800), (1920, 1080))
# Screenshots: (game, cardset, size label, auto scaling) of these.
SHOTS = {("plot", "Neo", "first-start", True),
         ("camelot", "Neo", "first-start", True),
         ("plot", "2000", "1024x700", True),
         ("plot", "Standard", "1024x700", True),
         ("plot", "Neo", "1920x1080", True),
         ("plot", "Standard", "first-start", False)}


# ------------------------------------------------------------ comparing --

def overlap(a, b):
    """Do boxes (x0, y0, x1, y1) share more than an edge?"""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a, b):
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def problems(texts, piles, area, marks=None):
    """What is wrong on the table, as readable lines.

    ``texts``: [(name, box)] of every text; ``piles``: [(name, box)] of
    every card, pile bottom and room a pile can fan into; ``area``: the box
    the player can see or scroll to; ``marks``: {text name: pile name} of
    the texts drawn on an empty pile under its cards (a foundation's base
    rank, a slot's K/Q/J), which must lie inside that pile instead."""
    marks = marks or {}
    boxes = dict(piles)
    out = []
    for name, box in texts:
        if not inside(box, area):
            out.append("%s %s is cut off: outside %s" % (name, box, area))
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            if overlap(box_a, box_b):
                out.append("%s %s overlaps %s %s" % (a, box_a, b, box_b))
    for name, box in texts:
        home = marks.get(name)
        if home is not None and not inside(box, boxes[home]):
            out.append("%s %s leaves its pile %s %s" % (
                name, box, home, boxes[home]))
        for pile, pbox in piles:
            if home is not None and inside(pbox, boxes[home]):
                continue            # its own pile, and the cards on it
            if overlap(box, pbox):
                out.append("%s %s lies over %s %s" % (name, box, pile, pbox))
    return out


# ------------------------------------------------------------ measuring --

def visible_area(canvas):
    """The canvas box the player sees (inside the border) or can scroll
    to (the scroll region)."""
    inset = int(float(canvas.cget("borderwidth"))) + \
        int(float(canvas.cget("highlightthickness")))
    x0, y0 = canvas.canvasx(inset), canvas.canvasy(inset)
    box = [x0, y0, x0 + canvas.winfo_width() - 2 * inset,
           y0 + canvas.winfo_height() - 2 * inset]
    region = [float(v) for v in
              canvas.tk.splitlist(canvas.cget("scrollregion"))]
    if len(region) == 4:
        box = [min(box[0], region[0]), min(box[1], region[1]),
               max(box[2], region[2]), max(box[3], region[3])]
    return tuple(box)


def pile_boxes(game):
    """[(name, box)]: every stack's card place, grown by the most its
    pile can fan (The Plot's tableau: up to 12 cards, closing up to stay
    in its room), then every card and every pile bottom as drawn."""
    c = game.canvas
    cw, ch = game.app.images.getSize()
    out = []
    for st in game.allstacks:
        bottom = st.y + ch
        room = getattr(st, "layout_room", None)
        if room is not None:
            full = st.INIT_CARD_YOFFSET[0]
            bottom += min(11 * full, room * full / float(st.layout_yoffset))
        out.append(("stack %d" % st.id, (st.x, st.y, st.x + cw, bottom)))
    items = [("card %d" % card.id, card.item) for card in game.cards]
    items += [("bottom of stack %d" % st.id, st.images.bottom)
              for st in game.allstacks]
    for name, item in items:
        if item is None or c.itemcget(item.id, "state") == "hidden":
            continue
        box = c.bbox(item.id)
        if box:
            out.append((name, tuple(box)))
    return out


def text_boxes(game):
    c = game.canvas
    out, marks = [], {}
    owner = {}
    for st in game.allstacks:
        misc = st.texts.misc
        if misc is not None:
            owner[misc.id] = "stack %d" % st.id
    for item in c.find_all():
        if c.type(item) != "text" or c.itemcget(item, "state") == "hidden":
            continue
        text = c.itemcget(item, "text")
        box = c.bbox(item)
        if not text.strip() or not box:
            continue
        name = "text %d %r" % (item, text)
        out.append((name, tuple(box)))
        if item in owner:
            marks[name] = owner[item]
    return out, marks


def measure(app):
    game = app.game
    game.canvas.update_idletasks()
    texts, marks = text_boxes(game)
    area = visible_area(game.canvas)
    found = problems(texts, pile_boxes(game), area, marks)
    fonts = sorted({game.canvas.itemcget(int(n.split()[1]), "font")
                    for n, _ in texts})
    return {"problems": found, "texts": [[n, b] for n, b in texts],
            "area": area, "fonts": fonts,
            "card": list(app.images.getSize()),
            "canvas": [game.canvas.winfo_width(),
                       game.canvas.winfo_height()]}


# ------------------------------------------------------------ driving --

def settle(app, seconds=0.05):
    deadline = time.time() + seconds
    while time.time() < deadline:
        app.top.update()
        time.sleep(0.01)


def set_window(app, width, height, timeout=10):
    """The window at width x height, and the table rescaled for it (the
    handler PySolFC runs 300 ms after the canvas's <Configure>, run at
    once), as a player's resize does."""
    app.top.geometry("%dx%d" % (width, height))
    deadline = time.time() + timeout
    while (app.top.winfo_width(), app.top.winfo_height()) != \
            (width, height):
        if time.time() > deadline:
            raise AssertionError("window stays %dx%d, not %dx%d" % (
                app.top.winfo_width(), app.top.winfo_height(), width,
                height))
        settle(app, 0.02)
    settle(app)
    game = app.game
    if game._resizeHandlerID:
        game.canvas.after_cancel(game._resizeHandlerID)
        game._resizeHandler()
    settle(app)


def set_auto_scale(app, on):
    if bool(app.opt.auto_scale) != on:
        app.menubar.mOptAutoScale()     # Options > Card size > Auto scaling
        settle(app, 0.1)
    assert bool(app.opt.auto_scale) == on


def new_table(app, game_id, cardset_name):
    """Start game_id with the named cardset as PySolFC does after its
    Cardset dialog (or Select game): the next game's cardset and id, end
    this game, start that one.  Yields conditions to wait for."""
    cs = app.cardset_manager.getByName(cardset_name)
    assert cs is not None, "PySolFC has no cardset %r" % cardset_name
    old = app.game
    if old.id == game_id and app.cardset is cs:
        return
    app.nextgame.cardset = cs
    old.endGame(bookmark=0)
    old.quitGame(game_id)

    def ready():
        g = app.game
        return g is not None and g is not old and not g.busy and \
            g.id == game_id and g.canvas.winfo_ismapped()
    yield ready
    settle(app, 0.2)
    assert app.cardset is cs, (app.cardset.name, cardset_name)


def screenshot(app, name):
    folder = os.environ.get("CAMELOT_LAYOUT_ARTIFACTS")
    if not folder:
        return None
    settle(app, 0.1)
    path = os.path.join(folder, name + ".png")
    top = app.top
    # The window with its menubar (Tk draws that above the toplevel).
    menubar = top.nametowidget(str(top.cget("menu")))
    above = menubar.winfo_reqheight() if menubar is not None else 0
    x, y = top.winfo_rootx(), max(0, top.winfo_rooty() - above)
    crop = "%dx%d+%d+%d" % (top.winfo_width(),
                            top.winfo_rooty() + top.winfo_height() - y, x, y)
    subprocess.run(["import", "-window", "root", "-crop", crop, path],
                   check=True, timeout=30, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return path


def self_check(app):
    """The measuring must see what is wrong: a text laid over another,
    one over a card, one off the table."""
    c, game = app.game.canvas, app.game
    texts, marks = text_boxes(game)
    name, box = texts[0]
    x0, y0 = box[0], box[1]
    area = visible_area(c)
    card = game.s.talon
    cw, ch = app.images.getSize()
    extra = [c.create_text(x0 + 2, y0 + 2, text="overlap", anchor="nw"),
             c.create_text(card.x + cw // 2, card.y + ch // 2,
                           text="on a card"),
             c.create_text(area[2] + 5, area[1] + 20, text="off the table",
                           anchor="w")]
    try:
        found = measure(app)["problems"]
    finally:
        for item in extra:
            c.delete(item)
    flagged = {w: any(repr(w) in p for p in found)
               for w in ("overlap", "on a card", "off the table")}
    assert all(flagged.values()), (flagged, found)
    assert not measure(app)["problems"], "the check left something"
    return flagged


FIRST_START = []          # the window size PySolFC first opened with


def scenario_layout(app):
    app.opt.animations = 0
    first = (app.top.winfo_width(), app.top.winfo_height())
    FIRST_START[:] = first
    sizes = [("first-start", first)] + [
        ("%dx%d" % s, s) for s in SIZES]
    combos, shots, t0 = [], [], time.time()
    checked = None
    for cardset in CARDSETS:
        for game_id, game in GAMES.items():
            yield from new_table(app, game_id, cardset)
            for auto in (True, False):
                set_auto_scale(app, auto)
                for label, (w, h) in sizes:
                    set_window(app, w, h)
                    m = measure(app)
                    m.update(game=game, cardset=cardset, size=label,
                             window=[w, h], auto_scale=auto)
                    combos.append(m)
                    if (game, cardset, label, auto) in SHOTS:
                        shots.append(screenshot(app, "%s-%s-%s-%s" % (
                            game, cardset, label,
                            "auto" if auto else "fixed")))
                    if checked is None and not m["problems"]:
                        checked = self_check(app)
    return {"first_start": first, "combos": combos, "self_check": checked,
            "screenshots": shots, "seconds": round(time.time() - t0, 1)}


# ------------------------------------------------- the status bar's help --

def until(condition, seconds, what):
    """A condition for the runner to wait for, failing after seconds."""
    deadline = time.time() + seconds

    def check():
        if condition():
            return True
        if time.time() > deadline:
            raise AssertionError("timed out after %d s waiting for %s" % (
                seconds, what))
        return False
    return check


def point_at(app, stack):
    """The mouse over the middle of a pile, as a player moves it."""
    c = app.game.canvas
    cw, ch = app.images.getSize()
    x = c.winfo_rootx() + stack.x - int(c.canvasx(0)) + cw // 2
    y = c.winfo_rooty() + stack.y - int(c.canvasy(0)) + ch // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True,
                   timeout=20)


def scenario_status_help(app):
    """Each pile's help in the status bar as the mouse enters the pile: a
    whole text, or its leading whole clauses and "…", never wider than
    the field (Tk would cut it anywhere)."""
    import tkinter.font
    from tkinter import ttk
    yield from new_table(app, 28081, app.cardset.name)
    set_auto_scale(app, True)
    label = app.statusbar.help_label
    font = tkinter.font.Font(root=label, font=label.cget("font") or ttk.Style(
        label).lookup("TLabel", "font") or "TkDefaultFont")
    s = app.game.s
    piles = [s.talon, s.waste, s.reserves[0], s.foundations[0],
             s.foundations[1], s.rows[0]]
    seen = []
    for w, h in ((1100, 820), (1920, 1080)):
        set_window(app, w, h)
        for stack in piles:
            app.game.showHelp("help", "")
            settle(app)
            point_at(app, stack)
            yield until(lambda: label.cget("text"), 10,
                        "the help of stack %d" % stack.id)
            shown, full = str(label.cget("text")), stack.getHelp()
            room = label.winfo_width() - 2 * 8 - 4
            assert font.measure(shown) <= room, (shown, room)
            assert shown == full or (
                shown.endswith("\u2026") and full.startswith(shown[:-1])
                and full[len(shown) - 1] in ";\u00b7 \u00a0,:"), (
                shown, full)
            seen.append({"window": [w, h], "stack": stack.id,
                         "shown": shown, "full": shown == full,
                         "room": room})
    app.game.showHelp("help", "")
    return seen


# ------------------------------------- Assist > Piles description (F2) --

def press(app, keys):
    """Keys pressed as a player does, the game's window having the
    focus."""
    app.top.focus_force()
    settle(app, 0.1)
    subprocess.run(["xdotool", "key", keys], check=True, timeout=20)


def scenario_pile_descriptions(app):
    """F2 shows each pile's description: every one whole, inside the
    visible table and clear of the others, at the first-start size and
    larger."""
    first = tuple(FIRST_START) or (app.top.winfo_width(),
                                   app.top.winfo_height())
    out = []
    for game_id in GAMES:
        yield from new_table(app, game_id, app.cardset.name)
        set_auto_scale(app, True)
        for w, h in (first, (1100, 820)):
            set_window(app, w, h)
            game = app.game
            press(app, "F2")
            yield until(lambda: game.stackdesc_list, 10, "the descriptions")
            settle(app, 0.2)
            c, area = game.canvas, visible_area(game.canvas)
            boxes, texts = [], []
            for sd in game.stackdesc_list:
                if sd.id is None:
                    continue
                box = tuple(c.bbox(sd.id))
                assert inside(box, area), (sd.stack.getHelp(), box, area)
                text = sd.label.cget("text")
                full = (sd.stack.getHelp() + "\n" +
                        sd.stack.getBaseCard()).strip()
                assert text == full, (text, full)
                boxes.append((text.split(":")[0], box))
                texts.append(text)
            out.append({"game": GAMES[game_id], "window": [w, h],
                        "descriptions": len(boxes), "texts": texts,
                        "overlapping": [
                            (a, b) for i, (a, box_a) in enumerate(boxes)
                            for b, box_b in boxes[i + 1:]
                            if overlap(box_a, box_b)]})
            screenshot(app, "%s-descriptions-%dx%d" % (GAMES[game_id], w, h))
            assert not out[-1]["overlapping"], out[-1]
            press(app, "F2")
            yield until(lambda: not game.stackdesc_list, 10,
                        "the descriptions gone")
    return out

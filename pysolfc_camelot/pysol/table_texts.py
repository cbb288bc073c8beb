# SPDX-License-Identifier: GPL-3.0-or-later
"""Our texts on PySolFC's table: how big, where, and in how many lines.

PySolFC draws a game's texts in the player's canvas font at a fixed size
and, when it rescales the table (``Game.resizeGame``), only moves them with
the cards; at a small window or card size they then run into each other
and over the cards.  Our games instead say, after every rescale, where each
text has room (a ``Band``: a rectangle of the table that no card can
reach) and which forms it may take, best first (the full text, then a
shorter one); ``fit_band`` picks the largest font size, up to the player's
own and to one in proportion to the cards, at which the band's texts fit
side by side, each wrapped at spaces where the band has the height, and
as near to its pile as the room allows.  A shorter form is used only when
the full one would not fit even at the smallest readable size.

Every form comes with the texts it may show (every count, every rank):
all must fit, so a text never outgrows its place when it changes.

Pure logic on a ``measure`` object (``width(size, text)``,
``linespace(size)``); ``TkMeasure`` measures with Tk's fonts, which
PySolFC's Tk build has; ``lay_out`` places a game's texts, given as data
(``TextLayout``: its bands and what each text may show), and
``TableTextsGame`` calls it after every rescale.  No PySolFC import at
load time.
"""

# Font sizes in points (Tk's positive sizes).  Below READABLE only the
# shortest forms are tried; below SMALLEST nothing.
READABLE = 6
SMALLEST = 4
# Font size in pixels per pixel of card height at most: texts shrink with
# the cards (12 points beside cards about 65 pixels high or more).
PER_CARD_HEIGHT = 0.25


class Band:
    """A rectangle (left, top, right, bottom, in canvas pixels) free of
    cards, and its texts, laid out left to right with ``gap`` between."""

    def __init__(self, left, top, right, bottom, texts, gap=4,
                 shorten=()):
        self.left, self.top, self.right, self.bottom = left, top, right, bottom
        self.texts = list(texts)
        self.gap = gap
        # The order in which texts take their next shorter form.
        self.shorten = list(shorten)

    @property
    def width(self):
        return self.right - self.left

    @property
    def height(self):
        return self.bottom - self.top


class Text:
    """One text of a band.  ``forms``: best first, each a list of the
    strings that form may show; ``x``: where it wants to be (its centre,
    or its left edge with ``align="left"``); ``wrap``: the width it would
    rather wrap at (None: the band's)."""

    def __init__(self, key, forms, x, align="center", wrap=None):
        self.key, self.forms, self.x = key, forms, x
        self.align, self.wrap = align, wrap


class Placement:
    """Where a text goes and how it is drawn: ``x``, ``y`` with ``anchor``
    ("n": top centre, "nw": top left), ``size`` in points, the form chosen
    and the width it wraps at; ``render(text)`` gives the lines to draw."""

    def __init__(self, measure, key, size, form, wrap, join, x, y, align,
                 block):
        self.measure, self.key, self.size, self.form = measure, key, size, form
        self.wrap, self.join, self.x, self.y = wrap, join, x, y
        self.align = align
        self.block = block          # (width, height) of the widest sample
        self.hidden = False         # no room for it at all (fit_column)

    @property
    def anchor(self):
        return "nw" if self.align == "left" else "n"

    @property
    def justify(self):
        return "left" if self.align == "left" else "center"

    def render(self, text):
        lines = wrap(text, self.wrap, self._width, self.join)
        return text if lines is None else "\n".join(lines)

    def _width(self, s):
        return self.measure.width(self.size, s)


def wrap(text, width, text_width, join=False):
    """The lines of ``text`` at most ``width`` wide, broken at spaces (not
    at no-break spaces); each line of the text starts a line unless
    ``join``.  None when a word alone is wider."""
    paragraphs = [" ".join(text.split("\n"))] if join else text.split("\n")
    lines = []
    for paragraph in paragraphs:
        line = None
        for word in paragraph.split(" "):
            longer = word if line is None else line + " " + word
            if text_width(longer) <= width:
                line = longer
                continue
            if line is None or text_width(word) > width:
                return None
            lines.append(line)
            line = word
        lines.append(line or "")
    return lines


def block_of(measure, size, samples, width, join):
    """(width, height) of the largest of ``samples`` wrapped at ``width``,
    or None if one does not wrap."""
    widest, most = 0, 0
    for s in samples:
        lines = wrap(s, width, lambda t: measure.width(size, t), join)
        if lines is None:
            return None
        widest = max([widest] + [measure.width(size, t) for t in lines])
        most = max(most, len(lines))
    return widest, most * measure.linespace(size)


def _choose(measure, band, text, form, size):
    """The first way of wrapping ``text`` in ``form`` at ``size`` whose
    height fits the band, narrowest first: (wrap width, join, block)."""
    widths = [band.width]
    if text.wrap is not None and text.wrap < band.width:
        widths.insert(0, text.wrap)
    for width in widths:
        for join in (False, True):
            block = block_of(measure, size, text.forms[form], width, join)
            if block is not None and block[1] <= band.height:
                return width, join, block
    return None


def pack_row(band, wanted):
    """Left edges for blocks of the given widths wanting the given left
    edges, in order, ``band.gap`` apart, inside the band; None if they do
    not fit."""
    widths = [w for w, _ in wanted]
    if sum(widths) + band.gap * (len(widths) - 1) > band.width:
        return None
    lefts = []
    for w, want in wanted:
        x = min(max(want, band.left), band.right - w)
        if lefts:
            x = max(x, lefts[-1] + widths[len(lefts) - 1] + band.gap)
        lefts.append(x)
    # Pushed past the right edge: push back from there.
    right = band.right
    for i in reversed(range(len(lefts))):
        lefts[i] = min(lefts[i], right - widths[i])
        right = lefts[i] - band.gap
    if lefts and lefts[0] < band.left:
        return None
    return lefts


def _try(measure, band, levels, size):
    chosen = []
    for text in band.texts:
        form = min(levels[text.key], len(text.forms) - 1)
        way = _choose(measure, band, text, form, size)
        if way is None:
            return None
        chosen.append((text, form) + way)
    wanted = []
    for text, _form, _width, _join, (w, _h) in chosen:
        wanted.append((w, text.x if text.align == "left" else text.x - w / 2))
    lefts = pack_row(band, wanted)
    if lefts is None:
        return None
    out = {}
    for left, (text, form, width, join, block) in zip(lefts, chosen):
        x = left if text.align == "left" else left + block[0] / 2
        out[text.key] = Placement(measure, text.key, size, form, width, join,
                                  int(round(x)), int(round(band.top)),
                                  text.align, block)
    return out


def level_steps(keys, shorten):
    """The forms to try for the texts ``keys``, best first: all full,
    then each text in ``shorten`` order one form shorter, and so on."""
    levels = {key: 0 for key in keys}
    steps = [dict(levels)]
    for key in shorten:
        levels[key] += 1
        steps.append(dict(levels))
    return steps


def fit_band(measure, band, largest, readable=READABLE, smallest=SMALLEST):
    """Placements {key: Placement} of the band's texts: the largest size
    from ``largest`` down to ``readable`` at which they fit in their
    fullest forms; failing that the same with shorter forms; failing that
    the shortest forms down to ``smallest``; failing that the shortest
    forms at ``smallest`` wherever they fall."""
    steps = level_steps([t.key for t in band.texts], band.shorten)
    big = list(range(int(largest), readable - 1, -1)) or [readable]
    for levels in steps:
        for size in big:
            found = _try(measure, band, levels, size)
            if found:
                return found
    for size in range(min(readable, int(largest)) - 1, smallest - 1, -1):
        found = _try(measure, band, steps[-1], size)
        if found:
            return found
    return _fallback(measure, band, steps[-1], smallest)


def _stack(measure, texts, levels, size, box, x, pad):
    """``texts`` one under another in ``box`` at exactly ``size`` in the
    forms ``levels`` gives, or None if they do not fit."""
    left, top, right, bottom = box
    placed, y = {}, top
    for key, forms in texts:
        band = Band(left, y, right, max(y, bottom), [Text(
            key, forms, x, align="left", wrap=right - x)])
        found = _try(measure, band, levels, size)
        if found is None:
            return None
        placed.update(found)
        y = found[key].y + found[key].block[1] + pad
    return placed if y - pad <= bottom else None


def fit_column(measure, largest, box, x, texts, pad=2):
    """Texts one under another in ``box`` (left, top, right, bottom), each
    left-aligned at ``x``: ``texts`` is [(key, forms)], best form first;
    each text takes its own band from where the one above ended.  All of
    them at one size: the largest readable size at which every text fits
    whole; failing that, the same with the texts shortened one form at a
    time, top first; failing that, each text's band fitted on its own,
    shortest forms allowed, at the largest size (down to the smallest) at
    which the column fits.  A text that has no room even then is hidden
    (its placement says so), never drawn over the edge.  {key:
    Placement}."""
    left, top, right, bottom = box
    # Texts above are shortened before any text below them is shortened
    # or all are made unreadably small.
    keys = [key for key, _forms in texts]
    for levels in level_steps(keys, keys):
        for size in range(int(largest), READABLE - 1, -1):
            placed = _stack(measure, texts, levels, size, box, x, pad)
            if placed is not None:
                return placed
    for size in range(int(largest), SMALLEST - 1, -1):
        placed, y = {}, top
        for key, forms in texts:
            band = Band(left, y, right, max(y, bottom), [Text(
                key, forms, x, align="left", wrap=right - x)],
                shorten=(key,))
            placement = fit_band(measure, band, size)[key]
            placed[key] = placement
            y = placement.y + placement.block[1] + pad
        if y - pad <= bottom:
            return placed
    for key, placement in placed.items():
        if placement.y + placement.block[1] > bottom:
            placement.hidden = True
    return placed


def first_lines(samples):
    """The short form of a text: each sample's first line."""
    return [t.split("\n")[0] for t in samples]


def _fallback(measure, band, levels, size):
    out = {}
    for text in band.texts:
        form = min(levels[text.key], len(text.forms) - 1)
        block = block_of(measure, size, text.forms[form], 10 ** 6, True)
        out[text.key] = Placement(measure, text.key, size, form, 10 ** 6,
                                  True, int(round(text.x)),
                                  int(round(band.top)), text.align, block)
    return out


def largest_size(measure, base_size, card_height):
    """The largest size for texts beside cards ``card_height`` pixels
    high: the player's font size (points), or smaller with small cards."""
    by_cards = card_height * PER_CARD_HEIGHT / measure.pixels_per_point
    return max(SMALLEST, min(int(base_size), int(by_cards)))


class TkMeasure:
    """Text sizes in a Tk font family at any size (points), the style of
    a PySolFC font option such as ``("helvetica", 12)`` or
    ``("helvetica", 12, "bold")``."""

    def __init__(self, widget, base_font):
        import tkinter.font
        self._font_class = tkinter.font.Font
        self.widget = widget
        base = tuple(base_font or ("helvetica", 12))
        self.family = base[0]
        self.base_size = abs(int(base[1])) if len(base) > 1 else 12
        if len(base) > 1 and int(base[1]) < 0:       # pixels, not points
            self.base_size = max(1, int(round(
                self.base_size / self.pixels_per_point)))
        self.style = tuple(base[2:])
        self._fonts = {}

    @property
    def pixels_per_point(self):
        return float(self.widget.winfo_fpixels("1p"))

    def font(self, size):
        """The font as a Tk font description (for a canvas item)."""
        return (self.family, int(size)) + self.style

    def _tk_font(self, size):
        f = self._fonts.get(size)
        if f is None:
            f = self._fonts[size] = self._font_class(
                root=self.widget, font=self.font(size))
        return f

    def width(self, size, text):
        # Tk takes about a millisecond to measure a text: every width is
        # kept for the next layout (a font's metrics do not change).
        key = (self.font(size), text)
        w = _WIDTHS.get(key)
        if w is None:
            w = _WIDTHS[key] = self._tk_font(size).measure(text)
        return w

    def linespace(self, size):
        key = (self.font(size), None)
        h = _WIDTHS.get(key)
        if h is None:
            h = _WIDTHS[key] = self._tk_font(size).metrics("linespace")
        return h


_WIDTHS = {}        # (font, text): width in pixels; (font, None): linespace


# ------------------------------------------------------ on a Tk canvas --

def visible_area(canvas, game_size):
    """(left, top, right, bottom): the part of the canvas the player sees
    or can scroll to; the game's own area while the canvas is not yet on
    the screen (createGame, before PySolFC's first rescale)."""
    if not canvas.winfo_ismapped():
        return (0, 0) + tuple(game_size)
    inset = int(float(canvas.cget("borderwidth"))) + \
        int(float(canvas.cget("highlightthickness")))
    left, top = canvas.canvasx(inset), canvas.canvasy(inset)
    right = left + canvas.winfo_width() - 2 * inset
    bottom = top + canvas.winfo_height() - 2 * inset
    region = [float(v) for v in
              canvas.tk.splitlist(canvas.cget("scrollregion"))]
    if len(region) == 4:
        left, top = min(left, region[0]), min(top, region[1])
        right, bottom = max(right, region[2]), max(bottom, region[3])
    return left, top, right, bottom


def show(canvas, item, placement, text):
    """Draw ``text`` in the item as ``placement`` says; as it is, where it
    is, when there is no placement (yet)."""
    if item is None:
        return
    if placement is None:               # (also PySolFC's Kivy canvas)
        item.config(text=text)
        return
    if placement.hidden:                # no room on this table
        item.config(text="")
        return
    canvas.coords(item.id, placement.x, placement.y)
    canvas.itemconfigure(
        item.id, text=placement.render(text), anchor=placement.anchor,
        justify=placement.justify, font=placement.measure.font(
            placement.size))


def show_best(canvas, item, placement, *texts):
    """Draw the text, of ``texts`` (one per form, best first), in the
    form ``placement`` chose."""
    form = placement.form if placement is not None else 0
    show(canvas, item, placement, texts[min(form, len(texts) - 1)])


def mark_size(measure, samples, card_size, largest):
    """The size of a mark drawn on an empty pile (a rank, K, Q, J): the
    largest up to ``largest`` at which every sample fits well inside a
    card of ``card_size``."""
    cw, ch = card_size
    for size in range(int(largest), SMALLEST - 1, -1):
        if measure.linespace(size) <= 0.6 * ch and \
                max(measure.width(size, s) for s in samples) <= 0.75 * cw:
            return size
    return SMALLEST


def show_mark(canvas, item, measure, size, center, text=None):
    """A mark centred on its pile, ``size`` points."""
    if item is None:
        return
    canvas.coords(item.id, int(round(center[0])), int(round(center[1])))
    options = {"anchor": "center", "font": measure.font(size)}
    if text is not None:
        options["text"] = text
    canvas.itemconfigure(item.id, **options)


# ------------------------------------------------- the status bar's help --

ELLIPSIS = "\u2026"


def shortened(text, fits):
    """``text`` if ``fits(text)``, else the most of its leading clauses
    (parts ending in ";" or "·") that fit, then "…"; failing that the
    most of its leading words; failing that "…"."""
    if fits(text):
        return text
    cuts = [i for i, ch in enumerate(text) if ch in ";\u00b7"]
    words = [i for i, ch in enumerate(text) if ch == " "]
    for ends in (cuts, words):
        for end in reversed(ends):
            head = text[:end].rstrip(" \u00a0;\u00b7,:") + ELLIPSIS
            if fits(head):
                return head
    return ELLIPSIS


def fit_status_help(app, args):
    """PySolFC's ``showHelp(key, value, ...)`` arguments with the help
    shortened to the status bar's help field as it is now, by whole
    clauses: Tk would cut it anywhere ("...a base-rank card stand").
    Unchanged where there is no such field (another toolkit)."""
    label = getattr(getattr(app, "statusbar", None), "help_label", None)
    if label is None or "help" not in args[::2]:
        return args
    try:
        import tkinter.font
        from tkinter import ttk
        font = label.cget("font") or ttk.Style(label).lookup(
            "TLabel", "font") or "TkDefaultFont"
        font = tkinter.font.Font(root=label, font=font)
        room = label.winfo_width() - 2 * 8 - 4   # PySolFC's padding (8, 0)
    except Exception:           # a status bar not as expected: leave it
        return args
    args = list(args)
    i = args.index("help", 0) + 1
    if i < len(args) and args[i] and room > 0:
        args[i] = shortened(str(args[i]),
                            lambda t: font.measure(t) <= room)
    return tuple(args)


# ----------------------------------- Assist > Piles description (F2) --

def fit_descriptions(canvas, descriptions, area, card_width, gap=4):
    """PySolFC's pile descriptions are a card-wide Message each, hanging
    from its pile: with our helps at small cards a column far longer
    than the table, its end out of sight, over the next one.  Each in
    turn (top to bottom) takes the narrowest width from a fifth of the
    table (a card more at a time) and the place nearest its pile at
    which it lies inside ``area`` (visible_area) and clear of those
    already placed."""
    most = int(area[2] - area[0] - 2 * gap)
    placed = []
    todo = [sd for sd in descriptions if getattr(sd, "id", None) is not None
            and getattr(sd, "label", None) is not None]
    todo.sort(key=lambda sd: tuple(canvas.coords(sd.id)[1::-1]))
    for sd in todo:
        x0, y0 = canvas.coords(sd.id)[:2]
        # Not narrower than a fifth of the table: a card's width breaks
        # words in the middle.
        width = max(int(float(sd.label.cget("width"))),
                    min(most, int((area[2] - area[0]) / 5)))
        sd.label.config(width=width)
        best = None
        while best is None:
            sd.frame.update_idletasks()
            w, h = sd.frame.winfo_reqwidth(), sd.frame.winfo_reqheight()
            best = _free_place(area, gap, placed, (x0, y0), w, h)
            if best is None:
                if width >= most:      # no room anywhere: at its pile
                    best = _inside(area, gap, x0 - w / 2.0, y0, w, h)
                    break
                width = min(most, width + int(card_width))
                sd.label.config(width=width)
        left, top = best
        placed.append((left, top, left + w, top + h))
        canvas.coords(sd.id, int(round(left + w / 2.0)), int(round(top)))


def _inside(area, gap, left, top, w, h):
    left = min(max(left, area[0] + gap), area[2] - gap - w)
    top = min(max(top, area[1] + gap), area[3] - gap - h)
    return left, top


def _free_place(area, gap, placed, anchor, w, h):
    """The (left, top) nearest to hanging from ``anchor`` (top centre) of
    a w x h box inside area and clear of the boxes placed; None if none
    of the places tried is."""
    if w > area[2] - area[0] - 2 * gap or h > area[3] - area[1] - 2 * gap:
        return None
    lefts = [anchor[0] - w / 2.0] + [b[2] + gap for b in placed] + \
        [b[0] - gap - w for b in placed]
    tops = [anchor[1]] + [b[3] + gap for b in placed] + \
        [b[1] - gap - h for b in placed]
    tried = sorted({_inside(area, gap, x, y, w, h) for x in lefts
                    for y in tops},
                   key=lambda p: abs(p[0] + w / 2.0 - anchor[0]) +
                   abs(p[1] - anchor[1]))
    for left, top in tried:
        box = (left, top, left + w, top + h)
        if not any(box[0] < b[2] + gap and b[0] < box[2] + gap and
                   box[1] < b[3] + gap and b[1] < box[3] + gap
                   for b in placed):
            return left, top
    return None


class Room:
    """What a game's ``text_layout`` is given: the card size (``cw``,
    ``ch``), the part of the canvas the player sees (``left``, ``top``,
    ``right``, ``bottom``) and the padding between texts and cards."""

    def __init__(self, card_size, area, pad):
        self.cw, self.ch = card_size
        self.left, self.top, self.right, self.bottom = area
        self.pad = pad


class TextLayout:
    """A game's texts as data, for ``lay_out``: its ``bands`` (each text
    with every string it may show); the ``column`` of the winnable-deals
    label and What went wrong, ``(key, left, right, x)``: under the text
    ``key``, from ``left`` to ``right``, left-aligned at ``x``; the stacks
    whose ``texts.misc`` is a mark drawn on the empty pile (``marks``),
    the marks' ``mark_samples`` and largest size (None: the player's
    font's); ``counts``, the stacks whose ``updateText`` draws their
    count once placed."""

    def __init__(self, bands, column, marks=(), mark_samples=(),
                 mark_largest=None, counts=()):
        self.bands, self.column = bands, column
        self.marks, self.mark_samples = marks, mark_samples
        self.mark_largest, self.counts = mark_largest, counts


def lay_out(game):
    """Size and place every text of ``game`` (its ``text_layout(room)``)
    for the table as it is now, then draw them: {key: Placement}, also
    kept as ``game._placed``.  Nothing but PySolFC's own drawing outside
    Tk (Kivy) and in the game chooser's preview."""
    from pysollib.settings import TOOLKIT
    game._placed = placed = {}
    if game.preview > 1 or TOOLKIT != "tk":
        return placed
    c = game.canvas
    cw, ch = game.app.images.getSize()
    measure = TkMeasure(c, game.app.getFont("canvas_default"))
    largest = largest_size(measure, measure.base_size, ch)
    area = visible_area(c, (game.width, game.height))
    pad = max(2, ch // 30)
    layout = game.text_layout(Room((cw, ch), area, pad))
    for band in layout.bands:
        placed.update(fit_band(measure, band, largest))
    key, left, right, x = layout.column
    above = placed[key]
    placed.update(fit_column(measure, largest, (
        left, above.y + above.block[1] + pad, right, area[3] - pad), x,
        [("winnable", game.winnable_forms()),
         ("review", game.review_forms())], pad))
    # Your chances (chances.py): in a band of the game's own, else under
    # them, in the room left and no larger than they are (shown on
    # demand, it never shrinks them).
    if "chance" not in placed:
        below = placed["review"]
        placed.update(fit_column(measure, below.size, (
            left, below.y + below.block[1] + pad, right, area[3] - pad), x,
            [("chance", game.chance_forms())], pad))
    size = mark_size(measure, layout.mark_samples, (cw, ch),
                     layout.mark_largest or measure.base_size)
    for stack in layout.marks:
        show_mark(c, stack.texts.misc, measure, size,
                  (stack.x + cw / 2, stack.y + ch / 2))
    if any(st.cards for st in game.allstacks):     # dealt
        for stack in layout.counts:
            stack.updateText()
        game.updateText()
    return placed


class TableTextsGame:
    """Mixin for our Game classes (list it first): the hooks by which
    PySolFC's texts and ours keep fitting the table.  The game provides
    ``text_layout(room)``, its texts as data (a ``TextLayout``), which
    ``layout_texts`` lays out after every rescale."""

    def layout_texts(self):
        lay_out(self)

    def show_text(self, key, item, *texts):
        """Draw the text ``key`` in ``item`` as the layout placed it:
        ``texts``, one per form, best first."""
        show_best(self.canvas, item, getattr(self, "_placed", {}).get(key),
                  *texts)

    def showHelp(self, *args):
        # A pile's help in the status bar, whole clauses only.
        super().showHelp(*fit_status_help(self.app, args))

    def showStackDesc(self):
        # Assist > Piles description: each description inside the table.
        super().showStackDesc()
        from pysollib.settings import TOOLKIT
        if TOOLKIT == "tk":
            fit_descriptions(
                self.canvas, self.stackdesc_list, visible_area(
                    self.canvas, (self.width, self.height)),
                self.app.images.getSize()[0])

    def resizeGame(self, *args, **kw):
        # PySolFC rescales the cards and moves every text with them (after
        # a window resize, Options > Card size, auto scaling switched):
        # then our texts take their size and place again.
        super().resizeGame(*args, **kw)
        self.layout_texts()

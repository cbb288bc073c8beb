# SPDX-License-Identifier: GPL-3.0-or-later
"""Draw the pictures of the rules pages, every game's: Camelot's
images/goal.png and images/slots.png, The Plot's images/plot-goal.png and
images/plot-layout.png.  The drawing primitives (the font, ``Pen``, cards,
suits, empty places) are shared; each game has its own picture functions,
collected in ``PICTURES``.

The cards are our own plain drawings and the letters come from the small
bitmap font below, so no font file of the machine is read.  The shapes are
rasterized here too (``Pen``): Pillow only fills rectangles and averages
pixel blocks, so the pixels do not depend on how a Pillow version draws
ellipses or polygons.  Each picture is drawn at SS times its size and
reduced once, which smooths the edges; every run gives the same pixels.

    python -m pysolfc_camelot.install.pictures [OUT_DIR]     (default: images/)
"""
import sys
from pathlib import Path

from ..camelot.rules import N_SLOTS, SLOT_FACE
from ..core.cards import JACK, KING, QUEEN

SS = 4                       # supersampling factor
CARD_W, CARD_H, GAP = 88, 120, 12
FELT, FELT_DARK = (34, 110, 60), (22, 80, 42)
INK, RED, PAPER = (20, 20, 20), (196, 30, 40), (252, 252, 246)
CLASS_COLOURS = {"K": (232, 196, 86), "Q": (226, 150, 176),
                 "J": (126, 170, 224), None: (200, 200, 200)}

LETTER = {JACK: "J", QUEEN: "Q", KING: "K"}


def slot_class(slot):
    """The letter of the face card a slot is kept for; None in the middle."""
    return LETTER.get(SLOT_FACE[slot])


# A 5x7 bitmap font with just the characters the pictures need:
# seven rows of five cells each, "#" inked.
GLYPHS = {c: rows.split("/") for c, rows in {
    "0": ".###./#...#/#..##/#.#.#/##..#/#...#/.###.",
    "1": "..#../.##../..#../..#../..#../..#../.###.",
    "2": ".###./#...#/....#/...#./..#../.#.../#####",
    "3": "####./....#/....#/.###./....#/....#/####.",
    "4": "...#./..##./.#.#./#..#./#####/...#./...#.",
    "5": "#####/#..../####./....#/....#/#...#/.###.",
    "6": "..##./.#.../#..../####./#...#/#...#/.###.",
    "7": "#####/....#/...#./..#../.#.../.#.../.#...",
    "8": ".###./#...#/#...#/.###./#...#/#...#/.###.",
    "9": ".###./#...#/#...#/.####/....#/...#./.##..",
    "A": "..#../.#.#./#...#/#...#/#####/#...#/#...#",
    "J": "..###/...#./...#./...#./...#./#..#./.##..",
    "K": "#...#/#..#./#.#../##.../#.#../#..#./#...#",
    "Q": ".###./#...#/#...#/#...#/#.#.#/#..#./.##.#",
    "F": "#####/#..../#..../####./#..../#..../#....",
    "-": "...../...../...../.####/...../...../.....",
    "/": "....#/....#/...#./..#../.#.../#..../#....",
    " ": "...../...../...../...../...../...../.....",
}.items()}


class Pen:
    """The few drawing calls the pictures need, in the manner of
    ImageDraw.Draw (boxes are inclusive), rasterized by pixel centres."""

    def __init__(self, img):
        self.img, self.px = img, img.load()

    def rectangle(self, box, fill=None, outline=None, width=1):
        x0, y0, x1, y1 = box
        if outline is not None:
            for b in ((x0, y0, x1, y0 + width - 1),
                      (x0, y1 - width + 1, x1, y1),
                      (x0, y0, x0 + width - 1, y1),
                      (x1 - width + 1, y0, x1, y1)):
                self.rectangle(b, fill=outline)
            x0, y0, x1, y1 = x0 + width, y0 + width, x1 - width, y1 - width
        if fill is not None and x0 <= x1 and y0 <= y1:
            self.img.paste(fill, (x0, y0, x1 + 1, y1 + 1))

    def _fill(self, box, inside, fill):
        x0, y0, x1, y1 = (int(v) for v in box)
        for y in range(max(y0, 0), min(y1 + 1, self.img.height)):
            for x in range(max(x0, 0), min(x1 + 1, self.img.width)):
                if inside(x + 0.5, y + 0.5):
                    self.px[x, y] = fill

    def ellipse(self, box, fill):
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2
        rx, ry = (x1 + 1 - x0) / 2, (y1 + 1 - y0) / 2
        self._fill(box, lambda x, y: ((x - cx) / rx) ** 2
                   + ((y - cy) / ry) ** 2 <= 1, fill)

    def polygon(self, points, fill):
        def inside(x, y):           # even-odd rule
            result = False
            for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
                if (ay > y) != (by > y) and \
                        x < ax + (y - ay) * (bx - ax) / (by - ay):
                    result = not result
            return result
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self._fill((min(xs), min(ys), max(xs), max(ys)), inside, fill)

    def rounded_rectangle(self, box, radius, fill, outline=None, width=1):
        if outline is not None:
            self.rounded_rectangle(box, radius, outline)
            x0, y0, x1, y1 = box
            box = (x0 + width, y0 + width, x1 - width, y1 - width)
            radius -= width
        x0, y0, x1, y1 = box
        r = radius
        self.rectangle((x0 + r, y0, x1 - r, y1), fill=fill)
        self.rectangle((x0, y0 + r, x1, y1 - r), fill=fill)
        for cx, cy in ((x0 + r, y0 + r), (x1 + 1 - r, y0 + r),
                       (x0 + r, y1 + 1 - r), (x1 + 1 - r, y1 + 1 - r)):
            self._fill((cx - r, cy - r, cx + r, cy + r),
                       lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
                       fill)


def text_width(text, dot):
    return (6 * len(text) - 1) * dot


def draw_text(draw, x, y, text, dot, fill):
    """Draw text with the bitmap font; dot is the size of one font pixel."""
    for i, ch in enumerate(text):
        for row, bits in enumerate(GLYPHS[ch]):
            for col, bit in enumerate(bits):
                if bit == "#":
                    cx, cy = x + (6 * i + col) * dot, y + row * dot
                    draw.rectangle([cx, cy, cx + dot - 1, cy + dot - 1],
                                   fill=fill)


def draw_text_centred(draw, cx, cy, text, dot, fill):
    draw_text(draw, cx - text_width(text, dot) // 2, cy - 7 * dot // 2,
              text, dot, fill)


def draw_suit(draw, cx, cy, r, suit):
    """A suit sign of radius about r centred on (cx, cy)."""
    colour = RED if suit in "HD" else INK
    if suit == "D":
        draw.polygon([(cx, cy - r), (cx + r * 3 // 4, cy), (cx, cy + r),
                      (cx - r * 3 // 4, cy)], fill=colour)
        return
    h = r // 2
    if suit == "H":
        draw.ellipse([cx - r, cy - r, cx, cy - r + 2 * h + 4], fill=colour)
        draw.ellipse([cx, cy - r, cx + r, cy - r + 2 * h + 4], fill=colour)
        draw.polygon([(cx - r + 1, cy - r + h + 6),
                      (cx + r - 1, cy - r + h + 6), (cx, cy + r)],
                     fill=colour)
        return
    if suit == "S":
        draw.polygon([(cx, cy - r), (cx + r, cy + h // 2),
                      (cx - r, cy + h // 2)], fill=colour)
        draw.ellipse([cx - r, cy - h // 2, cx, cy + h + h // 2], fill=colour)
        draw.ellipse([cx, cy - h // 2, cx + r, cy + h + h // 2], fill=colour)
    else:  # clubs
        draw.ellipse([cx - h, cy - r, cx + h, cy - r + 2 * h], fill=colour)
        draw.ellipse([cx - r, cy - h // 2, cx - r + 2 * h, cy + h + h // 2],
                     fill=colour)
        draw.ellipse([cx + r - 2 * h, cy - h // 2, cx + r, cy + h + h // 2],
                     fill=colour)
    draw.polygon([(cx, cy), (cx + h, cy + r), (cx - h, cy + r)], fill=colour)


def grid_origin(slot, margin):
    row, col = divmod(slot, 4)
    return (margin + col * (CARD_W + GAP) * SS,
            margin + row * (CARD_H + GAP) * SS)


def new_canvas(width=4 * CARD_W + 5 * GAP, height=4 * CARD_H + 5 * GAP):
    """A felt canvas of width x height final pixels, drawn at SS times that;
    returns the image, its Pen and the margin (GAP) in drawing units."""
    from PIL import Image               # only here: see main
    img = Image.new("RGB", (width * SS, height * SS), FELT)
    return img, Pen(img), GAP * SS


def finish(img):
    return img.reduce(SS)


def draw_card(draw, x, y, rank, suit):
    w, h, s = CARD_W * SS, CARD_H * SS, SS
    colour = RED if suit in "HD" else INK
    draw.rounded_rectangle([x, y, x + w, y + h], radius=8 * s, fill=PAPER,
                           outline=INK, width=2 * s)
    # corner indices, the lower one as in a mirror
    for ix, iy in ((x + 6 * s, y + 6 * s),
                   (x + w - 16 * s, y + h - 34 * s)):
        draw_text(draw, ix, iy, rank, 2 * s, colour)
        draw_suit(draw, ix + 5 * s, iy + 23 * s, 5 * s, suit)
    # a framed centre with a large letter and the suit
    draw.rectangle([x + 20 * s, y + 20 * s, x + w - 20 * s, y + h - 20 * s],
                   outline=colour, width=s)
    draw_text_centred(draw, x + w // 2, y + h // 2 - 14 * s, rank, 5 * s,
                      colour)
    draw_suit(draw, x + w // 2, y + h // 2 + 22 * s, 11 * s, suit)


def draw_empty_slot(draw, x, y, w=CARD_W, h=CARD_H):
    draw.rounded_rectangle([x, y, x + w * SS, y + h * SS],
                           radius=8 * SS, fill=FELT_DARK,
                           outline=(90, 160, 110), width=2 * SS)


# ---------------------------------------------------------------- Camelot

def render_goal():
    """Camelot: the winning tableau: faces on their slots, the middle empty."""
    img, draw, margin = new_canvas()
    suits = iter("SHDCHSCDDCSH")
    for slot in range(N_SLOTS):
        x, y = grid_origin(slot, margin)
        rank = slot_class(slot)
        if rank:
            draw_card(draw, x, y, rank, next(suits))
        else:
            draw_empty_slot(draw, x, y)
    return finish(img)


def render_slots():
    """Camelot: the slot classes with the slot numbers 0..15."""
    img, draw, margin = new_canvas()
    s = SS
    for slot in range(N_SLOTS):
        x, y = grid_origin(slot, margin)
        rank = slot_class(slot)
        w, h = CARD_W * s, CARD_H * s
        cx, cy = x + w // 2, y + h // 2 + 2 * s
        draw.rounded_rectangle([x, y, x + w, y + h], radius=8 * s,
                               fill=CLASS_COLOURS[rank], outline=INK,
                               width=2 * s)
        draw_text(draw, x + 7 * s, y + 7 * s, str(slot), 3 * s, INK)
        if rank:        # its face card, or any number card
            draw_text_centred(draw, cx, cy, rank, 7 * s, INK)
            draw_text_centred(draw, cx, y + h - 16 * s, "A-10", 2 * s, INK)
        else:           # number cards only
            draw_text_centred(draw, cx, cy, "A-10", 3 * s, INK)
    return finish(img)


CAMELOT_PICTURES = {"goal.png": render_goal, "slots.png": render_slots}


# --------------------------------------------------------------- The Plot
# Two decks, eight foundations of 13 cards built up round the corner from
# the base rank, a reserve of 13, twelve tableau piles, 78 cards in stock.

PLOT_W, PLOT_H, PLOT_GAP = 60, 84, 8     # a smaller card: eight in a row
FAN = 20                 # how much of a covered card a fanned pile shows
LABEL_H = 20             # a row of labels above the piles
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
BASE = 7                 # the base rank of the pictures' deal (7 .. 6)
GOLD = (232, 196, 86)


def rank_text(rank):
    return RANKS[(rank - 1) % 13]


def draw_index(draw, x, y, rank, suit):
    """A card's corner index, rank then suit, in one line 20 pixels high:
    all that a covered card of a fanned pile shows."""
    s, colour = SS, (RED if suit in "HD" else INK)
    text = rank_text(rank)
    draw_text(draw, x + 5 * s, y + 4 * s, text, 2 * s, colour)
    draw_suit(draw, x + 5 * s + text_width(text, 2 * s) + 8 * s,
              y + 10 * s, 5 * s, suit)


def draw_small_card(draw, x, y, rank, suit, outline=INK):
    """A face-up PLOT_W x PLOT_H card: index at the top, rank and suit
    large in the middle."""
    w, h, s = PLOT_W * SS, PLOT_H * SS, SS
    colour = RED if suit in "HD" else INK
    draw.rounded_rectangle([x, y, x + w, y + h], radius=6 * s, fill=PAPER,
                           outline=outline, width=2 * s)
    draw_index(draw, x, y, rank, suit)
    draw_text_centred(draw, x + w // 2, y + h // 2 + 2 * s, rank_text(rank),
                      4 * s, colour)
    draw_suit(draw, x + w // 2, y + h - 15 * s, 7 * s, suit)


def draw_back(draw, x, y):
    """A face-down card."""
    w, h, s = PLOT_W * SS, PLOT_H * SS, SS
    draw.rounded_rectangle([x, y, x + w, y + h], radius=6 * s,
                           fill=(52, 84, 160), outline=INK, width=2 * s)
    draw.rectangle([x + 7 * s, y + 7 * s, x + w - 7 * s, y + h - 7 * s],
                   outline=PAPER, width=s)
    for i in range(1, 6):                  # a plain lattice
        yy = y + 7 * s + i * (h - 14 * s) // 6
        draw.rectangle([x + 10 * s, yy, x + w - 10 * s, yy], fill=PAPER)


def draw_squared_pile(draw, x, y, top=None):
    """A squared pile: the edges of the cards below, then its top card
    (rank, suit) face up, or a card back for top=None."""
    s = SS
    for i in (3, 2, 1):
        draw.rounded_rectangle([x + i * 2 * s, y + i * 2 * s,
                                x + PLOT_W * s + i * 2 * s,
                                y + PLOT_H * s + i * 2 * s],
                               radius=6 * s, fill=(220, 220, 210),
                               outline=INK, width=s)
    if top is None:
        draw_back(draw, x, y)
    else:
        draw_small_card(draw, x, y, *top)


def draw_label(draw, x, y, text, fill=PAPER):
    """A label centred over a pile whose left edge is x; y: the top of the
    label row."""
    draw_text_centred(draw, x + PLOT_W * SS // 2, y + LABEL_H * SS // 2,
                      text, 2 * SS, fill)


def plot_suit(pile, i):
    return "SHDC"[(pile + i) % 4]         # suits never matter here


def render_plot_goal():
    """The Plot won: the eight foundations complete, each fanned from its
    base card (7) up round the corner to its top card (6); the first
    foundation, F0, set a little apart."""
    apart = 2 * PLOT_GAP                  # F0's extra distance
    width = 2 * GAP + 8 * PLOT_W + 7 * PLOT_GAP + apart
    height = 2 * GAP + LABEL_H + 12 * FAN + PLOT_H
    img, draw, margin = new_canvas(width, height)
    s = SS
    for pile in range(8):
        x = margin + (pile * (PLOT_W + PLOT_GAP) + (apart if pile else 0)) * s
        draw_label(draw, x, margin, "F%d" % pile,
                   fill=GOLD if pile == 0 else PAPER)
        y0 = margin + LABEL_H * s
        for i in range(13):
            rank = (BASE - 1 + i) % 13 + 1
            draw_small_card(draw, x, y0 + i * FAN * s, rank,
                            plot_suit(pile, i))
    return finish(img)


# The layout picture's deal: the reserve's top card, the base card on F0,
# the twelve tableau cards row by row (one of them of the base rank).
PLOT_RESERVE_TOP = (9, "D")
PLOT_BASE_CARD = (BASE, "H")
PLOT_TABLEAU = [(13, "S"), (4, "D"), (7, "C"), (12, "H"),
                (2, "S"), (9, "H"), (11, "D"), (5, "C"),
                (10, "C"), (3, "H"), (8, "S"), (1, "D")]


def render_plot_layout():
    """The Plot at the start: the reserve (13 cards, top face up) and F0
    with the base card on the first row with the stock (78) and the empty
    waste; the seven other foundations, empty, on the second; the tableau
    in three rows of four below."""
    s = SS
    width = 2 * GAP + 7 * PLOT_W + 6 * PLOT_GAP
    height = 2 * GAP + 2 * (LABEL_H + PLOT_H + 2 * PLOT_GAP) \
        + 3 * PLOT_H + 2 * PLOT_GAP
    img, draw, margin = new_canvas(width, height)

    def col(c, cols_x0=margin):
        return cols_x0 + c * (PLOT_W + PLOT_GAP) * s

    # first row: reserve, F0, stock, waste; counts and names above
    y = margin
    draw_label(draw, col(0), y, "13")
    draw_squared_pile(draw, col(0), y + LABEL_H * s, PLOT_RESERVE_TOP)
    draw_label(draw, col(2), y, "F0 1/13", fill=GOLD)
    draw_small_card(draw, col(2), y + LABEL_H * s, *PLOT_BASE_CARD,
                    outline=GOLD)
    draw_label(draw, col(5), y, "78")
    draw_squared_pile(draw, col(5), y + LABEL_H * s)
    draw_label(draw, col(6), y, "0")
    draw_empty_slot(draw, col(6), y + LABEL_H * s, PLOT_W, PLOT_H)
    # second row: F1..F7, empty, waiting for base-rank cards
    y += (LABEL_H + PLOT_H + 2 * PLOT_GAP) * s
    for f in range(1, 8):
        x = col(f - 1)
        draw_label(draw, x, y, "F%d" % f)
        draw_empty_slot(draw, x, y + LABEL_H * s, PLOT_W, PLOT_H)
        draw_text_centred(draw, x + PLOT_W * s // 2,
                          y + (LABEL_H + PLOT_H // 2) * s,
                          rank_text(BASE), 4 * s, (90, 160, 110))
    # the tableau, three rows of four, centred
    y += (LABEL_H + PLOT_H + 2 * PLOT_GAP) * s
    x0 = margin + (7 * PLOT_W + 6 * PLOT_GAP
                   - (4 * PLOT_W + 3 * PLOT_GAP)) * s // 2
    for i, card in enumerate(PLOT_TABLEAU):
        row, c = divmod(i, 4)
        draw_small_card(draw, col(c, x0), y + row * (PLOT_H + PLOT_GAP) * s,
                        *card)
    return finish(img)


PLOT_PICTURES = {"plot-goal.png": render_plot_goal,
                 "plot-layout.png": render_plot_layout}

# Every picture of every game, by file name.
PICTURES = dict(CAMELOT_PICTURES, **PLOT_PICTURES)


def write_pictures(out_dir):
    """Render every picture into out_dir; return the paths written."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, render in PICTURES.items():
        path = out_dir / name
        render().save(path, format="PNG", optimize=False)
        paths.append(path)
    return paths


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        import PIL.Image  # noqa: F401  (Pillow draws; a pip install lacks it)
    except ImportError:
        print("error: drawing the pictures needs Pillow, which this Python"
              " lacks (%s -m pip install pillow); nothing was written"
              % sys.executable, file=sys.stderr)
        return 2
    if argv:
        out_dir = Path(argv[0])
    else:
        from .rules_pages import images_dir
        out_dir = images_dir(for_writing=True)
    for path in write_pictures(out_dir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

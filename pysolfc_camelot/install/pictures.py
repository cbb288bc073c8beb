# SPDX-License-Identifier: GPL-3.0-or-later
"""Draw the pictures of the rules pages, every game's (its spec's
``pictures``: Camelot's images/goal.png and images/slots.png, The Plot's
images/plot-goal.png and images/plot-layout.png).  The drawing primitives
(the font, ``Pen``, cards, suits, empty places) are here; each game draws
its own in its ``pictures.py`` (its ``PICTURES``, file name -> function),
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

from .. import games

SS = 4                       # supersampling factor
CARD_W, CARD_H, GAP = 88, 120, 12
FELT, FELT_DARK = (34, 110, 60), (22, 80, 42)
INK, RED, PAPER = (20, 20, 20), (196, 30, 40), (252, 252, 246)
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
    try:
        from PIL import Image           # only here: see main
    except ImportError as e:            # (reached from the games' folders)
        raise RuntimeError("drawing the pictures needs Pillow") from e
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


def _every_picture():
    """file name -> picture function, of every game (games.specs())."""
    out = {}
    for spec in games.specs():
        drawn = spec.part("pictures").PICTURES
        if tuple(drawn) != spec.pictures:
            raise ValueError("%s draws %s, its spec names %s" % (
                spec.name, ", ".join(drawn), ", ".join(spec.pictures)))
        out.update(drawn)
    return out


def __getattr__(name):
    # PICTURES is collected on first use: each game's pictures.py imports
    # this module's primitives.
    if name == "PICTURES":
        return _every_picture()
    raise AttributeError(name)


def write_pictures(out_dir):
    """Render every picture into out_dir; return the paths written."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, render in _every_picture().items():
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

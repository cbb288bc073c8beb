# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's rules-page pictures (images/plot-goal.png,
images/plot-layout.png), drawn with install/pictures.py's primitives;
only the ``pictures`` command imports this (it needs Pillow)."""
from ..install.pictures import (
    GAP, INK, PAPER, RED, SS, draw_empty_slot, draw_suit, draw_text,
    draw_text_centred, finish, new_canvas, text_width)

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


PICTURES = {"plot-goal.png": render_plot_goal,
            "plot-layout.png": render_plot_layout}

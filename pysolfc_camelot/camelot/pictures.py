# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's rules-page pictures (images/goal.png, images/slots.png),
drawn with install/pictures.py's primitives; only the ``pictures``
command imports this (it needs Pillow)."""
from ..core.cards import JACK, KING, QUEEN
from ..install.pictures import (
    CARD_H, CARD_W, INK, SS, draw_card, draw_empty_slot, draw_text,
    draw_text_centred, finish, grid_origin, new_canvas)
from .rules import N_SLOTS, SLOT_FACE

CLASS_COLOURS = {"K": (232, 196, 86), "Q": (226, 150, 176),
                 "J": (126, 170, 224), None: (200, 200, 200)}

LETTER = {JACK: "J", QUEEN: "Q", KING: "K"}


def slot_class(slot):
    """The letter of the face card a slot is kept for; None in the middle."""
    return LETTER.get(SLOT_FACE[slot])


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


PICTURES = {"goal.png": render_goal, "slots.png": render_slots}

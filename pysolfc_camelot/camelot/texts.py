# SPDX-License-Identifier: GPL-3.0-or-later
"""Camelot's own English texts (keys ``camelot.*``): its table, stacks' help,
speech, save errors and move names.
How a table is written, read and translated: texts/english.py."""

TEXTS = {
    # -- Camelot's table (camelot/game.py) --

    # Camelot, beside the grid: the phase (see the rules page).  Keep the
    # line breaks: the column is narrow.
    "camelot.phase.1": "Phase 1:\ndeal and place",
    # Camelot, beside the grid, in phase 2; keep the line breaks.
    "camelot.phase.2": "Phase 2:\nremove tens\nand pairs making 10",
    # Under the pile of removed cards: the score out of the best score
    # (numbers only).
    "camelot.score": "{score}/{max}",
    # Mark on an empty slot kept for a king.  The marks are the letters
    # of the rules pages' slot picture (images/slots.png) and of the
    # cards' own corners, so every language keeps K, Q and J.
    "camelot.mark.king": "K",
    # Mark on an empty slot kept for a queen: keep Q (see K).
    "camelot.mark.queen": "Q",
    # Mark on an empty slot kept for a jack: keep J (see K).
    "camelot.mark.jack": "J",
    # Help on a slot (the status bar; F2, Assist > Show stack
    # descriptions): {slot} is its number, 0 to 15.
    "camelot.help.slot": "Slot {slot}: any number card",
    # As above, for a corner slot (kings); {slot} is its number.
    "camelot.help.king_slot": "Slot {slot}: a king or a number card",
    # As above, for a slot kept for a queen; {slot} is its number.
    "camelot.help.queen_slot": "Slot {slot}: a queen or a number card",
    # As above, for a slot kept for a jack; {slot} is its number.
    "camelot.help.jack_slot": "Slot {slot}: a jack or a number card",
    # Help on the pile of removed cards (status bar, F2).
    "camelot.help.discard": "Removed cards",
    # Help on Camelot's stock (status bar, F2).  Use the rules page's
    # word for the stock and the waste.
    "camelot.help.stock": "Stock: a click deals one card onto the empty "
                          "waste; no redeal",
    # Help on Camelot's waste (status bar, F2): its one card must go to
    # an empty slot of the grid.
    "camelot.help.waste": "Waste: its card goes to an empty slot that "
                          "takes it",

    # -- why a save cannot be loaded --

    # Fills {reason} above (Camelot: a slot or the waste holds one card).
    "camelot.save.crowded": "a slot or the waste holds more than one card",

    # -- speech: PySolFC 3.4 and later read these to a screen reader (the
    # arrow keys pick a pile, V says it, Q says the game) --

    # Spoken: Camelot's waste; {card} is a spoken card (game.speech.card).
    "camelot.speech.waste": "{card} - waste",
    # Spoken: Camelot's waste, empty.
    "camelot.speech.waste_empty": "Waste: empty",
    # Spoken after a card: the slot it lies on, a corner slot (kings).
    "camelot.speech.slot.king": "king slot",
    # Spoken after a card: a slot kept for a queen.
    "camelot.speech.slot.queen": "queen slot",
    # Spoken after a card: a slot kept for a jack.
    "camelot.speech.slot.jack": "jack slot",
    # Spoken after a card: one of the four slots in the centre of the
    # grid (the rules page's centre slots, not the queens' middle ones).
    "camelot.speech.slot.middle": "centre slot",
    # Spoken: an empty corner slot.
    "camelot.speech.empty.king": "Empty king slot",
    # Spoken: an empty slot kept for a queen.
    "camelot.speech.empty.queen": "Empty queen slot",
    # Spoken: an empty slot kept for a jack.
    "camelot.speech.empty.jack": "Empty jack slot",
    # Spoken: an empty slot of the centre of the grid.
    "camelot.speech.empty.middle": "Empty centre slot",
    # Spoken: the pile of removed cards.
    "camelot.speech.removed": ("{n} card removed", "{n} cards removed"),
    # Spoken after the text above: {card} is the last card removed (a
    # spoken card, game.speech.card).
    "camelot.speech.last_removed": "the last: {card}",

    # -- Moves named as a player would (camelot/notation.py name_move) --

    # A Camelot move: {card} is a card as its corner shows it ("7♣").
    "camelot.name.deal": "deal {card}",
    # A Camelot move: {card} to {slot}, one of camelot.name.slot.*.
    "camelot.name.place": "{card} to {slot}",
    # A Camelot move: a ten removed ({card}: "10♥").
    "camelot.name.remove": "remove {card}",
    # A Camelot move: a pair making 10 removed ({a}, {b}: cards, "3♠").
    "camelot.name.pair": "remove {a} and {b}",
    # The slots, row by row, as they read after the "to" of
    # camelot.name.place: slot 0, the grid's top-left corner.
    "camelot.name.slot.0": "the top-left corner",
    "camelot.name.slot.1": "the left slot of the top edge",
    "camelot.name.slot.2": "the right slot of the top edge",
    "camelot.name.slot.3": "the top-right corner",
    "camelot.name.slot.4": "the upper slot of the left edge",
    "camelot.name.slot.5": "the top-left slot of the centre",
    "camelot.name.slot.6": "the top-right slot of the centre",
    "camelot.name.slot.7": "the upper slot of the right edge",
    "camelot.name.slot.8": "the lower slot of the left edge",
    "camelot.name.slot.9": "the bottom-left slot of the centre",
    "camelot.name.slot.10": "the bottom-right slot of the centre",
    "camelot.name.slot.11": "the lower slot of the right edge",
    "camelot.name.slot.12": "the bottom-left corner",
    "camelot.name.slot.13": "the left slot of the bottom edge",
    "camelot.name.slot.14": "the right slot of the bottom edge",
    "camelot.name.slot.15": "the bottom-right corner",

    # -- your chances (pysol/chances.py) --

    # Fills {hidden} in Camelot: its face-down stock.
    "camelot.chance.hidden": "the stock",
}

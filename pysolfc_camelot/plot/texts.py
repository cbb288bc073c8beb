# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's own English texts (keys ``plot.*``): its table, stacks' help,
speech and save errors.
How a table is written, read and translated: texts/english.py."""

TEXTS = {
    # -- The Plot's table (plot/game.py) --

    # Under the stock: how many cards it holds.  Where room is short the
    # number is shown alone.
    "plot.stock": "Stock: {count}",
    # Under the reserve: how many cards it holds.
    "plot.reserve": "Reserve: {count}",
    # On the table, by the first foundation, and spoken by the Q key:
    # {rank} is the deal's base rank, on the table as the cards' corners
    # show it (A, 2 ... 10, J, Q, K), in speech a rank word
    # (game.speech.rank.*) or a number.
    "plot.base_rank": "Base rank: {rank}",
    # Over the other seven foundations while they are closed: {count} of
    # {full} (13) cards are on the first.  Where room is short only
    # "{count}/{full}" is shown.
    "plot.restricted":
        "Other foundations open when the first holds 13: {count}/{full}",
    # In place of the text above once the first foundation holds 13.
    "plot.open": "All foundations are open",
    # Help on The Plot's stock (status bar, F2).
    "plot.help.stock": "Stock: a click deals one card to the waste; no "
                       "redeal",
    # Help on The Plot's waste (status bar, F2).
    "plot.help.waste": "Waste: its top card goes to a foundation, onto a "
                       "pile or into a space",
    # Help on the reserve (status bar, F2).
    "plot.help.reserve": "Reserve: its top card goes to the foundations "
                         "only",
    # Help on the first foundation (F0; status bar, F2).
    "plot.help.first_foundation": "First foundation: up from the base "
                                  "rank to 13 cards; then the others open",
    # Help on the other foundations (status bar).
    "plot.help.foundation": "Foundation: a base-rank card, then up by one "
                            "to 13 cards",
    # Help on a tableau pile (status bar, F2).
    "plot.help.tableau": "Tableau pile: down by one; a base-rank card "
                         "stands alone; a space takes the waste's card",

    # -- speech: PySolFC 3.4 and later read these to a screen reader (the
    # arrow keys pick a pile, V says it, Q says the game) --

    # Spoken: The Plot's waste.
    "plot.speech.waste": ("Waste: {n} card", "Waste: {n} cards"),
    # Spoken: the reserve.
    "plot.speech.reserve": ("Reserve: {n} card", "Reserve: {n} cards"),
    # Spoken after a pile's count: its top card ({card}: a spoken card).
    "plot.speech.top": "top card: {card}",
    # Spoken: the first foundation, F0; {rank} is the base rank as a
    # rank word or a number, {count} how many cards it holds.
    "plot.speech.first_foundation":
        "First foundation, base rank {rank}: {count} of 13",
    # Spoken: foundation F{i} ({i}: 1 to 7, as the pages name them F1 to
    # F7); {count}: how many cards it holds.
    "plot.speech.foundation": "Foundation F{i}: {count} of 13",
    # Spoken: an empty foundation F{i}; {rank} is the base rank (a rank
    # word or a number), the only rank it takes.
    "plot.speech.foundation_empty":
        "Foundation F{i}: empty, for the base rank ({rank})",
    # Spoken: foundation F{i} while the others are still closed.
    "plot.speech.foundation_closed":
        "Foundation F{i}: closed until the first holds 13",
    # Spoken after a card: the tableau pile it tops, {i} 1 to 12.
    "plot.speech.pile": "tableau pile {i}",
    # Spoken: an empty tableau pile, {i} 1 to 12.
    "plot.speech.space": "Tableau pile {i}: empty space",
    # Spoken: an empty tableau pile while only a base-rank card may go
    # there; {rank} is the base rank (a rank word or a number).
    "plot.speech.space_restricted":
        "Tableau pile {i}: empty space, only for the base rank ({rank})",
    # Spoken by the Q key while the other foundations are closed:
    # {count} is how many cards the first holds.
    "plot.speech.restricted":
        "Other foundations open when the first holds 13; it holds {count}",

    # -- Moves named as a player would (camelot/notation.py name_move) --

    # The Plot's moves (plot/notation.py name_move) are what moves
    # ({what}, one of the next five texts) then where to.  A deal:
    # {card} as its corner shows it ("7♣").
    "plot.name.deal": "deal {card}",
    # What moves: a card dealt and put at once where the next text says.
    "plot.name.deal_put": "deal {card} and put it",
    # What moves: the waste's top card.
    "plot.name.from_waste": "{card} from the waste",
    # What moves: the reserve's top card.
    "plot.name.from_reserve": "{card} from the reserve",
    # What moves: a tableau pile's top card; {pile} is plot.name.pile_from.
    "plot.name.from_pile": "{card} from {pile}",
    # Where to: {what} (above) to a foundation {f}, named F0 to F7.
    "plot.name.to_foundation": "{what} to {f}",
    # Where to, after "deal {card} and put it": on foundation {f}.
    "plot.name.on_foundation": "{what} on {f}",
    # Where to: onto the top {card} of a tableau pile ({pile}:
    # plot.name.pile_of).
    "plot.name.onto": "{what} onto the {card} of {pile}",
    # Where to: into an empty tableau pile ({pile}: plot.name.pile_into).
    "plot.name.into": "{what} into {pile}",
    # A tableau pile after "from": {nth} is plot.name.nth_from.*, {row}
    # plot.name.row.*.
    "plot.name.pile_from": "the {nth} pile of the {row} row",
    # A tableau pile after "of" (a card of it): {nth} is
    # plot.name.nth_of.*, {row} plot.name.row.*.
    "plot.name.pile_of": "the {nth} pile of the {row} row",
    # The empty tableau pile a card goes into: {nth} is
    # plot.name.nth_into.*, {row} plot.name.row.*.
    "plot.name.pile_into": "the empty {nth} pile of the {row} row",
    # Fills {nth} of plot.name.pile_from (with its article where your
    # language needs one there).
    "plot.name.nth_from.1": "first",
    "plot.name.nth_from.2": "second",
    "plot.name.nth_from.3": "third",
    "plot.name.nth_from.4": "fourth",
    # Fills {nth} of plot.name.pile_of.
    "plot.name.nth_of.1": "first",
    "plot.name.nth_of.2": "second",
    "plot.name.nth_of.3": "third",
    "plot.name.nth_of.4": "fourth",
    # Fills {nth} of plot.name.pile_into.
    "plot.name.nth_into.1": "first",
    "plot.name.nth_into.2": "second",
    "plot.name.nth_into.3": "third",
    "plot.name.nth_into.4": "fourth",
    # Fills {row} of the three texts above: the tableau's top row.
    "plot.name.row.1": "top",
    # Fills {row}: the tableau's middle row.
    "plot.name.row.2": "middle",
    # Fills {row}: the tableau's bottom row.
    "plot.name.row.3": "bottom",

    # -- your chances (pysol/chances.py) --

    # Fills {hidden} in The Plot: the stock and the reserve's cards below
    # its top.
    "plot.chance.hidden": "the stock and the reserve",
}

# SPDX-License-Identifier: GPL-3.0-or-later
"""Deck, pile and move notation of The Plot's command line.

A deck is 104 cards (two full decks) separated by spaces or commas, the
first dealt first; each of the 52 cards appears exactly twice and the two
copies are interchangeable.  Piles are ``stock``, ``waste``, ``reserve``,
``F0``..``F7`` (foundations) and ``T0``..``T11`` (tableau, row by row).
Moves are ``deal`` or ``SRC>DST`` (``stock>X`` stands for ``deal`` then
``waste>X``), separated by ``;`` or newlines; case and blanks are ignored.
"""
import re
from typing import NamedTuple

from ..core.cards import (CARDS_PER_DECK, NotationError, card_name,
                          format_card, parse_card)
# the shared one, named here
from ..core.cards import format_moves  # noqa: F401

N_CARDS = 2 * CARDS_PER_DECK        # two full decks
STOCK, WASTE, RESERVE = "stock", "waste", "reserve"
FOUNDATIONS = tuple("F%d" % i for i in range(8))
TABLEAU = tuple("T%d" % i for i in range(12))
PILES = (STOCK, WASTE, RESERVE) + FOUNDATIONS + TABLEAU
# Lower-case spelling -> canonical name, so parsing ignores case.
_PILE_BY_LOWER = {p.lower(): p for p in PILES}


class Move(NamedTuple):
    """One card from pile ``src`` to pile ``dst`` (canonical pile names).

    ``deal`` is ``Move("stock", "waste")``; ``Move("stock", X)`` for any
    other X is the shorthand ``stock>X`` (deal, then waste to X, as one
    step).  ``str(move)`` is the command-line notation.
    """
    src: str
    dst: str

    def __str__(self):
        if self.src == STOCK and self.dst == WASTE:
            return "deal"
        return "%s>%s" % (self.src, self.dst)

    @property
    def is_deal(self) -> bool:
        return self.src == STOCK and self.dst == WASTE

    @property
    def is_shorthand(self) -> bool:
        """``stock>X``: a deal and a move of the new waste top."""
        return self.src == STOCK and self.dst != WASTE


DEAL = Move(STOCK, WASTE)


def parse_pile(text: str) -> str:
    """The canonical name of a pile, whatever its case and blanks."""
    name = _PILE_BY_LOWER.get("".join(text.split()).lower())
    if name is None:
        raise NotationError("unknown pile %r (expected stock, waste, reserve,"
                            " F0..F7 or T0..T11)" % text.strip())
    return name


def parse_move(text: str) -> Move:
    """``deal`` or ``SRC>DST``.  Any two piles parse; whether the rules
    allow the move is for the rules model to say (with a reason)."""
    t = "".join(text.split())
    if t.lower() == "deal":
        return DEAL
    parts = t.split(">")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        raise NotationError("not a move: %r (expected deal or SRC>DST, e.g."
                            " waste>F3, T2>T5, stock>T7)" % text.strip())
    try:
        return Move(parse_pile(parts[0]), parse_pile(parts[1]))
    except NotationError as e:
        raise NotationError("bad move %r: %s" % (text.strip(), e)) from None


def parse_moves(text: str) -> list:
    """Moves separated by ``;`` or newlines; blank items are skipped."""
    return [parse_move(m) for m in re.split(r"[;\n]", text) if m.strip()]


def _times(n: int) -> str:
    return {0: "missing", 1: "once"}.get(n, "%d times" % n)


def check_deck(cards) -> None:
    """Raise NotationError unless ``cards`` holds each of the 52 cards
    exactly twice (so 104 cards), naming every card that does not."""
    counts = [0] * 52
    for c in cards:
        counts[c] += 1
    wrong = {}                      # how often -> the cards seen that often
    for c, n in enumerate(counts):
        if n != 2:
            wrong.setdefault(n, []).append(format_card(c))
    if len(cards) == N_CARDS and not wrong:
        return
    problems = []
    for n in sorted(wrong):
        names = wrong[n]
        shown = " ".join(names[:12])
        if len(names) > 12:
            shown += " and %d more" % (len(names) - 12)
        problems.append("%s: %s" % (_times(n), shown))
    text = "; ".join(problems)
    if len(cards) != N_CARDS:
        raise NotationError("a Plot deck has 104 cards (each of the 52 cards"
                            " twice), got %d (%s)" % (len(cards), text))
    raise NotationError("each card must appear exactly twice in a Plot"
                        " deck (%s)" % text)


def parse_deck(text: str) -> list:
    """104 cards, the first dealt first: each of the 52 cards twice."""
    cards = [parse_card(w) for w in re.split(r"[\s,]+", text.strip()) if w]
    check_deck(cards)
    return cards


def format_deck(cards) -> str:
    return " ".join(format_card(c) for c in cards)


# -- moves named as a player would (the analysis, later the GUI) -------------

# The texts of the words name_move puts together (texts.py "plot.name.*"),
# literal so that tests/test_texts.py sees every key in use.  A tableau
# pile is named by its place in its row and its row, in the grammatical
# form each use needs: after "from", after "of" (a card of the pile) and
# as the empty pile a card goes into.
_NTH_TEXTS = {
    "from": ("plot.name.nth_from.1", "plot.name.nth_from.2",
             "plot.name.nth_from.3", "plot.name.nth_from.4"),
    "of": ("plot.name.nth_of.1", "plot.name.nth_of.2",
           "plot.name.nth_of.3", "plot.name.nth_of.4"),
    "into": ("plot.name.nth_into.1", "plot.name.nth_into.2",
             "plot.name.nth_into.3", "plot.name.nth_into.4")}
_PILE_TEXTS = {"from": "plot.name.pile_from", "of": "plot.name.pile_of",
               "into": "plot.name.pile_into"}
_ROW_TEXTS = ("plot.name.row.1", "plot.name.row.2", "plot.name.row.3")


def pile_name(name, use, lang="en") -> str:
    """Tableau pile ``name`` as a move name says it, for ``use``: "from",
    "of" (a card of it) or "into" (the empty pile a card goes into)."""
    from ..texts import tr
    i = TABLEAU.index(name)
    return tr(_PILE_TEXTS[use], lang=lang,
              nth=tr(_NTH_TEXTS[use][i % 4], lang=lang),
              row=tr(_ROW_TEXTS[i // 4], lang=lang))


def longest_name(lang=None) -> str:
    """About the longest name ``name_move`` gives in lang (None: the
    player's): a 10 from a tableau pile onto a 10 of another, with the
    longest pile names; the table's room for a move name is measured on
    it."""
    from ..texts import tr
    card = "10\u2663"

    def longest(use):
        return max((pile_name(p, use, lang) for p in TABLEAU), key=len)
    what = tr("plot.name.from_pile", lang=lang, card=card,
              pile=longest("from"))
    return tr("plot.name.onto", lang=lang, what=what, card=card,
              pile=longest("of"))


def name_move(position, move, lang="en") -> str:
    """``move``, legal in ``position`` (a rules.Position), in a player's
    words: "deal 7♣", "7♣ from the waste to F0", "7♣ from the reserve to
    F2", "7♣ from the waste onto the 8♦ of the first pile of the top row",
    "deal 7♣ and put it into the empty second pile of the middle row".
    ``lang`` is one of texts.LANGUAGES (English by default, as the command
    line speaks; None: the player's language)."""
    from ..texts import tr

    def pile(name, use):
        return pile_name(name, use, lang)
    src, dst = move
    if move.is_deal:
        return tr("plot.name.deal", lang=lang,
                  card=card_name(position.stock[0]))
    card = card_name(position.top(src))
    if move.is_shorthand:
        what = tr("plot.name.deal_put", lang=lang, card=card)
    elif src == WASTE:
        what = tr("plot.name.from_waste", lang=lang, card=card)
    elif src == RESERVE:
        what = tr("plot.name.from_reserve", lang=lang, card=card)
    else:
        what = tr("plot.name.from_pile", lang=lang, card=card,
                  pile=pile(src, "from"))
    if dst in FOUNDATIONS:
        return tr("plot.name.on_foundation" if move.is_shorthand
                  else "plot.name.to_foundation", lang=lang, what=what,
                  f=dst)
    onto = position.top(dst)
    if onto is None:
        return tr("plot.name.into", lang=lang, what=what,
                  pile=pile(dst, "into"))
    return tr("plot.name.onto", lang=lang, what=what, card=card_name(onto),
              pile=pile(dst, "of"))


def replay_report(pos) -> dict:
    """What ``replay --json`` says of the last position, after ``ok``,
    ``failed_at`` and ``error`` (a contract: these keys, in this order)."""
    return {"status": pos.status(), "score": pos.score}

# SPDX-License-Identifier: GPL-3.0-or-later
"""The hooks by which the tests drive and read our games inside PySolFC.

Environment variables set only by the tests, never by a player:

* ``CAMELOT_TEST_DECK``: deal these cards (the deck text of the game's
  command line, first dealt first) instead of PySolFC's shuffle;
* ``CAMELOT_TEST_STATE_FILE``: after every move, write the position and
  where the stacks are on screen to this file as JSON, for the GUI tests
  to aim their clicks and drags and to check the result;
* ``CAMELOT_TEST_WINNABLE_STATES``: the solver's budget per deal (states)
  when the winnable-deals option screens deals (winnable_deals.py); 0
  decides no deal at all, so that the search goes on until skipped.
* ``CAMELOT_TEST_REVIEW_BUDGET``: seconds What went wrong may take
  (post_mortem.py), instead of review.BUDGET_SECONDS: a test of what an
  undecided analysis says needs a short one.
* ``CAMELOT_TEST_SEARCH_PAUSE``: seconds Camelot's solver sleeps each time
  it looks at its stop request (every 64 states): the solver decides every
  deal within a fraction of a second now, and the tests that stop a search
  by a click, or give an analysis too short a budget, need one that lasts.
* ``CAMELOT_TEST_FAIR_SECONDS``: seconds each fair hint or demo move may
  take (core/fair_hint.py) instead of its HINT_SECONDS: a host test on a
  loaded machine compares the hints with ``play --policy fair``'s moves.

``write_game_state`` writes that state for a game that names, as data,
which fields of its position to write (``test_state_position``), its
texts (``test_state_texts()``: canvas items) and its stacks
(``test_state_stacks()``); the state also says whether the kept rules
position (table_position.py) is still the table's, which every GUI test
checks (tests/hostenv.py).

No PySolFC import: the adapters pass their game and cards in.
"""
import os

from ..core import jsonlite
from ..core.cards import format_card

TEST_DECK = "CAMELOT_TEST_DECK"
TEST_STATE_FILE = "CAMELOT_TEST_STATE_FILE"
TEST_REVIEW_BUDGET = "CAMELOT_TEST_REVIEW_BUDGET"
TEST_WINNABLE_STATES = "CAMELOT_TEST_WINNABLE_STATES"
from ..core.budget import TEST_SEARCH_PAUSE  # noqa: F401 (paced there)
from ..core.fair_hint import TEST_FAIR_SECONDS  # noqa: F401 (read there)


def forced_order(cards, card_of, parse_deck):
    """``cards`` (PySolFC's shuffle) as they go onto the stock: unchanged,
    or, when CAMELOT_TEST_DECK is set, the same cards in the order it
    lists.  PySolFC deals from the end of the list, so the first card
    listed comes last.  ``card_of`` gives our card of a PySolFC card,
    ``parse_deck`` reads the deck text (both copies of a card of a
    two-deck game are the same card: either one will do)."""
    text = os.environ.get(TEST_DECK)
    if not text:
        return cards
    by_card = {}
    for c in cards:
        by_card.setdefault(card_of(c), []).append(c)
    return [by_card[c].pop() for c in reversed(parse_deck(text))]


def canvas_origin(canvas):
    """Where the canvas point (0, 0) is on the screen (root coordinates)."""
    return [canvas.winfo_rootx() - int(canvas.canvasx(0)),
            canvas.winfo_rooty() - int(canvas.canvasy(0))]


def test_state_wanted():
    return bool(os.environ.get(TEST_STATE_FILE))


def write_test_state(state, suffix=""):
    """Write ``state`` (a dict) as JSON to CAMELOT_TEST_STATE_FILE (with
    ``suffix`` appended: another module's state beside the game's), whole
    or not at all (a reader never sees half a file); nothing when the
    variable is not set."""
    path = os.environ.get(TEST_STATE_FILE)
    if not path:
        return
    path += suffix
    with open(path + ".tmp", "w") as f:
        f.write(jsonlite.dumps(state))
    os.replace(path + ".tmp", path)


def review_budget(default):
    """CAMELOT_TEST_REVIEW_BUDGET's seconds, or ``default``."""
    text = os.environ.get(TEST_REVIEW_BUDGET)
    return float(text) if text else default


# ------------------------------------------------- a game's state file --

def _card(card):
    return None if card is None else format_card(card)


# How a field of the rules position is written, by its kind.
_FIELD = {
    "value": lambda v: v,
    "card": _card,                                  # a card or None
    "cards": lambda v: [format_card(c) for c in v],
    "slots": lambda v: [_card(c) for c in v],       # each a card or None
    "piles": lambda v: [[format_card(c) for c in p] for p in v],
}


def _texts(canvas, value):
    """Canvas texts as what they show, through lists and dicts; strings
    as they are."""
    from .toolkit import is_canvas_text, text_of
    if isinstance(value, dict):
        return {k: _texts(canvas, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_texts(canvas, v) for v in value]
    if is_canvas_text(value):
        return text_of(canvas, value)
    return value


def _where(stack, tops):
    """A stack's place: its corner [x, y]; with ``tops`` also its top
    card's, {"stack": [x, y], "top": [x, y]}."""
    if not tops:
        return [stack.x, stack.y]
    top = stack.cards[-1] if stack.cards else None
    x, y = stack.getPositionFor(top) if top else (stack.x, stack.y)
    return {"stack": [stack.x, stack.y], "top": [x, y]}


def write_game_state(game, pos):
    """The state file after a move (CAMELOT_TEST_STATE_FILE; nothing when
    it is not set): ``pos``, the table's rules position, in the fields
    the game names, its score and status; the hint mode and label; the
    game's texts as drawn; where its stacks are; the card size and where
    the canvas is on screen; the winnable-deals label; whether the kept
    position is the table's ("kept_position": "ok", else what differs)."""
    if not test_state_wanted():
        return
    from . import toolkit
    c = game.canvas
    tops = getattr(game, "test_state_tops", False)
    state = {"game": getattr(game, "id", None)}
    for name, kind in game.test_state_position:
        state[name] = _FIELD[kind](getattr(pos, name))
    state.update(game.test_state_extra(pos)
                 if hasattr(game, "test_state_extra") else {})
    stacks = {}
    for name, stack in game.test_state_stacks().items():
        stacks[name] = [_where(st, tops) for st in stack] \
            if isinstance(stack, (list, tuple)) else _where(stack, tops)
    state.update({
        "score": pos.score, "status": pos.status(),
        "hints": game.hint_mode,
        "hint_label": toolkit.bbox_of(c, game.texts.misc),
        "hint_text": toolkit.text_of(c, game.texts.misc),
        "texts": _texts(c, game.test_state_texts()),
        "stacks": stacks,
        "card_size": list(game.app.images.getSize()),
        "canvas_origin": toolkit.canvas_origin(c),
        "canvas_scale": toolkit.canvas_scale(c),
        "canvas_size": [c.winfo_width(), c.winfo_height()],
        "game_size": [game.width, game.height],
        "kept_position": game.kept_drift() or "ok",
    })
    state.update(game.winnable_test_state())
    write_test_state(state)

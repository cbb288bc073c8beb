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

No PySolFC import: the adapters pass their game and cards in.
"""
import os

from ..core import jsonlite

TEST_DECK = "CAMELOT_TEST_DECK"
TEST_STATE_FILE = "CAMELOT_TEST_STATE_FILE"
TEST_REVIEW_BUDGET = "CAMELOT_TEST_REVIEW_BUDGET"
TEST_WINNABLE_STATES = "CAMELOT_TEST_WINNABLE_STATES"
TEST_SEARCH_PAUSE = "CAMELOT_TEST_SEARCH_PAUSE"


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


def paced(should_stop):
    """``should_stop`` as it is, or, when CAMELOT_TEST_SEARCH_PAUSE is set,
    a stop request that first sleeps that many seconds."""
    text = os.environ.get(TEST_SEARCH_PAUSE)
    if not text:
        return should_stop
    import time
    pause = float(text)

    def paced_should_stop():
        time.sleep(pause)
        return should_stop is not None and should_stop()
    return paced_should_stop

# SPDX-License-Identifier: GPL-3.0-or-later
"""What both PySolFC adapters share, without PySolFC: card ids of one and
two decks (game_cards) and the test-only hooks (test_hooks)."""
import json
from collections import namedtuple

import pytest

from pysolfc_camelot.pysol import test_hooks
from pysolfc_camelot.core.cards import format_card, parse_card
from pysolfc_camelot.core.game_cards import card_for_id, card_of
from pysolfc_camelot.plot.notation import format_deck, parse_deck

# A PySolFC card as far as we read it: id, deck, suit (clubs, spades,
# hearts, diamonds), rank (0 = ace).
Card = namedtuple("Card", "id deck suit rank")


def pysol_cards(decks):
    """Cards as PySolFC's createCards makes them: deck by deck, suit by
    suit, ace to king, ids counting up."""
    return [Card(d * 52 + s * 13 + r, d, s, r)
            for d in range(decks) for s in range(4) for r in range(13)]


def test_card_ids_of_two_decks():
    cards = pysol_cards(2)
    for c in cards:
        assert card_for_id(c.id) == card_of(c)
    # the two copies of a card are the same card for us
    assert [card_for_id(i) for i in range(52)] == \
        [card_for_id(i) for i in range(52, 104)]
    assert sorted(card_for_id(i) for i in range(52)) == list(range(52))
    # PySolFC's suit order is clubs, spades, hearts, diamonds
    assert [format_card(card_for_id(i)) for i in (0, 13, 26, 39, 51)] == \
        ["AC", "AS", "AH", "AD", "KD"]
    with pytest.raises(ValueError):
        card_for_id(-1)


def test_forced_order_deals_the_listed_deck(monkeypatch):
    cards = pysol_cards(2)
    monkeypatch.delenv(test_hooks.TEST_DECK, raising=False)
    assert test_hooks.forced_order(cards, card_of, parse_deck) is cards
    deck = [card_for_id(i) for i in range(103, -1, -1)]
    deck[0], deck[50] = deck[50], deck[0]
    monkeypatch.setenv(test_hooks.TEST_DECK, format_deck(deck))
    order = test_hooks.forced_order(cards, card_of, parse_deck)
    # the same 104 objects, dealt from the end: the first listed last
    assert sorted(c.id for c in order) == list(range(104))
    assert [card_of(c) for c in reversed(order)] == deck


def test_test_state_file(monkeypatch, tmp_path):
    path = tmp_path / "state.json"
    monkeypatch.delenv(test_hooks.TEST_STATE_FILE, raising=False)
    assert not test_hooks.test_state_wanted()
    test_hooks.write_test_state({"a": 1})
    assert not path.exists()
    monkeypatch.setenv(test_hooks.TEST_STATE_FILE, str(path))
    assert test_hooks.test_state_wanted()
    test_hooks.write_test_state({"a": [1, parse_card("TD")]})
    assert json.loads(path.read_text()) == {"a": [1, parse_card("TD")]}
    assert not (tmp_path / "state.json.tmp").exists()


def test_a_paced_search_keeps_its_answer_and_takes_longer(monkeypatch):
    """CAMELOT_TEST_SEARCH_PAUSE (the GUI tests' long searches) slows
    Camelot's solver, not its answer; unset, the stop request is as given."""
    import time
    from pysolfc_camelot.core import budget
    from pysolfc_camelot.camelot import rules, solver
    from pysolfc_camelot.core.cards import parse_deck
    from host.known_deals import SLOW_CANDIDATES
    monkeypatch.delenv(budget.TEST_SEARCH_PAUSE, raising=False)
    stop = lambda: False                    # noqa: E731
    assert budget.paced(stop) is stop
    deck = parse_deck(SLOW_CANDIDATES[0])
    plain = solver.solve(rules.Position.new_game(deck))
    monkeypatch.setenv(budget.TEST_SEARCH_PAUSE, "0.002")
    t0 = time.perf_counter()
    paced = solver.solve(rules.Position.new_game(deck))
    assert paced.winnable == plain.winnable and paced.states == plain.states
    assert time.perf_counter() - t0 >= 0.002 * (plain.states // 64)

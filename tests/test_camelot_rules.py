# SPDX-License-Identifier: GPL-3.0-or-later
"""The rules model, rule by rule (no PySolFC needed)."""
import random

import pytest

from pysolfc_camelot.camelot import rules
from pysolfc_camelot.camelot.notation import DEAL, Move, parse_moves
from pysolfc_camelot.core.cards import (NotationError, format_card,
                                        format_moves, parse_card, parse_cards,
                                        parse_deck)
from pysolfc_camelot.camelot.rules import IllegalMove, Position


def cards(text):
    return parse_cards(text)


def card(text):
    return parse_card(text)


def table(layout):
    """16 slots from a string like 'KC .. .. KD / ...' (row by row)."""
    words = layout.replace("/", " ").split()
    assert len(words) == 16
    return [None if w == ".." else card(w) for w in words]


def full_deck():
    return list(range(52))


def refused(pos, move):
    before = pos.copy()
    with pytest.raises(IllegalMove):
        pos.play(move)
    assert pos == before, "an illegal move changed the position"
    assert move not in pos.legal_moves()


# -- notation -------------------------------------------------------------

def test_card_notation_round_trip():
    for c in range(52):
        assert parse_card(format_card(c)) == c
    assert parse_card("td") == parse_card("TD") == parse_card("10D")
    assert rules.value(card("AS")) == 1 and rules.value(card("TH")) == 10


@pytest.mark.parametrize("bad", ["", "1C", "KX", "TEN", "QQ"])
def test_bad_cards_are_refused(bad):
    with pytest.raises(NotationError):
        parse_card(bad)


def test_deck_must_be_52_distinct_cards():
    deck = " ".join(format_card(c) for c in range(52))
    assert parse_deck(deck) == list(range(52))
    assert parse_deck(deck.replace(" ", ",")) == list(range(52))
    with pytest.raises(NotationError, match="52"):
        parse_deck(deck.rsplit(" ", 1)[0])
    with pytest.raises(NotationError, match="twice"):
        parse_deck(deck.replace("2C", "AC"))


def test_move_notation():
    moves = parse_moves("deal; place 5\nremove 3;pair 1 2;")
    assert moves == [DEAL, Move("place", 5), Move("remove", 3),
                     Move("pair", 1, 2)]
    assert format_moves(moves) == "deal; place 5; remove 3; pair 1 2"
    for bad in ("hop 3", "place", "place 16", "pair 1", "remove x",
                "deal 2"):
        with pytest.raises(NotationError):
            parse_moves(bad)


# -- slots ----------------------------------------------------------------

def test_slot_classes():
    assert rules.slots_for(card("KH")) == (0, 3, 12, 15)
    assert rules.slots_for(card("QH")) == (1, 2, 13, 14)
    assert rules.slots_for(card("JH")) == (4, 7, 8, 11)
    assert rules.slots_for(card("7H")) == tuple(range(16))
    for s in rules.MIDDLE_SLOTS:
        assert rules.SLOT_FACE[s] is None


@pytest.mark.parametrize("face,slots", [("KS", rules.KING_SLOTS),
                                        ("QS", rules.QUEEN_SLOTS),
                                        ("JS", rules.JACK_SLOTS)])
def test_face_cards_only_on_their_slots(face, slots):
    for s in range(16):
        pos = Position(stock=cards("2C"), waste=card(face))
        if s in slots:
            pos.play(Move("place", s))
            assert pos.tableau[s] == card(face)
        else:
            refused(pos, Move("place", s))


def test_number_cards_go_anywhere_empty():
    for s in range(16):
        pos = Position(stock=cards("2C"), waste=card("9D"))
        pos.play(Move("place", s))
        assert pos.tableau[s] == card("9D") and pos.waste is None


# -- phase 1 --------------------------------------------------------------

def test_new_game_and_dealing():
    pos = Position.new_game(full_deck())
    assert pos.phase == 1 and pos.score == 0 and pos.status() == "playing"
    assert pos.legal_moves() == [DEAL]
    pos.play(DEAL)
    assert pos.waste == 0 and len(pos.stock) == 51
    refused(pos, DEAL)                      # the waste holds one card


def test_place_needs_a_waste_card_and_an_empty_slot():
    pos = Position(stock=cards("2C 3C"), tableau=table(
        "AC .. .. .. / .. .. .. .. / .. .. .. .. / .. .. .. .."))
    refused(pos, Move("place", 1))          # nothing on the waste
    pos.play(DEAL)
    refused(pos, Move("place", 0))          # slot taken
    pos.play(Move("place", 1))
    assert pos.phase == 1


def test_no_removal_in_phase_1():
    pos = Position(stock=cards("2C"), tableau=table(
        "TC .. .. .. / .. 4D 6D .. / .. .. .. .. / .. .. .. .."))
    assert pos.phase == 1
    refused(pos, Move("remove", 0))
    refused(pos, Move("pair", 5, 6))


# -- phase 2 --------------------------------------------------------------

FULL = "KC QC QD KD / JC TC 4D JD / JH 6H 5S JS / KH QH 5C KS"


def test_full_tableau_starts_phase_2():
    pos = Position(stock=cards("2C 3C"), tableau=table(FULL.replace(
        "5C", "..")), phase=1)
    pos.play(DEAL)
    pos.play(Move("place", 14))
    assert pos.phase == 2


def test_empty_stock_and_waste_start_phase_2():
    pos = Position(stock=cards("TC"), tableau=table(
        "KC .. .. .. / .. 4D .. .. / .. .. .. .. / .. .. .. .."))
    pos.play(DEAL)
    pos.play(Move("place", 6))
    assert pos.phase == 2 and not pos.is_full()
    pos.play(Move("remove", 6))
    assert pos.score == 1


def test_removals_in_phase_2():
    pos = Position(stock=cards("2C 3C"), tableau=table(FULL))
    assert pos.phase == 2
    assert set(pos.legal_moves()) == {Move("remove", 5), Move("pair", 6, 9),
                                      Move("pair", 10, 14)}
    refused(pos, DEAL)                      # no free slot
    refused(pos, Move("remove", 6))         # not a ten
    refused(pos, Move("pair", 6, 10))       # 4 + 5
    refused(pos, Move("pair", 0, 5))        # a king is never removed
    refused(pos, Move("pair", 10, 10))      # one card twice
    pos.play(Move("pair", 9, 6))
    assert pos.tableau[6] is None and pos.tableau[9] is None
    assert pos.phase == 2 and pos.score == 2
    pos.play(Move("remove", 5))             # still phase 2
    assert pos.score == 3 and set(pos.removed) == set(cards("4D 6H TC"))
    pos.play(DEAL)                          # dealing ends phase 2
    assert pos.phase == 1
    refused(pos, Move("pair", 10, 14))


def test_can_pick_up_only_number_cards_in_phase_2():
    pos = Position(stock=cards("2C"), tableau=table(FULL))
    assert pos.can_pick_up(5) and not pos.can_pick_up(0)
    pos.play(Move("remove", 5))
    assert not pos.can_pick_up(5)
    pos.play(DEAL)
    assert not pos.can_pick_up(6)


# -- end of game ----------------------------------------------------------

def test_won_when_only_face_cards_remain():
    pos = Position(tableau=table(
        "KC QC QD KD / JC 5C 5D JD / JH .. .. JS / KH QH QS KS"))
    assert pos.phase == 2 and pos.status() == "playing"
    pos.play(Move("pair", 5, 6))
    assert pos.is_won() and pos.status() == "won"


def test_face_cards_on_their_slots_with_stock_left_is_not_won():
    pos = Position(stock=cards("5C"), tableau=table(
        "KC QC QD KD / JC .. .. JD / JH .. .. JS / KH QH QS KS"))
    assert not pos.is_won() and pos.legal_moves() == [DEAL]


def test_lost_when_a_face_card_has_no_slot():
    pos = Position(stock=cards("KC 2C"), tableau=table(
        "AC .. .. AD / .. .. .. .. / .. .. .. .. / AH .. .. AS"))
    pos.play(DEAL)
    assert pos.status() == "lost" and pos.legal_moves() == []


def test_lost_in_phase_2_with_nothing_to_remove():
    pos = Position(stock=cards("2C"), tableau=table(
        "KC QC QD KD / JC AC AD JD / JH AH AS JS / KH QH 2D KS"))
    assert pos.phase == 2 and pos.status() == "lost"


# -- properties over random play -----------------------------------------

def test_random_play_keeps_every_card_and_every_rule():
    rng = random.Random(7)
    outcomes = {"won": 0, "lost": 0}
    for _ in range(200):
        deck = full_deck()
        rng.shuffle(deck)
        pos = Position.new_game(deck)
        while pos.status() == "playing":
            legal = pos.legal_moves()
            for m in legal:
                assert pos.is_legal(m)
            pos.play(rng.choice(legal))
            assert sorted(pos.cards()) == list(range(52))
            assert pos.score == len(pos.removed) <= 40
            for s, c in enumerate(pos.tableau):
                assert c is None or rules.slot_accepts(s, c)
            if pos.is_full():
                assert pos.phase == 2
        outcomes[pos.status()] += 1
    assert outcomes["lost"] > 0


def test_replay_stops_at_the_first_illegal_move():
    deck = full_deck()
    pos, failed, error = rules.replay(deck, parse_moves(
        "deal; place 5; place 6; deal"))
    assert failed == 2 and "place 6" in error
    assert pos.tableau[5] == deck[0] and len(pos.stock) == 51

# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's rules model and notation, rule by rule (no PySolFC needed).

The rules are pysolfc_camelot/plot/RULES.md; each test names the rule it
checks.  Positions are built by hand with ``P(...)`` so that a test shows
exactly the cards it is about.
"""
import random
import re
from collections import Counter

import pytest

from pysolfc_camelot.core.cards import NotationError, format_card
from pysolfc_camelot.plot import notation, rules
from pysolfc_camelot.plot.notation import (format_deck, format_moves,
                                           parse_deck, parse_move,
                                           parse_moves, parse_pile)
from pysolfc_camelot.plot.rules import (DEAL, FOUNDATIONS, MOVES, PILES,
                                        TABLEAU, IllegalMove, Move, Position,
                                        replay)

from helpers import P, c, cs, greedy_line, hand_built_win, up

SUITS = "CDHS"


def M(text):
    return parse_move(text)


def refused(pos, move, words):
    """``move`` is refused with a reason containing ``words``, is not
    listed as legal, and changes nothing."""
    move = M(move) if isinstance(move, str) else move
    before = pos.copy()
    key = pos.key()
    reason = pos.why_illegal(move)
    assert reason is not None and words in reason, reason
    assert not pos.is_legal(move)
    with pytest.raises(IllegalMove, match=re.escape(words)) as e:
        pos.play(move)
    assert str(e.value).startswith(str(move) + ": ")
    with pytest.raises(IllegalMove):
        pos.after(move)
    assert pos == before and pos.key() == key, "an illegal move changed it"
    assert move not in pos.legal_moves(include_stock=True)


def allowed(pos, move):
    """``move`` is legal and listed; returns the position after it."""
    move = M(move) if isinstance(move, str) else move
    assert pos.why_illegal(move) is None, pos.why_illegal(move)
    assert move in pos.legal_moves(include_stock=True)
    before = pos.copy()
    after = pos.after(move)
    assert pos == before, "after() changed the position it was asked on"
    pos.play(move)
    assert pos == after
    return pos


def shuffled_deck(rng):
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    return deck


# 12 cards after F0 = AC: the restriction lifts once they are all banked.
F0_FULL = up(1, 13, "C")


# -- the deal ---------------------------------------------------------------

def test_deal_order_from_a_deck():
    deck = shuffled_deck(random.Random(1))
    p = Position.new_game(deck)
    assert p.reserve == tuple(deck[:13])
    assert p.top("reserve") == deck[12]
    assert p.foundations == ((deck[13],),) + ((),) * 7
    assert p.base == deck[13] // 4 + 1
    assert p.tableau == tuple((x,) for x in deck[14:26])
    assert p.stock == tuple(deck[26:]) and len(p.stock) == 78
    assert p.waste == ()
    assert sorted(p.cards()) == sorted(deck) and len(p.cards()) == 104
    assert p.score == 1 and p.restricted
    p.play(DEAL)
    assert p.waste == (deck[26],) and p.stock == tuple(deck[27:])


def test_new_game_wants_each_card_twice():
    deck = list(range(52)) * 2
    with pytest.raises(ValueError, match="104"):
        Position.new_game(deck[:-1])
    deck[0] = deck[1]
    with pytest.raises(ValueError, match="twice"):
        Position.new_game(deck)


def test_positions_that_cannot_occur_are_refused():
    with pytest.raises(ValueError, match="more than twice"):
        P(reserve="7H 7H", waste="7H", found=["2C"])
    with pytest.raises(ValueError, match="built up"):
        P(found=["2C 4C"])
    with pytest.raises(ValueError, match="built down"):
        P(found=["2C"], tab=["9C 9D"])
    with pytest.raises(ValueError, match="stands alone"):
        P(found=["2C"], tab=["3C 2D"])
    with pytest.raises(ValueError, match="base rank"):
        Position()
    with pytest.raises(ValueError, match="12 tableau"):
        Position(foundations=[[c("2C")]] + [[]] * 7, tableau=[[]] * 11)


# -- deal -------------------------------------------------------------------

def test_deal_any_moment_while_the_stock_lasts():
    p = P(found=["5C"], stock="9H 3D", waste="KS", tab=["8C"])
    allowed(p, "deal")
    assert p.waste == tuple(cs("KS 9H")) and p.stock == (c("3D"),)
    allowed(p, "DEAL")
    assert p.waste == tuple(cs("KS 9H 3D")) and p.stock == ()
    refused(p, "deal", "the stock is empty")
    assert str(DEAL) == "deal" and DEAL.is_deal and not DEAL.is_shorthand


# -- foundations ------------------------------------------------------------

def test_f0_builds_up_by_one_from_any_source_suit_ignored():
    p = P(found=["7C"], waste="8H", reserve="9S", tab=["JD TD", "TS"],
          base=7)
    refused(p, "reserve>F0", "F0 takes an 8 next, not 9S")
    refused(p, "T0>F0", "takes an 8 next")
    allowed(p, "waste>F0")
    allowed(p, "reserve>F0")
    allowed(p, "T0>F0")
    allowed(p, "T0>F0")
    assert [format_card(x) for x in p.foundations[0]] == \
        ["7C", "8H", "9S", "TD", "JD"]
    refused(p, "T1>F0", "F0 takes a Q next, not TS")


def test_foundation_goes_round_the_corner():
    # Base jack: J Q K A 2 ... T.
    p = P(found=["JC QC KC"], waste="AH", stock="2D 3S")
    allowed(p, "waste>F0")
    allowed(p, "stock>F0")
    allowed(p, "deal")
    allowed(p, "waste>F0")
    assert [x // 4 + 1 for x in p.foundations[0]] == [11, 12, 13, 1, 2, 3]


def test_full_foundation_takes_nothing():
    full = up(9, 13)                        # 9 .. 8
    p = P(found=[full, up(9, 13, "D")], waste="9H", tab=["9S"], base=9)
    refused(p, "waste>F0", "F0 is full")
    refused(p, "waste>F1", "F1 is full")
    allowed(p, "waste>F2")
    assert p.next_rank(0) is None and p.next_rank(2) == 10


def test_restriction_closes_f1_to_f7_for_starting_and_building():
    # F0 has 12 cards: a base-rank card may still not start F1..F7.
    p = P(found=[up(1, 12)], waste="AH", reserve="AS", tab=["AD"], base=1)
    assert p.restricted
    for f in FOUNDATIONS[1:]:
        refused(p, "waste>%s" % f, "%s is closed" % f)
        refused(p, "reserve>%s" % f, "F1..F7 take no card until F0 holds")
        refused(p, "T0>%s" % f, "closed")
        assert p.next_rank(int(f[1])) is None
    assert p.next_rank(0) == 13
    assert not any(m.dst in FOUNDATIONS[1:] for m in p.legal_moves(True))


def test_after_the_restriction_f1_to_f7_open():
    p = P(found=[F0_FULL], waste="2H AH", reserve="AS", tab=["AD", "3D"],
          base=1)
    assert not p.restricted
    refused(p, "T1>F1", "F1 takes an A next, not 3D")
    # Each empty foundation is its own (equivalent) legal move.
    assert [str(m) for m in p.legal_moves()
            if m.src == "waste" and m.dst in FOUNDATIONS] == \
        ["waste>F%d" % i for i in range(1, 8)]
    allowed(p, "waste>F3")
    refused(p, "waste>F4", "F4 takes an A next, not 2H")
    allowed(p, "waste>F3")                  # 2H builds F3
    allowed(p, "reserve>F1")
    allowed(p, "T0>F7")
    assert [len(f) for f in p.foundations] == [13, 1, 0, 2, 0, 0, 0, 1]
    allowed(p, "T1>F3")
    assert p.score == 13 + 1 + 3 + 1


def test_all_seven_foundations_build_at_the_same_time():
    # F1..F7 hold A..2 .. A..8; T0..T6 hold the next card for each.  The
    # suits keep every card at most twice.
    suits = "DDHHSSC"
    found = [F0_FULL] + [up(1, i + 1, suits[i - 1]) for i in range(1, 8)]
    tab = [up(i + 2, 1, suits[i - 1]) for i in range(1, 8)]
    p = P(found=found, base=1, tab=tab)
    moves = [str(m) for m in p.legal_moves() if m.dst in FOUNDATIONS]
    assert moves == ["T%d>F%d" % (i, i + 1) for i in range(7)]
    for m in moves:
        allowed(p, m)


def test_foundation_cards_never_move():
    p = P(found=["3C 4C"], tab=["5D", ()])
    refused(p, "F0>T1", "cards on the foundations never move")
    refused(p, "F0>F1", "never move")
    refused(p, "F1>T0", "never move")


# -- tableau ----------------------------------------------------------------

def test_building_down_by_one_suit_ignored():
    p = P(found=["2C"], waste="7H", tab=["8S", "6D", "9C", "7S"])
    refused(p, "T0>T1", "8S does not go onto 6D")       # up, not down
    allowed(p, "waste>T0")                  # 7H on 8S
    refused(p, "T3>T0", "7S does not go onto 7H")       # same rank
    refused(p, "T0>T2", "7H does not go onto 9C")       # down by two
    allowed(p, "T1>T3")                     # 6D on 7S
    assert p.tableau[:4] == (tuple(cs("8S 7H")), (), (c("9C"),),
                             tuple(cs("7S 6D")))
    refused(p, "T3>T3", "cannot move onto its own pile")


def test_tableau_goes_round_the_corner():
    # K on A and A on 2 (base 7 so none of them is of the base rank).
    p = P(found=["7C"], waste="KH", tab=["AS", "2D", "AC"])
    allowed(p, "waste>T0")
    allowed(p, "T2>T1")
    refused(p, "T1>T0", "AC does not go onto KH")
    assert p.tableau[:3] == (tuple(cs("AS KH")), tuple(cs("2D AC")), ())
    q = P(found=["7C"], waste="QH", tab=["AS"])
    refused(q, "waste>T0", "QH does not go onto AS")


def test_reserve_plays_only_to_foundations():
    p = P(found=["7C"], reserve="8D 5S", tab=["6H", ()])
    refused(p, "reserve>T0", "the reserve plays only to the foundations")
    refused(p, "reserve>T1", "reserve plays only")
    refused(P(found=[F0_FULL], reserve="5S", tab=[()], base=1),
            "reserve>T0", "reserve plays only")
    refused(p, "reserve>F0", "F0 takes an 8 next, not 5S")


def test_base_rank_cards_stand_alone_during_and_after_the_restriction():
    for found in (["5C"], [up(5, 13)]):
        # base 5: a 5 never goes onto a 6, nothing goes onto a 5.
        p = P(found=found, waste="5H", tab=["6D", "5S", "4C", "5D", "6C"],
              base=5)
        refused(p, "waste>T0", "5H is of the base rank: it is never placed")
        refused(p, "T1>T0", "5S is of the base rank")
        refused(p, "T1>T4", "never placed onto a tableau card")
        refused(p, "T2>T1", "the top of T1, 5S, is of the base rank")
        refused(p, "T2>T3", "nothing is placed onto it")
        assert all(m.dst not in ("T1", "T3") for m in p.legal_moves(True))


def test_a_base_rank_card_may_still_fill_a_space_and_go_home():
    p = P(found=["5C"], waste="5H", tab=["6D", ()], base=5)
    allowed(p, "waste>T1")
    assert p.tableau[1] == (c("5H"),)
    q = P(found=[up(5, 13)], stock="5H", tab=[(), "6S"], base=5)
    allowed(q, "stock>T0")
    allowed(q, "T0>F1")


def test_spaces_are_filled_only_from_waste_or_stock():
    p = P(found=["5C"], waste="5H", reserve="5S", stock="5D",
          tab=["5C", ()], base=5)
    refused(p, "T0>T1", "T1 is a space: spaces are filled only from the "
                        "waste or the stock")
    refused(p, "reserve>T1", "the reserve plays only to the foundations")
    q = p.copy()
    allowed(p, "waste>T1")
    allowed(q, "stock>T1")


def test_during_the_restriction_a_space_takes_only_the_base_rank():
    p = P(found=["5C"], waste="9H", stock="4D 5D", tab=["9C", ()], base=5)
    refused(p, "waste>T1", "only a base-rank card (5) may fill it")
    refused(p, "stock>T1", "after the deal, T1 is a space and F0 holds "
                           "fewer than 13")
    allowed(p, "deal")
    refused(p, "waste>T1", "only a base-rank card")
    allowed(p, "stock>T1")                  # 5D
    assert p.tableau[1] == (c("5D"),)


def test_after_the_restriction_a_space_takes_any_card():
    p = P(found=[F0_FULL], waste="9H", stock="QD", tab=["9C", ()], base=1)
    q = p.copy()
    allowed(p, "waste>T1")
    allowed(q, "stock>T1")
    assert q.tableau[1] == (c("QD"),) and q.waste == (c("9H"),)
    r = P(found=[F0_FULL], tab=["9C", (), "TS"], base=1)
    refused(r, "T0>T1", "spaces are filled only from the waste")


def test_filling_a_space_is_optional():
    p = P(found=["5C"], waste="5H", stock="KD", tab=[()], base=5)
    allowed(p, "deal")                      # the space may wait
    assert p.tableau[0] == () and p.waste == tuple(cs("5H KD"))


def test_nothing_goes_onto_reserve_stock_or_waste():
    p = P(found=["7C"], waste="8H", reserve="8S", stock="3D",
          tab=["8D"])
    for src in ("waste", "reserve", "T0", "stock"):
        for dst in ("reserve", "stock"):
            refused(p, "%s>%s" % (src, dst),
                    "nothing is ever put on the %s" % dst)
    for src in ("reserve", "T0"):
        refused(p, "%s>waste" % src, "nothing is ever put on the waste")
    refused(p, "waste>waste", "nothing is ever put on the waste")


def test_empty_sources_are_refused():
    p = P(found=["7C"], tab=[(), "8H"])
    refused(p, "waste>F0", "the waste is empty")
    refused(p, "reserve>F0", "the reserve is empty")
    refused(p, "T0>T1", "T0 is empty")
    refused(p, "stock>T0", "the stock is empty")


def test_not_a_move():
    p = P(found=["7C"])
    for bad in (("waste", "F9"), ("nowhere", "F0"), None, 3, ("a",)):
        assert p.why_illegal(bad).startswith("not a move")
        with pytest.raises(IllegalMove):
            p.play(bad)


# -- straight from the stock ------------------------------------------------

def test_stock_shorthand_is_deal_then_waste_move():
    p = P(found=["7C"], stock="8D 3S", waste="KH", tab=["9S"])
    q = p.copy()
    allowed(p, "stock>F0")
    q.play(DEAL)
    q.play(M("waste>F0"))
    assert p == q and p.waste == (c("KH"),)
    assert not DEAL.is_shorthand and M("stock>F0").is_shorthand


def test_stock_shorthand_both_or_neither():
    p = P(found=["7C"], stock="3S 8D", waste="KH", tab=["9S", ()])
    for move, words in (("stock>F0", "after the deal, F0 takes an 8 next, "
                                     "not 3S"),
                        ("stock>T0", "after the deal, 3S does not go "
                                     "onto 9S"),
                        ("stock>T1", "after the deal, T1 is a space"),
                        ("stock>F1", "after the deal, F1 is closed")):
        refused(p, move, words)
        assert p.stock == tuple(cs("3S 8D")) and p.waste == (c("KH"),)
    assert p.legal_moves(include_stock=True) == [DEAL]


def test_stock_waste_is_a_deal():
    assert parse_move("stock>waste") == DEAL
    assert str(parse_move("Stock > Waste")) == "deal"


# -- listing legal moves ----------------------------------------------------

def test_legal_moves_fixed_order():
    p = P(found=[F0_FULL, "AD"], base=1, stock="2S 4H", waste="2H",
          reserve="3C 2D", tab=["3S", (), "4D", "KD", "AH", "3H", "7S",
                                "9S", "JS", "7H", "9H", "JH"])
    assert [str(m) for m in p.legal_moves()] == [
        "deal",
        "waste>F1", "waste>T0", "waste>T1", "waste>T5",
        "reserve>F1",
        "T0>T2",
        "T4>F2", "T4>F3", "T4>F4", "T4>F5", "T4>F6", "T4>F7",
        "T5>T2",
    ]
    # Shorthands only on request, after the rest.
    assert [str(m) for m in p.legal_moves(include_stock=True)] == \
        [str(m) for m in p.legal_moves()] + [
            "stock>F1", "stock>T0", "stock>T1", "stock>T5"]


def test_legal_moves_agree_with_why_illegal_in_the_fixed_order():
    # MOVES lists every move with a meaning, in the listing order.
    assert MOVES[0] == DEAL and len(MOVES) == len(set(MOVES)) == 1 + 14 * 20 \
        + 20
    rng = random.Random(7)
    seen = Counter()
    for _ in range(30):
        p = Position.new_game(shuffled_deck(rng))
        for _ in range(150):
            listed = p.legal_moves(include_stock=True)
            assert listed == [m for m in MOVES if p.is_legal(m)]
            plain = p.legal_moves()
            assert plain == [m for m in listed if not m.is_shorthand]
            seen["restricted" if p.restricted else "open"] += 1
            if not listed:
                break
            # Mostly bank when possible, so games get past the restriction.
            banks = [m for m in listed if m.dst in FOUNDATIONS]
            p.play(rng.choice(banks if banks and rng.random() < 0.8
                              else listed))
    assert seen["open"] > 300 and seen["restricted"] > 300, seen


# -- end of game ------------------------------------------------------------

def test_won():
    found = [up(4, 13, SUITS[i % 4]) for i in range(8)]
    p = P(found=found, base=4)
    assert p.is_won() and p.status() == "won" and p.score == 104
    assert p.legal_moves(include_stock=True) == []


def test_lost_only_when_the_stock_is_empty_and_nothing_moves():
    # Base 7, F0 needs an 8; nothing fits anywhere, no space; nor after
    # the 8 when a stock card is left.
    tab = ["JC", "JD", "KH", "KS", "2S", "2C", "4C", "4D", "7D", "7H", "JH",
           "KC"]
    p = P(found=["7C"], reserve="3H", waste="5S", tab=tab, base=7)
    assert p.legal_moves(include_stock=True) == []
    assert p.status() == "lost" and not p.has_legal_move()
    # One card in the stock: still playing.
    q = P(found=["7C"], reserve="3H", waste="5S", stock="8C", tab=tab)
    assert q.legal_moves(include_stock=True) == [DEAL, M("stock>F0")]
    assert q.status() == "playing"
    q.play(DEAL)
    assert q.status() == "playing"           # 8C to F0
    q.play(M("waste>F0"))
    assert q.status() == "lost"


def test_a_back_and_forth_is_still_playing():
    # Stock empty, no card can ever reach F0, but JD can go between T0 and
    # T1 for ever: the command line says "playing", not "lost".
    tab = ["QC JD", "QH", "2S", "2C", "4C", "4D", "7D", "7H", "9C", "9D",
           "2D", "4H"]
    p = P(found=["7C"], reserve="3H", waste="5S", tab=tab, base=7)
    assert [str(m) for m in p.legal_moves()] == ["T0>T1"]
    assert p.status() == "playing"
    p.play(M("T0>T1"))
    assert [str(m) for m in p.legal_moves()] == ["T1>T0"]


# -- whole games --------------------------------------------------------------

def test_a_hand_built_deck_is_won_by_replay():
    deck_text, moves_text = hand_built_win()
    deck = parse_deck(deck_text)
    moves = parse_moves(moves_text)
    pos, failed_at, error = replay(deck, moves)
    assert (failed_at, error) == (None, None)
    assert pos.is_won() and pos.status() == "won" and pos.score == 104
    assert pos.stock == pos.waste == pos.reserve == ()
    assert sorted(pos.cards()) == sorted(deck)


def test_random_deals_won_and_lost_by_replay():
    rng = random.Random(2026)
    won = lost = 0
    for _ in range(30):
        deck = shuffled_deck(rng)
        end, line = greedy_line(deck)
        text = format_moves(line)
        pos, failed_at, error = replay(parse_deck(format_deck(deck)),
                                       parse_moves(text))
        assert failed_at is None and error is None
        assert pos == end
        # The greedy player stops with only tableau moves left, so a game
        # it does not win may still be "playing".
        won += pos.status() == "won"
        lost += pos.status() != "won"
    assert won >= 10 and lost >= 1, (won, lost)


def test_replay_stops_at_the_first_illegal_move():
    deck_text, _ = hand_built_win()
    deck = parse_deck(deck_text)
    moves = parse_moves("T0>F0; T0>F0; T1>F0; deal")
    pos, failed_at, error = replay(deck, moves)
    assert failed_at == 1
    assert error == "T0>F0: T0 is empty"
    expected = Position.new_game(deck)
    expected.play(M("T0>F0"))
    assert pos == expected


def test_cards_are_conserved_over_random_legal_and_illegal_moves():
    rng = random.Random(104)
    refusals = plays = 0
    for game in range(12):
        deck = shuffled_deck(rng)
        count = Counter(deck)
        p = Position.new_game(deck)
        for _ in range(400):
            if rng.random() < 0.4:
                move = rng.choice(MOVES)
            else:
                legal = p.legal_moves(include_stock=rng.random() < 0.5)
                if not legal:
                    break
                # Banking and dealing first now and then, so games get far.
                good = [m for m in legal if m.dst in FOUNDATIONS]
                move = rng.choice(good if good and rng.random() < 0.5
                                  else legal)
            before = p.copy()
            reason = p.why_illegal(move)
            if reason is None:
                quick = p.after(move, check=False)
                p.play(move)
                assert p == quick
                plays += 1
            else:
                with pytest.raises(IllegalMove):
                    p.play(move)
                assert p == before
                refusals += 1
            cards = p.cards()
            assert len(cards) == 104 and Counter(cards) == count
            # The position is still one the rules can reach in shape.
            Position(p.reserve, p.foundations, p.tableau, p.stock, p.waste,
                     p.base)
    assert plays > 2000 and refusals > 1000, (plays, refusals)


def test_copy_eq_hash_and_repr():
    p = Position.new_game(shuffled_deck(random.Random(3)))
    q = p.copy()
    assert p == q and hash(p) == hash(q) and len({p, q}) == 1
    q.play(DEAL)
    assert p != q and p.stock != q.stock and p.waste == ()
    text = repr(p)
    assert text.startswith("<Position") and "reserve (13, top last)" in text
    assert "T11" in text and "stock (78)" in text and "score 1/104" in text
    assert p != "not a position"


# -- notation ---------------------------------------------------------------

def test_pile_names():
    assert PILES == ("stock", "waste", "reserve") + tuple(
        "F%d" % i for i in range(8)) + tuple("T%d" % i for i in range(12))
    assert TABLEAU[11] == "T11"
    assert parse_pile(" t11 ") == "T11" and parse_pile("RESERVE") == "reserve"
    for bad in ("T12", "F8", "tableau", "", "T", "f-1"):
        with pytest.raises(NotationError, match="unknown pile"):
            parse_pile(bad)


def test_move_notation_round_trip():
    for m in MOVES:
        assert parse_move(str(m)) == m
        assert isinstance(m, tuple) and m == Move(m.src, m.dst)
    assert str(Move("waste", "F3")) == "waste>F3"
    assert str(Move("T2", "T5")) == "T2>T5"
    assert str(Move("stock", "T7")) == "stock>T7"


def test_move_lists_ignore_case_and_blanks():
    moves = parse_moves(" Deal ;waste > f3\nT2>T5;; \n STOCK>t7 ;t 1 1>F 0")
    assert moves == [DEAL, Move("waste", "F3"), Move("T2", "T5"),
                     Move("stock", "T7"), Move("T11", "F0")]
    assert format_moves(moves) == \
        "deal; waste>F3; T2>T5; stock>T7; T11>F0"
    assert parse_moves("") == [] and parse_moves(" ;\n; ") == []


@pytest.mark.parametrize("bad, words", [
    ("fly", "not a move"),
    ("deal 2", "not a move"),
    ("waste>", "not a move"),
    (">F3", "not a move"),
    ("waste>F3>T1", "not a move"),
    ("waste>F8", "unknown pile 'F8'"),
    ("T12>T1", "unknown pile 'T12'"),
    ("pile>T1", "unknown pile"),
])
def test_bad_moves_are_refused_by_the_parser(bad, words):
    with pytest.raises(NotationError, match=words):
        parse_moves("deal; %s; deal" % bad)


def test_deck_notation():
    deck = list(range(52)) * 2
    text = format_deck(deck)
    assert text.split()[:3] == ["AC", "AD", "AH"] and len(text.split()) == 104
    assert parse_deck(text) == deck
    assert parse_deck(text.replace(" ", ",")) == deck
    assert parse_deck(" " + text.replace(" ", " ,\n ").lower() + " ") == deck
    assert parse_deck(text.replace("TD", "10D")) == deck


def test_deck_errors_name_the_cards():
    deck = format_deck(list(range(52)) * 2).split()
    with pytest.raises(NotationError,
                       match=r"104 cards .*got 103 \(once: KS\)"):
        parse_deck(" ".join(deck[:-1]))
    with pytest.raises(NotationError, match=r"got 52 \(once: AC AD .* and "
                                            r"40 more\)"):
        parse_deck(" ".join(deck[:52]))
    with pytest.raises(NotationError, match=r"got 105 \(3 times: 7H\)"):
        parse_deck(" ".join(deck + ["7H"]))
    swapped = [("7H" if w == "8C" else w) for w in deck]
    with pytest.raises(NotationError,
                       match=r"exactly twice .*\(missing: 8C; 4 times: 7H\)"):
        parse_deck(" ".join(swapped))
    with pytest.raises(NotationError, match="not a card: 'XX'"):
        parse_deck(" ".join(deck[:-1] + ["XX"]))


def test_notation_and_rules_share_move_and_piles():
    assert rules.Move is notation.Move and rules.DEAL is notation.DEAL
    assert rules.PILES is notation.PILES

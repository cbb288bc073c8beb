# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's hints: the fair hint (what a player sees), the greedy baseline
and play_policy (no PySolFC needed)."""
import random

import pytest

from pysolfc_camelot.plot import hints, perfect
from pysolfc_camelot.plot.rules import DEAL, Move, Position

from helpers import P, random_deck


def sorted_deck(base=7):
    """A deal every sensible player wins: the reserve holds F0's next
    twelve cards in order (the next one on top) above one other card, and
    the tableau and stock hold the rest by rank, the base rank first."""
    rank = lambda card: card // 4 + 1                  # noqa: E731
    off = lambda card: (rank(card) - base) % 13        # noqa: E731
    cards = sorted(list(range(52)) * 2, key=lambda x: (off(x), x))
    f0 = cards.pop(0)                                  # a base-rank card
    chain = []
    for k in range(1, 13):
        card = next(x for x in cards if off(x) == k)
        cards.remove(card)
        chain.append(card)
    bottom = cards.pop()                               # one more card, below
    reserve = [bottom] + chain[::-1]                   # chain[0] on top
    return reserve + [f0] + cards


def positions_of_games(n_games=6, policy=hints.fair_move):
    """Positions met while playing a few random deals with ``policy``."""
    out = []
    for seed in range(n_games):
        pos = Position.new_game(random_deck(seed))
        while True:
            out.append(pos)
            m = policy(pos)
            if m is None:
                break
            pos = pos.after(m)
    return out


@pytest.fixture(scope="module")
def positions():
    return positions_of_games()


def test_hint_is_legal_and_deterministic(positions):
    for pos in positions[::3]:
        m = hints.fair_move(pos)
        if m is None:
            assert not pos.stock
            continue
        assert pos.is_legal(m), (m, pos)
        assert not m.is_shorthand
        assert hints.fair_move(pos.copy()) == m


def test_hint_never_reads_the_stock_order_nor_below_the_reserve_top(
        positions):
    rng = random.Random(5)
    for pos in positions[::5]:
        m = hints.fair_move(pos)
        for _ in range(3):
            stock = list(pos.stock)
            rng.shuffle(stock)
            below = list(pos.reserve[:-1])
            rng.shuffle(below)
            other = Position(reserve=below + list(pos.reserve[-1:]),
                             foundations=pos.foundations,
                             tableau=pos.tableau, stock=stock,
                             waste=pos.waste, base=pos.base)
            assert hints.fair_move(other) == m


def test_hidden_cards_swapped_between_stock_and_reserve():
    """Which hidden cards lie in the stock and which below the reserve top
    is not visible either: swapping them changes no hint."""
    pos = Position.new_game(random_deck(3))
    for _ in range(5):
        pos = pos.after(DEAL)
    hidden = list(pos.reserve[:-1]) + list(pos.stock)
    random.Random(1).shuffle(hidden)
    k = len(pos.reserve) - 1
    other = Position(reserve=hidden[:k] + [pos.reserve[-1]],
                     foundations=pos.foundations, tableau=pos.tableau,
                     stock=hidden[k:], waste=pos.waste, base=pos.base)
    assert hints.fair_move(other) == hints.fair_move(pos)


def test_hint_wins_a_constructed_deal():
    won, moves = hints.play_policy(sorted_deck(), "hint")
    assert won
    pos = Position.new_game(sorted_deck())
    for m in moves:
        pos.play(m)
    assert pos.is_won() and pos.status() == "won"


def test_hint_games_never_loop(positions):
    """No position comes back in a game played with hints (the decks of
    the games differ, so no key repeats across them either)."""
    keys = [pos.key() for pos in positions]
    assert len(set(keys)) == len(keys)


def test_play_policy_ends_and_replays():
    for seed in range(3):
        deck = random_deck(100 + seed)
        for policy in ("hint", "greedy", hints.greedy_move):
            won, moves = hints.play_policy(deck, policy)
            assert len(moves) < 2000
            pos = Position.new_game(deck)
            for m in moves:
                pos.play(m)
            assert pos.is_won() == won
            if not won:
                # The policy stopped: nothing useful is left, the stock is
                # used up.
                assert not pos.stock


def test_hint_banks_the_reserve_first_and_finishes_f0():
    # Base 7; F0 needs 9; the reserve top and a tableau card are both 9s.
    pos = P(reserve="2C 9C", found=["7C 8C"], tab=["9D", "KS"],
            stock="3H", base=7)
    assert hints.fair_move(pos) == Move("reserve", "F0")


def test_hint_prefers_banking_to_dealing():
    pos = P(reserve="2C", found=["7C 8C"], tab=["KS", "9D"], stock="3H",
            base=7)
    assert hints.fair_move(pos) == Move("T1", "F0")


def test_hint_deals_when_nothing_else_helps():
    pos = P(reserve="2C", found=["7C 8C"], tab=["KS", "5D"], stock="3H",
            base=7)
    assert hints.fair_move(pos) == DEAL


def test_hint_puts_a_base_card_from_the_waste_into_a_space():
    pos = P(reserve="2C", found=["7C 8C"], tab=["KS", ""], stock="3H",
            waste="7D", base=7)
    assert hints.fair_move(pos) == Move("waste", "T1")


def test_hint_shuffles_no_cards_between_piles():
    # 5D could go onto 6S and back for ever: no hint suggests it.
    pos = P(reserve="2C", found=["7C 8C"], tab=["6C 5D", "6S"], stock="",
            base=7)
    assert hints.fair_move(pos) is None
    pos = P(reserve="2C", found=["7C 8C"], tab=["6C 5D", "6S"],
            stock="3H", base=7)
    assert hints.fair_move(pos) == DEAL


def test_greedy_baseline():
    pos = P(reserve="9C", found=["7C 8C"], tab=["9D", "KS"], waste="QD",
            stock="3H", base=7)
    assert hints.greedy_move(pos) == Move("reserve", "F0")
    pos = P(reserve="2C", found=["7C 8C"], tab=["9D", "KS"], waste="QD",
            stock="3H", base=7)
    assert hints.greedy_move(pos) == Move("T0", "F0")
    pos = P(reserve="2C", found=["7C 8C 9C"], tab=["5D", "KS"],
            waste="QD", stock="3H", base=7)
    assert hints.greedy_move(pos) == Move("waste", "T1")
    pos = P(reserve="2C", found=["7C 8C 9C"], tab=["5D", "KS"],
            waste="2D", stock="3H", base=7)
    assert hints.greedy_move(pos) == DEAL
    pos = P(reserve="2C", found=["7C 8C 9C"], tab=["5D", "KS"],
            waste="2D", base=7)
    assert hints.greedy_move(pos) is None


def test_hint_is_fast(positions):
    import time
    times = []
    for pos in positions[::4]:
        t0 = time.perf_counter()
        hints.fair_move(pos)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.05
    assert times[-1] < 1.0


def test_perfect_move_thinks_long_once_per_deal_it_cannot_win(monkeypatch):
    """After a search of a deal found no win, the later positions of that
    deal get only retry_seconds; another deal gets the full budget again,
    and a winning line is followed without any search."""
    from pysolfc_camelot.core.perfect_hint import LineCache
    from pysolfc_camelot.plot import solver
    budgets = []

    def no_win(position, budget=None, **kw):
        budgets.append(budget.seconds)
        return solver.SolveResult(None, None, 0, 0.0)
    monkeypatch.setattr(solver, "solve", no_win)
    monkeypatch.setattr(perfect, "_no_win", None)
    monkeypatch.setattr(perfect, "_line", LineCache())
    pos = Position.new_game(random_deck(1))
    for _ in range(6):
        move = perfect.perfect_move(pos, 10.0, retry_seconds=0.2)
        assert move == hints.fair_move(pos)
        pos = pos.after(move)
    assert budgets == [10.0] + [0.2] * 5
    other = Position.new_game(random_deck(2))
    perfect.perfect_move(other, 10.0, retry_seconds=0.2)
    assert budgets[-1] == 10.0
    # Without retry_seconds (a player's hint) the budget is the budget.
    perfect.perfect_move(other.after(hints.fair_move(other)), 0.2)
    assert budgets[-1] == 0.2
    monkeypatch.undo()
    # A deal the solver wins: one search, then the line is followed.
    budgets.clear()
    pos = Position.new_game(random_deck(3))
    line = solver.solve(pos, budget_seconds=10).moves
    assert line
    for expected in line[:20]:
        assert perfect.perfect_move(pos, 10.0, retry_seconds=0.2) == expected
        pos = pos.after(expected)


def test_same_game_of_perfect_move():
    start = Position.new_game(random_deck(4))
    later = start
    for _ in range(30):
        later = later.after(hints.fair_move(later))
    assert perfect._same_game(later, start)
    assert perfect._same_game(start, start)
    assert not perfect._same_game(start, later)
    assert not perfect._same_game(later, Position.new_game(random_deck(5)))
    assert not perfect._same_game(later, None)

# SPDX-License-Identifier: GPL-3.0-or-later
"""The one budget object (core/budget.py) and both solvers under it: time,
states and a stop request end a search with winnable None and say why;
the clock starts once; a part ends no later than its parent and counts
its states there; the old keywords still work."""
import time

import pytest

from pysolfc_camelot import games
from pysolfc_camelot.core.budget import SECONDS, STATES, STOPPED, Budget

from helpers import REPO

# A Camelot deal that takes thousands of states (tests/test_solver.py) and
# a slow deal of The Plot (bench/plot-deals-1000.txt, line 115).
CAMELOT_DECK = (
    "9S 3C TH 3D TC 3S KH TD 4D 4C KC 9H 2H 8H 4H 8D AC 6S 7D 8S 5D 2D"
    " 9C JD 9D KS AD 2C JS 5S QH 4S 8C 6D 5H QC 7C 7H QS TS AS JC JH 5C"
    " 6H 7S 6C QD AH KD 2S 3H")


def start(game):
    g = games.Game(game)
    if game == "camelot":
        text = CAMELOT_DECK
    else:
        text = (REPO / "bench" / "plot-deals-1000.txt").read_text() \
            .splitlines()[114]
    return g, g.new_game(g.parse_deck(text))


def test_of_takes_a_budget_or_the_old_keywords():
    b = Budget(2, 10)
    assert Budget.of(b) is b
    assert Budget.of(1.5).seconds == 1.5
    made = Budget.of(None, None, 7, print)
    assert (made.seconds, made.states, made.should_stop) == (None, 7, print)
    with pytest.raises(TypeError):
        Budget.of(b, seconds=1)
    with pytest.raises(TypeError):
        Budget.of(1, seconds=1)
    for bad in (-1, float("nan")):
        with pytest.raises(ValueError):
            Budget(bad)
        with pytest.raises(ValueError):
            Budget(states=bad)


def test_the_clock_starts_once_and_says_why_it_ran_out():
    b = Budget(0.5)
    assert b.spent_seconds == 0.0 and not b.out()    # not started: no limit
    b.start()
    first = b.started
    assert b.start().started == first
    assert not b.out() and b.ran_out is None
    time.sleep(0.5)
    assert b.start().started == first
    assert b.out() and b.ran_out == SECONDS and b.spent_seconds >= 0.5
    asked = []
    s = Budget(should_stop=lambda: bool(asked)).start()
    assert not s.out() and not s.stopped
    asked.append(1)
    assert s.out() and s.stopped and s.stop_requested()


def test_a_part_ends_with_its_parent_and_counts_its_states_there():
    parent = Budget(0.5, should_stop=lambda: False)
    part = parent.part(seconds=10, states=5)
    assert parent.started is not None
    assert part.seconds <= 0.5 and part.deadline <= parent.deadline
    assert part.should_stop is parent.should_stop and part.states == 5
    assert parent.part(seconds=0.1).seconds == 0.1
    assert parent.part(should_stop=None).should_stop is None
    part.spend(40)
    parent.part().spend(2)
    assert parent.spent_states == 42 and part.spent_states == 40


@pytest.mark.parametrize("game", games.GAMES)
def test_each_solver_ends_on_states_time_or_a_stop(game):
    g, pos = start(game)
    b = Budget(states=50)
    res = g.solve(pos.copy(), b)
    assert res.winnable is None and res.moves is None
    assert b.ran_out == STATES and b.spent_states == res.states
    b = Budget(should_stop=lambda: True)
    assert g.solve(pos.copy(), b).winnable is None and b.ran_out == STOPPED
    b = Budget(0.02)
    res = g.solve(pos.copy(), b)
    assert res.winnable is None and b.ran_out == SECONDS
    assert 0.02 <= res.seconds < 1
    # started once: a budget whose time went by ends the next search too
    res = g.solve(pos.copy(), b)
    assert res.winnable is None and res.seconds < 0.5
    # the old keywords and a number of seconds as the second argument
    assert g.solve(pos.copy(), budget_states=50).winnable is None
    assert g.solve(pos.copy(), 0.02).winnable is None
    assert g.solve(pos.copy(), should_stop=lambda: True).winnable is None


@pytest.mark.parametrize("game", games.GAMES)
def test_choose_move_takes_the_same_budget_in_both_games(game):
    """choose_move(position, mode, for_demo, budget) in both games: a
    stop request ends a perfect demo's search at once (its own budget is
    seconds) and the move is still a legal one."""
    hint_modes = games.part(game, "hint_modes")
    perfect = games.part(game, "perfect")
    g, pos = start(game)
    perfect._line.clear()
    t0 = time.perf_counter()
    move = hint_modes.choose_move(pos, "perfect", True,
                                  Budget(should_stop=lambda: True))
    assert time.perf_counter() - t0 < 0.5
    assert move in pos.legal_moves()
    assert hint_modes.choose_move(pos, "fair", False, Budget()) \
        in pos.legal_moves()


def test_a_cpu_budget_counts_work_not_waiting():
    """cpu=True: the seconds run on this process's CPU clock, so waiting
    (a busy machine, a sleep) spends none of them; its parts inherit it."""
    import time
    wall, cpu = Budget(0.05).start(), Budget(0.05, cpu=True).start()
    time.sleep(0.1)
    assert wall.out() and wall.ran_out == "seconds"
    assert not cpu.out() and cpu.seconds_left() > 0.04
    part = cpu.part(seconds=0.02)
    assert "cpu=True" in repr(part)
    t0 = time.process_time()
    while not part.out():
        pass                                # burn the part's CPU seconds
    assert part.ran_out == "seconds"
    assert time.process_time() - t0 >= 0.015
    assert not cpu.out()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Hints: the perfect hint follows a winning line, the fair hint never
depends on the order of the stock, the greedy baseline plays legally."""
import random

from pysolfc_camelot.camelot import hints, perfect, rules, solver
from pysolfc_camelot.core.cards import parse_card
from pysolfc_camelot.camelot.rules import Position


def deck(seed):
    rng = random.Random(seed)
    d = list(range(52))
    rng.shuffle(d)
    return d


def winnable_deck(start=0):
    for seed in range(start, start + 50):
        res = solver.solve(Position.new_game(deck(seed)), budget_seconds=2)
        if res.winnable and res.seconds < 0.5:
            return deck(seed), res.moves
    raise AssertionError("no quick winnable deal found")


def choice_positions(n_wanted=6):
    """Positions along winning lines where the player has a real choice
    (several canonically different moves)."""
    out = []
    start = 0
    while len(out) < n_wanted:
        d, line = winnable_deck(start)
        start += 50
        pos = Position.new_game(d)
        for i, m in enumerate(line):
            classes = {hints._canonical_after(pos, x)
                       for x in pos.legal_moves()}
            if len(classes) > 1 and i % 7 == 0 and len(pos.stock) < 30:
                out.append(pos.copy())
            pos.play(m)
    return out[:n_wanted]


def test_perfect_hint_wins_a_winnable_deal():
    d, _ = winnable_deck()
    pos = Position.new_game(d)
    while pos.legal_moves():
        move = perfect.perfect_move(pos, budget_seconds=5)
        assert pos.is_legal(move)
        pos.play(move)
    assert pos.is_won()


def test_perfect_hint_falls_back_when_lost():
    for seed in range(40):
        pos = Position.new_game(deck(seed))
        if solver.solve(pos, budget_seconds=2).winnable is False:
            break
    move = perfect.perfect_move(pos)
    assert move is not None and pos.is_legal(move)


def test_fair_hint_ignores_stock_order():
    rng = random.Random(1)
    for pos in choice_positions(5):
        want = hints.fair_move(pos, budget_seconds=60, samples=6)
        assert pos.is_legal(want)
        for _ in range(3):
            stock = list(pos.stock)
            rng.shuffle(stock)
            other = Position(stock=stock, waste=pos.waste,
                             tableau=pos.tableau, removed=pos.removed,
                             phase=pos.phase)
            assert hints.fair_move(other, budget_seconds=60,
                                   samples=6) == want


def test_fair_hint_is_deterministic_and_legal():
    d, line = winnable_deck(7)
    pos = Position.new_game(d)
    for m in line[:20]:
        pos.play(m)
    a = hints.fair_move(pos, budget_seconds=60, samples=4)
    b = hints.fair_move(pos.copy(), budget_seconds=60, samples=4)
    assert a == b and pos.is_legal(a)


def test_no_move_no_hint():
    # the waste king finds every corner taken: no legal move at all
    cards = "KS QS QC KC JH 7C 9S JS JC AC 2S JD KH QD QH TH".split()
    tableau = [parse_card(c) for c in cards]
    waste, stock = parse_card("KD"), [parse_card("3S"), parse_card("8C")]
    used = set(tableau) | set(stock) | {waste}
    pos = Position(stock=stock, waste=waste, tableau=tableau, phase=1,
                   removed=[c for c in range(52) if c not in used])
    assert pos.legal_moves() == []
    assert hints.greedy_move(pos) is None
    assert hints.heuristic_move(pos) is None
    assert perfect.perfect_move(pos) is None
    assert hints.fair_move(pos) is None


def test_single_choice_is_immediate():
    pos = Position.new_game(deck(0))
    assert hints.fair_move(pos) == rules.DEAL       # the only move


def test_greedy_plays_legally_to_the_end():
    for seed in range(10):
        pos = Position.new_game(deck(seed))
        while True:
            m = hints.greedy_move(pos)
            if m is None:
                break
            assert pos.is_legal(m)
            if m.kind == "place" and not rules.is_face(pos.waste):
                free_middle = [s for s in rules.MIDDLE_SLOTS
                               if pos.tableau[s] is None]
                if free_middle:
                    assert m.a in free_middle
            pos.play(m)
        assert pos.status() != rules.PLAYING


def test_fair_score_ignores_undecided_samples():
    # a move is judged on the samples its solve decided: undecided ones
    # neither help nor hurt (no decided sample at all scores one half)
    share = hints._win_share
    assert share(0, 0) == 0.5
    assert share(3, 3) > share(3, 4) > share(0, 0) > share(1, 4)
    # 2 wins of 2 decided > 5 of 6 decided > 5 of 12 decided
    assert share(2, 2) > share(5, 6) > share(5, 12)


def test_a_hint_search_in_a_thread_stops_when_asked(monkeypatch):
    """A perfect demo move searched in a worker thread (where no search
    process can start) ends soon after its task is cancelled, though the
    demo's own budget is 3 s: the search honours the stop request.
    CAMELOT_TEST_SEARCH_PAUSE paces the solver so that this deal would
    take longer than that budget."""
    import time
    from pysolfc_camelot.camelot import hint_modes, search_worker
    from pysolfc_camelot.core.cards import parse_deck
    from pysolfc_camelot.core.perfect_hint import LineCache
    from pysolfc_camelot.pysol import test_hooks
    from pysolfc_camelot.pysol.background_search import Task
    from host.known_deals import SLOW_CANDIDATES
    monkeypatch.setenv(test_hooks.TEST_SEARCH_PAUSE, "0.02")
    pos = Position.new_game(parse_deck(SLOW_CANDIDATES[0]))
    request = search_worker.position_request(
        pos, kind="hint", mode="perfect", for_demo=True)
    demo_budget = hint_modes.PERFECT_BUDGET["demo"]

    def run(cancel_after=None):
        monkeypatch.setattr(perfect, "_line", LineCache())   # no line kept
        task = Task(lambda should_stop, progress: search_worker.WORKER.answer(
            request, progress, should_stop))
        if cancel_after is not None:
            time.sleep(cancel_after)
            task.cancel()
        while not task.done and task.elapsed() < 30:
            time.sleep(0.01)
        assert task.done and task.error is None
        return task
    full = run()
    assert full.elapsed() >= demo_budget        # its budget ran out
    assert full.result is not None              # the heuristic move
    stopped = run(cancel_after=0.3)
    assert stopped.elapsed() < 0.3 + 0.5 < demo_budget


def test_a_stopped_fair_hint_returns_at_once():
    """The fair hint's sampling and its solves end on a stop request."""
    import time
    from pysolfc_camelot.core.budget import Budget
    pos = Position.new_game(deck(5))
    for _ in range(6):
        pos = pos.after(hints.fair_move(pos))
    t0 = time.perf_counter()
    move = hints.fair_move(pos, budget=Budget(1.0, should_stop=lambda: True))
    assert time.perf_counter() - t0 < 0.05
    assert move in pos.legal_moves()

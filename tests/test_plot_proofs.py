# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot's newer proofs of loss (no PySolFC needed): the timeline of
the waste and the stock (dead_ends.f0_walled) and the keys proved lost
that one solve's searches share (solver._Search).  Each proof: a position
it proves lost, a winnable one it must not call lost, and the frozen
baseline solver (bench/baseline_plot, without them) agreeing."""
import random
import sys

from pysolfc_camelot.cli.solve import random_decks
from pysolfc_camelot.plot import dead_ends, solver
from pysolfc_camelot.plot.notation import parse_deck
from pysolfc_camelot.plot.rules import Position

from helpers import REPO, random_deck

sys.path.insert(0, str(REPO / "bench"))
import baseline_plot                                        # noqa: E402


def _ranks(text):
    return ["A23456789TJQK".index(ch) + 1 for ch in text.split()]


class _Cards:
    """Each rank's eight cards (four suits, twice), handed out in turn."""

    def __init__(self):
        self.left = {r: [(r - 1) * 4 + s for s in range(4)] * 2
                     for r in range(1, 14)}

    def take(self, ranks):
        if isinstance(ranks, str):
            ranks = _ranks(ranks)
        return [self.left[r].pop(0) for r in ranks]

    def rest(self):
        """Every card not handed out, by rank, lowest first."""
        return [c for r in range(1, 14) for c in self.left[r]]


def _three_to_go(stock_head):
    """Base A, F0 holding A..T (it needs J, Q, then K: the restriction),
    seven piles of an ace and five spaces, a 2 on the reserve, an
    empty waste; the stock starts with ``stock_head``, then every other
    card (2..T rising, then the jacks and kings left), 104 in all."""
    cards = _Cards()
    f0 = cards.take("A 2 3 4 5 6 7 8 9 T")
    reserve = cards.take("2")
    tableau = [[x] for x in cards.take("A A A A A A A")] + [[]] * 5
    head = cards.take(stock_head)
    pos = Position(reserve=reserve, foundations=[f0] + [[]] * 7,
                   tableau=tableau, stock=head + cards.rest(), base=1)
    assert len(pos.cards()) == 104
    return pos


# The queens come first, each covered by a king (never parked: nothing
# goes onto an ace, the base rank), and the first jack after all of them:
# F0 takes the jack no sooner than the sixteenth card is dealt, and then
# every queen lies under a king that F0 takes only after a queen.
COVERED = "Q K Q K Q K Q K Q K Q K Q K Q K J"
# The same cards, the jack first: F0 takes J, Q, K as they come.
IN_TIME = "J Q K Q K Q K Q K Q K Q K Q K Q K"


def _old(pos):
    return baseline_plot.Position(pos.reserve, pos.foundations, pos.tableau,
                                  pos.stock, pos.waste, pos.base)


def test_the_waste_timeline_proves_a_covered_rank_lost():
    pos = _three_to_go(COVERED)
    assert dead_ends.f0_walled(pos)
    # None of the older tests sees it: the queens are in the stock, which
    # they take to give a queen whenever F0 needs one.
    reserve_test = dead_ends.ReserveTest(pos.reserve, pos.base)
    assert not dead_ends.f0_stuck(pos) and not dead_ends.frozen(pos)
    assert not reserve_test.lost(pos)
    res = solver.solve(pos)
    assert res.winnable is False and res.states <= 5
    # The frozen baseline, without the test, searches and agrees.
    old = baseline_plot.solve(_old(pos), budget_states=200000)
    assert old.winnable is False and old.states > res.states


def test_the_waste_timeline_leaves_a_winnable_order_alone():
    pos = _three_to_go(IN_TIME)
    assert not dead_ends.f0_walled(pos)
    res = solver.solve(pos, budget_states=200000)
    assert res.winnable is True            # the line replayed by solve


def test_the_waste_timeline_never_fires_on_a_winning_line():
    """Soundness on real deals: along the winning lines of fresh deals
    (seeded), found by the frozen baseline solver (which knows nothing
    of the test), no position is called walled."""
    positions = 0
    for deck in random_decks(12, 20261202, "plot"):
        pos = Position.new_game(deck)
        res = baseline_plot.solve(_old(pos), budget_states=30000)
        if not res.winnable:
            continue
        for m in res.moves:
            assert not dead_ends.f0_walled(pos), pos.describe()
            pos = pos.after(m)
            positions += 1
    assert positions > 1000


# PySolFC's deal 1020 of The Plot: the study (docs/study.md) left it
# undecided at 1000 s.  Base Q: no pile ever shows a 9, a 10 or a jack
# during the restriction (none is in a pile, and a jack, one below the
# base, never goes onto one), so the 8s, 9s, 10s and jacks leave the
# waste only for F0; all eight jacks are dealt before F0 can take its
# first 4, and after the 9 and the 10 F0 needs the jacks lie under two
# 9s.
DEAL_1020 = (
    "3D 9C 9S TD 3D 9C TC 4H 4S 6H 6D AC 7H QC 8H 2C 5H 7D 8D QH QC 2D 5D"
    " 3S KD 3C AD KH 7S 2D JH 5H JC 7C AH KS 3H KD KS 9D 9S QS 6C 2S 8S AH"
    " JC TD JH QS 5S JS JD 2S 3S TC JD 4C QH QD TS 6S 6S 4C JS 7D 4D KC 6C"
    " 8S 9H 7C 2H 8C 7S AS 9H 4S 5C 6D 8H 6H AD 4H KH 5S TS AC TH 8D 7H 2H"
    " 5C 3H 2C KC TH 4D 9D AS 3C 5D 8C QD")


def test_a_deal_the_study_left_undecided_is_walled_from_the_start():
    """The older tests do not see deal 1020 lost at the deal, the
    timeline does; the solver now proves it lost at once, and from the
    positions of seeded random walks (restriction kept) the baseline
    solver never finds a win within its budget."""
    from baseline_plot import dead_ends as old_dead
    pos = Position.new_game(parse_deck(DEAL_1020))
    reserve_test = old_dead.ReserveTest(pos.reserve, pos.base)
    assert not old_dead.dead(_old(pos), reserve_test)
    assert dead_ends.f0_walled(pos)
    res = solver.solve(pos, budget_states=1000)
    assert res.winnable is False
    for seed in range(3):
        rng = random.Random(seed)
        p = pos
        for _ in range(rng.randrange(10, 40)):
            moves = p.legal_moves()
            if not moves:
                break
            p = p.after(rng.choice(moves))
        assert p.restricted and dead_ends.f0_walled(p)
        old = baseline_plot.solve(_old(p), budget_states=3000)
        assert old.winnable is not True


# -- keys proved lost, shared by the searches of one solve ------------------

def test_every_key_proved_lost_is_lost(monkeypatch):
    """On a deal the full search does not win at once (so restarts run
    and share the set), a sample of the positions whose keys are put in
    ``lost`` (seeded) is checked: the baseline solver must not win from
    any of them."""
    positions = {}
    real_key = solver._Keyer.__call__

    def keyed(self, pos):
        k = real_key(self, pos)
        positions.setdefault(k, pos)
        return k
    monkeypatch.setattr(solver._Keyer, "__call__", keyed)
    proved = []

    class Lost(dict):
        def __setitem__(self, k, tick):
            proved.append(k)
            dict.__setitem__(self, k, tick)
    shared = Lost()
    real_init = solver._Search.__init__

    def init(self, position, reserve_test, clock, rng=None, lost=None):
        assert lost is not None             # solve shares one dict
        real_init(self, position, reserve_test, clock, rng, shared)
    monkeypatch.setattr(solver._Search, "__init__", init)
    # deal 41 of seed 734211: not decided within 20,000 states, so the
    # full search and two restarts share the set
    deck = random_decks(41, 734211, "plot")[40]
    pos = Position.new_game(deck)
    res = solver.solve(pos, budget_states=20000)
    # no key on the winning line was proved lost
    if res.winnable:
        p = pos
        key = solver._Keyer(pos.base)
        for m in res.moves:
            p = p.after(m)
            assert key(p) not in set(proved)
    assert proved
    rng = random.Random(1)
    for k in rng.sample(proved, min(25, len(proved))):
        old = baseline_plot.solve(_old(positions[k]), budget_states=3000)
        assert old.winnable is not True, positions[k].describe()


def test_a_search_proves_its_root_lost_and_never_a_winnable_one():
    clock = solver._Clock(0, solver.Budget().start(), None)
    lost_pos = _three_to_go(COVERED)
    won_pos = _three_to_go(IN_TIME)
    for pos, winnable in ((lost_pos, False), (won_pos, True)):
        lost = {}
        search = solver._Search(pos, dead_ends.ReserveTest(pos.reserve,
                                                           pos.base),
                                clock, lost=lost)
        line = search.run()
        root = search.key(pos)
        if winnable:
            assert line and root not in lost
        else:
            assert line is False and root in lost


def test_one_reserve_test_per_reserve_answers_as_a_fresh_one(monkeypatch):
    """The solver's searches share a ReserveTest (and its memo) per
    reserve and base rank (solver._Memo): the same object for the same
    reserve, another for another or after another base rank; along
    random walks from a deal (the reserve losing its top now and then,
    as in a search from the deal) the shared one's answers are a fresh
    one's, losses among them."""
    monkeypatch.setattr(solver, "_MEMO", solver._Memo())
    start = Position.new_game(random_deck(17))   # walks that meet losses
    memo = solver._MEMO.of(start.base)
    shared = memo.reserve_test(start.reserve)
    assert solver._MEMO.of(start.base).reserve_test(start.reserve) \
        is shared
    assert memo.reserve_test(start.reserve[:-1]) is not shared
    answers = set()
    for walk in range(20):
        rng = random.Random(walk)
        pos = start
        for _ in range(200):
            lost = shared.lost(pos)
            assert lost == dead_ends.ReserveTest(pos.reserve,
                                                 pos.base).lost(pos)
            answers.add(lost)
            moves = pos.legal_moves()
            if not moves:
                break
            pos = pos.after(rng.choice(moves))
    assert answers == {True, False}
    other = solver._MEMO.of(start.base % 13 + 1)
    assert other.reserves == {}
    assert other.reserve_test(start.reserve) is not shared

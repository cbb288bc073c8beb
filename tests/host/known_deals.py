# SPDX-License-Identifier: GPL-3.0-or-later
"""Deals the tests choose: ones the solver needs long for, for the tests
that stop a search or a thinking demo by a click, The Plot's deal the
solver wins where the greedy policy loses, and The Plot's deal won by
simple banking.  Those chosen by the solver time or run the solver that
runs (the checkout's, or inside PySolFC the installed copy, whichever
``pysolfc_camelot`` is imported), since the solver keeps getting faster.
Used by the GUI tests (tests/ on sys.path: ``host.known_deals``) and by
the host scenarios (tests/host/ on sys.path)."""
import os

from pysolfc_camelot.cards import parse_card
from pysolfc_camelot.plot import rules as plot_rules
from pysolfc_camelot.plot.notation import DEAL, FOUNDATIONS

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     os.pardir, os.pardir, "bench")

# Deals the solver has needed seconds for (the solver keeps getting
# faster, so the test times them and stops a search on the slowest):
# deals 519, 738 and 988 of `stats --seed 1`, 471 of the benchmark set.
SLOW_CANDIDATES = [
    "8D AH 7S 7D JS TS 7H AS KD 3C 6S 4C TH JH 7C KC 4D 2H TD 5H 8S 9S "
    "6C 5C 2D 4H 9C 2C TC JC AD 2S 6H AC JD 8C QC 6D QS 9D 5S 5D KS 9H "
    "QH 8H 3H QD 3S 3D KH 4S",
    "2S QC 9C TD 7D 4D 8H 7C 7S AH KH 8D JS 3H 8C TC 9D 2C 4H 5S TH 2D "
    "3S KD 5D 6H AS 4C 9S QD JC 8S 4S 9H TS JH 5H 5C KS 6S 6D QH 2H AC "
    "7H JD 3D QS 6C AD KC 3C",
    "5D 8D AC 2S 2C 2D TC 3S AD 9S 9D 3H 7S 4H 7H 5C QD 6D TD QH TS KD "
    "6H 4C JS 7C QS KC AH KS 8S 8H 8C TH 5S 3C 5H QC JH 4D JC KH JD 7D "
    "9C AS 3D 6S 6C 4S 2H 9H",
    "QD 7C 2C 4D 8S KC 9H 2S TH TC 3H 8D TD 9D 8C 6C 6H QC 6S 8H 7H 9C "
    "9S 5H 3S 2H AS AC AH KS JH 5C 4H AD 4C 7S 5S JS KH 3D JC 6D 4S QH "
    "3C JD KD 2D QS 7D 5D TS",
]
_slowest = []


def camelot_slow_deck(budget=2.0):
    """The candidate the solver (this checkout's, the one installed) needs
    longest for, timed with a budget of a few seconds each."""
    if not _slowest:
        from pysolfc_camelot.camelot import rules, solver
        from pysolfc_camelot.cards import parse_deck
        timed = []
        for deck in SLOW_CANDIDATES:
            res = solver.solve(rules.Position.new_game(parse_deck(deck)),
                               budget_seconds=budget)
            timed.append((res.seconds, deck))
        _slowest.append(max(timed))
    return _slowest[0]


# Lines of bench/plot-deals-1000.txt the solver did not decide within 10 s
# (2026-11-30): a search on one of them lasts long enough to be stopped
# by a click, and a perfect demo thinks long on them before moving.
PLOT_SLOW_LINES = (115, 490, 811, 902)
# Deal 961 of `stats --game plot --seed 211892`, which the solver with
# restarts (2026-12-02) left undecided after 5.7 million states in 1,000 s.
PLOT_SLOW_DECKS = (
    "QS 9C 4C KD AD KC 4D AH 6C AD TC JH 3C 2C QD 4S 8S JD 2D 3D QD 9S 9C"
    " JD 8H TH 4H 9H 6S 2H AS AS 8S 3S 8H 2C AC JS 3H 9D TH 2S KS AH JH 6H"
    " 4H 5H 5S AC 3H 7H JC 4D 7H 3C 3D QC 2H 5C 7S 5D 9H QC KC KH 3S 6D 6C"
    " 4S 7D 6S KS 5S 5H TD 2D 6H 6D KD TS JS QS 7D 8D 7C QH 5D QH TC 8C KH"
    " 8C TD 7S 2S 4C TS 5C 8D 7C 9S 9D JC",)


def plot_slow_deck(seconds):
    """The first deal of PLOT_SLOW_LINES, then of PLOT_SLOW_DECKS, the
    solver does not decide within ``seconds``."""
    from pysolfc_camelot.plot import rules, solver
    from pysolfc_camelot.plot.notation import parse_deck
    with open(os.path.join(BENCH, "plot-deals-1000.txt")) as f:
        lines = f.read().splitlines()
    for text in [lines[n - 1] for n in PLOT_SLOW_LINES] + list(
            PLOT_SLOW_DECKS):
        deck = parse_deck(text)
        res = solver.solve(rules.Position.new_game(deck),
                           budget_seconds=seconds)
        if res.winnable is None:
            return deck
    raise AssertionError("the solver decides every deal of PLOT_SLOW_LINES "
                         "and PLOT_SLOW_DECKS within %s s: the test needs "
                         "slower deals" % seconds)


def plot_greedy_loses_deck(seed=20261130):
    """The first random deck (random.Random(seed)) that the solver wins
    and the greedy policy of the rules (RULES.md) (hints.greedy_move) loses."""
    import random
    from pysolfc_camelot.plot import hints, rules, solver
    rng = random.Random(seed)
    while True:
        deck = list(range(52)) * 2
        rng.shuffle(deck)
        res = solver.solve(rules.Position.new_game(deck), budget_seconds=5)
        if res.winnable and not hints.play_policy(deck, "greedy")[0]:
            return deck


# -- The Plot: a deal won by simple banking ----------------------------------

def deck_of(text):
    """Cards in the order given; a card may appear twice (two decks)."""
    return [parse_card(w) for w in text.split()]


def ranks(suit, lo, hi):
    return ["%s%s" % ("A23456789TJQK"[r - 1], suit) for r in range(lo, hi + 1)]


def plot_win_deck():
    """A deal won by simple banking.  Base rank A.  The stock first
    completes F0 (2C..KC), the reserve (AD on top) then fills F1, the
    tableau holds the six other aces and six twos, and the rest of the
    stock comes 3..K in the order the foundations want them."""
    return deck_of(" ".join(
        list(reversed(ranks("D", 1, 13)))            # reserve, AD on top
        + ["AC"]                                     # F0: base rank A
        + "AH AS AC AD AH AS 2H 2S 2C 2D 2H 2S".split()   # T0..T11
        + ranks("C", 2, 13)                          # stock: F0 first
        + [c for r in range(3, 14) for c in
           ["%s%s" % ("A23456789TJQK"[r - 1], s) for s in "HSCDHS"]]))


def banking_move(pos):
    """The first legal move to a foundation, else a deal (it wins
    plot_win_deck())."""
    for m in pos.legal_moves():
        if m.dst in FOUNDATIONS:
            return m
    return DEAL if pos.stock else None


def plot_win_line(deck):
    """banking_move's line from the deal of deck, to the win."""
    pos, line = plot_rules.Position.new_game(deck), []
    while pos.status() == plot_rules.PLAYING:
        m = banking_move(pos)
        line.append(m)
        pos.play(m)
    assert pos.is_won(), pos
    return line

# SPDX-License-Identifier: GPL-3.0-or-later
"""The strong fair player along a game (fair_player.Player): the samples
it carries from one answer to the next stay consistent with the view,
are mended evenly when a card is revealed, never read the real hidden
order, and cost fewer solves than drawing afresh; and ``analyse
--chance`` gives the chance of every position of a game."""
import itertools
import json
from collections import Counter

import pytest

from pysolfc_camelot import games
from pysolfc_camelot.core import fair_player
from pysolfc_camelot.camelot.notation import DEAL as CAMELOT_DEAL
from pysolfc_camelot.camelot.rules import Position as CamelotPosition
from pysolfc_camelot.core.cards import format_cards
from helpers import run_cli
from pysolfc_camelot.cli.solve import random_decks
from test_fair_player import (FRACTIONAL, exhaustive_share, hidden_of,
                              late_position, mid_position, swapped)


def reveals(game, pos, move):
    """Whether ``move`` shows the player a hidden card."""
    hidden = hidden_of(game)
    return len(hidden.unseen(pos.after(move))) < len(hidden.unseen(pos))


@pytest.mark.parametrize("game,seed,moves", [("camelot", 3, 10),
                                             ("plot", 9, 60)])
def test_carried_samples_follow_the_view(game, seed, moves):
    """Along a game every carried sample holds exactly the unseen cards,
    laid where the real hidden ones lie (the same view)."""
    hidden = hidden_of(game)
    pos = mid_position(game, seed, moves)
    player = fair_player.Player(game, samples=6)
    shown = 0
    for _ in range(25):
        if pos.status() != "playing":
            break
        move = player.choose_move(pos)
        shown += reveals(game, pos, move)
        pos.play(move)
        orders, _known = player._draw(pos)
        player._last = None
        for order in orders:
            assert sorted(order) == hidden.unseen(pos)
            assert hidden.visible_key(hidden.with_hidden(pos, order)) == \
                hidden.visible_key(pos)
        # _draw took the carried state: put the game back on its track
        player = fair_player.Player(game, samples=6)
    assert shown, "the stretch revealed a card"


def test_a_mended_sample_is_drawn_evenly():
    """Every order of four unseen cards once, carried over a deal that
    shows one of them: each order of the three left comes out exactly as
    often (4 times): the mending keeps the samples even."""
    cards = [0, 9, 22, 35]          # AC, 3D, 6H, 9S: number cards
    tableau = [None] * 16
    # the other 48 cards out of the way (removed), so these four are
    # all the player has not seen
    gone = [c for c in range(52) if c not in cards]
    start = CamelotPosition(stock=cards, tableau=tableau, removed=gone,
                            phase=1)
    player = fair_player.Player("camelot", samples=24)
    orders = [list(p) for p in itertools.permutations(cards)]
    for shown in cards:
        real = CamelotPosition(stock=[shown] + [c for c in cards
                                                if c != shown],
                               tableau=tableau, removed=gone, phase=1)
        now = real.after(CAMELOT_DEAL)
        out, known = player._carried(start, CAMELOT_DEAL, orders,
                                     [None] * 24, now)
        count = Counter(tuple(o) for o in out)
        rest = [c for c in cards if c != shown]
        assert set(count) == set(itertools.permutations(rest))
        assert set(count.values()) == {4}
        assert known == [None] * 24


@pytest.mark.parametrize("game,seed,moves", [("camelot", 8, 30),
                                             ("plot", 4, 8)])
def test_a_carrying_player_never_reads_the_hidden_order(game, seed, moves):
    """Two players, one on the real position and one on the same view
    with its hidden cards swapped, answer alike move after move while no
    card is shown (after that the two games differ in what they show)."""
    pos = mid_position(game, seed, moves)
    other = swapped(game, pos)
    a = fair_player.Player(game, samples=6)
    b = fair_player.Player(game, samples=6)
    answered = 0
    while pos.status() == "playing":
        ca, cb = a.choose(pos), b.choose(other)
        assert (ca.move, ca.score, ca.solves) == (cb.move, cb.score,
                                                  cb.solves)
        answered += 1
        if reveals(game, pos, ca.move):
            break
        pos.play(ca.move)
        other.play(ca.move)
    assert answered >= 1


def test_carrying_saves_solves():
    """Along a stretch of The Plot, the carried samples need fewer solves
    than fresh ones at every answer taken together (the lines of the
    samples are followed, not solved again)."""
    pos = mid_position("plot", 9, 30)
    player = fair_player.Player("plot", samples=6)
    carried = fresh = 0
    for _ in range(20):
        if pos.status() != "playing":
            break
        ch = player.choose(pos)
        carried += ch.solves
        fresh += fair_player.choose("plot", pos, samples=6).solves
        pos.play(ch.move)
    assert carried < fresh, (carried, fresh)


# -- analyse --chance ---------------------------------------------------------

@pytest.mark.slow
def test_analyse_says_the_chance_of_every_position():
    """On the command line, on a Camelot game ending in a position of few
    orders (a Plot game's hundreds of positions cost too many solves for
    a test: test_chances_are_the_samplers covers it)."""
    game = "camelot"
    seed, count, index = FRACTIONAL[game]
    deck = random_decks(count, seed, game)[index]
    pos, moves = late_position(game, deck, 120)
    wins, orders = exhaustive_share(game, pos)
    assert 0 < wins < orders
    r = run_cli("analyse", "--game", game, "--deck", format_cards(deck),
                "--moves", "; ".join(map(str, moves)), "--json",
                "--chance", "--samples", str(orders), timeout=600)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    chance = out.pop("chance")
    assert set(out) == {"status", "winnable_at_start", "last_winnable",
                        "mistake", "better", "line"}
    assert len(chance) == len(moves) + 1
    for c in chance:
        assert set(c) == {"chance", "samples", "interval"}
        lo, hi = c["interval"]
        assert 0 <= lo <= c["chance"] <= hi <= 1
    # the last position has few orders: all solved, the exhaustive share
    assert chance[-1] == {"chance": wins / orders, "samples": orders,
                          "interval": [wins / orders, wins / orders]}
    # and without --chance the contract is as it was
    r = run_cli("analyse", "--game", game, "--deck", format_cards(deck),
                "--moves", "; ".join(map(str, moves)), "--json")
    assert "chance" not in json.loads(r.stdout)


@pytest.mark.parametrize("game", games.GAMES)
def test_chances_are_the_samplers(game):
    """analyse's chances gives, for each position of a game, the chance
    fair_player.chance says for it: the same sampler."""
    from pysolfc_camelot.cli import analyse as analyse_cli
    deck = random_decks(1, 12, game)[0]
    g = games.Game(game)
    pos = g.new_game(deck)
    hidden = hidden_of(game)
    moves = []
    for _ in range(3):
        moves.append(hidden.simple_move(pos))
        pos.play(moves[-1])
    got = analyse_cli.chances(game, deck, moves, samples=3, seed=5)
    assert len(got) == 4
    assert got[-1] == fair_player.chance(game, pos, 3, 5).contract()
    assert got[0] == fair_player.chance(game, g.new_game(deck), 3,
                                        5).contract()


def test_analyse_chance_bad_samples():
    r = run_cli("analyse", "--deck", format_cards(range(52)), "--moves",
                "deal", "--chance", "--samples", "0")
    assert r.returncode == 2 and "positive" in r.stderr


@pytest.mark.parametrize("game", games.GAMES)
def test_an_answer_keeps_its_solve_cap(game):
    """Past its cap of solves an answer plays the best move so far, the
    same on every run (a bound in solves, not seconds)."""
    pos = mid_position(game, 2, 3)
    a = fair_player.choose(game, pos, samples=12, max_solves=5)
    b = fair_player.choose(game, pos, samples=12, max_solves=5)
    assert a.solves <= 5 and not a.stopped
    assert a.move in pos.legal_moves() and a == b
    assert fair_player.Player(game).max_solves == \
        hidden_of(game).MAX_SOLVES * fair_player.SAMPLES


# -- The Plot's tiers (Camelot's: test_fair_player) ---------------------------

def test_plot_tiers_easy_and_lost():
    """A late position of a game the simple fair rules win is easy; a deal
    the solver proves lost is lost (seed 6161: deal 16 of its fresh
    deals is lost, deal 1 won by the hint)."""
    g = games.Game("plot")
    decks = random_decks(16, 6161, "plot")
    hidden = hidden_of("plot")
    pos = g.new_game(decks[0])
    line = []
    while pos.status() == "playing":
        line.append(hidden.simple_move(pos))
        pos.play(line[-1])
    assert pos.is_won()
    late = g.new_game(decks[0])
    for m in line[:-40]:
        late.play(m)
    assert fair_player.tier("plot", late) == "easy"
    assert fair_player.tier("plot", g.new_game(decks[15])) == "lost"


# Found by going back along the simple fair rules' lost game of deal 50 of
# seed 6161's fresh deals (winnable), 5 moves at a time: (moves, tier).
PLOT_TIER_CASES = ((193, "hard"), (163, "medium"))


@pytest.mark.slow
@pytest.mark.parametrize("k,label", PLOT_TIER_CASES)
def test_plot_tiers_medium_and_hard(k, label):
    g = games.Game("plot")
    deck = random_decks(50, 6161, "plot")[49]
    hidden = hidden_of("plot")
    pos = g.new_game(deck)
    line = []
    for _ in range(k):
        line.append(hidden.simple_move(pos))
        pos.play(line[-1])
    assert fair_player.tier("plot", pos) == label
    # play --policy fair at the tier's seed agrees
    r = run_cli("play", "--game", "plot", "--deck", format_cards(deck),
                "--moves", "; ".join(map(str, line)), "--policy", "fair",
                "--json", timeout=600)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["won"] is (label == "medium")


# PySolFC's deal 311 of The Plot (deals.deck_for_deal(311, 2)), rated
# medium (plot/rated_deals.py), and the first 34 moves of the game that
# rated it.  A player whose deeper score read its verdicts through the
# probes (fair_player._Work.verdict) left this game at the 34th move
# (T3>F0 for the deal) and lost the deal: hard where the rating says
# medium, and winnable deals of the medium tier dealt it in PySolFC.
DEAL_311 = (
    "2S AC TC JS JS 3C 5D 5D 7S KC JC 3D 8H AS JC 4D 6D 6H 8S 6D 5H 7D 5H "
    "8D 4H AH TH TD 4S 3D 7H 5C QS AD QH 9C TS QH QD JD 2H 3S KC 2D 9S 7D "
    "2C 5S QD 6H 9H 9D KD JD 8S 9H 3H 8C 2D 7H 3H 4C 9D TS 8D 7C JH KH KD "
    "6S 2C AD 5C 6C KH JH 2S 4S QC 4D KS 7S QS 6C 2H 9C 4H 8C 8H AS TH 4C "
    "3C QC TD 3S 7C 9S TC AC KS 5S AH 6S")
RATED_311 = (
    "T1>T6; T2>T7; T8>T3; T10>T3; deal; waste>T0; deal; deal; deal; "
    "waste>T6; deal; waste>T4; T5>T4; deal; waste>T7; waste>T7; deal; deal; "
    "waste>T1; deal; deal; waste>T0; T9>T0; deal; deal; deal; deal; deal; "
    "deal; waste>T3; waste>F0; T3>F0; T3>F0; deal")


@pytest.mark.slow
def test_the_player_plays_the_rated_game_of_a_medium_deal():
    """The player's moves are those its tiers were rated with: the search
    alone decides its scores (a probe's win where the search leaves a
    sample undecided would change them)."""
    from pysolfc_camelot.plot import rated_deals
    from pysolfc_camelot.plot.notation import parse_deck
    assert 311 in rated_deals.RATED["medium"]
    pos = games.Game("plot").new_game(parse_deck(DEAL_311))
    player = fair_player.Player("plot")
    for n, want in enumerate(RATED_311.split("; "), 1):
        move = player.choose_move(pos)
        assert str(move) == want, "move %d" % n
        pos.play(move)

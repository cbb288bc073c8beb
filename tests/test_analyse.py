# SPDX-License-Identifier: GPL-3.0-or-later
"""``analyse``: where a game was lost, for both games.

The games are built from the exact solver: follow its winning line, then
play a move the solver proves losing, so the right answer is known.  The
library is called directly; the command line's contract runs as a user
runs it, in a separate process.
"""
import json
import math
import re

import pytest

from pysolfc_camelot.core import analysis
from pysolfc_camelot.camelot import notation as camelot_notation
from pysolfc_camelot.camelot import rules as camelot_rules
from pysolfc_camelot.camelot import solver as camelot_solver
from pysolfc_camelot.core.cards import format_cards, make_card
from pysolfc_camelot.plot import hints as plot_hints
from pysolfc_camelot.plot import notation as plot_notation
from pysolfc_camelot.plot import rules as plot_rules
from pysolfc_camelot.plot import solver as plot_solver

from helpers import (GAMES, camelot_lost_deal, camelot_mistake,  # noqa: F401
                     first_legal, play_on, plot_mistake, positions,
                     run_cli)

KEYS = ["status", "winnable_at_start", "last_winnable", "mistake", "better",
        "line"]


def fmt_deck(game, deck):
    return format_cards(deck) if game == "camelot" \
        else plot_notation.format_deck(deck)


def fmt_moves(moves):
    return "; ".join(str(m) for m in moves)


def assert_wins(game, deck, moves):
    """``moves`` from the deal of ``deck`` win, through the game's replay
    (each move checked by the rules model)."""
    pos, failed_at, error = GAMES[game][0].replay(deck, moves)
    assert failed_at is None, error
    assert pos.is_won()


def plot_lost_deal():
    """A Plot deal lost from the start: base rank 7, and all eight 8s lie
    in the reserve under a 9. The reserve plays only to the foundations,
    so that 9 leaves only after F0 has taken an 8, which only the reserve
    holds: F0 never completes."""
    eights = [make_card(8, s) for s in range(4)] * 2
    nine, base = make_card(9, 0), make_card(7, 0)
    rest = [c for c in list(range(52)) * 2]
    for c in eights + [nine, base]:
        rest.remove(c)
    return eights + [nine] + rest[:4] + [base] + rest[4:]


# -- the library --------------------------------------------------------------

@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_a_known_mistake_is_found(name, request):
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=60)
    assert a.status in ("lost", "playing")
    assert a.winnable_at_start is True
    assert a.last_winnable == g.k
    assert a.mistake == g.mistake
    assert a.better is not None and a.better != g.mistake
    assert a.line[0] == a.better
    assert_wins(name, g.deck, g.moves[:g.k] + a.line)
    assert (a.winnable_through, a.lost_from) == (g.k, g.k + 1)
    assert a.undecided == () and not a.stopped
    # a handful of solves: a binary search over len(moves) + 1 positions
    assert a.solves <= math.ceil(math.log2(len(g.moves) + 2)) + 1


@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_the_move_after_the_mistake_is_not_blamed(name, request):
    # cut the game just after the mistake: the answer is the same
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.moves[:g.k + 1])
    assert (a.last_winnable, a.mistake) == (g.k, g.mistake)
    assert_wins(name, g.deck, g.moves[:g.k] + a.line)


@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_a_won_game(name, request):
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.winning, budget_seconds=0)
    n = len(g.winning)
    # a won last position is winnable without a solve, even with no time
    assert a.contract() == {"status": "won", "winnable_at_start": True,
                            "last_winnable": n, "mistake": None,
                            "better": None, "line": []}
    assert a.solves == 0


@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_a_game_still_winnable(name, request):
    g = request.getfixturevalue(name + "_mistake")
    played = g.winning[:g.k]
    a = analysis.analyse(name, g.deck, played)
    assert a.status == "playing" and a.winnable_at_start is True
    assert a.last_winnable == g.k and a.mistake is None
    assert a.better == a.line[0]
    assert_wins(name, g.deck, played + a.line)
    assert a.solves == 1                # the last position, and done


def test_a_camelot_deal_never_winnable(camelot_lost_deal):
    deck = camelot_lost_deal
    pos = camelot_rules.Position.new_game(deck)
    moves = play_on(pos, first_legal)
    assert pos.status() == "lost"
    for played in (moves, moves[:5], []):
        a = analysis.analyse("camelot", deck, played)
        assert a.contract() == {
            "status": "lost" if played == moves else "playing",
            "winnable_at_start": False, "last_winnable": None,
            "mistake": None, "better": None, "line": None}
        assert a.lost_from == 0


def test_a_plot_deal_never_winnable():
    deck = plot_lost_deal()
    start = plot_rules.Position.new_game(deck)
    assert start.base == 7 and start.reserve[8] // 4 + 1 == 9
    assert plot_solver.solve(start).winnable is False
    moves = play_on(start.copy(), plot_hints.greedy_move)
    a = analysis.analyse("plot", deck, moves)
    assert a.winnable_at_start is False
    assert a.last_winnable is a.mistake is a.better is a.line is None


@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_no_budget_gives_nulls(name, request):
    g = request.getfixturevalue(name + "_mistake")
    a = analysis.analyse(name, g.deck, g.moves, budget_seconds=0)
    assert a.contract() == {"status": a.status, "winnable_at_start": None,
                            "last_winnable": None, "mistake": None,
                            "better": None, "line": None}
    assert a.solves == 0 and a.winnable_through == -1


class _Undecided:
    """The game's solver, except that it runs out of time on the given
    positions: how a hard position looks to the analysis."""

    def __init__(self, solver, hard):
        self.real, self.hard, self.asked = solver, hard, []

    def solve(self, position, **kw):
        self.asked.append(position)
        if position in self.hard:
            return self.real.SolveResult(None, None, 0, 0.0)
        return self.real.solve(position, **kw)


def test_an_undecided_solve_at_the_boundary_leaves_nulls(camelot_mistake):
    g = camelot_mistake
    pos = positions("camelot", g.deck, g.moves)
    stub = _Undecided(camelot_solver, [pos[g.k + 1]])
    a = analysis.analyse(analysis.Game("camelot", camelot_rules, stub),
                         g.deck, g.moves)
    # k + 1 cannot be decided, so k is not pinned: nothing is guessed,
    # but what was proved is kept
    assert a.last_winnable is a.mistake is a.better is a.line is None
    assert a.winnable_at_start is True
    assert (a.winnable_through, a.lost_from) == (g.k, g.k + 2)
    assert g.k + 1 in a.undecided
    # an undecided position is never asked twice
    assert sum(p == pos[g.k + 1] for p in stub.asked) == 1


def test_an_undecided_solve_elsewhere_is_stepped_around(camelot_mistake):
    g = camelot_mistake
    pos = positions("camelot", g.deck, g.moves)
    first = analysis.analyse("camelot", g.deck, g.moves)
    # make undecided the first position the search probes away from the
    # boundary k, k + 1
    plain = _Undecided(camelot_solver, [])
    analysis.analyse(analysis.Game("camelot", camelot_rules, plain), g.deck,
                     g.moves)
    hard = next(p for p in plain.asked if p not in (pos[g.k], pos[g.k + 1]))
    stub = _Undecided(camelot_solver, [hard])
    a = analysis.analyse(analysis.Game("camelot", camelot_rules, stub),
                         g.deck, g.moves)
    assert (a.last_winnable, a.mistake) == (g.k, g.mistake)
    assert len(a.undecided) == 1 and first.undecided == ()


def test_a_deal_that_cannot_be_decided(camelot_lost_deal):
    # every position undecided but the last: the deal's winnability is
    # not known, and not guessed
    deck = camelot_lost_deal
    moves = camelot_rules.Position.new_game(deck).legal_moves()[:1]
    pos = positions("camelot", deck, moves)
    stub = _Undecided(camelot_solver, pos)
    a = analysis.analyse(analysis.Game("camelot", camelot_rules, stub),
                         deck, moves)
    assert a.winnable_at_start is None and a.last_winnable is None
    assert sorted(a.undecided) == [0, 1]


def test_should_stop_ends_it_with_what_was_proved(camelot_mistake):
    g = camelot_mistake
    a = analysis.analyse("camelot", g.deck, g.moves, should_stop=lambda: True)
    assert a.stopped and a.solves == 0 and a.last_winnable is None
    seen = []

    def after_one_solve():
        return len(seen) >= 2           # progress: before and after it
    a = analysis.analyse("camelot", g.deck, g.moves,
                         should_stop=after_one_solve, progress=seen.append)
    assert a.stopped and a.solves == 1 and a.last_winnable is None


def test_progress_reports_each_solve(camelot_mistake):
    g = camelot_mistake
    seen = []
    a = analysis.analyse("camelot", g.deck, g.moves, progress=seen.append)
    assert [p.solves for p in seen if p.probing is None] == \
        list(range(1, a.solves + 1))
    assert seen[-1].winnable_through == g.k
    assert seen[-1].lost_from == g.k + 1
    assert all(b.seconds >= a_.seconds for a_, b in zip(seen, seen[1:]))


def test_an_illegal_move_is_refused(camelot_mistake):
    g = camelot_mistake
    moves = g.moves[:3] + [camelot_notation.Move("remove", 5)]
    with pytest.raises(analysis.IllegalMoveError) as e:
        analysis.analyse("camelot", g.deck, moves)
    assert e.value.index == 3 and "move 4 (remove 5)" in str(e.value)


# -- moves named as a player would --------------------------------------------

def test_camelot_moves_are_named_as_a_player_would():
    deck = [make_card(7, 0), make_card(10, 1), make_card(3, 3)] + \
        [c for c in range(52) if c not in (make_card(7, 0), make_card(10, 1),
                                           make_card(3, 3))]
    pos = camelot_rules.Position.new_game(deck)
    Move = camelot_notation.Move
    name = camelot_notation.name_move
    assert name(pos, camelot_notation.DEAL) == "deal 7\u2663"
    pos.play(camelot_notation.DEAL)
    assert name(pos, Move("place", 0)) == "7\u2663 to the top-left corner"
    assert name(pos, Move("place", 10)) == \
        "7\u2663 to the bottom-right slot of the centre"
    pos = camelot_rules.Position(tableau=[make_card(10, 1), make_card(3, 3),
                                          make_card(7, 0)] + [None] * 13,
                                 phase=2)
    assert name(pos, Move("remove", 0)) == "remove 10\u2666"
    assert name(pos, Move("pair", 1, 2)) == "remove 3\u2660 and 7\u2663"


def test_plot_moves_are_named_as_a_player_would():
    c = make_card
    tableau = [()] * 12
    tableau[0], tableau[5] = (c(9, 1),), (c(10, 0),)
    pos = plot_rules.Position(reserve=(c(8, 2),), foundations=[(c(7, 0),)]
                              + [()] * 7, tableau=tableau,
                              stock=(c(7, 1),), waste=(c(8, 3),), base=7)
    expected = {
        "deal": "deal 7\u2666",
        "waste>F0": "8\u2660 from the waste to F0",
        "reserve>F0": "8\u2665 from the reserve to F0",
        "waste>T0": "8\u2660 from the waste onto the 9\u2666 of the first"
                    " pile of the top row",
        "T0>T5": "9\u2666 from the first pile of the top row onto the"
                 " 10\u2663 of the second pile of the middle row",
        "stock>T1": "deal 7\u2666 and put it into the empty second pile of"
                    " the top row",
    }
    for text, words in expected.items():
        move = plot_notation.parse_move(text)
        assert pos.why_illegal(move) is None, text
        assert plot_notation.name_move(pos, move) == words
    assert plot_notation.pile_name("T11", "of") == \
        "the fourth pile of the bottom row"


# -- the command line ---------------------------------------------------------

def cli_json(game, deck, moves, *extra):
    r = run_cli("analyse", "--game", game, "--deck", fmt_deck(game, deck),
            "--moves", fmt_moves(moves), "--json", *extra)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 1, "exactly one JSON object"
    out = json.loads(lines[0])
    assert list(out) == KEYS
    return out


@pytest.mark.parametrize("name", ["camelot", "plot"])
def test_cli_json_contract(name, request):
    g = request.getfixturevalue(name + "_mistake")
    out = cli_json(name, g.deck, g.moves)
    assert out["winnable_at_start"] is True
    assert out["last_winnable"] == g.k
    assert out["mistake"] == str(g.mistake)
    assert out["better"] == out["line"][0] != out["mistake"]
    # the line, as printed, is replay's notation and wins from there
    r = run_cli("replay", "--game", name, "--deck", fmt_deck(name, g.deck),
            "--moves", fmt_moves(g.moves[:g.k]) + "; " + "; ".join(
                out["line"]), "--json")
    assert r.returncode == 0, r.stderr
    replayed = json.loads(r.stdout)
    assert replayed["ok"] is True and replayed["status"] == "won"


def test_cli_budget_zero_and_never_winnable(camelot_mistake,
                                            camelot_lost_deal):
    g = camelot_mistake
    assert cli_json("camelot", g.deck, g.moves, "--budget", "1e-9") == {
        "status": "lost", "winnable_at_start": None, "last_winnable": None,
        "mistake": None, "better": None, "line": None}
    out = cli_json("camelot", camelot_lost_deal, [])
    assert out == {"status": "playing", "winnable_at_start": False,
                   "last_winnable": None, "mistake": None, "better": None,
                   "line": None}


def test_cli_in_words(camelot_mistake):
    g = camelot_mistake
    r = run_cli("analyse", "--deck", format_cards(g.deck), "--moves",
            fmt_moves(g.moves))
    assert r.returncode == 0, r.stderr
    pos = positions("camelot", g.deck, g.moves)[g.k]
    named = camelot_notation.name_move(pos, g.mistake)
    assert ("A win was still possible after move %d; move %d, %s, threw it"
            " away." % (g.k, g.k + 1, named)) in r.stdout
    assert "Instead, " in r.stdout and "keeps the win" in r.stdout


def test_cli_in_words_when_undecided(camelot_mistake):
    g = camelot_mistake
    r = run_cli("analyse", "--deck", format_cards(g.deck), "--moves",
            fmt_moves(g.moves), "--budget", "1e-9")
    assert r.returncode == 0, r.stderr
    assert "Could not be decided within 1e-09 s." in r.stdout


@pytest.mark.parametrize("args, message", [
    (["--deck", "AC 2C"], "a deck has 52 cards, got 2"),
    (["--deck", "XX"], "not a card: 'XX'"),
    (["--moves", "deal; plaice 5"], "not a move: 'plaice 5'"),
    (["--moves", "deal; place 5; place 6"],
     "move 3 (place 6) is not legal: there is no waste card to place"),
    (["--budget", "-1"], "--budget: must be a number of seconds above 0"),
    (["--budget", "0"], "--budget: must be a number of seconds above 0"),
    (["--game", "plot"], "a Plot deck has 104 cards"),
    (["--game", "plot", "--deck", plot_notation.format_deck(
        list(range(52)) * 2), "--moves", "T0>reserve"],
     "nothing is ever put on the reserve"),
])
def test_cli_bad_input_exits_2(args, message):
    base = {"--deck": format_cards(range(52)), "--moves": "deal; place 5"}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    argv = [x for kv in base.items() for x in kv]
    r = run_cli("analyse", *argv, "--json")
    assert r.returncode == 2
    assert r.stdout == ""
    # (after argparse's usage line for an option it refuses)
    assert message in r.stderr.splitlines()[-1]
    assert r.stderr.splitlines()[-1].startswith("error: ")


def run_on_terminal(*args, timeout=300):
    """``python -m pysolfc_camelot ARGS`` as a user at a terminal runs it
    with its output piped: stderr on a (pseudo-)terminal, stdout a pipe.
    Returns (status, stdout, what the terminal showed)."""
    import os
    import pty
    import subprocess
    import sys
    from helpers import REPO
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pysolfc_camelot", *args], cwd=str(REPO),
        env=dict(os.environ, PYTHONPATH=str(REPO)), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    shown = b""
    try:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:             # EIO: the command has ended
                break
            if not chunk:
                break
            shown += chunk
        out = proc.stdout.read().decode()
        return proc.wait(timeout), out, shown.decode()
    finally:
        os.close(master)
        proc.stdout.close()


@pytest.mark.parametrize("name", ["plot", "camelot"])
def test_cli_progress_on_a_terminal_only(name, request):
    """On a terminal, stderr shows how far the analysis got while it runs
    (moves counted from 1) and is wiped at the end; stdout holds only the
    result (one JSON object with --json).  Into a pipe or a log, stderr
    stays empty."""
    g = request.getfixturevalue(name + "_mistake")
    args = ("analyse", "--game", name, "--deck", fmt_deck(name, g.deck),
            "--moves", fmt_moves(g.moves), "--json")
    status, out, shown = run_on_terminal(*args)
    assert status == 0, shown
    piped = run_cli(*args)
    assert piped.returncode == 0 and piped.stderr == ""
    assert out == piped.stdout and list(json.loads(out)) == KEYS
    drawn = shown.split("\r")
    assert drawn[0] == "" and drawn[-1] == "", shown    # each line redrawn
    lines, wiped = drawn[1:-2], drawn[-2]
    assert lines and all(x.startswith("analysing: ") for x in lines), shown
    assert any(re.search(r"; solving the position (at the deal|after move "
                         r"([1-9][0-9]*))", x) for x in lines), lines
    assert wiped.strip() == "" and len(wiped) >= len(lines[-1].rstrip())

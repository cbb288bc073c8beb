# SPDX-License-Identifier: GPL-3.0-or-later
"""The command line, run as a user runs it: a separate process."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import helpers
import hostenv
from helpers import run_cli
from pysolfc_camelot.core.cards import format_cards

REPO = str(helpers.REPO)      # os.path and environment strings below
DECK = format_cards(range(52))      # AC AD AH AS 2C ... KS


def test_replay_json_contract():
    r = run_cli("replay", "--deck", DECK, "--moves", "deal; place 5; deal",
            "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"ok": True, "failed_at": None,
                                    "error": None, "phase": 1, "score": 0,
                                    "status": "playing"}


def test_replay_reports_the_first_illegal_move():
    # Deal AC, then try to place it on slot 5 twice.
    r = run_cli("replay", "--deck", DECK, "--moves",
            "deal; place 5; place 5; deal", "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 1, "a refused move exits 1"
    assert out == {"ok": False, "failed_at": 2,
                   "error": "place 5: there is no waste card to place",
                   "phase": 1, "score": 0, "status": "playing"}
    text = run_cli("replay", "--deck", DECK, "--moves",
                   "deal; place 5; place 5")
    assert text.returncode == 1 and text.stderr == ""
    # Moves count from 1 in the text (as analyse's), from 0 in the JSON.
    assert "move 3 refused: place 5: there is no waste card" in text.stdout


def test_replay_a_won_game():
    deck = ("KC QC QD KD JC JD JH JS KH QH QS KS TC TD TH TS 5C 5D 5H 5S "
            "AC 9C AD 9D 2C 8C 2D 8D 3C 7C 3D 7D 4C 6C 4D 6D AH 9H AS 9S "
            "2H 8H 2S 8S 3H 7H 3S 7S 4H 6H 4S 6S")
    moves = []
    for slot in (0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15):
        moves += ["deal", "place %d" % slot]
    for group in range(10):
        moves += ["deal; place %d" % s for s in (5, 6, 9, 10)]
        moves += ["remove 5; remove 6; remove 9; remove 10"] if group == 0 \
            else ["pair 5 6; pair 9 10"]
    r = run_cli("replay", "--deck", deck, "--moves", "; ".join(moves),
                "--json")
    out = json.loads(r.stdout)
    assert out == {"ok": True, "failed_at": None, "error": None,
                   "phase": 2, "score": 40, "status": "won"}


def test_bad_deck_and_bad_moves_exit_2():
    r = run_cli("replay", "--deck", "AC KD", "--moves", "deal", "--json")
    assert r.returncode == 2 and "52 cards" in r.stderr and not r.stdout
    r = run_cli("replay", "--deck", DECK, "--moves", "deal; fly 3", "--json")
    assert r.returncode == 2 and "not a move" in r.stderr and not r.stdout
    r = run_cli("replay", "--deck", DECK)
    assert r.returncode == 2 and "--moves" in r.stderr


def test_solve_by_pysolfc_deal_number(pysolfc_host, tmp_path):
    """`solve --deal N` solves the deal PySolFC shows under number N (the
    in-PySolFC scenario deal_numbers checks that deck against the game)."""
    version, host_dir = pysolfc_host
    env = dict(os.environ, PYTHONPATH=REPO, PYSOLFC_DIR=str(host_dir))

    def by_number_and_by_deck(decks, *options):
        """`solve --deal 4242` and `solve --deck` on the deck PySolFC deals
        as number 4242 (with this many decks): the same verdict and line;
        returns that deck."""
        code = ("from pysolfc_camelot.core import deals, cards;"
                "print(cards.format_cards(deals.deck_for_deal(4242, "
                "decks=%d)))" % decks)
        deck = subprocess.run([sys.executable, "-c", code], env=env,
                              capture_output=True, text=True, timeout=60)
        assert deck.returncode == 0, deck.stderr
        by_number = subprocess.run(
            [sys.executable, "-m", "pysolfc_camelot", "solve", *options,
             "--deal", "4242", "--json"], env=env, capture_output=True,
            text=True, timeout=120)
        by_deck = run_cli("solve", *options, "--deck", deck.stdout.strip(),
                          "--json")
        assert by_number.returncode == 0, by_number.stderr
        a, b = json.loads(by_number.stdout), json.loads(by_deck.stdout)
        assert a["winnable"] is not None and a["winnable"] == b["winnable"]
        assert a["moves"] == b["moves"]
        return deck.stdout.split()
    by_number_and_by_deck(1)
    # The Plot's deal N: the two-deck deck PySolFC deals (the in-PySolFC
    # scenario deal_numbers of plot_scenarios checks deck_for_deal(N, 2)).
    deck = by_number_and_by_deck(2, "--game", "plot", "--budget", "20")
    assert len(deck) == 104
    env["PYSOLFC_DIR"] = str(tmp_path)          # no PySolFC there
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot", "solve",
                        "--deal", "1"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "PYSOLFC_DIR" in r.stderr


# -- a fresh clone just works: solve --deal without settings ------------------

# Runs in a PySolFC data dir under a Python with PySolFC's dependencies:
# PySolFC's own Game.createCards and Game.shuffle on a stand-in game object
# (real GameInfo, no window), and our deals module on the same pysollib.
# Prints {"game id": {"deal number": [real ids, our ids, real deck, our
# deck]}}: ids in the order the shuffle puts them on the stock (the last is
# dealt first), decks (our cards, from PySolFC's suit and rank) first dealt
# first.
REAL_SHUFFLE = r"""
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import pysollib.games.camelot, pysollib.games.canfield
from pysollib.game import Game
from pysollib.gamedb import GAME_DB
from pysollib.pysolrandom import construct_random
from pysolfc_camelot.core import deals
from pysolfc_camelot.core.game_cards import model_card

class Card:
    def __init__(self, id, deck, suit, rank):
        self.id, self.deck, self.suit, self.rank = id, deck, suit, rank
    def showBack(self, unhide=0):
        pass

class Talon:
    x = y = 0
    def __init__(self):
        self.cards = []
    def addCard(self, card, update=1):
        self.cards.append(card)

class StandIn:
    def __init__(self, gameid):
        self.gameinfo = GAME_DB.get(gameid)
        self.s = type("S", (), {})()
        self.s.talon = Talon()
    def _createCard(self, id, deck, suit, rank, x, y):
        return Card(id, deck, suit, rank)
    def _shuffleHook(self, cards):
        return cards

out = {}
for gameid in map(int, sys.argv[3].split(",")):
    out[gameid] = {}
    for n in map(int, sys.argv[4].split(",")):
        g = StandIn(gameid)
        g.cards = Game.createCards(g)
        for c in g.cards:       # createCards' id order is deck, suit, rank
            assert c.id == c.deck * 52 + c.suit * 13 + c.rank
        g.random = construct_random(str(n))
        Game.shuffle(g)
        talon = g.s.talon.cards
        decks = g.gameinfo.decks
        out[gameid][n] = [
            [c.id for c in talon], deals.shuffled_ids(n, decks),
            [model_card(c.rank, c.suit) for c in reversed(talon)],
            deals.deck_for_deal(n, decks)]
print(json.dumps(out))
"""

DEAL_NUMBERS = (1, 2, 617, 4242, 31999, 32000, 123456, 2 ** 31 + 5,
                10 ** 12)


def real_shuffles(host_dir, game_ids, numbers):
    r = subprocess.run(
        [hostenv.host_python(), "-I", "-c", REAL_SHUFFLE, str(host_dir),
         REPO, ",".join(map(str, game_ids)), ",".join(map(str, numbers))],
        cwd=str(host_dir), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_deal_numbers_of_one_and_two_deck_games_are_pysolfcs(pysolfc_host):
    """deals.shuffled_ids against PySolFC's own shuffle, for its Camelot
    (one deck, id 280) and The Plot (two decks, id 896)."""
    version, host_dir = pysolfc_host
    out = real_shuffles(host_dir, (280, 896), DEAL_NUMBERS)
    for gameid, ncards in (("280", 52), ("896", 104)):
        for n in DEAL_NUMBERS:
            real, ours, real_deck, our_deck = out[gameid][str(n)]
            assert len(real) == ncards and sorted(real) == list(range(ncards))
            assert ours == real, (gameid, n)
            assert our_deck == real_deck, (gameid, n)
            assert sorted(our_deck) == sorted(list(range(52)) * (ncards // 52))
    # Deal 1 (a Microsoft-compatible number) differs from a 104-card deal.
    assert out["280"]["1"][0] != out["896"]["1"][0][:52]


def fake_checkout(tmp_path, hosts=(), venv=True):
    """A checkout as `make setup` leaves it: our package, .host/pysolfc-V
    (links to real hosts) and .venv (a link to this checkout's)."""
    import shutil
    root = tmp_path / "checkout"
    shutil.copytree(os.path.join(REPO, "pysolfc_camelot"),
                    root / "pysolfc_camelot",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "tools").mkdir()        # what makes it a checkout
    shutil.copy(os.path.join(REPO, "tools", "setup_host.py"), root / "tools")
    for version, host_dir in hosts:
        (root / ".host").mkdir(exist_ok=True)
        (root / ".host" / ("pysolfc-" + version)).symlink_to(host_dir)
    if venv:
        real = os.path.join(REPO, ".venv")
        assert os.path.isdir(real), "no .venv: run `make setup`"
        (root / ".venv").symlink_to(real)
    return root


def plain_env(root):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYSOLFC_DIR", "PYTHONHOME")}
    env["PYTHONPATH"] = str(root)
    return env


def lacks_pysol_cards(python_cmd, env):
    r = subprocess.run(python_cmd + ["-c", "import pysol_cards"], env=env,
                       capture_output=True, text=True, timeout=60)
    return r.returncode != 0


def test_solve_deal_needs_no_setting_in_a_set_up_checkout(pysolfc_host,
                                                          tmp_path):
    """In a checkout after `make setup`, with no PYSOLFC_DIR, `solve --deal
    N` finds the fetched PySolFC and deals exactly what PySolFC deals, both
    under the Python that runs the tests and under one without PySolFC's
    dependencies (python -S: no site-packages), which must borrow .venv."""
    from pysolfc_camelot.core.game_cards import card_for_id
    version, host_dir = pysolfc_host
    root = fake_checkout(tmp_path, [(version, host_dir)])
    env = plain_env(root)
    real = real_shuffles(host_dir, (280,), (4242,))["280"]["4242"][0]
    deck = format_cards(card_for_id(i) for i in reversed(real))
    by_deck = run_cli("solve", "--deck", deck, "--json")
    assert by_deck.returncode == 0, by_deck.stderr
    plain = [sys.executable, "-S"]
    assert lacks_pysol_cards(plain, env)
    for python in ([sys.executable], plain):
        r = subprocess.run(python + ["-m", "pysolfc_camelot", "solve",
                                     "--deal", "4242", "--json"],
                           env=env, cwd=str(tmp_path), capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, (python, r.stderr)
        assert json.loads(r.stdout)["moves"] == \
            json.loads(by_deck.stdout)["moves"], python
        r = subprocess.run(python + ["-m", "pysolfc_camelot", "solve",
                                     "--deal", "0"],
                           env=env, cwd=str(tmp_path), capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 2 and "no deal number 0" in r.stderr, \
            (python, r.stderr)
        assert "Traceback" not in r.stderr


def test_solve_deal_without_dependencies_says_what_to_do(pysolfc_host,
                                                         tmp_path):
    version, host_dir = pysolfc_host
    root = fake_checkout(tmp_path, [(version, host_dir)], venv=False)
    env = plain_env(root)
    r = subprocess.run([sys.executable, "-S", "-m", "pysolfc_camelot",
                        "solve", "--deal", "1"], env=env, cwd=str(tmp_path),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and not r.stdout
    assert "pysol_cards" in r.stderr and "make setup" in r.stderr
    assert "Traceback" not in r.stderr


FIND = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from pysolfc_camelot.core import deals
env, checkout, system = json.loads(sys.argv[2])
try:
    print(deals.find_pysolfc(env, checkout, system))
except deals.PySolFCUnavailable as e:
    print("unavailable: %s" % e)
"""


def test_find_pysolfc_order(tmp_path):
    """PYSOLFC_DIR first, then the newest of the checkout's .host, then the
    usual installed places."""
    def pysolfc(d, version=None):
        (d / "pysollib").mkdir(parents=True)
        (d / "pysollib" / "pysolrandom.py").write_text("")
        if version:
            (d / "pysollib" / "settings.py").write_text(
                "VERSION_TUPLE = (%s)\n" % version.replace(".", ", "))
        return str(d)

    def find(env, checkout, system=()):
        r = subprocess.run(
            [sys.executable, "-I", "-c", FIND, REPO,
             json.dumps([env, str(checkout), list(system)])],
            capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        return r.stdout.strip()

    co = tmp_path / "co"
    for v in ("3.2.0", "3.10.0", "3.6.1"):
        pysolfc(co / ".host" / ("pysolfc-" + v), v)
    (co / ".host" / "pysolfc-9.9").mkdir()          # not a PySolFC
    installed = pysolfc(tmp_path / "usr-share-games-pysolfc")
    mine = pysolfc(tmp_path / "mine", "3.4.0")
    assert find({}, co, [installed]) == str(co / ".host" / "pysolfc-3.10.0")
    assert find({"PYSOLFC_DIR": mine}, co, [installed]) == mine
    assert find({}, tmp_path / "no-checkout", ["/nowhere", installed]) \
        == installed
    bad = find({"PYSOLFC_DIR": str(tmp_path)}, co, [installed])
    assert bad.startswith("unavailable") and "PYSOLFC_DIR" in bad
    # `make setup` is named only where there is a checkout to run it in.
    none = find({}, tmp_path / "no-checkout", ["/nowhere"])
    assert none.startswith("unavailable") and "make setup" not in none
    assert "apt install pysolfc" in none
    (co / "tools").mkdir()
    (co / "tools" / "setup_host.py").write_text("")
    shutil.rmtree(str(co / ".host"))
    none = find({}, co, ["/nowhere"])
    assert none.startswith("unavailable") and "make setup" in none


# -- every option says what it does -------------------------------------------

def test_every_option_has_help():
    import argparse
    from pysolfc_camelot.cli import build_parser

    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help for a in action._choices_actions}
                for name, sub in action.choices.items():
                    assert helps.get(name), "%s %s: no help" % (path, name)
                    yield from walk(sub, path + " " + name)
            else:
                yield path, action

    seen = 0
    for path, action in walk(build_parser(), "pysolfc_camelot"):
        name = "/".join(action.option_strings) or action.dest
        assert action.help and action.help != "==SUPPRESS==" \
            and action.help.strip(), "%s %s: no help text" % (path, name)
        seen += 1
    assert seen > 15
    r = run_cli("stats", "--help")
    assert r.returncode == 0 and "processes at once" in r.stdout


# -- stats: PySolFC's deal numbers by default, a seed's random decks ----------

@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_stats_solves_deal_numbers_and_a_seed_repeats_its_decks():
    """Without --seed, stats solves PySolFC's deals 1..N (issue 21: every
    deal can be replayed in PySolFC by its number); --seed S keeps the
    random decks of random.Random(S), the same every time."""
    r = run_cli("stats", "--deals", "5", "--json")
    assert r.returncode == 0, r.stderr
    by_number = json.loads(r.stdout)
    assert (by_number["first_deal"], by_number["last_deal"]) == (1, 5)
    assert "seed" not in by_number and "pass --seed" not in r.stderr
    first = run_cli("stats", "--deals", "5", "--json", "--seed", "77")
    again = run_cli("stats", "--deals", "5", "--json", "--seed", "77")
    assert first.returncode == again.returncode == 0, first.stderr
    first, again = json.loads(first.stdout), json.loads(again.stdout)
    for key in ("seed", "winnable", "not_winnable", "undecided", "states"):
        assert first[key] == again[key], key
    assert first["seed"] == 77 and "first_deal" not in first
    text = run_cli("stats", "--deals", "2", "--seed", "77")
    assert text.returncode == 0
    assert "2 deals (seed 77)" in text.stdout
    text = run_cli("stats", "--deals", "2", "--first-deal", "30000")
    assert text.returncode == 0
    assert "2 deals (PySolFC deals 30000 to 30001)" in text.stdout


def test_progress_names_the_slow_deal_while_it_runs(capsys):
    import time
    from pysolfc_camelot.cli.solve import run_many
    for jobs in (1, 2):
        assert run_many([0.05, 1.6, 0.05], jobs, worker=time.sleep) == \
            [None] * 3
        err = capsys.readouterr().err
        assert "deal 2 running 1." in err, (jobs, err)
        assert "deal 1 running" not in err and "deal 3 running" not in err
        assert err.rstrip(" \n").endswith("3/3")
    assert run_many([-3, 1, -2, 5, -7], 2, worker=abs, progress=False) == \
        [3, 1, 2, 5, 7]
    assert capsys.readouterr().err == ""


# -- small frictions (issue 14) -----------------------------------------------

PLOT_DECK = format_cards(list(range(52)) * 2)      # each card twice


def test_a_plot_deck_given_to_camelot_suggests_game_plot(tmp_path):
    want = ("error: this deck has 104 cards, as The Plot's does; Camelot's "
            "has 52: for The Plot use --game plot\n")
    for args in (("solve", "--deck", PLOT_DECK),
                 ("replay", "--deck", PLOT_DECK, "--moves", "deal"),
                 ("replay", "--game", "camelot", "--deck", PLOT_DECK,
                  "--moves", "deal", "--json")):
        r = run_cli(*args)
        assert (r.returncode, r.stderr, r.stdout) == (2, want, ""), args
    decks = tmp_path / "decks.txt"
    decks.write_text(DECK + "\n" + PLOT_DECK + "\n")
    r = run_cli("solve", "--deck-file", str(decks))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == want.replace("error: ", "error: line 2: ")
    # and the deck as The Plot's is accepted
    r = run_cli("solve", "--game", "plot", "--deck", PLOT_DECK, "--json",
            "--budget", "5")
    assert r.returncode == 0 and json.loads(r.stdout)["winnable"] is False


def test_solve_into_a_reader_that_stops_early(tmp_path):
    """`solve ... | head -1`: the first answer, then a quiet end (status
    141, as a command stopped by SIGPIPE), no BrokenPipeError traceback."""
    from pysolfc_camelot.cli.solve import random_decks
    decks = tmp_path / "decks.txt"
    decks.write_text("".join(format_cards(d) + "\n"
                             for d in random_decks(300, 5)))
    r = subprocess.run("%s -m pysolfc_camelot solve --deck-file %s --json "
                       "--budget 1 | head -1; echo \"status ${PIPESTATUS[0]}\""
                       % (sys.executable, decks), shell=True,
                       executable="/bin/bash", cwd=REPO,
                       env=dict(os.environ, PYTHONPATH=REPO),
                       capture_output=True, text=True, timeout=300)
    first, status = r.stdout.splitlines()
    assert json.loads(first)["winnable"] in (True, False, None)
    assert status == "status 141"
    assert r.stderr == "", r.stderr


def test_help_describes_both_games_and_every_command():
    import argparse
    import re
    from pysolfc_camelot.cli import build_parser
    r = run_cli("--help")
    assert r.returncode == 0 and r.stderr == ""
    text = " ".join(r.stdout.split())
    for words in ("Camelot Plus (game id 28080)", "The Plot Classic (28081)",
                  "--game camelot (the default) or --game plot",
                  "`make play`"):
        assert words in text, words
    assert not re.search(r"\bplay,", text), "no play command to name"
    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction))
    for choice in commands._choices_actions:
        assert " ".join((choice.dest, choice.help)) in text, choice.dest
    r = run_cli("replay", "--help")
    assert "0 every move was played, 1 a move was refused" in \
        " ".join(r.stdout.split())


def test_stats_counts_one_job_in_the_singular():
    r = run_cli("stats", "--deals", "2", "--seed", "1", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "s, 1 job)" in r.stdout and "1 jobs" not in r.stdout
    r = run_cli("stats", "--deals", "2", "--seed", "1", "--jobs", "2")
    assert r.returncode == 0 and "s, 2 jobs)" in r.stdout


# -- the frictions a new user met (issue 19) ---------------------------------

def test_replay_and_analyse_count_moves_from_one_alike():
    """The third move is "move 3" in replay's text and in analyse's, and
    index 2 in replay's JSON (unchanged)."""
    moves = "deal; place 5; place 5"
    replayed = run_cli("replay", "--deck", DECK, "--moves", moves)
    assert replayed.returncode == 1
    assert "move 3 refused: place 5: there is no waste card to place" in \
        replayed.stdout
    analysed = run_cli("analyse", "--deck", DECK, "--moves", moves)
    assert analysed.returncode == 2 and analysed.stdout == ""
    assert analysed.stderr == ("error: move 3 (place 5) is not legal: there"
                               " is no waste card to place\n")
    r = run_cli("replay", "--deck", DECK, "--moves", moves, "--json")
    assert json.loads(r.stdout)["failed_at"] == 2


BUDGET_COMMANDS = {
    "solve": ["solve", "--deck", DECK],
    "stats": ["stats", "--deals", "1", "--seed", "1"],
    "analyse": ["analyse", "--deck", DECK, "--moves", "deal"],
}


@pytest.mark.parametrize("command", list(BUDGET_COMMANDS))
def test_a_budget_of_no_time_is_refused(command):
    for budget in ("0", "-1", "-0.5", "nan", "soon"):
        r = run_cli(*BUDGET_COMMANDS[command], "--budget", budget, "--json")
        assert r.returncode == 2 and r.stdout == "", (budget, r)
        assert r.stderr.splitlines()[-1] == (
            "error: argument --budget: must be a number of seconds above 0,"
            " not %r" % budget), r.stderr
    r = run_cli(*BUDGET_COMMANDS[command], "--budget", "30", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])


def test_the_game_is_named_in_any_case():
    for game, deck, moves in (("plot", PLOT_DECK, "deal"),
                              ("camelot", DECK, "deal; place 5")):
        outputs = set()
        for name in (game, game.capitalize(), game.upper()):
            for command in (["replay", "--moves", moves],
                            ["analyse", "--moves", moves],
                            ["solve"]):
                r = run_cli(command[0], "--game", name, "--deck", deck,
                            *command[1:], "--json")
                assert r.returncode == 0, (name, command, r.stderr)
                out = json.loads(r.stdout)
                out.pop("seconds", None)
                outputs.add((command[0], json.dumps(out, sort_keys=True)))
        assert len(outputs) == 3, outputs       # one answer per command
    r = run_cli("replay", "--game", "Plod", "--deck", DECK, "--moves", "deal")
    assert r.returncode == 2
    assert "invalid choice: 'plod' (choose from 'camelot', 'plot')" in \
        r.stderr


def test_camelot_replay_draws_the_board():
    r = run_cli("replay", "--deck", DECK, "--moves",
                "deal; place 5; deal; place 0; deal")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "phase 1: deal and place",
        " 0 AD    1 (Q)   2 (Q)   3 (K)",
        " 4 (J)   5 AC    6 ..    7 (J)",
        " 8 (J)   9 ..   10 ..   11 (J)",
        "12 (K)  13 (Q)  14 (Q)  15 (K)",
        "waste: AH",
        "stock (49, next first): " + " ".join(DECK.split()[3:]),
        "removed (0): -",
        "status playing, score 0/40"]
    # The removal phase, the tableau full: the ten dealt first removed.
    deck = "TC " + " ".join(w for w in DECK.split() if w != "TC")
    r = run_cli("replay", "--deck", deck, "--moves", "; ".join(
        "deal; place %d" % s for s in range(16)) + "; remove 0")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "phase 2: remove tens and pairs", r.stdout
    assert lines[1] == " 0 (K)   1 AC    2 AD    3 AH", r.stdout
    assert "removed (1): TC" in lines


def test_pictures_without_pillow_says_what_to_do(tmp_path):
    """From a pip install without Pillow, ``pictures`` explains and stops:
    exit 2, no traceback, no picture touched."""
    import venv
    venv.create(tmp_path / "env", with_pip=False)
    python = tmp_path / "env" / "bin" / "python"
    assert subprocess.run([str(python), "-c", "import PIL"],
                          capture_output=True).returncode != 0
    images = sorted((helpers.REPO / "images").glob("*.png"))
    before = [(p, p.stat().st_mtime_ns) for p in images]
    r = run_cli("pictures", python=python, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "", r
    assert r.stderr == (
        "error: drawing the pictures needs Pillow, which this Python lacks"
        " (%s -m pip install pillow); nothing was written\n" % python)
    assert [(p, p.stat().st_mtime_ns) for p in images] == before

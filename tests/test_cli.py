"""The command line, run as a user runs it: a separate process."""
import json
import os
import subprocess
import sys

from pysolfc_camelot.cards import format_cards

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECK = format_cards(range(52))      # AC AD AH AS 2C ... KS


def run(*args):
    env = dict(os.environ, PYTHONPATH=REPO)
    return subprocess.run([sys.executable, "-m", "pysolfc_camelot", *args],
                          env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=60)


def test_replay_json_contract():
    r = run("replay", "--deck", DECK, "--moves", "deal; place 5; deal",
            "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"ok": True, "failed_at": None,
                                    "error": None, "phase": 1, "score": 0,
                                    "status": "playing"}


def test_replay_reports_the_first_illegal_move():
    # Deal AC, then try to place it on slot 5 twice.
    r = run("replay", "--deck", DECK, "--moves",
            "deal; place 5; place 5; deal", "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 0
    assert out["ok"] is False and out["failed_at"] == 2
    assert "no waste card" in out["error"] and out["status"] == "playing"


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
    r = run("replay", "--deck", deck, "--moves", "; ".join(moves), "--json")
    out = json.loads(r.stdout)
    assert out == {"ok": True, "failed_at": None, "error": None,
                   "phase": 2, "score": 40, "status": "won"}


def test_bad_deck_and_bad_moves_exit_2():
    r = run("replay", "--deck", "AC KD", "--moves", "deal", "--json")
    assert r.returncode == 2 and "52 cards" in r.stderr and not r.stdout
    r = run("replay", "--deck", DECK, "--moves", "deal; fly 3", "--json")
    assert r.returncode == 2 and "not a move" in r.stderr and not r.stdout
    r = run("replay", "--deck", DECK)
    assert r.returncode == 2 and "--moves" in r.stderr


def test_solve_by_pysolfc_deal_number(pysolfc_host, tmp_path):
    """`solve --deal N` solves the deal PySolFC shows under number N (the
    in-PySolFC scenario deal_numbers checks that deck against the game)."""
    version, host_dir = pysolfc_host
    env = dict(os.environ, PYTHONPATH=REPO, PYSOLFC_DIR=str(host_dir))
    code = ("from pysolfc_camelot import deals, cards;"
            "print(cards.format_cards(deals.deck_for_deal(4242)))")
    deck = subprocess.run([sys.executable, "-c", code], env=env,
                          capture_output=True, text=True, timeout=60)
    assert deck.returncode == 0, deck.stderr
    by_number = subprocess.run(
        [sys.executable, "-m", "pysolfc_camelot", "solve", "--deal", "4242",
         "--json"], env=env, capture_output=True, text=True, timeout=120)
    by_deck = run("solve", "--deck", deck.stdout.strip(), "--json")
    assert by_number.returncode == 0, by_number.stderr
    a, b = json.loads(by_number.stdout), json.loads(by_deck.stdout)
    assert a["winnable"] is not None and a["winnable"] == b["winnable"]
    assert a["moves"] == b["moves"]
    env["PYSOLFC_DIR"] = str(tmp_path)          # no PySolFC there
    r = subprocess.run([sys.executable, "-m", "pysolfc_camelot", "solve",
                        "--deal", "1"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "PYSOLFC_DIR" in r.stderr

# SPDX-License-Identifier: GPL-3.0-or-later
"""``replay --game plot``, run as a user runs it: a separate process."""
import json
import random

from pysolfc_camelot.plot.notation import format_deck, format_moves
from helpers import greedy_line, hand_built_win, run_cli

DECK = format_deck(list(range(52)) * 2)     # AC AD .. KS AC AD .. KS


def plot_json(deck, moves):
    r = run_cli("replay", "--game", "plot", "--deck", deck, "--moves", moves,
            "--json")
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert len(lines) == 1, "exactly one JSON object"
    out = json.loads(lines[0])
    assert list(out) == ["ok", "failed_at", "error", "status", "score"]
    # 0 when every move was played, 1 when one was refused
    assert r.returncode == (0 if out["ok"] else 1), (r.returncode, out)
    return out


def test_json_contract():
    # DECK: reserve AC..4C (4C on top), F0 = 4D (base 4), T0..T11 = 4H 4S
    # 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D, stock 7H 7S 8C ...
    out = plot_json(DECK, "deal; T0>F0")
    assert out == {"ok": False, "failed_at": 1,
                   "error": "T0>F0: F0 takes a 5 next, not 4H",
                   "status": "playing", "score": 1}
    out = plot_json(DECK, "deal;deal\nT1>F0;")
    assert out == {"ok": False, "failed_at": 2, "error":
                   "T1>F0: F0 takes a 5 next, not 4S", "status": "playing",
                   "score": 1}
    out = plot_json(DECK, "T2>F0; T6 > F0; t10>f0; deal; STOCK>T9; deal")
    assert out == {"ok": False, "failed_at": 4, "error":
                   "stock>T9: after the deal, 7S does not go onto 6S: the"
                   " tableau builds down by one rank",
                   "status": "playing", "score": 4}
    assert plot_json(DECK, "") == {"ok": True, "failed_at": None,
                                   "error": None, "status": "playing",
                                   "score": 1}


def test_a_won_game():
    deck, moves = hand_built_win()
    assert plot_json(deck, moves) == {"ok": True, "failed_at": None,
                                      "error": None, "status": "won",
                                      "score": 104}


def test_a_lost_game():
    rng = random.Random(31)
    for _ in range(100):
        deck = list(range(52)) * 2
        rng.shuffle(deck)
        end, line = greedy_line(deck)
        if end.status() == "lost":
            break
    else:
        raise AssertionError("no lost deal found")
    out = plot_json(format_deck(deck), format_moves(line))
    assert out == {"ok": True, "failed_at": None, "error": None,
                   "status": "lost", "score": end.score}
    assert out["score"] < 104


def test_text_output():
    r = run_cli("replay", "--game", "plot", "--deck", DECK, "--moves",
            "deal; T4>F0; waste>T0")
    assert r.returncode == 1 and r.stderr == ""
    text = r.stdout
    assert "base rank 4" in text and "reserve (13, top last)" in text
    assert "F0 4D..5H (2)" in text and "T11 7D" in text
    assert "stock (77)" in text and "waste (1, top last): 7H" in text
    assert "status playing, score 2/104" in text
    assert ("move 3 refused: waste>T0: the top of T0, 4H, is of the base"
            " rank" in text)


def test_bad_deck_text_exits_2():
    cards = DECK.split()
    for deck, words in ((" ".join(cards[:-1]), "104 cards"),
                        (" ".join(cards[:52]), "as Camelot's does; The "
                         "Plot's has 104 (each card twice): for Camelot use"
                         " --game camelot (the default)"),
                        (" ".join(["7H"] + cards[1:]),
                         "once: AC; 3 times: 7H"),
                        (DECK.replace("KS", "KX"), "not a card: 'KX'")):
        r = run_cli("replay", "--game", "plot", "--deck", deck, "--moves",
                "deal", "--json")
        assert r.returncode == 2, r
        assert words in r.stderr and r.stderr.startswith("error: ")
        assert r.stdout == ""


def test_bad_move_text_exits_2():
    for moves, words in (("deal; fly", "not a move: 'fly'"),
                         ("deal; waste>T12", "unknown pile 'T12'"),
                         ("place 5", "not a move")):
        r = run_cli("replay", "--game", "plot", "--deck", DECK, "--moves",
                moves, "--json")
        assert r.returncode == 2 and words in r.stderr and r.stdout == ""


def test_camelot_stays_the_default():
    deck52 = " ".join(DECK.split()[:52])
    for extra in ((), ("--game", "camelot")):
        r = run_cli("replay", *extra, "--deck", deck52, "--moves",
                "deal; place 5", "--json")
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout) == {"ok": True, "failed_at": None,
                                        "error": None, "phase": 1,
                                        "score": 0, "status": "playing"}
    r = run_cli("replay", "--game", "plot", "--deck", deck52, "--moves",
                "deal")
    assert r.returncode == 2 and "The Plot's has 104" in r.stderr
    r = run_cli("replay", "--game", "freecell", "--deck", deck52, "--moves",
            "deal")
    assert r.returncode == 2 and "invalid choice" in r.stderr


def test_a_camelot_deck_given_to_the_plot_suggests_camelot():
    deck52 = " ".join(DECK.split()[:52])
    want = ("error: this deck has 52 cards, as Camelot's does; The Plot's "
            "has 104 (each card twice): for Camelot use --game camelot (the"
            " default)\n")
    for args in (("solve", "--game", "plot", "--deck", deck52),
                 ("replay", "--game", "plot", "--deck", deck52, "--moves",
                  "deal", "--json")):
        r = run_cli(*args)
        assert (r.returncode, r.stderr, r.stdout) == (2, want, ""), args
    # a deck of neither size keeps the game's own message
    r = run_cli("solve", "--game", "plot", "--deck",
                " ".join(DECK.split()[:60]))
    assert r.returncode == 2 and "a Plot deck has 104 cards" in r.stderr

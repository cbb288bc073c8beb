# SPDX-License-Identifier: GPL-3.0-or-later
"""Winnable deals only, the first deal of a game: PySolFC's start on the
game, and the game picked from the Select menu, in a real PySolFC under
Xvfb on every host, with PySolFC's default automatic play and animations
(Autodeal on: Camelot deals its first card by itself).

At a start PySolFC deals with ``newGame(autoplay=0)``, then plays the
automatic moves, then forgets them (``stats.player_moves = 0``); the
screening must not take those moves for the player's and stop.  Each
start here must end with "Winnable deal" on the table, and the cards on
the table (read from the game's state file) are proven winnable in this
process by the game's own solver, and are the deal number's cards.

WINNABLE_STARTS (environment, 4 by default) sets how many starts per game
and host, and how many picks of each game from the Select menu.
"""
import json
import os

import pytest

import hostenv as H
from pysolfc_camelot.core import deals
from pysolfc_camelot.camelot import rules as camelot_rules
from pysolfc_camelot.core.cards import format_card, parse_card
from pysolfc_camelot.plot import rules as plot_rules
from tables import CamelotTable
from test_winnable_deals import (GAMES, SETTINGS_FILE, Winnable,
                                 cards_of_deal, table_cards, table_cards_of)

STARTS = int(os.environ.get("WINNABLE_STARTS", "4"))
SETTLED = ("winnable", "unscreened")    # the screening has ended
# PySolFC's own defaults (the tests' Pysol turns Autodeal off, and
# fresh_home the animations).
PLAYER_DEFAULTS = {"autodeal": True, "animations": 3}


def table_position(game, s):
    """The rules position of the cards on the table (the state file)."""
    if game == "camelot":
        def card(x):
            return None if x is None else parse_card(x)
        return camelot_rules.Position(
            stock=[parse_card(c) for c in s["stock"]], waste=card(s["waste"]),
            tableau=[card(c) for c in s["tableau"]],
            removed=[parse_card(c) for c in s["removed"]], phase=s["phase"])

    def pile(cards):
        return [parse_card(c) for c in cards]
    return plot_rules.Position(
        reserve=pile(s["reserve"]),
        foundations=[pile(f) for f in s["foundations"]],
        tableau=[pile(t) for t in s["tableau"]],
        stock=pile(s["stock"]), waste=pile(s["waste"]))


def proven_winnable(game, s):
    """The solver's verdict, in this process, on the table in state s."""
    from importlib import import_module
    solver = import_module(GAMES[game][0].__name__ + ".solver")
    return solver.solve(table_position(game, s), budget_seconds=120).winnable


def switch_on(tmp_path, host_dir, *games):
    """The option on for these games before PySolFC starts, as a player's
    earlier session left it (their settings files)."""
    folder = tmp_path / "home" / H.config_folder_name(host_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for game in games:
        (folder / SETTINGS_FILE[game]).write_text(
            json.dumps({"winnable_deals": True}))


def first_deal(ps, game, timeout=90):
    """The state once the game's first deal is settled (screened or not),
    the game current and idle."""
    ps.game(GAMES[game][0].GAME_ID, timeout=timeout)
    return ps.state(lambda s: s.get("winnable", {}).get("status") in SETTLED
                    and is_state_of(game, s),
                    "%s's first deal settled" % game, timeout=timeout)


def is_state_of(game, s):
    """Whether state s is this game's (after a pick from Select the file
    may still hold the other game's for a moment)."""
    if game == "camelot":
        return "phase" in s
    return s.get("game") == GAMES[game][0].GAME_ID


def check_deal(game, s, how, failures):
    """Record what is wrong with the first deal in state s, if anything."""
    deal = s["winnable"]["deal"]
    if s["winnable"]["status"] != "winnable":
        failures.append((how, deal, s["winnable"]["status"],
                         proven_winnable(game, s)))
        return
    assert table_cards(game, s) == cards_of_deal(game, deal), (how, deal)
    verdict = proven_winnable(game, s)
    if verdict is not True:
        failures.append((how, deal, "winnable", verdict))


@pytest.mark.parametrize("game", list(GAMES))
def test_first_deal_at_start_is_screened(pysolfc_host, display, artifacts,
                                         tmp_path, game):
    _version, host_dir = pysolfc_host
    switch_on(tmp_path, host_dir, game)
    failures, deals = [], []
    for start in range(STARTS):
        ps = Winnable(game, host_dir, tmp_path, artifacts, display,
                      **PLAYER_DEFAULTS)
        with ps.watched():
            ps.start(settle=False)
            s = first_deal(ps, game)
            if start == 0:
                ps.shot("first-deal")
        check_deal(game, s, "start %d" % start, failures)
        deals.append(s["winnable"]["deal"])
    assert not failures, "%d of %d starts: %s" % (len(failures), STARTS,
                                                  failures)
    assert len(set(deals)) == len(deals), deals


def select_game(ps, game):
    """Select > All games by name > the range holding the game > the
    game, by clicks, as a player picks it."""
    name = GAMES[game][0].GAME_NAME
    p = ps.open_menu("Select", "All games by name")
    e = ps.shown_entry(p, ps.menu_names("All games by name"), False)
    ps.click(e["x"], e["y"])
    # PySolFC's ranges ("Cam - Can"): try those whose first name does not
    # come after the game's, last first, until one lists the game.
    ranges = H.wait_for(lambda: [
        x for m in ps.probe()["menus"]["shown"] for x in m["entries"]
        if " - " in x["label"]], timeout=5, what="the ranges")
    for r in reversed(ranges):
        if r["label"].split(" - ")[0].casefold() > name[:3].casefold():
            continue
        ps.click(r["x"], r["y"])
        try:
            p = ps.probe(lambda p: ps.shown_entry(p, name, False),
                         "%s listed" % name, timeout=4)
            break
        except AssertionError:
            continue
    e = ps.shown_entry(p, name, False)
    ps.click(e["x"], e["y"])


def test_first_deal_picked_from_select_is_screened(pysolfc_host, display,
                                                   artifacts, tmp_path):
    _version, host_dir = pysolfc_host
    switch_on(tmp_path, host_dir, *GAMES)
    ps = Winnable("camelot", host_dir, tmp_path, artifacts, display,
                  **PLAYER_DEFAULTS)
    failures = {game: [] for game in GAMES}
    with ps.watched():
        ps.start(settle=False)
        first_deal(ps, "camelot")
        for pick in range(STARTS):
            for game in ("plot", "camelot"):
                select_game(ps, game)
                s = first_deal(ps, game)
                if pick == 0:
                    ps.shot("picked-%s" % game)
                check_deal(game, s, "pick %d" % pick, failures[game])
    assert failures == {game: [] for game in GAMES}, {
        game: "%d of %d picks: %s" % (len(f), STARTS, f)
        for game, f in failures.items()}


def test_a_players_move_still_stops_the_search(pysolfc_host, display,
                                               artifacts, tmp_path,
                                               monkeypatch):
    """Camelot's automatic first card does not stop the search; the
    player's first move (the waste's card dragged to a slot) does: the
    deal stays, unscreened.  A budget of no state per deal
    (CAMELOT_TEST_WINNABLE_STATES=0) decides no deal, so the search goes
    on until then."""
    _version, host_dir = pysolfc_host
    switch_on(tmp_path, host_dir, "camelot")
    monkeypatch.setenv("CAMELOT_TEST_WINNABLE_STATES", "0")
    ps = Winnable("camelot", host_dir, tmp_path, artifacts, display,
                  **PLAYER_DEFAULTS)
    table = CamelotTable(ps.state_file, display)
    with ps.watched():
        ps.start(settle=False)
        s = ps.state(lambda s: s["winnable"]["status"] == "looking" and
                     s["winnable"]["tried"] >= 3 and s["waste"],
                     "the first card dealt by itself, still looking",
                     timeout=30)
        deal = s["winnable"]["deal"]
        place = next(m for m in table_position("camelot", s).legal_moves()
                     if m.kind == "place")
        s = table.act(lambda s: table.drag(s, "waste", place.a),
                      lambda s: s["tableau"][place.a] is not None,
                      "the waste's card placed")
        s = ps.state(lambda s: s["winnable"]["status"] == "unscreened",
                     "the search stopped by the move")
        assert s["winnable"]["deal"] == deal and s["winnable"]["proven"] == []
        ps.probe(lambda p: not [t for t in p["threads"] if "winnable" in t],
                 "the search's thread ended")
        ps.shot("stopped-by-a-move")


@pytest.mark.host    # PySolFC's deal numbers: its random module deals them
def test_table_position_is_the_deal():
    """The position read from a state file is the deal's (Camelot after
    its first card dealt, The Plot as dealt)."""
    n = 10 ** 16 + 7
    deck = deals.deck_for_deal(n, 1)
    s = {"stock": [format_card(c) for c in deck[1:]],
         "waste": format_card(deck[0]), "tableau": [None] * 16,
         "removed": [], "phase": 1}
    pos = camelot_rules.Position.new_game(deck).after(camelot_rules.DEAL)
    assert table_position("camelot", s) == pos
    deck = deals.deck_for_deal(n, 2)
    pos = plot_rules.Position.new_game(deck)
    s = dict(table_cards_of(pos), waste=[])
    assert table_position("plot", s) == pos

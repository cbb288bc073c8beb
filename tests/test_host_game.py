# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game inside real PySolFC (every host version): each scenario of
the game's tests/host/<game>_scenarios.py runs in a live PySolFC process
started on that game (tests/host/runner.py), with the plugin installed by
our installer into a fresh HOME.  One process per game and host runs all
of that game's scenarios; each test reports one of them."""
import pytest

import hostenv

from pysolfc_camelot import games

SCENARIOS = {
    "camelot": ["registration", "deal_place", "remove_pair_phases",
                "lost_and_stuck", "undo_redo", "save_load", "damaged_save",
                "deal_numbers", "conservation", "perfect_hints_win",
                "fair_hint_is_a_legal_move", "fair_demo_wins_known_deal",
                "demo_perfect_wins",
                "solver_dialog", "stale_hint_never_shown",
                "demo_stopped_while_thinking"],
    "plot": ["registration", "layout_and_texts", "won_game",
             "lost_and_stuck", "no_automatic_moves", "undo_redo",
             "save_load", "damaged_save", "deal_numbers", "conservation",
             "hints_are_legal_moves", "demo_wins_constructed_deal",
             "select_dialog_preview", "bookmarks", "perfect_hints_win",
             "hint_mode_label", "demo_perfect_wins", "solver_dialog",
             "demo_stopped_while_thinking"],
}
assert sorted(SCENARIOS) == sorted(games.GAMES), "a game without scenarios"
_results = {}


@pytest.mark.parametrize("game, name", [
    (game, name) for game in games.GAMES for name in SCENARIOS[game]])
def test_in_pysolfc(pysolfc_host, game, name, display, tmp_path_factory):
    version, host_dir = pysolfc_host
    if (game, version) not in _results:
        tmp = tmp_path_factory.mktemp("%s-pysol-%s" % (game, version))
        _results[game, version] = hostenv.run_scenarios(
            host_dir, tmp, games.package(game).GAME_ID,
            game + "_scenarios.py", SCENARIOS[game])
    results, log = _results[game, version]
    r = hostenv.check_scenario(results, log, name)
    print(version, game, name, r["seconds"], "s", r["detail"])

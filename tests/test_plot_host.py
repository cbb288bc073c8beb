# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot inside real PySolFC (every host version): each scenario in
tests/host/plot_scenarios.py runs in a live PySolFC process started on our
game (tests/host/runner.py), with the plugin installed by our installer
into a fresh HOME."""
import pytest

import hostenv

from pysolfc_camelot.plot import GAME_ID

SCENARIOS = ["registration", "layout_and_texts", "won_game",
             "lost_and_stuck", "no_automatic_moves", "undo_redo",
             "save_load", "damaged_save", "deal_numbers", "conservation",
             "hints_are_legal_moves", "demo_wins_constructed_deal",
             "select_dialog_preview", "bookmarks", "perfect_hints_win",
             "hint_mode_label", "demo_perfect_wins", "solver_dialog",
             "demo_stopped_while_thinking"]
_results = {}


@pytest.mark.parametrize("name", SCENARIOS)
def test_plot_in_pysolfc(pysolfc_host, name, display, tmp_path_factory):
    version, host_dir = pysolfc_host
    if version not in _results:
        tmp = tmp_path_factory.mktemp("plot-pysol-" + version)
        _results[version] = hostenv.run_scenarios(
            host_dir, tmp, GAME_ID, "plot_scenarios.py", SCENARIOS)
    results, log = _results[version]
    r = hostenv.check_scenario(results, log, name)
    print(version, name, r["seconds"], "s", r["detail"])

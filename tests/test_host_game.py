"""The game inside real PySolFC (every host version): each scenario in
tests/host/scenarios.py runs in a live PySolFC process with the plugin
installed by our installer into a fresh HOME."""
import pytest

import hostenv

from pysolfc_camelot.camelot import GAME_ID

SCENARIOS = ["registration", "deal_place", "remove_pair_phases",
             "lost_and_stuck", "undo_redo", "save_load", "damaged_save",
             "deal_numbers", "conservation", "perfect_hints_win",
             "fair_hint_is_a_legal_move", "demo_perfect_wins",
             "solver_dialog", "stale_hint_never_shown",
             "demo_stopped_while_thinking"]
_results = {}


@pytest.mark.parametrize("name", SCENARIOS)
def test_in_pysolfc(pysolfc_host, name, display, tmp_path_factory):
    version, host_dir = pysolfc_host
    if version not in _results:
        tmp = tmp_path_factory.mktemp("pysol-" + version)
        _results[version] = hostenv.run_scenarios(
            host_dir, tmp, GAME_ID, "scenarios.py", SCENARIOS)
    results, log = _results[version]
    r = hostenv.check_scenario(results, log, name)
    print(version, name, r["seconds"], "s", r["detail"])

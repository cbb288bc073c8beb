"""The game inside real PySolFC (every host version): each scenario in
tests/host/scenarios.py runs in a live PySolFC process with the plugin
installed by our installer into a fresh HOME."""
import json
import subprocess

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


def run_scenarios(host_dir, tmp_path, names):
    env = hostenv.fresh_home(tmp_path)
    hostenv.install_plugin(env, host_dir)
    env["CAMELOT_GAME_ID"] = str(GAME_ID)
    env.pop("PYTHONPATH", None)     # the plugin's installed copy only
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [hostenv.host_python(), str(hostenv.REPO / "tests/host/runner.py"),
         str(host_dir), str(hostenv.REPO / "tests/host/scenarios.py"),
         ",".join(names), str(out)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=600)
    assert out.exists(), "PySolFC run failed:\n" + proc.stdout[-5000:]
    return json.loads(out.read_text()), proc.stdout


@pytest.mark.parametrize("name", SCENARIOS)
def test_in_pysolfc(pysolfc_host, name, display, tmp_path_factory):
    version, host_dir = pysolfc_host
    if version not in _results:
        tmp = tmp_path_factory.mktemp("pysol-" + version)
        _results[version] = run_scenarios(host_dir, tmp, SCENARIOS)
    results, log = _results[version]
    r = results[name]
    assert r["ok"], r.get("error", "") + "\n--- PySolFC output ---\n" + log
    print(version, name, r["seconds"], "s", r["detail"])

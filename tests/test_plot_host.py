# SPDX-License-Identifier: GPL-3.0-or-later
"""The Plot inside real PySolFC (every host version): each scenario in
tests/host/plot_scenarios.py runs in a live PySolFC process started on our
game (tests/host/runner.py), with the plugin installed by our installer
into a fresh HOME."""
import json
import subprocess

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


def run_scenarios(host_dir, tmp_path, names):
    env = hostenv.fresh_home(tmp_path)
    hostenv.install_plugin(env, host_dir)
    env["CAMELOT_GAME_ID"] = str(GAME_ID)
    env.pop("PYTHONPATH", None)     # the plugin's installed copy only
    # All scenarios run in one process: room for a busy machine.
    env.setdefault("CAMELOT_SCENARIO_TIMEOUT", "800")
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [hostenv.host_python(), str(hostenv.REPO / "tests/host/runner.py"),
         str(host_dir), str(hostenv.REPO / "tests/host/plot_scenarios.py"),
         ",".join(names), str(out)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=900)
    assert out.exists(), "PySolFC run failed:\n" + proc.stdout[-5000:]
    return json.loads(out.read_text()), proc.stdout


@pytest.mark.parametrize("name", SCENARIOS)
def test_plot_in_pysolfc(pysolfc_host, name, display, tmp_path_factory):
    version, host_dir = pysolfc_host
    if version not in _results:
        tmp = tmp_path_factory.mktemp("plot-pysol-" + version)
        _results[version] = run_scenarios(host_dir, tmp, SCENARIOS)
    results, log = _results[version]
    assert name in results, "not run (watchdog?): %s\n%s" % (
        results.get("watchdog"), log[-5000:])
    r = results[name]
    assert r["ok"], r.get("error", "") + "\n--- PySolFC output ---\n" + log
    assert "Traceback" not in log, log
    print(version, name, r["seconds"], "s", r["detail"])

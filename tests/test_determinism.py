# SPDX-License-Identifier: GPL-3.0-or-later
"""The determinism check (tools/determinism.py): solve, stats, the hints'
moves (play) and analyse answer on seeded decks of every game exactly as
recorded on branch ``layers``, before the game spec
(tests/data/determinism.json).  Needs PySolFC's deals (``make setup``)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import determinism  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.host    # numbered deals: PySolFC's random module deals them
def test_the_answers_are_those_recorded(capsys):
    record = ROOT / "tests" / "data" / "determinism.json"
    rc = determinism.main(["--check", str(record)])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert out.strip().endswith("0 difference(s)")


def test_the_check_sees_a_difference():
    old = {"plot": {"solve": [{"rc": 0, "out": [{"winnable": True}]}]}}
    new = {"plot": {"solve": [{"rc": 0, "out": [{"winnable": False}]}]}}
    assert determinism.differences(old, new) == [
        ".plot.solve[0].out[0].winnable: True != False"]
    assert determinism.differences(old, old) == []

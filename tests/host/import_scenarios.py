# SPDX-License-Identifier: GPL-3.0-or-later
"""What a real PySolFC process has imported once our game is on the table
and a hint has been shown (runner.py; CAMELOT_GAME_ID says which game):
tests/test_study.py checks that the study's extras (Dask, tqdm, rich) and
the command line's modules are not among them."""
import sys

from scenario_steps import quiet, ready_hint


def scenario_modules(app):
    quiet(app)
    ready_hint(app, app.game)
    plugin = sys.modules["pysolfc_camelot.pysol.plugin"]
    return {"modules": sorted(sys.modules), "plugin": plugin.__file__}

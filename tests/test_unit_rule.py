# SPDX-License-Identifier: GPL-3.0-or-later
"""The fast loop's selection (tests/conftest.py): `make unit` leaves out
the unit tests marked slow unless asked for them, and a run without
--unit (`make test`, CI) keeps them."""
import os
import subprocess
import sys

from hostenv import REPO

FILE = "tests/test_fair_carry.py"
SLOW = "test_plot_tiers_medium_and_hard"


def collected(*options):
    # without the caller's options (CI's --junitxml names its own report)
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q",
         "-p", "no:cacheprovider", *options, FILE],
        cwd=str(REPO), env=env, capture_output=True, text=True,
        timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return [line for line in r.stdout.splitlines() if "::" in line]


def test_make_unit_leaves_slow_tests_out_unless_asked():
    fast = collected("--unit")
    assert fast and not any(SLOW in t for t in fast)
    with_slow = collected("--unit", "--slow")
    assert sum(SLOW in t for t in with_slow) == 2
    assert set(fast) < set(with_slow)
    # what `make test` collects: every one of them
    assert set(collected()) == set(with_slow)

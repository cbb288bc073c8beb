# SPDX-License-Identifier: GPL-3.0-or-later
"""The Camelot solver as it was at main commit 4230611 (2026-12-01), frozen
as the benchmark's baseline: bench/bench.py times it against the current
solver on the same deals in one run.  Only the imports were changed (the
rules model, notation and cards come from the package).  Importable by the
bench only (bench/ is not part of the installed package); do not edit."""

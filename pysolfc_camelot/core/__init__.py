# SPDX-License-Identifier: GPL-3.0-or-later
"""The shared model of the games: cards and their notation, outcomes,
PySolFC's deals, the analysis, the fair player.  Pure: no PySolFC
import."""

# SPDX-License-Identifier: GPL-3.0-or-later
"""The PySolFC side: what our games are inside PySolFC (hints, demo,
Assist > Solver, winnable deals, What went wrong, speech and keys, table
texts, history).  Only the games' game.py modules import it."""

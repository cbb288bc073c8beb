# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's rules page shows no picture."""
PICTURES = {}

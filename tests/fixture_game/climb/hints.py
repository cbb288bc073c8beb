# SPDX-License-Identifier: GPL-3.0-or-later
"""Climb's hints: a card home whenever one can go (never worse than
dealing), else deal."""


def fair_move(position):
    moves = position.legal_moves()
    return moves[0] if moves else None


greedy_move = fair_move

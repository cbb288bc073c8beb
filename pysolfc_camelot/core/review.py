# SPDX-License-Identifier: GPL-3.0-or-later
"""What went wrong, for the table: the analysis of a game (analysis.py)
run for PySolFC in a search process of its own, and its answer in the
player's words.  Pure: no PySolFC import (the PySolFC side is
post_mortem.py).

* ``request`` / ``answer``: what post_mortem.py sends a search process
  (``python -m pysolfc_camelot.core.review``, see search_process.process_job)
  and what it answers: the analysis as JSON, moves in the notation of
  ``replay``.  Where no child process can start, ``answer`` runs in a
  worker thread instead.
* ``Verdict`` / ``verdict``: the answer read back, with the moves as the
  game's Move objects and the moment to go back to.
* ``describe``: the verdict as the lines of the dialog, in the player's
  language.  Moves are numbered as PySolFC counts them (its status bar's
  "Moves"), which is not always the number of rules moves: one PySolFC
  move may hold two (a card placed, then the deal PySolFC's Autodeal
  makes by itself).  ``numbers[i]`` is PySolFC's count after the first i
  rules moves.
"""
import textwrap
from typing import NamedTuple, Optional

from . import analysis
from .budget import Budget

# Seconds the whole analysis may take (the player may stop it sooner).
BUDGET_SECONDS = 30.0
# Width of the dialog's lines, in characters: readable in a small window.
LINE_WIDTH = 44


def budget_text(seconds, lang=None):
    """The analysis' time budget as lang writes it: 30, 0.3 (0,3)."""
    from ..texts import decimal
    text = "%g" % seconds
    if "." not in text:
        return text
    return decimal(seconds, len(text.split(".")[1]), lang)


def notation_of(game):
    """The notation module of ``game`` (a name of games.GAMES)."""
    from .. import games
    return games.spec(game).notation


def request(game, deck, moves, budget=BUDGET_SECONDS):
    """The JSON-able request for a search process."""
    return {"game": game, "deck": list(deck),
            "moves": [str(m) for m in moves], "budget": budget}


def answer(req, progress=None, should_stop=None):
    """The analysis of ``req`` as JSON: the command line's contract
    (analysis.Analysis.contract) and how far it got."""
    notation = notation_of(req["game"])
    moves = [notation.parse_move(m) for m in req["moves"]]

    def tick(p):
        if progress is not None:
            progress(p.solves)
    a = analysis.analyse(req["game"], req["deck"], moves,
                         Budget(req["budget"], should_stop=should_stop),
                         progress=tick)
    out = a.contract()
    out.update(winnable_through=a.winnable_through, lost_from=a.lost_from,
               undecided=list(a.undecided), solves=a.solves,
               seconds=a.seconds, stopped=a.stopped)
    return out


class Verdict(NamedTuple):
    """An answer read back (moves as Move objects)."""
    status: str
    winnable_at_start: Optional[bool]
    last_winnable: Optional[int]        # rules moves after which a win was
    mistake: Optional[object]
    better: Optional[object]
    line: Optional[list]
    winnable_through: int
    lost_from: int
    seconds: float
    stopped: bool
    budget: float


def verdict(game, result, budget):
    notation = notation_of(game)

    def move(text):
        return None if text is None else notation.parse_move(text)
    return Verdict(
        status=result["status"],
        winnable_at_start=result["winnable_at_start"],
        last_winnable=result["last_winnable"],
        mistake=move(result["mistake"]), better=move(result["better"]),
        line=None if result["line"] is None
        else [move(m) for m in result["line"]],
        winnable_through=result["winnable_through"],
        lost_from=result["lost_from"], seconds=result["seconds"],
        stopped=result["stopped"], budget=budget)


def moment(numbers, k):
    """PySolFC's move count to go back to for the position after k rules
    moves: the last one at k (or, should k fall inside one PySolFC move,
    the last one before it)."""
    at = [g for g, n in enumerate(numbers) if n <= k]
    exact = [g for g in at if numbers[g] == k]
    return (exact or at)[-1]


def describe(game, v, positions, numbers, lang=None):
    """The dialog's paragraphs for verdict ``v``: ``positions[i]`` is the
    rules position after i rules moves, ``numbers`` as in the module
    text.  Each paragraph is wrapped to LINE_WIDTH."""
    from ..texts import tr
    notation = notation_of(game)

    def name(pos, m):
        return notation.name_move(pos, m, lang=lang)

    def after(i):
        """PySolFC's move number of the position after i rules moves."""
        return moment(numbers, i)
    n = len(positions) - 1
    k = v.last_winnable
    out = []
    if v.winnable_at_start is False:
        out.append(tr("solver.review.never", lang=lang))
    elif k is None:
        if v.stopped:
            out.append(tr("solver.review.stopped", lang=lang))
        else:
            out.append(tr("solver.review.undecided", lang=lang,
                          seconds=budget_text(v.budget, lang)))
        lo, hi = v.winnable_through, v.lost_from
        if lo == 0:
            out.append(tr("solver.review.proved_deal", lang=lang))
        elif lo > 0:
            out.append(tr("solver.review.proved_win", lang=lang,
                          k=after(lo)))
        if hi <= n:
            out.append(tr("solver.review.proved_lost", lang=lang,
                          k=after(hi)))
    elif v.status == "won":
        out.append(tr("solver.review.won", lang=lang))
    elif k == n:
        out.append(tr("solver.review.still", lang=lang))
        if v.better is not None:
            out.append(tr("solver.review.next", lang=lang,
                          move=name(positions[k], v.better)))
    else:
        out.append(tr("solver.review.start", lang=lang))
        g = after(k)
        mistake = name(positions[k], v.mistake)
        if g == 0:
            out.append(tr("solver.review.lost_first", lang=lang,
                          move=mistake))
        else:
            out.append(tr("solver.review.lost_after", lang=lang, k=g,
                          n=g + 1, move=mistake))
        out.append(tr("solver.review.instead", lang=lang,
                      move=name(positions[k], v.better)))
    return [textwrap.fill(p, LINE_WIDTH, break_long_words=False,
                          break_on_hyphens=False) for p in out]


if __name__ == "__main__":
    from .search_service import serve
    serve(answer)

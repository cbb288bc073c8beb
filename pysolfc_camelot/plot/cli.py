"""The Plot's part of the command line: ``replay --game plot``.

The top-level cli.py only dispatches here, so the game's notation and
output stay with the game.
"""
import json
import sys

from ..cards import NotationError
from . import rules
from .notation import parse_deck, parse_moves


def replay(deck_text, moves_text, as_json=False, out=None, err=None):
    """Play ``moves_text`` on ``deck_text`` and report; the exit status.

    ``--json`` prints exactly one object: ``ok``, ``failed_at``, ``error``,
    ``status`` and ``score``.  Text that is not a deck or a move list is an
    error on stderr and status 2; a refused move is a result (printed as
    any other), status 1; 0 when every move was played.
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        deck = parse_deck(deck_text)
        moves = parse_moves(moves_text)
    except NotationError as e:
        print("error: %s" % e, file=err)
        return 2
    pos, failed_at, error = rules.replay(deck, moves)
    result = {"ok": failed_at is None, "failed_at": failed_at,
              "error": error, "status": pos.status(), "score": pos.score}
    if as_json:
        print(json.dumps(result), file=out)
    else:
        print(pos.describe(), file=out)
        print("status %s, score %d/%d" % (result["status"], pos.score,
                                           rules.MAX_SCORE), file=out)
        if error:
            print("move %d refused: %s" % (failed_at, error), file=out)
    return 0 if failed_at is None else 1     # cli.REFUSED

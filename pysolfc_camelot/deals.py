"""The deal PySolFC shows for our game under a deal number.

PySolFC shuffles its 52 cards (created suit by suit, ace to king) with the
generator the number selects, puts them on the stock in that order and
deals from the top, i.e. the last card first.  We ask PySolFC's own
random module (it needs ``pysollib`` and ``pysol_cards``) and repeat that.
"""
import os
import sys

from .game_cards import card_for_id


def _import_pysollib():
    try:
        import pysollib.pysolrandom as pr
        return pr
    except ImportError:
        pass
    for d in os.environ.get("PYSOLFC_DIR", "/usr/share/games/pysolfc"
                            ).split(os.pathsep):
        if os.path.isfile(os.path.join(d, "pysollib", "pysolrandom.py")):
            sys.path.append(d)
            import pysollib.pysolrandom as pr
            return pr
    raise ImportError("PySolFC's pysollib is needed for deal numbers: set "
                      "PYSOLFC_DIR to the folder that holds pysol.py")


def deck_for_deal(number):
    """Our deck (first card dealt first) for PySolFC deal ``number``."""
    pr = _import_pysollib()
    rng = pr.construct_random(str(number))
    ids = list(range(52))
    if isinstance(rng, pr.LCRandom31):
        from pysol_cards.cards import ms_rearrange
        ids = ms_rearrange(ids)
    rng.reset()
    rng.shuffle(ids)
    return [card_for_id(i) for i in reversed(ids)]

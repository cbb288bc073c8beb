"""Registration of the games when PySolFC loads our plugin file.

The installed loader (see installer.LOADER) puts the folder holding this
package on sys.path and calls ``load()``.
"""
from pathlib import Path

PAGES_DIR = Path(__file__).resolve().parent / "html"


def rules_filename(game):
    """The rules page of game (a name of games.GAMES) in the player's
    language, once the installer has
    built the pages; None otherwise (PySolFC then shows no page)."""
    from . import rulespages
    if game not in rulespages.GAMES:
        raise ValueError("no rules pages for game %r" % (game,))
    if not PAGES_DIR.is_dir():
        return None
    lang = rulespages.choose_language(rulespages.pysol_language())
    path = rulespages.rules_file(PAGES_DIR, game, lang)
    return str(path) if path.is_file() else None


def load():
    """Register every game of games.GAMES with PySolFC."""
    from . import games
    for name in games.GAMES:
        games.part(name, "game").register(rules_filename(name))

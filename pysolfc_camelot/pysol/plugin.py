# SPDX-License-Identifier: GPL-3.0-or-later
"""Registration of the games when PySolFC loads our plugin file.

The installed loader (see installer.LOADER) puts the folder holding this
package on sys.path and calls ``load()``.
"""
from pathlib import Path

PAGES_DIR = Path(__file__).resolve().parent.parent / "html"


def rules_filename(game):
    """The rules page of game (a name of games.GAMES) in the player's
    language, once the installer has
    built the pages; None otherwise (PySolFC then shows no page)."""
    from ..install import rules_pages
    if game not in rules_pages.GAMES:
        raise ValueError("no rules pages for game %r" % (game,))
    if not PAGES_DIR.is_dir():
        return None
    lang = rules_pages.choose_language(rules_pages.pysol_language())
    path = rules_pages.rules_file(PAGES_DIR, game, lang)
    return str(path) if path.is_file() else None


def load():
    """Register every game of games.GAMES with PySolFC."""
    from .. import games
    for name in games.GAMES:
        games.part(name, "game").register(rules_filename(name))

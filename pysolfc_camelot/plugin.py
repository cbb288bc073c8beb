"""Registration of the game when PySolFC loads our plugin file.

The installed loader (see installer.LOADER) puts the folder holding this
package on sys.path and calls ``load()``.
"""
from pathlib import Path

PAGES_DIR = Path(__file__).resolve().parent / "html"


def rules_filename():
    """Our rules page in the player's language, once the installer has
    built the pages; None otherwise (PySolFC then shows no page)."""
    if not PAGES_DIR.is_dir():
        return None
    from . import rulespages
    lang = rulespages.choose_language(rulespages.pysol_language())
    path = rulespages.rules_file(PAGES_DIR, lang)
    return str(path) if path and Path(path).is_file() else None


def load():
    from .camelot import game
    game.register(rules_filename())

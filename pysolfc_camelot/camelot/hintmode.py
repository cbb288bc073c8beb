"""Which hints the player asked for, kept in PySolFC's config folder.

``fair`` (the default) sees only what a player sees; ``perfect`` reads the
order of the face-down stock.  CAMELOT_HINTS=fair|perfect overrides.
"""
import json
import os

MODES = ("fair", "perfect")
SETTINGS_FILE = "camelot-plus.json"


def _settings_path(app):
    return os.path.join(app.dn.config, SETTINGS_FILE)


def load(app):
    env = os.environ.get("CAMELOT_HINTS")
    if env in MODES:
        return env
    try:
        with open(_settings_path(app)) as f:
            mode = json.load(f).get("hints")
    except (OSError, ValueError, AttributeError):
        mode = None
    return mode if mode in MODES else MODES[0]


def toggle(app, mode):
    new = MODES[1 - MODES.index(mode)]
    try:
        with open(_settings_path(app), "w") as f:
            json.dump({"hints": new}, f)
    except OSError:
        pass                    # the choice still holds for this session
    return new


# A player's hint must feel instant; the demo may think longer, so that a
# perfect demo finds the winning line of a hard deal before it moves.
PERFECT_BUDGET = {"hint": 0.1, "demo": 3.0}


def choose_move(position, mode, for_demo=False):
    from . import hints
    if mode == "perfect":
        return hints.perfect_move(
            position, PERFECT_BUDGET["demo" if for_demo else "hint"])
    return hints.fair_move(position)

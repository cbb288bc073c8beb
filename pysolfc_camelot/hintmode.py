# SPDX-License-Identifier: GPL-3.0-or-later
"""Which hints the player asked for, one setting per game, kept in
PySolFC's config folder.

``fair`` (the default) sees only what a player sees; ``perfect`` reads the
order of the face-down stock.  Each game has its own ``HintSetting``: its
own settings file (e.g. ``camelot-plus.json`` holding ``{"hints":
"perfect"}``) and its own environment variable that overrides the file
(e.g. ``CAMELOT_HINTS=fair|perfect``).  The game shows the mode in a label
on the table; a click on it calls ``toggle``.
"""
import os

from . import jsonlite

MODES = ("fair", "perfect")


class HintSetting:
    """The hint mode of one game: ``load(app)`` and ``toggle(app, mode)``.

    ``settings_file`` lives in PySolFC's config folder (``app.dn.config``,
    ``~/.pysolfc`` on Linux); ``env_var``, when set to one of MODES,
    overrides it."""

    def __init__(self, settings_file, env_var):
        self.settings_file = settings_file
        self.env_var = env_var

    def path(self, app):
        return os.path.join(app.dn.config, self.settings_file)

    def load(self, app):
        env = os.environ.get(self.env_var)
        if env in MODES:
            return env
        try:
            with open(self.path(app)) as f:
                mode = jsonlite.loads(f.read()).get("hints")
        except (OSError, ValueError, AttributeError):
            mode = None
        return mode if mode in MODES else MODES[0]

    def toggle(self, app, mode):
        """The other mode, saved for the next start."""
        new = MODES[1 - MODES.index(mode)]
        try:
            with open(self.path(app), "w") as f:
                f.write(jsonlite.dumps({"hints": new}))
        except OSError:
            pass                # the choice still holds for this session
        return new

# SPDX-License-Identifier: GPL-3.0-or-later
"""Each game's settings, one small JSON file per game in PySolFC's config
folder: which hints the player asked for, and whether new games deal only
winnable deals.

``{"hints": "perfect", "winnable_deals": true}`` (``camelot-plus.json``,
``plot-classic.json``).  ``hints``: ``fair`` (the default) sees only what
a player sees; ``perfect`` reads the order of the face-down stock.
``winnable_deals`` (off when missing: files written before it existed
load as they did) is the option of pysolfc_camelot/pysol/winnable_deals.py,
``winnable_tier`` the tier it deals (core/deal_tier.py's CHOICES: "any"
winnable deal, "easy", "medium", "hard"; "any" when missing or unknown).
Each game has its own ``HintSetting``: its own file and its own
environment variable that overrides the hint mode (e.g.
``CAMELOT_HINTS=fair|perfect``).  Writing one setting keeps the others.
``uninstall --purge`` (installer.py) removes a file only when it holds
nothing but ``SETTINGS_KEYS``.
"""
import os

from ..core import jsonlite

MODES = ("fair", "perfect")
HINTS, WINNABLE_DEALS = "hints", "winnable_deals"
WINNABLE_TIER = "winnable_tier"
SETTINGS_KEYS = (HINTS, WINNABLE_DEALS, WINNABLE_TIER)


class SettingsFile:
    """One game's settings file: ``read(app)`` (a dict, empty when the file
    is missing or unreadable) and ``update(app, key=value)``."""

    def __init__(self, name):
        self.name = name

    def path(self, app):
        return os.path.join(app.dn.config, self.name)

    def read(self, app):
        try:
            with open(self.path(app)) as f:
                data = jsonlite.loads(f.read())
        except (OSError, ValueError, AttributeError):
            # (AttributeError: the Select game dialog's preview has an app
            # without folders; its game reads no settings)
            return {}
        return data if isinstance(data, dict) else {}

    def update(self, app, **changes):
        """Write changes, keeping every other setting; whole or not at all
        (a crash mid-write never leaves half a file).  A file that cannot
        be written only loses the choice for the next start."""
        data = self.read(app)
        data.update(changes)
        try:
            path = self.path(app)
            with open(path + ".tmp", "w") as f:
                f.write(jsonlite.dumps(data))
            os.replace(path + ".tmp", path)
        except (OSError, AttributeError):
            pass


class HintSetting:
    """The hint mode of one game: ``load(app)`` and ``toggle(app, mode)``.

    ``settings_file`` lives in PySolFC's config folder (``app.dn.config``,
    ``~/.pysolfc`` on Linux); ``env_var``, when set to one of MODES,
    overrides it.  ``file`` is that SettingsFile, for the other settings."""

    def __init__(self, settings_file, env_var):
        self.settings_file = settings_file
        self.env_var = env_var
        self.file = SettingsFile(settings_file)

    def path(self, app):
        return self.file.path(app)

    def load(self, app):
        env = os.environ.get(self.env_var)
        if env in MODES:
            return env
        mode = self.file.read(app).get(HINTS)
        return mode if mode in MODES else MODES[0]

    def toggle(self, app, mode):
        """The other mode, saved for the next start."""
        new = MODES[1 - MODES.index(mode)]
        self.file.update(app, **{HINTS: new})
        return new

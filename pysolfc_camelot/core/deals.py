# SPDX-License-Identifier: GPL-3.0-or-later
"""The deal PySolFC shows under a deal number, for a game of 1 or more decks.

PySolFC creates its cards deck by deck, suit by suit (clubs, spades,
hearts, diamonds), ace to king, numbering them 0, 1, 2, ...
(``Game.createCards``); it shuffles that list with the generator the deal
number selects (``pysolrandom.construct_random``; Microsoft-compatible
numbers below 32000 first rearrange a 52-card list, ``ms_rearrange``),
puts the cards on the stock in that order and deals from the top, i.e. the
last card first (``Game.shuffle``).  We ask PySolFC's own random module and
repeat exactly that, so the deal numbers are PySolFC's.

Where PySolFC is found (``find_pysolfc``): the ``pysollib`` already loaded
(inside PySolFC), else ``PYSOLFC_DIR`` (data dirs, separated by ``:``), else
an importable ``pysollib``, else the newest ``.host/pysolfc-<version>/``
that ``make setup`` fetched into the checkout this package lives in, else
an installed PySolFC in ``/usr/share/games/pysolfc`` or
``/usr/share/pysolfc``.

PySolFC's random module needs the package ``pysol_cards``.  When this
Python lacks it, the shuffle runs in a subprocess under a Python that has
it: the checkout's ``.venv`` (made by ``make setup``), else, for an
installed PySolFC, the system Python it runs with.  Only the list of card
ids crosses over; solving stays in this process.
"""
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

from . import jsonlite as json  # a frozen PySolFC may lack json

from .cards import CARDS_PER_DECK
from .game_cards import card_for_id

CHECKOUT = Path(__file__).resolve().parents[2]
SYSTEM_DIRS = ("/usr/share/games/pysolfc", "/usr/share/pysolfc")
SYSTEM_PYTHONS = ("/usr/bin/python3",)
_NO_DEPS_EXIT = 3                   # the child's exit status: no pysol_cards
_VERSION_RE = re.compile(r"VERSION_TUPLE\s*=\s*\(([\d,\s]+)\)")

INSTALL_HINT = ("install PySolFC (Debian trixie or newer:"
                " `apt install pysolfc`)")


def is_checkout(checkout=CHECKOUT):
    """Whether this package runs from a checkout, where `make setup`
    exists (not from pip's copy or a plugin folder)."""
    return (Path(checkout) / "tools" / "setup_host.py").is_file()


def setup_hint(checkout=CHECKOUT):
    """What to do when no PySolFC is found: `make setup` only where there
    is one to run."""
    if is_checkout(checkout):
        return ("run `make setup` in the checkout (it fetches PySolFC into "
                ".host/ and makes .venv with PySolFC's dependencies), or "
                + INSTALL_HINT)
    return INSTALL_HINT


class PySolFCUnavailable(ImportError):
    """No PySolFC, or no Python with PySolFC's dependencies, to ask."""


class _NoDeps(Exception):
    """This Python cannot import PySolFC's random module."""


# -- where PySolFC is ---------------------------------------------------------

def is_pysolfc_dir(d):
    return os.path.isfile(os.path.join(d, "pysollib", "pysolrandom.py"))


def pysolfc_version(d):
    """(3, 6, 1) from a data dir's pysollib/settings.py, () if unknown."""
    try:
        with open(os.path.join(d, "pysollib", "settings.py"),
                  encoding="utf-8") as f:
            m = _VERSION_RE.search(f.read())
    except OSError:
        return ()
    if not m:
        return ()
    return tuple(int(p) for p in m.group(1).replace(" ", "").split(",")
                 if p)


def checkout_hosts(checkout=CHECKOUT):
    """The PySolFC data dirs `make setup` fetched into ``checkout/.host``,
    newest first."""
    host = Path(checkout) / ".host"
    found = [str(d) for d in sorted(host.glob("pysolfc-*"))
             if is_pysolfc_dir(str(d))]
    return sorted(found, key=pysolfc_version, reverse=True)


def find_pysolfc(environ=None, checkout=CHECKOUT, system_dirs=SYSTEM_DIRS):
    """The data dir (holding ``pysollib/``) of the PySolFC to ask."""
    environ = os.environ if environ is None else environ
    loaded = sys.modules.get("pysollib")
    if loaded is not None and getattr(loaded, "__file__", None):
        return os.path.dirname(os.path.dirname(loaded.__file__))
    setting = environ.get("PYSOLFC_DIR", "")
    if setting.strip():
        parts = [p for p in setting.split(os.pathsep) if p.strip()]
        for part in parts:
            d = os.path.abspath(os.path.expanduser(part))
            if is_pysolfc_dir(d):
                return d
        raise PySolFCUnavailable(
            "PYSOLFC_DIR=%s holds no PySolFC (no pysollib/pysolrandom.py): "
            "set PYSOLFC_DIR to the folder that holds pysol.py, e.g. "
            "/usr/share/games/pysolfc, or unset it%s" % (
                setting, " to use the PySolFC that `make setup` fetched"
                if is_checkout(checkout) else ""))
    spec = importlib.util.find_spec("pysollib")
    if spec is not None and spec.submodule_search_locations:
        d = os.path.dirname(list(spec.submodule_search_locations)[0])
        if is_pysolfc_dir(d):
            return d
    hosts = checkout_hosts(checkout)
    if hosts:
        return hosts[0]
    for d in system_dirs:
        if is_pysolfc_dir(d):
            return d
    raise PySolFCUnavailable(
        "PySolFC is needed for deal numbers and none was found (looked in "
        "PYSOLFC_DIR, unset; %s; %s): %s, or set PYSOLFC_DIR to the folder "
        "that holds pysol.py" % (os.path.join(str(checkout), ".host",
                                              "pysolfc-*"),
                                 ", ".join(system_dirs),
                                 setup_hint(checkout)))


# -- the shuffle --------------------------------------------------------------

def _pysolrandom_here(datadir):
    """PySolFC's random module, imported into this Python, or _NoDeps."""
    loaded = sys.modules.get("pysollib.pysolrandom")
    if loaded is not None:
        return loaded
    if importlib.util.find_spec("pysol_cards") is None:
        raise _NoDeps("no module named pysol_cards")
    if "pysollib" not in sys.modules and datadir not in sys.path:
        sys.path.insert(0, datadir)
    try:
        # pysolrandom exits the process when pysol_cards is missing and
        # asserts a minimum pysol_cards version.
        import pysollib.pysolrandom as pr
    except (ImportError, AssertionError, SystemExit) as e:
        raise _NoDeps(str(e) or type(e).__name__)
    return pr


def _shuffle_here(datadir, number, ncards):
    pr = _pysolrandom_here(datadir)
    try:
        rng = pr.construct_random(str(number))
    except ValueError as e:             # e.g. 0: "seed is out of range"
        raise ValueError("PySolFC has no deal number %d (%s)" % (number, e))
    if rng is None:
        raise ValueError("PySolFC has no deal number %d" % number)
    ids = list(range(ncards))
    if isinstance(rng, pr.LCRandom31):
        from pysol_cards.cards import ms_rearrange
        ids = ms_rearrange(ids)
    rng.reset()
    rng.shuffle(ids)
    return ids


def _other_pythons(datadir, checkout=CHECKOUT):
    """Pythons that may have PySolFC's dependencies: the checkout's .venv,
    then, for a PySolFC installed outside the checkout, the system Python
    it runs with."""
    venv = Path(checkout) / ".venv"
    out = [str(p) for p in (venv / "bin" / "python",
                            venv / "Scripts" / "python.exe") if p.exists()]
    host = os.path.join(os.path.abspath(str(checkout)), ".host", "")
    if not os.path.abspath(datadir).startswith(host):
        out += [p for p in SYSTEM_PYTHONS if os.path.exists(p)]
    return out


_CHILD_CODE = ("import sys; sys.path.insert(0, sys.argv[1]); "
               "from pysolfc_camelot.core import deals; "
               "sys.exit(deals._child(sys.argv[2:]))")


def _child(argv):
    """In the subprocess: print the shuffled ids as JSON."""
    datadir, number, ncards = argv[0], int(argv[1]), int(argv[2])
    try:
        ids = _shuffle_here(datadir, number, ncards)
    except _NoDeps as e:
        print(e, file=sys.stderr)
        return _NO_DEPS_EXIT
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print(json.dumps(ids))
    return 0


def _shuffle_elsewhere(python, datadir, number, ncards):
    """The ids from a subprocess under ``python``; None if it lacks the
    dependencies too."""
    r = subprocess.run(
        [python, "-I", "-c", _CHILD_CODE, str(CHECKOUT), datadir,
         str(number), str(ncards)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=120)
    if r.returncode == _NO_DEPS_EXIT:
        return None
    if r.returncode == 2:
        raise ValueError(r.stderr.strip())
    if r.returncode != 0:
        raise PySolFCUnavailable("%s could not shuffle with PySolFC at %s: %s"
                                 % (python, datadir, r.stderr.strip()))
    return json.loads(r.stdout)


def shuffled_ids(number, decks=1, datadir=None):
    """PySolFC's card ids for deal ``number`` of a ``decks``-deck game, in
    the order Game.shuffle puts them on the stock (the last is dealt
    first).  Card id ``d*52 + s*13 + r`` is deck d, suit s (clubs, spades,
    hearts, diamonds), rank r (0 = ace)."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        # PySolFC would read "-5" as 5: refuse instead.
        raise ValueError("a deal number is a whole number 0 or more, not %r"
                         % (number,))
    if decks < 1:
        raise ValueError("a game has at least one deck")
    datadir = find_pysolfc() if datadir is None else datadir
    ncards = CARDS_PER_DECK * decks
    try:
        return _shuffle_here(datadir, number, ncards)
    except _NoDeps as e:
        missing = str(e)
    tried = []
    for python in _other_pythons(datadir):
        ids = _shuffle_elsewhere(python, datadir, number, ncards)
        if ids is not None:
            return ids
        tried.append(python)
    raise PySolFCUnavailable(
        "PySolFC's deal numbers need its Python package pysol_cards, which "
        "this Python (%s) cannot import (%s)%s: %s, or run with a Python "
        "that has PySolFC's dependencies (`python3 -m pip install "
        "pysol-cards`)" % (sys.executable, missing,
                           "" if not tried else ", nor can " +
                           ", ".join(tried), setup_hint()))


def deck_for_deal(number, decks=1):
    """Our deck for PySolFC deal ``number`` of a ``decks``-deck game: the
    first card dealt first; with 2 decks each card appears twice."""
    ids = shuffled_ids(number, decks)
    return [card_for_id(i % CARDS_PER_DECK) for i in reversed(ids)]

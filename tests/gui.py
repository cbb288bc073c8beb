# SPDX-License-Identifier: GPL-3.0-or-later
"""Starting a real PySolFC for a GUI test, and what such tests look at.

``Launch`` is the one way a GUI test starts PySolFC: a fresh HOME with
options.cfg settings, our plugin installed by our installer, test-only
plugins copied beside it, the game's test hooks (a constructed deal,
the state file), then ``pysol.py -i GAME`` on the test's display; its
output and screenshots go to the test's artifacts folder.  ``Pysol`` adds
the probe plugin (tests/host/probe.py: where the menus, their entries
and the Solver dialog's buttons are) and clicks on them.
"""
import re
import shutil
import time

from PIL import Image

import hostenv as H
from pysolfc_camelot.install import rules_pages as rulespages
from pysolfc_camelot.camelot import GAME_NAME
from pysolfc_camelot.texts import tr

PROBE = H.REPO / "tests" / "host" / "probe.py"


class Launch:
    """A PySolFC started for one test on game_id.

    options: PySolFC options.cfg [general] settings (fresh_home);
    sections: more of its sections ({"timeouts": {"hint": 4}});
    plugins: {file name: source} copied
    into the plugin folder after our installer ran; deck: the deal
    (CAMELOT_TEST_DECK: text, or a list of card names); extra_env: more
    environment (set before the install, as a player's locale is);
    fc_solve: a stand-in ``fc-solve`` on PATH (PySolFC's start-up only
    asks ``fc-solve --help``); args: more of pysol.py's arguments
    (``--kivy``).
    """

    def __init__(self, host_dir, tmp_path, artifacts, display, game_id,
                 deck=None, plugins=None, sections=None, extra_env=None,
                 fc_solve=False, args=(), **options):
        self.host_dir, self.game_id = host_dir, game_id
        self.display, self.artifacts = display, artifacts
        env = self.env = H.fresh_home(tmp_path, host_dir, **options)
        with open(H.config_dir(env) / "options.cfg", "a") as f:
            for name, settings in (sections or {}).items():
                f.write("[%s]\n" % name + "".join(
                    "%s = %s\n" % kv for kv in settings.items()))
        env.update(extra_env or {})
        installed = H.install_plugin(env, host_dir=host_dir)
        (artifacts / "install.log").write_text(installed.stdout)
        # PySolFC's config folder in the test HOME (this host's).
        self.config_dir = H.config_dir(env)
        for name, source in (plugins or {}).items():
            shutil.copy(source, H.plugin_dir(env) / name)
        self.state_file = tmp_path / "state.json"
        env["CAMELOT_TEST_STATE_FILE"] = str(self.state_file)
        if deck:
            env["CAMELOT_TEST_DECK"] = deck if isinstance(deck, str) \
                else " ".join(deck)
        if fc_solve:
            bin_dir = tmp_path / "bin"
            bin_dir.mkdir()
            stand_in = bin_dir / "fc-solve"
            stand_in.write_text("#!/bin/sh\necho 'fc-solve (a stand-in)'\n")
            stand_in.chmod(0o755)
            env["PATH"] = "%s:%s" % (bin_dir, env.get("PATH", ""))
        env["DISPLAY"] = display
        self.log = artifacts / "pysol.log"
        self.proc = H.start_pysol(host_dir, env,
                                  list(args) + ["-i", game_id],
                                  log_path=self.log)
        self.shots = iter(range(1, 100))

    def watched(self):
        return H.watched(self.proc, self.log, self.artifacts, self.display)

    def window(self, name, timeout=60, titled=False):
        """The id of the game's window, once it shows (title has name);
        titled: its title must also be PySolFC's ("PySol...")."""
        wid = H.find_window(re.escape(name), display=self.display,
                            timeout=timeout, proc=self.proc)
        if titled:
            title = H.window_name(wid, display=self.display)
            assert title.startswith("PySol") and name in title, title
        return wid

    def state(self, predicate=lambda s: True, what="state", timeout=10):
        """The game's state once it satisfies predicate."""
        return H.wait_state(self.state_file, predicate, timeout=timeout,
                            what=what)

    def shot(self, name):
        """A numbered screenshot in the artifacts: NN-name.png."""
        return H.screenshot(self.artifacts / ("%02d-%s.png" % (
            next(self.shots), name)), display=self.display)


def searches(probe):
    """The Solver dialog's search processes among PySolFC's children (the
    hints' search server, ``--server``, is not one)."""
    return [c for c in probe["children"]
            if "search_worker" in c and "--server" not in c]


class Pysol(Launch):
    """A PySolFC started for one test with the probe plugin, no automatic
    deals and the demo's and hint's shortest pauses."""

    def __init__(self, host_dir, tmp_path, artifacts, display, game_id,
                 deck=None, fc_solve=False, plugins=None, extra_env=None,
                 **options):
        self.menu_names = H.menu_names(host_dir, options.get("language"))
        self.probe_file = str(tmp_path / "probe.json")
        super().__init__(
            host_dir, tmp_path, artifacts, display, game_id, deck=deck,
            plugins=dict({"zz_test_probe.py": PROBE}, **(plugins or {})),
            # The demo's shortest pause between moves (PySolFC's minimum).
            sections=options.pop("sections", {
                "timeouts": {"demo": 0.2, "hint": 0.2}}),
            extra_env=dict(extra_env or {},
                           CAMELOT_TEST_PROBE_FILE=self.probe_file),
            fc_solve=fc_solve, **dict({"autodeal": False}, **options))

    def probe(self, predicate=lambda p: True, what="the probe", timeout=20):
        return H.wait_state(self.probe_file, predicate, timeout=timeout,
                            what=what)

    def game(self, game_id, timeout=60):
        """Wait for game_id to be the current game, idle."""
        return self.probe(lambda p: p["game"]["id"] == game_id
                          and not p["game"]["busy"],
                          "game %s current" % game_id, timeout)

    def click(self, x, y):
        H.click(x, y, display=self.display)

    # -- menus ------------------------------------------------------------

    @staticmethod
    def shown_entry(p, label, menubar=None):
        for m in p["menus"]["shown"]:
            if menubar is not None and m["menubar"] != menubar:
                continue
            for e in m["entries"]:
                if e["label"] == label:
                    return e
        return None

    def open_menu(self, *labels, tries=3):
        """Click the menubar's labels[0], then each following entry (a
        cascade posts the next menu).  Returns the probe with the last
        entry shown, not yet clicked.  Labels are PySolFC's English ones,
        read in the language PySolFC speaks."""
        labels = [self.menu_names(x) for x in labels]
        p = self.probe(lambda p: self.shown_entry(p, labels[0], True),
                       "the menubar")
        for attempt in range(tries):
            e = self.shown_entry(p, labels[0], True)
            self.click(e["x"], e["y"])
            try:
                p = self.probe(lambda p: self.shown_entry(p, labels[1],
                                                          False),
                               "%s posted" % labels[0], timeout=4)
                break
            except AssertionError:
                if attempt == tries - 1:
                    raise
        for here, nxt in zip(labels[1:], labels[2:]):
            e = self.shown_entry(p, here, False)
            self.click(e["x"], e["y"])
            p = self.probe(lambda p: self.shown_entry(p, nxt, False),
                           "%s posted" % here, timeout=5)
        return p

    def choose(self, *labels):
        p = self.open_menu(*labels)
        e = self.shown_entry(p, self.menu_names(labels[-1]), False)
        self.click(e["x"], e["y"])
        return e

    def close_menus(self):
        H.xdotool("key", "Escape", "sleep", 0.2, "key", "Escape",
                  display=self.display, check=False)
        self.probe(lambda p: not p["menus"]["shown"] or all(
            m["menubar"] for m in p["menus"]["shown"]), "menus closed", 5)

    # -- the Solver dialog ------------------------------------------------

    def dialog(self, predicate=lambda d: True, what="the Solver dialog",
               timeout=20):
        return self.probe(lambda p: p.get("dialog") and predicate(
            p["dialog"]), what, timeout)["dialog"]

    def press(self, name):
        d = self.dialog()
        b = d["buttons"][name]
        self.click(b["x"], b["y"])

    def open_solver(self, game_name=GAME_NAME):
        """Assist > Solver... by clicks; the dialog open on game_name, with
        Start enabled."""
        p = self.open_menu("Assist", "Solver...")
        solver = self.menu_names("Solver...")
        assert self.shown_entry(p, solver, False)["state"] == "normal"
        self.shot("assist-menu")
        e = self.shown_entry(p, solver, False)
        self.click(e["x"], e["y"])
        d = self.dialog(lambda d: d["buttons"]["start"]["state"] == "normal",
                        "the Solver dialog with Start enabled")
        assert game_name in d["games"], d["games"]
        return d

    def solve_deal(self, timeout):
        """Assist > Solver..., Start: the dialog says the deal can be won
        in n moves and Play is enabled; returns n."""
        self.open_solver()
        self.shot("solver-dialog")
        self.press("start")
        solvable = tr("solver.solvable", n=1000).split("1000")[0]
        d = self.dialog(lambda d: d["result"].startswith(solvable) and
                        d["buttons"]["play"]["state"] == "normal",
                        "the deal found solvable", timeout=timeout)
        n = int(d["result"][len(solvable):].split()[0])
        assert d["result"] == tr("solver.solvable", n=n)
        assert d["buttons"]["start"]["text"] != tr("solver.stop")
        self.shot("solved")
        return n


# -- what the screen shows ---------------------------------------------------

def region_differs(before, after, box, min_fraction=0.2):
    """True when enough pixels inside box differ between two screenshots."""
    from PIL import Image, ImageChops
    with Image.open(before) as a, Image.open(after) as b:
        diff = ImageChops.difference(a.convert("RGB").crop(box),
                                     b.convert("RGB").crop(box))
        r, g, b = diff.split()
        strongest = ImageChops.lighter(ImageChops.lighter(r, g), b)
        changed = sum(strongest.histogram()[41:])
        total = max(1, (box[2] - box[0]) * (box[3] - box[1]))
        return changed / total >= min_fraction


def changed_on_screen(shot, name, before, box, timeout=20):
    """Screenshots (shot(name)) until the box differs from the screenshot
    before, and the last one.  The state file says a move is made when
    the game makes it; the window shows it when its toolkit next paints
    (Tk when idle, Kivy once its animation has run), later on a loaded
    machine.  Fails if the box never changes within timeout."""
    found = {}

    def differs():
        found["shot"] = shot(name)
        return region_differs(before, found["shot"], box)
    H.wait_for(differs, timeout=timeout, interval=0.3,
               what="the move on screen (%s)" % name)
    return found["shot"]


# -- Help > Rules (F1) ------------------------------------------------------

CASES = {
    # name: (page language, PySolFC options.cfg [general], extra environment)
    "default": ("en", {}, {}),
    "options-ru": ("ru", {"language": "ru"}, {}),    # PySolFC's own setting
    "locale-fr": ("fr", {}, {"LANGUAGE": "fr"}),     # the locale, no setting
}


def find_picture(screen, picture, min_rows=150):
    """(x, y) where picture shows on screen, pixel for pixel, from its top
    down through at least min_rows rows (a window may cut it off below);
    or None."""
    screen, picture = screen.convert("RGB"), picture.convert("RGB")
    sw, sh = screen.size
    pw, ph = picture.size
    srows = [screen.crop((0, y, sw, y + 1)).tobytes() for y in range(sh)]
    prows = [picture.crop((0, y, pw, y + 1)).tobytes() for y in range(ph)]
    anchor = 40                       # a row across the top row of cards
    for y in range(anchor, sh):
        start = srows[y].find(prows[anchor])
        while start >= 0:
            if start % 3 == 0:
                x, top = start // 3, y - anchor
                rows = 0
                while (rows < ph and top + rows < sh and
                       srows[top + rows][3 * x:3 * (x + pw)] == prows[rows]):
                    rows += 1
                if rows >= min(min_rows, ph):
                    return x, top
            start = srows[y].find(prows[anchor], start + 1)
    return None


def press_f1(wid, display, proc, game_name, tries=8):
    """Press F1 in the game window until the help window shows the title of
    game_name's page; returns its id.  Without a window manager the first
    key may arrive before the window has the focus, hence the retries."""
    page_title = "^%s ?:" % re.escape(game_name)
    for attempt in range(tries):
        try:
            H.key("F1", display=display, wid=wid)
            return H.find_window(page_title, display=display, timeout=3,
                                 proc=proc)
        except RuntimeError:             # from xdotool, or no window yet
            if proc.poll() is not None or attempt == tries - 1:
                raise


def check_f1_shows_rules_page(ps, wid, game, picture, language):
    """In a running PySolFC (a Launch, its game window wid), press F1: the
    help window must carry the title of game's page (a key of
    rulespages.GAMES) in language and show picture (a file in images/)
    pixel for pixel."""
    display, artifacts = ps.display, ps.artifacts
    game_name = rulespages.GAMES[game]["name"]
    expected_title = " ".join(
        (rulespages.TITLE[language] % game_name).split())
    with Image.open(rulespages.images_dir() / picture) as goal:
        help_wid = press_f1(wid, display, ps.proc, game_name)
        title = H.window_name(help_wid, display=display)
        assert title == expected_title, (title, H.list_windows(display))
        found = None
        for attempt in range(20):
            shot = H.screenshot(artifacts / "02-help.png", display=display)
            with Image.open(shot) as screen:
                found = find_picture(screen, goal)
            if found:
                break
            time.sleep(0.3)                 # let Tk finish drawing
        x, y, w, h = H.window_geometry(help_wid, display=display)
        with Image.open(shot) as screen:
            screen.crop((x, y, x + w, y + h)).save(
                artifacts / "help-window.png")
        assert found, "%s is not on screen in the help window" % picture
        assert x <= found[0] < x + w and y <= found[1] < y + h, (found, x, y)


def check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              game, game_id, picture, case="default"):
    """Install, start PySolFC on game_id in the case's language (CASES),
    press F1: check_f1_shows_rules_page."""
    language, options, extra_env = CASES[case]
    version, host_dir = pysolfc_host
    ps = Launch(host_dir, tmp_path, artifacts, display, game_id,
                extra_env=extra_env, **options)
    with ps.watched():
        wid = ps.window(rulespages.GAMES[game]["name"])
        H.screenshot(artifacts / "01-game.png", display=display)
        check_f1_shows_rules_page(ps, wid, game, picture, language)

# SPDX-License-Identifier: GPL-3.0-or-later
"""Both games under PySolFC's Kivy front end (Android's), on the desktop.

For every host version: install the plugin with our installer into a
fresh HOME, start ``pysol.py --kivy`` on the game (Kivy from PyPI in
.venv, under Xvfb with Mesa's software OpenGL; ``KIVY_NO_ARGS=1`` leaves
PySolFC's command line to PySolFC), with the Neo cardset (the Kivy port
reads no GIF) and a constructed deal, then play as a player would, with
xdotool taps and drags on the Kivy window: a tap on the stock deals, a
drag from the waste lands on a pile, the toolbar's Hint button draws an
arrow along the move the game's fair hint policy gives (a search off the
event loop, polled with Kivy's Clock), a tap on the "Hints: fair" label
switches to perfect hints, the toolbar's Rules button shows our rules
page, and Menu > Assist offers Hint and Demo but no Solver (the Kivy
front end has no Solver dialog); its Demo plays.  A second run moves
the cards the Kivy front end's own way (Android's default,
point-and-click): a tap on the card, a tap where it goes.  And the
searches behind hints stay in their worker thread in the Android app,
which has no program to start a search process with.

The game writes its position and where its stacks are on screen to
CAMELOT_TEST_STATE_FILE (canvas_origin + canvas_scale * canvas point,
toolkit.py); tests/host/kivy_probe.py, a look-only plugin, writes where
the toolbar's and menus' buttons are, the hint arrows drawn and the help
browser's page to CAMELOT_TEST_PROBE_FILE.  PySolFC's output must hold no
traceback.  Screenshots and the output are kept in artifacts/<test>/.
"""
import json
import os
import subprocess
import time

import pytest

import hostenv as H
import tables
from gui import Launch, changed_on_screen
from pysolfc_camelot import camelot, plot
from pysolfc_camelot.core.cards import parse_card
from pysolfc_camelot.camelot import hint_modes as camelot_hintmode
from pysolfc_camelot.plot import hint_modes as plot_hintmode

PROBE = H.REPO / "tests" / "host" / "kivy_probe.py"
HINT_SECONDS = 4        # how long a hint arrow stays (options.cfg)


# The Neo cardset for every French deck (PNG; PySolFC's Kivy port finds no
# GIF cardset), and hint arrows that stay long enough to be seen in a
# screenshot.
KIVY_SECTIONS = {"cardsets": {"0": 'Neo, ""', "1": 'Neo, ""',
                              "1_1": 'Neo, ""'},
                 "timeouts": {"hint": HINT_SECONDS}}


class KivyTable(tables.StateTable):
    """Aims at the game's stacks (state file) and at PySolFC's buttons
    (probe file) on the Kivy window."""
    STATE_TIMEOUT = 20
    # A repeat only matters while the window still starts up and drops
    # input.
    PER_TRY = 8

    def __init__(self, state_file, probe_file, display):
        super().__init__(state_file, display)
        self.probe_file = probe_file

    def probe(self, predicate=lambda p: True, what="probe", timeout=20):
        return H.wait_state(self.probe_file, predicate, timeout=timeout,
                            what=what)

    @staticmethod
    def point(state, x, y):
        """Root coordinates of a canvas point (toolkit.canvas_origin)."""
        ox, oy = state["canvas_origin"]
        k = state["canvas_scale"]
        return round(ox + k * x), round(oy + k * y)

    def box(self, state, stack):
        """(left, top, right, bottom) of a stack's top card on screen;
        stack is "talon", "waste", "rows/5"..."""
        name, _, index = stack.partition("/")
        xy = state["stacks"][name]
        if index:
            xy = xy[int(index)]
        if isinstance(xy, dict):            # The Plot: where its top card is
            xy = xy["top"]
        w, h = state["card_size"]
        return self.point(state, *xy) + self.point(state, xy[0] + w,
                                                   xy[1] + h)

    def center(self, state, stack):
        x0, y0, x1, y1 = self.box(state, stack)
        return (x0 + x1) // 2, (y0 + y1) // 2

    def tap(self, state, stack):
        H.click(*self.center(state, stack), display=self.display)

    def drag(self, state, src, dst):
        # Kivy follows the pointer frame by frame: small steps, with time
        # for a frame between them (llvmpipe draws slowly on a busy host).
        H.drag(*self.center(state, src), *self.center(state, dst),
               display=self.display, steps=12, pause=0.08)

    def tap_tap(self, state, src, dst):
        """Point-and-click, the Kivy front end's default: a tap picks the
        card up, a tap on a stack puts it there."""
        self.tap(state, src)
        time.sleep(0.3)
        self.tap(state, dst)

    def button(self, label, kind=None, timeout=20):
        """The box of a shown toolbar button or menu entry."""
        def find(p):
            return next((b["box"] for b in p["buttons"]
                         if b["label"] == label
                         and kind in (None, b["kind"])), None)
        p = self.probe(lambda p: find(p) is not None,
                       "the button %r on screen" % label, timeout=timeout)
        return find(p)

    def press(self, label, kind=None):
        x0, y0, x1, y1 = self.button(label, kind)
        H.click((x0 + x1) // 2, (y0 + y1) // 2, display=self.display)


# SDL names the window's class after this (its title, "PySolFC", has a
# WM_NAME of type UTF-8 under a UTF-8 locale, which xdotool cannot match).
WINDOW_CLASS = "PySolFC"


@pytest.fixture(scope="module")
def display():
    """Kivy's own X display.  After a Kivy (SDL) window closes, keys sent
    to that display went nowhere: a GUI test after this module on the same
    display lost its key presses.  So Kivy does not share one."""
    with H.private_display() as name:
        yield name


def find_kivy_window(display, proc, timeout):
    def search():
        assert proc.poll() is None, "PySolFC exited (%s)" % proc.returncode
        out = H.xdotool("search", "--onlyvisible", "--class",
                        "^%s$" % WINDOW_CLASS, display=display, check=False)
        return next((int(w) for w in out.split() if w.isdigit()), None)
    return H.wait_for(search, timeout=timeout, interval=0.5,
                      what="the Kivy window")


def inside(point, box, margin=3):
    x, y = point
    return box[0] - margin <= x <= box[2] + margin and \
        box[1] - margin <= y <= box[3] + margin


# -- what each game plays (its constructed deal, from its Tk GUI test) -----

def camelot_moves(t, s, shot, move):
    """Stock tap, a move (t.drag or t.tap_tap) to a slot, another stock
    tap; returns the state with a card on the waste."""
    assert s["stock"] == tables.CAMELOT_DECK and s["waste"] is None, \
        "CAMELOT_TEST_DECK not used"
    assert s["texts"]["phase"].startswith("Phase 1"), s["texts"]
    first, second = tables.CAMELOT_DECK[:2]
    before = shot("start")
    s = t.act(lambda s: t.tap(s, "talon"), lambda s: s["waste"] == first,
              "%s dealt by a tap on the stock" % first)
    after = changed_on_screen(shot, "stock-tap", before, t.box(s, "waste"))
    s = t.act(lambda s: move(s, "waste", "rows/5"),
              lambda s: s["tableau"][5] == first and s["waste"] is None,
              "%s moved to slot 5" % first)
    changed_on_screen(shot, "to-slot", after, t.box(s, "rows/5"))
    return t.act(lambda s: t.tap(s, "talon"), lambda s: s["waste"] == second,
                 "%s dealt" % second)


def plot_moves(t, s, shot, move):
    """Stock tap, a move (t.drag or t.tap_tap) from the waste onto T0's
    9H; then a second tap."""
    assert s["stock"][:4] == tables.STOCK_START, \
        "CAMELOT_TEST_DECK not used"
    assert s["reserve"] == tables.RESERVE
    before = shot("start")
    s = t.act(lambda s: t.tap(s, "talon"), lambda s: s["waste"] == ["8C"],
              "8C dealt by a tap on the stock")
    assert s["texts"]["stock"] == "Stock: 77", s["texts"]
    after = changed_on_screen(shot, "stock-tap", before, t.box(s, "waste"))
    s = t.act(lambda s: move(s, "waste", "rows/0"),
              lambda s: s["tableau"][0] == ["9H", "8C"] and not s["waste"],
              "8C moved onto 9H")
    changed_on_screen(shot, "to-pile", after, t.box(s, "rows/0"))
    return t.act(lambda s: t.tap(s, "talon"), lambda s: s["waste"] == ["TH"],
                 "TH dealt")


def camelot_hint(s):
    """(from, to) stacks of Camelot's fair hint (hints.fair_move) for the
    position in the state file."""
    from pysolfc_camelot.camelot import rules

    def card(name):
        return None if name is None else parse_card(name)
    pos = rules.Position(stock=[card(c) for c in s["stock"]],
                         waste=card(s["waste"]),
                         tableau=[card(c) for c in s["tableau"]],
                         removed=[card(c) for c in s["removed"]],
                         phase=s["phase"])
    move = camelot_hintmode.choose_move(pos, "fair")
    return {"deal": ("talon", "waste"),
            "place": ("waste", "rows/%s" % move.a),
            "remove": ("rows/%s" % move.a, "discard"),
            "pair": ("rows/%s" % move.a, "rows/%s" % move.b)}[move.kind]


def plot_hint(s):
    """(from, to) stacks of The Plot's fair hint (hints.fair_move) for the
    position in the state file."""
    from pysolfc_camelot.plot import hints, rules

    def cards(names):
        return [parse_card(c) for c in names]
    pos = rules.Position(reserve=cards(s["reserve"]),
                         foundations=[cards(f) for f in s["foundations"]],
                         tableau=[cards(t) for t in s["tableau"]],
                         stock=cards(s["stock"]), waste=cards(s["waste"]))
    move = hints.fair_move(pos)

    def stack(pile):
        if pile[0] in "FT" and pile[1:].isdigit():
            return ("foundations/" if pile[0] == "F" else "rows/") + pile[1:]
        return {"stock": "talon"}.get(pile, pile)
    return stack(move.src), stack(move.dst)


GAMES = {
    "camelot": (camelot, camelot_hintmode, tables.CAMELOT_DECK, camelot_moves,
                camelot_hint),
    "plot": (plot, plot_hintmode, tables.PLOT_DECK, plot_moves, plot_hint),
}


def launch(game, host_dir, tmp_path, artifacts, display, **options):
    """PySolFC's Kivy front end on our game, in a fresh HOME with the
    plugin installed by our installer and the probe beside it; options go
    to options.cfg.  Returns (PySolFC's process, its log, a KivyTable, a
    function taking numbered screenshots, the environment)."""
    package, _hintmode, deck = GAMES[game][:3]
    probe_file = tmp_path / "probe.json"
    # fresh_home leaves PYTHONPATH out: PySolFC imports the installed copy.
    ps = Launch(host_dir, tmp_path, artifacts, display, package.GAME_ID,
                deck=deck, plugins={PROBE.name: PROBE},
                sections=KIVY_SECTIONS, args=["--kivy"],
                extra_env=dict(CAMELOT_TEST_PROBE_FILE=str(probe_file),
                               KIVY_NO_ARGS="1",
                               KIVY_HOME=str(tmp_path / "kivy"),
                               SDL_VIDEO_X11_WMCLASS=WINDOW_CLASS),
                autodeal=False, autodrop=False, **options)
    return (ps.proc, ps.log, KivyTable(ps.state_file, probe_file, display),
            ps.shot, ps.env)


def table_ready(t, proc, log, package):
    """Wait for the Kivy window with our game laid out in it; returns the
    settled state."""
    wid = find_kivy_window(t.display, proc, timeout=120)
    t.probe(lambda p: p["game"] and p["game"]["id"] == package.GAME_ID,
            "our game started", timeout=120)
    t.button("hint", "toolbar", timeout=60)
    s = H.wait_settled(t.state_file, quiet=1.5, timeout=90)
    assert "Traceback" not in log.read_text(errors="replace")
    # The stacks as the state file places them lie in the window.
    wx, wy, ww, wh = H.window_geometry(wid, display=t.display)
    for stack in ("talon", "waste", "rows/0"):
        x0, y0, x1, y1 = t.box(s, stack)
        assert wx <= x0 < x1 <= wx + ww and wy <= y0 < y1 <= wy + wh, \
            (stack, (x0, y0, x1, y1), (wx, wy, ww, wh))
    return s


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_games_under_kivy(game, pysolfc_host, display, artifacts,
                               tmp_path):
    version, host_dir = pysolfc_host
    package, hintmode, deck, moves, expected_hint = GAMES[game]
    proc, log, t, shot, env = launch(game, host_dir, tmp_path, artifacts,
                                     display, mouse_type="drag-n-drop")
    with H.watched(proc, log, artifacts, display):
        s = table_ready(t, proc, log, package)

        # -- a tap on the stock, a drag ------------------------------------
        s = moves(t, s, shot, t.drag)

        # -- Hint: an arrow along the fair hint's move ---------------------
        hints = t.probe()["game"]["hints"]
        t.press("hint", "toolbar")
        p = t.probe(lambda p: len(p["arrows"]) >= 1 and
                    p["game"]["hints"] == hints + 1, "a hint arrow",
                    timeout=90)
        shot("hint")
        arrow = p["arrows"][0]["box"]
        for stack in expected_hint(s):  # (it runs centre to centre)
            assert arrow and inside(t.center(s, stack), arrow), \
                (stack, arrow, t.center(s, stack))

        # -- the hint label: fair -> perfect, kept -------------------------
        x0, y0, x1, y1 = t.point(s, *s["hint_label"][:2]) + \
            t.point(s, *s["hint_label"][2:])
        assert s["hints"] == "fair"
        s = t.act(lambda s: H.click((x0 + x1) // 2, (y0 + y1) // 2,
                                    display=display),
                  lambda s: s["hints"] == "perfect", "perfect hints")
        saved = H.config_dir(env) / hintmode.SETTINGS_FILE
        assert json.loads(saved.read_text()) == {"hints": "perfect"}
        label = s["texts"]["hints"] if "hints" in s["texts"] \
            else s["hint_text"]
        assert "perfect" in label, label
        shot("perfect-hints")
        t.press("hint", "toolbar")
        t.probe(lambda p: len(p["arrows"]) >= 2, "a perfect hint's arrow",
                timeout=120)

        # -- Rules: our page in the help browser ---------------------------
        t.press("rules", "toolbar")
        p = t.probe(lambda p: p["html"] is not None, "the rules page",
                    timeout=60)
        html = p["html"]
        assert html["url"].startswith(str(H.plugin_dir(env))), html["url"]
        assert package.GAME_NAME in html["text"], html
        shot("rules")

        # -- Menu > Assist: Hint and Demo, no Solver -----------------------
        H.key("Escape", display=display)     # Android's back: closes it
        t.probe(lambda p: p["html"] is None, "the rules page closed")
        t.press("Menu", "menu")
        t.press("Assist", "menu")
        t.button("Demo", "menu")
        labels = [b["label"] for b in t.probe()["buttons"]
                  if b["kind"] == "menu"]
        assert "Hint" in labels, labels
        assert not any("Solver" in label for label in labels), labels
        shot("assist-menu")

        def position(s):            # (the layout moves as menus come and go)
            return [s[k] for k in ("stock", "waste", "tableau")]
        before = position(t.state())
        t.press("Demo", "menu")
        t.probe(lambda p: p["game"]["demo"], "the demo running")
        t.state(lambda s: position(s) != before, "a demo move", timeout=180)
        time.sleep(1)
        shot("demo")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tap_and_tap_as_on_android(game, pysolfc_host, display, artifacts,
                                   tmp_path):
    """The Kivy front end's own default (Android's) moves a card by a tap
    on it and a tap where it goes: the same moves land that way."""
    version, host_dir = pysolfc_host
    package, _hintmode, _deck, moves, _hint = GAMES[game]
    proc, log, t, shot, _env = launch(game, host_dir, tmp_path, artifacts,
                                      display)  # Kivy's default mouse_type
    with H.watched(proc, log, artifacts, display):
        s = table_ready(t, proc, log, package)
        moves(t, s, shot, t.tap_tap)


ANDROID_CHECK = """
import sys
from pysollib import settings
from pysolfc_camelot.pysol import background_search as search_process, toolkit
settings.TOOLKIT = sys.argv[1]
print(toolkit.is_kivy(), toolkit.is_android(), search_process.can_fork())
"""


@pytest.mark.parametrize("toolkit_name, android, expected", [
    ("tk", False, "False False True"),
    ("kivy", False, "True False True"),     # desktop Kivy: search processes
    ("tk", True, "False False True"),
    ("kivy", True, "True True False"),      # the Android app: in-thread
])
def test_searches_stay_in_process_in_the_android_app(
        pysolfc_host, toolkit_name, android, expected):
    """python-for-android sets P4A_BOOTSTRAP; its Python is a library in
    the app, with no program a search process could be started with."""
    version, host_dir = pysolfc_host
    env = {k: v for k, v in os.environ.items()
           if k not in ("P4A_BOOTSTRAP", "ANDROID_ARGUMENT")}
    env["PYTHONPATH"] = os.pathsep.join([str(H.REPO), str(host_dir)])
    if android:
        env["P4A_BOOTSTRAP"] = "sdl2"
    r = subprocess.run([H.host_python(), "-c", ANDROID_CHECK, toolkit_name],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=60)
    assert r.returncode == 0, r.stdout
    assert r.stdout.strip() == expected

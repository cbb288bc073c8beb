# SPDX-License-Identifier: GPL-3.0-or-later
"""Help > Rules (F1) in a real PySolFC window under Xvfb, every host version.

The plugin is installed with our installer into a fresh HOME and PySolFC is
started on one of our games.  F1 must open PySolFC's help window on our
page, in the language PySolFC is set to: the window title is the page's
<title> (each language has its own), and the goal picture must be on
screen pixel for pixel (PySolFC's viewer leaves out a picture it cannot
load).  The screenshots are kept in artifacts/<test>/.
``check_f1_opens_rules_page`` takes the game, its id and its picture, so
each game's test is a few lines.
"""
import re
import time

import pytest
from PIL import Image

import hostenv as H
from pysolfc_camelot import camelot, rulespages

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


def check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              game, game_id, picture, case="default"):
    """Install, start PySolFC on game_id, press F1: the help window must
    carry the title of game's page (a key of rulespages.GAMES) in the
    case's language and show picture (a file in images/) pixel for
    pixel."""
    language, options, extra_env = CASES[case]
    game_name = rulespages.GAMES[game]["name"]
    version, host_dir = pysolfc_host
    env = H.fresh_home(tmp_path, host_dir, **options)
    env.update(extra_env)
    installed = H.install_plugin(env, host_dir=host_dir)
    (artifacts / "install.log").write_text(installed.stdout)
    env["DISPLAY"] = display
    log = artifacts / "pysol.log"
    proc = H.start_pysol(host_dir, env, ["-i", game_id], log_path=log)
    expected_title = " ".join(
        (rulespages.TITLE[language] % game_name).split())
    goal = Image.open(rulespages.images_dir() / picture)
    with goal, H.watched(proc, log, artifacts, display):
        wid = H.find_window(re.escape(game_name), display=display,
                            timeout=60, proc=proc)
        H.screenshot(artifacts / "01-game.png", display=display)
        help_wid = press_f1(wid, display, proc, game_name)
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


@pytest.mark.parametrize("case", list(CASES))
def test_f1_opens_our_rules_page(pysolfc_host, display, artifacts, tmp_path,
                                 case):
    check_f1_opens_rules_page(pysolfc_host, display, artifacts, tmp_path,
                              "camelot", camelot.GAME_ID, "goal.png", case)
